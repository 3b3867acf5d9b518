//! The stories of the table (issue 34), for one person over the finished sessions: who they
//! finished ahead of most (their rival), who finished ahead of them most (their nemesis), their
//! most frequent partner, their longest run of wins, their best session and best hand per game,
//! and each other person met: sessions against each other and who finished ahead, sessions
//! together.
//!
//! Pairwise, as the ratings rank: in a session you finish ahead of everyone ranked below you.

use std::collections::BTreeMap;

use crate::games::GameKind;
use crate::i18n::msg;
use crate::i18n::{Arg, Msg};
use crate::ratings::{Rated, instant};
use crate::stats::{People, seat_keys_of, shown_name};

/// One other person as met by the person told about.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Met {
    /// Sessions on other sides.
    pub against: u32,
    /// Of those, the ones the person finished ahead, and behind.
    pub ahead: u32,
    pub behind: u32,
    /// Sessions on one side (bridge's partners).
    pub partners: u32,
    /// Sessions at one table, whatever the sides.
    pub together: u32,
}

/// One person's stories.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Story {
    /// Every other person met, by name as shown.
    pub met: BTreeMap<String, Met>,
    /// The longest run of sessions won in a row (ranked first, alone or tied).
    pub longest_run: u32,
    /// Per game, the best total the person's side made in a session, and the session.
    pub best: BTreeMap<GameKind, (i64, Option<String>)>,
    /// Per game, the most points the person's side made in one hand they played (in any
    /// session, finished or not), and the session.
    pub best_hand: BTreeMap<GameKind, (i64, Option<String>)>,
}

impl Story {
    /// The person finished ahead of most (ties: the first name).
    pub fn rival(&self) -> Option<(&str, u32)> {
        most(&self.met, |m| m.ahead)
    }

    /// The person who finished ahead of them most.
    pub fn nemesis(&self) -> Option<(&str, u32)> {
        most(&self.met, |m| m.behind)
    }

    /// Their most frequent partner.
    pub fn partner(&self) -> Option<(&str, u32)> {
        most(&self.met, |m| m.partners)
    }

    /// The stories as sentences (`stats.*`, each opening with two spaces: the command line
    /// lists them under the player's figures): rival, nemesis, partner, longest run, best
    /// session and best hand per game, and each person met on the other side.
    ///
    /// `who` is the player the story is of, as shown: "Rival: Bruno (Claire finished ahead of
    /// him…)" says whose the count is.
    pub fn sentences(&self, who: &str) -> Vec<Msg> {
        let mut out = Vec::new();
        if let Some((name, n)) = self.rival() {
            out.push(msg!("stats.rival", name = name, n = n, who = who));
        }
        if let Some((name, n)) = self.nemesis() {
            out.push(msg!("stats.nemesis", name = name, n = n, who = who));
        }
        if let Some((name, n)) = self.partner() {
            out.push(msg!("stats.partner", name = name, n = n));
        }
        out.push(msg!("stats.run", n = self.longest_run));
        for (g, (total, _)) in &self.best {
            let total = crate::games::number(*total);
            out.push(msg!(
                "stats.best",
                game = Arg::Key(g.name_key()),
                total = total
            ));
        }
        for (g, (points, _)) in &self.best_hand {
            let points = crate::games::number(*points);
            out.push(msg!(
                g.best_hand_key(),
                game = Arg::Key(g.name_key()),
                points = points
            ));
        }
        // Those met on the other side (a partner is told above).
        for (name, m) in self.met.iter().filter(|(_, m)| m.against > 0) {
            out.push(msg!(
                "stats.met",
                name = name.as_str(),
                against = m.against,
                ahead = m.ahead,
                behind = m.behind,
                together = m.together
            ));
        }
        out
    }
}

fn most(met: &BTreeMap<String, Met>, by: impl Fn(&Met) -> u32) -> Option<(&str, u32)> {
    met.iter()
        .map(|(n, m)| (n.as_str(), by(m)))
        .filter(|(_, n)| *n > 0)
        .fold(None, |best: Option<(&str, u32)>, (n, c)| match best {
            Some((_, b)) if b >= c => best,
            _ => Some((n, c)),
        })
}

/// The stories of the person known by `name`, over `sessions` (finished ones, in the order of
/// their creation, then id; those without a date after).
pub fn story<'a>(
    sessions: impl IntoIterator<Item = Rated<'a>>,
    people: &People,
    name: &str,
) -> Story {
    let key = people.key(name);
    let mut out = Story::default();
    let mut list: Vec<Rated<'a>> = Vec::new();
    for s in sessions {
        best_hand(&mut out.best_hand, &s, people, &key);
        if s.finished {
            list.push(s);
        }
    }
    list.sort_by_key(|s| {
        (
            s.created.and_then(instant).map_or((1, (0, 0)), |t| (0, t)),
            s.id.map(str::to_string),
        )
    });
    // Met by person (their key), and each one's name as first met.
    let mut met: BTreeMap<String, Met> = BTreeMap::new();
    let mut names: BTreeMap<String, String> = BTreeMap::new();
    let mut run = 0;
    for s in &list {
        let keys = seat_keys_of(s.seats, people);
        // The seat they hold at the end: one who left and came back holds a later seat.
        let Some(mine) = (0..keys.len()).rfind(|&p| keys[p] == key && !s.left.contains(&p)) else {
            continue;
        };
        let side_total = |seat: usize| s.totals.get(s.game.side_of(seat)).copied().unwrap_or(0);
        let my_total = side_total(mine);
        let my_side = s.game.side_of(mine);
        // The best total of each side still playing: first alone or tied is a win.
        let best = (0..keys.len())
            .filter(|p| !s.left.contains(p))
            .map(side_total)
            .max()
            .unwrap_or(my_total);
        if my_total == best {
            run += 1;
            out.longest_run = out.longest_run.max(run);
        } else {
            run = 0;
        }
        let b = out.best.entry(s.game).or_insert((i64::MIN, None));
        if my_total > b.0 {
            *b = (my_total, s.id.map(str::to_string));
        }
        for (seat, other) in keys.iter().enumerate() {
            if *other == key || s.left.contains(&seat) {
                continue;
            }
            names
                .entry(other.clone())
                .or_insert_with(|| shown_name(&s.seats[seat]));
            let m = met.entry(other.clone()).or_default();
            m.together += 1;
            if s.game.side_of(seat) == my_side {
                m.partners += 1;
                continue;
            }
            m.against += 1;
            let theirs = side_total(seat);
            if my_total > theirs {
                m.ahead += 1;
            } else if theirs > my_total {
                m.behind += 1;
            }
        }
    }
    out.met = met
        .into_iter()
        .map(|(k, m)| (names.remove(&k).unwrap_or(k), m))
        .collect();
    out
}

/// Keeps the best hand the person known by `key` played in session `s`, if it beats the best of
/// its game so far (a tie names the session of the smaller id, one with an id before one
/// without: the same on every machine, whatever the order of the listing). Two names merged by
/// hand who held seats at one table are two people there, as everywhere in the stories.
fn best_hand(
    best: &mut BTreeMap<GameKind, (i64, Option<String>)>,
    s: &Rated,
    people: &People,
    key: &str,
) {
    let mine = seat_keys_of(s.holders, people)
        .iter()
        .zip(s.best_hands)
        .filter(|(k, _)| *k == key)
        .filter_map(|(_, b)| *b)
        .max();
    let Some(points) = mine else {
        return;
    };
    let id = s.id.map(str::to_string);
    let order = |id: &Option<String>| (id.is_none(), id.clone());
    match best.get(&s.game) {
        Some((b, at)) if *b > points || (*b == points && order(at) <= order(&id)) => {}
        _ => {
            best.insert(s.game, (points, id));
        }
    }
}
