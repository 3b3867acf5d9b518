//! The other side's word from its own phone, over HTTP against `marque serve --pairing`: a
//! side pairs a phone with its offer, the phone names itself, answers the hand its side is
//! asked, and that answer is written once through the session's document; everything else a
//! phone or a hostile client may send is refused, the file byte for byte as it was.
#![allow(clippy::unwrap_used, clippy::expect_used, reason = "tests fail loudly")]

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use serde_json::{Value, json};

mod common;
use common::phone::{FORM, Refusal, all_refused, pair, send, token, words};
use common::{Served, marque, serve_with};

fn serve_pairing(dir: &std::path::Path) -> Served {
    serve_with(dir, &["--pairing"], &[])
}

/// A bridge session that asks the other side's word, with one deal NS made (EW answers it).
fn folder() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("soir.json");
    let head = json!({"format": "marque-session", "version": 1, "id": "soir", "game": "bridge",
        "created": "2026-11-27T20:00:00+01:00", "players": ["Anne", "Bruno", "Claire", "David"],
        "options": {}, "confirm": true, "title": "Le <b>mardi</b>", "hands": []});
    std::fs::write(&file, head.to_string()).unwrap();
    let out = marque(&[
        "add",
        file.to_str().unwrap(),
        r#"{"contract":"4S","declarer":"N","tricks":10}"#,
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    (dir, file)
}

/// EW's offer: the path of its pairing page.
fn ew_offer(s: &mut Served) -> String {
    let offers = s.pairing_lines(2);
    offers[1]
        .1
        .strip_prefix(&format!("http://{}", s.host))
        .unwrap()
        .to_string()
}

/// The evening served with `--pairing`, and EW's phone paired as Chloé: its page's path (the
/// folder kept while the server runs).
fn ew_paired() -> (tempfile::TempDir, std::path::PathBuf, Served, String) {
    let (dir, file) = folder();
    let mut s = serve_pairing(dir.path());
    let ew_offer = ew_offer(&mut s);
    let ew = pair(&s.host, &ew_offer, "Chloé");
    (dir, file, s, ew)
}

#[test]
fn a_paired_side_gives_its_word_once_and_nothing_else_is_taken() {
    let (dir, file) = folder();
    let mut s = serve_pairing(dir.path());
    let offers = s.pairing_lines(2);
    assert_eq!(offers.len(), 2, "NS and EW each get a line: {offers:?}");
    assert!(offers[0].0.contains("Le <b>mardi</b> — NS"), "{offers:?}");
    assert!(offers[1].0.contains("EO"), "{offers:?}");
    let path = |url: &str| {
        url.strip_prefix(&format!("http://{}", s.host))
            .unwrap()
            .to_string()
    };
    let (ns_offer, ew_offer) = (path(&offers[0].1), path(&offers[1].1));
    let ew = pair(&s.host, &ew_offer, "Chloé");
    let ns = pair(&s.host, &ns_offer, "Denis");
    // EW's phone shows the deal from its side, escaped, with the count and its rules once.
    let (code, head, page) = send(&s.host, "GET", &ew, &[], "");
    assert_eq!(code, 200);
    assert!(head.contains("form-action 'self'"), "{head}");
    assert!(
        page.contains("Le &lt;b&gt;mardi&lt;/b&gt;") && !page.contains("<b>mardi"),
        "escaped"
    );
    assert!(page.contains("Vous êtes EO — Chloé"), "{page}");
    assert!(
        page.contains("Vous marquez 0</strong>, NS marque +120"),
        "{page}"
    );
    assert_eq!(
        page.matches("<details>").count(),
        1,
        "each rule's text once"
    );
    let t = token(&page).expect("the hand's one-time token");
    // NS's phone has nothing to answer: the deal is EW's word.
    let (_, _, ns_page) = send(&s.host, "GET", &ns, &[], "");
    assert!(token(&ns_page).is_none(), "NS answers nothing here");
    let before = std::fs::read(&file).unwrap();
    // Refused, the file byte for byte as it was: another side's pairing with EW's token, the
    // room's read-only address, a form from another origin or that the browser says is
    // cross-site, a request without the page's token, a body of 64 KiB, not a form, a name
    // that is not this server's (another site's name turned to this address) or none.
    let yes = format!("t={t}&w=yes");
    let port = s.host.rsplit(':').next().unwrap().to_string();
    let evil: &'static str = Box::leak(format!("evil.example:{port}").into_boxed_str());
    let refusals: Vec<Refusal> = vec![
        (ew.clone(), vec![FORM, ("Host", evil)], yes.clone(), 421),
        (ew.clone(), vec![FORM, ("Host", "")], yes.clone(), 421),
        (ns.clone(), vec![FORM], yes.clone(), 403),
        (format!("{}/s/soir", s.root), vec![FORM], yes.clone(), 413),
        (
            ew.clone(),
            vec![FORM, ("Origin", "http://evil.example")],
            yes.clone(),
            403,
        ),
        (
            ew.clone(),
            vec![FORM, ("Sec-Fetch-Site", "cross-site")],
            yes.clone(),
            403,
        ),
        (ew.clone(), vec![FORM], "w=yes".to_string(), 403),
        (
            ew.clone(),
            vec![FORM],
            format!("t={t}&w=yes&why={}", "x".repeat(64 * 1024)),
            413,
        ),
        (
            ew.clone(),
            vec![("Content-Type", "text/plain")],
            yes.clone(),
            415,
        ),
    ];
    all_refused(&s.host, &file, &refusals);
    assert_eq!(std::fs::read(&file).unwrap(), before);
    // EW agrees: one log entry, its side and its phone's name; sent again, and a hundred times
    // at once, the same reply and nothing more.
    let (code, _, said) = send(&s.host, "POST", &ew, &[FORM], &yes);
    assert_eq!(code, 200);
    assert!(said.contains("est noté"), "{said}");
    assert_eq!(
        words(&file),
        [("confirm".into(), "EW".into(), "Chloé".into())]
    );
    let threads: Vec<_> = (0..100)
        .map(|_| {
            let (host, ew, yes) = (s.host.clone(), ew.clone(), yes.clone());
            // A hundred connections at once from one address are more strangers than the
            // room keeps waiting: the server may let some go before they are read (its
            // defence). A phone sends again what got no answer; every answer is the same.
            std::thread::spawn(move || {
                for _ in 0..20 {
                    let answer = send(&host, "POST", &ew, &[FORM], &yes);
                    if answer.0 != 0 {
                        return answer;
                    }
                    std::thread::sleep(std::time::Duration::from_millis(50));
                }
                (0, String::new(), String::new())
            })
        })
        .collect();
    for th in threads {
        let (code, _, said) = th.join().unwrap();
        assert_eq!(code, 200, "answered");
        assert!(said.contains("est noté"), "the same reply: {said}");
    }
    assert_eq!(
        words(&file).len(),
        1,
        "one word, however many times it was sent"
    );
    // A revoked or expired pairing answers nothing: the server started again knows none.
    drop(s);
    let s = serve_pairing(dir.path());
    let (code, _, _) = send(&s.host, "GET", &ew, &[], "");
    assert_eq!(code, 404, "a pairing of the last sharing");
}

#[test]
fn an_answer_to_a_hand_changed_since_it_was_shown_is_refused_and_the_phone_sees_it_anew() {
    let (_dir, file, s, ew) = ew_paired();
    let (_, _, page) = send(&s.host, "GET", &ew, &[], "");
    let t = token(&page).unwrap();
    // The deal corrected at the table (the file rewritten by another writer: one more trick).
    let mut v: Value = serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
    v["hands"][0]["tricks"] = json!(11);
    std::fs::write(&file, v.to_string()).unwrap();
    let before = std::fs::read(&file).unwrap();
    let (code, _, said) = send(
        &s.host,
        "POST",
        &ew,
        &[FORM],
        &format!("t={t}&w=no&why=pas+11"),
    );
    assert_eq!(code, 200);
    assert!(said.contains("a changé depuis"), "{said}");
    assert_eq!(std::fs::read(&file).unwrap(), before, "nothing written");
    // The phone sees the deal as it now is, with a fresh token; disputing it is recorded with
    // why, and the room's page marks the deal disputed.
    let t2 = token(&said).expect("the deal again, a new token");
    assert_ne!(t, t2);
    let (code, _, said) = send(
        &s.host,
        "POST",
        &ew,
        &[FORM],
        &format!("t={t2}&w=no&why=il+en+a+fait+10"),
    );
    assert_eq!(code, 200);
    assert!(said.contains("est noté"), "{said}");
    let v: Value = serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
    let last = v["log"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(last["new"]["why"], json!("il en a fait 10"), "{last}");
    let (_, _, room) = send(&s.host, "GET", &format!("{}/s/soir", s.root), &[], "");
    assert!(
        room.contains("class=\"last disputed\"") && room.contains("contestée"),
        "{room}"
    );
}

/// A phone naming itself with HTML is text on its side's pages and in the log; two phones
/// answering at once while `marque add` appends deals lose nothing: every deal added is in
/// the file, each answer logged once.
#[test]
fn names_holding_html_are_text_and_two_phones_and_an_append_lose_nothing() {
    let (dir, file) = folder();
    // A second deal that EW makes: NS answers it.
    let out = marque(&[
        "add",
        file.to_str().unwrap(),
        r#"{"contract":"3NT","declarer":"E","tricks":9}"#,
    ]);
    assert!(out.status.success(), "the second deal");
    let mut s = serve_pairing(dir.path());
    let offers = s.pairing_lines(2);
    let path = |url: &str| {
        url.strip_prefix(&format!("http://{}", s.host))
            .unwrap()
            .to_string()
    };
    let hostile = "<img src=x onerror=alert(1)>";
    let ns = pair(&s.host, &path(&offers[0].1), "Denis");
    let ew = pair(&s.host, &path(&offers[1].1), &encoded(hostile));
    let (_, _, ew_page) = send(&s.host, "GET", &ew, &[], "");
    assert!(!ew_page.contains("<img"), "the name is text: {ew_page}");
    assert!(
        ew_page.contains("&lt;img src=x onerror=alert(1)&gt;"),
        "{ew_page}"
    );
    let (_, _, ns_page) = send(&s.host, "GET", &ns, &[], "");
    let (ew_t, ns_t) = (token(&ew_page).unwrap(), token(&ns_page).unwrap());
    let mut all = Vec::new();
    for (to, t) in [(ew.clone(), ew_t), (ns.clone(), ns_t)] {
        let host = s.host.clone();
        all.push(std::thread::spawn(move || {
            send(&host, "POST", &to, &[FORM], &format!("t={t}&w=yes"))
                .2
                .contains("est noté")
        }));
    }
    let f = file.clone();
    let adding = std::thread::spawn(move || {
        (0..5)
            .filter(|_| {
                marque(&[
                    "add",
                    f.to_str().unwrap(),
                    r#"{"contract":"2H","declarer":"S","tricks":8}"#,
                ])
                .status
                .success()
            })
            .count()
    });
    for a in all {
        assert!(a.join().unwrap(), "each phone's word recorded");
    }
    let added = adding.join().unwrap();
    let v: Value = serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
    assert_eq!(
        v["hands"].as_array().unwrap().len(),
        2 + added,
        "every deal acknowledged is there"
    );
    let mut said = words(&file);
    said.sort();
    assert_eq!(
        said,
        [
            ("confirm".to_string(), "EW".to_string(), hostile.to_string()),
            ("confirm".to_string(), "NS".to_string(), "Denis".to_string())
        ],
        "each answer once"
    );
    // EW is asked the deals added since, the last first, and told how many more wait.
    let (_, _, ew_page) = send(&s.host, "GET", &ew, &[], "");
    assert!(added > 1, "deals were added");
    let more = format!("Ensuite : {} de plus à confirmer.", added - 1);
    assert!(ew_page.contains(&more), "{more} in {ew_page}");
}

/// `text` as a form's value: every byte but letters and digits as `%XX`.
fn encoded(text: &str) -> String {
    text.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

/// A phone's form sent a byte at a time, and never whole, is let go: the server answers 408 and
/// closes, the file untouched.
#[test]
fn a_form_trickled_is_let_go() {
    let (_dir, file, s, ew) = ew_paired();
    let before = std::fs::read(&file).unwrap();
    let mut c = TcpStream::connect(&s.host).unwrap();
    c.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    write!(
        c,
        "POST {ew} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 2000\r\n\r\nt=",
        s.host
    )
    .unwrap();
    let start = std::time::Instant::now();
    // A byte now and then, each well within the room's silence: the body never comes whole.
    let mut answer = String::new();
    c.set_read_timeout(Some(Duration::from_millis(500)))
        .unwrap();
    while start.elapsed() < Duration::from_secs(25) {
        if c.write_all(b"a").is_err() {
            break;
        }
        let mut buf = [0u8; 512];
        match c.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => answer.push_str(&String::from_utf8_lossy(&buf[..n])),
            Err(_) => {}
        }
        if answer.contains("\r\n\r\n") {
            break;
        }
    }
    assert!(answer.starts_with("HTTP/1.1 408"), "let go: {answer:?}");
    assert!(
        start.elapsed() < Duration::from_secs(20),
        "within the form's time: {:?}",
        start.elapsed()
    );
    assert_eq!(std::fs::read(&file).unwrap(), before, "nothing written");
}

/// Two hundred connections posting to a phone's address at once, half of them never sending
/// their body: the room still answers a page at once, the phone's word is written once, and
/// nothing else is.
#[test]
fn a_crowd_posting_never_silences_the_room_nor_writes_twice() {
    let (_dir, file, s, ew) = ew_paired();
    let (_, _, page) = send(&s.host, "GET", &ew, &[], "");
    let t = token(&page).unwrap();
    // Half hold their connection open, a head and no body; half post the word.
    let mut held = Vec::new();
    for _ in 0..100 {
        if let Ok(mut c) = TcpStream::connect(&s.host) {
            let head = format!(
                "POST {ew} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 900\r\n\r\n",
                s.host
            );
            c.write_all(head.as_bytes()).ok();
            held.push(c);
        }
    }
    let posting: Vec<_> = (0..100)
        .map(|_| {
            let (host, ew, body) = (s.host.clone(), ew.clone(), format!("t={t}&w=yes"));
            std::thread::spawn(move || {
                for _ in 0..20 {
                    let answer = send(&host, "POST", &ew, &[FORM], &body);
                    if answer.0 != 0 {
                        return answer.0;
                    }
                    std::thread::sleep(Duration::from_millis(50));
                }
                0
            })
        })
        .collect();
    // A page of the room, meanwhile, within 5 s. From the crowd's own address a new
    // connection may be let go at first (one address cannot take the room's places): it is
    // made again, as a page does.
    let start = std::time::Instant::now();
    let mut code = 0;
    while code == 0 && start.elapsed() < Duration::from_secs(5) {
        code = send(&s.host, "GET", &format!("{}/s/soir", s.root), &[], "").0;
        if code == 0 {
            std::thread::sleep(Duration::from_millis(50));
        }
    }
    assert_eq!(code, 200, "the room answers");
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "the room answered in {:?}",
        start.elapsed()
    );
    for p in posting {
        assert_eq!(p.join().unwrap(), 200, "each post answered");
    }
    drop(held);
    assert_eq!(
        words(&file),
        [("confirm".into(), "EW".into(), "Chloé".into())],
        "one word"
    );
}

/// At the 2500 each seated player gives their own word from their phone: a brasse is agreed
/// once all of them agreed, one disputing holds it, and one player's answer never makes the
/// hand another was shown stale.
#[test]
fn at_the_2500_each_player_answers_for_themself() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("brasse.json");
    let head = json!({"format": "marque-session", "version": 1, "id": "brasse", "game": "2500",
        "created": "2026-11-27T20:00:00+01:00", "players": ["Paul", "Lise", "Marc"],
        "options": {}, "confirm": true, "hands": []});
    std::fs::write(&file, head.to_string()).unwrap();
    let brasse = r#"{"frime":"8","laid":[["A","K"],[],["5"]],"hand":[["3"],["4"],["K"]]}"#;
    let out = marque(&["add", file.to_str().unwrap(), brasse]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut s = serve_pairing(dir.path());
    let offers = s.pairing_lines(3);
    assert_eq!(offers.len(), 3, "a line per player: {offers:?}");
    let phones: Vec<String> = offers
        .iter()
        .zip(["tél. Paul", "tél. Lise", "tél. Marc"])
        .map(|((_, url), label)| {
            let offer = url.strip_prefix(&format!("http://{}", s.host)).unwrap();
            pair(&s.host, offer, label)
        })
        .collect();
    // Each is shown the brasse, with its own points first.
    let pages: Vec<String> = phones
        .iter()
        .map(|p| send(&s.host, "GET", p, &[], "").2)
        .collect();
    assert!(pages[0].contains("Vous marquez +105"), "{}", pages[0]);
    let tokens: Vec<String> = pages.iter().map(|p| token(p).expect("asked")).collect();
    let answer = |k: usize, w: &str| {
        let body = format!("t={}&w={w}", tokens[k]);
        let (code, _, page) = send(&s.host, "POST", &phones[k], &[FORM], &body);
        assert_eq!(code, 200, "{page}");
        page
    };
    let room = |host: &str| send(host, "GET", &format!("{}/s/brasse", s.root), &[], "").2;
    // Lise agrees, then Marc disputes on the page he was shown before she answered.
    let page = answer(1, "yes");
    assert!(page.contains("est noté"), "{page}");
    assert!(
        !room(&s.host).contains("class=\"last disputed\""),
        "Paul and Marc still to answer"
    );
    let page = answer(2, "no");
    assert!(
        page.contains("est noté"),
        "Lise's word left Marc's page good: {page}"
    );
    assert!(
        room(&s.host).contains("class=\"last disputed\""),
        "Marc disputes: the brasse is marked"
    );
    // Paul's page, shown before either answered, is still good; it names who agreed.
    let (_, _, paul) = send(&s.host, "GET", &phones[0], &[], "");
    assert!(paul.contains("Lise est déjà d"), "{paul}");
    assert!(paul.contains("Marc n&#39;est pas d&#39;accord"), "{paul}");
    assert!(
        !paul.contains("Vous avez dit"),
        "Paul disputed nothing: {paul}"
    );
    answer(0, "yes");
    // Marc thinks again: his page asks him still, and his agreement settles the brasse.
    let (_, _, marc) = send(&s.host, "GET", &phones[2], &[], "");
    let t = token(&marc).expect("Marc, who disputed, is asked again");
    let (code, _, _) = send(
        &s.host,
        "POST",
        &phones[2],
        &[FORM],
        &format!("t={t}&w=yes"),
    );
    assert_eq!(code, 200);
    assert!(
        !room(&s.host).contains("class=\"last disputed\""),
        "all three agreed"
    );
    for p in &phones {
        let (_, _, page) = send(&s.host, "GET", p, &[], "");
        assert!(token(&page).is_none(), "nothing more to answer: {page}");
    }
    let v: Value = serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
    let said: Vec<(String, String, u64)> = v["log"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| matches!(e["action"].as_str(), Some("confirm" | "dispute")))
        .map(|e| {
            let n = &e["new"];
            (
                e["action"].as_str().unwrap().to_string(),
                n["side"].as_str().unwrap().to_string(),
                n["seat"].as_u64().unwrap(),
            )
        })
        .collect();
    let want = [
        ("confirm", "Lise", 1),
        ("dispute", "Marc", 2),
        ("confirm", "Paul", 0),
        ("confirm", "Marc", 2),
    ]
    .map(|(a, s, k)| (a.to_string(), s.to_string(), k));
    assert_eq!(said, want);
    // The table disputes it on the laptop (a word of no seat): every phone is asked again and
    // told the table disputes it, none that it said so itself.
    let mut v = v;
    v["log"]
        .as_array_mut()
        .unwrap()
        .push(json!({"at": "2026-11-27T21:30:00+01:00",
        "action": "dispute", "hand": 1, "old": null, "new": {"side": null}}));
    std::fs::write(&file, v.to_string()).unwrap();
    let (_, _, paul) = send(&s.host, "GET", &phones[0], &[], "");
    assert!(paul.contains("Contestée à la table"), "{paul}");
    assert!(!paul.contains("Vous avez dit"), "{paul}");
    assert!(token(&paul).is_some(), "asked again");
}

/// A phone posting a token the server does not hold (a page shown long ago, its token
/// forgotten, or none at all) is refused in words: nothing written, and its page as it now is,
/// with a token that works.
#[test]
fn a_stale_page_is_refused_in_words_and_shown_anew() {
    let (_dir, file, s, ew) = ew_paired();
    let before = std::fs::read(&file).unwrap();
    for body in ["t=0123456789abcdef0123456789abcdef&w=yes", "w=yes"] {
        let (code, head, page) = send(&s.host, "POST", &ew, &[FORM], body);
        assert_eq!(code, 403, "{body}");
        assert!(head.to_ascii_lowercase().contains("text/html"), "{head}");
        assert!(
            page.contains("plus à jour : rien n&#39;a été noté"),
            "{page}"
        );
        assert_eq!(
            std::fs::read(&file).unwrap(),
            before,
            "nothing written: {body}"
        );
    }
    let (_, _, page) = send(&s.host, "POST", &ew, &[FORM], "w=no");
    let t = token(&page).expect("the page again, with a fresh token");
    let (code, _, said) = send(&s.host, "POST", &ew, &[FORM], &format!("t={t}&w=yes"));
    assert_eq!(code, 200);
    assert!(said.contains("est noté"), "{said}");
    assert_eq!(words(&file).len(), 1);
}

/// A pairing form posted with a token the server does not hold is refused in words: nothing
/// paired, the form again with a token that pairs.
#[test]
fn a_stale_pairing_form_is_refused_in_words() {
    let (dir, _file) = folder();
    let mut s = serve_pairing(dir.path());
    let offer = ew_offer(&mut s);
    let body = "t=0123456789abcdef0123456789abcdef&label=Chlo%C3%A9";
    let (code, _, page) = send(&s.host, "POST", &offer, &[FORM], body);
    assert_eq!(code, 403);
    assert!(
        page.contains("aucun téléphone n&#39;a été associé"),
        "{page}"
    );
    let t = token(&page).expect("the form again");
    let (code, head, _) = send(
        &s.host,
        "POST",
        &offer,
        &[FORM],
        &format!("t={t}&label=Chloé"),
    );
    assert_eq!(code, 303, "{head}");
}

/// The session's file turned into a link after the phone was shown its hand: the answer is
/// refused and nothing is written through the link (its target byte for byte as it was).
#[test]
fn an_answer_never_writes_through_a_link() {
    let (dir, file, s, ew) = ew_paired();
    let (_, _, page) = send(&s.host, "GET", &ew, &[], "");
    let t = token(&page).expect("the hand asked");
    let elsewhere = tempfile::tempdir().unwrap();
    let target = elsewhere.path().join("soir.json");
    std::fs::rename(&file, &target).unwrap();
    std::os::unix::fs::symlink(&target, &file).unwrap();
    let before = std::fs::read(&target).unwrap();
    let (code, _, said) = send(&s.host, "POST", &ew, &[FORM], &format!("t={t}&w=yes"));
    assert_ne!(code, 200, "{said}");
    assert!(!said.contains("est noté"), "{said}");
    assert_eq!(
        std::fs::read(&target).unwrap(),
        before,
        "nothing written through the link"
    );
    assert!(
        std::fs::symlink_metadata(&file)
            .unwrap()
            .file_type()
            .is_symlink(),
        "the link left as it is"
    );
    drop(dir);
}

/// At the 2500: a substitute takes Marc's seat, and Marc's phone answers for nobody (its page
/// says so, its answer shown before is not written); the brasse that ends the partie is still
/// answered from the phones.
#[test]
fn a_substitutes_seat_is_not_answered_by_the_old_phone_and_the_last_brasse_is() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("fin.json");
    let head = json!({"format": "marque-session", "version": 1, "id": "fin", "game": "2500",
        "created": "2026-11-27T20:00:00+01:00", "players": ["Paul", "Lise", "Marc"],
        "options": {"target": 200}, "confirm": true, "hands": []});
    std::fs::write(&file, head.to_string()).unwrap();
    let brasse = r#"{"frime":"8","laid":[["A","K"],[],["5"]],"hand":[["3"],["4"],["K"]]}"#;
    let add = |what: &str| {
        let out = marque(&["add", file.to_str().unwrap(), what]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    };
    add(brasse);
    let mut s = serve_pairing(dir.path());
    let offers = s.pairing_lines(3);
    let phone = |k: usize, label: &str| {
        let offer = offers[k]
            .1
            .strip_prefix(&format!("http://{}", s.host))
            .unwrap();
        pair(&s.host, offer, label)
    };
    let (paul, marc) = (phone(0, "tél. Paul"), phone(2, "tél. Marc"));
    let (_, _, page) = send(&s.host, "GET", &marc, &[], "");
    let t = token(&page).expect("Marc is asked brasse 1");
    add(r#"{"event":"replace","seat":2,"player":"Nina"}"#);
    let before = std::fs::read(&file).unwrap();
    let (code, _, said) = send(&s.host, "POST", &marc, &[FORM], &format!("t={t}&w=yes"));
    assert_eq!(code, 404, "{said}");
    assert!(
        said.contains("Un autre joueur a pris cette place"),
        "{said}"
    );
    assert_eq!(
        std::fs::read(&file).unwrap(),
        before,
        "nothing written for Nina's seat"
    );
    let (code, _, page) = send(&s.host, "GET", &marc, &[], "");
    assert_eq!(code, 404, "Marc's phone is paired no more: {page}");
    // Brasse 2 takes Paul past 200: the partie is over; its last brasse is still answered.
    add(brasse);
    let (_, _, page) = send(&s.host, "GET", &paul, &[], "");
    assert!(page.contains("Brasse 2"), "{page}");
    let t = token(&page).expect("Paul is asked the last brasse");
    let (code, _, said) = send(&s.host, "POST", &paul, &[FORM], &format!("t={t}&w=yes"));
    assert_eq!(code, 200);
    assert!(said.contains("est noté"), "{said}");
    let v: Value = serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
    let words: Vec<&Value> = v["log"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["action"] == "confirm")
        .collect();
    assert_eq!(words.len(), 1, "{words:?}");
    assert_eq!(
        (words[0]["hand"].as_u64(), words[0]["new"]["side"].as_str()),
        (Some(3), Some("Paul"))
    );
}

/// A side holds a few phones: the fifth is refused in words (nothing paired, the form again),
/// and the first four still answer.
#[test]
fn a_side_holds_four_phones_and_the_fifth_is_told_why() {
    let (dir, file) = folder();
    let mut s = serve_pairing(dir.path());
    let ew_offer = ew_offer(&mut s);
    let phones: Vec<String> = ["A", "B", "C", "D"]
        .iter()
        .map(|n| pair(&s.host, &ew_offer, n))
        .collect();
    let (_, _, form) = send(&s.host, "GET", &ew_offer, &[], "");
    let t = token(&form).expect("the pairing form");
    let (code, _, page) = send(
        &s.host,
        "POST",
        &ew_offer,
        &[FORM],
        &format!("t={t}&label=E"),
    );
    assert_eq!(code, 403, "{page}");
    assert!(
        page.contains("Ce camp a déjà 4 téléphones associés"),
        "{page}"
    );
    assert!(token(&page).is_some(), "the form again");
    // The first phone still gives its word.
    let (_, _, asked) = send(&s.host, "GET", &phones[0], &[], "");
    let t = token(&asked).expect("the hand asked");
    let (code, _, _) = send(
        &s.host,
        "POST",
        &phones[0],
        &[FORM],
        &format!("t={t}&w=yes"),
    );
    assert_eq!(code, 200);
    assert_eq!(words(&file).len(), 1, "its word noted");
}

/// A reason and a phone's name holding NUL, ESC and direction overrides (U+202E) are kept
/// without them: the file, the log and a terminal read them as plain text.
#[test]
fn a_reason_is_stored_without_control_characters_or_direction_overrides() {
    let (dir, file) = folder();
    let mut s = serve_pairing(dir.path());
    let offer = ew_offer(&mut s);
    let ew = pair(&s.host, &offer, "Chlo\u{202e}é\u{1b}[2J");
    let (_, _, page) = send(&s.host, "GET", &ew, &[], "");
    let t = token(&page).expect("the hand asked");
    let why = "pas\u{0} 11\u{1b}[31m \u{202e}0101\u{2066}";
    let body = format!("t={t}&w=no&why={}", encoded(why));
    let (code, _, _) = send(&s.host, "POST", &ew, &[FORM], &body);
    assert_eq!(code, 200);
    let text = std::fs::read_to_string(&file).unwrap();
    let v: Value = serde_json::from_str(&text).unwrap();
    let word = v["log"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["action"] == "dispute")
        .expect("the word noted");
    assert_eq!(word["new"]["why"], "pas 11[31m 0101", "{word}");
    assert_eq!(word["new"]["phone"], "Chloé[2J", "{word}");
    for bad in ['\u{0}', '\u{1b}', '\u{202e}', '\u{2066}'] {
        assert!(!text.contains(bad), "{bad:?} in the file");
    }
    drop(dir);
}

/// Three of EW's four phones reload their page as fast as they can while the laptop enters a
/// deal every 150 ms and the fourth phone answers each: the reloads forget only their own
/// pages, so every deal gets the fourth phone's word, each answered within 2 s, written once.
#[test]
fn three_phones_reloading_never_silence_the_fourth() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    let (dir, file) = folder();
    let mut s = serve_pairing(dir.path());
    let offer = ew_offer(&mut s);
    let phones: Vec<String> = (0..4)
        .map(|k| pair(&s.host, &offer, &format!("tel{k}")))
        .collect();
    let stop = Arc::new(AtomicBool::new(false));
    let reloads = Arc::new(AtomicUsize::new(0));
    let reloading: Vec<_> = phones[..3]
        .iter()
        .map(|page| {
            let (host, page, stop, reloads) =
                (s.host.clone(), page.clone(), stop.clone(), reloads.clone());
            std::thread::spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    send(&host, "GET", &page, &[], "");
                    reloads.fetch_add(1, Ordering::Relaxed);
                }
            })
        })
        .collect();
    let start = std::time::Instant::now();
    let (mut noted, mut slowest) = (0, std::time::Duration::ZERO);
    for _ in 0..10 {
        let out = marque(&[
            "add",
            file.to_str().unwrap(),
            r#"{"contract":"3NT","declarer":"S","tricks":9}"#,
        ]);
        assert!(out.status.success());
        std::thread::sleep(std::time::Duration::from_millis(150));
        let (_, _, page) = send(&s.host, "GET", &phones[3], &[], "");
        let t = token(&page).expect("the deal shown to the fourth phone");
        let asked = std::time::Instant::now();
        let (code, _, said) = send(
            &s.host,
            "POST",
            &phones[3],
            &[FORM],
            &format!("t={t}&w=yes"),
        );
        slowest = slowest.max(asked.elapsed());
        assert_eq!(code, 200, "{said}");
        noted += usize::from(said.contains("est noté"));
    }
    stop.store(true, Ordering::Relaxed);
    for r in reloading {
        r.join().unwrap();
    }
    let rate = reloads.load(Ordering::Relaxed) as f64 / start.elapsed().as_secs_f64();
    eprintln!("{rate:.0} reloads a second; slowest answer {slowest:?}");
    assert_eq!(noted, 10, "every word noted");
    assert!(slowest < std::time::Duration::from_secs(2), "{slowest:?}");
    // Each of the ten deals agreed once, by the fourth phone (the phone is shown the last deal
    // awaiting its word: the folder's first one is left to the laptop).
    let said = words(&file);
    assert_eq!(said.len(), 10, "{said:?}");
    let by_tel3 =
        |(a, side, p): &(String, String, String)| a == "confirm" && side == "EW" && p == "tel3";
    assert!(said.iter().all(by_tel3), "{said:?}");
}
