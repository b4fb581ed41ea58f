//! The one error type of the engine: every bad input becomes a one-line message.

use std::fmt;

/// What was wrong with an input; `Display` gives the one-line message for the user.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// Unknown rule set, bad rule option or unsupported combination.
    Rules(String),
    /// A cell name that does not parse or lies off the board.
    Cell(String),
    /// A move that does not parse or is not legal in the position.
    Move(String),
    /// A position text that does not parse or describes an impossible position.
    Position(String),
    /// Any other bad argument (a depth that is not a number, …).
    Argument(String),
}

impl Error {
    /// The message without its kind, for wrapping in another error's context.
    pub fn message(&self) -> &str {
        match self {
            Error::Rules(t)
            | Error::Cell(t)
            | Error::Move(t)
            | Error::Position(t)
            | Error::Argument(t) => t,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (kind, text) = match self {
            Error::Rules(t) => ("rules", t),
            Error::Cell(t) => ("cell", t),
            Error::Move(t) => ("move", t),
            Error::Position(t) => ("position", t),
            Error::Argument(t) => ("argument", t),
        };
        write!(f, "{kind}: {text}")
    }
}

impl std::error::Error for Error {}
