//! The home screen before any session: what Marque does, its five games, where sessions are
//! saved; and a short guided tour of one game's entry, on a practice session that goes to the
//! trash at the end.

use egui::RichText;

use super::{App, Command, Screen};
use marque_core::games::GameKind;
use marque_core::i18n::{Arg, Lang, Msg, tr};
use marque_core::msg;
use marque_core::session::Session;
use marque_store::Shelf;

/// The steps of the tour, from 1.
pub const TOUR_STEPS: usize = 3;

/// The welcome: shown on the home screen while the folder holds no session at all.
pub(super) fn welcome_ui(app: &App, ui: &mut egui::Ui, lang: Lang, commands: &mut Vec<Command>) {
    egui::ScrollArea::vertical()
        .id_salt("welcome")
        .auto_shrink([false, true])
        .show(ui, |ui| {
            ui.heading(tr(lang, "ui.welcome.title"));
            ui.horizontal_wrapped(|ui| {
                let new = egui::Button::new(RichText::new(tr(lang, "ui.home.new")).heading());
                if ui.add(new).clicked() {
                    commands.push(Command::NewSession);
                }
                if ui.button(tr(lang, "ui.welcome.tour")).clicked() {
                    commands.push(Command::StartTour);
                }
                ui.label(RichText::new(tr(lang, "ui.welcome.tour_why")).weak());
            });
            ui.label(tr(lang, "ui.welcome.what"));
            ui.add_space(6.0);
            ui.label(RichText::new(tr(lang, "ui.welcome.games")).strong());
            for g in GameKind::ALL {
                let about = Arg::Lookup {
                    key: format!("ui.welcome.about.{}", g.id()),
                    fallback: String::new(),
                };
                let line = msg!(
                    "ui.welcome.game",
                    game = Msg::new(g.name_key()),
                    about = about
                );
                ui.label(line.render(lang));
            }
            ui.add_space(6.0);
            let folder = app.store.dir.display().to_string();
            ui.label(msg!("ui.welcome.folder", path = folder.as_str()).render(lang));
        });
}

/// The game the tour shows: the one that starts with the fewest players (the quickest to enter).
fn tour_game() -> GameKind {
    GameKind::ALL
        .into_iter()
        .min_by_key(|g| g.usual_players())
        .unwrap_or(GameKind::ALL[0])
}

impl App {
    /// A practice session of the tour's game, opened, with the tour's first step.
    pub(super) fn start_tour(&mut self) {
        let lang = self.lang();
        let game = tour_game();
        let players: Vec<String> = (0..game.usual_players())
            .map(|k| tr(lang, &format!("ui.tour.player{}", k % 4 + 1)))
            .collect();
        let options = serde_json::Map::new();
        let mut session = match Session::new(game, players, options, crate::now()) {
            Ok(s) => s,
            Err(p) => {
                let game = Some(game);
                self.notice = Some(super::Notice::new(move |lang| {
                    super::render_problems(&p, lang, game)
                }));
                return;
            }
        };
        session.id = Some(marque_store::new_id(game.id()));
        session.set_text_field("title", &tr(lang, "ui.tour.title"));
        if let Err(e) = self.create(session, false) {
            self.notice = Some(super::notice::store_notice(e));
            return;
        }
        self.tour = Some(1);
    }

    /// The tour ends: its practice session goes to the trash (it can be put back from there).
    pub(super) fn end_tour(&mut self) {
        self.tour = None;
        let path = self.open.as_ref().map(|o| o.doc.path().to_path_buf());
        self.go_home();
        if let Some(path) = path {
            self.run(Command::Shelve(path, Shelf::Trash));
        }
    }

    /// The tour follows the table: once the first hand is entered, its next step.
    pub(super) fn follow_tour(&mut self) {
        let Some(step) = self.tour else {
            return;
        };
        // The practice session left: the tour ends with it (the session stays on the list).
        let Some(open) = self.open.as_ref() else {
            self.tour = None;
            return;
        };
        let next = match step {
            1 if !open.doc.session().hands.is_empty() => 2,
            s => s,
        };
        self.tour = Some(next);
    }
}

/// The tour's step at the foot of the session screen (a panel at the foot: the form and the
/// sheet above it do not move when the step changes).
pub(super) fn tour_ui(app: &mut App, ui: &mut egui::Ui) {
    let Some(step) = app.tour.filter(|_| app.screen == Screen::Session) else {
        return;
    };
    let lang = app.lang();
    let mut commands = Vec::new();
    egui::Panel::bottom("tour").show(ui, |ui| {
        ui.horizontal_wrapped(|ui| {
            let text = msg!("ui.tour.step", n = step, of = TOUR_STEPS)
                .render(lang)
                .to_string();
            ui.label(RichText::new(text).strong());
            // In the words of the tour's game (its word for a hand: the texts agree with a
            // feminine one, as "donne" is; a game whose word is not would need its own texts).
            const STEPS: [&str; TOUR_STEPS] = ["ui.tour.1", "ui.tour.2", "ui.tour.3"];
            let text = app.open.as_ref().map(|o| {
                let key = STEPS[step.clamp(1, TOUR_STEPS) - 1];
                o.doc.session().game.hand_words(Msg::new(key)).render(lang)
            });
            ui.label(text.unwrap_or_default());
            if step < TOUR_STEPS && ui.button(tr(lang, "ui.tour.next")).clicked() {
                commands.push(Command::TourStep(step + 1));
            }
            if ui.button(tr(lang, "ui.tour.end")).clicked() {
                commands.push(Command::EndTour);
            }
        });
    });
    for c in commands {
        app.send(c);
    }
}
