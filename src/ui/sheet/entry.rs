//! The entry side of the session screen: the game's form, its preview and confirm keys, the
//! other side's word, the evening's next rubber, the selected hand's keys.

use crate::ui::widgets::{fixed_block, fixed_row, line_height};
use egui::{RichText, Ui};

use super::panels::{explain, line_rows};
use crate::ui::command::{Command, Entry, Named};
use crate::ui::forms;
use crate::ui::view::Shown;
use marque_core::games::table::EventKind;
use marque_core::games::{GameHand, GameKind};
use marque_core::history;
use marque_core::i18n::msg;
use marque_core::i18n::{Lang, Msg, tr};
use marque_core::view::signed_shown as signed;

/// The other side's word, asked in large type for the latest hand that awaits it.
pub(super) fn word_panel(
    ui: &mut Ui,
    lang: Lang,
    open: &Shown<'_>,
    narrow: bool,
    commands: &mut Vec<Command>,
) {
    let doc = &open.doc;
    if !history::wants_word(doc.session()) {
        return;
    }
    // Its room is kept whether a hand awaits the other side's word or not: nothing below
    // moves when it is asked, or answered.
    let awaited = open
        .view
        .rows
        .words
        .iter()
        .rposition(|w| *w == history::Word::Awaited);
    let sides = marque_core::text::side_names(doc.sheet(), lang);
    let big = egui::FontId::proportional(22.0);
    let big_line = ui.fonts_mut(|f| f.row_height(&big));
    let frame = egui::Frame::group(ui.style()).fill(ui.visuals().faint_bg_color);
    let rows = line_height(ui, egui::TextStyle::Heading, false)
        + big_line
        + line_height(ui, egui::TextStyle::Heading, true)
        + 2.0 * ui.spacing().item_spacing.y;
    let height = rows + frame.total_margin().sum().y + 2.0;
    if awaited.is_none() && !narrow {
        // Nothing awaits: one line, so that a small screen keeps its room for the sheet (the
        // entry panel beside it starts at the window's top and never moves). In a narrow
        // window the form lies under it: there its room is kept, and the form stays put.
        let line = line_height(ui, egui::TextStyle::Body, false);
        fixed_row(ui, line, |ui| {
            ui.add(egui::Label::new(nothing_asked(ui, open, lang)).truncate());
        });
        return;
    }
    fixed_block(ui, height, |ui| {
        frame.show(ui, |ui| {
            let heading = line_height(ui, egui::TextStyle::Heading, false);
            let ask = awaited.map(|i| match marque_core::history::word_side(doc.sheet(), i) {
                Some(s) => msg!("ui.word.ask", side = sides[s].as_str()),
                None => {
                    // Those who already agreed from their phones, at a game of more sides.
                    let agreed = open.view.rows.agreed.get(i).map_or(&[][..], Vec::as_slice);
                    let names: Vec<&str> = agreed
                        .iter()
                        .filter_map(|s| sides.get(*s).map(String::as_str))
                        .collect();
                    if names.is_empty() {
                        Msg::new("ui.word.others")
                    } else {
                        msg!(
                            "ui.word.others_but",
                            n = names.len(),
                            who = names.join(", ")
                        )
                    }
                }
            });
            fixed_row(ui, heading, |ui| {
                let text = match &ask {
                    Some(ask) => RichText::new(ask.render(lang)).heading().strong(),
                    None => nothing_asked(ui, open, lang),
                };
                ui.add(egui::Label::new(text).truncate());
            });
            fixed_row(ui, big_line, |ui| {
                if let Some(i) = awaited {
                    let game = doc.session().game;
                    let what = msg!(
                        "ui.word.hand",
                        entry = game.place_title(doc.session().place(i)),
                        what = doc.sheet().label(&doc.session().hands, i)
                    );
                    // The hand and what it gave each side, on one line.
                    ui.label(RichText::new(what.render(lang)).size(22.0));
                    let points: Vec<String> = sides
                        .iter()
                        .zip(&doc.sheet().hands[i].delta)
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
                        commands.push(Command::Entry(Entry::Word(i, true)));
                    }
                    let no = RichText::new(tr(lang, "ui.word.no")).heading();
                    if ui.button(no).clicked() {
                        commands.push(Command::Entry(Entry::Word(i, false)));
                    }
                }
            });
        })
    });
}

/// A bridge evening: after each rubber, its result, the evening's standing, and whether
/// another rubber follows, in one row whose room is always kept: nothing moves when the keys
/// come or go (a second tap after "Robre suivant" finds nothing where it was).
pub(super) fn evening_row(ui: &mut Ui, lang: Lang, open: &Shown<'_>, commands: &mut Vec<Command>) {
    let doc = &open.doc;
    if !doc.session().game.goes_on() || doc.session().closed {
        return;
    }
    let papers = &open.view.rows.papers;
    let result = papers
        .iter()
        .enumerate()
        .next_back()
        .filter(|_| doc.sheet().natural_end)
        .and_then(|(k, last)| last.result(k));
    // One row, always there: between two rubbers the keys and the result, else the
    // evening's standing (the sheet below has every rubber's result).
    let keys = line_height(ui, egui::TextStyle::Heading, true);
    fixed_row(ui, keys, |ui| {
        let asking = result.is_some() && open.read_only().is_none() && !open.view.next_part;
        // The game's words for its parts (rubbers, chukkers).
        let words = doc.session().options.typed().part_words();
        if let (true, Some(words)) = (asking, words) {
            if ui
                .button(RichText::new(tr(lang, words.next)).heading())
                .clicked()
            {
                commands.push(Command::Named(Named::NextPart));
            }
            if ui
                .button(RichText::new(tr(lang, words.end)).heading())
                .clicked()
            {
                commands.push(Command::Named(Named::CloseSession));
            }
        }
        let text = match result {
            Some(result) => RichText::new(format!(
                "{} — {}",
                result.render(lang),
                marque_core::text::evening(papers).render(lang)
            ))
            .strong(),
            None if !papers.is_empty() => {
                RichText::new(marque_core::text::evening(papers).render(lang)).strong()
            }
            None => RichText::new(""),
        };
        ui.add(egui::Label::new(text).truncate());
    });
}

/// A selected hand's heading, with its edit and delete buttons right under it: nothing to
/// scroll past to reach them.
pub(super) fn selected_heading(
    ui: &mut Ui,
    lang: Lang,
    open: &Shown<'_>,
    i: usize,
    commands: &mut Vec<Command>,
) {
    let doc = &open.doc;
    let game = doc.session().game;
    let hands = &doc.session().hands;
    // As the table counts it: the 8th brasse is "Brasse 8", a table event is titled by its
    // kind.
    let place = doc.session().place(i);
    ui.add_space(8.0);
    let what = doc.sheet().label(hands, i);
    let heading = marque_core::explain::heading(game, place, what);
    ui.label(RichText::new(heading.render(lang)).strong());
    if open.read_only().is_none() {
        ui.horizontal_wrapped(|ui| {
            let edit = msg!("ui.edit_hand", entry = game.place_noun(place));
            if ui.button(edit.render(lang)).clicked() {
                commands.push(Command::Entry(Entry::Edit(i)));
            }
            let delete = msg!("ui.delete_hand", entry = game.place_noun(place));
            if ui.button(delete.render(lang)).clicked() {
                commands.push(Command::Entry(Entry::Delete(i)));
            }
        });
    }
}

/// What the form enters: the next hand, or one of the table's events (the game's own); a
/// line under the keys says why an event is not there. One row each, always there: nothing
/// moves when another is picked.
fn table_row(ui: &mut Ui, lang: Lang, open: &Shown<'_>, commands: &mut Vec<Command>) {
    let game = open.doc.session().game;
    let kinds = game.events();
    let mut choices: Vec<(Option<EventKind>, String)> = vec![(None, tr(lang, game.hand_title()))];
    choices.extend(kinds.iter().map(|k| (Some(*k), tr(lang, k.name_key()))));
    // Small keys, each as wide as its word (never wider than the row), on one row where they
    // fit, else on as few rows as they need, packed here within what the panel shows: the
    // form below keeps its room on a small screen, and the keys' places depend on the words
    // alone (nothing moves when one is picked).
    let type_size = 14.0;
    let height = line_height(ui, egui::TextStyle::Button, true) + 2.0;
    let gap = 4.0;
    let room = crate::ui::widgets::row_room(ui);
    let widths: Vec<f32> = choices
        .iter()
        .map(|(_, text)| crate::ui::widgets::key_width_at(ui, text, type_size).min(room))
        .collect();
    let mut rows: Vec<Vec<usize>> = vec![Vec::new()];
    let mut used = 0.0;
    for (k, w) in widths.iter().enumerate() {
        if used > 0.0 && used + gap + w > room {
            rows.push(Vec::new());
            used = 0.0;
        }
        used += if used > 0.0 { gap + w } else { *w };
        if let Some(row) = rows.last_mut() {
            row.push(k);
        }
    }
    for row in rows {
        ui.horizontal(|ui| {
            ui.spacing_mut().item_spacing.x = gap;
            for k in row {
                let (kind, text) = &choices[k];
                let on = open.view.table == *kind;
                // "Table : Donne", "Table : Remplacement": what the table enters.
                let name = msg!("ui.table.key", what = text.as_str()).render(lang);
                let size = (egui::vec2(widths[k], height), type_size);
                if crate::ui::widgets::key_in(ui, size, on, true, text.as_str(), name).clicked()
                    && !on
                {
                    commands.push(Command::Entry(Entry::Table(*kind)));
                }
            }
        });
    }
    // Why the other events are not there, whole (it was a cut line of small type): wrapped
    // in a room of its own, the same whatever the form shows.
    if let Some(note) = game.events_note() {
        let text = RichText::new(tr(lang, note)).weak();
        crate::ui::widgets::text_slot(ui, Some(text.clone()), &[text]);
    }
}

/// The entry form with its live check and preview (computed when the form's hand changes).
/// In a narrow window the stakes' strip lies under the form, in the column (the foot pinned
/// at the screen's bottom keeps only the keys and what they confirm).
pub(super) fn entry(
    open: &mut Shown<'_>,
    ui: &mut Ui,
    lang: Lang,
    narrow: bool,
    commands: &mut Vec<Command>,
) {
    let game = open.doc.session().game;
    if open.view.editing.is_none() {
        table_row(ui, lang, open, commands);
    }
    let heading = match open.view.editing {
        Some(i) => {
            let place = open.doc.session().place(i);
            let editing = msg!("ui.editing", entry = game.place_noun(place));
            let heading = ui.heading(editing.render(lang));
            if ui.button(tr(lang, "ui.cancel_edit")).clicked() {
                commands.push(Command::Named(Named::CancelEdit));
            }
            heading
        }
        None if open.view.table.is_some() => ui.heading(tr(lang, "ui.table.heading")),
        None => {
            // The next hand's number among the hands (table events take none).
            let next = open.doc.sheet().next_place();
            ui.heading(game.place_title(next).render(lang))
        }
    };
    // A new form starts at its top (in a narrow window, where the whole column scrolls;
    // beside the sheet, the form's own area starts at its top).
    if std::mem::take(&mut open.view.form_top) {
        heading.scroll_to_me(Some(egui::Align::Min));
    }
    let ctx = forms::Ctx {
        session: open.doc.session(),
        sheet: open.doc.sheet(),
        before: &open.view.before,
        editing: open.view.editing,
        lang,
        seats: &open.view.seats,
        players: &open.view.players,
        people: &open.view.people,
    };
    let shown = ui.scope(|ui| open.view.form.show(ui, &ctx));
    open.view.candidate = shown.inner;
    // Where the form lies (all of it, scrolled out of view or not) and what of it is seen.
    open.view.form_area = Some((shown.response.rect, ui.clip_rect()));
    // Room under the form: when the foot (preview, confirm key) gets shorter, the form's area
    // gets taller, and a form scrolled to its end would slide down under the finger.
    let room_below = ui.ctx().content_rect().height() * 0.4;
    // The preview's lines, each with its rule, under the form (the totals and the confirm
    // button are at the panel's foot).
    let top = ui.cursor().min.y;
    if narrow {
        super::stakes::strip(open, ui, lang, commands);
    }
    if let Some((_, Ok(preview))) = open
        .view
        .preview
        .as_ref()
        .filter(|(h, _)| Some(h) == open.view.candidate.as_ref().ok())
    {
        ui.separator();
        let sides = marque_core::text::side_names(open.doc.sheet(), lang);
        let mut ignored = Vec::new();
        explain(
            ui,
            lang,
            &sides,
            line_rows(&preview.row.lines, lang),
            &mut ignored,
        );
    }
    // Or, while the stakes are shown, the tapped result's lines.
    super::stakes::lines(open, ui, lang, commands);
    // The tallest the form and its preview have been for this hand stays taken, and room under
    // it: a form scrolled to its end never slides down as keys and lines under it come and go
    // (a raise at the truc takes the outcome's keys away until it is answered).
    let used = shown.response.rect.height() + (ui.cursor().min.y - top);
    open.view.form_room = open.view.form_room.max(used);
    ui.add_space(open.view.form_room - used + room_below);
}

/// The entry panel while the table has no hand to enter (a bridge rubber or chukker just
/// over): what to do.
pub(super) fn idle_entry(ui: &mut Ui, lang: Lang, open: &mut Shown<'_>) {
    let key = open
        .doc
        .session()
        .options
        .typed()
        .part_words()
        .map_or("ui.form.nothing_to_enter", |w| w.over);
    open.view.candidate = Err(Msg::new(key));
    ui.add(egui::Label::new(RichText::new(tr(lang, key)).strong()).wrap());
}

/// The foot of the entry panel: what the form's hand would add, and the confirm button, or
/// what is missing or wrong. Its text keeps one height, the tallest it can take at this width
/// (the preview with every side's widest figure, the line of what the hand ends, an edit's
/// totals), each line capped to its rows: nothing it says moves the form above or the keys.
pub(super) fn confirm_area(
    open: &mut Shown<'_>,
    ui: &mut Ui,
    lang: Lang,
    narrow: bool,
    commands: &mut Vec<Command>,
) {
    ui.add_space(4.0);
    let editing = open.view.editing.is_some();
    let game = open.doc.session().game;
    let event = open.view.table.is_some();
    if !narrow {
        super::stakes::strip(open, ui, lang, commands);
    }
    let foot = Foot::new(ui, open, lang, narrow);
    let top = ui.cursor().min.y;
    let keys = foot_text(open, ui, lang, narrow, &foot);
    let used = ui.cursor().min.y - top;
    if used < foot.height {
        ui.add_space(foot.height - used);
    }
    let (hand, note) = keys;
    confirm_keys(ui, lang, (game, event), editing, hand, note, commands);
}

/// The rows the foot's text may take, at the panel's width: the preview's (large type), the
/// line of what the hand ends, and an edit's totals; and so its height.
struct Foot {
    width: f32,
    big: egui::FontId,
    body: egui::FontId,
    preview: usize,
    ends: usize,
    whatif: usize,
    height: f32,
}

impl Foot {
    /// The widest each line can be: every side with a figure as wide as any (an arrival's
    /// new seat among them where the game takes one).
    fn new(ui: &Ui, open: &Shown<'_>, lang: Lang, narrow: bool) -> Foot {
        const WIDEST: &str = "−88 888";
        let width = ui.available_width();
        let body = egui::TextStyle::Body.resolve(ui.style());
        let game = open.doc.session().game;
        let mut sides = marque_core::text::side_names(open.doc.sheet(), lang);
        // Large type where it fits a few sides; many sides in the body's.
        let big = if sides.len() <= 4 {
            egui::FontId::proportional(18.0)
        } else {
            body.clone()
        };
        let rows = |text: &str, font: &egui::FontId| -> usize {
            ui.ctx()
                .fonts_mut(|f| {
                    f.layout(text.to_string(), font.clone(), egui::Color32::WHITE, width)
                })
                .rows
                .len()
                .max(1)
        };
        // The longest name the winner: a tie of more is elided, whole on hover.
        let longest = sides.iter().max_by_key(|s| s.chars().count());
        let (winners, count) = (longest.cloned().unwrap_or_default(), 1);
        // The line of what the hand ends, or of the count behind its points: rows enough for
        // a count with its primes (a petit, a poignée, a chelem) whole, kept whether it comes.
        let ends = rows(
            &msg!(ends_key(open), winners = winners, count = count).render(lang),
            &body,
        )
        .max(game.count_rows());
        let whatif = if open.view.editing.is_some() {
            let totals: Vec<String> = sides
                .iter()
                .map(|s| format!("{s} {WIDEST} → {WIDEST}"))
                .collect();
            rows(
                &msg!("ui.edit.whatif", totals = totals.join(", ")).render(lang),
                &body,
            )
        } else {
            0
        };
        if game.events().contains(&EventKind::Join) {
            sides.push("MMMMMMMMMMMM".to_string());
        }
        let parts: Vec<String> = sides
            .iter()
            .map(|s| msg!("ui.side_points", side = s.as_str(), points = WIDEST).render(lang))
            .collect();
        let preview = rows(
            &format!("{} {}", tr(lang, "ui.preview"), parts.join("   ")),
            &big,
        );
        let row = |font: &egui::FontId| ui.ctx().fonts_mut(|f| f.row_height(font));
        let gap = ui.spacing().item_spacing.y;
        // In a narrow window it goes on the keys' row, beside them, and whole under the form.
        let height = if narrow {
            0.0
        } else {
            preview as f32 * row(&big)
                + (ends + whatif) as f32 * row(&body)
                + gap * if whatif > 0 { 3.0 } else { 2.0 }
        };
        Foot {
            width,
            big,
            body,
            preview,
            ends,
            whatif,
            height,
        }
    }

    /// `text` in `font`, strong, at the foot's width in at most `rows` rows (the rest elided,
    /// whole on hover).
    fn line(
        &self,
        ui: &mut Ui,
        text: &str,
        font: &egui::FontId,
        rows: usize,
        color: egui::Color32,
    ) {
        let mut job =
            egui::text::LayoutJob::simple(text.to_string(), font.clone(), color, self.width);
        job.wrap.max_rows = rows.max(1);
        let galley = ui.ctx().fonts_mut(|f| f.layout_job(job));
        let cut = galley.elided;
        // Exactly its rows' height, whatever glyphs a fallback font brings (an arrow, a ×):
        // the foot never grows by a fraction of a point under the form.
        let row = ui.ctx().fonts_mut(|f| f.row_height(font));
        let size = egui::vec2(galley.size().x, galley.rows.len().max(1) as f32 * row);
        let (rect, _) = ui.allocate_exact_size(size, egui::Sense::hover());
        let r = ui.place(rect, egui::Label::new(galley));
        if cut {
            r.on_hover_text(text);
        }
    }

    /// How many body rows the whole text block holds (what is missing, what is wrong).
    fn body_rows(&self, ui: &Ui) -> usize {
        let row = ui.ctx().fonts_mut(|f| f.row_height(&self.body));
        let gap = ui.spacing().item_spacing.y;
        (((self.height - gap) / row).floor() as usize).max(1)
    }
}

/// The key of the line that says what the hand ends, in this game.
fn ends_key(open: &Shown<'_>) -> &'static str {
    let session = open.doc.session();
    match session.options.typed().part_words() {
        Some(words) if session.game.goes_on() => words.ends,
        _ => "ui.will_end",
    }
}

/// One line of the foot: its text, its type and rows, its colour.
struct Said {
    text: String,
    big: bool,
    rows: usize,
    error: bool,
}

/// The foot's text within the rows of `foot`; the hand the confirm key takes (none: off) and
/// what to write beside it. In a narrow window (where every line counts) it all goes beside
/// the keys, on their row, whole on hover.
fn foot_text(
    open: &mut Shown<'_>,
    ui: &mut Ui,
    lang: Lang,
    narrow: bool,
    foot: &Foot,
) -> (Option<GameHand>, Option<RichText>) {
    let (hand, said) = foot_lines(open, lang, foot, ui);
    if narrow {
        // Beside the keys, on their row, what the hand gives (or what is missing), cut to
        // the row; the whole of it, with the count behind the points and an edit's totals,
        // under the form in the column, where its growing moves nothing.
        let text = said.iter().map(|l| l.text.as_str()).collect::<Vec<_>>();
        let error = said.iter().any(|l| l.error);
        open.view.count_below = (said.len() > 1).then(|| (text.join(" — "), error));
        let note = RichText::new(text.first().copied().unwrap_or_default()).strong();
        let note = if error {
            note.color(ui.visuals().error_fg_color)
        } else {
            note
        };
        return (hand, (!text.is_empty()).then_some(note));
    }
    for l in &said {
        let font = if l.big { &foot.big } else { &foot.body };
        let color = if l.error {
            ui.visuals().error_fg_color
        } else {
            ui.visuals().strong_text_color()
        };
        foot.line(ui, &l.text, font, l.rows, color);
    }
    (hand, None)
}

/// What the foot says: what is missing or wrong, or what the form's hand would add, what it
/// ends and, for an edit, the totals with it; and the hand the confirm key takes.
fn foot_lines(
    open: &mut Shown<'_>,
    lang: Lang,
    foot: &Foot,
    ui: &Ui,
) -> (Option<GameHand>, Vec<Said>) {
    let game = open.doc.session().game;
    let editing = open.view.editing.is_some();
    let all = foot.body_rows(ui);
    let line = |text: String, big: bool, rows: usize, error: bool| Said {
        text,
        big,
        rows,
        error,
    };
    let hand = match open.view.candidate.clone() {
        Ok(hand) => hand,
        // The confirm key in its place, off, and what is missing: a second tap right after a
        // hand was confirmed does nothing.
        Err(missing) => return (None, vec![line(missing.render(lang), false, all, false)]),
    };
    let mut sides = marque_core::text::side_names(open.doc.sheet(), lang);
    // An arrival makes a seat after the last: its points are shown under its player's name.
    if let Some(marque_core::games::table::Event::Join { player, .. }) = hand.event() {
        sides.push(player.clone());
    }
    let names = marque_core::text::side_names(open.doc.sheet(), lang);
    let now_totals = open.doc.sheet().totals.clone();
    // Who sat where before this entry: for an edit, as it was then (a later substitute does
    // not rename an early one).
    let seated = match open.view.editing {
        Some(i) => {
            let doc = &open.doc;
            doc.sheet()
                .before(i, &doc.session().hands)
                .seats()
                .current()
        }
        None => open.doc.sheet().seats().current(),
    };
    let ends = ends_key(open);
    let preview = match open.preview_of(hand.clone()) {
        Ok(preview) => preview,
        Err(problems) => {
            let text = problems
                .iter()
                .map(|p| p.msg.render(lang))
                .collect::<Vec<_>>()
                .join(" ");
            return (None, vec![line(text, false, all, true)]);
        }
    };
    // An event that moves no points (a departure, a substitute) says what it does: who
    // leaves, who takes whose seat; a hand, what each side scores.
    let what = match hand.event() {
        Some(e) if preview.row.delta.iter().all(|d| *d == 0) => {
            marque_core::games::table::sentence(e, &seated, game).render(lang)
        }
        _ => sides
            .iter()
            .zip(&preview.row.delta)
            .map(|(side, d)| {
                msg!("ui.side_points", side = side.as_str(), points = signed(*d)).render(lang)
            })
            .collect::<Vec<_>>()
            .join("   "),
    };
    let mut said = vec![line(
        format!("{} {what}", tr(lang, "ui.preview")),
        true,
        foot.preview,
        false,
    )];
    // What this hand itself ends (an edited early hand, not the session's end); when it ends
    // nothing, its room says the count behind the points, each rule's text once ("Garde,
    // 2 bouts : il en fallait 41, fait 49 ; gagnée de 8 → …"), whole on hover.
    if preview.here.natural_end {
        let (winners, count) = marque_core::view::winner_names(&preview.here.winners, &names);
        let text = msg!(ends, winners = winners, count = count).render(lang);
        said.push(line(text, false, foot.ends, false));
    } else if hand.event().is_none() {
        let mut texts: Vec<String> = Vec::new();
        for l in &preview.row.lines {
            let text = l.text.render(lang);
            if !texts.contains(&text) {
                texts.push(text);
            }
        }
        if !texts.is_empty() {
            said.push(line(texts.join(" · "), false, foot.ends, false));
        }
    }
    // An edit is a what-if until it is kept: the session's totals now and with it.
    if editing {
        let totals: Vec<String> = sides
            .iter()
            .zip(now_totals.iter().zip(&preview.end.totals))
            .map(|(side, (a, b))| {
                let (a, b) = (marque_core::view::minus(*a), marque_core::view::minus(*b));
                format!("{side} {a} → {b}")
            })
            .collect();
        let text = msg!("ui.edit.whatif", totals = totals.join(", ")).render(lang);
        said.push(line(text, false, foot.whatif, false));
    }
    (Some(hand), said)
}

/// The confirm key (off without a hand to confirm), and while editing the key that leaves the
/// edit: last, at the panel's foot, on a row of their own that is always one key high, where
/// they stay whatever comes above; `note` beside them (else the keyboard's shortcut), cut to
/// the row.
pub(super) fn confirm_keys(
    ui: &mut Ui,
    lang: Lang,
    (game, event): (GameKind, bool),
    editing: bool,
    hand: Option<GameHand>,
    note: Option<RichText>,
    commands: &mut Vec<Command>,
) {
    let label = match (editing, event) {
        (true, _) => "ui.confirm_edit",
        (false, true) => "ui.event.confirm",
        (false, false) => "ui.confirm",
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
                commands.push(Command::Entry(Entry::Confirm(hand)));
            }
            if editing
                && ui
                    .button(RichText::new(tr(lang, "ui.edit.back")).heading())
                    .clicked()
            {
                commands.push(Command::Named(Named::CancelEdit));
            }
            let note =
                note.unwrap_or_else(|| RichText::new(tr(lang, "ui.confirm_hint")).weak().small());
            ui.add(egui::Label::new(note).truncate());
        })
    });
}

/// What the word's line says when no hand awaits it: a hand disputed and not corrected (the
/// last one), or that the other side agreed to all.
fn nothing_asked(ui: &egui::Ui, open: &Shown<'_>, lang: Lang) -> RichText {
    let doc = &open.doc;
    let disputed = open
        .view
        .rows
        .words
        .iter()
        .rposition(|w| *w == history::Word::Disputed);
    match disputed {
        Some(i) => {
            let entry = doc.session().game.place_title(doc.session().place(i));
            let who = open.view.rows.why.get(i).map_or("", String::as_str);
            RichText::new(msg!("ui.word.disputed_wait", entry = entry, who = who).render(lang))
                .color(ui.visuals().warn_fg_color)
        }
        None => RichText::new(tr(lang, doc.session().game.word_asked().1)).weak(),
    }
}
