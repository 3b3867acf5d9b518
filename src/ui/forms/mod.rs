//! Entry forms, one per game. A form keeps what was picked so far and, once the hand is
//! complete, hands its JSON to the session screen, which checks and previews it.

mod ascenseur;
mod bridge;
mod democratie;
mod le2500;
mod truc;

use serde_json::Value;

use crate::i18n::Lang;
use crate::session::{Live, Session, Sheet};

/// What a form reads: the session, its sheet, and which hand it enters.
pub struct Ctx<'a> {
    pub session: &'a Session,
    pub sheet: &'a Sheet,
    /// The hand being edited; None for the next hand.
    pub editing: Option<usize>,
    pub lang: Lang,
}

impl Ctx<'_> {
    /// The index of the hand entered.
    pub fn index(&self) -> usize {
        self.editing.unwrap_or(self.session.hands.len())
    }

    /// The game as it stood before the hand entered (for an edit, before that hand).
    pub fn before(&self) -> Option<Live> {
        match self.editing {
            None => Some(self.sheet.live.clone()),
            Some(i) => {
                let mut s = self.session.clone();
                s.hands.truncate(i);
                s.closed = false;
                s.score().ok().map(|sheet| sheet.live)
            }
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum Form {
    Empty,
    Bridge(bridge::BridgeForm),
    Truc(truc::TrucForm),
    Ascenseur(ascenseur::AscenseurForm),
    Le2500(le2500::Le2500Form),
    Democratie(democratie::DemocratieForm),
}

impl Form {
    /// A form for the next hand, or filled from hand `editing`.
    pub fn new(session: &Session, editing: Option<usize>) -> Form {
        let existing = editing.and_then(|i| session.hands.get(i));
        let n = session.players.len();
        match session.game {
            crate::games::GameKind::Bridge => Form::Bridge(bridge::BridgeForm::from_hand(existing)),
            crate::games::GameKind::Truc => Form::Truc(truc::TrucForm::from_hand(existing)),
            crate::games::GameKind::Ascenseur => {
                Form::Ascenseur(ascenseur::AscenseurForm::from_hand(existing, n))
            }
            crate::games::GameKind::Le2500 => {
                Form::Le2500(le2500::Le2500Form::from_hand(existing, n))
            }
            crate::games::GameKind::Democratie => {
                Form::Democratie(democratie::DemocratieForm::from_hand(existing, n))
            }
        }
    }

    /// Draws the form; returns the hand's JSON once it is complete.
    pub fn show(&mut self, ui: &mut egui::Ui, ctx: &Ctx) -> Option<Value> {
        match self {
            Form::Empty => None,
            Form::Bridge(f) => f.show(ui, ctx),
            Form::Truc(f) => f.show(ui, ctx),
            Form::Ascenseur(f) => f.show(ui, ctx),
            Form::Le2500(f) => f.show(ui, ctx),
            Form::Democratie(f) => f.show(ui, ctx),
        }
    }
}
