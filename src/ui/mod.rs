//! The desktop app. State lives in [`App`]; each screen is a module that draws it and turns
//! clicks into changes. Widgets read the score sheet; they never score.

mod forms;
mod home;
mod new_session;
mod players;
mod rules;
pub mod scoreboard;
mod sheet;
mod widgets;

use std::path::{Path, PathBuf};

use egui::{Key, KeyboardShortcut, Modifiers};
use serde::{Deserialize, Serialize};

use crate::games::{GameHand, GameKind, Live};
use crate::history::{self, Action, Change, UndoStack};
use crate::i18n::{Lang, Msg, tr};
use crate::session::{Preview, Problem, Session, Sheet};
use crate::store::{self, Lock, Stamp, Store, StoreError};
use marque_core::msg;

pub use crate::games::{OptDesc, OptKind};
pub use forms::Form;
pub use new_session::options_of;
pub use rules::rule_ids;
pub use sheet::{chart_points, rubbers_of};

/// What the table chose once and expects to find again: language, theme, text size, names.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Prefs {
    pub lang: Lang,
    pub dark: bool,
    pub zoom: f32,
    /// Player names typed before, most recent first.
    pub names: Vec<String>,
    /// Names merged by hand into one person for statistics: `[name, the person it is]`.
    pub merged: Vec<[String; 2]>,
}

impl Default for Prefs {
    fn default() -> Self {
        Prefs {
            lang: Lang::Fr,
            dark: false,
            zoom: 1.3,
            names: Vec::new(),
            merged: Vec::new(),
        }
    }
}

/// Not a notice: the preferences file does not exist yet (the text size then follows the screen).
const FIRST_RUN: &str = "";

impl Prefs {
    fn path(store: &Store) -> PathBuf {
        store.dir.join(".prefs.json")
    }
    /// The preferences, and a notice if some could not be used: a hand-edited or damaged file
    /// never stops the app, its unusable values take their defaults.
    fn load(store: &Store) -> (Prefs, Option<Msg>) {
        // Never waits on what is there (a FIFO), never reads more than a preferences file holds.
        let text = match store::read_file(&Prefs::path(store), store::MAX_PREFS_BYTES) {
            Ok(t) => t,
            Err(store::StoreError::Io(e)) if e.kind() == std::io::ErrorKind::NotFound => {
                return (Prefs::default(), Some(Msg::new(FIRST_RUN)));
            }
            Err(_) => return (Prefs::default(), Some(Msg::new("ui.prefs.damaged"))),
        };
        let Ok(mut p) = serde_json::from_slice::<Prefs>(&text) else {
            return (Prefs::default(), Some(Msg::new("ui.prefs.damaged")));
        };
        let mut notice = None;
        if !(ZOOM_MIN..=ZOOM_MAX).contains(&p.zoom) {
            p.zoom = Prefs::default().zoom;
            notice = Some(Msg::new("ui.prefs.reset"));
        }
        (p, notice)
    }
    /// The preferences kept in a data folder, defaults where they cannot be read.
    pub fn read(store: &Store) -> Prefs {
        Prefs::load(store).0
    }
    fn save(&self, store: &Store) {
        if std::fs::create_dir_all(&store.dir).is_ok()
            && let Ok(text) = serde_json::to_string_pretty(self)
        {
            let _ = store::write_atomic(&Prefs::path(store), text.as_bytes());
        }
    }
    /// Who is who for statistics: the names merged by hand.
    pub fn people(&self) -> marque_core::stats::People {
        marque_core::stats::People::new(self.merged.iter().map(|[a, b]| (a.as_str(), b.as_str())))
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

/// The text sizes the app allows (its zoom factor).
pub const ZOOM_MIN: f32 = 0.6;
pub const ZOOM_MAX: f32 = 3.0;

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
    Players,
}

/// Every change the app makes, from a button, a menu, a key or a screen: screens read the
/// document and emit commands; [`App::run_commands`] carries them out after the frame is drawn.
#[derive(Debug, Clone)]
pub enum Command {
    Home,
    NewSession,
    Rules {
        game: GameKind,
        focus: Option<String>,
    },
    BackToSession,
    /// The players' screen: the roster, per game, and two players' sessions together.
    Players,
    /// Statistics count the first name as the same person as the second (kept in the
    /// preferences; no session is rewritten).
    MergePlayers(String, String),
    /// A name merged by hand counts as its own person again.
    SplitPlayer(String),
    Open(PathBuf),
    OpenNewer(PathBuf, u64),
    Create(Box<Session>),
    /// The hand of the form: added, or in place of the hand being edited.
    Confirm(GameHand),
    Delete(usize),
    Undo,
    Redo,
    Restore(Change),
    CloseSession,
    /// Ask to open a session the players closed again (a confirmation follows).
    AskReopen,
    /// Open it again: logged, and the form comes back.
    Reopen,
    CancelReopen,
    /// Bridge: the rubber is over and the table goes on with another one (the form comes back).
    NextRubber,
    /// Show or close the scoreboard window for the room.
    ToggleScoreboard,
    /// Show or hide the chart of the running totals.
    ToggleChart,
    /// Bridge: the chart of this rubber (`usize::MAX`: of the whole evening).
    ChartRubber(usize),
    /// The session's title and note, as typed, saved.
    SetTitle,
    /// The other side's word on hand `i`: agreed, or not.
    Word(usize, bool),
    /// The options tried in "what if" become the session's, for every hand (logged).
    ApplyOptions,
    Export,
    /// The open session as a printable PDF, to the path typed.
    ExportPdf,
    Select(usize),
    /// What if this option had another value (for the count of a hand, nothing is saved);
    /// `None` goes back to the session's own options.
    WhatIf(Option<(String, serde_json::Value)>),
    Edit(usize),
    CancelEdit,
    ToggleLog,
    Import(PathBuf),
    /// A session file to another shelf: archived, in the trash, or back among the sessions.
    Shelve(PathBuf, crate::store::Shelf),
    /// A session just moved from the list shown goes back (`home.moved[i]`).
    Unshelve(usize),
    /// The home screen lists this shelf.
    HomeShelf(crate::store::Shelf),
    /// Every session of the data folder into one backup file (never over a file).
    Backup(PathBuf),
    /// The sessions of a backup file put back (never over a session).
    RestoreBackup(PathBuf),
    /// Ask the desktop for a file for this (the native dialog); the typed path stays beside it.
    Browse(FileFor),
    MoveAside(PathBuf),
    ToggleLang,
    ToggleTheme,
    ZoomIn,
    ZoomOut,
    DismissNotice,
}

/// What a file is asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileFor {
    Import,
    Backup,
    Restore,
    Export,
    ExportPdf,
}

/// Asks the desktop for a file (`suggested`: a name to save under); `None` when cancelled or
/// when no dialog could open. Runs on a thread of its own: the window stays live meanwhile.
pub type AskFile = fn(FileFor, Lang, Option<String>) -> Option<PathBuf>;

/// The native file dialog: the XDG desktop portal on Linux (or zenity), the system's own
/// elsewhere.
pub fn native_file_dialog(
    purpose: FileFor,
    lang: Lang,
    suggested: Option<String>,
) -> Option<PathBuf> {
    let title = tr(
        lang,
        match purpose {
            FileFor::Import => "ui.dialog.import",
            FileFor::Backup => "ui.dialog.backup",
            FileFor::Restore => "ui.dialog.restore",
            FileFor::Export => "ui.dialog.export",
            FileFor::ExportPdf => "ui.dialog.export_pdf",
        },
    );
    let mut d = rfd::FileDialog::new().set_title(title);
    if let Some(u) = directories::UserDirs::new() {
        d = d.set_directory(u.document_dir().unwrap_or(u.home_dir()));
    }
    if let Some(name) = suggested {
        d = d.set_file_name(name);
    }
    match purpose {
        FileFor::Import | FileFor::Restore => d.add_filter("JSON", &["json"]).pick_file(),
        FileFor::Backup => d.add_filter("JSON", &["json"]).save_file(),
        FileFor::Export => d
            .add_filter("JSON", &["json"])
            .add_filter("CSV", &["csv"])
            .add_filter("PDF", &["pdf"])
            .save_file(),
        FileFor::ExportPdf => d.add_filter("PDF", &["pdf"]).save_file(),
    }
}

/// The commands that have a name, a button and a key: the one list the top bar, the session
/// screen and the keyboard read.
/// Makes a command without arguments.
pub type MakeCommand = fn() -> Command;

pub struct Named {
    pub command: MakeCommand,
    /// The key of the button's text.
    pub label: &'static str,
    pub keys: &'static [KeyboardShortcut],
}

pub const UNDO: Named = Named {
    command: || Command::Undo,
    label: "ui.undo",
    keys: &[KeyboardShortcut::new(Modifiers::COMMAND, Key::Z)],
};
pub const REDO: Named = Named {
    command: || Command::Redo,
    label: "ui.redo",
    keys: &[
        KeyboardShortcut::new(Modifiers::COMMAND, Key::Y),
        KeyboardShortcut::new(Modifiers::COMMAND.plus(Modifiers::SHIFT), Key::Z),
    ],
};
pub const ZOOM_IN: Named = Named {
    command: || Command::ZoomIn,
    label: "ui.zoom_in",
    keys: &[],
};
pub const ZOOM_OUT: Named = Named {
    command: || Command::ZoomOut,
    label: "ui.zoom_out",
    keys: &[],
};
/// Every named command, for the keyboard.
pub const NAMED: [&Named; 4] = [&UNDO, &REDO, &ZOOM_IN, &ZOOM_OUT];

/// The open session file: what is saved. Nothing here is view state.
pub struct Doc {
    pub path: PathBuf,
    /// The right to write the file; None when this window only reads it.
    pub lock: Option<Lock>,
    /// The file as last read or written: a save over anything else is refused.
    pub stamp: Stamp,
    pub session: Session,
    pub sheet: Sheet,
    pub undo: UndoStack,
}

/// A session on screen: the document and how it is shown.
pub struct Open {
    pub doc: Doc,
    /// Why this window may not write (locked elsewhere, newer, finished…).
    pub read_only: Option<Msg>,
    pub selected: Option<usize>,
    /// The hand being edited (None: the form enters the next hand).
    pub editing: Option<usize>,
    pub form: Form,
    /// The game before the hand the form enters, computed when the form is made.
    pub before: Live,
    /// The last hand the form gave and what it would add: computed when the hand changes.
    pub preview: Option<(GameHand, Result<Preview, Vec<Problem>>)>,
    /// The hand the form gave at its last frame, if it is complete: what the confirm area at
    /// the foot of the entry panel previews and confirms.
    pub candidate: forms::Entry,
    /// How the table enters hands (kept from one hand's form to the next).
    pub modes: forms::Modes,
    /// The form was just made: it is shown from its top.
    pub form_top: bool,
    /// Where the form was drawn at the last frame, and the part of the screen it is seen in
    /// (for tests that check every key lies in view).
    pub form_area: Option<(egui::Rect, egui::Rect)>,
    /// The most room the preview under the form has taken for this hand (kept taken).
    pub preview_room: f32,
    /// The form enters a hand being edited (its modes are not the table's).
    form_edits: bool,
    pub show_log: bool,
    /// The chart of the running totals is shown.
    pub show_chart: bool,
    /// Bridge: which rubber the chart shows (`None`: the one being played; past the last: the
    /// whole evening).
    pub chart_rubber: Option<usize>,
    /// The session's title and note as typed (saved by [`Command::SetTitle`]).
    pub title: String,
    pub note: String,
    /// Where to export, as typed.
    pub export_path: String,
    /// The last save failed: the session is kept in memory and this says why.
    pub save_error: Option<String>,
    /// The sheet's rows as text, made when the sheet or the language changes.
    pub rows: sheet::Rows,
    /// The table was asked whether to open this closed session again.
    pub confirm_reopen: bool,
    /// Bridge: after a complete rubber, the table chose "next rubber" (else it is asked).
    pub next_rubber: bool,
    /// Options changed to see what the session would give under them (nothing is saved).
    pub whatif: serde_json::Map<String, serde_json::Value>,
}

impl Open {
    fn new(path: &Path, loaded: store::Loaded, lock: Option<Lock>, read_only: Option<Msg>) -> Open {
        let store::Loaded {
            session,
            sheet,
            stamp,
        } = loaded;
        let before = sheet.open_game().clone();
        let mut open = Open {
            doc: Doc {
                path: path.to_path_buf(),
                lock,
                stamp,
                session,
                sheet,
                undo: UndoStack::default(),
            },
            read_only,
            selected: None,
            editing: None,
            form: Form::empty(),
            before,
            preview: None,
            show_log: false,
            show_chart: false,
            chart_rubber: None,
            title: String::new(),
            note: String::new(),
            export_path: String::new(),
            save_error: None,
            rows: sheet::Rows::default(),
            confirm_reopen: false,
            next_rubber: false,
            candidate: Err(Msg::new("ui.form.incomplete")),
            modes: forms::Modes::default(),
            form_top: true,
            form_edits: false,
            form_area: None,
            preview_room: 0.0,
            whatif: serde_json::Map::new(),
        };
        open.title = open.doc.session.text_field("title").unwrap_or_default();
        open.note = open.doc.session.text_field("note").unwrap_or_default();
        open.reset_form();
        // A session opens at its top; each hand after it starts at the form's.
        open.form_top = false;
        open
    }

    /// A fresh form for the next hand, or for hand `editing`.
    fn reset_form(&mut self) {
        self.preview = None;
        self.form_top = true;
        self.preview_room = 0.0;
        // Nothing to confirm until the new form has drawn: a tap or Ctrl+Enter in the frame
        // right after a confirm never confirms the old hand again.
        self.candidate = Err(Msg::new("ui.form.incomplete"));
        if !self.form_edits {
            self.form.keep_modes(&mut self.modes);
        }
        self.form_edits = self.editing.is_some();
        let doc = &self.doc;
        // After a complete rubber the table says whether another one follows.
        let more = !doc.sheet.natural_end || self.next_rubber;
        if self.read_only.is_some() || !(more || self.editing.is_some()) {
            self.form = Form::empty();
            return;
        }
        self.before = match self.editing {
            Some(i) => doc.sheet.before(i, &doc.session.hands).live().clone(),
            None => doc.sheet.open_game().clone(),
        };
        self.form = Form::new(&doc.session, self.editing, self.modes);
    }

    /// What `hand` would add where the form enters it; computed once per hand given.
    pub fn preview_of(&mut self, hand: GameHand) -> &Result<Preview, Vec<Problem>> {
        if self.preview.as_ref().is_none_or(|(h, _)| *h != hand) {
            let doc = &self.doc;
            let index = self.editing.unwrap_or(doc.session.hands.len());
            let result = doc.sheet.preview(&doc.session.hands, index, &hand);
            self.preview = Some((hand, result));
        }
        match &self.preview {
            Some((_, r)) => r,
            None => unreachable!("set just above"),
        }
    }
}

pub struct App {
    pub store: Store,
    pub prefs: Prefs,
    pub screen: Screen,
    pub open: Option<Open>,
    /// A message shown on top until dismissed (moved a file aside, imported…).
    pub notice: Option<Notice>,
    /// The scoreboard window is shown (while a session is open).
    pub scoreboard: bool,
    /// Work over the whole folder under way on another thread, and where its outcome comes.
    job: Option<std::sync::mpsc::Receiver<Result<Msg, StoreError>>>,
    /// A file dialog open, what for, and the session it was opened on (an export is of it).
    dialog: Option<(
        FileFor,
        Option<PathBuf>,
        std::sync::mpsc::Receiver<Option<PathBuf>>,
    )>,
    /// How a file is asked for: the native dialog (tests put their own).
    pub ask_file: AskFile,
    pub home: home::HomeState,
    pub rules: rules::RulesState,
    pub players: players::PlayersState,
    prefs_applied: Option<Prefs>,
    /// No preferences yet: the first frame that knows the screen's size sets the text size
    /// from it (larger on a large screen, to be read across the table).
    zoom_from_screen: bool,
    commands: Vec<Command>,
    /// A tap changed the layout under the pointer: until this time (the input's clock), presses
    /// are let go, so that the second tap of a double tap lands on nothing new.
    guard_until: Option<f64>,
    /// The input's clock at the last frame.
    now: f64,
    /// A press was let go by the guard: its release is too.
    press_let_go: bool,
}

/// How long presses are let go after a tap that changes the layout under the pointer: longer
/// than the gap between the two taps of a double tap, shorter than a deliberate next tap.
pub const TAP_GUARD_SECONDS: f64 = 0.4;

impl App {
    /// The app on a data folder (the user's, or a test's temporary one).
    pub fn new(dir: impl Into<PathBuf>) -> App {
        crate::init_texts();
        let store = Store::new(dir);
        let (prefs, prefs_notice) = Prefs::load(&store);
        let first_run = prefs_notice.as_ref().is_some_and(|m| m.key == FIRST_RUN);
        let notice = prefs_notice.filter(|_| !first_run).map(Notice::from);
        let mut home = home::HomeState::default();
        home.refresh(&store);
        App {
            store,
            prefs,
            screen: Screen::Home,
            open: None,
            notice,
            scoreboard: false,
            job: None,
            dialog: None,
            ask_file: native_file_dialog,
            home,
            rules: rules::RulesState::default(),
            players: players::PlayersState::default(),
            prefs_applied: None,
            zoom_from_screen: first_run,
            commands: Vec::new(),
            guard_until: None,
            now: 0.0,
            press_let_go: false,
        }
    }

    pub fn lang(&self) -> Lang {
        self.prefs.lang
    }

    pub fn t(&self, key: &str) -> String {
        tr(self.prefs.lang, key)
    }

    /// Asks for a change; it is made after the frame is drawn.
    pub fn send(&mut self, c: Command) {
        self.commands.push(c);
    }

    /// A button for a named command.
    pub fn named_button(&mut self, ui: &mut egui::Ui, named: &Named, enabled: bool) {
        let mut b = ui.add_enabled(enabled, egui::Button::new(self.t(named.label)));
        if let Some(k) = named.keys.first() {
            b = b.on_hover_text(ui.ctx().format_shortcut(k));
        }
        if b.clicked() {
            self.send((named.command)());
        }
    }

    /// Draws the whole app, then carries out what was asked.
    pub fn show(&mut self, ui: &mut egui::Ui) {
        self.now = ui.ctx().input(|i| i.time);
        self.apply_prefs(ui.ctx());
        self.shortcuts(ui.ctx());
        self.home.poll(ui.ctx());
        self.poll_job(Some(ui.ctx()));
        egui::Panel::top("top").show(ui, |ui| self.top_bar(ui));
        // Rendered every frame: a notice follows a change of language.
        if let Some(n) = self.notice.as_ref().map(|n| n.render(self.lang())) {
            egui::Panel::bottom("notice").show(ui, |ui| {
                ui.horizontal_wrapped(|ui| {
                    ui.label(n);
                    if ui.button(self.t("ui.ok")).clicked() {
                        self.send(Command::DismissNotice);
                    }
                });
            });
        }
        egui::CentralPanel::default().show(ui, |ui| match self.screen.clone() {
            Screen::Home => home::show(self, ui),
            Screen::New(_) => new_session::show(self, ui),
            Screen::Session => sheet::show(self, ui),
            Screen::Rules { game, focus } => rules::show(self, ui, game, focus),
            Screen::Players => players::show(self, ui),
        });
        scoreboard::show(self, ui.ctx());
        let zoom = ui.ctx().zoom_factor();
        if (zoom - self.prefs.zoom).abs() > 0.001 {
            self.prefs.zoom = zoom.clamp(ZOOM_MIN, ZOOM_MAX);
            self.prefs.save(&self.store);
            self.prefs_applied = Some(self.prefs.clone());
        }
        self.run_commands();
    }

    fn apply_prefs(&mut self, ctx: &egui::Context) {
        if self.zoom_from_screen
            && let Some(screen) = ctx.input(|i| i.viewport().monitor_size)
        {
            self.zoom_from_screen = false;
            // 1 on a 600-pixel-high screen, 1.5 on 1080, 2 from 1440.
            self.prefs.zoom = (screen.y / 720.0).clamp(1.0, 2.0).clamp(ZOOM_MIN, ZOOM_MAX);
        }
        if self.prefs_applied.as_ref() == Some(&self.prefs) {
            return;
        }
        if self.prefs_applied.is_none() {
            install_fonts(ctx);
            // Scroll bars take their own room: a floating bar would lie over a row's last key.
            ctx.all_styles_mut(|s| s.spacing.scroll = egui::style::ScrollStyle::solid());
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
            // The same three keys on every screen, in the same places (the current one marked):
            // a second tap never lands on another screen's key.
            let here = (
                self.screen == Screen::Home,
                matches!(self.screen, Screen::Rules { .. }),
                self.screen == Screen::Players,
            );
            if ui
                .add(egui::Button::new(self.t("ui.home")).selected(here.0))
                .clicked()
            {
                self.send(Command::Home);
            }
            if ui
                .add(egui::Button::new(self.t("ui.rules")).selected(here.1))
                .clicked()
                && !here.1
            {
                let game = self
                    .open
                    .as_ref()
                    .map(|o| o.doc.session.game)
                    .unwrap_or(GameKind::ALL[0]);
                self.send(Command::Rules { game, focus: None });
            }
            if ui
                .add(egui::Button::new(self.t("ui.players")).selected(here.2))
                .clicked()
            {
                self.send(Command::Players);
            }
            // Right to left: the text-size keys at the very edge, so that a tap that resizes
            // everything leaves them (nearly) where they were, and a label that changes width
            // (the theme's, the language's) has nothing to its right to push.
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                for (text, named) in [("A+", &ZOOM_IN), ("A−", &ZOOM_OUT)] {
                    if ui.button(text).on_hover_text(self.t(named.label)).clicked() {
                        self.send((named.command)());
                    }
                }
                let theme = if self.prefs.dark {
                    self.t("ui.light")
                } else {
                    self.t("ui.dark")
                };
                if ui.button(theme).clicked() {
                    self.send(Command::ToggleTheme);
                }
                let lang_label = if self.prefs.lang == Lang::Fr {
                    "English"
                } else {
                    "Français"
                };
                if ui.button(lang_label).clicked() {
                    self.send(Command::ToggleLang);
                }
            });
        });
    }

    fn shortcuts(&mut self, ctx: &egui::Context) {
        if self.screen != Screen::Session {
            return;
        }
        // The longer shortcuts first: Ctrl+Shift+Z is redo, not undo.
        let mut all: Vec<(&KeyboardShortcut, MakeCommand)> = NAMED
            .iter()
            .flat_map(|n| n.keys.iter().map(move |k| (k, n.command)))
            .collect();
        all.sort_by_key(|(k, _)| std::cmp::Reverse(k.modifiers.shift));
        let pressed: Vec<MakeCommand> = ctx.input_mut(|i| {
            all.iter()
                .filter(|(k, _)| i.consume_shortcut(k))
                .map(|(_, c)| *c)
                .collect()
        });
        for c in pressed {
            self.send(c());
        }
    }

    /// Carries out every command asked for during the frame: the one place where the app
    /// changes.
    pub fn run_commands(&mut self) {
        for c in std::mem::take(&mut self.commands) {
            self.run(c);
        }
    }

    /// Lets go the presses of a tap's second half after a tap that changed the layout under the
    /// pointer ([`TAP_GUARD_SECONDS`]); the pointer's moves and every key go through.
    pub fn guard_input(&mut self, raw: &mut egui::RawInput) {
        if let Some(until) = self.guard_until
            && raw.time.is_some_and(|t| t >= until)
        {
            self.guard_until = None;
        }
        let guarded = self.guard_until.is_some();
        let held = &mut self.press_let_go;
        raw.events.retain(|e| match e {
            // A press in the guard is let go, and so is its release, whenever it comes.
            egui::Event::PointerButton { pressed: true, .. } if guarded => {
                *held = true;
                false
            }
            egui::Event::PointerButton { pressed: false, .. } if *held => {
                *held = false;
                false
            }
            _ => true,
        });
    }

    fn run(&mut self, c: Command) {
        // Taps after which other keys come where the finger is.
        if matches!(
            c,
            Command::NextRubber
                | Command::MergePlayers(..)
                | Command::SplitPlayer(_)
                | Command::Shelve(..)
                | Command::Unshelve(_)
                | Command::CloseSession
                | Command::Reopen
        ) {
            self.guard_until = Some(self.now + TAP_GUARD_SECONDS);
        }
        let game = self.open.as_ref().map(|o| o.doc.session.game);
        match c {
            Command::Home => self.go_home(),
            Command::NewSession => {
                self.screen = Screen::New(Box::new(new_session::NewSession::new(&self.prefs)))
            }
            Command::Rules { game, focus } => self.screen = Screen::Rules { game, focus },
            Command::Players => {
                // The roster reads the sessions themselves, not the archive or the trash, as they
                // are now (a game may have been played since the last listing).
                self.home.shelf = crate::store::Shelf::Sessions;
                self.home.refresh(&self.store);
                self.screen = Screen::Players;
            }
            Command::MergePlayers(name, into) => {
                // The person shown as `name` is known by a key (theirs, or the one they were
                // merged into): that key is merged, with every name merged into it.
                let key = self.prefs.people().key(&name);
                self.prefs
                    .merged
                    .retain(|[n, _]| marque_core::stats::person_key(n) != key);
                // Kept as shown where the name is the person's own, else by their key.
                let from = if marque_core::stats::person_key(&name) == key {
                    name.clone()
                } else {
                    key
                };
                self.prefs.merged.push([from, into.clone()]);
                self.prefs.save(&self.store);
                self.notice =
                    Some(msg!("ui.players.merged_notice", name = name, into = into).into());
            }
            Command::SplitPlayer(name) => {
                let key = marque_core::stats::person_key(&name);
                self.prefs
                    .merged
                    .retain(|[n, _]| marque_core::stats::person_key(n) != key);
                self.prefs.save(&self.store);
                self.notice = Some(msg!("ui.players.split_notice", name = name).into());
            }
            Command::BackToSession => self.screen = Screen::Session,
            Command::Open(p) => self.open_path(&p),
            Command::OpenNewer(p, v) => self.open_newer(&p, v),
            Command::Create(s) => {
                if let Err(e) = self.create(*s)
                    && let Screen::New(ns) = &mut self.screen
                {
                    ns.error = Some(e);
                }
            }
            Command::Confirm(hand) => self.confirm(hand),
            Command::Delete(i) => {
                let old = self
                    .open
                    .as_ref()
                    .and_then(|o| o.doc.session.hands.get(i).cloned());
                if let Some(old) = old
                    && let Err(p) = self.change(Change::Remove(i, old), Action::Delete)
                {
                    self.notice = Some(Notice::new(move |lang| {
                        let why = render_problems(&p, lang, game);
                        msg!("ui.delete_refused", why = why).render(lang)
                    }));
                }
            }
            Command::Undo => self.undo(),
            Command::Redo => self.redo(),
            Command::Restore(change) => {
                if let Err(p) = self.change(change, Action::Restore) {
                    self.notice = Some(Notice::new(move |lang| render_problems(&p, lang, game)));
                }
            }
            Command::CloseSession => self.close_session(),
            Command::AskReopen | Command::CancelReopen => {
                if let Some(o) = self.open.as_mut() {
                    o.confirm_reopen = matches!(c, Command::AskReopen);
                }
            }
            Command::Reopen => self.reopen(),
            Command::ToggleScoreboard => self.scoreboard = !self.scoreboard,
            Command::SetTitle => self.set_title(),
            Command::ToggleChart => {
                if let Some(o) = self.open.as_mut() {
                    o.show_chart = !o.show_chart;
                    o.rows.chart_to_view.set(o.show_chart);
                }
            }
            Command::ChartRubber(r) => {
                if let Some(o) = self.open.as_mut() {
                    o.chart_rubber = Some(r);
                }
            }
            Command::Word(i, agreed) => self.word(i, agreed),
            Command::ApplyOptions => self.apply_options(),
            Command::NextRubber => {
                if let Some(o) = self.open.as_mut() {
                    o.next_rubber = true;
                    o.reset_form();
                }
            }
            Command::Export | Command::ExportPdf
                if self
                    .open
                    .as_ref()
                    .is_some_and(|o| o.export_path.trim().is_empty()) =>
            {
                self.browse(if matches!(c, Command::Export) {
                    FileFor::Export
                } else {
                    FileFor::ExportPdf
                })
            }
            Command::Export => self.export(),
            Command::ExportPdf => self.export_pdf(),
            Command::Import(path) if path.as_os_str().is_empty() => self.browse(FileFor::Import),
            Command::Backup(path) if path.as_os_str().is_empty() => self.browse(FileFor::Backup),
            Command::RestoreBackup(path) if path.as_os_str().is_empty() => {
                self.browse(FileFor::Restore)
            }
            Command::Browse(purpose) => self.browse(purpose),
            Command::Import(path) => {
                self.notice = Some(match self.store.import(&path) {
                    Ok(p) => msg!("ui.home.imported", file = p.display().to_string()).into(),
                    Err(e) => store_notice(e),
                });
                self.home.refresh(&self.store);
            }
            Command::Shelve(path, to) => {
                let index = self.home.row_of(&path);
                let players = match self.home.listing().0.iter().find(|l| l.path == path) {
                    Some(crate::store::Listed {
                        state: crate::store::FileState::Fine(s),
                        ..
                    }) => s.players.join(", "),
                    _ => String::new(),
                };
                self.notice = Some(match self.store.shelve(&path, to) {
                    Ok(dest) => {
                        if let Some(index) = index {
                            self.home.moved.push(home::Moved {
                                index,
                                dest: dest.clone(),
                                back: self.home.shelf,
                                to,
                                players,
                            });
                        }
                        msg!("ui.home.moved_to", file = dest.display().to_string()).into()
                    }
                    Err(e) => store_notice(e),
                });
                self.home.refresh(&self.store);
            }
            Command::Unshelve(i) => {
                if let Some(m) = self.home.moved.get(i).cloned() {
                    self.notice = Some(match self.store.shelve(&m.dest, m.back) {
                        Ok(dest) => {
                            self.home.moved.remove(i);
                            msg!("ui.home.moved_to", file = dest.display().to_string()).into()
                        }
                        Err(e) => store_notice(e),
                    });
                    self.home.refresh(&self.store);
                }
            }
            Command::HomeShelf(shelf) => {
                self.home.shelf = shelf;
                self.home.moved.clear();
                self.home.refresh(&self.store);
            }
            // The whole folder is read or written: on a thread of its own, the window stays live.
            Command::Backup(path) => {
                let store = self.store.clone();
                self.start_job(move || Ok(store.backup(&path)?.message(&path)));
            }
            Command::RestoreBackup(path) => {
                let store = self.store.clone();
                self.start_job(move || Ok(store.restore(&path)?.message()));
            }
            Command::MoveAside(p) => {
                self.notice = Some(match self.store.move_aside(&p) {
                    Ok(dest) => msg!("ui.home.moved", file = dest.display().to_string()).into(),
                    Err(e) => msg!("ui.io_error", error = e.to_string()).into(),
                });
                self.home.refresh(&self.store);
            }
            Command::Select(i) => {
                if let Some(o) = self.open.as_mut() {
                    o.selected = Some(i);
                }
            }
            Command::WhatIf(change) => {
                if let Some(o) = self.open.as_mut() {
                    match change {
                        Some((key, value)) => {
                            o.whatif.insert(key, value);
                        }
                        None => o.whatif.clear(),
                    }
                }
            }
            Command::Edit(i) => {
                if let Some(o) = self.open.as_mut() {
                    o.editing = Some(i);
                    o.reset_form();
                }
            }
            Command::CancelEdit => {
                if let Some(o) = self.open.as_mut() {
                    o.editing = None;
                    o.reset_form();
                }
            }
            Command::ToggleLog => {
                if let Some(o) = self.open.as_mut() {
                    o.show_log = !o.show_log;
                }
            }
            Command::ToggleLang => {
                self.prefs.lang = match self.prefs.lang {
                    Lang::Fr => Lang::En,
                    Lang::En => Lang::Fr,
                };
                self.prefs.save(&self.store);
            }
            Command::ToggleTheme => {
                self.prefs.dark = !self.prefs.dark;
                self.prefs.save(&self.store);
            }
            Command::ZoomIn | Command::ZoomOut => {
                let step = if matches!(c, Command::ZoomIn) {
                    0.1
                } else {
                    -0.1
                };
                self.prefs.zoom = (self.prefs.zoom + step).clamp(ZOOM_MIN, ZOOM_MAX);
                self.prefs.save(&self.store);
            }
            Command::DismissNotice => self.notice = None,
        }
    }

    pub fn go_home(&mut self) {
        self.open = None;
        self.home.refresh(&self.store);
        self.screen = Screen::Home;
    }

    /// Opens a session file: for writing if its lock is free and it is in progress. The lock is
    /// taken before the file is read, so that what is read is what this window may write over.
    pub fn open_path(&mut self, path: &Path) {
        let lock = Lock::acquire(path);
        let loaded = match store::read_session(path) {
            Ok(l) => l,
            Err(e) => {
                self.notice = Some(store_notice(e));
                return;
            }
        };
        // A bridge session goes on with a new rubber after a complete one, unless it was closed.
        let over = store::session_over(
            loaded.session.game,
            loaded.sheet.finished,
            loaded.session.closed,
        );
        let (lock, read_only) = match lock {
            _ if over => (None, Some(Msg::new("ui.read_only.finished"))),
            Ok(l) => (Some(l), None),
            Err(StoreError::Locked(note)) => (
                None,
                Some(msg!("ui.read_only.locked", note = store::lock_note(&note))),
            ),
            Err(e) => (
                None,
                Some(msg!("ui.read_only.error", error = e.to_string())),
            ),
        };
        if let Some(prev) = lock.as_ref().and_then(|l| l.taken_over.clone()) {
            let note = store::lock_note(&prev);
            self.notice = Some(msg!("ui.lock_taken_over", note = note).into());
        }
        self.open = Some(Open::new(path, loaded, lock, read_only));
        self.screen = Screen::Session;
    }

    /// Opens a file written by a newer Marque, read-only, if its hands still read as version 1.
    pub fn open_newer(&mut self, path: &Path, version: u64) {
        let shown = store::read_file(path, store::MAX_SESSION_BYTES)
            .ok()
            .and_then(|t| serde_json::from_slice::<serde_json::Value>(&t).ok())
            .and_then(|mut v| {
                v["version"] = serde_json::json!(crate::session::VERSION);
                Session::from_value(&v).ok()
            })
            .and_then(|session| {
                let sheet = session.score().ok()?;
                let stamp = Stamp::of_path(path).ok()?;
                Some(store::Loaded {
                    session,
                    sheet,
                    stamp,
                })
            });
        match shown {
            None => self.notice = Some(msg!("ui.newer_unreadable", version = version).into()),
            Some(loaded) => {
                let read_only = Some(msg!("ui.read_only.newer", version = version));
                self.open = Some(Open::new(path, loaded, None, read_only));
                self.screen = Screen::Session;
            }
        }
    }

    /// Writes the open session to a file of the user's choice; never over an existing file.
    /// Writes the open session to the path typed (never over a file): as a PDF or as CSV where
    /// the name ends so, else as its session file.
    pub fn export(&mut self) {
        let ext = self.open.as_ref().and_then(|o| {
            std::path::Path::new(o.export_path.trim())
                .extension()
                .map(|e| e.to_string_lossy().to_lowercase())
        });
        match ext.as_deref() {
            Some("pdf") => self.export_pdf(),
            Some("csv") => self.export_as(|doc, lang| {
                crate::csv_out::session_csv(&doc.session, lang).map_err(|e| match e {
                    crate::csv_out::CsvError::Io(e) => e.to_string(),
                    crate::csv_out::CsvError::Problems(p) => render_problems(&p, lang, None),
                })
            }),
            _ => self.export_as(|doc, _| Ok(doc.session.to_json_string().into_bytes())),
        }
    }

    /// Writes the open session as a PDF to the path typed (never over a file).
    pub fn export_pdf(&mut self) {
        self.export_as(|doc, lang| {
            crate::pdf::session_pdf(&doc.session, &doc.sheet, lang).map_err(|e| e.to_string())
        });
    }

    /// Writes what `make` gives for the open session to the path typed: atomically, and never
    /// over a file or a link already there (a dangling link included).
    fn export_as(&mut self, make: impl FnOnce(&Doc, Lang) -> Result<Vec<u8>, String>) {
        let lang = self.lang();
        let Some(open) = self.open.as_ref() else {
            return;
        };
        let path = PathBuf::from(open.export_path.trim());
        let notice = if open.export_path.trim().is_empty() {
            Msg::new("ui.export.no_path")
        } else if std::fs::symlink_metadata(&path).is_ok() {
            msg!("ui.export.exists", file = path.display().to_string())
        } else {
            match make(&open.doc, lang).map(|bytes| store::write_new(&path, &bytes)) {
                Ok(Ok(())) => msg!("ui.export.done", file = path.display().to_string()),
                // A file that appeared meanwhile: never written over.
                Ok(Err(e)) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                    msg!("ui.export.exists", file = path.display().to_string())
                }
                Ok(Err(e)) => msg!("ui.io_error", error = e.to_string()),
                Err(e) => msg!("ui.io_error", error = e),
            }
        };
        self.notice = Some(notice.into());
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

    /// The form's hand: added, or in place of the hand being edited.
    fn confirm(&mut self, hand: GameHand) {
        let Some(open) = self.open.as_ref() else {
            return;
        };
        let hands = &open.doc.session.hands;
        let (change, act) = match open.editing.and_then(|i| hands.get(i).map(|h| (i, h))) {
            Some((i, old)) => (
                Change::Replace(i, old.clone(), crate::session::Hand::replacing(hand, old)),
                Action::Edit,
            ),
            None => (
                Change::Insert(hands.len(), crate::session::Hand::new(hand)),
                Action::Add,
            ),
        };
        let select = open.editing;
        if let Err(p) = self.change(change, act) {
            let game = self.open.as_ref().map(|o| o.doc.session.game);
            self.notice = Some(Notice::new(move |lang| render_problems(&p, lang, game)));
        } else if let Some(o) = self.open.as_mut() {
            o.selected = select.or(Some(o.doc.session.hands.len().saturating_sub(1)));
        }
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
        let doc = &mut open.doc;
        history::apply(
            &mut doc.session,
            &mut doc.sheet,
            &change,
            action,
            &crate::now(),
        )?;
        match action {
            Action::Undo => doc.undo.undone(),
            Action::Redo => doc.undo.redone(),
            _ => doc.undo.push(change.clone()),
        }
        match save(doc) {
            Err(StoreError::Changed) => {
                self.notice = Some(merge_after_change(&self.store, open, &change, action, lang));
            }
            other => open.save_error = other.err().map(|e| store_error(&e, lang)),
        }
        let Some(open) = self.open.as_mut() else {
            return Ok(());
        };
        open.editing = None;
        open.selected = open.selected.filter(|&i| i < open.doc.session.hands.len());
        // A rubber that this change completes asks again whether another follows.
        open.next_rubber &= !open.doc.sheet.natural_end;
        open.reset_form();
        Ok(())
    }

    /// Runs work over the whole data folder (backup, restore) on a thread of its own; its
    /// outcome becomes a notice, and the home list is read again, when it is done.
    fn start_job(&mut self, work: impl FnOnce() -> Result<Msg, StoreError> + Send + 'static) {
        // One at a time: a second would take the first's place, and its outcome would be lost.
        if self.job.is_some() {
            self.notice = Some(Msg::new("ui.job.busy").into());
            return;
        }
        let (tx, rx) = std::sync::mpsc::channel();
        let spawned = std::thread::Builder::new()
            .name("marque-job".into())
            .spawn(move || {
                // The window may have closed meanwhile: nobody to tell then.
                let _ = tx.send(work());
            });
        match spawned {
            Ok(_) => {
                self.job = Some(rx);
                self.notice = Some(Msg::new("ui.job.running").into());
            }
            Err(e) => self.notice = Some(msg!("ui.io_error", error = e.to_string()).into()),
        }
    }

    /// The notice shown, in the app's language.
    pub fn notice_text(&self) -> Option<String> {
        self.notice.as_ref().map(|n| n.render(self.lang()))
    }

    /// A file dialog or the folder's work is under way.
    pub fn is_busy(&self) -> bool {
        self.dialog.is_some() || self.job.is_some()
    }

    /// Opens a file dialog on a thread of its own (one at a time); its answer is taken by
    /// [`App::poll_job`].
    fn browse(&mut self, purpose: FileFor) {
        if self.dialog.is_some() {
            self.notice = Some(Msg::new("ui.dialog.open").into());
            return;
        }
        let suggested = match purpose {
            FileFor::Import | FileFor::Restore => None,
            FileFor::Backup => Some(format!(
                "marque-{}.json",
                chrono::Local::now().format("%Y-%m-%d")
            )),
            FileFor::Export | FileFor::ExportPdf => self.open.as_ref().map(|o| {
                let stem = o
                    .doc
                    .path
                    .file_stem()
                    .map(|s| s.to_string_lossy().into_owned())
                    .unwrap_or_else(|| "marque".into());
                let ext = if purpose == FileFor::Export {
                    "json"
                } else {
                    "pdf"
                };
                format!("{stem}-export.{ext}")
            }),
        };
        let (ask, lang) = (self.ask_file, self.lang());
        let (tx, rx) = std::sync::mpsc::channel();
        let spawned = std::thread::Builder::new()
            .name("marque-dialog".into())
            .spawn(move || {
                let _ = tx.send(ask(purpose, lang, suggested));
            });
        match spawned {
            Ok(_) => {
                let session = self.open.as_ref().map(|o| o.doc.path.clone());
                self.dialog = Some((purpose, session, rx));
            }
            Err(_) => self.notice = Some(Msg::new("ui.dialog.none").into()),
        }
    }

    /// Takes a file dialog's answer if it came (`ctx` `None`: waits for it): the path goes in
    /// the field it stands for, and the work it was asked for is done; no file chosen (or no
    /// dialog to be had) leaves a word to type the path instead.
    fn poll_dialog(&mut self, ctx: Option<&egui::Context>) {
        let Some((purpose, session, rx)) = &self.dialog else {
            return;
        };
        let (purpose, session) = (*purpose, session.clone());
        let answer = match ctx {
            Some(ctx) => match rx.try_recv() {
                Ok(a) => a,
                Err(std::sync::mpsc::TryRecvError::Empty) => {
                    ctx.request_repaint_after(std::time::Duration::from_millis(100));
                    return;
                }
                Err(std::sync::mpsc::TryRecvError::Disconnected) => None,
            },
            None => rx.recv().ok().flatten(),
        };
        self.dialog = None;
        let Some(path) = answer else {
            self.notice = Some(Msg::new("ui.dialog.none").into());
            return;
        };
        // The file chosen serves this once: the field stays as it was, so that the next tap
        // asks again.
        match purpose {
            FileFor::Import => self.run(Command::Import(path)),
            FileFor::Backup => self.run(Command::Backup(path)),
            FileFor::Restore => self.run(Command::RestoreBackup(path)),
            FileFor::Export | FileFor::ExportPdf => {
                // An export is of the session the dialog was opened on, and of no other.
                let Some(open) = self
                    .open
                    .as_mut()
                    .filter(|o| Some(&o.doc.path) == session.as_ref())
                else {
                    self.notice = Some(Msg::new("ui.dialog.other_session").into());
                    return;
                };
                let typed = std::mem::replace(&mut open.export_path, path.display().to_string());
                self.run(if purpose == FileFor::Export {
                    Command::Export
                } else {
                    Command::ExportPdf
                });
                if let Some(open) = self.open.as_mut() {
                    open.export_path = typed;
                }
            }
        }
    }

    /// Takes the outcome of the folder's work if it arrived (`wait`: until it does).
    pub fn poll_job(&mut self, ctx: Option<&egui::Context>) {
        self.poll_dialog(ctx);
        let Some(rx) = &self.job else {
            return;
        };
        let outcome = match ctx {
            Some(ctx) => match rx.try_recv() {
                Ok(o) => o,
                Err(std::sync::mpsc::TryRecvError::Empty) => {
                    ctx.request_repaint_after(std::time::Duration::from_millis(50));
                    return;
                }
                Err(std::sync::mpsc::TryRecvError::Disconnected) => {
                    self.job = None;
                    return;
                }
            },
            None => match rx.recv() {
                Ok(o) => o,
                Err(_) => {
                    self.job = None;
                    return;
                }
            },
        };
        self.job = None;
        self.notice = Some(match outcome {
            Ok(m) => m.into(),
            Err(e) => store_notice(e),
        });
        self.home.refresh(&self.store);
    }

    /// Saves the session's title and note as typed (fields of the file that scoring ignores).
    pub fn set_title(&mut self) {
        let lang = self.lang();
        let Some(open) = self.open.as_mut() else {
            return;
        };
        if open.read_only.is_some() {
            return;
        }
        let doc = &mut open.doc;
        doc.session.set_text_field("title", &open.title);
        doc.session.set_text_field("note", &open.note);
        open.save_error = save(doc).err().map(|e| store_error(&e, lang));
        if open.save_error.is_none() {
            self.notice = Some(Msg::new("ui.title.saved").into());
        }
    }

    /// Makes the options tried in "what if" the session's own, for every hand: scored again,
    /// logged with the old and new options, and saved.
    pub fn apply_options(&mut self) {
        let lang = self.lang();
        let Some(open) = self.open.as_mut() else {
            return;
        };
        if open.read_only.is_some() || open.whatif.is_empty() {
            return;
        }
        let changes = std::mem::take(&mut open.whatif);
        let doc = &mut open.doc;
        let game = doc.session.game;
        if let Err(p) =
            history::apply_options(&mut doc.session, &mut doc.sheet, &changes, &crate::now())
        {
            self.notice = Some(Notice::new(move |lang| {
                render_problems(&p, lang, Some(game))
            }));
            return;
        }
        open.save_error = save(doc).err().map(|e| store_error(&e, lang));
        open.reset_form();
    }

    /// Records the other side's word on hand `i` in the log and saves; a hand not agreed is
    /// selected, its edit button at hand.
    pub fn word(&mut self, i: usize, agreed: bool) {
        let lang = self.lang();
        let Some(open) = self.open.as_mut() else {
            return;
        };
        if open.read_only.is_some() || i >= open.doc.session.hands.len() {
            return;
        }
        let doc = &mut open.doc;
        let side = sheet::other_side(&doc.sheet, i).map(|s| doc.sheet.sides[s].clone());
        let word = if agreed {
            Action::Confirm
        } else {
            Action::Dispute
        };
        history::give_word(&mut doc.session, i, word, side.as_deref(), &crate::now());
        match save(doc) {
            Err(StoreError::Changed) => {
                let change = history::Change::Replace(
                    i,
                    doc.session.hands[i].clone(),
                    doc.session.hands[i].clone(),
                );
                self.notice = Some(merge_after_change(&self.store, open, &change, word, lang));
            }
            other => open.save_error = other.err().map(|e| store_error(&e, lang)),
        }
        if !agreed && let Some(o) = self.open.as_mut() {
            o.selected = Some(i);
        }
    }

    pub fn undo(&mut self) {
        if let Some(c) = self.open.as_ref().and_then(|o| o.doc.undo.peek_undo()) {
            let _ = self.change(c, Action::Undo);
        }
    }

    pub fn redo(&mut self) {
        if let Some(c) = self.open.as_ref().and_then(|o| o.doc.undo.peek_redo()) {
            let _ = self.change(c, Action::Redo);
        }
    }

    /// Marks the open session as stopped by the players (closed) and saves it.
    pub fn close_session(&mut self) {
        let lang = self.lang();
        let Some(open) = self.open.as_mut() else {
            return;
        };
        if open.doc.lock.is_none() || open.read_only.is_some() {
            return;
        }
        let doc = &mut open.doc;
        history::close(&mut doc.session, &mut doc.sheet, &crate::now());
        open.save_error = save(doc).err().map(|e| store_error(&e, lang));
        if open.save_error.is_none() {
            open.read_only = Some(Msg::new("ui.read_only.finished"));
            open.doc.lock = None;
            open.reset_form();
        }
    }

    /// Opens the open session again after the players closed it, or after its game reached its
    /// end: its lock taken before it is read, the reopening logged and saved, the form back (or,
    /// at a game's end, the hands' edit and delete buttons).
    pub fn reopen(&mut self) {
        let lang = self.lang();
        let Some(path) = self.open.as_ref().map(|o| o.doc.path.clone()) else {
            return;
        };
        let lock = match Lock::acquire(&path) {
            Ok(l) => l,
            Err(e) => {
                self.notice = Some(store_notice(e));
                return;
            }
        };
        let mut loaded = match store::read_session(&path) {
            // Closed by the players, or a game that reached its end (to mend a hand).
            Ok(l) if l.session.closed || l.sheet.natural_end => l,
            Ok(_) => return,
            Err(e) => {
                self.notice = Some(store_notice(e));
                return;
            }
        };
        history::reopen(&mut loaded.session, &crate::now());
        loaded.sheet.set_closed(false);
        let mut open = Open::new(&path, loaded, Some(lock), None);
        open.save_error = save(&mut open.doc).err().map(|e| store_error(&e, lang));
        self.open = Some(open);
    }

    fn store_error(&self, e: &StoreError) -> String {
        store_error(e, self.lang())
    }
}

/// The file changed on disk since this window read it (another writer got in). Nothing is
/// overwritten: the file is read again; a hand added at the end is added to it too, where it
/// still plays; any other change is saved as a copy beside it, and the window shows the file as
/// it now is. Returns what to tell the table.
fn merge_after_change(
    store: &Store,
    open: &mut Open,
    change: &Change,
    action: Action,
    lang: Lang,
) -> Notice {
    let doc = &mut open.doc;
    let mut loaded = match store::read_session(&doc.path) {
        Ok(l) => l,
        Err(e) => return store_notice(e),
    };
    let now = crate::now();
    let added = match change {
        Change::Insert(i, hand) if *i + 1 == doc.session.hands.len() && action == Action::Add => {
            let at = loaded.session.hands.len();
            history::apply(
                &mut loaded.session,
                &mut loaded.sheet,
                &Change::Insert(at, hand.clone()),
                Action::Add,
                &now,
            )
            .is_ok()
        }
        _ => false,
    };
    let kept = if added {
        None
    } else {
        // Ours is kept in a file of its own, never over theirs.
        let name = doc
            .path
            .file_stem()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let copy = store.new_path(&format!("{name}-{}", now.replace(':', "")));
        Some(store::write_atomic(&copy, doc.session.to_json_string().as_bytes()).map(|()| copy))
    };
    doc.session = loaded.session;
    doc.sheet = loaded.sheet;
    doc.stamp = loaded.stamp;
    doc.undo = UndoStack::default();
    open.rows = sheet::Rows::default();
    open.save_error = None;
    match kept {
        None => match save(doc) {
            Ok(()) => Msg::new("ui.merge.added").into(),
            Err(e) => {
                open.save_error = Some(store_error(&e, lang));
                store_notice(e)
            }
        },
        Some(Ok(copy)) => msg!("ui.merge.kept", file = copy.display().to_string()).into(),
        Some(Err(e)) => msg!("ui.io_error", error = e.to_string()).into(),
    }
}

/// A message for the table, shown until it is dismissed: rendered when shown, so that it
/// follows a change of language.
#[derive(Clone)]
pub struct Notice(std::rc::Rc<dyn Fn(Lang) -> String>);

impl Notice {
    pub fn new(text: impl Fn(Lang) -> String + 'static) -> Notice {
        Notice(std::rc::Rc::new(text))
    }

    pub fn render(&self, lang: Lang) -> String {
        (self.0)(lang)
    }
}

impl From<Msg> for Notice {
    fn from(m: Msg) -> Notice {
        Notice::new(move |lang| m.render(lang))
    }
}

/// A storage error as a notice.
fn store_notice(e: StoreError) -> Notice {
    Notice::new(move |lang| store_error(&e, lang))
}

/// Saves the document over its file; the reason if it could not be saved.
/// Saves the document over its file (nothing to do for a window that only reads it).
fn save(doc: &mut Doc) -> Result<(), StoreError> {
    let Some(lock) = doc.lock.as_ref() else {
        return Ok(());
    };
    doc.stamp = store::save(&doc.path, &doc.session, doc.stamp, lock)?;
    Ok(())
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
        StoreError::Damaged(p) => render_problems(p, lang, None),
        StoreError::Newer(v) => msg!("store.newer", version = *v).render(lang),
        StoreError::Locked(note) => {
            msg!("store.locked", note = store::lock_note(note)).render(lang)
        }
        StoreError::Io(e) => msg!("ui.io_error", error = e.to_string()).render(lang),
        StoreError::Changed => tr(lang, "store.changed"),
        StoreError::ReadOnly => tr(lang, "store.read_only_here"),
        StoreError::Exists(p) => msg!("export.exists", file = p.display().to_string()).render(lang),
        StoreError::NotBackup(p) => {
            msg!("backup.not_backup", file = p.display().to_string()).render(lang)
        }
        StoreError::Write(e) => store::write_problem("", e).render(lang),
        StoreError::Lock(e) => store::lock_problem("", e).render(lang),
        StoreError::TooLarge => {
            msg!("store.too_large", limit = store::MAX_SESSION_BYTES >> 20).render(lang)
        }
    }
}

pub fn render_problems(p: &[Problem], lang: Lang, game: Option<GameKind>) -> String {
    p.iter()
        .map(|p| p.for_people(lang, game))
        .collect::<Vec<_>>()
        .join("\n")
}

/// eframe's side: the window runs [`App::show`].
pub struct EframeApp(pub App);

impl eframe::App for EframeApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.0.show(ui);
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
