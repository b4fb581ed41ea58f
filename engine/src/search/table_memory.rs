//! The transposition table's memory: a slice of zeroed values that a short search can fill
//! without spending its time in page faults.
//!
//! A zeroed heap allocation of many MiB comes from the system as pages mapped at first
//! touch: every 4 KiB page of the table faults once when a probe first reads it and again
//! when a store first writes it. A search of a few tens of milliseconds touches most of a
//! 16 MiB table, and on a virtual machine those faults cost 15–20 ms (docs/search.md, "The
//! table's page faults"): a third of the move in a process started for one move (`halma
//! course`). On Linux a table of 2 MiB or more is therefore mapped on its own and advised
//! into transparent huge pages (`MADV_HUGEPAGE`), one fault per 2 MiB; elsewhere, or if the
//! mapping fails, it is an ordinary zeroed `Vec`.

use std::ops::Deref;

/// Values whose all-zero bytes are a valid value that needs no drop (atomic integers, say):
/// what [`ZeroedSlice`] hands out without writing them.
///
/// # Safety
/// The all-zero bit pattern must be a valid value of the type, equal to `Default::default()`,
/// and dropping a value must do nothing.
pub(crate) unsafe trait Zeroable: Default + Send + Sync {}

/// The size of a huge page on the platforms that have the mapped path (x86-64 and aarch64
/// Linux with 4 KiB base pages): tables below it stay on the heap.
#[cfg(target_os = "linux")]
const HUGE_PAGE: usize = 2 << 20;

/// `len` zeroed values of `T`, on Linux in their own huge-page mapping (see the module doc).
pub(crate) struct ZeroedSlice<T: Zeroable> {
    backing: Backing<T>,
}

enum Backing<T> {
    Heap(Box<[T]>),
    #[cfg(target_os = "linux")]
    Mapped(Mapping<T>),
}

/// An anonymous mapping of `map_len` bytes at `base`, holding `len` values of `T` from the
/// first huge-page boundary at or after `base`.
#[cfg(target_os = "linux")]
struct Mapping<T> {
    base: *mut libc::c_void,
    map_len: usize,
    values: *const T,
    len: usize,
}

// SAFETY: a `ZeroedSlice` owns its values as a `Box<[T]>` would (the mapping is private to
// it); with `T: Send + Sync` (the `Zeroable` bound) it may move to and be shared between
// threads like the box.
unsafe impl<T: Zeroable> Send for ZeroedSlice<T> {}
// SAFETY: as above: shared access only hands out `&[T]`.
unsafe impl<T: Zeroable> Sync for ZeroedSlice<T> {}

impl<T: Zeroable> ZeroedSlice<T> {
    /// `len` values, all zero (at least one).
    pub(crate) fn new(len: usize) -> Self {
        let len = len.max(1);
        #[cfg(target_os = "linux")]
        if let Some(mapping) = Mapping::new(len) {
            return ZeroedSlice {
                backing: Backing::Mapped(mapping),
            };
        }
        let mut values = Vec::with_capacity(len);
        values.resize_with(len, T::default);
        ZeroedSlice {
            backing: Backing::Heap(values.into_boxed_slice()),
        }
    }

    /// Whether the values live in a mapping advised into huge pages (the kernel may still
    /// back some of it with small pages).
    #[cfg(test)]
    fn is_mapped(&self) -> bool {
        match self.backing {
            Backing::Heap(_) => false,
            #[cfg(target_os = "linux")]
            Backing::Mapped(_) => true,
        }
    }
}

impl<T: Zeroable> Deref for ZeroedSlice<T> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        match &self.backing {
            Backing::Heap(values) => values,
            #[cfg(target_os = "linux")]
            // SAFETY: `values` points at `len` values inside the live mapping, aligned to a
            // huge page (more than any `T` needs); the mapping starts zeroed, which is a valid
            // `T` (`Zeroable`), and only shared references are ever made to it.
            Backing::Mapped(m) => unsafe { std::slice::from_raw_parts(m.values, m.len) },
        }
    }
}

#[cfg(target_os = "linux")]
impl<T: Zeroable> Mapping<T> {
    /// The mapping for `len` values, or `None` below a huge page or if the system refuses.
    fn new(len: usize) -> Option<Self> {
        let bytes = len.checked_mul(std::mem::size_of::<T>())?;
        if bytes < HUGE_PAGE || std::mem::align_of::<T>() > HUGE_PAGE {
            return None;
        }
        // One huge page more than needed, to start the values on a huge-page boundary.
        let map_len = bytes.checked_add(HUGE_PAGE)?;
        // SAFETY: a new private anonymous mapping with no address hint touches no memory of
        // this process; its pages read as zero until written.
        let base = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                map_len,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        if base == libc::MAP_FAILED {
            return None;
        }
        let start = (base as usize).next_multiple_of(HUGE_PAGE);
        // SAFETY: [start, start + bytes) lies inside the mapping (start - base < HUGE_PAGE);
        // the advice only changes how the kernel backs those pages, and failing to take it
        // (huge pages off) leaves ordinary pages, so its result is ignored.
        unsafe {
            libc::madvise(start as *mut libc::c_void, bytes, libc::MADV_HUGEPAGE);
        }
        Some(Mapping {
            base,
            map_len,
            values: start as *const T,
            len,
        })
    }
}

#[cfg(target_os = "linux")]
impl<T> Drop for Mapping<T> {
    fn drop(&mut self) {
        // SAFETY: the mapping is this value's own, unmapped once; `Zeroable` values need no
        // drop, and no reference into it outlives `self` (`Deref` borrows it).
        unsafe {
            libc::munmap(self.base, self.map_len);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

    #[derive(Default)]
    struct Word(AtomicU64);
    // SAFETY: an `AtomicU64` of zero bytes is 0 and needs no drop.
    unsafe impl Zeroable for Word {}

    #[test]
    fn small_and_large_slices_start_zeroed_and_keep_what_is_written() {
        for len in [0, 1, 1000, (4 << 20) / 8 + 3] {
            let slice = ZeroedSlice::<Word>::new(len);
            assert_eq!(slice.len(), len.max(1));
            assert!(slice.iter().all(|w| w.0.load(Relaxed) == 0));
            let last = slice.len() - 1;
            slice[last].0.store(9, Relaxed);
            slice[last / 2].0.store(7, Relaxed);
            assert_eq!(slice[last / 2].0.load(Relaxed), 7);
            if last > 0 {
                assert_eq!(slice[last].0.load(Relaxed), 9);
                assert_eq!(slice.iter().filter(|w| w.0.load(Relaxed) != 0).count(), 2);
            }
            // Large slices are mapped on Linux, small ones never.
            assert_eq!(
                slice.is_mapped(),
                cfg!(target_os = "linux") && len * 8 >= 2 << 20
            );
        }
    }
}
