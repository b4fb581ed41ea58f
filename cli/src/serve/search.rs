//! The server's searches: an engine's move or an analysis, each on its own thread over a
//! copy of the game, so that no request waits for a search; a bounded number run at once.

use super::report::Info;
use super::table::Table;
pub use crate::engine_kind::EngineKind;
use crate::settings::EngineSettings;
use halma_engine::search::Limits;
use serde::Serialize;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

/// The longest time a move may be given (a request asking more is refused).
pub const MAX_MOVE_MS: u64 = 60_000;
/// The longest an analysis runs before it stops by itself.
pub const MAX_ANALYSIS_MS: u64 = 600_000;
/// The most lines an analysis reports.
pub const MAX_MULTIPV: usize = 8;

/// Whether a search plays its move or only reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Purpose {
    /// The engine's move for the side to move: played when found.
    Move,
    /// Analysis: reported, never played.
    Analysis,
}

/// A search of a game, running or done.
#[derive(Clone, Debug, Serialize)]
pub struct SearchState {
    /// Move or analysis.
    pub purpose: Purpose,
    /// The searcher.
    pub engine: EngineKind,
    /// Whether it still runs (or waits for a free search slot).
    pub running: bool,
    /// Whether it waits for a search slot (every slot busy; its turn comes, first come,
    /// first served).
    pub waiting: bool,
    /// The latest iteration.
    pub info: Option<Info>,
    /// The best move found, when done.
    pub best: Option<String>,
    /// What went wrong, if anything.
    pub error: Option<String>,
    /// Its number (a newer search replaces an older one's reports).
    #[serde(skip)]
    pub id: u64,
    /// Raised to stop it.
    #[serde(skip)]
    pub stop: Arc<AtomicBool>,
}

/// One game of the server and what is searched on it.
pub struct Entry {
    /// The game.
    pub table: Box<dyn Table>,
    /// Raised by every move and undo, so that a search's move for an older position is
    /// dropped.
    pub version: u64,
    /// Who plays each side: `None` a person, else an engine and its time per move.
    pub players: Vec<Option<(EngineKind, u64)>>,
    /// The latest search.
    pub search: Option<SearchState>,
    /// When a request last used the game.
    pub touched: Instant,
    /// The engine settings its searches run with (`halma serve`'s flags; an analysis
    /// sets its own number of lines).
    pub settings: EngineSettings,
}

impl Entry {
    /// Stops the running search, if any.
    pub fn stop(&mut self) {
        if let Some(s) = &self.search {
            s.stop.store(true, Relaxed);
        }
    }

    /// Whether a search runs.
    pub fn searching(&self) -> bool {
        self.search.as_ref().is_some_and(|s| s.running)
    }
}

/// The bound on searches running at once: a counting semaphore whose waiters are served
/// first come, first served, so that with more engine games than slots every game gets its
/// turn (a game waits behind those that asked before it, never for good).
pub struct Slots {
    queue: Mutex<Queue>,
    freed: Condvar,
}

/// The free slots and the tickets of the searches waiting for one, oldest first.
struct Queue {
    free: usize,
    waiting: VecDeque<u64>,
    next: u64,
}

impl Slots {
    /// `n` slots.
    pub fn new(n: usize) -> Slots {
        Slots {
            queue: Mutex::new(Queue {
                free: n,
                waiting: VecDeque::new(),
                next: 0,
            }),
            freed: Condvar::new(),
        }
    }

    /// The queue, locked (a poisoned lock only means a thread panicked between two whole
    /// changes).
    fn queue(&self) -> std::sync::MutexGuard<'_, Queue> {
        self.queue.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Takes a slot if one is free now and no search waits for one (it would be its turn).
    pub fn try_take(&self) -> bool {
        let mut q = self.queue();
        if q.free == 0 || !q.waiting.is_empty() {
            return false;
        }
        q.free -= 1;
        true
    }

    /// Waits for a slot, behind every search that began waiting before; true once it has
    /// one, false if `stop` was raised first (looked at every 50 ms).
    pub fn take_in_turn(&self, stop: &AtomicBool) -> bool {
        let mut q = self.queue();
        let ticket = q.next;
        q.next += 1;
        q.waiting.push_back(ticket);
        loop {
            if q.free > 0 && q.waiting.front() == Some(&ticket) {
                q.waiting.pop_front();
                q.free -= 1;
                // The next in line may find a slot free too.
                self.freed.notify_all();
                return true;
            }
            if stop.load(Relaxed) {
                q.waiting.retain(|&t| t != ticket);
                self.freed.notify_all();
                return false;
            }
            q = self
                .freed
                .wait_timeout(q, Duration::from_millis(50))
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
    }

    /// Gives a slot back.
    pub fn give(&self) {
        self.queue().free += 1;
        self.freed.notify_all();
    }
}

/// The shared game, locked without caring whether another thread panicked while holding it
/// (the game stays consistent: every change is one call).
pub fn lock(entry: &Mutex<Entry>) -> std::sync::MutexGuard<'_, Entry> {
    entry.lock().unwrap_or_else(|e| e.into_inner())
}

/// What a new search is.
#[derive(Clone, Copy, Debug)]
pub struct Order {
    /// Move or analysis.
    pub purpose: Purpose,
    /// The searcher.
    pub engine: EngineKind,
    /// The engine settings, with the lines to report.
    pub settings: EngineSettings,
    /// Its time.
    pub time: Duration,
    /// Whether it may wait for a slot (an engine's move) or must find one now.
    pub wait: bool,
}

/// Starts `order` on the game `shared` (whose lock the caller holds as `entry`), replacing
/// any search before it; `after` runs on the search's thread when a move was played, with
/// the game still locked (to let the next engine side move before anyone sees the game
/// idle). An error if no search slot is free and the order may
/// not wait.
pub fn start(
    shared: &Arc<Mutex<Entry>>,
    entry: &mut Entry,
    slots: &Arc<Slots>,
    order: Order,
    after: fn(&Arc<Mutex<Entry>>, &mut Entry, &Arc<Slots>),
) -> Result<(), String> {
    entry.stop();
    if !order.wait && !slots.try_take() {
        return Err("every search slot is busy: stop an analysis or try again later".into());
    }
    static NEXT_ID: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    let id = NEXT_ID.fetch_add(1, Relaxed);
    let stop = Arc::new(AtomicBool::new(false));
    entry.search = Some(SearchState {
        purpose: order.purpose,
        engine: order.engine,
        running: true,
        waiting: order.wait,
        info: None,
        best: None,
        error: None,
        id,
        stop: stop.clone(),
    });
    let table = entry.table.fork();
    let version = entry.version;
    let shared = shared.clone();
    let slots = slots.clone();
    std::thread::spawn(move || {
        // A move waits its turn for as long as it takes: only a newer search, a move, an
        // undo or the game's deletion (its stop) ends the wait.
        let have_slot = !order.wait || slots.take_in_turn(&stop);
        if have_slot {
            let mut e = lock(&shared);
            if let Some(s) = e.search.as_mut().filter(|s| s.id == id) {
                s.waiting = false;
            }
        }
        let result = if !have_slot {
            Err("stopped while waiting for a search slot".to_string())
        } else {
            let limits = Limits {
                move_time: Some(order.time),
                stop: stop.clone(),
                ..Limits::default()
            };
            let result = table.search(order.engine, &order.settings, &limits, &mut |info| {
                let mut e = lock(&shared);
                if let Some(s) = e.search.as_mut().filter(|s| s.id == id) {
                    s.info = Some(info);
                }
            });
            slots.give();
            result.map_err(|e| e.message().to_string())
        };
        let mut e = lock(&shared);
        let mut played = false;
        if let Ok(best) = &result {
            if order.purpose == Purpose::Move && e.version == version && !stop.load(Relaxed) {
                played = e.table.play(best).is_ok();
                e.version += 1;
            }
        }
        if let Some(s) = e.search.as_mut().filter(|s| s.id == id) {
            s.running = false;
            match result {
                Ok(best) => s.best = Some(best),
                Err(why) => s.error = Some(why),
            }
        }
        if played {
            after(&shared, &mut e, &slots);
        }
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Searches that wait for the one slot get it in the order they began waiting, and a
    /// stopped waiter leaves the queue without holding up those behind it.
    #[test]
    fn waiting_searches_get_the_slot_first_come_first_served() {
        let slots = Arc::new(Slots::new(1));
        assert!(slots.try_take());
        let order = Arc::new(Mutex::new(Vec::new()));
        let stops: Vec<Arc<AtomicBool>> =
            (0..6).map(|_| Arc::new(AtomicBool::new(false))).collect();
        let mut threads = Vec::new();
        for (i, stop) in stops.iter().enumerate() {
            let (mine, order, stop) = (slots.clone(), order.clone(), stop.clone());
            threads.push(std::thread::spawn(move || {
                if mine.take_in_turn(&stop) {
                    order.lock().unwrap().push(i);
                    std::thread::sleep(Duration::from_millis(5));
                    mine.give();
                }
            }));
            // Each in the queue before the next comes.
            while slots.queue().waiting.len() < i + 1 {
                std::thread::sleep(Duration::from_millis(1));
            }
        }
        // A request that may not wait finds no slot while others wait their turn.
        assert!(!slots.try_take());
        stops[2].store(true, Relaxed);
        while slots.queue().waiting.len() > 5 {
            std::thread::sleep(Duration::from_millis(1));
        }
        slots.give();
        for t in threads {
            t.join().unwrap();
        }
        assert_eq!(*order.lock().unwrap(), vec![0, 1, 3, 4, 5]);
        assert!(slots.try_take());
    }
}
