//! The texts of every game of the registry ([`Variant::samples`] and some rule options):
//! every position text the engine prints reads back to the same position, finished games
//! included (won, lost by the deadline, drawn by passes, by the ply cap), along random games
//! played to their end; every legal move's text reads back to it; and the refusals of move
//! texts say what is really wrong.

use halma_engine::game::{status_text, GameRules, Status};
use halma_engine::games::{split_game_text, Variant};
use halma_engine::rng::Rng;
use halma_engine::weights::Weights;
use halma_engine::{with_game, Error, Game};

/// Games besides [`Variant::samples`]: rule options that change how a game ends.
const OPTION_MIXES: &[&str] = &[
    "halma8:deadline=none,repetition=off,ply-cap=300",
    "square6:deadline=3",
    "square7-4:jumps=long,deadline=20",
    "star-3:deadline=none,ply-cap=200",
];

/// The most plies of one random game (a game still going then is left there).
const MAX_PLIES: usize = 1500;

/// `pos`'s text read back as a user would give it: the game from its first field.
fn read_back<P: Game>(setup: &P::Setup, text: &str) -> Result<P, Error> {
    let (variant, fields) = split_game_text(text)?;
    assert_eq!(variant.to_string(), pos_rules(text), "{text}");
    P::from_text_fields(setup, fields)
}

/// The first field of a position text.
fn pos_rules(text: &str) -> &str {
    text.split_whitespace().next().unwrap_or("")
}

/// The text of `pos` reads back to the same position: the same text, the same status (a
/// draw by repetition excepted: a text carries no history), the same legal moves; and every
/// legal move's text and path text read back to it.
fn check_text<P: Game>(pos: &P) {
    let text = pos.to_text();
    let back: P = read_back(pos.setup(), &text).unwrap_or_else(|e| {
        panic!(
            "'{text}' ({}) does not read back: {e}",
            status_text(pos.status())
        )
    });
    assert_eq!(back.to_text(), text);
    if pos.status() != Status::DrawByRepetition {
        assert_eq!(back.status(), pos.status(), "{text}");
        assert_eq!(back.legal_moves(), pos.legal_moves(), "{text}");
    }
    for mv in pos.legal_moves() {
        assert_eq!(pos.parse_move(&pos.move_text(mv)).ok(), Some(mv), "{text}");
        assert_eq!(pos.parse_move(&pos.path_text(mv)).ok(), Some(mv), "{text}");
    }
}

/// Random games of `P` from its start to their end, every position's text checked; the
/// statuses the games ended in are added to `ends`. The first game's moves are uniformly
/// random; the others follow the playout policy (the move of largest gain, a random one
/// with chance 0.3), which races to the goal as uniform moves on a large board never do.
fn random_games<P: Game>(setup: &P::Setup, seed: u64, games: usize, ends: &mut Vec<Status>) {
    let mut rng = Rng::new(seed);
    let start = P::start(setup);
    let eval = start.evaluator(&Weights::default());
    for game in 0..games {
        let mut pos = start.clone();
        for _ in 0..MAX_PLIES {
            check_text(&pos);
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = if game == 0 {
                moves[rng.below(moves.len() as u32) as usize]
            } else {
                pos.policy_move(&eval, 0.3, &mut rng)
            };
            pos.make(mv);
        }
        check_text(&pos);
        ends.push(pos.status());
    }
}

#[test]
fn every_printed_position_text_reads_back_finished_games_included() -> Result<(), Error> {
    let variants = Variant::samples().into_iter().chain(
        OPTION_MIXES
            .iter()
            .map(|t| Variant::parse(t).expect("a game")),
    );
    let mut ends = Vec::new();
    for variant in variants {
        let mut mine = Vec::new();
        with_game!(variant, P, setup => random_games::<P>(&setup, 7, 3, &mut mine));
        ends.extend(mine);
    }
    // The ends the texts must carry: wins, deadline losses, draws by passes.
    for want in ["wins", "deadline", "passed"] {
        assert!(
            ends.iter().any(|s| status_text(*s).contains(want)),
            "no game ended with '{want}': {ends:?}"
        );
    }
    Ok(())
}

/// The position of `text` after `moves`, its text, and that text read back.
fn after(text: &str, moves: &[&str]) -> Result<(String, String), Error> {
    let (variant, fields) = split_game_text(text)?;
    with_game!(variant, P, setup => {
        let mut pos = <P as GameRules>::from_text_fields(&setup, fields)?;
        halma_engine::game::play_moves(&mut pos, moves)?;
        let printed = pos.to_text();
        let back = read_back::<P>(&setup, &printed)?;
        assert_eq!(back.status(), pos.status(), "{printed}");
        Ok((printed, status_text(back.status())))
    })
}

#[test]
fn a_game_ended_by_both_sides_passing_reads_back_drawn() -> Result<(), Error> {
    // The Caeser position: both sides blocked.
    let (text, status) = after(
        "caeser 1BBB/BBABB/BBBBAB/BBBBAAA/BAAAAA/AAAA1/AAA1 B 9,8",
        &["pass", "pass"],
    )?;
    assert_eq!(
        text,
        "caeser 1BBB/BBABB/BBBBAB/BBBBAAA/BAAAAA/AAAA1/AAA1 B 10,9 2"
    );
    assert_eq!(status, "draw: every side passed");
    // One pass more than the sides is still refused, saying why.
    let e = after(
        "caeser 1BBB/BBABB/BBBBAB/BBBBAAA/BAAAAA/AAAA1/AAA1 B 10,9 3",
        &[],
    )
    .unwrap_err()
    .to_string();
    assert!(
        e.contains("3 passes in a row cannot be") && e.contains("says 2"),
        "{e}"
    );
    let e = after("halma16-4 BBBB8CCCC/BBBB8CCCC/BBB10CCC/BB12CC/16/16/16/16/16/16/16/16/AA12DD/AAA10DDD/AAAA8DDDD/AAAA8DDDD A 0,0,0,0 5", &[])
        .unwrap_err()
        .to_string();
    assert!(e.contains("all 4 sides"), "{e}");
    Ok(())
}

#[test]
fn a_finished_top_secret_game_reads_back() -> Result<(), Error> {
    // A bears off its last stone: A wins, B to move.
    let (text, status) = after(
        "topsecret 16/16/16/16/16/16/16/16/16/16/16/16/16/16/16/A14B A 39,39 0,0",
        &["a1-off"],
    )?;
    assert_eq!(
        text,
        "topsecret 16/16/16/16/16/16/16/16/16/16/16/16/16/16/16/15B B 40,39 0,0"
    );
    assert_eq!(status, "A wins");
    Ok(())
}

/// Every move text `a-b` from a cell of the side to move to any other cell of `pos`: a
/// text read as a move is the legal move; a refused one names the real reason, never the
/// checks' fallback ("not legal here"), and a target holding a piece is named as taken
/// (Lehrma's swaps aside, no game of the family moves onto a piece).
fn check_refusals<P: Game>(pos: &P, swaps: bool) {
    let text = pos.to_text();
    let legal = pos.legal_moves();
    for from in (0..pos.cells()).filter(|&c| pos.side_at(c) == Some(pos.to_move())) {
        for to in (0..pos.cells()).filter(|&c| c != from) {
            let (Ok(_), Ok(_)) = (
                pos.parse_cell(&pos.cell_name(from)),
                pos.parse_cell(&pos.cell_name(to)),
            ) else {
                continue;
            };
            let mv_text = format!("{}-{}", pos.cell_name(from), pos.cell_name(to));
            match pos.parse_move(&mv_text) {
                Ok(mv) => assert!(legal.contains(&mv), "{text}: {mv_text} read but not legal"),
                Err(e) => {
                    let e = e.to_string();
                    assert!(!e.ends_with("not legal here"), "{text}: {mv_text}: {e}");
                    if pos.side_at(to).is_some() && !swaps {
                        assert!(
                            e.contains(&pos.cell_name(to)) && !e.contains("neighbour"),
                            "{text}: {mv_text}: {e}"
                        );
                    }
                }
            }
        }
    }
}

/// [`check_refusals`] along a few random games of `P`.
fn refusals_along_games<P: Game>(setup: &P::Setup, swaps: bool) {
    random_walk::<P>(setup, 11, 59, |pos, _, ply| {
        if ply % 3 == 0 {
            check_refusals(pos, swaps);
        }
    });
}

/// Visits the positions of a game of `P` from the start, each move chosen uniformly by a
/// generator seeded by `seed`, up to `plies` moves or the end: `visit(position, generator,
/// ply)` for the start and after each move.
pub fn random_walk<P: Game>(
    setup: &P::Setup,
    seed: u64,
    plies: usize,
    mut visit: impl FnMut(&P, &mut Rng, usize),
) {
    let mut rng = Rng::new(seed);
    let mut pos = P::start(setup);
    visit(&pos, &mut rng, 0);
    for ply in 1..=plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.make(moves[rng.below(moves.len() as u32) as usize]);
        visit(&pos, &mut rng, ply);
    }
}

#[test]
fn move_refusals_say_what_is_really_wrong_in_every_game() -> Result<(), Error> {
    for variant in Variant::samples() {
        let swaps = variant.base_name().starts_with("lehrma");
        with_game!(variant, P, setup => refusals_along_games::<P>(&setup, swaps));
    }
    // The case: a step onto an own piece next to it.
    let (variant, fields) = split_game_text("halma8 4BBBB/5BBB/6BB/7B/A7/AA6/AAA5/AAAA4 A 0,0")?;
    with_game!(variant, P, setup => {
        let pos = <P as GameRules>::from_text_fields(&setup, fields)?;
        let e = <P as GameRules>::parse_move(&pos, "a1-a2").unwrap_err().to_string();
        assert!(e.contains("a2 holds an own piece"), "{e}");
        assert!(!e.contains("neighbour"), "{e}");
    });
    Ok(())
}

/// `text` with `edits` random one-character changes (replace, insert, delete) drawn from
/// the characters position texts are made of.
fn mutate(text: &str, edits: usize, rng: &mut Rng) -> String {
    const ALPHABET: &[u8] = b"AB0123456789/ ,abrpnRPNC-:=x";
    let mut bytes = text.as_bytes().to_vec();
    for _ in 0..edits {
        let at = rng.below(bytes.len() as u32 + 1) as usize;
        let c = ALPHABET[rng.below(ALPHABET.len() as u32) as usize];
        match rng.below(3) {
            0 if at < bytes.len() => bytes[at] = c,
            1 => bytes.insert(at, c),
            _ if at < bytes.len() => {
                bytes.remove(at);
            }
            _ => bytes.push(c),
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Mutated texts of positions along a random game of `P`: each is refused or read as a
/// position whose own text reads back to it (never a panic).
fn mutated_texts<P: Game>(setup: &P::Setup, seed: u64) {
    random_walk::<P>(setup, seed, 39, |pos, rng, _| {
        let text = pos.to_text();
        for edits in [1, 1, 2, 3] {
            let bad = mutate(&text, edits, rng);
            let Ok((variant, fields)) = split_game_text(&bad) else {
                continue;
            };
            if variant.to_string() != pos.rules_text() {
                continue;
            }
            if let Ok(read) = <P as GameRules>::from_text_fields(setup, fields) {
                let again = read.to_text();
                let back: P = read_back(setup, &again)
                    .unwrap_or_else(|e| panic!("'{bad}' read as '{again}', which fails: {e}"));
                assert_eq!(back.to_text(), again, "{bad}");
            }
        }
    });
}

#[test]
fn mutated_position_texts_of_every_game_are_refused_or_read_back() -> Result<(), Error> {
    for variant in Variant::samples() {
        for seed in 1..4 {
            with_game!(variant, P, setup => mutated_texts::<P>(&setup, seed));
        }
    }
    Ok(())
}
