//! Files asked of the desktop (a native dialog on a thread of its own) and long jobs (backup,
//! restore) run off the UI thread: the window stays live and is told when they end.

use std::path::PathBuf;
use std::sync::mpsc::{Receiver, TryRecvError};

use super::command::FileFor;
use marque_core::i18n::msg;
use marque_core::i18n::{Lang, Msg, tr};
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
            FileFor::EveningPdf => "ui.dialog.evening_pdf",
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
        FileFor::ExportPdf | FileFor::EveningPdf => d.add_filter("PDF", &["pdf"]).save_file(),
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

/// Work off the UI thread: at most one file dialog and one job over several files at a time.
#[derive(Default)]
pub struct Work {
    job: Option<Receiver<JobDone>>,
    /// A file dialog open, what for, and the session it was opened on (an export is of it).
    dialog: Option<(FileFor, Option<PathBuf>, Receiver<Option<PathBuf>>)>,
}

/// A file dialog's answer: what the file was asked for, the file (none: none was chosen, or no
/// dialog could open), and the session the dialog was opened on.
pub struct Answered {
    pub purpose: FileFor,
    pub path: Option<PathBuf>,
    pub session: Option<PathBuf>,
}

impl Work {
    /// A file dialog or a job is under way.
    pub fn is_busy(&self) -> bool {
        self.dialog.is_some() || self.job.is_some()
    }

    /// Runs work on more than one file (backup, restore, a merge) on a thread of its own; what
    /// to tell the table.
    pub fn start_job(&mut self, work: impl FnOnce() -> JobDone + Send + 'static) -> Msg {
        // One at a time: a second would take the first's place, and its outcome would be lost.
        if self.job.is_some() {
            return Msg::new("ui.job.busy");
        }
        let (tx, rx) = std::sync::mpsc::channel();
        let spawned = std::thread::Builder::new()
            .name("marque-job".into())
            .spawn(move || {
                // The window gone, nobody is left to tell.
                tx.send(work()).ok();
            });
        match spawned {
            Ok(_) => {
                self.job = Some(rx);
                Msg::new("ui.job.running")
            }
            Err(e) => msg!("ui.io_error", error = marque_core::i18n::io_error(&e)),
        }
    }

    /// Opens a file dialog with `ask` on a thread of its own (one at a time), for `purpose`,
    /// over the session at `session` if one is open; what to tell the table if it could not.
    pub fn browse(
        &mut self,
        purpose: FileFor,
        (ask, lang): (AskFile, Lang),
        session: Option<PathBuf>,
    ) -> Option<Msg> {
        if self.dialog.is_some() {
            return Some(Msg::new("ui.dialog.open"));
        }
        let suggested = match purpose {
            FileFor::Import | FileFor::Restore => None,
            FileFor::Backup => Some(format!(
                "marque-{}.json",
                chrono::Local::now().format("%Y-%m-%d")
            )),
            FileFor::EveningPdf => session.as_ref().map(|path| {
                let name = path.file_name().map(|s| s.to_string_lossy().into_owned());
                let stem = name
                    .as_deref()
                    .unwrap_or("soiree")
                    .trim_end_matches(".evening.json");
                format!("{stem}.pdf")
            }),
            FileFor::Export | FileFor::ExportPdf => session.as_ref().map(|path| {
                let stem = path
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
        let (tx, rx) = std::sync::mpsc::channel();
        let spawned = std::thread::Builder::new()
            .name("marque-dialog".into())
            .spawn(move || {
                // The window gone, nobody is left to tell.
                tx.send(ask(purpose, lang, suggested)).ok();
            });
        match spawned {
            Ok(_) => {
                self.dialog = Some((purpose, session, rx));
                None
            }
            Err(_) => Some(Msg::new("ui.dialog.none")),
        }
    }

    /// A file dialog's answer if it came (`ctx` `None`: waits for it).
    pub fn poll_dialog(&mut self, ctx: Option<&egui::Context>) -> Option<Answered> {
        let (purpose, session, rx) = self.dialog.as_ref()?;
        let (purpose, session) = (*purpose, session.clone());
        let path = match ctx {
            Some(ctx) => match rx.try_recv() {
                Ok(a) => a,
                Err(TryRecvError::Empty) => {
                    ctx.request_repaint_after(std::time::Duration::from_millis(100));
                    return None;
                }
                Err(TryRecvError::Disconnected) => None,
            },
            None => rx.recv().ok().flatten(),
        };
        self.dialog = None;
        Some(Answered {
            purpose,
            path,
            session,
        })
    }

    /// The job's outcome if it arrived (`ctx` `None`: waits for it); a job whose thread ended
    /// without one is over.
    pub fn poll_job(&mut self, ctx: Option<&egui::Context>) -> Option<JobDone> {
        let rx = self.job.as_ref()?;
        let outcome = match ctx {
            Some(ctx) => match rx.try_recv() {
                Ok(o) => Some(o),
                Err(TryRecvError::Empty) => {
                    ctx.request_repaint_after(std::time::Duration::from_millis(50));
                    return None;
                }
                Err(TryRecvError::Disconnected) => None,
            },
            None => rx.recv().ok(),
        };
        self.job = None;
        outcome
    }
}
