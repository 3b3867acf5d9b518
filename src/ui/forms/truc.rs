//! Truc entry: a live helper for the calls (double, banco, accept, refuse) that offers only what
//! the rules allow, then the tricks (won / pourri) or just the winner.

use super::kit::{Ctx, Entry, Modes};
use crate::ui::widgets::{key, key_height, key_width, keypad, row_title, text_slot};
use marque_core::games::GameHand;
use marque_core::games::Live;
use marque_core::games::truc::{Call, CallKind, Deal, Hand, Outcome, deal_winner};
use marque_core::i18n::Msg;
use marque_core::i18n::msg;
use marque_core::i18n::tr;
use marque_core::session::Options;

#[derive(Debug, Clone, PartialEq, Default)]
pub struct TrucForm {
    calls: Vec<Call>,
    by_tricks: bool,
    tricks: Vec<Option<usize>>,
    /// `Some(None)`: donne nulle.
    winner: Option<Option<usize>>,
}

impl TrucForm {
    pub fn keep_modes(&self, modes: &mut Modes) {
        modes.truc_winner_only = !self.by_tricks;
    }

    pub fn from_hand(v: Option<&Hand>, modes: Modes) -> TrucForm {
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
                by_tricks: !modes.truc_winner_only,
                ..Default::default()
            },
        }
    }

    /// The calls so far, while the deal's end is not entered (no winner, no trick, no
    /// refusal).
    pub fn partial(&self) -> Option<serde_json::Value> {
        let refused = self
            .calls
            .last()
            .is_some_and(|c| c.call == CallKind::Refuse);
        if refused || self.winner.is_some() || self.tricks.iter().any(Option::is_some) {
            return None;
        }
        Some(
            Hand {
                calls: self.calls.clone(),
                outcome: Outcome::Refused,
            }
            .to_json(),
        )
    }

    pub fn show(&mut self, ui: &mut egui::Ui, ctx: &Ctx) -> Entry {
        let lang = ctx.lang;
        let players = ctx.players;
        let Options::Truc(options) = ctx.session.options.typed() else {
            return Err(Msg::new("ui.form.incomplete"));
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
        // What is pending, in a room that is always there (the longest it can say).
        let pending = |key: &'static str, by: usize, value: i64| {
            egui::RichText::new(msg!(key, player = &players[by], value = value).render(lang))
        };
        let widest: Vec<egui::RichText> = (0..2)
            .flat_map(|by| {
                ["ui.truc.pending_banco", "ui.truc.pending"].map(|k| pending(k, by, 8888))
            })
            .collect();
        let shown = deal.pending().map(|p| {
            let key = if p.banco {
                "ui.truc.pending_banco"
            } else {
                "ui.truc.pending"
            };
            pending(key, p.by, p.value)
        });
        text_slot(ui, shown, &widest);
        {
            let refused = deal.refused().is_some();
            row_title(ui, tr(lang, "ui.truc.calls"));
            // Each player's calls on keys of one size in fixed places: raise (double or banco),
            // accept, refuse; those not allowed now are greyed. A second tap where one's own
            // raise was never answers it for the other player.
            let height = key_height(ui);
            // The player's name, then three keys as wide as the panel allows.
            let gap = ui.spacing().item_spacing.x;
            let room = ui.available_width();
            // Wide enough for the longest a key can say ("banco → 64"), else two to a row: the
            // keys keep their size and place whatever they say.
            let longest: Vec<String> = [CallKind::Double, CallKind::Banco]
                .into_iter()
                .map(|k| format!("{} → 888", tr(lang, k.name_key())))
                .chain([CallKind::Accept, CallKind::Refuse].map(|k| tr(lang, k.name_key())))
                .collect();
            let width = ((room - 2.0 * gap) / 3.0)
                .min(170.0)
                .max(key_width(ui, &longest))
                .min(room);
            let size = egui::vec2(width, height);
            for p in 0..2 {
                let allowed = deal.allowed(p);
                let find = |kinds: &[CallKind]| allowed.iter().find(|(k, _)| kinds.contains(k));
                ui.add(egui::Label::new(egui::RichText::new(&players[p]).strong()).truncate());
                let slots = [
                    (find(&[CallKind::Banco, CallKind::Double]), CallKind::Double),
                    (find(&[CallKind::Accept]), CallKind::Accept),
                    (find(&[CallKind::Refuse]), CallKind::Refuse),
                ];
                keypad(ui, slots.len(), size, 3, |ui, i| {
                    let (found, otherwise) = slots[i];
                    {
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
                        let enabled = found.is_some() && !refused;
                        if key(ui, size, false, enabled, text, name).clicked() {
                            self.calls.push(Call { by: p, call: kind });
                        }
                    }
                });
            }
        }
        self.said_ui(ui, lang, players, &deal);
        if deal.refused().is_some() {
            return Ok(GameHand::Truc(Hand {
                calls: self.calls.clone(),
                outcome: Outcome::Refused,
            }));
        }
        if deal.pending().is_some() {
            return Err(Msg::new("ui.missing.truc.answer"));
        }
        ui.separator();
        let outcome = self.outcome_ui(ui, lang, players);
        outcome.map(|o| {
            GameHand::Truc(Hand {
                calls: self.calls.clone(),
                outcome: o,
            })
        })
    }

    /// The calls so far, the key that takes the last one back, and a refusal: each in a room
    /// kept for the longest it can say, so that the keys below never move.
    fn said_ui(
        &mut self,
        ui: &mut egui::Ui,
        lang: marque_core::i18n::Lang,
        players: &[String],
        deal: &Deal,
    ) {
        // The calls so far on one line, in a room kept for a long sequence: the keys below
        // stay where they are as calls are made.
        let said = |calls: &[Call]| {
            let said: Vec<String> = calls
                .iter()
                .map(|c| {
                    msg!(
                        "ui.truc.said",
                        player = &players[c.by],
                        call = tr(lang, c.call.name_key())
                    )
                    .render(lang)
                })
                .collect();
            egui::RichText::new(said.join("   "))
        };
        // The last four calls (the deal's value says where the raises stand).
        const SHOWN: usize = 4;
        let longest = [
            CallKind::Double,
            CallKind::Banco,
            CallKind::Accept,
            CallKind::Refuse,
        ]
        .into_iter()
        .max_by_key(|k| tr(lang, k.name_key()).chars().count())
        .unwrap_or(CallKind::Refuse);
        let long: Vec<Call> = (0..SHOWN)
            .map(|i| Call {
                by: i % 2,
                call: longest,
            })
            .collect();
        let refused_line = deal.refused().map(|r| {
            egui::RichText::new(
                msg!("ui.truc.refused", player = &players[r.by], value = r.before).render(lang),
            )
            .strong()
        });
        let sample_refusal = egui::RichText::new(
            msg!("ui.truc.refused", player = &players[0], value = 8888).render(lang),
        )
        .strong();
        let recent = &self.calls[self.calls.len().saturating_sub(SHOWN)..];
        text_slot(ui, Some(said(recent)), &[said(&long)]);
        let undo = tr(lang, "ui.truc.undo_call");
        // As wide as its words (they were cut at 200 points).
        let undo_size = egui::vec2(
            key_width(ui, std::slice::from_ref(&undo))
                .max(200.0)
                .min(ui.available_width()),
            key_height(ui),
        );
        if key(
            ui,
            undo_size,
            false,
            !self.calls.is_empty(),
            undo.clone(),
            undo,
        )
        .clicked()
        {
            self.calls.pop();
        }
        text_slot(ui, refused_line, &[sample_refusal]);
    }

    /// How the deal ended: trick by trick (a player or pourri each, until the deal is decided)
    /// or by its winner.
    fn outcome_ui(
        &mut self,
        ui: &mut egui::Ui,
        lang: marque_core::i18n::Lang,
        players: &[String],
    ) -> Result<Outcome, Msg> {
        let height = key_height(ui);
        let gap = ui.spacing().item_spacing.x;
        let half = egui::vec2(((ui.available_width() - gap) / 2.0).min(220.0), height);
        ui.horizontal(|ui| {
            if key(
                ui,
                half,
                self.by_tricks,
                true,
                tr(lang, "ui.truc.by_tricks"),
                tr(lang, "ui.truc.by_tricks"),
            )
            .clicked()
            {
                self.by_tricks = true;
            }
            if key(
                ui,
                half,
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
        if self.by_tricks {
            let mut k = 0;
            loop {
                let decided = deal_winner(&self.tricks[..k.min(self.tricks.len())]).is_ok();
                if decided || k >= 3 {
                    self.tricks.truncate(k);
                    break;
                }
                ui.horizontal(|ui| {
                    ui.add_sized(
                        [60.0, height],
                        egui::Label::new(
                            egui::RichText::new(msg!("ui.truc.trick", n = k + 1).render(lang))
                                .size(18.0),
                        ),
                    );
                    let third = egui::vec2(
                        ((ui.available_width() - 2.0 * gap) / 3.0).min(150.0),
                        height,
                    );
                    let current = self.tricks.get(k).copied();
                    let mut pick = |ui: &mut egui::Ui, value: Option<usize>, text: String| {
                        let name = msg!("ui.truc.trick_named", n = k + 1, what = text.as_str())
                            .render(lang);
                        if key(ui, third, current == Some(value), true, &text, name).clicked() {
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
                    Ok(Outcome::Tricks(self.tricks.clone()))
                }
                Err(_) => Err(Msg::new("ui.missing.truc.tricks")),
            }
        } else {
            let third = egui::vec2(
                ((ui.available_width() - 2.0 * gap) / 3.0).min(150.0),
                height,
            );
            ui.horizontal(|ui| {
                for (value, text) in [
                    (Some(0), players[0].clone()),
                    (Some(1), players[1].clone()),
                    (None, tr(lang, "ui.truc.null")),
                ] {
                    let name = msg!("ui.truc.winner", what = text.as_str()).render(lang);
                    if key(ui, third, self.winner == Some(value), true, &text, name).clicked() {
                        self.winner = Some(value);
                    }
                }
            });
            self.winner
                .map(Outcome::Winner)
                .ok_or_else(|| Msg::new("ui.missing.truc.winner"))
        }
    }
}
