//! The game layer: the one interface every game of the family offers to the searchers, perft
//! and the front ends, and the types every game shares (the game status, the teams of a
//! search).
//!
//! A game is its position type: [`Game`] is implemented by Halma's
//! [`Position`](crate::games::halma::position::Position) and by each relative's position under
//! [`crate::games`]. Searchers and commands are written once, generic over `P: Game`, and
//! monomorphised for each game; the runtime choice of game is made once, at the edge, by
//! [`crate::games::Variant`] and [`with_game!`](crate::with_game). All games share one move
//! type, [`Move`] (as shakmaty's variants share one move type): an origin and a destination
//! cell, the pass, and the encodings later games need for drops and bearing off.

use crate::error::Error;
use crate::games::catalog::GameInfo;
use crate::moves::Move;
use crate::picture::{specs_from_names, CellSpec, Lattice, Mark, Picture};
use crate::rng::Rng;
use crate::weights::Weights;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// The most sides any game of the family seats.
pub const MAX_SIDES: usize = 6;

/// The state of the game after the last move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// The game goes on.
    Ongoing,
    /// The side won by its last move.
    Won(usize),
    /// The side lost by the yard deadline with its last move.
    LostByDeadline(usize),
    /// Every side passed in a row.
    DrawByPasses,
    /// The placement and side to move occurred for the third time.
    DrawByRepetition,
    /// Equal turns: the first side completed its goal and the second could complete its own
    /// with its very next move (rule option `equal-turns`).
    DrawByEqualTurns,
    /// The ply cap was reached (rule option `ply-cap`).
    DrawByPlyCap,
}

impl Status {
    /// Whether the game is over.
    pub fn is_over(self) -> bool {
        self != Status::Ongoing
    }
}

/// The letter of a side: `A` for the first to move, then `B`, `C`, ….
pub fn side_letter(side: usize) -> char {
    (b'A' + side as u8) as char
}

/// The side of a letter, if it is one of the first `sides` letters.
pub fn parse_side(letter: char, sides: usize) -> Option<usize> {
    let i = (letter as usize).wrapping_sub('A' as usize);
    (i < sides).then_some(i)
}

/// A human description of a status, naming sides by letter.
pub fn status_text(status: Status) -> String {
    match status {
        Status::Ongoing => "ongoing".into(),
        Status::Won(s) => format!("{} wins", side_letter(s)),
        Status::LostByDeadline(s) => format!("{} loses by the deadline", side_letter(s)),
        Status::DrawByPasses => "draw: every side passed".into(),
        Status::DrawByRepetition => "draw by repetition".into(),
        Status::DrawByEqualTurns => "draw by equal turns".into(),
        Status::DrawByPlyCap => "draw by the ply cap".into(),
    }
}

/// An error unless `pos`'s game goes on: the searchers' and players' guard, so that a
/// finished game is refused in one way everywhere.
pub fn ensure_ongoing<P: Game>(pos: &P) -> Result<(), Error> {
    if pos.status().is_over() {
        return Err(Error::Position(format!(
            "the game is already over ({}): there is no move to search",
            status_text(pos.status())
        )));
    }
    Ok(())
}

/// Plays `moves` (move texts) from `pos`, each parsed and checked in turn; the error names
/// the bad move's number and why (`move 2 of 3: ...`). Moves before the bad one stay made.
pub fn play_moves<P: Game>(pos: &mut P, moves: &[&str]) -> Result<(), Error> {
    for (i, text) in moves.iter().enumerate() {
        let mv = pos.parse_move(text).map_err(|e| {
            Error::Move(format!(
                "move {} of {}: {}",
                i + 1,
                moves.len(),
                e.message()
            ))
        })?;
        pos.make(mv);
    }
    Ok(())
}

/// The cells of `pos` known by their names ([`specs_from_names`]): plain squares with
/// men, for a game's [`Game::picture`] to adjust.
pub fn cell_specs<P: Game>(pos: &P) -> impl Iterator<Item = CellSpec> + '_ {
    specs_from_names(
        pos.cells(),
        |c| pos.cell_name(c),
        |t| pos.parse_cell(t).ok(),
        |c| pos.side_at(c),
    )
}

/// [`cell_specs`] with each side's start cells tinted as its camp: the goal region of the
/// games whose goal is the opponent's start cells (Renpaarden, Carrera, Caeser's halves,
/// Embargo's yards), so that a player sees where each side must go.
pub fn camp_specs<P: Game>(pos: &P) -> impl Iterator<Item = CellSpec> + '_ {
    let start = P::start(pos.setup());
    cell_specs(pos).map(move |mut spec| {
        if let Some(side) = spec.cell.and_then(|c| start.side_at(c)) {
            spec.mark = Mark::Camp(side);
        }
        spec
    })
}

/// Which sides play together in a search: with two sides each side alone; with more, the
/// *paranoid* view, where the root side stands alone against a coalition of all the
/// others (they share one score, the negative of the root side's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Team {
    root: usize,
    sides: usize,
}

impl Team {
    /// The teams of a search run for `root` in a game of `sides` sides.
    pub fn new(root: usize, sides: usize) -> Team {
        Team { root, sides }
    }

    /// Whether `side` plays on the root side's team (the team a score's view is taken
    /// from; [`crate::weights::Weights::opponent`] weighs the other team less).
    #[inline(always)]
    pub fn with_root(self, side: usize) -> bool {
        self.same(side, self.root)
    }

    /// Whether `a` and `b` play on the same team.
    #[inline(always)]
    pub fn same(self, a: usize, b: usize) -> bool {
        if self.sides == 2 {
            a == b
        } else {
            (a == self.root) == (b == self.root)
        }
    }
}

/// What bounds a proof a search asks of a game ([`Game::race_finish`]): solver nodes, a
/// deadline, and the search's stop flag.
#[derive(Clone, Copy, Debug)]
pub struct ProofBudget<'a> {
    /// Most solver nodes.
    pub nodes: u64,
    /// When to give up, if ever.
    pub deadline: Option<Instant>,
    /// Raised to give up at once (the search's stop).
    pub stop: &'a AtomicBool,
}

/// A position of one game: its rules, move generator, make/unmake, texts and evaluation.
///
/// Moves of the side to move are generated without the pass; [`Game::legal_moves_into`]
/// adds the pass when there is no other move (a side with no move passes, in every game of
/// the family). `make` takes a legal move (or the pass) and `unmake` takes back the last
/// move made. After each move the implementation sets the status by its game's rules.
pub trait Game: Clone + Send + Sync + Sized + 'static {
    /// What is fixed for one game and shared by its positions (Halma: the rule set's
    /// camps and masks; a game without options: `()`).
    type Setup: Clone + Send + Sync + 'static;
    /// The evaluation's precomputed tables, built once per search.
    type Eval: Send + Sync;
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
    /// The position text: the rule set, then the fields [`Game::from_text_fields`] reads.
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
    /// A move's text as [`Game::parse_move`] reads it (`from-to`, `pass`).
    fn move_text(&self, mv: Move) -> String;
    /// A move's text with its whole path where the game has paths (Halma's jump chains);
    /// [`Game::move_text`] otherwise.
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
    /// The Zobrist key of the arrangement and the side to move (the repetition key).
    fn key(&self) -> u64;
    /// The key a transposition table stores this position under: [`Game::key`] plus
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
    /// The legal moves (see [`Game::legal_moves_into`]).
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
    /// Whether `mv` is legal here.
    fn is_legal(&self, mv: Move) -> bool {
        self.legal_moves().contains(&mv)
    }

    /// The weights this game's evaluation reads, at the game's own defaults (the others
    /// unset): what a front end shows as their defaults ([`crate::weights`]). By default
    /// the relatives' (the tempo alone).
    fn default_weights() -> Weights {
        Weights::relative_defaults()
    }
    /// The evaluation's tables for this game with the weights `weights` sets over the
    /// game's own defaults (a weight the game does not read is ignored).
    fn evaluator(&self, weights: &Weights) -> Self::Eval;
    /// The evaluation for a search with this position as its root. By default
    /// [`Game::evaluator`]'s; Halma's applies the opponent share only where the root side
    /// leads the race by `opponent_lead` or more. Asked once a search.
    fn root_evaluator(&self, weights: &Weights) -> Self::Eval {
        self.evaluator(weights)
    }
    /// The share, in percent, of the other sides' progress that a score from the root side's
    /// view counts against its own standing (100, the default: the plain difference;
    /// Halma's `opponent` weight). Asked once a search.
    fn opponent_share(&self, _eval: &Self::Eval) -> i32 {
        100
    }
    /// The static score for the side to move, in centimoves, with the sides in `team`.
    fn evaluate(&self, eval: &Self::Eval, team: Team) -> i32;
    /// One side's own standing, in centimoves (higher is better for it): what MCTS turns
    /// into win probabilities and move priors.
    fn side_score(&self, eval: &Self::Eval, side: usize) -> i32;
    /// The side's distance to go, lower is nearer its goal: what a tournament's race
    /// adjudication compares at the ply limit (Halma: the cells to go). By default minus
    /// its standing.
    fn distance_to_go(&self, eval: &Self::Eval, side: usize) -> i32 {
        -self.side_score(eval, side)
    }
    /// An estimate of the moves the side to move still makes before the game ends (its own
    /// moves, this one included), for the time manager; called once a search, never in it.
    /// `None` (the default) when the game offers none: the time manager then assumes its
    /// fixed default.
    fn moves_left(&self, _eval: &Self::Eval) -> Option<u32> {
        None
    }
    /// A proved-shortest finish for the side to move once the game has become a race that
    /// no other side can touch: the first move of a shortest line (legal here) and the
    /// side's own moves to finish along it, proved within `budget`. `None` (the default)
    /// when the game has no such ending, the position is not one, or the proof needs more.
    /// Asked once a search, at the root, never in it.
    fn race_finish(&self, _eval: &Self::Eval, _budget: &ProofBudget) -> Option<(Move, u32)> {
        None
    }
    /// The bonus of having the move, in centimoves (added to the side to move's
    /// [`Game::side_score`] when MCTS turns standings into win probabilities).
    fn tempo(&self, _eval: &Self::Eval) -> i32 {
        0
    }
    /// How much `mv` advances `mover` by the game's measure of progress (for move
    /// ordering and the playout policy); 0 if the game has none.
    #[inline(always)]
    fn move_gain(&self, _eval: &Self::Eval, _mover: usize, _mv: Move) -> i32 {
        0
    }
    /// Whether futility pruning may skip moves of the side to move here, and with what
    /// margin: `Some(slack)`, in centimoves, when no move can end the game in the mover's
    /// favour and every move's [`Game::move_bound`] plus `slack` bounds how much it can
    /// raise the mover's static score; `None` (the default) to prune nothing. `Some` also
    /// lets late-move pruning skip moves that gain little by [`Game::move_gain`].
    #[inline(always)]
    fn futility_slack(&self, _eval: &Self::Eval) -> Option<i32> {
        None
    }
    /// How much `mv` may raise the side to move's static score (the child's score from the
    /// mover's view less the static score here), short of [`Game::futility_slack`]'s
    /// margin; asked only where that is `Some`.
    #[inline(always)]
    fn move_bound(&self, _eval: &Self::Eval, _mv: Move) -> i32 {
        0
    }
    /// Calls `emit` with every move of [`Game::for_each_move`] and its
    /// [`Game::move_gain`] for the side to move.
    #[inline(always)]
    fn for_each_move_gain(&self, eval: &Self::Eval, mut emit: impl FnMut(Move, i32)) {
        let side = self.to_move();
        self.for_each_move(|mv| emit(mv, self.move_gain(eval, side, mv)));
    }
    /// [`Game::for_each_move_gain`] through futility pruning's filter, in one pass over the
    /// moves: calls `emit` only with the moves whose [`Game::move_bound`] exceeds `floor`,
    /// and with `keep` (the table's move) whatever its bound; returns the highest bound of
    /// the moves left out, `None` if none was. Asked only where [`Game::futility_slack`] is
    /// `Some`. The default asks [`Game::move_bound`] of every move ([`moves_above_each`]).
    #[inline(always)]
    fn for_each_move_gain_above(
        &self,
        eval: &Self::Eval,
        floor: i64,
        keep: Option<Move>,
        emit: impl FnMut(Move, i32),
    ) -> Option<i32> {
        moves_above_each(self, eval, floor, keep, emit)
    }
    /// The playout policy's move (an ongoing game): with chance `epsilon` a uniformly
    /// random legal move, else one of largest gain, ties broken at random; the pass if
    /// there is no other move.
    fn policy_move(&self, eval: &Self::Eval, epsilon: f32, rng: &mut Rng) -> Move {
        let greedy = !rng.chance(epsilon);
        let mut best = Move::PASS;
        let mut best_gain = i32::MIN;
        let mut seen = 0u32;
        self.for_each_move_gain(eval, |mv, gain| {
            let gain = if greedy { gain } else { 0 };
            if gain > best_gain {
                best_gain = gain;
                seen = 1;
                best = mv;
            } else if gain == best_gain {
                seen += 1;
                if rng.below(seen) == 0 {
                    best = mv;
                }
            }
        });
        best
    }
}

/// [`Game::for_each_move_gain_above`] the plain way, one [`Game::move_bound`] a move: the
/// trait's default, and the reference a game's faster filter is tested against.
#[inline(always)]
pub fn moves_above_each<P: Game>(
    pos: &P,
    eval: &P::Eval,
    floor: i64,
    keep: Option<Move>,
    mut emit: impl FnMut(Move, i32),
) -> Option<i32> {
    let mut dropped = None;
    pos.for_each_move_gain(eval, |mv, gain| {
        let bound = pos.move_bound(eval, mv);
        if i64::from(bound) > floor || Some(mv) == keep {
            emit(mv, gain);
        } else {
            dropped = dropped.max(Some(bound));
        }
    });
    dropped
}
