//! Démocratie entry: per player and suit, the points captured (typed) or the cards (picked);
//! suits over 25 points or cards taken twice are refused; tribus show live. A trick helper
//! settles a disputed trick.

use super::kit::{Ctx, Entry, Modes};
use crate::ui::widgets::{fit_width, key, key_height, key_in, keypad, per_row, row_title};
use marque_core::games::GameHand;
use marque_core::games::democratie::Options as DemoOptions;
use marque_core::games::democratie::{
    Capture, Card, Hand, Rank, SUIT_POINTS, Suit, deal_sizes, trick,
};
use marque_core::i18n::Msg;
use marque_core::i18n::msg;
use marque_core::i18n::tr;
use marque_core::session::Options;

/// The gap between two card keys of the suit grid: narrow, so that twelve fit beside a name.
const KEY_GAP: f32 = 2.0;

#[derive(Debug, Clone, PartialEq)]
pub struct DemocratieForm {
    captured: Vec<[Capture; 4]>,
    /// The table enters the cards captured rather than their points.
    by_cards: bool,
    /// By cards, the suit whose grid is shown (every player's cards of one suit at once).
    suit: Suit,
    helper: TrickHelper,
}

#[derive(Debug, Clone, PartialEq, Default)]
struct TrickHelper {
    open: bool,
    vote: Option<Card>,
    played: Vec<Option<Card>>,
}

impl DemocratieForm {
    pub fn keep_modes(&self, modes: &mut Modes) {
        modes.democratie_cards = self.by_cards;
    }

    pub fn from_hand(v: Option<&Hand>, players: usize, modes: Modes) -> DemocratieForm {
        let (captured, by_cards) = match v {
            Some(h) => {
                let cards = h
                    .captured
                    .iter()
                    .flatten()
                    .any(|c| matches!(c, Capture::Cards(_)));
                (h.captured.clone(), cards)
            }
            None => {
                let empty = || {
                    if modes.democratie_cards {
                        Capture::Cards(Vec::new())
                    } else {
                        Capture::Points(0)
                    }
                };
                (
                    vec![std::array::from_fn(|_| empty()); players],
                    modes.democratie_cards,
                )
            }
        };
        DemocratieForm {
            captured,
            by_cards,
            suit: Suit::ALL[0],
            helper: TrickHelper {
                played: vec![None; players],
                ..Default::default()
            },
        }
    }

    pub fn show(&mut self, ui: &mut egui::Ui, ctx: &Ctx) -> Entry {
        let lang = ctx.lang;
        let players = ctx.players;
        let Options::Democratie(options) = ctx.session.options.typed() else {
            return Err(Msg::new("ui.form.incomplete"));
        };
        let n = players.len();
        let sizes: Vec<String> = deal_sizes(n, options.days)
            .iter()
            .map(|s| s.to_string())
            .collect();
        ui.add(
            egui::Label::new(
                msg!(
                    "ui.demo.deal",
                    sizes = sizes.join(" + "),
                    jokers = marque_core::games::democratie::jokers(n)
                )
                .render(lang),
            )
            .wrap(),
        );
        let height = key_height(ui);
        // The table's way of entering, for the whole session: points per suit, or the cards.
        let mode = tr(lang, "ui.demo.by_cards_all");
        let size = egui::vec2(260.0_f32.min(ui.available_width()), height);
        if key(ui, size, self.by_cards, true, mode.clone(), mode)
            .on_hover_text(tr(lang, "ui.demo.by_cards_hint"))
            .clicked()
        {
            self.by_cards = !self.by_cards;
            for cap in self.captured.iter_mut().flatten() {
                let points = cap.points();
                match cap {
                    Capture::Cards(_) if !self.by_cards => *cap = Capture::Points(points),
                    Capture::Points(0) if self.by_cards => *cap = Capture::Cards(Vec::new()),
                    _ => {}
                }
            }
        }
        if self.by_cards {
            self.suit_grid(ui, ctx, options);
        } else {
            self.player_rows(ui, ctx, options);
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
        if self.captured.iter().flatten().all(|c| c.points() == 0) {
            return Err(Msg::new("ui.missing.demo.empty"));
        }
        Ok(GameHand::Democratie(Hand {
            captured: self.captured.clone(),
        }))
    }

    /// By points: each player in turn, a row a suit (its points, or its cards where the row
    /// was switched to cards).
    fn player_rows(&mut self, ui: &mut egui::Ui, ctx: &Ctx, options: &DemoOptions) {
        let lang = ctx.lang;
        let players = ctx.players;
        let height = key_height(ui);
        // "All 25 to this player" in a suit: applied once the grid is drawn.
        let mut all_to: Option<(usize, usize)> = None;
        let label_width = 92.0_f32.min(ui.available_width() * 0.25);
        let card_key = egui::vec2(40.0, height);
        for (p, name) in players.iter().enumerate() {
            ui.separator();
            let tribus = options.tribus(&self.captured[p]);
            ui.label(
                egui::RichText::new(
                    msg!("ui.demo.player", player = name.as_str(), tribus = tribus).render(lang),
                )
                .strong(),
            );
            for s in Suit::ALL {
                let suit = tr(lang, s.name_key());
                let cap = &mut self.captured[p][s as usize];
                ui.horizontal_top(|ui| {
                    // The suit (with its points when given by cards), and the key that switches
                    // this suit between points and cards.
                    // By cards, the suit's points beside its symbol (the suit's name is in the
                    // keys' names); by points, the suit's name.
                    let title = match cap {
                        Capture::Cards(_) => msg!("ui.demo.points", n = cap.points()).render(lang),
                        Capture::Points(_) => suit.clone(),
                    };
                    ui.add_sized(
                        [label_width, height],
                        egui::Label::new(crate::ui::widgets::suit_text(s.symbol(), &title))
                            .truncate(),
                    );
                    let by_cards = matches!(cap, Capture::Cards(_));
                    let mode = msg!(
                        "ui.demo.by_cards",
                        player = name.as_str(),
                        suit = suit.as_str()
                    )
                    .render(lang);
                    let toggle = egui::vec2(64.0, height);
                    if key(ui, toggle, by_cards, true, tr(lang, "ui.demo.cards"), mode)
                        .on_hover_text(tr(lang, "ui.demo.by_cards_hint"))
                        .clicked()
                    {
                        *cap = if by_cards {
                            Capture::Points(cap.points())
                        } else {
                            Capture::Cards(Vec::new())
                        };
                    }
                    // Points or cards; when the table enters cards, every suit keeps the rank
                    // keys' rows, so that nothing below moves when one switches.
                    ui.vertical(|ui| {
                        let rows = Rank::ALL.len().div_ceil(per_row(ui, card_key.x, 12));
                        let top = ui.cursor().min.y;
                        if matches!(cap, Capture::Cards(_)) {
                            cards_keys(ui, lang, cap, card_key, name, &suit);
                        } else if stepper(ui, lang, cap, height, name, &suit) {
                            all_to = Some((p, s as usize));
                        }
                        if self.by_cards {
                            let full = rows as f32 * (height + ui.spacing().item_spacing.y);
                            let used = ui.cursor().min.y - top;
                            ui.add_space((full - used).max(0.0));
                        }
                    });
                });
            }
        }
        // The whole suit to one player: 25 points there, none to the others.
        // Each player's row keeps its way of entry (no row changes height under the finger):
        // a row of cards is emptied, one of points set to 0.
        if let Some((to, suit)) = all_to {
            for (p, c) in self.captured.iter_mut().enumerate() {
                c[suit] = match (&c[suit], p == to) {
                    (_, true) => Capture::Points(SUIT_POINTS),
                    (Capture::Cards(_), false) => Capture::Cards(Vec::new()),
                    (Capture::Points(_), false) => Capture::Points(0),
                };
            }
        }
    }

    /// By cards: a tab a suit, and the suit's grid, a row a player (name pinned at the row's
    /// start, then a key a rank): every player's cards of the suit in view at once. A card
    /// tapped in one row leaves any other row it was in.
    fn suit_grid(&mut self, ui: &mut egui::Ui, ctx: &Ctx, options: &DemoOptions) {
        let lang = ctx.lang;
        let players = ctx.players;
        let height = key_height(ui);
        let gap = ui.spacing().item_spacing.x;
        let tab = egui::vec2(
            ((ui.available_width() - 3.0 * gap) / 4.0).min(110.0),
            height,
        );
        ui.horizontal(|ui| {
            for s in Suit::ALL {
                let total: i64 = self.captured.iter().map(|c| c[s as usize].points()).sum();
                let suit = tr(lang, s.name_key());
                let name = msg!("ui.demo.suit_tab", suit = suit.as_str()).render(lang);
                let text = format!("{} {total}", s.symbol());
                if key(ui, tab, self.suit == s, true, text, name).clicked() {
                    self.suit = s;
                }
            }
        });
        let s = self.suit;
        let suit = tr(lang, s.name_key());
        let name_width = 76.0_f32.min(ui.available_width() * 0.22);
        let mut moved: Option<(usize, Rank)> = None;
        for (p, name) in players.iter().enumerate() {
            let tribus = options.tribus(&self.captured[p]);
            let whole =
                msg!("ui.demo.player", player = name.as_str(), tribus = tribus).render(lang);
            let cap = &mut self.captured[p][s as usize];
            ui.horizontal_top(|ui| {
                ui.add_sized(
                    [name_width, height],
                    egui::Label::new(egui::RichText::new(name).strong()).truncate(),
                )
                .on_hover_text(whole);
                ui.vertical(|ui| match cap {
                    Capture::Cards(cards) => {
                        ui.spacing_mut().item_spacing.x = KEY_GAP;
                        ui.spacing_mut().button_padding.x = 2.0;
                        // Twelve keys to a row where the width allows, none narrower than 22.
                        let width = fit_width(ui, 12, KEY_GAP, (22.0, 40.0));
                        let text = if width < 26.0 {
                            13.0
                        } else if width < 30.0 {
                            14.0
                        } else {
                            17.0
                        };
                        let size = (egui::vec2(width, height), text);
                        keypad(ui, Rank::ALL.len(), size.0, 12, |ui, i| {
                            let r = Rank::ALL[i];
                            let has = cards.contains(&r);
                            let card = msg!(
                                "ui.demo.card",
                                player = name.as_str(),
                                rank = tr(lang, r.name_key()),
                                suit = suit.as_str()
                            );
                            let text = tr(lang, r.name_key());
                            if key_in(ui, size, has, true, text, card.render(lang)).clicked() {
                                if has {
                                    cards.retain(|c| *c != r);
                                } else {
                                    cards.push(r);
                                    moved = Some((p, r));
                                }
                            }
                        });
                    }
                    Capture::Points(_) => {
                        stepper(ui, lang, cap, height, name, &suit);
                    }
                });
            });
        }
        // A card is in one hand only: tapped for one player, it leaves the others.
        if let Some((to, r)) = moved {
            for (p, c) in self.captured.iter_mut().enumerate() {
                if let (Capture::Cards(cards), false) = (&mut c[s as usize], p == to) {
                    cards.retain(|c| *c != r);
                }
            }
        }
        let tribus: Vec<String> = players
            .iter()
            .zip(&self.captured)
            .map(|(name, c)| format!("{name} {}", options.tribus(c)))
            .collect();
        let line = msg!("ui.demo.tribus_all", list = tribus.join(" · ")).render(lang);
        ui.add(egui::Label::new(line).wrap());
    }

    fn helper_ui(&mut self, ui: &mut egui::Ui, ctx: &Ctx) {
        let lang = ctx.lang;
        let players = ctx.players;
        let Options::Democratie(options) = ctx.session.options.typed() else {
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

/// Picks one card (suit and rank) or the joker: the suits and the joker on one row, the ranks
/// always below them (off until a suit is picked), so that no key moves.
fn card_picker(
    ui: &mut egui::Ui,
    lang: marque_core::i18n::Lang,
    card: &mut Option<Card>,
    who: &str,
) {
    let height = key_height(ui);
    let size = egui::vec2(40.0, height);
    let suit = match card {
        Some(Card::Card(_, s)) => Some(*s),
        _ => None,
    };
    ui.horizontal(|ui| {
        for s in Suit::ALL {
            let name = msg!(
                "ui.demo.pick_suit",
                who = who,
                suit = tr(lang, s.name_key())
            )
            .render(lang);
            if key(ui, size, suit == Some(s), true, s.symbol(), name).clicked() {
                let rank = match card {
                    Some(Card::Card(r, _)) => *r,
                    _ => Rank::R5,
                };
                *card = Some(Card::Card(rank, s));
            }
        }
        let name = msg!("ui.demo.pick_joker", who = who).render(lang);
        let joker = tr(lang, "ui.demo.joker");
        let wide = egui::vec2(90.0, height);
        if key(ui, wide, *card == Some(Card::Joker), true, joker, name).clicked() {
            *card = Some(Card::Joker);
        }
    });
    keypad(ui, Rank::ALL.len(), size, 12, |ui, i| {
        let r = Rank::ALL[i];
        let name = msg!(
            "ui.demo.pick_rank",
            who = who,
            rank = tr(lang, r.name_key())
        )
        .render(lang);
        let picked = suit.is_some_and(|s| *card == Some(Card::Card(r, s)));
        if key(
            ui,
            size,
            picked,
            suit.is_some(),
            tr(lang, r.name_key()),
            name,
        )
        .clicked()
            && let Some(s) = suit
        {
            *card = Some(Card::Card(r, s));
        }
    });
}

/// A suit's points: − and + of fixed size around the number, and the whole suit ("25"; true
/// when tapped).
fn stepper(
    ui: &mut egui::Ui,
    lang: marque_core::i18n::Lang,
    cap: &mut Capture,
    height: f32,
    name: &str,
    suit: &str,
) -> bool {
    let mut all = false;
    let mut pts = cap.points();
    ui.horizontal(|ui| {
        let size = egui::vec2(34.0, height);
        let step = |k: &'static str| msg!(k, player = name, suit = suit).render(lang);
        if key(ui, size, false, pts > 0, "−", step("ui.demo.less")).clicked() {
            pts -= 1;
        }
        let access = format!("{name} {suit}");
        ui.add_sized(
            [44.0, size.y],
            egui::DragValue::new(&mut pts).range(0..=SUIT_POINTS),
        )
        .widget_info(|| egui::WidgetInfo::labeled(egui::Role::SpinButton, true, &access));
        let more = pts < SUIT_POINTS;
        if key(ui, size, false, more, "+", step("ui.demo.more")).clicked() {
            pts += 1;
        }
        let whole = egui::vec2(48.0, size.y);
        if key(
            ui,
            whole,
            pts == SUIT_POINTS,
            true,
            "25",
            step("ui.demo.all"),
        )
        .clicked()
        {
            all = true;
        }
    });
    if pts != cap.points() {
        *cap = Capture::Points(pts);
    }
    all
}

/// A suit's cards captured: a key per rank, in fixed rows, and their points.
fn cards_keys(
    ui: &mut egui::Ui,
    lang: marque_core::i18n::Lang,
    cap: &mut Capture,
    size: egui::Vec2,
    name: &str,
    suit: &str,
) {
    let mut cards = match cap {
        Capture::Cards(c) => c.clone(),
        Capture::Points(_) => Vec::new(),
    };
    keypad(ui, Rank::ALL.len(), size, 12, |ui, i| {
        let r = Rank::ALL[i];
        let has = cards.contains(&r);
        let card = msg!(
            "ui.demo.card",
            player = name,
            rank = tr(lang, r.name_key()),
            suit = suit
        );
        if key(
            ui,
            size,
            has,
            true,
            tr(lang, r.name_key()),
            card.render(lang),
        )
        .clicked()
        {
            if has {
                cards.retain(|c| *c != r);
            } else {
                cards.push(r);
            }
        }
    });
    let new = Capture::Cards(cards);
    if *cap != new {
        *cap = new;
    }
}
