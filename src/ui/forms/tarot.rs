//! Tarot entry, in the order a table says a deal after it is played: who took, which contract,
//! (at five) who held the called king or who sat out, then the attack's bouts and points (or
//! the defence's, the smaller pile, with 91 minus them shown), then only what happened: the
//! petit au bout, poignées, a chelem. Every row is always there: nothing moves after a tap.

use super::kit::{Ctx, Entry, Modes};
use crate::ui::widgets::{key, key_height, key_width, keypad, row_title, text_slot};
use marque_core::games::tarot::{Contract, Hand, Poignee, Side, Size};
use marque_core::games::{GameHand, Live};
use marque_core::i18n::msg;
use marque_core::i18n::{Msg, tr};

#[derive(Debug, Clone, PartialEq, Default)]
pub struct TarotForm {
    taker: Option<usize>,
    contract: Option<Contract>,
    /// At five with a partner called: the seat that held the called card; `Some(None)`: alone.
    called: Option<Option<usize>>,
    /// At five seats with the mort: the seat out (in turn unless the table picks another).
    dead: Option<usize>,
    bouts: Option<u8>,
    /// The points typed, whole part.
    digits: String,
    /// And a half point.
    half: bool,
    /// The points typed are the defence's.
    defence: bool,
    petit: Option<Side>,
    poignees: Vec<Poignee>,
    chelem: Option<Side>,
    announced: bool,
}

impl TarotForm {
    pub fn keep_modes(&self, _modes: &mut Modes) {}

    pub fn from_hand(v: Option<&Hand>) -> TarotForm {
        let Some(h) = v else {
            return TarotForm::default();
        };
        TarotForm {
            taker: Some(h.taker),
            contract: Some(h.contract),
            called: h.called,
            dead: h.dead,
            bouts: Some(h.bouts),
            digits: (h.halves / 2).to_string(),
            half: h.halves % 2 == 1,
            defence: false,
            petit: h.petit,
            poignees: h.poignees.clone(),
            chelem: h.chelem,
            announced: h.announced,
        }
    }

    /// The attack's points in halves, as typed.
    fn halves(&self) -> Option<u32> {
        let whole: u32 = self.digits.parse().ok()?;
        let typed = whole * 2 + u32::from(self.half);
        if self.defence {
            182u32.checked_sub(typed)
        } else {
            Some(typed)
        }
    }

    pub fn show(&mut self, ui: &mut egui::Ui, ctx: &Ctx) -> Entry {
        let Live::Tarot(g) = ctx.before else {
            return Err(Msg::new("ui.form.incomplete"));
        };
        let lang = ctx.lang;
        let (seats, names) = (ctx.seats, ctx.players);
        let name = |s: usize| {
            seats
                .iter()
                .position(|x| *x == s)
                .and_then(|k| names.get(k))
                .cloned()
                .unwrap_or_default()
        };
        if g.has_dead() && self.dead.is_none() {
            self.dead = g.dead_in_turn();
        }
        if !g.has_dead() {
            self.dead = None;
        }
        let in_deal: Vec<usize> = seats
            .iter()
            .copied()
            .filter(|s| Some(*s) != self.dead)
            .collect();
        let n = in_deal.len();
        let height = key_height(ui);
        let longest: Vec<String> = names.to_vec();
        let gap = ui.spacing().item_spacing.x;
        let room = ui.available_width();
        let seat_size = egui::vec2(key_width(ui, &longest).clamp(90.0, 170.0).min(room), height);
        // The mort, at five seats with that option.
        if g.has_dead() {
            row_title(ui, tr(lang, "ui.tarot.dead"));
            keypad(ui, seats.len(), seat_size, 5, |ui, k| {
                let s = seats[k];
                let label = msg!("ui.tarot.dead_key", player = name(s)).render(lang);
                if key(ui, seat_size, self.dead == Some(s), true, name(s), label).clicked() {
                    self.dead = Some(s);
                }
            });
        }
        row_title(ui, tr(lang, "ui.tarot.taker"));
        keypad(ui, in_deal.len(), seat_size, 5, |ui, k| {
            let s = in_deal[k];
            let label = msg!("ui.tarot.taker_key", player = name(s)).render(lang);
            if key(ui, seat_size, self.taker == Some(s), true, name(s), label).clicked() {
                self.taker = Some(s);
            }
        });
        row_title(ui, tr(lang, "ui.tarot.contract"));
        let contracts: Vec<String> = Contract::ALL
            .iter()
            .map(|c| tr(lang, c.name_key()))
            .collect();
        let c_size = egui::vec2(
            key_width(ui, &contracts)
                .max((room - 3.0 * gap) / 4.0)
                .min(180.0)
                .min(room),
            height,
        );
        keypad(ui, 4, c_size, 4, |ui, k| {
            let c = Contract::ALL[k];
            let label = msg!("ui.tarot.contract_key", contract = contracts[k].clone()).render(lang);
            if key(
                ui,
                c_size,
                self.contract == Some(c),
                true,
                contracts[k].clone(),
                label,
            )
            .clicked()
            {
                self.contract = Some(c);
            }
        });
        if g.calls() {
            row_title(ui, tr(lang, "ui.tarot.called"));
            keypad(ui, in_deal.len() + 1, seat_size, 6, |ui, k| {
                let (text, label, value) = match in_deal.get(k) {
                    Some(&s) => (
                        name(s),
                        msg!("ui.tarot.called_key", player = name(s)).render(lang),
                        Some(s),
                    ),
                    None => (
                        tr(lang, "ui.tarot.alone"),
                        tr(lang, "ui.tarot.alone_key"),
                        None,
                    ),
                };
                let on = self.called == Some(value);
                if key(ui, seat_size, on, true, text, label).clicked() {
                    self.called = Some(value);
                }
            });
        } else {
            self.called = None;
        }
        self.points_ui(ui, ctx, n, height);
        self.extras_ui(ui, ctx, &in_deal, n, height);
        self.entry(g.calls())
    }

    /// The bouts, then the points on a keypad (half points at three and five).
    fn points_ui(&mut self, ui: &mut egui::Ui, ctx: &Ctx, n: usize, height: f32) {
        let lang = ctx.lang;
        row_title(ui, tr(lang, "ui.tarot.bouts"));
        let small = egui::vec2(56.0, height);
        keypad(ui, 4, small, 4, |ui, k| {
            let label = msg!("ui.tarot.bouts_key", n = k as i64).render(lang);
            if key(
                ui,
                small,
                self.bouts == Some(k as u8),
                true,
                k.to_string(),
                label,
            )
            .clicked()
            {
                self.bouts = Some(k as u8);
            }
        });
        let whose = if self.defence {
            "ui.tarot.points_defence"
        } else {
            "ui.tarot.points_attack"
        };
        row_title(ui, tr(lang, whose));
        // What was typed, and the attack's points it makes, in a room that is always there.
        let shown = self.halves().map(|h| {
            let typed = format!(
                "{}{}",
                if self.digits.is_empty() {
                    "0"
                } else {
                    &self.digits
                },
                if self.half { ",5" } else { "" }
            );
            let attack = marque_core::i18n::decimal1(lang, f64::from(h) / 2.0);
            egui::RichText::new(
                msg!(
                    if self.defence {
                        "ui.tarot.typed_defence"
                    } else {
                        "ui.tarot.typed"
                    },
                    typed = typed,
                    attack = attack
                )
                .render(lang),
            )
            .size(20.0)
            .strong()
        });
        let widest = egui::RichText::new(
            msg!("ui.tarot.typed_defence", typed = "88,5", attack = "88,5").render(lang),
        )
        .size(20.0)
        .strong();
        text_slot(ui, shown, &[widest]);
        let halves_allowed = n != 4;
        if !halves_allowed {
            self.half = false;
        }
        let digit = egui::vec2(48.0, height);
        keypad(ui, 13, digit, 13, |ui, k| {
            let (text, label) = match k {
                0..=9 => (
                    k.to_string(),
                    msg!("ui.tarot.digit", n = k as i64).render(lang),
                ),
                10 => ("½".to_string(), tr(lang, "ui.tarot.half")),
                11 => ("⌫".to_string(), tr(lang, "ui.tarot.erase")),
                _ => ("↔".to_string(), tr(lang, "ui.tarot.switch")),
            };
            let (on, enabled) = match k {
                10 => (self.half, halves_allowed),
                12 => (self.defence, true),
                _ => (false, true),
            };
            if key(ui, digit, on, enabled, text, label).clicked() {
                match k {
                    0..=9 => {
                        let more = format!("{}{k}", self.digits);
                        if more.parse::<u32>().is_ok_and(|p| p <= 91) {
                            self.digits = more.trim_start_matches('0').to_string();
                            if self.digits.is_empty() {
                                self.digits = "0".into();
                            }
                        }
                    }
                    10 => self.half = !self.half,
                    11 => {
                        self.digits.pop();
                        self.half = false;
                    }
                    _ => self.defence = !self.defence,
                }
            }
        });
    }

    /// What happened beyond the cards: the petit au bout, poignées, a chelem.
    fn extras_ui(&mut self, ui: &mut egui::Ui, ctx: &Ctx, in_deal: &[usize], n: usize, h: f32) {
        let lang = ctx.lang;
        let sides = [Side::Attack, Side::Defence];
        let side_names: Vec<String> = sides.iter().map(|s| tr(lang, s.name_key())).collect();
        let size = egui::vec2(key_width(ui, &side_names).max(110.0), h);
        row_title(ui, tr(lang, "ui.tarot.petit"));
        keypad(ui, 2, size, 2, |ui, k| {
            let label = msg!("ui.tarot.petit_key", side = side_names[k].clone()).render(lang);
            let on = self.petit == Some(sides[k]);
            if key(ui, size, on, true, side_names[k].clone(), label).clicked() {
                self.petit = if on { None } else { Some(sides[k]) };
            }
        });
        row_title(ui, tr(lang, "ui.tarot.poignees"));
        let sizes: Vec<String> = Size::ALL.iter().map(|s| tr(lang, s.name_key())).collect();
        // Each key reads its size and the trumps it shows: "simple (10)".
        let texts: Vec<String> = Size::ALL
            .iter()
            .zip(&sizes)
            .map(|(s, name)| format!("{name} ({})", s.trumps(n)))
            .collect();
        let p_size = egui::vec2(key_width(ui, &texts).max(80.0), h);
        for &s in in_deal {
            let who = ctx
                .seats
                .iter()
                .position(|x| *x == s)
                .and_then(|k| ctx.players.get(k))
                .cloned()
                .unwrap_or_default();
            ui.add(egui::Label::new(egui::RichText::new(&who).strong()).truncate());
            keypad(ui, 3, p_size, 3, |ui, k| {
                let size_k = Size::ALL[k];
                let label = msg!(
                    "ui.tarot.poignee_key",
                    size = sizes[k].clone(),
                    player = who.clone(),
                    trumps = size_k.trumps(n) as i64
                )
                .render(lang);
                let on = self.poignees.iter().any(|p| p.by == s && p.size == size_k);
                if key(ui, p_size, on, true, texts[k].clone(), label).clicked() {
                    self.poignees.retain(|p| p.by != s);
                    if !on {
                        self.poignees.push(Poignee {
                            by: s,
                            size: size_k,
                        });
                    }
                }
            });
        }
        row_title(ui, tr(lang, "ui.tarot.chelem"));
        keypad(ui, 3, size, 3, |ui, k| {
            let (text, label, on) = match k {
                0 | 1 => (
                    side_names[k].clone(),
                    msg!("ui.tarot.chelem_key", side = side_names[k].clone()).render(lang),
                    self.chelem == Some(sides[k]),
                ),
                _ => (
                    tr(lang, "ui.tarot.announced"),
                    tr(lang, "ui.tarot.announced_key"),
                    self.announced,
                ),
            };
            if key(ui, size, on, true, text, label).clicked() {
                match k {
                    0 | 1 => self.chelem = if on { None } else { Some(sides[k]) },
                    _ => self.announced = !self.announced,
                }
            }
        });
    }

    /// The bid without its result, once the taker and the contract are in and the points
    /// are not: the bouts, the petit au bout and the primes as far as given.
    pub fn partial(&self) -> Option<serde_json::Value> {
        if !self.digits.is_empty() {
            return None;
        }
        let mut v = Hand {
            taker: self.taker?,
            contract: self.contract?,
            called: self.called,
            dead: self.dead,
            bouts: self.bouts.unwrap_or(0),
            halves: 0,
            petit: self.petit,
            poignees: self.poignees.clone(),
            chelem: self.chelem,
            announced: self.announced,
        }
        .to_json();
        let o = v.as_object_mut()?;
        o.remove("points");
        if self.bouts.is_none() {
            o.remove("bouts");
        }
        Some(v)
    }

    /// The deal, once what a plain deal needs is given; else what is missing.
    fn entry(&self, calls: bool) -> Entry {
        let taker = self.taker.ok_or(Msg::new("ui.tarot.missing.taker"))?;
        let contract = self.contract.ok_or(Msg::new("ui.tarot.missing.contract"))?;
        if calls && self.called.is_none() {
            return Err(Msg::new("ui.tarot.missing.called"));
        }
        let bouts = self.bouts.ok_or(Msg::new("ui.tarot.missing.bouts"))?;
        if self.digits.is_empty() {
            return Err(Msg::new("ui.tarot.missing.points"));
        }
        let halves = self.halves().ok_or(Msg::new("ui.tarot.missing.points"))?;
        Ok(GameHand::Tarot(Hand {
            taker,
            contract,
            called: self.called,
            dead: self.dead,
            bouts,
            halves,
            petit: self.petit,
            poignees: self.poignees.clone(),
            chelem: self.chelem,
            announced: self.announced,
        }))
    }
}
