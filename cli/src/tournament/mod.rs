//! `halma tournament`: plays engines against each other under a referee, concurrently,
//! recording every game as it ends, and reports the standings (docs/tournament.md).
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
pub mod players;
pub mod pool;
pub mod process;
pub mod referee;
pub mod results;
pub mod schedule;
pub mod stats;
pub mod ugi_player;

use crate::numbers;
use crate::player_spec::{self, PlayerSpec};
use crate::record::{self, parse_file, GameRecord, Header};
use crate::shard::Shard;
use clap::{Args, Subcommand};
use clock::TimeControl;
use halma_engine::games::Variant;
use halma_engine::player::Engine;
use halma_engine::{with_game, Error, Game};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use openings::{Opening, Source};
use referee::{Adjudication, Referee};
use schedule::{schedule, Format, Scheduled};
use serde::Serialize;
use stats::{Sprt, Verdict};
use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::io::{Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex};

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
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = rounds)]
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
    #[arg(long, value_name = "N", default_value_t = 1000, value_parser = max_plies)]
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

/// The time control of a tournament without `--tc` in which some player has no limit of
/// its own: 10 s a game plus 0.1 s a move.
const DEFAULT_TC: &str = "10+0.1";

/// Parses `--rounds`: 1 to [`schedule::MAX_GAMES`] (the schedule's own bound applies too).
fn rounds(text: &str) -> Result<u32, String> {
    numbers::whole(text, schedule::MAX_GAMES as u64).map(|n| n as u32)
}

/// Parses `--max-plies`: 1 to [`referee::MAX_PLIES`].
fn max_plies(text: &str) -> Result<u32, String> {
    numbers::whole(text, referee::MAX_PLIES as u64).map(|n| n as u32)
}

/// Everything fixed before the games start.
struct Plan {
    specs: Vec<PlayerSpec>,
    variant: Variant,
    referee: Referee,
    openings: Source,
    sprt: Option<Sprt>,
    concurrency: usize,
    shard: Shard,
    /// The record file.
    record: PathBuf,
}

/// The SPRT's state, for the report.
#[derive(Serialize)]
struct SprtReport {
    elo0: f64,
    elo1: f64,
    alpha: f64,
    beta: f64,
    llr: f64,
    lower: f64,
    upper: f64,
    verdict: &'static str,
}

/// The `--json` output.
#[derive(Serialize)]
struct Report<'a> {
    rules: String,
    scheduled: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    shard: Option<String>,
    #[serde(flatten)]
    standings: &'a results::Standings,
    sprt: Option<SprtReport>,
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

/// Checks the arguments and works out the plan.
fn plan(args: &TournamentArgs) -> Result<Plan, Error> {
    let variant = Variant::parse(&args.rules)?;
    let sides = variant.sides();
    let mut specs = args
        .players
        .iter()
        .map(|p| PlayerSpec::parse(p))
        .collect::<Result<Vec<_>, _>>()?;
    for i in 1..specs.len() {
        let mut n = 1;
        while specs[..i].iter().any(|s| s.name == specs[i].name) {
            n += 1;
            specs[i].name = format!("{}#{n}", specs[i].text);
        }
    }
    let unlimited = specs.iter().find(|s| !s.has_own_limit());
    // Said once the arguments are known to be good.
    let note = unlimited.filter(|_| args.tc.is_none()).map(|spec| {
        format!(
            "halma: player '{}' has no depth=, nodes= or time= and there is no --tc: \
             every game is played at {DEFAULT_TC}",
            spec.text
        )
    });
    let control = match (args.tc.as_deref(), unlimited) {
        (Some(tc), _) => Some(tc),
        (None, Some(_)) => Some(DEFAULT_TC),
        (None, None) => None,
    }
    .map(TimeControl::parse)
    .transpose()
    .map_err(|e| Error::Argument(format!("--tc: {}", e.message())))?;
    for spec in &specs {
        if matches!(spec.kind, player_spec::Kind::Course { .. })
            && !variant.halma().is_some_and(|r| {
                r.board == <crate::course_files::CourseBoard as halma_engine::Geometry>::BOARD
                    && r.players == 2
            })
        {
            return Err(Error::Argument(format!(
                "course player '{}' needs a two-player 16x16 Halma rule set, not {variant}",
                spec.text
            )));
        }
    }
    if let Some(group) = copies(&specs, sides, args.format).filter(|_| args.rounds > 1) {
        return Err(Error::Argument(format!(
            "--rounds {}: {} play the same moves in every position (depth= or nodes=, no \
             time=, one thread), so every round after the first would replay the first's \
             games move for move and count them again: play one round (for more games, more \
             openings: --openings FILE), or give one of them time= (docs/tournament.md)",
            args.rounds,
            group.join(" and ")
        )));
    }
    let sprt = match args.sprt.is_empty() {
        true => None,
        false if specs.len() != 2 || sides != 2 => {
            return Err(Error::Argument(
                "--sprt needs exactly two players in a two-player game".into(),
            ))
        }
        false => Some(Sprt::parse(&args.sprt)?),
    };
    let shard = args.shard.unwrap_or(Shard::WHOLE);
    if sprt.is_some() && shard.count > 1 && args.shard_dir.is_none() {
        return Err(Error::Argument(
            "--sprt with --shard needs --shard-dir DIR, where the shards pool their games \
             for the test (docs/distributed.md)"
                .into(),
        ));
    }
    let record = match &args.shard_dir {
        Some(dir) if dir.exists() && !dir.is_dir() => {
            return Err(Error::Argument(format!(
                "--shard-dir {} is not a directory",
                dir.display()
            )))
        }
        Some(dir) => {
            std::fs::create_dir_all(dir)
                .map_err(|e| Error::Argument(format!("--shard-dir {}: {e}", dir.display())))?;
            dir.join(pool::file_name(shard))
        }
        None => args.record.clone(),
    };
    let openings = match args.openings.as_deref() {
        Some("none") => Source::Start,
        Some(path) => Source::File(PathBuf::from(path)),
        None => Source::default_for(variant),
    };
    let concurrency = args
        .concurrency
        .map_or_else(crate::threads::cores, |c| c as usize);
    let mut tables: Vec<usize> = specs.iter().map(PlayerSpec::table_mib).collect();
    tables.sort_unstable_by(|a, b| b.cmp(a));
    let per_game: usize = tables.iter().take(sides).sum();
    if let Err(why) = crate::numbers::allocatable(per_game.saturating_mul(concurrency)) {
        return Err(Error::Argument(format!(
            "{concurrency} games at once with up to {per_game} MB of tables each: {why} \
             (lower --concurrency, hash= or tree=)"
        )));
    }
    if let Some(note) = note {
        eprintln!("{note}");
    }
    Ok(Plan {
        specs,
        variant,
        referee: Referee {
            control,
            margin: numbers::duration(&args.time_margin)
                .map_err(|e| Error::Argument(format!("--time-margin: {}", e.message())))?,
            max_plies: args.max_plies as usize,
            adjudication: args.adjudicate,
        },
        openings,
        sprt,
        concurrency,
        shard,
        record,
    })
}

/// The players of a group that meets in this tournament (two in a two-player pairing of
/// `format`, all of them with more sides) whose every move is fixed by the position
/// ([`PlayerSpec::is_deterministic`]), if there is one: their games are the same in every
/// round.
fn copies(specs: &[PlayerSpec], sides: usize, format: Format) -> Option<Vec<String>> {
    let fixed = |s: &&PlayerSpec| s.is_deterministic();
    let names = |group: Vec<&PlayerSpec>| group.iter().map(|s| format!("'{}'", s.name)).collect();
    if sides != 2 {
        return specs
            .iter()
            .all(|s| fixed(&s))
            .then(|| names(specs.iter().collect()));
    }
    let pair: Vec<&PlayerSpec> = match format {
        Format::RoundRobin => specs.iter().filter(fixed).take(2).collect(),
        Format::Gauntlet => std::iter::once(&specs[0])
            .filter(fixed)
            .chain(specs[1..].iter().filter(fixed).take(1))
            .collect(),
    };
    (pair.len() == 2).then(|| names(pair))
}

/// The record of a scheduled game's result.
fn record<P: Game>(
    plan: &Plan,
    game: &Scheduled,
    opening: &Opening<P>,
    verdict: referee::Verdict,
) -> GameRecord {
    GameRecord {
        game: game.game,
        pair: game.pair,
        rules: plan.variant.to_string(),
        players: game
            .seats
            .iter()
            .map(|&p| plan.specs[p].name.clone())
            .collect(),
        time_control: plan
            .referee
            .control
            .map_or("none".to_string(), |c| c.to_string()),
        opening: opening.number,
        start: opening.position.to_text(),
        scores: verdict.scores,
        reason: verdict.reason,
        moves: verdict.moves,
    }
}

/// Opens the record file and locks it for this tournament alone: a second tournament on
/// the same file is refused while this one runs. The lock is advisory (`flock` on Unix,
/// `LockFileEx` on Windows; none where the platform has no file locks).
fn open_record(path: &Path) -> Result<std::fs::File, Error> {
    let file = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
        .map_err(|e| Error::Argument(format!("{}: {e}", path.display())))?;
    // A FIFO would block the read of --resume for ever, a device never end.
    if !file.metadata().is_ok_and(|m| m.is_file()) {
        return Err(Error::Argument(format!(
            "record file {} is not a regular file (a FIFO, a device?): give a file",
            path.display()
        )));
    }
    match file.try_lock() {
        Ok(()) => Ok(file),
        Err(std::fs::TryLockError::WouldBlock) => Err(Error::Argument(format!(
            "record file {} is in use by another tournament",
            path.display()
        ))),
        Err(std::fs::TryLockError::Error(e)) if e.kind() == std::io::ErrorKind::Unsupported => {
            Ok(file)
        }
        Err(std::fs::TryLockError::Error(e)) => Err(Error::Argument(format!(
            "cannot lock {}: {e}",
            path.display()
        ))),
    }
}

/// The header of this tournament's record: its schedule fingerprint (of everything that
/// fixes the games: rules, openings, players, format, rounds, clock, adjudication, SPRT),
/// shard, rules, size, players and SPRT.
fn header<P: Game>(
    args: &TournamentArgs,
    plan: &Plan,
    games: &[Scheduled],
    openings: &[Opening<P>],
) -> Header {
    let sprt = plan.sprt.map(|s| s.to_string());
    let mut fields = vec![
        ("rules", plan.variant.to_string()),
        ("format", format!("{:?}", args.format)),
        ("rounds", args.rounds.to_string()),
        (
            "tc",
            plan.referee
                .control
                .map_or("none".to_string(), |c| c.to_string()),
        ),
        ("time-margin-ns", plan.referee.margin.as_nanos().to_string()),
        ("max-plies", plan.referee.max_plies.to_string()),
        ("adjudicate", format!("{:?}", plan.referee.adjudication)),
        ("sprt", sprt.clone().unwrap_or_default()),
    ];
    for spec in &plan.specs {
        fields.push(("player", format!("{}\t{}", spec.name, spec.text)));
    }
    for opening in openings {
        fields.push((
            "opening",
            format!("{}\t{}", opening.number, opening.position.to_text()),
        ));
    }
    Header {
        schedule: crate::record::fingerprint::fingerprint(fields),
        shard: plan.shard,
        rules: plan.variant.to_string(),
        games: games.len(),
        players: plan.specs.iter().map(|s| s.name.clone()).collect(),
        sprt,
    }
}

/// The record file, locked (see [`open_record`]) and positioned at its end, and the games
/// already in it (checked against the schedule and the shard: each game of this shard at
/// most once); the file is rewritten to hold exactly them after `header` (dropping a block
/// torn by an interruption). A file without a header (written before headers) is read and
/// checked game by game, and gets its header.
fn resume<P: Game>(
    args: &TournamentArgs,
    plan: &Plan,
    header: &Header,
    games: &[Scheduled],
    openings: &[Opening<P>],
) -> Result<(std::fs::File, Vec<GameRecord>), Error> {
    let path = &plan.record;
    let io = |e: std::io::Error| Error::Argument(format!("{}: {e}", path.display()));
    if path.exists() && !args.resume {
        return Err(Error::Argument(format!(
            "{} exists: pass --resume to continue that tournament, or choose another --record",
            path.display()
        )));
    }
    let mut file = open_record(path)?;
    let text = crate::text_file::read_from(&mut file, &path.display().to_string(), record::LIMITS)?;
    let read = parse_file(&text)
        .map_err(|e| Error::Argument(format!("{}: {}", path.display(), e.message())))?;
    if let Some(h) = &read.header {
        if h.schedule != header.schedule {
            return Err(Error::Argument(format!(
                "{} is the record of another schedule (fingerprint {}; these arguments give {}): \
                 other rules, openings, players, rounds, clock or SPRT",
                path.display(),
                h.schedule,
                header.schedule
            )));
        }
        if h.shard != header.shard {
            return Err(Error::Argument(format!(
                "{} is the record of shard {}, not {}",
                path.display(),
                h.shard,
                header.shard
            )));
        }
    }
    let done = read.games;
    let mut seen = BTreeSet::new();
    for g in &done {
        if !seen.insert(g.game) {
            return Err(Error::Argument(format!(
                "{}: game {} is recorded twice",
                path.display(),
                g.game
            )));
        }
        let scheduled = games.get(g.game.wrapping_sub(1));
        let expected = scheduled.map(|s| {
            let names: Vec<&str> = s
                .seats
                .iter()
                .map(|&p| plan.specs[p].name.as_str())
                .collect();
            (names, openings[s.opening].position.to_text())
        });
        let matches = expected.is_some_and(|(names, start)| {
            names == g.players.iter().map(String::as_str).collect::<Vec<_>>()
                && start == g.start
                && g.rules == plan.variant.to_string()
        });
        if !matches {
            return Err(Error::Argument(format!(
                "{}: game {} does not belong to this tournament (other players, rules or openings)",
                path.display(),
                g.game
            )));
        }
        if scheduled.is_some_and(|s| !plan.shard.owns(s.pair - 1)) {
            return Err(Error::Argument(format!(
                "{}: game {} belongs to another shard than {}",
                path.display(),
                g.game,
                plan.shard
            )));
        }
        crate::record::check(g)
            .map_err(|e| Error::Argument(format!("{}: {}", path.display(), e.message())))?;
    }
    let text: String = header.to_text() + &done.iter().map(GameRecord::to_text).collect::<String>();
    file.set_len(0)
        .and_then(|_| file.seek(SeekFrom::Start(0)))
        .and_then(|_| file.write_all(text.as_bytes()))
        .and_then(|_| file.flush())
        .map_err(io)?;
    Ok((file, done))
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
    let header = header(args, plan, &games, &openings);
    let (file, mut finished) = resume(args, plan, &header, &games, &openings)?;
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
    let bar = progress_bar(mine.len(), finished.len());
    let verdict = run_games::<P>(
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
    let summary = match plan.shard == Shard::WHOLE {
        true => format!(
            "{} of {} games, rules {}",
            finished.len(),
            games.len(),
            plan.variant
        ),
        false => format!(
            "{} of {} games of shard {} ({} in the schedule), rules {}",
            finished.len(),
            mine.len(),
            plan.shard,
            games.len(),
            plan.variant
        ),
    };
    let summary = Summary {
        rules: plan.variant.to_string(),
        scheduled: games.len(),
        shard: (plan.shard != Shard::WHOLE).then(|| plan.shard.to_string()),
        line: summary,
        sprt: plan.sprt.zip(verdict),
        pooled: pool.is_some(),
    };
    report(args.json, &summary, &names, &finished)
}

/// The tournament's progress bar on stderr, `done` of `total` games already played.
fn progress_bar(total: usize, done: usize) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(Some(total as u64), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} games {elapsed_precise} {msg}")
            .expect("a valid template"),
    );
    bar.set_position(done as u64);
    bar
}

/// Plays the `queue`d games on the plan's concurrency, each appended to the record `file`
/// and to `finished` as it ends, until the queue is empty or the SPRT has decided; returns
/// the SPRT's last state.
#[allow(clippy::too_many_arguments)]
fn run_games<P: Game>(
    args: &TournamentArgs,
    plan: &Plan,
    openings: &[Opening<P>],
    queue: VecDeque<&Scheduled>,
    mut file: std::fs::File,
    names: &[String],
    finished: &mut Vec<GameRecord>,
    mut pool: Option<&mut pool::Pool>,
    bar: &ProgressBar,
) -> Result<Option<(f64, Verdict)>, Error> {
    let mut verdict = pooled_sprt_state(plan, names, finished, pool.as_deref_mut())?;
    let abort = Arc::new(AtomicBool::new(
        verdict.is_some_and(|v| v.1 != Verdict::Open),
    ));
    let queue = Mutex::new(queue);
    let (tx, rx) = mpsc::channel::<GameRecord>();
    let rules_text = plan.variant.to_string();
    std::thread::scope(|scope| -> Result<(), Error> {
        for _ in 0..plan.concurrency.max(1) {
            let (tx, queue, abort) = (tx.clone(), &queue, &abort);
            let rules_text = &rules_text;
            scope.spawn(move || loop {
                if abort.load(Ordering::Relaxed) {
                    return;
                }
                let Some(game) = queue.lock().expect("no panics").pop_front() else {
                    return;
                };
                let round: Vec<PlayerSpec> = game
                    .seats
                    .iter()
                    .map(|&p| plan.specs[p].for_round(game.round))
                    .collect();
                let specs: Vec<&PlayerSpec> = round.iter().collect();
                let engines: Vec<Result<Box<dyn Engine<P>>, String>> = specs
                    .iter()
                    .map(|s| {
                        players::engine(s, rules_text, plan.referee.margin)
                            .map_err(|e| e.message().to_string())
                    })
                    .collect();
                let opening = &openings[game.opening];
                let Some(v) = plan.referee.play(&opening.position, &specs, engines, abort) else {
                    return;
                };
                if tx.send(record(plan, game, opening, v)).is_err() {
                    return;
                }
            });
        }
        drop(tx);
        for game in rx {
            file.write_all(game.to_text().as_bytes())
                .and_then(|_| file.flush())
                .map_err(|e| Error::Argument(format!("{}: {e}", plan.record.display())))?;
            if !args.json {
                bar.suspend(|| crate::output::out(format_args!("{}\n", game.summary())));
            }
            finished.push(game);
            bar.inc(1);
            let standings = results::standings(names, finished);
            bar.set_message(progress_message(&standings));
            verdict = pooled_sprt_state(plan, names, finished, pool.as_deref_mut())
                .inspect_err(|_| abort.store(true, Ordering::Relaxed))?;
            if verdict.is_some_and(|v| v.1 != Verdict::Open) {
                abort.store(true, Ordering::Relaxed);
            }
        }
        Ok(())
    })?;
    Ok(verdict)
}

/// What a tournament's report says besides the standings.
pub struct Summary {
    /// The rules, text form.
    pub rules: String,
    /// The games of the whole schedule.
    pub scheduled: usize,
    /// The shard, if the report is one shard's.
    pub shard: Option<String>,
    /// The line above the table (`24 of 24 games, rules halma8`).
    pub line: String,
    /// The SPRT and its last state, if one was run.
    pub sprt: Option<(Sprt, (f64, Verdict))>,
    /// Whether the SPRT counted the other shards' games too.
    pub pooled: bool,
}

/// Prints a tournament's result: the table of the `finished` games among the players
/// `names`, and the SPRT's verdict if one was run (one JSON object with `json`).
pub fn report(
    json: bool,
    summary: &Summary,
    names: &[String],
    finished: &[GameRecord],
) -> Result<(), Error> {
    let standings = results::standings(names, finished);
    let sprt = summary.sprt.map(|(s, (llr, v))| {
        let (lower, upper) = s.bounds();
        SprtReport {
            elo0: s.elo0,
            elo1: s.elo1,
            alpha: s.alpha,
            beta: s.beta,
            llr,
            lower,
            upper,
            verdict: match v {
                Verdict::H0 => "H0",
                Verdict::H1 => "H1",
                Verdict::Open => "open",
            },
        }
    });
    if json {
        return crate::output::print_json(&Report {
            rules: summary.rules.clone(),
            scheduled: summary.scheduled,
            shard: summary.shard.clone(),
            standings: &standings,
            sprt,
        });
    }
    crate::output::out(format_args!("\n{}\n{}", summary.line, standings.table()));
    if let Some(s) = sprt {
        crate::output::out(format_args!(
            "{}SPRT elo0={} elo1={} alpha={} beta={}: LLR {:.2} ({:.2}, {:.2}) {}\n",
            if summary.pooled { "pooled " } else { "" },
            s.elo0,
            s.elo1,
            s.alpha,
            s.beta,
            s.llr,
            s.lower,
            s.upper,
            s.verdict
        ));
    }
    Ok(())
}

/// The SPRT's LLR and verdict over `games` and, with a `pool`, the other shards' games
/// recorded so far.
fn pooled_sprt_state(
    plan: &Plan,
    names: &[String],
    games: &[GameRecord],
    pool: Option<&mut pool::Pool>,
) -> Result<Option<(f64, Verdict)>, Error> {
    let Some(pool) = pool else {
        return Ok(sprt_state(plan, names, games));
    };
    let mut all = games.to_vec();
    all.extend(pool.refresh(games)?);
    Ok(sprt_state(plan, names, &all))
}

/// The LLR and verdict of the SPRT, if one is run.
fn sprt_state(plan: &Plan, names: &[String], games: &[GameRecord]) -> Option<(f64, Verdict)> {
    plan.sprt.map(|sprt| sprt_of(sprt, names, games))
}

/// The LLR and verdict of `sprt` on the first pairing of `games` among `names`.
pub fn sprt_of(sprt: Sprt, names: &[String], games: &[GameRecord]) -> (f64, Verdict) {
    let standings = results::standings(names, games);
    let pent = standings.pairings.first().map_or([0; 5], |p| p.pentanomial);
    sprt.test(&pent)
}

/// The progress bar's message: the score of a single pairing, else the leader.
fn progress_message(standings: &results::Standings) -> String {
    if let [p] = &standings.pairings[..] {
        let points = p.score * p.games as f64;
        return format!(
            "{} {points}-{} {}",
            p.player,
            p.games as f64 - points,
            p.opponent
        );
    }
    let mut by_points: BTreeMap<i64, &str> = BTreeMap::new();
    for p in &standings.players {
        by_points.insert((p.points * 2.0).round() as i64, &p.name);
    }
    by_points
        .iter()
        .next_back()
        .map_or(String::new(), |(pts, name)| {
            format!("leader {name} {}", *pts as f64 / 2.0)
        })
}
