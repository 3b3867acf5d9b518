//! The sheet kept hand by hand, the fast readers and the texts kept as written: each agrees
//! with the plain way (a full replay, the checked reader, the file as it was).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::let_underscore_must_use,
    reason = "a test fails loudly where its setting up does"
)]
mod common;
use common::*;
use marque_core::games::{GameHand, ascenseur, bridge, decode_text, democratie, le2500, truc};
use marque_core::history::{self, Action, Change};
use marque_core::session::{Hand, Session, Sheet};
use proptest::prelude::*;
use serde_json::{Value, json};

const AT: &str = "2026-11-23T21:00:00+01:00";

/// A change to make to a session of `n` hands: (kind, where, the hand to put).
fn changes(hand: BoxedStrategy<Value>) -> impl Strategy<Value = Vec<(u8, usize, Value)>> {
    prop::collection::vec((0u8..3, any::<usize>(), hand), 1..12)
}

/// Makes each change through history::apply and checks the kept sheet against a full replay.
fn kept_equals_replayed(
    game: &str,
    names: &[&str],
    opts: Value,
    hands: Vec<Value>,
    steps: Vec<(u8, usize, Value)>,
) -> Result<(), TestCaseError> {
    // A generated session must score: a case that does not is rejected, and too many rejected
    // cases fail the test (the generators would no longer be testing anything).
    let s = Session::from_value(&session(game, names, opts, json!(hands)));
    prop_assume!(s.is_ok(), "the generated session does not read");
    let mut s = s.unwrap();
    let sheet = s.score();
    prop_assume!(sheet.is_ok(), "the generated session does not score");
    let mut sheet = sheet.unwrap();
    for (kind, at, v) in steps {
        let Ok(h) = s.decode(&v) else { continue };
        let n = s.hands.len();
        let change = match kind {
            0 => Change::Insert(n, h),
            1 if n > 0 => Change::Remove(at % n, s.hands[at % n].clone()),
            _ if n > 0 => Change::Replace(at % n, s.hands[at % n].clone(), h),
            _ => continue,
        };
        // The preview of a replaced or added hand is what the change then gives.
        let preview = match &change {
            Change::Insert(i, h) | Change::Replace(i, _, h) => {
                Some(sheet.preview(&s.hands, *i, &h.game))
            }
            Change::Remove(..) => None,
        };
        let before = s.clone();
        let result = history::apply(&mut s, &mut sheet, &change, Action::Edit, AT);
        let fresh = s.score().expect("a session that was applied scores");
        prop_assert_eq!(&sheet.hands, &fresh.hands);
        prop_assert_eq!(&sheet.totals, &fresh.totals);
        prop_assert_eq!(
            (sheet.finished, &sheet.winners),
            (fresh.finished, &fresh.winners)
        );
        match (result, preview) {
            (Err(_), p) => {
                prop_assert_eq!(&s.hands, &before.hands, "a refused change changes nothing");
                if let Some(p) = p {
                    prop_assert!(p.is_err(), "the preview refused it too");
                }
            }
            (Ok(()), Some(p)) => {
                let p = p.expect("the preview accepted what the change accepted");
                prop_assert_eq!(&p.row, &sheet.hands[change.hand()]);
                prop_assert_eq!(&p.end.totals, &sheet.totals);
            }
            (Ok(()), None) => {}
        }
    }
    Ok(())
}

/// The cases to run, and how many generated sessions may be rejected (not reading or not
/// scoring) before the test fails: a quarter, so that most cases always test something.
fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(64);
    ProptestConfig {
        max_global_rejects: cases / 4,
        ..ProptestConfig::with_cases(cases)
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn a_bridge_sheet_kept_hand_by_hand_equals_a_replay(hands in prop::collection::vec(bridge_hand(), 30..80), steps in changes(bridge_hand().boxed())) {
        kept_equals_replayed("bridge", &["N", "E", "S", "W"], json!({}), hands, steps)?;
    }

    #[test]
    fn a_2500_sheet_kept_hand_by_hand_equals_a_replay(hands in prop::collection::vec(brasse(), 30..70), steps in changes(brasse().boxed())) {
        kept_equals_replayed("2500", &["A", "B", "C"], json!({"target": 100000}), hands, steps)?;
    }

    #[test]
    fn a_democratie_sheet_kept_hand_by_hand_equals_a_replay(hands in prop::collection::vec(manche(), 30..50), steps in changes(manche().boxed())) {
        kept_equals_replayed("democratie", &["A", "B", "C"], json!({"target": 1000}), hands, steps)?;
    }

    #[test]
    fn the_fast_readers_accept_what_the_checked_readers_accept(
        any in any_json(), b in bridge_hand(), br in brasse(), m in manche(), t in truc_deal()
    ) {
        for v in [any.clone(), t] {
            let fast = decode_text::<truc::Game>(&v.to_string(), 2, &truc::Options::default());
            let slow = truc::decode_hand(&v);
            match fast {
                Some(h) => prop_assert_eq!(Ok(h), slow),
                None => prop_assert!(slow.is_err(), "a well-formed deal took the slow path: {}", v),
            }
        }
        let opts25 = le2500::Options::default();
        let optsd = democratie::Options::default();
        for v in [any.clone(), b.clone()] {
            let fast = decode_text::<bridge::Game>(&v.to_string(), 4, &bridge::Options::default());
            let slow = bridge::decode_hand(&v);
            match fast {
                Some(h) => prop_assert_eq!(Ok(h), slow),
                None if v == b => prop_assert!(slow.is_err(), "a well-formed deal took the slow path"),
                None => {}
            }
        }
        for v in [any.clone(), br.clone()] {
            let fast = decode_text::<le2500::Game>(&v.to_string(), 3, &opts25);
            let slow = le2500::decode_hand(&v, 3);
            match fast {
                Some(h) => prop_assert_eq!(Ok(h), slow),
                None if v == br => prop_assert!(slow.is_err(), "a well-formed brasse took the slow path"),
                None => {}
            }
        }
        for v in [any.clone(), json!({"bids": [0, 1, 2], "tricks": [1, 1, 1]}), json!([[0, 1, 2], [1, 1, 1]])] {
            let fast = decode_text::<ascenseur::Game>(&v.to_string(), 3, &ascenseur::Options::default());
            let slow = ascenseur::decode_hand(&v, 3);
            if let Some(h) = fast { prop_assert_eq!(Ok(h), slow); }
        }
        for v in [any, m.clone()] {
            let fast = decode_text::<democratie::Game>(&v.to_string(), 3, &optsd);
            let slow = democratie::decode_hand(&v, 3);
            match fast {
                Some(h) => prop_assert_eq!(Ok(h), slow),
                None if v == m => prop_assert!(slow.is_err(), "a well-formed manche took the slow path"),
                None => {}
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(200)
    ))]

    /// Reading to score (hands typed straight from the stream) and the careful reading accept
    /// the same files, with the same hands, and refuse the same ones with the same problems.
    #[test]
    fn reading_to_score_agrees_with_the_careful_reading(
        game in 0usize..4,
        good in prop::collection::vec(prop_oneof![bridge_hand(), brasse(), manche(), truc_deal()], 0..6),
        odd in prop::option::of(any_json()),
        at in any::<usize>(),
        layout in 0usize..3,
    ) {
        let (id, names, opts) = [
            ("bridge", vec!["N", "E", "S", "W"], json!({})),
            ("2500", vec!["A", "B", "C"], json!({"target": 100000})),
            ("democratie", vec!["A", "B", "C"], json!({"target": 1000})),
            ("truc", vec!["A", "B"], json!({"target": 1000, "manches": 1000})),
        ][game].clone();
        let mut hands = good;
        if let Some(o) = odd {
            let at = at % (hands.len() + 1);
            hands.insert(at, o);
        }
        let v = session(id, &names, opts, json!(hands));
        // The fields in Marque's order (the header, then the hands: the one-pass readers), with
        // the hands first, or sorted (the hands between the game and the players).
        let order: Vec<&str> = match layout {
            0 => vec!["format", "version", "game", "players", "options", "hands"],
            1 => vec!["hands", "format", "version", "game", "players", "options"],
            _ => v.as_object().unwrap().keys().map(String::as_str).collect(),
        };
        let body: Vec<String> = order.iter().map(|k| format!("{}:{}", json!(k), v[*k])).collect();
        let text = format!("{{{}}}", body.join(","));
        let careful = Session::parse(&text);
        let fast = Session::parse_to_score(&text);
        // The summary's one pass agrees with the careful reading played to its end.
        let facts = Session::facts(&text);
        match (&careful, facts) {
            (Ok(a), Ok(f)) => {
                let sheet = a.score();
                prop_assert!(sheet.is_ok(), "facts of a session that does not play");
                let sheet = sheet.unwrap();
                prop_assert_eq!(
                    (f.game, &f.id, &f.created, &f.players, f.closed, f.hands),
                    (a.game, &a.id, &a.created, &a.players, a.closed, a.hands.len())
                );
                prop_assert_eq!(
                    (&f.end.totals, f.end.finished, &f.end.winners),
                    (&sheet.totals, sheet.finished, &sheet.winners)
                );
            }
            (Ok(a), Err(p)) => prop_assert_eq!(a.score().err(), Some(p)),
            (Err(a), Err(b)) => prop_assert_eq!(a, &b),
            (Err(_), Ok(_)) => prop_assert!(false, "facts of a session the careful reading refuses"),
        }
        match (careful, fast) {
            (Ok(a), Ok(b)) => {
                let games = |s: &Session| s.hands.iter().map(|h| h.game.clone()).collect::<Vec<_>>();
                prop_assert_eq!(games(&a), games(&b));
                prop_assert_eq!(a.score().map(|s| s.totals), b.score().map(|s| s.totals));
            }
            (Err(a), Err(b)) => prop_assert_eq!(a, b),
            (a, b) => prop_assert!(false, "careful {:?}, fast {:?}", a.is_ok(), b.is_ok()),
        }
    }
}

#[test]
fn a_well_formed_deal_takes_the_fast_path() {
    for v in [
        json!({"contract": "4S", "declarer": "N", "tricks": 10}),
        json!({"contract": "3NTX", "declarer": "E", "tricks": 6, "honours": {"side": "NS", "kind": "aces"}}),
        json!({"contract": "pass"}),
        json!({"contract": "2H", "declarer": "W", "tricks": 8, "at": "21:40"}),
    ] {
        let fast = decode_text::<bridge::Game>(&v.to_string(), 4, &bridge::Options::default());
        assert_eq!(fast.map(Ok), Some(bridge::decode_hand(&v)), "{v}");
    }
    // What the fast path cannot decide goes to the checked reader, which says why.
    for v in [
        json!({"contract": "pass", "tricks": 3}),
        json!({"contract": "4S", "declarer": "N", "tricks": 14}),
        json!({"contract": "4S", "declarer": "N", "tricks": 10, "honours": {"side": "NS", "kind": "aces"}}),
    ] {
        assert!(
            decode_text::<bridge::Game>(&v.to_string(), 4, &bridge::Options::default()).is_none()
        );
        assert!(bridge::decode_hand(&v).is_err(), "{v}");
    }
}

#[test]
fn unknown_fields_and_numbers_are_written_back_as_they_were() {
    let text = r#"{"format": "marque-session", "version": 1, "game": "bridge",
        "players": ["N", "E", "S", "W"], "hands": [
          {"contract": "4S", "declarer": "N", "tricks": 10, "at": 12345678901234567890123, "note": "été"},
          {"contract": "pass"}
        ], "venue": {"big": 12345678901234567890123, "neg": -0, "float": 1.50}}"#;
    let s = Session::parse(text).unwrap();
    let out = s.to_json_string();
    assert!(out.contains(r#""at":12345678901234567890123"#), "{out}");
    assert!(
        out.contains(r#""venue": {"big": 12345678901234567890123, "neg": -0, "float": 1.50}"#),
        "{out}"
    );
    // The file written reads back the same.
    assert_eq!(Session::parse(&out).unwrap(), s);
    // Editing the hand keeps the fields Marque does not know.
    let GameHand::Bridge(_) = &s.hands[0].game else {
        panic!()
    };
    let new = s
        .decode(&json!({"contract": "4S", "declarer": "N", "tricks": 11}))
        .unwrap();
    let edited = Hand::replacing(new.game, &s.hands[0]);
    let v = edited.raw().get().to_string();
    assert!(
        v.contains("12345678901234567890123") && v.contains("\"tricks\":11") && v.contains("été"),
        "{v}"
    );
    // A sheet of the session scores its two deals.
    let sheet: Sheet = s.score().unwrap();
    assert_eq!(sheet.hands.len(), 2);
}
