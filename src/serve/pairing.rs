//! The other side's word from its own phone: a side pairs a phone by scanning its offer (one
//! per session and side), the phone names itself and gets a pairing of its own, a capability
//! of 128 bits bound to that session and side. A pairing reads its session and answers for its
//! side, nothing else; it lasts until sharing stops, the session is closed, or the players
//! revoke it. Each hand a phone is shown carries a one-time token: an answer sent twice, or a
//! hundred times at once, is written once and gets the same reply.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// What a side's QR code offers: pairing a phone for `side` of session `session`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Offer {
    pub token: String,
    /// The session's id.
    pub session: String,
    /// The side, by its place among the session's sides.
    pub side: usize,
    /// The side's name as the table says it (NS, EO, or a player's name).
    pub side_name: String,
    /// A table's offer (a phone that enters the table's hands), not a side's.
    pub table: Option<Entering>,
}

/// What a table's phone enters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Entering {
    /// The boards of a table of an evening: the table's file in the evening's folder; the
    /// offer's `session` is then the evening's name and `side` the table's number.
    Evening(String),
    /// E-W's word on the boards a table's phone entered, from E-W's own phone: the table's
    /// file in the evening's folder, as for [`Entering::Evening`].
    Verifying(String),
    /// The next hand of the session itself, at any game (a single table).
    Session,
    /// The deals of table `N` of a Tarot evening, round after round: the offer's `session` is
    /// the evening's name and `side` the table's number; each deal goes to the file of the
    /// table's first round not yet full.
    Deals(u32),
}

impl Entering {
    /// The table's file in the evening's folder, for either phone of a duplicate table (a
    /// Tarot table's phone has no one file: its round's is found as it plays).
    pub fn file(&self) -> Option<&str> {
        match self {
            Entering::Evening(f) | Entering::Verifying(f) => Some(f),
            Entering::Session | Entering::Deals(_) => None,
        }
    }

    /// Whether it is a phone of an evening's table (not of a session in the data folder).
    pub fn of_evening(&self) -> bool {
        !matches!(self, Entering::Session)
    }
}

impl Offer {
    /// The table's file where this is an evening table's offer.
    pub fn table_file(&self) -> Option<&str> {
        match &self.table {
            Some(Entering::Evening(f)) => Some(f),
            _ => None,
        }
    }
}

/// A phone paired for a side.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Phone {
    pub token: String,
    pub session: String,
    pub side: usize,
    pub side_name: String,
    /// The name the phone gave itself when it paired.
    pub label: String,
    /// A table's phone (see [`Offer::table`]).
    pub table: Option<Entering>,
}

/// What an answer to a shown hand gave, kept for the same answer sent again.
#[derive(Debug, Clone, PartialEq)]
pub enum Reply {
    /// The word was recorded.
    Recorded,
    /// The word was refused, and why; the hand is shown again as it now is.
    Refused(marque_core::i18n::Msg),
}

/// A hand as a phone was shown it: its id and revision, and the reply once answered.
#[derive(Debug, Clone)]
struct Shown {
    phone: String,
    hand: String,
    revision: String,
    reply: Option<Reply>,
    /// Its answer is being written (the same answer sent again waits for its reply).
    writing: bool,
}

/// How an answer's one-time token stands.
#[derive(Debug, Clone, PartialEq)]
enum Taken {
    /// Not answered yet: the hand's id and revision as the phone was shown them.
    Fresh { hand: String, revision: String },
    /// Answered already: the reply it got.
    Answered(Reply),
    /// Being answered by another request: its reply is awaited.
    Writing,
    /// No such token, or another phone's.
    Unknown,
}

/// The most hands kept shown to one phone (its oldest forgotten first): a phone reloading its
/// page a thousand times a second forgets only its own pages, never another phone's.
const SHOWN_PER_PHONE: usize = 64;
/// The most phones paired for one side (or seat) of a session: a few, each seen by the players
/// in the share window, each revoked there. The next one is told to have one removed.
pub const PHONES_PER_SIDE: usize = 4;
/// The most pairing forms one address holds (its oldest forgotten first), and how long a form
/// lasts: a guest opening a side's pairing page thousands of times forgets its own forms only,
/// and forms are forgotten one by one as they age, never all at once.
const FORMS_PER_ADDRESS: usize = 8;
const FORM_LIFE: Duration = Duration::from_secs(15 * 60);
/// The most pairing forms held in all (the oldest forgotten first, one at a time).
const FORMS_AT_MOST: usize = 4096;
/// How long the same answer sent again waits for the first one's reply.
const ANSWER_WAIT: Duration = Duration::from_secs(10);
/// The longest name a phone may give itself, in characters.
pub const LABEL_AT_MOST: usize = 40;
/// The longest word why a hand is disputed, in characters.
pub const WHY_AT_MOST: usize = 300;

#[derive(Default)]
struct Inner {
    offers: Vec<Offer>,
    phones: Vec<Phone>,
    shown: HashMap<String, Shown>,
    /// Each phone's tokens in the order they were made, for forgetting its oldest.
    order: HashMap<String, VecDeque<String>>,
    /// Pairing forms shown (one-time tokens of the page that names a phone), with the offer,
    /// the address shown them and when.
    forms: HashMap<String, Form>,
    /// The forms in the order they were made.
    form_order: VecDeque<String>,
}

struct Form {
    offer: String,
    ip: IpAddr,
    made: Instant,
}

/// What pairing through an offer gave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Paired {
    /// The phone, and whether another was already paired for that side (the players are
    /// warned, not stopped).
    Phone(Phone, bool),
    /// No such offer, or a form the server does not hold (never shown, used, or forgotten).
    Stale,
    /// The side has its [`PHONES_PER_SIDE`] phones: one is to be removed first.
    Full,
}

/// Every offer, pairing and shown hand of one sharing.
#[derive(Default)]
pub struct Pairings {
    inner: Mutex<Inner>,
    /// Told when an answer's reply is kept: the same answer sent a hundred times at once is
    /// written by the first, and the others wait for its reply (no lock is held meanwhile:
    /// other phones' answers are written beside it).
    answered: std::sync::Condvar,
}

impl Pairings {
    fn inner(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The offer for `side` of session `session` (made the first time it is asked). A seat
    /// taken over by another player since (a substitute) gets a new offer under the new name:
    /// the old one, and the phones it paired, answer for nobody any more.
    pub fn offer(&self, session: &str, side: usize, side_name: &str) -> std::io::Result<Offer> {
        let mut inner = self.inner();
        let same = |o: &Offer| o.session == session && o.side == side && o.table.is_none();
        if let Some(o) = inner.offers.iter().find(|o| same(o)) {
            if o.side_name == side_name {
                return Ok(o.clone());
            }
            inner.offers.retain(|o| !same(o));
            inner.phones.retain(|p| {
                !(p.session == session
                    && p.side == side
                    && p.table.is_none()
                    && p.side_name != side_name)
            });
        }
        let offer = Offer {
            token: capability()?,
            session: session.to_string(),
            side,
            side_name: side_name.to_string(),
            table: None,
        };
        inner.offers.push(offer.clone());
        Ok(offer)
    }

    /// The offer for table `table` of evening `evening` (its name in the room's pages), whose
    /// file is `file` in the evening's folder (made the first time it is asked): a phone
    /// paired through it enters that table's boards.
    pub fn table_offer(&self, evening: &str, table: u32, file: &str) -> std::io::Result<Offer> {
        self.evening_offer(evening, table, Entering::Evening(file.to_string()))
    }

    /// The offer of E-W's own phone at table `table` (see [`Pairings::table_offer`]): a phone
    /// paired through it gives E-W's word on the boards the table's phone entered.
    pub fn verify_offer(&self, evening: &str, table: u32, file: &str) -> std::io::Result<Offer> {
        self.evening_offer(evening, table, Entering::Verifying(file.to_string()))
    }

    /// The offer of table `table` of Tarot evening `evening` (its name in the room's pages): a
    /// phone paired through it enters that table's deals, round after round.
    pub fn rounds_offer(&self, evening: &str, table: u32) -> std::io::Result<Offer> {
        self.evening_offer(evening, table, Entering::Deals(table))
    }

    fn evening_offer(
        &self,
        evening: &str,
        table: u32,
        entering: Entering,
    ) -> std::io::Result<Offer> {
        let mut inner = self.inner();
        let side = table as usize;
        let same = |o: &Offer| o.session == evening && o.table.as_ref() == Some(&entering);
        if let Some(o) = inner.offers.iter().find(|o| same(o)) {
            return Ok(o.clone());
        }
        let offer = Offer {
            token: capability()?,
            session: evening.to_string(),
            side,
            side_name: table.to_string(),
            table: Some(entering),
        };
        inner.offers.push(offer.clone());
        Ok(offer)
    }

    /// The offer of session `session`'s own table (made the first time it is asked): a phone
    /// paired through it enters the session's next hand, at any game.
    pub fn hands_offer(&self, session: &str) -> std::io::Result<Offer> {
        let mut inner = self.inner();
        let same = |o: &Offer| o.session == session && o.table == Some(Entering::Session);
        if let Some(o) = inner.offers.iter().find(|o| same(o)) {
            return Ok(o.clone());
        }
        let offer = Offer {
            token: capability()?,
            session: session.to_string(),
            side: 0,
            side_name: String::new(),
            table: Some(Entering::Session),
        };
        inner.offers.push(offer.clone());
        Ok(offer)
    }

    /// Every offer made, in the order they were made.
    pub fn offers(&self) -> Vec<Offer> {
        self.inner().offers.clone()
    }

    /// The offer of `token`, if there is one.
    pub fn offer_of(&self, token: &str) -> Option<Offer> {
        let inner = self.inner();
        inner.offers.iter().find(|o| same(&o.token, token)).cloned()
    }

    /// A one-time token for the page that names a phone paired through `offer`, shown to `ip`.
    pub fn pairing_form(&self, offer: &str, ip: IpAddr) -> std::io::Result<String> {
        let token = capability()?;
        let now = Instant::now();
        let mut inner = self.inner();
        let inner = &mut *inner;
        // The forms that aged, then this address's oldest where it holds its share, then the
        // oldest of all where the room holds its most.
        while let Some(old) = inner.form_order.front() {
            match inner.forms.get(old) {
                Some(f) if now.duration_since(f.made) < FORM_LIFE => break,
                _ => {
                    if let Some(old) = inner.form_order.pop_front() {
                        inner.forms.remove(&old);
                    }
                }
            }
        }
        let mine: Vec<&String> = inner
            .form_order
            .iter()
            .filter(|t| inner.forms.get(*t).is_some_and(|f| f.ip == ip))
            .collect();
        if mine.len() >= FORMS_PER_ADDRESS {
            let oldest = mine[0].clone();
            inner.forms.remove(&oldest);
            inner.form_order.retain(|t| *t != oldest);
        }
        while inner.forms.len() >= FORMS_AT_MOST {
            match inner.form_order.pop_front() {
                Some(old) => inner.forms.remove(&old),
                None => break,
            };
        }
        inner.form_order.push_back(token.clone());
        let form = Form {
            offer: offer.to_string(),
            ip,
            made: now,
        };
        inner.forms.insert(token.clone(), form);
        Ok(token)
    }

    /// Pairs a phone named `label` through the offer `offer`, if `form` is a pairing form's
    /// token of that offer (used once), and the side has room for another phone.
    pub fn pair(&self, offer: &str, form: &str, label: &str) -> std::io::Result<Paired> {
        let token = capability()?;
        let mut inner = self.inner();
        let Some(o) = inner.offers.iter().find(|o| same(&o.token, offer)).cloned() else {
            return Ok(Paired::Stale);
        };
        let fresh = |f: &Form| same(&f.offer, &o.token) && f.made.elapsed() < FORM_LIFE;
        if !inner.forms.get(form).is_some_and(fresh) {
            return Ok(Paired::Stale);
        }
        let paired = inner
            .phones
            .iter()
            .filter(|p| p.session == o.session && p.side == o.side && p.table == o.table)
            .count();
        if paired >= PHONES_PER_SIDE {
            return Ok(Paired::Full);
        }
        inner.forms.remove(form);
        inner.form_order.retain(|t| t != form);
        let phone = Phone {
            token,
            session: o.session,
            side: o.side,
            side_name: o.side_name,
            label: label.to_string(),
            table: o.table,
        };
        inner.phones.push(phone.clone());
        Ok(Paired::Phone(phone, paired > 0))
    }

    /// The phone paired under `token`, if it still is.
    pub fn phone(&self, token: &str) -> Option<Phone> {
        self.inner()
            .phones
            .iter()
            .find(|p| same(&p.token, token))
            .cloned()
    }

    /// Every phone paired, in the order they paired.
    pub fn phones(&self) -> Vec<Phone> {
        self.inner().phones.clone()
    }

    /// Revokes the pairing `token`: its phone reads and answers nothing more.
    pub fn revoke(&self, token: &str) {
        let mut inner = self.inner();
        inner.phones.retain(|p| !same(&p.token, token));
        inner.shown.retain(|_, s| !same(&s.phone, token));
        inner.order.retain(|p, _| !same(p, token));
        drop(inner);
        // Those waiting on one of its tokens' replies stop waiting.
        self.answered.notify_all();
    }

    /// Forgets session `session`'s offers and pairings (the session closed).
    pub fn forget(&self, session: &str) {
        let mut inner = self.inner();
        // A session's sides and its own table; an evening's tables are the evening's.
        let of = |s: &str, table: &Option<Entering>| {
            s == session && matches!(table, None | Some(Entering::Session))
        };
        inner.offers.retain(|o| !of(&o.session, &o.table));
        let gone: Vec<String> = inner
            .phones
            .iter()
            .filter(|p| of(&p.session, &p.table))
            .map(|p| p.token.clone())
            .collect();
        inner.phones.retain(|p| !of(&p.session, &p.table));
        inner.shown.retain(|_, s| !gone.contains(&s.phone));
        inner.order.retain(|p, _| !gone.contains(p));
    }

    /// A one-time token for hand `hand` at `revision`, as `phone` is shown it.
    pub fn show(&self, phone: &str, hand: &str, revision: &str) -> std::io::Result<String> {
        let token = capability()?;
        let mut guard = self.inner();
        let inner = &mut *guard;
        let mine = inner.order.entry(phone.to_string()).or_default();
        let mut forgot_writing = false;
        while mine.len() >= SHOWN_PER_PHONE {
            if let Some(old) = mine.pop_front() {
                forgot_writing |= inner.shown.remove(&old).is_some_and(|s| s.writing);
            }
        }
        mine.push_back(token.clone());
        inner.shown.insert(
            token.clone(),
            Shown {
                phone: phone.to_string(),
                hand: hand.to_string(),
                revision: revision.to_string(),
                reply: None,
                writing: false,
            },
        );
        drop(guard);
        // A token forgotten while its answer was being written: those waiting on it stop.
        if forgot_writing {
            self.answered.notify_all();
        }
        Ok(token)
    }

    /// Answers through the one-time token `token` of `phone`: `write` is called once for a
    /// fresh token (with the hand's id and revision as shown), its reply kept; the same token
    /// again gets that reply, nothing written.
    pub fn answer(
        &self,
        phone: &str,
        token: &str,
        write: impl FnOnce(&str, &str) -> Reply,
    ) -> Option<Reply> {
        let taken = {
            let mut inner = self.inner();
            let taken = inner.shown.get(token).map(|s| Taken::of(s, phone));
            match taken {
                Some(Taken::Fresh { .. }) => {
                    if let Some(s) = inner.shown.get_mut(token) {
                        s.writing = true;
                    }
                }
                Some(Taken::Writing) => {
                    // Another request writes it: its reply, once kept (a token forgotten
                    // meanwhile: stale).
                    let wait = |i: &mut Inner| i.shown.get(token).is_some_and(|s| s.writing);
                    let (inner, _) = self
                        .answered
                        .wait_timeout_while(inner, ANSWER_WAIT, wait)
                        .unwrap_or_else(|e| e.into_inner());
                    return inner.shown.get(token).and_then(|s| s.reply.clone());
                }
                _ => {}
            }
            taken.unwrap_or(Taken::Unknown)
        };
        match taken {
            Taken::Unknown | Taken::Writing => None,
            Taken::Answered(r) => Some(r),
            Taken::Fresh { hand, revision } => {
                // Whatever becomes of the write (a panic included), the token is no longer
                // being written and those waiting on it are told.
                let mut done = Written {
                    pairings: self,
                    token,
                    reply: None,
                };
                let reply = write(&hand, &revision);
                done.reply = Some(reply.clone());
                Some(reply)
            }
        }
    }
}

/// A token's write under way: its reply kept and the waiters told when it ends (a write that
/// panicked is refused).
struct Written<'a> {
    pairings: &'a Pairings,
    token: &'a str,
    reply: Option<Reply>,
}

impl Drop for Written<'_> {
    fn drop(&mut self) {
        let reply = self
            .reply
            .take()
            .unwrap_or_else(|| Reply::Refused(marque_core::i18n::Msg::new("web.phone.stale")));
        if let Some(s) = self.pairings.inner().shown.get_mut(self.token) {
            s.reply = Some(reply);
            s.writing = false;
        }
        self.pairings.answered.notify_all();
    }
}

impl Taken {
    /// How the shown hand `s` stands for an answer of `phone`.
    fn of(s: &Shown, phone: &str) -> Taken {
        match &s.reply {
            _ if !same(&s.phone, phone) => Taken::Unknown,
            Some(r) => Taken::Answered(r.clone()),
            None if s.writing => Taken::Writing,
            None => Taken::Fresh {
                hand: s.hand.clone(),
                revision: s.revision.clone(),
            },
        }
    }
}

/// 128 bits from the system's generator, in hex.
pub(super) fn capability() -> std::io::Result<String> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).map_err(|e| std::io::Error::other(e.to_string()))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// Two tokens compared in a time that does not depend on where they differ.
pub fn same(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, reason = "tests fail loudly")]
    use super::*;

    const HERE: IpAddr = IpAddr::V4(std::net::Ipv4Addr::LOCALHOST);

    fn paired(p: &Pairings, offer: &str, label: &str) -> Paired {
        let form = p.pairing_form(offer, HERE).unwrap();
        p.pair(offer, &form, label).unwrap()
    }

    /// A write that panics leaves its token answered (refused), never being written: the
    /// same answer again is told at once, and a table's offer is one per table.
    #[test]
    fn a_write_that_panics_leaves_its_token_answered() {
        let p = Pairings::default();
        let offer = p.table_offer("soir", 2, "soir-t2.json").unwrap();
        assert_eq!(p.table_offer("soir", 2, "soir-t2.json").unwrap(), offer);
        assert_eq!(offer.table_file(), Some("soir-t2.json"));
        let Paired::Phone(phone, _) = paired(&p, &offer.token, "T2") else {
            panic!("paired")
        };
        assert_eq!(phone.table, offer.table, "a table's phone");
        let t = p.show(&phone.token, "{}", "enter::0").unwrap();
        let crashed = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            p.answer(&phone.token, &t, |_, _| panic!("the disk"))
        }));
        assert!(crashed.is_err());
        let again = p.answer(&phone.token, &t, |_, _| Reply::Recorded);
        assert!(matches!(again, Some(Reply::Refused(_))), "{again:?}");
    }

    /// A phone pairs once per pairing form; a second phone for the side is told; an answer's
    /// token writes once whatever the number of times it is sent; revoking ends it all.
    #[test]
    fn a_token_answers_once_and_a_revoked_phone_nothing() {
        let p = Pairings::default();
        let offer = p.offer("s1", 1, "EO").unwrap();
        assert_eq!(p.offer("s1", 1, "EO").unwrap(), offer, "one offer a side");
        let form = p.pairing_form(&offer.token, HERE).unwrap();
        let Paired::Phone(phone, second) = p.pair(&offer.token, &form, "Chloé").unwrap() else {
            panic!("paired")
        };
        assert!(!second, "the first phone of the side");
        assert_eq!(
            p.pair(&offer.token, &form, "again").unwrap(),
            Paired::Stale,
            "a form pairs once"
        );
        let Paired::Phone(_, second) = paired(&p, &offer.token, "Denis") else {
            panic!("paired")
        };
        assert!(second, "a second phone for EO is told");
        let t = p.show(&phone.token, "h1", "r1").unwrap();
        let mut writes = 0;
        for _ in 0..3 {
            let r = p.answer(&phone.token, &t, |h, r| {
                assert_eq!((h, r), ("h1", "r1"), "the hand as shown");
                writes += 1;
                Reply::Recorded
            });
            assert_eq!(r, Some(Reply::Recorded), "the same reply each time");
        }
        assert_eq!(writes, 1, "written once");
        assert_eq!(
            p.answer("another", &t, |_, _| Reply::Recorded),
            None,
            "another phone's token"
        );
        p.revoke(&phone.token);
        assert!(p.phone(&phone.token).is_none(), "revoked");
        assert_eq!(p.answer(&phone.token, &t, |_, _| Reply::Recorded), None);
    }

    /// A phone reloading its page ten thousand times forgets only its own pages: the hand
    /// another phone of its side was shown still takes that phone's answer.
    #[test]
    fn a_phone_reloading_never_silences_another() {
        let p = Pairings::default();
        let offer = p.offer("s1", 1, "EO").unwrap();
        let (Paired::Phone(a, _), Paired::Phone(b, _)) =
            (paired(&p, &offer.token, "A"), paired(&p, &offer.token, "B"))
        else {
            panic!("paired")
        };
        let mine = p.show(&b.token, "h1", "r1").unwrap();
        for _ in 0..10_000 {
            p.show(&a.token, "h1", "r1").unwrap();
        }
        let r = p.answer(&b.token, &mine, |_, _| Reply::Recorded);
        assert_eq!(r, Some(Reply::Recorded), "B's word is taken");
        let inner = p.inner();
        assert!(inner.shown.len() <= 2 * SHOWN_PER_PHONE, "bounded");
    }

    /// A side holds a few phones: the next is told to have one removed, and pairs once one is.
    /// A hundred thousand pairings tried through one offer hold nothing more.
    #[test]
    fn pairings_through_an_offer_are_bounded() {
        let p = Pairings::default();
        let offer = p.offer("s1", 0, "NS").unwrap();
        let mut phones = Vec::new();
        for k in 0..PHONES_PER_SIDE {
            match paired(&p, &offer.token, &format!("P{k}")) {
                Paired::Phone(ph, _) => phones.push(ph),
                other => panic!("{other:?}"),
            }
        }
        for _ in 0..100_000 {
            assert_eq!(paired(&p, &offer.token, "Intrus"), Paired::Full);
        }
        assert_eq!(p.phones().len(), PHONES_PER_SIDE);
        assert!(p.inner().forms.len() <= FORMS_PER_ADDRESS, "forms bounded");
        p.revoke(&phones[0].token);
        assert!(matches!(paired(&p, &offer.token, "Zoé"), Paired::Phone(..)));
    }

    /// A guest opening a side's pairing page again and again forgets its own forms only: a
    /// phone's form shown from another address still pairs.
    #[test]
    fn forms_opened_by_a_flood_forget_only_the_floods() {
        let p = Pairings::default();
        let offer = p.offer("s1", 1, "EO").unwrap();
        let phone: IpAddr = "192.168.1.20".parse().unwrap();
        let form = p.pairing_form(&offer.token, phone).unwrap();
        for k in 0..10_000u32 {
            let from = IpAddr::V4(std::net::Ipv4Addr::from(0x0a00_0000 + k % 8));
            p.pairing_form(&offer.token, from).unwrap();
        }
        assert!(p.inner().forms.len() <= 9 * FORMS_PER_ADDRESS);
        assert!(matches!(
            p.pair(&offer.token, &form, "Chloé").unwrap(),
            Paired::Phone(..)
        ));
    }
}
