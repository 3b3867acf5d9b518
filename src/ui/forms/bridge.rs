//! Bridge entry: declarer, contract (level, strain, X/XX), result, honours; or passed out.

use super::kit::{Ctx, Entry, Modes};
use crate::ui::widgets::{key, key_height, key_width, keypad, row_title};
use marque_core::games::GameHand;
use marque_core::games::bridge::{
    Contract, Doubling, Hand, Honours, HonoursKind, Level, Seat, Strain,
};
use marque_core::i18n::msg;
use marque_core::i18n::tr;
use marque_core::i18n::{Lang, Msg};

#[derive(Debug, Clone, PartialEq, Default)]
pub struct BridgeForm {
    passed: bool,
    declarer: Option<Seat>,
    level: Option<Level>,
    strain: Option<Strain>,
    doubling: Doubling,
    tricks: Option<u8>,
    /// The tricks were keyed (or come with the hand edited), not the form's likely default.
    tricks_keyed: bool,
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
                tricks_keyed: true,
                honours,
            },
            _ => BridgeForm::default(),
        }
    }

    pub fn keep_modes(&self, _modes: &mut Modes) {}

    /// The hand, or what is still to be picked, in the table's order.
    fn entry(&self) -> Entry {
        let missing = if self.declarer.is_none() {
            "ui.missing.bridge.declarer"
        } else if self.level.is_none() || self.strain.is_none() {
            "ui.missing.bridge.contract"
        } else {
            "ui.missing.bridge.result"
        };
        self.hand()
            .map(GameHand::Bridge)
            .ok_or_else(|| Msg::new(missing))
    }

    /// The bid without its result, once the contract and its declarer are in and the tricks
    /// are not keyed (the likely "=" the form offers is not a result entered): what the
    /// stakes are shown of.
    pub fn partial(&self) -> Option<serde_json::Value> {
        if self.passed || self.tricks_keyed {
            return None;
        }
        let contract = Contract {
            level: self.level?,
            strain: self.strain?,
            doubling: self.doubling,
        };
        let mut v = Hand::Played {
            contract,
            declarer: self.declarer?,
            tricks: 0,
            honours: self.honours,
        }
        .to_json();
        v.as_object_mut()?.remove("tricks");
        Some(v)
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

    pub fn show(&mut self, ui: &mut egui::Ui, ctx: &Ctx) -> Entry {
        let lang = ctx.lang;
        // The dealer as the game stands before this deal (table events deal nothing).
        let marque_core::games::Live::Bridge(g) = ctx.before else {
            return Err(Msg::new("ui.form.incomplete"));
        };
        let (dealer, wheel) = (g.next_dealer(), g.chicago().then(|| g.wheel()));
        let player = ctx.players.get(dealer.index()).map_or("", String::as_str);
        match wheel {
            // Chicago: the deal's place on the wheel, its dealer and who is vulnerable, large,
            // on one line whose room never changes.
            Some(w) => {
                let vul = marque_core::games::bridge::vul_key(w.vulnerable);
                let text = msg!(
                    "ui.bridge.chicago_deal",
                    deal = w.deal,
                    seat = tr(lang, dealer.name_key()),
                    player = player,
                    vul = tr(lang, vul)
                )
                .render(lang);
                ui.add(egui::Label::new(egui::RichText::new(text).size(22.0).strong()).wrap());
            }
            None => {
                ui.label(
                    msg!(
                        "ui.bridge.dealer",
                        seat = tr(lang, dealer.name_key()),
                        player = player
                    )
                    .render(lang),
                );
            }
        }
        if self.deal_keys(ui, lang, ctx.players) {
            let room = ui.available_width();
            let gap = ui.spacing().item_spacing.x;
            self.honours_keys(
                ui,
                lang,
                egui::vec2(((room - gap) / 2.0).max(110.0).min(room), key_height(ui)),
            );
        }
        self.entry()
    }

    /// A duplicate board at an evening's table: the same keys, with no honours (they do not
    /// score there).
    pub fn board_keys(&mut self, ui: &mut egui::Ui, lang: Lang, players: &[String]) {
        self.honours = None;
        self.deal_keys(ui, lang, players);
    }

    /// A board's keys up to its contract ("passed out", the declarer, the contract): the
    /// result's keys drawn elsewhere ([`BridgeForm::board_result_keys`]).
    pub fn board_contract_keys(&mut self, ui: &mut egui::Ui, lang: Lang, players: &[String]) {
        self.honours = None;
        self.contract_part(ui, lang, players);
    }

    /// A board's result keys, in their place whether the board was played or not (greyed when
    /// it was passed out: what lies under them never moves). In a narrow column, keys narrowed
    /// (to 34 points at the least) to hold seven a row: two rows, not three.
    pub fn board_result_keys(&mut self, ui: &mut egui::Ui, lang: Lang) {
        let gap = ui.spacing().item_spacing.x;
        let width = ((crate::ui::widgets::row_room(ui) - 6.0 * gap) / 7.0).clamp(34.0, 46.0);
        let size = egui::vec2(width.floor(), key_height(ui));
        ui.add_enabled_ui(!self.passed, |ui| self.result_keys(ui, lang, size));
    }

    /// The deal once it is whole.
    pub fn deal(&self) -> Option<Hand> {
        self.hand()
    }

    /// "Passed out", then the declarer, the contract and the result (none after a pass):
    /// whether the deal was played.
    fn deal_keys(&mut self, ui: &mut egui::Ui, lang: Lang, players: &[String]) -> bool {
        match self.contract_part(ui, lang, players) {
            Some(height) => {
                self.result_keys(ui, lang, egui::vec2(46.0, height));
                true
            }
            None => false,
        }
    }

    /// "Passed out", then (the deal played) the declarer and the contract: the keys' height,
    /// none after a pass.
    fn contract_part(&mut self, ui: &mut egui::Ui, lang: Lang, players: &[String]) -> Option<f32> {
        let passed = tr(lang, "ui.bridge.passed");
        let size = egui::vec2(
            key_width(ui, std::slice::from_ref(&passed)).min(ui.available_width()),
            key_height(ui),
        );
        if key(ui, size, self.passed, true, passed.clone(), passed).clicked() {
            self.passed = !self.passed;
        }
        if self.passed {
            return None;
        }
        // Every row a keypad of keys of one size in fixed places: nothing lies beyond the
        // edge, and nothing moves when a key is tapped.
        let height = key_height(ui);
        let gap = ui.spacing().item_spacing.x;
        let room = ui.available_width();
        self.declarer_keys(ui, lang, players, height, gap, room);
        self.contract_keys(ui, lang, height);
        Some(height)
    }

    /// The declarer: four to a row if the names fit, else two, each whole.
    fn declarer_keys(
        &mut self,
        ui: &mut egui::Ui,
        lang: Lang,
        players: &[String],
        height: f32,
        gap: f32,
        room: f32,
    ) {
        row_title(ui, tr(lang, "ui.bridge.declarer"));
        let seat_text = |seat: Seat| match players.get(seat.index()).filter(|p| !p.is_empty()) {
            Some(p) => format!("{} — {p}", tr(lang, seat.name_key())),
            None => tr(lang, seat.name_key()),
        };
        let texts: Vec<String> = Seat::ALL.into_iter().map(seat_text).collect();
        let needed = key_width(ui, &texts).min(room);
        let seat_key = egui::vec2(((room - 3.0 * gap) / 4.0).max(needed).min(room), height);
        keypad(ui, 4, seat_key, 4, |ui, i| {
            let seat = Seat::ALL[i];
            let text = seat_text(seat);
            let on = self.declarer == Some(seat);
            if key(ui, seat_key, on, true, &text, &text).clicked() {
                self.declarer = Some(seat);
            }
        });
    }

    /// The contract: its level, then its strain and whether it was doubled.
    fn contract_keys(&mut self, ui: &mut egui::Ui, lang: Lang, height: f32) {
        row_title(ui, tr(lang, "ui.bridge.contract"));
        let small = egui::vec2(44.0, height);
        keypad(ui, 7, small, 7, |ui, i| {
            let level = Level::ALL[i];
            let name = msg!("ui.bridge.level", n = level.get()).render(lang);
            let on = self.level == Some(level);
            if key(ui, small, on, true, level.to_string(), name).clicked() {
                self.level = Some(level);
                if self.tricks.is_none() {
                    self.tricks = Some(6 + level.get());
                }
            }
        });
        let doublings = [
            (Doubling::None, "—", "ui.bridge.undoubled"),
            (Doubling::Doubled, "X", "ui.bridge.doubled"),
            (Doubling::Redoubled, "XX", "ui.bridge.redoubled"),
        ];
        keypad(
            ui,
            Strain::ALL.len() + doublings.len(),
            small,
            8,
            |ui, i| {
                if let Some(&strain) = Strain::ALL.get(i) {
                    let text = tr(lang, strain.symbol_key());
                    let name = msg!(
                        "ui.bridge.strain",
                        strain = tr(lang, &format!("ui.strain.{}", strain.code()))
                    )
                    .render(lang);
                    if key(ui, small, self.strain == Some(strain), true, text, name).clicked() {
                        self.strain = Some(strain);
                        let nt = strain == Strain::NoTrump;
                        if self
                            .honours
                            .is_some_and(|h| (h.kind == HonoursKind::Aces) != nt)
                        {
                            self.honours = None;
                        }
                    }
                } else {
                    let (d, text, name) = doublings[i - Strain::ALL.len()];
                    if key(ui, small, self.doubling == d, true, text, tr(lang, name)).clicked() {
                        self.doubling = d;
                    }
                }
            },
        );
    }

    /// The result: a key per number of tricks taken, always there and always in the same
    /// place (they wait for the level); each reads as the result it makes (=, +1, −2).
    fn result_keys(&mut self, ui: &mut egui::Ui, lang: Lang, size: egui::Vec2) {
        row_title(ui, tr(lang, "ui.bridge.result"));
        keypad(ui, 14, size, 14, |ui, i| {
            let tricks = i as u8;
            let (text, name) = match self.level {
                Some(level) => {
                    let diff = i64::from(tricks) - i64::from(6 + level.get());
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
                self.tricks_keyed = true;
            }
        });
        // Always one line, so that nothing below moves.
        let taken = match self.tricks {
            Some(t) => msg!("ui.bridge.tricks", n = t).render(lang),
            None => String::new(),
        };
        ui.label(taken);
    }

    /// Honours: none, then each side's; five places whatever the trump.
    fn honours_keys(&mut self, ui: &mut egui::Ui, lang: Lang, wide: egui::Vec2) {
        row_title(ui, tr(lang, "ui.bridge.honours"));
        let kinds: &[HonoursKind] = match self.strain {
            Some(Strain::NoTrump) => &[HonoursKind::Aces],
            Some(_) => &[HonoursKind::Four, HonoursKind::Five],
            None => &[],
        };
        // Five places whatever the trump: none, then each side's honours; a place with no
        // honours to claim stays empty.
        keypad(ui, 5, wide, 2, |ui, i| {
            if i == 0 {
                let none = tr(lang, "ui.bridge.no_honours");
                if key(ui, wide, self.honours.is_none(), true, none.clone(), none).clicked() {
                    self.honours = None;
                }
                return;
            }
            let Some(&kind) = kinds.get((i - 1) / 2) else {
                ui.allocate_space(wide);
                return;
            };
            let side = (i - 1) % 2;
            let h = Honours { side, kind };
            let side_name = tr(lang, ["side.NS", "side.EW"][side]);
            // Short on the key (the whole words were cut at 1024×600), whole for screen
            // readers and on hover.
            let name = format!("{side_name} {}", tr(lang, kind.name_key()));
            let short = kind
                .name_key()
                .replace("bridge.honours.", "ui.bridge.honours_short.");
            let text = format!("{side_name} {}", tr(lang, &short));
            let tapped =
                key(ui, wide, self.honours == Some(h), true, &text, &name).on_hover_text(&name);
            if tapped.clicked() {
                self.honours = Some(h);
            }
        });
    }
}
