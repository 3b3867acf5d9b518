//! The desktop app's frame: the top bar, the notice bar, the shortcuts, and the screen shown,
//! each screen handed a narrow context (the language, the state it draws, what it reads, where
//! its commands go), never the [`App`] (`app.rs`), which carries the commands out after the
//! frame. Widgets read the score sheet; they never score.

mod app;
mod command;
mod counted;
mod dialogs;
mod evening;
mod evening_table;
mod files;
mod forms;
mod home;
mod new_evening;
mod new_session;
mod notice;
mod open;
mod players;
mod prefs;
mod ratings;
mod roster;
mod route;
mod rules;
pub mod scoreboard;
mod share;
mod sheet;
mod sync;
mod tables;
mod tap_guard;
mod view;
mod watch;
mod welcome;
mod widgets;

use std::path::PathBuf;

use egui::KeyboardShortcut;

use marque_store::Store;

pub use app::{App, Screen, TAP_GUARD_SECONDS};
pub use command::{Command, Entry, Evenings, FileFor, Files, Go, Look, Named, People, Share};
pub use dialogs::native_file_dialog;
pub use forms::Form;
pub use marque_core::games::{OptDesc, OptKind};
pub use new_session::options_of;
pub use notice::{Notice, render_problems};
pub use open::Open;
pub use prefs::{Prefs, ZOOM_MAX, ZOOM_MIN};
pub use rules::rule_ids;
pub use sheet::{chart_points, parts_of};

/// One frame as eframe runs it: the app's [`logic`], then the whole app drawn ([`draw`]).
pub fn frame(app: &mut App, ui: &mut egui::Ui) {
    logic(app, ui.ctx());
    draw(app, ui);
}

/// What the window does whether or not it is shown (eframe's `App::logic`, run also while the
/// window is hidden or minimized, whenever something asks for a frame): the folder's watcher
/// followed (a phone's word written by the room's server, a `marque add`, another machine's
/// change), the evening read, the jobs and the lists polled, and what they asked carried out.
/// It draws nothing.
pub fn logic(app: &mut App, ctx: &egui::Context) {
    app.ctx = ctx.clone();
    app.home.poll(ctx);
    if app
        .evening
        .as_mut()
        .is_some_and(|e| e.logic(app.prefs.lang, ctx))
    {
        app.evening_arrived();
    }
    app.poll_job(Some(ctx));
    if let Some(changed) = app.watch.changed(ctx) {
        app.send(Command::Files(Files::DiskChanged {
            people: changed.people,
        }));
    }
    app.run_commands();
}

/// Draws the whole app, then carries out what was asked.
pub fn draw(app: &mut App, ui: &mut egui::Ui) {
    app.now = ui.ctx().input(|i| i.time);
    app.ctx = ui.ctx().clone();
    app.apply_prefs(ui.ctx());
    shortcuts(app, ui.ctx());
    // A session file dropped on the window is imported (its own file in the data folder).
    let dropped: Vec<PathBuf> = ui.ctx().input(|i| {
        i.raw
            .dropped_files
            .iter()
            .map(|f| f.path().to_path_buf())
            .filter(|p| !p.as_os_str().is_empty())
            .collect()
    });
    for path in dropped {
        app.send(Command::Files(Files::Import(path)));
    }
    app.follow_tour();
    egui::Panel::top("top").show(ui, |ui| top_bar(app, ui));
    if let Some(step) = app.tour.filter(|_| app.screen == Screen::Session) {
        let game = app.open.as_ref().map(|o| o.doc.session().game);
        welcome::tour_ui(ui, app.prefs.lang, step, game, &mut app.commands);
    }
    notice_bar(app, ui);
    // The room's code in a panel of its own, before the screen: it covers none of its keys.
    if let Some(shared) = app.sharing.as_mut() {
        let lang = app.prefs.lang;
        let asking = match app.screen {
            // The evening's screen, or one of its tables': a code per table.
            Screen::Evening | Screen::Table => app.evening.as_ref().and_then(|e| {
                let session = crate::serve::evening_name(&app.store.dir, &e.path)?;
                Some(share::Asking {
                    session,
                    sides: Vec::new(),
                    tables: true,
                })
            }),
            _ => app.open.as_ref().and_then(|o| {
                let session = o.doc.session();
                let id = session.id.clone()?;
                let sides = session.game.side_names(&session.sides(), lang);
                Some(share::Asking {
                    session: id,
                    sides,
                    tables: false,
                })
            }),
        };
        share::panel(ui, lang, shared, asking, &mut app.commands);
    }
    egui::CentralPanel::default().show(ui, |ui| match app.screen.clone() {
        Screen::Home => {
            let cx = home::Ctx {
                lang: app.prefs.lang,
                folder: &app.store.dir,
                busy: app.is_busy(),
                state: &mut app.home,
                commands: &mut app.commands,
            };
            home::show(ui, cx);
        }
        Screen::New(_) => {
            let people = app.prefs.people();
            if let Screen::New(ns) = &mut app.screen {
                new_session::show(ui, app.prefs.lang, &people, ns, &mut app.commands);
            }
        }
        Screen::Session => {
            // A table of an evening (a Tarot concours's): the way back to its evening.
            let evening = app.evening.as_ref().map(|e| e.path.clone());
            let table = app.open.as_ref().is_some_and(|o| {
                o.doc.is_a_table()
                    && o.doc.path().parent() == evening.as_deref().and_then(|e| e.parent())
            });
            if let (Some(path), true) = (evening, table)
                && ui
                    .button(marque_core::i18n::tr(app.prefs.lang, "ui.table.back"))
                    .clicked()
            {
                app.commands.push(Command::Evenings(Evenings::Open(path)));
            }
            let copies = app
                .open
                .as_ref()
                .map_or(0, |o| home::listed_copies(&app.home, o.doc.path()));
            let cx = sheet::Ctx {
                lang: app.prefs.lang,
                open: app.open.as_mut().map(Open::shown),
                scoreboard: (app.scoreboard, app.sharing.is_some()),
                copies,
                commands: &mut app.commands,
            };
            sheet::show(ui, cx);
        }
        Screen::Rules { game, focus } => {
            let cx = rules::Ctx {
                lang: app.prefs.lang,
                in_session: app.open.is_some(),
                state: &mut app.rules,
                commands: &mut app.commands,
            };
            rules::show(ui, cx, game, focus);
        }
        Screen::NewEvening(_) => {
            if let Screen::NewEvening(form) = &mut app.screen {
                new_evening::show(ui, app.prefs.lang, form, &mut app.commands);
            }
        }
        Screen::Evening => {
            let cx = evening::Ctx {
                lang: app.prefs.lang,
                state: app.evening.as_ref(),
                sharing: app.sharing.is_some(),
                commands: &mut app.commands,
            };
            evening::show(ui, cx);
        }
        Screen::Table => {
            if let Some(t) = app.table.as_mut() {
                evening_table::show(ui, app.prefs.lang, t, &mut app.commands);
            }
        }
        Screen::Players => {
            let cx = players::Ctx {
                lang: app.prefs.lang,
                prefs: &app.prefs,
                listed: app.home.counted(),
                state: &mut app.players,
                commands: &mut app.commands,
            };
            players::show(ui, cx);
        }
    });
    let lang = app.prefs.lang;
    let board = app.open.as_ref().filter(|_| app.scoreboard);
    let sharing = app.sharing.is_some();
    scoreboard::show(ui.ctx(), lang, board, sharing, &mut app.commands);
    if let Some(dialog) = app.merging.as_mut() {
        sync::merge_dialog_ui(ui.ctx(), lang, dialog, &mut app.commands);
    }
    // The size egui set itself (Ctrl and the wheel, a pinch): kept before what the frame's
    // keys asked (a tap on "A+" in the same frame comes after it).
    let zoom = ui.ctx().zoom_factor();
    if (zoom - app.prefs.zoom).abs() > 0.001 {
        app.commands.insert(0, Command::Look(Look::Zoomed(zoom)));
    }
    app.run_commands();
}

/// The notice bar at the window's foot: always there and always as tall (two lines), so
/// that a notice coming or going moves no key. A longer notice is cut at two lines, whole
/// on hover and for screen readers. Rendered every frame: it follows a change of language.
fn notice_bar(app: &mut App, ui: &mut egui::Ui) {
    let text = app.notice.as_ref().map(|n| n.render(app.lang()));
    let line = ui.text_style_height(&egui::TextStyle::Body);
    let s = ui.spacing();
    let key = s
        .interact_size
        .y
        .max(ui.text_style_height(&egui::TextStyle::Button) + 2.0 * s.button_padding.y);
    let height = (2.0 * line + 4.0).max(key) + 2.0 * s.item_spacing.y;
    let ok = app.t("ui.ok");
    let mut dismiss = false;
    egui::Panel::bottom("notice")
        .exact_size(height)
        .resizable(false)
        .show(ui, |ui| {
            let Some(text) = text else {
                return;
            };
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                dismiss = ui.button(ok).clicked();
                let mut job = egui::text::LayoutJob::simple(
                    text.clone(),
                    egui::TextStyle::Body.resolve(ui.style()),
                    ui.visuals().text_color(),
                    ui.available_width(),
                );
                job.wrap.max_rows = 2;
                job.halign = egui::Align::LEFT;
                ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
                    ui.add(egui::Label::new(job))
                        .on_hover_text(&text)
                        .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &text));
                });
            });
        });
    if dismiss {
        app.send(Command::Named(Named::DismissNotice));
    }
}

fn top_bar(app: &mut App, ui: &mut egui::Ui) {
    ui.horizontal(|ui| {
        ui.heading("Marque");
        // The same three keys on every screen, in the same places (the current one marked):
        // a second tap never lands on another screen's key.
        let here = (
            app.screen == Screen::Home,
            matches!(app.screen, Screen::Rules { .. }),
            app.screen == Screen::Players,
        );
        let lang = app.prefs.lang;
        for (named, selected) in [
            (Named::Home, here.0),
            (Named::Rules, here.1),
            (Named::Players, here.2),
        ] {
            let key = egui::Button::new(named.text(lang, false)).selected(selected);
            // The rules' key on the rules' screen changes nothing (their game stays).
            if ui.add(key).clicked() && !(selected && named == Named::Rules) {
                app.send(named.into());
            }
        }
        // Right to left: the text-size keys at the very edge, so that a tap that resizes
        // everything leaves them (nearly) where they were, and a label that changes width
        // (the theme's, the language's) has nothing to its right to push.
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            for (text, named) in [("A+", Named::ZoomIn), ("A−", Named::ZoomOut)] {
                let hover = named.text(lang, false);
                if ui.button(text).on_hover_text(hover).clicked() {
                    app.send(named.into());
                }
            }
            for (named, on) in [
                (Named::ToggleTheme, app.prefs.dark),
                (Named::ToggleLang, false),
            ] {
                if ui.button(named.text(lang, on)).clicked() {
                    app.send(named.into());
                }
            }
        });
    });
}

fn shortcuts(app: &mut App, ctx: &egui::Context) {
    if app.screen != Screen::Session {
        return;
    }
    // The longer shortcuts first: Ctrl+Shift+Z is redo, not undo.
    let mut all: Vec<(&KeyboardShortcut, Named)> = Named::ALL
        .iter()
        .flat_map(|n| n.keys().iter().map(move |k| (k, *n)))
        .collect();
    all.sort_by_key(|(k, _)| std::cmp::Reverse(k.modifiers.shift));
    let pressed: Vec<Named> = ctx.input_mut(|i| {
        all.iter()
            .filter(|(k, _)| i.consume_shortcut(k))
            .map(|(_, n)| *n)
            .collect()
    });
    for n in pressed {
        app.send(n.into());
    }
}

/// eframe's side: the window runs [`frame`].
pub struct EframeApp(pub App);

impl eframe::App for EframeApp {
    fn logic(&mut self, ctx: &egui::Context, _frame: &mut eframe::Frame) {
        logic(&mut self.0, ctx);
    }
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        draw(&mut self.0, ui);
    }
    fn raw_input_hook(&mut self, _ctx: &egui::Context, raw: &mut egui::RawInput) {
        self.0.guard_input(raw);
    }
}

/// Opens the window, on the home screen or on one session file.
pub fn run(file: Option<PathBuf>) -> eframe::Result {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            // Fits a 1024×600 screen with its title bar and task bar; larger screens resize it.
            .with_inner_size([1000.0, 540.0])
            .with_min_inner_size([640.0, 420.0])
            .with_title("Marque")
            // The desktop entry's StartupWMClass: the window is the menu's Marque.
            .with_app_id("marque")
            .with_icon(std::sync::Arc::new(
                eframe::icon_data::from_png_bytes(include_bytes!(
                    "../../assets/icons/marque-128.png"
                ))
                .unwrap_or_default(),
            )),
        ..Default::default()
    };
    let app = App::starting(Store::default_dir(), file.as_deref());
    eframe::run_native(
        "Marque",
        options,
        Box::new(|_cc| Ok(Box::new(EframeApp(app)))),
    )
}
