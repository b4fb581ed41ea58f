//! Hexma: the engine (`halma_engine::games::hexma`) against the per-cell reference
//! (`halma_suite::hexma`): the conformance suite ([`halma_suite::conformance`]) and what is
//! special to the game: perft 5 from the start, move lists and the win test on random
//! placements, texts and the diagram, every bad input, the connection win and the
//! evaluation.

use halma_engine::game::{Evaluation, GameRules};
use halma_engine::games::hexma::board::{self, Stones};
use halma_engine::games::hexma::eval::connection;
use halma_engine::games::hexma::HexmaPosition;
use halma_engine::perft::perft;
use halma_engine::rng::Rng;
use halma_engine::weights::{Weight, Weights, RELATIVE_TEMPO};
use halma_engine::{BitBoard, Move, Status, Team};
use halma_suite::conformance::{
    last, GamesCheck, PlayCheck, RepetitionCheck, ShuffleCheck, Spec, TableCheck,
};
use halma_suite::family_checks::{
    both_move_lists, check_errors, check_field_errors, check_winning_move,
};
use halma_suite::hexma::{on_star, NaiveHexma};
use halma_suite::reference::{policy_game, Reference};

halma_suite::conformance!(HexmaPosition, NaiveHexma, SPEC);

/// The suite's numbers for Hexma.
const SPEC: Spec<HexmaPosition> = Spec {
    table: "hexma",
    start: HexmaPosition::start,
    start_counts: &[20, 400],
    start_depth: 4,
    // Every count up to 20,000,000 by the engine, up to 1,000,000 by the reference.
    perft_table: TableCheck {
        min_depths: 4,
        engine_leaves: 20_000_000,
        naive_leaves: 1_000_000,
        naive_depth: 0,
        min_lines: 8,
        min_engine: 30,
        min_naive: 25,
    },
    table_positions: Some(table_positions),
    print_leaves: 2_000_000,
    play: PlayCheck {
        positions: 36,
        epsilons: &[1.0, 0.5, 0.1],
        plies: &[5, 17, 33, 64, 90, 120],
        depths: &[(2, 200_000, 20)],
    },
    games: GamesCheck {
        games: 6,
        epsilons: &[0.3, 0.3, 0.3, 1.0, 1.0, 1.0],
        cap: 300,
        min_won: 0,
    },
    shuffle: ShuffleCheck::DEFAULT,
    finished: || vec![last(won_game(0)), last(won_game(1))],
    make_unmake_step: 7,
    paths_are_moves: false,
    bench: halma_suite::hexma::BENCH,
    compute_key: HexmaPosition::compute_key,
    passes: HexmaPosition::passes_in_row,
    // A pass arises only from a full blockade; the rule holds for a pass in the text.
    pass_draw: (
        || "hexma B/BB/BBB/BBBB/5BBB5/12/11/10/9/10/11/12/5AAA5/AAAA/AAA/AA/A A 5,6 1".into(),
        "k5-k6",
    ),
    // k5-k6, g13-g12, k6-k5, g12-g13: back to the start after four plies.
    repetition: Some(RepetitionCheck {
        from: HexmaPosition::start,
        cycle: ["k5-k6", "g13-g12", "k6-k5", "g12-g13"],
        perft_plies: &[5, 6, 7],
        depth: 4,
    }),
    mangled: (&[START, ALMOST], "AB CabcmeqQ0123456789/,-passé\t", 20_000),
    arbitrary_moves: "[a-r0-9 -]{0,9}|pass",
};

fn pos(text: &str) -> HexmaPosition {
    HexmaPosition::from_text(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The cells named (space-separated).
fn stones(names: &str) -> Stones {
    let mut set = Stones::EMPTY;
    for n in names.split_whitespace() {
        set.set(board::parse_cell(n).unwrap());
    }
    set
}

/// The positions of a game from the start in the playout policy (random moves with chance
/// `epsilon`), ending or stopped at `cap` plies.
fn game(seed: u64, epsilon: f32, cap: usize) -> Vec<HexmaPosition> {
    policy_game(HexmaPosition::start(), seed, epsilon, cap)
}

/// The first seeded game of the playout policy (epsilon 0.3, capped) that `side` wins
/// (found once: the search plays some seconds of games).
fn won_game(side: usize) -> Vec<HexmaPosition> {
    static WON: std::sync::OnceLock<[Vec<HexmaPosition>; 2]> = std::sync::OnceLock::new();
    WON.get_or_init(|| {
        [0, 1].map(|side| {
            (0..)
                .map(|seed| game(seed, 0.3, 400))
                .find(|g| g.last().unwrap().status() == Status::Won(side))
                .unwrap()
        })
    })[side]
        .clone()
}

/// The start as text.
const START: &str = "hexma B/BB/BBB/BBBB/5BBB5/12/11/10/9/10/11/12/5AAA5/AAAA/AAA/AA/A A 0,0";

#[test]
#[ignore = "the reference's perft 5 from the start (11,617,884 leaves, a few seconds)"]
fn start_perft_5_with_the_reference() {
    let want = 11_617_884;
    assert_eq!(perft(&mut HexmaPosition::start(), 5), want);
    assert_eq!(NaiveHexma::start().perft(5), want);
}

/// The positions of the perft table besides the start: seeded play, uniform in the
/// opening (6 and 12 plies), the playout policy later, some a few plies before a win
/// (either side's).
fn table_positions() -> Vec<HexmaPosition> {
    let mut out: Vec<HexmaPosition> = [(1, 6), (2, 12)]
        .map(|(seed, plies)| game(seed, 1.0, plies).pop().unwrap())
        .to_vec();
    let (a_wins, b_wins) = (won_game(0), won_game(1));
    let (na, nb) = (a_wins.len(), b_wins.len());
    out.extend([na / 2, na - 5, na - 2].map(|i| a_wins[i].clone()));
    out.extend([nb / 2, nb - 4, nb - 2].map(|i| b_wins[i].clone()));
    out
}

#[test]
fn random_placements_agree_with_the_reference() {
    // Thirteen stones a side anywhere on the 121 cells: dense and sparse boards, long hop
    // chains over both colours; move lists, the win test and legality.
    let cells: Vec<usize> = board::STAR.iter().collect();
    assert_eq!(cells.len(), 121);
    let mut rng = Rng::new(5);
    let mut wins = 0;
    for i in 0..1500 {
        let mut s = [Stones::EMPTY; 2];
        for side in 0..2 {
            while s[side].count() < 13 {
                let c = cells[rng.below(cells.len() as u32) as usize];
                if !(s[0] | s[1]).has(c) {
                    s[side].set(c);
                }
            }
        }
        let p = HexmaPosition::from_parts(s, i % 2, [9, 9], 0).expect("a valid placement");
        let naive = NaiveHexma::from_engine(&p);
        let (engine, reference) = both_move_lists(&p, &naive);
        assert_eq!(engine, reference, "{}", p.to_text());
        assert_eq!(p.status(), naive.status(), "{}", p.to_text());
        assert_eq!(p.count_legal_moves(), engine.len() as u64);
        if i < 30 {
            for &mv in &engine {
                assert!(p.is_legal(mv));
                assert_eq!(p.parse_move(&p.move_text(mv)), Ok(mv));
            }
        }
        // Every move's win test, engine against reference.
        let mut q = p.clone();
        for mv in engine {
            q.make(mv);
            let mut n = naive.clone();
            n.play(NaiveHexma::naive_move(mv));
            assert_eq!(
                q.status(),
                n.status(),
                "{} {}",
                p.to_text(),
                p.move_text(mv)
            );
            wins += usize::from(matches!(q.status(), Status::Won(_)));
            q.unmake();
        }
    }
    assert!(
        wins == 0,
        "random placements of 13 stones never connect: {wins}"
    );
}

#[test]
fn start_text_and_diagram() {
    let p = HexmaPosition::start();
    assert_eq!(p.to_text(), START);
    assert_eq!(p.rules_text(), "hexma");
    let want = [
        "17             b   (e17..)",
        "16            b b   (e16..)",
        "15           b b b   (e15..)",
        "14          b b b b   (e14..)",
        "13 . . . . . b b b . . . . .   (a13..)",
        "12  . . . . . . . . . . . .   (b12..)",
        "11   . . . . . . . . . . .   (c11..)",
        "10    . . . . . . . . . .   (d10..)",
        " 9     . . . . . . . . .   (e9..)",
        " 8    . . . . . . . . . .   (e8..)",
        " 7   . . . . . . . . . . .   (e7..)",
        " 6  . . . . . . . . . . . .   (e6..)",
        " 5 . . . . . A A A . . . . .   (e5..)",
        " 4          A A A A   (j4..)",
        " 3           A A A   (k3..)",
        " 2            A A   (l2..)",
        " 1             A   (m1..)",
        "",
    ]
    .join("\n");
    assert_eq!(p.diagram(), want);
    assert_eq!(p.cell_name(p.parse_cell("e17").unwrap()), "e17");
    // Cell indices 0..238: Halma's star layout, 17 ranks of 14 bits (the star in 4 limbs).
    assert_eq!(p.cells(), 238);
    let with_passes = "hexma B/BB/BBB/BBBB/5BBB5/12/11/10/9/10/11/12/5AAA5/AAAA/AAA/AA/A B 4,3 1";
    assert_eq!(pos(with_passes).to_text(), with_passes);
    // The reference's star has the same cells and the same start.
    let naive = NaiveHexma::start();
    for x in 0..17 {
        for y in 0..17 {
            // Off the star a file and rank may name a cell's bit (files run past the
            // stride), so only the star's cells are read through the layout.
            if on_star(x as isize, y as isize) {
                let cell = board::BOARD.bit(x, y);
                assert!(board::STAR.has(cell));
                assert_eq!(board::BOARD.coords(cell), (x, y));
                assert_eq!(naive.at(x, y), p.side_at(cell));
            } else {
                assert_eq!(naive.at(x, y), None);
            }
        }
    }
    let mut moves: Vec<String> = p.legal_moves().iter().map(|&m| p.move_text(m)).collect();
    moves.sort();
    assert_eq!(
        moves.join(" "),
        "j4-i5 j4-j6 j5-i5 j5-i6 j5-j6 k3-i5 k4-i6 k4-k6 k5-i5 k5-j6 k5-k6 k5-m5 l4-j6 l4-l6 \
         l5-k6 l5-l6 l5-m5 m3-m5 m4-k6 m4-m5"
    );
}

#[test]
fn bad_inputs_are_errors_that_say_what_is_wrong() {
    let start = HexmaPosition::start();
    check_errors(
        &[
            ("a1-a2", "off the star"),
            ("k5-k7", "cannot reach k7"),
            ("k5-l6", "not neighbours on the star"),
            ("l3-j5-j7", "first and last cells only (l3-j7)"),
            ("m1-l2", "own stone on l2"),
            ("e9-e10", "no stone on e9"),
            ("g13-g12", "stone of B, but A is to move"),
            ("k5-k5", "ends where it starts"),
            ("pass", "only legal when no other move"),
            ("k5", "not a move (expected from-to"),
            ("k5-k99", "off the star"),
            ("k5-xx", "bad cell"),
            ("", "not a move"),
        ],
        |text| start.parse_move(text),
    );
    // Onto an enemy stone: no captures.
    let p = pos("hexma B/BB/BBB/BBBB/5BB6/12/11/10/9/10/11/12/5AAAB4/AAAA/AAA/AA/A A 0,0");
    check_errors(&[("l5-m5", "enemy stone on m5")], |text| p.parse_move(text));
    assert!(p.parse_move("l5-n5").is_ok() && p.parse_move("m4-m6").is_ok());

    // Position texts.
    let good = "B/BB/BBB/BBBB/5BBB5/12/11/10/9/10/11/12/5AAA5/AAAA/AAA/AA/A";
    let texts = [
        format!("hexma {} A 0,0", good.replacen("5BBB5", "5BBBB4", 1)),
        format!("hexma {} A 0,0", good.replacen("5AAA5", "5AA6", 1)),
        format!("hexma {good}/1 A 0,0"),
        format!("hexma {} A 0,0", good.replacen("/12/", "/11/", 1)),
        format!("hexma {} A 0,0", good.replacen("/12/", "/13/", 1)),
        format!("hexma {} A 0,0", good.replacen('B', "C", 1)),
        "hexma".to_string(),
        format!(
            "hexma {} A 0,0",
            good.replacen("/9/", "/99999999999999999999999/", 1)
        ),
    ];
    let wants = [
        "side B has 14 stones, Hexma gives each side 13",
        "side A has 12 stones",
        "18 ranks, the star board has 17",
        "rank 12 has 11 cells, not 12",
        "rank 12 has 13 cells",
        "'C'",
        "fields",
        "cells",
    ];
    let cases: Vec<(&str, &str)> = texts.iter().map(String::as_str).zip(wants).collect();
    check_errors(&cases, HexmaPosition::from_text);
    check_field_errors(good, HexmaPosition::from_text);
    let twice = [board::START[0], board::START[0]];
    assert!(HexmaPosition::from_parts(twice, 0, [0; 2], 0).is_err());
}

/// A holds e5..e12 and f12 (one step from e13, a top-edge cell) and four stones at home; B
/// is at its start. A to move.
fn almost() -> HexmaPosition {
    let a = stones("e5 e6 e7 e8 e9 e10 e11 e12 f12 m1 l2 m2 k3");
    HexmaPosition::from_parts([a, board::START[1]], 0, [30, 30], 0).unwrap()
}

/// The position of [`almost`] as text.
const ALMOST: &str = "hexma B/BB/BBB/BBBB/5BBB5/3AA7/2A8/1A8/A8/A9/A10/A11/A12/4/A2/AA/A A 30,30";

#[test]
fn joining_the_edges_wins_and_only_for_the_mover() {
    let mut p = almost();
    assert_eq!(p.to_text(), ALMOST);
    assert_eq!(p.status(), Status::Ongoing);
    check_winning_move::<_, NaiveHexma>(&mut p, "f12-e13", "g13-g12");
    // Next to an edge cell is not on it: e12 touches d13 and e13, f12 touches e13, and
    // no move that keeps them there wins.
    let mut q = almost();
    q.make(q.parse_move("f12-f11").unwrap());
    assert_eq!(q.status(), Status::Ongoing);
    // The same arrangement as the finished position with A to move is not yet a win (only
    // the mover is tested).
    let text = p.to_text();
    let a_to_move = text.replace(" B 31,30", " A 31,30");
    assert_eq!(pos(&a_to_move).status(), Status::Ongoing);
    // B joins the same two edges: B's mirror image wins for B.
    let b = stones("m13 m12 m11 m10 m9 m8 m7 m6 l6 e17 f16 e16 f15");
    let b_almost = HexmaPosition::from_parts([board::START[0], b], 1, [30, 30], 0).unwrap();
    let mut b_almost = b_almost;
    b_almost.make(b_almost.parse_move("l6-m5").unwrap());
    assert_eq!(b_almost.status(), Status::Won(1));
}

#[test]
fn the_evaluation_measures_the_connection() {
    let start = HexmaPosition::start();
    let eval = start.evaluator(&Weights::default());
    let team = Team::new(0, 2);
    // The start is symmetric: only the tempo. Eight empty cells (ranks 6..13) to fill.
    assert_eq!(start.side_score(&eval, 0), start.side_score(&eval, 1));
    assert_eq!(start.distance_to_go(&eval, 0), 800);
    assert_eq!(start.evaluate(&eval, team), RELATIVE_TEMPO);
    // One step up shortens A's path by a cell.
    let mut p = start.clone();
    let up = p.parse_move("k5-k6").unwrap();
    assert!(p.move_gain(&eval, 0, up) > 0);
    assert_eq!(p.move_gain(&eval, 0, Move::PASS), 0);
    p.make(up);
    assert_eq!(p.distance_to_go(&eval, 0), 700);
    assert_eq!(p.side_score(&eval, 1), start.side_score(&eval, 1));
    // One cell to go; after the win nothing.
    let mut near = almost();
    let near_stones = |side| almost().stones(side);
    assert_eq!(near.distance_to_go(&eval, 0), 100);
    assert!(near.evaluate(&eval, team) > 500);
    near.make(near.parse_move("f12-e13").unwrap());
    assert_eq!(near.distance_to_go(&eval, 0), 0);
    // The supply: A's four stones at home are far (more than 8 cells) from d13 and e13.
    let c = connection(near_stones(0), near_stones(1));
    assert_eq!((c.length, c.supply), (1, 9));
    // Enemy stones block: B's wall across rank 9 (all nine cells) leaves A no path.
    let wall = stones("e9 f9 g9 h9 i9 j9 k9 l9 m9 e17 f16 e16 f15");
    let walled = HexmaPosition::from_parts([board::START[0], wall], 0, [9, 9], 0).unwrap();
    assert_eq!(walled.distance_to_go(&eval, 0), 100 * 20);
    // The plain evaluation counts the ranks 5..13 without a stone: it ignores the wall.
    let plain = start.evaluator(&Weights::default().with(Weight::Distance, 0));
    assert_eq!(walled.distance_to_go(&plain, 0), 800);
    assert_eq!(start.distance_to_go(&plain, 0), 800);
    // Scores are bounded and antisymmetric in the side to move.
    for (seed, g) in (0..6).map(|s| (s, game(s, 0.5, 40))) {
        let p = g.last().unwrap();
        let e = p.evaluate(&eval, Team::new(p.to_move(), 2));
        let (me, you) = (p.to_move(), 1 - p.to_move());
        let want = p.side_score(&eval, me) - p.side_score(&eval, you) + RELATIVE_TEMPO;
        assert_eq!(e, want, "seed {seed}");
    }
}
