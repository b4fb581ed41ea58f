//! Pins the Zobrist keys of a few known positions to literal values.
//!
//! The keys are drawn from a fixed seed (`engine/src/games/halma/zobrist.rs`), so they are the same on
//! every run and machine, and things outside the process depend on that: transposition
//! tables saved or compared across runs, opening books and records keyed by position, the
//! bench signature. A change to the seed, the generator, the order keys are drawn in, the
//! bit layout of a board or the way a key is combined changes these values. That may only
//! happen on purpose: then update the literals below in the same commit and say in its
//! message that stored keys are invalidated.

use halma_engine::games::halma::notation::split_position_text;
use halma_engine::{with_geometry, Position, Rules, Setup};
use std::sync::Arc;

/// The key of the position reached by `moves` (space-separated move texts) from `start`: a
/// rule set's start position, or a whole position text.
fn key(start: &str, moves: &str) -> u64 {
    let (rules, fields) = if start.contains(' ') {
        let (rules, fields) = split_position_text(start).unwrap();
        (rules, Some(fields))
    } else {
        (Rules::parse(start).unwrap(), None)
    };
    with_geometry!(rules.board, G => {
        let setup = Arc::new(Setup::<G>::new(rules).unwrap());
        let mut pos = match fields {
            Some(fields) => Position::<G>::from_text_fields(setup, fields).unwrap(),
            None => Position::start(setup),
        };
        for text in moves.split_whitespace() {
            let mv = pos.parse_move(text).unwrap();
            pos.make(mv);
        }
        assert_eq!(pos.key(), pos.compute_key());
        pos.key()
    })
}

#[test]
fn zobrist_keys_of_known_positions_are_pinned() {
    // Computed once from the engine of this commit. Changing a value breaks stored
    // records and tables: on purpose only (see the module doc).
    let pins = [
        ("halma8", "", 0xcc25_6a6c_7579_47fe),
        ("halma16", "", 0xf219_b021_a624_0af1),
        ("diamond", "", 0x6835_191b_b6fe_785b),
        ("star-2", "", 0x706b_468a_54c2_95e8),
        ("star-6", "", 0x83c2_9400_cdd0_aaae),
        ("halma8", "b3-c4 g6-f5 a3-b4 e8-e4", 0x985f_fe2b_0d69_bf4e),
        ("star-2", "e7-e9 j13-j12", 0x11da_a3bf_4e4a_2779),
        (
            "halma8 1B2A3/3BA1A1/BB3AB1/3B3B/3A4/1A1A1A2/B2BA1A1/2B5 A 11,11",
            "",
            0xc448_e715_8ed2_d935,
        ),
        (
            "star-6 C/E1/B1E/1F2/D4D1D2D2/CF1F1EE1E1DA/EF2EFFE2D/1AF2D2E1/FF1B2DCF/2BA2C2C/\
             1A2A1CBCAC/3BBB1AE3/1A1AA1BB1C3/1D2/B1C/1D/1 E 14,14,14,14,13,13",
            "",
            0xc61e_1acd_4568_323b,
        ),
    ];
    let mut failures = Vec::new();
    for (start, moves, want) in pins {
        let got = key(start, moves);
        if got != want {
            failures.push(format!(
                "{start} {moves}: key {got:#018x}, pinned {want:#018x}"
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "Zobrist keys changed:\n{}",
        failures.join("\n")
    );
}
