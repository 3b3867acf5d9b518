//! Ascenseur entry: the round's header, bids in bidding order with the dealer's forbidden bid
//! struck out, then the tricks, checked against the cards dealt.

use super::kit::{Ctx, Entry, Modes};
use crate::ui::widgets::{key, key_height, keypad, row_title, text_slot};
use marque_core::games::GameHand;
use marque_core::games::Live;
use marque_core::games::ascenseur::{Hand, Plan, Round, forbidden_bid};
use marque_core::i18n::Msg;
use marque_core::i18n::msg;
use marque_core::i18n::tr;

#[derive(Debug, Clone, PartialEq)]
pub struct AscenseurForm {
    bids: Vec<Option<u32>>,
    tricks: Vec<Option<u32>>,
    /// The players whose tricks the form filled in (see [`AscenseurForm::deduce`]); a tap on
    /// such a player's row makes it the table's own.
    auto: Vec<bool>,
}

impl AscenseurForm {
    pub fn keep_modes(&self, _modes: &mut Modes) {}

    pub fn from_hand(v: Option<&Hand>, players: usize) -> AscenseurForm {
        match v.cloned().map(Ok::<Hand, ()>) {
            Some(Ok(h)) => AscenseurForm {
                bids: h.bids.into_iter().map(Some).collect(),
                auto: vec![false; h.tricks.len()],
                tricks: h.tricks.into_iter().map(Some).collect(),
            },
            _ => AscenseurForm {
                bids: vec![None; players],
                tricks: vec![None; players],
                auto: vec![false; players],
            },
        }
    }

    /// What the form can fill in from the tricks the table tapped: the last player's, once
    /// every other is known (the cards left), or 0 for everyone still to enter once every
    /// trick is given. What it filled stays its own (made again at each change) until the
    /// table taps it.
    fn deduce(&mut self, cards: u32) {
        for p in 0..self.tricks.len() {
            if std::mem::take(&mut self.auto[p]) {
                self.tricks[p] = None;
            }
        }
        let open: Vec<usize> = (0..self.tricks.len())
            .filter(|&p| self.tricks[p].is_none())
            .collect();
        let given: u32 = self.tricks.iter().flatten().sum();
        let fill = match open[..] {
            [] => return,
            [_] => cards.checked_sub(given),
            _ if given == cards => Some(0),
            _ => None,
        };
        if let Some(n) = fill {
            for p in open {
                self.tricks[p] = Some(n);
                self.auto[p] = true;
            }
        }
    }

    /// Each player's bid, once all are in and no trick is entered.
    pub fn partial(&self) -> Option<serde_json::Value> {
        let bids: Option<Vec<u32>> = self.bids.iter().copied().collect();
        let bids = bids.filter(|b| !b.is_empty())?;
        if self.tricks.iter().any(Option::is_some) {
            return None;
        }
        Some(serde_json::json!({ "bids": bids }))
    }

    pub fn show(&mut self, ui: &mut egui::Ui, ctx: &Ctx) -> Entry {
        let Live::Ascenseur(g) = ctx.before else {
            return Err(Msg::new("ui.form.incomplete"));
        };
        let plan = g.plan().clone();
        // The round the game stands at before this hand: table events are not rounds.
        let k = g.next_round();
        if k >= plan.rounds() {
            return Err(Msg::new("ui.form.incomplete"));
        }
        let r = plan.round(k);
        header(ui, ctx, &plan, k, &r);
        // Keys of one size, 0 to 9 above 10 to 17 where the width allows; a player's name
        // beside their keys.
        let rows = Rows {
            size: egui::vec2(40.0, key_height(ui)),
            name_width: 96.0_f32.min(ui.available_width() * 0.3),
        };
        let order = plan.bidding_order(k);
        row_title(ui, tr(ctx.lang, "ui.asc.bids"));
        self.bid_rows(ui, ctx, &rows, &order, &r);
        self.hook_line(ui, ctx, &r);
        row_title(ui, tr(ctx.lang, "ui.asc.tricks"));
        if r.cards == 1 {
            ui.label(egui::RichText::new(tr(ctx.lang, "ui.asc.one_card")).weak());
        }
        self.trick_rows(ui, ctx, &rows, &order, &r);
        self.deduce(r.cards);
        self.trick_line(ui, ctx.lang, r.cards);
        self.entry(ctx.players, &order)
    }

    /// Each player's bid in bidding order, the dealer's forbidden bid struck out.
    fn bid_rows(&mut self, ui: &mut egui::Ui, ctx: &Ctx, rows: &Rows, order: &[usize], r: &Round) {
        let (lang, players) = (ctx.lang, ctx.players);
        for &p in order {
            let others = (0..players.len())
                .filter(|&q| q != r.dealer)
                .map(|q| self.bids[q]);
            let all_known: Option<Vec<u32>> = others.collect();
            let forbidden = if p == r.dealer {
                all_known.and_then(|b| forbidden_bid(r.cards, b))
            } else {
                None
            };
            if forbidden.is_some() && self.bids[p] == forbidden {
                self.bids[p] = None;
            }
            // The dealer's mark on a second line of the name's cell (it was cut beside a long
            // name): the whole for screen readers and on hover.
            let dealer = (p == r.dealer)
                .then(|| msg!("ui.asc.dealer_name", player = &players[p]).render(lang));
            let size = rows.size;
            rows.row(
                ui,
                (players[p].clone(), dealer),
                &mut |ui: &mut egui::Ui| {
                    keypad(ui, r.cards as usize + 1, size, 10, |ui, b| {
                        let b = b as u32;
                        let allowed = forbidden != Some(b);
                        let name = msg!("ui.asc.bid", player = &players[p], n = b).render(lang);
                        // The dealer's forbidden bid struck out, as on the score pad.
                        let text = egui::RichText::new(b.to_string());
                        let text = if allowed { text } else { text.strikethrough() };
                        let resp = key(ui, size, self.bids[p] == Some(b), allowed, text, name);
                        let resp = if allowed {
                            resp
                        } else {
                            resp.on_disabled_hover_text(
                                msg!("ui.asc.hook", cards = r.cards).render(lang),
                            )
                        };
                        if resp.clicked() {
                            self.bids[p] = Some(b);
                        }
                    });
                },
            );
        }
    }

    /// The hook said in words, on a line that is always there (nothing moves when the
    /// dealer's turn comes), and the bids so far.
    fn hook_line(&self, ui: &mut egui::Ui, ctx: &Ctx, r: &Round) {
        let (lang, players) = (ctx.lang, ctx.players);
        let others: Option<Vec<u32>> = (0..players.len())
            .filter(|&q| q != r.dealer)
            .map(|q| self.bids[q])
            .collect();
        let dealer = &players[r.dealer];
        let forbidden = |n: u32| msg!("ui.asc.forbidden", dealer = dealer, n = n, cards = r.cards);
        let rule = msg!("ui.asc.hook_rule", dealer = dealer, cards = r.cards);
        let hook = match others.and_then(|b| forbidden_bid(r.cards, b)) {
            Some(n) => forbidden(n),
            None => rule.clone(),
        };
        // In a room kept for the longer of its two texts: what follows never moves when it
        // changes, and it wraps rather than being cut.
        let variants = [forbidden(88), rule].map(|m| egui::RichText::new(m.render(lang)).strong());
        text_slot(
            ui,
            Some(egui::RichText::new(hook.render(lang)).strong()),
            &variants,
        );
        let total: u32 = self.bids.iter().flatten().sum();
        ui.label(msg!("ui.asc.bid_total", total = total, cards = r.cards).render(lang));
    }

    /// Each player's tricks, in bidding order.
    fn trick_rows(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &Ctx,
        rows: &Rows,
        order: &[usize],
        r: &Round,
    ) {
        let (lang, players) = (ctx.lang, ctx.players);
        let size = rows.size;
        for &p in order {
            rows.row(ui, (players[p].clone(), None), &mut |ui: &mut egui::Ui| {
                keypad(ui, r.cards as usize + 1, size, 10, |ui, t| {
                    let t = t as u32;
                    let name = msg!("ui.asc.took", player = &players[p], n = t).render(lang);
                    let on = self.tricks[p] == Some(t);
                    if key(ui, size, on, true, t.to_string(), name).clicked() {
                        self.tricks[p] = Some(t);
                        self.auto[p] = false;
                    }
                });
            });
        }
    }

    /// The tricks taken against the cards dealt: how many too many, or missing, in words.
    fn trick_line(&self, ui: &mut egui::Ui, lang: marque_core::i18n::Lang, cards: u32) {
        let taken: u32 = self.tricks.iter().flatten().sum();
        let line = msg!("ui.asc.trick_total", total = taken, cards = cards).render(lang);
        let error = ui.visuals().error_fg_color;
        let shown = if self.tricks.iter().all(Option::is_some) && taken != cards {
            let (key, n) = if taken > cards {
                ("ui.asc.over", taken - cards)
            } else {
                ("ui.asc.under", cards - taken)
            };
            let how = msg!(key, n = n).render(lang);
            egui::RichText::new(format!("{line} — {how}")).color(error)
        } else {
            egui::RichText::new(line.clone())
        };
        let longest = egui::RichText::new(format!(
            "{line} — {}",
            msg!("ui.asc.under", n = 88).render(lang)
        ));
        text_slot(ui, Some(shown), &[longest]);
    }

    /// The round entered, or what is missing (the players, in bidding order).
    fn entry(&self, players: &[String], order: &[usize]) -> Entry {
        let bids: Option<Vec<u32>> = self.bids.iter().copied().collect();
        let tricks: Option<Vec<u32>> = self.tricks.iter().copied().collect();
        let missing = |of: &[Option<u32>], key: &'static str| {
            let names: Vec<&str> = order
                .iter()
                .filter(|&&p| of[p].is_none())
                .map(|&p| players[p].as_str())
                .collect();
            msg!(key, players = names.join(", "), count = names.len())
        };
        match (bids, tricks) {
            (Some(bids), Some(tricks)) => Ok(GameHand::Ascenseur(Hand { bids, tricks })),
            (None, _) => Err(missing(&self.bids, "ui.missing.asc.bids")),
            (_, None) => Err(missing(&self.tricks, "ui.missing.asc.tricks")),
        }
    }
}

/// The round's header: its number, cards, dealer and trump; the forehead round said.
fn header(ui: &mut egui::Ui, ctx: &Ctx, plan: &Plan, k: usize, r: &Round) {
    let lang = ctx.lang;
    let trump = tr(
        lang,
        if r.trump {
            "ui.asc.trump"
        } else {
            "ui.asc.no_trump"
        },
    );
    let text = msg!(
        "ui.asc.header",
        round = k + 1,
        rounds = plan.rounds(),
        cards = r.cards,
        dealer = &ctx.players[r.dealer],
        trump = trump
    )
    .render(lang);
    ui.add(egui::Label::new(egui::RichText::new(text).size(20.0).strong()).wrap());
    if r.forehead {
        ui.label(egui::RichText::new(tr(lang, "ui.asc.forehead")).strong());
    }
}

/// Rows of keys of one size, each with a player's name beside them.
struct Rows {
    size: egui::Vec2,
    name_width: f32,
}

impl Rows {
    /// A player's row: the name (with the dealer's whole title, shown as a second line
    /// "donneur"), then the keys.
    fn row(
        &self,
        ui: &mut egui::Ui,
        (name, dealer): (String, Option<String>),
        keys: &mut dyn FnMut(&mut egui::Ui),
    ) {
        ui.horizontal_top(|ui| {
            let cell = [self.name_width, self.size.y];
            match dealer {
                None => {
                    ui.add_sized(
                        cell,
                        egui::Label::new(egui::RichText::new(name).strong()).truncate(),
                    );
                }
                Some(whole) => {
                    let mark = whole.strip_prefix(name.as_str()).unwrap_or("").trim();
                    let mut job = egui::text::LayoutJob::default();
                    let color = ui.visuals().strong_text_color();
                    let font = egui::FontId::proportional(14.0);
                    job.append(&name, 0.0, egui::TextFormat::simple(font.clone(), color));
                    job.append("\n", 0.0, egui::TextFormat::simple(font.clone(), color));
                    let weak = ui.visuals().weak_text_color();
                    job.append(mark, 0.0, egui::TextFormat::simple(font, weak));
                    job.wrap.max_width = self.name_width;
                    job.wrap.max_rows = 2;
                    ui.add_sized(cell, egui::Label::new(job))
                        .on_hover_text(&whole)
                        .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &whole));
                }
            }
            ui.vertical(|ui| keys(ui));
        });
    }
}
