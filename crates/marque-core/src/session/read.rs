//! The careful reader of a session's text: every field checked, each problem said, and where
//! an append changes the text found on the way.

use std::cell::Cell;
use std::collections::BTreeMap;
use std::fmt;

use serde::Deserialize;
use serde::de::{self, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::value::RawValue;
use serde_json::{Map, Value};

use super::file::{
    FORMAT, Hand, Problem, RawJson, Session, SessionOptions, VERSION, check_players,
};

use super::sheet::Replay;
use crate::games::json::{self as j, Obj};
use crate::games::{GameHand, GameKind, GameOptions};
use crate::i18n::msg;
use crate::i18n::{Arg, Msg};

pub(super) const KNOWN: [&str; 10] = [
    "format", "version", "id", "game", "created", "players", "options", "closed", "hands", "log",
];

/// The visits of a JSON scalar, each giving `$make(kind)` where kind is the key of its kind's
/// name (`json.number`…).
macro_rules! scalar_visits {
    ($out:ty, $make:expr) => {
        fn visit_bool<E: de::Error>(self, _: bool) -> Result<$out, E> {
            Ok(($make)("json.bool"))
        }
        fn visit_i64<E: de::Error>(self, _: i64) -> Result<$out, E> {
            Ok(($make)("json.number"))
        }
        fn visit_u64<E: de::Error>(self, _: u64) -> Result<$out, E> {
            Ok(($make)("json.number"))
        }
        fn visit_f64<E: de::Error>(self, _: f64) -> Result<$out, E> {
            Ok(($make)("json.number"))
        }
        fn visit_str<E: de::Error>(self, _: &str) -> Result<$out, E> {
            Ok(($make)("json.string"))
        }
        fn visit_unit<E: de::Error>(self) -> Result<$out, E> {
            Ok(($make)("json.null"))
        }
    };
}

/// The top of a session file, read in one pass: an object's fields as their raw text, or what
/// else the file holds.
enum Top<'a> {
    Object {
        fields: Vec<(String, &'a RawValue)>,
        /// The `hands` field, read in the same pass: its elements' text, or what else it is.
        hands: Option<Result<Vec<&'a RawValue>, &'static str>>,
        /// The hands already read as typed hands (the fast reading, see [`TopSeed`]).
        read: Option<Vec<Hand>>,
        /// Where the field after the hands read that way begins.
        after_hands: After,
    },
    Other(&'static str),
}

/// What follows the hands, where the fast reading read them: the address of the next key's
/// first character (a key written with no escape is borrowed from the text), or the end of the
/// object.
#[derive(Debug, Clone, Copy, PartialEq)]
enum After {
    Unknown,
    Key(usize),
    /// A key with escapes (read into a string of its own: where it was is not known).
    EscapedKey,
    End,
}

/// A key of the top object, and the address of its text where it is borrowed from the input.
struct Key(String, Option<usize>);

impl<'de> Deserialize<'de> for Key {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Key, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Key;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a key")
            }
            fn visit_borrowed_str<E: de::Error>(self, k: &'de str) -> Result<Key, E> {
                Ok(Key(k.to_string(), Some(k.as_ptr() as usize)))
            }
            fn visit_str<E: de::Error>(self, k: &str) -> Result<Key, E> {
                Ok(Key(k.to_string(), None))
            }
        }
        d.deserialize_str(V)
    }
}

/// Reads the top of a file; with `fast`, the hands of a file whose game, players and options
/// come before them are read as typed hands in the same pass, and anything unusual (a field
/// given twice, a hand the fast readers cannot decide) makes the whole reading fail, for the
/// careful reading to take over.
struct TopSeed<'w> {
    fast: bool,
    weigh: Option<&'w Cell<bool>>,
}

/// What reads the hands straight into typed hands. With `weigh`, it stops after the first
/// [`SAMPLE`] hands where holding them takes more than [`HELD`] of the text they came from
/// (and says so in `weigh`): such a session is better read as it streams.
struct HandsSeed<'o> {
    options: &'o GameOptions,
    players: usize,
    weigh: Option<&'o Cell<bool>>,
}

/// How many hands are weighed before the rest are read (see [`HandsSeed`]).
const SAMPLE: usize = 64;

/// The part of their text that held hands may take, as a fraction (numerator, denominator):
/// the session is then held whole in about 1.75 × its file (and the list's spare room), the
/// sheet written into the file's own pages.
const HELD: (usize, usize) = (3, 4);

/// What reads one well-formed hand straight into a typed hand (an error for any other).
pub(super) struct OneHand<'o>(pub(super) &'o GameOptions, pub(super) usize);

impl<'de> de::DeserializeSeed<'de> for OneHand<'_> {
    /// The hand, and where its text is (see [`crate::games::GameOptions::read_hand`]).
    type Value = (GameHand, Option<usize>);
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        self.0.read_hand(d, self.1)
    }
}

impl<'de> de::DeserializeSeed<'de> for HandsSeed<'_> {
    type Value = Vec<Hand>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Vec<Hand>, D::Error> {
        struct V<'o>(HandsSeed<'o>);
        impl<'de> Visitor<'de> for V<'_> {
            type Value = Vec<Hand>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a list of hands")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut s: A) -> Result<Vec<Hand>, A::Error> {
                let mut out = Vec::with_capacity(s.size_hint().unwrap_or(0));
                // How many play: each hand lists them (table events change it).
                let mut players = self.0.players;
                // The hands weighed (from the first whose text is found), and the span of
                // text from its first key to the last first key found (a key written with an
                // escape is not borrowed from the text: its place is not known).
                let (mut held, mut first, mut last) = (0, None, None);
                while let Some((h, at)) = s.next_element_seed(OneHand(self.0.options, players))? {
                    if let Some(weigh) = self.0.weigh {
                        first = first.or(at);
                        last = at.or(last);
                        if out.len() == SAMPLE
                            && let (Some(a), Some(b)) = (first, last)
                            && held * HELD.1 > b.saturating_sub(a) * HELD.0
                        {
                            weigh.set(true);
                            return Err(de::Error::custom("hands to read as they stream"));
                        }
                        if first.is_some() {
                            held += std::mem::size_of::<Hand>() + h.heap_bytes();
                        }
                    }
                    players = super::file::playing_next(players, &h);
                    // Straight into the session's hands: no second list to copy them into.
                    out.push(Hand { game: h, raw: None });
                }
                Ok(out)
            }
        }
        d.deserialize_seq(V(self))
    }
}

/// The options and player count the fields read so far give, if the game reads hands fast.
fn fast_reader(fields: &[(String, &RawValue)]) -> Option<(GameOptions, usize)> {
    let get = |name: &str| fields.iter().find(|(k, _)| k == name).map(|(_, v)| *v);
    let game = GameKind::from_id(serde_json::from_str::<&str>(get("game")?.get()).ok()?)?;
    let players = serde_json::from_str::<Vec<IgnoredAny>>(get("players")?.get())
        .ok()?
        .len();
    let options = match get("options") {
        Some(r) => Some(serde_json::from_str::<Value>(r.get()).ok()?),
        None => None,
    };
    let options = game.read_options(options.as_ref(), players).ok()?;
    Some((options, players))
}

/// A JSON value's elements as raw text if it is an array, else the key of its kind's name.
struct Elements<'a>(Result<Vec<&'a RawValue>, &'static str>);

impl<'de: 'a, 'a> Deserialize<'de> for Elements<'a> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Elements<'a>, D::Error> {
        struct V<'a>(std::marker::PhantomData<&'a ()>);
        impl<'de: 'a, 'a> Visitor<'de> for V<'a> {
            type Value = Elements<'a>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a JSON value")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut s: A) -> Result<Elements<'a>, A::Error> {
                let mut out = Vec::new();
                while let Some(r) = s.next_element::<&'de RawValue>()? {
                    out.push(r);
                }
                Ok(Elements(Ok(out)))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut m: A) -> Result<Elements<'a>, A::Error> {
                while m.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
                Ok(Elements(Err("json.object")))
            }
            scalar_visits!(Elements<'a>, |k| Elements(Err(k)));
        }
        d.deserialize_any(V(std::marker::PhantomData))
    }
}

impl<'de> de::DeserializeSeed<'de> for TopSeed<'_> {
    type Value = Top<'de>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Top<'de>, D::Error> {
        struct V<'w>(bool, Option<&'w Cell<bool>>);
        impl<'de> Visitor<'de> for V<'_> {
            type Value = Top<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a JSON value")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut m: A) -> Result<Top<'de>, A::Error> {
                let mut fields: Vec<(String, &'de RawValue)> = Vec::new();
                let mut hands = None;
                let mut read = None;
                let mut after_hands = After::Unknown;
                while let Some(Key(k, at)) = m.next_key::<Key>()? {
                    if read.is_some() && after_hands == After::Unknown {
                        after_hands = at.map_or(After::EscapedKey, After::Key);
                    }
                    let again = (hands.is_some() || read.is_some()) && k == "hands"
                        || fields.iter().any(|(f, _)| *f == k);
                    if self.0 && again {
                        return Err(de::Error::custom("a field given twice"));
                    }
                    if k != "hands" {
                        fields.push((k, m.next_value::<&'de RawValue>()?));
                    } else if let Some((options, players)) = fast_reader(&fields).filter(|_| self.0)
                    {
                        read = Some(m.next_value_seed(HandsSeed {
                            options: &options,
                            players,
                            weigh: self.1,
                        })?);
                    } else {
                        hands = Some(m.next_value::<Elements<'de>>()?.0);
                    }
                }
                if read.is_some() && after_hands == After::Unknown {
                    after_hands = After::End;
                }
                Ok(Top::Object {
                    fields,
                    hands,
                    read,
                    after_hands,
                })
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut s: A) -> Result<Top<'de>, A::Error> {
                while s.next_element::<IgnoredAny>()?.is_some() {}
                Ok(Top::Other("json.array"))
            }
            scalar_visits!(Top<'de>, Top::Other);
        }
        d.deserialize_any(V(self.fast, self.weigh))
    }
}

/// Reads the top of `text` (see [`TopSeed`]).
fn read_top<'t>(
    text: &'t str,
    fast: bool,
    weigh: Option<&Cell<bool>>,
) -> Result<Top<'t>, serde_json::Error> {
    use de::DeserializeSeed;
    let mut d = serde_json::Deserializer::from_str(text);
    let top = TopSeed { fast, weigh }.deserialize(&mut d)?;
    d.end()?;
    Ok(top)
}

fn not_json(e: serde_json::Error) -> Vec<Problem> {
    vec![Problem::file(crate::i18n::json_error(&e))]
}

impl Session {
    /// Reads a session (see [`Session::parse`]); with `weigh`, stops where its hands are better
    /// read as they stream (see [`HandsSeed`]), saying so in `weigh` (the problems are then
    /// none).
    pub(super) fn parse_full(
        whole: &str,
        keep_text: bool,
        weigh: Option<&Cell<bool>>,
    ) -> Result<(Session, Option<Splice>), Vec<Problem>> {
        let text = whole.strip_prefix('\u{feff}').unwrap_or(whole);
        // Scoring only: the fast reading first, the careful one if it cannot decide.
        let top = match read_top(text, !keep_text, weigh) {
            Ok(top) => top,
            Err(_) if weigh.is_some_and(Cell::get) => return Err(Vec::new()),
            Err(_) if !keep_text => read_top(text, false, None).map_err(not_json)?,
            Err(e) => return Err(not_json(e)),
        };
        let (fields, hands_raw, read, after_hands) = match top {
            Top::Object {
                fields,
                hands,
                read,
                after_hands,
            } => (fields, hands, read, after_hands),
            Top::Other(kind) => {
                return Err(vec![Problem::file(msg!(
                    "json.not_object",
                    what = Msg::new("json.what.session"),
                    found = Msg::new(kind)
                ))]);
            }
        };
        // The last of a repeated field counts, as in any JSON reader.
        let mut raw_fields: BTreeMap<String, &RawValue> = BTreeMap::new();
        for (k, v) in fields {
            raw_fields.insert(k, v);
        }
        let splice = Splice::found(whole, after_hands, &raw_fields);
        // The small known fields as values; the hands and the log stay raw until read below.
        let mut known = Map::new();
        for k in KNOWN {
            if k == "hands" || k == "log" {
                continue;
            }
            if let Some(r) = raw_fields.get(k) {
                known.insert(
                    k.to_string(),
                    serde_json::from_str(r.get()).map_err(not_json)?,
                );
            }
        }
        let o = Obj { map: &known };
        let version = format_and_version(&o)?;
        let mut problems = Vec::new();
        let game = match o.required("game").and_then(|g| j::string("game", g)) {
            Err(m) => {
                problems.push(Problem::file(m));
                None
            }
            Ok(g) => match GameKind::from_id(g) {
                Some(k) => Some(k),
                None => {
                    let allowed = GameKind::ALL.map(|g| g.id()).join(", ");
                    problems.push(Problem::file(msg!(
                        "file.game",
                        value = g,
                        allowed = allowed
                    )));
                    None
                }
            },
        };
        let optional_string = |name: &str, problems: &mut Vec<Problem>| match o.present(name) {
            None => None,
            Some(Value::String(s)) => Some(s.clone()),
            Some(other) => {
                problems.push(Problem::file(j::wrong_type(name, "json.a_string", other)));
                None
            }
        };
        let id = optional_string("id", &mut problems);
        let created = optional_string("created", &mut problems);
        let closed = match o.present("closed") {
            None => false,
            Some(Value::Bool(b)) => *b,
            Some(other) => {
                problems.push(Problem::file(j::wrong_type("closed", "json.a_bool", other)));
                false
            }
        };
        let players = match o.required("players").and_then(|p| j::array("players", p)) {
            Err(m) => {
                problems.push(Problem::file(m));
                None
            }
            Ok(list) => check_players(game, list, &mut problems),
        };
        let hands_raw: Option<Vec<&RawValue>> = match hands_raw {
            None if read.is_some() => Some(Vec::new()),
            None => {
                problems.push(Problem::file(msg!("json.missing", field = "hands")));
                None
            }
            Some(Ok(list)) => Some(list),
            Some(Err(kind)) => {
                problems.push(Problem::file(msg!(
                    "json.wrong_type",
                    field = "hands",
                    expected = Arg::Key("json.a_list"),
                    found = Msg::new(kind)
                )));
                None
            }
        };
        let options = match (game, &players) {
            (Some(g), Some(p)) => match SessionOptions::read(g, o.get("options"), p.len()) {
                Ok(opts) => Some(opts),
                Err(ms) => {
                    problems.extend(ms.into_iter().map(Problem::file));
                    None
                }
            },
            _ => None,
        };
        let (Some(game), Some(players), Some(options), Some(hands_raw)) =
            (game, players, options, hands_raw)
        else {
            return Err(problems);
        };
        if !problems.is_empty() {
            return Err(problems);
        }
        let hands = read_hands(read, &hands_raw, &options, &players, keep_text, problems)?;
        let (log, extra) = log_and_extra(&raw_fields);
        let session = Session {
            version,
            id,
            game,
            created,
            players,
            options,
            closed,
            hands,
            log,
            extra,
        };
        Ok((session, splice))
    }
}

/// The file's format and version: a Marque session of a version this Marque reads.
fn format_and_version(o: &Obj) -> Result<u64, Vec<Problem>> {
    let file = |m: Msg| vec![Problem::file(m)];
    match o.get("format") {
        Some(Value::String(s)) if s == FORMAT => {}
        Some(other) => return Err(file(msg!("file.format", found = j::quote(other)))),
        None => return Err(file(msg!("json.missing", field = "format"))),
    }
    match o.get("version") {
        None => Err(file(msg!("json.missing", field = "version"))),
        Some(vv) => match vv.as_u64() {
            Some(n) if n > VERSION => Err(vec![Problem::newer(n)]),
            Some(n) if n >= 1 => Ok(n),
            _ => Err(file(msg!("file.version", found = j::quote(vv)))),
        },
    }
}

/// The hands, each decoded from its text (kept where `keep_text`); the first that cannot be
/// read, and a rule broken before it, reported as a reader that plays hands in order would.
fn read_hands(
    read: Option<Vec<Hand>>,
    hands_raw: &[&RawValue],
    options: &SessionOptions,
    players: &[String],
    keep_text: bool,
    mut problems: Vec<Problem>,
) -> Result<Vec<Hand>, Vec<Problem>> {
    let mut hands: Vec<Hand> = read.unwrap_or_default();
    hands.reserve(hands_raw.len());
    let mut first_bad = None;
    // How many play: the next hand lists each of them (table events change it).
    let mut count = super::file::playing_after(players, &hands);
    for (i, r) in hands_raw.iter().enumerate() {
        let decoded = match options.typed().decode_text(r.get(), count) {
            Some(game) => Ok(game),
            None => serde_json::from_str::<Value>(r.get())
                .map_err(|e| vec![crate::i18n::json_error(&e)])
                .and_then(|v| options.typed().decode(&v, count)),
        };
        if let Ok(h) = &decoded {
            count = super::file::playing_next(count, h);
        }
        match decoded {
            Ok(game) if first_bad.is_none() => hands.push(Hand {
                game,
                raw: keep_text.then(|| (*r).to_owned()),
            }),
            Ok(_) => {}
            Err(ms) => {
                first_bad.get_or_insert(i);
                problems.extend(ms.into_iter().map(|m| Problem::hand(i, m)));
            }
        }
    }
    if let Some(bad) = first_bad {
        // As a reader that plays hands in order would: the first hand that breaks a rule
        // before the first that cannot be read is reported too.
        let mut replay = Replay::new(options.typed(), players);
        for (i, h) in hands.iter().enumerate().take(bad) {
            if let Err(ms) = replay.play(&h.game) {
                let at = problems.partition_point(|p| p.hand.is_some_and(|n| n <= i));
                for (k, m) in ms.into_iter().enumerate() {
                    problems.insert(at + k, Problem::hand(i, m));
                }
                break;
            }
        }
        return Err(problems);
    }
    Ok(hands)
}

/// The log (None where it is of another shape: kept aside whole) and the fields Marque does
/// not know, each as written.
fn log_and_extra(
    raw_fields: &BTreeMap<String, &RawValue>,
) -> (Vec<RawJson>, BTreeMap<String, RawJson>) {
    let log = match raw_fields.get("log") {
        Some(r) => serde_json::from_str::<Vec<&RawValue>>(r.get())
            .map(|l| l.into_iter().map(|r| RawJson(r.to_owned())).collect())
            .ok(),
        None => Some(Vec::new()),
    };
    let extra = raw_fields
        .iter()
        .filter(|(k, _)| !KNOWN.contains(&k.as_str()) || (k.as_str() == "log" && log.is_none()))
        .map(|(k, v)| (k.clone(), RawJson((*v).to_owned())))
        .collect();
    (log.unwrap_or_default(), extra)
}

/// Where a save that adds hands (and log entries, and reopens) changes the text a session was
/// read from, in bytes of that text: found in the reading's one pass, so that an append writes
/// its file without reading the text again.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Splice {
    /// The `]` that closes the hands.
    pub hands_end: usize,
    /// The log's list, if the file has one.
    pub log: Option<std::ops::Range<usize>>,
    /// The value of `closed`, if the file has one.
    pub closed: Option<std::ops::Range<usize>>,
}

impl Splice {
    /// The places in `text`, found by reading it again as a map of raw values: for a text whose
    /// first reading could not tell them. `None` where the text is not an object whose hands
    /// are a list and whose log, if any, is a list.
    pub fn scan(text: &str) -> Option<Splice> {
        let body = text.strip_prefix('\u{feff}').unwrap_or(text);
        let fields: BTreeMap<String, &RawValue> = serde_json::from_str(body).ok()?;
        let base = text.as_ptr() as usize;
        let span = |r: &RawValue| {
            let start = r.get().as_ptr() as usize - base;
            start..start + r.get().len()
        };
        let hands = *fields.get("hands")?;
        if !hands.get().starts_with('[') || !hands.get().ends_with(']') {
            return None;
        }
        let log = match fields.get("log") {
            Some(r) if r.get().starts_with('[') => Some(span(r)),
            Some(_) => return None,
            None => None,
        };
        Some(Splice {
            hands_end: span(hands).end - 1,
            log,
            closed: fields.get("closed").map(|r| span(r)),
        })
    }

    /// The places in `text`, where the hands were read in one pass and are followed by `after`.
    fn found(text: &str, after: After, fields: &BTreeMap<String, &RawValue>) -> Option<Splice> {
        let base = text.as_ptr() as usize;
        // Between the hands' `]` and what follows: only white space, then a comma and the next
        // key's quote, or the object's `}`.
        let before = match after {
            After::Unknown | After::EscapedKey => return None,
            After::Key(at) => {
                let quote = at.checked_sub(base)?.checked_sub(1)?;
                (text.as_bytes().get(quote) == Some(&b'"'))
                    .then(|| text[..quote].trim_end())?
                    .strip_suffix(',')?
            }
            After::End => text.trim_end().strip_suffix('}')?,
        };
        let hands_end = before.trim_end().strip_suffix(']')?.len();
        let span = |name: &str| {
            fields.get(name).map(|r| {
                let start = r.get().as_ptr() as usize - base;
                start..start + r.get().len()
            })
        };
        let log = match span("log") {
            // A log that is not a list is kept as it is, and the session written whole.
            Some(r) if !text[r.clone()].starts_with('[') => return None,
            log => log,
        };
        Some(Splice {
            hands_end,
            log,
            closed: span("closed"),
        })
    }
}
