//! The cleaner and kill campaigns again, with phones answering (issue 50): writers add deals
//! with `marque add` while a cleaner deletes the lock files every millisecond and other adds
//! are killed half-way, and both sides' phones give their word through `marque serve`. Every
//! deal and word acknowledged is in the file, once; no word is written twice; every file left
//! beside the session is one `marque check` names.
#![allow(clippy::unwrap_used, clippy::expect_used, reason = "tests fail loudly")]

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use serde_json::{Value, json};

mod common;
use common::phone::{FORM, pair, send, token};
use common::{marque, serve_with};

const NS_MADE: &str = r#"{"contract":"4S","declarer":"N","tricks":10}"#;
const EW_MADE: &str = r#"{"contract":"3NT","declarer":"E","tricks":9}"#;

/// A phone answering "yes" to whatever its side is shown, until `stop` and then until it is
/// shown nothing more: how many answers it was told were noted.
fn answering(host: String, page: String, stop: Arc<AtomicBool>) -> std::thread::JoinHandle<usize> {
    std::thread::spawn(move || {
        let mut noted = 0;
        let mut idle = 0;
        while idle < 3 {
            let (code, _, shown) = send(&host, "GET", &page, &[], "");
            assert_eq!(code, 200, "{shown}");
            match token(&shown) {
                Some(t) => {
                    idle = 0;
                    let body = format!("t={t}&w=yes");
                    let (_, _, said) = send(&host, "POST", &page, &[FORM], &body);
                    noted += usize::from(said.contains("est noté"));
                }
                None if stop.load(Ordering::Relaxed) => idle += 1,
                None => {}
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        noted
    })
}

/// A bridge evening that asks the other side's word, with one deal NS made.
fn evening() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("soir.json");
    let head = json!({"format": "marque-session", "version": 1, "id": "soir", "game": "bridge",
        "created": "2026-12-02T20:00:00+01:00", "players": ["Anne", "Bruno", "Claire", "David"],
        "options": {}, "confirm": true, "hands": []});
    std::fs::write(&file, head.to_string()).unwrap();
    let first = marque(&["add", file.to_str().unwrap(), NS_MADE]);
    assert!(first.status.success(), "{first:?}");
    (dir, file)
}

/// A word the file could not take (another writer holds it longer than a save waits): the
/// phone is told which file and why, and its word goes in once the file is free.
#[test]
fn a_refused_word_names_its_file() {
    let (dir, file) = evening();
    let mut s = serve_with(dir.path(), &["--pairing"], &[]);
    let offers = s.pairing_lines(2);
    let offer = offers[1]
        .1
        .strip_prefix(&format!("http://{}", s.host))
        .unwrap();
    let ew = pair(&s.host, offer, "Chloé");
    let lock = marque_store::Lock::acquire(&file).unwrap();
    let (_, _, page) = send(&s.host, "GET", &ew, &[], "");
    let body = format!("t={}&w=yes", token(&page).unwrap());
    let (_, _, said) = send(&s.host, "POST", &ew, &[FORM], &body);
    assert!(
        said.contains("soir.json : la session est ouverte en écriture ailleurs"),
        "{said}"
    );
    drop(lock);
    let (_, _, page) = send(&s.host, "GET", &ew, &[], "");
    let body = format!("t={}&w=yes", token(&page).unwrap());
    let (_, _, said) = send(&s.host, "POST", &ew, &[FORM], &body);
    assert!(said.contains("est noté"), "{said}");
}

#[test]
fn phones_answer_while_writers_add_under_a_lock_cleaner_and_kills() {
    let (dir, file) = evening();
    let mut s = serve_with(dir.path(), &["--pairing"], &[]);
    let offers = s.pairing_lines(2);
    let path = |url: &str| {
        url.strip_prefix(&format!("http://{}", s.host))
            .unwrap()
            .to_string()
    };
    let ns = pair(&s.host, &path(&offers[0].1), "Denis");
    let ew = pair(&s.host, &path(&offers[1].1), "Chloé");

    let stop = Arc::new(AtomicBool::new(false));
    let cleaner = {
        let (stop, locks) = (stop.clone(), dir.path().join(".marque-locks"));
        std::thread::spawn(move || {
            let mut deleted = 0;
            while !stop.load(Ordering::Relaxed) {
                deleted += usize::from(std::fs::remove_dir_all(&locks).is_ok());
                std::thread::sleep(Duration::from_millis(1));
            }
            deleted
        })
    };
    let done = Arc::new(AtomicBool::new(false));
    let phones = [
        answering(s.host.clone(), ns, done.clone()),
        answering(s.host.clone(), ew, done.clone()),
    ];
    let writers: Vec<_> = (0..3)
        .map(|w| {
            let f = file.clone();
            std::thread::spawn(move || {
                let mut acknowledged = 0;
                for k in 0..12 {
                    let hand = if (w + k) % 2 == 0 { NS_MADE } else { EW_MADE };
                    let o = marque(&["add", f.to_str().unwrap(), hand, "--wait", "5"]);
                    // Never "open the session again": added, or still locked after the wait.
                    assert!(o.status.success() || o.status.code() == Some(3), "{o:?}");
                    acknowledged += usize::from(o.status.success());
                }
                acknowledged
            })
        })
        .collect();
    // Adds killed at one moment or another of their work: each may or may not have saved.
    let killer = {
        let f = file.clone();
        std::thread::spawn(move || {
            let mut unknown = 0;
            let mut acknowledged = 0;
            for k in 0..10u64 {
                let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_marque"))
                    .args(["add", f.to_str().unwrap(), NS_MADE, "--wait", "5"])
                    .stdout(std::process::Stdio::null())
                    .stderr(std::process::Stdio::null())
                    .spawn()
                    .unwrap();
                std::thread::sleep(Duration::from_millis(k * 7 % 23));
                child.kill().ok();
                let status = child.wait().unwrap();
                if status.success() {
                    acknowledged += 1;
                } else {
                    unknown += 1;
                }
            }
            (acknowledged, unknown)
        })
    };
    // Another machine's copy comes in now and then, a deal added there, and is merged.
    let merger = {
        let (f, dir) = (file.clone(), dir.path().to_path_buf());
        std::thread::spawn(move || {
            let mut added = 0;
            for k in 0..4 {
                std::thread::sleep(Duration::from_millis(40));
                let copy = dir.join(format!(
                    "soir.sync-conflict-20261202-20000{k}-MERGE{k}.json"
                ));
                let Ok(text) = std::fs::read(&f) else {
                    continue;
                };
                std::fs::write(&copy, text).unwrap();
                let o = marque(&["add", copy.to_str().unwrap(), EW_MADE, "--wait", "5"]);
                added += usize::from(o.status.success());
                let o = marque(&["merge", f.to_str().unwrap(), "--wait", "5"]);
                assert!(matches!(o.status.code(), Some(0 | 3)), "{o:?}");
            }
            added
        })
    };
    let mut acknowledged: usize = writers.into_iter().map(|w| w.join().unwrap()).sum();
    acknowledged += merger.join().unwrap();
    let (killed_ok, killed) = killer.join().unwrap();
    acknowledged += killed_ok;
    done.store(true, Ordering::Relaxed);
    let noted: Vec<usize> = phones.into_iter().map(|p| p.join().unwrap()).collect();
    stop.store(true, Ordering::Relaxed);
    let deleted = cleaner.join().unwrap();
    assert!(deleted > 0, "the cleaner deleted the locks");
    eprintln!(
        "{acknowledged} adds acknowledged, {killed} killed, words {noted:?}, locks deleted {deleted} times"
    );

    // Whatever copy a locked merge left comes home now.
    let o = marque(&["merge", file.to_str().unwrap(), "--wait", "5"]);
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    let v: Value = serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
    let hands = v["hands"].as_array().unwrap().len() - 1;
    assert!(
        (acknowledged..=acknowledged + killed).contains(&hands),
        "{hands} deals saved, {acknowledged} acknowledged, {killed} killed"
    );
    // Each phone's words: as many as it was told were noted, none twice for one deal.
    let log = v["log"].as_array().unwrap();
    for (phone, noted) in ["Denis", "Chloé"].into_iter().zip(&noted) {
        let words: Vec<u64> = log
            .iter()
            .filter(|e| e["action"] == "confirm" && e["new"]["phone"] == phone)
            .map(|e| e["hand"].as_u64().unwrap())
            .collect();
        assert_eq!(words.len(), *noted, "{phone}'s words noted and written");
        let mut once = words.clone();
        once.sort_unstable();
        once.dedup();
        assert_eq!(once.len(), words.len(), "{phone}: a word twice on a deal");
    }
    assert!(
        noted.iter().all(|n| *n > 0),
        "both phones answered: {noted:?}"
    );
    // Every file Marque left beside the session is one the check names (a copy to merge).
    let checked = marque(&["check", dir.path().to_str().unwrap(), "--lang", "en"]);
    let listed = String::from_utf8_lossy(&checked.stdout);
    for entry in std::fs::read_dir(dir.path()).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        if name.ends_with(".json") && name != "soir.json" && !name.starts_with('.') {
            assert!(listed.contains(&name), "{name} not listed: {listed}");
        }
    }
}
