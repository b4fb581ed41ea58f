//! An external program talking by lines on stdin/stdout: started, read with deadlines (a
//! thread forwards its lines), and killed when dropped.

use halma_engine::Error;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// Why no line came.
#[derive(Debug)]
pub enum Silence {
    /// The program closed its output (it exited or crashed).
    Exited(String),
    /// The deadline passed.
    Timeout,
}

/// A running program.
pub struct Process {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
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
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
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
                Ok(line) if line.split_whitespace().next() == Some(word) => return Ok(line),
                Ok(line) => info(&line),
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
