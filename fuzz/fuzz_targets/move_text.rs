//! Move text on positions the input itself reaches: the first byte picks a rule set of
//! `MOVE_RULES`, the second a number of plies, that many bytes pick each ply's move among
//! the legal ones, and the rest is the move text to parse (an error, or a legal move).
#![no_main]

use halma_engine::{with_geometry, Position, Rules, Setup};
use halma_fuzz::checks::{check_move, MOVE_RULES};
use libfuzzer_sys::fuzz_target;
use std::sync::Arc;

fuzz_target!(|data: &[u8]| {
    let [set, plies, rest @ ..] = data else {
        return;
    };
    let plies = (*plies as usize).min(rest.len());
    let (choices, text) = rest.split_at(plies);
    let Ok(text) = std::str::from_utf8(text) else {
        return;
    };
    let rules = Rules::parse(MOVE_RULES[*set as usize % MOVE_RULES.len()]).unwrap();
    with_geometry!(rules.board, G => {
        let mut pos = Position::start(Arc::new(Setup::<G>::new(rules).unwrap()));
        for &choice in choices {
            let moves = pos.legal_moves();
            let Some(&mv) = moves.get(choice as usize % moves.len().max(1)) else { break };
            pos.make(mv);
        }
        check_move(&pos, text);
    });
});
