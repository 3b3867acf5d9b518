//! A single table's phone: paired to a session's own table, at any game (or to a table of a
//! Tarot concours, round after round: the file of its round being played, checked against the
//! evening), it shows where the game stands and the next hand's keys in the table's order;
//! the hand as the keys said it, scored with each line's rule, before it is written; then
//! "Valider" writes it once through the session's file (its `Document`, under its lock), on
//! the server's threads and outside the pages' turns. The other side gives its word from its
//! own phone, as on any hand.

use std::sync::Arc;

use hyper::{Request, StatusCode};
use serde_json::Value;

use marque_core::games::keys;
use marque_core::i18n::{Lang, Msg, msg, tr};
use marque_core::session::Session;

use super::super::form::field;
use super::super::net::Conn;
use super::super::pages::{self, Base, escape, page};
use super::super::pairing::{Entering, Offer, Phone, Reply};
use super::{Body, HTML, Routes, TEXT, respond, respond_form};

type Response = hyper::Response<Body>;

/// The session as its phone reads it: the file, the session and its sheet; for a table of a
/// Tarot evening, where in the evening it is.
struct Table {
    path: std::path::PathBuf,
    loaded: Arc<marque_store::Loaded>,
    evening: Option<InEvening>,
}

/// A Tarot evening's table as its phone reads it: the evening (as read), its title, the round
/// whose file the next deal goes to, and whether every round of the table is played.
struct InEvening {
    value: Value,
    title: String,
    table: u32,
    round: u32,
    deals: usize,
    file: String,
    over: bool,
}

impl Table {
    /// Why no deal can be entered here, at a Tarot evening's table whose rounds are all
    /// played out (the last one stopped on the laptop, or full); None where one can.
    fn takes(&self) -> Option<Msg> {
        let e = self.evening.as_ref().filter(|e| e.over)?;
        let session = &self.loaded.session;
        Some(match session.closed && session.hands.len() < e.deals {
            true => msg!("web.rounds.closed", round = i64::from(e.round)),
            false => Msg::new("web.rounds.over"),
        })
    }

    /// What a one-time token is shown for: the next hand `index`, of this very file where it
    /// is a round of a Tarot evening.
    fn what(&self, index: usize) -> String {
        match &self.evening {
            Some(e) => format!("add:{index}:{}", e.file),
            None => format!("add:{index}"),
        }
    }
}

/// The next hand as a phone keys it: the game before it, the seats playing it and who holds
/// each, in the order a hand lists them.
struct Next {
    live: marque_core::games::Live,
    seats: Vec<usize>,
    players: Vec<String>,
}

impl Next {
    fn of(session: &Session, sheet: &marque_core::session::Sheet) -> Next {
        let replay = sheet.before(session.hands.len(), &session.hands);
        let names = replay.seats().current();
        let seats = replay.seats().playing();
        let players = seats
            .iter()
            .map(|s| names.get(*s).cloned().unwrap_or_default())
            .collect();
        Next {
            live: replay.live().clone(),
            seats,
            players,
        }
    }
}

impl Routes {
    /// The page that names a session table's phone before it pairs through `offer`.
    pub(super) fn hands_pair_form(
        &self,
        base: &Base,
        offer: &Offer,
        ip: std::net::IpAddr,
        said: Option<&Msg>,
    ) -> Response {
        let Some(t) = self.hands_table(&offer.session, offer.table.as_ref()) else {
            return respond(StatusCode::NOT_FOUND, HTML, pages::gone(base));
        };
        let Ok(form) = self.pairings.pairing_form(&offer.token, ip) else {
            return respond(StatusCode::SERVICE_UNAVAILABLE, HTML, pages::busy(base));
        };
        let lang = base.lang;
        let title = title(&t, lang);
        let mut main = format!("<h1>{}</h1>", escape(&title));
        said_line(&mut main, lang, said);
        let pair_for = match &t.evening {
            Some(e) => msg!("web.rounds.pair_for", table = i64::from(e.table)),
            None => Msg::new("web.hands.pair_for"),
        };
        main.push_str(&format!("<p>{}</p>", escape(&pair_for.render(lang))));
        main.push_str(&super::super::phone::pair_form(base, &offer.token, &form));
        let status = if said.is_some() {
            StatusCode::BAD_REQUEST
        } else {
            StatusCode::OK
        };
        respond_form(status, page(base, &title, &main, None))
    }

    /// The session `session`'s table (`entering`: where the phone enters) reads, as it now
    /// is: the session `session` names, or the round being played at a Tarot evening's table.
    fn hands_table(&self, session: &str, entering: Option<&Entering>) -> Option<Table> {
        if let Some(Entering::Deals(table)) = entering {
            return self.round_table(session, *table);
        }
        let (path, loaded) = self.load_at(session)?;
        Some(Table {
            path,
            loaded,
            evening: None,
        })
    }

    /// Table `table` of the Tarot evening named `name`: the file of its first round not yet
    /// played out (its deals not all in, nor stopped on the laptop; every round played out:
    /// the last), read as it now is. Each file is a plain name
    /// beside the evening file, followed only as its own file (never a link); a round whose
    /// file is not there yet or cannot be read stops the phone there.
    fn round_table(&self, name: &str, table: u32) -> Option<Table> {
        let (path, title) = super::super::evening::find(self.hub.folder(), name)?;
        let marque_core::club::TableFile::Read(value) = marque_store::read_json(&path) else {
            return None;
        };
        let (deals, rounds) = marque_core::club::table_rounds(&value, table)?;
        let folder = path.parent()?;
        let count = rounds.len();
        for (k, (round, file)) in rounds.into_iter().enumerate() {
            marque_core::club::plain_name(&file).ok()?;
            let path = folder.join(&file);
            if !super::super::live::own_file(&path) {
                return None;
            }
            // A Tarot table's round holds at most its deals: read whole each time, not kept.
            let loaded = Arc::new(marque_store::read_session(&path).ok()?);
            // Played out: its deals all in, or stopped on the laptop before (the table goes on).
            let played = loaded.session.hands.len() >= deals || loaded.session.closed;
            if played && k + 1 < count {
                continue;
            }
            let evening = InEvening {
                value,
                title,
                table,
                round,
                deals,
                file,
                over: played,
            };
            return Some(Table {
                path,
                loaded,
                evening: Some(evening),
            });
        }
        None
    }

    /// A session table phone's page: where the game stands and the next hand's keys (`said`:
    /// what became of its last try).
    pub(super) fn hands_page(&self, base: &Base, phone: &Phone, said: Option<&Msg>) -> Response {
        let Some(t) = self.hands_table(&phone.session, phone.table.as_ref()) else {
            return respond(StatusCode::NOT_FOUND, HTML, pages::gone(base));
        };
        let (session, sheet) = (&t.loaded.session, &t.loaded.sheet);
        if session.closed && t.evening.is_none() {
            self.pairings.forget(&phone.session);
            return respond(StatusCode::NOT_FOUND, HTML, pages::revoked(base));
        }
        let lang = base.lang;
        let mut main = head(lang, &t, phone, said);
        main.push_str(&standing(lang, session, sheet));
        // A Tarot evening's table: nothing more where its round is closed or all are played.
        if let Some(why) = t.takes() {
            main.push_str(&format!(
                "<p class=\"state\">{}</p>",
                escape(&why.render(lang))
            ));
            return respond_form(StatusCode::OK, page(base, &title(&t, lang), &main, None));
        }
        // A game of parts (rubbers, chukkers) goes on with the next part: its next hand starts
        // it, as the laptop's "Robre suivant" does; any other game ends there.
        let parts = session.options.typed().part_words();
        match (sheet.natural_end, parts) {
            (true, None) => main.push_str(&format!(
                "<p class=\"state\">{}</p>",
                escape(&tr(lang, "web.hands.over"))
            )),
            (true, Some(words)) => {
                let over = msg!("web.hands.part_over", next = Msg::new(words.next));
                main.push_str(&format!(
                    "<p class=\"state\">{}</p>",
                    escape(&over.render(lang))
                ));
                main.push_str(&entry_form(base, phone, &t));
            }
            (false, _) => main.push_str(&entry_form(base, phone, &t)),
        }
        respond_form(StatusCode::OK, page(base, &title(&t, lang), &main, None))
    }

    /// What a session table's phone posted: a hand to look at before it is written, or a
    /// one-time token's write.
    pub(super) async fn hands_post(
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
            Some("look") => {
                self.made(conn, move |r| r.hands_look(&base, &phone, &fields))
                    .await
            }
            Some("write") => {
                let token = field(&fields, "t").unwrap_or("").to_string();
                let reply = match self
                    .write_once(conn, &phone, token, |r, p, hand, what| {
                        r.hands_write(p, hand, what)
                    })
                    .await
                {
                    Ok(reply) => reply,
                    Err(busy) => return busy,
                };
                self.made(conn, move |r| {
                    let (said, status) = match reply {
                        Some(Reply::Recorded) => (Msg::new("web.hands.noted"), StatusCode::OK),
                        Some(Reply::Refused(m)) => (m, StatusCode::OK),
                        None => (Msg::new("web.phone.stale"), StatusCode::FORBIDDEN),
                    };
                    let mut page = r.hands_page(&base, &phone, Some(&said));
                    if page.status() == StatusCode::OK {
                        *page.status_mut() = status;
                    }
                    page
                })
                .await
            }
            _ => respond(StatusCode::BAD_REQUEST, TEXT, "No such form\n"),
        }
    }

    /// The hand as the keys said it, scored line by line with each rule, and the key that
    /// writes it (a one-time token bound to that very hand and to the session as shown); or
    /// the form again, saying what is wrong.
    fn hands_look(&self, base: &Base, phone: &Phone, fields: &[(String, String)]) -> Response {
        let Some(t) = self.hands_table(&phone.session, phone.table.as_ref()) else {
            return respond(StatusCode::NOT_FOUND, HTML, pages::gone(base));
        };
        let (session, sheet) = (&t.loaded.session, &t.loaded.sheet);
        let refused = |m: &Msg| {
            let mut page = self.hands_page(base, phone, Some(m));
            if page.status() == StatusCode::OK {
                *page.status_mut() = StatusCode::BAD_REQUEST;
            }
            page
        };
        // A session the players closed takes nothing more, and mints no token.
        if session.closed && t.evening.is_none() {
            self.pairings.forget(&phone.session);
            return respond(StatusCode::NOT_FOUND, HTML, pages::revoked(base));
        }
        if let Some(why) = t.takes() {
            return refused(&why);
        }
        // Keyed for the hand that was next when the page was shown, and no other.
        let shown = field(fields, "n").and_then(|n| n.parse::<usize>().ok());
        if shown != Some(session.hands.len()) {
            return refused(&Msg::new("web.table.changed"));
        }
        let next = Next::of(session, sheet);
        let value = match keys::hand_of(&next.live, &next.seats, |k| field(fields, k)) {
            Ok(v) => v,
            Err(m) => return refused(&m),
        };
        let mut with = session.clone();
        let scored = session
            .decode_at(&value, session.hands.len())
            .map_err(|ms| ms.into_iter().next())
            .and_then(|hand| {
                with.hands.push(hand);
                with.score()
                    .map_err(|ps| ps.into_iter().next().map(|p| p.msg))
            });
        let sheet_with = match scored {
            Ok(s) => s,
            Err(m) => {
                return refused(&m.unwrap_or_else(|| Msg::new("web.table.stale")));
            }
        };
        let index = session.hands.len();
        let Some(count) = marque_core::explain::explain(&with, &sheet_with, index) else {
            return refused(&Msg::new("web.table.stale"));
        };
        let what = t.what(index);
        let Ok(token) = self.pairings.show(&phone.token, &value.to_string(), &what) else {
            return respond(StatusCode::SERVICE_UNAVAILABLE, TEXT, "Busy\n");
        };
        let lang = base.lang;
        let mut main = head(lang, &t, phone, None);
        let heading = session.game.place_title(session.place(index)).render(lang);
        main.push_str(&format!(
            "<h2>{}</h2><p class=\"label\"><strong>{}</strong></p>",
            escape(&heading),
            escape(&count.label.render(lang))
        ));
        let names = marque_core::text::sides_then(&with, &count.held, lang);
        main.push_str(&format!(
            "<p class=\"mine\">{}</p>",
            escape(&deltas(lang, &names, &count.delta))
        ));
        main.push_str(&format!(
            "<form method=\"post\" action=\"{root}/a/{p}?lang={lang}\" class=\"word\">\
             <input type=\"hidden\" name=\"do\" value=\"write\"><input type=\"hidden\" name=\"t\" value=\"{token}\">\
             <button type=\"submit\" class=\"yes\">{save}</button></form>",
            root = base.root,
            p = escape(&phone.token),
            lang = base.lang_code(),
            token = escape(&token),
            save = escape(&tr(lang, "web.table.save")),
        ));
        main.push_str(&pages::count_table(lang, &names, &count.steps));
        main.push_str(&format!(
            "<p><a href=\"{}/a/{}?lang={}\">{}</a></p>",
            base.root,
            escape(&phone.token),
            base.lang_code(),
            escape(&tr(lang, "web.table.fix")),
        ));
        respond_form(StatusCode::OK, page(base, &title(&t, lang), &main, None))
    }

    /// What is at stake for the bid a session table phone's keys hold (`fields`, as its form
    /// now is): the rows of results, or result `k`'s lines alone; nothing while the bid is
    /// not whole, or once the session has moved on from the hand the page showed.
    pub(super) fn hands_stakes(
        &self,
        base: &Base,
        phone: &Phone,
        fields: &[(String, String)],
    ) -> Response {
        let Some(t) = self.hands_table(&phone.session, phone.table.as_ref()) else {
            return respond(StatusCode::NOT_FOUND, HTML, pages::gone(base));
        };
        let (session, sheet) = (&t.loaded.session, &t.loaded.sheet);
        let shown = field(fields, "n").and_then(|n| n.parse::<usize>().ok());
        let next = Next::of(session, sheet);
        let found = (shown == Some(session.hands.len()) && t.takes().is_none())
            .then(|| keys::bid_of(&next.live, &next.seats, |k| field(fields, k)))
            .flatten()
            .and_then(|bid| marque_core::stakes::at_a_glance(session, sheet, &bid).ok());
        let Some(found) = found else {
            return respond(StatusCode::OK, HTML, "");
        };
        let lang = base.lang;
        let sides = marque_core::text::side_names(sheet, lang);
        let body = match field(fields, "k").and_then(|k| k.parse::<usize>().ok()) {
            Some(k) => found.outcomes.get(k).map_or_else(String::new, |o| {
                let mut said = vec![
                    o.said.label(&sides).render(lang),
                    deltas(lang, &sides, &o.row.delta),
                ];
                said.extend(o.completes.iter().map(|c| c.said(&sides).render(lang)));
                super::super::stakes::lines(lang, &said, &sides, &o.row.lines)
            }),
            None => {
                let rows = found.rows(&sheet.seats().current(), &sides);
                super::super::stakes::rows(lang, &rows)
            }
        };
        respond(StatusCode::OK, HTML, body)
    }

    /// Writes the hand a one-time token was shown for (`hand`, as the phone saw it), as the
    /// session's next hand `what` = `add:N` (`add:N:FILE` at a Tarot evening's table: hand N
    /// of that round's file, and of no other): through its file's own document, under its lock;
    /// refused where any hand was entered, changed or deleted since.
    fn hands_write(&self, phone: &Phone, hand: &str, what: &str) -> Reply {
        let refused = |key: &'static str| Reply::Refused(Msg::new(key));
        let Some(t) = self.hands_table(&phone.session, phone.table.as_ref()) else {
            return refused("web.gone");
        };
        // Shown for the next hand of this very file: a round of a Tarot evening played out
        // meanwhile (its next deal is another file's) is refused as any hand entered since.
        let Some(shown) = what
            .strip_prefix("add:")
            .map(|rest| match rest.split_once(':') {
                Some((n, file)) => (n, Some(file)),
                None => (rest, None),
            })
            .filter(|(_, file)| *file == t.evening.as_ref().map(|e| e.file.as_str()))
            .and_then(|(n, _)| n.parse::<usize>().ok())
        else {
            return refused("web.table.changed");
        };
        if let Some(why) = t.takes() {
            return Reply::Refused(why);
        }
        let Ok(value) = serde_json::from_str::<Value>(hand) else {
            return refused("web.table.stale");
        };
        let mut doc = match marque_store::document::Document::open(&t.path) {
            Ok(d) => d,
            Err(e) => return Reply::Refused(e.msg(None)),
        };
        // A round of a Tarot evening: nothing its evening would not count; nor for a session
        // that an evening beside it names among its tables, whichever phone enters it.
        let named = || {
            let name = t.path.file_name()?.to_string_lossy().into_owned();
            marque_store::evening_of(&t.path, &name)
        };
        if let Some(evening) = t.evening.map(|e| e.value).or_else(named) {
            doc.in_evening(evening);
        }
        let result = doc.enter_from_phone((&value, shown), &phone.label, &crate::local::now());
        super::super::answers::told(&t.path, &result)
    }
}

/// The table as the pages title it: the session's title, else its game's name; a Tarot
/// evening's title for its tables.
fn title(t: &Table, lang: Lang) -> String {
    if let Some(e) = &t.evening {
        return e.title.clone();
    }
    let session = &t.loaded.session;
    session
        .text_field("title")
        .filter(|t| !t.trim().is_empty())
        .unwrap_or_else(|| tr(lang, session.title_key()))
}

/// What became of the last try, said at the page's top.
fn said_line(main: &mut String, lang: Lang, said: Option<&Msg>) {
    if let Some(m) = said {
        main.push_str(&format!(
            "<p class=\"said\" role=\"status\">{}</p>",
            escape(&m.render(lang))
        ));
    }
}

/// The page's head: the session, this phone, and what became of the last try; at a Tarot
/// evening's table, the table, the round and the deal of the round.
fn head(lang: Lang, t: &Table, phone: &Phone, said: Option<&Msg>) -> String {
    let you = match &t.evening {
        Some(e) => msg!(
            "web.table.you",
            table = i64::from(e.table),
            phone = phone.label.as_str()
        ),
        None => msg!("web.hands.you", phone = phone.label.as_str()),
    };
    let mut main = format!(
        "<h1>{}</h1><p class=\"you\">{}</p>",
        escape(&title(t, lang)),
        escape(&you.render(lang))
    );
    said_line(&mut main, lang, said);
    if let Some(e) = &t.evening {
        let played = t.loaded.session.hands.len();
        let round = msg!(
            "web.rounds.round",
            round = i64::from(e.round),
            deal = (played + 1).min(e.deals) as i64,
            deals = e.deals as i64
        );
        main.push_str(&format!(
            "<p class=\"state\">{}</p>",
            escape(&round.render(lang))
        ));
    }
    main
}

/// Where the game stands: each side's total, and what the table needs next (who deals…).
fn standing(lang: Lang, session: &Session, sheet: &marque_core::session::Sheet) -> String {
    let names = session.game.side_names(&sheet.sides, lang);
    let totals: Vec<String> = names
        .iter()
        .zip(&sheet.totals)
        .map(|(n, t)| format!("{n} {}", marque_core::view::typeset(&t.to_string())))
        .collect();
    format!(
        "<p class=\"total\">{}</p><p class=\"state\">{}</p>",
        escape(&totals.join(" · ")),
        escape(&sheet.state().render(lang))
    )
}

/// What the hand gives each side, by name.
fn deltas(lang: Lang, names: &[String], delta: &[i64]) -> String {
    names
        .iter()
        .zip(delta)
        .map(|(n, d)| {
            msg!(
                "web.phone.theirs",
                side = n.as_str(),
                points = marque_core::view::signed_shown(*d)
            )
            .render(lang)
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The next hand's form: its heading, each group of keys in the table's order, and the key
/// that shows its score.
fn entry_form(base: &Base, phone: &Phone, t: &Table) -> String {
    let (session, sheet) = (&t.loaded.session, &t.loaded.sheet);
    let lang = base.lang;
    let next = Next::of(session, sheet);
    let index = session.hands.len();
    let heading = session.game.place_title(session.place(index)).render(lang);
    let mut out = format!(
        "<h2>{}</h2><form method=\"post\" action=\"{root}/a/{p}?lang={code}\" class=\"entry\">\
         <input type=\"hidden\" name=\"do\" value=\"look\"><input type=\"hidden\" name=\"n\" value=\"{index}\">",
        escape(&heading),
        root = base.root,
        p = escape(&phone.token),
        code = base.lang_code(),
    );
    for g in keys::groups(&next.live, &next.seats, &next.players, lang) {
        out.push_str(&super::table::keys(&g));
    }
    if marque_core::stakes::rows_at_most(session.game, session.players.len()) > 0 {
        out.push_str(&super::super::stakes::room(base, &phone.token));
    }
    out.push_str(&format!(
        "<button type=\"submit\">{}</button></form>",
        escape(&tr(lang, "web.table.look"))
    ));
    out
}
