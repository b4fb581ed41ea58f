//! One search thread: iterative deepening over a negamax principal-variation search with
//! aspiration windows, the shared transposition table, null-move pruning, late-move
//! reductions and pruning, exact win/loss scores. Every buffer is allocated once per
//! thread, so the search allocates nothing per node.
//!
//! Teams: with more than two sides the root side plays against all the others ([`Team`]).
//! Negamax negates a child's score only when the side to move changes team. Paranoid: every
//! side moves in its turn, two opponents moving in a row share one score and one window.
//! Best-reply ([`super::multi`]): at a node where an opponent is to move, the moves of all
//! opponents are pooled into one list and each is played with [`make_reply`], so every
//! child has the root side to move again.

use super::multi::{make_reply, MultiPlayer};
use super::ordering::{pick_next, Heuristics, ScoredMove, TT_MOVE};
use super::score::{from_table, to_table, win_in, INFINITE, MAX_PLY, WIN_BOUND};
use super::tt::{Bound, Entry};
use super::Shared;
use crate::game::{Game, Status, Team};
use crate::moves::Move;
use std::sync::atomic::Ordering::Relaxed;

/// Nodes between two looks at the clock, the stop flags and the shared node count: about
/// a quarter of a millisecond of one thread, so that a search with more threads than cores,
/// where each thread runs only part of the time, still stops soon after its deadline (1024
/// until 2026-11-26: 256 threads on 2 cores then took 200 ms past a 40 ms move time).
const CHECK_EVERY: u64 = 256;
/// What the side to move is assumed to keep of its static score with its best move, for
/// reverse futility pruning at the frontier: one move of the race, in centimoves.
const STAND_MARGIN: i32 = 100;
/// Late-move pruning reaches the non-PV nodes this many plies from the frontier and
/// closer ([`late_prune_from`]).
const LATE_PRUNE_DEPTH: u32 = 3;
/// Late-move pruning skips the late moves that gain at most this much ([`Evaluation::move_gain`](crate::game::Evaluation::move_gain);
/// in Halma, progress `u + v`: sideways and backward moves, any single step toward the
/// goal, and a jump chain that nets two cells, such as one jump along an axis).
const LATE_PRUNE_GAIN: i32 = 2;
/// Half-width of the first aspiration window, in centimoves.
const ASPIRATION: i32 = 40;
/// Null-move pruning reaches the non-PV nodes at least this many plies from the frontier.
const NULL_MOVE_DEPTH: u32 = 3;
/// How much shallower than a move's the pass's search of null-move pruning is.
const NULL_MOVE_REDUCTION: u32 = 2;
/// Late-move reductions reduce the `i`-th move at `depth` by `0.5 + ln depth · ln i / this`
/// plies (before the corrections for its gain): 2.25 until 2026-11-28, when 1.75 (about a
/// fifth fewer nodes to depth 5 in the middle game) won its SPRT, +41.9 Elo
/// (docs/search.md, "Late-move pruning").
const REDUCTION_DIVISOR: f64 = 1.75;
// The pass's search depth, `depth - 1 - NULL_MOVE_REDUCTION`, must not underflow.
const _: () = assert!(NULL_MOVE_DEPTH > NULL_MOVE_REDUCTION);

/// A root move with the score and line of its last search.
#[derive(Clone, Debug)]
pub struct RootMove {
    /// The move.
    pub mv: Move,
    /// Score of the last search (`-INFINITE` when it only failed low).
    pub score: i32,
    /// Principal variation starting with `mv`.
    pub pv: Vec<Move>,
}

/// One thread's search state.
pub struct Worker<'a, P: Game> {
    pos: P,
    eval: &'a P::Eval,
    shared: &'a Shared<'a>,
    team: Team,
    /// The side to move at the root.
    root: usize,
    /// Best-reply search (more than two sides and [`MultiPlayer::BestReply`]).
    best_reply: bool,
    heuristics: Heuristics,
    lists: Vec<Vec<ScoredMove>>,
    tried: Vec<Vec<Move>>,
    pv: Vec<Move>,
    pv_len: [usize; MAX_PLY + 1],
    /// Root moves, best first after each completed search.
    pub root_moves: Vec<RootMove>,
    /// Nodes searched by this thread.
    pub nodes: u64,
    unflushed: u64,
    /// Deepest ply reached.
    pub seldepth: usize,
    stopped: bool,
    /// A helper thread (`id > 0` in [`Worker::iterate`]): it has no move to return, so its
    /// time runs out even before the first iteration completed.
    helper: bool,
    reductions: [[u8; 64]; 64],
    /// The ply of the null move (a pass in place of the side to move's move) on the line
    /// now searched, if any: no null move answers another.
    null_ply: Option<usize>,
    /// Mixed into every table key where a score is the root side's view (more than two
    /// sides, or an opponent share below 100): a table kept between searches for
    /// different sides must not mix them.
    root_salt: u64,
}

impl<'a, P: Game> Worker<'a, P> {
    /// A thread searching `pos` (which must have legal moves).
    pub fn new(pos: P, eval: &'a P::Eval, shared: &'a Shared<'a>) -> Self {
        let sides = pos.sides();
        let root = pos.to_move();
        let team = Team::new(root, sides);
        let best_reply = sides > 2 && shared.multi == MultiPlayer::BestReply;
        let cells = pos.cells();
        let root_moves = pos
            .legal_moves()
            .into_iter()
            .map(|mv| RootMove {
                mv,
                score: -INFINITE,
                pv: vec![mv],
            })
            .collect();
        let mut reductions = [[0u8; 64]; 64];
        for (d, row) in reductions.iter_mut().enumerate().skip(1) {
            for (i, r) in row.iter_mut().enumerate().skip(1) {
                *r = (0.5 + (d as f64).ln() * (i as f64).ln() / REDUCTION_DIVISOR) as u8;
            }
        }
        Worker {
            pos,
            eval,
            shared,
            team,
            root,
            best_reply,
            heuristics: Heuristics::new(sides, cells),
            lists: (0..=MAX_PLY).map(|_| Vec::with_capacity(512)).collect(),
            tried: (0..=MAX_PLY).map(|_| Vec::with_capacity(512)).collect(),
            pv: vec![Move::PASS; (MAX_PLY + 1) * (MAX_PLY + 1)],
            pv_len: [0; MAX_PLY + 1],
            root_moves,
            nodes: 0,
            unflushed: 0,
            seldepth: 0,
            stopped: false,
            helper: false,
            reductions,
            null_ply: None,
            root_salt: match shared.root_view {
                Some(share) => {
                    ((root as u64 + 1) | ((share as u64) << 8)).wrapping_mul(0xD6E8_FEB8_6659_FD93)
                }
                None => 0,
            },
        }
    }

    /// The table key: the game's search key, plus the root side and the opponent share
    /// when they decide the score's view.
    #[inline(always)]
    fn key(&self) -> u64 {
        self.pos.search_key() ^ self.root_salt
    }

    /// Adds the unflushed nodes to the shared count and decides whether to stop.
    fn check_stop(&mut self) {
        let total = self.shared.nodes.fetch_add(self.unflushed, Relaxed) + self.unflushed;
        self.unflushed = 0;
        if self.shared.should_stop(total, self.helper) {
            self.stopped = true;
        }
    }

    /// Searches the root moves `root_moves[pv_index..]` to `depth` within (alpha, beta), sorts
    /// them best first and returns the best score (fail-soft).
    pub fn search_root(&mut self, depth: u32, mut alpha: i32, beta: i32, pv_index: usize) -> i32 {
        let us = self.pos.to_move();
        let mut best = -INFINITE;
        self.pv_len[0] = 0;
        for i in pv_index..self.root_moves.len() {
            let mv = self.root_moves[i].mv;
            self.pos.make(mv);
            let flip = !self.team.same(us, self.pos.to_move());
            let v = if i == pv_index {
                self.child(flip, alpha, beta, depth - 1, 1)
            } else {
                let mut v = self.child(flip, alpha, alpha + 1, depth - 1, 1);
                if v > alpha && v < beta && !self.stopped {
                    v = self.child(flip, alpha, beta, depth - 1, 1);
                }
                v
            };
            self.pos.unmake();
            if self.stopped {
                break;
            }
            if v > alpha || i == pv_index {
                let row = MAX_PLY + 1;
                let mut pv = vec![mv];
                pv.extend_from_slice(&self.pv[row + 1..row + self.pv_len[1].max(1)]);
                if self.best_reply {
                    pv = self.as_plies(&pv);
                }
                let rm = &mut self.root_moves[i];
                rm.score = v;
                rm.pv = pv;
            } else {
                self.root_moves[i].score = -INFINITE;
            }
            best = best.max(v);
            if v > alpha {
                alpha = v;
                if v >= beta {
                    break;
                }
            }
        }
        self.root_moves[pv_index..].sort_by_key(|rm| std::cmp::Reverse(rm.score));
        best
    }

    /// A best-reply line from the root (one reply per opponent layer) as the plies of a
    /// game: each reply with the other opponents' passes around it.
    fn as_plies(&mut self, line: &[Move]) -> Vec<Move> {
        let start = self.pos.history().count();
        let mut made = 0;
        for &mv in line {
            if self.pos.status().is_over() {
                break;
            }
            made += self.make_child(mv);
        }
        let plies = self.pos.history().skip(start).collect();
        for _ in 0..made {
            self.pos.unmake();
        }
        plies
    }

    /// Plays `mv` here: one ply, or in best-reply search at an opponent's node the whole
    /// reply layer. Returns the number of plies made.
    #[inline(always)]
    fn make_child(&mut self, mv: Move) -> usize {
        if self.best_reply && self.pos.to_move() != self.root {
            make_reply(&mut self.pos, self.root, mv)
        } else {
            self.pos.make(mv);
            1
        }
    }

    /// Appends the moves of the side to move to `list`, with their ordering keys.
    fn push_moves(&self, list: &mut Vec<ScoredMove>, ply: usize, tt_move: Option<Move>) {
        let side = self.pos.to_move();
        self.pos.for_each_move_gain(self.eval, |mv, gain| {
            list.push(self.scored(side, ply, tt_move, mv, gain));
        });
    }

    /// `mv` of `side` at `ply`, gaining `gain`, with its ordering key: first if it is the
    /// table's move, else by the heuristics.
    #[inline(always)]
    fn scored(
        &self,
        side: usize,
        ply: usize,
        tt_move: Option<Move>,
        mv: Move,
        gain: i32,
    ) -> ScoredMove {
        let key = if Some(mv) == tt_move {
            TT_MOVE
        } else {
            self.heuristics.key(side, ply, mv, gain)
        };
        ScoredMove { mv, key }
    }

    /// The score of the child just made, from the parent's view.
    #[inline(always)]
    fn child(&mut self, flip: bool, alpha: i32, beta: i32, depth: u32, ply: usize) -> i32 {
        if flip {
            -self.negamax(-beta, -alpha, depth, ply)
        } else {
            self.negamax(alpha, beta, depth, ply)
        }
    }

    /// The score of a finished game from the view of the side to move.
    fn terminal(&self, status: Status, ply: usize) -> i32 {
        let us = self.pos.to_move();
        match status {
            Status::Won(s) if self.team.same(s, us) => win_in(ply),
            Status::Won(_) => -win_in(ply),
            Status::LostByDeadline(s) if self.team.same(s, us) => -win_in(ply),
            Status::LostByDeadline(_) => win_in(ply),
            _ => 0,
        }
    }

    /// Negamax principal-variation search of the current position to `depth` plies.
    fn negamax(&mut self, mut alpha: i32, beta: i32, depth: u32, ply: usize) -> i32 {
        self.pv_len[ply] = ply;
        let status = self.pos.status();
        if status.is_over() {
            return self.terminal(status, ply);
        }
        self.nodes += 1;
        self.unflushed += 1;
        if self.unflushed >= CHECK_EVERY || self.shared.node_limited {
            self.check_stop();
        }
        if self.stopped {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if depth == 0 || ply >= MAX_PLY {
            return self.pos.evaluate(self.eval, self.team);
        }
        let pv_node = beta - alpha > 1;
        let key = self.key();
        let (tt_move, cutoff) = self.probe(key, alpha, beta, depth, ply, pv_node);
        if let Some(score) = cutoff {
            return score;
        }

        let us = self.pos.to_move();
        let pooled = self.best_reply && us != self.root;
        let frontier = if depth == 1 && !pv_node && !pooled && self.shared.pruning {
            self.frontier(alpha, beta)
        } else {
            None
        };
        if let Some((stand, _)) = frontier {
            // Reverse futility: the side to move keeps at least its static score less a
            // move's worth with one of its moves, and that already reaches beta.
            if stand - STAND_MARGIN >= beta {
                return stand - STAND_MARGIN;
            }
        }
        if depth >= NULL_MOVE_DEPTH && !pv_node && !pooled {
            if let Some(score) = self.null_move(beta, depth, ply) {
                return score;
            }
        }
        let mut list = std::mem::take(&mut self.lists[ply]);
        let mut tried = std::mem::take(&mut self.tried[ply]);
        tried.clear();
        let original_alpha = alpha;
        // At the frontier, futility pruning drops the moves that cannot lift the static
        // score plus the slack above alpha as they are generated; `best` starts at the
        // highest bound it dropped.
        let mut best = match frontier {
            Some((stand, slack)) => {
                self.fill_futile_pruned(&mut list, ply, tt_move, stand.saturating_add(slack), alpha)
            }
            None => {
                self.fill_moves(&mut list, ply, tt_move, pooled);
                -INFINITE
            }
        };
        let mut best_move = None;
        // Late-move pruning: near the frontier, once the first moves have failed to cut,
        // the rest that gain little ground are not searched, where the game allows pruning (it
        // gives a futility slack: no move can win for the mover) and no bound is a win.
        let late_from = if depth <= LATE_PRUNE_DEPTH
            && !pv_node
            && !pooled
            && self.shared.late_pruning
            && alpha.abs() < WIN_BOUND
            && beta.abs() < WIN_BOUND
            && (frontier.is_some() || self.pos.futility_slack(self.eval).is_some())
        {
            late_prune_from(depth)
        } else {
            usize::MAX
        };
        // Once pruning late moves, how many of the moves not yet picked it keeps: when none
        // is left, the rest would all be skipped, and the loop ends without picking them
        // (each pick scans the list), searching exactly what it would have searched.
        let mut late_kept: Option<usize> = None;
        for i in 0..list.len() {
            let pruning_late = i >= late_from && best > -WIN_BOUND;
            if pruning_late {
                let kept = late_kept.get_or_insert_with(|| {
                    list[i..]
                        .iter()
                        .filter(|m| !self.late_prunable(ply, **m, self.gain(us, m.mv)))
                        .count()
                });
                if *kept == 0 {
                    break;
                }
            }
            let mv = pick_next(&mut list, i);
            let mover = if pooled && !mv.is_pass() {
                mv.origin().and_then(|c| self.pos.side_at(c)).unwrap_or(us)
            } else {
                us
            };
            let gain = self.gain(mover, mv);
            if pruning_late {
                if self.late_prunable(ply, list[i], gain) {
                    continue;
                }
                if let Some(kept) = late_kept.as_mut() {
                    *kept -= 1;
                }
            }
            let plies = self.make_child(mv);
            let flip = !self.team.same(us, self.pos.to_move());
            let late = (i >= 3 && !self.heuristics.is_killer(ply, mv)).then_some((i, gain));
            let v = if i == 0 {
                self.child(flip, alpha, beta, depth - 1, ply + 1)
            } else {
                self.later_child(flip, alpha, beta, depth, ply, pv_node, late)
            };
            for _ in 0..plies {
                self.pos.unmake();
            }
            if self.stopped {
                break;
            }
            if v > best {
                best = v;
                if v > alpha {
                    best_move = Some(mv);
                    alpha = v;
                    self.update_pv(ply, mv);
                    if v >= beta {
                        self.heuristics.reward(mover, ply, depth, mv, &tried);
                        break;
                    }
                }
            }
            tried.push(mv);
        }
        self.lists[ply] = list;
        self.tried[ply] = tried;
        if self.stopped {
            return 0;
        }
        self.store(key, best, original_alpha, beta, best_move, depth, ply);
        best
    }

    /// Null-move pruning at a non-PV node searched to `depth` (at least [`NULL_MOVE_DEPTH`])
    /// with the null window below `beta`: the side to move passes instead of moving, and if
    /// even then a search [`NULL_MOVE_REDUCTION`] plies shallower than a move's keeps it at
    /// `beta` or above, the node is taken to fail high with that score (a move is assumed
    /// worth more than a pass). Only where the game allows pruning (it gives a futility
    /// slack: no move can win for the mover), the static score already reaches `beta`, no
    /// bound is a win or loss score and the move before was not itself a null move.
    fn null_move(&mut self, beta: i32, depth: u32, ply: usize) -> Option<i32> {
        if !self.shared.null_move
            || beta.abs() >= WIN_BOUND
            || self.null_ply.is_some_and(|n| n + 1 == ply)
            || self.pos.futility_slack(self.eval).is_none()
            || self.pos.evaluate(self.eval, self.team) < beta
        {
            return None;
        }
        let us = self.pos.to_move();
        let saved = self.null_ply.replace(ply);
        self.pos.make(Move::PASS);
        let flip = !self.team.same(us, self.pos.to_move());
        let child_depth = depth - 1 - NULL_MOVE_REDUCTION;
        let v = self.child(flip, beta - 1, beta, child_depth, ply + 1);
        self.pos.unmake();
        self.null_ply = saved;
        (!self.stopped && v >= beta && v < WIN_BOUND).then_some(v)
    }

    /// The ground `mv` gains for `mover` ([`Evaluation::move_gain`](crate::game::Evaluation::move_gain); none for a pass).
    #[inline(always)]
    fn gain(&self, mover: usize, mv: Move) -> i32 {
        if mv.is_pass() {
            0
        } else {
            self.pos.move_gain(self.eval, mover, mv)
        }
    }

    /// Whether late-move pruning skips `scored` at `ply`, a move gaining `gain` (once the
    /// node prunes late moves): it gains at most [`LATE_PRUNE_GAIN`] and is neither the
    /// table's move nor a killer.
    #[inline(always)]
    fn late_prunable(&self, ply: usize, scored: ScoredMove, gain: i32) -> bool {
        gain <= LATE_PRUNE_GAIN
            && scored.key != TT_MOVE
            && !self.heuristics.is_killer(ply, scored.mv)
    }

    /// The static score and the game's [`SearchHints::futility_slack`](crate::game::SearchHints::futility_slack) at a frontier node (one ply
    /// to go, not a PV node) searched within (`alpha`, `beta`), if the game allows pruning
    /// here and neither bound is a win or loss score.
    #[inline(always)]
    fn frontier(&self, alpha: i32, beta: i32) -> Option<(i32, i32)> {
        if alpha.abs() >= WIN_BOUND || beta.abs() >= WIN_BOUND {
            return None;
        }
        let slack = self.pos.futility_slack(self.eval)?;
        Some((self.pos.evaluate(self.eval, self.team), slack))
    }

    /// The table's move for `key`, and its score if the entry already decides this
    /// non-PV node searched to `depth` within (`alpha`, `beta`).
    #[inline(always)]
    fn probe(
        &self,
        key: u64,
        alpha: i32,
        beta: i32,
        depth: u32,
        ply: usize,
        pv_node: bool,
    ) -> (Option<Move>, Option<i32>) {
        if !self.shared.use_table {
            return (None, None);
        }
        let Some(e) = self.shared.tt.probe(key) else {
            return (None, None);
        };
        let score = from_table(e.score, ply);
        let cut = !pv_node
            && e.depth as u32 >= depth
            && match e.bound {
                Bound::Exact => true,
                Bound::Lower => score >= beta,
                Bound::Upper => score <= alpha,
            };
        (e.mv, cut.then_some(score))
    }

    /// The scored moves of the node at `ply` into `list` (cleared first): the side to
    /// move's, or with `pooled` every opponent's, each generated at its own turn (the ones
    /// before it passing); the pass alone if there is no other.
    #[inline(always)]
    fn fill_moves(
        &mut self,
        list: &mut Vec<ScoredMove>,
        ply: usize,
        tt_move: Option<Move>,
        pooled: bool,
    ) {
        list.clear();
        if pooled {
            let mut passes = 0;
            while self.pos.to_move() != self.root && !self.pos.status().is_over() {
                self.push_moves(list, ply, tt_move);
                self.pos.make(Move::PASS);
                passes += 1;
            }
            for _ in 0..passes {
                self.pos.unmake();
            }
        } else {
            self.push_moves(list, ply, tt_move);
        }
        if list.is_empty() {
            list.push(ScoredMove {
                mv: Move::PASS,
                key: 0,
            });
        }
    }

    /// Futility pruning at a frontier node searched with the null window above `alpha`: the
    /// side to move's scored moves into `list` (cleared first), but for those whose
    /// [`SearchHints::move_bound`](crate::game::SearchHints::move_bound) cannot lift `base` (the static score plus the game's
    /// [`SearchHints::futility_slack`](crate::game::SearchHints::futility_slack)) above `alpha` (the child's score is its static score),
    /// the table's move kept whatever its bound; the pass if there is no legal move (under
    /// the same test). Returns the highest bound dropped, at least `-WIN_BOUND + 1` (never
    /// a loss score): the node's score if nothing is left; `-INFINITE` if nothing was
    /// dropped.
    #[inline(always)]
    fn fill_futile_pruned(
        &mut self,
        list: &mut Vec<ScoredMove>,
        ply: usize,
        tt_move: Option<Move>,
        base: i32,
        alpha: i32,
    ) -> i32 {
        list.clear();
        let side = self.pos.to_move();
        // A move is kept when base + bound > alpha, that is bound > alpha - base (exact
        // in 64 bits).
        let floor = i64::from(alpha) - i64::from(base);
        let mut dropped =
            self.pos
                .for_each_move_gain_above(self.eval, floor, tt_move, |mv, gain| {
                    list.push(self.scored(side, ply, tt_move, mv, gain));
                });
        if list.is_empty() && dropped.is_none() {
            let bound = self.pos.move_bound(self.eval, Move::PASS);
            if i64::from(bound) > floor {
                list.push(ScoredMove {
                    mv: Move::PASS,
                    key: 0,
                });
            } else {
                dropped = Some(bound);
            }
        }
        dropped.map_or(-INFINITE, |bound| {
            base.saturating_add(bound).max(-WIN_BOUND + 1)
        })
    }

    /// The score of a move after the first at a node searched to `depth`: a null-window
    /// search, reduced (late move reductions) for a `late` move (its index and gain: the
    /// fourth or later, not a killer) when pruning is on, re-searched at full depth and then
    /// with the full window while it beats `alpha`.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn later_child(
        &mut self,
        flip: bool,
        alpha: i32,
        beta: i32,
        depth: u32,
        ply: usize,
        pv_node: bool,
        late: Option<(usize, i32)>,
    ) -> i32 {
        let mut r = 0;
        if let Some((i, gain)) = late.filter(|_| self.shared.pruning && depth >= 3) {
            r = self.reductions[depth.min(63) as usize][i.min(63)] as i32;
            r += (gain < 0) as i32 - (gain > 1) as i32 - pv_node as i32;
            r = r.clamp(0, depth as i32 - 2);
        }
        let mut v = self.child(flip, alpha, alpha + 1, depth - 1 - r as u32, ply + 1);
        if v > alpha && r > 0 && !self.stopped {
            v = self.child(flip, alpha, alpha + 1, depth - 1, ply + 1);
        }
        if v > alpha && v < beta && !self.stopped {
            v = self.child(flip, alpha, beta, depth - 1, ply + 1);
        }
        v
    }

    /// Stores the node's result in the table: `best` found with `best_move` from a window
    /// that started at (`original_alpha`, `beta`).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn store(
        &self,
        key: u64,
        best: i32,
        original_alpha: i32,
        beta: i32,
        best_move: Option<Move>,
        depth: u32,
        ply: usize,
    ) {
        if !self.shared.use_table {
            return;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.shared.tt.store(
            key,
            Entry {
                mv: best_move,
                score: to_table(best, ply),
                depth: depth.min(255) as u8,
                bound,
            },
        );
    }

    /// Makes `mv` followed by the child's line the principal variation at `ply`.
    #[inline(always)]
    fn update_pv(&mut self, ply: usize, mv: Move) {
        let row = MAX_PLY + 1;
        let (here, below) = (ply * row, (ply + 1) * row);
        self.pv[here + ply] = mv;
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        for j in ply + 1..child_len {
            self.pv[here + j] = self.pv[below + j];
        }
        self.pv_len[ply] = child_len;
    }

    /// Iterative deepening to `max_depth` (every line of `multipv`), calling `done(self,
    /// depth)` after each completed iteration; `done` returns false to end the search.
    /// Helper threads (`id > 0`) skip some depths so that threads spread over depths, but
    /// never `max_depth` itself: a helper that skipped it would end its search early and
    /// leave the main thread alone on the last, longest iteration of a depth-limited search.
    pub fn iterate(
        &mut self,
        id: usize,
        max_depth: u32,
        multipv: usize,
        mut done: impl FnMut(&Self, u32) -> bool,
    ) {
        self.helper = id > 0;
        let lines = multipv.min(self.root_moves.len()).max(1);
        for depth in 1..=max_depth.min(MAX_PLY as u32) {
            if id > 0 && depth > 2 && depth < max_depth && (depth as usize + id).is_multiple_of(3) {
                continue;
            }
            self.seldepth = 0;
            for pv_index in 0..lines {
                let prev = self.root_moves[pv_index].score;
                let aspire =
                    self.shared.pruning && lines == 1 && depth >= 4 && prev.abs() < WIN_BOUND;
                let mut delta = ASPIRATION;
                let (mut alpha, mut beta) = if aspire {
                    (prev - delta, prev + delta)
                } else {
                    (-INFINITE, INFINITE)
                };
                loop {
                    let v = self.search_root(depth, alpha, beta, pv_index);
                    if self.stopped {
                        break;
                    }
                    if v <= alpha && alpha > -INFINITE {
                        beta = (alpha + beta) / 2;
                        alpha = (v - delta).max(-INFINITE);
                    } else if v >= beta && beta < INFINITE {
                        beta = (v + delta).min(INFINITE);
                    } else {
                        break;
                    }
                    delta *= 2;
                    if delta > 1000 {
                        (alpha, beta) = (-INFINITE, INFINITE);
                    }
                }
                if self.stopped {
                    break;
                }
            }
            if self.stopped || !done(self, depth) {
                break;
            }
        }
    }

    /// The principal variation of the best root move.
    pub fn best(&self) -> &RootMove {
        &self.root_moves[0]
    }

    /// Nodes searched by this thread and not yet in the shared count.
    pub fn nodes_unflushed(&self) -> u64 {
        self.unflushed
    }

    /// Flushes this thread's uncounted nodes into the shared count.
    pub fn flush_nodes(&mut self) {
        self.shared.nodes.fetch_add(self.unflushed, Relaxed);
        self.unflushed = 0;
    }
}

/// The number of moves a non-PV node `depth` plies from the frontier searches before
/// late-move pruning may skip the rest that gain little: `3 + 2·depth²` (5, 11 and 21 at
/// depths 1 to 3); never (`usize::MAX`) farther from the frontier than
/// [`LATE_PRUNE_DEPTH`].
#[inline(always)]
fn late_prune_from(depth: u32) -> usize {
    if depth > LATE_PRUNE_DEPTH {
        usize::MAX
    } else {
        3 + 2 * (depth * depth) as usize
    }
}
