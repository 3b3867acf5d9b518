//! Backups and restores over random folders and random backup files: special files (FIFOs,
//! links to nothing, folders named like sessions), texts that are no sessions, bytes that are
//! no text, hostile names. Whatever the folder holds: no hang (FIFOs are never opened to wait),
//! no panic, nothing written outside the folder, everything readable backed up, and a second
//! restore of the same backup finds everything already there.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::let_underscore_must_use,
    reason = "a test fails loudly where its setting up does"
)]

use proptest::prelude::*;
use serde_json::json;
use std::path::Path;

#[derive(Debug, Clone)]
enum Kind {
    Session(u8),
    Text,
    NotUtf8,
    Fifo,
    Dangling,
    Folder,
    LinkOut,
}

fn kind() -> impl Strategy<Value = Kind> {
    prop_oneof![
        4 => any::<u8>().prop_map(Kind::Session),
        1 => Just(Kind::Text),
        1 => Just(Kind::NotUtf8),
        1 => Just(Kind::Fifo),
        1 => Just(Kind::Dangling),
        1 => Just(Kind::Folder),
        1 => Just(Kind::LinkOut),
    ]
}

fn session(k: u8) -> String {
    let hands: Vec<_> = (0..k % 5)
        .map(|i| json!({"calls": [], "winner": i % 2}))
        .collect();
    json!({"format": "marque-session", "version": 1, "game": "truc",
           "players": [format!("P{k}"), "Zoé"], "hands": hands})
    .to_string()
}

#[expect(unsafe_code, reason = "a FIFO is made through libc's mkfifo")]
fn mkfifo(path: &Path) {
    let c = std::ffi::CString::new(path.as_os_str().as_encoded_bytes()).unwrap();
    // SAFETY: the path is a NUL-terminated string that lives through the call.
    let made = unsafe { libc::mkfifo(c.as_ptr(), 0o644) };
    assert_eq!(made, 0, "the FIFO is made");
}

/// Every file under `dir` with its bytes (links as their target's text), sorted.
fn snapshot(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(rd) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in rd.map(|e| e.unwrap()) {
            let p = e.path();
            let t = e.file_type().unwrap();
            if t.is_dir() {
                stack.push(p.clone());
            }
            let bytes = if t.is_file() {
                std::fs::read(&p).unwrap()
            } else {
                Vec::new()
            };
            out.push((p.strip_prefix(dir).unwrap().display().to_string(), bytes));
        }
    }
    out.sort();
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn any_folder_backs_up_and_restores_whole(
        entries in prop::collection::vec((0..3usize, "[a-zé ._-]{1,12}", kind()), 0..12)
    ) {
        let root = tempfile::tempdir().unwrap();
        let data = root.path().join("data");
        let outside = root.path().join("outside");
        std::fs::create_dir_all(&data).unwrap();
        std::fs::create_dir_all(&outside).unwrap();
        std::fs::write(outside.join("keep.json"), session(7)).unwrap();
        let mut expected = 0;
        for (shelf, name, kind) in &entries {
            let folder = data.join(["", "archive", "trash"][*shelf]);
            std::fs::create_dir_all(&folder).unwrap();
            let path = folder.join(format!("{name}.json"));
            if std::fs::symlink_metadata(&path).is_ok() || name.starts_with('.') {
                continue;
            }
            match kind {
                Kind::Session(k) => {
                    std::fs::write(&path, session(*k)).unwrap();
                    expected += 1;
                }
                Kind::Text => {
                    std::fs::write(&path, "shopping list").unwrap();
                    expected += 1;
                }
                Kind::NotUtf8 => std::fs::write(&path, b"\xff\xfe").unwrap(),
                Kind::Fifo => mkfifo(&path),
                Kind::Dangling => {
                    std::os::unix::fs::symlink("../nowhere.json", &path).unwrap()
                }
                Kind::Folder => std::fs::create_dir(&path).unwrap(),
                Kind::LinkOut => {
                    std::os::unix::fs::symlink(outside.join("keep.json"), &path).unwrap();
                    expected += 1;
                }
            }
        }
        let before_outside = snapshot(&outside);
        let file = root.path().join("backup.json");
        let report = marque_store::backup::backup(&data, &file).unwrap();
        prop_assert_eq!(report.written, expected, "{:?}", report.skipped);

        // Back into a fresh folder, twice.
        let back = root.path().join("back");
        std::fs::create_dir_all(&back).unwrap();
        let first = marque_store::backup::restore(&back, &file).unwrap();
        let sessions = entries.iter().filter(|(_, _, k)| matches!(k, Kind::Session(_) | Kind::LinkOut)).count();
        prop_assert!(first.restored <= sessions);
        let after_first = snapshot(&back);
        let second = marque_store::backup::restore(&back, &file).unwrap();
        prop_assert_eq!(second.restored + second.beside, 0, "{:?}", second);
        prop_assert_eq!(snapshot(&back), after_first);
        // Into the folder it came from: all already there, nothing beside.
        let home = marque_store::backup::restore(&data, &file).unwrap();
        prop_assert_eq!(home.restored + home.beside, 0, "{:?}", home);
        prop_assert_eq!(snapshot(&outside), before_outside);
    }

    #[test]
    fn any_backup_file_restores_inside_the_folder_only(
        names in prop::collection::vec(
            prop_oneof![
                "[a-z]{1,8}\\.json",
                "(archive|trash|other|\\.\\.|/tmp)/[a-z]{1,8}\\.json",
                "\\.\\./\\.\\./[a-z]{1,8}\\.json",
                "[a-z\u{0}/\\\\.]{0,12}",
                "x{250,300}\\.json",
                Just(".prefs.json".to_string()),
            ],
            0..10),
        texts in prop::collection::vec(prop_oneof![
            any::<u8>().prop_map(session),
            ".{0,20}",
            Just("{\"zoom\": 1.2}".to_string()),
        ], 10),
    ) {
        let root = tempfile::tempdir().unwrap();
        let data = root.path().join("data");
        std::fs::create_dir_all(&data).unwrap();
        mkfifo(&data.join("a.json"));
        let entries: Vec<_> = names.iter().zip(&texts)
            .map(|(n, t)| json!({"name": n, "text": t}))
            .collect();
        let file = root.path().join("backup.json");
        std::fs::write(&file, json!({"format": "marque-backup", "version": 1, "sessions": entries}).to_string()).unwrap();
        let report = marque_store::backup::restore(&data, &file).unwrap();
        prop_assert_eq!(report.restored + report.same + report.beside + report.failed.len()
            + names.iter().filter(|n| n.as_str() == ".prefs.json").count()
            - report.failed.iter().filter(|(n, _)| n == ".prefs.json").count(),
            names.len());
        // Nothing beside the folder but the backup itself.
        let top: Vec<String> = std::fs::read_dir(root.path()).unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
        let mut top = top;
        top.sort();
        prop_assert_eq!(top, vec!["backup.json".to_string(), "data".to_string()]);
    }
}
