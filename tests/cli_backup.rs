//! A backup of the whole data folder in one file, and its restore, which never writes over a
//! session: a missing one comes back, the same one is left, a different one gets a copy beside.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::let_underscore_must_use,
    reason = "a test fails loudly where its setting up does"
)]

mod common;
use common::marque;
use serde_json::json;
use std::path::Path;

fn truc(players: [&str; 2], winner: usize) -> String {
    json!({"format": "marque-session", "version": 1, "game": "truc", "players": players,
           "hands": [{"calls": [], "winner": winner}]})
    .to_string()
}

fn sessions(dir: &Path) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .filter(|p| !p.file_name().unwrap().to_string_lossy().starts_with('.'))
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&p).unwrap())
        })
        .collect();
    out.sort();
    out
}

#[test]
fn a_backup_restores_what_was_lost_and_keeps_what_changed() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir_all(&data).unwrap();
    std::fs::write(data.join("a.json"), truc(["Alice", "Bruno"], 0)).unwrap();
    std::fs::write(data.join("b.json"), truc(["Chloé", "David"], 1)).unwrap();
    std::fs::write(data.join("c.json"), truc(["Eve", "Fanny"], 0)).unwrap();
    let before = sessions(&data);
    let out = dir.path().join("sauvegarde.json");
    let o = marque(&[
        "backup",
        data.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{o:?}");
    assert_eq!(
        String::from_utf8(o.stdout).unwrap().trim(),
        format!("3 sessions sauvegardées dans {}", out.display())
    );
    // Never over a file already there.
    let again = marque(&[
        "backup",
        data.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(again.status.code(), Some(2));
    assert!(
        String::from_utf8(again.stderr)
            .unwrap()
            .contains("existe déjà")
    );

    // One session lost, one changed since, one as it was.
    std::fs::remove_file(data.join("a.json")).unwrap();
    let changed = truc(["Chloé", "David"], 0);
    std::fs::write(data.join("b.json"), &changed).unwrap();
    let o = marque(&[
        "restore",
        out.to_str().unwrap(),
        data.to_str().unwrap(),
        "--lang",
        "en",
    ]);
    assert!(o.status.success(), "{o:?}");
    assert_eq!(
        String::from_utf8(o.stdout).unwrap().trim(),
        "1 session restored, 1 already there, 1 put beside a different version"
    );
    let after = sessions(&data);
    assert_eq!(after.len(), 4);
    assert_eq!(after[0], before[0], "the lost one is back as it was");
    assert_eq!(
        after[1],
        ("b.json".to_string(), changed),
        "the changed one is kept"
    );
    // The backup's version beside it as a conflict copy of it: the players merge the two.
    assert_eq!(after[2].1, before[1].1, "the backup's copy beside it");
    assert!(
        after[2].0.starts_with("b.sync-conflict-") && after[2].0.ends_with("-BACKUP.json"),
        "{}",
        after[2].0
    );
    let check = marque(&["check", data.to_str().unwrap()]);
    assert_eq!(
        check.status.code(),
        Some(1),
        "two versions of b: a conflict"
    );
    assert_eq!(after[3], before[2]);
    // A file that is not a backup is refused in words, and nothing is written.
    let o = marque(&[
        "restore",
        data.join("c.json").to_str().unwrap(),
        data.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        String::from_utf8(o.stderr)
            .unwrap()
            .contains("n'est pas une sauvegarde de Marque")
    );
    assert_eq!(sessions(&data), after);
}

/// What a backup does not take is named, each with why: a damaged file set aside, a copy of
/// the club's names another machine left, this machine's Syncthing list with lines of the
/// user's own.
#[test]
fn a_backup_names_what_it_leaves_out() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir_all(data.join("damaged")).unwrap();
    std::fs::write(data.join("a.json"), truc(["Alice", "Bruno"], 0)).unwrap();
    std::fs::write(data.join("damaged/old.json"), "{ broken").unwrap();
    std::fs::write(data.join(".people.json"), "{\"names\":[\"Alice\"]}").unwrap();
    std::fs::write(
        data.join(".people.sync-conflict-20261126-100000-AAAAAAA.json"),
        "{\"names\":[\"Zoé\"]}",
    )
    .unwrap();
    std::fs::write(data.join(".stignore"), ".marque-locks\nphotos\n").unwrap();
    let out = dir.path().join("sauvegarde.json");
    let o = marque(&[
        "backup",
        data.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
        "--lang",
        "en",
    ]);
    assert!(o.status.success(), "{o:?}");
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(said.contains("damaged/old.json"), "{said}");
    assert!(said.contains("stays in damaged/"), "{said}");
    assert!(
        said.contains(".people.sync-conflict-20261126-100000-AAAAAAA.json"),
        "{said}"
    );
    assert!(said.contains(".stignore"), "{said}");
}
