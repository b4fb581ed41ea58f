//! Differential test: the engine's bitboard generator against the simple per-cell reference
//! (`halma_suite::naive`) on random positions of every board size and rule option.
//!
//! For each rule combination, at least [`POSITIONS`] positions: the positions along random
//! playouts from the start (with their history, so repetitions count) and random placements.
//! On each one the legal move sets must be equal, `count_legal_moves` must agree, and the
//! game status (after the move that led there) must equal the reference's own evaluation.
//! Where the array-and-tables baseline (`halma_suite::tables`) plays the rules, its moves
//! and count must agree too.

use halma_engine::games::halma::notation::move_text;
use halma_engine::{with_geometry, Geometry, Position, Rules, Setup};
use halma_suite::naive::{engine_move, naive_move, NaiveMove, NaivePosition};
use halma_suite::random::{playout, random_placement};
use halma_suite::tables::TablePosition;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::sync::Arc;

/// Positions compared per rule combination.
const POSITIONS: usize = 10_000;
/// Share of them taken from playouts (the rest are random placements).
const FROM_PLAYOUTS: usize = 6_000;

/// Option overrides tried on the generic `squareN` / `squareN-4` boards; between them they
/// set every option to each of its values.
const VARIANTS: [&str; 8] = [
    "",
    "camp-exit=free,win=all-in-goal,deadline=12",
    "jumps=long",
    "follow-out=on,deadline=20,repetition=off",
    "vacate=on,jumps=long",
    "vacate=on,follow-out=on,camp-exit=free",
    "win=all-in-goal,jumps=long,follow-out=on,repetition=off",
    "camp-exit=free,vacate=on,deadline=8,win=all-in-goal",
];

/// Compares engine and reference on one position; `naive` has followed the same moves.
fn compare<G: Geometry>(pos: &Position<G>, naive: &NaivePosition, rng: &mut StdRng) {
    let board = G::BOARD;
    let context = || {
        let history: Vec<String> = pos.history().map(|m| move_text(board, m)).collect();
        format!("position {}\nafter {}", pos.to_text(), history.join(" "))
    };
    assert_eq!(
        pos.status(),
        naive.status(),
        "status differs: {}",
        context()
    );
    let mut got: Vec<NaiveMove> = pos
        .legal_moves()
        .into_iter()
        .map(|m| naive_move(board, m))
        .collect();
    got.sort();
    let want = naive.legal_moves();
    if got != want {
        let text = |ms: &[NaiveMove]| -> String {
            ms.iter()
                .map(|&m| move_text(board, engine_move(board, m)))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let extra: Vec<NaiveMove> = got.iter().filter(|m| !want.contains(m)).copied().collect();
        let missing: Vec<NaiveMove> = want.iter().filter(|m| !got.contains(m)).copied().collect();
        panic!(
            "move sets differ: {}\nengine only: {}\nreference only: {}",
            context(),
            text(&extra),
            text(&missing)
        );
    }
    assert_eq!(pos.count_legal_moves(), want.len() as u64, "{}", context());
    if let Some(mut tables) = TablePosition::from_engine(pos) {
        let mut moves = Vec::new();
        tables.legal_moves_into(&mut moves);
        let mut moves: Vec<NaiveMove> = moves
            .into_iter()
            .map(|m| {
                naive_move(
                    board,
                    m.map_or(halma_engine::Move::PASS, |(f, t)| {
                        halma_engine::Move::new(f, t)
                    }),
                )
            })
            .collect();
        moves.sort();
        assert_eq!(moves, want, "array-and-tables moves differ: {}", context());
        assert_eq!(
            tables.count_legal_moves(),
            want.len() as u64,
            "{}",
            context()
        );
    }
    // `is_legal` on one legal move and one random pair of cells, on every eighth position
    // (it runs the generator again, which is slow with long jumps).
    if rng.gen_range(0..8) != 0 {
        return;
    }
    if let Some(&mv) = want.get(rng.gen_range(0..want.len().max(1))) {
        assert!(pos.is_legal(engine_move(board, mv)), "{}", context());
    }
    let cells: Vec<usize> = board.cells().collect();
    let (f, t) = (
        cells[rng.gen_range(0..cells.len())],
        cells[rng.gen_range(0..cells.len())],
    );
    if f != t {
        let mv = halma_engine::Move::new(f, t);
        let expected = want.contains(&naive_move(board, mv));
        assert_eq!(pos.is_legal(mv), expected, "{}", context());
    }
}

/// Runs the comparison on [`POSITIONS`] positions of the rule set `rules_text`, and returns
/// how many ended games were seen (so the caller knows the ends were reached).
fn differential(rules_text: &str, seed: u64) -> usize {
    let rules = Rules::parse(rules_text).unwrap();
    with_geometry!(rules.board, G => run::<G>(rules, seed))
}

fn run<G: Geometry>(rules: Rules, seed: u64) -> usize {
    let setup = Arc::new(Setup::<G>::new(rules).unwrap());
    let mut rng = StdRng::seed_from_u64(seed);
    let mut check_rng = StdRng::seed_from_u64(seed ^ 0x5eed);
    let mut seen = 0;
    let mut ended = 0;
    while seen < FROM_PLAYOUTS {
        let mut naive: Option<NaivePosition> = None;
        let mut last_len = 0;
        playout(&setup, 400, &mut rng, |pos| {
            // Follow the engine's game with the reference, move by move.
            let reference = naive.get_or_insert_with(|| NaivePosition::from_engine(pos));
            let history: Vec<_> = pos.history().collect();
            if history.len() > last_len {
                reference.play(naive_move(G::BOARD, history[history.len() - 1]));
                last_len = history.len();
            }
            compare(pos, reference, &mut check_rng);
            seen += 1;
            ended += usize::from(pos.status().is_over());
        });
    }
    let max_count = rules.deadline.map_or(60, |d| u64::from(d) + 3);
    for _ in seen..POSITIONS {
        let mut pos = random_placement(&setup, max_count, &mut rng);
        let mut naive = NaivePosition::from_engine(&pos);
        compare(&pos, &naive, &mut check_rng);
        ended += usize::from(pos.status().is_over());
        // And the status after one more move.
        if let Some(mv) =
            halma_suite::random::playout_move(&pos, halma_suite::random::Style::Uniform, &mut rng)
        {
            pos.make(mv);
            naive.play(naive_move(G::BOARD, mv));
            compare(&pos, &naive, &mut check_rng);
            ended += usize::from(pos.status().is_over());
        }
    }
    ended
}

fn named(name: &str, seed: u64) {
    let ended = differential(name, seed);
    assert!(
        ended > 0,
        "{name}: no game ended in any playout or placement"
    );
}

#[test]
fn halma8() {
    named("halma8", 8);
}

#[test]
fn halma10() {
    named("halma10", 10);
}

#[test]
fn halma16() {
    named("halma16", 16);
}

#[test]
fn halma16_vacate() {
    named("halma16-vacate", 161);
}

#[test]
fn halma16_4() {
    named("halma16-4", 164);
}

/// The rule texts of the generic boards `sizes`: each size and player count gets two of the
/// [`VARIANTS`], chosen so that every variant meets both player counts and several sizes.
fn generic(sizes: std::ops::RangeInclusive<usize>) -> Vec<String> {
    let mut out = Vec::new();
    for n in sizes {
        for (suffix, shift) in [("", 0), ("-4", 2)] {
            for v in [(n + shift) % 8, (n + shift + 4) % 8] {
                let options = VARIANTS[v];
                let sep = if options.is_empty() { "" } else { ":" };
                out.push(format!("square{n}{suffix}{sep}{options}"));
            }
        }
    }
    out
}

fn generic_run(sizes: std::ops::RangeInclusive<usize>) {
    for (i, text) in generic(sizes).iter().enumerate() {
        differential(text, 1000 + i as u64);
    }
}

#[test]
fn every_variant_meets_both_player_counts_and_several_sizes() {
    let all = generic(6..=16);
    for options in VARIANTS.iter().filter(|o| !o.is_empty()) {
        let uses: Vec<&String> = all.iter().filter(|t| t.ends_with(options)).collect();
        assert!(uses.iter().any(|t| t.contains("-4")) && uses.iter().any(|t| !t.contains("-4")));
        assert!(uses.len() >= 4, "{options}: {uses:?}");
    }
}

/// One test a range of generic board sizes ([`generic_run`]), so that they run side by
/// side.
macro_rules! generic_boards {
    ($($name:ident: $sizes:expr;)*) => {
        $(
            #[test]
            fn $name() {
                generic_run($sizes);
            }
        )*
    };
}

generic_boards! {
    generic_boards_6_to_9: 6..=9;
    generic_boards_10_to_12: 10..=12;
    generic_boards_13_to_14: 13..=14;
    generic_boards_15: 15..=15;
    generic_boards_16: 16..=16;
}

/// The hexagonal rule sets (diamond and star), in a fixed order.
const HEX_RULE_SETS: [&str; 5] = ["diamond", "star-2", "star-3", "star-4", "star-6"];

#[test]
fn diamond_and_star_named() {
    for (i, name) in HEX_RULE_SETS.iter().enumerate() {
        named(name, 600 + i as u64);
    }
}

#[test]
fn diamond_and_star_variants() {
    // Every option variant on two of the hexagonal rule sets.
    for (v, options) in VARIANTS.iter().enumerate().skip(1) {
        for name in [HEX_RULE_SETS[v % 5], HEX_RULE_SETS[(v + 2) % 5]] {
            differential(&format!("{name}:{options}"), 700 + v as u64);
        }
    }
}

/// CCERL's rule set (`ccerl`: goal lock, every side's win checked, equal turns, ply cap),
/// and its options on other boards and beside other options.
#[test]
fn ccerl_and_its_options() {
    named("ccerl", 29);
    for (i, text) in [
        "star-2:goal-lock=on",
        "ccerl:win-check=mover,ply-cap=none,repetition=off",
        "ccerl:equal-turns=off,win=all-in-goal,camp-exit=free",
        "halma16:goal-lock=on,win-check=both,ply-cap=90",
        "diamond:goal-lock=on,equal-turns=on",
        "star-4:goal-lock=on,win-check=both",
    ]
    .iter()
    .enumerate()
    {
        differential(text, 2900 + i as u64);
    }
}

/// A `ccerl` ending: each side with most of its pieces in its goal (sometimes all, often
/// all but one), the other side's pieces filling some or all of the rest of that goal,
/// the others outside both goals, a random side to move, and move counts around the ply cap.
fn ccerl_ending<G: Geometry>(setup: &Arc<Setup<G>>, rng: &mut StdRng) -> Position<G> {
    use halma_engine::BitBoard;
    let per_side = setup.pieces_per_side();
    let mut pieces = [G::BB::EMPTY; halma_engine::game::MAX_SIDES];
    let mut occupied = G::BB::EMPTY;
    let mut put = |side: usize, region: G::BB, n: usize, rng: &mut StdRng| {
        for _ in 0..n {
            let free: Vec<usize> = region.without(occupied).iter().collect();
            let cell = free[rng.gen_range(0..free.len())];
            occupied.set(cell);
            pieces[side].set(cell);
        }
    };
    let mut own = [0; 2];
    for k in own.iter_mut() {
        *k = if rng.gen_bool(0.2) {
            rng.gen_range(1..=per_side)
        } else {
            [per_side, per_side - 1, per_side - 1, per_side - 2][rng.gen_range(0..4)]
        };
    }
    for (side, &n) in own.iter().enumerate() {
        put(side, setup.goal(side), n, rng);
    }
    let mut left = [per_side - own[0], per_side - own[1]];
    for side in 0..2 {
        // Blockers of the other side in this side's goal.
        let room = per_side - own[side];
        let most = room.min(left[1 - side]);
        let n = if rng.gen_bool(0.5) {
            most
        } else {
            rng.gen_range(0..=most)
        };
        put(1 - side, setup.goal(side), n, rng);
        left[1 - side] -= n;
    }
    let outside = G::CELLS.without(setup.goal(0) | setup.goal(1));
    for (side, &n) in left.iter().enumerate() {
        put(side, outside, n, rng);
    }
    let cap = u64::from(setup.rules().ply_cap.unwrap_or(240));
    let total = rng.gen_range(cap - 3..=cap + 1);
    let first = rng.gen_range(0..=total);
    let mut counts = [0; halma_engine::game::MAX_SIDES];
    counts[0] = first;
    counts[1] = total - first;
    Position::from_parts(setup.clone(), pieces, rng.gen_range(0..2), counts, 0)
        .expect("an ending is a valid position")
}

/// Endings under `ccerl` and two of its variants: the completed and blocked goals of both
/// sides, equal turns and the ply cap, against the reference, before and after one move.
#[test]
fn ccerl_endings() {
    for (i, text) in [
        "ccerl",
        "ccerl:win-check=mover",
        "ccerl:win=all-in-goal,ply-cap=none",
    ]
    .iter()
    .enumerate()
    {
        let rules = Rules::parse(text).unwrap();
        with_geometry!(rules.board, G => {
            let setup = Arc::new(Setup::<G>::new(rules).unwrap());
            let mut rng = StdRng::seed_from_u64(2929 + i as u64);
            let mut check_rng = StdRng::seed_from_u64(29);
            let mut seen = std::collections::BTreeMap::new();
            for _ in 0..3_000 {
                let mut pos = ccerl_ending(&setup, &mut rng);
                let mut naive = NaivePosition::from_engine(&pos);
                compare(&pos, &naive, &mut check_rng);
                *seen.entry(format!("{:?}", pos.status())).or_insert(0) += 1;
                if let Some(mv) = halma_suite::random::playout_move(
                    &pos,
                    halma_suite::random::Style::Uniform,
                    &mut rng,
                ) {
                    pos.make(mv);
                    naive.play(naive_move(G::BOARD, mv));
                    compare(&pos, &naive, &mut check_rng);
                    *seen.entry(format!("{:?}", pos.status())).or_insert(0) += 1;
                }
            }
            // Every ending the rules know was met.
            let want: &[&str] = match i {
                0 => &["Won(0)", "Won(1)", "DrawByEqualTurns", "DrawByPlyCap", "Ongoing"],
                1 => &["Won(0)", "Won(1)", "DrawByEqualTurns", "DrawByPlyCap"],
                _ => &["Won(0)", "Won(1)", "DrawByEqualTurns", "Ongoing"],
            };
            for status in want {
                assert!(seen.contains_key(*status), "{text}: no {status} in {seen:?}");
            }
        });
    }
}
