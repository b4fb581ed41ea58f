//! `halma tournament`: plays engines against each other under a referee, concurrently,
//! recording every game as it ends, and reports the standings (docs/tournament.md).
//!
//! This module holds the arguments and the wiring: [`plan`] checks the arguments and fixes
//! what the games need, [`record_file`] opens, checks and resumes the record file,
//! [`runner`] plays the queued games and [`report`] prints the standings.
//!
//! One concept per module: [`players`] (a player specification's engine), [`ugi_player`]
//! and [`course_player`] (external programs as engines, over [`process`]), [`clock`] (time
//! controls), [`referee`] (one game), [`schedule`] (which games), [`openings`], [`stats`]
//! (Elo, SPRT), [`results`] (standings), [`pool`] (the other shards' games, for a pooled
//! SPRT) and [`merge`] (the shards' records into one table). The game-record file and its
//! schedule fingerprint are the shared [`crate::record`]; the specifications are the shared
//! [`crate::player_spec`].

pub mod clock;
pub mod course_player;
pub mod merge;
pub mod openings;
mod plan;
pub mod players;
pub mod pool;
pub mod process;
mod record_file;
pub mod referee;
pub mod report;
pub mod results;
mod runner;
pub mod schedule;
pub mod stats;
pub mod ugi_player;

use crate::numbers;
use crate::shard::Shard;
use clap::{Args, Subcommand};
use halma_engine::{with_game, Error, Game};
use plan::{plan, Plan};
use referee::Adjudication;
use schedule::{schedule, Format, Scheduled};
use std::collections::{BTreeSet, VecDeque};
use std::path::PathBuf;

/// Arguments of `halma tournament`.
#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  halma tournament --rules halma8 --tc 100ms \
    --player alphabeta:depth=2 --player alphabeta:name=ab-fast,time=20ms --rounds 2\n  \
    halma tournament --rules halma8 -p alphabeta:depth=1 -p random --rounds 2 --openings none \
    --shard 1/4 --record shard-1.games\n  halma tournament merge shard-*.games\n\
    Docs: docs/tournament.md, docs/game-record.md, docs/distributed.md",
    subcommand_negates_reqs = true,
    args_conflicts_with_subcommands = true
)]
pub struct TournamentArgs {
    #[command(subcommand)]
    action: Option<TournamentAction>,

    /// A player (two at least): alphabeta:OPTS, mcts:OPTS, ugi:"CMD"[,OPTS], course:"CMD"
    #[arg(long = "player", short = 'p', value_name = "SPEC", required = true)]
    players: Vec<String>,

    /// Rule set, name or text form
    #[arg(long, value_name = "R", default_value = halma_engine::games::DEFAULT_GAME)]
    rules: String,

    /// Who meets whom (two-player rules)
    #[arg(long, value_enum, default_value = "round-robin")]
    format: Format,

    /// Openings file, or `none` for the start position [default: the rule set's built-in
    /// openings (positions/openings/<rule set>.txt, compiled in) if it has some, else none]
    #[arg(long, value_name = "FILE")]
    openings: Option<String>,

    /// Times every opening is played in each seat order (the schedule holds at most
    /// 1000000 games)
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = plan::rounds)]
    rounds: u32,

    /// Time control: BASE+INC (seconds or durations, e.g. 10+0.1) or one duration per move
    /// (e.g. 200ms) [default: none, the players' own limits; 10+0.1 when a player has none]
    #[arg(long, value_name = "TC")]
    tc: Option<String>,

    /// Time past its allowance a move may take before it loses on time (0: a strict clock,
    /// as tournament managers keep)
    #[arg(long, value_name = "DURATION", default_value = "0ms")]
    time_margin: String,

    /// Plies after which a game is adjudicated (at most 100000)
    #[arg(long, value_name = "N", default_value_t = 1000, value_parser = plan::max_plies)]
    max_plies: u32,

    /// Adjudication at the ply limit: a draw, or the race by cells to go
    #[arg(long, value_enum, default_value = "draw")]
    adjudicate: Adjudication,

    /// Games played at the same time, at most 256 [default: the number of cores]
    #[arg(long, value_name = "N", value_parser = numbers::threads)]
    concurrency: Option<u32>,

    /// The game-record file each finished game is appended to
    #[arg(long, value_name = "FILE", default_value = "tournament.games")]
    record: PathBuf,

    /// Play only shard K (from 0) of N: the game pairs p with p - 1 = K mod N, of the same
    /// schedule every shard computes (docs/distributed.md)
    #[arg(long, value_name = "K/N", value_parser = crate::shard::parse)]
    shard: Option<Shard>,

    /// A directory the shards share: this shard's record is DIR/shard-K-of-N.games, and
    /// between games it reads the others' records there to stop when the pooled SPRT has
    /// decided
    #[arg(long, value_name = "DIR", conflicts_with = "record")]
    shard_dir: Option<PathBuf>,

    /// Continue the tournament recorded in --record (games already there are not replayed)
    #[arg(long)]
    resume: bool,

    /// Stop when the SPRT decides: elo0=A elo1=B [alpha=0.05 beta=0.05] (normalised Elo;
    /// two players)
    #[arg(long, value_name = "PARAM", num_args = 1..=4)]
    sprt: Vec<String>,

    /// Print the standings as one JSON object (no per-game lines)
    #[arg(long)]
    json: bool,
}

/// What `halma tournament` does besides playing.
#[derive(Subcommand, Debug)]
enum TournamentAction {
    /// Merge the record files of a tournament's shards into one table, Elo, pentanomial
    /// pairs and SPRT verdict
    Merge(merge::MergeArgs),
}

/// Runs `halma tournament`.
pub fn run(args: &TournamentArgs) -> Result<(), Error> {
    if let Some(TournamentAction::Merge(merge)) = &args.action {
        return merge::run(merge);
    }
    let plan = plan(args)?;
    // The engines run in process groups of their own, out of reach of the terminal's
    // Ctrl-C: an interrupted tournament kills them before it exits.
    let _ = ctrlc::set_handler(|| {
        process::kill_all();
        std::process::exit(130);
    });
    with_game!(plan.variant, P, setup => play::<P>(args, &plan, &setup))
}

/// Plays the tournament of game `P` (with `setup`, the plan's game).
fn play<P: Game>(args: &TournamentArgs, plan: &Plan, setup: &P::Setup) -> Result<(), Error> {
    let openings = openings::load::<P>(&plan.openings, plan.variant, setup)?;
    let games = schedule(
        plan.specs.len(),
        plan.variant.sides(),
        args.format,
        openings.len(),
        args.rounds as usize,
    )?;
    let header = record_file::header(args, plan, &games, &openings);
    let (file, mut finished) = record_file::resume(args, plan, &header, &games, &openings)?;
    let names: Vec<String> = plan.specs.iter().map(|s| s.name.clone()).collect();
    let done: BTreeSet<usize> = finished.iter().map(|g| g.game).collect();
    let mine: Vec<&Scheduled> = games
        .iter()
        .filter(|g| plan.shard.owns(g.pair - 1))
        .collect();
    let queue: VecDeque<&Scheduled> = mine
        .iter()
        .copied()
        .filter(|g| !done.contains(&g.game))
        .collect();
    let mut pool = match &args.shard_dir {
        Some(dir) if plan.sprt.is_some() => Some(pool::Pool::new(dir, &plan.record, &header)),
        _ => None,
    };
    let bar = runner::progress_bar(mine.len(), finished.len());
    let verdict = runner::run_games::<P>(
        args,
        plan,
        &openings,
        queue,
        file,
        &names,
        &mut finished,
        pool.as_mut(),
        &bar,
    )?;
    bar.finish_and_clear();
    finished.sort_by_key(|g| g.game);
    let line = report::line(
        finished.len(),
        mine.len(),
        games.len(),
        plan.shard,
        &plan.variant.to_string(),
    );
    let summary = report::Summary {
        rules: plan.variant.to_string(),
        scheduled: games.len(),
        shard: (plan.shard != Shard::WHOLE).then(|| plan.shard.to_string()),
        line,
        sprt: plan.sprt.zip(verdict),
        pooled: pool.is_some(),
    };
    report::report(args.json, &summary, &names, &finished)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::TournamentArgs;
    use clap::{Args, FromArgMatches};

    /// `halma tournament ARGV…` read as the command line reads it; a parser error panics.
    pub(crate) fn args(argv: &[&str]) -> TournamentArgs {
        parsed(argv).unwrap_or_else(|e| panic!("{e}"))
    }

    /// `halma tournament ARGV…` read as the command line reads it, or its parser error.
    fn parsed(argv: &[&str]) -> Result<TournamentArgs, clap::Error> {
        let command = TournamentArgs::augment_args(clap::Command::new("tournament"));
        let matches = command.try_get_matches_from(std::iter::once(&"tournament").chain(argv))?;
        TournamentArgs::from_arg_matches(&matches)
    }

    #[test]
    fn rounds_and_the_ply_limit_are_bounded_and_merge_needs_no_player() {
        let a = args(&[
            "-p",
            "random",
            "-p",
            "random",
            "--rounds",
            "7",
            "--max-plies",
            "9",
        ]);
        assert_eq!((a.rounds, a.max_plies), (7, 9));
        assert_eq!(args(&["-p", "random"]).rounds, 1);
        for bad in [
            ["--rounds", "0"],
            ["--rounds", "1000001"],
            ["--max-plies", "0"],
            ["--max-plies", "100001"],
        ] {
            let e = parsed(&["-p", "random", bad[0], bad[1]]).unwrap_err();
            assert!(e.to_string().contains(bad[0]), "{bad:?}: {e}");
        }
        assert!(args(&["--rounds", "1000000", "-p", "x"]).rounds == 1_000_000);
        assert!(
            parsed(&["--rounds", "2"]).is_err(),
            "a tournament needs players"
        );
        let merge = args(&["merge", "a.games", "b.games"]);
        assert!(matches!(
            merge.action,
            Some(super::TournamentAction::Merge(_))
        ));
        assert!(parsed(&["merge", "a.games", "-p", "random"]).is_err());
    }
}
