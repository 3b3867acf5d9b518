//! A bridge table's keys as its phone shows them (the room as a table terminal): each group
//! in the table's order (the contract's level or passed out, its strain, doubled, the
//! declarer named by who sits there, the result made exactly by default), and what the keys
//! said read back as the board's deal. Pages draw them; this says what they are.

use serde_json::Value;

use super::plan::PlannedRound;
use super::table::Played;
use crate::games::bridge::{self, Seat};
use crate::i18n::{Lang, Msg, msg, tr};

pub use crate::games::keys::{Group, Input};

/// The keys of a board of `round`, in `lang`: a bridge deal's, each seat named by who sits
/// there this round, at pairs.
pub fn groups(round: &PlannedRound, lang: Lang) -> Vec<Group> {
    let seat = |seat: Seat| {
        let (side, k) = match seat {
            Seat::N => (&round.ns, 0),
            Seat::E => (&round.ew, 0),
            Seat::S => (&round.ns, 1),
            Seat::W => (&round.ew, 1),
        };
        let word = tr(lang, seat.name_key());
        match side.names.get(k).filter(|_| side.pair.is_some()) {
            Some(n) => format!("{word} — {n}"),
            None => word,
        }
    };
    crate::games::keys::bridge(lang, Seat::ALL.map(seat))
}

/// What the keys said (`get`: a field's value, as posted), as the board's deal; what is
/// missing or outside the rules, in words.
pub fn deal_of<'a>(get: impl Fn(&str) -> Option<&'a str>) -> Result<(Value, Played), Msg> {
    let deal = crate::games::keys::bridge_deal(&get)?;
    match bridge::decode_hand(&deal) {
        Ok(h) => Ok((deal, Played::Deal(h))),
        Err(ms) => Err(ms
            .into_iter()
            .next()
            .unwrap_or_else(|| msg!("club.keys.missing", what = Msg::new("club.keys.level")))),
    }
}

/// The contract and declarer the keys said so far (`get`: a field's value, as the form now
/// holds it), once both are whole: what [`crate::club::board_stakes`] takes.
pub fn bid_of<'a>(get: impl Fn(&str) -> Option<&'a str>) -> Option<Value> {
    crate::games::keys::bridge_bid(&get)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, reason = "tests fail loudly")]
    use super::*;
    use serde_json::json;

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
