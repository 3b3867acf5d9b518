//! A table's phone: paired to one table of an evening, it shows the round, who sits N-S and
//! E-W, the next board with its dealer and vulnerability, and keys in the table's order
//! (contract, declarer, result); the board's score and its count line by line before it is
//! written; then E-W's word on the same phone. Each write goes through the table's own file
//! (`TableDoc`, under its lock, checked against the evening), once per one-time token, on the
//! server's threads and outside the pages' turns.

use std::collections::BTreeMap;
use std::sync::Arc;

use hyper::{Request, StatusCode};
use serde_json::Value;

use marque_core::club::{self, Checked, Plan, Played};
use marque_core::i18n::{Lang, Msg, msg, tr};
use marque_store::{TableDoc, TableOp, TableRefused};

use super::super::form::field;
use super::super::net::Conn;
use super::super::pages::{self, Base, escape, page};
use super::super::pairing::{Entering, Offer, Phone, Reply};
use super::{Body, HTML, Routes, TEXT, respond, respond_form};

type Response = hyper::Response<Body>;

/// A table's evening as its phone reads it: the evening's title, the table's file and plan.
struct Table {
    title: String,
    doc: TableDoc,
    plan: Plan,
}

/// What the phone's keys said: the board and round shown, the entry corrected (its place in
/// the file) where it is a correction, and the deal as the table's file writes it.
struct Keys {
    round: u32,
    board: u32,
    fix: Option<usize>,
    played: Played,
}

impl Keys {
    /// The keys of a posted form; what is missing or out of range, in words.
    fn read(fields: &[(String, String)]) -> Result<Keys, Msg> {
        let num = |k: &str| field(fields, k).and_then(|v| v.parse::<u32>().ok());
        let (Some(round), Some(board)) = (num("r"), num("b")) else {
            return Err(Msg::new("web.table.stale"));
        };
        let fix = num("fix").and_then(|i| usize::try_from(i).ok());
        let (_, played) = club::keys::deal_of(|k| field(fields, k))?;
        Ok(Keys {
            round,
            board,
            fix,
            played,
        })
    }
}

impl Routes {
    /// The page that names a table's phone before it pairs through `offer` (`said`: why the
    /// last try was refused).
    pub(super) fn table_pair_form(
        &self,
        base: &Base,
        offer: &Offer,
        ip: std::net::IpAddr,
        said: Option<&Msg>,
    ) -> Response {
        let Some((_, title)) = super::super::evening::find(self.hub.folder(), &offer.session)
        else {
            return respond(StatusCode::NOT_FOUND, HTML, super::super::pages::gone(base));
        };
        let Ok(form) = self.pairings.pairing_form(&offer.token, ip) else {
            return respond(
                StatusCode::SERVICE_UNAVAILABLE,
                HTML,
                super::super::pages::busy(base),
            );
        };
        let lang = base.lang;
        let mut main = format!("<h1>{}</h1>", escape(&title));
        if let Some(m) = said {
            main.push_str(&format!(
                "<p class=\"said\" role=\"status\">{}</p>",
                escape(&m.render(lang))
            ));
        }
        let table = i64::try_from(offer.side).unwrap_or(0);
        let key = match offer.table {
            Some(Entering::Verifying(_)) => "web.table.pair_ew",
            _ => "web.table.pair_for",
        };
        main.push_str(&format!(
            "<p>{}</p>",
            escape(&msg!(key, table = table).render(lang))
        ));
        main.push_str(&super::super::phone::pair_form(base, &offer.token, &form));
        let status = if said.is_some() {
            StatusCode::BAD_REQUEST
        } else {
            StatusCode::OK
        };
        respond_form(status, page(base, &title, &main, None))
    }

    /// The table `phone` is paired to, read as it now is: its evening (found by name among
    /// the folder's), the table's file beside it, and its plan.
    fn table(&self, phone: &Phone) -> Option<Table> {
        let file = phone
            .table
            .as_ref()
            .and_then(Entering::file)
            .filter(|f| club::plain_name(f).is_ok())?;
        let (evening, title) = super::super::evening::find(self.hub.folder(), &phone.session)?;
        let path = evening.parent()?.join(file);
        if !super::super::live::own_file(&path) {
            return None;
        }
        let doc = TableDoc::open(&path).ok()??;
        let plan = club::plan(doc.evening.as_ref()?, &doc.name, Some(&doc.value))?;
        Some(Table { title, doc, plan })
    }

    /// A table phone's page as the table now is (`said`: what became of its last try).
    pub(super) fn table_page(&self, base: &Base, phone: &Phone, said: Option<&Msg>) -> Response {
        let Some(t) = self.table(phone) else {
            return respond(StatusCode::NOT_FOUND, HTML, super::super::pages::gone(base));
        };
        let lang = base.lang;
        let mut main = head(lang, &t, phone, said);
        let stands = club::checked(&t.doc.value);
        // E-W's word first, on the board entered last that awaits it: the table agrees before
        // it goes on.
        let waiting = t
            .doc
            .hands()
            .iter()
            .enumerate()
            .rev()
            .find(|(_, e)| stands.get(&club::board_key(e)).copied() == Some(Checked::Entered));
        let word = format!("word::{}", log_len(&t.doc));
        let verifying = verifies(phone);
        if let Some((_, entry)) = waiting
            && let Ok(token) = self.pairings.show(&phone.token, &entry.to_string(), &word)
        {
            main.push_str(&word_form(base, phone, entry, &token));
        } else if verifying {
            // E-W's own phone enters nothing: it waits for the next board to check.
            main.push_str(&format!(
                "<p class=\"state\">{}</p>",
                escape(&tr(lang, "web.table.nothing_to_verify"))
            ));
        } else {
            match t.plan.next() {
                Some((r, b)) => main.push_str(&entry_form(base, phone, &t.plan, (r, b), None)),
                None => main.push_str(&format!(
                    "<p class=\"state\">{}</p>",
                    escape(&tr(lang, "ui.table.all_entered"))
                )),
            }
        }
        main.push_str(&boards_list(base, phone, &t, &stands));
        // Not read again by itself: a board half keyed in is never lost to another table's;
        // E-W's own phone, which keys nothing, follows the table's file.
        // (The evening's name is kept as its segment of the room's paths.)
        let events = verifying.then(|| format!("{}/e/{}/events", base.root, phone.session));
        match events {
            Some(events) => respond_form(
                StatusCode::OK,
                pages::page_following(base, &t.title, &main, &events),
            ),
            None => respond_form(StatusCode::OK, page(base, &t.title, &main, None)),
        }
    }

    /// What a table's phone posted: a board to look at before it is written, or a one-time
    /// token's write (the board, its correction, E-W's word).
    pub(super) async fn table_post(
        self: &Arc<Self>,
        req: Request<hyper::body::Incoming>,
        conn: &Arc<Conn>,
        base: Base,
        phone: Phone,
    ) -> Response {
        let fields = match self.form_of(req, conn).await {
            Ok(f) => f,
            Err(r) => return r,
        };
        match field(&fields, "do") {
            Some("look") if verifies(&phone) => {
                let said = Msg::new("web.table.verify_only");
                self.made(conn, move |r| r.refused_page(&base, &phone, &said))
                    .await
            }
            Some("look") => {
                let keys = Keys::read(&fields);
                self.made(conn, move |r| r.table_look(&base, &phone, keys))
                    .await
            }
            Some("write") => {
                let token = field(&fields, "t").unwrap_or("").to_string();
                // A word is yes or no; a board's write says neither.
                let agreed = match field(&fields, "w") {
                    Some("no") => Some(false),
                    Some("yes") => Some(true),
                    _ => None,
                };
                let reply = match self
                    .write_once(conn, &phone, token, move |r, p, entry, what| {
                        r.table_write(p, (entry, what), agreed)
                    })
                    .await
                {
                    Ok(reply) => reply,
                    Err(busy) => return busy,
                };
                self.made(conn, move |r| match reply {
                    Some(reply) => {
                        let said = match reply {
                            Reply::Recorded => Msg::new("web.table.noted"),
                            Reply::Refused(m) => m,
                        };
                        r.table_page(&base, &phone, Some(&said))
                    }
                    None => {
                        let said = Msg::new("web.phone.stale");
                        let mut page = r.table_page(&base, &phone, Some(&said));
                        if page.status() == StatusCode::OK {
                            *page.status_mut() = StatusCode::FORBIDDEN;
                        }
                        page
                    }
                })
                .await
            }
            _ => respond(StatusCode::BAD_REQUEST, TEXT, "No such form\n"),
        }
    }

    /// What a table's phone's one-time token `token` was shown for, written once by `write`
    /// (given the routes, the phone, and what the token was shown: the entry and the kind of
    /// write), on a blocking thread and outside the pages' turns (held for the write alone,
    /// never across the page after it); the same token again gets the same reply. `None`: the
    /// token is not a fresh one of this phone's; `Err`: the server is too busy to write.
    pub(super) async fn write_once(
        self: &Arc<Self>,
        conn: &Arc<Conn>,
        phone: &Phone,
        token: String,
        write: impl FnOnce(&Routes, &Phone, &str, &str) -> Reply + Send + 'static,
    ) -> Result<Option<Reply>, Response> {
        let (r, p) = (self.clone(), phone.clone());
        let _busy = conn.busy();
        let Ok(_turn) = self.writing.acquire().await else {
            return Err(respond(StatusCode::SERVICE_UNAVAILABLE, TEXT, "Busy\n"));
        };
        let reply = tokio::task::spawn_blocking(move || {
            let reply = r
                .pairings
                .answer(&p.token, &token, |entry, what| write(&r, &p, entry, what));
            if matches!(reply, Some(Reply::Recorded)) {
                r.hub.changed();
                r.woken();
            }
            reply
        })
        .await;
        Ok(reply.ok().flatten())
    }

    /// The board as the keys said it, scored, with its count and the key that writes it (a
    /// one-time token bound to that very entry); or the form again, saying what is wrong.
    fn table_look(&self, base: &Base, phone: &Phone, keys: Result<Keys, Msg>) -> Response {
        let keys = match keys {
            Ok(k) => k,
            Err(m) => return self.refused_page(base, phone, &m),
        };
        let Some(t) = self.table(phone) else {
            return respond(StatusCode::NOT_FOUND, HTML, super::super::pages::gone(base));
        };
        let Some((r, b)) = place(&t.plan, keys.round, keys.board) else {
            let m = msg!(
                "web.table.not_here",
                board = i64::from(keys.board),
                round = i64::from(keys.round)
            );
            return self.refused_page(base, phone, &m);
        };
        let entry = t.plan.entry(r, b, &keys.played);
        // Only a board E-W disputed is corrected from the phone.
        let disputed = keys.fix.is_some_and(|i| {
            t.doc.hands().get(i).is_some_and(|e| {
                same_board(e, &entry)
                    && club::checked(&t.doc.value).get(&club::board_key(e))
                        == Some(&Checked::Disputed)
            })
        });
        if keys.fix.is_some() && !disputed {
            return self.refused_page(base, phone, &Msg::new("web.table.changed"));
        }
        // Once the table moved on to a later round, only the organiser corrects (its log).
        if keys.fix.is_some() && t.plan.moved_on(r) {
            let m = msg!("web.table.round_closed", round = i64::from(keys.round));
            return self.refused_page(base, phone, &m);
        }
        // Bound to the file as it was shown: any change since refuses it.
        let what = match keys.fix {
            Some(i) => format!("fix:{i}:{}", log_len(&t.doc)),
            None => format!("enter::{}", log_len(&t.doc)),
        };
        let Ok(token) = self.pairings.show(&phone.token, &entry.to_string(), &what) else {
            return respond(StatusCode::SERVICE_UNAVAILABLE, TEXT, "Busy\n");
        };
        let lang = base.lang;
        let mut main = head(lang, &t, phone, None);
        main.push_str(&look(base, phone, &entry, &token));
        respond_form(StatusCode::OK, page(base, &t.title, &main, None))
    }

    /// What is at stake for the contract a table phone's keys hold (`fields`: its form as it
    /// now is, with its round and board): the row of results from the declaring side, or
    /// result `k`'s lines alone; nothing while the contract is not whole, or for a board this
    /// table does not play in that round.
    pub(super) fn table_stakes(
        &self,
        base: &Base,
        phone: &Phone,
        fields: &[(String, String)],
    ) -> Response {
        let Some(t) = self.table(phone) else {
            return respond(StatusCode::NOT_FOUND, HTML, super::super::pages::gone(base));
        };
        let num = |k: &str| field(fields, k).and_then(|v| v.parse::<u32>().ok());
        let board = num("r")
            .zip(num("b"))
            .filter(|(r, b)| place(&t.plan, *r, *b).is_some())
            .map(|(_, b)| b);
        let found = board.and_then(|b| {
            let bid = club::keys::bid_of(|k| field(fields, k))?;
            club::board_stakes(b, &bid).ok()
        });
        let Some(found) = found else {
            return respond(StatusCode::OK, HTML, "");
        };
        let lang = base.lang;
        let sides = [tr(lang, "web.table.ns"), tr(lang, "web.table.ew")];
        let body = match field(fields, "k").and_then(|k| k.parse::<usize>().ok()) {
            Some(k) => found.outcomes.get(k).map_or_else(String::new, |o| {
                let score = msg!(
                    "web.table.score",
                    points = marque_core::view::signed_shown(o.ns)
                );
                let said = [o.said.label(&sides).render(lang), score.render(lang)];
                super::super::stakes::lines(lang, &said, &sides, &o.lines)
            }),
            None => super::super::stakes::rows(lang, &found.rows(&sides)),
        };
        respond(StatusCode::OK, HTML, body)
    }

    /// The table's page with why the last try was refused (400).
    fn refused_page(&self, base: &Base, phone: &Phone, why: &Msg) -> Response {
        let mut page = self.table_page(base, phone, Some(why));
        if page.status() == StatusCode::OK {
            *page.status_mut() = StatusCode::BAD_REQUEST;
        }
        page
    }

    /// Writes what a one-time token was shown for: `entry` (as the phone saw it) added, put in
    /// place of entry `fix:i`, or E-W's word on it (`agreed`); through the table's file, under
    /// its lock, checked against its evening.
    fn table_write(
        &self,
        phone: &Phone,
        (entry, what): (&str, &str),
        agreed: Option<bool>,
    ) -> Reply {
        let refused = |key: &'static str| Reply::Refused(Msg::new(key));
        let Some(t) = self.table(phone) else {
            return refused("web.gone");
        };
        let Ok(entry) = serde_json::from_str::<Value>(entry) else {
            return refused("web.table.stale");
        };
        // What was shown: the kind of write, the entry corrected, the file's log as it was.
        let mut parts = what.split(':');
        let (kind, fix, shown) = (parts.next(), parts.next(), parts.next());
        let shown: Option<usize> = shown.and_then(|n| n.parse().ok());
        let mut doc = t.doc;
        let lock = match marque_store::Lock::acquire_within(
            &doc.path,
            marque_store::document::SAVE_WAIT,
        ) {
            Ok(l) => l,
            Err(e) => return Reply::Refused(marque_store::document::DocError::NotSaved(e).msg()),
        };
        let now = crate::local::now();
        let mut tried = 0;
        loop {
            tried += 1;
            // The file changed since the page was shown (a board entered, corrected, deleted,
            // a word given): nothing is written, the page is shown as it now is.
            if shown != Some(log_len(&doc)) {
                return refused("web.table.changed");
            }
            let checked = club::checked(&doc.value);
            let stands = |e: &Value| checked.get(&club::board_key(e)).copied();
            let place = doc.hands().iter().position(|e| *e == entry);
            let op = match (kind, agreed) {
                (Some("enter" | "fix"), _) if verifies(phone) => {
                    return refused("web.table.verify_only");
                }
                (Some("enter"), None) => TableOp::Add(entry.clone()),
                (Some("word"), Some(agreed)) => match place {
                    Some(i) if stands(&doc.hands()[i]) == Some(Checked::Entered) => {
                        TableOp::Word(i, agreed, "EW".to_string())
                    }
                    _ => return refused("web.table.changed"),
                },
                (Some("fix"), None) => match fix.and_then(|i| i.parse::<usize>().ok()) {
                    Some(_) if moved_on(&doc, &entry) => return refused("web.table.moved_on"),
                    Some(i)
                        if doc.hands().get(i).is_some_and(|e| {
                            same_board(e, &entry) && stands(e) == Some(Checked::Disputed)
                        }) =>
                    {
                        TableOp::Edit(i, entry.clone())
                    }
                    _ => return refused("web.table.changed"),
                },
                _ => return refused("web.table.stale"),
            };
            match doc.apply_by(&op, (&now, Some(&phone.label)), &lock) {
                Ok(()) => return Reply::Recorded,
                // The file changed between the reading and the writing: read again, tried once
                // more on the file as it now is.
                Err(TableRefused::Store(marque_store::StoreError::Changed))
                    if tried < 3 && doc.reload().is_ok() => {}
                Err(TableRefused::Problems(p)) => {
                    let m = p.into_iter().next().map(|(_, m)| m);
                    return Reply::Refused(m.unwrap_or_else(|| Msg::new("web.table.stale")));
                }
                Err(TableRefused::Store(e)) => {
                    return Reply::Refused(marque_store::document::DocError::Store(e).msg());
                }
            }
        }
    }
}

/// Where board `board` of round `round` sits in `plan` (its round's place, the board's place
/// in it), where this table plays it.
fn place(plan: &Plan, round: u32, board: u32) -> Option<(usize, usize)> {
    plan.rounds.iter().enumerate().find_map(|(r, planned)| {
        let b = planned.boards.iter().position(|b| b.board == board)?;
        (planned.round == round && !planned.sit_out()).then_some((r, b))
    })
}

/// Whether `phone` is E-W's own at its table: it gives their word, and enters nothing.
fn verifies(phone: &Phone) -> bool {
    matches!(phone.table, Some(Entering::Verifying(_)))
}

/// How many lines the table file's log holds: what a page was shown at.
fn log_len(doc: &TableDoc) -> usize {
    doc.value["log"].as_array().map_or(0, Vec::len)
}

/// Whether the table, as its file now stands, has moved on from the round of `entry` (see
/// [`Plan::moved_on`]).
fn moved_on(doc: &TableDoc, entry: &Value) -> bool {
    let Some(plan) = doc
        .evening
        .as_ref()
        .and_then(|ev| club::plan(ev, &doc.name, Some(&doc.value)))
    else {
        return false;
    };
    let round = entry["round"].as_u64();
    plan.rounds
        .iter()
        .position(|r| Some(u64::from(r.round)) == round)
        .is_some_and(|r| plan.moved_on(r))
}

/// Whether two entries are of the same board and round (a correction keeps them).
fn same_board(a: &Value, b: &Value) -> bool {
    club::board_key(a) == club::board_key(b)
}

/// The page's head: the evening, the table and this phone, the round's seating, and what
/// became of the last try.
fn head(lang: Lang, t: &Table, phone: &Phone, said: Option<&Msg>) -> String {
    let mut main = format!(
        "<h1>{}</h1><p class=\"you\">{}</p>",
        escape(&t.title),
        escape(
            &msg!(
                "web.table.you",
                table = i64::from(t.plan.table),
                phone = phone.label.as_str()
            )
            .render(lang)
        )
    );
    if let Some(m) = said {
        main.push_str(&format!(
            "<p class=\"said\" role=\"status\">{}</p>",
            escape(&m.render(lang))
        ));
    }
    main
}

/// The round's seating and the board's heading.
fn board_head(lang: Lang, plan: &Plan, (r, b): (usize, usize)) -> String {
    let round = &plan.rounds[r];
    format!(
        "<h2>{}</h2><p class=\"state\">{} · {} · {}</p>",
        escape(&club::board_heading(round.boards[b].board).render(lang)),
        escape(&msg!("ui.table.round", round = i64::from(round.round)).render(lang)),
        escape(&msg!("ui.table.ns", side = round.ns.words(lang)).render(lang)),
        escape(&msg!("ui.table.ew", side = round.ew.words(lang)).render(lang)),
    )
}

/// A group of keys (radio buttons drawn as keys, the one chosen first checked), or a number
/// typed (its range and step given to the phone's keyboard; the server checks it again).
pub(super) fn keys(g: &club::keys::Group) -> String {
    let checked = |v: &str| g.checked.as_deref() == Some(v);
    match &g.input {
        club::keys::Input::Keys(keys) => {
            let mut out = format!(
                "<fieldset class=\"keys\"><legend>{}</legend>",
                escape(&g.legend)
            );
            for (v, label) in keys {
                out.push_str(&format!(
                    "<label><input type=\"radio\" name=\"{name}\" value=\"{v}\"{c}><span>{l}</span></label>",
                    name = escape(&g.field),
                    v = escape(v),
                    c = if checked(v) { " checked" } else { "" },
                    l = escape(label)
                ));
            }
            out.push_str("</fieldset>");
            out
        }
        club::keys::Input::Number { min, max, step } => format!(
            "<p class=\"number\"><label for=\"k-{name}\">{legend}</label>\
             <input id=\"k-{name}\" name=\"{name}\" type=\"number\" inputmode=\"decimal\" min=\"{min}\" max=\"{max}\" step=\"{step}\" value=\"{value}\" required></p>",
            name = escape(&g.field),
            legend = escape(&g.legend),
            value = escape(g.checked.as_deref().unwrap_or("")),
        ),
    }
}

/// The form of board `b` of round `r`: the contract (level or passed out, strain, doubled),
/// the declarer (named by who sits there), the result (made exactly by default); then the key
/// that shows its score.
fn entry_form(
    base: &Base,
    phone: &Phone,
    plan: &Plan,
    (r, b): (usize, usize),
    fix: Option<usize>,
) -> String {
    let lang = base.lang;
    let round = &plan.rounds[r];
    let mut out = board_head(lang, plan, (r, b));
    out.push_str(&format!(
        "<form method=\"post\" action=\"{root}/a/{phone}?lang={lang}\" class=\"entry\">\
         <input type=\"hidden\" name=\"do\" value=\"look\">\
         <input type=\"hidden\" name=\"r\" value=\"{round}\"><input type=\"hidden\" name=\"b\" value=\"{board}\">",
        root = base.root,
        phone = escape(&phone.token),
        lang = base.lang_code(),
        round = round.round,
        board = round.boards[b].board,
    ));
    if let Some(i) = fix {
        out.push_str(&format!(
            "<input type=\"hidden\" name=\"fix\" value=\"{i}\">"
        ));
    }
    for g in club::keys::groups(round, lang) {
        out.push_str(&keys(&g));
    }
    out.push_str(&super::super::stakes::room(base, &phone.token));
    out.push_str(&format!(
        "<button type=\"submit\">{}</button></form>",
        escape(&tr(lang, "web.table.look"))
    ));
    out
}

/// The board as it would be written: what was played, N-S's score, each line with its rule,
/// and the key that writes it (`token`).
fn look(base: &Base, phone: &Phone, entry: &Value, token: &str) -> String {
    let lang = base.lang;
    let mut out = String::new();
    let Ok(e) = club::table_entry(entry) else {
        return out;
    };
    out.push_str(&format!(
        "<h2>{}</h2>",
        escape(&club::board_heading(e.board).render(lang))
    ));
    out.push_str(&format!(
        "<p class=\"mine\"><strong>{}</strong></p>",
        escape(&club::said(e.board, &e.played).render(lang))
    ));
    out.push_str(&count(lang, e.board, &e.played));
    let save = format!(
        "<button type=\"submit\" class=\"yes\">{}</button>",
        escape(&tr(lang, "web.table.save"))
    );
    out.push_str(&write_form(base, phone, token, &save));
    out.push_str(&format!(
        "<p><a href=\"{}/a/{}?lang={}\">{}</a></p>",
        base.root,
        escape(&phone.token),
        base.lang_code(),
        escape(&tr(lang, "web.table.fix")),
    ));
    out
}

/// A form that writes what one-time token `token` was shown for, with its keys (`keys`, HTML).
fn write_form(base: &Base, phone: &Phone, token: &str, keys: &str) -> String {
    format!(
        "<form method=\"post\" action=\"{root}/a/{phone}?lang={lang}\" class=\"word\">\
         <input type=\"hidden\" name=\"do\" value=\"write\"><input type=\"hidden\" name=\"t\" value=\"{token}\">{keys}</form>",
        root = base.root,
        phone = escape(&phone.token),
        lang = base.lang_code(),
        token = escape(token),
    )
}

/// A board's count, line by line, each with its rule (none for an artificial score).
fn count(lang: Lang, board: u32, played: &Played) -> String {
    let Some((ns, lines)) = club::board_score(board, played) else {
        return String::new();
    };
    let mut out = format!(
        "<table class=\"count\"><caption>{}</caption><tbody>",
        escape(
            &msg!(
                "web.table.score",
                points = marque_core::view::signed_shown(ns)
            )
            .render(lang)
        )
    );
    let sides = [tr(lang, "web.table.ns"), tr(lang, "web.table.ew")];
    for l in &lines {
        out.push_str(&format!(
            "<tr><th scope=\"row\">{}</th><td>{}</td><td><p>{}</p><div class=\"rule\"><code>[{}]</code></div></td></tr>",
            escape(sides.get(l.side).map_or("", String::as_str)),
            marque_core::view::signed_shown(l.points),
            escape(&l.text.render(lang)),
            escape(l.rule.as_str())
        ));
    }
    out.push_str("</tbody></table>");
    out
}

/// E-W's word on the board entered last, on this phone: agreed, or not.
fn word_form(base: &Base, phone: &Phone, entry: &Value, token: &str) -> String {
    let lang = base.lang;
    let Ok(e) = club::table_entry(entry) else {
        return String::new();
    };
    let mut out = format!(
        "<h2>{}</h2><p class=\"mine\"><strong>{}</strong></p>",
        escape(&tr(lang, "web.table.verify")),
        escape(&club::said(e.board, &e.played).render(lang))
    );
    let keys = format!(
        "<button type=\"submit\" name=\"w\" value=\"yes\" class=\"yes\">{}</button>\
         <button type=\"submit\" name=\"w\" value=\"no\" class=\"no\">{}</button>",
        escape(&tr(lang, "web.phone.yes")),
        escape(&tr(lang, "web.phone.no")),
    );
    out.push_str(&write_form(base, phone, token, &keys));
    out.push_str(&count(lang, e.board, &e.played));
    out
}

/// The table's boards entered, each with where it stands with E-W; a disputed one with the
/// key that corrects it.
fn boards_list(
    base: &Base,
    phone: &Phone,
    t: &Table,
    stands: &BTreeMap<(u64, u64), Checked>,
) -> String {
    let lang = base.lang;
    let mut out = format!(
        "<h2>{}</h2><ul class=\"boards\">",
        escape(
            &msg!(
                "ui.table.progress",
                entered = t.plan.progress().1 as i64,
                boards = t.plan.progress().0 as i64
            )
            .render(lang)
        )
    );
    for (r, round) in t.plan.rounds.iter().enumerate() {
        for (b, pb) in round.boards.iter().enumerate() {
            let Some((i, played)) = &pb.entered else {
                continue;
            };
            let key = t.doc.hands().get(*i).map(club::board_key);
            let stand = key
                .and_then(|k| stands.get(&k).copied())
                .unwrap_or(Checked::Kept);
            let word = match stand {
                Checked::Kept => None,
                Checked::Entered => Some("web.table.unverified"),
                Checked::Agreed => Some("web.table.agreed"),
                Checked::Disputed => Some("web.table.disputed"),
            };
            out.push_str(&format!(
                "<li>{}",
                escape(&club::said(pb.board, played).render(lang))
            ));
            if let Some(word) = word {
                out.push_str(&format!(" · {}", escape(&tr(lang, word))));
            }
            if stand == Checked::Disputed && t.plan.moved_on(r) {
                out.push_str(&format!(
                    " · {}",
                    escape(&tr(lang, "web.table.organiser_fixes"))
                ));
            } else if stand == Checked::Disputed && !verifies(phone) {
                out.push_str(&entry_form(base, phone, &t.plan, (r, b), Some(*i)));
            }
            out.push_str("</li>");
        }
    }
    out.push_str("</ul>");
    out
}
