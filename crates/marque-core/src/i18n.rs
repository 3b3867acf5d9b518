//! Languages and translatable messages.
//!
//! Every text a person reads goes through a [`Msg`]: a key of the locale files and its arguments.
//! Scoring code builds messages without choosing a language; screens and the command line render
//! them. The texts are JSON files embedded in the binary (`locales/*.json` of this crate for the
//! scoring and the rules; the app adds its own with [`add_texts`]), each key with `fr` and `en`.

use std::borrow::Cow;
use std::collections::HashMap;
use std::fmt;
use std::hash::BuildHasherDefault;
use std::sync::{LazyLock, OnceLock};

use serde::de;
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

/// One text in one language: a Fluent pattern. Most are plain text with `{ $name }` arguments,
/// rendered here without allocating. A text with a selector (`{ $n -> [one] … *[other] … }`,
/// for plurals) is parsed once by Fluent's own parser into [`Piece`]s, and a number chooses its
/// variant by the language's CLDR plural rules, as fluent-bundle does (a test compares the two
/// on every such text); this keeps a sheet of tens of thousands of lines fast.
struct Text {
    /// Borrowed from the locale file where it holds no escape.
    text: Cow<'static, str>,
    /// The text's pieces where it has arguments, parsed when it is first rendered (most texts
    /// never are in one run), then kept; boxed: the table holds every text.
    pieces: OnceLock<Option<Box<Compiled>>>,
}

/// A text's pieces, or why Fluent's parser refused it (said by the locale tests).
type Compiled = Result<Vec<Piece>, String>;

impl Text {
    fn new(text: Cow<'static, str>) -> Text {
        Text {
            text,
            pieces: OnceLock::new(),
        }
    }

    /// Whether it has a selector (parsed by Fluent's parser).
    fn rich(&self) -> bool {
        self.text.contains("->")
    }

    fn pieces(&self) -> Option<&Compiled> {
        self.pieces
            .get_or_init(|| {
                if self.rich() {
                    Some(Box::new(compile(&self.text)))
                } else {
                    self.text
                        .contains('{')
                        .then(|| Box::new(Ok(plain_pieces(&self.text))))
                }
            })
            .as_deref()
    }
}

/// A plain pattern's pieces: its text, and each `{ $name }` (kept as written, for an argument
/// not given).
fn plain_pieces(text: &str) -> Vec<Piece> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some((start, end, name)) = find_placeholder(rest) {
        if start > 0 {
            out.push(Piece::Text(rest[..start].to_string()));
        }
        out.push(Piece::Arg {
            name: name.to_string(),
            written: rest[start..end].to_string(),
        });
        rest = &rest[end..];
    }
    if !rest.is_empty() {
        out.push(Piece::Text(rest.to_string()));
    }
    out
}

/// A part of a rich text.
enum Piece {
    Text(String),
    Var(String),
    /// A plain pattern's `{ $name }`, and how it is written.
    Arg {
        name: String,
        written: String,
    },
    Select {
        var: String,
        variants: Vec<(Choice, Vec<Piece>)>,
        default: usize,
    },
}

/// What a variant is chosen by: a plural category, an exact number, or a word.
#[derive(PartialEq)]
enum Choice {
    Plural(PluralCategory),
    Number(i64),
    Word(String),
}

/// Parses a Fluent pattern with Fluent's parser. Text, variables and selectors on a variable
/// are what Marque's texts use; anything else is refused (the locale tests list it).
fn compile(text: &str) -> Result<Vec<Piece>, String> {
    use fluent_syntax::ast;
    // A pattern on several lines continues on indented lines.
    let source = format!("k = {}\n", text.replace('\n', "\n    "));
    let resource =
        fluent_syntax::parser::parse(source.as_str()).map_err(|(_, e)| format!("{e:?}"))?;
    let Some(ast::Entry::Message(ast::Message {
        value: Some(pattern),
        ..
    })) = resource.body.into_iter().next()
    else {
        return Err("not one message".to_string());
    };
    fn variable(e: &ast::InlineExpression<&str>) -> Result<String, String> {
        match e {
            ast::InlineExpression::VariableReference { id } => Ok(id.name.to_string()),
            other => Err(format!("unsupported expression {other:?}")),
        }
    }
    fn pieces(pattern: &ast::Pattern<&str>) -> Result<Vec<Piece>, String> {
        let mut out = Vec::new();
        for element in &pattern.elements {
            out.push(match element {
                ast::PatternElement::TextElement { value } => Piece::Text(value.to_string()),
                ast::PatternElement::Placeable {
                    expression: ast::Expression::Inline(e),
                } => Piece::Var(variable(e)?),
                ast::PatternElement::Placeable {
                    expression: ast::Expression::Select { selector, variants },
                } => {
                    let mut choices = Vec::new();
                    let mut default = 0;
                    for (i, v) in variants.iter().enumerate() {
                        let choice = match &v.key {
                            ast::VariantKey::Identifier { name } => match *name {
                                "zero" => Choice::Plural(PluralCategory::ZERO),
                                "one" => Choice::Plural(PluralCategory::ONE),
                                "two" => Choice::Plural(PluralCategory::TWO),
                                "few" => Choice::Plural(PluralCategory::FEW),
                                "many" => Choice::Plural(PluralCategory::MANY),
                                "other" => Choice::Plural(PluralCategory::OTHER),
                                word => Choice::Word(word.to_string()),
                            },
                            ast::VariantKey::NumberLiteral { value } => Choice::Number(
                                value
                                    .parse()
                                    .map_err(|_| format!("not a whole number: {value}"))?,
                            ),
                        };
                        if v.default {
                            default = i;
                        }
                        choices.push((choice, pieces(&v.value)?));
                    }
                    Piece::Select {
                        var: variable(selector)?,
                        variants: choices,
                        default,
                    }
                }
            });
        }
        Ok(out)
    }
    pieces(&pattern)
}

use intl_pluralrules::{PluralCategory, PluralRuleType, PluralRules};

/// The cardinal plural rules of each language (CLDR: in French 0 and 1 are singular).
static PLURALS: LazyLock<[Option<PluralRules>; 2]> = LazyLock::new(|| {
    Lang::ALL.map(|lang| {
        let id: unic_langid::LanguageIdentifier = lang.code().parse().ok()?;
        PluralRules::create(id, PluralRuleType::CARDINAL).ok()
    })
});

/// Per key, the text in one language (a language's table is made when it is first asked for:
/// a program speaking one language never holds the other's).
/// (FNV-1a: keys are short and trusted, our own files, and every rendered line looks one up.)
type Table = HashMap<Cow<'static, str>, Text, BuildHasherDefault<crate::fnv::Fnv>>;

/// The texts of `lang` in `sources`, read straight from the files' text: keys and texts are
/// borrowed from it where they hold no escape, and nothing else of the files is kept.
fn read_table(sources: &[&'static str], lang: Lang) -> Table {
    let mut table = Table::default();
    // Room for every entry at once (about one per 128 bytes of a file): no table made twice.
    table.reserve(sources.iter().map(|s| s.len() / 128).sum());
    for source in sources {
        // The files are part of the build and checked by the locale tests; an entry that is not
        // a {fr, en} object (such as "_version") is skipped.
        let mut d = serde_json::Deserializer::from_str(source);
        de::DeserializeSeed::deserialize(
            TableSeed {
                lang,
                table: &mut table,
            },
            &mut d,
        )
        .ok();
    }
    table
}

/// Reads a locale file's object into a table, one language's texts.
struct TableSeed<'t> {
    lang: Lang,
    table: &'t mut Table,
}

impl<'de: 'static> de::DeserializeSeed<'de> for TableSeed<'_> {
    type Value = ();
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de: 'static> de::Visitor<'de> for TableSeed<'_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a locale file")
    }
    fn visit_map<A: de::MapAccess<'de>>(self, mut m: A) -> Result<(), A::Error> {
        while let Some(key) = m.next_key::<Borrowed>()? {
            if let Some(text) = m.next_value_seed(EntrySeed(self.lang))? {
                self.table.insert(key.0, Text::new(text));
            }
        }
        Ok(())
    }
}

/// A text of a locale file, borrowed where it holds no escape.
struct Borrowed(Cow<'static, str>);

impl<'de: 'static> Deserialize<'de> for Borrowed {
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> Result<Borrowed, D::Error> {
        struct V;
        impl<'de: 'static> de::Visitor<'de> for V {
            type Value = Borrowed;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a text")
            }
            fn visit_borrowed_str<E: de::Error>(self, s: &'de str) -> Result<Borrowed, E> {
                Ok(Borrowed(Cow::Borrowed(s)))
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<Borrowed, E> {
                Ok(Borrowed(Cow::Owned(s.to_string())))
            }
        }
        d.deserialize_str(V)
    }
}

/// One entry's text in one language: `None` for an entry that is not a {fr, en} object, or
/// that has no text in that language.
struct EntrySeed(Lang);

impl<'de: 'static> de::DeserializeSeed<'de> for EntrySeed {
    type Value = Option<Cow<'static, str>>;
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de: 'static> de::Visitor<'de> for EntrySeed {
    type Value = Option<Cow<'static, str>>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an entry")
    }
    fn visit_map<A: de::MapAccess<'de>>(self, mut m: A) -> Result<Self::Value, A::Error> {
        let mut text = None;
        while let Some(lang) = m.next_key::<Borrowed>()? {
            if lang.0 == self.0.code() {
                text = m.next_value::<Option<Borrowed>>()?.map(|b| b.0);
            } else {
                m.next_value::<de::IgnoredAny>()?;
            }
        }
        Ok(text)
    }
    fn visit_u64<E: de::Error>(self, _: u64) -> Result<Self::Value, E> {
        Ok(None)
    }
    fn visit_i64<E: de::Error>(self, _: i64) -> Result<Self::Value, E> {
        Ok(None)
    }
    fn visit_f64<E: de::Error>(self, _: f64) -> Result<Self::Value, E> {
        Ok(None)
    }
    fn visit_str<E: de::Error>(self, _: &str) -> Result<Self::Value, E> {
        Ok(None)
    }
    fn visit_bool<E: de::Error>(self, _: bool) -> Result<Self::Value, E> {
        Ok(None)
    }
    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }
    fn visit_seq<A: de::SeqAccess<'de>>(self, mut s: A) -> Result<Self::Value, A::Error> {
        while s.next_element::<de::IgnoredAny>()?.is_some() {}
        Ok(None)
    }
}

static CORE: [LazyLock<Table>; 2] = [
    LazyLock::new(|| read_table(&CORE_TEXTS, Lang::Fr)),
    LazyLock::new(|| read_table(&CORE_TEXTS, Lang::En)),
];
static EXTRA_SOURCE: OnceLock<&'static str> = OnceLock::new();
fn extra_table(lang: Lang) -> Table {
    read_table(
        EXTRA_SOURCE.get().map(std::slice::from_ref).unwrap_or(&[]),
        lang,
    )
}
static EXTRA: [LazyLock<Table>; 2] = [
    LazyLock::new(|| extra_table(Lang::Fr)),
    LazyLock::new(|| extra_table(Lang::En)),
];

/// Adds the app's locale file (its screens): `{"key": {"fr": "…", "en": "…"}, …}`. The first
/// call counts; the texts never change while the program runs. The files are read when a text
/// is first asked for (a command that prints none reads none).
pub fn add_texts(source: &'static str) {
    // Set already: the first call counts (the texts never change while the program runs).
    EXTRA_SOURCE.set(source).ok();
}

fn index(lang: Lang) -> usize {
    match lang {
        Lang::Fr => 0,
        Lang::En => 1,
    }
}

fn lookup<R>(lang: Lang, key: &str, f: impl FnOnce(Option<&Text>) -> R) -> R {
    let i = index(lang);
    f(CORE[i].get(key).or_else(|| EXTRA[i].get(key)))
}

/// What is wrong with the texts' Fluent patterns: empty when every rich text parses into what
/// Marque renders (a test).
pub fn text_problems() -> Vec<String> {
    let mut out = Vec::new();
    for lang in Lang::ALL {
        for table in [&*CORE[index(lang)], &*EXTRA[index(lang)]] {
            for (key, t) in table {
                if let Some(Err(e)) = t.pieces() {
                    out.push(format!("{key} ({}): {e}", lang.code()));
                }
            }
        }
    }
    if PLURALS.iter().any(Option::is_none) {
        out.push("no plural rules for a language".to_string());
    }
    out
}

/// Every rich text of the tables, per language: its key and its source (tests compare their
/// rendering with fluent-bundle's).
pub fn rich_texts() -> Vec<(Lang, String, String)> {
    let mut out = Vec::new();
    for lang in Lang::ALL {
        for table in [&*CORE[index(lang)], &*EXTRA[index(lang)]] {
            for (key, t) in table.iter().filter(|(_, t)| t.rich()) {
                out.push((lang, key.to_string(), t.text.to_string()));
            }
        }
    }
    out
}

/// The text of one key in one language, without arguments. A missing key shows as the key itself,
/// which the locale tests forbid.
pub fn tr(lang: Lang, key: &str) -> String {
    let mut out = String::new();
    render_key(lang, key, &[], &mut out);
    out
}

/// Whether `key` has a text in `lang`.
pub fn has_key(lang: Lang, key: &str) -> bool {
    lookup(lang, key, |t| t.is_some())
}

/// Appends the text of `key` in `lang` with `args` filled in.
fn render_key(lang: Lang, key: &str, args: &[(&'static str, Arg)], out: &mut String) {
    lookup(lang, key, |text| match text {
        None => out.push_str(key),
        Some(t) => match t.pieces() {
            Some(Ok(pieces)) => render_pieces(lang, pieces, args, out),
            // A pattern that did not parse shows as written (the locale tests forbid it).
            _ => render_plain(lang, &t.text, args, out),
        },
    })
}

/// A plain pattern: its text with each `{ $name }` replaced by the argument.
fn render_plain(lang: Lang, text: &str, args: &[(&'static str, Arg)], out: &mut String) {
    let mut rest = text;
    while let Some((start, end, name)) = find_placeholder(rest) {
        out.push_str(&rest[..start]);
        match args.iter().find(|(n, _)| *n == name) {
            Some((_, value)) => push_arg(lang, value, out),
            None => out.push_str(&rest[start..end]),
        }
        rest = &rest[end..];
    }
    out.push_str(rest);
}

fn push_arg(lang: Lang, value: &Arg, out: &mut String) {
    match value {
        Arg::Text(s) => out.push_str(s),
        Arg::Shared(s) => out.push_str(s),
        Arg::Int(n) => push_int(out, *n),
        Arg::Key(k) => render_key(lang, k, &[], out),
        Arg::Msg(m) => m.render_into(lang, out),
        Arg::Lookup { key, fallback } => {
            if has_key(lang, key) {
                render_key(lang, key, &[], out);
            } else {
                out.push_str(fallback);
            }
        }
    }
}

/// A rich pattern: a number chooses its exact variant, else its plural category; a word its
/// variant by name; else the default variant, as in Fluent.
fn render_pieces(lang: Lang, pieces: &[Piece], args: &[(&'static str, Arg)], out: &mut String) {
    let find = |name: &str| args.iter().find(|(n, _)| *n == name).map(|(_, v)| v);
    for piece in pieces {
        match piece {
            Piece::Text(t) => out.push_str(t),
            Piece::Arg { name, written } => match find(name) {
                Some(value) => push_arg(lang, value, out),
                None => out.push_str(written),
            },
            Piece::Var(name) => match find(name) {
                Some(value) => push_arg(lang, value, out),
                None => {
                    out.push_str("{$");
                    out.push_str(name);
                    out.push('}');
                }
            },
            Piece::Select {
                var,
                variants,
                default,
            } => {
                let position = |choice: &Choice| variants.iter().position(|(c, _)| c == choice);
                let chosen = match find(var) {
                    Some(Arg::Int(n)) => position(&Choice::Number(*n)).or_else(|| {
                        let rules = PLURALS[index(lang)].as_ref()?;
                        position(&Choice::Plural(rules.select(*n).ok()?))
                    }),
                    Some(Arg::Text(w)) => position(&Choice::Word(w.clone()))
                        .or_else(|| position(&Choice::Word(sound(w).into()))),
                    Some(Arg::Shared(w)) => position(&Choice::Word(w.to_string()))
                        .or_else(|| position(&Choice::Word(sound(w).into()))),
                    Some(Arg::Key(k)) => position(&Choice::Word(k.to_string()))
                        .or_else(|| position(&Choice::Word(sound(&tr(lang, k)).into()))),
                    Some(Arg::Msg(m)) => position(&Choice::Word(sound(&m.render(lang)).into())),
                    _ => None,
                };
                if let Some((_, p)) = variants.get(chosen.unwrap_or(*default)) {
                    render_pieces(lang, p, args, out);
                }
            }
        }
    }
}

/// How a name begins, for the variant that elides before it (`[vowel] d'{ $name }`, "d'Anne",
/// "de Marc"): `vowel` where its first letter is one (accented too), else `consonant`.
fn sound(word: &str) -> &'static str {
    let first = word.trim_start().chars().next().unwrap_or('x');
    let base = first.to_lowercase().next().unwrap_or(first);
    if "aeiouyàâäéèêëîïôöùûüœæ".contains(base) {
        "vowel"
    } else {
        "consonant"
    }
}

/// A message to show: a key and named arguments (`{ $name }` in the text).
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
    /// A key made at run time (an option's name), translated where the texts have it, else
    /// shown as `fallback`.
    Lookup {
        key: String,
        fallback: String,
    },
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
        render_key(lang, self.key, &self.args, out);
    }
}

/// Appends a whole number in decimal (without the formatting machinery: a sheet writes tens of
/// thousands of them).
fn push_int(out: &mut String, n: i64) {
    out.push_str(itoa::Buffer::new().format(n));
}

/// The next `{ $name }` of a plain pattern: where it starts, where it ends, and the name.
fn find_placeholder(text: &str) -> Option<(usize, usize, &str)> {
    let mut from = 0;
    while let Some(i) = text[from..].find('{') {
        let start = from + i;
        let inner = text[start + 1..].trim_start();
        if let Some(rest) = inner.strip_prefix('$') {
            let len = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
                .unwrap_or(rest.len());
            let name = &rest[..len];
            let after = rest[len..].trim_start();
            if after.starts_with('}') {
                let end = text.len() - after.len() + 1;
                return Some((start, end, name));
            }
        }
        from = start + 1;
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

/// The macro's home: it is spelled `i18n::msg!` from anywhere, as the module that defines
/// [`Msg`] (`#[macro_export]` also puts it at the crate's root, which nothing names).
pub use crate::msg;

/// A text that does not read as JSON, in the reader's words, by what is wrong and where (never
/// serde's own English): a syntax error, a text that stops too soon, a value not of the form
/// expected (or a field given twice).
pub fn json_error(e: &serde_json::Error) -> Msg {
    use serde_json::error::Category;
    let key = match e.classify() {
        Category::Eof => "file.json.eof",
        Category::Data => "file.json.data",
        Category::Syntax | Category::Io => "file.json.syntax",
    };
    msg!(key, line = e.line(), column = e.column())
}

/// A system error in the reader's words, by its kind (never the system's own English text):
/// "le disque est plein", "permission denied". Kinds without words of their own are a system
/// error.
pub fn io_error(e: &std::io::Error) -> Msg {
    match e.get_ref().and_then(|inner| inner.downcast_ref::<Worded>()) {
        Some(Worded(m)) => m.clone(),
        // A kind Marque has no words for: the system's own, never "system error" alone.
        None if io_key(e.kind()) == "io.other" => msg!("io.other_said", said = e.to_string()),
        None => Msg::new(io_key(e.kind())),
    }
}

/// An error Marque makes itself where the system's API wants an [`std::io::Error`] (a lock
/// file that is no file, a folder that is a link), carrying its words: [`io_error`] says them.
#[derive(Debug, Clone)]
pub struct Worded(pub Msg);

impl fmt::Display for Worded {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.render(Lang::En))
    }
}

impl std::error::Error for Worded {}

/// An [`std::io::Error`] of `kind` carrying `words`.
pub fn worded(kind: std::io::ErrorKind, words: Msg) -> std::io::Error {
    std::io::Error::new(kind, Worded(words))
}

/// The key of an error kind's words.
pub fn io_key(kind: std::io::ErrorKind) -> &'static str {
    use std::io::ErrorKind;
    match kind {
        ErrorKind::NotFound => "io.not_found",
        ErrorKind::PermissionDenied => "io.permission_denied",
        ErrorKind::AlreadyExists => "io.already_exists",
        ErrorKind::StorageFull => "io.storage_full",
        ErrorKind::QuotaExceeded => "io.quota_exceeded",
        ErrorKind::ReadOnlyFilesystem => "io.read_only_filesystem",
        ErrorKind::IsADirectory => "io.is_a_directory",
        ErrorKind::NotADirectory => "io.not_a_directory",
        ErrorKind::DirectoryNotEmpty => "io.directory_not_empty",
        ErrorKind::FileTooLarge => "io.file_too_large",
        ErrorKind::InvalidInput => "io.invalid_input",
        ErrorKind::InvalidData => "io.invalid_data",
        ErrorKind::UnexpectedEof => "io.unexpected_eof",
        ErrorKind::TimedOut => "io.timed_out",
        ErrorKind::Interrupted => "io.interrupted",
        ErrorKind::WouldBlock => "io.would_block",
        ErrorKind::ResourceBusy => "io.resource_busy",
        ErrorKind::CrossesDevices => "io.crosses_devices",
        ErrorKind::TooManyLinks => "io.too_many_links",
        ErrorKind::InvalidFilename => "io.invalid_filename",
        ErrorKind::BrokenPipe => "io.broken_pipe",
        ErrorKind::AddrInUse => "io.addr_in_use",
        ErrorKind::AddrNotAvailable => "io.addr_not_available",
        ErrorKind::ConnectionRefused => "io.connection_refused",
        ErrorKind::OutOfMemory => "io.out_of_memory",
        ErrorKind::Unsupported => "io.unsupported",
        _ => "io.other",
    }
}

/// How each language writes a day (chrono's format): 24/11/2026 in French, 2026-11-24 in
/// English.
pub fn day_format(lang: Lang) -> &'static str {
    match lang {
        Lang::Fr => "%d/%m/%Y",
        Lang::En => "%Y-%m-%d",
    }
}

/// A whole percentage as each language writes it: "67 %" in French, "67%" in English.
pub fn percent(lang: Lang, n: i64) -> String {
    match lang {
        Lang::Fr => format!("{n} %"),
        Lang::En => format!("{n}%"),
    }
}

/// A figure with one decimal as people write it: 27,6 in French, 27.6 in English, a minus sign
/// for a negative.
pub fn decimal1(lang: Lang, v: f64) -> String {
    let sign = if v < 0.0 && format!("{:.1}", v.abs()) != "0.0" {
        "−"
    } else {
        ""
    };
    let text = format!("{sign}{:.1}", v.abs());
    match lang {
        Lang::Fr => text.replace('.', ","),
        Lang::En => text,
    }
}

/// A list of items, "a, b, c" (the separator is the same in both languages).
pub fn join<T: fmt::Display>(items: impl IntoIterator<Item = T>) -> String {
    items
        .into_iter()
        .map(|i| i.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// A character that shows nothing in a name (a soft hyphen, zero-width spaces and joiners,
/// direction marks).
pub fn invisible(c: char) -> bool {
    matches!(
        c,
        '\u{00ad}'
            | '\u{061c}'
            | '\u{180e}'
            | '\u{200b}'..='\u{200f}'
            | '\u{202a}'..='\u{202e}'
            | '\u{2060}'..='\u{2064}'
            | '\u{2066}'..='\u{2069}'
            | '\u{feff}'
    )
}

/// A text as typed on a phone or a form, kept as the file will hold it: without control
/// characters (NUL, ESC: a terminal would obey them) and without the marks that turn the
/// direction of what follows (U+202A–U+202E, U+2066–U+2069: a reason could make the line it
/// is shown in read backwards). Its readers isolate it where they show it.
pub fn plain_text(s: &str) -> String {
    // A line break or a tab typed in a reason is a space (not two words run together).
    s.chars()
        .map(|c| {
            if matches!(c, '\n' | '\r' | '\t') {
                ' '
            } else {
                c
            }
        })
        .filter(|c| {
            !c.is_control() && !matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
        })
        .collect()
}

/// Whether a name shows nothing: only spaces and characters that show nothing.
pub fn shows_nothing(name: &str) -> bool {
    name.chars().all(|c| c.is_whitespace() || invisible(c))
}
