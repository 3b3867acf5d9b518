//! A bridge table's evening as its table sees it: each round, who sits N-S and E-W, the boards
//! it plays in their order, and which of them its file already holds; the next board to enter
//! and the entry it writes (`club-format.md`, "A bridge table's file").

use std::collections::BTreeMap;

use serde_json::{Map, Value, json};

use super::board;
use super::movement::Movement;
use super::table::{self, Entry, Played};
use super::{pairs, teams};
use crate::games::bridge::Hand;
use crate::i18n::{Arg, Msg, msg};

/// Who sits on one side of a table in a round: a pair (its number and names) or a team.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seated {
    /// The pair's number; `None` for a team.
    pub pair: Option<u32>,
    /// The pair's two names, or the team's name; empty for the phantom (nobody sits there).
    pub names: Vec<String>,
}

impl Seated {
    /// Nobody sits there (the phantom): the round is a sit-out.
    pub fn empty(&self) -> bool {
        self.names.is_empty()
    }

    /// Who sits there, in words: "paire 3 (Claire – David)", or the team's name.
    pub fn words(&self, lang: crate::i18n::Lang) -> String {
        match self.pair {
            Some(p) if self.empty() => {
                msg!("club.seated.phantom", pair = i64::from(p)).render(lang)
            }
            Some(p) => msg!(
                "club.seated.pair",
                pair = i64::from(p),
                names = self.names.join(" – ")
            )
            .render(lang),
            None => self.names.join(" – "),
        }
    }
}

/// One board of a round at the table: its number, and the entry that holds it (its place in
/// the file's `hands`), if any.
#[derive(Debug, Clone, PartialEq)]
pub struct PlannedBoard {
    pub board: u32,
    pub entered: Option<(usize, Played)>,
}

/// One round at the table.
#[derive(Debug, Clone, PartialEq)]
pub struct PlannedRound {
    pub round: u32,
    pub ns: Seated,
    pub ew: Seated,
    pub boards: Vec<PlannedBoard>,
}

impl PlannedRound {
    /// A pair meets the phantom: nobody plays these boards here.
    pub fn sit_out(&self) -> bool {
        self.ns.empty() || self.ew.empty()
    }
}

/// A bridge table's evening.
#[derive(Debug, Clone, PartialEq)]
pub struct Plan {
    pub table: u32,
    /// Pairs (true: an entry names its pairs and round; an artificial score is allowed) or
    /// teams of four.
    pub pairs: bool,
    pub rounds: Vec<PlannedRound>,
}

impl Plan {
    /// Whether the table has moved on from round place `r` (a board of a later round entered
    /// there): its boards are then corrected by the organiser only, not from the table's phone.
    pub fn moved_on(&self, r: usize) -> bool {
        self.rounds
            .iter()
            .skip(r + 1)
            .any(|round| round.boards.iter().any(|b| b.entered.is_some()))
    }

    /// The first board still to enter, in the table's order (round, then board): its round's
    /// and its own place.
    pub fn next(&self) -> Option<(usize, usize)> {
        self.rounds.iter().enumerate().find_map(|(r, round)| {
            if round.sit_out() {
                return None;
            }
            let b = round.boards.iter().position(|b| b.entered.is_none())?;
            Some((r, b))
        })
    }

    /// How many boards the table plays, and how many its file holds.
    pub fn progress(&self) -> (usize, usize) {
        let played = self.rounds.iter().filter(|r| !r.sit_out());
        let boards: Vec<&PlannedBoard> = played.flat_map(|r| r.boards.iter()).collect();
        let entered = boards.iter().filter(|b| b.entered.is_some()).count();
        (boards.len(), entered)
    }

    /// The entry of a table's file for board `b` of round `r` (places in [`Plan::rounds`]):
    /// the board, at pairs its round and pairs too (the table's own check), then what was
    /// played, a deal or an artificial score.
    pub fn entry(&self, r: usize, b: usize, played: &Played) -> Value {
        let round = &self.rounds[r];
        let mut v = Map::new();
        v.insert("board".into(), json!(round.boards[b].board));
        if self.pairs {
            v.insert("round".into(), json!(round.round));
            v.insert("ns".into(), json!(round.ns.pair));
            v.insert("ew".into(), json!(round.ew.pair));
        }
        match played {
            Played::Deal(h) => {
                if let Value::Object(o) = h.to_json() {
                    v.extend(o);
                }
            }
            Played::Average(a) => {
                v.insert("average".into(), json!(a));
            }
        }
        Value::Object(v)
    }
}

/// The table whose file is `name` in the bridge evening `evening`, with what its file `file`
/// holds; `None` where the evening is not a bridge evening that reads, or does not name the
/// file (the evening's own problems say why).
pub fn plan(evening: &Value, name: &str, file: Option<&Value>) -> Option<Plan> {
    let e = evening.as_object()?;
    let table = e
        .get("tables")?
        .as_array()?
        .iter()
        .find(|t| t.get("file").and_then(Value::as_str) == Some(name))?
        .get("table")?
        .as_u64()
        .and_then(|t| u32::try_from(t).ok())?;
    let entries = file.map(|f| table::entries(f).0).unwrap_or_default();
    let (pairs, rounds) = match e.get("kind").and_then(Value::as_str)? {
        "pairs" => (true, pair_rounds(e, table)?),
        "teams" => (false, team_rounds(e, table)?),
        _ => return None,
    };
    let mut plan = Plan {
        table,
        pairs,
        rounds,
    };
    // A board that comes back to the table (the 3-table Howell) is matched by its round; any
    // other by its board alone.
    let mut times: BTreeMap<u32, usize> = BTreeMap::new();
    for b in plan.rounds.iter().flat_map(|r| r.boards.iter()) {
        *times.entry(b.board).or_default() += 1;
    }
    for round in &mut plan.rounds {
        let r = round.round;
        for b in &mut round.boards {
            let again = times.get(&b.board).copied().unwrap_or(0) > 1;
            b.entered = entries.iter().find_map(|(i, x): &(usize, Entry)| {
                let same =
                    x.board == b.board && (x.round == Some(r) || !again && x.round.is_none());
                same.then_some((*i, x.played))
            });
        }
    }
    Some(plan)
}

fn pair_rounds(e: &Map<String, Value>, table: u32) -> Option<Vec<PlannedRound>> {
    let movement = Movement::read(e.get("movement")).ok()?;
    let names = pairs::pairs(e.get("pairs"), &movement).ok()?;
    let seat = |p: u32| Seated {
        pair: Some(p),
        names: names.get(&p).cloned().unwrap_or_default(),
    };
    let rounds = movement
        .sittings
        .iter()
        .filter(|s| s.table == table)
        .map(|s| PlannedRound {
            round: s.round,
            ns: seat(s.ns),
            ew: seat(s.ew),
            boards: s
                .boards
                .iter()
                .map(|&board| PlannedBoard {
                    board,
                    entered: None,
                })
                .collect(),
        })
        .collect();
    Some(rounds)
}

/// Teams of four: one round of every board; the first team sits N-S at table 1, E-W at 2.
fn team_rounds(e: &Map<String, Value>, table: u32) -> Option<Vec<PlannedRound>> {
    let m = teams::read(e).ok()?;
    let team = |k: usize| Seated {
        pair: None,
        names: vec![m.names[k].clone()],
    };
    let (ns, ew) = if table == 1 { (0, 1) } else { (1, 0) };
    Some(vec![PlannedRound {
        round: 1,
        ns: team(ns),
        ew: team(ew),
        boards: (1..=m.boards)
            .map(|board| PlannedBoard {
                board,
                entered: None,
            })
            .collect(),
    }])
}

/// What a board's entry says, in words: the contract, its declarer and result with the score
/// from N-S ("4♠ Nord, = : N-S +420"), a deal passed out, or the artificial score.
pub fn said(board: u32, played: &Played) -> Msg {
    match played {
        Played::Deal(
            h @ Hand::Played {
                contract,
                declarer,
                tricks,
                ..
            },
        ) => {
            let diff = i64::from(*tricks) - i64::from(contract.needed());
            let result = match diff {
                0 => "=".to_string(),
                d if d > 0 => format!("+{d}"),
                d => format!("−{}", -d),
            };
            msg!(
                "club.said.deal",
                contract = contract.display(),
                seat = Arg::Key(declarer.name_key()),
                result = result,
                score = signed(board::score(board, h).ns_score())
            )
        }
        Played::Deal(Hand::PassedOut) => Msg::new("club.said.passed"),
        Played::Average([ns, ew]) => msg!(
            "club.said.average",
            ns = i64::from(*ns),
            ew = i64::from(*ew)
        ),
    }
}

/// A score from N-S with its sign: +420, −50, 0.
fn signed(n: i64) -> String {
    match n {
        n if n > 0 => format!("+{n}"),
        n if n < 0 => format!("−{}", -n),
        _ => "0".to_string(),
    }
}
