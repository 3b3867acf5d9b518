//! The players' ratings on the players' screen (issue 34): the table of a ladder (every game,
//! or one), best first by μ − 3σ; for the player picked, their rating's chart over their rated
//! sessions and why it moved with each.

use egui::RichText;

use marque_core::games::GameKind;
use marque_core::i18n::msg;
use marque_core::i18n::{Lang, tr};
use marque_core::ratings::{Ladder, Moved, Ratings, rate};
use marque_core::stats::People;

/// The ratings made from a listing (its generation) and the merges, and the ladder shown.
#[derive(Default)]
pub struct RatingsState {
    made: Option<(u64, People, Ratings)>,
    /// `None`: every game together.
    pub ladder: Option<GameKind>,
}

impl RatingsState {
    /// The ratings, made again when the listing or the merges changed.
    pub fn refresh(&mut self, listed: &[marque_store::Listed], generation: u64, people: &People) {
        if self
            .made
            .as_ref()
            .is_none_or(|(g, p, _)| *g != generation || p != people)
        {
            let r = rate(marque_store::rated(listed), people);
            self.made = Some((generation, people.clone(), r));
        }
    }

    fn ratings(&self) -> Option<&Ratings> {
        self.made.as_ref().map(|(_, _, r)| r)
    }
}

fn one(lang: Lang, x: f64) -> String {
    marque_core::i18n::decimal1(lang, x)
}

/// The ladder's keys (every game, then each game rated) and its table.
pub fn table(ui: &mut egui::Ui, lang: Lang, state: &mut RatingsState) {
    let Some(r) = state.ratings() else {
        return;
    };
    ui.label(RichText::new(tr(lang, "ui.ratings.title")).heading());
    ui.label(RichText::new(tr(lang, "ui.ratings.hint")).weak());
    let mut pick = None;
    // Each ladder's key, named for screen readers as the ratings' own ("Classement — Le
    // Truc"): the roster and the win shares have keys with the games' names too.
    let ladder_key = |ui: &mut egui::Ui, on: bool, text: String| {
        let name = msg!("ui.ratings.ladder", ladder = text.as_str()).render(lang);
        let r = ui.selectable_label(on, text);
        r.widget_info(move || egui::WidgetInfo::selected(egui::Role::Button, true, on, &name));
        r.clicked()
    };
    ui.horizontal_wrapped(|ui| {
        if ladder_key(ui, state.ladder.is_none(), tr(lang, "stats.overall")) {
            pick = Some(None);
        }
        for g in r.games.keys() {
            if ladder_key(ui, state.ladder == Some(*g), tr(lang, g.name_key())) {
                pick = Some(Some(*g));
            }
        }
    });
    let ladder: &Ladder = match state.ladder.and_then(|g| r.games.get(&g)) {
        Some(l) => l,
        None => &r.overall,
    };
    egui::Grid::new("ratings")
        .striped(true)
        .num_columns(5)
        .show(ui, |ui| {
            for h in [
                "ui.ratings.rank",
                "ui.ratings.name",
                "μ",
                "σ",
                "ui.ratings.sessions",
            ] {
                let text = if h.starts_with("ui.") {
                    tr(lang, h)
                } else {
                    h.to_string()
                };
                ui.label(RichText::new(text).strong());
            }
            ui.end_row();
            for (k, (name, rating)) in r.table(ladder).into_iter().enumerate() {
                ui.label(format!("{}", k + 1));
                let shown = if rating.provisional() {
                    msg!("ui.ratings.provisional", name = name).render(lang)
                } else {
                    name.to_string()
                };
                ui.label(shown);
                ui.label(one(lang, rating.mu));
                ui.label(one(lang, rating.sigma));
                ui.label(rating.sessions.to_string());
                ui.end_row();
            }
        });
    if r.undated > 0 {
        ui.label(RichText::new(msg!("stats.undated", n = r.undated).render(lang)).weak());
    }
    if let Some(p) = pick {
        state.ladder = p;
    }
}

/// The moves of the person known by `key` in the ladder shown, oldest first.
fn moves<'a>(r: &'a Ratings, ladder: Option<GameKind>, key: &str) -> Vec<&'a Moved> {
    let all = match ladder {
        Some(g) => r.moves.iter().filter(|m| m.game == g).collect::<Vec<_>>(),
        None => r.overall_moves.iter().collect(),
    };
    all.into_iter().filter(|m| m.person == key).collect()
}

/// One player's rating over their rated sessions (μ, and μ − 3σ), and why it moved with
/// each, the newest first.
pub fn player(ui: &mut egui::Ui, lang: Lang, state: &RatingsState, people: &People, name: &str) {
    let Some(r) = state.ratings() else {
        return;
    };
    let key = people.key(name);
    let moved = moves(r, state.ladder, &key);
    let title = match state.ladder {
        Some(g) => tr(lang, g.name_key()),
        None => tr(lang, "stats.overall"),
    };
    let label = msg!("ui.ratings.chart", player = name, ladder = title.as_str()).render(lang);
    ui.label(RichText::new(&label).strong());
    if moved.is_empty() {
        ui.label(RichText::new(tr(lang, "ui.ratings.none")).weak());
        return;
    }
    let mu: Vec<[f64; 2]> = std::iter::once([0.0, 25.0])
        .chain(
            moved
                .iter()
                .enumerate()
                .map(|(i, m)| [(i + 1) as f64, m.after.mu]),
        )
        .collect();
    let floor: Vec<[f64; 2]> = std::iter::once([0.0, 0.0])
        .chain(
            moved
                .iter()
                .enumerate()
                .map(|(i, m)| [(i + 1) as f64, m.after.ordinal()]),
        )
        .collect();
    let mu_name = tr(lang, "ui.ratings.mu");
    let floor_name = tr(lang, "ui.ratings.floor");
    egui_plot::Plot::new(("rating", name))
        .height(170.0)
        .allow_scroll(false)
        .legend(egui_plot::Legend::default())
        .include_x(0.0)
        .include_x(moved.len() as f64 + 1.0)
        .show(ui, |plot| {
            plot.line(egui_plot::Line::new(mu_name.clone(), mu));
            plot.line(egui_plot::Line::new(floor_name.clone(), floor));
        });
    ui.label(RichText::new(tr(lang, "ui.ratings.why")).strong());
    for m in moved.iter().rev().take(12) {
        ui.add(egui::Label::new(why(lang, m)).wrap());
    }
}

/// Why one rating moved, in the explanation's style: "21/11 — Anne et Claire : 38 % de chances de finir devant
/// Bruno et David ; rang 1 sur 2 : μ 25,0 → 27,6, σ 8,3 → 8,1".
pub fn why(lang: Lang, m: &Moved) -> String {
    let names = |v: &Vec<String>| marque_core::i18n::join(v);
    let chances = m
        .against
        .iter()
        .map(|(team, p)| {
            msg!(
                "ui.ratings.chance",
                p = marque_core::i18n::percent(lang, (p * 100.0).round() as i64),
                team = names(team)
            )
            .render(lang)
        })
        .collect::<Vec<_>>()
        .join(&tr(lang, "list.sep"));
    let day = m.created.get(..10).unwrap_or(&m.created);
    msg!(
        "ui.ratings.moved",
        day = day,
        game = marque_core::i18n::Arg::Key(m.game.name_key()),
        team = names(&m.team),
        chances = chances,
        rank = m.rank,
        teams = m.teams,
        mu0 = one(lang, m.before.mu),
        mu1 = one(lang, m.after.mu),
        s0 = one(lang, m.before.sigma),
        s1 = one(lang, m.after.sigma)
    )
    .render(lang)
}
