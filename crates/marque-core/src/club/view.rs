//! The evening as every reader shows it (the window, the PDF, the room's pages): its sections
//! in order — each field's ranking, each board's traveller, the match's boards, the Tarot
//! ranking and its tables' progress — each a titled table of rows in the reader's language,
//! from the evening's output alone.

use serde_json::Value;

use super::cards::Card;
use super::pairs;
use super::scored::Scored;
use super::text::{cents, int, names, num};
use crate::i18n::{Lang, msg, tr};

/// What a section is, for the reader that lays it out (a traveller may be folded).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    /// The headline: the match's score and VPs, with no rows.
    Headline,
    Ranking,
    Traveller,
    /// The match's boards, or the Tarot tables' progress.
    Boards,
}

/// The evening's sections, in reading order, with what each is.
pub fn sections(out: &Scored, lang: Lang) -> Vec<(Part, Card)> {
    match out {
        Scored::Pairs(p) => pairs(p, lang),
        Scored::Other(v) if v["kind"] == "teams" => teams(v, lang),
        Scored::Other(v) => players(v, lang),
    }
}

fn heads(keys: &[&str], lang: Lang) -> Vec<String> {
    keys.iter().map(|k| tr(lang, k)).collect()
}

fn card(title: String, head: Vec<String>, rows: Vec<Vec<String>>) -> Card {
    Card {
        title,
        head,
        rows,
        foot: None,
    }
}

fn each(v: &Value) -> impl Iterator<Item = &Value> {
    v.as_array().into_iter().flatten()
}

fn pairs(out: &pairs::Scored, lang: Lang) -> Vec<(Part, Card)> {
    let mp = out.mp();
    let n = |v: &Value| num(v, lang);
    let mut s = Vec::new();
    for f in out.fields() {
        let key = match f["field"].as_str() {
            Some("NS") => "club.text.field_ns",
            Some("EW") => "club.text.field_ew",
            _ => "club.text.field_all",
        };
        let mut head = heads(
            &[
                "club.view.place",
                "club.view.pair",
                "club.view.names",
                "club.view.boards",
            ],
            lang,
        );
        head.extend(match mp {
            true => heads(&["club.view.mp", "club.view.percent"], lang),
            false => heads(&["club.view.imps", "club.view.factored"], lang),
        });
        let rows = each(&f["ranking"])
            .map(|r| {
                let mut row = vec![n(&r["place"]), n(&r["pair"]), names(&r["names"])];
                row.push(n(&r["boards"]));
                match mp {
                    true => {
                        row.push(format!("{} / {}", n(&r["mp"]), n(&r["top"])));
                        row.push(format!("{}\u{a0}%", n(&r["percent"])));
                    }
                    false => {
                        row.push(n(&r["imps"]));
                        row.push(n(&r["factored"]));
                    }
                }
                row
            })
            .collect();
        s.push((Part::Ranking, card(tr(lang, key), head, rows)));
    }
    let head = heads(
        &[
            "club.view.table",
            "club.view.round",
            "club.view.ns",
            "club.view.ew",
            "club.view.score",
            "club.view.ns_points",
            "club.view.ew_points",
        ],
        lang,
    );
    for (board, results, points) in out.travellers() {
        let title = msg!(
            "club.view.board",
            heading = super::board::heading(board),
            results = results.len() as i64
        )
        .render(lang);
        let rows = results
            .iter()
            .zip(points)
            .map(|(r, (ns, ew))| {
                let score = match (r.score, r.average) {
                    (Some(s), _) => int(s),
                    (None, Some([a, b])) => format!("{a}\u{a0}% / {b}\u{a0}%"),
                    (None, None) => "—".into(),
                };
                vec![
                    r.table.to_string(),
                    r.round.to_string(),
                    r.ns.to_string(),
                    r.ew.to_string(),
                    score,
                    cents(*ns, lang),
                    cents(*ew, lang),
                ]
            })
            .collect();
        s.push((Part::Traveller, card(title, head.clone(), rows)));
    }
    if !out.unchecked.is_empty() {
        s.push((Part::Boards, unchecked(out, lang)));
    }
    s
}

/// The boards entered on a table's phone that E-W have not agreed yet: not counted until they
/// do, or until the table's round is over.
fn unchecked(out: &pairs::Scored, lang: Lang) -> Card {
    let head = heads(
        &[
            "club.view.table",
            "club.view.round",
            "club.view.board_number",
            "club.view.score",
        ],
        lang,
    );
    let rows = out
        .unchecked
        .iter()
        .map(|r| {
            vec![
                r.table.to_string(),
                r.round.to_string(),
                r.board.to_string(),
                r.score.map_or_else(|| "—".into(), int),
            ]
        })
        .collect();
    let title = msg!("club.view.unchecked", n = out.unchecked.len() as i64).render(lang);
    card(title, head, rows)
}

fn teams(out: &Value, lang: Lang) -> Vec<(Part, Card)> {
    let n = |v: &Value| num(v, lang);
    let mut title = msg!(
        "club.text.match",
        a = out["teams"][0].as_str().unwrap_or(""),
        b = out["teams"][1].as_str().unwrap_or(""),
        ia = n(&out["imps"][0]),
        ib = n(&out["imps"][1]),
        boards = n(&out["boards_counted"])
    )
    .render(lang);
    if !out["vp"].is_null() {
        let vp = msg!("club.text.vp", a = n(&out["vp"][0]), b = n(&out["vp"][1]));
        title = format!("{title}\n{}", vp.render(lang));
    }
    let head = heads(
        &[
            "club.view.board_number",
            "club.view.table1",
            "club.view.table2",
            "club.view.imps",
        ],
        lang,
    );
    let rows = each(&out["boards"])
        .map(|b| {
            let imps = match &b["imps"] {
                Value::Null => tr(lang, "club.text.pending"),
                i => format!("{} – {}", n(&i[0]), n(&i[1])),
            };
            vec![n(&b["board"]), n(&b["scores"][0]), n(&b["scores"][1]), imps]
        })
        .collect();
    vec![
        (Part::Headline, card(title, Vec::new(), Vec::new())),
        (
            Part::Boards,
            card(tr(lang, "club.view.match_boards"), head, rows),
        ),
    ]
}

/// Players at tables of 4 or 5 (the Tarot concours): the ranking, then each table's progress.
fn players(out: &Value, lang: Lang) -> Vec<(Part, Card)> {
    let n = |v: &Value| num(v, lang);
    let head = heads(
        &[
            "club.view.place",
            "club.view.player",
            "club.view.points",
            "club.view.tables",
        ],
        lang,
    );
    let ranking = each(&out["ranking"])
        .map(|r| {
            vec![
                n(&r["place"]),
                n(&r["player"]),
                n(&r["points"]),
                n(&r["tables"]),
            ]
        })
        .collect();
    let progress_head = heads(
        &[
            "club.view.round",
            "club.view.table",
            "club.view.players",
            "club.view.deals",
        ],
        lang,
    );
    let progress = each(&out["tables"])
        .map(|x| {
            let deals = match x["complete"] == true {
                true => format!("{} ✓", n(&x["deals"])),
                false => n(&x["deals"]),
            };
            vec![n(&x["round"]), n(&x["table"]), names(&x["players"]), deals]
        })
        .collect();
    vec![
        (
            Part::Ranking,
            card(tr(lang, "club.text.field_all"), head, ranking),
        ),
        (
            Part::Boards,
            card(tr(lang, "club.view.progress"), progress_head, progress),
        ),
    ]
}
