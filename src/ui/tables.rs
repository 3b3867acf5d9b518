//! The shell's part of an evening's tables: a table's file opened (a bridge table on its own
//! screen, a Tarot table as the session it is), each board written through the table's
//! document, its outcome said once, and the table read again when its file changes.

use std::path::PathBuf;

use super::app::{App, Screen};
use super::evening_table::{self, TableState};
use super::notice::Notice;
use marque_core::i18n::Msg;
use marque_store::{Lock, StoreError, TableDoc, TableOp, TableRefused};

impl App {
    /// A table's file of an evening: a duplicate table's screen, or (a Tarot table, any other
    /// session) the session's own screen.
    /// The table's file alone is read here: its evening is the one the evening's screen read on
    /// its thread (one file on the window's thread).
    pub(super) fn open_table(&mut self, path: PathBuf) {
        let Some(shown) = self.evening.as_ref() else {
            return;
        };
        let (evening, read) = (shown.path.clone(), shown.evening.clone());
        match TableDoc::read(&path, read.clone()) {
            Ok(Some(doc)) => {
                self.table = Some(TableState::new(doc, evening));
                self.screen = Screen::Table;
            }
            // A Tarot table: its session, which refuses what its evening would not count.
            Ok(None) => {
                self.notice = None;
                self.open_path(&path);
                if let (Some(o), Some(evening)) = (self.open.as_mut(), read)
                    && o.doc.path() == path
                {
                    o.doc.in_evening(evening);
                }
            }
            Err(e) => self.notice = Some(self.store_notice(&path, &e)),
        }
    }

    /// The evening read again (its file changed: a name corrected, say): the open table's
    /// screen, or the open Tarot table's session, checks against it from now on.
    pub(super) fn evening_arrived(&mut self) {
        let Some(e) = self.evening.as_ref() else {
            return;
        };
        let Some(ev) = e.evening.clone() else {
            return;
        };
        if let Some(t) = self.table.as_mut().filter(|t| t.evening == e.path) {
            t.evening_read(ev.clone());
        }
        // An evening's tables are in its folder: another evening's table of the same name
        // is not this one's.
        let folder = e.path.parent();
        if let Some(o) = self
            .open
            .as_mut()
            .filter(|o| o.doc.is_a_table() && o.doc.path().parent() == folder)
        {
            let name = o
                .doc
                .path()
                .file_name()
                .map(|n| n.to_string_lossy().into_owned());
            if name.is_some_and(|n| marque_core::club::names_table(&ev, &n)) {
                o.doc.in_evening(ev);
            }
        }
    }

    /// A board of the open table entered, corrected, deleted or put back: written at once,
    /// under the file's lock, only over the file as read; a file changed meanwhile (another
    /// writer of this table) is read again and a new board entered on it.
    pub(super) fn table_entry(&mut self, op: &TableOp) {
        let Some(t) = self.table.as_mut() else {
            return;
        };
        let path = t.doc.path.clone();
        let lock = match Lock::acquire(&path) {
            Ok(l) => l,
            Err(e) => {
                self.notice = Some(self.store_notice(&path, &e));
                return;
            }
        };
        let before = t.doc.hands().to_vec();
        let mut result = t.doc.apply(op, &crate::local::now(), &lock);
        if let (Err(TableRefused::Store(StoreError::Changed)), TableOp::Add(_)) = (&result, op)
            && t.doc.reload().is_ok()
        {
            result = t.doc.apply(op, &crate::local::now(), &lock);
        }
        let notice = match result {
            Ok(()) => {
                let (said, deleted) = evening_table::done(op, &before);
                t.replan();
                t.deleted = deleted;
                said.into()
            }
            Err(TableRefused::Problems(problems)) => {
                let lines: Vec<Msg> = problems.into_iter().map(|(_, m)| m).collect();
                Notice::new(move |lang| {
                    lines
                        .iter()
                        .map(|m| m.render(lang))
                        .collect::<Vec<_>>()
                        .join("\n")
                })
            }
            Err(TableRefused::Store(e)) => {
                // The file changed under the screen: shown as it now is.
                if t.doc.reload().is_ok() {
                    t.replan();
                }
                self.store_notice(&path, &e)
            }
        };
        self.notice = Some(notice);
    }

    /// The table's file changed on disk (another writer, a copy arrived): read again.
    pub(super) fn table_changed(&mut self) {
        if let Some(t) = self.table.as_mut()
            && t.doc.changed_on_disk()
            && t.doc.reload().is_ok()
        {
            t.replan();
        }
    }

    fn store_notice(&self, path: &std::path::Path, e: &StoreError) -> Notice {
        e.msg(Some(&path.display().to_string())).into()
    }
}

impl App {
    /// The evening shown as a PDF: a file asked for first (the desktop's dialog).
    pub(super) fn ask_evening_pdf(&mut self) {
        let evening = self.evening.as_ref().map(|e| e.path.clone());
        if let Some(m) = self.work.browse(
            super::command::FileFor::EveningPdf,
            (self.ask_file, self.lang()),
            evening,
        ) {
            self.notice = Some(m.into());
        }
    }

    /// Writes the PDF of the evening the dialog was opened on (`evening`), as it is shown, to
    /// `path`: atomically, never over a file or a link there.
    pub(super) fn evening_pdf(
        &mut self,
        path: &std::path::Path,
        evening: Option<&std::path::Path>,
    ) {
        let lang = self.lang();
        let shown = self
            .evening
            .as_ref()
            .filter(|e| Some(e.path.as_path()) == evening)
            .and_then(|e| match &e.shown {
                Some((_, Ok(out))) => {
                    // Its title, else its file's name, as its screen heads it.
                    let name = e.path.file_name().map(|n| n.to_string_lossy().into_owned());
                    let name = name
                        .unwrap_or_default()
                        .trim_end_matches(".evening.json")
                        .to_string();
                    let title = e.title.clone().filter(|t| !t.trim().is_empty());
                    Some((out, Some(title.unwrap_or(name))))
                }
                _ => None,
            });
        let Some((out, title)) = shown else {
            self.notice = Some(Msg::new("ui.dialog.other_evening").into());
            return;
        };
        let file = path.display().to_string();
        let title = title.unwrap_or_default();
        let mut bytes = Vec::new();
        let notice = match crate::pdf::write_evening_pdf(out, &title, lang, &mut bytes) {
            Err(e) => marque_core::i18n::msg!("ui.io_error", error = e.msg(lang)),
            Ok(()) => match marque_store::write_new(path, &bytes) {
                Ok(()) => marque_core::i18n::msg!("ui.evening.printed", file = file),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                    marque_core::i18n::msg!("ui.export.exists", file = file)
                }
                Err(e) => {
                    marque_core::i18n::msg!("ui.io_error", error = marque_core::i18n::io_error(&e))
                }
            },
        };
        self.notice = Some(notice.into());
    }
}
