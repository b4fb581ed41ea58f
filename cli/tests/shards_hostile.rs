//! The shards (docs/distributed.md) under hostile or careless use: numbers out of range,
//! files that are empty, binary, endless, edited, of another split or given twice, a shared
//! directory that is a file or holds a stale record, a shard started twice. Every failure
//! is one line `halma: …` with exit status 2 (never a panic, a hang or a wrong total).
//! Tiny jobs: halma8 perft to depth 2, tournaments of the random mover over 20 plies.

use crate::common;

use common::{fails, ok, perft_part, scratch};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

fn strs(args: &[String]) -> Vec<&str> {
    args.iter().map(String::as_str).collect()
}

/// A tiny tournament: two random movers, the start position, `rounds` rounds (two games a
/// round, one pair), draws at 20 plies; `extra` adds arguments.
fn tiny(rules: &str, rounds: &str, extra: &[&str]) -> Vec<String> {
    let mut args: Vec<String> = [
        "tournament",
        "--rules",
        rules,
        "--openings",
        "none",
        "--rounds",
        rounds,
        "--max-plies",
        "20",
        "--concurrency",
        "1",
        "-p",
        "random",
        "-p",
        "random:seed=2",
    ]
    .map(String::from)
    .to_vec();
    args.extend(extra.iter().map(|s| s.to_string()));
    args
}

/// Shard `shard` of the tiny tournament (2 rounds: pairs 1 and 2), recorded in `file`.
fn tiny_shard(dir: &Path, file: &str, shard: &str) -> PathBuf {
    let path = dir.join(file);
    ok(&strs(&tiny(
        "halma8",
        "2",
        &["--shard", shard, "--record", path.to_str().unwrap()],
    )));
    path
}

fn merge_fails(files: &[&Path]) -> String {
    fails(&common::with_paths(&["tournament", "merge"], files))
}

fn merge_json(files: &[&Path]) -> Value {
    common::ok_value(&common::with_paths(
        &["tournament", "merge", "--json"],
        files,
    ))
}

#[test]
fn shard_numbers_out_of_range_are_one_line_errors() {
    for bad in [
        "0/0",
        "5/4",
        "4/4",
        "-1/4",
        "1/-4",
        "1/99999999999",
        "99999999999999999999999/4",
        "1/4/",
        "0x1/4",
        "",
        " / ",
    ] {
        // `--shard=K/N`, so that `-1/4` reaches the parser instead of reading as a flag.
        let flag = format!("--shard={bad}");
        let e = fails(&["perft", "--depth", "2", &flag]);
        assert!(e.contains("--shard"), "{bad}: {e}");
        let e = fails(&strs(&tiny("halma8", "1", &[&flag])));
        assert!(e.contains("--shard"), "{bad}: {e}");
    }
    for (args, says) in [
        (&["--depth", "0", "--shard", "0/2"][..], "--depth"),
        (
            &["--depth", "2", "--shard", "0/2", "--split-depth", "0"],
            "--split-depth",
        ),
        (
            &[
                "--depth",
                "9",
                "--shard",
                "0/2",
                "--split-depth",
                "99999999999999999999",
            ],
            "--split-depth",
        ),
        (
            &["--depth", "2", "--shard", "0/2", "--split-depth", "3"],
            "deeper than --depth",
        ),
        (&["--depth", "2", "--split-depth", "1"], "--shard"),
        (&["--depth", "4294967296", "--shard", "0/2"], "--depth"),
        // Once an abort: a move list for each of 4294967295 plies, allocated up front.
        (&["--depth", "4294967295", "--shard", "0/2"], "at most 1000"),
        (&["--depth", "1001"], "at most 1000"),
    ] {
        let mut all = vec!["perft"];
        all.extend(args);
        let e = fails(&all);
        assert!(e.contains(says), "{args:?}: {e}");
    }
    // More shards than root moves: the extra shards count nothing, and the merge still
    // adds up to the single count.
    let dir = scratch("hostile-many-shards");
    halma8_parts(&dir, 20);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `shards` perft parts of halma8 at depth 2 in `dir`, checked to merge to the single
/// count.
fn halma8_parts(dir: &Path, shards: usize) -> Vec<PathBuf> {
    let parts: Vec<PathBuf> = (0..shards)
        .map(|k| perft_part(dir, "halma8", "2", "1", &format!("{k}/{shards}")))
        .collect();
    let merged = perft_merge(&parts);
    assert_eq!(merged["nodes"], single_count("halma8", "2"));
    parts
}

fn single_count(rules: &str, depth: &str) -> Value {
    let out = ok(&["perft", "--rules", rules, "--depth", depth, "--json"]);
    common::json_lines(&out).last().unwrap()["nodes"].clone()
}

fn perft_merge(files: &[PathBuf]) -> Value {
    common::ok_value(&common::with_paths(&["perft", "merge", "--json"], files))
}

fn perft_merge_fails(files: &[&Path]) -> String {
    fails(&common::with_paths(&["perft", "merge"], files))
}

/// Writes `part` edited by `edit` to `dir/name`.
fn edited(dir: &Path, name: &str, part: &Path, edit: impl Fn(&mut Value)) -> PathBuf {
    let mut value: Value = serde_json::from_str(&std::fs::read_to_string(part).unwrap()).unwrap();
    edit(&mut value);
    let path = dir.join(name);
    std::fs::write(&path, value.to_string()).unwrap();
    path
}

#[test]
fn perft_merge_refuses_hostile_parts() {
    let dir = scratch("hostile-perft");
    let parts = halma8_parts(&dir, 2);
    let merged = perft_merge(&parts);
    // The --json shape: exactly these fields.
    let mut keys: Vec<&str> = merged
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort_unstable();
    assert_eq!(
        keys,
        [
            "depth",
            "nodes",
            "position",
            "prefixes",
            "shards",
            "split_depth",
            "time_ms"
        ]
    );
    let (p0, p1) = (parts[0].as_path(), parts[1].as_path());
    let write = |name: &str, bytes: &[u8]| {
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        path
    };
    // Files that are no parts.
    let e = perft_merge_fails(&[&write("empty.json", b""), p1]);
    assert!(e.contains("is not a perft part"), "{e}");
    let e = perft_merge_fails(&[p0, &write("junk.json", b"\x7fELF\x02\x01\x00\x00")]);
    assert!(e.contains("NUL byte"), "{e}");
    let e = perft_merge_fails(&[p0, &write("bytes.json", b"\xff\xfe{}")]);
    assert!(e.contains("not UTF-8"), "{e}");
    let e = perft_merge_fails(&[p0, Path::new("/dev/zero")]);
    assert!(e.contains("NUL byte"), "{e}");
    let e = perft_merge_fails(&[p0, &dir]);
    assert!(e.contains("directory"), "{e}");
    let e = perft_merge_fails(&[p0, &dir.join("missing.json")]);
    assert!(e.contains("No such file"), "{e}");
    let both = [std::fs::read(p0).unwrap(), std::fs::read(p1).unwrap()].concat();
    let e = perft_merge_fails(&[&write("both.json", &both)]);
    assert!(e.contains("is not a perft part"), "{e}");
    let e = perft_merge_fails(&[p0, &write("long.json", &vec![b' '; 3 << 20])]);
    assert!(e.contains("is not a perft part"), "{e}");
    // Parts of other counts: rules, depth, split depth, number of shards.
    let other = perft_part(&dir, "halma10", "2", "1", "1/2");
    let e = perft_merge_fails(&[p0, &other]);
    assert!(e.contains("parts of different counts"), "{e}");
    let split2 = perft_part(&dir, "halma8", "2", "2", "1/2");
    let e = perft_merge_fails(&[p0, &split2]);
    assert!(e.contains("parts of different counts"), "{e}");
    let three = perft_part(&dir, "halma8", "2", "1", "1/3");
    let e = perft_merge_fails(&[p0, &three]);
    assert!(e.contains("parts of different counts"), "{e}");
    // Numbers from outside: a huge N (once an allocation of N slots), a shard past N, a
    // split deeper than the depth, a negative time.
    let huge = edited(&dir, "huge.json", p1, |v| {
        v["shards"] = 4_000_000_000u64.into()
    });
    let e = perft_merge_fails(&[&huge]);
    assert!(e.contains("inconsistent part: shard 1/4000000000"), "{e}");
    let past = edited(&dir, "past.json", p1, |v| v["shard"] = 2.into());
    assert!(perft_merge_fails(&[p0, &past]).contains("inconsistent part"));
    let deep = edited(&dir, "deep.json", p1, |v| v["split_depth"] = 3.into());
    assert!(perft_merge_fails(&[&deep]).contains("split depth 3 at depth 2"));
    let time = edited(&dir, "time.json", p1, |v| v["time_ms"] = (-5.0).into());
    assert!(perft_merge_fails(&[p0, &time]).contains("time_ms"));
    let many = edited(&dir, "many.json", p1, |v| v["prefixes"] = u64::MAX.into());
    assert!(perft_merge_fails(&[&many]).contains("prefixes"));
    // An edited count: the total or one prefix alone is caught...
    let total = edited(&dir, "total.json", p1, |v| {
        v["nodes"] = (v["nodes"].as_u64().unwrap() + 1).into()
    });
    let e = perft_merge_fails(&[p0, &total]);
    assert!(e.contains("but its prefixes add up to"), "{e}");
    // ... and counts that wrap past 2^64 (once silently accepted: the sums wrapped).
    let wrap = edited(&dir, "wrap.json", p1, |v| {
        let divide = v["divide"].as_array_mut().unwrap();
        divide[0]["nodes"] = u64::MAX.into();
        divide[1]["nodes"] = 2.into();
        for c in &mut divide[2..] {
            c["nodes"] = 0.into();
        }
        v["nodes"] = 1.into();
    });
    let e = perft_merge_fails(&[p0, &wrap]);
    assert!(e.contains("more than 2^64"), "{e}");
    let big = edited(&dir, "big.json", p1, |v| {
        let divide = v["divide"].as_array_mut().unwrap();
        divide[0]["nodes"] = u64::MAX.into();
        for c in &mut divide[1..] {
            c["nodes"] = 0.into();
        }
        v["nodes"] = u64::MAX.into();
    });
    let e = perft_merge_fails(&[p0, &big]);
    common::assert_has(&e, "the parts' counts add up to more than 2^64");
    // A prefix moved from one part to the other: each prefix once, all of them.
    let stolen = edited(&dir, "stolen.json", p1, |v| {
        let first = v["divide"][0].clone();
        let mut zero: Value = serde_json::from_str(&std::fs::read_to_string(p0).unwrap()).unwrap();
        zero["divide"][0] = first;
        v["divide"] = zero["divide"].clone();
        v["nodes"] = zero["divide"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["nodes"].as_u64().unwrap())
            .sum::<u64>()
            .into();
    });
    let e = perft_merge_fails(&[p0, &stolen]);
    assert!(e.contains("is counted by two shards"), "{e}");
    // A prefix that is no move sequence of the split, or one of another split depth, with
    // the counts kept consistent (both once merged: only the number of prefixes was
    // checked).
    let foreign = edited(&dir, "foreign.json", p1, |v| {
        v["divide"][0]["moves"] = "z9-z9".into()
    });
    let e = perft_merge_fails(&[p0, &foreign]);
    common::assert_has(&e, "prefix 'z9-z9' is not the next of shard 1/2's prefixes");
    let two_ply: Value = serde_json::from_str(&std::fs::read_to_string(&split2).unwrap()).unwrap();
    let two_ply = two_ply["divide"][0]["moves"].clone();
    let deeper = edited(&dir, "deeper.json", p1, |v| {
        v["divide"][0]["moves"] = two_ply.clone()
    });
    let e = perft_merge_fails(&[p0, &deeper]);
    assert!(e.contains("is not the next of shard 1/2's prefixes"), "{e}");
    // Many shards missing: one short line, not a list of thousands.
    let lone = perft_part(&dir, "halma8", "2", "1", "0/60000");
    let e = perft_merge_fails(&[&lone]);
    assert!(e.contains("(59999 in all)") && e.len() < 300, "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn tournament_merge_refuses_hostile_records() {
    let dir = scratch("hostile-merge");
    let s0 = tiny_shard(&dir, "s0.games", "0/2");
    let s1 = tiny_shard(&dir, "s1.games", "1/2");
    let whole = merge_json(&[&s0, &s1]);
    assert_eq!(whole["games"], 4);
    let text = std::fs::read_to_string(&s1).unwrap();
    let write = |name: &str, bytes: &[u8]| {
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        path
    };
    // Files that are no records.
    let e = merge_fails(&[&s0, &write("empty.games", b"")]);
    assert!(e.contains("is empty"), "{e}");
    let e = merge_fails(&[&s0, &write("junk.games", b"\x7fELF\x02\x01\x00\x00\n\n")]);
    assert!(e.contains("NUL byte"), "{e}");
    let e = merge_fails(&[&s0, Path::new("/dev/zero")]);
    assert!(e.contains("NUL byte"), "{e}");
    // A line of megabytes is refused once past 1 MiB, before the rest is read.
    let long = [text.as_bytes(), &vec![b'x'; 3 << 20]].concat();
    let e = merge_fails(&[&s0, &write("long.games", &long)]);
    assert!(e.contains("is longer than 1048576 bytes"), "{e}");
    let e = merge_fails(&[&s0, &dir]);
    assert!(e.contains("directory"), "{e}");
    let e = merge_fails(&[&s0, &dir.join("missing.games")]);
    assert!(e.contains("No such file"), "{e}");
    let short = text.replace("[Schedule \"", "[Schedule \"0");
    let e = merge_fails(&[&s0, &write("fp.games", short.as_bytes())]);
    assert!(e.contains("header starting at line 1 is malformed"), "{e}");
    let big = text.replace("[Games \"4\"]", "[Games \"99999999999\"]");
    let e = merge_fails(&[&write("big.games", big.as_bytes())]);
    assert!(e.contains("header starting at line 1 is malformed"), "{e}");
    // The same shard twice: the same file, or a copy.
    let e = merge_fails(&[&s0, &s1, &s0]);
    assert!(e.contains("both records of shard 0/2"), "{e}");
    let header_only = text.split_once("\n\n").unwrap().0.to_string() + "\n\n";
    let e = merge_fails(&[&s1, &write("h.games", header_only.as_bytes())]);
    assert!(e.contains("both records of shard 1/2"), "{e}");
    // A header but no games, CRLF line endings, a renamed file: all merge.
    let h = write("h.games", header_only.as_bytes());
    assert_eq!(merge_json(&[&s0, &h])["games"], 2);
    let crlf = write("crlf.txt", text.replace('\n', "\r\n").as_bytes());
    assert_eq!(merge_json(&[&s0, &crlf]), whole);
    // A shard of another split of the same schedule (once merged without a word).
    let third = tiny_shard(&dir, "third.games", "1/3");
    let e = merge_fails(&[&s0, &third]);
    assert!(e.contains("another split"), "{e}");
    // Another rule set.
    let other = dir.join("other.games");
    ok(&strs(&tiny(
        "halma10",
        "2",
        &["--shard", "1/2", "--record", other.to_str().unwrap()],
    )));
    let e = merge_fails(&[&s0, &other]);
    assert!(e.contains("another schedule"), "{e}");
    // Edited games: both places of a result (once counted as two points for one game), a
    // player's name, the rules, one place of a result.
    let both = text.replace("1/2-1/2", "1-1");
    let e = merge_fails(&[&s0, &write("both.games", both.as_bytes())]);
    assert!(e.contains("incomplete or malformed"), "{e}");
    let one = text.replacen("[Result \"1/2-1/2\"]", "[Result \"1-0\"]", 1);
    let e = merge_fails(&[&s0, &write("one.games", one.as_bytes())]);
    assert!(e.contains("incomplete or malformed"), "{e}");
    let name = text.replacen("[B \"random:seed=2\"]", "[B \"random:seed=3\"]", 1);
    let e = merge_fails(&[&s0, &write("name.games", name.as_bytes())]);
    common::assert_has(&e, "player 'random:seed=3' is not in the header");
    let rules = text.replacen("[Rules \"halma8\"]\n[A", "[Rules \"halma10\"]\n[A", 1);
    let e = merge_fails(&[&s0, &write("rules.games", rules.as_bytes())]);
    assert!(e.contains("is of rules halma10"), "{e}");
    // A move the rules forbid, in merge and in resume (both once took it; replay refused).
    let movetext = text.lines().find(|l| l.starts_with("1. ")).unwrap();
    let first_move = movetext.split_whitespace().nth(1).unwrap();
    let edit = movetext.replacen(first_move, "a1-a8", 1);
    let illegal = text.replacen(movetext, &edit, 1);
    let bad = write("illegal.games", illegal.as_bytes());
    let e = merge_fails(&[&s0, &bad]);
    assert!(
        e.contains("illegal.games: game") && e.contains("ply 1:"),
        "{e}"
    );
    let e = fails(&strs(&tiny(
        "halma8",
        "2",
        &[
            "--shard",
            "1/2",
            "--resume",
            "--record",
            bad.to_str().unwrap(),
        ],
    )));
    assert!(e.contains("ply 1:"), "{e}");
    assert_eq!(std::fs::read_to_string(&bad).unwrap(), illegal);
    // An edited Sprt tag: its Check tag refuses it; without a Check (a header written
    // before it), the tag itself is checked.
    let e = merge_fails(&[&write(
        "sprt0.games",
        text.replace("[Games \"4\"]", "[Games \"4\"]\n[Sprt \"elo0=x\"]")
            .as_bytes(),
    )]);
    assert!(e.contains("was edited"), "{e}");
    let unchecked: String = text
        .lines()
        .filter(|l| !l.starts_with("[Check "))
        .map(|l| format!("{l}\n"))
        .collect();
    let sprt = unchecked.replace("[Games \"4\"]", "[Games \"4\"]\n[Sprt \"elo0=x\"]");
    let e = merge_fails(&[&write("sprt.games", sprt.as_bytes())]);
    assert!(e.contains("Sprt tag"), "{e}");
    let e = merge_fails(&[&s0, &write("sprt1.games", sprt.as_bytes())]);
    assert!(e.contains("an edited header"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn resume_reads_a_bounded_record_and_never_erases_another_file() {
    let dir = scratch("hostile-resume");
    let resume = |file: &Path| {
        tiny(
            "halma8",
            "2",
            &["--resume", "--record", file.to_str().unwrap()],
        )
    };
    // A file that is no record is refused, not taken for a torn block and rewritten.
    let notes = dir.join("notes.txt");
    std::fs::write(&notes, "my notes\nno blank line at the end").unwrap();
    let e = fails(&strs(&resume(&notes)));
    assert!(e.contains("incomplete or malformed"), "{e}");
    assert_eq!(
        std::fs::read_to_string(&notes).unwrap(),
        "my notes\nno blank line at the end"
    );
    let long = dir.join("long.games");
    std::fs::write(&long, vec![b'['; 3 << 20]).unwrap();
    let e = fails(&strs(&resume(&long)));
    assert!(e.contains("is longer than 1048576 bytes"), "{e}");
    let e = fails(&strs(&resume(Path::new("/dev/zero"))));
    assert!(e.contains("is not a regular file"), "{e}");
    // A FIFO as the record once blocked --resume's read for ever.
    let fifo = dir.join("fifo.games");
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let e = fails(&strs(&resume(&fifo)));
    assert!(e.contains("is not a regular file"), "{e}");
    // A record saved with a byte-order mark (an editor's) reads as without.
    let s0 = tiny_shard(&dir, "s0.games", "0/2");
    let bom = dir.join("bom.games");
    let text = std::fs::read_to_string(&s0).unwrap();
    std::fs::write(&bom, format!("\u{feff}{text}")).unwrap();
    assert_eq!(merge_json(&[&bom])["games"], 2);
    assert!(ok(&["replay", bom.to_str().unwrap()]).starts_with("game 1 "));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_shard_dir_that_is_a_file_stale_or_in_use_is_refused() {
    let dir = scratch("hostile-shard-dir");
    let sprt = |shard: &str, shared: &Path| {
        tiny(
            "halma8",
            "4",
            &[
                "--sprt",
                "elo0=0",
                "elo1=100",
                "--shard",
                shard,
                "--shard-dir",
                shared.to_str().unwrap(),
            ],
        )
    };
    let file = dir.join("file");
    std::fs::write(&file, "x").unwrap();
    let e = fails(&strs(&sprt("0/2", &file)));
    assert!(e.contains("is not a directory"), "{e}");
    let e = fails(&strs(&sprt("0/2", &file.join("below"))));
    assert!(e.contains("--shard-dir"), "{e}");
    // A stale record of another schedule, and of another split of this one.
    let shared = dir.join("shared");
    ok(&strs(&sprt("1/2", &shared)));
    let stale = dir.join("stale");
    std::fs::create_dir(&stale).unwrap();
    ok(&strs(&tiny(
        "halma8",
        "3",
        &["--record", stale.join("old.games").to_str().unwrap()],
    )));
    let e = fails(&strs(&sprt("0/2", &stale)));
    assert!(e.contains("another schedule"), "{e}");
    let e = fails(&strs(&sprt("0/3", &shared)));
    assert!(e.contains("another split"), "{e}");
    // The same shard started twice: refused while the first holds its record, and
    // without --resume after.
    let e = fails(&strs(&sprt("1/2", &shared)));
    assert!(e.contains("exists: pass --resume"), "{e}");
    let record = std::fs::OpenOptions::new()
        .write(true)
        .open(shared.join("shard-1-of-2.games"))
        .unwrap();
    record.try_lock().unwrap();
    let mut again = sprt("1/2", &shared);
    again.push("--resume".into());
    let e = fails(&strs(&again));
    assert!(e.contains("is in use by another tournament"), "{e}");
    drop(record);
    // The refused 0/3 left its record (a header) behind: a stale file of another split.
    std::fs::remove_file(shared.join("shard-0-of-3.games")).unwrap();
    ok(&strs(&again));
    std::fs::remove_dir_all(&dir).unwrap();
}
