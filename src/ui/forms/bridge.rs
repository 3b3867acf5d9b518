//! Bridge entry: declarer, contract (level, strain, X/XX), result, honours; or passed out.

use super::Ctx;
use crate::games::GameHand;
use crate::games::bridge::{Contract, Doubling, Hand, Honours, HonoursKind, Seat, Strain};
use crate::i18n::tr;
use crate::ui::widgets::{choice, key, row_title};
use marque_core::msg;

#[derive(Debug, Clone, PartialEq, Default)]
pub struct BridgeForm {
    passed: bool,
    declarer: Option<Seat>,
    level: Option<u8>,
    strain: Option<Strain>,
    doubling: Doubling,
    tricks: Option<u8>,
    honours: Option<Honours>,
}

impl BridgeForm {
    pub fn from_hand(v: Option<&Hand>) -> BridgeForm {
        match v.copied().map(Ok::<Hand, ()>) {
            Some(Ok(Hand::PassedOut)) => BridgeForm {
                passed: true,
                ..Default::default()
            },
            Some(Ok(Hand::Played {
                contract,
                declarer,
                tricks,
                honours,
            })) => BridgeForm {
                passed: false,
                declarer: Some(declarer),
                level: Some(contract.level),
                strain: Some(contract.strain),
                doubling: contract.doubling,
                tricks: Some(tricks),
                honours,
            },
            _ => BridgeForm::default(),
        }
    }

    fn hand(&self) -> Option<Hand> {
        if self.passed {
            return Some(Hand::PassedOut);
        }
        let contract = Contract {
            level: self.level?,
            strain: self.strain?,
            doubling: self.doubling,
        };
        Some(Hand::Played {
            contract,
            declarer: self.declarer?,
            tricks: self.tricks?,
            honours: self.honours,
        })
    }

    pub fn show(&mut self, ui: &mut egui::Ui, ctx: &Ctx) -> Option<GameHand> {
        let lang = ctx.lang;
        let dealer = crate::games::bridge::dealer(ctx.index());
        ui.label(
            msg!(
                "ui.bridge.dealer",
                seat = tr(lang, dealer.name_key()),
                player = &ctx.session.players[dealer.index()]
            )
            .render(lang),
        );
        if choice(
            ui,
            self.passed,
            true,
            tr(lang, "ui.bridge.passed"),
            tr(lang, "ui.bridge.passed"),
        )
        .clicked()
        {
            self.passed = !self.passed;
        }
        if self.passed {
            return self.hand().map(GameHand::Bridge);
        }
        row_title(ui, tr(lang, "ui.bridge.declarer"));
        ui.horizontal_wrapped(|ui| {
            for seat in Seat::ALL {
                let text = format!(
                    "{} — {}",
                    tr(lang, seat.name_key()),
                    ctx.session.players[seat.index()]
                );
                if choice(ui, self.declarer == Some(seat), true, &text, &text).clicked() {
                    self.declarer = Some(seat);
                }
            }
        });
        row_title(ui, tr(lang, "ui.bridge.contract"));
        ui.horizontal_wrapped(|ui| {
            for level in 1..=7u8 {
                let name = msg!("ui.bridge.level", n = level).render(lang);
                if choice(ui, self.level == Some(level), true, level.to_string(), name).clicked() {
                    self.level = Some(level);
                    if self.tricks.is_none() {
                        self.tricks = Some(6 + level);
                    }
                }
            }
        });
        ui.horizontal_wrapped(|ui| {
            for strain in Strain::ALL {
                let text = tr(lang, strain.symbol_key());
                let name = msg!(
                    "ui.bridge.strain",
                    strain = tr(lang, &format!("ui.strain.{}", strain.code()))
                )
                .render(lang);
                if choice(ui, self.strain == Some(strain), true, text, name).clicked() {
                    self.strain = Some(strain);
                    let nt = strain == Strain::NoTrump;
                    if self
                        .honours
                        .is_some_and(|h| (h.kind == HonoursKind::Aces) != nt)
                    {
                        self.honours = None;
                    }
                }
            }
            ui.separator();
            for (d, text, key) in [
                (Doubling::None, "—", "ui.bridge.undoubled"),
                (Doubling::Doubled, "X", "ui.bridge.doubled"),
                (Doubling::Redoubled, "XX", "ui.bridge.redoubled"),
            ] {
                if choice(ui, self.doubling == d, true, text, tr(lang, key)).clicked() {
                    self.doubling = d;
                }
            }
        });
        // The result: a key per number of tricks taken, always there and always in the same
        // place (they wait for the level); each reads as the result it makes (=, +1, −2).
        row_title(ui, tr(lang, "ui.bridge.result"));
        let size = egui::vec2(46.0, ui.spacing().interact_size.y.max(30.0));
        ui.horizontal_wrapped(|ui| {
            for tricks in 0..=13u8 {
                let (text, name) = match self.level {
                    Some(level) => {
                        let diff = tricks as i64 - (6 + level) as i64;
                        match diff {
                            0 => ("=".to_string(), tr(lang, "ui.bridge.made")),
                            d if d > 0 => (
                                format!("+{d}"),
                                msg!("ui.bridge.made_over", n = d).render(lang),
                            ),
                            d => (
                                format!("−{}", -d),
                                msg!("ui.bridge.down", n = -d).render(lang),
                            ),
                        }
                    }
                    None => (
                        tricks.to_string(),
                        msg!("ui.bridge.tricks", n = tricks).render(lang),
                    ),
                };
                let chosen = self.tricks == Some(tricks);
                if key(ui, size, chosen, self.level.is_some(), text, name)
                    .on_hover_text(msg!("ui.bridge.tricks", n = tricks).render(lang))
                    .clicked()
                {
                    self.tricks = Some(tricks);
                }
            }
        });
        // Always one line, so that nothing below moves.
        let taken = match self.tricks {
            Some(t) => msg!("ui.bridge.tricks", n = t).render(lang),
            None => String::new(),
        };
        ui.label(taken);
        row_title(ui, tr(lang, "ui.bridge.honours"));
        ui.horizontal_wrapped(|ui| {
            if choice(
                ui,
                self.honours.is_none(),
                true,
                tr(lang, "ui.bridge.no_honours"),
                tr(lang, "ui.bridge.no_honours"),
            )
            .clicked()
            {
                self.honours = None;
            }
            let kinds: &[HonoursKind] = match self.strain {
                Some(Strain::NoTrump) => &[HonoursKind::Aces],
                Some(_) => &[HonoursKind::Four, HonoursKind::Five],
                None => &[],
            };
            for &kind in kinds {
                for side in 0..2 {
                    let h = Honours { side, kind };
                    let side_name = tr(lang, ["side.NS", "side.EW"][side]);
                    let text = format!("{side_name} {}", tr(lang, kind.name_key()));
                    if choice(ui, self.honours == Some(h), true, &text, &text).clicked() {
                        self.honours = Some(h);
                    }
                }
            }
        });
        self.hand().map(GameHand::Bridge)
    }
}
