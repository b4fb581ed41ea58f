//! The protocol's output: whole lines, flushed, from the command loop and the search thread
//! alike, and a record of whether the front end still reads them.

use std::fmt::Display;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

/// Where the engine's answers go. Cloning shares the sink.
#[derive(Clone)]
pub struct Output {
    sink: Arc<Mutex<Box<dyn Write + Send>>>,
    closed: Arc<AtomicBool>,
    /// Why the first failed write failed.
    failure: Arc<OnceLock<String>>,
}

impl Output {
    /// Lines written to `sink`.
    pub fn new(sink: impl Write + Send + 'static) -> Output {
        Output {
            sink: Arc::new(Mutex::new(Box::new(sink))),
            closed: Arc::new(AtomicBool::new(false)),
            failure: Arc::new(OnceLock::new()),
        }
    }

    /// Writes `text` and a newline, and flushes. False once a write has failed (the front
    /// end closed its end of the pipe): the line is lost, and so are all later ones.
    pub fn line(&self, text: impl Display) -> bool {
        if self.is_closed() {
            return false;
        }
        let mut sink = self
            .sink
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        match writeln!(sink, "{text}").and_then(|_| sink.flush()) {
            Ok(()) => true,
            Err(e) => {
                let _ = self.failure.set(e.to_string());
                self.closed.store(true, Ordering::Relaxed);
                false
            }
        }
    }

    /// Why writing failed (the first failure), if it has: a closed pipe or descriptor, a
    /// full disk.
    pub fn failure(&self) -> Option<&str> {
        self.failure.get().map(String::as_str)
    }

    /// Whether a write has failed.
    pub fn is_closed(&self) -> bool {
        self.closed.load(Ordering::Relaxed)
    }
}

/// Longest error message written, in characters; the rest is cut (`…`).
pub const MAX_ERROR_CHARS: usize = 400;

/// `text` (an error message, which quotes what the front end sent) as one short printable
/// line: control characters (NUL, a lone `\r` that a front end may take for a line end)
/// escaped, and at most [`MAX_ERROR_CHARS`] characters, so that a line of NULs or a 1 MiB
/// word is not echoed back whole.
pub(super) fn one_line(text: &str) -> String {
    let mut out = String::new();
    let mut written = 0;
    for c in text.chars() {
        // An escape (`\u{0}`) counts as the characters it is written with.
        let width = if c.is_control() {
            c.escape_default().count()
        } else {
            1
        };
        if written + width > MAX_ERROR_CHARS {
            out.push('…');
            break;
        }
        written += width;
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_escapes_control_characters_and_cuts_long_text() {
        assert_eq!(one_line("plain text"), "plain text");
        assert_eq!(one_line("a\0b\rc\x1b[2J"), "a\\u{0}b\\rc\\u{1b}[2J");
        let long = one_line(&"x".repeat(1000));
        assert_eq!(long, "x".repeat(MAX_ERROR_CHARS) + "…");
        // An escape counts as the characters it is written with, and is not cut.
        let near = "x".repeat(MAX_ERROR_CHARS - 2);
        assert_eq!(one_line(&format!("{near}\0")), near.clone() + "…");
        assert_eq!(one_line(&format!("{near}\n")), near + "\\n");
        let wide = "é".repeat(MAX_ERROR_CHARS);
        assert_eq!(one_line(&wide), wide);
    }

    /// A sink that takes `room` bytes, then fails every write.
    struct Full {
        room: usize,
    }

    impl Write for Full {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            if self.room < buf.len() {
                return Err(std::io::Error::other("no room"));
            }
            self.room -= buf.len();
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn the_first_failed_write_closes_the_output_for_every_clone() {
        let out = Output::new(Full { room: 9 });
        let clone = out.clone();
        assert!(out.line("readyok"));
        assert_eq!((out.is_closed(), out.failure()), (false, None));
        assert!(!clone.line("readyok"));
        assert!(out.is_closed());
        assert_eq!(out.failure(), Some("no room"));
        // Closed: nothing more is tried, and the first failure stays.
        assert!(!out.line(""));
        assert_eq!(clone.failure(), Some("no room"));
    }
}
