//! Teams of four at two tables (`club.teams`): each board IMPed between the tables, the margin
//! turned into Victory Points on the WBF 2013 continuous scale (`club.vp`).

use std::collections::BTreeMap;

use serde_json::{Value, json};

use super::board;
use super::figures::{At, Problems, hundredths, imps};
use super::table::{Entry, Played};
use crate::i18n::{Msg, msg};

/// The teams' names and how many boards, from the evening file.
pub struct Match {
    pub names: [String; 2],
    pub boards: u32,
    pub vp: bool,
}

pub fn read(ev: &serde_json::Map<String, Value>) -> Result<Match, Msg> {
    let teams = ev
        .get("teams")
        .and_then(Value::as_array)
        .filter(|t| t.len() == 2)
        .ok_or_else(|| Msg::new("club.err.teams"))?;
    let mut names: Vec<String> = Vec::new();
    let mut seen: Vec<String> = Vec::new();
    for t in teams {
        let name = t
            .get("name")
            .and_then(Value::as_str)
            .filter(|n| !n.trim().is_empty())
            .ok_or_else(|| Msg::new("club.err.teams"))?;
        let players = t
            .get("players")
            .and_then(Value::as_array)
            .filter(|p| (4..=6).contains(&p.len()))
            .ok_or_else(|| msg!("club.err.team_players", team = name))?;
        for p in players {
            let p = p
                .as_str()
                .filter(|p| !p.trim().is_empty())
                .ok_or_else(|| msg!("club.err.team_players", team = name))?;
            let key = crate::stats::person_key(p);
            if seen.contains(&key) {
                return Err(msg!("club.err.seated_twice", name = p));
            }
            seen.push(key);
        }
        names.push(name.to_string());
    }
    let boards = ev
        .get("boards")
        .and_then(Value::as_u64)
        .filter(|b| (1..=128).contains(b))
        .ok_or_else(|| Msg::new("club.err.team_boards"))? as u32;
    let vp = match ev.get("options") {
        None | Some(Value::Null) => true,
        Some(Value::Object(o)) => {
            for k in o.keys() {
                if k != "vp" {
                    return Err(msg!("club.err.option_unknown", key = k.as_str()));
                }
            }
            match o.get("vp") {
                None => true,
                Some(Value::Bool(b)) => *b,
                Some(_) => return Err(msg!("club.err.option_value", key = "vp")),
            }
        }
        Some(_) => return Err(Msg::new("club.err.options")),
    };
    let [a, b]: [String; 2] = names.try_into().map_err(|_| Msg::new("club.err.teams"))?;
    Ok(Match {
        names: [a, b],
        boards,
        vp,
    })
}

/// The N-S scores one table's entries give, by board, checked against the match.
pub fn scores(
    name: &str,
    entries: &[(usize, Entry)],
    m: &Match,
    problems: &mut Problems,
) -> BTreeMap<u32, i64> {
    let mut out = BTreeMap::new();
    for (i, e) in entries {
        let at = At::Hand(name.to_string(), i + 1);
        match e.played {
            Played::Average(_) => {
                problems.push((at, Msg::new("club.err.average_teams")));
            }
            _ if e.board > m.boards => problems.push((
                at,
                msg!(
                    "club.err.team_board",
                    board = i64::from(e.board),
                    boards = i64::from(m.boards)
                ),
            )),
            Played::Deal(h) => {
                out.insert(e.board, board::score(e.board, &h).ns_score());
            }
        }
    }
    out
}

/// The teams evening's output.
pub fn output(m: &Match, tables: [&BTreeMap<u32, i64>; 2]) -> Value {
    let mut totals = [0i64; 2];
    let mut counted = 0u32;
    let boards: Vec<Value> = (1..=m.boards)
        .map(|b| {
            let s = [tables[0].get(&b).copied(), tables[1].get(&b).copied()];
            let won = match s {
                [Some(x), Some(y)] => {
                    counted += 1;
                    let i = imps(x - y);
                    let won = if i >= 0 { [i, 0] } else { [0, -i] };
                    totals[0] += won[0];
                    totals[1] += won[1];
                    json!(won)
                }
                _ => Value::Null,
            };
            json!({"board": b, "dealer": board::dealer(b).code(),
                   "vulnerable": board::vulnerable_word(b), "scores": s, "imps": won})
        })
        .collect();
    let vp = (m.vp && counted > 0).then(|| {
        let margin = (totals[0] - totals[1]).abs();
        let winner = victory_points(margin, counted);
        let loser = 2000 - winner;
        let v = if totals[0] >= totals[1] {
            [winner, loser]
        } else {
            [loser, winner]
        };
        json!([hundredths(v[0]), hundredths(v[1])])
    });
    json!({"kind": "teams", "teams": m.names, "boards": boards, "imps": totals,
           "boards_counted": counted, "vp": vp})
}

/// The winner's Victory Points (hundredths) for a margin of `margin` IMPs over `boards` boards
/// (`club.vp`): the WBF 2013 continuous scale, rounded to 2 decimals, made concave.
pub fn victory_points(margin: i64, boards: u32) -> i64 {
    let table = vp_table(boards);
    usize::try_from(margin)
        .ok()
        .and_then(|m| table.get(m).copied())
        .unwrap_or(2000)
}

/// The scale for `boards` boards, from margin 0 to the first margin worth 20, in hundredths.
fn vp_table(boards: u32) -> Vec<i64> {
    let tau = (5f64.sqrt() - 1.0) / 2.0;
    let blitz = 15.0 * f64::from(boards).sqrt();
    let mut v = Vec::new();
    let mut m = 0i64;
    loop {
        let x = m as f64;
        let value = if x >= blitz {
            20.0
        } else {
            10.0 + 10.0 * (1.0 - tau.powf(3.0 * x / blitz)) / (1.0 - tau.powi(3))
        };
        let h = ((value * 100.0) + 0.5).floor() as i64;
        v.push(h.min(2000));
        if h >= 2000 {
            break;
        }
        m += 1;
    }
    // Concave: no IMP worth more than the one before it.
    loop {
        let raised = (1..v.len().saturating_sub(1)).find(|&k| v[k + 1] - v[k] > v[k] - v[k - 1]);
        match raised {
            Some(k) => v[k] += 1,
            None => break,
        }
    }
    v
}
