//! Caeser: the engine's generator against the simple reference (`src/caeser.rs`), the perft
//! table `positions/perft/family/caeser.txt`, texts, errors, make/unmake, the status rules
//! and the evaluation.

use halma_engine::game::{Evaluation, GameRules, Status, Team};
use halma_engine::games::caeser::{CaeserPosition, Outcome, Solver};
use halma_engine::perft::perft;
use halma_engine::{Error, Move};
use halma_suite::caeser::NaiveCaeser;
use halma_suite::conformance::{last, GamesCheck, PlayCheck, ShuffleCheck, Spec, TableCheck};
use halma_suite::family_checks::{check_field_errors, next_blocked, next_game_end};
use halma_suite::perft_table::table_line;
use halma_suite::reference::{policy_game, Reference};

halma_suite::conformance!(CaeserPosition, NaiveCaeser, SPEC);

/// The suite's numbers for Caeser.
const SPEC: Spec<CaeserPosition> = Spec {
    table: "caeser",
    start: CaeserPosition::start,
    start_counts: &[9, 69],
    start_depth: 5,
    perft_table: TableCheck {
        min_depths: 2,
        engine_leaves: 5_000_000,
        naive_leaves: 300_000,
        naive_depth: 0,
        min_lines: 8,
        min_engine: 82,
        min_naive: 73,
    },
    // The table's positions were drawn by hand from random play (`print_perft_table`).
    table_positions: None,
    print_leaves: 20_000_000,
    play: PlayCheck {
        positions: 30,
        epsilons: &[1.0, 0.3, 0.05],
        plies: &[6, 12, 20, 30, 45, 60],
        depths: &[(3, 1_000_000, 29)],
    },
    games: GamesCheck {
        games: 150,
        epsilons: &[1.0, 0.3, 0.05],
        cap: 1000,
        min_won: 3,
    },
    shuffle: ShuffleCheck {
        games: 60,
        depth: 4,
        min_repeated: 0,
        ..ShuffleCheck::DEFAULT
    },
    finished: Vec::new,
    make_unmake_step: 3,
    paths_are_moves: true,
    bench: halma_suite::caeser::BENCH,
    compute_key: CaeserPosition::compute_key,
    passes: CaeserPosition::passes_in_row,
    pass_draw: (
        || format!("{START_TEXT} 1").replace(" 0,0 ", " 3,3 "),
        "d3-d4",
    ),
    // Men only move forward: no position repeats.
    repetition: None,
    mangled: (
        &[START_TEXT, NEAR_WIN],
        "AB Cabcdefg012345678/,-passé\t",
        20_000,
    ),
    arbitrary_moves: "[a-i0-9+ -]{0,9}|pass",
};

const START_TEXT: &str = "caeser BBBB/BBBBB/BBBB1A/BBB1AAA/B1AAAA/AAAAA/AAAA A 0,0";
/// A to move, its last man on e5 one step from d5, the last hole of B's half.
const NEAR_WIN: &str = "caeser AAAA/AAAAA/AAA1AB/AAABBBB/A1B1BB/BBBBB/BBBB A 20,20";
/// Both sides at home in the other's half, B to move: A has won.
const A_HOME: &str = "caeser AAAA/AAAAA/AAAA1B/AAA1BBB/A1BBBB/BBBBB/BBBB B 9,9";

fn parse(text: &str) -> CaeserPosition {
    CaeserPosition::from_text(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn play(pos: &mut CaeserPosition, moves: &[&str]) {
    for text in moves {
        let mv = pos
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{}: {e}", pos.to_text()));
        pos.make(mv);
    }
}

/// A game from the start: up to `plies` moves, each with chance `epsilon` uniform, else of
/// greatest gain (fewer if the game ends).
fn random_game(seed: u64, plies: usize, epsilon: f32) -> CaeserPosition {
    last(policy_game(CaeserPosition::start(), seed, epsilon, plies))
}

/// Prints the perft table's lines (`cargo test --release -p halma-suite --test suite
/// caeser::print_perft_table -- --ignored --nocapture`).
#[test]
#[ignore]
fn print_perft_table() {
    let mut positions = vec![CaeserPosition::start()];
    let mut seed = 2000;
    for (plies, epsilon) in [(10, 1.0), (20, 0.3), (30, 1.0), (40, 0.3), (60, 0.3)] {
        let game = |s| random_game(s, plies, epsilon);
        positions.push(next_game_end(&mut seed, game, |s| !s.is_over(), 0));
    }
    // Near the end: a game's position a few plies before a win.
    for back in [3, 6] {
        let game = |s| random_game(s, 1000, 0.3);
        let won = |s| matches!(s, Status::Won(_));
        positions.push(next_game_end(&mut seed, game, won, back));
    }
    // A blocked side to move, and the same after a pass.
    let blocked = next_blocked(&mut seed, |s| {
        policy_game(CaeserPosition::start(), s, 0.3, 1000)
    });
    let passed = parse(&format!("{} 1", blocked.to_text()));
    positions.extend([blocked, passed]);
    for mut pos in positions {
        println!("{}", table_line(&mut pos, 12, 20_000_000));
    }
}

#[test]
fn diagram_draws_the_hexagon_as_the_rules_do() {
    assert_eq!(CaeserPosition::start().to_text(), START_TEXT);
    let want = [
        " 7    b b b b   (a7..)",
        " 6   b b b b b   (a6..)",
        " 5  b b b b . A   (a5..)",
        " 4 b b b . A A A   (a4..)",
        " 3  b . A A A A   (b3..)",
        " 2   A A A A A   (c2..)",
        " 1    A A A A   (d1..)",
        "",
    ]
    .join("\n");
    assert_eq!(CaeserPosition::start().diagram(), want);
}

#[test]
fn bad_position_texts_are_errors() {
    check_field_errors(
        "BBBB/BBBBB/BBBB1A/BBB1AAA/B1AAAA/AAAAA/AAAA",
        CaeserPosition::from_text,
    );
    let cases = [
        (
            "caeser BBBB/BBBBB/BBBB1A/BBB1AAA/B1AAAA/AAAAA A 0,0",
            "6 ranks",
        ),
        (
            "caeser BBBBB/BBBB/BBBB1A/BBB1AAA/B1AAAA/AAAAA/AAAA A 0,0",
            "rank 7 has 5 cells, not 4",
        ),
        (
            "caeser BBBB/BBBBB/BBBB1A/BBB1AAAA/B1AAAA/AAAAA/AAAA A 0,0",
            "rank 4 has 8 cells",
        ),
        (
            "caeser BBBB/BBBBB/BBBB1A/BBB1AA/B1AAAA/AAAAA/AAAA A 0,0",
            "rank 4 has 6 cells",
        ),
        (
            "caeser BBBB/BBBBB/BBBB1A/BBB1AAC/B1AAAA/AAAAA/AAAA A 0,0",
            "'C'",
        ),
        (
            "caeser BBBB/BBBBB/BBBB1A/BBBAAAA/B1AAAA/AAAAA/AAAA A 0,0",
            "side A has 18 men",
        ),
        (
            "caeser BBBB/BBBBB/BBBB1A/BBB2AA/B1AAAA/AAAAA/AAAA A 0,0",
            "side A has 16 men",
        ),
        (
            "caeser BBBB/BBBBB/BBBBBA/BBB1AAA/B1AAAA/AAAAA/AAAA A 0,0",
            "side B has 18 men",
        ),
        (
            "caeser BBBB/BBBBB/BBBB1A/BBB1AAA/B1AAAA/AAAAA/AAAA A -1,0",
            "move counts",
        ),
        (
            "caeser BBBB/BBBBB/BBBB1A/BBB1AAA/B1AAAA/AAAAA/AAAA A 0,0 x",
            "number of passes",
        ),
        (
            "caeser BBBB/BBBBB/BBBB1A/BBB1AAA/B1AAAA/AAAAA/AAAA A",
            "got 2 fields",
        ),
        ("caeser", "got 0 fields"),
        ("caeser 7/7/7/7/7/7/7 A 0,0", "rank 7 has 7 cells, not 4"),
        ("caeser 4/5/6/7/6/5/4 A 0,0", "0 men"),
        (
            "caeser BBBB/BBBBB/BBBB1A/BBB1AAA/B1AAAA/AAAAA/99999999999999999999999 A 0,0",
            "cells",
        ),
    ];
    for (text, why) in cases {
        match CaeserPosition::from_text(text) {
            Err(e @ Error::Position(_)) => assert!(e.to_string().contains(why), "{text}: {e}"),
            other => panic!("{text}: {other:?}"),
        }
    }
    // The same rules through the game layer's reader.
    assert!(<CaeserPosition as GameRules>::from_text_fields(&(), "").is_err());
}

#[test]
fn bad_cells_and_moves_are_errors() {
    let start = CaeserPosition::start();
    for name in [
        "a1", "c1", "g7", "e7", "h4", "a0", "a8", "", "d", "D4", "d4x", "d+4", "d-4",
    ] {
        assert!(
            matches!(start.parse_cell(name), Err(Error::Cell(_))),
            "{name}"
        );
    }
    assert!(start
        .parse_cell("a1")
        .unwrap_err()
        .to_string()
        .contains("no hole"));
    assert_eq!(start.cell_name(start.parse_cell("d4").unwrap()), "d4");
    let cases = [
        ("pass", "only legal when no other move"),
        ("d3-d4-d5", "another game"),
        ("d3", "not a move"),
        ("a1-a2", "no hole"),
        ("d3-h3", "not a cell name"),
        ("d4-d5", "no man on d4"),
        ("b3-c3", "man of B, but A is to move"),
        ("d3-d3", "ends where it starts"),
        ("d3-c4", "lands on an enemy man"),
        ("e3-d3", "lands on an own man"),
        ("d3-e5", "not on a line"),
    ];
    for (text, why) in cases {
        match start.parse_move(text) {
            Err(e @ Error::Move(_)) => assert!(e.to_string().contains(why), "{text}: {e}"),
            other => panic!("{text}: {other:?}"),
        }
    }
    let mut moves: Vec<String> = start
        .legal_moves()
        .into_iter()
        .map(|m| start.move_text(m))
        .collect();
    moves.sort();
    let want = "c2-c3 d2-c3 d3-c3 d3-d4 e3-d4 e4-d4 e4-e5 f4-e5 f5-e5";
    assert_eq!(moves.join(" "), want);
    // After d3-d4 B may jump it downward; after c4-c3 A may jump that man upward.
    let mut pos = CaeserPosition::start();
    play(&mut pos, &["d3-d4", "c4-c3"]);
    assert_eq!(
        pos.to_text(),
        "caeser BBBB/BBBBB/BBBB1A/BB1AAAA/BB1AAA/AAAAA/AAAA A 1,1"
    );
    assert!(pos.parse_move("c2-c4").is_ok());
    for (text, why) in [
        ("d4-d3", "not forward (A moves up"),
        ("e4-c4", "jumps over an own man on d4"),
        ("e2-c4", "jumps over the empty hole d3"),
        ("e1-e5", "4 holes away"),
    ] {
        let e = pos.parse_move(text).unwrap_err();
        assert!(e.to_string().contains(why), "{text}: {e}");
    }
    play(&mut pos, &["e4-e5"]);
    let e = pos.parse_move("c3-c4").unwrap_err();
    assert!(e.to_string().contains("not forward (B moves down"), "{e}");
    assert!(pos.parse_move("c3-d3").is_ok());
    // After the game.
    let won = parse(A_HOME);
    assert_eq!(won.status(), Status::Won(0));
    let e = won.parse_move("pass").unwrap_err();
    assert!(e.to_string().contains("game is over"), "{e}");
}

#[test]
fn status_rules() {
    // A win: A's last man steps into B's half.
    let mut pos = parse(NEAR_WIN);
    assert_eq!(pos.status(), Status::Ongoing);
    play(&mut pos, &["e5-d5"]);
    assert_eq!(pos.status(), Status::Won(0));
    assert!(pos.legal_moves().is_empty());
    assert_eq!(perft(&mut pos, 1), 0);
    // Only the mover is tested: B to move with A in its goal has just lost.
    assert_eq!(parse(A_HOME).status(), Status::Won(0));
    // A double blockade: A passes, then B, a draw.
    let text = "caeser AAAA/AAAAA/BAAA1B/AAA1BBB/AABBBB/1BBBB/BBBB A 56,56";
    let mut pos = parse(text);
    assert_eq!(pos.legal_moves(), vec![Move::PASS]);
    assert_eq!(pos.parse_move("pass"), Ok(Move::PASS));
    pos.make(Move::PASS);
    assert_eq!((pos.status(), pos.passes_in_row()), (Status::Ongoing, 1));
    assert_eq!(pos.move_count(0), 57);
    let mut naive = NaiveCaeser::from_text(text).unwrap();
    naive.play(None);
    assert_eq!(naive.status(), Status::Ongoing);
    assert_eq!(pos.legal_moves(), vec![Move::PASS]);
    pos.make(Move::PASS);
    assert_eq!(pos.status(), Status::DrawByPasses);
    naive.play(None);
    assert_eq!(naive.status(), Status::DrawByPasses);
    let mut again = parse(&format!("{text} 1"));
    again.make(Move::PASS);
    assert_eq!(again.status(), Status::DrawByPasses);
    pos.unmake();
    assert_eq!((pos.status(), pos.passes_in_row()), (Status::Ongoing, 1));
    // One pass, then a move: the count starts again.
    let mut pos = parse(NEAR_WIN);
    play(&mut pos, &["e5-d5"]);
    pos.unmake();
    assert_eq!(pos.to_text(), NEAR_WIN);
}

#[test]
fn evaluation_counts_lean_to_go_and_mobility() {
    let start = CaeserPosition::start();
    let eval = start.evaluator(&Default::default());
    let team = Team::new(0, 2);
    assert_eq!(start.side_score(&eval, 0), start.side_score(&eval, 1));
    assert_eq!(
        start.distance_to_go(&eval, 0),
        start.distance_to_go(&eval, 1)
    );
    assert!(start.distance_to_go(&eval, 0) > 0);
    // Each A move gains 100 a unit of rank - file: a step up or left 100, up-left 200.
    let gain =
        |p: &CaeserPosition, t: &str| p.move_gain(&eval, p.to_move(), p.parse_move(t).unwrap());
    assert_eq!(
        (
            gain(&start, "d3-d4"),
            gain(&start, "d3-c3"),
            gain(&start, "d2-c3")
        ),
        (100, 100, 200)
    );
    let mut pos = start.clone();
    play(&mut pos, &["d3-d4"]);
    assert_eq!(gain(&pos, "d5-d3"), 200);
    // After a forward move the distance shrank by the gain.
    assert_eq!(
        pos.distance_to_go(&eval, 0),
        start.distance_to_go(&eval, 0) - 100
    );
    // A side in its goal has nothing to go.
    let home = parse(A_HOME);
    assert_eq!(home.distance_to_go(&eval, 0), 0);
    assert_eq!(home.distance_to_go(&eval, 1), 0);
    // Much nearer the goal: clearly better for the side to move.
    let near = parse(NEAR_WIN);
    assert_eq!(near.distance_to_go(&eval, 0), 100);
    assert_eq!(near.distance_to_go(&eval, 1), 200);
    assert!(near.evaluate(&eval, team) > 0);
    // Mobility: the same lean, but a blocked side scores less.
    let blocked = parse("caeser AAAA/AAAAA/BAAA1B/AAA1BBB/AABBBB/1BBBB/BBBB A 56,56");
    assert_eq!(
        blocked.side_score(&eval, 0),
        -blocked.distance_to_go(&eval, 0)
    );
    let free = parse(START_TEXT);
    assert_eq!(
        free.side_score(&eval, 0),
        -free.distance_to_go(&eval, 0) + 9 * 8
    );
    // Scores are bounded and antisymmetric in the side to move.
    for seed in 0..20 {
        let p = random_game(seed, 10 + seed as usize, 0.5);
        let e = p.evaluate(&eval, Team::new(p.to_move(), 2));
        let (me, you) = (p.to_move(), 1 - p.to_move());
        assert_eq!(e, p.side_score(&eval, me) - p.side_score(&eval, you) + 30);
        assert!(e.abs() < 10_000, "{e}");
    }
}

// ---- The solver ----

/// A plain minimax over the game layer (no table, no pruning): the exact value, or `None`
/// when the whole tree has more than `budget` nodes left.
fn minimax(pos: &mut CaeserPosition, budget: &mut u32) -> Option<Outcome> {
    *budget = budget.checked_sub(1)?;
    match pos.status() {
        Status::Won(s) if s == pos.to_move() => return Some(Outcome::Win),
        Status::Won(_) => return Some(Outcome::Loss),
        Status::Ongoing => {}
        _ => return Some(Outcome::Draw),
    }
    let mut best = Outcome::Loss;
    for mv in pos.legal_moves() {
        pos.make(mv);
        let child = minimax(pos, budget);
        pos.unmake();
        let mine = match child? {
            Outcome::Win => Outcome::Loss,
            Outcome::Loss => Outcome::Win,
            Outcome::Draw => Outcome::Draw,
        };
        best = best.max(mine);
    }
    Some(best)
}

#[test]
fn solver_agrees_with_plain_minimax_near_the_end() {
    let mut seen = [0; 3];
    for seed in 0..300u64 {
        let mut pos = random_game(seed, 1000, [1.0, 0.3][seed as usize % 2]);
        let back = 4 + seed as usize % 7;
        for _ in 0..back.min(pos.history().count()) {
            pos.unmake();
        }
        let mut pos = parse(&pos.to_text());
        let Some(want) = minimax(&mut pos, &mut 300_000) else {
            continue;
        };
        let mut solver = Solver::new(1 << 20);
        assert_eq!(solver.value(&pos), Some(want), "{}", pos.to_text());
        seen[want as usize] += 1;
    }
    assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
    // A won position, a drawn one, and a budget too small for the start.
    let mut solver = Solver::new(1000);
    assert_eq!(solver.value(&parse(NEAR_WIN)), Some(Outcome::Win));
    let blocked = parse("caeser AAAA/AAAAA/BAAA1B/AAA1BBB/AABBBB/1BBBB/BBBB A 56,56");
    assert_eq!(solver.value(&blocked), Some(Outcome::Draw));
    assert_eq!(solver.value(&parse(A_HOME)), Some(Outcome::Loss));
    assert_eq!(Solver::new(1000).value(&CaeserPosition::start()), None);
}
