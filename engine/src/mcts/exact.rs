//! What is known exactly about a node's result ([`Exact`]), and the rewards a known result
//! or a draw gives every side. How proofs climb the tree is [`super::solver`]'s.

use super::value::Rewards;
use crate::game::{Status, MAX_SIDES};

/// What is known exactly about the result of the game from a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exact {
    /// Nothing: the statistics are estimates.
    Unknown,
    /// `side` wins by force, with its winning move `plies` plies away at most (0: already
    /// won).
    Win {
        /// The winning side.
        side: u8,
        /// Plies to the win, the winner's last move included.
        plies: u16,
    },
    /// The game is over: `side` lost by the yard deadline (more than two sides only).
    Lost {
        /// The side that lost.
        side: u8,
    },
}

impl Exact {
    /// What a finished game's `status` proves, in a game of `sides` sides. Draws give
    /// `Unknown` (see the module doc).
    pub fn of_status(status: Status, sides: usize) -> Exact {
        match status {
            Status::Won(s) => Exact::Win {
                side: s as u8,
                plies: 0,
            },
            Status::LostByDeadline(s) if sides == 2 => Exact::Win {
                side: 1 - s as u8,
                plies: 0,
            },
            Status::LostByDeadline(s) => Exact::Lost { side: s as u8 },
            _ => Exact::Unknown,
        }
    }

    /// Whether the result is known.
    #[inline(always)]
    pub fn is_known(self) -> bool {
        self != Exact::Unknown
    }

    /// The exact reward of every side, if known.
    pub fn rewards(self, sides: usize) -> Option<Rewards> {
        let mut r = [0.0; MAX_SIDES];
        match self {
            Exact::Unknown => return None,
            Exact::Win { side, .. } => r[side as usize] = 1.0,
            Exact::Lost { side } => {
                for (s, v) in r.iter_mut().enumerate().take(sides) {
                    if s != side as usize {
                        *v = 1.0 / (sides - 1) as f32;
                    }
                }
            }
        }
        Some(r)
    }
}

/// The rewards of a drawn game: an equal share each.
pub fn draw_rewards(sides: usize) -> Rewards {
    let mut r = [0.0; MAX_SIDES];
    r[..sides].fill(1.0 / sides as f32);
    r
}
