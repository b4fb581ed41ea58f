//! The line format of the project's position files (`positions/openings/*.txt`,
//! `positions/bench/*.txt`, and the files a user passes instead): `#` starts a comment that
//! runs to the end of the line, blank lines are ignored, and a bench line is
//! `label ; position text`. One reader for the registry's built-in files, `halma bench`,
//! the tournament's openings and the criterion benches.

use crate::error::Error;

/// The lines of `text` that hold something, each with its 1-based line number: comments
/// cut off, trimmed, the empty ones left out.
pub fn content_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines().enumerate().filter_map(|(i, line)| {
        let line = line.split('#').next().unwrap_or("").trim();
        (!line.is_empty()).then_some((i + 1, line))
    })
}

/// One position of a bench file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BenchLine<'a> {
    /// Its 1-based line number in the file.
    pub number: usize,
    /// The label before the `;`, trimmed (never empty).
    pub label: &'a str,
    /// The position text after the `;`, trimmed (not checked here).
    pub text: &'a str,
}

/// The positions of a bench file's `text`, in order; a line that is not
/// `label ; position text` (no `;`, or nothing on one side of it) is an error that names
/// its line number.
pub fn bench_lines(text: &str) -> impl Iterator<Item = Result<BenchLine<'_>, Error>> {
    content_lines(text).map(|(number, line)| {
        let bad = || {
            Error::Position(format!(
                "line {number}: expected 'label ; position text', found '{}'",
                shortened(line)
            ))
        };
        let (label, text) = line.split_once(';').ok_or_else(bad)?;
        let (label, text) = (label.trim(), text.trim());
        if label.is_empty() || text.is_empty() {
            return Err(bad());
        }
        Ok(BenchLine {
            number,
            label,
            text,
        })
    })
}

/// At most the first 60 characters of `line`, for a message.
fn shortened(line: &str) -> String {
    const SHOWN: usize = 60;
    match line.char_indices().nth(SHOWN) {
        Some((cut, _)) => format!("{}...", &line[..cut]),
        None => line.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn content_lines_cut_comments_and_skip_blank_lines_keeping_line_numbers() {
        let text = "# header\n\n  a b  # note\n\t\nc\n#\n";
        let lines: Vec<_> = content_lines(text).collect();
        assert_eq!(lines, [(3, "a b"), (5, "c")]);
    }

    #[test]
    fn bench_lines_split_label_and_text() {
        let text = "# suite\nopening-1 ; halma8 x\n\n mid ;halma8 y z \n";
        let lines: Vec<_> = bench_lines(text).collect::<Result<_, _>>().unwrap();
        assert_eq!(
            lines,
            [
                BenchLine {
                    number: 2,
                    label: "opening-1",
                    text: "halma8 x"
                },
                BenchLine {
                    number: 4,
                    label: "mid",
                    text: "halma8 y z"
                },
            ]
        );
    }

    #[test]
    fn a_bench_line_without_both_sides_of_the_semicolon_names_its_line() {
        for (text, number) in [
            ("a ; b\nno semicolon\n", 2),
            ("; halma8 x\n", 1),
            ("\n\nlabel ;  # text commented out\n", 3),
        ] {
            let err = bench_lines(text).find_map(Result::err).expect(text);
            assert!(
                err.message()
                    .starts_with(&format!("line {number}: expected 'label ; position text'")),
                "{err}"
            );
        }
    }

    #[test]
    fn a_long_bad_line_is_shortened_in_the_message() {
        let line = "x".repeat(10_000);
        let err = bench_lines(&line).next().unwrap().unwrap_err();
        assert!(err.message().len() < 200, "{}", err.message().len());
        assert!(err.message().ends_with("...'"));
    }
}
