//! Drives `halma ccp` through a child process, as CCERL's referee (`ccp_referee.py`) does:
//! positions as 121 hole characters, moves as hole-id paths, checked against the engine's
//! `ccerl` rules with hole ids derived here from the ladder's own definition of the board.

use crate::common;

use common::UgiSession as Session;
use halma_engine::board::geometry::Star;
use halma_engine::{Board, Move, Position, Rules, Setup, Status};
use std::sync::Arc;

/// The ladder's holes in id order as axial (q, r): the hexagon of side 5 and the six
/// triangles, sorted by r, then q (src/cczero.cpp's `Board::Board`).
fn ladder_holes() -> Vec<(isize, isize)> {
    let mut holes = Vec::new();
    for q in -8isize..=8 {
        for r in -8isize..=8 {
            let s = -q - r;
            let hexagon = q.abs().max(r.abs()).max(s.abs()) <= 4;
            let up = q >= -4 && r >= -4 && s >= -4;
            let down = q <= 4 && r <= 4 && s <= 4;
            if hexagon || up || down {
                holes.push((r, q));
            }
        }
    }
    holes.sort();
    holes.into_iter().map(|(r, q)| (q, r)).collect()
}

/// The engine's cell of each ladder id: the ladder's (q, r) turned back by 60 degrees.
fn cells_of_ids() -> Vec<usize> {
    let board = Board::Star;
    ladder_holes()
        .into_iter()
        .map(|(q, r)| {
            let (eq, er) = (q + r, -q);
            board.bit((eq + 8) as usize, (er + 8) as usize)
        })
        .collect()
}

fn setup() -> Arc<Setup<Star>> {
    Arc::new(Setup::new(Rules::named("ccerl").unwrap()).unwrap())
}

/// The CCP cells of an engine position.
fn cells_text(pos: &Position<Star>, ids: &[usize]) -> String {
    ids.iter()
        .map(|&c| match pos.side_at(c) {
            None => '.',
            Some(s) => char::from(b'0' + s as u8),
        })
        .collect()
}

/// The engine move of a `bestmove` path, checked hop by hop on the ladder's board: every
/// hop a step (alone) or a jump over an occupied hole onto an empty one.
fn read_move(line: &str, pos: &Position<Star>, ids: &[usize]) -> Move {
    let text = line.strip_prefix("bestmove ").unwrap();
    let path: Vec<usize> = text.split('-').map(|i| i.parse().unwrap()).collect();
    let holes = ladder_holes();
    let occupied = |id: usize| id != path[0] && pos.side_at(ids[id]).is_some();
    for hop in path.windows(2) {
        let ((q0, r0), (q1, r1)) = (holes[hop[0]], holes[hop[1]]);
        let (dq, dr) = (q1 - q0, r1 - r0);
        let distance = dq.abs().max(dr.abs()).max((dq + dr).abs());
        assert!(!occupied(hop[1]), "{line}: lands on a piece");
        if distance == 1 {
            assert_eq!(path.len(), 2, "{line}: a step is a move alone");
        } else {
            assert_eq!(distance, 2, "{line}");
            assert!(dq % 2 == 0 && dr % 2 == 0, "{line}: not along a line");
            let over = (q0 + dq / 2, r0 + dr / 2);
            let over = holes.iter().position(|&h| h == over).unwrap();
            assert!(occupied(over), "{line}: jumps over an empty hole");
        }
    }
    Move::new(ids[path[0]], ids[*path.last().unwrap()])
}

#[test]
fn a_game_in_hole_ids_under_the_goal_lock() {
    let ids = cells_of_ids();
    assert_eq!(ids.len(), 121);
    let setup = setup();
    let mut pos = Position::start(setup.clone());
    // Player 0 starts in ids 0..10, the top triangle, and moves first: side A.
    let start = cells_text(&pos, &ids);
    assert_eq!(
        start,
        format!("{}{}{}", "0".repeat(10), ".".repeat(101), "1".repeat(10))
    );

    let mut s = Session::start_protocol(&["ccp"]);
    s.send("ccp");
    let hello = s.until("ccpok");
    assert!(hello[0].starts_with("id name halma"), "{hello:?}");
    assert!(!hello.iter().any(|l| l.contains("name Rules")), "{hello:?}");
    for option in ["Threads", "Hash", "Engine", "Move Overhead"] {
        let declared = format!("option name {option} type");
        assert!(hello.iter().any(|l| l.starts_with(&declared)), "{option}");
    }
    s.send("protocol");
    assert_eq!(s.next("protocol"), "protocol ccp 1");
    s.send("setoption name Threads value 1");
    s.send("isready");
    s.next("readyok");
    for ply in 0..16u64 {
        let player = pos.to_move();
        s.send(&format!(
            "position cells {} player {player} ply {ply}",
            cells_text(&pos, &ids)
        ));
        s.send("go nodes 3000");
        let line = s.until("bestmove").pop().unwrap();
        let mv = read_move(&line, &pos, &ids);
        assert!(pos.is_legal(mv), "ply {ply}: {line}");
        pos.make(mv);
    }
    assert_eq!(pos.status(), Status::Ongoing);
    s.send("quit");
    assert!(s.child.wait().unwrap().success());
}

#[test]
fn the_issue_position_gets_a_move_the_ladder_accepts() {
    let ids = cells_of_ids();
    let text = "1/2/3/4/13/5B4A1/9B1/2B2A4/BB5AA/1B4BA2/A1B8/B3A2A4/2A1B1A6/4/3/2/1 B 26,25";
    let pos = Position::<Star>::from_text_fields(setup(), text).unwrap();
    let cells = cells_text(&pos, &ids);
    let mut s = Session::start_protocol(&["ccp"]);
    s.send("ccp");
    s.until("ccpok");
    s.send(&format!("position cells {cells} player 1 ply 51"));
    s.send("analyze topk 100");
    let analysis = s.next("analysis ");
    let json: serde_json::Value = serde_json::from_str(&analysis["analysis ".len()..]).unwrap();
    let moves = json["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 59, "ccerl's 59 moves, not star-2's 69");
    for m in moves {
        let mv = read_move(
            &format!("bestmove {}", m["move"].as_str().unwrap()),
            &pos,
            &ids,
        );
        assert!(pos.is_legal(mv));
    }
    for go in [
        "go movetime 200",
        "go depth 3",
        "go wtime 3000 btime 3000 winc 10 binc 10",
    ] {
        s.send(go);
        let line = s.until("bestmove").pop().unwrap();
        assert!(pos.is_legal(read_move(&line, &pos, &ids)), "{go}: {line}");
    }
    s.send("quit");
    assert!(s.child.wait().unwrap().success());
}

#[test]
fn every_bad_line_is_answered() {
    let mut s = Session::start_protocol(&["ccp"]);
    let start = format!("{}{}{}", "0".repeat(10), ".".repeat(101), "1".repeat(10));
    for (line, error) in [
        ("frobnicate", "unknown command 'frobnicate'"),
        ("position cells 0011", "121"),
        ("position fen halma8 x", "expected 'position startpos'"),
        (
            "setoption name Rules value halma8",
            "unknown option 'Rules'",
        ),
        (
            "setoption name Threads value 0",
            "Threads: must be at least 1",
        ),
        ("setoption name Hash value 99999999999", "Hash"),
        ("analyze", "expected 'analyze topk <K>'"),
        ("analyze topk 0", "topk '0'"),
    ] {
        s.send(line);
        let answer = s.next("info string error");
        assert!(answer.contains(error), "{line}: {answer}");
    }
    // A refused position leaves none: `go` is owed its `bestmove`, CCP's null move.
    s.send("go depth 1");
    assert_eq!(s.until("bestmove").pop().unwrap(), "bestmove 0000");
    // A finished game: player 0 all home in the bottom triangle.
    let done = format!("{}{}{}", "1".repeat(10), ".".repeat(101), "0".repeat(10));
    s.send(&format!("position cells {done} player 1 ply 90"));
    s.send("go depth 1");
    assert!(s.next("info string error").contains("over"));
    assert_eq!(s.next("bestmove"), "bestmove 0000");
    s.send(&format!("position cells {start} player 0 ply 0"));
    s.send("go movetime -1");
    assert!(s.next("info string error").contains("go: movetime '-1'"));
    assert_eq!(s.next("bestmove"), "bestmove 0000");
    s.send("go depth 1");
    assert_ne!(s.until("bestmove").pop().unwrap(), "bestmove 0000");
    s.send("isready");
    s.next("readyok");
    s.send("quit");
    assert!(s.child.wait().unwrap().success());
}

#[test]
fn options_given_on_the_command_line_hold_from_the_start() {
    let mut s =
        Session::start_protocol(&["ccp", "--option", "Engine=mcts", "--option", "Threads=1"]);
    s.send("position startpos");
    s.send("go depth 1");
    let out = s.until("bestmove");
    assert!(
        out.iter().any(|l| l.contains("MCTS reads the depth")),
        "{out:?}"
    );
    s.send("quit");
    assert!(s.child.wait().unwrap().success());
    for bad in ["Threads=0", "Rules=halma8", "Engine"] {
        let out = common::halma(&["ccp", "--option", bad]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.starts_with("halma: ") && err.lines().count() == 1,
            "{bad}: {err}"
        );
    }
}
