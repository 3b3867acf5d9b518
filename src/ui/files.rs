//! The shell's part of the data folder's files: a file picked in a dialog, a session exported
//! (CSV, PDF), imported, put on another shelf or back, a damaged file moved aside, the folder
//! changed elsewhere and the conflict copies another machine left merged.

use std::path::{Path, PathBuf};

use super::app::App;
use super::command::{Command, FileFor, Files, Named};
use super::dialogs::JobDone;
use super::notice::{render_problems, store_notice};
use super::{evening, home};
use marque_core::i18n::msg;
use marque_core::i18n::{Lang, Msg};
use marque_store::document::Document;

impl App {
    /// A file the desktop's dialog gave for `purpose`: it serves this once (the field stays
    /// as it was, so that the next tap asks again). An export is of the session the dialog was
    /// opened on (`session`), and of no other.
    pub(super) fn picked(&mut self, purpose: FileFor, path: PathBuf, session: Option<PathBuf>) {
        match purpose {
            FileFor::Import => self.run(Command::Files(Files::Import(path))),
            FileFor::Backup => self.run(Command::Files(Files::Backup(path))),
            FileFor::Restore => self.run(Command::Files(Files::RestoreBackup(path))),
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
                    Command::Named(Named::Export)
                } else {
                    Command::Named(Named::ExportPdf)
                });
                if let Some(open) = self.open.as_mut() {
                    open.view.export_path = typed;
                }
            }
        }
    }

    /// Exports to the path typed, or asks the desktop for one.
    pub(super) fn export_or_ask(&mut self, purpose: FileFor) {
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
    pub(super) fn in_folder(&self, path: &Path) -> String {
        path.strip_prefix(&self.store.dir)
            .map(|p| p.display().to_string())
            .unwrap_or_else(|_| path.display().to_string())
    }

    pub(super) fn import(&mut self, path: &Path) {
        self.notice = Some(match self.store.import(path) {
            Ok(p) => msg!("ui.home.imported", file = self.in_folder(&p)).into(),
            Err(e) => store_notice(e),
        });
        self.home.refresh(&self.store);
    }

    /// Moves a session to the archive or the trash, with a way back.
    pub(super) fn shelve(&mut self, path: &Path, to: marque_store::Shelf) {
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
    pub(super) fn unshelve(&mut self, i: usize) {
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
    pub(super) fn move_aside(&mut self, p: &Path) {
        self.notice = Some(match self.store.move_aside(p) {
            Ok(dest) => msg!("ui.home.moved", file = self.in_folder(&dest)).into(),
            Err(e) => msg!("ui.io_error", error = marque_core::i18n::io_error(&e)).into(),
        });
        self.home.refresh(&self.store);
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
            match make(&open.doc, lang).map(|bytes| marque_store::write_new(&path, &bytes)) {
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
}
