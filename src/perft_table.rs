//! The family's perft tables, `positions/perft/family/<game>.txt`: one position a line,
//! `<position text>; D1 <count>; D2 <count>; …`, `#` for comments.

use halma_engine::game::Game;
use halma_engine::perft::perft;
use std::path::Path;

/// The lines of the table of `game` (`embargo`, `legrec`, `renpaarden`): each position
/// text and its counts by depth, from depth 1; panics on a malformed line or missing file.
pub fn family_perft_table(game: &str) -> Vec<(String, Vec<u64>)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("positions/perft/family")
        .join(format!("{game}.txt"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|line| {
            let mut fields = line.split(';').map(str::trim);
            let position = fields.next().unwrap().to_string();
            let counts = fields
                .enumerate()
                .map(|(i, f)| {
                    let (d, n) = f.split_once(' ').unwrap();
                    assert_eq!(d, format!("D{}", i + 1), "{line}");
                    n.parse().unwrap()
                })
                .collect();
            (position, counts)
        })
        .collect()
}

/// A table line for `pos`: its text, then its counts from depth 1 on, up to `max_depth` or
/// the first count above `limit` or of 0 (what the tests' `print_perft_table` print).
pub fn table_line<P: Game>(pos: &mut P, max_depth: u32, limit: u64) -> String {
    let mut line = pos.to_text();
    for depth in 1..=max_depth {
        let n = perft(pos, depth);
        line += &format!(" ; D{depth} {n}");
        if n > limit || n == 0 {
            break;
        }
    }
    line
}
