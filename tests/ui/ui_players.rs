//! The players' screen: one player's figures per game, and two spellings of one person merged by
//! hand (kept in the preferences, never in the sessions) and separated again.
use crate::ui_common::*;
use egui_kittest::kittest::Queryable;
use serde_json::json;

fn truc(dir: &std::path::Path, name: &str, players: [&str; 2], hands: serde_json::Value) {
    let v = json!({"format": "marque-session", "version": 1, "game": "truc",
                   "players": players, "options": {"target": 2, "manches": 1}, "hands": hands});
    std::fs::write(dir.join(name), v.to_string()).unwrap();
}

/// The names merged by hand, as the folder shares them (`.people.json`, not this machine's
/// preferences).
fn merged_in_prefs(dir: &std::path::Path) -> serde_json::Value {
    let text = std::fs::read_to_string(dir.join(".people.json")).unwrap();
    serde_json::from_str::<serde_json::Value>(&text).unwrap()["merged"].clone()
}

#[test]
fn a_players_figures_then_two_spellings_merged_and_separated() {
    let dir = tempfile::tempdir().unwrap();
    // Alice doubles, Bruno accepts, Alice wins the 2 points: the partie.
    truc(
        dir.path(),
        "a.json",
        ["Alice", "Bruno"],
        json!([{"calls": [{"by": 0, "call": "double"}, {"by": 1, "call": "accept"}],
                "winner": 0}]),
    );
    // "Ali" (Alice, typed short) beats Chloé in two deals without a raise.
    truc(
        dir.path(),
        "b.json",
        ["Ali", "Chloé"],
        json!([{"calls": [], "winner": 0}, {"calls": [], "winner": 0}]),
    );
    let sessions_before: Vec<String> = ["a.json", "b.json"]
        .iter()
        .map(|f| std::fs::read_to_string(dir.path().join(f)).unwrap())
        .collect();
    let mut h = harness(dir.path());
    click(&mut h, "Joueurs");
    click(&mut h, "Alice");
    // Her figures at truc: one deal, one raise accepted and won, one manche.
    assert!(shows(&h, "Le Truc — 1 sur 1"));
    assert!(shows(&h, "Relances proposées"));
    assert!(shows(&h, "Donnes relancées et gagnées"));

    click(&mut h, "Ali");
    click(&mut h, "Compter « Ali » comme « Alice » (même personne)");
    assert_eq!(merged_in_prefs(dir.path()), json!([["Ali", "Alice"]]));
    // One person now: Ali's partie counts for Alice, and Ali is no longer on the roster.
    assert!(!shows(&h, "Ali"));
    assert!(shows(&h, "Alice"));
    assert!(shows(&h, "Le Truc — 2 sur 2"));
    assert!(shows(&h, "Compte aussi « Ali »"));
    // The sessions were not touched.
    for (f, before) in ["a.json", "b.json"].iter().zip(&sessions_before) {
        assert_eq!(
            &std::fs::read_to_string(dir.path().join(f)).unwrap(),
            before
        );
    }

    click(&mut h, "Séparer « Ali »");
    assert_eq!(merged_in_prefs(dir.path()), json!([]));
    assert!(shows(&h, "Ali"));
    assert!(shows(&h, "Le Truc — 1 sur 1"));
}

/// Two people who played together are never offered as one: a merge would count one person
/// twice in a session.
#[test]
fn no_merge_for_two_people_who_played_together() {
    let dir = tempfile::tempdir().unwrap();
    truc(
        dir.path(),
        "a.json",
        ["Alice", "Bruno"],
        json!([{"calls": [], "winner": 0}]),
    );
    let mut h = harness(dir.path());
    click(&mut h, "Joueurs");
    click(&mut h, "Alice");
    click(&mut h, "Bruno");
    assert!(shows_containing(&h, "1 partie ensemble"));
    assert!(!shows_containing(&h, "même personne"));
}

/// The top bar's keys are the same on every screen, in the same places: a second tap on
/// "Joueurs" never lands on another key.
#[test]
fn the_top_bar_keys_stay_in_place_across_screens() {
    let dir = tempfile::tempdir().unwrap();
    truc(
        dir.path(),
        "a.json",
        ["Alice", "Bruno"],
        json!([{"calls": [], "winner": 0}]),
    );
    let mut h = harness(dir.path());
    let keys = ["Accueil", "Règles", "Joueurs"];
    let places = |h: &egui_kittest::Harness<'static, marque::ui::App>| {
        keys.map(|k| h.get_all_by_label(k).next().unwrap().rect())
    };
    let home = places(&h);
    click(&mut h, "Joueurs");
    assert!(shows(&h, "Alice"), "the players' screen");
    assert_eq!(places(&h), home);
    h.get_all_by_label("Règles").next().unwrap().click();
    settle(&mut h);
    assert_eq!(places(&h), home);
    click(&mut h, "Accueil");
    assert_eq!(places(&h), home);
}

/// Picking a player shows their figures below the roster: no row moves under the finger.
#[test]
fn picking_a_player_moves_no_row() {
    let dir = tempfile::tempdir().unwrap();
    truc(
        dir.path(),
        "a.json",
        ["Alice", "Bruno"],
        json!([{"calls": [], "winner": 0}, {"calls": [], "winner": 0}]),
    );
    truc(
        dir.path(),
        "b.json",
        ["Chloé", "Bruno"],
        json!([{"calls": [], "winner": 0}, {"calls": [], "winner": 0}]),
    );
    let mut h = harness(dir.path());
    click(&mut h, "Joueurs");
    let rows = |h: &egui_kittest::Harness<'static, marque::ui::App>| {
        ["Alice", "Bruno", "Chloé"].map(|n| h.get_all_by_label(n).next().unwrap().rect())
    };
    let before = rows(&h);
    click(&mut h, "Alice");
    assert!(shows(&h, "Le Truc — 1 sur 1"), "her figures are shown");
    assert_eq!(rows(&h), before);
    click(&mut h, "Chloé");
    assert_eq!(rows(&h), before);
}
