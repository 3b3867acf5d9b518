//! The room follows: a small web server, off until the players turn it on, that serves a data
//! folder's sessions read-only to the phones of the room (the app's "Suivre sur les
//! téléphones", or `marque serve`). hyper speaks HTTP/1.1 on a tokio runtime of this module's
//! own (one thread, and a few for the pages being made); `net` holds the connections to the
//! room's limits, `routes` answers.
//!
//! Safe on a shared Wi-Fi: only GET and HEAD (405 for the rest, a body refused before it is
//! read); every page under a random capability of 128 bits, new each time sharing starts
//! (without it: 404, and nothing named); sessions named by their id from the folder's listing,
//! never by a path; the trash and damaged files never listed; every text escaped; a
//! Content-Security-Policy that allows nothing from another origin and no inline script; at
//! most [`MAX_CLIENTS`] pages following at once (the next: 503).

pub mod answers;
mod evening;
mod form;
mod live;
mod net;
pub mod pages;
pub mod pairing;
mod phone;
mod routes;
mod stakes;
mod turns;

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;

use std::sync::mpsc::RecvTimeoutError;

use marque_store::watch::Watcher;

/// The most pages following at once by default (`--clients`); the next is told 503 at once.
pub const MAX_CLIENTS: usize = 64;
/// A comment sent to a following page when nothing happened, so that it knows it is still
/// connected (and a dead connection is found); at most half the silence a connection may keep.
const HEARTBEAT: Duration = Duration::from_secs(5);

/// A pairing offer just made, as the players are shown it.
#[derive(Debug, Clone)]
pub struct NewOffer {
    pub offer: pairing::Offer,
    /// The session's title (its game's name when it has none).
    pub title: String,
    /// The side's name, as the table says it.
    pub side: String,
    /// The address its QR code holds.
    pub url: String,
}

/// A sharing under way: where the pages are, and the threads serving them.
pub struct Sharing {
    url: String,
    /// The capability the pages live under.
    cap: String,
    /// Whether it listens on every network (its address may then be changed for another).
    any: bool,
    local: SocketAddr,
    stop: Arc<AtomicBool>,
    /// Tells the server's runtime to stop.
    halt: Option<tokio::sync::watch::Sender<bool>>,
    hub: Arc<live::Hub>,
    pairings: Arc<pairing::Pairings>,
    routes: Arc<routes::Routes>,
    threads: Vec<JoinHandle<()>>,
}

/// The name the room's pages give the evening at `path` of data folder `folder` (its
/// address's segment), as a table's offer names it.
pub fn evening_name(folder: &std::path::Path, path: &std::path::Path) -> Option<String> {
    evening::name_of(folder, path).map(|n| pages::segment(&n))
}

/// This machine's networks a phone may reach it on: each interface's name and IPv4 address,
/// not loopback, private ones first. The window's server listens on every IPv4 address
/// (`0.0.0.0`): an IPv6 address in a code would reach nothing.
pub fn networks() -> Vec<(String, IpAddr)> {
    let mut all: Vec<(String, IpAddr)> = if_addrs::get_if_addrs()
        .map(|v| {
            v.into_iter()
                .filter(|i| !i.is_loopback() && i.ip().is_ipv4())
                .map(|i| (i.name.clone(), i.ip()))
                .collect()
        })
        .unwrap_or_default();
    let rank = |ip: &IpAddr| match ip {
        IpAddr::V4(v) if v.is_private() => 0,
        IpAddr::V4(_) => 1,
        IpAddr::V6(_) => 2,
    };
    all.sort_by_key(|(_, ip)| rank(ip));
    all
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

impl Sharing {
    /// Starts serving the folder `watcher` watches on `bind`:`port` (0: any free port). The
    /// pages' address uses `bind`, or the room's address when `bind` is unspecified (0.0.0.0).
    /// The server follows the folder through that one watcher (the window's, when it shares).
    pub fn start(watcher: Arc<Watcher>, bind: IpAddr, port: u16) -> std::io::Result<Sharing> {
        Sharing::start_for(watcher, (bind, port), MAX_CLIENTS)
    }

    /// [`Sharing::start`] for at most `clients_at_most` pages following at once (a club with
    /// more phones than [`MAX_CLIENTS`]).
    pub fn start_for(
        watcher: Arc<Watcher>,
        (bind, port): (IpAddr, u16),
        clients_at_most: usize,
    ) -> std::io::Result<Sharing> {
        Sharing::start_with(watcher, (bind, port), clients_at_most, None)
    }

    /// [`Sharing::start_for`], `wake` called (never waited on) each time a phone pairs or a
    /// word is written: the window sharing the room shows it at once.
    pub fn start_with(
        watcher: Arc<Watcher>,
        (bind, port): (IpAddr, u16),
        clients_at_most: usize,
        wake: Option<answers::Wake>,
    ) -> std::io::Result<Sharing> {
        let folder = watcher.dir().to_path_buf();
        let stop = Arc::new(AtomicBool::new(false));
        let ms = |name: &str| {
            std::env::var(name)
                .ok()
                .and_then(|v| v.parse().ok())
                .map(Duration::from_millis)
        };
        let silence = ms("MARQUE_SERVE_TIMEOUT_MS").unwrap_or(net::TIMEOUT);
        let heartbeat = ms("MARQUE_SERVE_HEARTBEAT_MS")
            .unwrap_or(HEARTBEAT)
            .min(silence / 2)
            .max(Duration::from_millis(10));
        // Bound here, so that a port taken is said at once.
        let socket = std::net::TcpListener::bind(SocketAddr::new(bind, port))?;
        socket.set_nonblocking(true)?;
        let local = socket.local_addr()?;
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_io()
            .enable_time()
            .max_blocking_threads(4)
            .thread_name("marque-serve-page")
            .build()?;
        let cap = pairing::capability()?;
        let host = if bind.is_unspecified() {
            room_address()
        } else {
            bind
        };
        let url = format!("http://{}/{cap}/", SocketAddr::new(host, local.port()));
        let cap_kept = cap.clone();
        let hub = Arc::new(live::Hub::new(folder.clone(), format!("/{cap}")));
        let pairings = Arc::new(pairing::Pairings::default());
        let routes = Arc::new(routes::Routes::new(
            cap,
            hub.clone(),
            (clients_at_most, heartbeat),
            (pairings.clone(), wake),
        ));
        let conns = Arc::new(net::Conns::new(clients_at_most));
        let (halt, halted) = tokio::sync::watch::channel(false);
        let routes_kept = routes.clone();
        let mut threads = vec![
            std::thread::Builder::new()
                .name("marque-serve".into())
                .spawn(move || {
                    runtime.block_on(accept(socket, conns, routes, silence, halted));
                    // Every connection let go with the runtime.
                    runtime.shutdown_timeout(Duration::from_millis(500));
                })?,
        ];
        // Each change the folder's watcher tells (once the folder is quiet) is read once.
        // Where the folder cannot be watched (no inotify left, a file system without it), it
        // is looked at once a second instead: pages still follow, a little later.
        let changes = watcher.subscribe(|| {});
        let (for_thread, halting) = (hub.clone(), stop.clone());
        threads.push(
            std::thread::Builder::new()
                .name("marque-serve-watch".into())
                .spawn(move || {
                    while !halting.load(Ordering::Relaxed) {
                        match changes.recv_timeout(Duration::from_secs(1)) {
                            Ok(_) => {
                                while changes.try_recv().is_ok() {}
                                for_thread.changed();
                            }
                            Err(RecvTimeoutError::Timeout) if !watcher.watching() => {
                                for_thread.changed();
                            }
                            Err(RecvTimeoutError::Timeout) => {}
                            Err(RecvTimeoutError::Disconnected) => return,
                        }
                    }
                })?,
        );
        Ok(Sharing {
            url,
            cap: cap_kept,
            any: bind.is_unspecified(),
            local,
            stop,
            halt: Some(halt),
            hub,
            pairings,
            routes: routes_kept,
            threads,
        })
    }

    /// The names (besides its addresses) a page may ask this server by: a name the house's
    /// router gives this machine (`marque serve --name`). Any other `Host` is refused.
    pub fn set_names(&self, names: &[String]) {
        self.routes.set_names(names);
    }

    /// The phones paired to give their side's word, and the offers that pair them.
    pub fn pairings(&self) -> &Arc<pairing::Pairings> {
        &self.pairings
    }

    /// The pairing offers made for those not offered yet (a session started since): one a side
    /// that answers, of every session in progress that asks the other side's word; two a table
    /// of every bridge evening, one a table of every Tarot concours; and last, one for the table of every session in progress, at
    /// any game (its phone enters the next hand). Each with the session's title, the side's
    /// name in `lang`, and the address its QR code holds.
    pub fn offer_new(&self, lang: marque_core::i18n::Lang) -> Vec<NewOffer> {
        let listing = self.hub.listing();
        let mut out = Vec::new();
        // The tables' own phones last, after every side's and every evening table's.
        let mut hands = Vec::new();
        for l in marque_store::one_per_session(&listing.listed) {
            let marque_store::FileState::Fine(s) = &l.state else {
                continue;
            };
            let Some(id) = &s.id else {
                continue;
            };
            if s.over() {
                continue;
            }
            let Ok(loaded) = marque_store::read_session(&l.path) else {
                continue;
            };
            let session = &loaded.session;
            let title = session
                .text_field("title")
                .filter(|t| !t.trim().is_empty())
                .unwrap_or_else(|| marque_core::i18n::tr(lang, session.title_key()));
            // The table's own phone, at every game: it enters the next hand.
            let known = self
                .pairings
                .offers()
                .iter()
                .any(|o| &o.session == id && o.table == Some(pairing::Entering::Session));
            if let Ok(offer) = self.pairings.hands_offer(id)
                && !known
            {
                hands.push(NewOffer {
                    url: self.pairing_url(&offer),
                    title: title.clone(),
                    side: String::new(),
                    offer,
                });
            }
            if !s.game.asks_word() {
                continue;
            }
            if !marque_core::history::wants_word(session) {
                continue;
            }
            let names = session.game.side_names(&session.sides(), lang);
            for (side, name) in names.iter().enumerate() {
                let known = self
                    .pairings
                    .offers()
                    .iter()
                    .any(|o| &o.session == id && o.side == side && o.table.is_none());
                let Ok(offer) = self.pairings.offer(id, side, &loaded.sheet.sides[side]) else {
                    continue;
                };
                if !known {
                    out.push(NewOffer {
                        url: self.pairing_url(&offer),
                        title: title.clone(),
                        side: name.clone(),
                        offer,
                    });
                }
            }
        }
        self.offer_tables(lang, &mut out);
        out.append(&mut hands);
        out
    }

    /// The tables of each evening in the folder (made for those not offered yet): at a bridge
    /// evening two offers each, a phone scanned at a table entering its boards and E-W's own
    /// phone (their offers after every table's) giving their word on them; at a Tarot
    /// concours one each, its phone entering the table's deals round after round.
    fn offer_tables(&self, lang: marque_core::i18n::Lang, out: &mut Vec<NewOffer>) {
        let mut verifying = Vec::new();
        for (name, path, title) in evening::evenings(self.hub.folder()) {
            let marque_core::club::TableFile::Read(ev) = marque_store::read_json(&path) else {
                continue;
            };
            // Tables that play a session a round (a Tarot concours): their deals.
            let by_rounds = marque_core::club::session_tables(&ev);
            if !by_rounds.is_empty() {
                self.offer_round_tables(lang, (&name, &title), &by_rounds, out);
                continue;
            }
            if !matches!(ev["kind"].as_str(), Some("pairs" | "teams")) {
                continue;
            }
            for t in ev["tables"].as_array().into_iter().flatten() {
                let (Some(table), Some(file)) = (t["table"].as_u64(), t["file"].as_str()) else {
                    continue;
                };
                // A table's file is a plain name in the evening's folder, nothing else.
                if marque_core::club::plain_name(file).is_err() {
                    continue;
                }
                let Ok(table) = u32::try_from(table) else {
                    continue;
                };
                let name = pages::segment(&name);
                let known = self
                    .pairings
                    .offers()
                    .iter()
                    .any(|o| o.session == name && o.table_file() == Some(file));
                let Ok(offer) = self.pairings.table_offer(&name, table, file) else {
                    continue;
                };
                let side = marque_core::i18n::msg!("ui.table.title", table = i64::from(table))
                    .render(lang);
                if !known {
                    out.push(NewOffer {
                        url: self.pairing_url(&offer),
                        title: title.clone(),
                        side: side.clone(),
                        offer,
                    });
                }
                // E-W's own phone at the table, after every table's.
                if let Ok(offer) = self.pairings.verify_offer(&name, table, file)
                    && !known
                {
                    verifying.push(NewOffer {
                        url: self.pairing_url(&offer),
                        title: title.clone(),
                        side,
                        offer,
                    });
                }
            }
        }
        out.append(&mut verifying);
    }

    /// The tables `tables` of evening `name` (titled `title`), each playing a session a round
    /// (a Tarot concours), one offer each (made for those not
    /// offered yet): a phone scanned at a table enters its deals, round after round.
    fn offer_round_tables(
        &self,
        lang: marque_core::i18n::Lang,
        (name, title): (&str, &str),
        tables: &[u32],
        out: &mut Vec<NewOffer>,
    ) {
        let name = pages::segment(name);
        for &table in tables {
            let entering = pairing::Entering::Deals(table);
            let known = self
                .pairings
                .offers()
                .iter()
                .any(|o| o.session == name && o.table.as_ref() == Some(&entering));
            if known {
                continue;
            }
            if let Ok(offer) = self.pairings.rounds_offer(&name, table) {
                out.push(NewOffer {
                    url: self.pairing_url(&offer),
                    title: title.to_string(),
                    side: marque_core::i18n::msg!("ui.table.title", table = i64::from(table))
                        .render(lang),
                    offer,
                });
            }
        }
    }

    /// The address a phone opens to pair for `offer`'s side (what its QR code holds).
    pub fn pairing_url(&self, offer: &pairing::Offer) -> String {
        format!("{}p/{}", self.url, offer.token)
    }

    /// The pages' address, capability included (what the QR code holds).
    pub fn url(&self) -> &str {
        &self.url
    }

    /// The address the pages are given at: on another of this machine's networks (`ip`), where
    /// the server listens on every network of that family; `--bind` keeps its word, and an
    /// address the socket does not listen on (IPv6 on `0.0.0.0`) is not taken.
    pub fn set_host(&mut self, ip: IpAddr) {
        if self.any && ip.is_ipv4() == self.local.is_ipv4() {
            self.url = format!(
                "http://{}/{}/",
                SocketAddr::new(ip, self.local.port()),
                self.cap
            );
        }
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
        if let Some(halt) = self.halt.take() {
            halt.send(true).ok();
        }
        self.hub.close();
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

/// Takes in connections until told to stop; each is served on a task of its own.
async fn accept(
    socket: std::net::TcpListener,
    conns: Arc<net::Conns>,
    routes: Arc<routes::Routes>,
    silence: Duration,
    mut halted: tokio::sync::watch::Receiver<bool>,
) {
    let Ok(listener) = tokio::net::TcpListener::from_std(socket) else {
        return;
    };
    let http = net::http();
    loop {
        let accepted = tokio::select! {
            a = listener.accept() => a,
            _ = halted.changed() => return,
        };
        let (stream, peer) = match accepted {
            Ok(a) => a,
            Err(e) => {
                // No descriptor left, most likely: a stranger goes, and in a moment, on.
                conns.accept_failed(&e);
                tokio::time::sleep(Duration::from_millis(20)).await;
                continue;
            }
        };
        // No room (every connection that could go showed the capability): closed at once.
        let here = stream.local_addr().ok().map(|a| a.ip());
        let Some(conn) = conns.admit(net::holder(peer.ip(), here)) else {
            continue;
        };
        net::tune(&stream);
        if let Ok(here) = stream.local_addr() {
            conn.reached(here);
        }
        let service = {
            let (routes, conn) = (routes.clone(), conn.clone());
            hyper::service::service_fn(move |req| {
                let (routes, conn) = (routes.clone(), conn.clone());
                async move { Ok::<_, std::convert::Infallible>(routes.answer(req, conn).await) }
            })
        };
        tokio::spawn(net::serve(
            stream,
            conn,
            conns.clone(),
            http.clone(),
            service,
            silence,
        ));
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, reason = "tests fail loudly")]
    use super::*;

    /// Listening on every network, the pages may be given at another of this machine's
    /// addresses; bound to one (`--bind`), they keep it.
    #[test]
    fn the_address_moves_to_another_network_unless_bound() {
        let dir = tempfile::tempdir().unwrap();
        let watcher = Arc::new(Watcher::new(dir.path()));
        let mut any = Sharing::start(watcher.clone(), IpAddr::from([0, 0, 0, 0]), 0).unwrap();
        let port = any.local_addr().port();
        any.set_host(IpAddr::from([127, 0, 0, 2]));
        assert!(
            any.url().starts_with(&format!("http://127.0.0.2:{port}/")),
            "{}",
            any.url()
        );
        let offer = any.pairings().offer("s", 0, "NS").unwrap();
        assert!(
            any.pairing_url(&offer).starts_with("http://127.0.0.2:"),
            "the pairing codes follow"
        );
        // Listening on IPv4 only, an IPv6 address would reach nothing: not taken.
        any.set_host("fd00::2".parse().unwrap());
        assert!(any.url().starts_with("http://127.0.0.2:"), "{}", any.url());
        assert!(
            networks().iter().all(|(_, ip)| ip.is_ipv4()),
            "{:?}",
            networks()
        );
        any.stop();
        let mut bound = Sharing::start(watcher, IpAddr::from([127, 0, 0, 1]), 0).unwrap();
        let url = bound.url().to_string();
        bound.set_host(IpAddr::from([127, 0, 0, 2]));
        assert_eq!(bound.url(), url, "--bind keeps its word");
        bound.stop();
    }
}
