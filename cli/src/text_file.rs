//! Reading a text file that another program or person wrote (a shard's record, a perft
//! part) with every size bounded: at most so many bytes, no line longer than a cap, no NUL
//! byte, UTF-8 (a byte-order mark first is dropped). It stops at the first fault, so `/dev/zero`, a binary file or a line of
//! gigabytes costs at most one line's bytes, and says in one line what was wrong.

use halma_engine::Error;
use std::io::{ErrorKind, Read};
use std::path::Path;

/// The UTF-8 byte-order mark, which Windows editors and tools put before the first line
/// of a text: skipped wherever a text is read (UGI's and CCP's input, course files, game
/// records).
pub const BOM: &str = "\u{feff}";

/// `text` without a leading [`BOM`].
pub fn without_bom(text: &str) -> &str {
    text.strip_prefix(BOM).unwrap_or(text)
}

/// The bounds of one read: `max_bytes` in all, `max_line` bytes in any line; `what` names
/// what the file should be (`a game record`), for the messages.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Most bytes of the whole file.
    pub max_bytes: u64,
    /// Most bytes of one line (without its `\n`; a `\r` before it counts).
    pub max_line: usize,
    /// What the file should be, for the messages (`a game record`).
    pub what: &'static str,
}

/// Reads the file at `path` whole as text, within `limits`; the messages name the file.
pub fn read(path: &Path, limits: Limits) -> Result<String, Error> {
    let name = path.display().to_string();
    let file = std::fs::File::open(path).map_err(|e| Error::Argument(format!("{name}: {e}")))?;
    read_from(file, &name, limits)
}

/// Opens `path` for reading without blocking (the open of a FIFO nobody writes would
/// wait for ever), if it is a regular file; `None` if it is something else (a FIFO, a
/// device, a directory).
pub fn open_regular(path: &Path) -> std::io::Result<Option<std::fs::File>> {
    let mut open = std::fs::OpenOptions::new();
    open.read(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut open, libc::O_NONBLOCK);
    let file = open.open(path)?;
    Ok(file.metadata()?.is_file().then_some(file))
}

/// Reads `reader` to its end as text, within `limits`; `name` names it in the messages.
pub fn read_from(mut reader: impl Read, name: &str, limits: Limits) -> Result<String, Error> {
    let fail = |why: String| Error::Argument(format!("{name}: {why}"));
    let what = limits.what;
    let mut bytes = Vec::new();
    let mut chunk = vec![0u8; 64 << 10];
    // Bytes of the current line so far, and its number from 1.
    let (mut line, mut number) = (0usize, 1usize);
    loop {
        let n = match reader.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(e) => return Err(fail(e.to_string())),
        };
        let data = &chunk[..n];
        for &b in data {
            match b {
                b'\n' => (line, number) = (0, number + 1),
                0 => return Err(fail(format!("line {number} holds a NUL byte: not {what}"))),
                _ => line += 1,
            }
            if line > limits.max_line {
                return Err(fail(format!(
                    "line {number} is longer than {} bytes: not {what}",
                    limits.max_line
                )));
            }
        }
        if bytes.len() as u64 + n as u64 > limits.max_bytes {
            return Err(fail(format!(
                "larger than {what} can be ({} bytes at most)",
                limits.max_bytes
            )));
        }
        bytes.extend_from_slice(data);
    }
    // A byte-order mark (an editor's) is no part of the text.
    if bytes.starts_with(BOM.as_bytes()) {
        bytes.drain(..BOM.len());
    }
    String::from_utf8(bytes).map_err(|e| {
        fail(format!(
            "not UTF-8 text (byte {}): not {what}",
            e.utf8_error().valid_up_to()
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIMITS: Limits = Limits {
        max_bytes: 100,
        max_line: 8,
        what: "a test file",
    };

    fn read_bytes(bytes: &[u8]) -> Result<String, String> {
        read_from(bytes, "f", LIMITS).map_err(|e| e.message().to_string())
    }

    #[test]
    fn every_bound_stops_the_read_with_one_line() {
        assert_eq!(read_bytes(b"1234567\r\nab\n").unwrap(), "1234567\r\nab\n");
        assert_eq!(read_bytes(b"").unwrap(), "");
        assert_eq!(read_bytes(b"\xef\xbb\xbfab\n").unwrap(), "ab\n");
        let e = read_bytes(b"ok\n123456789\n").unwrap_err();
        assert_eq!(e, "f: line 2 is longer than 8 bytes: not a test file");
        let e = read_bytes(b"ok\x00\n").unwrap_err();
        assert_eq!(e, "f: line 1 holds a NUL byte: not a test file");
        let e = read_bytes(b"ok\n\xff\xfe\n").unwrap_err();
        assert_eq!(e, "f: not UTF-8 text (byte 3): not a test file");
        let e = read_bytes(&b"1234567\n".repeat(13)).unwrap_err();
        assert!(e.contains("100 bytes at most"), "{e}");
        // An endless source is read only up to the first fault.
        let e = read_from(std::io::repeat(b'x'), "zero", LIMITS).unwrap_err();
        assert!(e.message().contains("longer than 8 bytes"), "{e}");
    }
}
