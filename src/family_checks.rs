//! The checks the tests of a relative run against its per-cell reference, written once:
//! the perft table, perft from positions of play with and without their history, move
//! lists along whole games, make/unmake and move texts. Each panics with the position on a
//! disagreement.

use crate::perft_table::family_perft_table;
use crate::reference::Reference;
use halma_engine::{perft::perft, Game, Move, Status};

/// The position of a whole position text of the game `P` (its first field the rule set).
pub fn parse<P: Game<Setup = ()>>(text: &str) -> P {
    let rules = P::start(&()).rules_text();
    match text.trim().split_once(' ') {
        Some((name, fields)) if name == rules => {
            P::from_text_fields(&(), fields).unwrap_or_else(|e| panic!("{text}: {e}"))
        }
        _ => panic!("{text}: not a {rules} position"),
    }
}

/// The reference replaying the engine position's whole game from the start (so that its
/// repetition history is the engine's).
pub fn replayed<P: Game, R: Reference<P>>(p: &P) -> R {
    replayed_from(R::start(), p)
}

/// The reference `naive` (the position the engine's `p` was built from) after the moves of
/// `p`'s history.
pub fn replayed_from<P: Game, R: Reference<P>>(mut naive: R, p: &P) -> R {
    for mv in p.history() {
        naive.play(R::naive_move(mv));
    }
    naive
}

/// Checks the perft table of `game` (`positions/perft/family/<game>.txt`): the start
/// first, every text read back as written, depths from 1 without gaps (at least
/// `min_depths`), every count up to `engine_leaves` by the engine and up to `naive_leaves`
/// (or at a depth up to `naive_depth`) by the reference. Returns the lines and the counts checked by each.
pub fn check_perft_table<P: Game<Setup = ()>, R: Reference<P>>(
    game: &str,
    min_depths: usize,
    engine_leaves: u64,
    naive_leaves: u64,
    naive_depth: u32,
) -> (usize, usize, usize) {
    let lines = family_perft_table(game);
    assert_eq!(lines[0].0, P::start(&()).to_text());
    let (mut engine_checked, mut naive_checked) = (0, 0);
    for (text, counts) in &lines {
        let mut p: P = parse(text);
        assert_eq!(&p.to_text(), text);
        let naive = R::from_engine(&p);
        assert!(counts.len() >= min_depths, "{text}");
        for (depth, &want) in (1..).zip(counts) {
            if want <= engine_leaves {
                assert_eq!(perft(&mut p, depth), want, "engine, depth {depth}: {text}");
                engine_checked += 1;
            }
            if want <= naive_leaves || depth <= naive_depth {
                assert_eq!(naive.perft(depth), want, "reference, depth {depth}: {text}");
                naive_checked += 1;
            }
        }
    }
    (lines.len(), engine_checked, naive_checked)
}

/// Prints the perft table lines of the start and `positions` (read back from their texts):
/// every depth up to a count of a billion.
pub fn print_perft_table<P: Game<Setup = ()>>(positions: &[P]) {
    print_perft_table_to(positions, 1_000_000_000);
}

/// [`print_perft_table`] with every depth up to a count of `max_leaves` (a game whose
/// counts grow fast needs a lower bound to print in reasonable time).
pub fn print_perft_table_to<P: Game<Setup = ()>>(positions: &[P], max_leaves: u64) {
    for p in std::iter::once(&P::start(&())).chain(positions) {
        let mut q: P = parse(&p.to_text());
        let counts: Vec<String> = (1..=12)
            .map(|depth| (depth, perft(&mut q, depth)))
            .take_while(|&(_, n)| n <= max_leaves)
            .map(|(depth, n)| format!("D{depth} {n}"))
            .collect();
        println!("{} ; {}", p.to_text(), counts.join(" ; "));
    }
}

/// Prints how the seeded games `game(seed, epsilon)` end (plies and status), for each of
/// `epsilons` and the seeds `0..seeds`.
pub fn print_game_ends<P: Game>(game: impl Fn(u64, f32) -> Vec<P>, epsilons: &[f32], seeds: u64) {
    for &epsilon in epsilons {
        for seed in 0..seeds {
            let g = game(seed, epsilon);
            let last = g.last().expect("the start at least").status();
            println!("eps {epsilon} seed {seed}: {} plies, {last:?}", g.len() - 1);
        }
    }
}

/// Checks that the lines of the perft table of `game` after the start are the texts of
/// `positions` (those of the seeded play the test names), in order.
pub fn check_table_positions<P: Game>(game: &str, positions: &[P]) {
    let table = family_perft_table(game);
    let texts: Vec<&str> = table.iter().skip(1).map(|l| l.0.as_str()).collect();
    let played: Vec<String> = positions.iter().map(|p| p.to_text()).collect();
    assert_eq!(texts, played);
}

/// Checks perft at `depth` of the ongoing positions with at most `max_leaves` leaves
/// against the reference replaying the game (the history included) and the reference read
/// from the text (no history). Returns the positions checked.
pub fn check_perft_of_play<P: Game<Setup = ()>, R: Reference<P>>(
    positions: impl IntoIterator<Item = P>,
    depth: u32,
    max_leaves: u64,
) -> usize {
    let mut checked = 0;
    for mut p in positions {
        let want = perft(&mut p, depth);
        if p.status().is_over() || want > max_leaves {
            continue;
        }
        let text = p.to_text();
        assert_eq!(replayed::<P, R>(&p).perft(depth), want, "{text}");
        assert_eq!(R::from_engine(&parse(&text)).perft(depth), want, "{text}");
        checked += 1;
    }
    checked
}

/// Checks a whole game from the start ply by ply: the engine's sorted move list and count
/// equal the reference's, each move played is legal, and the status after it agrees; at
/// the end the move lists agree too.
pub fn check_game_move_by_move<P: Game, R: Reference<P>>(positions: &[P]) {
    let mut naive = R::start();
    for pair in positions.windows(2) {
        let (p, next) = (&pair[0], &pair[1]);
        let mut engine: Vec<Move> = p.legal_moves();
        engine.sort_by_key(|&mv| R::naive_move(mv));
        let reference: Vec<Move> = naive
            .legal_moves()
            .into_iter()
            .map(R::engine_move)
            .collect();
        assert_eq!(engine, reference, "{}", p.to_text());
        assert_eq!(p.count_legal_moves(), engine.len() as u64);
        let mv = next.history().last().expect("a move was made");
        assert!(p.is_legal(mv));
        naive.play(R::naive_move(mv));
        assert_eq!(next.status(), naive.status(), "{}", next.to_text());
    }
    if let Some(last) = positions.last() {
        let (engine, reference) = both_move_lists(last, &naive);
        assert_eq!(engine, reference, "{}", last.to_text());
    }
}

/// Checks every move of `p`: make then unmake restores the text, key and status; the key
/// after it is the one computed from scratch (`compute_key`); the move's text and its
/// path text read back as the move.
pub fn check_make_unmake<P: Game<Setup = ()>>(p: &P, compute_key: impl Fn(&P) -> u64) {
    let text = p.to_text();
    let read: P = parse(&text);
    assert_eq!((read.to_text(), read.key()), (text.clone(), p.key()));
    let mut q = p.clone();
    for mv in p.legal_moves() {
        q.make(mv);
        assert_eq!(q.key(), compute_key(&q));
        q.unmake();
        assert_eq!(
            (q.to_text(), q.key(), q.status()),
            (text.clone(), p.key(), p.status())
        );
        assert_eq!(p.parse_move(&p.move_text(mv)), Ok(mv));
        let path = p.path_text(mv);
        assert_eq!(p.parse_move(&path), Ok(mv), "{path} in {text}");
    }
}

/// Plays `moves` (move texts, cycled) for `plies` plies from `p`.
pub fn cycle_from<P: Game>(mut p: P, moves: &[&str], plies: usize) -> P {
    for text in moves.iter().cycle().take(plies) {
        let mv = p.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        p.make(mv);
    }
    p
}

/// Checks perft at `depth` across repetition draws: after each of `plies` plies of the
/// cycle `moves` from `start` (which returns there every four plies), the engine agrees
/// with the reference replaying the game, and the position without its history has more
/// leaves.
pub fn check_repetition_in_perft<P: Game<Setup = ()>, R: Reference<P>>(
    start: P,
    moves: &[&str],
    plies: &[usize],
    depth: u32,
) {
    let naive = R::from_engine(&start);
    for &n in plies {
        let mut p: P = cycle_from(start.clone(), moves, n);
        assert!(!p.status().is_over());
        let want = perft(&mut p, depth);
        let replayed = replayed_from(naive.clone(), &p);
        assert_eq!(replayed.perft(depth), want, "after {n} plies");
        let mut fresh: P = parse(&p.to_text());
        assert!(perft(&mut fresh, depth) > want, "after {n} plies");
    }
}

/// Checks that each `(input, want)` gives an error whose message contains `want`.
pub fn check_errors<T: std::fmt::Debug>(
    cases: &[(&str, &str)],
    read: impl Fn(&str) -> Result<T, halma_engine::Error>,
) {
    for &(input, want) in cases {
        match read(input) {
            Err(e) => assert!(e.message().contains(want), "{input}: {}", e.message()),
            Ok(v) => panic!("{input}: read as {v:?}, expected an error with '{want}'"),
        }
    }
}

/// Checks the two-passes draw from `text`, a position whose text records one pass: the
/// pass draws (engine and reference) and counts as a move of the passer; taken back, the
/// count of passes (`passes`) is 1 again; the move `reply` resets it, and no pass is legal
/// while a move exists.
pub fn check_pass_draw<P: Game<Setup = ()>, R: Reference<P>>(
    text: &str,
    reply: &str,
    passes: impl Fn(&P) -> u8,
) {
    let mut p: P = parse(text);
    assert_eq!(p.status(), Status::Ongoing);
    let (mover, count) = (p.to_move(), p.move_count(p.to_move()));
    let mut naive = R::from_engine(&p);
    p.make(Move::PASS);
    naive.play(R::naive_move(Move::PASS));
    assert_eq!(
        (p.status(), naive.status()),
        (Status::DrawByPasses, Status::DrawByPasses)
    );
    assert_eq!(p.move_count(mover), count + 1);
    p.unmake();
    assert_eq!(passes(&p), 1);
    p.make(
        p.parse_move(reply)
            .unwrap_or_else(|e| panic!("{reply}: {e}")),
    );
    assert_eq!(passes(&p), 0);
    assert!(!p.is_legal(Move::PASS));
}

/// Checks the third-occurrence draw along the cycle `moves` from `start` (back there every
/// four plies): the eighth ply draws (engine and the reference replaying the game from
/// `start`), with no move left; taken back, the game goes on; the position read from its
/// text (no history) does not draw by the same move.
pub fn check_third_occurrence_from<P: Game<Setup = ()>, R: Reference<P>>(start: P, moves: &[&str]) {
    let naive = R::from_engine(&start);
    let mut p: P = cycle_from(start, moves, 7);
    assert_eq!(p.status(), Status::Ongoing);
    let last = p.parse_move(moves[3]).expect("the cycle's fourth move");
    p.make(last);
    assert_eq!(p.status(), Status::DrawByRepetition);
    assert_eq!(replayed_from(naive, &p).status(), Status::DrawByRepetition);
    assert_eq!(p.count_legal_moves(), 0);
    p.unmake();
    assert_eq!(p.status(), Status::Ongoing);
    let mut fresh: P = parse(&p.to_text());
    fresh.make(last);
    assert_eq!(fresh.status(), Status::Ongoing);
}

/// The engine's legal moves of `p` sorted as the reference's, and the reference's (built
/// from `p`, no history) in engine form.
pub fn both_move_lists<P: Game, R: Reference<P>>(p: &P, naive: &R) -> (Vec<Move>, Vec<Move>) {
    let mut engine: Vec<Move> = p.legal_moves();
    engine.sort_by_key(|&mv| R::naive_move(mv));
    let reference = naive
        .legal_moves()
        .into_iter()
        .map(R::engine_move)
        .collect();
    (engine, reference)
}

/// A whole position text of the game `P` read: `None` when its first field is not `P`'s
/// rule set, else the position or the error refusing the rest.
pub fn read_text<P: Game<Setup = ()>>(text: &str) -> Option<Result<P, halma_engine::Error>> {
    let rules = P::start(&()).rules_text();
    match text.trim().split_once(' ') {
        Some((name, fields)) if name == rules => Some(P::from_text_fields(&(), fields)),
        _ => None,
    }
}

/// Checks arbitrary input on the game `P` (a property test's case): `text` read whole and
/// as the fields after the rule set; each of `bases` (whole position texts) with its
/// character `at` (modulo its length) replaced by `c`, an error or a position whose text
/// reads back the same, whose diagram draws and in which `mv` is an error or a legal move;
/// in `p`, `mv` an error or a legal move, and read as a cell name. Never a panic.
pub fn check_arbitrary_input<P: Game<Setup = ()>>(
    text: &str,
    mv: &str,
    (at, c): (usize, char),
    bases: &[&str],
    p: &P,
) {
    let _ = read_text::<P>(text);
    let _ = P::from_text_fields(&(), text);
    for base in bases {
        let mut chars: Vec<char> = base.chars().collect();
        let i = at % chars.len();
        chars[i] = c;
        let mutated: String = chars.into_iter().collect();
        if let Some(Ok(q)) = read_text::<P>(&mutated) {
            assert_eq!(parse::<P>(&q.to_text()).to_text(), q.to_text());
            let _ = q.diagram();
            let _ = q.legal_moves();
            if let Ok(m) = q.parse_move(mv) {
                assert!(q.is_legal(m), "{mv} in {mutated}");
            }
        }
    }
    if let Ok(m) = p.parse_move(mv) {
        assert!(p.is_legal(m), "{mv} in {}", p.to_text());
    }
    let _ = p.parse_cell(mv);
}

/// Checks that the error refusing `input` says why in one line.
fn assert_one_line(e: &halma_engine::Error, input: &str) {
    let message = e.message();
    assert!(
        !message.trim().is_empty() && !message.contains('\n'),
        "{input:?}: {message:?}"
    );
}

/// Checks that no mangled input panics, `rounds` times (random choices seeded): one of
/// `texts` (whole position texts of `P`) changed in one to four places (a character of
/// `alphabet` put in place of one, inserted, or one removed) is an error or a position whose
/// text reads back the same (and whose diagram draws); a string of up to eight characters of
/// `alphabet` is, as a move in each position of `texts`, an error or a legal move; every
/// error is one line that says why.
pub fn check_mangled_inputs<P: Game<Setup = ()>>(texts: &[&str], alphabet: &str, rounds: usize) {
    let mut rng = halma_engine::rng::Rng::new(17);
    let alphabet: Vec<char> = alphabet.chars().collect();
    let read = |text: &str| match read_text::<P>(text)? {
        Ok(p) => Some(p),
        Err(e) => {
            assert_one_line(&e, text);
            None
        }
    };
    let positions: Vec<P> = texts.iter().map(|t| parse(t)).collect();
    let mut pick = |n: usize| rng.below(n as u32) as usize;
    for _ in 0..rounds {
        let mut text: Vec<char> = texts[pick(texts.len())].chars().collect();
        for _ in 0..1 + pick(4) {
            let i = pick(text.len());
            let c = alphabet[pick(alphabet.len())];
            match pick(3) {
                0 => text[i] = c,
                1 => text.insert(i, c),
                _ => {
                    text.remove(i);
                }
            }
        }
        let text: String = text.into_iter().collect();
        if let Some(p) = read(&text) {
            assert_eq!(parse::<P>(&p.to_text()).to_text(), p.to_text());
            let _ = p.diagram();
        }
        let mv: String = (0..pick(9))
            .map(|_| alphabet[pick(alphabet.len())])
            .collect();
        for p in &positions {
            match p.parse_move(&mv) {
                Ok(m) => assert!(p.is_legal(m), "{mv}"),
                Err(e) => assert_one_line(&e, &mv),
            }
        }
    }
}

/// How games ended: `[won, drawn by two passes, drawn by repetition, unfinished]`.
pub type Ends = [u32; 4];

/// Checks each of `games` (the positions of a game from the start) move by move
/// ([`check_game_move_by_move`]); returns how they ended.
pub fn check_games_move_by_move<P: Game, R: Reference<P>>(
    games: impl IntoIterator<Item = Vec<P>>,
) -> Ends {
    let mut ends = [0; 4];
    for game in games {
        check_game_move_by_move::<P, R>(&game);
        ends[match game.last().expect("the start at least").status() {
            Status::Won(_) => 0,
            Status::DrawByPasses => 1,
            Status::DrawByRepetition => 2,
            _ => 3,
        }] += 1;
    }
    ends
}

/// Checks perft at every depth up to `depth` from each of `positions` (the last positions
/// of games, with their histories, so that repetitions count inside the tree) against the
/// reference replaying the game; a finished game is first taken back up to three plies.
/// Returns how many positions were checked.
pub fn check_perft_of_games<P: Game, R: Reference<P>>(
    positions: impl IntoIterator<Item = P>,
    depth: u32,
) -> usize {
    let mut checked = 0;
    for mut p in positions {
        if p.status().is_over() {
            for _ in 0..3.min(p.history().count()) {
                p.unmake();
            }
        }
        let naive = replayed::<P, R>(&p);
        for d in 1..=depth {
            assert_eq!(
                perft(&mut p, d),
                naive.perft(d),
                "depth {d}, {}",
                p.to_text()
            );
        }
        checked += 1;
    }
    checked
}

/// Checks a game from `start`, each move chosen by `pick`, until it ends or after `cap`
/// plies: every position's text reads back with its key, the key is the one computed from
/// scratch (`compute_key`), every move's text reads back as the move, and a won end reads
/// back as won; then, taken back move by move, every text, key and status is restored, and
/// one more unmake does nothing.
pub fn check_round_trips<P: Game<Setup = ()>>(
    start: P,
    cap: usize,
    compute_key: impl Fn(&P) -> u64,
    mut pick: impl FnMut(&P) -> Move,
) {
    let mut pos = start;
    let start_text = pos.to_text();
    let mut trail = Vec::new();
    while !pos.status().is_over() && trail.len() < cap {
        let text = pos.to_text();
        let read: P = parse(&text);
        assert_eq!((read.to_text(), read.key()), (text.clone(), pos.key()));
        assert_eq!(pos.key(), compute_key(&pos), "{text}");
        let mv = pick(&pos);
        assert_eq!(pos.parse_move(&pos.move_text(mv)), Ok(mv), "{text}");
        trail.push((text, pos.key(), pos.status()));
        pos.make(mv);
    }
    assert_eq!(pos.key(), compute_key(&pos));
    if let Status::Won(_) = pos.status() {
        let end = pos.to_text();
        assert_eq!(parse::<P>(&end).status(), pos.status(), "{end}");
    }
    while let Some((text, key, status)) = trail.pop() {
        pos.unmake();
        assert_eq!(
            (pos.to_text(), pos.key(), pos.status()),
            (text, key, status)
        );
    }
    // Nothing left to take back: unmake does nothing.
    pos.unmake();
    assert_eq!(pos.to_text(), start_text);
}

/// The first game `game(seed)` from the seed after `*seed` on (which it advances) whose
/// last position's status `keep` accepts, `back` plies taken back, read from its text.
pub fn next_game_end<P: Game<Setup = ()>>(
    seed: &mut u64,
    game: impl Fn(u64) -> P,
    keep: impl Fn(Status) -> bool,
    back: usize,
) -> P {
    loop {
        *seed += 1;
        let mut pos = game(*seed);
        if keep(pos.status()) {
            (0..back).for_each(|_| pos.unmake());
            return parse(&pos.to_text());
        }
    }
}

/// The first position of a game `game(seed)`, from the seed after `*seed` on (which it
/// advances), whose only legal move is the pass, read from its text.
pub fn next_blocked<P: Game<Setup = ()>>(seed: &mut u64, game: impl Fn(u64) -> Vec<P>) -> P {
    loop {
        *seed += 1;
        let blocked = game(*seed)
            .into_iter()
            .find(|p| p.legal_moves() == [Move::PASS]);
        if let Some(p) = blocked {
            return parse(&p.to_text());
        }
    }
}

/// Checks the winning move `win` (a move text) of `p`, an ongoing position: after it the
/// mover has won (engine, the reference built from `p` and the text read back), there is no
/// move (no list, a count and perft of 0, no pass) and the move `refused` is refused as the
/// game being over; perft 2 before it is the reference's (the win counts at depth 1 and adds
/// nothing at depth 2). Leaves `p` after the win.
pub fn check_winning_move<P: Game<Setup = ()>, R: Reference<P>>(
    p: &mut P,
    win: &str,
    refused: &str,
) {
    let text = p.to_text();
    assert_eq!(p.status(), Status::Ongoing, "{text}");
    let mover = p.to_move();
    let mut naive = R::from_engine(p);
    assert_eq!(perft(p, 2), naive.perft(2), "{text}");
    let mv = p.parse_move(win).unwrap_or_else(|e| panic!("{win}: {e}"));
    p.make(mv);
    naive.play(R::naive_move(mv));
    let won = Status::Won(mover);
    assert_eq!((p.status(), naive.status()), (won, won), "{win} in {text}");
    assert!(p.legal_moves().is_empty());
    assert_eq!((p.count_legal_moves(), perft(p, 1)), (0, 0));
    assert!(!p.is_legal(Move::PASS));
    let e = p.parse_move(refused).expect_err("the game is over");
    assert!(e.to_string().contains("game is over"), "{e}");
    assert_eq!(parse::<P>(&p.to_text()).status(), won);
}

/// Checks the errors every relative's position text gives in its fields after the
/// placement, `good` being a valid placement of `P`'s board, as position errors of `read`
/// (the game's whole text reader): a side to move `C`, one move count, a count `x`, three passes,
/// passes `z`, no move counts, another rule set's name; and the game layer's reader of the
/// fields refuses an empty text.
pub fn check_field_errors<P: Game<Setup = ()> + std::fmt::Debug>(
    good: &str,
    read: impl Fn(&str) -> Result<P, halma_engine::Error>,
) {
    let rules = P::start(&()).rules_text();
    let texts = [
        (format!("{rules} {good} C 0,0"), "side to move"),
        (format!("{rules} {good} A 0"), "1 move counts"),
        (format!("{rules} {good} A x,0"), "move counts"),
        (format!("{rules} {good} A 0,0 3"), "3 passes"),
        (format!("{rules} {good} A 0,0 z"), "passes"),
        (format!("{rules} {good} A"), "fields"),
        (format!("halma8 {good} A 0,0"), "not the rule set"),
    ];
    for (text, want) in texts {
        match read(&text) {
            Err(e @ halma_engine::Error::Position(_)) => {
                assert!(e.message().contains(want), "{text}: {}", e.message())
            }
            other => panic!("{text}: {other:?}, expected a position error with '{want}'"),
        }
    }
    assert!(P::from_text_fields(&(), "").is_err());
}
