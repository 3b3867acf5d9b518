//! `marque explain`: a hand's count step by step, for people or as JSON, and what-ifs.

use super::io::{fail, print_text, read_to_score};
use crate::term::printable;
use marque_core::i18n::msg;
use marque_core::i18n::{Lang, Msg};
use marque_core::session::Problem;
use std::process::ExitCode;

/// `--option KEY=VALUE` as a session file writes it: a whole number, `true` or `false`, or a
/// word.
pub(super) fn option_change(arg: &str) -> Result<(String, serde_json::Value), Problem> {
    use serde_json::Value;
    let bad = || Problem::file(msg!("explain.bad_option", arg = arg));
    let (key, value) = arg.split_once('=').ok_or_else(bad)?;
    if key.is_empty() || value.is_empty() {
        return Err(bad());
    }
    let value = match (value.parse::<i64>(), value) {
        (Ok(n), _) => Value::from(n),
        (_, "true") => Value::Bool(true),
        (_, "false") => Value::Bool(false),
        (_, w) => Value::from(w),
    };
    Ok((key.to_string(), value))
}

/// `marque explain FILE N`: hand N's facts and steps, and with `--option` the same under other
/// options.
pub(super) fn explain(
    path: &str,
    n: usize,
    changes: &[String],
    as_json: bool,
    lang: Lang,
) -> ExitCode {
    use marque_core::explain::{explain_played, what_if};
    let session = match read_to_score(path) {
        Ok((_, s)) => s,
        Err(problems) => return fail(&problems, lang),
    };
    let mut map = serde_json::Map::new();
    for c in changes {
        match option_change(c) {
            Ok((k, v)) => {
                map.insert(k, v);
            }
            Err(p) => return fail(&[p], lang),
        }
    }
    let count = session.hands.len();
    // Played to the hand, keeping no sheet; every hand checked first (a session that breaks a
    // rule anywhere is said so, as `score` says it).
    let explained = marque_core::stream::check(&session)
        .and_then(|()| explain_played(&session, n.checked_sub(1).unwrap_or(usize::MAX)));
    let explained = match explained {
        Ok(e) => e,
        Err(problems) => return fail(&problems, lang),
    };
    let Some(e) = explained else {
        let m = if count == 0 {
            Msg::new("explain.no_hands")
        } else {
            msg!("explain.no_hand", n = n, count = count)
        };
        return fail(&[Problem::file(m)], lang);
    };
    // Under other options: both sheets, to compare their totals.
    let whatif = if map.is_empty() {
        None
    } else {
        match session
            .score()
            .and_then(|sheet| Ok((sheet, what_if(&session, &map)?)))
        {
            Ok(w) => Some(w),
            Err(problems) => return fail(&problems, lang),
        }
    };
    let found = Found {
        session: &session,
        n,
        e: &e,
        whatif: whatif.as_ref(),
        // The sides as people say them (bridge: NS / EO in French), now and for the hand.
        sides: session.game.side_names(&session.sides(), lang),
        then: marque_core::text::sides_then(&session, &e.held, lang),
    };
    let out = if as_json {
        found.json(lang)
    } else {
        found.text(map, lang)
    };
    print_text(&out, lang)
}

/// A hand explained, and under other options what the session would give.
struct Found<'a> {
    session: &'a marque_core::session::Session,
    n: usize,
    e: &'a marque_core::explain::Explained,
    whatif: Option<&'a (marque_core::session::Sheet, marque_core::explain::WhatIf)>,
    sides: Vec<String>,
    /// The sides as named when the hand was played (who held each seat then).
    then: Vec<String>,
}

impl Found<'_> {
    /// As `--json` gives it.
    fn json(&self, lang: Lang) -> String {
        use serde_json::json;
        let (e, n, session, whatif) = (self.e, self.n, self.session, self.whatif);
        let lines_json = |lines: &[marque_core::games::Line]| {
            lines
                .iter()
                .map(|l| {
                    json!({"side": l.side, "points": l.points, "rule": l.rule,
                           "text": l.text.render(lang)})
                })
                .collect::<Vec<_>>()
        };
        let steps: Vec<_> = e
            .steps
            .iter()
            .map(|st| {
                json!({"side": st.side, "points": st.points, "rule": st.rule,
                       "text": st.text.render(lang), "sum": st.sum})
            })
            .collect();
        let mut v = json!({
            "hand": n,
            "label": e.label.render(lang),
            "facts": e.facts.iter().map(|f| f.render(lang)).collect::<Vec<_>>(),
            "options": session.options.to_json(),
            "steps": steps,
            "delta": e.delta,
        });
        if let Some((_, w)) = whatif {
            let row = &w.sheet.hands[n - 1];
            v["whatif"] = json!({
                "options": w.options,
                "lines": lines_json(&row.lines),
                "delta": row.delta,
                "totals": w.sheet.totals,
            });
        }
        format!("{v}\n")
    }

    /// As text: a line each, control characters escaped.
    fn text(&self, map: serde_json::Map<String, serde_json::Value>, lang: Lang) -> String {
        use marque_core::explain::explain;
        let (e, n, session, whatif, sides) =
            (self.e, self.n, self.session, self.whatif, &self.sides);
        let then = &self.then;
        let per_side = |values: &[i64]| {
            then.iter()
                .zip(values)
                .map(|(s, v)| format!("{s} {v}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        // One line at a time, each with its control characters escaped (a name holding a
        // line break stays on its line).
        let put = |t: &mut String, line: &str| {
            t.push_str(&printable(line, false));
            t.push('\n');
        };
        let put_steps = |t: &mut String, steps: &[marque_core::explain::Step]| {
            for st in steps {
                let text = st.text.render(lang);
                let side = then.get(st.side).map_or("", String::as_str);
                put(
                    t,
                    &format!("  {side} {:+}  {text} [{}]", st.points, st.rule),
                );
            }
        };
        let mut t = String::new();
        let place = session.place(n.wrapping_sub(1));
        let heading = marque_core::explain::heading_at(session.game, n, place, e.label.clone());
        put(&mut t, &heading.render(lang));
        for f in &e.facts {
            put(&mut t, &f.render(lang));
        }
        let opts = marque_core::text::options_text(session, &session.options.to_json(), lang);
        put(&mut t, &msg!("explain.options", list = opts).render(lang));
        put_steps(&mut t, &e.steps);
        put(
            &mut t,
            &msg!("explain.total", list = per_side(&e.delta)).render(lang),
        );
        if let Some((sheet, w)) = whatif {
            let changed =
                marque_core::text::options_text(session, &serde_json::Value::Object(map), lang);
            put(&mut t, &msg!("explain.whatif", list = changed).render(lang));
            if let Some(other) = explain(&w.session, &w.sheet, n - 1) {
                put_steps(&mut t, &other.steps);
                put(
                    &mut t,
                    &msg!("explain.total", list = per_side(&other.delta)).render(lang),
                );
            }
            let diff: Vec<String> = sides
                .iter()
                .enumerate()
                .map(|(i, s)| {
                    let (now, then) = (sheet.totals[i], w.sheet.totals[i]);
                    format!("{s} {then} ({:+})", then - now)
                })
                .collect();
            put(
                &mut t,
                &msg!("explain.whatif_totals", list = diff.join(", ")).render(lang),
            );
        }
        t
    }
}
