//! `halma serve`: a local web server with one page to play and analyse every game in the
//! browser, and the JSON API behind it (docs/web.md).
//!
//! * [`api`]: the routes and their checks, the games kept by id;
//! * [`table`]: one game of any kind behind an object-safe trait;
//! * [`search`]: engine moves and analyses on their own threads, a bounded number at once;
//! * [`page`]: the page (HTML, CSS, JavaScript) compiled into the binary;
//! * [`http`]: HTTP/1.1 by hyper on a small tokio runtime, every part bounded.
//!
//! Searches never run on the runtime's threads: each has a thread of its own.

mod api;
mod http;
mod page;
mod report;
mod search;
mod table;

use crate::settings::{EngineSettings, SettingArgs};
use clap::Args;
use halma_engine::Error;
use std::sync::Arc;

/// Arguments of `halma serve`.
#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  halma serve\n  halma serve --port 8080\n  halma serve --port 0 --max-searches 1"
)]
pub struct ServeArgs {
    /// TCP port (0: any free port, printed on start)
    #[arg(long, default_value_t = 8022)]
    port: u16,

    /// Address to listen on (127.0.0.1: this machine only)
    #[arg(long, default_value = "127.0.0.1")]
    host: String,

    /// Games kept at once (1-1000); when full, the longest idle game (10 minutes or more)
    /// makes room
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u16).range(1..=1000))]
    max_games: u16,

    /// Searches (engine moves and analyses) running at once (1-64)
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u16).range(1..=64))]
    max_searches: u16,

    /// The engine settings of every engine move and analysis (docs/cli.md, "Engine
    /// settings"; an analysis asks for its own number of lines)
    #[command(flatten)]
    settings: SettingArgs,
}

/// Runs `halma serve` until killed.
pub fn run(args: &ServeArgs) -> Result<(), Error> {
    let settings = args.settings.apply(EngineSettings::default())?;
    let address = format!("{}:{}", args.host, args.port);
    let listener = std::net::TcpListener::bind(&address)
        .map_err(|e| Error::Argument(format!("cannot listen on {address}: {e}")))?;
    let bound = listener
        .local_addr()
        .map_err(|e| Error::Argument(format!("the server has no address: {e}")))?;
    let local = if bound.ip().is_loopback() {
        "this machine only"
    } else {
        "open to the network"
    };
    crate::output::out(format_args!(
        "halma serve: listening on {bound} ({local}); open http://{bound}/\n"
    ));
    let server = api::Server::new(
        args.max_games as usize,
        args.max_searches as usize,
        settings,
    );
    http::serve(listener, Arc::new(move |request| respond(&server, request)))
        .map_err(|e| Error::Argument(format!("the server cannot run: {e}")))
}

/// Answers one request (its body already bounded by [`http`]).
fn respond(server: &api::Server, request: &http::Request) -> api::Answer {
    match std::str::from_utf8(&request.body) {
        Ok(text) => server.answer(&request.method, &request.target, text),
        Err(_) => api::Answer::error(400, "the body is not UTF-8"),
    }
}
