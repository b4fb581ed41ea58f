//! Renpaarden: the engine (`halma_engine::games::renpaarden`) against the per-cell reference
//! (`halma_suite::renpaarden`): the conformance suite ([`halma_suite::conformance`]) and
//! what is special to the game: texts and the diagram, every bad input, the win and the
//! evaluation.

use halma_engine::game::{Evaluation, GameRules};
use halma_engine::games::renpaarden::{board, RenpaardenPosition};
use halma_engine::weights::Weights;
use halma_engine::{Error, Move, Status, Team};
use halma_suite::conformance::{
    last, GamesCheck, PlayCheck, RepetitionCheck, ShuffleCheck, Spec, TableCheck,
};
use halma_suite::family_checks::{check_field_errors, check_winning_move};
use halma_suite::reference::policy_game;
use halma_suite::renpaarden::NaiveRenpaarden;

halma_suite::conformance!(RenpaardenPosition, NaiveRenpaarden, SPEC);

/// The suite's numbers for Renpaarden.
const SPEC: Spec<RenpaardenPosition> = Spec {
    table: "renpaarden",
    start: || RenpaardenPosition::start(&()),
    start_counts: &[46, 2116],
    start_depth: 4,
    perft_table: TableCheck {
        min_depths: 3,
        engine_leaves: 20_000_000,
        naive_leaves: 1_000_000,
        naive_depth: 0,
        min_lines: 9,
        min_engine: 35,
        min_naive: 25,
    },
    table_positions: Some(table_positions),
    print_leaves: 1_000_000_000,
    play: PlayCheck {
        positions: 24,
        epsilons: &[1.0, 0.5, 0.1],
        plies: &[5, 17, 33, 64, 90, 120, 140],
        depths: &[(3, 1_500_000, 10)],
    },
    games: GamesCheck {
        games: 6,
        epsilons: &[0.2, 0.2, 0.2, 0.6, 0.6, 0.6],
        cap: 400,
        min_won: 3,
    },
    shuffle: ShuffleCheck::DEFAULT,
    // Both texts of every move parse back to it; the path is knight leaps through enemy
    // stones.
    finished: || vec![last(game(12, 0.2, 400)), last(game(14, 0.2, 400))],
    make_unmake_step: 3,
    paths_are_moves: false,
    bench: halma_suite::renpaarden::BENCH,
    compute_key: RenpaardenPosition::compute_key,
    passes: RenpaardenPosition::passes_in_row,
    // No pass arises from play here (see docs/games/renpaarden.md); the rule still holds
    // for a pass recorded in the text.
    pass_draw: (
        || "renpaarden BBBBBBBBB/BBBBBBBBB/9/9/9/9/9/AAAAAAAAA/AAAAAAAAA A 5,6 1".into(),
        "b1-c3",
    ),
    // b1-c3, b9-c7, c3-b1, c7-b9: back to the start after four plies. From the fifth ply
    // on, a position of the cycle occurs the third time within three more plies (a draw
    // before the leaves).
    repetition: Some(RepetitionCheck {
        from: || RenpaardenPosition::start(&()),
        cycle: ["b1-c3", "b9-c7", "c3-b1", "c7-b9"],
        perft_plies: &[5, 7],
        depth: 4,
    }),
    mangled: (
        &[
            "renpaarden BBBBBBBBB/BBBBBBBBB/9/9/9/9/9/AAAAAAAAA/AAAAAAAAA A 0,0",
            "renpaarden 1AAAAAAAA/AAAAAAAAA/1A7/9/9/7B1/9/1BBBBBBBB/BBBBBBBBB A 70,69",
        ],
        "AB CabciI0123456789/,-passé\t",
        20_000,
    ),
    arbitrary_moves: "[a-j0-9 -]{0,9}|pass",
};

fn pos(text: &str) -> RenpaardenPosition {
    RenpaardenPosition::from_text(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The positions of a whole game in the playout policy (ending or stopped at `cap` plies).
fn game(seed: u64, epsilon: f32, cap: usize) -> Vec<RenpaardenPosition> {
    policy_game(RenpaardenPosition::start(&()), seed, epsilon, cap)
}

/// A game from the start: each ply with chance `epsilon` a random move, else one of the
/// largest knight-distance gain (the playout policy), for at most `plies` plies or until
/// the game ends.
fn play(seed: u64, epsilon: f32, plies: usize) -> RenpaardenPosition {
    game(seed, epsilon, plies).pop().unwrap()
}

/// The positions of the perft table besides the start: seeded play, uniform in the
/// opening, the playout policy later, some a few plies before a win (either side's).
fn table_positions() -> Vec<RenpaardenPosition> {
    let mut out = vec![play(1, 1.0, 6), play(2, 1.0, 12)];
    let a_wins = game(12, 0.2, 400);
    let b_wins = game(14, 0.2, 400);
    assert_eq!(a_wins.last().unwrap().status(), Status::Won(0));
    assert_eq!(b_wins.last().unwrap().status(), Status::Won(1));
    let (na, nb) = (a_wins.len(), b_wins.len());
    for i in [40, 80, na - 7, na - 4, na - 2] {
        out.push(a_wins[i].clone());
    }
    for i in [60, nb - 5, nb - 2] {
        out.push(b_wins[i].clone());
    }
    out
}

#[test]
fn start_text_and_diagram() {
    let p = RenpaardenPosition::start(&());
    assert_eq!(
        p.to_text(),
        "renpaarden BBBBBBBBB/BBBBBBBBB/9/9/9/9/9/AAAAAAAAA/AAAAAAAAA A 0,0"
    );
    assert_eq!(p.rules_text(), "renpaarden");
    assert_eq!(
        p.diagram(),
        " 9 b b b b b b b b b\n 8 b b b b b b b b b\n 7 . . . . . . . . .\n 6 . . . . . . . . .\n \
         5 . . . . . . . . .\n 4 . . . . . . . . .\n 3 . . . . . . . . .\n 2 A A A A A A A A A\n \
         1 A A A A A A A A A\n   a b c d e f g h i\n"
    );
    assert_eq!(p.cell_name(p.parse_cell("e5").unwrap()), "e5");
    assert_eq!(p.cells(), 81);
    let with_passes = "renpaarden BBBBBBBBB/BBBBBBBBB/9/9/9/9/9/AAAAAAAAA/AAAAAAAAA B 4,3 1";
    assert_eq!(pos(with_passes).to_text(), with_passes);
}

/// A position with A's stones on `a` and B's on `b` (cell names), A to move.
fn placed(a: &[&str], b: &[&str], side: char) -> RenpaardenPosition {
    let mut rows = [['.'; 9]; 9];
    for (names, letter) in [(a, 'A'), (b, 'B')] {
        for n in names {
            let c = board::parse_cell(n).unwrap();
            rows[c / 9][c % 9] = letter;
        }
    }
    let ranks: Vec<String> = (0..9)
        .rev()
        .map(|y| {
            let mut rank = String::new();
            let mut run = 0;
            for &c in &rows[y] {
                if c == '.' {
                    run += 1;
                } else {
                    if run > 0 {
                        rank += &run.to_string();
                        run = 0;
                    }
                    rank.push(c);
                }
            }
            if run > 0 {
                rank += &run.to_string();
            }
            rank
        })
        .collect();
    pos(&format!("renpaarden {} {side} 10,10", ranks.join("/")))
}

/// Every cell of the ranks `from..=to` (1-based), files a-i.
fn ranks(from: usize, to: usize) -> Vec<String> {
    (from..=to)
        .flat_map(|r| (b'a'..=b'i').map(move |f| format!("{}{r}", f as char)))
        .collect()
}

fn refs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

#[test]
fn bad_inputs_are_errors_that_say_what_is_wrong() {
    let start = RenpaardenPosition::start(&());
    let err = |text: &str| match start.parse_move(text) {
        Err(Error::Move(m)) => m,
        other => panic!("{text}: {other:?}"),
    };
    // A leap onto an own stone, plain or at the end or middle of a path.
    assert!(err("b1-d2").contains("own stone on d2"), "{}", err("b1-d2"));
    assert!(err("a1-c2-e3").contains("own stone on c2"));
    // Not a knight move.
    assert!(
        err("a2-a3").contains("not a knight leap"),
        "{}",
        err("a2-a3")
    );
    assert!(err("b2-b3-c5").contains("b2-b3 is not a knight leap"));
    // A path through an empty cell.
    assert!(
        err("b1-c3-d5").contains("lands on an empty cell"),
        "{}",
        err("b1-c3-d5")
    );
    // Stopping on an enemy stone.
    let p = placed(
        &refs(&[ranks(1, 1), ranks(2, 2)[..8].to_vec(), vec!["d3".into()]].concat()),
        &refs(&[ranks(9, 9), ranks(8, 8)[..8].to_vec(), vec!["e5".into()]].concat()),
        'A',
    );
    let perr = |text: &str| p.parse_move(text).unwrap_err().to_string();
    assert!(
        perr("d3-e5").contains("stops on an enemy stone"),
        "{}",
        perr("d3-e5")
    );
    assert!(perr("d3-e5-d3").contains("origin"), "{}", perr("d3-e5-d3"));
    assert_eq!(p.parse_move("d3-e5-f7"), p.parse_move("d3-f7"));
    assert!(p.parse_move("d3-f7").is_ok());
    // No chain reaches the cell.
    assert!(perr("d3-d6").contains("no chain"), "{}", perr("d3-d6"));
    // Other bad moves.
    assert!(err("e5-f7").contains("no stone on e5"));
    assert!(err("b9-c7").contains("stone of B, but A is to move"));
    assert!(err("b1-b1").contains("ends where it starts"));
    assert!(err("pass").contains("only legal when no other move"));
    assert!(err("b1").contains("not a move"));
    assert!(err("b1-c33").contains("off the 9x9 board"));
    assert!(err("b1-xx").contains("not a cell"));
    assert!(err("").contains("not a cell"));

    // Position texts.
    let perr = |text: &str| match RenpaardenPosition::from_text(text) {
        Err(Error::Position(m)) => m,
        other => panic!("{text}: {other:?}"),
    };
    let good = "BBBBBBBBB/BBBBBBBBB/9/9/9/9/9/AAAAAAAAA/AAAAAAAAA";
    assert!(
        perr(&format!("renpaarden {} A 0,0", good.replacen('B', "1", 1)))
            .contains("B has 17 stones")
    );
    assert!(
        perr("renpaarden BBBBBBBBB/BBBBBBBBB/9/9/9/9/A8/AAAAAAAAA/AAAAAAAAA A 0,0")
            .contains("A has 19 stones")
    );
    assert!(perr(&format!("renpaarden {good}/9 A 0,0")).contains("10 ranks"));
    assert!(perr(&format!("renpaarden {} A 0,0", good.replacen("9", "8", 1))).contains("8 cells"));
    assert!(
        perr(&format!("renpaarden {} A 0,0", good.replacen("9", "10", 1))).contains("10 cells")
    );
    assert!(perr(&format!("renpaarden {} A 0,0", good.replacen('B', "C", 1))).contains("'C'"));
    assert!(perr("renpaarden").contains("no placement"));
    check_field_errors(good, RenpaardenPosition::from_text);
}

#[test]
fn a_win_ends_the_game() {
    // A: 17 stones on ranks 8-9 and one on b7, one leap from a9; B home again but for h3.
    let mut a = ranks(8, 9);
    a.retain(|c| c != "a9");
    a.push("b7".into());
    let mut b = ranks(1, 2);
    b.retain(|c| c != "i1");
    b.push("h3".into());
    let mut p = placed(&refs(&a), &refs(&b), 'A');
    check_winning_move::<_, NaiveRenpaarden>(&mut p, "b7-a9", "h3-i1");
}

#[test]
fn the_evaluation_prefers_progress_and_jumps() {
    let start = RenpaardenPosition::start(&());
    let eval = start.evaluator(&Weights::default());
    let team = Team::new(0, 2);
    // After A's move and B's reply in kind, A's advanced stone counts for A.
    let mut p = start.clone();
    p.make(p.parse_move("b2-c4").unwrap());
    assert!(p.side_score(&eval, 0) > start.side_score(&eval, 0));
    assert_eq!(p.side_score(&eval, 1), start.side_score(&eval, 1));
    // B to move and behind.
    assert!(p.evaluate(&eval, Team::new(1, 2)) < start.evaluate(&eval, team));
    // A position nearly won for A is far better for A than the start.
    let near = pos("renpaarden 1AAAAAAAA/AAAAAAAAA/1A7/9/9/7B1/9/1BBBBBBBB/BBBBBBBBB A 70,69");
    assert!(near.side_score(&eval, 0) > start.side_score(&eval, 0) + 5000);
    // Gains: a forward leap gains, a backward one loses.
    assert_eq!(
        start.move_gain(&eval, 0, start.parse_move("b2-c4").unwrap()),
        100
    );
    assert_eq!(start.move_gain(&eval, 0, Move::PASS), 0);
    // A stone that can leap through the enemy to two leaps nearer its goal: the jumper
    // bonus. d4-e6-(the B stones on the odd files of ranks 8-9)-h9; with the B stone on a6
    // instead of e6, no chain.
    let a = [ranks(1, 2)[..17].to_vec(), vec!["d4".into()]].concat();
    let mut b = ranks(8, 9);
    b.retain(|c| c != "h9");
    let lone = placed(
        &refs(&a),
        &refs(&[b.clone(), vec!["e6".into()]].concat()),
        'A',
    );
    let blocked = placed(&refs(&a), &refs(&[b, vec!["a6".into()]].concat()), 'A');
    assert!(lone.parse_move("d4-h9").is_ok());
    assert!(blocked.parse_move("d4-h9").is_err());
    assert_eq!(
        lone.side_score(&eval, 0),
        blocked.side_score(&eval, 0) + halma_engine::games::renpaarden::eval::JUMPER
    );
}
