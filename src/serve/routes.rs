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

use super::answers::{self, Wake};
use super::form::{self, field};
use super::live::{self, Events};
use super::net::Conn;
use super::pages::{self, Base};
use super::pairing::{Entering, LABEL_AT_MOST, Paired, Pairings, Phone, WHY_AT_MOST, same};
use super::phone;

mod found;
mod hands;
mod table;
use marque_core::i18n::Lang;

/// The longest request target taken (a longer one: 414; past the head's limit: 431).
const MAX_URL: usize = 2048;
/// The most pages following from one address other than this machine's: one phone cannot
/// take the room's places.
pub const STREAMS_PER_ADDRESS: usize = 8;
/// Phones' words written at once.
const WRITING: usize = 2;

const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; \
                   img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
/// A paired phone's pages post their forms to this server, and nowhere else.
const CSP_FORM: &str = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; \
                        img-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";
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
    making: super::turns::Turns,
    /// Phones' words being written at once (each under its session's lock, apart from the
    /// pages' turns: a word never waits for a long page, nor a page for a word).
    writing: tokio::sync::Semaphore,
    /// The phones paired to give their side's word, and the hands they were shown.
    pairings: Arc<Pairings>,
    /// Told (never waited on) when a phone paired or a word was written.
    wake: Option<Wake>,
    /// The names this server may be asked by besides its addresses (lower case).
    names: Mutex<Vec<String>>,
    /// The forms being sent, by address.
    sending: form::Senders,
    /// Each session's file as last found reading (by its path segment): a file the listing
    /// then sees not reading is being written in place, not gone.
    seen: Mutex<HashMap<String, PathBuf>>,
    /// The sessions the phones' pages read last, each as its file was ([`Routes::load_at`]).
    loaded: Mutex<HashMap<PathBuf, Arc<marque_store::Loaded>>>,
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

/// [`respond`] for a paired phone's page, whose forms post to this server. Its referrer policy
/// is `same-origin`: a browser then names this server as its forms' `Origin` (under
/// `no-referrer` it says `null`, which [`form::same_origin`] refuses), and still tells no other
/// site the address.
fn respond_form(status: StatusCode, body: impl Into<Bytes>) -> Response<Body> {
    let mut r = respond(status, HTML, body);
    let h = r.headers_mut();
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CSP_FORM),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("same-origin"),
    );
    r
}

/// A form refused: its status, the connection closed where its body was left unread.
fn refused(r: form::Refused) -> Response<Body> {
    let text = match r.status {
        StatusCode::FORBIDDEN => "Refused\n",
        StatusCode::PAYLOAD_TOO_LARGE => "Too large\n",
        StatusCode::UNSUPPORTED_MEDIA_TYPE => "Not a form\n",
        StatusCode::REQUEST_TIMEOUT => "Too slow\n",
        _ => "Bad request\n",
    };
    let answer = respond(r.status, TEXT, text);
    if r.close { last(answer) } else { answer }
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

/// A language's code in an address.
fn lang_code(lang: Lang) -> &'static str {
    match lang {
        Lang::Fr => "fr",
        Lang::En => "en",
    }
}

/// A number written with digits alone (no sign, no more than nine): one page, one address.
fn number(text: &str) -> Option<usize> {
    (!text.is_empty() && text.len() <= 9 && text.bytes().all(|b| b.is_ascii_digit()))
        .then(|| text.parse().ok())
        .flatten()
}

/// What a session's request asks for.
enum Asked {
    /// The page, or the part of its rows before this one.
    Page(Option<usize>),
    Hand(String),
    Events,
}

impl Routes {
    pub fn new(
        cap: String,
        hub: Arc<live::Hub>,
        (max, heartbeat): (usize, Duration),
        (pairings, wake): (Arc<Pairings>, Option<Wake>),
    ) -> Routes {
        Routes {
            cap,
            hub,
            max,
            heartbeat,
            following: Arc::new(Mutex::new(Following::default())),
            making: super::turns::Turns::default(),
            pairings,
            wake,
            writing: tokio::sync::Semaphore::new(WRITING),
            names: Mutex::new(Vec::new()),
            sending: form::Senders::default(),
            seen: Mutex::new(HashMap::new()),
            loaded: Mutex::new(HashMap::new()),
        }
    }

    /// The names the server may be asked by besides its addresses (a name the house's router
    /// gives this machine).
    pub fn set_names(&self, names: &[String]) {
        let names = names
            .iter()
            .map(|n| n.trim().trim_end_matches('.').to_ascii_lowercase())
            .filter(|n| !n.is_empty())
            .collect();
        *self.names.lock().unwrap_or_else(|e| e.into_inner()) = names;
    }

    /// Answers `req`, which came on `conn`.
    pub async fn answer(
        self: Arc<Self>,
        req: Request<hyper::body::Incoming>,
        conn: Arc<Conn>,
    ) -> Response<Body> {
        // A body is refused before anything of it is read (only a paired phone's forms take
        // one), and the connection ends: what follows the head is not a request.
        let post = req.method() == Method::POST && self.form_path(req.uri().path());
        if has_body(&req) && !post {
            return last(respond(
                StatusCode::PAYLOAD_TOO_LARGE,
                TEXT,
                "No body taken\n",
            ));
        }
        let head = req.method() == Method::HEAD;
        if !matches!(*req.method(), Method::GET | Method::HEAD | Method::POST) {
            return respond(StatusCode::METHOD_NOT_ALLOWED, TEXT, "Method not allowed\n");
        }
        let uri = req.uri();
        let path = uri.path();
        let first = path.trim_start_matches('/').split('/').next();
        if !first.is_some_and(|f| same(f, &self.cap)) {
            return not_found();
        }
        // Named by this server's address or a name it was given, nothing else: a page of
        // another site whose name was turned to this address reads nothing, even with the
        // capability.
        let names = self.names.lock().unwrap_or_else(|e| e.into_inner()).clone();
        let host = req.headers().get(header::HOST).map(HeaderValue::as_bytes);
        if !conn
            .here()
            .is_some_and(|here| super::net::host_ok(host, here, &names))
        {
            return last(respond(
                StatusCode::MISDIRECTED_REQUEST,
                TEXT,
                "Not this server's name\n",
            ));
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
        // Only a paired phone's forms are posted; anything else posted is refused.
        if req.method() == Method::POST && !post {
            return respond(StatusCode::METHOD_NOT_ALLOWED, TEXT, "Method not allowed\n");
        }
        match parts.as_slice() {
            ["p", offer] => {
                let offer = (*offer).to_string();
                if post {
                    self.pair(req, &conn, base, offer).await
                } else {
                    let ip = conn.ip;
                    self.made(&conn, move |r| r.pair_form(&base, &offer, ip, None))
                        .await
                }
            }
            ["a", token] => self.phone_route(req, &conn, base, token, post).await,
            ["a", token, "stakes"] => {
                let keys = form::decode(query);
                self.stakes_route(&conn, base, token, keys).await
            }
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
            ["e", name] => {
                let name = (*name).to_string();
                let lane = format!("e/{name}");
                self.made_of(&conn, Some(&lane), move |r| {
                    match super::evening::find(r.hub.folder(), &name) {
                        Some((path, title)) => {
                            let page = super::evening::evening_page(&base, &name, &path, &title);
                            respond(StatusCode::OK, HTML, page)
                        }
                        None => not_found(),
                    }
                })
                .await
            }
            ["e", name, "events"] => {
                self.evening_events(&conn, base, (*name).to_string(), head)
                    .await
            }
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
                        let lane = format!("s/{id}");
                        self.made_of(&conn, Some(&lane), move |r| r.session(&base, &id, &asked))
                            .await
                    }
                }
            }
            _ => not_found(),
        }
    }

    /// A paired phone's own page, or what it posted (`post`): a table's, a session table's,
    /// or a side's.
    async fn phone_route(
        self: &Arc<Self>,
        req: Request<hyper::body::Incoming>,
        conn: &Arc<Conn>,
        base: Base,
        token: &str,
        post: bool,
    ) -> Response<Body> {
        let Some(phone) = self.pairings.phone(token) else {
            return respond(StatusCode::NOT_FOUND, HTML, pages::revoked(&base));
        };
        match phone.table {
            Some(Entering::Evening(_) | Entering::Verifying(_)) if post => {
                self.table_post(req, conn, base, phone).await
            }
            Some(Entering::Evening(_) | Entering::Verifying(_)) => {
                self.made(conn, move |r| r.table_page(&base, &phone, None))
                    .await
            }
            Some(Entering::Session | Entering::Deals(_)) if post => {
                self.hands_post(req, conn, base, phone).await
            }
            Some(Entering::Session | Entering::Deals(_)) => {
                self.made(conn, move |r| r.hands_page(&base, &phone, None))
                    .await
            }
            None if post => self.word(req, conn, base, phone).await,
            None => {
                self.made(conn, move |r| r.phone_page(&base, &phone, None))
                    .await
            }
        }
    }

    /// What is at stake as a phone keys a bid (`keys`: its form as it now is): read only,
    /// asked by its page's script.
    async fn stakes_route(
        self: &Arc<Self>,
        conn: &Arc<Conn>,
        base: Base,
        token: &str,
        keys: Vec<(String, String)>,
    ) -> Response<Body> {
        let Some(phone) = self.pairings.phone(token) else {
            return not_found();
        };
        self.made(conn, move |r| match phone.table {
            Some(Entering::Session | Entering::Deals(_)) => r.hands_stakes(&base, &phone, &keys),
            Some(_) => r.table_stakes(&base, &phone, &keys),
            None => not_found(),
        })
        .await
    }

    /// Whether `path` is where a paired phone posts its forms: `/CAPABILITY/p/OFFER` (a phone
    /// names itself) or `/CAPABILITY/a/PAIRING` (its word).
    fn form_path(&self, path: &str) -> bool {
        let mut parts = path.trim_start_matches('/').split('/');
        let cap = parts.next().is_some_and(|c| same(c, &self.cap));
        let kind = parts.next();
        let token = parts.next();
        cap && matches!(kind, Some("p" | "a"))
            && token.is_some_and(|t| !t.is_empty())
            && parts.next().is_none()
    }

    /// The page that names a phone before it pairs through `offer` (`said`: why the last try
    /// was refused).
    fn pair_form(
        &self,
        base: &Base,
        offer: &str,
        ip: std::net::IpAddr,
        said: Option<&marque_core::i18n::Msg>,
    ) -> Response<Body> {
        let Some(offer) = self.pairings.offer_of(offer) else {
            return not_found();
        };
        match offer.table {
            Some(Entering::Evening(_) | Entering::Verifying(_)) => {
                return self.table_pair_form(base, &offer, ip, said);
            }
            Some(Entering::Session | Entering::Deals(_)) => {
                return self.hands_pair_form(base, &offer, ip, said);
            }
            None => {}
        }
        let Some(loaded) = self.load(&offer.session) else {
            return respond(StatusCode::NOT_FOUND, HTML, pages::gone(base));
        };
        let Ok(form) = self.pairings.pairing_form(&offer.token, ip) else {
            return respond(StatusCode::SERVICE_UNAVAILABLE, HTML, pages::busy(base));
        };
        let status = if said.is_some() {
            StatusCode::BAD_REQUEST
        } else {
            StatusCode::OK
        };
        respond_form(
            status,
            phone::pair_page(base, &offer, &loaded.session, &form, said),
        )
    }

    /// A phone names itself and pairs: sent on to its own page (303), where it answers.
    async fn pair(
        self: &Arc<Self>,
        req: Request<hyper::body::Incoming>,
        conn: &Arc<Conn>,
        base: Base,
        offer: String,
    ) -> Response<Body> {
        if self.pairings.offer_of(&offer).is_none() {
            return last(not_found());
        }
        let fields = match self.form_of(req, conn).await {
            Ok(f) => f,
            Err(r) => return r,
        };
        let label = marque_core::i18n::plain_text(field(&fields, "label").unwrap_or(""))
            .trim()
            .to_string();
        if label.is_empty() || label.chars().count() > LABEL_AT_MOST {
            let said = marque_core::i18n::msg!("web.pair.label", max = LABEL_AT_MOST);
            let ip = conn.ip;
            return self
                .made(conn, move |r| r.pair_form(&base, &offer, ip, Some(&said)))
                .await;
        }
        let form = field(&fields, "t").unwrap_or("");
        let ip = conn.ip;
        match self.pairings.pair(&offer, form, &label) {
            Ok(Paired::Phone(phone, _)) => {
                self.woken();
                let mut r = respond(StatusCode::SEE_OTHER, TEXT, "");
                let to = format!(
                    "{}/a/{}?lang={}",
                    base.root,
                    phone.token,
                    lang_code(base.lang)
                );
                if let Ok(v) = HeaderValue::from_str(&to) {
                    r.headers_mut().insert(header::LOCATION, v);
                }
                r
            }
            // A form without its token, or one forgotten since (shown long ago), or a side
            // that has its phones: nothing paired; the form again, saying so.
            Ok(refused) => {
                let said = match refused {
                    Paired::Full => marque_core::i18n::msg!(
                        "web.pair.full",
                        most = super::pairing::PHONES_PER_SIDE as i64
                    ),
                    _ => marque_core::i18n::Msg::new("web.pair.stale"),
                };
                let mut page = self
                    .made(conn, move |r| r.pair_form(&base, &offer, ip, Some(&said)))
                    .await;
                if page.status() == StatusCode::BAD_REQUEST {
                    *page.status_mut() = StatusCode::FORBIDDEN;
                }
                page
            }
            Err(_) => respond(StatusCode::SERVICE_UNAVAILABLE, TEXT, "Busy\n"),
        }
    }

    /// A paired phone's page: the hand its side is asked to answer, with a one-time token
    /// (`said`: what became of its last answer).
    fn phone_page(
        &self,
        base: &Base,
        phone: &Phone,
        said: Option<&marque_core::i18n::Msg>,
    ) -> Response<Body> {
        let Some(loaded) = self.load(&phone.session) else {
            return respond(StatusCode::NOT_FOUND, HTML, pages::gone(base));
        };
        let (session, sheet) = (&loaded.session, &loaded.sheet);
        // A session closed by the players ends its pairings.
        if session.closed {
            self.pairings.forget(&phone.session);
            return respond(StatusCode::NOT_FOUND, HTML, pages::revoked(base));
        }
        // A seat another player took since (a substitute): this phone answers for nobody.
        if sheet.sides.get(phone.side) != Some(&phone.side_name) {
            self.pairings.revoke(&phone.token);
            return respond(StatusCode::NOT_FOUND, HTML, pages::seat_changed(base));
        }
        let answers = phone::Answers::of(session, sheet);
        let ids = marque_core::history::hand_ids(session);
        let shown = answers.asked(phone.side).and_then(|i| {
            let revision =
                marque_core::history::revision((session, sheet), &answers.stands, i, phone.side)?;
            let token = self.pairings.show(&phone.token, &ids[i], &revision).ok()?;
            Some((i, token))
        });
        let shown = shown.as_ref().map(|(i, t)| (*i, t.as_str()));
        respond_form(
            StatusCode::OK,
            phone::phone_page(base, phone, (session, sheet, &answers), shown, said),
        )
    }

    /// A paired phone's word on the hand it was shown: written once through the session's
    /// document (the window's where it holds the session), the same reply to the same answer
    /// sent again; the phone's page again, with what became of it.
    async fn word(
        self: &Arc<Self>,
        req: Request<hyper::body::Incoming>,
        conn: &Arc<Conn>,
        base: Base,
        phone: Phone,
    ) -> Response<Body> {
        let fields = match self.form_of(req, conn).await {
            Ok(f) => f,
            Err(r) => return r,
        };
        let token = field(&fields, "t").unwrap_or("").to_string();
        let agreed = match field(&fields, "w") {
            Some("yes") => true,
            Some("no") => false,
            _ => return respond(StatusCode::BAD_REQUEST, TEXT, "No word\n"),
        };
        // Kept without control characters or direction overrides (the file, the log, the
        // terminal read it as it is written).
        let why = marque_core::i18n::plain_text(field(&fields, "why").unwrap_or(""))
            .trim()
            .to_string();
        if why.chars().count() > WHY_AT_MOST {
            let said = marque_core::i18n::msg!("web.phone.why_long", max = WHY_AT_MOST);
            return self
                .made(conn, move |r| r.phone_page(&base, &phone, Some(&said)))
                .await;
        }
        let reply = self.written(conn, &phone, (token, agreed, why)).await;
        let Some(reply) = reply else {
            return respond(StatusCode::NOT_FOUND, HTML, pages::gone(&base));
        };
        self.made(conn, move |r| match reply {
            // A request without the page's token (or another phone's, or one forgotten since:
            // a page shown long ago): refused, nothing written; the phone's page again, as it
            // now is, saying so.
            None => {
                let said = marque_core::i18n::Msg::new("web.phone.stale");
                let mut page = r.phone_page(&base, &phone, Some(&said));
                if page.status() == StatusCode::OK {
                    *page.status_mut() = StatusCode::FORBIDDEN;
                }
                page
            }
            Some(reply) => r.phone_page(&base, &phone, Some(&answers::said(&reply))),
        })
        .await
    }

    /// A phone's word written through its session file's own document, on a thread of its own
    /// and outside the pages' turns: `None`, the session is gone; `Some(None)`, the page's
    /// token is not a fresh one of this phone's (nothing written).
    async fn written(
        self: &Arc<Self>,
        conn: &Arc<Conn>,
        phone: &Phone,
        (token, agreed, why): (String, bool, String),
    ) -> Option<Option<super::pairing::Reply>> {
        let _busy = conn.busy();
        let Ok(_turn) = self.writing.acquire().await else {
            return None;
        };
        let (r, phone) = (self.clone(), phone.clone());
        let written = tokio::task::spawn_blocking(move || {
            let (_, path) = r.find(&r.hub.listing(), &pages::segment(&phone.session))?;
            let reply = r.pairings.answer(&phone.token, &token, |hand, revision| {
                let word = answers::Word {
                    session: phone.session.clone(),
                    hand: hand.to_string(),
                    revision: revision.to_string(),
                    side: phone.side,
                    side_name: phone.side_name.clone(),
                    agreed,
                    label: phone.label.clone(),
                    why: if agreed { String::new() } else { why.clone() },
                };
                answers::through_file(&path, &word)
            });
            if reply.is_some() {
                r.hub.changed();
                r.woken();
            }
            Some(reply)
        });
        written.await.ok().flatten()
    }

    /// A form's fields, read while its connection is marked as sending one (let go first when
    /// room is needed) and among the few forms one address may send at once ([`form::Senders`];
    /// this machine's have no limit): a crowd of forms trickled a byte at a time costs the room
    /// nothing.
    async fn form_of(
        &self,
        req: Request<hyper::body::Incoming>,
        conn: &Arc<Conn>,
    ) -> Result<Vec<(String, String)>, Response<Body>> {
        let Some(_sending) = self.sending.take(conn.ip, conn.local()) else {
            return Err(last(respond(
                StatusCode::SERVICE_UNAVAILABLE,
                TEXT,
                "Busy\n",
            )));
        };
        let _posting = conn.posting();
        form::fields(req).await.map_err(refused)
    }

    /// The window sharing the room, told that a phone did something.
    fn woken(&self) {
        if let Some(wake) = &self.wake {
            wake();
        }
    }

    /// A page made on a blocking thread, in its turn.
    async fn made(
        self: &Arc<Self>,
        conn: &Arc<Conn>,
        make: impl FnOnce(&Routes) -> Response<Body> + Send + 'static,
    ) -> Response<Body> {
        self.made_of(conn, None, make).await
    }

    /// [`Routes::made`] for a page of session or evening `page`: one of its pages made at a
    /// time, the other turn left to other sessions' pages ([`super::turns`]).
    async fn made_of(
        self: &Arc<Self>,
        conn: &Arc<Conn>,
        page: Option<&str>,
        make: impl FnOnce(&Routes) -> Response<Body> + Send + 'static,
    ) -> Response<Body> {
        let _busy = conn.busy();
        let Some(_turn) = self.making.take(conn.ip, page).await else {
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

    /// Session `id`'s page or one of its hands.
    fn session(&self, base: &Base, id: &str, asked: &Asked) -> Response<Body> {
        let listing = self.hub.listing();
        let Some((id, path)) = self.find(&listing, id) else {
            return match self.being_written(&listing, id) {
                true => respond(StatusCode::SERVICE_UNAVAILABLE, HTML, pages::busy(base)),
                false => not_found(),
            };
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

    /// An evening's page follows it: sent the evening now, then each change, as a session's
    /// page is (its place among the pages following held as long as it lasts).
    async fn evening_events(
        self: &Arc<Self>,
        conn: &Arc<Conn>,
        base: Base,
        name: String,
        head: bool,
    ) -> Response<Body> {
        let r = self.clone();
        let lookup = name.clone();
        let found =
            tokio::task::spawn_blocking(move || super::evening::find(r.hub.folder(), &lookup))
                .await
                .ok()
                .flatten();
        let Some(found) = found else {
            return not_found();
        };
        let mut r = stream_head(respond(StatusCode::OK, TEXT, Bytes::new()));
        if head {
            return r;
        }
        let Some(place) = self.place(conn) else {
            return last(respond(StatusCode::SERVICE_UNAVAILABLE, TEXT, "Busy\n"));
        };
        let _busy = conn.busy();
        let routes = self.clone();
        let lang = base.lang;
        let events = tokio::task::spawn_blocking(move || {
            let root = routes.hub.root().to_string();
            routes.hub.evenings.follow(&root, &name, found, lang)
        })
        .await;
        let Ok(events) = events else {
            return respond(StatusCode::INTERNAL_SERVER_ERROR, TEXT, "Error\n");
        };
        *r.body_mut() = Either::Right(Events::new(events, self.heartbeat, place));
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

/// A following page's answer: its connection ends with it, and it is an event stream.
fn stream_head(r: Response<Body>) -> Response<Body> {
    let mut r = last(r);
    r.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/event-stream; charset=utf-8"),
    );
    r
}
