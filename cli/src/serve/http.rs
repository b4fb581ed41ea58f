//! The server's HTTP/1.1: [hyper] 1.x on a small tokio runtime, every part bounded against
//! a hostile client with hyper's and tokio's own means:
//!
//! * at most [`MAX_CONNECTIONS`] connections are served at once (a tokio semaphore taken
//!   before each `accept`; more wait in the listening queue); when every place is taken,
//!   each answer closes its connection (`Connection: close`), so that clients that keep
//!   their connections busy cannot keep the queued ones out;
//! * a request head must arrive within [`HEAD_DEADLINE`] (hyper's header read timeout,
//!   which also closes a keep-alive connection idle that long) and be at most [`MAX_HEAD`]
//!   bytes (hyper's header size and buffer limits: 431);
//! * its body, with a `Content-Length` or chunked, must arrive within [`BODY_DEADLINE`]
//!   of its head (a tokio timeout: 408) and be at most [`MAX_BODY`] bytes (a declared
//!   length over it is refused before reading, 413; a chunked body over it is cut at the
//!   limit by `http_body_util::Limited`, 413);
//! * a write that makes no progress for [`WRITE_STALL`] ends the connection;
//! * each request is answered on tokio's blocking pool within [`ANSWER_DEADLINE`] (else
//!   503), never on the runtime's workers; a panic there is caught by the pool and answered
//!   500, and the server goes on.
//!
//! A request hyper cannot parse (a broken request line or header, a bad `Content-Length`)
//! gets hyper's own answer, a bare 400 or 431 without a body, and its connection is closed.

use super::api::Answer;
use http_body_util::{BodyExt, Full, LengthLimitError, Limited};
use hyper::body::{Body, Bytes, Incoming};
use hyper::header::{HeaderValue, CACHE_CONTROL, CONNECTION, CONTENT_TYPE, EXPECT};
use hyper::{Method, Response, StatusCode};
use hyper_util::rt::{TokioIo, TokioTimer};
use std::convert::Infallible;
use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;
use tokio::sync::Semaphore;
use tokio::time::{Instant, Sleep};

/// Connections served at once; more wait in the listening queue.
pub const MAX_CONNECTIONS: usize = 32;
/// The time a request head has to arrive (from the connection's acceptance, or from the
/// previous answer on a kept-alive connection).
pub const HEAD_DEADLINE: Duration = Duration::from_secs(3);
/// The time a request body has to arrive whole, from its head.
pub const BODY_DEADLINE: Duration = Duration::from_secs(3);
/// The longest request head (request line and header fields), in bytes.
pub const MAX_HEAD: usize = 16 * 1024;
/// The longest request body, in bytes.
pub const MAX_BODY: usize = 256 * 1024;
/// How long a write may make no progress (a client that reads nothing is dropped).
pub const WRITE_STALL: Duration = Duration::from_secs(10);
/// The time the routes have to answer one request.
pub const ANSWER_DEADLINE: Duration = Duration::from_secs(10);

/// A request as the routes see it.
pub struct Request {
    /// `GET`, `POST`, … (a `HEAD` is answered as a `GET`, without its body).
    pub method: String,
    /// The path with its query, as sent.
    pub target: String,
    /// The body (empty without one).
    pub body: Bytes,
}

/// What answers a request: the routes, called on the blocking pool.
pub type Answerer = Arc<dyn Fn(&Request) -> Answer + Send + Sync>;

/// Serves `listener` until the process ends, answering each request with `answer`; an
/// error only if the runtime cannot start.
pub fn serve(listener: std::net::TcpListener, answer: Answerer) -> io::Result<()> {
    listener.set_nonblocking(true)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .max_blocking_threads(MAX_CONNECTIONS)
        .thread_name("http")
        .enable_io()
        .enable_time()
        .build()?;
    runtime.block_on(accept(listener, answer))
}

/// Accepts connections for ever, at most [`MAX_CONNECTIONS`] open at once.
async fn accept(listener: std::net::TcpListener, answer: Answerer) -> io::Result<()> {
    let listener = tokio::net::TcpListener::from_std(listener)?;
    let open = Arc::new(Semaphore::new(MAX_CONNECTIONS));
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(HEAD_DEADLINE)
        .max_buf_size(MAX_HEAD)
        .max_header_size(MAX_HEAD)
        .half_close(true);
    loop {
        let Ok(permit) = open.clone().acquire_owned().await else {
            return Ok(());
        };
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            Err(_) => {
                // Out of file descriptors, or a connection reset while queued: wait a little.
                drop(permit);
                tokio::time::sleep(Duration::from_millis(20)).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let answer = answer.clone();
        let places = open.clone();
        let service = hyper::service::service_fn(move |request| {
            respond(request, answer.clone(), places.clone())
        });
        let connection = http.serve_connection(TokioIo::new(WriteStall::new(stream)), service);
        tokio::spawn(async move {
            let _ = connection.await;
            drop(permit);
        });
    }
}

/// Answers one request: its checks and body here, the routes on the blocking pool. When no
/// place is free among `places` (the connections served), the answer closes its connection.
async fn respond(
    request: hyper::Request<Incoming>,
    answer: Answerer,
    places: Arc<Semaphore>,
) -> Result<Response<Full<Bytes>>, Infallible> {
    let reply = match read(request).await {
        Ok(request) => run(request, answer).await,
        Err(reply) => reply,
    };
    let mut response = response(reply);
    if places.available_permits() == 0 {
        // hyper closes a connection after an answer that says so.
        response
            .headers_mut()
            .insert(CONNECTION, HeaderValue::from_static("close"));
    }
    Ok(response)
}

/// The request as the routes see it, its body read within its bounds; else the answer.
async fn read(request: hyper::Request<Incoming>) -> Result<Request, Answer> {
    let method = request.method().as_str();
    if !method.bytes().all(|b| b.is_ascii_uppercase()) {
        return Err(Answer::error(
            400,
            format!("the method '{method}' is not a word in capitals"),
        ));
    }
    if let Some(expect) = request.headers().get(EXPECT) {
        if !expect.as_bytes().eq_ignore_ascii_case(b"100-continue") {
            let shown = String::from_utf8_lossy(expect.as_bytes());
            return Err(Answer::error(
                417,
                format!("the expectation '{shown}' is not met"),
            ));
        }
    }
    let declared = request.body().size_hint().exact();
    if let Some(n) = declared.filter(|&n| n > MAX_BODY as u64) {
        return Err(Answer::error(
            413,
            format!("the body is over {MAX_BODY} bytes ({n} declared)"),
        ));
    }
    let method = if request.method() == Method::HEAD {
        "GET".to_string()
    } else {
        method.to_string()
    };
    let target = request
        .uri()
        .path_and_query()
        .map_or("/", |p| p.as_str())
        .to_string();
    let body = Limited::new(request.into_body(), MAX_BODY).collect();
    let body = match tokio::time::timeout(BODY_DEADLINE, body).await {
        Ok(Ok(body)) => body.to_bytes(),
        Ok(Err(e)) if e.is::<LengthLimitError>() => {
            return Err(Answer::error(
                413,
                format!("the body is over {MAX_BODY} bytes"),
            ))
        }
        Ok(Err(e)) => {
            let length = declared.map_or(String::new(), |n| format!(" of {n} declared bytes"));
            let mut why = e.to_string();
            let mut cause = e.source();
            while let Some(c) = cause {
                why = format!("{why}: {c}");
                cause = c.source();
            }
            return Err(Answer::error(
                400,
                format!("the body{length} did not arrive whole: {why}"),
            ));
        }
        Err(_) => {
            return Err(Answer::error(
                408,
                format!(
                    "the body did not arrive whole within {} s",
                    BODY_DEADLINE.as_secs()
                ),
            ))
        }
    };
    Ok(Request {
        method,
        target,
        body,
    })
}

/// Runs the routes on the blocking pool, within [`ANSWER_DEADLINE`].
async fn run(request: Request, answer: Answerer) -> Answer {
    let work = tokio::task::spawn_blocking(move || answer(&request));
    match tokio::time::timeout(ANSWER_DEADLINE, work).await {
        Ok(Ok(reply)) => reply,
        Ok(Err(e)) if e.is_panic() => Answer::error(
            500,
            "the server failed on this request (a bug; please report it): nothing was changed by it",
        ),
        Ok(Err(_)) => Answer::error(503, "the server is stopping"),
        Err(_) => Answer::error(
            503,
            format!(
                "the answer took over {} s: try again",
                ANSWER_DEADLINE.as_secs()
            ),
        ),
    }
}

/// The HTTP response of `reply`.
fn response(reply: Answer) -> Response<Full<Bytes>> {
    let mut response = Response::new(Full::new(Bytes::from(reply.body)));
    *response.status_mut() =
        StatusCode::from_u16(reply.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let headers = response.headers_mut();
    headers.insert(CONTENT_TYPE, HeaderValue::from_static(reply.content_type));
    headers.insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// A connection whose writes fail when one makes no progress for [`WRITE_STALL`] (hyper
/// has no write timeout of its own).
struct WriteStall {
    stream: TcpStream,
    stall: Pin<Box<Sleep>>,
    waiting: bool,
}

impl WriteStall {
    /// Watches the writes of `stream`.
    fn new(stream: TcpStream) -> WriteStall {
        WriteStall {
            stream,
            stall: Box::pin(tokio::time::sleep(WRITE_STALL)),
            waiting: false,
        }
    }

    /// `poll`, a write's progress, failed if it has been pending for [`WRITE_STALL`].
    fn watch<T>(&mut self, cx: &mut Context<'_>, poll: Poll<io::Result<T>>) -> Poll<io::Result<T>> {
        if poll.is_ready() {
            self.waiting = false;
            return poll;
        }
        if !self.waiting {
            self.waiting = true;
            self.stall.as_mut().reset(Instant::now() + WRITE_STALL);
        }
        match self.stall.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the client read nothing for 10 s",
            ))),
            Poll::Pending => Poll::Pending,
        }
    }
}

impl AsyncRead for WriteStall {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for WriteStall {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let poll = Pin::new(&mut this.stream).poll_write(cx, buf);
        this.watch(cx, poll)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let poll = Pin::new(&mut this.stream).poll_write_vectored(cx, bufs);
        this.watch(cx, poll)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let poll = Pin::new(&mut this.stream).poll_flush(cx);
        this.watch(cx, poll)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let poll = Pin::new(&mut this.stream).poll_shutdown(cx);
        this.watch(cx, poll)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_in_the_routes_is_answered_500_and_the_next_request_served() {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_time()
            .build()
            .unwrap();
        let request = || Request {
            method: "GET".into(),
            target: "/".into(),
            body: Bytes::new(),
        };
        let answer: Answerer = Arc::new(|r: &Request| {
            if r.target == "/" {
                panic!("a bug in a route");
            }
            Answer::error(404, "none")
        });
        let reply = runtime.block_on(run(request(), answer.clone()));
        assert_eq!(reply.status, 500);
        assert!(reply.body.contains("a bug"), "{}", reply.body);
        let mut other = request();
        other.target = "/x".into();
        assert_eq!(runtime.block_on(run(other, answer)).status, 404);
    }
}
