//! The family's perft tables, `positions/perft/family/<game>.txt`: one position a line,
//! `<position text>; D1 <count>; D2 <count>; …`, `#` for comments.

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
