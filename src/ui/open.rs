//! The session on screen: the document (`marque_store::document`) and how the window shows it,
//! and the window's side of every change: each command calls one operation of the document,
//! and its outcome or error becomes the notice it returns, once.

use super::forms::{self, Form};
use super::notice::Notice;
use super::sheet::rows;
use marque_core::games::{GameHand, Live};
use marque_core::history::Change;
use marque_core::i18n::Msg;
use marque_core::session::{Preview, Problem};
use marque_store::document::{DocError, Document, Outcome, ReadOnly};

/// A session on screen: the document and how it is shown.
pub struct Open {
    pub doc: Document,
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
    /// The most room the form and the preview under it have taken for this hand (kept taken).
    pub form_room: f32,
    /// The form enters a hand being edited (its modes are not the table's).
    form_edits: bool,
    pub show_log: bool,
    /// The chart of the running totals is shown.
    pub show_chart: bool,
    /// Bridge: which rubber the chart shows (`None`: the one being played; past the last: the
    /// whole evening).
    pub chart_part: Option<usize>,
    /// The session's title and note as typed (saved by [`super::command::Command::SetTitle`]).
    pub title: String,
    pub note: String,
    /// Where to export, as typed.
    pub export_path: String,
    /// The last save failed: the session is kept in memory and this says why.
    pub save_error: Option<Notice>,
    /// The sheet's rows as text, made when the sheet or the language changes.
    pub rows: rows::Rows,
    /// The table was asked whether to open this closed session again.
    pub confirm_reopen: bool,
    /// Bridge: after a complete rubber, the table chose "next rubber" (else it is asked).
    pub next_part: bool,
    /// Options changed to see what the session would give under them (nothing is saved).
    pub whatif: serde_json::Map<String, serde_json::Value>,
    /// The table event the form enters (None: a hand).
    pub table: Option<marque_core::games::table::EventKind>,
    /// Names typed before in this data folder (offered by the event forms).
    pub known: Vec<String>,
    /// Who is who in this folder, names merged by hand included (the event forms' checks).
    pub people: marque_core::stats::People,
    /// The seats playing the hand the form enters, and who holds each.
    pub seats: Vec<usize>,
    pub players: Vec<String>,
    /// A hand half entered, kept aside while an event's form is open.
    draft: Option<Draft>,
}

/// A hand's form set aside, with what it was made for: the entries of the session then, and the
/// seats and their holders.
struct Draft {
    form: Form,
    entries: usize,
    seats: Vec<usize>,
    players: Vec<String>,
}

impl Open {
    /// The screen of `doc`, its forms entering hands the table's way (`modes`).
    pub(super) fn new(doc: Document, modes: forms::Modes) -> Open {
        let before = doc.sheet().open_game().clone();
        let mut open = Open {
            title: doc.session().text_field("title").unwrap_or_default(),
            note: doc.session().text_field("note").unwrap_or_default(),
            doc,
            selected: None,
            editing: None,
            form: Form::empty(),
            before,
            preview: None,
            show_log: false,
            show_chart: false,
            chart_part: None,
            export_path: String::new(),
            save_error: None,
            rows: rows::Rows::default(),
            confirm_reopen: false,
            next_part: false,
            candidate: Err(Msg::new("ui.form.incomplete")),
            modes,
            form_top: true,
            form_edits: false,
            form_area: None,
            form_room: 0.0,
            whatif: serde_json::Map::new(),
            draft: None,
            table: None,
            known: Vec::new(),
            people: marque_core::stats::People::default(),
            seats: Vec::new(),
            players: Vec::new(),
        };
        open.reset_form();
        // A session opens at its top; each hand after it starts at the form's.
        open.form_top = false;
        open
    }

    /// Why this window may not write (finished, newer).
    pub fn read_only(&self) -> Option<&ReadOnly> {
        self.doc.read_only()
    }

    /// The table's way of entering hands, as its form now has it (a form editing an old hand
    /// follows that hand's way, not the table's).
    pub(super) fn table_modes(&mut self) -> forms::Modes {
        if !self.form_edits {
            self.form.keep_modes(&mut self.modes);
        }
        self.modes
    }

    /// The form enters `kind`: a table event, or with `None` the next hand. A hand half entered
    /// is set aside while an event's form is open, and given back with the hand's key if nothing
    /// was entered and nobody took a seat meanwhile: a look at the substitute's form loses no
    /// tap. The key of the form already open changes nothing.
    pub(super) fn switch_table(&mut self, kind: Option<marque_core::games::table::EventKind>) {
        if kind == self.table && self.editing.is_none() {
            return;
        }
        let entries = self.doc.session().hands.len();
        if self.table.is_none() && self.editing.is_none() {
            self.form.keep_modes(&mut self.modes);
            self.draft = Some(Draft {
                form: std::mem::replace(&mut self.form, Form::empty()),
                entries,
                seats: self.seats.clone(),
                players: self.players.clone(),
            });
        }
        self.table = kind;
        self.editing = None;
        self.reset_form();
        if kind.is_none()
            && let Some(d) = self.draft.take()
            && d.entries == entries
            && d.seats == self.seats
            && d.players == self.players
        {
            self.form = d.form;
        }
    }

    /// A fresh form for the next hand, or for hand `editing`.
    pub(super) fn reset_form(&mut self) {
        self.preview = None;
        self.form_top = true;
        self.form_room = 0.0;
        // Nothing to confirm until the new form has drawn: a tap or Ctrl+Enter in the frame
        // right after a confirm never confirms the old hand again.
        self.candidate = Err(Msg::new("ui.form.incomplete"));
        if !self.form_edits {
            self.form.keep_modes(&mut self.modes);
        }
        self.form_edits = self.editing.is_some();
        let doc = &self.doc;
        // After a complete rubber the table says whether another one follows.
        let more = !doc.sheet().natural_end || self.next_part;
        if doc.read_only().is_some() || !(more || self.editing.is_some()) {
            self.form = Form::empty();
            return;
        }
        let hands = &doc.session().hands;
        let index = self.editing.unwrap_or(hands.len());
        let replay = doc.sheet().before(index, hands);
        self.before = replay.live().clone();
        let names = replay.seats().current();
        self.seats = replay.seats().playing();
        self.players = self.seats.iter().map(|s| names[*s].clone()).collect();
        // An event edited is edited in its own form.
        let existing = self
            .editing
            .and_then(|i| hands.get(i))
            .and_then(|h| h.game.event());
        if self.editing.is_some() {
            // The entry edited says which form: an event's, or its hand's.
            self.table = existing.map(|e| e.kind());
        }
        // Names offered: those typed before in the folder, and those of this table's seats.
        let mut known = self.known.clone();
        for name in replay.seats().held().into_iter().flatten() {
            if !known.contains(&name) {
                known.push(name);
            }
        }
        self.form = match self.table {
            Some(kind) => Form::event(kind, existing, &known),
            None => Form::new(doc.session(), self.editing, self.modes),
        };
    }

    /// What `hand` would add where the form enters it; computed once per hand given.
    pub fn preview_of(&mut self, hand: GameHand) -> &Result<Preview, Vec<Problem>> {
        if self.preview.as_ref().is_none_or(|(h, _)| *h != hand) {
            let doc = &self.doc;
            let index = self.editing.unwrap_or(doc.session().hands.len());
            let result = doc.sheet().preview(&doc.session().hands, index, &hand);
            self.preview = Some((hand, result));
        }
        match &self.preview {
            Some((_, r)) => r,
            None => unreachable!("set just above"),
        }
    }
}

/// What a change did, as the window follows it up.
#[derive(Clone, Copy, PartialEq, Eq)]
enum After {
    /// A change to the hands: the form starts afresh. A refusal is said under this key (with
    /// the problems as `why`), or as the problems alone.
    Hands(Option<&'static str>),
    /// The other side's word on a hand: a hand not agreed is selected, its edit key at hand.
    Word { i: usize, agreed: bool },
    /// The title and note.
    Fields,
    /// The options or the state of the session: the form is made again.
    Form,
}

/// What an operation did: whether anything changed (a refusal leaves the form and the
/// selection as they were), and what to tell the players.
struct Operated {
    changed: bool,
    notice: Option<Notice>,
}

/// The window's side of every change to the open session: each calls one operation of the
/// document and turns its outcome or error into the notice it returns (none: nothing to say).
impl Open {
    /// Runs one operation of the open document (nothing when no session is open) and follows
    /// it up: the outcome or the error becomes a notice here, once. Whether anything changed
    /// (a refusal leaves the form and the selection as they were).
    fn operate(
        &mut self,
        after: After,
        op: impl FnOnce(&mut Document, &str) -> Result<Outcome, DocError>,
    ) -> Operated {
        let open = self;
        let game = open.doc.session().game;
        let result = op(&mut open.doc, &crate::local::now());
        let not_saved = matches!(result, Err(DocError::NotSaved(_)));
        // Nothing changed (refused, read only, nothing to do): the form keeps what was typed.
        let changed = matches!(result, Ok(_) | Err(DocError::NotSaved(_)));
        let notice: Option<Notice> = match result {
            Ok(Outcome::Saved) => {
                (after == After::Fields).then(|| Msg::new("ui.title.saved").into())
            }
            Ok(o) => o.msg().map(Notice::from),
            Err(e) => {
                let refused = match after {
                    After::Hands(key) => key,
                    _ => None,
                };
                super::notice::doc_notice(e, game, refused)
            }
        };
        // A change kept here but not written: said under the sheet until a save goes through.
        if not_saved {
            open.save_error = notice.clone();
        } else if !open.doc.unsaved() {
            open.save_error = None;
        }
        if !changed {
            return Operated {
                changed: false,
                notice,
            };
        }
        match after {
            After::Hands(_) | After::Form => {
                open.editing = None;
                open.selected = open
                    .selected
                    .filter(|&i| i < open.doc.session().hands.len());
                // A rubber that this change completes asks again whether another follows.
                open.next_part &= !open.doc.sheet().natural_end;
                open.rows = rows::Rows::default();
                open.reset_form();
            }
            After::Word { i, agreed } if !agreed => open.selected = Some(i),
            After::Word { .. } | After::Fields => open.rows = rows::Rows::default(),
        }
        Operated {
            changed: true,
            notice,
        }
    }

    /// The form's hand: added, or in place of the hand being edited; the hand is selected.
    pub(super) fn confirm(&mut self, hand: GameHand) -> Option<Notice> {
        let editing = self.editing;
        let event = hand.event().is_some();
        let done = self.operate(After::Hands(None), |doc, now| match editing {
            Some(i) => doc.edit(i, hand, now),
            None => doc.enter(hand, now),
        });
        if done.changed {
            if event {
                // The event is recorded: the next entry is a hand again.
                self.table = None;
                self.reset_form();
            }
            let last = self.doc.session().hands.len().saturating_sub(1);
            self.selected = editing.filter(|&i| i <= last).or(Some(last));
        }
        done.notice
    }

    /// Deletes hand `i`, with a trace in the log.
    pub(super) fn delete(&mut self, i: usize) -> Option<Notice> {
        self.operate(After::Hands(Some("ui.delete_refused")), |doc, now| {
            doc.delete(i, now)
        })
        .notice
    }

    /// Brings back what the log recorded.
    pub(super) fn restore(&mut self, change: Change) -> Option<Notice> {
        self.operate(After::Hands(None), |doc, now| doc.restore(change, now))
            .notice
    }

    pub fn undo(&mut self) -> Option<Notice> {
        self.operate(After::Hands(Some("ui.undo_refused")), |doc, now| {
            doc.undo(now)
        })
        .notice
    }

    pub fn redo(&mut self) -> Option<Notice> {
        self.operate(After::Hands(Some("ui.redo_refused")), |doc, now| {
            doc.redo(now)
        })
        .notice
    }

    /// Saves the session's title and note as typed.
    pub fn set_title(&mut self) -> Option<Notice> {
        let (title, note) = (self.title.clone(), self.note.clone());
        self.operate(After::Fields, |doc, now| doc.set_fields(&title, &note, now))
            .notice
    }

    /// Makes the options tried in "what if" the session's own, for every hand.
    pub fn apply_options(&mut self) -> Option<Notice> {
        let changes = std::mem::take(&mut self.whatif);
        if changes.is_empty() {
            return None;
        }
        self.operate(After::Form, |doc, now| doc.apply_options(&changes, now))
            .notice
    }

    /// Records the other side's word on hand `i` in the log and saves.
    pub fn word(&mut self, i: usize, agreed: bool) -> Option<Notice> {
        self.operate(After::Word { i, agreed }, |doc, now| {
            doc.word(i, agreed, now)
        })
        .notice
    }

    /// Marks the open session as stopped by the players (closed) and saves it.
    pub fn close_session(&mut self) -> Option<Notice> {
        self.operate(After::Form, |doc, now| doc.close(now)).notice
    }

    /// Opens the open session again after the players closed it, or after its game reached its
    /// end: read again under its lock, the reopening logged and saved.
    pub fn reopen(&mut self) -> Option<Notice> {
        let notice = self.operate(After::Form, |doc, now| doc.reopen(now)).notice;
        self.confirm_reopen = false;
        notice
    }
}
