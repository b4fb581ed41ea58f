//! The MCTS searcher proves the forced wins of `positions/tactics/tactics.txt` (every
//! position whose win is at most `MAX_PLIES` plies away) and plays the only winning move,
//! with the exact distance.

use halma_engine::games::halma::notation::{move_text, split_position_text};
use halma_engine::mcts::{Mcts, Options};
use halma_engine::search::Limits;
use halma_engine::{with_geometry, Geometry, Position, Setup};
use std::sync::Arc;

const FILE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../positions/tactics/tactics.txt"
);
/// Wins this many plies away or nearer are tested (win in 1 and in 2 moves).
const MAX_PLIES: u32 = 3;
/// Playouts allowed; the solver ends the search as soon as the root is proven.
const PLAYOUTS: u64 = 200_000;

#[test]
fn mcts_proves_the_wins_in_one_and_two() {
    let text = std::fs::read_to_string(FILE).expect("the tactics file");
    let mut tested = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let fields: Vec<&str> = line.split(';').map(str::trim).collect();
        let (label, position, best, score) = (fields[0], fields[1], fields[2], fields[3]);
        let plies: u32 = score.trim_start_matches("win ").parse().expect("win N");
        if plies > MAX_PLIES {
            continue;
        }
        let (rules, rest) = split_position_text(position).unwrap();
        with_geometry!(rules.board, G => {
            let setup = Arc::new(Setup::<G>::new(rules).unwrap());
            let pos = Position::<G>::from_text_fields(setup, rest).unwrap();
            let limits = Limits { nodes: Some(PLAYOUTS), ..Limits::default() };
            let out = Mcts::new(Options::default()).search(&pos, &limits, |_| ()).unwrap();
            assert_eq!(move_text(G::BOARD, out.best), best, "{label}: {out:?}");
            assert_eq!(out.score.to_string(), score, "{label}");
            assert!(out.nodes < PLAYOUTS, "{label}: proven before the limit");
        });
        tested += 1;
    }
    assert!(
        tested >= 4,
        "only {tested} positions of {MAX_PLIES} plies or fewer"
    );
}
