//! Le 2500: Quebec rummy in trios with a wild rank, the *frime*; the race to 2500.
//!
//! Rules: `2500.deal`, `2500.values`, `2500.brasse`, `2500.end`, `2500.cards`.

use serde::Serialize;
use std::sync::Arc;

use serde_json::{Value, json};

use super::json::{self, Obj};
use super::kit::{Line, OptDesc, OptKind, Scored};
use crate::games::table::Playing;
use crate::i18n::msg;
use crate::i18n::{Arg, Msg};

use crate::games::kit::RuleId;

/// The game's rule ids, as its lines and the rules screen name them.
pub mod rule {
    use crate::games::kit::RuleId;

    pub const DEAL: RuleId = RuleId::new("2500.deal");
    pub const VALUES: RuleId = RuleId::new("2500.values");
    pub const BRASSE: RuleId = RuleId::new("2500.brasse");
    pub const END: RuleId = RuleId::new("2500.end");
    pub const CARDS: RuleId = RuleId::new("2500.cards");
}

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

/// How many cards of one rank the packs hold (`2500.cards`): 8 with two packs, 12 with three.
pub fn copies_per_rank(players: usize) -> usize {
    if players >= 7 { 12 } else { 8 }
}

/// A player's cards laid, or left in hand, as the table gave them: the ranks one by one, or
/// only their points (a table that counts on paper; session format, 2500).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Cards {
    Ranks(Vec<Rank>),
    /// A whole number ≥ 0, a multiple of 5.
    Points(i64),
}

impl Default for Cards {
    fn default() -> Self {
        Cards::Ranks(Vec::new())
    }
}

impl Cards {
    /// What these cards are worth with this frime.
    pub fn points(&self, options: &Options, frime: Rank) -> i64 {
        match self {
            Cards::Ranks(r) => options.points(r.iter().copied(), frime),
            Cards::Points(p) => *p,
        }
    }

    /// The ranks given one by one (none for points).
    pub fn ranks(&self) -> &[Rank] {
        match self {
            Cards::Ranks(r) => r,
            Cards::Points(_) => &[],
        }
    }

    /// Nothing given: no card, or 0 points.
    pub fn is_empty(&self) -> bool {
        match self {
            Cards::Ranks(r) => r.is_empty(),
            Cards::Points(p) => *p == 0,
        }
    }
}

impl Serialize for Cards {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Cards::Ranks(r) => r.serialize(s),
            Cards::Points(p) => s.serialize_i64(*p),
        }
    }
}

impl<'de> serde::Deserialize<'de> for Cards {
    /// The fast path's reader: a list of ranks, or points that are a multiple of 5 (anything
    /// else fails here, and the careful reader names it).
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Cards, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = Cards;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a list of ranks, or points")
            }
            fn visit_u64<E: serde::de::Error>(self, n: u64) -> Result<Cards, E> {
                match i64::try_from(n) {
                    Ok(p) if p % 5 == 0 && p <= MAX_POINTS => Ok(Cards::Points(p)),
                    _ => Err(E::custom("not points")),
                }
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut a: A) -> Result<Cards, A::Error> {
                let mut ranks = Vec::with_capacity(a.size_hint().unwrap_or(0));
                while let Some(r) = a.next_element::<Rank>()? {
                    ranks.push(r);
                }
                Ok(Cards::Ranks(ranks))
            }
        }
        d.deserialize_any(V)
    }
}

/// More points than any brasse can hold (three packs, aces frimés: 12 × 200 + …); a bound that
/// keeps sums far from overflowing before the packs' own limit is checked.
const MAX_POINTS: i64 = 1_000_000;

/// One brasse as entered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hand {
    pub frime: Rank,
    pub laid: Vec<Cards>,
    pub hand: Vec<Cards>,
}

impl Hand {
    pub fn to_json(&self) -> Value {
        json!({ "frime": self.frime, "laid": self.laid, "hand": self.hand })
    }

    /// Whether the brasse holds anything at all: a card or points for somebody.
    pub fn is_empty(&self) -> bool {
        self.laid.iter().chain(&self.hand).all(Cards::is_empty)
    }
}

/// What all the packs' cards are worth with this frime (`2500.cards`): with two packs and
/// frime 8 under the default table, 2,200.
pub fn packs_worth(options: &Options, frime: Rank, players: usize) -> i64 {
    let copies = copies_per_rank(players) as i64;
    Rank::ALL
        .into_iter()
        .map(|r| options.value(r, frime) * copies)
        .sum()
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
    let mut read = |field: &str| -> Vec<Cards> {
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
            if cards.is_number() {
                match points(field, cards) {
                    Ok(p) => out.push(Cards::Points(p)),
                    Err(m) => problems.push(m),
                }
                continue;
            }
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
            out.push(Cards::Ranks(ranks));
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
    laid: Vec<Cards>,
    hand: Vec<Cards>,
}

/// [`decode_hand`] for a well-formed brasse, as written.
fn from_wire(w: Wire, players: usize) -> Option<Hand> {
    (w.laid.len() == players && w.hand.len() == players).then_some(Hand {
        frime: w.frime,
        laid: w.laid,
        hand: w.hand,
    })
}

/// A player's cards given as points: a whole number ≥ 0, a multiple of 5.
fn points(field: &str, v: &Value) -> Result<i64, Msg> {
    let p = json::int_in(field, v, 0, MAX_POINTS)?;
    if p % 5 == 0 {
        Ok(p)
    } else {
        Err(msg!("le2500.err.points_step", points = p))
    }
}

fn rank(field: &str, v: &Value) -> Result<Rank, Msg> {
    let s = json::string(field, v)?;
    Rank::parse(s).ok_or_else(|| msg!("le2500.err.rank", field = field, value = json::quote(v)))
}

/// Facts of one scored brasse: per player, the points laid and the points left in hand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Info {
    /// Per seat; `None` for a seat not playing this brasse (not come yet, or gone).
    pub laid: Vec<Option<i64>>,
    pub hand: Vec<Option<i64>>,
}

/// A partie in progress.
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

    /// The number of players still playing (what a brasse lists).
    pub fn players(&self) -> usize {
        self.playing.count()
    }

    /// The seats still playing, in the order a brasse lists them.
    pub fn playing(&self) -> Vec<usize> {
        self.playing.seats().collect()
    }

    /// The points of a set of cards with this frime.
    pub fn points(&self, cards: &[Rank], frime: Rank) -> i64 {
        self.options.points(cards.iter().copied(), frime)
    }

    /// Problems with a brasse (`2500.cards`): too many cards of one rank among those given
    /// by rank, or more points in all than the packs' cards are worth.
    pub fn check(&self, hand: &Hand) -> Vec<Msg> {
        let max = copies_per_rank(self.playing.count());
        let mut counts = [0usize; 12];
        for r in hand.laid.iter().chain(&hand.hand).flat_map(Cards::ranks) {
            counts[*r as usize] += 1;
        }
        let mut problems: Vec<Msg> = hand
            .laid
            .iter()
            .chain(&hand.hand)
            .filter_map(|c| match c {
                Cards::Points(p) if *p < 0 || *p > MAX_POINTS => Some(msg!(
                    "le2500.err.points_range",
                    points = *p,
                    max = MAX_POINTS
                )),
                Cards::Points(p) if *p % 5 != 0 => {
                    Some(msg!("le2500.err.points_step", points = *p))
                }
                _ => None,
            })
            .collect();
        problems.extend(
            Rank::ALL
                .into_iter()
                .filter(|r| counts[*r as usize] > max)
                .map(|r| {
                    msg!(
                        "le2500.err.too_many",
                        rank = Arg::Key(r.name_key()),
                        count = counts[r as usize],
                        max = max
                    )
                }),
        );
        if !problems.is_empty() {
            return problems;
        }
        // Every entry is within bounds here: the sum cannot overflow.
        let all: i64 = hand
            .laid
            .iter()
            .chain(&hand.hand)
            .map(|c| c.points(&self.options, hand.frime))
            .sum();
        let worth = packs_worth(&self.options, hand.frime, self.playing.count());
        if all > worth {
            problems.push(msg!(
                "le2500.err.points_over",
                points = all,
                max = worth,
                frime = Arg::Key(hand.frime.name_key())
            ));
        }
        problems
    }

    pub fn play(&mut self, hand: &Hand) -> Result<Scored<Info>, Vec<Msg>> {
        if self.over {
            return Err(vec![msg!("le2500.err.over", target = self.options.target)]);
        }
        let n = self.playing.count();
        if hand.laid.len() != n || hand.hand.len() != n {
            // A brasse entered before an arrival or a departure that is no longer there.
            return Err(vec![msg!(
                "json.per_player",
                field = "laid",
                found = hand.laid.len(),
                players = n
            )]);
        }
        let problems = self.check(hand);
        if !problems.is_empty() {
            return Err(problems);
        }
        let n = self.players.len();
        let mut lines = Vec::with_capacity(if self.quiet { 0 } else { 2 * n });
        let mut info = Info {
            laid: vec![None; n],
            hand: vec![None; n],
        };
        let mut delta = vec![0; n];
        for (k, p) in self.playing.seats().enumerate() {
            let (Some(laid_cards), Some(kept_cards)) = (hand.laid.get(k), hand.hand.get(k)) else {
                continue;
            };
            let laid = laid_cards.points(&self.options, hand.frime);
            let kept = kept_cards.points(&self.options, hand.frime);
            info.laid[p] = Some(laid);
            info.hand[p] = Some(kept);
            delta[p] = laid - kept;
            self.totals[p] += laid - kept;
            if self.quiet {
                continue;
            }
            let player = &self.players[p];
            // A player who laid nothing has no line: a "0 cards, 0" line explains nothing.
            if !laid_cards.is_empty() {
                let text = cards_line(laid_cards, hand.frime, player, laid, "laid");
                lines.push(Line::new(p, laid, rule::BRASSE, text));
            }
            if !kept_cards.is_empty() {
                let text = cards_line(kept_cards, hand.frime, player, kept, "kept");
                lines.push(Line::new(p, -kept, rule::BRASSE, text));
            }
        }
        self.over = self.playing.race_over(&self.totals, self.options.target);
        Ok(Scored { delta, lines, info })
    }

    pub fn totals(&self) -> Vec<i64> {
        self.totals.clone()
    }

    pub fn finished(&self) -> bool {
        self.over
    }
}

super::kit::figures!(Sum {
    Brasses = "brasses",
    Points = "points",
    AceFrimes = "ace_frimes",
});
super::kit::figures!(Best { Brasse = "best_brasse" });

impl super::rules::Rules for Game {
    const EVENTS: &'static [crate::games::table::EventKind] = &crate::games::table::EventKind::ALL;
    const POINTS_STEP: i64 = 5;
    rules_from_module!();

    const SUMS: &'static [&'static str] = Sum::NAMES;
    const BESTS: &'static [&'static str] = Best::NAMES;
    const RATIOS: &'static [super::kit::Ratio] = &[super::kit::Ratio {
        name: "average_brasse",
        over: "points",
        by: "brasses",
    }];
    /// Each player's brasses, points, best brasse, and the brasses played with aces wild.
    fn tally(hand: &Hand, info: &Info, delta: &[i64], seats: &mut [super::kit::Tally]) {
        for (p, t) in seats.iter_mut().enumerate() {
            if info.laid.get(p).is_none_or(Option::is_none) {
                continue;
            }
            let points = delta.get(p).copied().unwrap_or(0);
            t.add(Sum::Brasses as usize, 1);
            t.add(Sum::Points as usize, points);
            t.add(Sum::AceFrimes as usize, i64::from(hand.frime == Rank::A));
            t.best(Best::Brasse as usize, points);
        }
    }

    /// A seat that laid nothing this brasse (not come yet, or gone) was not in it.
    fn took_part(_hand: &Hand, info: &Info, seat: usize) -> bool {
        info.laid.get(seat).is_some_and(Option::is_some)
    }

    const ID: &'static str = "2500";
    const NAME_KEY: &'static str = "game.2500";
    const HAND_NOUN: &'static str = "noun.2500.hand";
    const HAND_WORD: &'static str = "noun.2500.word";
    const HAND_COUNT: &'static str = "noun.2500.count";
    const HAND_TITLE: &'static str = "noun.2500.title";
    const BEST_HAND: &'static str = "stats.best_hand.2500";
    const PLAYERS: (usize, usize) = (2, 8);
    const OPTIONS: &'static [OptDesc] = &[
        OptDesc::new("low_cards", OptKind::Numbers(&[7, 9])),
        OptDesc::new("target", OptKind::Positive(2500)),
    ];
    const RULES: &'static [RuleId] = &[
        rule::DEAL,
        rule::VALUES,
        rule::BRASSE,
        rule::END,
        rule::CARDS,
    ];
    const HAND_FIELDS: &'static [&'static str] = &["frime", "laid", "hand"];

    fn read_options(v: Option<&Value>, _players: usize) -> Result<Options, Vec<Msg>> {
        Options::from_json(v)
    }
    /// The cards' values grouped, highest first: `4 × 100 + 2 × 10 = 420`.
    /// Card by card, in the order written: each card's value (the frime's 100, or 200 as the
    /// ace), added up.
    fn count(&self, hand: &Hand, _info: &Info, line: &Line) -> Option<String> {
        let k = self.playing.entry_of(line.side)?;
        let (cards, kept) = match line.text.key {
            "le2500.line.laid" | "le2500.line.laid_frime" => (hand.laid.get(k)?, false),
            "le2500.line.kept" | "le2500.line.kept_frime" => (hand.hand.get(k)?, true),
            // Points given as points: the line says them, there is nothing to add up.
            _ => return None,
        };
        let terms: Vec<String> = cards
            .ranks()
            .iter()
            .map(|r| self.options.value(*r, hand.frime).to_string())
            .collect();
        let sum = match (terms.len(), kept) {
            (0, _) => "0".to_string(),
            (1, false) => terms[0].clone(),
            (_, false) => terms.join(" + "),
            (1, true) => format!("−{}", terms[0]),
            (_, true) => format!("−({})", terms.join(" + ")),
        };
        Some(format!("{sum} = {}", super::kit::number(line.points)))
    }
    seats_come_and_go!();
    fn decode(v: &Value, players: usize, _options: &Options) -> Result<Hand, Vec<Msg>> {
        decode_hand(v, players)
    }
    type Wire<'de> = Wire;
    fn hand_bytes(hand: &Hand) -> usize {
        use super::rules::list_bytes;
        let cards = |c: &Cards| match c {
            Cards::Ranks(r) => list_bytes(r),
            Cards::Points(_) => 0,
        };
        list_bytes(&hand.laid)
            + list_bytes(&hand.hand)
            + hand.laid.iter().chain(&hand.hand).map(cards).sum::<usize>()
    }
    fn from_wire(w: Wire, players: usize, _options: &Options) -> Option<Hand> {
        from_wire(w, players)
    }
    const DESCRIBES_CHANGES: bool = true;
    /// The frime if it changed, and each player whose points changed, laid and in hand.
    fn change(old: (&Hand, &Info), new: (&Hand, &Info), players: &[String]) -> Option<Msg> {
        let mut parts = Vec::new();
        if old.0.frime != new.0.frime {
            parts.push(msg!(
                "le2500.change.frime",
                old = Arg::Key(old.0.frime.name_key()),
                new = Arg::Key(new.0.frime.name_key())
            ));
        }
        for (p, player) in players.iter().enumerate() {
            let (Some(ol), Some(ok), Some(nl), Some(nk)) = (
                old.1.laid.get(p),
                old.1.hand.get(p),
                new.1.laid.get(p),
                new.1.hand.get(p),
            ) else {
                continue;
            };
            if let (Some(ol), Some(ok), Some(nl), Some(nk)) = (ol, ok, nl, nk)
                && (ol, ok) != (nl, nk)
            {
                parts.push(msg!(
                    "le2500.change.player",
                    player = player.as_str(),
                    old_laid = *ol,
                    old_kept = *ok,
                    new_laid = *nl,
                    new_kept = *nk
                ));
            }
        }
        let mut parts = parts.into_iter();
        let first = parts.next()?;
        Some(parts.fold(first, |all, p| msg!("list.and", a = all, b = p)))
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

/// A player's line for the cards laid (`what` "laid") or left in hand ("kept"): how many, how
/// many of them are the frime, and their points.
fn cards_line(cards: &Cards, frime: Rank, player: &Arc<str>, points: i64, what: &str) -> Msg {
    let ranks = match cards {
        Cards::Ranks(r) => r,
        Cards::Points(_) if what == "laid" => {
            return msg!("le2500.line.laid_points", player = player, points = points);
        }
        Cards::Points(_) => {
            return msg!("le2500.line.kept_points", player = player, points = points);
        }
    };
    let frimes = ranks.iter().filter(|r| **r == frime).count();
    let key = match (what, frimes) {
        ("laid", 0) => "le2500.line.laid",
        ("laid", _) => "le2500.line.laid_frime",
        (_, 0) => "le2500.line.kept",
        _ => "le2500.line.kept_frime",
    };
    if frimes == 0 {
        return msg!(key, player = player, n = ranks.len(), points = points);
    }
    msg!(
        key,
        player = player,
        n = ranks.len(),
        f = frimes,
        frime = Arg::Key(frime.name_key()),
        points = points
    )
}

impl super::face::Face for Game {}
