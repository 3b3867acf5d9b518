//! `marque score` of a file as Marque writes it is made in one pass over its text, without a
//! session in memory: its output is byte for byte the careful reading's, for every conformance
//! case that scores (laid out as Marque writes sessions) in both languages, and for long
//! sessions of every game; a session the one pass cannot take is left to the careful reading.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::let_underscore_must_use,
    reason = "a test fails loudly where its setting up does"
)]

use marque_core::i18n::Lang;
use marque_core::session::Session;
use serde_json::{Value, json};

/// The text of `v` as Marque lays a session out: a field a line, a hand a line.
fn own_layout(v: &Value) -> String {
    let mut fields: Vec<String> = Vec::new();
    let obj = v.as_object().unwrap();
    for (k, val) in obj.iter().filter(|(k, _)| *k != "hands") {
        fields.push(format!("  {}: {}", json!(k), val));
    }
    let hands: Vec<String> = obj["hands"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| format!("    {h}"))
        .collect();
    fields.push(format!("  \"hands\": [\n{}\n  ]", hands.join(",\n")));
    format!("{{\n{}\n}}\n", fields.join(",\n"))
}

#[track_caller]
fn same_as_careful(text: &str) -> bool {
    let mut fast = Vec::new();
    let Some(written) = Session::write_score_one_pass(text, Lang::Fr, &mut fast) else {
        return false;
    };
    written.unwrap();
    let session = Session::parse_to_score(text).unwrap();
    let mut careful = Vec::new();
    session
        .write_score(Lang::Fr, &mut careful, 1 << 20, Vec::new())
        .unwrap()
        .unwrap();
    assert_eq!(
        String::from_utf8(fast).unwrap(),
        String::from_utf8(careful).unwrap(),
        "the one-pass reader writes what the careful one writes"
    );
    true
}

#[test]
fn the_one_pass_writes_what_the_careful_reading_writes() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/conformance");
    let mut taken = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let suite: Value =
            serde_json::from_str(&std::fs::read_to_string(entry.unwrap().path()).unwrap()).unwrap();
        for case in suite["cases"].as_array().unwrap() {
            // (An evening's case is no session: `club.json` holds both kinds.)
            let Some(session) = case.get("session") else {
                continue;
            };
            let text = own_layout(session);
            let scores = Session::parse_to_score(&text)
                .is_ok_and(|s| marque_core::stream::check(&s).is_ok());
            if scores {
                taken += usize::from(same_as_careful(&text));
            } else {
                // A session that breaks a rule is never written by the one pass.
                let mut out = Vec::new();
                assert!(Session::write_score_one_pass(&text, Lang::Fr, &mut out).is_none());
                assert!(out.is_empty());
            }
        }
    }
    assert!(taken >= 40, "only {taken} cases went through the one pass");
}

#[test]
fn long_sessions_of_every_game_in_one_pass() {
    let deal = json!({"contract": "7NT", "declarer": "N", "tricks": 13});
    let bridge = json!({"format": "marque-session", "version": 1, "game": "bridge",
        "players": ["A", "B", "C", "D"], "options": {"table": "laws"}, "closed": true,
        "hands": (0..2001).map(|i| if i % 3 == 2 { json!({"contract": "2H", "declarer": "E", "tricks": 8}) } else { deal.clone() }).collect::<Vec<_>>()});
    let truc = json!({"format": "marque-session", "version": 1, "game": "truc",
        "players": ["Anne", "Bruno"], "options": {"target": 3, "manches": 100000},
        "hands": (0..2000).map(|i| json!({"calls": [], "winner": (i / 3) % 2})).collect::<Vec<_>>()});
    for v in [bridge, truc] {
        assert!(same_as_careful(&own_layout(&v)), "{}", v["game"]);
    }
}

/// A session is held where its hands take no more than about three quarters of their text, and
/// left to the one pass where they take more: a deal a line of bridge (some 50 bytes of text for
/// a 96-byte hand) streams, the same deals with room around them are held, a short session is
/// always held, and a session that breaks a rule early is held to say so.
#[test]
fn a_session_is_held_where_its_hands_weigh_less_than_their_text() {
    let deal = |i: usize| json!({"contract": "4S", "declarer": (["N", "E", "S", "W"][i % 4]), "tricks": 10});
    let bridge = |n: usize| {
        json!({"format": "marque-session", "version": 1, "game": "bridge",
        "players": ["A", "B", "C", "D"], "options": {"table": "laws"}, "closed": false,
        "hands": (0..n).map(deal).collect::<Vec<_>>()})
    };
    let long = own_layout(&bridge(500));
    assert!(
        Session::parse_to_hold(&long).is_none(),
        "a deal a line streams"
    );
    assert!(same_as_careful(&long));
    // The same file, each deal followed by 100 spaces: its text now outweighs it.
    let roomy = long.replace("},\n", &format!("}}{},\n", " ".repeat(100)));
    assert!(roomy.len() > long.len() + 400 * 100);
    let held = Session::parse_to_hold(&roomy).expect("deals with room around them are held");
    assert_eq!(held.unwrap().hands.len(), 500);
    let short = own_layout(&bridge(40));
    assert_eq!(
        Session::parse_to_hold(&short).unwrap().unwrap().hands.len(),
        40
    );
    let mut broken = bridge(500);
    broken["hands"][10]["tricks"] = json!(14);
    let problems = Session::parse_to_hold(&own_layout(&broken))
        .expect("a hand broken before the weighing is said at once")
        .unwrap_err();
    assert!(!problems.is_empty());
}

/// A table event whose key `event` is written with an escape is an event on every path: the
/// one pass, the held reading's fast path and the careful reading agree.
#[test]
fn an_event_key_written_with_an_escape_is_an_event_on_every_path() {
    let deal = json!({"contract": "4S", "declarer": "N", "tricks": 10});
    let mut hands: Vec<Value> = (0..100).map(|_| deal.clone()).collect();
    hands[70] =
        json!({"event": "adjust", "side": 0, "points": 100, "reason": "x", "contract": "pass"});
    let v = json!({"format": "marque-session", "version": 1, "game": "bridge",
        "players": ["A", "B", "C", "D"], "options": {"table": "laws"}, "closed": false,
        "hands": hands});
    let plain = own_layout(&v);
    // (Its fields in the order of their names: `event` comes after `contract`.)
    let escaped = plain.replacen("\"event\":", "\"\\u0065vent\":", 1);
    assert_ne!(plain, escaped);
    let read = |text: &str| {
        let mut out = Vec::new();
        Session::parse_to_score(text)
            .unwrap()
            .write_score(Lang::Fr, &mut out, 1 << 20, Vec::new())
            .unwrap()
            .unwrap();
        String::from_utf8(out).unwrap()
    };
    assert_eq!(read(&escaped), read(&plain));
    // The one pass writes the same, or leaves the file to the careful reading.
    let mut fast = Vec::new();
    if let Some(written) = Session::write_score_one_pass(&escaped, Lang::Fr, &mut fast) {
        written.unwrap();
        assert_eq!(String::from_utf8(fast).unwrap(), read(&plain));
    }
    let s = Session::parse_to_score(&escaped).unwrap();
    assert!(
        s.hands[70].game.event().is_some(),
        "the escaped key names an event"
    );
}
