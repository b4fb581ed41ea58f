//! The shortest-game solver against breadth-first search: whole solitaire games on 6×6 (by
//! meeting in the middle), random near-finished positions for the race and cooperative
//! entry points, and the admissibility of every bound on states of known distance.

use halma_engine::bitboard::BitBoard;
use halma_engine::board::jumps::{jump_closure, long_jump_closure, step_targets, JumpMasks};
use halma_engine::games::halma::rules::{CampExit, JumpKind};
use halma_engine::games::halma::solve::bound::{self, Grouping, LevelTable, ParityBound};
use halma_engine::games::halma::solve::{
    self, cooperative_plies, solver_rules, Mode, Options, Race, Solution,
};
use halma_engine::{with_geometry, FastHashMap, Geometry, Position, Rules, Setup, Square, Status};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::sync::Arc;

/// Every placement one move of one side away, the other pieces fixed (the engine's
/// generator primitives; camp exit and jump kind from the rules).
fn successors<G: Geometry>(
    setup: &Setup<G>,
    side: usize,
    pieces: G::BB,
    obstacles: G::BB,
) -> Vec<G::BB> {
    let occupied = pieces | obstacles;
    let empty = G::CELLS.without(occupied);
    let masks = JumpMasks::new::<G>(occupied, empty);
    let goal = setup.goal(side);
    let mut out = Vec::new();
    for from in pieces.iter() {
        let jumps = match setup.rules().jumps {
            JumpKind::Adjacent => jump_closure::<G>(from, &masks),
            JumpKind::Long => long_jump_closure::<G>(from, occupied, empty),
        };
        let mut targets = step_targets::<G>(from, empty) | jumps;
        if setup.rules().camp_exit == CampExit::Locked && goal.has(from) {
            targets &= goal;
        }
        for to in targets.iter() {
            out.push(pieces ^ (G::BB::single(from) | G::BB::single(to)));
        }
    }
    out
}

/// Exact distances from `start` up to `depth` moves.
fn bfs<G: Geometry>(
    setup: &Setup<G>,
    side: usize,
    start: G::BB,
    obstacles: G::BB,
    depth: u32,
) -> FastHashMap<Vec<u64>, (G::BB, u32)> {
    let key = |b: G::BB| b.iter().map(|c| c as u64).collect::<Vec<_>>();
    let mut seen = FastHashMap::default();
    seen.insert(key(start), (start, 0));
    let mut frontier = vec![start];
    for d in 1..=depth {
        let mut next = Vec::new();
        for &s in &frontier {
            for t in successors(setup, side, s, obstacles) {
                seen.entry(key(t)).or_insert_with(|| {
                    next.push(t);
                    (t, d)
                });
            }
        }
        frontier = next;
    }
    seen
}

fn no_progress(_: &solve::Progress) {}

fn solve_quietly(rules: &str, mode: Mode) -> Solution {
    solve_with_beam(rules, mode, 0)
}

fn solve_with_beam(rules: &str, mode: Mode, beam_width: usize) -> Solution {
    solve_with(rules, mode, beam_width, None)
}

fn solve_with(rules: &str, mode: Mode, beam_width: usize, complete_at: Option<u32>) -> Solution {
    solve_by(
        rules,
        mode,
        solve::Method::Deepening,
        beam_width,
        complete_at,
        60,
    )
}

fn solve_by(
    rules: &str,
    mode: Mode,
    method: solve::Method,
    beam_width: usize,
    complete_at: Option<u32>,
    max_bound: u32,
) -> Solution {
    let options = options_by(method, beam_width, complete_at, max_bound);
    solve::solve(Rules::parse(rules).unwrap(), mode, &options, &no_progress).unwrap()
}

/// The options of [`solve_by`]: a small table, the strongest level table.
fn options_by(
    method: solve::Method,
    beam_width: usize,
    complete_at: Option<u32>,
    max_bound: u32,
) -> Options {
    Options {
        method,
        stop: None,
        table_bytes: if method == solve::Method::Layered {
            256 << 20
        } else {
            16 << 20
        },
        max_bound,
        level_states: bound::MAX_LEVEL_STATES,
        beam_width,
        complete_at,
        level_states_most: 0,
        level_upgrade_millis: None,
        widest_beam: 0,
        fallback: false,
    }
}

/// Meets in the middle: the exact solitaire distance of side A on a free-exit board (moves
/// are then reversible, so the backward search is the same search from the goal), checked
/// against the solver; every state of the backward search has a known distance, and no
/// bound may exceed it. Adjacent and long jumps.
#[test]
fn solitaire_on_6x6_matches_bidirectional_search_and_bounds_are_admissible() {
    for text in [
        "square6:camp-exit=free",
        "square6:camp-exit=free,jumps=long",
    ] {
        meet_in_the_middle_on_6x6(text);
    }
}

fn meet_in_the_middle_on_6x6(text: &str) {
    type G = Square<6>;
    let rules = solver_rules(Rules::parse(text).unwrap(), Mode::Solitaire).unwrap();
    let setup = Setup::<G>::new(rules).unwrap();
    let none = <G as Geometry>::BB::EMPTY;
    let fwd = bfs(&setup, 0, setup.home(0), none, 5);
    let back = bfs(&setup, 0, setup.goal(0), none, 5);
    let exact = fwd
        .iter()
        .filter_map(|(k, &(_, a))| back.get(k).map(|&(_, b)| a + b))
        .min()
        .expect("the searches meet within ten moves");
    let solution = solve_quietly(text, Mode::Solitaire);
    assert_eq!(solution.minimum, Some(exact), "{text}");
    assert_eq!(solution.line.len() as u32, exact);
    check_solitaire_line(&setup, &solution.line);
    // Every grouping of the level relaxation, from levels and classes to merged levels.
    let tables: Vec<LevelTable> = Grouping::ALL
        .iter()
        .map(|&g| {
            LevelTable::with_grouping(&setup, 0, g, u64::MAX, None).expect("6x6 tables are small")
        })
        .collect();
    assert!(tables.windows(2).all(|w| w[1].levels() < w[0].levels()));
    let parity = ParityBound::new(&setup, 0);
    let mut tight = vec![0; tables.len()];
    let mut stronger = 0;
    for &(state, d) in back.values() {
        for (table, tight) in tables.iter().zip(&mut tight) {
            let l = table.bound(state);
            assert!(
                l <= d,
                "{text}: {} bound {l} > distance {d} for {state:?}",
                table.grouping()
            );
            *tight += usize::from(l == d);
        }
        assert!(parity.bound(state, none) <= d);
        // Classes refine levels, which refine every merging: never weaker, per state.
        let (classes, levels) = (tables[0].bound(state), tables[1].bound(state));
        assert!(classes >= levels);
        assert!(tables[2..].iter().all(|t| t.bound(state) <= levels));
        stronger += usize::from(classes > levels);
    }
    for (table, &tight) in tables.iter().zip(&tight).take(2) {
        assert!(
            tight > back.len() / 20,
            "{text}: the {} bound is tight on some states",
            table.grouping()
        );
    }
    assert!(
        tight[0] >= tight[1],
        "{text}: classes are never weaker than levels"
    );
    assert!(stronger > 0, "{text}: classes raise the bound somewhere");
}

/// Replays a solitaire line of side A with the engine's generator and checks the goal.
fn check_solitaire_line<G: Geometry>(setup: &Setup<G>, line: &[String]) {
    let board = G::BOARD;
    let mut pieces = setup.home(0);
    for text in line {
        let (a, b) = text.split_once('-').unwrap();
        let mv = G::BB::single(board.parse_cell(a).unwrap())
            | G::BB::single(board.parse_cell(b).unwrap());
        let next = pieces ^ mv;
        assert!(
            successors(setup, 0, pieces, G::BB::EMPTY).contains(&next),
            "{text}"
        );
        pieces = next;
    }
    assert!(pieces.without(setup.goal(0)).is_empty());
}

#[test]
fn solved_lines_replay_and_iterations_prove_the_minimum() {
    for (rules, mode, want) in [
        ("square6", Mode::Solitaire, 10),
        ("square7", Mode::Solitaire, 12),
        ("square6", Mode::Cooperative, 15),
        ("square7", Mode::Cooperative, 15),
    ] {
        let s = solve_quietly(rules, mode);
        assert_eq!(s.minimum, Some(want), "{rules} {mode:?}");
        assert_eq!(s.line.len() as u32, want);
        let (last, earlier) = s.iterations.split_last().unwrap();
        assert!(last.solved && last.bound == want);
        assert!(earlier.iter().all(|i| !i.solved && i.bound < want));
        assert_eq!(s.iterations[0].bound, s.start_bound);
        check_line(rules, mode, &s.line);
    }
}

/// Every bound searched and whether it found a line.
fn bounds(s: &Solution) -> Vec<(u32, bool)> {
    s.iterations.iter().map(|i| (i.bound, i.solved)).collect()
}

/// The layered method and the deepening agree on every small board, in both modes: the
/// same minimum, the same bounds searched without a line, and a line of that length that
/// replays (the solver replays it through the rules core or cell by cell; checked again).
#[test]
fn layered_and_deepening_agree_on_small_boards() {
    for (rules, mode) in [
        ("square6", Mode::Solitaire),
        ("square7", Mode::Solitaire),
        ("square6", Mode::Cooperative),
        ("square7", Mode::Cooperative),
    ] {
        let deep = solve_by(rules, mode, solve::Method::Deepening, 0, None, 60);
        let layered = solve_by(rules, mode, solve::Method::Layered, 0, None, 60);
        assert_eq!(layered.method, solve::Method::Layered);
        assert!(deep.minimum.is_some(), "{rules} {mode:?}");
        assert_eq!(layered.minimum, deep.minimum, "{rules} {mode:?}");
        assert_eq!(bounds(&layered), bounds(&deep), "{rules} {mode:?}");
        assert_eq!(layered.line.len() as u32, layered.minimum.unwrap());
        assert!(layered.stopped.is_none() && layered.widest_layer > 0);
        check_line(rules, mode, &layered.line);
    }
    // On 8x8 the layers of the last bounds take gigabytes and minutes: both methods search
    // the bounds below the minimum (solitaire 18, cooperative 24) alike and find no line.
    for (rules, mode, max) in [
        ("halma8", Mode::Solitaire, 16),
        ("halma8", Mode::Cooperative, 23),
    ] {
        let deep = solve_by(rules, mode, solve::Method::Deepening, 0, None, max);
        let layered = solve_by(rules, mode, solve::Method::Layered, 0, None, max);
        assert_eq!(
            (layered.minimum, deep.minimum),
            (None, None),
            "{rules} {mode:?}"
        );
        assert_eq!(bounds(&layered), bounds(&deep), "{rules} {mode:?}");
        assert_eq!(
            bounds(&layered).last().map(|b| b.0),
            Some(max),
            "{rules} {mode:?}"
        );
        assert!(layered.stopped.is_none(), "{rules} {mode:?}");
    }
}

/// The options of a layered cooperative solve whose layers do not fit (1 MB), without a
/// first beam.
fn cramped_layers() -> Options {
    Options {
        method: solve::Method::Layered,
        stop: None,
        table_bytes: 1 << 20,
        max_bound: 60,
        level_states: bound::MAX_LEVEL_STATES,
        beam_width: 0,
        complete_at: None,
        level_states_most: 0,
        level_upgrade_millis: None,
        widest_beam: 0,
        fallback: false,
    }
}

/// A layered search that would exceed its memory stops with a clear reason and keeps what
/// it proved: no minimum, every completed bound unsolved; with a beam, an aimed beam at the
/// bound that did not fit gives the minimum (`halma8` cooperative, 24).
#[test]
fn layered_search_stops_at_its_memory_budget() {
    let options = cramped_layers();
    let s = solve::solve(
        Rules::parse("halma8").unwrap(),
        Mode::Cooperative,
        &options,
        &no_progress,
    )
    .unwrap();
    assert_eq!(s.minimum, None);
    let reason = s.stopped.expect("stopped");
    assert!(reason.contains("memory budget"), "{reason}");
    assert!(s.iterations.iter().all(|i| !i.solved));
    // With a beam, the bound whose layers do not fit gets an aimed beam: every shorter bound
    // was refuted by the layers, so its line is the minimum.
    let with_beam = Options {
        beam_width: 1000,
        ..options
    };
    let s = solve::solve(
        Rules::parse("halma8").unwrap(),
        Mode::Cooperative,
        &with_beam,
        &no_progress,
    )
    .unwrap();
    assert_eq!((s.minimum, s.line.len()), (Some(24), 24));
    assert!(s.stopped.is_none());
}

/// The bounds of `s` climb one search each: no bound is searched twice or skipped over
/// (after the first, each is at most two above the one before: an aimed iteration steps by
/// one, the parity by two).
fn assert_bounds_climb(s: &Solution) {
    for pair in s.iterations.windows(2) {
        let (a, b) = (pair[0].bound, pair[1].bound);
        assert!(a < b && b <= a + 2, "{:?}", bounds(s));
    }
}

#[test]
fn a_bound_whose_layers_do_not_fit_is_handed_to_the_deepening() {
    let options = Options {
        fallback: true,
        ..cramped_layers()
    };
    let heard = std::sync::Mutex::new(Vec::new());
    let listen = |p: &solve::Progress| {
        if let solve::Progress::Switched { bound, reason } = p {
            heard.lock().unwrap().push((*bound, reason.clone()));
        }
    };
    let rules = Rules::parse("halma8").unwrap();
    let s = solve::solve(rules, Mode::Cooperative, &options, &listen).unwrap();
    // The layers of 1 MB refute nothing past the first bounds; the deepening proves 24.
    assert_eq!(
        (s.minimum, s.line.len(), s.stopped.clone()),
        (Some(24), 24, None)
    );
    let heard = heard.into_inner().unwrap();
    assert_eq!(heard.len(), 1, "{heard:?}");
    assert_eq!(s.deepening_from, Some(heard[0].0));
    assert!(heard[0].1.contains("memory budget"), "{heard:?}");
    assert!(s.iterations.iter().any(|i| i.bound == heard[0].0));
    assert_bounds_climb(&s);
    assert_eq!(bounds(&s).last(), Some(&(24, true)));
}

#[test]
fn aimed_beams_widen_by_tens_at_a_bound_whose_layers_do_not_fit() {
    let options = Options {
        beam_width: 1,
        widest_beam: 1000,
        ..cramped_layers()
    };
    let widths = std::sync::Mutex::new(Vec::new());
    let listen = |p: &solve::Progress| {
        if let solve::Progress::BeamFinished(b) = p {
            widths.lock().unwrap().push((b.width, b.length()));
        }
    };
    let rules = Rules::parse("halma8").unwrap();
    let s = solve::solve(rules, Mode::Cooperative, &options, &listen).unwrap();
    let widths = widths.into_inner().unwrap();
    // The first beam (width 1), then aimed beams of 1, 10, 100, ... until one has a line.
    let aimed: Vec<usize> = widths[1..].iter().map(|w| w.0).collect();
    assert!(!aimed.is_empty() && aimed.len() <= 4, "{widths:?}");
    for (k, w) in aimed.iter().enumerate() {
        assert_eq!(*w, 10usize.pow(k as u32 % 4), "{widths:?}");
    }
    assert_eq!(widths.last().unwrap().1, Some(24), "{widths:?}");
    assert_eq!(
        (s.minimum, s.line.len(), s.deepening_from),
        (Some(24), 24, None)
    );
    // Without widening, the width-1 beam alone does not find it, and the solve stops.
    let narrow = Options {
        widest_beam: 1,
        ..options
    };
    let rules = Rules::parse("halma8").unwrap();
    let s = solve::solve(rules, Mode::Cooperative, &narrow, &no_progress).unwrap();
    assert!(
        s.minimum.is_none() && s.stopped.is_some(),
        "{:?}",
        bounds(&s)
    );
}

#[test]
fn a_paused_solitaire_goes_on_with_a_stronger_level_table() {
    let rules = solver_rules(Rules::parse("square7").unwrap(), Mode::Solitaire).unwrap();
    let setup = Setup::<Square<7>>::new(rules).unwrap();
    let states = |g| LevelTable::size(&setup, 0, g).unwrap();
    let (weak, strong) = (
        states(Grouping::Levels(4)),
        states(Grouping::LevelsAndClasses),
    );
    assert!(weak < states(Grouping::Levels(3)) && strong > weak);
    let fixed = Options {
        method: solve::Method::Deepening,
        stop: None,
        table_bytes: 16 << 20,
        max_bound: 60,
        level_states: weak,
        beam_width: 0,
        complete_at: None,
        level_states_most: weak,
        level_upgrade_millis: None,
        widest_beam: 0,
        fallback: false,
    };
    let growing = Options {
        level_states_most: strong,
        // Upgrade at the first bound with an expected time.
        level_upgrade_millis: Some(0.0),
        ..fixed
    };
    let heard = std::sync::Mutex::new(Vec::new());
    let listen = |p: &solve::Progress| {
        if let solve::Progress::LevelsStarted { grouping, .. } = p {
            heard.lock().unwrap().push(*grouping);
        }
    };
    let by = |options: &Options, progress: &(dyn Fn(&solve::Progress) + Sync)| {
        solve::solve(rules, Mode::Solitaire, options, progress).unwrap()
    };
    let (before, after) = (by(&fixed, &no_progress), by(&growing, &listen));
    assert_eq!(before.level_grouping, Some(Grouping::Levels(4)));
    assert_eq!(after.level_grouping, Some(Grouping::LevelsAndClasses));
    assert_eq!(heard.into_inner().unwrap(), [Grouping::LevelsAndClasses]);
    assert_eq!((before.minimum, after.minimum), (Some(12), Some(12)));
    assert_eq!(after.line.len(), 12);
    // The first two bounds with the weak table, then the rest with the strong one, none
    // searched twice; the strong table's bounds are no weaker.
    assert!(after.iterations.len() >= 3, "{:?}", bounds(&after));
    let first_two = |s: &Solution| {
        s.iterations[..2]
            .iter()
            .map(|i| (i.bound, i.solved))
            .collect::<Vec<_>>()
    };
    assert_eq!(first_two(&after), first_two(&before));
    // Then, from where it paused, the bounds the strong table alone searches there (its
    // start bound may lie above the pause; the nodes differ: the table of proven failures
    // comes filled, and two threads race to the line).
    let only_strong = Options {
        level_states: strong,
        level_states_most: strong,
        ..fixed
    };
    let strong_alone = by(&only_strong, &no_progress);
    let paused_at = after.iterations[1].bound + 1;
    let rest = |s: &Solution| {
        s.iterations
            .iter()
            .filter(|i| i.bound >= paused_at)
            .map(|i| (i.bound, i.solved))
            .collect::<Vec<_>>()
    };
    assert_eq!(rest(&after), rest(&strong_alone));
    assert_eq!(after.iterations.len(), 2 + rest(&after).len());
    assert!(after.iterations.len() <= before.iterations.len());
    // Its checkpoints name the table in use; resumed from the last one, the strong table is
    // built at once where it fits (no upgrade heard), the weak one where it does not.
    let (_, checkpoints) = checkpoints_of("square7", Mode::Solitaire, &growing);
    let groupings: Vec<_> = checkpoints.iter().map(|c| c.level_grouping).collect();
    assert_eq!(groupings[..2], [Some(Grouping::Levels(4)); 2]);
    let last = checkpoints.last().unwrap().clone();
    assert_eq!(last.level_grouping, Some(Grouping::LevelsAndClasses));
    let upgrades = std::sync::atomic::AtomicUsize::new(0);
    let count = |p: &solve::Progress| {
        if let solve::Progress::LevelsStarted { .. } = p {
            upgrades.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }
    };
    let resume = |options: &Options| {
        solve::solve_from(rules, Mode::Solitaire, options, from(&last), &count).unwrap()
    };
    let fits = resume(&Options {
        level_upgrade_millis: None,
        ..growing
    });
    let tight = resume(&fixed);
    assert_eq!(upgrades.into_inner(), 0);
    assert_eq!(fits.level_grouping, Some(Grouping::LevelsAndClasses));
    assert_eq!(tight.level_grouping, Some(Grouping::Levels(4)));
    assert_eq!((fits.minimum, tight.minimum), (Some(12), Some(12)));
}

/// What a solve going on from `checkpoint` (and keeping no level table) takes.
fn from(checkpoint: &solve::Checkpoint) -> solve::Kept<'_> {
    solve::Kept {
        checkpoint: Some(checkpoint),
        levels: None,
    }
}

/// A level store in memory, counting what it is asked.
#[derive(Default)]
struct Shelf {
    tables: std::sync::Mutex<Vec<(Grouping, Vec<u8>, f64)>>,
    loads: std::sync::atomic::AtomicUsize,
    saves: std::sync::atomic::AtomicUsize,
}

impl solve::LevelStore for Shelf {
    fn load(&self, grouping: Grouping, _states: u64) -> Option<(Vec<u8>, f64)> {
        self.loads
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let tables = self.tables.lock().unwrap();
        let kept = tables.iter().find(|t| t.0 == grouping)?;
        Some((kept.1.clone(), kept.2))
    }

    fn save(&self, grouping: Grouping, distances: &[u8], millis: f64) {
        self.saves
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let mut tables = self.tables.lock().unwrap();
        tables.retain(|t| t.0 != grouping);
        tables.push((grouping, distances.to_vec(), millis));
    }
}

/// A level table given to the store when built is loaded from it the next time, not
/// built again, and proves the same; one the store spoils (too short, or the goal not at
/// 0) is built again instead.
#[test]
fn level_tables_are_kept_between_runs_and_spoiled_ones_rebuilt() {
    let rules = Rules::parse("square7").unwrap();
    let options = options_by(solve::Method::Deepening, 0, None, 60);
    let shelf = Shelf::default();
    let kept = solve::Kept {
        checkpoint: None,
        levels: Some(&shelf),
    };
    let counts = |shelf: &Shelf| {
        use std::sync::atomic::Ordering::Relaxed;
        (shelf.loads.load(Relaxed), shelf.saves.load(Relaxed))
    };
    let first = solve::solve_from(rules, Mode::Solitaire, &options, kept, &no_progress).unwrap();
    assert_eq!(counts(&shelf), (1, 1));
    let setup = Setup::<Square<7>>::new(solver_rules(rules, Mode::Solitaire).unwrap()).unwrap();
    let grouping = first.level_grouping.unwrap();
    let built = LevelTable::with_grouping(&setup, 0, grouping, u64::MAX, None).unwrap();
    assert_eq!(shelf.tables.lock().unwrap()[0].1, built.distances());
    let again = solve::solve_from(rules, Mode::Solitaire, &options, kept, &no_progress).unwrap();
    assert_eq!(counts(&shelf), (2, 1));
    assert_eq!(
        (bounds(&again), again.level_grouping),
        (bounds(&first), Some(grouping))
    );
    for spoil in [
        |d: &mut Vec<u8>| {
            d.pop();
        },
        |d: &mut Vec<u8>| d.iter_mut().for_each(|x| *x = x.saturating_add(1)),
    ] {
        spoil(&mut shelf.tables.lock().unwrap()[0].1);
        let s = solve::solve_from(rules, Mode::Solitaire, &options, kept, &no_progress).unwrap();
        assert_eq!(bounds(&s), bounds(&first));
        assert_eq!(shelf.tables.lock().unwrap()[0].1, built.distances());
    }
    assert_eq!(counts(&shelf), (4, 3));
}

/// Every checkpoint a solve reports (one after each bound without a line).
fn checkpoints_of(
    rules: &str,
    mode: Mode,
    options: &Options,
) -> (Solution, Vec<solve::Checkpoint>) {
    let heard = std::sync::Mutex::new(Vec::new());
    let listen = |p: &solve::Progress| {
        if let solve::Progress::Checkpoint(c) = p {
            heard.lock().unwrap().push(c.clone());
        }
    };
    let s = solve::solve(Rules::parse(rules).unwrap(), mode, options, &listen).unwrap();
    (s, heard.into_inner().unwrap())
}

/// A checkpoint follows every bound without a line and says what is proved then; a solve
/// resumed from any of them reaches the same minimum by the same bounds, the refuted ones
/// carried over and none searched again, in both modes, by both methods, with and without
/// a beam.
#[test]
fn a_solve_resumed_from_any_checkpoint_reaches_the_same_minimum() {
    use solve::Method::Deepening;
    // Without a level table, the solitaire has several bounds to refute.
    let parity_only = |beam| Options {
        level_states: 0,
        ..options_by(Deepening, beam, None, 60)
    };
    let fallback = Options {
        fallback: true,
        ..cramped_layers()
    };
    for (rules, mode, options) in [
        ("square7", Mode::Solitaire, parity_only(0)),
        ("square7", Mode::Solitaire, parity_only(10)),
        (
            "halma8",
            Mode::Cooperative,
            options_by(Deepening, 0, None, 60),
        ),
        ("halma8", Mode::Cooperative, fallback),
    ] {
        let (method, beam) = (options.method, options.beam_width);
        let (whole, checkpoints) = checkpoints_of(rules, mode, &options);
        let case = format!(
            "{rules} {mode:?} {method:?} beam {beam}: {:?}",
            bounds(&whole)
        );
        let minimum = whole.minimum.unwrap();
        let refuted = whole.iterations.iter().filter(|i| !i.solved).count();
        assert!(refuted > 0, "{case}");
        assert_eq!(checkpoints.len(), refuted, "{case}");
        for (k, c) in checkpoints.iter().enumerate() {
            assert_eq!(c.refuted, whole.iterations[..=k], "{case}");
            let next = whole.iterations.get(k + 1).map_or(minimum, |i| i.bound);
            assert_eq!(c.next, next, "{case}");
            assert_eq!((c.start_bound, &c.beam), (whole.start_bound, &whole.beam));
            let heard = std::sync::Mutex::new(Vec::new());
            let listen = |p: &solve::Progress| {
                if let solve::Progress::Started { bound, .. } = p {
                    heard.lock().unwrap().push(*bound);
                }
            };
            let rules = Rules::parse(rules).unwrap();
            let resumed = solve::solve_from(rules, mode, &options, from(c), &listen);
            let resumed = resumed.unwrap();
            assert_eq!(resumed.minimum, Some(minimum), "{case} from {}", c.next);
            assert_eq!(bounds(&resumed), bounds(&whole), "{case} from {}", c.next);
            assert_eq!(resumed.iterations[..=k], c.refuted[..]);
            assert!(heard.into_inner().unwrap().iter().all(|&b| b >= c.next));
            check_line(&whole.rules.to_string(), mode, &resumed.line);
        }
    }
}

/// A checkpoint no solve could have made is refused before anything is searched: bounds
/// out of order, a next bound not above them, a bound with a line among the refuted, a beam
/// line that does not replay or is shorter than the next bound, or one of the other mode.
#[test]
fn a_checkpoint_no_solve_could_have_made_is_refused() {
    let options = Options {
        level_states: 0,
        ..options_by(solve::Method::Deepening, 10, None, 60)
    };
    let (_, checkpoints) = checkpoints_of("square7", Mode::Solitaire, &options);
    let good = checkpoints.last().unwrap().clone();
    assert!(good.refuted.len() >= 2 && good.beam.as_ref().unwrap().line.is_some());
    type Spoil = fn(&mut solve::Checkpoint);
    let spoiled: [(&str, Spoil); 5] = [
        ("out of order", |c| c.refuted.swap(0, 1)),
        ("goes on at bound", |c| c.next = c.refuted[0].bound),
        ("a bound with a line", |c| c.refuted[0].solved = true),
        ("does not replay", |c| {
            c.beam.as_mut().unwrap().line.as_mut().unwrap().reverse()
        }),
        ("shorter than its next bound", |c| {
            let shorter = c.next as usize - 1;
            c.beam
                .as_mut()
                .unwrap()
                .line
                .as_mut()
                .unwrap()
                .truncate(shorter);
        }),
    ];
    for (why, spoil) in spoiled {
        let mut bad = good.clone();
        spoil(&mut bad);
        let rules = Rules::parse("square7").unwrap();
        let err = solve::solve_from(rules, Mode::Solitaire, &options, from(&bad), &no_progress)
            .expect_err(why)
            .message()
            .to_string();
        assert!(
            err.contains(why) && err.starts_with("the checkpoint"),
            "{why}: {err}"
        );
    }
    // A solitaire line is no cooperative one.
    let rules = Rules::parse("square7").unwrap();
    let err = solve::solve_from(
        rules,
        Mode::Cooperative,
        &options,
        from(&good),
        &no_progress,
    )
    .expect_err("the other mode")
    .message()
    .to_string();
    assert!(err.contains("does not replay"), "{err}");
}

/// The beam search only ever stops the deepening early: with any width the minimum is the
/// same, the beam's line is never shorter, and when it is as short the deepening ends with
/// an unsolved iteration one below it and gives the beam's line (which replays).
#[test]
fn beam_lines_are_upper_bounds_that_end_the_deepening_early() {
    for (rules, mode) in [
        ("square6", Mode::Solitaire),
        ("square7", Mode::Solitaire),
        ("square6", Mode::Cooperative),
        ("square7:jumps=long", Mode::Solitaire),
    ] {
        let exact = solve_quietly(rules, mode).minimum.unwrap();
        let mut early = 0;
        for width in [1, 10, 1000] {
            let s = solve_with_beam(rules, mode, width);
            assert_eq!(s.minimum, Some(exact), "{rules} {mode:?} width {width}");
            let beam = s.beam.as_ref().unwrap();
            assert_eq!(beam.width, width);
            let last = s.iterations.last();
            // A narrow beam may find no line at all (a dead end, or past the limit).
            if beam.length() == Some(exact) {
                early += 1;
                assert!(last.is_none_or(|i| !i.solved && i.bound < exact));
                assert_eq!(s.line.len() as u32, exact);
            } else {
                assert!(
                    beam.length().is_none_or(|n| n > exact),
                    "{rules} {mode:?} {width}"
                );
                assert!(last.unwrap().solved && last.unwrap().bound == exact);
            }
            check_line(rules, mode, &s.line);
        }
        assert!(early > 0, "{rules} {mode:?}: no beam was short enough");
    }
}

/// Aimed beams (each searching the states it keeps at a third of its length to the end)
/// reach the minimum itself where the plain beam of the same width does not, so the
/// deepening ends unsolved one bound below; without them (`complete_at` 0) the plain beam's
/// line is the one kept.
#[test]
fn aimed_beams_reach_the_minimum() {
    for (rules, mode, width) in [
        ("square7", Mode::Cooperative, 100),
        ("halma8", Mode::Cooperative, 100),
        ("square6", Mode::Solitaire, 10),
    ] {
        let exact = solve_quietly(rules, mode).minimum.unwrap();
        let plain = solve_with(rules, mode, width, Some(0));
        let plain_beam = plain.beam.as_ref().unwrap();
        assert!(plain_beam.aim.is_none());
        assert!(
            plain_beam.length().unwrap() > exact,
            "{rules} {mode:?}: the plain beam is short already"
        );
        let s = solve_with(rules, mode, width, None);
        assert_eq!(s.minimum, Some(exact), "{rules} {mode:?}");
        let beam = s.beam.as_ref().unwrap();
        let aim = beam.aim.expect("an aimed beam's line");
        assert_eq!((aim.length, beam.length()), (exact, Some(exact)));
        assert_eq!(aim.complete_at, exact / 3);
        assert!(s.iterations.iter().all(|i| !i.solved && i.bound < exact));
        check_line(rules, mode, &s.line);
    }
}

/// Replays a line of `mode` from the start of `rules` (as the solver plays them) and checks
/// it finishes exactly at its last move.
fn check_line(rules: &str, mode: Mode, line: &[String]) {
    let r = solver_rules(Rules::parse(rules).unwrap(), mode).unwrap();
    with_geometry!(r.board, G => {
        let setup = Arc::new(Setup::<G>::new(r).unwrap());
        match mode {
            Mode::Solitaire => check_solitaire_line(&setup, line),
            Mode::Cooperative => {
                let mut pos = Position::start(setup);
                for text in line {
                    assert_eq!(pos.status(), Status::Ongoing);
                    let mv = pos.parse_move(text).unwrap();
                    pos.make(mv);
                }
                assert!(matches!(pos.status(), Status::Won(_)));
            }
        }
    });
}

/// A random position of `rules` where side A has `outside` pieces outside its goal.
fn near_goal<G: Geometry>(setup: &Arc<Setup<G>>, rng: &mut StdRng, outside: usize) -> Position<G> {
    let board = G::BOARD;
    let goal = setup.goal(0);
    let mut goal_cells: Vec<usize> = goal.iter().collect();
    goal_cells.shuffle(rng);
    let n = setup.pieces_per_side();
    let mut a = G::BB::EMPTY;
    goal_cells[..n - outside].iter().for_each(|&c| a.set(c));
    let mut rest: Vec<usize> = board.cells().filter(|&c| !goal.has(c)).collect();
    rest.shuffle(rng);
    // Side A's stragglers near the goal (within a few rows), side B anywhere else.
    let near = |c: usize| {
        let (u, v) = setup.corner_offset(1, c);
        u + v <= 6
    };
    let mut placed = 0;
    for &c in &rest {
        if placed < outside && near(c) {
            a.set(c);
            placed += 1;
        }
    }
    let mut b = G::BB::EMPTY;
    let mut free: Vec<usize> = board.cells().filter(|&c| !a.has(c)).collect();
    free.shuffle(rng);
    // Usually keep B out of A's goal (else A can never finish), sometimes not.
    let spoil = rng.gen_bool(0.1);
    for &c in &free {
        if b.count() as usize == n {
            break;
        }
        if spoil || !goal.has(c) {
            b.set(c);
        }
    }
    let mut pieces = [G::BB::EMPTY; 6];
    pieces[0] = a;
    pieces[1] = b;
    Position::from_parts(setup.clone(), pieces, 0, [0; 6], 0).unwrap()
}

fn race_matches_bfs<G: Geometry>(rules: &str, seed: u64, positions: usize) {
    let rules = solver_rules(Rules::parse(rules).unwrap(), Mode::Solitaire).unwrap();
    let setup = Arc::new(Setup::<G>::new(rules).unwrap());
    let race = Race::new(&setup);
    let parity = ParityBound::new(&setup, 0);
    let mut rng = StdRng::seed_from_u64(seed);
    let max = 3;
    let mut finished = 0;
    for _ in 0..positions {
        let outside = rng.gen_range(1..=3);
        let pos = near_goal(&setup, &mut rng, outside);
        let obstacles = pos.pieces(1);
        let seen = bfs(&setup, 0, pos.pieces(0), obstacles, max);
        let exact = seen
            .values()
            .filter(|(s, _)| s.without(setup.goal(0)).is_empty())
            .map(|&(_, d)| d)
            .min();
        assert_eq!(race.moves(&pos, 0, max), exact, "{}", pos.to_text());
        if let Some(d) = exact {
            finished += 1;
            assert!(parity.bound(pos.pieces(0), obstacles) <= d);
        }
        assert_eq!(solve::solitaire_moves(&pos, 0, max), exact);
    }
    assert!(
        finished > positions / 4,
        "enough positions finish within {max}"
    );
}

#[test]
fn race_equals_breadth_first_search_on_random_positions() {
    race_matches_bfs::<Square<8>>("halma8", 1, 40);
    race_matches_bfs::<halma_engine::board::geometry::Diamond>("diamond", 2, 40);
    race_matches_bfs::<Square<6>>("square6", 3, 40);
    race_matches_bfs::<Square<8>>("halma8:jumps=long", 4, 40);
}

/// Exact plies to the first finish by breadth-first search over distinct positions, or
/// `None` beyond `max`: independent of every bound (the one cooperative oracle of the tests).
fn coop_bfs<G: Geometry>(pos: &Position<G>, max: u32) -> Option<u32> {
    let mut seen = std::collections::HashSet::new();
    let mut frontier = vec![pos.clone()];
    for d in 1..=max {
        let mut next = Vec::new();
        for p in &frontier {
            for mv in p.legal_moves() {
                let mut q = p.clone();
                q.make(mv);
                if matches!(q.status(), Status::Won(_)) {
                    return Some(d);
                }
                if seen.insert((q.pieces(0), q.pieces(1), q.to_move())) {
                    next.push(q);
                }
            }
        }
        frontier = next;
    }
    None
}

/// Random positions where the approach bound counts (side A's stragglers 3 or more steps
/// from its goal, the rest of A in it, B's pieces anywhere else): no game ends sooner than
/// the cooperative bound (of A alone, and of either side), by breadth-first search.
#[test]
fn approach_bound_is_admissible_on_random_positions() {
    fn check<G: Geometry>(name: &str, seed: u64, max: u32) {
        let rules = solver_rules(Rules::parse(name).unwrap(), Mode::Cooperative).unwrap();
        let setup = Arc::new(Setup::<G>::new(rules).unwrap());
        let approach = bound::ApproachBound::new(&setup, 0);
        let goal = setup.goal(0);
        let n = setup.pieces_per_side();
        let mut rng = StdRng::seed_from_u64(seed);
        let (mut active, mut tried) = (0, 0);
        while active < 25 && tried < 5000 {
            tried += 1;
            let outside = rng.gen_range(1..=2);
            let mut goal_cells: Vec<usize> = goal.iter().collect();
            let far: Vec<usize> = G::BOARD
                .cells()
                .filter(|&c| approach.steps_to_goal(c) >= 3)
                .collect();
            let mut a = G::BB::EMPTY;
            for _ in 0..outside {
                a.set(far[rng.gen_range(0..far.len())]);
            }
            while (a.count() as usize) < n {
                let c = goal_cells.swap_remove(rng.gen_range(0..goal_cells.len()));
                a.set(c);
            }
            let mut b = G::BB::EMPTY;
            let free: Vec<usize> = G::BOARD
                .cells()
                .filter(|&c| !a.has(c) && !goal.has(c))
                .collect();
            while (b.count() as usize) < n {
                b.set(free[rng.gen_range(0..free.len())]);
            }
            let side = rng.gen_range(0..2);
            let mut pieces = [G::BB::EMPTY; halma_engine::game::MAX_SIDES];
            pieces[0] = a;
            pieces[1] = b;
            let pos =
                Position::from_parts(setup.clone(), pieces, side, Default::default(), 0).unwrap();
            if pos.status().is_over() {
                continue;
            }
            if approach.extra::<G>(a, b, side == 0, 0) == 0 {
                continue;
            }
            let bound =
                solve::cooperative_bound(&pos, Some(0)).min(solve::cooperative_bound(&pos, None));
            if bound > max + 1 {
                continue;
            }
            active += 1;
            let exact = coop_bfs(&pos, max);
            assert!(
                exact.map_or(bound <= max + 1, |e| bound <= e),
                "bound {bound}, exact {exact:?}: {}",
                pos.to_text()
            );
        }
        assert!(active >= 10, "{name}: only {active} positions");
    }
    check::<Square<6>>("square6", 1, 4);
    check::<Square<7>>("square7", 2, 4);
    check::<Square<8>>("halma8", 3, 3);
    check::<halma_engine::board::geometry::Diamond>("diamond", 4, 3);
}

/// A tight finish the layered search drops (side A to move, 2k - 1 plies left with k of
/// its pieces outside its goal, none able to enter) has no finish within those plies, by
/// breadth-first search; and the check does drop some positions and keep some that finish.
#[test]
fn tight_finish_dead_ends_have_no_line() {
    fn check<G: Geometry>(name: &str, seed: u64) {
        let rules = solver_rules(Rules::parse(name).unwrap(), Mode::Cooperative).unwrap();
        let setup = Arc::new(Setup::<G>::new(rules).unwrap());
        let mut rng = StdRng::seed_from_u64(seed);
        let (mut dead, mut live) = (0, 0);
        for _ in 0..60 {
            let outside = rng.gen_range(1..=2);
            let pos = near_goal(&setup, &mut rng, outside);
            if pos.status().is_over() {
                continue;
            }
            let left = 2 * outside as u32 - 1;
            let exact = coop_bfs(&pos, left);
            let goal = setup.goal(0);
            let enters = pos
                .legal_moves()
                .into_iter()
                .any(|mv| !mv.is_pass() && !goal.has(mv.from()) && goal.has(mv.to()));
            if solve::cooperative_dead_end(&pos, 0, left) {
                dead += 1;
                assert_eq!(exact, None, "{}", pos.to_text());
                assert!(!enters, "{}", pos.to_text());
            } else if exact.is_some() {
                live += 1;
            }
            // With more plies than a tight finish has, nothing is dropped.
            assert!(!solve::cooperative_dead_end(&pos, 0, left + 2));
        }
        assert!(
            dead >= 3 && live >= 2,
            "{name}: {dead} dropped, {live} finished"
        );
    }
    check::<Square<6>>("square6", 21);
    check::<Square<7>>("square7", 22);
    check::<Square<8>>("halma8", 23);
    check::<halma_engine::board::geometry::Diamond>("diamond", 24);
}

#[test]
fn cooperative_plies_equal_breadth_first_search_near_the_end() {
    type G = Square<6>;
    for (text, seed) in [("square6", 7), ("square6:jumps=long", 8)] {
        let rules = solver_rules(Rules::parse(text).unwrap(), Mode::Cooperative).unwrap();
        let setup = Arc::new(Setup::<G>::new(rules).unwrap());
        let mut rng = StdRng::seed_from_u64(seed);
        let mut found = 0;
        for _ in 0..30 {
            let outside = rng.gen_range(1..=2);
            let pos = near_goal(&setup, &mut rng, outside);
            if pos.status().is_over() {
                continue;
            }
            let exact = coop_bfs(&pos, 3);
            assert_eq!(cooperative_plies(&pos, 3), exact, "{}", pos.to_text());
            found += usize::from(exact.is_some());
        }
        assert!(found > 5, "{text}");
    }
}

#[test]
fn unsupported_rules_are_refused_and_long_jumps_accepted() {
    let long = Rules::parse("halma8:jumps=long").unwrap();
    assert!(solver_rules(long, Mode::Solitaire).is_ok());
    assert!(solver_rules(Rules::named("halma16-4").unwrap(), Mode::Cooperative).is_err());
    assert!(solver_rules(Rules::named("halma16-vacate").unwrap(), Mode::Solitaire).is_err());
    assert!(Mode::parse("race").is_err());
}
