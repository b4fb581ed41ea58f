//! `halma course`: plays one move of the course-agent file protocol (reads `input.txt`,
//! thinks, writes `output.txt`); the file formats are in [`crate::course_files`].

mod history;

use crate::course_files::{
    limits, output_text, parse_input, CourseBoard, COURSE_RULES, INPUT_LIMITS,
};

use crate::player_spec::PlayerSpec;
use clap::Args;
use halma_engine::games::Variant;
use halma_engine::{Error, Geometry, Position};
use std::path::{Path, PathBuf};

/// The evaluation weights the adapter's alpha-beta searcher plays with unless `--engine`
/// sets them: the other side counted at 75% once ours leads the race by 20 cells to go,
/// which shortens the wins against 2–3-ply agents by about 4 moves and passed a self-play
/// SPRT against the full count (docs/search.md, "The opponent share once the race is led").
pub const COURSE_WEIGHTS: [(&str, i32); 2] = [("opponent", 75), ("opponent_lead", 20)];

/// Arguments of `halma course`.
#[derive(Args, Debug)]
#[command(
    after_help = "Example: halma course --dir /tmp/game   (reads input.txt, writes output.txt)\n\
    Docs: docs/protocol.md"
)]
pub struct CourseArgs {
    /// The working directory holding input.txt; output.txt is written there
    #[arg(long, value_name = "D", default_value = ".")]
    dir: PathBuf,

    /// Rules (a two-player 16×16 rule set)
    #[arg(long, value_name = "R", default_value = COURSE_RULES)]
    rules: String,

    /// The engine to think with: an internal player spec (see docs/tournament.md); it
    /// searches on every core (at most 64) unless the spec says `threads=`, and alpha-beta
    /// counts the other side at 75% once it leads by 20 cells unless the spec sets
    /// `weight.opponent=` or `weight.opponent_lead=`
    #[arg(long, value_name = "SPEC", default_value = "alphabeta")]
    engine: String,

    /// Keep no history file: in a GAME the adapter otherwise keeps the game so far in
    /// halma-course-history.txt beside input.txt, to see repetitions
    #[arg(long)]
    no_history: bool,
}

/// Runs `halma course`: reads `input.txt` in the directory, thinks, writes `output.txt`.
pub fn run(args: &CourseArgs) -> Result<(), Error> {
    let rules = Variant::parse(&args.rules)?.require_halma("the course protocol")?;
    if rules.board != CourseBoard::BOARD || rules.players != 2 {
        return Err(Error::Rules(format!(
            "the course protocol is for two players on 16x16; {rules} is not"
        )));
    }
    let mut spec = PlayerSpec::parse(&args.engine)?;
    spec.default_threads(crate::numbers::default_search_threads());
    for (name, value) in COURSE_WEIGHTS {
        spec.default_weight(name, value)?;
    }
    let mut engine = spec.internal_engine::<Position<CourseBoard>>()?;
    let input_path = args.dir.join("input.txt");
    let text = read(&input_path)?;
    let (input, board) = parse_input(&text, rules)?;
    let history = input.game && !args.no_history;
    let mut pos = if history {
        history::resume(&args.dir, &board)
    } else {
        board
    };
    let limits = spec.limits(limits(&input));
    let outcome = engine.search(&pos, &limits, &mut |_| ())?;
    let path = args.dir.join("output.txt");
    write_output(&path, &output_text(&pos, outcome.best))
        .map_err(|e| Error::Argument(format!("cannot write {}: {e}", path.display())))?;
    if history {
        // The move is written; a history that cannot be saved only costs the next call
        // its view of repetitions.
        pos.make(outcome.best);
        if let Err(e) = history::save(&args.dir, &pos) {
            eprintln!("warning: {e}");
        }
    }
    Ok(())
}

/// Writes `output.txt`, never waiting: on Unix it is opened non-blocking, so a FIFO that
/// nobody reads is an error at once ("No such device or address") instead of an open that
/// waits for a reader for ever; a FIFO with a reader, like a regular file, gets the move.
fn write_output(path: &Path, text: &str) -> std::io::Result<()> {
    use std::io::Write;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, libc::O_NONBLOCK);
    options.open(path)?.write_all(text.as_bytes())
}

/// Reads `input.txt` within [`INPUT_LIMITS`], with a one-line error. Only a regular file
/// is read: a FIFO with no writer would block the open for ever, and a device such as
/// `/dev/zero` never ends.
fn read(path: &Path) -> Result<String, Error> {
    let fail = |why: String| Error::Argument(format!("cannot read {}: {why}", path.display()));
    let meta = std::fs::metadata(path).map_err(|e| fail(e.to_string()))?;
    if !meta.is_file() {
        return Err(fail("not a regular file".into()));
    }
    crate::text_file::read(path, INPUT_LIMITS)
}
