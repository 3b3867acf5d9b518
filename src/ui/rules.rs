//! The rules reference: each game's rules in our own words, by rule id, searchable.

use egui::RichText;

use super::command::{Command, Go, Named};
use marque_core::games::GameKind;
use marque_core::i18n::{Lang, tr};

#[derive(Default)]
pub struct RulesState {
    pub query: String,
    /// The rule last scrolled to, so that the view scrolls once and then lets the reader move.
    scrolled_to: Option<String>,
}

/// The rule ids of a game, in reading order.
pub fn rule_ids(game: GameKind) -> impl Iterator<Item = &'static str> {
    game.rules().iter().map(|r| r.as_str())
}

/// The key of a rule's text in the locale files.
pub fn rule_key(id: &str) -> String {
    format!("rule.{id}")
}

/// What the rules screen is handed: the language, whether a session is open (to go back to
/// it), its own state, and where its commands go.
pub struct Ctx<'a> {
    pub lang: Lang,
    pub in_session: bool,
    pub state: &'a mut RulesState,
    pub commands: &'a mut Vec<Command>,
}

pub fn show(ui: &mut egui::Ui, cx: Ctx<'_>, game: GameKind, focus: Option<String>) {
    let Ctx {
        lang,
        in_session,
        state,
        commands,
    } = cx;
    ui.horizontal_wrapped(|ui| {
        if in_session && ui.button(tr(lang, "ui.rules.back")).clicked() {
            commands.push(Command::Named(Named::BackToSession));
        }
        for g in GameKind::ALL {
            if ui
                .selectable_label(g == game, tr(lang, g.name_key()))
                .clicked()
            {
                commands.push(Command::Go(Go::Rules {
                    game: g,
                    focus: None,
                }));
            }
        }
    });
    ui.horizontal(|ui| {
        let l = ui.label(tr(lang, "ui.rules.search"));
        ui.text_edit_singleline(&mut state.query).labelled_by(l.id);
    });
    ui.separator();
    let query = state.query.trim().to_lowercase();
    egui::ScrollArea::vertical().show(ui, |ui| {
        ui.label(RichText::new(tr(lang, &format!("rule.{}.intro", game.id()))).italics());
        ui.add_space(6.0);
        let mut shown = 0;
        for id in rule_ids(game) {
            let text = tr(lang, &rule_key(id));
            let heading = tr(lang, &format!("{}.title", rule_key(id)));
            if !query.is_empty()
                && !text.to_lowercase().contains(&query)
                && !heading.to_lowercase().contains(&query)
                && !id.contains(&query)
            {
                continue;
            }
            shown += 1;
            let focused = focus.as_deref() == Some(id);
            // The rule's title, with its id beside it (the id the score lines name).
            let title = RichText::new(format!(
                "{}  [{id}]",
                tr(lang, &format!("{}.title", rule_key(id)))
            ))
            .strong()
            .size(18.0);
            let r = ui.label(if focused {
                title.background_color(ui.visuals().selection.bg_fill)
            } else {
                title
            });
            ui.label(RichText::new(text).size(17.0));
            ui.add_space(8.0);
            if focused && state.scrolled_to.as_deref() != Some(id) {
                r.scroll_to_me(Some(egui::Align::TOP));
                state.scrolled_to = Some(id.to_string());
            }
        }
        if shown == 0 {
            ui.label(RichText::new(tr(lang, "ui.rules.nothing")).weak());
        }
    });
}
