//! Bridge's options: the table of premiums, the slam rule, and Chicago's format, vulnerability
//! and first dealer.

use serde::Serialize;
use serde_json::Value;

use crate::games::json;
use crate::i18n::Msg;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Table {
    /// The seed's table.
    #[default]
    Seed,
    /// The current Laws of Rubber Bridge for insult, undertricks and unfinished rubbers.
    Laws,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum SlamRule {
    /// A slam bonus needs a slam bid (level 6 or 7) and made.
    #[default]
    Bid,
    /// Any contract made with 12 or 13 tricks earns it.
    Tricks,
}

/// How the score is kept: rubbers, or chukkers of four deals (Chicago).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    #[default]
    Rubber,
    Chicago,
}

/// Chicago: on deals 2 and 3, the dealer's side is vulnerable, or by agreement the other side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum ChicagoVul {
    #[default]
    Dealer,
    Other,
}

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Options {
    pub table: Table,
    pub slam: SlamRule,
    pub format: Format,
    pub chicago_vul: ChicagoVul,
    /// The seat that deals the session's first deal (Chicago): 0 = N … 3 = W.
    pub first_dealer: usize,
}

/// Every option in force; the format and Chicago's own only where the session is played at
/// Chicago (rubbers are what a bridge session always was: its options read as they did).
impl Serialize for Options {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let chicago = self.format == Format::Chicago;
        let mut m = s.serialize_map(Some(if chicago { 5 } else { 2 }))?;
        m.serialize_entry("table", &self.table)?;
        m.serialize_entry("slam", &self.slam)?;
        if chicago {
            m.serialize_entry("format", &self.format)?;
            m.serialize_entry("chicago_vul", &self.chicago_vul)?;
            m.serialize_entry("first_dealer", &self.first_dealer)?;
        }
        m.end()
    }
}

impl Options {
    pub const KEYS: [&'static str; 5] = ["table", "slam", "format", "chicago_vul", "first_dealer"];

    pub fn from_json(v: Option<&Value>) -> Result<Options, Vec<Msg>> {
        let mut o = Options::default();
        json::options(v, &Self::KEYS, |k, val| {
            match k {
                "table" => {
                    o.table = match json::word("table", val, &["seed", "laws"])? {
                        "seed" => Table::Seed,
                        _ => Table::Laws,
                    }
                }
                "slam" => {
                    o.slam = match json::word("slam", val, &["bid", "tricks"])? {
                        "bid" => SlamRule::Bid,
                        _ => SlamRule::Tricks,
                    }
                }
                "format" => {
                    o.format = match json::word("format", val, &["rubber", "chicago"])? {
                        "rubber" => Format::Rubber,
                        _ => Format::Chicago,
                    }
                }
                "chicago_vul" => {
                    o.chicago_vul = match json::word("chicago_vul", val, &["dealer", "other"])? {
                        "dealer" => ChicagoVul::Dealer,
                        _ => ChicagoVul::Other,
                    }
                }
                _ => o.first_dealer = json::player("first_dealer", val, 4)?,
            }
            Ok(())
        })?;
        Ok(o)
    }

    /// Whether the score is kept in chukkers.
    pub fn chicago(&self) -> bool {
        self.format == Format::Chicago
    }
}
