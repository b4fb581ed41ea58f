//! The engine settings table (`halma_cli::settings`) on every surface that configures an
//! engine: UGI and CCP options, player specifications (tournament, course), and the flags
//! of `analyse`, `bench` and `serve`. Each surface takes each setting under its own
//! spelling of the one name, and refuses a value out of bounds with the table's reason.

use halma_cli::player_spec::PlayerSpec;
use halma_cli::settings::{Setting, SETTINGS};
use std::io::Write;
use std::process::{Command, Stdio};

/// A good and a bad value of each setting (for the weights, of the weight `race`).
fn values(setting: &Setting) -> (&'static str, &'static str) {
    match setting.name {
        "hash" => ("8", "0"),
        "threads" => ("2", "257"),
        "multipv" => ("3", "257"),
        "multi" => ("paranoid", "maxn"),
        "finish" | "pruning" | "lmp" | "nmp" => ("off", "maybe"),
        "weight" => ("50", "99999999999"),
        other => panic!("no test values for the setting '{other}': add them"),
    }
}

/// The weight the tests set.
const WEIGHT: &str = "race";

/// The table's reason for refusing the bad value of `setting`.
fn reason(setting: &Setting) -> String {
    let weight = setting.is_weight().then_some(WEIGHT);
    setting
        .refusal(weight, values(setting).1)
        .expect("the bad value is refused")
}

/// The answers of `halma <protocol>` to the `setoption` of each setting's good and bad
/// value, then `isready`.
fn protocol_errors(protocol: &str) -> Vec<String> {
    let mut input = String::new();
    for setting in &SETTINGS {
        let name = match setting.is_weight() {
            true => format!("{} {WEIGHT}", setting.ugi),
            false => setting.ugi.to_string(),
        };
        let (good, bad) = values(setting);
        input +=
            &format!("setoption name {name} value {good}\nsetoption name {name} value {bad}\n");
    }
    input += "isready\n";
    let mut child = Command::new(env!("CARGO_BIN_EXE_halma"))
        .arg(protocol)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.ends_with("readyok\n"), "{text}");
    text.lines()
        .filter(|l| l.starts_with("info string error"))
        .map(String::from)
        .collect()
}

#[test]
fn ugi_and_ccp_take_every_setting_and_refuse_each_bad_value_naming_the_option() {
    for protocol in ["ugi", "ccp"] {
        let errors = protocol_errors(protocol);
        let wanted: Vec<String> = SETTINGS
            .iter()
            .map(|s| {
                let name = match s.is_weight() {
                    true => format!("{} {WEIGHT}", s.ugi),
                    false => s.ugi.to_string(),
                };
                format!("info string error argument: {name}: {}", reason(s))
            })
            .collect();
        // One error per setting, for its bad value: every good value was taken.
        assert_eq!(errors, wanted, "{protocol}");
    }
}

#[test]
fn the_ugi_declarations_come_from_the_table() {
    let out = Command::new(env!("CARGO_BIN_EXE_halma"))
        .arg("ugi")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            child.stdin.take().unwrap().write_all(b"ugi\n")?;
            child.wait_with_output()
        })
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    for setting in &SETTINGS {
        let name = match setting.is_weight() {
            true => format!("{} {WEIGHT}", setting.ugi),
            false => setting.ugi.to_string(),
        };
        assert!(
            text.contains(&format!("option name {name} type")),
            "{name} not declared: {text}"
        );
    }
    crate::common::assert_has(&text, "option name Threads type spin default");
    assert!(text.contains("min 1 max 256\n"), "{text}");
}

#[test]
fn player_specifications_take_every_setting_and_refuse_each_bad_value() {
    for setting in &SETTINGS {
        let key = match setting.is_weight() {
            true => format!("weight.{WEIGHT}"),
            false => setting.name.to_string(),
        };
        let (good, bad) = values(setting);
        let kinds: &[&str] = if setting.alphabeta_only {
            &["alphabeta"]
        } else {
            &["alphabeta", "mcts"]
        };
        for kind in kinds {
            PlayerSpec::parse(&format!("{kind}:{key}={good}")).unwrap();
            let text = format!("{kind}:{key}={bad}");
            let err = PlayerSpec::parse(&text).unwrap_err().to_string();
            assert_eq!(
                err,
                format!("argument: player '{text}': {key}: {}", reason(setting))
            );
        }
        if setting.alphabeta_only {
            let err = PlayerSpec::parse(&format!("mcts:{key}={good}")).unwrap_err();
            assert!(err.to_string().contains("unknown option"), "{err}");
        }
    }
}

/// The flags of a command, parsed as `halma <args…>` would parse them.
fn parse<A: clap::Args>(args: &[String]) -> Result<(), String> {
    let command = A::augment_args(clap::Command::new("halma"));
    command
        .try_get_matches_from(std::iter::once("halma".to_string()).chain(args.iter().cloned()))
        .map(|_| ())
        .map_err(|e| e.to_string())
}

#[test]
fn analyse_bench_and_serve_take_every_setting_as_a_flag_and_refuse_each_bad_value() {
    for setting in &SETTINGS {
        let flag = format!("--{}", setting.flag());
        let (good, bad) = values(setting);
        let (good, bad) = match setting.is_weight() {
            true => (format!("{WEIGHT}={good}"), format!("{WEIGHT}={bad}")),
            false => (good.to_string(), bad.to_string()),
        };
        let good = [flag.clone(), good];
        let bad = [flag.clone(), bad];
        for (command, accepted, refused) in [
            (
                "analyse",
                parse::<halma_cli::analyse::AnalyseArgs>(&good),
                parse::<halma_cli::analyse::AnalyseArgs>(&bad),
            ),
            (
                "bench",
                parse::<halma_cli::bench::BenchArgs>(&good),
                parse::<halma_cli::bench::BenchArgs>(&bad),
            ),
            (
                "serve",
                parse::<halma_cli::serve::ServeArgs>(&good),
                parse::<halma_cli::serve::ServeArgs>(&bad),
            ),
        ] {
            assert_eq!(accepted, Ok(()), "{command} {good:?}");
            let err = refused.unwrap_err();
            assert!(err.contains(&reason(setting)), "{command} {bad:?}: {err}");
        }
    }
}
