//! The conformance suite of a relative, written once: what every game's engine must show
//! against its reference ([`Reference`]), run by one line in the game's test file,
//!
//! ```ignore
//! halma_suite::conformance!(CarreraPosition, NaiveCarrera, SPEC);
//! ```
//!
//! where `SPEC` is the game's [`Spec`]: its perft table, the counts its rules give from
//! the start, the seeded play its positions come from and the bounds that keep the run
//! short. The macro writes a module `conformance` of tests, one a concern: perft from the
//! start and the perft table (engine and reference), the table's positions being those of
//! the seeded play, perft from positions of random play against the reference (history
//! included and not), move lists along whole games and along games that shuffle back and
//! forth so that positions repeat ([`ShuffleCheck`]), make/unmake restoring text, key and
//! status, texts read back, the status rules (a finished game has no move; two passes;
//! the third occurrence, also inside perft), the benchmarks' positions, mangled texts
//! refused with a one-line error, and arbitrary input (a property test), never a panic.
//! `tests/<game>.rs` keeps what is special to the game (its texts and diagram, its error
//! messages, its wins, its evaluation, random placements built from its own board).

use crate::family_checks::{
    check_arbitrary_input, check_game_move_by_move, check_games_move_by_move, check_make_unmake,
    check_mangled_inputs, check_pass_draw, check_perft_of_games, check_perft_of_play,
    check_perft_table, check_repetition_in_perft, check_round_trips, check_table_positions,
    check_third_occurrence_from, parse,
};
use crate::reference::{policy_game, shuffle_game, Reference};
use halma_engine::{perft::perft, Game, Move, Status};

/// What the suite needs of a game `P`: where its numbers come from and how far to go.
pub struct Spec<P> {
    /// The name of its perft table, `positions/perft/family/<table>.txt`.
    pub table: &'static str,
    /// The start position (the table's first line).
    pub start: fn() -> P,
    /// Perft from the start by the rules, from depth 1: the engine's counts; the
    /// reference's too up to [`Spec::start_depth`].
    pub start_counts: &'static [u64],
    /// Up to this depth the reference's perft from the start equals the engine's.
    pub start_depth: u32,
    /// How much of the perft table is checked.
    pub perft_table: TableCheck,
    /// The positions of the table after the start, from seeded play (`None`: the table
    /// was chosen by hand; its lines are then only checked to be distinct).
    pub table_positions: Option<fn() -> Vec<P>>,
    /// The largest count a printed table line goes to (`print_perft_table`).
    pub print_leaves: u64,
    /// Perft from positions of random play against the reference.
    pub play: PlayCheck,
    /// Whole games checked move by move against the reference.
    pub games: GamesCheck,
    /// The seeded games that shuffle back and forth.
    pub shuffle: ShuffleCheck,
    /// Finished games' last positions (with their histories), besides those of
    /// [`Spec::games`].
    pub finished: fn() -> Vec<P>,
    /// Every `step`-th position of the game of seed 7 (epsilon 0.3) is checked by
    /// make/unmake.
    pub make_unmake_step: usize,
    /// Whether a move's path text is its move text (no chains through other cells).
    pub paths_are_moves: bool,
    /// The benchmarks' positions (what `benches/<game>.rs` measure).
    pub bench: Bench,
    /// The position's key computed from scratch.
    pub compute_key: fn(&P) -> u64,
    /// The passes in a row before the position.
    pub passes: fn(&P) -> u8,
    /// A position text recording one pass, and a move that is legal in it.
    pub pass_draw: (fn() -> String, &'static str),
    /// The repetition draws: a cycle of four moves and where it starts (`None`: the game
    /// cannot repeat, and no whole game may end in a repetition draw).
    pub repetition: Option<RepetitionCheck<P>>,
    /// Texts to mangle, the characters to mangle them with, and how many times.
    pub mangled: (&'static [&'static str], &'static str, usize),
    /// The move texts the property test of arbitrary input tries (a regular expression;
    /// `arbitrary_input_never_panics`: any text; any one-character change of the texts of
    /// [`Spec::mangled`] and of the last position of a seeded game of up to 49 plies; these
    /// move texts in each).
    pub arbitrary_moves: &'static str,
}

/// Where the benchmarks' positions come from.
#[derive(Clone, Copy, Debug)]
pub enum Bench {
    /// `(cap, skip, step)`: the games of seeds 0 to 7 in the playout policy (epsilon 0.3,
    /// at most `cap` plies), from ply `skip` every `step`-th ongoing position, eight a game.
    Policy(usize, usize, usize),
    /// `(count, max_plies)`: [`crate::reference::played_positions`].
    Played(usize, u32),
    /// The perft table's positions and every position one move from them.
    Table,
}

impl Bench {
    /// The positions of the game whose start is `start` and whose perft table is `table`
    /// (`positions/perft/family/<table>.txt`): the ongoing ones, each read back from its
    /// text (no history).
    pub fn positions<P: Game<Setup = ()>>(self, start: &P, table: &str) -> Vec<P> {
        let positions: Vec<P> = match self {
            Bench::Policy(cap, skip, step) => (0..8)
                .flat_map(|seed| {
                    let g = policy_game(start.clone(), seed, 0.3, cap);
                    let ongoing = g.into_iter().skip(skip).step_by(step);
                    ongoing.filter(|p| !p.status().is_over()).take(8)
                })
                .collect(),
            Bench::Played(count, max_plies) => {
                crate::reference::played_positions(start, count, max_plies)
            }
            Bench::Table => crate::perft_table::family_perft_table(table)
                .iter()
                .flat_map(|(text, _)| {
                    let p: P = parse(text);
                    let children = p.legal_moves().into_iter().map(move |mv| {
                        let mut child = p.clone();
                        child.make(mv);
                        child
                    });
                    std::iter::once(parse(text)).chain(children)
                })
                .filter(|p| !p.status().is_over())
                .collect(),
        };
        positions.iter().map(|p| parse(&p.to_text())).collect()
    }
}

/// How much of a perft table is checked.
#[derive(Clone, Copy, Debug)]
pub struct TableCheck {
    /// At least this many depths per line.
    pub min_depths: usize,
    /// Every count up to this by the engine.
    pub engine_leaves: u64,
    /// Every count up to this by the reference.
    pub naive_leaves: u64,
    /// Every count up to this depth by the reference, however many leaves.
    pub naive_depth: u32,
    /// At least this many lines.
    pub min_lines: usize,
    /// At least this many counts checked by the engine.
    pub min_engine: usize,
    /// At least this many counts checked by the reference.
    pub min_naive: usize,
}

/// Perft from positions of random play: game `i` of `positions` has seed `100 + i`, the
/// epsilon `epsilons[i % len]` and stops after `plies[i % len]` plies.
#[derive(Clone, Copy, Debug)]
pub struct PlayCheck {
    /// How many positions.
    pub positions: u64,
    /// The playout policy's chance of a random move, game by game.
    pub epsilons: &'static [f32],
    /// Where each game stops.
    pub plies: &'static [usize],
    /// Each `(depth, max_leaves, min_checked)`: perft at `depth` of the ongoing positions
    /// with at most `max_leaves` leaves, at least `min_checked` of them.
    pub depths: &'static [(u32, u64, usize)],
}

/// Whole games: game `i` of `games` has seed `200 + i`, the epsilon `epsilons[i % len]`,
/// and stops after `cap` plies; at least `min_won` of them end in a win within the cap.
#[derive(Clone, Copy, Debug)]
pub struct GamesCheck {
    /// How many games.
    pub games: u64,
    /// The playout policy's chance of a random move, game by game.
    pub epsilons: &'static [f32],
    /// The most plies of a game.
    pub cap: usize,
    /// At least this many games end in a win before the cap.
    pub min_won: usize,
}

/// Seeded games that shuffle back and forth ([`shuffle_game`]), so that positions repeat:
/// move by move against the reference, texts and make/unmake along them, and perft from
/// their last positions with the history (a repetition draw inside the tree).
#[derive(Clone, Copy, Debug)]
pub struct ShuffleCheck {
    /// How many games (seeds 300, 301, …).
    pub games: u64,
    /// Plies at most.
    pub cap: usize,
    /// The perft depth from each game's last position.
    pub depth: u32,
    /// How many of them end in a repetition draw at the least (0 for a game that cannot
    /// repeat: then none may).
    pub min_repeated: u32,
}

impl ShuffleCheck {
    /// 24 games of at most 200 plies, perft 2 from each last position, half of them (12)
    /// ending in a repetition draw at the least.
    pub const DEFAULT: ShuffleCheck = ShuffleCheck {
        games: 24,
        cap: 200,
        depth: 2,
        min_repeated: 12,
    };
}

/// The repetition draws along a cycle of four moves that returns to where it starts.
pub struct RepetitionCheck<P> {
    /// The cycle's first position (read back from its text: the history starts there).
    pub from: fn() -> P,
    /// The cycle.
    pub cycle: [&'static str; 4],
    /// After each of these plies of the cycle, perft at `depth` agrees with the reference.
    pub perft_plies: &'static [usize],
    /// The perft depth across the draws.
    pub depth: u32,
}

/// The last position of a game.
pub fn last<P>(mut game: Vec<P>) -> P {
    game.pop().expect("a game has a position")
}

/// A game of the playout policy from the start (seed, epsilon, at most `cap` plies).
fn game<P: Game<Setup = ()>>(spec: &Spec<P>, seed: u64, epsilon: f32, cap: usize) -> Vec<P> {
    policy_game((spec.start)(), seed, epsilon, cap)
}

/// The games [`Spec::games`] describes.
fn whole_games<P: Game<Setup = ()>>(spec: &Spec<P>) -> Vec<Vec<P>> {
    let g = spec.games;
    (0..g.games)
        .map(|i| {
            game(
                spec,
                200 + i,
                g.epsilons[i as usize % g.epsilons.len()],
                g.cap,
            )
        })
        .collect()
}

/// Perft from the start: the rules' counts by the engine and, up to the start depth, the
/// reference; beyond the counts, the engine equals the reference up to the start depth.
pub fn start_perft<P: Game<Setup = ()>, R: Reference<P>>(spec: &Spec<P>) {
    let mut p = (spec.start)();
    let naive = R::start();
    for (depth, &want) in (1..).zip(spec.start_counts) {
        assert_eq!(perft(&mut p, depth), want, "engine, depth {depth}");
        if depth <= spec.start_depth {
            assert_eq!(naive.perft(depth), want, "reference, depth {depth}");
        }
    }
    for depth in spec.start_counts.len() as u32 + 1..=spec.start_depth {
        assert_eq!(perft(&mut p, depth), naive.perft(depth), "depth {depth}");
    }
}

/// The perft table: every text read back, every count by the engine and the reference up
/// to the spec's bounds.
pub fn perft_table<P: Game<Setup = ()>, R: Reference<P>>(spec: &Spec<P>) {
    let t = spec.perft_table;
    let (lines, engine, naive) = check_perft_table::<P, R>(
        spec.table,
        t.min_depths,
        t.engine_leaves,
        t.naive_leaves,
        t.naive_depth,
    );
    assert!(lines >= t.min_lines, "{lines} lines");
    assert!(
        engine >= t.min_engine && naive >= t.min_naive,
        "{engine} {naive}"
    );
}

/// The table's lines after the start are the positions of the seeded play (or, for a
/// table chosen by hand, distinct positions).
pub fn table_positions_are_those_of_the_seeded_play<P: Game<Setup = ()>, R: Reference<P>>(
    spec: &Spec<P>,
) {
    match spec.table_positions {
        Some(positions) => check_table_positions(spec.table, &positions()),
        None => {
            let table = crate::perft_table::family_perft_table(spec.table);
            let mut texts: Vec<&str> = table.iter().map(|l| l.0.as_str()).collect();
            let lines = texts.len();
            texts.sort();
            texts.dedup();
            assert_eq!(texts.len(), lines, "a line twice in {}", spec.table);
        }
    }
}

/// Perft from positions of random play against the reference replaying the game and the
/// reference read from the text.
pub fn perft_of_random_play<P: Game<Setup = ()>, R: Reference<P>>(spec: &Spec<P>) {
    let c = spec.play;
    let positions: Vec<P> = (0..c.positions)
        .map(|i| {
            let epsilon = c.epsilons[i as usize % c.epsilons.len()];
            let plies = c.plies[i as usize % c.plies.len()];
            game(spec, 100 + i, epsilon, plies)
                .pop()
                .expect("the start")
        })
        .collect();
    for &(depth, max_leaves, min_checked) in c.depths {
        let checked = check_perft_of_play::<P, R>(positions.clone(), depth, max_leaves);
        assert!(checked >= min_checked, "depth {depth}: {checked} positions");
    }
}

/// Whole games move by move: the same move lists, counts and statuses as the reference.
pub fn whole_games_move_by_move<P: Game<Setup = ()>, R: Reference<P>>(spec: &Spec<P>) {
    let mut won = 0;
    for g in whole_games(spec) {
        check_game_move_by_move::<P, R>(&g);
        won += usize::from(matches!(
            g.last().expect("the start").status(),
            Status::Won(_)
        ));
    }
    assert!(won >= spec.games.min_won, "{won} games won");
}

/// The shuffling games ([`Spec::shuffle`]): the same move lists and statuses as the
/// reference, texts and keys read back and restored by unmake along them, perft with their
/// history equal to the reference replaying them, and at least the repetition draws the
/// spec wants (none for a game without repetitions).
pub fn shuffled_games<P: Game<Setup = ()>, R: Reference<P>>(spec: &Spec<P>) {
    let c = spec.shuffle;
    let games: Vec<Vec<P>> = (300..300 + c.games)
        .map(|seed| shuffle_game((spec.start)(), seed, c.cap))
        .collect();
    let ends = check_games_move_by_move::<P, R>(games.iter().cloned());
    if spec.repetition.is_some() {
        assert!(ends[2] >= c.min_repeated, "ends {ends:?}");
    } else {
        assert_eq!(ends[2], 0, "ends {ends:?}");
    }
    let lasts = games.iter().map(|g| last(g.clone()));
    assert_eq!(
        check_perft_of_games::<P, R>(lasts, c.depth),
        c.games as usize
    );
    for game in &games {
        let moves: Vec<Move> = game.last().expect("the start").history().collect();
        let mut replay = moves.iter().copied();
        check_round_trips((spec.start)(), moves.len(), spec.compute_key, |_| {
            replay.next().expect("a move of the game")
        });
    }
}

/// Make then unmake restores text, key and status; keys are the computed ones; move texts
/// read back.
pub fn make_unmake<P: Game<Setup = ()>, R: Reference<P>>(spec: &Spec<P>) {
    for p in game(spec, 7, 0.3, spec.games.cap)
        .iter()
        .step_by(spec.make_unmake_step)
    {
        check_make_unmake(p, spec.compute_key);
        if spec.paths_are_moves {
            for mv in p.legal_moves() {
                assert_eq!(p.path_text(mv), p.move_text(mv));
            }
        }
    }
}

/// Every position of the whole games reads back from its text as the same position (text,
/// key, side to move, move counts, passes, and the status unless it is a repetition draw,
/// which needs the history).
pub fn texts_round_trip<P: Game<Setup = ()>, R: Reference<P>>(spec: &Spec<P>) {
    for p in whole_games(spec).iter().flatten() {
        let text = p.to_text();
        let q: P = parse(&text);
        assert_eq!((q.to_text(), q.key()), (text.clone(), p.key()));
        assert_eq!(q.to_move(), p.to_move(), "{text}");
        assert_eq!(
            (q.move_count(0), q.move_count(1), (spec.passes)(&q)),
            (p.move_count(0), p.move_count(1), (spec.passes)(p)),
            "{text}"
        );
        if p.status() != Status::DrawByRepetition {
            assert_eq!(q.status(), p.status(), "{text}");
        }
    }
}

/// A finished game has no move: no legal move, a count of 0, perft 0, the pass and its
/// text refused, and the reference replaying the game agrees ([`Spec::finished`] and the
/// finished ones of [`Spec::games`]).
pub fn finished_games_have_no_moves<P: Game<Setup = ()>, R: Reference<P>>(spec: &Spec<P>) {
    let ends = whole_games(spec)
        .into_iter()
        .filter_map(|g| g.last().cloned())
        .filter(|p| p.status().is_over());
    let ends: Vec<P> = (spec.finished)().into_iter().chain(ends).collect();
    assert!(!ends.is_empty());
    for mut p in ends {
        let text = p.to_text();
        assert!(p.status().is_over(), "{text}");
        assert!(p.legal_moves().is_empty(), "{text}");
        assert_eq!(p.count_legal_moves(), 0, "{text}");
        assert_eq!(perft(&mut p, 1), 0, "{text}");
        assert!(!p.is_legal(Move::PASS), "{text}");
        assert!(p.parse_move("pass").is_err(), "{text}");
        let naive = crate::family_checks::replayed::<P, R>(&p);
        assert_eq!(naive.status(), p.status(), "{text}");
        assert!(naive.legal_moves().is_empty(), "{text}");
    }
}

/// The two-passes draw from the spec's text.
pub fn two_passes_draw<P: Game<Setup = ()>, R: Reference<P>>(spec: &Spec<P>) {
    let (text, reply) = spec.pass_draw;
    check_pass_draw::<P, R>(&text(), reply, spec.passes);
}

/// The third occurrence draws (engine and reference); without the history it does not.
/// For a game that cannot repeat: no whole game ends in a repetition draw.
pub fn third_occurrence<P: Game<Setup = ()>, R: Reference<P>>(spec: &Spec<P>) {
    match &spec.repetition {
        Some(r) => check_third_occurrence_from::<P, R>(cycle_start(r), &r.cycle),
        None => no_repetition(spec),
    }
}

/// Perft across repetition draws agrees with the reference replaying the cycle.
pub fn repetition_in_perft<P: Game<Setup = ()>, R: Reference<P>>(spec: &Spec<P>) {
    match &spec.repetition {
        Some(r) => {
            check_repetition_in_perft::<P, R>(cycle_start(r), &r.cycle, r.perft_plies, r.depth)
        }
        None => no_repetition(spec),
    }
}

/// The cycle's first position read from its text: the history starts there, for the
/// engine as for the reference replaying it.
fn cycle_start<P: Game<Setup = ()>>(r: &RepetitionCheck<P>) -> P {
    parse(&(r.from)().to_text())
}

/// No position of the whole games is a repetition draw.
fn no_repetition<P: Game<Setup = ()>>(spec: &Spec<P>) {
    for p in whole_games(spec).iter().flatten() {
        assert_ne!(p.status(), Status::DrawByRepetition, "{}", p.to_text());
    }
}

/// The benchmarks' positions ([`Spec::bench`], read back from their texts): legal
/// positions whose move lists are the reference's, every move legal and its text read
/// back.
pub fn bench_positions<P: Game<Setup = ()>, R: Reference<P>>(spec: &Spec<P>) {
    let positions = spec.bench.positions(&(spec.start)(), spec.table);
    for p in &positions {
        let naive = R::from_engine(p);
        let (engine, reference) = crate::family_checks::both_move_lists(p, &naive);
        assert_eq!(engine, reference, "{}", p.to_text());
        for &mv in &engine {
            assert!(p.is_legal(mv), "{}", p.to_text());
            assert_eq!(p.parse_move(&p.move_text(mv)), Ok(mv));
        }
    }
    assert!(positions.len() >= 32, "{} positions", positions.len());
}

/// Mangled texts and move texts: a position that reads back, or a one-line error; never a
/// panic.
pub fn mangled_texts<P: Game<Setup = ()>, R: Reference<P>>(spec: &Spec<P>) {
    let (texts, alphabet, rounds) = spec.mangled;
    check_mangled_inputs::<P>(texts, alphabet, rounds);
}

/// One case of the property test of arbitrary input ([`Spec::arbitrary_moves`]): `text`
/// read, `mv` a move text, the character `c` put at `at`, in the game of `seed` (epsilon
/// 0.5, at most `seed` plies).
pub fn arbitrary_input<P: Game<Setup = ()>>(
    spec: &Spec<P>,
    (text, mv): (&str, &str),
    (at, c): (usize, char),
    seed: u64,
) {
    let p = last(game(spec, seed, 0.5, seed as usize));
    let played = p.to_text();
    let bases: Vec<&str> = spec
        .mangled
        .0
        .iter()
        .copied()
        .chain([played.as_str()])
        .collect();
    check_arbitrary_input(text, mv, (at, c), &bases, &p);
}

/// Prints the perft table's lines (the start and the table positions, or the table's own
/// lines again for a table chosen by hand).
pub fn print_perft_table<P: Game<Setup = ()>, R: Reference<P>>(spec: &Spec<P>) {
    let positions: Vec<P> = match spec.table_positions {
        Some(positions) => positions(),
        None => crate::perft_table::family_perft_table(spec.table)
            .iter()
            .skip(1)
            .map(|(text, _)| parse(text))
            .collect(),
    };
    crate::family_checks::print_perft_table_to(&positions, spec.print_leaves);
}

/// Prints how seeded games of the playout policy end.
pub fn print_game_ends<P: Game<Setup = ()>, R: Reference<P>>(spec: &Spec<P>) {
    crate::family_checks::print_game_ends(
        |s, e| game(spec, s, e, spec.games.cap),
        &[0.1, 0.2, 0.3, 0.5, 1.0],
        8,
    );
}

/// The conformance suite of a game: `conformance!(Position, Reference, SPEC)` writes a
/// module `conformance` with one test per check of [`crate::conformance`] (module doc);
/// `conformance!(name: Position, Reference, SPEC)` names the module (a file with two rule
/// sets).
#[macro_export]
macro_rules! conformance {
    ($p:ty, $r:ty, $spec:expr) => {
        $crate::conformance!(conformance: $p, $r, $spec);
    };
    ($name:ident: $p:ty, $r:ty, $spec:expr) => {
        /// The game's conformance suite ([`halma_suite::conformance`]).
        mod $name {
            #[allow(unused_imports)]
            use super::*;
            use $crate::conformance as c;

            fn spec() -> c::Spec<$p> {
                $spec
            }

            $crate::conformance_tests!($p, $r, spec;
                start_perft,
                perft_table,
                table_positions_are_those_of_the_seeded_play,
                perft_of_random_play,
                whole_games_move_by_move,
                shuffled_games,
                make_unmake,
                texts_round_trip,
                finished_games_have_no_moves,
                two_passes_draw,
                third_occurrence,
                repetition_in_perft,
                bench_positions,
                mangled_texts,
            );
            ::proptest::proptest! {
                /// Any text, any move text, any one-character change of a valid text: an
                /// error or a position, never a panic ([`c::Spec::arbitrary_moves`]).
                #[test]
                fn arbitrary_input_never_panics(
                    text in ".{0,80}",
                    mv in spec().arbitrary_moves,
                    at in 0usize..100,
                    ch in ::proptest::char::any(),
                    seed in 0u64..50,
                ) {
                    c::arbitrary_input(&spec(), (&text, &mv), (at, ch), seed);
                }
            }
            #[test]
            #[ignore = "prints the perft table (slow): run with --ignored --nocapture"]
            fn print_perft_table() {
                c::print_perft_table::<$p, $r>(&spec());
            }
            #[test]
            #[ignore = "prints how seeded games of the playout policy end"]
            fn print_game_ends() {
                c::print_game_ends::<$p, $r>(&spec());
            }
        }
    };
}

/// The tests of [`conformance!`]: one `#[test]` a check, named as the check.
#[macro_export]
#[doc(hidden)]
macro_rules! conformance_tests {
    ($p:ty, $r:ty, $spec:ident; $($check:ident,)*) => {
        $(
            #[test]
            fn $check() {
                $crate::conformance::$check::<$p, $r>(&$spec());
            }
        )*
    };
}
