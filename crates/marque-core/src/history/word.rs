//! The other side's word on each hand: who is asked it, what they said (on the laptop, or from
//! a paired phone, at a game of more sides player by player), and where each hand stands.

use std::borrow::Cow;

use serde_json::Value;

use super::log::{Action, LogOut, log, push_log};
use crate::session::{RawJson, Session, Sheet};

/// The session asks the other side's word on each hand (a field of the file that scoring
/// ignores, `"confirm": true`, set when the session is created).
pub fn wants_word(session: &Session) -> bool {
    session
        .extra
        .get(WORD_FIELD)
        .is_some_and(|v| v.get() == "true")
}

/// The file's field that asks for the other side's word.
pub const WORD_FIELD: &str = "confirm";

/// Asks for the other side's word on each hand of `session` from now on.
pub fn ask_word(session: &mut Session) {
    if let Some(r) = RawJson::of(&true) {
        session.extra.insert(WORD_FIELD.to_string(), r);
    }
}

/// Who gives their word on hand `i` (from 0) in a game of two sides: the side that lost points
/// on it (None where both took the same, or in a game of more sides: see [`answering`]).
pub fn word_side(sheet: &Sheet, i: usize) -> Option<usize> {
    let delta = &sheet.hands.get(i)?.delta;
    match delta.as_slice() {
        [a, b] if a < b => Some(0),
        [a, b] if b < a => Some(1),
        _ => None,
    }
}

/// A table event that moves no points (a player arriving, leaving or replaced): nobody's word
/// is asked on it.
fn moot(hand: &crate::session::Hand) -> bool {
    hand.game
        .event()
        .is_some_and(|e| e.kind() != crate::games::table::EventKind::Adjust)
}

/// Who answers each hand, one pass over the session: in a game of two sides, the side that
/// lost points on it ([`word_side`]); in a game of more sides, every player seated for it,
/// each for themself. A table event that moves no points, or a hand of two sides that took
/// the same, asks no one.
pub fn answering(session: &Session, sheet: &Sheet) -> Vec<Vec<usize>> {
    let mut seats = crate::games::table::Seats::new(session.game, &session.players);
    let many = sheet.sides.len() > 2;
    session
        .hands
        .iter()
        .enumerate()
        .map(|(i, hand)| {
            if let Some(e) = hand.game.event().filter(|_| moot(hand)) {
                seats.apply(e).ok();
                Vec::new()
            } else if many {
                seats.playing()
            } else {
                word_side(sheet, i).into_iter().collect()
            }
        })
        .collect()
}

/// A word given from a paired phone: the name the phone gave itself, and why a hand is
/// disputed (empty: nothing said).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FromPhone<'a> {
    pub label: &'a str,
    pub why: &'a str,
}

/// Who gives a word: the side's name ("EW", or none when the table answers as one on the
/// laptop), and at a game of more sides the seat of the player answering for themself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Giver<'a> {
    pub side: Option<&'a str>,
    pub seat: Option<usize>,
}

impl Giver<'_> {
    /// The table's word, given on the laptop for all who answer.
    pub const TABLE: Giver<'static> = Giver {
        side: None,
        seat: None,
    };
}

/// Records the other side's word on hand `i` (from 0): `Confirm` or `Dispute`, by `who`, from
/// a paired phone or (`None`) on the laptop.
pub fn give_word(
    session: &mut Session,
    i: usize,
    word: Action,
    (who, phone): (Giver<'_>, Option<FromPhone<'_>>),
    at: &str,
) {
    let mut new = serde_json::Map::new();
    new.insert("side".into(), who.side.map_or(Value::Null, Value::from));
    if let Some(seat) = who.seat {
        new.insert("seat".into(), Value::from(seat));
    }
    if let Some(p) = phone {
        new.insert("phone".into(), Value::from(p.label));
        if !p.why.is_empty() {
            new.insert("why".into(), Value::from(p.why));
        }
    }
    let new = RawJson::of(&Value::Object(new));
    push_log(
        session,
        &LogOut {
            at,
            action: word.id(),
            hand: i + 1,
            id: None,
            old: None,
            new: new.as_ref().map(|r| Cow::Borrowed(&*r.0)),
        },
    );
}

/// Hand `i`'s revision for the side or player `seat`: a fingerprint of what it holds, what it
/// scores, and where it stands with them. An answer given to a hand as it was shown applies
/// only while this is the same: the hand edited or scored anew, or answered meanwhile by the
/// table or by this same player, makes another (another player's word at a game of more sides
/// does not).
pub fn revision(
    (session, sheet): (&Session, &Sheet),
    stands: &[Stand],
    i: usize,
    seat: usize,
) -> Option<String> {
    let hand = session.hands.get(i)?;
    let stand = stands.get(i);
    let mut h = crate::fnv::Fnv::default();
    h.text(&hand.to_value().to_string());
    // Its points too: a deal's JSON may stay as it was while its score moves (Chicago's
    // vulnerability follows the deal's place, and an earlier deal deleted moves it).
    h.text(&format!("{:?}", sheet.hands.get(i).map(|r| &r.delta)));
    h.text(&format!(
        "{:?} {:?}",
        stand.map(|s| s.table),
        stand.and_then(|s| s.said_by(seat))
    ));
    Some(format!("{:016x}", h.0))
}

/// Where each hand stands with the other side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Word {
    /// Entered or changed since the other side last answered.
    Awaited,
    Confirmed,
    Disputed,
}

/// Where a hand stands: its word, and what was said of it since it last changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stand {
    pub word: Word,
    /// The last word of the table, or of the side answering at a game of two sides.
    pub table: Option<Word>,
    /// At a game of more sides, each player's own word from their phone (seat, word), in the
    /// order given, since the table last answered.
    pub said: Vec<(usize, Word)>,
    /// The disputes that hold it, each with who gave it and the reason given.
    pub why: Vec<Why>,
}

/// A dispute that holds a hand: who gave it and why.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Why {
    /// The seat of a player who disputed it themself (a game of more sides).
    pub seat: Option<usize>,
    /// The phone's name, where a phone gave it.
    pub phone: Option<String>,
    /// The side's name as the log writes it ("EW", a player's name); none: the table as one.
    pub side: Option<String>,
    /// The reason given (it may be empty).
    pub why: String,
}

impl Stand {
    /// The seats of the players who said `word` of the hand themselves, in the order given.
    pub fn saying(&self, word: Word) -> impl Iterator<Item = usize> + '_ {
        self.said
            .iter()
            .filter(move |(_, w)| *w == word)
            .map(|(s, _)| *s)
    }

    /// What the player in `seat` said of the hand themself.
    pub fn said_by(&self, seat: usize) -> Option<Word> {
        self.said.iter().find(|(s, _)| *s == seat).map(|(_, w)| *w)
    }

    /// Where the hand stands once `asked` (the players who answer it) said what they said: any
    /// of them disputing it holds it; all of them agreeing settles it; else the table's word.
    fn settle(&mut self, asked: &[usize]) {
        self.word = if self.said.iter().any(|(_, w)| *w == Word::Disputed) {
            Word::Disputed
        } else if asked.len() > 1
            && asked
                .iter()
                .all(|s| self.said_by(*s) == Some(Word::Confirmed))
        {
            Word::Confirmed
        } else {
            self.table.unwrap_or(Word::Awaited)
        };
    }
}

/// The other side's word on each hand, read from the log: a hand added, edited or put back
/// awaits it; "confirm" and "dispute" answer it; a deletion takes the hand out. A hand changed
/// back to what was last answered about it (an edit undone) has those answers again: a word
/// given is never asked again. `asked`: who answers each hand ([`answering`]).
pub fn stands(session: &Session, asked: &[Vec<usize>]) -> Vec<Stand> {
    /// A hand's answers now, and the hand as it was when last answered, with those answers.
    struct Held {
        value: Value,
        table: Option<Word>,
        said: Vec<(usize, Word)>,
        why: Vec<Why>,
        answered: Option<(Said, Value)>,
    }
    /// The table's word, each player's own, and the disputes' reasons.
    type Said = (Option<Word>, Vec<(usize, Word)>, Vec<Why>);
    let mut out: Vec<Held> = Vec::with_capacity(session.hands.len());
    let answer = |out: &mut Vec<Held>, i: usize, word: Word, why: Why| {
        if let Some(h) = out.get_mut(i) {
            match why.seat {
                Some(seat) => {
                    h.said.retain(|(s, _)| *s != seat);
                    h.said.push((seat, word));
                    h.why.retain(|w| w.seat != Some(seat));
                }
                None => {
                    h.table = Some(word);
                    h.said.clear();
                    h.why.clear();
                }
            }
            if word == Word::Disputed {
                h.why.push(why);
            }
            h.answered = Some(((h.table, h.said.clone(), h.why.clone()), h.value.clone()));
        }
    };
    let entries = log(session);
    // Hands in the file before its log began (written by another tool, then played on with
    // Marque) are the first ones, taken as agreed: the log's places count after them.
    let net = entries.iter().fold(0isize, |n, e| match changes(e) {
        Some((true, false)) => n + 1,
        Some((false, true)) => n - 1,
        _ => n,
    });
    // Signed: a log may take out more hands than it puts in. Their values then are unknown
    // (null) until an edit of theirs says what it replaced.
    let before = usize::try_from(
        i64::try_from(session.hands.len()).unwrap_or(i64::MAX) - i64::try_from(net).unwrap_or(0),
    )
    .unwrap_or(0);
    for _ in 0..before {
        let table = Some(Word::Confirmed);
        out.push(Held {
            value: Value::Null,
            table,
            said: Vec::new(),
            why: Vec::new(),
            answered: Some(((table, Vec::new(), Vec::new()), Value::Null)),
        });
    }
    for e in entries {
        let Some(i) = e.hand.checked_sub(1) else {
            continue;
        };
        let why = || {
            let text = |k: &str| e.new.get(k).and_then(Value::as_str).map(str::to_string);
            Why {
                seat: e
                    .new
                    .get("seat")
                    .and_then(Value::as_u64)
                    .and_then(|s| usize::try_from(s).ok()),
                phone: text("phone"),
                side: text("side"),
                why: text("why").unwrap_or_default(),
            }
        };
        match (e.action, changes(&e)) {
            (Some(Action::Confirm), _) => answer(&mut out, i, Word::Confirmed, why()),
            (Some(Action::Dispute), _) => answer(&mut out, i, Word::Disputed, why()),
            (_, None) => {}
            (_, Some((true, false))) => out.insert(
                i.min(out.len()),
                Held {
                    value: e.new,
                    table: None,
                    said: Vec::new(),
                    why: Vec::new(),
                    answered: None,
                },
            ),
            (_, Some((false, true))) => {
                if i < out.len() {
                    out.remove(i);
                }
            }
            _ => {
                if let Some(h) = out.get_mut(i) {
                    // A hand from before the log: its value as agreed is the one this edit
                    // replaced.
                    if h.value.is_null() {
                        h.value = e.old.clone();
                        if let Some((_, agreed)) = h.answered.as_mut().filter(|(_, v)| v.is_null())
                        {
                            *agreed = e.old.clone();
                        }
                    }
                    (h.table, h.said, h.why) = match &h.answered {
                        Some(((table, said, why), value)) if *value == e.new => {
                            (*table, said.clone(), why.clone())
                        }
                        _ => (None, Vec::new(), Vec::new()),
                    };
                    h.value = e.new;
                }
            }
        }
    }
    let mut out: Vec<Stand> = out
        .into_iter()
        .enumerate()
        .map(|(i, h)| {
            let mut stand = Stand {
                word: Word::Awaited,
                table: h.table,
                said: h.said,
                why: h.why,
            };
            stand.settle(asked.get(i).map_or(&[][..], Vec::as_slice));
            if session.hands.get(i).is_some_and(moot) {
                stand.word = Word::Confirmed;
            }
            if stand.word != Word::Disputed {
                stand.why.clear();
            }
            stand
        })
        .collect();
    // Hands the log does not account for (a file written by another tool) are taken as agreed.
    out.resize(
        session.hands.len(),
        Stand {
            word: Word::Confirmed,
            table: Some(Word::Confirmed),
            said: Vec::new(),
            why: Vec::new(),
        },
    );
    out
}

/// What a log entry does to the list of hands, by whether its old and its new value are
/// missing: `(true, false)` puts a hand in, `(false, true)` takes one out, `(false, false)`
/// changes one; None: no hand's change (a word, the options, a close, a merge's trace).
fn changes(e: &super::log::Entry) -> Option<(bool, bool)> {
    match e.action {
        Some(
            Action::Close
            | Action::Reopen
            | Action::Options
            | Action::Merge
            | Action::Aside
            | Action::Lapsed
            | Action::Confirm
            | Action::Dispute,
        ) => None,
        _ if e.hand == 0 => None,
        _ => Some((e.old.is_null(), e.new.is_null())),
    }
}

/// Where each hand stands with the other side, as [`stands`] finds it.
pub fn words(session: &Session, sheet: &Sheet) -> Vec<Word> {
    stands(session, &answering(session, sheet))
        .into_iter()
        .map(|s| s.word)
        .collect()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, reason = "tests fail loudly")]

    use super::super::log::{Change, apply};
    use super::*;

    const AT: &str = "2026-11-27T21:00:00+01:00";

    /// Makes a change to the hands, as the app does.
    fn play(s: &mut Session, sheet: &mut Sheet, change: &Change, action: Action) {
        apply(s, sheet, change, action, AT).unwrap();
    }

    /// A 2500 of three with one brasse, then Lise leaving, then a second brasse of two.
    fn evening() -> (Session, Sheet) {
        let mut s = Session::parse(
            r#"{"format":"marque-session","version":1,"id":"w","game":"2500",
            "created":"2026-11-27T20:00:00+01:00","players":["Paul","Lise","Marc"],
            "options":{},"confirm":true,"hands":[]}"#,
        )
        .unwrap();
        let mut sheet = s.score().unwrap();
        let hands = [
            r#"{"frime":"8","laid":[[],[],[]],"hand":[["3"],["4"],["5"]]}"#,
            r#"{"event":"leave","seat":1}"#,
            r#"{"frime":"9","laid":[[],[]],"hand":[["3"],["4"]]}"#,
        ];
        for (i, h) in hands.iter().enumerate() {
            let hand = s.decode_at(&serde_json::from_str(h).unwrap(), i).unwrap();
            apply(
                &mut s,
                &mut sheet,
                &Change::Insert(i, hand),
                Action::Add,
                AT,
            )
            .unwrap();
        }
        (s, sheet)
    }

    fn say(s: &mut Session, i: usize, yes: bool, seat: Option<usize>) {
        let word = if yes {
            Action::Confirm
        } else {
            Action::Dispute
        };
        let who = Giver { side: None, seat };
        let phone = seat.map(|_| FromPhone {
            label: "tél",
            why: "",
        });
        give_word(s, i, word, (who, phone), AT);
    }

    #[test]
    fn at_a_game_of_more_sides_each_seated_player_answers_for_themself() {
        let (mut s, sheet) = evening();
        let asked = answering(&s, &sheet);
        assert_eq!(asked, [vec![0, 1, 2], vec![], vec![0, 2]]);
        assert_eq!(
            stands(&s, &asked)[1].word,
            Word::Confirmed,
            "a departure asks no word"
        );
        let word = |s: &Session| stands(s, &asked)[0].word;
        say(&mut s, 0, true, Some(1));
        say(&mut s, 0, true, Some(2));
        assert_eq!(word(&s), Word::Awaited, "Paul has not answered yet");
        say(&mut s, 0, false, Some(0));
        assert_eq!(word(&s), Word::Disputed);
        say(&mut s, 0, true, Some(0));
        assert_eq!(word(&s), Word::Confirmed, "all three agreed");
        // A player's word does not make another's shown hand stale; their own does.
        let before = stands(&s, &asked);
        say(&mut s, 2, true, Some(0));
        let after = stands(&s, &asked);
        assert_eq!(
            revision((&s, &sheet), &before, 2, 2),
            revision((&s, &sheet), &after, 2, 2)
        );
        assert_ne!(
            revision((&s, &sheet), &before, 2, 0),
            revision((&s, &sheet), &after, 2, 0)
        );
        assert_eq!(after[2].word, Word::Awaited, "Marc is still asked");
        // The table's word on the laptop answers for everyone.
        say(&mut s, 2, false, None);
        assert_eq!(stands(&s, &asked)[2].word, Word::Disputed);
        say(&mut s, 2, true, None);
        assert_eq!(stands(&s, &asked)[2].word, Word::Confirmed);
    }

    #[test]
    fn a_hand_changed_asks_every_player_again_and_its_undoing_brings_their_words_back() {
        let (mut s, mut sheet) = evening();
        let asked = answering(&s, &sheet);
        for seat in [0, 1, 2] {
            say(&mut s, 0, true, Some(seat));
        }
        assert_eq!(stands(&s, &asked)[0].word, Word::Confirmed);
        let old = s.hands[0].clone();
        let new = s
            .decode_at(
                &serde_json::from_str(
                    r#"{"frime":"8","laid":[[],[],[]],"hand":[["3"],["4"],["6"]]}"#,
                )
                .unwrap(),
                0,
            )
            .unwrap();
        let edit = Change::Replace(0, old, new);
        play(&mut s, &mut sheet, &edit, Action::Edit);
        let stand = &stands(&s, &asked)[0];
        assert_eq!((stand.word, stand.said.len()), (Word::Awaited, 0));
        play(&mut s, &mut sheet, &edit.inverse(), Action::Undo);
        let stand = &stands(&s, &asked)[0];
        assert_eq!((stand.word, stand.said.len()), (Word::Confirmed, 3));
    }

    #[test]
    fn at_two_sides_the_side_that_lost_points_answers() {
        let mut s = Session::parse(
            r#"{"format":"marque-session","version":1,"id":"b","game":"bridge",
            "created":"2026-11-27T20:00:00+01:00","players":["A","B","C","D"],
            "options":{},"confirm":true,"hands":[]}"#,
        )
        .unwrap();
        let mut sheet = s.score().unwrap();
        let deal = r#"{"contract":"4S","declarer":"N","tricks":10}"#;
        let hand = s.decode(&serde_json::from_str(deal).unwrap()).unwrap();
        apply(
            &mut s,
            &mut sheet,
            &Change::Insert(0, hand),
            Action::Add,
            AT,
        )
        .unwrap();
        let asked = answering(&s, &sheet);
        assert_eq!(asked, [vec![1]], "EW lost points: they answer");
        let who = Giver {
            side: Some("EW"),
            seat: None,
        };
        give_word(&mut s, 0, Action::Confirm, (who, None), AT);
        assert_eq!(stands(&s, &asked)[0].word, Word::Confirmed);
    }

    #[test]
    fn hands_from_before_the_log_are_agreed_and_the_logs_places_count_after_them() {
        let deal = r#"{"contract":"4S","declarer":"N","tricks":10}"#;
        let mut s = Session::parse(&format!(
            r#"{{"format":"marque-session","version":1,"id":"b","game":"bridge",
            "created":"2026-11-27T20:00:00+01:00","players":["A","B","C","D"],
            "options":{{}},"confirm":true,"hands":[{deal},{deal}]}}"#
        ))
        .unwrap();
        let mut sheet = s.score().unwrap();
        let hand = s.decode(&serde_json::from_str(deal).unwrap()).unwrap();
        apply(
            &mut s,
            &mut sheet,
            &Change::Insert(2, hand),
            Action::Add,
            AT,
        )
        .unwrap();
        let asked = answering(&s, &sheet);
        let words: Vec<Word> = stands(&s, &asked).iter().map(|s| s.word).collect();
        assert_eq!(words, [Word::Confirmed, Word::Confirmed, Word::Awaited]);
        give_word(&mut s, 2, Action::Dispute, (Giver::TABLE, None), AT);
        let words: Vec<Word> = stands(&s, &asked).iter().map(|s| s.word).collect();
        assert_eq!(words, [Word::Confirmed, Word::Confirmed, Word::Disputed]);
    }

    #[test]
    fn a_hand_from_before_the_log_edited_is_asked_and_its_undoing_agreed_again() {
        let deal = |t: u8| format!(r#"{{"contract":"4S","declarer":"N","tricks":{t}}}"#);
        let mut s = Session::parse(&format!(
            r#"{{"format":"marque-session","version":1,"id":"b","game":"bridge",
            "created":"2026-11-27T20:00:00+01:00","players":["A","B","C","D"],
            "options":{{}},"confirm":true,"hands":[{},{},{}]}}"#,
            deal(10),
            deal(11),
            deal(12)
        ))
        .unwrap();
        let mut sheet = s.score().unwrap();
        let words = |s: &Session, sheet: &Sheet| -> Vec<Word> {
            stands(s, &answering(s, sheet))
                .iter()
                .map(|s| s.word)
                .collect()
        };
        // Two hands of before the log deleted, one added: more out than in.
        for _ in 0..2 {
            let old = s.hands[0].clone();
            apply(
                &mut s,
                &mut sheet,
                &Change::Remove(0, old),
                Action::Delete,
                AT,
            )
            .unwrap();
        }
        let hand = s.decode(&serde_json::from_str(&deal(9)).unwrap()).unwrap();
        apply(
            &mut s,
            &mut sheet,
            &Change::Insert(1, hand),
            Action::Add,
            AT,
        )
        .unwrap();
        assert_eq!(words(&s, &sheet), [Word::Confirmed, Word::Awaited]);
        // The one left of before the log edited: asked; the edit undone: agreed again.
        let old = s.hands[0].clone();
        let new = s.decode(&serde_json::from_str(&deal(8)).unwrap()).unwrap();
        let edit = Change::Replace(0, old, new);
        play(&mut s, &mut sheet, &edit, Action::Edit);
        assert_eq!(words(&s, &sheet), [Word::Awaited, Word::Awaited]);
        play(&mut s, &mut sheet, &edit.inverse(), Action::Undo);
        assert_eq!(words(&s, &sheet), [Word::Confirmed, Word::Awaited]);
    }

    #[test]
    fn a_deal_scored_anew_where_it_stands_has_another_revision() {
        let mut s = Session::parse(
            r#"{"format":"marque-session","version":1,"id":"c","game":"bridge",
            "created":"2026-11-27T20:00:00+01:00","players":["A","B","C","D"],
            "options":{"format":"chicago"},"confirm":true,"hands":[]}"#,
        )
        .unwrap();
        let mut sheet = s.score().unwrap();
        let deal = r#"{"contract":"4S","declarer":"E","tricks":10}"#;
        for i in 0..2 {
            let hand = s.decode(&serde_json::from_str(deal).unwrap()).unwrap();
            apply(
                &mut s,
                &mut sheet,
                &Change::Insert(i, hand),
                Action::Add,
                AT,
            )
            .unwrap();
        }
        let shown = |s: &Session, sheet: &Sheet, i: usize| {
            let stands = stands(s, &answering(s, sheet));
            (
                sheet.hands[i].delta.clone(),
                revision((s, sheet), &stands, i, 1),
            )
        };
        // The second deal, EW (the dealer's side) vulnerable, then first once the first is
        // deleted: the same JSON, other points, another revision.
        let before = shown(&s, &sheet, 1);
        let old = s.hands[0].clone();
        apply(
            &mut s,
            &mut sheet,
            &Change::Remove(0, old),
            Action::Delete,
            AT,
        )
        .unwrap();
        let after = shown(&s, &sheet, 0);
        assert_ne!(
            before.0, after.0,
            "Chicago scores it anew: {before:?} {after:?}"
        );
        assert_ne!(before.1, after.1);
    }
}
