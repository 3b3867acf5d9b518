//! A hand's count, step by step, to settle a dispute (`marque explain`): the facts the count
//! used, each line of the hand with its sum written out and its rule, and the same session under
//! other options ("what if").
//!
//! The steps are the hand's lines, each with the sum the game wrote it from
//! ([`crate::games::Rules::count`]): they add up to the lines by construction, and the sums are
//! checked against the lines' points by the property tests.

use serde_json::{Map, Value};

use crate::i18n::Msg;
use crate::i18n::msg;
use crate::session::{Problem, Session, Sheet};

/// One step of a count: who gets how many points, by which rule, and the sum written out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    pub side: usize,
    pub points: i64,
    pub rule: crate::games::RuleId,
    /// The line's text, with its sum where the game writes one (`… : 200 + 300 + 300 = 800`).
    pub text: Msg,
    /// The sum alone, in numbers (the same in every language).
    pub sum: Option<String>,
}

/// Hand `index`'s count.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Explained {
    /// The hand, as the sheet labels it (contract and result, round, frime…).
    pub label: Msg,
    /// What stood before the hand (the score, vulnerability, dealer, round…).
    pub facts: Vec<Msg>,
    pub steps: Vec<Step>,
    /// What the hand adds per side (the steps added up), one figure for every side of the
    /// session (a side made later: 0).
    pub delta: Vec<i64>,
    /// Who held each seat for it (a table event: after it): what its steps and its total are
    /// named by ([`crate::text::sides_then`]), never a later holder.
    pub held: Vec<String>,
}

/// An entry's heading as the table counts it: "Brasse 8 — +120 pour Anne", or for a table
/// event its kind: "Arrivée — Didier arrive (150)".
pub fn heading(game: crate::games::GameKind, place: crate::games::Place, what: Msg) -> Msg {
    msg!(
        "explain.heading",
        entry = game.place_title(place),
        what = what
    )
}

/// [`heading`] where entries are numbered together (the command line's `hand N`, from 1):
/// where the two counts differ it names both ("Entrée 10 — Brasse 8 — …").
pub fn heading_at(
    game: crate::games::GameKind,
    n: usize,
    place: crate::games::Place,
    what: Msg,
) -> Msg {
    let shown = heading(game, place, what);
    if place == crate::games::Place::Hand(n) {
        return shown;
    }
    msg!("explain.heading_at", n = n, heading = shown)
}

/// The count of hand `index` (from 0) of `session`, whose sheet is `sheet`; `None` past its last
/// hand.
pub fn explain(session: &Session, sheet: &Sheet, index: usize) -> Option<Explained> {
    let row = sheet.hands.get(index)?;
    let before = sheet.before(index, &session.hands);
    explain_row(session, &before, row, index)
}

/// [`explain`] without a sheet: the session played to the hand, keeping no row (the command
/// line's `explain` of a long session). The problems if a hand up to it is refused.
pub fn explain_played(session: &Session, index: usize) -> Result<Option<Explained>, Vec<Problem>> {
    Ok(crate::stream::before(session, index)?
        .and_then(|(before, row)| explain_row(session, &before, &row, index)))
}

/// The standing before a hand: each side with its total, in what the game counts ("Anne
/// 1 340 points, Bruno 980 points"); the entry's words (`noun`) are for the caller to give.
fn standing(session: &Session, names: &[String], totals: &[i64]) -> Msg {
    standing_as(session, names, totals, "explain.standing")
}

/// [`standing`] under the message `key` (before or after), each seat named by who held it
/// then (`names`, the players seated at that moment).
fn standing_as(session: &Session, names: &[String], totals: &[i64], key: &'static str) -> Msg {
    let game = session.game;
    let list = game
        .side_args(&game.sides(names))
        .into_iter()
        .zip(totals)
        .map(|(side, t)| {
            let total = msg!(game.total_unit(), n = *t, shown = crate::games::number(*t));
            msg!("explain.side_total", side = side, total = total)
        })
        .rev()
        .reduce(|rest, first| msg!("explain.list.more", first = first, rest = rest));
    msg!(
        key,
        list = list.unwrap_or_else(|| Msg::new("explain.nobody"))
    )
}

/// The count of hand `index`, scored as `row` from the game `before` it.
fn explain_row(
    session: &Session,
    before: &crate::session::Replay,
    row: &crate::session::HandRow,
    index: usize,
) -> Option<Explained> {
    let hand = session.hands.get(index)?;
    let live = before.live();
    let names = before.seats().current();
    // Before "the deal", or before "the entry" where this is a table event.
    let words = |m: Msg| session.game.entry_words(m, hand.game.event().is_some());
    // A table event written in a part of the game already over (bridge: the rubber of the
    // deal before it) is explained there, as the paper puts it.
    let part = match &row.info {
        crate::games::HandInfo::Event(e) => live.event_part(&e.facts),
        _ => None,
    };
    let state = part.unwrap_or_else(|| live.state(&names, index));
    let mut facts = vec![
        words(msg!("explain.before", state = state)),
        words(standing(session, &names, &live.totals())),
    ];
    facts.extend(live.facts(&names));
    if let Some(event) = hand.game.event() {
        // What the event did and by which rule, then the standing it leaves.
        let mut after = live.totals();
        after.resize(row.delta.len().max(after.len()), 0);
        for (t, d) in after.iter_mut().zip(&row.delta) {
            *t += d;
        }
        // Named by who holds each seat after it (an arrival's new seat, a substitute).
        let mut then = before.clone();
        let names_after = match then.play(&hand.game) {
            Ok(_) => then.seats().current(),
            Err(_) => session.sides(),
        };
        facts.push(standing_as(
            session,
            &names_after,
            &after,
            "explain.standing_after",
        ));
        let mut steps: Vec<Step> = row
            .lines
            .iter()
            .map(|l| Step {
                side: l.side,
                points: l.points,
                rule: l.rule,
                text: crate::games::table::describe(event, &names, session.game),
                sum: None,
            })
            .collect();
        if steps.is_empty() {
            let side = match event {
                crate::games::table::Event::Replace { seat, .. }
                | crate::games::table::Event::Leave { seat } => session.game.side_of(*seat),
                // The seat it makes, after the last.
                crate::games::table::Event::Join { .. } => names.len(),
                crate::games::table::Event::Adjust { side, .. } => *side,
            };
            steps.push(Step {
                side,
                points: 0,
                rule: event.kind().rule(),
                text: crate::games::table::describe(event, &names, session.game),
                sum: None,
            });
        }
        return Some(Explained {
            label: hand.game.label(
                &row.info,
                crate::session::hand_index(&session.hands, index),
                &names,
            ),
            facts,
            steps,
            delta: all_sides(session, &row.delta),
            held: names_after,
        });
    }
    let steps = row
        .lines
        .iter()
        .map(|l| {
            let sum = live.count(&hand.game, &row.info, l);
            let text = match &sum {
                Some(s) => msg!("explain.step", line = l.text.clone(), sum = s.as_str()),
                None => l.text.clone(),
            };
            Step {
                side: l.side,
                points: l.points,
                rule: l.rule,
                text,
                sum,
            }
        })
        .collect();
    Some(Explained {
        label: hand.game.label(
            &row.info,
            crate::session::hand_index(&session.hands, index),
            &names,
        ),
        facts,
        steps,
        delta: all_sides(session, &row.delta),
        held: names,
    })
}

/// A hand's delta with a figure for every side of the session (one that joined later: 0).
fn all_sides(session: &Session, delta: &[i64]) -> Vec<i64> {
    let mut all = delta.to_vec();
    all.resize(session.sides().len().max(delta.len()), 0);
    all
}

/// The session under other options: `changes` (option names and values, as in a session file)
/// over the session's own. The problems if an option is unknown or a value not allowed, or if a
/// hand no longer plays under them.
pub fn what_if(session: &Session, changes: &Map<String, Value>) -> Result<WhatIf, Vec<Problem>> {
    let options = session
        .options
        .with(changes, session.players.len())
        .map_err(|ms| ms.into_iter().map(Problem::file).collect::<Vec<_>>())?;
    let mut other = session.clone();
    other.options = options;
    let sheet = other.score()?;
    Ok(WhatIf {
        options: other.options.to_json(),
        session: other,
        sheet,
    })
}

/// A session scored under other options.
#[derive(Debug, Clone)]
pub struct WhatIf {
    /// Every option in force, defaults included.
    pub options: Value,
    pub session: Session,
    pub sheet: Sheet,
}
