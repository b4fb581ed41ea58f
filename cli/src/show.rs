//! `halma show`: the board as a diagram, the position text and the game state.

use crate::game_args::GameArgs;
use crate::svg;
use clap::Args;
use halma_engine::game::side_letter;
use halma_engine::{with_game, Error, Game};
use serde::Serialize;

/// Arguments of `halma show`.
#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  halma show --rules halma16\n  halma show --rules star-6 --svg > star.svg\n  halma show --moves \"b3-c4 g6-f5\" --svg --arrow a1-c3 > move.svg\n  halma show --moves \"b3-c4 g6-f5\"\n  halma show --position \"halma8 4BBBB/5BBB/6BB/7B/A7/AA6/AAA5/AAAA4 A 0,0\" --json"
)]
pub struct ShowArgs {
    /// One JSON object: {rules, position, side_to_move, move_counts, legal_moves, status,
    /// diagram}
    #[arg(long, conflicts_with = "svg")]
    json: bool,

    /// Write the position as one SVG picture instead (to standard output), with the last
    /// move of --moves drawn as an arrow along its jump path
    #[arg(long)]
    svg: bool,

    /// With --svg: also draw PATH (cells joined by '-', like a move's jump path c3-e5-g5)
    /// as an arrow, hop by hop
    #[arg(long, value_name = "PATH", requires = "svg")]
    arrow: Option<String>,

    /// With --svg: do not draw the last move of --moves
    #[arg(long, requires = "svg")]
    no_last_move: bool,

    /// With --svg: turn the board half round (the second side's view)
    #[arg(long, requires = "svg")]
    flip: bool,

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
    with_game!(game.variant, P, setup => {
        let pos = game.position::<P>(&setup)?;
        if args.svg {
            print!("{}", svg_of(&pos, args)?);
            return Ok(());
        }
        report(&pos, args.json)
    })
}

/// The SVG of `pos` with the arrows `args` asks for.
fn svg_of<P: Game>(pos: &P, args: &ShowArgs) -> Result<String, Error> {
    let mut drawing = svg::Drawing {
        flip: args.flip,
        ..Default::default()
    };
    if !args.no_last_move {
        drawing.arrows.extend(svg::last_move_arrow(pos, "#333333"));
    }
    if let Some(path) = &args.arrow {
        drawing
            .arrows
            .push(svg::Arrow::parse(pos, path, "#1565c0")?);
    }
    Ok(svg::render(&pos.picture(), &drawing))
}

/// Prints `pos` as text or JSON.
fn report<P: Game>(pos: &P, json: bool) -> Result<(), Error> {
    let report = ShowReport {
        rules: pos.rules_text(),
        position: pos.to_text(),
        side_to_move: side_letter(pos.to_move()).to_string(),
        move_counts: (0..pos.sides()).map(|s| pos.move_count(s)).collect(),
        legal_moves: pos.count_legal_moves(),
        status: pos.outcome_text(),
        diagram: pos.diagram(),
    };
    if json {
        return crate::output::print_json(&report);
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
