//! The session screen: the score sheet with running totals, the explanation of the selected
//! hand, the entry form, editing, undo, the edit log.

use egui::{RichText, Ui};
use serde_json::Value;

use super::{App, Screen, forms};
use crate::games::{Line, bridge};
use crate::history::{self, Action, Change};
use crate::i18n::{Lang, tr};
use crate::msg;
use crate::session::{HandInfo, Live, Session, Sheet};
use crate::text::hand_label;

pub fn show(app: &mut App, ui: &mut Ui) {
    let lang = app.lang();
    let Some(open) = app.open.as_ref() else {
        app.screen = Screen::Home;
        return;
    };
    let game = open.session.game;
    let mut action: Option<UiAction> = None;

    ui.horizontal_wrapped(|ui| {
        ui.heading(tr(lang, game.name_key()));
        ui.label(RichText::new(open.session.players.join(" · ")).strong());
    });
    state_line(ui, lang, &open.session, &open.sheet);
    if let Some(why) = &open.read_only {
        ui.label(RichText::new(msg!("ui.read_only", why = why.clone()).render(lang)).italics());
    }
    if let Some(e) = &open.save_error {
        ui.colored_label(
            ui.visuals().error_fg_color,
            msg!("ui.save_failed", error = e.as_str()).render(lang),
        );
    }
    if open.sheet.finished {
        let w: Vec<&str> = open
            .sheet
            .winners
            .iter()
            .map(|&w| open.sheet.sides[w].as_str())
            .collect();
        ui.label(
            RichText::new(msg!("ui.winner", winners = w.join(", ")).render(lang))
                .heading()
                .strong(),
        );
    }
    ui.horizontal(|ui| {
        let writable = open.read_only.is_none();
        if ui
            .add_enabled(
                writable && open.undo.can_undo(),
                egui::Button::new(tr(lang, "ui.undo")),
            )
            .clicked()
        {
            action = Some(UiAction::Undo);
        }
        if ui
            .add_enabled(
                writable && open.undo.can_redo(),
                egui::Button::new(tr(lang, "ui.redo")),
            )
            .clicked()
        {
            action = Some(UiAction::Redo);
        }
        if ui
            .button(tr(
                lang,
                if open.show_log {
                    "ui.log.hide"
                } else {
                    "ui.log.show"
                },
            ))
            .clicked()
        {
            action = Some(UiAction::ToggleLog);
        }
        if writable && !open.sheet.finished && ui.button(tr(lang, "ui.close_session")).clicked() {
            action = Some(UiAction::Close);
        }
    });
    ui.separator();

    let more = !open.sheet.natural_end || game == crate::games::GameKind::Bridge;
    if open.read_only.is_none() && (more || open.editing.is_some()) {
        egui::Panel::right("entry").min_size(360.0).show(ui, |ui| {
            egui::ScrollArea::vertical().id_salt("form").show(ui, |ui| {
                if let Some(a) = entry(app, ui) {
                    action = Some(a);
                }
            });
        });
    }
    if let Some(open) = app.open.as_mut() {
        ui.horizontal(|ui| {
            let l = ui.label(tr(lang, "ui.export.path"));
            ui.add(egui::TextEdit::singleline(&mut open.export_path).desired_width(280.0))
                .labelled_by(l.id);
            if ui.button(tr(lang, "ui.export.button")).clicked() {
                action = Some(UiAction::Export);
            }
        });
    }
    let Some(open) = app.open.as_ref() else {
        return;
    };
    egui::ScrollArea::vertical()
        .id_salt("sheet")
        .show(ui, |ui| {
            if let Some(a) = table(ui, lang, &open.session, &open.sheet, open.selected) {
                action = Some(a);
            }
            if let Live::Bridge(_) = &open.sheet.live {
                ui.add_space(8.0);
                paper(ui, lang, &open.sheet);
            }
            if let Some(i) = open.selected.filter(|&i| i < open.sheet.hands.len()) {
                ui.add_space(8.0);
                ui.label(
                    RichText::new(
                        msg!(
                            "ui.explain",
                            n = i + 1,
                            what = hand_label(&open.session, &open.sheet, i)
                        )
                        .render(lang),
                    )
                    .strong(),
                );
                if let Some(rule) = explain(ui, lang, &open.sheet.sides, &open.sheet.hands[i].lines)
                {
                    action = Some(UiAction::Rule(rule));
                }
                if open.read_only.is_none() {
                    ui.horizontal(|ui| {
                        if ui
                            .button(msg!("ui.edit_hand", n = i + 1).render(lang))
                            .clicked()
                        {
                            action = Some(UiAction::Edit(i));
                        }
                        if ui
                            .button(msg!("ui.delete_hand", n = i + 1).render(lang))
                            .clicked()
                        {
                            action = Some(UiAction::Delete(i));
                        }
                    });
                }
            }
            if !open.sheet.closing.is_empty() {
                ui.label(RichText::new(tr(lang, "ui.closing")).strong());
                if let Some(rule) = explain(
                    ui,
                    lang,
                    &side_names(lang, &open.sheet),
                    &open.sheet.closing,
                ) {
                    action = Some(UiAction::Rule(rule));
                }
            }
            if open.show_log {
                ui.add_space(8.0);
                if let Some(a) = log_view(ui, lang, &open.session, open.read_only.is_none()) {
                    action = Some(a);
                }
            }
        });

    if let Some(a) = action {
        perform(app, a);
    }
}

/// What a click asks for; carried out after drawing.
enum UiAction {
    Undo,
    Redo,
    ToggleLog,
    Close,
    Select(usize),
    Edit(usize),
    Delete(usize),
    CancelEdit,
    Confirm(Value),
    Rule(String),
    Restore(Change),
    Export,
}

fn perform(app: &mut App, a: UiAction) {
    let lang = app.lang();
    match a {
        UiAction::Undo => app.undo(),
        UiAction::Redo => app.redo(),
        UiAction::Close => app.close_session(),
        UiAction::Export => app.export(),
        UiAction::Rule(rule) => {
            let game = app
                .open
                .as_ref()
                .map(|o| o.session.game)
                .unwrap_or(crate::games::GameKind::Bridge);
            app.screen = Screen::Rules {
                game,
                focus: Some(rule),
            };
        }
        UiAction::Restore(change) => {
            if let Err(p) = app.change(change, Action::Restore) {
                app.notice = Some(super::render_problems(&p, lang));
            }
        }
        UiAction::Delete(i) => {
            let old = app
                .open
                .as_ref()
                .and_then(|o| o.session.hands.get(i).cloned());
            if let Some(old) = old
                && let Err(p) = app.change(Change::Remove(i, old), Action::Delete)
            {
                app.notice = Some(
                    msg!("ui.delete_refused", why = super::render_problems(&p, lang)).render(lang),
                );
            }
        }
        UiAction::Confirm(hand) => {
            let Some(open) = app.open.as_ref() else {
                return;
            };
            let (change, act) = match open.editing {
                Some(i) => (
                    Change::Replace(i, open.session.hands[i].clone(), hand),
                    Action::Edit,
                ),
                None => (Change::Insert(open.session.hands.len(), hand), Action::Add),
            };
            let select = open.editing;
            if let Err(p) = app.change(change, act) {
                app.notice = Some(super::render_problems(&p, lang));
            } else if let Some(o) = app.open.as_mut() {
                o.selected = select.or(Some(o.session.hands.len().saturating_sub(1)));
            }
        }
        other => {
            let Some(open) = app.open.as_mut() else {
                return;
            };
            match other {
                UiAction::ToggleLog => open.show_log = !open.show_log,
                UiAction::Select(i) => open.selected = Some(i),
                UiAction::Edit(i) => {
                    open.editing = Some(i);
                    open.form = open.fresh_form();
                }
                UiAction::CancelEdit => {
                    open.editing = None;
                    open.form = open.fresh_form();
                }
                _ => {}
            }
        }
    }
}

/// The entry form with its live check and preview.
fn entry(app: &mut App, ui: &mut Ui) -> Option<UiAction> {
    let lang = app.lang();
    let open = app.open.as_mut()?;
    let mut action = None;
    match open.editing {
        Some(i) => {
            ui.heading(msg!("ui.editing", n = i + 1).render(lang));
            if ui.button(tr(lang, "ui.cancel_edit")).clicked() {
                action = Some(UiAction::CancelEdit);
            }
        }
        None => {
            ui.heading(msg!("ui.next_hand", n = open.session.hands.len() + 1).render(lang));
        }
    }
    let ctx = forms::Ctx {
        session: &open.session,
        sheet: &open.sheet,
        editing: open.editing,
        lang,
    };
    let candidate = open.form.show(ui, &ctx);
    ui.separator();
    let Some(hand) = candidate else {
        ui.label(RichText::new(tr(lang, "ui.form.incomplete")).weak());
        return action;
    };
    let checked = match open.editing {
        Some(i) => history::apply(
            &open.session,
            &Change::Replace(i, open.session.hands[i].clone(), hand.clone()),
            Action::Edit,
        )
        .map(|(_, sheet)| (sheet, i)),
        None => open
            .session
            .score_with(hand.clone())
            .map(|sheet| (sheet, open.session.hands.len())),
    };
    match checked {
        Ok((sheet, i)) => {
            ui.label(RichText::new(tr(lang, "ui.preview")).strong());
            let h = &sheet.hands[i];
            for (side, d) in side_names(lang, &sheet).iter().zip(&h.delta) {
                ui.label(
                    RichText::new(format!("{side}: {}", signed(*d)))
                        .size(20.0)
                        .strong(),
                );
            }
            explain(ui, lang, &sheet.sides, &h.lines);
            if sheet.natural_end {
                let w: Vec<&str> = sheet
                    .winners
                    .iter()
                    .map(|&w| sheet.sides[w].as_str())
                    .collect();
                ui.label(
                    RichText::new(msg!("ui.will_end", winners = w.join(", ")).render(lang))
                        .strong(),
                );
            }
            let label = if open.editing.is_some() {
                "ui.confirm_edit"
            } else {
                "ui.confirm"
            };
            let confirm = ui.button(RichText::new(tr(lang, label)).heading());
            let enter = ui.input(|i| i.key_pressed(egui::Key::Enter) && i.modifiers.command);
            if confirm.clicked() || enter {
                action = Some(UiAction::Confirm(hand));
            }
            ui.label(RichText::new(tr(lang, "ui.confirm_hint")).weak().small());
        }
        Err(problems) => {
            for p in problems {
                ui.colored_label(ui.visuals().error_fg_color, p.msg.render(lang));
            }
        }
    }
    action
}

fn signed(n: i64) -> String {
    if n > 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

/// A line under the title: where the game stands (vulnerability, manche, round…).
fn state_line(ui: &mut Ui, lang: Lang, session: &Session, sheet: &Sheet) {
    let text = match &sheet.live {
        Live::Bridge(g) => {
            let v = g.vulnerable();
            let vul = |b: bool| {
                tr(
                    lang,
                    if b {
                        "bridge.vulnerable"
                    } else {
                        "bridge.not_vulnerable"
                    },
                )
            };
            let need = g.needed_for_game();
            let r = g.current();
            msg!(
                "ui.state.bridge",
                rubber = g.rubber_index() + 1,
                ns_games = r.games[0],
                ew_games = r.games[1],
                ns_vul = vul(v[0]),
                ew_vul = vul(v[1]),
                ns_need = need[0],
                ew_need = need[1],
                dealer = tr(lang, bridge::dealer(session.hands.len()).name_key())
            )
        }
        Live::Truc(g) => {
            let s = g.scores();
            msg!(
                "ui.state.truc",
                manche = g.manche() + 1,
                a = &session.players[0],
                b = &session.players[1],
                sa = s[0],
                sb = s[1],
                ma = sheet.totals[0],
                mb = sheet.totals[1]
            )
        }
        Live::Ascenseur(g) => {
            let k = g.next_round();
            let left = g.plan().rounds().saturating_sub(k);
            msg!(
                "ui.state.ascenseur",
                round = k.min(g.plan().rounds().saturating_sub(1)) + 1,
                rounds = g.plan().rounds(),
                left = left
            )
        }
        Live::Le2500(g) => msg!("ui.state.2500", target = g.options().target),
        Live::Democratie(g) => msg!("ui.state.democratie", target = g.options().target),
    };
    ui.label(text.render(lang));
    let target = match &sheet.live {
        Live::Le2500(g) => Some(g.options().target),
        Live::Democratie(g) => Some(g.options().target),
        _ => None,
    };
    if let Some(target) = target {
        // The race toward the target, one bar per player.
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

/// The sides as shown: bridge's partnerships in the reader's language (NS / EO), else names.
fn side_names(lang: Lang, sheet: &Sheet) -> Vec<String> {
    match sheet.live {
        Live::Bridge(_) => vec![tr(lang, "ui.side.NS"), tr(lang, "ui.side.EW")],
        _ => sheet.sides.clone(),
    }
}

/// The table of hands: label, delta and running total per side. A click on a row selects it.
fn table(
    ui: &mut Ui,
    lang: Lang,
    session: &Session,
    sheet: &Sheet,
    selected: Option<usize>,
) -> Option<UiAction> {
    let mut action = None;
    let running = sheet.running();
    egui::Grid::new("sheet")
        .striped(true)
        .spacing([18.0, 6.0])
        .show(ui, |ui| {
            ui.label(RichText::new("#").strong());
            ui.label(RichText::new(tr(lang, "ui.sheet.hand")).strong());
            for s in &sheet.sides {
                ui.label(RichText::new(s).strong());
            }
            ui.end_row();
            for (i, h) in sheet.hands.iter().enumerate() {
                let label = hand_label(session, sheet, i).render(lang);
                if ui
                    .selectable_label(selected == Some(i), format!("#{}", i + 1))
                    .on_hover_text(tr(lang, "ui.sheet.select"))
                    .clicked()
                {
                    action = Some(UiAction::Select(i));
                }
                ui.label(label);
                for s in 0..sheet.sides.len() {
                    let after = match &h.info {
                        HandInfo::Truc(t) => t.score[s],
                        _ => running[i][s],
                    };
                    let cell = match (&h.info, h.delta[s]) {
                        (HandInfo::Ascenseur(_), d) => {
                            let bid = session.hands[i]
                                .get("bids")
                                .and_then(|b| b.get(s))
                                .and_then(Value::as_i64)
                                .unwrap_or(0);
                            format!("{} ⁽{}⁾ → {after}", signed(d), superscript(bid))
                        }
                        (_, 0) => format!("· → {after}"),
                        (_, d) => format!("{} → {after}", signed(d)),
                    };
                    ui.label(cell);
                }
                ui.end_row();
            }
            ui.label("");
            ui.label(RichText::new(tr(lang, "ui.sheet.total")).strong());
            for t in &sheet.totals {
                ui.label(RichText::new(t.to_string()).strong().size(22.0));
            }
            ui.end_row();
        });
    if let Live::Ascenseur(g) = &sheet.live {
        let plan = g.plan();
        let next = g.next_round();
        if next < plan.rounds() {
            let to_come: Vec<String> = (next..plan.rounds())
                .map(|k| plan.round(k).cards.to_string())
                .collect();
            ui.label(msg!("ui.sheet.to_come", rounds = to_come.join(" · ")).render(lang));
        }
    }
    action
}

fn superscript(n: i64) -> String {
    n.to_string()
        .chars()
        .map(|c| {
            ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'][c.to_digit(10).unwrap_or(0) as usize]
        })
        .collect()
}

/// Explanation lines; returns the rule clicked.
fn explain(ui: &mut Ui, lang: Lang, sides: &[String], lines: &[Line]) -> Option<String> {
    let mut clicked = None;
    for l in lines {
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(format!("{} {}", sides[l.side], signed(l.points))).strong());
            ui.label(l.text.render(lang));
            if ui
                .link(format!("[{}]", l.rule))
                .on_hover_text(tr(lang, "ui.open_rule"))
                .clicked()
            {
                clicked = Some(l.rule.to_string());
            }
        });
    }
    clicked
}

/// The bridge sheet as on paper: We / They, bonuses above the line, contracts below.
fn paper(ui: &mut Ui, lang: Lang, sheet: &Sheet) {
    let Live::Bridge(g) = &sheet.live else { return };
    for k in 0..g.summary().rubbers.len() {
        let Some(paper) = sheet.paper(k) else {
            continue;
        };
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
                ui.label(RichText::new(tr(lang, "bridge.we")).strong());
                ui.label(RichText::new(tr(lang, "bridge.they")).strong());
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
    }
}

/// The session's edit log, newest first, with a button to put an old value back.
fn log_view(ui: &mut Ui, lang: Lang, session: &Session, writable: bool) -> Option<UiAction> {
    let mut action = None;
    ui.label(RichText::new(tr(lang, "ui.log.title")).strong());
    let log = history::log(session);
    if log.is_empty() {
        ui.label(RichText::new(tr(lang, "ui.log.empty")).weak());
    }
    for (k, e) in log.iter().enumerate().rev() {
        ui.horizontal_wrapped(|ui| {
            let what = e.action.map(|a| tr(lang, a.name_key())).unwrap_or_default();
            ui.label(format!(
                "{} — {} — {}",
                e.at,
                what,
                msg!("ui.log.hand", n = e.hand).render(lang)
            ));
            if !e.old.is_null() {
                ui.label(
                    RichText::new(msg!("ui.log.old", value = e.old.to_string()).render(lang))
                        .monospace()
                        .small(),
                );
            }
            if !e.new.is_null() {
                ui.label(
                    RichText::new(msg!("ui.log.new", value = e.new.to_string()).render(lang))
                        .monospace()
                        .small(),
                );
            }
            if writable
                && let Some(change) = history::restore(session, e)
                && ui
                    .button(msg!("ui.log.restore", n = k + 1).render(lang))
                    .clicked()
            {
                action = Some(UiAction::Restore(change));
            }
        });
    }
    action
}
