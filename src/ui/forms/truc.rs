//! Truc entry: a live helper for the calls (double, banco, accept, refuse) that offers only what
//! the rules allow, then the tricks (won / pourri) or just the winner.

use super::Ctx;
use crate::games::GameHand;
use crate::games::Live;
use crate::games::truc::{Call, CallKind, Deal, Hand, Outcome, deal_winner};
use crate::i18n::tr;
use crate::session::Options;
use crate::ui::widgets::{choice, key, row_title};
use marque_core::msg;

#[derive(Debug, Clone, PartialEq, Default)]
pub struct TrucForm {
    calls: Vec<Call>,
    by_tricks: bool,
    tricks: Vec<Option<usize>>,
    /// `Some(None)`: donne nulle.
    winner: Option<Option<usize>>,
}

impl TrucForm {
    pub fn from_hand(v: Option<&Hand>) -> TrucForm {
        match v.cloned().map(Ok::<Hand, ()>) {
            Some(Ok(Hand { calls, outcome })) => {
                let mut f = TrucForm {
                    calls,
                    by_tricks: true,
                    ..Default::default()
                };
                match outcome {
                    Outcome::Tricks(t) => f.tricks = t,
                    Outcome::Winner(w) => {
                        f.by_tricks = false;
                        f.winner = Some(w);
                    }
                    Outcome::Refused => {}
                }
                f
            }
            _ => TrucForm {
                by_tricks: true,
                ..Default::default()
            },
        }
    }

    pub fn show(&mut self, ui: &mut egui::Ui, ctx: &Ctx) -> Option<GameHand> {
        let lang = ctx.lang;
        let players = &ctx.session.players;
        let Options::Truc(options) = &ctx.session.options else {
            return None;
        };
        let scores = match ctx.before {
            Live::Truc(g) => g.scores(),
            _ => [0, 0],
        };
        let mut deal = Deal::new(options, scores);
        let mut valid = 0;
        for c in &self.calls {
            if deal.apply(*c).is_err() {
                break;
            }
            valid += 1;
        }
        self.calls.truncate(valid);
        ui.label(
            egui::RichText::new(msg!("ui.truc.value", value = deal.value()).render(lang))
                .size(24.0)
                .strong(),
        );
        // What is pending, on a line that is always there.
        let pending = match deal.pending() {
            Some(p) => {
                let key = if p.banco {
                    "ui.truc.pending_banco"
                } else {
                    "ui.truc.pending"
                };
                msg!(key, player = &players[p.by], value = p.value).render(lang)
            }
            None => String::new(),
        };
        ui.label(pending);
        if deal.refused().is_none() {
            row_title(ui, tr(lang, "ui.truc.calls"));
            // Each player's calls on keys of one size in fixed places: raise (double or banco),
            // accept, refuse; those not allowed now are greyed. A second tap where one's own
            // raise was never answers it for the other player.
            let size = egui::vec2(130.0, ui.spacing().interact_size.y.max(30.0));
            for p in 0..2 {
                let allowed = deal.allowed(p);
                let find = |kinds: &[CallKind]| allowed.iter().find(|(k, _)| kinds.contains(k));
                ui.horizontal_wrapped(|ui| {
                    ui.add_sized([90.0, size.y], egui::Label::new(&players[p]).truncate());
                    let slots = [
                        (find(&[CallKind::Banco, CallKind::Double]), CallKind::Double),
                        (find(&[CallKind::Accept]), CallKind::Accept),
                        (find(&[CallKind::Refuse]), CallKind::Refuse),
                    ];
                    for (found, otherwise) in slots {
                        let (kind, value) = found
                            .copied()
                            .map_or((otherwise, None), |(k, v)| (k, Some(v)));
                        let text = match (kind, value) {
                            (CallKind::Double | CallKind::Banco, Some(v)) => {
                                format!("{} → {v}", tr(lang, kind.name_key()))
                            }
                            _ => tr(lang, kind.name_key()),
                        };
                        let name = msg!(
                            "ui.truc.call",
                            player = &players[p],
                            call = tr(lang, kind.name_key())
                        )
                        .render(lang);
                        if key(ui, size, false, found.is_some(), text, name).clicked() {
                            self.calls.push(Call { by: p, call: kind });
                        }
                    }
                });
            }
        }
        for c in &self.calls {
            ui.label(format!(
                "· {} : {}",
                players[c.by],
                tr(lang, c.call.name_key())
            ));
        }
        let undo = tr(lang, "ui.truc.undo_call");
        if ui
            .add_enabled(!self.calls.is_empty(), egui::Button::new(undo))
            .clicked()
        {
            self.calls.pop();
        }
        if let Some(r) = deal.refused() {
            ui.label(
                msg!("ui.truc.refused", player = &players[r.by], value = r.before).render(lang),
            );
            return Some(GameHand::Truc(Hand {
                calls: self.calls.clone(),
                outcome: Outcome::Refused,
            }));
        }
        if deal.pending().is_some() {
            return None;
        }
        ui.separator();
        ui.horizontal(|ui| {
            if choice(
                ui,
                self.by_tricks,
                true,
                tr(lang, "ui.truc.by_tricks"),
                tr(lang, "ui.truc.by_tricks"),
            )
            .clicked()
            {
                self.by_tricks = true;
            }
            if choice(
                ui,
                !self.by_tricks,
                true,
                tr(lang, "ui.truc.by_winner"),
                tr(lang, "ui.truc.by_winner"),
            )
            .clicked()
            {
                self.by_tricks = false;
            }
        });
        let outcome = if self.by_tricks {
            let mut k = 0;
            loop {
                let decided = deal_winner(&self.tricks[..k.min(self.tricks.len())]).is_ok();
                if decided || k >= 3 {
                    self.tricks.truncate(k);
                    break;
                }
                ui.horizontal_wrapped(|ui| {
                    ui.label(
                        egui::RichText::new(msg!("ui.truc.trick", n = k + 1).render(lang))
                            .size(18.0),
                    );
                    let current = self.tricks.get(k).copied();
                    let mut pick = |ui: &mut egui::Ui, value: Option<usize>, text: String| {
                        let name = msg!("ui.truc.trick_named", n = k + 1, what = text.as_str())
                            .render(lang);
                        if choice(ui, current == Some(value), true, &text, name).clicked() {
                            self.tricks.truncate(k);
                            self.tricks.push(value);
                        }
                    };
                    pick(ui, Some(0), players[0].clone());
                    pick(ui, Some(1), players[1].clone());
                    pick(ui, None, tr(lang, "ui.truc.pourri"));
                });
                if k >= self.tricks.len() {
                    break;
                }
                k += 1;
            }
            match deal_winner(&self.tricks) {
                Ok(w) => {
                    let text = match w {
                        Some(w) => msg!("ui.truc.deal_to", player = &players[w]).render(lang),
                        None => tr(lang, "ui.truc.null"),
                    };
                    ui.label(egui::RichText::new(text).strong());
                    Some(Outcome::Tricks(self.tricks.clone()))
                }
                Err(_) => None,
            }
        } else {
            ui.horizontal_wrapped(|ui| {
                for (value, text) in [
                    (Some(0), players[0].clone()),
                    (Some(1), players[1].clone()),
                    (None, tr(lang, "ui.truc.null")),
                ] {
                    let name = msg!("ui.truc.winner", what = text.as_str()).render(lang);
                    if choice(ui, self.winner == Some(value), true, &text, name).clicked() {
                        self.winner = Some(value);
                    }
                }
            });
            self.winner.map(Outcome::Winner)
        };
        outcome.map(|o| {
            GameHand::Truc(Hand {
                calls: self.calls.clone(),
                outcome: o,
            })
        })
    }
}
