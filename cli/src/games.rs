//! `halma games`: every game the engine plays, from the registry
//! ([`halma_engine::games::catalog`]): its name as `--rules` takes it, its sides, whether it
//! takes rule options, the searcher `Engine auto` plays, its built-in openings and bench
//! positions, and its summary; one table, or one JSON object a game.

use crate::output::{out, print_json};
use clap::Args;
use halma_engine::games::all_games;
use halma_engine::games::catalog::GameInfo;
use halma_engine::Error;
use serde::Serialize;

/// Arguments of `halma games`.
#[derive(Args, Debug)]
#[command(after_help = "Examples:\n  halma games\n  halma games --json")]
pub struct GamesArgs {
    /// One JSON object a line instead of the table
    #[arg(long)]
    json: bool,
}

/// One game as `--json` writes it.
#[derive(Serialize)]
struct GameLine {
    name: &'static str,
    sides: usize,
    options: bool,
    searcher: &'static str,
    openings: usize,
    bench: usize,
    summary: &'static str,
}

impl GameLine {
    /// The line of `info`.
    fn of(info: &GameInfo) -> GameLine {
        GameLine {
            name: info.name,
            sides: info.sides,
            options: info.has_options,
            searcher: info.searcher.name(),
            openings: info.opening_count(),
            bench: info.bench_positions().count(),
            summary: info.summary,
        }
    }
}

/// Runs `halma games`.
pub fn run(args: &GamesArgs) -> Result<(), Error> {
    let lines: Vec<GameLine> = all_games().map(GameLine::of).collect();
    if args.json {
        return lines.iter().try_for_each(print_json);
    }
    out(format_args!(
        "{:<15} {:>5} {:>7} {:>9} {:>8} {:>5}  summary\n",
        "game", "sides", "options", "auto", "openings", "bench"
    ));
    for g in &lines {
        out(format_args!(
            "{:<15} {:>5} {:>7} {:>9} {:>8} {:>5}  {}\n",
            g.name,
            g.sides,
            if g.options { "yes" } else { "no" },
            g.searcher,
            g.openings,
            g.bench,
            g.summary
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_has_a_line_with_its_counts() {
        let lines: Vec<GameLine> = all_games().map(GameLine::of).collect();
        let halma8 = lines.iter().find(|g| g.name == "halma8").unwrap();
        assert_eq!(
            (halma8.sides, halma8.searcher, halma8.options),
            (2, "mcts", true)
        );
        assert_eq!((halma8.openings, halma8.bench), (8, 12));
        let legrec = lines.iter().find(|g| g.name == "legrec").unwrap();
        assert_eq!(
            (legrec.options, legrec.openings, legrec.bench),
            (false, 8, 12)
        );
        assert_eq!(lines.iter().filter(|g| g.sides == 4).count(), 3);
    }
}
