//! What the sheet shows under the table: a hand's count step by step, what-if, bridge's paper,
//! the edit log.

use egui::{RichText, Ui};

use crate::ui::command::{Command, Entry, Named};
pub(super) use crate::ui::counted::{explain, line_rows};
use crate::ui::view::Shown;
use marque_core::history;
use marque_core::i18n::msg;
use marque_core::i18n::{Lang, tr};
use marque_core::session::Paper;
use marque_core::view::signed_shown as signed;

/// "What if": the game's other option values to try, and the selected hand and the session's
/// totals under those tried (nothing is saved).
pub(super) fn what_if(ui: &mut Ui, lang: Lang, open: &Shown<'_>, commands: &mut Vec<Command>) {
    use serde_json::Value;
    let doc = &open.doc;
    ui.horizontal_wrapped(|ui| {
        ui.label(tr(lang, "ui.whatif"));
        for (key, v, text) in alternatives(open, lang) {
            if ui.button(text).clicked() {
                commands.push(Command::Entry(Entry::WhatIf(Some((key, v)))));
            }
        }
        if !open.view.whatif.is_empty() {
            if ui.button(tr(lang, "ui.whatif.back")).clicked() {
                commands.push(Command::Entry(Entry::WhatIf(None)));
            }
            // A session file holds one set of options: they apply to every hand.
            if open.read_only().is_none() && ui.button(tr(lang, "ui.whatif.apply")).clicked() {
                commands.push(Command::Named(Named::ApplyOptions));
            }
        }
    });
    let Some(view) = &open.view.rows.whatif else {
        return;
    };
    let tried =
        marque_core::text::options_text(doc.session(), &Value::Object(view.changes.clone()), lang);
    ui.label(RichText::new(msg!("explain.whatif", list = tried).render(lang)).strong());
    match &view.result {
        Err(why) => {
            ui.colored_label(ui.visuals().error_fg_color, why);
        }
        Ok((w, count)) => {
            let sides = marque_core::text::side_names(doc.sheet(), lang);
            if let Some(count) = count {
                let steps = count
                    .steps
                    .iter()
                    .map(|st| (st.side, st.points, st.text.render(lang), st.rule));
                let then = marque_core::text::sides_then(doc.session(), &count.held, lang);
                explain(ui, lang, &then, steps, commands);
            }
            let diff: Vec<String> = sides
                .iter()
                .enumerate()
                .map(|(i, s)| {
                    let (now, then) = (doc.sheet().totals[i], w.sheet.totals[i]);
                    format!(
                        "{s} {} ({})",
                        marque_core::view::minus(then),
                        signed(then - now)
                    )
                })
                .collect();
            ui.label(msg!("explain.whatif_totals", list = diff.join(", ")).render(lang));
        }
    }
}

/// The game's other option values to try, each with its key and its words: those the
/// session (with the options already tried) does not have.
pub(super) fn alternatives(
    open: &Shown<'_>,
    lang: Lang,
) -> Vec<(String, serde_json::Value, String)> {
    use marque_core::games::OptKind;
    use serde_json::{Value, json};
    let doc = &open.doc;
    let own = doc.session().options.to_json();
    // (An option the session does not write is at its default.)
    let game = doc.session().game;
    let current = |key: &str| {
        open.view
            .whatif
            .get(key)
            .or_else(|| own.get(key))
            .cloned()
            .or_else(|| {
                game.options()
                    .iter()
                    .find(|o| o.key == key)
                    .map(marque_core::games::OptDesc::default_value)
            })
    };
    let mut out = Vec::new();
    for o in game.options() {
        if !o.applies(doc.session().sides().len(), current) {
            continue;
        }
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
                marque_core::text::options_text(doc.session(), &json!({ o.key: v.clone() }), lang);
            out.push((o.key.to_string(), v, text));
        }
    }
    out
}

/// The bridge sheet as on paper: We / They, bonuses above the line, contracts below.
pub(super) fn paper(ui: &mut Ui, lang: Lang, k: usize, paper: &Paper) {
    {
        ui.label(RichText::new(paper.title(k).render(lang)).strong());
        wheel(ui, lang, (k, 1.0), paper);
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

/// Chicago: the chukker's wheel, its four deals in turn, each with who deals, who is
/// vulnerable, what it gave and the running total (nothing for a rubber). `scale`: the type's.
pub fn wheel(ui: &mut Ui, lang: Lang, (k, scale): (usize, f32), paper: &Paper) {
    let rows = paper.wheel_rows(lang);
    if rows.is_empty() {
        return;
    }
    egui::Grid::new(("wheel", k))
        .striped(true)
        .spacing(egui::vec2(14.0 * scale, 4.0 * scale))
        // Rows as tall as their type where it is small (the room's board), never taller than
        // a row of keys.
        .min_row_height((14.0 * scale * 1.3).min(ui.spacing().interact_size.y))
        .show(ui, |ui| {
            for [deal, dealer, state, points, running] in rows {
                let size = 14.0 * scale;
                ui.label(RichText::new(deal).size(size).strong());
                ui.label(RichText::new(dealer).size(size));
                ui.label(RichText::new(state).size(size));
                ui.label(RichText::new(marque_core::view::typeset(&points)).size(size));
                let running = marque_core::view::typeset(&running);
                ui.label(RichText::new(format!("Σ {running}")).size(size).strong());
                ui.end_row();
            }
        });
}

/// The session's edit log, newest first, with a button to put an old value back.
pub(super) fn log_view(ui: &mut Ui, lang: Lang, open: &Shown<'_>, commands: &mut Vec<Command>) {
    let session = open.doc.session();
    let title = ui.label(RichText::new(tr(lang, "ui.log.title")).strong());
    if open.view.rows.log_to_view.take() {
        title.scroll_to_me(Some(egui::Align::TOP));
    }
    let log = history::log(session);
    let lines = open.view.rows.log.as_deref().unwrap_or_default();
    if log.is_empty() {
        ui.label(RichText::new(tr(lang, "ui.log.empty")).weak());
    }
    for k in (0..log.len()).rev() {
        ui.horizontal_wrapped(|ui| {
            if let Some(line) = lines.get(k) {
                ui.label(line);
            }
            if open.read_only().is_none()
                && let Some(Some(change)) = open.view.rows.restores.get(k).cloned()
                && ui
                    .button(msg!("ui.log.restore", n = k + 1).render(lang))
                    .clicked()
            {
                commands.push(Command::Entry(Entry::Restore(change)));
            }
        });
    }
}
