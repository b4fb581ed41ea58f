//! Reading lines from a pipe with a cap on their length, so that a peer that writes
//! megabytes without a newline costs a bounded buffer and an error, never the process.

use std::io::{self, BufRead, ErrorKind};

/// What one [`read_line`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Read {
    /// A whole line, now in the buffer without its `\n` (and without a `\r` before it).
    Line,
    /// A line longer than the cap: it was read to its end and thrown away; the buffer is
    /// empty.
    TooLong,
    /// The end of the input: nothing was read.
    End,
}

/// Reads the next line of `reader` into `line` (cleared first), keeping at most `cap`
/// bytes of it. A last line without a final `\n` still counts as a line. Read errors other
/// than an interruption are returned; the bytes are not checked for UTF-8.
pub fn read_line(reader: &mut impl BufRead, line: &mut Vec<u8>, cap: usize) -> io::Result<Read> {
    line.clear();
    let (mut any, mut too_long) = (false, false);
    loop {
        let chunk = match reader.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        let newline = chunk.iter().position(|&b| b == b'\n');
        let (data, used) = match newline {
            Some(i) => (&chunk[..i], i + 1),
            None => (chunk, chunk.len()),
        };
        let end = chunk.is_empty();
        any |= !end;
        if !too_long {
            if line.len() + data.len() > cap {
                too_long = true;
                line.clear();
            } else {
                line.extend_from_slice(data);
            }
        }
        reader.consume(used);
        if newline.is_some() || end {
            if line.last() == Some(&b'\r') {
                line.pop();
            }
            return Ok(match (any, too_long) {
                (false, _) => Read::End,
                (true, true) => Read::TooLong,
                (true, false) => Read::Line,
            });
        }
    }
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
                Read::TooLong => out.push("<long>".into()),
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
    }
}
