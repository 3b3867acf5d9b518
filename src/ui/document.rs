//! The open session: its document (the session, its sheet, its file's stamp and lock, the undo
//! stack) and every change made to it, each saved at once; a change the file saw elsewhere first
//! is settled by the store's conflict policy.

use std::path::{Path, PathBuf};

use super::notice::{Notice, render_problems, store_error, store_notice};
use super::{App, Form, Screen, forms, sheet};
use crate::games::{GameHand, Live};
use crate::history::{self, Action, Change, UndoStack};
use crate::i18n::{Lang, Msg};
use crate::session::{Preview, Problem, Session, Sheet};
use crate::store::{self, Lock, Stamp, Store, StoreError};
use marque_core::msg;

/// Why an open session is shown without being written to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReadOnly {
    /// The session is over (stopped by the players, or its game ended): it may be taken up
    /// again.
    Over,
    /// Another window or process holds its lock (its note: pid and time).
    Locked(String),
    /// Its lock could not be taken.
    Unwritable(String),
    /// A newer Marque wrote it, at this version.
    Newer(u64),
}

impl ReadOnly {
    /// Why, for the table.
    pub fn msg(&self) -> Msg {
        match self {
            ReadOnly::Over => Msg::new("ui.read_only.finished"),
            ReadOnly::Locked(note) => msg!("ui.read_only.locked", note = store::lock_note(note)),
            ReadOnly::Unwritable(e) => msg!("ui.read_only.error", error = e.as_str()),
            ReadOnly::Newer(v) => msg!("ui.read_only.newer", version = *v),
        }
    }
}

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
    pub read_only: Option<ReadOnly>,
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
    pub(super) fn new(
        path: &Path,
        loaded: store::Loaded,
        lock: Option<Lock>,
        read_only: Option<ReadOnly>,
    ) -> Open {
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
    pub(super) fn reset_form(&mut self) {
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

/// Saves the document over its file; the reason if it could not be saved.
/// Saves the document over its file (nothing to do for a window that only reads it).
pub(super) fn save(doc: &mut Doc) -> Result<(), StoreError> {
    let Some(lock) = doc.lock.as_ref() else {
        return Ok(());
    };
    doc.stamp = store::save(&doc.path, &doc.session, doc.stamp, lock)?;
    Ok(())
}

impl App {
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
            _ if over => (None, Some(ReadOnly::Over)),
            Ok(l) => (Some(l), None),
            Err(StoreError::Locked(note)) => (None, Some(ReadOnly::Locked(note))),
            Err(e) => (None, Some(ReadOnly::Unwritable(e.to_string()))),
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
                let read_only = Some(ReadOnly::Newer(version));
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
    pub(super) fn export_as(&mut self, make: impl FnOnce(&Doc, Lang) -> Result<Vec<u8>, String>) {
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
        self.change_people(&crate::store::people::Change::Remember(
            session.players.clone(),
        ));
        drop(lock);
        self.open_path(&path);
        Ok(())
    }

    /// The form's hand: added, or in place of the hand being edited.
    pub(super) fn confirm(&mut self, hand: GameHand) {
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
            self.undo_or_redo(c, Action::Undo);
        }
    }

    pub fn redo(&mut self) {
        if let Some(c) = self.open.as_ref().and_then(|o| o.doc.undo.peek_redo()) {
            self.undo_or_redo(c, Action::Redo);
        }
    }

    /// Undoes or redoes `c`; a refusal (the sheet would break a rule) is told, not dropped.
    fn undo_or_redo(&mut self, c: Change, action: Action) {
        let game = self.open.as_ref().map(|o| o.doc.session.game);
        if let Err(p) = self.change(c, action) {
            let key = if action == Action::Undo {
                "ui.undo_refused"
            } else {
                "ui.redo_refused"
            };
            self.notice = Some(Notice::new(move |lang| {
                let why = render_problems(&p, lang, game);
                msg!(key, why = why).render(lang)
            }));
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
            open.read_only = Some(ReadOnly::Over);
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
}
/// The file changed on disk since this window read it: settled by the store's conflict policy
/// ([`store::merge_after_change`]); the window then shows the file as it now is. Returns what
/// to tell the table.
pub(super) fn merge_after_change(
    store: &Store,
    open: &mut Open,
    change: &Change,
    action: Action,
    lang: Lang,
) -> Notice {
    let doc = &mut open.doc;
    let now = crate::now();
    let merged = store::merge_after_change(store, &doc.path, &doc.session, change, action, &now);
    let (loaded, copy) = match merged {
        Ok(store::Merged::Added(loaded)) => (loaded, None),
        Ok(store::Merged::Kept { loaded, copy }) => (loaded, Some(copy)),
        Err(e) => return store_notice(e),
    };
    super::sync::replace_doc(open, loaded);
    let doc = &mut open.doc;
    match copy {
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
