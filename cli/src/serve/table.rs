//! One game of the server, whatever the game: the position behind a small object-safe
//! trait ([`Table`]), so that the server keeps games of every kind side by side and
//! dispatches on the game once, when the game is made ([`new_table`]).

use super::report::{Info, Line};
use crate::engine_kind::EngineKind;
use crate::record::{parse_records, GameRecord};
use crate::settings::EngineSettings;
use crate::svg;
use halma_engine::game::{play_moves, side_letter, GameRules, Status};
use halma_engine::games::{split_game_text, Variant, DEFAULT_GAME};
use halma_engine::search::{self, Limits, Score, Searcher};
use halma_engine::{mcts, with_game, Error, Game, Move};
use serde::Serialize;

/// A legal move as the page needs it: its text, its path, its first and last cell.
#[derive(Clone, Debug, Serialize)]
pub struct LegalMove {
    /// `from-to` (or `@to`, `from-off`, `pass`): what `play` takes.
    #[serde(rename = "move")]
    pub text: String,
    /// The whole jump path (`a1-c3-e5`).
    pub path: String,
    /// The origin cell's name, if the move has one.
    pub from: Option<String>,
    /// The destination cell's name, if the move has one.
    pub to: Option<String>,
}

/// A move made.
#[derive(Clone, Debug, Serialize)]
pub struct PlayedMove {
    /// Its text.
    #[serde(rename = "move")]
    pub text: String,
    /// Its jump path.
    pub path: String,
    /// The side that made it (`A`, `B`, …).
    pub side: String,
}

/// The state of a game at one ply of its move list.
#[derive(Clone, Debug, Serialize)]
pub struct View {
    /// The rules, text form.
    pub rules: String,
    /// Sides playing.
    pub sides: usize,
    /// The position text at the viewed ply.
    pub position: String,
    /// The position the game started from.
    pub start: String,
    /// The ply viewed (0: the start).
    pub ply: usize,
    /// Every move made, in order.
    pub moves: Vec<PlayedMove>,
    /// The side to move at the viewed ply.
    pub to_move: String,
    /// `ongoing`, or who won or drew and why (`A wins: goal reached`).
    pub status: String,
    /// Why the game ended: `goal`, `deadline`, `repetition`, `passes`, `equal-turns`,
    /// `ply-cap`; none while it goes on.
    pub reason: Option<&'static str>,
    /// The winner's letter, if a side won (in a two-side game lost by the deadline, the
    /// other side).
    pub winner: Option<String>,
    /// Whether the game is over at the viewed ply.
    pub over: bool,
    /// The legal moves at the viewed ply.
    pub legal: Vec<LegalMove>,
    /// The game record (the tournament's record format).
    pub record: String,
    /// The SVG picture (when asked for).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub svg: Option<String>,
}

/// How to draw the picture of a view.
#[derive(Clone, Debug, Default)]
pub struct DrawRequest {
    /// Whether to draw at all.
    pub svg: bool,
    /// Turn the board half round.
    pub flip: bool,
    /// Whether to draw the last move made (at the viewed ply).
    pub last_move: bool,
    /// Extra arrows: paths, each with a colour and opacity.
    pub arrows: Vec<(String, String, f64)>,
}

/// One game of any kind.
pub trait Table: Send {
    /// The view at `ply` (the latest when `None`); an error if there is no such ply.
    fn view(&self, ply: Option<usize>, draw: &DrawRequest) -> Result<View, Error>;
    /// Plays `text` (checked legal).
    fn play(&mut self, text: &str) -> Result<(), Error>;
    /// Takes back the last move; false if there is none.
    fn undo(&mut self) -> bool;
    /// Moves made since the start.
    fn plies(&self) -> usize;
    /// Whether the game is over.
    fn over(&self) -> bool;
    /// The side to move.
    fn to_move(&self) -> usize;
    /// Sides playing.
    fn sides(&self) -> usize;
    /// A copy, to search without holding the game.
    fn fork(&self) -> Box<dyn Table>;
    /// Searches the position with `engine` set up by `settings` within `limits`, calling
    /// `report` with each iteration; returns the best move's text.
    fn search(
        &self,
        engine: EngineKind,
        settings: &EngineSettings,
        limits: &Limits,
        report: &mut dyn FnMut(Info),
    ) -> Result<String, Error>;
    /// Sets the players' names for the record.
    fn set_players(&mut self, names: Vec<String>);
}

/// A game of position type `P`.
struct GameTable<P: Game> {
    start: P,
    pos: P,
    players: Vec<String>,
}

/// Where a new game starts: a rule set's start, a position text, or a game record; then
/// moves.
pub struct NewGame<'a> {
    /// The rules' text form (a name or `name:option=value,…`).
    pub rules: Option<&'a str>,
    /// A position text.
    pub position: Option<&'a str>,
    /// A game record (its last game is taken).
    pub record: Option<&'a str>,
    /// Moves to play from there, separated by spaces.
    pub moves: Option<&'a str>,
}

/// Makes the game `new` describes; an error names what is wrong.
pub fn new_table(new: &NewGame) -> Result<Box<dyn Table>, Error> {
    let mut moves: Vec<String> = Vec::new();
    let mut position = new.position.map(str::to_string);
    if let Some(text) = new.record {
        if position.is_some() {
            return Err(Error::Argument(
                "give a position or a record, not both".into(),
            ));
        }
        let games = parse_records(text)?;
        let game: GameRecord = games
            .into_iter()
            .last()
            .ok_or_else(|| Error::Argument("the record holds no game".into()))?;
        position = Some(game.start);
        moves = game.moves;
    }
    let (variant, fields) = match &position {
        Some(text) => {
            let (variant, fields) = split_game_text(text)?;
            if let Some(rules) = new.rules {
                if Variant::parse(rules)?.to_string() != variant.to_string() {
                    return Err(Error::Rules(format!(
                        "rules '{rules}' differ from the position's rules '{variant}'"
                    )));
                }
            }
            (variant, Some(fields.to_string()))
        }
        None => (Variant::parse(new.rules.unwrap_or(DEFAULT_GAME))?, None),
    };
    moves.extend(
        new.moves
            .unwrap_or("")
            .split_whitespace()
            .map(str::to_string),
    );
    with_game!(variant, P, setup => {
        let start = match &fields {
            Some(f) => <P as GameRules>::from_text_fields(&setup, f)?,
            None => <P as GameRules>::start(&setup),
        };
        let mut pos = start.clone();
        let texts: Vec<&str> = moves.iter().map(String::as_str).collect();
        play_moves(&mut pos, &texts)?;
        let players = (0..GameRules::sides(&pos)).map(|_| "human".to_string()).collect();
        Ok(Box::new(GameTable { start, pos, players }) as Box<dyn Table>)
    })
}

impl<P: Game> GameTable<P> {
    /// Each move made with its path and mover, replayed from the start.
    fn played(&self) -> Vec<PlayedMove> {
        let mut pos = self.start.clone();
        let mut out = Vec::new();
        for mv in self.pos.history().collect::<Vec<Move>>() {
            out.push(PlayedMove {
                text: pos.move_text(mv),
                path: pos.path_text(mv),
                side: side_letter(pos.to_move()).to_string(),
            });
            pos.make(mv);
        }
        out
    }

    /// The game record: the tournament's format; an unfinished game scores 0 for every
    /// side, with the reason `unfinished`.
    fn record(&self, moves: &[PlayedMove]) -> String {
        let sides = self.pos.sides();
        let status = self.pos.status();
        let scores = status.scores(sides);
        let reason = match status {
            Status::Ongoing => crate::record::UNFINISHED.to_string(),
            _ => self.pos.outcome_text(),
        };
        GameRecord {
            game: 1,
            pair: 1,
            rules: self.pos.rules_text(),
            players: self.players.clone(),
            time_control: "none".into(),
            opening: 0,
            start: self.start.to_text(),
            scores,
            reason,
            moves: moves.iter().map(|m| m.text.clone()).collect(),
        }
        .to_text()
    }
}

impl<P: Game> Table for GameTable<P> {
    fn view(&self, ply: Option<usize>, draw: &DrawRequest) -> Result<View, Error> {
        let plies = self.plies();
        let ply = ply.unwrap_or(plies);
        if ply > plies {
            return Err(Error::Argument(format!(
                "ply {ply} is beyond the game's {plies} moves"
            )));
        }
        let mut pos = self.pos.clone();
        for _ in ply..plies {
            pos.unmake();
        }
        let moves = self.played();
        let status = pos.status();
        let legal = pos
            .legal_moves()
            .into_iter()
            .map(|mv| LegalMove {
                text: pos.move_text(mv),
                path: pos.path_text(mv),
                from: mv.origin().map(|c| pos.cell_name(c)),
                to: mv.destination().map(|c| pos.cell_name(c)),
            })
            .collect();
        let svg = draw.svg.then(|| {
            let mut drawing = svg::Drawing {
                flip: draw.flip,
                ..Default::default()
            };
            if draw.last_move && ply > 0 {
                drawing.arrows.extend(svg::last_move_arrow(&pos, "#333333"));
            }
            for (path, colour, opacity) in &draw.arrows {
                if let Ok(mut arrow) = svg::Arrow::parse(&pos, path, colour) {
                    arrow.opacity = *opacity;
                    drawing.arrows.push(arrow);
                }
            }
            svg::render(&pos.picture(), &drawing)
        });
        Ok(View {
            rules: pos.rules_text(),
            sides: pos.sides(),
            position: pos.to_text(),
            start: self.start.to_text(),
            ply,
            record: self.record(&moves),
            moves,
            to_move: side_letter(pos.to_move()).to_string(),
            status: pos.outcome_text(),
            reason: status.reason(),
            winner: status
                .winner(pos.sides())
                .map(|s| side_letter(s).to_string()),
            over: status.is_over(),
            legal,
            svg,
        })
    }

    fn play(&mut self, text: &str) -> Result<(), Error> {
        let mv = self.pos.parse_move(text)?;
        self.pos.make(mv);
        Ok(())
    }

    fn undo(&mut self) -> bool {
        if self.plies() == 0 {
            return false;
        }
        self.pos.unmake();
        true
    }

    fn plies(&self) -> usize {
        self.pos.history().count()
    }

    fn over(&self) -> bool {
        self.pos.status().is_over()
    }

    fn to_move(&self) -> usize {
        self.pos.to_move()
    }

    fn sides(&self) -> usize {
        self.pos.sides()
    }

    fn fork(&self) -> Box<dyn Table> {
        Box::new(GameTable {
            start: self.start.clone(),
            pos: self.pos.clone(),
            players: self.players.clone(),
        })
    }

    fn search(
        &self,
        engine: EngineKind,
        settings: &EngineSettings,
        limits: &Limits,
        report: &mut dyn FnMut(Info),
    ) -> Result<String, Error> {
        let pos = &self.pos;
        let mut send = |it: &search::Iteration| report(info(pos, it));
        let outcome = match engine {
            EngineKind::Alphabeta => {
                let mut searcher = Searcher::new(settings.alphabeta());
                searcher.search(pos, limits, |it| send(it))?
            }
            EngineKind::Mcts => {
                let mut searcher = mcts::Mcts::new(settings.mcts());
                searcher.search(pos, limits, |r| send(&r.iteration))?
            }
        };
        Ok(pos.move_text(outcome.best))
    }

    fn set_players(&mut self, names: Vec<String>) {
        self.players = names;
    }
}

/// One iteration as the page shows it: each line's score and its moves' texts and paths.
fn info<P: Game>(pos: &P, it: &search::Iteration) -> Info {
    let lines = it
        .lines
        .iter()
        .map(|line| {
            let mut p = pos.clone();
            let mut moves = Vec::new();
            let mut paths = Vec::new();
            for &mv in &line.pv {
                if p.status().is_over() || !p.is_legal(mv) {
                    break;
                }
                moves.push(p.move_text(mv));
                paths.push(p.path_text(mv));
                p.make(mv);
            }
            let centimoves = match line.score {
                Score::Centimoves(c) => c,
                Score::WinIn(n) => 30_000 - n as i32,
                Score::LossIn(n) => n as i32 - 30_000,
            };
            Line {
                score: line.score.to_string(),
                centimoves,
                pv: moves,
                paths,
            }
        })
        .collect();
    Info {
        depth: it.depth,
        seldepth: it.seldepth,
        nodes: it.nodes,
        nps: it.nps(),
        time_ms: it.time.as_millis() as u64,
        lines,
    }
}
