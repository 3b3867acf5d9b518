//! A hand's keys as a phone shows them (the room as a table terminal): for the next hand of
//! any game, each group of keys in the table's order, with the likely value chosen where
//! there is one, and what the keys said read back as the hand a session's file writes. The
//! rules check that hand as they check any other; pages draw the keys, this says what they
//! are.

use serde_json::{Map, Value, json};

use super::all::Live;
use super::bridge::Seat;
use crate::i18n::{Lang, Msg, msg, tr};

/// How a group is keyed: one key among several, or a number typed.
#[derive(Debug, Clone, PartialEq)]
pub enum Input {
    /// Each value with its label.
    Keys(Vec<(String, String)>),
    /// A number from `min` to `max`, by `step`.
    Number { min: f64, max: f64, step: f64 },
}

/// One group of keys: the form's field, its legend, how it is keyed, and the value chosen
/// before anything is touched.
#[derive(Debug, Clone, PartialEq)]
pub struct Group {
    pub field: String,
    pub legend: String,
    pub input: Input,
    pub checked: Option<String>,
}

impl Group {
    fn keys(field: impl Into<String>, legend: String, keys: Vec<(String, String)>) -> Group {
        Group {
            field: field.into(),
            legend,
            input: Input::Keys(keys),
            checked: None,
        }
    }

    fn number(
        field: impl Into<String>,
        legend: String,
        (min, max, step): (f64, f64, f64),
    ) -> Group {
        Group {
            field: field.into(),
            legend,
            input: Input::Number { min, max, step },
            checked: None,
        }
    }

    fn checked(mut self, value: impl Into<String>) -> Group {
        self.checked = Some(value.into());
        self
    }
}

/// A field's value as posted.
pub trait Get<'a>: Fn(&str) -> Option<&'a str> {}
impl<'a, F: Fn(&str) -> Option<&'a str>> Get<'a> for F {}

fn missing(what: Msg) -> Msg {
    msg!("club.keys.missing", what = what)
}

/// The keys of the next hand of the game `before` (as it stands before it), whose seats
/// `seats` play it, held by `players` (in the order a hand lists them), in `lang`.
pub fn groups(before: &Live, seats: &[usize], players: &[String], lang: Lang) -> Vec<Group> {
    match before {
        Live::Bridge(_) => {
            let seat = |i: usize| {
                let word = tr(lang, Seat::ALL[i].name_key());
                players
                    .get(i)
                    .map_or(word.clone(), |n| format!("{word} — {n}"))
            };
            bridge(lang, [seat(0), seat(1), seat(2), seat(3)])
        }
        Live::Truc(_) => truc(players, lang),
        Live::Ascenseur(g) => {
            let k = g.next_round();
            if k >= g.plan().rounds() {
                return Vec::new();
            }
            let r = g.plan().round(k);
            ascenseur(players, &g.plan().bidding_order(k), r.cards, lang)
        }
        Live::Le2500(_) => le2500(players, lang),
        Live::Democratie(_) => democratie(players, lang),
        Live::Tarot(g) => tarot(g, seats, players, lang),
    }
}

/// What the keys said (`get`: a field's value, as posted) as the next hand of `before`, in
/// the session file's words; what is missing or out of range, in words. The rules check the
/// rest, as for any hand.
pub fn hand_of<'a>(before: &Live, seats: &[usize], get: impl Get<'a>) -> Result<Value, Msg> {
    match before {
        Live::Bridge(_) => bridge_deal(&get),
        Live::Truc(_) => truc_deal(&get),
        Live::Ascenseur(_) => {
            let each = |what: &str, legend: &'static str| -> Result<Vec<i64>, Msg> {
                (0..seats.len())
                    .map(|p| whole(&get, &format!("{what}{p}"), Msg::new(legend)))
                    .collect()
            };
            Ok(json!({"bids": each("bid", "keys.asc.bids")?,
                      "tricks": each("tricks", "keys.asc.tricks")?}))
        }
        Live::Le2500(_) => {
            let frime = get("frime").filter(|f| !f.is_empty());
            let Some(frime) = frime else {
                return Err(missing(Msg::new("keys.2500.frime")));
            };
            let each = |what: &str, legend: &'static str| -> Result<Vec<i64>, Msg> {
                (0..seats.len())
                    .map(|p| whole(&get, &format!("{what}{p}"), Msg::new(legend)))
                    .collect()
            };
            Ok(
                json!({"frime": frime, "laid": each("laid", "keys.2500.laid")?,
                      "hand": each("hand", "keys.2500.hand")?}),
            )
        }
        Live::Democratie(_) => {
            let mut captured = Vec::new();
            for p in 0..seats.len() {
                let mut suits = Map::new();
                for s in SUITS {
                    let n = whole(&get, &format!("{s}{p}"), Msg::new("keys.demo.points"))?;
                    suits.insert(s.to_string(), json!(n));
                }
                captured.push(Value::Object(suits));
            }
            Ok(json!({ "captured": captured }))
        }
        Live::Tarot(g) => tarot_deal(g, &get),
    }
}

/// The bid the keys said so far (`get`: a field's value, as the form now holds it), as a
/// partial hand [`crate::stakes::stakes`] takes: bridge's contract and declarer, Le Tarot's
/// taker and contract (the bouts and the petit au bout once keyed), each ascenseur bid, the
/// truc deal as called. None while the bid is not whole, and in a game with no bid.
pub fn bid_of<'a>(before: &Live, seats: &[usize], get: impl Get<'a>) -> Option<Value> {
    match before {
        Live::Bridge(_) => bridge_bid(&get),
        Live::Truc(_) => {
            let mut deal =
                truc_deal(&|k: &str| if k == "winner" { Some("0") } else { get(k) }).ok()?;
            deal.as_object_mut()?.remove("winner");
            Some(deal)
        }
        Live::Ascenseur(_) => {
            let bids = (0..seats.len())
                .map(|p| get(&format!("bid{p}"))?.trim().parse::<i64>().ok())
                .collect::<Option<Vec<i64>>>()?;
            Some(json!({ "bids": bids }))
        }
        Live::Le2500(_) | Live::Democratie(_) => None,
        Live::Tarot(g) => {
            let seat = |f: &str| get(f).and_then(|v| v.parse::<usize>().ok());
            let contract = get("contract")
                .filter(|c| super::tarot::Contract::ALL.iter().any(|k| k.id() == *c))?;
            let taker = seat("taker")?;
            let mut bid = json!({"taker": taker, "contract": contract});
            if g.has_dead() {
                bid["dead"] = json!(seat("dead")?);
            }
            if g.calls() {
                bid["called"] = match get("called")? {
                    "alone" => json!(taker),
                    _ => json!(seat("called")?),
                };
            }
            if let Some(b) = get("bouts").and_then(|b| b.parse::<u8>().ok()) {
                bid["bouts"] = json!(b);
            }
            if let Some(side @ ("attack" | "defence")) = get("pab") {
                bid["petit_au_bout"] = json!(side);
            }
            Some(bid)
        }
    }
}

/// Démocratie's suits, as a session file writes them.
const SUITS: [&str; 4] = ["S", "H", "D", "C"];

/// A whole number keyed in field `field` (`what`: its legend, said when it is missing).
fn whole<'a>(get: &impl Get<'a>, field: &str, what: Msg) -> Result<i64, Msg> {
    match get(field).map(str::trim).map(str::parse::<i64>) {
        Some(Ok(n)) => Ok(n),
        _ => Err(missing(what)),
    }
}

/// A bridge deal's keys: the contract's level or passed out, its strain, doubled, the
/// declarer (`seats`: each seat's label, N E S W), the result made exactly by default.
pub fn bridge(lang: Lang, seats: [String; 4]) -> Vec<Group> {
    let mut levels: Vec<(String, String)> =
        (1..=7).map(|l| (l.to_string(), l.to_string())).collect();
    levels.push(("pass".into(), tr(lang, "club.keys.pass")));
    let strains: Vec<(String, String)> = [("C", "♣"), ("D", "♦"), ("H", "♥"), ("S", "♠")]
        .iter()
        .map(|(v, s)| ((*v).to_string(), (*s).to_string()))
        .chain([("NT".to_string(), tr(lang, "club.keys.nt"))])
        .collect();
    let doubled = vec![
        (String::new(), "—".to_string()),
        ("X".into(), "X".into()),
        ("XX".into(), "XX".into()),
    ];
    let seats = Seat::ALL
        .iter()
        .zip(seats)
        .map(|(seat, label)| (seat.code().to_string(), label))
        .collect();
    let results = (-13..=6i64)
        .rev()
        .map(|r| {
            let label = match r {
                0 => "=".to_string(),
                r if r > 0 => format!("+{r}"),
                r => format!("−{}", -r),
            };
            (r.to_string(), label)
        })
        .collect();
    vec![
        Group::keys("lvl", tr(lang, "club.keys.level"), levels),
        Group::keys("st", tr(lang, "club.keys.strain"), strains),
        Group::keys("x", tr(lang, "club.keys.doubled"), doubled).checked(""),
        Group::keys("by", tr(lang, "club.keys.declarer"), seats),
        Group::keys("res", tr(lang, "club.keys.result"), results).checked("0"),
    ]
}

/// A bridge deal's bid as its keys said it so far: its contract and declarer, once both are
/// whole (a deal passed out has none).
pub fn bridge_bid<'a>(get: &impl Get<'a>) -> Option<Value> {
    let level = get("lvl").and_then(|l| l.parse::<u8>().ok())?;
    let strain = get("st").filter(|s| ["C", "D", "H", "S", "NT"].contains(s))?;
    let doubled = get("x").unwrap_or("");
    let declarer = get("by").filter(|d| ["N", "E", "S", "W"].contains(d))?;
    ((1..=7).contains(&level) && ["", "X", "XX"].contains(&doubled))
        .then(|| json!({"contract": format!("{level}{strain}{doubled}"), "declarer": declarer}))
}

/// A bridge deal as its keys said it.
pub fn bridge_deal<'a>(get: &impl Get<'a>) -> Result<Value, Msg> {
    let missing = |what: &'static str| missing(Msg::new(what));
    let level = get("lvl").unwrap_or("");
    if level == "pass" {
        return Ok(json!({"contract": "pass"}));
    }
    let level: i64 = match level.parse() {
        Ok(l @ 1..=7) => l,
        _ => return Err(missing("club.keys.level")),
    };
    let strain = match get("st") {
        Some(s @ ("C" | "D" | "H" | "S" | "NT")) => s,
        _ => return Err(missing("club.keys.strain")),
    };
    let doubled = match get("x").unwrap_or("") {
        d @ ("" | "X" | "XX") => d,
        _ => return Err(missing("club.keys.doubled")),
    };
    let declarer = match get("by") {
        Some(d @ ("N" | "E" | "S" | "W")) => d,
        _ => return Err(missing("club.keys.declarer")),
    };
    // Made exactly where the key was left as it came; anything else said is a key.
    let result = match get("res").map(str::parse::<i64>) {
        None => 0,
        Some(Ok(r)) if (-13..=6).contains(&r) => r,
        Some(_) => return Err(missing("club.keys.result")),
    };
    let tricks = level + 6 + result;
    if !(0..=13).contains(&tricks) {
        return Err(msg!("club.keys.tricks", tricks = tricks));
    }
    Ok(
        json!({"contract": format!("{level}{strain}{doubled}"), "declarer": declarer,
              "tricks": tricks}),
    )
}

/// Le Truc's keys: the calls as the deal went (none, or a double accepted or refused), then
/// who won it.
fn truc(players: &[String], lang: Lang) -> Vec<Group> {
    let name = |p: usize| players.get(p).cloned().unwrap_or_default();
    let mut calls = vec![("".to_string(), tr(lang, "keys.truc.no_call"))];
    for p in 0..2 {
        for (answer, key) in [("a", "keys.truc.accepted"), ("r", "keys.truc.refused")] {
            let label = msg!(key, caller = name(p), other = name(1 - p)).render(lang);
            calls.push((format!("{p}{answer}"), label));
        }
    }
    let mut winner: Vec<(String, String)> = (0..2).map(|p| (p.to_string(), name(p))).collect();
    winner.push(("null".into(), tr(lang, "keys.truc.null")));
    vec![
        Group::keys("calls", tr(lang, "keys.truc.calls"), calls).checked(""),
        Group::keys("winner", tr(lang, "keys.truc.winner"), winner),
    ]
}

/// A truc deal as its keys said it: a refused double ends it, with no winner to key.
fn truc_deal<'a>(get: &impl Get<'a>) -> Result<Value, Msg> {
    let call = |by: usize, call: &str| json!({"by": by, "call": call});
    let calls = match get("calls").unwrap_or("") {
        "" => vec![],
        c @ ("0a" | "0r" | "1a" | "1r") => {
            let by = usize::from(c.starts_with('1'));
            let answer = if c.ends_with('a') { "accept" } else { "refuse" };
            vec![call(by, "double"), call(1 - by, answer)]
        }
        _ => return Err(missing(Msg::new("keys.truc.calls"))),
    };
    if calls.last().is_some_and(|c| c["call"] == "refuse") {
        return Ok(json!({ "calls": calls }));
    }
    let winner = match get("winner") {
        Some("0") => json!(0),
        Some("1") => json!(1),
        Some("null") => Value::Null,
        _ => return Err(missing(Msg::new("keys.truc.winner"))),
    };
    Ok(json!({"calls": calls, "winner": winner}))
}

/// L'Ascenseur's keys: each player's bid in bidding order (`order`), then each one's tricks,
/// from 0 to the `cards` dealt.
fn ascenseur(players: &[String], order: &[usize], cards: u32, lang: Lang) -> Vec<Group> {
    let counts: Vec<(String, String)> = (0..=cards)
        .map(|n| (n.to_string(), n.to_string()))
        .collect();
    let mut out = Vec::new();
    for (what, key) in [("bid", "keys.asc.bid_of"), ("tricks", "keys.asc.tricks_of")] {
        for &p in order {
            let legend = msg!(key, player = players.get(p).map_or("", String::as_str));
            out.push(Group::keys(
                format!("{what}{p}"),
                legend.render(lang),
                counts.clone(),
            ));
        }
    }
    out
}

/// Le 2500's keys: the frime, then each player's points laid and left in hand (multiples of 5).
fn le2500(players: &[String], lang: Lang) -> Vec<Group> {
    let ranks = super::le2500::Rank::ALL
        .iter()
        .map(|r| {
            let v = serde_json::to_value(r).ok();
            let v = v.as_ref().and_then(Value::as_str).unwrap_or("").to_string();
            (v, tr(lang, r.name_key()))
        })
        .collect();
    let mut out = vec![Group::keys("frime", tr(lang, "keys.2500.frime"), ranks)];
    for (what, key) in [("laid", "keys.2500.laid_of"), ("hand", "keys.2500.hand_of")] {
        for (p, name) in players.iter().enumerate() {
            let legend = msg!(key, player = name.as_str()).render(lang);
            out.push(
                Group::number(format!("{what}{p}"), legend, (0.0, 10_000.0, 5.0)).checked("0"),
            );
        }
    }
    out
}

/// Démocratie's keys: each player's points captured in each suit (0 to 25).
fn democratie(players: &[String], lang: Lang) -> Vec<Group> {
    let mut out = Vec::new();
    for (p, name) in players.iter().enumerate() {
        for (s, key) in SUITS.iter().zip(["suit.S", "suit.H", "suit.D", "suit.C"]) {
            let legend = msg!(
                "keys.demo.suit_of",
                player = name.as_str(),
                suit = Msg::new(key)
            )
            .render(lang);
            out.push(Group::number(format!("{s}{p}"), legend, (0.0, 25.0, 1.0)).checked("0"));
        }
    }
    out
}

/// Le Tarot's keys: the seat out (in turn by default) or the king's holder at five, the taker,
/// the contract, the attack's bouts and points, and the petit au bout.
fn tarot(g: &super::tarot::Game, seats: &[usize], players: &[String], lang: Lang) -> Vec<Group> {
    let named: Vec<(String, String)> = seats
        .iter()
        .zip(players)
        .map(|(s, n)| (s.to_string(), n.clone()))
        .collect();
    let mut out = Vec::new();
    if g.has_dead() {
        let dead = Group::keys("dead", tr(lang, "keys.tarot.dead"), named.clone());
        out.push(match g.dead_in_turn() {
            Some(d) => dead.checked(d.to_string()),
            None => dead,
        });
    }
    out.push(Group::keys(
        "taker",
        tr(lang, "keys.tarot.taker"),
        named.clone(),
    ));
    let contracts = super::tarot::Contract::ALL
        .iter()
        .map(|c| (c.id().to_string(), tr(lang, c.name_key())))
        .collect();
    out.push(Group::keys(
        "contract",
        tr(lang, "keys.tarot.contract"),
        contracts,
    ));
    if g.calls() {
        let mut called = named;
        called.push(("alone".into(), tr(lang, "keys.tarot.alone")));
        out.push(Group::keys("called", tr(lang, "keys.tarot.called"), called));
    }
    let bouts = (0..=3).map(|n| (n.to_string(), n.to_string())).collect();
    out.push(Group::keys("bouts", tr(lang, "keys.tarot.bouts"), bouts));
    let step = if g.playing().len() == 4 { 1.0 } else { 0.5 };
    out.push(Group::number(
        "points",
        tr(lang, "keys.tarot.points"),
        (0.0, 91.0, step),
    ));
    let sides = vec![
        (String::new(), "—".to_string()),
        ("attack".into(), tr(lang, "keys.tarot.attack")),
        ("defence".into(), tr(lang, "keys.tarot.defence")),
    ];
    out.push(Group::keys("pab", tr(lang, "keys.tarot.petit_au_bout"), sides).checked(""));
    out
}

/// A tarot deal as its keys said it.
fn tarot_deal<'a>(g: &super::tarot::Game, get: &impl Get<'a>) -> Result<Value, Msg> {
    let seat = |field: &str, what: &'static str| -> Result<usize, Msg> {
        get(field)
            .and_then(|v| v.parse::<usize>().ok())
            .ok_or_else(|| missing(Msg::new(what)))
    };
    let taker = seat("taker", "keys.tarot.taker")?;
    let contract = get("contract")
        .filter(|c| super::tarot::Contract::ALL.iter().any(|k| k.id() == *c))
        .ok_or_else(|| missing(Msg::new("keys.tarot.contract")))?;
    let bouts = whole(get, "bouts", Msg::new("keys.tarot.bouts"))?;
    let points = get("points")
        .map(|p| p.trim().replace(',', "."))
        .and_then(|p| p.parse::<f64>().ok())
        .filter(|p| p.is_finite())
        .ok_or_else(|| missing(Msg::new("keys.tarot.points")))?;
    let mut deal = json!({"taker": taker, "contract": contract, "bouts": bouts, "points": points});
    if points.fract() == 0.0 {
        deal["points"] = json!(points as i64);
    }
    if g.has_dead() {
        deal["dead"] = json!(seat("dead", "keys.tarot.dead")?);
    }
    if g.calls() {
        deal["called"] = match get("called") {
            Some("alone") => json!(taker),
            _ => json!(seat("called", "keys.tarot.called")?),
        };
    }
    match get("pab").unwrap_or("") {
        "" => {}
        side @ ("attack" | "defence") => deal["petit_au_bout"] = json!(side),
        _ => return Err(missing(Msg::new("keys.tarot.petit_au_bout"))),
    }
    Ok(deal)
}
