//! Lehrma and Lehrma with knights: the engine's generator against the simple reference
//! (`src/lehrma.rs`), the perft tables `positions/perft/family/lehrma.txt` and
//! `lehrma-knights.txt`, texts, errors, make/unmake, the status rules and the evaluation.
//! Every check runs for both setups.

use halma_engine::game::{Evaluation, GameRules, Status, Team};
use halma_engine::games::lehrma::{
    LehrmaKnights, LehrmaPlain, LehrmaPosition, LehrmaRules, Plain, WithKnights,
};
use halma_engine::perft::perft;
use halma_engine::rng::Rng;
use halma_engine::Error;
use halma_suite::conformance::{
    last, GamesCheck, PlayCheck, RepetitionCheck, ShuffleCheck, Spec, TableCheck,
};
use halma_suite::family_checks::{
    check_errors, check_field_errors, check_make_unmake, check_round_trips, next_game_end, replayed,
};
use halma_suite::lehrma::NaiveLehrma;
use halma_suite::perft_table::{family_perft_table, table_line};
use halma_suite::reference::{naive_move_text, policy_game, Reference};

const START_PLAIN: &str = "lehrma rbpp4/bpp5/pp6/p7/7P/6PP/5PPB/4PPBR A 0,0";
const START_KNIGHTS: &str = "lehrma-knights 4pnbr/5ppb/6pn/7p/P7/NP6/BPP5/RBNP4 A 0,0";
/// A to move, nine pieces home, its last pawn on a4 one step from a5.
const NEAR_WIN: &str = "lehrma RBPP4/BPP5/PP6/8/P2bpb2/r1pppp2/pp6/8 A 20,20";
/// A home, B to move: A has won.
const A_HOME: &str = "lehrma RBPP4/BPP5/PP6/P7/3bpb2/r1pppp2/pp6/8 B 21,20";

halma_suite::conformance!(
    plain: LehrmaPlain,
    NaiveLehrma,
    rules_spec::<Plain>(
        &[14, 196],
        ["e1-d1", "d8-e8", "d1-e1", "e8-d8"],
        "h4-h5",
        &[START_PLAIN, NEAR_WIN],
    )
);
halma_suite::conformance!(
    knights: LehrmaKnights,
    NaiveLehrma,
    rules_spec::<WithKnights>(
        &[18, 324],
        ["c1-e2", "f8-d7", "e2-c1", "d7-f8"],
        "c1-e2",
        &[START_KNIGHTS],
    )
);

/// The suite's numbers for a Lehrma rule set: its first two counts from the start, a
/// cycle of four moves back to the start, a move of the start, texts to mangle.
fn rules_spec<R: LehrmaRules>(
    counts: &'static [u64],
    cycle: [&'static str; 4],
    reply: &'static str,
    texts: &'static [&'static str],
) -> Spec<LehrmaPosition<R>> {
    Spec {
        table: R::INFO.name,
        start: LehrmaPosition::<R>::start,
        start_counts: counts,
        start_depth: 4,
        perft_table: TableCheck {
            min_depths: 5,
            engine_leaves: 3_000_000,
            naive_leaves: 60_000,
            naive_depth: 0,
            min_lines: 6,
            min_engine: 26,
            min_naive: 19,
        },
        // The table's positions were drawn from random play (`print_perft_tables`).
        table_positions: None,
        print_leaves: 3_000_000,
        play: PlayCheck {
            positions: 24,
            epsilons: &[1.0, 0.3, 0.1],
            plies: &[3, 8, 13, 20, 30, 45],
            depths: &[(3, 500_000, 24)],
        },
        games: GamesCheck {
            games: 45,
            epsilons: &[1.0, 0.3, 0.05],
            cap: 300,
            min_won: 3,
        },
        shuffle: ShuffleCheck::DEFAULT,
        finished: Vec::new,
        make_unmake_step: 5,
        paths_are_moves: false,
        bench: halma_suite::lehrma::BENCH,
        compute_key: LehrmaPosition::<R>::compute_key,
        passes: LehrmaPosition::<R>::passes_in_row,
        pass_draw: (one_pass::<R>, reply),
        repetition: Some(RepetitionCheck {
            from: LehrmaPosition::<R>::start,
            cycle,
            perft_plies: &[6, 7],
            depth: 3,
        }),
        mangled: (texts, "AB CRBNPrbnpabch012345678/,-passé\t", 5_000),
        arbitrary_moves: "[a-j0-9+ -]{0,9}|pass",
    }
}

/// The start with one pass recorded in the text.
fn one_pass<R: LehrmaRules>() -> String {
    format!("{} 1", LehrmaPosition::<R>::start().to_text())
}

fn parse<R: LehrmaRules>(text: &str) -> LehrmaPosition<R> {
    LehrmaPosition::<R>::from_text(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn play<R: LehrmaRules>(pos: &mut LehrmaPosition<R>, moves: &[&str]) {
    for text in moves {
        let mv = pos
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{text} in {}: {e}", pos.to_text()));
        pos.make(mv);
    }
}

/// A game from the start: up to `plies` moves, each with chance `epsilon` uniform, else of
/// greatest gain (fewer if the game ends).
fn random_game<R: LehrmaRules>(seed: u64, plies: usize, epsilon: f32) -> LehrmaPosition<R> {
    last(policy_game(
        LehrmaPosition::<R>::start(),
        seed,
        epsilon,
        plies,
    ))
}

#[test]
fn the_starts_are_the_rules_texts() {
    assert_eq!(LehrmaPlain::start().to_text(), START_PLAIN);
    assert_eq!(LehrmaKnights::start().to_text(), START_KNIGHTS);
    assert_eq!(family_perft_table("lehrma")[0].0, START_PLAIN);
    assert_eq!(family_perft_table("lehrma-knights")[0].0, START_KNIGHTS);
}

fn print_table<R: LehrmaRules>() {
    let mut seed = 3000;
    let mut positions = vec![LehrmaPosition::<R>::start()];
    for (plies, epsilon) in [(8, 1.0), (20, 0.3), (35, 0.3), (50, 1.0)] {
        let game = |s| random_game::<R>(s, plies, epsilon);
        positions.push(next_game_end(&mut seed, game, |s| !s.is_over(), 0));
    }
    // Near the end: a game's position a few plies before a win.
    for back in [3, 5] {
        let game = |s| random_game::<R>(s, 400, 0.1);
        let won = |s| matches!(s, Status::Won(_));
        positions.push(next_game_end(&mut seed, game, won, back));
    }
    for mut pos in positions {
        println!("{}", table_line(&mut pos, 8, 10_000_000));
    }
}

/// Prints the perft tables' lines (`cargo test --release -p halma-suite --test suite
/// lehrma::print_perft_tables -- --ignored --nocapture`).
#[test]
#[ignore]
fn print_perft_tables() {
    print_table::<Plain>();
    println!();
    print_table::<WithKnights>();
}

fn round_trips<R: LehrmaRules>() -> u32 {
    let mut swaps = 0;
    for seed in 0..30u64 {
        let epsilon = [1.0, 0.3, 0.05][seed as usize % 3];
        let mut rng = Rng::new(seed);
        let start = LehrmaPosition::<R>::start();
        let eval = start.evaluator(&Default::default());
        let mut plies = 0;
        check_round_trips(start, 400, LehrmaPosition::<R>::compute_key, |pos| {
            if plies % 7 == 0 {
                // Every move: make/unmake, the key from scratch, the text read back.
                check_make_unmake(pos, LehrmaPosition::<R>::compute_key);
            }
            plies += 1;
            let mv = pos.policy_move(&eval, epsilon, &mut rng);
            if !mv.is_pass() && pos.side_at(mv.to()).is_some() {
                swaps += 1;
            }
            mv
        });
    }
    swaps
}

#[test]
fn texts_round_trip_and_make_unmake_restores_everything() {
    // Swaps are played (and taken back) along the way.
    assert!(round_trips::<Plain>() > 0);
    assert!(round_trips::<WithKnights>() > 0);
}

#[test]
fn diagrams_draw_kinds_as_the_rules_do() {
    let want = [
        "8 r b p p . . . .",
        "7 b p p . . . . .",
        "6 p p . . . . . .",
        "5 p . . . . . . .",
        "4 . . . . . . . P",
        "3 . . . . . . P P",
        "2 . . . . . P P B",
        "1 . . . . P P B R",
        "  a b c d e f g h",
        "",
    ]
    .join("\n");
    assert_eq!(LehrmaPlain::start().diagram(), want);
    let want = [
        "8 . . . . p n b r",
        "7 . . . . . p p b",
        "6 . . . . . . p n",
        "5 . . . . . . . p",
        "4 P . . . . . . .",
        "3 N P . . . . . .",
        "2 B P P . . . . .",
        "1 R B N P . . . .",
        "  a b c d e f g h",
        "",
    ]
    .join("\n");
    assert_eq!(LehrmaKnights::start().diagram(), want);
}

#[test]
fn bad_position_texts_are_errors() {
    check_field_errors(
        "rbpp4/bpp5/pp6/p7/7P/6PP/5PPB/4PPBR",
        LehrmaPlain::from_text,
    );
    let cases = [
        (
            "lehrma-knights rbpp4/bpp5/pp6/p7/7P/6PP/5PPB/4PPBR A 0,0",
            "not the rule set",
        ),
        ("lehrma rbpp4/bpp5/pp6/p7/7P/6PP/5PPB A 0,0", "7 ranks"),
        (
            "lehrma rbpp4/bpp5/pp6/p7/7P/6PP/5PPB/4PPBRR A 0,0",
            "rank 1 has 9",
        ),
        (
            "lehrma rbpp4/bpp5/pp6/p7/7P/6PP/5PPB/4PPB A 0,0",
            "rank 1 has 7",
        ),
        ("lehrma rbpp4/bpp5/pp6/p7/7P/6PP/5PPB/4PPBA A 0,0", "'A'"),
        ("lehrma rbpp4/bpp5/pp6/p7/7P/6PP/5PPB/4PPBK A 0,0", "'K'"),
        (
            "lehrma rbpp4/bpp5/pp6/p7/7P/6PP/5PPB/4PPNR A 0,0",
            "1 bishop,",
        ),
        (
            "lehrma rbpp4/bpp5/pp6/p7/7P/6PP/5PPP/4PPBR A 0,0",
            "A has 1 bishop, lehrma",
        ),
        ("lehrma rbpp4/bpp5/pp6/p7/8/6PP/5PPB/4PPBR A 0,0", "6 pawns"),
        (
            "lehrma rbpp4/bpp5/pp6/pp6/7P/6PP/5PPB/4PPBR A 0,0",
            "side B has 8 pawns",
        ),
        (
            "lehrma rbpp4/bpp5/pp6/p7/7P/6PP/5PPB/4PPBR A -1,0",
            "move counts",
        ),
        (
            "lehrma rbpp4/bpp5/pp6/p7/7P/6PP/5PPB/4PPBR A 0,0 x",
            "number of passes",
        ),
        (
            "lehrma rbpp4/bpp5/pp6/p7/7P/6PP/5PPB/4PPBR A",
            "got 2 fields",
        ),
        ("lehrma", "got 0 fields"),
        ("lehrma 8/8/8/8/8/8/8/8 A 0,0", "0 rooks"),
        (
            "lehrma rbpp4/bpp5/pp6/p7/7P/6PP/5PPB/99999999999999999999999 A 0,0",
            "cells",
        ),
    ];
    check_errors(&cases, LehrmaPlain::from_text);
    assert!(matches!(
        LehrmaPlain::from_text("lehrma 8 A 0,0"),
        Err(Error::Position(_))
    ));
    assert!(LehrmaKnights::from_text("lehrma-knights 8/8/8/8/8/8/8/8 A 0,0").is_err());
    assert!(<LehrmaPlain as GameRules>::from_text_fields(&(), "").is_err());
}

fn sorted_moves<R: LehrmaRules>(pos: &LehrmaPosition<R>) -> String {
    let mut moves: Vec<String> = pos
        .legal_moves()
        .into_iter()
        .map(|m| pos.move_text(m))
        .collect();
    moves.sort();
    moves.join(" ")
}

#[test]
fn start_moves_are_steps_hops_and_no_slides() {
    let plain = LehrmaPlain::start();
    assert_eq!(
        sorted_moves(&plain),
        "e1-d1 e1-e2 f1-d1 f1-f3 f2-e2 f2-f3 g2-e2 g2-g4 g3-f3 g3-g4 h3-f3 h3-h5 h4-g4 h4-h5"
    );
    let knights = LehrmaKnights::start();
    assert_eq!(knights.legal_moves().len(), 18);
}

#[test]
fn bad_cells_and_moves_are_errors() {
    let start = LehrmaPlain::start();
    for name in ["i1", "a0", "a9", "", "e", "E4", "e4x", "e+4", "e-4"] {
        assert!(
            matches!(start.parse_cell(name), Err(Error::Cell(_))),
            "{name}"
        );
    }
    assert_eq!(start.cell_name(start.parse_cell("e4").unwrap()), "e4");
    let cases = [
        ("pass", "only legal when no other move"),
        ("e1-d1-c1", "another game"),
        ("e1", "not a move"),
        ("i1-a1", "lies off the 8x8 board"),
        ("e4-e5", "no piece on e4"),
        ("a8-a1", "piece of B, but A is to move"),
        ("e1-e1", "ends where it starts"),
        ("e1-f1", "lands on an own piece on f1"),
        ("e1-e3", "the pawn on e1 cannot reach e3"),
        ("h1-h8", "the rook on h1 cannot reach h8"),
        ("g1-d4", "the bishop on g1 cannot reach d4"),
    ];
    check_errors(&cases, |t| start.parse_move(t));
    assert!(matches!(start.parse_move("e1-e3"), Err(Error::Move(_))));
    // Swaps: a pawn next to an enemy pawn in its camp swaps with it; not outside the camp;
    // a bishop swap onto the other colour is refused.
    let pos = parse::<Plain>("lehrma rbpp4/bpp5/ppP5/8/8/6PP/1p3PPB/4PPBR A 3,3");
    assert!(pos.parse_move("c6-c7").is_ok());
    assert!(pos.parse_move("c6-b6").is_ok());
    let e = pos.parse_move("b2-b3").unwrap_err();
    assert!(e.to_string().contains("piece of B"), "{e}");
    let pos = parse::<Plain>("lehrma rbpp4/bpp5/pp6/8/8/1p4PP/1P3PPB/4PPBR A 3,3");
    let e = pos.parse_move("b2-b3").unwrap_err();
    assert!(e.to_string().contains("outside its camp"), "{e}");
    let pos = parse::<Plain>("lehrma rbpp4/bPp5/pp6/p7/3p4/6PP/5PPB/4PPBR A 3,3");
    let e = pos.parse_move("b7-a7").unwrap_err();
    assert!(e.to_string().contains("other colour"), "{e}");
    assert!(pos
        .parse_move("b7-b8")
        .unwrap_err()
        .to_string()
        .contains("other colour"));
    // After the game.
    let won = parse::<Plain>(A_HOME);
    assert_eq!(won.status(), Status::Won(0));
    let e = won.parse_move("pass").unwrap_err();
    assert!(e.to_string().contains("game is over"), "{e}");
}

#[test]
fn swaps_exchange_the_pieces_and_unmake_restores_them() {
    let text = "lehrma rbpp4/bpp5/ppP5/8/8/6PP/1p3PPB/4PPBR A 3,3";
    let mut pos = parse::<Plain>(text);
    play(&mut pos, &["c6-c7"]);
    assert_eq!(
        pos.to_text(),
        "lehrma rbpp4/bpP5/ppp5/8/8/6PP/1p3PPB/4PPBR B 4,3"
    );
    assert_eq!(pos.key(), pos.compute_key());
    pos.unmake();
    assert_eq!(pos.to_text(), text);
    // A rook swaps only with the first piece on its line, and never by hopping.
    let text = "lehrma rbpp4/bpp5/pp6/pR6/7P/6PP/5PPB/4PPB1 A 3,3";
    let pos = parse::<Plain>(text);
    assert!(pos.parse_move("b5-a5").is_ok());
    assert!(pos.parse_move("b5-b6").is_ok());
    assert!(pos.parse_move("b5-b7").is_err());
    let naive = NaiveLehrma::from_text(text).unwrap();
    let mut a: Vec<String> = Reference::<LehrmaPlain>::legal_moves(&naive)
        .into_iter()
        .map(naive_move_text)
        .collect();
    a.sort();
    assert_eq!(a.join(" "), sorted_moves(&pos));
}

#[test]
fn status_rules() {
    // A win: A's last pawn steps home.
    let mut pos = parse::<Plain>(NEAR_WIN);
    assert_eq!(pos.status(), Status::Ongoing);
    play(&mut pos, &["a4-a5"]);
    assert_eq!(pos.status(), Status::Won(0));
    assert!(pos.legal_moves().is_empty());
    assert_eq!(perft(&mut pos, 1), 0);
    let mut naive = NaiveLehrma::from_text(NEAR_WIN).unwrap();
    let win = parse::<Plain>(NEAR_WIN).parse_move("a4-a5").unwrap();
    Reference::<LehrmaPlain>::play(
        &mut naive,
        <NaiveLehrma as Reference<LehrmaPlain>>::naive_move(win),
    );
    assert_eq!(Reference::<LehrmaPlain>::status(&naive), Status::Won(0));
    // Kinds count: A's pieces on B's start squares, but a bishop and a pawn exchanged.
    let wrong = parse::<Plain>("lehrma RPPP4/BPB5/PP6/P7/3bpb2/r1pppp2/pp6/8 B 21,20");
    assert_eq!(wrong.status(), Status::Ongoing);
    assert_eq!(parse::<Plain>(A_HOME).status(), Status::Won(0));
    // Repetition: the start arrangement with A to move the third time.
    let mut pos = LehrmaPlain::start();
    for round in 0..2 {
        play(&mut pos, &["e1-d1", "d8-e8", "d1-e1"]);
        assert_eq!(pos.status(), Status::Ongoing, "round {round}");
        play(&mut pos, &["e8-d8"]);
    }
    assert_eq!(pos.status(), Status::DrawByRepetition);
    assert!(pos.legal_moves().is_empty());
    let naive = replayed::<_, NaiveLehrma>(&pos);
    assert_eq!(
        Reference::<LehrmaPlain>::status(&naive),
        Status::DrawByRepetition
    );
    pos.unmake();
    assert_eq!(pos.status(), Status::Ongoing);
    // Passes: a position given with one pass; a second pass draws.
    let text = "lehrma rbpp4/bpp5/pp6/p7/7P/6PP/5PPB/4PPBR A 0,0 1";
    let pos = parse::<Plain>(text);
    assert_eq!(pos.passes_in_row(), 1);
    assert_eq!(pos.status(), Status::Ongoing);
}

#[test]
fn evaluation_counts_distance_by_kind() {
    // The starts are symmetric.
    let p = LehrmaKnights::start();
    let e = p.evaluator(&Default::default());
    assert_eq!(p.side_score(&e, 0), p.side_score(&e, 1));
    let p = LehrmaPlain::start();
    let e = p.evaluator(&Default::default());
    assert_eq!(p.side_score(&e, 0), p.side_score(&e, 1));
    let start = LehrmaPlain::start();
    let eval = start.evaluator(&Default::default());
    assert!(start.distance_to_go(&eval, 0) > 0);
    assert_eq!(
        start.distance_to_go(&eval, 0),
        start.distance_to_go(&eval, 1)
    );
    let home = parse::<Plain>(A_HOME);
    assert_eq!(home.distance_to_go(&eval, 0), 0);
    let near = parse::<Plain>(NEAR_WIN);
    assert_eq!(near.distance_to_go(&eval, 0), 50);
    assert!(near.evaluate(&eval, Team::new(0, 2)) > 0);
    let gain = |p: &LehrmaPlain, t: &str| p.move_gain(&eval, p.to_move(), p.parse_move(t).unwrap());
    assert_eq!(gain(&near, "a4-a5"), 50);
    // A hop of two squares toward the goal gains twice a step.
    assert_eq!(gain(&start, "f1-f3"), 100);
    assert_eq!(gain(&start, "e1-d1"), 50);
    for seed in 0..20 {
        let p = random_game::<WithKnights>(seed, 10 + seed as usize, 0.5);
        let e = p.evaluator(&Default::default());
        let v = p.evaluate(&e, Team::new(p.to_move(), 2));
        let (me, you) = (p.to_move(), 1 - p.to_move());
        assert_eq!(v, p.side_score(&e, me) - p.side_score(&e, you) + 30);
        assert!(v.abs() < 10_000, "{v}");
    }
}
/// The start's perft at depth 5 by the reference too (1,666,200 and 5,452,596 leaves; a
/// few seconds each, so not in the normal run: `cargo test --release -p halma-suite --test suite
/// lehrma::start_perft_5_against_the_reference -- --ignored`).
#[test]
#[ignore]
fn start_perft_5_against_the_reference() {
    fn agree<R: LehrmaRules>() {
        let mut start = LehrmaPosition::<R>::start();
        let naive = <NaiveLehrma as Reference<LehrmaPosition<R>>>::start();
        for depth in 1..=5 {
            let want = Reference::<LehrmaPosition<R>>::perft(&naive, depth);
            assert_eq!(
                perft(&mut start, depth),
                want,
                "{} depth {depth}",
                R::INFO.name
            );
        }
    }
    agree::<Plain>();
    agree::<WithKnights>();
}
