//! The table's events (`table.*`): a substitute, agreed points, a late arrival, a departure.
//! Each is a small form like a hand's: names typed before offered as keys, one-tap reasons,
//! every key in a place of its own, the confirm key off until the event is whole. The event
//! is checked as a file's would be (core `table::Event::decode`); who sits where, by the
//! preview.

use egui::{RichText, Ui};

use super::kit::{Ctx, Entry};
use crate::ui::widgets::{fit_width, key, key_height, key_width, per_row, row_room, row_title};
use marque_core::games::GameHand;
use marque_core::games::table::{Event, EventKind};
use marque_core::i18n::msg;
use marque_core::i18n::{Msg, tr};

/// The reasons a table gives most, one tap each (keys of the locale files).
const REASONS: [&str; 3] = [
    "ui.event.reason.revoke",
    "ui.event.reason.misdeal",
    "ui.event.reason.mistake",
];

/// How many names typed before are offered under a name field.
const KNOWN_SHOWN: usize = 6;

#[derive(Debug, Clone)]
pub struct EventForm {
    kind: EventKind,
    /// The seat (replace, leave) or side (adjust) picked.
    seat: Option<usize>,
    name: String,
    points: String,
    reason: String,
    /// Names typed before in this data folder (offered as keys).
    known: Vec<String>,
}

impl EventForm {
    /// A form for an event of `kind`, filled from `existing` (an edit).
    pub fn new(kind: EventKind, existing: Option<&Event>, known: &[String]) -> EventForm {
        let mut f = EventForm {
            kind,
            seat: None,
            name: String::new(),
            points: String::new(),
            reason: String::new(),
            known: known.to_vec(),
        };
        match existing {
            Some(Event::Replace { seat, player }) => {
                f.seat = Some(*seat);
                f.name = player.clone();
            }
            Some(Event::Adjust {
                side,
                points,
                reason,
            }) => {
                f.seat = Some(*side);
                f.points = points.to_string();
                f.reason = reason.clone();
            }
            Some(Event::Join { player, score }) => {
                f.name = player.clone();
                f.points = score.to_string();
            }
            Some(Event::Leave { seat }) => f.seat = Some(*seat),
            None => {}
        }
        f
    }

    /// Nothing of the table's way of entering hands: an event has no mode.
    pub fn keep_modes(&self, _modes: &mut super::kit::Modes) {}

    pub fn show(&mut self, ui: &mut Ui, ctx: &Ctx) -> Entry {
        let lang = ctx.lang;
        let game = ctx.session.game;
        // What the event does, by its rule, above its fields.
        // In this game's words only (the rules reference says it for every game).
        let help = format!("event.help.{}.{}", game.id(), self.kind.id());
        ui.add(egui::Label::new(RichText::new(tr(lang, &help)).weak()).wrap());
        let event = match self.kind {
            EventKind::Replace => {
                row_title(ui, tr(lang, "ui.event.seat"));
                pick(
                    ui,
                    &mut self.seat,
                    &ctx.seats_named(),
                    (lang, "ui.event.key.replace"),
                );
                self.name_field(ui, ctx, "ui.event.substitute");
                self.seat
                    .ok_or_else(|| Msg::new("ui.event.missing.seat"))
                    .and_then(|seat| {
                        Ok(Event::Replace {
                            seat,
                            player: self.name_given(ctx)?,
                        })
                    })
            }
            EventKind::Leave => {
                row_title(ui, tr(lang, "ui.event.seat_leaving"));
                pick(
                    ui,
                    &mut self.seat,
                    &ctx.seats_named(),
                    (lang, "ui.event.key.leave"),
                );
                self.seat
                    .map(|seat| Event::Leave { seat })
                    .ok_or_else(|| Msg::new("ui.event.missing.seat"))
            }
            EventKind::Adjust => {
                row_title(ui, tr(lang, "ui.event.side"));
                pick(
                    ui,
                    &mut self.seat,
                    &ctx.sides_named(),
                    (lang, "ui.event.key.adjust"),
                );
                self.points_field(ui, lang, "ui.event.points");
                self.reason_field(ui, lang);
                self.seat
                    .ok_or_else(|| Msg::new("ui.event.missing.side"))
                    .and_then(|side| {
                        let points = points_of(&self.points)?
                            .ok_or_else(|| Msg::new("ui.event.missing.points"))?;
                        let reason = self.reason.trim();
                        if reason.is_empty() {
                            return Err(Msg::new("ui.event.missing.reason"));
                        }
                        Ok(Event::Adjust {
                            side,
                            points,
                            reason: reason.to_string(),
                        })
                    })
            }
            EventKind::Join => {
                self.name_field(ui, ctx, "ui.event.arriving");
                self.points_field(ui, lang, "ui.event.score");
                self.name_given(ctx).and_then(|player| {
                    Ok(Event::Join {
                        player,
                        score: points_of(&self.points)?.unwrap_or(0),
                    })
                })
            }
        }?;
        // Checked as a file's event is: the steps, a reason, a name.
        Event::decode(&event.to_json(), game)
            .map_err(|ms| {
                ms.into_iter()
                    .next()
                    .unwrap_or_else(|| Msg::new("ui.form.incomplete"))
            })
            .map(|e| GameHand::Event(game, e))
    }

    /// The name typed; refused if it is one of the players seated, however typed (capitals,
    /// spaces, accents) or merged by hand: the statistics would count them as one person.
    fn name_given(&self, ctx: &Ctx) -> Result<String, Msg> {
        let name = self.name.trim();
        if name.is_empty() {
            return Err(Msg::new("ui.event.missing.name"));
        }
        match marque_core::stats::seated_as(name, ctx.players, ctx.people) {
            Some(i) => Err(msg!(
                "ui.event.same_person",
                name = name,
                seated = ctx.players[i].as_str()
            )),
            None => Ok(name.to_string()),
        }
    }

    /// A name, and under it, on one row whose height never changes, the names typed before
    /// that begin with what is typed (those seated left out): a tap fills the field.
    fn name_field(&mut self, ui: &mut Ui, ctx: &Ctx, title: &str) {
        let lang = ctx.lang;
        let l = ui.label(RichText::new(tr(lang, title)).strong());
        ui.add(egui::TextEdit::singleline(&mut self.name).desired_width(240.0))
            .labelled_by(l.id);
        let typed = marque_core::stats::person_key(&self.name);
        let seated: Vec<String> = ctx
            .players
            .iter()
            .map(|n| marque_core::stats::person_key(n))
            .collect();
        let offered: Vec<&String> = self
            .known
            .iter()
            .filter(|n| {
                let k = marque_core::stats::person_key(n);
                k.starts_with(&typed) && k != typed && !seated.contains(&k)
            })
            .take(KNOWN_SHOWN)
            .collect();
        let height = key_height(ui);
        let mut picked = None;
        crate::ui::widgets::fixed_row(ui, height, |ui| {
            let room = ui.available_width();
            let mut used = 0.0;
            for name in offered {
                let text = format!("+ {name}");
                let width = crate::ui::widgets::text_width(ui, &text)
                    + 2.0 * ui.spacing().button_padding.x
                    + ui.spacing().item_spacing.x;
                used += width;
                if used > room {
                    break;
                }
                if ui.button(text).clicked() {
                    picked = Some(name.clone());
                }
            }
        });
        if let Some(name) = picked {
            self.name = name;
        }
    }

    /// Points as typed (a whole number, minus allowed), with a key that turns their sign.
    fn points_field(&mut self, ui: &mut Ui, lang: marque_core::i18n::Lang, title: &str) {
        let l = ui.label(RichText::new(tr(lang, title)).strong());
        ui.horizontal(|ui| {
            let size = egui::vec2(56.0, key_height(ui));
            if key(ui, size, false, true, "±", tr(lang, "ui.event.sign")).clicked() {
                self.points = match self.points.trim().strip_prefix(['-', '−']) {
                    Some(rest) => rest.to_string(),
                    None => format!("-{}", self.points.trim()),
                };
            }
            ui.add(
                egui::TextEdit::singleline(&mut self.points)
                    .desired_width(120.0)
                    .hint_text("0"),
            )
            .labelled_by(l.id);
        });
    }

    /// The reason, typed or one of the common ones in one tap.
    fn reason_field(&mut self, ui: &mut Ui, lang: marque_core::i18n::Lang) {
        let l = ui.label(RichText::new(tr(lang, "ui.event.reason")).strong());
        ui.add(egui::TextEdit::singleline(&mut self.reason).desired_width(240.0))
            .labelled_by(l.id);
        let texts: Vec<String> = REASONS.iter().map(|k| tr(lang, k)).collect();
        let gap = ui.spacing().item_spacing.x;
        // As wide as the longest reason needs (never cut: "erreur de m…"), within the row.
        let width = fit_width(ui, texts.len(), gap, (90.0, 170.0))
            .max(key_width(ui, &texts))
            .min(row_room(ui));
        let per = per_row(ui, width, texts.len());
        for row in texts.chunks(per) {
            ui.horizontal(|ui| {
                for text in row {
                    let on = self.reason.trim() == text;
                    let size = egui::vec2(width, key_height(ui));
                    let spoken = msg!("ui.event.key.reason", reason = text.as_str()).render(lang);
                    if key(ui, size, on, true, text.as_str(), spoken).clicked() {
                        self.reason = text.clone();
                    }
                }
            });
        }
    }
}

/// One key per choice (`(index, name)`), in rows of keys of one size: the picked one lit. Each
/// is named for screen readers by the message `named` ("Place de Lise").
fn pick(
    ui: &mut Ui,
    picked: &mut Option<usize>,
    choices: &[(usize, String)],
    (lang, named): (marque_core::i18n::Lang, &'static str),
) {
    if choices.is_empty() {
        return;
    }
    let gap = ui.spacing().item_spacing.x;
    // As wide as the longest seat's name needs (never cut: "Nord — …"), within the row.
    let names: Vec<String> = choices.iter().map(|(_, n)| n.clone()).collect();
    let width = fit_width(ui, choices.len().min(4), gap, (90.0, 180.0))
        .max(key_width(ui, &names))
        .min(row_room(ui));
    let per = per_row(ui, width, choices.len());
    for row in choices.chunks(per) {
        ui.horizontal(|ui| {
            for (i, name) in row {
                let size = egui::vec2(width, key_height(ui));
                let spoken = msg!(named, name = name.as_str()).render(lang);
                if key(ui, size, *picked == Some(*i), true, name.as_str(), spoken).clicked() {
                    *picked = Some(*i);
                }
            }
        });
    }
}

/// Points as typed: nothing yet, a whole number, or what is wrong.
fn points_of(text: &str) -> Result<Option<i64>, Msg> {
    let t = text
        .trim()
        .replace(['−', '–'], "-")
        .replace([' ', '\u{a0}', '\u{202f}'], "");
    if t.is_empty() || t == "-" {
        return Ok(None);
    }
    t.parse::<i64>()
        .map(Some)
        .map_err(|_| msg!("ui.event.bad_points", text = text.trim()))
}

impl Ctx<'_> {
    /// The seats still playing, each by who holds it (bridge: with the seat's name).
    fn seats_named(&self) -> Vec<(usize, String)> {
        let game = self.session.game;
        self.seats
            .iter()
            .zip(self.players)
            .map(|(&s, name)| match game.seat_key(s) {
                Some(k) => (s, format!("{} — {name}", tr(self.lang, k))),
                None => (s, name.clone()),
            })
            .collect()
    }

    /// The sides agreed points may go to: bridge's partnerships, else the seats playing.
    fn sides_named(&self) -> Vec<(usize, String)> {
        let game = self.session.game;
        let sides = game.sides(self.players);
        if sides.len() == self.players.len() {
            return self.seats_named();
        }
        game.side_names(&sides, self.lang)
            .into_iter()
            .enumerate()
            .collect()
    }
}
