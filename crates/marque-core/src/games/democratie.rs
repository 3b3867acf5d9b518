//! Démocratie: simultaneous tricks on a turned vote card; 13 points in a suit make a tribu.
//!
//! Rules: `democratie.points`, `democratie.trick`, `democratie.tribu`, `democratie.end`.

use serde::Serialize;
use std::sync::Arc;

use serde_json::{Map, Value, json};

use super::json::{self, Obj};
use super::kit::{Line, OptDesc, OptKind, Scored};
use crate::games::table::Playing;
use crate::i18n::msg;
use crate::i18n::{Arg, Msg};

use crate::games::kit::RuleId;

/// The game's rule ids, as its lines and the rules screen name them.
pub mod rule {
    use crate::games::kit::RuleId;

    pub const POINTS: RuleId = RuleId::new("democratie.points");
    pub const TRICK: RuleId = RuleId::new("democratie.trick");
    pub const TRIBU: RuleId = RuleId::new("democratie.tribu");
    pub const END: RuleId = RuleId::new("democratie.end");
}

/// Ranks from high to low.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub enum Rank {
    #[serde(rename = "5")]
    R5,
    #[serde(rename = "4")]
    R4,
    #[serde(rename = "3")]
    R3,
    #[serde(rename = "A")]
    A,
    #[serde(rename = "K")]
    K,
    #[serde(rename = "Q")]
    Q,
    #[serde(rename = "J")]
    J,
    #[serde(rename = "10")]
    R10,
    #[serde(rename = "9")]
    R9,
    #[serde(rename = "8")]
    R8,
    #[serde(rename = "7")]
    R7,
    #[serde(rename = "6")]
    R6,
}

impl Rank {
    /// High to low.
    pub const ALL: [Rank; 12] = [
        Rank::R5,
        Rank::R4,
        Rank::R3,
        Rank::A,
        Rank::K,
        Rank::Q,
        Rank::J,
        Rank::R10,
        Rank::R9,
        Rank::R8,
        Rank::R7,
        Rank::R6,
    ];

    pub fn code(self) -> &'static str {
        ["5", "4", "3", "A", "K", "Q", "J", "10", "9", "8", "7", "6"][self as usize]
    }

    pub fn parse(s: &str) -> Option<Rank> {
        Rank::ALL.into_iter().find(|r| r.code() == s)
    }

    /// Card points (`democratie.points`).
    pub fn points(self) -> i64 {
        match self {
            Rank::R5 => 5,
            Rank::R4 => 4,
            Rank::R3 | Rank::A => 3,
            Rank::K | Rank::Q | Rank::J => 2,
            Rank::R10 | Rank::R9 | Rank::R8 | Rank::R7 => 1,
            Rank::R6 => 0,
        }
    }

    /// Strength: higher wins.
    fn strength(self) -> i32 {
        12 - self as i32
    }

    pub fn name_key(self) -> &'static str {
        match self {
            Rank::R5 => "rank.5",
            Rank::R4 => "rank.4",
            Rank::R3 => "rank.3",
            Rank::A => "rank.A",
            Rank::K => "rank.K",
            Rank::Q => "rank.Q",
            Rank::J => "rank.J",
            Rank::R10 => "rank.10",
            Rank::R9 => "rank.9",
            Rank::R8 => "rank.8",
            Rank::R7 => "rank.7",
            Rank::R6 => "rank.6",
        }
    }
}

/// The points of a whole suit.
pub const SUIT_POINTS: i64 = 25;
/// Points in a suit that make a tribu.
pub const TRIBU: i64 = 13;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub enum Suit {
    S,
    H,
    D,
    C,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::S, Suit::H, Suit::D, Suit::C];
    pub fn code(self) -> &'static str {
        ["S", "H", "D", "C"][self as usize]
    }
    pub fn symbol(self) -> &'static str {
        ["♠", "♥", "♦", "♣"][self as usize]
    }
    pub fn name_key(self) -> &'static str {
        ["suit.S", "suit.H", "suit.D", "suit.C"][self as usize]
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Joker {
    /// Any card but a trump: loses to every trump, a 5 without trump.
    #[default]
    Wild,
    /// Below the 6: always loses.
    Lowest,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Options {
    pub target: i64,
    pub all12: bool,
    pub joker: Joker,
    pub days: u32,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            target: 7,
            all12: false,
            joker: Joker::Wild,
            days: 2,
        }
    }
}

impl Options {
    /// Tribus that one player's capture in one suit scores (`democratie.tribu`): 0, 1, or 2 for
    /// all 12 cards of the suit with option `all12` (which needs the cards, not the points).
    pub fn tribus_in_suit(&self, capture: &Capture) -> i64 {
        if capture.points() < TRIBU {
            0
        } else if self.all12 && matches!(capture, Capture::Cards(cards) if cards.len() == 12) {
            2
        } else {
            1
        }
    }

    /// Tribus for all four suits of one player's captures.
    pub fn tribus(&self, suits: &[Capture; 4]) -> i64 {
        suits.iter().map(|c| self.tribus_in_suit(c)).sum()
    }

    pub const KEYS: [&'static str; 4] = ["target", "all12", "joker", "days"];

    pub fn from_json(v: Option<&Value>, players: usize) -> Result<Options, Vec<Msg>> {
        let mut o = Options::default();
        json::options(v, &Self::KEYS, |k, val| {
            match k {
                "target" => o.target = json::positive("target", val)?,
                "all12" => {
                    o.all12 = val
                        .as_bool()
                        .ok_or_else(|| json::wrong_type("all12", "json.a_bool", val))?
                }
                "joker" => {
                    o.joker = match json::word("joker", val, &["wild", "lowest"])? {
                        "wild" => Joker::Wild,
                        _ => Joker::Lowest,
                    }
                }
                _ => {
                    let max = cards_per_pile(players.clamp(2, 6)) as i64;
                    o.days = json::int_in("days", val, 1, max)? as u32;
                }
            }
            Ok(())
        })?;
        Ok(o)
    }
}

/// Jokers in the pack for a number of players.
pub fn jokers(players: usize) -> usize {
    match players {
        4 => 2,
        6 => 1,
        _ => 0,
    }
}

/// Cards each pile (each hand, and the vote pile) gets over a whole manche.
pub fn cards_per_pile(players: usize) -> usize {
    (48 + jokers(players)) / (players + 1)
}

/// Cards per hand (and in the vote pile) for each day of a manche: the larger days first.
pub fn deal_sizes(players: usize, days: u32) -> Vec<usize> {
    let total = cards_per_pile(players);
    let days = (days.max(1) as usize).min(total.max(1));
    (0..days)
        .map(|d| total / days + usize::from(d < total % days))
        .collect()
}

/// A card for the trick helper.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Card {
    Joker,
    Card(Rank, Suit),
}

/// The result of one trick (`democratie.trick`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrickResult {
    /// Who takes the trick and the vote card; `None`: everyone takes back his own card, the vote
    /// card is discarded.
    pub winner: Option<usize>,
    pub reason: Msg,
}

/// Who takes a trick: `played` holds one card per player.
pub fn trick(vote: Card, played: &[Card], joker: Joker) -> TrickResult {
    let trump = match vote {
        Card::Card(_, s) => Some(s),
        Card::Joker => None,
    };
    let trumps: Vec<(usize, Rank)> = played
        .iter()
        .enumerate()
        .filter_map(|(i, c)| match c {
            Card::Card(r, s) if Some(*s) == trump => Some((i, *r)),
            _ => None,
        })
        .collect();
    if !trumps.is_empty() {
        let six = trumps.iter().find(|(_, r)| *r == Rank::R6);
        let five = trumps.iter().any(|(_, r)| *r == Rank::R5);
        if let (Some((p, _)), true) = (six, five) {
            return TrickResult {
                winner: Some(*p),
                reason: Msg::new("democratie.trick.six_beats_five"),
            };
        }
        let (p, r) = trumps
            .iter()
            .max_by_key(|(_, r)| r.strength())
            .copied()
            .unwrap_or((0, Rank::R6));
        return TrickResult {
            winner: Some(p),
            reason: msg!("democratie.trick.trump", rank = Arg::Key(r.name_key())),
        };
    }
    let strength = |c: &Card| match (c, joker) {
        (Card::Card(r, _), _) => r.strength(),
        (Card::Joker, Joker::Wild) => Rank::R5.strength(),
        (Card::Joker, Joker::Lowest) => -1,
    };
    let best = played.iter().map(strength).max();
    let top: Vec<usize> = (0..played.len())
        .filter(|&i| Some(strength(&played[i])) == best)
        .collect();
    let reason_key = if trump.is_none() {
        "democratie.trick.no_trump_vote"
    } else {
        "democratie.trick.no_trump_played"
    };
    match top.as_slice() {
        [p] => TrickResult {
            winner: Some(*p),
            reason: msg!("democratie.trick.highest", why = Msg::new(reason_key)),
        },
        _ => TrickResult {
            winner: None,
            reason: msg!("democratie.trick.tie", why = Msg::new(reason_key)),
        },
    }
}

/// What one player captured in one suit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Capture {
    Points(i64),
    Cards(Vec<Rank>),
}

impl Capture {
    pub fn points(&self) -> i64 {
        match self {
            Capture::Points(p) => *p,
            Capture::Cards(c) => c.iter().map(|r| r.points()).sum(),
        }
    }
    fn to_json(&self) -> Value {
        match self {
            Capture::Points(p) => json!(p),
            Capture::Cards(c) => json!(c),
        }
    }
}

/// One manche as entered: per player, per suit in [`Suit::ALL`] order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hand {
    pub captured: Vec<[Capture; 4]>,
}

impl Hand {
    pub fn to_json(&self) -> Value {
        let players: Vec<Value> = self
            .captured
            .iter()
            .map(|suits| {
                let mut m = Map::new();
                for s in Suit::ALL {
                    m.insert(s.code().to_string(), suits[s as usize].to_json());
                }
                Value::Object(m)
            })
            .collect();
        json!({ "captured": players })
    }
}

/// What one suit holds as written, for the fast path: its text, points or a list of ranks.
/// (Read as text, then as what it starts with: a reader that asks the JSON what comes next
/// would copy each number into a string of its own, to keep numbers as written.)
type WireCapture<'a> = &'a serde_json::value::RawValue;

/// One player's captures as written, for the fast path; a missing or null suit is nothing.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WirePlayer<'a> {
    #[serde(rename = "S", default, borrow)]
    s: Option<WireCapture<'a>>,
    #[serde(rename = "H", default, borrow)]
    h: Option<WireCapture<'a>>,
    #[serde(rename = "D", default, borrow)]
    d: Option<WireCapture<'a>>,
    #[serde(rename = "C", default, borrow)]
    c: Option<WireCapture<'a>>,
}

#[derive(serde::Deserialize)]
pub struct Wire<'a> {
    #[serde(borrow)]
    captured: Vec<super::kit::MapOnly<WirePlayer<'a>>>,
}

/// [`decode_hand`] for a well-formed manche, as written.
fn from_wire(w: Wire<'_>, players: usize) -> Option<Hand> {
    if w.captured.len() != players {
        return None;
    }
    let capture = |c: Option<WireCapture>| -> Option<Capture> {
        Some(match c {
            None => Capture::Points(0),
            Some(raw) if raw.get().starts_with('[') => Capture::Cards(
                serde_json::from_str::<Vec<&str>>(raw.get())
                    .ok()?
                    .into_iter()
                    .map(Rank::parse)
                    .collect::<Option<_>>()?,
            ),
            Some(raw) => Capture::Points(
                raw.get()
                    .parse::<i64>()
                    .ok()
                    .filter(|n| (0..=SUIT_POINTS).contains(n))?,
            ),
        })
    };
    let captured = w
        .captured
        .into_iter()
        .map(|super::kit::MapOnly(p)| {
            Some([capture(p.s)?, capture(p.h)?, capture(p.d)?, capture(p.c)?])
        })
        .collect::<Option<Vec<_>>>()?;
    Some(Hand { captured })
}

pub fn decode_hand(v: &Value, players: usize) -> Result<Hand, Vec<Msg>> {
    let o = Obj::of(v, Msg::new("json.what.manche")).map_err(|m| vec![m])?;
    let list = o
        .required("captured")
        .and_then(|l| json::per_player("captured", l, players))
        .map_err(|m| vec![m])?;
    let mut problems = Vec::new();
    let mut captured = Vec::new();
    for (p, pv) in list.iter().enumerate() {
        let po = match Obj::of(pv, msg!("json.what.captured", n = p + 1)) {
            Ok(o) => o,
            Err(m) => {
                problems.push(m);
                continue;
            }
        };
        for k in po.map.keys() {
            if !Suit::ALL.iter().any(|s| s.code() == k) {
                problems.push(msg!("democratie.err.suit", value = k));
            }
        }
        let mut suits: [Capture; 4] = std::array::from_fn(|_| Capture::Points(0));
        for s in Suit::ALL {
            let field = format!("captured.{}", s.code());
            let Some(sv) = po.present(s.code()) else {
                continue;
            };
            let c = match sv {
                Value::Array(ranks) => {
                    let mut cards = Vec::new();
                    for r in ranks {
                        match json::string(&field, r).and_then(|t| {
                            Rank::parse(t).ok_or_else(|| {
                                msg!(
                                    "democratie.err.rank",
                                    field = &field,
                                    value = json::quote(r)
                                )
                            })
                        }) {
                            Ok(r) => cards.push(r),
                            Err(m) => problems.push(m),
                        }
                    }
                    Capture::Cards(cards)
                }
                other => match json::int_in(&field, other, 0, SUIT_POINTS) {
                    Ok(n) => Capture::Points(n),
                    Err(m) => {
                        problems.push(m);
                        Capture::Points(0)
                    }
                },
            };
            suits[s as usize] = c;
        }
        captured.push(suits);
    }
    if problems.is_empty() {
        Ok(Hand { captured })
    } else {
        Err(problems)
    }
}

/// Facts of one scored manche: points per player in [S, H, D, C].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Info {
    /// Per seat; `None` for a seat not playing this manche (not come yet, or gone).
    pub points: Vec<Option<[i64; 4]>>,
}

/// A game in progress.
#[derive(Debug, Clone)]
pub struct Game {
    players: Vec<Arc<str>>,
    options: Options,
    totals: Vec<i64>,
    /// The seats still playing (table events).
    playing: Playing,
    over: bool,
    /// Lines left out ([`super::rules::Rules::quiet`]).
    quiet: bool,
}

impl Game {
    pub fn new(players: &[String], options: &Options) -> Game {
        Game {
            players: players.iter().map(|p| Arc::from(p.as_str())).collect(),
            options: options.clone(),
            totals: vec![0; players.len()],
            playing: Playing::all(players.len()),
            quiet: false,
            over: false,
        }
    }

    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The number of players still playing (what a manche lists).
    pub fn players(&self) -> usize {
        self.playing.count()
    }

    /// The seats still playing, in the order a manche lists them.
    pub fn playing(&self) -> Vec<usize> {
        self.playing.seats().collect()
    }

    /// Problems with a manche: a suit over 25 points, a card captured twice.
    pub fn check(&self, hand: &Hand) -> Vec<Msg> {
        let mut problems = Vec::new();
        for s in Suit::ALL {
            let total: i64 = hand.captured.iter().map(|c| c[s as usize].points()).sum();
            if total > SUIT_POINTS {
                problems.push(msg!(
                    "democratie.err.over_25",
                    suit = Arg::Key(s.name_key()),
                    total = total
                ));
            }
            let mut seen = [false; 12];
            for c in &hand.captured {
                if let Capture::Cards(cards) = &c[s as usize] {
                    for r in cards {
                        if std::mem::replace(&mut seen[*r as usize], true) {
                            problems.push(msg!(
                                "democratie.err.twice",
                                rank = Arg::Key(r.name_key()),
                                suit = Arg::Key(s.name_key())
                            ));
                        }
                    }
                }
            }
        }
        problems
    }

    /// The tribus one player's captures score, with a line per suit.
    pub fn tribus(&self, player: usize, suits: &[Capture; 4]) -> Vec<Line> {
        let mut lines = Vec::new();
        for s in Suit::ALL {
            let c = &suits[s as usize];
            let pts = c.points();
            let (n, key) = match self.options.tribus_in_suit(c) {
                0 => continue,
                1 => (1, "democratie.line.tribu"),
                n => (n, "democratie.line.all12"),
            };
            lines.push(Line::new(
                player,
                n,
                rule::TRIBU,
                msg!(
                    key,
                    player = &self.players[player],
                    suit = Arg::Key(s.name_key()),
                    points = pts
                ),
            ));
        }
        lines
    }

    pub fn play(&mut self, hand: &Hand) -> Result<Scored<Info>, Vec<Msg>> {
        if self.over {
            return Err(vec![msg!(
                "democratie.err.over",
                target = self.options.target
            )]);
        }
        let n = self.playing.count();
        if hand.captured.len() != n {
            // A manche entered before an arrival or a departure that is no longer there.
            return Err(vec![msg!(
                "json.per_player",
                field = "captured",
                found = hand.captured.len(),
                players = n
            )]);
        }
        let problems = self.check(hand);
        if !problems.is_empty() {
            return Err(problems);
        }
        let mut lines = Vec::new();
        let mut delta = vec![0; self.players.len()];
        let mut points = vec![None; self.players.len()];
        let seats: Vec<usize> = self.playing.seats().collect();
        for (&p, suits) in seats.iter().zip(&hand.captured) {
            points[p] = Some(std::array::from_fn(|s| suits[s].points()));
            if self.quiet {
                delta[p] += suits
                    .iter()
                    .map(|c| self.options.tribus_in_suit(c))
                    .sum::<i64>();
                continue;
            }
            for l in self.tribus(p, suits) {
                delta[p] += l.points;
                lines.push(l);
            }
        }
        for (t, d) in self.totals.iter_mut().zip(&delta) {
            *t += d;
        }
        self.over = self.playing.race_over(&self.totals, self.options.target);
        Ok(Scored {
            delta,
            lines,
            info: Info { points },
        })
    }

    pub fn totals(&self) -> Vec<i64> {
        self.totals.clone()
    }

    pub fn finished(&self) -> bool {
        self.over
    }
}

super::kit::figures!(Sum {
    Manches = "manches",
    Tribus = "tribus",
    Whole = "suits_whole",
});

impl super::rules::Rules for Game {
    const EVENTS: &'static [crate::games::table::EventKind] = &crate::games::table::EventKind::ALL;
    const NEGATIVE_START: bool = false;
    rules_from_module!();

    const SUMS: &'static [&'static str] = Sum::NAMES;
    const RATIOS: &'static [super::kit::Ratio] = &[super::kit::Ratio {
        name: "tribus_per_manche",
        over: "tribus",
        by: "manches",
    }];
    /// Each player's manches, tribus, and suits captured whole: all 25 of a suit's points (its
    /// cards as entered, or its points alone).
    fn tally(_hand: &Hand, info: &Info, delta: &[i64], seats: &mut [super::kit::Tally]) {
        for (p, t) in seats.iter_mut().enumerate() {
            // The points scoring counted, per suit: not counted again.
            let Some(Some(suits)) = info.points.get(p) else {
                continue;
            };
            let whole = suits.iter().filter(|n| **n == SUIT_POINTS).count();
            t.add(Sum::Manches as usize, 1);
            t.add(Sum::Tribus as usize, delta.get(p).copied().unwrap_or(0));
            t.add(Sum::Whole as usize, whole as i64);
        }
    }

    const ID: &'static str = "democratie";
    const NAME_KEY: &'static str = "game.democratie";
    const HAND_NOUN: &'static str = "noun.democratie.hand";
    const HAND_WORD: &'static str = "noun.democratie.word";
    const HAND_COUNT: &'static str = "noun.democratie.count";
    const TOTAL_UNIT: &'static str = "unit.tribus";
    const HAND_TITLE: &'static str = "noun.democratie.title";
    const BEST_HAND: &'static str = "stats.best_hand.democratie";
    const PLAYERS: (usize, usize) = (2, 6);
    const OPTIONS: &'static [OptDesc] = &[
        OptDesc::new("target", OptKind::Positive(7)),
        OptDesc::new("all12", OptKind::Bool),
        OptDesc::new("joker", OptKind::Words(&["wild", "lowest"])),
        OptDesc::new("days", OptKind::Positive(2)),
    ];
    const RULES: &'static [RuleId] = &[rule::POINTS, rule::TRICK, rule::TRIBU, rule::END];
    const HAND_FIELDS: &'static [&'static str] = &["captured"];

    fn read_options(v: Option<&Value>, players: usize) -> Result<Options, Vec<Msg>> {
        Options::from_json(v, players)
    }
    seats_come_and_go!();
    /// A suit's points card by card when the cards were given (`5 + 4 + 3 + 3 = 15 ≥ 13`), its
    /// points against the 13 needed otherwise, and all 12 cards for two tribus.
    fn count(&self, hand: &Hand, _info: &Info, line: &Line) -> Option<String> {
        let suit = line
            .text
            .args
            .iter()
            .find_map(|(name, arg)| match (name, arg) {
                (&"suit", Arg::Key(k)) => Suit::ALL.into_iter().find(|s| s.name_key() == *k),
                _ => None,
            })?;
        let capture = &hand.captured.get(self.playing.entry_of(line.side)?)?[suit as usize];
        let sum = match capture {
            Capture::Cards(cards) if cards.len() > 1 => {
                let parts: Vec<String> = cards.iter().map(|r| r.points().to_string()).collect();
                format!("{} = {}", parts.join(" + "), capture.points())
            }
            _ => capture.points().to_string(),
        };
        let all = if line.points == 2 {
            " ; 12/12 → 2"
        } else {
            ""
        };
        Some(format!("{sum} ≥ {TRIBU}{all}"))
    }
    fn decode(v: &Value, players: usize, _options: &Options) -> Result<Hand, Vec<Msg>> {
        decode_hand(v, players)
    }
    type Wire<'de> = Wire<'de>;
    fn hand_bytes(hand: &Hand) -> usize {
        use super::rules::list_bytes;
        let cards = |c: &Capture| match c {
            Capture::Cards(r) => list_bytes(r),
            Capture::Points(_) => 0,
        };
        list_bytes(&hand.captured) + hand.captured.iter().flatten().map(cards).sum::<usize>()
    }
    fn from_wire(w: Wire<'_>, players: usize, _options: &Options) -> Option<Hand> {
        from_wire(w, players)
    }
    fn label(_hand: &Hand, _info: &Info, index: usize, _players: &[String]) -> Msg {
        msg!("label.democratie", n = index + 1)
    }
    fn state(&self, _players: &[String], _next: usize) -> Msg {
        msg!("state.democratie", target = self.options.target)
    }
    fn target(&self) -> Option<i64> {
        Some(self.options.target)
    }
}

impl super::face::Face for Game {}
