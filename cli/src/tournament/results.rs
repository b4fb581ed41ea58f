//! The standings: per pairing (two-player games) wins, draws, losses, score, Elo with its
//! 95% interval and the pentanomial counts of game pairs; per player the total score and
//! the forfeits; as a table or JSON.

use super::stats::elo_interval;
use crate::record::GameRecord;
use halma_engine::games::halma::notation::side_letter;
use serde::Serialize;
use std::collections::BTreeMap;

/// One pairing's results from the first player's view.
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct Pairing {
    /// The first player.
    pub player: String,
    /// The second player.
    pub opponent: String,
    /// Games finished.
    pub games: u64,
    /// Wins of the first player.
    pub wins: u64,
    /// Draws.
    pub draws: u64,
    /// Losses of the first player.
    pub losses: u64,
    /// The first player's score share (0..=1).
    pub score: f64,
    /// Elo difference (first player minus second) and its 95% interval.
    pub elo: Option<f64>,
    /// Lower end of the interval.
    pub elo_low: Option<f64>,
    /// Upper end of the interval.
    pub elo_high: Option<f64>,
    /// Completed game pairs by the first player's pair score 0, ½, 1, 1½, 2.
    pub pentanomial: [u64; 5],
}

/// One player's totals.
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct PlayerTotal {
    /// The player.
    pub name: String,
    /// Games played.
    pub games: u64,
    /// Points scored.
    pub points: f64,
    /// Games it forfeited (crash, hang, time, illegal move, failed start).
    pub forfeits: u64,
}

/// The standings of a set of finished games.
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct Standings {
    /// Games finished.
    pub games: u64,
    /// Per pairing (two-player games only).
    pub pairings: Vec<Pairing>,
    /// Per player, in the order given.
    pub players: Vec<PlayerTotal>,
}

/// Loss (0), draw (1) or win (2) of a two-player game, from one side's score.
fn outcome(score: f64) -> usize {
    if score > 0.75 {
        2
    } else if score < 0.25 {
        0
    } else {
        1
    }
}

/// Standings of `games` among `players` (names in order).
pub fn standings(players: &[String], games: &[GameRecord]) -> Standings {
    let index = |name: &str| players.iter().position(|p| p == name);
    let mut totals: Vec<PlayerTotal> = players
        .iter()
        .map(|n| PlayerTotal {
            name: n.clone(),
            ..PlayerTotal::default()
        })
        .collect();
    let mut pairings: BTreeMap<(usize, usize), Pairing> = BTreeMap::new();
    let mut pairs: BTreeMap<usize, Vec<f64>> = BTreeMap::new();
    for g in games {
        let seats: Vec<Option<usize>> = g.players.iter().map(|n| index(n)).collect();
        for (seat, p) in seats.iter().enumerate() {
            let Some(p) = *p else { continue };
            totals[p].games += 1;
            totals[p].points += g.scores[seat];
            let prefix = format!("{} (", side_letter(seat));
            if g.reason.starts_with(&prefix) && g.reason.contains(") forfeits:") {
                totals[p].forfeits += 1;
            }
        }
        let (Some(a), Some(b)) = (seats[0], seats.get(1).copied().flatten()) else {
            continue;
        };
        if g.players.len() != 2 {
            continue;
        }
        // Seen from the first player in the list order.
        let (first, score) = if a < b {
            ((a, b), g.scores[0])
        } else {
            ((b, a), g.scores[1])
        };
        let entry = pairings.entry(first).or_insert_with(|| Pairing {
            player: players[first.0].clone(),
            opponent: players[first.1].clone(),
            ..Pairing::default()
        });
        entry.games += 1;
        match outcome(score) {
            2 => entry.wins += 1,
            1 => entry.draws += 1,
            _ => entry.losses += 1,
        }
        entry.score += score;
        pairs.entry(g.pair).or_default().push(score);
    }
    // Complete pairs, credited to their pairing.
    let mut pair_owner: BTreeMap<usize, (usize, usize)> = BTreeMap::new();
    for g in games.iter().filter(|g| g.players.len() == 2) {
        if let (Some(a), Some(b)) = (index(&g.players[0]), index(&g.players[1])) {
            pair_owner.insert(g.pair, (a.min(b), a.max(b)));
        }
    }
    for (pair, scores) in &pairs {
        if scores.len() == 2 {
            let key = pair_owner[pair];
            let bucket = ((scores[0] + scores[1]) * 2.0).round() as usize;
            pairings.get_mut(&key).expect("seen above").pentanomial[bucket.min(4)] += 1;
        }
    }
    let pairings = pairings
        .into_values()
        .map(|mut p| {
            let pent: Vec<f64> = p.pentanomial.iter().map(|&n| n as f64).collect();
            let tri = [p.losses as f64, p.draws as f64, p.wins as f64];
            let interval = if p.pentanomial.iter().sum::<u64>() > 0 {
                elo_interval(&pent)
            } else {
                elo_interval(&tri)
            };
            if let Some((e, lo, hi)) = interval {
                (p.elo, p.elo_low, p.elo_high) = (Some(e), Some(lo), Some(hi));
            }
            p.score /= p.games.max(1) as f64;
            p
        })
        .collect();
    Standings {
        games: games.len() as u64,
        pairings,
        players: totals,
    }
}

/// An Elo value for the table: `+12.3`, `+inf`, `-inf`.
fn elo_text(e: Option<f64>) -> String {
    match e {
        Some(e) if e.is_finite() => format!("{e:+.1}"),
        Some(e) if e > 0.0 => "+inf".into(),
        Some(_) => "-inf".into(),
        None => "-".into(),
    }
}

impl Standings {
    /// The standings as a text table.
    pub fn table(&self) -> String {
        let mut out = String::new();
        if !self.pairings.is_empty() {
            let width = self
                .pairings
                .iter()
                .map(|p| p.player.len() + p.opponent.len() + 4)
                .max()
                .unwrap_or(0)
                .max(7);
            out += &format!(
                "{:<width$} {:>5} {:>4} {:>4} {:>4} {:>6} {:>7} {:>18}  pairs 0-½-1-1½-2\n",
                "pairing", "games", "W", "D", "L", "score", "elo", "95% interval"
            );
            for p in &self.pairings {
                let interval = format!("[{}, {}]", elo_text(p.elo_low), elo_text(p.elo_high));
                let pent: Vec<String> = p.pentanomial.iter().map(u64::to_string).collect();
                out += &format!(
                    "{:<width$} {:>5} {:>4} {:>4} {:>4} {:>5.1}% {:>7} {:>18}  {}\n",
                    format!("{} vs {}", p.player, p.opponent),
                    p.games,
                    p.wins,
                    p.draws,
                    p.losses,
                    100.0 * p.score,
                    elo_text(p.elo),
                    interval,
                    pent.join("-")
                );
            }
            out.push('\n');
        }
        let width = self
            .players
            .iter()
            .map(|p| p.name.len())
            .max()
            .unwrap_or(0)
            .max(6);
        out += &format!(
            "{:<width$} {:>5} {:>7} {:>8}\n",
            "player", "games", "points", "forfeits"
        );
        for p in &self.players {
            out += &format!(
                "{:<width$} {:>5} {:>7.2} {:>8}\n",
                p.name, p.games, p.points, p.forfeits
            );
        }
        out
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A finished game of `pair` between `players`, with their `scores`, as the standings
    /// read it (no moves).
    pub(crate) fn game(
        pair: usize,
        players: [&str; 2],
        scores: [f64; 2],
        reason: &str,
    ) -> GameRecord {
        GameRecord {
            game: 0,
            pair,
            rules: "halma8".into(),
            players: players.map(String::from).to_vec(),
            time_control: "-".into(),
            opening: 1,
            start: String::new(),
            scores: scores.to_vec(),
            reason: reason.into(),
            moves: Vec::new(),
        }
    }

    #[test]
    fn pairings_count_results_and_pairs_from_the_first_players_view() {
        let players = ["x".to_string(), "y".to_string()];
        let games = [
            game(1, ["x", "y"], [1.0, 0.0], "A wins"),
            game(1, ["y", "x"], [0.5, 0.5], "draw by repetition"),
            game(2, ["x", "y"], [0.0, 1.0], "A (x) forfeits: hung"),
            game(2, ["y", "x"], [0.0, 1.0], "B wins"),
            game(3, ["x", "y"], [1.0, 0.0], "A wins"),
        ];
        let s = standings(&players, &games);
        let p = &s.pairings[0];
        assert_eq!((p.games, p.wins, p.draws, p.losses), (5, 3, 1, 1));
        assert!((p.score - 3.5 / 5.0).abs() < 1e-12);
        // Pair 1: 1 + ½ = 1½; pair 2: 0 + 1 = 1; pair 3 incomplete.
        assert_eq!(p.pentanomial, [0, 0, 1, 1, 0]);
        assert_eq!(s.players[0].forfeits, 1);
        assert_eq!(s.players[1].forfeits, 0);
        assert!((s.players[0].points - 3.5).abs() < 1e-12);
        assert!(s.table().contains("x vs y"));
    }
}
