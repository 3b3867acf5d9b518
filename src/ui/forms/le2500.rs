//! 2500 entry: the frime first, then for each player the cards laid and the cards left in hand
//! on a rank keypad (one tap per card), with the player's points live.

use super::Ctx;
use crate::games::GameHand;
use crate::games::le2500::{self, Hand, Rank};
use crate::i18n::tr;
use crate::session::Options;
use crate::ui::widgets::{choice, key, row_title};
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
    pub fn from_hand(v: Option<&Hand>, players: usize) -> Le2500Form {
        match v.cloned().map(Ok::<Hand, ()>) {
            Some(Ok(h)) => Le2500Form {
                frime: Some(h.frime),
                laid: h.laid.iter().map(|c| counts(c)).collect(),
                kept: h.hand.iter().map(|c| counts(c)).collect(),
                trio: false,
                by_points: false,
                points: vec![[0, 0]; players],
            },
            _ => Le2500Form {
                frime: None,
                laid: vec![[0; 12]; players],
                kept: vec![[0; 12]; players],
                trio: false,
                by_points: false,
                points: vec![[0, 0]; players],
            },
        }
    }

    pub fn show(&mut self, ui: &mut egui::Ui, ctx: &Ctx) -> Option<GameHand> {
        let lang = ctx.lang;
        let players = &ctx.session.players;
        let Options::Le2500(options) = &ctx.session.options else {
            return None;
        };
        row_title(ui, tr(lang, "ui.2500.frime"));
        ui.horizontal_wrapped(|ui| {
            for r in Rank::ALL {
                let name = msg!("ui.2500.frime_is", rank = tr(lang, r.name_key())).render(lang);
                if choice(
                    ui,
                    self.frime == Some(r),
                    true,
                    tr(lang, r.name_key()),
                    name,
                )
                .clicked()
                {
                    self.frime = Some(r);
                }
            }
        });
        let frime = self.frime?;
        let height = ui.spacing().interact_size.y.max(30.0);
        // Two keys, always in the same places: points instead of cards, and (for cards) each
        // tap a trio, as a laid brasse is mostly trios.
        ui.horizontal_wrapped(|ui| {
            let name = tr(lang, "ui.2500.by_points");
            let size = egui::vec2(220.0, height);
            if key(ui, size, self.by_points, true, name.clone(), name).clicked() {
                self.by_points = !self.by_points;
            }
            let name = tr(lang, "ui.2500.trio");
            let trio = key(ui, size, self.trio, !self.by_points, name.clone(), name);
            if trio.clicked() {
                self.trio = !self.trio;
            }
        });
        if self.by_points {
            return self.show_points(ui, ctx, frime);
        }
        let step: u32 = if self.trio { 3 } else { 1 };
        let worth = options.value(frime, frime);
        ui.label(
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
        );
        for p in 0..players.len() {
            ui.separator();
            let points = |c: &[u32; 12]| options.points(ranks(c), frime);
            let (laid, kept) = (points(&self.laid[p]), points(&self.kept[p]));
            ui.label(
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
            );
            for (kind, counts) in [
                ("ui.2500.laid", &mut self.laid[p]),
                ("ui.2500.kept", &mut self.kept[p]),
            ] {
                // Keys of fixed sizes that never move: the count shows inside the key, a − beside
                // each rank takes one card back, and "clear" is always there.
                let height = ui.spacing().interact_size.y.max(30.0);
                let (rank_key, minus_key) = (egui::vec2(62.0, height), egui::vec2(30.0, height));
                ui.horizontal_wrapped(|ui| {
                    // A fixed width, so that the "laid" and "in hand" keypads start at one edge.
                    ui.add_sized([80.0, height], egui::Label::new(tr(lang, kind)));
                    for r in Rank::ALL {
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
                        let name =
                            msg!("ui.2500.remove", player = player, what = what, rank = rank)
                                .render(lang);
                        if (key(ui, minus_key, false, n > 0, "−", name).clicked()
                            || resp.secondary_clicked())
                            && n > 0
                        {
                            counts[r as usize] -= step.min(n);
                        }
                    }
                    let any = counts.iter().any(|&c| c > 0);
                    let name = msg!("ui.2500.clear", player = &players[p], what = tr(lang, kind))
                        .render(lang);
                    let clear = tr(lang, "ui.2500.clear_short");
                    if key(ui, egui::vec2(90.0, height), false, any, clear, name).clicked() {
                        *counts = [0; 12];
                    }
                });
            }
        }
        let laid: Vec<Vec<Rank>> = self.laid.iter().map(expand).collect();
        let hand: Vec<Vec<Rank>> = self.kept.iter().map(expand).collect();
        Some(GameHand::Le2500(Hand { frime, laid, hand }))
    }

    /// The points mode: each player's laid and in-hand points typed; the brasse is written with
    /// cards worth them (the session file holds cards), which the form says.
    fn show_points(&mut self, ui: &mut egui::Ui, ctx: &Ctx, frime: Rank) -> Option<GameHand> {
        let lang = ctx.lang;
        let players = &ctx.session.players;
        let Options::Le2500(options) = &ctx.session.options else {
            return None;
        };
        ui.label(egui::RichText::new(tr(lang, "ui.2500.points_note")).weak());
        egui::Grid::new("2500-points").show(ui, |ui| {
            ui.label("");
            ui.label(egui::RichText::new(tr(lang, "ui.2500.laid")).strong());
            ui.label(egui::RichText::new(tr(lang, "ui.2500.kept")).strong());
            ui.end_row();
            for (p, name) in players.iter().enumerate() {
                ui.label(egui::RichText::new(name).strong());
                for (k, what) in ["ui.2500.laid", "ui.2500.kept"].into_iter().enumerate() {
                    let label = msg!("ui.2500.points_of", player = name, what = tr(lang, what))
                        .render(lang);
                    let field = egui::DragValue::new(&mut self.points[p][k])
                        .speed(5.0)
                        .range(0..=5000);
                    ui.add_sized([110.0, 30.0], field)
                        .on_hover_text(label.clone())
                        .widget_info(|| {
                            egui::WidgetInfo::labeled(egui::Role::SpinButton, true, &label)
                        });
                }
                ui.end_row();
            }
        });
        let mut used = [0usize; 12];
        let mut laid = Vec::new();
        let mut hand = Vec::new();
        for pts in &self.points {
            let mut cards =
                |points| le2500::cards_worth(options, frime, players.len(), points, &mut used);
            match (cards(pts[0]), cards(pts[1])) {
                (Ok(l), Ok(h)) => {
                    laid.push(l);
                    hand.push(h);
                }
                (Err(m), _) | (_, Err(m)) => {
                    ui.colored_label(ui.visuals().error_fg_color, m.render(lang));
                    return None;
                }
            }
        }
        Some(GameHand::Le2500(Hand { frime, laid, hand }))
    }
}
