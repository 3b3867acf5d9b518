//! The presentation half of a game: how its sheet is shown. Every reader of a sheet (the app's
//! sheet and room scoreboard, the text sheet, CSV, PDF) asks the game through [`Face`] and
//! [`crate::view`]; none matches a game by name. Each method has the default most games take,
//! so a game says only where it differs.

use super::{GameHand, GameKind, GameOptions, HandInfo, Live, Rules};
use crate::i18n::{Lang, Msg, tr};

/// How a game's sheet is shown.
pub trait Face: Rules {
    /// The key of side `side`'s name in the locale files, for a game whose sides are not its
    /// players (bridge's partnerships); `None`: the players' names.
    fn side_key(_side: usize) -> Option<&'static str> {
        None
    }

    /// The standing shown in a side's column after a hand: the running total of its points,
    /// unless the game shows another figure there (truc: the points of the manche).
    fn standing(_info: &Self::Info, _side: usize, running: i64) -> i64 {
        running
    }

    /// The standing shown is not the game's totals (truc's totals count manches): the table
    /// for spreadsheets then has a column for each.
    const STANDING_APART: bool = false;

    /// A figure shown small beside a side's points (ascenseur: the side's bid).
    fn extra(_hand: &Self::Hand, _side: usize) -> Option<i64> {
        None
    }

    /// The side that won the part of the game this hand ends (truc: the manche).
    fn part_won(_info: &Self::Info, _options: &Self::Options) -> Option<usize> {
        None
    }

    /// The part of the game a hand belongs to, counted from 0 (bridge: its rubber).
    fn part(_info: &Self::Info) -> Option<usize> {
        None
    }

    /// A line under a hand's title (bridge: who is vulnerable).
    fn note(_info: &Self::Info) -> Option<Msg> {
        None
    }

    /// The key of the totals' label.
    const TOTAL_LABEL: &'static str = "sheet.total";

    /// The word after a side's name in the totals' column of the table for spreadsheets.
    const TOTAL_COLUMN: &'static str = "total";

    /// The session goes on after the game's natural end (bridge: the evening's next rubber).
    const GOES_ON: bool = false;

    /// The game is also laid out as on paper (bridge's rubbers, see [`super::Paper`]).
    const PAPER: bool = false;

    /// The key of seat `seat`'s name, for a game whose seats have names (bridge's N E S W);
    /// `None`: seats are numbered.
    fn seat_key(_seat: usize) -> Option<&'static str> {
        None
    }

    /// How many players a new session of the game starts with; 0: the fewest it takes.
    const USUAL_PLAYERS: usize = 0;

    /// What is still to come, for the table to see (ascenseur: the rounds left, by their
    /// cards); empty when nothing is announced.
    fn to_come(&self) -> Vec<String> {
        Vec::new()
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
                    .map(|(s, name)| match <super::$m::Game as Face>::side_key(s) {
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
                    .map(|(s, name)| match <super::$m::Game as Face>::side_key(s) {
                        Some(key) => Arg::Key(key),
                        None => Arg::Text(name.clone()),
                    })
                    .collect()),* }
            }

            /// See [`Face::STANDING_APART`].
            pub fn standing_apart(self) -> bool {
                match self { $(GameKind::$V => <super::$m::Game as Face>::STANDING_APART),* }
            }

            /// See [`Face::TOTAL_LABEL`].
            pub fn total_label(self) -> &'static str {
                match self { $(GameKind::$V => <super::$m::Game as Face>::TOTAL_LABEL),* }
            }

            /// See [`Face::TOTAL_COLUMN`].
            pub fn total_column(self) -> &'static str {
                match self { $(GameKind::$V => <super::$m::Game as Face>::TOTAL_COLUMN),* }
            }

            /// See [`Face::GOES_ON`].
            pub fn goes_on(self) -> bool {
                match self { $(GameKind::$V => <super::$m::Game as Face>::GOES_ON),* }
            }

            /// See [`Face::seat_key`].
            pub fn seat_key(self, seat: usize) -> Option<&'static str> {
                match self { $(GameKind::$V => <super::$m::Game as Face>::seat_key(seat)),* }
            }

            /// How many players a new session of the game starts with.
            pub fn usual_players(self) -> usize {
                let usual = match self {
                    $(GameKind::$V => <super::$m::Game as Face>::USUAL_PLAYERS),*
                };
                let (lo, hi) = self.players();
                usual.clamp(lo, hi)
            }

            /// See [`Face::PAPER`].
            pub fn has_paper(self) -> bool {
                match self { $(GameKind::$V => <super::$m::Game as Face>::PAPER),* }
            }
        }

        impl GameHand {
            /// See [`Face::extra`].
            pub fn extra(&self, side: usize) -> Option<i64> {
                match self {
                    $(GameHand::$V(h) => <super::$m::Game as Face>::extra(h, side),)*
                    GameHand::Event(..) => None,
                }
            }
        }

        impl HandInfo {
            /// See [`Face::standing`].
            pub fn standing(&self, side: usize, running: i64) -> i64 {
                match self {
                    $(HandInfo::$V(i) => <super::$m::Game as Face>::standing(i, side, running),)*
                    HandInfo::Event(_) => running,
                }
            }

            /// See [`Face::part_won`].
            pub fn part_won(&self, options: &GameOptions) -> Option<usize> {
                match (self, options) {
                    $((HandInfo::$V(i), GameOptions::$V(o)) =>
                        <super::$m::Game as Face>::part_won(i, o),)*
                    _ => None,
                }
            }

            /// See [`Face::part`].
            pub fn part(&self) -> Option<usize> {
                match self {
                    $(HandInfo::$V(i) => <super::$m::Game as Face>::part(i),)*
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
                    $(HandInfo::$V(i) => <super::$m::Game as Face>::note(i),)*
                    HandInfo::Event(_) => None,
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
