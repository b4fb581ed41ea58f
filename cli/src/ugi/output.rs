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
