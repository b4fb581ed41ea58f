//! CCP, the Chinese Checkers Protocol of the JumpStar project's CCERL ladder, in its own
//! words: hole ids, the `position cells …` command, move texts and `analyze` answers. The
//! command loop is UGI's (`ugi/`, in its CCP dialect); docs/protocol.md, section CCP.
//!
//! CCP numbers the 121 holes of the star 0..120 row by row from the top, left to right,
//! in axial coordinates (q, r) sorted by r, then q, player 0 starting in the top triangle
//! (r < -4). The engine's star has player 0 (side A) in the triangle s = -q - r > 4, so a
//! hole's CCP coordinates are the engine's turned by 60 degrees: (q, r) -> (-r, q + r).

use halma_engine::board::geometry::Star;
use halma_engine::{BitBoard, Error, Geometry, Move, Position, Rules, Setup};
use std::sync::{Arc, OnceLock};

/// The holes of the star.
pub const HOLES: usize = 121;
/// The null move CCP writes when there is none.
pub const NO_MOVE: &str = "0000";
/// The rule set CCP games are played under.
pub const RULES: &str = "ccerl";
/// Largest `ply` a `position` may give (a CCERL game ends at 240).
pub const MAX_PLY: u64 = 1_000_000;
/// Most moves `analyze topk K` lists (no position has more legal moves than this).
pub const MAX_TOPK: usize = 1000;

/// The engine's cell (bit) of each CCP hole id, and the id of each bit.
struct Holes {
    bit_of: [usize; HOLES],
    id_of: Vec<Option<usize>>,
}

fn holes() -> &'static Holes {
    static HOLES_TABLE: OnceLock<Holes> = OnceLock::new();
    HOLES_TABLE.get_or_init(|| {
        let board = Star::BOARD;
        let centre = (board.width() / 2) as isize;
        let mut cells: Vec<(isize, isize, usize)> = board
            .cells()
            .map(|bit| {
                let (x, y) = board.coords(bit);
                let (q, r) = (x as isize - centre, y as isize - centre);
                let (cq, cr) = (-r, q + r);
                (cr, cq, bit)
            })
            .collect();
        cells.sort_unstable();
        assert_eq!(cells.len(), HOLES, "the star has 121 holes");
        let mut bit_of = [0; HOLES];
        let mut id_of = vec![None; <Star as Geometry>::BB::CAPACITY];
        for (id, &(_, _, bit)) in cells.iter().enumerate() {
            bit_of[id] = bit;
            id_of[bit] = Some(id);
        }
        Holes { bit_of, id_of }
    })
}

/// The engine's cell of CCP hole `id` (0..121).
pub fn cell_of(id: usize) -> usize {
    holes().bit_of[id]
}

/// The CCP hole id of the engine's cell `bit` (a cell of the star).
pub fn id_of(bit: usize) -> usize {
    holes().id_of[bit].expect("a cell of the star")
}

/// The `ccerl` setup every CCP position uses.
pub fn setup() -> Result<Arc<Setup<Star>>, Error> {
    Ok(Arc::new(Setup::new(Rules::named(RULES)?)?))
}

/// A move in CCP's words: the hole ids of its full jump path (`4-15-28`), `from-to` for a
/// step, [`NO_MOVE`] for the pass.
pub fn move_text(pos: &Position<Star>, mv: Move) -> String {
    if mv.is_pass() {
        return NO_MOVE.into();
    }
    let ids: Vec<String> = pos
        .path(mv)
        .into_iter()
        .map(|bit| id_of(bit).to_string())
        .collect();
    ids.join("-")
}

/// The position of `position cells <121 chars> [player <0|1>] [ply <N>]` (the words after
/// `position`), as the fields of an engine position text (after its rules). `.` is an
/// empty hole, `0` and `1` the players' pieces; player 0 moves first (side A). The ply sets
/// the two move counts (the first player's rounded up), which count towards the ply cap.
pub fn position_fields(args: &[&str]) -> Result<String, Error> {
    let bad = |why: String| Error::Position(format!("position cells: {why}"));
    let ["cells", cells, rest @ ..] = args else {
        return Err(Error::Argument(
            "expected 'position startpos' or 'position cells <121 chars of .01> player <0|1> \
             ply <N>'"
                .into(),
        ));
    };
    let (mut player, mut ply) = (None, None);
    for pair in rest.chunks(2) {
        let (key, value) = match pair {
            [key, value] => (*key, *value),
            [key] => return Err(bad(format!("'{key}' needs a value"))),
            _ => unreachable!("chunks of two"),
        };
        let number = |max: u64| {
            value
                .parse::<u64>()
                .ok()
                .filter(|&n| n <= max)
                .ok_or_else(|| {
                    bad(format!(
                        "{key} '{value}' is not a whole number in 0..={max}"
                    ))
                })
        };
        let slot = match key {
            "player" => &mut player,
            "ply" => &mut ply,
            _ => return Err(bad(format!("unknown field '{key}' (known: player, ply)"))),
        };
        if slot.is_some() {
            return Err(bad(format!("'{key}' is given twice")));
        }
        *slot = Some(number(if key == "player" { 1 } else { MAX_PLY })?);
    }
    // Characters, not bytes: a non-ASCII character is one hole's bad character, named
    // below, not a wrong count.
    let count = cells.chars().count();
    if count != HOLES {
        return Err(bad(format!(
            "{count} characters, CCP positions have {HOLES}"
        )));
    }
    type BB = <Star as Geometry>::BB;
    let mut pieces = [BB::EMPTY; halma_engine::game::MAX_SIDES];
    for (id, c) in cells.chars().enumerate() {
        match c {
            '.' => {}
            '0' => pieces[0].set(cell_of(id)),
            '1' => pieces[1].set(cell_of(id)),
            _ => {
                return Err(bad(format!(
                    "hole {id} is '{}', expected '.', '0' or '1'",
                    c.escape_default()
                )))
            }
        }
    }
    let ply = ply.unwrap_or(0);
    let mut counts = [0; halma_engine::game::MAX_SIDES];
    counts[0] = ply - ply / 2;
    counts[1] = ply / 2;
    let to_move = player.unwrap_or(0) as usize;
    let pos = Position::from_parts(setup()?, pieces, to_move, counts, 0)?;
    let text = pos.to_text();
    Ok(text
        .split_once(' ')
        .map(|(_, fields)| fields.to_string())
        .expect("a position text has fields after its rules"))
}

/// The CCP `position cells … player P ply N` line of a game's position text (any rule set
/// of two sides on the star: the ladder's referee plays CCERL's rules, whose moves every
/// such rule set allows); an error for any other game.
pub fn position_line(text: &str) -> Result<String, Error> {
    let (rules, fields) = halma_engine::games::halma::notation::split_position_text(text)?;
    if rules.board != Star::BOARD || rules.players != 2 {
        return Err(Error::Rules(format!(
            "CCP engines play on the two-player star, not under {rules}"
        )));
    }
    let pos = Position::<Star>::from_text_fields(Arc::new(Setup::new(rules)?), fields)?;
    let cells: String = (0..HOLES)
        .map(|id| match pos.side_at(cell_of(id)) {
            None => '.',
            Some(side) => char::from(b'0' + side as u8),
        })
        .collect();
    Ok(format!(
        "position cells {cells} player {} ply {}",
        pos.to_move(),
        pos.plies()
    ))
}

/// The engine's move text (`from-to` in cell names) of a CCP move: a path of hole ids, or
/// [`NO_MOVE`] (the engine's `pass`). The path's hops are not checked here: the caller's
/// `parse_move` checks the move itself.
pub fn engine_move_text(text: &str) -> Result<String, Error> {
    if text == NO_MOVE {
        return Ok("pass".into());
    }
    let bad = || {
        Error::Move(format!(
            "'{text}' is not a CCP move (hole ids 0..120 joined by '-')"
        ))
    };
    let ids: Vec<usize> = text
        .split('-')
        .map(|id| id.parse::<usize>().ok().filter(|&id| id < HOLES))
        .collect::<Option<_>>()
        .ok_or_else(bad)?;
    if ids.len() < 2 {
        return Err(bad());
    }
    let name = |id: usize| Star::BOARD.cell_name(cell_of(id));
    Ok(format!("{}-{}", name(ids[0]), name(ids[ids.len() - 1])))
}

/// The `analysis` JSON object of `analyze topk K`: the side to move's value in -1..=1 and
/// the `moves` with their `policy`, best first (texts by `text`).
pub fn analysis_json(value: f32, moves: &[(String, f32)]) -> String {
    let moves: Vec<String> = moves
        .iter()
        .map(|(mv, p)| format!("{{\"move\":\"{mv}\",\"policy\":{p:.4}}}"))
        .collect();
    format!("{{\"value\":{value:.4},\"moves\":[{}]}}", moves.join(","))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_run_row_by_row_with_player_0_on_top() {
        let s = setup().unwrap();
        // Ids 0..10 are player 0's home (side A), 111..121 player 1's.
        let home = |side: usize| -> Vec<usize> {
            let mut ids: Vec<usize> = s.home(side).iter().map(id_of).collect();
            ids.sort();
            ids
        };
        assert_eq!(home(0), (0..10).collect::<Vec<_>>());
        assert_eq!(home(1), (111..121).collect::<Vec<_>>());
        for id in 0..HOLES {
            assert_eq!(id_of(cell_of(id)), id);
        }
        // The start position as CCP writes it.
        let start = format!("{}{}{}", "0".repeat(10), ".".repeat(101), "1".repeat(10));
        let fields = position_fields(&["cells", &start, "player", "0", "ply", "0"]).unwrap();
        assert_eq!(
            format!("{RULES} {fields}"),
            Position::start(s.clone()).to_text()
        );
    }

    #[test]
    fn bad_positions_are_errors() {
        let start = format!("{}{}{}", "0".repeat(10), ".".repeat(101), "1".repeat(10));
        let short = &start[1..];
        let mut nine = start.clone();
        nine.replace_range(0..1, ".");
        let mut junk = start.clone();
        junk.replace_range(50..51, "x");
        for args in [
            vec!["cells"],
            vec!["fen", "x"],
            vec!["cells", short],
            vec!["cells", &nine],
            vec!["cells", &junk],
            vec!["cells", &start, "player", "2"],
            vec!["cells", &start, "player"],
            vec!["cells", &start, "ply", "-1"],
            vec!["cells", &start, "ply", "99999999999999999999"],
            vec!["cells", &start, "ply", "1", "ply", "2"],
            vec!["cells", &start, "colour", "1"],
        ] {
            assert!(position_fields(&args).is_err(), "{args:?}");
        }
        // One non-ASCII character among 121: named with its hole, not "121 characters,
        // CCP positions have 121".
        let mut accented = start.clone();
        accented.replace_range(50..51, "é");
        let e = position_fields(&["cells", &accented])
            .unwrap_err()
            .to_string();
        assert!(e.contains("hole 50 is '\\u{e9}'"), "{e}");
        let e = position_fields(&["cells", &format!("é{start}")])
            .unwrap_err()
            .to_string();
        assert!(e.contains("122 characters"), "{e}");
        let fields = position_fields(&["cells", &start, "player", "1", "ply", "7"]).unwrap();
        assert!(fields.ends_with("B 4,3"), "{fields}");
    }

    #[test]
    fn positions_and_moves_translate_both_ways() {
        let start = format!("{}{}{}", "0".repeat(10), ".".repeat(101), "1".repeat(10));
        let text = Position::start(setup().unwrap()).to_text();
        assert_eq!(
            position_line(&text).unwrap(),
            format!("position cells {start} player 0 ply 0")
        );
        assert!(position_line("halma8 4BBBB/5BBB/6BB/7B/A7/AA6/AAA5/AAAA4 A 0,0").is_err());
        let pos = Position::start(setup().unwrap());
        for mv in pos.legal_moves() {
            let back = engine_move_text(&move_text(&pos, mv)).unwrap();
            assert_eq!(pos.parse_move(&back).unwrap(), mv);
        }
        for bad in ["", "5", "5-", "a-b", "5-121", "-1-5"] {
            assert!(engine_move_text(bad).is_err(), "{bad}");
        }
        assert_eq!(engine_move_text(NO_MOVE).unwrap(), "pass");
    }
}
