//! The SVG picture of a position, drawn only from what the game says about its cells
//! ([`Picture`]): no list of boards here. Used by `halma show --svg` and by the web page
//! (`serve`), which finds cells and pieces by their `data-cell` attributes.

use halma_engine::game::side_letter;
use halma_engine::picture::{Mark, Picture, Shape};
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

/// One arrow: the cells of a path, hop by hop, and its colour and opacity.
#[derive(Clone, Debug, PartialEq)]
pub struct Arrow {
    /// The cells, first to last (one cell: a ring is drawn on it).
    pub cells: Vec<usize>,
    /// A CSS colour.
    pub colour: String,
    /// Opacity, 0 to 1.
    pub opacity: f64,
}

impl Arrow {
    /// The arrow of a path text such as `c3-e5-g5` (a move's path, `Game::path_text`):
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
        r##"<defs><marker id="arrowhead" viewBox="0 0 10 10" refX="6" refY="5" markerWidth="4" markerHeight="4" orient="auto-start-reverse"><path d="M0,0L10,5L0,10z" fill="context-stroke"/></marker></defs>"##,
    );
    let _ = write!(
        out,
        r##"<rect x="0" y="0" width="{width:.1}" height="{height:.1}" fill="#e9d3a4"/>"##
    );
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
    out.push_str("</g><g class=\"labels\" font-size=\"14\" fill=\"#5a4020\" text-anchor=\"middle\" dominant-baseline=\"central\">");
    for l in &pic.labels {
        let (x, y) = at(l.centre);
        let _ = write!(
            out,
            r#"<text x="{x:.1}" y="{y:.1}">{}</text>"#,
            escape(&l.text)
        );
    }
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
    for arrow in &drawing.arrows {
        let centres: Vec<(f64, f64)> = arrow
            .cells
            .iter()
            .filter_map(|&c| pic.cell(c).map(|c| at(c.centre)))
            .collect();
        let _ = write!(
            out,
            r#"<g class="arrow" stroke="{}" stroke-opacity="{:.2}" fill="{0}" fill-opacity="{1:.2}">"#,
            escape(&arrow.colour),
            arrow.opacity.clamp(0.0, 1.0)
        );
        if centres.len() == 1 {
            let (x, y) = centres[0];
            let _ = write!(
                out,
                r#"<circle class="ring" cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="none" stroke-width="4"/>"#,
                0.42 * UNIT
            );
        }
        let hops = centres.len().saturating_sub(1);
        for (i, pair) in centres.windows(2).enumerate() {
            let ((ax, ay), (bx, by)) = (pair[0], pair[1]);
            let head = if i + 1 == hops {
                r#" marker-end="url(#arrowhead)""#
            } else {
                ""
            };
            let _ = write!(
                out,
                r#"<line class="hop" x1="{ax:.1}" y1="{ay:.1}" x2="{bx:.1}" y2="{by:.1}" stroke-width="6" stroke-linecap="round"{head}/>"#
            );
        }
        out.push_str("</g>");
    }
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
    Arrow::parse(&before, &before.path_text(mv), colour).ok()
}
