//! L'Ascenseur (Rikiki): rounds of 1 card up to the peak and back down, exact bids score.
//!
//! Rules: `ascenseur.rounds`, `ascenseur.hook`, `ascenseur.forehead`, `ascenseur.exact`,
//! `ascenseur.missed`, `ascenseur.end`.

use serde::Serialize;
use std::sync::Arc;

use serde_json::{Value, json};

use super::json::{self, Obj};
use super::kit::{Line, OptDesc, OptKind, Scored};
use crate::i18n::msg;
use crate::i18n::{Msg, join};

use crate::games::kit::RuleId;

/// The game's rule ids, as its lines and the rules screen name them.
pub mod rule {
    use crate::games::kit::RuleId;

    pub const ROUNDS: RuleId = RuleId::new("ascenseur.rounds");
    pub const HOOK: RuleId = RuleId::new("ascenseur.hook");
    pub const FOREHEAD: RuleId = RuleId::new("ascenseur.forehead");
    pub const EXACT: RuleId = RuleId::new("ascenseur.exact");
    pub const MISSED: RuleId = RuleId::new("ascenseur.missed");
    pub const END: RuleId = RuleId::new("ascenseur.end");
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Peak {
    /// The peak deals as many cards as the pack allows, the whole pack if it divides.
    #[default]
    All,
    /// One card is always left to turn for trump.
    KeepTrump,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Options {
    /// 52 or 32.
    pub deck: u32,
    pub peak: Peak,
    pub first_dealer: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            deck: 52,
            peak: Peak::All,
            first_dealer: 0,
        }
    }
}

impl Options {
    pub const KEYS: [&'static str; 3] = ["deck", "peak", "first_dealer"];

    pub fn from_json(v: Option<&Value>, players: usize) -> Result<Options, Vec<Msg>> {
        let mut o = Options::default();
        json::options(v, &Self::KEYS, |k, val| {
            match k {
                "deck" => {
                    o.deck = match val.as_i64() {
                        Some(52) => 52,
                        Some(32) => 32,
                        _ => {
                            return Err(msg!(
                                "json.not_allowed",
                                field = "deck",
                                value = json::quote(val),
                                allowed = "52, 32"
                            ));
                        }
                    }
                }
                "peak" => {
                    o.peak = match json::word("peak", val, &["all", "keep_trump"])? {
                        "all" => Peak::All,
                        _ => Peak::KeepTrump,
                    }
                }
                _ => o.first_dealer = json::player("first_dealer", val, players.max(1))?,
            }
            Ok(())
        })?;
        if o.deck == 32 && players > 6 {
            return Err(vec![msg!("ascenseur.err.players_32", players = players)]);
        }
        Ok(o)
    }
}

/// What a round deals and who deals it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Round {
    pub cards: u32,
    pub dealer: usize,
    pub trump: bool,
    pub forehead: bool,
}

/// The shape of a whole game for a table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    pub players: usize,
    pub options: Options,
}

impl Plan {
    pub fn new(players: usize, options: &Options) -> Plan {
        Plan {
            players,
            options: options.clone(),
        }
    }

    /// Cards dealt at the peak.
    pub fn peak(&self) -> u32 {
        let n = self.players.max(1) as u32;
        match self.options.peak {
            Peak::All => self.options.deck / n,
            Peak::KeepTrump => (self.options.deck - 1) / n,
        }
    }

    /// Number of rounds in the game: 2M − 1.
    pub fn rounds(&self) -> usize {
        (2 * self.peak()).saturating_sub(1) as usize
    }

    /// Round `k` (from 0).
    pub fn round(&self, k: usize) -> Round {
        let m = self.peak() as usize;
        let cards = if k < m {
            k + 1
        } else {
            (2 * m).saturating_sub(1 + k).max(1)
        } as u32;
        Round {
            cards,
            dealer: (self.options.first_dealer + k) % self.players.max(1),
            trump: cards as usize * self.players != self.options.deck as usize,
            forehead: k + 1 == self.rounds(),
        }
    }

    /// Players in bidding order for round `k`: left of the dealer first, the dealer last.
    pub fn bidding_order(&self, k: usize) -> Vec<usize> {
        let d = self.round(k).dealer;
        (1..=self.players).map(|i| (d + i) % self.players).collect()
    }
}

/// The bid the dealer may not make, given the other players' bids (`ascenseur.hook`).
pub fn forbidden_bid(cards: u32, others: impl IntoIterator<Item = u32>) -> Option<u32> {
    let sum: u32 = others.into_iter().sum();
    cards.checked_sub(sum)
}

/// One round as entered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hand {
    pub bids: Vec<u32>,
    pub tricks: Vec<u32>,
}

impl Hand {
    pub fn to_json(&self) -> Value {
        json!({ "bids": self.bids, "tricks": self.tricks })
    }
}

/// A round as written, for the fast path.
#[derive(serde::Deserialize)]
pub struct Wire {
    bids: Vec<u32>,
    tricks: Vec<u32>,
}

/// [`decode_hand`] for a well-formed round, as written.
fn from_wire(w: Wire, players: usize) -> Option<Hand> {
    let fits = |l: &[u32]| l.len() == players && l.iter().all(|n| *n <= 52);
    (fits(&w.bids) && fits(&w.tricks)).then_some(Hand {
        bids: w.bids,
        tricks: w.tricks,
    })
}

pub fn decode_hand(v: &Value, players: usize) -> Result<Hand, Vec<Msg>> {
    let o = Obj::of(v, Msg::new("json.what.round")).map_err(|m| vec![m])?;
    let mut problems = Vec::new();
    let mut read = |field: &str| -> Vec<u32> {
        let list = match o
            .required(field)
            .and_then(|l| json::per_player(field, l, players))
        {
            Ok(l) => l,
            Err(m) => {
                problems.push(m);
                return Vec::new();
            }
        };
        let mut out = Vec::new();
        for x in list {
            match json::int_in(field, x, 0, 52) {
                Ok(n) => out.push(n as u32),
                Err(m) => problems.push(m),
            }
        }
        out
    };
    let bids = read("bids");
    let tricks = read("tricks");
    if problems.is_empty() {
        Ok(Hand { bids, tricks })
    } else {
        Err(problems)
    }
}

/// Facts of one scored round.
pub type Info = Round;

/// A game in progress.
#[derive(Debug, Clone)]
pub struct Game {
    players: Vec<Arc<str>>,
    plan: Plan,
    totals: Vec<i64>,
    played: usize,
    /// Lines left out ([`super::rules::Rules::quiet`]).
    quiet: bool,
}

impl Game {
    pub fn new(players: &[String], options: &Options) -> Game {
        Game {
            players: players.iter().map(|p| Arc::from(p.as_str())).collect(),
            plan: Plan::new(players.len(), options),
            totals: vec![0; players.len()],
            quiet: false,
            played: 0,
        }
    }

    pub fn plan(&self) -> &Plan {
        &self.plan
    }

    /// The index of the next round.
    pub fn next_round(&self) -> usize {
        self.played
    }

    /// Checks a round's bids and tricks against round `k`; all problems.
    pub fn check(&self, k: usize, hand: &Hand) -> Vec<Msg> {
        let round = self.plan.round(k);
        let cards = round.cards;
        let mut problems = Vec::new();
        for (p, &b) in hand.bids.iter().enumerate() {
            if b > cards {
                problems.push(msg!(
                    "ascenseur.err.bid_over",
                    player = &self.players[p],
                    bid = b,
                    cards = cards
                ));
            }
        }
        if problems.is_empty() {
            let others = hand
                .bids
                .iter()
                .enumerate()
                .filter(|(p, _)| *p != round.dealer)
                .map(|(_, b)| *b);
            if let Some(f) = forbidden_bid(cards, others)
                && hand.bids[round.dealer] == f
            {
                let allowed = join((0..=cards).filter(|&b| b != f));
                problems.push(msg!(
                    "ascenseur.err.hook",
                    dealer = &self.players[round.dealer],
                    bid = f,
                    cards = cards,
                    allowed = allowed
                ));
            }
        }
        let mut sum = 0;
        for (p, &t) in hand.tricks.iter().enumerate() {
            if t > cards {
                problems.push(msg!(
                    "ascenseur.err.tricks_over",
                    player = &self.players[p],
                    tricks = t,
                    cards = cards
                ));
            }
            sum += t;
        }
        if sum != cards {
            problems.push(msg!("ascenseur.err.tricks_sum", sum = sum, cards = cards));
        }
        problems
    }

    pub fn play(&mut self, hand: &Hand) -> Result<Scored<Info>, Vec<Msg>> {
        let k = self.played;
        if k >= self.plan.rounds() {
            return Err(vec![msg!(
                "ascenseur.err.game_over",
                rounds = self.plan.rounds()
            )]);
        }
        let problems = self.check(k, hand);
        if !problems.is_empty() {
            return Err(problems);
        }
        let mut lines = Vec::with_capacity(if self.quiet { 0 } else { hand.bids.len() });
        let mut delta = Vec::with_capacity(hand.bids.len());
        for (p, (&b, &t)) in hand.bids.iter().zip(&hand.tricks).enumerate() {
            let pts = if b == t {
                2 + t as i64
            } else {
                -(b.abs_diff(t) as i64)
            };
            self.totals[p] += pts;
            delta.push(pts);
            if self.quiet {
                continue;
            }
            lines.push(if b == t {
                Line::new(
                    p,
                    pts,
                    rule::EXACT,
                    msg!("ascenseur.line.exact", player = &self.players[p], bid = b),
                )
            } else {
                Line::new(
                    p,
                    pts,
                    rule::MISSED,
                    msg!(
                        "ascenseur.line.missed",
                        player = &self.players[p],
                        bid = b,
                        tricks = t
                    ),
                )
            });
        }
        self.played += 1;
        Ok(Scored {
            delta,
            lines,
            info: self.plan.round(k),
        })
    }

    pub fn totals(&self) -> Vec<i64> {
        self.totals.clone()
    }

    pub fn finished(&self) -> bool {
        self.played >= self.plan.rounds()
    }
}

super::kit::figures!(Sum {
    Rounds = "rounds",
    Exact = "exact",
    Points = "points",
});
super::kit::figures!(Best { Round = "best_round" });

impl super::rules::Rules for Game {
    const EVENTS_NOTE: Option<&'static str> = Some("event.note.ascenseur");
    rules_from_module!();

    const SUMS: &'static [&'static str] = Sum::NAMES;
    const BESTS: &'static [&'static str] = Best::NAMES;
    const RATIOS: &'static [super::kit::Ratio] = &[super::kit::Ratio {
        name: "exact_bid_rate",
        over: "exact",
        by: "rounds",
    }];
    /// Each player's rounds, exact bids, points, and best round.
    fn tally(hand: &Hand, _info: &Info, delta: &[i64], seats: &mut [super::kit::Tally]) {
        for (p, t) in seats.iter_mut().enumerate() {
            let exact = hand
                .bids
                .get(p)
                .is_some_and(|b| hand.tricks.get(p) == Some(b));
            let points = delta.get(p).copied().unwrap_or(0);
            t.add(Sum::Rounds as usize, 1);
            t.add(Sum::Exact as usize, i64::from(exact));
            t.add(Sum::Points as usize, points);
            t.best(Best::Round as usize, points);
        }
    }

    const ID: &'static str = "ascenseur";
    const NAME_KEY: &'static str = "game.ascenseur";
    const HAND_NOUN: &'static str = "noun.ascenseur.hand";
    const HAND_WORD: &'static str = "noun.ascenseur.word";
    const HAND_COUNT: &'static str = "noun.ascenseur.count";
    const HAND_TITLE: &'static str = "noun.ascenseur.title";
    const BEST_HAND: &'static str = "stats.best_hand.ascenseur";
    const PLAYERS: (usize, usize) = (3, 7);
    const OPTIONS: &'static [OptDesc] = &[
        OptDesc::new("deck", OptKind::Numbers(&[52, 32])),
        OptDesc::new("peak", OptKind::Words(&["all", "keep_trump"])),
        OptDesc::new("first_dealer", OptKind::Player),
    ];
    const RULES: &'static [RuleId] = &[
        rule::ROUNDS,
        rule::HOOK,
        rule::FOREHEAD,
        rule::EXACT,
        rule::MISSED,
        rule::END,
    ];
    const HAND_FIELDS: &'static [&'static str] = &["bids", "tricks"];

    fn read_options(v: Option<&Value>, players: usize) -> Result<Options, Vec<Msg>> {
        Options::from_json(v, players)
    }
    fn count(&self, hand: &Hand, _info: &Info, line: &Line) -> Option<String> {
        let (bid, tricks) = (*hand.bids.get(line.side)?, *hand.tricks.get(line.side)?);
        // An exact bid's line says its sum already (2 + the tricks).
        (bid != tricks).then(|| {
            format!(
                "|{bid} − {tricks}| = {} → {}",
                bid.abs_diff(tricks),
                super::kit::number(line.points)
            )
        })
    }
    fn quiet(&mut self) {
        self.quiet = true;
    }
    fn rename(&mut self, seat: usize, name: &str) {
        if let Some(p) = self.players.get_mut(seat) {
            *p = Arc::from(name);
        }
    }
    fn adjust(&mut self, side: usize, points: i64) -> Result<(), Vec<Msg>> {
        if let Some(t) = self.totals.get_mut(side) {
            *t += points;
        }
        Ok(())
    }
    fn start(players: &[String], options: &Options) -> Game {
        Game::new(players, options)
    }
    fn decode(v: &Value, players: usize, _options: &Options) -> Result<Hand, Vec<Msg>> {
        decode_hand(v, players)
    }
    type Wire<'de> = Wire;
    fn hand_bytes(hand: &Hand) -> usize {
        use super::rules::list_bytes;
        list_bytes(&hand.bids) + list_bytes(&hand.tricks)
    }
    fn from_wire(w: Wire, players: usize, _options: &Options) -> Option<Hand> {
        from_wire(w, players)
    }
    fn label(_hand: &Hand, info: &Info, _index: usize, players: &[String]) -> Msg {
        msg!(
            "label.ascenseur",
            cards = info.cards,
            dealer = players.get(info.dealer).map(String::as_str).unwrap_or("")
        )
    }
    fn state(&self, _players: &[String], _next: usize) -> Msg {
        let k = self.next_round();
        let rounds = self.plan().rounds();
        msg!(
            "state.ascenseur",
            round = k.min(rounds.saturating_sub(1)) + 1,
            rounds = rounds,
            left = rounds.saturating_sub(k)
        )
    }
}

impl super::face::Face for Game {
    const USUAL_PLAYERS: usize = 4;

    fn extra(hand: &Hand, side: usize) -> Option<i64> {
        Some(i64::from(hand.bids.get(side).copied().unwrap_or(0)))
    }

    fn to_come(&self) -> Vec<String> {
        (self.next_round()..self.plan.rounds())
            .map(|k| self.plan.round(k).cards.to_string())
            .collect()
    }
}
