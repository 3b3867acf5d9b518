//! What a hostile or odd input does to the command line: nothing hangs (a FIFO, a device, a
//! million players: each refused before any work that could), nothing reaches the terminal raw,
//! nothing is read past its limit.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::let_underscore_must_use,
    reason = "a test fails loudly where its setting up does"
)]
use std::process::{Command, Output, Stdio};

use serde_json::json;

fn marque(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_marque"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

#[test]
fn a_fifo_or_a_device_is_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("s.json");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    for path in [fifo.to_str().unwrap(), "/dev/zero"] {
        let out = marque(&["score", path, "--lang", "en"]);
        assert_eq!(out.status.code(), Some(2), "{path}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("not a regular file"), "{path}: {err}");
    }
}

#[test]
fn a_file_past_the_size_limit_is_refused_with_the_limit() {
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big.json");
    let f = std::fs::File::create(&big).unwrap();
    f.set_len(marque_store::MAX_SESSION_BYTES + 1).unwrap();
    let out = marque(&["score", big.to_str().unwrap(), "--lang", "en"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "file: the file is larger than 64 MiB, the most Marque reads\n"
    );
}

#[test]
fn names_and_file_names_reach_the_terminal_escaped_one_record_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let evil = "Anne\u{1b}]0;pwned\u{7}\u{1b}[31m";
    let v = json!({"format": "marque-session", "version": 1, "game": "truc",
                   "players": [evil, "Bruno"], "hands": [{"calls": [], "winner": 0}]});
    let file = dir.path().join("line\nbreak\u{1b}[2J.json");
    std::fs::write(&file, v.to_string()).unwrap();
    let out = marque(&["score", "--text", file.to_str().unwrap()]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        !text.contains('\u{1b}') && !text.contains('\u{7}'),
        "{text}"
    );
    assert!(text.contains("Anne\\u{1b}]0;pwned"), "{text}");
    let out = marque(&["check", dir.path().to_str().unwrap()]);
    let listing = String::from_utf8(out.stdout).unwrap();
    assert_eq!(listing.lines().count(), 1, "one record a file: {listing:?}");
    assert!(!listing.contains('\u{1b}'), "{listing:?}");
    // Such a name is refused when a session is made or imported.
    let store = marque_store::Store::new(dir.path().join("data"));
    assert!(store.import(&file).is_err());
    let made = marque_core::session::Session::new(
        marque_core::games::GameKind::Truc,
        vec![evil.to_string(), "Bruno".into()],
        Default::default(),
        "2026-11-23T20:00:00+01:00".into(),
    );
    let problems = made.unwrap_err();
    assert_eq!(
        problems[0].render(marque_core::i18n::Lang::En),
        "file: player 1's name holds a control character (a line break, an escape…); only visible characters and spaces are allowed"
    );
}

fn score_stdin(text: &str) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_marque"))
        .args(["score", "-", "--lang", "en"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let text = text.to_string();
    let feeder = std::thread::spawn(move || {
        let _ = stdin.write_all(text.as_bytes());
    });
    let out = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    out
}

#[test]
fn numbers_are_quoted_as_written_and_a_byte_order_mark_is_accepted() {
    let out = score_stdin(
        r#"{"format":"marque-session","version":1,"game":"2500","players":["A","B"],"options":{"target":-0},"hands":[]}"#,
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "file: `target` is -0; it must be a positive whole number\n"
    );
    let out = score_stdin(
        r#"{"format":"marque-session","version":1,"game":"bridge","players":["A","B","C","D"],"hands":[{"contract":"4S","declarer":"N","tricks":18446744073709551616}]}"#,
    );
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("18446744073709551616"),
        "{out:?}"
    );
    let out = score_stdin(
        "\u{feff}{\"format\":\"marque-session\",\"version\":1,\"game\":\"truc\",\"players\":[\"A\",\"B\"],\"hands\":[]}",
    );
    assert!(out.status.success(), "{out:?}");
}

/// A million player names: refused at once by their count, not after comparing every pair.
#[test]
fn a_million_players_are_refused_by_their_count_at_once() {
    let players: Vec<String> = (0..1_000_000).map(|i| format!("p{i}")).collect();
    let v = json!({"format": "marque-session", "version": 1, "game": "2500",
                   "players": players, "hands": []});
    let out = score_stdin(&v.to_string());
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "file: Le 2500 takes 2–8 players, not 1000000\n"
    );
}

/// A FIFO where the lock file goes is refused, not waited on.
#[test]
fn a_fifo_as_a_lock_file_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let s = dir.path().join("s.json");
    let v = json!({"format": "marque-session", "version": 1, "game": "truc",
                   "players": ["A", "B"], "hands": []});
    std::fs::write(&s, v.to_string()).unwrap();
    let lock = marque_store::lock_path(&std::fs::canonicalize(&s).unwrap());
    std::fs::create_dir_all(lock.parent().unwrap()).unwrap();
    assert!(
        Command::new("mkfifo")
            .arg(&lock)
            .status()
            .unwrap()
            .success()
    );
    let out = marque(&[
        "add",
        s.to_str().unwrap(),
        r#"{"calls": [], "winner": 0}"#,
        "--lang",
        "en",
    ]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains("or its lock is a symbolic link, a file or a pipe"),
        "{out:?}"
    );
}

/// What a failed write says, by its cause.
#[test]
fn a_failed_write_names_its_cause() {
    use marque_core::i18n::Lang;
    use std::io::{Error, ErrorKind};
    for (kind, said) in [
        (ErrorKind::StorageFull, "the disk is full"),
        (
            ErrorKind::ReadOnlyFilesystem,
            "the disk or folder is read-only",
        ),
        (
            ErrorKind::PermissionDenied,
            "permission denied in this folder",
        ),
        (ErrorKind::InvalidFilename, "the file name is too long"),
    ] {
        let m = marque_store::write_problem("s.json", &Error::from(kind)).render(Lang::En);
        assert_eq!(
            m,
            format!("cannot write s.json: {said}; nothing was changed")
        );
    }
}
