//! The home screen before any session: what Marque does, its games, where sessions are
//! saved; and a short guided tour of one game's entry, on a practice session that goes to the
//! trash at the end.

use egui::RichText;

use super::command::{Command, Go, Named};
use marque_core::games::GameKind;
use marque_core::i18n::msg;
use marque_core::i18n::{Arg, Lang, Msg, tr};

/// The steps of the tour, from 1.
pub const TOUR_STEPS: usize = 3;

/// The welcome: shown on the home screen while the folder holds no session at all.
pub(super) fn welcome_ui(
    folder: &std::path::Path,
    ui: &mut egui::Ui,
    lang: Lang,
    commands: &mut Vec<Command>,
) {
    egui::ScrollArea::vertical()
        .id_salt("welcome")
        .auto_shrink([false, true])
        .show(ui, |ui| {
            ui.heading(tr(lang, "ui.welcome.title"));
            ui.horizontal_wrapped(|ui| {
                let new = egui::Button::new(RichText::new(tr(lang, "ui.home.new")).heading());
                if ui.add(new).clicked() {
                    commands.push(Command::Named(Named::NewSession));
                }
                if ui.button(tr(lang, "ui.welcome.tour")).clicked() {
                    commands.push(Command::Named(Named::StartTour));
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
            let folder = folder.display().to_string();
            ui.label(msg!("ui.welcome.folder", path = folder.as_str()).render(lang));
        });
}

/// The tour's step at the foot of the session screen (a panel at the foot: the form and the
/// sheet above it do not move when the step changes), in the words of `game`, the session's.
pub(super) fn tour_ui(
    ui: &mut egui::Ui,
    lang: Lang,
    step: usize,
    game: Option<GameKind>,
    commands: &mut Vec<Command>,
) {
    egui::Panel::bottom("tour").show(ui, |ui| {
        ui.horizontal_wrapped(|ui| {
            let text = msg!("ui.tour.step", n = step, of = TOUR_STEPS)
                .render(lang)
                .to_string();
            ui.label(RichText::new(text).strong());
            // The keys first, in the same places at every step (the last one's "next" off),
            // then the step's text, which is longer or shorter.
            let next = ui.add_enabled(
                step < TOUR_STEPS,
                egui::Button::new(tr(lang, "ui.tour.next")),
            );
            if next.clicked() {
                commands.push(Command::Go(Go::TourStep(step + 1)));
            }
            if ui.button(tr(lang, "ui.tour.end")).clicked() {
                commands.push(Command::Named(Named::EndTour));
            }
            // In the words of the tour's game (its word for a hand: the texts agree with a
            // feminine one, as "donne" is; a game whose word is not would need its own texts).
            const STEPS: [&str; TOUR_STEPS] = ["ui.tour.1", "ui.tour.2", "ui.tour.3"];
            let text = game.map(|g| {
                let key = STEPS[step.clamp(1, TOUR_STEPS) - 1];
                g.hand_words(Msg::new(key)).render(lang)
            });
            ui.label(text.unwrap_or_default());
        });
    });
}

/// The game of the guided tour: the one played by the fewest.
fn tour_game() -> GameKind {
    GameKind::ALL
        .into_iter()
        .min_by_key(|g| g.usual_players())
        .unwrap_or(GameKind::ALL[0])
}

/// The guided tour's practice session: the tour's game with made-up players, titled as such.
pub fn practice(lang: Lang) -> Result<marque_core::session::Session, super::notice::Notice> {
    let game = tour_game();
    let players: Vec<String> = (0..game.usual_players())
        .map(|k| tr(lang, &format!("ui.tour.player{}", k % 4 + 1)))
        .collect();
    let options = serde_json::Map::new();
    let mut session =
        marque_core::session::Session::new(game, players, options, crate::local::now()).map_err(
            |p| {
                let notice = move |lang| super::notice::render_problems(&p, lang, Some(game));
                super::notice::Notice::new(notice)
            },
        )?;
    session.id = Some(marque_store::new_id(game.id()));
    session.set_text_field("title", &tr(lang, "ui.tour.title"));
    Ok(session)
}

/// The tour's step once the table played on from `step` in `open` (none: it ended with the
/// practice session left): once the first hand is entered, the next step.
pub fn tour_step(step: usize, open: Option<&marque_store::document::Document>) -> Option<usize> {
    let doc = open?;
    Some(match step {
        1 if !doc.session().hands.is_empty() => 2,
        s => s,
    })
}
