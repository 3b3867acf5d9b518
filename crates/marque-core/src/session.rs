//! A session: players, options and hands of one sitting, read once into typed values, and its
//! score sheet, kept up to date hand by hand.
//!
//! The file format is `marque-session` version 1. Each hand is decoded once, when the file is
//! read, into a [`GameHand`] and kept beside the exact text it was written in, so that fields
//! Marque does not know (in a hand or at the top level) are written back as they were, numbers
//! included.

use std::collections::BTreeMap;
use std::fmt;

use serde::de::{self, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use serde_json::{Map, Value};

use crate::games::json::{self as j, Obj};
use crate::games::{GameHand, GameKind, GameOptions, HandInfo, Line, Live, Tally, leaders};
use crate::i18n::{Arg, Lang, Msg};
use crate::msg;

pub const FORMAT: &str = "marque-session";
/// The newest file version this build reads and writes.
pub const VERSION: u64 = 1;

/// A problem that stops a file from being scored: `file: …` or `hand N: …` (N from 1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub hand: Option<usize>,
    pub msg: Msg,
}

impl Problem {
    pub fn file(msg: Msg) -> Problem {
        Problem { hand: None, msg }
    }
    pub fn hand(index: usize, msg: Msg) -> Problem {
        Problem {
            hand: Some(index + 1),
            msg,
        }
    }
    /// The problem for a person on screen: "Brasse 3 : …" in the game's word (a generic word
    /// where the game is not known), a file's problem alone.
    pub fn for_people(&self, lang: Lang, game: Option<GameKind>) -> String {
        match (self.hand, game) {
            (None, _) => self.msg.render(lang),
            (Some(n), Some(game)) => game
                .hand_words(msg!("problem.hand", n = n, what = self.msg.clone()))
                .render(lang),
            (Some(n), None) => {
                msg!("problem.hand.any", n = n, what = self.msg.clone()).render(lang)
            }
        }
    }

    /// The line printed on standard error (the session format's words: `hand N: …`).
    pub fn render(&self, lang: Lang) -> String {
        match self.hand {
            None => format!("file: {}", self.msg.render(lang)),
            Some(n) => format!("hand {n}: {}", self.msg.render(lang)),
        }
    }
}

/// The typed options of a session's game.
pub type Options = GameOptions;

/// One hand of a session: typed, and the JSON text it is written as.
#[derive(Debug, Clone)]
pub struct Hand {
    pub game: GameHand,
    /// The hand's JSON: its own fields as Marque writes them, and any other field exactly as it
    /// was read. None when the session was read only to be scored: the text is then made from
    /// the typed hand when asked for.
    raw: Option<Box<RawValue>>,
}

impl PartialEq for Hand {
    fn eq(&self, other: &Hand) -> bool {
        // The same fields, however the text is spaced.
        self.game == other.game && one_line(self.raw().get()) == one_line(other.raw().get())
    }
}

impl Hand {
    /// A new hand, written with the game's own fields only.
    pub fn new(game: GameHand) -> Hand {
        let raw = Some(raw(&game.to_json()));
        Hand { game, raw }
    }

    /// `game` in place of `old`: the fields Marque does not know stay as `old` had them.
    pub fn replacing(game: GameHand, old: &Hand) -> Hand {
        let known = old.game.kind().hand_fields();
        let old_raw = old.raw();
        let Ok(fields) = serde_json::from_str::<BTreeMap<String, &RawValue>>(old_raw.get()) else {
            return Hand::new(game);
        };
        let mut v = game.to_json();
        if let Value::Object(m) = &mut v {
            let mut out: BTreeMap<String, Box<RawValue>> =
                m.iter().map(|(k, v)| (k.clone(), raw(v))).collect();
            for (k, r) in fields {
                if !known.contains(&k.as_str()) {
                    out.insert(k, r.to_owned());
                }
            }
            if let Ok(s) = serde_json::to_string(&out)
                && let Ok(r) = RawValue::from_string(s)
            {
                return Hand { game, raw: Some(r) };
            }
        }
        Hand::new(game)
    }

    /// Reads a hand of a session with these options and players.
    pub fn decode(v: &Value, options: &Options, players: usize) -> Result<Hand, Vec<Msg>> {
        let game = options.decode(v, players)?;
        Ok(Hand {
            game,
            raw: Some(raw(v)),
        })
    }

    /// The hand's JSON text, as written in the file.
    pub fn raw(&self) -> std::borrow::Cow<'_, RawValue> {
        match &self.raw {
            Some(r) => std::borrow::Cow::Borrowed(r),
            None => std::borrow::Cow::Owned(raw(&self.game.to_json())),
        }
    }

    /// The hand as a JSON value (for tests and the edit log's display).
    pub fn to_value(&self) -> Value {
        serde_json::from_str(self.raw().get()).unwrap_or(Value::Null)
    }
}

fn raw(v: &Value) -> Box<RawValue> {
    // A Value always serializes; the fallback keeps the type total.
    serde_json::value::to_raw_value(v)
        .unwrap_or_else(|_| RawValue::from_string("null".into()).expect("null is JSON"))
}

/// JSON text without the white space between tokens (strings kept as they are).
fn compact(text: &str) -> String {
    let mut out = Vec::with_capacity(text.len());
    let mut in_string = false;
    let mut escaped = false;
    for &b in text.as_bytes() {
        if in_string {
            out.push(b);
            if escaped {
                escaped = false;
            } else if b == b'\\' {
                escaped = true;
            } else if b == b'"' {
                in_string = false;
            }
        } else if b == b'"' {
            in_string = true;
            out.push(b);
        } else if !matches!(b, b' ' | b'\n' | b'\t' | b'\r') {
            out.push(b);
        }
    }
    // Only ASCII white space outside strings was dropped: the bytes are still UTF-8.
    String::from_utf8(out).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// JSON text on one line: the text itself when it already is.
fn one_line(text: &str) -> std::borrow::Cow<'_, str> {
    if text
        .as_bytes()
        .iter()
        .any(|b| matches!(b, b' ' | b'\n' | b'\t' | b'\r'))
    {
        std::borrow::Cow::Owned(compact(text))
    } else {
        std::borrow::Cow::Borrowed(text)
    }
}

/// One session file, checked and with every hand decoded.
#[derive(Debug, Clone, PartialEq)]
pub struct Session {
    pub version: u64,
    pub id: Option<String>,
    pub game: GameKind,
    pub created: Option<String>,
    pub players: Vec<String>,
    /// The options as written in the file (missing keys take their defaults).
    pub options_json: Map<String, Value>,
    pub options: Options,
    pub closed: bool,
    pub hands: Vec<Hand>,
    /// The edit log, entries as written (see [`crate::history`]).
    pub log: Vec<RawJson>,
    /// Fields this version does not interpret, kept as they were written.
    pub extra: BTreeMap<String, RawJson>,
}

/// A piece of JSON kept as the exact text it was written in.
#[derive(Debug, Clone)]
pub struct RawJson(pub Box<RawValue>);

impl PartialEq for RawJson {
    fn eq(&self, other: &Self) -> bool {
        self.0.get() == other.0.get()
    }
}

impl RawJson {
    pub fn get(&self) -> &str {
        self.0.get()
    }

    /// The JSON text of a value.
    pub fn of(v: &impl Serialize) -> Option<RawJson> {
        serde_json::value::to_raw_value(v).ok().map(RawJson)
    }

    /// The text as a value (numbers past what a double holds lose digits: for display only).
    pub fn to_value(&self) -> Value {
        serde_json::from_str(self.0.get()).unwrap_or(Value::Null)
    }
}

const KNOWN: [&str; 10] = [
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
        read: Option<Vec<GameHand>>,
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
struct TopSeed {
    fast: bool,
}

/// What reads the hands straight into typed hands.
struct HandsSeed<'o> {
    options: &'o GameOptions,
    players: usize,
}

/// What reads one well-formed hand straight into a typed hand (an error for any other).
struct OneHand<'o>(&'o GameOptions, usize);

impl<'de> de::DeserializeSeed<'de> for OneHand<'_> {
    type Value = GameHand;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<GameHand, D::Error> {
        self.0.read_hand(d, self.1)
    }
}

impl<'de> de::DeserializeSeed<'de> for HandsSeed<'_> {
    type Value = Vec<GameHand>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Vec<GameHand>, D::Error> {
        struct V<'o>(HandsSeed<'o>);
        impl<'de> Visitor<'de> for V<'_> {
            type Value = Vec<GameHand>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a list of hands")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut s: A) -> Result<Vec<GameHand>, A::Error> {
                let mut out = Vec::with_capacity(s.size_hint().unwrap_or(0));
                while let Some(h) = s.next_element_seed(OneHand(self.0.options, self.0.players))? {
                    out.push(h);
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

impl<'de> de::DeserializeSeed<'de> for TopSeed {
    type Value = Top<'de>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Top<'de>, D::Error> {
        struct V(bool);
        impl<'de> Visitor<'de> for V {
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
        d.deserialize_any(V(self.fast))
    }
}

/// Reads the top of `text` (see [`TopSeed`]).
fn read_top(text: &str, fast: bool) -> Result<Top<'_>, serde_json::Error> {
    use de::DeserializeSeed;
    let mut d = serde_json::Deserializer::from_str(text);
    let top = TopSeed { fast }.deserialize(&mut d)?;
    d.end()?;
    Ok(top)
}

fn not_json(e: serde_json::Error) -> Vec<Problem> {
    vec![Problem::file(msg!("file.not_json", error = e.to_string()))]
}

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

    /// [`Session::parse_to_score`] for a session that will have hands added at its end: where
    /// the text may be changed, when the reading's one pass found it (see [`Splice`]).
    pub fn parse_to_append(text: &str) -> Result<(Session, Option<Splice>), Vec<Problem>> {
        Session::parse_full(text, false)
    }

    fn parse_with(text: &str, keep_text: bool) -> Result<Session, Vec<Problem>> {
        Session::parse_full(text, keep_text).map(|(s, _)| s)
    }

    fn parse_full(whole: &str, keep_text: bool) -> Result<(Session, Option<Splice>), Vec<Problem>> {
        let text = whole.strip_prefix('\u{feff}').unwrap_or(whole);
        // Scoring only: the fast reading first, the careful one if it cannot decide.
        let top = match read_top(text, !keep_text) {
            Ok(top) => top,
            Err(_) if !keep_text => read_top(text, false).map_err(not_json)?,
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
        let file = |m: Msg| vec![Problem::file(m)];
        match o.get("format") {
            Some(Value::String(s)) if s == FORMAT => {}
            Some(other) => return Err(file(msg!("file.format", found = j::quote(other)))),
            None => return Err(file(msg!("json.missing", field = "format"))),
        }
        let version = match o.get("version") {
            None => return Err(file(msg!("json.missing", field = "version"))),
            Some(vv) => match vv.as_u64() {
                Some(n) if n > VERSION => {
                    return Err(file(msg!("file.newer", version = n, known = VERSION)));
                }
                Some(n) if n >= 1 => n,
                _ => return Err(file(msg!("file.version", found = j::quote(vv)))),
            },
        };
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
        let options_json = match o.present("options") {
            Some(Value::Object(m)) => m.clone(),
            _ => Map::new(),
        };
        let options = match (game, &players) {
            (Some(g), Some(p)) => match g.read_options(o.get("options"), p.len()) {
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
        let mut hands: Vec<Hand> = read
            .unwrap_or_default()
            .into_iter()
            .map(|game| Hand { game, raw: None })
            .collect();
        hands.reserve(hands_raw.len());
        let mut first_bad = None;
        for (i, r) in hands_raw.iter().enumerate() {
            let decoded = match options.decode_text(r.get(), players.len()) {
                Some(game) => Ok(game),
                None => serde_json::from_str::<Value>(r.get())
                    .map_err(|e| vec![msg!("file.not_json", error = e.to_string())])
                    .and_then(|v| options.decode(&v, players.len())),
            };
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
            let mut replay = Replay::new(&options, &players);
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
        let session = Session {
            version,
            id,
            game,
            created,
            players,
            options_json,
            options,
            closed,
            hands,
            log: log.unwrap_or_default(),
            extra,
        };
        Ok((session, splice))
    }

    /// The session as written to a file (always at [`VERSION`]): the known fields first, one
    /// hand and one log entry per line, then the fields Marque does not know, as they were.
    pub fn to_json_string(&self) -> String {
        use fmt::Write;
        let j = |v: &dyn erased::Ser| v.to_json();
        // The size it will be, near enough: no copy of the text as it grows.
        let hands: usize = self
            .hands
            .iter()
            .map(|h| h.raw.as_ref().map_or(128, |r| r.get().len() + 6))
            .sum();
        let log: usize = self.log.iter().map(|r| r.get().len() + 6).sum();
        let mut s = String::with_capacity(4096 + hands + log);
        s.push_str("{\n");
        let _ = write!(
            s,
            "  \"format\": {},\n  \"version\": {VERSION},\n",
            j(&FORMAT)
        );
        if let Some(id) = &self.id {
            let _ = writeln!(s, "  \"id\": {},", j(id));
        }
        let _ = writeln!(s, "  \"game\": {},", j(&self.game.id()));
        if let Some(c) = &self.created {
            let _ = writeln!(s, "  \"created\": {},", j(c));
        }
        let _ = writeln!(s, "  \"players\": {},", j(&self.players));
        let _ = writeln!(s, "  \"options\": {},", j(&self.options_json));
        let _ = writeln!(s, "  \"closed\": {},", self.closed);
        let list = |s: &mut String, name: &str, items: &mut dyn Iterator<Item = &str>| {
            let _ = write!(s, "  \"{name}\": [");
            let mut first = true;
            for r in items {
                s.push_str(if first { "\n    " } else { ",\n    " });
                s.push_str(&one_line(r));
                first = false;
            }
            s.push_str(if first { "]" } else { "\n  ]" });
        };
        let hands: Vec<std::borrow::Cow<RawValue>> = self.hands.iter().map(Hand::raw).collect();
        list(&mut s, "hands", &mut hands.iter().map(|r| r.get()));
        if !self.log.is_empty() {
            s.push_str(",\n");
            list(&mut s, "log", &mut self.log.iter().map(RawJson::get));
        }
        for (k, v) in &self.extra {
            let _ = write!(s, ",\n  {}: {}", j(k), v.get());
        }
        s.push_str("\n}\n");
        s
    }

    /// The session as a JSON value (tests and export tools).
    pub fn to_value(&self) -> Value {
        serde_json::from_str(&self.to_json_string()).unwrap_or(Value::Null)
    }

    /// The sides that score: bridge's partnerships, else the players.
    pub fn sides(&self) -> Vec<String> {
        self.game.sides(&self.players)
    }

    /// Reads one hand's JSON for this session.
    pub fn decode(&self, v: &Value) -> Result<Hand, Vec<Msg>> {
        Hand::decode(v, &self.options, self.players.len())
    }

    /// Plays every hand into a score sheet.
    pub fn score(&self) -> Result<Sheet, Vec<Problem>> {
        let mut sheet = Sheet::new(self);
        sheet.replay_from(0, &self.hands).map_err(|(i, ms)| {
            ms.into_iter()
                .map(|m| Problem::hand(i, m))
                .collect::<Vec<_>>()
        })?;
        sheet.set_closed(self.closed);
        Ok(sheet)
    }

    /// Checks every hand and writes the sheet as `marque score` prints it, without keeping the
    /// sheet. Nothing is written for a session that fails: the output is held in memory, up to
    /// about `budget` bytes, until every hand has played. Past the budget, the hands left are
    /// first only played, from a copy of the game, then played again and written hand by hand.
    ///
    /// `scratch` is memory to hold the output in (the caller's buffer of the file it read, say:
    /// its pages are already there).
    pub fn write_score<W: std::io::Write>(
        &self,
        lang: Lang,
        out: &mut W,
        budget: usize,
        mut scratch: Vec<u8>,
    ) -> Result<std::io::Result<()>, Vec<Problem>> {
        let refused = |i: usize, ms: Vec<Msg>| -> Vec<Problem> {
            ms.into_iter().map(|m| Problem::hand(i, m)).collect()
        };
        let mut text = String::new();
        let mut replay = Replay::new(&self.options, &self.players);
        // Only the pages written are ever touched: reserving the whole budget costs nothing
        // more, and saves copying the sheet each time it would have grown.
        scratch.clear();
        scratch.reserve(budget);
        let mut held = scratch;
        let wrote = self
            .write_head(&mut held)
            .and_then(|()| self.buffer_hands(lang, &mut held, budget, &mut replay, &mut text));
        let next = match wrote {
            Ok(next) => next,
            Err(Stop::Refused(i, ms)) => return Err(refused(i, ms)),
            Err(Stop::Io(e)) => return Ok(Err(e)),
        };
        if next < self.hands.len() {
            // The budget is spent: check the hands left before anything is written.
            let mut check = replay.clone().quiet();
            for (i, h) in self.hands.iter().enumerate().skip(next) {
                check.play(&h.game).map_err(|ms| refused(i, ms))?;
            }
        }
        let tail = out.write_all(&held).map_err(Stop::Io).and_then(|()| {
            drop(held);
            for i in next..self.hands.len() {
                self.write_hand(lang, out, &mut replay, i, &mut text)?;
            }
            self.write_tail(lang, out, &replay, &mut text)
        });
        match tail {
            Ok(()) => Ok(Ok(())),
            Err(Stop::Refused(i, ms)) => Err(refused(i, ms)),
            Err(Stop::Io(e)) => Ok(Err(e)),
        }
    }

    fn write_head<W: std::io::Write>(&self, out: &mut W) -> Result<(), Stop> {
        write_head_of(out, self.game, &self.sides())
    }

    /// Plays and writes hands into memory while there is room for one more; returns the index
    /// of the first hand not written.
    fn buffer_hands(
        &self,
        lang: Lang,
        held: &mut Vec<u8>,
        budget: usize,
        replay: &mut Replay,
        text: &mut String,
    ) -> Result<usize, Stop> {
        /// More than any one hand writes (eight players' lines).
        const ROOM: usize = 64 * 1024;
        for i in 0..self.hands.len() {
            if held.len() + ROOM > budget {
                return Ok(i);
            }
            self.write_hand(lang, held, replay, i, text)?;
        }
        Ok(self.hands.len())
    }

    /// Plays hand `i` and writes its row.
    fn write_hand<W: std::io::Write>(
        &self,
        lang: Lang,
        out: &mut W,
        replay: &mut Replay,
        i: usize,
        text: &mut String,
    ) -> Result<(), Stop> {
        let row = replay
            .play(&self.hands[i].game)
            .map_err(|ms| Stop::Refused(i, ms))?;
        write_row(out, lang, i, &row, text)
    }

    /// The end of the sheet: totals, the winners, the game's summary.
    fn write_tail<W: std::io::Write>(
        &self,
        lang: Lang,
        out: &mut W,
        replay: &Replay,
        text: &mut String,
    ) -> Result<(), Stop> {
        write_end(
            out,
            lang,
            &replay.end(self.closed),
            self.hands.is_empty(),
            text,
        )
    }

    /// [`Session::write_score`] of a session's text read in one pass, for a file laid out as
    /// Marque writes it: a first pass checks every hand (keeping none), a second plays each
    /// again and writes it as it is read. Nothing is held but the text. `None` for a file the
    /// one pass leaves to the careful reading (which also says what is wrong).
    pub fn write_score_one_pass<W: std::io::Write>(
        text: &str,
        lang: Lang,
        out: &mut W,
    ) -> Option<std::io::Result<()>> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        fast_facts(text)?;
        let mut sink = ScoreSink {
            out,
            lang,
            text: String::new(),
            failed: None,
            hands: 0,
        };
        let mut d = serde_json::Deserializer::from_str(text);
        let facts = de::DeserializeSeed::deserialize(
            FactsSeed {
                sink: Some(&mut sink),
            },
            &mut d,
        );
        if let Some(e) = sink.failed.take() {
            return Some(Err(e));
        }
        // The first pass read it: the second reads it the same (part of it is written).
        let Ok(facts) = facts else {
            return Some(Err(std::io::Error::other("the second reading failed")));
        };
        let empty = sink.hands == 0;
        Some(
            match write_end(sink.out, lang, &facts.end, empty, &mut sink.text) {
                Ok(()) => Ok(()),
                Err(Stop::Io(e)) => Err(e),
                Err(Stop::Refused(..)) => Err(std::io::Error::other("refused")),
            },
        )
    }
}

/// The start of the sheet `marque score` writes, up to its list of hands.
fn write_head_of<W: std::io::Write>(
    out: &mut W,
    game: GameKind,
    sides: &[String],
) -> Result<(), Stop> {
    let json = |v: &dyn erased::Ser| v.to_json();
    write!(
        out,
        "{{\n  \"game\": {},\n  \"sides\": {},\n  \"hands\": [",
        json(&game.id()),
        json(&sides)
    )?;
    Ok(())
}

/// Hand `i`'s row of the sheet `marque score` writes.
fn write_row<W: std::io::Write>(
    out: &mut W,
    lang: Lang,
    i: usize,
    row: &HandRow,
    text: &mut String,
) -> Result<(), Stop> {
    out.write_all(if i == 0 {
        b"\n    {\"delta\":"
    } else {
        b",\n    {\"delta\":"
    })?;
    for (k, d) in row.delta.iter().enumerate() {
        out.write_all(if k == 0 { b"[" } else { b"," })?;
        write_int(out, *d)?;
    }
    out.write_all(if row.delta.is_empty() { b"[]" } else { b"]" })?;
    out.write_all(b",\"lines\":")?;
    write_lines(out, &row.lines, lang, text)?;
    // The hand's facts go in the same object: their own object's fields, without its braces.
    // (The text buffer lends its memory for it: no allocation per hand.)
    let mut info = std::mem::take(text).into_bytes();
    info.clear();
    serde_json::to_writer(&mut info, &row.info).map_err(std::io::Error::from)?;
    if info.len() > 2 && info[0] == b'{' {
        out.write_all(b",")?;
        out.write_all(&info[1..info.len() - 1])?;
    }
    info.clear();
    // Only JSON text was written, and it is cleared: the buffer is an empty string again.
    *text = String::from_utf8(info).unwrap_or_default();
    out.write_all(b"}")?;
    Ok(())
}

/// The end of the sheet `marque score` writes: the hands' list closed, the totals, the winners,
/// the game's summary, the lines scored at the close.
fn write_end<W: std::io::Write>(
    out: &mut W,
    lang: Lang,
    end: &End,
    empty: bool,
    text: &mut String,
) -> Result<(), Stop> {
    let json = |v: &dyn erased::Ser| v.to_json();
    out.write_all(if empty { b"]" } else { b"\n  ]" })?;
    write!(
        out,
        ",\n  \"totals\": {},\n  \"finished\": {},\n  \"winners\": {}",
        json(&end.totals),
        end.finished,
        json(&end.winners)
    )?;
    end.live.write_summary(out)?;
    if !end.closing.is_empty() {
        write!(out, ",\n  \"closing\": ")?;
        write_lines(out, &end.closing, lang, text)?;
    }
    out.write_all(b"\n}\n")?;
    Ok(())
}

/// The sheet `marque score` writes, hand by hand as the one pass plays them.
struct ScoreSink<'w, W: std::io::Write> {
    out: &'w mut W,
    lang: Lang,
    text: String,
    /// The output's error, if writing failed (the pass then stops).
    failed: Option<std::io::Error>,
    hands: usize,
}

impl<W: std::io::Write> ScoreSink<'_, W> {
    fn keep(&mut self, r: Result<(), Stop>) -> std::io::Result<()> {
        match r {
            Ok(()) => Ok(()),
            Err(Stop::Io(e)) => {
                let again = std::io::Error::new(e.kind(), e.to_string());
                self.failed = Some(e);
                Err(again)
            }
            Err(Stop::Refused(..)) => Err(std::io::Error::other("refused")),
        }
    }
}

impl<W: std::io::Write> Sink for ScoreSink<'_, W> {
    fn head(&mut self, game: GameKind, players: &[String]) -> std::io::Result<()> {
        let r = write_head_of(self.out, game, &game.sides(players));
        self.keep(r)
    }
    fn hand(&mut self, index: usize, row: HandRow) -> std::io::Result<()> {
        self.hands += 1;
        let r = write_row(self.out, self.lang, index, &row, &mut self.text);
        self.keep(r)
    }
}

/// Why writing the sheet stopped.
enum Stop {
    /// Hand `.0` breaks a rule.
    Refused(usize, Vec<Msg>),
    Io(std::io::Error),
}

impl From<std::io::Error> for Stop {
    fn from(e: std::io::Error) -> Stop {
        Stop::Io(e)
    }
}

/// Serializing small values to JSON text without naming their types at each call.
mod erased {
    pub trait Ser {
        fn to_json(&self) -> String;
    }
    impl<T: serde::Serialize + ?Sized> Ser for T {
        fn to_json(&self) -> String {
            serde_json::to_string(self).unwrap_or_else(|_| "null".into())
        }
    }
}

/// Lines as `marque score` prints them: `[{"side":…,"points":…,"rule":…,"text":…}, …]`, each
/// text rendered into one reused buffer.
fn write_lines<W: std::io::Write>(
    out: &mut W,
    lines: &[Line],
    lang: Lang,
    text: &mut String,
) -> std::io::Result<()> {
    out.write_all(b"[")?;
    for (k, l) in lines.iter().enumerate() {
        if k > 0 {
            out.write_all(b",")?;
        }
        out.write_all(b"{\"side\":")?;
        write_int(out, l.side as i64)?;
        out.write_all(b",\"points\":")?;
        write_int(out, l.points)?;
        out.write_all(b",\"rule\":")?;
        write_str(out, l.rule)?;
        out.write_all(b",\"text\":")?;
        text.clear();
        l.text.render_into(lang, text);
        write_str(out, text)?;
        out.write_all(b"}")?;
    }
    out.write_all(b"]")
}

/// A whole number in decimal.
fn write_int<W: std::io::Write>(out: &mut W, n: i64) -> std::io::Result<()> {
    out.write_all(crate::i18n::decimal(n, &mut [0; 20]).as_bytes())
}

/// A JSON string: as it is when nothing in it needs escaping (most texts), else by serde_json.
fn write_str<W: std::io::Write>(out: &mut W, s: &str) -> std::io::Result<()> {
    if s.bytes().all(|b| b >= 0x20 && b != b'"' && b != b'\\') {
        out.write_all(b"\"")?;
        out.write_all(s.as_bytes())?;
        out.write_all(b"\"")
    } else {
        serde_json::to_writer(out, s).map_err(std::io::Error::from)
    }
}

/// A name with a control character (an escape sequence, a line break…): refused when a session
/// is made or imported, since such a name would reach terminals and lists as it is.
pub fn control_in_names(players: &[String]) -> Option<Problem> {
    let (n, _) = players
        .iter()
        .enumerate()
        .find(|(_, p)| p.chars().any(char::is_control))?;
    Some(Problem::file(msg!("file.player_control", n = n + 1)))
}

fn check_players(
    game: Option<GameKind>,
    list: &[Value],
    problems: &mut Vec<Problem>,
) -> Option<Vec<String>> {
    // The count first: past a table's size, nothing per player is worth checking.
    let mut count_problem = None;
    if let Some(g) = game {
        let (lo, hi) = g.players();
        if list.len() < lo || list.len() > hi {
            let allowed = if lo == hi {
                lo.to_string()
            } else {
                format!("{lo}–{hi}")
            };
            count_problem = Some(Problem::file(msg!(
                "file.players_count",
                game = Arg::Key(g.name_key()),
                found = list.len(),
                allowed = allowed
            )));
            if list.len() > 2 * hi {
                problems.extend(count_problem);
                return None;
            }
        }
    }
    let mut names: Vec<String> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut ok = true;
    for (i, p) in list.iter().enumerate() {
        match p.as_str() {
            Some(s) if !s.trim().is_empty() => {
                if !seen.insert(s) {
                    problems.push(Problem::file(msg!("file.player_twice", name = s)));
                    ok = false;
                }
                names.push(s.to_string());
            }
            Some(_) => {
                problems.push(Problem::file(msg!("file.player_empty", n = i + 1)));
                ok = false;
            }
            None => {
                problems.push(Problem::file(j::wrong_type("players", "json.a_string", p)));
                ok = false;
            }
        }
    }
    let count_ok = count_problem.is_none();
    problems.extend(count_problem);
    (ok && count_ok).then_some(names)
}

/// One scored hand.
#[derive(Debug, Clone, PartialEq)]
pub struct HandRow {
    pub delta: Vec<i64>,
    pub lines: Vec<Line>,
    pub info: HandInfo,
}

/// Plays hands one after another, keeping only the game in progress.
#[derive(Debug, Clone)]
pub struct Replay {
    live: Live,
    /// Each player's figures so far (by seat), when the replay counts them ([`Replay::counting`]).
    figures: Option<Vec<Tally>>,
}

/// Where a game stands once its hands are played (and the session closed, if it is).
#[derive(Debug, Clone)]
pub struct End {
    /// The game after the last hand, closed if the session is.
    pub live: Live,
    pub totals: Vec<i64>,
    pub finished: bool,
    pub natural_end: bool,
    pub winners: Vec<usize>,
    /// Lines scored when the session was closed (bridge's unfinished rubber), in no hand.
    pub closing: Vec<Line>,
    /// Each player's figures (by seat), if the replay counted them; empty otherwise.
    pub figures: Vec<Tally>,
}

impl Replay {
    pub fn new(options: &Options, players: &[String]) -> Replay {
        Replay {
            live: options.start(players),
            figures: None,
        }
    }

    /// A replay that also counts each player's figures for statistics.
    pub fn counting(mut self, players: usize) -> Replay {
        self.figures = Some(vec![Tally::new(self.live.kind()); players]);
        self
    }

    /// Plays one hand; a refused hand leaves the game as it was.
    pub fn play(&mut self, hand: &GameHand) -> Result<HandRow, Vec<Msg>> {
        let s = self.live.play(hand)?;
        if let Some(f) = &mut self.figures {
            hand.tally(&s.info, &s.delta, f);
        }
        Ok(HandRow {
            delta: s.delta,
            lines: s.lines,
            info: s.info,
        })
    }

    /// A replay that only keeps the score: the rows it plays may have no lines (summaries).
    pub fn quiet(mut self) -> Replay {
        self.live.quiet();
        self
    }

    /// Plays `hands[from..]` in order; the problems of the first hand refused, by its index.
    pub fn play_from(&mut self, hands: &[Hand], from: usize) -> Result<(), Vec<Problem>> {
        for (i, h) in hands.iter().enumerate().skip(from) {
            self.play(&h.game).map_err(|ms| {
                ms.into_iter()
                    .map(|m| Problem::hand(i, m))
                    .collect::<Vec<_>>()
            })?;
        }
        Ok(())
    }

    pub fn live(&self) -> &Live {
        &self.live
    }

    /// The standing, with the session closed or not.
    pub fn end(&self, closed: bool) -> End {
        let natural_end = self.live.finished();
        let figures = match &self.figures {
            Some(f) => {
                let mut f = f.clone();
                self.live.tally_end(&mut f);
                f
            }
            None => Vec::new(),
        };
        let mut live = self.live.clone();
        let closing = if closed { live.close() } else { Vec::new() };
        let totals = live.totals();
        let finished = natural_end || closed;
        let winners = if finished {
            leaders(&totals)
        } else {
            Vec::new()
        };
        End {
            live,
            totals,
            finished,
            natural_end,
            winners,
            closing,
            figures,
        }
    }
}

/// How many hands apart the sheet keeps a copy of the game, to replay from after an edit.
const CHECKPOINT_EVERY: usize = 32;

/// The score sheet of a session, kept up to date hand by hand: adding a hand plays that hand;
/// changing hand k replays from the copy of the game kept at or before k.
#[derive(Debug, Clone)]
pub struct Sheet {
    pub game: GameKind,
    pub sides: Vec<String>,
    pub hands: Vec<HandRow>,
    /// The game after the last hand (closed if the session is): what the table needs next.
    pub live: Live,
    pub totals: Vec<i64>,
    /// The game is over: naturally, or because the session was closed.
    pub finished: bool,
    /// The game reached its natural end (no more hands may be entered).
    pub natural_end: bool,
    pub winners: Vec<usize>,
    /// Lines scored when the session was closed (bridge's unfinished rubber), in no hand.
    pub closing: Vec<Line>,
    players: Vec<String>,
    closed: bool,
    replay: Replay,
    /// `checkpoints[c]`: the game before hand `c * CHECKPOINT_EVERY`.
    checkpoints: Vec<Replay>,
}

/// What a hand would add, computed before it is saved.
#[derive(Debug, Clone)]
pub struct Preview {
    pub row: HandRow,
    /// The standing after it (and after every later hand, for an edit).
    pub end: End,
}

impl Sheet {
    /// The sheet of `session` with no hand played.
    pub fn new(session: &Session) -> Sheet {
        let replay = Replay::new(&session.options, &session.players);
        let mut sheet = Sheet {
            game: session.game,
            sides: session.sides(),
            hands: Vec::new(),
            live: replay.live.clone(),
            totals: Vec::new(),
            finished: false,
            natural_end: false,
            winners: Vec::new(),
            closing: Vec::new(),
            players: session.players.clone(),
            closed: false,
            checkpoints: vec![replay.clone()],
            replay,
        };
        sheet.settle();
        sheet
    }

    fn settle(&mut self) {
        let end = self.replay.end(self.closed);
        self.live = end.live;
        self.totals = end.totals;
        self.finished = end.finished;
        self.natural_end = end.natural_end;
        self.winners = end.winners;
        self.closing = end.closing;
    }

    /// The copies of the game the sheet keeps (to replay from after an edit, and the game
    /// now), and how many items of the game's history they hold of their own, all together: see
    /// [`crate::games::Rules::held`].
    pub fn held(&self) -> (usize, usize) {
        let copies = self.checkpoints.iter().chain([&self.replay]);
        let items = copies.clone().map(|r| r.live.held()).sum::<usize>() + self.live.held();
        (self.checkpoints.len() + 2, items)
    }

    /// The game in progress after the last hand, never closed.
    pub fn open_game(&self) -> &Live {
        self.replay.live()
    }

    /// Each player's figures (by seat) for statistics; `hands` are the session's, as scored.
    pub fn figures(&self, hands: &[Hand]) -> Vec<Tally> {
        let mut f = vec![Tally::new(self.game); self.players.len()];
        for (h, row) in hands.iter().zip(&self.hands) {
            h.game.tally(&row.info, &row.delta, &mut f);
        }
        self.open_game().tally_end(&mut f);
        f
    }

    /// Marks the session closed or open again.
    pub fn set_closed(&mut self, closed: bool) {
        self.closed = closed;
        self.settle();
    }

    /// Plays one more hand. A refused hand changes nothing.
    pub fn push(&mut self, hand: &GameHand) -> Result<(), Vec<Msg>> {
        let row = self.replay.play(hand)?;
        self.hands.push(row);
        if self.hands.len().is_multiple_of(CHECKPOINT_EVERY) {
            self.checkpoints.push(self.replay.clone());
        }
        self.settle();
        Ok(())
    }

    /// Replays `hands[from..]` after the sheet's first `from` hands. On a refused hand, its index
    /// and the problems; the sheet then holds the hands before it.
    pub fn replay_from(&mut self, from: usize, hands: &[Hand]) -> Result<(), (usize, Vec<Msg>)> {
        let c = from.min(self.hands.len()) / CHECKPOINT_EVERY;
        self.checkpoints.truncate(c + 1);
        self.replay = self.checkpoints[c].clone();
        self.hands.truncate(c * CHECKPOINT_EVERY);
        let mut result = Ok(());
        for (i, h) in hands.iter().enumerate().skip(c * CHECKPOINT_EVERY) {
            match self.replay.play(&h.game) {
                Ok(row) => self.hands.push(row),
                Err(ms) => {
                    result = Err((i, ms));
                    break;
                }
            }
            if self.hands.len().is_multiple_of(CHECKPOINT_EVERY) {
                self.checkpoints.push(self.replay.clone());
            }
        }
        self.settle();
        result
    }

    /// The game before hand `index` (from the nearest copy at or before it).
    pub fn before(&self, index: usize, hands: &[Hand]) -> Replay {
        let index = index.min(self.hands.len());
        let c = index / CHECKPOINT_EVERY;
        let mut r = self.checkpoints[c.min(self.checkpoints.len() - 1)].clone();
        for h in &hands[(c * CHECKPOINT_EVERY).min(index)..index] {
            // These hands were played once already: they play again.
            let _ = r.play(&h.game);
        }
        r
    }

    /// What `hand` would add as hand `index` of `hands` (the next hand when `index` is
    /// `hands.len()`, else in place of that hand), with every later hand played after it.
    pub fn preview(
        &self,
        hands: &[Hand],
        index: usize,
        hand: &GameHand,
    ) -> Result<Preview, Vec<Problem>> {
        let mut r = if index >= self.hands.len() {
            self.replay.clone()
        } else {
            self.before(index, hands)
        };
        let row = r.play(hand).map_err(|ms| {
            ms.into_iter()
                .map(|m| Problem::hand(index, m))
                .collect::<Vec<_>>()
        })?;
        r.play_from(hands, index + 1)?;
        Ok(Preview {
            row,
            end: r.end(self.closed),
        })
    }

    /// Running totals after each hand (per side), in the unit of `totals`, except truc, whose
    /// running figures are the manche scores.
    pub fn running(&self) -> Vec<Vec<i64>> {
        let mut acc = vec![0; self.sides.len()];
        self.hands
            .iter()
            .map(|h| {
                for (a, d) in acc.iter_mut().zip(&h.delta) {
                    *a += d;
                }
                acc.clone()
            })
            .collect()
    }

    /// A short label of hand `i`.
    pub fn label(&self, hands: &[Hand], i: usize) -> Msg {
        match (hands.get(i), self.hands.get(i)) {
            (Some(h), Some(row)) => h.game.label(&row.info, i, &self.players),
            _ => Msg::new("session.mismatch"),
        }
    }

    /// Where the game stands before the next hand.
    pub fn state(&self) -> Msg {
        self.replay.live().state(&self.players, self.hands.len())
    }

    /// Every bridge rubber laid out as on paper (empty for other games).
    pub fn papers(&self) -> Vec<Paper> {
        crate::stream::Papers::all(self.hands.iter(), &self.live)
    }

    /// Rubber `k` laid out as on paper (bridge only).
    pub fn paper(&self, k: usize) -> Option<Paper> {
        self.papers().into_iter().nth(k)
    }

    /// The sheet as `marque score` prints it, as a value (tests; the command writes it
    /// directly with [`Session::write_score`]).
    pub fn to_json(&self, lang: Lang) -> Value {
        let lines = |ls: &[Line]| {
            Value::Array(
                ls.iter()
                    .map(|l| {
                        serde_json::json!({ "side": l.side, "points": l.points, "rule": l.rule,
                                            "text": l.text.render(lang) })
                    })
                    .collect(),
            )
        };
        let hands: Vec<Value> = self
            .hands
            .iter()
            .map(|h| {
                let mut m = Map::new();
                m.insert("delta".into(), serde_json::json!(h.delta));
                m.insert("lines".into(), lines(&h.lines));
                if let Ok(Value::Object(extra)) = serde_json::to_value(&h.info) {
                    m.extend(extra);
                }
                Value::Object(m)
            })
            .collect();
        let mut out = serde_json::json!({
            "game": self.game.id(),
            "sides": self.sides,
            "hands": hands,
            "totals": self.totals,
            "finished": self.finished,
            "winners": self.winners,
        });
        for (k, v) in self.live.summary() {
            out[k] = v;
        }
        if !self.closing.is_empty() {
            out["closing"] = lines(&self.closing);
        }
        out
    }
}

/// One bridge rubber as written on paper.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Paper {
    /// Per side (NS, EW), the entries above the line, oldest first (nearest the line).
    pub above: [Vec<i64>; 2],
    /// Below the line: per side the entries of each segment, and whether a game line closes it.
    pub below: Vec<([Vec<i64>; 2], bool)>,
    pub totals: [i64; 2],
    pub games: [i64; 2],
    /// A side won two games: the rubber is over.
    pub finished: bool,
}

impl Paper {
    /// The rubber's result line once it is over ("NS gagnent le robre 1 de 1340 points"), as
    /// on the paper sheet; `k` is its index.
    pub fn result(&self, k: usize) -> Option<Msg> {
        if !self.finished {
            return None;
        }
        let [ns, ew] = self.totals;
        Some(if ns == ew {
            msg!("bridge.rubber.tied", n = k + 1)
        } else {
            let side = if ns > ew { "side.NS" } else { "side.EW" };
            msg!(
                "bridge.rubber.result",
                side = crate::i18n::Arg::Key(side),
                n = k + 1,
                margin = (ns - ew).abs()
            )
        })
    }
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

/// What a summary of a session needs: its header, its hand count and where its game stands
/// after the last hand (closed if the session is).
#[derive(Debug, Clone)]
pub struct Facts {
    pub game: GameKind,
    pub id: Option<String>,
    pub created: Option<String>,
    /// The title the players gave the session (a field scoring ignores).
    pub title: Option<String>,
    pub players: Vec<String>,
    pub closed: bool,
    pub hands: usize,
    pub end: End,
}

impl Session {
    /// A text field the app keeps beside the hands (`title`, `note`), if it is a string.
    pub fn text_field(&self, name: &str) -> Option<String> {
        let raw = self.extra.get(name)?;
        serde_json::from_str::<String>(raw.get()).ok()
    }

    /// Sets such a field; an empty text removes it.
    pub fn set_text_field(&mut self, name: &str, text: &str) {
        let text = text.trim();
        if text.is_empty() {
            self.extra.remove(name);
        } else if let Some(r) = RawJson::of(&text) {
            self.extra.insert(name.to_string(), r);
        }
    }

    /// The facts of a session's text, every hand played, or its problems as
    /// [`Session::parse_to_score`] and playing the hands say them.
    ///
    /// A file as Marque writes it (the header before the hands, every hand well formed and
    /// legal) is read in one pass that plays each hand as it is read and keeps none; anything
    /// else is read with care.
    pub fn facts(text: &str) -> Result<Facts, Vec<Problem>> {
        if let Some(f) = fast_facts(text.strip_prefix('\u{feff}').unwrap_or(text)) {
            return Ok(f);
        }
        // The careful reading takes the text as it is (it drops one byte-order mark itself).
        let s = Session::parse_to_score(text)?;
        let mut replay = Replay::new(&s.options, &s.players)
            .quiet()
            .counting(s.players.len());
        replay.play_from(&s.hands, 0)?;
        Ok(Facts {
            end: replay.end(s.closed),
            hands: s.hands.len(),
            game: s.game,
            title: s.text_field("title"),
            id: s.id,
            created: s.created,
            players: s.players,
            closed: s.closed,
        })
    }
}

/// [`Session::facts`] in one pass, or `None` where the careful reading must say what is wrong
/// (or where the file is laid out otherwise: the game, players or options after the hands, a
/// field given twice).
fn fast_facts(text: &str) -> Option<Facts> {
    use de::DeserializeSeed;
    let mut d = serde_json::Deserializer::from_str(text);
    let facts = FactsSeed { sink: None }.deserialize(&mut d).ok()?;
    d.end().ok()?;
    Some(facts)
}

/// What receives each hand as the one pass plays it (the sheet `marque score` writes).
trait Sink {
    /// Before the first hand: the game and the players.
    fn head(&mut self, game: GameKind, players: &[String]) -> std::io::Result<()>;
    fn hand(&mut self, index: usize, row: HandRow) -> std::io::Result<()>;
}

/// Reads a session's facts in one pass; with a sink, the hands are played with their lines and
/// each is handed to it.
struct FactsSeed<'s> {
    sink: Option<&'s mut dyn Sink>,
}

impl<'de> de::DeserializeSeed<'de> for FactsSeed<'_> {
    type Value = Facts;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Facts, D::Error> {
        struct V<'s>(Option<&'s mut dyn Sink>);
        impl<'de> Visitor<'de> for V<'_> {
            type Value = Facts;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a session")
            }
            fn visit_map<A: MapAccess<'de>>(mut self, mut m: A) -> Result<Facts, A::Error> {
                let careful = || de::Error::custom("a session to read with care");
                let mut seen = [false; KNOWN.len()];
                let mut game = None;
                let (mut id, mut created, mut closed) = (None, None, None);
                let mut title = None;
                let mut players: Option<Vec<String>> = None;
                let mut options: Option<&'de RawValue> = None;
                let mut played: Option<(usize, Replay)> = None;
                while let Some(k) = m.next_key::<&'de str>()? {
                    // A known field given twice: the careful reading says which counts.
                    if let Some(i) = KNOWN.iter().position(|known| *known == k)
                        && std::mem::replace(&mut seen[i], true)
                    {
                        return Err(careful());
                    }
                    match k {
                        // (The guards read the value; a format or version that fits falls
                        // through to the empty arm below.)
                        "format" if m.next_value::<&str>()? != FORMAT => return Err(careful()),
                        "version" if m.next_value::<u64>()? != VERSION => return Err(careful()),
                        "format" | "version" => {}
                        "game" => {
                            game = Some(GameKind::from_id(m.next_value()?).ok_or_else(careful)?);
                        }
                        "id" => id = m.next_value::<Option<String>>()?,
                        "created" => created = m.next_value::<Option<String>>()?,
                        "title" => title = m.next_value::<Option<String>>()?,
                        "closed" => closed = m.next_value::<Option<bool>>()?,
                        "players" => players = Some(m.next_value()?),
                        "options" => options = Some(m.next_value()?),
                        "hands" => {
                            let (Some(game), Some(players)) = (game, &players) else {
                                return Err(careful());
                            };
                            if !fine_players(game, players) {
                                return Err(careful());
                            }
                            let options = match options {
                                Some(r) => Some(
                                    serde_json::from_str::<Value>(r.get())
                                        .map_err(|_| careful())?,
                                ),
                                None => None,
                            };
                            let options = game
                                .read_options(options.as_ref(), players.len())
                                .map_err(|_| careful())?;
                            let mut replay = Replay::new(&options, players);
                            if let Some(sink) = self.0.as_deref_mut() {
                                sink.head(game, players).map_err(|_| careful())?;
                            } else {
                                replay = replay.quiet().counting(players.len());
                            }
                            let n = m.next_value_seed(PlaySeed {
                                options: &options,
                                players: players.len(),
                                replay: &mut replay,
                                sink: self.0.as_deref_mut(),
                            })?;
                            played = Some((n, replay));
                        }
                        _ => {
                            m.next_value::<IgnoredAny>()?;
                        }
                    }
                    // Options after the hands would have changed how they read.
                    if played.is_some() && k == "options" {
                        return Err(careful());
                    }
                }
                let (Some((hands, replay)), Some(game), Some(players), true, true) =
                    (played, game, players, seen[0], seen[1])
                else {
                    return Err(careful());
                };
                let closed = closed.unwrap_or(false);
                Ok(Facts {
                    end: replay.end(closed),
                    game,
                    id,
                    created,
                    title,
                    players,
                    closed,
                    hands,
                })
            }
        }
        d.deserialize_map(V(self.sink))
    }
}

/// The players a careful reading accepts without a word: as many as the game takes, each
/// named, no name twice.
fn fine_players(game: GameKind, players: &[String]) -> bool {
    let (lo, hi) = game.players();
    let mut seen = std::collections::HashSet::new();
    (lo..=hi).contains(&players.len())
        && players
            .iter()
            .all(|p| !p.trim().is_empty() && seen.insert(p.as_str()))
}

/// Plays each hand of a list as it is read; the number of hands, or an error at the first hand
/// that is not well formed or breaks a rule (the careful reading then says which).
struct PlaySeed<'o, 'k> {
    options: &'o GameOptions,
    players: usize,
    replay: &'o mut Replay,
    sink: Option<&'o mut (dyn Sink + 'k)>,
}

impl<'de> de::DeserializeSeed<'de> for PlaySeed<'_, '_> {
    type Value = usize;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<usize, D::Error> {
        struct V<'o, 'k>(PlaySeed<'o, 'k>);
        impl<'de> Visitor<'de> for V<'_, '_> {
            type Value = usize;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a list of hands")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut s: A) -> Result<usize, A::Error> {
                let PlaySeed {
                    options,
                    players,
                    replay,
                    mut sink,
                } = self.0;
                let mut n = 0;
                while let Some(h) = s.next_element_seed(OneHand(options, players))? {
                    let row = replay
                        .play(&h)
                        .map_err(|_| de::Error::custom("a hand that breaks a rule"))?;
                    if let Some(sink) = sink.as_deref_mut() {
                        sink.hand(n, row)
                            .map_err(|_| de::Error::custom("the output failed"))?;
                    }
                    n += 1;
                }
                Ok(n)
            }
        }
        d.deserialize_seq(V(self))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEAD: &str =
        r#""format":"marque-session","version":1,"game":"bridge","players":["N","E","S","W"]"#;
    const HANDS: &str =
        r#""hands":[{"contract":"4S","declarer":"N","tricks":10},{"contract":"pass"}]"#;

    #[test]
    fn the_places_an_append_changes_are_found_in_the_one_pass() {
        let deal = r#"{"contract":"4S","declarer":"N","tricks":10}"#;
        let marque = format!(
            "{{\n  {HEAD},\n  \"closed\": false,\n  \"hands\": [\n    {deal},\n    {deal}\n  ],\n  \
             \"log\": [\n    {{\"at\": \"21:40\"}}\n  ],\n  \"venue\": \"club\"\n}}\n"
        );
        let indented = format!(
            "{{\n  {HEAD},\n  \"options\": {{}},\n  \"hands\": [\n    {{\n      \"contract\": \"pass\"\n    }}\n  ]\n}}\n"
        );
        let empty = format!("{{{HEAD}, \"hands\": [ ] }}");
        let bom = format!("{}{{{HEAD},\"closed\":true,{HANDS}}}", '\u{feff}');
        for text in [marque, indented, empty, bom] {
            let (_, found) = Session::parse_to_append(&text).unwrap();
            assert_eq!(found, Splice::scan(&text), "{text}");
            assert!(found.is_some(), "{text}");
        }
        // Where the one pass cannot tell, the save reads the text again.
        for text in [
            format!(r#"{{{HANDS},{HEAD}}}"#),
            format!(r#"{{{HEAD},{HANDS},"lo\u0067":[]}}"#),
            format!(r#"{{{HEAD},{HANDS},"log":{{}}}}"#),
        ] {
            assert_eq!(Session::parse_to_append(&text).unwrap().1, None, "{text}");
        }
    }

    #[test]
    fn facts_refuse_what_the_careful_reading_refuses_byte_order_marks_included() {
        let one = format!("\u{feff}{{{HEAD},{HANDS}}}");
        assert!(Session::facts(&one).is_ok());
        let two = format!("\u{feff}{one}");
        assert_eq!(
            Session::facts(&two).err(),
            Session::parse_to_score(&two).err(),
            "two marks: not JSON, as for marque score"
        );
        assert!(Session::facts(&two).is_err());
    }

    #[test]
    fn a_file_as_marque_writes_it_is_summarized_in_one_pass() {
        let text =
            format!(r#"{{{HEAD},"options":{{"table":"laws"}},"closed":false,{HANDS},"log":[1]}}"#);
        let f = fast_facts(&text).expect("one pass");
        assert_eq!((f.hands, &f.end.totals), (2, &vec![120, 0]));
        // What the one pass leaves to the careful reading, which says what is wrong or reads
        // the fields in any order.
        for text in [
            format!(r#"{{{HANDS},{HEAD}}}"#),
            format!(r#"{{{HEAD},{HANDS},"options":{{}}}}"#),
            format!(r#"{{{HEAD},"game":"bridge",{HANDS}}}"#),
            format!(r#"{{{HEAD},"hands":[{{"contract":"4S","declarer":"N","tricks":14}}]}}"#),
            format!(r#"{{{HEAD},"version":2,{HANDS}}}"#).replace(r#""version":1,"#, ""),
            format!(r#"{{{HEAD},{HANDS}}}"#).replace(r#""S","W""#, r#""S","N""#),
        ] {
            assert!(fast_facts(&text).is_none(), "{text}");
        }
    }
}
