//! `marque serve`: the room's pages from a data folder, until Ctrl+C.

use std::io::Write as _;
use std::process::ExitCode;

use super::folder::folder_or_default;
use super::io::fail;
use marque_core::i18n::msg;
use marque_core::i18n::{Lang, tr};
use marque_core::session::Problem;

use crate::serve::pairing::Entering;
use crate::term;

/// Serves `folder` on `bind`:`port` to at most `clients` at once; prints the address, then a QR code of it drawn with
/// Unicode blocks (light on dark, as a phone's camera reads it from a terminal).
pub(super) fn serve(
    folder: Option<std::path::PathBuf>,
    (bind, port, clients): (std::net::IpAddr, u16, u16),
    (pairing, names): (bool, &[String]),
    lang: Lang,
) -> ExitCode {
    let dir = match folder_or_default(folder) {
        Ok(d) => d,
        Err(p) => return fail(&[p], lang),
    };
    room_for(usize::from(clients));
    let watcher = std::sync::Arc::new(marque_store::watch::Watcher::new(&dir));
    // Each change of the folder, for the pairing addresses of sessions started later.
    let changes = pairing.then(|| watcher.subscribe(|| {}));
    let sharing =
        match crate::serve::Sharing::start_for(watcher, (bind, port), usize::from(clients)) {
            Ok(s) => s,
            // A port another program (another `marque serve`) holds: said in words, with the
            // way out, not as the system's sentence.
            Err(e) if e.kind() == std::io::ErrorKind::AddrInUse => {
                let m = msg!("web.port_taken", port = i64::from(port));
                return fail(&[Problem::file(m)], lang);
            }
            Err(e) => {
                let m = msg!("web.cannot_start", error = marque_core::i18n::io_error(&e));
                return fail(&[Problem::file(m)], lang);
            }
        };
    sharing.set_names(names);
    let url = sharing.url().to_string();
    let mut text = format!("{url}\n");
    text.push_str(&drawn(&url));
    // Written once; standard output closed (a script that read the address and went) stops
    // nothing: the pages are served all the same.
    let mut out = std::io::stdout();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .ok();
    let mut err = std::io::stderr();
    writeln!(err, "{}", tr(lang, "web.serving")).ok();
    // Serves until the process is stopped (Ctrl+C ends it, and with it every connection);
    // with --pairing, each session that comes to ask the other side's word gets its lines.
    let Some(changes) = changes else {
        loop {
            std::thread::park();
        }
    };
    loop {
        let mut text = String::new();
        for new in sharing.offer_new(lang) {
            let key = match new.offer.table {
                Some(Entering::Evening(_)) => "web.pairing_table_line",
                Some(Entering::Verifying(_)) => "web.pairing_table_ew_line",
                Some(Entering::Session) => "web.pairing_hands_line",
                Some(Entering::Deals(_)) => "web.pairing_rounds_line",
                None => "web.pairing_line",
            };
            let line = msg!(
                key,
                session = term::printable(&new.title, false).into_owned(),
                side = term::printable(&new.side, false).into_owned()
            );
            text.push_str(&format!("{}\n{}\n", line.render(lang), new.url));
            text.push_str(&drawn(&new.url));
        }
        out.write_all(text.as_bytes())
            .and_then(|()| out.flush())
            .ok();
        // The next change (a second's wait, where the folder cannot be watched).
        if changes
            .recv_timeout(std::time::Duration::from_secs(1))
            .is_ok()
        {
            while changes.try_recv().is_ok() {}
        }
    }
}

/// A QR code of `url` drawn with Unicode blocks, light on dark, as a phone's camera reads it
/// from a terminal.
fn drawn(url: &str) -> String {
    let Ok(code) = qrcode::QrCode::new(url.as_bytes()) else {
        return String::new();
    };
    let mut text = code
        .render::<qrcode::render::unicode::Dense1x2>()
        .dark_color(qrcode::render::unicode::Dense1x2::Light)
        .light_color(qrcode::render::unicode::Dense1x2::Dark)
        .quiet_zone(true)
        .build();
    text.push('\n');
    text
}

/// Descriptors enough for `clients` pages following and the connections beside them (two
/// each, and some), as far as the system's hard limit allows: a club's `--clients 1000` is not
/// cut at the usual 1,024. A limit that cannot be raised is left as it is (the server survives
/// running out: it lets strangers go and goes on).
#[expect(
    unsafe_code,
    reason = "the descriptors' limit is read and raised through getrlimit and setrlimit, which std does not offer"
)]
fn room_for(clients: usize) {
    #[cfg(unix)]
    {
        let want = libc::rlim_t::try_from(clients.saturating_mul(2).saturating_add(512))
            .unwrap_or(libc::rlim_t::MAX);
        let mut limit = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit writes the struct given, nothing else.
        if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &raw mut limit) } != 0 {
            return;
        }
        if limit.rlim_cur < want {
            limit.rlim_cur = want.min(limit.rlim_max);
            // SAFETY: setrlimit reads the struct given; a refusal leaves the limit as it was.
            unsafe { libc::setrlimit(libc::RLIMIT_NOFILE, &raw const limit) };
        }
    }
}
