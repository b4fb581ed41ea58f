//! Position invariants on random games of every rule set: the incremental Zobrist key,
//! make/unmake, the position text round trip, jump paths, and the errors of bad inputs.

use halma_engine::games::halma::notation::split_position_text;
use halma_engine::games::halma::setup::MAX_SIDES;
use halma_engine::{with_geometry, BitBoard, Geometry, Move, Position, Rules, Setup, Status};
use halma_suite::random::{playout, random_placement};
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::SeedableRng;
use std::sync::Arc;

/// Rule sets the random games are played under: the named ones and some option mixes.
const RULE_SETS: [&str; 10] = [
    "halma8",
    "halma10",
    "halma16",
    "halma16-vacate",
    "halma16-4",
    "square6-4:jumps=long,deadline=10",
    "square9:follow-out=on,camp-exit=free,win=all-in-goal",
    "square12-4:vacate=on,repetition=off",
    "halma10:jumps=long,follow-out=on",
    "ccerl",
];

/// Everything make/unmake must restore, as one comparable value.
fn snapshot<G: Geometry>(
    pos: &Position<G>,
) -> (Vec<G::BB>, u64, Status, Vec<u64>, usize, u8, String) {
    let sides = pos.sides();
    (
        (0..sides).map(|s| pos.pieces(s)).collect(),
        pos.key(),
        pos.status(),
        (0..sides).map(|s| pos.move_count(s)).collect(),
        pos.to_move(),
        pos.passes_in_row(),
        pos.to_text(),
    )
}

/// Parses a position text as a user would: rules first, then the rest for that geometry.
fn parse<G: Geometry>(text: &str) -> Result<Position<G>, halma_engine::Error> {
    let (rules, fields) = split_position_text(text)?;
    Position::from_text_fields(Arc::new(Setup::<G>::new(rules)?), fields)
}

/// Along random games: key == compute_key after every move, every legal move made and
/// unmade restores the position, and the text round-trips.
fn games<G: Geometry>(rules: Rules, seed: u64) {
    let setup = Arc::new(Setup::<G>::new(rules).unwrap());
    let mut rng = StdRng::seed_from_u64(seed);
    for _ in 0..6 {
        playout(&setup, 300, &mut rng, |pos| {
            assert_eq!(pos.key(), pos.compute_key(), "{}", pos.to_text());
            let mut copy = pos.clone();
            let before = snapshot(&copy);
            for mv in pos.legal_moves() {
                copy.make(mv);
                assert_eq!(copy.key(), copy.compute_key());
                copy.unmake();
                assert_eq!(snapshot(&copy), before);
            }
            let back = parse::<G>(&pos.to_text()).unwrap();
            assert_eq!(back.to_text(), pos.to_text());
            assert_eq!(back.key(), pos.key());
            // The text holds no history, so only a repetition draw may be lost in between.
            if pos.status() != Status::DrawByRepetition {
                assert_eq!(back.status(), pos.status(), "{}", pos.to_text());
            }
        });
    }
}

#[test]
fn keys_make_unmake_and_text_along_random_games() {
    for (i, text) in RULE_SETS.iter().enumerate() {
        let rules = Rules::parse(text).unwrap();
        with_geometry!(rules.board, G => games::<G>(rules, i as u64));
    }
}

/// Every legal jump's reconstructed path is a chain of legal hops, and the full path text
/// parses back to the same move.
fn paths<G: Geometry>(rules: Rules, seed: u64) {
    let setup = Arc::new(Setup::<G>::new(rules).unwrap());
    let mut rng = StdRng::seed_from_u64(seed);
    let board = G::BOARD;
    let mut jumps = 0;
    for _ in 0..40 {
        let pos = random_placement(&setup, 5, &mut rng);
        for mv in pos.legal_moves().into_iter().filter(|m| !m.is_pass()) {
            let path = pos.path(mv);
            assert_eq!((path[0], *path.last().unwrap()), (mv.from(), mv.to()));
            let text = pos.path_text(mv);
            assert_eq!(pos.parse_move(&text), Ok(mv), "{text} in {}", pos.to_text());
            if path.len() > 2 || !is_step(board, mv) {
                jumps += 1;
                for hop in path.windows(2) {
                    let (a, b) = (board.coords(hop[0]), board.coords(hop[1]));
                    let (dx, dy) = (b.0 as isize - a.0 as isize, b.1 as isize - a.1 as isize);
                    // A hop is a straight line of even length with a piece at its middle.
                    assert!(dx == 0 || dy == 0 || dx.abs() == dy.abs(), "{text}");
                    assert!(dx % 2 == 0 && dy % 2 == 0, "{text}");
                    let mid = board.bit(
                        (a.0 as isize + dx / 2) as usize,
                        (a.1 as isize + dy / 2) as usize,
                    );
                    assert!(mid != mv.from() && pos.occupied().has(mid), "{text}");
                    assert!(hop[1] == mv.from() || !pos.occupied().has(hop[1]), "{text}");
                }
            }
        }
    }
    assert!(jumps > 0, "{}: no jump seen", rules);
}

fn is_step(board: halma_engine::Board, mv: Move) -> bool {
    let (a, b) = (board.coords(mv.from()), board.coords(mv.to()));
    a.0.abs_diff(b.0) <= 1 && a.1.abs_diff(b.1) <= 1
}

#[test]
fn jump_paths_are_legal_hops_and_parse_back() {
    for (i, text) in RULE_SETS.iter().enumerate() {
        let rules = Rules::parse(text).unwrap();
        with_geometry!(rules.board, G => paths::<G>(rules, 100 + i as u64));
    }
}

/// Each bad input gives an error, never a panic.
#[test]
fn bad_inputs_give_errors() {
    type G = halma_engine::Square<8>;
    let start = "halma8 4BBBB/5BBB/6BB/7B/A7/AA6/AAA5/AAAA4 A 0,0";
    let pos = parse::<G>(start).unwrap();
    for bad in [
        "halma9 8/8/8/8/8/8/8/8 A 0,0",
        "halma8",
        "halma8 4BBBB/5BBB/6BB/7B/A7/AA6/AAA5 A 0,0",
        "halma8 4BBBB/5BBB/6BB/7B/A7/AA6/AAA5/AAAA5 A 0,0",
        "halma8 4BBBB/5BBB/6BB/7B/A7/AA6/AAA5/AAAAA3 A 0,0",
        "halma8 4BBBB/5BBB/6BB/7B/A7/AA6/AAA5/AAA5 A 0,0",
        "halma8 4BBBB/5BBB/6BB/7B/A7/AA6/AAA5/AAAA4 C 0,0",
        "halma8 4BBBB/5BBB/6BB/7B/A7/AA6/AAA5/AAAA4 A 0",
        "halma8 4BBBB/5BBB/6BB/7B/A7/AA6/AAA5/AAAA4 A x,0",
        "halma8 4BBBB/5BBB/6BB/7B/A7/AA6/AAA5/AAAA4 A 0,0 3",
        "halma8 4BBBB/5BBB/6BB/7B/X7/AA6/AAA5/AAAA4 A 0,0",
        "halma8 4BBBB/5BBB/6BB/7B/A7/AA6/AAA5/AAAA4 A 0,0 0 extra",
        "halma8:jumps=far 4BBBB/5BBB/6BB/7B/A7/AA6/AAA5/AAAA4 A 0,0",
    ] {
        assert!(parse::<G>(bad).is_err(), "accepted: {bad}");
    }
    for bad in [
        "", "pass", "a1", "a1-a1", "a9-b8", "z1-a2", "a1-b2", "c1-c2", "d1-e1-f1", "a4-c6",
        "h8-g7", "b2-b4-b6", "a4-a5-", "-a5", "e2-f3",
    ] {
        assert!(pos.parse_move(bad).is_err(), "accepted move: {bad:?}");
    }
    assert!(pos.parse_move("d1-e2").is_ok() && pos.parse_move("b2-b4").is_ok());
    // Moves after the end of the game: A has all ten pieces in its goal and has won.
    let over = parse::<G>("halma8 4AAAA/5AAA/6AA/7A/B7/BB6/BBB5/BBBB4 B 20,20").unwrap();
    assert_eq!(over.status(), Status::Won(0));
    assert!(over.legal_moves().is_empty());
    assert!(over.parse_move("a4-a5").is_err() && over.parse_move("pass").is_err());
}

/// A forced pass, its status, and the draw when every side has passed.
#[test]
fn passes_and_draw_by_passes() {
    type G = halma_engine::Square<6>;
    // Four sides on 6×6; A's six pieces in its camp are walled in: every neighbour and
    // every jump landing is taken.
    let text = "square6-4 1D2DD/B1B2D/BBBB2/ACCCC1/AACC2/AAADD1 A 5,5,5,5 3";
    let pos = parse::<G>(text).unwrap();
    assert_eq!(pos.status(), Status::Ongoing);
    assert_eq!(pos.legal_moves(), vec![Move::PASS]);
    assert_eq!(pos.parse_move("pass"), Ok(Move::PASS));
    let mut after = pos.clone();
    after.make(Move::PASS);
    assert_eq!(after.status(), Status::DrawByPasses);
    assert!(after.legal_moves().is_empty());
    // With the 6-move deadline, A's pass completes its sixth move with pieces at home: the
    // deadline loss comes before the draw.
    let deadline = text.replacen("square6-4", "square6-4:deadline=6", 1);
    let mut lost = parse::<G>(&deadline).unwrap();
    lost.make(Move::PASS);
    assert_eq!(lost.status(), Status::LostByDeadline(0));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    /// Random placements of random rule sets survive the text round trip exactly.
    #[test]
    fn random_placements_round_trip(set in 0..RULE_SETS.len(), seed in any::<u64>()) {
        let rules = Rules::parse(RULE_SETS[set]).unwrap();
        with_geometry!(rules.board, G => {
            let setup = Arc::new(Setup::<G>::new(rules).unwrap());
            let pos = random_placement(&setup, 60, &mut StdRng::seed_from_u64(seed));
            let text = pos.to_text();
            let back = parse::<G>(&text).unwrap();
            prop_assert_eq!(back.to_text(), text);
            let pieces = |p: &Position<G>| -> Vec<_> { (0..MAX_SIDES.min(p.sides())).map(|s| p.pieces(s)).collect() };
            prop_assert_eq!(pieces(&back), pieces(&pos));
            prop_assert_eq!(back.key(), pos.key());
            prop_assert_eq!(back.status(), pos.status());
        });
    }
}
