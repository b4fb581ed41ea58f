//! Opening files (`positions/openings/`): one opening per line, either the moves played from
//! the start position (`b3-c4 g6-f5`) or a position text; `#` starts a comment.

use halma_engine::notation::split_position_text;
use halma_engine::{Error, Geometry, Position, Rules, Setup};
use std::path::Path;
use std::sync::Arc;

/// Most openings a file may hold (each is a position kept in memory for the whole
/// tournament).
pub const MAX_OPENINGS: usize = 10_000;

/// One opening: its number (the line's, from 1) and the position it leads to.
pub struct Opening<G: Geometry> {
    /// Line number in the file (0 for the bare start position).
    pub number: usize,
    /// The position the games start from (with the opening's moves as history).
    pub position: Position<G>,
}

/// The openings of `path` under `rules`, or the start position alone when `path` is `None`;
/// more than [`MAX_OPENINGS`] is an error.
pub fn load<G: Geometry>(path: Option<&Path>, rules: Rules) -> Result<Vec<Opening<G>>, Error> {
    let setup = Arc::new(Setup::<G>::new(rules)?);
    let Some(path) = path else {
        return Ok(vec![Opening {
            number: 0,
            position: Position::start(setup),
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
        let position = parse_line(line, &setup).map_err(at)?;
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

/// One line: a position text under the same rule set, or moves from the start.
fn parse_line<G: Geometry>(line: &str, setup: &Arc<Setup<G>>) -> Result<Position<G>, Error> {
    let first = line.split_whitespace().next().unwrap_or("");
    if Rules::parse(first).is_ok() {
        let (rules, fields) = split_position_text(line)?;
        if rules.base != setup.rules().base {
            return Err(Error::Rules(format!(
                "a {} position in a {} tournament",
                rules.base,
                setup.rules().base
            )));
        }
        return Position::from_text_fields(setup.clone(), fields);
    }
    let mut pos = Position::start(setup.clone());
    for text in line.split_whitespace() {
        let mv = pos.parse_move(text)?;
        pos.make(mv);
    }
    if pos.status().is_over() {
        return Err(Error::Position("the opening ends the game".into()));
    }
    Ok(pos)
}
