//! The app's state and the one place it changes: every change is a [`Command`] (`command.rs`)
//! that screens emit and [`App::run_commands`] carries out after the frame is drawn, each
//! command's work a function of its own. The whole `impl App` is here; the frame that draws
//! the screens (`mod.rs`) hands each a narrow context, never the `App`.

use std::path::{Path, PathBuf};

use super::command::{Command, FileFor};
use super::dialogs::JobDone;
use super::dialogs::{AskFile, native_file_dialog};
use super::notice::{Notice, render_problems, store_notice};
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
use marque_store::{self as store, Store, people};

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
    pub store: Store,
    pub prefs: Prefs,
    pub screen: Screen,
    pub open: Option<Open>,
    /// A message shown on top until dismissed (moved a file aside, imported…).
    pub notice: Option<Notice>,
    /// The scoreboard window is shown (while a session is open).
    pub scoreboard: bool,
    /// The room's pages, while the players share them (off at start).
    pub sharing: Option<share::Shared>,
    /// The window's context, for what wakes it from another thread (a phone's word).
    pub ctx: egui::Context,
    /// A file dialog and work over several files, under way on threads of their own.
    pub(super) work: dialogs::Work,
    /// How a file is asked for: the native dialog (tests put their own).
    pub ask_file: AskFile,
    pub home: home::HomeState,
    pub rules: rules::RulesState,
    pub players: players::PlayersState,
    /// The evening shown on its screen, read from its folder.
    pub evening: Option<evening::EveningState>,
    /// The evening's bridge table shown on its screen.
    pub table: Option<evening_table::TableState>,
    /// The data folder watched for changes made elsewhere (another machine, another program).
    pub(super) watch: watch::Watch,
    /// A merge of conflict copies waiting for the table's choices.
    pub merging: Option<sync::MergeDialog>,
    /// The guided tour's step (from 1), while it is on.
    pub tour: Option<usize>,
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

    pub(super) fn run(&mut self, c: Command) {
        if c.moves_keys() {
            self.guard_until = Some(self.now + TAP_GUARD_SECONDS);
        }
        match c {
            Command::Home => self.go_home(),
            Command::DiskChanged { people } => self.disk_changed(people),
            Command::MergeCopies(path, picks) => self.merge_copies(&path, picks),
            Command::CancelMerge => self.merging = None,
            Command::StartTour => self.start_tour(),
            Command::TourStep(n) => self.tour = Some(n.min(super::welcome::TOUR_STEPS)),
            Command::EndTour => self.end_tour(),
            Command::NewSession => {
                self.screen = Screen::New(Box::new(new_session::NewSession::new(&self.prefs)))
            }
            Command::Rules { game, focus } => self.screen = Screen::Rules { game, focus },
            Command::Players => self.show_players(),
            Command::MergePlayers(name, into) => self.merge_players(name, into),
            Command::SplitPlayer(name) => self.split_player(name),
            Command::BackToSession => self.screen = Screen::Session,
            // Another session opened: the notice of the one before goes (a failure to open
            // this one says so in its place).
            Command::Open(p) => {
                self.notice = None;
                self.open_path(&p);
            }
            Command::NewEvening => self.screen = Screen::NewEvening(Box::default()),
            Command::CreateEvening(title, asked) => self.create_evening(&title, &asked),
            Command::OpenEvening(p) => {
                (self.evening, self.screen) =
                    (Some(evening::EveningState::new(p)), Screen::Evening);
            }
            Command::OpenTable(p) => self.open_table(p),
            Command::TableEntry(op) => self.table_entry(&op),
            Command::OpenNewer(p, v) => {
                self.notice = None;
                self.open_newer(&p, v);
            }
            Command::Create(s) => self.create_from_form(*s),
            Command::Confirm(hand) => self.operate(|o| o.confirm(hand)),
            Command::Delete(i) => self.operate(|o| o.delete(i)),
            Command::Undo => self.operate(Open::undo),
            Command::Redo => self.operate(Open::redo),
            Command::Restore(change) => self.operate(|o| o.restore(change)),
            Command::CloseSession => self.operate(Open::close_session),
            Command::AskReopen => self.with_open(|o| o.view.confirm_reopen = true),
            Command::CancelReopen => self.with_open(|o| o.view.confirm_reopen = false),
            Command::Reopen => self.operate(Open::reopen),
            Command::ToggleScoreboard => self.scoreboard = !self.scoreboard,
            Command::ToggleSharing => self.toggle_sharing(),
            Command::ShareNetwork(ip) => {
                if let Some(shared) = self.sharing.as_mut() {
                    shared.set_host(ip);
                }
            }
            Command::RevokePhone(token) => {
                if let Some(shared) = &self.sharing {
                    shared.pairings().revoke(&token);
                    self.notice = Some(Msg::new("ui.share.revoked").into());
                }
            }
            Command::SetTitle => self.operate(Open::set_title),
            Command::ToggleChart => self.with_open(|o| {
                o.view.show_chart = !o.view.show_chart;
                o.view.rows.chart_to_view.set(o.view.show_chart);
            }),
            Command::ChartPart(r) => self.with_open(|o| o.view.chart_part = Some(r)),
            Command::Word(i, agreed) => self.operate(|o| o.word(i, agreed)),
            Command::ApplyOptions => self.operate(Open::apply_options),
            Command::NextPart => self.with_open(|o| {
                o.view.next_part = true;
                o.reset_form();
            }),
            Command::Export => self.export_or_ask(FileFor::Export),
            Command::ExportPdf => self.export_or_ask(FileFor::ExportPdf),
            Command::EveningPdf => self.ask_evening_pdf(),
            Command::Browse(purpose) => self.browse(purpose),
            Command::Import(path) if path.as_os_str().is_empty() => self.browse(FileFor::Import),
            Command::Import(path) => self.import(&path),
            Command::Shelve(path, to) => self.shelve(&path, to),
            Command::Unshelve(i) => self.unshelve(i),
            Command::HomeShelf(shelf) => {
                self.home.shelf = shelf;
                self.home.moved.clear();
                self.home.refresh(&self.store);
            }
            Command::Backup(path) if path.as_os_str().is_empty() => self.browse(FileFor::Backup),
            // The whole folder is read or written: on a thread of its own, the window stays live.
            Command::Backup(path) => {
                let store = self.store.clone();
                self.start_job(move || {
                    JobDone::Folder(store.backup(&path).map(|b| b.message(&path)))
                });
            }
            Command::RestoreBackup(path) if path.as_os_str().is_empty() => {
                self.browse(FileFor::Restore)
            }
            Command::RestoreBackup(path) => {
                let store = self.store.clone();
                self.start_job(move || JobDone::Folder(store.restore(&path).map(|r| r.message())));
            }
            Command::MoveAside(p) => self.move_aside(&p),
            Command::Select(i) => self.with_open(|o| o.view.selected = Some(i)),
            Command::WhatIf(Some((key, value))) => self.with_open(|o| {
                o.view.whatif.insert(key, value);
            }),
            Command::WhatIf(None) => self.with_open(|o| o.view.whatif.clear()),
            Command::Edit(i) => self.with_open(|o| {
                o.view.editing = Some(i);
                o.reset_form();
            }),
            Command::CancelEdit => self.with_open(|o| {
                if o.view.editing.take().is_some() && o.view.table.is_some() {
                    o.view.table = None;
                }
                o.reset_form();
            }),
            Command::Table(kind) => self.with_open(|o| {
                o.switch_table(kind);
                // The keys just tapped lie right above the form: it is not scrolled to.
                o.view.form_top = false;
            }),
            Command::ToggleLog => self.with_open(|o| {
                o.view.show_log = !o.view.show_log;
                o.view.rows.log_to_view.set(o.view.show_log);
            }),
            // (A preference not saved is told by a notice.)
            Command::ToggleLang => {
                self.change_prefs(|p| {
                    p.lang = match p.lang {
                        Lang::Fr => Lang::En,
                        Lang::En => Lang::Fr,
                    }
                });
            }
            Command::ToggleTheme => {
                self.change_prefs(|p| p.dark = !p.dark);
            }
            Command::ZoomIn => {
                self.change_prefs(|p| p.zoom_by(0.1));
            }
            Command::ZoomOut => {
                self.change_prefs(|p| p.zoom_by(-0.1));
            }
            Command::DismissNotice => self.notice = None,
        }
    }

    /// Changes the open session's screen state (nothing when no session is open).
    fn with_open(&mut self, change: impl FnOnce(&mut Open)) {
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
    fn operate(&mut self, op: impl FnOnce(&mut Open) -> Option<Notice>) {
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

    /// The roster of players.
    fn show_players(&mut self) {
        // The roster reads the sessions themselves, not the archive or the trash, as they are
        // now (a game may have been played since the last listing).
        self.home.shelf = marque_store::Shelf::Sessions;
        self.home.refresh(&self.store);
        self.screen = Screen::Players;
    }

    fn merge_players(&mut self, name: String, into: String) {
        let change = people::Change::Merge {
            name: name.clone(),
            into: into.clone(),
        };
        if self.change_people(&change) {
            self.notice = Some(msg!("ui.players.merged_notice", name = name, into = into).into());
        }
    }

    fn split_player(&mut self, name: String) {
        if self.change_people(&people::Change::Split(name.clone())) {
            self.notice = Some(msg!("ui.players.split_notice", name = name).into());
        }
    }

    /// The folder's names as they now are: kept in the preferences, and who is who for the
    /// open session's forms (the one place both are set).
    pub(super) fn set_people(&mut self, names: people::People) {
        self.prefs.people = names;
        let people = self.prefs.people();
        if let Some(o) = self.open.as_mut() {
            o.view.people = people;
        }
    }

    /// Changes the club's names in their shared file (read again first: only this change is
    /// written over what is there); the table is told if it could not be (false), and of
    /// copies of the file that do not read (left where they are).
    pub(super) fn change_people(&mut self, change: &people::Change) -> bool {
        match people::People::change(&self.store, change) {
            Ok(read) => {
                self.set_people(read.people);
                if let Some(first) = read.unreadable.first() {
                    let m = msg!(
                        "ui.people.unreadable_copy",
                        file = marque_store::shown_name(first),
                        n = read.unreadable.len()
                    );
                    self.notice = Some(m.into());
                }
                true
            }
            Err(e @ people::PeopleError::Damaged(_)) => {
                self.notice = Some(e.msg().into());
                false
            }
            Err(people::PeopleError::Store(e)) => {
                self.notice = Some(
                    msg!(
                        "ui.prefs.not_saved",
                        error = super::notice::store_error(&e, self.lang())
                    )
                    .into(),
                );
                false
            }
        }
    }

    /// Creates the session the new-session form made; a refusal stays on the form.
    fn create_from_form(&mut self, session: Session) {
        self.notice = None;
        if let Err(e) = self.create(session, true)
            && let Screen::New(ns) = &mut self.screen
        {
            ns.error = Some(e.msg(None));
        }
    }

    /// A file the desktop's dialog gave for `purpose`: it serves this once (the field stays
    /// as it was, so that the next tap asks again). An export is of the session the dialog was
    /// opened on (`session`), and of no other.
    pub(super) fn picked(&mut self, purpose: FileFor, path: PathBuf, session: Option<PathBuf>) {
        match purpose {
            FileFor::Import => self.run(Command::Import(path)),
            FileFor::Backup => self.run(Command::Backup(path)),
            FileFor::Restore => self.run(Command::RestoreBackup(path)),
            FileFor::EveningPdf => self.evening_pdf(&path, session.as_deref()),
            FileFor::Export | FileFor::ExportPdf => {
                let Some(open) = self
                    .open
                    .as_mut()
                    .filter(|o| session.as_deref() == Some(o.doc.path()))
                else {
                    self.notice = Some(Msg::new("ui.dialog.other_session").into());
                    return;
                };
                let typed =
                    std::mem::replace(&mut open.view.export_path, path.display().to_string());
                self.run(if purpose == FileFor::Export {
                    Command::Export
                } else {
                    Command::ExportPdf
                });
                if let Some(open) = self.open.as_mut() {
                    open.view.export_path = typed;
                }
            }
        }
    }

    /// Exports to the path typed, or asks the desktop for one.
    fn export_or_ask(&mut self, purpose: FileFor) {
        let typed = self
            .open
            .as_ref()
            .is_some_and(|o| !o.view.export_path.trim().is_empty());
        match (typed, purpose) {
            (false, _) => self.browse(purpose),
            (true, FileFor::ExportPdf) => self.export_pdf(),
            (true, _) => self.export(),
        }
    }

    /// A file of the data folder as a notice names it: where it is in the folder
    /// (`archive/partie.json`), not its whole path.
    fn in_folder(&self, path: &Path) -> String {
        path.strip_prefix(&self.store.dir)
            .map(|p| p.display().to_string())
            .unwrap_or_else(|_| path.display().to_string())
    }

    fn import(&mut self, path: &Path) {
        self.notice = Some(match self.store.import(path) {
            Ok(p) => msg!("ui.home.imported", file = self.in_folder(&p)).into(),
            Err(e) => store_notice(e),
        });
        self.home.refresh(&self.store);
    }

    /// Moves a session to the archive or the trash, with a way back.
    fn shelve(&mut self, path: &Path, to: marque_store::Shelf) {
        let index = self.home.row_of(path);
        let players = match self.home.listing().0.iter().find(|l| l.path == path) {
            Some(marque_store::Listed {
                state: marque_store::FileState::Fine(s),
                ..
            }) => s.players.join(", "),
            _ => String::new(),
        };
        self.notice = Some(match self.store.shelve(path, to) {
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
                msg!("ui.home.moved_to", file = self.in_folder(&dest)).into()
            }
            Err(e) => store_notice(e),
        });
        self.home.refresh(&self.store);
    }

    /// Puts back the `i`th session moved.
    fn unshelve(&mut self, i: usize) {
        let Some(m) = self.home.moved.get(i).cloned() else {
            return;
        };
        self.notice = Some(match self.store.shelve(&m.dest, m.back) {
            Ok(dest) => {
                self.home.moved.remove(i);
                msg!("ui.home.moved_to", file = self.in_folder(&dest)).into()
            }
            Err(e) => store_notice(e),
        });
        self.home.refresh(&self.store);
    }

    /// Moves a damaged file aside.
    fn move_aside(&mut self, p: &Path) {
        self.notice = Some(match self.store.move_aside(p) {
            Ok(dest) => msg!("ui.home.moved", file = self.in_folder(&dest)).into(),
            Err(e) => msg!("ui.io_error", error = marque_core::i18n::io_error(&e)).into(),
        });
        self.home.refresh(&self.store);
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
            self.run(Command::Shelve(path, marque_store::Shelf::Trash));
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

    /// Writes the open session to the path typed (never over a file): as a PDF or as CSV where
    /// the name ends so, else as its session file.
    pub fn export(&mut self) {
        let ext = self.open.as_ref().and_then(|o| {
            std::path::Path::new(o.view.export_path.trim())
                .extension()
                .map(|e| e.to_string_lossy().to_lowercase())
        });
        match ext.as_deref() {
            Some("pdf") => self.export_pdf(),
            Some("csv") => self.export_as(|doc, lang| {
                crate::csv_out::session_csv(doc.session(), lang).map_err(|e| match e {
                    crate::csv_out::CsvError::Io(e) => marque_core::i18n::io_error(&e).render(lang),
                    crate::csv_out::CsvError::Problems(p) => render_problems(&p, lang, None),
                })
            }),
            _ => self.export_as(|doc, _| Ok(doc.session().to_json_string().into_bytes())),
        }
    }

    /// Writes the open session as a PDF to the path typed (never over a file).
    pub fn export_pdf(&mut self) {
        self.export_as(|doc, lang| {
            crate::pdf::session_pdf(doc.session(), lang).map_err(|e| e.msg(lang))
        });
    }

    /// Writes what `make` gives for the open session to the path typed: atomically, and never
    /// over a file or a link already there (a dangling link included).
    pub(super) fn export_as(
        &mut self,
        make: impl FnOnce(&Document, Lang) -> Result<Vec<u8>, String>,
    ) {
        let lang = self.lang();
        let Some(open) = self.open.as_ref() else {
            return;
        };
        let path = PathBuf::from(open.view.export_path.trim());
        let notice = if open.view.export_path.trim().is_empty() {
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
                Ok(Err(e)) => msg!("ui.io_error", error = marque_core::i18n::io_error(&e)),
                Err(e) => msg!("ui.io_error", error = e),
            }
        };
        self.notice = Some(notice.into());
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
    fn create_evening(&mut self, title: &str, asked: &marque_core::club::Asked) {
        match new_evening::create(&self.store, title, asked) {
            Ok(p) => self.send(Command::OpenEvening(p)),
            Err(n) => self.notice = Some(n),
        }
    }

    pub(super) fn disk_changed(&mut self, people: bool) {
        self.home.refresh(&self.store);
        self.evening
            .iter_mut()
            .for_each(evening::EveningState::stale);
        self.table_changed();
        self.reload_open();
        if !people {
            return;
        }
        // A file that does not read (being written by hand, damaged) leaves the names shown.
        let read = marque_store::people::People::read(&self.store);
        if read.damaged {
            self.notice = Some(Msg::new("ui.people.unread").into());
        } else if read.people != self.prefs.people {
            self.set_people(read.people);
            self.players = super::players::PlayersState::default();
        }
    }

    /// Merges the conflict copies of the session at `path` with these picks (one per choice, in
    /// order), on a thread of its own: the merge reads and writes several files.
    pub(super) fn merge_copies(&mut self, path: &Path, picks: Vec<usize>) {
        // The choices the picks were made on: other choices now are asked again.
        let expected = self
            .merging
            .take()
            .filter(|d| d.path == path)
            .map(|d| d.pending.choices);
        let (store, path) = (self.store.clone(), path.to_path_buf());
        self.start_job(move || {
            let outcome = marque_store::document::merge_copies(
                &store,
                &path,
                &picks,
                expected.as_deref(),
                &crate::local::now(),
            );
            JobDone::Merge {
                path,
                picks,
                expected,
                outcome,
            }
        });
    }

    /// What a merge of conflict copies came to, said; its choices shown where some are left,
    /// and an open session merged shown as its file now is.
    pub(super) fn merged(
        &mut self,
        path: &Path,
        picks: &[usize],
        expected: Option<&[marque_core::merge::Choice]>,
        outcome: Result<marque_store::Merging, marque_store::StoreError>,
    ) {
        if matches!(outcome, Ok(marque_store::Merging::Merged(_))) {
            self.reload_open();
        }
        let (notice, dialog) = super::sync::merged(path, picks, expected, outcome);
        self.notice = Some(notice);
        if dialog.is_some() {
            self.merging = dialog;
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

    /// Opens a file dialog on a thread of its own (one at a time); its answer is taken by
    /// [`App::poll_job`].
    pub(super) fn browse(&mut self, purpose: FileFor) {
        let session = self.open.as_ref().map(|o| o.doc.path().to_path_buf());
        if let Some(m) = self
            .work
            .browse(purpose, (self.ask_file, self.lang()), session)
        {
            self.notice = Some(m.into());
        }
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
    fn offer_sides(&self) {
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
