//! The protocol's input: a thread that reads the command lines, one bounded line at a
//! time, and hands them to the command loop as [`Event`]s, at most [`MAX_UNREAD_LINES`]
//! ahead of it; and [`Stops`], through which a `stop` or `quit` reaches the running search
//! as soon as it is read.

use crate::lines::{self, read_line};
use std::io::{BufReader, Read};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::SyncSender;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Longest command line read, in bytes (a position with tens of thousands of moves fits);
/// a longer line is reported and skipped.
pub const MAX_LINE: usize = 1 << 20;
/// Most lines read but not yet taken by the command loop. The reader stops reading while
/// this many wait (the pipe then fills and the front end's writes block), so memory stays
/// bounded, at most this many [`MAX_LINE`]s, whatever the front end writes and whether or
/// not it reads the answers.
pub const MAX_UNREAD_LINES: usize = 16;

/// What the command loop waits for.
pub(super) enum Event {
    /// A command line, its number in the input (from 1) and when it was read (a `go`'s
    /// clock runs from then).
    Line(String, u64, Instant),
    /// A line that is no command (not UTF-8, or too long): why.
    Unreadable(String),
    /// The end of the input.
    End,
    /// The search asked for by the `go` line with this number has written its best move.
    Done(u64),
}

/// What the reader thread and the command loop share so that a `stop` or `quit` reaches
/// the running search as soon as it is read, even while the lines before it still wait
/// for the command loop.
#[derive(Default)]
pub(super) struct Stops {
    /// A search asked for by a line numbered below this is to stop: the number of the last
    /// `stop` or `quit` read (`u64::MAX` once the input has ended).
    before: AtomicU64,
    /// The running search: the number of its `go` line and its stop flag.
    running: Mutex<Option<(u64, Arc<AtomicBool>)>>,
}

impl Stops {
    /// A `stop` or `quit` numbered `number` was read: the running search stops if it was
    /// asked for before it.
    fn stop_before(&self, number: u64) {
        self.before.fetch_max(number, Ordering::SeqCst);
        let running = self.running.lock().unwrap_or_else(|p| p.into_inner());
        if let Some((id, stop)) = running.as_ref() {
            if *id < number {
                stop.store(true, Ordering::Relaxed);
            }
        }
    }

    /// The search of `go` line `id` runs with flag `stop`: raised at once if a `stop` after
    /// that line has been read already.
    pub(super) fn start(&self, id: u64, stop: &Arc<AtomicBool>) {
        *self.running.lock().unwrap_or_else(|p| p.into_inner()) = Some((id, stop.clone()));
        // Read after the search is registered: a `stop` read in between is seen here or
        // sees the search.
        if id < self.before.load(Ordering::SeqCst) {
            stop.store(true, Ordering::Relaxed);
        }
    }

    /// No search runs.
    pub(super) fn clear(&self) {
        *self.running.lock().unwrap_or_else(|p| p.into_inner()) = None;
    }
}

/// Reads `input` line by line into `events` until its end (or a read error, taken as its
/// end) or a `quit`, reporting lines that are too long or not UTF-8 instead of passing them
/// on. A `stop` or `quit` stops the running search through `stops` as soon as it is read.
/// `events` holds at most [`MAX_UNREAD_LINES`]: while it is full the reader waits, and so
/// does a front end that writes on.
pub(super) fn read_commands(input: impl Read, events: &SyncSender<Event>, stops: &Stops) {
    let mut reader = BufReader::new(input);
    let mut line = Vec::new();
    let mut number = 0u64;
    loop {
        number += 1;
        let read = read_line(&mut reader, &mut line, MAX_LINE);
        // A byte-order mark before the first line is no part of it.
        let bom = crate::text_file::BOM.as_bytes();
        if number == 1 && line.starts_with(bom) {
            line.drain(..bom.len());
        }
        let mut quit = false;
        let event = match read {
            Ok(lines::Read::End) | Err(_) => break,
            Ok(lines::Read::TooLong) => match lines::skip_line(&mut reader) {
                Ok(()) => Event::Unreadable(format!(
                    "input line {number} is longer than {MAX_LINE} bytes; ignored"
                )),
                Err(_) => break,
            },
            Ok(lines::Read::Line) => match std::str::from_utf8(&line) {
                Ok(text) => {
                    let word = first_word(text);
                    if word == "stop" || word == "quit" {
                        stops.stop_before(number);
                        quit = word == "quit";
                    }
                    Event::Line(text.to_string(), number, Instant::now())
                }
                Err(e) => Event::Unreadable(format!(
                    "input line {number} is not UTF-8 (byte {}); ignored",
                    e.valid_up_to() + 1
                )),
            },
        };
        if events.send(event).is_err() || quit {
            // Lines after `quit` are not read.
            return;
        }
    }
    stops.stop_before(u64::MAX);
    let _ = events.send(Event::End);
}

/// The first word of a command line.
pub(super) fn first_word(line: &str) -> &str {
    line.split_whitespace().next().unwrap_or("")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;

    /// What [`read_commands`] sends for `input` (with room for every event), each as text,
    /// with the stops it leaves.
    fn events(input: &[u8], stops: &Stops) -> Vec<String> {
        let (tx, rx) = mpsc::sync_channel(64);
        read_commands(input, &tx, stops);
        drop(tx);
        rx.iter()
            .map(|e| match e {
                Event::Line(text, n, _) => format!("{n}: {text}"),
                Event::Unreadable(why) => format!("unreadable: {why}"),
                Event::End => "end".into(),
                Event::Done(id) => format!("done {id}"),
            })
            .collect()
    }

    #[test]
    fn lines_are_numbered_and_unreadable_ones_reported_and_skipped() {
        let mut input = crate::text_file::BOM.as_bytes().to_vec();
        input.extend_from_slice(b"isready\nok \xff\xfe\n");
        input.extend(std::iter::repeat_n(b'x', MAX_LINE + 1));
        input.extend_from_slice(b"\ngo depth 1\r\n\nposition startpos");
        let stops = Stops::default();
        let long = format!("unreadable: input line 3 is longer than {MAX_LINE} bytes; ignored");
        assert_eq!(
            events(&input, &stops),
            [
                "1: isready",
                "unreadable: input line 2 is not UTF-8 (byte 4); ignored",
                &long,
                "4: go depth 1",
                "5: ",
                "6: position startpos",
                "end",
            ]
        );
        // The end of the input stops every search.
        assert_eq!(stops.before.load(Ordering::SeqCst), u64::MAX);
        let late = Arc::new(AtomicBool::new(false));
        stops.start(1_000_000, &late);
        assert!(late.load(Ordering::Relaxed));
    }

    #[test]
    fn a_stop_reaches_the_search_it_follows_and_quit_ends_the_reading() {
        let stops = Stops::default();
        let running = Arc::new(AtomicBool::new(false));
        stops.start(1, &running);
        let read = events(b"go infinite\nstop\nquit\nisready\n", &stops);
        assert_eq!(read, ["1: go infinite", "2: stop", "3: quit"]);
        assert!(running.load(Ordering::Relaxed));
        // A search asked for before the last stop is stopped as it starts; a later one is
        // not, and once no search runs a stop raises nothing.
        let (before, after) = (
            Arc::new(AtomicBool::new(false)),
            Arc::new(AtomicBool::new(false)),
        );
        stops.start(2, &before);
        assert!(before.load(Ordering::Relaxed));
        stops.start(4, &after);
        assert!(!after.load(Ordering::Relaxed));
        stops.clear();
        stops.stop_before(9);
        assert!(!after.load(Ordering::Relaxed));
        assert_eq!(first_word("  go  depth 3"), "go");
        assert_eq!(first_word(" \t "), "");
    }
}
