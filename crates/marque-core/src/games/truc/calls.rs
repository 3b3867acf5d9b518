//! The calls of a truc deal (truc, retruc, accepted, refused, folded) and the options that
//! fix how far a deal can be raised.

use serde::Serialize;
use serde_json::Value;

use crate::games::json::{self};
use crate::i18n::Msg;

/// How an accepted raise changes the value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RaiseKind {
    Double,
    PlusOne,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Options {
    pub raise: RaiseKind,
    /// Points that win a manche (12).
    pub target: i64,
    /// Manches that win the partie (2).
    pub manches: i64,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            raise: RaiseKind::Double,
            target: 12,
            manches: 2,
        }
    }
}

impl Options {
    pub const KEYS: [&'static str; 3] = ["raise", "target", "manches"];

    pub fn from_json(v: Option<&Value>) -> Result<Options, Vec<Msg>> {
        let mut o = Options::default();
        json::options(v, &Self::KEYS, |k, val| {
            match k {
                "raise" => {
                    o.raise = match json::word("raise", val, &["double", "plus_one"])? {
                        "double" => RaiseKind::Double,
                        _ => RaiseKind::PlusOne,
                    }
                }
                "target" => o.target = json::positive("target", val)?,
                _ => o.manches = json::positive("manches", val)?,
            }
            Ok(())
        })?;
        Ok(o)
    }

    /// The value after one accepted raise of `value`.
    pub fn raised(&self, value: i64) -> i64 {
        match self.raise {
            RaiseKind::Double => value.saturating_mul(2),
            RaiseKind::PlusOne => value.saturating_add(1),
        }
    }
}

/// What a player says during a deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum CallKind {
    Double,
    Banco,
    Accept,
    Refuse,
}

impl CallKind {
    pub fn id(self) -> &'static str {
        match self {
            CallKind::Double => "double",
            CallKind::Banco => "banco",
            CallKind::Accept => "accept",
            CallKind::Refuse => "refuse",
        }
    }
    pub fn name_key(self) -> &'static str {
        match self {
            CallKind::Double => "truc.call.double",
            CallKind::Banco => "truc.call.banco",
            CallKind::Accept => "truc.call.accept",
            CallKind::Refuse => "truc.call.refuse",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Call {
    pub by: usize,
    pub call: CallKind,
}
