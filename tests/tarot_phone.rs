//! A Tarot concours's table phone, over real sockets against `marque serve --pairing`: a phone
//! scanned at table 1 names itself, is shown the round, the deal of the round and who deals,
//! enters the table's deals with the table's keys, each counted rule by rule before "Valider",
//! into the file of the round being played; once a round's deals are in, the next round's file
//! (its players moved by the rotation), until the evening is over at the table. The evening's
//! ranking follows. A deal shown before the laptop entered one, sent again, from another
//! origin or `Host`, after the evening is over: each refused, the files byte for byte as they
//! were.
#![allow(clippy::unwrap_used, clippy::expect_used, reason = "tests fail loudly")]

use std::os::unix::fs::FileTypeExt;

use serde_json::{Value, json};

mod common;
use common::phone::{FORM, Refusal, all_refused, hidden, pair, send, token};
use common::{Served, marque, serve_with};

/// Round 1 and 2 of each table as `club.tarot.rotation` seats eight players (the rules'
/// example).
const SEATED: [(u32, u32, [&str; 4]); 4] = [
    (1, 1, ["Anne", "Claire", "Elise", "Gaelle"]),
    (1, 2, ["Bruno", "David", "Fabien", "Henri"]),
    (2, 1, ["Anne", "David", "Elise", "Henri"]),
    (2, 2, ["Bruno", "Claire", "Fabien", "Gaelle"]),
];

/// A concours of eight players, two rounds of two deals, in a folder of its own in the data
/// folder (as the window sets one up), each table's file there with no deal yet: the data
/// folder and the evening's folder.
fn concours() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("concours");
    std::fs::create_dir(&folder).unwrap();
    let players = [
        "Anne", "Bruno", "Claire", "David", "Elise", "Fabien", "Gaelle", "Henri",
    ];
    let tables: Vec<Value> = SEATED
        .iter()
        .map(|(r, t, _)| json!({"table": t, "round": r, "file": format!("r{r}t{t}.json")}))
        .collect();
    let ev = json!({"format": "marque-evening", "version": 1, "kind": "tarot",
        "title": "Concours <b>de</b> la salle", "players": players, "rounds": 2,
        "deals_per_round": 2, "rotation": "shift", "tables": tables});
    std::fs::write(folder.join("concours.evening.json"), ev.to_string()).unwrap();
    for (r, t, seated) in SEATED {
        let session = json!({"format": "marque-session", "version": 1, "game": "tarot",
            "players": seated, "options": {}, "hands": []});
        std::fs::write(folder.join(format!("r{r}t{t}.json")), session.to_string()).unwrap();
    }
    (dir, folder)
}

/// Table 1's offer among those `--pairing` prints (one a table): its pairing page's path.
fn table_offer(s: &mut Served) -> String {
    let lines = s.pairing_lines(2);
    let (said, url) = lines
        .iter()
        .find(|(said, _)| said.contains("Table 1"))
        .unwrap_or_else(|| panic!("a line for table 1: {lines:?}"));
    assert!(said.contains("entre ses donnes"), "{said}");
    url.strip_prefix(&format!("http://{}", s.host))
        .unwrap()
        .to_string()
}

/// The deals of a table's file.
fn deals(file: &std::path::Path) -> Vec<Value> {
    let v: Value = serde_json::from_slice(&std::fs::read(file).unwrap()).unwrap();
    v["hands"].as_array().cloned().unwrap_or_default()
}

/// A page's text with its apostrophes as they read (the pages escape them).
fn read(page: &str) -> String {
    page.replace("&#39;", "'")
}

/// The keys of a deal: the second seated player takes a garde with two bouts and 49 points.
const DEAL: &str = "taker=1&contract=garde&bouts=2&points=49";

/// Looks at deal `n` keyed as [`DEAL`] on `phone`: the page, with its one-time token.
fn look(s: &Served, phone: &str, n: usize) -> String {
    let body = format!("do=look&n={n}&{DEAL}");
    let (code, _, look) = send(&s.host, "POST", phone, &[FORM], &body);
    assert_eq!(code, 200, "{look}");
    look
}

/// Writes what `look` showed: the page that follows.
fn write(s: &Served, phone: &str, look: &str) -> (u16, String) {
    let body = format!("do=write&t={}", token(look).unwrap());
    let (code, _, page) = send(&s.host, "POST", phone, &[FORM], &body);
    (code, read(&page))
}

#[test]
fn a_tarot_tables_phone_enters_its_deals_round_after_round() {
    let (dir, folder) = concours();
    let mut s = serve_with(dir.path(), &["--pairing"], &[]);
    let offer = table_offer(&mut s);
    let (code, _, page) = send(&s.host, "GET", &offer, &[], "");
    assert_eq!(code, 200, "{page}");
    assert!(page.contains("Concours &lt;b&gt;de"), "the title escaped");
    assert!(read(&page).contains("les donnes de la table 1"), "{page}");
    let phone = pair(&s.host, &offer, "Table <i>1</i>");
    let (code, _, page) = send(&s.host, "GET", &phone, &[], "");
    let page = read(&page);
    assert_eq!(code, 200, "{page}");
    assert!(
        page.contains("&lt;i&gt;1&lt;/i&gt;"),
        "the phone's name escaped"
    );
    assert!(page.contains("Tour 1 : donne 1 sur 2"), "{page}");
    assert!(page.contains("Claire") && !page.contains("David"), "{page}");
    assert_eq!(hidden(&page, "n"), "0");
    for k in DEAL.split('&').map(|p| p.split('=').next().unwrap()) {
        assert!(page.contains(&format!("name=\"{k}\"")), "no key {k}");
    }

    // Deal 1 of round 1: counted, then written into round 1's file, by the phone's name.
    let (r1, r2) = (folder.join("r1t1.json"), folder.join("r2t1.json"));
    let before = std::fs::read(&r1).unwrap();
    let shown = look(&s, &phone, 0);
    assert!(shown.contains("class=\"count\""), "{shown}");
    assert_eq!(std::fs::read(&r1).unwrap(), before, "looked at only");
    let t = token(&shown).unwrap();
    let refusals: Vec<Refusal> = vec![
        (
            phone.clone(),
            vec![FORM, ("Origin", "http://evil.example")],
            format!("do=write&t={t}"),
            403,
        ),
        (
            phone.clone(),
            vec![FORM, ("Host", "evil.example")],
            format!("do=write&t={t}"),
            421,
        ),
        (
            phone.clone(),
            vec![FORM],
            format!("do=look&n=1&{DEAL}"),
            400,
        ),
    ];
    all_refused(&s.host, &r1, &refusals);
    let (code, done) = write(&s, &phone, &shown);
    assert_eq!(code, 200, "{done}");
    assert!(done.contains("C'est noté"), "{done}");
    assert_eq!(deals(&r1).len(), 1);
    assert_eq!(deals(&r1)[0]["taker"], 1);
    let log = marque(&["log", r1.to_str().unwrap()]);
    assert!(String::from_utf8_lossy(&log.stdout).contains("Table <i>1</i>"));
    // The same token again: the same reply, nothing more written.
    let after = std::fs::read(&r1).unwrap();
    assert_eq!(write(&s, &phone, &shown).0, 200);
    assert_eq!(std::fs::read(&r1).unwrap(), after, "written once");

    // Deal 2 shown, then entered on the laptop first: the phone's token writes nothing, in
    // round 1's file or round 2's.
    let (_, _, page) = send(&s.host, "GET", &phone, &[], "");
    assert!(read(&page).contains("Tour 1 : donne 2 sur 2"), "{page}");
    let stale = look(&s, &phone, 1);
    let deal = json!({"taker": 0, "contract": "prise", "bouts": 1, "points": 51});
    let laptop = marque(&["add", r1.to_str().unwrap(), &deal.to_string()]);
    assert!(laptop.status.success(), "{laptop:?}");
    let (one, two) = (std::fs::read(&r1).unwrap(), std::fs::read(&r2).unwrap());
    let (_, said) = write(&s, &phone, &stale);
    assert!(!said.contains("C'est noté"), "{said}");
    assert_eq!(
        std::fs::read(&r1).unwrap(),
        one,
        "round 1 as the laptop left it"
    );
    assert_eq!(std::fs::read(&r2).unwrap(), two, "round 2 untouched");

    // Round 1 played out: the phone goes on with round 2, its players moved.
    let (_, _, page) = send(&s.host, "GET", &phone, &[], "");
    let page = read(&page);
    assert!(page.contains("Tour 2 : donne 1 sur 2"), "{page}");
    assert!(page.contains("David") && !page.contains("Claire"), "{page}");
    assert_eq!(hidden(&page, "n"), "0");
    for n in 0..2 {
        let (code, done) = write(&s, &phone, &look(&s, &phone, n));
        assert!(code == 200 && done.contains("C'est noté"), "{done}");
    }
    assert_eq!(deals(&r1).len(), 2, "round 1 kept its two deals");
    assert_eq!(deals(&r2).len(), 2, "round 2's deals in its own file");

    // Every round played: nothing more to enter, no token minted.
    let (_, _, page) = send(&s.host, "GET", &phone, &[], "");
    let page = read(&page);
    assert!(page.contains("La soirée est finie à cette table"), "{page}");
    assert!(!page.contains("name=\"taker\""), "no keys: {page}");
    let over = std::fs::read(&r2).unwrap();
    let (code, _, page) = send(
        &s.host,
        "POST",
        &phone,
        &[FORM],
        &format!("do=look&n=2&{DEAL}"),
    );
    assert_eq!(code, 400, "{page}");
    assert!(token(&page).is_none(), "no token: {page}");
    assert_eq!(std::fs::read(&r2).unwrap(), over);

    // The ranking counts what the phone entered: each player's sum is his totals at each
    // table he played, as `marque score` gives them.
    let ev = folder.join("concours.evening.json");
    let out = marque(&["evening", ev.to_str().unwrap()]);
    assert!(out.status.success(), "{out:?}");
    let ranked: Value = serde_json::from_slice(&out.stdout).unwrap();
    let mut sums = std::collections::BTreeMap::<String, i64>::new();
    for (r, t, seated) in SEATED {
        let file = folder.join(format!("r{r}t{t}.json"));
        let out = marque(&["score", file.to_str().unwrap()]);
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        for (k, p) in seated.iter().enumerate() {
            *sums.entry((*p).to_string()).or_default() += v["totals"][k].as_i64().unwrap();
        }
    }
    let text = ranked.to_string();
    assert!(sums.values().any(|v| *v != 0), "deals counted: {sums:?}");
    for row in ranked["ranking"].as_array().unwrap() {
        let name = row["player"].as_str().unwrap();
        assert_eq!(row["points"].as_i64(), Some(sums[name]), "{name}: {text}");
    }
}

/// A round stopped on the laptop before its deals were all in ("Arrêter la partie ici") is
/// played out: the table's phone goes on with the next round; the last one stopped, it says so
/// and enters nothing.
#[test]
fn a_round_stopped_on_the_laptop_sends_the_phone_to_the_next() {
    let (dir, folder) = concours();
    let mut s = serve_with(dir.path(), &["--pairing"], &[]);
    let offer = table_offer(&mut s);
    let phone = pair(&s.host, &offer, "Table");
    let (r1, r2) = (folder.join("r1t1.json"), folder.join("r2t1.json"));
    let stop = |file: &std::path::Path| {
        let mut v: Value = serde_json::from_slice(&std::fs::read(file).unwrap()).unwrap();
        v["closed"] = json!(true);
        std::fs::write(file, v.to_string()).unwrap();
    };
    assert_eq!(write(&s, &phone, &look(&s, &phone, 0)).0, 200);
    stop(&r1);
    let (_, _, page) = send(&s.host, "GET", &phone, &[], "");
    assert!(read(&page).contains("Tour 2 : donne 1 sur 2"), "{page}");
    assert_eq!(write(&s, &phone, &look(&s, &phone, 0)).0, 200);
    assert_eq!((deals(&r1).len(), deals(&r2).len()), (1, 1));
    stop(&r2);
    let (_, _, page) = send(&s.host, "GET", &phone, &[], "");
    let page = read(&page);
    assert!(
        page.contains("Le tour 2 de cette table a été arrêté"),
        "{page}"
    );
    assert!(!page.contains("name=\"taker\""), "no keys: {page}");
    let before = std::fs::read(&r2).unwrap();
    let (code, _, page) = send(
        &s.host,
        "POST",
        &phone,
        &[FORM],
        &format!("do=look&n=1&{DEAL}"),
    );
    assert_eq!(code, 400, "{page}");
    assert!(token(&page).is_none());
    assert_eq!(std::fs::read(&r2).unwrap(), before);
}

/// A round's file turned into a link or a FIFO is never followed: the table's phone says the
/// table is gone, at once, and writes nothing anywhere.
#[test]
fn a_rounds_file_turned_into_a_link_or_a_fifo_is_not_followed() {
    let (dir, folder) = concours();
    let mut s = serve_with(dir.path(), &["--pairing"], &[]);
    let offer = table_offer(&mut s);
    let phone = pair(&s.host, &offer, "Table");
    // Two deals shown, each with its token: one written through the link, one through the FIFO.
    let (shown, again) = (look(&s, &phone, 0), look(&s, &phone, 0));
    assert_ne!(token(&shown), token(&again));
    let r1 = folder.join("r1t1.json");
    // Another session of the folder, which a link in the round's place would reach.
    let other = dir.path().join("autre.json");
    std::fs::copy(&r1, &other).unwrap();
    let before = std::fs::read(&other).unwrap();
    std::fs::remove_file(&r1).unwrap();
    std::os::unix::fs::symlink(&other, &r1).unwrap();
    let (_, said) = write(&s, &phone, &shown);
    assert!(!said.contains("C'est noté"), "{said}");
    let (code, _, page) = send(&s.host, "GET", &phone, &[], "");
    assert_eq!(code, 404, "{page}");
    // A save would have put a file of its own in the link's place, or written its target.
    let kept = std::fs::symlink_metadata(&r1).unwrap().file_type();
    assert!(kept.is_symlink(), "the link left as it is");
    assert_eq!(
        std::fs::read(&other).unwrap(),
        before,
        "its target untouched"
    );
    std::fs::remove_file(&r1).unwrap();
    let made = std::process::Command::new("mkfifo")
        .arg(&r1)
        .status()
        .unwrap();
    assert!(made.success());
    let (code, _, page) = send(&s.host, "GET", &phone, &[], "");
    assert_eq!(code, 404, "{page}");
    let (_, said) = write(&s, &phone, &again);
    assert!(!said.contains("C'est noté"), "{said}");
    assert!(
        std::fs::symlink_metadata(&r1)
            .unwrap()
            .file_type()
            .is_fifo(),
        "still the FIFO"
    );
}
