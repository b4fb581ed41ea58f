//! What a game says about its cells for a picture: each cell's place on a unit lattice, its
//! shape, the camp or zone it belongs to, and the piece on it; the labels along the edges.
//!
//! Front ends draw a [`Picture`] without knowing the game: `halma show --svg` and the web
//! page draw from it alone, so a new game gets its picture by describing its cells
//! ([`crate::game::GameRules::picture`]). Pictures are built on demand for display, never in
//! search.

/// How cell coordinates (file, rank) map onto the plane.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lattice {
    /// Square cells: file `x`, rank `y` is centred at `(x, y)`.
    Square,
    /// A hexagonal grid in axial coordinates: file `x`, rank `y` is centred at
    /// `(x + y/2, y·√3/2)`, so the six neighbours lie one unit away (Halma's diamond and
    /// star, Caeser's hexagon).
    Hex,
}

impl Lattice {
    /// The centre of file `x`, rank `y` (rank upwards, one unit between neighbours).
    pub fn centre(self, x: i32, y: i32) -> (f64, f64) {
        match self {
            Lattice::Square => (x as f64, y as f64),
            Lattice::Hex => (x as f64 + y as f64 / 2.0, y as f64 * 3f64.sqrt() / 2.0),
        }
    }

    /// A short name (`square`, `hex`), as the web API writes it.
    pub fn name(self) -> &'static str {
        match self {
            Lattice::Square => "square",
            Lattice::Hex => "hex",
        }
    }
}

/// How a cell is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// A plain square.
    Square,
    /// A dark square (a chessboard's or draughts board's dark squares).
    Dark,
    /// A light square that is no cell of the game (Le Zug plays on the dark squares only).
    Light,
    /// A round hole (the hexagonal boards).
    Hole,
}

impl Shape {
    /// A short name (`square`, `dark`, `light`, `hole`).
    pub fn name(self) -> &'static str {
        match self {
            Shape::Square => "square",
            Shape::Dark => "dark",
            Shape::Light => "light",
            Shape::Hole => "hole",
        }
    }
}

/// What a cell belongs to, for its tint.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// Nothing.
    None,
    /// The camp (home) of a side.
    Camp(usize),
    /// A zone of the board that is no side's (Top Secret's drop zone).
    Zone,
    /// A wall of a side (Embargo).
    Wall(usize),
    /// A cell of an edge every side must reach (Hexma's bottom and top edges, which both
    /// sides join): drawn ringed in every side's colour.
    Edge,
}

/// The kind of a piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A plain man or stone.
    Man,
    /// A rook.
    Rook,
    /// A bishop.
    Bishop,
    /// A knight.
    Knight,
    /// A pawn.
    Pawn,
}

impl Kind {
    /// A short name (`man`, `rook`, …).
    pub fn name(self) -> &'static str {
        match self {
            Kind::Man => "man",
            Kind::Rook => "rook",
            Kind::Bishop => "bishop",
            Kind::Knight => "knight",
            Kind::Pawn => "pawn",
        }
    }

    /// The letter drawn on the piece (none for a man).
    pub fn letter(self) -> Option<char> {
        match self {
            Kind::Man => None,
            Kind::Rook => Some('R'),
            Kind::Bishop => Some('B'),
            Kind::Knight => Some('N'),
            Kind::Pawn => Some('P'),
        }
    }
}

/// A piece: its side and kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    /// The side it belongs to (0 = `A`).
    pub side: usize,
    /// Its kind.
    pub kind: Kind,
}

/// One drawn cell.
#[derive(Clone, Debug, PartialEq)]
pub struct CellPicture {
    /// The game's cell index (as moves use it), or `None` for a square drawn but not
    /// played on.
    pub cell: Option<usize>,
    /// Its name (`c3`), empty for a square not played on.
    pub name: String,
    /// File, 0-based.
    pub file: i32,
    /// Rank, 0-based.
    pub rank: i32,
    /// Its centre on the lattice.
    pub centre: (f64, f64),
    /// How it is drawn.
    pub shape: Shape,
    /// Its camp, zone or wall.
    pub mark: Mark,
    /// The piece on it.
    pub piece: Option<Piece>,
}

/// Which coordinate a label names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Axis {
    /// A file (its letter).
    File,
    /// A rank (its number).
    Rank,
}

/// A coordinate label along an edge, on the lattice point one step beyond the end of its
/// file or rank (so it lies on that file's or rank's line).
#[derive(Clone, Debug, PartialEq)]
pub struct Label {
    /// Where it is drawn, on the lattice.
    pub centre: (f64, f64),
    /// Its text (`a`, `12`).
    pub text: String,
    /// Whether it names a file or a rank.
    pub axis: Axis,
    /// The 0-based file or rank it names.
    pub index: i32,
}

/// Everything a front end needs to draw a position.
#[derive(Clone, Debug, PartialEq)]
pub struct Picture {
    /// The lattice of the cells.
    pub lattice: Lattice,
    /// The number of sides (piece colours).
    pub sides: usize,
    /// Every drawn cell.
    pub cells: Vec<CellPicture>,
    /// The file letters and rank numbers along the edges.
    pub labels: Vec<Label>,
    /// Lines said under the board (pieces in hand), possibly none.
    pub notes: Vec<String>,
}

/// A cell of the picture before placing: its index, file and rank, shape, mark and piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellSpec {
    /// The game's cell index, `None` for a square drawn but not played on.
    pub cell: Option<usize>,
    /// File, 0-based.
    pub file: i32,
    /// Rank, 0-based.
    pub rank: i32,
    /// How it is drawn.
    pub shape: Shape,
    /// Its camp, zone or wall.
    pub mark: Mark,
    /// The piece on it.
    pub piece: Option<Piece>,
}

impl CellSpec {
    /// A played cell of `shape` at (file, rank), unmarked, with `side`'s man if any.
    pub fn man(cell: usize, (file, rank): (i32, i32), shape: Shape, side: Option<usize>) -> Self {
        CellSpec {
            cell: Some(cell),
            file,
            rank,
            shape,
            mark: Mark::None,
            piece: side.map(|side| Piece {
                side,
                kind: Kind::Man,
            }),
        }
    }
}

impl CellSpec {
    /// The same cell drawn as a round hole.
    pub fn hole(self) -> Self {
        CellSpec {
            shape: Shape::Hole,
            ..self
        }
    }
}

/// The (file, rank) of an algebraic cell name like `c3` (0-based), if it is one.
pub fn file_rank(name: &str) -> Option<(i32, i32)> {
    let mut chars = name.chars();
    let file = chars.next().filter(char::is_ascii_lowercase)?;
    let rank: i32 = chars.as_str().parse().ok().filter(|&r| r >= 1)?;
    Some((file as i32 - 'a' as i32, rank - 1))
}

impl Picture {
    /// The picture of `cells` on `lattice` for `sides` sides: the centres placed and the
    /// coordinates labelled at both ends of every file and rank ([`edge_labels`]).
    pub fn new(lattice: Lattice, sides: usize, cells: impl IntoIterator<Item = CellSpec>) -> Self {
        let cells: Vec<CellPicture> = cells
            .into_iter()
            .map(|c| CellPicture {
                cell: c.cell,
                name: if c.cell.is_some() {
                    cell_text(c.file, c.rank)
                } else {
                    String::new()
                },
                file: c.file,
                rank: c.rank,
                centre: lattice.centre(c.file, c.rank),
                shape: c.shape,
                mark: c.mark,
                piece: c.piece,
            })
            .collect();
        let labels = edge_labels(lattice, &cells);
        Picture {
            lattice,
            sides,
            cells,
            labels,
            notes: Vec::new(),
        }
    }

    /// The drawn cell of game cell `cell`, if any.
    pub fn cell(&self, cell: usize) -> Option<&CellPicture> {
        self.cells.iter().find(|c| c.cell == Some(cell))
    }

    /// The number of pieces drawn.
    pub fn piece_count(&self) -> usize {
        self.cells.iter().filter(|c| c.piece.is_some()).count()
    }
}

/// The file letters and rank numbers of `cells`, each on the lattice point one step beyond
/// an end of its line, so that a label always lies on the line of the cells it names.
///
/// On the square lattice the board's frame: the letters in one row under the lowest rank
/// and one over the highest, the numbers in one column left of the first file and one
/// right of the last (the cells drawn but not played on count, so Le Zug's frame is the
/// whole board). On the hexagonal lattice a file runs at 60° and no single row meets every
/// file near the board (the star's side points), so each rank is numbered at both ends of
/// its row and each file lettered at both ends of its line, the letters placed first: a
/// file's line can run along the ends of many rows (the star's `d` and `n` run along the
/// ends of ranks 5 to 9 and 14 to 17), so where a letter holds a row's end point, that
/// rank's number goes further out along its row (up to eight steps: the star's ranks 4
/// and 14 end where five files end, so their numbers stand six steps out).
pub fn edge_labels(lattice: Lattice, cells: &[CellPicture]) -> Vec<Label> {
    let played: Vec<&CellPicture> = cells
        .iter()
        .filter(|c| c.cell.is_some() || c.shape == Shape::Light)
        .collect();
    let mut labels: Vec<Label> = Vec::new();
    let (Some(f0), Some(f1), Some(r0), Some(r1)) = (
        played.iter().map(|c| c.file).min(),
        played.iter().map(|c| c.file).max(),
        played.iter().map(|c| c.rank).min(),
        played.iter().map(|c| c.rank).max(),
    ) else {
        return labels;
    };
    let taken = |labels: &[Label], at: (i32, i32)| {
        let p = lattice.centre(at.0, at.1);
        let near = |q: (f64, f64)| (p.0 - q.0).hypot(p.1 - q.1) < 0.6;
        labels.iter().any(|l| near(l.centre)) || played.iter().any(|c| near(c.centre))
    };
    let put = |labels: &mut Vec<Label>, axis: Axis, index: i32, tries: &[(i32, i32)]| {
        if let Some(&(f, r)) = tries.iter().find(|&&at| !taken(labels, at)) {
            labels.push(Label {
                centre: lattice.centre(f, r),
                text: match axis {
                    Axis::File => file_letter(index),
                    Axis::Rank => (index + 1).to_string(),
                },
                axis,
                index,
            });
        }
    };
    for f in f0..=f1 {
        let column = || played.iter().filter(|c| c.file == f).map(|c| c.rank);
        let (Some(low), Some(high)) = (column().min(), column().max()) else {
            continue;
        };
        match lattice {
            Lattice::Square => {
                put(&mut labels, Axis::File, f, &[(f, r0 - 1)]);
                put(&mut labels, Axis::File, f, &[(f, r1 + 1)]);
            }
            Lattice::Hex => {
                let below: Vec<(i32, i32)> = (1..=4).map(|k| (f, low - k)).collect();
                let above: Vec<(i32, i32)> = (1..=4).map(|k| (f, high + k)).collect();
                put(&mut labels, Axis::File, f, &below);
                put(&mut labels, Axis::File, f, &above);
            }
        }
    }
    for r in r0..=r1 {
        let row = || played.iter().filter(|c| c.rank == r).map(|c| c.file);
        let (Some(low), Some(high)) = (row().min(), row().max()) else {
            continue;
        };
        let (low, high) = match lattice {
            Lattice::Square => (f0, f1),
            Lattice::Hex => (low, high),
        };
        let left: Vec<(i32, i32)> = (1..=8).map(|k| (low - k, r)).collect();
        let right: Vec<(i32, i32)> = (1..=8).map(|k| (high + k, r)).collect();
        put(&mut labels, Axis::Rank, r, &left);
        put(&mut labels, Axis::Rank, r, &right);
    }
    labels
}

/// The cells of a board known by its cell names: every index below `count` whose name
/// (`name`) parses back to it (`parse`) is a plain [`Shape::Square`] at the name's file and
/// rank, unmarked, with `side_at`'s man. Games adjust shapes, marks and kinds after.
pub fn specs_from_names(
    count: usize,
    name: impl Fn(usize) -> String,
    parse: impl Fn(&str) -> Option<usize>,
    side_at: impl Fn(usize) -> Option<usize>,
) -> impl Iterator<Item = CellSpec> {
    (0..count).filter_map(move |c| {
        let text = name(c);
        let place = file_rank(&text)?;
        (parse(&text) == Some(c)).then(|| CellSpec::man(c, place, Shape::Square, side_at(c)))
    })
}

/// The letter of file `f` (0 = `a`).
fn file_letter(f: i32) -> String {
    char::from_u32('a' as u32 + f.clamp(0, 25) as u32)
        .unwrap_or('?')
        .to_string()
}

/// The name of file `f`, rank `r`.
fn cell_text(f: i32, r: i32) -> String {
    format!("{}{}", file_letter(f), r + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_neighbours_are_one_unit_apart() {
        let (x0, y0) = Lattice::Hex.centre(3, 3);
        for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)] {
            let (x, y) = Lattice::Hex.centre(3 + dx, 3 + dy);
            let d = ((x - x0).powi(2) + (y - y0).powi(2)).sqrt();
            assert!((d - 1.0).abs() < 1e-9, "{dx},{dy}: {d}");
        }
    }

    #[test]
    fn names_parse_to_file_and_rank() {
        assert_eq!(file_rank("a1"), Some((0, 0)));
        assert_eq!(file_rank("q17"), Some((16, 16)));
        assert_eq!(file_rank("A1"), None);
        assert_eq!(file_rank("a0"), None);
        assert_eq!(file_rank("a"), None);
        assert_eq!(file_rank(""), None);
    }
}
