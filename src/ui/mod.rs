//! The desktop app. State lives in [`App`]; each screen is a module that draws it and turns
//! clicks into changes. Widgets read the score sheet; they never score.

mod forms;
mod home;
mod new_session;
mod rules;
mod sheet;
mod widgets;

use std::path::{Path, PathBuf};

use egui::{Key, KeyboardShortcut, Modifiers};
use serde::{Deserialize, Serialize};

use crate::games::GameKind;
use crate::history::{self, Action, Change, UndoStack};
use crate::i18n::{Lang, Msg, tr};
use crate::msg;
use crate::session::{Problem, Session, Sheet};
use crate::store::{self, Lock, Store, StoreError};

pub use forms::Form;
pub use new_session::{OptDesc, OptKind, options_of};
pub use rules::rule_ids;

/// What the table chose once and expects to find again: language, theme, text size, names.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Prefs {
    pub lang: Lang,
    pub dark: bool,
    pub zoom: f32,
    /// Player names typed before, most recent first.
    pub names: Vec<String>,
}

impl Default for Prefs {
    fn default() -> Self {
        Prefs {
            lang: Lang::Fr,
            dark: false,
            zoom: 1.3,
            names: Vec::new(),
        }
    }
}

impl Prefs {
    fn path(store: &Store) -> PathBuf {
        store.dir.join(".prefs.json")
    }
    fn load(store: &Store) -> Prefs {
        std::fs::read_to_string(Prefs::path(store))
            .ok()
            .and_then(|t| serde_json::from_str(&t).ok())
            .unwrap_or_default()
    }
    fn save(&self, store: &Store) {
        if std::fs::create_dir_all(&store.dir).is_ok()
            && let Ok(text) = serde_json::to_string_pretty(self)
        {
            let _ = store::write_atomic(&Prefs::path(store), text.as_bytes());
        }
    }
    /// Remembers names typed for a new session, most recent first.
    pub fn remember(&mut self, names: &[String]) {
        for n in names.iter().rev() {
            self.names.retain(|m| m != n);
            self.names.insert(0, n.clone());
        }
        self.names.truncate(40);
    }
}

/// Which screen is shown.
#[derive(Debug, Clone, PartialEq)]
pub enum Screen {
    Home,
    New(Box<new_session::NewSession>),
    Session,
    Rules {
        game: GameKind,
        focus: Option<String>,
    },
}

/// A session on screen: its file, the lock that lets this window write it, its sheet, undo.
pub struct Open {
    pub path: PathBuf,
    pub lock: Option<Lock>,
    pub session: Session,
    pub sheet: Sheet,
    pub undo: UndoStack,
    /// Why this window may not write (locked elsewhere, newer, finished…).
    pub read_only: Option<Msg>,
    pub selected: Option<usize>,
    /// The hand being edited (None: the form enters the next hand).
    pub editing: Option<usize>,
    pub form: Form,
    pub show_log: bool,
    /// Where to export, as typed.
    pub export_path: String,
    /// The last save failed: the session is kept in memory and this says why.
    pub save_error: Option<String>,
}

impl Open {
    fn new(
        path: &Path,
        session: Session,
        sheet: Sheet,
        lock: Option<Lock>,
        read_only: Option<Msg>,
    ) -> Open {
        let mut open = Open {
            path: path.to_path_buf(),
            lock,
            session,
            sheet,
            undo: UndoStack::default(),
            read_only,
            selected: None,
            editing: None,
            form: Form::Empty,
            show_log: false,
            export_path: String::new(),
            save_error: None,
        };
        if open.read_only.is_none() {
            open.form = open.fresh_form();
        }
        open
    }

    /// The sheet of the session without the hand being edited counts the same; the form enters
    /// hand `editing` or the next one.
    fn fresh_form(&self) -> Form {
        Form::new(&self.session, self.editing)
    }
}

pub struct App {
    pub store: Store,
    pub prefs: Prefs,
    pub screen: Screen,
    pub open: Option<Open>,
    /// A message shown on top until dismissed (moved a file aside, imported…).
    pub notice: Option<String>,
    pub home: home::HomeState,
    pub rules: rules::RulesState,
    prefs_applied: Option<Prefs>,
}

impl App {
    /// The app on a data folder (the user's, or a test's temporary one).
    pub fn new(dir: impl Into<PathBuf>) -> App {
        let store = Store::new(dir);
        let prefs = Prefs::load(&store);
        App {
            store,
            prefs,
            screen: Screen::Home,
            open: None,
            notice: None,
            home: home::HomeState::default(),
            rules: rules::RulesState::default(),
            prefs_applied: None,
        }
    }

    pub fn lang(&self) -> Lang {
        self.prefs.lang
    }

    pub fn t(&self, key: &str) -> String {
        tr(self.prefs.lang, key)
    }

    /// Draws the whole app.
    pub fn show(&mut self, ui: &mut egui::Ui) {
        self.apply_prefs(ui.ctx());
        self.shortcuts(ui.ctx());
        egui::Panel::top("top").show(ui, |ui| self.top_bar(ui));
        if let Some(n) = self.notice.clone() {
            egui::Panel::bottom("notice").show(ui, |ui| {
                ui.horizontal(|ui| {
                    ui.label(n);
                    if ui.button(self.t("ui.ok")).clicked() {
                        self.notice = None;
                    }
                });
            });
        }
        egui::CentralPanel::default().show(ui, |ui| match self.screen.clone() {
            Screen::Home => home::show(self, ui),
            Screen::New(_) => new_session::show(self, ui),
            Screen::Session => sheet::show(self, ui),
            Screen::Rules { game, focus } => rules::show(self, ui, game, focus),
        });
        let zoom = ui.ctx().zoom_factor();
        if (zoom - self.prefs.zoom).abs() > 0.001 {
            self.prefs.zoom = zoom;
            self.prefs.save(&self.store);
            self.prefs_applied = Some(self.prefs.clone());
        }
    }

    fn apply_prefs(&mut self, ctx: &egui::Context) {
        if self.prefs_applied.as_ref() == Some(&self.prefs) {
            return;
        }
        if self.prefs_applied.is_none() {
            install_fonts(ctx);
        }
        ctx.set_theme(if self.prefs.dark {
            egui::Theme::Dark
        } else {
            egui::Theme::Light
        });
        ctx.set_zoom_factor(self.prefs.zoom);
        self.prefs_applied = Some(self.prefs.clone());
    }

    fn top_bar(&mut self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            ui.heading("Marque");
            if self.screen != Screen::Home && ui.button(self.t("ui.home")).clicked() {
                self.go_home();
            }
            if ui.button(self.t("ui.rules")).clicked() {
                let game = self
                    .open
                    .as_ref()
                    .map(|o| o.session.game)
                    .unwrap_or(GameKind::Bridge);
                self.screen = Screen::Rules { game, focus: None };
            }
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                let other = if self.prefs.lang == Lang::Fr {
                    Lang::En
                } else {
                    Lang::Fr
                };
                let lang_label = if other == Lang::En {
                    "English"
                } else {
                    "Français"
                };
                if ui.button(lang_label).clicked() {
                    self.prefs.lang = other;
                    self.prefs.save(&self.store);
                }
                let theme = if self.prefs.dark {
                    self.t("ui.light")
                } else {
                    self.t("ui.dark")
                };
                if ui.button(theme).clicked() {
                    self.prefs.dark = !self.prefs.dark;
                    self.prefs.save(&self.store);
                }
                if ui
                    .button("A+")
                    .on_hover_text(self.t("ui.zoom_in"))
                    .clicked()
                {
                    self.prefs.zoom = (self.prefs.zoom + 0.1).min(3.0);
                    self.prefs.save(&self.store);
                }
                if ui
                    .button("A−")
                    .on_hover_text(self.t("ui.zoom_out"))
                    .clicked()
                {
                    self.prefs.zoom = (self.prefs.zoom - 0.1).max(0.6);
                    self.prefs.save(&self.store);
                }
            });
        });
    }

    fn shortcuts(&mut self, ctx: &egui::Context) {
        let undo = KeyboardShortcut::new(Modifiers::COMMAND, Key::Z);
        let redo_y = KeyboardShortcut::new(Modifiers::COMMAND, Key::Y);
        let redo_z = KeyboardShortcut::new(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
        let (u, r) = ctx.input_mut(|i| {
            let r = i.consume_shortcut(&redo_z) || i.consume_shortcut(&redo_y);
            (i.consume_shortcut(&undo), r)
        });
        if self.screen == Screen::Session {
            if u {
                self.undo();
            }
            if r {
                self.redo();
            }
        }
    }

    pub fn go_home(&mut self) {
        self.open = None;
        self.home.refresh();
        self.screen = Screen::Home;
    }

    /// Opens a session file: for writing if its lock is free and it is in progress.
    pub fn open_path(&mut self, path: &Path) {
        let session = match store::read_session(path) {
            Ok(s) => s,
            Err(e) => {
                self.notice = Some(self.store_error(&e));
                return;
            }
        };
        let sheet = match session.score() {
            Ok(s) => s,
            Err(p) => {
                self.notice = Some(render_problems(&p, self.lang()));
                return;
            }
        };
        // A bridge session goes on with a new rubber after a complete one, unless it was closed.
        let over = sheet.finished && (session.closed || session.game != GameKind::Bridge);
        let (lock, read_only) = if over {
            (None, Some(Msg::new("ui.read_only.finished")))
        } else {
            match Lock::acquire(path) {
                Ok(l) => (Some(l), None),
                Err(StoreError::Locked(note)) => {
                    (None, Some(msg!("ui.read_only.locked", note = note)))
                }
                Err(e) => (
                    None,
                    Some(msg!("ui.read_only.error", error = e.to_string())),
                ),
            }
        };
        if let Some(prev) = lock.as_ref().and_then(|l| l.taken_over.clone()) {
            self.notice = Some(msg!("ui.lock_taken_over", note = prev).render(self.lang()));
        }
        self.open = Some(Open::new(path, session, sheet, lock, read_only));
        self.screen = Screen::Session;
    }

    /// Opens a file written by a newer Marque, read-only, if its hands still read as version 1.
    pub fn open_newer(&mut self, path: &Path, version: u64) {
        let lang = self.lang();
        let shown = std::fs::read_to_string(path)
            .ok()
            .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).ok())
            .and_then(|mut v| {
                v["version"] = serde_json::json!(crate::session::VERSION);
                Session::from_value(&v).ok()
            })
            .and_then(|s| s.score().ok().map(|sheet| (s, sheet)));
        match shown {
            None => self.notice = Some(msg!("ui.newer_unreadable", version = version).render(lang)),
            Some((session, sheet)) => {
                let read_only = Some(msg!("ui.read_only.newer", version = version));
                self.open = Some(Open::new(path, session, sheet, None, read_only));
                self.screen = Screen::Session;
            }
        }
    }

    /// Writes the open session to a file of the user's choice; never over an existing file.
    pub fn export(&mut self) {
        let lang = self.lang();
        let Some(open) = self.open.as_ref() else {
            return;
        };
        let path = PathBuf::from(open.export_path.trim());
        self.notice = Some(if open.export_path.trim().is_empty() {
            tr(lang, "ui.export.no_path")
        } else if path.exists() {
            msg!("ui.export.exists", file = path.display().to_string()).render(lang)
        } else {
            match store::write_atomic(&path, open.session.to_json_string().as_bytes()) {
                Ok(()) => msg!("ui.export.done", file = path.display().to_string()).render(lang),
                Err(e) => msg!("ui.io_error", error = e.to_string()).render(lang),
            }
        });
    }

    /// Creates a session file and opens it.
    pub fn create(&mut self, session: Session) -> Result<(), String> {
        let (path, lock) =
            store::create(&self.store, &session).map_err(|e| self.store_error(&e))?;
        self.prefs.remember(&session.players);
        self.prefs.save(&self.store);
        drop(lock);
        self.open_path(&path);
        Ok(())
    }

    /// Applies a change to the open session, saves it at once and records it for undo.
    /// Returns the problems if the change is refused (nothing changes then).
    pub fn change(&mut self, change: Change, action: Action) -> Result<(), Vec<Problem>> {
        let lang = self.lang();
        let Some(open) = self.open.as_mut() else {
            return Ok(());
        };
        if open.read_only.is_some() {
            return Ok(());
        }
        let (session, sheet) = history::apply(&open.session, &change, action)?;
        open.session = session;
        open.sheet = sheet;
        match action {
            Action::Undo => open.undo.undone(),
            Action::Redo => open.undo.redone(),
            _ => open.undo.push(change),
        }
        open.save_error = match open.lock.as_ref() {
            Some(lock) => store::save(&open.path, &open.session, lock)
                .err()
                .map(|e| store_error(&e, lang)),
            None => None,
        };
        open.editing = None;
        open.selected = open.selected.filter(|&i| i < open.session.hands.len());
        open.form = open.fresh_form();
        Ok(())
    }

    pub fn undo(&mut self) {
        if let Some(c) = self.open.as_ref().and_then(|o| o.undo.peek_undo()) {
            let _ = self.change(c, Action::Undo);
        }
    }

    pub fn redo(&mut self) {
        if let Some(c) = self.open.as_ref().and_then(|o| o.undo.peek_redo()) {
            let _ = self.change(c, Action::Redo);
        }
    }

    /// Marks the open session as stopped by the players (closed) and saves it.
    pub fn close_session(&mut self) {
        let lang = self.lang();
        let Some(open) = self.open.as_mut() else {
            return;
        };
        let Some(lock) = open.lock.as_ref() else {
            return;
        };
        if let Ok((s, sheet)) = history::close(&open.session) {
            open.save_error = store::save(&open.path, &s, lock)
                .err()
                .map(|e| store_error(&e, lang));
            if open.save_error.is_none() {
                open.session = s;
                open.sheet = sheet;
                open.read_only = Some(Msg::new("ui.read_only.finished"));
                open.lock = None;
                open.form = Form::Empty;
            }
        }
    }

    fn store_error(&self, e: &StoreError) -> String {
        store_error(e, self.lang())
    }
}

/// egui's own fonts have no card suits (♣ ♦ ♥ ♠): DejaVu Sans, shipped in assets/, fills in.
fn install_fonts(ctx: &egui::Context) {
    use egui::epaint::text::InsertFontFamily;
    let families = [egui::FontFamily::Proportional, egui::FontFamily::Monospace]
        .into_iter()
        .map(|family| InsertFontFamily {
            family,
            priority: egui::FontPriority::Lowest,
        })
        .collect();
    let data = egui::FontData::from_static(include_bytes!("../../assets/fonts/DejaVuSans.ttf"));
    ctx.add_font(egui::FontInsert::new("dejavu-sans", data, families));
}

fn store_error(e: &StoreError, lang: Lang) -> String {
    match e {
        StoreError::Damaged(p) => render_problems(p, lang),
        StoreError::Newer(v) => msg!("store.newer", version = *v).render(lang),
        StoreError::Locked(note) => msg!("store.locked", note = note.as_str()).render(lang),
        StoreError::Io(e) => msg!("ui.io_error", error = e.to_string()).render(lang),
    }
}

pub fn render_problems(p: &[Problem], lang: Lang) -> String {
    p.iter()
        .map(|p| p.render(lang))
        .collect::<Vec<_>>()
        .join("\n")
}

/// eframe's side: the window runs [`App::show`].
pub struct EframeApp(pub App);

impl eframe::App for EframeApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.0.show(ui);
    }
}

/// Opens the window, on the home screen or on one session file.
pub fn run(file: Option<PathBuf>) -> eframe::Result {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_inner_size([1100.0, 760.0])
            .with_title("Marque"),
        ..Default::default()
    };
    let mut app = App::new(Store::default_dir());
    if let Some(f) = file {
        app.open_path(&f);
    }
    eframe::run_native(
        "Marque",
        options,
        Box::new(|_cc| Ok(Box::new(EframeApp(app)))),
    )
}
