//! "Nouvelle soirée" (issue 51): the kind of evening, its title and who plays, typed one pair,
//! one team or one player a line; the movement or seating proposed as it is typed, checked as
//! the evening will be read; then the evening and its tables' files, written into a folder of
//! the data folder.

use egui::RichText;

use super::command::{Command, Evenings, Named};
use marque_core::club::{Asked, propose};
use marque_core::i18n::{Lang, tr};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Kind {
    #[default]
    Pairs,
    Teams,
    /// Players at tables of 4 or 5 (a Tarot concours).
    Players,
}

/// The form as typed.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct NewEvening {
    pub kind: Kind,
    pub title: String,
    /// One pair a line ("Anne, Bruno"), one team a line ("Les Rouges : Anne, Bruno, Claire,
    /// David"), or one player a line.
    pub who: String,
}

/// The names of a line, split at commas (and a team's name before its colon).
fn names(line: &str) -> Vec<String> {
    line.split(',')
        .map(|n| n.trim().to_string())
        .filter(|n| !n.is_empty())
        .collect()
}

impl NewEvening {
    /// What the form asks, or the line that does not read (from 1).
    pub fn asked(&self) -> Result<Asked, usize> {
        let lines: Vec<(usize, &str)> = self
            .who
            .lines()
            .enumerate()
            .map(|(k, l)| (k + 1, l.trim()))
            .filter(|(_, l)| !l.is_empty())
            .collect();
        match self.kind {
            Kind::Pairs => lines
                .iter()
                .map(|(k, l)| match names(l).as_slice() {
                    [a, b] => Ok([a.clone(), b.clone()]),
                    _ => Err(*k),
                })
                .collect::<Result<Vec<_>, _>>()
                .map(Asked::Pairs),
            Kind::Teams => {
                let teams: Vec<(String, Vec<String>)> = lines
                    .iter()
                    .map(|(k, l)| {
                        let (name, players) = l.split_once(':').ok_or(*k)?;
                        Ok((name.trim().to_string(), names(players)))
                    })
                    .collect::<Result<_, usize>>()?;
                let [a, b]: [(String, Vec<String>); 2] =
                    teams.try_into().map_err(|t: Vec<_>| t.len().min(2) + 1)?;
                Ok(Asked::Teams([a, b]))
            }
            Kind::Players => Ok(Asked::Players(
                lines.iter().flat_map(|(_, l)| names(l)).collect(),
            )),
        }
    }
}

pub fn show(ui: &mut egui::Ui, lang: Lang, form: &mut NewEvening, commands: &mut Vec<Command>) {
    let t = |k: &str| tr(lang, k);
    ui.heading(t("ui.new_evening.title"));
    ui.horizontal_wrapped(|ui| {
        ui.label(t("ui.new_evening.kind"));
        for (kind, key) in [
            (Kind::Pairs, "ui.new_evening.pairs"),
            (Kind::Teams, "ui.new_evening.teams"),
            (Kind::Players, "ui.new_evening.players"),
        ] {
            if ui.selectable_label(form.kind == kind, t(key)).clicked() {
                form.kind = kind;
            }
        }
    });
    ui.horizontal(|ui| {
        let l = ui.label(t("ui.new_evening.name"));
        ui.text_edit_singleline(&mut form.title).labelled_by(l.id);
    });
    let hint = match form.kind {
        Kind::Pairs => "ui.new_evening.pairs_hint",
        Kind::Teams => "ui.new_evening.teams_hint",
        Kind::Players => "ui.new_evening.players_hint",
    };
    let l = ui.label(t(hint));
    // The names scroll in a height of their own: the proposal and the keys under them never
    // move as lines are typed.
    let rows = 8.0;
    let height = rows * ui.text_style_height(&egui::TextStyle::Body) + 12.0;
    egui::ScrollArea::vertical()
        .id_salt("new-evening-names")
        .auto_shrink([false, false])
        .max_height(height)
        .show(ui, |ui| {
            ui.add(
                egui::TextEdit::multiline(&mut form.who)
                    .desired_rows(rows as usize)
                    .desired_width(f32::INFINITY),
            )
            .labelled_by(l.id);
        });
    // The proposal as it is typed: the movement, or what is wrong, in words.
    let proposed = form
        .asked()
        .map_err(|line| marque_core::i18n::msg!("ui.new_evening.bad_line", line = line as i64))
        .and_then(|asked| propose("evening", form.title.trim(), "", &asked));
    match &proposed {
        Ok(p) => {
            ui.label(RichText::new(p.said.render(lang)).strong());
        }
        Err(m) => {
            ui.label(RichText::new(m.render(lang)).weak());
        }
    }
    let ready = proposed.is_ok() && !form.title.trim().is_empty();
    ui.horizontal(|ui| {
        if ui
            .add_enabled(ready, egui::Button::new(t("ui.new_evening.create")))
            .clicked()
            && let Ok(asked) = form.asked()
        {
            commands.push(Command::Evenings(Evenings::Create(
                form.title.trim().to_string(),
                asked,
            )));
        }
        if ui.button(t("ui.new_evening.cancel")).clicked() {
            commands.push(Command::Named(Named::Home));
        }
    });
}

/// Writes the evening titled `title` for what was `asked` into a folder of its own; its
/// evening file's path, or why not in words.
pub fn create(
    store: &marque_store::Store,
    title: &str,
    asked: &Asked,
) -> Result<std::path::PathBuf, super::notice::Notice> {
    let id = marque_store::new_id("soiree");
    let proposed =
        propose(&id, title, &crate::local::now(), asked).map_err(super::notice::Notice::from)?;
    marque_store::create_evening(store, &id, &proposed).map_err(super::notice::store_notice)
}
