//! The game so far for `halma course`: `input.txt` holds the board alone, so a fresh process
//! cannot know which positions already occurred, and its search would walk into a draw by
//! repetition while it is ahead (docs/search.md, "The two games not won"). In `GAME` mode
//! the adapter keeps the game in a small file beside `input.txt` ([`HISTORY_FILE`]): the
//! first position it saw and every move since. At the next call the file is replayed, the
//! opponent's move is read off the board (the one legal move that turns the last position
//! into the new one), and the search starts from a position that carries the whole game.
//! Anything that does not continue, a missing or foreign file, a new game, a board the
//! opponent's move cannot explain, starts a new history from the board alone.

use crate::course_files::CourseBoard;
use halma_engine::bitboard::BitBoard;
use halma_engine::game::GameRules;
use halma_engine::games::split_game_text;
use halma_engine::{Error, Move, Position};
use std::path::Path;

/// The name of the file, in the directory of `input.txt`.
pub const HISTORY_FILE: &str = "halma-course-history.txt";

/// The first line of the file, naming its format.
const HEADER: &str = "halma course history 1";

/// The bounds on reading the file: a header, a position and one move a line (a move of a
/// long jump chain takes a few dozen bytes; 100,000 plies are far beyond any game).
const LIMITS: crate::text_file::Limits = crate::text_file::Limits {
    max_bytes: 4 << 20,
    max_line: 1024,
    what: "a course history file",
};

/// `input` with the game that led to it, when the history file in `dir` continues into
/// it; else `input` itself (a new history). Never fails: a history that cannot be used is
/// left for the next [`save`] to replace.
pub fn resume(dir: &Path, input: &Position<CourseBoard>) -> Position<CourseBoard> {
    match replay(dir, input) {
        Ok(Some(pos)) => pos,
        Ok(None) | Err(_) => input.clone(),
    }
}

/// The game of the file, continued by the opponent's move into `input`, if it is one.
fn replay(
    dir: &Path,
    input: &Position<CourseBoard>,
) -> Result<Option<Position<CourseBoard>>, Error> {
    let path = dir.join(HISTORY_FILE);
    if !path.is_file() {
        return Ok(None);
    }
    let text = crate::text_file::read(&path, LIMITS)?;
    let mut lines = text.lines();
    if lines.next() != Some(HEADER) {
        return Ok(None);
    }
    let Some(first) = lines.next() else {
        return Ok(None);
    };
    let (game, fields) = split_game_text(first)?;
    let current = input.to_text();
    if game.to_string() != split_game_text(&current)?.0.to_string() {
        return Ok(None);
    }
    let mut pos = Position::<CourseBoard>::from_text_fields(input.setup().clone(), fields)?;
    for line in lines {
        if pos.status().is_over() {
            return Ok(None);
        }
        let mv = pos.parse_move(line)?;
        if !pos.is_legal(mv) {
            return Ok(None);
        }
        pos.make(mv);
    }
    Ok(opponent_move(&pos, input).map(|mv| {
        pos.make(mv);
        pos
    }))
}

/// The legal move of the side to move in `last` that leaves the board of `now` with the
/// other side to move, if there is one (and the game goes on).
fn opponent_move(last: &Position<CourseBoard>, now: &Position<CourseBoard>) -> Option<Move> {
    let mover = last.to_move();
    if last.status().is_over() || now.to_move() == mover || last.sides() != now.sides() {
        return None;
    }
    let unchanged = (0..last.sides()).all(|s| s == mover || last.pieces(s) == now.pieces(s));
    let (before, after) = (last.pieces(mover), now.pieces(mover));
    let (from, to) = (before.without(after), after.without(before));
    if !unchanged || from.count() != 1 || to.count() != 1 {
        return None;
    }
    let (from, to) = (from.iter().next()?, to.iter().next()?);
    last.legal_moves()
        .into_iter()
        .find(|mv| !mv.is_pass() && mv.from() == from && mv.to() == to)
}

/// Writes the game of `pos` (the position after our move, with its history) to the file
/// in `dir`. The first position is the earliest the history knows.
pub fn save(dir: &Path, pos: &Position<CourseBoard>) -> Result<(), Error> {
    let moves: Vec<Move> = pos.history().collect();
    let mut first = pos.clone();
    for _ in &moves {
        first.unmake();
    }
    let mut text = format!("{HEADER}\n{}\n", first.to_text());
    for &mv in &moves {
        text += &first.move_text(mv);
        text.push('\n');
        first.make(mv);
    }
    let path = dir.join(HISTORY_FILE);
    // Only a regular file (or none) is written: opening a FIFO to write would wait for a
    // reader for ever.
    if std::fs::symlink_metadata(&path).is_ok_and(|m| !m.is_file()) {
        return Err(Error::Argument(format!(
            "{} is not a regular file: no history kept",
            path.display()
        )));
    }
    std::fs::write(&path, text)
        .map_err(|e| Error::Argument(format!("cannot write {}: {e}", path.display())))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course_files::{input_text, parse_input};
    use halma_engine::games::Variant;
    use halma_engine::Status;

    /// A fresh directory of its own under the system's temporary one.
    fn scratch(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "halma-course-history-{name}-{}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// The rules of these tests: `halma16`, where a piece may step back and forth.
    fn rules() -> halma_engine::Rules {
        Variant::parse("halma16")
            .unwrap()
            .require_halma("test")
            .unwrap()
    }

    /// `pos` as the next call would read it from `input.txt` (no history, move counts 0).
    fn through_the_file(pos: &Position<CourseBoard>) -> Position<CourseBoard> {
        parse_input(&input_text(pos, true, 5.0), rules()).unwrap().1
    }

    fn start() -> Position<CourseBoard> {
        let setup = halma_engine::Setup::new(rules()).unwrap();
        through_the_file(&Position::start(std::sync::Arc::new(setup)))
    }

    #[test]
    fn a_shuffle_across_calls_is_seen_as_a_repetition() {
        let dir = scratch("shuffle");
        // The referee's game: a piece of each side out, then both step back and forth.
        let mut game = start();
        let plies = [
            "e1-f2", "l16-k15", "f2-g2", "k15-j15", "g2-f2", "j15-k15", "f2-g2", "k15-j15",
        ];
        let mut ours = resume(&dir, &through_the_file(&game));
        for (i, text) in plies.iter().enumerate() {
            let mv = game.parse_move(text).unwrap();
            game.make(mv);
            if i % 2 == 0 {
                // Our move (side A): the adapter plays it and saves the game.
                ours.make(mv);
                save(&dir, &ours).unwrap();
            } else {
                // The opponent's: the next call sees only the board.
                ours = resume(&dir, &through_the_file(&game));
                assert_eq!(ours.history().count(), i + 1);
            }
        }
        // A to move: g2-f2 and j15-k15 bring back the position after l16-k15 a third time.
        for text in ["g2-f2", "j15-k15"] {
            assert_eq!(ours.status(), Status::Ongoing);
            ours.make(ours.parse_move(text).unwrap());
        }
        assert_eq!(ours.status(), Status::DrawByRepetition);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_board_the_history_does_not_explain_starts_afresh() {
        let dir = scratch("fresh");
        let mut pos = start();
        pos.make(pos.parse_move("e1-f2").unwrap());
        save(&dir, &pos).unwrap();
        // Two opponent moves at once, a new game, garbage: each time the board alone.
        let mut two = pos.clone();
        for text in ["l16-k15", "f2-g2", "k15-j15"] {
            two.make(two.parse_move(text).unwrap());
        }
        for board in [through_the_file(&two), start()] {
            assert_eq!(resume(&dir, &board).history().count(), 0);
        }
        // The opponent's one move is found.
        let mut next = pos.clone();
        next.make(next.parse_move("l16-k15").unwrap());
        assert_eq!(resume(&dir, &through_the_file(&next)).history().count(), 2);
        for junk in [
            "",
            "halma course history 1\n",
            "nonsense\n",
            "halma course history 1\nx\n",
        ] {
            std::fs::write(dir.join(HISTORY_FILE), junk).unwrap();
            let mut next = pos.clone();
            next.make(next.parse_move("l16-k15").unwrap());
            assert_eq!(resume(&dir, &through_the_file(&next)).history().count(), 0);
        }
        // A directory in the file's place is neither read nor written.
        std::fs::remove_file(dir.join(HISTORY_FILE)).unwrap();
        std::fs::create_dir(dir.join(HISTORY_FILE)).unwrap();
        assert!(save(&dir, &pos).is_err());
        assert_eq!(resume(&dir, &through_the_file(&pos)).history().count(), 0);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
