//! Attacks on the data folder and the command line (issue 19): special files where Marque reads
//! or writes, a stale index, lock files deleted under writers, a session past the size Marque
//! reads, backups and restores that meet what they cannot take, linked sessions on the shelves,
//! hostile text on the way to a terminal, one person typed two ways, another tool's log.
//! Each test fails on the code before the issue; none waits on a clock to decide.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::let_underscore_must_use,
    reason = "a test fails loudly where its setting up does"
)]

use serde_json::json;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::Duration;

/// Runs `marque ARGS`; a run that does not end within a minute is killed and fails the test
/// (the attacks here hung the command before).
#[track_caller]
#[expect(
    unsafe_code,
    reason = "a command overrunning its time is killed through libc"
)]
fn marque(args: &[&str]) -> Output {
    let child = Command::new(env!("CARGO_BIN_EXE_marque"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id();
    // The output is read while the command runs (a long one fills the pipe), on a thread.
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || tx.send(child.wait_with_output()).ok());
    match rx.recv_timeout(Duration::from_secs(60)) {
        Ok(out) => out.unwrap(),
        Err(_) => {
            // SAFETY: kill takes no pointer; the child is ours.
            unsafe { libc::kill(pid as libc::pid_t, libc::SIGKILL) };
            panic!("marque {args:?} hung");
        }
    }
}

fn text(o: &[u8]) -> String {
    String::from_utf8_lossy(o).into_owned()
}

fn truc(players: &[&str], hands: usize) -> String {
    let hands: Vec<_> = (0..hands)
        .map(|i| json!({"calls": [], "winner": i % 2}))
        .collect();
    json!({"format": "marque-session", "version": 1, "game": "truc", "players": players,
           "options": {"target": 1000000, "manches": 1000}, "hands": hands})
    .to_string()
}

#[expect(unsafe_code, reason = "a FIFO is made through libc's mkfifo")]
fn mkfifo(path: &Path) {
    let c = std::ffi::CString::new(path.as_os_str().as_encoded_bytes()).unwrap();
    assert_eq!(
        // SAFETY: the path is a NUL-terminated string that lives through the call.
        unsafe { libc::mkfifo(c.as_ptr(), 0o644) },
        0,
        "mkfifo {path:?}"
    );
}

fn folder() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir_all(&data).unwrap();
    (dir, data)
}

#[test]
fn fifos_where_marque_reads_never_hang_it() {
    let (_dir, data) = folder();
    std::fs::write(data.join("a.json"), truc(&["Anne", "Bruno"], 3)).unwrap();
    mkfifo(&data.join(".index.json"));
    mkfifo(&data.join(".prefs.json"));
    let d = data.to_str().unwrap();
    let check = marque(&["check", d]);
    assert!(check.status.success(), "{check:?}");
    assert!(text(&check.stdout).contains("a.json"));
    let stats = marque(&["stats", d, "--json"]);
    assert!(stats.status.success(), "{stats:?}");
    assert!(text(&stats.stdout).contains("Anne"));
    // The preferences are read the app's way too: a FIFO there is damaged preferences, at once,
    // and the defaults serve (as in a folder with none).
    let store = marque_store::Store::new(&data);
    let empty = tempfile::tempdir().unwrap();
    let defaults = marque::ui::Prefs::read(&marque_store::Store::new(empty.path()));
    assert_eq!(marque::ui::Prefs::read(&store), defaults);
}

#[test]
#[expect(
    unsafe_code,
    reason = "the children's peak memory is read through getrusage"
)]
fn a_huge_sparse_index_is_not_read_whole() {
    let (_dir, data) = folder();
    std::fs::write(data.join("a.json"), truc(&["Anne", "Bruno"], 3)).unwrap();
    let index = std::fs::File::create(data.join(".index.json")).unwrap();
    index.set_len(600 << 20).unwrap();
    drop(index);
    let check = marque(&["check", data.to_str().unwrap()]);
    assert!(check.status.success(), "{check:?}");
    // The largest child waited for so far: every run in this test binary is far below 600 MB.
    // SAFETY: rusage is plain integers: all zeroes is a valid value.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    assert_eq!(
        // SAFETY: the pointer is to a live rusage this call fills.
        unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage) },
        0
    );
    assert!(usage.ru_maxrss < 200 << 10, "peak {} KiB", usage.ru_maxrss);
}

fn set_time(f: &Path, t: std::time::SystemTime) {
    let file = std::fs::File::options().write(true).open(f).unwrap();
    file.set_modified(t).unwrap();
}

#[test]
fn a_session_rewritten_with_its_size_and_time_kept_is_read_again() {
    let (_dir, data) = folder();
    let f = data.join("a.json");
    std::fs::write(&f, truc(&["Anne", "Bruno"], 3)).unwrap();
    let old = std::time::SystemTime::now() - Duration::from_secs(86_400);
    set_time(&f, old);
    let d = data.to_str().unwrap();
    let before = text(&marque(&["stats", d, "--json"]).stdout);
    assert!(before.contains("Anne"), "{before}");
    // Same length, another name; the time set back as `touch -d` does.
    std::fs::write(&f, truc(&["Zora", "Bruno"], 3)).unwrap();
    set_time(&f, old);
    let after = text(&marque(&["stats", d, "--json"]).stdout);
    assert!(after.contains("Zora") && !after.contains("Anne"), "{after}");
}

#[test]
fn wait_takes_zero_to_a_day_and_refuses_the_rest_in_words() {
    let (_dir, data) = folder();
    let f = data.join("a.json");
    std::fs::write(&f, truc(&["Anne", "Bruno"], 0)).unwrap();
    let hand = r#"{"calls": [], "winner": 0}"#;
    for bad in ["inf", "-1", "NaN", "86401", "1e300"] {
        let wait = format!("--wait={bad}");
        let o = marque(&["add", f.to_str().unwrap(), hand, &wait]);
        assert_eq!(o.status.code(), Some(2), "--wait {bad}: {o:?}");
        assert!(
            text(&o.stderr).contains("--wait"),
            "--wait {bad}: {}",
            text(&o.stderr)
        );
    }
    let o = marque(&["add", f.to_str().unwrap(), hand, "--wait", "86400"]);
    assert!(o.status.success(), "{o:?}");
}

#[test]
fn add_refuses_a_hand_that_would_take_the_file_past_what_marque_reads() {
    let (_dir, data) = folder();
    let f = data.join("a.json");
    // A session a few hundred bytes under the cap, made so by another tool's padding.
    let mut v: serde_json::Value = serde_json::from_str(&truc(&["Anne", "Bruno"], 1)).unwrap();
    let room = marque_store::MAX_SESSION_BYTES as usize - 400;
    let base = v.to_string().len() + r#","pad":"""#.len();
    v["pad"] = json!("x".repeat(room - base));
    let body = v.to_string();
    assert!(body.len() <= marque_store::MAX_SESSION_BYTES as usize);
    std::fs::write(&f, &body).unwrap();
    let hand = r#"{"calls": [], "winner": 0}"#;
    let mut refused = None;
    for _ in 0..20 {
        let o = marque(&["add", f.to_str().unwrap(), hand]);
        if !o.status.success() {
            refused = Some(o);
            break;
        }
    }
    let o = refused.expect("the session grew past the cap");
    assert!(text(&o.stderr).contains("Mio"), "{}", text(&o.stderr));
    let size = std::fs::metadata(&f).unwrap().len();
    assert!(size <= marque_store::MAX_SESSION_BYTES, "{size}");
    assert!(marque_store::read_session(&f).is_ok());
}

#[test]
fn a_lock_folder_that_cannot_be_made_is_named_as_such() {
    let (_dir, data) = folder();
    let f = data.join("a.json");
    std::fs::write(&f, truc(&["Anne", "Bruno"], 0)).unwrap();
    // A file where the folder of locks goes.
    std::fs::write(data.join(".marque-locks"), "").unwrap();
    let o = marque(&["add", f.to_str().unwrap(), r#"{"calls": [], "winner": 0}"#]);
    assert_eq!(o.status.code(), Some(2));
    let err = text(&o.stderr);
    assert!(
        err.contains("verrou") && !err.contains("impossible de lire"),
        "{err}"
    );
}

#[test]
fn no_acknowledged_add_is_lost_while_a_cleaner_deletes_the_lock_files() {
    let (_dir, data) = folder();
    let f = data.join("a.json");
    std::fs::write(&f, truc(&["Anne", "Bruno"], 0)).unwrap();
    let locks = data.join(".marque-locks");
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let cleaner = {
        let stop = stop.clone();
        let locks = locks.clone();
        std::thread::spawn(move || {
            let mut deleted = 0;
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                deleted += usize::from(std::fs::remove_dir_all(&locks).is_ok());
                std::thread::sleep(Duration::from_millis(1));
            }
            deleted
        })
    };
    let writers: Vec<_> = (0..8)
        .map(|w| {
            let f = f.clone();
            std::thread::spawn(move || {
                let mut acknowledged = 0;
                for _ in 0..50 {
                    // Each writer's own winner: its hands are told apart from the others' in
                    // the totals too.
                    let hand = json!({"calls": [], "winner": w % 2}).to_string();
                    let o = marque(&["add", f.to_str().unwrap(), &hand, "--wait", "5"]);
                    acknowledged += usize::from(o.status.success());
                    // Not added: only ever because the session stayed locked (exit 3), never an
                    // error from a lock folder that vanished under the writer.
                    assert!(o.status.success() || o.status.code() == Some(3), "{o:?}");
                }
                acknowledged
            })
        })
        .collect();
    let acknowledged: usize = writers.into_iter().map(|w| w.join().unwrap()).sum();
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let deleted = cleaner.join().unwrap();
    assert!(deleted > 0, "the cleaner never deleted the locks");
    // Every add that said it was done is in the file, and no other.
    let saved = marque_store::read_session(&f).unwrap().session.hands.len();
    assert_eq!(saved, acknowledged, "hands saved against adds acknowledged");
    assert!(acknowledged >= 300, "only {acknowledged} adds went through");
}

fn backup_entries(file: &Path) -> Vec<String> {
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
    v["sessions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["name"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn a_backup_takes_the_shelves_linked_sessions_and_preferences_and_names_what_it_skips() {
    let (dir, data) = folder();
    std::fs::write(data.join("a.json"), truc(&["Anne", "Bruno"], 1)).unwrap();
    for shelf in ["archive", "trash"] {
        std::fs::create_dir_all(data.join(shelf)).unwrap();
        std::fs::write(
            data.join(shelf).join("old.json"),
            truc(&["Chloé", "Denis"], 2),
        )
        .unwrap();
    }
    let elsewhere = dir.path().join("elsewhere.json");
    std::fs::write(&elsewhere, truc(&["Eve", "Fanny"], 1)).unwrap();
    std::os::unix::fs::symlink(&elsewhere, data.join("linked.json")).unwrap();
    std::fs::write(data.join(".prefs.json"), r#"{"zoom": 1.5}"#).unwrap();
    mkfifo(&data.join("pipe.json"));
    std::fs::write(data.join("latin1.json"), b"{\"players\": [\"Zo\xe9\"]}").unwrap();
    let out = dir.path().join("b.json");
    let o = marque(&[
        "backup",
        data.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    // Written, but not whole: said, and the status says so.
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    let said = text(&o.stdout);
    assert!(
        said.contains("pipe.json") && said.contains("latin1.json"),
        "{said}"
    );
    let mut names = backup_entries(&out);
    names.sort();
    assert_eq!(
        names,
        [
            ".prefs.json",
            "a.json",
            "archive/old.json",
            "linked.json",
            "trash/old.json"
        ]
    );

    // Restored into an empty folder: each where it was, the link's session as a file.
    let back = dir.path().join("back");
    std::fs::create_dir_all(&back).unwrap();
    let o = marque(&["restore", out.to_str().unwrap(), back.to_str().unwrap()]);
    assert!(o.status.success(), "{o:?}");
    for f in [
        "a.json",
        "archive/old.json",
        "trash/old.json",
        "linked.json",
        ".prefs.json",
    ] {
        assert!(back.join(f).is_file(), "{f} not restored");
    }
    // Again: everything already there, nothing copied beside.
    let count = || std::fs::read_dir(&back).unwrap().count();
    let before = count();
    let o = marque(&["restore", out.to_str().unwrap(), back.to_str().unwrap()]);
    assert!(o.status.success(), "{o:?}");
    assert!(
        text(&o.stdout).starts_with("0 session revenue, 4 déjà là"),
        "{}",
        text(&o.stdout)
    );
    assert_eq!(count(), before);
}

/// How many copies a restore put beside a file of the same name (conflict copies of it, to
/// merge).
fn restored_copies(dir: &Path) -> usize {
    std::fs::read_dir(dir)
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .file_name()
                .to_string_lossy()
                .ends_with("-BACKUP.json")
        })
        .count()
}

#[test]
fn a_restore_takes_each_entry_alone_and_never_blocks() {
    let (dir, data) = folder();
    let good = truc(&["Anne", "Bruno"], 1);
    let changed = truc(&["Anne", "Bruno"], 2);
    std::fs::write(data.join("there.json"), &changed).unwrap();
    mkfifo(&data.join("pipe.json"));
    let backup = json!({"format": "marque-backup", "version": 1, "sessions": [
        {"name": "nul\u{0}.json", "text": good},
        {"name": format!("{}.json", "x".repeat(300)), "text": good},
        {"name": "notes.json", "text": "my shopping list"},
        {"name": "pipe.json", "text": good},
        {"name": "there.json", "text": good},
        {"name": "../../escape.json", "text": good},
        {"name": "fine.json", "text": good},
    ]});
    let file = dir.path().join("b.json");
    std::fs::write(&file, backup.to_string()).unwrap();
    let o = marque(&["restore", file.to_str().unwrap(), data.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    let said = text(&o.stdout);
    assert!(
        said.contains("notes.json") && said.contains("xxxx"),
        "{said}"
    );
    assert!(data.join("fine.json").is_file());
    assert!(
        data.join("escape.json").is_file(),
        "a path is brought back into the folder"
    );
    assert!(!dir.path().join("escape.json").exists());
    assert!(
        !data.join("notes.json").exists(),
        "a text that is no session"
    );
    // The session beside the FIFO and beside the changed one.
    let beside = restored_copies(&data);
    assert_eq!(beside, 2);
    // A second run puts nothing more beside them.
    let o = marque(&["restore", file.to_str().unwrap(), data.to_str().unwrap()]);
    let again = restored_copies(&data);
    assert_eq!(again, 2, "{}", text(&o.stdout));
}

#[test]
fn a_backup_read_from_a_fifo_is_refused_at_once() {
    let (dir, data) = folder();
    let fifo = dir.path().join("b.json");
    mkfifo(&fifo);
    let o = marque(&["restore", fifo.to_str().unwrap(), data.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{o:?}");
}

#[test]
fn a_linked_session_archived_stays_reachable() {
    let (dir, data) = folder();
    let real = dir.path().join("real");
    std::fs::create_dir_all(&real).unwrap();
    std::fs::write(real.join("s.json"), truc(&["Anne", "Bruno"], 1)).unwrap();
    // A relative link, as `ln -s ../real/s.json` makes.
    std::os::unix::fs::symlink("../real/s.json", data.join("s.json")).unwrap();
    let store = marque_store::Store::new(&data);
    let to = store
        .shelve(&data.join("s.json"), marque_store::Shelf::Archive)
        .unwrap();
    let loaded = marque_store::read_session(&to).unwrap();
    assert_eq!(loaded.session.players, ["Anne", "Bruno"]);
    let back = store.shelve(&to, marque_store::Shelf::Sessions).unwrap();
    assert!(marque_store::read_session(&back).is_ok());
}

#[test]
fn names_from_files_reach_the_terminal_escaped() {
    let (_dir, data) = folder();
    let f = data.join("a.json");
    let hostile = "Anne\u{1b}]0;pwned\u{7}\u{202e}evil";
    std::fs::write(&f, truc(&[hostile, "Bruno"], 1)).unwrap();
    let file = f.to_str().unwrap();
    // Text, to a pipe as to a terminal.
    for args in [
        vec!["score", "--text", file],
        vec!["log", file],
        vec!["explain", file, "1"],
        vec!["stats", data.to_str().unwrap()],
    ] {
        let o = marque(&args);
        let out = text(&o.stdout) + &text(&o.stderr);
        assert!(
            !out.contains('\u{202e}') && !out.contains('\u{1b}'),
            "{args:?}: {out}"
        );
    }
    // Data (CSV, JSON) to a terminal: `script` gives the command one.
    let me = env!("CARGO_BIN_EXE_marque");
    for (args, csv) in [
        (format!("{me} export {file}"), true),
        (format!("{me} score {file}"), false),
    ] {
        let o = Command::new("script")
            .args(["-qec", &args, "/dev/null"])
            .stdin(Stdio::null())
            .output()
            .unwrap();
        let out = text(&o.stdout);
        assert!(out.contains("Bruno"), "{args}: {out}");
        assert!(!out.contains('\u{202e}'), "{args}: {out}");
        if csv {
            assert!(!out.contains('\u{1b}'), "{args}: {out}");
        }
    }
    // An error quoting a player's name (a hand by a seat that is not there).
    let o = marque(&["add", file, r#"{"calls": [], "winner": 5}"#]);
    assert!(!text(&o.stderr).contains('\u{1b}'), "{}", text(&o.stderr));
}

#[test]
fn one_person_typed_two_ways_is_one_person() {
    let (_dir, data) = folder();
    std::fs::write(data.join("a.json"), truc(&["Zoé", "Bruno"], 1)).unwrap();
    std::fs::write(data.join("b.json"), truc(&["Zoe\u{301}", "Bruno"], 1)).unwrap();
    std::fs::write(data.join("c.json"), truc(&["zo\u{200b}é", "Bruno"], 1)).unwrap();
    let o = marque(&["stats", data.to_str().unwrap(), "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let players = v["players"].as_array().unwrap();
    assert_eq!(players.len(), 2, "{players:?}");
    assert!(players.iter().all(|p| p["sessions"] == 3));
}

#[test]
fn another_tools_log_is_kept_when_marque_starts_its_own() {
    let (_dir, data) = folder();
    let f = data.join("a.json");
    let mut v: serde_json::Value = serde_json::from_str(&truc(&["Anne", "Bruno"], 1)).unwrap();
    v["log"] = json!({"tool": "other", "entries": 3});
    std::fs::write(&f, v.to_string()).unwrap();
    let o = marque(&["add", f.to_str().unwrap(), r#"{"calls": [], "winner": 0}"#]);
    assert!(o.status.success(), "{o:?}");
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&f).unwrap()).unwrap();
    assert_eq!(saved["kept_log"], json!({"tool": "other", "entries": 3}));
    assert!(saved["log"].is_array());
}

/// The app's window holds a session it read; a cleaner deletes the lock files; another writer
/// takes a lock of its own: the folder, the session, the window's lock and reading, the other's.
fn lock_taken_over() -> (
    tempfile::TempDir,
    PathBuf,
    marque_store::Lock,
    marque_store::Loaded,
    marque_store::Lock,
) {
    use marque_store::{Lock, read_session};
    let (dir, data) = folder();
    let f = data.join("a.json");
    std::fs::write(&f, truc(&["Anne", "Bruno"], 1)).unwrap();
    let window = Lock::acquire(&f).unwrap();
    let read = read_session(&f).unwrap();
    std::fs::remove_dir_all(data.join(".marque-locks")).unwrap();
    let other = Lock::acquire(&f).expect("the deleted lock is free to take");
    (dir, f, window, read, other)
}

#[test]
fn a_writer_whose_lock_file_was_deleted_takes_it_again_and_never_writes_over_the_other() {
    use marque_store::{Lock, StoreError, read_session, save};
    let (_dir, f, window, read, other) = lock_taken_over();
    let o = marque(&["add", f.to_str().unwrap(), r#"{"calls": [], "winner": 1}"#]);
    assert_eq!(
        o.status.code(),
        Some(3),
        "locked by the other writer: {o:?}"
    );
    // Its change: the session closed.
    let mut theirs = read_session(&f).unwrap();
    theirs.session.closed = true;
    save(&f, &theirs.session, theirs.stamp, &other).unwrap();
    drop(other);
    // The window's save takes the lock again and finds the file changed: nothing written over.
    let before = std::fs::read_to_string(&f).unwrap();
    let saved = save(&f, &read.session, read.stamp, &window);
    assert!(matches!(saved, Err(StoreError::Changed)), "{saved:?}");
    assert_eq!(std::fs::read_to_string(&f).unwrap(), before);
    // And the lock is the window's again: a third writer is refused.
    assert!(matches!(Lock::acquire(&f), Err(StoreError::Locked(_))));
}

// What an independent campaign of attacks found after the first round, each with its test.

#[test]
fn lock_and_temporary_folders_that_are_links_are_refused_never_followed() {
    let (dir, data) = folder();
    let f = data.join("a.json");
    std::fs::write(&f, truc(&["Anne", "Bruno"], 0)).unwrap();
    let elsewhere = dir.path().join("elsewhere");
    std::fs::create_dir_all(&elsewhere).unwrap();
    let hand = r#"{"calls": [], "winner": 1}"#;
    for (name, target) in [
        (".marque-locks", PathBuf::from("/nonexistent/locks")),
        (".marque-locks", elsewhere.clone()),
        (".marque-tmp", elsewhere.clone()),
    ] {
        let link = data.join(name);
        std::os::unix::fs::symlink(&target, &link).unwrap();
        let o = marque(&["add", f.to_str().unwrap(), hand]);
        assert_eq!(o.status.code(), Some(2), "{name} → {target:?}: {o:?}");
        assert!(text(&o.stderr).contains("lien"), "{}", text(&o.stderr));
        assert_eq!(
            std::fs::read_dir(&elsewhere).unwrap().count(),
            0,
            "written outside"
        );
        std::fs::remove_file(&link).unwrap();
    }
    assert!(marque(&["add", f.to_str().unwrap(), hand]).status.success());
}

#[test]
fn a_restore_never_writes_through_a_shelf_that_is_a_link() {
    let (dir, data) = folder();
    let outside = dir.path().join("outside");
    std::fs::create_dir_all(&outside).unwrap();
    std::os::unix::fs::symlink(&outside, data.join("archive")).unwrap();
    let backup = json!({"format": "marque-backup", "version": 1, "sessions": [
        {"name": "archive/a.json", "text": truc(&["Anne", "Bruno"], 1)},
        {"name": "b.json", "text": truc(&["Anne", "Bruno"], 2)},
    ]});
    let file = dir.path().join("b.json");
    std::fs::write(&file, backup.to_string()).unwrap();
    let o = marque(&["restore", file.to_str().unwrap(), data.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    assert!(
        text(&o.stdout).contains("archive/a.json"),
        "{}",
        text(&o.stdout)
    );
    assert_eq!(
        std::fs::read_dir(&outside).unwrap().count(),
        0,
        "written outside"
    );
    assert!(data.join("b.json").is_file());
    // A backup of a newer layout is refused in words.
    let newer = json!({"format": "marque-backup", "version": 2, "sessions": []});
    std::fs::write(&file, newer.to_string()).unwrap();
    let o = marque(&["restore", file.to_str().unwrap(), data.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{o:?}");
    assert!(
        text(&o.stderr).contains("plus récente"),
        "{}",
        text(&o.stderr)
    );
}

#[test]
fn a_very_long_name_or_a_line_break_in_a_name_makes_no_panic_and_forges_no_line() {
    let (_dir, data) = folder();
    let f = data.join("a.json");
    let long = "N".repeat(70_000);
    std::fs::write(&f, truc(&[&long, "Bruno"], 2)).unwrap();
    let o = marque(&["score", "--text", f.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    std::fs::write(&f, truc(&["A\nTotaux : A 999", "Bruno"], 2)).unwrap();
    let o = marque(&["score", "--text", f.to_str().unwrap()]);
    let out = text(&o.stdout);
    assert!(
        !out.lines().any(|l| l.starts_with("Totaux : A 999")),
        "{out}"
    );
}

#[test]
fn an_output_that_cannot_be_written_is_said() {
    let (_dir, data) = folder();
    let f = data.join("a.json");
    std::fs::write(&f, truc(&["Anne", "Bruno"], 2)).unwrap();
    let full = std::fs::File::options()
        .write(true)
        .open("/dev/full")
        .unwrap();
    // A log to write.
    assert!(
        marque(&["add", f.to_str().unwrap(), r#"{"calls": [], "winner": 0}"#])
            .status
            .success()
    );
    for args in [
        vec!["score"],
        vec!["score", "--text"],
        vec!["log"],
        vec!["explain"],
    ] {
        let mut args = args;
        args.push(f.to_str().unwrap());
        if args[0] == "explain" {
            args.push("1");
        }
        let o = Command::new(env!("CARGO_BIN_EXE_marque"))
            .args(&args)
            .stdout(full.try_clone().unwrap())
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(2), "{args:?}: {o:?}");
    }
}

#[test]
fn what_cannot_be_a_session_is_listed_and_two_names_of_one_session_count_once() {
    let (_dir, data) = folder();
    std::fs::write(data.join("a.json"), truc(&["Anne", "Bruno"], 2)).unwrap();
    std::os::unix::fs::symlink("a.json", data.join("alias.json")).unwrap();
    mkfifo(&data.join("pipe.json"));
    std::os::unix::fs::symlink("nowhere.json", data.join("dangling.json")).unwrap();
    let d = data.to_str().unwrap();
    let check = marque(&["check", d]);
    assert_eq!(check.status.code(), Some(1), "{check:?}");
    let out = text(&check.stdout);
    assert!(
        out.contains("pipe.json") && out.contains("dangling.json"),
        "{out}"
    );
    let stats = marque(&["stats", d, "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&stats.stdout).unwrap();
    assert!(
        v["players"]
            .as_array()
            .unwrap()
            .iter()
            .all(|p| p["sessions"] == 1),
        "{v}"
    );
    // add says what is there.
    let o = marque(&["add", data.join("pipe.json").to_str().unwrap(), "{}"]);
    assert!(
        text(&o.stderr).contains("pas un fichier ordinaire"),
        "{}",
        text(&o.stderr)
    );
}

#[test]
fn a_file_that_is_not_utf8_is_said_so_in_the_readers_language_with_where() {
    let (_dir, data) = folder();
    std::fs::write(data.join("latin1.json"), b"{\"players\": [\"Zo\xe9\"]}").unwrap();
    let check = marque(&["check", data.to_str().unwrap()]);
    let out = text(&check.stdout);
    assert!(
        out.contains("octet 17") && !out.contains("invalid"),
        "{out}"
    );
}

#[test]
fn the_apps_save_never_waits_for_a_writer_that_took_its_deleted_lock() {
    use marque_store::{Lock, StoreError, save};
    let (_dir, f, window, read, other) = lock_taken_over();
    let before = std::fs::read(&f).unwrap();
    // Saved on the UI thread: refused as locked at once (a wait would freeze the window).
    let saved = save(&f, &read.session, read.stamp, &window);
    assert!(matches!(saved, Err(StoreError::Locked(_))), "{saved:?}");
    assert_eq!(std::fs::read(&f).unwrap(), before);
    // Once the other is gone, the same save goes through, the lock the window's again.
    drop(other);
    save(&f, &read.session, read.stamp, &window).unwrap();
    assert!(matches!(Lock::acquire(&f), Err(StoreError::Locked(_))));
}
