//! Opening files (`positions/openings/`): one opening per line, either the moves played from
//! the start position (`b3-c4 g6-f5`) or a position text; `#` starts a comment.

use halma_engine::game::play_moves;
use halma_engine::games::{split_game_text, Variant};
use halma_engine::{Error, Game};
use std::path::Path;

/// Most openings a file may hold (each is a position kept in memory for the whole
/// tournament).
pub const MAX_OPENINGS: usize = 10_000;

/// One opening: its number (the line's, from 1) and the position it leads to.
pub struct Opening<P: Game> {
    /// Line number in the file (0 for the bare start position).
    pub number: usize,
    /// The position the games start from (with the opening's moves as history).
    pub position: P,
}

/// The openings of `path` for the game `variant` (position type `P` with `setup`), or the
/// start position alone when `path` is `None`; more than [`MAX_OPENINGS`] is an error.
pub fn load<P: Game>(
    path: Option<&Path>,
    variant: Variant,
    setup: &P::Setup,
) -> Result<Vec<Opening<P>>, Error> {
    let Some(path) = path else {
        return Ok(vec![Opening {
            number: 0,
            position: P::start(setup),
        }]);
    };
    let text = std::fs::read_to_string(path)
        .map_err(|e| Error::Argument(format!("cannot read openings {}: {e}", path.display())))?;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        if out.len() == MAX_OPENINGS {
            return Err(Error::Argument(format!(
                "{} holds more than {MAX_OPENINGS} openings",
                path.display()
            )));
        }
        let at = |e: Error| Error::Argument(format!("{} line {}: {e}", path.display(), i + 1));
        let position = parse_line(line, variant, setup).map_err(at)?;
        out.push(Opening {
            number: i + 1,
            position,
        });
    }
    if out.is_empty() {
        return Err(Error::Argument(format!(
            "{} holds no opening",
            path.display()
        )));
    }
    Ok(out)
}

/// One line: a position text of the same game, or moves from the start.
fn parse_line<P: Game>(line: &str, variant: Variant, setup: &P::Setup) -> Result<P, Error> {
    let first = line.split_whitespace().next().unwrap_or("");
    if Variant::parse(first).is_ok() {
        let (game, fields) = split_game_text(line)?;
        if game.base_name() != variant.base_name() {
            return Err(Error::Rules(format!(
                "a {} position in a {} tournament",
                game.base_name(),
                variant.base_name()
            )));
        }
        return P::from_text_fields(setup, fields);
    }
    let mut pos = P::start(setup);
    let moves: Vec<&str> = line.split_whitespace().collect();
    play_moves(&mut pos, &moves)?;
    if pos.status().is_over() {
        return Err(Error::Position("the opening ends the game".into()));
    }
    Ok(pos)
}
