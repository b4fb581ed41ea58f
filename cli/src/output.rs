//! Standard output as every command writes it: one piece at a time, ending the process as
//! `SIGPIPE` would when the reader has gone, JSON lines, and the check that standard output
//! was open when the process started.

use halma_engine::Error;
use serde::Serialize;

/// Whether a write to a closed pipe kills the process (`true`, the default disposition of
/// SIGPIPE) or fails with an error (`false`: what a command that writes to child processes
/// needs, so that one dead child cannot kill it).
pub fn set_sigpipe(kills: bool) {
    #[cfg(unix)]
    // SAFETY: changing the disposition of SIGPIPE is sound at any time; it only changes
    // what a write to a closed pipe does.
    unsafe {
        libc::signal(
            libc::SIGPIPE,
            if kills { libc::SIG_DFL } else { libc::SIG_IGN },
        );
    }
    #[cfg(not(unix))]
    let _ = kills;
}

/// Writes one piece of standard output; if the reader has gone (a closed pipe), ends the
/// process as SIGPIPE would, also in a command that ignores SIGPIPE for its children's sake.
pub fn out(text: std::fmt::Arguments) {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    if stdout
        .write_fmt(text)
        .and_then(|()| stdout.flush())
        .is_err()
    {
        set_sigpipe(true);
        #[cfg(unix)]
        // SAFETY: raising a signal whose disposition is the default is sound.
        unsafe {
            libc::raise(libc::SIGPIPE);
        }
        std::process::exit(141);
    }
}

/// Prints `value` as one line of JSON.
pub fn print_json(value: &impl Serialize) -> Result<(), Error> {
    let line = serde_json::to_string(value)
        .map_err(|e| Error::Argument(format!("cannot write JSON: {e}")))?;
    out(format_args!("{line}\n"));
    Ok(())
}

/// Whether standard output was closed when the process started (`halma ugi >&-`). Rust's
/// runtime opens `/dev/null` in place of a closed descriptor 0–2 before `main`, so that
/// writes would then succeed unseen; a function run from the ELF `.init_array` looks first.
pub fn stdout_was_closed() -> bool {
    closed::STDOUT.load(std::sync::atomic::Ordering::Relaxed)
}

/// An error for a command that writes its results when standard output was closed at the
/// start; `Ok` otherwise.
pub fn require_stdout() -> Result<(), Error> {
    if stdout_was_closed() {
        return Err(Error::Argument("standard output is closed".into()));
    }
    Ok(())
}

mod closed {
    use std::sync::atomic::{AtomicBool, Ordering};

    /// Set when descriptor 1 was not open at start-up.
    pub static STDOUT: AtomicBool = AtomicBool::new(false);

    /// Records whether descriptor 1 is open. Runs from the ELF `.init_array` (below),
    /// before the runtime's start-up code; calling it later is harmless but sees the
    /// runtime's `/dev/null`.
    pub extern "C" fn record() {
        #[cfg(unix)]
        // SAFETY: F_GETFD only reads the descriptor's flags; it fails (EBADF) on a closed
        // descriptor and touches no memory.
        if unsafe { libc::fcntl(1, libc::F_GETFD) } == -1 {
            STDOUT.store(true, Ordering::Relaxed);
        }
    }

    /// Runs [`record`] before `main` and before Rust's runtime reopens closed descriptors
    /// (the loader calls `.init_array` functions first).
    #[cfg(any(target_os = "linux", target_os = "android", target_os = "freebsd"))]
    #[used]
    #[link_section = ".init_array"]
    static RECORD_AT_START: extern "C" fn() = record;
}
