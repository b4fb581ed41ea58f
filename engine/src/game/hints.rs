//! The optional search hints of a game ([`SearchHints`]): what a game may tell a searcher
//! beyond its rules and scores so that it searches better — how many moves are left (the
//! time manager), a proved finish at the root, and futility pruning's bounds. Every hint
//! has a default that asks nothing of the game; a game without hints writes
//! `impl SearchHints for ItsPosition {}`.

use super::evaluation::Evaluation;
use crate::moves::Move;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// What bounds a proof a search asks of a game ([`SearchHints::race_finish`]): solver nodes, a
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

/// What a game may tell the searchers beyond its rules and scores; each has a default.
pub trait SearchHints: Evaluation {
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

    /// Whether futility pruning may skip moves of the side to move here, and with what
    /// margin: `Some(slack)`, in centimoves, when no move can end the game in the mover's
    /// favour and every move's [`SearchHints::move_bound`] plus `slack` bounds how much it can
    /// raise the mover's static score; `None` (the default) to prune nothing. `Some` also
    /// lets late-move pruning skip moves that gain little by [`Evaluation::move_gain`].
    #[inline(always)]
    fn futility_slack(&self, _eval: &Self::Eval) -> Option<i32> {
        None
    }

    /// How much `mv` may raise the side to move's static score (the child's score from the
    /// mover's view less the static score here), short of [`SearchHints::futility_slack`]'s
    /// margin; asked only where that is `Some`.
    #[inline(always)]
    fn move_bound(&self, _eval: &Self::Eval, _mv: Move) -> i32 {
        0
    }

    /// [`Evaluation::for_each_move_gain`] through futility pruning's filter, in one pass over the
    /// moves: calls `emit` only with the moves whose [`SearchHints::move_bound`] exceeds `floor`,
    /// and with `keep` (the table's move) whatever its bound; returns the highest bound of
    /// the moves left out, `None` if none was. Asked only where [`SearchHints::futility_slack`] is
    /// `Some`. The default asks [`SearchHints::move_bound`] of every move ([`moves_above_each`]).
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
}

/// [`SearchHints::for_each_move_gain_above`] the plain way, one [`SearchHints::move_bound`] a move: the
/// trait's default, and the reference a game's faster filter is tested against.
#[inline(always)]
pub fn moves_above_each<P: SearchHints>(
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
