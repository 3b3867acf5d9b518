//! Movements: who sits where and plays which boards, round by round (`club.mitchell`,
//! `club.mitchell.skip`, `club.howell`), read from the evening's `movement`.

use serde_json::Value;

use crate::i18n::{Msg, msg};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Mitchell,
    Howell,
}

/// One table in one round: its pairs (by their numbers) and its boards.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sitting {
    pub round: u32,
    pub table: u32,
    pub ns: u32,
    pub ew: u32,
    pub boards: Vec<u32>,
}

/// A movement: its sittings in round then table order.
#[derive(Debug, Clone)]
pub struct Movement {
    pub kind: Kind,
    pub tables: u32,
    pub rounds: u32,
    pub sittings: Vec<Sitting>,
}

/// The 2-table Howell (`Howell04T2B18`, `…B24`): per round, per table, (N-S, E-W, set).
const HOWELL2: [[(u32, u32, u32); 2]; 6] = [
    [(4, 1, 1), (2, 3, 2)],
    [(4, 1, 2), (3, 2, 1)],
    [(4, 2, 3), (3, 1, 4)],
    [(4, 2, 4), (1, 3, 3)],
    [(4, 3, 5), (1, 2, 6)],
    [(4, 3, 6), (2, 1, 5)],
];

/// The 3-table Howell (`Howell06T3B20`): per round, per table, (N-S, E-W, two half-sets).
const HOWELL3: [[(u32, u32, [u32; 2]); 3]; 5] = [
    [(6, 1, [1, 2]), (4, 3, [3, 9]), (2, 5, [6, 8])],
    [(6, 2, [3, 4]), (5, 4, [1, 5]), (3, 1, [8, 10])],
    [(6, 3, [5, 6]), (1, 5, [3, 7]), (4, 2, [2, 10])],
    [(6, 4, [7, 8]), (2, 1, [5, 9]), (5, 3, [2, 4])],
    [(6, 5, [9, 10]), (3, 2, [1, 7]), (1, 4, [4, 6])],
];

fn set(s: u32, size: u32) -> impl Iterator<Item = u32> {
    (1..=size).map(move |k| (s - 1) * size + k)
}

/// Taken mod 7, 7 for 0 (the 4-table Howell's pair and set numbers).
fn mod7(n: u32) -> u32 {
    match n % 7 {
        0 => 7,
        k => k,
    }
}

impl Movement {
    /// The movement an evening's `movement` names, or why not.
    pub fn read(v: Option<&Value>) -> Result<Movement, Msg> {
        let Some(Value::Object(m)) = v else {
            return Err(Msg::new("club.err.movement"));
        };
        let num = |k: &str| {
            m.get(k)
                .and_then(Value::as_u64)
                .map(|n| u32::try_from(n).unwrap_or(u32::MAX))
        };
        let kind = m.get("kind").and_then(Value::as_str).unwrap_or("");
        let tables = num("tables").ok_or_else(|| Msg::new("club.err.movement"))?;
        match kind {
            "mitchell" => {
                let per = num("boards_per_round")
                    .filter(|b| (1..=36).contains(b))
                    .ok_or_else(|| Msg::new("club.err.boards_per_round"))?;
                if !(2..=30).contains(&tables) {
                    return Err(msg!("club.err.mitchell_tables", tables = i64::from(tables)));
                }
                let most = if tables % 2 == 1 { tables } else { tables - 1 };
                let rounds = rounds(m.get("rounds"), most)?;
                Ok(Movement::mitchell(tables, per, rounds))
            }
            "howell" => {
                let per = num("boards_per_set").unwrap_or(0);
                let most = match (tables, per) {
                    (2, 3 | 4) => 6,
                    (3, 2) => 5,
                    (4, 2 | 3) => 7,
                    _ => {
                        return Err(msg!(
                            "club.err.howell",
                            tables = i64::from(tables),
                            boards = i64::from(per)
                        ));
                    }
                };
                let rounds = rounds(m.get("rounds"), most)?;
                Ok(Movement::howell(tables, per, rounds))
            }
            other => Err(msg!("club.err.movement_kind", kind = other)),
        }
    }

    /// A Mitchell of `tables` tables, `per` boards a round, `rounds` rounds.
    pub fn mitchell(tables: u32, per: u32, rounds: u32) -> Movement {
        let mut sittings = Vec::new();
        for r in 1..=rounds {
            let shift = if tables.is_multiple_of(2) && r > tables / 2 {
                r
            } else {
                r - 1
            };
            for t in 1..=tables {
                let s = (t + r - 2) % tables + 1;
                let ew = tables + (t - 1 + tables * 2 - shift % tables) % tables + 1;
                sittings.push(Sitting {
                    round: r,
                    table: t,
                    ns: t,
                    ew,
                    boards: set(s, per).collect(),
                });
            }
        }
        Movement {
            kind: Kind::Mitchell,
            tables,
            rounds,
            sittings,
        }
    }

    /// One of the published Howells (`club.howell`).
    pub fn howell(tables: u32, per: u32, rounds: u32) -> Movement {
        let mut sittings = Vec::new();
        for r in 1..=rounds {
            let at = |t: u32, ns: u32, ew: u32, boards: Vec<u32>| Sitting {
                round: r,
                table: t,
                ns,
                ew,
                boards,
            };
            let ri = (r - 1) as usize;
            match tables {
                2 => {
                    for (k, (ns, ew, s)) in HOWELL2[ri].iter().enumerate() {
                        sittings.push(at(k as u32 + 1, *ns, *ew, set(*s, per).collect()));
                    }
                }
                3 => {
                    for (k, (ns, ew, halves)) in HOWELL3[ri].iter().enumerate() {
                        let boards = halves.iter().flat_map(|h| set(*h, per)).collect();
                        sittings.push(at(k as u32 + 1, *ns, *ew, boards));
                    }
                }
                _ => {
                    let rows = [
                        (8, r, r),
                        (mod7(r + 2), mod7(r + 5), mod7(r + 3)),
                        (mod7(r + 1), mod7(r + 6), mod7(r + 5)),
                        (mod7(r + 4), mod7(r + 3), mod7(r + 6)),
                    ];
                    for (k, (ns, ew, s)) in rows.into_iter().enumerate() {
                        sittings.push(at(k as u32 + 1, ns, ew, set(s, per).collect()));
                    }
                }
            }
        }
        Movement {
            kind: Kind::Howell,
            tables,
            rounds,
            sittings,
        }
    }

    /// How many pair numbers the movement seats: 2 a table.
    pub fn places(&self) -> u32 {
        self.tables * 2
    }

    /// The boards the movement brings to some table, in number order.
    pub fn boards(&self) -> Vec<u32> {
        let mut b: Vec<u32> = self
            .sittings
            .iter()
            .flat_map(|s| s.boards.clone())
            .collect();
        b.sort_unstable();
        b.dedup();
        b
    }

    /// The sittings where table `table` plays board `board`.
    pub fn at(&self, table: u32, board: u32) -> impl Iterator<Item = &Sitting> {
        self.sittings
            .iter()
            .filter(move |s| s.table == table && s.boards.contains(&board))
    }
}

fn rounds(v: Option<&Value>, most: u32) -> Result<u32, Msg> {
    match v {
        None | Some(Value::Null) => Ok(most),
        Some(x) => x
            .as_u64()
            .and_then(|n| u32::try_from(n).ok())
            .filter(|n| (1..=most).contains(n))
            .ok_or_else(|| msg!("club.err.rounds", most = i64::from(most))),
    }
}
