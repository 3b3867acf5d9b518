//! Rubber bridge: contracts, the line, games, vulnerability, rubbers.
//!
//! Rules: `bridge.below.tricks`, `bridge.game`, `bridge.overtricks`, `bridge.insult`,
//! `bridge.undertricks`, `bridge.undertricks.doubled`, `bridge.slam`, `bridge.honours`,
//! `bridge.rubber`, `bridge.unfinished`.

mod chicago;
mod game;
mod hand;
mod paper;
mod score;
pub use chicago::{Wheel, vul_key};
pub use hand::decode_hand;
pub use hand::{
    Contract, Doubling, Hand, Honours, HonoursKind, Level, Seat, Strain, Wire, WireHonours, dealer,
};
mod options;
pub use game::Game;
pub use hand::SIDES;
pub use options::{ChicagoVul, Format, Options, SlamRule, Table};
pub use paper::{Ended, Entry, Paper, Papers, Slot};
pub use score::{GAME, Info, Rubber, Summary, rule, score_deal};
