//! Le Zug: the engine (`halma_engine::games::zug`) against the per-cell reference
//! (`halma_suite::zug`): the conformance suite ([`halma_suite::conformance`]) and what is
//! special to the game: the placement plies, move lists on random placements (the camp
//! rule and the backward phase among them), texts and the diagram, every bad input, the
//! win, blocked sides, chains and the evaluation.

use halma_engine::game::{Evaluation, GameRules};
use halma_engine::games::zug::board::{self, Squares};
use halma_engine::games::zug::ZugPosition;
use halma_engine::perft::perft;
use halma_engine::rng::Rng;
use halma_engine::weights::{Weights, RELATIVE_TEMPO};
use halma_engine::{Move, Status, Team};
use halma_suite::conformance::{
    last, GamesCheck, PlayCheck, RepetitionCheck, ShuffleCheck, Spec, TableCheck,
};
use halma_suite::family_checks::{
    both_move_lists, check_errors, check_field_errors, check_winning_move,
};
use halma_suite::reference::{policy_game, Reference};
use halma_suite::zug::NaiveZug;

halma_suite::conformance!(ZugPosition, NaiveZug, SPEC);

/// The suite's numbers for Le Zug.
const SPEC: Spec<ZugPosition> = Spec {
    table: "zug",
    start: ZugPosition::start,
    // The six placement plies: 8·8·7·7·6·6, then A's first moves.
    start_counts: &[8, 64, 448, 3136, 18816, 112896],
    start_depth: 7,
    // Every count up to 20,000,000 by the engine, up to 2,000,000 by the reference.
    perft_table: TableCheck {
        min_depths: 4,
        engine_leaves: 20_000_000,
        naive_leaves: 2_000_000,
        naive_depth: 0,
        min_lines: 8,
        min_engine: 40,
        min_naive: 35,
    },
    table_positions: Some(table_positions),
    // Every depth up to 20,000,000 leaves (the next depth is often 30-40 times more).
    print_leaves: 20_000_000,
    play: PlayCheck {
        positions: 36,
        epsilons: &[1.0, 0.5, 0.1],
        plies: &[4, 9, 25, 50, 90, 140, 200, 300],
        depths: &[(3, 300_000, 25)],
    },
    games: GamesCheck {
        games: 12,
        epsilons: &[0.1, 0.3, 1.0],
        cap: 1500,
        min_won: 6,
    },
    shuffle: ShuffleCheck {
        min_repeated: 0,
        ..ShuffleCheck::DEFAULT
    },
    finished: || vec![last(won_game())],
    make_unmake_step: 4,
    paths_are_moves: false,
    bench: halma_suite::zug::BENCH,
    compute_key: ZugPosition::compute_key,
    passes: ZugPosition::passes_in_row,
    pass_draw: (one_pass_after_placement, "b2-c3"),
    // Four plies back to the same position, both sides in the backward phase; perft 3
    // after six plies crosses the coming draw.
    repetition: Some(RepetitionCheck {
        from: backward,
        cycle: ["i15-j14", "i3-h4", "j14-i15", "h4-i3"],
        perft_plies: &[6],
        depth: 3,
    }),
    mangled: (
        &[
            START,
            "zug AAAA1AAA1/AAAAA3/9/8/9/8/9/8/9/8/9/8/7B1/5B2/6BB1/5B1B/1BBBB1BB1 A 500,500",
        ],
        "AB CabcqQ0123456789/,-@passé\t",
        20_000,
    ),
    arbitrary_moves: "[@a-r0-9 -]{0,9}|pass",
};

/// The start as text: nine pieces a side on its back rank, nothing placed yet.
const START: &str = "zug BBBBBBBBB/8/9/8/9/8/9/8/9/8/9/8/9/8/9/8/AAAAAAAAA A 0,0";

fn pos(text: &str) -> ZugPosition {
    ZugPosition::from_text(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The squares named in `names` (space-separated).
fn squares(names: &str) -> Squares {
    let mut set = [0; 2];
    for name in names.split_whitespace() {
        let cell = board::parse_cell(name).unwrap_or_else(|e| panic!("{e}"));
        let one = board::single(cell);
        set = [set[0] | one[0], set[1] | one[1]];
    }
    set
}

/// The position with A on the squares `a`, B on `b`, `to_move` to move.
fn placed(a: &str, b: &str, to_move: usize) -> ZugPosition {
    ZugPosition::from_parts([squares(a), squares(b)], to_move, [20, 20], 0)
        .unwrap_or_else(|e| panic!("{e}"))
}

fn play(p: &mut ZugPosition, moves: &[&str]) {
    for text in moves {
        let mv = p
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{text} in {}: {e}", p.to_text()));
        p.make(mv);
    }
}

/// The positions of a game from the start in the playout policy (rank gain, random moves
/// with chance `epsilon`), ending or stopped at `cap` plies.
fn game(seed: u64, epsilon: f32, cap: usize) -> Vec<ZugPosition> {
    policy_game(ZugPosition::start(), seed, epsilon, cap)
}

/// The first seeded game of the playout policy (epsilon 0.1) that ends in a win.
fn won_game() -> Vec<ZugPosition> {
    (0..)
        .map(|seed| game(seed, 0.1, 1500))
        .find(|g| matches!(g.last().unwrap().status(), Status::Won(_)))
        .unwrap()
}

/// The positions of the perft table besides the start: seeded play, uniform in the
/// placement (3 plies) and the opening (6, 12 plies), the playout policy later (30, 60
/// plies), and the first won game of the policy 6 and 2 plies before its end.
fn table_positions() -> Vec<ZugPosition> {
    let mut out: Vec<ZugPosition> = [(1, 3), (2, 6), (3, 12)]
        .map(|(seed, plies)| game(seed, 1.0, plies).pop().unwrap())
        .to_vec();
    out.extend([(4, 30), (5, 60)].map(|(seed, plies)| game(seed, 0.3, plies).pop().unwrap()));
    let won = won_game();
    let n = won.len();
    out.extend([n - 7, n - 3].map(|i| won[i].clone()));
    out
}

/// Twelve pieces of each side on random dark squares, `a_in` and `b_in` the squares each
/// side's pieces are drawn from.
fn random_placement(rng: &mut Rng, within: [&[usize]; 2], to_move: usize) -> ZugPosition {
    let mut pieces: [Squares; 2] = [[0; 2]; 2];
    for side in 0..2 {
        while board::count(pieces[side]) < 12 {
            let cells = within[side];
            let c = cells[rng.below(cells.len() as u32) as usize];
            if !board::has(pieces[0], c) && !board::has(pieces[1], c) {
                let one = board::single(c);
                pieces[side] = [pieces[side][0] | one[0], pieces[side][1] | one[1]];
            }
        }
    }
    ZugPosition::from_parts(pieces, to_move, [30, 30], 0).expect("a valid placement")
}

#[test]
fn random_placements_agree_with_the_reference() {
    // Anywhere; the side to move all in the opponent's camp (the backward phase); the side
    // to move near the opponent's camp with a straggler at home (the camp rule).
    let dark: Vec<usize> = board::cells_of(board::MASK).collect();
    let ranks = |lo: usize, hi: usize| -> Vec<usize> {
        dark.iter()
            .copied()
            .filter(|&c| (lo..=hi).contains(&board::rank(c)))
            .collect()
    };
    let (b_camp, a_camp) = (ranks(13, 16), ranks(0, 3));
    let (near_b, near_a) = (ranks(1, 14), ranks(2, 15));
    let mut rng = Rng::new(5);
    let mut phases = [0; 2];
    for i in 0..3000 {
        let to_move = i % 2;
        let mover = match (i / 2) % 3 {
            0 => &dark,
            1 => [&b_camp, &a_camp][to_move],
            _ => [&near_b, &near_a][to_move],
        };
        let within: [&[usize]; 2] = if to_move == 0 {
            [mover, &dark]
        } else {
            [&dark, mover]
        };
        let p = random_placement(&mut rng, within, to_move);
        let naive = NaiveZug::from_engine(&p);
        let (engine, reference) = both_move_lists(&p, &naive);
        assert_eq!(engine, reference, "{}", p.to_text());
        assert_eq!(p.status(), naive.status(), "{}", p.to_text());
        assert_eq!(p.count_legal_moves(), engine.len() as u64);
        let backward = engine.iter().any(|m| {
            m.origin().is_some() && {
                let rise = board::rank(m.to()) as i32 - board::rank(m.from()) as i32;
                (rise > 0) != (to_move == 0)
            }
        });
        phases[usize::from(backward)] += 1;
        if i < 40 && !p.status().is_over() {
            for mv in &engine {
                assert_eq!(p.parse_move(&p.move_text(*mv)), Ok(*mv));
            }
        }
    }
    assert!(phases[1] > 400, "{phases:?}");
}

#[test]
fn start_text_diagram_and_cells() {
    let p = ZugPosition::start();
    assert_eq!(p.rules_text(), "zug");
    assert_eq!(p.cells(), 289);
    let rows: Vec<String> = p.diagram().lines().map(String::from).collect();
    assert_eq!(rows.len(), 18);
    assert_eq!(rows[0], "17 b   b   b   b   b   b   b   b   b");
    assert_eq!(rows[1], "16   .   .   .   .   .   .   .   .");
    assert_eq!(rows[16], " 1 A   A   A   A   A   A   A   A   A");
    assert_eq!(rows[17], "   a b c d e f g h i j k l m n o p q");
    for name in ["a1", "b2", "q17", "p16", "i9"] {
        assert_eq!(p.cell_name(p.parse_cell(name).unwrap()), name);
    }
    // The jpneto example placement, written and read back; the phase is in the pieces.
    let mut q = ZugPosition::start();
    play(&mut q, &["@b2", "@d16", "@f2", "@h16", "@l2", "@n16"]);
    let text = "zug BBBBBBBBB/1B1B2B1/9/8/9/8/9/8/9/8/9/8/9/8/9/A1A2A2/AAAAAAAAA A 3,3";
    assert_eq!(q.to_text(), text);
    assert_eq!(pos(text).to_text(), text);
    let half = "zug BBBBBBBBB/1B6/9/8/9/8/9/8/9/8/9/8/9/8/9/A1A5/AAAAAAAAA B 2,1 1";
    assert_eq!(pos(half).to_text(), half);
    // The reference's board has the same pieces.
    let naive = NaiveZug::from_engine(&q);
    for cell in 0..board::CELLS {
        assert_eq!(naive.board()[cell / 17][cell % 17], q.side_at(cell));
    }
}

#[test]
fn placement_comes_first_and_alternates() {
    let mut p = ZugPosition::start();
    let mut drops: Vec<String> = p.legal_moves().iter().map(|&m| p.move_text(m)).collect();
    drops.sort();
    assert_eq!(drops.join(" "), "@b2 @d2 @f2 @h2 @j2 @l2 @n2 @p2");
    check_errors(
        &[
            ("a1-b2", "A still places its pieces"),
            ("@b16", "own second rank (b2 d2 ... p2)"),
            ("@a2", "light square"),
            ("@c3", "own second rank"),
            ("@z9", "off the 17x17 board"),
            ("pass", "still places"),
        ],
        |t| p.parse_move(t),
    );
    play(&mut p, &["@b2"]);
    check_errors(
        &[("@b2", "own second rank (b16"), ("@d2", "own second rank")],
        |t| p.parse_move(t),
    );
    play(&mut p, &["@b16", "@d2"]);
    play(&mut p, &["@d16", "@f2", "@f16"]);
    // Both have twelve: A moves; a placement is refused.
    assert!(!p.placing(0) && !p.placing(1));
    check_errors(&[("@h2", "placed its twelve")], |t| p.parse_move(t));
    assert!(p.legal_moves().iter().all(|m| !m.is_drop()));
    // Texts of impossible placements are refused.
    let good = "BBBBBBBBB/1B6/9/8/9/8/9/8/9/8/9/8/9/8/9/A1A5/AAAAAAAAA";
    check_errors(
        &[
            (&format!("zug {good} A 2,1") as &str, "so B is to place"),
            (
                "zug BBBBBBBBB/8/9/8/9/8/9/8/9/8/9/8/9/8/9/A1A1A3/AAAAAAAAA A 3,0",
                "neither side",
            ),
            (
                "zug BBBBBBBB1/B7/9/8/9/8/9/8/9/8/9/8/9/8/9/8/AAAAAAAAA A 0,0",
                "side B has 9 pieces: during the placement",
            ),
            (
                "zug BBBBBBBBB/8/9/8/9/8/9/8/9/8/9/8/9/8/A8/8/AAAAAAAAA B 1,0",
                "side A has 10 pieces: during the placement",
            ),
        ],
        ZugPosition::from_text,
    );
}

#[test]
fn bad_inputs_are_errors_that_say_what_is_wrong() {
    let mut p = ZugPosition::start();
    play(&mut p, &["@b2", "@b16", "@f2", "@f16", "@l2", "@l16"]);
    check_errors(
        &[
            ("a1-a2", "light square"),
            ("a1-b18", "off the 17x17 board"),
            ("b2-c3-d4", "another game"),
            ("b2", "not a move"),
            ("c3-d4", "no piece on c3"),
            ("b16-c15", "piece of B, but A is to move"),
            ("b2-b2", "ends where it starts"),
            ("a1-b2", "lands on an own piece"),
            ("b2-a1", "lands on an own piece"),
            ("b2-c1", "lands on an own piece"),
            ("b2-e5", "out of reach"),
            ("pass", "only legal when no other move"),
            ("", "not a move"),
        ],
        |t| p.parse_move(t),
    );
    assert!(p.parse_move("b2-c3").is_ok() && p.parse_move("a1-b2").is_err());
    // Backward before the backward phase; the camp rule.
    let q = placed(
        "a1 i13 k13 m13 o13 q13 a13 c13 e13 g13 b12 d12",
        "b16 d16 f16 h16 j16 l16 n16 p16 a17 c17 e17 g17",
        0,
    );
    check_errors(
        &[
            ("i13-j12", "not forward"),
            ("i13-j14", "the camp rule"),
            ("i13-h14", "the camp rule"),
        ],
        |t| q.parse_move(t),
    );
    // Position texts.
    let good = "BBBBBBBBB/8/9/8/9/8/9/8/9/8/9/8/9/8/9/8/AAAAAAAAA";
    let texts = [
        format!("zug {} A 0,0", good.replacen("BBBBBBBBB", "BBBBBBBBBB", 1)),
        format!("zug {} A 0,0", good.replacen("/8/", "/7/", 1)),
        format!("zug {good}/9 A 0,0"),
        format!("zug {} A 0,0", good.replacen('B', "C", 1)),
        "zug".to_string(),
        format!(
            "zug {} A 0,0",
            good.replacen("/8/9/8/", "/AAAAAAAA/9/8/", 1)
        ),
    ];
    let wants = [
        "rank 17 has 10 cells, not 9",
        "rank 16 has 7 cells, not 8",
        "18 ranks",
        "'C'",
        "fields",
        "side A has 17 pieces",
    ];
    let cases: Vec<(&str, &str)> = texts.iter().map(String::as_str).zip(wants).collect();
    check_errors(&cases, ZugPosition::from_text);
    check_field_errors(good, ZugPosition::from_text);
    let twice = [board::BACK[0], board::BACK[0]];
    assert!(ZugPosition::from_parts(twice, 0, [0; 2], 0).is_err());
}

/// A: eight on B's back rank, b16 one step from a17 and three more on B's second rank.
const A_NEARLY: (&str, &str) = (
    "c17 e17 g17 i17 k17 m17 o17 q17 b16 d16 f16 h16",
    "c1 e1 g1 i1 k1 m1 o1 q1 b2 d2 f2 c3",
);

#[test]
fn a_win_ends_the_game() {
    let mut p = placed(A_NEARLY.0, A_NEARLY.1, 0);
    check_winning_move::<_, NaiveZug>(&mut p, "b16-a17", "c3-b2");
    // Twelve on B's back and second ranks but a back square empty is no win.
    p.unmake();
    let not_yet = p.parse_move("h16-g17");
    assert!(not_yet.is_err(), "{not_yet:?}");
}

/// Both sides blocked: A's straggler a1 behind B's b2 and c3, every other A piece before or
/// in B's camp (the camp rule); B likewise with q17 behind p16 and o15.
const BLOCKED: (&str, &str) = (
    "a1 p16 o15 a13 c13 e13 g13 i13 k13 m13 o13 q13",
    "q17 b2 c3 a5 c5 e5 g5 i5 k5 m5 o5 q5",
);

#[test]
fn a_blocked_side_passes_and_two_passes_draw() {
    let mut p = placed(BLOCKED.0, BLOCKED.1, 0);
    assert_eq!(p.legal_moves(), vec![Move::PASS]);
    assert_eq!(p.parse_move("pass"), Ok(Move::PASS));
    let mut naive = NaiveZug::from_engine(&p);
    assert_eq!(naive.legal_moves(), vec![halma_suite::zug::NaiveMove::Pass]);
    p.make(Move::PASS);
    naive.play(NaiveZug::naive_move(Move::PASS));
    assert_eq!((p.status(), p.passes_in_row()), (Status::Ongoing, 1));
    assert_eq!(p.legal_moves(), vec![Move::PASS]);
    p.make(Move::PASS);
    naive.play(NaiveZug::naive_move(Move::PASS));
    assert_eq!(
        (p.status(), naive.status()),
        (Status::DrawByPasses, Status::DrawByPasses)
    );
    assert_eq!(perft(&mut p, 1), 0);
}

/// After the six placement plies, with one pass recorded in the text (the suite's
/// two-passes draw).
fn one_pass_after_placement() -> String {
    let mut after = ZugPosition::start();
    play(&mut after, &["@b2", "@b16", "@f2", "@f16", "@l2", "@l16"]);
    format!("{} 1", after.to_text())
}

/// Both sides in the backward phase: A's twelve in B's camp, B's twelve in A's.
const BACKWARD: (&str, &str) = (
    "a17 c17 e17 g17 b16 d16 f16 a15 c15 e15 g15 i15",
    "q1 o1 m1 k1 p2 n2 l2 q3 o3 m3 k3 i3",
);
/// Four plies back to the same position.
const SHUFFLE: [&str; 4] = ["i15-j14", "i3-h4", "j14-i15", "h4-i3"];

#[test]
fn the_backward_phase_agrees_with_the_reference_ply_by_ply() {
    let start = backward();
    // All four diagonals; a chain may land on its origin and go on.
    assert!(start.parse_move("i15-h14").is_ok() && start.parse_move("g15-h14").is_ok());
    let mut p = start.clone();
    let mut naive = NaiveZug::from_engine(&p);
    for (ply, text) in SHUFFLE.iter().cycle().take(8).enumerate() {
        assert_eq!(p.status(), Status::Ongoing, "ply {ply}");
        let (engine, reference) = both_move_lists(&p, &naive);
        assert_eq!(engine, reference, "{}", p.to_text());
        let mv = p.parse_move(text).unwrap();
        p.make(mv);
        naive.play(NaiveZug::naive_move(mv));
        assert_eq!(p.status(), naive.status(), "ply {ply}");
    }
    // The draw itself, and perft across it, are the suite's (`third_occurrence`,
    // `repetition_in_perft`).
    assert_eq!(p.status(), Status::DrawByRepetition);
}

/// The cycle's start: both sides in the backward phase.
fn backward() -> ZugPosition {
    placed(BACKWARD.0, BACKWARD.1, 0)
}

#[test]
fn a_chain_and_its_bonus_step() {
    // A's piece on e5 jumps f6 (B) to g7, then h8 (A) to i9, and may step once more.
    let p = placed(
        "a1 c1 e1 g1 i1 k1 m1 o1 q1 e5 h8 b2",
        "a17 c17 e17 g17 i17 k17 m17 o17 q17 f6 b16 d16",
        0,
    );
    let mut from_e5: Vec<String> = p
        .legal_moves()
        .into_iter()
        .filter(|m| m.origin() == Some(board::parse_cell("e5").unwrap()))
        .map(|m| p.move_text(m))
        .collect();
    from_e5.sort();
    assert_eq!(from_e5.join(" "), "e5-d6 e5-f8 e5-g7 e5-h10 e5-i9 e5-j10");
}

#[test]
fn the_evaluation_prefers_progress_and_empty_camps() {
    let start = ZugPosition::start();
    let eval = start.evaluator(&Weights::default());
    let team = Team::new(0, 2);
    assert_eq!(start.side_score(&eval, 0), start.side_score(&eval, 1));
    assert_eq!(start.evaluate(&eval, team), RELATIVE_TEMPO);
    // 189 ranks to go less the three placed pieces' one rank each, less the back rank's 0.
    assert_eq!(start.distance_to_go(&eval, 0), 100 * (189 - 3));
    let mut p = start.clone();
    play(&mut p, &["@b2", "@b16", "@f2", "@f16", "@l2", "@l16"]);
    assert_eq!(p.distance_to_go(&eval, 0), start.distance_to_go(&eval, 0));
    let step = p.parse_move("b2-c3").unwrap();
    assert_eq!(p.move_gain(&eval, 0, step), 100);
    assert_eq!(p.move_gain(&eval, 0, Move::drop(0)), 0);
    p.make(step);
    assert_eq!(
        p.distance_to_go(&eval, 0),
        start.distance_to_go(&eval, 0) - 100
    );
    // At the goal nothing is left to go.
    let mut won = placed(A_NEARLY.0, A_NEARLY.1, 0);
    assert_eq!(won.distance_to_go(&eval, 0), 100);
    won.make(won.parse_move("b16-a17").unwrap());
    assert_eq!(won.distance_to_go(&eval, 0), 0);
    // The last phase: two ranks to go, but q17 is six steps sideways from the nearest free
    // piece (i17 is filled from h16): 800 to go, and a step toward q17 pays.
    let spread =
        pos("zug AAAA1AAA1/AAAAA3/9/8/9/8/9/8/9/8/9/8/7B1/5B2/6BB1/5B1B/1BBBB1BB1 A 500,500");
    assert_eq!(spread.distance_to_go(&eval, 0), 800);
    let mut toward = spread.clone();
    play(&mut toward, &["j16-k15"]);
    assert_eq!(toward.distance_to_go(&eval, 0), 700);
    // The camp rule's straggler: held pieces cost more than free ones.
    let blocked = placed(BLOCKED.0, BLOCKED.1, 0);
    let free = placed(
        "b6 p16 o15 a13 c13 e13 g13 i13 k13 m13 o13 q13",
        BLOCKED.1,
        0,
    );
    assert!(free.side_score(&eval, 0) > blocked.side_score(&eval, 0) + 300);
    for seed in 0..10 {
        for q in game(seed, 0.5, 200).iter().step_by(17) {
            let e = q.evaluate(&eval, Team::new(q.to_move(), 2));
            assert!(e.abs() < 30_000, "{e}");
        }
    }
}
