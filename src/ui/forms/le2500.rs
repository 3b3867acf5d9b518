//! 2500 entry: the frime first, then for each player the cards laid and the cards left in hand
//! on a rank keypad (one tap per card), with the player's points live; or, for a table that
//! counts on paper, each player's points, written as points.

use super::kit::{Ctx, Entry, Modes};
use crate::ui::widgets::{fit_width, key, key_height, key_in, keypad, row_title};
use marque_core::games::GameHand;
use marque_core::games::le2500::{Cards, Hand, Options as GameOptions, Rank};
use marque_core::i18n::msg;
use marque_core::i18n::{Msg, tr};
use marque_core::session::Options;

#[derive(Debug, Clone, PartialEq)]
pub struct Le2500Form {
    frime: Option<Rank>,
    /// Per player, count of each rank laid and kept, in [`Rank::ALL`] order.
    laid: Vec<[u32; 12]>,
    kept: Vec<[u32; 12]>,
    /// A tap adds a trio (three cards of the rank), as players lay them.
    trio: bool,
    /// A tap takes cards back rather than adding them.
    removing: bool,
    /// Entered in points, per player (laid, in hand), rather than card by card.
    by_points: bool,
    points: Vec<[i64; 2]>,
    /// Back to cards from points asked: the points typed would be lost.
    asking: bool,
    /// Per player (laid, in hand), the cards given by rank in the brasse edited: written back
    /// as they were while their points are left unchanged.
    given: Vec<[Option<Vec<Rank>>; 2]>,
}

fn counts(cards: &[Rank]) -> [u32; 12] {
    let mut c = [0; 12];
    for r in cards {
        c[*r as usize] += 1;
    }
    c
}

/// The cards a row of counts stands for, in rank order.
fn ranks(c: &[u32; 12]) -> impl Iterator<Item = Rank> + '_ {
    Rank::ALL
        .into_iter()
        .flat_map(|r| std::iter::repeat_n(r, c[r as usize] as usize))
}

/// The gap between two rank keys of a row: narrow, so that twelve fit beside a name.
const KEY_GAP: f32 = 2.0;

/// A count as it shows on a rank key: superscript digits (`R³`), so that the key stays narrow.
fn count_mark(n: u32) -> String {
    const DIGITS: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    n.to_string()
        .chars()
        .map(|c| DIGITS[c.to_digit(10).unwrap_or(0) as usize])
        .collect()
}

fn expand(c: &[u32; 12]) -> Vec<Rank> {
    ranks(c).collect()
}

impl Le2500Form {
    pub fn keep_modes(&self, modes: &mut Modes) {
        modes.le2500_points = self.by_points;
    }

    pub fn from_hand(
        v: Option<&Hand>,
        players: usize,
        modes: Modes,
        options: &GameOptions,
    ) -> Le2500Form {
        let mut form = Le2500Form {
            frime: None,
            laid: vec![[0; 12]; players],
            kept: vec![[0; 12]; players],
            trio: false,
            removing: false,
            by_points: modes.le2500_points,
            points: vec![[0, 0]; players],
            asking: false,
            given: vec![[None, None]; players],
        };
        let Some(h) = v else {
            return form;
        };
        form.frime = Some(h.frime);
        let given_as_points = h
            .laid
            .iter()
            .chain(&h.hand)
            .any(|c| matches!(c, Cards::Points(_)));
        // A brasse given in points is shown in points, as typed; one given by cards, by cards.
        form.by_points = given_as_points;
        for p in 0..players.min(h.laid.len()).min(h.hand.len()) {
            form.laid[p] = counts(h.laid[p].ranks());
            form.kept[p] = counts(h.hand[p].ranks());
            // Cards given by rank in a brasse shown in points: their points.
            form.points[p] = [
                h.laid[p].points(options, h.frime),
                h.hand[p].points(options, h.frime),
            ];
            let ranks = |c: &Cards| match c {
                Cards::Ranks(r) => Some(r.clone()),
                Cards::Points(_) => None,
            };
            form.given[p] = [ranks(&h.laid[p]), ranks(&h.hand[p])];
        }
        form
    }

    pub fn show(&mut self, ui: &mut egui::Ui, ctx: &Ctx) -> Entry {
        let lang = ctx.lang;
        let Options::Le2500(options) = ctx.session.options.typed() else {
            return Err(Msg::new("ui.form.incomplete"));
        };
        row_title(ui, tr(lang, "ui.2500.frime"));
        let height = key_height(ui);
        keypad(
            ui,
            Rank::ALL.len(),
            egui::vec2(48.0, height),
            12,
            |ui, i| {
                let r = Rank::ALL[i];
                let name = msg!("ui.2500.frime_is", rank = tr(lang, r.name_key())).render(lang);
                let text = tr(lang, r.name_key());
                if key(
                    ui,
                    egui::vec2(48.0, height),
                    self.frime == Some(r),
                    true,
                    text,
                    name,
                )
                .clicked()
                {
                    self.frime = Some(r);
                }
            },
        );
        let Some(frime) = self.frime else {
            return Err(Msg::new("ui.missing.2500.frime"));
        };
        // Two keys, always in the same places: points instead of cards, and (for cards) each
        // tap a trio, as a laid brasse is mostly trios.
        let gap = ui.spacing().item_spacing.x;
        // Within what is seen of the row (a scroll bar takes its room), a point to spare.
        let size = egui::vec2(
            ((crate::ui::widgets::row_room(ui) - 2.0 * gap - 1.0) / 3.0).min(180.0),
            height,
        );
        ui.horizontal(|ui| {
            // Short on the key, whole for screen readers and on hover.
            let name = tr(lang, "ui.2500.by_points");
            let text = tr(lang, "ui.2500.by_points_short");
            if key(ui, size, self.by_points, true, text, name.clone())
                .on_hover_text(name)
                .clicked()
            {
                self.switch_mode(options, frime);
            }
            let name = tr(lang, "ui.2500.trio");
            let text = tr(lang, "ui.2500.trio_short");
            let trio =
                key(ui, size, self.trio, !self.by_points, text, name.clone()).on_hover_text(name);
            if trio.clicked() {
                self.trio = !self.trio;
            }
            let name = tr(lang, "ui.2500.removing");
            let text = tr(lang, "ui.2500.removing_short");
            let removing = key(ui, size, self.removing, !self.by_points, text, name.clone())
                .on_hover_text(name);
            if removing.clicked() {
                self.removing = !self.removing;
            }
        });
        let worth = options.value(frime, frime);
        ui.add(
            egui::Label::new(
                egui::RichText::new(
                    msg!(
                        "ui.2500.frime_worth",
                        rank = tr(lang, frime.name_key()),
                        points = worth
                    )
                    .render(lang),
                )
                .size(20.0)
                .strong(),
            )
            .wrap(),
        );
        let hand = if self.by_points {
            self.show_points(ui, ctx, options, frime)
        } else {
            self.show_cards(ui, ctx, options, frime)
        };
        if hand.is_empty() {
            return Err(Msg::new("ui.missing.2500.empty"));
        }
        Ok(GameHand::Le2500(hand))
    }

    /// From cards to points, the cards' points are kept; from points back to cards, the table
    /// is asked first when points were typed (they would be lost).
    fn switch_mode(&mut self, options: &GameOptions, frime: Rank) {
        if !self.by_points {
            for p in 0..self.points.len() {
                self.points[p] = [
                    options.points(ranks(&self.laid[p]), frime),
                    options.points(ranks(&self.kept[p]), frime),
                ];
            }
            self.by_points = true;
        } else if self.points.iter().flatten().any(|&p| p != 0) {
            self.asking = !self.asking;
        } else {
            self.by_points = false;
        }
    }

    /// By cards, compact enough for eight: a player's two rows, laid and in hand, a key a rank
    /// (its count shown on it), the player's name and points pinned at the rows' start.
    fn show_cards(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &Ctx,
        options: &GameOptions,
        frime: Rank,
    ) -> Hand {
        let lang = ctx.lang;
        let players = ctx.players;
        let step: u32 = if self.trio { 3 } else { 1 };
        let removing = self.removing;
        let height = key_height(ui);
        let (name_w, kind_w) = (
            64.0_f32.min(ui.available_width() * 0.2),
            44.0_f32.min(ui.available_width() * 0.14),
        );
        for p in 0..players.len() {
            ui.separator();
            let points = |c: &[u32; 12]| options.points(ranks(c), frime);
            let (laid, kept) = (points(&self.laid[p]), points(&self.kept[p]));
            let whole = marque_core::view::typeset(
                &msg!(
                    "ui.2500.player",
                    player = &players[p],
                    laid = laid,
                    kept = kept,
                    total = laid - kept
                )
                .render(lang),
            );
            for (row, (kind, short, counts)) in [
                ("ui.2500.laid", "ui.2500.laid", &mut self.laid[p]),
                ("ui.2500.kept", "ui.2500.kept_short", &mut self.kept[p]),
            ]
            .into_iter()
            .enumerate()
            {
                ui.horizontal_top(|ui| {
                    // The name on the first row, the player's points on the second: the
                    // whole line for screen readers and on hover.
                    let pinned = if row == 0 {
                        egui::RichText::new(&players[p]).strong()
                    } else {
                        egui::RichText::new(marque_core::view::minus(laid - kept)).strong()
                    };
                    let cell = ui.add_sized([name_w, height], egui::Label::new(pinned).truncate());
                    if row == 0 {
                        cell.on_hover_text(&whole).widget_info(|| {
                            egui::WidgetInfo::labeled(egui::Role::Label, true, &whole)
                        });
                    }
                    ui.add_sized(
                        [kind_w, height],
                        egui::Label::new(egui::RichText::new(tr(lang, short)).weak()).truncate(),
                    );
                    // Trios are laid; what is left in hand counts card by card.
                    let step = if row == 0 { step } else { 1 };
                    ui.vertical(|ui| {
                        let who = (players[p].as_str(), kind);
                        rank_keys(ui, lang, who, counts, height, (step, removing));
                    });
                });
            }
        }
        Hand {
            frime,
            laid: self.laid.iter().map(|c| Cards::Ranks(expand(c))).collect(),
            hand: self.kept.iter().map(|c| Cards::Ranks(expand(c))).collect(),
        }
    }

    /// The points mode: each player's laid and in-hand points typed, written as points.
    fn show_points(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &Ctx,
        options: &GameOptions,
        frime: Rank,
    ) -> Hand {
        let lang = ctx.lang;
        let players = ctx.players;
        let height = key_height(ui);
        ui.add(
            egui::Label::new(egui::RichText::new(tr(lang, "ui.2500.points_note")).weak()).wrap(),
        );
        let field = egui::vec2(
            ((ui.available_width() - 3.0 * ui.spacing().item_spacing.x) / 3.0).clamp(60.0, 110.0),
            height,
        );
        egui::Grid::new("2500-points").show(ui, |ui| {
            ui.label("");
            ui.label(egui::RichText::new(tr(lang, "ui.2500.laid")).strong());
            ui.label(egui::RichText::new(tr(lang, "ui.2500.kept")).strong());
            ui.end_row();
            for (p, name) in players.iter().enumerate() {
                ui.add_sized(
                    field,
                    egui::Label::new(egui::RichText::new(name).strong()).truncate(),
                );
                for (k, what) in ["ui.2500.laid", "ui.2500.kept"].into_iter().enumerate() {
                    let label = msg!("ui.2500.points_of", player = name, what = tr(lang, what))
                        .render(lang);
                    let value = egui::DragValue::new(&mut self.points[p][k])
                        .speed(5.0)
                        .range(0..=5000);
                    let r = ui.add_sized(field, value).on_hover_text(label.clone());
                    r.widget_info(|| {
                        egui::WidgetInfo::labeled(egui::Role::SpinButton, true, &label)
                    });
                    // Tab brings the field it reaches into view (never one left under the
                    // foot of the panel).
                    if r.gained_focus() {
                        r.scroll_to_me(None);
                    }
                }
                ui.end_row();
            }
        });
        // Under the fields, so that nothing above moves when it is asked.
        if self.asking {
            ui.label(egui::RichText::new(tr(lang, "ui.2500.to_cards.ask")).strong());
            let size = egui::vec2(160.0_f32.min(ui.available_width() / 2.0 - 8.0), height);
            ui.horizontal(|ui| {
                let yes = tr(lang, "ui.2500.to_cards.yes");
                if key(ui, size, false, true, yes.clone(), yes).clicked() {
                    self.points = vec![[0, 0]; players.len()];
                    self.by_points = false;
                    self.asking = false;
                }
                let no = tr(lang, "ui.2500.to_cards.no");
                if key(ui, size, false, true, no.clone(), no).clicked() {
                    self.asking = false;
                }
            });
        }
        // Points as typed; cards given by rank (a brasse from another tool) as they were,
        // while their points are not changed.
        let entry = |p: usize, k: usize| match &self.given[p][k] {
            Some(r) if options.points(r.iter().copied(), frime) == self.points[p][k] => {
                Cards::Ranks(r.clone())
            }
            _ => Cards::Points(self.points[p][k]),
        };
        let n = self.points.len();
        Hand {
            frime,
            laid: (0..n).map(|p| entry(p, 0)).collect(),
            hand: (0..n).map(|p| entry(p, 1)).collect(),
        }
    }
}

/// One row of rank keys: a tap adds `step` cards of the rank (takes them back while
/// "Retirer" is on, or with a right click); the count shows on the key.
fn rank_keys(
    ui: &mut egui::Ui,
    lang: marque_core::i18n::Lang,
    (player, kind): (&str, &str),
    counts: &mut [u32; 12],
    height: f32,
    (step, removing): (u32, bool),
) {
    let what = tr(lang, kind);
    ui.spacing_mut().item_spacing.x = KEY_GAP;
    ui.spacing_mut().button_padding.x = 2.0;
    // Twelve keys to a row where the width allows, none narrower than 24 points.
    let width = fit_width(ui, 12, KEY_GAP, (24.0, 48.0));
    let size = (
        egui::vec2(width, height),
        if width < 28.0 {
            13.0
        } else if width < 36.0 {
            14.0
        } else {
            16.0
        },
    );
    keypad(ui, Rank::ALL.len(), size.0, 12, |ui, i| {
        let r = Rank::ALL[i];
        let n = counts[r as usize];
        let rank = tr(lang, r.name_key());
        let text = if n > 0 {
            format!("{rank}{}", count_mark(n))
        } else {
            rank.clone()
        };
        let key_name = if removing {
            "ui.2500.remove"
        } else {
            "ui.2500.add"
        };
        let name = msg!(
            key_name,
            player = player,
            what = what.as_str(),
            rank = rank.as_str()
        )
        .render(lang);
        let enabled = !removing || n > 0;
        let resp =
            key_in(ui, size, n > 0, enabled, text, name).on_hover_text(tr(lang, "ui.2500.tap"));
        if resp.clicked() && !removing {
            counts[r as usize] += step;
        } else if (resp.clicked() || resp.secondary_clicked()) && n > 0 {
            counts[r as usize] -= step.min(n);
        }
    });
}
