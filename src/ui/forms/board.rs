//! A board of an evening's bridge table: the deal's keys as at a rubber (no honours: they do
//! not score in a duplicate), or, at pairs, an artificial score the director gives.

use super::bridge::BridgeForm;
use crate::ui::widgets::{key, key_height, key_width, keypad, row_title};
use marque_core::club::Played;
use marque_core::i18n::{Lang, msg, tr};

/// The three artificial scores: [N-S, E-W] (`club.average`).
const AVERAGES: [[u8; 2]; 3] = [[60, 40], [50, 50], [40, 60]];

#[derive(Debug, Clone, PartialEq, Default)]
pub struct BoardForm {
    deal: BridgeForm,
    average: Option<[u8; 2]>,
}

impl BoardForm {
    /// The form filled from an entry being corrected, or empty.
    pub fn from_played(p: Option<&Played>) -> BoardForm {
        match p {
            Some(Played::Deal(h)) => BoardForm {
                deal: BridgeForm::from_hand(Some(h)),
                average: None,
            },
            Some(Played::Average(a)) => BoardForm {
                deal: BridgeForm::default(),
                average: Some(*a),
            },
            None => BoardForm::default(),
        }
    }

    /// Draws the deal's keys (`players`: N, E, S, W); a key of the deal tapped takes the place
    /// of an artificial score picked before.
    pub fn deal_keys(&mut self, ui: &mut egui::Ui, lang: Lang, players: &[String]) {
        let before = self.deal.clone();
        self.deal.board_keys(ui, lang, players);
        if self.deal != before {
            self.average = None;
        }
    }

    /// As [`BoardForm::deal_keys`], in two parts: up to the contract, then the result.
    pub fn contract_keys(&mut self, ui: &mut egui::Ui, lang: Lang, players: &[String]) {
        let before = self.deal.clone();
        self.deal.board_contract_keys(ui, lang, players);
        if self.deal != before {
            self.average = None;
        }
    }

    /// The result's keys ([`BoardForm::contract_keys`] first).
    pub fn result_keys(&mut self, ui: &mut egui::Ui, lang: Lang) {
        let before = self.deal.clone();
        self.deal.board_result_keys(ui, lang);
        if self.deal != before {
            self.average = None;
        }
    }

    /// The artificial scores' keys (at pairs).
    pub fn average_keys(&mut self, ui: &mut egui::Ui, lang: Lang) {
        row_title(ui, tr(lang, "ui.table.average"));
        let texts: Vec<String> = AVERAGES
            .iter()
            .map(|[ns, ew]| {
                msg!(
                    "ui.table.average_key",
                    ns = i64::from(*ns),
                    ew = i64::from(*ew)
                )
                .render(lang)
            })
            .collect();
        let size = egui::vec2(
            key_width(ui, &texts).min(ui.available_width()),
            key_height(ui),
        );
        keypad(ui, AVERAGES.len(), size, 3, |ui, i| {
            let [ns, ew] = AVERAGES[i];
            let name =
                msg!("club.said.average", ns = i64::from(ns), ew = i64::from(ew)).render(lang);
            let on = self.average == Some(AVERAGES[i]);
            if key(ui, size, on, true, &texts[i], name).clicked() {
                self.average = if on { None } else { Some(AVERAGES[i]) };
                self.deal = BridgeForm::default();
            }
        });
    }

    /// The deal's bid without its result (its contract and declarer keyed, no artificial
    /// score picked), for what is at stake.
    pub fn partial(&self) -> Option<serde_json::Value> {
        self.average
            .is_none()
            .then(|| self.deal.partial())
            .flatten()
    }

    /// What was played, once it is whole: the artificial score picked, else the deal.
    pub fn played(&self) -> Option<Played> {
        match self.average {
            Some(a) => Some(Played::Average(a)),
            None => self.deal.deal().map(Played::Deal),
        }
    }
}
