//! Ascenseur entry: the round's header, bids in bidding order with the dealer's forbidden bid
//! struck out, then the tricks, checked against the cards dealt.

use super::Ctx;
use crate::games::GameHand;
use crate::games::Live;
use crate::games::ascenseur::{Hand, forbidden_bid};
use crate::i18n::tr;
use crate::ui::widgets::{choice, row_title};
use marque_core::msg;

#[derive(Debug, Clone, PartialEq)]
pub struct AscenseurForm {
    bids: Vec<Option<u32>>,
    tricks: Vec<Option<u32>>,
    /// The player whose tricks the form filled in (the cards left once the others' are known);
    /// a tap on that player's row makes it the table's own.
    deduced: Option<usize>,
}

impl AscenseurForm {
    pub fn from_hand(v: Option<&Hand>, players: usize) -> AscenseurForm {
        match v.cloned().map(Ok::<Hand, ()>) {
            Some(Ok(h)) => AscenseurForm {
                bids: h.bids.into_iter().map(Some).collect(),
                tricks: h.tricks.into_iter().map(Some).collect(),
                deduced: None,
            },
            _ => AscenseurForm {
                bids: vec![None; players],
                tricks: vec![None; players],
                deduced: None,
            },
        }
    }

    /// Once every player's tricks but one are known, the last player took the cards left: the
    /// form fills them in (and keeps them up to date while they are its own).
    fn deduce_last(&mut self, cards: u32) {
        let unknown: Vec<usize> = (0..self.tricks.len())
            .filter(|&p| self.tricks[p].is_none() || self.deduced == Some(p))
            .collect();
        let [last] = unknown[..] else {
            return;
        };
        let others: u32 = (0..self.tricks.len())
            .filter(|&p| p != last)
            .filter_map(|p| self.tricks[p])
            .sum();
        match cards.checked_sub(others) {
            Some(left) => {
                self.tricks[last] = Some(left);
                self.deduced = Some(last);
            }
            None if self.deduced == Some(last) => {
                self.tricks[last] = None;
                self.deduced = None;
            }
            None => {}
        }
    }

    pub fn show(&mut self, ui: &mut egui::Ui, ctx: &Ctx) -> Option<GameHand> {
        let lang = ctx.lang;
        let players = &ctx.session.players;
        let Live::Ascenseur(g) = ctx.before else {
            return None;
        };
        let plan = g.plan().clone();
        let k = ctx.index();
        if k >= plan.rounds() {
            return None;
        }
        let r = plan.round(k);
        let trump = tr(
            lang,
            if r.trump {
                "ui.asc.trump"
            } else {
                "ui.asc.no_trump"
            },
        );
        ui.label(
            egui::RichText::new(
                msg!(
                    "ui.asc.header",
                    round = k + 1,
                    rounds = plan.rounds(),
                    cards = r.cards,
                    dealer = &players[r.dealer],
                    trump = trump
                )
                .render(lang),
            )
            .size(20.0)
            .strong(),
        );
        if r.forehead {
            ui.label(egui::RichText::new(tr(lang, "ui.asc.forehead")).strong());
        }
        row_title(ui, tr(lang, "ui.asc.bids"));
        egui::Grid::new("bids").show(ui, |ui| {
            for p in plan.bidding_order(k) {
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
                let who = if p == r.dealer {
                    msg!("ui.asc.dealer_name", player = &players[p]).render(lang)
                } else {
                    players[p].clone()
                };
                ui.label(who);
                ui.horizontal(|ui| {
                    for b in 0..=r.cards {
                        let allowed = forbidden != Some(b);
                        let name = msg!("ui.asc.bid", player = &players[p], n = b).render(lang);
                        let resp =
                            choice(ui, self.bids[p] == Some(b), allowed, b.to_string(), name);
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
                    }
                });
                ui.end_row();
            }
        });
        // The hook said in words, on a line that is always there (nothing moves when the
        // dealer's turn comes).
        let others: Option<Vec<u32>> = (0..players.len())
            .filter(|&q| q != r.dealer)
            .map(|q| self.bids[q])
            .collect();
        let hook = match others.and_then(|b| forbidden_bid(r.cards, b)) {
            Some(n) => msg!(
                "ui.asc.forbidden",
                dealer = &players[r.dealer],
                n = n,
                cards = r.cards
            ),
            None => msg!(
                "ui.asc.hook_rule",
                dealer = &players[r.dealer],
                cards = r.cards
            ),
        };
        ui.label(egui::RichText::new(hook.render(lang)).strong());
        let total: u32 = self.bids.iter().flatten().sum();
        ui.label(msg!("ui.asc.bid_total", total = total, cards = r.cards).render(lang));
        row_title(ui, tr(lang, "ui.asc.tricks"));
        if r.cards == 1 {
            ui.label(egui::RichText::new(tr(lang, "ui.asc.one_card")).weak());
        }
        egui::Grid::new("tricks").show(ui, |ui| {
            for p in plan.bidding_order(k) {
                ui.label(&players[p]);
                ui.horizontal(|ui| {
                    for t in 0..=r.cards {
                        let name = msg!("ui.asc.took", player = &players[p], n = t).render(lang);
                        if choice(ui, self.tricks[p] == Some(t), true, t.to_string(), name)
                            .clicked()
                        {
                            self.tricks[p] = Some(t);
                            if self.deduced == Some(p) {
                                self.deduced = None;
                            }
                        }
                    }
                });
                ui.end_row();
            }
        });
        self.deduce_last(r.cards);
        let taken: u32 = self.tricks.iter().flatten().sum();
        let line = msg!("ui.asc.trick_total", total = taken, cards = r.cards).render(lang);
        if self.tricks.iter().all(Option::is_some) && taken != r.cards {
            // How many too many, or missing, in words.
            let (key, n) = if taken > r.cards {
                ("ui.asc.over", taken - r.cards)
            } else {
                ("ui.asc.under", r.cards - taken)
            };
            let how = msg!(key, n = n).render(lang);
            ui.colored_label(ui.visuals().error_fg_color, format!("{line} — {how}"));
        } else {
            ui.label(line);
        }
        let bids: Option<Vec<u32>> = self.bids.iter().copied().collect();
        let tricks: Option<Vec<u32>> = self.tricks.iter().copied().collect();
        Some(GameHand::Ascenseur(Hand {
            bids: bids?,
            tricks: tricks?,
        }))
    }
}
