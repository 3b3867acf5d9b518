//! A bridge table's file of an evening (`club-format.md`): an ordinary session of
//! `"format": "duplicate"`, one entry a board; read alone (`marque score`) or for the evening.

use serde_json::{Value, json};

use super::board;
use crate::games::bridge::{self, Hand};
use crate::games::json::{self as j, Obj};
use crate::i18n::{Lang, Msg, msg};
use crate::session::Problem;

/// What a board's entry says was played.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Played {
    Deal(Hand),
    /// An artificial score, [N-S, E-W], each 60, 50 or 40 (`club.average`).
    Average([u8; 2]),
}

/// One entry of a table's file: a board, who played it and what.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Entry {
    pub board: u32,
    pub ns: Option<u32>,
    pub ew: Option<u32>,
    pub round: Option<u32>,
    pub played: Played,
}

/// Where a board of a table's file stands with E-W: entered on the laptop (counted as it
/// is), entered on the table's phone and awaiting E-W's word, agreed, or disputed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Checked {
    Kept,
    Entered,
    Agreed,
    Disputed,
}

/// A board's key in a table's file: its number and round (0 where the entry names none).
pub fn board_key(e: &Value) -> (u64, u64) {
    (
        e.get("board").and_then(Value::as_u64).unwrap_or(0),
        e.get("round").and_then(Value::as_u64).unwrap_or(0),
    )
}

/// Where each board of table file `v` stands with E-W, from its log: the last line about it
/// says (its entry or correction, from the table's phone or not; E-W's word, which names the
/// board it was given on; a deletion forgets it).
pub fn checked(v: &Value) -> std::collections::BTreeMap<(u64, u64), Checked> {
    let mut out = std::collections::BTreeMap::new();
    let hands = v.get("hands").and_then(Value::as_array);
    for line in v.get("log").and_then(Value::as_array).into_iter().flatten() {
        let action = line.get("action").and_then(Value::as_str).unwrap_or("");
        let new = line.get("new").unwrap_or(&Value::Null);
        match action {
            "add" | "edit" | "restore" => {
                let by_phone = line.get("phone").is_some();
                let c = if by_phone {
                    Checked::Entered
                } else {
                    Checked::Kept
                };
                out.insert(board_key(new), c);
            }
            "delete" => {
                if let Some(old) = line.get("old") {
                    out.remove(&board_key(old));
                }
            }
            "confirm" | "dispute" => {
                // The board the word names; a word of an older file, by the entry's place now.
                let key = match new.get("board") {
                    Some(_) => Some(board_key(new)),
                    None => line
                        .get("hand")
                        .and_then(Value::as_u64)
                        .and_then(|n| usize::try_from(n).ok()?.checked_sub(1))
                        .and_then(|i| hands?.get(i))
                        .map(board_key),
                };
                if let Some(key) = key.filter(|k| out.get(k) != Some(&Checked::Kept)) {
                    let c = if action == "confirm" {
                        Checked::Agreed
                    } else {
                        Checked::Disputed
                    };
                    out.insert(key, c);
                }
            }
            _ => {}
        }
    }
    out
}

/// Whether `v` is a duplicate table's file: a bridge session of `"format": "duplicate"`.
pub fn is_duplicate(v: &Value) -> bool {
    v.get("game").and_then(Value::as_str) == Some("bridge")
        && v.get("options")
            .and_then(|o| o.get("format"))
            .and_then(Value::as_str)
            == Some("duplicate")
}

/// The file's problems as a whole (its format, its game and options), before its entries.
pub fn check_file(v: &Value) -> Vec<Msg> {
    let mut out = Vec::new();
    if !v.is_object() {
        return vec![Msg::new("club.err.table_not_object")];
    }
    if v.get("format").and_then(Value::as_str) != Some("marque-session") {
        out.push(Msg::new("club.err.table_format"));
    }
    if v.get("version").and_then(Value::as_u64) != Some(1) {
        out.push(Msg::new("club.err.table_version"));
    }
    if !is_duplicate(v) {
        out.push(Msg::new("club.err.not_duplicate"));
    } else if let Some(Value::Object(o)) = v.get("options")
        && o.len() > 1
    {
        out.push(Msg::new("club.err.duplicate_alone"));
    }
    if !v.get("hands").is_some_and(Value::is_array) {
        out.push(Msg::new("club.err.table_hands"));
    }
    out
}

/// Entry `v` of a table's file, as written.
pub fn entry(v: &Value) -> Result<Entry, Vec<Msg>> {
    let o = Obj::of(v, Msg::new("json.what.deal")).map_err(|m| vec![m])?;
    let mut problems = Vec::new();
    let board = match o
        .required("board")
        .and_then(|b| j::int_in("board", b, 1, 9999))
    {
        Ok(b) => b as u32,
        Err(m) => return Err(vec![m]),
    };
    let number = |field: &str, problems: &mut Vec<Msg>| {
        o.present(field)
            .and_then(|x| match j::int_in(field, x, 1, 999) {
                Ok(n) => Some(n as u32),
                Err(m) => {
                    problems.push(m);
                    None
                }
            })
    };
    let ns = number("ns", &mut problems);
    let ew = number("ew", &mut problems);
    let round = number("round", &mut problems);
    if o.present("honours").is_some() {
        problems.push(Msg::new("club.err.honours"));
    }
    let played = match o.present("average") {
        Some(a) => match average(a) {
            Ok(a) => Some(Played::Average(a)),
            Err(m) => {
                problems.push(m);
                None
            }
        },
        None => match bridge::decode_hand(v) {
            Ok(h) => Some(Played::Deal(h)),
            Err(ms) => {
                problems.extend(ms);
                None
            }
        },
    };
    match played {
        Some(played) if problems.is_empty() => Ok(Entry {
            board,
            ns,
            ew,
            round,
            played,
        }),
        _ => Err(problems),
    }
}

fn average(v: &Value) -> Result<[u8; 2], Msg> {
    let bad = || msg!("club.err.average", value = j::quote(v));
    let a = v.as_array().filter(|a| a.len() == 2).ok_or_else(bad)?;
    let mut out = [0u8; 2];
    for (k, x) in a.iter().enumerate() {
        out[k] = match x.as_u64() {
            Some(p @ (40 | 50 | 60)) => p as u8,
            _ => return Err(bad()),
        };
    }
    Ok(out)
}

/// The entries of a table's file, each read, with the problems of those that do not read
/// (by their place, from 0) and a board entered twice (with its round).
pub fn entries(v: &Value) -> (Vec<(usize, Entry)>, Vec<Problem>) {
    let mut out = Vec::new();
    let mut problems = Vec::new();
    let hands = v.get("hands").and_then(Value::as_array);
    for (i, h) in hands.into_iter().flatten().enumerate() {
        match entry(h) {
            Ok(e) => {
                let twice = out
                    .iter()
                    .any(|(_, x): &(usize, Entry)| x.board == e.board && x.round == e.round);
                if twice {
                    let m = msg!("club.err.twice", board = i64::from(e.board));
                    problems.push(Problem::hand(i, m));
                } else {
                    out.push((i, e));
                }
            }
            Err(ms) => problems.extend(ms.into_iter().map(|m| Problem::hand(i, m))),
        }
    }
    (out, problems)
}

/// The problems of a table's file read alone: its format and its entries (a board entered
/// twice included), with no evening to check them against.
pub fn problems(v: &Value) -> Vec<Problem> {
    let mut out: Vec<Problem> = check_file(v).into_iter().map(Problem::file).collect();
    if out.is_empty() {
        out.extend(entries(v).1);
    }
    out
}

/// `marque score` of a table's file alone: each board scored by `club.deal` (an artificial
/// score belongs to the evening), as `session-format.md` writes a sheet.
pub fn score(v: &Value, lang: Lang) -> Result<Value, Vec<Problem>> {
    let mut problems: Vec<Problem> = check_file(v).into_iter().map(Problem::file).collect();
    if !problems.is_empty() {
        return Err(problems);
    }
    let (entries, mut bad) = entries(v);
    problems.append(&mut bad);
    let mut hands = Vec::with_capacity(entries.len());
    let mut totals = [0i64; 2];
    for (i, e) in &entries {
        let hand = match e.played {
            Played::Deal(h) => h,
            Played::Average(_) => {
                problems.push(Problem::hand(*i, Msg::new("club.err.average_alone")));
                continue;
            }
        };
        let s = board::score(e.board, &hand);
        let delta = [s.below[0] + s.above[0], s.below[1] + s.above[1]];
        totals[0] += delta[0];
        totals[1] += delta[1];
        hands.push(json!({
            "board": e.board,
            "dealer": board::dealer(e.board).code(),
            "vulnerable": board::vulnerable(e.board),
            "ns_score": s.ns_score(),
            "delta": delta,
            "below": s.below,
            "above": s.above,
            "lines": board::lines_json(&s.lines, lang),
        }));
    }
    if !problems.is_empty() {
        problems.sort_by_key(|p| p.hand.unwrap_or(0));
        return Err(problems);
    }
    Ok(json!({
        "game": "bridge",
        "sides": ["NS", "EW"],
        "hands": hands,
        "totals": totals,
        "finished": false,
        "winners": [],
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A board's stand follows its log: the phone's entry awaits E-W, their word names its
    /// board (a deletion before it shifts nothing), a correction goes back to them, a deleted
    /// board is forgotten, the laptop's entries are kept as they are.
    #[test]
    fn a_boards_stand_follows_its_log() {
        let add = |b: u64, phone: bool| {
            let mut l = json!({"action": "add", "hand": 1, "old": null,
                               "new": {"board": b, "round": 1}});
            if phone {
                l["phone"] = json!("T1");
            }
            l
        };
        let word = |b: u64, yes: bool| {
            json!({"action": if yes { "confirm" } else { "dispute" }, "hand": 9,
                   "new": {"side": "EW", "board": b, "round": 1}})
        };
        let v = json!({"hands": [], "log": [
            add(1, true), add(2, true), add(3, false), word(2, false),
            {"action": "delete", "hand": 1, "old": {"board": 1, "round": 1}, "new": null},
            word(3, true),
            {"action": "edit", "hand": 1, "phone": "T1", "old": {}, "new": {"board": 2, "round": 1}},
            add(4, true), word(4, true)]});
        let c = checked(&v);
        assert_eq!(c.get(&(1, 1)), None, "deleted");
        assert_eq!(
            c.get(&(2, 1)),
            Some(&Checked::Entered),
            "corrected: back to E-W"
        );
        assert_eq!(c.get(&(3, 1)), Some(&Checked::Kept), "the laptop's");
        assert_eq!(c.get(&(4, 1)), Some(&Checked::Agreed));
    }
}
