//! The course-agent file protocol (RULES.md, "The course-agent file protocol"): the format
//! of `input.txt` and `output.txt` and the limits a file's time gives, shared by the
//! `halma course` command and the tournament's course players.
//!
//! Their (x, y), x the column from the left and y the row from the top, is this engine's
//! file x, rank y + 1; Black (first to move, top-left camp) is side A, White side B. The
//! agents play the vacate rules, so the adapter's rules are `halma16-vacate` unless told
//! otherwise (any two-player 16×16 rule set works).

use halma_engine::bitboard::BitBoard;
use halma_engine::board::geometry::Square;
use halma_engine::games::halma::setup::MAX_SIDES;
use halma_engine::search::{Limits, MAX_SECONDS};
use halma_engine::{Error, Geometry, Move, Position, Rules, Setup};
use std::sync::Arc;
use std::time::Duration;

/// The board of the protocol.
pub type CourseBoard = Square<16>;

/// The rule set the adapter plays by default.
pub const COURSE_RULES: &str = "halma16-vacate";

/// Share of the time in the file the adapter plans to use: all of it for a `SINGLE` move
/// (less the margin), the clock for a `GAME`.
const SINGLE_SHARE: f64 = 0.5;
/// Time kept back from the file's time for starting up, reading and writing.
const MARGIN: Duration = Duration::from_millis(100);
/// What one move of a `GAME` costs outside the search and beyond its budget (starting the
/// process, reading and writing the files, the last iteration's overrun): the Move Overhead
/// of the time manager, kept back for every move still to play. Moves searched on an empty
/// clock took 4–39 ms, about 13 ms typically, on the 2-core machine at load 10; at 25 ms a
/// 6 s game ran out of time, and at 20 ms three of four 6 s games ended on an empty clock
/// (docs/search.md, "Time management"). Once the clock holds no more than this for every
/// move expected, the time manager's floor still gives each move a few milliseconds of
/// search (docs/search.md, "The clock floor").
const MOVE_COST: Duration = Duration::from_millis(40);

/// The bounds on reading `input.txt`: 19 lines of a few bytes make about 300 bytes, and
/// even blank lines and spaces around them stay far below these (docs/cli.md, Bounds).
pub const INPUT_LIMITS: crate::text_file::Limits = crate::text_file::Limits {
    max_bytes: 64 << 10,
    max_line: 1024,
    what: "a course input.txt",
};

/// What `input.txt` says.
#[derive(Clone, Debug, PartialEq)]
pub struct Input {
    /// `GAME` (a whole game on this clock) rather than `SINGLE` (one move).
    pub game: bool,
    /// Seconds of play time left, from 0 to [`MAX_SECONDS`] (the file's time clamped).
    pub seconds: f64,
    /// The position (move counts zero: the file has none).
    pub text: String,
}

/// The cell of their (x, y) on the 16×16 board.
fn cell(x: usize, y: usize) -> usize {
    CourseBoard::BOARD.bit(x, y)
}

/// The text of `input.txt` for `pos` (a two-player 16×16 position): `GAME` with a clock, or
/// `SINGLE` for one move, then the side to move, the seconds, and the 16 rows.
pub fn input_text(pos: &Position<CourseBoard>, game: bool, seconds: f64) -> String {
    let mut out = String::new();
    out += if game { "GAME\n" } else { "SINGLE\n" };
    out += if pos.to_move() == 0 {
        "BLACK\n"
    } else {
        "WHITE\n"
    };
    out += &format!("{seconds:.3}\n");
    for y in 0..16 {
        for x in 0..16 {
            out.push(match pos.side_at(cell(x, y)) {
                Some(0) => 'B',
                Some(_) => 'W',
                None => '.',
            });
        }
        out.push('\n');
    }
    out
}

/// The seconds of the file as the adapter plays them: NaN and negative times become 0 (it
/// still plays, as fast as it can: a course agent writes a move whenever it can), times
/// beyond [`MAX_SECONDS`] (infinity too) become that bound.
fn usable_seconds(seconds: f64) -> f64 {
    if seconds.is_nan() {
        0.0
    } else {
        seconds.clamp(0.0, MAX_SECONDS as f64)
    }
}

/// Parses `input.txt` under `rules` (a two-player 16×16 rule set).
pub fn parse_input(text: &str, rules: Rules) -> Result<(Input, Position<CourseBoard>), Error> {
    let bad = |t: String| Error::Position(format!("input.txt: {t}"));
    let lines: Vec<&str> = crate::text_file::without_bom(text)
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    if lines.len() != 19 {
        return Err(bad(format!(
            "{} lines; expected the mode, the colour, the time and 16 rows",
            lines.len()
        )));
    }
    let game = match lines[0] {
        "GAME" => true,
        "SINGLE" => false,
        other => return Err(bad(format!("mode '{other}' is neither SINGLE nor GAME"))),
    };
    let to_move = match lines[1] {
        "BLACK" => 0,
        "WHITE" => 1,
        other => return Err(bad(format!("colour '{other}' is neither BLACK nor WHITE"))),
    };
    let seconds = lines[2]
        .parse()
        .map(usable_seconds)
        .map_err(|_| bad(format!("time '{}' is not a number of seconds", lines[2])))?;
    let setup = Arc::new(Setup::<CourseBoard>::new(rules)?);
    let mut pieces = [<CourseBoard as Geometry>::BB::EMPTY; MAX_SIDES];
    for (y, row) in lines[3..].iter().enumerate() {
        if row.chars().count() != 16 {
            return Err(bad(format!(
                "row {y} has {} cells, not 16",
                row.chars().count()
            )));
        }
        for (x, c) in row.chars().enumerate() {
            match c {
                'B' => pieces[0].set(cell(x, y)),
                'W' => pieces[1].set(cell(x, y)),
                '.' => {}
                _ => return Err(bad(format!("'{c}' in row {y} is not B, W or ."))),
            }
        }
    }
    let pos = Position::from_parts(setup, pieces, to_move, [0; MAX_SIDES], 0)?;
    let input = Input {
        game,
        seconds,
        text: pos.to_text(),
    };
    Ok((input, pos))
}

/// Their (x, y) of a cell.
fn xy(cell: usize) -> (usize, usize) {
    CourseBoard::BOARD.coords(cell)
}

/// The text of `output.txt` for `mv`: `E x1,y1 x2,y2` for a step, one `J` line per hop for
/// a jump.
pub fn output_text(pos: &Position<CourseBoard>, mv: Move) -> String {
    let path = pos.path(mv);
    let (fx, fy) = xy(mv.from());
    let (tx, ty) = xy(mv.to());
    if path.len() == 2 && fx.abs_diff(tx) <= 1 && fy.abs_diff(ty) <= 1 {
        return format!("E {fx},{fy} {tx},{ty}\n");
    }
    path.windows(2)
        .map(|hop| {
            let ((ax, ay), (bx, by)) = (xy(hop[0]), xy(hop[1]));
            format!("J {ax},{ay} {bx},{by}\n")
        })
        .collect()
}

/// Parses `output.txt` into a legal move of `pos` (every hop checked).
pub fn parse_output(text: &str, pos: &Position<CourseBoard>) -> Result<Move, Error> {
    let bad = |t: String| Error::Move(format!("output.txt: {t}"));
    let mut cells: Vec<usize> = Vec::new();
    let lines: Vec<&str> = crate::text_file::without_bom(text)
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    if lines.is_empty() {
        return Err(bad("empty".into()));
    }
    for line in &lines {
        let parts: Vec<&str> = line.split_whitespace().collect();
        let point = |t: &str| -> Option<usize> {
            let (x, y) = t.split_once(',')?;
            let (x, y) = (x.trim().parse().ok()?, y.trim().parse().ok()?);
            (x < 16 && y < 16).then(|| cell(x, y))
        };
        let (kind, a, b) = match parts[..] {
            [k, a, b] => (k, point(a), point(b)),
            _ => return Err(bad(format!("'{line}' is not 'E x,y x,y' or 'J x,y x,y'"))),
        };
        let (Some(a), Some(b)) = (a, b) else {
            return Err(bad(format!("'{line}' has a cell off the 16x16 board")));
        };
        match (kind, cells.last()) {
            ("E", None) if lines.len() == 1 => cells.extend([a, b]),
            ("J", None) => cells.extend([a, b]),
            ("J", Some(&last)) if last == a => cells.push(b),
            ("J", Some(_)) => {
                return Err(bad(format!("hop '{line}' does not go on from the last")))
            }
            _ => {
                return Err(bad(format!(
                    "'{line}': a move is one E line or J lines only"
                )))
            }
        }
    }
    let names: Vec<String> = cells
        .iter()
        .map(|&c| CourseBoard::BOARD.cell_name(c))
        .collect();
    pos.parse_move(&names.join("-"))
        .map_err(|e| bad(e.to_string()))
}

/// The search limits for the time in the file.
pub fn limits(input: &Input) -> Limits {
    let total = Duration::from_secs_f64(input.seconds);
    if input.game {
        Limits {
            clock: Some(halma_engine::search::Clock {
                time_left: total.saturating_sub(MARGIN),
                increment: Duration::ZERO,
                moves_to_go: None,
            }),
            overhead: MOVE_COST,
            ..Limits::default()
        }
    } else {
        let share = Duration::from_secs_f64(input.seconds * SINGLE_SHARE);
        Limits::move_time(
            share
                .min(total.saturating_sub(MARGIN))
                .max(Duration::from_millis(1)),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start() -> Position<CourseBoard> {
        let rules = Rules::named(COURSE_RULES).unwrap();
        Position::start(Arc::new(Setup::new(rules).unwrap()))
    }

    #[test]
    fn input_round_trips_and_black_is_a_at_the_top_left() {
        let pos = start();
        let text = input_text(&pos, true, 12.5);
        let first_row = text.lines().nth(3).unwrap();
        assert_eq!(first_row, "BBBBB...........");
        let (input, back) = parse_input(&text, Rules::named(COURSE_RULES).unwrap()).unwrap();
        assert!(input.game);
        assert_eq!(input.seconds, 12.5);
        assert_eq!(back.to_text(), pos.to_text());
    }

    #[test]
    fn a_byte_order_mark_before_either_file_is_skipped() {
        let pos = start();
        let bom = crate::text_file::BOM;
        let text = format!("{bom}{}", input_text(&pos, false, 5.0));
        let (_, back) = parse_input(&text, Rules::named(COURSE_RULES).unwrap()).unwrap();
        assert_eq!(back.to_text(), pos.to_text());
        let mv = pos.legal_moves()[0];
        let out = format!("{bom}{}", output_text(&pos, mv));
        assert_eq!(parse_output(&out, &pos).unwrap(), mv);
    }

    #[test]
    fn time_in_the_file_becomes_limits_with_a_margin() {
        let single = Input {
            game: false,
            seconds: 10.0,
            text: String::new(),
        };
        assert_eq!(limits(&single).move_time, Some(Duration::from_secs(5)));
        let tight = Input {
            seconds: 0.15,
            ..single.clone()
        };
        assert_eq!(limits(&tight).move_time, Some(Duration::from_millis(50)));
        let game = Input {
            game: true,
            ..single
        };
        let clock = limits(&game).clock.unwrap();
        assert_eq!(clock.time_left, Duration::from_millis(9900));
        assert_eq!(limits(&game).overhead, MOVE_COST);
        assert!(limits(&game).move_time.is_none());
    }

    #[test]
    fn a_low_clock_in_a_game_still_gives_the_floor_and_an_empty_one_nothing() {
        use halma_engine::search::timeman::{TimeManager, FLOOR};
        let budget = |seconds, moves_left| {
            let input = Input {
                game: true,
                seconds,
                text: String::new(),
            };
            TimeManager::new(&limits(&input), Some(moves_left)).budget()
        };
        // The game of docs/search.md ("The clock floor"): 0.61 s, 17 or 40 moves expected.
        // The 40 ms kept back for each would leave nothing; the floor leaves 5 ms, or a
        // 160th of the 470 ms left after the margin and one Move Overhead.
        let ms = Duration::from_millis;
        assert_eq!(budget(0.61, 17), (Some(FLOOR), Some(FLOOR)));
        let (optimum, maximum) = budget(0.61, 40);
        assert_eq!(optimum, maximum);
        assert!((Some(ms(2))..Some(ms(3))).contains(&optimum), "{optimum:?}");
        // Within the margin and one overhead, nothing at all.
        for seconds in [0.0, 0.1, 0.14] {
            assert_eq!(budget(seconds, 17), (Some(ms(0)), Some(ms(0))), "{seconds}");
        }
    }

    #[test]
    fn any_number_in_the_file_is_a_usable_time() {
        let rules = Rules::named(COURSE_RULES).unwrap();
        let text = input_text(&start(), false, 1.0);
        for (time, seconds) in [
            ("1e308", MAX_SECONDS as f64),
            ("inf", MAX_SECONDS as f64),
            ("1e19", MAX_SECONDS as f64),
            ("-5", 0.0),
            ("-inf", 0.0),
            ("NaN", 0.0),
            ("2.5", 2.5),
        ] {
            let file = text.replacen("1.000", time, 1);
            let (input, _) = parse_input(&file, rules).unwrap();
            assert_eq!(input.seconds, seconds, "{time}");
            for game in [false, true] {
                let limits = limits(&Input {
                    game,
                    ..input.clone()
                });
                let budget = limits.move_time.or(limits.clock.map(|c| c.time_left));
                assert!(
                    budget.unwrap() <= Duration::from_secs(MAX_SECONDS),
                    "{time}"
                );
            }
        }
        let file = text.replacen("1.000", "soon", 1);
        assert!(parse_input(&file, rules).is_err());
    }

    #[test]
    fn a_file_with_a_twentieth_piece_is_refused() {
        let rules = Rules::named(COURSE_RULES).unwrap();
        let text = input_text(&start(), false, 1.0);
        let file = text.replacen("................", ".......B........", 1);
        let err = parse_input(&file, rules).unwrap_err();
        assert!(matches!(err, Error::Position(_)), "{err}");
        assert!(err.to_string().contains("20 pieces"), "{err}");
    }

    #[test]
    fn output_of_every_legal_move_parses_back_to_it() {
        let mut pos = start();
        for _ in 0..3 {
            let mv = *pos.legal_moves().last().unwrap();
            pos.make(mv);
        }
        for mv in pos.legal_moves() {
            let text = output_text(&pos, mv);
            assert_eq!(parse_output(&text, &pos).unwrap(), mv, "{text}");
        }
        assert!(parse_output("E 0,0 9,9\n", &pos).is_err());
        assert!(parse_output("X 1,1\n", &pos).is_err());
    }
}
