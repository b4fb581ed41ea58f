//! The protocol's commands: each line's command run on the session (`isready`, the
//! handshake, `setoption`, `position`, `go`, `query`, CCP's `analyze`), its answer written
//! and its error returned for the command loop to report.

use super::go::go_limits;
use super::options::{self, bounded, Config};
use super::reader::Event;
use super::session::{self, Session};
use super::{Dialect, Running, Ugi};
use halma_engine::games::split_game_text;
use halma_engine::{Error, Status};
use std::sync::atomic::Ordering;
use std::time::Instant;

impl Ugi {
    fn identify(&self) {
        let out = &self.out;
        out.line(format_args!("id name halma {}", env!("CARGO_PKG_VERSION")));
        out.line("id author the halma engine authors");
        for option in options::registry(self.config.dialect) {
            out.line(option.line());
        }
        out.line(self.config.dialect.handshake().1);
    }

    /// The session, made for the current configuration if there is none.
    fn session(&mut self) -> Result<&mut Box<dyn Session>, Error> {
        if self.session.is_none() {
            self.session = Some(session::new(&self.config)?);
        }
        Ok(self.session.as_mut().expect("set above"))
    }

    /// Runs command line `number`, read at `at` (anything but `stop` and `quit`).
    pub(super) fn handle(
        &mut self,
        number: u64,
        at: Instant,
        first: &str,
        args: &[&str],
    ) -> Result<(), Error> {
        let dialect = self.config.dialect;
        match (dialect, first) {
            (_, "isready") => {
                self.out.line("readyok");
            }
            (_, word) if word == dialect.handshake().0 => self.identify(),
            (Dialect::Ccp, "protocol") => {
                self.out.line("protocol ccp 1");
            }
            (_, "setoption") => self.set_option(args)?,
            (Dialect::Ugi, "uginewgame") => {
                self.session()?.new_game();
                self.no_position = None;
            }
            (_, "position") => {
                let result = match dialect {
                    Dialect::Ugi => self.position(args),
                    Dialect::Ccp => self.ccp_position(args),
                };
                self.no_position = result.as_ref().err().map(|e| e.to_string());
                result?
            }
            (_, "go") => self.go(number, at, args)?,
            (Dialect::Ugi, "query") => self.query(args)?,
            (Dialect::Ccp, "analyze") => self.analyze(args)?,
            _ => return Err(Error::Argument(format!("unknown command '{first}'"))),
        }
        Ok(())
    }

    /// An error if the last `position` was refused.
    fn check_position(&self) -> Result<(), Error> {
        match &self.no_position {
            Some(why) => Err(Error::Position(format!(
                "no position: the last 'position' was refused ({why}); send a good \
                 'position'{}",
                match self.config.dialect {
                    Dialect::Ugi => " or 'uginewgame'",
                    Dialect::Ccp => "",
                }
            ))),
            None => Ok(()),
        }
    }

    fn set_option(&mut self, args: &[&str]) -> Result<(), Error> {
        let text = args.join(" ");
        let bad = || Error::Argument(format!("expected 'setoption name X value Y', got '{text}'"));
        let rest = text.strip_prefix("name ").ok_or_else(bad)?;
        let (name, value) = rest.split_once(" value ").ok_or_else(bad)?;
        let (name, value) = (name.trim(), value.trim());
        let mut config = self.config.clone();
        options::set(
            self.config.dialect,
            &mut config,
            &mut self.overhead,
            name,
            value,
        )?;
        if config != self.config {
            // A new game at the start position.
            self.config = config;
            self.session = None;
            self.no_position = None;
        }
        Ok(())
    }

    fn position(&mut self, args: &[&str]) -> Result<(), Error> {
        let split = args
            .iter()
            .position(|&w| w == "moves")
            .unwrap_or(args.len());
        let (head, moves) = (&args[..split], args.get(split + 1..).unwrap_or(&[]));
        let fields = match head {
            ["startpos"] => None,
            ["fen", text @ ..] => {
                let text = text.join(" ");
                let (variant, fields) = split_game_text(&text)?;
                if variant != self.config.variant {
                    // The position text brings its rules: a new session for them, kept
                    // only if the position is good.
                    let config = Config {
                        variant,
                        ..self.config.clone()
                    };
                    let mut fresh = session::new(&config)?;
                    fresh.set_position(Some(fields), moves)?;
                    self.config = config;
                    self.session = Some(fresh);
                    return Ok(());
                }
                return self.session()?.set_position(Some(fields), moves);
            }
            _ => {
                return Err(Error::Argument(
                    "expected 'position startpos|fen <position text> [moves …]'".into(),
                ))
            }
        };
        self.session()?.set_position(fields, moves)
    }

    /// CCP's `position startpos` or `position cells <121 chars> player <0|1> ply <N>`.
    fn ccp_position(&mut self, args: &[&str]) -> Result<(), Error> {
        let fields = match args {
            ["startpos"] => None,
            _ => Some(crate::ccp::position_fields(args)?),
        };
        self.session()?.set_position(fields.as_deref(), &[])
    }

    /// CCP's `analyze topk K` (K = 1..=[`crate::ccp::MAX_TOPK`]).
    fn analyze(&mut self, args: &[&str]) -> Result<(), Error> {
        let top = match args {
            ["topk", k] => bounded("topk", k, 1, crate::ccp::MAX_TOPK)?,
            _ => return Err(Error::Argument("expected 'analyze topk <K>'".into())),
        };
        self.check_position()?;
        let out = self.out.clone();
        self.session()?.analyze(top, &out)
    }

    /// Starts the search of `go` line `number` on its own thread, or, if a `stop` or `quit`
    /// came after it, runs it stopped at once.
    fn go(&mut self, number: u64, at: Instant, args: &[&str]) -> Result<(), Error> {
        self.check_position()?;
        let (_, to_move) = self.session()?.state();
        let mut limits = go_limits(args, to_move)?;
        limits.overhead = self.overhead;
        limits.start = Some(at);
        if number < self.stopped_before {
            // Stopped before it starts: answered here and now, so that its `bestmove`
            // comes before the answers to the commands after it.
            limits.stop.store(true, Ordering::Relaxed);
            let out = self.out.clone();
            self.session()?.go(&limits, &out);
            return Ok(());
        }
        let stop = limits.stop.clone();
        let mut session = self.session.take().expect("made above");
        let (done, out) = (self.events.clone(), self.out.clone());
        // The go line's number names its search.
        let id = number;
        self.stops.start(id, &stop);
        let thread = std::thread::spawn(move || {
            session.go(&limits, &out);
            let _ = done.send(Event::Done(id));
            session
        });
        self.running = Some(Running { id, stop, thread });
        Ok(())
    }

    fn query(&mut self, args: &[&str]) -> Result<(), Error> {
        self.check_position()?;
        let (status, to_move) = self.session()?.state();
        let answer = match args {
            ["gameover"] => status.is_over().to_string(),
            ["p1turn"] => (to_move == 0).to_string(),
            ["result"] => match (status, status.winner(self.session()?.sides())) {
                (Status::Ongoing, _) => "none".into(),
                (_, Some(s)) => format!("p{}win", s + 1),
                (Status::LostByDeadline(s), None) => format!("p{}loss", s + 1),
                _ => "draw".into(),
            },
            _ => {
                return Err(Error::Argument(
                    "expected 'query gameover|p1turn|result'".into(),
                ))
            }
        };
        self.out.line(format_args!("response {answer}"));
        Ok(())
    }
}
