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

/// One hand read straight from a JSON stream, in a single pass over its text: a table event is
/// told apart by its first key, any other hand is read into its game's wire form, and a key
/// `event` anywhere else sends the hand to the careful reader (which decides what it is).
pub(crate) mod wire {
    use std::fmt;
    use std::marker::PhantomData;

    use serde::Deserialize;
    use serde::de::value::{BorrowedStrDeserializer, MapAccessDeserializer, StringDeserializer};
    use serde::de::{self, DeserializeSeed, MapAccess, Visitor};
    use serde_json::{Map, Value};

    /// What one hand's object is, read in one pass.
    pub enum Read<W> {
        /// A hand, in its game's wire form.
        Hand(W),
        /// An object whose first key is `event`: every field, for the table events' reader.
        Event(Map<String, Value>),
    }

    /// Reads one JSON object as `W` (or as the fields of an event), and nothing else; with the
    /// address of its first key's text where it is borrowed from the input (how far into the text
    /// the object is, for a reader that weighs the hands it holds against the text they came from).
    pub fn read<'de, W: Deserialize<'de>, D: de::Deserializer<'de>>(
        d: D,
    ) -> Result<(Read<W>, Option<usize>), D::Error> {
        struct V<W>(PhantomData<W>);
        impl<'de, W: Deserialize<'de>> Visitor<'de> for V<W> {
            type Value = (Read<W>, Option<usize>);
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut m: A) -> Result<Self::Value, A::Error> {
                let first = m.next_key::<Key<'de>>()?;
                let at = match &first {
                    Some(Key::Borrowed(k)) => Some(k.as_ptr() as usize),
                    _ => None,
                };
                if first.as_ref().is_some_and(|k| k.as_str() == EVENT) {
                    let mut fields = Map::new();
                    fields.insert(EVENT.to_string(), m.next_value::<Value>()?);
                    while let Some((k, v)) = m.next_entry::<String, Value>()? {
                        fields.insert(k, v);
                    }
                    return Ok((Read::Event(fields), at));
                }
                W::deserialize(MapAccessDeserializer::new(Keys { first, inner: m }))
                    .map(|w| (Read::Hand(w), at))
            }
        }
        d.deserialize_map(V(PhantomData))
    }

    const EVENT: &str = "event";

    /// A key, borrowed from the text where it holds no escape.
    enum Key<'de> {
        Borrowed(&'de str),
        Owned(String),
    }

    impl Key<'_> {
        fn as_str(&self) -> &str {
            match self {
                Key::Borrowed(s) => s,
                Key::Owned(s) => s,
            }
        }
    }

    impl<'de> Deserialize<'de> for Key<'de> {
        fn deserialize<D: de::Deserializer<'de>>(d: D) -> Result<Key<'de>, D::Error> {
            struct V;
            impl<'de> Visitor<'de> for V {
                type Value = Key<'de>;
                fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                    f.write_str("a key")
                }
                fn visit_borrowed_str<E: de::Error>(self, k: &'de str) -> Result<Key<'de>, E> {
                    Ok(Key::Borrowed(k))
                }
                fn visit_str<E: de::Error>(self, k: &str) -> Result<Key<'de>, E> {
                    Ok(Key::Owned(k.to_string()))
                }
            }
            d.deserialize_str(V)
        }
    }

    /// The object's fields with its first key put back, refusing a key `event` (a hand that may be
    /// a table event written another way: the careful reader's to decide).
    struct Keys<'de, A> {
        first: Option<Key<'de>>,
        inner: A,
    }

    impl<'de, A: MapAccess<'de>> MapAccess<'de> for Keys<'de, A> {
        type Error = A::Error;

        fn next_key_seed<K: DeserializeSeed<'de>>(
            &mut self,
            seed: K,
        ) -> Result<Option<K::Value>, A::Error> {
            let key = match self.first.take() {
                Some(k) => k,
                None => match self.inner.next_key::<Key<'de>>()? {
                    Some(k) => k,
                    None => return Ok(None),
                },
            };
            if key.as_str() == EVENT {
                return Err(de::Error::custom("a key event: for the careful reader"));
            }
            match key {
                Key::Borrowed(k) => seed.deserialize(BorrowedStrDeserializer::new(k)).map(Some),
                Key::Owned(k) => seed.deserialize(StringDeserializer::new(k)).map(Some),
            }
        }

        fn next_value_seed<V: DeserializeSeed<'de>>(
            &mut self,
            seed: V,
        ) -> Result<V::Value, A::Error> {
            self.inner.next_value_seed(seed)
        }

        fn size_hint(&self) -> Option<usize> {
            self.inner.size_hint()
        }
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[derive(Deserialize, Debug, PartialEq)]
        struct W {
            a: u8,
            #[serde(default)]
            b: Option<String>,
        }

        fn of(text: &str) -> Result<Read<W>, serde_json::Error> {
            let (read, at) = read::<W, _>(&mut serde_json::Deserializer::from_str(text))?;
            // The first key's address: two bytes into the text (past `{"`), unless escaped.
            let first = text.find('"').map(|i| text.as_ptr() as usize + i + 1);
            assert!(at.is_none() || at == first, "{text}");
            assert_eq!(at.is_none(), text.starts_with("{\"\\"), "{text}");
            Ok(read)
        }

        #[test]
        fn reads_a_hand_an_event_and_refuses_an_event_key_elsewhere() {
            assert!(matches!(
                of(r#"{"a": 1, "b": "x"}"#),
                Ok(Read::Hand(W { a: 1, .. }))
            ));
            // An escaped key is read as the same key.
            assert!(matches!(
                of(r#"{"\u0061": 2}"#),
                Ok(Read::Hand(W { a: 2, b: None }))
            ));
            match of(r#"{"event": "join", "seat": 2}"#) {
                Ok(Read::Event(f)) => {
                    assert_eq!(f.get("event"), Some(&Value::from("join")));
                    assert_eq!(f.get("seat"), Some(&Value::from(2)));
                }
                _ => panic!("an event's fields"),
            }
            assert!(of(r#"{"a": 1, "event": "join"}"#).is_err());
            assert!(of(r#"{"a": 1, "\u0065vent": "join"}"#).is_err());
            // An array of the fields in order, which serde's derived readers take: refused.
            assert!(of("[1]").is_err());
            assert!(of(r#"{}"#).is_err());
        }
    }
}
