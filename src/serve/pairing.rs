//! The other side's word from its own phone: a side pairs a phone by scanning its offer (one
//! per session and side), the phone names itself and gets a pairing of its own, a capability
//! of 128 bits bound to that session and side. A pairing reads its session and answers for its
//! side, nothing else; it lasts until sharing stops, the session is closed, or the players
//! revoke it. Each hand a phone is shown carries a one-time token: an answer sent twice, or a
//! hundred times at once, is written once and gets the same reply.

use std::collections::HashMap;
use std::sync::Mutex;

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
}

/// How an answer's one-time token stands.
#[derive(Debug, Clone, PartialEq)]
enum Taken {
    /// Not answered yet: the hand's id and revision as the phone was shown them.
    Fresh { hand: String, revision: String },
    /// Answered already: the reply it got.
    Answered(Reply),
    /// No such token, or another phone's.
    Unknown,
}

/// The most hands kept shown at once (the oldest forgotten first): a phone reloading its
/// page a thousand times never fills the memory.
const SHOWN_AT_MOST: usize = 4096;
/// The longest name a phone may give itself, in characters.
pub const LABEL_AT_MOST: usize = 40;
/// The longest word why a hand is disputed, in characters.
pub const WHY_AT_MOST: usize = 300;

#[derive(Default)]
struct Inner {
    offers: Vec<Offer>,
    phones: Vec<Phone>,
    shown: HashMap<String, Shown>,
    /// The tokens in the order they were made, for forgetting the oldest.
    order: std::collections::VecDeque<String>,
    /// Pairing forms shown (one-time tokens of the page that names a phone).
    forms: HashMap<String, String>,
}

/// Every offer, pairing and shown hand of one sharing.
#[derive(Default)]
pub struct Pairings {
    inner: Mutex<Inner>,
    /// Held while an answer is written: the same answer sent a hundred times at once is
    /// written by the first, and the others find its reply.
    answering: Mutex<()>,
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
        let same = |o: &Offer| o.session == session && o.side == side;
        if let Some(o) = inner.offers.iter().find(|o| same(o)) {
            if o.side_name == side_name {
                return Ok(o.clone());
            }
            inner.offers.retain(|o| !same(o));
            inner
                .phones
                .retain(|p| !(p.session == session && p.side == side && p.side_name != side_name));
        }
        let offer = Offer {
            token: capability()?,
            session: session.to_string(),
            side,
            side_name: side_name.to_string(),
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

    /// A one-time token for the page that names a phone paired through `offer`.
    pub fn pairing_form(&self, offer: &str) -> std::io::Result<String> {
        let token = capability()?;
        let mut inner = self.inner();
        if inner.forms.len() >= SHOWN_AT_MOST {
            inner.forms.clear();
        }
        inner.forms.insert(token.clone(), offer.to_string());
        Ok(token)
    }

    /// Pairs a phone named `label` through the offer `offer`, if `form` is a pairing form's
    /// token of that offer (used once). With the phone: whether another phone was already
    /// paired for that side (the players are warned, not stopped).
    pub fn pair(
        &self,
        offer: &str,
        form: &str,
        label: &str,
    ) -> std::io::Result<Option<(Phone, bool)>> {
        let token = capability()?;
        let mut inner = self.inner();
        let Some(o) = inner.offers.iter().find(|o| same(&o.token, offer)).cloned() else {
            return Ok(None);
        };
        if !inner.forms.get(form).is_some_and(|f| same(f, &o.token)) {
            return Ok(None);
        }
        inner.forms.remove(form);
        let second = inner
            .phones
            .iter()
            .any(|p| p.session == o.session && p.side == o.side);
        let phone = Phone {
            token,
            session: o.session,
            side: o.side,
            side_name: o.side_name,
            label: label.to_string(),
        };
        inner.phones.push(phone.clone());
        Ok(Some((phone, second)))
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
    }

    /// Forgets session `session`'s offers and pairings (the session closed).
    pub fn forget(&self, session: &str) {
        let mut inner = self.inner();
        inner.offers.retain(|o| o.session != session);
        let gone: Vec<String> = inner
            .phones
            .iter()
            .filter(|p| p.session == session)
            .map(|p| p.token.clone())
            .collect();
        inner.phones.retain(|p| p.session != session);
        inner.shown.retain(|_, s| !gone.contains(&s.phone));
    }

    /// A one-time token for hand `hand` at `revision`, as `phone` is shown it.
    pub fn show(&self, phone: &str, hand: &str, revision: &str) -> std::io::Result<String> {
        let token = capability()?;
        let mut inner = self.inner();
        while inner.order.len() >= SHOWN_AT_MOST {
            if let Some(old) = inner.order.pop_front() {
                inner.shown.remove(&old);
            }
        }
        inner.order.push_back(token.clone());
        inner.shown.insert(
            token.clone(),
            Shown {
                phone: phone.to_string(),
                hand: hand.to_string(),
                revision: revision.to_string(),
                reply: None,
            },
        );
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
        let _one = self.answering.lock().unwrap_or_else(|e| e.into_inner());
        let taken = {
            let inner = self.inner();
            match inner.shown.get(token) {
                Some(s) if same(&s.phone, phone) => match &s.reply {
                    Some(r) => Taken::Answered(r.clone()),
                    None => Taken::Fresh {
                        hand: s.hand.clone(),
                        revision: s.revision.clone(),
                    },
                },
                _ => Taken::Unknown,
            }
        };
        match taken {
            Taken::Unknown => None,
            Taken::Answered(r) => Some(r),
            Taken::Fresh { hand, revision } => {
                let reply = write(&hand, &revision);
                if let Some(s) = self.inner().shown.get_mut(token) {
                    s.reply = Some(reply.clone());
                }
                Some(reply)
            }
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

    /// A phone pairs once per pairing form; a second phone for the side is told; an answer's
    /// token writes once whatever the number of times it is sent; revoking ends it all.
    #[test]
    fn a_token_answers_once_and_a_revoked_phone_nothing() {
        let p = Pairings::default();
        let offer = p.offer("s1", 1, "EO").unwrap();
        assert_eq!(p.offer("s1", 1, "EO").unwrap(), offer, "one offer a side");
        let form = p.pairing_form(&offer.token).unwrap();
        let (phone, second) = p.pair(&offer.token, &form, "Chloé").unwrap().unwrap();
        assert!(!second, "the first phone of the side");
        assert!(
            p.pair(&offer.token, &form, "again").unwrap().is_none(),
            "a form pairs once"
        );
        let form2 = p.pairing_form(&offer.token).unwrap();
        let (_, second) = p.pair(&offer.token, &form2, "Denis").unwrap().unwrap();
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
}
