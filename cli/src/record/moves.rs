//! The one check of a record's moves against the rules: `replay`, `tournament merge` and
//! `--resume` all call it.

use super::GameRecord;
use halma_engine::game::GameRules;
use halma_engine::games::split_game_text;
use halma_engine::{with_game, Error, Game, Move};

/// Plays the moves of `game` on `pos`, its start, each checked against the rules: a move
/// that does not parse, is not legal, or comes after the game is over is an error naming
/// the game and ply. `each(ply, before, mv)` sees each move (from ply 1) with the position
/// before it.
pub fn play_moves<P: Game>(
    pos: &mut P,
    game: &GameRecord,
    mut each: impl FnMut(usize, &P, Move),
) -> Result<(), Error> {
    for (i, text) in game.moves.iter().enumerate() {
        let at = |why: String| Error::Move(format!("game {}, ply {}: {why}", game.game, i + 1));
        if pos.status().is_over() {
            return Err(at(format!("move {text} after the end of the game")));
        }
        let mv = pos
            .parse_move(text)
            .map_err(|e| at(e.message().to_string()))?;
        each(i + 1, pos, mv);
        pos.make(mv);
    }
    Ok(())
}

/// Checks `game` against the rules: its start position reads back, and every move is legal
/// there ([`play_moves`]).
pub fn check(game: &GameRecord) -> Result<(), Error> {
    fn from<P: Game>(mut pos: P, game: &GameRecord) -> Result<(), Error> {
        play_moves(&mut pos, game, |_, _, _| ())
    }
    let (variant, fields) = split_game_text(&game.start)
        .map_err(|e| Error::Position(format!("game {}: start: {}", game.game, e.message())))?;
    with_game!(variant, P, setup => from(
        <P as GameRules>::from_text_fields(&setup, fields).map_err(|e| {
            Error::Position(format!("game {}: start: {}", game.game, e.message()))
        })?,
        game,
    ))
}
