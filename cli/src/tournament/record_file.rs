//! The tournament's record file: each finished game's record, the file opened and locked
//! for one tournament, its header (the schedule fingerprint), and `--resume`, which checks
//! the games already there against the schedule and keeps them.

use super::openings::Opening;
use super::plan::Plan;
use super::referee;
use super::schedule::Scheduled;
use super::TournamentArgs;
use crate::record::{self, parse_file, GameRecord, Header};
use halma_engine::{Error, Game};
use std::collections::BTreeSet;
use std::io::{Seek, SeekFrom, Write};
use std::path::Path;

/// The record of a scheduled game's result.
pub(super) fn record<P: Game>(
    plan: &Plan,
    game: &Scheduled,
    opening: &Opening<P>,
    verdict: referee::Verdict,
) -> GameRecord {
    GameRecord {
        game: game.game,
        pair: game.pair,
        rules: plan.variant.to_string(),
        players: game
            .seats
            .iter()
            .map(|&p| plan.specs[p].name.clone())
            .collect(),
        time_control: plan
            .referee
            .control
            .map_or("none".to_string(), |c| c.to_string()),
        opening: opening.number,
        start: opening.position.to_text(),
        scores: verdict.scores,
        reason: verdict.reason,
        moves: verdict.moves,
    }
}

/// Opens the record file and locks it for this tournament alone: a second tournament on
/// the same file is refused while this one runs. The lock is advisory (`flock` on Unix,
/// `LockFileEx` on Windows; none where the platform has no file locks).
pub(super) fn open_record(path: &Path) -> Result<std::fs::File, Error> {
    let file = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
        .map_err(|e| Error::Argument(format!("{}: {e}", path.display())))?;
    // A FIFO would block the read of --resume for ever, a device never end.
    if !file.metadata().is_ok_and(|m| m.is_file()) {
        return Err(Error::Argument(format!(
            "record file {} is not a regular file (a FIFO, a device?): give a file",
            path.display()
        )));
    }
    match file.try_lock() {
        Ok(()) => Ok(file),
        Err(std::fs::TryLockError::WouldBlock) => Err(Error::Argument(format!(
            "record file {} is in use by another tournament",
            path.display()
        ))),
        Err(std::fs::TryLockError::Error(e)) if e.kind() == std::io::ErrorKind::Unsupported => {
            Ok(file)
        }
        Err(std::fs::TryLockError::Error(e)) => Err(Error::Argument(format!(
            "cannot lock {}: {e}",
            path.display()
        ))),
    }
}

/// The header of this tournament's record: its schedule fingerprint (of everything that
/// fixes the games: rules, openings, players, format, rounds, clock, adjudication, SPRT),
/// shard, rules, size, players and SPRT.
pub(super) fn header<P: Game>(
    args: &TournamentArgs,
    plan: &Plan,
    games: &[Scheduled],
    openings: &[Opening<P>],
) -> Header {
    let sprt = plan.sprt.map(|s| s.to_string());
    let mut fields = vec![
        ("rules", plan.variant.to_string()),
        ("format", format!("{:?}", args.format)),
        ("rounds", args.rounds.to_string()),
        (
            "tc",
            plan.referee
                .control
                .map_or("none".to_string(), |c| c.to_string()),
        ),
        ("time-margin-ns", plan.referee.margin.as_nanos().to_string()),
        ("max-plies", plan.referee.max_plies.to_string()),
        ("adjudicate", format!("{:?}", plan.referee.adjudication)),
        ("sprt", sprt.clone().unwrap_or_default()),
    ];
    for spec in &plan.specs {
        fields.push(("player", format!("{}\t{}", spec.name, spec.text)));
    }
    for opening in openings {
        fields.push((
            "opening",
            format!("{}\t{}", opening.number, opening.position.to_text()),
        ));
    }
    Header {
        schedule: crate::record::fingerprint::fingerprint(fields),
        shard: plan.shard,
        rules: plan.variant.to_string(),
        games: games.len(),
        players: plan.specs.iter().map(|s| s.name.clone()).collect(),
        sprt,
    }
}

/// The record file, locked (see [`open_record`]) and positioned at its end, and the games
/// already in it (checked against the schedule and the shard: each game of this shard at
/// most once); the file is rewritten to hold exactly them after `header` (dropping a block
/// torn by an interruption). A file without a header (written before headers) is read and
/// checked game by game, and gets its header.
pub(super) fn resume<P: Game>(
    args: &TournamentArgs,
    plan: &Plan,
    header: &Header,
    games: &[Scheduled],
    openings: &[Opening<P>],
) -> Result<(std::fs::File, Vec<GameRecord>), Error> {
    let path = &plan.record;
    let io = |e: std::io::Error| Error::Argument(format!("{}: {e}", path.display()));
    if path.exists() && !args.resume {
        return Err(Error::Argument(format!(
            "{} exists: pass --resume to continue that tournament, or choose another --record",
            path.display()
        )));
    }
    let mut file = open_record(path)?;
    let text = crate::text_file::read_from(&mut file, &path.display().to_string(), record::LIMITS)?;
    let read = parse_file(&text)
        .map_err(|e| Error::Argument(format!("{}: {}", path.display(), e.message())))?;
    if let Some(h) = &read.header {
        if h.schedule != header.schedule {
            return Err(Error::Argument(format!(
                "{} is the record of another schedule (fingerprint {}; these arguments give {}): \
                 other rules, openings, players, rounds, clock or SPRT",
                path.display(),
                h.schedule,
                header.schedule
            )));
        }
        if h.shard != header.shard {
            return Err(Error::Argument(format!(
                "{} is the record of shard {}, not {}",
                path.display(),
                h.shard,
                header.shard
            )));
        }
    }
    let done = read.games;
    let mut seen = BTreeSet::new();
    for g in &done {
        if !seen.insert(g.game) {
            return Err(Error::Argument(format!(
                "{}: game {} is recorded twice",
                path.display(),
                g.game
            )));
        }
        let scheduled = games.get(g.game.wrapping_sub(1));
        let expected = scheduled.map(|s| {
            let names: Vec<&str> = s
                .seats
                .iter()
                .map(|&p| plan.specs[p].name.as_str())
                .collect();
            (names, openings[s.opening].position.to_text())
        });
        let matches = expected.is_some_and(|(names, start)| {
            names == g.players.iter().map(String::as_str).collect::<Vec<_>>()
                && start == g.start
                && g.rules == plan.variant.to_string()
        });
        if !matches {
            return Err(Error::Argument(format!(
                "{}: game {} does not belong to this tournament (other players, rules or openings)",
                path.display(),
                g.game
            )));
        }
        if scheduled.is_some_and(|s| !plan.shard.owns(s.pair - 1)) {
            return Err(Error::Argument(format!(
                "{}: game {} belongs to another shard than {}",
                path.display(),
                g.game,
                plan.shard
            )));
        }
        crate::record::check(g)
            .map_err(|e| Error::Argument(format!("{}: {}", path.display(), e.message())))?;
    }
    let text: String = header.to_text() + &done.iter().map(GameRecord::to_text).collect::<String>();
    file.set_len(0)
        .and_then(|_| file.seek(SeekFrom::Start(0)))
        .and_then(|_| file.write_all(text.as_bytes()))
        .and_then(|_| file.flush())
        .map_err(io)?;
    Ok((file, done))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shard::Shard;
    use crate::tournament::plan::plan;
    use crate::tournament::schedule::schedule;
    use crate::tournament::{openings, tests::args};
    use halma_engine::games::embargo::EmbargoPosition;
    use std::path::PathBuf;

    /// A path in the temporary directory for the test `name`, removed first.
    fn temp(name: &str) -> PathBuf {
        let file = format!("halma-record-file-{name}-{}.games", std::process::id());
        let path = std::env::temp_dir().join(file);
        let _ = std::fs::remove_file(&path);
        path
    }

    /// A tournament of Embargo between two random movers, from the start position, with
    /// more arguments: its arguments, plan, schedule, openings and header.
    struct Tournament {
        name: &'static str,
        calls: usize,
        args: TournamentArgs,
        plan: Plan,
        games: Vec<Scheduled>,
        openings: Vec<Opening<EmbargoPosition>>,
        header: Header,
    }

    impl Tournament {
        /// The tournament of the test `name` with the arguments `more`.
        fn new(name: &'static str, more: &[&str]) -> Tournament {
            let fixed = [
                "--rules",
                "embargo",
                "--openings",
                "none",
                "-p",
                "random",
                "-p",
                "random:seed=2",
            ];
            let argv: Vec<&str> = fixed.iter().chain(more).copied().collect();
            let args = args(&argv);
            let plan = plan(&args).unwrap();
            let openings =
                openings::load::<EmbargoPosition>(&plan.openings, plan.variant, &()).unwrap();
            let games = schedule(2, 2, args.format, openings.len(), args.rounds as usize).unwrap();
            let header = header(&args, &plan, &games, &openings);
            Tournament {
                name,
                calls: 0,
                args,
                plan,
                games,
                openings,
                header,
            }
        }

        /// The record of scheduled game `i` (from 0), won by side A without a move.
        fn game(&self, i: usize) -> GameRecord {
            let verdict = referee::Verdict {
                scores: vec![1.0, 0.0],
                reason: "A wins".into(),
                moves: Vec::new(),
            };
            let game = &self.games[i];
            record(&self.plan, game, &self.openings[game.opening], verdict)
        }

        /// What [`resume`] makes of a record file holding `text`: the games and the
        /// file's text after, or the error with the file's path as `RECORD`. Each call has
        /// a file of its own: a child process that another test forks holds a copy of the
        /// descriptors open at the time, and with it the lock, until it execs.
        fn resume(&mut self, text: &str) -> Result<(Vec<GameRecord>, String), String> {
            self.calls += 1;
            let path = temp(&format!("{}-{}", self.name, self.calls));
            std::fs::write(&path, text).unwrap();
            self.plan.record = path.clone();
            let result = resume(
                &self.args,
                &self.plan,
                &self.header,
                &self.games,
                &self.openings,
            );
            let after = std::fs::read_to_string(&path).unwrap();
            std::fs::remove_file(&path).unwrap();
            result
                .map(|(_, games)| (games, after))
                .map_err(|e| e.message().replace(&path.display().to_string(), "RECORD"))
        }
    }

    #[test]
    fn a_game_record_names_the_players_in_their_seats_and_the_start() {
        let t = Tournament::new("record", &["--tc", "1+0.5"]);
        let g = t.game(1);
        assert_eq!((g.game, g.pair, g.opening), (2, 1, 0));
        assert_eq!(g.players, ["random:seed=2", "random"]);
        assert_eq!(
            (g.rules.as_str(), g.time_control.as_str()),
            ("embargo", "1+0.5")
        );
        assert_eq!(g.start, t.openings[0].position.to_text());
        assert_eq!((g.scores, g.reason), (vec![1.0, 0.0], "A wins".to_string()));
        assert_eq!(Tournament::new("record", &[]).game(0).time_control, "none");
    }

    #[test]
    fn the_header_fingerprints_what_fixes_the_games() {
        let t = Tournament::new("header", &[]);
        assert_eq!(t.header.games, 2);
        assert_eq!(t.header.players, ["random", "random:seed=2"]);
        assert_eq!(
            (t.header.shard, t.header.sprt.as_deref()),
            (Shard::WHOLE, None)
        );
        let same = Tournament::new("header", &["--json", "--concurrency", "3"]).header;
        assert_eq!(same.schedule, t.header.schedule);
        for other in [
            &["--rounds", "2"][..],
            &["--tc", "1+0"],
            &["--max-plies", "99"],
            &["--adjudicate", "race"],
            &["--time-margin", "1ms"],
            &["--format", "gauntlet"],
            &["--sprt", "elo0=0", "elo1=5"],
        ] {
            let h = Tournament::new("header", other).header;
            assert_ne!(h.schedule, t.header.schedule, "{other:?}");
        }
        let sprt = Tournament::new("header", &["--sprt", "elo0=0", "elo1=5"]).header;
        assert_eq!(
            sprt.sprt.as_deref(),
            Some("elo0=0 elo1=5 alpha=0.05 beta=0.05")
        );
        let shard = Tournament::new("header", &["--shard", "1/2"]).header;
        assert_eq!(
            (shard.schedule, shard.shard),
            (t.header.schedule.clone(), Shard { index: 1, count: 2 })
        );
    }

    #[test]
    fn the_record_file_is_a_regular_file_for_one_tournament_at_a_time() {
        let path = temp("lock");
        let file = open_record(&path).unwrap();
        let e = open_record(&path).unwrap_err();
        assert_eq!(
            e.message(),
            format!(
                "record file {} is in use by another tournament",
                path.display()
            )
        );
        drop(file);
        std::fs::remove_file(&path).unwrap();
        let fifo = temp("fifo");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        assert!(made.unwrap().success());
        let e = open_record(&fifo).unwrap_err();
        assert!(e.message().contains("is not a regular file"), "{e}");
        std::fs::remove_file(&fifo).unwrap();
    }

    #[test]
    fn resume_keeps_the_games_of_this_schedule_and_drops_a_torn_block() {
        let e = Tournament::new("fresh", &[]).resume("").unwrap_err();
        assert_eq!(
            e,
            "RECORD exists: pass --resume to continue that tournament, or choose another --record"
        );
        let mut t = Tournament::new("resume", &["--resume"]);
        let head = t.header.to_text();
        let (one, two) = (t.game(0).to_text(), t.game(1).to_text());
        let torn = &two[..two.len() / 2];
        let kept = t.resume(&(head.clone() + &one + torn));
        assert_eq!(kept, Ok((vec![t.game(0)], head.clone() + &one)));
        // A record written before headers gets its header.
        let both = (vec![t.game(0), t.game(1)], head.clone() + &one + &two);
        assert_eq!(t.resume(&(one.clone() + &two)), Ok(both));
        assert_eq!(t.resume(""), Ok((Vec::new(), head)));
    }

    #[test]
    fn resume_refuses_the_games_of_another_tournament() {
        let mut t = Tournament::new("refuse", &["--resume", "--rounds", "2"]);
        let other = Tournament::new("refuse", &["--resume", "--rounds", "3"]).header;
        let e = t.resume(&other.to_text()).unwrap_err();
        assert!(
            e.starts_with("RECORD is the record of another schedule"),
            "{e}"
        );
        let mut shard = t.header.clone();
        shard.shard = Shard { index: 1, count: 2 };
        let e = t.resume(&shard.to_text()).unwrap_err();
        assert_eq!(e, "RECORD is the record of shard 1/2, not 0/1");
        let one = t.game(0).to_text();
        let e = t.resume(&(one.clone() + &one)).unwrap_err();
        assert_eq!(e, "RECORD: game 1 is recorded twice");
        let mut stranger = t.game(0);
        stranger.players[1] = "stranger".into();
        let e = t.resume(&stranger.to_text()).unwrap_err();
        assert!(
            e.starts_with("RECORD: game 1 does not belong to this tournament"),
            "{e}"
        );
        let mut beyond = t.game(3);
        beyond.game = 5;
        let e = t.resume(&beyond.to_text()).unwrap_err();
        assert!(e.starts_with("RECORD: game 5 does not belong"), "{e}");
        let mut illegal = t.game(0);
        illegal.moves = vec!["nonsense".into()];
        let e = t.resume(&illegal.to_text()).unwrap_err();
        assert!(e.starts_with("RECORD: game 1, ply 1: "), "{e}");
        // Pair 1 is shard 0/2's: shard 1/2 may not hold it.
        let mut s = Tournament::new("shard", &["--resume", "--rounds", "2", "--shard", "1/2"]);
        let head = s.header.to_text();
        let third = s.game(2);
        assert_eq!(
            s.resume(&third.to_text()),
            Ok((vec![third.clone()], head + &third.to_text()))
        );
        let e = s.resume(&s.game(0).to_text()).unwrap_err();
        assert_eq!(e, "RECORD: game 1 belongs to another shard than 1/2");
    }
}
