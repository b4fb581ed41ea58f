//! The checks every fuzzer of the engine's text formats applies to what a parser accepted,
//! shared by the proptest fuzzers (`engine/tests/fuzz.rs`) and the cargo-fuzz targets
//! (`fuzz/`, which include this file by path). Each panics when the check fails.

use halma_engine::games::halma::notation::split_position_text;
use halma_engine::{with_geometry, Error, Geometry, Position, Rules, Setup};
use std::sync::Arc;

/// Rule sets whose moves are printed and parsed.
pub const MOVE_RULES: &[&str] = &[
    "halma8",
    "halma16",
    "diamond",
    "star-2",
    "star-3",
    "halma10:jumps=long",
];

/// Parses a whole position text the way the command line does.
pub fn parse_position(text: &str) -> Result<String, Error> {
    let (rules, fields) = split_position_text(text)?;
    with_geometry!(rules.board, G => {
        let setup = Arc::new(Setup::<G>::new(rules)?);
        let pos = Position::<G>::from_text_fields(setup, fields)?;
        check_consistent(&pos);
        Ok(pos.to_text())
    })
}

/// What must hold of any position a parser accepted: the key is the key of its pieces, the
/// move generator and status work, and its text parses back to the same position.
pub fn check_consistent<G: Geometry>(pos: &Position<G>) {
    assert_eq!(pos.key(), pos.compute_key(), "{}", pos.to_text());
    let moves = pos.legal_moves();
    assert_eq!(
        moves.is_empty(),
        pos.status().is_over(),
        "{}",
        pos.to_text()
    );
    let text = pos.to_text();
    let (rules, fields) = split_position_text(&text).expect("printed rules parse");
    let setup = Arc::new(Setup::<G>::new(rules).expect("printed rules set up"));
    let back = Position::<G>::from_text_fields(setup, fields).expect("printed text parses");
    assert_eq!(back.to_text(), text);
    assert_eq!(back.key(), pos.key());
}

/// Parses a rules text; if accepted, its printed form parses back to the same rules, prints
/// the same, and sets up a game (or is refused with an error) without panicking.
pub fn check_rules(text: &str) -> Option<Rules> {
    let rules = Rules::parse(text).ok()?;
    let printed = rules.to_string();
    let back = Rules::parse(&printed).expect("printed rules parse");
    assert_eq!(back, rules, "{text} printed as {printed}");
    assert_eq!(back.to_string(), printed);
    with_geometry!(rules.board, G => {
        if let Ok(setup) = Setup::<G>::new(rules) {
            check_consistent(&Position::start(Arc::new(setup)));
        }
    });
    Some(rules)
}

/// Parses `text` as a move of `pos`: if accepted, the move is legal here.
pub fn check_move<G: Geometry>(pos: &Position<G>, text: &str) {
    if let Ok(mv) = pos.parse_move(text) {
        assert!(pos.is_legal(mv), "'{text}' accepted in {}", pos.to_text());
        assert!(
            pos.legal_moves().contains(&mv),
            "'{text}' in {}",
            pos.to_text()
        );
    }
}
