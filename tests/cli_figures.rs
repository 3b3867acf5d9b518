//! Figures that follow the spec: a person who only ever sat out (Tarot's mort) counts no
//! session; one person has one spelling in the statistics and the ratings; a seat away is
//! blank in the CSV; `explain --json` gives every side a figure; `stats --player --json`
//! carries the overall rating the text shows.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a test fails loudly where its setting up does"
)]
mod common;
use common::marque;

use serde_json::{Value, json};

fn write(dir: &std::path::Path, name: &str, v: &Value) -> String {
    let f = dir.join(name);
    std::fs::write(&f, v.to_string()).unwrap();
    f.to_str().unwrap().to_string()
}

fn stats(args: &[&str]) -> Value {
    let out = marque(args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// The players' names `stats --json` gives.
fn names(v: &Value) -> Vec<&str> {
    v["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect()
}

#[test]
fn the_mort_alone_counts_no_session() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "m.json",
        &json!({"format": "marque-session", "version": 1, "id": "m", "game": "tarot",
                "created": "2026-11-20T20:00:00+01:00",
                "players": ["Anne", "Bruno", "Claire", "David", "Emma"],
                "options": {"five": "dead"}, "closed": true,
                "hands": [{"taker": 0, "contract": "garde", "bouts": 2, "points": 50,
                           "dead": 4}]}),
    );
    let v = stats(&["stats", "--json", dir.path().to_str().unwrap()]);
    let names = names(&v);
    assert_eq!(names.len(), 4, "{names:?}");
    assert!(
        !names.contains(&"Emma"),
        "the mort of every deal played none: {names:?}"
    );
}

#[test]
fn one_person_one_spelling_and_the_overall_rating() {
    let dir = tempfile::tempdir().unwrap();
    let session = |id: &str, day: u32, names: [&str; 2], winner: u64| {
        let deals: Vec<Value> = (0..24)
            .map(|_| json!({"calls": [], "winner": winner}))
            .collect();
        json!({"format": "marque-session", "version": 1, "id": id, "game": "truc",
               "created": format!("2026-11-{day:02}T20:00:00+01:00"),
               "players": names, "options": {}, "hands": deals})
    };
    // Typed "STRASSE" first, then "Straße" twice: Straße, the most used, everywhere.
    write(dir.path(), "a.json", &session("a", 1, ["STRASSE", "Jo"], 0));
    write(dir.path(), "b.json", &session("b", 2, ["Straße", "Jo"], 1));
    write(dir.path(), "c.json", &session("c", 3, ["Straße", "Jo"], 0));
    let folder = dir.path().to_str().unwrap();
    let v = stats(&["stats", "--json", folder]);
    let names = names(&v);
    assert!(
        names.contains(&"Straße") && !names.contains(&"STRASSE"),
        "{names:?}"
    );
    let r = stats(&["stats", "--ratings", "--json", folder]);
    let text = r.to_string();
    assert!(
        text.contains("Straße") && !text.contains("STRASSE"),
        "{text}"
    );
    let p = stats(&["stats", "--player", "Straße", "--json", folder]);
    let overall = &p["story"]["ratings"]["overall"];
    assert!(overall["mu"].is_number(), "the overall rating: {p}");
    let said = String::from_utf8(marque(&["stats", "--player", "Straße", folder]).stdout).unwrap();
    let mu = overall["mu"].as_f64().unwrap();
    assert!(
        said.contains(&format!("{mu:.1}").replace('.', ",")),
        "the text shows the same overall μ {mu}: {said}"
    );
}

#[test]
fn a_seat_away_is_blank_in_the_csv_and_explain_gives_every_side() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(
        dir.path(),
        "j.json",
        &json!({"format": "marque-session", "version": 1, "id": "j", "game": "2500",
                "players": ["Paul", "Lise"], "options": {},
                "hands": [
                  {"frime": "8", "laid": [["A","A","A"], ["3","3","3"]], "hand": [["K"], []]},
                  {"event": "join", "player": "Marc", "score": 450},
                  {"frime": "8", "laid": [["K","K","K"], [], []], "hand": [[], ["5"], []]},
                  {"event": "leave", "seat": 1},
                  {"frime": "8", "laid": [["K","K","K"], []], "hand": [[], ["5"]]}]}),
    );
    let csv = String::from_utf8(marque(&["export", &f, "--format", "csv"]).stdout).unwrap();
    let rows: Vec<&str> = csv.lines().collect();
    assert_eq!(
        rows[1], "1,frime 8,290,290,15,15,,",
        "Marc not there yet: {csv}"
    );
    assert_eq!(rows[5], "5,frime 8,30,350,,,-5,445", "Lise gone: {csv}");
    let e: Value = serde_json::from_slice(&marque(&["explain", &f, "1", "--json"]).stdout).unwrap();
    assert_eq!(
        e["delta"],
        json!([290, 15, 0]),
        "a figure for each of the three sides"
    );
}

/// A name that shows nothing (a zero-width space alone) names nobody: refused in words, the
/// file as it was; a Tarot refusal of points says halves are allowed.
#[test]
fn a_name_that_shows_nothing_and_points_as_text_are_refused_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(
        dir.path(),
        "t.json",
        &json!({"format": "marque-session", "version": 1, "id": "t", "game": "tarot",
                "players": ["Anne", "Bruno", "Claire"], "options": {}, "hands": []}),
    );
    let before = std::fs::read(&f).unwrap();
    let out = marque(&["add", &f, "{\"event\": \"join\", \"player\": \"\u{200b}\"}"]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let out = marque(&[
        "add",
        &f,
        r#"{"taker": 0, "contract": "garde", "bouts": 2, "points": "45"}"#,
        "--lang",
        "en",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("to the half point (45 or 45.5)"), "{said}");
    assert!(!said.contains("whole number"), "{said}");
    assert_eq!(std::fs::read(&f).unwrap(), before, "nothing written");
}
