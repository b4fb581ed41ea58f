//! Random positions for the tests and benchmarks: playout moves in a few styles (uniform,
//! forward-biased to reach the ends of games, back-and-forth to provoke repetitions) and
//! random placements of the right piece counts.

use halma_engine::games::halma::setup::MAX_SIDES;
use halma_engine::{BitBoard, Geometry, Move, Position, Setup};
use rand::seq::SliceRandom;
use rand::Rng;
use std::sync::Arc;

/// How a playout picks its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// Any legal move, uniformly.
    Uniform,
    /// Mostly a move that gains the most distance from the mover's home corner, so that
    /// games reach their ends (wins, deadline losses).
    Forward,
    /// Mostly the mover's previous move taken back, so that positions repeat.
    Shuffle,
}

impl Style {
    /// A style drawn at random (forward play most often).
    pub fn random(rng: &mut impl Rng) -> Style {
        match rng.gen_range(0..6) {
            0 => Style::Uniform,
            1 => Style::Shuffle,
            _ => Style::Forward,
        }
    }
}

/// A legal move of `pos` chosen in `style`, or `None` when the game is over.
pub fn playout_move<G: Geometry>(
    pos: &Position<G>,
    style: Style,
    rng: &mut impl Rng,
) -> Option<Move> {
    let moves = pos.legal_moves();
    let any = *moves.choose(rng)?;
    match style {
        Style::Uniform => Some(any),
        Style::Forward => {
            if rng.gen_bool(0.2) || any.is_pass() {
                return Some(any);
            }
            let setup = pos.setup();
            let side = pos.to_move();
            let gain = |mv: &Move| {
                let (u, v) = setup.corner_offset(side, mv.from());
                let (u2, v2) = setup.corner_offset(side, mv.to());
                (u2 + v2) - (u + v)
            };
            let best = moves.iter().map(gain).max()?;
            let top: Vec<Move> = moves.iter().copied().filter(|m| gain(m) == best).collect();
            top.choose(rng).copied()
        }
        Style::Shuffle => {
            let history: Vec<Move> = pos.history().collect();
            let back = history
                .len()
                .checked_sub(pos.sides())
                .map(|i| history[i])
                .filter(|m| !m.is_pass())
                .map(|m| Move::new(m.to(), m.from()))
                .filter(|m| moves.contains(m));
            Some(match back {
                Some(m) if rng.gen_bool(0.8) => m,
                _ => any,
            })
        }
    }
}

/// Plays a random game from the start, calling `visit` on the position after every move
/// (and on the start), until the game ends or `max_plies` moves are played.
pub fn playout<G: Geometry>(
    setup: &Arc<Setup<G>>,
    max_plies: usize,
    rng: &mut impl Rng,
    mut visit: impl FnMut(&Position<G>),
) {
    let style = Style::random(rng);
    let mut pos = Position::start(setup.clone());
    visit(&pos);
    for _ in 0..max_plies {
        let Some(mv) = playout_move(&pos, style, rng) else {
            return;
        };
        pos.make(mv);
        visit(&pos);
    }
}

/// A random placement: every side with its camp's worth of pieces, each piece put in its
/// goal camp, its home camp or anywhere with probabilities that vary from call to call;
/// a random side to move, move counts up to `max_count` and sometimes passes in a row.
pub fn random_placement<G: Geometry>(
    setup: &Arc<Setup<G>>,
    max_count: u64,
    rng: &mut impl Rng,
) -> Position<G> {
    let sides = setup.sides();
    let (p_goal, p_home) = [(0.0, 0.0), (0.7, 0.0), (0.0, 0.6), (0.4, 0.3)][rng.gen_range(0..4)];
    let mut occupied = G::BB::EMPTY;
    let mut pieces = [G::BB::EMPTY; MAX_SIDES];
    for _ in 0..setup.pieces_per_side() {
        for (side, p) in pieces.iter_mut().enumerate().take(sides) {
            let r: f64 = rng.gen();
            let region = if r < p_goal {
                setup.goal(side)
            } else if r < p_goal + p_home {
                setup.home(side)
            } else {
                G::CELLS
            };
            let mut free: Vec<usize> = region.without(occupied).iter().collect();
            if free.is_empty() {
                free = G::CELLS.without(occupied).iter().collect();
            }
            let cell = *free
                .choose(rng)
                .expect("the board has room for every piece");
            occupied.set(cell);
            p.set(cell);
        }
    }
    let mut counts = [0; MAX_SIDES];
    for c in counts.iter_mut().take(sides) {
        *c = rng.gen_range(0..=max_count);
    }
    let passes = if rng.gen_bool(0.1) {
        rng.gen_range(0..sides) as u8
    } else {
        0
    };
    Position::from_parts(
        setup.clone(),
        pieces,
        rng.gen_range(0..sides),
        counts,
        passes,
    )
    .expect("a random placement is a valid position")
}
