//! An evening's bridge table (issue 51): the round, who sits N-S and E-W, the next board with
//! its dealer and vulnerability, the deal's keys, and every board the table plays with what its
//! file holds. Each board entered, corrected or deleted is a command: the shell writes the
//! table's file through its document ([`marque_store::TableDoc`]), with its log.

use std::path::PathBuf;

use egui::RichText;
use serde_json::Value;

use super::command::{Command, Evenings};
use super::forms::BoardForm;
use super::widgets::{key, key_height, key_width};
use marque_core::club::{self, Plan};
use marque_core::i18n::{Lang, msg, tr};
use marque_store::{TableDoc, TableOp};

/// The table's screen: its document, and what is being entered.
pub struct TableState {
    pub doc: TableDoc,
    /// The evening's file, for the way back.
    pub evening: PathBuf,
    /// The table's boards as its file now holds them (`None`: not a table of its evening).
    pub plan: Option<Plan>,
    /// The board being entered or corrected: its round's and its own place in the plan;
    /// `None`, the next one still to enter.
    pub picked: Option<(usize, usize)>,
    pub form: BoardForm,
    /// The entry last deleted, with its place, to put back.
    pub deleted: Option<(usize, Value)>,
    /// What is at stake for the board being keyed.
    pub stakes: BoardStakes,
}

/// What is at stake for the board being keyed: the board and bid they were found for, the
/// results and their row (laid out once per language), the result tapped, and how many more
/// frames bring the likely ones into view.
#[derive(Default)]
pub struct BoardStakes {
    key: Option<(u32, Value)>,
    found: Option<club::BoardStakes>,
    rows: Option<(Lang, Vec<marque_core::stakes::Row>)>,
    pick: Option<usize>,
    new: u8,
}

impl BoardStakes {
    /// The stakes of `bid` (none: no bid without its result) on board `board`, found again
    /// only when either changes.
    fn of(&mut self, board: u32, bid: Option<Value>) {
        let key = bid.map(|b| (board, b));
        if self.key != key {
            self.found = key
                .as_ref()
                .and_then(|(b, p)| club::board_stakes(*b, p).ok());
            self.key = key;
            self.rows = None;
            self.pick = None;
            self.new = 3;
        }
    }
}

impl TableState {
    pub fn new(doc: TableDoc, evening: PathBuf) -> TableState {
        let mut t = TableState {
            doc,
            evening,
            plan: None,
            picked: None,
            form: BoardForm::default(),
            deleted: None,
            stakes: BoardStakes::default(),
        };
        t.replan();
        t
    }

    /// The plan made again from the document as it now is; the form starts again.
    pub fn replan(&mut self) {
        self.plan = self.plan_of();
        self.picked = None;
        self.form = BoardForm::default();
    }

    /// The evening read again: the plan made from it, the board being entered kept where it
    /// still is one of the table's.
    pub fn evening_read(&mut self, evening: Value) {
        if self.doc.evening.as_ref() == Some(&evening)
            || !club::names_table(&evening, &self.doc.name)
        {
            return;
        }
        self.doc.evening = Some(evening);
        self.plan = self.plan_of();
        let still = |(r, b): (usize, usize)| {
            self.plan
                .as_ref()
                .is_some_and(|p| p.rounds.get(r).is_some_and(|x| b < x.boards.len()))
        };
        if !self.picked.is_some_and(still) {
            self.picked = None;
        }
    }

    /// The table's plan in its evening, from its file as it now is.
    fn plan_of(&self) -> Option<Plan> {
        let evening = self.doc.evening.as_ref()?;
        club::plan(evening, &self.doc.name, Some(&self.doc.value))
    }

    /// The board on the form: the one picked, else the next to enter.
    fn current(&self) -> Option<(usize, usize)> {
        self.picked.or_else(|| self.plan.as_ref()?.next())
    }
}

/// The seats' names, N, E, S, W, of a round at pairs (a team's players are not seated by name).
fn seat_names(round: &club::PlannedRound) -> Vec<String> {
    let name = |s: &club::Seated, k: usize| match s.pair {
        Some(_) => s.names.get(k).cloned().unwrap_or_default(),
        None => String::new(),
    };
    vec![
        name(&round.ns, 0),
        name(&round.ew, 0),
        name(&round.ns, 1),
        name(&round.ew, 1),
    ]
}

pub fn show(ui: &mut egui::Ui, lang: Lang, state: &mut TableState, commands: &mut Vec<Command>) {
    // The way back, the table and its progress on one line: the board's keys below have
    // the height of a small screen zoomed.
    let plan = state.plan.clone();
    ui.horizontal_wrapped(|ui| {
        if ui.button(tr(lang, "ui.table.back")).clicked() {
            commands.push(Command::Evenings(Evenings::Open(state.evening.clone())));
        }
        let table = plan.as_ref().map_or(0, |p| i64::from(p.table));
        ui.heading(msg!("ui.table.title", table = table).render(lang));
        if let Some(plan) = &plan {
            let (boards, entered) = plan.progress();
            let progress = msg!(
                "ui.table.progress",
                entered = entered as i64,
                boards = boards as i64
            );
            ui.label(progress.render(lang));
        }
    });
    let Some(plan) = plan else {
        ui.label(msg!("ui.table.not_in_evening", file = state.doc.name.as_str()).render(lang));
        return;
    };
    let (boards, _) = plan.progress();
    if boards == 0 {
        let empty = msg!("ui.table.empty", table = i64::from(plan.table)).render(lang);
        ui.label(RichText::new(empty).strong());
        return;
    }
    let Some((r, b)) = state.current() else {
        ui.label(RichText::new(tr(lang, "ui.table.all_entered")).strong());
        ui.separator();
        egui::ScrollArea::vertical()
            .id_salt(("table", &state.doc.name))
            .auto_shrink([false, false])
            .show(ui, |ui| boards_list(ui, lang, state, &plan, commands));
        return;
    };
    // Wide: the contract's keys on the left; the board, its result's keys and its save key on
    // the right above the list. Narrow, one under the other: the board, its key, the keys,
    // then the list.
    let wide = ui.available_width() >= 640.0;
    egui::ScrollArea::vertical()
        .id_salt(("table", &state.doc.name))
        .auto_shrink([false, false])
        .show(ui, |ui| {
            if wide {
                // The contract's keys on the left; the seating, the result's keys and the
                // board on the right: every key in view at 1024×600 zoomed.
                ui.columns(2, |c| {
                    state
                        .form
                        .contract_keys(&mut c[0], lang, &seat_names(&plan.rounds[r]));
                    heading(&mut c[1], lang, &plan, (r, b));
                    seating(&mut c[1], lang, &plan, r);
                    state.form.result_keys(&mut c[1], lang);
                    board(&mut c[1], lang, state, &plan, (r, b), commands);
                    c[1].separator();
                    boards_list(&mut c[1], lang, state, &plan, commands);
                });
            } else {
                heading(ui, lang, &plan, (r, b));
                seating(ui, lang, &plan, r);
                board(ui, lang, state, &plan, (r, b), commands);
                deal_keys(ui, lang, state, &plan, r);
                ui.separator();
                boards_list(ui, lang, state, &plan, commands);
            }
        });
}

/// The board on the form, its dealer and vulnerability, and its round, over the whole width.
fn heading(ui: &mut egui::Ui, lang: Lang, plan: &Plan, (r, b): (usize, usize)) {
    let round = &plan.rounds[r];
    let heading = club::board_heading(round.boards[b].board).render(lang);
    ui.horizontal_wrapped(|ui| {
        ui.add(egui::Label::new(RichText::new(heading).size(22.0).strong()).wrap());
        ui.label(msg!("ui.table.round", round = i64::from(round.round)).render(lang));
    });
}

/// Who sits where this round (above the board: the deal's keys have their column to
/// themselves, from its top).
fn seating(ui: &mut egui::Ui, lang: Lang, plan: &Plan, r: usize) {
    let round = &plan.rounds[r];
    ui.label(msg!("ui.table.ns", side = round.ns.words(lang)).render(lang));
    ui.label(msg!("ui.table.ew", side = round.ew.words(lang)).render(lang));
}

/// The deal's keys, the seats named by who sits there this round.
fn deal_keys(ui: &mut egui::Ui, lang: Lang, state: &mut TableState, plan: &Plan, r: usize) {
    state.form.deal_keys(ui, lang, &seat_names(&plan.rounds[r]));
}

/// The board on the form: what the entry says, the key that saves it, and at pairs the
/// artificial scores.
fn board(
    ui: &mut egui::Ui,
    lang: Lang,
    state: &mut TableState,
    plan: &Plan,
    (r, b): (usize, usize),
    commands: &mut Vec<Command>,
) {
    let board = &plan.rounds[r].boards[b];
    let played = state.form.played();
    // What the entry says, or what is missing.
    let said = match &played {
        Some(p) => club::said(board.board, p).render(lang),
        None => tr(lang, "ui.table.incomplete"),
    };
    // Two lines' room whether it takes one or two (a narrow column wraps it): the keys under
    // it never move as it changes.
    let room = 2.0 * ui.text_style_height(&egui::TextStyle::Body) + ui.spacing().item_spacing.y;
    ui.allocate_ui_with_layout(
        egui::vec2(ui.available_width(), room),
        egui::Layout::top_down(egui::Align::Min),
        |ui| {
            ui.set_min_height(room);
            ui.add(egui::Label::new(said).wrap());
        },
    );
    let save = match board.entered {
        Some(_) => msg!("ui.table.correct", board = i64::from(board.board)),
        None => msg!("ui.table.save", board = i64::from(board.board)),
    }
    .render(lang);
    let cancel = tr(lang, "ui.table.cancel");
    let size = egui::vec2(
        key_width(ui, &[save.clone(), cancel.clone()]).min(ui.available_width()),
        key_height(ui),
    );
    // Side by side where both fit, else one under the other: neither runs past the edge.
    let gap = ui.spacing().item_spacing.x;
    let side_by_side = 2.0 * size.x + gap <= ui.available_width();
    let layout = match side_by_side {
        true => egui::Layout::left_to_right(egui::Align::Min),
        false => egui::Layout::top_down(egui::Align::Min),
    };
    ui.with_layout(layout, |ui| {
        if key(ui, size, false, played.is_some(), &save, &save).clicked()
            && let Some(p) = &played
        {
            let e = plan.entry(r, b, p);
            commands.push(Command::Evenings(Evenings::TableEntry(
                match board.entered {
                    Some((i, _)) => TableOp::Edit(i, e),
                    None => TableOp::Add(e),
                },
            )));
        }
        // Leaves a correction (or a board picked ahead) for the next board to enter.
        if key(ui, size, false, state.picked.is_some(), &cancel, &cancel).clicked() {
            state.picked = None;
            state.form = BoardForm::default();
        }
    });
    if plan.pairs {
        state.form.average_keys(ui, lang);
    }
    stakes_strip(ui, lang, state, board.board, commands);
}

/// The lines of a tapped result the strip has room for (more scroll within it).
const LINES_SHOWN: f32 = 4.0;

/// What is at stake on the board: a strip of its own under the keys (its room taken whether
/// it shows anything or not, so nothing moves as it comes, changes or goes), the results of
/// the contract keyed in a row from the worst to the best (the declaring side's figure), the
/// likely ones in view; a tapped result's N-S score and lines, each with its rule.
fn stakes_strip(
    ui: &mut egui::Ui,
    lang: Lang,
    state: &mut TableState,
    board: u32,
    commands: &mut Vec<Command>,
) {
    let (line, row) = super::counted::row_room(ui);
    let gap = ui.spacing().item_spacing.y;
    // The heading with the tapped result, the row, then the tapped result's lines.
    let h = line + gap + row + LINES_SHOWN * (line + gap);
    let (rect, _) =
        ui.allocate_exact_size(egui::vec2(ui.available_width(), h), egui::Sense::hover());
    let id = ui.scope_id().with(("board-stakes", board));
    let kept = &mut state.stakes;
    kept.of(board, state.form.partial());
    let Some(found) = &kept.found else {
        return;
    };
    let sides = [tr(lang, "club.card.ns"), tr(lang, "club.card.ew")];
    if kept.rows.as_ref().is_none_or(|(l, _)| *l != lang) {
        kept.rows = Some((lang, found.rows(&sides)));
    }
    let bring = kept.new > 0;
    if bring {
        kept.new -= 1;
        ui.ctx().request_repaint();
    }
    let mut inner = ui.new_child(egui::UiBuilder::new().max_rect(rect));
    inner.set_clip_rect(rect.intersect(ui.clip_rect()));
    let ui = &mut inner;
    let picked = kept.pick.and_then(|k| found.outcomes.get(k));
    ui.horizontal(|ui| {
        ui.label(RichText::new(tr(lang, "ui.stakes.heading")).strong());
        let said = match picked {
            Some(o) => format!(
                "{} — {}",
                o.said.label(&sides).render(lang),
                msg!(
                    "web.table.score",
                    points = marque_core::view::signed_shown(o.ns)
                )
                .render(lang)
            ),
            None => tr(lang, "ui.stakes.tap"),
        };
        ui.add(egui::Label::new(RichText::new(said).weak()).truncate());
    });
    if let Some((_, rows)) = &kept.rows {
        for row in rows {
            super::counted::stakes_row(ui, row, lang, &mut kept.pick, (id, bring));
        }
    }
    if let Some(o) = kept.pick.and_then(|k| found.outcomes.get(k)) {
        egui::ScrollArea::vertical()
            .id_salt(id.with("lines"))
            .auto_shrink([false, false])
            .show(ui, |ui| {
                let lines = super::counted::line_rows(&o.lines, lang);
                super::counted::explain(ui, lang, &sides, lines, commands);
            });
    }
}

/// Every board the table plays, round by round: what its file holds, with the keys that
/// correct or delete it, or the key that enters it.
fn boards_list(
    ui: &mut egui::Ui,
    lang: Lang,
    state: &mut TableState,
    plan: &Plan,
    commands: &mut Vec<Command>,
) {
    // Always there (greyed until a board is deleted): a deletion moves no row of the list.
    let text = tr(lang, "ui.table.put_back");
    let put_back = ui.add_enabled(state.deleted.is_some(), egui::Button::new(&text));
    if put_back.clicked()
        && let Some((i, e)) = &state.deleted
    {
        commands.push(Command::Evenings(Evenings::TableEntry(TableOp::PutBack(
            *i,
            e.clone(),
        ))));
    }
    let current = state.current();
    // A board that comes back to the table (the 3-table Howell) names its round on its keys.
    let again = |board: u32| {
        let times = plan.rounds.iter().flat_map(|r| r.boards.iter());
        times.filter(|b| b.board == board).count() > 1
    };
    for (r, round) in plan.rounds.iter().enumerate() {
        let title = msg!(
            "ui.table.round_seated",
            round = i64::from(round.round),
            ns = round.ns.words(lang),
            ew = round.ew.words(lang)
        );
        ui.label(RichText::new(title.render(lang)).strong());
        if round.sit_out() {
            ui.label(RichText::new(tr(lang, "ui.table.sit_out")).weak());
            continue;
        }
        for (b, board) in round.boards.iter().enumerate() {
            ui.horizontal_wrapped(|ui| {
                let n = i64::from(board.board);
                let here = current == Some((r, b));
                let named = |key: &'static str| {
                    let m = msg!(key, board = n);
                    match again(board.board) {
                        true => msg!("ui.table.in_round", key = m, round = i64::from(round.round)),
                        false => m,
                    }
                    .render(lang)
                };
                let said = match &board.entered {
                    Some((_, p)) => club::said(board.board, p).render(lang),
                    None => tr(lang, "ui.table.to_enter"),
                };
                let line = msg!("ui.table.board_line", board = n, said = said).render(lang);
                ui.label(if here {
                    RichText::new(line).strong()
                } else {
                    RichText::new(line)
                });
                match &board.entered {
                    Some((i, p)) => {
                        let fix = named("ui.table.fix");
                        if ui.button(&fix).clicked() {
                            state.picked = Some((r, b));
                            state.form = BoardForm::from_played(Some(p));
                        }
                        let del = named("ui.table.delete");
                        if ui.button(&del).clicked() {
                            commands
                                .push(Command::Evenings(Evenings::TableEntry(TableOp::Delete(*i))));
                        }
                    }
                    None if !here => {
                        let pick = named("ui.table.pick");
                        if ui.button(&pick).clicked() {
                            state.picked = Some((r, b));
                            state.form = BoardForm::default();
                        }
                    }
                    None => {}
                }
            });
        }
    }
}

/// What the last change to the table did, for its notice, and the entry it deleted (to put
/// back).
pub fn done(op: &TableOp, before: &[Value]) -> (marque_core::i18n::Msg, Option<(usize, Value)>) {
    let board = |v: &Value| v["board"].as_i64().unwrap_or(0);
    match op {
        TableOp::Add(e) => (msg!("ui.table.saved", board = board(e)), None),
        TableOp::Edit(_, e) => (msg!("ui.table.corrected", board = board(e)), None),
        TableOp::Delete(i) => {
            let old = before.get(*i).cloned().unwrap_or(Value::Null);
            (
                msg!("ui.table.deleted", board = board(&old)),
                Some((*i, old)),
            )
        }
        TableOp::PutBack(_, e) => (msg!("ui.table.put_back_done", board = board(e)), None),
        TableOp::Word(i, agreed, _) => {
            let b = before.get(*i).map_or(0, board);
            let key = if *agreed {
                "ui.table.agreed"
            } else {
                "ui.table.disputed"
            };
            (msg!(key, board = b), None)
        }
    }
}
