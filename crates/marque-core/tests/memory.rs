//! What a long session's sheet holds: each copy of the game it keeps (one every few hands, to
//! replay from after an edit) holds a bounded part of the game's history of its own, however
//! long the evening. Counted, not timed: it cannot flake. With the history in a plain list, a
//! bridge evening of 10,000 deals kept 313 copies of up to 5,000 rubbers each.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::let_underscore_must_use,
    reason = "a test fails loudly where its setting up does"
)]

use marque_core::session::Session;
use marque_core::trail::BLOCK;
use serde_json::json;

fn bridge(deals: usize) -> Session {
    let deal = json!({"contract": "7NT", "declarer": "N", "tricks": 13});
    Session::from_value(
        &json!({"format": "marque-session", "version": 1, "game": "bridge",
        "players": ["Anne", "Bruno", "Chloé", "Denis"], "hands": vec![deal; deals]}),
    )
    .unwrap()
}

fn truc(deals: usize) -> Session {
    let hands: Vec<_> = (0..deals)
        .map(|i| json!({"calls": [], "winner": i % 2}))
        .collect();
    Session::from_value(
        &json!({"format": "marque-session", "version": 1, "game": "truc",
        "players": ["Anne", "Bruno"], "options": {"target": 2, "manches": 1000000},
        "hands": hands}),
    )
    .unwrap()
}

#[track_caller]
fn bounded(session: &Session) -> (usize, usize) {
    let sheet = session.score().unwrap();
    let (copies, held) = sheet.held();
    assert!(
        held <= copies * (BLOCK + 1),
        "{held} items held by {copies} copies"
    );
    (copies, held)
}

#[test]
fn each_copy_of_a_long_game_holds_a_bounded_part_of_its_history() {
    for make in [bridge, truc] {
        let (short_copies, _) = bounded(&make(1_000));
        let (long_copies, long_held) = bounded(&make(10_000));
        // The copies grow with the session (one every few hands), what each holds does not.
        assert!(
            long_copies >= 9 * short_copies,
            "{short_copies} → {long_copies}"
        );
        assert!(long_held > 0, "the history was counted");
        // The whole history is still there, once.
        let sheet = make(10_000).score().unwrap();
        assert_eq!(sheet.hands.len(), 10_000);
    }
    // Bridge: 5,000 rubbers, all in the summary.
    let sheet = bridge(10_000).score().unwrap();
    let summary = sheet.to_json(marque_core::i18n::Lang::Fr);
    assert_eq!(summary["rubbers"].as_array().unwrap().len(), 5_000);
}
