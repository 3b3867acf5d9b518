//! Players' statistics across sessions and games (`marque stats`): for each person, the
//! sessions played and won, overall and per game, and per game the figures its players care
//! about (bridge contracts made and down, ascenseur exact bids, best brasse…).
//!
//! A person is a name compared without regard to capitals or to spaces at its ends or repeated
//! inside ("Anne", " anne ", "ANNE" are one player), shown as first met. A session counts in
//! `sessions` for each of its players; a win is being on a winning side of a finished session
//! (bridge: both partners of the side), so a session not finished counts in `sessions` only.

use std::collections::BTreeMap;

use serde::Serialize;
use serde::ser::SerializeMap;

use crate::games::{GameKind, Tally};

/// What statistics need of one session.
#[derive(Debug, Clone, Copy)]
pub struct Played<'a> {
    pub game: GameKind,
    /// Names in seating order.
    pub players: &'a [String],
    pub finished: bool,
    /// The winning sides (indexes into the game's sides).
    pub winners: &'a [usize],
    /// Each player's figures in the session, by seat (may be empty: no figures known).
    pub figures: &'a [Tally],
    /// Where table events changed who sat where, `players` are the persons who played a
    /// hand, each holding seat `seats[i]` and still holding it at the end if `holds[i]`
    /// (`table.*`, statistics); empty: `players` are the seats.
    pub seats: &'a [usize],
    pub holds: &'a [bool],
}

impl Played<'_> {
    /// The seat person `i` held.
    pub fn seat_of(&self, i: usize) -> usize {
        self.seats.get(i).copied().unwrap_or(i)
    }

    /// Whether person `i` is on a winning side at the end: a win goes to who holds a winning
    /// seat then.
    pub fn won(&self, i: usize) -> bool {
        self.finished
            && self.holds.get(i).copied().unwrap_or(true)
            && self.winners.contains(&self.game.side_of(self.seat_of(i)))
    }
}

/// One person's sessions, wins and figures at one game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameStats {
    pub game: GameKind,
    pub sessions: u64,
    pub wins: u64,
    pub figures: Tally,
}

impl GameStats {
    fn new(game: GameKind) -> GameStats {
        GameStats {
            game,
            sessions: 0,
            wins: 0,
            figures: Tally::new(game),
        }
    }

    /// A sum by its name (see [`GameKind::sums`]).
    pub fn sum(&self, name: &str) -> Option<i64> {
        let i = self.game.sums().iter().position(|n| *n == name)?;
        self.figures.sums().get(i).copied()
    }

    /// Every figure by its name, in the game's order: the sums, the bests (`None` before any
    /// hand), then the ratios (`None` when their divisor is 0).
    pub fn figures(&self) -> Vec<(&'static str, Option<f64>)> {
        let mut out = Vec::new();
        for (name, n) in self.game.sums().iter().zip(self.figures.sums()) {
            out.push((*name, Some(*n as f64)));
        }
        for (name, n) in self.game.bests().iter().zip(self.figures.bests()) {
            out.push((*name, n.map(|n| n as f64)));
        }
        for r in self.game.ratios() {
            let (over, by) = (self.sum(r.over).unwrap_or(0), self.sum(r.by).unwrap_or(0));
            out.push((r.name, (by != 0).then(|| over as f64 / by as f64)));
        }
        out
    }
}

impl GameStats {
    /// Every figure as the reader sees it: its name in `lang` and its value ("—" where there is
    /// none yet; a rate in whole percent; an average with one decimal).
    pub fn shown(&self, lang: crate::i18n::Lang) -> Vec<(String, String)> {
        let ratios = self.figures.sums().len() + self.figures.bests().len();
        self.figures()
            .into_iter()
            .enumerate()
            .map(|(i, (name, v))| {
                let label = crate::i18n::tr(lang, &figure_key(self.game, name));
                let value = match v {
                    None => "—".to_string(),
                    Some(v) if i < ratios => crate::games::number(v as i64),
                    Some(v) if name.ends_with("_rate") => {
                        crate::i18n::percent(lang, (v * 100.0).round() as i64)
                    }
                    Some(v) => crate::i18n::decimal1(lang, v),
                };
                (label, value)
            })
            .collect()
    }
}

/// The text key of a game's figure: `fig.GAME.NAME`.
pub fn figure_key(game: GameKind, name: &str) -> String {
    format!("fig.{}.{name}", game.id())
}

/// `{"sessions", "wins", ...figures}`: sums and bests as whole numbers, ratios rounded to
/// four places, `null` where there is nothing to show.
impl Serialize for GameStats {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("sessions", &self.sessions)?;
        m.serialize_entry("wins", &self.wins)?;
        for (name, n) in self.game.sums().iter().zip(self.figures.sums()) {
            m.serialize_entry(name, n)?;
        }
        for (name, n) in self.game.bests().iter().zip(self.figures.bests()) {
            m.serialize_entry(name, n)?;
        }
        for (name, v) in self
            .figures()
            .into_iter()
            .skip(self.figures.sums().len() + self.figures.bests().len())
        {
            m.serialize_entry(name, &v.map(|v| (v * 10_000.0).round() / 10_000.0))?;
        }
        m.end()
    }
}

/// One person's statistics.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Player {
    pub name: String,
    pub sessions: u64,
    pub wins: u64,
    /// The sessions that ended (a win rate counts them, not those in progress).
    #[serde(skip)]
    pub finished: u64,
    /// Per game, by its id in session files.
    pub games: BTreeMap<&'static str, GameStats>,
}

/// The spelling each person goes by, in every reader (the statistics, the ratings): of the
/// names they were typed under, one of the name they were merged into by hand where there is
/// one, then the most used, then the first in Unicode's order; the same whatever order the
/// sessions are read in.
#[derive(Debug, Clone, Default)]
pub struct Spellings(BTreeMap<String, BTreeMap<String, u64>>);

impl Spellings {
    /// Person `key` ([`People::key`]) was typed as `name` once more.
    pub fn add(&mut self, key: &str, name: &str) {
        *self
            .0
            .entry(key.to_string())
            .or_default()
            .entry(shown_name(name))
            .or_default() += 1;
    }

    /// Each person's spelling, by key.
    pub fn chosen(&self) -> BTreeMap<String, String> {
        self.0
            .iter()
            .filter_map(|(key, names)| {
                let best = names.iter().max_by(|(a, m), (b, n)| {
                    let own = |x: &str| person_key(x) == *key;
                    own(a).cmp(&own(b)).then(m.cmp(n)).then_with(|| b.cmp(a))
                })?;
                Some((key.clone(), best.0.clone()))
            })
            .collect()
    }
}

/// A name as shown: spaces at its ends dropped, repeated ones folded.
pub fn shown_name(name: &str) -> String {
    name.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The key a name is known by: spaces folded, characters that show nothing dropped (zero-width
/// spaces and joiners, direction marks, a soft hyphen), the same letters however they were typed
/// (Unicode's NFC: "é" precomposed or as "e" and an accent), case folded as Unicode folds it
/// ("Straße" and "STRASSE" are one).
pub fn person_key(name: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    let visible: String = shown_name(name)
        .chars()
        .filter(|c| !crate::i18n::invisible(*c))
        .collect();
    // Full case folding (ß and SS are one, as ﬁ and fi), which can take a letter apart
    // (İ → i + dot): composed again.
    let composed: String = visible.nfc().collect();
    let folded = unicase::UniCase::new(composed.as_str()).to_folded_case();
    shown_name(&folded.nfc().collect::<String>())
}

/// The first two of `names` that are one person for `people` ("Paul" and "paul ", "Zoé"
/// typed two ways, or two names merged by hand): a session file may hold them (they are
/// distinct strings), but a table setting one down would see them counted as one player.
pub fn same_person<S: AsRef<str>>(names: &[S], people: &People) -> Option<(usize, usize)> {
    let keys: Vec<String> = names.iter().map(|n| people.key(n.as_ref())).collect();
    keys.iter()
        .enumerate()
        .find_map(|(j, k)| keys[..j].iter().position(|e| e == k).map(|i| (i, j)))
}

/// Which of `seated` the name `name` (given to a substitute or an arrival) is the same person
/// as, for `people`, if any: the rule the window and `marque add` both refuse by (a session
/// holding it would count one person twice).
pub fn seated_as<S: AsRef<str>>(name: &str, seated: &[S], people: &People) -> Option<usize> {
    let key = people.key(name);
    seated.iter().position(|p| people.key(p.as_ref()) == key)
}

/// The seating rule every writer applies (the window, `marque add`, a table's phone): a
/// substitute or an arrival of `hand` named as a player seated at `seats` (the table before
/// it), however typed (capitals, spaces, accents, invisible characters) or merged by hand in
/// `people`, is refused in words: the statistics would count them as one person. The very name
/// seated is the session's own rule to refuse (`table.replace`), not this one's.
pub fn same_person_seated(
    hand: &crate::games::GameHand,
    seats: &crate::games::table::Seats,
    people: &People,
) -> Option<crate::i18n::Msg> {
    use crate::games::table::Event;
    let name = match hand.event() {
        Some(Event::Replace { player, .. } | Event::Join { player, .. }) => player,
        _ => return None,
    };
    let names = seats.current();
    let seated: Vec<&str> = (0..names.len())
        .filter(|&s| seats.plays(s))
        .map(|s| names[s].as_str())
        .collect();
    if seated.contains(&name.as_str()) {
        return None;
    }
    seated_as(name, &seated, people).map(|i| {
        crate::i18n::msg!(
            "event.err.same_person",
            name = name.as_str(),
            seated = seated[i]
        )
    })
}

/// Who is who: names merged by hand into one person (kept in the preferences, never written
/// into sessions), beside the names that are one person by [`person_key`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct People {
    /// A person's key → the key of the person it is merged into.
    merged: BTreeMap<String, String>,
}

impl People {
    /// From pairs of names: the first is the same person as the second. A pair that would make
    /// a loop, or a name merged into itself, is left out.
    pub fn new<'a>(pairs: impl IntoIterator<Item = (&'a str, &'a str)>) -> People {
        let mut p = People::default();
        for (from, into) in pairs {
            let (from, into) = (person_key(from), p.key(into));
            if from != into && p.key_of(&into) != from {
                p.merged.insert(from, into);
            }
        }
        p
    }

    /// Each merge: a person's key, and the key of the person it is merged into.
    pub fn merges(&self) -> impl Iterator<Item = (&str, &str)> {
        self.merged.iter().map(|(a, b)| (a.as_str(), b.as_str()))
    }

    /// The key `name` is known by, merges followed.
    pub fn key(&self, name: &str) -> String {
        self.key_of(&person_key(name))
    }

    fn key_of(&self, key: &str) -> String {
        let mut k = key;
        // Each merge points to a key that was final when it was made: a few steps at most.
        for _ in 0..=self.merged.len() {
            match self.merged.get(k) {
                Some(next) => k = next,
                None => break,
            }
        }
        k.to_string()
    }
}

/// The person each seat of a session is. Two names merged by hand that sat at one table are
/// two people there: the merge is not followed in that session.
fn seat_keys(s: &Played, people: &People) -> Vec<String> {
    seat_keys_of(s.players, people)
}

/// The person each of `players` is (by [`People::key`]), two names merged by hand that sat at
/// one table kept apart.
pub fn seat_keys_of(players: &[String], people: &People) -> Vec<String> {
    let mut keys: Vec<String> = players.iter().map(|n| people.key(n)).collect();
    for i in 0..keys.len() {
        for j in 0..i {
            let own = (person_key(&players[i]), person_key(&players[j]));
            if keys[i] == keys[j] && own.0 != own.1 {
                keys[i] = own.0;
                keys[j] = own.1;
            }
        }
    }
    keys
}

/// Everyone who played in `sessions`, most sessions first, then by name.
pub fn roster<'a>(sessions: impl IntoIterator<Item = Played<'a>>, people: &People) -> Vec<Player> {
    let mut by_key: BTreeMap<String, Player> = BTreeMap::new();
    let mut spellings = Spellings::default();
    for s in sessions {
        // One person once per session, even under two names; a win if any seat won; the
        // figures of every seat they held.
        let mut here: Vec<(String, &String, bool, Tally)> = Vec::new();
        for ((seat, name), key) in s.players.iter().enumerate().zip(seat_keys(&s, people)) {
            let won = s.won(seat);
            let i = match here.iter().position(|p| p.0 == key) {
                Some(i) => i,
                None => {
                    here.push((key, name, false, Tally::new(s.game)));
                    here.len() - 1
                }
            };
            here[i].2 |= won;
            if let Some(f) = s.figures.get(seat) {
                here[i].3.merge(f);
            }
        }
        for (key, name, won, figures) in here {
            let p = by_key.entry(key.clone()).or_insert_with(|| Player {
                name: shown_name(name),
                sessions: 0,
                wins: 0,
                finished: 0,
                games: BTreeMap::new(),
            });
            spellings.add(&key, name);
            p.sessions += 1;
            p.wins += u64::from(won);
            p.finished += u64::from(s.finished);
            let g = p
                .games
                .entry(s.game.id())
                .or_insert_with(|| GameStats::new(s.game));
            g.sessions += 1;
            g.wins += u64::from(won);
            g.figures.merge(&figures);
        }
    }
    // One spelling a person, as every reader shows them.
    let chosen = spellings.chosen();
    for (key, p) in &mut by_key {
        if let Some(name) = chosen.get(key) {
            p.name.clone_from(name);
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

/// Whether the person known by `key` ([`People::key`]) won session `s`: `None` if they did not
/// play in it; a session not finished is won by nobody. At bridge, both partners of the
/// winning side win.
pub fn won_by(s: &Played, people: &People, key: &str) -> Option<bool> {
    let mut seats = seat_keys(s, people)
        .into_iter()
        .enumerate()
        .filter(|(_, k)| k == key)
        .map(|(i, _)| i)
        .peekable();
    seats.peek()?;
    Some(seats.any(|i| s.won(i)))
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

/// The sessions `a` and `b` (names, known as [`People::key`] says) played together.
pub fn head_to_head<'a>(
    sessions: impl IntoIterator<Item = Played<'a>>,
    people: &People,
    a: &str,
    b: &str,
) -> HeadToHead {
    let keys = [people.key(a), people.key(b)];
    let mut out = HeadToHead::default();
    if keys[0] == keys[1] {
        return out;
    }
    for s in sessions {
        let (Some(wa), Some(wb)) = (won_by(&s, people, &keys[0]), won_by(&s, people, &keys[1]))
        else {
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
    fn same_person_finds_two_names_of_one_person() {
        // "Zoé" precomposed, then as "e" and an accent; a zero-width space; capitals.
        let none = People::default();
        let names = ["Zo\u{e9}", "Paul", "zoe\u{301}"];
        assert_eq!(same_person(&names, &none), Some((0, 2)));
        let spaced = ["Paul", "Lise", " PAUL\u{200b}"];
        assert_eq!(same_person(&spaced, &none), Some((0, 2)));
        assert_eq!(same_person(&["Paul", "Paula", "Pau l"], &none), None);
        // Full case folding, not lower case (issue 40): ß is ss, as ﬁ is fi.
        assert_eq!(
            same_person(&["Straße", "Lise", "STRASSE"], &none),
            Some((0, 2))
        );
        assert_eq!(person_key("ﬁona"), person_key("FIONA"));
        assert_eq!(person_key("İlker"), person_key("i\u{307}lker"));
        // Two names the club merged by hand.
        let merged = People::new([("Polo", "Paul")]);
        assert_eq!(
            same_person(&["Paul", "Lise", "polo"], &merged),
            Some((0, 2))
        );
    }

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
                figures: &[],
                seats: &[],
                holds: &[],
            },
            Played {
                game: GameKind::Democratie,
                players: &p2,
                finished: true,
                winners: &[2],
                figures: &[],
                seats: &[],
                holds: &[],
            },
            Played {
                game: GameKind::Truc,
                players: &p3,
                finished: true,
                winners: &[0],
                figures: &[],
                seats: &[],
                holds: &[],
            },
            // Anne (N) and Bruno (E) on opposite sides; NS won.
            Played {
                game: GameKind::Bridge,
                players: &bridge,
                finished: true,
                winners: &[0],
                figures: &[],
                seats: &[],
                holds: &[],
            },
            Played {
                game: GameKind::Truc,
                players: &p1,
                finished: false,
                winners: &[],
                figures: &[],
                seats: &[],
                holds: &[],
            },
        ];
        let none = People::default();
        let h = head_to_head(sessions, &none, "ANNE", "bruno");
        assert_eq!(h.together, 4);
        assert_eq!(h.wins, [2, 1]);
        assert_eq!(h.games["truc"], (2, [1, 0]));
        assert_eq!(h.games["democratie"], (1, [0, 1]));
        assert_eq!(h.games["bridge"], (1, [1, 0]));
        assert_eq!(head_to_head(sessions, &none, "Anne", " anne ").together, 0);
    }

    #[test]
    fn names_merged_by_hand_follow_each_other_and_never_loop() {
        let p = People::new([
            ("Ali", "Alice"),
            ("alice ", "ALI"),
            ("Al", "ali"),
            ("Bo", "bo"),
        ]);
        // Ali → Alice; "alice → ali" would loop and is left out; Al → Ali → Alice.
        assert_eq!(p.key(" AL "), "alice");
        assert_eq!(p.key("Ali"), "alice");
        assert_eq!(p.key("Alice"), "alice");
        assert_eq!(p.key("Bo"), "bo");
        assert_eq!(p.key("Zoé"), "zoé");
    }

    #[test]
    fn figures_add_across_sessions_and_seats_and_ratios_wait_for_a_divisor() {
        let game = GameKind::Ascenseur;
        let tally =
            |rounds, exact, points, best| Tally::of(&[rounds, exact, points], &[best]).unwrap();
        let players = ["Anne".to_string(), "Bruno".to_string(), "ANNE".to_string()];
        let one = [
            tally(2, 1, 4, Some(3)),
            tally(2, 0, -2, Some(-1)),
            tally(1, 1, 3, Some(5)),
        ];
        let none = [Tally::new(game), Tally::new(game), Tally::new(game)];
        let sessions = [
            Played {
                game,
                players: &players,
                finished: false,
                winners: &[],
                figures: &one,
                seats: &[],
                holds: &[],
            },
            Played {
                game,
                players: &players[..2],
                finished: false,
                winners: &[],
                figures: &none[..2],
                seats: &[],
                holds: &[],
            },
        ];
        let r = roster(sessions, &People::default());
        let anne = &r.iter().find(|p| p.name == "Anne").unwrap().games["ascenseur"];
        assert_eq!(anne.sessions, 2);
        assert_eq!(anne.figures.sums(), [3, 2, 7]);
        assert_eq!(anne.figures.bests(), [Some(5)]);
        let shown = anne.shown(crate::i18n::Lang::Fr);
        assert_eq!(shown.last().unwrap().1, "67 %");
        let empty = GameStats::new(game);
        assert_eq!(empty.shown(crate::i18n::Lang::En)[3].1, "—", "no best yet");
        assert_eq!(empty.shown(crate::i18n::Lang::En)[4].1, "—", "no rate yet");
    }

    #[test]
    fn every_ratio_divides_two_of_its_games_sums() {
        for g in GameKind::ALL {
            for r in g.ratios() {
                assert!(g.sums().contains(&r.over), "{}: {}", g.id(), r.over);
                assert!(g.sums().contains(&r.by), "{}: {}", g.id(), r.by);
            }
        }
    }

    #[test]
    fn names_merged_by_hand_that_sat_at_one_table_stay_two_people_there() {
        let people = People::new([("Ali", "Alice")]);
        let together = ["Ali".to_string(), "Alice".to_string()];
        let apart = ["Ali".to_string(), "Bruno".to_string()];
        let sessions = [
            Played {
                game: GameKind::Truc,
                players: &together,
                finished: true,
                winners: &[0],
                figures: &[],
                seats: &[],
                holds: &[],
            },
            Played {
                game: GameKind::Truc,
                players: &apart,
                finished: true,
                winners: &[0],
                figures: &[],
                seats: &[],
                holds: &[],
            },
        ];
        let r = roster(sessions, &people);
        let count = |name: &str| {
            let p = r.iter().find(|p| p.name == name).unwrap();
            (p.sessions, p.wins)
        };
        // Alice: her own session (lost) and Ali's other one (won); Ali: the one at her table.
        assert_eq!(count("Alice"), (2, 1));
        assert_eq!(count("Ali"), (1, 1));
        assert_eq!(won_by(&sessions[0], &people, "alice"), Some(false));
    }

    #[test]
    fn every_games_figures_fit_a_tally_and_read_back_as_written() {
        for g in GameKind::ALL {
            assert!(g.sums().len() <= Tally::MAX_SUMS, "{}", g.id());
            assert!(g.bests().len() <= Tally::MAX_BESTS, "{}", g.id());
            let mut t = Tally::new(g);
            t.add(0, 7);
            t.best(0, -3);
            let text = serde_json::to_string(&t).unwrap();
            assert_eq!(serde_json::from_str::<Tally>(&text).unwrap(), t, "{text}");
        }
        assert_eq!(
            serde_json::to_string(&Tally::of(&[1, 2], &[None, Some(4)]).unwrap()).unwrap(),
            "[1,2,[null,4]]"
        );
        assert!(serde_json::from_str::<Tally>("[1,2,3,4,5,6,7,8,9,10,11,12,13]").is_err());
    }
}
