//! The turn kernel every game of the family shares: the side to move, each side's move
//! count, the passes in a row, the Zobrist key, the status after the last move and the undo
//! history whose keys give the third-repetition draw.
//!
//! A game's position keeps its pieces and a [`Turns`]. Its `make` changes the pieces, then
//! calls [`Turns::play`] with the whole key change (the pieces' keys and the two turn keys,
//! [`Turns::next_side`] naming the side that moves next), then [`Turns::settle`] with its own
//! verdict (a win, a deadline loss) if it has one. Its `unmake` calls [`Turns::take_back`]
//! and moves back the pieces of the move returned. After a move the tests run in the order of
//! the conventions (RULES.md, RULES-relatives.md): the game's own verdict, then every side
//! passed in a row, then the third occurrence of the arrangement with the same side to move.
//!
//! **Repetition in O(1) in the common case.** Counting the earlier occurrences of a key means
//! scanning the history, and a game of 300 plies costs 150 comparisons a move that way.
//! Strong engines bound the scan (by the fifty-move counter in chess); this family has no
//! irreversible move, so the kernel bounds it with a filter instead: once the history holds
//! [`FILTER_FROM`] moves, [`BUCKETS`] counters, one per bucket of keys, count the keys in the
//! history. A key whose bucket holds fewer than two entries cannot have occurred twice
//! before, so the exact scan runs only when the bucket says it may (a real repetition, or
//! one of about 1 in 30 moves in a long game where another key shares the bucket). The answer
//! is always the exact scan's. A short history is scanned as it is, so positions built from
//! a text (the solver's, the search's roots) carry no filter and clone cheaply; the filter is
//! allocated once in a position object's life, when its history first grows that long.

use crate::error::Error;
use crate::game::{side_letter, Status};
use crate::moves::Move;

/// The buckets of the repetition filter (a power of two; the filter takes 4 KiB).
pub const BUCKETS: usize = 1024;

/// The history length from which the repetition filter is kept: a shorter one is scanned.
pub const FILTER_FROM: usize = 64;

/// The repetition filter: `counts[b]`, how many history entries hold a key of bucket `b`.
type Filter = Box<[u32; BUCKETS]>;

/// Why a position text's `passes` in a row cannot be, in a game of `sides` sides: the game
/// ends once every side has passed in a row, so a finished game's text says `sides` and
/// never more.
pub fn too_many_passes(passes: u8, sides: usize) -> String {
    format!(
        "{passes} passes in a row cannot be: the game ends in a draw once all {sides} sides \
         have passed in a row (a finished game's text says {sides})"
    )
}

/// What [`Turns::take_back`] restores.
#[derive(Clone, Copy, Debug)]
struct Undo {
    mv: Move,
    key: u64,
    status: Status,
    passes: u8,
}

/// The bookkeeping of a game of at most `N` sides, apart from its pieces.
#[derive(Clone, Debug)]
pub struct Turns<const N: usize> {
    sides: u8,
    to_move: u8,
    passes: u8,
    move_counts: [u64; N],
    key: u64,
    status: Status,
    history: Vec<Undo>,
    /// The repetition filter, once the history has been [`FILTER_FROM`] long.
    seen: Option<Filter>,
}

/// The filter bucket of `key`.
#[inline(always)]
fn bucket(key: u64) -> usize {
    (key >> 54) as usize & (BUCKETS - 1)
}

impl<const N: usize> Turns<N> {
    /// The turns of a position built from its parts: `sides` playing (at most `N`),
    /// `to_move` one of them, `passes` in a row at most `sides` (`sides`: every side passed
    /// and the game ended drawn, as a finished game's text says), `key` the position's full
    /// key. The status is [`Status::Ongoing`] until [`Turns::settle`] sets it; the history
    /// is empty (this arrangement's first occurrence).
    pub fn new(
        sides: usize,
        to_move: usize,
        move_counts: [u64; N],
        passes: u8,
        key: u64,
    ) -> Result<Self, Error> {
        assert!(
            (1..=N).contains(&sides) && (N != 2 || sides == 2),
            "{sides} sides in a game of at most {N}"
        );
        let mut turns = Turns {
            sides: sides as u8,
            to_move: 0,
            passes: 0,
            move_counts: [0; N],
            key: 0,
            status: Status::Ongoing,
            history: Vec::with_capacity(256),
            seen: None,
        };
        turns.reset(to_move, move_counts, passes, key)?;
        Ok(turns)
    }

    /// Makes these the turns of another position of the same game, checked as
    /// [`Turns::new`] checks them, with an empty history (its memory kept, so that a search
    /// turning stored states into positions allocates nothing). On an error nothing changes.
    pub fn reset(
        &mut self,
        to_move: usize,
        move_counts: [u64; N],
        passes: u8,
        key: u64,
    ) -> Result<(), Error> {
        Self::check(self.sides(), to_move, passes)?;
        if let Some(seen) = &mut self.seen {
            for undo in &self.history {
                seen[bucket(undo.key)] -= 1;
            }
        }
        self.history.clear();
        self.to_move = to_move as u8;
        self.move_counts = move_counts;
        self.passes = passes;
        self.key = key;
        self.status = Status::Ongoing;
        Ok(())
    }

    /// An error unless `to_move` is one of `sides` sides and `passes` in a row at most
    /// `sides`: the checks of [`Turns::new`], for a game that checks before it builds.
    pub fn check(sides: usize, to_move: usize, passes: u8) -> Result<(), Error> {
        if to_move >= sides {
            return Err(Error::Position(format!(
                "side {} to move, but there are {sides} sides",
                side_letter(to_move)
            )));
        }
        if passes as usize > sides {
            return Err(Error::Position(too_many_passes(passes, sides)));
        }
        Ok(())
    }

    /// The number of sides playing: `N` itself for `N = 2` (no game of this family is played
    /// by one side), which the compiler then folds into every turn step.
    #[inline(always)]
    pub fn sides(&self) -> usize {
        if N == 2 {
            2
        } else {
            usize::from(self.sides)
        }
    }

    /// The side to move (0 = A).
    #[inline(always)]
    pub fn to_move(&self) -> usize {
        usize::from(self.to_move)
    }

    /// The side that moves after the side to move.
    #[inline(always)]
    pub fn next_side(&self) -> usize {
        let next = self.to_move() + 1;
        if next == self.sides() {
            0
        } else {
            next
        }
    }

    /// The side that moved into this position (the one before the side to move).
    #[inline(always)]
    pub fn last_mover(&self) -> usize {
        match self.to_move() {
            0 => self.sides() - 1,
            side => side - 1,
        }
    }

    /// Moves `side` has made (passes included); the count wraps at 2^64, which no game
    /// reaches, so that every count a position text gives stays playable.
    #[inline(always)]
    pub fn move_count(&self, side: usize) -> u64 {
        self.move_counts[side]
    }

    /// Every side's move count, by side.
    #[inline(always)]
    pub fn move_counts(&self) -> [u64; N] {
        self.move_counts
    }

    /// Plies played: every side's move count added up (saturating).
    pub fn plies(&self) -> u64 {
        self.move_counts[..self.sides()]
            .iter()
            .fold(0u64, |sum, &n| sum.saturating_add(n))
    }

    /// Passes played in a row just before this position.
    #[inline(always)]
    pub fn passes(&self) -> u8 {
        self.passes
    }

    /// The Zobrist key of the arrangement and the side to move.
    #[inline(always)]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The game's state after the last move.
    #[inline(always)]
    pub fn status(&self) -> Status {
        self.status
    }

    /// The moves made since the position was built, oldest first.
    pub fn history(&self) -> impl Iterator<Item = Move> + '_ {
        self.history.iter().map(|u| u.mv)
    }

    /// Records `mv` (the pieces already moved, or the pass): `key_change` is the whole key
    /// change, the pieces' keys and the turn keys of the side to move and of
    /// [`Turns::next_side`]; the mover's count grows and the next side is to move. Call
    /// [`Turns::settle`] next.
    #[inline(always)]
    pub fn play(&mut self, mv: Move, key_change: u64) {
        self.history.push(Undo {
            mv,
            key: self.key,
            status: self.status,
            passes: self.passes,
        });
        match &mut self.seen {
            Some(seen) => seen[bucket(self.key)] += 1,
            None if self.history.len() >= FILTER_FROM => self.start_filter(),
            None => {}
        }
        self.passes = if mv.is_pass() { self.passes + 1 } else { 0 };
        self.key ^= key_change;
        let side = self.to_move();
        self.move_counts[side] = self.move_counts[side].wrapping_add(1);
        self.to_move = self.next_side_of(side) as u8;
    }

    /// Allocates the repetition filter and counts the history into it (once in a position
    /// object's life: it is kept, in step with the history, from then on).
    #[cold]
    fn start_filter(&mut self) {
        let mut seen: Filter = Box::new([0; BUCKETS]);
        for undo in &self.history {
            seen[bucket(undo.key)] += 1;
        }
        self.seen = Some(seen);
    }

    /// The side after `side`.
    #[inline(always)]
    fn next_side_of(&self, side: usize) -> usize {
        if side + 1 == self.sides() {
            0
        } else {
            side + 1
        }
    }

    /// Sets the status after the last move: the game's own verdict `decided` if it has one
    /// (a win, a deadline loss), else the draw once every side passed in a row, else (when
    /// the rules have the `repetition` draw) the draw by the third occurrence of the
    /// arrangement with the same side to move, else [`Status::Ongoing`].
    #[inline(always)]
    pub fn settle(&mut self, decided: Option<Status>, repetition: bool) {
        self.status = if let Some(status) = decided {
            status
        } else if self.passes as usize >= self.sides() {
            Status::DrawByPasses
        } else if repetition && self.occurred_thrice() {
            Status::DrawByRepetition
        } else {
            Status::Ongoing
        };
    }

    /// [`Turns::settle`] for the games whose only verdict is the mover's win, which `won`
    /// says, and which draw by repetition.
    #[inline(always)]
    pub fn settle_won(&mut self, won: bool) {
        let mover = self.last_mover();
        self.settle(won.then_some(Status::Won(mover)), true);
    }

    /// Overrides the status after [`Turns::settle`] (a rule that comes after the draws,
    /// like Halma's ply cap).
    #[inline(always)]
    pub fn set_status(&mut self, status: Status) {
        self.status = status;
    }

    /// Takes back the last [`Turns::play`] and returns its move, whose pieces the caller
    /// moves back (the mover is then the side to move). `None` when nothing was played.
    #[inline(always)]
    pub fn take_back(&mut self) -> Option<Move> {
        let undo = self.history.pop()?;
        if let Some(seen) = &mut self.seen {
            seen[bucket(undo.key)] -= 1;
        }
        let side = self.last_mover();
        self.to_move = side as u8;
        self.move_counts[side] = self.move_counts[side].wrapping_sub(1);
        self.key = undo.key;
        self.status = undo.status;
        self.passes = undo.passes;
        Some(undo.mv)
    }

    /// Whether the present arrangement with this side to move occurred twice before in the
    /// history: the filter first, then the exact scan (only every `sides`-th earlier entry
    /// has the same side to move; the history holds the key before each move).
    #[inline(always)]
    fn occurred_thrice(&self) -> bool {
        let may = match &self.seen {
            Some(seen) => seen[bucket(self.key)] >= 2,
            None => true,
        };
        may && self.occurrences() >= 3
    }

    /// How often the present arrangement with this side to move occurred in the history,
    /// the present included: the exact scan.
    #[inline(always)]
    pub fn occurrences(&self) -> usize {
        // A plain loop: a `step_by` with the step known only at run time was not inlined
        // and cost the small games' perft 15% (topsecret depth 6).
        let sides = self.sides();
        let mut count = 1;
        let mut at = self.history.len();
        while at >= sides {
            at -= sides;
            count += usize::from(self.history[at].key == self.key);
        }
        count
    }
}

/// The accessors of a position struct whose [`Turns`] is its field `$field`, as inherent
/// methods: `to_move`, `move_count`, `passes_in_row`, `key`, `status`, `history`.
macro_rules! turn_accessors {
    ($field:ident) => {
        /// The side to move (0 = A).
        #[inline(always)]
        pub fn to_move(&self) -> usize {
            self.$field.to_move()
        }

        /// Moves `side` has made (passes included).
        #[inline(always)]
        pub fn move_count(&self, side: usize) -> u64 {
            self.$field.move_count(side)
        }

        /// Passes played in a row just before this position (the game ends drawn once
        /// every side has passed in a row).
        #[inline(always)]
        pub fn passes_in_row(&self) -> u8 {
            self.$field.passes()
        }

        /// The Zobrist key of the arrangement and the side to move, kept incrementally.
        #[inline(always)]
        pub fn key(&self) -> u64 {
            self.$field.key()
        }

        /// The game's state after the last move.
        #[inline(always)]
        pub fn status(&self) -> $crate::game::Status {
            self.$field.status()
        }

        /// The moves made on this position object, oldest first.
        pub fn history(&self) -> impl Iterator<Item = $crate::moves::Move> + '_ {
            self.$field.history()
        }
    };
}

pub(crate) use turn_accessors;

#[cfg(test)]
mod tests {
    use super::*;

    /// Plays a "move" that toggles `piece` into the key and passes the turn.
    fn step(t: &mut Turns<3>, piece: u64, turn: [u64; 3]) {
        let change = piece ^ turn[t.to_move()] ^ turn[t.next_side()];
        t.play(Move::new(0, 1), change);
        t.settle(None, true);
    }

    #[test]
    fn three_sides_rotate_and_take_back_restores_everything() {
        let turn = [11, 22, 44];
        let mut t = Turns::<3>::new(3, 2, [5, 6, 7], 0, turn[2]).unwrap();
        assert_eq!((t.last_mover(), t.next_side()), (1, 0));
        step(&mut t, 1 << 60, turn);
        assert_eq!(
            (t.to_move(), t.move_counts(), t.plies()),
            (0, [5, 6, 8], 19)
        );
        assert_eq!(t.key(), turn[0] ^ 1 << 60);
        assert_eq!(t.take_back(), Some(Move::new(0, 1)));
        assert_eq!(
            (t.to_move(), t.move_counts(), t.key()),
            (2, [5, 6, 7], turn[2])
        );
        assert_eq!(t.take_back(), None);
        assert!(t.seen.is_none());
    }

    #[test]
    fn the_third_occurrence_draws_and_not_the_second() {
        let turn = [0, 0, 0];
        let mut t = Turns::<3>::new(2, 0, [0; 3], 0, 7).unwrap();
        // Toggling the same piece twice returns to the start arrangement, A to move.
        for round in 1..=2 {
            step(&mut t, 1 << 55, turn);
            step(&mut t, 1 << 55, turn);
            assert_eq!(t.occurrences(), round + 1);
            let want = if round == 2 {
                Status::DrawByRepetition
            } else {
                Status::Ongoing
            };
            assert_eq!(t.status(), want, "round {round}");
        }
        t.take_back();
        assert_eq!(t.status(), Status::Ongoing);
    }

    #[test]
    fn keys_in_one_bucket_do_not_draw_without_a_real_repetition() {
        let turn = [0, 0, 0];
        // Keys that differ only in their low bits share a bucket.
        let mut t = Turns::<3>::new(2, 0, [0; 3], 0, 0).unwrap();
        for i in 1..=FILTER_FROM as u64 + 6 {
            // The key becomes `i`: all distinct, all in bucket 0.
            step(&mut t, (i - 1) ^ i, turn);
            assert_eq!(t.status(), Status::Ongoing, "step {i}");
        }
        assert!(t.seen.as_ref().unwrap()[bucket(0)] >= 2);
    }

    #[test]
    fn the_filter_keeps_step_with_a_long_history_and_its_take_back() {
        let turn = [3, 5, 9];
        let mut t = Turns::<3>::new(3, 0, [0; 3], 0, turn[0]).unwrap();
        let mut keys = vec![t.key()];
        for i in 0..3 * FILTER_FROM {
            step(&mut t, (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15), turn);
            keys.push(t.key());
        }
        let count = |t: &Turns<3>| {
            let mut want = [0u32; BUCKETS];
            for undo in &t.history {
                want[bucket(undo.key)] += 1;
            }
            assert_eq!(t.seen.as_deref(), Some(&want));
        };
        count(&t);
        for _ in 0..2 * FILTER_FROM {
            t.take_back();
        }
        count(&t);
        assert_eq!(t.key(), keys[FILTER_FROM]);
        t.reset(1, [0; 3], 0, 77).unwrap();
        assert!(t.seen.as_ref().unwrap().iter().all(|&n| n == 0));
    }

    #[test]
    fn every_side_passing_draws_before_repetition() {
        let mut t = Turns::<3>::new(3, 0, [0; 3], 2, 1).unwrap();
        t.play(Move::PASS, 0);
        t.settle(None, true);
        assert_eq!(t.status(), Status::DrawByPasses);
        t.take_back();
        t.play(Move::PASS, 0);
        t.settle(Some(Status::Won(0)), true);
        assert_eq!(t.status(), Status::Won(0));
    }

    #[test]
    fn bad_parts_are_refused_and_reset_keeps_the_old_ones() {
        let mut t = Turns::<2>::new(2, 1, [3, 3], 1, 9).unwrap();
        let e = Turns::<2>::new(2, 2, [0; 2], 0, 0).unwrap_err();
        assert_eq!(e.message(), "side C to move, but there are 2 sides");
        assert!(t.reset(0, [0; 2], 3, 0).is_err());
        assert_eq!((t.to_move(), t.passes(), t.key()), (1, 1, 9));
    }
}
