//! An evening scored (`club-format.md`'s output): a pairs evening kept as its values, written
//! as it is made ([`Serialize`]) or read by every reader (`sections`, the cards) without being
//! made whole; the other kinds as their output.

use serde::ser::{Serialize, Serializer};
use serde_json::Value;

use super::pairs;

/// An evening scored, as `marque evening` prints it ([`Serialize`]): a pairs evening's
/// travellers made one at a time as they are written.
pub enum Scored {
    Pairs(Box<pairs::Scored>),
    Other(Value),
}

impl Serialize for Scored {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Scored::Pairs(p) => p.serialize(s),
            Scored::Other(v) => v.serialize(s),
        }
    }
}

impl Scored {
    /// The evening's output whole (`marque evening --text` reads it).
    pub fn into_value(self) -> Value {
        match self {
            Scored::Other(v) => v,
            Scored::Pairs(p) => p.value(),
        }
    }

    /// The evening's output whole, as [`Serialize`] writes it.
    pub fn value(&self) -> Value {
        match self {
            Scored::Other(v) => v.clone(),
            Scored::Pairs(p) => p.value(),
        }
    }
}
