//! Solves Le Grec and prints what `docs/games/legrec.md` ("Le Grec solved") reports: the
//! build time, the census of all and of reachable states, the start's value and a perfect
//! game replayed through the normal make/status code.
//!
//! `cargo run --release --example legrec_solve`

use halma_engine::game::status_text;
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
