//! The one list of games, and what it makes: [`GameKind`]'s dispatch, the enums over every
//! game (options, hands, facts, games in progress) and theirs, for the rules ([`Rules`]) and for
//! the sheet ([`Face`]). A new game is its own module and one line in each list.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::face::{Face, PartWords};
use super::kind::GameKind;
use super::kit::{Line, OptDesc, Ratio, RuleId, Scored, Tally};
use super::rules::Rules;
use super::{ascenseur, bridge, democratie, le2500, table, tarot, truc};
use crate::i18n::{Lang, Msg, tr};

/// The one list of games: makes [`GameKind`], [`GameOptions`], [`GameHand`], [`HandInfo`] and
/// [`Live`], each with one variant per game, and their dispatch.
macro_rules! games {
    ($($V:ident => $m:ident),* $(,)?) => {
        // The list and the enum are one: a game missing from either does not compile (the
        // matches below are exhaustive), and the order is checked here.
        const _: () = {
            let listed = [$(GameKind::$V),*];
            assert!(listed.len() == GameKind::ALL.len(), "every game is in the list");
            let mut k = 0;
            while k < listed.len() {
                assert!(listed[k] as usize == GameKind::ALL[k] as usize, "in the order of GameKind::ALL");
                k += 1;
            }
        };

        impl GameKind {
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

            /// Reads one hand of this game from its text, where the fast path can: as the
            /// one-pass reader reads it ([`GameOptions::read_hand`]), a table event told by
            /// its first key however that key is written.
            pub fn decode_text(&self, text: &str, players: usize) -> Option<GameHand> {
                let mut d = serde_json::Deserializer::from_str(text);
                let (hand, _) = self.read_hand(&mut d, players).ok()?;
                d.end().ok()?;
                Some(hand)
            }

            /// Reads one well-formed hand of this game from a JSON stream; an error for any
            /// other (the caller then reads the file the slow way, which says what is wrong).
            pub fn read_hand<'de, D: serde::Deserializer<'de>>(
                &self,
                d: D,
                players: usize,
            ) -> Result<(GameHand, Option<usize>), D::Error> {
                // Read in one pass: a table event by its first key, any other hand straight
                // into its game's wire form.
                use super::json::wire::Read;
                let refused = |what: &str| serde::de::Error::custom(what);
                let (hand, at) = match self {
                    $(GameOptions::$V(o) => {
                        let (read, at) = super::json::wire::read::<<$m::Game as Rules>::Wire<'de>, D>(d)?;
                        (match read {
                            Read::Hand(w) => Ok(<$m::Game as Rules>::from_wire(w, players, o)
                                .map(GameHand::$V)),
                            Read::Event(fields) => Err(Value::Object(fields)),
                        }, at)
                    }),*
                };
                let hand = match hand {
                    Ok(hand) => hand.ok_or_else(|| refused("a hand to read the slow way"))?,
                    Err(v) if crate::games::table::Event::is_event(&v) => {
                        crate::games::table::Event::decode(&v, self.kind())
                            .map(|e| GameHand::Event(self.kind(), e))
                            .map_err(|_| refused("an event to read the slow way"))?
                    }
                    Err(_) => return Err(refused("a hand to read the slow way")),
                };
                Ok((hand, at))
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

            /// See [`Rules::hand_bytes`] (an event: its names and reason, near enough).
            pub fn heap_bytes(&self) -> usize {
                match self {
                    $(GameHand::$V(h) => <$m::Game as Rules>::hand_bytes(h),)*
                    GameHand::Event(..) => 64,
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
    /// The place of an entry `game` after `n` numbered hands, counting it in `n` if it is a
    /// hand that takes a number of its own: a deal dealt again ([`GameOptions::dealt_again`],
    /// Chicago's deal passed out) bears the number the next deal bears too ("deal 4 of 4").
    pub fn step(n: &mut usize, game: &GameHand, options: &GameOptions) -> Place {
        match game.event() {
            Some(e) => Place::Event(e.kind()),
            None if options.dealt_again(game) => Place::Hand(*n + 1),
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
                crate::i18n::msg!("place.title", n = n).with("title", Arg::Key(self.hand_title()))
            }
            Place::Event(k) => crate::i18n::Msg::new(k.name_key()),
        }
    }

    /// An entry in a log line: "brasse 8", or a table event's kind: "ajustement".
    pub fn place_word(self, place: Place) -> crate::i18n::Msg {
        use crate::i18n::Arg;
        match place {
            Place::Hand(n) => {
                crate::i18n::msg!("place.word", n = n).with("word", Arg::Key(self.hand_word()))
            }
            Place::Event(k) => crate::i18n::Msg::new(k.word_key()),
        }
    }

    /// An entry in a sentence: "la brasse 8" ("brasse 8" in English), "l'ajustement" ("the
    /// adjustment").
    pub fn place_noun(self, place: Place) -> crate::i18n::Msg {
        use crate::i18n::Arg;
        match place {
            Place::Hand(n) => crate::i18n::msg!("place.noun", n = n)
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

/// The one list of games again, for the dispatch of [`Face`] (a game missing here does not
/// compile: the matches below are exhaustive).
macro_rules! faces {
    ($($V:ident => $m:ident),* $(,)?) => {
        impl GameKind {
            /// The sides' names as people say them, in `lang`: bridge's partnerships (NS / EO),
            /// else the players' names.
            pub fn side_names(self, sides: &[String], lang: Lang) -> Vec<String> {
                match self { $(GameKind::$V => sides
                    .iter()
                    .enumerate()
                    .map(|(s, name)| match <$m::Game as Face>::side_key(s) {
                        Some(key) => tr(lang, key),
                        None => name.clone(),
                    })
                    .collect()),* }
            }

            /// The sides' names as arguments of a message: a key where the game names its sides
            /// (bridge's partnerships), the players' names otherwise.
            pub fn side_args(self, sides: &[String]) -> Vec<crate::i18n::Arg> {
                use crate::i18n::Arg;
                match self { $(GameKind::$V => sides
                    .iter()
                    .enumerate()
                    .map(|(s, name)| match <$m::Game as Face>::side_key(s) {
                        Some(key) => Arg::Key(key),
                        None => Arg::Text(name.clone()),
                    })
                    .collect()),* }
            }

            /// See [`Face::COUNT_ROWS`].
            pub fn count_rows(self) -> usize {
                match self { $(GameKind::$V => <$m::Game as Face>::COUNT_ROWS),* }
            }

            /// See [`Face::STANDING_APART`].
            pub fn standing_apart(self) -> bool {
                match self { $(GameKind::$V => <$m::Game as Face>::STANDING_APART),* }
            }

            /// See [`Face::TOTAL_LABEL`].
            pub fn total_label(self) -> &'static str {
                match self { $(GameKind::$V => <$m::Game as Face>::TOTAL_LABEL),* }
            }

            /// See [`Face::TOTAL_COLUMN`].
            pub fn total_column(self) -> &'static str {
                match self { $(GameKind::$V => <$m::Game as Face>::TOTAL_COLUMN),* }
            }

            /// See [`Face::GOES_ON`].
            pub fn goes_on(self) -> bool {
                match self { $(GameKind::$V => <$m::Game as Face>::GOES_ON),* }
            }

            /// See [`Face::SEATING`].
            pub fn seating(self) -> Option<&'static str> {
                match self { $(GameKind::$V => <$m::Game as Face>::SEATING),* }
            }

            /// See [`Face::STATS_NOTE`].
            pub fn stats_note(self) -> Option<&'static str> {
                match self { $(GameKind::$V => <$m::Game as Face>::STATS_NOTE),* }
            }

            /// See [`Face::seat_key`].
            pub fn seat_key(self, seat: usize) -> Option<&'static str> {
                match self { $(GameKind::$V => <$m::Game as Face>::seat_key(seat)),* }
            }

            /// How many players a new session of the game starts with.
            pub fn usual_players(self) -> usize {
                let usual = match self {
                    $(GameKind::$V => <$m::Game as Face>::USUAL_PLAYERS),*
                };
                let (lo, hi) = self.players();
                usual.clamp(lo, hi)
            }

            /// See [`Face::PAPER`].
            pub fn has_paper(self) -> bool {
                match self { $(GameKind::$V => <$m::Game as Face>::PAPER),* }
            }
        }

        impl GameHand {
            /// See [`Face::extra`].
            pub fn extra(&self, side: usize) -> Option<i64> {
                match self {
                    $(GameHand::$V(h) => <$m::Game as Face>::extra(h, side),)*
                    GameHand::Event(..) => None,
                }
            }
        }

        impl HandInfo {
            /// See [`Face::standing`].
            pub fn standing(&self, side: usize, running: i64) -> i64 {
                match self {
                    $(HandInfo::$V(i) => <$m::Game as Face>::standing(i, side, running),)*
                    HandInfo::Event(_) => running,
                }
            }

            /// See [`Face::part_won`].
            pub fn part_won(&self, options: &GameOptions) -> Option<usize> {
                match (self, options) {
                    $((HandInfo::$V(i), GameOptions::$V(o)) =>
                        <$m::Game as Face>::part_won(i, o),)*
                    _ => None,
                }
            }

            /// See [`Face::part`].
            pub fn part(&self) -> Option<usize> {
                match self {
                    $(HandInfo::$V(i) => <$m::Game as Face>::part(i),)*
                    HandInfo::Event(e) => e
                        .facts
                        .get("rubber")
                        .and_then(serde_json::Value::as_u64)
                        .map(|r| r as usize),
                }
            }

            /// See [`Face::note`].
            pub fn note(&self) -> Option<Msg> {
                match self {
                    $(HandInfo::$V(i) => <$m::Game as Face>::note(i),)*
                    HandInfo::Event(_) => None,
                }
            }
        }

        impl GameOptions {
            /// See [`Face::title_key`].
            pub fn title_key(&self) -> Option<&'static str> {
                match self { $(GameOptions::$V(o) => <$m::Game as Face>::title_key(o)),* }
            }

            /// See [`Face::part_words`].
            pub fn part_words(&self) -> Option<PartWords> {
                match self { $(GameOptions::$V(o) => <$m::Game as Face>::part_words(o)),* }
            }

            /// See [`Face::dealt_again`]; a table event takes no number anyway.
            pub fn dealt_again(&self, hand: &GameHand) -> bool {
                match (hand, self) {
                    $((GameHand::$V(h), GameOptions::$V(o)) =>
                        <$m::Game as Face>::dealt_again(h, o),)*
                    _ => false,
                }
            }
        }

        impl Live {
            /// See [`Face::to_come`].
            pub fn to_come(&self) -> Vec<String> {
                match self { $(Live::$V(g) => g.to_come()),* }
            }
        }
    };
}

faces! {
    Bridge => bridge,
    Truc => truc,
    Ascenseur => ascenseur,
    Le2500 => le2500,
    Democratie => democratie,
    Tarot => tarot,
}

impl GameKind {
    /// The game whose rules include `rule` (a rule id of the rules screen).
    pub fn of_rule(rule: &str) -> Option<GameKind> {
        GameKind::ALL
            .into_iter()
            .find(|g| g.rules().iter().any(|r| r.as_str() == rule))
    }
}

impl Tally {
    /// A tally of nothing yet for a game.
    pub fn new(game: GameKind) -> Tally {
        Tally::empty(game.sums().len(), game.bests().len())
    }
}

/// What an entry is to a bridge rubber's paper: a deal, points agreed in a rubber, or
/// nothing.
fn paper_entry(info: &HandInfo) -> bridge::Entry<'_> {
    match info {
        HandInfo::Bridge(info) => bridge::Entry::Deal(info),
        HandInfo::Event(e) => e
            .facts
            .get("rubber")
            .and_then(Value::as_u64)
            .map_or(bridge::Entry::Other, |r| bridge::Entry::Agreed(r as usize)),
        _ => bridge::Entry::Other,
    }
}

impl bridge::Papers {
    /// Adds an entry of the session (another game's hand, or a table event that is no
    /// agreed points, adds nothing). The rubber's paper if the entry ends it.
    pub fn push_row(&mut self, info: &HandInfo, lines: &[Line]) -> Option<bridge::Ended> {
        self.push(paper_entry(info), lines)
    }
}

impl bridge::Ended {
    /// The paper, with the standing of its rubber in `live`, the game just after its last
    /// deal (`None` if that is not a bridge game with that rubber).
    pub fn close_on(self, live: &Live) -> Option<bridge::Paper> {
        match live {
            Live::Bridge(g) => self.close_in(g),
            _ => None,
        }
    }
}

impl Live {
    /// Every rubber of the session whose entries are `rows`, laid out as on paper, with the
    /// standing of this game, the one they were played to (none for other games).
    pub fn papers<'a>(
        &self,
        rows: impl Iterator<Item = (&'a HandInfo, &'a [Line])>,
    ) -> Vec<bridge::Paper> {
        let Live::Bridge(g) = self else {
            return Vec::new();
        };
        let rubbers: Vec<bridge::Rubber> = g.rubbers().collect();
        let mut papers = bridge::Papers::default();
        let mut ended: Vec<bridge::Ended> = rows
            .filter_map(|(info, lines)| papers.push_row(info, lines))
            .collect();
        ended.extend(papers.finish());
        ended
            .into_iter()
            .filter_map(|e| {
                let rubber = rubbers.get(e.index)?;
                let wheel = g.chukker_wheel(e.index);
                Some(e.close(rubber, wheel))
            })
            .collect()
    }
}
