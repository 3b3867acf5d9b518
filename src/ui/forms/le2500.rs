//! 2500 entry: the frime first, then for each player the cards laid and the cards left in hand
//! on a rank keypad (one tap per card), with the player's points live; or, for a table that
//! counts on paper, each player's points, written as points.

use super::{Ctx, Entry, Modes};
use crate::games::GameHand;
use crate::games::le2500::{Cards, Hand, Options as GameOptions, Rank};
use crate::i18n::{Msg, tr};
use crate::session::Options;
use crate::ui::widgets::{key, key_height, keypad, row_title};
use marque_core::msg;

#[derive(Debug, Clone, PartialEq)]
pub struct Le2500Form {
    frime: Option<Rank>,
    /// Per player, count of each rank laid and kept, in [`Rank::ALL`] order.
    laid: Vec<[u32; 12]>,
    kept: Vec<[u32; 12]>,
    /// A tap adds a trio (three cards of the rank), as players lay them.
    trio: bool,
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
        let size = egui::vec2(((ui.available_width() - gap) / 2.0).min(220.0), height);
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

    fn show_cards(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &Ctx,
        options: &GameOptions,
        frime: Rank,
    ) -> Hand {
        let lang = ctx.lang;
        let players = &ctx.session.players;
        let step: u32 = if self.trio { 3 } else { 1 };
        let height = key_height(ui);
        let (rank_key, minus_key) = (egui::vec2(62.0, height), egui::vec2(30.0, height));
        let gap = ui.spacing().item_spacing.x;
        for p in 0..players.len() {
            ui.separator();
            let points = |c: &[u32; 12]| options.points(ranks(c), frime);
            let (laid, kept) = (points(&self.laid[p]), points(&self.kept[p]));
            // One line whatever the numbers (whole on hover): the keys below never move.
            ui.add(
                egui::Label::new(
                    egui::RichText::new(
                        msg!(
                            "ui.2500.player",
                            player = &players[p],
                            laid = laid,
                            kept = kept,
                            total = laid - kept
                        )
                        .render(lang),
                    )
                    .strong(),
                )
                .truncate(),
            );
            for (kind, counts) in [
                ("ui.2500.laid", &mut self.laid[p]),
                ("ui.2500.kept", &mut self.kept[p]),
            ] {
                // The title and "clear" on a row of their own, then the ranks: each key with
                // its − beside it, in rows that hold the same number of pairs.
                ui.horizontal(|ui| {
                    ui.add_sized([80.0, height], egui::Label::new(tr(lang, kind)));
                    let any = counts.iter().any(|&c| c > 0);
                    let name = msg!("ui.2500.clear", player = &players[p], what = tr(lang, kind))
                        .render(lang);
                    let clear = tr(lang, "ui.2500.clear_short");
                    if key(ui, egui::vec2(90.0, height), false, any, clear, name).clicked() {
                        *counts = [0; 12];
                    }
                });
                let pair = egui::vec2(rank_key.x + gap + minus_key.x, height);
                keypad(ui, Rank::ALL.len(), pair, 6, |ui, i| {
                    let r = Rank::ALL[i];
                    let n = counts[r as usize];
                    let rank = tr(lang, r.name_key());
                    let text = if n > 0 {
                        format!("{rank}×{n}")
                    } else {
                        rank.clone()
                    };
                    let (player, what) = (&players[p], tr(lang, kind));
                    let name = msg!(
                        "ui.2500.add",
                        player = player,
                        what = what.as_str(),
                        rank = rank.as_str()
                    )
                    .render(lang);
                    let resp = key(ui, rank_key, n > 0, true, text, name)
                        .on_hover_text(tr(lang, "ui.2500.tap"));
                    if resp.clicked() {
                        counts[r as usize] += step;
                    }
                    let name = msg!("ui.2500.remove", player = player, what = what, rank = rank)
                        .render(lang);
                    if (key(ui, minus_key, false, n > 0, "−", name).clicked()
                        || resp.secondary_clicked())
                        && n > 0
                    {
                        counts[r as usize] -= step.min(n);
                    }
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
        let players = &ctx.session.players;
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
                    ui.add_sized(field, value)
                        .on_hover_text(label.clone())
                        .widget_info(|| {
                            egui::WidgetInfo::labeled(egui::Role::SpinButton, true, &label)
                        });
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
