//! Static evaluation: distance-to-goal heuristics, with every table precomputed per board and
//! side when the [`Evaluator`] is built.
//!
//! Scores are in *centimoves*: 100 is worth one move of the race. A side's own standing
//! ([`Evaluator::side_score`], higher is better) is made of
//! * **distance**: each piece counts how far it still is from the goal corner along the board's
//!   main axis (`u + v` in the goal camp's own frame: the Manhattan distance to the goal
//!   corner on square boards, the number of rows to the goal point on hexagonal ones) plus,
//!   outside the goal camp, its step distance (king moves, hexagonal steps) to the nearest
//!   goal cell. Every move toward the goal lowers it, a piece beside the camp is drawn in,
//!   and the deepest goal cells count least, so the camp fills deep-first. The sum less the
//!   sum of a full camp (a side standing on its whole goal scores 0) is the side's "cells to
//!   go". (The first version counted king-move distance to the deepest unfilled goal cell;
//!   entering the goal could make that score worse, and the searcher lost to a 1-ply greedy
//!   player on every board: see `docs/search.md`.)
//!   The per-cell distances are the setup's ([`Setup::to_go`]), and a position keeps each
//!   side's sum as moves are made ([`Position::to_go_sum`]), so the evaluation reads it
//!   rather than visiting the pieces.
//! * **stragglers**: the rearmost piece's distance beyond the side's mean distance;
//! * **ladders**: forward single hops available now (an own piece, a piece next to it toward
//!   the goal, the cell beyond empty): rungs of a ladder toward the goal;
//! * **home**: pieces still in the home camp when a yard deadline (growing toward the
//!   deadline) or the vacate rule applies;
//! * **race**: once the armies of a two-player game have passed each other, the cells to go
//!   are counted at the race weight instead (pure race: nothing else will interact); and
//!   when both sides have at most `race_pieces` pieces outside their goals, the solver
//!   gives each side's fewest moves to finish and the score says who wins the race and by
//!   how many moves ([`crate::games::halma::race`]).
//!
//! [`Evaluator::evaluate`] turns the standings into one score from the view of a side and its
//! team (see [`Team`]); the search negates it as the side to move changes team. The root
//! team counts the progress the other team made from its standing at the start at the
//! opponent share ([`HalmaWeights::opponent`], percent; 100 by default, the plain difference), the
//! same score from either view.

pub use super::weights::HalmaWeights;
use crate::bitboard::BitBoard;
use crate::board::geometry::Geometry;
use crate::board::jumps::{each_direction, jump_sources, MAX_DIRS};
use crate::game::Team;
use crate::games::halma::futility::{FrontierFilter, SavedBounds};
use crate::games::halma::position::Position;
use crate::games::halma::race::ExactRace;
use crate::games::halma::setup::{Setup, MAX_SIDES};
use std::marker::PhantomData;

pub use crate::search::score::MAX_EVAL;

pub use crate::games::halma::futility::LADDER_RUNGS;

/// Precomputed tables and weights for one game.
#[derive(Clone, Debug)]
pub struct Evaluator<G: Geometry> {
    weights: HalmaWeights,
    sides: usize,
    /// `[side * CAPACITY + cell]`: the piece's distance to go (see the module doc), a copy
    /// of [`Setup::to_go`].
    to_go: Vec<u8>,
    /// `[side * CAPACITY + cell]`: `u + v` from the side's home corner (progress made).
    progress: Vec<i16>,
    /// `behind[k]`: the cells whose progress from side 0's home corner is at most the
    /// board's least plus `k`, for every `k` up to the board's largest (the whole board).
    behind: Vec<G::BB>,
    /// Pieces per side.
    pieces: usize,
    /// The distance sum of a side whose pieces fill its goal camp.
    baseline: i32,
    /// Per direction (index into `G::OFFSETS`), the sides for which it is forward (it takes a
    /// piece farther from the side's home corner), one bit a side: each side has three
    /// forward directions on square boards, two on hexagonal ones.
    forward: [u8; MAX_DIRS],
    /// The exact race solver, in two-player games with `race_pieces` > 0.
    exact_race: Option<ExactRace<G>>,
    /// Futility pruning's bounds by cells saved, and the masks of its frontier filter.
    bounds: SavedBounds<G>,
    /// Each side's standing at the start (its pieces on its home camp, no move made, no
    /// ladder rungs): the opponent share counts the other team's progress from it.
    start: [i64; MAX_SIDES],
    _geometry: PhantomData<G>,
}

impl<G: Geometry> Evaluator<G> {
    /// Builds the tables for `setup` with `weights`.
    pub fn new(setup: &Setup<G>, weights: HalmaWeights) -> Self {
        let board = G::BOARD;
        let cap = G::BB::CAPACITY;
        let sides = setup.sides();
        let to_go: Vec<u8> = (0..sides)
            .flat_map(|side| setup.to_go_row(side).iter().copied())
            .collect();
        let mut progress = vec![0i16; sides * cap];
        let mut forward = [0u8; MAX_DIRS];
        for side in 0..sides {
            let advance = |cell: usize| {
                let (u, v) = setup.corner_offset(side, cell);
                u + v
            };
            for cell in board.cells() {
                progress[side * cap + cell] = advance(cell) as i16;
            }
            // Forward: the directions that take a piece farther from its home corner.
            let centre = board.bit(board.width() / 2, board.width() / 2);
            for (i, &d) in G::OFFSETS.iter().enumerate() {
                let next = (centre as isize + d) as usize;
                if advance(next) > advance(centre) {
                    forward[i] |= 1 << side;
                }
            }
        }
        let baseline = setup.goal(0).iter().map(|c| i32::from(to_go[c])).sum();
        // Side 0's progress over the board runs from `nearest` to `farthest`.
        let nearest = board.cells().map(|c| progress[c]).min().unwrap_or(0);
        let farthest = board.cells().map(|c| progress[c]).max().unwrap_or(0);
        let behind = (nearest..=farthest)
            .map(|k| {
                let mut mask = G::BB::EMPTY;
                for cell in board.cells().filter(|&c| progress[c] <= k) {
                    mask.set(cell);
                }
                mask
            })
            .collect();
        let bounds = SavedBounds::new(&weights, setup.pieces_per_side(), &to_go, sides);
        let mut evaluator = Evaluator {
            weights,
            sides,
            to_go,
            progress,
            behind,
            pieces: setup.pieces_per_side(),
            baseline,
            forward,
            exact_race: (sides == 2 && weights.race_pieces > 0).then(|| ExactRace::new(setup)),
            bounds,
            start: [0; MAX_SIDES],
            _geometry: PhantomData,
        };
        for side in 0..sides {
            let home = setup.home(side);
            let (to_go, _) = evaluator.pieces_to_go(home, side);
            evaluator.start[side] = evaluator.standing_of(setup, side, to_go, home, false, 0);
        }
        evaluator
    }

    /// The weights in use.
    pub fn weights(&self) -> &HalmaWeights {
        &self.weights
    }

    /// `u + v` of `cell` from `side`'s home corner: how far the side has brought a piece
    /// standing there (move ordering ranks moves by its gain).
    #[inline(always)]
    pub fn progress(&self, side: usize, cell: usize) -> i32 {
        self.progress[side * G::BB::CAPACITY + cell] as i32
    }

    /// The side's distance sum to go (0 when its pieces fill its goal camp) and the
    /// distance of its rearmost piece.
    #[inline]
    pub fn distance_to_go(&self, pos: &Position<G>, side: usize) -> (i32, i32) {
        (
            self.cells_to_go(pos, side),
            self.rear(pos.pieces(side), side),
        )
    }

    /// The side's distance sum to go (0 when its pieces fill its goal camp), from the sum
    /// the position keeps.
    #[inline(always)]
    pub fn cells_to_go(&self, pos: &Position<G>, side: usize) -> i32 {
        pos.to_go_sum(side) - self.baseline
    }

    /// The distance to go of the rearmost of `pieces` (those of `side`; 0 if there are
    /// none), by bisection over the futility bounds' masks of the cells within each
    /// distance ([`SavedBounds::farthest`]).
    #[inline(always)]
    pub fn rear(&self, pieces: G::BB, side: usize) -> i32 {
        self.bounds.farthest(side, pieces)
    }

    /// [`Evaluator::distance_to_go`] of `side` with `pieces` (its camp at the start, say),
    /// counted piece by piece.
    #[inline(always)]
    pub fn pieces_to_go(&self, pieces: G::BB, side: usize) -> (i32, i32) {
        let table = &self.to_go[side * G::BB::CAPACITY..];
        let mut sum = 0;
        let mut rear = 0;
        for cell in pieces.iter() {
            let d = table[cell] as i32;
            sum += d;
            rear = rear.max(d);
        }
        (sum - self.baseline, rear)
    }

    /// Each side's number of forward single hops now: ladder rungs toward its goal. Each
    /// direction's jump sources are found once for every side it is forward for, and the
    /// loop over the directions unrolls, so that every shift is by a constant.
    #[inline]
    fn ladder_rungs(&self, pos: &Position<G>) -> [i32; MAX_SIDES] {
        let occupied = pos.occupied();
        let empty = G::CELLS.without(occupied);
        let mut rungs = [0; MAX_SIDES];
        each_direction::<G>(
            #[inline(always)]
            |i| {
                let sides = self.forward[i];
                if sides != 0 {
                    let sources = jump_sources::<G>(occupied, empty, i);
                    for (side, n) in rungs.iter_mut().enumerate() {
                        if sides & (1 << side) != 0 {
                            *n += (pos.pieces(side) & sources).count() as i32;
                        }
                    }
                }
            },
        );
        rungs
    }

    /// The margin of futility pruning here (see [`crate::game::SearchHints::futility_slack`]), or
    /// `None` where it must not prune: more than two sides, the exact race or a negative
    /// distance, race or straggler weight in use, or a side to move that might win with its
    /// next move. The margin covers what [`Evaluator::move_bound`] does not see: the
    /// switch between the distance and the race weights as the armies pass each other
    /// (their difference times the difference of the cells to go, the other side's at the
    /// opponent share in either view), the rounding of the straggler's mean and of the
    /// opponent share, and a negative tempo bonus.
    pub fn futility_slack(&self, pos: &Position<G>) -> Option<i32> {
        let w = &self.weights;
        let sane = self.sides == 2
            && w.race_pieces == 0
            && w.distance >= 0
            && w.race >= 0
            && w.straggler >= 0;
        if !sane || pos.may_win_next() {
            return None;
        }
        let us = pos.to_move();
        let ours = i64::from(self.cells_to_go(pos, us));
        let theirs = i64::from(self.cells_to_go(pos, 1 - us));
        // The side to move may be the root (the other side's cells count at the opponent
        // share) or not (its own do): the larger gap of the two views, rounded up, and two
        // for the rounding of the share in the two scores compared.
        // (At 100 both views give the plain gap and nothing is rounded.)
        let share = i64::from(w.opponent);
        let root = (100 * ours - share * theirs).abs();
        let other = (share * ours - 100 * theirs).abs();
        let gap = (root.max(other) + 99) / 100;
        let rounding = if share == 100 { 0 } else { 2 };
        let switch = i64::from((w.race - w.distance).abs()) * gap;
        let slack = switch + i64::from(w.straggler) + 2 * i64::from((-w.tempo).max(0)) + rounding;
        Some(slack.min(i64::from(MAX_EVAL)) as i32)
    }

    /// How much moving the side to move's piece from `from` to `to` may raise its static
    /// score, short of [`Evaluator::futility_slack`] (see
    /// [`crate::game::SearchHints::move_bound`]): the cells to go it saves at the larger of the
    /// distance and race weights and as many at the straggler weight (it may be the
    /// rearmost piece), or the cells it loses at the smaller weight less the straggler's
    /// share, at the opponent share (the mover may be off the root team); the home weight
    /// when it leaves the home camp; and [`LADDER_RUNGS`] ladder rungs made or broken. The
    /// tempo bonus only lowers the child's score.
    #[inline(always)]
    pub fn move_bound(&self, pos: &Position<G>, from: usize, to: usize) -> i32 {
        let side = pos.to_move();
        let table = &self.to_go[side * G::BB::CAPACITY..];
        let saved = table[from] as i32 - table[to] as i32;
        let home = pos.setup().home(side);
        self.bounds.bound(saved, home.has(from) && !home.has(to))
    }

    /// The frontier filter of futility pruning for moves whose [`Evaluator::move_bound`]
    /// must exceed `floor`; `None` where these weights allow none (see
    /// [`crate::games::halma::futility`]).
    #[inline(always)]
    pub fn frontier_filter(&self, floor: i64) -> Option<FrontierFilter> {
        self.bounds.filter(floor)
    }

    /// Of the `targets` of the side to move's piece on `from`, the ones that pass `filter`
    /// and `keep` (a target kept whatever its bound), and the highest
    /// [`Evaluator::move_bound`] of the rest and of `dropped` (the highest of the node's
    /// pieces so far; `None` if there is none).
    #[inline(always)]
    pub fn split_targets(
        &self,
        pos: &Position<G>,
        filter: &FrontierFilter,
        from: usize,
        targets: G::BB,
        keep: Option<usize>,
        dropped: Option<i32>,
    ) -> (G::BB, Option<i32>) {
        let side = pos.to_move();
        let to_go = self.to_go[side * G::BB::CAPACITY + from] as i32;
        let home = pos.setup().home(side);
        self.bounds
            .split(filter, (side, home), (from, to_go), targets, keep, dropped)
    }

    /// Whether a two-player game has become a pure race: every piece of side 0 is past every
    /// piece of side 1 along the diagonal between the home corners (farther from side 0's
    /// home corner). Side 1's rearmost progress is found by bisecting the [`Evaluator`]'s
    /// `behind` masks, and one mask test asks whether side 0 has a piece at or before it.
    #[inline]
    pub fn is_pure_race(&self, pos: &Position<G>) -> bool {
        if self.sides != 2 {
            return false;
        }
        let (a, b) = (pos.pieces(0), pos.pieces(1));
        // The least level whose mask holds every piece of side 1 (the last mask holds the
        // whole board).
        let (mut lo, mut hi) = (0, self.behind.len() - 1);
        while lo < hi {
            let mid = (lo + hi) / 2;
            if b.without(self.behind[mid]).is_empty() {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        !a.is_empty() && !a.intersects(self.behind[lo])
    }

    /// The side's own standing in centimoves (higher is better; 0 is a finished side with
    /// nothing else to say), within ±[`MAX_EVAL`].
    pub fn side_score(&self, pos: &Position<G>, side: usize, race: bool) -> i32 {
        let rungs = if self.weights.ladder != 0 {
            self.ladder_rungs(pos)[side]
        } else {
            0
        };
        clamp_eval(self.standing(pos, side, race, rungs))
    }

    /// [`Evaluator::side_score`] before the clamp, in 64 bits, given the side's ladder
    /// `rungs`: with every weight within ±[`crate::weights::Weights::MAX`] no term can overflow.
    #[inline]
    fn standing(&self, pos: &Position<G>, side: usize, race: bool, rungs: i32) -> i64 {
        let setup = pos.setup();
        let pieces = pos.pieces(side);
        let mut score = self.standing_of(
            setup,
            side,
            self.cells_to_go(pos, side),
            pieces,
            race,
            pos.move_count(side),
        );
        score += i64::from(self.weights.ladder) * i64::from(rungs);
        score
    }

    /// The standing of `side` with `pieces` (`to_go` cells to go), `moves_done` moves
    /// made, less the ladder term: [`Evaluator::standing`] without a position.
    #[inline(always)]
    fn standing_of(
        &self,
        setup: &Setup<G>,
        side: usize,
        to_go: i32,
        pieces: G::BB,
        race: bool,
        moves_done: u64,
    ) -> i64 {
        let w = &self.weights;
        let rules = setup.rules();
        let weight = if race { w.race } else { w.distance };
        let mut score = -i64::from(to_go) * i64::from(weight);
        if w.straggler != 0 {
            let mean = (to_go + self.baseline) / self.pieces as i32;
            let rear = self.rear(pieces, side);
            score -= i64::from(w.straggler) * i64::from((rear - mean).max(0));
        }
        let at_home = i64::from((pieces & setup.home(side)).count());
        if at_home > 0 {
            if let Some(deadline) = rules.deadline {
                // Grows with the square of the fraction of the deadline used up.
                let (done, n) = (
                    moves_done.min(u64::from(deadline)) as i64,
                    i64::from(deadline),
                );
                score -= i64::from(w.home) * at_home * done * done / (n * n);
            }
            if rules.vacate {
                score -= i64::from(w.home) * at_home;
            }
        }
        score
    }

    /// The mean of `value` (per side) over the sides on `us`'s team in `team`, and over the
    /// other sides: (ours, theirs), 0 for a team with no side.
    #[inline(always)]
    fn team_means(&self, team: Team, us: usize, value: impl Fn(usize) -> i64) -> (i64, i64) {
        let (mut ours, mut theirs, mut opponents) = (0, 0, 0);
        for side in 0..self.sides {
            if team.same(side, us) {
                ours += value(side);
            } else {
                theirs += value(side);
                opponents += 1;
            }
        }
        let allies = self.sides as i64 - opponents;
        (ours / allies.max(1), theirs / opponents.max(1))
    }

    /// The score of `pos` from the view of the side to move, with teams as in `team`: the
    /// root team's mean standing less the other sides' mean standing, their progress from
    /// the start counted at the opponent share ([`HalmaWeights::opponent`], percent), negated
    /// when the side to move is not on the root team, plus the tempo bonus, within
    /// ±[`MAX_EVAL`] (never a score that reads as a win or a loss). (The game must be ongoing: finished games are scored by the search.)
    pub fn evaluate(&self, pos: &Position<G>, team: Team) -> i32 {
        let us = pos.to_move();
        let race = self.is_pure_race(pos);
        if let Some(result) = race
            .then_some(self.exact_race.as_ref())
            .flatten()
            .and_then(|exact| exact.result(pos, self.weights.race_pieces as u32))
        {
            let score = i64::from(self.weights.race_won) + 100 * i64::from(result.margin);
            return clamp_eval(if result.won { score } else { -score });
        }
        let rungs = if self.weights.ladder != 0 {
            self.ladder_rungs(pos)
        } else {
            [0; MAX_SIDES]
        };
        let (ours, theirs) =
            self.team_means(team, us, |side| self.standing(pos, side, race, rungs[side]));
        // The root team counts the progress the other team made from its standing at the
        // start at the opponent share (exactly the plain difference at 100), whichever side
        // is to move: the game stays zero-sum. Counted from the start, the score of a side
        // that leads the race stays above a draw's 0 (counted from 0, it would lose the
        // share of the other team's whole distance, and a repetition could look as good).
        let share = i64::from(self.weights.opponent);
        let score = if share == 100 {
            ours - theirs
        } else {
            let (ours_start, theirs_start) = self.team_means(team, us, |side| self.start[side]);
            // (The start's part is rounded on its own: a constant, so the scores differ from
            // the share counted from 0 by that constant only, and order moves alike.)
            if team.with_root(us) {
                ours - theirs * share / 100 - theirs_start * (100 - share) / 100
            } else {
                ours * share / 100 + ours_start * (100 - share) / 100 - theirs
            }
        };
        clamp_eval(score + i64::from(self.weights.tempo))
    }
}

/// A 64-bit score brought into ±[`MAX_EVAL`].
#[inline(always)]
fn clamp_eval(score: i64) -> i32 {
    score.clamp(-i64::from(MAX_EVAL), i64::from(MAX_EVAL)) as i32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::geometry::Square;
    use crate::games::halma::rules::Rules;
    use crate::weights::Weights;
    use std::sync::Arc;

    type G8 = Square<8>;

    fn position(text: &str) -> Position<G8> {
        let (rules, rest) = crate::games::halma::notation::split_position_text(text).unwrap();
        let setup = Arc::new(Setup::<G8>::new(rules).unwrap());
        Position::from_text_fields(setup, rest).unwrap()
    }

    #[test]
    fn weights_set_by_name_reach_the_evaluator_and_unknown_ones_are_refused() {
        let mut w = Weights::default();
        w.apply("ladder=9").unwrap();
        assert_eq!(HalmaWeights::from_set(&w).ladder, 9);
        assert!(w
            .apply("nonsense=1")
            .unwrap_err()
            .to_string()
            .contains("known"));
        assert!(w.apply("ladder").is_err() && w.apply("ladder=x").is_err());
        assert_eq!(
            Weights::NAMES.len(),
            HalmaWeights::default().to_set().entries().len()
        );
    }

    #[test]
    fn start_is_symmetric_and_a_finished_side_has_nothing_to_go() {
        let setup = Arc::new(Setup::<G8>::new(Rules::named("halma8").unwrap()).unwrap());
        let e = Evaluator::new(&setup, HalmaWeights::default());
        let start = Position::start(setup.clone());
        let (a, _) = e.distance_to_go(&start, 0);
        let (b, _) = e.distance_to_go(&start, 1);
        assert_eq!(a, b);
        assert!(a > 0);
        let team = Team::new(0, 2);
        assert_eq!(e.evaluate(&start, team), e.weights().tempo);
        // Side A on its goal camp (B's home), B on A's home: swapped armies.
        let swapped = position("halma8 4AAAA/5AAA/6AA/7A/B7/BB6/BBB5/BBBB4 A 20,20");
        assert_eq!(e.distance_to_go(&swapped, 0).0, 0);
        assert!(e.is_pure_race(&swapped));
    }

    /// Each side's ladder rungs the simple way: for every direction forward for the side
    /// (it raises the side's `u + v`), every own piece with a neighbour that way and the
    /// cell beyond empty (the twin of [`Evaluator::ladder_rungs`]).
    fn ladder_rungs_piece_by_piece<G: Geometry>(pos: &Position<G>, side: usize) -> i32 {
        let setup = pos.setup();
        let advance = |cell: usize| {
            let (u, v) = setup.corner_offset(side, cell);
            u + v
        };
        let board = G::BOARD;
        let centre = board.bit(board.width() / 2, board.width() / 2) as isize;
        let mut n = 0;
        for &d in G::OFFSETS {
            if advance((centre + d) as usize) <= advance(centre as usize) {
                continue;
            }
            for from in pos.pieces(side).iter() {
                let (over, to) = (from as isize + d, from as isize + 2 * d);
                let on = |c: isize| {
                    (0..G::BB::CAPACITY as isize).contains(&c)
                        && G::CELLS.has(c as usize)
                        && step_apart::<G>((c - d) as usize, c as usize)
                };
                if on(over) && on(to) && pos.occupied().has(over as usize) {
                    n += i32::from(!pos.occupied().has(to as usize));
                }
            }
        }
        n
    }

    /// Whether `b` is one step from `a` on the board (not across an edge).
    fn step_apart<G: Geometry>(a: usize, b: usize) -> bool {
        let ((ax, ay), (bx, by)) = (G::BOARD.coords(a), G::BOARD.coords(b));
        ax.abs_diff(bx) <= 1 && ay.abs_diff(by) <= 1
    }

    /// Random playouts with takebacks on every board and number of sides: the sums of the
    /// distances to go that the position keeps through make and unmake, the rearmost
    /// piece found by bisection, and the ladder rungs of every side at once agree with the
    /// piece-by-piece counts.
    #[test]
    fn kept_sums_rear_and_ladders_agree_with_piece_by_piece_counts() {
        use rand::rngs::StdRng;
        use rand::seq::SliceRandom;
        use rand::{Rng, SeedableRng};
        fn check<G: Geometry>(rules: &str, rng: &mut StdRng) {
            let setup = Arc::new(Setup::<G>::new(Rules::parse(rules).unwrap()).unwrap());
            let e = Evaluator::new(&setup, HalmaWeights::default());
            let mut pos = Position::start(setup.clone());
            let mut rungs_seen = 0;
            for _ in 0..400 {
                let moves = pos.legal_moves();
                let Some(&mv) = moves.choose(rng) else { break };
                pos.make(mv);
                if pos.status().is_over() || rng.gen_bool(0.2) {
                    pos.unmake();
                }
                let rungs = e.ladder_rungs(&pos);
                for (side, &kept) in rungs.iter().enumerate().take(setup.sides()) {
                    let (sum, rear) = e.pieces_to_go(pos.pieces(side), side);
                    assert_eq!(
                        e.distance_to_go(&pos, side),
                        (sum, rear),
                        "{rules} {}",
                        pos.to_text()
                    );
                    let simple = ladder_rungs_piece_by_piece(&pos, side);
                    assert_eq!(kept, simple, "{rules} side {side} {}", pos.to_text());
                    rungs_seen += simple;
                }
                assert!(rungs[setup.sides()..].iter().all(|&n| n == 0));
            }
            assert!(rungs_seen > 0, "{rules}: no ladder rung in any position");
        }
        let mut rng = StdRng::seed_from_u64(23);
        check::<G8>("halma8", &mut rng);
        check::<Square<10>>("halma10", &mut rng);
        check::<Square<16>>("halma16", &mut rng);
        check::<Square<16>>("halma16-4", &mut rng);
        check::<crate::board::geometry::Diamond>("diamond", &mut rng);
        check::<crate::board::geometry::Star>("star-3", &mut rng);
        check::<crate::board::geometry::Star>("star-6", &mut rng);
    }

    /// The pure race the simple way: side 0's least progress beyond side 1's greatest,
    /// piece by piece (the twin of [`Evaluator::is_pure_race`]'s masks).
    fn pure_race_piece_by_piece<G: Geometry>(e: &Evaluator<G>, pos: &Position<G>) -> bool {
        let least_a = pos.pieces(0).iter().map(|c| e.progress(0, c)).min();
        let most_b = pos.pieces(1).iter().map(|c| e.progress(0, c)).max();
        e.sides == 2 && least_a.unwrap_or(0) > most_b.unwrap_or(0)
    }

    /// Random two-army placements on both sides of a random line across the diagonal (a
    /// few pieces astray), and random playouts: the masks agree with the simple count, and
    /// both answers come up often.
    #[test]
    fn pure_race_masks_agree_with_the_piece_by_piece_count() {
        use crate::games::halma::setup::MAX_SIDES;
        use rand::rngs::StdRng;
        use rand::seq::SliceRandom;
        use rand::{Rng, SeedableRng};
        fn check<G: Geometry>(rules: &str, rng: &mut StdRng) -> [usize; 2] {
            let setup = Arc::new(Setup::<G>::new(Rules::parse(rules).unwrap()).unwrap());
            let e = Evaluator::new(&setup, HalmaWeights::default());
            let cells: Vec<usize> = G::BOARD.cells().collect();
            let levels: Vec<i32> = cells.iter().map(|&c| e.progress(0, c)).collect();
            let (lo, hi) = (*levels.iter().min().unwrap(), *levels.iter().max().unwrap());
            let mut seen = [0; 2];
            for _ in 0..400 {
                let line = rng.gen_range(lo - 1..=hi + 1);
                let stray = rng.gen_range(0.0..0.05);
                let mut pieces = [G::BB::EMPTY; MAX_SIDES];
                let mut occupied = G::BB::EMPTY;
                for _ in 0..setup.pieces_per_side() {
                    for (side, army) in pieces.iter_mut().enumerate().take(2) {
                        let wanted = |c: &&usize| {
                            let past = e.progress(0, **c) > line;
                            !occupied.has(**c) && (past == (side == 0))
                        };
                        let mut free: Vec<usize> = cells.iter().filter(wanted).copied().collect();
                        if free.is_empty() || rng.gen_bool(stray) {
                            free = cells
                                .iter()
                                .copied()
                                .filter(|&c| !occupied.has(c))
                                .collect();
                        }
                        let cell = *free.choose(rng).unwrap();
                        occupied.set(cell);
                        army.set(cell);
                    }
                }
                let pos =
                    Position::from_parts(setup.clone(), pieces, 0, [0; MAX_SIDES], 0).unwrap();
                let race = e.is_pure_race(&pos);
                assert_eq!(
                    race,
                    pure_race_piece_by_piece(&e, &pos),
                    "{}",
                    pos.to_text()
                );
                seen[usize::from(race)] += 1;
            }
            let mut pos = Position::start(setup.clone());
            for _ in 0..300 {
                let moves = pos.legal_moves();
                let Some(&mv) = moves.choose(rng) else { break };
                pos.make(mv);
                if pos.status().is_over() {
                    break;
                }
                assert_eq!(e.is_pure_race(&pos), pure_race_piece_by_piece(&e, &pos));
            }
            seen
        }
        let mut rng = StdRng::seed_from_u64(7);
        for seen in [
            check::<G8>("halma8", &mut rng),
            check::<Square<16>>("halma16", &mut rng),
            check::<crate::board::geometry::Star>("star-2", &mut rng),
        ] {
            assert!(seen[0] > 20 && seen[1] > 20, "{seen:?}");
        }
    }

    #[test]
    fn advancing_a_piece_improves_the_movers_standing() {
        let setup = Arc::new(Setup::<G8>::new(Rules::named("square8").unwrap()).unwrap());
        let e = Evaluator::new(&setup, HalmaWeights::default());
        let mut pos = Position::start(setup);
        let before = e.side_score(&pos, 0, false);
        let mv = pos.parse_move("d1-e2").unwrap();
        pos.make(mv);
        assert!(e.side_score(&pos, 0, false) > before);
    }

    #[test]
    fn entering_the_goal_and_going_deeper_both_help() {
        // A's goal corner is h8: g6 -> g7 enters the camp, g7 -> h8 goes to its deepest cell,
        // and a piece beside the camp (h4) is worse off than one on the camp's edge (e8).
        let setup = Arc::new(Setup::<G8>::new(Rules::named("square8").unwrap()).unwrap());
        let e = Evaluator::new(&setup, HalmaWeights::default());
        let b = G8::BOARD;
        let d = |name: &str| e.to_go[b.parse_cell(name).unwrap()];
        assert!(d("g6") > d("g7") && d("g7") > d("h8"));
        assert_eq!(d("h8"), 0);
        assert!(d("h4") > d("e8"));
    }

    /// Every weight at `value`, or the nearest it may take (the exact race on when it is
    /// positive).
    fn all_weights(value: i32) -> HalmaWeights {
        let mut w = Weights::default();
        for name in Weights::NAMES {
            let range = Weights::range(name);
            w.set(name, value.clamp(*range.start(), *range.end()))
                .unwrap();
        }
        HalmaWeights::from_set(&w)
    }

    /// The opponent share: from the root side's view a score is its standing less the
    /// share of the other side's (at 100 the plain difference), the same number negated
    /// from the other side's view, whichever side is to move (zero-sum).
    #[test]
    fn the_opponent_share_is_taken_from_the_root_view_and_keeps_the_score_zero_sum() {
        let setup = Arc::new(Setup::<G8>::new(Rules::named("halma8").unwrap()).unwrap());
        // No ladder term: the standing at the start is then exactly the start position's.
        let base = HalmaWeights {
            ladder: 0,
            ..HalmaWeights::default()
        };
        let plain = Evaluator::new(&setup, base);
        let start = Position::start(setup.clone());
        let at_start = |side| i64::from(plain.side_score(&start, side, false));
        let mut rng = crate::rng::Rng::new(23);
        let mut pos = start.clone();
        let (mut checked, mut led) = (0, 0);
        for _ in 0..60 {
            let moves = pos.legal_moves();
            pos.make(moves[rng.below(moves.len() as u32) as usize]);
            if pos.status().is_over() {
                break;
            }
            // The same placement and counts with the other side to move.
            let text = pos.to_text();
            let mut fields: Vec<&str> = text.split_whitespace().collect();
            fields[2] = if fields[2] == "A" { "B" } else { "A" };
            let flipped = position(&fields.join(" "));
            let race = plain.is_pure_race(&pos);
            let standing = |side| i64::from(plain.side_score(&pos, side, race));
            for share in [0, 1, 50, 90, 99, 100] {
                let weights = HalmaWeights {
                    opponent: share,
                    ..base
                };
                let e = Evaluator::new(&setup, weights);
                for root in 0..2 {
                    let team = Team::new(root, 2);
                    let here = e.evaluate(&pos, team) - weights.tempo;
                    let there = e.evaluate(&flipped, team) - weights.tempo;
                    assert_eq!(here, -there, "{text}: share {share}, root {root}");
                    let root_view = i64::from(if pos.to_move() == root { here } else { there });
                    // The other side's progress from its start counts at the share.
                    let other = standing(1 - root) * i64::from(share) / 100
                        + at_start(1 - root) * i64::from(100 - share) / 100;
                    assert_eq!(root_view, standing(root) - other, "{text}");
                    // So a side ahead of an opponent that has left its start scores at least
                    // the plain difference, above a draw's 0 (counted from 0, it lost the
                    // share of the opponent's whole standing).
                    let lead = standing(root) - standing(1 - root);
                    if lead > 0 && standing(1 - root) >= at_start(1 - root) {
                        assert!(root_view >= lead - 1, "{text}: share {share}");
                        led += 1;
                    }
                }
            }
            checked += 1;
        }
        assert!(
            checked >= 20 && led >= 20,
            "only {checked} positions, {led} led"
        );
    }

    #[test]
    fn weights_are_bounded_either_way() {
        let mut w = Weights::default();
        for value in [Weights::MAX, -Weights::MAX, 0] {
            w.set("distance", value).unwrap();
            assert_eq!(HalmaWeights::from_set(&w).distance, value);
        }
        for value in [Weights::MAX + 1, -Weights::MAX - 1, i32::MAX, i32::MIN] {
            let err = w.set("distance", value).unwrap_err().to_string();
            assert!(err.contains("100000"), "{err}");
            assert_eq!(
                HalmaWeights::from_set(&w).distance,
                0,
                "a refused value changes nothing"
            );
        }
        assert!(w.apply("tempo=100001").is_err() && w.apply("tempo=-100000").is_ok());
        // The opponent share is a percentage.
        for value in [-1, 101, Weights::MAX] {
            let err = w.set("opponent", value).unwrap_err().to_string();
            assert!(err.contains("0..=100"), "{err}");
        }
        assert!(w.apply("opponent=0").is_ok() && w.apply("opponent=100").is_ok());
    }

    /// Start and midgame positions of several boards, evaluated and searched with every
    /// weight at the bound, either way: no score reads as a win or a loss.
    #[test]
    fn the_largest_weights_never_make_a_score_look_like_a_win() {
        use crate::search::{Limits, Options, Score, Searcher};
        fn check<G: Geometry>(rules: &str, plies: usize) {
            let setup = Arc::new(Setup::<G>::new(Rules::parse(rules).unwrap()).unwrap());
            let mut pos = Position::start(setup.clone());
            let mut positions = vec![pos.clone()];
            for _ in 0..plies {
                // The most advancing move of each side: a midgame with armies apart.
                let moves = pos.legal_moves();
                let mover = pos.to_move();
                let e = Evaluator::new(&setup, HalmaWeights::default());
                let gain = |m: &crate::moves::Move| {
                    e.progress(mover, m.to()) - e.progress(mover, m.from())
                };
                pos.make(*moves.iter().max_by_key(|m| gain(m)).unwrap());
                if pos.status().is_over() {
                    break;
                }
                positions.push(pos.clone());
            }
            for value in [Weights::MAX, -Weights::MAX] {
                let weights = all_weights(value);
                let e = Evaluator::new(&setup, weights);
                for p in &positions {
                    for root in 0..p.sides() {
                        let score = e.evaluate(p, Team::new(root, p.sides()));
                        assert!(score.abs() <= MAX_EVAL, "{rules} {value}: {score}");
                        assert!(score.abs() < crate::search::score::WIN_BOUND);
                    }
                    for side in 0..p.sides() {
                        assert!(e.side_score(p, side, false).abs() <= MAX_EVAL);
                        assert!(e.side_score(p, side, true).abs() <= MAX_EVAL);
                    }
                }
                for p in [&positions[0], positions.last().unwrap()] {
                    let mut searcher = Searcher::new(Options {
                        hash_mib: 1,
                        weights: weights.to_set(),
                        ..Options::default()
                    });
                    let out = searcher.search(p, &Limits::depth(3), |_| {}).unwrap();
                    assert!(
                        matches!(out.score, Score::Centimoves(_)),
                        "{rules} {value}: {:?} at {}",
                        out.score,
                        p.to_text()
                    );
                }
            }
        }
        check::<G8>("halma8", 12);
        check::<Square<16>>("halma16-vacate:deadline=30000", 16);
        check::<crate::board::geometry::Star>("star-3", 9);
        check::<crate::board::geometry::Diamond>("diamond", 10);
    }

    #[test]
    fn a_long_deadline_cannot_wrap_the_home_penalty() {
        // 19 pieces at home, 30,000 of a 30,000-move deadline used: the penalty is the home
        // weight a piece, but 150 * 19 * 30000^2 overflowed 32 bits on the way.
        type G16 = Square<16>;
        let rules = Rules::parse("halma16:deadline=30000").unwrap();
        let setup = Arc::new(Setup::<G16>::new(rules).unwrap());
        let start = Position::start(setup.clone());
        let text = start.to_text().replace(" 0,0", " 30000,30000");
        let (_, fields) = crate::games::halma::notation::split_position_text(&text).unwrap();
        let late = Position::from_text_fields(setup.clone(), fields).unwrap();
        let e = Evaluator::new(&setup, HalmaWeights::default());
        let penalty = e.weights().home * 19;
        assert_eq!(
            e.side_score(&late, 0, false),
            e.side_score(&start, 0, false) - penalty
        );
    }

    #[test]
    fn the_exact_race_scores_who_finishes_first() {
        // A needs one step (h4-h5), B two (a6-a5-a4): A to move wins by one move, B to move
        // loses; the exact race replaces the cell count only when it is switched on.
        let a_to_move = position("halma8 4AAAA/5AAA/B5AA/8/7A/BB6/BBB5/BBBB4 A 40,40");
        let b_to_move = position("halma8 4AAAA/5AAA/B5AA/8/7A/BB6/BBB5/BBBB4 B 40,40");
        let team = Team::new(0, 2);
        let mut weights = HalmaWeights {
            race_pieces: 3,
            ..HalmaWeights::default()
        };
        let exact = Evaluator::new(a_to_move.setup(), weights);
        let won = weights.race_won;
        assert_eq!(exact.evaluate(&a_to_move, team), won + 100);
        assert_eq!(exact.evaluate(&b_to_move, team), -won);
        weights.race_pieces = 0;
        let counted = Evaluator::new(a_to_move.setup(), weights);
        assert!(counted.evaluate(&a_to_move, team).abs() < won);
    }
}
