//! `marque evening FILE`: an evening of several tables scored from its folder (the evening
//! file and the table files it names beside it), and `marque score` of a duplicate table's
//! file alone (`club-format.md`).

use std::io::Write;
use std::process::ExitCode;

use marque_core::club::{self, At};
use marque_core::i18n::{Lang, Msg};
use marque_core::session::Problem;

use super::io::{fail, output_done, printable, read_input};
use crate::term::Kind;

/// Scores the evening at `path`: its JSON on standard output, or its text (`text`); every
/// problem on standard error by its place, exit status 2.
pub(super) fn evening(path: &str, text: bool, lang: Lang) -> ExitCode {
    let out = match marque_store::read_evening(std::path::Path::new(path)) {
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
    let path = file.display().to_string();
    let read = || -> Option<(marque_store::Stamp, serde_json::Value)> {
        let stamp = marque_store::Stamp::of_path(file).ok()?;
        let text = read_input(&path).ok()?;
        if !text.contains("duplicate") {
            return None;
        }
        let v: serde_json::Value = serde_json::from_str(&text).ok()?;
        club::is_duplicate(&v).then_some((stamp, v))
    };
    let (_, first) = read()?;
    let entry: serde_json::Value = match serde_json::from_str(hand) {
        Ok(v) => v,
        Err(e) => {
            let n = first["hands"].as_array().map_or(0, Vec::len);
            let m = marque_core::i18n::json_error(&e);
            return Some(fail(&[Problem::hand(n, m)], lang));
        }
    };
    let name = file
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let evening = evening_of(file, &name);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs_f64(wait);
    for tries in 1.. {
        let (stamp, mut v) = read()?;
        let n = v["hands"].as_array().map_or(0, Vec::len);
        if let Some(hands) = v["hands"].as_array_mut() {
            hands.push(entry.clone());
        }
        // Refused in the evening's words, only for this table's file.
        let refused: Vec<(At, Msg)> = match &evening {
            Some(ev) => club::table_in_evening(ev, &name, &v)
                .into_iter()
                .filter(|(at, _)| match at {
                    At::File(f) | At::Hand(f, _) => *f == name,
                    At::Evening => true,
                })
                .collect(),
            None => club::table_problems(&v)
                .into_iter()
                .map(|p| match p.hand {
                    Some(h) => (At::Hand(name.clone(), h), p.msg),
                    None => (At::File(name.clone()), p.msg),
                })
                .collect(),
        };
        if !refused.is_empty() {
            return Some(said(&refused, lang));
        }
        let at = crate::local::now();
        let log = serde_json::json!({"at": at, "action": "add", "hand": n + 1,
            "id": marque_core::history::HandId::fresh().0, "old": null, "new": entry});
        match v.get_mut("log").and_then(serde_json::Value::as_array_mut) {
            Some(l) => l.push(log),
            None => v["log"] = serde_json::json!([log]),
        }
        let text = format!("{}\n", serde_json::to_string_pretty(&v).unwrap_or_default());
        match marque_store::save_table(file, text.as_bytes(), stamp, lock) {
            Ok(_) => return Some(ExitCode::SUCCESS),
            Err(marque_store::StoreError::Changed | marque_store::StoreError::Locked(_))
                if tries < 20 || std::time::Instant::now() < deadline => {}
            Err(e) => return Some(fail(&super::io::store_problems(&path, e), lang)),
        }
    }
    None
}

/// The evening beside `file` that names it among its tables (`NAME.evening.json`, the
/// folder's convention), if there is one.
fn evening_of(file: &std::path::Path, name: &str) -> Option<serde_json::Value> {
    let folder = file
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(std::path::Path::new("."));
    let mut found: Vec<_> = std::fs::read_dir(folder)
        .ok()?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.to_string_lossy().ends_with(".evening.json"))
        .collect();
    found.sort();
    found.into_iter().find_map(|p| {
        let text = read_input(&p.display().to_string()).ok()?;
        let v: serde_json::Value = serde_json::from_str(&text).ok()?;
        club::names_table(&v, name).then_some(v)
    })
}
