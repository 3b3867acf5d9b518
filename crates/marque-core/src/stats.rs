//! Players' statistics across sessions and games (`marque stats`): for each person, the
//! sessions played and won, overall and per game.
//!
//! A person is a name compared without regard to capitals or to spaces at its ends or repeated
//! inside ("Anne", " anne ", "ANNE" are one player), shown as first met. A session counts in
//! `sessions` for each of its players; a win is being on a winning side of a finished session
//! (bridge: both partners of the side), so a session not finished counts in `sessions` only.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::games::GameKind;

/// What statistics need of one session.
#[derive(Debug, Clone, Copy)]
pub struct Played<'a> {
    pub game: GameKind,
    /// Names in seating order.
    pub players: &'a [String],
    pub finished: bool,
    /// The winning sides (indexes into the game's sides).
    pub winners: &'a [usize],
}

/// Sessions played and won.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Count {
    pub sessions: u64,
    pub wins: u64,
}

/// One person's statistics.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Player {
    pub name: String,
    pub sessions: u64,
    pub wins: u64,
    /// Per game, by its id in session files.
    pub games: BTreeMap<&'static str, Count>,
}

/// The key a name is known by: lower case, spaces folded.
pub fn person_key(name: &str) -> String {
    name.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// Everyone who played in `sessions`, most sessions first, then by name.
pub fn roster<'a>(sessions: impl IntoIterator<Item = Played<'a>>) -> Vec<Player> {
    let mut by_key: BTreeMap<String, Player> = BTreeMap::new();
    for s in sessions {
        // One person once per session, even under two spellings; a win if any seat won.
        let mut people: Vec<(String, &String, bool)> = Vec::new();
        for (seat, name) in s.players.iter().enumerate() {
            let won = s.finished && s.winners.contains(&s.game.side_of(seat));
            let key = person_key(name);
            match people.iter_mut().find(|(k, _, _)| *k == key) {
                Some(p) => p.2 |= won,
                None => people.push((key, name, won)),
            }
        }
        for (key, name, won) in people {
            let p = by_key.entry(key).or_insert_with(|| Player {
                name: name.split_whitespace().collect::<Vec<_>>().join(" "),
                sessions: 0,
                wins: 0,
                games: BTreeMap::new(),
            });
            p.sessions += 1;
            p.wins += u64::from(won);
            let g = p.games.entry(s.game.id()).or_default();
            g.sessions += 1;
            g.wins += u64::from(won);
        }
    }
    let mut out: Vec<Player> = by_key.into_values().collect();
    out.sort_by(|a, b| {
        b.sessions
            .cmp(&a.sessions)
            .then_with(|| a.name.cmp(&b.name))
    });
    out
}

/// Whether the person known by `key` ([`person_key`]) won session `s`: `None` if they did not
/// play in it; a session not finished is won by nobody. At bridge, both partners of the
/// winning side win.
pub fn won_by(s: &Played, key: &str) -> Option<bool> {
    let mut seats = s
        .players
        .iter()
        .enumerate()
        .filter(|(_, n)| person_key(n) == key)
        .map(|(i, _)| i)
        .peekable();
    seats.peek()?;
    Some(s.finished && seats.any(|seat| s.winners.contains(&s.game.side_of(seat))))
}

/// Two people's sessions together: how many, and the finished ones each won (at bridge both
/// may win, as partners; both may lose, to others).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct HeadToHead {
    pub together: u64,
    pub wins: [u64; 2],
    /// Per game, by its id: together, and each one's wins.
    pub games: BTreeMap<&'static str, (u64, [u64; 2])>,
}

/// The sessions `a` and `b` (names, compared as [`person_key`] does) played together.
pub fn head_to_head<'a>(
    sessions: impl IntoIterator<Item = Played<'a>>,
    a: &str,
    b: &str,
) -> HeadToHead {
    let keys = [person_key(a), person_key(b)];
    let mut out = HeadToHead::default();
    if keys[0] == keys[1] {
        return out;
    }
    for s in sessions {
        let (Some(wa), Some(wb)) = (won_by(&s, &keys[0]), won_by(&s, &keys[1])) else {
            continue;
        };
        out.together += 1;
        let g = out.games.entry(s.game.id()).or_default();
        g.0 += 1;
        for (i, w) in [wa, wb].into_iter().enumerate() {
            out.wins[i] += u64::from(w);
            g.1[i] += u64::from(w);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn head_to_head_counts_sessions_together_and_each_ones_wins() {
        let p1 = ["Anne".to_string(), "Bruno".to_string()];
        let p2 = [
            " anne".to_string(),
            "Claire".to_string(),
            "BRUNO".to_string(),
        ];
        let p3 = ["Anne".to_string(), "Claire".to_string()];
        let bridge = [
            "Anne".to_string(),
            "Bruno".to_string(),
            "Claire".to_string(),
            "David".to_string(),
        ];
        let sessions = [
            Played {
                game: GameKind::Truc,
                players: &p1,
                finished: true,
                winners: &[0],
            },
            Played {
                game: GameKind::Democratie,
                players: &p2,
                finished: true,
                winners: &[2],
            },
            Played {
                game: GameKind::Truc,
                players: &p3,
                finished: true,
                winners: &[0],
            },
            // Anne (N) and Bruno (E) on opposite sides; NS won.
            Played {
                game: GameKind::Bridge,
                players: &bridge,
                finished: true,
                winners: &[0],
            },
            Played {
                game: GameKind::Truc,
                players: &p1,
                finished: false,
                winners: &[],
            },
        ];
        let h = head_to_head(sessions, "ANNE", "bruno");
        assert_eq!(h.together, 4);
        assert_eq!(h.wins, [2, 1]);
        assert_eq!(h.games["truc"], (2, [1, 0]));
        assert_eq!(h.games["democratie"], (1, [0, 1]));
        assert_eq!(h.games["bridge"], (1, [1, 0]));
        assert_eq!(head_to_head(sessions, "Anne", " anne ").together, 0);
    }
}
