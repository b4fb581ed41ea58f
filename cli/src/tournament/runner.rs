//! The tournament's game loop: the queued games played on the plan's concurrency, each
//! recorded as it ends, the progress bar, and the SPRT's state after every game (pooled
//! with the other shards' games when they share a directory).

use super::openings::Opening;
use super::plan::Plan;
use super::record_file::record;
use super::report::sprt_of;
use super::schedule::Scheduled;
use super::stats::Verdict;
use super::{players, pool, results, TournamentArgs};
use crate::player_spec::PlayerSpec;
use crate::record::GameRecord;
use halma_engine::player::Engine;
use halma_engine::{Error, Game};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::collections::{BTreeMap, VecDeque};
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex};

/// The tournament's progress bar on stderr, `done` of `total` games already played.
pub(super) fn progress_bar(total: usize, done: usize) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(Some(total as u64), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} games {elapsed_precise} {msg}")
            .expect("a valid template"),
    );
    bar.set_position(done as u64);
    bar
}

/// Plays the `queue`d games on the plan's concurrency, each appended to the record `file`
/// and to `finished` as it ends, until the queue is empty or the SPRT has decided; returns
/// the SPRT's last state.
#[allow(clippy::too_many_arguments)]
pub(super) fn run_games<P: Game>(
    args: &TournamentArgs,
    plan: &Plan,
    openings: &[Opening<P>],
    queue: VecDeque<&Scheduled>,
    mut file: std::fs::File,
    names: &[String],
    finished: &mut Vec<GameRecord>,
    mut pool: Option<&mut pool::Pool>,
    bar: &ProgressBar,
) -> Result<Option<(f64, Verdict)>, Error> {
    let mut verdict = pooled_sprt_state(plan, names, finished, pool.as_deref_mut())?;
    let abort = Arc::new(AtomicBool::new(
        verdict.is_some_and(|v| v.1 != Verdict::Open),
    ));
    let queue = Mutex::new(queue);
    let (tx, rx) = mpsc::channel::<GameRecord>();
    let rules_text = plan.variant.to_string();
    std::thread::scope(|scope| -> Result<(), Error> {
        for _ in 0..plan.concurrency.max(1) {
            let (tx, queue, abort) = (tx.clone(), &queue, &abort);
            let rules_text = &rules_text;
            scope.spawn(move || loop {
                if abort.load(Ordering::Relaxed) {
                    return;
                }
                let Some(game) = queue.lock().expect("no panics").pop_front() else {
                    return;
                };
                let round: Vec<PlayerSpec> = game
                    .seats
                    .iter()
                    .map(|&p| plan.specs[p].for_round(game.round))
                    .collect();
                let specs: Vec<&PlayerSpec> = round.iter().collect();
                let engines: Vec<Result<Box<dyn Engine<P>>, String>> = specs
                    .iter()
                    .map(|s| {
                        players::engine(s, rules_text, plan.referee.margin)
                            .map_err(|e| e.message().to_string())
                    })
                    .collect();
                let opening = &openings[game.opening];
                let Some(v) = plan.referee.play(&opening.position, &specs, engines, abort) else {
                    return;
                };
                if tx.send(record(plan, game, opening, v)).is_err() {
                    return;
                }
            });
        }
        drop(tx);
        for game in rx {
            file.write_all(game.to_text().as_bytes())
                .and_then(|_| file.flush())
                .map_err(|e| Error::Argument(format!("{}: {e}", plan.record.display())))?;
            if !args.json {
                bar.suspend(|| crate::output::out(format_args!("{}\n", game.summary())));
            }
            finished.push(game);
            bar.inc(1);
            let standings = results::standings(names, finished);
            bar.set_message(progress_message(&standings));
            verdict = pooled_sprt_state(plan, names, finished, pool.as_deref_mut())
                .inspect_err(|_| abort.store(true, Ordering::Relaxed))?;
            if verdict.is_some_and(|v| v.1 != Verdict::Open) {
                abort.store(true, Ordering::Relaxed);
            }
        }
        Ok(())
    })?;
    Ok(verdict)
}

/// The SPRT's LLR and verdict over `games` and, with a `pool`, the other shards' games
/// recorded so far.
fn pooled_sprt_state(
    plan: &Plan,
    names: &[String],
    games: &[GameRecord],
    pool: Option<&mut pool::Pool>,
) -> Result<Option<(f64, Verdict)>, Error> {
    let Some(pool) = pool else {
        return Ok(sprt_state(plan, names, games));
    };
    let mut all = games.to_vec();
    all.extend(pool.refresh(games)?);
    Ok(sprt_state(plan, names, &all))
}

/// The LLR and verdict of the SPRT, if one is run.
fn sprt_state(plan: &Plan, names: &[String], games: &[GameRecord]) -> Option<(f64, Verdict)> {
    plan.sprt.map(|sprt| sprt_of(sprt, names, games))
}

/// The progress bar's message: the score of a single pairing, else the leader.
fn progress_message(standings: &results::Standings) -> String {
    if let [p] = &standings.pairings[..] {
        let points = p.score * p.games as f64;
        return format!(
            "{} {points}-{} {}",
            p.player,
            p.games as f64 - points,
            p.opponent
        );
    }
    let mut by_points: BTreeMap<i64, &str> = BTreeMap::new();
    for p in &standings.players {
        by_points.insert((p.points * 2.0).round() as i64, &p.name);
    }
    by_points
        .iter()
        .next_back()
        .map_or(String::new(), |(pts, name)| {
            format!("leader {name} {}", *pts as f64 / 2.0)
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::results::tests::game;

    /// The standings of `players` (named by one letter each) after games `(first, second,
    /// the first's score)`.
    fn after(players: &str, games: &[(&str, &str, f64)]) -> results::Standings {
        let names: Vec<String> = players.chars().map(String::from).collect();
        let games: Vec<GameRecord> = games
            .iter()
            .enumerate()
            .map(|(i, &(a, b, score))| game(i + 1, [a, b], [score, 1.0 - score], "over"))
            .collect();
        results::standings(&names, &games)
    }

    #[test]
    fn the_progress_message_is_the_pairings_score_or_the_leader() {
        let pairing = after("xy", &[("x", "y", 1.0), ("y", "x", 0.5)]);
        assert_eq!(progress_message(&pairing), "x 1.5-0.5 y");
        let three = [
            ("x", "y", 0.0),
            ("y", "z", 0.5),
            ("z", "x", 1.0),
            ("y", "x", 1.0),
        ];
        assert_eq!(progress_message(&after("xyz", &three)), "leader y 2.5");
        assert_eq!(progress_message(&after("xyz", &[])), "leader z 0");
    }
}
