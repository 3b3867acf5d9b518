//! The pages of a paired phone: the one that names a phone (its side's offer), and the one
//! where its side gives its word on each hand, seen from its side, with the count behind it.
//! Every text escaped; the forms post to this very server only, each with a one-time token.

use marque_core::history::{self, Stand, Word};
use marque_core::i18n::{Lang, Msg, msg, tr};
use marque_core::session::{Session, Sheet};
use marque_core::view::{signed_shown, typeset};

use super::pages::{Base, escape, page};
use super::pairing::{LABEL_AT_MOST, Offer, Phone, WHY_AT_MOST};

/// The page that names a phone before it pairs for `offer`'s side of `session` (`form`: the
/// page's one-time token; `said`: why the last try was refused).
pub fn pair_page(
    base: &Base,
    offer: &Offer,
    session: &Session,
    form: &str,
    said: Option<&Msg>,
) -> String {
    let lang = base.lang;
    let (title, names, mut main) = head(lang, session, said);
    let side = names
        .get(offer.side)
        .map_or(offer.side_name.as_str(), String::as_str);
    main.push_str(&format!(
        "<p>{}</p>",
        escape(&msg!("web.pair.for", side = side).render(lang))
    ));
    main.push_str(&pair_form(base, &offer.token, form));
    page(base, &title, &main, None)
}

/// The form that names a phone and pairs it through the offer `offer` (`form`: the page's
/// one-time token).
pub fn pair_form(base: &Base, offer: &str, form: &str) -> String {
    let lang = base.lang;
    format!(
        "<form method=\"post\" action=\"{root}/p/{offer}?lang={lang}\"><input type=\"hidden\" name=\"t\" value=\"{form}\">\
         <label for=\"label\">{name}</label><input id=\"label\" name=\"label\" required maxlength=\"{max}\" autocomplete=\"nickname\">\
         <button type=\"submit\">{pair}</button></form>",
        root = base.root,
        lang = base.lang_code(),
        offer = escape(offer),
        form = escape(form),
        name = escape(&tr(lang, "web.pair.name")),
        max = LABEL_AT_MOST,
        pair = escape(&tr(lang, "web.pair.key")),
    )
}

/// Where the session's hands stand with those who answer them, read once for a phone's page.
pub struct Answers {
    /// Who answers each hand ([`history::answering`]).
    pub asked: Vec<Vec<usize>>,
    pub stands: Vec<Stand>,
}

impl Answers {
    pub fn of(session: &Session, sheet: &Sheet) -> Answers {
        let asked = history::answering(session, sheet);
        let stands = history::stands(session, &asked);
        Answers { asked, stands }
    }

    /// The hand `side` is asked to answer: the last one still awaiting its word, or disputed
    /// and not corrected since.
    pub fn asked(&self, side: usize) -> Option<usize> {
        self.asking(side).next_back()
    }

    /// Every hand `side` is asked to answer, in the table's order: one it answers (at a game
    /// of more sides, each player for themself), not settled, and not yet agreed by it.
    fn asking(&self, side: usize) -> impl DoubleEndedIterator<Item = usize> + '_ {
        self.asked
            .iter()
            .zip(&self.stands)
            .enumerate()
            .filter(move |(_, (asked, stand))| {
                asked.contains(&side)
                    && stand.word != Word::Confirmed
                    && stand.said_by(side) != Some(Word::Confirmed)
            })
            .map(|(i, _)| i)
    }
}

/// What a phone shows: the session, its side, and the hand it is asked to answer (`shown`:
/// its place and the answer's one-time token), seen from its side, with the count; or that
/// nothing waits for its word. `said`: what became of its last answer.
pub fn phone_page(
    base: &Base,
    phone: &Phone,
    (session, sheet, answers): (&Session, &Sheet, &Answers),
    shown: Option<(usize, &str)>,
    said: Option<&Msg>,
) -> String {
    let lang = base.lang;
    let (title, names, mut main) = head(lang, session, said);
    let side = names
        .get(phone.side)
        .map_or(phone.side_name.as_str(), String::as_str);
    main.push_str(&format!(
        "<p class=\"you\">{}</p><p class=\"state\">{}</p>",
        // A phone named as its player is not named twice ("Vous êtes Anne").
        escape(&if phone.label.trim() == side.trim() {
            msg!("web.phone.you_alone", side = side).render(lang)
        } else {
            msg!("web.phone.you", side = side, phone = phone.label.as_str()).render(lang)
        }),
        escape(&session.players.join(", ")),
    ));
    let Some((i, token)) = shown else {
        main.push_str(&format!(
            "<p>{}</p>",
            escape(&tr(lang, "web.phone.nothing"))
        ));
        let total: i64 = sheet
            .hands
            .iter()
            .filter_map(|h| h.delta.get(phone.side))
            .sum();
        main.push_str(&format!(
            "<p class=\"total\">{}</p>",
            escape(&msg!("web.phone.total", total = typeset(&total.to_string())).render(lang))
        ));
        let events = format!("{}/events", base.session(&phone.session));
        return super::pages::page_following(base, &title, &main, &events);
    };
    let Some(count) = marque_core::explain::explain(session, sheet, i) else {
        return page(base, &title, &main, None);
    };
    let heading = session.game.place_title(session.place(i)).render(lang);
    main.push_str(&format!(
        "<h2>{}</h2><p class=\"label\">{}</p>",
        escape(&heading),
        escape(&count.label.render(lang))
    ));
    let stand = answers.stands.get(i);
    // At a game of more sides: the others who already agreed.
    // The other players who agreed, or who dispute it (at a game of more sides), by name.
    let others_saying = |word: Word| -> Vec<&str> {
        stand
            .into_iter()
            .flat_map(|s| s.saying(word))
            .filter(|s| *s != phone.side)
            .filter_map(|s| names.get(s).map(String::as_str))
            .collect()
    };
    let said_by = |key: &'static str, who: &[&str]| {
        let said = msg!(key, n = who.len(), who = who.join(", "));
        escape(&said.render(lang))
    };
    let agreed = others_saying(Word::Confirmed);
    if !agreed.is_empty() {
        let said = said_by("web.phone.agreed_by", &agreed);
        main.push_str(&format!("<p class=\"state\">{said}</p>"));
    }
    // Disputed: by this side (at two sides, the table's word is the side answering's; at
    // more, each player's is their own), by other players, or by the table.
    let many = sheet.sides.len() > 2;
    let by_me = stand.is_some_and(|s| {
        s.said_by(phone.side) == Some(Word::Disputed)
            || (!many && s.word == Word::Disputed && s.said.is_empty())
    });
    let disputing = others_saying(Word::Disputed);
    let disputed = if by_me {
        // Its own reason said back, where it gave one (control characters left out).
        let own = stand.and_then(|s| {
            s.why
                .iter()
                .find(|w| w.seat == Some(phone.side) || (!many && w.seat.is_none()))
        });
        let reason: String = own
            .map(|w| w.why.chars().filter(|c| !c.is_control()).collect())
            .unwrap_or_default();
        Some(escape(&if reason.trim().is_empty() {
            tr(lang, "web.phone.disputed")
        } else {
            msg!("web.phone.disputed_why", why = reason.trim()).render(lang)
        }))
    } else if !disputing.is_empty() {
        Some(said_by("web.phone.disputed_by", &disputing))
    } else if many && stand.is_some_and(|s| s.table == Some(Word::Disputed)) {
        Some(escape(&tr(lang, "web.phone.disputed_table")))
    } else {
        None
    };
    if let Some(said) = disputed {
        main.push_str(&format!("<p class=\"said warn\">{said}</p>"));
    }
    // The hand from this side: its points first, then the others'.
    let mine = count.delta.get(phone.side).copied().unwrap_or(0);
    // The sides as they sat for that hand, each named by who held it then.
    let names = marque_core::text::sides_then(session, &count.held, lang);
    let at_hand = session.game.sides(&count.held).len();
    let others: Vec<String> = (0..count.delta.len().min(at_hand))
        .filter(|&s| s != phone.side)
        .map(|s| {
            msg!(
                "web.phone.theirs",
                side = names.get(s).map_or("", String::as_str),
                points = signed_shown(count.delta[s])
            )
            .render(lang)
        })
        .collect();
    main.push_str(&format!(
        "<p class=\"mine\"><strong>{}</strong>{}</p>",
        escape(&msg!("web.phone.mine", points = signed_shown(mine)).render(lang)),
        escape(&others.iter().map(|o| format!(", {o}")).collect::<String>()),
    ));
    // The keys right under the points: on a phone's first screen, the count under them.
    main.push_str(&format!(
        "<form method=\"post\" action=\"{root}/a/{phone}?lang={lang}\" class=\"word\"><input type=\"hidden\" name=\"t\" value=\"{token}\">\
         <button type=\"submit\" name=\"w\" value=\"yes\" class=\"yes\">{yes}</button>\
         <label for=\"why\">{why}</label><textarea id=\"why\" name=\"why\" maxlength=\"{max}\" rows=\"2\"></textarea>\
         <button type=\"submit\" name=\"w\" value=\"no\" class=\"no\">{no}</button></form>",
        root = base.root,
        lang = base.lang_code(),
        phone = escape(&phone.token),
        token = escape(token),
        yes = escape(&tr(lang, "web.phone.yes")),
        why = escape(&tr(lang, "web.phone.why")),
        max = WHY_AT_MOST,
        no = escape(&tr(lang, "web.phone.no")),
    ));
    main.push_str(&super::pages::count_table(lang, &names, &count.steps));
    let total: i64 = sheet.hands[..=i]
        .iter()
        .filter_map(|h| h.delta.get(phone.side))
        .sum();
    main.push_str(&format!(
        "<p class=\"total\">{}</p>",
        escape(&msg!("web.phone.total", total = typeset(&total.to_string())).render(lang))
    ));
    // The others waiting for this side's word, answered one after another.
    let more = answers.asking(phone.side).count().saturating_sub(1);
    if more > 0 {
        main.push_str(&format!(
            "<p class=\"state\">{}</p>",
            escape(&msg!("web.phone.more", n = more).render(lang))
        ));
    }
    let events = format!("{}/events", base.session(&phone.session));
    super::pages::page_following(base, &title, &main, &events)
}

/// A phone page's head: the session's title, its sides' names, and `<main>` begun with the
/// title and what became of the last try (`said`).
fn head(lang: Lang, session: &Session, said: Option<&Msg>) -> (String, Vec<String>, String) {
    let title = session_title(session, lang);
    let names = session.game.side_names(&session.sides(), lang);
    let mut main = format!("<h1>{}</h1>", escape(&title));
    if let Some(m) = said {
        main.push_str(&format!(
            "<p class=\"said\" role=\"status\">{}</p>",
            escape(&m.render(lang))
        ));
    }
    (title, names, main)
}

/// The session as the pages title it: its title, else its game's name.
fn session_title(session: &Session, lang: Lang) -> String {
    session
        .text_field("title")
        .filter(|t| !t.trim().is_empty())
        .unwrap_or_else(|| tr(lang, session.title_key()))
}
