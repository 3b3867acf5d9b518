//! The score sheet for people: what `marque score --text` prints.

use std::fmt::Write;

use crate::games::{GameKind, Line};
use crate::i18n::msg;
use crate::i18n::{Lang, Msg, tr};
use crate::session::{Paper, Problem, Session, Sheet};
use crate::view::{RowView, signed};

/// The sides as people say them: bridge's partnerships in the reader's language (NS / EO), else
/// the players' names.
pub fn side_names(sheet: &Sheet, lang: Lang) -> Vec<String> {
    let seats = sheet.seats();
    let mut names = sheet.game.side_names(&sheet.sides, lang);
    // A seat that left keeps its total and plays no more: said beside its name.
    let left: Vec<usize> = (0..seats.len()).filter(|s| !seats.plays(*s)).collect();
    crate::view::mark_gone(&mut names, &left, lang);
    names
}

/// The sides of `session` as they were named when `held` (who held each seat then) sat: a
/// side a later arrival made keeps its name of now (it has no cell then).
pub fn sides_then(session: &Session, held: &[String], lang: Lang) -> Vec<String> {
    let game = session.game;
    let mut names = game.side_names(&game.sides(held), lang);
    let now = game.side_names(&session.sides(), lang);
    names.extend(now.into_iter().skip(names.len()));
    names
}

/// The session's standing after its papers, in the game's words: "Soirée après 2 robres :
/// NS 1340, EO 600".
pub fn evening(papers: &[Paper]) -> Msg {
    let sum = |s: usize| papers.iter().map(|p| p.totals[s]).sum::<i64>();
    let wheels = papers.iter().any(|p| p.wheel.is_some());
    Paper::evening_of(papers.len(), [sum(0), sum(1)], wheels)
}

/// The whole sheet as text, written to `out` hand by hand as the session is played again: the
/// sheet is never held (a hand refused stops it, with its problems; check first to write
/// nothing for a session that fails).
pub fn write(session: &Session, lang: Lang, out: &mut dyn std::io::Write) -> Result<(), Written> {
    let mut text = String::new();
    let game = tr(lang, session.title_key());
    writeln!(text, "{game} — {}", session.table_names())?;
    // Every option in force, defaults included: nobody meets the table by surprise.
    let opts = options_text(session, &session.options.to_json(), lang);
    writeln!(
        text,
        "{}",
        crate::i18n::msg!("explain.options", list = opts).render(lang)
    )?;
    writeln!(text)?;
    out.write_all(text.as_bytes())?;
    let sides = session.sides();
    // A column as wide as the longest side's name, within reason: a name of thousands of
    // characters overflows its column rather than widening every line.
    // (Every name a seat had: an earlier holder's heads that seat's columns of then.)
    let holders = session.hands.iter().filter_map(|h| match h.game.event() {
        Some(crate::games::table::Event::Replace { player, .. })
        | Some(crate::games::table::Event::Join { player, .. }) => Some(player),
        _ => None,
    });
    let width = sides
        .iter()
        .chain(&session.players)
        .chain(holders)
        .map(|s| s.chars().count())
        .max()
        .unwrap_or(4)
        .clamp(6, 40);
    let names = session.game.side_names(&sides, lang);
    let colon = tr(lang, "colon");
    let mut failed = Ok(());
    // Each hand's columns and lines named by who held the seats then, made again only where
    // a seat changed hands.
    let mut then: (std::sync::Arc<Vec<String>>, Vec<String>) = Default::default();
    let end = crate::view::each_row(session, |row, p| {
        if failed.is_err() {
            return;
        }
        if !std::sync::Arc::ptr_eq(&then.0, &row.held) {
            then = (row.held.clone(), sides_then(session, &row.held, lang));
        }
        text.clear();
        let cells = (then.1.as_slice(), width, colon.as_str());
        failed = hand_text(&mut text, session.game, row, &p.row.lines, cells, lang)
            .map_err(std::io::Error::other)
            .and_then(|()| out.write_all(text.as_bytes()));
    })
    .map_err(Written::Problems)?;
    failed?;
    text.clear();
    if session.game.has_paper() {
        let (count, totals, wheels) = write_papers(session, &end, lang, out)?;
        for l in &end.closing {
            line_text(&mut text, "", l, &names, &colon, lang)?;
        }
        if count > 1 {
            let evening = Paper::evening_of(count, totals, wheels);
            writeln!(text, "{}", evening.render(lang))?;
        }
    }
    // The totals named as the sides are now, a seat that left marked as such.
    let head = crate::view::Head::after(session, &end, lang);
    let totals: Vec<String> = head
        .names
        .iter()
        .zip(&end.totals)
        .map(|(s, t)| format!("{s} {t}"))
        .collect();
    writeln!(
        text,
        "{}{colon}{}",
        tr(lang, "text.totals"),
        totals.join(", ")
    )?;
    writeln!(text, "{}", head.outcome().render(lang))?;
    out.write_all(text.as_bytes())?;
    Ok(())
}

/// Bridge's rubbers as on paper, each written as it ends while the session is played again,
/// never held whole. How many there were, their totals added up, and whether they were chukkers.
fn write_papers(
    session: &Session,
    end: &crate::session::End,
    lang: Lang,
    out: &mut dyn std::io::Write,
) -> Result<(usize, [i64; 2], bool), Written> {
    let (mut count, mut totals, mut wheels) = (0, [0, 0], false);
    let mut failed = Ok(());
    crate::view::each_paper(session, end, |k, paper| {
        totals[0] += paper.totals[0];
        totals[1] += paper.totals[1];
        wheels |= paper.wheel.is_some();
        if failed.is_ok() {
            let mut text = String::new();
            failed = paper_sheet(&mut text, paper, k, lang)
                .map_err(std::io::Error::other)
                .and_then(|()| out.write_all(text.as_bytes()));
        }
        count += 1;
    })
    .map_err(Written::Problems)?;
    failed?;
    Ok((count, totals, wheels))
}

/// Why the text sheet stopped.
#[derive(Debug)]
pub enum Written {
    /// A hand breaks a rule.
    Problems(Vec<Problem>),
    /// The output could not be written.
    Io(std::io::Error),
}

impl From<std::fmt::Error> for Written {
    fn from(e: std::fmt::Error) -> Self {
        Written::Io(std::io::Error::other(e))
    }
}

impl From<std::io::Error> for Written {
    fn from(e: std::io::Error) -> Self {
        Written::Io(e)
    }
}

/// The whole sheet as text, in memory (tests, small sessions).
pub fn render(session: &Session, lang: Lang) -> Result<String, Vec<Problem>> {
    let mut out = Vec::new();
    match write(session, lang, &mut out) {
        Ok(()) => Ok(String::from_utf8(out).unwrap_or_default()),
        Err(Written::Problems(p)) => Err(p),
        Err(Written::Io(e)) => Err(vec![Problem::file(msg!(
            "file.unreadable",
            path = "",
            error = crate::i18n::io_error(&e)
        ))]),
    }
}

/// One hand's block: its title, its note (bridge: who is vulnerable), each side's points and
/// standing after it, its lines.
fn hand_text(
    out: &mut String,
    game: GameKind,
    row: &RowView,
    lines: &[Line],
    (sides, width, colon): (&[String], usize, &str),
    lang: Lang,
) -> std::fmt::Result {
    writeln!(
        out,
        "{} — {}",
        row.heading(game, lang),
        row.title(sides).render(lang)
    )?;
    if let Some(note) = &row.note {
        writeln!(out, "    {}", note.render(lang))?;
    }
    let mut header = String::from("   ");
    let mut deltas = String::from("   ");
    let mut run = format!("{:<3}", "Σ");
    for (side, cell) in sides.iter().zip(&row.cells) {
        write!(header, " {side:>width$}")?;
        // A seat not at the table for this entry: blank, as on paper.
        if cell.absent {
            write!(deltas, " {:>width$}", "")?;
            write!(run, " {:>width$}", "")?;
            continue;
        }
        write!(deltas, " {:>width$}", signed(cell.points))?;
        write!(run, " {:>width$}", cell.standing)?;
    }
    writeln!(out, "{header}")?;
    writeln!(out, "{deltas}")?;
    writeln!(out, "{run}")?;
    for l in lines {
        line_text(out, "    ", l, sides, colon, lang)?;
    }
    writeln!(out)
}

/// A scored line: `[rule] side +points : text`.
fn line_text(
    out: &mut String,
    indent: &str,
    l: &Line,
    sides: &[String],
    colon: &str,
    lang: Lang,
) -> std::fmt::Result {
    writeln!(
        out,
        "{indent}[{}] {} {}{colon}{}",
        l.rule,
        sides.get(l.side).map_or("", String::as_str),
        signed(l.points),
        l.text.render(lang)
    )
}

/// One rubber as written on paper: We (NS) and They (EW), bonuses above the line, contracts below,
/// a line under each game.
fn paper_sheet(out: &mut String, paper: &Paper, k: usize, lang: Lang) -> std::fmt::Result {
    let w = 12;
    let row = |out: &mut String, cells: [&Vec<i64>; 2], i: usize| {
        let cell = |s: usize| cells[s].get(i).map(|v| v.to_string()).unwrap_or_default();
        writeln!(out, "{:>w$} | {:<w$}", cell(0), cell(1))
    };
    writeln!(out, "{}", paper.title(k).render(lang))?;
    // Chicago: the wheel first, as players draw it in the sheet's corner.
    for [deal, dealer, state, points, running] in paper.wheel_rows(lang) {
        writeln!(
            out,
            "  {deal:<8} {dealer:<7} {state:<22} {points:>13}   Σ {running}"
        )?;
    }
    writeln!(
        out,
        "{:>w$} | {:<w$}",
        tr(lang, Paper::HEADINGS[0]),
        tr(lang, Paper::HEADINGS[1])
    )?;
    for i in (0..paper.above[0].len().max(paper.above[1].len())).rev() {
        row(out, [&paper.above[0], &paper.above[1]], i)?;
    }
    writeln!(out, "{}", "═".repeat(2 * w + 3))?;
    for (segment, game) in &paper.below {
        for i in 0..segment[0].len().max(segment[1].len()) {
            row(out, [&segment[0], &segment[1]], i)?;
        }
        if *game {
            writeln!(out, "{}", "─".repeat(2 * w + 3))?;
        }
    }
    let games = msg!("text.games", ns = paper.games[0], ew = paper.games[1]).render(lang);
    writeln!(
        out,
        "{:>w$} | {:<w$}   {games}",
        paper.totals[0], paper.totals[1]
    )?;
    if let Some(result) = paper.result(k) {
        writeln!(out, "{}", result.render(lang))?;
    }
    writeln!(out)
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
    // Only the options that mean something at this table (Tarot's `five` at five players,
    // bridge's Chicago options at Chicago).
    // (What they hang on, from these options, else from the session's: a what-if names one.)
    let seats = session.sides().len();
    let own = session.options.to_json();
    let applies = |k: &str| {
        game.options()
            .iter()
            .find(|o| o.key == k)
            .is_none_or(|o| o.applies(seats, |key| map.get(key).or_else(|| own.get(key)).cloned()))
    };
    map.iter()
        .filter(|(k, _)| applies(k))
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
            crate::i18n::msg!("explain.option", name = name, value = value).render(lang)
        })
        .collect::<Vec<_>>()
        .join(&tr(lang, "list.sep"))
}
