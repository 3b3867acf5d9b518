//! Languages and translatable messages.
//!
//! Every text a person reads goes through a [`Msg`]: a key of the locale files and its arguments.
//! Scoring code builds messages without choosing a language; screens and the command line render
//! them. The texts are JSON files embedded in the binary (`locales/*.json` of this crate for the
//! scoring and the rules; the app adds its own with [`add_texts`]), each key with `fr` and `en`.

use std::collections::HashMap;
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::{LazyLock, OnceLock};

use serde::{Deserialize, Serialize};

/// The languages Marque speaks. French first: the games are French.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    #[default]
    Fr,
    En,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::Fr, Lang::En];

    pub fn code(self) -> &'static str {
        match self {
            Lang::Fr => "fr",
            Lang::En => "en",
        }
    }

    pub fn from_code(code: &str) -> Option<Lang> {
        match code {
            "fr" => Some(Lang::Fr),
            "en" => Some(Lang::En),
            _ => None,
        }
    }
}

/// The locale files of the core: scoring, errors, and the rules reference.
pub const CORE_TEXTS: [&str; 2] = [
    include_str!("../locales/core.json"),
    include_str!("../locales/rules.json"),
];

#[derive(Deserialize)]
struct Entry {
    fr: Option<String>,
    en: Option<String>,
}

/// Per key, the text in French and in English.
type Table = HashMap<String, [Option<String>; 2], BuildHasherDefault<Fnv>>;

/// FNV-1a: keys are short and trusted (our own files), and every rendered line looks one up.
#[derive(Default)]
struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        let mut h = if self.0 == 0 {
            0xcbf2_9ce4_8422_2325
        } else {
            self.0
        };
        for &b in bytes {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        self.0 = h;
    }
}

fn read_table(sources: &[&str]) -> Table {
    let mut table = Table::default();
    for source in sources {
        // The files are part of the build and checked by the locale tests; an entry that is not
        // a {fr, en} object (such as "_version") is skipped.
        let Ok(map) = serde_json::from_str::<HashMap<String, serde_json::Value>>(source) else {
            continue;
        };
        for (key, v) in map {
            if let Ok(e) = Entry::deserialize(v) {
                table.insert(key, [e.fr, e.en]);
            }
        }
    }
    table
}

static CORE: LazyLock<Table> = LazyLock::new(|| read_table(&CORE_TEXTS));
static EXTRA_SOURCE: OnceLock<&'static str> = OnceLock::new();
static EXTRA: LazyLock<Table> =
    LazyLock::new(|| read_table(EXTRA_SOURCE.get().map(std::slice::from_ref).unwrap_or(&[])));

/// Adds the app's locale file (its screens): `{"key": {"fr": "…", "en": "…"}, …}`. The first
/// call counts; the texts never change while the program runs. The files are read when a text
/// is first asked for (a command that prints none reads none).
pub fn add_texts(source: &'static str) {
    let _ = EXTRA_SOURCE.set(source);
}

fn lookup<R>(lang: Lang, key: &str, f: impl FnOnce(Option<&str>) -> R) -> R {
    let i = match lang {
        Lang::Fr => 0,
        Lang::En => 1,
    };
    let entry = CORE.get(key).or_else(|| EXTRA.get(key));
    f(entry.and_then(|e| e[i].as_deref()))
}

/// The text of one key in one language, without arguments. A missing key shows as the key itself,
/// which the locale tests forbid.
pub fn tr(lang: Lang, key: &str) -> String {
    lookup(lang, key, |t| t.unwrap_or(key).to_string())
}

/// Whether `key` has a text in `lang`.
pub fn has_key(lang: Lang, key: &str) -> bool {
    lookup(lang, key, |t| t.is_some())
}

/// A message to show: a key and named arguments (`%{name}` in the text).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Msg {
    pub key: &'static str,
    pub args: Vec<(&'static str, Arg)>,
}

/// An argument of a message. `Key` arguments are themselves translated (a strain, a rank name…).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Arg {
    Text(String),
    /// A text shared by many messages (a player's name).
    Shared(std::sync::Arc<str>),
    /// A whole number (no text made until the message is rendered).
    Int(i64),
    Key(&'static str),
    Msg(Box<Msg>),
}

impl From<String> for Arg {
    fn from(s: String) -> Self {
        Arg::Text(s)
    }
}
impl From<&str> for Arg {
    fn from(s: &str) -> Self {
        Arg::Text(s.to_string())
    }
}
impl From<&std::sync::Arc<str>> for Arg {
    fn from(s: &std::sync::Arc<str>) -> Self {
        Arg::Shared(s.clone())
    }
}
impl From<&String> for Arg {
    fn from(s: &String) -> Self {
        Arg::Text(s.clone())
    }
}
macro_rules! arg_from_int {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(v: $t) -> Self {
                match i64::try_from(v) {
                    Ok(n) => Arg::Int(n),
                    Err(_) => Arg::Text(v.to_string()),
                }
            }
        }
    )*};
}
arg_from_int!(i64, u64, i32, u32, usize, u8);
impl From<Msg> for Arg {
    fn from(m: Msg) -> Self {
        Arg::Msg(Box::new(m))
    }
}

impl Msg {
    pub fn new(key: &'static str) -> Msg {
        Msg {
            key,
            args: Vec::new(),
        }
    }

    /// A message with room for `args` arguments (one allocation, made once).
    pub fn with_room(key: &'static str, args: usize) -> Msg {
        Msg {
            key,
            args: Vec::with_capacity(args),
        }
    }

    pub fn with(mut self, name: &'static str, value: impl Into<Arg>) -> Msg {
        self.args.push((name, value.into()));
        self
    }

    /// The message in `lang`, arguments filled in.
    pub fn render(&self, lang: Lang) -> String {
        let mut out = String::new();
        self.render_into(lang, &mut out);
        out
    }

    /// Appends the message in `lang` to `out` (no string per argument: the sheet of a long
    /// session renders tens of thousands of lines).
    pub fn render_into(&self, lang: Lang, out: &mut String) {
        lookup(lang, self.key, |text| {
            let mut rest = text.unwrap_or(self.key);
            while let Some(start) = find_placeholder(rest) {
                let Some(len) = rest[start + 2..].find('}') else {
                    break;
                };
                let name = &rest[start + 2..start + 2 + len];
                match self.args.iter().find(|(n, _)| *n == name) {
                    Some((_, value)) => {
                        out.push_str(&rest[..start]);
                        match value {
                            Arg::Text(s) => out.push_str(s),
                            Arg::Shared(s) => out.push_str(s),
                            Arg::Int(n) => push_int(out, *n),
                            Arg::Key(k) => lookup(lang, k, |t| out.push_str(t.unwrap_or(k))),
                            Arg::Msg(m) => m.render_into(lang, out),
                        }
                    }
                    None => out.push_str(&rest[..start + 3 + len]),
                }
                rest = &rest[start + 3 + len..];
            }
            out.push_str(rest);
        });
    }
}

/// A whole number in decimal, written into `buf` without the formatting machinery (a sheet
/// writes tens of thousands of them): its digits, after a minus sign if it is negative.
pub(crate) fn decimal(n: i64, buf: &mut [u8; 20]) -> &str {
    let mut i = buf.len();
    let mut m = n.unsigned_abs();
    loop {
        i -= 1;
        buf[i] = b'0' + (m % 10) as u8;
        m /= 10;
        if m == 0 {
            break;
        }
    }
    if n < 0 {
        i -= 1;
        buf[i] = b'-';
    }
    // Only ASCII digits and a sign were written.
    std::str::from_utf8(&buf[i..]).unwrap_or_default()
}

/// Appends a whole number in decimal.
fn push_int(out: &mut String, n: i64) {
    out.push_str(decimal(n, &mut [0; 20]));
}

/// Where the next `%{` starts.
fn find_placeholder(text: &str) -> Option<usize> {
    let b = text.as_bytes();
    let mut from = 0;
    while let Some(i) = b[from..].iter().position(|&c| c == b'%') {
        let at = from + i;
        if b.get(at + 1) == Some(&b'{') {
            return Some(at);
        }
        from = at + 1;
    }
    None
}

/// `msg!("key", name = value, …)`: a [`Msg`] with its arguments.
#[macro_export]
macro_rules! msg {
    ($key:expr $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::i18n::Msg::with_room($key, [$(stringify!($name)),*].len())
            $(.with(stringify!($name), $value))*
    };
}

/// A list of items, "a, b, c" (the separator is the same in both languages).
pub fn join<T: fmt::Display>(items: impl IntoIterator<Item = T>) -> String {
    items
        .into_iter()
        .map(|i| i.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}
