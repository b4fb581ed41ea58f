//! The game-record file: one PGN-like block per finished game, appended as soon as the game
//! ends (docs/game-record.md describes the format).
//!
//! ```text
//! [Game "3"]
//! [Pair "2"]
//! [Rules "halma8"]
//! [A "ab2"]
//! [B "ab3"]
//! [TimeControl "100ms/move"]
//! [Opening "2"]
//! [Start "halma8 4BBBB/5BBB/6BB/7B/A7/AA6/AAA5/AAAA4 A 0,0"]
//! [Result "1-0"]
//! [Reason "A wins"]
//! [Plies "41"]
//!
//! 1. b3-c4 g6-f5 2. c3-e5 f6-d4 … 1-0
//! ```
//!
//! The file begins with a [`Header`] block naming the schedule it belongs to.

pub mod fingerprint;
mod moves;

pub use moves::{check, play_moves};

use crate::shard::Shard;
use crate::text_file::Limits;
use halma_engine::games::halma::notation::side_letter;
use halma_engine::Error;
use std::fmt::Write as _;

/// Most games one tournament schedules (and a record holds): far more than any test needs,
/// few enough that the schedule (a few dozen bytes a game) and the record file stay small.
pub const MAX_GAMES: usize = 1_000_000;

/// Largest ply limit of a game (`--max-plies`): real games end after a few hundred plies;
/// the referee keeps every move of a game in memory.
pub const MAX_PLIES: usize = 100_000;

/// Longest line of a record file, in bytes: a tag holds at most a position or a player's
/// command line, a movetext line 79 characters.
pub const MAX_LINE: usize = 1 << 20;

/// The bounds of reading a record file whole (a million games of a few hundred plies).
pub const LIMITS: Limits = Limits {
    max_bytes: 4 << 30,
    max_line: MAX_LINE,
    what: "a game record",
};

/// One finished game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    /// Its number in the tournament's schedule (from 1).
    pub game: usize,
    /// The number of its group (the games of one opening with the seats rotated).
    pub pair: usize,
    /// The rules, text form.
    pub rules: String,
    /// The players' names in seat order (side A first).
    pub players: Vec<String>,
    /// The time control, as text.
    pub time_control: String,
    /// The opening's number in the openings file (from 1; 0: the start position).
    pub opening: usize,
    /// The position the game started from.
    pub start: String,
    /// Each seat's score (they sum to 1).
    pub scores: Vec<f64>,
    /// Why the game ended.
    pub reason: String,
    /// The moves, from-to text.
    pub moves: Vec<String>,
}

/// A score as text: `1`, `0`, or a fraction `1/2`, `1/3`, ….
pub fn score_text(score: f64) -> String {
    for d in 1..=12u32 {
        let n = score * d as f64;
        if (n - n.round()).abs() < 1e-9 {
            return match d {
                1 => format!("{}", n.round() as u32),
                _ => format!("{}/{d}", n.round() as u32),
            };
        }
    }
    format!("{score:.4}")
}

/// Parses [`score_text`].
fn parse_score(text: &str) -> Option<f64> {
    match text.split_once('/') {
        Some((n, d)) => Some(n.parse::<f64>().ok()? / d.parse::<f64>().ok().filter(|&d| d > 0.0)?),
        None => text.parse().ok(),
    }
}

/// The result as text: the seats' scores joined by `-` (`1-0`, `1/2-1/2`, `0-1-0-0`).
pub fn result_text(scores: &[f64]) -> String {
    let parts: Vec<String> = scores.iter().map(|&s| score_text(s)).collect();
    parts.join("-")
}

fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace('"', "\\\"")
}

impl GameRecord {
    /// One line about the game: number, players, result, reason, plies.
    pub fn summary(&self) -> String {
        format!(
            "game {} {}: {} ({}, {} plies)",
            self.game,
            self.players.join(" vs "),
            result_text(&self.scores),
            self.reason,
            self.moves.len()
        )
    }

    /// The record as text, ending with a blank line.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let mut tag = |key: &str, value: &str| {
            let _ = writeln!(out, "[{key} \"{}\"]", escape(value));
        };
        tag("Game", &self.game.to_string());
        tag("Pair", &self.pair.to_string());
        tag("Rules", &self.rules);
        for (seat, name) in self.players.iter().enumerate() {
            tag(&side_letter(seat).to_string(), name);
        }
        tag("TimeControl", &self.time_control);
        tag("Opening", &self.opening.to_string());
        tag("Start", &self.start);
        tag("Result", &result_text(&self.scores));
        tag("Reason", &self.reason);
        tag("Plies", &self.moves.len().to_string());
        out.push('\n');
        let sides = self.players.len().max(1);
        let mut line = String::new();
        let mut tokens: Vec<String> = Vec::new();
        for (i, mv) in self.moves.iter().enumerate() {
            if i % sides == 0 {
                tokens.push(format!("{}.", i / sides + 1));
            }
            tokens.push(mv.clone());
        }
        tokens.push(result_text(&self.scores));
        for token in tokens {
            if !line.is_empty() && line.len() + 1 + token.len() > 79 {
                out += &line;
                out.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line += &token;
        }
        out += &line;
        out += "\n\n";
        out
    }
}

/// Parses one `[Key "Value"]` line.
fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?;
    let (key, rest) = inner.split_once(' ')?;
    let rest = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    let mut value = String::new();
    let mut chars = rest.chars();
    while let Some(c) = chars.next() {
        value.push(if c == '\\' { chars.next()? } else { c });
    }
    Some((key.to_string(), value))
}

/// The header block a record file begins with: what fixes its tournament's games, so that
/// a resume or a merge can tell records of the same schedule from others.
///
/// ```text
/// [Schedule "6a09e667f3bcc908"]
/// [Shard "0/4"]
/// [Rules "halma8"]
/// [Games "24"]
/// [Player "ab1"]
/// [Player "random"]
/// [Sprt "elo0=0 elo1=10 alpha=0.05 beta=0.05"]
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Header {
    /// The schedule fingerprint (16 hex digits, [`fingerprint`]).
    pub schedule: String,
    /// The shard whose record this is (`0/1`: the whole tournament).
    pub shard: Shard,
    /// The rules, text form.
    pub rules: String,
    /// The number of games in the whole schedule.
    pub games: usize,
    /// The players' names, in the order given.
    pub players: Vec<String>,
    /// The SPRT's parameters (`elo0=… elo1=… alpha=… beta=…`), if one is run.
    pub sprt: Option<String>,
}

impl Header {
    /// The header as text, ending with a blank line.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let mut tag = |key: &str, value: &str| {
            let _ = writeln!(out, "[{key} \"{}\"]", escape(value));
        };
        tag("Schedule", &self.schedule);
        tag("Shard", &self.shard.to_string());
        tag("Rules", &self.rules);
        tag("Games", &self.games.to_string());
        for name in &self.players {
            tag("Player", name);
        }
        if let Some(sprt) = &self.sprt {
            tag("Sprt", sprt);
        }
        tag("Check", &self.check());
        out.push('\n');
        out
    }

    /// The header's own checksum, its `Check` tag: the [`fingerprint`] of its other
    /// tags, so that an edit of any of them (the fingerprint above all, which a merge of one
    /// file has no other file to compare with) is caught when the file is read.
    pub fn check(&self) -> String {
        let mut fields = vec![
            ("schedule", self.schedule.clone()),
            ("shard", self.shard.to_string()),
            ("rules", self.rules.clone()),
            ("games", self.games.to_string()),
        ];
        fields.extend(self.players.iter().map(|p| ("player", p.clone())));
        fields.push(("sprt", self.sprt.clone().unwrap_or_default()));
        fingerprint::fingerprint(fields)
    }

    /// A header from its tags, if they are one.
    fn build(tags: &[(String, String)]) -> Option<Header> {
        let get = |key: &str| tags.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone());
        let schedule = get("Schedule")?;
        if schedule.len() != 16 || !schedule.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        Some(Header {
            schedule,
            shard: Shard::parse(&get("Shard")?).ok()?,
            rules: get("Rules")?,
            games: get("Games")?.parse().ok().filter(|&n| n <= MAX_GAMES)?,
            players: tags
                .iter()
                .filter(|(k, _)| k == "Player")
                .map(|(_, v)| v.clone())
                .collect(),
            sprt: get("Sprt"),
        })
    }

    /// Why `other` is not a record of the same tournament and split as this one, if it is
    /// not: another schedule, another number of shards, or the same fingerprint with
    /// other rules, size, players or SPRT (an edited header).
    pub fn differs(&self, other: &Header) -> Option<String> {
        if other.schedule != self.schedule {
            return Some(format!(
                "another schedule (fingerprint {}, against {}): other rules, openings, \
                 players, rounds, clock or SPRT",
                other.schedule, self.schedule
            ));
        }
        if other.shard.count != self.shard.count {
            return Some(format!(
                "shard {} of another split than shard {}: merge the shards of one split",
                other.shard, self.shard
            ));
        }
        let same = other.rules == self.rules
            && other.games == self.games
            && other.players == self.players
            && other.sprt == self.sprt;
        (!same).then(|| {
            "the same fingerprint but another Rules, Games, Player or Sprt tag: an edited \
             header"
                .to_string()
        })
    }

    /// Why `game` cannot be a game of this header's shard, if it cannot: a number outside
    /// the schedule, a pair not the shard's, other rules, or a player not in the header.
    pub fn misfit(&self, game: &GameRecord) -> Option<String> {
        let g = game;
        if g.game == 0 || g.game > self.games {
            return Some(format!(
                "game {} is outside the schedule (games 1 to {})",
                g.game, self.games
            ));
        }
        // A group (pair) holds one game per seat order: as many games as seats.
        let group = g.players.len().max(1);
        if g.pair != (g.game - 1) / group + 1 || !self.shard.owns(g.pair - 1) {
            return Some(format!(
                "game {} (pair {}) is not one of shard {}'s",
                g.game, g.pair, self.shard
            ));
        }
        if g.rules != self.rules {
            return Some(format!(
                "game {} is of rules {}, the header's are {}",
                g.game, g.rules, self.rules
            ));
        }
        g.players
            .iter()
            .find(|p| !self.players.contains(p))
            .map(|p| format!("game {}'s player '{p}' is not in the header", g.game))
    }
}

/// A record file as read: its header (none in a file written before headers), its
/// complete games, and where its complete blocks end.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RecordFile {
    /// The header block, if the file has one.
    pub header: Option<Header>,
    /// The complete games, in file order.
    pub games: Vec<GameRecord>,
    /// Bytes of the text up to the end of its last complete block.
    pub complete: usize,
    /// The line where a last block cut short begins, if there is one.
    pub torn: Option<usize>,
}

/// Parses every game of a record file. A last block cut short (an interrupted write: the
/// file does not end with the blank line that closes every record) is ignored; anything
/// else malformed is an error naming the line where its block starts.
/// Unlike a tournament's own files, these may hold games that are not over (the web page's
/// records: result `0-0`, reason `unfinished`).
pub fn parse_records(text: &str) -> Result<Vec<GameRecord>, Error> {
    parse_blocks(text, 1, Unfinished::Allowed).map(|file| file.games)
}

/// Whether a record may hold a game that is not over: result `0-0`, reason
/// [`UNFINISHED`].
#[derive(Clone, Copy, PartialEq, Eq)]
enum Unfinished {
    Allowed,
    Refused,
}

/// The reason of a game that is not over (the web page's records); a tournament never
/// writes one, and its merge and resume refuse it.
pub const UNFINISHED: &str = "unfinished";

/// Parses a record file: an optional header block first, then game blocks. A last block cut
/// short (one that begins with a tag line) is left out and reported in
/// [`RecordFile::torn`]; anything else malformed (a result that does not give out one
/// point, a line longer than [`MAX_LINE`]) is an error naming the line where its block
/// starts. `first_line` numbers the text's first line
/// (the text may be the tail of a file).
pub fn parse_file_from(text: &str, first_line: usize) -> Result<RecordFile, Error> {
    parse_blocks(text, first_line, Unfinished::Refused)
}

/// Most tag lines of one block (a game has a dozen and one per seat).
const MAX_TAGS: usize = 10_000;
/// Most movetext lines of one block (a game of the longest ply limit, one move a line).
const MAX_MOVETEXT_LINES: usize = 2 * MAX_PLIES;

/// One line of a record's text: without its end (and a `\r` before it), its number, and
/// the byte offset just past its end.
#[derive(Clone, Copy)]
struct Line<'a> {
    text: &'a str,
    number: usize,
    end: usize,
}

impl Line<'_> {
    fn blank(&self) -> bool {
        self.text.trim().is_empty()
    }
}

/// The lines of a text, one at a time with one of look-ahead, so that parsing holds one
/// block at a time, never an index of every line (a file of millions of empty lines once
/// took 24 bytes a line before its first block was looked at).
struct Lines<'a> {
    rest: &'a str,
    offset: usize,
    number: usize,
    peeked: Option<Line<'a>>,
}

impl<'a> Lines<'a> {
    /// The lines of `text`, numbered from `first_line`; a byte-order mark before the first
    /// line is skipped, its bytes counted in the offsets (a resume cuts the file there).
    fn new(text: &'a str, first_line: usize) -> Self {
        let body = crate::text_file::without_bom(text);
        Lines {
            rest: body,
            offset: text.len() - body.len(),
            number: first_line,
            peeked: None,
        }
    }

    /// The next line, not consumed; an error for one longer than [`MAX_LINE`].
    fn peek(&mut self) -> Result<Option<Line<'a>>, Error> {
        if self.peeked.is_none() && !self.rest.is_empty() {
            let len = self.rest.find('\n').map_or(self.rest.len(), |i| i + 1);
            let (piece, rest) = self.rest.split_at(len);
            if piece.len() > MAX_LINE + 2 {
                return Err(Error::Argument(format!(
                    "line {} is longer than {MAX_LINE} bytes: not a game record",
                    self.number
                )));
            }
            self.rest = rest;
            self.offset += len;
            let text = piece.strip_suffix('\n').unwrap_or(piece);
            self.peeked = Some(Line {
                text: text.strip_suffix('\r').unwrap_or(text),
                number: self.number,
                end: self.offset,
            });
            self.number += 1;
        }
        Ok(self.peeked)
    }

    /// Consumes the line [`Lines::peek`] gave.
    fn advance(&mut self) {
        self.peeked = None;
    }
}

/// [`parse_file_from`], with or without games that are not over.
fn parse_blocks(
    text: &str,
    first_line: usize,
    unfinished: Unfinished,
) -> Result<RecordFile, Error> {
    let mut file = RecordFile::default();
    let mut lines = Lines::new(text, first_line);
    loop {
        while lines.peek()?.is_some_and(|l| l.blank()) {
            lines.advance();
        }
        let Some(head) = lines.peek()? else {
            break;
        };
        let first = head.number;
        let too_long = || {
            Error::Argument(format!(
                "the block starting at line {first} is longer than a game record can be"
            ))
        };
        // Every block begins with a tag: one that does not is no record cut short, but
        // another kind of file (never dropped as torn, so a resume cannot erase it).
        let tagged = head.text.starts_with('[');
        let mut tags = Vec::new();
        let mut well_formed = true;
        while let Some(line) = lines.peek()?.filter(|l| l.text.starts_with('[')) {
            match parse_tag(line.text.trim()) {
                Some(tag) => tags.push(tag),
                None => well_formed = false,
            }
            if tags.len() > MAX_TAGS {
                return Err(too_long());
            }
            lines.advance();
        }
        let is_header = tags.iter().any(|(k, _)| k == "Schedule");
        if is_header {
            // A header: tags and the blank line after them, before any game.
            let after = lines.peek()?;
            match Header::build(&tags).filter(|_| well_formed) {
                _ if after.is_none() => {
                    file.torn = Some(first);
                    break;
                }
                Some(header)
                    if tags
                        .iter()
                        .any(|(k, v)| k == "Check" && *v != header.check()) =>
                {
                    return Err(Error::Argument(format!(
                        "the header starting at line {first} was edited: its Check tag does \
                         not match its Schedule, Shard, Rules, Games, Player and Sprt tags"
                    )))
                }
                Some(header) if file.header.is_none() && file.games.is_empty() => {
                    file.header = Some(header);
                    file.complete = after.map_or(text.len(), |l| l.end);
                    continue;
                }
                _ => {
                    return Err(Error::Argument(format!(
                        "the header starting at line {first} is malformed or not the \
                         file's first block"
                    )))
                }
            }
        }
        while lines.peek()?.is_some_and(|l| l.blank()) {
            lines.advance();
        }
        let mut movetext = Vec::new();
        while let Some(line) = lines.peek()?.filter(|l| !l.blank()) {
            movetext.push(line.text);
            if movetext.len() > MAX_MOVETEXT_LINES {
                return Err(too_long());
            }
            lines.advance();
        }
        let end = lines.peek()?;
        let torn = end.is_none() && tagged;
        match (
            build(&tags, &movetext.join(" "), unfinished).filter(|_| well_formed),
            end,
        ) {
            (Some(game), Some(end)) => {
                file.games.push(game);
                file.complete = end.end;
            }
            _ if torn => {
                file.torn = Some(first);
                break;
            }
            _ => {
                return Err(Error::Argument(format!(
                    "game record starting at line {first} is incomplete or malformed"
                )))
            }
        }
    }
    Ok(file)
}

/// [`parse_file_from`] a whole file (its first line is line 1).
pub fn parse_file(text: &str) -> Result<RecordFile, Error> {
    parse_file_from(text, 1)
}

/// A record from its tags and movetext.
fn build(tags: &[(String, String)], movetext: &str, unfinished: Unfinished) -> Option<GameRecord> {
    let get = |key: &str| tags.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone());
    let mut players = Vec::new();
    while let Some(name) = get(&side_letter(players.len()).to_string()) {
        players.push(name);
    }
    let scores: Vec<f64> = get("Result")?
        .split('-')
        .map(|t| parse_score(t).filter(|s| (0.0..=1.0).contains(s)))
        .collect::<Option<_>>()?;
    let result = get("Result")?;
    let mut tokens: Vec<String> = movetext
        .split_whitespace()
        .filter(|t| !t.ends_with('.'))
        .map(String::from)
        .collect();
    if tokens.pop()? != result {
        return None;
    }
    let plies: usize = get("Plies")?.parse().ok()?;
    // Every result gives out exactly one point (a win, a draw shared, a forfeit), but for a
    // game not over where one is allowed: none.
    let point: f64 = scores.iter().sum();
    let open = unfinished == Unfinished::Allowed
        && get("Reason").as_deref() == Some(UNFINISHED)
        && point == 0.0;
    if plies != tokens.len()
        || scores.len() != players.len()
        || ((point - 1.0).abs() > 1e-6 && !open)
    {
        return None;
    }
    Some(GameRecord {
        game: get("Game")?.parse().ok()?,
        pair: get("Pair")?.parse().ok()?,
        rules: get("Rules")?,
        players,
        time_control: get("TimeControl")?,
        opening: get("Opening")?.parse().ok()?,
        start: get("Start")?,
        scores,
        reason: get("Reason")?,
        moves: tokens,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_web_pages_records_may_hold_an_unfinished_game() {
        let mut game = sample(1, 2);
        game.scores = vec![0.0, 0.0];
        game.reason = UNFINISHED.into();
        let text = game.to_text();
        assert_eq!(parse_records(&text).unwrap(), vec![game.clone()]);
        assert!(parse_file(&text).is_err());
        game.reason = "goal".into();
        assert!(parse_records(&game.to_text()).is_err());
    }

    fn sample(game: usize, sides: usize) -> GameRecord {
        GameRecord {
            game,
            pair: 1,
            rules: "halma8".into(),
            players: (0..sides).map(|i| format!("p\"{i}\\")).collect(),
            time_control: "100ms/move".into(),
            opening: 2,
            start: "halma8 4BBBB/5BBB/6BB/7B/A7/AA6/AAA5/AAAA4 A 0,0".into(),
            scores: if sides == 2 {
                vec![0.5, 0.5]
            } else {
                vec![0.0, 1.0 / 3.0, 1.0 / 3.0, 1.0 / 3.0]
            },
            reason: "draw by repetition".into(),
            moves: (0..45).map(|i| format!("a{i}-b{i}")).collect(),
        }
    }

    #[test]
    fn records_round_trip_and_a_torn_last_block_is_dropped() {
        let games = [sample(1, 2), sample(2, 4)];
        let text: String = games.iter().map(GameRecord::to_text).collect();
        assert!(text.contains("[Result \"1/2-1/2\"]"));
        assert!(text.contains("[Result \"0-1/3-1/3-1/3\"]"));
        assert_eq!(parse_records(&text).unwrap(), games);
        for cut in [1, 30, games[1].to_text().len() - 5] {
            let torn = &text[..text.len() - cut];
            assert_eq!(parse_records(torn).unwrap(), games[..1], "cut {cut}");
        }
        let first = games[0].to_text();
        for cut in 1..first.len() {
            assert!(parse_records(&first[..cut]).unwrap().is_empty());
        }
        let broken = text.replace("[Plies \"45\"]", "[Plies \"44\"]");
        assert!(parse_records(&broken).is_err());
    }

    #[test]
    fn a_header_comes_first_and_a_torn_tail_is_reported() {
        let header = Header {
            schedule: "0123456789abcdef".into(),
            shard: Shard { index: 1, count: 4 },
            rules: "halma8".into(),
            games: 8,
            players: vec!["a \"x\"".into(), "b".into()],
            sprt: Some("elo0=0 elo1=5 alpha=0.05 beta=0.05".into()),
        };
        let games = [sample(3, 2), sample(4, 2)];
        let text = header.to_text() + &games.iter().map(GameRecord::to_text).collect::<String>();
        let file = parse_file(&text).unwrap();
        assert_eq!(file.header.as_ref(), Some(&header));
        assert_eq!(file.games, games);
        assert_eq!((file.complete, file.torn), (text.len(), None));
        let cut = parse_file(&text[..text.len() - 3]).unwrap();
        assert_eq!(cut.games, games[..1]);
        assert_eq!(
            cut.complete,
            header.to_text().len() + games[0].to_text().len()
        );
        assert!(cut.torn.is_some());
        let tail = parse_file_from(&text[cut.complete..], 1).unwrap();
        assert_eq!((tail.header, tail.games), (None, games[1..].to_vec()));
        let torn_header = parse_file(&header.to_text()[..20]).unwrap();
        assert_eq!((torn_header.header, torn_header.torn), (None, Some(1)));
        let twice = text.clone() + &header.to_text();
        assert!(parse_file(&twice).is_err());
        // Any edited tag of the header fails its Check; a header without one (written
        // before it) is read as it is.
        for (from, to) in [
            ("0123456789abcdef", "0123456789abcdee"),
            ("[Games \"8\"]", "[Games \"9\"]"),
            ("[Shard \"1/4\"]", "[Shard \"2/4\"]"),
        ] {
            let e = parse_file(&text.replacen(from, to, 1)).unwrap_err();
            assert!(e.message().contains("was edited"), "{to}: {e}");
        }
        // The header of docs/game-record.md, with its Check.
        let documented = Header {
            schedule: "86af4b3e3ec28f51".into(),
            shard: Shard { index: 1, count: 4 },
            rules: "halma8".into(),
            games: 48,
            players: vec!["alphabeta:depth=1".into(), "ab2".into(), "random".into()],
            sprt: None,
        };
        assert_eq!(documented.check(), "be0deb6eaa44f7dd");
        let check = format!("[Check \"{}\"]\n", header.check());
        let old = parse_file(&text.replacen(&check, "", 1)).unwrap();
        assert_eq!(old.header.as_ref(), Some(&header));
    }

    #[test]
    fn a_byte_order_mark_before_the_first_line_is_skipped() {
        // As a Windows editor saves a record: the same games, and `complete` still counts
        // bytes of the text as read, mark and all (a resume cuts the file there).
        let games = [sample(1, 2), sample(2, 2)];
        let text = games.iter().map(GameRecord::to_text).collect::<String>();
        let marked = format!("{}{text}", crate::text_file::BOM);
        assert_eq!(parse_records(&marked).unwrap(), games);
        let file = parse_file(&marked).unwrap();
        assert_eq!(
            (file.games.as_slice(), file.complete),
            (&games[..], marked.len())
        );
    }

    #[test]
    fn results_give_one_point_and_other_files_are_not_torn_records() {
        let text = sample(1, 2).to_text();
        assert_eq!(parse_records(&text).unwrap().len(), 1);
        // Both seats winning: the two places of the result edited alike.
        assert!(parse_records(&text.replace("1/2-1/2", "1-1")).is_err());
        assert!(parse_records(&text.replace("1/2-1/2", "0-0")).is_err());
        // A text that is no record is an error, never a block cut short to drop.
        for other in ["hello world\n", "hello", "1. a1-b2"] {
            assert!(parse_file(other).is_err(), "{other}");
        }
        let long = format!("[Game \"{}\"]\n", "9".repeat(MAX_LINE));
        let e = parse_file(&long).unwrap_err();
        assert!(e.message().contains("line 1 is longer than"), "{e}");
    }
}
