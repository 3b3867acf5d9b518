//! The score sheet for people: what `marque score --text` prints.

use std::fmt::Write;

use crate::games::{HandInfo, Live};
use crate::i18n::{Lang, Msg, tr};
use crate::msg;
use crate::session::{Paper, Session, Sheet};

/// A short label for hand `i`: the contract, the round, the frime…
pub fn hand_label(session: &Session, sheet: &Sheet, i: usize) -> Msg {
    sheet.label(&session.hands, i)
}

fn signed(n: i64) -> String {
    if n > 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

/// The sides as people say them: bridge's partnerships in the reader's language (NS / EO), else
/// the players' names.
pub fn side_names(sheet: &Sheet, lang: Lang) -> Vec<String> {
    match sheet.live {
        Live::Bridge(_) => vec![tr(lang, "side.NS"), tr(lang, "side.EW")],
        _ => sheet.sides.clone(),
    }
}

/// The names of the winning sides among `sides` (as people say them), joined: "NS", "Anne, Bruno".
pub fn winner_names(winners: &[usize], sides: &[String]) -> (String, usize) {
    let names: Vec<&str> = winners
        .iter()
        .filter_map(|&w| sides.get(w))
        .map(String::as_str)
        .collect();
    (names.join(", "), names.len())
}

/// The evening's standing after its rubbers (bridge): "Soirée après 2 robres : NS 1340, EO 600".
pub fn evening(papers: &[Paper]) -> Msg {
    let sum = |s: usize| papers.iter().map(|p| p.totals[s]).sum::<i64>();
    msg!(
        "bridge.evening",
        rubbers = papers.len(),
        ns = sum(0),
        ew = sum(1)
    )
}

/// The whole sheet as text.
pub fn render(session: &Session, sheet: &Sheet, lang: Lang) -> String {
    let mut out = String::new();
    let game = tr(lang, session.game.name_key());
    let _ = writeln!(out, "{game} — {}", session.players.join(", "));
    // Every option in force, defaults included: nobody meets the table by surprise.
    let opts = options_text(session, &session.options.to_json(), lang);
    let _ = writeln!(
        out,
        "{}",
        crate::msg!("explain.options", list = opts).render(lang)
    );
    let _ = writeln!(out);
    let width = sheet
        .sides
        .iter()
        .map(|s| s.chars().count())
        .max()
        .unwrap_or(4)
        .max(6);
    let running = sheet.running();
    let sides = side_names(sheet, lang);
    let colon = tr(lang, "colon");
    for (i, h) in sheet.hands.iter().enumerate() {
        let _ = writeln!(
            out,
            "{} {} — {}",
            tr(lang, session.game.hand_title()),
            i + 1,
            hand_label(session, sheet, i).render(lang)
        );
        let mut header = String::from("   ");
        let mut deltas = String::from("   ");
        for (s, side) in sides.iter().enumerate() {
            let _ = write!(header, " {side:>width$}");
            let _ = write!(deltas, " {:>width$}", signed(h.delta[s]));
        }
        if let HandInfo::Bridge(b) = &h.info {
            let vul = |v: bool| {
                tr(
                    lang,
                    if v {
                        "bridge.vulnerable"
                    } else {
                        "bridge.not_vulnerable"
                    },
                )
            };
            let line = msg!(
                "text.vulnerability",
                ns = vul(b.vulnerable[0]),
                ew = vul(b.vulnerable[1])
            );
            let _ = writeln!(out, "    {}", line.render(lang));
        }
        let _ = writeln!(out, "{header}");
        let _ = writeln!(out, "{deltas}");
        let after = match &h.info {
            HandInfo::Truc(t) => t.score.to_vec(),
            _ => running[i].clone(),
        };
        let mut run = format!("{:<3}", "Σ");
        for v in &after {
            let _ = write!(run, " {v:>width$}");
        }
        let _ = writeln!(out, "{run}");
        for l in &h.lines {
            let _ = writeln!(
                out,
                "    [{}] {} {}{colon}{}",
                l.rule,
                sides[l.side],
                signed(l.points),
                l.text.render(lang)
            );
        }
        let _ = writeln!(out);
    }
    if let Live::Bridge(_) = &sheet.live {
        let papers = sheet.papers();
        for (k, paper) in papers.iter().enumerate() {
            out.push_str(&paper_sheet(paper, k, lang));
        }
        for l in &sheet.closing {
            let _ = writeln!(
                out,
                "[{}] {} {}{colon}{}",
                l.rule,
                sides[l.side],
                signed(l.points),
                l.text.render(lang)
            );
        }
        if papers.len() > 1 {
            let _ = writeln!(out, "{}", evening(&papers).render(lang));
        }
    }
    let totals: Vec<String> = sides
        .iter()
        .zip(&sheet.totals)
        .map(|(s, t)| format!("{s} {t}"))
        .collect();
    let _ = writeln!(
        out,
        "{}{colon}{}",
        tr(lang, "text.totals"),
        totals.join(", ")
    );
    if sheet.finished {
        let (names, count) = winner_names(&sheet.winners, &sides);
        let _ = writeln!(
            out,
            "{}",
            msg!("text.finished", winners = names, count = count).render(lang)
        );
    } else {
        let _ = writeln!(out, "{}", tr(lang, "text.in_progress"));
    }
    out
}

/// One rubber as written on paper: We (NS) and They (EW), bonuses above the line, contracts below,
/// a line under each game.
fn paper_sheet(paper: &Paper, k: usize, lang: Lang) -> String {
    let mut out = String::new();
    let w = 12;
    let row = |out: &mut String, cells: [&Vec<i64>; 2], i: usize| {
        let cell = |s: usize| cells[s].get(i).map(|v| v.to_string()).unwrap_or_default();
        let _ = writeln!(out, "{:>w$} | {:<w$}", cell(0), cell(1));
    };
    let _ = writeln!(out, "{}", msg!("text.rubber", n = k + 1).render(lang));
    let _ = writeln!(
        out,
        "{:>w$} | {:<w$}",
        tr(lang, "bridge.we"),
        tr(lang, "bridge.they")
    );
    for i in (0..paper.above[0].len().max(paper.above[1].len())).rev() {
        row(&mut out, [&paper.above[0], &paper.above[1]], i);
    }
    let _ = writeln!(out, "{}", "═".repeat(2 * w + 3));
    for (segment, game) in &paper.below {
        for i in 0..segment[0].len().max(segment[1].len()) {
            row(&mut out, [&segment[0], &segment[1]], i);
        }
        if *game {
            let _ = writeln!(out, "{}", "─".repeat(2 * w + 3));
        }
    }
    let games = msg!("text.games", ns = paper.games[0], ew = paper.games[1]).render(lang);
    let _ = writeln!(
        out,
        "{:>w$} | {:<w$}   {games}",
        paper.totals[0], paper.totals[1]
    );
    if let Some(result) = paper.result(k) {
        let _ = writeln!(out, "{}", result.render(lang));
    }
    let _ = writeln!(out);
    out
}

/// The options in force, for people: `barème : lois actuelles ; chelem : demandé` (a player
/// option by the player's name).
pub fn options_text(session: &Session, options: &serde_json::Value, lang: Lang) -> String {
    let game = session.game;
    use crate::i18n::has_key;
    let Some(map) = options.as_object() else {
        return String::new();
    };
    let named = |key: String, fallback: &str| {
        if has_key(lang, &key) {
            tr(lang, &key)
        } else {
            fallback.to_string()
        }
    };
    map.iter()
        .map(|(k, v)| {
            let name = named(format!("opt.{}.{k}", game.id()), k);
            let player = game
                .options()
                .iter()
                .any(|o| o.key == k && o.kind == crate::games::OptKind::Player);
            let value = match v {
                serde_json::Value::String(w) => named(format!("opt.{}.{k}.{w}", game.id()), w),
                serde_json::Value::Bool(b) => tr(lang, if *b { "opt.yes" } else { "opt.no" }),
                serde_json::Value::Number(n) if player => n
                    .as_u64()
                    .and_then(|i| session.players.get(usize::try_from(i).ok()?))
                    .cloned()
                    .unwrap_or_else(|| n.to_string()),
                other => other.to_string(),
            };
            crate::msg!("explain.option", name = name, value = value).render(lang)
        })
        .collect::<Vec<_>>()
        .join(&tr(lang, "list.sep"))
}
