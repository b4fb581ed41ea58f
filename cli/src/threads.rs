//! The worker threads of a command: how many by default, and a rayon pool of them.

use crate::numbers::{self, MAX_THREADS};
use halma_engine::Error;

/// The number of cores, at most [`MAX_THREADS`]: the default thread count.
pub fn cores() -> usize {
    numbers::cores(MAX_THREADS)
}

/// A rayon pool of `threads` workers (default: one per core) and its size; more than
/// [`MAX_THREADS`] is an error.
pub fn thread_pool(threads: Option<u32>) -> Result<(usize, rayon::ThreadPool), Error> {
    let threads = threads.map_or_else(cores, |n| n as usize);
    if threads > MAX_THREADS {
        return Err(Error::Argument(format!(
            "{threads} threads: at most {MAX_THREADS} are allowed"
        )));
    }
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map(|pool| (threads, pool))
        .map_err(|e| Error::Argument(format!("cannot start {threads} threads: {e}")))
}
