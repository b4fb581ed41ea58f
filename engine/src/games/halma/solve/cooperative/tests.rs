//! The cooperative puzzle's tests: image hashes, packed states and loaded nodes against
//! their definitions, the bulk bounds and bitboard expansion against making the moves, the
//! bounds against optimal lines, and the aimed beams.

use super::bounds::{Prepared, View};
use super::*;
use crate::board::geometry::{Diamond, Square, Star};
use crate::board::jumps::{long_jump_closure, JumpMasks};
use crate::games::halma::rules::Rules;
use crate::games::halma::solve::layered::{expand_by_moves, Child, Layered};
use crate::games::halma::solve::{solver_rules, Mode};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::sync::Arc;

/// Along random cooperative games and back, each image's hash kept move by move equals
/// the Zobrist key of the image's state computed from scratch, and the state the table
/// stores carries the smallest of the hashes.
#[test]
fn image_hashes_follow_the_moves() {
    fn check<G: Geometry>(rules: &str, images: usize) {
        let rules = solver_rules(Rules::parse(rules).expect("rules"), Mode::Cooperative);
        let setup = Arc::new(Setup::<G>::new(rules.expect("cooperative")).expect("setup"));
        let puzzle = Cooperative::new(&setup).with_symmetries(&setup);
        assert_eq!(puzzle.images.len(), images);
        let keys = setup.keys();
        let mut rng = StdRng::seed_from_u64(7);
        let mut node = puzzle.node(Position::start(setup.clone()));
        let start = node.images;
        let (mut moves, mut line) = (Vec::new(), Vec::new());
        for _ in 0..60 {
            puzzle.moves(&node, &mut moves);
            if moves.is_empty() || puzzle.is_done(&node) {
                break;
            }
            let mv = moves[rng.gen_range(0..moves.len())];
            puzzle.make(&mut node, mv);
            line.push(mv);
            let pos = &node.pos;
            let (a, b, side) = (pos.pieces(0), pos.pieces(1), pos.to_move());
            for (image, &hash) in puzzle.images.iter().zip(&node.images) {
                let (a, b, side) = image.state(a, b, side);
                let key = keys.turn(side) ^ keys.pieces(0, a) ^ keys.pieces(1, b);
                assert_eq!(hash, key, "image hash after {line:?}");
            }
            let (hash, state) = puzzle.state(&node);
            assert_eq!(hash, puzzle.hash(&node));
            assert_eq!(
                hash,
                keys.turn(state.2 as usize) ^ keys.pieces(0, state.0) ^ keys.pieces(1, state.1)
            );
            let smallest = node.images[..images]
                .iter()
                .fold(pos.key(), |m, &h| m.min(h));
            assert_eq!(hash, smallest);
        }
        assert!(
            line.len() > 10,
            "{:?}: too short a game",
            setup.rules().board
        );
        while let Some(mv) = line.pop() {
            puzzle.unmake(&mut node, mv);
        }
        assert_eq!(node.images, start);
    }
    check::<Square<8>>("halma8", 3);
    check::<Diamond>("diamond", 3);
    check::<Star>("star-2", 3);
    check::<Square<8>>("halma8:jumps=long", 3);
}

/// An aimed beam on the 7x7 cooperative game (minimum 15 plies): a line of exactly 15
/// that finishes; nothing for 14, after searching every kept state to the end; and a
/// completion with a budget of one node gives up.
#[test]
fn aimed_beams_find_the_minimum_and_give_up_at_their_budget() {
    use crate::games::halma::solve::beam::{self, Aim};
    use crate::games::halma::solve::ida::Table;
    let rules = solver_rules(Rules::parse("square7").expect("rules"), Mode::Cooperative);
    let setup = Arc::new(Setup::<Square<7>>::new(rules.expect("cooperative")).expect("setup"));
    let puzzle = Cooperative::new(&setup).with_symmetries(&setup);
    let root = puzzle.node(Position::start(setup.clone()));
    let table = Table::new(1 << 20);
    let aim = |length, node_budget| Aim {
        length,
        complete_at: 5,
        node_budget,
    };
    let found = beam::aimed(&puzzle, &root, 100, aim(15, 1 << 30), &table, None);
    let line = found.line.expect("a line of 15");
    assert_eq!(line.len(), 15);
    let mut node = root.clone();
    for (i, &mv) in line.iter().enumerate() {
        assert!(!puzzle.is_done(&node), "finished before ply {i}");
        let mut legal = Vec::new();
        puzzle.moves(&node, &mut legal);
        assert!(legal.contains(&mv), "ply {i}");
        puzzle.make(&mut node, mv);
    }
    assert!(puzzle.is_done(&node));
    let none = beam::aimed(&puzzle, &root, 100, aim(14, 1 << 30), &table, None);
    assert_eq!((none.length(), none.gave_up), (None, false));
    let table = Table::new(1 << 20);
    let starved = beam::aimed(&puzzle, &root, 100, aim(15, 1), &table, None);
    assert_eq!((starved.length(), starved.gave_up), (None, true));
}
/// Along random games on every board that packs, each state (with each aim) comes
/// back from its key, and distinct states have distinct keys.
#[test]
fn states_pack_one_to_one() {
    fn check<G: Geometry>(rules: &str, packs: bool) {
        let rules = solver_rules(Rules::parse(rules).expect("rules"), Mode::Cooperative);
        let setup = Arc::new(Setup::<G>::new(rules.expect("cooperative")).expect("setup"));
        let puzzle = Cooperative::new(&setup);
        let mut rng = StdRng::seed_from_u64(11);
        let mut node = puzzle.node(Position::start(setup.clone()));
        let mut keys = std::collections::HashMap::new();
        let mut moves = Vec::new();
        for _ in 0..80 {
            for finisher in [None, Some(0), Some(1)] {
                node.finisher = finisher;
                let state = puzzle.state(&node).1;
                let key = puzzle.pack(state);
                assert_eq!(key.is_some(), packs);
                if let Some(key) = key {
                    assert_eq!(puzzle.unpack(key), Some(state));
                    // After a key with the same high bits (the finisher's army, the
                    // side to move, the aim), and after one without.
                    let same_high = (key ^ 1, state);
                    assert_eq!(puzzle.unpack_after(key, same_high), Some(state));
                    let other = (key ^ 1 << 64, (state.1, state.0, state.2));
                    assert_eq!(puzzle.unpack_after(key, other), Some(state));
                    assert_eq!(*keys.entry(key).or_insert(state), state);
                }
            }
            node.finisher = None;
            puzzle.moves(&node, &mut moves);
            if moves.is_empty() || puzzle.is_done(&node) {
                break;
            }
            puzzle.make(&mut node, moves[rng.gen_range(0..moves.len())]);
        }
    }
    check::<Square<6>>("square6", true);
    check::<Square<8>>("halma8", true);
    check::<Square<10>>("halma10", true);
    check::<Diamond>("diamond", true);
    check::<Star>("star-2", true);
    check::<Square<16>>("halma16", false);
}

/// A node loaded in place ([`Layered::load`]) over one that has played moves is the
/// node [`Layered::node_of`] makes of the same state: position, key, status, move
/// counts, no history, images' hashes and aim.
#[test]
fn loading_in_place_makes_the_same_node() {
    let rules = solver_rules(Rules::parse("diamond").expect("rules"), Mode::Cooperative);
    let setup = Arc::new(Setup::<Diamond>::new(rules.expect("cooperative")).expect("setup"));
    let puzzle = Cooperative::new(&setup).with_symmetries(&setup);
    let root = puzzle.node(Position::start(setup.clone()));
    let mut rng = StdRng::seed_from_u64(5);
    let mut reused = root.clone();
    let mut moves = Vec::new();
    for round in 0..40 {
        let Some(mut node) = random_node(&puzzle, &setup, &mut rng) else {
            continue;
        };
        node.finisher = [None, Some(0), Some(1)][round % 3];
        let state = puzzle.state(&node).1;
        let depth = rng.gen_range(0..30);
        let made = puzzle.node_of(&root, state, depth);
        puzzle.load(&root, state, depth, &mut reused);
        assert_eq!(reused.pos.to_text(), made.pos.to_text());
        assert_eq!(reused.pos.key(), made.pos.key());
        assert_eq!(reused.pos.status(), made.pos.status());
        assert_eq!(reused.pos.history().count(), 0);
        assert_eq!(reused.images, made.images);
        assert_eq!(reused.finisher, made.finisher);
        // Play on the reused node, so that the next load starts from a history.
        puzzle.moves(&reused, &mut moves);
        if let Some(&mv) = moves.first() {
            puzzle.make(&mut reused, mv);
        }
    }
}

/// The node after up to 90 random moves from the start, unless the game ended.
fn random_node<G: Geometry>(
    puzzle: &Cooperative<G>,
    setup: &Arc<Setup<G>>,
    rng: &mut StdRng,
) -> Option<Node<G>> {
    let mut node = puzzle.node(Position::start(setup.clone()));
    let mut moves = Vec::new();
    for _ in 0..rng.gen_range(0..90) {
        puzzle.moves(&node, &mut moves);
        if puzzle.is_done(&node) {
            return None;
        }
        puzzle.make(&mut node, moves[rng.gen_range(0..moves.len())]);
    }
    (!puzzle.is_done(&node)).then_some(node)
}

/// Along random games (adjacent and long jumps, four boards), for each aim: the bound
/// of every child read off the parent's prepared rings, and (aimed) the bound after the
/// move from the parent's terms ([`Cooperative::bound_after`]), equal the bound
/// measured anew,
/// and the tight-finish check (by jump components, for all pieces at once) drops a
/// position exactly when no piece outside the goal reaches a free goal cell by a step
/// or its own jump closure, the per-piece definition.
#[test]
fn prepared_bounds_and_bulk_dead_ends_match_their_definitions() {
    use crate::board::jumps::{jump_closure, step_targets};
    fn dead_by_pieces<G: Geometry>(pos: &Position<G>, side: usize) -> bool {
        let goal = pos.setup().goal(side);
        let occupied = pos.pieces(0) | pos.pieces(1);
        let free_goal = goal.without(occupied);
        let empty = G::CELLS.without(occupied);
        let masks = JumpMasks::new::<G>(occupied, empty);
        let long = pos.setup().rules().jumps == JumpKind::Long;
        !pos.pieces(side).without(goal).iter().any(|from| {
            let jumps = if long {
                long_jump_closure::<G>(from, occupied, empty)
            } else {
                jump_closure::<G>(from, &masks)
            };
            (step_targets::<G>(from, empty) | jumps).intersects(free_goal)
        })
    }
    fn check<G: Geometry>(rules: &str, seed: u64) -> (usize, usize) {
        let rules = solver_rules(Rules::parse(rules).expect("rules"), Mode::Cooperative);
        let setup = Arc::new(Setup::<G>::new(rules.expect("cooperative")).expect("setup"));
        let puzzle = Cooperative::new(&setup);
        let long = puzzle.long;
        let mut rng = StdRng::seed_from_u64(seed);
        let mut children = Vec::new();
        let mut prepared = Prepared::default();
        let (mut dead, mut live, mut checked, mut shared) = (0, 0, 0, 0);
        for _ in 0..30 {
            let Some(mut node) = random_node(&puzzle, &setup, &mut rng) else {
                continue;
            };
            for finisher in [None, Some(0), Some(1)] {
                node.finisher = finisher;
                puzzle.prepare(&node, &mut prepared);
                let parent = [node.pos.pieces(0), node.pos.pieces(1)];
                let tights: Vec<_> = (0..24)
                    .map(|left| finisher.and_then(|_| puzzle.tight(&prepared, parent, left)))
                    .collect();
                puzzle.moves(&node, &mut children);
                for &mv in &children {
                    puzzle.make(&mut node, mv);
                    if !puzzle.is_done(&node) {
                        let bound = puzzle.bound(&node);
                        assert_eq!(puzzle.bound_with(View::of(&node), Some(&prepared)), bound);
                        if finisher.is_some() && !mv.is_pass() {
                            let pieces = [node.pos.pieces(0), node.pos.pieces(1)];
                            let after = puzzle.bound_after(&prepared, pieces, mv.from(), mv.to());
                            assert_eq!(after, bound, "{mv:?} aimed at {finisher:?}");
                            for left in 1..24 {
                                prepared.tight = tights[left as usize].map(|t| (left, t));
                                let ends = (mv.from(), mv.to());
                                assert_eq!(
                                    puzzle.dead_after(&prepared, pieces, ends, left),
                                    puzzle.dead_end(&node, left),
                                    "{mv:?} with {left} left"
                                );
                                shared += usize::from(prepared.tight.is_some_and(|(_, t)| {
                                    !t.halo.has(mv.from()) && !t.halo.has(mv.to())
                                }));
                            }
                            checked += 1;
                        }
                        let to_move = node.pos.to_move();
                        let outside = node.pos.pieces(to_move).without(puzzle.goal[to_move]);
                        if finisher == Some(to_move) && !outside.is_empty() {
                            let side = to_move;
                            let left = 2 * outside.count() - 1;
                            let by_pieces = dead_by_pieces(&node.pos, side);
                            assert_eq!(puzzle.dead_end(&node, left), by_pieces);
                            if by_pieces {
                                dead += 1;
                            } else {
                                live += 1;
                            }
                        }
                    }
                    puzzle.unmake(&mut node, mv);
                }
            }
        }
        assert!(checked > 100, "{checked} bounds after a move");
        assert!(shared > 0 || long, "no verdict shared by a node's moves");
        (dead, live)
    }
    for (dead, live) in [
        check::<Square<6>>("square6", 1),
        check::<Square<8>>("halma8", 2),
        check::<Diamond>("diamond", 3),
        check::<Star>("star-2", 4),
        check::<Square<8>>("halma8:jumps=long", 5),
    ] {
        assert!(dead > 0 && live > 0, "{dead} dead, {live} live");
    }
}

/// Along random games on four boards (adjacent and long jumps), for each aim and a few
/// limits: the children [`Layered::expand`] judges on bitboards are the children the
/// general way ([`expand_by_moves`]: make, judge, unmake) judges, with the same
/// verdicts, hashes and states, and the keys it gives the kept ones are their packed
/// states.
#[test]
fn expand_on_bitboards_matches_making_the_moves() {
    /// Finished children, the dropped ones' totals, the kept ones' hashes and states.
    type Verdicts = (usize, Vec<u32>, Vec<(u64, String)>);
    fn verdicts<S: std::fmt::Debug>(each: impl FnOnce(&mut dyn FnMut(Child<S>))) -> Verdicts {
        let mut out = (0, Vec::new(), Vec::new());
        each(&mut |child| match child {
            Child::Finished => out.0 += 1,
            Child::Dropped(total) => out.1.push(total),
            Child::Kept(hash, state) | Child::Packed(hash, state, _) => {
                out.2.push((hash, format!("{state:?}")))
            }
        });
        out.1.sort_unstable();
        out.2.sort_unstable();
        out
    }
    fn check<G: Geometry>(rules: &str, seed: u64) -> usize {
        let rules = solver_rules(Rules::parse(rules).expect("rules"), Mode::Cooperative);
        let setup = Arc::new(Setup::<G>::new(rules.expect("cooperative")).expect("setup"));
        let puzzle = Cooperative::new(&setup).with_symmetries(&setup);
        let mut rng = StdRng::seed_from_u64(seed);
        let mut moves = Vec::new();
        let mut prepared = Prepared::default();
        let mut kept = 0;
        for _ in 0..40 {
            let Some(mut node) = random_node(&puzzle, &setup, &mut rng) else {
                continue;
            };
            let bound = puzzle.bound(&node);
            for finisher in [None, Some(0), Some(1)] {
                node.finisher = finisher;
                for limit in [bound + 1, bound + 2, bound + 5] {
                    let at = (2, limit + 2);
                    let mut packed = 0;
                    let fast = verdicts(|each| {
                        puzzle.expand(&mut node, &mut prepared, &mut moves, at, &mut |c| {
                            if let Child::Packed(_, state, key) = c {
                                assert_eq!(puzzle.pack(state), Some(key));
                                packed += 1;
                            }
                            each(c)
                        })
                    });
                    assert!(packed == fast.2.len() || finisher.is_none());
                    let slow = verdicts(|each| {
                        expand_by_moves(&puzzle, &mut node, &mut moves, at, &mut |c| each(c))
                    });
                    assert_eq!(fast, slow);
                    kept += fast.2.len();
                }
            }
        }
        kept
    }
    assert!(check::<Square<6>>("square6", 1) > 0);
    assert!(check::<Square<8>>("halma8", 2) > 0);
    assert!(check::<Diamond>("diamond", 3) > 0);
    assert!(check::<Star>("star-2", 4) > 0);
    assert!(check::<Square<8>>("halma8:jumps=long", 5) > 0);
}

/// The bound of `node` for `finisher` alone (the aimed search's bound).
fn aimed_bound<G: Geometry>(puzzle: &Cooperative<G>, node: &Node<G>, finisher: usize) -> u32 {
    let mut aimed = node.clone();
    aimed.finisher = Some(finisher);
    puzzle.bound(&aimed)
}

/// Along optimal lines (proved minima, found with the bounds before the approach bound),
/// neither the bound nor the finisher's aimed bound ever exceeds the plies left: a
/// position `i` plies into a shortest line of `n` is exactly `n - i` from its end.
#[test]
fn bounds_never_exceed_the_plies_left_on_optimal_lines() {
    fn check<G: Geometry>(rules: &str, line: &str, start_bound: u32) {
        let rules = solver_rules(Rules::parse(rules).expect("rules"), Mode::Cooperative);
        let setup = Arc::new(Setup::<G>::new(rules.expect("cooperative")).expect("setup"));
        let puzzle = Cooperative::new(&setup);
        let moves: Vec<&str> = line.split_whitespace().collect();
        let n = moves.len() as u32;
        let finisher = (n as usize + 1) % 2;
        let mut node = puzzle.node(Position::start(setup.clone()));
        assert_eq!(puzzle.bound(&node), start_bound, "start of {line}");
        for (i, text) in moves.iter().enumerate() {
            let left = n - i as u32;
            assert!(puzzle.bound(&node) <= left, "ply {i} of {line}");
            assert!(
                aimed_bound(&puzzle, &node, finisher) <= left,
                "ply {i} of {line}"
            );
            let mv = node.pos.parse_move(text).expect("a legal move");
            puzzle.make(&mut node, mv);
        }
        assert!(puzzle.is_done(&node));
    }
    check::<Square<6>>(
        "square6",
        "c1-d2 f6-d4 a1-e3 e5-c1 a3-e5 e6-c4 a2-e6 f5-b3 b1-f5 d6-c5 b2-f6 f4-b2 d2-d6 \
         c5-a1 e3-f4",
        15,
    );
    check::<Square<7>>(
        "square7",
        "a1-c3 g7-e5 b1-d3 g6-c4 a2-g6 f6-d2 b2-f6 g5-f4 c3-g7 e7-c5 c1-e7 f7-b3 a3-g5 \
         f4-b2 d3-f7",
        13,
    );
    check::<Square<8>>(
        "halma8",
        "a1-c3 h6-g5 b1-d3 f8-e7 d3-e4 h5-b1 d1-d2 f7-d1 b2-d6 h8-b2 a3-b4 e7-a1 b3-f7 \
         h7-b3 c1-e3 g7-c1 c2-d3 g5-a3 a4-b5 g8-c2 e4-f5 g6-a4 a2-a6 e8-a2",
        23,
    );
    check::<Diamond>(
        "diamond",
        "d1-d2 h8-h6 b1-d3 i6-g6 a3-e3 h7-f7 c2-e4 g9-e7 a2-c4 i9-g5 e4-f4 g6-a2 d3-d4 \
         f9-b1 a4-e6 i8-a4 d4-d5 e7-a3 b2-h8 g8-c2 c1-g7 h9-d1 a1-e7 h6-b2 e7-f6 g5-a1 \
         g7-h7 i7-c1 b3-c3 f7-b3",
        27,
    );
}
