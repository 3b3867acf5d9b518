//! New session: the game, the players in seating order, the options with their defaults.

use egui::RichText;
use serde_json::{Map, Value, json};

use super::command::{Command, Entry};
use super::prefs::Prefs;
use marque_core::games::{GameKind, OptDesc, OptKind};
use marque_core::i18n::msg;
use marque_core::i18n::{Arg, Lang, Msg, tr};
use marque_core::session::Session;

/// The options of a game, in the order shown; the first value is the default.
pub fn options_of(game: GameKind) -> &'static [OptDesc] {
    game.options()
}

#[derive(Debug, Clone, PartialEq)]
pub struct NewSession {
    pub game: GameKind,
    pub players: Vec<String>,
    pub options: Map<String, Value>,
    /// What is wrong with the session asked for, in words made when shown.
    pub error: Option<Msg>,
    known: Vec<String>,
    /// Ask the other side's word on each hand (off by default).
    pub word: bool,
}

impl NewSession {
    pub fn new(prefs: &Prefs) -> NewSession {
        let mut n = NewSession {
            game: GameKind::ALL[0],
            players: Vec::new(),
            options: Map::new(),
            error: None,
            known: prefs.people.names.clone(),
            word: false,
        };
        n.set_game(GameKind::ALL[0]);
        n
    }

    pub fn set_game(&mut self, game: GameKind) {
        self.game = game;
        let (lo, hi) = game.players();
        let want = self.players.len().clamp(lo, hi).max(game.usual_players());
        self.players.resize(want.min(hi), String::new());
        self.options = options_of(game)
            .iter()
            .map(|o| (o.key.to_string(), o.default_value()))
            .collect();
        self.error = None;
    }

    /// The session to create, or what is wrong.
    fn build(&self, people: &marque_core::stats::People) -> Result<Session, Msg> {
        let players: Vec<String> = self.players.iter().map(|p| p.trim().to_string()).collect();
        // A name that shows nothing (a zero-width space alone) names nobody.
        if let Some(i) = players
            .iter()
            .position(|p| !p.is_empty() && marque_core::i18n::shows_nothing(p))
        {
            return Err(msg!("file.player_empty", n = i + 1));
        }
        match Session::new(
            self.game,
            players,
            self.options.clone(),
            crate::local::now(),
        ) {
            // Distinct as typed, but one person for the statistics (capitals, spaces, accents).
            Ok(s) if let Some((i, j)) = marque_core::stats::same_person(&s.players, people) => {
                Err(msg!(
                    "ui.new.same_person",
                    a = s.players[i].as_str(),
                    b = s.players[j].as_str()
                ))
            }
            Ok(mut s) => {
                s.id = Some(marque_store::new_id(self.game.id()));
                if self.word && self.game.asks_word() {
                    marque_core::history::ask_word(&mut s);
                }
                Ok(s)
            }
            Err(p) => Err(marque_core::session::Problem::lines(&p)),
        }
    }
}

/// The label of seat `i` for the game (its name where the game names its seats).
fn seat_label(lang: Lang, game: GameKind, i: usize) -> String {
    if let Some(seat) = game.seat_key(i) {
        msg!("ui.new.seat_named", seat = tr(lang, seat)).render(lang)
    } else {
        msg!("ui.new.seat", n = i + 1).render(lang)
    }
}

/// The new-session screen: its own state `ns`, and `people` (the names merged by hand: two
/// names of one person are refused).
pub fn show(
    ui: &mut egui::Ui,
    lang: Lang,
    people: &marque_core::stats::People,
    ns: &mut NewSession,
    commands: &mut Vec<Command>,
) {
    let mut create = false;
    egui::ScrollArea::vertical().show(ui, |ui| {
        ui.heading(tr(lang, "ui.new.title"));
        ui.label(RichText::new(tr(lang, "ui.new.game")).strong());
        ui.horizontal_wrapped(|ui| {
            for g in GameKind::ALL {
                if ui
                    .selectable_label(ns.game == g, tr(lang, g.name_key()))
                    .clicked()
                    && ns.game != g
                {
                    ns.set_game(g);
                }
            }
        });
        ui.add_space(6.0);
        ui.label(RichText::new(tr(lang, "ui.new.players")).strong());
        ui.label(RichText::new(tr(lang, ns.game.seating().unwrap_or("ui.new.order"))).weak());
        let (lo, hi) = ns.game.players();
        // Both buttons always there (greyed at the bounds), above the seats: a seat added goes
        // below them, and each tap adds one.
        ui.horizontal(|ui| {
            let add = ui.add_enabled(
                ns.players.len() < hi,
                egui::Button::new(tr(lang, "ui.new.add_player")),
            );
            if add.clicked() {
                ns.players.push(String::new());
            }
            let remove = ui.add_enabled(
                ns.players.len() > lo,
                egui::Button::new(tr(lang, "ui.new.remove_player")),
            );
            if remove.clicked() {
                ns.players.pop();
            }
        });
        egui::Grid::new("players").show(ui, |ui| {
            for i in 0..ns.players.len() {
                let l = ui.label(seat_label(lang, ns.game, i));
                // A size of its own: in a grid, a field takes the column's width as the last
                // frame measured it, which started narrow and stayed so.
                let height = ui.spacing().interact_size.y;
                ui.add_sized(
                    [220.0, height],
                    egui::TextEdit::singleline(&mut ns.players[i]),
                )
                .labelled_by(l.id);
                ui.end_row();
            }
        });
        // Names seen before, as chips that stay where they are: a picked one is greyed.
        let known: Vec<String> = ns.known.iter().take(12).cloned().collect();
        if !known.is_empty() {
            ui.horizontal_wrapped(|ui| {
                ui.label(tr(lang, "ui.new.known"));
                for name in known {
                    let picked = ns.players.contains(&name);
                    let chip = ui.add_enabled(!picked, egui::Button::new(format!("+ {name}")));
                    if chip.clicked()
                        && let Some(slot) = ns.players.iter_mut().find(|p| p.trim().is_empty())
                    {
                        *slot = name;
                    }
                }
            });
        }
        ui.add_space(6.0);
        ui.label(RichText::new(tr(lang, "ui.new.options")).strong());
        let game = ns.game;
        for o in options_of(game) {
            // (Chicago's own options, while Chicago is picked.)
            let options = ns.options.clone();
            if !o.applies(ns.players.len(), |k| options.get(k).cloned()) {
                continue;
            }
            option_row(ui, lang, game, o, &mut ns.options, &ns.players);
        }
        // The other side's word: a game of sides or of two. At L'Ascenseur every player
        // counts their own tricks, a round is no side's to confirm.
        if game.asks_word() {
            let asked = game.word_asked().0;
            let words = |key| {
                game.hand_words(msg!(key, who = Arg::Key(asked)))
                    .render(lang)
            };
            ui.checkbox(&mut ns.word, words("ui.new.word"))
                .on_hover_text(words("ui.new.word_help"));
        }
        ui.add_space(10.0);
        // The button first, its message under it: a message never pushes it down.
        if ui
            .button(RichText::new(tr(lang, "ui.new.create")).heading())
            .clicked()
        {
            create = true;
        }
        // What is wrong, as it stands now: it goes once the names are typed.
        if ns.error.is_some() {
            ns.error = ns.build(people).err();
        }
        if let Some(e) = &ns.error {
            // A sentence of its own here: its first letter a capital (the command line's
            // messages follow a "file:" and start lower case).
            let text = e.render(lang);
            let mut chars = text.chars();
            let text: String = chars
                .next()
                .map(|c| c.to_uppercase().chain(chars).collect())
                .unwrap_or_default();
            ui.colored_label(ui.visuals().error_fg_color, text);
        }
    });
    if create {
        match ns.build(people) {
            Ok(session) => {
                ns.error = None;
                commands.push(Command::Entry(Entry::Create(Box::new(session))));
            }
            Err(e) => ns.error = Some(e),
        }
    }
}

fn option_row(
    ui: &mut egui::Ui,
    lang: Lang,
    game: GameKind,
    o: &OptDesc,
    options: &mut Map<String, Value>,
    players: &[String],
) {
    let base = format!("opt.{}.{}", game.id(), o.key);
    ui.horizontal_wrapped(|ui| {
        let l = ui.label(RichText::new(tr(lang, &base)).strong());
        let value = options.entry(o.key.to_string()).or_insert(Value::Null);
        match o.kind {
            OptKind::Words(words) => {
                for w in words {
                    if ui
                        .selectable_label(
                            value.as_str() == Some(w),
                            tr(lang, &format!("{base}.{w}")),
                        )
                        .clicked()
                    {
                        *value = json!(w);
                    }
                }
            }
            OptKind::Numbers(ns) => {
                for n in ns {
                    if ui
                        .selectable_label(value.as_i64() == Some(*n), n.to_string())
                        .clicked()
                    {
                        *value = json!(n);
                    }
                }
            }
            OptKind::Positive(_) => {
                let mut n = value.as_i64().unwrap_or(1);
                ui.add(egui::DragValue::new(&mut n).range(1..=100_000))
                    .labelled_by(l.id);
                *value = json!(n);
            }
            OptKind::Bool => {
                let mut b = value.as_bool().unwrap_or(false);
                ui.checkbox(&mut b, tr(lang, &format!("{base}.on")));
                *value = json!(b);
            }
            OptKind::Player => {
                for (i, p) in players.iter().enumerate() {
                    // A seat the game names (bridge: Nord, Est…) by its name, with its player.
                    let seat = game.seat_key(i).map(|k| tr(lang, k));
                    let name = match (seat, p.trim().is_empty()) {
                        (Some(seat), true) => seat,
                        (Some(seat), false) => format!("{seat} ({})", p.trim()),
                        // A seat not named yet, by its place at the table.
                        (None, true) => msg!("ui.new.place", n = i + 1).render(lang),
                        (None, false) => p.clone(),
                    };
                    if ui
                        .selectable_label(value.as_u64() == Some(i as u64), name)
                        .clicked()
                    {
                        *value = json!(i);
                    }
                }
                if value.as_u64().is_none_or(|v| v as usize >= players.len()) {
                    *value = json!(0);
                }
            }
        }
    });
    ui.label(RichText::new(tr(lang, &format!("{base}.help"))).weak());
}
