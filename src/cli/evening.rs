//! `marque evening FILE`: an evening of several tables scored from its folder (the evening
//! file and the table files it names beside it), and `marque score` of a duplicate table's
//! file alone (`club-format.md`).

use std::io::Write;
use std::process::ExitCode;

use marque_core::club::{self, At, TableFile};
use marque_core::i18n::{Lang, Msg, msg};
use marque_core::session::Problem;

use super::io::{fail, output_done, printable, read_input};
use crate::term::Kind;

/// Scores the evening at `path`: its JSON on standard output, or its text (`text`); every
/// problem on standard error by its place, exit status 2.
pub(super) fn evening(path: &str, text: bool, lang: Lang) -> ExitCode {
    let refuse = |m: Msg| fail(&[Problem::file(m)], lang);
    let input = match read_input(path) {
        Ok(t) => t,
        Err(m) => return refuse(m),
    };
    let value: serde_json::Value = match serde_json::from_str(&input) {
        Ok(v) => v,
        Err(e) => return said(&[(At::Evening, marque_core::i18n::json_error(&e))], lang),
    };
    let folder = std::path::Path::new(path)
        .parent()
        .map(std::path::Path::to_path_buf)
        .unwrap_or_default();
    // Each table's file beside the evening's, by its plain name (the evening checks the names
    // before asking): absent, unreadable, or read.
    let table = |name: &str| -> TableFile {
        let p = folder.join(name);
        if !p.exists() && std::fs::symlink_metadata(&p).is_err() {
            return TableFile::Absent;
        }
        let shown = p.display().to_string();
        match read_input(&shown) {
            Err(m) => TableFile::Unreadable(m),
            Ok(t) => match serde_json::from_str(&t) {
                Ok(v) => TableFile::Read(v),
                Err(e) => TableFile::Unreadable(msg!(
                    "club.err.unreadable",
                    error = marque_core::i18n::json_error(&e)
                )),
            },
        }
    };
    let out = match club::evening(&value, &table) {
        Ok(o) => o,
        Err(problems) => return said(&problems, lang),
    };
    let mut stdout = crate::term::stdout(if text { Kind::Text } else { Kind::Json });
    let written = if text {
        write!(stdout, "{}", printable(&club::text(&out, lang), true))
    } else {
        serde_json::to_writer_pretty(&mut stdout, &out)
            .map_err(std::io::Error::other)
            .and_then(|()| writeln!(stdout))
    };
    output_done(written.and_then(|()| stdout.flush()), lang)
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
