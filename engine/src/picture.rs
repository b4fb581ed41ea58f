//! What a game says about its cells for a picture: each cell's place on a unit lattice, its
//! shape, the camp or zone it belongs to, and the piece on it; the labels along the edges.
//!
//! Front ends draw a [`Picture`] without knowing the game: `halma show --svg` and the web
//! page draw from it alone, so a new game gets its picture by describing its cells
//! ([`crate::game::Game::picture`]). Pictures are built on demand for display, never in
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

/// A coordinate label along an edge.
#[derive(Clone, Debug, PartialEq)]
pub struct Label {
    /// Where it is drawn, on the lattice.
    pub centre: (f64, f64),
    /// Its text (`a`, `12`).
    pub text: String,
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
    /// The picture of `cells` on `lattice` for `sides` sides: the centres placed, the file
    /// letters put under the lowest played cell of each file and the rank numbers left of
    /// the leftmost played cell of each rank.
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
        let played = || {
            cells
                .iter()
                .filter(|c| c.cell.is_some() || c.shape == Shape::Light)
        };
        let mut labels = Vec::new();
        let mut ranks: Vec<i32> = played().map(|c| c.rank).collect();
        ranks.sort_unstable();
        ranks.dedup();
        for r in ranks {
            let left = played().filter(|c| c.rank == r).map(|c| c.file).min();
            if let Some(f) = left {
                labels.push(Label {
                    centre: lattice.centre(f - 1, r),
                    text: (r + 1).to_string(),
                });
            }
        }
        // File letters under each file, or over it where a rank number or cell is in the
        // way (the star's side points); none if both places are taken.
        let free = |labels: &[Label], at: (f64, f64)| {
            let far = |p: (f64, f64)| (p.0 - at.0).hypot(p.1 - at.1) > 0.6;
            labels.iter().all(|l| far(l.centre)) && played().all(|c| far(c.centre))
        };
        let mut files: Vec<i32> = played().map(|c| c.file).collect();
        files.sort_unstable();
        files.dedup();
        for f in files {
            let column = || played().filter(|c| c.file == f).map(|c| c.rank);
            let (Some(low), Some(high)) = (column().min(), column().max()) else {
                continue;
            };
            let below = lattice.centre(f, low - 1);
            let above = lattice.centre(f, high + 1);
            let place = [below, above].into_iter().find(|&p| free(&labels, p));
            if let Some(centre) = place {
                labels.push(Label {
                    centre,
                    text: file_letter(f),
                });
            }
        }
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
