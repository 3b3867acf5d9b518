//! A table's phone, over real sockets against `marque serve --pairing`: a phone scanned at
//! table 1 of a pairs evening names itself, is shown the round, the seating and the next
//! board, enters it with the table's keys, sees its score and count before confirming, and
//! E-W agree on the same phone; the evening's ranking counts it once they agreed. A board of another table or
//! round, entered twice, a stale or replayed token, another origin, another `Host`, an unknown
//! pairing: each refused, the table's file byte for byte as it was. A board E-W dispute is
//! corrected from the phone and goes back to them.
#![allow(clippy::unwrap_used, clippy::expect_used, reason = "tests fail loudly")]

use serde_json::{Value, json};

mod common;
use common::phone::{FORM, Refusal, all_refused, hidden, pair, send, token, words};
use common::{Served, marque, serve_with};

/// A 3-table Mitchell of two boards a round, at the folder's top, its tables' files empty.
fn evening() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let pairs: serde_json::Map<String, Value> = (1..=6)
        .map(|p| {
            (
                p.to_string(),
                json!([format!("Anne{p}"), format!("Bruno{p}")]),
            )
        })
        .collect();
    let ev = json!({"format": "marque-evening", "version": 1, "kind": "pairs",
        "title": "Vendredi <b>au</b> club",
        "movement": {"kind": "mitchell", "tables": 3, "boards_per_round": 2}, "pairs": pairs,
        "tables": [{"table": 1, "file": "soir-t1.json"}, {"table": 2, "file": "soir-t2.json"},
                   {"table": 3, "file": "soir-t3.json"}]});
    std::fs::write(dir.path().join("soir.evening.json"), ev.to_string()).unwrap();
    for t in 1..=3 {
        let table = json!({"format": "marque-session", "version": 1, "game": "bridge",
            "players": ["N", "E", "S", "W"], "options": {"format": "duplicate"}, "hands": []});
        std::fs::write(
            dir.path().join(format!("soir-t{t}.json")),
            table.to_string(),
        )
        .unwrap();
    }
    let file = dir.path().join("soir-t1.json");
    (dir, file)
}

/// A page's text with its apostrophes as they read (the pages escape them).
fn read(page: &str) -> String {
    page.replace("&#39;", "'")
}

/// Table 1's phone paired as `label`: the server and its page's path.
fn table_phone(dir: &std::path::Path, label: &str) -> (Served, String) {
    let mut s = serve_with(dir, &["--pairing"], &[]);
    let lines = s.pairing_lines(3);
    let (_, url) = lines
        .iter()
        .find(|(said, _)| said.contains("Table 1"))
        .unwrap_or_else(|| panic!("a line for table 1: {lines:?}"));
    let offer = url
        .strip_prefix(&format!("http://{}", s.host))
        .unwrap()
        .to_string();
    let phone = pair(&s.host, &offer, label);
    (s, phone)
}

/// The evening, table 1's phone paired as `label`, and its first page.
fn at_table(
    label: &str,
) -> (
    tempfile::TempDir,
    std::path::PathBuf,
    Served,
    String,
    String,
) {
    let (dir, file) = evening();
    let (s, phone) = table_phone(dir.path(), label);
    let (_, _, page) = send(&s.host, "GET", &phone, &[], "");
    (dir, file, s, phone, page)
}

/// The results the evening's travellers count (`results` itself is the entries read).
fn counted(evening: &std::path::Path) -> usize {
    let out = marque(&["evening", evening.to_str().unwrap()]);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    v["boards"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|b| b["results"].as_array().map_or(0, Vec::len))
        .sum()
}

/// The entries of a table's file.
fn hands(file: &std::path::Path) -> Vec<Value> {
    let v: Value = serde_json::from_slice(&std::fs::read(file).unwrap()).unwrap();
    v["hands"].as_array().cloned().unwrap_or_default()
}

/// The keys a board is entered with: 4♠ by North, made exactly, but for the fields `more`
/// gives (`&res=1`).
fn keys(page: &str, more: &str) -> String {
    let (r, b) = (hidden(page, "r"), hidden(page, "b"));
    let given: Vec<&str> = more
        .split('&')
        .filter_map(|p| p.split_once('=').map(|(k, _)| k))
        .collect();
    let defaults: String = [
        ("lvl", "4"),
        ("st", "S"),
        ("x", ""),
        ("by", "N"),
        ("res", "0"),
    ]
    .iter()
    .filter(|(k, _)| !given.contains(k))
    .map(|(k, v)| format!("&{k}={v}"))
    .collect();
    format!("do=look&r={r}&b={b}{defaults}{more}")
}

#[test]
fn a_tables_phone_enters_a_board_and_ew_agree_on_it() {
    let (dir, file) = evening();
    let (s, phone) = table_phone(dir.path(), "Table <i>un</i>");
    // The round, who sits where, the next board with its dealer and vulnerability; names
    // escaped.
    let (code, _, page) = send(&s.host, "GET", &phone, &[], "");
    assert_eq!(code, 200, "{page}");
    for said in [
        "Vendredi &lt;b&gt;au&lt;/b&gt; club",
        "Table 1 — téléphone « Table &lt;i&gt;un&lt;/i&gt; »",
        "Étui 1",
        "Tour 1",
        "N-S : paire 1 (Anne1 – Bruno1)",
        "Nord — Anne1",
        "Passée",
    ] {
        assert!(page.contains(said), "{said} in {page}");
    }
    assert!(!page.contains("<i>un</i>"), "the name escaped");
    // Its score and count, before anything is written.
    let before = std::fs::read(&file).unwrap();
    let (code, _, look) = send(&s.host, "POST", &phone, &[FORM], &keys(&page, ""));
    assert_eq!(code, 200, "{look}");
    assert!(look.contains("Score de N-S : +420"), "{look}");
    assert!(look.contains("club.deal.game"), "each line's rule: {look}");
    assert_eq!(std::fs::read(&file).unwrap(), before, "nothing written yet");
    // Confirmed: written once; the same token again is the same reply and nothing more.
    let write = format!("do=write&t={}", token(&look).unwrap());
    for _ in 0..2 {
        let (code, _, done) = send(&s.host, "POST", &phone, &[FORM], &write);
        assert_eq!(code, 200, "{done}");
        assert!(read(&done).contains("C'est noté"), "{done}");
    }
    let entered = hands(&file);
    assert_eq!(entered.len(), 1, "one board: {entered:?}");
    assert_eq!(entered[0]["board"], 1);
    assert_eq!(entered[0]["contract"], "4S");
    assert_eq!(entered[0]["ns"], 1, "the pairs the movement seats there");
    // Until E-W agree, the board does not count in the evening (its round goes on).
    let evening = dir.path().join("soir.evening.json");
    let results = || counted(&evening);
    assert_eq!(results(), 0, "not counted before E-W's word");
    // The evening's page says so: the board awaits E-W's word, not yet counted.
    let awaiting = || {
        let (code, _, page) = send(&s.host, "GET", &format!("{}/e/soir", s.root), &[], "");
        assert_eq!(code, 200, "{page}");
        read(&page).contains("Un étui saisi au téléphone attend l'accord d'EO")
    };
    assert!(awaiting(), "marked unchecked on the evening's page");
    // E-W are asked on the same phone, and agree.
    let (_, _, page) = send(&s.host, "GET", &phone, &[], "");
    assert!(read(&page).contains("EO vérifie : d'accord ?"), "{page}");
    let yes = format!("do=write&t={}&w=yes", token(&page).unwrap());
    let (code, _, done) = send(&s.host, "POST", &phone, &[FORM], &yes);
    assert_eq!(code, 200, "{done}");
    assert_eq!(
        words(&file),
        [(
            "confirm".to_string(),
            "EW".to_string(),
            "Table <i>un</i>".to_string()
        )]
    );
    let (_, _, page) = send(&s.host, "GET", &phone, &[], "");
    assert!(page.contains("vérifié par EO"), "{page}");
    assert!(page.contains("Étui 2"), "the next board: {page}");
    // The evening's ranking follows: the board has its result, no longer marked.
    assert_eq!(results(), 1, "counted once E-W agreed");
    assert!(!awaiting(), "no longer marked once E-W agreed");
}

#[test]
fn what_a_tables_phone_may_not_write_is_refused_and_the_file_kept() {
    let (_dir, file, s, phone, page) = at_table("T1");
    let (_, _, look) = send(&s.host, "POST", &phone, &[FORM], &keys(&page, ""));
    let t = token(&look).unwrap();
    let before = std::fs::read(&file).unwrap();
    let port = s.host.rsplit(':').next().unwrap();
    let evil: &'static str = Box::leak(format!("evil.example:{port}").into_boxed_str());
    let write = format!("do=write&t={t}");
    let refusals: Vec<Refusal> = vec![
        // A board this table does not play in this round (board 5 is table 1's in no round 1).
        (
            phone.clone(),
            vec![FORM],
            "do=look&r=1&b=5&lvl=4&st=S&x=&by=N&res=0".into(),
            400,
        ),
        // Tricks outside the rules, a contract's key missing.
        (phone.clone(), vec![FORM], keys(&page, "&res=-11"), 400),
        (phone.clone(), vec![FORM], keys(&page, "&st=Z"), 400),
        // A token nobody was shown, none at all.
        (phone.clone(), vec![FORM], "do=write&t=0000".into(), 403),
        (phone.clone(), vec![FORM], "do=write".into(), 403),
        // Another site's page, another name for this server, an unknown pairing.
        (
            phone.clone(),
            vec![FORM, ("Origin", "http://evil.example")],
            write.clone(),
            403,
        ),
        (
            phone.clone(),
            vec![FORM, ("Host", evil)],
            write.clone(),
            421,
        ),
        (
            format!("{}/a/{}", s.root, "0".repeat(32)),
            vec![FORM],
            write.clone(),
            404,
        ),
    ];
    all_refused(&s.host, &file, &refusals);
    assert_eq!(std::fs::read(&file).unwrap(), before);
    let (_, _, said) = send(
        &s.host,
        "POST",
        &phone,
        &[FORM],
        "do=look&r=1&b=5&lvl=4&st=S&x=&by=N&res=0",
    );
    assert!(
        read(&said).contains("n'est pas joué à cette table au tour 1"),
        "{said}"
    );
    // The board written, then shown again and confirmed a second time: entered twice is
    // refused, the file as it was.
    let (code, _, _) = send(&s.host, "POST", &phone, &[FORM], &write);
    assert_eq!(code, 200);
    let once = std::fs::read(&file).unwrap();
    let (_, _, again) = send(&s.host, "POST", &phone, &[FORM], &keys(&page, ""));
    let twice = format!("do=write&t={}", token(&again).unwrap());
    let (_, _, said) = send(&s.host, "POST", &phone, &[FORM], &twice);
    assert!(!read(&said).contains("C'est noté"), "{said}");
    assert_eq!(std::fs::read(&file).unwrap(), once, "not entered twice");
    assert_eq!(hands(&file).len(), 1);
}

#[test]
fn a_board_ew_dispute_is_corrected_on_the_phone_and_goes_back_to_them() {
    let (_dir, file, s, phone, page) = at_table("T1");
    let (_, _, look) = send(&s.host, "POST", &phone, &[FORM], &keys(&page, "&res=1"));
    assert!(look.contains("Score de N-S : +450"), "{look}");
    // The board a page shows, confirmed.
    let confirm = |look: &str| {
        let body = format!("do=write&t={}", token(look).unwrap());
        send(&s.host, "POST", &phone, &[FORM], &body)
    };
    confirm(&look);
    // E-W disagree: the board is to be corrected, its form on the page.
    let (_, _, page) = send(&s.host, "GET", &phone, &[], "");
    let no = format!("do=write&t={}&w=no", token(&page).unwrap());
    let (_, _, page) = send(&s.host, "POST", &phone, &[FORM], &no);
    assert!(read(&page).contains("EO n'est pas d'accord"), "{page}");
    let fix = hidden(&page, "fix");
    let at = page.find("name=\"fix\"").unwrap();
    let form = &page[page[..at].rfind("<form").unwrap()..];
    let (r, b) = (hidden(form, "r"), hidden(form, "b"));
    let body = format!("do=look&fix={fix}&r={r}&b={b}&lvl=4&st=S&x=&by=N&res=0");
    let (_, _, look) = send(&s.host, "POST", &phone, &[FORM], &body);
    assert!(look.contains("Score de N-S : +420"), "{look}");
    confirm(&look);
    let entered = hands(&file);
    assert_eq!(entered.len(), 1, "corrected in place: {entered:?}");
    assert_eq!(entered[0]["tricks"], 10);
    // Back to E-W, who agree now.
    let (_, _, page) = send(&s.host, "GET", &phone, &[], "");
    assert!(read(&page).contains("EO vérifie : d'accord ?"), "{page}");
    let yes = format!("do=write&t={}&w=yes", token(&page).unwrap());
    send(&s.host, "POST", &phone, &[FORM], &yes);
    let said: Vec<String> = words(&file).into_iter().map(|w| w.0).collect();
    assert_eq!(said, ["dispute", "confirm"]);
}

/// A page shown before the table's file changed writes nothing: E-W's word from an older page
/// (after they answered on a newer one), a word without yes or no, a correction of a board E-W
/// agreed, a board from a page shown before another was entered.
#[test]
fn an_old_page_writes_nothing() {
    let (_dir, file, s, phone, page) = at_table("T1");
    let (_, _, look) = send(&s.host, "POST", &phone, &[FORM], &keys(&page, ""));
    // Two looks at the next board: the second one is confirmed first.
    let (_, _, first) = send(&s.host, "POST", &phone, &[FORM], &keys(&page, "&res=1"));
    let write = |page: &str, more: &str| {
        let body = format!("do=write&t={}{more}", token(page).unwrap());
        send(&s.host, "POST", &phone, &[FORM], &body)
    };
    assert!(read(&write(&look, "").2).contains("C'est noté"));
    let (_, _, said) = write(&first, "");
    assert!(read(&said).contains("a changé"), "{said}");
    assert_eq!(hands(&file).len(), 1, "one board");
    // E-W's word asked on two pages; the newer one answers, the older one then writes nothing.
    let (_, _, bare) = send(&s.host, "GET", &phone, &[], "");
    let (_, _, older) = send(&s.host, "GET", &phone, &[], "");
    let (_, _, newer) = send(&s.host, "GET", &phone, &[], "");
    let (_, _, said) = write(&bare, "");
    assert!(!read(&said).contains("C'est noté"), "no yes or no: {said}");
    assert!(words(&file).is_empty());
    write(&newer, "&w=yes");
    let before = std::fs::read(&file).unwrap();
    let (_, _, said) = write(&older, "&w=no");
    assert!(read(&said).contains("a changé"), "{said}");
    assert_eq!(std::fs::read(&file).unwrap(), before, "the word stands");
    assert_eq!(words(&file).len(), 1);
    // A board E-W agreed is not corrected from the phone.
    let (r, b) = (hidden(&page, "r"), hidden(&page, "b"));
    let fix = format!("do=look&fix=0&r={r}&b={b}&lvl=3&st=NT&x=&by=N&res=0");
    let (code, _, said) = send(&s.host, "POST", &phone, &[FORM], &fix);
    assert_eq!(code, 400, "{said}");
    assert_eq!(std::fs::read(&file).unwrap(), before);
}

/// A board E-W never answered counts once its round is over at the table: both boards of the
/// round entered, the first left unchecked, the evening counts both.
#[test]
fn a_board_left_unchecked_counts_once_its_round_is_over() {
    let (dir, file, s, phone, page) = at_table("T1");
    let evening = dir.path().join("soir.evening.json");
    let results = || counted(&evening);
    let enter = |keys: &str| {
        let (_, _, look) = send(&s.host, "POST", &phone, &[FORM], keys);
        let body = format!("do=write&t={}", token(&look).unwrap());
        let (_, _, done) = send(&s.host, "POST", &phone, &[FORM], &body);
        assert!(read(&done).contains("C'est noté"), "{done}");
    };
    enter(&keys(&page, ""));
    assert_eq!(results(), 0, "its round goes on");
    // The table goes on to the round's second board without E-W's word on the first.
    let second = "do=look&r=1&b=2&lvl=3&st=NT&x=&by=S&res=0";
    enter(second);
    assert_eq!(hands(&file).len(), 2);
    assert!(words(&file).is_empty(), "no word given");
    assert_eq!(results(), 2, "the round over: both count");
}

/// E-W's own phone at table 1: paired through the table's second code, it shows each board
/// the table's phone entered and gives E-W's word on it (the log naming it); it enters and
/// corrects nothing, and its word on a board already answered on the table's phone is
/// refused, the file kept.
#[test]
fn ew_check_the_tables_boards_on_their_own_phone() {
    let (dir, file) = evening();
    let mut s = serve_with(dir.path(), &["--pairing"], &[]);
    let lines = s.pairing_lines(6);
    let path = |line: &(String, String)| {
        line.1
            .strip_prefix(&format!("http://{}", s.host))
            .unwrap()
            .to_string()
    };
    let of = |what: &str| {
        lines
            .iter()
            .find(|(said, _)| said.contains("Table 1") && said.contains(what))
            .map(path)
            .unwrap_or_else(|| panic!("a line for table 1's {what}: {lines:?}"))
    };
    let (table_offer, ew_offer) = (of("saisit"), of("EO vérifie"));
    let (code, _, form) = send(&s.host, "GET", &ew_offer, &[], "");
    assert_eq!(code, 200, "{form}");
    assert!(read(&form).contains("celui d'EO à la table 1"), "{form}");
    let table = pair(&s.host, &table_offer, "Table");
    let ew = pair(&s.host, &ew_offer, "Chloé");
    // Nothing to check yet, and no keys to enter a board with.
    let (code, _, page) = send(&s.host, "GET", &ew, &[], "");
    assert_eq!(code, 200, "{page}");
    assert!(page.contains("Aucun étui à vérifier"), "{page}");
    assert!(
        !page.contains("name=\"lvl\""),
        "E-W's phone keys no board: {page}"
    );
    assert!(
        page.contains("data-follow=\"reload\""),
        "it follows the table: {page}"
    );
    // E-W's phone may not enter a board.
    let (_, _, tpage) = send(&s.host, "GET", &table, &[], "");
    all_refused(
        &s.host,
        &file,
        &[(ew.clone(), vec![FORM], keys(&tpage, ""), 400)],
    );
    // The table enters board 1; E-W's phone is asked, and agrees.
    let (_, _, look) = send(&s.host, "POST", &table, &[FORM], &keys(&tpage, ""));
    let write = format!("do=write&t={}", token(&look).unwrap());
    let (code, _, _) = send(&s.host, "POST", &table, &[FORM], &write);
    assert_eq!(code, 200);
    let (_, _, tpage) = send(&s.host, "GET", &table, &[], "");
    let on_table = format!("do=write&t={}&w=no", token(&tpage).unwrap());
    let (_, _, page) = send(&s.host, "GET", &ew, &[], "");
    assert!(read(&page).contains("EO vérifie : d'accord ?"), "{page}");
    assert!(page.contains("Score de N-S : +420"), "its count: {page}");
    let yes = format!("do=write&t={}&w=yes", token(&page).unwrap());
    let (code, _, done) = send(&s.host, "POST", &ew, &[FORM], &yes);
    assert_eq!(code, 200, "{done}");
    assert_eq!(
        words(&file),
        [("confirm".to_string(), "EW".to_string(), "Chloé".to_string())]
    );
    // The table's phone was asked too: its word now comes after E-W's, and is refused.
    let before = std::fs::read(&file).unwrap();
    let (_, _, said) = send(&s.host, "POST", &table, &[FORM], &on_table);
    assert!(read(&said).contains("changé"), "{said}");
    assert_eq!(std::fs::read(&file).unwrap(), before, "one word");
    let evening = dir.path().join("soir.evening.json");
    assert_eq!(counted(&evening), 1, "counted once E-W agreed");
}

/// A board E-W disputed is corrected from the table's phone while its round goes on; once the
/// table has moved on to a later round, only the organiser corrects it: the phone's correction
/// is refused in words, the file kept, and the list says who corrects it.
#[test]
fn once_the_table_moved_on_only_the_organiser_corrects() {
    let (_dir, file, s, phone, page) = at_table("T1");
    let enter = |keys: &str| {
        let (_, _, look) = send(&s.host, "POST", &phone, &[FORM], keys);
        let body = format!("do=write&t={}", token(&look).unwrap());
        let (_, _, done) = send(&s.host, "POST", &phone, &[FORM], &body);
        assert!(read(&done).contains("C'est noté"), "{done}");
    };
    let word = |yes: &str| {
        let (_, _, page) = send(&s.host, "GET", &phone, &[], "");
        assert!(read(&page).contains("EO vérifie"), "{page}");
        let body = format!("do=write&t={}&w={yes}", token(&page).unwrap());
        send(&s.host, "POST", &phone, &[FORM], &body);
    };
    enter(&keys(&page, ""));
    word("no");
    let (_, _, page) = send(&s.host, "GET", &phone, &[], "");
    assert!(
        page.contains("name=\"fix\""),
        "its correction offered: {page}"
    );
    let fix = "do=look&r=1&b=1&fix=0&lvl=4&st=S&x=&by=N&res=-1";
    // The round's second board, agreed; then the next round's first.
    enter(&keys(&page, ""));
    word("yes");
    let (_, _, page) = send(&s.host, "GET", &phone, &[], "");
    assert_eq!(hidden(&page, "r"), "2", "the next round: {page}");
    enter(&keys(&page, ""));
    let (_, _, page) = send(&s.host, "GET", &phone, &[], "");
    assert!(
        read(&page).contains("à corriger par l'organisateur"),
        "{page}"
    );
    assert!(!page.contains("name=\"fix\""), "no correction here: {page}");
    let before = std::fs::read(&file).unwrap();
    let (code, _, said) = send(&s.host, "POST", &phone, &[FORM], fix);
    assert_eq!(code, 400, "{said}");
    assert!(
        read(&said).contains("seul l'organisateur corrige"),
        "{said}"
    );
    assert_eq!(std::fs::read(&file).unwrap(), before, "nothing written");
}

/// What is at stake as the contract is keyed: nothing until the contract and declarer are
/// whole; then every result in a row from the declaring side, each figure the one the board
/// scores when entered with that result; a tapped result's lines with their rules. Asked
/// as often as the keys change, it writes nothing.
#[test]
fn the_stakes_come_as_the_contract_is_keyed() {
    let (_dir, file, s, phone, page) = at_table("Table un");
    assert!(
        page.contains("id=\"stakes\""),
        "the box in its place: {page}"
    );
    let (r, b) = (hidden(&page, "r"), hidden(&page, "b"));
    let before = std::fs::read(&file).unwrap();
    // The phone's own page without its query.
    let own = phone.split('?').next().unwrap().to_string();
    let ask = |keys: &str| {
        let path = format!("{own}/stakes?lang=fr&r={r}&b={b}&{keys}");
        let (code, _, body) = send(&s.host, "GET", &path, &[], "");
        assert_eq!(code, 200, "{path}: {body}");
        body
    };
    assert_eq!(ask("lvl=4&st=S&x="), "", "no declarer yet");
    assert_eq!(ask("lvl=pass"), "", "a deal passed out has no stakes");
    // Board 1, nobody vulnerable: 4♠ by North.
    let row = ask("lvl=4&st=S&x=&by=N");
    let cells = common::phone::stakes_cells(&row);
    assert_eq!(cells.len(), 14, "every trick count: {row}");
    let figure = |cells: &[(usize, String, String)], label: &str| {
        cells
            .iter()
            .find(|(_, l, _)| l == label)
            .map(|(_, _, p)| p.clone())
            .unwrap_or_else(|| panic!("{label} in {cells:?}"))
    };
    for (label, points) in [("=", "+420"), ("+1", "+450"), ("−1", "−50"), ("−2", "−100")] {
        assert_eq!(figure(&cells, label), points, "{label}");
    }
    assert!(
        row.contains("NS en attaque") || row.contains("N-S"),
        "{row}"
    );
    // Each figure is the score the board is entered with: looked at with that result.
    for (label, res) in [("=", "0"), ("+2", "2"), ("−3", "-3")] {
        let body = keys(&page, &format!("&res={res}"));
        let (_, _, look) = send(&s.host, "POST", &phone, &[FORM], &body);
        let shown = figure(&cells, label);
        assert!(
            look.contains(&format!("Score de N-S : {shown}")),
            "{label}: {shown} in {look}"
        );
    }
    // 4♠ doubled by East: the row is E-W's, one down −100 for them.
    let cells = common::phone::stakes_cells(&ask("lvl=4&st=S&x=X&by=E"));
    assert_eq!(figure(&cells, "−1"), "−100");
    assert_eq!(figure(&cells, "="), "+590");
    // A result tapped: its lines with their rules.
    let (k, _, _) = cells.iter().find(|(_, l, _)| l == "=").unwrap().clone();
    let lines = ask(&format!("lvl=4&st=S&x=X&by=E&k={k}"));
    assert!(lines.contains("Score de N-S : −590"), "{lines}");
    assert!(
        lines.contains("<code>[club.deal"),
        "each line's rule: {lines}"
    );
    // A board this table does not play in this round, an unknown pairing: nothing.
    let path = format!("{own}/stakes?lang=fr&r={r}&b=9&lvl=4&st=S&x=&by=N");
    assert_eq!(send(&s.host, "GET", &path, &[], "").2, "");
    let (code, _, _) = send(
        &s.host,
        "GET",
        &format!("{}/a/nope/stakes?lvl=4", s.root),
        &[],
        "",
    );
    assert_eq!(code, 404);
    assert_eq!(
        std::fs::read(&file).unwrap(),
        before,
        "asked, never written"
    );
}
