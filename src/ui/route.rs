//! The router: each command to its area's function, a table of contents of what the window
//! does. [`App::run`] hands a command to its area; each area's arms name the function that
//! does the work (in `app.rs`, `files.rs`, `tables.rs`…) or make a change of a line.

use super::app::{App, Screen, TAP_GUARD_SECONDS};
use super::command::{Command, Entry, Evenings, FileFor, Files, Go, Look, Named, People, Share};
use super::dialogs::JobDone;
use super::open::Open;
use super::prefs::{ZOOM_MAX, ZOOM_MIN};
use super::{evening, new_session};
use marque_core::games::GameKind;
use marque_core::i18n::{Lang, Msg};

impl App {
    /// Carries out one command: the one place where the app changes.
    pub(super) fn run(&mut self, c: Command) {
        if c.moves_keys() {
            self.guard_until = Some(self.now + TAP_GUARD_SECONDS);
        }
        match c {
            Command::Named(n) => self.run_named(n),
            Command::Entry(e) => self.run_entry(e),
            Command::Files(f) => self.run_files(f),
            Command::Evenings(e) => self.run_evenings(e),
            Command::People(p) => match p {
                People::Merge(name, into) => self.merge_players(name, into),
                People::Split(name) => self.split_player(name),
            },
            Command::Share(s) => self.run_share(s),
            Command::Go(Go::Rules { game, focus }) => self.screen = Screen::Rules { game, focus },
            Command::Go(Go::TourStep(n)) => {
                self.tour = Some(n.min(super::welcome::TOUR_STEPS));
            }
            // Already shown at that size: kept, and not applied again; past the sizes the
            // window allows, the nearest is kept and applied (egui's own keys go further).
            Command::Look(Look::Zoomed(zoom)) => {
                let kept = zoom.clamp(ZOOM_MIN, ZOOM_MAX);
                self.change_prefs(|p| p.zoom = kept);
                if (kept - zoom).abs() < 0.001 {
                    self.prefs_applied = Some(self.prefs.clone());
                }
            }
        }
    }

    /// The commands that carry nothing: the menus', the keys', the screens' plain keys.
    fn run_named(&mut self, n: Named) {
        match n {
            Named::Home => self.go_home(),
            Named::Rules => {
                let game = self.open.as_ref().map(|o| o.doc.session().game);
                let game = game.unwrap_or(GameKind::ALL[0]);
                self.screen = Screen::Rules { game, focus: None };
            }
            Named::NewSession => {
                self.screen = Screen::New(Box::new(new_session::NewSession::new(&self.prefs)));
            }
            Named::BackToSession => self.screen = Screen::Session,
            Named::Players => self.show_players(),
            Named::NewEvening => self.screen = Screen::NewEvening(Box::default()),
            Named::EveningPdf => self.ask_evening_pdf(),
            Named::Undo => self.operate(Open::undo),
            Named::Redo => self.operate(Open::redo),
            Named::CloseSession => self.operate(Open::close_session),
            Named::AskReopen => self.with_open(|o| o.view.confirm_reopen = true),
            Named::CancelReopen => self.with_open(|o| o.view.confirm_reopen = false),
            Named::Reopen => self.operate(Open::reopen),
            Named::NextPart => self.with_open(|o| {
                o.view.next_part = true;
                o.reset_form();
            }),
            Named::ToggleScoreboard => self.scoreboard = !self.scoreboard,
            Named::ToggleSharing => self.toggle_sharing(),
            Named::ToggleChart => self.with_open(|o| {
                o.view.show_chart = !o.view.show_chart;
                o.view.rows.chart_to_view.set(o.view.show_chart);
            }),
            Named::ToggleLog => self.with_open(|o| {
                o.view.show_log = !o.view.show_log;
                o.view.rows.log_to_view.set(o.view.show_log);
            }),
            Named::SetTitle => self.operate(Open::set_title),
            Named::ApplyOptions => self.operate(Open::apply_options),
            Named::Export => self.export_or_ask(FileFor::Export),
            Named::ExportPdf => self.export_or_ask(FileFor::ExportPdf),
            Named::CancelEdit => self.with_open(|o| {
                if o.view.editing.take().is_some() && o.view.table.is_some() {
                    o.view.table = None;
                }
                o.reset_form();
            }),
            Named::CancelMerge => self.merging = None,
            Named::StartTour => self.start_tour(),
            Named::EndTour => self.end_tour(),
            // (A preference not saved is told by a notice.)
            Named::ToggleLang => {
                self.change_prefs(|p| {
                    p.lang = match p.lang {
                        Lang::Fr => Lang::En,
                        Lang::En => Lang::Fr,
                    }
                });
            }
            Named::ToggleTheme => {
                self.change_prefs(|p| p.dark = !p.dark);
            }
            Named::ZoomIn => {
                self.change_prefs(|p| p.zoom_by(0.1));
            }
            Named::ZoomOut => {
                self.change_prefs(|p| p.zoom_by(-0.1));
            }
            Named::DismissNotice => self.notice = None,
        }
    }

    /// The open session's entries and what its screen shows of them.
    fn run_entry(&mut self, e: Entry) {
        match e {
            Entry::Create(s) => self.create_from_form(*s),
            Entry::Confirm(hand) => self.operate(|o| o.confirm(hand)),
            Entry::Delete(i) => self.operate(|o| o.delete(i)),
            Entry::Restore(change) => self.operate(|o| o.restore(change)),
            Entry::Word(i, agreed) => self.operate(|o| o.word(i, agreed)),
            Entry::ChartPart(r) => self.with_open(|o| o.view.chart_part = Some(r)),
            Entry::Select(i) => self.with_open(|o| o.view.selected = Some(i)),
            Entry::WhatIf(Some((key, value))) => self.with_open(|o| {
                o.view.whatif.insert(key, value);
            }),
            Entry::WhatIf(None) => self.with_open(|o| o.view.whatif.clear()),
            Entry::Edit(i) => self.with_open(|o| {
                o.view.editing = Some(i);
                o.reset_form();
            }),
            Entry::Table(kind) => self.with_open(|o| {
                o.switch_table(kind);
                // The keys just tapped lie right above the form: it is not scrolled to.
                o.view.form_top = false;
            }),
        }
    }

    /// The data folder's files.
    fn run_files(&mut self, f: Files) {
        match f {
            // Another session opened: the notice of the one before goes (a failure to open
            // this one says so in its place).
            Files::Open(p) => {
                self.notice = None;
                self.open_path(&p);
            }
            Files::OpenNewer(p, v) => {
                self.notice = None;
                self.open_newer(&p, v);
            }
            Files::Import(path) if path.as_os_str().is_empty() => self.browse(FileFor::Import),
            Files::Import(path) => self.import(&path),
            Files::Shelve(path, to) => self.shelve(&path, to),
            Files::Unshelve(i) => self.unshelve(i),
            Files::HomeShelf(shelf) => {
                self.home.shelf = shelf;
                self.home.moved.clear();
                self.home.refresh(&self.store);
            }
            Files::Backup(path) if path.as_os_str().is_empty() => self.browse(FileFor::Backup),
            // The whole folder is read or written: on a thread of its own, the window stays live.
            Files::Backup(path) => {
                let store = self.store.clone();
                self.start_job(move || {
                    JobDone::Folder(store.backup(&path).map(|b| b.message(&path)))
                });
            }
            Files::RestoreBackup(path) if path.as_os_str().is_empty() => {
                self.browse(FileFor::Restore);
            }
            Files::RestoreBackup(path) => {
                let store = self.store.clone();
                self.start_job(move || JobDone::Folder(store.restore(&path).map(|r| r.message())));
            }
            Files::Browse(purpose) => self.browse(purpose),
            Files::MoveAside(p) => self.move_aside(&p),
            Files::DiskChanged { people } => self.disk_changed(people),
            Files::MergeCopies(path, picks) => self.merge_copies(&path, picks),
        }
    }

    /// An evening of several tables and its tables.
    fn run_evenings(&mut self, e: Evenings) {
        match e {
            Evenings::Open(p) => {
                (self.evening, self.screen) =
                    (Some(evening::EveningState::new(p)), Screen::Evening);
            }
            Evenings::OpenTable(p) => self.open_table(p),
            Evenings::TableEntry(op) => self.table_entry(&op),
            Evenings::Create(title, asked) => self.create_evening(&title, &asked),
        }
    }

    /// The room's pages and the phones paired to them.
    fn run_share(&mut self, s: Share) {
        let Some(shared) = self.sharing.as_mut() else {
            return;
        };
        match s {
            Share::Network(ip) => shared.set_host(ip),
            Share::Revoke(token) => {
                shared.pairings().revoke(&token);
                self.notice = Some(Msg::new("ui.share.revoked").into());
            }
        }
    }
}
