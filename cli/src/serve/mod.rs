//! `halma serve`: a local web server with one page to play and analyse every game in the
//! browser, and the JSON API behind it (docs/web.md).
//!
//! * [`api`]: the routes and their checks, the games kept by id;
//! * [`table`]: one game of any kind behind an object-safe trait;
//! * [`search`]: engine moves and analyses on their own threads, a bounded number at once;
//! * [`page`]: the page (HTML, CSS, JavaScript) compiled into the binary.
//!
//! HTTP is `tiny_http`: a small synchronous server on a few threads, enough for a local
//! page and light to build (no async runtime); searches never run on its threads.

mod api;
mod page;
mod search;
mod table;

use clap::Args;
use halma_engine::Error;
use std::io::Read;
use std::sync::Arc;

/// Threads answering requests (searches run on threads of their own).
const HTTP_THREADS: usize = 4;

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
}

/// Runs `halma serve` until killed.
pub fn run(args: &ServeArgs) -> Result<(), Error> {
    let address = format!("{}:{}", args.host, args.port);
    let http = tiny_http::Server::http(&address)
        .map_err(|e| Error::Argument(format!("cannot listen on {address}: {e}")))?;
    let bound = http
        .server_addr()
        .to_ip()
        .ok_or_else(|| Error::Argument("the server has no IP address".into()))?;
    let local = if bound.ip().is_loopback() {
        "this machine only"
    } else {
        "open to the network"
    };
    crate::out(format_args!(
        "halma serve: listening on {bound} ({local}); open http://{bound}/\n"
    ));
    let http = Arc::new(http);
    let server = Arc::new(api::Server::new(
        args.max_games as usize,
        args.max_searches as usize,
    ));
    let workers: Vec<_> = (0..HTTP_THREADS)
        .map(|_| {
            let http = http.clone();
            let server = server.clone();
            std::thread::spawn(move || {
                while let Ok(request) = http.recv() {
                    respond(&server, request);
                }
            })
        })
        .collect();
    for w in workers {
        let _ = w.join();
    }
    Ok(())
}

/// Reads one request (its body bounded), answers it, and writes the answer.
fn respond(server: &api::Server, mut request: tiny_http::Request) {
    let method = request.method().as_str().to_string();
    let url = request.url().to_string();
    let mut body = Vec::new();
    let limit = api::MAX_BODY as u64 + 1;
    let read = request.as_reader().take(limit).read_to_end(&mut body);
    let answer = if read.is_err() {
        api::Answer::error(400, "cannot read the request body")
    } else if body.len() > api::MAX_BODY {
        api::Answer::error(413, format!("the body is over {} bytes", api::MAX_BODY))
    } else {
        match String::from_utf8(body) {
            Ok(text) => server.answer(&method, &url, &text),
            Err(_) => api::Answer::error(400, "the body is not UTF-8"),
        }
    };
    let header =
        tiny_http::Header::from_bytes(&b"Content-Type"[..], answer.content_type.as_bytes())
            .expect("a valid header");
    let response = tiny_http::Response::from_string(answer.body)
        .with_status_code(answer.status)
        .with_header(header);
    let _ = request.respond(response);
}
