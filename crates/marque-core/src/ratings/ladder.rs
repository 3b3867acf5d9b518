//! The ratings: each player's skill and its uncertainty, moved by each session's result in
//! the order the sessions were played.

use std::collections::BTreeMap;

use skillratings::MultiTeamOutcome;
use skillratings::weng_lin::{
    WengLinConfig, WengLinRating, expected_score_two_teams, weng_lin_multi_team,
};

use crate::games::GameKind;
use crate::stats::People;

/// Rated sessions a person needs before their rating is no longer provisional.
pub const PROVISIONAL_UNDER: u32 = 5;

/// What ratings need of one session.
#[derive(Debug, Clone, Copy)]
pub struct Rated<'a> {
    pub game: GameKind,
    pub id: Option<&'a str>,
    pub created: Option<&'a str>,
    /// Who holds each seat at the end.
    pub seats: &'a [String],
    /// Each side's total (bridge: NS, EW; else per seat).
    pub totals: &'a [i64],
    /// `marque score` calls it finished.
    pub finished: bool,
    /// Seats that left the table (not rated).
    pub left: &'a [usize],
    /// Everyone who played a hand (a substitute after the one replaced), and each one's best
    /// hand (`None`: no hand played).
    pub holders: &'a [String],
    pub best_hands: &'a [Option<i64>],
}

/// One person's rating in one ladder (a game, or overall).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rating {
    pub mu: f64,
    pub sigma: f64,
    /// Rated sessions so far.
    pub sessions: u32,
}

impl Default for Rating {
    fn default() -> Self {
        let r = WengLinRating::new();
        Rating {
            mu: r.rating,
            sigma: r.uncertainty,
            sessions: 0,
        }
    }
}

impl Rating {
    /// What the table is ordered by: μ − 3σ.
    pub fn ordinal(&self) -> f64 {
        self.mu - 3.0 * self.sigma
    }

    pub fn provisional(&self) -> bool {
        self.sessions < PROVISIONAL_UNDER
    }

    fn model(&self) -> WengLinRating {
        WengLinRating {
            rating: self.mu,
            uncertainty: self.sigma,
        }
    }
}

/// How one person's rating moved with one session: the chance the model gave their team
/// against each other team before it, the result, μ and σ before and after.
#[derive(Debug, Clone, PartialEq)]
pub struct Moved {
    /// The session's place in the rated order (from 0), and its id.
    pub period: usize,
    pub id: Option<String>,
    pub created: String,
    pub game: GameKind,
    /// The person's key, and their team's members as shown (themselves included).
    pub person: String,
    pub team: Vec<String>,
    /// Against each other team: its members as shown, and the chance of finishing ahead.
    pub against: Vec<(Vec<String>, f64)>,
    /// Their team's rank (1 = first) among `teams`.
    pub rank: usize,
    pub teams: usize,
    pub before: Rating,
    pub after: Rating,
}

/// A ladder: each person's rating, by key.
pub type Ladder = BTreeMap<String, Rating>;

/// Every rating: per game and overall, how each moved, and the sessions not rated.
#[derive(Debug, Clone, Default)]
pub struct Ratings {
    pub games: BTreeMap<GameKind, Ladder>,
    pub overall: Ladder,
    /// Each person's name as shown, by key.
    pub names: BTreeMap<String, String>,
    /// Each move, in the rated order (per game ladder).
    pub moves: Vec<Moved>,
    /// Each move of the overall ladder, in the same order.
    pub overall_moves: Vec<Moved>,
    /// Finished sessions without `created`: not rated.
    pub undated: usize,
}

impl Ratings {
    /// A ladder's people, best first (μ − 3σ, then name).
    pub fn table<'a>(&'a self, ladder: &'a Ladder) -> Vec<(&'a str, &'a Rating)> {
        let mut rows: Vec<(&str, &Rating)> = ladder
            .iter()
            .map(|(k, r)| (self.names.get(k).map_or(k.as_str(), String::as_str), r))
            .collect();
        rows.sort_by(|a, b| {
            b.1.ordinal()
                .total_cmp(&a.1.ordinal())
                .then_with(|| a.0.cmp(b.0))
        });
        rows
    }

    /// The ratings as `marque stats --ratings --json` gives them (`game`: that game's only).
    pub fn to_json(&self, game: Option<GameKind>) -> serde_json::Value {
        use serde_json::json;
        let rows = |ladder: &Ladder| -> serde_json::Value {
            self.table(ladder)
                .into_iter()
                .map(|(name, r)| {
                    json!({"name": name, "mu": round(r.mu), "sigma": round(r.sigma),
                           "sessions": r.sessions, "provisional": r.provisional()})
                })
                .collect()
        };
        let mut games = serde_json::Map::new();
        for (g, ladder) in &self.games {
            if game.is_none_or(|w| w == *g) {
                games.insert(g.id().to_string(), rows(ladder));
            }
        }
        let mut out = json!({"games": games, "undated": self.undated});
        if game.is_none() {
            out["overall"] = rows(&self.overall);
        }
        out
    }
}

/// A figure as shown and written: six decimals (the same on every machine).
pub fn round(x: f64) -> f64 {
    (x * 1e6).round() / 1e6
}

/// An RFC 3339 time as seconds since 1970 (UTC), with its fraction; `None` if it is not one.
pub fn instant(text: &str) -> Option<(i64, u32)> {
    let b = text.as_bytes();
    let num = |r: std::ops::Range<usize>| -> Option<i64> {
        let s = text.get(r)?;
        s.bytes()
            .all(|c| c.is_ascii_digit())
            .then(|| s.parse().ok())?
    };
    if b.len() < 20 || b[4] != b'-' || b[7] != b'-' || !matches!(b[10], b'T' | b't' | b' ') {
        return None;
    }
    let (y, mo, d) = (num(0..4)?, num(5..7)?, num(8..10)?);
    let (h, mi, s) = (num(11..13)?, num(14..16)?, num(17..19)?);
    if !(1..=12).contains(&mo) || !(1..=31).contains(&d) || h > 23 || mi > 59 || s > 60 {
        return None;
    }
    let mut i = 19;
    let mut nanos = 0u32;
    if b.get(i) == Some(&b'.') {
        let start = i + 1;
        i = start;
        while b.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        let digits = text.get(start..i)?;
        let mut n: u64 = 0;
        for (k, c) in digits.bytes().take(9).enumerate() {
            n += u64::from(c - b'0') * 10u64.pow(8 - k as u32);
        }
        nanos = u32::try_from(n).ok()?;
    }
    let offset = match b.get(i)? {
        b'Z' | b'z' if i + 1 == b.len() => 0,
        sign @ (b'+' | b'-') if i + 6 == b.len() && b[i + 3] == b':' => {
            let o = num(i + 1..i + 3)? * 3600 + num(i + 4..i + 6)? * 60;
            if *sign == b'+' { o } else { -o }
        }
        _ => return None,
    };
    // Days from 1970-01-01 to the civil date (Howard Hinnant's algorithm).
    let yy = if mo <= 2 { y - 1 } else { y };
    let era = yy.div_euclid(400);
    let yoe = yy - era * 400;
    let mp = (mo + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    let days = era * 146_097 + doe - 719_468;
    Some((days * 86_400 + h * 3600 + mi * 60 + s - offset, nanos))
}

/// A session's teams: the people's keys on each, and the side whose total ranks it.
fn teams(s: &Rated, keys: &[String]) -> Vec<(Vec<String>, usize)> {
    let teams = s.game.sides(s.seats).len() < s.seats.len();
    let mut out: Vec<(Vec<String>, usize)> = Vec::new();
    for (seat, key) in keys.iter().enumerate() {
        if s.left.contains(&seat) {
            continue;
        }
        let side = s.game.side_of(seat);
        if teams && let Some(t) = out.iter_mut().find(|(_, sd)| *sd == side) {
            t.0.push(key.clone());
            continue;
        }
        out.push((vec![key.clone()], side));
    }
    out
}

/// Rates `sessions` (counted once each: the caller's listing does that, as statistics do),
/// keeping how each rating moved.
pub fn rate<'a>(sessions: impl IntoIterator<Item = Rated<'a>>, people: &People) -> Ratings {
    Order::of(sessions).rate(people, true)
}

/// [`rate`] without the moves: the ladders alone (the command line's table).
pub fn ladders<'a>(sessions: impl IntoIterator<Item = Rated<'a>>, people: &People) -> Ratings {
    Order::of(sessions).rate(people, false)
}

/// The sessions a rating takes, in the order it takes them: the finished ones with a date, by
/// `created` (as an instant), then `id`; and how many finished ones had no date.
#[derive(Debug, Clone, Default)]
pub struct Order<'a> {
    pub(super) sessions: Vec<Rated<'a>>,
    pub(super) undated: usize,
}

impl<'a> Order<'a> {
    pub fn of(sessions: impl IntoIterator<Item = Rated<'a>>) -> Order<'a> {
        let mut undated = 0;
        let mut order: Vec<((i64, u32), Rated<'a>)> = Vec::new();
        for s in sessions {
            if !s.finished {
                continue;
            }
            match s.created.and_then(instant) {
                Some(at) => order.push((at, s)),
                None => undated += 1,
            }
        }
        order.sort_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.id.cmp(&b.1.id)));
        Order {
            sessions: order.into_iter().map(|(_, s)| s).collect(),
            undated,
        }
    }

    /// The ladders from these sessions (`keep`: how each rating moved too).
    pub fn rate(&self, people: &People, keep: bool) -> Ratings {
        rate_keeping(self, people, keep)
    }
}

fn rate_keeping(order: &Order, people: &People, keep: bool) -> Ratings {
    let mut out = Ratings {
        undated: order.undated,
        ..Ratings::default()
    };
    let config = WengLinConfig::new();
    // Each person by the spelling every reader shows (the statistics too).
    let mut spellings = crate::stats::Spellings::default();
    for s in &order.sessions {
        let keys = crate::stats::seat_keys_of(s.seats, people);
        for (seat, key) in keys.iter().enumerate() {
            spellings.add(key, &s.seats[seat]);
        }
    }
    out.names = spellings.chosen();
    for (period, s) in order.sessions.iter().enumerate() {
        let keys = crate::stats::seat_keys_of(s.seats, people);
        let teams = teams(s, &keys);
        if teams.len() < 2 {
            continue;
        }
        // A person on two teams (two seats one name) is not rated there.
        let mut all: Vec<&String> = teams.iter().flat_map(|(t, _)| t).collect();
        all.sort();
        if all.windows(2).any(|w| w[0] == w[1]) {
            continue;
        }
        let totals: Vec<i64> = teams
            .iter()
            .map(|(_, side)| s.totals.get(*side).copied().unwrap_or(0))
            .collect();
        let ranks: Vec<usize> = totals
            .iter()
            .map(|t| 1 + totals.iter().filter(|o| *o > t).count())
            .collect();
        let ladder = out.games.entry(s.game).or_default();
        let moved = play(ladder, &teams, &ranks, &config, keep);
        out.moves
            .extend(moved.into_iter().map(|m| m.of(period, s, &out.names)));
        let moved = play(&mut out.overall, &teams, &ranks, &config, keep);
        out.overall_moves
            .extend(moved.into_iter().map(|m| m.of(period, s, &out.names)));
    }
    out
}

/// One person's move in a ladder, before it is named.
struct Step {
    person: String,
    team: usize,
    teams: Vec<Vec<String>>,
    chances: Vec<(usize, f64)>,
    rank: usize,
    before: Rating,
    after: Rating,
}

impl Step {
    fn of(self, period: usize, s: &Rated, names: &BTreeMap<String, String>) -> Moved {
        let shown = |keys: &Vec<String>| -> Vec<String> {
            keys.iter()
                .map(|k| names.get(k).cloned().unwrap_or_else(|| k.clone()))
                .collect()
        };
        Moved {
            period,
            id: s.id.map(str::to_string),
            created: s.created.unwrap_or_default().to_string(),
            game: s.game,
            team: shown(&self.teams[self.team]),
            against: self
                .chances
                .iter()
                .map(|(t, p)| (shown(&self.teams[*t]), *p))
                .collect(),
            person: self.person,
            rank: self.rank,
            teams: self.teams.len(),
            before: self.before,
            after: self.after,
        }
    }
}

/// One rating period in `ladder`: each team's members rated from their ranks.
fn play(
    ladder: &mut Ladder,
    teams: &[(Vec<String>, usize)],
    ranks: &[usize],
    config: &WengLinConfig,
    keep: bool,
) -> Vec<Step> {
    let before: Vec<Vec<Rating>> = teams
        .iter()
        .map(|(t, _)| {
            t.iter()
                .map(|k| ladder.get(k).copied().unwrap_or_default())
                .collect()
        })
        .collect();
    let models: Vec<Vec<WengLinRating>> = before
        .iter()
        .map(|t| t.iter().map(Rating::model).collect())
        .collect();
    let input: Vec<(&[WengLinRating], MultiTeamOutcome)> = models
        .iter()
        .zip(ranks)
        .map(|(t, r)| (t.as_slice(), MultiTeamOutcome::new(*r)))
        .collect();
    let after = weng_lin_multi_team(&input, config);
    let members: Vec<Vec<String>> = if keep {
        teams.iter().map(|(t, _)| t.clone()).collect()
    } else {
        Vec::new()
    };
    let mut steps = Vec::new();
    for (i, (team, _)) in teams.iter().enumerate() {
        // How the model saw the team against each other one (kept only to be told).
        let chances: Vec<(usize, f64)> = if keep {
            (0..teams.len())
                .filter(|&j| j != i)
                .map(|j| {
                    (
                        j,
                        expected_score_two_teams(&models[i], &models[j], config).0,
                    )
                })
                .collect()
        } else {
            Vec::new()
        };
        for (p, key) in team.iter().enumerate() {
            let b = before[i][p];
            let a = Rating {
                mu: after[i][p].rating,
                sigma: after[i][p].uncertainty,
                sessions: b.sessions + 1,
            };
            ladder.insert(key.clone(), a);
            if keep {
                steps.push(Step {
                    person: key.clone(),
                    team: i,
                    teams: members.clone(),
                    chances: chances.clone(),
                    rank: ranks[i],
                    before: b,
                    after: a,
                });
            }
        }
    }
    steps
}
