//! The position text of the relatives of Halma, two sides on a board of ranks:
//! `<rules> <placement> <side> <countA>,<countB> [passes]`. The placement lists the ranks
//! from the top, `/` between them, `A` and `B` for stones and a number for a run of empty
//! cells (as Halma's, `docs/position-format.md`). On a square board every rank has all its
//! files; on a board of another shape ([`Layout::ranks`], Caeser's hexagon) each rank lists
//! only its own cells, from its first. Cell `x + stride * y` is file `x`, rank `y`, both
//! 0-based; a game's own bit sets convert to and from `u128`, or (boards wider than 128
//! bits, Hexma's star) are read and written as any [`BitBoard`].
//!
//! [`read_from_to`] holds the checks every `from-to` move of these games begins with.

use crate::bitboard::BitBoard;
use crate::error::Error;
use crate::game::{parse_side, side_letter, status_text, Game};
use crate::moves::Move;

/// The shape of a board's placement: each rank's first file and number of cells, and the
/// bit stride of a rank (cell `x + stride * y`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout<'a> {
    /// Each rank's (first file, cells), rank 1 first; empty for a square board.
    ranks: &'a [(usize, usize)],
    /// Bits per rank.
    stride: usize,
    /// Ranks of the board.
    height: usize,
}

impl<'a> Layout<'a> {
    /// The `width`x`width` square: every rank has files `0..width`.
    pub const fn square(width: usize) -> Layout<'static> {
        Layout {
            ranks: &[],
            stride: width,
            height: width,
        }
    }

    /// A board whose rank `y` (0-based) has `ranks[y].1` cells from file `ranks[y].0`, cell
    /// `x + stride * y`.
    pub const fn ranks(ranks: &'a [(usize, usize)], stride: usize) -> Layout<'a> {
        Layout {
            ranks,
            stride,
            height: ranks.len(),
        }
    }

    /// Rank `y`'s first file and number of cells.
    fn rank(&self, y: usize) -> (usize, usize) {
        self.ranks.get(y).copied().unwrap_or((0, self.stride))
    }

    /// The cell index of file `x`, rank `y`.
    fn cell(&self, x: usize, y: usize) -> usize {
        x + self.stride * y
    }
}

impl Layout<'_> {
    /// The board drawn as a hexagonal board of ranks is (Caeser's hexagon, Hexma's star):
    /// the top rank first, each rank half a cell right of the one below (so that a cell's
    /// six neighbours stand around it), the rank number on the left and the rank's first
    /// cell named on the right; `A` and `b` for the sides' stones (`side_at` of a cell
    /// index), `.` for an empty cell.
    pub fn hex_diagram(&self, side_at: impl Fn(usize) -> Option<usize>) -> String {
        let ranks = 0..self.height;
        // Screen column of a cell: 2x + y half-cells, less that of the leftmost.
        let left = ranks
            .clone()
            .map(|y| 2 * self.rank(y).0 + y)
            .min()
            .unwrap_or(0);
        let mut out = String::new();
        for y in ranks.rev() {
            let (first, width) = self.rank(y);
            let cells: Vec<&str> = (first..first + width)
                .map(|x| match side_at(self.cell(x, y)) {
                    Some(0) => "A",
                    Some(_) => "b",
                    None => ".",
                })
                .collect();
            out += &format!(
                "{:>2} {}{}   ({}{}..)\n",
                y + 1,
                " ".repeat(2 * first + y - left),
                cells.join(" "),
                (b'a' + first as u8) as char,
                y + 1
            );
        }
        out
    }
}

/// The fields of a position text after the rule set's name, read and checked. The stones
/// are `[u128; 2]` (each side's, bit `x + width * y` for file `x`, rank `y`) unless a game
/// reads its placement itself ([`PositionText::parse_with`]: Le Zug's two-half sets).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PositionText<S = [u128; 2]> {
    /// The stones of each side.
    pub stones: S,
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
        Self::parse_in(fields, Layout::square(width), board)
    }

    /// [`PositionText::parse`] on a board of any [`Layout`].
    pub fn parse_in(fields: &str, layout: Layout, board: &str) -> Result<Self, Error> {
        Self::parse_with(fields, |placement| parse_layout(placement, layout, board))
    }

    /// The whole position text, `rules` first, on a `width`x`width` board; passes only when
    /// there are some.
    pub fn write(&self, rules: &str, width: usize) -> String {
        self.write_in(rules, Layout::square(width))
    }

    /// [`PositionText::write`] on a board of any [`Layout`].
    pub fn write_in(&self, rules: &str, layout: Layout) -> String {
        self.write_with(rules, &layout_text(self.stones, layout))
    }
}

impl<S> PositionText<S> {
    /// Reads the fields after the rule set with the game's own reader of the placement
    /// field (`read`); the other fields as [`PositionText::parse`] reads them.
    pub fn parse_with(
        fields: &str,
        read: impl FnOnce(&str) -> Result<S, Error>,
    ) -> Result<Self, Error> {
        let bad = |t: String| Error::Position(t);
        let parts: Vec<&str> = fields.split_whitespace().collect();
        if !(3..=4).contains(&parts.len()) {
            return Err(bad(format!(
                "expected placement, side to move, move counts [, passes]; got {} fields",
                parts.len()
            )));
        }
        let stones = read(parts[0])?;
        let to_move = side_to_move(parts[1], 2)
            .ok_or_else(|| bad(format!("'{}' is not a side to move (A or B)", parts[1])))?;
        let counts = move_counts(parts[2]).ok_or_else(|| {
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

    /// The whole position text, `rules` first, then the placement field `placement` and
    /// the other fields; passes only when there are some.
    pub fn write_with(&self, rules: &str, placement: &str) -> String {
        let mut text = format!(
            "{rules} {placement} {} {},{}",
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

/// The fields of the whole position text `text` after its first, which must be the rule
/// set `name` (an error otherwise).
pub fn fields_after<'a>(text: &'a str, name: &str) -> Result<&'a str, Error> {
    let text = text.trim();
    let (first, rest) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
    if first != name {
        return Err(Error::Position(format!(
            "'{first}' is not the rule set '{name}'"
        )));
    }
    Ok(rest)
}

/// A move's text, `from-to` with the cells named by `cell_name`, or `pass`.
pub fn from_to_text(mv: Move, cell_name: impl Fn(usize) -> String) -> String {
    if mv.is_pass() {
        "pass".into()
    } else {
        format!("{}-{}", cell_name(mv.from()), cell_name(mv.to()))
    }
}

/// The side to move a position text's field names: one letter among the first `sides`.
pub fn side_to_move(field: &str, sides: usize) -> Option<usize> {
    let mut letters = field.chars();
    match (letters.next(), letters.next()) {
        (Some(c), None) => parse_side(c, sides),
        _ => None,
    }
}

/// The move counts of a position text's field (`12,11`): every count `to_text` prints reads
/// back, as u64.
pub fn move_counts(field: &str) -> Option<Vec<u64>> {
    field.split(',').map(|c| c.parse::<u64>().ok()).collect()
}

/// The stones of both sides in a placement field of a `width`x`width` board, checked
/// (number of ranks, cells per rank, letters).
pub fn parse_placement(field: &str, width: usize, board: &str) -> Result<[u128; 2], Error> {
    parse_layout(field, Layout::square(width), board)
}

/// The stones of both sides in a placement field of a board of `layout`, checked.
pub fn parse_layout<S: BitBoard>(
    field: &str,
    layout: Layout,
    board: &str,
) -> Result<[S; 2], Error> {
    let mut stones = [S::default(); 2];
    read_ranks(
        field,
        layout.height,
        |y| layout.rank(y).1,
        board,
        |side, y, k| stones[side].set(layout.cell(layout.rank(y).0 + k, y)),
    )?;
    Ok(stones)
}

/// Reads a placement field of `height` ranks, the top first and `/` between them, rank `y`
/// (0-based) listing its `cells(y)` cells from its first: calls `put(side, y, k)` for a
/// stone of `side` on the `k`-th cell of rank `y`. Checks the number of ranks, the cells of
/// each rank and the letters (the `{board} board` in errors).
pub fn read_ranks(
    field: &str,
    height: usize,
    cells: impl Fn(usize) -> usize,
    board: &str,
    mut put: impl FnMut(usize, usize, usize),
) -> Result<(), Error> {
    let bad = |t: String| Err(Error::Position(t));
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != height {
        return bad(format!(
            "placement has {} ranks, the {board} board has {height}",
            ranks.len()
        ));
    }
    for (i, rank) in ranks.iter().enumerate() {
        let y = height - 1 - i;
        let width = cells(y);
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
                    put(side, y, x);
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
    Ok(())
}

/// The placement field of a board of `height` ranks, rank `y` listing its `cells(y)`
/// cells, `side_at(y, k)` the side on its `k`-th cell: the top rank first, `/` between.
pub fn write_ranks(
    height: usize,
    cells: impl Fn(usize) -> usize,
    side_at: impl Fn(usize, usize) -> Option<usize>,
) -> String {
    let ranks: Vec<String> = (0..height)
        .rev()
        .map(|y| rank_text((0..cells(y)).map(|k| side_at(y, k))))
        .collect();
    ranks.join("/")
}

/// The placement field of `stones` on a `width`x`width` board.
pub fn placement_text(stones: [u128; 2], width: usize) -> String {
    layout_text(stones, Layout::square(width))
}

/// The placement field of `stones` on a board of `layout`.
pub fn layout_text<S: BitBoard>(stones: [S; 2], layout: Layout) -> String {
    write_ranks(
        layout.height,
        |y| layout.rank(y).1,
        |y, k| {
            let cell = layout.cell(layout.rank(y).0 + k, y);
            (0..2).find(|&side| stones[side].has(cell))
        },
    )
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

/// Why `from` is no cell to move a `piece` of the side to move from (an enemy piece, no
/// piece), or `Ok` if one stands there.
pub fn own_piece<P: Game>(pos: &P, from: usize, piece: &str) -> Result<(), String> {
    let (mover, name) = (pos.to_move(), pos.cell_name(from));
    match pos.side_at(from) {
        Some(s) if s == mover => Ok(()),
        Some(s) => Err(format!(
            "{name} holds a {piece} of {}, but {} is to move",
            side_letter(s),
            side_letter(mover)
        )),
        None => Err(format!("no {piece} on {name}")),
    }
}

/// The checks every `from-to` move of a two-sided stone game begins with, in `pos` of the
/// game `game` (named in messages, with its pieces called `piece`): the game goes on; `pass` only without another move;
/// two cells (a longer path is a move of another game, which makes `one_move` a turn);
/// the origin holds a stone of the side to move; the target differs and is empty (no
/// captures). `Ok(None)` is the pass, `Ok(Some((from, to)))` a move still to be checked
/// by the game's geometry. Errors are [`Error::Move`], `'<text>': <why>`.
pub fn read_from_to<P: Game>(
    pos: &P,
    text: &str,
    game: &str,
    piece: &str,
    one_move: &str,
) -> Result<Option<(usize, usize)>, Error> {
    let Some((from, to)) = read_move_cells(pos, text, game, piece, one_move)? else {
        return Ok(None);
    };
    let err = |why: String| Err(Error::Move(format!("'{}': {why}", text.trim())));
    let (mover, tname) = (pos.to_move(), pos.cell_name(to));
    match pos.side_at(to) {
        Some(s) if s == mover => err(format!("lands on an own {piece} on {tname}")),
        Some(_) => err(format!(
            "lands on an enemy {piece} on {tname} ({game} has no captures)"
        )),
        None => Ok(Some((from, to))),
    }
}

/// [`read_from_to`]'s checks but the last: the target is not looked at (for a game where
/// a move may end on an occupied cell, Lehrma's swaps).
pub fn read_move_cells<P: Game>(
    pos: &P,
    text: &str,
    game: &str,
    piece: &str,
    one_move: &str,
) -> Result<Option<(usize, usize)>, Error> {
    let text = text.trim();
    let err = |why: String| Err(Error::Move(format!("'{text}': {why}")));
    if pos.status().is_over() {
        return err(format!("the game is over ({})", status_text(pos.status())));
    }
    if text == "pass" {
        let mut any = false;
        pos.for_each_move(|_| any = true);
        return if any {
            err("a pass is only legal when no other move exists".into())
        } else {
            Ok(None)
        };
    }
    let parts: Vec<&str> = text.split('-').collect();
    match parts.len() {
        2 => {}
        n if n > 2 => {
            return err(format!(
                "a path of {n} cells is a move of another game ({game} has {one_move} a turn)"
            ))
        }
        _ => return err("not a move (expected from-to or pass)".into()),
    }
    let (from, to) = match (pos.parse_cell(parts[0]), pos.parse_cell(parts[1])) {
        (Ok(f), Ok(t)) => (f, t),
        (Err(e), _) | (_, Err(e)) => return err(e.message().to_string()),
    };
    if let Err(why) = own_piece(pos, from, piece) {
        return err(why);
    }
    if from == to {
        return err("ends where it starts, which is no move".into());
    }
    Ok(Some((from, to)))
}

/// The move `(from, to)` if the game generates it: the last check of a parsed move, after
/// the game's own checks have said why anything else is illegal.
pub fn generated<P: Game>(pos: &P, text: &str, from: usize, to: usize) -> Result<Move, Error> {
    let mv = Move::new(from, to);
    let mut legal = false;
    pos.for_each_move(|m| legal |= m == mv);
    debug_assert!(legal, "{text} passed every check but is not generated");
    if legal {
        Ok(mv)
    } else {
        Err(Error::Move(format!("'{}': not legal here", text.trim())))
    }
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
