//! A form posted by a paired phone, taken only from this very server's pages: a request from a
//! page elsewhere (its `Origin` or `Sec-Fetch-Site` says so) is refused, a body over
//! [`MAX_FORM`] is refused before it is read, one that takes over [`FORM_WITHIN`] to come whole
//! is let go, and the fields are read as
//! `application/x-www-form-urlencoded` (decoded by `percent-encoding`).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

use http_body_util::BodyExt;
use hyper::header;
use hyper::{Request, StatusCode};

/// The most a form's body may hold: a label, a hand's token, a word and why.
pub const MAX_FORM: usize = 4096;
/// The longest a form's body may take to come whole: a sender trickling it is let go.
pub const FORM_WITHIN: std::time::Duration = std::time::Duration::from_secs(10);

/// The most forms one address (other than this machine's) sends at once; the next is told
/// the server is busy (503) before its body is read.
pub const FORMS_AT_ONCE: usize = 2;

/// The forms being sent at once, by address.
#[derive(Default)]
pub struct Senders(Arc<Mutex<HashMap<IpAddr, usize>>>);

/// A form's place among those of its address being sent, given back when it is read.
pub struct Sending {
    all: Arc<Mutex<HashMap<IpAddr, usize>>>,
    ip: IpAddr,
}

impl Senders {
    /// A form's place among those `ip` sends at once, if there is one (`local`: this machine,
    /// which has no limit).
    pub fn take(&self, ip: IpAddr, local: bool) -> Option<Sending> {
        let mut all = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let n = all.entry(ip).or_insert(0);
        if *n >= FORMS_AT_ONCE && !local {
            return None;
        }
        *n += 1;
        Some(Sending {
            all: self.0.clone(),
            ip,
        })
    }
}

impl Drop for Sending {
    fn drop(&mut self) {
        let mut all = self.all.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(n) = all.get_mut(&self.ip) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                all.remove(&self.ip);
            }
        }
    }
}

/// Why a form is not taken: the status to answer, and whether the connection must close (a
/// body left unread).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Refused {
    pub status: StatusCode,
    pub close: bool,
}

const fn refused(status: StatusCode, close: bool) -> Refused {
    Refused { status, close }
}

/// Whether the request comes from a page of this server (or from no page at all: a phone's
/// own navigation): a page elsewhere sends its origin, or its browser says the request is
/// cross-site.
pub fn same_origin(headers: &hyper::HeaderMap) -> bool {
    if let Some(site) = headers.get("sec-fetch-site")
        && !matches!(site.as_bytes(), b"same-origin" | b"none")
    {
        return false;
    }
    match headers.get(header::ORIGIN) {
        None => true,
        Some(origin) => {
            let host = headers.get(header::HOST).map(|h| h.as_bytes());
            let origin = origin.as_bytes();
            host.is_some_and(|h| origin.strip_prefix(b"http://") == Some(h))
        }
    }
}

/// The fields of a form posted to this server: refused when it comes from elsewhere, is not
/// a form, or holds more than [`MAX_FORM`] bytes (refused before its body is read when it
/// says its length, and as soon as it passes it otherwise).
pub async fn fields(req: Request<hyper::body::Incoming>) -> Result<Vec<(String, String)>, Refused> {
    let h = req.headers();
    if !same_origin(h) {
        return Err(refused(StatusCode::FORBIDDEN, true));
    }
    let form = h
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| {
            v.split(';').next().is_some_and(|t| {
                t.trim()
                    .eq_ignore_ascii_case("application/x-www-form-urlencoded")
            })
        });
    if !form {
        return Err(refused(StatusCode::UNSUPPORTED_MEDIA_TYPE, true));
    }
    let said = h
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if said.is_some_and(|n| n > MAX_FORM as u64) {
        return Err(refused(StatusCode::PAYLOAD_TOO_LARGE, true));
    }
    let collected = tokio::time::timeout(
        FORM_WITHIN,
        http_body_util::Limited::new(req.into_body(), MAX_FORM).collect(),
    )
    .await
    .map_err(|_| refused(StatusCode::REQUEST_TIMEOUT, true))?;
    let body = collected
        .map_err(|_| refused(StatusCode::PAYLOAD_TOO_LARGE, true))?
        .to_bytes();
    let text = std::str::from_utf8(&body).map_err(|_| refused(StatusCode::BAD_REQUEST, false))?;
    Ok(decode(text))
}

/// `a=1&b=two+words` as its fields, each decoded (`+` a space, `%XX` a byte); a field that
/// does not decode as UTF-8 is left out.
pub fn decode(text: &str) -> Vec<(String, String)> {
    let one = |s: &str| {
        let spaced = s.replace('+', " ");
        percent_encoding::percent_decode_str(&spaced)
            .decode_utf8()
            .ok()
            .map(|c| c.into_owned())
    };
    text.split('&')
        .filter(|p| !p.is_empty())
        .filter_map(|p| {
            let (k, v) = p.split_once('=').unwrap_or((p, ""));
            Some((one(k)?, one(v)?))
        })
        .collect()
}

/// The value of field `name`, the first one given.
pub fn field<'a>(fields: &'a [(String, String)], name: &str) -> Option<&'a str> {
    fields
        .iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An address sends two forms at once, the third waits for one of them; this machine has
    /// no limit; nothing is kept once they are read.
    #[test]
    fn an_address_sends_two_forms_at_once() {
        let senders = Senders::default();
        let guest: IpAddr = [10, 0, 0, 9].into();
        let two = [senders.take(guest, false), senders.take(guest, false)];
        assert!(two.iter().all(Option::is_some));
        assert!(senders.take(guest, false).is_none(), "the third refused");
        assert!(
            senders.take([10, 0, 0, 2].into(), false).is_some(),
            "another address"
        );
        let here: Vec<_> = (0..10).map(|_| senders.take(guest, true)).collect();
        assert!(here.iter().all(Option::is_some), "this machine");
        drop((two, here));
        assert!(
            senders
                .0
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .is_empty()
        );
    }

    /// Fields decode as a browser sends them; a page elsewhere is told from this server's own.
    #[test]
    fn fields_decode_and_origins_are_told_apart() {
        let f = decode("t=ab12&w=no&why=le+contrat+%C3%A9tait+4%E2%99%A0&bad=%FF");
        assert_eq!(field(&f, "why"), Some("le contrat était 4♠"), "{f:?}");
        assert_eq!(field(&f, "bad"), None, "not UTF-8: left out");
        let mut h = hyper::HeaderMap::new();
        h.insert(
            header::HOST,
            "192.168.1.20:8080"
                .parse()
                .unwrap_or_else(|_| unreachable!()),
        );
        assert!(same_origin(&h), "no origin: a phone's own navigation");
        h.insert(
            header::ORIGIN,
            "http://192.168.1.20:8080"
                .parse()
                .unwrap_or_else(|_| unreachable!()),
        );
        assert!(same_origin(&h), "this server's page");
        h.insert(
            header::ORIGIN,
            "http://evil.example"
                .parse()
                .unwrap_or_else(|_| unreachable!()),
        );
        assert!(!same_origin(&h), "a page elsewhere");
        h.remove(header::ORIGIN);
        h.insert(
            "sec-fetch-site",
            "cross-site".parse().unwrap_or_else(|_| unreachable!()),
        );
        assert!(!same_origin(&h), "the browser says cross-site");
    }
}
