//! Every change the app makes is a [`Command`] (`command.rs`), run in one place
//! ([`App::run_commands`]): screens emit them; each command's work is a function of its own.

use std::path::{Path, PathBuf};

use super::command::{Command, FileFor};
use super::dialogs::JobDone;
use super::notice::{Notice, render_problems, store_notice};
use super::open::Open;
use super::prefs::Prefs;
use super::{App, Screen, TAP_GUARD_SECONDS, home, new_session};
use marque_core::games::GameKind;
use marque_core::i18n::{Lang, Msg, tr};
use marque_core::msg;
use marque_core::session::Session;
use marque_store::people;

impl App {
    /// Carries out every command asked for during the frame: the one place where the app
    /// changes.
    pub fn run_commands(&mut self) {
        for c in std::mem::take(&mut self.commands) {
            self.run(c);
        }
        // The table's way of entering hands, kept for its next session (and the next start).
        // A mode switched in the form counts at once (not only once its hand is entered).
        let modes = self.open.as_mut().map(Open::table_modes);
        if let Some(modes) = modes
            && modes != self.prefs.modes
        {
            self.change_prefs(|p| p.modes = modes);
        }
    }

    pub(super) fn run(&mut self, c: Command) {
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
            Command::Open(p) => self.open_path(&p),
            Command::OpenNewer(p, v) => self.open_newer(&p, v),
            Command::Create(s) => self.create_from_form(*s),
            Command::Confirm(hand) => self.confirm(hand),
            Command::Delete(i) => self.delete(i),
            Command::Undo => self.undo(),
            Command::Redo => self.redo(),
            Command::Restore(change) => self.restore(change),
            Command::CloseSession => self.close_session(),
            Command::AskReopen => self.with_open(|o| o.confirm_reopen = true),
            Command::CancelReopen => self.with_open(|o| o.confirm_reopen = false),
            Command::Reopen => self.reopen(),
            Command::ToggleScoreboard => self.scoreboard = !self.scoreboard,
            Command::ToggleSharing => self.toggle_sharing(),
            Command::SetTitle => self.set_title(),
            Command::ToggleChart => self.with_open(|o| {
                o.show_chart = !o.show_chart;
                o.rows.chart_to_view.set(o.show_chart);
            }),
            Command::ChartRubber(r) => self.with_open(|o| o.chart_rubber = Some(r)),
            Command::Word(i, agreed) => self.word(i, agreed),
            Command::ApplyOptions => self.apply_options(),
            Command::NextRubber => self.with_open(|o| {
                o.next_rubber = true;
                o.reset_form();
            }),
            Command::Export => self.export_or_ask(FileFor::Export),
            Command::ExportPdf => self.export_or_ask(FileFor::ExportPdf),
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
            Command::Select(i) => self.with_open(|o| o.selected = Some(i)),
            Command::WhatIf(Some((key, value))) => self.with_open(|o| {
                o.whatif.insert(key, value);
            }),
            Command::WhatIf(None) => self.with_open(|o| o.whatif.clear()),
            Command::Edit(i) => self.with_open(|o| {
                o.editing = Some(i);
                o.reset_form();
            }),
            Command::CancelEdit => self.with_open(|o| {
                if o.editing.take().is_some() && o.table.is_some() {
                    o.table = None;
                }
                o.reset_form();
            }),
            Command::Table(kind) => self.with_open(|o| {
                o.switch_table(kind);
                // The keys just tapped lie right above the form: it is not scrolled to.
                o.form_top = false;
            }),
            Command::ToggleLog => self.with_open(|o| {
                o.show_log = !o.show_log;
                o.rows.log_to_view.set(o.show_log);
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

    /// Changes the preferences and saves them; the table is told if they could not be saved
    /// (false).
    pub(super) fn change_prefs(&mut self, change: impl FnOnce(&mut Prefs)) -> bool {
        change(&mut self.prefs);
        match self.prefs.save(&self.store) {
            Ok(()) => true,
            Err(e) => {
                self.notice = Some(msg!("ui.prefs.not_saved", error = e.to_string()).into());
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
            o.people = people;
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
            Err(people::PeopleError::Damaged(path)) => {
                let m = msg!("ui.people.damaged", file = marque_store::shown_name(&path));
                self.notice = Some(m.into());
                false
            }
            Err(people::PeopleError::Store(e)) => {
                self.notice = Some(msg!("ui.prefs.not_saved", error = self.store_error(&e)).into());
                false
            }
        }
    }

    /// Creates the session the new-session form made; a refusal stays on the form.
    fn create_from_form(&mut self, session: Session) {
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
            FileFor::Export | FileFor::ExportPdf => {
                let Some(open) = self
                    .open
                    .as_mut()
                    .filter(|o| session.as_deref() == Some(o.doc.path()))
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

    /// Exports to the path typed, or asks the desktop for one.
    fn export_or_ask(&mut self, purpose: FileFor) {
        let typed = self
            .open
            .as_ref()
            .is_some_and(|o| !o.export_path.trim().is_empty());
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
            Err(e) => msg!("ui.io_error", error = e.to_string()).into(),
        });
        self.home.refresh(&self.store);
    }
}

/// The game the tour shows: the one that starts with the fewest players (the quickest to enter).
fn tour_game() -> GameKind {
    GameKind::ALL
        .into_iter()
        .min_by_key(|g| g.usual_players())
        .unwrap_or(GameKind::ALL[0])
}

impl App {
    /// A practice session of the tour's game, opened, with the tour's first step.
    pub(super) fn start_tour(&mut self) {
        let lang = self.lang();
        let game = tour_game();
        let players: Vec<String> = (0..game.usual_players())
            .map(|k| tr(lang, &format!("ui.tour.player{}", k % 4 + 1)))
            .collect();
        let options = serde_json::Map::new();
        let mut session = match Session::new(game, players, options, crate::local::now()) {
            Ok(s) => s,
            Err(p) => {
                let game = Some(game);
                self.notice = Some(Notice::new(move |lang| render_problems(&p, lang, game)));
                return;
            }
        };
        session.id = Some(marque_store::new_id(game.id()));
        session.set_text_field("title", &tr(lang, "ui.tour.title"));
        if let Err(e) = self.create(session, false) {
            self.notice = Some(store_notice(e));
            return;
        }
        self.tour = Some(1);
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

    /// The tour follows the table: once the first hand is entered, its next step.
    pub(super) fn follow_tour(&mut self) {
        let Some(step) = self.tour else {
            return;
        };
        // The practice session left: the tour ends with it (the session stays on the list).
        let Some(open) = self.open.as_ref() else {
            self.tour = None;
            return;
        };
        let next = match step {
            1 if !open.doc.session().hands.is_empty() => 2,
            s => s,
        };
        self.tour = Some(next);
    }
}
