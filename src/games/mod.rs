//! The rules of the five games. Pure: no screens, no files.
//!
//! Every game module has the same shape:
//! - `Options`, read from the session's `options` object ([`Options::from_json`]);
//! - `Hand`, the typed input of one hand, read from JSON by `decode_hand` and written back by serde;
//! - `Game`, the state of a game in progress, which `play`s hands into [`Scored`] lines and knows its
//!   totals and whether it is over;
//! - helpers the table needs while entering a hand (dealer, forbidden bid, value of a raise…).

pub mod ascenseur;
pub mod bridge;
pub mod democratie;
pub mod json;
pub mod le2500;
pub mod truc;

use serde::{Deserialize, Serialize};

use crate::i18n::Msg;

/// The five games, by their id in session files.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GameKind {
    #[serde(rename = "truc")]
    Truc,
    #[serde(rename = "bridge")]
    Bridge,
    #[serde(rename = "ascenseur")]
    Ascenseur,
    #[serde(rename = "2500")]
    Le2500,
    #[serde(rename = "democratie")]
    Democratie,
}

impl GameKind {
    pub const ALL: [GameKind; 5] = [
        GameKind::Bridge,
        GameKind::Truc,
        GameKind::Ascenseur,
        GameKind::Le2500,
        GameKind::Democratie,
    ];

    pub fn id(self) -> &'static str {
        match self {
            GameKind::Truc => "truc",
            GameKind::Bridge => "bridge",
            GameKind::Ascenseur => "ascenseur",
            GameKind::Le2500 => "2500",
            GameKind::Democratie => "democratie",
        }
    }

    pub fn from_id(id: &str) -> Option<GameKind> {
        GameKind::ALL.into_iter().find(|g| g.id() == id)
    }

    /// The key of the game's name in the locale file.
    pub fn name_key(self) -> &'static str {
        match self {
            GameKind::Truc => "game.truc",
            GameKind::Bridge => "game.bridge",
            GameKind::Ascenseur => "game.ascenseur",
            GameKind::Le2500 => "game.2500",
            GameKind::Democratie => "game.democratie",
        }
    }

    /// How many players the game takes (bounds included). Ascenseur with 32 cards takes 6 at most:
    /// [`ascenseur::Options`] checks that.
    pub fn players(self) -> (usize, usize) {
        match self {
            GameKind::Truc => (2, 2),
            GameKind::Bridge => (4, 4),
            GameKind::Ascenseur => (3, 7),
            GameKind::Le2500 => (2, 8),
            GameKind::Democratie => (2, 6),
        }
    }
}

/// One line of explanation: who gets how many points, by which rule, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    pub side: usize,
    pub points: i64,
    pub rule: &'static str,
    pub text: Msg,
}

impl Line {
    pub fn new(side: usize, points: i64, rule: &'static str, text: Msg) -> Line {
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

/// The sides holding the highest of `totals` (all of them on a tie).
pub fn leaders(totals: &[i64]) -> Vec<usize> {
    match totals.iter().max() {
        Some(best) => (0..totals.len()).filter(|&i| totals[i] == *best).collect(),
        None => Vec::new(),
    }
}

/// A race to a target ends when one side alone leads and has reached it (`2500.end`,
/// `democratie.end`): equal leaders play on.
pub fn race_over(totals: &[i64], target: i64) -> bool {
    matches!(leaders(totals).as_slice(), [one] if totals[*one] >= target)
}

/// Adds the points of each side's lines: what the delta must be.
pub fn sum_lines(lines: &[Line], sides: usize) -> Vec<i64> {
    let mut sums = vec![0; sides];
    for l in lines {
        sums[l.side] += l.points;
    }
    sums
}

/// What replaying a session needs from a game; every game module implements it for its `Game`.
pub trait Rules {
    type Hand;
    type Info;
    /// Reads one hand's JSON, checking its shape.
    fn decode(&self, v: &serde_json::Value) -> Result<Self::Hand, Vec<Msg>>;
    /// Checks a hand against the game so far and scores it.
    fn play(&mut self, hand: &Self::Hand) -> Result<Scored<Self::Info>, Vec<Msg>>;
    /// The standing per side.
    fn totals(&self) -> Vec<i64>;
    /// The game reached its natural end.
    fn finished(&self) -> bool;
}

macro_rules! impl_rules {
    ($module:ident, |$g:ident, $v:ident| $decode:expr) => {
        impl Rules for $module::Game {
            type Hand = $module::Hand;
            type Info = $module::Info;
            fn decode(&self, $v: &serde_json::Value) -> Result<Self::Hand, Vec<Msg>> {
                let $g = self;
                $decode
            }
            fn play(&mut self, hand: &Self::Hand) -> Result<Scored<Self::Info>, Vec<Msg>> {
                $module::Game::play(self, hand)
            }
            fn totals(&self) -> Vec<i64> {
                $module::Game::totals(self)
            }
            fn finished(&self) -> bool {
                $module::Game::finished(self)
            }
        }
    };
}

impl_rules!(truc, |_g, v| truc::decode_hand(v));
impl_rules!(bridge, |_g, v| bridge::decode_hand(v));
impl_rules!(ascenseur, |g, v| ascenseur::decode_hand(
    v,
    g.plan().players
));
impl_rules!(le2500, |g, v| le2500::decode_hand(v, g.players()));
impl_rules!(democratie, |g, v| democratie::decode_hand(v, g.players()));
