//! The tournament's arguments checked and turned into its [`Plan`]: the players and their
//! names, the time control (a default when a player has no limit of its own), the SPRT,
//! the shard and its record file, the openings, and the memory the games' tables need.

use super::clock::TimeControl;
use super::openings::Source;
use super::referee::{self, Referee};
use super::schedule::{self, Format};
use super::stats::Sprt;
use super::{pool, TournamentArgs};
use crate::numbers;
use crate::player_spec::{self, PlayerSpec};
use crate::shard::Shard;
use halma_engine::games::Variant;
use halma_engine::Error;
use std::path::PathBuf;

/// The time control of a tournament without `--tc` in which some player has no limit of
/// its own: 10 s a game plus 0.1 s a move.
const DEFAULT_TC: &str = "10+0.1";

/// Parses `--rounds`: 1 to [`schedule::MAX_GAMES`] (the schedule's own bound applies too).
pub(super) fn rounds(text: &str) -> Result<u32, String> {
    numbers::whole(text, schedule::MAX_GAMES as u64).map(|n| n as u32)
}

/// Parses `--max-plies`: 1 to [`referee::MAX_PLIES`].
pub(super) fn max_plies(text: &str) -> Result<u32, String> {
    numbers::whole(text, referee::MAX_PLIES as u64).map(|n| n as u32)
}

/// Everything fixed before the games start.
pub(super) struct Plan {
    pub(super) specs: Vec<PlayerSpec>,
    pub(super) variant: Variant,
    pub(super) referee: Referee,
    pub(super) openings: Source,
    pub(super) sprt: Option<Sprt>,
    pub(super) concurrency: usize,
    pub(super) shard: Shard,
    /// The record file.
    pub(super) record: PathBuf,
}

/// Checks the arguments and works out the plan.
pub(super) fn plan(args: &TournamentArgs) -> Result<Plan, Error> {
    let variant = Variant::parse(&args.rules)?;
    let sides = variant.sides();
    let mut specs = args
        .players
        .iter()
        .map(|p| PlayerSpec::parse(p))
        .collect::<Result<Vec<_>, _>>()?;
    for i in 1..specs.len() {
        let mut n = 1;
        while specs[..i].iter().any(|s| s.name == specs[i].name) {
            n += 1;
            specs[i].name = format!("{}#{n}", specs[i].text);
        }
    }
    let unlimited = specs.iter().find(|s| !s.has_own_limit());
    // Said once the arguments are known to be good.
    let note = unlimited.filter(|_| args.tc.is_none()).map(|spec| {
        format!(
            "halma: player '{}' has no depth=, nodes= or time= and there is no --tc: \
             every game is played at {DEFAULT_TC}",
            spec.text
        )
    });
    let control = match (args.tc.as_deref(), unlimited) {
        (Some(tc), _) => Some(tc),
        (None, Some(_)) => Some(DEFAULT_TC),
        (None, None) => None,
    }
    .map(TimeControl::parse)
    .transpose()
    .map_err(|e| Error::Argument(format!("--tc: {}", e.message())))?;
    for spec in &specs {
        if matches!(spec.kind, player_spec::Kind::Course { .. })
            && !variant.halma().is_some_and(|r| {
                r.board == <crate::course_files::CourseBoard as halma_engine::Geometry>::BOARD
                    && r.players == 2
            })
        {
            return Err(Error::Argument(format!(
                "course player '{}' needs a two-player 16x16 Halma rule set, not {variant}",
                spec.text
            )));
        }
    }
    if let Some(group) = copies(&specs, sides, args.format).filter(|_| args.rounds > 1) {
        return Err(Error::Argument(format!(
            "--rounds {}: {} play the same moves in every position (depth= or nodes=, no \
             time=, one thread), so every round after the first would replay the first's \
             games move for move and count them again: play one round (for more games, more \
             openings: --openings FILE), or give one of them time= (docs/tournament.md)",
            args.rounds,
            group.join(" and ")
        )));
    }
    let sprt = match args.sprt.is_empty() {
        true => None,
        false if specs.len() != 2 || sides != 2 => {
            return Err(Error::Argument(
                "--sprt needs exactly two players in a two-player game".into(),
            ))
        }
        false => Some(Sprt::parse(&args.sprt)?),
    };
    let shard = args.shard.unwrap_or(Shard::WHOLE);
    if sprt.is_some() && shard.count > 1 && args.shard_dir.is_none() {
        return Err(Error::Argument(
            "--sprt with --shard needs --shard-dir DIR, where the shards pool their games \
             for the test (docs/distributed.md)"
                .into(),
        ));
    }
    let record = match &args.shard_dir {
        Some(dir) if dir.exists() && !dir.is_dir() => {
            return Err(Error::Argument(format!(
                "--shard-dir {} is not a directory",
                dir.display()
            )))
        }
        Some(dir) => {
            std::fs::create_dir_all(dir)
                .map_err(|e| Error::Argument(format!("--shard-dir {}: {e}", dir.display())))?;
            dir.join(pool::file_name(shard))
        }
        None => args.record.clone(),
    };
    let openings = match args.openings.as_deref() {
        Some("none") => Source::Start,
        Some(path) => Source::File(PathBuf::from(path)),
        None => Source::default_for(variant),
    };
    let concurrency = args
        .concurrency
        .map_or_else(crate::threads::cores, |c| c as usize);
    let mut tables: Vec<usize> = specs.iter().map(PlayerSpec::table_mib).collect();
    tables.sort_unstable_by(|a, b| b.cmp(a));
    let per_game: usize = tables.iter().take(sides).sum();
    if let Err(why) = crate::numbers::allocatable(per_game.saturating_mul(concurrency)) {
        return Err(Error::Argument(format!(
            "{concurrency} games at once with up to {per_game} MB of tables each: {why} \
             (lower --concurrency, hash= or tree=)"
        )));
    }
    if let Some(note) = note {
        eprintln!("{note}");
    }
    Ok(Plan {
        specs,
        variant,
        referee: Referee {
            control,
            margin: numbers::duration(&args.time_margin)
                .map_err(|e| Error::Argument(format!("--time-margin: {}", e.message())))?,
            max_plies: args.max_plies as usize,
            adjudication: args.adjudicate,
        },
        openings,
        sprt,
        concurrency,
        shard,
        record,
    })
}

/// The players of a group that meets in this tournament (two in a two-player pairing of
/// `format`, all of them with more sides) whose every move is fixed by the position
/// ([`PlayerSpec::is_deterministic`]), if there is one: their games are the same in every
/// round.
fn copies(specs: &[PlayerSpec], sides: usize, format: Format) -> Option<Vec<String>> {
    let fixed = |s: &&PlayerSpec| s.is_deterministic();
    let names = |group: Vec<&PlayerSpec>| group.iter().map(|s| format!("'{}'", s.name)).collect();
    if sides != 2 {
        return specs
            .iter()
            .all(|s| fixed(&s))
            .then(|| names(specs.iter().collect()));
    }
    let pair: Vec<&PlayerSpec> = match format {
        Format::RoundRobin => specs.iter().filter(fixed).take(2).collect(),
        Format::Gauntlet => std::iter::once(&specs[0])
            .filter(fixed)
            .chain(specs[1..].iter().filter(fixed).take(1))
            .collect(),
    };
    (pair.len() == 2).then(|| names(pair))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::tests::args;

    /// The plan of `halma tournament LINE` (the words of `line`, split at spaces).
    fn plan_of(line: &str) -> Result<Plan, Error> {
        plan(&args(&line.split_whitespace().collect::<Vec<_>>()))
    }

    /// The error `halma tournament LINE` is refused with.
    fn refused(line: &str) -> String {
        match plan_of(line) {
            Ok(_) => panic!("'{line}' was accepted"),
            Err(e) => e.message().to_string(),
        }
    }

    /// The plan's clock, as text.
    fn clock(line: &str) -> Option<String> {
        plan_of(line)
            .unwrap()
            .referee
            .control
            .map(|c| c.to_string())
    }

    #[test]
    fn names_are_made_unique_and_the_clock_is_the_players_or_the_default() {
        let p = plan_of("-p random -p random -p random:name=random#2").unwrap();
        let names: Vec<&str> = p.specs.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["random", "random#2", "random:name=random#2#2"]);
        assert_eq!(p.record, PathBuf::from("tournament.games"));
        assert_eq!(p.variant.to_string(), "halma8");
        assert_eq!(p.shard, Shard::WHOLE);
        assert!(p.sprt.is_none());
        // Every player limits itself: no clock; one does not and there is no --tc: the
        // default clock.
        assert_eq!(clock("-p random -p random"), None);
        assert_eq!(clock("-p alphabeta -p random"), Some(DEFAULT_TC.into()));
        let per_move = clock("-p alphabeta -p random --tc 200ms");
        assert_eq!(per_move, Some("200ms/move".into()));
        let p = plan_of("-p random -p random --time-margin 50ms --concurrency 3").unwrap();
        assert_eq!(p.referee.margin, std::time::Duration::from_millis(50));
        assert_eq!(p.concurrency, 3);
        let start = plan_of("-p random -p random --openings none").unwrap();
        assert!(matches!(start.openings, Source::Start));
        let file = plan_of("-p random -p random --openings o.txt").unwrap();
        assert!(matches!(file.openings, Source::File(f) if f.as_os_str() == "o.txt"));
    }

    #[test]
    fn bad_arguments_are_refused_with_what_is_wrong() {
        let two = "-p random -p random";
        assert!(refused(&format!("{two} --rules nonsense")).contains("nonsense"));
        assert!(refused("-p random -p bogus:x").contains("unknown kind 'bogus'"));
        assert!(refused(&format!("{two} --tc 0+1")).starts_with("--tc: "));
        let e = refused(&format!("{two} --time-margin soon"));
        assert!(e.starts_with("--time-margin: "), "{e}");
        let e = refused("-p course:\"agent\" -p random --rules halma8");
        assert!(e.contains("needs a two-player 16x16 Halma rule set"), "{e}");
        let e = refused("-p alphabeta:depth=1 -p alphabeta:depth=2 --rounds 2");
        assert!(e.contains("'alphabeta:depth=1' and 'alphabeta:depth=2' play the same moves"));
        let e = refused(&format!("{two} -p random --sprt elo0=0 elo1=5"));
        assert_eq!(e, "--sprt needs exactly two players in a two-player game");
        let e = refused(&format!("{two} --sprt elo0=0 elo1=5 --shard 0/2"));
        assert!(
            e.starts_with("--sprt with --shard needs --shard-dir DIR"),
            "{e}"
        );
        let file = std::env::temp_dir().join(format!("halma-plan-file-{}", std::process::id()));
        std::fs::write(&file, "").unwrap();
        let e = refused(&format!("{two} --shard-dir {}", file.display()));
        assert_eq!(
            e,
            format!("--shard-dir {} is not a directory", file.display())
        );
        std::fs::remove_file(&file).unwrap();
    }

    #[test]
    fn sprt_and_shard_directory_give_the_shards_record() {
        let dir = std::env::temp_dir().join(format!("halma-plan-dir-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let line = "-p random -p random --sprt elo0=0 elo1=5 --shard 1/3 --shard-dir";
        let p = plan_of(&format!("{line} {}", dir.display())).unwrap();
        assert!(dir.is_dir(), "the directory is made");
        assert_eq!(p.record, dir.join(pool::file_name(p.shard)));
        assert_eq!(p.shard, Shard { index: 1, count: 3 });
        assert_eq!(p.sprt.map(|s| (s.elo0, s.elo1)), Some((0.0, 5.0)));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn copies_are_the_fixed_players_that_meet() {
        let specs = |line: &str| -> Vec<PlayerSpec> {
            line.split_whitespace()
                .map(|t| PlayerSpec::parse(t).unwrap())
                .collect()
        };
        let names = |line: &str| Some(line.split_whitespace().map(|n| format!("'{n}'")).collect());
        let (fixed, other) = ("alphabeta:depth=1", "alphabeta:nodes=9");
        let robin = specs(&format!("random {fixed} random {other}"));
        let pair = names(&format!("{fixed} {other}"));
        assert_eq!(copies(&robin, 2, Format::RoundRobin), pair);
        // In a gauntlet the first player meets the others only.
        assert_eq!(copies(&robin, 2, Format::Gauntlet), None);
        let gauntlet = specs(&format!("{fixed} random {other}"));
        assert_eq!(copies(&gauntlet, 2, Format::Gauntlet), pair);
        assert_eq!(
            copies(&specs(&format!("{fixed} random")), 2, Format::RoundRobin),
            None
        );
        // With more sides every player is in every game.
        let three = format!("{fixed} {other} {fixed}");
        assert_eq!(copies(&specs(&three), 3, Format::RoundRobin), names(&three));
        let free = specs(&format!("{fixed} {other} random"));
        assert_eq!(copies(&free, 3, Format::RoundRobin), None);
    }
}
