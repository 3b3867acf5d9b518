//! The session index: what `Store::list` keeps of each file, read again only when the file's
//! size or modification time changed.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::let_underscore_must_use,
    reason = "a test fails loudly where its setting up does"
)]
use std::fs;
use std::time::{Duration, SystemTime};

use marque_store::{FileState, INDEX, Store};
use serde_json::json;

fn bridge(players: [&str; 4], hands: serde_json::Value) -> String {
    json!({"format": "marque-session", "version": 1, "game": "bridge", "players": players,
           "hands": hands})
    .to_string()
}

fn set_time(path: &std::path::Path, t: SystemTime) {
    fs::File::options()
        .write(true)
        .open(path)
        .unwrap()
        .set_modified(t)
        .unwrap();
}

#[test]
fn a_file_is_read_again_only_when_it_changed() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::new(dir.path());
    let file = dir.path().join("evening.json");
    let text = bridge(
        ["Anne", "Bruno", "Claire", "David"],
        json!([{"contract": "4S", "declarer": "N", "tricks": 10}]),
    );
    fs::write(&file, &text).unwrap();
    let t = SystemTime::now() - Duration::from_secs(3600);
    set_time(&file, t);
    let first = store.list();
    let FileState::Fine(s) = &first[0].state else {
        panic!("{:?}", first[0].state)
    };
    assert_eq!((s.hands, s.totals.clone()), (1, vec![120, 0]));
    assert!(dir.path().join(INDEX).is_file(), "the index is written");

    // Bytes changed behind the file's back, its size kept and its time put back: its change
    // time (which no program sets) tells, and it is read again.
    let other = bridge(
        ["Anna", "Bruno", "Claire", "David"],
        json!([{"contract": "4S", "declarer": "N", "tricks": 10}]),
    );
    assert_eq!(other.len(), text.len());
    fs::write(&file, &other).unwrap();
    set_time(&file, t);
    let FileState::Fine(s) = &store.list()[0].state else {
        panic!()
    };
    assert_eq!(s.players[0], "Anna", "read from the file");

    // A damaged file is never cached: mended, it shows as it is now.
    fs::write(&file, "{ not json").unwrap();
    assert!(matches!(store.list()[0].state, FileState::Damaged(_)));
    fs::write(&file, &text).unwrap();
    assert!(matches!(store.list()[0].state, FileState::Fine(_)));
}

#[test]
fn a_damaged_or_foreign_index_is_rebuilt_and_never_listed() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::new(dir.path());
    fs::write(
        dir.path().join("a.json"),
        bridge(["A", "B", "C", "D"], json!([])),
    )
    .unwrap();
    for junk in ["", "{", "[1, 2]", r#"{"version": 99, "files": {}}"#] {
        fs::write(dir.path().join(INDEX), junk).unwrap();
        let listed = store.list();
        assert_eq!(listed.len(), 1, "only the session is listed");
        assert!(matches!(listed[0].state, FileState::Fine(_)));
        let index: serde_json::Value =
            serde_json::from_slice(&fs::read(dir.path().join(INDEX)).unwrap()).unwrap();
        assert_eq!(index["files"]["a.json"]["state"]["Fine"]["hands"], json!(0));
    }
}

#[test]
fn an_index_that_cannot_be_written_only_costs_time() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join("a.json"),
        bridge(["A", "B", "C", "D"], json!([])),
    )
    .unwrap();
    // A folder where the index would go: no write can replace it (not even as root).
    fs::create_dir(dir.path().join(INDEX)).unwrap();
    for _ in 0..2 {
        let listed = Store::new(dir.path()).list();
        assert_eq!(listed.len(), 1);
        assert!(matches!(listed[0].state, FileState::Fine(_)));
    }
    assert!(dir.path().join(INDEX).is_dir());
}

/// The summary the index keeps (read to be scored, no sheet made) is the one a full read gives,
/// for every conformance case of every game, refused ones included.
#[test]
fn a_summary_is_what_the_full_reading_gives() {
    let dir = tempfile::tempdir().unwrap();
    let mut checked = 0;
    for game in ["truc", "bridge", "ascenseur", "2500", "democratie", "tarot"] {
        let path = format!(
            "{}/../../tests/conformance/{game}.json",
            env!("CARGO_MANIFEST_DIR")
        );
        let doc: serde_json::Value = serde_json::from_slice(&fs::read(path).unwrap()).unwrap();
        for case in doc["cases"].as_array().unwrap() {
            let file = dir.path().join("case.json");
            fs::write(&file, case["session"].to_string()).unwrap();
            let full = marque_store::read_session(&file)
                .map(|l| marque_store::Summary::of(&l.session, &l.sheet))
                .map_err(|e| format!("{e:?}"));
            let quick = marque_store::summarize(&file).map_err(|e| format!("{e:?}"));
            assert_eq!(quick, full, "{}", case["id"]);
            checked += 1;
        }
    }
    assert!(checked > 50, "{checked} cases");
}

/// A file whose name is not UTF-8 is listed like any other (and read again each time: the
/// index keys are text).
#[cfg(unix)]
#[test]
fn a_file_whose_name_is_not_utf8_is_listed() {
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().unwrap();
    let name = std::ffi::OsStr::from_bytes(b"caf\xe9.json");
    fs::write(
        dir.path().join(name),
        bridge(
            ["Anne", "Bruno", "Claire", "David"],
            json!([{"contract": "pass"}]),
        ),
    )
    .unwrap();
    for _ in 0..2 {
        let listed = Store::new(dir.path()).list();
        assert_eq!(listed.len(), 1);
        assert!(matches!(&listed[0].state, FileState::Fine(s) if s.hands == 1));
    }
}

/// An evening's file put in the data folder itself (not in a folder of its own) is listed
/// among the evenings, with its title, and never as a session that does not read; nor is a
/// bridge table's file beside it (it is the evening's).
#[test]
fn an_evening_file_in_the_folder_itself_is_an_evening_not_a_damaged_session() {
    let dir = tempfile::tempdir().unwrap();
    let ev = json!({"format": "marque-evening", "version": 1, "kind": "pairs",
        "title": "Vendredi", "movement": {"kind": "mitchell", "tables": 3, "boards_per_round": 1},
        "pairs": {}, "tables": []});
    fs::write(dir.path().join("vendredi.evening.json"), ev.to_string()).unwrap();
    fs::write(
        dir.path().join("s.json"),
        bridge(["A", "B", "C", "D"], json!([])),
    )
    .unwrap();
    let table = json!({"format": "marque-session", "version": 1, "game": "bridge",
        "players": ["N", "E", "S", "W"], "options": {"format": "duplicate"}, "hands": []});
    fs::write(dir.path().join("vendredi-t1.json"), table.to_string()).unwrap();
    let store = Store::new(dir.path().to_path_buf());
    let listed = store.list();
    assert_eq!(listed.len(), 1, "the session alone: {listed:?}");
    assert!(listed[0].path.ends_with("s.json"));
    let evenings = store.evenings();
    assert_eq!(
        evenings,
        vec![(
            dir.path().join("vendredi.evening.json"),
            "Vendredi".to_string()
        )]
    );
}
