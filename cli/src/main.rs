//! `halma`: the command line of the Halma engine.
//!
//! Every command that takes a position shares [`game_args::GameArgs`]; each command turns the
//! rules' runtime board into a compile-time geometry once, with `with_geometry!`. Errors are
//! one line, `halma: <message>`, with exit status 2.

mod analyse;
mod bench;
mod ccp;
mod course;
mod course_files;
mod course_history;
#[cfg(test)]
mod fuzz_tests;
mod game_args;
mod lines;
mod moves;
mod numbers;
mod perft;
mod perft_shard;
mod replay;
mod serve;
mod shard;
mod show;
mod solve;
mod solve_legrec;
mod svg;
mod text_file;
mod tournament;
mod ugi;

use clap::{Parser, Subcommand};
use halma_engine::Error;
use numbers::allocatable;
use serde::Serialize;
use std::process::ExitCode;

/// Halma and Chinese Checkers engine: perft, analysis, UGI protocol, tournaments.
#[derive(Parser, Debug)]
#[command(name = "halma", version)]
#[command(
    after_help = "Every command takes the game options --rules, the rule flags, --moves \
    and --position (see `halma <command> --help`).\n\
    Example: halma perft --rules halma8 --depth 4\n\
    Docs: docs/cli.md, docs/position-format.md"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
enum Command {
    /// Count the leaves of the legal move tree for each depth 1..D (timed, in parallel)
    Perft(perft::PerftArgs),
    /// List the legal moves of a position, sorted, with the game status
    Moves(moves::MovesArgs),
    /// Show a position: board diagram, position text, side to move, status
    Show(show::ShowArgs),
    /// Start a local web server to play and analyse in the browser (docs/web.md)
    Serve(serve::ServeArgs),
    /// Speak UGI on stdin/stdout (for GUIs and tournament managers)
    Ugi,
    /// Speak CCP, the CCERL ladder's protocol, on stdin/stdout (rules: ccerl)
    Ccp(ugi::CcpArgs),
    /// Play one move through input.txt/output.txt, as the 16x16 course agents do
    Course(course::CourseArgs),
    /// Play engines against each other and report Elo, with SPRT and resumable records
    Tournament(tournament::TournamentArgs),
    /// List the games of a game-record file, or replay one move by move
    Replay(replay::ReplayArgs),
    /// Search a position (alpha-beta or MCTS): one line per report, then the move
    Analyse(analyse::AnalyseArgs),
    /// Fixed-size search of the bench suite: total nodes (playouts) and nodes/s (playouts/s)
    Bench(bench::BenchArgs),
    /// Prove the shortest game, alone or cooperative, and print an optimal line
    ///
    /// solitaire: side A alone (the other sides' pieces removed) moves all its pieces from its
    /// home camp into its goal camp, in as few moves as possible. cooperative: the two sides
    /// move alternately, both helping, until one of them has all its pieces in its goal camp;
    /// counted in plies.
    ///
    /// Both modes use the all-in-goal win and ignore the deadline and repetition rules of the
    /// rule set; camp exit, the jump kind (adjacent or long) and, in cooperative mode,
    /// follow-out and vacate still apply.
    Solve(solve::SolveArgs),
}

/// Whether a write to a closed pipe kills the process (`true`, the default disposition of
/// SIGPIPE) or fails with an error (`false`: what a command that writes to child processes
/// needs, so that one dead child cannot kill it).
fn set_sigpipe(kills: bool) {
    #[cfg(unix)]
    // SAFETY: changing the disposition of SIGPIPE is sound at any time; it only changes
    // what a write to a closed pipe does.
    unsafe {
        libc::signal(
            libc::SIGPIPE,
            if kills { libc::SIG_DFL } else { libc::SIG_IGN },
        );
    }
    #[cfg(not(unix))]
    let _ = kills;
}

/// Writes one piece of standard output; if the reader has gone (a closed pipe), ends the
/// process as SIGPIPE would, also in a command that ignores SIGPIPE for its children's sake.
fn out(text: std::fmt::Arguments) {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    if stdout
        .write_fmt(text)
        .and_then(|()| stdout.flush())
        .is_err()
    {
        set_sigpipe(true);
        #[cfg(unix)]
        // SAFETY: raising a signal whose disposition is the default is sound.
        unsafe {
            libc::raise(libc::SIGPIPE);
        }
        std::process::exit(141);
    }
}

fn main() -> ExitCode {
    // A closed output pipe (`halma moves | head`) ends the process quietly, as it does for
    // other command-line tools, instead of making `println!` panic.
    set_sigpipe(true);
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return argument_error(e),
    };
    let result = match &cli.command {
        Command::Perft(args) => perft::run(args),
        Command::Moves(args) => moves::run(args),
        Command::Show(args) => show::run(args),
        Command::Serve(args) => serve::run(args),
        Command::Ugi => ugi::run(),
        Command::Ccp(args) => ugi::run_ccp(args),
        Command::Course(args) => course::run(args),
        Command::Tournament(args) => {
            // An engine that dies must forfeit its game, not kill the tournament.
            set_sigpipe(false);
            tournament::run(args)
        }
        Command::Replay(args) => replay::run(args),
        Command::Analyse(args) => analyse::run(args),
        Command::Bench(args) => bench::run(args),
        Command::Solve(args) => solve::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("halma: {e}");
            ExitCode::from(2)
        }
    }
}

/// Ends on an argument the parser refused: `--help` and `--version` print as usual; every
/// error is one line, `halma: <message>`, with exit status 2, like every other error.
fn argument_error(e: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    if matches!(
        e.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        e.exit();
    }
    eprintln!("halma: {}", one_line(&e.render().to_string()));
    ExitCode::from(2)
}

/// clap's message on one line: its lines up to the usage joined, `error: ` dropped, a tip
/// after a semicolon.
fn one_line(message: &str) -> String {
    let mut text = String::new();
    let lines = message
        .lines()
        .map(str::trim)
        .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("For more information"))
        .filter(|l| !l.is_empty());
    for line in lines {
        let line = line.strip_prefix("error: ").unwrap_or(line);
        if !text.is_empty() {
            text.push_str(if line.starts_with("tip:") { "; " } else { " " });
        }
        text.push_str(line);
    }
    text
}

/// Parses a whole number from 1 to `u32::MAX` (depths), for clap.
fn positive(text: &str) -> Result<u32, String> {
    numbers::whole(text, u64::from(u32::MAX)).map(|n| n as u32)
}

/// A table size in megabytes: a whole number from 1 to [`numbers::MAX_MIB`] that this
/// machine can allocate.
fn megabytes(text: &str) -> Result<u32, String> {
    numbers::mebibytes(text).map(|mb| mb as u32)
}

/// The number of cores, at most [`numbers::MAX_THREADS`]: the default thread count.
fn cores() -> usize {
    numbers::cores(numbers::MAX_THREADS)
}

/// A rayon pool of `threads` workers (default: one per core) and its size; more than
/// [`numbers::MAX_THREADS`] is an error.
fn thread_pool(threads: Option<u32>) -> Result<(usize, rayon::ThreadPool), Error> {
    let threads = threads.map_or_else(cores, |n| n as usize);
    if threads > numbers::MAX_THREADS {
        return Err(Error::Argument(format!(
            "{threads} threads: at most {} are allowed",
            numbers::MAX_THREADS
        )));
    }
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map(|pool| (threads, pool))
        .map_err(|e| Error::Argument(format!("cannot start {threads} threads: {e}")))
}

/// Prints `value` as one line of JSON.
fn print_json(value: &impl Serialize) -> Result<(), Error> {
    let line = serde_json::to_string(value)
        .map_err(|e| Error::Argument(format!("cannot write JSON: {e}")))?;
    out(format_args!("{line}\n"));
    Ok(())
}
