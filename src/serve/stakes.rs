//! What is at stake, on a phone keying a hand: a box of fixed height at the form's foot
//! (nothing under or over it moves when it fills, changes or empties), filled by `app.js`
//! from the server as the bid is keyed: each result the play can give in rows, the likely
//! ones brought into view; a tapped result's lines with their rules, asked for alone. Every
//! text escaped here; the figures are the core's ([`marque_core::stakes`]).

use marque_core::games::Line;
use marque_core::i18n::{Lang, tr};
use marque_core::stakes::Row;
use marque_core::view::signed_shown;

use super::pages::{Base, count_table, escape};

/// The empty box, in its place, for the phone paired as `token`: it asks there for the
/// stakes of the form's keys.
pub fn room(base: &Base, token: &str) -> String {
    let url = format!("{}/a/{token}/stakes?lang={}", base.root, base.lang_code());
    let lang = base.lang;
    format!(
        "<section class=\"stakes\" id=\"stakes\" data-stakes=\"{url}\" aria-label=\"{label}\"></section>",
        url = escape(&url),
        label = escape(&tr(lang, "web.stakes")),
    )
}

/// The box's rows: each a title and its results as keys (a group named by the row's title,
/// each key by its result and figure), the likely ones marked.
pub fn rows(lang: Lang, rows: &[Row]) -> String {
    let mut out = format!(
        "<h2>{}</h2><div class=\"srows\">",
        escape(&tr(lang, "web.stakes"))
    );
    for row in rows {
        let title = row.title.render(lang);
        out.push_str(&format!(
            "<div class=\"srow\"><p>{t}</p><div class=\"scells\" role=\"group\" aria-label=\"{t}\">",
            t = escape(&title)
        ));
        for c in &row.cells {
            let label = c.label.render(lang);
            let points = signed_shown(c.points);
            out.push_str(&format!(
                "<button type=\"button\" class=\"scell{likely}\" data-k=\"{k}\" aria-pressed=\"false\">\
                 <span>{l}</span> <b>{p}</b></button>",
                likely = if c.likely { " likely" } else { "" },
                k = c.outcome,
                l = escape(&label),
                p = escape(&points),
            ));
        }
        out.push_str("</div></div>");
    }
    // Only a tapped result's lines are read out as they come, not every key of the rows.
    out.push_str("</div><div class=\"slines\" id=\"slines\" aria-live=\"polite\"></div>");
    out
}

/// One result as the box shows it once tapped: what the play gave, each side's score and
/// what it completes (`said`), then its lines with their rules (`sides`: who scores).
pub fn lines(lang: Lang, said: &[String], sides: &[String], lines: &[Line]) -> String {
    let mut out = String::new();
    for m in said {
        out.push_str(&format!("<p>{}</p>", escape(m)));
    }
    let steps: Vec<marque_core::explain::Step> = lines
        .iter()
        .map(|l| marque_core::explain::Step {
            side: l.side,
            points: l.points,
            rule: l.rule,
            text: l.text.clone(),
            sum: None,
        })
        .collect();
    out.push_str(&count_table(lang, sides, &steps));
    out
}
