//! `halma moves`: the legal moves of a position, sorted by their text, and its status.

use crate::game_args::GameArgs;
use clap::Args;
use halma_engine::game::side_letter;
use halma_engine::{with_game, Error, Game};
use serde::Serialize;

/// Arguments of `halma moves`.
#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  halma moves --rules halma10\n  halma moves --moves \"b3-c4 g6-f5\" --paths\n  halma moves --rules halma16-4 --json"
)]
pub struct MovesArgs {
    /// Print one full jump path beside each move
    #[arg(long)]
    paths: bool,

    /// One JSON object: {side_to_move, status, count, moves[, paths]}
    #[arg(long)]
    json: bool,

    #[command(flatten)]
    game: GameArgs,
}

/// The `--json` output.
#[derive(Serialize)]
struct MovesReport {
    side_to_move: String,
    status: String,
    count: usize,
    moves: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    paths: Option<Vec<String>>,
}

/// Runs `halma moves`.
pub fn run(args: &MovesArgs) -> Result<(), Error> {
    let game = args.game.resolve()?;
    with_game!(game.variant, P, setup => report(&game.position::<P>(&setup)?, args))
}

/// Lists the moves of `pos` as text or JSON.
fn report<P: Game>(pos: &P, args: &MovesArgs) -> Result<(), Error> {
    let mut moves: Vec<(String, String)> = pos
        .legal_moves()
        .into_iter()
        .map(|mv| (pos.move_text(mv), pos.path_text(mv)))
        .collect();
    moves.sort();
    let side_to_move = side_letter(pos.to_move()).to_string();
    let status = pos.outcome_text();
    if args.json {
        let (texts, paths): (Vec<_>, Vec<_>) = moves.into_iter().unzip();
        return crate::output::print_json(&MovesReport {
            side_to_move,
            status,
            count: texts.len(),
            moves: texts,
            paths: args.paths.then_some(paths),
        });
    }
    for (text, path) in &moves {
        if args.paths {
            println!("{text} {path}");
        } else {
            println!("{text}");
        }
    }
    println!("moves {}", moves.len());
    println!("status {status}");
    println!("to move {side_to_move}");
    Ok(())
}
