//! Storage: atomic saves under SIGKILL, damaged and newer files, locks, the edit log, import,
//! `marque add` and `marque check`.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::let_underscore_must_use,
    reason = "a test fails loudly where its setting up does"
)]
#[path = "../crates/marque-core/tests/common/mod.rs"]
mod common;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use common::*;
use marque_core::history::{self, Action, Change, UndoStack};
use marque_core::i18n::Lang;
use marque_core::session::Session;
use marque_store::{self as store, FileState, Lock, Store, StoreError};
use serde_json::{Value, json};

fn marque(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_marque"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

fn write(path: &Path, v: &Value) {
    std::fs::write(path, serde_json::to_string_pretty(v).unwrap()).unwrap();
}

fn ascenseur_file(dir: &Path) -> std::path::PathBuf {
    let p = dir.join("asc.json");
    write(
        &p,
        &session("ascenseur", &["Ana", "Ben", "Chloe"], json!({}), json!([])),
    );
    p
}

/// A valid round for any 3-player ascenseur round: the player left of the dealer bids and takes
/// everything, the others bid 0 and take 0 — except the dealer, who bids 1 (never the hook, since
/// the others' bids already make the cards).
fn round(k: usize) -> Value {
    let plan = marque_core::games::ascenseur::Plan::new(3, &Default::default());
    let r = plan.round(k);
    let mut bids = vec![0; 3];
    let mut tricks = vec![0; 3];
    bids[(r.dealer + 1) % 3] = r.cards;
    tricks[(r.dealer + 1) % 3] = r.cards;
    bids[r.dealer] = 1;
    json!({"bids": bids, "tricks": tricks})
}

#[test]
fn a_killed_add_never_leaves_a_broken_file() {
    let dir = tempfile::tempdir().unwrap();
    let file = ascenseur_file(dir.path());
    let path = file.to_str().unwrap();
    let mut completed = 0usize;
    let mut rng = 0x2545_f491_4f6c_dd1du64;
    let mut kills = 0;
    // How long one add takes here, so that kills land all along it, the save included.
    let start = std::time::Instant::now();
    for k in 0..5 {
        assert!(
            marque(&["add", path, &round(k).to_string()])
                .status
                .success()
        );
    }
    let span = (start.elapsed().as_micros() as u64 / 5).max(200) * 3 / 2;
    write(
        &file,
        &session("ascenseur", &["Ana", "Ben", "Chloe"], json!({}), json!([])),
    );
    let mut saved_by_killed = 0;
    for _ in 0..300 {
        if completed >= 25 {
            // The game is over: start again so that adds keep being accepted.
            write(
                &file,
                &session("ascenseur", &["Ana", "Ben", "Chloe"], json!({}), json!([])),
            );
            completed = 0;
        }
        let hand = round(completed).to_string();
        let mut child = Command::new(env!("CARGO_BIN_EXE_marque"))
            .args(["add", path, &hand])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        std::thread::sleep(Duration::from_micros(rng % span));
        let _ = child.kill();
        let status = child.wait().unwrap();
        let s = store::read_session(&file)
            .unwrap_or_else(|e| panic!("after a kill the file does not read: {e:?}"));
        if status.success() {
            completed += 1;
        } else {
            kills += 1;
        }
        assert!(
            s.session.hands.len() == completed
                || (!status.success() && s.session.hands.len() == completed + 1),
            "{} hands on disk, {} adds completed",
            s.session.hands.len(),
            completed
        );
        // A kill after the rename but before the exit still saved the hand.
        if s.session.hands.len() > completed {
            saved_by_killed += 1;
        }
        completed = s.session.hands.len();
    }
    assert!(
        (20..=295).contains(&kills),
        "{kills} of 300 adds were killed: the kills did not spread over the adds"
    );
    let leftovers: Vec<_> = std::fs::read_dir(dir.path().join(store::TEMPORARIES))
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(
        leftovers.len() <= 1,
        "temporary files pile up: {}",
        leftovers.len()
    );
    eprintln!(
        "{kills} of 300 adds killed, {saved_by_killed} of them after their save; kill window {span} µs"
    );
}

#[test]
fn damaged_files_are_listed_with_their_reason_and_never_overwritten() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("notjson.json"), "hello").unwrap();
    let full = session(
        "truc",
        &["A", "B"],
        json!({}),
        json!([{"calls": [], "winner": 0}]),
    )
    .to_string();
    std::fs::write(d.join("truncated.json"), &full[..full.len() / 2]).unwrap();
    write(
        &d.join("wronggame.json"),
        &session("whist", &["A", "B"], json!({}), json!([])),
    );
    write(
        &d.join("rule.json"),
        &session(
            "bridge",
            &["N", "E", "S", "W"],
            json!({}),
            json!([{"contract": "4S", "declarer": "N", "tricks": 14}]),
        ),
    );
    write(
        &d.join("newer.json"),
        &json!({"format": "marque-session", "version": 2, "game": "bridge"}),
    );
    write(
        &d.join("fine.json"),
        &session("truc", &["A", "B"], json!({}), json!([])),
    );
    let store = Store::new(d);
    let listed = store.list();
    assert_eq!(listed.len(), 6);
    let reason = |name: &str| -> String {
        let item = listed.iter().find(|l| l.path.ends_with(name)).unwrap();
        match &item.state {
            FileState::Damaged(p) => p
                .iter()
                .map(|p| p.render(Lang::En))
                .collect::<Vec<_>>()
                .join("; "),
            FileState::Newer(v) => format!("newer {v}"),
            FileState::Fine(_) => "fine".into(),
        }
    };
    assert!(reason("notjson.json").starts_with("file: not valid JSON"));
    assert!(reason("truncated.json").starts_with("file: the JSON stops before its end"));
    assert_eq!(
        reason("wronggame.json"),
        "file: unknown game `whist`; known games: bridge, truc, ascenseur, 2500, democratie, tarot"
    );
    assert_eq!(
        reason("rule.json"),
        "hand 1: `tricks` is 14; allowed: 0 to 13"
    );
    assert_eq!(reason("newer.json"), "newer 2");
    assert_eq!(reason("fine.json"), "fine");

    // A save needs the stamp of a successful read: a damaged or newer file gives none, and a
    // save with any other stamp is refused; the bytes stay.
    let good = Session::from_value(&session("truc", &["A", "B"], json!({}), json!([]))).unwrap();
    for name in ["notjson.json", "newer.json", "rule.json"] {
        let p = d.join(name);
        let before = std::fs::read(&p).unwrap();
        assert!(store::read_session(&p).is_err(), "{name} reads");
        let lock = Lock::acquire(&p).unwrap();
        let stale = store::Stamp {
            size: 0,
            modified: 0,
            inode: 0,
            changed: 0,
        };
        assert!(
            matches!(
                store::save(&p, &good, stale, &lock),
                Err(StoreError::Changed)
            ),
            "{name} was overwritten"
        );
        assert_eq!(std::fs::read(&p).unwrap(), before);
    }
    // Moving aside keeps the bytes in damaged/.
    let before = std::fs::read(d.join("notjson.json")).unwrap();
    let moved = store.move_aside(&d.join("notjson.json")).unwrap();
    assert_eq!(moved, d.join("damaged").join("notjson.json"));
    assert_eq!(std::fs::read(&moved).unwrap(), before);
    assert_eq!(store.list().len(), 5);

    // `marque check` says the same for people and scripts.
    let out = marque(&["check", d.to_str().unwrap(), "--lang", "en"]);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.lines().any(|l| l.starts_with("newer\t")
            && l.ends_with("version 2, newer than this Marque: read-only")),
        "{text}"
    );
    assert!(
        text.lines()
            .any(|l| l.starts_with("fine\t") && l.ends_with("Le Truc; A, B; 0 deals")),
        "{text}"
    );
    let out = marque(&["check", d.to_str().unwrap(), "--json"]);
    let states: Vec<String> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| {
            serde_json::from_str::<Value>(l).unwrap()["state"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    assert_eq!(states.iter().filter(|s| *s == "damaged").count(), 3);
}

#[test]
fn a_lock_keeps_a_second_writer_out_and_a_stale_lock_is_taken_over() {
    let dir = tempfile::tempdir().unwrap();
    let file = ascenseur_file(dir.path());
    let first = Lock::acquire(&file).unwrap();
    assert!(first.taken_over.is_none());
    match Lock::acquire(&file) {
        Err(StoreError::Locked(note)) => assert!(
            note.starts_with(&format!("pid {}", std::process::id())),
            "{note}"
        ),
        other => panic!("expected Locked, got {other:?}"),
    }
    // `marque add` respects it and leaves the file alone.
    let before = std::fs::read(&file).unwrap();
    let out = marque(&[
        "add",
        file.to_str().unwrap(),
        &round(0).to_string(),
        "--lang",
        "en",
    ]);
    assert_eq!(out.status.code(), Some(3), "a locked session is status 3");
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .starts_with("file: the session is open for writing elsewhere (process ")
    );
    assert_eq!(std::fs::read(&file).unwrap(), before);
    drop(first);
    // A lock file whose holder died (its note is left, nobody holds the OS lock) is taken over.
    std::fs::write(
        store::lock_path(&file),
        "pid 999999 since 2026-11-21T20:00:00+01:00",
    )
    .unwrap();
    let again = Lock::acquire(&file).unwrap();
    assert_eq!(
        again.taken_over.as_deref(),
        Some("pid 999999 since 2026-11-21T20:00:00+01:00")
    );
    // Said to people in their language, with the time as the holder wrote it.
    let note = store::lock_note("pid 999999 since 2026-11-21T20:00:00+01:00");
    assert_eq!(
        note.render(marque_core::i18n::Lang::Fr),
        "processus 999999, depuis le 21/11/2026 à 20:00"
    );
    assert_eq!(
        note.render(marque_core::i18n::Lang::En),
        "process 999999, since 20:00 on 2026-11-21"
    );
    assert_eq!(
        store::lock_note("held by a tool").render(marque_core::i18n::Lang::En),
        "held by a tool"
    );
}

#[test]
fn add_refuses_a_bad_hand_and_leaves_the_file_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let file = ascenseur_file(dir.path());
    let f = file.to_str().unwrap();
    assert!(marque(&["add", f, &round(0).to_string()]).status.success());
    let before = std::fs::read(&file).unwrap();
    let out = marque(&[
        "add",
        f,
        r#"{"bids": [0, 2, 0], "tricks": [1, 1, 0]}"#,
        "--lang",
        "en",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "hand 2: the dealer (Ben) may not bid 2: the bids would add up to the 2 cards dealt; allowed: 0, 1\n"
    );
    assert_eq!(std::fs::read(&file).unwrap(), before);
    let out = marque(&["add", f, "{oops", "--lang", "en"]);
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("hand 2: not valid JSON"));
    // A newer file is not touched either.
    write(
        &file,
        &json!({"format": "marque-session", "version": 3, "game": "ascenseur"}),
    );
    let before = std::fs::read(&file).unwrap();
    let out = marque(&["add", f, &round(0).to_string(), "--lang", "en"]);
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "file: this file comes from a newer Marque (version 3); it is left untouched\n"
    );
    assert_eq!(std::fs::read(&file).unwrap(), before);
}

#[test]
fn the_edit_log_records_edits_deletes_undo_and_restores() {
    let mut s = Session::from_value(&session(
        "ascenseur",
        &["Ana", "Ben", "Chloe"],
        json!({}),
        json!([]),
    ))
    .unwrap();
    let mut sheet = s.score().unwrap();
    let hand = |v: Value, s: &Session| s.decode(&v).unwrap();
    let (r0, r1) = (hand(round(0), &s), hand(round(1), &s));
    let at = "2026-11-23T20:00:00+01:00";
    // After every change the sheet kept up to date equals a sheet scored from scratch.
    let same = |s: &Session, sheet: &marque_core::session::Sheet| {
        let fresh = s.score().unwrap();
        assert_eq!((&sheet.hands, &sheet.totals), (&fresh.hands, &fresh.totals));
    };
    let apply = |s: &mut Session, sheet: &mut marque_core::session::Sheet, c: &Change, a| {
        let r = history::apply(s, sheet, c, a, at);
        same(s, sheet);
        r
    };
    apply(
        &mut s,
        &mut sheet,
        &Change::Insert(0, r0.clone()),
        Action::Add,
    )
    .unwrap();
    apply(
        &mut s,
        &mut sheet,
        &Change::Insert(1, r1.clone()),
        Action::Add,
    )
    .unwrap();
    let edited_json = json!({"bids": [0, 0, 0], "tricks": [1, 0, 0]});
    let edited = hand(edited_json.clone(), &s);
    let edit = Change::Replace(0, r0.clone(), edited.clone());
    apply(&mut s, &mut sheet, &edit, Action::Edit).unwrap();
    assert_eq!(
        sheet.totals,
        vec![-1 + 2, 2 - 1, 2 + 4],
        "round 1 rescored, round 2 unchanged"
    );
    // A change that breaks a rule is refused, naming the hand; nothing changes.
    let s3 = s.clone();
    let bad = Change::Replace(
        0,
        edited.clone(),
        hand(json!({"bids": [0, 0, 0], "tricks": [0, 0, 2]}), &s),
    );
    let refused = apply(&mut s, &mut sheet, &bad, Action::Edit).unwrap_err();
    assert_eq!(refused[0].hand, Some(1), "{refused:?}");
    assert_eq!(s, s3);
    apply(
        &mut s,
        &mut sheet,
        &Change::Remove(1, r1.clone()),
        Action::Delete,
    )
    .unwrap();
    assert_eq!(s.hands.len(), 1);
    let mut undo = UndoStack::default();
    undo.push(Change::Remove(1, r1.clone()));
    apply(&mut s, &mut sheet, &undo.peek_undo().unwrap(), Action::Undo).unwrap();
    undo.undone();
    assert_eq!(s.hands, s3.hands);
    assert!(undo.can_redo());
    let log = history::log(&s);
    let actions: Vec<_> = log
        .iter()
        .map(|e| (e.action.unwrap().id(), e.hand))
        .collect();
    assert_eq!(
        actions,
        [
            ("add", 1),
            ("add", 2),
            ("edit", 1),
            ("delete", 2),
            ("undo", 2)
        ]
    );
    assert_eq!(
        (log[2].old.clone(), log[2].new.clone()),
        (round(0), edited_json)
    );
    // Restoring the edit's old value puts round 1 back, and is itself logged.
    let change = history::restore(&s, &log, 2).unwrap();
    apply(&mut s, &mut sheet, &change, Action::Restore).unwrap();
    assert_eq!(s.hands[0].to_value(), round(0));
    assert_eq!(
        history::log(&s).last().unwrap().action,
        Some(Action::Restore)
    );
    // The log survives a save and a read.
    let dir = tempfile::tempdir().unwrap();
    let (path, lock) = store::create(&Store::new(dir.path()), &s).unwrap();
    drop(lock);
    assert_eq!(
        history::log(&store::read_session(&path).unwrap().session).len(),
        6
    );
}

#[test]
fn import_checks_like_score_and_never_overwrites() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::new(dir.path().join("data"));
    let bad = dir.path().join("bad.json");
    write(
        &bad,
        &session(
            "bridge",
            &["N", "E", "S", "W"],
            json!({}),
            json!([{"contract": "9S", "declarer": "N", "tricks": 9}]),
        ),
    );
    match store.import(&bad) {
        Err(StoreError::Damaged(p)) => assert_eq!(
            p[0].render(Lang::En),
            "hand 1: unknown contract \"9S\"; allowed: level 1 to 7, then C, D, H, S or NT, then nothing, X or XX (e.g. \"4S\", \"3NTX\"), or \"pass\""
        ),
        other => panic!("{other:?}"),
    }
    let good = dir.path().join("good.json");
    let mut v = session("truc", &["A", "B"], json!({}), json!([]));
    v["id"] = json!("same-id");
    write(&good, &v);
    let a = store.import(&good).unwrap();
    let b = store.import(&good).unwrap();
    assert_ne!(a, b);
    assert_eq!(store.list().len(), 2);
}

/// Each session's temporary files are its own: the sweep after a crash of one session's writer
/// never takes another's, even when one name begins with the other; and a name as long as the
/// file system allows still saves.
#[test]
fn temporary_files_belong_to_one_session_and_fit_any_name() {
    let dir = tempfile::tempdir().unwrap();
    let text = session("truc", &["A", "B"], json!({}), json!([])).to_string();
    let short = dir.path().join("s.json");
    let long = dir.path().join("s.json.x.json");
    let longest = dir.path().join(format!("{}.json", "n".repeat(250)));
    for p in [&short, &long, &longest] {
        std::fs::write(p, &text).unwrap();
    }
    // A temporary file left by a killed writer of s.json.x.json.
    let lock_long = Lock::acquire(&long).unwrap();
    let loaded = store::read_session(&long).unwrap();
    store::save(&long, &loaded.session, loaded.stamp, &lock_long).unwrap();
    let tmp = dir.path().join(store::TEMPORARIES);
    let theirs = std::fs::read_dir(&tmp).unwrap().count();
    std::fs::write(tmp.join("left-by-nobody.tmp"), "x").unwrap();
    let names = |d: &Path| -> Vec<String> {
        std::fs::read_dir(d)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect()
    };
    // s.json's writer sweeps only its own.
    let before = names(&tmp);
    drop(Lock::acquire(&short).unwrap());
    assert_eq!(
        names(&tmp),
        before,
        "another session's temporaries were swept"
    );
    assert_eq!(theirs, 0, "a completed save leaves no temporary file");
    // The longest name locks and saves, through lock and temporary files of short names.
    let lock = Lock::acquire(&longest).unwrap();
    let loaded = store::read_session(&longest).unwrap();
    store::save(&longest, &loaded.session, loaded.stamp, &lock).unwrap();
    drop(lock_long);
}

/// A lock file that is a symbolic link is refused, and what it points to stays as it was; a lock
/// for a file in a folder that does not exist makes no folder.
#[test]
fn a_lock_never_follows_a_link_nor_makes_folders() {
    let dir = tempfile::tempdir().unwrap();
    let elsewhere = dir.path().join("elsewhere.txt");
    std::fs::write(&elsewhere, "precious").unwrap();
    let s = dir.path().join("s.json");
    let lock = store::lock_path(&s);
    std::fs::create_dir_all(lock.parent().unwrap()).unwrap();
    std::os::unix::fs::symlink(&elsewhere, &lock).unwrap();
    assert!(Lock::acquire(&s).is_err(), "a linked lock file was used");
    assert_eq!(std::fs::read_to_string(&elsewhere).unwrap(), "precious");

    let missing = dir.path().join("no/such/dir/x.json");
    assert!(Lock::acquire(&missing).is_err());
    assert!(
        !dir.path().join("no").exists(),
        "a refused lock made folders"
    );
    // The lock files are not among the sessions.
    let t = dir.path().join("t.json");
    drop(Lock::acquire(&t).unwrap());
    let beside: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".lock"))
        .collect();
    assert!(beside.is_empty(), "{beside:?}");
}

/// An import whose id makes no usable file name gets a fresh one, a long one is shortened: the
/// imported session is always listed.
#[test]
fn an_imported_session_always_gets_a_listed_file() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::new(dir.path().join("data"));
    for id in ["", "...", &"x".repeat(300)] {
        let from = dir.path().join("from.json");
        let mut v = session("truc", &["A", "B"], json!({}), json!([]));
        v["id"] = json!(id);
        write(&from, &v);
        let path = store.import(&from).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        assert!(!name.starts_with('.') && name.len() <= 80, "{name}");
    }
    assert_eq!(store.list().len(), 3);
}

/// A new file (an export, a backup, a restored session) is written whole and never over
/// anything at its path: a file, or a link even if it points nowhere.
#[test]
fn a_new_file_never_replaces_one() {
    use marque_store::write_new;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("out.json");
    write_new(&path, b"first").unwrap();
    assert_eq!(std::fs::read(&path).unwrap(), b"first");
    let e = write_new(&path, b"second").unwrap_err();
    assert_eq!(e.kind(), std::io::ErrorKind::AlreadyExists);
    assert_eq!(std::fs::read(&path).unwrap(), b"first");
    #[cfg(unix)]
    {
        let link = dir.path().join("link.json");
        std::os::unix::fs::symlink(dir.path().join("nowhere.json"), &link).unwrap();
        let e = write_new(&link, b"x").unwrap_err();
        assert_eq!(e.kind(), std::io::ErrorKind::AlreadyExists);
        assert!(!dir.path().join("nowhere.json").exists());
    }
    // No temporary file is left beside it.
    let left: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

/// Archiving a session never writes over a file of the archive: a name taken gets another.
#[test]
fn a_session_moved_to_a_shelf_never_replaces_a_file_there() {
    use marque_store::{Shelf, Store};
    let dir = tempfile::tempdir().unwrap();
    let store = Store::new(dir.path());
    let text = r#"{"format": "marque-session", "version": 1, "game": "truc", "players": ["A", "B"], "hands": []}"#;
    std::fs::write(dir.path().join("s.json"), text).unwrap();
    std::fs::create_dir_all(dir.path().join("archive")).unwrap();
    std::fs::write(dir.path().join("archive/s.json"), "kept").unwrap();
    let dest = store
        .shelve(&dir.path().join("s.json"), Shelf::Archive)
        .unwrap();
    assert_eq!(dest, dir.path().join("archive/s-2.json"));
    assert_eq!(std::fs::read_to_string(&dest).unwrap(), text);
    assert_eq!(
        std::fs::read_to_string(dir.path().join("archive/s.json")).unwrap(),
        "kept"
    );
    assert!(!dir.path().join("s.json").exists());
}
