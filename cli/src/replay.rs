//! `halma replay`: lists the games of a game-record file, or replays one move by move
//! (every move checked again), with a diagram after each move or at a chosen ply.

use crate::record::{parse_records, play_moves, result_text, GameRecord, LIMITS};
use clap::Args;
use halma_engine::game::{side_letter, GameRules};
use halma_engine::games::split_game_text;
use halma_engine::{with_game, Error, Game};
use std::io::Write;
use std::path::PathBuf;

/// Arguments of `halma replay`.
#[derive(Args, Debug)]
#[command(after_help = "Examples:\n  halma replay tournament.games\n  \
    halma replay tournament.games --game 3 --diagrams\n  \
    halma replay tournament.games --game 3 --ply 20\nDocs: docs/game-record.md")]
pub struct ReplayArgs {
    /// The game-record file
    file: PathBuf,

    /// The game to replay (its number); without it, list the games
    #[arg(long, value_name = "N")]
    game: Option<usize>,

    /// Print the board after every move
    #[arg(long)]
    diagrams: bool,

    /// Print the board (and position text) after this many plies only [default: the end]
    #[arg(long, value_name = "K")]
    ply: Option<usize>,
}

/// Runs `halma replay`.
pub fn run(args: &ReplayArgs) -> Result<(), Error> {
    let text = crate::text_file::read(&args.file, LIMITS)?;
    let name = args.file.display();
    let games =
        parse_records(&text).map_err(|e| Error::Argument(format!("{name}: {}", e.message())))?;
    if games.is_empty() {
        return Err(Error::Argument(format!(
            "{name} holds no complete game record (an empty file, or one whose only block is \
             cut short)"
        )));
    }
    let Some(n) = args.game else {
        let mut out = String::new();
        for g in &games {
            out += &g.summary();
            out.push('\n');
        }
        emit(&out);
        return Ok(());
    };
    let game = games
        .iter()
        .find(|g| g.game == n)
        .ok_or_else(|| Error::Argument(format!("{} has no game {n}", args.file.display())))?;
    if args.ply.is_some_and(|k| k > game.moves.len()) {
        return Err(Error::Argument(format!(
            "--ply {}: game {n} has {} plies",
            args.ply.unwrap_or(0),
            game.moves.len()
        )));
    }
    let (variant, fields) = split_game_text(&game.start)?;
    with_game!(variant, P, setup => replay(<P as GameRules>::from_text_fields(&setup, fields)?, game, args))
}

/// Prints `text`; a reader that went away (`| head`) is not an error.
fn emit(text: &str) {
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
}

/// Replays `game` from its start position `pos`.
fn replay<P: Game>(mut pos: P, game: &GameRecord, args: &ReplayArgs) -> Result<(), Error> {
    let mut out = format!(
        "game {} ({}), rules {}\n",
        game.game, game.time_control, game.rules
    );
    for (seat, name) in game.players.iter().enumerate() {
        out += &format!("  {} {name}\n", side_letter(seat));
    }
    out += &format!("start {}\n", game.start);
    let show = |pos: &P, out: &mut String| {
        *out += &pos.diagram();
        *out += &format!("position {}\n", pos.to_text());
    };
    if args.diagrams || args.ply == Some(0) {
        show(&pos, &mut out);
    }
    // Each move is printed with the position before it, and a diagram after it; the
    // diagram of ply k is drawn when move k + 1 is seen, or after the last.
    let wanted = |ply: usize| args.diagrams || args.ply == Some(ply);
    play_moves(&mut pos, game, |ply, before, mv| {
        if ply > 1 && wanted(ply - 1) {
            show(before, &mut out);
        }
        out += &format!(
            "{:>4}. {} {}\n",
            ply,
            side_letter(before.to_move()),
            before.path_text(mv)
        );
    })?;
    if !game.moves.is_empty() && wanted(game.moves.len()) {
        show(&pos, &mut out);
    }
    if !args.diagrams && args.ply.is_none() {
        show(&pos, &mut out);
    }
    out += &format!(
        "result {} ({}); the board says: {}\n",
        result_text(&game.scores),
        game.reason,
        pos.outcome_text()
    );
    emit(&out);
    Ok(())
}
