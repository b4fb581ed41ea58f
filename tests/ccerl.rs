//! CCERL's rules (`ccerl`, docs/rules.md): the goal lock inside the move on the position of
//! issue 29, perft from the start, and each status rule on a constructed position, checked
//! with the engine and with the per-cell reference (`halma_suite::naive`).

use halma_engine::board::geometry::Star;
use halma_engine::games::halma::setup::MAX_SIDES;
use halma_engine::perft::perft;
use halma_engine::{BitBoard, Board, Geometry, Move, Position, Rules, Setup, Status};
use halma_suite::naive::{naive_move, NaivePosition};
use std::sync::Arc;

type G = Star;
type BB = <Star as Geometry>::BB;
const BOARD: Board = Board::Star;

fn setup(rules: &str) -> Arc<Setup<G>> {
    Arc::new(Setup::<G>::new(Rules::parse(rules).unwrap()).unwrap())
}

fn position(text: &str) -> Position<G> {
    let (rules, fields) = halma_engine::games::halma::notation::split_position_text(text).unwrap();
    Position::from_text_fields(Arc::new(Setup::new(rules).unwrap()), fields).unwrap()
}

/// The position of issue 29, from a game the ladder's referee forfeited.
const ISSUE: &str = "1/2/3/4/13/5B4A1/9B1/2B2A4/BB5AA/1B4BA2/A1B8/B3A2A4/2A1B1A6/4/3/2/1 B 26,25";

fn move_texts(pos: &Position<G>) -> Vec<String> {
    pos.legal_moves()
        .into_iter()
        .map(|m| halma_engine::games::halma::notation::move_text(BOARD, m))
        .collect()
}

#[test]
fn the_goal_lock_removes_the_ten_moves_of_the_issue() {
    let star = position(&format!("star-2 {ISSUE}"));
    let ccerl = position(&format!("ccerl {ISSUE}"));
    let (all, locked) = (move_texts(&star), move_texts(&ccerl));
    assert_eq!((all.len(), locked.len()), (69, 59));
    let mut extra: Vec<&str> = all
        .iter()
        .filter(|m| !locked.contains(m))
        .map(String::as_str)
        .collect();
    extra.sort();
    let want = [
        "e6-g6", "f9-f13", "f9-f5", "f9-h11", "f9-h5", "f9-h7", "f9-j5", "f9-j9", "f9-l5", "f9-l7",
    ];
    assert_eq!(extra, want);
    assert!(locked.iter().all(|m| all.contains(m)));
    // The forfeited move's path, and e6-g6's, leave the goal after landing in it.
    let path = |pos: &Position<G>, text: &str| pos.path_text(pos.parse_move(text).unwrap());
    assert_eq!(path(&star, "f9-f5"), "f9-f7-h7-j5-h5-f5");
    assert_eq!(path(&star, "e6-g6"), "e6-e8-g8-g6");
    for bad in ["f9-f5", "f9-f7-h7-j5-h5-f5", "e6-e8-g8-g6"] {
        assert!(ccerl.parse_move(bad).is_err(), "{bad}");
    }
    // The reference agrees.
    let naive = NaivePosition::from_engine(&ccerl);
    assert_eq!(naive.legal_moves().len(), 59);
}

#[test]
fn perft_from_the_start_equals_star_2_to_depth_4() {
    let mut pos = Position::start(setup("ccerl"));
    let counts: Vec<u64> = (1..=4).map(|d| perft(&mut pos, d)).collect();
    assert_eq!(counts, [14, 196, 4760, 115600]);
}

/// A goal cell of `side` with a neighbour outside every goal: (the goal cell, the neighbour).
fn goal_edge(setup: &Setup<G>, side: usize) -> (usize, usize) {
    let goals = setup.goal(0) | setup.goal(1);
    for cell in setup.goal(side).iter() {
        for &d in BOARD.directions() {
            if let Some(next) = BOARD.step_from(cell, d, 1) {
                if !goals.has(next) {
                    return (cell, next);
                }
            }
        }
    }
    unreachable!("every goal borders the board's middle")
}

/// A cell outside both goals with no neighbour in them, as far from `side`'s goal as any.
fn far_from_goal(setup: &Setup<G>, side: usize) -> usize {
    let goals = setup.goal(0) | setup.goal(1);
    let distance = |a: usize, b: usize| {
        let ((ax, ay), (bx, by)) = (BOARD.coords(a), BOARD.coords(b));
        let (dq, dr) = (ax as isize - bx as isize, ay as isize - by as isize);
        dq.abs().max(dr.abs()).max((dq + dr).abs())
    };
    BOARD
        .cells()
        .filter(|&c| !goals.has(c))
        .max_by_key(|&c| setup.goal(side).iter().map(|g| distance(c, g)).min())
        .unwrap()
}

/// A position from its pieces; the status is the one after the previous side's move.
fn built(setup: &Arc<Setup<G>>, a: BB, b: BB, to_move: usize, counts: [u64; 2]) -> Position<G> {
    let mut pieces = [BB::EMPTY; MAX_SIDES];
    pieces[0] = a;
    pieces[1] = b;
    let mut all = [0; MAX_SIDES];
    all[..2].copy_from_slice(&counts);
    Position::from_parts(setup.clone(), pieces, to_move, all, 0).unwrap()
}

/// Plays `mv` on the engine and the reference, checks that they agree, returns the status.
fn play(pos: &mut Position<G>, mv: Move) -> Status {
    let mut naive = NaivePosition::from_engine(pos);
    assert!(pos.is_legal(mv));
    pos.make(mv);
    naive.play(naive_move(BOARD, mv));
    assert_eq!(pos.status(), naive.status(), "{}", pos.to_text());
    pos.status()
}

/// The goal of `side` without `cell`, and `cell`'s neighbour outside: a side about to
/// complete its goal with the step `outside-cell`.
fn one_step_short(setup: &Setup<G>, side: usize) -> (BB, Move) {
    let (cell, outside) = goal_edge(setup, side);
    let mut pieces = setup.goal(side);
    pieces.clear(cell);
    pieces.set(outside);
    (pieces, Move::new(outside, cell))
}

/// B with nine pieces in its goal and the tenth far away, out of reach of it.
fn last_piece_out_of_reach(setup: &Setup<G>) -> BB {
    let (mut b, _) = one_step_short(setup, 1);
    let (_, near) = goal_edge(setup, 1);
    b.clear(near);
    b.set(far_from_goal(setup, 1));
    b
}

#[test]
fn equal_turns_draw_when_the_second_side_can_complete_at_once() {
    let s = setup("ccerl");
    let (a, a_completes) = one_step_short(&s, 0);
    let (b, b_completes) = one_step_short(&s, 1);
    let mut pos = built(&s, a, b, 0, [40, 40]);
    assert_eq!(pos.status(), Status::Ongoing);
    assert_eq!(play(&mut pos, a_completes), Status::DrawByEqualTurns);
    assert!(pos.legal_moves().is_empty(), "no reply is played");
    // Without the rule, or under star-2, the first side wins at once.
    for rules in ["ccerl:equal-turns=off", "star-2"] {
        let s = setup(rules);
        let mut pos = built(&s, a, b, 0, [40, 40]);
        assert_eq!(play(&mut pos, a_completes), Status::Won(0), "{rules}");
    }
    // The second side completing first simply wins.
    let mut pos = built(&s, a, b, 1, [40, 39]);
    assert_eq!(play(&mut pos, b_completes), Status::Won(1));
}

#[test]
fn the_first_side_wins_when_the_second_cannot_complete_at_once() {
    let s = setup("ccerl");
    let (a, a_completes) = one_step_short(&s, 0);
    let b = last_piece_out_of_reach(&s);
    let mut pos = built(&s, a, b, 0, [40, 40]);
    assert_eq!(play(&mut pos, a_completes), Status::Won(0));
    // Two pieces outside: no single move completes.
    let (mut b2, _) = one_step_short(&s, 1);
    let in_goal = s.goal(1).iter().find(|&c| b2.has(c)).unwrap();
    b2.clear(in_goal);
    b2.set(far_from_goal(&s, 1));
    let mut pos = built(&s, a, b2, 0, [40, 40]);
    assert_eq!(play(&mut pos, a_completes), Status::Won(0));
}

#[test]
fn a_blocked_goal_wins_for_its_owner_even_on_the_opponents_move() {
    let s = setup("ccerl");
    // A's goal: A's pieces on all cells but `cell` and one more, B's piece on that one;
    // B fills `cell` from outside, completing the block of A's goal.
    let (cell, outside) = goal_edge(&s, 0);
    let goal = s.goal(0);
    let blocker = goal.iter().find(|&c| c != cell).unwrap();
    let mut a = goal;
    a.clear(cell);
    a.clear(blocker);
    // A's two remaining pieces, and B's others, far from every goal.
    let mut free: Vec<usize> = BOARD
        .cells()
        .filter(|&c| !(s.goal(0) | s.goal(1)).has(c) && c != outside)
        .collect();
    free.sort_by_key(|&c| std::cmp::Reverse(c));
    a.set(free.pop().unwrap());
    a.set(free.pop().unwrap());
    let mut b = BB::single(blocker) | BB::single(outside);
    while b.count() < 10 {
        b.set(free.pop().unwrap());
    }
    let mut pos = built(&s, a, b, 1, [30, 29]);
    assert_eq!(pos.status(), Status::Ongoing);
    assert_eq!(play(&mut pos, Move::new(outside, cell)), Status::Won(0));
    // star-2 checks the mover only: the game goes on.
    let s2 = setup("star-2");
    let mut pos = built(&s2, a, b, 1, [30, 29]);
    assert_eq!(play(&mut pos, Move::new(outside, cell)), Status::Ongoing);
}

#[test]
fn the_ply_cap_draws_and_a_win_on_the_last_ply_stands() {
    let s = setup("ccerl");
    let (a, a_completes) = one_step_short(&s, 0);
    let b = last_piece_out_of_reach(&s);
    // Ply 239 to 240 without a win: drawn; with a win: won.
    let mut pos = built(&s, a, b, 0, [120, 119]);
    let quiet = pos
        .legal_moves()
        .into_iter()
        .find(|&m| m != a_completes && !s.goal(0).has(m.to()))
        .unwrap();
    assert_eq!(play(&mut pos, quiet), Status::DrawByPlyCap);
    let mut pos = built(&s, a, b, 0, [120, 119]);
    assert_eq!(play(&mut pos, a_completes), Status::Won(0));
    // One ply earlier, or without the cap, the game goes on.
    let mut pos = built(&s, a, b, 0, [119, 119]);
    assert_eq!(play(&mut pos, quiet), Status::Ongoing);
    let s = setup("ccerl:ply-cap=none");
    let mut pos = built(&s, a, b, 0, [120, 119]);
    assert_eq!(play(&mut pos, quiet), Status::Ongoing);
}

#[test]
fn the_rule_options_are_checked() {
    let r = Rules::parse("ccerl").unwrap();
    assert_eq!(r.to_string(), "ccerl");
    assert_eq!(r.ply_cap, Some(240));
    let t = Rules::parse("ccerl:ply-cap=100,equal-turns=off").unwrap();
    assert_eq!(t.to_string(), "ccerl:equal-turns=off,ply-cap=100");
    assert_eq!(Rules::parse(&t.to_string()).unwrap(), t);
    for bad in [
        "ccerl:ply-cap=0",
        "ccerl:goal-lock=2",
        "ccerl:win-check=all",
    ] {
        assert!(Rules::parse(bad).is_err(), "{bad}");
    }
    for clash in [
        "ccerl:jumps=long",
        "star-3:equal-turns=on",
        "ccerl:vacate=on",
        "ccerl:follow-out=on",
    ] {
        let err = Setup::<G>::new(Rules::parse(clash).unwrap()).unwrap_err();
        assert!(
            err.to_string().contains("needs") || err.to_string().contains("works"),
            "{clash}: {err}"
        );
    }
}
