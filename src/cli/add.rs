//! `marque add FILE HAND`: a hand added to a session through its document, under its lock,
//! waiting for another writer as long as asked.

use std::io::Write;
use std::process::ExitCode;

use marque_core::i18n::msg;
use marque_core::i18n::{Lang, Msg};
use marque_core::session::Problem;

use super::io::{LOCKED, fail, lock_within, read_input, store_problems};

pub(super) fn add(path: &str, hand: &str, wait: f64, reopen: bool, lang: Lang) -> ExitCode {
    use marque_store::StoreError;
    // JSON text, `-` for standard input, `@PATH` for a file: nothing is guessed.
    let text = match (hand, hand.strip_prefix('@')) {
        ("-", _) => read_input("-"),
        (_, Some(file)) => read_input(file),
        _ => Ok(hand.to_string()),
    };
    let text = match text {
        Ok(t) => t,
        Err(m) => return fail(&[Problem::file(m)], lang),
    };
    let file = std::path::Path::new(path);
    let store_fail = |e: StoreError| store_problems(path, e);
    // What is there, said as it is: nothing, a link to nothing or to itself, a FIFO…
    let refused = match std::fs::metadata(file) {
        Ok(m) if m.is_file() => None,
        Ok(_) => Some(Msg::new("file.not_regular")),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            Some(Msg::new("file.no_such_session"))
        }
        Err(e) => Some(msg!("ui.io_error", error = marque_core::i18n::io_error(&e))),
    };
    if let Some(why) = refused {
        let m = msg!("file.unreadable", path = path, error = why);
        return fail(&[Problem::file(m)], lang);
    }
    let lock = match lock_within(path, file, wait, lang) {
        Ok(l) => l,
        Err(status) => return status,
    };
    // A table's file of an evening: the board checked against the evening's movement.
    if let Some(done) = super::evening::add_to_table(file, &text, &lock, wait, lang) {
        return done;
    }
    // Through the document's appender, whose one loop of tries waits for another writer as
    // `--wait` allows (and a few times at least): a file changed meanwhile is settled as the
    // window settles it (the hand on top of the file as it now is, or kept in a copy beside),
    // said in the same words.
    let patience = marque_store::document::Patience {
        tries: 20,
        until: Some(std::time::Instant::now() + std::time::Duration::from_secs_f64(wait)),
    };
    let at = crate::local::now();
    let added = marque_store::document::append_with(file, &lock, patience, &at, |doc| {
        hand_of(file, &text, reopen, doc, &at)
    });
    use marque_store::document::DocError;
    let outcome = match added {
        Ok(o) => o,
        Err(DocError::Refused(p)) => return fail(&p, lang),
        Err(DocError::ReadOnly(r)) => return fail(&[Problem::file(r.msg())], lang),
        Err(
            DocError::NotSaved(e @ StoreError::Locked(_))
            | DocError::Store(e @ StoreError::Locked(_)),
        ) => {
            fail(&store_fail(e), lang);
            return ExitCode::from(LOCKED);
        }
        Err(DocError::NotSaved(e) | DocError::Store(e)) => return fail(&store_fail(e), lang),
        // (Never from an appender, which always has a hand to add and nothing unsaved.)
        Err(DocError::Nothing | DocError::Unsaved) => {
            return fail(&store_fail(StoreError::Changed), lang);
        }
    };
    if let Some(m) = outcome.msg() {
        writeln!(crate::term::stderr(), "{}", m.render(lang)).ok();
    }
    match outcome {
        // Not in the session: kept beside it, to merge.
        marque_store::document::Outcome::KeptBeside(_) => ExitCode::from(1),
        _ => ExitCode::SUCCESS,
    }
}

/// The hand `text` says, for the session `doc` holds as it now is (a table of an evening's
/// checked against its evening; a session the players stopped taken up only if asked).
fn hand_of(
    file: &std::path::Path,
    text: &str,
    reopen: bool,
    doc: &mut marque_store::document::Appender<'_>,
    at: &str,
) -> Result<marque_core::session::Hand, marque_store::document::DocError> {
    use marque_store::document::DocError;
    // A table of an evening (a Tarot concours's): nothing its evening would not count.
    let name = file.file_name().map(|n| n.to_string_lossy().into_owned());
    if let Some(evening) = name.and_then(|n| marque_store::evening_of(file, &n)) {
        doc.in_evening(evening);
    }
    if doc.session().closed && !reopen {
        return Err(DocError::Refused(vec![Problem::file(Msg::new(
            "store.closed",
        ))]));
    }
    if doc.session().closed {
        doc.reopen(at);
    }
    let n = doc.session().hands.len();
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| {
        DocError::Refused(vec![Problem::hand(n, marque_core::i18n::json_error(&e))])
    })?;
    doc.session()
        .decode(&value)
        .map_err(|ms| DocError::Refused(ms.into_iter().map(|m| Problem::hand(n, m)).collect()))
}
