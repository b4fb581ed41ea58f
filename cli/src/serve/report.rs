//! What a search on the server reports, as the page reads it: the latest iteration
//! ([`Info`]) with its lines ([`Line`]). Filled by a game's table, kept by the searches.

use serde::Serialize;

/// One line of an iteration.
#[derive(Clone, Debug, Serialize)]
pub struct Line {
    /// `+123`, `win 3`, `loss 4`.
    pub score: String,
    /// The score in centimoves for the side to move (±(30000 − plies) when proven).
    pub centimoves: i32,
    /// The moves, texts.
    pub pv: Vec<String>,
    /// The moves, jump paths (for arrows).
    pub paths: Vec<String>,
}

/// The latest iteration of a search.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Info {
    /// Depth.
    pub depth: u32,
    /// Selective depth.
    pub seldepth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Milliseconds since the search started.
    pub time_ms: u64,
    /// The lines, best first (several with multi-PV).
    pub lines: Vec<Line>,
}
