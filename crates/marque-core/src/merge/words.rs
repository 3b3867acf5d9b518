//! Choices and refusals in words, in the game's own words; the copies named as a table knows
//! them.

use serde_json::Value;

use super::parts::{Choice, Error, ErrorKind, Pending, Version};
use crate::history::{clock, copy_label};
use crate::i18n::msg;
use crate::i18n::{Arg, Msg};

impl Pending {
    /// Each choice in words, its versions numbered from 1 (as `marque merge --pick` takes
    /// them): `donne 3 : [1] ce fichier (21:40) : 3SA par Nord, = ; [2] la copie de la machine
    /// AAAAAAA (21:42) : suppression`.
    pub fn lines(&self) -> Vec<Msg> {
        self.choices
            .iter()
            .enumerate()
            .map(|(n, c)| {
                let versions = (0..c.versions.len())
                    .map(|v| {
                        let head = self.holders(c, v);
                        msg!(
                            "merge.version",
                            k = v + 1,
                            copies = head,
                            what = self.described(c, v)
                        )
                    })
                    .reduce(|all, v| msg!("list.and", a = all, b = v))
                    .unwrap_or_else(|| Msg::new("log.unknown"));
                msg!("merge.choice", head = self.head(n, c), versions = versions)
            })
            .collect()
    }

    /// Who holds version `v` of a choice, and when they made it: `la copie de la machine
    /// AAAAAAA, 21:42`.
    pub fn holders(&self, c: &Choice, v: usize) -> Msg {
        let Some((holders, version)) = c.versions.get(v) else {
            return Msg::new("log.unknown");
        };
        let names = holders
            .iter()
            .filter_map(|&k| Some(copy_label(self.names.get(k)?, k == 0)))
            .reduce(|all, m| msg!("list.and", a = all, b = m))
            .unwrap_or_else(|| Msg::new("log.unknown"));
        let names = if *version == Version::Without {
            msg!("merge.copy.others", copies = names)
        } else {
            names
        };
        match c.times.get(v).and_then(|t| clock(t)) {
            Some(time) => msg!("merge.copy.when", copies = names, time = time),
            None => names,
        }
    }

    /// What choice `n` (from 0) is about: a hand, the options, a field of the file.
    pub fn head(&self, n: usize, c: &Choice) -> Msg {
        match (&c.field, c.hand) {
            (Some(key), _) => {
                let field = Arg::Lookup {
                    key: format!("merge.field.{key}"),
                    fallback: key.clone(),
                };
                msg!("merge.choice.field", n = n + 1, field = field)
            }
            (None, 0) => msg!("merge.choice.options", n = n + 1),
            (None, hand) => {
                let key = if c.clash.is_some() {
                    "merge.choice.clash"
                } else {
                    "merge.choice.hand"
                };
                let at = self.base.game.place_word(self.base.place(hand - 1));
                msg!(key, n = n + 1, entry = at)
            }
        }
    }

    /// Version `v` of a choice in the game's words.
    pub fn described(&self, c: &Choice, v: usize) -> Msg {
        c.versions.get(v).map_or_else(
            || Msg::new("log.unknown"),
            |(_, version)| self.version(c, version),
        )
    }

    /// One version in the game's words: the hand as it would stand, the hands a copy added,
    /// "deleted", or "without this change".
    pub fn version(&self, choice: &Choice, version: &Version) -> Msg {
        let v = match version {
            Version::Deleted if choice.field.is_some() => return Msg::new("merge.field_none"),
            Version::Deleted => return Msg::new("merge.deleted"),
            Version::Without => return Msg::new("merge.without"),
            Version::Hands(hands) => return self.hands(choice, hands),
            Version::Value(v) => v,
        };
        if let (Some(_), Value::String(text)) = (&choice.field, v) {
            return msg!("merge.field_text", text = text.as_str());
        }
        if choice.hand == 0 {
            // The options, each in the game's words, never as written in the file.
            return crate::history::options_said(self.base.game, &self.base.players, v);
        }
        let holder = self.holder(choice, version);
        self.told(holder, choice.hand - 1, v)
            .unwrap_or_else(|| self.label(choice.hand - 1, v))
    }

    /// The first copy holding `version` of a choice.
    fn holder(&self, choice: &Choice, version: &Version) -> Option<usize> {
        choice
            .versions
            .iter()
            .find(|(_, w)| w == version)
            .and_then(|(holders, _)| holders.first().copied())
    }

    /// Hand `v`, as copy `k` plays it where it has it (the nearest place to `index` where it
    /// holds that very hand): its label, what it changed from the hand as the copies shared it,
    /// and the points that copy gives it, each side named by who held the seat there then.
    fn told(&self, k: Option<usize>, index: usize, v: &Value) -> Option<Msg> {
        let (session, sheet) = self.copies.get(k?)?;
        let sheet = sheet.as_ref()?;
        let j = (0..session.hands.len())
            .filter(|&j| session.hands[j].to_value() == *v)
            .min_by_key(|&j| j.abs_diff(index))?;
        let (hand, row) = (&session.hands[j], sheet.hands.get(j)?);
        let before = sheet.before(j, &session.hands);
        let names = before.seats().current();
        let what = hand.game.label(
            &row.info,
            crate::session::hand_index(&session.hands, j),
            &names,
        );
        // What it changed, where the label alone would not say it (Le 2500 names its frime).
        let what = match (self.base.hands.get(index), self.sheet.hands.get(index)) {
            (Some(old), Some(old_row)) if session.game.describes_changes() => hand
                .game
                .change(&row.info, &old.game, &old_row.info, &names)
                .map_or(what.clone(), |c| {
                    msg!("merge.what_changed", what = what, change = c)
                }),
            _ => what,
        };
        let sides = session.game.side_args(&session.game.sides(&names));
        // A seat that left there before it takes no part: not named.
        let seats = before.seats();
        let per_seat = sides.len() == seats.len();
        let away = |s: usize| per_seat && !seats.plays(s);
        let points = sides
            .into_iter()
            .zip(&row.delta)
            .enumerate()
            .filter(|(s, _)| !away(*s))
            .map(|(_, (side, d))| msg!("merge.side_points", side = side, points = signed(*d)))
            .reduce(|all, m| msg!("merge.points_more", first = all, rest = m))
            .unwrap_or_else(|| Msg::new("log.unknown"));
        Some(msg!("merge.with_points", what = what, points = points))
    }

    /// A hand as it would stand at `index` (from 0), in the game's words; as written where it
    /// does not play there.
    fn label(&self, index: usize, v: &Value) -> Msg {
        let index = index.min(self.base.hands.len());
        // The points each side takes with it: two versions of one hand that a label names
        // alike (a round: its cards and dealer) differ there.
        let sides = self.base.sides();
        let described = self.base.decode_at(v, index).ok().and_then(|h| {
            let mut before = self.sheet.before(index, &self.base.hands);
            let names = before.seats().current();
            let row = before.play(&h.game).ok()?;
            let what = h.game.label(
                &row.info,
                crate::session::hand_index(&self.base.hands, index),
                &names,
            );
            let points = sides
                .iter()
                .zip(&row.delta)
                .map(|(side, d)| format!("{side} {}", signed(*d)))
                .collect::<Vec<_>>()
                .join(", ");
            Some(msg!("merge.with_points", what = what, points = points))
        });
        described.unwrap_or_else(|| msg!("log.as_written", value = v.to_string()))
    }

    /// Hands a copy added from the choice's hand (from 1) on, each named with its number.
    fn hands(&self, choice: &Choice, hands: &[Value]) -> Msg {
        let from = choice.hand;
        let holder = choice
            .versions
            .iter()
            .find(|(_, w)| matches!(w, Version::Hands(h) if h.as_slice() == hands))
            .and_then(|(holders, _)| holders.first().copied());
        let start = from.saturating_sub(1);
        let options = self.base.options.typed();
        let before = &self.base.hands[..start.min(self.base.hands.len())];
        let mut count = match crate::session::place_at(before, start, options) {
            crate::games::Place::Hand(n) => n - 1,
            crate::games::Place::Event(_) => 0,
        };
        hands
            .iter()
            .enumerate()
            .map(|(j, v)| {
                let what = self
                    .told(holder, start + j, v)
                    .unwrap_or_else(|| self.label(start + j, v));
                let place = match crate::games::table::EventKind::of_value(v) {
                    Some(k) => crate::games::Place::Event(k),
                    None => {
                        let again = self
                            .base
                            .decode_at(v, start + j)
                            .is_ok_and(|h| options.dealt_again(&h.game));
                        count += usize::from(!again);
                        crate::games::Place::Hand(count + usize::from(again))
                    }
                };
                let at = self.base.game.place_word(place);
                msg!("merge.hand_is", entry = at, what = what)
            })
            .reduce(|all, m| msg!("list.and", a = all, b = m))
            .unwrap_or_else(|| Msg::new("merge.no_hands"))
    }

    /// The game of the session merged.
    pub fn base_game(&self) -> crate::games::GameKind {
        self.base.game
    }

    /// The name of each copy, the session file first.
    pub fn names(&self) -> &[String] {
        &self.names
    }
}

/// A number of points with its sign, a true minus sign for a loss: `+3`, `−1`, `0`.
fn signed(n: i64) -> String {
    match n {
        0 => "0".into(),
        n if n < 0 => format!("−{}", n.unsigned_abs()),
        n => format!("+{n}"),
    }
}

impl Error {
    /// What went wrong, in words; `names` are the copies' names, the session file first.
    pub fn message(&self, names: &[&str]) -> Msg {
        let name = |k: &usize| names.get(*k).copied().unwrap_or("?").to_string();
        match &self.kind {
            ErrorKind::NotSame(k) => msg!("merge.not_same", copy = name(k)),
            ErrorKind::NoSharedHistory(k) => msg!("merge.no_history", copy = name(k)),
            ErrorKind::Choices(p) => msg!("merge.choices", n = p.choices.len()),
            ErrorKind::BadPick(n) => msg!("merge.bad_pick", n = n + 1),
            ErrorKind::DoesNotPlay(k, problems) => {
                let why = problems
                    .iter()
                    .map(|p| p.msg.clone())
                    .reduce(|all, m| msg!("list.and", a = all, b = m))
                    .unwrap_or_else(|| Msg::new("log.unknown"));
                msg!("merge.does_not_play", copy = name(k), why = why)
            }
        }
    }
}
