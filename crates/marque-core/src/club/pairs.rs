//! An evening of pairs: the movement's results compared board by board (`club.mp`,
//! `club.neuberg`, `club.average`, `club.cross`, `club.butler`), the pairs' totals, factored
//! (`club.factor`) and ranked (`club.rank`). Every value is kept in hundredths, rounded once
//! (`club.round`), so that a total is the sum of the values shown.

use std::collections::BTreeMap;

use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::{Value, json};

use super::board;
use super::figures::{At, Problems, hundredths, imps, place_words, round_div};
use super::movement::{Kind, Movement, Sitting};
use super::table::{Entry, Played};
use crate::i18n::{Msg, msg};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scoring {
    Mp { ebu: bool },
    Cross,
    Butler { drop: Option<u32> },
}

/// A result of the evening: where it was played, by whom, and what.
#[derive(Debug, Clone)]
pub struct BoardResult {
    pub table: u32,
    pub round: u32,
    pub ns: u32,
    pub ew: u32,
    pub board: u32,
    /// An artificial score, [N-S, E-W] (`club.average`).
    pub average: Option<[u8; 2]>,
    /// The N-S score of a real result.
    pub score: Option<i64>,
}

/// The evening's options for pairs.
pub fn scoring(v: Option<&Value>) -> Result<Scoring, Msg> {
    let Some(v) = v.filter(|v| !v.is_null()) else {
        return Ok(Scoring::Mp { ebu: false });
    };
    let Some(m) = v.as_object() else {
        return Err(Msg::new("club.err.options"));
    };
    for k in m.keys() {
        if !["scoring", "scale", "butler_drop"].contains(&k.as_str()) {
            return Err(msg!("club.err.option_unknown", key = k.as_str()));
        }
    }
    let scale = m.get("scale").map(Value::as_str);
    let ebu = match scale {
        None | Some(Some("acbl")) => false,
        Some(Some("ebu")) => true,
        Some(_) => return Err(msg!("club.err.option_value", key = "scale")),
    };
    let drop = match m.get("butler_drop") {
        None => None,
        Some(Value::String(s)) if s == "auto" => None,
        Some(x) => match x.as_u64() {
            Some(n) if n <= 100 => Some(n as u32),
            _ => return Err(msg!("club.err.option_value", key = "butler_drop")),
        },
    };
    match m.get("scoring").map(Value::as_str) {
        None | Some(Some("mp")) => Ok(Scoring::Mp { ebu }),
        Some(Some("cross_imps")) => Ok(Scoring::Cross),
        Some(Some("butler")) => Ok(Scoring::Butler { drop }),
        Some(_) => Err(msg!("club.err.option_value", key = "scoring")),
    }
}

/// The pairs of the evening by number, their names; checked against the movement's places.
pub fn pairs(v: Option<&Value>, movement: &Movement) -> Result<BTreeMap<u32, Vec<String>>, Msg> {
    let Some(Value::Object(m)) = v else {
        return Err(Msg::new("club.err.pairs"));
    };
    let mut out = BTreeMap::new();
    let mut seen: Vec<String> = Vec::new();
    for (k, names) in m {
        let n = k
            .parse::<u32>()
            .ok()
            .filter(|n| (1..=movement.places()).contains(n))
            .ok_or_else(|| {
                msg!(
                    "club.err.pair_number",
                    pair = k.as_str(),
                    most = i64::from(movement.places())
                )
            })?;
        let names: Vec<String> = names
            .as_array()
            .filter(|a| a.len() == 2)
            .and_then(|a| a.iter().map(|x| x.as_str().map(str::to_string)).collect())
            .filter(|a: &Vec<String>| a.iter().all(|s| !s.trim().is_empty()))
            .ok_or_else(|| msg!("club.err.pair_names", pair = i64::from(n)))?;
        for name in &names {
            let key = crate::stats::person_key(name);
            if seen.contains(&key) {
                return Err(msg!("club.err.seated_twice", name = name.as_str()));
            }
            seen.push(key);
        }
        out.insert(n, names);
    }
    let empty = movement.places() as usize - out.len();
    if empty > 1 {
        return Err(msg!("club.err.empty_places", empty = empty as i64));
    }
    if empty == 1 && movement.kind == Kind::Howell && movement.tables == 2 {
        return Err(Msg::new("club.err.howell2_phantom"));
    }
    Ok(out)
}

/// The results a table's entries give, checked against the movement: each board one the
/// movement brings to that table (in the round it names, where it comes back), played by the
/// pairs seated there.
pub fn results(
    name: &str,
    table: u32,
    entries: &[(usize, Entry)],
    movement: &Movement,
    seated: &dyn Fn(u32) -> bool,
    problems: &mut Problems,
) -> Vec<BoardResult> {
    let mut out = Vec::new();
    for (i, e) in entries {
        let here = |m: Msg| (At::Hand(name.to_string(), *i + 1), m);
        let all: Vec<_> = movement
            .at(table, e.board)
            .filter(|s| seated(s.ns) && seated(s.ew))
            .collect();
        let sitting = match (all.as_slice(), e.round) {
            ([], _) => {
                problems.push(here(msg!(
                    "club.err.board_not_here",
                    board = i64::from(e.board),
                    table = i64::from(table)
                )));
                continue;
            }
            ([one], None) => *one,
            (_, None) => {
                problems.push(here(msg!(
                    "club.err.round_needed",
                    board = i64::from(e.board),
                    table = i64::from(table)
                )));
                continue;
            }
            (some, Some(r)) => match some.iter().find(|s| s.round == r) {
                Some(s) => *s,
                None => {
                    problems.push(here(msg!(
                        "club.err.round_wrong",
                        board = i64::from(e.board),
                        table = i64::from(table),
                        round = i64::from(r)
                    )));
                    continue;
                }
            },
        };
        for (side, given, seat) in [("NS", e.ns, sitting.ns), ("EW", e.ew, sitting.ew)] {
            if let Some(g) = given.filter(|g| *g != seat) {
                problems.push(here(msg!(
                    "club.err.pair_wrong",
                    board = i64::from(e.board),
                    table = i64::from(table),
                    side = side,
                    pair = i64::from(seat),
                    round = i64::from(sitting.round),
                    given = i64::from(g)
                )));
            }
        }
        let score = match e.played {
            Played::Deal(h) => Some(board::score(e.board, &h).ns_score()),
            Played::Average(_) => None,
        };
        out.push(BoardResult {
            table,
            round: sitting.round,
            ns: sitting.ns,
            ew: sitting.ew,
            board: e.board,
            average: match e.played {
                Played::Average(a) => Some(a),
                Played::Deal(_) => None,
            },
            score,
        });
    }
    out
}

/// Each result's value for N-S and E-W, in hundredths, and the board's top or datum.
struct Valued {
    points: Vec<(i64, i64)>,
    top: Option<i64>,
    datum: Option<Option<i64>>,
}

fn value_board(rs: &[BoardResult], scoring: Scoring, most: i64) -> Valued {
    let real: Vec<i64> = rs.iter().filter_map(|r| r.score).collect();
    let n = real.len() as i64;
    match scoring {
        Scoring::Mp { ebu } => {
            let s = if ebu { 1 } else { 2 };
            // The top in hundredths: N − 1 (acbl) or 2 (N − 1) (ebu).
            let top = (most - 1).max(0) * 100 * 2 / s;
            let points = rs
                .iter()
                .map(|r| match (r.score, r.average) {
                    (Some(score), _) => {
                        // Matchpoints on the ebu scale (2 a score beaten, 1 a tie), then
                        // factored to N places (`club.neuberg`): ((M + 1) N − n) / (s n).
                        let m: i64 = real
                            .iter()
                            .map(|o| match score.cmp(o) {
                                std::cmp::Ordering::Greater => 2,
                                std::cmp::Ordering::Equal => 1,
                                std::cmp::Ordering::Less => 0,
                            })
                            .sum::<i64>()
                            - 1;
                        let ns = if n >= most {
                            round_div(m * 100, s)
                        } else {
                            round_div(((m + 1) * most - n) * 100, s * n)
                        };
                        (ns, top - ns)
                    }
                    (None, Some([a, b])) => (
                        round_div(i64::from(a) * top, 100),
                        round_div(i64::from(b) * top, 100),
                    ),
                    (None, None) => (0, 0),
                })
                .collect();
            Valued {
                points,
                top: Some(top),
                datum: None,
            }
        }
        Scoring::Cross => Valued {
            points: rs
                .iter()
                .map(|r| match (r.score, r.average) {
                    (Some(score), _) if n > 1 => {
                        let sum: i64 = real.iter().map(|o| imps(score - o)).sum();
                        let ns = round_div(sum * 100, n - 1);
                        (ns, -ns)
                    }
                    (Some(_), _) => (0, 0),
                    (None, Some([a, b])) => (avg_imps(a), avg_imps(b)),
                    (None, None) => (0, 0),
                })
                .collect(),
            top: None,
            datum: None,
        },
        Scoring::Butler { drop } => {
            let datum = butler_datum(&real, drop);
            Valued {
                points: rs
                    .iter()
                    .map(|r| match (r.score, r.average, datum) {
                        (Some(score), _, Some(d)) => {
                            let ns = imps(score - d) * 100;
                            (ns, -ns)
                        }
                        (None, Some([a, b]), _) => (avg_imps(a), avg_imps(b)),
                        _ => (0, 0),
                    })
                    .collect(),
                top: None,
                datum: Some(datum),
            }
        }
    }
}

/// An artificial score at IMPs: +3, 0, −3 (in hundredths).
fn avg_imps(pct: u8) -> i64 {
    match pct {
        60 => 300,
        40 => -300,
        _ => 0,
    }
}

/// The Butler datum (`club.butler`): the mean of the real scores, the k highest and lowest
/// dropped, rounded to the nearest 10, a half up.
fn butler_datum(real: &[i64], drop: Option<u32>) -> Option<i64> {
    if real.is_empty() {
        return None;
    }
    let n = real.len() as i64;
    let k = match drop {
        Some(k) => i64::from(k),
        None if n <= 3 => 0,
        None => (n - 10).div_euclid(15) + i64::from((n - 10).rem_euclid(15) != 0) + 1,
    };
    let k = k.min((n - 1) / 2);
    let mut sorted = real.to_vec();
    sorted.sort_unstable();
    let kept = &sorted[k as usize..(n - k) as usize];
    let (sum, count) = (kept.iter().sum::<i64>(), kept.len() as i64);
    // floor(mean / 10 + 1/2) × 10 = floor((sum + 5 count) / (10 count)) × 10.
    Some((sum + 5 * count).div_euclid(10 * count) * 10)
}

/// The pairs evening scored: each board's results valued, each field ranked. Written as
/// `club-format.md` has it by its [`Serialize`], each board's traveller made as it is written
/// and dropped before the next (a 15-table evening's output is 3 times its files).
pub struct Scored {
    movement: Movement,
    scoring: Scoring,
    seated: Vec<u32>,
    /// Each board with its results (by table and round) and their values.
    results: Vec<BoardResult>,
    boards: Vec<(u32, std::ops::Range<usize>, Valued)>,
    fields: Vec<Value>,
    read: usize,
    /// The results entered on a table's phone that E-W have not agreed yet, their round still
    /// going on at the table: not counted, and shown as such (not in the output).
    pub unchecked: Vec<BoardResult>,
}

/// The pairs evening's results scored (`club-format.md`).
pub fn scored(
    movement: Movement,
    scoring: Scoring,
    names: &BTreeMap<u32, Vec<String>>,
    results: Vec<BoardResult>,
    read: usize,
) -> Scored {
    // The results in the order of the travellers (board, then table and round), each board's
    // a range of them: no copy.
    let mut results = results;
    results.sort_unstable_by_key(|r| (r.board, r.table, r.round));
    let mut numbers: Vec<u32> = movement.boards();
    numbers.extend(results.iter().map(|r| r.board));
    numbers.sort_unstable();
    numbers.dedup();
    let ranges: Vec<(u32, std::ops::Range<usize>)> = numbers
        .into_iter()
        .map(|b| {
            let from = results.partition_point(|r| r.board < b);
            (b, from..results.partition_point(|r| r.board <= b))
        })
        .collect();
    let most = ranges.iter().map(|(_, r)| r.len()).max().unwrap_or(0) as i64;
    // Each pair's values: (hundredths, the board's top).
    let mut scored: BTreeMap<u32, Vec<(i64, i64)>> = BTreeMap::new();
    let mut boards = Vec::with_capacity(ranges.len());
    for (b, range) in ranges {
        let rs = &results[range.clone()];
        let v = value_board(rs, scoring, most);
        for (r, (ns, ew)) in rs.iter().zip(&v.points) {
            let top = v.top.unwrap_or(0);
            scored.entry(r.ns).or_default().push((*ns, top));
            scored.entry(r.ew).or_default().push((*ew, top));
        }
        boards.push((b, range, v));
    }
    let fields: Vec<(&str, Vec<u32>)> = match movement.kind {
        Kind::Mitchell => vec![
            ("NS", (1..=movement.tables).collect()),
            ("EW", (movement.tables + 1..=movement.places()).collect()),
        ],
        Kind::Howell => vec![("all", (1..=movement.places()).collect())],
    };
    let fields = fields
        .into_iter()
        .map(|(field, pairs)| {
            let ranking = rank_field(&pairs, names, &scored, scoring);
            json!({"field": field, "ranking": ranking})
        })
        .collect();
    Scored {
        seated: names.keys().copied().collect(),
        movement,
        scoring,
        results,
        boards,
        fields,
        read,
        unchecked: Vec::new(),
    }
}

impl Scored {
    /// The output whole, as [`Serialize`] writes it.
    pub fn value(&self) -> Value {
        let mut m = serde_json::Map::new();
        m.insert("boards".into(), Value::Array(self.boards().collect()));
        m.insert("fields".into(), Value::Array(self.fields.clone()));
        m.insert("kind".into(), json!("pairs"));
        m.insert("results".into(), json!(self.read));
        m.insert("schedule".into(), Value::Array(self.schedule().collect()));
        m.insert("scoring".into(), json!(self.scoring_word()));
        Value::Object(m)
    }

    /// Whether the evening is scored at matchpoints (else at IMPs).
    pub fn mp(&self) -> bool {
        matches!(self.scoring, Scoring::Mp { .. })
    }

    /// Each field's ranking, as the output has it.
    pub fn fields(&self) -> &[Value] {
        &self.fields
    }

    /// Each board's traveller: its number, its results (by table and round) and their values
    /// for N-S and E-W, in hundredths.
    pub fn travellers(&self) -> impl Iterator<Item = (u32, &[BoardResult], &[(i64, i64)])> {
        self.boards
            .iter()
            .map(|(b, range, v)| (*b, &self.results[range.clone()], v.points.as_slice()))
    }

    /// The movement's sittings, each pair there or not (the phantom's place).
    pub fn sittings(&self) -> impl Iterator<Item = (&Sitting, Option<u32>, Option<u32>)> {
        let seated = |p: u32| self.seated.contains(&p).then_some(p);
        self.movement
            .sittings
            .iter()
            .map(move |s| (s, seated(s.ns), seated(s.ew)))
    }

    fn scoring_word(&self) -> &'static str {
        match self.scoring {
            Scoring::Mp { .. } => "mp",
            Scoring::Cross => "cross_imps",
            Scoring::Butler { .. } => "butler",
        }
    }

    fn schedule(&self) -> impl Iterator<Item = Value> + '_ {
        self.sittings().map(|(s, ns, ew)| {
            json!({"round": s.round, "table": s.table, "ns": ns, "ew": ew, "boards": s.boards})
        })
    }

    fn boards(&self) -> impl Iterator<Item = Value> + '_ {
        self.boards.iter().map(|(b, range, v)| {
            let results: Vec<Value> = self.results[range.clone()]
                .iter()
                .zip(&v.points)
                .map(|(r, (ns, ew))| {
                    let mut o = json!({"table": r.table, "round": r.round, "ns": r.ns,
                        "ew": r.ew, "ns_points": hundredths(*ns), "ew_points": hundredths(*ew)});
                    match (r.score, r.average) {
                        (Some(s), _) => o["score"] = json!(s),
                        (None, Some(a)) => o["average"] = json!(a),
                        _ => {}
                    }
                    o
                })
                .collect();
            let mut bo = json!({"board": b, "dealer": board::dealer(*b).code(),
                                "vulnerable": board::vulnerable_word(*b), "results": results});
            if let Some(t) = v.top {
                bo["top"] = hundredths(t);
            }
            if let Some(d) = v.datum {
                bo["datum"] = json!(d);
            }
            bo
        })
    }
}

/// A sequence written as its items are made, one at a time.
struct Each<F>(F);

impl<F, I> Serialize for Each<F>
where
    F: Fn() -> I,
    I: Iterator<Item = Value>,
{
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq((self.0)())
    }
}

impl Serialize for Scored {
    /// The keys in the order of a JSON object read whole (alphabetical), so that the output is
    /// the same written at once or made whole first.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(6))?;
        m.serialize_entry("boards", &Each(|| self.boards()))?;
        m.serialize_entry("fields", &self.fields)?;
        m.serialize_entry("kind", "pairs")?;
        m.serialize_entry("results", &self.read)?;
        m.serialize_entry("schedule", &Each(|| self.schedule()))?;
        m.serialize_entry("scoring", self.scoring_word())?;
        m.end()
    }
}

fn rank_field(
    pairs: &[u32],
    names: &BTreeMap<u32, Vec<String>>,
    scored: &BTreeMap<u32, Vec<(i64, i64)>>,
    scoring: Scoring,
) -> Vec<Value> {
    let mp = matches!(scoring, Scoring::Mp { .. });
    let played: Vec<(u32, i64, i64, usize)> = pairs
        .iter()
        .filter(|p| names.contains_key(p))
        .map(|&p| {
            let vals = scored.get(&p).map(Vec::as_slice).unwrap_or(&[]);
            let total: i64 = vals.iter().map(|v| v.0).sum();
            let tops: i64 = vals.iter().map(|v| v.1).sum();
            (p, total, tops, vals.len())
        })
        .collect();
    let most = played.iter().map(|x| x.3).max().unwrap_or(0) as i64;
    // The value a pair is ranked by: its percentage (hundredths), or its factored IMPs.
    let mut ranked: Vec<(u32, i64, i64, i64, usize)> = played
        .iter()
        .map(|&(p, total, tops, boards)| {
            let by = if mp {
                if tops > 0 {
                    round_div(total * 10_000, tops)
                } else {
                    0
                }
            } else if boards > 0 {
                round_div(total * most, boards as i64)
            } else {
                0
            };
            (p, total, tops, by, boards)
        })
        .collect();
    ranked.sort_by(|a, b| b.3.cmp(&a.3).then(a.0.cmp(&b.0)));
    let values: Vec<i64> = ranked.iter().map(|r| r.3).collect();
    let places = place_words(&values);
    ranked
        .iter()
        .zip(places)
        .map(|(&(p, total, tops, by, boards), place)| {
            let mut o = json!({"pair": p, "names": names.get(&p), "boards": boards});
            if mp {
                o["mp"] = hundredths(total);
                o["top"] = hundredths(tops);
                o["percent"] = hundredths(by);
            } else {
                o["imps"] = hundredths(total);
                o["factored"] = hundredths(by);
            }
            o["place"] = json!(place);
            o
        })
        .collect()
}
