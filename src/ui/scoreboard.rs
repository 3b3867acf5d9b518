//! The scoreboard for the room: a second window (an egui viewport) with the open session's
//! standing in large type, for a second screen or a TV, following every change while the scorer
//! enters on the first. F11 puts it full screen; Escape leaves full screen.

use egui::text::LayoutJob;
use egui::{Align, FontId, RichText, TextFormat, Ui, ViewportBuilder, ViewportCommand, ViewportId};

use super::command::{Command, Named};
use super::open::Open;
use marque_core::i18n::msg;
use marque_core::i18n::{Lang, tr};

/// How many rubbers' results the board shows, the last ones.
const RESULTS_SHOWN: usize = 3;

/// Shows the scoreboard's window of `open` (none: it is not asked for, or no session is
/// open); `sharing`: the room's pages are on.
pub fn show(
    ctx: &egui::Context,
    lang: Lang,
    open: Option<&Open>,
    sharing: bool,
    commands: &mut Vec<Command>,
) {
    let size_id = egui::Id::unique("scoreboard-size");
    let Some(open) = open else {
        // Its size is made again when it opens next.
        ctx.data_mut(|d| d.remove::<egui::Vec2>(size_id));
        return;
    };
    let title = tr(lang, "ui.board.title");
    // Where the backend has one window only (tests, some platforms), the board is a small
    // fixed window at the bottom left that takes no clicks.
    if ctx.embed_viewports() {
        egui::Window::new(&title)
            .anchor(egui::Align2::LEFT_BOTTOM, [8.0, -8.0])
            .fixed_size([300.0, 220.0])
            .collapsible(false)
            .interactable(false)
            .show(ctx, |ui| board(ui, open, lang));
        return;
    }
    // 1280 × 720 pixels whatever the zoom, within the screen (in points, which the zoom
    // enlarges); made when it opens, and kept: a size given anew would resize it (full screen
    // or moved to another screen) with every change of the main window's zoom.
    let size = match ctx.data(|d| d.get_temp::<egui::Vec2>(size_id)) {
        Some(size) => size,
        None => {
            let zoom = ctx.zoom_factor().max(0.1);
            let mut size = egui::vec2(1280.0, 720.0) / zoom;
            if let Some(monitor) = ctx.input(|i| i.viewport().monitor_size)
                && monitor.min_elem() > 100.0
            {
                size = size.min(monitor * 0.9);
            }
            ctx.data_mut(|d| d.insert_temp(size_id, size));
            size
        }
    };
    let builder = ViewportBuilder::default()
        .with_title(&title)
        .with_inner_size(size);
    let toggle_sharing = std::cell::Cell::new(false);
    let closed = ctx.show_viewport_immediate(
        ViewportId::from_hash_of("scoreboard"),
        builder,
        |ui, _class| {
            let (f11, escape, full, close) = ui.input(|i| {
                (
                    i.key_pressed(egui::Key::F11),
                    i.key_pressed(egui::Key::Escape),
                    i.viewport().fullscreen.unwrap_or(false),
                    i.viewport().close_requested(),
                )
            });
            if f11 || (escape && full) {
                ui.ctx()
                    .send_viewport_cmd(ViewportCommand::Fullscreen(f11 && !full));
            }
            // The room's pages, from the room's window too.
            let share = if sharing {
                "ui.share.stop"
            } else {
                "ui.share.start"
            };
            egui::Panel::bottom("board-share").show(ui, |ui| {
                if ui.button(tr(lang, share)).clicked() {
                    toggle_sharing.set(true);
                }
            });
            egui::CentralPanel::default().show(ui, |ui| board(ui, open, lang));
            close
        },
    );
    if closed {
        commands.push(Command::Named(Named::ToggleScoreboard));
    }
    if toggle_sharing.get() {
        commands.push(Command::Named(Named::ToggleSharing));
    }
}

/// The board itself: the game, whose deal or which round, every side's total in type sized to
/// the window, the race to the target, the last hand.
pub fn board(ui: &mut Ui, open: &Open, lang: Lang) {
    let doc = &open.doc;
    let sheet = doc.sheet();
    let head = marque_core::view::Head::of(doc.session(), sheet, lang);
    let sides = &head.names;
    // The headings' type follows the window, the headings taking at most about half of it;
    // the totals take what they leave.
    let rows = sides.len().max(2) as f32;
    let papers = open.view.rows.papers();
    let small = headings_size(ui, rows, papers);
    ui.label(
        RichText::new(format!(
            "{} — {}",
            tr(lang, doc.session().title_key()),
            doc.sheet().seats().seated().join(" · ")
        ))
        .size(small)
        .strong(),
    );
    // Where the game stands, while it goes on (once over, the winners say it).
    if !head.finished || head.goes_on {
        ui.label(RichText::new(sheet.state().render(lang)).size(small));
    }
    // The options in force, so that the room knows the table being used.
    let options =
        marque_core::text::options_text(doc.session(), &doc.session().options.to_json(), lang);
    let options = msg!("explain.options", list = options).render(lang);
    ui.label(RichText::new(options).size(small * 0.6).weak());
    // A bridge evening: the last finished rubbers' results (the sheet has them all); at
    // Chicago the chukker's wheel too.
    let first = papers.len().saturating_sub(RESULTS_SHOWN);
    for (k, paper) in papers.iter().enumerate().skip(first) {
        if let Some(result) = paper.result(k) {
            ui.label(RichText::new(result.render(lang)).size(small * 0.7));
        }
    }
    if let Some(last) = papers.last().filter(|p| p.wheel.is_some()) {
        let k = papers.len() - 1;
        ui.label(
            RichText::new(last.title(k).render(lang))
                .size(small * 0.7)
                .strong(),
        );
        super::sheet::wheel(ui, lang, (k, small / 24.0), last);
    }
    ui.add_space(small * 0.5);
    let colon = tr(lang, "colon");
    let target = sheet.live.target();
    // What the totals count ("Total", at truc "Manches gagnées").
    let unit = tr(lang, doc.session().game.total_label());
    ui.label(RichText::new(unit).size(small * 0.7).strong());
    let leaders = &head.winners;
    let big = totals_size(ui, (small, rows), target.is_some(), &head, &colon);
    for (s, name) in sides.iter().enumerate() {
        let total = head.totals.get(s).copied().unwrap_or(0);
        let mut job = LayoutJob::default();
        // The winner in a green that reads on either theme (the selection's pale blue did
        // not, on white).
        let color = if head.finished && leaders.contains(&s) {
            if ui.visuals().dark_mode {
                egui::Color32::from_rgb(120, 220, 140)
            } else {
                egui::Color32::from_rgb(0, 110, 40)
            }
        } else {
            ui.visuals().strong_text_color()
        };
        job.append(
            &format!("{name}{colon}"),
            0.0,
            TextFormat::simple(FontId::proportional(big * 0.6), ui.visuals().text_color()),
        );
        job.append(
            &marque_core::view::minus(total),
            0.0,
            TextFormat {
                valign: Align::Center,
                ..TextFormat::simple(FontId::proportional(big), color)
            },
        );
        ui.add(egui::Label::new(job).truncate());
        if let Some(target) = target {
            let fill = (total as f32 / target as f32).clamp(0.0, 1.0);
            // As tall as its text: a bar thinner than its words cut them.
            let words = small * 0.6;
            let text = format!("{} / {target}", marque_core::view::minus(total));
            ui.add(
                egui::ProgressBar::new(fill)
                    .desired_height((big * 0.12).max(words * 1.4))
                    .text(RichText::new(text).size(words)),
            );
        }
    }
    ui.add_space(small * 0.5);
    if let Some(line) = marque_core::view::last_hand(doc.session(), sheet, sides) {
        ui.label(RichText::new(line.render(lang)).size(small * 0.8));
    }
    if head.finished {
        let (names, count) = head.winner_names();
        let text = msg!("ui.winner", winners = names.as_str(), count = count).render(lang);
        ui.label(RichText::new(text).size(small).strong());
    }
    ui.label(RichText::new(tr(lang, "ui.board.hint")).size(12.0).weak());
}

/// The totals' type: as large as the room left under the headings lets every side's row (its
/// total, its bar to the target) and the lines below (the last hand, the winners, the hint) be
/// seen whole, and every row as wide as the window at most; 18 to 150 points.
fn totals_size(
    ui: &Ui,
    (small, rows): (f32, f32),
    bars: bool,
    head: &marque_core::view::Head,
    colon: &str,
) -> f32 {
    // Under the totals: a gap, the last hand, the winners once the game is over, the hint,
    // with the gaps between lines.
    let winners = if head.finished { small * 1.3 } else { 0.0 };
    let below =
        small * 0.5 + small * 0.8 * 1.3 + winners + 12.0 * 1.3 + 4.0 * ui.spacing().item_spacing.y;
    // A row: its line (type and its leading), its bar (at least as tall as its words, 0.6 of
    // the headings' type), the gaps.
    let gaps = 2.0 * ui.spacing().item_spacing.y;
    let (per_big, fixed) = if bars {
        (1.25 + 0.12, small * 0.6 * 1.4 + gaps)
    } else {
        (1.25, gaps)
    };
    let tall = ((ui.available_height() - below) / rows - fixed) / per_big;
    // The widest row at 100 points, as wide as the window at most.
    let widest = head
        .names
        .iter()
        .zip(&head.totals)
        .map(|(name, total)| {
            let text = format!("{name}{colon}");
            let total = marque_core::view::minus(*total);
            super::widgets::text_width_at(ui, &text, 60.0)
                + super::widgets::text_width_at(ui, &total, 100.0)
        })
        .fold(1.0_f32, f32::max);
    let wide = ui.available_width() * 0.95 / widest * 100.0;
    tall.min(wide).clamp(18.0, 150.0)
}

/// The headings' type: a share of the window's height for each side's row, and small enough
/// that the headings' lines (the game, where it stands, the options, each rubber's result, the
/// chukker's wheel) take at most 45 % of the height; 12 to 40 points.
fn headings_size(ui: &Ui, rows: f32, papers: &[marque_core::session::Paper]) -> f32 {
    let room = ui.available_height();
    // At most one result a rubber, the last few.
    let results = papers.len().min(RESULTS_SHOWN) as f32;
    let wheel = if papers.last().is_some_and(|p| p.wheel.is_some()) {
        // Its title and its four deals.
        0.7 + 4.0 * 1.2
    } else {
        0.0
    };
    // In lines of the headings' type: the game, two of where it stands, two of the options at
    // 0.6, the results at 0.7, the wheel, the totals' label at 0.7.
    let lines = 1.0 + 2.0 + 1.2 + 0.7 * results + wheel + 0.7;
    let by_lines = room * 0.45 / (lines * 1.3);
    (room * 0.62 / rows * 0.36).min(by_lines).clamp(12.0, 40.0)
}
