//! Move text on the hexagonal boards: a step is a move to one of the six lattice neighbours,
//! never to the other diagonal (x±1, y±1), and every legal move's text parses back to it.

use halma_engine::bitboard::BitBoard;
use halma_engine::board::geometry::{Diamond, Star};
use halma_engine::games::halma::notation::move_text;
use halma_engine::{Geometry, Move, Position, Rules, Setup};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::sync::Arc;

/// Plays `plies` random moves of `rules` and checks every position on the way.
fn check_positions<G: Geometry>(rules: &str, plies: usize) {
    let setup = Arc::new(Setup::<G>::new(Rules::parse(rules).unwrap()).unwrap());
    let mut pos = Position::start(setup);
    let mut rng = StdRng::seed_from_u64(19);
    let mut refused = 0;
    for _ in 0..plies {
        refused += check_position(&pos);
        let moves = pos.legal_moves();
        pos.make(*moves.choose(&mut rng).unwrap());
        if pos.status().is_over() {
            break;
        }
    }
    assert!(refused > 0, "{rules}: no diagonal was tried");
}

/// Every legal move's text and path text parse back to it; every one-cell offset of a piece
/// of the side to move onto an empty cell parses exactly when it is a legal step, and the
/// non-neighbour diagonal is refused by name. Returns how many diagonals were refused.
fn check_position<G: Geometry>(pos: &Position<G>) -> usize {
    let board = G::BOARD;
    let legal = pos.legal_moves();
    for &mv in &legal {
        assert_eq!(pos.parse_move(&move_text(board, mv)).unwrap(), mv);
        assert_eq!(pos.parse_move(&pos.path_text(mv)).unwrap(), mv);
    }
    let mut refused = 0;
    for from in pos.pieces(pos.to_move()).iter() {
        let (x, y) = board.coords(from);
        for (dx, dy) in [
            (1, 1),
            (-1, -1),
            (1, 0),
            (-1, 0),
            (0, 1),
            (0, -1),
            (1, -1),
            (-1, 1),
        ] {
            let (tx, ty) = (x as isize + dx, y as isize + dy);
            if !board.contains(tx, ty) {
                continue;
            }
            let to = board.bit(tx as usize, ty as usize);
            if pos.occupied().has(to) {
                continue;
            }
            let text = move_text(board, Move::new(from, to));
            let parsed = pos.parse_move(&text);
            if dx == dy {
                let err = parsed.expect_err(&text).to_string();
                assert!(err.contains("are not neighbours"), "{text}: {err}");
                assert!(pos.path(Move::new(from, to)).is_empty(), "{text}");
                refused += 1;
            } else {
                // A real neighbour: a step whenever the rules allow it.
                let mv = Move::new(from, to);
                assert_eq!(parsed.is_ok(), legal.contains(&mv), "{text}");
                assert_eq!(pos.path(mv), vec![from, to], "{text}");
            }
        }
    }
    refused
}

#[test]
fn the_diamond_steps_to_six_neighbours_only() {
    let setup = Arc::new(Setup::<Diamond>::new(Rules::named("diamond").unwrap()).unwrap());
    let start = Position::start(setup);
    // a4's neighbours a5 and b4 are steps; b5 (file and rank both one up) is not.
    assert!(start.parse_move("a4-a5").is_ok() && start.parse_move("a4-b4").is_ok());
    let err = start.parse_move("a4-b5").unwrap_err().to_string();
    assert!(
        err.contains("b5 are not neighbours on the diamond"),
        "{err}"
    );
    check_positions::<Diamond>("diamond", 60);
}

#[test]
fn the_star_steps_to_six_neighbours_only() {
    for rules in ["star-2", "star-3", "star-6:jumps=long"] {
        check_positions::<Star>(rules, 60);
    }
}

/// Reads a position text with its own rules.
fn read(text: &str) -> Result<String, halma_engine::Error> {
    let (rules, fields) = halma_engine::games::halma::notation::split_position_text(text)?;
    halma_engine::with_geometry!(rules.board, G => {
        let setup = Arc::new(Setup::<G>::new(rules)?);
        Position::<G>::from_text_fields(setup, fields).map(|p| p.to_text())
    })
}

#[test]
fn a_position_with_more_pieces_than_a_side_may_have_is_refused() {
    let start = "halma16 11BBBBB/11BBBBB/12BBBB/13BBB/14BB/16/16/16/16/16/16/AA14/AAA13/AAAA12/AAAAA11/AAAAA11 A 0,0";
    assert_eq!(read(start).unwrap(), start);
    // A 20th piece for A, then a board full of A's (256 pieces), on the largest camps.
    let twenty = start.replace("/16/16/16/16/16/16/", "/16/16/7A8/16/16/16/");
    let full = format!("halma16 {} A 0,0", vec!["AAAAAAAAAAAAAAAA"; 16].join("/"));
    for text in [twenty, full] {
        let err = read(&text).unwrap_err();
        assert!(matches!(err, halma_engine::Error::Position(_)), "{err}");
        let message = err.to_string();
        assert!(
            message.contains("side A has") && message.contains("19"),
            "{message}"
        );
    }
    // The star's 121 cells all A (its camps hold 10).
    let ranks: Vec<String> = [1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1]
        .iter()
        .map(|&n| "A".repeat(n))
        .collect();
    let err = read(&format!("star-2 {} A 0,0", ranks.join("/"))).unwrap_err();
    assert!(err.to_string().contains("side A has 121 pieces"), "{err}");
}
