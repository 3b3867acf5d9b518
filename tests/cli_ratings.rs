//! `marque stats --ratings` (issue 34): the same folder gives byte-identical ratings whatever
//! its files are named, their modification times or the order they are listed in; a session
//! edited and edited back gives the ratings it had; two copies merged give the ratings of one
//! machine holding every hand.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a test fails loudly where its setting up does"
)]
mod common;
use common::marque;
use std::path::Path;

use marque_core::history::{self, Action, Change};
use marque_core::session::Session;
use serde_json::{Value, json};

fn ratings(dir: &Path) -> Vec<u8> {
    let out = marque(&["stats", "--ratings", "--json", dir.to_str().unwrap()]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// A finished session (closed by the table) of `game`.
fn session(id: &str, created: &str, game: &str, players: &[&str], hands: Value) -> Value {
    json!({"format": "marque-session", "version": 1, "id": id, "game": game,
           "created": created, "players": players, "options": {}, "closed": true,
           "hands": hands})
}

fn club() -> Vec<Value> {
    let deal = |w: u64| json!({"calls": [], "winner": w});
    let bridge = |by: &str| json!({"contract": "4S", "declarer": by, "tricks": 10});
    vec![
        session(
            "s1",
            "2026-11-20T20:00:00+01:00",
            "truc",
            &["Anne", "Bruno"],
            json!([
                deal(0),
                deal(0),
                deal(0),
                deal(0),
                deal(0),
                deal(0),
                deal(0),
                deal(0),
                deal(0),
                deal(0),
                deal(0),
                deal(0)
            ]),
        ),
        session(
            "s2",
            "2026-11-21T20:00:00+01:00",
            "bridge",
            &["Anne", "Bruno", "Claire", "David"],
            json!([bridge("E"), bridge("W")]),
        ),
        session(
            "s3",
            "2026-11-22T20:00:00+01:00",
            "2500",
            &["Claire", "Anne", "Emma"],
            json!([{"frime": "8", "laid": [["A", "A", "A"], [], ["K", "K", "K"]], "hand": [[], ["Q"], []]}]),
        ),
        session(
            "s4",
            "2026-11-22T19:00:00Z",
            "democratie",
            &["Emma", "Bruno"],
            json!([{"captured": [{"S": 20, "H": 14}, {"D": 13}]}]),
        ),
        // Without a date: not rated, and said so.
        json!({"format": "marque-session", "version": 1, "id": "s5", "game": "truc",
               "players": ["Anne", "Emma"], "options": {}, "closed": true,
               "hands": [deal(1)]}),
    ]
}

#[test]
fn the_same_folder_gives_the_same_bytes_however_its_files_lie() {
    let a = tempfile::tempdir().unwrap();
    let b = tempfile::tempdir().unwrap();
    for (k, s) in club().iter().enumerate() {
        std::fs::write(a.path().join(format!("{k}.json")), s.to_string()).unwrap();
    }
    // The other folder: other names, written in the other order, other times.
    for (k, s) in club().iter().enumerate().rev() {
        let p = b.path().join(format!("zz-{}-{k}.json", 9 - k));
        std::fs::write(&p, serde_json::to_string_pretty(s).unwrap()).unwrap();
        let f = std::fs::File::options().write(true).open(&p).unwrap();
        let when = std::time::SystemTime::UNIX_EPOCH
            + std::time::Duration::from_secs(1_000_000 * k as u64);
        f.set_modified(when).unwrap();
    }
    let one = ratings(a.path());
    assert_eq!(ratings(b.path()), one);
    // Read again through the index: the same.
    assert_eq!(ratings(a.path()), one);
    let v: Value = serde_json::from_slice(&one).unwrap();
    assert_eq!(v["undated"], json!(1));
    assert!(
        v["games"]["bridge"]
            .as_array()
            .unwrap()
            .iter()
            .all(|p| p["provisional"] == json!(true))
    );
    let anne = v["overall"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "Anne")
        .unwrap();
    assert_eq!(anne["sessions"], json!(3));
    // One game's only.
    let out = marque(&[
        "stats",
        "--ratings",
        "--game",
        "truc",
        "--json",
        a.path().to_str().unwrap(),
    ]);
    let truc: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(truc["games"].as_object().unwrap().len(), 1);
    assert!(truc.get("overall").is_none());
    // A game that does not exist: said with the games there are.
    let out = marque(&[
        "stats",
        "--ratings",
        "--game",
        "whist",
        "--lang",
        "en",
        a.path().to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("whist") && said.contains("democratie"),
        "{said}"
    );
}

#[test]
fn a_session_edited_and_edited_back_gives_the_ratings_it_had() {
    let dir = tempfile::tempdir().unwrap();
    for (k, s) in club().iter().enumerate() {
        std::fs::write(dir.path().join(format!("{k}.json")), s.to_string()).unwrap();
    }
    let before = ratings(dir.path());
    // The 2500 brasse edited through the log (the aces Anne's, not Claire's), then back.
    let file = dir.path().join("2.json");
    let mut s = Session::parse(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let mut sheet = s.score().unwrap();
    let old = s.hands[0].clone();
    let new = s
        .decode(&json!({"frime": "8", "laid": [[], ["A", "A", "A"], ["K", "K", "K"]], "hand": [[], [], []]}))
        .unwrap();
    let at = "2026-11-23T10:00:00+01:00";
    history::apply(
        &mut s,
        &mut sheet,
        &Change::Replace(0, old.clone(), new.clone()),
        Action::Edit,
        at,
    )
    .unwrap();
    std::fs::write(&file, s.to_json_string()).unwrap();
    let edited = ratings(dir.path());
    assert_ne!(edited, before, "the edit changed who finished ahead");
    history::apply(
        &mut s,
        &mut sheet,
        &Change::Replace(0, new, old),
        Action::Edit,
        at,
    )
    .unwrap();
    std::fs::write(&file, s.to_json_string()).unwrap();
    assert_eq!(ratings(dir.path()), before);
}

#[test]
fn two_copies_merged_rate_as_one_machine_holding_every_hand() {
    let deal = |w: u64| json!({"calls": [], "winner": w});
    let at = |t: &str| format!("2026-11-25T{t}:00+01:00");
    let base = session(
        "club",
        "2026-11-25T20:00:00+01:00",
        "truc",
        &["Alice", "Bruno"],
        json!([]),
    );
    let mut s = Session::from_value(&base).unwrap();
    s.closed = false;
    let mut sheet = s.score().unwrap();
    let add = |s: &mut Session, sheet: &mut marque_core::session::Sheet, w: u64, t: &str| {
        let h = s.decode(&deal(w)).unwrap();
        let change = Change::Insert(s.hands.len(), h);
        history::apply(s, sheet, &change, Action::Add, &at(t)).unwrap();
    };
    for (k, t) in ["20:00", "20:01", "20:02"].iter().enumerate() {
        add(&mut s, &mut sheet, (k % 2) as u64, t);
    }
    // Here Alice wins three more deals; there Bruno wins two, at other times.
    let (mut a, mut b) = ((s.clone(), sheet.clone()), (s.clone(), sheet.clone()));
    for t in ["20:10", "20:12", "20:14"] {
        add(&mut a.0, &mut a.1, 0, t);
    }
    for t in ["20:11", "20:13"] {
        add(&mut b.0, &mut b.1, 1, t);
    }
    // One machine that held every hand, in their order.
    let mut one = (s.clone(), sheet.clone());
    for (w, t) in [
        (0, "20:10"),
        (1, "20:11"),
        (0, "20:12"),
        (1, "20:13"),
        (0, "20:14"),
    ] {
        add(&mut one.0, &mut one.1, w, t);
    }
    let close = |s: &mut Session| s.closed = true;
    close(&mut a.0);
    close(&mut b.0);
    close(&mut one.0);
    let merged = tempfile::tempdir().unwrap();
    let file = merged.path().join("club.json");
    std::fs::write(&file, a.0.to_json_string()).unwrap();
    std::fs::write(
        merged
            .path()
            .join("club.sync-conflict-20261125-201500-BBBBBBB.json"),
        b.0.to_json_string(),
    )
    .unwrap();
    let out = marque(&["merge", file.to_str().unwrap()]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let single = tempfile::tempdir().unwrap();
    std::fs::write(single.path().join("club.json"), one.0.to_json_string()).unwrap();
    assert_eq!(ratings(merged.path()), ratings(single.path()));
}

/// The index's kept ladders, as a JSON value (`None`: none kept).
fn kept(dir: &Path) -> Option<Value> {
    let text = std::fs::read(dir.join(".index.json")).ok()?;
    let index: Value = serde_json::from_slice(&text).unwrap();
    index.get("ratings").filter(|r| !r.is_null()).cloned()
}

/// Puts μ = 50 into Anne's kept overall rating: a mark that shows whether the ratings shown
/// were taken from the index or made again.
fn mark_anne(dir: &Path) {
    let path = dir.join(".index.json");
    let mut index: Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    let overall = index["ratings"]["overall"].as_array_mut().unwrap();
    let anne = overall.iter_mut().find(|r| r[0] == "anne").unwrap();
    anne[1] = json!(50f64.to_bits());
    std::fs::write(&path, index.to_string()).unwrap();
}

fn anne_overall(out: &[u8]) -> f64 {
    let v: Value = serde_json::from_slice(out).unwrap();
    let rows = v["overall"].as_array().unwrap();
    let anne = rows.iter().find(|r| r["name"] == "Anne").unwrap();
    anne["mu"].as_f64().unwrap()
}

/// Ratings are kept in the index: a folder whose rated sessions and merged names did not
/// change is not rated again (a touched file, another run), and any change to what they read
/// (a hand edited, names merged by hand) makes them again, as a folder without an index would.
#[test]
fn the_index_keeps_the_ratings_until_what_they_read_changes() {
    let dir = tempfile::tempdir().unwrap();
    for (k, s) in club().iter().enumerate() {
        std::fs::write(dir.path().join(format!("{k}.json")), s.to_string()).unwrap();
    }
    let first = ratings(dir.path());
    assert!(
        kept(dir.path()).is_some(),
        "the ratings are kept in the index"
    );
    // Nothing changed: the kept ladders are taken, not made again (the mark shows).
    mark_anne(dir.path());
    assert_eq!(anne_overall(&ratings(dir.path())), 50.0);
    // A file touched (its time changed, not what it says): read again, still not rated again.
    let touched = std::fs::File::options()
        .append(true)
        .open(dir.path().join("1.json"))
        .unwrap();
    touched
        .set_modified(std::time::SystemTime::now() + std::time::Duration::from_secs(5))
        .unwrap();
    drop(touched);
    assert_eq!(anne_overall(&ratings(dir.path())), 50.0);
    // A session that changed what ratings read: made again, as from no index at all.
    let file = dir.path().join("0.json");
    let mut s: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    s["created"] = json!("2026-11-23T20:00:00+01:00");
    std::fs::write(&file, s.to_string()).unwrap();
    let changed = ratings(dir.path());
    assert_ne!(anne_overall(&changed), 50.0);
    std::fs::remove_file(dir.path().join(".index.json")).unwrap();
    assert_eq!(ratings(dir.path()), changed);
    // Back as it was: the first ratings again.
    std::fs::write(&file, club()[0].to_string()).unwrap();
    assert_eq!(ratings(dir.path()), first);
    // Names merged by hand: made again.
    mark_anne(dir.path());
    std::fs::write(
        dir.path().join(".people.json"),
        json!({"merged": [["Emma", "Claire"]]}).to_string(),
    )
    .unwrap();
    let merged = ratings(dir.path());
    assert_ne!(anne_overall(&merged), 50.0);
    assert_ne!(merged, first, "Emma and Claire are one person now");
    std::fs::remove_file(dir.path().join(".index.json")).unwrap();
    assert_eq!(ratings(dir.path()), merged);
}

/// An archived session still counts, as on the players' screen: archiving one changes neither
/// the ratings nor the statistics; the trash does not count.
#[test]
fn an_archived_session_still_counts_and_the_trash_does_not() {
    let dir = tempfile::tempdir().unwrap();
    for (k, s) in club().iter().enumerate() {
        std::fs::write(dir.path().join(format!("{k}.json")), s.to_string()).unwrap();
    }
    let folder = dir.path().to_str().unwrap();
    let stats = || marque(&["stats", "--json", folder]).stdout;
    let (rated, counted) = (ratings(dir.path()), stats());
    std::fs::create_dir(dir.path().join("archive")).unwrap();
    std::fs::rename(dir.path().join("1.json"), dir.path().join("archive/1.json")).unwrap();
    assert_eq!(ratings(dir.path()), rated);
    assert_eq!(stats(), counted);
    std::fs::create_dir(dir.path().join("trash")).unwrap();
    std::fs::rename(
        dir.path().join("archive/1.json"),
        dir.path().join("trash/1.json"),
    )
    .unwrap();
    assert_ne!(
        ratings(dir.path()),
        rated,
        "a session in the trash is not rated"
    );
    assert_ne!(stats(), counted);
}
