//! The log as sentences for people, in the game's own words; copies of a session named as a
//! table knows them.

use serde_json::Value;

use super::log::{Action, Entry, log};
use crate::i18n::msg;
use crate::i18n::{Arg, Msg};
use crate::session::{Session, Sheet};

/// Each option an options change set, with its value before and after, in the game's words:
/// `objectif : 2500 → 1000`. None when the log holds no options to compare.
fn options_changed(game: crate::games::GameKind, old: &Value, new: &Value) -> Option<Msg> {
    let (old, new) = (old.as_object(), new.as_object()?);
    let empty = serde_json::Map::new();
    let old = old.unwrap_or(&empty);
    let mut keys: Vec<&String> = old.keys().chain(new.keys()).collect();
    keys.sort();
    keys.dedup();
    let id = game.id();
    // An option left out is at its default: writing the default out changes nothing.
    let default = |key: &str| {
        game.options()
            .iter()
            .find(|o| o.key == key)
            .map(|o| o.default_value())
    };
    let effective = |map: &serde_json::Map<String, Value>, key: &str| {
        map.get(key).cloned().or_else(|| default(key))
    };
    let value = |key: &str, v: Option<&Value>| -> Arg {
        match v {
            None => Arg::Key("log.option.default"),
            Some(Value::String(w)) => Arg::Lookup {
                key: format!("opt.{id}.{key}.{w}"),
                fallback: w.clone(),
            },
            Some(Value::Bool(b)) => Arg::Key(if *b { "opt.yes" } else { "opt.no" }),
            Some(other) => Arg::Text(other.to_string()),
        }
    };
    let mut parts = keys
        .into_iter()
        .filter(|k| effective(old, k) != effective(new, k))
        .map(|k| {
            let name = Arg::Lookup {
                key: format!("opt.{id}.{k}"),
                fallback: k.clone(),
            };
            Msg::new("log.option")
                .with("name", name)
                .with("old", value(k, old.get(k)))
                .with("new", value(k, new.get(k)))
        });
    let first = parts.next()?;
    Some(parts.fold(first, |all, p| msg!("list.and", a = all, b = p)))
}

/// Options as people say them, each in the game's words ("objectif : 1000 et joker : le plus
/// faible"); a player named by name; none set: the defaults.
pub(crate) fn options_said(game: crate::games::GameKind, players: &[String], v: &Value) -> Msg {
    let id = game.id();
    let parts = v.as_object().into_iter().flatten().map(|(k, val)| {
        let player = game
            .options()
            .iter()
            .any(|o| o.key == k && o.kind == crate::games::OptKind::Player);
        let value = match val {
            Value::String(w) => Arg::Lookup {
                key: format!("opt.{id}.{k}.{w}"),
                fallback: w.clone(),
            },
            Value::Bool(b) => Arg::Key(if *b { "opt.yes" } else { "opt.no" }),
            Value::Number(n) if player => Arg::Text(
                n.as_u64()
                    .and_then(|i| players.get(usize::try_from(i).ok()?))
                    .cloned()
                    .unwrap_or_else(|| n.to_string()),
            ),
            other => Arg::Text(other.to_string()),
        };
        let name = Arg::Lookup {
            key: format!("opt.{id}.{k}"),
            fallback: k.clone(),
        };
        Msg::new("explain.option")
            .with("name", name)
            .with("value", value)
    });
    parts
        .reduce(|all, p| msg!("list.and", a = all, b = p))
        .unwrap_or_else(|| Msg::new("log.option.default"))
}

/// A merge's log line: the copies merged, and the choices made.
fn merge_sentence(time: String, new: &Value) -> Msg {
    // Each copy as the table knows it: the machine that made it.
    let copies = new
        .get("copies")
        .and_then(Value::as_array)
        .and_then(|c| {
            c.iter()
                .filter_map(Value::as_str)
                .map(|n| copy_label(n, false))
                .reduce(|all, m| msg!("list.and", a = all, b = m))
        })
        .unwrap_or_else(|| Msg::new("log.unknown"));
    let chosen = new
        .get("chosen")
        .and_then(Value::as_array)
        .map_or(0, Vec::len);
    if chosen == 0 {
        msg!("log.line.merge", time = time, copies = copies)
    } else {
        msg!(
            "log.line.merge_chosen",
            time = time,
            copies = copies,
            chosen = chosen
        )
    }
}

/// Where a version set aside came from, and when: `la copie de la machine AAAAAAA, 21:40`.
fn aside_copy(e: &Entry) -> Msg {
    let name = e.copy.as_deref().unwrap_or_default();
    let copy = copy_label(name, machine_of(name).is_none());
    match e.then.as_deref().and_then(clock) {
        Some(t) => msg!("merge.copy.when", copies = copy, time = t),
        None => copy,
    }
}

/// A side as people say it: bridge's partnerships in the reader's language (EW is EO in
/// French), a player by name, all the other players when none is named.
fn side_arg(side: Option<&str>) -> Arg {
    match side {
        Some("NS") => Arg::Key("side.NS"),
        Some("EW") => Arg::Key("side.EW"),
        Some(name) => Arg::Text(name.to_string()),
        None => Arg::Key("log.others"),
    }
}

/// A word said: agreed or disputed by its side, from a paired phone with its name and why.
fn word_said(new: &Value, agreed: bool, time: String, at: Msg) -> Msg {
    let key = if agreed {
        "log.line.confirm"
    } else {
        "log.line.dispute"
    };
    let side = side_arg(new.get("side").and_then(Value::as_str));
    let said = msg!(key, time = time, entry = at, side = side);
    match new.get("phone").and_then(Value::as_str) {
        Some(phone) => {
            let why = new.get("why").and_then(Value::as_str).unwrap_or("");
            let key = if why.is_empty() {
                "log.line.by_phone"
            } else {
                "log.line.by_phone_why"
            };
            msg!(key, said = said, phone = phone, why = why)
        }
        None => said,
    }
}

/// A change a merge kept aside in a copy, said: a field's text, the options, a hand deleted or
/// one as it was (`old`: its label).
fn aside_sentence(e: &Entry, time: String, at: Msg, old: impl FnOnce() -> Msg) -> Msg {
    let copy = aside_copy(e);
    if let Some(field) = &e.field {
        let name = Arg::Lookup {
            key: format!("merge.field.{field}"),
            fallback: field.clone(),
        };
        let text = e.old.as_str().unwrap_or_default().to_string();
        return Msg::new("log.line.aside_field")
            .with("time", time)
            .with("field", name)
            .with("copy", copy)
            .with("text", text);
    }
    if e.hand == 0 {
        return msg!("log.line.aside_options", time = time, copy = copy);
    }
    if e.old.is_null() {
        return msg!(
            "log.line.aside_deleted",
            time = time,
            entry = at,
            copy = copy
        );
    }
    msg!(
        "log.line.aside",
        time = time,
        entry = at,
        copy = copy,
        old = old()
    )
}

/// The log as sentences for people, oldest first: `21:43 — modification de la donne 2 : 3SA
/// contré par Est, chute de 2 → 3SAX par Est, chute de 3`, in the game's own words. Hands are
/// named by their labels, played where they stood; a hand that no longer plays there is shown
/// as it was written.
pub fn sentences(session: &Session, sheet: &Sheet) -> Vec<Msg> {
    let game = session.game;
    // How many hands come before each entry's place, counted once (the log can be as long as
    // the session); and the number each hand takes (a deal dealt again takes the next one's).
    let mut before = Vec::with_capacity(session.hands.len() + 1);
    before.push(0);
    for h in &session.hands {
        let n = before.last().copied().unwrap_or(0);
        before.push(n + usize::from(h.game.event().is_none()));
    }
    let hands_before = |i: usize| before[i.min(session.hands.len())];
    let mut numbered = 0;
    let mut numbers: Vec<usize> = crate::session::places(&session.hands, session.options.typed())
        .map(|p| match p {
            crate::games::Place::Hand(n) => {
                numbered = n;
                n
            }
            crate::games::Place::Event(_) => numbered + 1,
        })
        .collect();
    numbers.push(numbered + 1);
    let number = |i: usize| numbers[i.min(session.hands.len())];
    let label = |value: &Value, hand: usize| -> Msg {
        let index = hand.saturating_sub(1).min(session.hands.len());
        let described = session.decode_at(value, index).ok().and_then(|h| {
            let mut before = sheet.before(index, &session.hands);
            let names = before.seats().current();
            let row = before.play(&h.game).ok()?;
            Some(h.game.label(&row.info, hands_before(index), &names))
        });
        described.unwrap_or_else(|| msg!("log.as_written", value = value.to_string()))
    };
    // What an edit changed, where the game says more than the two labels.
    let change = |old: &Value, new: &Value, hand: usize| -> Option<Msg> {
        if !game.describes_changes() {
            return None;
        }
        let index = hand.saturating_sub(1).min(session.hands.len());
        let (old, new) = (
            session.decode_at(old, index).ok()?,
            session.decode_at(new, index).ok()?,
        );
        let before = sheet.before(index, &session.hands);
        let old_row = before.clone().play(&old.game).ok()?;
        let new_row = before.clone().play(&new.game).ok()?;
        new.game.change(
            &new_row.info,
            &old.game,
            &old_row.info,
            &before.seats().current(),
        )
    };
    // A table event added: said as the table would say it.
    let event = |value: &Value, hand: usize| -> Option<Msg> {
        let index = hand.saturating_sub(1).min(session.hands.len());
        let h = session.decode_at(value, index).ok()?;
        let before = sheet.before(index, &session.hands);
        Some(crate::games::table::sentence(
            h.game.event()?,
            &before.seats().current(),
            game,
        ))
    };
    // An entry as the table counts it, from what the log wrote of it: a table event by its
    // kind, a hand by its number among the hands now before its place.
    let entry = |value: &Value, hand: usize| -> Msg {
        let i = hand.saturating_sub(1);
        let kind = crate::games::table::EventKind::of_value(value).or_else(|| {
            value
                .is_null()
                .then(|| session.hands.get(i).and_then(|h| h.game.event()))
                .flatten()
                .map(crate::games::table::Event::kind)
        });
        let place = match kind {
            Some(k) => crate::games::Place::Event(k),
            None => crate::games::Place::Hand(number(i)),
        };
        game.place_word(place)
    };
    log(session)
        .into_iter()
        .map(|e| {
            let what = if e.new.is_null() { &e.old } else { &e.new };
            let at = entry(what, e.hand);
            // The time as written (the writer's local time): hours and minutes.
            let time = e.at.get(11..16).unwrap_or(&e.at).to_string();
            let action = e.action.map(|a| Msg::new(a.name_key()));
            let (key, old, new) = match (e.action, e.old.is_null(), e.new.is_null()) {
                (Some(Action::Close), ..) => return msg!("log.line.close", time = time),
                (Some(Action::Reopen), ..) => return msg!("log.line.reopen", time = time),
                (Some(Action::Merge), ..) => return merge_sentence(time, &e.new),
                (Some(Action::Aside), ..) => {
                    return aside_sentence(&e, time, at, || label(&e.old, e.hand));
                }
                (Some(Action::Options), ..) => {
                    return match options_changed(game, &e.old, &e.new) {
                        Some(what) => msg!("log.line.options_what", time = time, what = what),
                        None => msg!("log.line.options", time = time),
                    };
                }
                (Some(Action::Confirm), ..) => return word_said(&e.new, true, time, at),
                (Some(Action::Dispute), ..) => return word_said(&e.new, false, time, at),
                (Some(Action::Lapsed), ..) => {
                    let agreed = e.new.get("word").and_then(Value::as_str) != Some("dispute");
                    let said = word_said(&e.new, agreed, time, at);
                    return msg!("log.line.lapsed", said = said);
                }
                (_, true, _) if let Some(what) = event(&e.new, e.hand) => {
                    return msg!("log.line.event", time = time, what = what);
                }
                (_, true, _) => ("log.line.add", None, Some(label(&e.new, e.hand))),
                (_, false, false) if let Some(what) = change(&e.old, &e.new, e.hand) => {
                    return msg!(
                        "log.line.edit_what",
                        time = time,
                        action = action.unwrap_or_else(|| Msg::new("log.unknown")),
                        entry = at.clone(),
                        what = what
                    );
                }
                (_, _, true) => ("log.line.delete", Some(label(&e.old, e.hand)), None),
                _ => (
                    "log.line.edit",
                    Some(label(&e.old, e.hand)),
                    Some(label(&e.new, e.hand)),
                ),
            };
            let mut m = msg!(
                key,
                time = time,
                action = action.unwrap_or_else(|| Msg::new("log.unknown")),
                entry = at
            );
            if let Some(old) = old {
                m = m.with("old", old);
            }
            if let Some(new) = new {
                m = m.with("new", new);
            }
            // Entered from a table's paired phone: which one.
            match &e.phone {
                Some(phone) => msg!("log.line.by_phone", said = m, phone = phone.as_str()),
                None => m,
            }
        })
        .collect()
}

/// A copy as the table knows it: a Syncthing conflict copy by the short id of the machine that
/// made it (`x.sync-conflict-20261126-100000-AAAAAAA.json`: the machine AAAAAAA), the session
/// file as "this file", any other by its name.
pub fn copy_label(name: &str, first: bool) -> Msg {
    if first {
        return Msg::new("merge.copy.file");
    }
    // Marque's own copies kept beside a session (`…-KEPT.json`, `…-BACKUP2.json`: see the
    // store), said for what they are.
    let own = |m: &str, tag: &str| {
        m.strip_prefix(tag)
            .is_some_and(|n| n.chars().all(|c| c.is_ascii_digit()))
    };
    match machine_of(name) {
        Some(m) if own(m, "KEPT") => Msg::new("merge.copy.kept"),
        Some(m) if own(m, "BACKUP") => Msg::new("merge.copy.backup"),
        Some(m) => msg!("merge.copy.machine", machine = m),
        None => msg!("merge.copy.named", name = name),
    }
}

/// The short id of the machine that made a Syncthing conflict copy, from its name.
pub fn machine_of(name: &str) -> Option<&str> {
    let stem = name.strip_suffix(".json").unwrap_or(name);
    let (_, rest) = stem.rsplit_once(".sync-conflict-")?;
    let mut parts = rest.splitn(3, '-');
    let (_, _, machine) = (parts.next()?, parts.next()?, parts.next()?);
    (!machine.is_empty()).then_some(machine)
}

/// A time as written in a log (RFC 3339, the writer's local time): its hours and minutes.
pub fn clock(at: &str) -> Option<&str> {
    at.get(11..16)
        .filter(|t| t.as_bytes().get(2) == Some(&b':'))
}
