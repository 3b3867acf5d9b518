//! Languages and translatable messages.
//!
//! Every text a person reads goes through a [`Msg`]: a key of `locales/app.yml` and its arguments.
//! Scoring code builds messages without choosing a language; screens and the command line render them.

use std::fmt;

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

/// The text of one key in one language, without arguments. A missing key shows as the key itself,
/// which the locale tests forbid.
pub fn tr(lang: Lang, key: &str) -> String {
    crate::_rust_i18n_try_translate(lang.code(), key)
        .map(|s| s.into_owned())
        .unwrap_or_else(|| key.to_string())
}

/// Whether `key` has a text in `lang`.
pub fn has_key(lang: Lang, key: &str) -> bool {
    crate::_rust_i18n_try_translate(lang.code(), key).is_some()
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
impl From<&String> for Arg {
    fn from(s: &String) -> Self {
        Arg::Text(s.clone())
    }
}
macro_rules! arg_from_display {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(v: $t) -> Self { Arg::Text(v.to_string()) }
        }
    )*};
}
arg_from_display!(i64, u64, i32, u32, usize, u8);
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

    pub fn with(mut self, name: &'static str, value: impl Into<Arg>) -> Msg {
        self.args.push((name, value.into()));
        self
    }

    /// The message in `lang`, arguments filled in.
    pub fn render(&self, lang: Lang) -> String {
        let mut text = tr(lang, self.key);
        for (name, value) in &self.args {
            let value = match value {
                Arg::Text(s) => s.clone(),
                Arg::Key(k) => tr(lang, k),
                Arg::Msg(m) => m.render(lang),
            };
            text = text.replace(&format!("%{{{name}}}"), &value);
        }
        text
    }
}

/// `msg!("key", name = value, …)`: a [`Msg`] with its arguments.
#[macro_export]
macro_rules! msg {
    ($key:expr $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::i18n::Msg::new($key)$(.with(stringify!($name), $value))*
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
