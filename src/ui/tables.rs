//! The shell's part of an evening's tables: a table's file opened (a bridge table on its own
//! screen, a Tarot table as the session it is), each board written through the table's
//! document, its outcome said once, and the table read again when its file changes.

use std::path::PathBuf;

use super::app::{App, Screen};
use super::command::Command;
use super::evening_table::{self, TableState};
use super::notice::Notice;
use marque_core::i18n::Msg;
use marque_store::{Lock, StoreError, TableDoc, TableOp, TableRefused};

impl App {
    /// A table's file of an evening: a duplicate table's screen, or (a Tarot table, any other
    /// session) the session's own screen.
    pub(super) fn open_table(&mut self, path: PathBuf) {
        match TableDoc::open(&path) {
            Ok(Some(doc)) => {
                let evening = self
                    .evening
                    .as_ref()
                    .map(|e| e.path.clone())
                    .unwrap_or_else(|| path.with_file_name(""));
                self.table = Some(TableState::new(doc, evening));
                self.screen = Screen::Table;
            }
            Ok(None) => self.send(Command::Open(path)),
            Err(e) => self.notice = Some(self.store_notice(&path, &e)),
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
