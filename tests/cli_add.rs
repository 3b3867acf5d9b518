//! `marque add` as scripts use it: where the hand comes from, a locked session (status 3,
//! `--wait`), a closed session (`--reopen`), a file that is not there.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::let_underscore_must_use,
    reason = "a test fails loudly where its setting up does"
)]
mod common;
use common::marque;
use std::process::Command;

use serde_json::json;

fn truc_file(dir: &std::path::Path, closed: bool) -> std::path::PathBuf {
    let f = dir.join("partie.json");
    let v = json!({"format": "marque-session", "version": 1, "game": "truc",
                   "players": ["Anne", "Bruno"], "closed": closed, "hands": []});
    std::fs::write(&f, v.to_string()).unwrap();
    f
}

/// `marque add FILE HAND`, which must succeed.
fn add_ok(f: &std::path::Path, hand: &str) {
    let out = marque(&["add", f.to_str().unwrap(), hand]);
    assert!(out.status.success(), "{out:?}");
}

fn hands(f: &std::path::Path) -> usize {
    marque_store::read_session(f).unwrap().session.hands.len()
}

#[test]
fn the_hand_is_json_text_standard_input_or_an_at_path_and_nothing_is_guessed() {
    let dir = tempfile::tempdir().unwrap();
    let f = truc_file(dir.path(), false);
    let file = f.to_str().unwrap();
    let hand = r#"{"calls": [], "winner": 0}"#;
    // A file named exactly like the text given is not read in its place.
    std::fs::write(dir.path().join(hand), r#"{"calls": [], "winner": 1}"#).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_marque"))
        .current_dir(dir.path())
        .args(["add", file, hand])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let s = marque_store::read_session(&f).unwrap();
    assert_eq!(
        s.session.hands[0].to_value(),
        json!({"calls": [], "winner": 0})
    );
    // @PATH reads a file.
    let at = dir.path().join("hand.json");
    std::fs::write(&at, r#"{"calls": [], "winner": 1}"#).unwrap();
    assert!(
        marque(&["add", file, &format!("@{}", at.display())])
            .status
            .success()
    );
    assert_eq!(hands(&f), 2);
    // A path that does not exist is said to be one.
    let out = marque(&["add", file, "@/no/such/hand.json", "--lang", "en"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with("file: cannot read /no/such/hand.json: "),
        "{err}"
    );
    // A session that is not there: said so, and nothing made on disk.
    let out = marque(&[
        "add",
        dir.path().join("no/such/x.json").to_str().unwrap(),
        hand,
        "--lang",
        "en",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("there is no such session file"));
    assert!(!dir.path().join("no").exists());
}

#[test]
fn a_locked_session_is_status_3_and_wait_waits_for_it() {
    let dir = tempfile::tempdir().unwrap();
    let f = truc_file(dir.path(), false);
    let file = f.to_str().unwrap().to_string();
    let hand = r#"{"calls": [], "winner": 0}"#;
    let lock = marque_store::Lock::acquire(&f).unwrap();
    let out = marque(&["add", &file, hand, "--lang", "en"]);
    assert_eq!(out.status.code(), Some(3));
    assert_eq!(hands(&f), 0);
    // Released half a second later: --wait 10 gets in.
    let holder = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(500));
        drop(lock);
    });
    let out = marque(&["add", &file, hand, "--wait", "10"]);
    holder.join().unwrap();
    assert!(out.status.success(), "{out:?}");
    assert_eq!(hands(&f), 1);
}

#[test]
fn a_closed_session_takes_no_hand_unless_reopened_and_the_log_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let f = truc_file(dir.path(), true);
    let file = f.to_str().unwrap();
    let hand = r#"{"calls": [], "winner": 0}"#;
    let before = std::fs::read(&f).unwrap();
    let out = marque(&["add", file, hand, "--lang", "en"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "file: the players stopped this session: nothing is added (--reopen to take it up again)\n"
    );
    assert_eq!(std::fs::read(&f).unwrap(), before);
    assert!(marque(&["add", file, hand, "--reopen"]).status.success());
    let s = marque_store::read_session(&f).unwrap().session;
    assert!(!s.closed);
    let log: Vec<_> = marque_core::history::log(&s)
        .iter()
        .map(|e| e.action.map(|a| a.id()))
        .collect();
    assert_eq!(log, [Some("reopen"), Some("add")]);
}

/// A save keeps what it should: a private file stays private, a read-only one is not written,
/// a session that is a symbolic link keeps its link and its target gets the hand.
#[test]
fn a_save_keeps_permissions_links_and_read_only_files() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let hand = r#"{"calls": [], "winner": 0}"#;
    let f = truc_file(dir.path(), false);
    std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o600)).unwrap();
    assert!(marque(&["add", f.to_str().unwrap(), hand]).status.success());
    let mode = std::fs::metadata(&f).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600, "a private session became {mode:o}");

    std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o444)).unwrap();
    let before = std::fs::read(&f).unwrap();
    let out = marque(&["add", f.to_str().unwrap(), hand, "--lang", "en"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        format!(
            "file: {} is read-only: Marque does not write it (give it write permission to add hands)\n",
            f.display()
        )
    );
    assert_eq!(std::fs::read(&f).unwrap(), before);
    std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o644)).unwrap();

    let real = dir.path().join("real");
    std::fs::create_dir(&real).unwrap();
    let target = real.join("t.json");
    std::fs::rename(&f, &target).unwrap();
    let link = dir.path().join("link.json");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    assert!(
        marque(&["add", link.to_str().unwrap(), hand])
            .status
            .success()
    );
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(hands(&target), 2, "the target got the hand");
}

/// An added hand goes at the end of the hands as they were written: the rest of the file, its
/// layout and the fields Marque does not know, stays byte for byte.
#[test]
fn an_add_keeps_the_rest_of_the_file_as_it_was_written() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("s.json");
    let text = "{\n    \"format\": \"marque-session\", \"version\": 1, \"game\": \"truc\",\n    \"players\": [\"Anne\", \"Bruno\"],\n    \"venue\": {\"table\": 7, \"big\": 12345678901234567890123},\n    \"hands\": [ {\"calls\": [], \"winner\": 1, \"at\": \"20:01\"} ]\n}\n";
    std::fs::write(&f, text).unwrap();
    add_ok(&f, r#"{"calls": [], "winner": 0}"#);
    let after = std::fs::read_to_string(&f).unwrap();
    let cut = text.find(" ]").unwrap();
    assert_eq!(&after[..cut], &text[..cut], "{after}");
    assert!(after.contains(r#"{"calls":[],"winner":0}"#), "{after}");
    assert!(after.contains(r#""log": ["#), "{after}");
    let s = marque_store::read_session(&f).unwrap().session;
    assert_eq!(s.hands.len(), 2);
    assert_eq!(s.hands[0].to_value()["at"], "20:01");
    assert_eq!(marque_core::history::log(&s).len(), 1);
    // A second add goes after the first, and its log entry after the first entry.
    add_ok(&f, r#"{"calls": [], "winner": 1}"#);
    let s = marque_store::read_session(&f).unwrap().session;
    assert_eq!(s.hands.len(), 3);
    assert_eq!(marque_core::history::log(&s).len(), 2);
}

/// A file with a byte-order mark takes the new hand and log entry in its text as it was: the
/// mark, its layout and its numbers stay as written.
#[test]
fn an_add_keeps_a_byte_order_mark_and_the_text_as_written() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("s.json");
    let text = "\u{feff}{\"format\": \"marque-session\", \"version\": 1, \"game\": \"truc\", \"players\": [\"Anne\", \"Bruno\"], \"hands\": [{\"calls\": [], \"winner\": 1, \"note\": 12345678901234567890123}]}";
    std::fs::write(&f, text).unwrap();
    add_ok(&f, r#"{"calls": [], "winner": 0}"#);
    let after = std::fs::read_to_string(&f).unwrap();
    let cut = text.find("}]}").unwrap() + 1;
    assert_eq!(&after[..cut], &text[..cut], "{after}");
    assert!(
        after.ends_with("\n  ]}"),
        "the log is a list of its own: {after}"
    );
    assert_eq!(hands(&f), 2);
}

/// A file the add cannot splice into (here, a log that is not a list) is written whole, and
/// still keeps every hand's fields that Marque does not know.
#[test]
fn an_add_written_whole_keeps_unknown_fields() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("s.json");
    let text = "{\"format\": \"marque-session\", \"version\": 1, \"game\": \"truc\", \"players\": [\"Anne\", \"Bruno\"], \"hands\": [{\"calls\": [], \"winner\": 1, \"note\": 12345678901234567890123}], \"log\": \"kept by another tool\"}";
    std::fs::write(&f, text).unwrap();
    add_ok(&f, r#"{"calls": [], "winner": 0}"#);
    let after = std::fs::read_to_string(&f).unwrap();
    assert!(
        after.contains(r#""note":12345678901234567890123"#),
        "{after}"
    );
    assert_eq!(hands(&f), 2);
    let s = marque_store::read_session(&f).unwrap().session;
    assert_eq!(marque_core::history::log(&s).len(), 1);
}
