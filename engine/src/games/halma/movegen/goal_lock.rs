//! The goal-locked targets of a piece (rule option `goal-lock`, set by `ccerl`): once a
//! piece stands in its goal, or lands in it during a jump chain, every later landing of that
//! move stays in the goal.
//!
//! A child of the generator ([`super`]), built on its public jump pieces ([`JumpMasks`], [`jump_closure`],
//! [`step_targets`]): a region's landings are kept by building the masks with only that
//! region's empty cells as landings. A chain's landings are outside the goal up to its first
//! landing in the goal and inside it from then on, so the targets of a piece outside its
//! goal are
//!
//! * the closure of its jumps that land outside the goal (`outside`),
//! * the goal cells one jump from its origin or from `outside` (the entries),
//! * the closure of jumps inside the goal from those entries,
//!
//! and those of a piece in its goal are its steps and jump closure inside the goal. A
//! breadth-first fill finds the same cells as CCERL's depth-first search over simple paths:
//! a walk that visits a cell twice has the same lock state at both visits (a locked
//! landing is in the goal, and a landing in the goal locks), so its loop can be cut out.
//! The moving piece's own origin needs no correction, as in [`jump_closure`].
//!
//! The generator ([`super::PieceTargets::of`]) comes here only for a piece in its goal or
//! one whose ordinary jump closure reaches the goal: any other chain never lands in the goal,
//! so the lock never binds it. Measured (fast-build profile, 2026-11-26, `halma perft
//! --threads 1` depth 4 on issue 29's position under `ccerl`, two interleaved runs): every
//! piece through this module, 17.6 and 18.2 M leaves/s; with that filter, 40.8 and 58.7 M.
//! Criterion (`benches/movegen.rs`, release profile, 2026-11-26, the machine loaded by other
//! work): `count_legal_moves` on the `star-2` suite's positions (opening, midgame, endgame)
//! took 2.59, 4.34, 3.30 µs under `ccerl` against 2.33, 2.97, 2.12 µs under `star-2`; the
//! per-cell reference 17.4, 49.1, 11.2 µs under `ccerl`.

use crate::bitboard::BitBoard;
use crate::board::geometry::Geometry;
use crate::board::jumps::{jump_closure, step_targets, JumpMasks};

/// Every cell the piece on `from` can reach by a step or a chain of adjacent jumps under
/// the goal lock, on a board whose pieces are `occupied` (empty cells `empty`), for a side
/// whose goal is `goal`.
#[inline]
pub fn targets<G: Geometry>(from: usize, occupied: G::BB, empty: G::BB, goal: G::BB) -> G::BB {
    let inside = JumpMasks::new::<G>(occupied, empty & goal);
    let steps = step_targets::<G>(from, empty);
    if goal.has(from) {
        return (steps | jump_closure::<G>(from, &inside)) & goal;
    }
    let outside = jump_closure::<G>(from, &JumpMasks::new::<G>(occupied, empty.without(goal)));
    let mut entries = inside.landings::<G>(from);
    for cell in outside.iter() {
        entries |= inside.landings::<G>(cell);
    }
    let mut reached = entries;
    for cell in entries.iter() {
        reached |= jump_closure::<G>(cell, &inside);
    }
    steps | outside | reached
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::geometry::{Board, Star};
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    /// Depth-first search over simple jump paths with the lock state, as CCERL's referee
    /// searches them.
    fn dfs(board: Board, occupied: &[bool], goal: &[bool], from: usize) -> Vec<usize> {
        fn walk(
            board: Board,
            occupied: &[bool],
            goal: &[bool],
            at: usize,
            locked: bool,
            on_path: &mut Vec<bool>,
            found: &mut Vec<bool>,
        ) {
            for &dir in board.directions() {
                let (Some(over), Some(land)) =
                    (board.step_from(at, dir, 1), board.step_from(at, dir, 2))
                else {
                    continue;
                };
                if !occupied[over] || occupied[land] || on_path[land] || (locked && !goal[land]) {
                    continue;
                }
                found[land] = true;
                on_path[land] = true;
                walk(
                    board,
                    occupied,
                    goal,
                    land,
                    locked || goal[land],
                    on_path,
                    found,
                );
                on_path[land] = false;
            }
        }
        let mut found = vec![false; occupied.len()];
        let mut on_path = vec![false; occupied.len()];
        on_path[from] = true;
        walk(
            board,
            occupied,
            goal,
            from,
            goal[from],
            &mut on_path,
            &mut found,
        );
        for &dir in board.directions() {
            if let Some(to) = board.step_from(from, dir, 1) {
                found[to] |= !occupied[to] && (!goal[from] || goal[to]);
            }
        }
        (0..found.len()).filter(|&c| found[c]).collect()
    }

    #[test]
    fn targets_equal_a_search_over_simple_paths_on_random_stars() {
        type G = Star;
        let board = G::BOARD;
        let mut rng = StdRng::seed_from_u64(29);
        let cells: Vec<usize> = board.cells().collect();
        for _ in 0..400 {
            let mut occupied = <G as Geometry>::BB::EMPTY;
            let mut goal = <G as Geometry>::BB::EMPTY;
            let density = rng.gen_range(0.1..0.5);
            for &cell in &cells {
                if rng.gen_bool(density) {
                    occupied.set(cell);
                }
            }
            // A random camp-sized region near a random cell stands in for the goal.
            let centre = cells[rng.gen_range(0..cells.len())];
            for &cell in &cells {
                let (x, y) = board.coords(cell);
                let (cx, cy) = board.coords(centre);
                let (dq, dr) = (x as isize - cx as isize, y as isize - cy as isize);
                if dq.abs().max(dr.abs()).max((dq + dr).abs()) <= 2 {
                    goal.set(cell);
                }
            }
            let mut flags = vec![false; <G as Geometry>::BB::CAPACITY];
            occupied.iter().for_each(|c| flags[c] = true);
            let mut in_goal = vec![false; <G as Geometry>::BB::CAPACITY];
            goal.iter().for_each(|c| in_goal[c] = true);
            let empty = G::CELLS.without(occupied);
            for from in occupied.iter() {
                let got: Vec<usize> = targets::<G>(from, occupied, empty, goal).iter().collect();
                assert_eq!(
                    got,
                    dfs(board, &flags, &in_goal, from),
                    "from {}",
                    board.cell_name(from)
                );
            }
        }
    }
}
