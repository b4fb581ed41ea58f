//! Carrera de Caballos: the engine (`halma_engine::games::carrera`) against the per-cell
//! reference (`halma_suite::carrera`): the conformance suite ([`halma_suite::conformance`])
//! and what is special to the game: move lists on random placements, texts and the
//! diagram, every bad input, the win and the evaluation.

use halma_engine::game::{Evaluation, GameRules};
use halma_engine::games::carrera::{board, CarreraPosition};
use halma_engine::rng::Rng;
use halma_engine::weights::{Weights, RELATIVE_TEMPO};
use halma_engine::{Move, Status, Team};
use halma_suite::carrera::{NaiveCarrera, Square};
use halma_suite::conformance::{
    last, GamesCheck, PlayCheck, RepetitionCheck, ShuffleCheck, Spec, TableCheck,
};
use halma_suite::family_checks::{
    both_move_lists, check_errors, check_field_errors, check_winning_move,
};
use halma_suite::reference::{policy_game, Reference};

halma_suite::conformance!(CarreraPosition, NaiveCarrera, SPEC);

/// The suite's numbers for Carrera.
const SPEC: Spec<CarreraPosition> = Spec {
    table: "carrera",
    start: || CarreraPosition::start(&()),
    start_counts: &[20, 400],
    start_depth: 5,
    // Every count up to 30,000,000 by the engine, up to 2,000,000 by the reference.
    perft_table: TableCheck {
        min_depths: 5,
        engine_leaves: 30_000_000,
        naive_leaves: 2_000_000,
        naive_depth: 0,
        min_lines: 8,
        min_engine: 45,
        min_naive: 40,
    },
    table_positions: Some(table_positions),
    print_leaves: 1_000_000_000,
    play: PlayCheck {
        positions: 30,
        epsilons: &[1.0, 0.5, 0.1],
        plies: &[5, 17, 33, 64, 90, 120, 140],
        depths: &[(3, 1_500_000, 15)],
    },
    games: GamesCheck {
        games: 8,
        epsilons: &[0.2, 0.2, 0.2, 0.2, 0.6, 0.6, 0.6, 0.6],
        cap: 600,
        min_won: 4,
    },
    shuffle: ShuffleCheck {
        depth: 3,
        ..ShuffleCheck::DEFAULT
    },
    finished: || vec![last(won_game(0)), last(won_game(1))],
    make_unmake_step: 3,
    paths_are_moves: true,
    bench: halma_suite::carrera::BENCH,
    compute_key: CarreraPosition::compute_key,
    passes: CarreraPosition::passes_in_row,
    // No pass arises from play here (see docs/games/carrera.md); the rule still holds for
    // a pass recorded in the text.
    pass_draw: (
        || "carrera 7BBB/7BBB/8BB/10/10/10/10/AA8/AAA7/AAA7 A 5,6 1".into(),
        "b1-c3",
    ),
    // b1-c3, i10-h8, c3-b1, h8-i10: back to the start after four plies.
    repetition: Some(RepetitionCheck {
        from: || CarreraPosition::start(&()),
        cycle: ["b1-c3", "i10-h8", "c3-b1", "h8-i10"],
        perft_plies: &[5, 6, 7],
        depth: 4,
    }),
    mangled: (&[START, ALMOST], "AB CabcjJ0123456789/,-passé\t", 20_000),
    arbitrary_moves: "[a-k0-9 -]{0,9}|pass",
};

fn pos(text: &str) -> CarreraPosition {
    CarreraPosition::from_text(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The positions of a game from the start in the playout policy (knight-distance gain,
/// random moves with chance `epsilon`), ending or stopped at `cap` plies.
fn game(seed: u64, epsilon: f32, cap: usize) -> Vec<CarreraPosition> {
    policy_game(CarreraPosition::start(&()), seed, epsilon, cap)
}

/// The first seeded game of the playout policy (epsilon 0.2) that `side` wins.
fn won_game(side: usize) -> Vec<CarreraPosition> {
    (0..)
        .map(|seed| game(seed, 0.2, 600))
        .find(|g| g.last().unwrap().status() == Status::Won(side))
        .unwrap()
}

/// The positions of the perft table besides the start: seeded play, uniform in the
/// opening (6 and 12 plies), the playout policy later, some a few plies before a win
/// (either side's).
fn table_positions() -> Vec<CarreraPosition> {
    let mut out: Vec<CarreraPosition> = [(1, 6), (2, 12)]
        .map(|(seed, plies)| game(seed, 1.0, plies).pop().unwrap())
        .to_vec();
    let (a_wins, b_wins) = (won_game(0), won_game(1));
    let (na, nb) = (a_wins.len(), b_wins.len());
    out.extend([30, na - 7, na - 4, na - 2].map(|i| a_wins[i].clone()));
    out.extend([40, nb - 5, nb - 2].map(|i| b_wins[i].clone()));
    out
}

#[test]
fn random_placements_agree_with_the_reference() {
    // Eight knights a side anywhere on the 70 cells: move lists, counts and legality.
    let cells: Vec<usize> = (0..board::CELLS)
        .filter(|&c| board::BOARD >> c & 1 != 0)
        .collect();
    let mut rng = Rng::new(5);
    for i in 0..3000 {
        let mut stones = [0u128; 2];
        for side in 0..2 {
            while stones[side].count_ones() < 8 {
                let c = cells[rng.below(cells.len() as u32) as usize];
                if (stones[0] | stones[1]) >> c & 1 == 0 {
                    stones[side] |= 1 << c;
                }
            }
        }
        let Ok(p) = CarreraPosition::from_parts(stones, i % 2, [9, 9], 0) else {
            panic!("a valid placement");
        };
        let naive = NaiveCarrera::from_engine(&p);
        let (engine, reference) = both_move_lists(&p, &naive);
        assert_eq!(engine, reference, "{}", p.to_text());
        assert_eq!(p.status(), naive.status(), "{}", p.to_text());
        if i < 100 {
            for from in 0..board::CELLS {
                for to in (0..board::CELLS).filter(|&to| to != from) {
                    let mv = Move::new(from, to);
                    assert_eq!(p.is_legal(mv), engine.contains(&mv));
                }
            }
        }
    }
}

/// The start as text.
const START: &str = "carrera 7BBB/7BBB/8BB/10/10/10/10/AA8/AAA7/AAA7 A 0,0";

#[test]
fn start_text_and_diagram() {
    let p = CarreraPosition::start(&());
    assert_eq!(p.to_text(), START);
    assert_eq!(p.rules_text(), "carrera");
    assert_eq!(
        p.diagram(),
        "10           . . b b b\n 9         . . . b b b\n 8       . . . . . b b\n \
         7     . . . . . . . .\n 6   . . . . . . . . .\n 5 . . . . . . . . .\n \
         4 . . . . . . . .\n 3 A A . . . . .\n 2 A A A . . .\n 1 A A A . .\n   \
         a b c d e f g h i j\n"
    );
    assert_eq!(p.cell_name(p.parse_cell("j10").unwrap()), "j10");
    assert_eq!(p.cells(), 100);
    let with_passes = "carrera 7BBB/7BBB/8BB/10/10/10/10/AA8/AAA7/AAA7 B 4,3 1";
    assert_eq!(pos(with_passes).to_text(), with_passes);
    // The reference's board has the same cells.
    let naive = NaiveCarrera::start();
    for cell in 0..board::CELLS {
        let square = naive.at((cell % 10, cell / 10));
        assert_eq!(square != Square::Missing, board::BOARD >> cell & 1 != 0);
        assert_eq!(
            p.side_at(cell),
            match square {
                Square::Knight(s) => Some(s),
                _ => None,
            }
        );
    }
}

#[test]
fn bad_inputs_are_errors_that_say_what_is_wrong() {
    let start = CarreraPosition::start(&());
    check_errors(
        &[
            ("a1-a10", "'a10' is not a cell of the board"),
            ("f1-d2", "'f1' is not a cell of the board"),
            ("c2-e1-f3", "no chains"),
            ("b1-a3", "own knight on a3"),
            ("c2-c3", "c2-c3 is not a knight leap"),
            ("c2-e4", "not a knight leap"),
            ("e5-f7", "no stone on e5"),
            ("j10-h9", "stone of B, but A is to move"),
            ("b1-b1", "ends where it starts"),
            ("pass", "only legal when no other move"),
            ("b1", "not a move (expected from-to"),
            ("b1-c33", "off the 10x10 board"),
            ("b1-xx", "not a cell"),
            ("", "not a cell"),
            ("b1--c3", "not a cell"),
        ],
        |text| start.parse_move(text),
    );
    // A leap onto an enemy knight: no captures.
    let p = pos("carrera 7BBB/7BBB/8B1/10/10/10/10/AA1B6/AAA7/AAA7 A 0,0");
    check_errors(
        &[("b2-d3", "enemy knight on d3: there are no captures")],
        |text| p.parse_move(text),
    );
    assert!(p.parse_move("b2-d1").is_ok());
    assert!(p.is_legal(p.parse_move("c1-e2").unwrap()));
    // b2-c4 (bits 11, 32) is a knight leap, b2-d4 (33) is not.
    assert!(p.is_legal(Move::new(11, 32)) && !p.is_legal(Move::new(11, 33)));

    // Position texts.
    let good = "7BBB/7BBB/8BB/10/10/10/10/AA8/AAA7/AAA7";
    let texts = [
        format!("carrera {} A 0,0", good.replacen("7BBB", "B6BBB", 1)),
        format!("carrera {} A 0,0", good.replacen("AAA7", "AAA6A", 1)),
        format!("carrera {} A 0,0", good.replacen("8BB", "9B", 1)),
        format!("carrera {} A 0,0", good.replacen("10/AA8", "A9/AA8", 1)),
        format!("carrera {good}/10 A 0,0"),
        format!("carrera {} A 0,0", good.replacen("10", "9", 1)),
        format!("carrera {} A 0,0", good.replacen("10", "11", 1)),
        format!("carrera {} A 0,0", good.replacen('B', "C", 1)),
        "carrera".to_string(),
    ];
    let wants = [
        "B has a stone on a10, which is not a cell of the board",
        "A has a stone on j2",
        "B has 7 stones, the rules give each side 8",
        "A has 9 stones",
        "11 ranks, the 10x10 carrera board has 10",
        "9 cells",
        "11 cells",
        "'C'",
        "no placement",
    ];
    let cases: Vec<(&str, &str)> = texts.iter().map(String::as_str).zip(wants).collect();
    check_errors(&cases, CarreraPosition::from_text);
    check_field_errors(good, CarreraPosition::from_text);
    let twice = [board::START[0], board::START[0]];
    assert!(CarreraPosition::from_parts(twice, 0, [0; 2], 0).is_err());
}

/// A knights on B's home but i8, one on g7 (one leap from i8); B home again but for d4.
const ALMOST: &str = "carrera 7AAA/7AAA/9A/6A3/10/10/3B6/B9/BBB7/BBB7 A 40,40";

#[test]
fn a_win_ends_the_game() {
    let mut p = pos(ALMOST);
    check_winning_move::<_, NaiveCarrera>(&mut p, "g7-i8", "d4-b5");
    // B's home holds A's eight knights: with B to move, that is A's win, not B's.
    assert!(pos(&p.to_text()).legal_moves().is_empty());
}

#[test]
fn the_evaluation_prefers_progress() {
    let start = CarreraPosition::start(&());
    let eval = start.evaluator(&Weights::default());
    let team = Team::new(0, 2);
    // The start is symmetric: only the tempo.
    assert_eq!(start.side_score(&eval, 0), start.side_score(&eval, 1));
    assert_eq!(start.evaluate(&eval, team), RELATIVE_TEMPO);
    // A forward leap gains for A and leaves B's standing alone.
    let mut p = start.clone();
    let forward = p.parse_move("b2-c4").unwrap();
    assert!(p.move_gain(&eval, 0, forward) > 0);
    assert_eq!(p.move_gain(&eval, 0, Move::PASS), 0);
    p.make(forward);
    assert!(p.side_score(&eval, 0) > start.side_score(&eval, 0));
    assert_eq!(p.side_score(&eval, 1), start.side_score(&eval, 1));
    assert!(p.evaluate(&eval, Team::new(1, 2)) < start.evaluate(&eval, team));
    // Nearly won is far better than the start, and home is the best there is.
    let near = pos(ALMOST);
    assert_eq!(near.side_score(&eval, 0), -100);
    assert!(near.side_score(&eval, 0) > start.side_score(&eval, 0) + 3000);
    // B too is one leap (d4-b3) from home: even, but for the tempo.
    assert_eq!(near.side_score(&eval, 1), -100);
    assert_eq!(near.evaluate(&eval, team), RELATIVE_TEMPO);
    // Every legal move's gain is 100 per leap of nearest-goal distance, one leap at most.
    for mv in start.legal_moves() {
        assert!(start.move_gain(&eval, 0, mv).abs() <= 100);
    }
}
