//! Démocratie entry: per player and suit, the points captured (typed) or the cards (picked);
//! suits over 25 points or cards taken twice are refused; tribus show live. A trick helper
//! settles a disputed trick.

use super::Ctx;
use crate::games::GameHand;
use crate::games::democratie::{Capture, Card, Hand, Rank, SUIT_POINTS, Suit, deal_sizes, trick};
use crate::i18n::tr;
use crate::session::Options;
use crate::ui::widgets::{choice, key, row_title};
use marque_core::msg;

#[derive(Debug, Clone, PartialEq)]
pub struct DemocratieForm {
    captured: Vec<[Capture; 4]>,
    helper: TrickHelper,
}

#[derive(Debug, Clone, PartialEq, Default)]
struct TrickHelper {
    open: bool,
    vote: Option<Card>,
    played: Vec<Option<Card>>,
}

impl DemocratieForm {
    pub fn from_hand(v: Option<&Hand>, players: usize) -> DemocratieForm {
        let captured = match v.cloned().map(Ok::<Hand, ()>) {
            Some(Ok(h)) => h.captured,
            _ => vec![std::array::from_fn(|_| Capture::Points(0)); players],
        };
        DemocratieForm {
            captured,
            helper: TrickHelper {
                played: vec![None; players],
                ..Default::default()
            },
        }
    }

    pub fn show(&mut self, ui: &mut egui::Ui, ctx: &Ctx) -> Option<GameHand> {
        let lang = ctx.lang;
        let players = &ctx.session.players;
        let Options::Democratie(options) = &ctx.session.options else {
            return None;
        };
        let n = players.len();
        let sizes: Vec<String> = deal_sizes(n, options.days)
            .iter()
            .map(|s| s.to_string())
            .collect();
        ui.label(
            msg!(
                "ui.demo.deal",
                sizes = sizes.join(" + "),
                jokers = crate::games::democratie::jokers(n)
            )
            .render(lang),
        );
        // "All 25 to this player" in a suit: applied once the grid is drawn.
        let mut all_to: Option<(usize, usize)> = None;
        for (p, name) in players.iter().enumerate() {
            ui.separator();
            let tribus = options.tribus(&self.captured[p]);
            ui.label(
                egui::RichText::new(
                    msg!("ui.demo.player", player = name.as_str(), tribus = tribus).render(lang),
                )
                .strong(),
            );
            egui::Grid::new(("captures", p)).show(ui, |ui| {
                for s in Suit::ALL {
                    let suit = tr(lang, s.name_key());
                    let l = ui.label(crate::ui::widgets::suit_text(s.symbol(), &suit));
                    let access = format!("{name} {suit}");
                    l.widget_info(move || {
                        egui::WidgetInfo::labeled(egui::Role::Label, true, &access)
                    });
                    let cap = &mut self.captured[p][s as usize];
                    let by_cards = matches!(cap, Capture::Cards(_));
                    ui.horizontal(|ui| match cap {
                        Capture::Points(pts) => {
                            // Steppers of fixed size around the number, and the whole suit.
                            let size = egui::vec2(34.0, ui.spacing().interact_size.y.max(30.0));
                            let step = |k: &'static str| {
                                msg!(k, player = name.as_str(), suit = suit.as_str()).render(lang)
                            };
                            if key(ui, size, false, *pts > 0, "−", step("ui.demo.less")).clicked()
                            {
                                *pts -= 1;
                            }
                            ui.add_sized(
                                [44.0, size.y],
                                egui::DragValue::new(pts).range(0..=SUIT_POINTS),
                            )
                            .labelled_by(l.id);
                            let more = *pts < SUIT_POINTS;
                            if key(ui, size, false, more, "+", step("ui.demo.more")).clicked() {
                                *pts += 1;
                            }
                            let all = egui::vec2(48.0, size.y);
                            if key(
                                ui,
                                all,
                                *pts == SUIT_POINTS,
                                true,
                                "25",
                                step("ui.demo.all"),
                            )
                            .clicked()
                            {
                                all_to = Some((p, s as usize));
                            }
                        }
                        Capture::Cards(cards) => {
                            for r in Rank::ALL {
                                let has = cards.contains(&r);
                                let card = msg!(
                                    "ui.demo.card",
                                    player = name.as_str(),
                                    rank = tr(lang, r.name_key()),
                                    suit = suit.as_str()
                                );
                                if choice(ui, has, true, tr(lang, r.name_key()), card.render(lang))
                                    .clicked()
                                {
                                    if has {
                                        cards.retain(|c| *c != r);
                                    } else {
                                        cards.push(r);
                                    }
                                }
                            }
                            ui.label(msg!("ui.demo.points", n = cap.points()).render(lang));
                        }
                    });
                    let mode_name = msg!(
                        "ui.demo.by_cards",
                        player = name.as_str(),
                        suit = suit.as_str()
                    )
                    .render(lang);
                    let cap = &mut self.captured[p][s as usize];
                    if choice(ui, by_cards, true, tr(lang, "ui.demo.cards"), mode_name)
                        .on_hover_text(tr(lang, "ui.demo.by_cards_hint"))
                        .clicked()
                    {
                        *cap = if by_cards {
                            Capture::Points(cap.points())
                        } else {
                            Capture::Cards(Vec::new())
                        };
                    }
                    ui.end_row();
                }
            });
        }
        // The whole suit to one player: 25 points there, none to the others.
        if let Some((to, suit)) = all_to {
            for (p, c) in self.captured.iter_mut().enumerate() {
                c[suit] = Capture::Points(if p == to { SUIT_POINTS } else { 0 });
            }
        }
        ui.separator();
        for s in Suit::ALL {
            let total: i64 = self.captured.iter().map(|c| c[s as usize].points()).sum();
            let line = msg!(
                "ui.demo.suit_total",
                suit = tr(lang, s.name_key()),
                total = total
            )
            .render(lang);
            if total > SUIT_POINTS {
                ui.colored_label(ui.visuals().error_fg_color, line);
            } else {
                ui.label(line);
            }
        }
        self.helper_ui(ui, ctx);
        Some(GameHand::Democratie(Hand {
            captured: self.captured.clone(),
        }))
    }

    fn helper_ui(&mut self, ui: &mut egui::Ui, ctx: &Ctx) {
        let lang = ctx.lang;
        let players = &ctx.session.players;
        let Options::Democratie(options) = &ctx.session.options else {
            return;
        };
        ui.separator();
        let title = tr(
            lang,
            if self.helper.open {
                "ui.demo.helper_hide"
            } else {
                "ui.demo.helper"
            },
        );
        if ui.button(title).clicked() {
            self.helper.open = !self.helper.open;
        }
        if !self.helper.open {
            return;
        }
        row_title(ui, tr(lang, "ui.demo.vote"));
        card_picker(ui, lang, &mut self.helper.vote, &tr(lang, "ui.demo.vote"));
        for (p, name) in players.iter().enumerate() {
            row_title(ui, name);
            card_picker(ui, lang, &mut self.helper.played[p], name);
        }
        let played: Option<Vec<Card>> = self.helper.played.iter().copied().collect();
        if let (Some(vote), Some(played)) = (self.helper.vote, played) {
            let r = trick(vote, &played, options.joker);
            let who = match r.winner {
                Some(w) => msg!("ui.demo.takes", player = &players[w]).render(lang),
                None => tr(lang, "ui.demo.nobody"),
            };
            ui.label(
                egui::RichText::new(format!(
                    "{who} — {} [democratie.trick]",
                    r.reason.render(lang)
                ))
                .strong(),
            );
        }
    }
}

/// Picks one card (suit and rank) or the joker.
fn card_picker(ui: &mut egui::Ui, lang: crate::i18n::Lang, card: &mut Option<Card>, who: &str) {
    ui.horizontal_wrapped(|ui| {
        let suit = match card {
            Some(Card::Card(_, s)) => Some(*s),
            _ => None,
        };
        for s in Suit::ALL {
            let name = msg!(
                "ui.demo.pick_suit",
                who = who,
                suit = tr(lang, s.name_key())
            )
            .render(lang);
            if choice(ui, suit == Some(s), true, s.symbol(), name).clicked() {
                let rank = match card {
                    Some(Card::Card(r, _)) => *r,
                    _ => Rank::R5,
                };
                *card = Some(Card::Card(rank, s));
            }
        }
        let name = msg!("ui.demo.pick_joker", who = who).render(lang);
        if choice(
            ui,
            *card == Some(Card::Joker),
            true,
            tr(lang, "ui.demo.joker"),
            name,
        )
        .clicked()
        {
            *card = Some(Card::Joker);
        }
        if let Some(s) = suit {
            ui.separator();
            for r in Rank::ALL {
                let name = msg!(
                    "ui.demo.pick_rank",
                    who = who,
                    rank = tr(lang, r.name_key())
                )
                .render(lang);
                if choice(
                    ui,
                    *card == Some(Card::Card(r, s)),
                    true,
                    tr(lang, r.name_key()),
                    name,
                )
                .clicked()
                {
                    *card = Some(Card::Card(r, s));
                }
            }
        }
    });
}
