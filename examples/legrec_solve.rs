//! Solves Le Grec and prints what `docs/games/legrec.md` ("Le Grec solved") reports: the
//! build time, the census of all and of reachable states, the start's value and a perfect
//! game replayed through the normal make/status code.
//!
//! `cargo run --release --example legrec_solve`

use halma_engine::game::{status_text, GameRules};
use halma_engine::games::legrec::Value;
use halma_engine::games::legrec::{text::move_text, LeGrecPosition, Solution};

fn main() {
    let solution = Solution::build();
    println!("built in {:.3} s", solution.build_time().as_secs_f64());
    let all = solution.census();
    println!(
        "all states: {} (wins {}, losses {}, draws {}), longest {} plies",
        all.total(),
        all.wins,
        all.losses,
        all.draws,
        all.longest
    );
    let reach = solution.reachable_census();
    println!(
        "reachable states: {} (wins {}, losses {}, draws {}), longest {} plies",
        reach.total(),
        reach.wins,
        reach.losses,
        reach.draws,
        reach.longest
    );
    let start = LeGrecPosition::start();
    println!("start: {}", solution.value(&start));
    for mv in start.legal_moves() {
        println!(
            "  {}: B to move, {}",
            move_text(mv),
            solution.value_after(&start, mv)
        );
    }
    // A position of the longest distance to a forced end.
    if let Some(pos) = longest(&solution, reach.longest) {
        println!(
            "a position of the longest distance:\n{}{}",
            pos.diagram(),
            pos.to_text()
        );
        let line = solution.principal_line(&pos);
        let texts: Vec<String> = line.iter().map(|&m| move_text(m)).collect();
        println!("{}: {}", solution.value(&pos), texts.join(" "));
    }
    let line = solution.principal_line(&start);
    let mut pos = start.clone();
    let mut text = String::new();
    for (i, &mv) in line.iter().enumerate() {
        if i % 2 == 0 {
            text += &format!("{}. ", i / 2 + 1);
        }
        text += &move_text(mv);
        text += if i % 2 == 0 { " " } else { "\n" };
        pos.make(mv);
    }
    println!("{} plies:\n{text}", line.len());
    println!("{}", pos.diagram());
    println!("{} ({})", status_text(pos.status()), pos.to_text());
}

/// A position of `plies` distance to the end, won by the side to move (the first found over
/// all arrangements in order), with 0 passes.
fn longest(solution: &Solution, plies: u32) -> Option<LeGrecPosition> {
    for a in 0..=u16::MAX {
        if a.count_ones() != 7 {
            continue;
        }
        for b in 0..=u16::MAX {
            if b.count_ones() != 7 || a & b != 0 {
                continue;
            }
            for side in 0..2 {
                let v = solution.state_value([a, b], side, 0);
                if v == Value::Win(plies) || v == Value::Loss(plies) {
                    return LeGrecPosition::from_parts([a, b], side, [0, 0], 0).ok();
                }
            }
        }
    }
    None
}
