//! The app's state and how it changes: every change is a [`Command`] (`command.rs`) that
//! screens emit and [`App::run_commands`] carries out after the frame is drawn, the router
//! (`route.rs`) handing each to its area's function (here, `files.rs`, `people.rs`,
//! `tables.rs`…). Its fields are the window's own: the frame that draws the screens (`mod.rs`)
//! hands each a narrow context, never the `App`; what else reads it (the tests, the benches)
//! reads it through the accessors below and changes it through commands.

use std::path::{Path, PathBuf};

use super::command::{Command, Evenings, Files};
use super::dialogs::JobDone;
use super::dialogs::{AskFile, native_file_dialog};
use super::notice::{Notice, store_notice};
use super::open::Open;
use super::prefs::{Prefs, ZOOM_MAX, ZOOM_MIN};
use super::{
    dialogs, evening, evening_table, home, new_evening, new_session, players, prefs, rules, share,
    sync, watch, welcome,
};
use marque_core::games::GameKind;
use marque_core::i18n::msg;
use marque_core::i18n::{Lang, Msg, tr};
use marque_core::session::Session;
use marque_store::document::Document;
use marque_store::{self as store, Store};

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
    /// An evening of several tables ([`App::evening`]).
    Evening,
    NewEvening(Box<new_evening::NewEvening>),
    /// A bridge table of an evening ([`App::table`]).
    Table,
}

pub struct App {
    pub(super) store: Store,
    pub(super) prefs: Prefs,
    pub(super) screen: Screen,
    pub(super) open: Option<Open>,
    /// A message shown on top until dismissed (moved a file aside, imported…).
    pub(super) notice: Option<Notice>,
    /// The scoreboard window is shown (while a session is open).
    pub(super) scoreboard: bool,
    /// The room's pages, while the players share them (off at start).
    pub(super) sharing: Option<share::Shared>,
    /// The window's context, for what wakes it from another thread (a phone's word).
    pub(super) ctx: egui::Context,
    /// A file dialog and work over several files, under way on threads of their own.
    pub(super) work: dialogs::Work,
    /// How a file is asked for: the native dialog (tests put their own).
    pub(super) ask_file: AskFile,
    pub(super) home: home::HomeState,
    pub(super) rules: rules::RulesState,
    pub(super) players: players::PlayersState,
    /// The evening shown on its screen, read from its folder.
    pub(super) evening: Option<evening::EveningState>,
    /// The evening's bridge table shown on its screen.
    pub(super) table: Option<evening_table::TableState>,
    /// The data folder watched for changes made elsewhere (another machine, another program).
    pub(super) watch: watch::Watch,
    /// A merge of conflict copies waiting for the table's choices.
    pub(super) merging: Option<sync::MergeDialog>,
    /// The guided tour's step (from 1), while it is on.
    pub(super) tour: Option<usize>,
    /// First run: the theme follows the desktop's once it is known.
    pub(super) theme_from_desktop: bool,
    pub(super) prefs_applied: Option<Prefs>,
    /// No preferences yet: the first frame that knows the screen's size sets the text size
    /// from it (larger on a large screen, to be read across the table).
    pub(super) zoom_from_screen: bool,
    pub(super) commands: Vec<Command>,
    /// A tap changed the layout under the pointer: until this time (the input's clock), presses
    /// are let go, so that the second tap of a double tap lands on nothing new.
    pub(super) guard_until: Option<f64>,
    /// The input's clock at the last frame.
    pub(super) now: f64,
    /// A press was let go by the guard: its release is too.
    pub(super) press_let_go: bool,
}

/// How long presses are let go after a tap that changes the layout under the pointer: longer
/// than the gap between the two taps of a double tap, shorter than a deliberate next tap.
pub const TAP_GUARD_SECONDS: f64 = 0.4;

impl App {
    /// The app on a data folder (the user's, or a test's temporary one).
    pub fn new(dir: impl Into<PathBuf>) -> App {
        crate::local::init_texts();
        let store = Store::new(dir);
        let (prefs, prefs_notice) = Prefs::load(&store);
        let first_run = prefs_notice == Some(prefs::Found::FirstRun);
        let notice = prefs_notice
            .and_then(prefs::Found::notice)
            .map(Notice::from);
        let mut home = home::HomeState::default();
        home.refresh(&store);
        let watch = watch::Watch::new(&store.dir);
        App {
            store,
            prefs,
            screen: Screen::Home,
            open: None,
            notice,
            scoreboard: false,
            sharing: None,
            ctx: egui::Context::default(),
            work: dialogs::Work::default(),
            ask_file: native_file_dialog,
            home,
            rules: rules::RulesState::default(),
            players: players::PlayersState::default(),
            evening: None,
            table: None,
            watch,
            merging: None,
            tour: None,
            theme_from_desktop: first_run,
            prefs_applied: None,
            zoom_from_screen: first_run,
            commands: Vec::new(),
            guard_until: None,
            now: 0.0,
            press_let_go: false,
        }
    }

    /// The app as the command line starts it: on a data folder, and on a session file when
    /// one is given (`marque FILE`, `marque open FILE`, a file opened from the file manager).
    pub fn starting(dir: impl Into<PathBuf>, file: Option<&std::path::Path>) -> App {
        let mut app = App::new(dir);
        if let Some(f) = file {
            app.open_path(f);
        }
        app
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

    pub(super) fn apply_prefs(&mut self, ctx: &egui::Context) {
        // First run: dark or light as the desktop is (once; the table's choice is kept after).
        if self.theme_from_desktop
            && let Some(theme) = ctx.system_theme()
        {
            self.theme_from_desktop = false;
            self.prefs.dark = theme == egui::Theme::Dark;
        }
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
            super::widgets::install_fonts(ctx);
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

    /// Whether the data folder is watched for changes made elsewhere.
    pub fn watching(&self) -> bool {
        self.watch.watching()
    }

    /// How many follow the data folder's one watcher (the window, and the room's server while
    /// it shares).
    pub fn folder_followers(&self) -> usize {
        self.watch.watcher().subscribers()
    }

    /// The notice shown, in the app's language.
    pub fn notice_text(&self) -> Option<String> {
        self.notice.as_ref().map(|n| n.render(self.lang()))
    }
}

/// What the window holds, read from outside it (the tests, the benches): each a reading, never
/// a way to change the app but [`App::send`].
impl App {
    pub fn store(&self) -> &Store {
        &self.store
    }
    pub fn prefs(&self) -> &Prefs {
        &self.prefs
    }
    /// The preferences, changed before the first frame (a test's zoom): not saved.
    pub fn prefs_mut(&mut self) -> &mut Prefs {
        &mut self.prefs
    }
    pub fn screen(&self) -> &Screen {
        &self.screen
    }
    /// The session open, with its screen's state.
    pub fn open(&self) -> Option<&Open> {
        self.open.as_ref()
    }
    /// The room's pages, while the players share them.
    pub fn sharing(&self) -> Option<&share::Shared> {
        self.sharing.as_ref()
    }
    /// The room's pages to set up (a test gives the networks it has this machine on).
    pub fn sharing_mut(&mut self) -> Option<&mut share::Shared> {
        self.sharing.as_mut()
    }
    /// Stops the room's pages, as a test ends (the key does it through its command).
    pub fn stop_sharing(&mut self) {
        if let Some(s) = self.sharing.take() {
            s.stop();
        }
    }
    pub fn home(&self) -> &home::HomeState {
        &self.home
    }
    /// Reads the sessions' list again, as the home screen does when it is shown.
    pub fn refresh_home(&mut self) {
        self.home.refresh(&self.store);
    }
    /// The evening shown on its screen.
    pub fn evening(&self) -> Option<&evening::EveningState> {
        self.evening.as_ref()
    }
    /// The evening's table shown on its screen.
    pub fn table(&self) -> Option<&evening_table::TableState> {
        self.table.as_ref()
    }
    /// Waits for the sessions' list being read (tests and benches drive frames by hand).
    pub fn wait_for_home(&mut self) {
        self.home.wait();
    }
    /// Waits for the evening shown being read, where its reading is not the current one (as
    /// [`App::wait_for_home`]); whether it waited.
    pub fn wait_for_evening(&mut self) -> bool {
        let lang = self.prefs.lang;
        match self.evening.as_mut() {
            Some(e) if !e.is_current() => {
                e.wait(lang);
                true
            }
            _ => false,
        }
    }
    /// How a file is asked for from now on (a test puts its own in place of the desktop's).
    pub fn set_ask_file(&mut self, ask: AskFile) {
        self.ask_file = ask;
    }
}

impl App {
    /// Carries out every command asked for during the frame: the one place where the app
    /// changes.
    pub fn run_commands(&mut self) {
        for c in std::mem::take(&mut self.commands) {
            self.run(c);
        }
        self.offer_sides();
        // The table's way of entering hands, kept for its next session (and the next start).
        // A mode switched in the form counts at once (not only once its hand is entered).
        let modes = self.open.as_mut().map(|o| o.view.table_modes());
        if let Some(modes) = modes
            && modes != self.prefs.modes
        {
            self.change_prefs(|p| p.modes = modes);
        }
    }

    /// Changes the open session's screen state (nothing when no session is open).
    pub(super) fn with_open(&mut self, change: impl FnOnce(&mut Open)) {
        if let Some(o) = self.open.as_mut() {
            change(o);
        }
    }

    /// The open session's file changed since this window read or wrote it: it is shown as it
    /// now is ([`Open::reload`]).
    pub fn reload_open(&mut self) {
        self.operate(Open::reload);
    }

    /// Runs one operation of the open session (nothing when none is open); what it says
    /// becomes the notice, once.
    pub(super) fn operate(&mut self, op: impl FnOnce(&mut Open) -> Option<Notice>) {
        if let Some(n) = self.open.as_mut().and_then(op) {
            self.notice = Some(n);
        }
    }

    /// Changes the preferences and saves them; the table is told if they could not be saved
    /// (false).
    pub(super) fn change_prefs(&mut self, change: impl FnOnce(&mut Prefs)) -> bool {
        change(&mut self.prefs);
        match self.prefs.save(&self.store) {
            Ok(()) => true,
            Err(e) => {
                self.notice = Some(
                    msg!(
                        "ui.prefs.not_saved",
                        error = marque_core::i18n::io_error(&e)
                    )
                    .into(),
                );
                false
            }
        }
    }

    /// Creates the session the new-session form made; a refusal stays on the form.
    pub(super) fn create_from_form(&mut self, session: Session) {
        self.notice = None;
        if let Err(e) = self.create(session, true)
            && let Screen::New(ns) = &mut self.screen
        {
            ns.error = Some(e.msg(None));
        }
    }
}

/// The guided tour: its practice session, and its steps as the table plays.
impl App {
    /// A practice session of the tour's game, opened, with the tour's first step.
    pub(super) fn start_tour(&mut self) {
        let made = welcome::practice(self.lang())
            .and_then(|session| self.create(session, false).map_err(store_notice));
        match made {
            Ok(()) => self.tour = Some(1),
            Err(notice) => self.notice = Some(notice),
        }
    }

    /// The tour ends: its practice session goes to the trash (it can be put back from there).
    pub(super) fn end_tour(&mut self) {
        self.tour = None;
        let path = self.open.as_ref().map(|o| o.doc.path().to_path_buf());
        self.go_home();
        if let Some(path) = path {
            self.run(Command::Files(Files::Shelve(
                path,
                marque_store::Shelf::Trash,
            )));
        }
    }

    /// The tour follows the table: once the first hand is entered, its next step (the
    /// practice session left: the tour ends with it, the session stays on the list).
    pub(super) fn follow_tour(&mut self) {
        self.tour = self
            .tour
            .and_then(|step| welcome::tour_step(step, self.open.as_ref().map(|o| &o.doc)));
    }
}

/// Opening, creating and exporting sessions.
impl App {
    pub fn go_home(&mut self) {
        self.open = None;
        self.home.refresh(&self.store);
        self.screen = Screen::Home;
    }

    /// Opens a session file (read only if it is over). No lock is held while it is shown: each
    /// save takes it for the time of the write.
    pub fn open_path(&mut self, path: &Path) {
        match Document::open(path) {
            Ok(doc) => {
                let mut open = Open::new(doc, self.prefs.modes);
                open.view.known = self.prefs.people.names.clone();
                open.view.people = self.prefs.people();
                // The seating rule the form checks as it is typed, the document applies.
                open.doc.know_people(self.prefs.people());
                self.open = Some(open);
                self.screen = Screen::Session;
            }
            Err(e) => self.notice = Some(store_notice(e)),
        }
    }

    /// Opens a file written by a newer Marque, read-only, if its hands still read as version 1.
    pub fn open_newer(&mut self, path: &Path, version: u64) {
        match Open::newer(path, version, self.prefs.modes) {
            Ok(open) => {
                self.open = Some(open);
                self.screen = Screen::Session;
            }
            Err(notice) => self.notice = Some(notice),
        }
    }

    /// Creates a session file and opens it; its players are remembered for the next games
    /// (not the tour's sample names, with `remember` false).
    pub fn create(&mut self, session: Session, remember: bool) -> Result<(), store::StoreError> {
        let (path, lock) = store::create(&self.store, &session)?;
        if remember {
            self.change_people(&marque_store::people::Change::Remember(
                session.players.clone(),
            ));
        }
        drop(lock);
        self.open_path(&path);
        Ok(())
    }

    /// Files of the folder changed: the lists are made again (on their thread), the names
    /// shared are read again when they changed, and an open session whose file changed is
    /// shown as it now is.
    /// Writes the evening "Nouvelle soirée" set up into a folder of its own, then shows it.
    pub(super) fn create_evening(&mut self, title: &str, asked: &marque_core::club::Asked) {
        match new_evening::create(&self.store, title, asked) {
            Ok(p) => self.send(Command::Evenings(Evenings::Open(p))),
            Err(n) => self.notice = Some(n),
        }
    }

    /// Runs work on more than one file (backup, restore, a merge) on a thread of its own; its
    /// outcome is taken in, and the home list read again, when it is done.
    pub(super) fn start_job(&mut self, work: impl FnOnce() -> JobDone + Send + 'static) {
        self.notice = Some(self.work.start_job(work).into());
    }

    /// A file dialog or the folder's work is under way.
    pub fn is_busy(&self) -> bool {
        self.work.is_busy()
    }

    /// Takes a file dialog's answer and the folder's work's outcome if they came (`ctx`
    /// `None`: waits for them): a file chosen goes where it was asked for (no file chosen, or
    /// no dialog to be had, leaves a word to type the path instead); the work's outcome is
    /// said, and the home list read again.
    pub fn poll_job(&mut self, ctx: Option<&egui::Context>) {
        if let Some(a) = self.work.poll_dialog(ctx) {
            match a.path {
                Some(path) => self.picked(a.purpose, path, a.session),
                None => self.notice = Some(Msg::new("ui.dialog.none").into()),
            }
        }
        let Some(outcome) = self.work.poll_job(ctx) else {
            return;
        };
        match outcome {
            JobDone::Folder(Ok(m)) => self.notice = Some(m.into()),
            JobDone::Folder(Err(e)) => self.notice = Some(store_notice(e)),
            JobDone::Merge {
                path,
                picks,
                expected,
                outcome,
            } => self.merged(&path, &picks, expected.as_deref(), outcome),
        }
        self.home.refresh(&self.store);
    }

    /// The open session's sides each offered their pairing (see [`share::offer_sides`]).
    pub(super) fn offer_sides(&self) {
        let Some(shared) = &self.sharing else {
            return;
        };
        share::offer_sides(shared, self.open.as_ref());
        // The evening shown: a code per table.
        if let Some(e) = &self.evening
            && let Some(evening) = &e.evening
            && let Some(name) = crate::serve::evening_name(&self.store.dir, &e.path)
        {
            share::offer_tables(shared, &name, evening);
        }
    }

    /// Turns the room's pages on (the data folder, every address of this machine, a free
    /// port) or off.
    pub(super) fn toggle_sharing(&mut self) {
        if let Some(shared) = self.sharing.take() {
            shared.stop();
            self.notice = Some(Msg::new("ui.share.stopped").into());
            return;
        }
        self.notice = Some(
            match super::share::Shared::start(self.watch.watcher(), &self.ctx) {
                Ok(shared) => {
                    self.sharing = Some(shared);
                    // "Sharing stopped", said when it last stopped, is no longer true; the
                    // phones follow what this screen shows.
                    match self.screen {
                        Screen::Evening | Screen::Table => Msg::new("ui.share.started_evening"),
                        _ => Msg::new("ui.share.started"),
                    }
                    .into()
                }
                Err(e) => msg!("ui.share.failed", error = marque_core::i18n::io_error(&e)).into(),
            },
        );
    }
}
