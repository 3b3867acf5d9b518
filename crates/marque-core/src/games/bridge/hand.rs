//! A deal as the table enters it: the contract (level, strain, doubling), the declarer, the
//! tricks, the honours; read from a session file by the careful reader or the fast one.

use crate::games::json::{self, Obj};
use crate::i18n::msg;
use crate::i18n::{Arg, Msg};
use serde::Serialize;
use serde_json::{Value, json};

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub enum Strain {
    #[serde(rename = "C")]
    Clubs,
    #[serde(rename = "D")]
    Diamonds,
    #[serde(rename = "H")]
    Hearts,
    #[serde(rename = "S")]
    Spades,
    #[serde(rename = "NT")]
    NoTrump,
}

impl Strain {
    pub const ALL: [Strain; 5] = [
        Strain::Clubs,
        Strain::Diamonds,
        Strain::Hearts,
        Strain::Spades,
        Strain::NoTrump,
    ];

    pub fn code(self) -> &'static str {
        match self {
            Strain::Clubs => "C",
            Strain::Diamonds => "D",
            Strain::Hearts => "H",
            Strain::Spades => "S",
            Strain::NoTrump => "NT",
        }
    }

    /// The strain as the table writes it: ♣ ♦ ♥ ♠, and SA / NT by language.
    pub fn symbol_key(self) -> &'static str {
        match self {
            Strain::Clubs => "bridge.strain.C",
            Strain::Diamonds => "bridge.strain.D",
            Strain::Hearts => "bridge.strain.H",
            Strain::Spades => "bridge.strain.S",
            Strain::NoTrump => "bridge.strain.NT",
        }
    }

    /// Points of one trick bid and made, first and later.
    pub(super) fn trick_points(self) -> (i64, i64) {
        match self {
            Strain::Clubs | Strain::Diamonds => (20, 20),
            Strain::Hearts | Strain::Spades => (30, 30),
            Strain::NoTrump => (40, 30),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Default)]
pub enum Doubling {
    #[default]
    None,
    Doubled,
    Redoubled,
}

impl Doubling {
    pub fn code(self) -> &'static str {
        match self {
            Doubling::None => "",
            Doubling::Doubled => "X",
            Doubling::Redoubled => "XX",
        }
    }
    pub(super) fn factor(self) -> i64 {
        match self {
            Doubling::None => 1,
            Doubling::Doubled => 2,
            Doubling::Redoubled => 4,
        }
    }
}

/// A contract's level, 1 to 7: checked when it is made, so that no other can exist.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Level(std::num::NonZeroU8);

impl Level {
    /// Every level, from 1.
    pub const ALL: [Level; 7] = [
        Level::at(1),
        Level::at(2),
        Level::at(3),
        Level::at(4),
        Level::at(5),
        Level::at(6),
        Level::at(7),
    ];

    /// Level `n`, if there is one.
    pub const fn new(n: u8) -> Option<Level> {
        match std::num::NonZeroU8::new(n) {
            Some(v) if n <= 7 => Some(Level(v)),
            _ => None,
        }
    }

    /// Level `n` of a table of levels (1 to 7; a wrong one does not compile).
    const fn at(n: u8) -> Level {
        match Level::new(n) {
            Some(l) => l,
            None => panic!("a level is 1 to 7"),
        }
    }

    pub const fn get(self) -> u8 {
        self.0.get()
    }
}

const _: () = assert!(
    Level::new(0).is_none() && Level::new(8).is_none(),
    "a level is 1 to 7"
);
const _: () = assert!(
    Level::ALL[0].get() == 1 && Level::ALL[6].get() == 7,
    "the levels run from 1 to 7"
);

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.get().fmt(f)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Contract {
    pub level: Level,
    pub strain: Strain,
    pub doubling: Doubling,
}

impl Contract {
    /// Reads `4S`, `3NTX`, `7CXX`.
    pub fn parse(s: &str) -> Option<Contract> {
        let level = Level::new(u8::try_from(s.chars().next()?.to_digit(10)?).ok()?)?;
        let rest = &s[1..];
        let (strain, rest) = Strain::ALL
            .iter()
            .rev()
            .find_map(|st| rest.strip_prefix(st.code()).map(|r| (*st, r)))?;
        let doubling = match rest {
            "" => Doubling::None,
            "X" => Doubling::Doubled,
            "XX" => Doubling::Redoubled,
            _ => return None,
        };
        Some(Contract {
            level,
            strain,
            doubling,
        })
    }

    pub fn code(&self) -> String {
        format!(
            "{}{}{}",
            self.level,
            self.strain.code(),
            self.doubling.code()
        )
    }

    /// Tricks the declaring side needs.
    pub fn needed(&self) -> u8 {
        6 + self.level.get()
    }

    /// The contract as shown: `4♠X`, `3SA`.
    pub fn display(&self) -> Msg {
        msg!(
            "bridge.contract",
            level = self.level.get(),
            strain = Arg::Key(self.strain.symbol_key()),
            doubling = self.doubling.code()
        )
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Seat {
    N,
    E,
    S,
    W,
}

impl Seat {
    pub const ALL: [Seat; 4] = [Seat::N, Seat::E, Seat::S, Seat::W];

    pub fn index(self) -> usize {
        self as usize
    }
    /// The partnership: 0 = NS, 1 = EW.
    pub fn side(self) -> usize {
        self.index() % 2
    }
    pub fn code(self) -> &'static str {
        ["N", "E", "S", "W"][self.index()]
    }
    pub fn name_key(self) -> &'static str {
        [
            "bridge.seat.N",
            "bridge.seat.E",
            "bridge.seat.S",
            "bridge.seat.W",
        ][self.index()]
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum HonoursKind {
    /// Four of the five trump honours in one hand.
    #[serde(rename = "4")]
    Four,
    /// All five trump honours in one hand.
    #[serde(rename = "5")]
    Five,
    /// The four aces in one hand, at no trump.
    #[serde(rename = "aces")]
    Aces,
}

impl HonoursKind {
    pub fn points(self) -> i64 {
        match self {
            HonoursKind::Four => 100,
            HonoursKind::Five | HonoursKind::Aces => 150,
        }
    }
    pub fn name_key(self) -> &'static str {
        match self {
            HonoursKind::Four => "bridge.honours.4",
            HonoursKind::Five => "bridge.honours.5",
            HonoursKind::Aces => "bridge.honours.aces",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Honours {
    pub side: usize,
    pub kind: HonoursKind,
}

/// Who deals deal `index` (from 0): North first, then each seat in turn clockwise.
pub fn dealer(index: usize) -> Seat {
    Seat::ALL[index % 4]
}

/// One deal as entered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Hand {
    PassedOut,
    Played {
        contract: Contract,
        declarer: Seat,
        tricks: u8,
        honours: Option<Honours>,
    },
}

impl Hand {
    pub fn to_json(&self) -> Value {
        match self {
            Hand::PassedOut => json!({ "contract": "pass" }),
            Hand::Played {
                contract,
                declarer,
                tricks,
                honours,
            } => {
                let mut v = json!({ "contract": contract.code(), "declarer": declarer.code(), "tricks": tricks });
                if let Some(h) = honours {
                    v["honours"] = json!({ "side": SIDES[h.side], "kind": h.kind });
                }
                v
            }
        }
    }
}

pub fn decode_hand(v: &Value) -> Result<Hand, Vec<Msg>> {
    let o = Obj::of(v, Msg::new("json.what.deal")).map_err(|m| vec![m])?;
    let cv = o.required("contract").map_err(|m| vec![m])?;
    let cs = json::string("contract", cv).map_err(|m| vec![m])?;
    if cs == "pass" {
        let extra: Vec<&str> = ["declarer", "tricks", "honours"]
            .into_iter()
            .filter(|k| o.present(k).is_some())
            .collect();
        if !extra.is_empty() {
            return Err(vec![msg!(
                "bridge.err.pass_with",
                fields = extra.join(", ")
            )]);
        }
        return Ok(Hand::PassedOut);
    }
    let mut problems = Vec::new();
    let contract = Contract::parse(cs);
    if contract.is_none() {
        problems.push(msg!("bridge.err.contract", value = json::quote(cv)));
    }
    let declarer = match o
        .required("declarer")
        .and_then(|d| json::word("declarer", d, &["N", "E", "S", "W"]))
    {
        Ok(d) => Seat::ALL.into_iter().find(|s| s.code() == d),
        Err(m) => {
            problems.push(m);
            None
        }
    };
    let tricks = match o
        .required("tricks")
        .and_then(|t| json::int_in("tricks", t, 0, 13))
    {
        Ok(t) => Some(t as u8),
        Err(m) => {
            problems.push(m);
            None
        }
    };
    let mut honours = None;
    if let Some(hv) = o.present("honours") {
        match decode_honours(hv) {
            Ok(h) => honours = Some(h),
            Err(m) => problems.push(m),
        }
    }
    if let (Some(c), Some(h)) = (contract, honours) {
        let nt = c.strain == Strain::NoTrump;
        if nt != (h.kind == HonoursKind::Aces) {
            problems.push(if nt {
                Msg::new("bridge.err.honours_nt")
            } else {
                Msg::new("bridge.err.aces_suit")
            });
        }
    }
    match (contract, declarer, tricks) {
        (Some(contract), Some(declarer), Some(tricks)) if problems.is_empty() => Ok(Hand::Played {
            contract,
            declarer,
            tricks,
            honours,
        }),
        _ => Err(problems),
    }
}

/// A deal as written, for the fast path.
#[derive(serde::Deserialize)]
pub struct Wire<'a> {
    #[serde(borrow)]
    contract: &'a str,
    #[serde(default, borrow)]
    declarer: Option<&'a str>,
    #[serde(default)]
    tricks: Option<i64>,
    #[serde(default, borrow)]
    honours: Option<crate::games::kit::MapOnly<WireHonours<'a>>>,
}

#[derive(serde::Deserialize)]
pub struct WireHonours<'a> {
    #[serde(borrow)]
    side: &'a str,
    #[serde(borrow)]
    kind: &'a str,
}

/// [`decode_hand`] for a well-formed deal, as written.
pub(super) fn from_wire(w: Wire<'_>) -> Option<Hand> {
    if w.contract == "pass" {
        let alone = w.declarer.is_none() && w.tricks.is_none() && w.honours.is_none();
        return alone.then_some(Hand::PassedOut);
    }
    let contract = Contract::parse(w.contract)?;
    let declarer = Seat::ALL
        .into_iter()
        .find(|s| Some(s.code()) == w.declarer)?;
    let tricks = u8::try_from(w.tricks?).ok().filter(|t| *t <= 13)?;
    let honours = match w.honours {
        None => None,
        Some(crate::games::kit::MapOnly(h)) => {
            let side = SIDES.iter().position(|s| *s == h.side)?;
            let kind = match h.kind {
                "4" => HonoursKind::Four,
                "5" => HonoursKind::Five,
                "aces" => HonoursKind::Aces,
                _ => return None,
            };
            if (contract.strain == Strain::NoTrump) != (kind == HonoursKind::Aces) {
                return None;
            }
            Some(Honours { side, kind })
        }
    };
    Some(Hand::Played {
        contract,
        declarer,
        tricks,
        honours,
    })
}

pub(super) fn decode_honours(v: &Value) -> Result<Honours, Msg> {
    let o = Obj::of(v, Msg::new("json.what.honours"))?;
    let side = json::word("honours.side", o.required("side")?, &SIDES)?;
    let kind = match json::word("honours.kind", o.required("kind")?, &["4", "5", "aces"])? {
        "4" => HonoursKind::Four,
        "5" => HonoursKind::Five,
        _ => HonoursKind::Aces,
    };
    Ok(Honours {
        side: usize::from(side == "EW"),
        kind,
    })
}

/// The two partnerships: 0 = North–South, 1 = East–West.
pub const SIDES: [&str; 2] = ["NS", "EW"];
