//! The rules of the six games. Pure: no screens, no files.
//!
//! Every game module has the same shape and implements [`Rules`] for its `Game`:
//! - `Options`, read from the session's `options` object, described by [`Rules::OPTIONS`];
//! - `Hand`, the typed input of one hand, decoded from JSON once when a file is read;
//! - `Game`, the state of a game in progress, which `play`s hands into [`Scored`] lines and knows
//!   its totals, whether it is over, and what the table needs next (dealer, vulnerability…).
//!
//! The `games!` list below is the one place that names all of them: it makes [`GameKind`] and
//! the enums over the games (options, hands, facts, games in progress) with their dispatch. A new
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

mod all;
pub mod ascenseur;
pub mod bridge;
pub mod democratie;
mod face;
pub mod json;
pub mod keys;
mod kind;
mod kit;
pub mod le2500;
mod rules;
pub mod stakes;
pub mod table;
pub mod tarot;
pub mod truc;

pub use all::{GameHand, GameOptions, HandInfo, Live, Place};
pub use bridge::{Ended, Paper, Papers};
pub use face::{Face, PartWords};
pub use kind::GameKind;
pub use kit::{
    Line, MapOnly, OptDesc, OptKind, Ratio, RuleId, Scored, TALLY_VERSION, Tally, leaders,
    leaders_among, number, number_signed, race_over, race_over_among, sum_lines,
};
pub use rules::{Rules, decode_text};
