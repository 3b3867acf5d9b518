//! A single table's phone, over real sockets against `marque serve --pairing`: at each of the
//! six games, a phone scanned for the session's own table names itself, is shown where the game
//! stands and the next hand's keys, keys a hand, sees it counted rule by rule, and writes it
//! with "Valider"; the hand in the file is the one `marque add` writes from the same words,
//! scored the same. Sent again, stale, from another origin, under another `Host`, with keys
//! outside the rules: each refused, the file byte for byte as it was.
#![allow(clippy::unwrap_used, clippy::expect_used, reason = "tests fail loudly")]

use serde_json::{Value, json};

mod common;
use common::phone::{FORM, Refusal, all_refused, hidden, pair, send, token};
use common::{Served, marque, serve_with};

/// Each game: its session (no hand yet), the keys of a first hand, and that hand as the
/// session file writes it.
fn games() -> Vec<(Value, &'static str, Value)> {
    let session = |game: &str, players: &[&str], options: Value| {
        json!({"format": "marque-session", "version": 1, "id": format!("{game}-1"),
               "game": game, "created": "2026-12-02T20:00:00+01:00", "players": players,
               "options": options, "title": format!("Chez <b>{game}</b>"), "hands": []})
    };
    let four = ["Anne", "Bruno", "Claire", "David"];
    vec![
        (
            session("bridge", &four, json!({})),
            "lvl=4&st=S&x=X&by=E&res=-1",
            json!({"contract": "4SX", "declarer": "E", "tricks": 9}),
        ),
        (
            session("bridge", &four, json!({"format": "chicago"})),
            "lvl=3&st=NT&x=&by=N&res=1",
            json!({"contract": "3NT", "declarer": "N", "tricks": 10}),
        ),
        (
            session("truc", &["Anne", "Bruno"], json!({})),
            "calls=0a&winner=1",
            json!({"calls": [{"by": 0, "call": "double"}, {"by": 1, "call": "accept"}],
                   "winner": 1}),
        ),
        (
            session("ascenseur", &four, json!({})),
            "bid0=1&bid1=1&bid2=0&bid3=0&tricks0=1&tricks1=0&tricks2=0&tricks3=0",
            json!({"bids": [1, 1, 0, 0], "tricks": [1, 0, 0, 0]}),
        ),
        (
            session("2500", &["Anne", "Bruno", "Claire"], json!({})),
            "frime=8&laid0=145&laid1=30&laid2=0&hand0=10&hand1=0&hand2=25",
            json!({"frime": "8", "laid": [145, 30, 0], "hand": [10, 0, 25]}),
        ),
        (
            session("democratie", &["Anne", "Bruno", "Claire"], json!({})),
            "S0=10&H0=4&D0=0&C0=2&S1=15&H1=0&D1=25&C1=0&S2=0&H2=21&D2=0&C2=23",
            json!({"captured": [{"S": 10, "H": 4, "D": 0, "C": 2},
                                {"S": 15, "H": 0, "D": 25, "C": 0},
                                {"S": 0, "H": 21, "D": 0, "C": 23}]}),
        ),
        (
            session("tarot", &four, json!({})),
            "taker=1&contract=garde&bouts=2&points=49&pab=attack",
            json!({"taker": 1, "contract": "garde", "bouts": 2, "points": 49,
                   "petit_au_bout": "attack"}),
        ),
    ]
}

/// The session's own table's offer (printed last, after every side's): its pairing page.
fn hands_offer(s: &mut Served, sides: usize) -> String {
    let lines = s.pairing_lines(sides + 1);
    let (said, url) = lines.last().unwrap_or_else(|| panic!("{lines:?}"));
    assert!(
        said.contains("entre son jeu") || said.contains("enters its play"),
        "{said}"
    );
    url.strip_prefix(&format!("http://{}", s.host))
        .unwrap()
        .to_string()
}

/// `session` (game `game`) in a folder of its own served with `--pairing`: the folder, the
/// file, the server and its session table's offer.
fn served_alone(
    session: &Value,
    game: &str,
) -> (tempfile::TempDir, std::path::PathBuf, Served, String) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join(format!("{game}.json"));
    std::fs::write(&file, session.to_string()).unwrap();
    let mut s = serve_with(dir.path(), &["--pairing"], &[]);
    let offer = hands_offer(&mut s, 0);
    (dir, file, s, offer)
}

/// The hands of a session file.
fn hands(file: &std::path::Path) -> Vec<Value> {
    let v: Value = serde_json::from_slice(&std::fs::read(file).unwrap()).unwrap();
    v["hands"].as_array().cloned().unwrap_or_default()
}

/// `marque score`'s totals of a session file.
fn totals(file: &std::path::Path) -> Value {
    let out = marque(&["score", file.to_str().unwrap()]);
    assert!(out.status.success(), "{out:?}");
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    v["totals"].clone()
}

#[test]
fn a_tables_phone_enters_a_hand_of_each_of_the_six_games() {
    for (session, keys, written) in games() {
        let game = session["game"].as_str().unwrap().to_string();
        let (dir, file, s, offer) = served_alone(&session, &game);
        // The pairing page names the session, escaped.
        let (code, _, page) = send(&s.host, "GET", &offer, &[], "");
        assert_eq!(code, 200, "{game}: {page}");
        assert!(page.contains("&lt;b&gt;"), "{game}: the title escaped");
        let phone = pair(&s.host, &offer, "Table <i>A</i>");
        let (code, _, page) = send(&s.host, "GET", &phone, &[], "");
        assert_eq!(code, 200, "{game}: {page}");
        assert!(page.contains("&lt;i&gt;A&lt;/i&gt;"), "{game}: {page}");
        assert!(!page.contains("<i>A"), "{game}: the phone's name escaped");
        assert_eq!(hidden(&page, "n"), "0", "{game}: the first hand is next");
        // Every field the keys send is one the page shows.
        for k in keys.split('&').map(|p| p.split('=').next().unwrap()) {
            assert!(
                page.contains(&format!("name=\"{k}\"")),
                "{game}: no key {k} in {page}"
            );
        }
        // Looked at: counted rule by rule, not yet written.
        let before = std::fs::read(&file).unwrap();
        let body = format!("do=look&n=0&{keys}");
        let (code, _, look) = send(&s.host, "POST", &phone, &[FORM], &body);
        assert_eq!(code, 200, "{game}: {look}");
        assert!(look.contains("class=\"count\""), "{game}: {look}");
        assert!(look.contains("<code>["), "{game}: each line's rule");
        assert_eq!(
            std::fs::read(&file).unwrap(),
            before,
            "{game}: looked at only"
        );
        let t = token(&look).unwrap();
        // Refused, the file untouched: another origin, another Host, a stale hand, keys
        // outside the rules.
        let write = format!("do=write&t={t}");
        let refusals: Vec<Refusal> = vec![
            (
                phone.clone(),
                vec![FORM, ("Origin", "http://evil.example")],
                write.clone(),
                403,
            ),
            (
                phone.clone(),
                vec![FORM, ("Host", "evil.example")],
                write.clone(),
                421,
            ),
            (
                phone.clone(),
                vec![FORM],
                format!("do=look&n=1&{keys}"),
                400,
            ),
            (phone.clone(), vec![FORM], "do=look&n=0".to_string(), 400),
            (
                phone.clone(),
                vec![FORM],
                "do=write&t=nope".to_string(),
                403,
            ),
        ];
        all_refused(&s.host, &file, &refusals);
        let (code, _, done) = send(&s.host, "POST", &phone, &[FORM], &write);
        assert_eq!(code, 200, "{game}: {done}");
        assert!(
            done.contains("noté") || done.contains("Noted"),
            "{game}: {done}"
        );
        let got = hands(&file);
        assert_eq!(got.len(), 1, "{game}: one hand written");
        for (k, v) in written.as_object().unwrap() {
            assert_eq!(&got[0][k], v, "{game}: {k} in {}", got[0]);
        }
        // The log names the phone that entered it.
        let out = marque(&["log", file.to_str().unwrap()]);
        let log = String::from_utf8_lossy(&out.stdout);
        assert!(log.contains("Table <i>A</i>"), "{game}: {log}");
        // The same token again: the same reply, nothing more written.
        let after = std::fs::read(&file).unwrap();
        let (code, _, again) = send(&s.host, "POST", &phone, &[FORM], &write);
        assert_eq!(code, 200, "{game}: {again}");
        assert_eq!(std::fs::read(&file).unwrap(), after, "{game}: written once");
        // Scored as the same words given to `marque add`.
        let twin = dir.path().join("twin.json");
        std::fs::write(&twin, session.to_string()).unwrap();
        let out = marque(&["add", twin.to_str().unwrap(), &written.to_string()]);
        assert!(out.status.success(), "{game}: {out:?}");
        assert_eq!(totals(&file), totals(&twin), "{game}");
        // The next hand is offered.
        let (_, _, page) = send(&s.host, "GET", &phone, &[], "");
        assert_eq!(hidden(&page, "n"), "1", "{game}: {page}");
    }
}

/// A rubber won over the table's phone: the phone says so and goes on with the next rubber
/// (its next deal starts it, as the laptop's "Robre suivant" does).
#[test]
fn a_rubber_over_goes_on_with_the_next() {
    let (session, _, _) = games().remove(0);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("robre.json");
    std::fs::write(&file, session.to_string()).unwrap();
    let mut s = serve_with(dir.path(), &["--pairing"], &[]);
    let offer = hands_offer(&mut s, 0);
    let phone = pair(&s.host, &offer, "Table");
    let enter = |n: usize| {
        let body = format!("do=look&n={n}&lvl=4&st=S&x=&by=N&res=0");
        let (_, _, look) = send(&s.host, "POST", &phone, &[FORM], &body);
        let write = format!("do=write&t={}", token(&look).unwrap());
        let (code, _, done) = send(&s.host, "POST", &phone, &[FORM], &write);
        assert_eq!(code, 200, "{done}");
    };
    enter(0);
    enter(1);
    let (_, _, page) = send(&s.host, "GET", &phone, &[], "");
    assert!(page.contains("C&#39;est fini pour celui-ci"), "{page}");
    assert_eq!(
        hidden(&page, "n"),
        "2",
        "the next rubber's first deal: {page}"
    );
    enter(2);
    assert_eq!(hands(&file).len(), 3);
    // The players close the session: the phone's keys write nothing more, its pairing ends.
    let mut v: Value = serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
    v["closed"] = json!(true);
    std::fs::write(&file, v.to_string()).unwrap();
    let before = std::fs::read(&file).unwrap();
    let body = "do=look&n=3&lvl=4&st=S&x=&by=N&res=0";
    let (code, _, page) = send(&s.host, "POST", &phone, &[FORM], body);
    assert_eq!(code, 404, "{page}");
    assert!(token(&page).is_none(), "no token minted: {page}");
    assert_eq!(std::fs::read(&file).unwrap(), before);
    let (code, _, _) = send(&s.host, "GET", &phone, &[], "");
    assert_eq!(code, 404, "the pairing ended");
}

/// What is at stake as the bid is keyed, in the four games with a bid: the box in its place
/// from the start (none in a game with no bid); nothing until the bid is whole; then each
/// result with its figure, and a tapped result's lines saying what `marque stakes` says of
/// that outcome (each side's score, each line's rule). Asked as the keys change, it writes
/// nothing; asked for a hand already entered, it gives nothing.
#[test]
fn the_stakes_come_as_the_bid_is_keyed() {
    // Each game: its bid keyed part way, whole, and as `marque stakes` takes it.
    let bids: [(&str, &str, &str, Value); 4] = [
        (
            "bridge",
            "lvl=4&st=S",
            "lvl=4&st=S&x=X&by=E&res=0",
            json!({"contract": "4SX", "declarer": "E"}),
        ),
        (
            "truc",
            "calls=x",
            "calls=0a&winner=1",
            json!({"calls": [{"by": 0, "call": "double"}, {"by": 1, "call": "accept"}]}),
        ),
        (
            "ascenseur",
            "bid0=1&bid1=1",
            "bid0=1&bid1=1&bid2=0&bid3=0",
            json!({"bids": [1, 1, 0, 0]}),
        ),
        (
            "tarot",
            "taker=1",
            "taker=1&contract=garde&bouts=2&pab=",
            json!({"taker": 1, "contract": "garde", "bouts": 2}),
        ),
    ];
    for (session, _, _) in games() {
        let game = session["game"].as_str().unwrap().to_string();
        let (_dir, file, s, offer) = served_alone(&session, &game);
        let phone = pair(&s.host, &offer, "Table");
        let own = phone.split('?').next().unwrap().to_string();
        let (_, _, page) = send(&s.host, "GET", &phone, &[], "");
        let Some((_, part, whole, bid)) = bids.iter().find(|(g, ..)| *g == game) else {
            assert!(!page.contains("id=\"stakes\""), "{game}: no bid, no stakes");
            continue;
        };
        assert!(page.contains("id=\"stakes\""), "{game}: the box in place");
        let before = std::fs::read(&file).unwrap();
        let ask = |keys: &str| {
            let path = format!("{own}/stakes?lang=fr&n=0&{keys}");
            let (code, _, body) = send(&s.host, "GET", &path, &[], "");
            assert_eq!(code, 200, "{game} {path}: {body}");
            body
        };
        assert_eq!(ask(part), "", "{game}: the bid not whole");
        let cells = common::phone::stakes_cells(&ask(whole));
        assert!(!cells.is_empty(), "{game}: results");
        let out = marque(&["stakes", file.to_str().unwrap(), &bid.to_string()]);
        assert!(out.status.success(), "{game}: {out:?}");
        let listed: Value = serde_json::from_slice(&out.stdout).unwrap();
        let outcomes = listed["outcomes"].as_array().unwrap();
        // The first, a likely one, the last: each tapped says its outcome's scores.
        let picks = [0, cells.len() / 2, cells.len() - 1];
        for (k, label, _) in picks.iter().map(|i| &cells[*i]) {
            let lines = ask(&format!("{whole}&k={k}"));
            assert!(
                lines.contains("<code>["),
                "{game} {label}: each line's rule"
            );
            let delta = outcomes[*k]["delta"].as_array().unwrap();
            if let Err(shown) = common::phone::says_each(&lines, delta) {
                panic!("{game} {label}: {shown} in {lines}");
            }
        }
        // A page of a hand already past gives nothing; nothing is ever written.
        let path = format!("{own}/stakes?lang=fr&n=1&{whole}");
        assert_eq!(send(&s.host, "GET", &path, &[], "").2, "", "{game}: stale");
        assert_eq!(
            std::fs::read(&file).unwrap(),
            before,
            "{game}: never written"
        );
    }
}
