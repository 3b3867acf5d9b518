//! What is at stake once the bid is in: every result the play can still give the hand, each
//! as the whole hand it would be, scored from the sheet's kept state (never the session
//! replayed), with what it completes. Which results a bid can have, and what each completes,
//! the games say ([`crate::games::stakes`]); the rules decide which of them they take, as for
//! any hand: an outcome is listed when the rules accept it, once.

use serde_json::Value;

use crate::games::GameKind;
pub use crate::games::stakes::{Cell, Completes, Row, Said, half_text, rows_at_most};
use crate::games::stakes::{candidates, completes};
use crate::i18n::Msg;
use crate::session::{HandRow, Session, Sheet};

/// One result the play can give.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// The whole hand it would be, as a session file writes it.
    pub hand: Value,
    pub said: Said,
    /// Its score: `delta` per side (one per side of the session), lines with their rules.
    pub row: HandRow,
    pub completes: Vec<Completes>,
    /// The standing after it.
    pub totals: Vec<i64>,
}

/// Every result the play can give the partial hand, in the game's order: bridge from the
/// fewest tricks up, Le Tarot by points (then no petit au bout, the attack's, the defence's),
/// L'Ascenseur by each player's tricks in turn, Le Truc a refusal first, then each winner.
#[derive(Debug, Clone)]
pub struct Stakes {
    pub game: GameKind,
    pub outcomes: Vec<Outcome>,
    /// The bid they are the stakes of.
    pub bid: serde_json::Map<String, Value>,
}

impl Stakes {
    /// The outcomes laid out for a glance (rows of cells, each an outcome's figure), as the
    /// window and the phones show them; `players` and `sides` name who plays and who scores.
    pub fn rows(&self, players: &[String], sides: &[String]) -> Vec<Row> {
        let said: Vec<(&Said, &[i64])> = self
            .outcomes
            .iter()
            .map(|o| (&o.said, o.row.delta.as_slice()))
            .collect();
        crate::games::stakes::rows(&said, &self.bid, players, sides)
    }
}

/// The stakes of `partial` (a hand of `session`'s game without its result) as the next hand
/// of `session`, scored from `sheet` (the session's, as it stands). Refused, with what is
/// wrong: a hand that has its result, a game with no bid, a session over or closed, a bid the
/// rules refuse (their own words).
pub fn stakes(session: &Session, sheet: &Sheet, partial: &Value) -> Result<Stakes, Vec<Msg>> {
    found(session, sheet, partial, false)
}

/// As [`stakes`], laid out for a glance (the window's strip, the phones' box): a result whose
/// figures earlier ones already give is left out (Le Tarot's bouts not yet known: a margin
/// scores the same whatever the bouts, so each margin is played once, not once per count;
/// L'Ascenseur: a result is played while it gives some player a count of tricks not yet
/// played).
pub fn at_a_glance(session: &Session, sheet: &Sheet, partial: &Value) -> Result<Stakes, Vec<Msg>> {
    found(session, sheet, partial, true)
}

fn found(
    session: &Session,
    sheet: &Sheet,
    partial: &Value,
    glance: bool,
) -> Result<Stakes, Vec<Msg>> {
    let Value::Object(partial) = partial else {
        return Err(vec![crate::games::stakes::not_object(
            session.options.typed().kind(),
        )]);
    };
    if session.closed {
        return Err(vec![Msg::new("stakes.closed")]);
    }
    // Counted once: who plays the next hand (the session's events read again otherwise).
    let playing = session.playing();
    let live = sheet.open_game();
    let candidates = candidates(live, partial, playing).map_err(|m| vec![m])?;
    let mut outcomes = Vec::with_capacity(candidates.len());
    let mut refused = None;
    let mut given = std::collections::BTreeSet::new();
    for (hand, said) in candidates {
        let same = if glance {
            said.same_figures()
        } else {
            Vec::new()
        };
        if !same.is_empty() && same.iter().all(|k| given.contains(k)) {
            continue;
        }
        let decoded = session.options.typed().decode(&hand, playing);
        match decoded.and_then(|h| sheet.next(&h)) {
            Ok((row, end)) => {
                given.extend(same);
                outcomes.push(Outcome {
                    completes: completes(
                        live,
                        (&row.info, &row.lines),
                        (&sheet.totals, &end.totals),
                        end.natural_end.then_some(end.winners.as_slice()),
                    ),
                    totals: end.totals,
                    hand,
                    said,
                    row,
                });
            }
            Err(ms) => {
                refused.get_or_insert(ms);
            }
        }
    }
    match refused {
        Some(ms) if outcomes.is_empty() => Err(ms),
        _ => Ok(Stakes {
            game: session.game,
            outcomes,
            bid: partial.clone(),
        }),
    }
}
