//! The room follows: a small web server, off until the players turn it on, that serves a data
//! folder's sessions read-only to the phones of the room (the app's "Suivre sur les
//! téléphones", or `marque serve`). tiny_http speaks HTTP; this module only routes.
//!
//! Safe on a shared Wi-Fi: only GET and HEAD (405 for the rest); every page under a random
//! capability of 128 bits, new each time sharing starts (without it: 404, and nothing named);
//! sessions named by their id from the folder's listing, never by a path; the trash and damaged
//! files never listed; every text escaped; a Content-Security-Policy that allows nothing from
//! another origin and no inline script; at most [`MAX_CLIENTS`] requests served at once (the
//! next: 503).

mod listen;
mod live;
pub mod pages;

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;

use notify::Watcher as _;
use tiny_http::{Header, Method, Request, Response, StatusCode};

use crate::i18n::Lang;
use pages::Base;

/// The most clients served at once by default (pages being sent and pages following, counted
/// once their request, with its capability, is read); the next is told 503 at once. A
/// connection still sending its request is tiny_http's, not counted here (see the README's
/// known limits).
pub const MAX_CLIENTS: usize = 64;
/// The longest request line taken (a longer one: 414).
const MAX_URL: usize = 2048;
/// Threads answering requests (a page following a session has one of its own).
const WORKERS: usize = 4;
/// A comment sent to a following page when nothing happened, so that it knows it is still
/// connected (and a dead connection is found).
const HEARTBEAT: Duration = Duration::from_secs(15);

const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; \
                   img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
const APP_JS: &str = include_str!("app.js");
const STYLE: &str = include_str!("style.css");

/// The folder as the pages read it: its sessions, the club's names merged by hand (read,
/// never written), and the ratings (those the index kept, where they are of these sessions).
pub struct Listing {
    pub listed: Vec<crate::store::Listed>,
    pub people: marque_core::stats::People,
    pub ratings: marque_core::ratings::Ratings,
}

/// A sharing under way: where the pages are, and the threads serving them.
pub struct Sharing {
    url: String,
    local: SocketAddr,
    stop: Arc<AtomicBool>,
    server: Arc<listen::Listening>,
    awake: Option<JoinHandle<()>>,
    hub: Arc<live::Hub>,
    threads: Vec<JoinHandle<()>>,
    _watcher: Option<notify::RecommendedWatcher>,
}

/// The address the room reaches this machine at: the first private IPv4 address of a network
/// interface that is up, else any non-loopback one, else loopback.
pub fn room_address() -> IpAddr {
    let addrs: Vec<IpAddr> = if_addrs::get_if_addrs()
        .map(|v| {
            v.into_iter()
                .filter(|i| !i.is_loopback())
                .map(|i| i.ip())
                .collect()
        })
        .unwrap_or_default();
    let private = |ip: &IpAddr| matches!(ip, IpAddr::V4(v) if v.is_private());
    addrs
        .iter()
        .find(|ip| private(ip))
        .or_else(|| addrs.iter().find(|ip| ip.is_ipv4()))
        .copied()
        .unwrap_or(IpAddr::from([127, 0, 0, 1]))
}

/// 128 bits from the system's generator, in hex.
fn capability() -> std::io::Result<String> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).map_err(|e| std::io::Error::other(e.to_string()))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

impl Sharing {
    /// Starts serving `folder` on `bind`:`port` (0: any free port). The pages' address uses
    /// `bind`, or the room's address when `bind` is unspecified (0.0.0.0).
    pub fn start(folder: PathBuf, bind: IpAddr, port: u16) -> std::io::Result<Sharing> {
        Sharing::start_for(folder, (bind, port), MAX_CLIENTS)
    }

    /// [`Sharing::start`] for at most `clients_at_most` clients at once (a club with more
    /// phones than [`MAX_CLIENTS`]).
    pub fn start_for(
        folder: PathBuf,
        (bind, port): (IpAddr, u16),
        clients_at_most: usize,
    ) -> std::io::Result<Sharing> {
        let stop = Arc::new(AtomicBool::new(false));
        let timeout = std::env::var("MARQUE_SERVE_TIMEOUT_MS")
            .ok()
            .and_then(|v| v.parse().ok())
            .map_or(listen::TIMEOUT, Duration::from_millis);
        let server =
            listen::Listening::bind(SocketAddr::new(bind, port), timeout, stop.clone(), WORKERS)?;
        let local = server.local_addr()?;
        // Where this machine reaches the server itself.
        let here = SocketAddr::new(
            match bind {
                // `::` may listen on IPv6 alone: its own loopback reaches it.
                IpAddr::V6(a) if a.is_unspecified() => IpAddr::V6(std::net::Ipv6Addr::LOCALHOST),
                IpAddr::V4(a) if a.is_unspecified() => IpAddr::V4(std::net::Ipv4Addr::LOCALHOST),
                _ => bind,
            },
            local.port(),
        );
        let cap = capability()?;
        let host = if bind.is_unspecified() {
            room_address()
        } else {
            bind
        };
        let url = format!("http://{}/{cap}/", SocketAddr::new(host, local.port()));
        let server = Arc::new(server);
        let hub = Arc::new(live::Hub::new(folder.clone(), format!("/{cap}")));
        let clients = Arc::new(AtomicUsize::new(0));
        let heartbeat = std::env::var("MARQUE_SERVE_HEARTBEAT_MS")
            .ok()
            .and_then(|v| v.parse().ok())
            .map_or(HEARTBEAT, Duration::from_millis);
        let mut threads = Vec::new();
        for k in 0..WORKERS {
            let ctx = Ctx {
                cap: cap.clone(),
                local: here,
                max: clients_at_most,
                hub: hub.clone(),
                clients: clients.clone(),
                heartbeat,
            };
            let server = server.clone();
            threads.push(
                std::thread::Builder::new()
                    .name(format!("marque-serve-{k}"))
                    .spawn(move || {
                        while let Some(req) = server.recv() {
                            ctx.handle(req);
                        }
                    })?,
            );
        }
        // The folder watched: each change read once, a short moment after it (a save is a
        // write and a rename).
        let (tx, rx) = std::sync::mpsc::channel::<()>();
        let watcher = notify::recommended_watcher(move |e: notify::Result<notify::Event>| {
            if e.is_ok_and(|e| !matches!(e.kind, notify::EventKind::Access(_))) {
                tx.send(()).ok();
            }
        })
        .and_then(|mut w| {
            w.watch(&folder, notify::RecursiveMode::NonRecursive)?;
            Ok(w)
        })
        .ok();
        let for_thread = hub.clone();
        // Where the folder cannot be watched (no inotify left, a file system without it), it
        // is looked at once a second instead: pages still follow, a little later.
        let polling = watcher.is_none().then(|| stop.clone());
        threads.push(
            std::thread::Builder::new()
                .name("marque-serve-watch".into())
                .spawn(move || match polling {
                    None => {
                        while rx.recv().is_ok() {
                            std::thread::sleep(Duration::from_millis(30));
                            while rx.try_recv().is_ok() {}
                            for_thread.changed();
                        }
                    }
                    Some(stop) => {
                        while !stop.load(Ordering::Relaxed) {
                            std::thread::sleep(Duration::from_secs(1));
                            for_thread.changed();
                        }
                    }
                })?,
        );
        let awake = Some(listen::keep_awake(here, timeout, stop.clone())?);
        Ok(Sharing {
            url,
            local,
            stop,
            server,
            awake,
            hub,
            threads,
            _watcher: watcher,
        })
    }

    /// The pages' address, capability included (what the QR code holds).
    pub fn url(&self) -> &str {
        &self.url
    }

    /// The socket it listens on.
    pub fn local_addr(&self) -> SocketAddr {
        self.local
    }

    /// Stops serving: no more connections, every following page let go.
    pub fn stop(mut self) {
        self.halt();
    }

    fn halt(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        self.server.close();
        self.server.unblock();
        if let Some(awake) = self.awake.take() {
            awake.thread().unpark();
            awake.join().ok();
        }
        self.hub.close();
        self._watcher = None;
        for t in self.threads.drain(..) {
            t.join().ok();
        }
    }
}

impl Drop for Sharing {
    fn drop(&mut self) {
        self.halt();
    }
}

/// What a worker answers with.
struct Ctx {
    cap: String,
    /// Where the server listens (on this machine).
    local: SocketAddr,
    /// The most clients served at once.
    max: usize,
    hub: Arc<live::Hub>,
    clients: Arc<AtomicUsize>,
    heartbeat: Duration,
}

fn header(name: &str, value: &str) -> Header {
    // (Names and values are this module's own ASCII: they always make a header.)
    Header::from_bytes(name.as_bytes(), value.as_bytes()).unwrap_or_else(|()| {
        Header::from_bytes(&b"X-Marque"[..], &b"1"[..]).unwrap_or_else(|()| unreachable!())
    })
}

/// A response with the headers every page carries.
fn respond(req: Request, status: u16, kind: &str, body: String) {
    // HEAD: tiny_http sends the head alone, with the length the body would have.
    let mut r = Response::from_string(body)
        .with_status_code(StatusCode(status))
        .with_header(header("Content-Type", kind))
        .with_header(header("Content-Security-Policy", CSP))
        .with_header(header("X-Content-Type-Options", "nosniff"))
        .with_header(header("Referrer-Policy", "no-referrer"))
        .with_header(header("Cache-Control", "no-store"));
    if status == 405 {
        r = r.with_header(header("Allow", "GET, HEAD"));
    }
    req.respond(r).ok();
}

const HTML: &str = "text/html; charset=utf-8";
const TEXT: &str = "text/plain; charset=utf-8";

/// The page's language: `?lang=`, else the phone's (`Accept-Language`), French first.
fn language(req: &Request, query: &str) -> Lang {
    for pair in query.split('&') {
        match pair {
            "lang=en" => return Lang::En,
            "lang=fr" => return Lang::Fr,
            _ => {}
        }
    }
    let accept = req
        .headers()
        .iter()
        .find(|h| h.field.equiv("Accept-Language"))
        .map(|h| h.value.as_str().to_ascii_lowercase())
        .unwrap_or_default();
    let first = accept.split(',').next().unwrap_or("").trim();
    if first.starts_with("en") {
        Lang::En
    } else {
        Lang::Fr
    }
}

/// Whether two strings are equal, in a time that does not depend on where they differ.
fn same(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |d, (x, y)| d | (x ^ y)) == 0
}

impl Ctx {
    fn handle(&self, req: Request) {
        // What is refused at once costs nothing worth counting (and this server's own short
        // connections, see `kick`, never take a client's place).
        if !matches!(req.method(), Method::Get | Method::Head) {
            return respond(req, 405, TEXT, "Method not allowed\n".into());
        }
        let first = req.url().trim_start_matches('/').split(['/', '?']).next();
        if !first.is_some_and(|f| same(f, &self.cap)) {
            return respond(req, 404, TEXT, "Not found\n".into());
        }
        if self.clients.fetch_add(1, Ordering::SeqCst) >= self.max {
            self.clients.fetch_sub(1, Ordering::SeqCst);
            return respond(req, 503, TEXT, "Busy\n".into());
        }
        if let Some(follow) = self.route(req) {
            // A page following a session: a thread of its own, which lets the client go.
            let clients = self.clients.clone();
            let heartbeat = self.heartbeat;
            let local = self.local;
            let spawned = std::thread::Builder::new()
                .name("marque-serve-page".into())
                .stack_size(128 * 1024)
                .spawn(move || {
                    follow.run(heartbeat, local);
                    clients.fetch_sub(1, Ordering::SeqCst);
                });
            if spawned.is_err() {
                self.clients.fetch_sub(1, Ordering::SeqCst);
            }
        } else {
            self.clients.fetch_sub(1, Ordering::SeqCst);
        }
    }

    /// Answers `req`; a request for a session's events is handed back to be followed.
    fn route(&self, req: Request) -> Option<Follow> {
        if !matches!(req.method(), Method::Get | Method::Head) {
            respond(req, 405, TEXT, "Method not allowed\n".into());
            return None;
        }
        let url = req.url().to_string();
        if url.len() > MAX_URL {
            respond(req, 414, TEXT, "Too long\n".into());
            return None;
        }
        let (path, query) = url.split_once('?').unwrap_or((&url, ""));
        let parts: Vec<&str> = path.trim_start_matches('/').split('/').collect();
        let Some((first, rest)) = parts.split_first() else {
            return self.not_found(req);
        };
        if !same(first, &self.cap) {
            return self.not_found(req);
        }
        let lang = language(&req, query);
        let base = Base {
            root: format!("/{}", self.cap),
            lang,
        };
        match rest {
            [] | [""] => {
                let listing = self.hub.listing();
                respond(
                    req,
                    200,
                    HTML,
                    pages::index(&base, &listing, std::time::SystemTime::now()),
                );
            }
            ["app.js"] => respond(req, 200, "text/javascript; charset=utf-8", APP_JS.into()),
            ["style.css"] => respond(req, 200, "text/css; charset=utf-8", STYLE.into()),
            ["s", id, more @ ..] => return self.session(req, &base, id, more),
            _ => return self.not_found(req),
        }
        None
    }

    fn not_found(&self, req: Request) -> Option<Follow> {
        respond(req, 404, TEXT, "Not found\n".into());
        None
    }

    /// Session `id`'s page, one of its hands, or its events.
    fn session(&self, req: Request, base: &Base, id: &str, more: &[&str]) -> Option<Follow> {
        // Named as the listing names it: a segment that is no listed id is not found.
        let listing = self.hub.listing();
        let found = crate::store::one_per_session(&listing.listed).find_map(|l| match &l.state {
            crate::store::FileState::Fine(s) => {
                s.id.as_deref()
                    .filter(|i| pages::segment(i) == *id)
                    .map(|i| (i.to_string(), l.path.clone()))
            }
            _ => None,
        });
        // A file turned into a link since it was listed is not followed either.
        let Some((id, path)) = found.filter(|(_, p)| live::own_file(p)) else {
            return self.not_found(req);
        };
        if more == ["events"] {
            let events = self.hub.follow(&id, path, base.lang);
            return Some(Follow { req, events });
        }
        let Ok(loaded) = crate::store::read_session(&path) else {
            // Gone, or there but not readable just now (written in place): said so, the
            // latter to be loaded again in a moment.
            if live::own_file(&path) {
                respond(req, 503, HTML, pages::busy(base));
            } else {
                respond(req, 404, HTML, pages::gone(base));
            }
            return None;
        };
        let (session, sheet) = (&loaded.session, &loaded.sheet);
        match more {
            [] => respond(
                req,
                200,
                HTML,
                pages::session_page(base, &id, session, sheet),
            ),
            ["h", n] => match n
                .parse::<usize>()
                .ok()
                .and_then(|n| n.checked_sub(1))
                .and_then(|i| pages::hand_page(base, &id, session, sheet, i))
            {
                Some(page) => respond(req, 200, HTML, page),
                None => return self.not_found(req),
            },
            _ => return self.not_found(req),
        }
        None
    }
}

/// A request of nothing, from this machine to the server at `local` (answered 404 like any
/// request without the capability): tiny_http's pool takes a queued connection in turn.
fn kick(local: SocketAddr) {
    use std::io::Write as _;
    if let Ok(mut s) = std::net::TcpStream::connect(local) {
        s.write_all(b"HEAD / HTTP/1.0\r\n\r\n").ok();
    }
}

/// A page following a session: its connection, and the events for it.
struct Follow {
    req: Request,
    events: std::sync::mpsc::Receiver<live::Event>,
}

impl Follow {
    /// Sends each event as it comes, and a heartbeat when nothing came for a while, until the
    /// page goes or sharing stops.
    fn run(self, heartbeat: Duration, local: SocketAddr) {
        use std::io::Write as _;
        use std::sync::mpsc::RecvTimeoutError;
        let head = self.req.method() == &Method::Head;
        let mut w = self.req.into_writer();
        let start = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream; charset=utf-8\r\n\
                     Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n\
                     Connection: close\r\n\r\n";
        if w.write_all(start.as_bytes())
            .and_then(|()| w.flush())
            .is_err()
            || head
        {
            return;
        }
        // Reconnect after 2 s if the connection is lost.
        if w.write_all(b"retry: 2000\n\n").is_err() {
            return;
        }
        // This page holds one of tiny_http's connection threads for as long as it follows;
        // when pages come in a burst its pool can leave a connection queued behind them (it
        // counts idle threads before the ones it woke take their task). Short connections of
        // our own, now and a moment later (once the burst has settled), make the pool take
        // its queued connections in turn.
        std::thread::spawn(move || {
            for wait in [0, 100, 500, 2000] {
                std::thread::sleep(Duration::from_millis(wait));
                kick(local);
            }
        });
        loop {
            let sent = match self.events.recv_timeout(heartbeat) {
                Ok(event) => w.write_all(&event),
                Err(RecvTimeoutError::Timeout) => w.write_all(b": heartbeat\n\n"),
                Err(RecvTimeoutError::Disconnected) => return,
            };
            if sent.and_then(|()| w.flush()).is_err() {
                return;
            }
        }
    }
}
