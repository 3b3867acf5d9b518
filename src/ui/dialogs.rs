//! Files asked of the desktop (a native dialog on a thread of its own) and long jobs (backup,
//! restore) run off the UI thread: the window stays live and is told when they end.

use std::path::PathBuf;

use super::App;
use super::command::FileFor;
use super::notice::store_notice;
use marque_core::i18n::{Lang, Msg, tr};
use marque_core::msg;
use marque_store::StoreError;

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

/// What work on more than one file, done on a thread of its own, came to.
pub enum JobDone {
    /// The whole folder's (backup, restore): what to tell the table.
    Folder(Result<Msg, StoreError>),
    /// A merge of a session's conflict copies, with the picks and the choices it was asked
    /// with.
    Merge {
        path: PathBuf,
        picks: Vec<usize>,
        expected: Option<Vec<marque_core::merge::Choice>>,
        outcome: Result<marque_store::Merging, StoreError>,
    },
}

impl App {
    /// Runs work on more than one file (backup, restore, a merge) on a thread of its own; its
    /// outcome is taken in, and the home list read again, when it is done.
    pub(super) fn start_job(&mut self, work: impl FnOnce() -> JobDone + Send + 'static) {
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
                // The window gone, nobody is left to tell.
                tx.send(work()).ok();
            });
        match spawned {
            Ok(_) => {
                self.job = Some(rx);
                self.notice = Some(Msg::new("ui.job.running").into());
            }
            Err(e) => self.notice = Some(msg!("ui.io_error", error = e.to_string()).into()),
        }
    }

    /// A file dialog or the folder's work is under way.
    pub fn is_busy(&self) -> bool {
        self.dialog.is_some() || self.job.is_some()
    }

    /// Opens a file dialog on a thread of its own (one at a time); its answer is taken by
    /// [`App::poll_job`].
    pub(super) fn browse(&mut self, purpose: FileFor) {
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
                    .path()
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
                // The window gone, nobody is left to tell.
                tx.send(ask(purpose, lang, suggested)).ok();
            });
        match spawned {
            Ok(_) => {
                let session = self.open.as_ref().map(|o| o.doc.path().to_path_buf());
                self.dialog = Some((purpose, session, rx));
            }
            Err(_) => self.notice = Some(Msg::new("ui.dialog.none").into()),
        }
    }

    /// Takes a file dialog's answer if it came (`ctx` `None`: waits for it): the path goes in
    /// the field it stands for, and the work it was asked for is done; no file chosen (or no
    /// dialog to be had) leaves a word to type the path instead.
    pub(super) fn poll_dialog(&mut self, ctx: Option<&egui::Context>) {
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
        self.picked(purpose, path, session);
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
}
