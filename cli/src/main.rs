//! `halma`: the command line of the Halma engine. This file only parses the arguments and
//! dispatches to the commands of the `halma_cli` library (`lib.rs` draws its layers).
//! Errors are one line, `halma: <message>`, with exit status 2.

use clap::{Parser, Subcommand};
use halma_cli::output::{require_stdout, set_sigpipe};
use halma_cli::{
    analyse, bench, course, games, moves, perft, replay, serve, show, solve, tournament, ugi,
};
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
    /// List every game the engine plays: name, sides, options, searcher, openings, summary
    Games(games::GamesArgs),
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

fn main() -> ExitCode {
    // A closed output pipe (`halma moves | head`) ends the process quietly, as it does for
    // other command-line tools, instead of making `println!` panic.
    set_sigpipe(true);
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return argument_error(e),
    };
    // Every command but `course` (which answers in output.txt) writes its results to
    // standard output: one closed at the start is an error, not a silent success.
    if !matches!(cli.command, Command::Course(_)) {
        if let Err(e) = require_stdout() {
            eprintln!("halma: {}", e.message());
            return ExitCode::from(2);
        }
    }
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
        Command::Games(args) => games::run(args),
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
