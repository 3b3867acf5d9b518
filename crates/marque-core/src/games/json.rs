//! Reading typed values out of JSON with messages a person understands.

use serde_json::{Map, Value};

use crate::i18n::msg;
use crate::i18n::{Arg, Msg};

/// What a JSON value is, for messages ("a number", "text"…).
pub fn kind_of(v: &Value) -> Msg {
    Msg::new(match v {
        Value::Null => "json.null",
        Value::Bool(_) => "json.bool",
        Value::Number(_) => "json.number",
        Value::String(_) => "json.string",
        Value::Array(_) => "json.array",
        Value::Object(_) => "json.object",
    })
}

/// A short quote of a value for messages: `"4Z"`, `15`, `[1, 2]`.
pub fn quote(v: &Value) -> String {
    let s = v.to_string();
    if s.chars().count() > 40 {
        let cut: String = s.chars().take(37).collect();
        format!("{cut}…")
    } else {
        s
    }
}

/// `field` has the wrong kind of value.
pub fn wrong_type(field: &str, expected: &'static str, found: &Value) -> Msg {
    msg!(
        "json.wrong_type",
        field = field,
        expected = Arg::Key(expected),
        found = kind_of(found)
    )
}

/// The fields of a JSON object.
pub struct Obj<'a> {
    pub map: &'a Map<String, Value>,
}

impl<'a> Obj<'a> {
    /// `v` as an object, or a message naming `what` it should be.
    pub fn of(v: &'a Value, what: Msg) -> Result<Obj<'a>, Msg> {
        match v {
            Value::Object(map) => Ok(Obj { map }),
            other => Err(msg!("json.not_object", what = what, found = kind_of(other))),
        }
    }

    pub fn get(&self, name: &str) -> Option<&'a Value> {
        self.map.get(name)
    }

    /// A present, non-null field.
    pub fn present(&self, name: &str) -> Option<&'a Value> {
        self.map.get(name).filter(|v| !v.is_null())
    }

    pub fn required(&self, name: &str) -> Result<&'a Value, Msg> {
        self.map
            .get(name)
            .ok_or_else(|| msg!("json.missing", field = name))
    }
}

/// A whole number in `lo..=hi`.
pub fn int_in(field: &str, v: &Value, lo: i64, hi: i64) -> Result<i64, Msg> {
    match v.as_i64() {
        Some(n) if (lo..=hi).contains(&n) => Ok(n),
        Some(n) => Err(msg!(
            "json.out_of_range",
            field = field,
            value = n,
            lo = lo,
            hi = hi
        )),
        None if v.is_number() => Err(msg!("json.not_whole", field = field, value = quote(v))),
        None => Err(wrong_type(field, "json.a_number", v)),
    }
}

/// A player index.
pub fn player(field: &str, v: &Value, players: usize) -> Result<usize, Msg> {
    int_in(field, v, 0, players as i64 - 1).map(|n| n as usize)
}

/// A JSON array.
pub fn array<'a>(field: &str, v: &'a Value) -> Result<&'a Vec<Value>, Msg> {
    v.as_array()
        .ok_or_else(|| wrong_type(field, "json.a_list", v))
}

/// A JSON array of exactly one entry per player.
pub fn per_player<'a>(field: &str, v: &'a Value, players: usize) -> Result<&'a Vec<Value>, Msg> {
    let a = array(field, v)?;
    if a.len() != players {
        return Err(msg!(
            "json.per_player",
            field = field,
            found = a.len(),
            players = players
        ));
    }
    Ok(a)
}

/// A JSON string.
pub fn string<'a>(field: &str, v: &'a Value) -> Result<&'a str, Msg> {
    v.as_str()
        .ok_or_else(|| wrong_type(field, "json.a_string", v))
}

/// A string among `allowed`.
pub fn word<'a>(field: &str, v: &Value, allowed: &[&'a str]) -> Result<&'a str, Msg> {
    let s = string(field, v)?;
    allowed.iter().copied().find(|a| *a == s).ok_or_else(|| {
        msg!(
            "json.not_allowed",
            field = field,
            value = quote(v),
            allowed = allowed.join(", ")
        )
    })
}

/// A positive whole number (an option such as a target).
pub fn positive(field: &str, v: &Value) -> Result<i64, Msg> {
    match v.as_i64() {
        Some(n) if n >= 1 => Ok(n),
        _ if v.is_number() => Err(msg!("json.not_positive", field = field, value = quote(v))),
        _ => Err(wrong_type(field, "json.a_number", v)),
    }
}

/// Reads the options object of a game: every key must be known; `read` is called for each.
pub fn options<F>(v: Option<&Value>, known: &[&str], mut read: F) -> Result<(), Vec<Msg>>
where
    F: FnMut(&str, &Value) -> Result<(), Msg>,
{
    let Some(v) = v.filter(|v| !v.is_null()) else {
        return Ok(());
    };
    let map = match v {
        Value::Object(m) => m,
        other => return Err(vec![wrong_type("options", "json.an_object", other)]),
    };
    let mut problems = Vec::new();
    for (k, val) in map {
        if !known.contains(&k.as_str()) {
            problems.push(msg!("options.unknown", key = k, known = known.join(", ")));
            continue;
        }
        if let Err(m) = read(k, val) {
            problems.push(m);
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems)
    }
}
