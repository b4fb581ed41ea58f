//! `halma solve`: the shortest game, alone (solitaire) or with both sides helping
//! (cooperative), proved by iterative deepening; prints every bound searched and one
//! optimal line.

mod checkpoint;
mod legrec;
mod level_file;

use clap::Args;
use halma_engine::games::halma::solve::beam::Aim;
use halma_engine::games::halma::solve::{
    self, Beam, Iteration, Method, Mode, Options, Progress, Solution,
};
use halma_engine::games::{Relative, Variant};
use halma_engine::Error;
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Widest beam accepted (`--beam`): ten million states a depth, already gigabytes.
const MAX_BEAM: u64 = 10_000_000;
/// States a depth of the first beam when `--beam` is not given.
const DEFAULT_BEAM: usize = 1000;
/// Longest line looked for (`--max`), in plies.
const MAX_LENGTH: u64 = 100_000;

/// A beam width for clap: 0 (no beam) to [`MAX_BEAM`].
fn beam_width(text: &str) -> Result<usize, String> {
    if text.trim() == "0" {
        return Ok(0);
    }
    crate::numbers::whole(text, MAX_BEAM).map(|n| n as usize)
}

/// A longest line for clap: 1 to [`MAX_LENGTH`] plies.
fn max_length(text: &str) -> Result<u32, String> {
    crate::numbers::whole(text, MAX_LENGTH).map(|n| n as u32)
}

/// Arguments of `halma solve`.
#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  halma solve --rules square6 --mode solitaire\n  \
    halma solve --rules halma8 --mode cooperative --threads 2 --json\n  \
    halma solve --rules legrec\n  \
    halma solve --rules legrec --position \"legrec BBBB/1BBB/AAA1/AAAA A 0,0\" --json\n\
    Docs: docs/solver.md"
)]
pub struct SolveArgs {
    /// Rule set name or text form, e.g. halma8, diamond, square7; or legrec (Le Grec's
    /// strong solution: the value of --position under perfect play and a perfect game)
    #[arg(long, value_name = "R", default_value = "halma8")]
    rules: String,

    /// solitaire or cooperative (Halma; required there)
    #[arg(long, value_name = "MODE", value_parser = ["solitaire", "cooperative"])]
    mode: Option<String>,

    /// legrec: the position to solve, a whole position text [default: the start]
    #[arg(long, value_name = "TEXT")]
    position: Option<String>,

    /// legrec: moves played first, space-separated, e.g. "d1-d2 d3-d1"
    #[arg(long, value_name = "MOVES", allow_hyphen_values = true)]
    moves: Option<String>,

    /// Worker threads [default: the number of cores]
    #[arg(long, value_name = "N", value_parser = crate::numbers::threads)]
    threads: Option<u32>,

    /// How each bound is searched: layered (breadth-first layers of deduplicated states,
    /// within --memory), deepening (depth-first iterative deepening with a table of proven
    /// failures of --memory), or auto (the faster where measured: layered for the
    /// cooperative game on the diamond and the star, deepening elsewhere) [default: auto]
    #[arg(long, value_name = "METHOD", value_parser = ["layered", "deepening", "auto"])]
    method: Option<String>,

    /// Megabytes for the table of proven failures (deepening; allocated as it fills) or for
    /// the stored layers (layered: a bound whose layers would not fit gets wider aimed
    /// beams, then the deepening); with --level-memory at most the machine's memory
    /// [default: half the memory available when the solve starts, at least 256]
    #[arg(long, value_name = "MB", value_parser = crate::numbers::megabytes)]
    memory: Option<u32>,

    /// Megabytes for the level table (a byte a state; solitaire): the strongest relaxation
    /// that fits is built, levels and parity classes first (large boards need 400 to 1100)
    /// [default: 64 first; when a bound is then expected to take longer than building the
    /// strongest table within a quarter of the memory available, that one is built]
    #[arg(long, value_name = "MB", value_parser = crate::numbers::megabytes)]
    level_memory: Option<u32>,

    /// States kept per depth by the beam search run first for a short line (an upper bound:
    /// the deepening then stops once every shorter bound is searched); 0 for none, at most
    /// 10000000 [default: 1000]
    #[arg(long, value_name = "N", value_parser = beam_width)]
    beam: Option<usize>,

    /// Layered: the widest aimed beam at a costly bound (or one whose layers do not fit),
    /// widened from --beam by tens up to this; at most 10000000 [default: ten times --beam]
    #[arg(long, value_name = "N", value_parser = beam_width)]
    widest_beam: Option<usize>,

    /// After the beam, aimed beams look for a line of each length from the start's lower
    /// bound up, until one finds a line or gives up at its node budget; each searches every
    /// state it keeps at this depth to the end. 0 for no aimed beams [default: a third of
    /// the length aimed at]
    #[arg(long, value_name = "DEPTH")]
    complete: Option<u32>,

    /// Look for no line longer than this many moves (plies), in every phase: the beams
    /// stop at this depth and the deepening gives up (without a minimum) beyond it; at
    /// most 100000 [default: 200]
    #[arg(long, value_name = "N", value_parser = max_length)]
    max: Option<u32>,

    /// Save what is proved to FILE after every bound without a line (one JSON object,
    /// replaced whole each time), so that --resume FILE can go on after an interruption; an
    /// existing FILE is not overwritten unless --resume reads it
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<PathBuf>,

    /// Go on from a checkpoint of the same rules and mode: its bounds are not searched
    /// again, its beam's line is replayed, and the search starts at its next bound; FILE is
    /// updated as the solve goes on, unless --checkpoint names another
    #[arg(long, value_name = "FILE")]
    resume: Option<PathBuf>,

    /// One JSON object with the result (fields in docs/solver.md)
    #[arg(long)]
    json: bool,
}

/// The result as printed with `--json`.
#[derive(Serialize)]
struct Report<'a> {
    rules: String,
    mode: &'static str,
    unit: &'static str,
    threads: usize,
    start_bound: u32,
    minimum: Option<u32>,
    proved: bool,
    impossible: bool,
    beam: Option<BeamReport>,
    bounds: Vec<BoundReport>,
    line: &'a [String],
    nodes: u64,
    time_ms: f64,
    table_bytes: usize,
    table_used: usize,
    level_states: usize,
    level_grouping: Option<String>,
    level_time_ms: f64,
    method: &'static str,
    stopped: Option<String>,
    widest_layer: u64,
    peak_bytes: u64,
    deepening_from: Option<u32>,
    memory_mb: u32,
    level_memory_mb: u32,
    resumed_at: Option<u32>,
    checkpoint: Option<String>,
}

/// The beam search, as printed with `--json`.
#[derive(Serialize)]
struct BeamReport {
    width: usize,
    /// The length an aimed beam looked for, and the depth it completed from.
    aimed_at: Option<u32>,
    completed_from: Option<u32>,
    /// Whether the aimed beam's completion gave up at its node budget.
    gave_up: bool,
    length: Option<u32>,
    nodes: u64,
    time_ms: f64,
}

/// One searched bound, as printed with `--json`.
#[derive(Serialize)]
struct BoundReport {
    bound: u32,
    solved: bool,
    nodes: u64,
    time_ms: f64,
}

/// Runs `halma solve`.
pub fn run(args: &SolveArgs) -> Result<(), Error> {
    let variant = Variant::parse(&args.rules)?;
    if variant == Variant::Relative(Relative::LeGrec) {
        refuse_halma_flags(args)?;
        return legrec::run(args.position.as_deref(), args.moves.as_deref(), args.json);
    }
    let rules = variant.require_halma("solve (besides legrec)")?;
    if args.position.is_some() || args.moves.is_some() {
        return Err(Error::Argument(
            "--position and --moves serve --rules legrec; a Halma solve starts from the start"
                .into(),
        ));
    }
    let mode = args.mode.as_deref().ok_or_else(|| {
        Error::Argument("--mode is required for Halma: solitaire or cooperative".into())
    })?;
    let mode = Mode::parse(mode)?;
    let solved = solve::solver_rules(rules, mode)?;
    if mode == Mode::Cooperative && args.level_memory.is_some() {
        return Err(Error::Argument(
            "--level-memory serves --mode solitaire only (the cooperative solver builds no \
             level table)"
                .into(),
        ));
    }
    if args.beam == Some(0) && args.complete.is_some_and(|d| d > 0) {
        return Err(Error::Argument(
            "--complete sets the aimed beams' depth, and --beam 0 runs no beam".into(),
        ));
    }
    let beam_width = args.beam.unwrap_or(DEFAULT_BEAM);
    if let Some(widest) = args.widest_beam {
        if beam_width == 0 {
            return Err(Error::Argument(
                "--widest-beam widens the aimed beams from --beam, and --beam 0 runs no beam"
                    .into(),
            ));
        }
        if widest < beam_width {
            return Err(Error::Argument(format!(
                "--widest-beam {widest} is narrower than the beam it widens (--beam {beam_width})"
            )));
        }
    }
    let solved_text = solved.to_string();
    let resumed = match &args.resume {
        Some(path) => Some(checkpoint::read(path, solved, mode)?),
        None => None,
    };
    let saver = checkpoint_saver(args, (&solved_text, mode, solved.board), resumed.as_ref())?;
    let budget = MemoryBudget::of(args, mode);
    // Each was checked alone; together they must fit too.
    let (memory, level_memory) = (budget.memory, budget.level_most);
    crate::numbers::allocatable(memory as usize + level_memory as usize).map_err(|why| {
        Error::Argument(format!(
            "--memory {memory} with --level-memory {level_memory}: {why}"
        ))
    })?;
    let (threads, pool) = crate::threads::thread_pool(args.threads)?;
    // Ctrl-C stops the search; what was proved so far is printed. The level table and the
    // beams do not look at it (they end on their own), so a second Ctrl-C ends the process
    // at once, as an unhandled one would (status 130).
    static STOP: AtomicBool = AtomicBool::new(false);
    ctrlc::set_handler(|| {
        if STOP.swap(true, Ordering::Relaxed) {
            eprintln!("halma: interrupted twice: stopped at once, nothing printed");
            std::process::exit(130);
        }
    })
    .map_err(|e| Error::Argument(format!("cannot catch Ctrl-C: {e}")))?;
    let options = Options {
        method: Method::parse(args.method.as_deref().unwrap_or("auto"))?,
        stop: Some(&STOP),
        table_bytes: (memory as usize) << 20,
        max_bound: args.max.unwrap_or(200),
        level_states: u64::from(budget.level_first) << 20,
        level_states_most: u64::from(budget.level_most) << 20,
        level_upgrade_millis: None,
        beam_width,
        complete_at: args.complete,
        widest_beam: args
            .widest_beam
            .unwrap_or(beam_width.saturating_mul(10))
            .min(MAX_BEAM as usize),
        // An explicit --method layered keeps to the layers (and stops when they do not fit).
        fallback: args.method.as_deref().is_none_or(|m| m == "auto"),
    };
    let bar = ProgressBar::new_spinner();
    bar.set_style(
        ProgressStyle::with_template("{spinner} {elapsed_precise} {msg}")
            .expect("the template is valid"),
    );
    bar.enable_steady_tick(Duration::from_millis(200));
    if mode == Mode::Solitaire {
        bar.set_message("building the level table");
    }
    let json = args.json;
    // A log file or pipe gets no spinner, so the layer lines go there as lines.
    let layer_lines = json || !std::io::stderr().is_terminal();
    // The bound being searched: when it started and how long it is expected to take.
    let current = std::sync::Mutex::new((Instant::now(), None::<f64>));
    let bound_eta = || {
        let (started, expected) = *current.lock().unwrap_or_else(|e| e.into_inner());
        bound_time_text(started.elapsed().as_secs_f64(), expected.map(|ms| ms / 1e3))
    };
    let progress = |p: &Progress| match p {
        Progress::Started {
            bound,
            expected_millis,
        } => {
            *current.lock().unwrap_or_else(|e| e.into_inner()) = (Instant::now(), *expected_millis);
            bar.set_message(format!("searching bound {bound}{}", bound_eta()))
        }
        Progress::Searched { bound, done, tasks } => bar.set_message(format!(
            "searching bound {bound}: {done} of {tasks} subtrees{}",
            bound_eta()
        )),
        Progress::LevelsStarted {
            grouping,
            states,
            expected_millis,
        } => {
            let text = format!(
                "levels   the next bound is expected to take longer than a stronger table: \
                 building {grouping}, {states} states (about {})",
                duration_text(expected_millis / 1e3)
            );
            if json {
                eprintln!("{text}");
            } else {
                bar.suspend(|| println!("{text}"));
            }
            bar.set_message(format!("building the level table ({grouping})"));
        }
        Progress::Switched { bound, reason } => {
            let text = format!(
                "switch   bound {bound}: {reason}, and no aimed beam found its line: the \
                 deepening searches it and the bounds after it"
            );
            if json {
                eprintln!("{text}");
            } else {
                bar.suspend(|| println!("{text}"));
            }
        }
        Progress::Layer {
            bound,
            depth,
            states,
        } => {
            let text = format!("bound {bound}: layer {depth} stored, {states} states");
            if layer_lines {
                eprintln!("{text}");
            } else {
                bar.set_message(text)
            }
        }
        Progress::Finished(i) if !json => bar.suspend(|| println!("{}", iteration_line(i, mode))),
        Progress::Finished(_) => {}
        Progress::BeamStarted(w) => bar.set_message(format!("beam search, width {w}")),
        Progress::AimedBeamStarted(aim) => {
            bar.set_message(format!("beam search {}", aim_text(aim, mode)))
        }
        Progress::BeamFinished(b) if !json => bar.suspend(|| println!("{}", beam_line(b, mode))),
        Progress::BeamFinished(_) => {}
        Progress::Checkpoint(c) => {
            if let Some(warning) = saver.as_ref().and_then(|s| s.save(c)) {
                bar.suspend(|| eprintln!("{warning}"));
            }
        }
    };
    if !json {
        println!("rules    {solved} (all-in-goal, no deadline, no repetition)");
        let plural = if threads == 1 { "" } else { "s" };
        println!(
            "mode     {mode}, {threads} thread{plural}, {method}",
            mode = mode.name(),
            method = options.method.resolve(mode, solved.board).name()
        );
        println!("budget   {}", budget.text(mode));
        if let Some(saver) = &saver {
            println!(
                "saves    to {} after every bound without a line",
                saver.path().display()
            );
        }
        if let (Some(r), Some(path)) = (&resumed, &args.resume) {
            println!("resume   {}", resume_text(r, path));
            for i in &r.checkpoint.refuted {
                println!("{}", iteration_line(i, mode));
            }
        }
    }
    let say = |line: String| {
        if json {
            eprintln!("{line}");
        } else {
            bar.suspend(|| println!("{line}"));
        }
    };
    // A solitaire with a checkpoint keeps its level tables beside it.
    let saved_to = saver.as_ref().map(|s| s.path());
    let level_files = (mode == Mode::Solitaire && saved_to.is_some())
        .then(|| level_file::LevelFiles::new(args.resume.as_deref(), saved_to, &solved_text, &say));
    let resumed_at = resumed.as_ref().map(|r| r.checkpoint.next);
    let kept = solve::Kept {
        checkpoint: resumed.as_ref().map(|r| &r.checkpoint),
        levels: level_files.as_ref().map(|f| f as &dyn solve::LevelStore),
    };
    let solution = pool.install(|| solve::solve_from(rules, mode, &options, kept, &progress))?;
    bar.finish_and_clear();
    if json {
        crate::output::print_json(&Report {
            rules: solution.rules.to_string(),
            mode: mode.name(),
            unit: unit(mode),
            threads,
            start_bound: solution.start_bound,
            minimum: solution.minimum,
            proved: solution.minimum.is_some(),
            impossible: solution.impossible,
            beam: solution.beam.as_ref().map(|b| BeamReport {
                width: b.width,
                aimed_at: b.aim.map(|a| a.length),
                completed_from: b.aim.map(|a| a.complete_at),
                gave_up: b.gave_up,
                length: b.length(),
                nodes: b.nodes,
                time_ms: b.millis,
            }),
            bounds: solution
                .iterations
                .iter()
                .map(|i| BoundReport {
                    bound: i.bound,
                    solved: i.solved,
                    nodes: i.nodes,
                    time_ms: i.millis,
                })
                .collect(),
            line: &solution.line,
            nodes: solution.nodes(),
            time_ms: solution.millis,
            table_bytes: solution.table_bytes,
            table_used: solution.table_used,
            level_states: solution.level_states,
            level_grouping: solution.level_grouping.map(|g| g.to_string()),
            level_time_ms: solution.level_millis,
            method: solution.method.name(),
            stopped: solution.stopped.clone(),
            widest_layer: solution.widest_layer,
            peak_bytes: solution.peak_bytes,
            deepening_from: solution.deepening_from,
            memory_mb: budget.memory,
            level_memory_mb: budget.level_most,
            resumed_at,
            checkpoint: saver.as_ref().map(|s| s.path().display().to_string()),
        })
    } else {
        print_summary(&solution);
        let written = saver.as_ref().filter(|s| s.path().exists());
        if let (Some(saver), Some(_), None) = (written, &solution.stopped, solution.minimum) {
            let next = solution.iterations.last().and_then(|i| i.next);
            println!(
                "resume   --resume {} goes on from bound {}",
                saver.path().display(),
                next.map_or("the first".into(), |n| n.to_string())
            );
        }
        Ok(())
    }
}

/// The saver of the checkpoints of a solve of `problem` (rules as solved, mode, board):
/// to `--checkpoint`, else to the file `--resume` read; none without either. An error for
/// a `--checkpoint` file that exists and is not the one resumed (it may hold hours of
/// work), or that cannot be written.
fn checkpoint_saver(
    args: &SolveArgs,
    problem: (&str, Mode, halma_engine::board::geometry::Board),
    resumed: Option<&checkpoint::Resumed>,
) -> Result<Option<checkpoint::Saver>, Error> {
    if let Some(path) = &args.checkpoint {
        let same = |other: &PathBuf| {
            let real = |p: &PathBuf| std::fs::canonicalize(p).ok();
            real(other).is_some() && real(other) == real(path)
        };
        if path.exists() && !args.resume.as_ref().is_some_and(same) {
            return Err(Error::Argument(format!(
                "--checkpoint {0}: the file exists (an earlier solve's checkpoint?): \
                 --resume {0} goes on from it; remove it to start over",
                path.display()
            )));
        }
    }
    match args.checkpoint.as_ref().or(args.resume.as_ref()) {
        Some(path) => checkpoint::Saver::new(path, problem, resumed).map(Some),
        None => Ok(None),
    }
}

/// The `resume` header line: what the checkpoint at `path` holds.
fn resume_text(r: &checkpoint::Resumed, path: &std::path::Path) -> String {
    let c = &r.checkpoint;
    let refuted = match (c.refuted.first(), c.refuted.last()) {
        (Some(first), Some(last)) if first.bound < last.bound => {
            format!("bounds {} to {} refuted", first.bound, last.bound)
        }
        (Some(only), _) => format!("bound {} refuted", only.bound),
        _ => "no bound refuted".into(),
    };
    let runs = if r.runs == 1 { "run" } else { "runs" };
    format!(
        "{}: {refuted} in {} earlier {runs} ({}); going on at bound {}",
        path.display(),
        r.runs,
        duration_text(r.millis / 1e3),
        c.next
    )
}

/// An error naming the first flag given that only a Halma solve reads (Le Grec's solver
/// has no mode, threads, method, tables, beams or length limit), so that none is ignored.
fn refuse_halma_flags(args: &SolveArgs) -> Result<(), Error> {
    let given = [
        ("--mode", args.mode.is_some()),
        ("--threads", args.threads.is_some()),
        ("--method", args.method.is_some()),
        ("--memory", args.memory.is_some()),
        ("--level-memory", args.level_memory.is_some()),
        ("--beam", args.beam.is_some()),
        ("--widest-beam", args.widest_beam.is_some()),
        ("--complete", args.complete.is_some()),
        ("--max", args.max.is_some()),
        ("--checkpoint", args.checkpoint.is_some()),
        ("--resume", args.resume.is_some()),
    ];
    match given.iter().find(|(_, given)| *given) {
        Some((flag, _)) => Err(Error::Argument(format!(
            "{flag} serves the Halma solver only: --rules legrec solves Le Grec completely \
             (one retrograde analysis, one thread) and takes only --position, --moves and \
             --json"
        ))),
        None => Ok(()),
    }
}

/// The megabytes a solve may use: given by the flags, else shares of the memory available
/// when it starts.
struct MemoryBudget {
    /// The table of proven failures or the layers (`--memory`).
    memory: u32,
    /// The level table built first.
    level_first: u32,
    /// The largest level table it may be replaced by (equal: never).
    level_most: u32,
    /// The memory available, where the system says and a default was taken from it.
    available: Option<usize>,
    /// Whether `--memory` was given.
    memory_given: bool,
}

impl MemoryBudget {
    /// Least default `--memory`, in MB: the solver's old fixed default.
    const LEAST: u32 = 256;
    /// The level table built first when `--level-memory` is not given, in MB.
    const FIRST_LEVELS: u32 = 64;

    /// The budget of `args`: `--memory` or half the available memory (at least
    /// [`Self::LEAST`]); `--level-memory` fixed, or [`Self::FIRST_LEVELS`] growing to a
    /// quarter of the available memory (solitaire). Without a reading of the available
    /// memory, the old defaults (256 and 64).
    fn of(args: &SolveArgs, mode: Mode) -> Self {
        let available = (args.memory.is_none() || args.level_memory.is_none())
            .then(crate::numbers::available_mib)
            .flatten();
        let share = |part: usize| available.map(|a| (a / part).min(crate::numbers::MAX_MIB) as u32);
        let memory = args
            .memory
            .unwrap_or_else(|| share(2).map_or(Self::LEAST, |m| m.max(Self::LEAST)));
        let (level_first, level_most) = match (args.level_memory, mode) {
            (Some(mb), _) => (mb, mb),
            (None, Mode::Cooperative) => (Self::FIRST_LEVELS, Self::FIRST_LEVELS),
            (None, Mode::Solitaire) => {
                let most = share(4).map_or(Self::FIRST_LEVELS, |m| m.max(Self::FIRST_LEVELS));
                (Self::FIRST_LEVELS, most)
            }
        };
        MemoryBudget {
            memory,
            level_first,
            level_most,
            available,
            memory_given: args.memory.is_some(),
        }
    }

    /// The header line's text.
    fn text(&self, mode: Mode) -> String {
        let of = |part: &str| {
            self.available
                .map_or(String::new(), |a| format!(" ({part} the {a} MB available)"))
        };
        let defaulted = self.available.is_some() && !self.memory_given;
        let memory = format!(
            "{} MB for the table and layers{}",
            self.memory,
            if defaulted { of("half") } else { String::new() }
        );
        match mode {
            Mode::Cooperative => memory,
            Mode::Solitaire if self.level_most > self.level_first => format!(
                "{memory}; level table {} MB, up to {} MB{} when a bound is expected to take \
                 longer than building it",
                self.level_first,
                self.level_most,
                of("a quarter of")
            ),
            Mode::Solitaire => format!("{memory}; level table {} MB", self.level_first),
        }
    }
}

/// ", 12 s of about 3 min" for a bound searched for `elapsed` seconds and expected to take
/// `expected` ones (", 12 s so far" without an estimate).
fn bound_time_text(elapsed: f64, expected: Option<f64>) -> String {
    match expected {
        Some(e) => format!(
            ", {} of about {} expected",
            duration_text(elapsed),
            duration_text(e)
        ),
        None => format!(", {} so far", duration_text(elapsed)),
    }
}

/// A duration for people: seconds, minutes or hours.
fn duration_text(seconds: f64) -> String {
    match seconds {
        s if s < 90.0 => format!("{s:.0} s"),
        s if s < 5400.0 => format!("{:.0} min", s / 60.0),
        s => format!("{:.1} h", s / 3600.0),
    }
}

/// What the minimum counts.
fn unit(mode: Mode) -> &'static str {
    match mode {
        Mode::Solitaire => "moves",
        Mode::Cooperative => "plies",
    }
}

/// One line per finished iteration.
fn iteration_line(i: &Iteration, mode: Mode) -> String {
    format!(
        "bound {:>3} {}: {:>14} nodes {:>10.1} s",
        i.bound,
        unit(mode),
        i.nodes,
        i.millis / 1e3
    ) + if i.solved { "  solved" } else { "  no line" }
}

/// What an aimed beam looks for, as its progress and result lines name it.
fn aim_text(aim: &Aim, mode: Mode) -> String {
    format!(
        "for {} {}, completed from depth {}",
        aim.length,
        unit(mode),
        aim.complete_at
    )
}

/// What the beam search found.
fn beam_line(b: &Beam, mode: Mode) -> String {
    let found = match b.length() {
        Some(n) => format!("a line of {n} {}", unit(mode)),
        None if b.gave_up => "no line (gave up at the node budget)".to_string(),
        None => "no line".to_string(),
    };
    let aim = b
        .aim
        .map_or(String::new(), |a| format!(" {}", aim_text(&a, mode)));
    format!(
        "beam     width {}{aim}: {found}, {} nodes, {:.1} s",
        b.width,
        b.nodes,
        b.millis / 1e3
    )
}

/// The human summary, after the iteration lines.
fn print_summary(s: &Solution) {
    let unit = unit(s.mode);
    println!("start    lower bound {} {unit}", s.start_bound);
    match s.minimum {
        Some(m) => {
            let first = s.iterations.first().map_or(m, |i| i.bound);
            // The beam's line is the one given when no iteration found a line.
            let from_beam = s.beam.as_ref().and_then(Beam::length) == Some(m)
                && s.iterations.last().is_none_or(|i| !i.solved);
            let source = if from_beam {
                "; the beam search's line"
            } else {
                ""
            };
            if first < m {
                println!(
                    "minimum  {m} {unit} (proved: every bound from {first} to {} searched without a line{source})",
                    m - 1
                );
            } else if from_beam {
                println!("minimum  {m} {unit} (proved: the beam search's line is as short as the start's lower bound)");
            } else {
                println!("minimum  {m} {unit} (proved: equal to the start's lower bound)");
            }
            println!("line     {}", s.line.join(" "));
        }
        None if s.impossible => println!("minimum  none: the goal cannot be reached"),
        None if s.stopped.is_some() => {
            let reason = s.stopped.as_deref().unwrap_or_default();
            match s.iterations.last() {
                Some(i) => println!(
                    "minimum  unknown: more than {} {unit} (proved), stopped: {reason}",
                    i.bound
                ),
                None => println!(
                    "minimum  unknown: at least {} {unit} (the start's lower bound), stopped: {reason}",
                    s.start_bound
                ),
            }
        }
        None => match s.iterations.last() {
            Some(i) => println!(
                "minimum  unknown: more than {} {unit} (limit reached)",
                i.bound
            ),
            None => println!(
                "minimum  unknown: at least {} {unit} (the start's lower bound is above the limit)",
                s.start_bound
            ),
        },
    }
    println!("search   {} nodes, {:.1} s", s.nodes(), s.millis / 1e3);
    let grouping = s.level_grouping.map_or(String::new(), |g| {
        format!(" ({g}, built in {:.1} s)", s.level_millis / 1e3)
    });
    println!(
        "memory   table {} MB ({} slots used), level table {} states{grouping}",
        s.table_bytes >> 20,
        s.table_used,
        s.level_states
    );
    if s.method == Method::Layered {
        println!(
            "layers   widest {} states, at most {} MB stored at once",
            s.widest_layer,
            s.peak_bytes >> 20
        );
    }
    if let Some(bound) = s.deepening_from {
        println!("method   layered, then deepening from bound {bound} (its layers did not fit)");
    }
}
