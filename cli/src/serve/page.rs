//! The page `halma serve` serves at `/`: plain HTML, CSS and JavaScript in one file,
//! compiled into the binary (no CDN, no build step, works offline).

/// The page.
pub const HTML: &str = include_str!("page.html");
