//! Embargo: the engine (`halma_engine::games::embargo`) against the per-cell reference
//! (`halma_suite::embargo`), the perft table `positions/perft/family/embargo.txt`, the
//! position text, every bad input, make/unmake, the status rules and the evaluation.
//!
//! The table is written by the ignored test `print_table` (`cargo test --release -p
//! halma-suite --test suite embargo::print_table -- --ignored --nocapture`): the start and
//! positions from seeded random play, the counts from the engine; the normal run checks each
//! count with both generators up to a leaf bound.

use halma_engine::game::{Evaluation, GameRules, Status, Team};
use halma_engine::games::embargo::{EmbargoPosition, DEADLINE};
use halma_engine::perft::perft;
use halma_engine::weights::Weights;
use halma_engine::{Error, Move};
use halma_suite::conformance::{
    GamesCheck, PlayCheck, RepetitionCheck, ShuffleCheck, Spec, TableCheck,
};
use halma_suite::embargo::{move_text as naive_text, NaiveEmbargo};
use halma_suite::perft_table::family_perft_table;
use halma_suite::reference::Reference;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

halma_suite::conformance!(EmbargoPosition, NaiveEmbargo, SPEC);

/// A blocked in its yard by B on d1 c2 b3 a4.
const BLOCKED: &str = "embargo 7BB/9/9/9/9/B8/AB7/AAB6/AAAB5 A 9,9";
/// A's 25th move left a stone at home: B to move, A has lost.
const LOST: &str = "embargo 6BBB/7BB/8B/9/9/1A7/9/9/A2AAAA2 B 25,24";

/// The suite's numbers for Embargo.
const SPEC: Spec<EmbargoPosition> = Spec {
    table: "embargo",
    start: EmbargoPosition::start,
    start_counts: &[42, 1710],
    start_depth: 4,
    // Every count up to 5,000,000 by the engine; by the reference up to 400,000 and every
    // count to depth 3.
    perft_table: TableCheck {
        min_depths: 3,
        engine_leaves: 5_000_000,
        naive_leaves: 400_000,
        naive_depth: 3,
        min_lines: 9,
        min_engine: 40,
        min_naive: 30,
    },
    table_positions: Some(|| table_positions().iter().skip(1).map(|t| parse(t)).collect()),
    print_leaves: 200_000_000,
    play: PlayCheck {
        positions: 30,
        epsilons: &[1.0, 0.5, 0.1],
        plies: &[5, 15, 30, 45, 60],
        depths: &[(3, 500_000, 28)],
    },
    games: GamesCheck {
        games: 8,
        epsilons: &[1.0, 0.3, 0.1],
        cap: 400,
        // None of these eight games is won within the cap.
        min_won: 0,
    },
    shuffle: ShuffleCheck {
        min_repeated: 9,
        ..ShuffleCheck::DEFAULT
    },
    finished: Vec::new,
    make_unmake_step: 5,
    paths_are_moves: true,
    bench: halma_suite::embargo::BENCH,
    compute_key: EmbargoPosition::compute_key,
    passes: EmbargoPosition::passes_in_row,
    pass_draw: (
        || format!("{} 1", EmbargoPosition::start().to_text()),
        "c1-c5",
    ),
    repetition: Some(RepetitionCheck {
        from: before_the_cycle,
        cycle: ["c5-c6", "g5-g4", "c6-c5", "g4-g5"],
        perft_plies: &[6, 7],
        depth: 3,
    }),
    mangled: (&[BLOCKED, LOST], "AB Cabcdefghi0123456789/,-passé\t", 5_000),
    arbitrary_moves: "[a-j0-9 -]{0,9}|pass",
};

/// After c1-c5 g9-g5: where the suite's repetition cycle starts.
fn before_the_cycle() -> EmbargoPosition {
    let mut pos = EmbargoPosition::start();
    for mv in ["c1-c5", "g9-g5"] {
        pos.make(pos.parse_move(mv).unwrap());
    }
    pos
}

/// The position of a full position text.
fn parse(text: &str) -> EmbargoPosition {
    let fields = text
        .strip_prefix("embargo ")
        .unwrap_or_else(|| panic!("'{text}' is not an embargo position"));
    EmbargoPosition::from_text_fields(fields).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The engine's legal moves as sorted texts.
fn engine_moves(pos: &EmbargoPosition) -> Vec<String> {
    let mut moves: Vec<String> = pos
        .legal_moves()
        .into_iter()
        .map(|m| pos.move_text(m))
        .collect();
    moves.sort();
    moves
}

/// The reference's legal moves as sorted texts.
fn naive_moves(naive: &NaiveEmbargo) -> Vec<String> {
    let mut moves: Vec<String> = naive.legal_moves().into_iter().map(naive_text).collect();
    moves.sort();
    moves
}

/// How random play picks its moves.
#[derive(Clone, Copy)]
enum Style {
    /// Any legal move.
    Uniform,
    /// Mostly a move of largest gain by the evaluation's distance table.
    Forward,
    /// Mostly the mover's previous move taken back (to provoke repetitions).
    Shuffle,
    /// Forward, but A never moves the stone that started on `a1` (to meet the deadline).
    Lazy,
}

/// A move of `pos` (ongoing) in `style`.
fn pick(pos: &EmbargoPosition, style: Style, rng: &mut StdRng) -> Move {
    let eval = pos.evaluator(&Weights::default());
    let mut moves = pos.legal_moves();
    if let Style::Lazy = style {
        let a1 = pos.parse_cell("a1").unwrap();
        let kept: Vec<Move> = moves.iter().copied().filter(|m| m.from() != a1).collect();
        if !kept.is_empty() && pos.to_move() == 0 {
            moves = kept;
        }
    }
    let any = *moves.choose(rng).unwrap();
    match style {
        Style::Uniform => any,
        Style::Forward | Style::Lazy => {
            if any.is_pass() || rng.gen_bool(0.25) {
                return any;
            }
            let side = pos.to_move();
            let best = moves
                .iter()
                .map(|&m| pos.move_gain(&eval, side, m))
                .max()
                .unwrap();
            let top: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|&m| pos.move_gain(&eval, side, m) == best)
                .collect();
            *top.choose(rng).unwrap()
        }
        Style::Shuffle => {
            let history: Vec<Move> = pos.history().collect();
            let back = history
                .len()
                .checked_sub(2)
                .map(|i| history[i])
                .filter(|m| !m.is_pass())
                .map(|m| Move::new(m.to(), m.from()))
                .filter(|m| moves.contains(m));
            match back {
                Some(m) if rng.gen_bool(0.85) => m,
                _ => any,
            }
        }
    }
}

/// Plays up to `plies` moves from the start in `style`, with the engine and the reference
/// side by side, checking at every position that both give the same moves and status (the
/// history kept, so repetitions count); returns the engine's position.
fn play_both(seed: u64, style: Style, plies: usize) -> EmbargoPosition {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut pos = EmbargoPosition::start();
    let mut naive = NaiveEmbargo::from_engine(&pos);
    for _ in 0..plies {
        let context = || format!("seed {seed}, {}", pos.to_text());
        assert_eq!(pos.status(), naive.status(), "{}", context());
        assert_eq!(engine_moves(&pos), naive_moves(&naive), "{}", context());
        assert_eq!(pos.count_legal_moves(), naive.legal_moves().len() as u64);
        if pos.status().is_over() {
            break;
        }
        let mv = pick(&pos, style, &mut rng);
        let text = pos.move_text(mv);
        assert_eq!(pos.parse_move(&text), Ok(mv), "{}", context());
        pos.make(mv);
        naive.play(NaiveEmbargo::parse_move(&text).unwrap());
        assert_eq!(pos.key(), pos.compute_key());
    }
    pos
}

#[test]
fn random_play_agrees_with_the_reference() {
    let styles = [Style::Uniform, Style::Forward, Style::Shuffle, Style::Lazy];
    let mut ends = [0usize; 4];
    for seed in 0..48u64 {
        let pos = play_both(seed, styles[seed as usize % 4], 400);
        match pos.status() {
            Status::Won(_) => ends[0] += 1,
            Status::LostByDeadline(_) => ends[1] += 1,
            Status::DrawByRepetition => ends[2] += 1,
            _ => ends[3] += 1,
        }
    }
    // Every end was met (wins, deadline losses, repetitions).
    assert!(ends[..3].iter().all(|&n| n > 0), "{ends:?}");
}

#[test]
fn perft_with_history_agrees_with_the_reference() {
    // Shuffling play with a few plies left before a third occurrence, and lazy play
    // nearing A's deadline: depth 3 from there, the history counting for both.
    for (seed, style, plies) in [
        (7, Style::Shuffle, 9),
        (11, Style::Shuffle, 14),
        (3, Style::Lazy, 46),
        (15, Style::Lazy, 47),
    ] {
        let mut pos = play_both(seed, style, plies);
        let mut naive = NaiveEmbargo::from_engine(&EmbargoPosition::start());
        for mv in pos.history().collect::<Vec<_>>() {
            naive.play(NaiveEmbargo::parse_move(&pos.move_text(mv)).unwrap());
        }
        assert_eq!(perft(&mut pos, 3), naive.perft(3), "{}", pos.to_text());
    }
}

#[test]
fn random_placements_agree_with_the_reference() {
    let mut rng = StdRng::seed_from_u64(20);
    let mut cells: Vec<usize> = (0..81).collect();
    for _ in 0..4000 {
        cells.shuffle(&mut rng);
        let mut ranks = [['.'; 9]; 9];
        for (i, &c) in cells[..12].iter().enumerate() {
            ranks[c / 9][c % 9] = if i < 6 { 'A' } else { 'B' };
        }
        let placement: Vec<String> = ranks
            .iter()
            .rev()
            .map(|r| {
                // Runs of empty cells as one number each.
                let mut rank = String::new();
                for chunk in r.split_inclusive(|&c| c != '.') {
                    let empty = chunk.iter().filter(|&&c| c == '.').count();
                    if empty > 0 {
                        rank += &empty.to_string();
                    }
                    rank.extend(chunk.iter().filter(|&&c| c != '.'));
                }
                rank
            })
            .collect();
        let text = format!(
            "embargo {} {} {},{} {}",
            placement.join("/"),
            ['A', 'B'][rng.gen_range(0..2)],
            rng.gen_range(20..28),
            rng.gen_range(20..28),
            u8::from(rng.gen_bool(0.2))
        );
        let pos = parse(&text);
        let naive = NaiveEmbargo::from_engine(&pos);
        assert_eq!(pos.status(), naive.status(), "{text}");
        assert_eq!(engine_moves(&pos), naive_moves(&naive), "{text}");
    }
}

/// The lines of the perft table: position text and counts by depth.
fn table() -> Vec<(String, Vec<u64>)> {
    family_perft_table("embargo")
}

/// The positions of the table: the start, positions from seeded random play (midgame,
/// near the end), positions near A's deadline, a forced pass and a pass that ends the game.
fn table_positions() -> Vec<String> {
    let mut out = vec![EmbargoPosition::start().to_text()];
    for (seed, style, plies) in [
        (101, Style::Uniform, 10),
        (102, Style::Uniform, 24),
        (103, Style::Forward, 16),
        (104, Style::Forward, 30),
        (105, Style::Shuffle, 40),
        (106, Style::Forward, 60),
    ] {
        out.push(play_both(seed, style, plies).to_text());
    }
    // Near the end: forward play stopped two plies before it ended.
    for seed in [107, 108] {
        let mut pos = play_both(seed, Style::Forward, 400);
        assert!(pos.status().is_over(), "{}", pos.to_text());
        pos.unmake();
        pos.unmake();
        out.push(pos.to_text());
    }
    // Lazy play, A's deadline one and two moves away.
    for (seed, plies) in [(109, 46), (110, 45)] {
        out.push(play_both(seed, Style::Lazy, plies).to_text());
    }
    // A blocked in its yard by B on d1 c2 b3 a4: A must pass; then B passed before.
    out.push("embargo 7BB/9/9/9/9/B8/AB7/AAB6/AAAB5 A 9,9".into());
    out.push("embargo 7BB/9/9/9/9/B8/AB7/AAB6/AAAB5 A 9,9 1".into());
    out
}

#[test]
#[ignore = "writes the table: run with --ignored --nocapture"]
fn print_table() {
    for text in table_positions() {
        let mut pos = parse(&text);
        let mut line = text.clone();
        for depth in 1.. {
            let n = perft(&mut pos, depth);
            line += &format!(" ; D{depth} {n}");
            if n > 200_000_000 || (n == 0 && depth >= 3) || depth == 7 {
                break;
            }
        }
        println!("{line}");
    }
}

#[test]
fn text_round_trips() {
    for text in table().into_iter().map(|l| l.0) {
        assert_eq!(parse(&text).to_text(), text);
    }
    let pos = parse("embargo 7BB/9/9/9/9/B8/AB7/AAB6/AAAB5 B 123456789012,0 1");
    assert_eq!(pos.move_count(0), 123_456_789_012);
    assert_eq!(pos.to_move(), 1);
}

/// A position for the bad-input tests: A on b4 f4 (row wall c4 d4 e4), d1, a5, h1, h2;
/// B on its yard.
const WALLED: &str = "embargo 6BBB/7BB/8B/9/A8/1A3A3/9/7A1/3A3A1 A 5,5";

fn move_error(text: &str, mv: &str) -> String {
    match parse(text).parse_move(mv) {
        Err(Error::Move(m)) => m,
        other => panic!("{mv} in {text}: {other:?}"),
    }
}

#[test]
fn bad_moves_are_refused_with_a_reason() {
    let pos = parse(WALLED);
    for good in [
        "d1-d3", "d1-d2", "a5-a9", "a5-a4", "b4-e4", "f4-c4", "h2-h7",
    ] {
        assert!(
            pos.parse_move(good).is_ok(),
            "{good}: {:?}",
            pos.parse_move(good)
        );
    }
    for (mv, why) in [
        ("d1-d5", "wall cell d4"),
        ("d1-d4", "wall cell d4"),
        ("h2-h1", "own stone"),
        ("a5-a3", "own yard"),
        ("a5-a2", "own yard"),
        ("d1-e2", "diagonal"),
        ("d1-d3-d5", "another game"),
        ("b4-g4", "passes over the stone on f4"),
        ("h2-h8", "enemy stone"),
        ("i9-i6", "stone of B"),
        ("e5-e6", "no stone"),
        ("d1-d1", "no move"),
        ("d1", "not a move"),
        ("d1-j1", "not a cell"),
        ("pass", "only legal"),
    ] {
        let m = move_error(WALLED, mv);
        assert!(m.contains(why), "{mv}: '{m}' does not say '{why}'");
    }
    // A shortening slide tunnels through a crossing wall: A on c7 and g7 make the wall
    // d7 e7 f7; e1 slides north towards its own stone on e9 and may stop on or past e7.
    let tunnel = parse("embargo 4A1BBB/7BB/2A3A1B/9/A8/9/9/9/4A3A A 5,5");
    assert!(
        tunnel.parse_move("e1-e7").is_ok(),
        "stops on the crossing wall"
    );
    assert!(tunnel.parse_move("e1-e8").is_ok(), "passes through it");
    // The same slide with an enemy stone at the end is a normal one: blocked at e7.
    let normal = parse("embargo 4B1BBB/7B1/2A3A1B/9/A8/9/9/9/A3A3A A 5,5");
    assert!(normal.parse_move("e1-e6").is_ok());
    assert!(move_error(normal.to_text().as_str(), "e1-e8").contains("wall cell e7"));
}

#[test]
fn bad_positions_are_refused() {
    for (fields, why) in [
        ("6BBB/7BB/8B/9/9/9/A8/AA7/AA7 A 0,0", "side A has 5 stones"),
        (
            "6BBB/7BB/8B/9/9/9/A8/AA7/AAAA5 A 0,0",
            "side A has 7 stones",
        ),
        ("6BBB/7BB/9/9/9/9/A8/AA7/AAA6 A 0,0", "side B has 5 stones"),
        ("6BBB/7BB/8B/9/9/A8/AA7/AAA6 A 0,0", "8 ranks"),
        ("6BBB/7BB/8B/9/9/9/A8/AA7/AAA7 A 0,0", "rank 1 has 10 cells"),
        ("6BBB/7BB/8B/9/9/9/A8/AA7/AAA5 A 0,0", "rank 1 has 8 cells"),
        ("6BBC/7BB/8B/9/9/9/A8/AA7/AAA6 A 0,0", "'C'"),
        ("6BBx/7BB/8B/9/9/9/A8/AA7/AAA6 A 0,0", "'x'"),
        ("6BBB/7BB/8B/9/9/9/A8/AA7/AAA6 C 0,0", "side to move"),
        ("6BBB/7BB/8B/9/9/9/A8/AA7/AAA6 A 0", "1 move counts"),
        ("6BBB/7BB/8B/9/9/9/A8/AA7/AAA6 A 0,-1", "move counts"),
        ("6BBB/7BB/8B/9/9/9/A8/AA7/AAA6 A 0,0 3", "3 passes"),
        ("6BBB/7BB/8B/9/9/9/A8/AA7/AAA6 A 0,0 x", "number of passes"),
        ("6BBB/7BB/8B/9/9/9/A8/AA7/AAA6", "got 1 fields"),
        (
            "6BBB/7BB/8B/9/9/9/A8/AA7/AAA99999999999999999999 A 0,0",
            "cells",
        ),
    ] {
        match EmbargoPosition::from_text_fields(fields) {
            Err(Error::Position(m)) => assert!(m.contains(why), "{fields}: '{m}' lacks '{why}'"),
            other => panic!("{fields}: {other:?}"),
        }
    }
}

#[test]
fn make_and_unmake_restore_key_and_text() {
    let mut rng = StdRng::seed_from_u64(5);
    let mut pos = EmbargoPosition::start();
    for _ in 0..60 {
        if pos.status().is_over() {
            break;
        }
        let (text, key, search) = (pos.to_text(), pos.key(), pos.search_key());
        for mv in pos.legal_moves() {
            pos.make(mv);
            assert_eq!(pos.key(), pos.compute_key());
            assert_ne!(pos.to_text(), text);
            pos.unmake();
            assert_eq!(
                (pos.to_text(), pos.key(), pos.search_key()),
                (text.clone(), key, search)
            );
        }
        pos.make(pick(&pos, Style::Forward, &mut rng));
    }
}

#[test]
fn search_key_holds_the_counts_only_while_the_deadline_can_matter() {
    let a = parse("embargo 6BBB/7BB/8B/9/9/9/A8/AA7/AAA6 A 3,3");
    let b = parse("embargo 6BBB/7BB/8B/9/9/9/A8/AA7/AAA6 A 4,3");
    assert_eq!(a.key(), b.key());
    assert_ne!(a.search_key(), b.search_key());
    let c = parse("embargo 6BBB/7BB/8B/9/9/9/A8/AA7/AAA6 A 30,3");
    let d = parse("embargo 6BBB/7BB/8B/9/9/9/A8/AA7/AAA6 A 31,3");
    assert_eq!(c.search_key(), d.search_key(), "past the deadline");
    let e = parse("embargo 6BBB/7BB/8B/9/A8/AA7/1AAA5/9/9 A 3,5");
    let f = parse("embargo 6BBB/7BB/8B/9/A8/AA7/1AAA5/9/9 A 4,5");
    assert_eq!(e.search_key(), f.search_key(), "A's yard is empty");
}

#[test]
fn a_win_ends_the_game() {
    // A on h9 i9 h8 i8 i7 (five on B's yard) and g7, which slides to g9.
    let mut pos = parse("embargo 7AA/7AA/6A1A/9/4B4/9/9/BB7/BBB6 A 20,20");
    let win = pos.parse_move("g7-g9").unwrap();
    pos.make(win);
    assert_eq!(pos.status(), Status::Won(0));
    assert_eq!(pos.count_legal_moves(), 0);
    assert!(pos
        .parse_move("e5-e6")
        .unwrap_err()
        .to_string()
        .contains("game is over"));
    pos.unmake();
    assert_eq!(pos.status(), Status::Ongoing);
    // A position text in which B's last move won.
    let won = parse("embargo 7AA/7AA/6A2/9/4A4/9/B8/BB7/BBB6 A 20,20");
    assert_eq!(won.status(), Status::Won(1));
    assert_eq!(won.count_legal_moves(), 0);
}

#[test]
fn the_deadline_loses() {
    // A's stone on a1 at home, A has made 24 moves: its 25th move must take it out.
    let text = "embargo 6BBB/7BB/8B/9/9/1A7/9/9/A2AAAA2 A 24,24";
    let mut pos = parse(text);
    pos.make(pos.parse_move("e1-e5").unwrap());
    assert_eq!(pos.status(), Status::LostByDeadline(0));
    pos.unmake();
    pos.make(pos.parse_move("a1-a9").unwrap());
    assert_eq!(pos.status(), Status::Ongoing);
    pos.unmake();
    // B's stones are at home too, but only the mover is tested.
    assert_eq!(pos.move_count(1), DEADLINE - 1);
    // A text where A's 25th move left a stone at home: B to move, A has lost.
    let lost = parse("embargo 6BBB/7BB/8B/9/9/1A7/9/9/A2AAAA2 B 25,24");
    assert_eq!(lost.status(), Status::LostByDeadline(0));
}

#[test]
fn two_passes_draw() {
    let mut pos = parse("embargo 7BB/9/9/9/9/B8/AB7/AAB6/AAAB5 A 9,9");
    assert_eq!(pos.legal_moves(), vec![Move::PASS]);
    assert_eq!(pos.parse_move("pass"), Ok(Move::PASS));
    pos.make(Move::PASS);
    assert_eq!(pos.status(), Status::Ongoing);
    assert_eq!(pos.move_count(0), 10, "a pass counts as a move");
    let mut after_b = parse("embargo 7BB/9/9/9/9/B8/AB7/AAB6/AAAB5 A 9,9 1");
    after_b.make(Move::PASS);
    assert_eq!(after_b.status(), Status::DrawByPasses);
}

#[test]
fn third_repetition_draws() {
    let mut pos = EmbargoPosition::start();
    let cycle = ["c5-c6", "g5-g4", "c6-c5", "g4-g5"];
    for mv in ["c1-c5", "g9-g5"] {
        pos.make(pos.parse_move(mv).unwrap());
    }
    for round in 0..2 {
        for mv in cycle {
            assert_eq!(pos.status(), Status::Ongoing, "round {round}, before {mv}");
            pos.make(pos.parse_move(mv).unwrap());
        }
    }
    assert_eq!(pos.status(), Status::DrawByRepetition);
}

#[test]
fn the_evaluation_prefers_better_positions() {
    let eval = EmbargoPosition::start().evaluator(&Weights::default());
    let team = Team::new(0, 2);
    let start = parse("embargo 6BBB/7BB/8B/9/9/9/A8/AA7/AAA6 A 6,6");
    // A's stones out and on their way, B's still at home.
    let ahead = parse("embargo 6BBB/7BB/8B/3A1A3/4A4/3A1A3/9/9/8A A 6,6");
    assert!(ahead.evaluate(&eval, team) > start.evaluate(&eval, team) + 300);
    assert!(ahead.side_score(&eval, 0) > start.side_score(&eval, 0));
    // The same arrangement nearer the deadline is worse for the side at home.
    let late = parse("embargo 6BBB/7BB/8B/9/9/9/A8/AA7/AAA6 A 6,20");
    assert!(late.side_score(&eval, 1) < start.side_score(&eval, 1));
    // Moving toward the goal gains, moving back loses.
    let forward = start.parse_move("c1-c9").unwrap();
    assert!(start.move_gain(&eval, 0, forward) > 0);
    assert_eq!(start.move_gain(&eval, 0, Move::PASS), 0);
}
