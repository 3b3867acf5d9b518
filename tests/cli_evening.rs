//! `marque evening` on a folder (issue 51): the evening file and its tables' files beside it;
//! an absent table is a table with nothing entered, a file that does not read is named with
//! why, the text is the reader's (decimal comma in French); `marque score` of a table's file
//! alone scores its boards and leaves an artificial score to the evening.
#![allow(clippy::unwrap_used, clippy::expect_used, reason = "tests fail loudly")]

mod common;
mod pdf_read;
use common::marque;
use serde_json::{Value, json};

fn table(hands: Value) -> Value {
    json!({"format": "marque-session", "version": 1, "game": "bridge",
           "players": ["N", "E", "S", "W"], "options": {"format": "duplicate"}, "hands": hands})
}

/// A 3-table Mitchell of one board a round, its tables' files as given (None: absent).
fn folder(files: [Option<Value>; 3]) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let pairs: serde_json::Map<String, Value> = (1..=6)
        .map(|p| (p.to_string(), json!([format!("A{p}"), format!("B{p}")])))
        .collect();
    let ev = json!({"format": "marque-evening", "version": 1, "kind": "pairs",
        "movement": {"kind": "mitchell", "tables": 3, "boards_per_round": 1}, "pairs": pairs,
        "tables": [{"table": 1, "file": "soir-t1.json"}, {"table": 2, "file": "soir-t2.json"},
                   {"table": 3, "file": "soir-t3.json"}]});
    let path = dir.path().join("soir.evening.json");
    std::fs::write(&path, ev.to_string()).unwrap();
    for (k, f) in files.into_iter().enumerate() {
        if let Some(f) = f {
            std::fs::write(
                dir.path().join(format!("soir-t{}.json", k + 1)),
                f.to_string(),
            )
            .unwrap();
        }
    }
    (dir, path)
}

fn out(path: &std::path::Path, more: &[&str]) -> (Option<i32>, String, String) {
    let mut args = vec!["evening", path.to_str().unwrap()];
    args.extend(more);
    let o = marque(&args);
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (o.status.code(), text(&o.stdout), text(&o.stderr))
}

#[test]
fn a_table_not_arrived_is_a_table_with_nothing_entered() {
    let t1 = table(json!([{"board": 1, "contract": "4S", "declarer": "N", "tricks": 10}]));
    let t3 = table(json!([{"board": 1, "contract": "4S", "declarer": "N", "tricks": 11}]));
    let (_dir, path) = folder([Some(t1), None, Some(t3)]);
    let (code, stdout, stderr) = out(&path, &[]);
    assert_eq!(code, Some(0), "{stderr}");
    let v: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(v["results"], 2);
    let board1 = &v["boards"][0];
    assert_eq!(board1["results"].as_array().unwrap().len(), 2);
    // Two results of the board, none of the others': the top is 1, 450 beats 420.
    assert_eq!(board1["top"], 1);
    assert_eq!(board1["results"][1]["ns_points"], 1);
    let ns = &v["fields"][0]["ranking"];
    assert_eq!(ns[0]["pair"], 3);
    assert_eq!(
        ns[2]["pair"], 2,
        "a pair that has not played is ranked last"
    );
    assert_eq!(ns[2]["boards"], 0);
    // In French, for people: a decimal comma, the board's words.
    let (_, text, _) = out(&path, &["--text"]);
    assert!(
        text.contains("Classement Nord-Sud") && text.contains("Étui 1 — donneur Nord"),
        "{text}"
    );
}

#[test]
fn a_table_file_that_does_not_read_is_named_and_nothing_is_printed() {
    let (dir, path) = folder([None, None, None]);
    std::fs::write(dir.path().join("soir-t2.json"), "{ pas du JSON").unwrap();
    std::fs::write(
        dir.path().join("soir-t1.json"),
        table(json!([{"board": 4, "contract": "4S", "declarer": "N", "tricks": 10}])).to_string(),
    )
    .unwrap();
    let (code, stdout, stderr) = out(&path, &["--lang", "en"]);
    assert_eq!(code, Some(2));
    assert!(stdout.is_empty());
    assert!(
        stderr
            .lines()
            .any(|l| l.starts_with("soir-t2.json: the file does not read")),
        "{stderr}"
    );
    assert!(
        stderr.contains("soir-t1.json: hand 1: board 4 is not played at table 1 in this movement"),
        "{stderr}"
    );
}

#[test]
fn a_table_scored_alone_leaves_an_artificial_score_to_the_evening() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("t.json");
    let deal = json!({"board": 7, "contract": "3NT", "declarer": "S", "tricks": 10});
    std::fs::write(&f, table(json!([deal])).to_string()).unwrap();
    let o = marque(&["score", f.to_str().unwrap()]);
    assert!(o.status.success(), "{o:?}");
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    // Board 7: dealer S, both vulnerable: 100 + 30 + 500.
    assert_eq!(v["hands"][0]["dealer"], "S");
    assert_eq!(v["hands"][0]["ns_score"], 630);
    std::fs::write(
        &f,
        table(json!([deal, {"board": 8, "average": [60, 40]}])).to_string(),
    )
    .unwrap();
    let o = marque(&["score", f.to_str().unwrap(), "--lang", "en"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.starts_with("hand 2: an artificial score belongs to the evening"),
        "{err}"
    );
}

/// `marque add` to a table's file checks the board against the evening beside it: a board the
/// movement does not bring to that table is refused in words, nothing written; a board it
/// brings goes in with its log entry, and the evening counts it.
#[test]
fn add_to_a_table_checks_the_board_against_the_movement() {
    let (dir, path) = folder([Some(table(json!([]))), None, None]);
    let t1 = dir.path().join("soir-t1.json");
    let before = std::fs::read(&t1).unwrap();
    let deal =
        |b: u32| json!({"board": b, "contract": "4S", "declarer": "N", "tricks": 10}).to_string();
    let o = marque(&["add", t1.to_str().unwrap(), &deal(4), "--lang", "en"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("soir-t1.json: hand 1: board 4 is not played at table 1"),
        "{err}"
    );
    assert_eq!(std::fs::read(&t1).unwrap(), before, "nothing written");
    let o = marque(&["add", t1.to_str().unwrap(), &deal(2)]);
    assert!(o.status.success(), "{o:?}");
    let v: Value = serde_json::from_slice(&std::fs::read(&t1).unwrap()).unwrap();
    assert_eq!(v["hands"][0]["board"], 2);
    assert_eq!(v["log"][0]["action"], "add");
    let o = marque(&["add", t1.to_str().unwrap(), &deal(2), "--lang", "en"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("board 2 is entered twice"));
    let (code, stdout, _) = out(&path, &[]);
    assert_eq!(code, Some(0));
    let v: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(v["results"], 1);
}

/// `marque evening --pdf`: the rankings, every traveller's results, each pair's score card and
/// each table's guide card on a page of its own, read back from the file; never over a file.
#[test]
fn the_evening_prints_its_rankings_travellers_and_cards() {
    let t =
        |k: u32| table(json!([{"board": 1, "contract": "4S", "declarer": "N", "tricks": 9 + k}]));
    let (dir, path) = folder([Some(t(1)), Some(t(0)), Some(t(2))]);
    let pdf = dir.path().join("soir.pdf");
    let (code, _, stderr) = out(&path, &["--pdf", pdf.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{stderr}");
    let read = pdf_read::read(&std::fs::read(&pdf).unwrap());
    let text = read.text();
    let scored: Value = serde_json::from_str(&out(&path, &[]).1).unwrap();
    for f in scored["fields"].as_array().unwrap() {
        for r in f["ranking"].as_array().unwrap() {
            let card = format!("Paire {} — A{0} – B{0}", r["pair"]);
            assert!(text.contains(&card), "{card}'s score card");
            let total = format!("— place {}", r["place"].as_str().unwrap());
            assert!(text.contains(&total), "{total}");
        }
    }
    for score in ["420", "450", "−50"] {
        assert!(text.contains(score), "the traveller's {score}");
    }
    // A guide card a table, each on its own page, after the rest.
    let pages = read.pages.len();
    for t in 1..=3 {
        let page = pages - 3 + t - 1;
        let lines = read.lines(page);
        assert!(
            lines.iter().any(|l| l == &format!("Carte de la table {t}")),
            "table {t}'s guide card on page {page}: {lines:?}"
        );
    }
    // Never over a file.
    let (code, _, stderr) = out(&path, &["--pdf", pdf.to_str().unwrap()]);
    assert_eq!(code, Some(2), "{stderr}");
}

#[test]
fn the_text_is_the_readers_in_english_too() {
    let t1 = table(json!([{"board": 1, "contract": "4S", "declarer": "N", "tricks": 10}]));
    let t2 = table(json!([{"board": 1, "contract": "4S", "declarer": "N", "tricks": 11}]));
    let (_dir, path) = folder([Some(t1), Some(t2), None]);
    let (code, fr, _) = out(&path, &["--text"]);
    assert_eq!(code, Some(0), "the French text");
    let (code, en, stderr) = out(&path, &["--text", "--lang", "en"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(en.contains("North-South") || en.contains("N-S"), "{en}");
    assert!(en.contains("Board 1"), "{en}");
    assert!(
        !en.contains("Étui") && fr.contains("Étui"),
        "each its own words"
    );
}

/// A table's file that is a symbolic link (to a file out of the folder) is named with why, not
/// followed; the other tables' files have no problem.
#[test]
fn a_table_file_that_is_a_link_is_named_and_not_followed() {
    let t1 = table(json!([{"board": 1, "contract": "4S", "declarer": "N", "tricks": 10}]));
    let (dir, path) = folder([Some(t1.clone()), None, None]);
    let outside = tempfile::tempdir().unwrap();
    let target = outside.path().join("ailleurs.json");
    std::fs::write(&target, t1.to_string()).unwrap();
    std::os::unix::fs::symlink(&target, dir.path().join("soir-t2.json")).unwrap();
    let (code, stdout, stderr) = out(&path, &[]);
    assert_eq!(code, Some(2), "{stdout}");
    assert!(
        stderr.contains("soir-t2.json: le fichier de table est un lien symbolique"),
        "{stderr}"
    );
    assert!(!stderr.contains("soir-t1.json"), "table 1 reads: {stderr}");
}

/// A Tarot concours's table takes its round's deals and nothing its evening would not count:
/// no arrival, departure or substitute at the table, no deal past the round's (each refused in
/// words, the file byte for byte as it was); a deal of the round is added and ranked.
#[test]
fn a_tarot_table_refuses_what_its_evening_would_not_count() {
    let dir = tempfile::tempdir().unwrap();
    let ev = json!({"format": "marque-evening", "version": 1, "kind": "tarot",
        "players": ["Anne", "Bruno", "Claire", "David", "Elise", "Fabien", "Gaelle", "Henri"],
        "rounds": 2, "deals_per_round": 2, "rotation": "shift",
        "tables": [{"table": 1, "round": 1, "file": "r1t1.json"},
                   {"table": 2, "round": 1, "file": "r1t2.json"},
                   {"table": 1, "round": 2, "file": "r2t1.json"},
                   {"table": 2, "round": 2, "file": "r2t2.json"}]});
    let path = dir.path().join("concours.evening.json");
    std::fs::write(&path, ev.to_string()).unwrap();
    let t = dir.path().join("r1t1.json");
    let session = json!({"format": "marque-session", "version": 1, "game": "tarot",
        "players": ["Anne", "Claire", "Elise", "Gaelle"], "options": {}, "hands": []});
    std::fs::write(&t, session.to_string()).unwrap();
    let file = t.to_str().unwrap();
    let deal = r#"{"taker": 0, "contract": "garde", "bouts": 2, "points": 49}"#;
    assert!(marque(&["add", file, deal]).status.success());
    let before = std::fs::read(&t).unwrap();
    for (hand, said) in [
        (
            r#"{"event": "join", "player": "Henri"}"#,
            "no replacement, arrival or departure",
        ),
        (
            r#"{"event": "leave", "seat": 3}"#,
            "no replacement, arrival or departure",
        ),
        (
            r#"{"event": "replace", "seat": 1, "player": "Bruno"}"#,
            "no replacement",
        ),
    ] {
        let o = marque(&["add", file, hand, "--lang", "en"]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{hand}: {err}");
        assert!(
            err.contains("a table of the evening") && err.contains(said),
            "{err}"
        );
        assert_eq!(
            std::fs::read(&t).unwrap(),
            before,
            "{hand}: nothing written"
        );
    }
    assert!(
        marque(&["add", file, deal]).status.success(),
        "the round's second deal"
    );
    let full = std::fs::read(&t).unwrap();
    let o = marque(&["add", file, deal, "--lang", "fr"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("table de la soirée"), "{err}");
    assert_eq!(
        std::fs::read(&t).unwrap(),
        full,
        "a third deal: nothing written"
    );
    let (code, json, err) = out(&path, &[]);
    assert_eq!(code, Some(0), "{err}");
    let v: Value = serde_json::from_str(&json).unwrap();
    let anne = v["ranking"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["player"] == "Anne")
        .unwrap();
    assert_eq!(anne["tables"], json!(1), "{anne}");
}

/// A table's file that is a FIFO is said as such: `marque add` to it neither hangs nor writes,
/// and the evening names it.
#[test]
fn a_table_file_that_is_a_fifo_is_said_and_never_waited_on() {
    let (dir, path) = folder([None, Some(table(json!([]))), None]);
    let t1 = dir.path().join("soir-t1.json");
    let made = std::process::Command::new("mkfifo")
        .arg(&t1)
        .status()
        .unwrap();
    assert!(made.success());
    let deal = json!({"board": 1, "contract": "4S", "declarer": "N", "tricks": 10}).to_string();
    let o = marque(&["add", t1.to_str().unwrap(), &deal, "--lang", "en"]);
    assert_eq!(o.status.code(), Some(2), "{o:?}");
    let said = String::from_utf8_lossy(&o.stderr).into_owned();
    assert!(
        said.contains("not a regular file") || said.contains("FIFO"),
        "{said}"
    );
    assert!(t1.exists(), "the FIFO is left as it was");
    let (code, stdout, err) = out(&path, &["--lang", "en"]);
    assert_eq!(code, Some(2), "{stdout}");
    assert!(err.starts_with("soir-t1.json: "), "{err}");
}
