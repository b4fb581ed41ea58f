//! The protocol's output: whole lines, flushed, from the command loop and the search thread
//! alike, and a record of whether the front end still reads them.

use std::fmt::Display;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// Where the engine's answers go. Cloning shares the sink.
#[derive(Clone)]
pub struct Output {
    sink: Arc<Mutex<Box<dyn Write + Send>>>,
    closed: Arc<AtomicBool>,
}

impl Output {
    /// Lines written to `sink`.
    pub fn new(sink: impl Write + Send + 'static) -> Output {
        Output {
            sink: Arc::new(Mutex::new(Box::new(sink))),
            closed: Arc::new(AtomicBool::new(false)),
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
        let ok = writeln!(sink, "{text}").and_then(|_| sink.flush()).is_ok();
        if !ok {
            self.closed.store(true, Ordering::Relaxed);
        }
        ok
    }

    /// Whether a write has failed.
    pub fn is_closed(&self) -> bool {
        self.closed.load(Ordering::Relaxed)
    }
}
