//! `halma solve --rules legrec`: Le Grec's strong solution (retrograde analysis of every
//! position, docs/solver.md): the value of a position under perfect play, a best move and
//! a perfect game from it.

use halma_engine::game::{play_moves, side_letter, status_text, GameRules};
use halma_engine::games::legrec::{LeGrecPosition, Solution, Value};
use halma_engine::Error;
use serde::Serialize;

/// The result as printed with `--json`.
#[derive(Serialize)]
struct Report {
    rules: &'static str,
    position: String,
    side_to_move: String,
    /// `win`, `loss` or `draw`, for the side to move.
    value: &'static str,
    /// Plies to the end of a won or lost game under perfect play.
    plies: Option<u32>,
    best_move: Option<String>,
    /// A perfect game from the position, to its end.
    line: Vec<String>,
    /// How the perfect game ends.
    line_ends: String,
    states: usize,
    wins: usize,
    losses: usize,
    draws: usize,
    longest: u32,
    build_ms: f64,
}

/// Solves Le Grec and reports on the position of `position` (a whole position text; the
/// start if `None`) after `moves`.
pub fn run(position: Option<&str>, moves: Option<&str>, json: bool) -> Result<(), Error> {
    let mut pos = match position {
        Some(text) => LeGrecPosition::from_text(text)?,
        None => <LeGrecPosition as GameRules>::start(&()),
    };
    let moves: Vec<&str> = moves.unwrap_or("").split_whitespace().collect();
    play_moves(&mut pos, &moves).map_err(|e| Error::Move(format!("--moves, {}", e.message())))?;
    let solution = Solution::build();
    let value = solution.value(&pos);
    let line = solution.principal_line(&pos);
    let mut end = pos.clone();
    for &mv in &line {
        end.make(mv);
    }
    let census = solution.census();
    let report = Report {
        rules: "legrec",
        position: pos.to_text(),
        side_to_move: side_letter(pos.to_move()).to_string(),
        value: match value {
            Value::Win(_) => "win",
            Value::Loss(_) => "loss",
            Value::Draw => "draw",
        },
        plies: value.plies(),
        best_move: solution.best_move(&pos).map(|mv| pos.move_text(mv)),
        line: line_texts(&pos, &line),
        line_ends: status_text(end.status()),
        states: census.total(),
        wins: census.wins,
        losses: census.losses,
        draws: census.draws,
        longest: census.longest,
        build_ms: solution.build_time().as_secs_f64() * 1e3,
    };
    if json {
        return crate::output::print_json(&report);
    }
    println!("rules    legrec (strongly solved by retrograde analysis)");
    println!("position {}", report.position);
    println!("value    {value} for {}", report.side_to_move);
    if let Some(best) = &report.best_move {
        println!("best     {best}");
    }
    println!("line     {}", report.line.join(" "));
    println!("ends     {}", report.line_ends);
    println!(
        "states   {} (side to move wins {}, loses {}, draws {}; longest {} plies)",
        report.states, report.wins, report.losses, report.draws, report.longest
    );
    println!("time_ms  {:.1}", report.build_ms);
    Ok(())
}

/// The texts of `line`, played from `pos`.
fn line_texts(pos: &LeGrecPosition, line: &[halma_engine::Move]) -> Vec<String> {
    let mut pos = pos.clone();
    line.iter()
        .map(|&mv| {
            let text = pos.move_text(mv);
            pos.make(mv);
            text
        })
        .collect()
}
