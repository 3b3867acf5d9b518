//! Entry forms, one per game. A form keeps what was picked so far and, once the hand is
//! complete, hands it over typed; the session screen checks and previews it.

mod ascenseur;
mod board;
mod bridge;
mod democratie;
mod kit;
mod le2500;
mod table;
mod tarot;
mod truc;

pub use board::BoardForm;
pub use kit::{Ctx, Entry, Modes};
use marque_core::games::{GameHand, GameKind};
use marque_core::i18n::Msg;
use marque_core::session::Session;

/// One game's entry form.
pub trait HandForm: std::fmt::Debug {
    /// Draws the form; returns the hand once it is complete, else what is missing.
    fn show(&mut self, ui: &mut egui::Ui, ctx: &Ctx) -> Entry;
    /// Writes the entry modes this form was left in into `modes`.
    fn keep_modes(&self, modes: &mut Modes);
    /// The hand without its result once its bid is in (what the stakes are shown of); none
    /// in a game with no bid, or once the result is in.
    fn partial(&self) -> Option<serde_json::Value>;
}

macro_rules! hand_form {
    ($($t:ty),* ; $($bid:ty),*) => {
        $(impl HandForm for $t {
            fn show(&mut self, ui: &mut egui::Ui, ctx: &Ctx) -> Entry {
                <$t>::show(self, ui, ctx)
            }
            fn keep_modes(&self, modes: &mut Modes) {
                <$t>::keep_modes(self, modes)
            }
            fn partial(&self) -> Option<serde_json::Value> {
                None
            }
        })*
        $(impl HandForm for $bid {
            fn show(&mut self, ui: &mut egui::Ui, ctx: &Ctx) -> Entry {
                <$bid>::show(self, ui, ctx)
            }
            fn keep_modes(&self, modes: &mut Modes) {
                <$bid>::keep_modes(self, modes)
            }
            fn partial(&self) -> Option<serde_json::Value> {
                <$bid>::partial(self)
            }
        })*
    };
}
// The forms of games with no bid; then those where a bid comes before the play.
hand_form!(
    table::EventForm,
    le2500::Le2500Form,
    democratie::DemocratieForm;
    bridge::BridgeForm,
    truc::TrucForm,
    ascenseur::AscenseurForm,
    tarot::TarotForm
);

/// The entry form of the open session, if it takes hands.
#[derive(Debug, Default)]
pub struct Form(Option<Box<dyn HandForm>>);

impl Form {
    /// No form: the session takes no hand.
    pub fn empty() -> Form {
        Form(None)
    }

    /// A form for the next hand, or filled from hand `editing`: the one place that picks a
    /// game's form.
    pub fn new(session: &Session, editing: Option<usize>, modes: Modes) -> Form {
        let existing = editing.and_then(|i| session.hands.get(i)).map(|h| &h.game);
        let n = session.playing_before(editing.unwrap_or(session.hands.len()));
        let le2500 = match session.options.typed() {
            marque_core::session::Options::Le2500(o) => o.clone(),
            _ => marque_core::games::le2500::Options::default(),
        };
        let form: Box<dyn HandForm> = match (session.game, existing) {
            (GameKind::Bridge, Some(GameHand::Bridge(h))) => {
                Box::new(bridge::BridgeForm::from_hand(Some(h)))
            }
            (GameKind::Bridge, _) => Box::new(bridge::BridgeForm::from_hand(None)),
            (GameKind::Truc, Some(GameHand::Truc(h))) => {
                Box::new(truc::TrucForm::from_hand(Some(h), modes))
            }
            (GameKind::Truc, _) => Box::new(truc::TrucForm::from_hand(None, modes)),
            (GameKind::Ascenseur, Some(GameHand::Ascenseur(h))) => {
                Box::new(ascenseur::AscenseurForm::from_hand(Some(h), n))
            }
            (GameKind::Ascenseur, _) => Box::new(ascenseur::AscenseurForm::from_hand(None, n)),
            (GameKind::Le2500, Some(GameHand::Le2500(h))) => {
                Box::new(le2500::Le2500Form::from_hand(Some(h), n, modes, &le2500))
            }
            (GameKind::Le2500, _) => {
                Box::new(le2500::Le2500Form::from_hand(None, n, modes, &le2500))
            }
            (GameKind::Democratie, Some(GameHand::Democratie(h))) => {
                Box::new(democratie::DemocratieForm::from_hand(Some(h), n, modes))
            }
            (GameKind::Democratie, _) => {
                Box::new(democratie::DemocratieForm::from_hand(None, n, modes))
            }
            (GameKind::Tarot, Some(GameHand::Tarot(h))) => {
                Box::new(tarot::TarotForm::from_hand(Some(h)))
            }
            (GameKind::Tarot, _) => Box::new(tarot::TarotForm::from_hand(None)),
        };
        Form(Some(form))
    }

    /// A form for a table event of `kind`, or filled from the event being edited.
    pub fn event(
        kind: marque_core::games::table::EventKind,
        existing: Option<&marque_core::games::table::Event>,
        known: &[String],
    ) -> Form {
        Form(Some(Box::new(table::EventForm::new(kind, existing, known))))
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_none()
    }

    /// Draws the form; returns the hand once it is complete, else what is missing.
    pub fn show(&mut self, ui: &mut egui::Ui, ctx: &Ctx) -> Entry {
        match self.0.as_mut() {
            Some(form) => form.show(ui, ctx),
            None => Err(Msg::new("ui.form.incomplete")),
        }
    }

    /// The hand without its result once its bid is in (none in a game with no bid, or once
    /// the result is in).
    pub fn partial(&self) -> Option<serde_json::Value> {
        self.0.as_ref().and_then(|f| f.partial())
    }

    /// Writes the entry modes the form was left in into `modes`.
    pub fn keep_modes(&self, modes: &mut Modes) {
        if let Some(form) = &self.0 {
            form.keep_modes(modes);
        }
    }
}
