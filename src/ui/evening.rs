//! The evening of several tables (issue 51): its rankings, each table's progress and each
//! board's traveller, as `marque evening` gives them, read from the evening's folder on a
//! thread of its own and read again whenever a file of the folder changes (the one watcher):
//! everything shown is what the folder holds now, the same on every machine.

use std::path::PathBuf;
use std::sync::mpsc::{Receiver, TryRecvError};

use egui::RichText;
use serde_json::Value;

use super::command::{Command, Evenings, Named};
use marque_core::club::{Card, Part};
use marque_core::i18n::{Lang, msg, tr};

/// A reading of the folder: the evening's title, its tables' files, and its output or its
/// problems.
type Reading = (
    (Option<String>, Vec<Table>, Option<Value>),
    Result<marque_core::club::Scored, Vec<String>>,
    Shown,
);

/// What the screen draws of a reading: its sections and its cards.
type Shown = (Vec<(Part, Card)>, Cards);

/// The evening's guide cards (a table each) and score cards (a pair or player each), written
/// in the language of the reading.
pub type Cards = (Vec<Card>, Vec<Card>);

/// A table's file the evening names: its table (and round, at Tarot) and where it is.
#[derive(Debug, Clone, PartialEq)]
pub struct Table {
    pub table: i64,
    pub round: Option<i64>,
    pub path: PathBuf,
}

/// The tables' files an evening names, beside it (plain names only: `club.folder`).
fn tables_of(evening: &Value, folder: &std::path::Path) -> Vec<Table> {
    evening["tables"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|t| {
            let file = t["file"].as_str()?;
            marque_core::club::plain_name(file).ok()?;
            Some(Table {
                table: t["table"].as_i64()?,
                round: t["round"].as_i64(),
                path: folder.join(file),
            })
        })
        .collect()
}

/// What the evening's screen shows, and the reading under way.
pub struct EveningState {
    pub path: PathBuf,
    /// The evening as last read: its output, or its problems in words (in the language they
    /// were read in).
    pub shown: Option<(Lang, Result<marque_core::club::Scored, Vec<String>>)>,
    /// The title the evening gives itself, as last read.
    pub title: Option<String>,
    /// The tables' files it names, as last read.
    pub tables: Vec<Table>,
    /// The evening file as last read (a table's screen checks its boards against it).
    pub evening: Option<Value>,
    /// Its sections (rankings, travellers, the match, the tables), as last read.
    pub sections: Vec<(Part, Card)>,
    /// Its cards, as last read.
    pub cards: Cards,
    reading: Option<Receiver<Reading>>,
    /// A file changed since the last reading began: read again once it is done.
    stale: bool,
}

impl EveningState {
    pub fn new(path: PathBuf) -> EveningState {
        EveningState {
            path,
            shown: None,
            title: None,
            tables: Vec::new(),
            evening: None,
            sections: Vec::new(),
            cards: Cards::default(),
            reading: None,
            stale: true,
        }
    }

    /// A file of the folder changed: the evening is read again.
    pub fn stale(&mut self) {
        self.stale = true;
    }

    /// Starts a reading where one is due, and takes one that arrived (the window's logic, never
    /// its drawing; the thread reads the files, the window none).
    /// Whether a reading arrived (the evening file as read with it may have changed).
    pub fn logic(&mut self, lang: Lang, ctx: &egui::Context) -> bool {
        let mut arrived = false;
        if let Some(rx) = &self.reading {
            match rx.try_recv() {
                Ok(((title, tables, evening), read, (sections, cards))) => {
                    self.title = title;
                    self.tables = tables;
                    self.evening = evening;
                    self.sections = sections;
                    self.cards = cards;
                    self.shown = Some((lang, read));
                    self.reading = None;
                    arrived = true;
                    ctx.request_repaint();
                }
                Err(TryRecvError::Empty) => {
                    ctx.request_repaint_after(std::time::Duration::from_millis(30));
                    return false;
                }
                Err(TryRecvError::Disconnected) => self.reading = None,
            }
        }
        let relang = self.shown.as_ref().is_some_and(|(l, _)| *l != lang);
        if !(self.stale || relang) {
            return arrived;
        }
        self.stale = false;
        let (tx, rx) = std::sync::mpsc::channel();
        let path = self.path.clone();
        let read = move || {
            let folder = path.parent().unwrap_or(std::path::Path::new("."));
            let (title, tables, evening) = match marque_store::read_json(&path) {
                marque_core::club::TableFile::Read(v) => (
                    v["title"].as_str().map(str::to_string),
                    tables_of(&v, folder),
                    Some(v),
                ),
                _ => (None, Vec::new(), None),
            };
            let out = marque_store::score_evening(&path).map_err(|problems| {
                problems
                    .iter()
                    .map(|(at, m)| format!("{}: {}", at.prefix(), m.render(lang)))
                    .collect()
            });
            let shown = match &out {
                Ok(v) => (
                    marque_core::club::sections(v, lang),
                    (
                        marque_core::club::guide_cards(v, lang),
                        marque_core::club::score_cards(v, lang),
                    ),
                ),
                Err(_) => Shown::default(),
            };
            ((title, tables, evening), out, shown)
        };
        let spawned = std::thread::Builder::new()
            .name("marque-evening".into())
            .spawn(move || {
                tx.send(read()).ok();
            });
        if spawned.is_ok() {
            self.reading = Some(rx);
            ctx.request_repaint_after(std::time::Duration::from_millis(30));
        }
        arrived
    }

    /// Whether what is shown is the last reading due: none under way, none waiting.
    pub fn is_current(&self) -> bool {
        self.reading.is_none() && !self.stale
    }

    /// Waits for a reading under way (tests, which drive frames by hand).
    pub fn wait(&mut self, lang: Lang) {
        if let Some(rx) = self.reading.take()
            && let Ok(((title, tables, evening), read, (sections, cards))) = rx.recv()
        {
            self.title = title;
            self.tables = tables;
            self.evening = evening;
            self.sections = sections;
            self.cards = cards;
            self.shown = Some((lang, read));
        }
    }
}

pub struct Ctx<'a> {
    pub lang: Lang,
    pub state: Option<&'a EveningState>,
    /// Whether the room's pages are on (the key turns them on, with a code per table, or off).
    pub sharing: bool,
    pub commands: &'a mut Vec<Command>,
}

pub fn show(ui: &mut egui::Ui, cx: Ctx<'_>) {
    let Ctx {
        lang,
        state,
        sharing,
        commands,
    } = cx;
    ui.horizontal(|ui| {
        if ui.button(tr(lang, "ui.evening.back")).clicked() {
            commands.push(Command::Named(Named::Home));
        }
        let printable = state.is_some_and(|s| matches!(s.shown, Some((_, Ok(_)))));
        if ui
            .add_enabled(printable, egui::Button::new(tr(lang, "ui.evening.pdf")))
            .clicked()
        {
            commands.push(Command::Named(Named::EveningPdf));
        }
        // The room's pages, with a code per table: each table enters its boards from a phone.
        let share = if sharing {
            "ui.share.stop"
        } else {
            "ui.share.start"
        };
        if ui.button(tr(lang, share)).clicked() {
            commands.push(Command::Named(Named::ToggleSharing));
        }
    });
    let Some(state) = state else {
        return;
    };
    let name = state
        .path
        .file_name()
        .map(|n| {
            n.to_string_lossy()
                .trim_end_matches(".evening.json")
                .to_string()
        })
        .unwrap_or_default();
    let name = state
        .title
        .clone()
        .filter(|t| !t.trim().is_empty())
        .unwrap_or(name);
    ui.heading(msg!("ui.evening.title", name = name).render(lang));
    if !state.tables.is_empty() {
        ui.horizontal_wrapped(|ui| {
            ui.label(tr(lang, "ui.evening.enter_at"));
            for t in &state.tables {
                let text = match t.round {
                    Some(r) => msg!("ui.evening.table_round", table = t.table, round = r),
                    None => msg!("ui.evening.table_n", table = t.table),
                }
                .render(lang);
                if ui.button(text).clicked() {
                    commands.push(Command::Evenings(Evenings::OpenTable(t.path.clone())));
                }
            }
        });
    }
    match &state.shown {
        None => {
            ui.label(RichText::new(tr(lang, "ui.evening.reading")).weak());
            return;
        }
        Some((_, Err(problems))) => {
            ui.label(RichText::new(tr(lang, "ui.evening.problems")).strong());
            for p in problems {
                ui.label(p);
            }
            return;
        }
        Some((_, Ok(_))) => {}
    }
    egui::ScrollArea::vertical()
        .id_salt(("evening", &state.path))
        .auto_shrink([false, false])
        .show(ui, |ui| {
            sections(ui, lang, &state.sections);
            cards(ui, lang, &state.cards);
        });
}

/// A table of rows under their headers.
fn grid(
    ui: &mut egui::Ui,
    id: impl std::hash::Hash + std::fmt::Debug,
    head: &[String],
    rows: &[Vec<String>],
) {
    egui::Grid::new(id)
        .striped(true)
        .num_columns(head.len())
        .show(ui, |ui| {
            for h in head {
                ui.label(RichText::new(h).strong());
            }
            ui.end_row();
            for r in rows {
                for c in r {
                    ui.label(c);
                }
                ui.end_row();
            }
        });
}

/// The evening's sections as every reader has them: the rankings and the match open, each
/// board's traveller folded under its heading.
fn sections(ui: &mut egui::Ui, lang: Lang, sections: &[(Part, Card)]) {
    let mut travellers = false;
    for (k, (part, c)) in sections.iter().enumerate() {
        match part {
            Part::Traveller => {
                if !travellers {
                    travellers = true;
                    ui.add_space(8.0);
                    ui.label(RichText::new(tr(lang, "club.view.travellers")).heading());
                }
                egui::CollapsingHeader::new(&c.title)
                    .id_salt(("traveller", k))
                    .show(ui, |ui| grid(ui, ("traveller-grid", k), &c.head, &c.rows));
            }
            Part::Headline => {
                let mut lines = c.title.lines();
                if let Some(first) = lines.next() {
                    ui.label(RichText::new(first).heading());
                }
                for l in lines {
                    ui.label(l);
                }
            }
            Part::Ranking | Part::Boards => {
                ui.add_space(6.0);
                ui.label(RichText::new(&c.title).heading());
                grid(ui, ("section", k), &c.head, &c.rows);
            }
        }
    }
}

/// The score cards (a pair's or a player's every board, its points, its total) and the guide
/// cards (each table's seating and boards, round by round), each folded under its title.
fn cards(ui: &mut egui::Ui, lang: Lang, (guides, scores): &Cards) {
    for (key, list) in [
        ("club.view.score_cards", scores),
        ("club.view.guide_cards", guides),
    ] {
        if list.is_empty() {
            continue;
        }
        ui.add_space(8.0);
        ui.label(RichText::new(tr(lang, key)).heading());
        for (k, c) in list.iter().enumerate() {
            egui::CollapsingHeader::new(&c.title)
                .id_salt((key, k))
                .show(ui, |ui| {
                    grid(ui, (key, k, "grid"), &c.head, &c.rows);
                    if let Some(f) = &c.foot {
                        ui.label(RichText::new(f).strong());
                    }
                });
        }
    }
}
