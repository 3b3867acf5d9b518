//! The rules of the six games. Pure: no screens, no files.
//!
//! Every game module has the same shape and implements [`Rules`] for its `Game`:
//! - `Options`, read from the session's `options` object, described by [`Rules::OPTIONS`];
//! - `Hand`, the typed input of one hand, decoded from JSON once when a file is read;
//! - `Game`, the state of a game in progress, which `play`s hands into [`Scored`] lines and knows
//!   its totals, whether it is over, and what the table needs next (dealer, vulnerability…).
//!
//! The `games!` list below is the one place that names all of them: it makes [`GameKind`] and
//! the enums over the five (options, hands, facts, games in progress) with their dispatch. A new
//! game is its own module and one line in that list.

/// The items of [`Rules`] that every game takes straight from its own module: the types of its
/// options, hands and facts, and its `Game`'s play, totals, end and hand JSON.
macro_rules! rules_from_module {
    () => {
        type Options = Options;
        type Hand = Hand;
        type Info = Info;
        fn encode(hand: &Hand) -> Value {
            hand.to_json()
        }
        fn play(&mut self, hand: &Hand) -> Result<Scored<Info>, Vec<Msg>> {
            Game::play(self, hand)
        }
        fn totals(&self) -> Vec<i64> {
            Game::totals(self)
        }
        fn finished(&self) -> bool {
            Game::finished(self)
        }
    };
}

/// The items of [`Rules`] of a game whose seats come and go ([`table::Playing`]), its names
/// and totals kept per seat (2500, démocratie, tarot): a table event played by
/// `Playing::event`, lines left out on request, a game started from its players.
macro_rules! seats_come_and_go {
    () => {
        fn quiet(&mut self) {
            self.quiet = true;
        }
        fn event(
            &mut self,
            event: &crate::games::table::Event,
            seats: &crate::games::table::Seats,
        ) -> Result<Scored<serde_json::Map<String, Value>>, Vec<Msg>> {
            Ok(self
                .playing
                .event(event, seats, &mut self.players, &mut self.totals))
        }
        fn start(players: &[String], options: &Options) -> Game {
            Game::new(players, options)
        }
    };
}

pub mod ascenseur;
pub mod bridge;
pub mod democratie;
mod face;
pub mod json;
pub mod le2500;
mod rules;
pub use rules::Rules;
pub mod table;
pub mod tarot;
pub mod truc;

pub use bridge::{Ended, Paper, Papers};
pub use face::Face;

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
/// session by session (the game's [`Rules::SUMS`]) and bests kept as the highest seen (its
/// [`Rules::BESTS`]), in the game's order of names.
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

    /// A tally of nothing yet for a game.
    pub fn new(game: GameKind) -> Tally {
        Tally {
            n_sums: game.sums().len().min(Tally::MAX_SUMS) as u8,
            n_bests: game.bests().len().min(Tally::MAX_BESTS) as u8,
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

/// How the games count their figures ([`Rules::tally`]): moved by hand when a figure's
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
}

impl OptDesc {
    pub const fn new(key: &'static str, kind: OptKind) -> OptDesc {
        OptDesc {
            key,
            kind,
            when: None,
        }
    }

    /// This option, meaningful only while option `key` is `value`.
    pub const fn when(self, key: &'static str, value: &'static str) -> OptDesc {
        OptDesc {
            when: Some((key, value)),
            ..self
        }
    }

    /// Whether the option means something with the options `get` gives (by key).
    pub fn applies(&self, get: impl Fn(&str) -> Option<Value>) -> bool {
        match self.when {
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

/// A hand straight from its text, when it is well formed (see [`Rules::from_wire`]).
pub fn decode_text<G: Rules>(text: &str, players: usize, options: &G::Options) -> Option<G::Hand> {
    let MapOnly(wire) = serde_json::from_str::<MapOnly<G::Wire<'_>>>(text).ok()?;
    G::from_wire(wire, players, options)
}

/// The one list of games: makes [`GameKind`], [`GameOptions`], [`GameHand`], [`HandInfo`] and
/// [`Live`], each with one variant per game, and their dispatch.
macro_rules! games {
    ($($V:ident => $m:ident),* $(,)?) => {
        /// The games, by their id in session files.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum GameKind {
            $($V),*
        }

        const COUNT: usize = [$(GameKind::$V),*].len();

        impl GameKind {
            /// Every game, in the order offered to players.
            pub const ALL: [GameKind; COUNT] = [$(GameKind::$V),*];

            pub fn id(self) -> &'static str {
                match self { $(GameKind::$V => <$m::Game as Rules>::ID),* }
            }

            /// The key of the game's name in the locale files.
            pub fn name_key(self) -> &'static str {
                match self { $(GameKind::$V => <$m::Game as Rules>::NAME_KEY),* }
            }

            /// The key of the game's word for one hand, with its article.
            pub fn hand_noun(self) -> &'static str {
                match self { $(GameKind::$V => <$m::Game as Rules>::HAND_NOUN),* }
            }

            /// The key of the game's word for one hand, alone.
            pub fn hand_word(self) -> &'static str {
                match self { $(GameKind::$V => <$m::Game as Rules>::HAND_WORD),* }
            }

            /// Whether an edit's log line is made by the game (see [`Rules::change`]).
            pub fn describes_changes(self) -> bool {
                match self { $(GameKind::$V => <$m::Game as Rules>::DESCRIBES_CHANGES),* }
            }

            /// The key of what the game's totals count, with the number (`n`).
            pub fn total_unit(self) -> &'static str {
                match self { $(GameKind::$V => <$m::Game as Rules>::TOTAL_UNIT),* }
            }

            /// The key of the game's word as a heading.
            pub fn hand_title(self) -> &'static str {
                match self { $(GameKind::$V => <$m::Game as Rules>::HAND_TITLE),* }
            }

            /// The key of a player's best hand in the statistics.
            pub fn best_hand_key(self) -> &'static str {
                match self { $(GameKind::$V => <$m::Game as Rules>::BEST_HAND),* }
            }

            /// The keys of those asked for their word on a hand, and of nothing awaiting it.
            pub fn word_asked(self) -> (&'static str, &'static str) {
                match self { $(GameKind::$V => <$m::Game as Rules>::WORD_ASKED),* }
            }

            /// `msg` with the game's words for a hand as arguments: `noun` (with its article,
            /// "la brasse"), `word` ("brasse") and `title` ("Brasse").
            pub fn hand_words(self, msg: crate::i18n::Msg) -> crate::i18n::Msg {
                use crate::i18n::Arg;
                msg.with("noun", Arg::Key(self.hand_noun()))
                    .with("word", Arg::Key(self.hand_word()))
                    .with("title", Arg::Key(self.hand_title()))
            }

            /// The key of a number of hands in the game's word (argument `n`).
            pub fn hand_count(self) -> &'static str {
                match self { $(GameKind::$V => <$m::Game as Rules>::HAND_COUNT),* }
            }

            /// How many players the game takes (bounds included). Ascenseur with 32 cards takes 6
            /// at most: its options check that.
            pub fn players(self) -> (usize, usize) {
                match self { $(GameKind::$V => <$m::Game as Rules>::PLAYERS),* }
            }

            /// The game's options, in the order shown.
            pub fn options(self) -> &'static [OptDesc] {
                match self { $(GameKind::$V => <$m::Game as Rules>::OPTIONS),* }
            }

            /// The game's rule ids, in reading order.
            pub fn rules(self) -> &'static [RuleId] {
                match self { $(GameKind::$V => <$m::Game as Rules>::RULES),* }
            }

            /// Reads the `options` object for `players` players.
            pub fn read_options(
                self,
                v: Option<&Value>,
                players: usize,
            ) -> Result<GameOptions, Vec<Msg>> {
                match self {
                    $(GameKind::$V => <$m::Game as Rules>::read_options(v, players)
                        .map(GameOptions::$V)),*
                }
            }

            /// The sides that score, for these players.
            pub fn sides(self, players: &[String]) -> Vec<String> {
                match self { $(GameKind::$V => <$m::Game as Rules>::sides(players)),* }
            }

            /// The side the player in seat `player` scores for.
            pub fn side_of(self, player: usize) -> usize {
                match self { $(GameKind::$V => <$m::Game as Rules>::side_of(player)),* }
            }

            /// The fields of a hand the game reads.
            pub fn hand_fields(self) -> &'static [&'static str] {
                match self { $(GameKind::$V => <$m::Game as Rules>::HAND_FIELDS),* }
            }

            /// The table events the game takes.
            pub fn events(self) -> &'static [crate::games::table::EventKind] {
                match self { $(GameKind::$V => <$m::Game as Rules>::EVENTS),* }
            }

            /// Why some events are not there (a key), if some are not.
            pub fn events_note(self) -> Option<&'static str> {
                match self { $(GameKind::$V => <$m::Game as Rules>::EVENTS_NOTE),* }
            }

            /// The step of agreed points and starting scores.
            pub fn points_step(self) -> i64 {
                match self { $(GameKind::$V => <$m::Game as Rules>::POINTS_STEP),* }
            }

            /// A seat joining may start below zero.
            pub fn negative_start(self) -> bool {
                match self { $(GameKind::$V => <$m::Game as Rules>::NEGATIVE_START),* }
            }

            /// The names of the figures statistics add up per player.
            pub fn sums(self) -> &'static [&'static str] {
                match self { $(GameKind::$V => <$m::Game as Rules>::SUMS),* }
            }

            /// The names of the figures statistics keep the best of per player.
            pub fn bests(self) -> &'static [&'static str] {
                match self { $(GameKind::$V => <$m::Game as Rules>::BESTS),* }
            }

            /// The figures derived from two sums.
            pub fn ratios(self) -> &'static [Ratio] {
                match self { $(GameKind::$V => <$m::Game as Rules>::RATIOS),* }
            }
        }

        /// The typed options of a session's game.
        #[derive(Debug, Clone, PartialEq)]
        pub enum GameOptions {
            $($V(<$m::Game as Rules>::Options)),*
        }

        impl GameOptions {
            pub fn kind(&self) -> GameKind {
                match self { $(GameOptions::$V(_) => GameKind::$V),* }
            }

            /// The options with every value, defaults included.
            pub fn to_json(&self) -> Value {
                match self { $(GameOptions::$V(o) => serde_json::to_value(o)),* }
                    .unwrap_or(Value::Null)
            }

            /// A game with no hand played.
            pub fn start(&self, players: &[String]) -> Live {
                match self { $(GameOptions::$V(o) => Live::$V(<$m::Game as Rules>::start(players, o))),* }
            }

            /// Reads one hand of this game from its text, where the fast path can.
            pub fn decode_text(&self, text: &str, players: usize) -> Option<GameHand> {
                // A table event (or what may be one) is the careful reader's to decide, as
                // the one-pass reader's (`read_hand`).
                if text.contains("\"event\"") {
                    return None;
                }
                match self {
                    $(GameOptions::$V(o) => decode_text::<$m::Game>(text, players, o)
                        .map(GameHand::$V)),*
                }
            }

            /// Reads one well-formed hand of this game from a JSON stream; an error for any
            /// other (the caller then reads the file the slow way, which says what is wrong).
            pub fn read_hand<'de, D: serde::Deserializer<'de>>(
                &self,
                d: D,
                players: usize,
            ) -> Result<GameHand, D::Error> {
                // The hand's text first (borrowed, not copied): a table event is told apart
                // by its key, then each is read from that text.
                let raw = <&'de serde_json::value::RawValue>::deserialize(d)?;
                let text = raw.get();
                if text.contains("\"event\"") {
                    let v: Value = serde_json::from_str(text).map_err(serde::de::Error::custom)?;
                    if crate::games::table::Event::is_event(&v) {
                        return crate::games::table::Event::decode(&v, self.kind())
                            .map(|e| GameHand::Event(self.kind(), e))
                            .map_err(|_| serde::de::Error::custom("an event to read the slow way"));
                    }
                }
                self.decode_text(text, players)
                    .ok_or_else(|| serde::de::Error::custom("a hand to read the slow way"))
            }

            /// Reads one hand of this game.
            pub fn decode(&self, v: &Value, players: usize) -> Result<GameHand, Vec<Msg>> {
                if crate::games::table::Event::is_event(v) {
                    return crate::games::table::Event::decode(v, self.kind())
                        .map(|e| GameHand::Event(self.kind(), e));
                }
                match self {
                    $(GameOptions::$V(o) => <$m::Game as Rules>::decode(v, players, o)
                        .map(GameHand::$V)),*
                }
            }
        }

        /// One typed hand of any game.
        #[derive(Debug, Clone, PartialEq)]
        pub enum GameHand {
            $($V(<$m::Game as Rules>::Hand),)*
            /// A table event of this game ([`crate::games::table`]).
            Event(GameKind, crate::games::table::Event),
        }

        impl GameHand {
            pub fn kind(&self) -> GameKind {
                match self {
                    $(GameHand::$V(_) => GameKind::$V,)*
                    GameHand::Event(kind, _) => *kind,
                }
            }

            /// The table event this entry is, if it is one.
            pub fn event(&self) -> Option<&crate::games::table::Event> {
                match self {
                    GameHand::Event(_, e) => Some(e),
                    _ => None,
                }
            }

            /// The fields of this entry Marque reads.
            pub fn fields(&self) -> &'static [&'static str] {
                match self {
                    GameHand::Event(..) => crate::games::table::FIELDS,
                    _ => self.kind().hand_fields(),
                }
            }

            /// The hand's JSON, as written in session files.
            pub fn to_json(&self) -> Value {
                match self {
                    $(GameHand::$V(h) => <$m::Game as Rules>::encode(h),)*
                    GameHand::Event(_, e) => e.to_json(),
                }
            }

            /// A short label of the hand once scored (`info` is what scoring it found).
            pub fn label(&self, info: &HandInfo, index: usize, players: &[String]) -> Msg {
                match (self, info) {
                    $((GameHand::$V(h), HandInfo::$V(i)) =>
                        <$m::Game as Rules>::label(h, i, index, players),)*
                    (GameHand::Event(..), HandInfo::Event(i)) => i.label.clone(),
                    (GameHand::Event(kind, e), _) => crate::games::table::label(e, players, *kind),
                    _ => Msg::new("session.mismatch"),
                }
            }

            /// What an edit from `old` to this hand changed (see [`Rules::change`]).
            pub fn change(
                &self,
                info: &HandInfo,
                old: &GameHand,
                old_info: &HandInfo,
                players: &[String],
            ) -> Option<Msg> {
                match (self, info, old, old_info) {
                    $((GameHand::$V(h), HandInfo::$V(i), GameHand::$V(o), HandInfo::$V(oi)) =>
                        <$m::Game as Rules>::change((o, oi), (h, i), players),)*
                    _ => None,
                }
            }

            /// Adds the hand's figures to each player's tally (see [`Rules::tally`]).
            pub fn tally(&self, info: &HandInfo, delta: &[i64], seats: &mut [Tally]) {
                match (self, info) {
                    $((GameHand::$V(h), HandInfo::$V(i)) =>
                        <$m::Game as Rules>::tally(h, i, delta, seats),)*
                    _ => {}
                }
            }

            /// Whether seat `seat` took part in the hand (see [`Rules::took_part`]).
            pub fn took_part(&self, info: &HandInfo, seat: usize) -> bool {
                match (self, info) {
                    $((GameHand::$V(h), HandInfo::$V(i)) =>
                        <$m::Game as Rules>::took_part(h, i, seat),)*
                    _ => false,
                }
            }
        }

        /// Game-specific facts of one scored hand.
        #[derive(Debug, Clone, PartialEq)]
        pub enum HandInfo {
            $($V(<$m::Game as Rules>::Info),)*
            /// A table event's facts.
            Event(crate::games::table::EventInfo),
        }

        impl Serialize for HandInfo {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                match self {
                    $(HandInfo::$V(i) => i.serialize(s),)*
                    HandInfo::Event(i) => i.serialize(s),
                }
            }
        }

        /// A game in progress: after the last hand, what the table needs next.
        #[derive(Debug, Clone)]
        pub enum Live {
            $($V($m::Game)),*
        }

        impl Live {
            pub fn kind(&self) -> GameKind {
                match self { $(Live::$V(_) => GameKind::$V),* }
            }

            /// Checks a hand against the game so far and scores it.
            pub fn play(&mut self, hand: &GameHand) -> Result<Scored<HandInfo>, Vec<Msg>> {
                match (self, hand) {
                    $((Live::$V(g), GameHand::$V(h)) => <$m::Game as Rules>::play(g, h).map(|s| Scored {
                        delta: s.delta,
                        lines: s.lines,
                        info: HandInfo::$V(s.info),
                    }),)*
                    _ => Err(vec![Msg::new("session.mismatch")]),
                }
            }

            /// Plays a table event the table allowed (`seats`: the table after it).
            pub fn event(
                &mut self,
                event: &crate::games::table::Event,
                seats: &crate::games::table::Seats,
            ) -> Result<Scored<HandInfo>, Vec<Msg>> {
                let s = match self {
                    $(Live::$V(g) => <$m::Game as Rules>::event(g, event, seats)?,)*
                };
                Ok(Scored {
                    delta: s.delta,
                    lines: s.lines,
                    info: HandInfo::Event(crate::games::table::EventInfo {
                        event: event.kind().id(),
                        facts: s.info,
                        label: Msg::new("session.mismatch"),
                    }),
                })
            }

            pub fn totals(&self) -> Vec<i64> {
                match self { $(Live::$V(g) => <$m::Game as Rules>::totals(g)),* }
            }

            /// See [`Rules::count`].
            pub fn count(&self, hand: &GameHand, info: &HandInfo, line: &Line) -> Option<String> {
                match (self, hand, info) {
                    $((Live::$V(g), GameHand::$V(h), HandInfo::$V(i)) =>
                        <$m::Game as Rules>::count(g, h, i, line),)*
                    _ => None,
                }
            }

            /// See [`Rules::held`].
            pub fn held(&self) -> usize {
                match self { $(Live::$V(g) => <$m::Game as Rules>::held(g)),* }
            }

            /// See [`Rules::quiet`].
            pub fn quiet(&mut self) {
                match self { $(Live::$V(g) => <$m::Game as Rules>::quiet(g)),* }
            }

            pub fn finished(&self) -> bool {
                match self { $(Live::$V(g) => <$m::Game as Rules>::finished(g)),* }
            }

            pub fn close(&mut self) -> Vec<Line> {
                match self { $(Live::$V(g) => <$m::Game as Rules>::close(g)),* }
            }

            pub fn state(&self, players: &[String], next: usize) -> Msg {
                match self { $(Live::$V(g) => <$m::Game as Rules>::state(g, players, next)),* }
            }

            /// See [`Rules::facts`].
            pub fn facts(&self, players: &[String]) -> Vec<Msg> {
                match self { $(Live::$V(g) => <$m::Game as Rules>::facts(g, players)),* }
            }

            /// See [`Rules::event_part`].
            pub fn event_part(&self, info: &serde_json::Map<String, Value>) -> Option<Msg> {
                match self { $(Live::$V(g) => <$m::Game as Rules>::event_part(g, info)),* }
            }

            pub fn target(&self) -> Option<i64> {
                match self { $(Live::$V(g) => <$m::Game as Rules>::target(g)),* }
            }

            pub fn summary(&self) -> Vec<(&'static str, Value)> {
                match self { $(Live::$V(g) => <$m::Game as Rules>::summary(g)),* }
            }

            /// See [`Rules::write_summary`].
            pub fn write_summary(&self, out: &mut dyn std::io::Write) -> std::io::Result<()> {
                match self { $(Live::$V(g) => <$m::Game as Rules>::write_summary(g, out)),* }
            }

            /// See [`Rules::tally_end`].
            pub fn tally_end(&self, seats: &mut [Tally]) {
                match self { $(Live::$V(g) => <$m::Game as Rules>::tally_end(g, seats)),* }
            }
        }
    };
}

games! {
    Bridge => bridge,
    Truc => truc,
    Ascenseur => ascenseur,
    Le2500 => le2500,
    Democratie => democratie,
    Tarot => tarot,
}

impl GameKind {
    pub fn from_id(id: &str) -> Option<GameKind> {
        GameKind::ALL.into_iter().find(|g| g.id() == id)
    }

    /// Whether a table may ask the other side's word on each hand: a game of sides or of two.
    /// At L'Ascenseur every player counts their own tricks; a round is no side's to confirm.
    pub fn asks_word(self) -> bool {
        self != GameKind::Ascenseur
    }

    /// [`GameKind::hand_words`] for an entry of the sheet: a hand in the game's words, a table
    /// event (an arrival, an adjustment) as an entry ("l'entrée 5", "Entry 5"): entries are
    /// numbered together, but an event is nobody's deal.
    pub fn entry_words(self, msg: crate::i18n::Msg, event: bool) -> crate::i18n::Msg {
        use crate::i18n::Arg;
        if !event {
            return self.hand_words(msg);
        }
        msg.with("noun", Arg::Key("noun.entry.hand"))
            .with("word", Arg::Key("noun.entry.word"))
            .with("title", Arg::Key("noun.entry.title"))
    }
}

/// An entry of a session as the table counts it: a hand by its number among the hands (from
/// 1; table events take none: the 8th brasse is "Brasse 8" whatever happened between), or a
/// table event by its kind. The command line's `hand N` counts entries (the spec's).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    Hand(usize),
    Event(table::EventKind),
}

impl Place {
    /// The place of an entry `game` after `n` hands, counting it in `n` if it is a hand.
    pub fn step(n: &mut usize, game: &GameHand) -> Place {
        match game.event() {
            Some(e) => Place::Event(e.kind()),
            None => {
                *n += 1;
                Place::Hand(*n)
            }
        }
    }
}

impl GameKind {
    /// An entry as a heading: "Brasse 8", or a table event's kind: "Ajustement".
    pub fn place_title(self, place: Place) -> crate::i18n::Msg {
        use crate::i18n::Arg;
        match place {
            Place::Hand(n) => {
                crate::msg!("place.title", n = n).with("title", Arg::Key(self.hand_title()))
            }
            Place::Event(k) => crate::i18n::Msg::new(k.name_key()),
        }
    }

    /// An entry in a log line: "brasse 8", or a table event's kind: "ajustement".
    pub fn place_word(self, place: Place) -> crate::i18n::Msg {
        use crate::i18n::Arg;
        match place {
            Place::Hand(n) => {
                crate::msg!("place.word", n = n).with("word", Arg::Key(self.hand_word()))
            }
            Place::Event(k) => crate::i18n::Msg::new(k.word_key()),
        }
    }

    /// An entry in a sentence: "la brasse 8" ("brasse 8" in English), "l'ajustement" ("the
    /// adjustment").
    pub fn place_noun(self, place: Place) -> crate::i18n::Msg {
        use crate::i18n::Arg;
        match place {
            Place::Hand(n) => crate::msg!("place.noun", n = n)
                .with("noun", Arg::Key(self.hand_noun()))
                .with("word", Arg::Key(self.hand_word())),
            Place::Event(k) => crate::i18n::Msg::new(k.noun_key()),
        }
    }
}

impl Serialize for GameKind {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

impl<'de> Deserialize<'de> for GameKind {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<GameKind, D::Error> {
        let id = String::deserialize(d)?;
        GameKind::from_id(&id)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown game {id:?}")))
    }
}
