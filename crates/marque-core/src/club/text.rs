//! The evening for people (`marque evening --text`): the rankings, then each board's
//! traveller (pairs), each board of the match (teams), or each table's totals (Tarot).

use serde_json::Value;

use super::board;
use crate::i18n::{Lang, Msg, msg};

/// The evening's output for people (`marque evening --text`): the ranking, then each board's
/// traveller or each table's totals.
pub fn text(out: &Value, lang: Lang) -> String {
    match out["kind"].as_str() {
        Some("pairs") => pairs(out, lang),
        Some("teams") => teams(out, lang),
        _ => tarot(out, lang),
    }
}

/// A number of the output as the reader writes it: "58,33" in French, a true minus sign.
pub fn num(v: &Value, lang: Lang) -> String {
    match v {
        Value::Number(n) => {
            let t = n.to_string().replacen('-', "−", 1);
            if lang == Lang::Fr {
                t.replace('.', ",")
            } else {
                t
            }
        }
        Value::Null => "—".into(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// A whole number as the reader writes it, with a true minus sign.
pub fn int(i: i64) -> String {
    if i < 0 {
        format!("−{}", i.unsigned_abs())
    } else {
        i.to_string()
    }
}

/// A value kept in hundredths as the reader writes it ("58,33" in French).
pub fn cents(h: i64, lang: Lang) -> String {
    if h % 100 == 0 {
        return int(h / 100);
    }
    // As the output writes it (its shortest decimal), then as the reader does.
    let t = format!("{}", (h as f64 / 100.0).abs());
    let t = if lang == Lang::Fr {
        t.replace('.', ",")
    } else {
        t
    };
    if h < 0 { format!("−{t}") } else { t }
}

/// Names as one line: "Anne – Bruno".
pub fn names(v: &Value) -> String {
    v.as_array()
        .map(|a| {
            a.iter()
                .filter_map(Value::as_str)
                .collect::<Vec<_>>()
                .join(" – ")
        })
        .unwrap_or_default()
}

fn pairs(out: &Value, lang: Lang) -> String {
    let mut s = String::new();
    let num = |v: &Value| num(v, lang);
    let mp = out["scoring"] == "mp";
    for f in out["fields"].as_array().into_iter().flatten() {
        let field = match f["field"].as_str() {
            Some("NS") => Msg::new("club.text.field_ns"),
            Some("EW") => Msg::new("club.text.field_ew"),
            _ => Msg::new("club.text.field_all"),
        };
        s.push_str(&field.render(lang));
        s.push('\n');
        for r in f["ranking"].as_array().into_iter().flatten() {
            let figure = if mp {
                msg!(
                    "club.text.mp",
                    mp = num(&r["mp"]),
                    top = num(&r["top"]),
                    percent = num(&r["percent"])
                )
            } else {
                msg!(
                    "club.text.imps",
                    imps = num(&r["imps"]),
                    factored = num(&r["factored"])
                )
            };
            s.push_str(&format!(
                "  {:<4} {:>3}  {:<32} {}\n",
                r["place"].as_str().unwrap_or(""),
                num(&r["pair"]),
                names(&r["names"]),
                figure.render(lang)
            ));
        }
        s.push('\n');
    }
    for b in out["boards"].as_array().into_iter().flatten() {
        let n = b["board"].as_u64().unwrap_or(0) as u32;
        s.push_str(&board::heading(n).render(lang));
        s.push('\n');
        for r in b["results"].as_array().into_iter().flatten() {
            let what = if r["average"].is_null() {
                num(&r["score"])
            } else {
                msg!(
                    "club.text.average",
                    ns = num(&r["average"][0]),
                    ew = num(&r["average"][1])
                )
                .render(lang)
            };
            let line = msg!(
                "club.text.result",
                table = num(&r["table"]),
                round = num(&r["round"]),
                ns = num(&r["ns"]),
                ew = num(&r["ew"]),
                score = what,
                ns_points = num(&r["ns_points"]),
                ew_points = num(&r["ew_points"])
            );
            s.push_str(&format!("  {}\n", line.render(lang)));
        }
    }
    s
}

fn teams(out: &Value, lang: Lang) -> String {
    let mut s = String::new();
    let num = |v: &Value| num(v, lang);
    let t = &out["teams"];
    let line = msg!(
        "club.text.match",
        a = t[0].as_str().unwrap_or(""),
        b = t[1].as_str().unwrap_or(""),
        ia = num(&out["imps"][0]),
        ib = num(&out["imps"][1]),
        boards = num(&out["boards_counted"])
    );
    s.push_str(&line.render(lang));
    s.push('\n');
    if !out["vp"].is_null() {
        let vp = msg!(
            "club.text.vp",
            a = num(&out["vp"][0]),
            b = num(&out["vp"][1])
        );
        s.push_str(&vp.render(lang));
        s.push('\n');
    }
    for b in out["boards"].as_array().into_iter().flatten() {
        let n = b["board"].as_u64().unwrap_or(0) as u32;
        let line = msg!(
            "club.text.team_board",
            board = board::heading(n),
            one = num(&b["scores"][0]),
            two = num(&b["scores"][1]),
            imps = match &b["imps"] {
                Value::Null => Msg::new("club.text.pending"),
                i => msg!("club.text.imps_won", a = num(&i[0]), b = num(&i[1])),
            }
        );
        s.push_str(&line.render(lang));
        s.push('\n');
    }
    s
}

fn tarot(out: &Value, lang: Lang) -> String {
    let mut s = String::new();
    let num = |v: &Value| num(v, lang);
    for r in out["ranking"].as_array().into_iter().flatten() {
        let line = msg!(
            "club.text.player",
            place = r["place"].as_str().unwrap_or(""),
            player = r["player"].as_str().unwrap_or(""),
            points = num(&r["points"]),
            tables = r["tables"].as_i64().unwrap_or(0)
        );
        s.push_str(&format!("  {}\n", line.render(lang)));
    }
    s.push('\n');
    for t in out["tables"].as_array().into_iter().flatten() {
        let line = msg!(
            "club.text.tarot_table",
            round = num(&t["round"]),
            table = num(&t["table"]),
            players = names(&t["players"]),
            totals = match t["totals"].as_array() {
                Some(a) => a.iter().map(num).collect::<Vec<_>>().join(", "),
                None => "—".into(),
            },
            deals = t["deals"].as_i64().unwrap_or(0)
        );
        s.push_str(&line.render(lang));
        s.push('\n');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A value in hundredths reads the same written from the output's number or at once.
    #[test]
    fn cents_read_as_the_output_writes_them() {
        for lang in [Lang::Fr, Lang::En] {
            for h in (-250_000..250_000)
                .step_by(7)
                .chain([-1, 0, 1, 50, -50, 99, 100])
            {
                let from_output = num(&super::super::figures::hundredths(h), lang);
                assert_eq!(cents(h, lang), from_output, "{h}");
            }
        }
    }
}
