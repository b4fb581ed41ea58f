//! Opening files (`positions/openings/`): one opening per line, either the moves played from
//! the start position (`b3-c4 g6-f5`) or a position text; `#` starts a comment. The files
//! of `positions/openings/` named after a rule set are built into the binary (each game's
//! [`GameInfo::openings`](halma_engine::games::catalog::GameInfo::openings)): they are a
//! tournament's default, wherever it runs.

use crate::text_file::Limits;
use halma_engine::game::play_moves;
use halma_engine::games::{split_game_text, Variant};
use halma_engine::position_files::content_lines;
use halma_engine::{Error, Game};
use std::path::{Path, PathBuf};

/// The bounds of reading an openings file: [`MAX_OPENINGS`] lines of a position text or a
/// few hundred moves each fit many times over.
pub const LIMITS: Limits = Limits {
    max_bytes: 64 << 20,
    max_line: 64 << 10,
    what: "an openings file",
};

/// Where a tournament's openings come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// The start position alone (`--openings none`, or a game without built-in openings).
    Start,
    /// A file (`--openings FILE`).
    File(PathBuf),
    /// The built-in openings of a rule set (the default): its base name and the text.
    BuiltIn(&'static str, &'static str),
}

impl Source {
    /// The default for `variant`: its built-in openings, else the start position.
    pub fn default_for(variant: Variant) -> Source {
        let info = variant.info();
        match info.openings {
            "" => Source::Start,
            text => Source::BuiltIn(info.name, text),
        }
    }
}

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

/// The openings of `source` for the game `variant` (position type `P` with `setup`); a
/// file is read within [`LIMITS`], and more than [`MAX_OPENINGS`] is an error.
pub fn load<P: Game>(
    source: &Source,
    variant: Variant,
    setup: &P::Setup,
) -> Result<Vec<Opening<P>>, Error> {
    let (text, name) = match source {
        Source::Start => {
            return Ok(vec![Opening {
                number: 0,
                position: P::start(setup),
            }])
        }
        Source::File(path) => (
            crate::text_file::read(path, LIMITS)
                .map_err(|e| Error::Argument(format!("--openings {}", e.message())))?,
            path.clone(),
        ),
        Source::BuiltIn(name, text) => (
            text.to_string(),
            Path::new("positions/openings").join(format!("{name}.txt")),
        ),
    };
    parse(&text, &name, variant, setup)
}

/// The openings of the text of an openings file (`path` names it in the messages).
fn parse<P: Game>(
    text: &str,
    path: &Path,
    variant: Variant,
    setup: &P::Setup,
) -> Result<Vec<Opening<P>>, Error> {
    let mut out = Vec::new();
    for (number, line) in content_lines(text) {
        if out.len() == MAX_OPENINGS {
            return Err(Error::Argument(format!(
                "{} holds more than {MAX_OPENINGS} openings",
                path.display()
            )));
        }
        let at = |e: Error| Error::Argument(format!("{} line {number}: {e}", path.display()));
        let position = parse_line(line, variant, setup).map_err(at)?;
        out.push(Opening { number, position });
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
    let pos = if Variant::parse(first).is_ok() {
        let (game, fields) = split_game_text(line)?;
        if game.base_name() != variant.base_name() {
            return Err(Error::Rules(format!(
                "a {} position in a {} tournament",
                game.base_name(),
                variant.base_name()
            )));
        }
        P::from_text_fields(setup, fields)?
    } else {
        let mut pos = P::start(setup);
        let moves: Vec<&str> = line.split_whitespace().collect();
        play_moves(&mut pos, &moves)?;
        pos
    };
    // A position text of a finished game too (once its games were scored at 0 plies).
    if pos.status().is_over() {
        return Err(Error::Position("the opening ends the game".into()));
    }
    Ok(pos)
}

#[cfg(test)]
mod tests {
    use super::*;
    use halma_engine::games::all_games;
    use halma_engine::with_game;

    /// The number of openings `variant`'s default source loads.
    fn default_openings(variant: Variant) -> Result<usize, Error> {
        with_game!(variant, P, setup => {
            load::<P>(&Source::default_for(variant), variant, &setup).map(|o| o.len())
        })
    }

    #[test]
    fn every_games_built_in_openings_load_as_its_registry_counts_them() {
        for info in all_games() {
            let variant = Variant::parse(&info.name.replace('N', "8")).unwrap();
            let loaded = default_openings(variant).unwrap_or_else(|e| panic!("{}: {e}", info.name));
            assert_eq!(loaded, info.opening_count().max(1), "{}", info.name);
        }
    }
}
