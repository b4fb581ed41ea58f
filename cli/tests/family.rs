//! The relatives of Halma through every command: perft, moves, show, analyse with both
//! searchers, UGI, tournaments, replay and Le Grec's solution; and bad input for each.
//! Caeser's hexagon has a test of its own for moves, show and perft from a position text.

mod common;
use common::{fails, halma, json_lines, ok, UgiSession};

/// The games of the family and their start counts to depth 2 (RULES-relatives.md).
const START_COUNTS: [(&str, u64, u64); 6] = [
    ("embargo", 42, 1710),
    ("legrec", 5, 23),
    ("renpaarden", 46, 2116),
    ("carrera", 20, 400),
    ("caeser", 9, 69),
    ("topsecret", 36, 1260),
];

#[test]
fn perft_counts_every_game_from_its_start_as_the_rules_page_gives() {
    for (game, d1, d2) in START_COUNTS {
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
    let out = ok(&[
        "perft",
        "--rules",
        "embargo",
        "--moves",
        "a3-a8",
        "--depth",
        "2",
        "--divide",
        "--threads",
        "1",
    ]);
    assert!(
        out.contains("position embargo 6BBB/A6BB/8B/9/9/9/9/AA7/AAA6 B 1,0"),
        "{out}"
    );
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
    let out = ok(&[
        "show",
        "--position",
        "embargo 6BBB/7BB/8B/9/9/9/A8/AA7/AAA6 A 0,0",
    ]);
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
    let out = ok(&[
        "show",
        "--position",
        "caeser AAAA/AAAAA/BAAA1B/AAA1BBB/AABBBB/1BBBB/BBBB A 56,56",
        "--moves",
        "pass pass",
    ]);
    assert!(out.contains("draw: every side passed"), "{out}");
    let out = ok(&[
        "perft",
        "--position",
        "caeser BBBB/BBBBB/BBBB1A/BBB1AAA/B1AAAA/AAAAA/AAAA A 0,0",
        "--depth",
        "4",
        "--threads",
        "1",
    ]);
    assert!(out.contains("3627"), "{out}");
}

#[test]
fn analyse_searches_every_game_with_both_engines() {
    for (game, _, _) in START_COUNTS {
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
    for (args, want) in [
        (
            vec!["perft", "--rules", "chess", "--depth", "1"],
            "embargo, legrec, renpaarden, carrera, caeser",
        ),
        (
            vec!["show", "--rules", "caeser", "--moves", "a1-a2"],
            "no hole",
        ),
        (
            vec!["show", "--rules", "caeser", "--moves", "d3-d4 d4-d3"],
            "move 2 of 2",
        ),
        (
            vec!["show", "--rules", "caeser", "--moves", "d3-e3"],
            "own man",
        ),
        (
            vec![
                "show",
                "--position",
                "caeser BBBB/BBBBB/BBBB1A/BBB1AAA/B1AAAA/AAAAA/AAA A 0,0",
            ],
            "rank 1 has 3 cells, not 4",
        ),
        (vec!["solve", "--rules", "caeser"], "Halma"),
        (
            vec!["show", "--rules", "embargo", "--moves", "a1-a9"],
            "move 1 of 1",
        ),
        (
            vec!["show", "--rules", "embargo", "--moves", "b2-c3"],
            "move 1 of 1",
        ),
        (
            vec!["show", "--rules", "renpaarden", "--moves", "a1-b2"],
            "move 1 of 1",
        ),
        (
            vec!["show", "--rules", "renpaarden", "--moves", "a1-c2"],
            "own stone",
        ),
        (
            vec!["show", "--rules", "legrec", "--moves", "a1-a2-a3"],
            "move 1 of 1",
        ),
        (
            vec!["show", "--position", "legrec BBBB/1BBB/AAA1/AAA1 A 0,0"],
            "position",
        ),
        (
            vec!["show", "--position", "embargo 9/9/9/9/9/9/9/9/9 A 0,0"],
            "position",
        ),
        (
            vec!["show", "--rules", "legrec", "--deadline", "3"],
            "no options",
        ),
        (
            vec!["show", "--rules", "embargo:deadline=3"],
            "no rule options",
        ),
        (
            vec![
                "show",
                "--rules",
                "halma8",
                "--position",
                "legrec BBBB/1BBB/AAA1/AAAA A 0,0",
            ],
            "legrec position",
        ),
        (vec!["course", "--rules", "legrec", "--dir", "."], "Halma"),
        (vec!["solve", "--rules", "renpaarden"], "Halma"),
        (vec!["solve", "--rules", "carrera"], "Halma"),
        (
            vec![
                "show",
                "--position",
                "carrera 7AAA/7AAA/9A/6A3/10/10/3B6/B9/BBB7/BBB7 A 40,40",
                "--moves",
                "d4-b5",
            ],
            "stone of B",
        ),
        (
            vec![
                "show",
                "--position",
                "carrera B6BBB/7BBB/8BB/10/10/10/10/AA8/AAA7/AAA7 A 0,0",
            ],
            "not a cell of the board",
        ),
        (
            vec!["perft", "--rules", "carrera:x=1", "--depth", "1"],
            "no rule options",
        ),
    ] {
        let err = fails(&args);
        assert!(err.contains(want), "{args:?}: {err}");
    }
}

#[test]
fn carrera_moves_are_refused_with_the_reason() {
    for (mv, want) in [
        ("a1-a10", "'a10' is not a cell of the board"),
        ("b1-a3", "own knight on a3"),
        ("c2-c3", "not a knight leap"),
        ("c2-e1-f3", "no chains"),
    ] {
        let err = fails(&["show", "--rules", "carrera", "--moves", mv]);
        assert!(
            err.contains(want) && err.contains("move 1 of 1"),
            "{mv}: {err}"
        );
    }
}

#[test]
fn ugi_plays_each_game_chosen_by_the_rules_option_or_the_position() {
    let mut s = UgiSession::start();
    s.send("ugi");
    s.until("ugiok");
    for (game, _, _) in START_COUNTS {
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
    let out = ok(&[
        "solve",
        "--rules",
        "legrec",
        "--position",
        "legrec AABB/AAA1/AA1B/BBBB B 0,0",
        "--json",
    ]);
    let v = &json_lines(&out)[0];
    assert_eq!(v["value"], "loss");
    assert_eq!(v["plies"], 22);
    let line: Vec<&str> = v["line"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert_eq!(line.len(), 22);
    assert_eq!(v["line_ends"], "A wins");
    let err = fails(&[
        "solve",
        "--rules",
        "legrec",
        "--position",
        "legrec BBBB A 0,0",
    ]);
    assert!(err.contains("position"), "{err}");
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
