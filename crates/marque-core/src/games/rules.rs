//! The trait every game implements: its options, how to read and score a hand, when the game
//! ends, and what the table's events do to it.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::kit::{Line, OptDesc, Ratio, RuleId, Scored, Tally};
use crate::i18n::Msg;

/// What a game knows: its options and rules, how to read a hand, how to score it, and when the
/// game ends. Every game module implements it for its `Game`.
pub trait Rules: Clone + std::fmt::Debug + Send + Sync + 'static {
    type Options: Clone + PartialEq + std::fmt::Debug + Serialize + Send + Sync;
    type Hand: Clone + PartialEq + std::fmt::Debug + Send + Sync;
    type Info: Clone + PartialEq + std::fmt::Debug + Serialize + Send + Sync;

    /// The game's id in session files.
    const ID: &'static str;
    /// The key of the game's name in the locale files.
    const NAME_KEY: &'static str;
    /// The key of the game's own word for one hand, with its article ("la donne", "le tour",
    /// "la brasse", "la manche").
    const HAND_NOUN: &'static str;
    /// The key of the same word alone ("donne", "tour", "brasse", "manche").
    const HAND_WORD: &'static str;
    /// The key of a number of hands in the game's word, with its plural (`n`: "3 brasses").
    const HAND_COUNT: &'static str;
    /// The key of what a total counts, with its number: `{ $n } points`, `{ $n } manches`.
    const TOTAL_UNIT: &'static str = "unit.points";
    /// The key of the word as a heading ("Donne", "Tour", "Brasse", "Manche").
    const HAND_TITLE: &'static str;
    /// The key of a player's best hand in the statistics ("Meilleure brasse — { $game } : …").
    const BEST_HAND: &'static str;
    /// The keys of those asked for their word on a hand ("les autres joueurs"), and of the line
    /// saying nothing awaits it ("Les autres joueurs ont donné leur accord sur tout.").
    const WORD_ASKED: (&'static str, &'static str) = ("word.by_players", "word.none_players");
    /// How many players it takes (bounds included).
    const PLAYERS: (usize, usize);
    /// Its options, in the order shown.
    const OPTIONS: &'static [OptDesc];
    /// Its rule ids, in reading order (texts `rule.ID`, headings `rule.ID.title`).
    const RULES: &'static [RuleId];
    /// The fields of a hand it reads; any other field of a hand is kept as it was written.
    const HAND_FIELDS: &'static [&'static str];

    /// Reads the `options` object (missing keys take their defaults).
    fn read_options(v: Option<&Value>, players: usize) -> Result<Self::Options, Vec<Msg>>;
    /// A game with no hand played.
    fn start(players: &[String], options: &Self::Options) -> Self;
    /// Reads one hand's JSON, checking its shape.
    fn decode(v: &Value, players: usize, options: &Self::Options) -> Result<Self::Hand, Vec<Msg>>;
    /// A hand as written, read straight from its JSON: the fast path for long files.
    type Wire<'de>: Deserialize<'de>;
    /// The hand a well-formed wire hand is, or `None` when [`Rules::decode`] must say what is
    /// wrong. It must accept exactly the hands `decode` accepts.
    fn from_wire(
        wire: Self::Wire<'_>,
        players: usize,
        options: &Self::Options,
    ) -> Option<Self::Hand>;
    /// One hand's JSON, as written in session files.
    fn encode(hand: &Self::Hand) -> Value;
    /// Checks a hand against the game so far and scores it.
    fn play(&mut self, hand: &Self::Hand) -> Result<Scored<Self::Info>, Vec<Msg>>;
    /// The standing per side.
    fn totals(&self) -> Vec<i64>;
    /// The game reached its natural end.
    fn finished(&self) -> bool;
    /// The sum a line of a scored hand is, written out with its numbers (`200 + 300 + 300 =
    /// 800`), by the game as it stood before the hand; `None` where the line's own text says it
    /// all. Numbers and signs only: the same in every language.
    fn count(&self, _hand: &Self::Hand, _info: &Self::Info, _line: &Line) -> Option<String> {
        None
    }
    /// From now on, play only keeps the score: a game may leave its lines out (for summaries,
    /// which show none). The delta, the facts and the standing are the same.
    fn quiet(&mut self) {}
    /// How many items of its history (rubbers, manches) this copy of the game holds apart from
    /// the other copies it was made from or into: bounded, however long the session, for the
    /// sheet's copies to cost a constant each.
    fn held(&self) -> usize {
        0
    }
    /// What a typed hand holds on the heap beyond its own size (its lists, each allocation
    /// counted with the allocator's 16 bytes), near enough: what holding a session's hands
    /// costs, against reading it as it streams.
    fn hand_bytes(_hand: &Self::Hand) -> usize {
        0
    }
    /// The players stopped the game: the lines that scores (bridge's unfinished rubber).
    fn close(&mut self) -> Vec<Line> {
        Vec::new()
    }
    /// The sides that score: the players, unless the game has partnerships.
    fn sides(players: &[String]) -> Vec<String> {
        players.to_vec()
    }
    /// The side a player (by seat) scores for: the player's own, unless the game has
    /// partnerships.
    fn side_of(player: usize) -> usize {
        player
    }
    /// A short label of a scored hand: the contract, the round, the frime…
    fn label(hand: &Self::Hand, info: &Self::Info, index: usize, players: &[String]) -> Msg;
    /// Whether [`Rules::change`] says more than the two labels (the log then plays both hands).
    const DESCRIBES_CHANGES: bool = false;
    /// What an edit changed, in the game's words, where the labels alone would not say it
    /// (Le 2500's label names only the frime); None: the labels say it.
    fn change(
        _old: (&Self::Hand, &Self::Info),
        _new: (&Self::Hand, &Self::Info),
        _players: &[String],
    ) -> Option<Msg> {
        None
    }
    /// Where the game stands before hand `next` (from 0): dealer, vulnerability, round…
    fn state(&self, players: &[String], next: usize) -> Msg;
    /// Facts of the next hand that a rule fixes, each naming its rule, for the explanation
    /// (Chicago: the deal's vulnerability by its place in the chukker).
    fn facts(&self, _players: &[String]) -> Vec<Msg> {
        Vec::new()
    }
    /// Where a table event scored with `info` is written, where that is a part of the game the
    /// state before it does not name (bridge: the rubber of the deal before it, already over).
    fn event_part(&self, _info: &Map<String, Value>) -> Option<Msg> {
        None
    }
    /// The target of a race, if the game is one.
    fn target(&self) -> Option<i64> {
        None
    }
    /// Facts of the whole game that `marque score` prints beside the hands (bridge's rubbers,
    /// truc's manches).
    fn summary(&self) -> Vec<(&'static str, Value)> {
        Vec::new()
    }
    /// The same facts written straight to `out`, each as `,\n  "name": value`: a game whose
    /// facts grow with the session (a rubber, a manche) writes them without a copy in memory.
    fn write_summary(&self, out: &mut dyn std::io::Write) -> std::io::Result<()> {
        for (k, v) in self.summary() {
            write!(out, ",\n  \"{k}\": ")?;
            serde_json::to_writer(&mut *out, &v)?;
        }
        Ok(())
    }
    /// The figures statistics add up per player ([`Tally::sums`]), by name.
    const SUMS: &'static [&'static str] = &[];
    /// The figures statistics keep the best of per player ([`Tally::bests`]), by name.
    const BESTS: &'static [&'static str] = &[];
    /// The figures derived from two sums.
    const RATIOS: &'static [Ratio] = &[];
    /// Adds a scored hand's figures to each player's tally (by seat).
    fn tally(_hand: &Self::Hand, _info: &Self::Info, _delta: &[i64], _seats: &mut [Tally]) {}
    /// Whether seat `seat` took part in a scored hand (its points count for its best hand):
    /// every seat still playing does, but where the game lets one sit a hand out.
    fn took_part(_hand: &Self::Hand, _info: &Self::Info, _seat: usize) -> bool {
        true
    }
    /// Adds the whole game's figures once its hands are played (bridge's rubbers, truc's
    /// manches).
    fn tally_end(&self, _seats: &mut [Tally]) {}
    /// The table events the game takes (`table.*`): a substitute and agreed points unless it
    /// says otherwise.
    const EVENTS: &'static [crate::games::table::EventKind] = &[
        crate::games::table::EventKind::Replace,
        crate::games::table::EventKind::Adjust,
    ];
    /// The key of a line saying why some events are not there (L'Ascenseur's rounds follow
    /// the number of players); `None` where every event is.
    const EVENTS_NOTE: Option<&'static str> = None;
    /// The step of agreed points and starting scores (bridge counts in tens).
    const POINTS_STEP: i64 = 1;
    /// A seat joining may start below zero.
    const NEGATIVE_START: bool = true;
    /// Plays a table event that the table allowed ([`crate::games::table::Seats::check`]; `seats` is
    /// the table after it): the delta per side, its lines, and the facts printed beside it.
    /// By default a substitute or a departure changes no score, and agreed points go to
    /// [`Rules::adjust`].
    fn event(
        &mut self,
        event: &crate::games::table::Event,
        seats: &crate::games::table::Seats,
    ) -> Result<Scored<Map<String, Value>>, Vec<Msg>> {
        use crate::games::table::Event;
        let sides = Self::sides(&seats.current()).len();
        let mut scored = Scored {
            delta: vec![0; sides],
            lines: Vec::new(),
            info: Map::new(),
        };
        match event {
            Event::Replace { seat, player } => self.rename(*seat, player),
            Event::Adjust {
                side,
                points,
                reason,
            } => {
                self.adjust(*side, *points)?;
                scored.delta[*side] += points;
                scored.lines.push(Line::new(
                    *side,
                    *points,
                    crate::games::table::rule::ADJUST,
                    crate::i18n::msg!("event.line.adjust", reason = reason.as_str()),
                ));
            }
            Event::Join { .. } | Event::Leave { .. } => {
                return Err(vec![crate::i18n::msg!(
                    "event.err.not_here",
                    game = crate::i18n::Arg::Key(Self::NAME_KEY),
                    event = event.kind().id(),
                    allowed = Self::EVENTS
                        .iter()
                        .map(|k| k.id())
                        .collect::<Vec<_>>()
                        .join(", ")
                )]);
            }
        }
        Ok(scored)
    }
    /// The player in `seat` is now `name` (a substitute): the lines that follow say so.
    fn rename(&mut self, _seat: usize, _name: &str) {}
    /// `points` agreed to `side`, outside any hand (a game without points to give refuses).
    fn adjust(&mut self, _side: usize, _points: i64) -> Result<(), Vec<Msg>> {
        Err(vec![Msg::new("event.err.no_adjust")])
    }
}

/// The heap a list holds: its room, and the allocator's own 16 bytes where it has any.
pub fn list_bytes<T>(list: &Vec<T>) -> usize {
    match list.capacity() {
        0 => 0,
        room => room * std::mem::size_of::<T>() + 16,
    }
}

/// A game's hand straight from its text, when it is well formed (see [`Rules::from_wire`]),
/// read as every fast path reads it ([`super::GameOptions::read_hand`]); a table event is none.
pub fn decode_text<G: Rules>(text: &str, players: usize, options: &G::Options) -> Option<G::Hand> {
    let mut d = serde_json::Deserializer::from_str(text);
    let (read, _) = super::json::wire::read::<G::Wire<'_>, _>(&mut d).ok()?;
    d.end().ok()?;
    match read {
        super::json::wire::Read::Hand(w) => G::from_wire(w, players, options),
        super::json::wire::Read::Event(_) => None,
    }
}
