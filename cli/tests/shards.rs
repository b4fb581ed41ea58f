//! Work split into shards (docs/distributed.md): a tournament played as four shards — run
//! one after another, and run by GNU parallel on this machine — merges to the same games
//! and the same table as the unsharded tournament; a perft count split into shards sums to
//! the single count; merges of a duplicated shard, of two schedules, of a truncated file
//! and of a game outside the schedule fail with one clear line; shards pool their games for
//! an SPRT through a shared directory, one after another and under GNU parallel.

use crate::common;

use common::{fails, ok, perft_part, scratch};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

fn openings() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../positions/openings/halma8.txt")
        .display()
        .to_string()
}

/// The tournament every test splits: three deterministic players (alpha-beta at fixed
/// depths, the seeded random mover), the eight halma8 openings, one round: 24 pairs, 48
/// games. `extra` adds or overrides arguments.
fn tournament(extra: &[&str]) -> Vec<String> {
    let mut args: Vec<String> = [
        "tournament",
        "--rules",
        "halma8",
        "--openings",
        &openings(),
        "--max-plies",
        "200",
        "--adjudicate",
        "race",
        "--concurrency",
        "1",
        "-p",
        "alphabeta:depth=1",
        "-p",
        "alphabeta:depth=2,name=ab2",
        "-p",
        "random",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    args.extend(extra.iter().map(|s| s.to_string()));
    args
}

fn run(args: &[String]) -> String {
    ok(&args.iter().map(String::as_str).collect::<Vec<_>>())
}

/// The game blocks of record files, by game number (the header left out).
fn game_blocks(files: &[PathBuf]) -> Vec<(u64, String)> {
    let mut blocks = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(file).unwrap();
        for block in text.split("[Game \"").skip(1) {
            let number = block.split('"').next().unwrap().parse().unwrap();
            blocks.push((number, block.to_string()));
        }
    }
    blocks.sort();
    blocks
}

/// The unsharded tournament's record and JSON report.
fn unsharded(dir: &Path) -> (PathBuf, Value) {
    let record = dir.join("whole.games");
    let out = run(&tournament(&[
        "--record",
        record.to_str().unwrap(),
        "--json",
    ]));
    (record, serde_json::from_str(&out).unwrap())
}

/// Runs GNU parallel with `args` (four jobs at once, stopping at the first failure), which
/// must succeed; fails loudly if GNU parallel is not installed (.ci/run installs it).
fn gnu_parallel(args: &[String]) {
    let found = Command::new("parallel").arg("--version").output();
    assert!(
        found.is_ok_and(|o| o.status.success()),
        "GNU parallel is NOT INSTALLED: this test needs it (Debian/Ubuntu: apt-get install \
         parallel; .ci/run installs it)"
    );
    let mut parallel = Command::new("parallel");
    parallel.args(["--will-cite", "--halt", "now,fail=1", "-j", "4"]);
    succeeds(parallel.args(args));
}

/// Runs `command`, which must succeed (else its standard error is shown).
fn succeeds(command: &mut Command) {
    let out = command.output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{command:?} failed: {err}");
}

/// Merges `files` and returns its JSON report.
fn merge(files: &[PathBuf]) -> Value {
    common::ok_value(&common::with_paths(
        &["tournament", "merge", "--json"],
        files,
    ))
}

/// Checks that the shards' `files` hold exactly the unsharded games and merge to its table.
/// `text` without its header's Check tag.
fn unchecked(text: &str) -> String {
    let (header, rest) = text.split_once("\n\n").unwrap();
    let kept: Vec<&str> = header
        .lines()
        .filter(|l| !l.starts_with("[Check "))
        .collect();
    format!("{}\n\n{rest}", kept.join("\n"))
}

fn same_as_unsharded(files: &[PathBuf], whole: &Path, report: &Value) {
    let blocks = game_blocks(files);
    assert_eq!(blocks.len(), 48);
    assert_eq!(blocks, game_blocks(&[whole.to_path_buf()]));
    assert_eq!(&merge(files), report);
    // The text table too, line for line after the per-file lines.
    let text = ok(&common::with_paths(&["tournament", "merge"], files));
    let table = text.split_once("\n\n").unwrap().1;
    assert!(
        table.starts_with("48 of 48 games, rules halma8\n"),
        "{text}"
    );
    assert!(table.contains("alphabeta:depth=1 vs ab2"), "{text}");
}

#[test]
fn four_shards_in_turn_merge_to_the_unsharded_tournament() {
    let dir = scratch("shards-sequential");
    let (whole, report) = unsharded(&dir);
    assert_eq!(report["games"], 48);
    let files: Vec<PathBuf> = (0..4)
        .map(|k| dir.join(format!("shard-{k}.games")))
        .collect();
    for (k, file) in files.iter().enumerate() {
        let shard = format!("{k}/4");
        let out = run(&tournament(&[
            "--shard",
            &shard,
            "--record",
            file.to_str().unwrap(),
        ]));
        assert!(
            out.contains(&format!(
                "12 of 12 games of shard {k}/4 (48 in the schedule)"
            )),
            "{out}"
        );
    }
    // Shard K holds the pairs p with p - 1 = K mod 4: games 4K+1, 4K+2, then 8 later.
    let first = game_blocks(&files[1..2]);
    assert_eq!((first[0].0, first[1].0, first[2].0), (3, 4, 11));
    same_as_unsharded(&files, &whole, &report);
    // A shard cut short mid-game resumes to the same games.
    let text = std::fs::read_to_string(&files[2]).unwrap();
    std::fs::write(&files[2], &text[..text.len() - 40]).unwrap();
    let resumed = run(&tournament(&[
        "--shard",
        "2/4",
        "--record",
        files[2].to_str().unwrap(),
        "--resume",
    ]));
    assert!(resumed.contains("12 of 12 games of shard 2/4"), "{resumed}");
    same_as_unsharded(&files, &whole, &report);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn four_shards_run_by_gnu_parallel_merge_to_the_unsharded_tournament() {
    let dir = scratch("shards-parallel");
    let (whole, report) = unsharded(&dir);
    // As docs/distributed.md runs it: one job per shard, K from 0.
    let mut args = vec![env!("CARGO_BIN_EXE_halma").to_string()];
    args.extend(tournament(&[
        "--shard",
        "{}/4",
        "--record",
        &format!("{}/shard-{{}}.games", dir.display()),
    ]));
    args.extend([":::", "0", "1", "2", "3"].map(String::from));
    gnu_parallel(&args);
    let files: Vec<PathBuf> = (0..4)
        .map(|k| dir.join(format!("shard-{k}.games")))
        .collect();
    same_as_unsharded(&files, &whole, &report);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_merges_fail_with_one_clear_line() {
    let dir = scratch("shards-bad-merges");
    let files: Vec<PathBuf> = (0..2).map(|k| dir.join(format!("s{k}.games"))).collect();
    for (k, file) in files.iter().enumerate() {
        let shard = format!("{k}/2");
        run(&tournament(&[
            "--shard",
            &shard,
            "--record",
            file.to_str().unwrap(),
        ]));
    }
    let name = |f: &PathBuf| f.to_str().unwrap().to_string();
    let merge_fails =
        |files: &[String]| fails(&common::with_paths(&["tournament", "merge"], files));
    // A shard given twice.
    let e = merge_fails(&[name(&files[0]), name(&files[1]), name(&files[0])]);
    assert!(e.contains("both records of shard 0/2"), "{e}");
    // A copy of a shard under another name.
    let copy = dir.join("copy.games");
    std::fs::copy(&files[1], &copy).unwrap();
    let e = merge_fails(&[name(&files[1]), name(&copy)]);
    assert!(e.contains("a shard given twice"), "{e}");
    // Another schedule: another time margin. (Not another number of rounds: these
    // players are deterministic, and a second round of theirs is refused.)
    let other = dir.join("other.games");
    run(&tournament(&[
        "--shard",
        "1/2",
        "--time-margin",
        "1ms",
        "--record",
        other.to_str().unwrap(),
    ]));
    let e = merge_fails(&[name(&files[0]), name(&other)]);
    assert!(e.contains("another schedule"), "{e}");
    // A truncated file.
    let text = std::fs::read_to_string(&files[1]).unwrap();
    let cut = dir.join("cut.games");
    std::fs::write(&cut, &text[..text.len() - 30]).unwrap();
    let e = merge_fails(&[name(&files[0]), name(&cut)]);
    assert!(e.contains("is truncated"), "{e}");
    // A game outside the schedule, and a game in the wrong shard, in headers edited
    // without their Check tag (as a header written before the tag reads).
    let bare = unchecked(&text);
    let outside = dir.join("outside.games");
    std::fs::write(&outside, bare.replace("[Games \"48\"]", "[Games \"40\"]")).unwrap();
    let e = merge_fails(&[name(&outside)]);
    assert!(e.contains("is outside the schedule (games 1 to 40)"), "{e}");
    let moved = dir.join("moved.games");
    std::fs::write(&moved, bare.replace("[Shard \"1/2\"]", "[Shard \"0/2\"]")).unwrap();
    let e = merge_fails(&[name(&moved)]);
    assert!(e.contains("is not one of shard 0/2's"), "{e}");
    // With its Check tag, an edited header is refused even alone (a one-file merge has
    // no other fingerprint to compare with).
    let checked = std::fs::read_to_string(&files[1]).unwrap();
    let edited = dir.join("edited.games");
    let fingerprint = checked.split('"').nth(1).unwrap();
    let flipped = format!(
        "{}{}",
        &fingerprint[..15],
        if fingerprint.ends_with('0') { '1' } else { '0' }
    );
    std::fs::write(&edited, checked.replacen(fingerprint, &flipped, 1)).unwrap();
    let e = merge_fails(&[name(&edited)]);
    common::assert_has(&e, "the header starting at line 1 was edited");
    // A record without a header (written before shards).
    let old = dir.join("old.games");
    let body = text.split_once("\n\n").unwrap().1;
    std::fs::write(&old, body).unwrap();
    let e = merge_fails(&[name(&old)]);
    assert!(e.contains("has no schedule header"), "{e}");
    // Which resume reads, checks and gives a header.
    let mut resume = tournament(&["--shard", "1/2", "--resume", "--record"]);
    resume.push(name(&old));
    run(&resume);
    assert_eq!(std::fs::read_to_string(&old).unwrap(), text);
    // Resuming with other arguments, or as another shard, is refused.
    let args = tournament(&[
        "--shard",
        "1/2",
        "--time-margin",
        "1ms",
        "--resume",
        "--record",
    ]);
    let mut args: Vec<&str> = args.iter().map(String::as_str).collect();
    let old_name = name(&old);
    args.push(&old_name);
    assert!(fails(&args).contains("another schedule"));
    let args = tournament(&["--shard", "0/2", "--resume", "--record", &old_name]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    assert!(fails(&args).contains("is the record of shard 1/2, not 0/2"));
    // Bad shard values and an SPRT split without a shared directory.
    for bad in ["2/2", "1/0", "x/2", "0/65537"] {
        let args = tournament(&["--shard", bad]);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        assert!(fails(&args).contains("--shard"), "{bad}");
    }
    let args = [
        "tournament",
        "-p",
        "random",
        "-p",
        "random:seed=2",
        "--shard",
        "0/2",
        "--sprt",
        "elo0=0",
        "elo1=10",
    ];
    assert!(fails(&args).contains("needs --shard-dir"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A match that an SPRT decides in a few pairs (alpha-beta at depth 2 against the random
/// mover, 40 pairs scheduled), as shard `shard` (`K/N`) sharing the directory `shared`.
fn pooled(shard: &str, shared: &Path) -> Vec<String> {
    let mut args = common::words(
        "tournament --rules halma8 --openings none --rounds 40 --concurrency 1 --max-plies 200 \
         -p alphabeta:depth=2 -p random --sprt elo0=0 elo1=200 --json --shard",
    );
    args.extend([shard, "--shard-dir", shared.to_str().unwrap()].map(String::from));
    args
}

#[test]
fn shards_sharing_a_directory_stop_on_the_pooled_sprt() {
    let dir = scratch("shards-pooled");
    let shared = dir.join("shared");
    let shard = |k: u32| -> Value {
        serde_json::from_str(&run(&pooled(&format!("{k}/2"), &shared))).unwrap()
    };
    // Shard 0 alone decides on its own games; shard 1, started after, reads that and
    // plays nothing.
    let first = shard(0);
    assert_eq!(first["sprt"]["verdict"], "H1", "{first}");
    let played = first["games"].as_u64().unwrap();
    assert!(played < 40, "{played} games");
    let second = shard(1);
    assert_eq!(second["games"], 0, "{second}");
    assert_eq!(second["sprt"]["verdict"], "H1", "{second}");
    let files = [
        shared.join("shard-0-of-2.games"),
        shared.join("shard-1-of-2.games"),
    ];
    let merged = merge(&files);
    assert_eq!(merged["games"].as_u64(), Some(played));
    assert_eq!(merged["sprt"], first["sprt"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn four_shards_under_gnu_parallel_stop_on_the_pooled_sprt() {
    let dir = scratch("shards-pooled-parallel");
    let shared = dir.join("shared");
    let mut args = vec![env!("CARGO_BIN_EXE_halma").to_string()];
    args.extend(pooled("{}/4", &shared));
    args.extend([">".to_string(), format!("{}/log-{{}}.json", dir.display())]);
    args.extend([":::", "0", "1", "2", "3"].map(String::from));
    gnu_parallel(&args);
    // Every shard ends on the pooled verdict, whatever the timing.
    let mut played = 0;
    for k in 0..4 {
        let log = std::fs::read_to_string(dir.join(format!("log-{k}.json"))).unwrap();
        let report: Value = serde_json::from_str(&log).unwrap();
        assert_eq!(report["sprt"]["verdict"], "H1", "shard {k}: {report}");
        played += report["games"].as_u64().unwrap();
    }
    let files: Vec<PathBuf> = (0..4)
        .map(|k| shared.join(format!("shard-{k}-of-4.games")))
        .collect();
    let merged = merge(&files);
    assert_eq!(merged["games"].as_u64(), Some(played));
    assert_eq!(merged["sprt"]["verdict"], "H1", "{merged}");
    assert!(played < 80, "{played} games");
    std::fs::remove_dir_all(&dir).unwrap();
}

fn perft_merge(files: &[&PathBuf]) -> Value {
    common::ok_value(&common::with_paths(&["perft", "merge", "--json"], files))
}

#[test]
fn perft_shards_sum_to_the_single_count() {
    let dir = scratch("shards-perft");
    let single = ok(&["perft", "--rules", "halma8", "--depth", "4", "--json"]);
    let single = common::json_lines(&single).last().unwrap()["nodes"]
        .as_u64()
        .unwrap();
    for split in ["1", "2", "4"] {
        let parts: Vec<PathBuf> = (0..3)
            .map(|k| perft_part(&dir, "halma8", "4", split, &format!("{k}/3")))
            .collect();
        let merged = perft_merge(&parts.iter().collect::<Vec<_>>());
        assert_eq!(
            merged["nodes"].as_u64(),
            Some(single),
            "split {split}: {merged}"
        );
        assert_eq!(merged["shards"], 3);
    }
    let parts: Vec<PathBuf> = (0..3)
        .map(|k| perft_part(&dir, "halma8", "4", "1", &format!("{k}/3")))
        .collect();
    let merge_fails = |files: &[&PathBuf]| {
        let mut args = vec!["perft", "merge"];
        args.extend(files.iter().map(|f| f.to_str().unwrap()));
        fails(&args)
    };
    let e = merge_fails(&[&parts[0], &parts[1]]);
    assert!(e.contains("missing shards: 2/3"), "{e}");
    let e = merge_fails(&[&parts[0], &parts[1], &parts[2], &parts[1]]);
    assert!(e.contains("shard 1/3 is given twice"), "{e}");
    let other = perft_part(&dir, "halma8", "3", "1", "2/3");
    let e = merge_fails(&[&parts[0], &parts[1], &other]);
    assert!(e.contains("parts of different counts"), "{e}");
    let cut = dir.join("cut.json");
    let text = std::fs::read_to_string(&parts[2]).unwrap();
    std::fs::write(&cut, &text[..text.len() / 2]).unwrap();
    let e = merge_fails(&[&parts[0], &parts[1], &cut]);
    assert!(e.contains("is not a perft part"), "{e}");
    for (split, says) in [("3", "deeper than --depth"), ("5", "--split-depth")] {
        let args = [
            "perft",
            "--depth",
            "2",
            "--shard",
            "0/2",
            "--split-depth",
            split,
        ];
        let e = fails(&args);
        assert!(e.contains(says), "{e}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_slurm_script_of_the_docs_is_valid_shell() {
    let script =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/distributed/tournament.sbatch");
    succeeds(Command::new("bash").arg("-n").arg(&script));
    let text = std::fs::read_to_string(&script).unwrap();
    assert!(text.contains("#SBATCH --array=0-15"));
    assert!(text.contains("--shard \"$K/$N\""));
}
