//! What every command shares: reading a session file or standard input, writing a command's
//! output and its problems, a session file's lock taken within a wait. A leaf: the commands
//! import it, never the command line's root.

use std::io::Write;
use std::process::ExitCode;

use marque_core::i18n::msg;
use marque_core::i18n::{Lang, Msg};
use marque_core::session::{Problem, Session};

use crate::term::Kind;

/// Reads a file, or standard input for `-`.
pub fn read_input(path: &str) -> Result<String, Msg> {
    use marque_store::{MAX_SESSION_BYTES, StoreError, read_capped, read_file};
    let unreadable = |e: std::io::Error| {
        if e.kind() == std::io::ErrorKind::InvalidInput {
            // What open_regular refuses: a FIFO, a device.
            msg!(
                "file.unreadable",
                path = path,
                error = Msg::new("file.not_regular")
            )
        } else {
            msg!(
                "file.unreadable",
                path = path,
                error = marque_core::i18n::io_error(&e)
            )
        }
    };
    let bytes = if path == "-" {
        read_capped(std::io::stdin().lock(), MAX_SESSION_BYTES)
    } else {
        // Sized from the file's length: read in one allocation, never twice its size.
        read_file(std::path::Path::new(path), MAX_SESSION_BYTES)
    };
    let bytes = match bytes {
        Ok(b) => b,
        Err(StoreError::Damaged(mut p)) if !p.is_empty() => return Err(p.remove(0).msg),
        Err(StoreError::Io(e)) => return Err(unreadable(e)),
        Err(_) => return Err(unreadable(std::io::Error::other("read"))),
    };
    String::from_utf8(bytes)
        .map_err(|e| unreadable(std::io::Error::new(std::io::ErrorKind::InvalidData, e)))
}

pub use crate::term::printable;

/// The status of a command once its output is written: a closed pipe (`| head`) is not a
/// problem; any other failure to write (a full disk) is said, status 2.
pub(super) fn output_done(written: std::io::Result<()>, lang: Lang) -> ExitCode {
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => write_failed(None, &e, lang),
    }
}

/// Writes bytes made for a program (a manual page, completions) as they are.
pub(super) fn print_raw(bytes: &[u8], lang: Lang) -> ExitCode {
    let mut out = std::io::stdout().lock();
    output_done(out.write_all(bytes).and_then(|()| out.flush()), lang)
}

/// Writes a command's whole text output (escaped for a terminal) and says how that went.
pub(super) fn print_text(text: &str, lang: Lang) -> ExitCode {
    let mut stdout = crate::term::stdout(Kind::Text);
    output_done(
        stdout
            .write_all(text.as_bytes())
            .and_then(|()| stdout.flush()),
        lang,
    )
}

/// A backup's or a restore's storage error, in words.
pub(super) fn store_message(e: &marque_store::StoreError) -> Msg {
    match e {
        // What a backup's restore meets: a backup of a newer format.
        marque_store::StoreError::Newer(v) => msg!("backup.newer", version = *v),
        e => e.msg(None),
    }
}

pub fn fail(problems: &[Problem], lang: Lang) -> ExitCode {
    let mut err = crate::term::stderr();
    for p in problems {
        // Standard error gone: nowhere left to say it; the exit status still does.
        writeln!(err, "{}", p.render(lang)).ok();
    }
    ExitCode::from(2)
}

/// A session file (`-`: standard input) read to be scored: its text and the session.
pub(super) fn read_to_score(path: &str) -> Result<(String, Session), Vec<Problem>> {
    let input = read_input(path).map_err(|m| vec![Problem::file(m)])?;
    let session = Session::parse_to_score(&input)?;
    Ok((input, session))
}

/// A session file read and scored, with its sheet.
pub(super) fn scored(path: &str) -> Result<(Session, marque_core::session::Sheet), Vec<Problem>> {
    let (_, session) = read_to_score(path)?;
    let sheet = session.score()?;
    Ok((session, sheet))
}

/// A failed write of `output` (standard output when `None`), said as a problem of the file.
pub(super) fn write_failed(
    output: Option<&std::path::Path>,
    e: &std::io::Error,
    lang: Lang,
) -> ExitCode {
    let name = output.map_or_else(|| "-".to_string(), |p| p.display().to_string());
    fail(
        &[Problem::file(marque_store::write_problem(&name, e))],
        lang,
    )
}

/// Exit statuses: 0 done, 1 `check` found problems, 2 refused input, 3 the session is locked
/// by another writer (try again later).
pub const LOCKED: u8 = 3;

/// The longest `marque add --wait`, in seconds: a day.
pub(super) const MAX_WAIT: f64 = 86_400.0;

/// A storage error of a command on the session file `path`, as the problems it prints.
pub(super) fn store_problems(path: &str, e: marque_store::StoreError) -> Vec<Problem> {
    match e {
        marque_store::StoreError::Damaged(p) => p,
        e => vec![Problem::file(e.msg(Some(path)))],
    }
}

/// Takes the lock of `file`, waiting up to `wait` seconds for another writer; the exit status
/// (2 refused, 3 still locked) when it cannot.
pub(super) fn lock_within(
    path: &str,
    file: &std::path::Path,
    wait: f64,
    lang: Lang,
) -> Result<marque_store::Lock, ExitCode> {
    use marque_store::{Lock, StoreError};
    // 0 to a day: anything else (a negative, infinity, not a number) is refused in words.
    if !(0.0..=MAX_WAIT).contains(&wait) {
        let m = msg!("add.bad_wait", max = MAX_WAIT as i64);
        return Err(fail(&[Problem::file(m)], lang));
    }
    match Lock::acquire_within(file, std::time::Duration::from_secs_f64(wait)) {
        Ok(l) => Ok(l),
        Err(e @ StoreError::Locked(_)) => {
            fail(&store_problems(path, e), lang);
            Err(ExitCode::from(LOCKED))
        }
        Err(e) => Err(fail(&store_problems(path, e), lang)),
    }
}

/// Writes a PDF to `out` as `make` lays it out, page by page through a buffer (never held
/// whole), atomically and never over a file that is there.
pub(super) fn write_pdf_file(
    out: &std::path::Path,
    lang: Lang,
    make: &mut dyn FnMut(&mut dyn Write) -> Result<(), crate::pdf::PdfError>,
) -> ExitCode {
    let mut fill = |f: &mut std::fs::File| {
        let mut w = std::io::BufWriter::with_capacity(1 << 16, f);
        make(&mut w).map_err(|e| match e {
            crate::pdf::PdfError::Io(e) => e,
            other => std::io::Error::other(other),
        })?;
        w.flush()
    };
    match marque_store::write_new_with(out, &mut fill) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => write_failed(Some(out), &e, lang),
    }
}
