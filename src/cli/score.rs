//! `marque score`, `marque export` and `marque log`: a session read and written out, as JSON or
//! text, CSV or PDF, and its edit log in sentences.

use std::io::Write;
use std::process::ExitCode;

use marque_core::i18n::msg;
use marque_core::i18n::{Lang, Msg};
use marque_core::session::{Problem, Session};

use super::io::{
    fail, output_done, print_text, printable, read_input, read_to_score, scored, write_failed,
};
use crate::term::Kind;

pub(super) fn score(path: &str, text: bool, lang: Lang) -> ExitCode {
    let input = match read_input(path) {
        Ok(t) => t,
        Err(m) => return fail(&[Problem::file(m)], lang),
    };
    // A duplicate table's file of an evening: its boards scored alone.
    if !text && let Some(done) = super::evening::score_table(&input, lang) {
        return done;
    }
    // Hands that would take more memory held than about three quarters of their text (most
    // hands as Marque writes them, a hand a line) are read as they stream, in two passes: the
    // first checks every hand, keeping none, the second plays and writes each as it is read.
    // Others (hands laid out on many lines, as other tools indent them; a session shorter than
    // the hands weighed) are read once into typed hands, which is faster.
    let held = if text {
        Session::parse_to_score(&input)
    } else {
        match Session::parse_to_hold(&input) {
            Some(read) => read,
            None => {
                let mut out = crate::term::stdout(Kind::Json);
                if let Some(written) = Session::write_score_one_pass(&input, lang, &mut out) {
                    return output_done(written.and_then(|()| out.flush()), lang);
                }
                // Laid out otherwise: the careful reading (which says what is wrong).
                Session::parse_to_score(&input)
            }
        }
    };
    let mut session = match held {
        Ok(s) => s,
        Err(problems) => return fail(&problems, lang),
    };
    // The sheet is held in memory, in the pages the file was read into, up to the file's size;
    // a longer sheet is checked to its end first, then written as it is played.
    let budget = input.len().max(256 << 10);
    let scratch = input.into_bytes();
    let mut out = crate::term::stdout(if text { Kind::Text } else { Kind::Json });
    let written = if text {
        // Checked to the end first: a session that fails writes nothing. Then written hand by
        // hand as it is played again, never held whole.
        drop(scratch);
        // A name holding a line break or a tab would forge lines of the sheet: shown escaped.
        for p in &mut session.players {
            if let std::borrow::Cow::Owned(shown) = printable(p, false) {
                *p = shown;
            }
        }
        let session = &session;
        marque_core::stream::check(session).and_then(|()| {
            match marque_core::text::write(session, lang, &mut out) {
                Ok(()) => Ok(Ok(())),
                Err(marque_core::text::Written::Problems(p)) => Err(p),
                Err(marque_core::text::Written::Io(e)) => Ok(Err(e)),
            }
        })
    } else {
        session.write_score(lang, &mut out, budget, scratch)
    };
    match written {
        Err(problems) => fail(&problems, lang),
        Ok(w) => {
            // The process ends here: the system takes back its memory at once.
            std::mem::forget(session);
            output_done(w.and_then(|()| out.flush()), lang)
        }
    }
}

/// `marque export --format csv`: the sheet as a table (see `marque_core::export`), to standard
/// output or, atomically, to `output`.
pub(super) fn export_csv(path: &str, output: Option<&std::path::Path>, lang: Lang) -> ExitCode {
    use crate::csv_out::{CsvError, session_csv, write_csv};
    // Read and checked to the end first: a session that fails writes nothing.
    let session =
        match read_to_score(path).and_then(|(_, s)| marque_core::stream::check(&s).map(|()| s)) {
            Ok(s) => s,
            Err(problems) => return fail(&problems, lang),
        };
    // Like the app's export, never over a file that is there (a link included).
    if let Some(out) = output.filter(|o| std::fs::symlink_metadata(o).is_ok()) {
        let m = msg!("export.exists", file = out.display().to_string());
        return fail(&[Problem::file(m)], lang);
    }
    let done = match output {
        // A file is written whole and atomically: made in memory first (a fraction of the
        // session's own size).
        Some(out) => session_csv(&session, lang)
            .and_then(|bytes| marque_store::write_new(out, &bytes).map_err(CsvError::Io)),
        // Standard output, row by row.
        None => write_csv(&session, lang, crate::term::stdout(Kind::Data)),
    };
    match done {
        Ok(()) => ExitCode::SUCCESS,
        Err(CsvError::Problems(p)) => fail(&p, lang),
        Err(CsvError::Io(e)) => write_failed(output, &e, lang),
    }
}

/// `marque export --format pdf -o OUT`: the session as a printable PDF, written atomically and
/// never over a file that is there.
pub(super) fn export_pdf(path: &str, output: Option<&std::path::Path>, lang: Lang) -> ExitCode {
    let Some(out) = output else {
        return fail(&[Problem::file(Msg::new("export.pdf_needs_output"))], lang);
    };
    // Read and checked to the end first: a session that fails writes nothing.
    let session =
        match read_to_score(path).and_then(|(_, s)| marque_core::stream::check(&s).map(|()| s)) {
            Ok(s) => s,
            Err(problems) => return fail(&problems, lang),
        };
    if std::fs::symlink_metadata(out).is_ok() {
        let m = msg!("export.exists", file = out.display().to_string());
        return fail(&[Problem::file(m)], lang);
    }
    // Written as it is laid out, page by page, through a buffer: never held whole.
    super::io::write_pdf_file(out, lang, &mut |w| crate::pdf::write_pdf(&session, lang, w))
}

/// `marque log FILE`: the edit log as sentences, one a line.
pub(super) fn log(path: &str, lang: Lang) -> ExitCode {
    let (session, sheet) = match scored(path) {
        Ok(s) => s,
        Err(problems) => return fail(&problems, lang),
    };
    let mut out = String::new();
    for line in marque_core::history::sentences(&session, &sheet) {
        out.push_str(&printable(&line.render(lang), false));
        out.push('\n');
    }
    print_text(&out, lang)
}
