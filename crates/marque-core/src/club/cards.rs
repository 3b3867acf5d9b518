//! The evening's cards, from its output alone (`club.folder`: a pure function of the files):
//! each table's guide card (who sits N-S and E-W, or who sits there, and which boards, round by
//! round) and each pair's or player's score card (every board or table played, its score and
//! points, then the total and the place). The window, the PDF and the room's pages show them.

use serde_json::{Value, json};

use super::text::{names, num};
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
                .iter()
                .map(|r| r.iter().map(|v| cell(v, lang)).collect())
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

/// "1, 2, 3": a list of board numbers.
fn list(v: &Value) -> Value {
    let n: Vec<String> = v
        .as_array()
        .into_iter()
        .flatten()
        .map(|b| b.to_string())
        .collect();
    json!(n.join(", "))
}

/// Each table's guide card, in table order.
pub fn guide_cards(out: &Value, lang: Lang) -> Vec<Card> {
    let drafts = match out["kind"].as_str() {
        Some("pairs") => pair_guides(out),
        Some("teams") => team_guides(out),
        _ => tarot_guides(out),
    };
    drafts.into_iter().map(|d| d.written(lang)).collect()
}

fn tables_in(rows: &[Value]) -> Vec<u64> {
    let mut t: Vec<u64> = rows.iter().filter_map(|r| r["table"].as_u64()).collect();
    t.sort_unstable();
    t.dedup();
    t
}

fn pair_guides(out: &Value) -> Vec<Draft> {
    let schedule = out["schedule"].as_array().cloned().unwrap_or_default();
    tables_in(&schedule)
        .into_iter()
        .map(|t| {
            let rows = schedule
                .iter()
                .filter(|s| s["table"].as_u64() == Some(t))
                .map(|s| {
                    let boards = match (s["ns"].is_null(), s["ew"].is_null()) {
                        (false, false) => list(&s["boards"]),
                        _ => json!("—"),
                    };
                    vec![s["round"].clone(), s["ns"].clone(), s["ew"].clone(), boards]
                })
                .collect();
            Draft {
                title: msg!("club.card.table", table = t as i64),
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
pub fn score_cards(out: &Value, lang: Lang) -> Vec<Card> {
    let drafts = match out["kind"].as_str() {
        Some("pairs") => pair_cards(out, lang),
        Some("tarot") => player_cards(out, lang),
        _ => Vec::new(),
    };
    drafts.into_iter().map(|d| d.written(lang)).collect()
}

fn pair_cards(out: &Value, lang: Lang) -> Vec<Draft> {
    let mp = out["scoring"] == "mp";
    let boards = out["boards"].as_array().cloned().unwrap_or_default();
    let ranked = out["fields"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|f| f["ranking"].as_array().cloned().unwrap_or_default());
    ranked
        .map(|r| {
            let pair = r["pair"].as_u64().unwrap_or(0);
            let mut rows = Vec::new();
            for b in &boards {
                for x in b["results"].as_array().into_iter().flatten() {
                    let (side, other, points, sign) = if x["ns"].as_u64() == Some(pair) {
                        ("club.card.as_ns", &x["ew"], &x["ns_points"], 1)
                    } else if x["ew"].as_u64() == Some(pair) {
                        ("club.card.as_ew", &x["ns"], &x["ew_points"], -1)
                    } else {
                        continue;
                    };
                    let score = match x["score"].as_i64() {
                        Some(s) => json!(s * sign),
                        None => {
                            let k = usize::from(sign < 0);
                            json!(format!("{}\u{a0}%", num(&x["average"][k], lang)))
                        }
                    };
                    rows.push(vec![
                        b["board"].clone(),
                        x["round"].clone(),
                        x["table"].clone(),
                        json!(side),
                        other.clone(),
                        score,
                        points.clone(),
                    ]);
                }
            }
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
