//! The JSON API of `halma serve` (docs/web.md): the routes, the requests' checks (each bad
//! request a 400 with a JSON error naming what was wrong) and the answers.

use super::search::{self, lock, EngineKind, Entry, Order, Purpose, Slots};
use super::table::{new_table, DrawRequest, NewGame, View};
use crate::settings::EngineSettings;
use halma_engine::game::MAX_SIDES;
use halma_engine::games::all_games;
use halma_engine::games::catalog::GameInfo;
use serde::Serialize;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A game untouched this long may be dropped to make room for a new one.
const IDLE: Duration = Duration::from_secs(600);

/// An answer: HTTP status, content type, body.
pub struct Answer {
    /// HTTP status.
    pub status: u16,
    /// Content type.
    pub content_type: &'static str,
    /// Body.
    pub body: String,
}

impl Answer {
    /// A JSON answer.
    fn json(status: u16, value: &impl Serialize) -> Answer {
        Answer {
            status,
            content_type: "application/json",
            body: serde_json::to_string(value).unwrap_or_else(|e| {
                json!({ "error": format!("cannot write JSON: {e}") }).to_string()
            }),
        }
    }

    /// An error: `{"error": why}`.
    pub fn error(status: u16, why: impl Into<String>) -> Answer {
        Answer::json(status, &json!({ "error": why.into() }))
    }
}

/// A request's failure: its HTTP status and why.
type Failure = (u16, String);

/// A 400 naming what was wrong.
fn bad(why: impl Into<String>) -> Failure {
    (400, why.into())
}

/// Everything the server shares between requests.
pub struct Server {
    games: Mutex<HashMap<String, Arc<Mutex<Entry>>>>,
    slots: Arc<Slots>,
    max_games: usize,
    settings: EngineSettings,
    next: std::sync::atomic::AtomicU64,
    salt: u64,
}

impl Server {
    /// A server keeping at most `max_games` games and running at most `max_searches`
    /// searches at once, each with the engine `settings`.
    pub fn new(max_games: usize, max_searches: usize, settings: EngineSettings) -> Server {
        let salt = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        Server {
            games: Mutex::new(HashMap::new()),
            slots: Arc::new(Slots::new(max_searches)),
            max_games,
            settings,
            next: std::sync::atomic::AtomicU64::new(1),
            salt,
        }
    }

    /// Answers one request: `method`, `path` (with its query), `body`.
    pub fn answer(&self, method: &str, url: &str, body: &str) -> Answer {
        let (path, query) = url.split_once('?').unwrap_or((url, ""));
        let query = parse_query(query);
        let parts: Vec<&str> = path.trim_matches('/').split('/').collect();
        let result = match (method, parts.as_slice()) {
            ("GET", [""]) | ("GET", ["index.html"]) => {
                return Answer {
                    status: 200,
                    content_type: "text/html; charset=utf-8",
                    body: super::page::HTML.to_string(),
                }
            }
            ("GET", ["api", "rules"]) => Ok(rules_list()),
            ("POST", ["api", "games"]) => self.create(body),
            ("GET", ["api", "games", id]) => self.with_game(id, |g| state(id, g, &query)),
            ("DELETE", ["api", "games", id]) => self.delete(id),
            ("POST", ["api", "games", id, action]) => {
                let body = parse_body(body);
                match body {
                    Ok(body) => self.with_game(id, |g| self.act(id, g, action, &body, &query)),
                    Err(e) => Err(e),
                }
            }
            (_, ["api", ..]) => Err((404, format!("no API route {method} {path}"))),
            _ => Err((404, format!("nothing at {method} {path}"))),
        };
        match result {
            Ok(value) => Answer::json(200, &value),
            Err((status, why)) => Answer::error(status, why),
        }
    }

    /// Runs `f` on game `id`, locked.
    fn with_game(
        &self,
        id: &str,
        f: impl FnOnce(&Arc<Mutex<Entry>>) -> Result<Value, Failure>,
    ) -> Result<Value, Failure> {
        let game = self
            .games
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(id)
            .cloned()
            .ok_or_else(|| (404, format!("no game '{id}'")))?;
        lock(&game).touched = Instant::now();
        f(&game)
    }

    /// `POST /api/games`.
    fn create(&self, body: &str) -> Result<Value, Failure> {
        let body = parse_body(body)?;
        known_fields(&body, &["rules", "position", "record", "moves", "players"])?;
        let text = |key: &str| -> Result<Option<&str>, Failure> {
            match body.get(key) {
                None | Some(Value::Null) => Ok(None),
                Some(Value::String(s)) => Ok(Some(s.as_str())),
                Some(_) => Err(bad(format!("'{key}' must be a string"))),
            }
        };
        let new = NewGame {
            rules: text("rules")?,
            position: text("position")?,
            record: text("record")?,
            moves: text("moves")?,
        };
        let mut table = new_table(&new).map_err(|e| bad(e.message()))?;
        let players = parse_players(body.get("players"), table.sides())?;
        table.set_players(player_names(&players));
        let entry = Arc::new(Mutex::new(Entry {
            table,
            version: 0,
            players,
            search: None,
            touched: Instant::now(),
            settings: self.settings,
        }));
        let id = {
            let mut games = self.games.lock().unwrap_or_else(|e| e.into_inner());
            if games.len() >= self.max_games {
                let idle = games
                    .iter()
                    .filter(|(_, g)| {
                        let g = lock(g);
                        !g.searching() && g.touched.elapsed() > IDLE
                    })
                    .min_by_key(|(_, g)| lock(g).touched)
                    .map(|(id, _)| id.clone());
                match idle {
                    Some(old) => {
                        games.remove(&old);
                    }
                    None => {
                        return Err((
                            429,
                            format!(
                                "the server keeps at most {} games and none is idle: delete one",
                                self.max_games
                            ),
                        ))
                    }
                }
            }
            let n = self.next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let id = format!(
                "{:x}",
                (n ^ self.salt.rotate_left(17)).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 16
            );
            games.insert(id.clone(), entry.clone());
            id
        };
        {
            let mut e = lock(&entry);
            autoplay_locked(&entry, &mut e, &self.slots);
        }
        state(&id, &entry, &HashMap::new())
    }

    /// `DELETE /api/games/{id}`.
    fn delete(&self, id: &str) -> Result<Value, Failure> {
        let game = self
            .games
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(id)
            .ok_or_else(|| (404, format!("no game '{id}'")))?;
        lock(&game).stop();
        Ok(json!({ "deleted": id }))
    }

    /// `POST /api/games/{id}/{action}`.
    fn act(
        &self,
        id: &str,
        game: &Arc<Mutex<Entry>>,
        action: &str,
        body: &Value,
        query: &HashMap<String, String>,
    ) -> Result<Value, Failure> {
        {
            let mut e = lock(game);
            match action {
                "move" => {
                    known_fields(body, &["move"])?;
                    let text = match body.get("move") {
                        Some(Value::String(text)) => text,
                        None | Some(Value::Null) => {
                            return Err(bad("'move' (a move's text, like b3-c4) is missing"))
                        }
                        Some(_) => {
                            return Err(bad("'move' must be a string (a move's text, like b3-c4)"))
                        }
                    };
                    if e.searching()
                        && e.search
                            .as_ref()
                            .is_some_and(|s| s.purpose == Purpose::Move)
                    {
                        return Err(bad(
                            "the engine is thinking about this position: wait or stop it",
                        ));
                    }
                    if e.table.over() {
                        return Err(bad("the game is over"));
                    }
                    e.table.play(text).map_err(|err| bad(err.message()))?;
                    e.version += 1;
                    e.stop();
                    autoplay_locked(game, &mut e, &self.slots);
                }
                "undo" => {
                    known_fields(body, &["plies"])?;
                    let plies = optional_number(body, "plies", 1, 1, 1000)? as usize;
                    if plies > e.table.plies() {
                        return Err(bad(format!(
                            "cannot undo {plies} moves: {} made",
                            e.table.plies()
                        )));
                    }
                    e.stop();
                    for _ in 0..plies {
                        e.table.undo();
                    }
                    e.version += 1;
                }
                "engine" | "analysis" => {
                    if action == "engine" && e.table.over() {
                        return Err(bad("the game is over"));
                    }
                    if action == "engine" {
                        known_fields(body, &["engine", "time_ms"])?;
                    } else {
                        known_fields(body, &["engine", "time_ms", "multipv"])?;
                    }
                    let engine = match body.get("engine") {
                        None | Some(Value::Null) => EngineKind::Alphabeta,
                        Some(v) => v
                            .as_str()
                            .and_then(EngineKind::parse)
                            .ok_or_else(|| bad("'engine' must be \"alphabeta\" or \"mcts\""))?,
                    };
                    let (purpose, default_ms, max_ms) = if action == "engine" {
                        (Purpose::Move, 1000, search::MAX_MOVE_MS)
                    } else {
                        (
                            Purpose::Analysis,
                            search::MAX_ANALYSIS_MS,
                            search::MAX_ANALYSIS_MS,
                        )
                    };
                    let ms = optional_number(body, "time_ms", default_ms, 1, max_ms)?;
                    let multipv =
                        optional_number(body, "multipv", 1, 1, search::MAX_MULTIPV as u64)?
                            as usize;
                    let order = Order {
                        purpose,
                        engine,
                        settings: EngineSettings {
                            multipv,
                            ..e.settings
                        },
                        time: Duration::from_millis(ms),
                        wait: false,
                    };
                    search::start(game, &mut e, &self.slots, order, autoplay_locked)
                        .map_err(|why| (429, why))?;
                }
                "stop" => {
                    known_fields(body, &[])?;
                    e.stop()
                }
                "players" => {
                    known_fields(body, &["players"])?;
                    let players = parse_players(body.get("players"), e.table.sides())?;
                    e.table.set_players(player_names(&players));
                    e.players = players;
                    autoplay_locked(game, &mut e, &self.slots);
                }
                other => {
                    return Err((
                        404,
                        format!(
                            "no action '{other}' (move, undo, engine, analysis, stop, players)"
                        ),
                    ))
                }
            }
        }
        state(id, game, query)
    }
}

/// Starts the engine's move if an engine plays the side to move and none is thinking yet.
/// A running analysis is replaced (it was stopped by the move that led here).
fn autoplay_locked(shared: &Arc<Mutex<Entry>>, e: &mut Entry, slots: &Arc<Slots>) {
    let moving = e
        .search
        .as_ref()
        .is_some_and(|s| s.running && s.purpose == Purpose::Move);
    if e.table.over() || moving {
        return;
    }
    let Some(Some((engine, ms))) = e.players.get(e.table.to_move()).copied() else {
        return;
    };
    let order = Order {
        purpose: Purpose::Move,
        engine,
        settings: EngineSettings {
            multipv: 1,
            ..e.settings
        },
        time: Duration::from_millis(ms),
        wait: true,
    };
    let _ = search::start(shared, e, slots, order, autoplay_locked);
}

/// The players' names for the game record: `human`, `alphabeta:100ms`, `mcts:500ms`.
fn player_names(players: &[Option<(EngineKind, u64)>]) -> Vec<String> {
    players
        .iter()
        .map(|p| match p {
            None => "human".to_string(),
            Some((k, ms)) => format!("{}:{}ms", k.name(), ms),
        })
        .collect()
}

/// The game's state answer: the view at `?ply=` (drawn with `?svg=1`, `?flip=1`,
/// `?last=0`, `?pv=1` for the analysis's arrows), its id, players and search.
fn state(
    id: &str,
    game: &Arc<Mutex<Entry>>,
    query: &HashMap<String, String>,
) -> Result<Value, Failure> {
    let flag = |key: &str, default: bool| match query.get(key).map(String::as_str) {
        Some("1") | Some("true") => Ok(true),
        Some("0") | Some("false") => Ok(false),
        None => Ok(default),
        Some(other) => Err(bad(format!("query '{key}' must be 0 or 1, not '{other}'"))),
    };
    let ply = match query.get("ply") {
        None => None,
        Some(p) => match p.parse::<usize>() {
            Ok(n) => Some(n),
            // Digits beyond the integers are a move number, beyond any game.
            Err(_) if !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()) => {
                let plies = lock(game).table.plies();
                return Err(bad(format!("ply {p} is beyond the game's {plies} moves")));
            }
            Err(_) => return Err(bad(format!("query 'ply' must be a move number, not '{p}'"))),
        },
    };
    let e = lock(game);
    let mut draw = DrawRequest {
        svg: flag("svg", false)?,
        flip: flag("flip", false)?,
        last_move: flag("last", true)?,
        arrows: Vec::new(),
    };
    if flag("pv", false)? {
        draw.arrows = pv_arrows(&e);
    }
    let view: View = e.table.view(ply, &draw).map_err(|err| bad(err.message()))?;
    let players: Vec<Value> = e
        .players
        .iter()
        .map(|p| match p {
            None => json!({ "kind": "human" }),
            Some((k, ms)) => json!({ "kind": k.name(), "time_ms": ms }),
        })
        .collect();
    let mut value = serde_json::to_value(&view).map_err(|err| (500, err.to_string()))?;
    if let Value::Object(map) = &mut value {
        map.insert("id".into(), json!(id));
        map.insert("players".into(), json!(players));
        map.insert("plies".into(), json!(e.table.plies()));
        map.insert("thinking".into(), json!(e.searching()));
        map.insert(
            "search".into(),
            serde_json::to_value(&e.search).unwrap_or(Value::Null),
        );
    }
    Ok(value)
}

/// The analysis's arrows: the best line's first three moves, fading, and each other
/// line's first move, each in its mover's colour (the side to move of the live position,
/// the analysed one, then each side in turn).
fn pv_arrows(e: &Entry) -> Vec<(String, String, f64)> {
    let Some(info) = e.search.as_ref().and_then(|s| s.info.as_ref()) else {
        return Vec::new();
    };
    let (to_move, sides) = (e.table.to_move(), e.table.sides().max(1));
    let mut out = Vec::new();
    for (i, line) in info.lines.iter().enumerate() {
        let count = if i == 0 { 3 } else { 1 };
        for (j, path) in line.paths.iter().take(count).enumerate() {
            let opacity = if i == 0 { 0.9 - 0.25 * j as f64 } else { 0.45 };
            let colour = crate::svg::SIDE_COLOURS[(to_move + j) % sides % 6];
            out.push((path.clone(), colour.to_string(), opacity));
        }
    }
    out.reverse();
    out
}

/// `GET /api/rules`: the games a new game may name (every game of the registry, a square
/// family by two sizes for two and one for four), with their sides and summaries.
fn rules_list() -> Value {
    let mut games: Vec<(&str, &GameInfo)> = Vec::new();
    for info in all_games() {
        let names = match info.name {
            "squareN" => &["square6", "square12"][..],
            "squareN-4" => &["square12-4"][..],
            _ => std::slice::from_ref(&info.name),
        };
        games.extend(names.iter().map(|&name| (name, info)));
    }
    json!({
        "rules": games.iter().map(|g| g.0).collect::<Vec<_>>(),
        "sides": games.iter().map(|g| g.1.sides).collect::<Vec<_>>(),
        "summaries": games.iter().map(|g| g.1.summary).collect::<Vec<_>>(),
        "max_sides": MAX_SIDES,
    })
}

/// The body as a JSON object (an empty body is `{}`).
fn parse_body(body: &str) -> Result<Value, Failure> {
    if body.trim().is_empty() {
        return Ok(json!({}));
    }
    let value: Value =
        serde_json::from_str(body).map_err(|e| bad(format!("the body is not JSON: {e}")))?;
    if !value.is_object() {
        return Err(bad("the body must be a JSON object"));
    }
    Ok(value)
}

/// An error naming the first field of `body` that is not one of `known`.
fn known_fields(body: &Value, known: &[&str]) -> Result<(), Failure> {
    let Some(map) = body.as_object() else {
        return Ok(());
    };
    match map.keys().find(|k| !known.contains(&k.as_str())) {
        None => Ok(()),
        Some(k) if known.is_empty() => {
            Err(bad(format!("unknown field '{k}' (this route takes none)")))
        }
        Some(k) => Err(bad(format!(
            "unknown field '{k}' (this route takes: {})",
            known.join(", ")
        ))),
    }
}

/// The query string's `key=value` pairs.
fn parse_query(query: &str) -> HashMap<String, String> {
    query
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (k, v) = p.split_once('=').unwrap_or((p, ""));
            (k.to_string(), v.to_string())
        })
        .collect()
}

/// The whole number `key` of `body`, `default` when absent, within `min..=max`.
fn optional_number(
    body: &Value,
    key: &str,
    default: u64,
    min: u64,
    max: u64,
) -> Result<u64, Failure> {
    match body.get(key) {
        None | Some(Value::Null) => Ok(default),
        Some(v) => v
            .as_u64()
            .filter(|n| (min..=max).contains(n))
            .ok_or_else(|| {
                bad(format!(
                    "'{key}' must be a whole number from {min} to {max}"
                ))
            }),
    }
}

/// The players of a new game or of `players`: one per side, each `{"kind": "human"}` or
/// `{"kind": "alphabeta"|"mcts", "time_ms": N}`; absent: every side a person.
fn parse_players(
    value: Option<&Value>,
    sides: usize,
) -> Result<Vec<Option<(EngineKind, u64)>>, Failure> {
    let Some(value) = value.filter(|v| !v.is_null()) else {
        return Ok(vec![None; sides]);
    };
    let list = value
        .as_array()
        .ok_or_else(|| bad("'players' must be a list, one player a side"))?;
    if list.len() != sides {
        return Err(bad(format!(
            "'players' lists {} players for {sides} sides",
            list.len()
        )));
    }
    list.iter()
        .enumerate()
        .map(|(i, p)| {
            known_fields(p, &["kind", "time_ms"])
                .map_err(|(s, why)| (s, format!("player {}: {why}", i + 1)))?;
            let kind = p.get("kind").and_then(Value::as_str).unwrap_or("");
            if kind == "human" {
                return Ok(None);
            }
            let engine = EngineKind::parse(kind).ok_or_else(|| {
                bad(format!(
                    "player {}: 'kind' must be human, alphabeta or mcts",
                    i + 1
                ))
            })?;
            let ms = optional_number(p, "time_ms", 1000, 1, search::MAX_MOVE_MS)
                .map_err(|(s, why)| (s, format!("player {}: {why}", i + 1)))?;
            Ok(Some((engine, ms)))
        })
        .collect()
}
