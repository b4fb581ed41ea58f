//! `halma show`: the board as a diagram, the position text and the game state.

use crate::game_args::GameArgs;
use clap::Args;
use halma_engine::game::{side_letter, status_text};
use halma_engine::{with_game, Error, Game};
use serde::Serialize;

/// Arguments of `halma show`.
#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  halma show --rules halma16\n  halma show --moves \"b3-c4 g6-f5\"\n  halma show --position \"halma8 4BBBB/5BBB/6BB/7B/A7/AA6/AAA5/AAAA4 A 0,0\" --json"
)]
pub struct ShowArgs {
    /// One JSON object: {rules, position, side_to_move, move_counts, legal_moves, status,
    /// diagram}
    #[arg(long)]
    json: bool,

    #[command(flatten)]
    game: GameArgs,
}

/// The `--json` output.
#[derive(Serialize)]
struct ShowReport {
    rules: String,
    position: String,
    side_to_move: String,
    move_counts: Vec<u64>,
    legal_moves: u64,
    status: String,
    diagram: String,
}

/// Runs `halma show`.
pub fn run(args: &ShowArgs) -> Result<(), Error> {
    let game = args.game.resolve()?;
    with_game!(game.variant, P, setup => report(&game.position::<P>(&setup)?, args.json))
}

/// Prints `pos` as text or JSON.
fn report<P: Game>(pos: &P, json: bool) -> Result<(), Error> {
    let report = ShowReport {
        rules: pos.rules_text(),
        position: pos.to_text(),
        side_to_move: side_letter(pos.to_move()).to_string(),
        move_counts: (0..pos.sides()).map(|s| pos.move_count(s)).collect(),
        legal_moves: pos.count_legal_moves(),
        status: status_text(pos.status()),
        diagram: pos.diagram(),
    };
    if json {
        return crate::print_json(&report);
    }
    print!("{}", report.diagram);
    println!();
    println!("position    {}", report.position);
    println!("rules       {}", report.rules);
    println!("to move     {}", report.side_to_move);
    let counts: Vec<String> = (0..pos.sides())
        .map(|s| format!("{} {}", side_letter(s), pos.move_count(s)))
        .collect();
    println!("moves made  {}", counts.join(", "));
    println!("legal moves {}", report.legal_moves);
    println!("status      {}", report.status);
    Ok(())
}
