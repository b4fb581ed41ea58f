//! An external program talking by lines on stdin/stdout: started, read with deadlines (a
//! thread forwards its lines, each at most [`MAX_LINE`] bytes), and killed when dropped.
//!
//! Every program the referee starts runs in a process group of its own, and is killed with
//! that whole group ([`Group`]): what an engine starts itself (a helper, a `sleep &` of a
//! shell script) dies with it instead of living on, re-parented to init. An interrupted
//! tournament (Ctrl-C) kills every group still alive before it exits ([`kill_all`]).

use crate::lines;
use halma_engine::Error;
use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The process groups started and not yet killed, for [`kill_all`].
static LIVE: Mutex<BTreeSet<u32>> = Mutex::new(BTreeSet::new());

/// A started program in a process group of its own (its id is the group's): killed with
/// its whole group and reaped when dropped.
pub struct Group {
    /// The program.
    pub child: Child,
}

impl Group {
    /// Starts `command` in a new process group (on Unix; elsewhere as it is).
    pub fn spawn(command: &mut Command) -> std::io::Result<Group> {
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(command, 0);
        let live = LIVE.lock().unwrap_or_else(|e| e.into_inner());
        let child = command.spawn()?;
        let mut live = live;
        live.insert(child.id());
        Ok(Group { child })
    }

    /// Kills the program and everything in its group, and reaps the program.
    pub fn kill(&mut self) {
        kill_group(self.child.id());
        let _ = self.child.kill();
        let _ = self.child.wait();
        LIVE.lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&self.child.id());
    }
}

impl Drop for Group {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Sends SIGKILL to the process group `id` (nothing elsewhere than on Unix).
fn kill_group(id: u32) {
    #[cfg(unix)]
    if let Ok(id) = libc::pid_t::try_from(id) {
        // SAFETY: killpg only sends a signal; a group that is gone is an ESRCH, ignored.
        unsafe {
            libc::killpg(id, libc::SIGKILL);
        }
    }
    #[cfg(not(unix))]
    let _ = id;
}

/// Kills every process group started here and still alive (for an interrupted run, which
/// exits without dropping its players).
pub fn kill_all() {
    let live = LIVE.lock().unwrap_or_else(|e| e.into_inner());
    for &id in live.iter() {
        kill_group(id);
    }
}

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
    group: Group,
    stdin: ChildStdin,
    lines: Receiver<Incoming>,
    name: String,
}

impl Process {
    /// Starts `command` (program and arguments), stderr discarded.
    pub fn start(command: &[String]) -> Result<Process, Error> {
        let name = command.join(" ");
        let mut group = Group::spawn(
            Command::new(&command[0])
                .args(&command[1..])
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::null()),
        )
        .map_err(|e| Error::Argument(format!("cannot start '{name}': {e}")))?;
        let stdin = group.child.stdin.take().expect("piped");
        let stdout = group.child.stdout.take().expect("piped");
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
            group,
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
            if let Ok(Some(status)) = self.group.child.try_wait() {
                return format!("'{}' exited ({status})", self.name);
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        format!("'{}' closed its output", self.name)
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
