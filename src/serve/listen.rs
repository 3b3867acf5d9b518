//! The socket the pages are served on, with a time limit on every connection, and tiny_http's
//! server on it kept running.
//!
//! tiny_http 0.12 has no time limit of its own: a client that sends half a request, or stops
//! reading an answer, holds one of its connection threads for good. The socket here is made
//! with a read and a write time limit, which Linux passes on to every connection accepted from
//! it: such a client is let go after [`TIMEOUT`]. The same limit also ends a wait in `accept`
//! with nobody connecting, which ends tiny_http's accepting thread; so a short connection of our
//! own comes every third of it (nothing answers it), and if the accepting thread ends all the
//! same, a new server is started on the same socket and the workers move to it.

use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, RwLock};
use std::thread::JoinHandle;
use std::time::Duration;

use tiny_http::Request;

/// How long a connection may stay silent while sending a request, or stop reading an answer,
/// before it is closed (a page on the room's Wi-Fi sends its request in one packet).
pub const TIMEOUT: Duration = Duration::from_secs(10);

/// The listening socket and the server answering on it.
pub struct Listening {
    socket: TcpListener,
    server: RwLock<Arc<tiny_http::Server>>,
    stop: Arc<AtomicBool>,
    workers: usize,
}

impl Listening {
    /// Listens at `addr`, every connection limited to `timeout` of silence.
    pub fn bind(
        addr: SocketAddr,
        timeout: Duration,
        stop: Arc<AtomicBool>,
        workers: usize,
    ) -> std::io::Result<Listening> {
        let socket = TcpListener::bind(addr)?;
        let s = socket2::SockRef::from(&socket);
        s.set_read_timeout(Some(timeout))?;
        s.set_write_timeout(Some(timeout))?;
        let server = Self::serve(&socket)?;
        Ok(Listening {
            socket,
            server: RwLock::new(server),
            stop,
            workers,
        })
    }

    fn serve(socket: &TcpListener) -> std::io::Result<Arc<tiny_http::Server>> {
        tiny_http::Server::from_listener(socket.try_clone()?, None)
            .map(Arc::new)
            .map_err(|e| std::io::Error::other(e.to_string()))
    }

    pub fn local_addr(&self) -> std::io::Result<SocketAddr> {
        self.socket.local_addr()
    }

    fn current(&self) -> Arc<tiny_http::Server> {
        match self.server.read() {
            Ok(s) => s.clone(),
            Err(poisoned) => poisoned.into_inner().clone(),
        }
    }

    /// The next request, or `None` once sharing stops.
    pub fn recv(&self) -> Option<Request> {
        loop {
            if self.stop.load(Ordering::Relaxed) {
                return None;
            }
            let server = self.current();
            match server.recv() {
                Ok(req) => return Some(req),
                // Told to stop, moved to a new server, or the accepting thread ended.
                Err(_) => self.renew(&server),
            }
        }
    }

    /// Starts a new server on the socket in place of `ended` (unless another worker did, or
    /// sharing stops), and wakes the workers still waiting on the old one.
    fn renew(&self, ended: &Arc<tiny_http::Server>) {
        let mut current = match self.server.write() {
            Ok(s) => s,
            Err(poisoned) => poisoned.into_inner(),
        };
        if !Arc::ptr_eq(&current, ended) {
            return;
        }
        while !self.stop.load(Ordering::Relaxed) {
            match Self::serve(&self.socket) {
                Ok(server) => {
                    *current = server;
                    for _ in 0..self.workers {
                        ended.unblock();
                    }
                    return;
                }
                // No file descriptor left, for one: again in a moment.
                Err(_) => std::thread::sleep(Duration::from_millis(200)),
            }
        }
    }

    /// Stops listening at once: the socket (and every copy tiny_http holds of it) leaves the
    /// listening state, so that nothing more connects even before its threads have ended.
    pub fn close(&self) {
        socket2::SockRef::from(&self.socket)
            .shutdown(std::net::Shutdown::Both)
            .ok();
    }

    /// Wakes every worker (sharing stops).
    pub fn unblock(&self) {
        let server = self.current();
        for _ in 0..self.workers {
            server.unblock();
        }
    }
}

/// A thread connecting to `local` every third of `timeout`, so that `accept` always has someone
/// before its limit; it ends when `stop` is set and it is unparked.
pub fn keep_awake(
    local: SocketAddr,
    timeout: Duration,
    stop: Arc<AtomicBool>,
) -> std::io::Result<JoinHandle<()>> {
    std::thread::Builder::new()
        .name("marque-serve-awake".into())
        .spawn(move || {
            while !stop.load(Ordering::Relaxed) {
                std::thread::park_timeout(timeout / 3);
                if !stop.load(Ordering::Relaxed) {
                    // Connected and closed at once: tiny_http reads nothing and lets it go.
                    drop(TcpStream::connect_timeout(&local, timeout));
                }
            }
        })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, reason = "tests fail loudly")]
    use super::*;
    use std::io::Write as _;

    /// Nobody connects for longer than the limit (and nothing keeps `accept` awake): tiny_http's
    /// accepting thread ends, a new server takes the socket, and the next request is answered.
    #[test]
    fn a_server_idle_past_the_limit_is_started_again() {
        let stop = Arc::new(AtomicBool::new(false));
        let limit = Duration::from_millis(150);
        let l = Arc::new(Listening::bind(([127, 0, 0, 1], 0).into(), limit, stop, 2).unwrap());
        let first = l.current();
        let addr = l.local_addr().unwrap();
        let worker = {
            let l = l.clone();
            std::thread::spawn(move || l.recv().map(|r| r.url().to_string()))
        };
        std::thread::sleep(limit * 4);
        let mut c = TcpStream::connect(addr).unwrap();
        c.write_all(b"GET /late HTTP/1.0\r\n\r\n").unwrap();
        assert_eq!(worker.join().unwrap().as_deref(), Some("/late"));
        assert!(
            !Arc::ptr_eq(&first, &l.current()),
            "the server was not renewed"
        );
    }
}
