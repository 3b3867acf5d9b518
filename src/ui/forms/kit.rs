//! What every form shares and nothing above it: the entry a form holds, the entry modes a table
//! chose, and what a form reads. A leaf: the forms import it, never their parent.

use marque_core::games::{GameHand, Live};
use marque_core::i18n::{Lang, Msg};
use marque_core::session::{Session, Sheet};

/// What a form holds: a whole hand, or what is still missing (said under the form, with the
/// confirm key off).
pub type Entry = Result<GameHand, Msg>;

/// How a table chose to enter hands, kept for the session: each new form starts that way.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Modes {
    /// Truc: only the deal's winner, not each trick.
    pub truc_winner_only: bool,
    /// Le 2500: each player's points, not the cards.
    pub le2500_points: bool,
    /// Démocratie: the cards captured, not their points.
    pub democratie_cards: bool,
}

/// What a form reads: the session, its sheet, the game before the hand entered, and which hand
/// it enters.
pub struct Ctx<'a> {
    pub session: &'a Session,
    pub sheet: &'a Sheet,
    /// The game as it stood before the hand entered (for an edit, before that hand).
    pub before: &'a Live,
    /// The hand being edited; None for the next hand.
    pub editing: Option<usize>,
    pub lang: Lang,
    /// The seats playing the hand entered, in the order a hand lists them, and who holds each
    /// (table events: a substitute, an arrival, a departure).
    pub seats: &'a [usize],
    pub players: &'a [String],
    /// Who is who in this folder (names merged by hand): a name typed for a seat is refused
    /// if it is someone seated.
    pub people: &'a marque_core::stats::People,
}
