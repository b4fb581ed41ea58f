//! Top Secret: the engine (`halma_engine::games::topsecret`) against the per-cell reference
//! (`halma_suite::topsecret`): the conformance suite ([`halma_suite::conformance`]) and what
//! is special to the game: the drop phase, move lists on random placements, bearing off,
//! the last stone off, blocked sides, texts and the diagram, bad inputs and the evaluation.

use halma_engine::game::{Evaluation, GameRules};
use halma_engine::games::topsecret::board::{self, cell, BB, CELLS_BB, DROP_ZONE};
use halma_engine::games::topsecret::TopSecretPosition;
use halma_engine::perft::perft;
use halma_engine::rng::Rng;
use halma_engine::weights::{Weights, RELATIVE_TEMPO};
use halma_engine::{BitBoard, Move, Status, Team};
use halma_suite::conformance::{
    last, GamesCheck, PlayCheck, RepetitionCheck, ShuffleCheck, Spec, TableCheck,
};
use halma_suite::family_checks::{both_move_lists, check_errors};
use halma_suite::reference::{policy_game, Reference};
use halma_suite::topsecret::{NaiveMove, NaiveTopSecret};

halma_suite::conformance!(TopSecretPosition, NaiveTopSecret, SPEC);

/// The suite's numbers for Top Secret.
const SPEC: Spec<TopSecretPosition> = Spec {
    table: "topsecret",
    start: || <TopSecretPosition as GameRules>::start(&()),
    // Every drop is to one of the empty cells of the drop zone: 36·35·34·33·32.
    start_counts: &[36, 1260, 42_840, 1_413_720, 45_239_040],
    start_depth: 3,
    perft_table: TableCheck {
        min_depths: 3,
        engine_leaves: 50_000_000,
        naive_leaves: 400_000,
        naive_depth: 0,
        min_lines: 8,
        min_engine: 30,
        min_naive: 20,
    },
    table_positions: Some(table_positions),
    // Deeper only while the last count is at most a million (the next stays cheap).
    print_leaves: 1_000_000,
    // Seeded games cut at several plies (drop phase, its end, the move phase), perft 2 and
    // 3.
    play: PlayCheck {
        positions: 30,
        epsilons: &[1.0, 0.5, 0.1],
        plies: &[20, 35, 36, 41, 70, 130, 220],
        depths: &[(2, 100_000, 25), (3, 300_000, 8)],
    },
    games: GamesCheck {
        games: 6,
        epsilons: &[0.1, 0.3, 0.8],
        cap: 1500,
        min_won: 3,
    },
    shuffle: ShuffleCheck::DEFAULT,
    finished: || vec![last(won_game(0)), last(won_game(1))],
    make_unmake_step: 7,
    paths_are_moves: true,
    bench: halma_suite::topsecret::BENCH,
    compute_key: TopSecretPosition::compute_key,
    passes: TopSecretPosition::passes_in_row,
    pass_draw: (one_pass, "e5-e6"),
    // e5-e6, l12-l11, e6-e5, l11-l12: back where it started after four plies.
    repetition: Some(RepetitionCheck {
        from: cycle_start,
        cycle: ["e5-e6", "l12-l11", "e6-e5", "l11-l12"],
        perft_plies: &[5, 6, 7],
        depth: 4,
    }),
    mangled: (&[START], "AB Cabcp0123456789/,-@offpassé\t", 20_000),
    arbitrary_moves: "[a-q0-9@ -]{0,9}|pass|[a-p][0-9]{1,2}-off",
};

fn pos(text: &str) -> TopSecretPosition {
    TopSecretPosition::from_text(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The positions of a game from the start in the playout policy (moves-to-go gain, random
/// moves with chance `epsilon`), ending or stopped at `cap` plies.
fn game(seed: u64, epsilon: f32, cap: usize) -> Vec<TopSecretPosition> {
    policy_game(
        <TopSecretPosition as GameRules>::start(&()),
        seed,
        epsilon,
        cap,
    )
}

/// The start as text.
const START: &str = "topsecret 16/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16 A 0,0 18,18";

/// The drops of one seeded game: the position after all 36 (A to make the first move).
fn after_drops(seed: u64) -> TopSecretPosition {
    game(seed, 1.0, 36).pop().unwrap()
}

#[test]
fn after_the_drop_phase_a_moves_and_agrees_with_the_reference() {
    // After the 36 drops A moves first, and no stone may be dropped any more.
    let mut p = after_drops(3);
    assert_eq!(p.occupied(), DROP_ZONE);
    assert_eq!((p.to_move(), p.in_hand(0), p.in_hand(1)), (0, 0, 0));
    assert_eq!((p.move_count(0), p.move_count(1)), (18, 18));
    let moves = p.legal_moves();
    assert!(moves.iter().all(|m| !m.is_drop() && !m.is_pass()));
    assert_eq!(perft(&mut p, 2), NaiveTopSecret::from_engine(&p).perft(2));
}

/// The first seeded game of the playout policy (epsilon 0.2) that `side` wins.
fn won_game(side: usize) -> Vec<TopSecretPosition> {
    (0..)
        .map(|seed| game(seed, 0.2, 1500))
        .find(|g| g.last().unwrap().status() == Status::Won(side))
        .unwrap()
}

/// The positions of the perft table besides the start: the drop phase half done, the first
/// moves after it, the playout policy later, some a few plies before a win.
fn table_positions() -> Vec<TopSecretPosition> {
    let mut out: Vec<TopSecretPosition> = [(1, 17), (2, 36), (3, 50)]
        .map(|(seed, plies)| game(seed, 1.0, plies).pop().unwrap())
        .to_vec();
    let (a_wins, b_wins) = (won_game(0), won_game(1));
    let (na, nb) = (a_wins.len(), b_wins.len());
    out.extend([80, na - 6, na - 2].map(|i| a_wins[i].clone()));
    out.extend([120, nb - 3].map(|i| b_wins[i].clone()));
    out
}

/// `n` cells of the board at random, none in `taken`.
fn random_cells(rng: &mut Rng, n: u32, taken: BB) -> BB {
    let cells: Vec<usize> = CELLS_BB.iter().collect();
    let mut out = BB::EMPTY;
    while out.count() < n {
        let c = cells[rng.below(cells.len() as u32) as usize];
        if !(taken | out).has(c) {
            out.set(c);
        }
    }
    out
}

#[test]
fn random_placements_agree_with_the_reference() {
    // Up to 18 stones a side anywhere (many on and near the edges), dense and sparse: move
    // lists, counts and legality; the bear-offs counted apart.
    let mut rng = Rng::new(5);
    let mut offs = 0;
    for i in 0..1500 {
        let na = 1 + rng.below(18);
        let a = random_cells(&mut rng, na, BB::EMPTY);
        let nb = 1 + rng.below(18);
        let b = random_cells(&mut rng, nb, a);
        let Ok(p) = TopSecretPosition::from_parts([a, b], [0, 0], i % 2, [40, 40], 0) else {
            panic!("a valid placement");
        };
        let naive = NaiveTopSecret::from_engine(&p);
        let (engine, reference) = both_move_lists(&p, &naive);
        assert_eq!(engine, reference, "{}", p.to_text());
        assert_eq!(p.count_legal_moves(), engine.len() as u64);
        assert_eq!(p.status(), naive.status(), "{}", p.to_text());
        offs += engine.iter().filter(|m| m.is_off()).count();
        if i < 40 {
            for mv in &engine {
                assert!(p.is_legal(*mv));
                assert_eq!(p.parse_move(&p.move_text(*mv)), Ok(*mv));
            }
        }
    }
    assert!(offs > 1500, "{offs}");
}

/// A move-phase position with A's stones on `a`, B's on `b` (cell names), `to_move` to
/// move, 40 moves made by each.
fn place(a: &[&str], b: &[&str], to_move: usize) -> TopSecretPosition {
    let set = |names: &[&str]| {
        let mut s = BB::EMPTY;
        for n in names {
            s.set(board::parse_cell(n).unwrap());
        }
        s
    };
    TopSecretPosition::from_parts([set(a), set(b)], [0, 0], to_move, [40, 40], 0)
        .unwrap_or_else(|e| panic!("{a:?} {b:?}: {e}"))
}

/// The bear-offs of the side to move, as texts.
fn offs(p: &TopSecretPosition) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal_moves()
        .into_iter()
        .filter(|m| m.is_off())
        .map(|m| p.move_text(m))
        .collect();
    v.sort();
    v
}

#[test]
fn bearing_off_by_a_step_and_by_a_jump_chain() {
    // p16: an edge cell, a step off. h2: a jump over B's edge stone on h1 lands off the
    // board. d6: the chain d6-b6 (over c6), then b6 over B's edge stone on a6, off. e5
    // reaches a1 (over d4 to c3, over b2 to a1), an edge cell, but a step off would be a
    // second move: no bear-off for it.
    let p = place(
        &["p16", "h2", "d6", "e5"],
        &["h1", "d4", "b2", "c6", "a6"],
        0,
    );
    assert_eq!(offs(&p), ["d6-off", "h2-off", "p16-off"]);
    assert!(p.parse_move("e5-a1").is_ok());
    let e = p.parse_move("e5-off").unwrap_err().to_string();
    assert!(e.contains("cannot leave the board"), "{e}");
    let naive = NaiveTopSecret::from_engine(&p);
    let (engine, reference) = both_move_lists(&p, &naive);
    assert_eq!(engine, reference);
    // A bear-off removes the stone; taken back, it is there again.
    let mut q = p.clone();
    q.make(q.parse_move("d6-off").unwrap());
    assert_eq!((q.side_at(cell(3, 5)), q.borne_off(0)), (None, 15));
    q.unmake();
    assert_eq!(q.to_text(), p.to_text());
}

#[test]
fn the_last_stone_off_wins() {
    let mut p = place(&["a1"], &["h8", "h9"], 0);
    assert_eq!(p.status(), Status::Ongoing);
    let win = p.parse_move("a1-off").unwrap();
    let mut naive = NaiveTopSecret::from_engine(&p);
    assert_eq!(perft(&mut p, 2), naive.perft(2));
    p.make(win);
    assert_eq!(p.status(), Status::Won(0));
    assert_eq!(p.count_legal_moves(), 0);
    assert!(p.legal_moves().is_empty());
    assert!(p
        .parse_move("h8-h7")
        .unwrap_err()
        .to_string()
        .contains("game is over"));
    naive.play(NaiveTopSecret::naive_move(win));
    assert_eq!(naive.status(), Status::Won(0));
    // The finished position's text reads as won by A.
    assert_eq!(pos(&p.to_text()).status(), Status::Won(0));
    p.unmake();
    assert_eq!(p.status(), Status::Ongoing);
}

#[test]
fn a_blocked_side_passes_and_two_passes_draw() {
    // A's last stone on h8, its eight neighbours and the eight cells beyond them taken by B:
    // no step, no jump, no way off; A must pass.
    let ring = ["g7", "h7", "i7", "g8", "i8", "g9", "h9", "i9"];
    let beyond = ["f6", "h6", "j6", "f8", "j8", "f10", "h10", "j10"];
    let b: Vec<&str> = ring.iter().chain(&beyond).copied().collect();
    let p = place(&["h8"], &b, 0);
    assert_eq!(p.legal_moves(), [Move::PASS]);
    assert_eq!(
        NaiveTopSecret::from_engine(&p).legal_moves(),
        [NaiveMove::Pass]
    );
    assert!(p.parse_move("pass").is_ok());
}

/// A pass recorded in the text (the suite's two-passes draw: the next pass draws).
fn one_pass() -> String {
    format!("{} 1", place(&["e5"], &["l12"], 0).to_text())
}

/// The start of the suite's repetition cycle: two stones a side in the move phase.
fn cycle_start() -> TopSecretPosition {
    place(&["e5", "a3"], &["l12", "p9"], 0)
}

#[test]
fn texts_round_trip_and_the_diagram_shows_the_drop_zone() {
    let p = <TopSecretPosition as GameRules>::start(&());
    assert_eq!(p.to_text(), START);
    assert_eq!(p.rules_text(), "topsecret");
    assert_eq!(p.cells(), 256);
    let d = p.diagram();
    assert!(d.starts_with("16 . . . . . . . . . . . . . . . .\n"), "{d}");
    assert!(d.contains("\n 6 . . . . . + + + + + + . . . . .\n"), "{d}");
    assert!(d.contains("   a b c d e f g h i j k l m n o p\n"), "{d}");
    assert!(
        d.ends_with("B: 0 on the board, 18 in hand, 0 borne off\n"),
        "{d}"
    );
    let mut q = p.clone();
    for text in ["@g7", "@k11", "@f6"] {
        q.make(q.parse_move(text).unwrap());
    }
    let t = "topsecret 16/16/16/16/16/10B5/16/16/16/6A9/5A10/16/16/16/16/16 B 2,1 16,17";
    assert_eq!(q.to_text(), t);
    assert_eq!(pos(t).to_text(), t);
    assert_eq!(pos(t).key(), q.key());
    assert!(q
        .diagram()
        .contains("\n 7 . . . . . + A + + + + . . . . .\n"));
    assert!(q
        .diagram()
        .contains("\n11 . . . . . + + + + + b . . . . .\n"));
    assert_eq!(q.parse_move("@h8"), Ok(Move::drop(cell(7, 7))));
    // Later positions: stones borne off, passes.
    for text in [
        "topsecret 16/16/16/16/16/16/16/16/16/16/16/16/16/16/16/A14B B 40,39 0,0",
        "topsecret 16/16/16/16/16/16/16/16/16/16/16/16/16/16/16/A14B A 40,40 0,0 1",
    ] {
        assert_eq!(pos(text).to_text(), text);
    }
    let late = pos("topsecret 16/16/16/16/16/16/16/16/16/16/16/16/16/16/16/A14B B 40,39 0,0");
    assert_eq!((late.borne_off(0), late.borne_off(1)), (17, 17));
    assert!(late
        .diagram()
        .contains("A: 1 on the board, 0 in hand, 17 borne off"));
}

#[test]
fn bad_inputs_are_errors_that_say_what_is_wrong() {
    let start = <TopSecretPosition as GameRules>::start(&());
    check_errors(
        &[
            ("@a1", "outside the drop zone f6-k11"),
            ("@q5", "off the 16x16 board"),
            ("@", "bad cell"),
            ("g7-g8", "in the drop phase a move is a drop like @g7"),
            ("g7-off", "drop phase"),
            ("pass", "only legal when no other move"),
            ("", "drop phase"),
        ],
        |text| start.parse_move(text),
    );
    let mut one = start.clone();
    one.make(one.parse_move("@g7").unwrap());
    check_errors(&[("@g7", "g7 already holds a stone of A")], |text| {
        one.parse_move(text)
    });
    let p = place(&["a1", "e5", "h8"], &["d4", "p16"], 0);
    check_errors(
        &[
            ("@g7", "the drop phase is over"),
            ("e5-e7", "no step or jump chain takes the stone on e5 to e7"),
            ("e5-off", "cannot leave the board"),
            ("p16-off", "holds a stone of B, but A is to move"),
            ("b2-off", "no stone on b2"),
            ("z1-off", "bad cell"),
            ("e5-d4", "lands on an enemy stone on d4"),
            ("e5-e5", "ends where it starts"),
            ("e5-c3-a1", "a path of 3 cells"),
            ("e5", "not a move"),
            ("e5-q1", "off the 16x16 board"),
            ("pass", "only legal when no other move"),
        ],
        |text| p.parse_move(text),
    );
    assert!(p.parse_move("e5-c3").is_ok() && p.parse_move("a1-off").is_ok());

    // Position texts.
    let empty = "16/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16";
    let one_each = "16/16/16/16/16/16/16/16/16/16/16/16/16/16/16/A14B";
    let texts = [
        format!("topsecret {empty} A 0,0"),
        format!("topsecret {empty} A 0,0 18,18 0 1"),
        format!("topsecret {empty}/16 A 0,0 18,18"),
        format!("topsecret {} A 0,0 18,18", empty.replacen("16", "15", 1)),
        format!("topsecret {} A 0,0 18,18", empty.replacen("16", "C15", 1)),
        format!("topsecret {empty} C 0,0 18,18"),
        format!("topsecret {empty} A 0 18,18"),
        format!("topsecret {empty} A 0,0 19,18"),
        format!("topsecret {empty} A 0,0 x,18"),
        format!("topsecret {empty} B 0,0 18,18"),
        format!("topsecret {empty} A 0,0 17,17"),
        format!("topsecret {one_each} A 1,0 17,17"),
        format!("topsecret {empty} A 0,0 18,18 1"),
        format!("topsecret {empty} A 0,0 0,0"),
        format!("topsecret {one_each} A 0,0 0,0 3"),
        format!("topsecret {one_each} A 0,0 0,0 x"),
        format!("halma16 {empty} A 0,0 18,18"),
        "topsecret".to_string(),
    ];
    let wants = [
        "fields",
        "fields",
        "17 ranks",
        "15 cells",
        "'C'",
        "side to move",
        "1 move counts",
        "at most 18 stones in hand",
        "stones in hand",
        "do not fit B to move",
        "no stone has been borne off",
        "outside the drop zone",
        "no pass is possible in the drop phase",
        "side A is to move with no stone left",
        "3 passes",
        "passes",
        "not the rule set",
        "fields",
    ];
    let cases: Vec<(&str, &str)> = texts.iter().map(String::as_str).zip(wants).collect();
    check_errors(&cases, TopSecretPosition::from_text);
    let nineteen = BB::EMPTY;
    assert!(TopSecretPosition::from_parts([nineteen, nineteen], [0, 0], 2, [0; 2], 0).is_err());
    let a = place(&["a1"], &["b1"], 0).stones(0);
    assert!(TopSecretPosition::from_parts([a, a], [0, 0], 0, [0; 2], 0).is_err());
}

#[test]
fn the_evaluation_counts_moves_to_go_and_stones_ready() {
    let start = <TopSecretPosition as GameRules>::start(&());
    let eval = start.evaluator(&Weights::default());
    let team = Team::new(0, 2);
    // The start is symmetric: only the tempo.
    assert_eq!(start.side_score(&eval, 0), start.side_score(&eval, 1));
    assert_eq!(start.evaluate(&eval, team), RELATIVE_TEMPO);
    assert_eq!(start.distance_to_go(&eval, 0), 18 * 600);
    // A drop on the zone's outer ring costs 6 moves, one in the middle 8.
    assert_eq!(start.move_gain(&eval, 0, Move::drop(cell(5, 5))), -600);
    assert_eq!(start.move_gain(&eval, 0, Move::drop(cell(7, 7))), -800);
    // A bear-off from the edge gains one move, a step outward one, inward minus one.
    let p = place(&["a1", "e5"], &["h8"], 0);
    assert_eq!(p.move_gain(&eval, 0, p.parse_move("a1-off").unwrap()), 100);
    assert_eq!(p.move_gain(&eval, 0, p.parse_move("e5-d4").unwrap()), 100);
    assert_eq!(p.move_gain(&eval, 0, p.parse_move("e5-f6").unwrap()), -100);
    assert_eq!(p.move_gain(&eval, 0, Move::PASS), 0);
    // A: a1 (1 to go, ready) and e5 (5 to go): -600 + 40. B: h8, 8 to go, not ready.
    assert_eq!(p.side_score(&eval, 0), -600 + 40);
    assert_eq!(p.side_score(&eval, 1), -800);
    assert_eq!(p.evaluate(&eval, team), 240 + RELATIVE_TEMPO);
    // A position of play: the side nearer the end scores higher.
    let g = won_game(0);
    let late = &g[g.len() - 3];
    assert!(late.distance_to_go(&eval, 0) < late.distance_to_go(&eval, 1));
}
