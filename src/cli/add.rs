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
    // Through the document's appender: a file changed meanwhile is settled as the window
    // settles it (the hand on top of the file as it now is, or kept in a copy beside), said in
    // the same words.
    // The lock taken again by another writer meanwhile (a cleaner deleted it while that one
    // held it): waited for as `--wait` allows, and a few times at least.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs_f64(wait);
    let mut tries = 0;
    let outcome = loop {
        tries += 1;
        let patience = marque_store::document::Patience {
            tries: 20,
            until: Some(deadline),
        };
        match add_once(file, &text, reopen, &lock, patience) {
            Ok(o) => break o,
            // Locked by another writer, or changed by one between the read and the save
            // more often than the settling's patience: waited for as well (the file is read
            // again from the start), never "open the session again" while waiting would do.
            Err(Added::Store(StoreError::Locked(_) | StoreError::Changed))
                if tries < 20 || std::time::Instant::now() < deadline => {}
            Err(Added::Store(e @ StoreError::Locked(_))) => {
                fail(&store_fail(e), lang);
                return ExitCode::from(LOCKED);
            }
            Err(Added::Store(e)) => return fail(&store_fail(e), lang),
            Err(Added::Problems(p)) => return fail(&p, lang),
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

/// Why one attempt of `marque add` failed.
enum Added {
    Store(marque_store::StoreError),
    Problems(Vec<Problem>),
}

/// Reads the session, adds the hand and saves, under `lock` (see [`Appender`]).
///
/// [`Appender`]: marque_store::document::Appender
fn add_once(
    file: &std::path::Path,
    text: &str,
    reopen: bool,
    lock: &marque_store::Lock,
    patience: marque_store::document::Patience,
) -> Result<marque_store::document::Outcome, Added> {
    use marque_store::document::{Appender, DocError};
    let mut doc = Appender::open(file, lock, patience).map_err(Added::Store)?;
    // A table of an evening (a Tarot concours's): nothing its evening would not count.
    let name = file.file_name().map(|n| n.to_string_lossy().into_owned());
    if let Some(evening) = name.and_then(|n| marque_store::evening_of(file, &n)) {
        doc.in_evening(evening);
    }
    if doc.session().closed && !reopen {
        return Err(Added::Problems(vec![Problem::file(Msg::new(
            "store.closed",
        ))]));
    }
    let at = crate::local::now();
    if doc.session().closed {
        doc.reopen(&at);
    }
    let n = doc.session().hands.len();
    let value: serde_json::Value = serde_json::from_str(text)
        .map_err(|e| Added::Problems(vec![Problem::hand(n, marque_core::i18n::json_error(&e))]))?;
    let hand = doc
        .session()
        .decode(&value)
        .map_err(|ms| Added::Problems(ms.into_iter().map(|m| Problem::hand(n, m)).collect()))?;
    if let Some(m) = same_person_seated(file, &hand.game, doc.seats()) {
        return Err(Added::Problems(vec![Problem::hand(n, m)]));
    }
    doc.enter(hand, &at).map_err(|e| match e {
        DocError::Refused(p) => Added::Problems(p),
        DocError::ReadOnly(r) => Added::Problems(vec![Problem::file(r.msg())]),
        DocError::NotSaved(e) | DocError::Store(e) => Added::Store(e),
        // (Never from an appender, which always has a hand to add and nothing unsaved.)
        DocError::Nothing | DocError::Unsaved => Added::Store(marque_store::StoreError::Changed),
    })
}

/// A substitute or an arrival named as someone seated, however typed (capitals, spaces,
/// accents, invisible characters) or merged by hand in the folder's names: refused in words,
/// by the rule the window refuses it by.
fn same_person_seated(
    file: &std::path::Path,
    game: &marque_core::games::GameHand,
    seats: &marque_core::games::table::Seats,
) -> Option<Msg> {
    use marque_core::games::table::Event;
    let name = match game.event() {
        Some(Event::Replace { player, .. } | Event::Join { player, .. }) => player,
        _ => return None,
    };
    let names = seats.current();
    let seated: Vec<&str> = (0..names.len())
        .filter(|&s| seats.plays(s))
        .map(|s| names[s].as_str())
        .collect();
    // The very name seated is the session's own rule to refuse (`table.replace`).
    if seated.contains(&name.as_str()) {
        return None;
    }
    // The club's names of the data folder the session is in (an archived session's too).
    let folder = marque_store::Store::root_of(file);
    let people = marque_store::people::People::read(&marque_store::Store::new(folder))
        .people
        .stats();
    marque_core::stats::seated_as(name, &seated, &people).map(|i| {
        msg!(
            "event.err.same_person",
            name = name.as_str(),
            seated = seated[i]
        )
    })
}
