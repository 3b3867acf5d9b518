//! The sheet's rows as text (and the bridge paper sheets), made once per change of the sheet
//! or of the language; a hand's count and what-ifs, made once per hand selected.

use marque_core::history;
use marque_core::i18n::msg;
use marque_core::i18n::{Lang, tr};
use marque_core::session::{Paper, Session, Sheet};

/// The number column's mark for a table event, which takes no hand's number.
pub(super) const EVENT_MARK: &str = "•";

/// The sheet's rows as text, and the bridge paper sheets, for one state of the sheet.
#[derive(Default)]
pub struct Rows {
    /// What they were made for: language, log length and hand count.
    pub(super) key: Option<(Lang, usize, usize)>,
    pub(super) rows: Vec<RowText>,
    /// The longest side cell ("+1340 → 2560"): the side columns are made wide enough for it,
    /// so that totals are never cut.
    pub(super) widest_cell: String,
    /// The longest total, shown in larger type on the total row.
    pub(super) widest_total: String,
    /// The other side's word on each hand, when the session asks for it.
    pub(super) words: Vec<history::Word>,
    /// At a game of more sides, who already agreed to each hand from their phone (their
    /// places).
    pub(super) agreed: Vec<Vec<usize>>,
    /// Who disputes each hand and why, for people ("tél. Marc : « Il manquait mon brelan »"):
    /// empty where none does.
    pub(super) why: Vec<String>,
    /// Each side's running total after each hand, for the chart.
    pub(super) running: Vec<Vec<i64>>,
    /// The chart was just asked for: it is brought into view once.
    pub chart_to_view: std::cell::Cell<bool>,
    /// The log was just opened: its title is brought into view once.
    pub log_to_view: std::cell::Cell<bool>,
    pub(super) papers: Vec<Paper>,
    /// The options in force, defaults included, for people.
    pub(super) options: String,
    /// The count of the selected hand, step by step, made when the selection or the sheet
    /// changes.
    pub(super) count: Option<(usize, marque_core::explain::Explained)>,
    /// The session under the options the reader is trying, and the selected hand's count under
    /// them: made when the options, the selection or the sheet change.
    pub(super) whatif: Option<WhatIfView>,
    /// The edit log as sentences, oldest first, made when the log is first shown after a
    /// change.
    pub(super) log: Option<Vec<String>>,
    /// What each log entry's restore key puts back, made with the sentences (the hands
    /// followed through the log once, not at each frame).
    pub(super) restores: Vec<Option<history::Change>>,
    /// A hand was added (or the sheet opened): the table scrolls to its end for this many more
    /// frames (the first frames of a screen still settle its panels' sizes).
    pub(super) to_end: std::cell::Cell<u8>,
    /// The table's greatest scroll offset, as its last frame measured it.
    pub(super) end_offset: std::cell::Cell<Option<f32>>,
    /// The table showed its last row in the last frame: it keeps doing so when the window or
    /// the text size changes, until the reader scrolls up.
    pub(super) at_end: std::cell::Cell<bool>,
}

pub(super) struct WhatIfView {
    pub(super) changes: serde_json::Map<String, serde_json::Value>,
    pub(super) hand: usize,
    pub(super) result: Result<
        (
            marque_core::explain::WhatIf,
            Option<marque_core::explain::Explained>,
        ),
        String,
    >,
}

pub(super) struct RowText {
    pub(super) number: String,
    /// A table event's key's name for screen readers (its mark says nothing): "Choisir :
    /// Ajustement — +100 pour EO : renonce".
    pub(super) spoken: Option<String>,
    pub(super) label: String,
    pub(super) cells: Vec<String>,
    /// The first hand of a new part of the game (bridge: of a rubber after the first): a rule
    /// is drawn above it.
    pub(super) starts_part: bool,
}

impl Rows {
    pub(super) fn update(&mut self, lang: Lang, session: &Session, sheet: &Sheet) {
        let key = (lang, session.log.len(), session.hands.len());
        if self.key == Some(key) {
            return;
        }
        let view = marque_core::view::SheetView::new(session, sheet, lang);
        let stands = if history::wants_word(session) {
            history::stands(session, &history::answering(session, sheet))
        } else {
            Vec::new()
        };
        self.words = stands.iter().map(|s| s.word).collect();
        self.agreed = stands
            .iter()
            .map(|s| s.saying(history::Word::Confirmed).collect())
            .collect();
        let sides = (
            session.sides(),
            session.game.side_names(&session.sides(), lang),
        );
        self.why = stands
            .iter()
            .map(|s| disputes(&s.why, &sides, lang))
            .collect();
        let words = &self.words;
        if sheet.hands.len() > self.rows.len() {
            self.to_end.set(3);
        }
        self.rows = view
            .rows
            .iter()
            .enumerate()
            .map(|(k, r)| RowText {
                starts_part: k > 0 && r.part.is_some() && view.rows[k - 1].part != r.part,
                // The table's count: a table event takes no hand's number.
                number: r
                    .number()
                    .map_or_else(|| EVENT_MARK.to_string(), |n| format!("#{n}")),
                spoken: r.event().map(|_| {
                    msg!(
                        "ui.sheet.select_event",
                        what = r.shown(&view.head.names, lang)
                    )
                    .render(lang)
                }),
                label: if r.event().is_none()
                    && r.part_won.is_none()
                    && words.get(r.index) == Some(&history::Word::Disputed)
                {
                    msg!(
                        "ui.word.disputed",
                        what = r.label.clone(),
                        who = self.why.get(r.index).map_or("", String::as_str)
                    )
                    .render(lang)
                } else {
                    // (The row's mark says it is an event; its sentence says which.)
                    r.short(&view.head.names, lang)
                },
                cells: r
                    .cells
                    .iter()
                    .map(|c| marque_core::view::typeset(&c.text()))
                    .collect(),
            })
            .collect();
        self.widest_cell = self
            .rows
            .iter()
            .flat_map(|r| r.cells.iter())
            .max_by_key(|c| c.chars().count())
            .cloned()
            .unwrap_or_default();
        self.widest_total = sheet
            .totals
            .iter()
            .map(|t| t.to_string())
            .max_by_key(|t| t.len())
            .unwrap_or_default();
        self.running = view.running;
        self.papers = view.papers;
        self.options = marque_core::text::options_text(session, &session.options.to_json(), lang);
        self.count = None;
        self.whatif = None;
        self.log = None;
        self.key = Some(key);
    }

    /// Makes the count of hand `i` if it is not made yet (once for each selection).
    pub(super) fn count_hand(&mut self, i: usize, session: &Session, sheet: &Sheet) {
        if self.count.as_ref().is_none_or(|(k, _)| *k != i) {
            self.count = marque_core::explain::explain(session, sheet, i).map(|e| (i, e));
        }
    }

    /// Makes the session under `changes` and hand `i`'s count under them, if not made yet.
    pub(super) fn what_if(
        &mut self,
        changes: &serde_json::Map<String, serde_json::Value>,
        i: usize,
        lang: Lang,
        session: &Session,
    ) {
        if changes.is_empty() {
            self.whatif = None;
            return;
        }
        if self
            .whatif
            .as_ref()
            .is_some_and(|w| w.changes == *changes && w.hand == i)
        {
            return;
        }
        let result = marque_core::explain::what_if(session, changes)
            .map(|w| {
                let count = marque_core::explain::explain(&w.session, &w.sheet, i);
                (w, count)
            })
            .map_err(|ps| {
                ps.iter()
                    .map(|p| p.render(lang))
                    .collect::<Vec<_>>()
                    .join("; ")
            });
        self.whatif = Some(WhatIfView {
            changes: changes.clone(),
            hand: i,
            result,
        });
    }

    /// Makes the log's sentences if they are not made yet.
    pub(super) fn log_lines(&mut self, lang: Lang, session: &Session, sheet: &Sheet) {
        if self.log.is_none() {
            let lines = history::sentences(session, sheet);
            self.log = Some(lines.iter().map(|m| m.render(lang)).collect());
            self.restores = history::restores(session, &history::log(session));
        }
    }

    /// The count of hand `i`, once made.
    /// The bridge rubbers as on paper, as last made (empty for other games).
    pub fn papers(&self) -> &[Paper] {
        &self.papers
    }

    pub(super) fn counted(&self, i: usize) -> Option<&marque_core::explain::Explained> {
        self.count.as_ref().filter(|(k, _)| *k == i).map(|(_, e)| e)
    }
}

/// The disputes holding a hand, for people: each by who gave it (a phone's name, a side's as
/// people say it, or the table) with its reason, control characters left out. `sides`: the
/// sides as the log names them, and as people do.
pub(super) fn disputes(
    why: &[history::Why],
    (ids, names): &(Vec<String>, Vec<String>),
    lang: Lang,
) -> String {
    why.iter()
        .map(|w| {
            let side = w.side.as_ref().map(|s| {
                ids.iter()
                    .position(|id| id == s)
                    .and_then(|i| names.get(i))
                    .map_or_else(|| s.clone(), String::clone)
            });
            let who = match (side, &w.phone) {
                (Some(side), Some(phone)) => {
                    msg!("ui.word.by_phone", side = side, phone = phone.as_str()).render(lang)
                }
                (None, Some(phone)) => phone.clone(),
                (Some(side), None) => side,
                (None, None) => tr(lang, "ui.word.the_table"),
            };
            let reason: String = w.why.chars().filter(|c| !c.is_control()).collect();
            if reason.trim().is_empty() {
                who
            } else {
                msg!("ui.word.dispute_why", who = who, why = reason.trim()).render(lang)
            }
        })
        .collect::<Vec<_>>()
        .join(" ; ")
}
