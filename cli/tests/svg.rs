//! `halma show --svg`: well-formed XML for every board and every relative, one piece drawn
//! per piece on the board, arrows with one segment per hop, and bad arrows refused.

use crate::common;

use common::{fails, ok, ok_line};
use halma_engine::games::Variant;

/// The parsed document's elements with `class` starting with `prefix`.
fn count_class(doc: &roxmltree::Document, prefix: &str) -> usize {
    doc.descendants()
        .filter(|n| {
            n.attribute("class")
                .is_some_and(|c| c.split(' ').next() == Some(prefix))
        })
        .count()
}

/// The pieces the text diagram shows (side letters, upper or lower case, or a chess
/// piece's letter): counted from `halma show --json`'s position's placement field.
fn pieces_in_placement(args: &[&str]) -> usize {
    let mut full = vec!["show", "--json"];
    full.extend_from_slice(args);
    let v: serde_json::Value = serde_json::from_str(&ok(&full)).unwrap();
    let text = v["position"].as_str().unwrap().to_string();
    let placement = text.split_whitespace().nth(1).unwrap();
    placement
        .chars()
        .filter(|c| c.is_ascii_alphabetic())
        .count()
}

#[test]
fn every_board_and_relative_renders_well_formed_with_each_piece() {
    for game in Variant::samples() {
        let game = game.to_string();
        let game = game.as_str();
        let svg = ok(&["show", "--rules", game, "--svg"]);
        let doc =
            roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("{game}: not XML: {e}"));
        assert_eq!(doc.root_element().tag_name().name(), "svg", "{game}");
        let pieces = count_class(&doc, "piece");
        assert_eq!(pieces, pieces_in_placement(&["--rules", game]), "{game}");
        assert!(count_class(&doc, "cell") >= 16, "{game}");
        assert_eq!(count_class(&doc, "hop"), 0, "{game}: no move, no arrow");
    }
}

#[test]
fn the_last_move_and_the_arrow_follow_their_paths_hop_by_hop() {
    // b1-d5 is the jump chain b1-b3-d5 after b3-c4 g6-f5: two hops.
    let svg = ok(&["show", "--moves", "b3-c4 g6-f5 b1-d5", "--svg"]);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    assert_eq!(count_class(&doc, "arrow"), 1);
    assert_eq!(count_class(&doc, "hop"), 2);
    let svg = ok_line("show --moves b3-c4 --svg --no-last-move --arrow a1-c3-e5-g7");
    let doc = roxmltree::Document::parse(&svg).unwrap();
    assert_eq!(count_class(&doc, "arrow"), 1);
    assert_eq!(count_class(&doc, "hop"), 3);
    // On the star and flipped; a drop is a ring, no hop.
    let svg = ok(&[
        "show", "--rules", "star-6", "--svg", "--flip", "--arrow", "i5-i7",
    ]);
    assert_eq!(
        count_class(&roxmltree::Document::parse(&svg).unwrap(), "hop"),
        1
    );
    let svg = ok(&["show", "--rules", "topsecret", "--moves", "@f6", "--svg"]);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    assert_eq!(
        (count_class(&doc, "ring"), count_class(&doc, "hop")),
        (1, 0)
    );
}

#[test]
fn bad_svg_requests_are_refused_plainly() {
    for (args, says) in [
        (vec!["show", "--svg", "--arrow", "z9-a1"], "z9"),
        (vec!["show", "--svg", "--arrow", ""], "empty"),
        (vec!["show", "--svg", "--arrow", "a1-b2-c3-d4-e5-f6-g7-h8-a1-b2-c3-d4-e5-f6-g7-h8-a1-b2-c3-d4-e5-f6-g7-h8-a1-b2-c3-d4-e5-f6-g7-h8-a1-b2-c3-d4-e5-f6-g7-h8-a1-b2-c3-d4-e5-f6-g7-h8-a1-b2-c3-d4-e5-f6-g7-h8-a1-b2-c3-d4-e5-f6-g7-h8-a1"], "more than 64"),
        (vec!["show", "--arrow", "a1-b2"], "--svg"),
        (vec!["show", "--svg", "--json"], "--json"),
        (vec!["show", "--svg", "--arrow", "-"], "empty"),
        (vec!["show", "--svg", "--arrow", "a1--c3"], "empty"),
        (vec!["show", "--svg", "--arrow", "a1-a1"], "follows itself"),
        (vec!["show", "--svg", "--arrow", "a1-c3-c3-e5"], "follows itself"),
        (vec!["show", "--svg", "--arrow", "a1-off-c3"], "off"),
        (vec!["show", "--svg", "--arrow", "off"], "off"),
        (vec!["show", "--svg", "--arrow", "a1-pass"], "pass"),
        (vec!["show", "--svg", "--arrow", "a1-@c3"], "@c3"),
        (vec!["show", "--svg", "--arrow", "a1-c3 e5"], "c3 e5"),
        (vec!["show", "--svg", "--arrow", "99999999999999999999"], "99999999999999999999"),
        (vec!["show", "--rules", "star-6", "--svg", "--arrow", "i5-z99"], "z99"),
    ] {
        let err = fails(&args);
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

/// The `(x1, y1, x2, y2)` of every hop line under the element of class `class`.
fn hop_lines(doc: &roxmltree::Document, class: &str) -> Vec<[f64; 4]> {
    let num = |n: roxmltree::Node, a: &str| n.attribute(a).unwrap().parse::<f64>().unwrap();
    doc.descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .flat_map(|g| {
            g.descendants()
                .filter(|n| n.attribute("class") == Some("hop"))
        })
        .map(|n| [num(n, "x1"), num(n, "y1"), num(n, "x2"), num(n, "y2")])
        .collect()
}

/// The centre of the cell named `name`.
fn cell_centre(doc: &roxmltree::Document, name: &str) -> (f64, f64) {
    let n = doc
        .descendants()
        .find(|n| {
            n.attribute("data-cell") == Some(name)
                && n.attribute("class").is_some_and(|c| c.starts_with("cell"))
        })
        .unwrap();
    let num = |a: &str| n.attribute(a).unwrap().parse::<f64>().unwrap();
    match n.tag_name().name() {
        "circle" => (num("cx"), num("cy")),
        _ => (
            num("x") + num("width") / 2.0,
            num("y") + num("height") / 2.0,
        ),
    }
}

#[test]
fn the_last_move_lies_under_the_pieces_and_an_arrow_on_it_beside_it() {
    // The last move b3-c4 and an arrow along the same hop: drawn side by side, not on one
    // another; the last move's arrow under the pieces, its head ending at c4's piece's rim.
    let svg = ok(&["show", "--moves", "b3-c4", "--arrow", "b3-c4", "--svg"]);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let order: Vec<&str> = doc
        .root_element()
        .children()
        .filter_map(|n| n.attribute("class"))
        .collect();
    let at = |c: &str| order.iter().position(|&o| o == c).unwrap();
    assert!(
        at("arrows under") < at("pieces") && at("pieces") < at("arrows"),
        "{order:?}"
    );
    let last = hop_lines(&doc, "arrow last-move");
    let other = hop_lines(&doc, "arrow");
    assert_eq!((last.len(), other.len()), (1, 1));
    let (l, o) = (last[0], other[0]);
    // Parallel lines 7 px apart (the same direction, shifted sideways).
    let (dx, dy) = (l[2] - l[0], l[3] - l[1]);
    let len = dx.hypot(dy);
    let apart = ((o[0] - l[0]) * dy - (o[1] - l[1]) * dx).abs() / len;
    assert!((6.0..8.5).contains(&apart), "{l:?} {o:?}: {apart}");
    // The head's tip (6.4 px past the line's end) stops at the piece's rim (14.4 px).
    let (cx, cy) = cell_centre(&doc, "c4");
    let tip = (l[2] + dx / len * 6.4, l[3] + dy / len * 6.4);
    let gap = (tip.0 - cx).hypot(tip.1 - cy);
    assert!(gap >= 14.4, "the head reaches {gap:.1} px from c4's centre");
}

#[test]
fn every_file_and_rank_is_labelled_on_its_own_line() {
    // Each label lies on the line of the cells it names: a rank's number at its cells'
    // height, a file's letter on the straight line through its cells; every file and rank
    // of every board has one. Hexma's two goal edges are ringed (34 cells).
    for game in Variant::samples() {
        let game = game.to_string();
        let svg = ok(&["show", "--rules", &game, "--svg"]);
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let cells: Vec<(String, (f64, f64))> = doc
            .descendants()
            .filter(|n| n.attribute("class").is_some_and(|c| c.starts_with("cell")))
            .filter_map(|n| n.attribute("data-cell"))
            .map(|name| (name.to_string(), cell_centre(&doc, name)))
            .collect();
        let split = |name: &str| (name[..1].to_string(), name[1..].to_string());
        for axis in ["file", "rank"] {
            let attr = format!("data-{axis}");
            let labels: Vec<(String, (f64, f64))> = doc
                .descendants()
                .filter_map(|n| {
                    let text = n.attribute(attr.as_str())?;
                    let num = |a: &str| n.attribute(a).unwrap().parse::<f64>().unwrap();
                    Some((text.to_string(), (num("x"), num("y"))))
                })
                .collect();
            let key = |name: &str| {
                let (f, r) = split(name);
                if axis == "file" {
                    f
                } else {
                    r
                }
            };
            for (name, _) in &cells {
                let k = key(name);
                assert!(
                    labels.iter().any(|l| l.0 == k),
                    "{game}: no {axis} label {k}"
                );
            }
            for (text, (x, y)) in &labels {
                let line: Vec<(f64, f64)> = cells
                    .iter()
                    .filter(|c| key(&c.0) == *text)
                    .map(|c| c.1)
                    .collect();
                assert!(!line.is_empty(), "{game}: label {text} names no cell");
                for &(cx, cy) in &line {
                    let d = (x - cx).hypot(y - cy);
                    assert!(d > 20.0, "{game}: {axis} {text} on a cell ({d:.1} px)");
                }
                if axis == "rank" {
                    assert!(
                        line.iter().all(|c| (c.1 - y).abs() < 0.2),
                        "{game}: rank {text}"
                    );
                } else if line.len() >= 2 {
                    let (a, b) = (line[0], line[line.len() - 1]);
                    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
                    let off = ((x - a.0) * dy - (y - a.1) * dx).abs() / dx.hypot(dy);
                    assert!(off < 0.5, "{game}: file {text} {off:.1} px off its line");
                }
            }
        }
        let edges = count_class(&doc, "goal-edge");
        assert_eq!(edges, if game == "hexma" { 34 } else { 0 }, "{game}");
    }
}
