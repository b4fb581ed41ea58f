//! The tournament's report: the standings table and the SPRT's verdict, or one JSON
//! object; `halma tournament merge` prints the same report over the shards' records.

use super::results;
use super::stats::{Sprt, Verdict};
use crate::record::GameRecord;
use crate::shard::Shard;
use halma_engine::Error;
use serde::Serialize;

/// The SPRT's state, for the report.
#[derive(Serialize)]
struct SprtReport {
    elo0: f64,
    elo1: f64,
    alpha: f64,
    beta: f64,
    llr: f64,
    lower: f64,
    upper: f64,
    verdict: &'static str,
}

/// The `--json` output.
#[derive(Serialize)]
struct Report<'a> {
    rules: String,
    scheduled: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    shard: Option<String>,
    #[serde(flatten)]
    standings: &'a results::Standings,
    sprt: Option<SprtReport>,
}

/// What a tournament's report says besides the standings.
pub struct Summary {
    /// The rules, text form.
    pub rules: String,
    /// The games of the whole schedule.
    pub scheduled: usize,
    /// The shard, if the report is one shard's.
    pub shard: Option<String>,
    /// The line above the table (`24 of 24 games, rules halma8`).
    pub line: String,
    /// The SPRT and its last state, if one was run.
    pub sprt: Option<(Sprt, (f64, Verdict))>,
    /// Whether the SPRT counted the other shards' games too.
    pub pooled: bool,
}

/// The line above the table: `finished` games of the `mine` this shard plays, of the
/// `scheduled` games of the whole schedule (`24 of 24 games, rules halma8`).
pub(super) fn line(
    finished: usize,
    mine: usize,
    scheduled: usize,
    shard: Shard,
    rules: &str,
) -> String {
    match shard == Shard::WHOLE {
        true => format!("{finished} of {scheduled} games, rules {rules}"),
        false => format!(
            "{finished} of {mine} games of shard {shard} ({scheduled} in the schedule), rules \
             {rules}"
        ),
    }
}

/// The SPRT of `summary` and its last state, as the report gives them.
fn sprt_report(summary: &Summary) -> Option<SprtReport> {
    summary.sprt.map(|(s, (llr, v))| {
        let (lower, upper) = s.bounds();
        SprtReport {
            elo0: s.elo0,
            elo1: s.elo1,
            alpha: s.alpha,
            beta: s.beta,
            llr,
            lower,
            upper,
            verdict: match v {
                Verdict::H0 => "H0",
                Verdict::H1 => "H1",
                Verdict::Open => "open",
            },
        }
    })
}

/// The report as text: the summary's line, the table, and the SPRT's line if one was run.
fn text(summary: &Summary, standings: &results::Standings, sprt: Option<&SprtReport>) -> String {
    let mut text = format!("\n{}\n{}", summary.line, standings.table());
    if let Some(s) = sprt {
        text += &format!(
            "{}SPRT elo0={} elo1={} alpha={} beta={}: LLR {:.2} ({:.2}, {:.2}) {}\n",
            if summary.pooled { "pooled " } else { "" },
            s.elo0,
            s.elo1,
            s.alpha,
            s.beta,
            s.llr,
            s.lower,
            s.upper,
            s.verdict
        );
    }
    text
}

/// Prints a tournament's result: the table of the `finished` games among the players
/// `names`, and the SPRT's verdict if one was run (one JSON object with `json`).
pub fn report(
    json: bool,
    summary: &Summary,
    names: &[String],
    finished: &[GameRecord],
) -> Result<(), Error> {
    let standings = results::standings(names, finished);
    let sprt = sprt_report(summary);
    if json {
        return crate::output::print_json(&Report {
            rules: summary.rules.clone(),
            scheduled: summary.scheduled,
            shard: summary.shard.clone(),
            standings: &standings,
            sprt,
        });
    }
    crate::output::out(format_args!("{}", text(summary, &standings, sprt.as_ref())));
    Ok(())
}

/// The LLR and verdict of `sprt` on the first pairing of `games` among `names`.
pub fn sprt_of(sprt: Sprt, names: &[String], games: &[GameRecord]) -> (f64, Verdict) {
    let standings = results::standings(names, games);
    let pent = standings.pairings.first().map_or([0; 5], |p| p.pentanomial);
    sprt.test(&pent)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::results::tests::game;

    /// Four pairs of games that `x` wins in both seats against `y`.
    fn sweep() -> Vec<GameRecord> {
        (1..=4)
            .flat_map(|pair| {
                [
                    game(pair, ["x", "y"], [1.0, 0.0], "A wins"),
                    game(pair, ["y", "x"], [0.0, 1.0], "B wins"),
                ]
            })
            .collect()
    }

    fn summary(shard: Option<&str>, sprt: Option<(Sprt, (f64, Verdict))>) -> Summary {
        Summary {
            rules: "halma8".into(),
            scheduled: 8,
            shard: shard.map(String::from),
            line: "8 of 8 games, rules halma8".into(),
            sprt,
            pooled: true,
        }
    }

    #[test]
    fn the_line_counts_the_shards_games_and_the_schedules() {
        assert_eq!(
            line(3, 8, 8, Shard::WHOLE, "halma8"),
            "3 of 8 games, rules halma8"
        );
        assert_eq!(
            line(1, 4, 8, Shard { index: 1, count: 2 }, "embargo"),
            "1 of 4 games of shard 1/2 (8 in the schedule), rules embargo"
        );
    }

    #[test]
    fn the_sprt_counts_the_pairs_of_the_first_pairing() {
        let names = ["x".to_string(), "y".to_string()];
        let sprt = Sprt::parse(&["elo0=0".into(), "elo1=5".into()]).unwrap();
        let (llr, verdict) = sprt_of(sprt, &names, &sweep());
        assert_eq!((llr, verdict), sprt.test(&[0, 0, 0, 0, 4]));
        assert!(llr > 0.0);
        assert_eq!(sprt_of(sprt, &names, &[]), sprt.test(&[0; 5]));
        // From y's view the same games are four lost pairs.
        let (back, _) = sprt_of(sprt, &["y".to_string(), "x".to_string()], &sweep());
        assert_eq!(back, sprt.test(&[4, 0, 0, 0, 0]).0);
        assert!(back < 0.0);
    }

    #[test]
    fn the_report_gives_the_table_and_the_sprt_as_text_or_json() {
        let names = ["x".to_string(), "y".to_string()];
        let standings = results::standings(&names, &sweep());
        let sprt = Sprt::parse(&["elo0=0".into(), "elo1=5".into()]).unwrap();
        let plain = summary(None, None);
        let text = text(&plain, &standings, sprt_report(&plain).as_ref());
        assert_eq!(
            text,
            format!("\n8 of 8 games, rules halma8\n{}", standings.table())
        );
        let decided = summary(Some("0/2"), Some((sprt, (2.72413, Verdict::H1))));
        let report = sprt_report(&decided).unwrap();
        let (lower, upper) = sprt.bounds();
        assert_eq!(
            (report.lower, report.upper, report.verdict),
            (lower, upper, "H1")
        );
        let with = super::text(&decided, &standings, Some(&report));
        let last = with.lines().last().unwrap();
        assert_eq!(
            last,
            format!(
                "pooled SPRT elo0=0 elo1=5 alpha=0.05 beta=0.05: LLR 2.72 ({lower:.2}, \
                 {upper:.2}) H1"
            )
        );
        let json = |summary: &Summary| {
            serde_json::to_value(Report {
                rules: summary.rules.clone(),
                scheduled: summary.scheduled,
                shard: summary.shard.clone(),
                standings: &standings,
                sprt: sprt_report(summary),
            })
            .unwrap()
        };
        let plain = json(&plain);
        assert!(plain.get("shard").is_none());
        assert_eq!(plain["sprt"], serde_json::Value::Null);
        assert_eq!(
            (plain["rules"].as_str(), plain["scheduled"].as_u64()),
            (Some("halma8"), Some(8))
        );
        assert_eq!(
            plain["pairings"][0]["pentanomial"],
            serde_json::json!([0, 0, 0, 0, 4])
        );
        let decided = json(&decided);
        assert_eq!(decided["shard"], "0/2");
        assert_eq!(decided["sprt"]["verdict"], "H1");
        assert_eq!(decided["sprt"]["llr"], 2.72413);
        let open = summary(None, Some((sprt, (0.0, Verdict::Open))));
        assert_eq!(sprt_report(&open).unwrap().verdict, "open");
        let h0 = summary(None, Some((sprt, (-3.0, Verdict::H0))));
        assert_eq!(sprt_report(&h0).unwrap().verdict, "H0");
    }
}
