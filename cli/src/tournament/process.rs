//! An external program talking by lines on stdin/stdout: started, read with deadlines (a
//! thread forwards its lines, each at most [`MAX_LINE`] bytes), and killed when dropped.

use crate::lines;
use halma_engine::Error;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// Longest line a program may write, in bytes (without the line end): a longer one ends
/// the program's game (it forfeits) instead of filling the memory.
pub const MAX_LINE: usize = 64 * 1024;
/// Lines read ahead of the referee; beyond them the reader waits (and so does a program
/// that writes lines faster than they are read).
const LINES_AHEAD: usize = 1024;

/// Why no line came.
#[derive(Debug)]
pub enum Silence {
    /// The program closed its output (it exited or crashed).
    Exited(String),
    /// The deadline passed.
    Timeout,
    /// The program wrote a line longer than [`MAX_LINE`] bytes.
    Overlong,
}

/// What the reader thread forwards.
enum Incoming {
    /// One line, without its line end.
    Line(String),
    /// A line longer than [`MAX_LINE`]; nothing more is read.
    Overlong,
}

/// The next line of `reader` as the referee sees it (bytes that are not UTF-8 replaced):
/// `None` at the end of the output or on a read error.
fn next_line(reader: &mut impl BufRead, bytes: &mut Vec<u8>, max: usize) -> Option<Incoming> {
    match lines::read_line(reader, bytes, max) {
        Ok(lines::Read::Line) => Some(Incoming::Line(String::from_utf8_lossy(bytes).into_owned())),
        Ok(lines::Read::TooLong) => Some(Incoming::Overlong),
        Ok(lines::Read::End) | Err(_) => None,
    }
}

/// A running program.
pub struct Process {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<Incoming>,
    name: String,
}

impl Process {
    /// Starts `command` (program and arguments), stderr discarded.
    pub fn start(command: &[String]) -> Result<Process, Error> {
        let name = command.join(" ");
        let mut child = Command::new(&command[0])
            .args(&command[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| Error::Argument(format!("cannot start '{name}': {e}")))?;
        let stdin = child.stdin.take().expect("piped");
        let stdout = child.stdout.take().expect("piped");
        let (tx, lines) = mpsc::sync_channel(LINES_AHEAD);
        std::thread::spawn(move || {
            let (mut reader, mut bytes) = (BufReader::new(stdout), Vec::new());
            while let Some(incoming) = next_line(&mut reader, &mut bytes, MAX_LINE) {
                let overlong = matches!(incoming, Incoming::Overlong);
                if tx.send(incoming).is_err() || overlong {
                    break;
                }
            }
        });
        Ok(Process {
            child,
            stdin,
            lines,
            name,
        })
    }

    /// Sends one line (an error if the program is gone).
    pub fn send(&mut self, line: &str) -> Result<(), Silence> {
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .map_err(|_| Silence::Exited(self.exit_text()))
    }

    /// The next line whose first word is `word` (others are skipped, `info` lines passed
    /// to `info`), by `deadline`.
    pub fn expect(
        &mut self,
        word: &str,
        deadline: Instant,
        mut info: impl FnMut(&str),
    ) -> Result<String, Silence> {
        loop {
            let wait = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(wait) {
                Ok(Incoming::Line(line)) if line.split_whitespace().next() == Some(word) => {
                    return Ok(line)
                }
                Ok(Incoming::Line(line)) => info(&line),
                Ok(Incoming::Overlong) => return Err(Silence::Overlong),
                Err(RecvTimeoutError::Timeout) => return Err(Silence::Timeout),
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(Silence::Exited(self.exit_text()))
                }
            }
        }
    }

    /// How the program ended, as far as can be told now.
    fn exit_text(&mut self) -> String {
        // Give a crashing program a moment to be reaped.
        let until = Instant::now() + Duration::from_millis(100);
        while Instant::now() < until {
            if let Ok(Some(status)) = self.child.try_wait() {
                return format!("'{}' exited ({status})", self.name);
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        format!("'{}' closed its output", self.name)
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &[u8], max: usize) -> Vec<Option<String>> {
        let (mut reader, mut bytes) = (BufReader::with_capacity(4, text), Vec::new());
        std::iter::from_fn(|| next_line(&mut reader, &mut bytes, max))
            .map(|i| match i {
                Incoming::Line(l) => Some(l),
                Incoming::Overlong => None,
            })
            .collect()
    }

    #[test]
    fn lines_are_read_up_to_the_bound() {
        let some = |t: &str| Some(t.to_string());
        assert_eq!(
            lines(b"ab\r\ncdef\n\nxyz", 4),
            [some("ab"), some("cdef"), some(""), some("xyz")]
        );
        assert_eq!(lines(b"abcd\r\n", 4), [some("abcd")]);
        assert_eq!(lines(b"abcde\nab\n", 4)[0], None);
        assert_eq!(lines(&[b'x'; 100], 4)[0], None);
        assert_eq!(lines(b"\xffok\n", 4), [some("\u{fffd}ok")]);
    }
}
