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

use super::json;
use super::kit::{Line, OptDesc, OptKind, Scored};
use crate::games::kit::RuleId;
use crate::games::table::Playing;
use crate::i18n::msg;
use crate::i18n::{Arg, Msg};

mod hand;
pub use hand::{Contract, Hand, Poignee, Side, Size, Wire, decode_hand};

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

/// The fewest and most card points, in halves, the attack's tricks can hold with `bouts` in
/// them (`tarot.cards`: a bout is 4½, the other bouts held by the defence).
pub fn halves_with(bouts: u8) -> (u32, u32) {
    (8 * u32::from(bouts), 158 + 8 * u32::from(bouts))
}

/// Whether the sides' points are whole with `n` players in the deal (`tarot.cards`: at four
/// each side holds an even number of cards).
pub fn whole_points(n: usize) -> bool {
    n == 4
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
    /// After `tarot.half`, before the rounding.
    pub raw: i64,
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
        raw,
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

    /// How many players the next deal has (the seat out left out).
    pub fn in_deal(&self) -> usize {
        self.playing.count() - usize::from(self.has_dead())
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
        if whole_points(n) && !hand.halves.is_multiple_of(2) {
            problems.push(Msg::new("tarot.err.points_whole"));
        }
        let (lo, hi) = halves_with(hand.bouts);
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
                raw = c.raw,
                coef = coef,
                value = c.contract.abs()
            )
            // The table's rounding said where it changed the margin: "gagnée de 14, arrondi à
            // 10 [tarot.rounding]".
            .with(
                "rounded",
                if c.raw == c.margin {
                    Arg::Text(String::new())
                } else {
                    Arg::Msg(Box::new(msg!(
                        "tarot.line.rounded",
                        margin = c.margin,
                        rounding = self.options().rounding
                    )))
                },
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
            lines.reserve(parts.len() * in_deal.len());
            for (rule, x, text) in parts {
                // Each seat's line says the same: the text cloned for all but the last seat.
                if let Some((&last, rest)) = in_deal.split_last() {
                    for &s in rest {
                        lines.push(Line::new(s, share(s, x), rule, text.clone()));
                    }
                    lines.push(Line::new(last, share(last, x), rule, text));
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
        OptDesc::new("five", OptKind::Words(&["call", "dead"])).at(5),
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
    fn hand_bytes(hand: &Hand) -> usize {
        super::rules::list_bytes(&hand.poignees)
    }
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
    // The contract, a petit au bout, poignées and a chelem: three rows of the foot.
    const COUNT_ROWS: usize = 3;
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
