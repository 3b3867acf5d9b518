//! A deal of Le Tarot as entered: the contract, the sides, poignées, and its reading from the
//! session's JSON.

use serde::Serialize;
use serde_json::{Value, json};

use crate::games::json::{self, Obj};
use crate::i18n::Msg;
use crate::i18n::msg;

/// A contract, by its coefficient's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Contract {
    Prise,
    Garde,
    GardeSans,
    GardeContre,
}

impl Contract {
    pub const ALL: [Contract; 4] = [
        Contract::Prise,
        Contract::Garde,
        Contract::GardeSans,
        Contract::GardeContre,
    ];
    const IDS: [&'static str; 4] = ["prise", "garde", "garde_sans", "garde_contre"];

    pub fn id(self) -> &'static str {
        Self::IDS[self as usize]
    }

    fn parse(s: &str) -> Option<Contract> {
        Self::IDS.iter().position(|i| *i == s).map(|k| Self::ALL[k])
    }

    /// `tarot.contract`: ×1, ×2, ×4, ×6.
    pub fn coefficient(self) -> i64 {
        [1, 2, 4, 6][self as usize]
    }

    pub fn name_key(self) -> &'static str {
        [
            "tarot.contract.prise",
            "tarot.contract.garde",
            "tarot.contract.garde_sans",
            "tarot.contract.garde_contre",
        ][self as usize]
    }
}

/// The attack or the defence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Attack,
    Defence,
}

impl Side {
    const IDS: [&'static str; 2] = ["attack", "defence"];

    pub fn id(self) -> &'static str {
        Self::IDS[self as usize]
    }

    fn parse(s: &str) -> Option<Side> {
        match s {
            "attack" => Some(Side::Attack),
            "defence" => Some(Side::Defence),
            _ => None,
        }
    }

    pub fn name_key(self) -> &'static str {
        ["tarot.side.attack", "tarot.side.defence"][self as usize]
    }
}

/// A poignée's size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Size {
    Simple,
    Double,
    Triple,
}

impl Size {
    pub const ALL: [Size; 3] = [Size::Simple, Size::Double, Size::Triple];
    const IDS: [&'static str; 3] = ["simple", "double", "triple"];

    pub fn id(self) -> &'static str {
        Self::IDS[self as usize]
    }

    fn parse(s: &str) -> Option<Size> {
        Self::IDS.iter().position(|i| *i == s).map(|k| Self::ALL[k])
    }

    pub fn name_key(self) -> &'static str {
        [
            "tarot.poignee.simple",
            "tarot.poignee.double",
            "tarot.poignee.triple",
        ][self as usize]
    }

    /// The trumps it shows with `players` in the deal (`tarot.poignee`).
    pub fn trumps(self, players: usize) -> usize {
        let sizes = match players {
            3 => [13, 15, 18],
            5 => [8, 10, 13],
            _ => [10, 13, 15],
        };
        sizes[self as usize]
    }
}

/// One poignée shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Poignee {
    pub by: usize,
    pub size: Size,
}

/// One deal as entered. Seats are the session's; points are counted in half points.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hand {
    pub taker: usize,
    pub contract: Contract,
    /// Five players with a partner called: the seat holding the called card; `Some(None)`: the
    /// taker alone (null); `None`: not given.
    pub called: Option<Option<usize>>,
    /// The seat out of this deal (five seats, option `five` = `dead`).
    pub dead: Option<usize>,
    pub bouts: u8,
    /// The attack's card points, in halves (0 to 182).
    pub halves: u32,
    pub petit: Option<Side>,
    pub poignees: Vec<Poignee>,
    pub chelem: Option<Side>,
    pub announced: bool,
}

impl Hand {
    /// The attack's card points as written: whole, or with a half.
    pub fn points_value(&self) -> Value {
        if self.halves.is_multiple_of(2) {
            json!(self.halves / 2)
        } else {
            json!(f64::from(self.halves) / 2.0)
        }
    }

    pub fn to_json(&self) -> Value {
        let mut o = serde_json::Map::new();
        o.insert("taker".into(), json!(self.taker));
        o.insert("contract".into(), json!(self.contract.id()));
        if let Some(c) = self.called {
            o.insert("called".into(), json!(c));
        }
        if let Some(d) = self.dead {
            o.insert("dead".into(), json!(d));
        }
        o.insert("bouts".into(), json!(self.bouts));
        o.insert("points".into(), self.points_value());
        if let Some(p) = self.petit {
            o.insert("petit_au_bout".into(), json!(p.id()));
        }
        if !self.poignees.is_empty() {
            let list: Vec<Value> = self
                .poignees
                .iter()
                .map(|p| json!({"by": p.by, "size": p.size.id()}))
                .collect();
            o.insert("poignees".into(), Value::Array(list));
        }
        if let Some(c) = self.chelem {
            o.insert("chelem".into(), json!(c.id()));
        }
        if self.announced {
            o.insert("chelem_announced".into(), json!(true));
        }
        Value::Object(o)
    }
}

/// The points written, in halves, or what is wrong with them.
fn halves(v: &Value) -> Result<u32, Msg> {
    let Some(x) = v.as_f64() else {
        return Err(json::wrong_type("points", "tarot.points_kind", v));
    };
    let h = x * 2.0;
    if !(0.0..=182.0).contains(&x) {
        return Err(msg!("tarot.err.points_range", points = json::quote(v)));
    }
    if h.fract() != 0.0 {
        return Err(msg!("tarot.err.points_half", points = json::quote(v)));
    }
    // Within 0..=182 and whole: exact.
    Ok(h as u32)
}

/// `r`'s value, or its problem kept.
fn take<T>(problems: &mut Vec<Msg>, r: Result<T, Msg>) -> Option<T> {
    match r {
        Ok(x) => Some(x),
        Err(m) => {
            problems.push(m);
            None
        }
    }
}

/// A seat number (checked against the deal's seats when it is played).
fn seat(field: &str, v: &Value) -> Result<usize, Msg> {
    json::int_in(field, v, 0, 1000).map(|n| n as usize)
}

pub fn decode_hand(v: &Value) -> Result<Hand, Vec<Msg>> {
    let o = Obj::of(v, Msg::new("json.what.deal")).map_err(|m| vec![m])?;
    let mut problems = Vec::new();
    let p = &mut problems;
    let taker = take(p, o.required("taker").and_then(|v| seat("taker", v)));
    let contract = take(
        p,
        o.required("contract").and_then(|v| {
            json::word("contract", v, &Contract::IDS)
                .map(|w| Contract::parse(w).unwrap_or(Contract::Prise))
        }),
    );
    let called = match o.get("called") {
        None => None,
        Some(Value::Null) => Some(None),
        Some(v) => take(p, seat("called", v)).map(Some),
    };
    let dead = o.present("dead").and_then(|v| take(p, seat("dead", v)));
    let bouts = take(
        p,
        o.required("bouts")
            .and_then(|v| json::int_in("bouts", v, 0, 3)),
    );
    let points = take(p, o.required("points").and_then(halves));
    let side = |field: &str, v: &Value| {
        json::word(field, v, &Side::IDS).map(|w| Side::parse(w).unwrap_or(Side::Attack))
    };
    let petit = o
        .present("petit_au_bout")
        .and_then(|v| take(p, side("petit_au_bout", v)));
    let chelem = o.present("chelem").and_then(|v| take(p, side("chelem", v)));
    let announced = match o.present("chelem_announced") {
        None => false,
        Some(Value::Bool(b)) => *b,
        Some(v) => {
            p.push(json::wrong_type("chelem_announced", "json.a_bool", v));
            false
        }
    };
    let mut poignees = Vec::new();
    if let Some(list) = o.present("poignees") {
        match json::array("poignees", list) {
            Ok(list) => {
                for item in list {
                    let read = Obj::of(item, Msg::new("json.what.poignee")).and_then(|p| {
                        let by = seat("by", p.required("by")?)?;
                        let size = json::word("size", p.required("size")?, &Size::IDS)?;
                        Ok(Poignee {
                            by,
                            size: Size::parse(size).unwrap_or(Size::Simple),
                        })
                    });
                    match read {
                        Ok(p) => poignees.push(p),
                        Err(m) => p.push(m),
                    }
                }
            }
            Err(m) => p.push(m),
        }
    }
    match (taker, contract, bouts, points) {
        (Some(taker), Some(contract), Some(bouts), Some(halves)) if problems.is_empty() => {
            Ok(Hand {
                taker,
                contract,
                called,
                dead,
                bouts: bouts as u8,
                halves,
                petit,
                poignees,
                chelem,
                announced,
            })
        }
        _ => Err(problems),
    }
}

/// A deal as written, for the fast path: read into JSON values, then checked as the careful
/// reader checks it (a deal is small; the careful reader is the one truth).
#[derive(serde::Deserialize)]
#[serde(transparent)]
pub struct Wire(pub(super) serde_json::Map<String, Value>);
