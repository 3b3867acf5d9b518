//! `marque stakes FILE HAND`: every result the play can give a bid, each as the whole hand it
//! would be with its score per side, its lines and what it completes; `--text` for people,
//! `--option` under other options.

use super::explain::option_change;
use super::io::{fail, print_text, read_input, read_to_score};
use crate::term::printable;
use marque_core::games::number_signed;
use marque_core::i18n::{Lang, Msg};
use marque_core::stakes::{Stakes, stakes};
use serde_json::{Value, json};
use std::process::ExitCode;

/// What the command was asked.
pub(super) struct Asked<'a> {
    pub file: &'a str,
    pub hand: &'a str,
    pub options: &'a [String],
    pub text: bool,
    pub lang: Lang,
}

pub(super) fn run(asked: &Asked<'_>) -> ExitCode {
    let lang = asked.lang;
    let session = match read_to_score(asked.file) {
        Ok((_, s)) => s,
        Err(problems) => return fail(&problems, lang),
    };
    // JSON text, `-` for standard input, `@PATH` for a file, as `marque add` reads it.
    let text = match (asked.hand, asked.hand.strip_prefix('@')) {
        ("-", _) => read_input("-"),
        (_, Some(file)) => read_input(file),
        _ => Ok(asked.hand.to_string()),
    };
    let partial: Value = match text
        .map(|t| serde_json::from_str(&t).map_err(|e| marque_core::i18n::json_error(&e)))
    {
        Ok(Ok(v)) => v,
        Ok(Err(m)) | Err(m) => return refused(&[m], lang),
    };
    let mut changes = serde_json::Map::new();
    for c in asked.options {
        match option_change(c) {
            Ok((k, v)) => {
                changes.insert(k, v);
            }
            Err(p) => return fail(&[p], lang),
        }
    }
    let (session, sheet) = if changes.is_empty() {
        match session.score() {
            Ok(sheet) => (session, sheet),
            Err(problems) => return fail(&problems, lang),
        }
    } else {
        match marque_core::explain::what_if(&session, &changes) {
            Ok(w) => (w.session, w.sheet),
            Err(problems) => return fail(&problems, lang),
        }
    };
    let found = match stakes(&session, &sheet, &partial) {
        Ok(s) => s,
        Err(ms) => return refused(&ms, lang),
    };
    let sides = marque_core::text::side_names(&sheet, lang);
    if asked.text {
        return print_text(&as_text(&found, &sides, lang), lang);
    }
    let out = as_json(&found, &sheet.sides, lang);
    print_text(&format!("{out:#}\n"), lang)
}

/// Each problem as `hand: …`, exit status 2.
fn refused(problems: &[Msg], lang: Lang) -> ExitCode {
    use std::io::Write;
    let mut err = crate::term::stderr();
    for m in problems {
        // The argument named as the command line names it, in either language.
        writeln!(err, "hand: {}", m.render(lang)).ok();
    }
    ExitCode::from(2)
}

/// The stakes as one JSON object: `game`, `sides`, and `outcomes`, each `hand`, `label`,
/// `delta`, `lines` (`side`, `points`, `rule`, `text`), the hand's facts as `marque score`
/// gives them, `completes` and `totals`.
pub fn as_json(found: &Stakes, sides: &[String], lang: Lang) -> Value {
    let outcomes: Vec<Value> = found
        .outcomes
        .iter()
        .map(|o| {
            let mut delta = o.row.delta.clone();
            delta.resize(sides.len(), 0);
            let lines: Vec<Value> = o
                .row
                .lines
                .iter()
                .map(|l| {
                    json!({"side": l.side, "points": l.points, "rule": l.rule.as_str(),
                           "text": l.text.render(lang)})
                })
                .collect();
            let mut v = json!({
                "hand": o.hand,
                "label": o.said.label(sides).render(lang),
                "delta": delta,
                "lines": lines,
                "completes": o.completes,
                "totals": o.totals,
            });
            if let Ok(Value::Object(mut facts)) = serde_json::to_value(&o.row.info) {
                facts.retain(|k, _| !v.as_object().is_some_and(|m| m.contains_key(k)));
                if let Value::Object(m) = &mut v {
                    m.insert("facts".into(), Value::Object(facts));
                }
            }
            v
        })
        .collect();
    json!({"game": found.game.id(), "sides": sides, "outcomes": outcomes})
}

/// The stakes for people: a line per outcome, its figures per side and what it completes,
/// then its lines with their rules.
fn as_text(found: &Stakes, sides: &[String], lang: Lang) -> String {
    let mut out = String::new();
    for o in &found.outcomes {
        let figures: Vec<String> = sides
            .iter()
            .zip(&o.row.delta)
            .map(|(s, d)| format!("{} {}", printable(s, false), number_signed(*d)))
            .collect();
        out.push_str(&format!(
            "{} — {}",
            o.said.label(sides).render(lang),
            figures.join(", ")
        ));
        for c in &o.completes {
            out.push_str(&format!(" — {}", c.said(sides).render(lang)));
        }
        out.push('\n');
        for l in &o.row.lines {
            out.push_str(&format!(
                "    {} {} ({}) {}\n",
                sides.get(l.side).map_or("?", String::as_str),
                number_signed(l.points),
                l.rule.as_str(),
                l.text.render(lang)
            ));
        }
    }
    out
}
