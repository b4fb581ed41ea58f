//! The SVG picture of a position, drawn only from what the game says about its cells
//! ([`Picture`]): no list of boards here. Used by `halma show --svg` and by the web page
//! (`serve`), which finds cells and pieces by their `data-cell` attributes.

use halma_engine::game::side_letter;
use halma_engine::picture::{Axis, Lattice, Mark, Picture, Shape};
use halma_engine::{Error, Game};
use std::fmt::Write;

/// The colour of each side's pieces (up to six sides), far apart in hue.
pub const SIDE_COLOURS: [&str; 6] = [
    "#d62728", "#1f5fbf", "#2ca02c", "#f2c12e", "#8e44ad", "#222222",
];

/// Pixels per lattice unit.
const UNIT: f64 = 40.0;
/// Margin around the cells and labels, in lattice units.
const MARGIN: f64 = 0.7;
/// The most cells an arrow may pass through.
pub const MAX_ARROW_CELLS: usize = 64;
/// A piece's radius, in pixels.
const PIECE_RADIUS: f64 = 0.36 * UNIT;
/// How far an arrowhead's tip reaches beyond the end of its line, in pixels (the marker's
/// 16 px drawn from 6 of its 10 units: 0.4 × 16).
const HEAD_REACH: f64 = 6.4;
/// The distance between arrows that would otherwise lie on one another, in pixels.
const ARROW_GAP: f64 = 7.0;

/// One arrow: the cells of a path, hop by hop, and its colour and opacity.
#[derive(Clone, Debug, PartialEq)]
pub struct Arrow {
    /// The cells, first to last (one cell: a ring is drawn on it).
    pub cells: Vec<usize>,
    /// A CSS colour.
    pub colour: String,
    /// Opacity, 0 to 1.
    pub opacity: f64,
    /// The last move's arrow: drawn under the pieces, so that it never hides one.
    pub last: bool,
}

impl Arrow {
    /// The arrow of a path text such as `c3-e5-g5` (a move's path, `GameRules::path_text`):
    /// every part that names a cell of `pos` in order; a drop's `@` before the first cell
    /// and a bear-off's `off` after the last are skipped. An error names a bad part (`off`
    /// or `pass` elsewhere, a cell repeated at once) or says the path is empty or too long.
    pub fn parse<P: Game>(pos: &P, text: &str, colour: &str) -> Result<Arrow, Error> {
        let mut cells = Vec::new();
        let parts: Vec<&str> = text.trim().split('-').collect();
        for (i, part) in parts.iter().enumerate() {
            let part = part.trim();
            let part = if i == 0 {
                part.strip_prefix('@').unwrap_or(part)
            } else {
                part
            };
            if (part == "off" && i > 0 && i + 1 == parts.len()) || text.trim() == "pass" {
                continue;
            }
            if cells.len() == MAX_ARROW_CELLS {
                return Err(Error::Move(format!(
                    "an arrow may not pass more than {MAX_ARROW_CELLS} cells ({} given)",
                    parts.len()
                )));
            }
            let cell = pos
                .parse_cell(part)
                .map_err(|e| Error::Move(format!("arrow '{text}': {}", e.message())))?;
            if cells.last() == Some(&cell) {
                return Err(Error::Move(format!(
                    "arrow '{text}': the cell {part} follows itself"
                )));
            }
            cells.push(cell);
        }
        if cells.is_empty() {
            return Err(Error::Move(format!("arrow '{text}' names no cell")));
        }
        Ok(Arrow {
            cells,
            colour: colour.to_string(),
            opacity: 0.85,
            last: false,
        })
    }
}

/// How to draw: arrows over the board, and whether the board is turned half round.
#[derive(Clone, Debug, Default)]
pub struct Drawing {
    /// Arrows, drawn in order (the last on top).
    pub arrows: Vec<Arrow>,
    /// Turn the board 180° (the second side's view).
    pub flip: bool,
}

/// The SVG document of `pic` with `drawing`'s arrows.
pub fn render(pic: &Picture, drawing: &Drawing) -> String {
    let points = pic
        .cells
        .iter()
        .map(|c| c.centre)
        .chain(pic.labels.iter().map(|l| l.centre));
    let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for (x, y) in points {
        x0 = x0.min(x);
        y0 = y0.min(y);
        x1 = x1.max(x);
        y1 = y1.max(y);
    }
    if x0 > x1 {
        (x0, y0, x1, y1) = (0.0, 0.0, 0.0, 0.0);
    }
    let notes_height = pic.notes.len() as f64 * 0.5;
    let width = (x1 - x0 + 2.0 * MARGIN) * UNIT;
    let height = (y1 - y0 + 2.0 * MARGIN + notes_height) * UNIT;
    // Screen position of a lattice point: y upwards on the lattice, down on screen.
    let at = |(x, y): (f64, f64)| -> (f64, f64) {
        let (x, y) = if drawing.flip {
            (x0 + x1 - x, y0 + y1 - y)
        } else {
            (x, y)
        };
        ((x - x0 + MARGIN) * UNIT, (y1 - y + MARGIN) * UNIT)
    };
    let mut out = String::new();
    let _ = write!(
        out,
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.1} {height:.1}" width="{width:.0}" height="{height:.0}" class="board lattice-{}" font-family="sans-serif">"##,
        pic.lattice.name()
    );
    out.push_str(
        r##"<defs><marker id="arrowhead" viewBox="0 0 10 10" refX="6" refY="5" markerUnits="userSpaceOnUse" markerWidth="16" markerHeight="16" orient="auto-start-reverse"><path d="M0,0L10,5L0,10z" fill="context-stroke"/></marker></defs>"##,
    );
    let _ = write!(
        out,
        r##"<rect x="0" y="0" width="{width:.1}" height="{height:.1}" fill="#e9d3a4"/>"##
    );
    if pic.lattice == Lattice::Hex {
        guides(&mut out, pic, &at);
    }
    out.push_str(r#"<g class="cells">"#);
    for c in &pic.cells {
        let (x, y) = at(c.centre);
        let data = if c.cell.is_some() {
            format!(r#" data-cell="{}""#, c.name)
        } else {
            String::new()
        };
        let fill = match c.shape {
            Shape::Square | Shape::Light => "#f4e4c1",
            Shape::Dark => "#a57a52",
            Shape::Hole => "#c9a66b",
        };
        let tint = match c.mark {
            Mark::None => None,
            Mark::Camp(s) => Some((SIDE_COLOURS[s % 6], 0.28)),
            Mark::Zone => Some(("#7f7f7f", 0.3)),
            Mark::Wall(s) => Some((SIDE_COLOURS[s % 6], 0.5)),
            Mark::Edge => None,
        };
        let class = format!("cell {}", c.shape.name());
        match c.shape {
            Shape::Hole => {
                let _ = write!(
                    out,
                    r##"<circle class="{class}"{data} cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="{fill}" stroke="#7a5a30" stroke-width="1"/>"##,
                    0.3 * UNIT
                );
                if let Some((colour, alpha)) = tint {
                    let _ = write!(
                        out,
                        r##"<circle class="tint" cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="{colour}" fill-opacity="{alpha}" pointer-events="none"/>"##,
                        0.46 * UNIT
                    );
                }
                if c.mark == Mark::Edge {
                    edge_ring(&mut out, pic.sides, (x, y), c);
                }
            }
            _ => {
                let h = UNIT / 2.0;
                let _ = write!(
                    out,
                    r##"<rect class="{class}"{data} x="{:.1}" y="{:.1}" width="{UNIT}" height="{UNIT}" fill="{fill}" stroke="#8a6a40" stroke-width="0.5"/>"##,
                    x - h,
                    y - h
                );
                if let Some((colour, alpha)) = tint {
                    let _ = write!(
                        out,
                        r##"<rect class="tint" x="{:.1}" y="{:.1}" width="{UNIT}" height="{UNIT}" fill="{colour}" fill-opacity="{alpha}" pointer-events="none"/>"##,
                        x - h,
                        y - h
                    );
                }
            }
        }
    }
    out.push_str("</g><g class=\"labels\" font-size=\"15\" font-weight=\"bold\" fill=\"#5a4020\" text-anchor=\"middle\" dominant-baseline=\"central\">");
    for l in &pic.labels {
        let (x, y) = at(l.centre);
        let axis = match l.axis {
            Axis::File => "file",
            Axis::Rank => "rank",
        };
        let _ = write!(
            out,
            r#"<text class="{axis}" data-{axis}="{0}" x="{x:.1}" y="{y:.1}">{0}</text>"#,
            escape(&l.text)
        );
    }
    out.push_str("</g>");
    // The last move's arrow under the pieces, the others over them.
    let slots = arrow_slots(pic, &drawing.arrows, &at);
    let layer = |out: &mut String, last: bool| {
        for (arrow, &slot) in drawing.arrows.iter().zip(&slots) {
            if arrow.last == last {
                draw_arrow(out, pic, arrow, slot, &at);
            }
        }
    };
    out.push_str("<g class=\"arrows under\" pointer-events=\"none\">");
    layer(&mut out, true);
    out.push_str("</g><g class=\"pieces\">");
    for c in &pic.cells {
        let Some(p) = c.piece else { continue };
        let (x, y) = at(c.centre);
        let colour = SIDE_COLOURS[p.side % 6];
        let letter = side_letter(p.side);
        let _ = write!(
            out,
            r##"<g class="piece side-{letter} {}" data-cell="{}" data-side="{letter}"><circle cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="{colour}" stroke="#1a1a1a" stroke-width="1.5"/>"##,
            p.kind.name(),
            c.name,
            0.36 * UNIT
        );
        if let Some(k) = p.kind.letter() {
            let _ = write!(
                out,
                r##"<text x="{x:.1}" y="{y:.1}" font-size="18" font-weight="bold" fill="#ffffff" stroke="#000000" stroke-width="0.6" text-anchor="middle" dominant-baseline="central" pointer-events="none">{k}</text>"##
            );
        }
        out.push_str("</g>");
    }
    out.push_str("</g><g class=\"arrows\" pointer-events=\"none\">");
    layer(&mut out, false);
    out.push_str("</g>");
    for (i, note) in pic.notes.iter().enumerate() {
        let y = height - (notes_height - i as f64 * 0.5 - 0.1) * UNIT;
        let _ = write!(
            out,
            r##"<text class="note" x="{:.1}" y="{y:.1}" font-size="14" fill="#3a2a10">{}</text>"##,
            MARGIN * UNIT,
            escape(note)
        );
    }
    out.push_str("</svg>\n");
    out
}

/// Faint lines along every file and rank of a hexagonal board, under its holes, from its
/// first cell to its last: a file runs at 60°, and the line leads the eye from a cell to
/// the letter at the file's end.
fn guides(out: &mut String, pic: &Picture, at: &impl Fn((f64, f64)) -> (f64, f64)) {
    out.push_str(
        r##"<g class="guides" stroke="#b8945c" stroke-width="1.5" pointer-events="none">"##,
    );
    let played: Vec<_> = pic.cells.iter().filter(|c| c.cell.is_some()).collect();
    for axis in [Axis::File, Axis::Rank] {
        let key = |c: &&halma_engine::picture::CellPicture| match axis {
            Axis::File => (c.file, c.rank),
            Axis::Rank => (c.rank, c.file),
        };
        let mut lines: Vec<(i32, i32)> = played.iter().map(key).collect();
        lines.sort_unstable();
        let mut i = 0;
        while i < lines.len() {
            let line = lines[i].0;
            let j = i + lines[i..].iter().take_while(|k| k.0 == line).count();
            let (first, last) = (lines[i].1, lines[j - 1].1);
            if first < last {
                let place = |along: i32| match axis {
                    Axis::File => pic.lattice.centre(line, along),
                    Axis::Rank => pic.lattice.centre(along, line),
                };
                let ((ax, ay), (bx, by)) = (at(place(first)), at(place(last)));
                let _ = write!(
                    out,
                    r#"<line x1="{ax:.1}" y1="{ay:.1}" x2="{bx:.1}" y2="{by:.1}"/>"#
                );
            }
            i = j;
        }
    }
    out.push_str("</g>");
}

/// The ring of a goal-edge cell ([`Mark::Edge`]): dashes in each side's colour in turn.
fn edge_ring(
    out: &mut String,
    sides: usize,
    (x, y): (f64, f64),
    c: &halma_engine::picture::CellPicture,
) {
    let sides = sides.clamp(1, 6);
    let r = 0.45 * UNIT;
    let dash = 2.0 * std::f64::consts::PI * r / (4 * sides) as f64;
    let _ = write!(
        out,
        r#"<g class="goal-edge" data-cell="{}" pointer-events="none">"#,
        c.name
    );
    for (s, colour) in SIDE_COLOURS.iter().enumerate().take(sides) {
        let _ = write!(
            out,
            r#"<circle cx="{x:.1}" cy="{y:.1}" r="{r:.1}" fill="none" stroke="{colour}" stroke-width="4" stroke-dasharray="{dash:.2} {:.2}" stroke-dashoffset="{:.2}"/>"#,
            dash * (sides - 1) as f64,
            -dash * s as f64
        );
    }
    out.push_str("</g>");
}

/// The screen segments of an arrow's hops.
fn hops(
    pic: &Picture,
    arrow: &Arrow,
    at: &impl Fn((f64, f64)) -> (f64, f64),
) -> Vec<((f64, f64), (f64, f64))> {
    let centres: Vec<(f64, f64)> = arrow
        .cells
        .iter()
        .filter_map(|&c| pic.cell(c).map(|c| at(c.centre)))
        .collect();
    centres.windows(2).map(|w| (w[0], w[1])).collect()
}

/// Whether two segments lie on one line and share more than a point.
fn overlap(a: ((f64, f64), (f64, f64)), b: ((f64, f64), (f64, f64))) -> bool {
    let (d, len) = (
        (a.1 .0 - a.0 .0, a.1 .1 - a.0 .1),
        (a.1 .0 - a.0 .0).hypot(a.1 .1 - a.0 .1),
    );
    if len < 1e-9 {
        return false;
    }
    let off = |p: (f64, f64)| ((p.0 - a.0 .0) * d.1 - (p.1 - a.0 .1) * d.0).abs() / len;
    if off(b.0) > 1.0 || off(b.1) > 1.0 {
        return false;
    }
    let along = |p: (f64, f64)| ((p.0 - a.0 .0) * d.0 + (p.1 - a.0 .1) * d.1) / len;
    let (lo, hi) = (along(b.0).min(along(b.1)), along(b.0).max(along(b.1)));
    hi.min(len) - lo.max(0.0) > 1.0
}

/// Each arrow's slot: 0 for an arrow that lies on no earlier one, else the first of 1, −1,
/// 2, −2, … that no earlier arrow lying on it holds, so that arrows sharing a hop are drawn
/// side by side, `ARROW_GAP` apart, and each stays visible.
fn arrow_slots(
    pic: &Picture,
    arrows: &[Arrow],
    at: &impl Fn((f64, f64)) -> (f64, f64),
) -> Vec<i32> {
    let segments: Vec<_> = arrows.iter().map(|a| hops(pic, a, at)).collect();
    let mut slots: Vec<i32> = Vec::with_capacity(arrows.len());
    for (i, mine) in segments.iter().enumerate() {
        let used: Vec<i32> = (0..i)
            .filter(|&j| {
                mine.iter()
                    .any(|&a| segments[j].iter().any(|&b| overlap(a, b)))
            })
            .map(|j| slots[j])
            .collect();
        let slot = (0..)
            .map(|k: i32| if k % 2 == 1 { (k + 1) / 2 } else { -k / 2 })
            .find(|s| !used.contains(s))
            .unwrap_or(0);
        slots.push(slot);
    }
    slots
}

/// One arrow: a ring for a single cell, else a line a hop, shifted sideways by its slot
/// (the same side whichever way a hop runs), starting and ending at a piece's rim rather
/// than its centre, so that neither the line nor the head covers the piece's letter.
fn draw_arrow(
    out: &mut String,
    pic: &Picture,
    arrow: &Arrow,
    slot: i32,
    at: &impl Fn((f64, f64)) -> (f64, f64),
) {
    let class = if arrow.last {
        "arrow last-move"
    } else {
        "arrow"
    };
    let _ = write!(
        out,
        r#"<g class="{class}" data-slot="{slot}" stroke="{}" stroke-opacity="{:.2}" fill="{0}" fill-opacity="{1:.2}">"#,
        escape(&arrow.colour),
        arrow.opacity.clamp(0.0, 1.0)
    );
    let piece_on = |i: usize| {
        arrow
            .cells
            .get(i)
            .and_then(|&c| pic.cell(c))
            .is_some_and(|c| c.piece.is_some())
    };
    if arrow.cells.len() == 1 {
        if let Some(c) = pic.cell(arrow.cells[0]) {
            let (x, y) = at(c.centre);
            let _ = write!(
                out,
                r#"<circle class="ring" cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="none" stroke-width="4"/>"#,
                0.42 * UNIT
            );
        }
    }
    let segments = hops(pic, arrow, at);
    let count = segments.len();
    for (i, ((ax, ay), (bx, by))) in segments.into_iter().enumerate() {
        let len = (bx - ax).hypot(by - ay);
        if len < 1e-9 {
            continue;
        }
        let (ux, uy) = ((bx - ax) / len, (by - ay) / len);
        // The sideways normal, turned to one side whichever way the hop runs.
        let flip = if ux < -1e-9 || (ux.abs() <= 1e-9 && uy < 0.0) {
            -1.0
        } else {
            1.0
        };
        let shift = ARROW_GAP * slot as f64;
        let (nx, ny) = (-uy * flip * shift, ux * flip * shift);
        let last = i + 1 == count;
        let mut from = if i == 0 && piece_on(0) {
            PIECE_RADIUS + 1.0
        } else {
            0.0
        };
        let mut to = if last && piece_on(arrow.cells.len() - 1) {
            PIECE_RADIUS + 1.0
        } else {
            0.0
        };
        if last {
            to += HEAD_REACH;
        }
        if from + to > len - 2.0 {
            from = 0.0;
            to = to.min(len - 2.0).max(0.0);
        }
        let head = if last {
            r#" marker-end="url(#arrowhead)""#
        } else {
            ""
        };
        let _ = write!(
            out,
            r#"<line class="hop" x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke-width="6" stroke-linecap="round"{head}/>"#,
            ax + ux * from + nx,
            ay + uy * from + ny,
            bx - ux * to + nx,
            by - uy * to + ny
        );
    }
    out.push_str("</g>");
}

/// Text made safe inside an XML element or attribute.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The arrow of the last move made in `pos` (its path in the position before it), if any.
pub fn last_move_arrow<P: Game>(pos: &P, colour: &str) -> Option<Arrow> {
    let mv = pos.history().last()?;
    let mut before = pos.clone();
    before.unmake();
    let mut arrow = Arrow::parse(&before, &before.path_text(mv), colour).ok()?;
    arrow.last = true;
    Some(arrow)
}
