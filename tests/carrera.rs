//! Carrera de Caballos: the engine (`halma_engine::games::carrera`) against the per-cell
//! reference (`halma_suite::carrera`): perft from the start and from positions of seeded
//! play, the perft table `positions/perft/family/carrera.txt`, move lists along whole games
//! and on random placements, texts, every bad input, make/unmake, the status rules and the
//! evaluation.

use halma_engine::eval::Weights;
use halma_engine::games::carrera::{board, CarreraPosition};
use halma_engine::rng::Rng;
use halma_engine::{Error, Game, Move, Status, Team};
use halma_suite::carrera::{engine_move, naive_move, NaiveCarrera, Square};
use halma_suite::perft_table::family_perft_table;
use halma_suite::reference::{policy_game, Reference};

/// Largest table count the normal run checks with the engine.
const ENGINE_LEAVES: u64 = 30_000_000;
/// Largest table count the normal run checks with the reference.
const NAIVE_LEAVES: u64 = 2_000_000;

fn pos(text: &str) -> CarreraPosition {
    CarreraPosition::from_text(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The reference replaying the engine position's whole game from the start (so that its
/// repetition history is the engine's).
fn replayed(p: &CarreraPosition) -> NaiveCarrera {
    let mut naive = NaiveCarrera::start();
    for mv in p.history() {
        naive.play(naive_move(mv));
    }
    naive
}

/// The positions of a game from the start in the playout policy (knight-distance gain,
/// random moves with chance `epsilon`), ending or stopped at `cap` plies.
fn game(seed: u64, epsilon: f32, cap: usize) -> Vec<CarreraPosition> {
    policy_game(CarreraPosition::start(&()), seed, epsilon, cap)
}

/// The position after at most `plies` plies of [`game`].
fn play(seed: u64, epsilon: f32, plies: usize) -> CarreraPosition {
    game(seed, epsilon, plies).pop().unwrap()
}

#[test]
fn start_counts_of_the_rules() {
    let mut p = CarreraPosition::start(&());
    assert_eq!(p.perft(1), 20);
    assert_eq!(p.perft(2), 400);
    let naive = NaiveCarrera::start();
    assert_eq!(naive.perft(1), 20);
    assert_eq!(naive.perft(2), 400);
}

#[test]
fn start_perft_to_depth_5_agrees_with_the_reference() {
    let mut p = CarreraPosition::start(&());
    let naive = NaiveCarrera::start();
    for depth in 3..=5 {
        assert_eq!(p.perft(depth), naive.perft(depth), "depth {depth}");
    }
}

/// One line of the table: a position text and its counts by depth.
fn table() -> Vec<(String, Vec<(u32, u64)>)> {
    family_perft_table("carrera")
        .into_iter()
        .map(|(text, counts)| (text, (1..).zip(counts).collect()))
        .collect()
}

#[test]
fn the_table_holds_the_start_and_positions_of_play_and_both_generators_agree() {
    let lines = table();
    assert!(lines.len() >= 8);
    assert_eq!(lines[0].0, CarreraPosition::start(&()).to_text());
    let (mut engine_checked, mut naive_checked) = (0, 0);
    for (text, counts) in &lines {
        let mut p = pos(text);
        assert_eq!(&p.to_text(), text);
        let naive = NaiveCarrera::from_engine(&p);
        let depths: Vec<u32> = counts.iter().map(|c| c.0).collect();
        assert_eq!(depths, (1..=depths.len() as u32).collect::<Vec<_>>());
        assert!(depths.len() >= 4, "{text}");
        for &(depth, want) in counts {
            if want <= ENGINE_LEAVES {
                assert_eq!(p.perft(depth), want, "engine, depth {depth}: {text}");
                engine_checked += 1;
            }
            if want <= NAIVE_LEAVES {
                assert_eq!(naive.perft(depth), want, "reference, depth {depth}: {text}");
                naive_checked += 1;
            }
        }
    }
    assert!(
        engine_checked >= 35 && naive_checked >= 30,
        "{engine_checked} {naive_checked}"
    );
}

/// The positions of the perft table besides the start: seeded play, uniform in the
/// opening, the playout policy later, some a few plies before a win (either side's).
fn table_positions() -> Vec<CarreraPosition> {
    let mut out = vec![play(1, 1.0, 6), play(2, 1.0, 12)];
    let (a_wins, b_wins) = (won_game(0), won_game(1));
    let (na, nb) = (a_wins.len(), b_wins.len());
    for i in [30, na - 7, na - 4, na - 2] {
        out.push(a_wins[i].clone());
    }
    for i in [40, nb - 5, nb - 2] {
        out.push(b_wins[i].clone());
    }
    out
}

/// The first seeded game of the playout policy (epsilon 0.2) that `side` wins.
fn won_game(side: usize) -> Vec<CarreraPosition> {
    (0..)
        .map(|seed| game(seed, 0.2, 600))
        .find(|g| g.last().unwrap().status() == Status::Won(side))
        .unwrap()
}

#[test]
fn the_table_positions_are_those_of_the_seeded_play() {
    let texts: Vec<String> = table().into_iter().skip(1).map(|l| l.0).collect();
    let played: Vec<String> = table_positions().iter().map(|p| p.to_text()).collect();
    assert_eq!(texts, played);
}

#[test]
#[ignore = "prints the perft table (slow): run with --ignored --nocapture"]
fn print_perft_table() {
    let mut lines = vec![CarreraPosition::start(&())];
    lines.extend(table_positions());
    for p in lines {
        let mut q = pos(&p.to_text());
        let mut counts = Vec::new();
        // Counts up to a billion.
        for depth in 1..=8 {
            let n = q.perft(depth);
            if n > 1_000_000_000 {
                break;
            }
            counts.push(format!("D{depth} {n}"));
        }
        println!("{} ; {}", p.to_text(), counts.join(" ; "));
    }
}

#[test]
#[ignore = "prints how seeded games of the playout policy end"]
fn print_game_ends() {
    for epsilon in [0.1, 0.2, 0.5] {
        for seed in 0..12 {
            let g = game(seed, epsilon, 600);
            let last = g.last().unwrap();
            println!(
                "eps {epsilon} seed {seed}: {} plies, {:?}",
                g.len() - 1,
                last.status()
            );
        }
    }
}

/// Largest perft count the random-play check compares with the reference.
const PLAY_LEAVES: u64 = 1_500_000;

#[test]
fn perft_of_positions_from_play_agrees_with_the_reference_history_included() {
    // Seeded games in three styles, cut at several plies: the engine position (with its
    // history) against the reference replaying the same moves from the start, and against
    // the reference built from the position text (no history). Depth 3.
    let mut checked = 0;
    for seed in 0..24u64 {
        let epsilon = [1.0, 0.5, 0.1][seed as usize % 3];
        let plies = [5, 17, 33, 64, 90, 120, 140][seed as usize % 7];
        let mut p = play(100 + seed, epsilon, plies);
        let want = p.perft(3);
        if p.status().is_over() || want > PLAY_LEAVES {
            continue;
        }
        assert_eq!(replayed(&p).perft(3), want, "seed {seed}: {}", p.to_text());
        assert_eq!(
            NaiveCarrera::from_engine(&pos(&p.to_text())).perft(3),
            want,
            "seed {seed}: {}",
            p.to_text()
        );
        checked += 1;
    }
    assert!(checked >= 15, "{checked}");
}

/// b1-c3, i10-h8, c3-b1, h8-i10: back to the start after four plies.
const SHUFFLE: [&str; 4] = ["b1-c3", "i10-h8", "c3-b1", "h8-i10"];

fn shuffle(p: &mut CarreraPosition, plies: usize) {
    for text in SHUFFLE.iter().cycle().take(plies) {
        let mv = p.parse_move(text).unwrap();
        p.make(mv);
    }
}

#[test]
fn repetition_draws_inside_perft_agree_with_the_reference() {
    // The shuffle returns to the start every four plies; from the fifth ply on, a position
    // of the cycle occurs the third time within three more plies (a draw before the leaves).
    for plies in [5, 6, 7] {
        let mut p = CarreraPosition::start(&());
        shuffle(&mut p, plies);
        assert_eq!(p.status(), Status::Ongoing);
        let want = p.perft(4);
        assert_eq!(replayed(&p).perft(4), want, "after {plies} plies");
        // Without the history there is no draw at depth 4: more leaves.
        assert!(pos(&p.to_text()).perft(4) > want, "after {plies} plies");
    }
}

#[test]
fn whole_games_agree_with_the_reference_move_by_move() {
    for seed in 0..8u64 {
        let epsilon = if seed < 4 { 0.2 } else { 0.6 };
        let positions = game(200 + seed, epsilon, 600);
        let mut naive = NaiveCarrera::start();
        for pair in positions.windows(2) {
            let (p, next) = (&pair[0], &pair[1]);
            let mut engine: Vec<Move> = p.legal_moves();
            engine.sort_by_key(|&mv| naive_move(mv));
            let reference: Vec<Move> = naive.legal_moves().into_iter().map(engine_move).collect();
            assert_eq!(engine, reference, "{}", p.to_text());
            assert_eq!(p.count_legal_moves(), engine.len() as u64);
            let mv = next.history().last().unwrap();
            assert!(p.is_legal(mv));
            naive.play(naive_move(mv));
            assert_eq!(next.status(), naive.status(), "{}", next.to_text());
            assert_eq!(next.key(), next.compute_key());
            assert_eq!(next.move_count(0), naive.move_count(0));
        }
    }
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
        let mut engine = p.legal_moves();
        engine.sort_by_key(|&mv| naive_move(mv));
        let reference: Vec<Move> = naive.legal_moves().into_iter().map(engine_move).collect();
        assert_eq!(engine, reference, "{}", p.to_text());
        assert_eq!(p.status(), naive.status(), "{}", p.to_text());
        if i < 100 {
            for from in 0..board::CELLS {
                for to in 0..board::CELLS {
                    let mv = Move::new(from, to);
                    assert_eq!(p.is_legal(mv), engine.contains(&mv));
                }
            }
        }
    }
}

#[test]
fn make_unmake_round_trips_and_moves_read_back() {
    let positions = game(7, 0.3, 600);
    for p in positions.iter().step_by(3) {
        let text = p.to_text();
        assert_eq!(pos(&text).to_text(), text);
        assert_eq!(pos(&text).key(), p.key());
        let mut q = p.clone();
        for mv in p.legal_moves() {
            q.make(mv);
            assert_eq!(q.key(), q.compute_key());
            q.unmake();
            assert_eq!(
                (q.to_text(), q.key(), q.status()),
                (text.clone(), p.key(), p.status())
            );
            assert_eq!(p.parse_move(&p.move_text(mv)), Ok(mv));
            assert_eq!(p.path_text(mv), p.move_text(mv));
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
    let err = |text: &str| match start.parse_move(text) {
        Err(Error::Move(m)) => m,
        other => panic!("{text}: {other:?}"),
    };
    for (text, want) in [
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
    ] {
        assert!(err(text).contains(want), "{text}: {}", err(text));
    }
    // A leap onto an enemy knight: no captures.
    let p = pos("carrera 7BBB/7BBB/8B1/10/10/10/10/AA1B6/AAA7/AAA7 A 0,0");
    let e = p.parse_move("b2-d3").unwrap_err().to_string();
    assert!(
        e.contains("enemy knight on d3: there are no captures"),
        "{e}"
    );
    assert!(p.parse_move("b2-d1").is_ok());
    assert!(p.is_legal(p.parse_move("c1-e2").unwrap()));
    // b2-c4 (bits 11, 32) is a knight leap, b2-d4 (33) is not.
    assert!(p.is_legal(Move::new(11, 32)) && !p.is_legal(Move::new(11, 33)));

    // Position texts.
    let perr = |text: &str| match CarreraPosition::from_text(text) {
        Err(Error::Position(m)) => m,
        other => panic!("{text}: {other:?}"),
    };
    let good = "7BBB/7BBB/8BB/10/10/10/10/AA8/AAA7/AAA7";
    for (text, want) in [
        (
            format!("carrera {} A 0,0", good.replacen("7BBB", "B6BBB", 1)),
            "B has a stone on a10, which is not a cell of the board",
        ),
        (
            format!("carrera {} A 0,0", good.replacen("AAA7", "AAA6A", 1)),
            "A has a stone on j2",
        ),
        (
            format!("carrera {} A 0,0", good.replacen("8BB", "9B", 1)),
            "B has 7 stones, the rules give each side 8",
        ),
        (
            format!("carrera {} A 0,0", good.replacen("10/AA8", "A9/AA8", 1)),
            "A has 9 stones",
        ),
        (
            format!("carrera {good}/10 A 0,0"),
            "11 ranks, the 10x10 carrera board has 10",
        ),
        (
            format!("carrera {} A 0,0", good.replacen("10", "9", 1)),
            "9 cells",
        ),
        (
            format!("carrera {} A 0,0", good.replacen("10", "11", 1)),
            "11 cells",
        ),
        (
            format!("carrera {} A 0,0", good.replacen('B', "C", 1)),
            "'C'",
        ),
        (format!("carrera {good} C 0,0"), "side to move"),
        (format!("carrera {good} A 0"), "1 move counts"),
        (format!("carrera {good} A x,0"), "move counts"),
        (format!("carrera {good} A 0,0 2"), "2 passes"),
        (format!("carrera {good} A 0,0 z"), "passes"),
        (format!("carrera {good} A"), "fields"),
        (format!("renpaarden {good} A 0,0"), "not the rule set"),
        ("carrera".to_string(), "no placement"),
    ] {
        assert!(perr(&text).contains(want), "{text}: {}", perr(&text));
    }
    assert!(CarreraPosition::from_text_fields(&(), "").is_err());
    assert!(CarreraPosition::from_parts([board::START[0], board::START[0]], 0, [0; 2], 0).is_err());
}

/// A knights on B's home but i8, one on g7 (one leap from i8); B home again but for d4.
const ALMOST: &str = "carrera 7AAA/7AAA/9A/6A3/10/10/3B6/B9/BBB7/BBB7 A 40,40";

#[test]
fn a_win_ends_the_game() {
    let mut p = pos(ALMOST);
    assert_eq!(p.status(), Status::Ongoing);
    let win = p.parse_move("g7-i8").unwrap();
    let before = p.perft(2);
    p.make(win);
    assert_eq!(p.status(), Status::Won(0));
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.count_legal_moves(), 0);
    assert_eq!(p.perft(1), 0);
    assert!(!p.is_legal(Move::PASS));
    assert!(p
        .parse_move("d4-b5")
        .unwrap_err()
        .to_string()
        .contains("game is over"));
    // The winning move counts at depth 1 and adds nothing at depth 2.
    p.unmake();
    assert_eq!(before, NaiveCarrera::from_engine(&p).perft(2));
    let mut naive = NaiveCarrera::from_engine(&p);
    naive.play(naive_move(win));
    assert_eq!(naive.status(), Status::Won(0));
    // A text of the finished position reads as won by the side that just moved.
    p.make(win);
    assert_eq!(pos(&p.to_text()).status(), Status::Won(0));
    // B's home holds A's eight knights: with B to move, that is A's win, not B's.
    assert!(pos(&p.to_text()).legal_moves().is_empty());
}

#[test]
fn two_passes_in_a_row_draw() {
    // No pass arises from play here (see docs/games/carrera.md); the rule still holds for
    // a pass recorded in the text.
    let mut p = pos("carrera 7BBB/7BBB/8BB/10/10/10/10/AA8/AAA7/AAA7 A 5,6 1");
    assert_eq!(p.status(), Status::Ongoing);
    p.make(Move::PASS);
    assert_eq!(p.status(), Status::DrawByPasses);
    assert_eq!(p.move_count(0), 6);
    let mut naive = NaiveCarrera::from_engine(&pos(
        "carrera 7BBB/7BBB/8BB/10/10/10/10/AA8/AAA7/AAA7 A 5,6 1",
    ));
    naive.play(None);
    assert_eq!(naive.status(), Status::DrawByPasses);
    p.unmake();
    assert_eq!(p.passes_in_row(), 1);
    // A move resets the count.
    p.make(p.parse_move("b1-c3").unwrap());
    assert_eq!(p.passes_in_row(), 0);
    assert!(!p.is_legal(Move::PASS));
}

#[test]
fn the_third_occurrence_draws() {
    let mut p = CarreraPosition::start(&());
    shuffle(&mut p, 7);
    assert_eq!(p.status(), Status::Ongoing);
    p.make(p.parse_move(SHUFFLE[3]).unwrap());
    assert_eq!(p.status(), Status::DrawByRepetition);
    assert_eq!(p.count_legal_moves(), 0);
    assert_eq!(replayed(&p).status(), Status::DrawByRepetition);
    p.unmake();
    assert_eq!(p.status(), Status::Ongoing);
    // The same position read from its text has no history: no draw.
    let mut fresh = pos(&p.to_text());
    fresh.make(fresh.parse_move(SHUFFLE[3]).unwrap());
    assert_eq!(fresh.status(), Status::Ongoing);
}

#[test]
fn the_evaluation_prefers_progress() {
    let start = CarreraPosition::start(&());
    let eval = start.evaluator(&Weights::default());
    let team = Team::new(0, 2);
    // The start is symmetric: only the tempo.
    assert_eq!(start.side_score(&eval, 0), start.side_score(&eval, 1));
    assert_eq!(start.evaluate(&eval, team), Weights::default().tempo);
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
    assert_eq!(near.evaluate(&eval, team), Weights::default().tempo);
    // Every legal move's gain is 100 per leap of nearest-goal distance, one leap at most.
    for mv in start.legal_moves() {
        assert!(start.move_gain(&eval, 0, mv).abs() <= 100);
    }
}
