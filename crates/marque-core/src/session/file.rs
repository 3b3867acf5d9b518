//! A session as its file holds it: players, options, hands (each typed, and kept beside the
//! text it was written in), the log; and its problems, in words.

use std::collections::BTreeMap;

use serde::Serialize;
use serde_json::value::RawValue;
use serde_json::{Map, Value};

use crate::games::json::{self as j};
use crate::games::{GameHand, GameKind, GameOptions};
use crate::i18n::msg;
use crate::i18n::{Arg, Lang, Msg};

pub const FORMAT: &str = "marque-session";
/// The newest file version this build reads and writes.
pub const VERSION: u64 = 1;

/// A problem that stops a file from being scored: `file: …` or `hand N: …` (N from 1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub hand: Option<usize>,
    pub msg: Msg,
    /// What callers act on (the message is for people only).
    pub kind: ProblemKind,
}

/// What kind of problem stops a file: what code matches on, never the message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProblemKind {
    /// The file, or a hand in it, breaks the format or a rule.
    Invalid,
    /// A newer Marque wrote the file, at this version: this build does not read it.
    Newer(u64),
}

impl Problem {
    /// Several problems as one message, a line each (none: "unknown").
    pub fn lines(problems: &[Problem]) -> Msg {
        problems
            .iter()
            .map(|p| p.msg.clone())
            .reduce(|all, m| crate::i18n::msg!("lines.two", first = all, second = m))
            .unwrap_or_else(|| Msg::new("log.unknown"))
    }

    pub fn file(msg: Msg) -> Problem {
        Problem {
            hand: None,
            msg,
            kind: ProblemKind::Invalid,
        }
    }
    pub fn hand(index: usize, msg: Msg) -> Problem {
        Problem {
            hand: Some(index + 1),
            msg,
            kind: ProblemKind::Invalid,
        }
    }
    /// The file was written by a newer Marque, at `version`.
    pub fn newer(version: u64) -> Problem {
        Problem {
            hand: None,
            msg: msg!("file.newer", version = version, known = VERSION),
            kind: ProblemKind::Newer(version),
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
    pub(super) raw: Option<Box<RawValue>>,
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
        let known = old.game.fields();
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

#[expect(
    clippy::expect_used,
    reason = "\"null\" is JSON: the fallback of a fallback cannot fail"
)]
pub(super) fn raw(v: &Value) -> Box<RawValue> {
    // A Value always serializes; the fallback keeps the type total.
    serde_json::value::to_raw_value(v)
        .unwrap_or_else(|_| RawValue::from_string("null".into()).expect("null is JSON"))
}

/// JSON text without the white space between tokens (strings kept as they are).
pub(super) fn compact(text: &str) -> String {
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
pub(super) fn one_line(text: &str) -> std::borrow::Cow<'_, str> {
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
    pub options: SessionOptions,
    pub closed: bool,
    pub hands: Vec<Hand>,
    /// The edit log, entries as written (see [`crate::history`]).
    pub log: Vec<RawJson>,
    /// Fields this version does not interpret, kept as they were written.
    pub extra: BTreeMap<String, RawJson>,
}

/// A session's options: as its file writes them (keys left out take their defaults), and as the
/// game reads them. One source: the typed options are always the game's one reading of the
/// written ones, made together here and never set apart.
#[derive(Debug, Clone, PartialEq)]
pub struct SessionOptions {
    written: Map<String, Value>,
    typed: Options,
}

impl Session {
    /// The key of the name this session goes by: its game's, or what its options make of it
    /// (bridge played as Chicago).
    pub fn title_key(&self) -> &'static str {
        self.options
            .typed()
            .title_key()
            .unwrap_or(self.game.name_key())
    }
}

impl SessionOptions {
    /// The options `written` (a session file's `options`, if any) for `players` players of
    /// `game`, or why they are refused.
    pub fn read(
        game: GameKind,
        written: Option<&Value>,
        players: usize,
    ) -> Result<SessionOptions, Vec<Msg>> {
        let typed = game.read_options(written, players)?;
        let written = match written {
            Some(Value::Object(m)) => m.clone(),
            _ => Map::new(),
        };
        Ok(SessionOptions { written, typed })
    }

    /// The game's typed options.
    pub fn typed(&self) -> &Options {
        &self.typed
    }

    /// The options as the file writes them.
    pub fn written(&self) -> &Map<String, Value> {
        &self.written
    }

    /// Every option in force, defaults included.
    pub fn to_json(&self) -> Value {
        self.typed.to_json()
    }

    /// These options with `changes` (names and values, as in a session file) over them, or
    /// why they are refused.
    pub fn with(
        &self,
        changes: &Map<String, Value>,
        players: usize,
    ) -> Result<SessionOptions, Vec<Msg>> {
        let mut written = self.written.clone();
        for (k, v) in changes {
            written.insert(k.clone(), v.clone());
        }
        SessionOptions::read(self.typed.kind(), Some(&Value::Object(written)), players)
    }
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

/// The places of `hands` in order, as the table counts them (see [`crate::games::Place`]).
pub fn places<'a>(
    hands: &'a [Hand],
    options: &'a Options,
) -> impl Iterator<Item = crate::games::Place> + 'a {
    let mut n = 0;
    hands
        .iter()
        .map(move |h| crate::games::Place::step(&mut n, &h.game, options))
}

/// The place of entry `index` of `hands` as the table counts it; past the last entry, the
/// next hand's.
pub fn place_at(hands: &[Hand], index: usize, options: &Options) -> crate::games::Place {
    let mut n = 0;
    for h in &hands[..index.min(hands.len())] {
        crate::games::Place::step(&mut n, &h.game, options);
    }
    match hands.get(index) {
        Some(h) => crate::games::Place::step(&mut n, &h.game, options),
        None => crate::games::Place::Hand(n + 1),
    }
}

/// How many hands (table events left out) come before entry `index` of `hands`: the index a
/// game's label takes where it names a hand by its number ("Manche 3").
pub fn hand_index(hands: &[Hand], index: usize) -> usize {
    hands[..index.min(hands.len())]
        .iter()
        .filter(|h| h.game.event().is_none())
        .count()
}

/// How many players a hand lists after `hands`, at a table that started with `players` (table
/// events change it).
pub fn playing_after(players: &[String], hands: &[Hand]) -> usize {
    hands
        .iter()
        .fold(players.len(), |n, h| playing_next(n, &h.game))
}

/// How many players the hand after `hand` lists, where `n` played it (a table event changes
/// it; a hand does not).
pub(crate) fn playing_next(n: usize, hand: &crate::games::GameHand) -> usize {
    hand.event()
        .map_or(n, |e| crate::games::table::Seats::count_after(n, e))
}

/// A row's per-side facts (2500's `laid` and `hand`, démocratie's `points`) padded with `null`
/// to `sides` entries: a seat that joined after the row plays no part in it.
pub(crate) fn pad_facts(facts: &mut Value, sides: usize) {
    for key in ["laid", "hand", "points"] {
        if let Some(Value::Array(a)) = facts.get_mut(key)
            && a.len() < sides
        {
            a.resize(sides, Value::Null);
        }
    }
}

/// The first name holding a control character, as a problem: refused when a session is made or
/// imported, since such a name would reach terminals and lists as it is.
pub fn control_in_names(players: &[String]) -> Option<Problem> {
    let (n, _) = players
        .iter()
        .enumerate()
        .find(|(_, p)| p.chars().any(char::is_control))?;
    Some(Problem::file(msg!("file.player_control", n = n + 1)))
}

pub(super) fn check_players(
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
}
