//! The relatives of Halma through every command: perft, moves, show, analyse with both
//! searchers, UGI, tournaments, replay and Le Grec's solution; and bad input for each.
//! Caeser's hexagon has a test of its own for moves, show and perft from a position text,
//! Lehrma one for its kinds, swaps and errors.

use crate::common;
use common::{fails, fails_line, halma, json_lines, ok, ok_line, UgiSession};

/// The games of the family and their start counts to depth 2 (RULES-relatives.md).
const START_COUNTS: &[(&str, u64, u64)] = &[
    ("embargo", 42, 1710),
    ("legrec", 5, 23),
    ("renpaarden", 46, 2116),
    ("carrera", 20, 400),
    ("caeser", 9, 69),
    ("zug", 8, 64),
    ("hexma", 20, 400),
    ("lehrma", 14, 196),
    ("lehrma-knights", 18, 324),
    ("topsecret", 36, 1260),
];

#[test]
fn perft_counts_every_game_from_its_start_as_the_rules_page_gives() {
    for &(game, d1, d2) in START_COUNTS {
        let out = ok(&[
            "perft",
            "--rules",
            game,
            "--depth",
            "2",
            "--json",
            "--threads",
            "1",
        ]);
        let counts: Vec<u64> = json_lines(&out)
            .iter()
            .map(|v| v["nodes"].as_u64().unwrap())
            .collect();
        assert_eq!(counts, [d1, d2], "{game}");
    }
}

#[test]
fn perft_counts_from_the_position_after_moves_and_divide_adds_up() {
    let out = ok_line("perft --rules embargo --moves a3-a8 --depth 2 --divide --threads 1");
    common::assert_has(&out, "position embargo 6BBB/A6BB/8B/9/9/9/9/AA7/AAA6 B 1,0");
    let total: u64 = out
        .lines()
        .filter(|l| l.contains('-') && !l.starts_with("position"))
        .filter_map(|l| l.split_whitespace().nth(1)?.parse::<u64>().ok())
        .sum();
    assert!(out.contains(&format!("total {total}")), "{out}");
}

#[test]
fn moves_and_show_draw_each_game() {
    let out = ok(&["moves", "--rules", "legrec"]);
    assert!(out.contains("moves 5") && out.contains("d1-d2"), "{out}");
    let out = ok(&["show", "--rules", "renpaarden", "--json"]);
    let v = &json_lines(&out)[0];
    assert_eq!(v["rules"], "renpaarden");
    assert_eq!(v["legal_moves"], 46);
    let out = ok_line("show --position 'embargo 6BBB/7BB/8B/9/9/9/A8/AA7/AAA6 A 0,0'");
    assert!(
        out.contains("a b c d e f g h i") && out.contains("legal moves 42"),
        "{out}"
    );
}

/// The best move `analyse` gives for the game or position `which` with `engine`
/// (alpha-beta to depth 3, or MCTS with 300 nodes) on one thread.
fn best_move(which: &[&str], engine: &str) -> String {
    let limit = if engine == "mcts" {
        ["--nodes", "300"]
    } else {
        ["--depth", "3"]
    };
    let mut args = vec![
        "analyse",
        "--engine",
        engine,
        limit[0],
        limit[1],
        "--threads",
        "1",
    ];
    args.extend(which);
    let out = ok(&args);
    let best = out.lines().last().unwrap_or_default();
    best.strip_prefix("bestmove ").expect(&out).to_string()
}

#[test]
fn carrera_shows_its_cut_board_and_both_searchers_find_the_winning_leap() {
    let out = ok(&["show", "--rules", "carrera"]);
    assert!(
        out.contains("10           . . b b b") && out.contains(" 1 A A A . .\n"),
        "{out}"
    );
    let out = ok(&["moves", "--rules", "carrera", "--moves", "b1-c3"]);
    assert!(out.contains("moves 20") && out.contains("i10-h8"), "{out}");
    // A is one leap (g7-i8) from home-coming.
    let almost = "carrera 7AAA/7AAA/9A/6A3/10/10/3B6/B9/BBB7/BBB7 A 40,40";
    for engine in ["alphabeta", "mcts"] {
        let mv = best_move(&["--position", almost], engine);
        assert_eq!(mv, "g7-i8", "{engine}");
    }
    let out = ok(&["show", "--position", almost, "--moves", "g7-i8"]);
    assert!(out.contains("A wins"), "{out}");
}

#[test]
fn caeser_moves_show_and_replay_draw_the_hexagon() {
    let out = ok(&["moves", "--rules", "caeser", "--moves", "d3-d4"]);
    assert!(out.contains("moves 8") && out.contains("d5-d3"), "{out}");
    let out = ok(&["show", "--rules", "caeser"]);
    assert!(
        out.contains(" 4 b b b . A A A   (a4..)")
            && out.contains(" 1    A A A A   (d1..)")
            && out.contains("legal moves 9"),
        "{out}"
    );
    let out = ok_line("show --position 'caeser AAAA/AAAAA/BAAA1B/AAA1BBB/AABBBB/1BBBB/BBBB A 56,56' --moves 'pass pass'");
    assert!(out.contains("draw: every side passed"), "{out}");
    let out = ok_line("perft --position 'caeser BBBB/BBBBB/BBBB1A/BBB1AAA/B1AAAA/AAAAA/AAAA A 0,0' --depth 4 --threads 1");
    assert!(out.contains("3627"), "{out}");
}

#[test]
fn analyse_searches_every_game_with_both_engines() {
    for &(game, _, _) in START_COUNTS {
        for engine in ["alphabeta", "mcts"] {
            let mv = best_move(&["--rules", game], engine);
            let moves = ok(&["moves", "--rules", game]);
            assert!(
                moves.lines().any(|l| l == mv),
                "{game} {engine}: {mv} not legal"
            );
        }
    }
}

#[test]
fn bad_input_of_each_game_is_one_clear_line() {
    for (line, want) in [
        ("perft --rules chess --depth 1", "embargo, legrec, renpaarden, carrera, caeser, zug, hexma, lehrma, lehrma-knights, topsecret"),
        ("show --rules caeser --moves a1-a2", "no hole"),
        ("show --rules caeser --moves 'd3-d4 d4-d3'", "move 2 of 2"),
        ("show --rules caeser --moves d3-e3", "own man"),
        ("show --position 'caeser BBBB/BBBBB/BBBB1A/BBB1AAA/B1AAAA/AAAAA/AAA A 0,0'", "rank 1 has 3 cells, not 4"),
        ("solve --rules caeser", "Halma"),
        ("show --rules embargo --moves a1-a9", "move 1 of 1"),
        ("show --rules embargo --moves b2-c3", "move 1 of 1"),
        ("show --rules renpaarden --moves a1-b2", "move 1 of 1"),
        ("show --rules renpaarden --moves a1-c2", "own stone"),
        ("show --rules legrec --moves a1-a2-a3", "move 1 of 1"),
        ("show --position 'legrec BBBB/1BBB/AAA1/AAA1 A 0,0'", "position"),
        ("show --position 'embargo 9/9/9/9/9/9/9/9/9 A 0,0'", "position"),
        ("show --rules legrec --deadline 3", "no options"),
        ("show --rules embargo:deadline=3", "no rule options"),
        ("show --rules halma8 --position 'legrec BBBB/1BBB/AAA1/AAAA A 0,0'", "legrec position"),
        ("course --rules legrec --dir .", "Halma"),
        ("solve --rules renpaarden", "Halma"),
        ("solve --rules carrera", "Halma"),
        ("show --position 'carrera 7AAA/7AAA/9A/6A3/10/10/3B6/B9/BBB7/BBB7 A 40,40' --moves d4-b5", "stone of B"),
        ("show --position 'carrera B6BBB/7BBB/8BB/10/10/10/10/AA8/AAA7/AAA7 A 0,0'", "not a cell of the board"),
        ("perft --rules carrera:x=1 --depth 1", "no rule options"),
        ("show --rules lehrma --moves e1-i1", "lies off the 8x8 board"),
        ("show --rules lehrma --moves e1-f1", "own piece on f1"),
        ("show --rules lehrma --moves h1-h8", "rook on h1 cannot reach h8"),
        ("show --position 'lehrma rbpp4/bPp5/pp6/p7/3p4/6PP/5PPB/4PPBR A 3,3' --moves b7-a7", "other colour"),
        ("show --position 'lehrma rbpp4/bpp5/pp6/p7/7P/6PP/5PPB/4PPBK A 0,0'", "'K'"),
        ("show --position 'lehrma rbpp4/bpp5/pp6/pp6/7P/6PP/5PPB/4PPBR A 0,0'", "side B has 8 pawns"),
        ("show --rules lehrma-knights:x=1", "no rule options"),
        ("solve --rules lehrma", "Halma"),
    ] {
        let err = fails_line(line);
        assert!(err.contains(want), "{line}: {err}");
    }
}

#[test]
fn carrera_moves_are_refused_with_the_reason() {
    let cases = [
        ("a1-a10", "'a10' is not a cell of the board"),
        ("b1-a3", "own knight on a3"),
        ("c2-c3", "not a knight leap"),
        ("c2-e1-f3", "no chains"),
    ];
    moves_refused("carrera", &cases, "move 1 of 1");
}

/// Checks that `show` in `game` refuses each of `cases` (moves played from the start) with
/// one line saying its reason and `also`.
fn moves_refused(game: &str, cases: &[(&str, &str)], also: &str) {
    for &(moves, want) in cases {
        let err = fails(&["show", "--rules", game, "--moves", moves]);
        assert!(err.contains(want) && err.contains(also), "{moves}: {err}");
    }
}

#[test]
fn ugi_plays_each_game_chosen_by_the_rules_option_or_the_position() {
    let mut s = UgiSession::start();
    s.send("ugi");
    s.until("ugiok");
    for &(game, _, _) in START_COUNTS {
        s.send(&format!("setoption name Rules value {game}"));
        s.send("uginewgame");
        s.send("position startpos");
        s.send("go depth 2");
        let best = s.until("bestmove").pop().unwrap();
        let mv = best.strip_prefix("bestmove ").unwrap().to_string();
        assert_ne!(mv, "none", "{game}");
        s.send(&format!("position startpos moves {mv}"));
        s.send("query p1turn");
        assert_eq!(s.next("response"), "response false", "{game}");
    }
    // A position text brings its own game.
    s.send("position fen legrec BBBB/1BBB/AAA1/AAAA A 0,0 moves d1-d2");
    s.send("go nodes 200");
    let best = s.until("bestmove").pop().unwrap();
    assert!(
        best.starts_with("bestmove ") && best != "bestmove none",
        "{best}"
    );
    s.send("quit");
}

/// A one-round tournament of `game` between `players`, recorded, then game `replayed` of
/// the record replayed.
fn tournament_is_recorded_and_replays(game: &str, players: [&str; 2], replayed: &str) {
    let dir = std::env::temp_dir().join(format!("halma-family-{game}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let record = dir.join(format!("{game}.games"));
    let record = record.to_str().unwrap();
    let out = ok(&[
        "tournament",
        "--rules",
        game,
        "--player",
        players[0],
        "--player",
        players[1],
        "--rounds",
        "1",
        "--openings",
        "none",
        "--concurrency",
        "1",
        "--record",
        record,
        "--json",
    ]);
    let v = &json_lines(&out)[0];
    assert_eq!(v["rules"], game);
    assert_eq!(v["games"], 2);
    let replay = ok(&["replay", record, "--game", replayed]);
    assert!(
        replay.contains(&format!("rules {game}")) && replay.contains("the board says"),
        "{replay}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_tournament_of_a_relative_is_recorded_and_replays() {
    for game in ["legrec", "carrera"] {
        tournament_is_recorded_and_replays(game, ["alphabeta:depth=3", "random:seed=5"], "1");
    }
}

#[test]
fn a_caeser_tournament_of_both_engines_is_recorded_and_replays() {
    tournament_is_recorded_and_replays("caeser", ["alphabeta:depth=2", "mcts:nodes=200"], "2");
}

#[test]
fn players_without_limits_play_the_default_clock_and_are_told_so() {
    let dir = std::env::temp_dir().join(format!("halma-family-tc-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let record = dir.join("tc.games");
    let record = record.to_str().unwrap();
    let out = halma(&[
        "tournament",
        "--rules",
        "legrec",
        "--player",
        "alphabeta",
        "--player",
        "mcts",
        "--rounds",
        "1",
        "--openings",
        "none",
        "--max-plies",
        "2",
        "--concurrency",
        "1",
        "--record",
        record,
    ]);
    assert!(out.status.success(), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("every game is played at 10+0.1"), "{err}");
    let text = std::fs::read_to_string(record).unwrap();
    assert_eq!(
        text.matches("[TimeControl \"10+0.1\"]").count(),
        2,
        "{text}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn le_grec_is_solved_a_draw_and_a_position_gets_its_value_and_best_move() {
    let out = ok(&["solve", "--rules", "legrec", "--json"]);
    let v = &json_lines(&out)[0];
    assert_eq!(v["value"], "draw");
    assert_eq!(v["states"], 823_680);
    assert_eq!(v["line_ends"], "draw by repetition");
    // The longest forced result: B to move loses in 22 plies, and the perfect game shows it.
    let out = ok_line("solve --rules legrec --position 'legrec AABB/AAA1/AA1B/BBBB B 0,0' --json");
    let v = &json_lines(&out)[0];
    assert_eq!(v["value"], "loss");
    assert_eq!(v["plies"], 22);
    let line: Vec<&str> = common::strings(&v["line"]);
    assert_eq!(line.len(), 22);
    assert_eq!(v["line_ends"], "A wins");
    let err = fails_line("solve --rules legrec --position 'legrec BBBB A 0,0'");
    assert!(err.contains("position"), "{err}");
}

/// Le Zug: A one step (b16-a17) from filling B's back rank.
const ZUG_NEARLY: &str = "zug 1AAAAAAAA/AAAA4/9/8/9/8/9/8/9/8/9/8/9/8/1B7/BBB5/1BBBBBBBB A 40,40";

#[test]
fn zug_places_then_moves_and_both_searchers_find_the_winning_step() {
    let out = ok(&["show", "--rules", "zug"]);
    assert!(
        out.contains("17 b   b   b   b   b   b   b   b   b\n16   .   .")
            && out.contains(" 1 A   A   A   A   A   A   A   A   A\n")
            && out.contains("legal moves 8"),
        "{out}"
    );
    let placed = "@b2 @d16 @f2 @h16 @l2 @n16";
    let out = ok(&["moves", "--rules", "zug", "--moves", placed]);
    assert!(out.contains("moves 33") && out.contains("f2-e3"), "{out}");
    let out = ok(&["moves", "--rules", "zug", "--moves", "@b2"]);
    assert!(out.contains("@b16") && out.contains("moves 8"), "{out}");
    for engine in ["alphabeta", "mcts"] {
        let mv = best_move(&["--position", ZUG_NEARLY], engine);
        assert_eq!(mv, "b16-a17", "{engine}");
    }
    let out = ok(&["show", "--position", ZUG_NEARLY, "--moves", "b16-a17"]);
    assert!(out.contains("A wins"), "{out}");
    // Both sides blocked by the camp rule: two passes draw.
    let blocked = "zug 8B/7A/7A1/8/AAAAAAAAA/8/9/8/9/8/9/8/BBBBBBBBB/8/1B7/B7/A8 A 50,50";
    let out = ok(&["show", "--position", blocked, "--moves", "pass pass"]);
    assert!(out.contains("draw: every side passed"), "{out}");
    let out = ok(&[
        "perft",
        "--rules",
        "zug",
        "--moves",
        placed,
        "--depth",
        "2",
        "--threads",
        "1",
    ]);
    assert!(out.contains("1122"), "{out}");
}

#[test]
fn zug_moves_and_texts_are_refused_with_the_reason() {
    let placed = "@b2 @b16 @d2 @d16 @f2 @f16";
    let cases = [
        ("a1-b2", "A still places its pieces"),
        ("@a2", "light square"),
        ("@b16", "own second rank (b2 d2 ... p2)"),
        ("@b2 @b2", "own second rank (b16"),
        ("@b2 @b16 @d2 @d16 @f2 @f16 @h2", "placed its twelve"),
        ("@b2 @b16 @d2 @d16 @f2 @f16 b2-e5", "out of reach"),
        ("@b2 @b16 @d2 @d16 @f2 @f16 a1-b18", "off the 17x17 board"),
    ];
    moves_refused("zug", &cases, "move ");
    let err = fails(&[
        "show",
        "--rules",
        "zug",
        "--moves",
        &format!("{placed} b2-c3 b16-a15 c3-b2"),
    ]);
    assert!(err.contains("not forward"), "{err}");
    for (position, want) in [
        ("zug 9/8 A 0,0", "the 17x17 Le Zug board has 17"),
        (
            "zug BBBBBBBBB/8/9/8/9/8/9/8/9/8/9/8/9/8/9/8/AAAAAAAAA B 0,0",
            "so A is to place",
        ),
    ] {
        let err = fails(&["show", "--position", position]);
        assert!(err.contains(want), "{err}");
    }
    let err = fails(&["perft", "--rules", "zug:x=1", "--depth", "1"]);
    assert!(err.contains("no rule options"), "{err}");
}

#[test]
fn a_zug_tournament_of_both_engines_is_recorded_and_replays() {
    tournament_is_recorded_and_replays("zug", ["alphabeta:depth=2", "mcts:nodes=200"], "2");
}

/// Hexma: A's column e5..e12 and f12, one step (f12-e13) from joining the edges.
const HEXMA_ALMOST: &str =
    "hexma B/BB/BBB/BBBB/5BBB5/3AA7/2A8/1A8/A8/A9/A10/A11/A12/4/A2/AA/A A 30,30";

#[test]
fn hexma_draws_the_star_both_searchers_join_the_edges_and_bad_input_is_one_line() {
    let out = ok(&["show", "--rules", "hexma"]);
    assert!(
        out.contains("17             b   (e17..)")
            && out.contains(" 5 . . . . . A A A . . . . .   (e5..)")
            && out.contains("legal moves 20"),
        "{out}"
    );
    let out = ok(&["moves", "--rules", "hexma", "--moves", "k5-k6"]);
    assert!(out.contains("moves 20") && out.contains("e14-g12"), "{out}");
    let out = ok_line("perft --rules hexma --depth 4 --threads 1");
    assert!(out.contains("338724"), "{out}");
    for engine in ["alphabeta", "mcts"] {
        let mv = best_move(&["--position", HEXMA_ALMOST], engine);
        assert_eq!(mv, "f12-e13", "{engine}");
    }
    let out = ok(&["show", "--position", HEXMA_ALMOST, "--moves", "f12-e13"]);
    assert!(out.contains("A wins"), "{out}");
    let cases = [
        ("a1-a2", "off the star"),
        ("k5-l6", "not neighbours on the star"),
        ("k5-k7", "cannot reach k7"),
        ("l3-j5-j7", "first and last cells only"),
        ("k5-k6 k6-k5", "move 2 of 2"),
    ];
    moves_refused("hexma", &cases, "move ");
    let err = fails(&["show", "--position", "hexma B/BB A 0,0"]);
    assert!(err.contains("the star board has 17"), "{err}");
    tournament_is_recorded_and_replays("hexma", ["alphabeta:depth=2", "random:seed=5"], "1");
}

#[test]
fn lehrma_shows_kinds_swaps_and_refuses_bad_moves_with_the_reason() {
    let out = ok(&["show", "--rules", "lehrma"]);
    assert!(
        out.contains("8 r b p p . . . .")
            && out.contains("1 . . . . P P B R")
            && out.contains("legal moves 14"),
        "{out}"
    );
    let out = ok(&["show", "--rules", "lehrma-knights"]);
    assert!(
        out.contains("1 R B N P . . . .") && out.contains("legal moves 18"),
        "{out}"
    );
    let out = ok(&["moves", "--rules", "lehrma-knights", "--moves", "c1-d3"]);
    assert!(out.contains("f8-e6"), "{out}");
    // A pawn in front of B's camp swaps with a pawn in it.
    let swap = "lehrma rbpp4/bpp5/ppP5/8/8/6PP/1p3PPB/4PPBR A 3,3";
    let out = ok(&["show", "--position", swap, "--moves", "c6-c7"]);
    assert!(
        out.contains("7 b p P . . . . .") && out.contains("6 p p p"),
        "{out}"
    );
    // A is one step (a4-a5) from home; both searchers find it.
    let almost = "lehrma RBPP4/BPP5/PP6/8/P2bpb2/r1pppp2/pp6/8 A 20,20";
    for engine in ["alphabeta", "mcts"] {
        assert_eq!(
            best_move(&["--position", almost], engine),
            "a4-a5",
            "{engine}"
        );
    }
    let out = ok(&["show", "--position", almost, "--moves", "a4-a5"]);
    assert!(out.contains("A wins"), "{out}");
    let out = ok_line("perft --position 'lehrma-knights 4pnbr/5ppb/6pn/7p/P7/NP6/BPP5/RBNP4 A 0,0' --depth 3 --threads 1");
    assert!(out.contains(&LEHRMA_KNIGHTS_D3.to_string()), "{out}");
}

/// Lehrma with knights' start perft at depth 3.
const LEHRMA_KNIGHTS_D3: u64 = 7920;

#[test]
fn a_lehrma_tournament_of_both_engines_is_recorded_and_replays() {
    tournament_is_recorded_and_replays(
        "lehrma-knights",
        ["alphabeta:depth=2", "mcts:nodes=200"],
        "1",
    );
}

/// Top Secret: A to move with one stone left (p10), one move (p10-off) from winning.
const TOPSECRET_ALMOST: &str =
    "topsecret 16/16/16/16/16/16/15A/16/B14B/16/16/16/16/9B6/16/16 A 74,74 0,0";

#[test]
fn topsecret_drops_into_the_centre_then_bears_off_and_both_searchers_find_the_last_one() {
    let out = ok(&["show", "--rules", "topsecret", "--moves", "@g7 @h8"]);
    assert!(
        out.contains(" 7 . . . . . + A + + + + . . . . .")
            && out.contains(" 8 . . . . . + + b + + + . . . . .")
            && out.contains("A: 1 on the board, 17 in hand, 0 borne off")
            && out.contains("legal moves 34"),
        "{out}"
    );
    let out = ok(&["moves", "--rules", "topsecret"]);
    assert!(out.contains("moves 36") && out.contains("@k11"), "{out}");
    let out = ok(&["moves", "--position", TOPSECRET_ALMOST]);
    assert!(out.contains("moves 6") && out.contains("p10-off"), "{out}");
    for engine in ["alphabeta", "mcts"] {
        let mv = best_move(&["--position", TOPSECRET_ALMOST], engine);
        assert_eq!(mv, "p10-off", "{engine}");
    }
    let out = ok(&["show", "--position", TOPSECRET_ALMOST, "--moves", "p10-off"]);
    assert!(
        out.contains("A wins") && out.contains("A: 0 on the board, 0 in hand, 18 borne off"),
        "{out}"
    );
    let out = ok(&[
        "perft",
        "--position",
        TOPSECRET_ALMOST,
        "--depth",
        "4",
        "--threads",
        "1",
    ]);
    assert!(out.contains("13280"), "{out}");
}

#[test]
fn topsecret_bad_input_is_one_clear_line() {
    let expect = |args: &[&str], want: &str| {
        let err = fails(args);
        assert!(err.contains(want), "{args:?}: {err}");
    };
    for (moves, want) in [
        ("@a1", "outside the drop zone f6-k11"),
        ("g7-g8", "in the drop phase a move is a drop like @g7"),
        ("@g7 @g7", "move 2 of 2"),
    ] {
        expect(&["show", "--rules", "topsecret", "--moves", moves], want);
    }
    for (moves, want) in [
        ("j3-off", "stone of B"),
        ("p10-p12", "no step or jump chain"),
    ] {
        expect(
            &["show", "--position", TOPSECRET_ALMOST, "--moves", moves],
            want,
        );
    }
    let empty = "16/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16";
    for (rest, want) in [
        ("A 0,0", "stones in hand"),
        ("B 0,0 18,18", "do not fit B to move"),
    ] {
        expect(
            &["show", "--position", &format!("topsecret {empty} {rest}")],
            want,
        );
    }
    expect(&["perft", "--rules", "chess", "--depth", "1"], "topsecret");
    expect(&["solve", "--rules", "topsecret"], "Halma");
    expect(
        &["perft", "--rules", "topsecret:x=1", "--depth", "1"],
        "no rule options",
    );
}

#[test]
fn a_topsecret_tournament_is_recorded_and_replays() {
    tournament_is_recorded_and_replays("topsecret", ["alphabeta:depth=2", "random:seed=5"], "1");
}
