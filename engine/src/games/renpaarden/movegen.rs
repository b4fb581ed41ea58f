//! The move generator: leap closures over the enemy stones, on the whole board at once.
//!
//! A stone's move is a chain of knight leaps that goes on while it lands on enemy stones and
//! ends on the first empty cell. So the cells a stone on `o` can reach are the empty cells one
//! leap from `o` or from an enemy stone reachable from `o` through enemy stones only. The
//! enemy stones fall into *components* (connected by knight leaps); a chain that enters a
//! component can visit all of it. The generator therefore finds the components once per
//! position (those some own stone can leap onto), each by a flood fill of whole-board leap
//! shifts ([`leaps`]), and with each the empty cells one leap from it (its *exits*); a
//! stone's destinations are then the empty cells one leap from it plus the exits of every
//! component it leaps onto. The mover's own
//! stones, its origin included, are never empty: a leap onto an own stone is barred, and a
//! chain back onto the origin ends there as the null move, which does not exist (so it is
//! neither a move nor continued). Destinations form a set, so two paths to one cell are one
//! move. No allocation: the components live in a fixed array.

use super::board::{cells_of, leaps, Cells, BOARD, KNIGHT, STONES};

/// The knight-connected components of enemy stones that the mover's stones can leap onto,
/// each with its exits.
#[derive(Clone, Copy, Debug)]
pub struct Closure {
    /// The number of components (at most one per enemy stone).
    len: usize,
    /// The enemy cells of each component.
    members: [Cells; STONES],
    /// The empty cells one leap from each component.
    exits: [Cells; STONES],
    /// Every enemy stone.
    enemy: Cells,
    /// Every empty cell.
    empty: Cells,
}

impl Closure {
    /// The components of the `enemy` stones, given the `own` stones of the mover.
    #[inline]
    pub fn new(own: Cells, enemy: Cells) -> Closure {
        let empty = BOARD & !(own | enemy);
        let mut closure = Closure {
            len: 0,
            members: [0; STONES],
            exits: [0; STONES],
            enemy,
            empty,
        };
        // Only components some own stone can leap onto matter: seed the fills there.
        let mut left = enemy & leaps(own);
        while left != 0 && closure.len < STONES {
            // Flood fill from the lowest enemy stone not yet assigned over the enemy stones.
            let mut component = left & left.wrapping_neg();
            let mut frontier = component;
            while frontier != 0 {
                frontier = leaps(frontier) & enemy & !component;
                component |= frontier;
            }
            left &= !component;
            closure.members[closure.len] = component;
            closure.exits[closure.len] = leaps(component) & empty;
            closure.len += 1;
        }
        closure
    }

    /// The destinations of the mover's stone on `from`: the empty cells one leap away and
    /// the chain destinations.
    #[inline(always)]
    pub fn targets(&self, from: usize) -> Cells {
        KNIGHT[from] & self.empty | self.chain_targets(from)
    }

    /// The destinations reached only through at least one enemy stone (the chain moves):
    /// the exits of the components the stone on `from` leaps onto.
    #[inline(always)]
    pub fn chain_targets(&self, from: usize) -> Cells {
        let entered = KNIGHT[from] & self.enemy;
        let mut targets = 0;
        if entered != 0 {
            for i in 0..self.len {
                if self.members[i] & entered != 0 {
                    targets |= self.exits[i];
                }
            }
        }
        targets
    }

    /// Calls `emit(from, destinations)` for every stone of `own` that has a move.
    #[inline(always)]
    pub fn for_each(&self, own: Cells, mut emit: impl FnMut(usize, Cells)) {
        for from in cells_of(own) {
            let targets = self.targets(from);
            if targets != 0 {
                emit(from, targets);
            }
        }
    }

    /// The number of moves of the stones of `own` (popcounts, nothing emitted).
    #[inline]
    pub fn count(&self, own: Cells) -> u64 {
        cells_of(own)
            .map(|from| u64::from(self.targets(from).count_ones()))
            .sum()
    }
}

/// A flood fill from one stone, without components: the destinations of the mover's stone
/// on `from`. The same set as [`Closure::targets`]; a second, simpler form for the tests.
#[cfg(test)]
fn leap_closure(from: usize, own: Cells, enemy: Cells) -> Cells {
    let empty = BOARD & !(own | enemy);
    let mut reached = 0;
    let mut frontier = KNIGHT[from] & enemy;
    while frontier != 0 {
        reached |= frontier;
        frontier = leaps(frontier) & enemy & !reached;
    }
    (KNIGHT[from] | leaps(reached)) & empty
}

#[cfg(test)]
mod tests {
    use super::super::board::{parse_cell, START};
    use super::*;

    fn set(names: &[&str]) -> Cells {
        names.iter().fold(0, |s, n| s | 1 << parse_cell(n).unwrap())
    }

    #[test]
    fn the_start_has_46_moves_for_either_side() {
        let a = Closure::new(START[0], START[1]);
        assert_eq!(a.count(START[0]), 46);
        let b = Closure::new(START[1], START[0]);
        assert_eq!(b.count(START[1]), 46);
    }

    #[test]
    fn chains_go_through_enemy_stones_and_stop_at_own_ones_and_the_origin() {
        let c = |n: &str| parse_cell(n).unwrap();
        // A on d4, g7 and h9; B on e6 and f8: chains d4-e6-… and d4-e6-f8-….
        let own = set(&["d4", "g7", "h9"]);
        let enemy = set(&["e6", "f8"]);
        let closure = Closure::new(own, enemy);
        let t = closure.targets(c("d4"));
        // Plain leaps from d4, none onto an own stone.
        for n in ["b3", "b5", "c2", "c6", "e2", "f3", "f5"] {
            assert!(t >> c(n) & 1 == 1, "{n}");
        }
        // Through e6: its empty neighbours; d4 (the origin) is not one.
        for n in ["c5", "c7", "d8", "f4", "g5"] {
            assert!(t >> c(n) & 1 == 1, "{n}");
        }
        assert!(t >> c("d4") & 1 == 0);
        assert!(t >> c("g7") & 1 == 0, "own stone");
        assert!(t >> c("h9") & 1 == 0, "own stone");
        // Through f8 (reached from e6); h9 is own.
        for n in ["d7", "d9", "g6", "h7"] {
            assert!(t >> c(n) & 1 == 1, "{n}");
        }
        assert!(t & enemy == 0);
        assert_eq!(t, leap_closure(c("d4"), own, enemy));
    }

    #[test]
    fn components_give_the_per_stone_flood_fill_on_random_placements() {
        let mut rng = crate::rng::Rng::new(7);
        for _ in 0..2000 {
            let mut sides = [0 as Cells; 2];
            for side in 0..2 {
                while sides[side].count_ones() < STONES as u32 {
                    let cell = rng.below(81);
                    if (sides[0] | sides[1]) >> cell & 1 == 0 {
                        sides[side] |= 1 << cell;
                    }
                }
            }
            let closure = Closure::new(sides[0], sides[1]);
            for from in cells_of(sides[0]) {
                assert_eq!(
                    closure.targets(from),
                    leap_closure(from, sides[0], sides[1])
                );
            }
        }
    }
}
