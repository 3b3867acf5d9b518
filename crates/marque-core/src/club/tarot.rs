//! A Tarot evening in "donnes libres" (`club.tarot.evening`): tables of 4 or 5, rounds of a few
//! deals, the players moved between rounds (`club.tarot.rotation`), ranked by the sum of
//! their totals (`club.tarot.rank`, `club.tarot.ties`).

use std::collections::{BTreeMap, BTreeSet};

use serde_json::{Value, json};

use super::figures::{At, Problems, place_words, plain_name};
use crate::i18n::{Msg, msg};
use crate::session::Session;

/// The evening as its file has it.
pub struct Evening {
    pub players: Vec<String>,
    pub rounds: u32,
    pub deals: usize,
    pub size: usize,
    pub rotation: bool,
    /// (round, table, file), in round then table order.
    pub tables: Vec<(u32, u32, String)>,
}

pub fn read(ev: &serde_json::Map<String, Value>) -> Result<Evening, Msg> {
    let players: Vec<String> = ev
        .get("players")
        .and_then(Value::as_array)
        .and_then(|a| a.iter().map(|p| p.as_str().map(str::to_string)).collect())
        .filter(|p: &Vec<String>| !p.is_empty() && p.iter().all(|n| !n.trim().is_empty()))
        .ok_or_else(|| Msg::new("club.err.tarot_players"))?;
    let mut seen = BTreeSet::new();
    for p in &players {
        if !seen.insert(crate::stats::person_key(p)) {
            return Err(msg!("club.err.seated_twice", name = p.as_str()));
        }
    }
    let num = |k: &str| ev.get(k).and_then(Value::as_u64);
    let rounds = num("rounds")
        .filter(|r| (1..=50).contains(r))
        .ok_or_else(|| Msg::new("club.err.tarot_rounds"))? as u32;
    let deals = num("deals_per_round")
        .filter(|d| (1..=100).contains(d))
        .ok_or_else(|| Msg::new("club.err.tarot_deals"))? as usize;
    let size = match ev.get("table_size") {
        None => 4,
        Some(v) => match v.as_u64() {
            Some(s @ (4 | 5)) => s as usize,
            _ => return Err(Msg::new("club.err.table_size")),
        },
    };
    let rotation = match ev.get("rotation") {
        None | Some(Value::Null) => false,
        Some(Value::String(s)) if s == "shift" => true,
        Some(_) => return Err(Msg::new("club.err.rotation")),
    };
    if let Some(o) = ev.get("options").filter(|o| !o.is_null()) {
        match o.as_object() {
            Some(m) if m.is_empty() => {}
            Some(m) => {
                let k = m.keys().next().map_or("", String::as_str);
                return Err(msg!("club.err.option_unknown", key = k));
            }
            None => return Err(Msg::new("club.err.options")),
        }
    }
    if rotation && !players.len().is_multiple_of(size) {
        return Err(msg!(
            "club.err.rotation_count",
            players = players.len() as i64,
            size = size as i64
        ));
    }
    let mut tables = Vec::new();
    for t in ev
        .get("tables")
        .and_then(Value::as_array)
        .ok_or_else(|| Msg::new("club.err.tables"))?
    {
        let table = t
            .get("table")
            .and_then(Value::as_u64)
            .filter(|n| (1..=1000).contains(n));
        let round = t
            .get("round")
            .and_then(Value::as_u64)
            .filter(|n| (1..=1000).contains(n));
        let file = t.get("file").and_then(Value::as_str);
        let (Some(table), Some(round), Some(file)) = (table, round, file) else {
            return Err(Msg::new("club.err.tarot_table"));
        };
        let (table, round) = (table as u32, round as u32);
        if round > rounds {
            return Err(msg!("club.err.tarot_round", round = i64::from(round)));
        }
        if rotation && table as usize > players.len() / size {
            return Err(msg!(
                "club.err.tarot_rotation_table",
                table = i64::from(table)
            ));
        }
        if tables.iter().any(|(r, t, _)| *r == round && *t == table) {
            return Err(msg!(
                "club.err.tarot_twice",
                table = i64::from(table),
                round = i64::from(round)
            ));
        }
        plain_name(file)?;
        if tables.iter().any(|(_, _, f)| f == file) {
            return Err(msg!("club.err.file_twice", file = file));
        }
        tables.push((round, table, file.to_string()));
    }
    tables.sort();
    Ok(Evening {
        players,
        rounds,
        deals,
        size,
        rotation,
        tables,
    })
}

impl Evening {
    /// The rotation's seating at table `table` in round `round` (`club.tarot.rotation`): the
    /// player of seat s comes from s × (round − 1) tables down.
    pub fn seated(&self, round: u32, table: u32) -> Vec<String> {
        let t = (self.players.len() / self.size) as u32;
        (0..self.size as u32)
            .map(|s| {
                let moved = (s * (round - 1)) % t;
                let from = (table - 1 + t - moved) % t;
                self.players[(s * t + from) as usize].clone()
            })
            .collect()
    }

    fn tables_a_round(&self) -> u32 {
        (self.players.len() / self.size) as u32
    }
}

/// A table's session, read and scored: its players, totals and deals played.
pub struct Played {
    pub players: Vec<String>,
    pub totals: Vec<i64>,
    pub deals: usize,
}

pub fn table(
    name: &str,
    v: &Value,
    (round, table): (u32, u32),
    ev: &Evening,
    problems: &mut Problems,
) -> Option<Played> {
    let file = |m: Msg| (At::File(name.to_string()), m);
    if v.get("game").and_then(Value::as_str) != Some("tarot") {
        problems.push(file(Msg::new("club.err.not_tarot")));
        return None;
    }
    let session = match Session::from_value(v) {
        Ok(s) => s,
        Err(ps) => {
            problems.extend(ps.into_iter().map(|p| match p.hand {
                Some(h) => (At::Hand(name.to_string(), h), p.msg),
                None => file(p.msg),
            }));
            return None;
        }
    };
    if let Some(i) = session.hands.iter().position(|h| h.game.event().is_some()) {
        problems.push((
            At::Hand(name.to_string(), i + 1),
            Msg::new("club.err.tarot_event"),
        ));
        return None;
    }
    let known: BTreeSet<String> = ev
        .players
        .iter()
        .map(|p| crate::stats::person_key(p))
        .collect();
    for p in &session.players {
        if !known.contains(&crate::stats::person_key(p)) {
            problems.push(file(msg!("club.err.stranger", name = p.as_str())));
            return None;
        }
    }
    if session.hands.len() > ev.deals {
        problems.push(file(msg!(
            "club.err.too_many_deals",
            deals = session.hands.len() as i64,
            most = ev.deals as i64
        )));
        return None;
    }
    if ev.rotation {
        let mut want: Vec<String> = ev
            .seated(round, table)
            .iter()
            .map(|p| crate::stats::person_key(p))
            .collect();
        let mut have: Vec<String> = session
            .players
            .iter()
            .map(|p| crate::stats::person_key(p))
            .collect();
        want.sort();
        have.sort();
        if want != have {
            problems.push(file(msg!(
                "club.err.not_rotation",
                table = i64::from(table),
                round = i64::from(round),
                names = ev.seated(round, table).join(", ")
            )));
            return None;
        }
    }
    match session.score() {
        Ok(sheet) => Some(Played {
            players: session.players.clone(),
            totals: sheet.totals,
            deals: session.hands.len(),
        }),
        Err(ps) => {
            problems.extend(ps.into_iter().map(|p| match p.hand {
                Some(h) => (At::Hand(name.to_string(), h), p.msg),
                None => file(p.msg),
            }));
            None
        }
    }
}

/// The Tarot evening's output; `played` by (round, table), None where the file is absent.
pub fn output(ev: &Evening, played: &BTreeMap<(u32, u32), Option<Played>>) -> Value {
    let key = |p: &str| crate::stats::person_key(p);
    let mut points: BTreeMap<String, (i64, u32)> =
        ev.players.iter().map(|p| (key(p), (0, 0))).collect();
    let tables: Vec<Value> = ev
        .tables
        .iter()
        .map(
            |(round, table, file)| match played.get(&(*round, *table)).and_then(Option::as_ref) {
                Some(p) => {
                    for (name, total) in p.players.iter().zip(&p.totals) {
                        if let Some(e) = points.get_mut(&key(name)) {
                            e.0 += total;
                            e.1 += u32::from(p.deals > 0);
                        }
                    }
                    json!({"table": table, "round": round, "file": file, "players": p.players,
                       "totals": p.totals, "deals": p.deals, "complete": p.deals == ev.deals})
                }
                None => {
                    let players = ev.rotation.then(|| ev.seated(*round, *table));
                    json!({"table": table, "round": round, "file": file, "players": players,
                       "totals": null, "deals": 0, "complete": false})
                }
            },
        )
        .collect();
    let mut ranking: Vec<(usize, &String, i64, u32)> = ev
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let (pts, n) = points.get(&key(p)).copied().unwrap_or((0, 0));
            (i, p, pts, n)
        })
        .collect();
    ranking.sort_by(|a, b| b.2.cmp(&a.2).then(a.0.cmp(&b.0)));
    let values: Vec<i64> = ranking.iter().map(|r| r.2).collect();
    let places = place_words(&values);
    let ranking: Vec<Value> = ranking
        .iter()
        .zip(places)
        .map(|((_, p, pts, n), place)| {
            json!({"player": p, "points": pts, "tables": n, "place": place})
        })
        .collect();
    let mut out = json!({"kind": "tarot", "tables": tables, "ranking": ranking});
    if ev.rotation {
        let mut schedule = Vec::new();
        let mut met: BTreeMap<(usize, usize), u32> = BTreeMap::new();
        for r in 1..=ev.rounds {
            for t in 1..=ev.tables_a_round() {
                let seated = ev.seated(r, t);
                let idx: Vec<usize> = seated
                    .iter()
                    .filter_map(|s| ev.players.iter().position(|p| p == s))
                    .collect();
                for (k, a) in idx.iter().enumerate() {
                    for b in &idx[k + 1..] {
                        *met.entry(((*a).min(*b), (*a).max(*b))).or_default() += 1;
                    }
                }
                schedule.push(json!({"round": r, "table": t, "players": seated}));
            }
        }
        out["schedule"] = json!(schedule);
        out["meets_max"] = json!(met.values().max().copied().unwrap_or(0));
    }
    out
}

/// A player at two tables in one round: the later table's file is refused.
pub fn two_tables(
    ev: &Evening,
    played: &BTreeMap<(u32, u32), Option<Played>>,
    problems: &mut Problems,
) {
    for r in 1..=ev.rounds {
        let mut seen: BTreeMap<String, u32> = BTreeMap::new();
        for (round, table, file) in &ev.tables {
            if *round != r {
                continue;
            }
            let Some(Some(p)) = played.get(&(*round, *table)) else {
                continue;
            };
            for name in &p.players {
                if seen
                    .insert(crate::stats::person_key(name), *table)
                    .is_some()
                {
                    problems.push((
                        At::File(file.clone()),
                        msg!(
                            "club.err.two_tables",
                            name = name.as_str(),
                            round = i64::from(r)
                        ),
                    ));
                }
            }
        }
    }
}
