//! The room's connections: accepted on the server's own tokio runtime, each spoken to by
//! hyper's HTTP/1.1 within the limits a server on a shared Wi-Fi needs.
//!
//! hyper holds the limits of a request's head (its size, its number of headers, the time to
//! send it) and speaks keep-alive and pipelining (one request in flight per connection, the
//! next read once this one is answered). What a library cannot know is the room's policy,
//! kept here in a few lines:
//! - at most [`MAX_CONNECTIONS`] connections (or the clients following plus 192), and
//!   [`PER_ADDRESS`] from one address other than this machine's (an IPv6 address from beyond
//!   this server's own link counted by its /64, [`holder`]);
//! - a connection that has not shown the capability is a stranger: strangers live in a pool
//!   of their own ([`STRANGERS`]), must show it within [`STRANGER_WITHIN`], and when room is
//!   needed the oldest stranger of the address holding the most strangers is let go first,
//!   then the connection idle longest among those that showed the capability, never one carrying a stream or a page being made;
//! - [`TIMEOUT`] of silence (nothing read, nothing written, no page being made for it) ends a
//!   connection: an idle keep-alive, a client that stopped reading its answer;
//! - keep-alive probes and a limit on unacknowledged data: a phone that left the network gives
//!   its place back within 30 s;
//! - out of descriptors, the server lets a stranger go, says so once, and goes on accepting.

use std::collections::HashMap;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;
use tokio::sync::Notify;

/// How long a connection may stay silent (nothing read or written, no page being made for it)
/// before it is closed: an idle keep-alive, a client that stopped reading.
pub const TIMEOUT: Duration = Duration::from_secs(10);
/// A request's head must be whole within this time of the connection waiting for it.
pub const HEAD_WITHIN: Duration = Duration::from_secs(20);
/// A stranger (no request with the capability yet) must show it within this time.
pub const STRANGER_WITHIN: Duration = Duration::from_secs(5);
/// The longest head taken (request line and headers), and the most headers.
pub const MAX_HEAD: usize = 16 * 1024;
pub const MAX_HEADERS: usize = 64;
/// The most connections at once (the clients following plus 192, if that is more).
pub const MAX_CONNECTIONS: usize = 256;
/// The most connections from one address other than this machine's.
pub const PER_ADDRESS: usize = 32;
/// The most strangers at once, past their first [`STRANGER_GRACE`].
pub const STRANGERS: usize = 64;
/// How long a form may have been coming before its connection may be let go for room.
pub const POSTING_FOR: Duration = Duration::from_secs(2);
/// A connection this young is not counted among the strangers: a hundred of the room's pages
/// connecting at once each send their request (and show the capability) before any of them
/// is let go. Strangers are still let go past [`MAX_CONNECTIONS`], the youngest last.
pub const STRANGER_GRACE: Duration = Duration::from_secs(1);

/// One connection, as the server keeps it.
pub struct Conn {
    id: u64,
    /// Where it came from, as every per-address limit counts it ([`holder`]).
    pub ip: IpAddr,
    born: Instant,
    trusted: AtomicBool,
    /// When a byte last moved, in milliseconds since `born`.
    moved: AtomicU64,
    /// Pages being made for it: the silence then is the server's, not the client's.
    busy: AtomicUsize,
    /// Streams it carries (a page following a session).
    streams: AtomicUsize,
    /// Forms whose body is being read from it: let go before a connection that is idle
    /// between the room's pages when room is needed (a form trickled costs the room nothing).
    posting: AtomicUsize,
    /// When its last form began to come, in milliseconds since `born`.
    posting_from: AtomicU64,
    kill: Notify,
    /// The address it reached (this server's, as the client named it).
    here: std::sync::OnceLock<std::net::SocketAddr>,
}

impl Conn {
    /// The connection showed the capability: it is no stranger.
    pub fn trust(&self) {
        self.trusted.store(true, Ordering::Relaxed);
    }

    fn trusted(&self) -> bool {
        self.trusted.load(Ordering::Relaxed)
    }

    /// A form still coming after [`POSTING_FOR`] (a phone's comes whole in moments), from an
    /// address other than this machine's.
    fn slow_form(&self) -> bool {
        let from = Duration::from_millis(self.posting_from.load(Ordering::Relaxed));
        self.posting.load(Ordering::Relaxed) > 0
            && !self.local()
            && self.born.elapsed().saturating_sub(from) >= POSTING_FOR
    }

    /// A stranger past its [`STRANGER_GRACE`].
    fn old_stranger(&self) -> bool {
        !self.trusted() && self.born.elapsed() >= STRANGER_GRACE
    }

    /// The connection reached this server at `here`.
    pub fn reached(&self, here: std::net::SocketAddr) {
        self.here.set(here).ok();
    }

    /// Where the connection reached this server.
    pub fn here(&self) -> Option<std::net::SocketAddr> {
        self.here.get().copied()
    }

    /// A connection from this machine (the window, `marque serve`'s tests, a script).
    pub fn local(&self) -> bool {
        self.ip.is_loopback()
    }

    fn mark(&self) {
        let ms = u64::try_from(self.born.elapsed().as_millis()).unwrap_or(u64::MAX);
        self.moved.store(ms, Ordering::Relaxed);
    }

    /// A stream (a page following) goes out on this connection until the guard goes.
    pub fn streaming(self: &Arc<Self>) -> Streaming {
        self.streams.fetch_add(1, Ordering::Relaxed);
        Streaming(self.clone())
    }

    /// Neither a page being made nor a stream: an idle keep-alive, or one between requests.
    fn idle(&self) -> bool {
        self.busy.load(Ordering::Relaxed) == 0 && self.streams.load(Ordering::Relaxed) == 0
    }

    /// A form's body is being read from this connection until the guard goes.
    pub fn posting(self: &Arc<Self>) -> Posting {
        let ms = u64::try_from(self.born.elapsed().as_millis()).unwrap_or(u64::MAX);
        self.posting_from.store(ms, Ordering::Relaxed);
        self.posting.fetch_add(1, Ordering::Relaxed);
        Posting(self.clone())
    }

    /// A page is being made for this connection until the guard goes.
    pub fn busy(self: &Arc<Self>) -> Busy {
        self.busy.fetch_add(1, Ordering::Relaxed);
        Busy(self.clone())
    }
}

/// See [`Conn::busy`].
pub struct Busy(Arc<Conn>);

impl Drop for Busy {
    fn drop(&mut self) {
        self.0.busy.fetch_sub(1, Ordering::Relaxed);
        self.0.mark();
    }
}

/// See [`Conn::posting`].
pub struct Posting(Arc<Conn>);

impl Drop for Posting {
    fn drop(&mut self) {
        self.0.posting.fetch_sub(1, Ordering::Relaxed);
    }
}

/// See [`Conn::streaming`].
pub struct Streaming(Arc<Conn>);

impl Drop for Streaming {
    fn drop(&mut self) {
        self.0.streams.fetch_sub(1, Ordering::Relaxed);
    }
}

/// Every connection open.
pub struct Conns {
    all: Mutex<HashMap<u64, Arc<Conn>>>,
    next: AtomicU64,
    max: usize,
    /// Whether running out of descriptors was said already.
    said: AtomicBool,
}

impl Conns {
    pub fn new(clients: usize) -> Conns {
        Conns {
            all: Mutex::new(HashMap::new()),
            next: AtomicU64::new(0),
            max: MAX_CONNECTIONS.max(clients.saturating_add(192)),
            said: AtomicBool::new(false),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<u64, Arc<Conn>>> {
        self.all.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Takes in a connection from `ip` (as [`holder`] counts it), letting a stranger go if room
    /// is needed;
    /// `None`: no room (every connection that could go showed the capability).
    pub fn admit(&self, ip: IpAddr) -> Option<Arc<Conn>> {
        let mut all = self.lock();
        // Strangers past their grace beyond the pool go, the oldest of the most crowded
        // address first.
        let old = |all: &HashMap<u64, Arc<Conn>>| all.values().filter(|c| c.old_stranger()).count();
        while old(&all) >= STRANGERS && shed_crowded(&mut all, Conn::old_stranger) {}
        // Room is made by a stranger first, else by a connection trickling a form, else by the
        // connection that showed the capability and has been idle longest (no page being made,
        // no stream): one that keeps sending a request now and then cannot hold a place a
        // phone needs.
        if all.len() >= self.max
            && !shed_crowded(&mut all, |c| !c.trusted())
            && !shed_posting(&mut all)
            && !shed_idle(&mut all, |_| true)
        {
            return None;
        }
        if !ip.is_loopback()
            && all.values().filter(|c| c.ip == ip).count() >= PER_ADDRESS
            && !shed(&mut all, |c| c.ip == ip)
            && !shed_idle(&mut all, |c| c.ip == ip)
        {
            return None;
        }
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        let conn = Arc::new(Conn {
            id,
            ip,
            born: Instant::now(),
            trusted: AtomicBool::new(false),
            moved: AtomicU64::new(0),
            busy: AtomicUsize::new(0),
            streams: AtomicUsize::new(0),
            posting: AtomicUsize::new(0),
            posting_from: AtomicU64::new(0),
            kill: Notify::new(),
            here: std::sync::OnceLock::new(),
        });
        all.insert(id, conn.clone());
        Some(conn)
    }

    fn leave(&self, id: u64) {
        self.lock().remove(&id);
    }

    /// `accept` failed (no descriptor left, most likely): a stranger is let go to make room,
    /// and the first time it is said on standard error.
    pub fn accept_failed(&self, e: &std::io::Error) {
        shed_crowded(&mut self.lock(), |c| !c.trusted());
        if !self.said.swap(true, Ordering::Relaxed) {
            eprintln!("marque: the room's server cannot take a connection ({e}); it goes on");
        }
    }
}

/// The address a connection from `ip`, reaching this server at `here`, counts as for every
/// limit per address. A device on the server's own link (its /64, or a link-local address)
/// counts by its own address: on a Wi-Fi every phone takes its address in the router's one
/// /64. One from elsewhere (routed: a mobile network, a VPN) counts by its /64, which its
/// network gives it whole (it may speak from any address of it, a new privacy address at will).
/// An IPv4 address mapped into IPv6 counts as the IPv4 address itself.
pub fn holder(ip: IpAddr, here: Option<IpAddr>) -> IpAddr {
    let prefix = |a: std::net::Ipv6Addr| u128::from(a) & !u128::from(u64::MAX);
    match (ip.to_canonical(), here.map(|h| h.to_canonical())) {
        (IpAddr::V6(v6), _) if v6.is_loopback() || v6.is_unicast_link_local() => IpAddr::V6(v6),
        (IpAddr::V6(v6), Some(IpAddr::V6(h))) if prefix(v6) == prefix(h) => IpAddr::V6(v6),
        (IpAddr::V6(v6), _) => IpAddr::V6(std::net::Ipv6Addr::from(prefix(v6))),
        (other, _) => other,
    }
}

/// Lets the oldest stranger that `which` picks go; whether there was one.
fn shed(all: &mut HashMap<u64, Arc<Conn>>, which: impl Fn(&Conn) -> bool) -> bool {
    shed_oldest(all, |c| !c.trusted() && which(c))
}

/// Lets the oldest connection that `which` picks go; whether there was one.
fn shed_oldest(all: &mut HashMap<u64, Arc<Conn>>, which: impl Fn(&Conn) -> bool) -> bool {
    let oldest = all
        .values()
        .filter(|c| which(c))
        .min_by_key(|c| c.born)
        .map(|c| c.id);
    match oldest.and_then(|id| all.remove(&id)) {
        Some(c) => {
            c.kill.notify_one();
            true
        }
        None => false,
    }
}

/// Lets go the oldest connection that `which` picks of the address holding the most of them:
/// a flood from a few addresses (strangers, forms trickled a byte at a time) makes room out
/// of itself, not out of a phone that has just connected, nor out of the room's pages.
fn shed_crowded(all: &mut HashMap<u64, Arc<Conn>>, which: fn(&Conn) -> bool) -> bool {
    let mut count: HashMap<IpAddr, usize> = HashMap::new();
    for c in all.values().filter(|c| which(c)) {
        *count.entry(c.ip).or_default() += 1;
    }
    let most = count.values().copied().max().unwrap_or(0);
    shed_oldest(all, |c| which(c) && count.get(&c.ip) == Some(&most))
}

/// Lets go the oldest connection still sending a form of the address sending the most.
fn shed_posting(all: &mut HashMap<u64, Arc<Conn>>) -> bool {
    shed_crowded(all, Conn::slow_form)
}

/// Lets go the connection that `which` picks, showed the capability, carries no stream, has no
/// page being made, and has been idle longest; whether there was one.
fn shed_idle(all: &mut HashMap<u64, Arc<Conn>>, which: impl Fn(&Conn) -> bool) -> bool {
    let idlest = all
        .values()
        .filter(|c| c.trusted() && c.idle() && which(c))
        .min_by_key(|c| c.moved.load(Ordering::Relaxed).saturating_add(ms(c.born)))
        .map(|c| c.id);
    match idlest.and_then(|id| all.remove(&id)) {
        Some(c) => {
            c.kill.notify_one();
            true
        }
        None => false,
    }
}

/// When `born` was, in milliseconds of a clock all connections share (for comparing when
/// bytes last moved on each).
fn ms(born: Instant) -> u64 {
    static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    let start = *START.get_or_init(Instant::now);
    u64::try_from(born.saturating_duration_since(start).as_millis()).unwrap_or(u64::MAX)
}

/// Whether a request's `Host` names this server: the address the connection reached (`here`,
/// with its port, or without one on port 80), `localhost` on this machine, or one of the names
/// it was given (`names`, in lower case). Another name is a page of another site that a
/// name of its own was turned to this address (DNS rebinding): refused.
pub fn host_ok(host: Option<&[u8]>, here: std::net::SocketAddr, names: &[String]) -> bool {
    let Some(host) = host.and_then(|h| std::str::from_utf8(h).ok()) else {
        return false;
    };
    let host = host.trim().to_ascii_lowercase();
    let (name, port) = match host.strip_prefix('[') {
        Some(v6) => match v6.split_once(']') {
            Some((ip, "")) => (ip, None),
            Some((ip, rest)) => match rest.strip_prefix(':') {
                Some(port) => (ip, Some(port)),
                None => return false,
            },
            None => return false,
        },
        None => match host.split_once(':') {
            Some((name, port)) => (name, Some(port)),
            None => (host.as_str(), None),
        },
    };
    let port_ok = match port {
        None => here.port() == 80,
        Some(p) => p.parse::<u16>().ok() == Some(here.port()),
    };
    if !port_ok {
        return false;
    }
    if let Ok(ip) = name.parse::<IpAddr>() {
        return ip.to_canonical() == here.ip().to_canonical();
    }
    let name = name.trim_end_matches('.');
    (name == "localhost" && here.ip().is_loopback()) || names.iter().any(|n| n == name)
}

/// The socket settings of an accepted connection: no delay for small answers, keep-alive
/// probes and a limit on data nobody acknowledges (a phone gone from the network is found
/// within 30 s, even while its stream is being written).
pub fn tune(stream: &TcpStream) {
    let s = socket2::SockRef::from(stream);
    s.set_tcp_nodelay(true).ok();
    let probes = socket2::TcpKeepalive::new()
        .with_time(Duration::from_secs(10))
        .with_interval(Duration::from_secs(5))
        .with_retries(3);
    s.set_tcp_keepalive(&probes).ok();
    #[cfg(target_os = "linux")]
    s.set_tcp_user_timeout(Some(Duration::from_secs(20))).ok();
}

/// Serves one connection with `http` until it ends, is let go, stays silent too long, or
/// stays a stranger too long; then it leaves `conns`.
pub async fn serve<S, B>(
    stream: TcpStream,
    conn: Arc<Conn>,
    conns: Arc<Conns>,
    http: hyper::server::conn::http1::Builder,
    service: S,
    silence: Duration,
) where
    S: hyper::service::Service<
            hyper::Request<hyper::body::Incoming>,
            Response = hyper::Response<B>,
            Error = std::convert::Infallible,
        >,
    S::Future: 'static,
    B: hyper::body::Body + 'static,
    B::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
{
    conn.mark();
    let io = hyper_util::rt::TokioIo::new(Watched {
        io: stream,
        conn: conn.clone(),
    });
    let served = http.serve_connection(io, service);
    tokio::select! {
        _ = served => {}
        () = conn.kill.notified() => {}
        () = watchdog(&conn, silence) => {}
    }
    conns.leave(conn.id);
}

/// Ends when the connection has been silent for `silence`, or a stranger too long.
async fn watchdog(conn: &Conn, silence: Duration) {
    loop {
        let now = conn.born.elapsed();
        let stranger = !conn.trusted();
        if stranger && now >= STRANGER_WITHIN {
            return;
        }
        let quiet = Duration::from_millis(conn.moved.load(Ordering::Relaxed)) + silence;
        if now >= quiet {
            if conn.busy.load(Ordering::Relaxed) == 0 {
                return;
            }
            // A page being made: looked at again a moment after it is sent.
            tokio::time::sleep(silence).await;
            continue;
        }
        let mut wake = quiet;
        if stranger {
            wake = wake.min(STRANGER_WITHIN);
        }
        tokio::time::sleep(wake.saturating_sub(now)).await;
    }
}

/// A connection's socket, noting when a byte moves.
struct Watched {
    io: TcpStream,
    conn: Arc<Conn>,
}

impl AsyncRead for Watched {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let before = buf.filled().len();
        let r = Pin::new(&mut self.io).poll_read(cx, buf);
        if matches!(r, Poll::Ready(Ok(()))) && buf.filled().len() > before {
            self.conn.mark();
        }
        r
    }
}

impl AsyncWrite for Watched {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        let r = Pin::new(&mut self.io).poll_write(cx, buf);
        if matches!(r, Poll::Ready(Ok(n)) if n > 0) {
            self.conn.mark();
        }
        r
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        let r = Pin::new(&mut self.io).poll_write_vectored(cx, bufs);
        if matches!(r, Poll::Ready(Ok(n)) if n > 0) {
            self.conn.mark();
        }
        r
    }

    fn is_write_vectored(&self) -> bool {
        self.io.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.io).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.io).poll_shutdown(cx)
    }
}

/// hyper's HTTP/1.1 with the room's limits.
pub fn http() -> hyper::server::conn::http1::Builder {
    let mut b = hyper::server::conn::http1::Builder::new();
    b.timer(hyper_util::rt::TokioTimer::new())
        .header_read_timeout(HEAD_WITHIN)
        .max_headers(MAX_HEADERS)
        .max_buf_size(MAX_HEAD)
        .keep_alive(true)
        .half_close(false)
        // Header names as most servers write them (some scripts and proxies look for them so).
        .title_case_headers(true);
    b
}

#[cfg(test)]
mod tests {

    #![allow(clippy::unwrap_used, reason = "tests fail loudly")]
    use super::*;

    #[test]
    fn an_ipv6_address_from_elsewhere_counts_as_its_64_one_on_this_link_as_itself() {
        let ip = |s: &str| s.parse::<IpAddr>().unwrap();
        let here = Some(ip("2001:db8:aa:1::10"));
        let (a, other) = (
            ip("2001:db8:1:2:aaaa:bbbb:cccc:dddd"),
            ip("2001:db8:1:3::7"),
        );
        assert_eq!(
            holder(a, here),
            holder(ip("2001:db8:1:2::7"), here),
            "one /64"
        );
        assert_ne!(holder(a, here), holder(other, here), "another /64");
        // The phones of this server's own Wi-Fi share its /64: each is itself.
        let (p1, p2) = (ip("2001:db8:aa:1::21"), ip("2001:db8:aa:1::22"));
        assert_ne!(
            holder(p1, here),
            holder(p2, here),
            "two phones of this link"
        );
        assert_eq!(holder(p1, here), p1);
        assert_ne!(
            holder(ip("fe80::1"), here),
            holder(ip("fe80::2"), here),
            "link-local"
        );
        assert_eq!(holder(ip("::ffff:192.168.1.20"), here), ip("192.168.1.20"));
        assert!(
            holder(ip("::1"), here).is_loopback(),
            "this machine stays itself"
        );
        // A phone's privacy addresses from elsewhere share the places of its /64.
        let conns = Conns::new(0);
        let held: Vec<Arc<Conn>> = (1..=PER_ADDRESS)
            .map(|k| {
                let from = ip(&format!("2001:db8:1:2::{k:x}"));
                conns.admit(holder(from, here)).unwrap()
            })
            .collect();
        assert_eq!(conns.lock().len(), PER_ADDRESS);
        assert!(
            conns
                .admit(holder(ip("2001:db8:1:2::ffff"), here))
                .is_some()
        );
        assert_eq!(
            conns.lock().len(),
            PER_ADDRESS,
            "its oldest stranger let go, not one more place taken"
        );
        assert!(!conns.lock().contains_key(&held[0].id));
        assert!(
            conns.admit(holder(other, here)).is_some(),
            "another /64 has its own"
        );
        assert_eq!(conns.lock().len(), PER_ADDRESS + 1);
    }

    /// Past the strangers' pool, the oldest stranger goes; then the trusted connection idle
    /// longest; never one that carries a stream or has a page being made.
    #[test]
    fn the_oldest_stranger_makes_room_and_a_trusted_connection_never_does() {
        let conns = Conns::new(0);
        let ip: IpAddr = [10, 0, 0, 2].into();
        let first = conns.admit(ip).unwrap();
        first.trust();
        let mut strangers: Vec<Arc<Conn>> =
            (1..PER_ADDRESS).map(|_| conns.admit(ip).unwrap()).collect();
        // The address is full: its oldest stranger goes for the newcomer.
        let oldest = strangers.remove(0).id;
        assert!(conns.admit(ip).is_some());
        assert!(!conns.lock().contains_key(&oldest));
        assert!(conns.lock().contains_key(&first.id));
        // Every connection of the address trusted: the one idle longest makes room...
        for c in conns.lock().values() {
            c.trust();
        }
        assert!(conns.admit(ip).is_some());
        // ...but never one carrying a stream or with a page being made: with none idle, the
        // next is refused.
        let held: Vec<_> = conns.lock().values().cloned().collect();
        let guards: Vec<_> = held
            .iter()
            .enumerate()
            .map(|(k, c)| {
                c.trust();
                if k % 2 == 0 {
                    (Some(c.streaming()), None)
                } else {
                    (None, Some(c.busy()))
                }
            })
            .collect();
        assert!(conns.admit(ip).is_none());
        drop(guards);
        // This machine has no per-address limit.
        assert!(conns.admit([127, 0, 0, 1].into()).is_some());
    }

    /// With the room full of connections that showed the capability, a form still coming after
    /// 2 s makes room before a connection idle between the room's pages; a fresh form does not.
    #[test]
    fn a_form_trickled_makes_room_before_the_rooms_pages() {
        let conns = Conns::new(0);
        let held: Vec<Arc<Conn>> = (0..MAX_CONNECTIONS)
            .map(|k| {
                let c = conns.admit([10, 0, 2, (k % 200) as u8].into()).unwrap();
                c.trust();
                c
            })
            .collect();
        let slow = held[100].posting();
        let fresh_at = held[1].clone();
        std::thread::sleep(POSTING_FOR);
        let _fresh = fresh_at.posting();
        assert!(conns.admit([10, 0, 3, 1].into()).is_some());
        let kept = |c: &Arc<Conn>| conns.lock().contains_key(&c.id);
        assert!(!kept(&held[100]), "the slow form let go");
        assert!(kept(&held[0]), "not the connection idle longest");
        assert!(kept(&held[1]), "the fresh form kept");
        assert_eq!(conns.lock().len(), MAX_CONNECTIONS);
        drop(slow);
    }

    /// Only this server's own address, `localhost` here, or a name it was given, with its port.
    #[test]
    fn a_host_is_this_servers_address_or_a_name_it_was_given() {
        let here: std::net::SocketAddr = "192.168.1.20:8080".parse().unwrap();
        let names = vec!["salle.club".to_string()];
        let ok = |h: &str| host_ok(Some(h.as_bytes()), here, &names);
        for good in ["192.168.1.20:8080", "SALLE.club:8080", "salle.club.:8080"] {
            assert!(ok(good), "{good}");
        }
        for bad in [
            "x",
            "192.168.1.20",
            "192.168.1.20:8081",
            "192.168.1.21:8080",
            "evil.example:8080",
            "localhost:8080",
            "[::1]:8080",
            "192.168.1.20:8080:1",
            "",
        ] {
            assert!(!ok(bad), "{bad}");
        }
        assert!(!host_ok(None, here, &names), "no Host");
        let v6: std::net::SocketAddr = "[fd00::2]:8080".parse().unwrap();
        assert!(host_ok(Some(b"[FD00::2]:8080"), v6, &[]));
        assert!(!host_ok(Some(b"[fd00::2]"), v6, &[]));
        let local: std::net::SocketAddr = "127.0.0.1:80".parse().unwrap();
        assert!(host_ok(Some(b"localhost"), local, &[]));
        assert!(host_ok(Some(b"127.0.0.1"), local, &[]));
        // A v4 client on a v6 socket reaches it as a mapped address.
        let mapped: std::net::SocketAddr = "[::ffff:10.0.0.1]:9".parse().unwrap();
        assert!(host_ok(Some(b"10.0.0.1:9"), mapped, &[]));
    }

    /// A full strangers' pool makes room out of the address holding the most of them: a phone
    /// that has just connected outlives a flood from many addresses, however old it is. Young
    /// strangers (a hundred pages connecting at once) are kept up to the most connections;
    /// past their grace, the pool's size counts.
    #[test]
    fn a_flood_makes_room_out_of_itself() {
        let conns = Conns::new(0);
        let phone = conns.admit([10, 0, 0, 2].into()).unwrap();
        let flood: Vec<IpAddr> = (0..16).map(|k| [10, 0, 1, k].into()).collect();
        let mut held = Vec::new();
        for k in 0..MAX_CONNECTIONS * 2 {
            held.push(conns.admit(flood[k % flood.len()]).unwrap());
        }
        let strangers = || conns.lock().values().filter(|c| !c.trusted()).count();
        assert!(conns.lock().contains_key(&phone.id), "the phone kept");
        assert_eq!(
            strangers(),
            MAX_CONNECTIONS,
            "young strangers up to the most"
        );
        // Past their grace, the next newcomer lets old strangers go down to the pool's size.
        std::thread::sleep(STRANGER_GRACE);
        held.push(conns.admit(flood[0]).unwrap());
        assert!(conns.lock().contains_key(&phone.id), "the phone kept");
        assert_eq!(
            strangers(),
            STRANGERS,
            "the old ones down to the pool, and the newcomer"
        );
    }
}
