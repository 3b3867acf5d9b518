//! What every game's rules are made of: rule ids, lines of explanation, scored hands, the
//! figures of statistics (tallies), option descriptions, and the numbers as the sheet writes them.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::i18n::Msg;

/// A rule's id, as lines, the rules screen and `marque score` name it
/// (`bridge.below.tricks`): each game's are constants of its `rule` module, compared as values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RuleId(&'static str);

impl RuleId {
    pub const fn new(id: &'static str) -> RuleId {
        RuleId(id)
    }

    pub const fn as_str(self) -> &'static str {
        self.0
    }
}

impl std::fmt::Display for RuleId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0)
    }
}

impl Serialize for RuleId {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.0)
    }
}

/// One line of explanation: who gets how many points, by which rule, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    pub side: usize,
    pub points: i64,
    pub rule: RuleId,
    pub text: Msg,
}

impl Line {
    pub fn new(side: usize, points: i64, rule: RuleId, text: Msg) -> Line {
        Line {
            side,
            points,
            rule,
            text,
        }
    }
}

/// What one hand adds: its delta per side, the lines that explain it, and game-specific facts.
#[derive(Debug, Clone, PartialEq)]
pub struct Scored<I> {
    pub delta: Vec<i64>,
    pub lines: Vec<Line>,
    pub info: I,
}

/// A number as the texts write it: a negative one with the minus sign (−115).
pub fn number(n: i64) -> String {
    if n < 0 {
        format!("−{}", n.unsigned_abs())
    } else {
        n.to_string()
    }
}

/// A number with its sign, as a deal's points: +60, −50, 0.
pub fn number_signed(n: i64) -> String {
    if n > 0 {
        format!("+{}", number(n))
    } else if n < 0 {
        format!("−{}", number(n.saturating_abs()))
    } else {
        "0".to_string()
    }
}

/// The sides holding the highest of `totals` (all of them on a tie).
pub fn leaders(totals: &[i64]) -> Vec<usize> {
    leaders_among(totals, |_| true)
}

/// The sides with the highest of `totals` among those for which `plays` holds (a seat that
/// left cannot win, `table.leave`).
pub fn leaders_among(totals: &[i64], plays: impl Fn(usize) -> bool) -> Vec<usize> {
    let best = (0..totals.len())
        .filter(|&s| plays(s))
        .map(|s| totals[s])
        .max();
    (0..totals.len())
        .filter(|&s| plays(s) && Some(totals[s]) == best)
        .collect()
}

/// A race to a target ends when one side alone leads and has reached it (`2500.end`,
/// `democratie.end`): equal leaders play on.
pub fn race_over(totals: &[i64], target: i64) -> bool {
    race_over_among(totals, target, |_| true)
}

/// [`race_over`] among the sides for which `plays` holds (a seat that left cannot win).
pub fn race_over_among(totals: &[i64], target: i64, plays: impl Fn(usize) -> bool) -> bool {
    matches!(leaders_among(totals, plays).as_slice(), [one] if totals[*one] >= target)
}

/// Adds the points of each side's lines: what the delta must be.
pub fn sum_lines(lines: &[Line], sides: usize) -> Vec<i64> {
    let mut sums = vec![0; sides];
    for l in lines {
        sums[l.side] += l.points;
    }
    sums
}

/// One player's figures in one session, for statistics: counts added up hand by hand and
/// session by session (the game's [`Rules::SUMS`](super::Rules::SUMS)) and bests kept as the highest seen (its
/// [`Rules::BESTS`](super::Rules::BESTS)), in the game's order of names.
///
/// Written as one flat list to keep a session index of thousands of entries small: the sums,
/// then the bests as a list of their own if the game keeps any (`[4, 1, 7]`, `[2, 1, 2, [3]]`).
///
/// Held in place, without allocating (a summary of each of thousands of sessions holds one per
/// seat): up to [`Tally::MAX_SUMS`] sums and [`Tally::MAX_BESTS`] bests.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    sums: [i64; Tally::MAX_SUMS],
    bests: [Option<i64>; Tally::MAX_BESTS],
    n_sums: u8,
    n_bests: u8,
}

impl Serialize for Tally {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let bests = !self.bests().is_empty();
        let mut seq = s.serialize_seq(Some(self.sums().len() + usize::from(bests)))?;
        for n in self.sums() {
            seq.serialize_element(n)?;
        }
        if bests {
            seq.serialize_element(self.bests())?;
        }
        seq.end()
    }
}

impl<'de> Deserialize<'de> for Tally {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Tally, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Item {
            Sum(i64),
            Bests(Vec<Option<i64>>),
        }
        let (mut sums, mut bests) = (Vec::new(), Vec::new());
        for item in Vec::<Item>::deserialize(d)? {
            match item {
                Item::Sum(n) => sums.push(n),
                Item::Bests(b) => bests = b,
            }
        }
        Tally::of(&sums, &bests)
            .ok_or_else(|| serde::de::Error::custom("more figures than a tally holds"))
    }
}

impl Tally {
    /// The most sums and bests any game keeps (a test checks every game fits).
    pub const MAX_SUMS: usize = 12;
    pub const MAX_BESTS: usize = 4;

    /// A tally of nothing yet, of `sums` sums and `bests` bests (each at most what a tally
    /// holds). A game's is [`Tally::new`].
    pub fn empty(sums: usize, bests: usize) -> Tally {
        Tally {
            n_sums: sums.min(Tally::MAX_SUMS) as u8,
            n_bests: bests.min(Tally::MAX_BESTS) as u8,
            ..Tally::default()
        }
    }

    /// A tally of these figures; `None` if they are more than a tally holds.
    pub fn of(sums: &[i64], bests: &[Option<i64>]) -> Option<Tally> {
        if sums.len() > Tally::MAX_SUMS || bests.len() > Tally::MAX_BESTS {
            return None;
        }
        let mut t = Tally {
            n_sums: sums.len() as u8,
            n_bests: bests.len() as u8,
            ..Tally::default()
        };
        t.sums[..sums.len()].copy_from_slice(sums);
        t.bests[..bests.len()].copy_from_slice(bests);
        Some(t)
    }

    /// The sums, in the game's order of names.
    pub fn sums(&self) -> &[i64] {
        &self.sums[..usize::from(self.n_sums)]
    }

    /// What was added to `before` to make this tally: the sums' growth, and the bests that
    /// changed (what a whole game's figures added while one player held a seat).
    pub fn since(&self, before: &Tally) -> Tally {
        let mut t = *self;
        for i in 0..Tally::MAX_SUMS {
            t.sums[i] = self.sums[i] - before.sums[i];
        }
        for i in 0..Tally::MAX_BESTS {
            if self.bests[i] == before.bests[i] {
                t.bests[i] = None;
            }
        }
        t
    }

    /// The bests, in the game's order of names.
    pub fn bests(&self) -> &[Option<i64>] {
        &self.bests[..usize::from(self.n_bests)]
    }

    /// Adds `n` to sum `i`.
    #[inline]
    pub fn add(&mut self, i: usize, n: i64) {
        if i < usize::from(self.n_sums) {
            self.sums[i] = self.sums[i].saturating_add(n);
        }
    }

    /// Keeps `n` as best `i` if it is higher than the best so far.
    #[inline]
    pub fn best(&mut self, i: usize, n: i64) {
        if i < usize::from(self.n_bests) {
            self.bests[i] = Some(self.bests[i].map_or(n, |b| b.max(n)));
        }
    }

    /// Adds another tally of the same game (another session, or another seat of one person).
    pub fn merge(&mut self, other: &Tally) {
        for (i, n) in other.sums().iter().enumerate() {
            self.add(i, *n);
        }
        for (i, n) in other.bests().iter().enumerate() {
            if let Some(n) = n {
                self.best(i, *n);
            }
        }
    }
}

/// How the games count their figures ([`Rules::tally`](super::Rules::tally)): moved by hand when a figure's
/// meaning changes, so that indexes of the old figures are made again.
pub const TALLY_VERSION: u32 = 1;

/// A figure statistics derive from two sums: `over` divided by `by` (a rate, an average).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ratio {
    pub name: &'static str,
    pub over: &'static str,
    pub by: &'static str,
}

/// Names a game's figures: an enum whose variants index a [`Tally`]'s sums (or bests) and the
/// names they are written under (`marque stats --json`, texts `fig.GAME.NAME`), in one list so
/// that they cannot fall out of step.
macro_rules! figures {
    ($E:ident { $($V:ident = $name:literal),* $(,)? }) => {
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum $E { $($V),* }
        impl $E {
            pub const NAMES: &'static [&'static str] = &[$($name),*];
        }
    };
}
pub(crate) use figures;

/// What kind of value an option takes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum OptKind {
    /// One word among these; the first is the default.
    Words(&'static [&'static str]),
    /// One number among these; the first is the default.
    Numbers(&'static [i64]),
    /// A whole number from 1, with its default.
    Positive(i64),
    /// On or off; off by default.
    Bool,
    /// A player's index; the first player by default.
    Player,
}

/// One option of a game, as `rules.md` lists it. Its texts are `opt.GAME.KEY` (the name),
/// `opt.GAME.KEY.help` (the one-line explanation), and `opt.GAME.KEY.WORD` for each word.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct OptDesc {
    pub key: &'static str,
    pub kind: OptKind,
    /// The option means something only while another has this value (bridge's Chicago
    /// options, with `format` = `chicago`): screens show it then only.
    pub when: Option<(&'static str, &'static str)>,
    /// The option means something only at this many players (Tarot's `five`): screens and
    /// texts show it then only.
    pub players: Option<usize>,
}

impl OptDesc {
    pub const fn new(key: &'static str, kind: OptKind) -> OptDesc {
        OptDesc {
            key,
            kind,
            when: None,
            players: None,
        }
    }

    /// This option, meaningful only at `n` players.
    pub const fn at(self, n: usize) -> OptDesc {
        OptDesc {
            players: Some(n),
            ..self
        }
    }

    /// This option, meaningful only while option `key` is `value`.
    pub const fn when(self, key: &'static str, value: &'static str) -> OptDesc {
        OptDesc {
            when: Some((key, value)),
            ..self
        }
    }

    /// Whether the option means something at `players` players with the options `get`
    /// gives (by key).
    pub fn applies(&self, players: usize, get: impl Fn(&str) -> Option<Value>) -> bool {
        self.players.is_none_or(|n| n == players)
            && match self.when {
                Some((key, value)) => get(key).as_ref().and_then(Value::as_str) == Some(value),
                None => true,
            }
    }

    /// The value the option takes when the session does not name it.
    pub fn default_value(&self) -> Value {
        match self.kind {
            OptKind::Words(w) => Value::from(w[0]),
            OptKind::Numbers(n) => Value::from(n[0]),
            OptKind::Positive(n) => Value::from(n),
            OptKind::Bool => Value::Bool(false),
            OptKind::Player => Value::from(0),
        }
    }
}

/// A JSON object read into `T`, and nothing else: serde's derived readers also take an array of
/// the fields in order, which the checked readers refuse.
pub struct MapOnly<T>(pub T);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for MapOnly<T> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V<T>(std::marker::PhantomData<T>);
        impl<'de, T: Deserialize<'de>> serde::de::Visitor<'de> for V<T> {
            type Value = T;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, m: A) -> Result<T, A::Error> {
                T::deserialize(serde::de::value::MapAccessDeserializer::new(m))
            }
        }
        d.deserialize_map(V(std::marker::PhantomData)).map(MapOnly)
    }
}
