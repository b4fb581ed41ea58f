//! The server's HTTP/1.1 over `std::net`, every part of it bounded against a hostile
//! client: at most [`MAX_CONNECTIONS`] connections are read and answered at once (more
//! wait in the listening queue), each request must arrive whole within
//! [`REQUEST_DEADLINE`] (else 408), its head within [`MAX_HEAD`] bytes (else 431), its
//! body with a `Content-Length` (else 411) of at most [`MAX_BODY`] bytes (else 413, before
//! reading it); one request per connection, answered with `Connection: close`.
//!
//! It replaced `tiny_http` 0.12, which offers none of these bounds: no read timeout and no
//! access to the accepted sockets (a client that sent a head and then nothing held a request
//! thread for ever), no limit on the head, and a request declaring a huge `Content-Length`
//! aborted the whole server (its body reader allocates the undeclared rest at once when
//! dropped).

use super::api::Answer;
use super::search::Slots;
use std::io::{ErrorKind, Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Connections read and answered at once; more wait in the listening queue.
pub const MAX_CONNECTIONS: usize = 32;
/// The time a request has to arrive whole, from its connection's acceptance.
pub const REQUEST_DEADLINE: Duration = Duration::from_secs(3);
/// The longest request head (request line and header fields), in bytes.
pub const MAX_HEAD: usize = 16 * 1024;
/// The longest request body, in bytes.
pub const MAX_BODY: usize = 256 * 1024;
/// The time an answer has to be written (a client that reads nothing is dropped).
const WRITE_TIMEOUT: Duration = Duration::from_secs(10);
/// How long, after answering, the rest of what the client sends is read and dropped (so
/// that closing with unread data does not reset the connection before the answer is read).
const LINGER: Duration = Duration::from_millis(500);

/// A request as the routes see it.
pub struct Request {
    /// `GET`, `POST`, … (a `HEAD` is answered as a `GET` without its body).
    pub method: String,
    /// The path with its query, as sent.
    pub target: String,
    /// The body (empty without one).
    pub body: Vec<u8>,
}

/// Serves `listener` for ever, answering each request with `answer` on a thread of its
/// connection's own, at most [`MAX_CONNECTIONS`] at once.
pub fn serve(listener: TcpListener, answer: Arc<dyn Fn(&Request) -> Answer + Send + Sync>) {
    let open = Arc::new(Slots::new(MAX_CONNECTIONS));
    let never = AtomicBool::new(false);
    loop {
        while !open.take_within(Duration::from_secs(60), &never) {}
        let stream = match listener.accept() {
            Ok((stream, _)) => stream,
            Err(_) => {
                // Out of file descriptors, or a connection reset while queued: wait a little.
                open.give();
                std::thread::sleep(Duration::from_millis(20));
                continue;
            }
        };
        let (open2, answer2) = (open.clone(), answer.clone());
        let spawned = std::thread::Builder::new()
            .name("http".into())
            .spawn(move || {
                connection(stream, &*answer2);
                open2.give();
            });
        if spawned.is_err() {
            open.give();
        }
    }
}

/// Reads one request from `stream`, answers it and closes.
fn connection(mut stream: TcpStream, answer: &(dyn Fn(&Request) -> Answer + Send + Sync)) {
    let deadline = Instant::now() + REQUEST_DEADLINE;
    let _ = stream.set_write_timeout(Some(WRITE_TIMEOUT));
    let (reply, head_only) = match read_request(&mut stream, deadline) {
        Ok(mut request) => {
            let head_only = request.method == "HEAD";
            if head_only {
                request.method = "GET".into();
            }
            (answer(&request), head_only)
        }
        Err(reply) => (reply, false),
    };
    let _ = write_answer(&mut stream, &reply, head_only);
    let _ = stream.shutdown(Shutdown::Write);
    linger(&mut stream);
}

/// Reads and drops what the client still sends, for at most [`LINGER`] and 1 MiB.
fn linger(stream: &mut TcpStream) {
    let until = Instant::now() + LINGER;
    let mut buf = [0u8; 8192];
    let mut left = 1 << 20;
    while left > 0 {
        let Some(wait) = until
            .checked_duration_since(Instant::now())
            .filter(|w| !w.is_zero())
        else {
            return;
        };
        if stream.set_read_timeout(Some(wait)).is_err() {
            return;
        }
        match stream.read(&mut buf) {
            Ok(0) | Err(_) => return,
            Ok(n) => left -= n.min(left),
        }
    }
}

/// Reads into `buf` from `stream` before `deadline`: the bytes read (0 at the end of the
/// stream), or the answer to give when time ran out or reading failed.
fn read_some(stream: &mut TcpStream, buf: &mut [u8], deadline: Instant) -> Result<usize, Answer> {
    let late = || {
        Answer::error(
            408,
            format!(
                "the request did not arrive whole within {} s",
                REQUEST_DEADLINE.as_secs()
            ),
        )
    };
    loop {
        let wait = deadline
            .checked_duration_since(Instant::now())
            .filter(|w| !w.is_zero())
            .ok_or_else(late)?;
        stream
            .set_read_timeout(Some(wait))
            .map_err(|_| Answer::error(400, "cannot read the request"))?;
        match stream.read(buf) {
            Ok(n) => return Ok(n),
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {
                return Err(late())
            }
            Err(_) => return Err(Answer::error(400, "cannot read the request")),
        }
    }
}

/// Where the head ends in `buf` (at its empty line): the index the body starts at.
fn head_end(buf: &[u8]) -> Option<usize> {
    let at = buf.windows(2).position(|w| w == b"\n\n");
    let crlf = buf.windows(4).position(|w| w == b"\r\n\r\n");
    match (at, crlf) {
        (Some(a), Some(c)) if c < a => Some(c + 4),
        (Some(a), _) => Some(a + 2),
        (None, Some(c)) => Some(c + 4),
        (None, None) => None,
    }
}

/// Reads one request from `stream` before `deadline`; an error answer names what was wrong.
fn read_request(stream: &mut TcpStream, deadline: Instant) -> Result<Request, Answer> {
    let mut buf = Vec::with_capacity(2048);
    let mut chunk = [0u8; 4096];
    let body_start = loop {
        if let Some(end) = head_end(&buf) {
            break end;
        }
        if buf.len() > MAX_HEAD {
            return Err(Answer::error(
                431,
                format!("the request's head is over {MAX_HEAD} bytes"),
            ));
        }
        let n = read_some(stream, &mut chunk, deadline)?;
        if n == 0 {
            return Err(Answer::error(400, "the request ended before its head did"));
        }
        buf.extend_from_slice(&chunk[..n]);
    };
    if body_start > MAX_HEAD {
        return Err(Answer::error(
            431,
            format!("the request's head is over {MAX_HEAD} bytes"),
        ));
    }
    let head = std::str::from_utf8(&buf[..body_start])
        .map_err(|_| Answer::error(400, "the request's head is not UTF-8"))?;
    let head = Head::parse(head)?;
    let received = buf.len() - body_start;
    let length = match head.content_length {
        Some(n) => n,
        None if received > 0 => {
            return Err(Answer::error(
                411,
                "a request body needs a Content-Length header",
            ))
        }
        None => 0,
    };
    if length > MAX_BODY as u64 {
        return Err(Answer::error(
            413,
            format!("the body is over {MAX_BODY} bytes ({length} declared)"),
        ));
    }
    let length = length as usize;
    let mut body = buf.split_off(body_start);
    if head.expect_continue && body.len() < length {
        stream
            .write_all(b"HTTP/1.1 100 Continue\r\n\r\n")
            .map_err(|_| Answer::error(400, "cannot answer the request's Expect"))?;
    }
    while body.len() < length {
        let n = read_some(stream, &mut chunk, deadline)?;
        if n == 0 {
            return Err(Answer::error(
                400,
                format!(
                    "the body ended after {} of its {length} declared bytes",
                    body.len()
                ),
            ));
        }
        body.extend_from_slice(&chunk[..n]);
    }
    body.truncate(length);
    Ok(Request {
        method: head.method,
        target: head.target,
        body,
    })
}

/// What the routes need of a request's head.
struct Head {
    method: String,
    target: String,
    content_length: Option<u64>,
    expect_continue: bool,
}

impl Head {
    /// Parses the request line and the header fields.
    fn parse(text: &str) -> Result<Head, Answer> {
        let mut lines = text.lines().map(|l| l.trim_end_matches('\r'));
        let line = lines.next().unwrap_or("");
        let words: Vec<&str> = line.split(' ').collect();
        let [method, target, version] = words.as_slice() else {
            return Err(Answer::error(
                400,
                "the request line is not 'METHOD /path HTTP/1.1'",
            ));
        };
        if method.is_empty() || !method.bytes().all(|b| b.is_ascii_uppercase()) {
            return Err(Answer::error(
                400,
                format!("the method '{method}' is not a word in capitals"),
            ));
        }
        if !version.starts_with("HTTP/1.") {
            return Err(Answer::error(
                505,
                format!("only HTTP/1.0 and HTTP/1.1 are served, not '{version}'"),
            ));
        }
        let mut head = Head {
            method: method.to_string(),
            target: target.to_string(),
            content_length: None,
            expect_continue: false,
        };
        for line in lines.filter(|l| !l.is_empty()) {
            let (name, value) = line.split_once(':').ok_or_else(|| {
                Answer::error(400, format!("the header line '{line}' has no ':'"))
            })?;
            let value = value.trim();
            match name.trim().to_ascii_lowercase().as_str() {
                "content-length" => {
                    let n = value
                        .parse::<u64>()
                        .ok()
                        .filter(|_| value.bytes().all(|b| b.is_ascii_digit()))
                        .ok_or_else(|| {
                            Answer::error(
                                400,
                                format!("the Content-Length '{value}' is not a whole number"),
                            )
                        })?;
                    if head.content_length.is_some_and(|m| m != n) {
                        return Err(Answer::error(
                            400,
                            "the request has two different Content-Length headers",
                        ));
                    }
                    head.content_length = Some(n);
                }
                "transfer-encoding" => {
                    return Err(Answer::error(
                        411,
                        format!(
                            "Transfer-Encoding '{value}' is not read: send the body with a Content-Length"
                        ),
                    ))
                }
                "expect" if value.eq_ignore_ascii_case("100-continue") => {
                    head.expect_continue = true
                }
                "expect" => {
                    return Err(Answer::error(
                        417,
                        format!("the expectation '{value}' is not met"),
                    ))
                }
                _ => {}
            }
        }
        Ok(head)
    }
}

/// Writes `reply` (its head only if `head_only`), closing the connection.
fn write_answer(stream: &mut TcpStream, reply: &Answer, head_only: bool) -> std::io::Result<()> {
    let head = format!(
        "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nContent-Length: {}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n",
        reply.status,
        reason(reply.status),
        reply.content_type,
        reply.body.len()
    );
    stream.write_all(head.as_bytes())?;
    if !head_only {
        stream.write_all(reply.body.as_bytes())?;
    }
    stream.flush()
}

/// The reason phrase of a status.
fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        411 => "Length Required",
        413 => "Content Too Large",
        417 => "Expectation Failed",
        429 => "Too Many Requests",
        431 => "Request Header Fields Too Large",
        505 => "HTTP Version Not Supported",
        _ => "Error",
    }
}
