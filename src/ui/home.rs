//! Home: sessions in progress first, then finished ones, damaged and newer files, a new session.

use std::path::PathBuf;

use egui::RichText;

use super::{App, Screen, new_session::NewSession};
use crate::i18n::tr;
use crate::msg;
use crate::session::Session;
use crate::store::{FileState, Listed};

#[derive(Default)]
pub struct HomeState {
    /// The files as last read, and the language their texts were written in.
    listed: Option<(Vec<Row>, crate::i18n::Lang)>,
    import_path: String,
}

/// One listed file, scored once when the list is read.
struct Row {
    path: PathBuf,
    kind: RowKind,
    modified: String,
}

enum RowKind {
    Session {
        session: Box<Session>,
        finished: bool,
        standing: String,
    },
    Damaged(String),
    Newer(u64),
}

impl HomeState {
    /// Reads the folder again next time the home screen shows.
    pub fn refresh(&mut self) {
        self.listed = None;
    }
}

fn rows(app: &App) -> Vec<Row> {
    let lang = app.lang();
    app.store
        .list()
        .into_iter()
        .map(
            |Listed {
                 path,
                 state,
                 modified,
             }| {
                let modified = modified
                    .map(|m| {
                        chrono::DateTime::<chrono::Local>::from(m)
                            .format("%Y-%m-%d %H:%M")
                            .to_string()
                    })
                    .unwrap_or_default();
                let kind = match state {
                    FileState::Fine(session) => {
                        let sheet = session.score().ok();
                        let finished = sheet.as_ref().is_some_and(|s| s.finished);
                        let standing = sheet
                            .map(|s| {
                                let totals: Vec<String> = s
                                    .sides
                                    .iter()
                                    .zip(&s.totals)
                                    .map(|(n, t)| format!("{n} {t}"))
                                    .collect();
                                if s.finished {
                                    let w: Vec<&str> =
                                        s.winners.iter().map(|&w| s.sides[w].as_str()).collect();
                                    msg!(
                                        "ui.home.won",
                                        winners = w.join(", "),
                                        totals = totals.join(", ")
                                    )
                                    .render(lang)
                                } else {
                                    totals.join(", ")
                                }
                            })
                            .unwrap_or_default();
                        RowKind::Session {
                            session,
                            finished,
                            standing,
                        }
                    }
                    FileState::Damaged(p) => RowKind::Damaged(super::render_problems(&p, lang)),
                    FileState::Newer(v) => RowKind::Newer(v),
                };
                Row {
                    path,
                    kind,
                    modified,
                }
            },
        )
        .collect()
}

pub fn show(app: &mut App, ui: &mut egui::Ui) {
    if app
        .home
        .listed
        .as_ref()
        .is_none_or(|(_, l)| *l != app.lang())
    {
        app.home.listed = Some((rows(app), app.lang()));
    }
    let lang = app.lang();
    let mut open = None;
    let mut aside = None;
    let mut newer: Option<(PathBuf, u64)> = None;
    let mut refresh = false;
    egui::ScrollArea::vertical().show(ui, |ui| {
        if ui
            .button(RichText::new(app.t("ui.home.new")).heading())
            .clicked()
        {
            app.screen = Screen::New(Box::new(NewSession::new(&app.prefs)));
        }
        ui.add_space(8.0);
        let listed = app
            .home
            .listed
            .as_ref()
            .map(|(v, _)| v.as_slice())
            .unwrap_or(&[]);
        for (title, want_finished) in [("ui.home.in_progress", false), ("ui.home.finished", true)] {
            ui.heading(tr(lang, title));
            let mut any = false;
            egui::Grid::new(title)
                .striped(true)
                .spacing([16.0, 6.0])
                .show(ui, |ui| {
                    for row in listed {
                        let RowKind::Session {
                            session,
                            finished,
                            standing,
                        } = &row.kind
                        else {
                            continue;
                        };
                        if *finished != want_finished {
                            continue;
                        }
                        any = true;
                        ui.label(RichText::new(tr(lang, session.game.name_key())).strong());
                        let key = if want_finished {
                            "ui.home.view"
                        } else {
                            "ui.home.resume"
                        };
                        let label = msg!(key, players = session.players.join(", ")).render(lang);
                        if ui.button(label).clicked() {
                            open = Some(row.path.clone());
                        }
                        ui.label(&row.modified);
                        ui.label(msg!("ui.home.hands", n = session.hands.len()).render(lang));
                        ui.label(standing);
                        ui.end_row();
                    }
                });
            if !any {
                ui.label(RichText::new(tr(lang, "ui.home.none")).weak());
            }
            ui.add_space(8.0);
        }
        let problems: Vec<&Row> = listed
            .iter()
            .filter(|r| !matches!(r.kind, RowKind::Session { .. }))
            .collect();
        if !problems.is_empty() {
            ui.heading(tr(lang, "ui.home.problems"));
            for row in problems {
                let name = row
                    .path
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default();
                ui.group(|ui| match &row.kind {
                    RowKind::Damaged(why) => {
                        ui.label(
                            RichText::new(
                                msg!("ui.home.damaged", file = name.as_str()).render(lang),
                            )
                            .strong(),
                        );
                        ui.label(why);
                        if ui
                            .button(msg!("ui.home.move_aside", file = name.as_str()).render(lang))
                            .clicked()
                        {
                            aside = Some(row.path.clone());
                        }
                    }
                    RowKind::Newer(v) => {
                        ui.label(
                            RichText::new(
                                msg!("ui.home.newer", file = name.as_str(), version = *v)
                                    .render(lang),
                            )
                            .strong(),
                        );
                        let open_it = msg!("ui.home.open_newer", file = name.as_str()).render(lang);
                        if ui.button(open_it).clicked() {
                            newer = Some((row.path.clone(), *v));
                        }
                    }
                    RowKind::Session { .. } => {}
                });
            }
            ui.add_space(8.0);
        }
        ui.heading(tr(lang, "ui.home.import"));
        ui.horizontal(|ui| {
            let l = ui.label(tr(lang, "ui.home.import_path"));
            ui.text_edit_singleline(&mut app.home.import_path)
                .labelled_by(l.id);
            if ui.button(tr(lang, "ui.home.import_button")).clicked() {
                let path = PathBuf::from(app.home.import_path.trim());
                app.notice = Some(match app.store.import(&path) {
                    Ok(p) => msg!("ui.home.imported", file = p.display().to_string()).render(lang),
                    Err(e) => super::store_error(&e, lang),
                });
                refresh = true;
            }
        });
        ui.label(
            RichText::new(
                msg!("ui.home.folder", path = app.store.dir.display().to_string()).render(lang),
            )
            .weak(),
        );
    });
    if let Some(p) = aside {
        app.notice = Some(match app.store.move_aside(&p) {
            Ok(dest) => msg!("ui.home.moved", file = dest.display().to_string()).render(lang),
            Err(e) => msg!("ui.io_error", error = e.to_string()).render(lang),
        });
        refresh = true;
    }
    if refresh {
        app.home.refresh();
    }
    if let Some((p, v)) = newer {
        app.open_newer(&p, v);
    }
    if let Some(p) = open {
        app.home.refresh();
        app.open_path(&p);
    }
}
