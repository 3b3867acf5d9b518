//! The session screen: the score sheet with running totals, the explanation of the selected
//! hand, the entry form with its preview, editing, undo, the edit log.
//!
//! The screen reads the open document and emits [`Command`]s. The rows' texts are made once per
//! change of the sheet (or of the language), and only the rows on screen are laid out.

use crate::ui::widgets::{fixed_block, fixed_row, line_height};
use egui::{RichText, Ui};

use super::{App, Command, Open, REDO, UNDO, forms};
use crate::games::{GameHand, GameKind, Line, RuleId};
use crate::history;
use crate::i18n::{Lang, Msg, tr};
use crate::session::{Paper, Session, Sheet};
use marque_core::msg;
use marque_core::view::signed;

/// The sheet's rows as text, and the bridge paper sheets, for one state of the sheet.
#[derive(Default)]
pub struct Rows {
    /// What they were made for: language, log length and hand count.
    key: Option<(Lang, usize, usize)>,
    rows: Vec<RowText>,
    /// The longest side cell ("+1340 → 2560"): the side columns are made wide enough for it,
    /// so that totals are never cut.
    widest_cell: String,
    /// The longest total, shown in larger type on the total row.
    widest_total: String,
    /// The other side's word on each hand, when the session asks for it.
    words: Vec<history::Word>,
    /// Each side's running total after each hand, for the chart.
    running: Vec<Vec<i64>>,
    /// The chart was just asked for: it is brought into view once.
    pub chart_to_view: std::cell::Cell<bool>,
    papers: Vec<Paper>,
    /// The options in force, defaults included, for people.
    options: String,
    /// The count of the selected hand, step by step, made when the selection or the sheet
    /// changes.
    count: Option<(usize, marque_core::explain::Explained)>,
    /// The session under the options the reader is trying, and the selected hand's count under
    /// them: made when the options, the selection or the sheet change.
    whatif: Option<WhatIfView>,
    /// The edit log as sentences, oldest first, made when the log is first shown after a
    /// change.
    log: Option<Vec<String>>,
    /// A hand was added (or the sheet opened): the table scrolls to its end for this many more
    /// frames (the first frames of a screen still settle its panels' sizes).
    to_end: std::cell::Cell<u8>,
    /// The table's greatest scroll offset, as its last frame measured it.
    end_offset: std::cell::Cell<Option<f32>>,
    /// The table showed its last row in the last frame: it keeps doing so when the window or
    /// the text size changes, until the reader scrolls up.
    at_end: std::cell::Cell<bool>,
}

struct WhatIfView {
    changes: serde_json::Map<String, serde_json::Value>,
    hand: usize,
    result: Result<
        (
            marque_core::explain::WhatIf,
            Option<marque_core::explain::Explained>,
        ),
        String,
    >,
}

struct RowText {
    number: String,
    label: String,
    cells: Vec<String>,
}

impl Rows {
    fn update(&mut self, lang: Lang, session: &Session, sheet: &Sheet) {
        let key = (lang, session.log.len(), session.hands.len());
        if self.key == Some(key) {
            return;
        }
        let view = marque_core::view::SheetView::new(session, sheet, lang);
        self.words = if history::wants_word(session) {
            history::words(session)
        } else {
            Vec::new()
        };
        let words = &self.words;
        if sheet.hands.len() > self.rows.len() {
            self.to_end.set(3);
        }
        self.rows = view
            .rows
            .iter()
            .map(|r| RowText {
                number: format!("#{}", r.index + 1),
                label: if r.part_won.is_none()
                    && words.get(r.index) == Some(&history::Word::Disputed)
                {
                    msg!("ui.word.disputed", what = r.label.clone()).render(lang)
                } else {
                    r.title(&view.head.names).render(lang)
                },
                cells: r.cells.iter().map(marque_core::view::Cell::text).collect(),
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
        self.options = crate::text::options_text(session, &session.options.to_json(), lang);
        self.count = None;
        self.whatif = None;
        self.log = None;
        self.key = Some(key);
    }

    /// Makes the count of hand `i` if it is not made yet (once for each selection).
    fn count_hand(&mut self, i: usize, session: &Session, sheet: &Sheet) {
        if self.count.as_ref().is_none_or(|(k, _)| *k != i) {
            self.count = marque_core::explain::explain(session, sheet, i).map(|e| (i, e));
        }
    }

    /// Makes the session under `changes` and hand `i`'s count under them, if not made yet.
    fn what_if(
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
    fn log_lines(&mut self, lang: Lang, session: &Session, sheet: &Sheet) {
        if self.log.is_none() {
            let lines = history::sentences(session, sheet);
            self.log = Some(lines.iter().map(|m| m.render(lang)).collect());
        }
    }

    /// The count of hand `i`, once made.
    /// The bridge rubbers as on paper, as last made (empty for other games).
    pub fn papers(&self) -> &[Paper] {
        &self.papers
    }

    fn counted(&self, i: usize) -> Option<&marque_core::explain::Explained> {
        self.count.as_ref().filter(|(k, _)| *k == i).map(|(_, e)| e)
    }
}

/// Below this width (in points) the entry form goes under the sheet rather than beside it.
const NARROW: f32 = 700.0;
/// Below this height (in points) too.
const SHORT: f32 = 360.0;

pub fn show(app: &mut App, ui: &mut Ui) {
    let lang = app.lang();
    let app_scoreboard = app.scoreboard;
    let Some(open) = app.open.as_mut() else {
        app.send(Command::Home);
        return;
    };
    open.rows.update(lang, &open.doc.session, &open.doc.sheet);
    if open.show_log {
        open.rows
            .log_lines(lang, &open.doc.session, &open.doc.sheet);
    }
    if let Some(i) = open.selected {
        open.rows.count_hand(i, &open.doc.session, &open.doc.sheet);
        open.rows.what_if(&open.whatif, i, lang, &open.doc.session);
    }
    let mut commands: Vec<Command> = Vec::new();
    // Scroll bars take their own room: a floating bar would lie over a row's last keys.
    ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
    // A narrow or short window (or large text): one scrolling column, form above the sheet,
    // with the preview and the confirm button pinned at the foot.
    let narrow = ui.available_width() < NARROW || ui.available_height() < SHORT;
    let evening = open.doc.session.game.goes_on() && !open.doc.session.closed;
    if narrow {
        if open.read_only.is_none() && (!open.form.is_empty() || evening) {
            egui::Panel::bottom("entry-confirm-narrow").show(ui, |ui| {
                confirm_area(open, ui, lang, true, &mut commands);
            });
        }
        // Vertical only, its bar always there: a key is never beyond a sideways scroll, and
        // the width does not change when the bar comes.
        let area = egui::ScrollArea::vertical()
            .id_salt("narrow")
            .auto_shrink([false, false])
            .scroll_bar_visibility(egui::scroll_area::ScrollBarVisibility::AlwaysVisible);
        area.show(ui, |ui| {
            body(ui, open, lang, app_scoreboard, true, &mut commands)
        });
    } else {
        body(ui, open, lang, app_scoreboard, false, &mut commands);
    }
    for c in commands {
        app.send(c);
    }
}

/// Each side's running total over the hands, drawn with egui_plot; hovering a point names the
/// hand and its total.
fn chart(ui: &mut Ui, lang: Lang, open: &Open, commands: &mut Vec<Command>) {
    let sides = crate::text::side_names(&open.doc.sheet, lang);
    let running = &open.rows.running;
    let rubbers = rubbers_of(&open.doc.sheet);
    if let Some(&last) = rubbers.last() {
        let picked = open.chart_rubber.unwrap_or(last);
        ui.horizontal_wrapped(|ui| {
            for r in 0..=last {
                let text = msg!("ui.chart.rubber", n = r + 1).render(lang);
                if ui.selectable_label(picked == r, text).clicked() {
                    commands.push(Command::ChartRubber(r));
                }
            }
            let evening = tr(lang, "ui.chart.evening");
            if ui.selectable_label(picked > last, evening).clicked() {
                commands.push(Command::ChartRubber(usize::MAX));
            }
        });
    }
    let lines = chart_points(&rubbers, running, open.chart_rubber, sides.len());
    let title = tr(lang, open.doc.session.game.hand_title());
    let hand_title = title.clone();
    let shown = egui_plot::Plot::new(("chart", open.doc.path.as_path()))
        .height(220.0)
        // Top left: the lines start low at the left and end high at the right.
        .legend(egui_plot::Legend::default().position(egui_plot::Corner::LeftTop))
        .allow_scroll(false)
        .x_axis_label(title)
        .label_formatter(move |hover| match hover {
            egui_plot::HoverPosition::NearDataPoint {
                plot_name,
                position,
                ..
            } => Some(format!(
                "{hand_title} {} — {plot_name} {}",
                position.x.round(),
                position.y.round()
            )),
            egui_plot::HoverPosition::Elsewhere { .. } => None,
        })
        .show(ui, |plot| {
            for (side, points) in sides.iter().zip(lines) {
                plot.line(egui_plot::Line::new(side.clone(), points));
            }
        });
    // Asked for, it comes into view (below the sheet, it may open out of sight).
    if open.rows.chart_to_view.take() {
        shown.response.scroll_to_me(Some(egui::Align::Center));
    }
}

/// Bridge: the rubber of each deal (empty for the other games).
pub fn rubbers_of(sheet: &Sheet) -> Vec<usize> {
    sheet.hands.iter().filter_map(|h| h.info.part()).collect()
}

/// The chart's line per side: (the hand's number on the sheet, the running total). With
/// `rubbers` (bridge), one rubber from nothing (`picked`, else the one being played) or, for a
/// `picked` past the last, the whole evening; otherwise every hand from 0.
pub fn chart_points(
    rubbers: &[usize],
    running: &[Vec<i64>],
    picked: Option<usize>,
    sides: usize,
) -> Vec<Vec<[f64; 2]>> {
    let mut span = 0..running.len();
    let mut base = vec![0; sides];
    if let Some(&last) = rubbers.last() {
        let picked = picked.unwrap_or(last);
        if picked <= last {
            let start = rubbers.iter().position(|r| *r == picked).unwrap_or(0);
            let end = rubbers
                .iter()
                .rposition(|r| *r == picked)
                .map_or(start, |e| e + 1);
            span = start..end;
            if let Some(before) = start.checked_sub(1).and_then(|i| running.get(i)) {
                base.clone_from(before);
            }
        }
    }
    (0..sides)
        .map(|s| {
            let from = base.get(s).copied().unwrap_or(0);
            std::iter::once([span.start as f64, 0.0])
                .chain(
                    running
                        .get(span.clone())
                        .unwrap_or(&[])
                        .iter()
                        .enumerate()
                        .map(|(k, r)| {
                            let i = span.start + k;
                            [
                                (i + 1) as f64,
                                (r.get(s).copied().unwrap_or(0) - from) as f64,
                            ]
                        }),
                )
                .collect()
        })
        .collect()
}

/// The side asked for its word on hand `i`: in a game of two sides, the one the hand gave
/// less to (the defenders of a contract made, the side that scored nothing); none when both
/// got the same, or in a game of more players (all the others answer).
pub fn other_side(sheet: &Sheet, i: usize) -> Option<usize> {
    let delta = &sheet.hands.get(i)?.delta;
    match delta.as_slice() {
        [a, b] if a < b => Some(0),
        [a, b] if b < a => Some(1),
        _ => None,
    }
}

/// The other side's word, asked in large type for the latest hand that awaits it.
fn word_panel(ui: &mut Ui, lang: Lang, open: &Open, commands: &mut Vec<Command>) {
    let doc = &open.doc;
    if !history::wants_word(&doc.session) {
        return;
    }
    // Its room is kept whether a hand awaits the other side's word or not: nothing below
    // moves when it is asked, or answered.
    let awaited = open
        .rows
        .words
        .iter()
        .rposition(|w| *w == history::Word::Awaited);
    let sides = crate::text::side_names(&doc.sheet, lang);
    let big = egui::FontId::proportional(22.0);
    let big_line = ui.fonts_mut(|f| f.row_height(&big));
    let frame = egui::Frame::group(ui.style()).fill(ui.visuals().faint_bg_color);
    let rows = line_height(ui, egui::TextStyle::Heading, false)
        + big_line
        + line_height(ui, egui::TextStyle::Heading, true)
        + 2.0 * ui.spacing().item_spacing.y;
    let height = rows + frame.total_margin().sum().y + 2.0;
    fixed_block(ui, height, |ui| {
        frame.show(ui, |ui| {
            let heading = line_height(ui, egui::TextStyle::Heading, false);
            let ask = awaited.map(|i| match other_side(&doc.sheet, i) {
                Some(s) => msg!("ui.word.ask", side = sides[s].as_str()),
                None => Msg::new("ui.word.others"),
            });
            fixed_row(ui, heading, |ui| {
                let text = match &ask {
                    Some(ask) => RichText::new(ask.render(lang)).heading().strong(),
                    None => RichText::new(tr(lang, "ui.word.none")).weak(),
                };
                ui.add(egui::Label::new(text).truncate());
            });
            fixed_row(ui, big_line, |ui| {
                if let Some(i) = awaited {
                    let what = doc.session.game.hand_words(msg!(
                        "ui.word.hand",
                        n = i + 1,
                        what = doc.sheet.label(&doc.session.hands, i)
                    ));
                    // The hand and what it gave each side, on one line.
                    ui.label(RichText::new(what.render(lang)).size(22.0));
                    let points: Vec<String> = sides
                        .iter()
                        .zip(&doc.sheet.hands[i].delta)
                        .map(|(side, d)| {
                            msg!("ui.side_points", side = side.as_str(), points = signed(*d))
                                .render(lang)
                        })
                        .collect();
                    let text = RichText::new(points.join("   ")).size(22.0).strong();
                    ui.add(egui::Label::new(text).truncate());
                }
            });
            let keys = line_height(ui, egui::TextStyle::Heading, true);
            fixed_row(ui, keys, |ui| {
                if let Some(i) = awaited {
                    let yes = RichText::new(tr(lang, "ui.word.yes")).heading();
                    if ui.button(yes).clicked() {
                        commands.push(Command::Word(i, true));
                    }
                    let no = RichText::new(tr(lang, "ui.word.no")).heading();
                    if ui.button(no).clicked() {
                        commands.push(Command::Word(i, false));
                    }
                }
            });
        })
    });
}

/// A bridge evening: after each rubber, its result, the evening's standing, and whether
/// another rubber follows, in one row whose room is always kept: nothing moves when the keys
/// come or go (a second tap after "Robre suivant" finds nothing where it was).
fn evening_row(ui: &mut Ui, lang: Lang, open: &Open, commands: &mut Vec<Command>) {
    let doc = &open.doc;
    if !doc.session.game.goes_on() || doc.session.closed {
        return;
    }
    let papers = &open.rows.papers;
    let result = papers
        .iter()
        .enumerate()
        .next_back()
        .filter(|_| doc.sheet.natural_end)
        .and_then(|(k, last)| last.result(k));
    // One row, always there: between two rubbers the keys and the result, else the
    // evening's standing (the sheet below has every rubber's result).
    let keys = line_height(ui, egui::TextStyle::Heading, true);
    fixed_row(ui, keys, |ui| {
        let asking = result.is_some() && open.read_only.is_none() && !open.next_rubber;
        if asking {
            if ui
                .button(RichText::new(tr(lang, "ui.bridge.next_rubber")).heading())
                .clicked()
            {
                commands.push(Command::NextRubber);
            }
            if ui
                .button(RichText::new(tr(lang, "ui.bridge.end_evening")).heading())
                .clicked()
            {
                commands.push(Command::CloseSession);
            }
        }
        let text = match result {
            Some(result) => RichText::new(format!(
                "{} — {}",
                result.render(lang),
                crate::text::evening(papers).render(lang)
            ))
            .strong(),
            None if !papers.is_empty() => {
                RichText::new(crate::text::evening(papers).render(lang)).strong()
            }
            None => RichText::new(""),
        };
        ui.add(egui::Label::new(text).truncate());
    });
}

/// A selected hand's heading, with its edit and delete buttons right under it: nothing to
/// scroll past to reach them.
fn selected_heading(ui: &mut Ui, lang: Lang, open: &Open, i: usize, commands: &mut Vec<Command>) {
    let doc = &open.doc;
    let game = doc.session.game;
    ui.add_space(8.0);
    ui.label(
        RichText::new(
            game.hand_words(msg!(
                "ui.explain",
                n = i + 1,
                what = doc.sheet.label(&doc.session.hands, i)
            ))
            .render(lang),
        )
        .strong(),
    );
    if open.read_only.is_none() {
        ui.horizontal_wrapped(|ui| {
            let edit = game.hand_words(msg!("ui.edit_hand", n = i + 1));
            if ui.button(edit.render(lang)).clicked() {
                commands.push(Command::Edit(i));
            }
            let delete = game.hand_words(msg!("ui.delete_hand", n = i + 1));
            if ui.button(delete.render(lang)).clicked() {
                commands.push(Command::Delete(i));
            }
        });
    }
}

/// The entry form with its live check and preview (computed when the form's hand changes).
fn entry(open: &mut Open, ui: &mut Ui, lang: Lang, commands: &mut Vec<Command>) {
    let game = open.doc.session.game;
    let heading = match open.editing {
        Some(i) => {
            let heading = ui.heading(game.hand_words(msg!("ui.editing", n = i + 1)).render(lang));
            if ui.button(tr(lang, "ui.cancel_edit")).clicked() {
                commands.push(Command::CancelEdit);
            }
            heading
        }
        None => {
            let n = open.doc.session.hands.len() + 1;
            ui.heading(game.hand_words(msg!("ui.next_hand", n = n)).render(lang))
        }
    };
    // A new form starts at its top (in a narrow window, where the whole column scrolls;
    // beside the sheet, the form's own area starts at its top).
    if std::mem::take(&mut open.form_top) {
        heading.scroll_to_me(Some(egui::Align::Min));
    }
    let ctx = forms::Ctx {
        session: &open.doc.session,
        sheet: &open.doc.sheet,
        before: &open.before,
        editing: open.editing,
        lang,
    };
    let shown = ui.scope(|ui| open.form.show(ui, &ctx));
    open.candidate = shown.inner;
    // Where the form lies (all of it, scrolled out of view or not) and what of it is seen.
    open.form_area = Some((shown.response.rect, ui.clip_rect()));
    // Room under the form: when the foot (preview, confirm key) gets shorter, the form's area
    // gets taller, and a form scrolled to its end would slide down under the finger.
    let room_below = ui.ctx().content_rect().height() * 0.4;
    // The preview's lines, each with its rule, under the form (the totals and the confirm
    // button are at the panel's foot).
    let top = ui.cursor().min.y;
    if let Some((_, Ok(preview))) = open
        .preview
        .as_ref()
        .filter(|(h, _)| Some(h) == open.candidate.as_ref().ok())
    {
        ui.separator();
        let sides = crate::text::side_names(&open.doc.sheet, lang);
        let mut ignored = Vec::new();
        explain(
            ui,
            lang,
            &sides,
            line_rows(&preview.row.lines, lang),
            &mut ignored,
        );
    }
    // The tallest the preview has been for this hand stays taken, and room under it: a form
    // scrolled to its end never slides down as the lines under it come and go.
    let used = ui.cursor().min.y - top;
    open.preview_room = open.preview_room.max(used);
    ui.add_space(open.preview_room - used + room_below);
}

/// The entry panel while the table has no hand to enter (a bridge rubber just won): what to do.
fn idle_entry(ui: &mut Ui, lang: Lang, open: &mut Open) {
    open.candidate = Err(Msg::new("ui.form.next_rubber"));
    ui.add(egui::Label::new(RichText::new(tr(lang, "ui.form.next_rubber")).strong()).wrap());
}

/// The foot of the entry panel: what the form's hand would add, and the confirm button, or
/// what is missing or wrong.
fn confirm_area(
    open: &mut Open,
    ui: &mut Ui,
    lang: Lang,
    narrow: bool,
    commands: &mut Vec<Command>,
) {
    ui.add_space(4.0);
    let editing = open.editing.is_some();
    let game = open.doc.session.game;
    let hand = match open.candidate.clone() {
        Ok(hand) => hand,
        Err(missing) => {
            // The confirm key in its place, off, and what is missing beside it: a second tap
            // right after a hand was confirmed does nothing.
            // Beside the sheet, in full above the key; in a narrow window (where every line
            // counts), beside the key, whole on hover.
            let note = RichText::new(missing.render(lang)).strong();
            if !narrow {
                ui.add(egui::Label::new(note).wrap());
                confirm_keys(ui, lang, game, editing, None, None, commands);
            } else {
                confirm_keys(ui, lang, game, editing, None, Some(note), commands);
            }
            return;
        }
    };
    let sides = crate::text::side_names(&open.doc.sheet, lang);
    let names = crate::text::side_names(&open.doc.sheet, lang);
    let now_totals = open.doc.sheet.totals.clone();
    match open.preview_of(hand.clone()) {
        Ok(preview) => {
            // Compact, so that the form above keeps its room on a small screen.
            ui.horizontal_wrapped(|ui| {
                ui.label(RichText::new(tr(lang, "ui.preview")).strong());
                for (side, d) in sides.iter().zip(&preview.row.delta) {
                    // Each side's figure whole on one line.
                    let points = signed(*d);
                    let text = RichText::new(
                        msg!("ui.side_points", side = side.as_str(), points = points).render(lang),
                    );
                    ui.add(egui::Label::new(text.size(18.0).strong()).extend());
                }
            });
            if preview.end.natural_end {
                let (winners, count) = crate::text::winner_names(&preview.end.winners, &names);
                // Bridge: the rubber ends, and the evening may go on.
                let key = if game.goes_on() {
                    "ui.will_end.rubber"
                } else {
                    "ui.will_end"
                };
                let text = msg!(key, winners = winners, count = count).render(lang);
                ui.label(RichText::new(text).strong());
            }
            // An edit is a what-if until it is kept: the session's totals now and with it.
            if editing {
                let totals: Vec<String> = sides
                    .iter()
                    .zip(now_totals.iter().zip(&preview.end.totals))
                    .map(|(side, (a, b))| format!("{side} {a} → {b}"))
                    .collect();
                let text = msg!("ui.edit.whatif", totals = totals.join(", ")).render(lang);
                ui.label(RichText::new(text).strong());
            }
            confirm_keys(ui, lang, game, editing, Some(hand), None, commands);
        }
        Err(problems) => {
            for p in problems {
                ui.colored_label(ui.visuals().error_fg_color, p.msg.render(lang));
            }
            confirm_keys(ui, lang, game, editing, None, None, commands);
        }
    }
}

/// The confirm key (off without a hand to confirm), and while editing the key that leaves the
/// edit: last, at the panel's foot, on a row of their own that is always one key high, where
/// they stay whatever comes above; `note` beside them (else the keyboard's shortcut), cut to
/// the row.
fn confirm_keys(
    ui: &mut Ui,
    lang: Lang,
    game: GameKind,
    editing: bool,
    hand: Option<GameHand>,
    note: Option<RichText>,
    commands: &mut Vec<Command>,
) {
    let label = if editing {
        "ui.confirm_edit"
    } else {
        "ui.confirm"
    };
    // Ids of their own: the keys stay the same widgets whatever the foot shows above them.
    ui.push_id("confirm-keys", |ui| {
        ui.horizontal(|ui| {
            let text = game.hand_words(Msg::new(label)).render(lang);
            let confirm = ui.add_enabled(
                hand.is_some(),
                egui::Button::new(RichText::new(text).heading()),
            );
            let enter = ui.input(|i| i.key_pressed(egui::Key::Enter) && i.modifiers.command);
            if let Some(hand) = hand
                && (confirm.clicked() || enter)
            {
                commands.push(Command::Confirm(hand));
            }
            if editing
                && ui
                    .button(RichText::new(tr(lang, "ui.edit.back")).heading())
                    .clicked()
            {
                commands.push(Command::CancelEdit);
            }
            let note =
                note.unwrap_or_else(|| RichText::new(tr(lang, "ui.confirm_hint")).weak().small());
            ui.add(egui::Label::new(note).truncate());
        })
    });
}

/// A line under the title: where the game stands (vulnerability, manche, round…), and for a
/// race the bars toward the target.
fn state_line(ui: &mut Ui, lang: Lang, sheet: &Sheet) {
    ui.label(sheet.state().render(lang));
    if let Some(target) = sheet.live.target() {
        ui.horizontal_wrapped(|ui| {
            for (name, total) in sheet.sides.iter().zip(&sheet.totals) {
                let fill = (*total as f32 / target as f32).clamp(0.0, 1.0);
                ui.add(
                    egui::ProgressBar::new(fill)
                        .desired_width(180.0)
                        .text(format!("{name} {total} / {target}")),
                );
            }
        });
    }
}

/// The table of hands: label, delta and running total per side; only the rows on screen are
/// laid out. A click on a row's number selects it.
fn table(ui: &mut Ui, lang: Lang, open: &Open, narrow: bool, commands: &mut Vec<Command>) {
    let sheet = &open.doc.sheet;
    let rows = &open.rows.rows;
    let widths = column_widths(ui, sheet.sides.len(), &open.rows);
    // As tall as a button: the rows hold one, and the list's arithmetic needs the real height.
    let row_height = (ui.text_style_height(&egui::TextStyle::Button)
        + 2.0 * ui.spacing().button_padding.y)
        .max(ui.spacing().interact_size.y);
    let cell = |ui: &mut Ui, w: f32, text: RichText| {
        ui.add_sized([w, row_height], egui::Label::new(text).truncate());
    };
    // Wide tables (seven players, large text) scroll sideways inside their own area; in the
    // narrow layout the whole column scrolls both ways already (a scroll area inside it would
    // keep its bar in view, over the form).
    let draw = |ui: &mut Ui| {
        ui.horizontal(|ui| {
            cell(ui, widths.0, RichText::new("#").strong());
            cell(
                ui,
                widths.1,
                RichText::new(
                    sheet
                        .live
                        .kind()
                        .hand_words(Msg::new("ui.sheet.hand"))
                        .render(lang),
                )
                .strong(),
            );
            // The sides in the reader's language (bridge: NS / EO in French).
            for s in crate::text::side_names(sheet, lang) {
                cell(ui, widths.2, RichText::new(s).strong());
            }
        });
        // Half the room there is (in a scrolling column, of the window), four rows at least.
        // In the narrow column, of the window alone: the foot pinned under the column grows
        // and shrinks with the preview, and the form under the table must not follow it.
        let room = if narrow {
            ui.ctx().content_rect().height() * 0.7
        } else {
            ui.available_height().min(ui.ctx().content_rect().height())
        };
        let max_height = (room * 0.5).max(4.0 * row_height);
        // Always that height, few rows or many: what lies below (the selected hand's keys, the
        // form in a narrow window) does not move down a row with each hand entered.
        let mut area = egui::ScrollArea::vertical()
            .id_salt("sheet-rows")
            .max_height(max_height)
            .min_scrolled_height(max_height)
            .auto_shrink([true, false]);
        let frames = open.rows.to_end.get();
        if frames > 0 {
            open.rows.to_end.set(frames - 1);
            ui.ctx().request_repaint();
        }
        // Exactly the end, as the last frame measured it: past it the area would spring back,
        // frame after frame.
        let mut placed = None;
        if (frames > 0 || open.rows.at_end.get())
            && let Some(end) = open.rows.end_offset.get()
        {
            area = area.vertical_scroll_offset(end);
            placed = Some(end);
        }
        let shown = area.show_rows(ui, row_height, rows.len(), |ui, range| {
            for i in range {
                let r = &rows[i];
                ui.horizontal(|ui| {
                    if ui
                        .add_sized(
                            [widths.0, row_height],
                            egui::Button::selectable(open.selected == Some(i), &r.number),
                        )
                        .on_hover_text(tr(lang, "ui.sheet.select"))
                        .clicked()
                    {
                        commands.push(Command::Select(i));
                    }
                    cell(ui, widths.1, RichText::new(&r.label));
                    for c in &r.cells {
                        cell(ui, widths.2, RichText::new(c));
                    }
                });
            }
        });
        let end = (shown.content_size.y - shown.inner_rect.height()).max(0.0);
        let offset = shown.state.clamped_offset().y;
        // At the end, or placed there by this frame and not moved by the reader since.
        let at_end = offset >= end - 1.0 || placed.is_some_and(|p| (p - offset).abs() < 0.5);
        if at_end && (end - offset).abs() > 0.5 {
            // The end moved (a new size): one more frame to go there.
            ui.ctx().request_repaint();
        }
        open.rows.end_offset.set(Some(end));
        open.rows.at_end.set(at_end);
        ui.horizontal(|ui| {
            cell(ui, widths.0, RichText::new(""));
            // Truc's standing counts manches, not the points of the columns above.
            let total = tr(lang, sheet.game.total_label());
            cell(ui, widths.1, RichText::new(total).strong());
            for t in &sheet.totals {
                cell(
                    ui,
                    widths.2,
                    RichText::new(t.to_string()).strong().size(TOTAL_SIZE),
                );
            }
        });
    };
    // A wide table scrolls sideways in its own area, never widening the column (whose keys
    // below would then lie beyond the edge). In the narrow column the wheel is left to the
    // rows and the column (the bar still scrolls sideways).
    let source = egui::containers::scroll_area::ScrollSource {
        mouse_wheel: !narrow,
        ..Default::default()
    };
    egui::ScrollArea::horizontal()
        .id_salt("sheet-wide")
        .scroll_source(source)
        .show(ui, draw);
    let to_come = sheet.live.to_come();
    if !to_come.is_empty() {
        ui.label(msg!("ui.sheet.to_come", rounds = to_come.join(" · ")).render(lang));
    }
}

/// The widths of the number, label and side columns: each side column as wide as its longest
/// cell or total needs (measured, two texts a frame), the label the rest (at least 100); past
/// the width there is, the table scrolls sideways.
fn column_widths(ui: &Ui, sides: usize, rows: &Rows) -> (f32, f32, f32) {
    let number = 56.0;
    let spacing = ui.spacing().item_spacing.x;
    let free = (ui.available_width() - number - spacing * (sides as f32 + 2.0)).max(0.0);
    let color = ui.visuals().text_color();
    let width = |text: &str, font: egui::FontId| {
        ui.ctx()
            .fonts_mut(|f| f.layout_no_wrap(text.to_string(), font, color).size().x)
    };
    let cell = width(&rows.widest_cell, egui::TextStyle::Body.resolve(ui.style()));
    let total = width(&rows.widest_total, egui::FontId::proportional(TOTAL_SIZE));
    let side = (cell.max(total) + 12.0).clamp(48.0, 220.0);
    let label = (free - side * sides as f32).max(100.0);
    (number, label, side)
}

/// The total row's type size.
const TOTAL_SIZE: f32 = 22.0;

/// "What if": the game's other option values to try, and the selected hand and the session's
/// totals under those tried (nothing is saved).
fn what_if(ui: &mut Ui, lang: Lang, open: &Open, commands: &mut Vec<Command>) {
    use crate::games::OptKind;
    use serde_json::{Value, json};
    let doc = &open.doc;
    let own = doc.session.options.to_json();
    let current = |key: &str| open.whatif.get(key).or_else(|| own.get(key)).cloned();
    ui.horizontal_wrapped(|ui| {
        ui.label(tr(lang, "ui.whatif"));
        for o in doc.session.game.options() {
            let values: Vec<Value> = match o.kind {
                OptKind::Words(words) => words.iter().map(|w| json!(w)).collect(),
                OptKind::Numbers(numbers) => numbers.iter().map(|n| json!(n)).collect(),
                OptKind::Bool => vec![json!(false), json!(true)],
                OptKind::Positive(_) | OptKind::Player => continue,
            };
            for v in values {
                if current(o.key).as_ref() == Some(&v) {
                    continue;
                }
                let text =
                    crate::text::options_text(&doc.session, &json!({ o.key: v.clone() }), lang);
                if ui.button(text).clicked() {
                    commands.push(Command::WhatIf(Some((o.key.to_string(), v))));
                }
            }
        }
        if !open.whatif.is_empty() {
            if ui.button(tr(lang, "ui.whatif.back")).clicked() {
                commands.push(Command::WhatIf(None));
            }
            // A session file holds one set of options: they apply to every hand.
            if open.read_only.is_none() && ui.button(tr(lang, "ui.whatif.apply")).clicked() {
                commands.push(Command::ApplyOptions);
            }
        }
    });
    let Some(view) = &open.rows.whatif else {
        return;
    };
    let tried = crate::text::options_text(&doc.session, &Value::Object(view.changes.clone()), lang);
    ui.label(RichText::new(msg!("explain.whatif", list = tried).render(lang)).strong());
    match &view.result {
        Err(why) => {
            ui.colored_label(ui.visuals().error_fg_color, why);
        }
        Ok((w, count)) => {
            let sides = crate::text::side_names(&doc.sheet, lang);
            if let Some(count) = count {
                let steps = count
                    .steps
                    .iter()
                    .map(|st| (st.side, st.points, st.text.render(lang), st.rule));
                explain(ui, lang, &sides, steps, commands);
            }
            let diff: Vec<String> = sides
                .iter()
                .enumerate()
                .map(|(i, s)| {
                    let (now, then) = (doc.sheet.totals[i], w.sheet.totals[i]);
                    format!("{s} {then} ({})", signed(then - now))
                })
                .collect();
            ui.label(msg!("explain.whatif_totals", list = diff.join(", ")).render(lang));
        }
    }
}

/// Lines as [`explain`] shows them.
fn line_rows(
    lines: &[Line],
    lang: Lang,
) -> impl Iterator<Item = (usize, i64, String, RuleId)> + '_ {
    lines
        .iter()
        .map(move |l| (l.side, l.points, l.text.render(lang), l.rule))
}

/// Explanation lines (side, points, text, rule); a click on a rule opens it in the rules
/// reference.
fn explain(
    ui: &mut Ui,
    lang: Lang,
    sides: &[String],
    lines: impl Iterator<Item = (usize, i64, String, RuleId)>,
    commands: &mut Vec<Command>,
) {
    let mut clicked = None;
    for (side, points, text, rule) in lines {
        // The side and its points, the rule's title and its id on one row (the id's text on
        // hover, a click opens it), then the line itself, wrapped under them: a long line never
        // lies over the link.
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(format!("{} {}", sides[side], signed(points))).strong());
            let key = super::rules::rule_key(rule.as_str());
            ui.label(RichText::new(tr(lang, &format!("{key}.title"))).weak());
            let hover = format!("{}\n\n{}", tr(lang, &key), tr(lang, "ui.open_rule"));
            if ui.link(format!("[{rule}]")).on_hover_text(hover).clicked() {
                clicked = Some(rule.to_string());
            }
        });
        ui.indent(("line", rule), |ui| {
            ui.add(egui::Label::new(text).wrap());
        });
    }
    if let Some(rule) = clicked {
        commands.push(Command::Rules {
            // (A rule shown is always one of a game's.)
            game: GameKind::of_rule(&rule).unwrap_or(GameKind::ALL[0]),
            focus: Some(rule),
        });
    }
}

/// The bridge sheet as on paper: We / They, bonuses above the line, contracts below.
fn paper(ui: &mut Ui, lang: Lang, k: usize, paper: &Paper) {
    {
        ui.label(RichText::new(msg!("text.rubber", n = k + 1).render(lang)).strong());
        let cells = |ui: &mut Ui, cols: [&Vec<i64>; 2], i: usize| {
            for col in cols {
                ui.label(col.get(i).map(|v| v.to_string()).unwrap_or_default());
            }
            ui.end_row();
        };
        egui::Grid::new(("paper", k))
            .min_col_width(140.0)
            .show(ui, |ui| {
                for heading in Paper::HEADINGS {
                    ui.label(RichText::new(tr(lang, heading)).strong());
                }
                ui.end_row();
                for i in (0..paper.above[0].len().max(paper.above[1].len())).rev() {
                    cells(ui, [&paper.above[0], &paper.above[1]], i);
                }
                ui.separator();
                ui.separator();
                ui.end_row();
                for (segment, game) in &paper.below {
                    for i in 0..segment[0].len().max(segment[1].len()) {
                        cells(ui, [&segment[0], &segment[1]], i);
                    }
                    if *game {
                        ui.label(RichText::new("────────").weak());
                        ui.label(RichText::new("────────").weak());
                        ui.end_row();
                    }
                }
                ui.label(RichText::new(paper.totals[0].to_string()).strong());
                ui.label(RichText::new(paper.totals[1].to_string()).strong());
                ui.end_row();
            });
        if let Some(result) = paper.result(k) {
            ui.label(RichText::new(result.render(lang)).strong());
        }
    }
}

/// The session's edit log, newest first, with a button to put an old value back.
fn log_view(ui: &mut Ui, lang: Lang, open: &Open, commands: &mut Vec<Command>) {
    let session = &open.doc.session;
    ui.label(RichText::new(tr(lang, "ui.log.title")).strong());
    let log = history::log(session);
    let lines = open.rows.log.as_deref().unwrap_or_default();
    if log.is_empty() {
        ui.label(RichText::new(tr(lang, "ui.log.empty")).weak());
    }
    for (k, e) in log.iter().enumerate().rev() {
        ui.horizontal_wrapped(|ui| {
            if let Some(line) = lines.get(k) {
                ui.label(line);
            }
            if open.read_only.is_none()
                && let Some(change) = history::restore(session, e)
                && ui
                    .button(msg!("ui.log.restore", n = k + 1).render(lang))
                    .clicked()
            {
                commands.push(Command::Restore(change));
            }
        });
    }
}

/// The session screen under the top bar: its heading, the entry form (beside the sheet, or above
/// it when `narrow`), the table, a selected hand's count, the paper sheet and the log.
fn body(
    ui: &mut Ui,
    open: &mut Open,
    lang: Lang,
    scoreboard: bool,
    narrow: bool,
    commands: &mut Vec<Command>,
) {
    let doc = &open.doc;
    let game = doc.session.game;

    ui.horizontal_wrapped(|ui| {
        ui.heading(tr(lang, game.name_key()));
        ui.label(RichText::new(doc.session.players.join(" · ")).strong());
    });
    state_line(ui, lang, &doc.sheet);
    // The options in force, so that nobody meets the table by surprise.
    ui.label(
        RichText::new(msg!("explain.options", list = open.rows.options.as_str()).render(lang))
            .weak(),
    );
    if let Some(why) = &open.read_only {
        ui.label(RichText::new(msg!("ui.read_only", why = why.msg()).render(lang)).italics());
    }

    // A session that is over (the players stopped it, or its game reached its end) opens
    // read-only; it can be taken up again, after a confirmation, and the log will say so.
    let over = open.read_only == Some(super::document::ReadOnly::Over);
    if over {
        ui.horizontal_wrapped(|ui| {
            if open.confirm_reopen {
                ui.label(RichText::new(tr(lang, "ui.reopen.ask")).strong());
                if ui.button(tr(lang, "ui.reopen.yes")).clicked() {
                    commands.push(Command::Reopen);
                }
                if ui.button(tr(lang, "ui.reopen.no")).clicked() {
                    commands.push(Command::CancelReopen);
                }
            } else if ui.button(tr(lang, "ui.reopen")).clicked() {
                commands.push(Command::AskReopen);
            }
        });
    }
    if let Some(e) = &open.save_error {
        ui.colored_label(
            ui.visuals().error_fg_color,
            msg!("ui.save_failed", error = e.as_str()).render(lang),
        );
    }
    let evening = game.goes_on() && !doc.session.closed;
    // Beside the sheet, the rows that come and go are above it; in a narrow window, under the
    // table, so that the newest deal stays in view.
    if !narrow {
        evening_row(ui, lang, open, commands);
    }
    if !evening && doc.sheet.finished {
        let sides = crate::text::side_names(&doc.sheet, lang);
        let (names, count) = crate::text::winner_names(&doc.sheet.winners, &sides);
        ui.label(
            RichText::new(msg!("ui.winner", winners = names.as_str(), count = count).render(lang))
                .heading()
                .strong(),
        );
    }
    let writable = open.read_only.is_none();
    if writable && !narrow {
        word_panel(ui, lang, open, commands);
    }
    let (can_undo, can_redo) = (doc.undo.can_undo(), doc.undo.can_redo());
    let finished = doc.sheet.finished;
    let show_log = open.show_log;
    let show_chart = open.show_chart;

    ui.horizontal_wrapped(|ui| {
        for (named, enabled) in [(&UNDO, can_undo), (&REDO, can_redo)] {
            let mut b = ui.add_enabled(
                writable && enabled,
                egui::Button::new(tr(lang, named.label)),
            );
            if let Some(k) = named.keys.first() {
                b = b.on_hover_text(ui.ctx().format_shortcut(k));
            }
            if b.clicked() {
                commands.push((named.command)());
            }
        }
        // A button that shows or hides something: its text says what a click does.
        let toggle = |ui: &mut Ui, shown: bool, [hide, show]: [&str; 2], command: Command| {
            ui.button(tr(lang, if shown { hide } else { show }))
                .clicked()
                .then_some(command)
        };
        commands.extend(toggle(
            ui,
            show_log,
            ["ui.log.hide", "ui.log.show"],
            Command::ToggleLog,
        ));
        if writable && !finished && ui.button(tr(lang, "ui.close_session")).clicked() {
            commands.push(Command::CloseSession);
        }
        let board = ["ui.board.close", "ui.board.open"];
        commands.extend(toggle(ui, scoreboard, board, Command::ToggleScoreboard));
        let chart = ["ui.chart.hide", "ui.chart.show"];
        commands.extend(toggle(ui, show_chart, chart, Command::ToggleChart));
    });
    ui.separator();

    // The entry panel stays while the table may go on: at bridge, between two rubbers too.
    let entry_panel = writable && (!open.form.is_empty() || evening);
    if entry_panel {
        // The entry panel's width is bounded by the window's: whatever the form holds, and
        // whatever width was dragged or stored, the sheet keeps its share. In a narrow window
        // (or with large text) the form goes under the sheet instead of beside it.
        let room = ui.available_width();
        if narrow {
            // The confirm area is pinned at the screen's foot (see `show`); the form comes
            // under the table and the selected hand's buttons, in the one scrolling column.
        } else {
            // A share of the window, not a stored width: it follows the window and can never
            // be left in a broken state (egui lays a panel's content out at its widest, so a
            // resizable panel grows to its maximum with any wide row).
            let width = (room * 0.42).clamp(300.0, 560.0);
            egui::Panel::right("entry")
                .exact_size(width)
                .resizable(false)
                .show(ui, |ui| {
                    // The preview and the confirm button stay at the panel's foot, in the same
                    // place whatever the form's height; the form scrolls above them.
                    egui::Panel::bottom("entry-confirm").show(ui, |ui| {
                        confirm_area(open, ui, lang, false, commands);
                    });
                    // It takes the panel's width and scrolls within it: a wide form never
                    // widens the panel.
                    // Vertical only, its bar always there: no key is beyond a sideways scroll,
                    // and the width stays the same when the form grows. A new hand starts at
                    // its top.
                    let mut area = egui::ScrollArea::vertical()
                        .id_salt("form")
                        .auto_shrink([false, false])
                        .scroll_bar_visibility(
                            egui::scroll_area::ScrollBarVisibility::AlwaysVisible,
                        );
                    if std::mem::take(&mut open.form_top) {
                        area = area.vertical_scroll_offset(0.0);
                    }
                    area.show(ui, |ui| {
                        if open.form.is_empty() {
                            idle_entry(ui, lang, open);
                        } else {
                            entry(open, ui, lang, commands);
                        }
                    });
                });
        }
    }
    // The export row wraps, and its path field takes what room is left, so that it never
    // reaches under the entry panel.
    ui.horizontal_wrapped(|ui| {
        let l = ui.label(tr(lang, "ui.export.path"));
        let room = ui.available_width() - 140.0;
        ui.add(
            egui::TextEdit::singleline(&mut open.export_path)
                .hint_text(tr(lang, "ui.export.path_hint"))
                .desired_width(room.clamp(120.0, 280.0)),
        )
        .labelled_by(l.id);
        if ui.button(tr(lang, "ui.export.button")).clicked() {
            commands.push(Command::Export);
        }
        if ui.button(tr(lang, "ui.export.pdf")).clicked() {
            commands.push(Command::ExportPdf);
        }
    });
    table(ui, lang, open, narrow, commands);
    if narrow {
        evening_row(ui, lang, open, commands);
        if writable {
            word_panel(ui, lang, open, commands);
        }
    }
    if open.show_chart {
        chart(ui, lang, open, commands);
    }
    if narrow {
        if let Some(i) = open.selected.filter(|&i| i < open.doc.sheet.hands.len()) {
            selected_heading(ui, lang, open, i, commands);
        } else if open.read_only.is_none() {
            // The room the selected hand's heading and keys take, kept: the form below does
            // not move when a hand is selected (as each hand just entered is).
            let s = ui.spacing();
            let keys = s
                .interact_size
                .y
                .max(ui.text_style_height(&egui::TextStyle::Button) + 2.0 * s.button_padding.y);
            ui.add_space(
                8.0 + ui.text_style_height(&egui::TextStyle::Body) + keys + 2.0 * s.item_spacing.y,
            );
        }
        if entry_panel {
            ui.separator();
            if open.form.is_empty() {
                idle_entry(ui, lang, open);
            } else {
                entry(open, ui, lang, commands);
            }
            ui.separator();
        }
    }
    // A title and a note (where, who won the argument), shown on the home screen.
    if open.read_only.is_none() {
        egui::CollapsingHeader::new(tr(lang, "ui.title.heading"))
            .id_salt("title-note")
            .show(ui, |ui| {
                ui.horizontal_wrapped(|ui| {
                    let l = ui.label(tr(lang, "ui.title.title"));
                    ui.add(egui::TextEdit::singleline(&mut open.title).desired_width(260.0))
                        .labelled_by(l.id);
                });
                let l = ui.label(tr(lang, "ui.title.note"));
                ui.add(egui::TextEdit::multiline(&mut open.note).desired_rows(2))
                    .labelled_by(l.id);
                if ui.button(tr(lang, "ui.title.save")).clicked() {
                    commands.push(Command::SetTitle);
                }
            });
    } else if !open.title.is_empty() || !open.note.is_empty() {
        ui.label(RichText::new(format!("{} — {}", open.title, open.note)).italics());
    }
    let open: &Open = open;
    let doc = &open.doc;
    egui::ScrollArea::vertical()
        .id_salt("sheet")
        .show(ui, |ui| {
            if let Some(i) = open.selected.filter(|&i| i < doc.sheet.hands.len()) {
                if !narrow {
                    selected_heading(ui, lang, open, i, commands);
                }
                // The count step by step: what stood before the hand, each line with its sum.
                if let Some(count) = open.rows.counted(i) {
                    for f in &count.facts {
                        ui.label(RichText::new(f.render(lang)).weak());
                    }
                    let steps = count
                        .steps
                        .iter()
                        .map(|st| (st.side, st.points, st.text.render(lang), st.rule));
                    explain(
                        ui,
                        lang,
                        &crate::text::side_names(&doc.sheet, lang),
                        steps,
                        commands,
                    );
                }
                what_if(ui, lang, open, commands);
            }
            if doc.session.game.has_paper() {
                // The paper of the selected deal's rubber, else of the last one: a long evening
                // is not laid out whole on every frame.
                let rubber = open
                    .selected
                    .and_then(|i| doc.sheet.hands.get(i)?.info.part())
                    .unwrap_or(open.rows.papers.len().saturating_sub(1));
                if let Some(p) = open.rows.papers.get(rubber) {
                    ui.add_space(8.0);
                    paper(ui, lang, rubber, p);
                }
                // The evening: each rubber's result, and the standing after them all.
                let papers = &open.rows.papers;
                if papers.len() > 1 {
                    ui.add_space(8.0);
                    for (k, p) in papers.iter().enumerate() {
                        if let Some(result) = p.result(k) {
                            ui.label(result.render(lang));
                        }
                    }
                    ui.label(RichText::new(crate::text::evening(papers).render(lang)).strong());
                }
            }
            if !doc.sheet.closing.is_empty() {
                ui.label(RichText::new(tr(lang, "ui.closing")).strong());
                let lines = line_rows(&doc.sheet.closing, lang);
                explain(
                    ui,
                    lang,
                    &crate::text::side_names(&doc.sheet, lang),
                    lines,
                    commands,
                );
            }
            if open.show_log {
                ui.add_space(8.0);
                log_view(ui, lang, open, commands);
            }
        });
}
