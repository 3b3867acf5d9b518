//! `marque evening FILE`: an evening of several tables scored from its folder (the evening
//! file and the table files it names beside it), and `marque score` of a duplicate table's
//! file alone (`club-format.md`).

use std::io::Write;
use std::process::ExitCode;

use marque_core::club::{self, At};
use marque_core::i18n::{Lang, Msg};
use marque_core::session::Problem;

use super::io::{fail, output_done, printable};
use crate::term::Kind;

/// Scores the evening at `path`: its JSON on standard output, or its text (`text`); every
/// problem on standard error by its place, exit status 2.
pub(super) fn evening(path: &str, text: bool, lang: Lang) -> ExitCode {
    let out = match marque_store::score_evening(std::path::Path::new(path)) {
        Ok(o) => o,
        Err(problems) => return said(&problems, lang),
    };
    let mut stdout = crate::term::stdout(if text { Kind::Text } else { Kind::Json });
    let written = if text {
        let out = out.into_value();
        write!(stdout, "{}", printable(&club::text(&out, lang), true))
    } else {
        serde_json::to_writer_pretty(&mut stdout, &out)
            .map_err(std::io::Error::other)
            .and_then(|()| writeln!(stdout))
    };
    output_done(written.and_then(|()| stdout.flush()), lang)
}

/// `marque evening FILE --pdf OUT`: the evening as a printable PDF, written atomically and never
/// over a file that is there; nothing is written for an evening that does not read.
pub(super) fn evening_pdf(path: &str, out: &std::path::Path, lang: Lang) -> ExitCode {
    let file = std::path::Path::new(path);
    let scored = match marque_store::score_evening(file) {
        Ok(o) => o,
        Err(problems) => return said(&problems, lang),
    };
    if std::fs::symlink_metadata(out).is_ok() {
        let m = marque_core::i18n::msg!("export.exists", file = out.display().to_string());
        return fail(&[Problem::file(m)], lang);
    }
    let title = evening_title(file);
    super::io::write_pdf_file(out, lang, &mut |w| {
        crate::pdf::write_evening_pdf(&scored, &title, lang, w)
    })
}

/// The title an evening file gives itself, else its name without `.evening.json`.
pub fn evening_title(file: &std::path::Path) -> String {
    let named = match marque_store::read_json(file) {
        club::TableFile::Read(v) => v["title"].as_str().map(str::to_string),
        _ => None,
    };
    named.filter(|t| !t.trim().is_empty()).unwrap_or_else(|| {
        file.file_name()
            .map(|n| {
                n.to_string_lossy()
                    .trim_end_matches(".evening.json")
                    .to_string()
            })
            .unwrap_or_default()
    })
}

/// The problems, one line each, by their place: "evening: …", "t1.json: hand 1: …".
fn said(problems: &[(At, Msg)], lang: Lang) -> ExitCode {
    let mut err = crate::term::stderr();
    for (at, m) in problems {
        let line = format!("{}: {}", at.prefix(), m.render(lang));
        writeln!(err, "{}", printable(&line, false)).ok();
    }
    ExitCode::from(2)
}

/// `marque score` of `input` where it is a duplicate table's file: scored board by board;
/// `None` for any other session (scored as sessions are).
pub(super) fn score_table(input: &str, lang: Lang) -> Option<ExitCode> {
    if !input.contains("duplicate") {
        return None;
    }
    let v: serde_json::Value = serde_json::from_str(input).ok()?;
    if !club::is_duplicate(&v) {
        return None;
    }
    let out = match club::score_table(&v, lang) {
        Ok(o) => o,
        Err(problems) => return Some(fail(&problems, lang)),
    };
    let mut stdout = crate::term::stdout(Kind::Json);
    let written = serde_json::to_writer_pretty(&mut stdout, &out)
        .map_err(std::io::Error::other)
        .and_then(|()| writeln!(stdout));
    Some(output_done(written.and_then(|()| stdout.flush()), lang))
}

/// `marque add` to `file` where it is a duplicate table's file: the entry read as a board, the
/// table's file checked with it against the evening beside it that names it (a board its
/// table does not play in that round is refused, naming the board, the table and the round),
/// then added at the end with its log entry, atomically, under `lock`. `None` for any other
/// session (added as sessions are).
pub(super) fn add_to_table(
    file: &std::path::Path,
    hand: &str,
    lock: &marque_store::Lock,
    wait: f64,
    lang: Lang,
) -> Option<ExitCode> {
    use marque_store::{TableDoc, TableRefused};
    let path = file.display().to_string();
    let mut doc = TableDoc::open(file).ok()??;
    let entry: serde_json::Value = match serde_json::from_str(hand) {
        Ok(v) => v,
        Err(e) => {
            let m = marque_core::i18n::json_error(&e);
            return Some(fail(&[Problem::hand(doc.hands().len(), m)], lang));
        }
    };
    let patience = marque_store::document::Patience {
        tries: 20,
        until: Some(std::time::Instant::now() + std::time::Duration::from_secs_f64(wait)),
    };
    match doc.add_patiently(&entry, &crate::local::now(), lock, patience) {
        Ok(()) => Some(ExitCode::SUCCESS),
        Err(TableRefused::Problems(refused)) => Some(said(&refused, lang)),
        Err(TableRefused::Store(e)) => Some(fail(&super::io::store_problems(&path, e), lang)),
    }
}
