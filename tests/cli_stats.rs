//! `marque stats`: players' sessions and wins across games, over a folder whose figures were
//! worked out by hand.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::let_underscore_must_use,
    reason = "a test fails loudly where its setting up does"
)]
mod common;
use common::marque;

use serde_json::{Value, json};

fn write(
    dir: &std::path::Path,
    name: &str,
    game: &str,
    players: &[&str],
    opts: Value,
    hands: Value,
) {
    let v = json!({"format": "marque-session", "version": 1, "game": game, "players": players,
                   "options": opts, "hands": hands});
    std::fs::write(dir.join(name), v.to_string()).unwrap();
}

/// - truc, Anne beats Bruno (a one-point partie): finished, Anne wins;
/// - bridge, "anne " North and Claire South make two games: finished, NS (anne and Claire) win
///   the rubber: 120 + 120 below, 700 for the rubber, 940;
/// - 2500, "ANNE" and Bruno, one brasse: not finished, counted in sessions only;
/// - a damaged file, which counts nowhere.
fn folder() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(
        d,
        "truc.json",
        "truc",
        &["Anne", "Bruno"],
        json!({"target": 1, "manches": 1}),
        json!([{"calls": [], "winner": 0}]),
    );
    let game = json!({"contract": "4S", "declarer": "N", "tricks": 10});
    write(
        d,
        "bridge.json",
        "bridge",
        &["anne ", "Bruno", "Claire", "David"],
        json!({}),
        json!([game, game]),
    );
    write(
        d,
        "2500.json",
        "2500",
        &["ANNE", "Bruno"],
        json!({}),
        json!([{"frime": "8", "laid": [["A", "A", "A"], []], "hand": [[], ["K"]]}]),
    );
    std::fs::write(d.join("broken.json"), "{ not json").unwrap();
    dir
}

#[test]
fn one_person_under_two_spellings_in_one_session_counts_once() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "t.json",
        "truc",
        &["Anne", "anne "],
        json!({"target": 1, "manches": 1}),
        json!([{"calls": [], "winner": 1}]),
    );
    let v = stats_json(&["stats", dir.path().to_str().unwrap(), "--json"]);
    assert_eq!(v["players"].as_array().unwrap().len(), 1);
    assert_eq!(
        (&v["players"][0]["sessions"], &v["players"][0]["wins"]),
        (&json!(1), &json!(1))
    );
}

fn stats_json(args: &[&str]) -> Value {
    let out = marque(args);
    assert!(out.status.success(), "{out:?}");
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn sessions_and_wins_per_player_and_game_across_the_folder() {
    let dir = folder();
    let v = stats_json(&["stats", dir.path().to_str().unwrap(), "--json"]);
    let players = v["players"].as_array().unwrap();
    let names: Vec<String> = players
        .iter()
        .map(|p| p["name"].as_str().unwrap().to_lowercase())
        .collect();
    // Most sessions first, then by name; "Anne", "anne " and "ANNE" are one player.
    assert_eq!(names, ["anne", "bruno", "claire", "david"]);
    let figures = |i: usize| {
        let p = &players[i];
        let mut games: Vec<(String, u64, u64)> = p["games"]
            .as_object()
            .unwrap()
            .iter()
            .map(|(g, c)| {
                (
                    g.clone(),
                    c["sessions"].as_u64().unwrap(),
                    c["wins"].as_u64().unwrap(),
                )
            })
            .collect();
        games.sort();
        (
            p["sessions"].as_u64().unwrap(),
            p["wins"].as_u64().unwrap(),
            games,
        )
    };
    let g = |id: &str, s: u64, w: u64| (id.to_string(), s, w);
    assert_eq!(
        figures(0),
        (
            3,
            2,
            vec![g("2500", 1, 0), g("bridge", 1, 1), g("truc", 1, 1)]
        )
    );
    assert_eq!(
        figures(1),
        (
            3,
            0,
            vec![g("2500", 1, 0), g("bridge", 1, 0), g("truc", 1, 0)]
        )
    );
    assert_eq!(figures(2), (1, 1, vec![g("bridge", 1, 1)]));
    assert_eq!(figures(3), (1, 0, vec![g("bridge", 1, 0)]));
}

#[test]
fn one_player_by_name_in_the_readers_language() {
    let dir = folder();
    let folder = dir.path().to_str().unwrap();
    let v = stats_json(&["stats", folder, "--json", "--player", "  CLAIRE"]);
    assert_eq!(v["players"].as_array().unwrap().len(), 1);
    assert_eq!(v["players"][0]["name"], "Claire");

    let out = marque(&["stats", folder, "--player", "claire"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        text,
        "Claire — parties : 1, gagnées : 1
    Bridge (partie libre) — parties : 1, gagnées : 1
        Contrats joués comme déclarant : 0
        Contrats réussis : 0
        Contrats chutés : 0
        Contrats contrés ou surcontrés : 0
        Chelems demandés : 0
        Chelems réussis : 0
        Robres joués jusqu'au bout : 1
        Robres gagnés : 1
        Points marqués dans ces robres : 940
        Moyenne de points par robre : 940,0
  Son rival : Bruno (Claire a fini devant une fois)
  Partenaire le plus fréquent : anne (1 partie)
  Plus longue série de victoires : 1
  Meilleure partie — Bridge (partie libre) : 940
  Meilleure donne — Bridge (partie libre) : 820
  Face à Bruno : 1 partie l'un contre l'autre, devant 1, derrière 0 ; 1 à la même table
  Face à David : 1 partie l'un contre l'autre, devant 1, derrière 0 ; 1 à la même table
"
    );
    let out = marque(&["stats", folder, "--player", "claire", "--lang", "en"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        text,
        "Claire — sessions: 1, won: 1
    Rubber bridge — sessions: 1, won: 1
        Contracts declared: 0
        Contracts made: 0
        Contracts down: 0
        Contracts doubled or redoubled: 0
        Slams bid: 0
        Slams made: 0
        Rubbers played out: 1
        Rubbers won: 1
        Points scored in those rubbers: 940
        Average points per rubber: 940.0
  Rival: Bruno (Claire finished ahead once)
  Most frequent partner: anne (1 session)
  Longest run of wins: 1
  Best session — Rubber bridge: 940
  Best deal — Rubber bridge: 820
  Against Bruno: 1 session on other sides, ahead 1, behind 0; 1 at one table
  Against David: 1 session on other sides, ahead 1, behind 0; 1 at one table
"
    );

    // Anne's best hand per game: the truc deal she won (one point), her 2500 brasse (in a
    // partie not finished: a hand played is a hand, and it is the game's own best brasse),
    // her partnership's 820 at bridge.
    let v = stats_json(&["stats", folder, "--json", "--player", "anne"]);
    let best = &v["story"]["best_hand"];
    let brasse = &v["players"][0]["games"]["2500"]["best_brasse"];
    assert!(brasse.is_i64(), "{v}");
    assert_eq!(best["2500"]["points"], *brasse, "{v}");
    assert_eq!(best["truc"]["points"], json!(1), "{v}");
    assert_eq!(best["bridge"]["points"], json!(820), "{v}");
    // Only finished sessions make a best session.
    assert!(v["story"]["best"].get("2500").is_none(), "{v}");

    let out = marque(&["stats", folder, "--player", "Zoé", "--lang", "en"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with("file: no player `Zoé` in these sessions; players: "),
        "{err}"
    );
    assert!(out.stdout.is_empty());
}

/// The names merged by hand count in `marque stats` whatever the state of this machine's
/// preferences: none (a machine that joined a shared folder) or damaged.
#[test]
fn the_club_names_count_without_this_machines_preferences() {
    for prefs in [None, Some("{ damaged"), Some("{\"lang\":\"en\"}")] {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        write(
            d,
            "t.json",
            "truc",
            &["Ali", "Bruno"],
            json!({"target": 1, "manches": 1}),
            json!([{"calls": [], "winner": 0}]),
        );
        write(
            d,
            "u.json",
            "truc",
            &["Alice", "Bruno"],
            json!({"target": 1, "manches": 1}),
            json!([{"calls": [], "winner": 0}]),
        );
        std::fs::write(
            d.join(".people.json"),
            "{\"names\":[\"Ali\",\"Alice\"],\"merged\":[[\"Ali\",\"Alice\"]]}",
        )
        .unwrap();
        if let Some(p) = prefs {
            std::fs::write(d.join(".prefs.json"), p).unwrap();
        }
        let v = stats_json(&["stats", d.to_str().unwrap(), "--json"]);
        let names: Vec<&str> = v["players"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|p| p["name"].as_str())
            .collect();
        assert_eq!(names, ["Alice", "Bruno"], "{prefs:?}");
        assert_eq!(v["players"][0]["sessions"], json!(2), "{prefs:?}");
    }
}

/// Two files of one session id (a restore puts one beside, `x-restored.json`): the figures
/// count one of them, chosen by what they hold, the same whichever was written last (issue
/// 40: a `touch` changed the figures).
#[test]
fn two_files_of_one_id_count_the_same_whichever_is_newer() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let session = |hands: Value| {
        json!({"format": "marque-session", "version": 1, "id": "2026-11-27-truc-x",
               "game": "truc", "players": ["Anne", "Bruno"], "options": {"target": 1, "manches": 1},
               "hands": hands})
    };
    // One file holds the partie to its end (Bruno wins), the other only its start.
    std::fs::write(d.join("x.json"), session(json!([])).to_string()).unwrap();
    std::fs::write(
        d.join("x-restored.json"),
        session(json!([{"calls": [], "winner": 1}])).to_string(),
    )
    .unwrap();
    let figures = |newer: &str| {
        let past = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
        for name in ["x.json", "x-restored.json"] {
            let f = std::fs::File::options()
                .write(true)
                .open(d.join(name))
                .unwrap();
            let when = if name == newer {
                std::time::SystemTime::now()
            } else {
                past
            };
            f.set_modified(when).unwrap();
        }
        let out = marque(&["stats", d.to_str().unwrap(), "--json"]);
        assert!(out.status.success());
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        v
    };
    let a = figures("x.json");
    let b = figures("x-restored.json");
    assert_eq!(a, b, "a touch changes nothing");
    let bruno = a["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "Bruno")
        .unwrap()
        .clone();
    assert_eq!(
        (bruno["sessions"].clone(), bruno["wins"].clone()),
        (json!(1), json!(1))
    );
}

/// A club's names file over 1 MiB (or damaged) is said, never passed over without a word
/// (issue 40): the figures come, counting the names apart, with a line on standard error.
#[test]
fn a_names_file_that_does_not_read_is_said() {
    let dir = folder();
    let big = format!("{{\"merged\": [], \"pad\": \"{}\"}}", "x".repeat(1_100_000));
    std::fs::write(dir.path().join(".people.json"), big).unwrap();
    let out = marque(&["stats", dir.path().to_str().unwrap(), "--lang", "en"]);
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("The club's names file (.people.json) does not read"),
        "{err}"
    );
}
