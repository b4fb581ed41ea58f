//! `halma show --svg`: well-formed XML for every board and every relative, one piece drawn
//! per piece on the board, arrows with one segment per hop, and bad arrows refused.

use crate::common;

use common::{fails, ok};
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
    let svg = ok(&[
        "show",
        "--moves",
        "b3-c4",
        "--svg",
        "--no-last-move",
        "--arrow",
        "a1-c3-e5-g7",
    ]);
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
