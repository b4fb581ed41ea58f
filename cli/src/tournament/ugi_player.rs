//! An external UGI engine as an [`Engine`]: started with `ugi`, given the rules with
//! `setoption name Rules`, and asked for each move with `position fen … moves …` and `go`.
//! Or an external CCP engine (CCERL's protocol, the same loop in other words): started with
//! `ccp`, asked with `position cells … player P ply N` and `go` with `wtime`/`btime`, its
//! `bestmove` a path of hole ids (`crate::ccp`). A crash, a hang past the allowance, or a
//! reply that is not a legal move is an error.

use super::process::{Process, Silence, MAX_LINE};
use crate::dialect::Dialect;
use halma_engine::player::{Engine, Report};
use halma_engine::search::{Limits, Outcome, Score};
use halma_engine::{Error, Game, Move};
use std::time::{Duration, Instant};

/// How long a program may take to answer `ugi` and `isready`.
const HANDSHAKE: Duration = Duration::from_secs(10);
/// How long a search limited by depth or nodes only may take before the engine is given up.
const UNTIMED_CAP: Duration = Duration::from_secs(60);

/// A running UGI (or CCP) engine.
pub struct UgiPlayer {
    process: Process,
    margin: Duration,
    dialect: Dialect,
}

/// The error for a program that went silent.
fn silent(what: &str, why: Silence) -> Error {
    match why {
        Silence::Exited(how) => Error::Argument(format!("crashed {what}: {how}")),
        Silence::Timeout => Error::Argument(format!("hung {what}: no answer in time")),
        Silence::Overlong => {
            Error::Argument(format!("wrote a line longer than {MAX_LINE} bytes {what}"))
        }
    }
}

impl UgiPlayer {
    /// Starts the engine, sets the rules (UGI; a CCP engine knows its own) and the options,
    /// and waits until it is ready.
    pub fn start(
        dialect: Dialect,
        command: &[String],
        rules: &str,
        options: &[(String, String)],
        margin: Duration,
    ) -> Result<UgiPlayer, Error> {
        let mut process = Process::start(command)?;
        let handshake = |p: &mut Process, line: &str, reply: &str| {
            p.send(line)
                .and_then(|_| p.expect(reply, Instant::now() + HANDSHAKE, |_| ()))
                .map(|_| ())
                .map_err(|why| silent(&format!("at '{line}'"), why))
        };
        let (hello, ok) = match dialect {
            Dialect::Ugi => ("ugi", "ugiok"),
            Dialect::Ccp => ("ccp", "ccpok"),
        };
        handshake(&mut process, hello, ok)?;
        let mut player = UgiPlayer {
            process,
            margin,
            dialect,
        };
        if dialect == Dialect::Ugi {
            player.send(&format!("setoption name Rules value {rules}"))?;
        }
        for (name, value) in options {
            player.send(&format!("setoption name {name} value {value}"))?;
        }
        handshake(&mut player.process, "isready", "readyok")?;
        Ok(player)
    }

    fn send(&mut self, line: &str) -> Result<(), Error> {
        self.process
            .send(line)
            .map_err(|why| silent(&format!("at '{line}'"), why))
    }
}

/// The `go` command for `limits` with side `side` (0-based) to move, and the longest the
/// engine may then take before it is given up. CCP names the two clocks `wtime`/`winc`
/// (player 0) and `btime`/`binc`.
fn go_command(dialect: Dialect, limits: &Limits, side: usize) -> (String, Duration) {
    let mut go = String::from("go");
    let mut cap = UNTIMED_CAP;
    if let Some(clock) = limits.clock {
        let (time, inc) = match (dialect, side) {
            (Dialect::Ccp, 0) => ("wtime".to_string(), "winc".to_string()),
            (Dialect::Ccp, _) => ("btime".to_string(), "binc".to_string()),
            (Dialect::Ugi, s) => (format!("p{}time", s + 1), format!("p{}inc", s + 1)),
        };
        go += &format!(
            " {time} {} {inc} {}",
            clock.time_left.as_millis(),
            clock.increment.as_millis()
        );
        cap = clock.time_left;
    }
    if let Some(t) = limits.move_time {
        go += &format!(" movetime {}", t.as_millis());
        cap = cap.min(t);
    }
    if let Some(d) = limits.depth {
        go += &format!(" depth {d}");
    }
    if let Some(n) = limits.nodes {
        go += &format!(" nodes {n}");
    }
    (go, cap)
}

impl<P: Game> Engine<P> for UgiPlayer {
    fn search(
        &mut self,
        pos: &P,
        limits: &Limits,
        _report: &mut dyn FnMut(&Report),
    ) -> Result<Outcome, Error> {
        let line = match self.dialect {
            Dialect::Ugi => ugi_position(pos),
            Dialect::Ccp => crate::ccp::position_line(&pos.to_text())?,
        };
        self.send(&line)?;
        let (go, cap) = go_command(self.dialect, limits, pos.to_move());
        let started = Instant::now();
        self.send(&go)?;
        let wait = cap + self.margin;
        let reply = self
            .process
            .expect("bestmove", started + wait, |_| ())
            .map_err(|why| match why {
                Silence::Timeout => Error::Argument(format!(
                    "hung while searching: no move within {} ms (killed)",
                    wait.as_millis()
                )),
                other => silent("while searching", other),
            })?;
        let text = reply.split_whitespace().nth(1).unwrap_or("");
        let illegal = |e: Error| Error::Move(format!("illegal move: {}", e.message()));
        let best = match self.dialect {
            Dialect::Ugi => pos.parse_move(text),
            Dialect::Ccp => crate::ccp::engine_move_text(text).and_then(|t| pos.parse_move(&t)),
        }
        .map_err(illegal)?;
        Ok(Outcome {
            best,
            score: Score::Centimoves(0),
            depth: 0,
            pv: vec![best],
            nodes: 0,
            time: started.elapsed(),
        })
    }

    fn new_game(&mut self) {
        // A failure shows at the next search. CCP has no new-game command: every position
        // comes whole.
        if self.dialect == Dialect::Ugi {
            let _ = self.process.send("uginewgame");
        }
    }
}

/// UGI's `position fen <start> moves …` line of a game.
fn ugi_position<P: Game>(pos: &P) -> String {
    let mut start = pos.clone();
    let history: Vec<Move> = pos.history().collect();
    for _ in &history {
        start.unmake();
    }
    let mut line = format!("position fen {}", start.to_text());
    if !history.is_empty() {
        line += " moves";
        for &mv in &history {
            line += " ";
            line += &start.move_text(mv);
        }
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use halma_engine::search::Clock;

    #[test]
    fn go_names_the_movers_clock_and_every_limit() {
        let limits = Limits {
            clock: Some(Clock {
                time_left: Duration::from_millis(900),
                increment: Duration::from_millis(10),
                moves_to_go: None,
            }),
            depth: Some(4),
            ..Limits::default()
        };
        let (go, cap) = go_command(Dialect::Ugi, &limits, 1);
        assert_eq!(go, "go p2time 900 p2inc 10 depth 4");
        assert_eq!(cap, Duration::from_millis(900));
        let (go, _) = go_command(Dialect::Ccp, &limits, 1);
        assert_eq!(go, "go btime 900 binc 10 depth 4");
        let (go, _) = go_command(Dialect::Ccp, &limits, 0);
        assert_eq!(go, "go wtime 900 winc 10 depth 4");
        let limits = Limits::move_time(Duration::from_millis(50));
        let (go, cap) = go_command(Dialect::Ugi, &limits, 0);
        assert_eq!(
            (go.as_str(), cap),
            ("go movetime 50", Duration::from_millis(50))
        );
    }
}
