//! The evening's cards, from its output alone (`club.folder`: a pure function of the files):
//! each table's guide card (who sits N-S and E-W, or who sits there, and which boards, round by
//! round) and each pair's or player's score card (every board or table played, its score and
//! points, then the total and the place). The window, the PDF and the room's pages show them.

use serde_json::{Value, json};

use super::pairs;
use super::scored::Scored;
use super::text::{cents, int, names, num};
use crate::i18n::{Lang, Msg, msg, tr};

/// A card in the reader's language: its title, its columns' headings, its rows and a last
/// line.
#[derive(Debug, Clone, PartialEq)]
pub struct Card {
    pub title: String,
    pub head: Vec<String>,
    pub rows: Vec<Vec<String>>,
    pub foot: Option<String>,
}

/// A card made of messages and output values, written in `lang`.
struct Draft {
    title: Msg,
    head: &'static [&'static str],
    rows: Vec<Vec<Value>>,
    foot: Option<Msg>,
}

impl Draft {
    fn written(self, lang: Lang) -> Card {
        Card {
            title: self.title.render(lang),
            head: self.head.iter().map(|k| tr(lang, k)).collect(),
            rows: self
                .rows
                .into_iter()
                .map(|r| {
                    r.into_iter()
                        .map(|v| match v {
                            Value::String(s) if !s.starts_with("club.") => s,
                            v => cell(&v, lang),
                        })
                        .collect()
                })
                .collect(),
            foot: self.foot.map(|m| m.render(lang)),
        }
    }
}

/// A value of a row: a number as the reader writes it, a text key (`club.`) in words, a text
/// as it is, nobody ("—").
fn cell(v: &Value, lang: Lang) -> String {
    match v.as_str() {
        Some(k) if k.starts_with("club.") => tr(lang, k),
        Some(s) => s.to_string(),
        None => num(v, lang),
    }
}

const SEATING: &[&str] = &[
    "club.card.round",
    "club.card.ns",
    "club.card.ew",
    "club.card.boards",
];

/// Each table's guide card, in table order.
pub fn guide_cards(out: &Scored, lang: Lang) -> Vec<Card> {
    let drafts = match out {
        Scored::Pairs(p) => pair_guides(p),
        Scored::Other(v) if v["kind"] == "teams" => team_guides(v),
        Scored::Other(v) => tarot_guides(v),
    };
    drafts.into_iter().map(|d| d.written(lang)).collect()
}

fn tables_in(rows: &[Value]) -> Vec<u64> {
    let mut t: Vec<u64> = rows.iter().filter_map(|r| r["table"].as_u64()).collect();
    t.sort_unstable();
    t.dedup();
    t
}

fn pair_guides(out: &pairs::Scored) -> Vec<Draft> {
    let mut tables: Vec<u32> = out.sittings().map(|(s, _, _)| s.table).collect();
    tables.sort_unstable();
    tables.dedup();
    let who = |p: Option<u32>| p.map_or_else(|| "—".to_string(), |p| p.to_string());
    tables
        .into_iter()
        .map(|t| {
            let rows = out
                .sittings()
                .filter(|(s, _, _)| s.table == t)
                .map(|(s, ns, ew)| {
                    let boards = match (ns, ew) {
                        (Some(_), Some(_)) => {
                            let b: Vec<String> = s.boards.iter().map(u32::to_string).collect();
                            b.join(", ")
                        }
                        _ => "—".to_string(),
                    };
                    [s.round.to_string(), who(ns), who(ew), boards]
                        .map(Value::String)
                        .to_vec()
                })
                .collect();
            Draft {
                title: msg!("club.card.table", table = i64::from(t)),
                head: SEATING,
                rows,
                foot: None,
            }
        })
        .collect()
}

/// Teams: the first team sits N-S at table 1, E-W at table 2; every board at both.
fn team_guides(out: &Value) -> Vec<Draft> {
    let teams = &out["teams"];
    let boards = out["boards"].as_array().map_or(0, Vec::len);
    let all = json!(format!("1 – {boards}"));
    (1..=2)
        .map(|t: i64| {
            let (ns, ew) = if t == 1 { (0, 1) } else { (1, 0) };
            Draft {
                title: msg!("club.card.table", table = t),
                head: SEATING,
                rows: vec![vec![
                    json!(1),
                    teams[ns].clone(),
                    teams[ew].clone(),
                    all.clone(),
                ]],
                foot: None,
            }
        })
        .collect()
}

/// Tarot: who sits at each table, round by round (the rotation's schedule, else the tables'
/// files as they are).
fn tarot_guides(out: &Value) -> Vec<Draft> {
    let rows: Vec<Value> = match out["schedule"].as_array() {
        Some(s) => s.clone(),
        None => out["tables"].as_array().cloned().unwrap_or_default(),
    };
    tables_in(&rows)
        .into_iter()
        .map(|t| Draft {
            title: msg!("club.card.table", table = t as i64),
            head: &["club.card.round", "club.card.players"],
            rows: rows
                .iter()
                .filter(|r| r["table"].as_u64() == Some(t))
                .map(|r| vec![r["round"].clone(), json!(names(&r["players"]))])
                .collect(),
            foot: None,
        })
        .collect()
}

/// Each pair's (pairs) or player's (Tarot) score card, in the ranking's order; none for a
/// match of teams (its boards are its card).
pub fn score_cards(out: &Scored, lang: Lang) -> Vec<Card> {
    let drafts = match out {
        Scored::Pairs(p) => pair_cards(p, lang),
        Scored::Other(v) if v["kind"] == "tarot" => player_cards(v, lang),
        Scored::Other(_) => Vec::new(),
    };
    drafts.into_iter().map(|d| d.written(lang)).collect()
}

fn pair_cards(out: &pairs::Scored, lang: Lang) -> Vec<Draft> {
    let mp = out.mp();
    // Each pair's rows, in one pass over the travellers.
    let mut played: std::collections::BTreeMap<u64, Vec<Vec<Value>>> = Default::default();
    for (board, results, points) in out.travellers() {
        for (x, (ns, ew)) in results.iter().zip(points) {
            let sides = [
                (x.ns, "club.card.as_ns", x.ew, *ns, 1, 0),
                (x.ew, "club.card.as_ew", x.ns, *ew, -1, 1),
            ];
            for (pair, side, other, points, sign, k) in sides {
                let score = match (x.score, x.average) {
                    (Some(s), _) => int(s * sign),
                    (None, Some(a)) => format!("{}\u{a0}%", a[k]),
                    (None, None) => "—".into(),
                };
                let row = [board.to_string(), x.round.to_string(), x.table.to_string()]
                    .map(Value::String)
                    .into_iter()
                    .chain([json!(side), Value::String(other.to_string())])
                    .chain([score, cents(points, lang)].map(Value::String))
                    .collect();
                played.entry(u64::from(pair)).or_default().push(row);
            }
        }
    }
    let ranked = out
        .fields()
        .iter()
        .flat_map(|f| f["ranking"].as_array().into_iter().flatten());
    ranked
        .map(|r| {
            let pair = r["pair"].as_u64().unwrap_or(0);
            let rows = played.remove(&pair).unwrap_or_default();
            let foot = if mp {
                msg!(
                    "club.card.total_mp",
                    mp = num(&r["mp"], lang),
                    top = num(&r["top"], lang),
                    percent = num(&r["percent"], lang),
                    place = r["place"].as_str().unwrap_or("")
                )
            } else {
                msg!(
                    "club.card.total_imps",
                    imps = num(&r["imps"], lang),
                    place = r["place"].as_str().unwrap_or("")
                )
            };
            Draft {
                title: msg!(
                    "club.card.pair",
                    pair = pair as i64,
                    names = names(&r["names"])
                ),
                head: &[
                    "club.card.board",
                    "club.card.round",
                    "club.card.table_col",
                    "club.card.side",
                    "club.card.against",
                    "club.card.score",
                    "club.card.points",
                ],
                rows,
                foot: Some(foot),
            }
        })
        .collect()
}

fn player_cards(out: &Value, lang: Lang) -> Vec<Draft> {
    let tables = out["tables"].as_array().cloned().unwrap_or_default();
    out["ranking"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|r| {
            let name = r["player"].as_str().unwrap_or("");
            let rows = tables
                .iter()
                .filter_map(|t| {
                    let seat = t["players"]
                        .as_array()?
                        .iter()
                        .position(|p| p.as_str() == Some(name))?;
                    Some(vec![
                        t["round"].clone(),
                        t["table"].clone(),
                        t["deals"].clone(),
                        t["totals"][seat].clone(),
                    ])
                })
                .collect();
            Draft {
                title: msg!("club.card.player", name = name),
                head: &[
                    "club.card.round",
                    "club.card.table_col",
                    "club.card.deals",
                    "club.card.points",
                ],
                rows,
                foot: Some(msg!(
                    "club.card.total_points",
                    points = num(&r["points"], lang),
                    place = r["place"].as_str().unwrap_or("")
                )),
            }
        })
        .collect()
}
