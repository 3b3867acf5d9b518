//! The pages the room reads on its phones: the list of sessions, a session's sheet (the same
//! `SheetView` as the window's), a hand's count step by step with its rules, the log in
//! sentences. Every text that comes from a file is escaped; the pages hold no inline script
//! and load nothing from another host.

/// Appends a formatted text to a `String`.
macro_rules! put {
    ($out:expr, $($arg:tt)*) => {
        $out.push_str(&format!($($arg)*))
    };
}

use marque_core::i18n::msg;
use marque_core::i18n::{Lang, tr};
use marque_core::session::{Session, Sheet};
use marque_core::view::{SheetView, minus, signed_shown, typeset};
use marque_store::{FileState, Listed};

/// The folder as the pages read it: its sessions, the club's names merged by hand (read,
/// never written), and the ratings (those the index kept, where they are of these sessions).
pub struct Listing {
    pub listed: Vec<marque_store::Listed>,
    pub people: marque_core::stats::People,
    pub ratings: marque_core::ratings::Ratings,
    /// The evenings of several tables: each by its subfolder's name, its file and its title.
    pub evenings: Vec<(String, std::path::PathBuf, String)>,
}

/// `text` with `& < > " '` escaped, for HTML text and attribute values alike; direction and
/// control characters dropped.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars().filter(|c| shown(*c)) {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// `text` with direction and control characters dropped, for a page to set as text (the
/// news a screen reader reads out): nothing to escape there, but the same characters go.
pub fn clean(text: &str) -> String {
    text.chars().filter(|c| shown(*c)).collect()
}

/// Whether a character of a name or a text is shown on a page.
fn shown(c: char) -> bool {
    match c {
        // Direction controls: a name beginning with a right-to-left override turned the
        // scores after it around ("500" read "005"); names need none of them to show.
        '\u{202a}'..='\u{202e}'
        | '\u{2066}'..='\u{2069}'
        | '\u{200e}'
        | '\u{200f}'
        | '\u{061c}' => false,
        // Control characters (NUL, ESC…) show nothing on a page; a line break stays.
        c if c.is_control() && c != '\n' && c != '\t' => false,
        _ => true,
    }
}

/// A session id as one segment of a path: letters, digits, `-` and `_` as they are, every
/// other byte as `%XX`.
pub fn segment(id: &str) -> String {
    let mut out = String::new();
    for b in id.bytes() {
        if b.is_ascii_alphanumeric() || b == b'-' || b == b'_' {
            out.push(b as char);
        } else {
            put!(out, "%{b:02X}");
        }
    }
    out
}

/// Where the pages of one sharing live: `/CAPABILITY`.
#[derive(Clone)]
pub struct Base {
    pub root: String,
    pub lang: Lang,
}

impl Base {
    pub(super) fn lang_code(&self) -> &'static str {
        match self.lang {
            Lang::Fr => "fr",
            Lang::En => "en",
        }
    }

    fn other(&self) -> (&'static str, String) {
        match self.lang {
            Lang::Fr => ("en", "English".to_string()),
            Lang::En => ("fr", "Français".to_string()),
        }
    }

    pub(super) fn session(&self, id: &str) -> String {
        format!("{}/s/{}", self.root, segment(id))
    }
}

/// A whole page: its title, what goes in `<main>`, and where its live events come from.
pub(super) fn page(base: &Base, title: &str, main: &str, events: Option<&str>) -> String {
    page_at(base, (title, main), events, "")
}

/// A page read again whole each time its session changes (`events`: the session's events):
/// a phone waiting for the next hand to answer.
pub(super) fn page_following(base: &Base, title: &str, main: &str, events: &str) -> String {
    page_at(base, (title, main), Some(events), "").replacen(
        "<body data-events=",
        "<body data-follow=\"reload\" data-events=",
        1,
    )
}

/// [`page`], its link to the other language keeping `more` of the query (`&amp;before=N`).
fn page_at(base: &Base, (title, main): (&str, &str), events: Option<&str>, more: &str) -> String {
    let lang = base.lang_code();
    let (other, other_name) = base.other();
    let events = events
        .map(|e| format!(" data-events=\"{}\"", escape(e)))
        .unwrap_or_default();
    let status = escape(&tr(base.lang, "web.reconnecting"));
    format!(
        "<!doctype html>\n<html lang=\"{lang}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{title}</title><link rel=\"stylesheet\" href=\"{root}/style.css\">\
         <script src=\"{root}/app.js\" defer></script></head>\
         <body{events} data-reconnecting=\"{status}\">\
         <nav><a href=\"{root}/?lang={lang}\">{sessions}</a> \
         <a href=\"?lang={other}{more}\" hreflang=\"{other}\" lang=\"{other}\">{other_name}</a></nav>\
         <main id=\"main\">{main}</main>\
         <p id=\"status\" role=\"status\"></p></body></html>\n",
        title = escape(title),
        root = base.root,
        sessions = escape(&tr(base.lang, "web.sessions")),
    )
}

/// The list of sessions: those in progress, then those finished in the last 12 hours.
pub fn index(base: &Base, listing: &Listing, now: std::time::SystemTime) -> String {
    let (listed, people) = (&listing.listed, &listing.people);
    let lang = base.lang;
    let mut going = String::new();
    let mut done = String::new();
    // Who plays tonight (a session in progress, or finished in the last 12 hours).
    let mut tonight: Vec<String> = Vec::new();
    let recent = |l: &Listed| {
        l.modified
            .and_then(|m| now.duration_since(m).ok())
            .is_some_and(|d| d.as_secs() < 12 * 3600)
    };
    // One entry a session: of two files of one id, the one chosen by what they hold.
    for l in marque_store::one_per_session(listed) {
        let FileState::Fine(s) = &l.state else {
            continue;
        };
        let Some(id) = &s.id else {
            continue;
        };
        let over = s.over();
        if over && !recent(l) {
            continue;
        }
        tonight.extend(s.players.iter().map(|p| people.key(p)));
        let mut names = s.game.side_names(&s.sides(), lang);
        // A seat that left is marked as such beside its total.
        marque_core::view::mark_gone(&mut names, &s.left, lang);
        let totals: Vec<String> = names
            .iter()
            .zip(&s.totals)
            .map(|(n, t)| format!("{} {}", escape(n), minus(*t)))
            .collect();
        let item = format!(
            "<li><a href=\"{}?lang={}\"><strong>{}</strong> — {}</a><br><span>{}</span></li>",
            base.session(id),
            base.lang_code(),
            escape(&tr(lang, s.game.name_key())),
            escape(&s.players.join(", ")),
            totals.join(" · ")
        );
        if over {
            done.push_str(&item);
        } else {
            going.push_str(&item);
        }
    }
    let none = format!("<li>{}</li>", escape(&tr(lang, "web.none")));
    let mut main = format!(
        "<h1>{}</h1><h2>{}</h2><ul class=\"sessions\">{}</ul><h2>{}</h2><ul class=\"sessions\">{}</ul>",
        escape(&tr(lang, "web.title")),
        escape(&tr(lang, "web.in_progress")),
        if going.is_empty() { &none } else { &going },
        escape(&tr(lang, "web.finished")),
        if done.is_empty() { &none } else { &done },
    );
    main.push_str(&evenings_listed(base, &listing.evenings));
    main.push_str(&ratings(lang, &listing.ratings, people, &tonight));
    page(base, &tr(lang, "web.title"), &main, None)
}

/// The index's list of evenings, linked (nothing when the folder has none).
fn evenings_listed(base: &Base, evenings: &[(String, std::path::PathBuf, String)]) -> String {
    if evenings.is_empty() {
        return String::new();
    }
    let items: String = evenings
        .iter()
        .map(|(name, _, title)| {
            format!(
                "<li><a href=\"{}/e/{}?lang={}\">{}</a></li>",
                base.root,
                segment(name),
                base.lang_code(),
                escape(title)
            )
        })
        .collect();
    format!(
        "<h2>{}</h2><ul class=\"sessions\">{items}</ul>",
        escape(&tr(base.lang, "web.evenings"))
    )
}

/// Tonight's players in the ratings of every game together, best first (μ − 3σ).
fn ratings(
    lang: Lang,
    r: &marque_core::ratings::Ratings,
    people: &marque_core::stats::People,
    tonight: &[String],
) -> String {
    let rows: Vec<String> = r
        .table(&r.overall)
        .into_iter()
        .filter(|(name, _)| tonight.contains(&people.key(name)))
        .enumerate()
        .map(|(k, (name, x))| {
            let shown = if x.provisional() {
                marque_core::i18n::Msg::new("ui.ratings.provisional")
                    .with("name", name.to_string())
                    .render(lang)
            } else {
                name.to_string()
            };
            format!(
                "<tr><td>{}</td><th scope=\"row\">{}</th><td>{}</td><td>{}</td></tr>",
                k + 1,
                escape(&shown),
                marque_core::i18n::decimal1(lang, x.mu),
                marque_core::i18n::decimal1(lang, x.sigma)
            )
        })
        .collect();
    if rows.is_empty() {
        return String::new();
    }
    format!(
        "<table class=\"ratings\"><caption>{}</caption><thead><tr><th scope=\"col\">#</th>\
         <th scope=\"col\">{}</th><th scope=\"col\">μ</th><th scope=\"col\">σ</th></tr>\
         </thead><tbody>{}</tbody></table>",
        escape(&tr(lang, "web.ratings")),
        escape(&tr(lang, "ui.ratings.name")),
        rows.join("")
    )
}

/// The rows a page shows at first, and in each part asked for by "earlier hands": a phone never
/// loads a whole long session.
pub const PART: usize = 100;

/// A session's page: its sheet (see [`Parts`]), followed live. `before`: the part of the rows
/// before this one ("earlier hands"), shown alone, not followed.
pub fn session_page(
    base: &Base,
    id: &str,
    session: &Session,
    sheet: &Sheet,
    before: Option<usize>,
) -> String {
    let parts = Parts::of(base, id, session, sheet);
    let title = format!(
        "{} — {}",
        tr(base.lang, session.title_key()),
        session.seats().seated().join(", ")
    );
    match before {
        None => {
            let main = parts.main(base, id, parts.rows.len().saturating_sub(PART));
            let events = format!("{}/events?lang={}", base.session(id), base.lang_code());
            page(base, &title, &main, Some(&events))
        }
        Some(end) => {
            // (0 asks for the part before nothing: the first part is shown.)
            let len = parts.rows.len();
            let end = match end.min(len) {
                0 => PART.min(len),
                e => e,
            };
            let main = parts.earlier(base, id, end.saturating_sub(PART), end);
            page_at(base, (&title, &main), None, &format!("&amp;before={end}"))
        }
    }
}

/// A session's sheet in the parts a live change replaces one by one: what stands above the
/// table (the game and its players, every side's total in large type, where the game stands),
/// the table's head, each row (each hand a link to its count, the last one marked), its foot,
/// Chicago's wheel, the log in sentences.
pub struct Parts {
    pub head: String,
    pub cols: String,
    pub rows: Vec<String>,
    pub foot: String,
    pub wheel: String,
    pub log: String,
}

/// The log's sentences a page shows (the last ones).
const LOG_SHOWN: usize = 200;

impl Parts {
    pub fn of(base: &Base, id: &str, session: &Session, sheet: &Sheet) -> Parts {
        let lang = base.lang;
        let view = SheetView::new(session, sheet, lang);
        let names = &view.head.names;
        let mut head = String::new();
        put!(
            head,
            "<h1>{} <small>{}</small></h1>",
            escape(&tr(lang, session.title_key())),
            escape(&session.seats().seated().join(" · "))
        );
        let unit = escape(&tr(lang, session.game.total_label()));
        put!(head, "<ul class=\"totals\" aria-label=\"{unit}\">");
        for (i, (n, t)) in names.iter().zip(&view.head.totals).enumerate() {
            let lead = if view.head.winners.contains(&i) {
                " class=\"won\""
            } else {
                ""
            };
            put!(
                head,
                "<li{lead}><span class=\"side\">{}</span> <span class=\"total\">{}</span></li>",
                escape(n),
                minus(*t)
            );
        }
        head.push_str("</ul>");
        let state = if view.head.finished && !view.head.goes_on {
            view.head.outcome().render(lang)
        } else {
            sheet.state().render(lang)
        };
        put!(head, "<p class=\"state\">{}</p>", escape(&typeset(&state)));
        let hand = session
            .game
            .hand_words(marque_core::i18n::Msg::new("ui.sheet.hand"))
            .render(lang);
        let mut cols = format!(
            "<tr><th scope=\"col\">#</th><th scope=\"col\">{}</th>",
            escape(&hand)
        );
        for n in names {
            put!(cols, "<th scope=\"col\">{}</th>", escape(n));
        }
        cols.push_str("</tr>");
        let last = view.rows.len().checked_sub(1);
        // A hand the other side disputed stays marked until it is confirmed or corrected.
        let words = if marque_core::history::wants_word(session) {
            marque_core::history::words(session, sheet)
        } else {
            Vec::new()
        };
        let disputed = |i: usize| words.get(i) == Some(&marque_core::history::Word::Disputed);
        let rows = view
            .rows
            .iter()
            .map(|r| {
                let mark = match (Some(r.index) == last, disputed(r.index)) {
                    (true, true) => " class=\"last disputed\" aria-current=\"true\"",
                    (true, false) => " class=\"last\" aria-current=\"true\"",
                    (false, true) => " class=\"disputed\"",
                    (false, false) => "",
                };
                let shown = r.shown(names, lang);
                let shown = if disputed(r.index) {
                    msg!("ui.word.disputed", what = shown).render(lang)
                } else {
                    shown
                };
                let mut row = format!(
                    "<tr data-i=\"{i}\"{mark}><th scope=\"row\"><a href=\"{}/h/{}?lang={}\">{}</a></th><td>{}</td>",
                    base.session(id),
                    r.index + 1,
                    base.lang_code(),
                    r.number()
                        .map_or_else(|| "•".to_string(), |n| n.to_string()),
                    escape(&shown),
                    i = r.index,
                );
                for c in &r.cells {
                    put!(row, "<td>{}</td>", escape(&typeset(&c.text())));
                }
                row.push_str("</tr>");
                row
            })
            .collect();
        let mut foot = format!("<tr><th scope=\"row\"></th><td>{unit}</td>");
        for t in &view.head.totals {
            put!(foot, "<td>{}</td>", minus(*t));
        }
        foot.push_str("</tr>");
        // Chicago: every chukker's wheel, the one being played (or the last one) first and
        // open, the earlier ones folded, a tap away.
        let mut wheel = String::new();
        let last = view.papers.len().checked_sub(1);
        for (k, paper) in view.papers.iter().enumerate().rev() {
            if paper.wheel.is_none() {
                continue;
            }
            let title = escape(&paper.title(k).render(lang));
            if Some(k) != last {
                put!(wheel, "<details class=\"wheel\"><summary>{title}</summary>");
            }
            put!(
                wheel,
                "<table class=\"wheel\"><caption>{title}</caption><tbody>"
            );
            for [deal, dealer, state, points, running] in paper.wheel_rows(lang) {
                put!(
                    wheel,
                    "<tr><th scope=\"row\">{}</th><td>{}</td><td>{}</td><td>{}</td><td>Σ {}</td></tr>",
                    escape(&deal),
                    escape(&dealer),
                    escape(&state),
                    escape(&typeset(&points)),
                    escape(&typeset(&running))
                );
            }
            wheel.push_str("</tbody></table>");
            if Some(k) != last {
                wheel.push_str("</details>");
            }
        }
        let lines = marque_core::history::sentences(session, sheet);
        let mut log = String::new();
        put!(
            log,
            "<details class=\"log\"><summary>{}</summary><ol start=\"{}\">",
            escape(&tr(lang, "web.log")),
            lines.len().saturating_sub(LOG_SHOWN) + 1
        );
        for l in &lines[lines.len().saturating_sub(LOG_SHOWN)..] {
            put!(log, "<li>{}</li>", escape(&l.render(lang)));
        }
        log.push_str("</ol></details>");
        Parts {
            head,
            cols,
            rows,
            foot,
            wheel,
            log,
        }
    }

    /// What the live page's `<main>` holds: the rows from `from` on, with a link to the part
    /// before them.
    pub fn main(&self, base: &Base, id: &str, from: usize) -> String {
        let mut out = format!("<div id=\"head\">{}</div>", self.head);
        self.table(&mut out, base, id, from, self.rows.len());
        put!(
            out,
            "<div id=\"wheel\">{}</div><div id=\"log\">{}</div>",
            self.wheel,
            self.log
        );
        out
    }

    /// An earlier part of the rows (`from..end`), alone, with its links.
    fn earlier(&self, base: &Base, id: &str, from: usize, end: usize) -> String {
        let mut out = format!(
            "<p><a href=\"{}?lang={}\">{}</a></p><div id=\"head\">{}</div>",
            base.session(id),
            base.lang_code(),
            escape(&tr(base.lang, "web.back")),
            self.head
        );
        self.table(&mut out, base, id, from, end);
        out
    }

    /// The sheet's table with rows `from..end`, a link to the part before them above it.
    fn table(&self, out: &mut String, base: &Base, id: &str, from: usize, end: usize) {
        if from > 0 {
            put!(
                out,
                "<p class=\"earlier\"><a href=\"{}?lang={}&amp;before={from}\">{}</a></p>",
                base.session(id),
                base.lang_code(),
                escape(&tr(base.lang, "web.earlier"))
            );
        }
        // A wide table (eight players on a phone) scrolls sideways in its own box; the totals
        // above it stay in view.
        put!(
            out,
            "<div class=\"wide\" role=\"region\" tabindex=\"0\" aria-label=\"{sheet}\">\
             <table class=\"sheet\"><caption>{sheet}</caption><thead id=\"cols\">{}</thead>\
             <tbody id=\"rows\" data-from=\"{from}\">",
            self.cols,
            sheet = escape(&tr(base.lang, "web.sheet")),
        );
        for r in &self.rows[from.min(end)..end] {
            out.push_str(r);
        }
        put!(
            out,
            "</tbody><tfoot id=\"foot\">{}</tfoot></table></div>",
            self.foot
        );
    }
}

/// What a live event says of the newest hand, for the page's live region.
pub fn news(base: &Base, session: &Session, sheet: &Sheet) -> String {
    let names = session.game.side_names(&session.sides(), base.lang);
    marque_core::view::last_hand(session, sheet, &names)
        .map(|m| m.render(base.lang))
        .unwrap_or_default()
}

/// Hand `i`'s count, as `marque explain` gives it: what stood before, each step with its
/// points, its rule's id and the rule's text.
pub fn hand_page(
    base: &Base,
    id: &str,
    session: &Session,
    sheet: &Sheet,
    i: usize,
) -> Option<String> {
    let lang = base.lang;
    let count = marque_core::explain::explain(session, sheet, i)?;
    // Named by who held each seat for that hand.
    let names = marque_core::text::sides_then(session, &count.held, lang);
    // As the table counts it: "Brasse 8", or a table event's kind.
    let title = msg!(
        "web.hand",
        entry = session.game.place_title(session.place(i))
    )
    .render(lang);
    let mut main = format!(
        "<p><a href=\"{}?lang={}\">{}</a></p><h1>{}</h1><p class=\"label\">{}</p><ul class=\"facts\">",
        base.session(id),
        base.lang_code(),
        escape(&tr(lang, "web.back")),
        escape(&title),
        escape(&count.label.render(lang))
    );
    for f in &count.facts {
        put!(main, "<li>{}</li>", escape(&typeset(&f.render(lang))));
    }
    main.push_str("</ul>");
    main.push_str(&count_table(lang, &names, &count.steps));
    Some(page(base, &title, &main, None))
}

/// A hand's count step by step: each line with its side, points and text; each rule named
/// once, its text a tap away (a count of 16 lines no longer repeats a rule's text under each).
pub(super) fn count_table(
    lang: Lang,
    names: &[String],
    steps: &[marque_core::explain::Step],
) -> String {
    let mut out = format!(
        "<table class=\"count\"><caption>{}</caption><thead><tr><th scope=\"col\">{}</th><th scope=\"col\">{}</th><th scope=\"col\">{}</th></tr></thead><tbody>",
        escape(&tr(lang, "web.count")),
        escape(&tr(lang, "web.side")),
        escape(&tr(lang, "web.points")),
        escape(&tr(lang, "web.rule"))
    );
    let mut told: Vec<&str> = Vec::new();
    for st in steps {
        let rule = st.rule.as_str();
        let said = if told.contains(&rule) {
            format!("<code>[{}]</code>", escape(rule))
        } else {
            told.push(rule);
            format!(
                "<details><summary><code>[{}]</code></summary>{}</details>",
                escape(rule),
                escape(&tr(lang, &format!("rule.{rule}")))
            )
        };
        put!(
            out,
            "<tr><th scope=\"row\">{}</th><td>{}</td><td><p>{}</p><div class=\"rule\">{}</div></td></tr>",
            escape(names.get(st.side).map_or("", String::as_str)),
            signed_shown(st.points),
            escape(&typeset(&st.text.render(lang))),
            said
        );
    }
    out.push_str("</tbody></table>");
    out
}

/// A page that says what is not there (a session moved or deleted): the same for every
/// request without the capability, and naming nothing.
pub fn gone(base: &Base) -> String {
    notice(base, "web.gone")
}

/// The page of a pairing revoked, expired (sharing started again) or of a session closed.
pub fn revoked(base: &Base) -> String {
    notice(base, "web.phone.revoked")
}

/// The page of a phone whose seat another player took since it paired (a substitute).
pub fn seat_changed(base: &Base) -> String {
    notice(base, "web.phone.seat_changed")
}

/// The page of a session whose file is there but does not read just now (being written).
pub fn busy(base: &Base) -> String {
    notice(base, "web.busy")
}

/// A page of one sentence, `key`'s.
fn notice(base: &Base, key: &str) -> String {
    let text = escape(&tr(base.lang, key));
    page(
        base,
        &tr(base.lang, "web.title"),
        &format!("<p>{text}</p>"),
        None,
    )
}
