//! The presentation half of a game: how its sheet is shown. Every reader of a sheet (the app's
//! sheet and room scoreboard, the text sheet, CSV, PDF) asks the game through [`Face`] and
//! [`crate::view`]; none matches a game by name. Each method has the default most games take,
//! so a game says only where it differs.

use super::rules::Rules;
use crate::i18n::Msg;

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

    /// The rows a hand's count takes at most before it is confirmed, laid out at an entry
    /// panel's width (Tarot's: the contract, a petit au bout, poignées, a chelem): the form's
    /// foot keeps them, so that the count is whole and nothing moves as it grows.
    const COUNT_ROWS: usize = 1;

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

    /// The key of the name a session of these options goes by, where it is not the game's
    /// (bridge played as Chicago: "Bridge Chicago").
    fn title_key(_options: &Self::Options) -> Option<&'static str> {
        None
    }

    /// Whether a hand is dealt again under the same number (Chicago's deal passed out: "it is
    /// not one of the four", `bridge.chicago.vulnerability`): the next hand takes its number.
    fn dealt_again(_hand: &Self::Hand, _options: &Self::Options) -> bool {
        false
    }

    /// What the game calls the parts its session goes on from, one to the next (bridge:
    /// rubbers, or Chicago's chukkers); `None`: a game played to one end.
    fn part_words(_options: &Self::Options) -> Option<PartWords> {
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

    /// The key of a note on how the players sit, where the game seats them its own way (bridge:
    /// North and South together against East and West); `None`: the general note.
    const SEATING: Option<&'static str> = None;

    /// The key of a note on how the statistics count the game, where they count it their own
    /// way (bridge: an evening won once ended, its rubbers as they are played).
    const STATS_NOTE: Option<&'static str> = None;

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

/// The keys of the texts that name a game's parts, where its session goes on from one part to
/// the next ([`Face::part_words`]): the window says them, the game chooses them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PartWords {
    /// The key that starts the next part ("Robre suivant").
    pub next: &'static str,
    /// The key that ends the session instead ("Terminer la soirée").
    pub end: &'static str,
    /// While the table has no hand to enter, what to do ("Le robre est fini : …").
    pub over: &'static str,
    /// The line that says a hand ends the part, won by `$winners`.
    pub ends: &'static str,
    /// One part by its number, `$n` ("Robre 3").
    pub one: &'static str,
}
