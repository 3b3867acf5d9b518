//! How the window shows the open session, apart from its document: what the screens are
//! handed to change, beside the document they read.

use super::forms::{self, Form};
use super::notice::Notice;
use super::sheet::rows;
use marque_core::games::{GameHand, Live};
use marque_core::i18n::Msg;
use marque_core::session::{Preview, Problem};
use marque_store::document::{Document, ReadOnly};

/// How the window shows a session, apart from its document: the selection, the entry form
/// and what it previews, the panels shown, the sheet's rows as text, what is typed. A screen
/// is handed this to change and the document to read ([`Shown`]): it cannot write the file.
pub struct View {
    pub selected: Option<usize>,
    /// The hand being edited (None: the form enters the next hand).
    pub editing: Option<usize>,
    pub form: Form,
    /// The game before the hand the form enters, computed when the form is made.
    pub before: Live,
    /// The last hand the form gave and what it would add: computed when the hand changes.
    pub preview: Option<(GameHand, Result<Preview, Vec<Problem>>)>,
    /// The bid the form gave without its result, and its stakes: computed when it changes.
    pub stakes: Option<Stakes>,
    /// The outcome of the stakes tapped: its lines are shown under the form.
    pub stakes_pick: Option<usize>,
    /// The stakes were just computed: their likely results are brought into view, over this
    /// many frames (a scroll area knows its content's width from the frame after it is laid).
    pub stakes_new: u8,
    /// The session scored under the options tried, for the stakes, with what it was made from
    /// (the file's stamp, its number of hands, the options): made again only when one changes,
    /// not at each key of the bid.
    stakes_whatif: Option<(WhatIfKey, Result<marque_core::explain::WhatIf, Vec<Msg>>)>,
    /// The hand the form gave at its last frame, if it is complete: what the confirm area at
    /// the foot of the entry panel previews and confirms.
    pub candidate: forms::Entry,
    /// How the table enters hands (kept from one hand's form to the next).
    pub modes: forms::Modes,
    /// The form was just made: it is shown from its top.
    pub form_top: bool,
    /// What this view's scrolled areas are named by: new each time a session is shown, so
    /// that a form or a column never opens scrolled where another session (or this one, shown
    /// before) was left.
    pub scroll: egui::Id,
    /// Where the form was drawn at the last frame, and the part of the screen it is seen in
    /// (for tests that check every key lies in view).
    pub form_area: Option<(egui::Rect, egui::Rect)>,
    /// The most room the form and the preview under it have taken for this hand (kept taken).
    pub form_room: f32,
    /// In a narrow window: the count behind the previewed points (and an edit's totals), shown
    /// whole under the form, where its growing moves nothing; whether it says what is wrong.
    pub count_below: Option<(String, bool)>,
    /// The form enters a hand being edited (its modes are not the table's).
    form_edits: bool,
    pub show_log: bool,
    /// The chart of the running totals is shown.
    pub show_chart: bool,
    /// Bridge: which rubber the chart shows (`None`: the one being played; past the last: the
    /// whole evening).
    pub chart_part: Option<usize>,
    /// The session's title and note as typed (saved by [`super::command::Named::SetTitle`]).
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

/// What the session under the options tried was made from.
type WhatIfKey = (
    marque_store::Stamp,
    usize,
    serde_json::Map<String, serde_json::Value>,
);

/// What stakes were computed for: the bid, the file's stamp, its number of hands, and the
/// options tried ("Et si :").
type StakesKey = (
    serde_json::Value,
    marque_store::Stamp,
    usize,
    serde_json::Map<String, serde_json::Value>,
);

/// The stakes of the bid a form holds, with what they were computed for and their rows laid
/// out in the language they were shown in.
pub struct Stakes {
    key: StakesKey,
    pub found: Result<marque_core::stakes::Stakes, Vec<Msg>>,
    pub rows: Option<(marque_core::i18n::Lang, Vec<marque_core::stakes::Row>)>,
}

/// A number no other view of this run has: each view's scrolled areas are its own.
fn next_view() -> u64 {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

/// A hand's form set aside, with what it was made for: the entries of the session then, and the
/// seats and their holders.
struct Draft {
    form: Form,
    entries: usize,
    seats: Vec<usize>,
    players: Vec<String>,
}

impl View {
    /// How `doc` is shown when it opens, its forms entering hands the table's way (`modes`).
    pub fn new(doc: &Document, modes: forms::Modes) -> View {
        let before = doc.sheet().open_game().clone();
        let mut view = View {
            title: doc.session().text_field("title").unwrap_or_default(),
            note: doc.session().text_field("note").unwrap_or_default(),
            selected: None,
            editing: None,
            form: Form::empty(),
            before,
            preview: None,
            stakes: None,
            stakes_pick: None,
            stakes_new: 0,
            stakes_whatif: None,
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
            scroll: egui::Id::unique(("session-view", next_view())),
            form_edits: false,
            form_area: None,
            form_room: 0.0,
            count_below: None,
            whatif: serde_json::Map::new(),
            draft: None,
            table: None,
            known: Vec::new(),
            people: marque_core::stats::People::default(),
            seats: Vec::new(),
            players: Vec::new(),
        };
        view.reset_form(doc);
        // A session opens at its top; each hand after it starts at the form's.
        view.form_top = false;
        view
    }

    /// The table's way of entering hands, as its form now has it (a form editing an old hand
    /// follows that hand's way, not the table's).
    pub fn table_modes(&mut self) -> forms::Modes {
        if !self.form_edits {
            self.form.keep_modes(&mut self.modes);
        }
        self.modes
    }

    /// The form enters `kind`: a table event, or with `None` the next hand. A hand half entered
    /// is set aside while an event's form is open, and given back with the hand's key if nothing
    /// was entered and nobody took a seat meanwhile: a look at the substitute's form loses no
    /// tap. The key of the form already open changes nothing.
    pub fn switch_table(
        &mut self,
        doc: &Document,
        kind: Option<marque_core::games::table::EventKind>,
    ) {
        if kind == self.table && self.editing.is_none() {
            return;
        }
        let entries = doc.session().hands.len();
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
        self.reset_form(doc);
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
    pub fn reset_form(&mut self, doc: &Document) {
        self.preview = None;
        self.stakes = None;
        self.stakes_pick = None;
        self.form_top = true;
        self.form_room = 0.0;
        // Nothing to confirm until the new form has drawn: a tap or Ctrl+Enter in the frame
        // right after a confirm never confirms the old hand again.
        self.candidate = Err(Msg::new("ui.form.incomplete"));
        if !self.form_edits {
            self.form.keep_modes(&mut self.modes);
        }
        self.form_edits = self.editing.is_some();
        // After a complete part the table says whether another one follows.
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
    pub fn preview_of(&mut self, doc: &Document, hand: GameHand) -> &Result<Preview, Vec<Problem>> {
        if self.preview.as_ref().is_none_or(|(h, _)| *h != hand) {
            let index = self.editing.unwrap_or(doc.session().hands.len());
            let result = doc.sheet().preview(&doc.session().hands, index, &hand);
            self.preview = Some((hand, result));
        }
        match &self.preview {
            Some((_, r)) => r,
            None => unreachable!("set just above"),
        }
    }

    /// The stakes of the bid the form holds, if it holds one without its result (a new hand
    /// only), under the options tried if any; computed once per bid, per state of the file
    /// (a hand another machine adds changes them) and per options tried. Whether there are
    /// stakes to show.
    pub fn stakes_of(&mut self, doc: &Document) -> bool {
        let partial = self
            .form
            .partial()
            .filter(|_| self.editing.is_none() && self.table.is_none());
        let Some(partial) = partial else {
            self.stakes = None;
            self.stakes_pick = None;
            return false;
        };
        let key = (
            partial,
            doc.stamp(),
            doc.session().hands.len(),
            self.whatif.clone(),
        );
        if self.stakes.as_ref().is_none_or(|s| s.key != key) {
            // Under the options tried, where some are: the session scored under them.
            let found = if key.3.is_empty() {
                marque_core::stakes::at_a_glance(doc.session(), doc.sheet(), &key.0)
            } else {
                let made = (key.1, key.2, key.3.clone());
                if self.stakes_whatif.as_ref().is_none_or(|(k, _)| *k != made) {
                    let w = marque_core::explain::what_if(doc.session(), &key.3)
                        .map_err(|ps| ps.into_iter().map(|p| p.msg).collect());
                    self.stakes_whatif = Some((made, w));
                }
                match self.stakes_whatif.as_ref().map(|(_, w)| w) {
                    Some(Ok(w)) => marque_core::stakes::at_a_glance(&w.session, &w.sheet, &key.0),
                    Some(Err(ms)) => Err(ms.clone()),
                    None => Err(Vec::new()),
                }
            };
            self.stakes = Some(Stakes {
                key,
                found,
                rows: None,
            });
            self.stakes_pick = None;
            self.stakes_new = 3;
        }
        matches!(self.stakes, Some(Stakes { found: Ok(_), .. }))
    }
}

/// A session as a screen is handed it: its document to read, and how it is shown, to change.
/// Writing goes through the shell (a [`super::command::Command`]), never from here.
pub struct Shown<'a> {
    pub doc: &'a Document,
    pub view: &'a mut View,
}

impl Shown<'_> {
    /// Why this window may not write (finished, newer).
    pub fn read_only(&self) -> Option<&ReadOnly> {
        self.doc.read_only()
    }

    /// What `hand` would add where the form enters it; computed once per hand given.
    pub fn preview_of(&mut self, hand: GameHand) -> &Result<Preview, Vec<Problem>> {
        self.view.preview_of(self.doc, hand)
    }
}
