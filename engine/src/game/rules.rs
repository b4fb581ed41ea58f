//! The rules layer of a game ([`GameRules`]): its positions and setup, its moves and how
//! they are made and taken back, its status, its texts and its picture. What every searcher,
//! perft and front end needs to play the game; nothing here scores a position.

use super::{side_letter, status_text, Status};
use crate::error::Error;
use crate::games::catalog::GameInfo;
use crate::moves::Move;
use crate::picture::{Lattice, Picture};

use super::camp_specs;

/// A position of one game, by its rules: setup, moves, make/unmake, status and texts.
///
/// Moves of the side to move are generated without the pass; [`GameRules::legal_moves_into`]
/// adds the pass when there is no other move (a side with no move passes, in every game of
/// the family). `make` takes a legal move (or the pass) and `unmake` takes back the last
/// move made. After each move the implementation sets the status by its game's rules. The
/// counting, listing and legality test are written here once from
/// [`GameRules::for_each_move`]; a game overrides them only to be faster.
pub trait GameRules: Clone + Send + Sync + Sized + 'static {
    /// What is fixed for one game and shared by its positions (Halma: the rule set's
    /// camps and masks; a game without options: `()`).
    type Setup: Clone + Send + Sync + 'static;

    /// How a side wins this game, as the words after "A wins: " (Halma and most of the
    /// family: `goal reached`).
    const WIN_TEXT: &'static str = "goal reached";

    /// The start position of the game `setup` describes.
    fn start(setup: &Self::Setup) -> Self;

    /// The position whose text is `fields` (the position text after its first field, the
    /// rule set), checked.
    fn from_text_fields(setup: &Self::Setup, fields: &str) -> Result<Self, Error>;

    /// What is fixed for this position's game.
    fn setup(&self) -> &Self::Setup;

    /// The game's entry in the registry of games ([`GameInfo`]: its name, summary,
    /// preferred searcher, openings, bench positions).
    fn info(&self) -> &'static GameInfo;

    /// The rule set's name as `--rules` and the position text write it (with any options);
    /// by default the registry's name.
    fn rules_text(&self) -> String {
        self.info().name.into()
    }

    /// The position text: the rule set, then the fields [`GameRules::from_text_fields`] reads.
    fn to_text(&self) -> String;

    /// The board drawn as text, as the game is drawn.
    fn diagram(&self) -> String;

    /// The cell called `name` (like `c3`); an error says what is wrong.
    fn parse_cell(&self, name: &str) -> Result<usize, Error>;

    /// The name of cell `cell`.
    fn cell_name(&self, cell: usize) -> String;

    /// Parses a move in this position (checked legal): `from-to`, `pass`, or what the game
    /// adds; an error names what is wrong.
    fn parse_move(&self, text: &str) -> Result<Move, Error>;

    /// A move's text as [`GameRules::parse_move`] reads it (`from-to`, `pass`).
    fn move_text(&self, mv: Move) -> String;

    /// A move's text with its whole path where the game has paths (Halma's jump chains);
    /// [`GameRules::move_text`] otherwise.
    fn path_text(&self, mv: Move) -> String {
        self.move_text(mv)
    }

    /// What a front end draws: each cell's place, shape, camp and piece
    /// ([`crate::picture`]). By default a plain square board of the cells whose names
    /// parse back to them, with men, each side's start cells tinted as its camp
    /// ([`camp_specs`]); games drawn otherwise say so. Never called in search.
    fn picture(&self) -> Picture {
        Picture::new(Lattice::Square, self.sides(), camp_specs(self))
    }

    /// The number of sides playing.
    fn sides(&self) -> usize;

    /// The side to move.
    fn to_move(&self) -> usize;

    /// The game's state after the last move.
    fn status(&self) -> Status;

    /// The state after the last move in words, with how the winner won in the game's own
    /// words ([`GameRules::WIN_TEXT`]): `A wins: goal reached`, `draw by repetition`,
    /// `ongoing` ([`status_text`] otherwise).
    fn outcome_text(&self) -> String {
        match self.status() {
            Status::Won(s) => format!("{} wins: {}", side_letter(s), Self::WIN_TEXT),
            other => status_text(other),
        }
    }

    /// The Zobrist key of the arrangement and the side to move (the repetition key).
    fn key(&self) -> u64;

    /// The key a transposition table stores this position under: [`GameRules::key`] plus
    /// whatever else decides its value (Halma with a deadline: the move counts).
    #[inline(always)]
    fn search_key(&self) -> u64 {
        self.key()
    }

    /// Moves `side` has made (passes included).
    fn move_count(&self, side: usize) -> u64;

    /// The moves made since the position was built, oldest first.
    fn history(&self) -> impl Iterator<Item = Move> + '_;

    /// Plays `mv` (legal in this position, or the pass).
    fn make(&mut self, mv: Move);

    /// Takes back the last move made.
    fn unmake(&mut self);

    /// The number of cell indices (every move's cells are below it).
    fn cells(&self) -> usize;

    /// The side whose piece stands on `cell`.
    fn side_at(&self, cell: usize) -> Option<usize>;

    /// Calls `emit` with every legal move of the side to move, the pass excluded (none
    /// when the game is over).
    fn for_each_move(&self, emit: impl FnMut(Move));

    /// The legal moves into `out` (cleared first): the pass alone when there is no other,
    /// nothing when the game is over.
    fn legal_moves_into(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.status().is_over() {
            return;
        }
        self.for_each_move(|mv| out.push(mv));
        if out.is_empty() {
            out.push(Move::PASS);
        }
    }

    /// The legal moves (see [`GameRules::legal_moves_into`]).
    fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        self.legal_moves_into(&mut out);
        out
    }

    /// The number of legal moves (a forced pass counts one; 0 when the game is over).
    fn count_legal_moves(&self) -> u64 {
        if self.status().is_over() {
            return 0;
        }
        let mut n = 0u64;
        self.for_each_move(|_| n += 1);
        n.max(1)
    }

    /// Whether `mv` is legal here: one of [`GameRules::for_each_move`]'s moves, or the pass
    /// where there is none; nothing once the game is over. No list is built.
    fn is_legal(&self, mv: Move) -> bool {
        if self.status().is_over() {
            return false;
        }
        let (mut found, mut any) = (false, false);
        self.for_each_move(|m| {
            any = true;
            found |= m == mv;
        });
        found || (!any && mv.is_pass())
    }
}
