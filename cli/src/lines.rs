//! Reading lines from a pipe with a cap on their length, so that a peer that writes
//! megabytes without a newline costs a bounded buffer and an error, never the process.

use std::io::{self, BufRead, ErrorKind};

/// What one [`read_line`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Read {
    /// A whole line, now in the buffer without its `\n` (and without a `\r` before it).
    Line,
    /// A line longer than the cap: reading stopped there, the rest of the line is still
    /// unread ([`skip_line`] throws it away) and the buffer is empty.
    TooLong,
    /// The end of the input: nothing was read.
    End,
}

/// Reads the next line of `reader` into `line` (cleared first), at most `cap` bytes
/// before its end (`\n` or `\r\n`). A last line without a final `\n` still counts as a
/// line. Never reads more than `cap` + 1 bytes of a line, so a peer that writes without
/// end is caught at the cap. Read errors other than an interruption are returned; the
/// bytes are not checked for UTF-8.
pub fn read_line(reader: &mut impl BufRead, line: &mut Vec<u8>, cap: usize) -> io::Result<Read> {
    line.clear();
    let mut any = false;
    loop {
        let (len, newline) = scan(reader)?;
        if len == 0 {
            return Ok(if any { finish(line, cap) } else { Read::End });
        }
        any = true;
        // The bytes `scan` saw: a full buffer is returned without another read.
        let chunk = reader.fill_buf()?;
        let data = &chunk[..newline.unwrap_or(len)];
        // One byte of slack for a `\r` before the `\n`.
        if line.len() + data.len() > cap + 1 {
            let room = cap + 1 - line.len();
            reader.consume(room);
            line.clear();
            return Ok(Read::TooLong);
        }
        line.extend_from_slice(data);
        match newline {
            Some(i) => {
                if finish(line, cap) == Read::TooLong {
                    // The `\n` stays for [`skip_line`], as after any refused line.
                    reader.consume(i);
                    return Ok(Read::TooLong);
                }
                reader.consume(i + 1);
                return Ok(Read::Line);
            }
            None => {
                let used = data.len();
                reader.consume(used);
            }
        }
    }
}

/// Throws away the rest of the current line, through its `\n` (or to the end of the
/// input), however long it is: what follows a [`Read::TooLong`] for a reader that reads on.
pub fn skip_line(reader: &mut impl BufRead) -> io::Result<()> {
    loop {
        match scan(reader)? {
            (0, _) => return Ok(()),
            (_, Some(i)) => {
                reader.consume(i + 1);
                return Ok(());
            }
            (len, None) => reader.consume(len),
        }
    }
}

/// Fills the reader's buffer (an interrupted read is retried) and says how many bytes it
/// holds (0 only at the end of the input) and where its first `\n` is.
fn scan(reader: &mut impl BufRead) -> io::Result<(usize, Option<usize>)> {
    loop {
        match reader.fill_buf() {
            Ok(chunk) => return Ok((chunk.len(), chunk.iter().position(|&b| b == b'\n'))),
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        }
    }
}

/// A complete line: its `\r` dropped, then held to the cap.
fn finish(line: &mut Vec<u8>, cap: usize) -> Read {
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    if line.len() > cap {
        line.clear();
        return Read::TooLong;
    }
    Read::Line
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every line of `input` read with `cap`, as text (`<long>` for a refused one).
    fn all(input: &[u8], cap: usize) -> Vec<String> {
        // A tiny buffer, so that lines span many reads.
        let mut reader = std::io::BufReader::with_capacity(3, input);
        let (mut line, mut out) = (Vec::new(), Vec::new());
        loop {
            match read_line(&mut reader, &mut line, cap).unwrap() {
                Read::Line => out.push(String::from_utf8_lossy(&line).into_owned()),
                Read::TooLong => {
                    out.push("<long>".into());
                    skip_line(&mut reader).unwrap();
                }
                Read::End => return out,
            }
        }
    }

    #[test]
    fn lines_are_split_capped_and_resynchronised() {
        assert_eq!(all(b"ab\r\ncd\n\nlast", 8), ["ab", "cd", "", "last"]);
        assert_eq!(all(b"", 8), Vec::<String>::new());
        assert_eq!(
            all(b"12345678\n123456789\nok\n", 8),
            ["12345678", "<long>", "ok"]
        );
        assert_eq!(all(b"0123456789abcdef", 8), ["<long>"]);
        let huge = [vec![b'x'; 100_000], b"\nafter\n".to_vec()].concat();
        assert_eq!(all(&huge, 64), ["<long>", "after"]);
        // The cap counts the line, not its `\r\n`; a lone `\r` inside counts.
        assert_eq!(all(b"1234\r\n12\r4\r\n", 4), ["1234", "12\r4"]);
        assert_eq!(all(b"1234\r5\nok", 4), ["<long>", "ok"]);
        assert_eq!(all(b"\xffok\n", 4), ["\u{fffd}ok"]);
    }

    #[test]
    fn a_line_without_end_is_refused_after_cap_bytes() {
        // An endless writer: the reader gives up after cap + 1 bytes, not at the end.
        let mut endless = std::io::BufReader::with_capacity(16, std::io::repeat(b'x'));
        let mut line = Vec::new();
        assert_eq!(
            read_line(&mut endless, &mut line, 100).unwrap(),
            Read::TooLong
        );
        assert!(line.is_empty());
    }
}
