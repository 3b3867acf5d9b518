//! A session: players, options and hands of one sitting, read once into typed values, and its
//! score sheet, kept up to date hand by hand.
//!
//! The file format is `marque-session` version 1. Each hand is decoded once, when the file is
//! read, into a [`GameHand`](crate::games::GameHand) and kept beside the exact text it was written in, so that fields
//! Marque does not know (in a hand or at the top level) are written back as they were, numbers
//! included.

mod counter;
mod facts;
mod one_pass;
mod read;
mod sheet;
mod write;

pub use crate::games::Paper;
pub use counter::{Counter, Holders};
pub use facts::Facts;
pub use read::Splice;
pub use sheet::{End, HandRow, Preview, Replay, Sheet, Standing};

use std::fmt;

use serde_json::value::RawValue;
use serde_json::{Map, Value};

use crate::games::GameKind;
use crate::i18n::Msg;

mod file;
pub use file::*;

impl Session {
    /// A new empty session, created at `created` (an RFC 3339 time, from the caller's clock).
    pub fn new(
        game: GameKind,
        players: Vec<String>,
        options_json: Map<String, Value>,
        created: String,
    ) -> Result<Session, Vec<Problem>> {
        if let Some(p) = control_in_names(&players) {
            return Err(vec![p]);
        }
        let v = serde_json::json!({
            "format": FORMAT, "version": VERSION, "game": game.id(), "created": created,
            "players": players, "options": options_json, "closed": false, "hands": []
        });
        Session::from_value(&v)
    }

    /// Reads a session from JSON (tests and tools; files go through [`Session::parse`]).
    pub fn from_value(v: &Value) -> Result<Session, Vec<Problem>> {
        Session::parse(&v.to_string())
    }

    /// Reads a session from its text, with every problem: the file's, then each hand's. The hands
    /// are decoded here, once; playing them is [`Session::score`]'s work.
    pub fn parse(text: &str) -> Result<Session, Vec<Problem>> {
        Session::parse_with(text, true)
    }

    /// [`Session::parse`] for a session that is only scored, never written back: the hands'
    /// texts are not kept.
    pub fn parse_to_score(text: &str) -> Result<Session, Vec<Problem>> {
        Session::parse_with(text, false)
    }

    /// [`Session::parse_to_score`] where holding the hands costs no more than about three
    /// quarters of their text: `None` for a session whose hands are better read as they
    /// stream ([`Session::write_score_one_pass`]).
    pub fn parse_to_hold(text: &str) -> Option<Result<Session, Vec<Problem>>> {
        let weigh = std::cell::Cell::new(false);
        match Session::parse_full(text, false, Some(&weigh)) {
            Err(_) if weigh.get() => None,
            read => Some(read.map(|(s, _)| s)),
        }
    }

    /// [`Session::parse_to_score`] for a session that will have hands added at its end: where
    /// the text may be changed, when the reading's one pass found it (see [`Splice`]).
    pub fn parse_to_append(text: &str) -> Result<(Session, Option<Splice>), Vec<Problem>> {
        Session::parse_full(text, false, None)
    }

    fn parse_with(text: &str, keep_text: bool) -> Result<Session, Vec<Problem>> {
        Session::parse_full(text, keep_text, None).map(|(s, _)| s)
    }

    /// The session as written to a file (always at [`VERSION`]): the known fields first, one
    /// hand and one log entry per line, then the fields Marque does not know, as they were.
    pub fn to_json_string(&self) -> String {
        // The size it will be, near enough: no copy of the text as it grows.
        let hands: usize = self
            .hands
            .iter()
            .map(|h| h.raw.as_ref().map_or(128, |r| r.get().len() + 6))
            .sum();
        let log: usize = self.log.iter().map(|r| r.get().len() + 6).sum();
        let mut s = String::with_capacity(4096 + hands + log);
        // A String takes any text: writing to it cannot fail.
        self.write_json(&mut s).ok();
        s
    }

    /// [`Session::to_json_string`] into `s`.
    fn write_json(&self, s: &mut String) -> fmt::Result {
        use fmt::Write;
        let j = |v: &dyn write::erased::Ser| v.to_json();
        s.push_str("{\n");
        write!(
            s,
            "  \"format\": {},\n  \"version\": {VERSION},\n",
            j(&FORMAT)
        )?;
        if let Some(id) = &self.id {
            writeln!(s, "  \"id\": {},", j(id))?;
        }
        writeln!(s, "  \"game\": {},", j(&self.game.id()))?;
        if let Some(c) = &self.created {
            writeln!(s, "  \"created\": {},", j(c))?;
        }
        writeln!(s, "  \"players\": {},", j(&self.players))?;
        writeln!(s, "  \"options\": {},", j(self.options.written()))?;
        writeln!(s, "  \"closed\": {},", self.closed)?;
        let list =
            |s: &mut String, name: &str, items: &mut dyn Iterator<Item = &str>| -> fmt::Result {
                write!(s, "  \"{name}\": [")?;
                let mut first = true;
                for r in items {
                    s.push_str(if first { "\n    " } else { ",\n    " });
                    s.push_str(&one_line(r));
                    first = false;
                }
                s.push_str(if first { "]" } else { "\n  ]" });
                Ok(())
            };
        let hands: Vec<std::borrow::Cow<RawValue>> = self.hands.iter().map(Hand::raw).collect();
        list(s, "hands", &mut hands.iter().map(|r| r.get()))?;
        if !self.log.is_empty() {
            s.push_str(",\n");
            list(s, "log", &mut self.log.iter().map(RawJson::get))?;
        }
        for (k, v) in &self.extra {
            write!(s, ",\n  {}: {}", j(k), v.get())?;
        }
        s.push_str("\n}\n");
        Ok(())
    }

    /// The session as a JSON value (tests and export tools).
    pub fn to_value(&self) -> Value {
        serde_json::from_str(&self.to_json_string()).unwrap_or(Value::Null)
    }

    /// The sides that score once every entry is played: bridge's partnerships, else each seat
    /// named by its last player (table events: a substitute, a seat that joined).
    pub fn sides(&self) -> Vec<String> {
        if self.hands.iter().any(|h| h.game.event().is_some()) {
            self.sides_now()
        } else {
            self.game.sides(&self.players)
        }
    }

    /// Reads one hand's JSON for this session.
    pub fn decode(&self, v: &Value) -> Result<Hand, Vec<Msg>> {
        Hand::decode(v, self.options.typed(), self.playing())
    }

    /// How many players the next hand lists (table events change it).
    pub fn playing(&self) -> usize {
        self.playing_before(self.hands.len())
    }

    /// Entry `index` as the table counts it (see [`crate::games::Place`]); past the last
    /// entry, the next hand.
    pub fn place(&self, index: usize) -> crate::games::Place {
        place_at(&self.hands, index, self.options.typed())
    }

    /// How many players hand `index` lists (the entries before it played).
    pub fn playing_before(&self, index: usize) -> usize {
        playing_after(&self.players, &self.hands[..index.min(self.hands.len())])
    }

    /// Reads one hand's JSON as hand `index` of this session (in place of the hand there, or
    /// the next one).
    pub fn decode_at(&self, v: &Value, index: usize) -> Result<Hand, Vec<Msg>> {
        Hand::decode(v, self.options.typed(), self.playing_before(index))
    }

    /// Who sits where after every entry, events played as far as they can be (the sides
    /// `marque score` names before it plays the hands).
    pub fn seats(&self) -> crate::games::table::Seats {
        let mut seats = crate::games::table::Seats::new(self.game, &self.players);
        for e in self.hands.iter().filter_map(|h| h.game.event()) {
            seats.apply(e).ok();
        }
        seats
    }

    /// Everyone who sat at the table, seat by seat, a seat's players in turn: "Paul / Zoé,
    /// Lise, Marc" (the players as listed when no event changed a seat).
    pub fn table_names(&self) -> String {
        self.seats()
            .held()
            .iter()
            .map(|h| h.join(" / "))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The sides that score once every entry is played: each seat named by its last player.
    pub fn sides_now(&self) -> Vec<String> {
        self.game.sides(&self.seats().current())
    }
}
