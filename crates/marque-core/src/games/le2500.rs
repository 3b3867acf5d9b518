//! Le 2500: Quebec rummy in trios with a wild rank, the *frime*; the race to 2500.
//!
//! Rules: `2500.deal`, `2500.values`, `2500.brasse`, `2500.end`, `2500.cards`.

use serde::Serialize;
use std::sync::Arc;

use serde_json::{Value, json};

use super::json::{self, Obj};
use super::{Line, OptDesc, OptKind, Scored, race_over};
use crate::i18n::{Arg, Msg};
use crate::msg;

/// A rank of the 96-card pack (no 2s).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub enum Rank {
    #[serde(rename = "3")]
    R3,
    #[serde(rename = "4")]
    R4,
    #[serde(rename = "5")]
    R5,
    #[serde(rename = "6")]
    R6,
    #[serde(rename = "7")]
    R7,
    #[serde(rename = "8")]
    R8,
    #[serde(rename = "9")]
    R9,
    #[serde(rename = "10")]
    R10,
    #[serde(rename = "J")]
    J,
    #[serde(rename = "Q")]
    Q,
    #[serde(rename = "K")]
    K,
    #[serde(rename = "A")]
    A,
}

impl Rank {
    pub const ALL: [Rank; 12] = [
        Rank::R3,
        Rank::R4,
        Rank::R5,
        Rank::R6,
        Rank::R7,
        Rank::R8,
        Rank::R9,
        Rank::R10,
        Rank::J,
        Rank::Q,
        Rank::K,
        Rank::A,
    ];

    pub fn code(self) -> &'static str {
        ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"][self as usize]
    }

    pub fn parse(s: &str) -> Option<Rank> {
        Some(match s {
            "3" => Rank::R3,
            "4" => Rank::R4,
            "5" => Rank::R5,
            "6" => Rank::R6,
            "7" => Rank::R7,
            "8" => Rank::R8,
            "9" => Rank::R9,
            "10" => Rank::R10,
            "J" => Rank::J,
            "Q" => Rank::Q,
            "K" => Rank::K,
            "A" => Rank::A,
            _ => return None,
        })
    }

    /// The number of cards dealt when this card is turned for a player (`2500.deal`).
    pub fn deal_count(self) -> u32 {
        self as u32 + 3
    }

    /// The rank as the table says it, by language: "D" for a dame in French, "Q" in English.
    pub fn name_key(self) -> &'static str {
        [
            "rank.3", "rank.4", "rank.5", "rank.6", "rank.7", "rank.8", "rank.9", "rank.10",
            "rank.J", "rank.Q", "rank.K", "rank.A",
        ][self as usize]
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Options {
    /// The highest rank worth 5: 7 (the seed) or 9 (the English game).
    pub low_cards: u32,
    pub target: i64,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            low_cards: 7,
            target: 2500,
        }
    }
}

impl Options {
    pub const KEYS: [&'static str; 2] = ["low_cards", "target"];

    pub fn from_json(v: Option<&Value>) -> Result<Options, Vec<Msg>> {
        let mut o = Options::default();
        json::options(v, &Self::KEYS, |k, val| {
            if k == "low_cards" {
                o.low_cards = match val.as_i64() {
                    Some(7) => 7,
                    Some(9) => 9,
                    _ => {
                        return Err(msg!(
                            "json.not_allowed",
                            field = "low_cards",
                            value = json::quote(val),
                            allowed = "7, 9"
                        ));
                    }
                };
            } else {
                o.target = json::positive("target", val)?;
            }
            Ok(())
        })?;
        Ok(o)
    }

    /// The points of a set of cards with this frime.
    pub fn points(&self, cards: impl IntoIterator<Item = Rank>, frime: Rank) -> i64 {
        cards.into_iter().map(|r| self.value(r, frime)).sum()
    }

    /// What a card is worth in a brasse with this frime (`2500.values`).
    pub fn value(&self, rank: Rank, frime: Rank) -> i64 {
        if rank == frime {
            return if frime == Rank::A { 200 } else { 100 };
        }
        match rank {
            Rank::A => 100,
            r if (r as u32 + 3) <= self.low_cards => 5,
            _ => 10,
        }
    }
}

/// Cards worth `points` each, for a brasse entered in points (the session file holds cards):
/// the fewest cards, highest values first, within what the packs hold of each rank beside the
/// cards `used` already (updated). `Err` says why no cards make these points.
pub fn cards_worth(
    options: &Options,
    frime: Rank,
    players: usize,
    points: i64,
    used: &mut [usize; 12],
) -> Result<Vec<Rank>, Msg> {
    if points < 0 || points % 5 != 0 {
        return Err(msg!("le2500.err.points_step", points = points));
    }
    let mut ranks = Rank::ALL;
    ranks.sort_by_key(|r| std::cmp::Reverse((options.value(*r, frime), *r as usize)));
    let cap = copies_per_rank(players);
    let mut left = points;
    let mut cards = Vec::new();
    for r in ranks {
        let value = options.value(r, frime);
        let room = cap - used[r as usize].min(cap);
        let take = usize::try_from(left / value).unwrap_or(0).min(room);
        used[r as usize] += take;
        cards.extend(std::iter::repeat_n(r, take));
        left -= value * take as i64;
    }
    if left == 0 {
        Ok(cards)
    } else {
        Err(msg!("le2500.err.points_cards", points = points))
    }
}

/// How many cards of one rank the packs hold (`2500.cards`): 8 with two packs, 12 with three.
pub fn copies_per_rank(players: usize) -> usize {
    if players >= 7 { 12 } else { 8 }
}

/// One brasse as entered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hand {
    pub frime: Rank,
    pub laid: Vec<Vec<Rank>>,
    pub hand: Vec<Vec<Rank>>,
}

impl Hand {
    pub fn to_json(&self) -> Value {
        json!({ "frime": self.frime, "laid": self.laid, "hand": self.hand })
    }
}

pub fn decode_hand(v: &Value, players: usize) -> Result<Hand, Vec<Msg>> {
    let o = Obj::of(v, Msg::new("json.what.brasse")).map_err(|m| vec![m])?;
    let mut problems = Vec::new();
    let frime = match o.required("frime").and_then(|f| rank("frime", f)) {
        Ok(r) => Some(r),
        Err(m) => {
            problems.push(m);
            None
        }
    };
    let mut read = |field: &str| -> Vec<Vec<Rank>> {
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
        for cards in list {
            let mut ranks = Vec::new();
            match json::array(field, cards) {
                Ok(cs) => {
                    for c in cs {
                        match rank(field, c) {
                            Ok(r) => ranks.push(r),
                            Err(m) => problems.push(m),
                        }
                    }
                }
                Err(m) => problems.push(m),
            }
            out.push(ranks);
        }
        out
    };
    let laid = read("laid");
    let hand = read("hand");
    match frime {
        Some(frime) if problems.is_empty() => Ok(Hand { frime, laid, hand }),
        _ => Err(problems),
    }
}

impl<'de> serde::Deserialize<'de> for Rank {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Rank, D::Error> {
        struct V;
        impl serde::de::Visitor<'_> for V {
            type Value = Rank;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a rank: 3 to 10, J, Q, K, A")
            }
            fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<Rank, E> {
                Rank::parse(s).ok_or_else(|| E::custom("not a rank"))
            }
        }
        d.deserialize_str(V)
    }
}

/// A brasse as written, for the fast path.
#[derive(serde::Deserialize)]
pub struct Wire {
    frime: Rank,
    laid: Vec<Vec<Rank>>,
    hand: Vec<Vec<Rank>>,
}

/// [`decode_hand`] for a well-formed brasse, as written.
fn from_wire(w: Wire, players: usize) -> Option<Hand> {
    (w.laid.len() == players && w.hand.len() == players).then_some(Hand {
        frime: w.frime,
        laid: w.laid,
        hand: w.hand,
    })
}

fn rank(field: &str, v: &Value) -> Result<Rank, Msg> {
    let s = json::string(field, v)?;
    Rank::parse(s).ok_or_else(|| msg!("le2500.err.rank", field = field, value = json::quote(v)))
}

/// Facts of one scored brasse: per player, the points laid and the points left in hand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Info {
    pub laid: Vec<i64>,
    pub hand: Vec<i64>,
}

/// A partie in progress.
#[derive(Debug, Clone)]
pub struct Game {
    players: Vec<Arc<str>>,
    options: Options,
    totals: Vec<i64>,
    over: bool,
    /// Lines left out ([`super::Rules::quiet`]).
    quiet: bool,
}

impl Game {
    pub fn new(players: &[String], options: &Options) -> Game {
        Game {
            players: players.iter().map(|p| Arc::from(p.as_str())).collect(),
            options: options.clone(),
            totals: vec![0; players.len()],
            quiet: false,
            over: false,
        }
    }

    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The number of players.
    pub fn players(&self) -> usize {
        self.players.len()
    }

    /// The points of a set of cards with this frime.
    pub fn points(&self, cards: &[Rank], frime: Rank) -> i64 {
        self.options.points(cards.iter().copied(), frime)
    }

    /// Problems with a brasse: too many cards of one rank.
    pub fn check(&self, hand: &Hand) -> Vec<Msg> {
        let max = copies_per_rank(self.players.len());
        let mut counts = [0usize; 12];
        for r in hand.laid.iter().chain(&hand.hand).flatten() {
            counts[*r as usize] += 1;
        }
        Rank::ALL
            .into_iter()
            .filter(|r| counts[*r as usize] > max)
            .map(|r| {
                msg!(
                    "le2500.err.too_many",
                    rank = r.code(),
                    count = counts[r as usize],
                    max = max
                )
            })
            .collect()
    }

    pub fn play(&mut self, hand: &Hand) -> Result<Scored<Info>, Vec<Msg>> {
        if self.over {
            return Err(vec![msg!("le2500.err.over", target = self.options.target)]);
        }
        let problems = self.check(hand);
        if !problems.is_empty() {
            return Err(problems);
        }
        let n = self.players.len();
        let mut lines = Vec::with_capacity(if self.quiet { 0 } else { 2 * n });
        let mut info = Info {
            laid: Vec::with_capacity(n),
            hand: Vec::with_capacity(n),
        };
        let mut delta = Vec::with_capacity(n);
        for p in 0..self.players.len() {
            let laid = self.points(&hand.laid[p], hand.frime);
            let kept = self.points(&hand.hand[p], hand.frime);
            info.laid.push(laid);
            info.hand.push(kept);
            delta.push(laid - kept);
            self.totals[p] += laid - kept;
            if self.quiet {
                continue;
            }
            lines.push(Line::new(
                p,
                laid,
                "2500.brasse",
                msg!(
                    "le2500.line.laid",
                    player = &self.players[p],
                    n = hand.laid[p].len(),
                    points = laid
                ),
            ));
            if !hand.hand[p].is_empty() {
                lines.push(Line::new(
                    p,
                    -kept,
                    "2500.brasse",
                    msg!(
                        "le2500.line.kept",
                        player = &self.players[p],
                        n = hand.hand[p].len(),
                        points = kept
                    ),
                ));
            }
        }
        self.over = race_over(&self.totals, self.options.target);
        Ok(Scored { delta, lines, info })
    }

    pub fn totals(&self) -> Vec<i64> {
        self.totals.clone()
    }

    pub fn finished(&self) -> bool {
        self.over
    }
}

super::figures!(Sum {
    Brasses = "brasses",
    Points = "points",
    AceFrimes = "ace_frimes",
});
super::figures!(Best { Brasse = "best_brasse" });

impl super::Rules for Game {
    rules_from_module!();

    const SUMS: &'static [&'static str] = Sum::NAMES;
    const BESTS: &'static [&'static str] = Best::NAMES;
    const RATIOS: &'static [super::Ratio] = &[super::Ratio {
        name: "average_brasse",
        over: "points",
        by: "brasses",
    }];
    /// Each player's brasses, points, best brasse, and the brasses played with aces wild.
    fn tally(hand: &Hand, _info: &Info, delta: &[i64], seats: &mut [super::Tally]) {
        for (p, t) in seats.iter_mut().enumerate() {
            let points = delta.get(p).copied().unwrap_or(0);
            t.add(Sum::Brasses as usize, 1);
            t.add(Sum::Points as usize, points);
            t.add(Sum::AceFrimes as usize, i64::from(hand.frime == Rank::A));
            t.best(Best::Brasse as usize, points);
        }
    }

    const ID: &'static str = "2500";
    const NAME_KEY: &'static str = "game.2500";
    const HAND_NOUN: &'static str = "noun.2500.hand";
    const HAND_WORD: &'static str = "noun.2500.word";
    const HAND_COUNT: &'static str = "noun.2500.count";
    const HAND_TITLE: &'static str = "noun.2500.title";
    const PLAYERS: (usize, usize) = (2, 8);
    const OPTIONS: &'static [OptDesc] = &[
        OptDesc::new("low_cards", OptKind::Numbers(&[7, 9])),
        OptDesc::new("target", OptKind::Positive(2500)),
    ];
    const RULES: &'static [&'static str] = &[
        "2500.deal",
        "2500.values",
        "2500.brasse",
        "2500.end",
        "2500.cards",
    ];
    const HAND_FIELDS: &'static [&'static str] = &["frime", "laid", "hand"];

    fn read_options(v: Option<&Value>, _players: usize) -> Result<Options, Vec<Msg>> {
        Options::from_json(v)
    }
    /// The cards' values grouped, highest first: `4 × 100 + 2 × 10 = 420`.
    fn count(&self, hand: &Hand, _info: &Info, line: &Line) -> Option<String> {
        let (cards, sign) = match line.text.key {
            "le2500.line.laid" => (hand.laid.get(line.side)?, ""),
            "le2500.line.kept" => (hand.hand.get(line.side)?, "−"),
            _ => return None,
        };
        let mut values: Vec<i64> = cards
            .iter()
            .map(|r| self.options.value(*r, hand.frime))
            .collect();
        values.sort_unstable_by(|a, b| b.cmp(a));
        let mut terms = Vec::new();
        for group in values.chunk_by(|a, b| a == b) {
            terms.push(format!("{} × {}", group.len(), group[0]));
        }
        let sum = match (terms.len(), sign) {
            (0, _) => "0".to_string(),
            (1, "") => terms.remove(0),
            (_, "") => terms.join(" + "),
            _ => format!("{sign}({})", terms.join(" + ")),
        };
        Some(format!("{sum} = {}", super::number(line.points)))
    }
    fn quiet(&mut self) {
        self.quiet = true;
    }
    fn start(players: &[String], options: &Options) -> Game {
        Game::new(players, options)
    }
    fn decode(v: &Value, players: usize, _options: &Options) -> Result<Hand, Vec<Msg>> {
        decode_hand(v, players)
    }
    type Wire<'de> = Wire;
    fn from_wire(w: Wire, players: usize, _options: &Options) -> Option<Hand> {
        from_wire(w, players)
    }
    fn label(hand: &Hand, _info: &Info, _index: usize, _players: &[String]) -> Msg {
        msg!("label.2500", frime = Arg::Key(hand.frime.name_key()))
    }
    fn state(&self, _players: &[String], _next: usize) -> Msg {
        msg!("state.2500", target = self.options.target)
    }
    fn target(&self) -> Option<i64> {
        Some(self.options.target)
    }
}
