//! The position text of the relatives of Halma, two sides on a square board:
//! `<rules> <placement> <side> <countA>,<countB> [passes]`. The placement lists the ranks
//! from the top, `/` between them, `A` and `B` for stones and a number for a run of empty
//! cells (as Halma's, `docs/position-format.md`). Cell `x + width * y` is file `x`, rank
//! `y`, both 0-based; a game's own bit sets convert to and from `u128`.

use crate::error::Error;
use crate::game::{parse_side, side_letter};

/// The fields of a position text after the rule set's name, read and checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PositionText {
    /// The stones of each side, bit `x + width * y` for file `x`, rank `y`.
    pub stones: [u128; 2],
    /// The side to move (0 for `A`, 1 for `B`).
    pub to_move: usize,
    /// The moves each side has made.
    pub counts: [u64; 2],
    /// Passes in a row before this position.
    pub passes: u8,
}

impl PositionText {
    /// Reads the fields after the rule set: placement on a `width`x`width` board (called
    /// `the {board} board` in an error), side to move, move counts, optional passes in a row;
    /// every field is checked and an error names what is wrong.
    pub fn parse(fields: &str, width: usize, board: &str) -> Result<Self, Error> {
        let bad = |t: String| Error::Position(t);
        let parts: Vec<&str> = fields.split_whitespace().collect();
        if !(3..=4).contains(&parts.len()) {
            return Err(bad(format!(
                "expected placement, side to move, move counts [, passes]; got {} fields",
                parts.len()
            )));
        }
        let stones = parse_placement(parts[0], width, board)?;
        let mut letters = parts[1].chars();
        let to_move = match (letters.next(), letters.next()) {
            (Some(c), None) => parse_side(c, 2),
            _ => None,
        }
        .ok_or_else(|| bad(format!("'{}' is not a side to move (A or B)", parts[1])))?;
        let counts: Vec<u64> = parts[2]
            .split(',')
            .map(|c| c.parse::<u64>().ok())
            .collect::<Option<_>>()
            .ok_or_else(|| {
                bad(format!(
                    "'{}' is not a list of move counts (whole numbers below 2^64)",
                    parts[2]
                ))
            })?;
        let [a, b] = counts[..] else {
            return Err(bad(format!(
                "{} move counts for 2 sides (expected countA,countB)",
                counts.len()
            )));
        };
        let passes = match parts.get(3) {
            Some(p) => p
                .parse::<u8>()
                .map_err(|_| bad(format!("'{p}' is not a number of passes")))?,
            None => 0,
        };
        Ok(PositionText {
            stones,
            to_move,
            counts: [a, b],
            passes,
        })
    }

    /// The whole position text, `rules` first, on a `width`x`width` board; passes only when
    /// there are some.
    pub fn write(&self, rules: &str, width: usize) -> String {
        let mut text = format!(
            "{rules} {} {} {},{}",
            placement_text(self.stones, width),
            side_letter(self.to_move),
            self.counts[0],
            self.counts[1]
        );
        if self.passes > 0 {
            text += &format!(" {}", self.passes);
        }
        text
    }
}

/// The stones of both sides in a placement field of a `width`x`width` board, checked
/// (number of ranks, cells per rank, letters).
pub fn parse_placement(field: &str, width: usize, board: &str) -> Result<[u128; 2], Error> {
    let bad = |t: String| Err(Error::Position(t));
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != width {
        return bad(format!(
            "placement has {} ranks, the {board} board has {width}",
            ranks.len()
        ));
    }
    let mut stones = [0u128; 2];
    for (i, rank) in ranks.iter().enumerate() {
        let y = width - 1 - i;
        let mut x = 0usize;
        let mut chars = rank.chars().peekable();
        while let Some(c) = chars.next() {
            if let Some(mut run) = c.to_digit(10).map(|d| d as usize) {
                while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
                    run = run.saturating_mul(10).saturating_add(d as usize);
                    chars.next();
                }
                x = x.saturating_add(run);
            } else if let Some(side) = parse_side(c, 2) {
                if x < width {
                    stones[side] |= 1 << (x + width * y);
                }
                x += 1;
            } else {
                return bad(format!(
                    "'{c}' in rank {} is neither a side letter (A, B) nor a count",
                    y + 1
                ));
            }
        }
        if x != width {
            return bad(format!("rank {} has {x} cells, not {width}", y + 1));
        }
    }
    Ok(stones)
}

/// The placement field of `stones` on a `width`x`width` board.
pub fn placement_text(stones: [u128; 2], width: usize) -> String {
    let ranks: Vec<String> = (0..width)
        .rev()
        .map(|y| {
            rank_text((0..width).map(|x| {
                let bit = 1u128 << (x + width * y);
                (0..2).find(|&side| stones[side] & bit != 0)
            }))
        })
        .collect();
    ranks.join("/")
}

/// One rank of a placement field from its cells' sides (`None` for an empty cell), file by
/// file: a side's letter for a stone, a number for a run of empty cells. Halma's position
/// text writes its ranks with it too.
pub fn rank_text(cells: impl Iterator<Item = Option<usize>>) -> String {
    let mut rank = String::new();
    let mut run = 0;
    for cell in cells {
        match cell {
            Some(side) => {
                if run > 0 {
                    rank += &run.to_string();
                    run = 0;
                }
                rank.push(side_letter(side));
            }
            None => run += 1,
        }
    }
    if run > 0 {
        rank += &run.to_string();
    }
    rank
}

/// The name of cell `cell` of a `width`×`width` board: file letter and rank number, `a1`
/// at the bottom left.
pub fn cell_name(cell: usize, width: usize) -> String {
    format!(
        "{}{}",
        (b'a' + (cell % width) as u8) as char,
        cell / width + 1
    )
}

/// The cell called `name` on a `width`×`width` board (at most 26 files); the error says
/// what is wrong.
pub fn parse_cell(name: &str, width: usize) -> Result<usize, Error> {
    let last = (b'a' + width as u8 - 1) as char;
    let bad = |why: String| Err(Error::Cell(format!("'{name}' {why}")));
    let not_a_cell = || {
        bad(format!(
            "is not a cell (expected a file letter a-{last} and a rank 1-{width}, like e5)"
        ))
    };
    let mut chars = name.chars();
    let Some(letter) = chars.next() else {
        return not_a_cell();
    };
    let digits = chars.as_str();
    if !letter.is_ascii_lowercase()
        || digits.is_empty()
        || !digits.bytes().all(|b| b.is_ascii_digit())
    {
        return not_a_cell();
    }
    let x = (letter as u8 - b'a') as usize;
    let y = digits.parse::<usize>().unwrap_or(usize::MAX);
    if x >= width || !(1..=width).contains(&y) {
        return bad(format!(
            "lies off the {width}x{width} board (files a-{last}, ranks 1-{width})"
        ));
    }
    Ok(x + width * (y - 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_back_what_it_writes() {
        let fields = "BB2/4/3A/A3 B 3,2 1";
        let text = PositionText::parse(fields, 4, "test").unwrap();
        assert_eq!(text.stones, [0x0081, 0x3000]);
        assert_eq!(text.write("x", 4), format!("x {fields}"));
        let err = PositionText::parse("4/4/4 A 0,0", 4, "test").unwrap_err();
        assert!(err.message().contains("the test board has 4"));
    }
}
