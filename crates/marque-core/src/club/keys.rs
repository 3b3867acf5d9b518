//! A bridge table's keys as its phone shows them (the room as a table terminal): each group
//! in the table's order (the contract's level or passed out, its strain, doubled, the
//! declarer named by who sits there, the result made exactly by default), and what the keys
//! said read back as the board's deal. Pages draw them; this says what they are.

use serde_json::{Value, json};

use super::plan::PlannedRound;
use super::table::Played;
use crate::games::bridge::{self, Seat};
use crate::i18n::{Lang, Msg, msg, tr};

/// One group of keys: the form's field, its legend, each value with its label, and the
/// value chosen before anything is touched.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    pub field: &'static str,
    pub legend: String,
    pub keys: Vec<(String, String)>,
    pub checked: Option<String>,
}

/// The keys of a board of `round`, in `lang`.
pub fn groups(round: &PlannedRound, lang: Lang) -> Vec<Group> {
    let group = |field, legend: &str, keys: Vec<(String, String)>, checked: Option<&str>| Group {
        field,
        legend: tr(lang, legend),
        keys,
        checked: checked.map(str::to_string),
    };
    let mut levels: Vec<(String, String)> =
        (1..=7).map(|l| (l.to_string(), l.to_string())).collect();
    levels.push(("pass".into(), tr(lang, "club.keys.pass")));
    let strains: Vec<(String, String)> = [("C", "♣"), ("D", "♦"), ("H", "♥"), ("S", "♠")]
        .iter()
        .map(|(v, s)| ((*v).to_string(), (*s).to_string()))
        .chain([("NT".to_string(), tr(lang, "club.keys.nt"))])
        .collect();
    let doubled = vec![
        (String::new(), "—".to_string()),
        ("X".into(), "X".into()),
        ("XX".into(), "XX".into()),
    ];
    // Each seat named by who sits there this round, at pairs.
    let seats = Seat::ALL
        .iter()
        .map(|seat| {
            let (side, k) = match seat {
                Seat::N => (&round.ns, 0),
                Seat::E => (&round.ew, 0),
                Seat::S => (&round.ns, 1),
                Seat::W => (&round.ew, 1),
            };
            let word = tr(lang, seat.name_key());
            let label = match side.names.get(k).filter(|_| side.pair.is_some()) {
                Some(n) => format!("{word} — {n}"),
                None => word,
            };
            (seat.code().to_string(), label)
        })
        .collect();
    let results = (-13..=6i64)
        .rev()
        .map(|r| {
            let label = match r {
                0 => "=".to_string(),
                r if r > 0 => format!("+{r}"),
                r => format!("−{}", -r),
            };
            (r.to_string(), label)
        })
        .collect();
    vec![
        group("lvl", "club.keys.level", levels, None),
        group("st", "club.keys.strain", strains, None),
        group("x", "club.keys.doubled", doubled, Some("")),
        group("by", "club.keys.declarer", seats, None),
        group("res", "club.keys.result", results, Some("0")),
    ]
}

/// What the keys said (`get`: a field's value, as posted), as the board's deal; what is
/// missing or outside the rules, in words.
pub fn deal_of<'a>(get: impl Fn(&str) -> Option<&'a str>) -> Result<(Value, Played), Msg> {
    let missing = |what: &'static str| msg!("club.keys.missing", what = Msg::new(what));
    let deal = match get("lvl").unwrap_or("") {
        "pass" => json!({"contract": "pass"}),
        level => {
            let level: i64 = match level.parse() {
                Ok(l @ 1..=7) => l,
                _ => return Err(missing("club.keys.level")),
            };
            let strain = match get("st") {
                Some(s @ ("C" | "D" | "H" | "S" | "NT")) => s,
                _ => return Err(missing("club.keys.strain")),
            };
            let doubled = match get("x").unwrap_or("") {
                d @ ("" | "X" | "XX") => d,
                _ => return Err(missing("club.keys.doubled")),
            };
            let declarer = match get("by") {
                Some(d @ ("N" | "E" | "S" | "W")) => d,
                _ => return Err(missing("club.keys.declarer")),
            };
            // Made exactly where the key was left as it came; anything else said is a key.
            let result = match get("res").map(str::parse::<i64>) {
                None => 0,
                Some(Ok(r)) if (-13..=6).contains(&r) => r,
                Some(_) => return Err(missing("club.keys.result")),
            };
            let tricks = level + 6 + result;
            if !(0..=13).contains(&tricks) {
                return Err(msg!("club.keys.tricks", tricks = tricks));
            }
            json!({"contract": format!("{level}{strain}{doubled}"), "declarer": declarer,
                   "tricks": tricks})
        }
    };
    match bridge::decode_hand(&deal) {
        Ok(h) => Ok((deal, Played::Deal(h))),
        Err(ms) => Err(ms
            .into_iter()
            .next()
            .unwrap_or_else(|| missing("club.keys.level"))),
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, reason = "tests fail loudly")]
    use super::*;

    fn keys<'a>(pairs: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<&'a str> {
        move |k| pairs.iter().find(|(f, _)| *f == k).map(|(_, v)| *v)
    }

    /// The keys read back as the deal a table's file writes; a key missing or a result past
    /// the tricks there are, said.
    #[test]
    fn the_keys_read_back_as_a_deal() {
        let four = [
            ("lvl", "4"),
            ("st", "S"),
            ("x", "X"),
            ("by", "E"),
            ("res", "-2"),
        ];
        let (deal, _) = deal_of(keys(&four)).unwrap();
        assert_eq!(
            deal,
            json!({"contract": "4SX", "declarer": "E", "tricks": 8})
        );
        let (deal, _) = deal_of(keys(&[("lvl", "pass")])).unwrap();
        assert_eq!(deal, json!({"contract": "pass"}));
        let no_strain = [("lvl", "4"), ("by", "E")];
        let said = deal_of(keys(&no_strain)).unwrap_err();
        assert_eq!(said.key, "club.keys.missing");
        let past = [("lvl", "7"), ("st", "NT"), ("by", "N"), ("res", "6")];
        assert_eq!(deal_of(keys(&past)).unwrap_err().key, "club.keys.tricks");
        for bad in ["99", "x", ""] {
            let odd = [("lvl", "3"), ("st", "NT"), ("by", "N"), ("res", bad)];
            assert_eq!(
                deal_of(keys(&odd)).unwrap_err().key,
                "club.keys.missing",
                "{bad}"
            );
        }
    }
}
