//! The whole protocol on in-process sessions: any command lines, in either dialect, get
//! one `bestmove` for every `go` and never a panic.

use super::reader::first_word;
use super::*;
use proptest::prelude::*;
use std::io::Write;
use std::sync::Mutex;

/// An output sink the test can read back.
#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The output of a whole session on `input`.
fn transcript(input: Vec<u8>) -> String {
    transcript_in(input, Dialect::Ugi)
}

/// The output of a whole session on `input` in `dialect`.
fn transcript_in(input: Vec<u8>, dialect: Dialect) -> String {
    let sink = Shared::default();
    serve(
        std::io::Cursor::new(input),
        Output::new(sink.clone()),
        dialect,
    )
    .unwrap();
    let bytes = sink.0.lock().unwrap().clone();
    String::from_utf8(bytes).unwrap()
}

/// Command lines, well-formed and not: the words of the protocol in random order with
/// random numbers and junk.
fn command() -> impl Strategy<Value = String> {
    let word = prop_oneof![
        Just("go"),
        Just("stop"),
        Just("isready"),
        Just("ugi"),
        Just("uginewgame"),
        Just("position"),
        Just("startpos"),
        Just("fen"),
        Just("moves"),
        Just("b3-c4"),
        Just("g6-f5"),
        Just("halma8"),
        Just("star-2"),
        Just("setoption"),
        Just("name"),
        Just("value"),
        Just("Rules"),
        Just("Threads"),
        Just("Hash"),
        Just("Engine"),
        Just("mcts"),
        Just("Weight"),
        Just("distance"),
        Just("depth"),
        Just("nodes"),
        Just("movetime"),
        Just("p1time"),
        Just("p2inc"),
        Just("movestogo"),
        Just("infinite"),
        Just("query"),
        Just("result"),
        Just("1"),
        Just("3"),
        Just("0"),
        Just("-5"),
        Just("18446744073709551615"),
        Just("1e308"),
        Just("NaN"),
    ];
    prop_oneof![
        9 => prop::collection::vec(word, 0..8).prop_map(|w| w.join(" ")),
        1 => "[ -~]{0,40}",
    ]
}

/// CCP command lines, well-formed and not.
fn ccp_command() -> impl Strategy<Value = String> {
    let start = format!("{}{}{}", "0".repeat(10), ".".repeat(101), "1".repeat(10));
    let word = prop_oneof![
        Just("go".to_string()),
        Just("stop".to_string()),
        Just("isready".to_string()),
        Just("ccp".to_string()),
        Just("protocol".to_string()),
        Just("position".to_string()),
        Just("startpos".to_string()),
        Just("cells".to_string()),
        Just(start),
        Just("player".to_string()),
        Just("ply".to_string()),
        Just("analyze".to_string()),
        Just("topk".to_string()),
        Just("setoption name Engine value mcts".to_string()),
        Just("setoption name Rules value halma8".to_string()),
        Just("movetime".to_string()),
        Just("nodes".to_string()),
        Just("depth".to_string()),
        Just("wtime".to_string()),
        Just("binc".to_string()),
        Just("infinite".to_string()),
        Just("0".to_string()),
        Just("1".to_string()),
        Just("3".to_string()),
        Just("-2".to_string()),
        Just("18446744073709551616".to_string()),
    ];
    prop_oneof![
        9 => prop::collection::vec(word, 0..8).prop_map(|w| w.join(" ")),
        1 => "[ -~]{0,40}",
    ]
}

#[test]
fn ccp_answers_in_hole_ids() {
    let start = format!("{}{}{}", "0".repeat(10), ".".repeat(101), "1".repeat(10));
    let input = format!(
        "ccp\nprotocol\nisready\nposition cells {start} player 0 ply 0\n\
         analyze topk 3\ngo depth 2\nposition fen halma8\ngo depth 1\nquit\n"
    );
    let out = transcript_in(input.into_bytes(), Dialect::Ccp);
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines.contains(&"ccpok") && lines.contains(&"protocol ccp 1"),
        "{out}"
    );
    assert!(!out.contains("option name Rules"), "{out}");
    let best: Vec<&str> = lines
        .iter()
        .filter(|l| l.starts_with("bestmove"))
        .copied()
        .collect();
    // The first move from the start: a piece of ids 0..10 to a hole of the next rows.
    let first: Vec<usize> = best[0]["bestmove ".len()..]
        .split('-')
        .map(|id| id.parse().unwrap())
        .collect();
    assert!(first[0] < 10 && first[first.len() - 1] >= 10, "{out}");
    // The refused position leaves none to search: CCP's null move.
    assert_eq!(best[1], "bestmove 0000", "{out}");
    assert!(
        lines.iter().any(|l| l.starts_with("analysis {\"value\":")),
        "{out}"
    );
}

#[test]
fn a_refused_position_leaves_none_until_a_good_one_and_queries_answer_its_state() {
    let input = "position fen halma8 nonsense\ngo depth 1\nquery gameover\nuginewgame\n\
                 query gameover\nquery p1turn\nquery result\nquery what\nfoo\n\
                 setoption name Nope value 1\nposition startpos moves zz\nquit\n";
    let out = transcript(input.as_bytes().to_vec());
    let lines: Vec<&str> = out.lines().collect();
    let refused = lines[0]
        .strip_prefix("info string error ")
        .expect("the position is refused");
    let none = format!(
        "info string error position: no position: the last 'position' was refused \
         ({refused}); send a good 'position' or 'uginewgame'"
    );
    assert_eq!(lines[1..4], [&none, "bestmove none", &none], "{out}");
    assert_eq!(
        lines[4..8],
        [
            "response false",
            "response true",
            "response none",
            "info string error argument: expected 'query gameover|p1turn|result'",
        ],
        "{out}"
    );
    assert_eq!(
        lines[8],
        "info string error argument: unknown command 'foo'"
    );
    assert!(
        lines[9].starts_with("info string error ") && lines[9].contains("Nope"),
        "{out}"
    );
    assert!(
        lines[10].starts_with("info string error ") && lines[10].contains("zz"),
        "{out}"
    );
    assert_eq!(lines.len(), 11, "{out}");
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: crate::fuzz_tests::fuzz_support::cases(256),
        ..ProptestConfig::default()
    })]

    /// No command sequence panics or hangs, and each `go` before `quit` gets exactly one
    /// `bestmove` (the end of the input stops every search at once).
    #[test]
    fn any_command_lines_answer_every_go(lines in prop::collection::vec(command(), 0..24)) {
        let upto_quit: Vec<&String> =
            lines.iter().take_while(|l| first_word(l) != "quit").collect();
        let gos = upto_quit.iter().filter(|l| first_word(l) == "go").count();
        let out = transcript(lines.join("\n").into_bytes());
        let bestmoves = out.lines().filter(|l| l.starts_with("bestmove")).count();
        prop_assert_eq!(bestmoves, gos, "{:?} -> {}", lines, out);
    }

    /// The same in CCP.
    #[test]
    fn any_ccp_lines_answer_every_go(lines in prop::collection::vec(ccp_command(), 0..16)) {
        let upto_quit: Vec<&String> =
            lines.iter().take_while(|l| first_word(l) != "quit").collect();
        let gos = upto_quit.iter().filter(|l| first_word(l) == "go").count();
        let out = transcript_in(lines.join("\n").into_bytes(), Dialect::Ccp);
        let bestmoves = out.lines().filter(|l| l.starts_with("bestmove")).count();
        prop_assert_eq!(bestmoves, gos, "{:?} -> {}", lines, out);
    }

    /// Arbitrary bytes are read without a panic.
    #[test]
    fn any_bytes_are_read(bytes in prop::collection::vec(any::<u8>(), 0..512)) {
        transcript(bytes);
    }
}
