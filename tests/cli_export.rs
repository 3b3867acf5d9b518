//! `marque export FILE --format csv`: one row per hand, each side's points and standing, read
//! back with a CSV reader; the last row's standing is what `marque score` gives.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::let_underscore_must_use,
    reason = "a test fails loudly where its setting up does"
)]

mod pdf_read;

mod common;
use common::marque;
use std::process::Output;

use serde_json::{Value, json};

fn session(game: &str, players: &[&str], options: Value, closed: bool, hands: Value) -> Value {
    json!({"format": "marque-session", "version": 1, "game": game, "players": players,
           "options": options, "closed": closed, "hands": hands})
}

/// A session of each game, with a few hands; bridge closed with the laws' table, so that its
/// unfinished rubber scores outside any hand.
fn sessions() -> Vec<Value> {
    vec![
        session(
            "bridge",
            &["Anne, \"la reine\"", "Bruno", "Claire", "David"],
            json!({"table": "laws"}),
            true,
            json!([
                {"contract": "4S", "declarer": "N", "tricks": 10},
                {"contract": "3NTX", "declarer": "E", "tricks": 6},
                {"contract": "pass"},
                {"contract": "2H", "declarer": "S", "tricks": 9}
            ]),
        ),
        session(
            "truc",
            &["Anne", "Bruno"],
            json!({"target": 3}),
            false,
            json!([
                {"calls": [{"by": 0, "call": "double"}, {"by": 1, "call": "accept"}], "tricks": [0, 0]},
                {"calls": [], "winner": 0},
                {"calls": [{"by": 1, "call": "double"}, {"by": 0, "call": "refuse"}]},
                {"calls": [], "winner": null}
            ]),
        ),
        session(
            "ascenseur",
            &["Anne", "Bruno", "Claire"],
            json!({}),
            false,
            json!([
                {"bids": [1, 0, 1], "tricks": [1, 0, 0]},
                {"bids": [1, 1, 1], "tricks": [0, 1, 1]}
            ]),
        ),
        session(
            "2500",
            &["Anne", "Bruno"],
            json!({}),
            false,
            json!([
                {"frime": "8", "laid": [["A", "A", "A"], ["3", "3", "3"]], "hand": [[], ["K"]]},
                {"frime": "A", "laid": [["K", "K", "K"], []], "hand": [["8"], ["A", "5"]]}
            ]),
        ),
        session(
            "democratie",
            &["Anne", "Bruno", "Claire"],
            json!({}),
            false,
            json!([
                {"captured": [{"S": 25, "H": 0, "D": 13, "C": 2}, {"S": 0, "H": 20, "D": 12, "C": 10},
                              {"S": 0, "H": 5, "D": 0, "C": 13}]}
            ]),
        ),
        session(
            "tarot",
            &["Anne", "Bruno", "Claire", "David", "Elise"],
            json!({}),
            false,
            json!([
                {"taker": 0, "contract": "garde", "called": 2, "bouts": 2, "points": 49},
                {"taker": 1, "contract": "prise", "called": null, "bouts": 1, "points": 47.5,
                 "petit_au_bout": "defence", "poignees": [{"by": 1, "size": "simple"}]},
                {"event": "leave", "seat": 4},
                {"taker": 3, "contract": "garde_sans", "bouts": 3, "points": 60,
                 "chelem": null}
            ]),
        ),
    ]
}

fn read_csv(bytes: &[u8]) -> (Vec<String>, Vec<Vec<String>>) {
    let mut r = csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(bytes);
    let mut records = r.records().map(|rec| {
        rec.expect("a well-formed CSV record")
            .iter()
            .map(str::to_string)
            .collect::<Vec<_>>()
    });
    let header = records.next().expect("a header row");
    (header, records.collect())
}

/// `marque export` of `s` (written to a file in `dir`) with `-o` and `args`: what it said, and
/// the output file's path.
fn export_to(dir: &std::path::Path, s: &Value, args: &[&str]) -> (Output, std::path::PathBuf) {
    let f = dir.join("session.json");
    std::fs::write(&f, s.to_string()).unwrap();
    let out_file = dir.join("out.csv");
    let mut all = vec![
        "export",
        f.to_str().unwrap(),
        "-o",
        out_file.to_str().unwrap(),
    ];
    all.extend_from_slice(args);
    (marque(&all), out_file)
}

fn num(cell: &str) -> i64 {
    cell.parse()
        .unwrap_or_else(|_| panic!("{cell:?} is not a number"))
}

#[test]
fn every_game_exports_a_row_per_hand_whose_last_standing_is_the_score() {
    let dir = tempfile::tempdir().unwrap();
    for s in sessions() {
        let game = s["game"].as_str().unwrap().to_string();
        let f = dir.path().join(format!("{game}.json"));
        std::fs::write(&f, s.to_string()).unwrap();
        let file = f.to_str().unwrap();
        let out = marque(&["export", file, "--format", "csv"]);
        assert!(out.status.success(), "{game}: {out:?}");
        let score: Value = serde_json::from_slice(&marque(&["score", file]).stdout).unwrap();
        let sides: Vec<String> = score["sides"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap().to_string())
            .collect();
        let (header, rows) = read_csv(&out.stdout);
        let mut expected = vec!["hand".to_string(), "label".to_string()];
        for side in &sides {
            expected.push(side.clone());
            if game == "truc" {
                expected.push(format!("{side} points"));
                expected.push(format!("{side} manches"));
            } else {
                expected.push(format!("{side} total"));
            }
        }
        assert_eq!(header, expected, "{game}");
        let hands = score["hands"].as_array().unwrap();
        let closing = usize::from(score.get("closing").is_some());
        assert_eq!(rows.len(), hands.len() + closing, "{game}: a row per hand");
        let per = if game == "truc" { 3 } else { 2 };
        for (i, h) in hands.iter().enumerate() {
            assert_eq!(rows[i][0], (i + 1).to_string(), "{game}");
            assert!(!rows[i][1].is_empty(), "{game}: hand {i} has a label");
            for s in 0..sides.len() {
                // A seat not at the table for the entry is blank (its delta is 0).
                let cell = &rows[i][2 + s * per];
                let delta = h["delta"][s].as_i64().unwrap_or(0);
                if cell.is_empty() {
                    assert_eq!(delta, 0, "{game}: a blank seat scored");
                } else {
                    assert_eq!(num(cell), delta);
                }
            }
            if game == "truc" {
                for s in 0..2 {
                    assert_eq!(num(&rows[i][3 + s * per]), h["score"][s].as_i64().unwrap());
                }
            }
        }
        for s in 0..sides.len() {
            // Each side's last standing (a seat that left: its last row at the table).
            let last = rows
                .iter()
                .map(|r| &r[1 + per + s * per])
                .rfind(|c| !c.is_empty())
                .unwrap();
            assert_eq!(
                num(last),
                score["totals"][s].as_i64().unwrap(),
                "{game}: the last standing is the score's"
            );
        }
        if game != "truc" {
            // Each standing is the one before plus the hand's points.
            for s in 0..sides.len() {
                let mut acc = 0;
                for r in rows.iter().filter(|r| !r[2 + s * per].is_empty()) {
                    acc += num(&r[2 + s * per]);
                    assert_eq!(num(&r[3 + s * per]), acc, "{game}");
                }
            }
        }
    }
}

#[test]
fn cells_with_commas_and_quotes_are_quoted_and_the_file_is_written_whole() {
    let dir = tempfile::tempdir().unwrap();
    let (out, out_file) = export_to(dir.path(), &sessions()[0], &["--lang", "en"]);
    assert!(out.status.success(), "{out:?}");
    assert!(
        out.stdout.is_empty(),
        "with -o nothing goes to standard output"
    );
    let bytes = std::fs::read(&out_file).unwrap();
    let text = String::from_utf8(bytes.clone()).unwrap();
    assert!(
        text.starts_with("hand,label,NS,NS total,EW,EW total\r\n"),
        "{text}"
    );
    // A label holding a comma is quoted (RFC 4180), and reads back whole.
    assert!(text.contains("\"4♠ by North, made\""), "{text}");
    let (_, rows) = read_csv(&bytes);
    assert_eq!(rows[0][1], "4♠ by North, made");
    assert_eq!(rows.last().unwrap()[1], "session closed");
}

#[test]
fn a_name_a_spreadsheet_would_run_is_written_as_text() {
    let dir = tempfile::tempdir().unwrap();
    let s = session(
        "truc",
        &["=cmd|' /C calc'!A0", "Bruno"],
        json!({}),
        false,
        json!([{"calls": [], "winner": 0}]),
    );
    let (out, out_file) = export_to(dir.path(), &s, &[]);
    assert!(out.status.success(), "{out:?}");
    let (header, _) = read_csv(&std::fs::read(out_file).unwrap());
    assert_eq!(header[2], "'=cmd|' /C calc'!A0");
}

#[test]
fn an_export_never_writes_over_a_file_or_through_a_link() {
    let dir = tempfile::tempdir().unwrap();
    let (first, out_file) = export_to(dir.path(), &sessions()[1], &["--lang", "en"]);
    assert!(first.status.success(), "{first:?}");
    let before = std::fs::read(&out_file).unwrap();
    let (again, _) = export_to(dir.path(), &sessions()[2], &["--lang", "en"]);
    assert_eq!(again.status.code(), Some(2));
    let err = String::from_utf8(again.stderr).unwrap();
    assert!(
        err.contains("already exists: Marque does not write over it"),
        "{err}"
    );
    assert_eq!(
        std::fs::read(&out_file).unwrap(),
        before,
        "the file is as it was"
    );
    // A link, even one to nothing, is left alone too.
    std::fs::remove_file(&out_file).unwrap();
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(dir.path().join("nowhere.csv"), &out_file).unwrap();
        let (through, _) = export_to(dir.path(), &sessions()[2], &[]);
        assert_eq!(through.status.code(), Some(2));
        assert!(!dir.path().join("nowhere.csv").exists());
    }
}

#[test]
fn a_session_that_does_not_score_exports_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let bad = session(
        "bridge",
        &["N", "E", "S", "W"],
        json!({}),
        false,
        json!([{"contract": "4S", "declarer": "N", "tricks": 14}]),
    );
    let (out, out_file) = export_to(dir.path(), &bad, &[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("hand 1: "));
    assert!(
        !out_file.exists(),
        "nothing is written for a refused session"
    );
}

fn export_pdf(f: &std::path::Path, out: &std::path::Path) -> Output {
    let (f, out) = (f.to_str().unwrap(), out.to_str().unwrap());
    marque(&["export", f, "--format", "pdf", "-o", out])
}

/// The text of a PDF, line by line, page by page, as read back from the file.
fn pdf_text(bytes: &[u8]) -> String {
    pdf_read::read(bytes).text()
}

/// The PDF of a session: a PDF file with the players, the options in force, the hands with the
/// suits, and the totals, read back from its text; never over a file.
#[test]
fn a_pdf_of_each_game_holds_its_players_options_and_totals() {
    let dir = tempfile::tempdir().unwrap();
    for (i, s) in sessions().into_iter().enumerate() {
        let f = dir.path().join(format!("s{i}.json"));
        std::fs::write(&f, s.to_string()).unwrap();
        let out = dir.path().join(format!("s{i}.pdf"));
        let o = export_pdf(&f, &out);
        assert!(o.status.success(), "{o:?}");
        let bytes = std::fs::read(&out).unwrap();
        assert!(bytes.starts_with(b"%PDF-"));
        let text = pdf_text(&bytes);
        let score = marque(&["score", f.to_str().unwrap()]);
        let totals: Value = serde_json::from_slice(&score.stdout).unwrap();
        for name in s["players"].as_array().unwrap() {
            let name = name.as_str().unwrap();
            assert!(text.contains(name), "{name} in {text}");
        }
        assert!(text.contains("Options :"), "{text}");
        // Each side's total, as `marque score` gives it, on the table's last row.
        let label = if s["game"] == "truc" {
            "Manches gagnées"
        } else {
            "Total"
        };
        let line = text
            .lines()
            .rfind(|l| l.starts_with(label))
            .unwrap_or_else(|| panic!("a totals row in {text}"));
        let figures: Vec<&str> = line[label.len()..].split_whitespace().collect();
        let expected: Vec<String> = totals["totals"]
            .as_array()
            .unwrap()
            .iter()
            .map(Value::to_string)
            .collect();
        assert_eq!(figures, expected, "{line}");
        if s["game"] == "bridge" {
            assert!(text.contains('♠'), "the suits in {text}");
        }
        // Never over a file.
        let again = export_pdf(&f, &out);
        assert_eq!(again.status.code(), Some(2));
    }
    // A PDF needs a file to go to.
    let f = dir.path().join("s0.json");
    let o = marque(&["export", f.to_str().unwrap(), "--format", "pdf"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        String::from_utf8(o.stderr)
            .unwrap()
            .contains("donnez -o FICHIER.pdf")
    );
}

/// The PDF dates a session as its reader writes dates.
#[test]
fn a_pdf_dates_the_session_in_the_readers_way() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = sessions().remove(1);
    s["created"] = json!("2026-11-24T20:15:00+01:00");
    let f = dir.path().join("s.json");
    std::fs::write(&f, s.to_string()).unwrap();
    for (lang, date) in [("fr", "24/11/2026"), ("en", "2026-11-24")] {
        let out = dir.path().join(format!("s-{lang}.pdf"));
        let (f, o) = (f.to_str().unwrap(), out.to_str().unwrap());
        let done = marque(&["export", f, "--format", "pdf", "-o", o, "--lang", lang]);
        assert!(done.status.success(), "{done:?}");
        let text = pdf_text(&std::fs::read(&out).unwrap());
        assert!(text.contains(date), "{date} in {text}");
    }
}

/// A deterministic stream of numbers (a linear congruential generator): the same sessions on
/// every run, without a generator crate.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// A 2500 session of 8 players: a long title and a long name, `hands` brasses of random
/// brelans laid and cards left in hand.
fn eight_players(seed: u64, hands: usize) -> Value {
    const RANKS: [&str; 12] = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
    let mut r = Lcg(seed);
    let hands: Vec<Value> = (0..hands)
        .map(|_| {
            let laid: Vec<Vec<&str>> = (0..8)
                .map(|_| match r.below(3) {
                    0 => Vec::new(),
                    _ => vec![RANKS[r.below(12)]; 3],
                })
                .collect();
            let hand: Vec<Vec<&str>> = (0..8)
                .map(|_| (0..r.below(4)).map(|_| RANKS[r.below(12)]).collect())
                .collect();
            json!({"frime": RANKS[r.below(12)], "laid": laid, "hand": hand})
        })
        .collect();
    let mut s = session(
        "2500",
        &[
            "Anne-Sophie de La Tour d'Auvergne",
            "Bruno",
            "Claire",
            "David",
            "Élodie",
            "François",
            "Gaëlle",
            "Hervé",
        ],
        json!({}),
        false,
        json!(hands),
    );
    s["title"] = json!(
        "Le grand tournoi annuel du club des joueurs de cartes de la rue des Lilas, édition \
         de novembre, avec tous les habitués et quelques invités"
    );
    s
}

/// A PDF fits any table: with 8 players (and 50 brasses over several pages), every text read
/// back from the file lies inside the page's margins, no two texts of a line overlap, the long
/// title is all there (wrapped), and the totals' row holds each player's total as `marque
/// score` gives it, in order.
#[test]
fn a_pdf_of_eight_players_fits_its_pages_with_every_total() {
    let dir = tempfile::tempdir().unwrap();
    let (mut made, mut refused) = (0, 0);
    for seed in 0..24 {
        if made == 16 {
            break;
        }
        let s = eight_players(seed, if seed % 4 == 0 { 50 } else { 12 });
        let f = dir.path().join(format!("s{seed}.json"));
        std::fs::write(&f, s.to_string()).unwrap();
        let score = marque(&["score", f.to_str().unwrap()]);
        if !score.status.success() {
            // A random brasse may break a rule (too many cards of a rank): counted, and bounded
            // below, so that the test never passes on nothing.
            refused += 1;
            continue;
        }
        made += 1;
        let totals: Value = serde_json::from_slice(&score.stdout).unwrap();
        let out = dir.path().join(format!("s{seed}.pdf"));
        let o = export_pdf(&f, &out);
        assert!(o.status.success(), "{o:?}");
        let read = pdf_read::read(&std::fs::read(&out).unwrap());
        const MARGIN: f32 = 36.0;
        for t in &read.shown {
            let (w, h) = read.pages[t.page];
            assert!(
                t.x >= MARGIN - 0.5 && t.x + t.width <= w - MARGIN + 0.5,
                "{t:?} runs past a side of a page {w} wide"
            );
            assert!(
                t.y >= MARGIN - t.size && t.y <= h - MARGIN,
                "{t:?} off the page"
            );
        }
        for (i, a) in read.shown.iter().enumerate() {
            for b in &read.shown[i + 1..] {
                let same_line = a.page == b.page && (a.y - b.y).abs() < a.size.min(b.size);
                let apart = a.x + a.width <= b.x + 0.1 || b.x + b.width <= a.x + 0.1;
                assert!(!same_line || apart, "{a:?} overlaps {b:?}");
            }
        }
        let text = read.text();
        let flat = text.replace('\n', " ");
        assert!(flat.contains(s["title"].as_str().unwrap()), "{text}");
        assert!(flat.contains("Anne-Sophie de La Tour d'Auvergne"), "{text}");
        // The totals' rows (one per group of columns, if the sides had to be split).
        let figures: Vec<String> = text
            .lines()
            .filter_map(|l| l.strip_prefix("Total "))
            .flat_map(|l| l.split_whitespace().map(str::to_string))
            .collect();
        let expected: Vec<String> = totals["totals"]
            .as_array()
            .unwrap()
            .iter()
            .map(Value::to_string)
            .collect();
        assert_eq!(figures, expected, "{text}");
        if seed % 4 == 0 {
            assert!(read.pages.len() > 1, "50 brasses on one page?");
        }
    }
    assert_eq!(made, 16, "{refused} sessions refused");
}

/// Every reader names a hand's seats by who held them for that hand: after Zoé replaced Lise,
/// brasse 1 is still Lise's in `explain` (its steps and its total), in the text sheet (its
/// block's columns and rule lines) and in the PDF (its columns, headed again where the seat
/// changed hands); brasse 2 is Zoé's; a seat that left is marked in the totals.
#[test]
fn every_reader_names_a_hand_by_who_held_its_seats_then() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("s.json");
    let session = json!({"format": "marque-session", "version": 1, "id": "s", "game": "2500",
        "players": ["Paul", "Lise", "Marc"], "options": {},
        "hands": [
          {"frime": "8", "laid": [["A","A","A"], ["3","3","3"], []], "hand": [["K"], [], []]},
          {"event": "replace", "seat": 1, "player": "Zoé"},
          {"frime": "8", "laid": [["K","K","K"], [], []], "hand": [[], ["5"], []]},
          {"event": "leave", "seat": 2}]});
    std::fs::write(&f, session.to_string()).unwrap();
    let path = f.to_str().unwrap();
    let out = |args: &[&str]| String::from_utf8(marque(args).stdout).unwrap();
    let first = out(&["explain", path, "1", "--lang", "en"]);
    assert!(
        first.contains("  Lise +15  Lise"),
        "the step names Lise: {first}"
    );
    assert!(
        first.contains("Total: Paul 290, Lise 15"),
        "the total names Lise: {first}"
    );
    assert!(
        !first.contains("Zoé"),
        "nobody names Zoé in brasse 1: {first}"
    );
    let second = out(&["explain", path, "3", "--lang", "en"]);
    assert!(second.contains("  Zoé -5  Zoé"), "{second}");
    let json: Value = serde_json::from_str(&out(&["explain", path, "1", "--json"])).unwrap();
    assert_eq!(
        json["delta"],
        json!([290, 15, 0]),
        "a figure for every side"
    );

    let text = out(&["score", path, "--text", "--lang", "en"]);
    let blocks: Vec<&str> = text.split("\n\n").collect();
    let brasse = |n: &str| *blocks.iter().find(|b| b.starts_with(n)).unwrap();
    let one = brasse("Brasse 1");
    assert!(
        one.contains("Paul   Lise   Marc") && one.contains("] Lise +15"),
        "brasse 1 headed by Lise: {one}"
    );
    assert!(!one.contains("Zoé"), "{one}");
    let two = brasse("Brasse 2");
    assert!(two.contains("Paul    Zoé   Marc"), "{two}");
    assert!(
        text.contains("Totals: Paul 320, Zoé 10, Marc (left) 0"),
        "the seat that left is marked in the totals: {text}"
    );

    let pdf = dir.path().join("s.pdf");
    assert!(export_pdf(&f, &pdf).status.success());
    let read = pdf_read::read(&std::fs::read(&pdf).unwrap());
    let lines = read.lines(0);
    let at = |what: &str| lines.iter().position(|l| l.contains(what)).unwrap();
    let headers: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i].contains("Paul") && lines[i].starts_with('#'))
        .collect();
    assert!(headers.len() >= 2, "headed again: {lines:#?}");
    assert!(lines[headers[0]].contains("Lise") && !lines[headers[0]].contains("Zoé"));
    assert!(
        headers[0] < at("frime 8") && headers[1] > at("frime 8"),
        "{lines:#?}"
    );
    assert!(lines[headers[1]].contains("Zoé"), "{lines:#?}");
}

/// Each game's words: a Chicago session goes by its own name in the text sheet and the PDF,
/// and a Tarot count says where the table's rounding changed the margin.
#[test]
fn chicago_is_named_so_and_tarot_says_its_rounding() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("c.json");
    std::fs::write(
        &f,
        json!({"format": "marque-session", "version": 1, "id": "c", "game": "bridge",
               "players": ["Anne", "Bruno", "Claire", "David"],
               "options": {"format": "chicago"},
               "hands": [{"contract": "4S", "declarer": "N", "tricks": 10}]})
        .to_string(),
    )
    .unwrap();
    let path = f.to_str().unwrap();
    for (lang, name, rubber) in [
        ("fr", "Bridge Chicago", "Bridge (partie libre)"),
        ("en", "Chicago bridge", "Rubber bridge"),
    ] {
        let text =
            String::from_utf8(marque(&["score", path, "--text", "--lang", lang]).stdout).unwrap();
        assert!(text.starts_with(name), "{text}");
        assert!(!text.contains(rubber), "{text}");
    }
    let pdf = dir.path().join("c.pdf");
    assert!(export_pdf(&f, &pdf).status.success());
    let read = pdf_text(&std::fs::read(&pdf).unwrap());
    assert!(read.contains("Bridge Chicago"), "{read}");

    // A deal passed out is dealt again, "not one of the four": the redeal bears its number.
    let mut chicago: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&f).unwrap()).unwrap();
    let deal = json!({"contract": "2S", "declarer": "N", "tricks": 8});
    chicago["hands"] = json!([deal, deal, deal, {"contract": "pass"}, deal, deal]);
    std::fs::write(&f, chicago.to_string()).unwrap();
    let text = String::from_utf8(marque(&["score", path, "--text"]).stdout).unwrap();
    assert!(text.contains("Donne 4 — donne passée"), "{text}");
    assert!(text.contains("Donne 4 — 2♠ par Nord"), "{text}");
    assert!(
        text.contains("Donne 5 — 2♠ par Nord") && !text.contains("Donne 6"),
        "{text}"
    );
    let said = String::from_utf8(marque(&["explain", path, "5"]).stdout).unwrap();
    assert!(said.starts_with("Entrée 5 — Donne 4 —"), "{said}");

    let t = dir.path().join("t.json");
    let tarot = |rounding: i64| {
        json!({"format": "marque-session", "version": 1, "id": "t", "game": "tarot",
               "players": ["A", "B", "C", "D"], "options": {"rounding": rounding},
               "hands": [{"taker": 0, "contract": "garde", "bouts": 1, "points": 37}]})
    };
    std::fs::write(&t, tarot(10).to_string()).unwrap();
    let said = String::from_utf8(marque(&["explain", t.to_str().unwrap(), "1"]).stdout).unwrap();
    assert!(
        said.contains("chutée de 14, arrondi à 10") && said.contains("[tarot.rounding]"),
        "{said}"
    );
    std::fs::write(&t, tarot(1).to_string()).unwrap();
    let said = String::from_utf8(marque(&["explain", t.to_str().unwrap(), "1"]).stdout).unwrap();
    assert!(
        said.contains("chutée de 14 →") && !said.contains("arrondi"),
        "{said}"
    );
}
