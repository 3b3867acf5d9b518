//! The session screen: the score sheet with running totals, the explanation of the selected
//! hand, the entry form with its preview, editing, undo, the edit log.
//!
//! The screen reads the open document and emits [`Command`]s. The rows' texts are made once per
//! change of the sheet (or of the language), and only the rows on screen are laid out.

mod chart;
mod entry;
mod panels;
pub(super) mod rows;
mod stakes;
mod table;

use chart::chart;
pub use chart::{chart_points, parts_of};
use entry::{confirm_area, entry, evening_row, idle_entry, selected_heading, word_panel};
pub use panels::wheel;
use panels::{explain, line_rows, log_view, paper, what_if};
use table::table;

use egui::{RichText, Ui};

use super::command::{Command, Files, Named};
use super::view::Shown;
use marque_core::i18n::msg;
use marque_core::i18n::{Lang, tr};
use marque_core::session::{Paper, Sheet};

/// The most sides of a race shown each with its bar toward the target.
const RACE_BARS: usize = 4;
/// Below this width (in points) the entry form goes under the sheet rather than beside it.
const NARROW: f32 = 700.0;
/// Below this height (in points) too.
const SHORT: f32 = 360.0;

/// What the session screen is handed: the language, the open session (none: it goes home),
/// whether the scoreboard and the room's pages are on, the conflict copies the last listing
/// found of its file, and where its commands go.
pub struct Ctx<'a> {
    pub lang: Lang,
    pub open: Option<Shown<'a>>,
    pub scoreboard: (bool, bool),
    pub copies: usize,
    pub commands: &'a mut Vec<Command>,
}

pub fn show(ui: &mut Ui, cx: Ctx<'_>) {
    let Ctx {
        lang,
        open,
        scoreboard: app_scoreboard,
        copies,
        commands: sent,
    } = cx;
    let Some(mut open) = open else {
        sent.push(Command::Named(Named::Home));
        return;
    };
    let open = &mut open;
    open.view
        .rows
        .update(lang, open.doc.session(), open.doc.sheet());
    if open.view.show_log {
        open.view
            .rows
            .log_lines(lang, open.doc.session(), open.doc.sheet());
    }
    if let Some(i) = open.view.selected {
        open.view
            .rows
            .count_hand(i, open.doc.session(), open.doc.sheet());
        open.view
            .rows
            .what_if(&open.view.whatif, i, lang, open.doc.session());
    }
    let mut commands: Vec<Command> = Vec::new();
    // Scroll bars take their own room: a floating bar would lie over a row's last keys.
    ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
    // A narrow or short window (or large text): one scrolling column, form above the sheet,
    // with the preview and the confirm button pinned at the foot.
    let narrow = ui.available_width() < NARROW || ui.available_height() < SHORT;
    let evening = open.doc.session().game.goes_on() && !open.doc.session().closed;
    if narrow {
        if open.read_only().is_none() && (!open.view.form.is_empty() || evening) {
            egui::Panel::bottom("entry-confirm-narrow").show(ui, |ui| {
                confirm_area(open, ui, lang, true, &mut commands);
            });
        }
        // Vertical only, its bar always there: a key is never beyond a sideways scroll, and
        // the width does not change when the bar comes.
        let area = egui::ScrollArea::vertical()
            .id_salt(open.view.scroll.with("narrow"))
            .auto_shrink([false, false])
            .scroll_bar_visibility(egui::scroll_area::ScrollBarVisibility::AlwaysVisible);
        area.show(ui, |ui| {
            body(
                ui,
                open,
                lang,
                (app_scoreboard, copies),
                true,
                &mut commands,
            )
        });
    } else {
        body(
            ui,
            open,
            lang,
            (app_scoreboard, copies),
            false,
            &mut commands,
        );
    }
    sent.extend(commands);
}

/// The line under the title: the options in force, or, while another machine's changes wait
/// (Syncthing left conflict copies), that they wait, with the key that merges them. One row as
/// tall as a key either way: nothing under it moves when copies come or go.
fn options_or_copies(
    ui: &mut Ui,
    open: &Shown<'_>,
    lang: Lang,
    copies: usize,
    commands: &mut Vec<Command>,
) {
    let height = crate::ui::widgets::line_height(ui, egui::TextStyle::Button, true);
    crate::ui::widgets::fixed_row(ui, height, |ui| {
        if copies == 0 {
            // The options in force, so that nobody meets the table by surprise (whole on
            // hover where the row is too short).
            let options =
                msg!("explain.options", list = open.view.rows.options.as_str()).render(lang);
            ui.add(egui::Label::new(RichText::new(options).weak()).truncate());
            return;
        }
        let merge = ui.button(tr(lang, "ui.sync.merge"));
        if merge.clicked() {
            commands.push(Command::Files(Files::MergeCopies(
                open.doc.path().to_path_buf(),
                Vec::new(),
            )));
        }
        let said = RichText::new(msg!("ui.sync.copies", n = copies).render(lang)).strong();
        ui.add(egui::Label::new(said).truncate());
    });
}

/// A line under the title: where the game stands (vulnerability, manche, round…), and for a
/// race the bars toward the target.
fn state_line(ui: &mut Ui, lang: Lang, sheet: &Sheet, (over, papers): (bool, &[Paper])) {
    // Once the game is over (at bridge, the evening), no running state of a manche or a
    // rubber to come: at bridge, the evening's standing over its rubbers.
    if !over {
        ui.label(sheet.state().render(lang));
    } else if papers.len() > 1 {
        ui.label(RichText::new(marque_core::text::evening(papers).render(lang)).strong());
    }
    if let Some(target) = sheet.live.target() {
        // A seat that left marked as such; a true minus sign.
        let names = marque_core::text::side_names(sheet, lang);
        // Up to four sides, a bar each; more, one line for the one nearest the target (the
        // totals' bar under the table has every side): the sheet keeps its rows.
        if names.len() > RACE_BARS {
            let lead = sheet.totals.iter().copied().max().unwrap_or(0);
            let leaders: Vec<&str> = names
                .iter()
                .zip(&sheet.totals)
                .filter(|(_, t)| **t == lead)
                .map(|(n, _)| n.as_str())
                .collect();
            let line = msg!(
                "ui.race.lead",
                names = leaders.join(", "),
                count = leaders.len(),
                total = marque_core::view::minus(lead),
                target = target
            );
            ui.label(line.render(lang));
            return;
        }
        ui.horizontal_wrapped(|ui| {
            for (name, total) in names.iter().zip(&sheet.totals) {
                let fill = (*total as f32 / target as f32).clamp(0.0, 1.0);
                let shown = marque_core::view::minus(*total);
                // Square ends: a bar just begun is a sliver at its left edge, never a dot
                // over the name's first letter.
                ui.add(
                    egui::ProgressBar::new(fill)
                        .desired_width(180.0)
                        .corner_radius(0.0)
                        .text(format!("{name} {shown} / {target}")),
                );
            }
        });
    }
}

/// The session screen under the top bar: its heading, the entry form (beside the sheet, or above
/// it when `narrow`), the table, a selected hand's count, the paper sheet and the log.
fn body(
    ui: &mut Ui,
    open: &mut Shown<'_>,
    lang: Lang,
    (scoreboard, copies): ((bool, bool), usize),
    narrow: bool,
    commands: &mut Vec<Command>,
) {
    let writable = open.read_only().is_none();
    // The entry panel stays while the table may go on: at bridge, between two rubbers too.
    let evening = open.doc.session().game.goes_on() && !open.doc.session().closed;
    let entry_panel = writable && (!open.view.form.is_empty() || evening);
    // Beside everything, from the top: what the column beside it shows (the other side's
    // word, a read-only reason, the winner) never pushes the form's keys down.
    if entry_panel && !narrow {
        entry_beside(ui, open, lang, commands);
    }
    heading(ui, open, lang, (narrow, copies), commands);
    if writable && !narrow {
        word_panel(ui, lang, open, false, commands);
    }
    if narrow {
        // The narrow column (a small screen, large text): the other side's word first, then
        // the sheet with its totals on the first screen, then the session's keys, the export,
        // the form: the first thing the table answers after an entry, and its standing, are
        // never below the fold.
        if writable {
            word_panel(ui, lang, open, true, commands);
        }
        table(ui, lang, open, narrow, commands);
        evening_row(ui, lang, open, commands);
        actions(ui, open, lang, scoreboard, commands);
        ui.separator();
        export_row(ui, open, lang, commands);
    } else {
        actions(ui, open, lang, scoreboard, commands);
        ui.separator();
        export_row(ui, open, lang, commands);
        table(ui, lang, open, narrow, commands);
    }
    if open.view.show_chart {
        chart(ui, lang, open, commands);
    }
    if narrow {
        entry_under(ui, open, lang, entry_panel, commands);
    }
    title_note(ui, open, lang, commands);
    details(ui, open, lang, narrow, commands);
}

/// The session's heading: the game and players, where it stands, the options, why it is
/// read-only (and the way to take it up again), a failed save, the evening's row, the winners.
fn heading(
    ui: &mut Ui,
    open: &Shown<'_>,
    lang: Lang,
    (narrow, copies): (bool, usize),
    commands: &mut Vec<Command>,
) {
    let doc = &open.doc;
    let game = doc.session().game;

    ui.horizontal_wrapped(|ui| {
        ui.heading(tr(lang, doc.session().title_key()));
        // Who sits at the table now (a substitute, an arrival in place).
        let seated = doc.sheet().seats().seated();
        ui.label(RichText::new(seated.join(" · ")).strong());
    });
    let over = doc.sheet().finished && (!game.goes_on() || doc.session().closed);
    state_line(ui, lang, doc.sheet(), (over, open.view.rows.papers()));
    options_or_copies(ui, open, lang, copies, commands);
    if let Some(why) = open.read_only() {
        ui.label(RichText::new(msg!("ui.read_only", why = why.msg()).render(lang)).italics());
    }

    // A session that is over (the players stopped it, or its game reached its end) opens
    // read-only; it can be taken up again, after a confirmation, and the log will say so.
    let over = open.read_only() == Some(&marque_store::document::ReadOnly::Over);
    if over {
        ui.horizontal_wrapped(|ui| {
            if open.view.confirm_reopen {
                ui.label(RichText::new(tr(lang, "ui.reopen.ask")).strong());
                if ui.button(tr(lang, "ui.reopen.yes")).clicked() {
                    commands.push(Command::Named(Named::Reopen));
                }
                if ui.button(tr(lang, "ui.reopen.no")).clicked() {
                    commands.push(Command::Named(Named::CancelReopen));
                }
            } else if ui.button(tr(lang, "ui.reopen")).clicked() {
                commands.push(Command::Named(Named::AskReopen));
            }
        });
    }
    if let Some(e) = &open.view.save_error {
        ui.colored_label(
            ui.visuals().error_fg_color,
            msg!("ui.save_failed", error = e.render(lang)).render(lang),
        );
    }
    let evening = game.goes_on() && !doc.session().closed;
    // Beside the sheet, the rows that come and go are above it; in a narrow window, under the
    // table, so that the newest deal stays in view.
    if !narrow {
        evening_row(ui, lang, open, commands);
    }
    if !evening && doc.sheet().finished {
        let sides = marque_core::text::side_names(doc.sheet(), lang);
        let (names, count) = marque_core::view::winner_names(&doc.sheet().winners, &sides);
        ui.label(
            RichText::new(msg!("ui.winner", winners = names.as_str(), count = count).render(lang))
                .heading()
                .strong(),
        );
    }
}

/// Undo, redo, the log, closing the session, the room's scoreboard, the chart, and the room's
/// pages on the phones (`shown`: whether the scoreboard and the sharing are on).
fn actions(
    ui: &mut Ui,
    open: &Shown<'_>,
    lang: Lang,
    shown: (bool, bool),
    commands: &mut Vec<Command>,
) {
    let (scoreboard, sharing) = shown;
    let doc = &open.doc;
    let writable = open.read_only().is_none();
    let (can_undo, can_redo) = (doc.can_undo(), doc.can_redo());
    let finished = doc.sheet().finished;
    let show_log = open.view.show_log;
    let show_chart = open.view.show_chart;

    ui.horizontal_wrapped(|ui| {
        for (named, enabled) in [(Named::Undo, can_undo), (Named::Redo, can_redo)] {
            let mut b = ui.add_enabled(
                writable && enabled,
                egui::Button::new(named.text(lang, false)),
            );
            if let Some(k) = named.keys().first() {
                b = b.on_hover_text(ui.ctx().format_shortcut(k));
            }
            if b.clicked() {
                commands.push(named.into());
            }
        }
        // A button that shows or hides something: its text says what a click does.
        // As wide as its longer text, so that its neighbours stay put when it is tapped.
        let toggle = |ui: &mut Ui, named: Named, shown: bool| {
            let (hide, show) = (named.text(lang, true), named.text(lang, false));
            let width = crate::ui::widgets::text_width(ui, &hide)
                .max(crate::ui::widgets::text_width(ui, &show))
                + 2.0 * ui.spacing().button_padding.x;
            ui.add(
                egui::Button::new(if shown { hide } else { show }).min_size(egui::vec2(width, 0.0)),
            )
            .clicked()
            .then_some(Command::from(named))
        };
        commands.extend(toggle(ui, Named::ToggleLog, show_log));
        let close = Named::CloseSession;
        if writable && !finished && ui.button(close.text(lang, false)).clicked() {
            commands.push(close.into());
        }
        commands.extend(toggle(ui, Named::ToggleScoreboard, scoreboard));
        commands.extend(toggle(ui, Named::ToggleChart, show_chart));
        commands.extend(toggle(ui, Named::ToggleSharing, sharing));
    });
}

/// The entry form in a panel beside the sheet, its preview and confirm key at the panel's foot.
fn entry_beside(ui: &mut Ui, open: &mut Shown<'_>, lang: Lang, commands: &mut Vec<Command>) {
    // The entry panel's width is bounded by the window's: whatever the form holds, and
    // whatever width was dragged or stored, the sheet keeps its share.
    let room = ui.available_width();
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
                .id_salt(open.view.scroll.with("form"))
                .auto_shrink([false, false])
                .scroll_bar_visibility(egui::scroll_area::ScrollBarVisibility::AlwaysVisible);
            if std::mem::take(&mut open.view.form_top) {
                area = area.vertical_scroll_offset(0.0);
            }
            area.show(ui, |ui| {
                if open.view.form.is_empty() {
                    idle_entry(ui, lang, open);
                } else {
                    entry(open, ui, lang, false, commands);
                }
            });
        });
}

/// Where the session is exported, and the keys that export it.
fn export_row(ui: &mut Ui, open: &mut Shown<'_>, lang: Lang, commands: &mut Vec<Command>) {
    // The export row wraps, and its path field takes what room is left, so that it never
    // reaches under the entry panel.
    ui.horizontal_wrapped(|ui| {
        let l = ui.label(tr(lang, "ui.export.path"));
        let room = ui.available_width() - 140.0;
        ui.add(
            egui::TextEdit::singleline(&mut open.view.export_path)
                .hint_text(tr(lang, "ui.export.path_hint"))
                .desired_width(room.clamp(120.0, 280.0)),
        )
        .labelled_by(l.id);
        for named in [Named::Export, Named::ExportPdf] {
            if ui.button(named.text(lang, false)).clicked() {
                commands.push(named.into());
            }
        }
    });
}

/// In a narrow window: the selected hand's heading (its room kept when none is), then the
/// entry form under the table, in the one scrolling column (the confirm area is pinned at the
/// screen's foot, see `show`).
fn entry_under(
    ui: &mut Ui,
    open: &mut Shown<'_>,
    lang: Lang,
    entry_panel: bool,
    commands: &mut Vec<Command>,
) {
    if let Some(i) = open
        .view
        .selected
        .filter(|&i| i < open.doc.sheet().hands.len())
    {
        selected_heading(ui, lang, open, i, commands);
    } else if open.read_only().is_none() {
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
        if open.view.form.is_empty() {
            idle_entry(ui, lang, open);
        } else {
            entry(open, ui, lang, true, commands);
        }
        // The count behind the previewed points, whole, under the form.
        if let Some((count, error)) = &open.view.count_below {
            let text = RichText::new(count.as_str()).strong();
            let text = if *error {
                text.color(ui.visuals().error_fg_color)
            } else {
                text
            };
            ui.add(egui::Label::new(text).wrap());
        }
        ui.separator();
    }
}

/// A title and a note (where, who won the argument), shown on the home screen.
fn title_note(ui: &mut Ui, open: &mut Shown<'_>, lang: Lang, commands: &mut Vec<Command>) {
    if open.read_only().is_none() {
        egui::CollapsingHeader::new(tr(lang, "ui.title.heading"))
            .id_salt("title-note")
            .show(ui, |ui| {
                ui.horizontal_wrapped(|ui| {
                    let l = ui.label(tr(lang, "ui.title.title"));
                    ui.add(egui::TextEdit::singleline(&mut open.view.title).desired_width(260.0))
                        .labelled_by(l.id);
                });
                let l = ui.label(tr(lang, "ui.title.note"));
                ui.add(egui::TextEdit::multiline(&mut open.view.note).desired_rows(2))
                    .labelled_by(l.id);
                if ui.button(tr(lang, "ui.title.save")).clicked() {
                    commands.push(Command::Named(Named::SetTitle));
                }
            });
    } else if !open.view.title.is_empty() || !open.view.note.is_empty() {
        ui.label(RichText::new(format!("{} — {}", open.view.title, open.view.note)).italics());
    }
}

/// The selected hand's count and what-if, bridge's paper and evening, the lines scored at the
/// close, the log.
fn details(ui: &mut Ui, open: &Shown<'_>, lang: Lang, narrow: bool, commands: &mut Vec<Command>) {
    let doc = &open.doc;
    egui::ScrollArea::vertical()
        .id_salt(open.view.scroll.with("sheet"))
        .show(ui, |ui| {
            if let Some(i) = open.view.selected.filter(|&i| i < doc.sheet().hands.len()) {
                if !narrow {
                    selected_heading(ui, lang, open, i, commands);
                }
                // The count step by step: what stood before the hand, each line with its sum.
                if let Some(count) = open.view.rows.counted(i) {
                    for f in &count.facts {
                        ui.label(RichText::new(f.render(lang)).weak());
                    }
                    let steps = count
                        .steps
                        .iter()
                        .map(|st| (st.side, st.points, st.text.render(lang), st.rule));
                    // Named by who held each seat for that hand, never a later holder.
                    let then = marque_core::text::sides_then(doc.session(), &count.held, lang);
                    explain(ui, lang, &then, steps, commands);
                }
                what_if(ui, lang, open, commands);
            }
            if doc.session().game.has_paper() {
                // The paper of the selected deal's rubber, else of the last one: a long evening
                // is not laid out whole on every frame.
                let part = open
                    .view
                    .selected
                    .and_then(|i| doc.sheet().hands.get(i)?.info.part())
                    .unwrap_or(open.view.rows.papers.len().saturating_sub(1));
                if let Some(p) = open.view.rows.papers.get(part) {
                    ui.add_space(8.0);
                    paper(ui, lang, part, p);
                }
                // The evening: each rubber's result, and the standing after them all.
                let papers = &open.view.rows.papers;
                if papers.len() > 1 {
                    ui.add_space(8.0);
                    for (k, p) in papers.iter().enumerate() {
                        if let Some(result) = p.result(k) {
                            ui.label(result.render(lang));
                        }
                    }
                    ui.label(
                        RichText::new(marque_core::text::evening(papers).render(lang)).strong(),
                    );
                }
            }
            if !doc.sheet().closing.is_empty() {
                ui.label(RichText::new(tr(lang, "ui.closing")).strong());
                let lines = line_rows(&doc.sheet().closing, lang);
                explain(
                    ui,
                    lang,
                    &marque_core::text::side_names(doc.sheet(), lang),
                    lines,
                    commands,
                );
            }
            if open.view.show_log {
                ui.add_space(8.0);
                log_view(ui, lang, open, commands);
            }
        });
}
