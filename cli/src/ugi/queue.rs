//! The command queue: the lines that wait while a search runs, in the order they came
//! (the realtime commands ahead of them while no `go` waits), within [`MAX_WAITING`]
//! commands and [`MAX_WAITING_BYTES`] bytes, and run as soon as they can.

use super::reader::first_word;
use super::Ugi;
use halma_engine::Error;
use std::time::Instant;

/// Most commands that may wait for a running search; one more is refused (a refused `go`
/// is answered `bestmove none` at once).
pub const MAX_WAITING: usize = 4096;
/// Most bytes of command text that may wait for a running search (the lines of at most
/// [`MAX_WAITING`] commands); a command that would pass it is refused as one more would be.
pub const MAX_WAITING_BYTES: usize = 64 << 20;

/// A command line waiting its turn, with its number in the order of arrival.
pub(super) struct Waiting {
    line: String,
    number: u64,
    /// When the line was read.
    at: Instant,
}

/// Commands answered while a search runs, unless a later `go` waits.
fn is_realtime(word: &str) -> bool {
    matches!(word, "isready" | "ugi" | "ccp" | "protocol")
}

impl Ugi {
    /// Takes a command line as it arrives. `stop` and `quit` act at once on every search
    /// asked for before them, running or waiting. Other commands run in the order they
    /// came, one exception aside: `isready` and `ugi` are answered at once while a search
    /// runs, as long as no later `go` waits (they then refer to that `go`'s search).
    /// Lines after `quit` are ignored. `number` is the line's in the input.
    pub(super) fn arrive(&mut self, line: &str, number: u64, at: Instant) {
        let line = line.trim();
        if line.is_empty() || self.quitting {
            return;
        }
        let word = first_word(line);
        match word {
            "stop" => {
                self.stopped_before = self.stopped_before.max(number);
                self.stop_search();
                return;
            }
            "quit" => {
                self.quit(number);
                return;
            }
            _ => {}
        }
        if self.waiting.len() >= MAX_WAITING {
            let e = Error::Argument(format!(
                "{MAX_WAITING} commands already wait for the search to end; '{word}' ignored"
            ));
            self.refuse(word, &e);
            return;
        }
        if self.waiting_bytes + line.len() > MAX_WAITING_BYTES {
            let e = Error::Argument(format!(
                "{MAX_WAITING_BYTES} bytes of commands already wait for the search to end; \
                 '{word}' ignored"
            ));
            self.refuse(word, &e);
            return;
        }
        self.waiting_bytes += line.len();
        let go_waits = self.waiting.iter().any(|w| first_word(&w.line) == "go");
        let waiting = Waiting {
            line: line.to_string(),
            number,
            at,
        };
        if is_realtime(word) && !go_waits {
            self.waiting.push_front(waiting);
        } else {
            self.waiting.push_back(waiting);
        }
    }

    /// Runs the waiting commands that can run now: any while no search runs, realtime ones
    /// at the head of the queue while one does.
    pub(super) fn work(&mut self) {
        while let Some(next) = self.waiting.front() {
            if self.running.is_some() && !is_realtime(first_word(&next.line)) {
                break;
            }
            let Waiting { line, number, at } = self.waiting.pop_front().expect("checked");
            self.waiting_bytes -= line.len();
            let words: Vec<&str> = line.split_whitespace().collect();
            if let Err(e) = self.handle(number, at, words[0], &words[1..]) {
                self.refuse(words[0], &e);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_answers_that_need_no_search_are_realtime() {
        for word in ["isready", "ugi", "ccp", "protocol"] {
            assert!(is_realtime(word), "{word}");
        }
        for word in [
            "go",
            "stop",
            "quit",
            "position",
            "setoption",
            "query",
            "analyze",
            "",
        ] {
            assert!(!is_realtime(word), "{word}");
        }
    }
}
