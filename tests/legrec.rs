//! Le Grec: the engine's generator against the simple reference (`src/legrec.rs`), the
//! perft table `positions/perft/family/legrec.txt`, texts, errors, make/unmake, the status
//! rules, the evaluation, and the solution (`engine/src/games/legrec/solve.rs`) checked
//! against one-ply lookahead over every state, a plain depth-limited minimax and a replay.

use halma_engine::game::{Evaluation, GameRules, Status, Team};
use halma_engine::games::legrec::{LeGrecPosition, Solution, Value};
use halma_engine::perft::perft;
use halma_engine::rng::Rng;
use halma_engine::{Error, Move};
use halma_suite::conformance::{
    last, GamesCheck, PlayCheck, RepetitionCheck, ShuffleCheck, Spec, TableCheck,
};
use halma_suite::family_checks::{check_field_errors, next_blocked, next_game_end};
use halma_suite::legrec::NaiveLeGrec;
use halma_suite::perft_table::{family_perft_table, table_line};
use halma_suite::reference::{seeded_game, Reference};
use std::sync::OnceLock;

halma_suite::conformance!(LeGrecPosition, NaiveLeGrec, SPEC);

/// The start as text.
const START: &str = "legrec BBBB/1BBB/AAA1/AAAA A 0,0";

/// The suite's numbers for Le Grec.
const SPEC: Spec<LeGrecPosition> = Spec {
    table: "legrec",
    start: LeGrecPosition::start,
    start_counts: &[5, 23],
    start_depth: 6,
    perft_table: TableCheck {
        min_depths: 2,
        engine_leaves: 5_000_000,
        naive_leaves: 300_000,
        naive_depth: 0,
        min_lines: 9,
        min_engine: 124,
        min_naive: 113,
    },
    // The table's positions were drawn by hand from random play (`print_perft_table`).
    table_positions: None,
    print_leaves: 20_000_000,
    play: PlayCheck {
        positions: 30,
        epsilons: &[1.0, 0.5, 0.1],
        plies: &[6, 12, 20, 30, 45],
        depths: &[(4, 1_000_000, 20)],
    },
    games: GamesCheck {
        games: 12,
        epsilons: &[1.0, 0.3, 0.1],
        cap: 200,
        min_won: 12,
    },
    shuffle: ShuffleCheck {
        games: 60,
        depth: 4,
        min_repeated: 5,
        ..ShuffleCheck::DEFAULT
    },
    finished: Vec::new,
    make_unmake_step: 3,
    paths_are_moves: true,
    bench: halma_suite::legrec::BENCH,
    compute_key: LeGrecPosition::compute_key,
    passes: LeGrecPosition::passes_in_row,
    pass_draw: (|| format!("{} 1", START.replace(" 0,0", " 3,3")), "c2-d2"),
    // Two rounds of sideways moves: the start's third occurrence.
    repetition: Some(RepetitionCheck {
        from: LeGrecPosition::start,
        cycle: ["c2-d2", "b3-a3", "d2-c2", "a3-b3"],
        perft_plies: &[5, 6, 7],
        depth: 4,
    }),
    mangled: (
        &[START, "legrec AAAA/AAB1/BB1A/BBBB A 5,5"],
        "AB Cabcd012345/,-passé\t",
        20_000,
    ),
    arbitrary_moves: "[a-e0-9 -]{0,9}|pass",
};

/// The solution, built once for all tests of this file.
fn solution() -> &'static Solution {
    static SOLUTION: OnceLock<Solution> = OnceLock::new();
    SOLUTION.get_or_init(Solution::build)
}

fn parse(text: &str) -> LeGrecPosition {
    LeGrecPosition::from_text(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// How a random game picks its moves.
#[derive(Clone, Copy)]
enum Style {
    /// Any legal move.
    Uniform,
    /// Mostly a move that climbs most (the evaluation's policy), so that games end.
    Forward,
    /// Mostly the own previous move taken back where legal, so that positions repeat.
    Shuffle,
}

/// A move of `pos` (an ongoing game) in `style`.
fn random_move(pos: &LeGrecPosition, style: Style, rng: &mut Rng) -> Move {
    let eval = pos.evaluator(&Default::default());
    match style {
        Style::Uniform => pos.policy_move(&eval, 1.0, rng),
        Style::Forward => pos.policy_move(&eval, 0.2, rng),
        Style::Shuffle => {
            let history: Vec<Move> = pos.history().collect();
            if history.len() >= 2 && !rng.chance(0.2) {
                let own = history[history.len() - 2];
                let back = if own.is_pass() {
                    own
                } else {
                    Move::new(own.to(), own.from())
                };
                if pos.is_legal(back) {
                    return back;
                }
            }
            pos.policy_move(&eval, 1.0, rng)
        }
    }
}

/// A game from the start, up to `plies` moves in `style` (fewer if it ends).
fn random_game(seed: u64, plies: usize, style: Style) -> LeGrecPosition {
    last(seeded_game(
        LeGrecPosition::start(),
        seed,
        plies,
        |p, rng| random_move(p, style, rng),
    ))
}

/// The lines of the perft table: position text and counts by depth.
fn table() -> Vec<(String, Vec<u64>)> {
    family_perft_table("legrec")
}

/// Prints the perft table's lines (`cargo test --release -p halma-suite --test suite
/// legrec::print_perft_table -- --ignored --nocapture`).
#[test]
#[ignore]
fn print_perft_table() {
    let mut positions = vec![LeGrecPosition::start()];
    // Midgame and endgame positions from play, and blocked sides (passes).
    let mut seed = 1000;
    let mut wanted = [
        (12, Style::Uniform),
        (20, Style::Forward),
        (30, Style::Uniform),
    ]
    .to_vec();
    wanted.extend([
        (16, Style::Shuffle),
        (40, Style::Forward),
        (8, Style::Uniform),
    ]);
    for (plies, style) in wanted {
        let game = |s| random_game(s, plies, style);
        positions.push(next_game_end(&mut seed, game, |s| !s.is_over(), 0));
    }
    // Near the end: a forward game's position a few plies before its win.
    for back in [3, 5] {
        let game = |s| random_game(s, 300, Style::Forward);
        let won = |s| matches!(s, Status::Won(_));
        positions.push(next_game_end(&mut seed, game, won, back));
    }
    // A blocked side to move, the same after a pass, and another blocked side.
    let game = |s| {
        let pick = |p: &LeGrecPosition, rng: &mut Rng| random_move(p, Style::Forward, rng);
        seeded_game(LeGrecPosition::start(), s, 300, pick)
    };
    let blocked = next_blocked(&mut seed, game);
    let passed = parse(&format!("{} 1", blocked.to_text()));
    positions.extend([blocked, passed, next_blocked(&mut seed, game)]);
    for mut pos in positions {
        println!("{}", table_line(&mut pos, 12, 20_000_000));
    }
}

#[test]
fn diagram_draws_the_start_as_the_rules_do() {
    let want = " 4 B B B B\n 3 . B B B\n 2 A A A .\n 1 A A A A\n   a b c d\n";
    assert_eq!(LeGrecPosition::start().diagram(), want);
    assert_eq!(
        LeGrecPosition::start().to_text(),
        "legrec BBBB/1BBB/AAA1/AAAA A 0,0"
    );
}

#[test]
fn bad_position_texts_are_errors() {
    check_field_errors("BBBB/1BBB/AAA1/AAAA", LeGrecPosition::from_text);
    let cases = [
        ("legrec BBBB/1BBB/AAA1 A 0,0", "3 ranks"),
        ("legrec BBBBB/BBB/AAA1/AAAA A 0,0", "5 cells"),
        ("legrec BBBB/1BBB/AAA1/AAA A 0,0", "3 cells"),
        ("legrec BBBB/1BBC/AAA1/AAAA A 0,0", "'C'"),
        ("legrec BBBB/2BB/AAA1/AAAA A 0,0", "side B has 6 stones"),
        ("legrec BBBB/1BBB/AAAA/AAAA A 0,0", "side A has 8 stones"),
        ("legrec BBBB/1BBB/AA2/AAAA A 0,0", "side A has 6 stones"),
        ("legrec BBBB/1BBB/AAA1/AAAA AB 0,0", "side to move"),
        ("legrec BBBB/1BBB/AAA1/AAAA A x,0", "move counts"),
        ("legrec BBBB/1BBB/AAA1/AAAA A 0,0 x", "number of passes"),
        ("legrec BBBB/1BBB/AAA1/AAAA A", "got 2 fields"),
        ("legrec", "got 0 fields"),
        ("legrec BBBB/1BBB/AAA1/AAAA A 0,0 0 0", "got 5 fields"),
        (
            "legrec BBBB/1BBB/AAA1/99999999999999999999999 A 0,0",
            "cells",
        ),
    ];
    for (text, why) in cases {
        match LeGrecPosition::from_text(text) {
            Err(e @ Error::Position(_)) => assert!(e.to_string().contains(why), "{text}: {e}"),
            other => panic!("{text}: {other:?}"),
        }
    }
}

#[test]
fn bad_cells_and_moves_are_errors() {
    let start = LeGrecPosition::start();
    for name in ["e1", "a5", "a0", "", "a", "A1", "a1x", "a-1"] {
        assert!(
            matches!(start.parse_cell(name), Err(Error::Cell(_))),
            "{name}"
        );
    }
    assert_eq!(start.parse_cell("d4"), Ok(15));
    assert_eq!(start.cell_name(6), "c2");
    // Empty a3 and a4; B on d1.
    let pos = parse("legrec 1BBB/1BBB/AAAA/AAAB A 0,0");
    let cases = [
        ("pass", "only legal when no other move"),
        ("a1-a2-a3", "another game"),
        ("a1", "not a move"),
        ("e1-e2", "not a cell"),
        ("a3-a4", "no stone on a3"),
        ("b3-a3", "stone of B, but A is to move"),
        ("a1-a1", "ends where it starts"),
        ("a1-b1", "lands on an own stone"),
        ("a2-b3", "lands on an enemy stone"),
        ("a2-a4", "jumps over the empty cell a3"),
        ("a1-a3", "jumps over an own stone on a2"),
        ("c2-a3", "straight line"),
        ("a1-a4", "straight line"),
    ];
    for (text, why) in cases {
        match pos.parse_move(text) {
            Err(e @ Error::Move(_)) => assert!(e.to_string().contains(why), "{text}: {e}"),
            other => panic!("{text}: {other:?}"),
        }
    }
    // c2 over b3 to a4: a diagonal jump.
    assert!(pos.parse_move("c2-a4").is_ok());
    assert!(pos.parse_move("a2-a3").is_ok());
    // Backward moves, for both sides.
    let pos = parse("legrec BBBB/1BBB/AAAA/AAA1 A 0,0");
    for text in ["d2-d1", "c2-d1"] {
        let e = pos.parse_move(text).unwrap_err();
        assert!(e.to_string().contains("backward"), "{text}: {e}");
    }
    let pos = parse("legrec BBB1/BBBB/1AAA/AAAA B 0,0");
    let e = pos.parse_move("d3-d4").unwrap_err();
    assert!(e.to_string().contains("backward"), "{e}");
    assert!(pos.parse_move("a3-a2").is_ok());
    // After the game.
    let mut won = parse("legrec AAAA/AAB1/BB1A/BBBB A 5,5");
    won.make(won.parse_move("d2-d3").unwrap());
    let e = won.parse_move("a2-a1").unwrap_err();
    assert!(e.to_string().contains("game is over"), "{e}");
}

#[test]
fn status_rules() {
    // A win: A's seventh stone reaches rank 3.
    let mut pos = parse("legrec AAAA/AAB1/BB1A/BBBB A 5,5");
    assert_eq!(pos.status(), Status::Ongoing);
    pos.make(pos.parse_move("d2-d3").unwrap());
    assert_eq!(pos.status(), Status::Won(0));
    assert!(pos.legal_moves().is_empty());
    assert_eq!(perft(&mut pos, 1), 0);
    // A text where the side that just moved stands on its goal: already won.
    assert_eq!(
        parse("legrec AAAA/AAAB/BBB1/BBB1 B 5,5").status(),
        Status::Won(0)
    );
    // B is blocked: it passes; after A's pass it would be the second pass in a row.
    let mut pos = parse("legrec 1AAB/1AAB/BABA/BBAB B 9,8");
    assert_eq!(pos.legal_moves(), vec![Move::PASS]);
    assert_eq!(pos.parse_move("pass"), Ok(Move::PASS));
    pos.make(Move::PASS);
    assert_eq!((pos.status(), pos.passes_in_row()), (Status::Ongoing, 1));
    assert_eq!(pos.move_count(1), 9);
    let mut pos = parse("legrec 1AAB/1AAB/BABA/BBAB B 9,8 1");
    pos.make(Move::PASS);
    assert_eq!(pos.status(), Status::DrawByPasses);
    // Repetition: the start occurs a third time after two rounds of sideways moves.
    let mut pos = LeGrecPosition::start();
    for round in 0..2 {
        for text in ["c2-d2", "b3-a3", "d2-c2", "a3-b3"] {
            assert_eq!(pos.status(), Status::Ongoing, "round {round}");
            pos.make(pos.parse_move(text).unwrap());
        }
    }
    assert_eq!(pos.status(), Status::DrawByRepetition);
    assert_eq!(pos.to_text(), "legrec BBBB/1BBB/AAA1/AAAA A 4,4");
    assert_eq!(pos.history().count(), 8);
}

#[test]
fn evaluation_prefers_the_more_advanced_side() {
    let start = LeGrecPosition::start();
    let eval = start.evaluator(&Default::default());
    let team = Team::new(0, 2);
    assert_eq!(start.side_score(&eval, 0), start.side_score(&eval, 1));
    assert_eq!(start.side_score(&eval, 0), -(4 * 200 + 3 * 100));
    // A has climbed: better for A to move, worse for B to move.
    let ahead = parse("legrec BBBB/ABBB/1AA1/AAAA A 1,0");
    assert!(ahead.evaluate(&eval, team) > start.evaluate(&eval, team));
    assert!(ahead.side_score(&eval, 0) > ahead.side_score(&eval, 1));
    // Move gains: a step forward 100, a forward jump 200, sideways 0.
    let pos = parse("legrec 1BBB/1BBB/AAAA/AAAB A 0,0");
    let gain = |t: &str| pos.move_gain(&eval, 0, pos.parse_move(t).unwrap());
    assert_eq!((gain("a2-a3"), gain("c2-a4")), (100, 200));
}

// ---- The solution ----

/// Every arrangement: seven A stones, seven B stones (B's among the nine cells A leaves
/// empty: every subset of them, by the usual walk over the subsets of a mask).
fn arrangements() -> impl Iterator<Item = [u16; 2]> {
    (0..=u16::MAX)
        .filter(|a| a.count_ones() == 7)
        .flat_map(|a| {
            let free = !a;
            let subsets = std::iter::successors(Some(free), move |&s| {
                (s != 0).then(|| s.wrapping_sub(1) & free)
            });
            subsets.filter(|s| s.count_ones() == 7).map(move |b| [a, b])
        })
}

fn position(stones: [u16; 2], side: usize, passes: u8) -> LeGrecPosition {
    LeGrecPosition::from_parts(stones, side, [0, 0], passes).unwrap()
}

/// Checks `pos`'s value against its children's (each after the normal make and status).
fn check_one_ply(solution: &Solution, pos: &mut LeGrecPosition) {
    let value = solution.value(pos);
    let moves = pos.legal_moves();
    if pos.status().is_over() {
        assert!(moves.is_empty());
        assert!(
            matches!(value, Value::Loss(0) | Value::Draw),
            "{}",
            pos.to_text()
        );
        return;
    }
    let mut children = Vec::with_capacity(moves.len());
    for &mv in &moves {
        pos.make(mv);
        children.push(solution.value(pos));
        pos.unmake();
    }
    for (&mv, &c) in moves.iter().zip(&children) {
        assert_eq!(solution.value_after(pos, mv), c, "{} {mv:?}", pos.to_text());
    }
    let fastest_win = children
        .iter()
        .filter_map(|c| match c {
            Value::Loss(k) => Some(k + 1),
            _ => None,
        })
        .min();
    let all_win = children.iter().all(|c| matches!(c, Value::Win(_)));
    let slowest_loss = children.iter().filter_map(|c| c.plies()).max();
    let want = match (fastest_win, all_win) {
        (Some(n), _) => Value::Win(n),
        (None, true) => Value::Loss(slowest_loss.unwrap() + 1),
        (None, false) => Value::Draw,
    };
    assert_eq!(value, want, "{} children {children:?}", pos.to_text());
}

#[test]
fn solution_is_consistent_with_one_ply_lookahead_everywhere() {
    let solution = solution();
    let mut count = 0;
    for stones in arrangements() {
        for side in 0..2 {
            for passes in 0..2 {
                let mut pos = position(stones, side, passes);
                check_one_ply(solution, &mut pos);
                count += 1;
            }
        }
    }
    assert_eq!(count, 4 * 411_840);
    let census = solution.census();
    assert_eq!(census.total(), 823_680);
}

/// A plain depth-limited minimax: the exact value if the game is decided (or every line
/// is known) within `depth` plies, else `None`.
fn minimax(pos: &mut LeGrecPosition, depth: u32) -> Option<Value> {
    match pos.status() {
        Status::Won(_) => return Some(Value::Loss(0)),
        Status::DrawByPasses => return Some(Value::Draw),
        Status::DrawByRepetition
        | Status::DrawByEqualTurns
        | Status::DrawByPlyCap
        | Status::LostByDeadline(_) => return None,
        Status::Ongoing => {}
    }
    if depth == 0 {
        return None;
    }
    let (mut win, mut loss, mut all_lose, mut all_known) = (None::<u32>, 0, true, true);
    for mv in pos.legal_moves() {
        pos.make(mv);
        let child = minimax(pos, depth - 1);
        pos.unmake();
        match child {
            Some(Value::Loss(k)) => win = Some(win.map_or(k + 1, |w| w.min(k + 1))),
            Some(Value::Win(k)) => loss = loss.max(k + 1),
            Some(Value::Draw) => all_lose = false,
            None => (all_lose, all_known) = (false, false),
        }
    }
    match win {
        Some(n) => Some(Value::Win(n)),
        None if all_lose => Some(Value::Loss(loss)),
        None if all_known => Some(Value::Draw),
        None => None,
    }
}

#[test]
fn solution_agrees_with_minimax_near_the_end() {
    const DEPTH: u32 = 6;
    let solution = solution();
    let mut rng = Rng::new(7);
    let (mut near, mut far) = (0, 0);
    while near < 300 || far < 100 {
        // A random arrangement: the cells shuffled, seven to each side.
        let mut cells: Vec<u16> = (0..16).collect();
        for i in (1..16).rev() {
            cells.swap(i, rng.below(i as u32 + 1) as usize);
        }
        let a = cells[..7].iter().fold(0, |m, &c| m | 1 << c);
        let b = cells[7..14].iter().fold(0, |m, &c| m | 1 << c);
        let side = rng.below(2) as usize;
        let passes = u8::from(rng.chance(0.1));
        let mut pos = position([a, b], side, passes);
        let value = solution.value(&pos);
        let decided = value.plies().is_some_and(|n| n <= DEPTH);
        if decided && near < 300 {
            near += 1;
        } else if !decided && far < 100 {
            far += 1;
        } else {
            continue;
        }
        let found = minimax(&mut pos, DEPTH);
        if decided {
            assert_eq!(found, Some(value), "{}", pos.to_text());
        } else {
            assert!(found.is_none() || found == Some(value), "{}", pos.to_text());
        }
    }
}

#[test]
fn perfect_game_from_the_start_replays_to_its_value() {
    let solution = solution();
    assert!(solution.build_time().as_secs_f64() < 5.0);
    let start = LeGrecPosition::start();
    let value = solution.value(&start);
    assert_eq!(value, Value::Draw);
    let line = solution.principal_line(&start);
    let mut pos = start.clone();
    for &mv in &line {
        assert!(pos.is_legal(mv), "{}: {mv:?}", pos.to_text());
        // Every move keeps the value (a draw stays a draw).
        let before = solution.value(&pos);
        pos.make(mv);
        let after = solution.value(&pos);
        match before {
            Value::Draw => assert!(after == Value::Draw),
            Value::Win(n) => assert_eq!(after, Value::Loss(n - 1)),
            Value::Loss(n) => assert_eq!(after, Value::Win(n - 1)),
        }
    }
    match value {
        Value::Draw => assert!(matches!(
            pos.status(),
            Status::DrawByRepetition | Status::DrawByPasses
        )),
        Value::Win(n) => {
            assert_eq!(line.len(), n as usize);
            assert_eq!(pos.status(), Status::Won(0));
        }
        Value::Loss(n) => {
            assert_eq!(line.len(), n as usize);
            assert_eq!(pos.status(), Status::Won(1));
        }
    }
    assert_eq!(solution.best_move(&pos), None);
}

#[test]
fn perfect_play_wins_decided_positions_in_the_stated_plies() {
    // From random won or lost positions, the principal line ends with the predicted
    // winner after exactly the predicted number of plies, replayed through make/status.
    let solution = solution();
    let mut rng = Rng::new(11);
    let mut checked = 0;
    for seed in 0..400u64 {
        let played = random_game(seed, 4 + rng.below(40) as usize, Style::Forward);
        // Without its history, as the values assume.
        let pos = parse(&played.to_text());
        let value = solution.value(&pos);
        let Some(n) = value.plies() else { continue };
        let line = solution.principal_line(&pos);
        assert_eq!(line.len(), n as usize, "{}", pos.to_text());
        let mut end = pos.clone();
        for mv in line {
            end.make(mv);
        }
        let mover = pos.to_move();
        let winner = if matches!(value, Value::Win(_)) {
            mover
        } else {
            1 - mover
        };
        if n > 0 {
            assert_eq!(end.status(), Status::Won(winner), "{}", pos.to_text());
        }
        checked += 1;
    }
    assert!(checked >= 20, "only {checked} decided positions");
}

/// Every count of the table with the reference too (`-- --ignored`; about a minute).
#[test]
#[ignore]
fn perft_table_deep_against_the_reference() {
    for (text, counts) in table() {
        let naive = NaiveLeGrec::from_text(&text).unwrap();
        for (i, &n) in counts.iter().enumerate() {
            assert_eq!(naive.perft(i as u32 + 1), n, "{text} D{}", i + 1);
        }
    }
}
