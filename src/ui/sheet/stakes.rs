//! What is at stake once the bid is in: a strip at the entry panel's foot, above the preview
//! and the confirm key, with each result the play can give and its figure, the likely ones
//! first in view. Its room is the same whether it shows anything or not (nothing under or
//! over it moves when it comes, grows or goes); a tapped result's lines, each with its rule,
//! are shown under the form, where the preview's go once the result is in.

use egui::{RichText, Ui};

use super::panels::{explain, line_rows};
use crate::ui::command::{Command, Entry};
use crate::ui::counted::{row_room, stakes_row};
use crate::ui::view::Shown;
use marque_core::i18n::{Lang, tr};
use marque_core::stakes::{Stakes, rows_at_most};
use marque_core::view::signed_shown as signed;

/// The most rows of results shown at once, in a tall window and in a short one (under
/// `SHORT` points); more (Tarot's petit au bout, L'Ascenseur's players) scroll.
const ROWS_SHOWN: [usize; 2] = [2, 1];
const SHORT: f32 = 800.0;

/// The strip's height at this size and zoom for this session (none in a game with no bid),
/// and the rows it shows.
fn height(ui: &Ui, open: &Shown<'_>) -> (f32, usize) {
    let session = open.doc.session();
    let short = ui.ctx().content_rect().height() < SHORT;
    let rows =
        rows_at_most(session.game, session.players.len()).min(ROWS_SHOWN[usize::from(short)]);
    if rows == 0 {
        return (0.0, 0);
    }
    let (line, row) = row_room(ui);
    // The heading (its "Et si :" key) with the tapped result, then each row: its keys and
    // its bar.
    let heading = line;
    (
        heading + ui.spacing().item_spacing.y + rows as f32 * row,
        rows,
    )
}

/// The strip: its room always taken in a game with a bid, its results shown while the form
/// holds a bid without its result.
pub(super) fn strip(open: &mut Shown<'_>, ui: &mut Ui, lang: Lang, commands: &mut Vec<Command>) {
    let (h, shown) = height(ui, open);
    if h <= 0.0 {
        return;
    }
    let width = ui.available_width();
    let (rect, _) = ui.allocate_exact_size(egui::vec2(width, h), egui::Sense::hover());
    let doc = open.doc;
    if !open.view.stakes_of(doc) {
        refused_under_options(open, ui, rect, (lang, commands));
        return;
    }
    // The options the stakes can be tried under ("Et si :"), and those tried.
    let others = super::panels::alternatives(open, lang);
    let tried = open.view.whatif.clone();
    let players = doc.sheet().seats().current();
    let sides = marque_core::text::side_names(doc.sheet(), lang);
    let mut pick = open.view.stakes_pick;
    let bring = open.view.stakes_new > 0;
    if bring {
        open.view.stakes_new -= 1;
        ui.ctx().request_repaint();
    }
    let scroll = open.view.scroll;
    let Some(kept) = &mut open.view.stakes else {
        return;
    };
    let Ok(stakes) = &kept.found else {
        return;
    };
    // Laid out once per stakes and language, not each frame.
    if kept.rows.as_ref().is_none_or(|(l, _)| *l != lang) {
        kept.rows = Some((lang, stakes.rows(&players, &sides)));
    }
    let Some((_, rows)) = &kept.rows else {
        return;
    };
    let mut inner = ui.new_child(egui::UiBuilder::new().max_rect(rect));
    inner.set_clip_rect(rect.intersect(ui.clip_rect()));
    let ui = &mut inner;
    let line = ui.text_style_height(&egui::TextStyle::Body);
    ui.horizontal(|ui| {
        // A line high, its key too: the rows under it keep their room.
        ui.spacing_mut().button_padding.y = 0.0;
        ui.spacing_mut().interact_size.y = line;
        ui.label(RichText::new(tr(lang, "ui.stakes.heading")).strong());
        // Under another option: "Et si :" its values, the options tried said.
        ui.menu_button(tr(lang, "ui.whatif"), |ui| {
            for (key, v, text) in others {
                if ui.button(text).clicked() {
                    commands.push(Command::Entry(Entry::WhatIf(Some((key, v)))));
                }
            }
            if !tried.is_empty() && ui.button(tr(lang, "ui.whatif.back")).clicked() {
                commands.push(Command::Entry(Entry::WhatIf(None)));
            }
        });
        if !tried.is_empty() {
            let list = marque_core::text::options_text(
                doc.session(),
                &serde_json::Value::Object(tried),
                lang,
            );
            let with = marque_core::i18n::msg!("explain.whatif", list = list);
            ui.label(RichText::new(with.render(lang)).strong());
        }
        let said = picked(stakes, pick, &sides, lang);
        ui.add(egui::Label::new(RichText::new(said).weak()).truncate());
    });
    let mut each = |ui: &mut Ui| {
        for (r, row) in rows.iter().enumerate() {
            let id = scroll.with(("stakes-row", r));
            stakes_row(ui, row, lang, &mut pick, (id, bring));
        }
    };
    // More rows than the strip shows scroll up and down within it.
    if rows.len() > shown {
        let area = egui::ScrollArea::vertical()
            .id_salt(scroll.with("stakes"))
            .auto_shrink([false, false]);
        area.show(ui, each);
    } else {
        each(ui);
    }
    open.view.stakes_pick = pick;
}

/// Under options tried that refuse the bid (or the session): what they refuse, and the key
/// back to the session's own, in the strip's room.
fn refused_under_options(
    open: &Shown<'_>,
    ui: &mut Ui,
    rect: egui::Rect,
    (lang, commands): (Lang, &mut Vec<Command>),
) {
    let Some(Err(why)) = open.view.stakes.as_ref().map(|s| &s.found) else {
        return;
    };
    if open.view.whatif.is_empty() {
        return;
    }
    let mut inner = ui.new_child(egui::UiBuilder::new().max_rect(rect));
    inner.set_clip_rect(rect.intersect(ui.clip_rect()));
    let said: Vec<String> = why.iter().map(|m| m.render(lang)).collect();
    inner.horizontal_wrapped(|ui| {
        ui.label(RichText::new(tr(lang, "ui.stakes.heading")).strong());
        if ui.button(tr(lang, "ui.whatif.back")).clicked() {
            commands.push(Command::Entry(Entry::WhatIf(None)));
        }
        ui.colored_label(ui.visuals().error_fg_color, said.join(" "));
    });
}

/// The tapped result in words, its score for each side and what it completes; else how to
/// see a result's count.
fn picked(stakes: &Stakes, pick: Option<usize>, sides: &[String], lang: Lang) -> String {
    let Some(o) = pick.and_then(|k| stakes.outcomes.get(k)) else {
        return tr(lang, "ui.stakes.tap");
    };
    let mut text = o.said.label(sides).render(lang);
    let figures: Vec<String> = sides
        .iter()
        .zip(&o.row.delta)
        .map(|(s, d)| format!("{s} {}", signed(*d)))
        .collect();
    text.push_str(" — ");
    text.push_str(&figures.join(", "));
    for c in &o.completes {
        text.push_str(" · ");
        text.push_str(&c.said(sides).render(lang));
    }
    text
}

/// Under the form, while the stakes are shown: the tapped result's lines, each with its rule
/// (a click opens it).
pub(super) fn lines(open: &Shown<'_>, ui: &mut Ui, lang: Lang, commands: &mut Vec<Command>) {
    let Some(Ok(stakes)) = open.view.stakes.as_ref().map(|s| &s.found) else {
        return;
    };
    let Some(o) = open.view.stakes_pick.and_then(|k| stakes.outcomes.get(k)) else {
        return;
    };
    let sides = marque_core::text::side_names(open.doc.sheet(), lang);
    ui.separator();
    let heading =
        marque_core::i18n::msg!("ui.stakes.if", result = o.said.label(&sides).render(lang));
    ui.label(RichText::new(heading.render(lang)).strong());
    explain(ui, lang, &sides, line_rows(&o.row.lines, lang), commands);
}
