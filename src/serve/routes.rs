//! What the room's server answers: the capability checked first, then the list, a session's
//! page, a hand's count, or a session's events. Pages are made on the runtime's blocking
//! threads (a long session's page takes a while), a few at once.

use std::collections::HashMap;
use std::net::IpAddr;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use bytes::Bytes;
use http_body_util::{Either, Full};
use hyper::header::{self, HeaderValue};
use hyper::{Method, Request, Response, StatusCode};

use super::live::{self, Events};
use super::net::Conn;
use super::pages::Listing;
use super::pages::{self, Base};
use marque_core::i18n::Lang;

/// The longest request target taken (a longer one: 414; past the head's limit: 431).
const MAX_URL: usize = 2048;
/// The most pages following from one address other than this machine's: one phone cannot
/// take the room's places.
pub const STREAMS_PER_ADDRESS: usize = 8;
/// Pages made at once (the others wait their turn): ten asks for a long session's page never
/// hold ten of it in memory.
const MAKING: usize = 2;

const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; \
                   img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
const APP_JS: &str = include_str!("app.js");
const STYLE: &str = include_str!("style.css");
const HTML: &str = "text/html; charset=utf-8";
const TEXT: &str = "text/plain; charset=utf-8";

/// A following page's stream, holding its place.
pub type Stream = Events<Place>;

/// What a response carries: a whole page, or a following page's events.
pub(crate) type Body = http_body_util::Either<http_body_util::Full<bytes::Bytes>, Stream>;

/// The answers of one sharing.
pub struct Routes {
    cap: String,
    hub: Arc<live::Hub>,
    /// The most pages following at once.
    max: usize,
    heartbeat: Duration,
    following: Arc<Mutex<Following>>,
    making: tokio::sync::Semaphore,
}

/// The pages following, in all and by address.
#[derive(Default)]
struct Following {
    all: usize,
    by_address: HashMap<IpAddr, usize>,
}

/// A following page's place, given back when its stream ends (its connection marked as
/// carrying a stream meanwhile).
pub struct Place {
    following: Arc<Mutex<Following>>,
    ip: IpAddr,
    _streaming: super::net::Streaming,
}

impl Drop for Place {
    fn drop(&mut self) {
        let mut f = self.following.lock().unwrap_or_else(|e| e.into_inner());
        f.all = f.all.saturating_sub(1);
        if let Some(n) = f.by_address.get_mut(&self.ip) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                f.by_address.remove(&self.ip);
            }
        }
    }
}

/// A response with the headers every page carries.
fn respond(status: StatusCode, kind: &'static str, body: impl Into<Bytes>) -> Response<Body> {
    let mut r = Response::new(Either::Left(Full::new(body.into())));
    *r.status_mut() = status;
    let h = r.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CSP),
    );
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    if status == StatusCode::METHOD_NOT_ALLOWED {
        h.insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
    }
    r
}

fn not_found() -> Response<Body> {
    respond(StatusCode::NOT_FOUND, TEXT, "Not found\n")
}

/// The response, and its connection closed after it.
fn last(mut r: Response<Body>) -> Response<Body> {
    r.headers_mut()
        .insert(header::CONNECTION, HeaderValue::from_static("close"));
    r
}

/// Whether a request carries a body (a length other than 0, or a transfer coding).
fn has_body(req: &Request<hyper::body::Incoming>) -> bool {
    let h = req.headers();
    h.contains_key(header::TRANSFER_ENCODING)
        || h.get_all(header::CONTENT_LENGTH)
            .iter()
            .any(|v| v.as_bytes() != b"0")
}

/// The page's language: `?lang=`, else the phone's (`Accept-Language`), French first.
fn language(headers: &hyper::HeaderMap, query: &str) -> Lang {
    for pair in query.split('&') {
        match pair {
            "lang=en" => return Lang::En,
            "lang=fr" => return Lang::Fr,
            _ => {}
        }
    }
    let accept = headers
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .map(str::to_ascii_lowercase)
        .unwrap_or_default();
    let first = accept.split(',').next().unwrap_or("").trim();
    if first.starts_with("en") {
        Lang::En
    } else {
        Lang::Fr
    }
}

/// A number written with digits alone (no sign, no more than nine): one page, one address.
fn number(text: &str) -> Option<usize> {
    (!text.is_empty() && text.len() <= 9 && text.bytes().all(|b| b.is_ascii_digit()))
        .then(|| text.parse().ok())
        .flatten()
}

/// Whether two strings are equal, in a time that does not depend on where they differ.
fn same(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |d, (x, y)| d | (x ^ y)) == 0
}

/// What a session's request asks for.
enum Asked {
    /// The page, or the part of its rows before this one.
    Page(Option<usize>),
    Hand(String),
    Events,
}

impl Routes {
    pub fn new(cap: String, hub: Arc<live::Hub>, max: usize, heartbeat: Duration) -> Routes {
        Routes {
            cap,
            hub,
            max,
            heartbeat,
            following: Arc::new(Mutex::new(Following::default())),
            making: tokio::sync::Semaphore::new(MAKING),
        }
    }

    /// Answers `req`, which came on `conn`.
    pub async fn answer(
        self: Arc<Self>,
        req: Request<hyper::body::Incoming>,
        conn: Arc<Conn>,
    ) -> Response<Body> {
        // A body is refused before anything of it is read (no route takes one), and the
        // connection ends: what follows the head is not a request.
        if has_body(&req) {
            return last(respond(
                StatusCode::PAYLOAD_TOO_LARGE,
                TEXT,
                "No body taken\n",
            ));
        }
        let head = req.method() == Method::HEAD;
        if !matches!(*req.method(), Method::GET | Method::HEAD) {
            return respond(StatusCode::METHOD_NOT_ALLOWED, TEXT, "Method not allowed\n");
        }
        let uri = req.uri();
        let path = uri.path();
        let first = path.trim_start_matches('/').split('/').next();
        if !first.is_some_and(|f| same(f, &self.cap)) {
            return not_found();
        }
        conn.trust();
        if uri.path_and_query().map_or(0, |p| p.as_str().len()) > MAX_URL {
            return respond(StatusCode::URI_TOO_LONG, TEXT, "Too long\n");
        }
        let query = uri.query().unwrap_or("");
        let base = Base {
            root: format!("/{}", self.cap),
            lang: language(req.headers(), query),
        };
        let parts: Vec<String> = path
            .trim_start_matches('/')
            .split('/')
            .skip(1)
            .map(str::to_string)
            .collect();
        let parts: Vec<&str> = parts.iter().map(String::as_str).collect();
        match parts.as_slice() {
            [] | [""] => {
                self.made(&conn, move |r| {
                    let listing = r.hub.listing();
                    let page = pages::index(&base, &listing, std::time::SystemTime::now());
                    respond(StatusCode::OK, HTML, page)
                })
                .await
            }
            ["app.js"] => respond(StatusCode::OK, "text/javascript; charset=utf-8", APP_JS),
            ["style.css"] => respond(StatusCode::OK, "text/css; charset=utf-8", STYLE),
            ["s", id, more @ ..] => {
                let asked = match more {
                    [] => Asked::Page(
                        query
                            .split('&')
                            .find_map(|p| p.strip_prefix("before="))
                            .and_then(number),
                    ),
                    ["h", n] => Asked::Hand((*n).to_string()),
                    ["events"] => Asked::Events,
                    _ => return not_found(),
                };
                let id = (*id).to_string();
                match asked {
                    Asked::Events => self.events(&conn, base, id, head).await,
                    asked => {
                        self.made(&conn, move |r| r.session(&base, &id, &asked))
                            .await
                    }
                }
            }
            _ => not_found(),
        }
    }

    /// A page made on a blocking thread, in its turn.
    async fn made(
        self: &Arc<Self>,
        conn: &Arc<Conn>,
        make: impl FnOnce(&Routes) -> Response<Body> + Send + 'static,
    ) -> Response<Body> {
        let _busy = conn.busy();
        let Ok(_turn) = self.making.acquire().await else {
            return respond(StatusCode::SERVICE_UNAVAILABLE, TEXT, "Busy\n");
        };
        let routes = self.clone();
        tokio::task::spawn_blocking(move || {
            let page = make(&routes);
            // A long session read for it is let go: its memory back to the system.
            super::live::let_memory_go();
            page
        })
        .await
        .unwrap_or_else(|_| respond(StatusCode::INTERNAL_SERVER_ERROR, TEXT, "Error\n"))
    }

    /// The file of session `id` (its path segment), as the listing names it.
    fn find(&self, listing: &Listing, id: &str) -> Option<(String, PathBuf)> {
        let found = marque_store::one_per_session(&listing.listed).find_map(|l| match &l.state {
            marque_store::FileState::Fine(s) => {
                s.id.as_deref()
                    .filter(|i| pages::segment(i) == id)
                    .map(|i| (i.to_string(), l.path.clone()))
            }
            _ => None,
        });
        // A file turned into a link since it was listed is not followed either.
        found.filter(|(_, p)| live::own_file(p))
    }

    /// Session `id`'s page or one of its hands.
    fn session(&self, base: &Base, id: &str, asked: &Asked) -> Response<Body> {
        let listing = self.hub.listing();
        let Some((id, path)) = self.find(&listing, id) else {
            return not_found();
        };
        let Ok(loaded) = marque_store::read_session(&path) else {
            // Gone, or there but not readable just now (written in place): said so, the
            // latter to be loaded again in a moment.
            return if live::own_file(&path) {
                respond(StatusCode::SERVICE_UNAVAILABLE, HTML, pages::busy(base))
            } else {
                respond(StatusCode::NOT_FOUND, HTML, pages::gone(base))
            };
        };
        let (session, sheet) = (&loaded.session, &loaded.sheet);
        match asked {
            Asked::Hand(n) => match number(n)
                .and_then(|n| n.checked_sub(1))
                .and_then(|i| pages::hand_page(base, &id, session, sheet, i))
            {
                Some(page) => respond(StatusCode::OK, HTML, page),
                None => not_found(),
            },
            Asked::Page(before) => respond(
                StatusCode::OK,
                HTML,
                pages::session_page(base, &id, session, sheet, *before),
            ),
            Asked::Events => not_found(),
        }
    }

    /// Session `id`'s events: the sheet as it is, then each change, for as long as the page
    /// follows (a place among [`Routes::max`], and among [`STREAMS_PER_ADDRESS`] for an
    /// address other than this machine's). HEAD says the same head and follows nothing.
    async fn events(
        self: &Arc<Self>,
        conn: &Arc<Conn>,
        base: Base,
        id: String,
        head: bool,
    ) -> Response<Body> {
        let stream_head = |r: Response<Body>| {
            let mut r = last(r);
            r.headers_mut().insert(
                header::CONTENT_TYPE,
                HeaderValue::from_static("text/event-stream; charset=utf-8"),
            );
            r
        };
        let Some(place) = (!head).then(|| self.place(conn)) else {
            // HEAD: the head a GET would have (when the session is there), nothing followed.
            let r = self.clone();
            let found = tokio::task::spawn_blocking(move || r.find(&r.hub.listing(), &id))
                .await
                .ok()
                .flatten();
            return match found {
                Some(_) => stream_head(respond(StatusCode::OK, TEXT, Bytes::new())),
                None => not_found(),
            };
        };
        let Some(place) = place else {
            return last(respond(StatusCode::SERVICE_UNAVAILABLE, TEXT, "Busy\n"));
        };
        let _busy = conn.busy();
        let r = self.clone();
        let lang = base.lang;
        let followed = tokio::task::spawn_blocking(move || {
            let (id, path) = r.find(&r.hub.listing(), &id)?;
            Some(r.hub.follow(&id, path, lang))
        })
        .await
        .ok()
        .flatten();
        let Some(events) = followed else {
            return not_found();
        };
        let body = Events::new(events, self.heartbeat, place);
        let mut r = stream_head(respond(StatusCode::OK, TEXT, Bytes::new()));
        *r.body_mut() = Either::Right(body);
        r
    }

    /// A following page's place, if there is one free (in all, and for its address).
    fn place(&self, conn: &Arc<Conn>) -> Option<Place> {
        let (ip, local) = (conn.ip, conn.local());
        let mut f = self.following.lock().unwrap_or_else(|e| e.into_inner());
        let here = f.by_address.get(&ip).copied().unwrap_or(0);
        if f.all >= self.max || (!local && here >= STREAMS_PER_ADDRESS) {
            return None;
        }
        f.all += 1;
        *f.by_address.entry(ip).or_insert(0) += 1;
        Some(Place {
            following: self.following.clone(),
            ip,
            _streaming: conn.streaming(),
        })
    }
}
