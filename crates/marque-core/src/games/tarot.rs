//! Le Tarot, by the Fédération Française de Tarot's rules: the taker's contract against the
//! defence, (25 + margin) × coefficient, the petit au bout, poignées, chelems, the taker's share
//! against two, three or four defenders, the called partner (or the mort) at five. "Donnes
//! libres": every deal scores, no target.
//!
//! Rules: `tarot.cards`, `tarot.needed`, `tarot.half`, `tarot.contract`, `tarot.petit`,
//! `tarot.poignee`, `tarot.chelem`, `tarot.chelem.defence`, `tarot.marque`, `tarot.five`,
//! `tarot.dead`, `tarot.rounding`, `tarot.end`.

use std::sync::Arc;

use serde::Serialize;
use serde_json::{Value, json};

use super::json::{self, Obj};
use super::kit::{Line, OptDesc, OptKind, Scored};
use crate::games::kit::RuleId;
use crate::games::table::Playing;
use crate::i18n::msg;
use crate::i18n::{Arg, Msg};

/// The game's rule ids, as its lines and the rules screen name them.
pub mod rule {
    use crate::games::kit::RuleId;

    pub const CARDS: RuleId = RuleId::new("tarot.cards");
    pub const NEEDED: RuleId = RuleId::new("tarot.needed");
    pub const HALF: RuleId = RuleId::new("tarot.half");
    pub const CONTRACT: RuleId = RuleId::new("tarot.contract");
    pub const PETIT: RuleId = RuleId::new("tarot.petit");
    pub const POIGNEE: RuleId = RuleId::new("tarot.poignee");
    pub const CHELEM: RuleId = RuleId::new("tarot.chelem");
    pub const CHELEM_DEFENCE: RuleId = RuleId::new("tarot.chelem.defence");
    pub const MARQUE: RuleId = RuleId::new("tarot.marque");
    pub const FIVE: RuleId = RuleId::new("tarot.five");
    pub const DEAD: RuleId = RuleId::new("tarot.dead");
    pub const ROUNDING: RuleId = RuleId::new("tarot.rounding");
    pub const END: RuleId = RuleId::new("tarot.end");
}

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

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// At five seats: a called partner (`call`), or four play and the fifth sits out (`dead`).
    pub five_dead: bool,
    /// Poignées worth 20, 40, 60 (a family habit) instead of the FFT's 20, 30, 40.
    pub poignee_high: bool,
    /// The margin rounded to this (1: to the point).
    pub rounding: i64,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            five_dead: false,
            poignee_high: false,
            rounding: 1,
        }
    }
}

/// As the session file writes them: `five`, `poignee`, `rounding`.
impl Serialize for Options {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        json!({
            "five": if self.five_dead { "dead" } else { "call" },
            "poignee": if self.poignee_high { "20-40-60" } else { "20-30-40" },
            "rounding": self.rounding,
        })
        .serialize(s)
    }
}

impl Options {
    pub const KEYS: [&'static str; 3] = ["five", "poignee", "rounding"];

    pub fn from_json(v: Option<&Value>) -> Result<Options, Vec<Msg>> {
        let mut o = Options::default();
        json::options(v, &Self::KEYS, |k, val| {
            match k {
                "five" => o.five_dead = json::word(k, val, &["call", "dead"])? == "dead",
                "poignee" => {
                    o.poignee_high = json::word(k, val, &["20-30-40", "20-40-60"])? == "20-40-60";
                }
                _ => {
                    o.rounding = match val.as_i64() {
                        Some(r @ (1 | 5 | 10)) => r,
                        _ => {
                            return Err(msg!(
                                "json.not_allowed",
                                field = "rounding",
                                value = json::quote(val),
                                allowed = "1, 5, 10"
                            ));
                        }
                    };
                }
            }
            Ok(())
        })?;
        Ok(o)
    }

    /// What a poignée is worth.
    pub fn poignee(&self, size: Size) -> i64 {
        let values = if self.poignee_high {
            [20, 40, 60]
        } else {
            [20, 30, 40]
        };
        values[size as usize]
    }
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
        return Err(json::wrong_type("points", "json.a_number", v));
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
pub struct Wire(serde_json::Map<String, Value>);

/// Facts of one scored deal, as `marque score` prints them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Info {
    /// The taker's seat, then the partner's.
    pub attack: Vec<usize>,
    pub won: bool,
    pub needed: i64,
    pub margin: i64,
    pub per_defender: i64,
    /// The seats in the deal.
    #[serde(skip)]
    pub seats: Vec<usize>,
}

/// A partie in progress.
#[derive(Debug, Clone)]
pub struct Game {
    players: Vec<Arc<str>>,
    options: Options,
    totals: Vec<i64>,
    playing: Playing,
    deals: usize,
    quiet: bool,
}

/// The points the attack needs with `bouts` (`tarot.needed`).
pub fn needed(bouts: u8) -> i64 {
    [56, 51, 41, 36][usize::from(bouts.min(3))]
}

/// What a deal comes to per defender, seen from the attack, and how.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Count {
    pub won: bool,
    pub needed: i64,
    /// After `tarot.half` and the rounding.
    pub margin: i64,
    pub contract: i64,
    pub petit: i64,
    pub poignees: i64,
    pub chelem: i64,
    pub chelem_defence: i64,
}

impl Count {
    pub fn per_defender(&self) -> i64 {
        self.contract + self.petit + self.poignees + self.chelem + self.chelem_defence
    }
}

/// The count of `hand` under `options` (its checks passed).
pub fn count(hand: &Hand, options: &Options) -> Count {
    let needed = needed(hand.bouts);
    let points = i64::from(hand.halves);
    let won = points >= 2 * needed;
    // |points − needed| rounded up (`tarot.half`), then to the table's rounding.
    let raw = ((points - 2 * needed).abs() + 1) / 2;
    let r = options.rounding.max(1);
    let margin = (2 * raw + r) / (2 * r) * r;
    let sign = if won { 1 } else { -1 };
    let coef = hand.contract.coefficient();
    let petit = match hand.petit {
        Some(Side::Attack) => 10 * coef,
        Some(Side::Defence) => -10 * coef,
        None => 0,
    };
    let poignees: i64 = hand
        .poignees
        .iter()
        .map(|p| sign * options.poignee(p.size))
        .sum();
    let chelem = match (hand.chelem, hand.announced) {
        (Some(Side::Attack), true) => 400,
        (Some(Side::Attack), false) => 200,
        (_, true) => -200,
        _ => 0,
    };
    let chelem_defence = if hand.chelem == Some(Side::Defence) {
        -200
    } else {
        0
    };
    Count {
        won,
        needed,
        margin,
        contract: sign * (25 + margin) * coef,
        petit,
        poignees,
        chelem,
        chelem_defence,
    }
}

impl Game {
    pub fn new(players: &[String], options: &Options) -> Game {
        Game {
            players: players.iter().map(|p| Arc::from(p.as_str())).collect(),
            options: options.clone(),
            totals: vec![0; players.len()],
            playing: Playing::all(players.len()),
            deals: 0,
            quiet: false,
        }
    }

    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The seats still at the table.
    pub fn playing(&self) -> Vec<usize> {
        self.playing.seats().collect()
    }

    /// Whether the next deal names a seat out (five seats, option `five` = `dead`).
    pub fn has_dead(&self) -> bool {
        self.options.five_dead && self.playing.count() == 5
    }

    /// Whether the next deal names a called partner (five players in it).
    pub fn calls(&self) -> bool {
        !self.options.five_dead && self.playing.count() == 5
    }

    /// The seat out of the next deal, in turn (`tarot.dead`).
    pub fn dead_in_turn(&self) -> Option<usize> {
        let seats = self.playing();
        self.has_dead()
            .then(|| seats.get(self.deals % seats.len().max(1)).copied())
            .flatten()
    }

    /// What is wrong with `hand` at this table, each said.
    pub fn check(&self, hand: &Hand) -> Vec<Msg> {
        let mut problems = Vec::new();
        let seats = self.playing();
        let allowed = |list: &[usize]| {
            list.iter()
                .map(usize::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        };
        let dead = self.has_dead();
        match (dead, hand.dead) {
            (true, None) => problems.push(Msg::new("tarot.err.dead_missing")),
            (false, Some(_)) => problems.push(Msg::new("tarot.err.dead_not_here")),
            (true, Some(d)) if !seats.contains(&d) => problems.push(msg!(
                "tarot.err.seat",
                field = "dead",
                seat = d,
                allowed = allowed(&seats)
            )),
            _ => {}
        }
        let in_deal: Vec<usize> = seats
            .iter()
            .copied()
            .filter(|s| Some(*s) != hand.dead)
            .collect();
        let n = in_deal.len();
        let seat_ok = |field: &str, s: usize, problems: &mut Vec<Msg>| {
            if !in_deal.contains(&s) {
                problems.push(msg!(
                    "tarot.err.seat",
                    field = field,
                    seat = s,
                    allowed = allowed(&in_deal)
                ));
            }
        };
        seat_ok("taker", hand.taker, &mut problems);
        match (n, hand.called) {
            (5, None) => problems.push(Msg::new("tarot.err.called_missing")),
            (5, Some(Some(c))) => seat_ok("called", c, &mut problems),
            (_, Some(Some(_))) => problems.push(Msg::new("tarot.err.called_not_here")),
            _ => {}
        }
        if n == 4 && !hand.halves.is_multiple_of(2) {
            problems.push(Msg::new("tarot.err.points_whole"));
        }
        let (lo, hi) = (8 * u32::from(hand.bouts), 158 + 8 * u32::from(hand.bouts));
        if hand.halves < lo || hand.halves > hi {
            problems.push(msg!(
                "tarot.err.points_bouts",
                points = half_text(hand.halves),
                bouts = i64::from(hand.bouts),
                lo = half_text(lo),
                hi = half_text(hi)
            ));
        }
        let mut shown = Vec::new();
        let mut trumps = 0;
        for p in &hand.poignees {
            seat_ok("by", p.by, &mut problems);
            if shown.contains(&p.by) {
                problems.push(msg!("tarot.err.poignee_twice", seat = p.by));
            }
            shown.push(p.by);
            trumps += p.size.trumps(n);
        }
        if trumps > 22 {
            problems.push(msg!("tarot.err.poignees_cards", trumps = trumps as i64));
        }
        let made = i64::from(hand.halves) >= 2 * needed(hand.bouts);
        match hand.chelem {
            Some(Side::Attack) if !made => problems.push(Msg::new("tarot.err.chelem_attack")),
            Some(Side::Defence) if made => problems.push(Msg::new("tarot.err.chelem_defence")),
            _ => {}
        }
        problems
    }

    pub fn play(&mut self, hand: &Hand) -> Result<Scored<Info>, Vec<Msg>> {
        let problems = self.check(hand);
        if !problems.is_empty() {
            return Err(problems);
        }
        let in_deal: Vec<usize> = self
            .playing
            .seats()
            .filter(|s| Some(*s) != hand.dead)
            .collect();
        let partner = match hand.called {
            Some(Some(c)) if c != hand.taker => Some(c),
            _ => None,
        };
        let defenders: Vec<usize> = in_deal
            .iter()
            .copied()
            .filter(|s| *s != hand.taker && Some(*s) != partner)
            .collect();
        let c = count(hand, &self.options);
        let v = c.per_defender();
        // `tarot.marque`: the taker takes each defender's part, less the partner's.
        let taker_times = defenders.len() as i64 - i64::from(partner.is_some());
        let share = |seat: usize, x: i64| -> i64 {
            if seat == hand.taker {
                x * taker_times
            } else if Some(seat) == partner {
                x
            } else {
                -x
            }
        };
        let n = self.players.len();
        let mut delta = vec![0; n];
        for &s in &in_deal {
            delta[s] = share(s, v);
            self.totals[s] += delta[s];
        }
        let mut lines = Vec::new();
        if !self.quiet {
            let coef = hand.contract.coefficient();
            let contract_text = msg!(
                if c.won {
                    "tarot.line.made"
                } else {
                    "tarot.line.down"
                },
                contract = Arg::Key(hand.contract.name_key()),
                bouts = i64::from(hand.bouts),
                needed = c.needed,
                points = points_arg(hand.halves),
                margin = c.margin,
                coef = coef,
                value = c.contract.abs()
            );
            let mut parts: Vec<(RuleId, i64, Msg)> =
                vec![(rule::CONTRACT, c.contract, contract_text)];
            if let Some(side) = hand.petit {
                parts.push((
                    rule::PETIT,
                    c.petit,
                    msg!(
                        "tarot.line.petit",
                        side = Arg::Key(side.name_key()),
                        coef = coef,
                        value = c.petit.abs()
                    ),
                ));
            }
            for p in &hand.poignees {
                let value = self.options.poignee(p.size);
                let who = self
                    .players
                    .get(p.by)
                    .map_or_else(String::new, |s| s.to_string());
                parts.push((
                    rule::POIGNEE,
                    if c.won { value } else { -value },
                    msg!(
                        "tarot.line.poignee",
                        size = Arg::Key(p.size.name_key()),
                        player = who,
                        value = value,
                        won = Arg::Key(if c.won {
                            "tarot.side.attack"
                        } else {
                            "tarot.side.defence"
                        })
                    ),
                ));
            }
            if c.chelem != 0 {
                let key = match (hand.chelem, hand.announced) {
                    (Some(Side::Attack), true) => "tarot.line.chelem_announced",
                    (Some(Side::Attack), false) => "tarot.line.chelem",
                    _ => "tarot.line.chelem_failed",
                };
                parts.push((rule::CHELEM, c.chelem, Msg::new(key)));
            }
            if c.chelem_defence != 0 {
                parts.push((
                    rule::CHELEM_DEFENCE,
                    c.chelem_defence,
                    Msg::new("tarot.line.chelem_defence"),
                ));
            }
            for (rule, x, text) in parts {
                for &s in &in_deal {
                    lines.push(Line::new(s, share(s, x), rule, text.clone()));
                }
            }
        }
        self.deals += 1;
        let mut attack = vec![hand.taker];
        attack.extend(partner);
        Ok(Scored {
            delta,
            lines,
            info: Info {
                attack,
                won: c.won,
                needed: c.needed,
                margin: c.margin,
                per_defender: v,
                seats: in_deal,
            },
        })
    }

    pub fn totals(&self) -> Vec<i64> {
        self.totals.clone()
    }

    /// "Donnes libres": no natural end (`tarot.end`); the session ends when it is closed.
    pub fn finished(&self) -> bool {
        false
    }
}

/// The attack's points as a message argument: whole, or with a half as each language writes it
/// ("40,5", "40.5").
fn points_arg(halves: u32) -> Arg {
    if halves.is_multiple_of(2) {
        Arg::Int(i64::from(halves / 2))
    } else {
        Arg::Msg(Box::new(msg!(
            "tarot.points.half",
            n = i64::from(halves / 2)
        )))
    }
}

/// Half points as the table writes them: "49", "40,5" is the locale's; here "40.5".
fn half_text(halves: u32) -> String {
    if halves.is_multiple_of(2) {
        (halves / 2).to_string()
    } else {
        format!("{}.5", halves / 2)
    }
}

super::kit::figures!(Sum {
    Deals = "deals",
    Taken = "taken",
    Made = "made",
    Points = "points",
    TakenPrise = "taken_prise",
    MadePrise = "made_prise",
    TakenGarde = "taken_garde",
    MadeGarde = "made_garde",
    TakenGardeSans = "taken_garde_sans",
    MadeGardeSans = "made_garde_sans",
    TakenGardeContre = "taken_garde_contre",
    MadeGardeContre = "made_garde_contre",
});
super::kit::figures!(Best { Deal = "best_deal" });

impl super::rules::Rules for Game {
    const EVENTS: &'static [crate::games::table::EventKind] = &crate::games::table::EventKind::ALL;
    rules_from_module!();

    const SUMS: &'static [&'static str] = Sum::NAMES;
    const BESTS: &'static [&'static str] = Best::NAMES;
    const RATIOS: &'static [super::kit::Ratio] = &[super::kit::Ratio {
        name: "made_rate",
        over: "made",
        by: "taken",
    }];
    /// Each seat's deals and points, each taker's deals taken and made (in all and by
    /// contract), the best deal.
    fn tally(hand: &Hand, info: &Info, delta: &[i64], seats: &mut [super::kit::Tally]) {
        for &s in &info.seats {
            let Some(t) = seats.get_mut(s) else {
                continue;
            };
            let points = delta.get(s).copied().unwrap_or(0);
            t.add(Sum::Deals as usize, 1);
            t.add(Sum::Points as usize, points);
            t.best(Best::Deal as usize, points);
            if info.attack.first() == Some(&s) {
                let (taken, made) = match hand.contract {
                    Contract::Prise => (Sum::TakenPrise, Sum::MadePrise),
                    Contract::Garde => (Sum::TakenGarde, Sum::MadeGarde),
                    Contract::GardeSans => (Sum::TakenGardeSans, Sum::MadeGardeSans),
                    Contract::GardeContre => (Sum::TakenGardeContre, Sum::MadeGardeContre),
                };
                for (sum, made_sum) in [(Sum::Taken, Sum::Made), (taken, made)] {
                    t.add(sum as usize, 1);
                    t.add(made_sum as usize, i64::from(info.won));
                }
            }
        }
    }

    /// The seat out (the mort), or one not at the table, was not in the deal.
    fn took_part(_hand: &Hand, info: &Info, seat: usize) -> bool {
        info.seats.contains(&seat)
    }

    const ID: &'static str = "tarot";
    const NAME_KEY: &'static str = "game.tarot";
    const HAND_NOUN: &'static str = "noun.tarot.hand";
    const HAND_WORD: &'static str = "noun.tarot.word";
    const HAND_COUNT: &'static str = "noun.tarot.count";
    const HAND_TITLE: &'static str = "noun.tarot.title";
    const BEST_HAND: &'static str = "stats.best_hand.tarot";
    const PLAYERS: (usize, usize) = (3, 5);
    const OPTIONS: &'static [OptDesc] = &[
        OptDesc::new("five", OptKind::Words(&["call", "dead"])),
        OptDesc::new("poignee", OptKind::Words(&["20-30-40", "20-40-60"])),
        OptDesc::new("rounding", OptKind::Numbers(&[1, 5, 10])),
    ];
    const RULES: &'static [RuleId] = &[
        rule::CARDS,
        rule::NEEDED,
        rule::HALF,
        rule::CONTRACT,
        rule::PETIT,
        rule::POIGNEE,
        rule::CHELEM,
        rule::CHELEM_DEFENCE,
        rule::MARQUE,
        rule::FIVE,
        rule::DEAD,
        rule::ROUNDING,
        rule::END,
    ];
    const HAND_FIELDS: &'static [&'static str] = &[
        "taker",
        "contract",
        "called",
        "dead",
        "bouts",
        "points",
        "petit_au_bout",
        "poignees",
        "chelem",
        "chelem_announced",
    ];

    fn read_options(v: Option<&Value>, _players: usize) -> Result<Options, Vec<Msg>> {
        Options::from_json(v)
    }
    seats_come_and_go!();
    fn decode(v: &Value, _players: usize, _options: &Options) -> Result<Hand, Vec<Msg>> {
        decode_hand(v)
    }
    type Wire<'de> = Wire;
    fn from_wire(w: Wire, _players: usize, _options: &Options) -> Option<Hand> {
        decode_hand(&Value::Object(w.0)).ok()
    }
    /// The taker's share of a line, written out (`tarot.marque`): each defender's part times
    /// the defenders it takes it from (less the partner's), `66 × 3 = 198`. Other seats' lines
    /// say their part whole.
    fn count(&self, _hand: &Hand, info: &Info, line: &Line) -> Option<String> {
        if info.attack.first() != Some(&line.side) {
            return None;
        }
        let defenders = info.seats.len().saturating_sub(info.attack.len()) as i64;
        let times = defenders - i64::from(info.attack.len() > 1);
        (times > 1).then(|| {
            format!(
                "{} × {times} = {}",
                super::kit::number(line.points / times),
                super::kit::number(line.points)
            )
        })
    }
    fn label(hand: &Hand, info: &Info, _index: usize, players: &[String]) -> Msg {
        let name = |s: usize| players.get(s).cloned().unwrap_or_else(|| s.to_string());
        let taker = match info.attack.get(1) {
            Some(p) => msg!("tarot.label.pair", a = name(hand.taker), b = name(*p)),
            None => Msg::new("tarot.label.alone").with("name", name(hand.taker)),
        };
        msg!(
            if info.won {
                "tarot.label.made"
            } else {
                "tarot.label.down"
            },
            contract = Arg::Key(hand.contract.name_key()),
            taker = taker,
            margin = info.margin
        )
    }
    fn state(&self, players: &[String], _next: usize) -> Msg {
        match self.dead_in_turn() {
            Some(d) => msg!(
                "tarot.state.dead",
                player = players.get(d).cloned().unwrap_or_default()
            ),
            None => Msg::new("tarot.state"),
        }
    }
}

impl super::face::Face for Game {
    const USUAL_PLAYERS: usize = 4;
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, reason = "tests fail loudly")]
    use super::*;

    /// Options written as the file reads them back.
    #[test]
    fn options_are_written_as_read() {
        for text in [
            json!({}),
            json!({"five": "dead", "poignee": "20-40-60", "rounding": 10}),
            json!({"five": "call", "rounding": 5}),
        ] {
            let o = Options::from_json(Some(&text)).unwrap();
            let written = serde_json::to_value(&o).unwrap();
            assert_eq!(Options::from_json(Some(&written)).unwrap(), o, "{written}");
        }
    }

    /// Every deal's seats add up to 0, and made is exactly points ≥ needed (half points to
    /// the winning side), across contracts, bouts, points and extras, at 3, 4 and 5.
    #[test]
    fn every_deal_adds_up_to_zero_and_made_is_points_against_needed() {
        let options = Options::default();
        for players in 3..=5usize {
            let names: Vec<String> = (0..players).map(|k| format!("P{k}")).collect();
            for contract in Contract::ALL {
                for bouts in 0..=3u8 {
                    for halves in (8 * u32::from(bouts))..=(158 + 8 * u32::from(bouts)) {
                        if players == 4 && !halves.is_multiple_of(2) {
                            continue;
                        }
                        let hand = Hand {
                            taker: 0,
                            contract,
                            called: (players == 5).then_some(Some(players - 1)),
                            dead: None,
                            bouts,
                            halves,
                            petit: (halves % 3 == 0).then_some(Side::Defence),
                            poignees: vec![Poignee {
                                by: 1,
                                size: Size::Simple,
                            }],
                            chelem: None,
                            announced: false,
                        };
                        let mut g = Game::new(&names, &options);
                        let scored = g.play(&hand).unwrap();
                        assert_eq!(scored.delta.iter().sum::<i64>(), 0, "{hand:?}");
                        let made = f64::from(halves) / 2.0 >= needed(bouts) as f64;
                        assert_eq!(scored.info.won, made, "{hand:?}");
                        let lines: i64 = scored.lines.iter().map(|l| l.points).sum();
                        assert_eq!(lines, 0);
                    }
                }
            }
        }
    }
}
