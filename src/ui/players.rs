//! Players: everyone who played in the data folder's sessions, one person across games (a name
//! typed with other capitals or spaces is the same person, and names can be merged by hand),
//! with sessions played and won per game; one player picked shows their figures per game and
//! their results over time; two picked give their sessions together.

use egui::RichText;

use super::command::{self, Command};
use super::prefs::Prefs;
use marque_core::i18n::msg;
use marque_core::i18n::{Lang, tr};
use marque_core::stats::{HeadToHead, People, Player, head_to_head, roster};
use marque_store::played;

use marque_core::games::GameKind;

#[derive(Default)]
pub struct PlayersState {
    /// The roster, and what it was made from: the listing (its generation) and the merges.
    roster: Option<(u64, People, Vec<Player>)>,
    /// The players picked, at most two: one shows their figures, two their head-to-head.
    picked: Vec<String>,
    /// Their head-to-head, made when the pick, the listing or the merges change.
    versus: Option<(u64, People, Vec<String>, HeadToHead)>,
    /// The game whose win shares are drawn.
    shares: Option<GameKind>,
    /// The ratings, and the ladder shown.
    ratings: super::ratings::RatingsState,
    /// The one player picked's rivals and records, as sentences in the language shown: made
    /// when the pick, the listing, the merges or the language change.
    story: Option<Story>,
}

/// One player's rivals and records, told.
struct Story {
    made: (u64, People, String, Lang),
    lines: Vec<String>,
}

impl PlayersState {
    /// The roster and the head-to-head made again where the listing, the merges or the pick
    /// changed.
    fn refresh(
        &mut self,
        listed: &[marque_store::Listed],
        generation: u64,
        people: &People,
        lang: Lang,
    ) {
        if self
            .roster
            .as_ref()
            .is_none_or(|(g, p, _)| *g != generation || p != people)
        {
            self.roster = Some((generation, people.clone(), roster(played(listed), people)));
            // A name merged away is no longer on the roster: it is picked under its person's name.
            if let Some((_, _, players)) = &self.roster {
                self.picked.retain(|n| players.iter().any(|p| p.name == *n));
            }
        }
        if self.picked.len() == 2
            && self
                .versus
                .as_ref()
                .is_none_or(|(g, p, n, _)| *g != generation || p != people || *n != self.picked)
        {
            let h = head_to_head(played(listed), people, &self.picked[0], &self.picked[1]);
            self.versus = Some((generation, people.clone(), self.picked.clone(), h));
        }
        if let [one] = self.picked.as_slice()
            && self.story.as_ref().is_none_or(|s| {
                let (g, p, n, l) = &s.made;
                (*g, p, n, *l) != (generation, people, one, lang)
            })
        {
            let story = marque_core::rivals::story(marque_store::rated(listed), people, one);
            let lines = story
                .sentences(one)
                .iter()
                .map(|m| m.render(lang))
                .collect();
            let made = (generation, people.clone(), one.clone(), lang);
            self.story = Some(Story { made, lines });
        }
    }
}

/// A win rate in whole percent ("—" before any finished session).
fn rate(lang: Lang, wins: u64, sessions: u64) -> String {
    (wins * 100 + sessions / 2)
        .checked_div(sessions)
        .map_or_else(
            || "—".to_string(),
            |r| marque_core::i18n::percent(lang, r as i64),
        )
}

/// What the players' screen is handed: the language, the preferences (the club's names), the
/// sessions listed (and their generation), its own state, and where its commands go.
pub struct Ctx<'a> {
    pub lang: Lang,
    pub prefs: &'a Prefs,
    pub listed: (&'a [marque_store::Listed], u64),
    pub state: &'a mut PlayersState,
    pub commands: &'a mut Vec<Command>,
}

pub fn show(ui: &mut egui::Ui, cx: Ctx<'_>) {
    let Ctx {
        lang,
        prefs,
        listed: (listed, generation),
        state,
        commands: sent,
    } = cx;
    let people = prefs.people();
    let merged = prefs.people.merged.clone();
    state.refresh(listed, generation, &people, lang);
    state.ratings.refresh(listed, generation, &people);
    ui.heading(tr(lang, "ui.players.title"));
    ui.label(RichText::new(tr(lang, "ui.players.hint")).weak());
    let Some((_, _, players)) = &state.roster else {
        return;
    };
    if players.is_empty() {
        ui.label(RichText::new(tr(lang, "ui.players.none")).weak());
        return;
    }
    let mut commands = Vec::new();
    // What was picked, and the win shares, above the roster; they scroll in at most half the
    // screen so that the roster always keeps room.
    let room = ui.available_height();
    let row_height = ui
        .spacing()
        .interact_size
        .y
        .max(ui.text_style_height(&egui::TextStyle::Body) + 6.0);
    // The roster first, where it stays: what a pick shows comes below it, so that picking
    // never moves the rows under the finger. It keeps what its rows need, up to half the room.
    let roster_room =
        (players.len() as f32 * (row_height + ui.spacing().item_spacing.y)).min(room * 0.5);
    let toggle = roster_table(ui, lang, players, &state.picked, row_height, roster_room);
    ui.separator();
    egui::ScrollArea::vertical()
        .id_salt("players-detail")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            if state.picked.is_empty() {
                ui.label(RichText::new(tr(lang, "ui.players.no_pick")).weak());
            }
            // Two players picked: their sessions together, and merging them.
            if let (2, Some((_, _, _, h))) = (state.picked.len(), &state.versus) {
                versus(ui, lang, &state.picked, h, &mut commands);
                ui.separator();
            }
            // One player picked: their figures per game, the names merged into them, their
            // win rate over their sessions.
            if let [one] = state.picked.as_slice()
                && let Some(p) = players.iter().find(|p| p.name == *one)
            {
                figures(ui, lang, p, &people, &merged, &mut commands);
                over_time(ui, lang, listed, &people, one);
                super::ratings::player(ui, lang, &state.ratings, &people, one);
                if let Some(story) = &state.story
                    && story.made.2 == *one
                {
                    stories(ui, lang, &story.lines);
                }
                ui.separator();
            }
            // Who plays best: the ratings' table.
            super::ratings::table(ui, lang, &mut state.ratings);
            ui.separator();
            // A game's win shares: who won its finished sessions.
            ui.horizontal_wrapped(|ui| {
                ui.label(RichText::new(tr(lang, "ui.players.shares")).strong());
                for g in GameKind::ALL {
                    if ui
                        .selectable_label(state.shares == Some(g), tr(lang, g.name_key()))
                        .clicked()
                    {
                        state.shares = (state.shares != Some(g)).then_some(g);
                    }
                }
            });
            if let Some(game) = state.shares {
                shares(ui, lang, players, game);
            }
        });
    if let Some(name) = toggle {
        if let Some(i) = state.picked.iter().position(|n| *n == name) {
            state.picked.remove(i);
        } else {
            if state.picked.len() == 2 {
                state.picked.remove(0);
            }
            state.picked.push(name);
        }
    }
    sent.extend(commands);
}

/// One player's rivals and records: the sentences `marque stats --player` gives.
fn stories(ui: &mut egui::Ui, lang: Lang, lines: &[String]) {
    ui.label(RichText::new(tr(lang, "ui.players.stories")).strong());
    for line in lines {
        ui.add(egui::Label::new(line.trim_start()).wrap());
    }
}

/// The roster, a row per player (only the rows on screen laid out: a club's roster is long),
/// in a room of its own that never moves; the name tapped, if any.
fn roster_table(
    ui: &mut egui::Ui,
    lang: Lang,
    players: &[Player],
    picked: &[String],
    row_height: f32,
    roster_room: f32,
) -> Option<String> {
    let mut toggle = None;
    let widths = [170.0, 70.0, 70.0, 60.0];
    let game_width = 130.0;
    let cell = |ui: &mut egui::Ui, w: f32, text: RichText| {
        ui.add_sized([w, row_height], egui::Label::new(text).truncate());
    };
    egui::ScrollArea::horizontal()
        .id_salt("players-wide")
        .show(ui, |ui| {
            ui.horizontal(|ui| {
                for (key, w) in [
                    "ui.players.name",
                    "ui.players.sessions",
                    "ui.players.wins",
                    "ui.players.rate",
                ]
                .into_iter()
                .zip(widths)
                {
                    cell(ui, w, RichText::new(tr(lang, key)).strong());
                }
                for g in GameKind::ALL {
                    cell(
                        ui,
                        game_width,
                        RichText::new(tr(lang, g.name_key())).strong(),
                    );
                }
            });
            egui::ScrollArea::vertical()
                .id_salt("players")
                .max_height(roster_room)
                .show_rows(ui, row_height, players.len(), |ui, range| {
                    for p in &players[range] {
                        ui.horizontal(|ui| {
                            let picked = picked.contains(&p.name);
                            let name = egui::Button::selectable(picked, &p.name).truncate();
                            if ui.add_sized([widths[0], row_height], name).clicked() {
                                toggle = Some(p.name.clone());
                            }
                            cell(ui, widths[1], RichText::new(p.sessions.to_string()));
                            cell(ui, widths[2], RichText::new(p.wins.to_string()));
                            // Over the sessions that ended: one in progress is won by nobody yet.
                            let r = rate(lang, p.wins, p.finished);
                            cell(ui, widths[3], RichText::new(r));
                            for g in GameKind::ALL {
                                let text = match p.games.get(g.id()) {
                                    Some(c) => msg!("ui.players.cell", n = c.sessions, w = c.wins)
                                        .render(lang),
                                    None => "·".to_string(),
                                };
                                cell(ui, game_width, RichText::new(text));
                            }
                        });
                    }
                });
        });
    toggle
}

/// Two players' sessions together, per game, and the key that makes them one person.
fn versus(
    ui: &mut egui::Ui,
    lang: Lang,
    picked: &[String],
    h: &HeadToHead,
    commands: &mut Vec<Command>,
) {
    let (a, b) = (&picked[0], &picked[1]);
    let line = msg!(
        "ui.players.versus",
        a = a.as_str(),
        b = b.as_str(),
        n = h.together,
        wa = h.wins[0],
        wb = h.wins[1]
    );
    ui.label(RichText::new(line.render(lang)).heading().strong());
    for (game, (n, w)) in &h.games {
        let name = GameKind::from_id(game)
            .map(|g| tr(lang, g.name_key()))
            .unwrap_or_default();
        let colon = tr(lang, "colon");
        ui.label(format!("{name}{colon}{n} — {a} {}, {b} {}", w[0], w[1]));
    }
    // Two spellings of one person (never two people who played together: a merge would
    // count one person twice in a session).
    if h.together == 0 {
        let text = msg!("ui.players.merge", name = b.as_str(), into = a.as_str()).render(lang);
        if ui.button(text).clicked() {
            commands.push(Command::People(command::People::Merge(
                b.clone(),
                a.clone(),
            )));
        }
    }
}

/// One player's figures at each game they played, and the names merged into them.
fn figures(
    ui: &mut egui::Ui,
    lang: Lang,
    p: &Player,
    people: &People,
    merged: &[[String; 2]],
    commands: &mut Vec<Command>,
) {
    ui.label(RichText::new(&p.name).heading().strong());
    let key = people.key(&p.name);
    for [name, _] in merged.iter().filter(|[n, _]| people.key(n) == key) {
        ui.horizontal_wrapped(|ui| {
            ui.label(msg!("ui.players.merged", name = name.as_str()).render(lang));
            let text = msg!("ui.players.split", name = name.as_str()).render(lang);
            if ui.button(text).clicked() {
                commands.push(Command::People(command::People::Split(name.clone())));
            }
        });
    }
    // A card per game, in the order the games are offered, laid in rows of as many cards as
    // the width holds: every card as wide as the widest label and value need (measured).
    let games: Vec<_> = GameKind::ALL
        .iter()
        .filter_map(|k| p.games.get(k.id()))
        .map(|g| {
            let head = msg!(
                "ui.players.game_head",
                game = tr(lang, g.game.name_key()),
                n = g.sessions,
                w = g.wins
            );
            (g.game.id(), head.render(lang), g.shown(lang))
        })
        .collect();
    let color = ui.visuals().text_color();
    let body = egui::TextStyle::Body.resolve(ui.style());
    let width = |text: &str| {
        ui.ctx().fonts_mut(|f| {
            f.layout_no_wrap(text.to_string(), body.clone(), color)
                .size()
                .x
        })
    };
    let gap = ui.spacing().item_spacing.x;
    let (mut label_w, mut value_w, mut head_w) = (0.0f32, 0.0f32, 0.0f32);
    for (_, head, figures) in &games {
        head_w = head_w.max(width(head));
        for (label, value) in figures {
            label_w = label_w.max(width(label));
            value_w = value_w.max(width(value));
        }
    }
    let inner = (label_w + gap + value_w).max(head_w) + 4.0;
    // The group frame's margin and stroke, both sides.
    let margin = 2.0 * (6.0 + 1.0);
    let per_row = (((ui.available_width() + gap) / (inner + margin + gap)).floor() as usize).max(1);
    for row in games.chunks(per_row) {
        ui.horizontal_top(|ui| {
            for (id, head, figures) in row {
                egui::Frame::group(ui.style()).show(ui, |ui| {
                    ui.set_width(inner);
                    ui.vertical(|ui| {
                        ui.label(RichText::new(head).strong());
                        // Where the game's statistics count their own way, the game says how.
                        if let Some(note) = GameKind::from_id(id).and_then(GameKind::stats_note) {
                            ui.label(RichText::new(tr(lang, note)).weak().small());
                        }
                        egui::Grid::new(("figures", id))
                            .num_columns(2)
                            .min_col_width(0.0)
                            .show(ui, |ui| {
                                for (label, value) in figures {
                                    ui.label(label.as_str());
                                    ui.label(RichText::new(value).strong());
                                    ui.end_row();
                                }
                            });
                    });
                });
            }
        });
    }
}

/// A player's win rate after each of their finished sessions, in the order they were started
/// (egui_plot; hovering a point names the session's number and the rate).
fn over_time(
    ui: &mut egui::Ui,
    lang: Lang,
    listed: &[marque_store::Listed],
    people: &People,
    name: &str,
) {
    use marque_store::FileState;
    let key = people.key(name);
    // The results come from the core's reading of a win; the order from the sessions' starts.
    let mut sessions: Vec<(&str, bool)> = listed
        .iter()
        .filter_map(|l| match &l.state {
            FileState::Fine(s) if s.finished => {
                let played = marque_store::played(std::slice::from_ref(l)).next()?;
                let won = marque_core::stats::won_by(&played, people, &key)?;
                Some((s.created.as_deref().unwrap_or(""), won))
            }
            _ => None,
        })
        .collect();
    sessions.sort_by(|a, b| a.0.cmp(b.0));
    let mut wins = 0;
    let points: Vec<[f64; 2]> = sessions
        .iter()
        .enumerate()
        .map(|(i, (_, won))| {
            wins += u32::from(*won);
            [(i + 1) as f64, f64::from(wins) * 100.0 / (i + 1) as f64]
        })
        .collect();
    let label = msg!("ui.players.over_time", player = name).render(lang);
    ui.label(RichText::new(&label).strong());
    egui_plot::Plot::new(("over-time", name))
        .height(160.0)
        // The sessions are counted: whole marks only.
        .x_axis_formatter(|mark, _| {
            let i = mark.value.round();
            if (mark.value - i).abs() > 1e-6 || i < 1.0 {
                String::new()
            } else {
                format!("{i}")
            }
        })
        .allow_scroll(false)
        .include_y(0.0)
        .include_y(100.0)
        .include_x(0.0)
        .include_x(points.len() as f64 + 1.0)
        .show(ui, |plot| {
            plot.points(egui_plot::Points::new(label.clone(), points.clone()).radius(4.0));
            plot.line(egui_plot::Line::new(label.clone(), points));
        });
}

/// A game's win shares: a bar per player who won at it (the twelve with most wins), with the
/// wins; hovering a bar names the player.
fn shares(ui: &mut egui::Ui, lang: Lang, players: &[Player], game: GameKind) {
    let mut winners: Vec<(&str, u64)> = players
        .iter()
        .filter_map(|p| Some((p.name.as_str(), p.games.get(game.id())?.wins)))
        .filter(|(_, w)| *w > 0)
        .collect();
    winners.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    winners.truncate(12);
    if winners.is_empty() {
        ui.label(RichText::new(tr(lang, "ui.players.no_wins")).weak());
        return;
    }
    let total: u64 = winners.iter().map(|(_, w)| w).sum();
    let bars: Vec<egui_plot::Bar> = winners
        .iter()
        .enumerate()
        .map(|(i, (name, w))| {
            let share = (*w * 100 + total / 2) / total.max(1);
            egui_plot::Bar::new(i as f64, *w as f64).name(format!(
                "{name} ({})",
                marque_core::i18n::percent(lang, share as i64)
            ))
        })
        .collect();
    let title = msg!("ui.players.shares_of", game = tr(lang, game.name_key())).render(lang);
    // Each bar named under it (whole marks only).
    let names: Vec<String> = winners.iter().map(|(n, _)| n.to_string()).collect();
    egui_plot::Plot::new(("shares", game.id()))
        .height(160.0)
        .allow_scroll(false)
        .x_axis_formatter(move |mark, _| {
            let i = mark.value.round();
            if (mark.value - i).abs() > 1e-6 || i < 0.0 {
                return String::new();
            }
            names.get(i as usize).cloned().unwrap_or_default()
        })
        .show(ui, |plot| {
            plot.bar_chart(egui_plot::BarChart::new(title, bars))
        });
}
