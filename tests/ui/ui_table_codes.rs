//! A code per table of the evening shown, in the share window (issue 52): the keys
//! "Téléphone table 1" … "Téléphone table 3" beside the room's, each showing its table's pairing code in the same square; a
//! phone scanned there is listed under its table with the key that revokes it, and enters the
//! table's next board; nothing on the window moves when it pairs.
use crate::ui_common::*;
use crate::ui_evening_play::{friday, set_up};
use crate::ui_phone::{frames_until, pair_at, send, token};
use egui_kittest::kittest::{NodeT, Queryable};
use marque::serve::pairing::Entering;

/// The table's file of the evening shown whose name ends with `ends`, as read now.
fn table_file(
    h: &egui_kittest::Harness<'static, marque::ui::App>,
    ends: &str,
) -> serde_json::Value {
    let folder = h
        .state()
        .evening()
        .unwrap()
        .path
        .parent()
        .unwrap()
        .to_path_buf();
    let file = std::fs::read_dir(folder)
        .unwrap()
        .filter_map(Result::ok)
        .find(|f| f.file_name().to_string_lossy().ends_with(ends))
        .unwrap()
        .path();
    serde_json::from_slice(&std::fs::read(file).unwrap()).unwrap()
}

#[test]
fn the_evenings_screen_offers_a_code_per_table_and_a_phone_enters_a_board() {
    let _sharing = sharing_beside();
    let dir = tempfile::tempdir().unwrap();
    let app = marque::ui::App::new(dir.path().to_path_buf());
    let mut h = harness_of(app, egui::vec2(1280.0, 800.0));
    settle(&mut h);
    friday(&mut h);
    click(&mut h, "Suivre sur les téléphones");
    settle(&mut h);
    assert!(
        shows_containing(&h, "suivent la soirée"),
        "the notice names the evening"
    );
    for key in [
        "La salle",
        "Téléphone table 1",
        "Téléphone table 2",
        "Téléphone table 3",
        "EO table 1",
        "EO table 3",
    ] {
        assert!(in_view(&h, key), "{key} on screen");
    }
    let keys = |h: &egui_kittest::Harness<'static, marque::ui::App>| {
        ["La salle", "Téléphone table 1", "Téléphone table 3"].map(|k| h.get_by_label(k).rect())
    };
    click(&mut h, "Téléphone table 2");
    let shared = h.state().sharing().unwrap();
    let port = shared.local_addr().port();
    let offer = shared
        .pairings()
        .offers()
        .into_iter()
        .find(|o| matches!(o.table, Some(Entering::Evening(_))) && o.side == 2)
        .expect("table 2's offer");
    let url = h
        .get_by_label_contains("Code QR de l'adresse : ")
        .accesskit_node()
        .label()
        .unwrap_or_default()
        .to_string();
    assert!(
        url.contains(&format!("/p/{}", offer.token)),
        "table 2's code: {url}"
    );
    assert!(
        shows_containing(&h, "il saisit les étuis de la table"),
        "the hint"
    );
    let before = keys(&h);
    // A phone pairs at table 2: listed under it, nothing moved.
    let room = h.state().sharing().unwrap().url().to_string();
    let offer_path = format!("/{}p/{}", room.splitn(4, '/').nth(3).unwrap(), offer.token);
    let phone = pair_at(port, &offer_path, "Chlo%C3%A9", |page| {
        assert!(page.contains("table 2"), "{page}");
    });
    frames_until(&mut h, |h| shows(h, "Table 2 — Chloé"));
    assert!(in_view(&h, "Retirer « Chloé »"), "its key on screen");
    assert_eq!(keys(&h), before, "nothing moved when the phone paired");
    // It enters table 2's first board: the table's file has it.
    let (_, _, page) = send(port, "GET", &phone, "");
    assert!(page.contains("Table 2 — téléphone « Chloé »"), "{page}");
    let hidden = |name: &str| {
        let at = format!("name=\"{name}\" value=\"");
        let from = page.find(&at).unwrap() + at.len();
        page[from..].split('"').next().unwrap().to_string()
    };
    let look = format!(
        "do=look&r={}&b={}&lvl=3&st=NT&x=&by=S&res=0",
        hidden("r"),
        hidden("b")
    );
    let (code, _, shown) = send(port, "POST", &phone, &look);
    assert_eq!(code, 200, "{shown}");
    let (code, _, _) = send(
        port,
        "POST",
        &phone,
        &format!("do=write&t={}", token(&shown)),
    );
    assert_eq!(code, 200);
    let v = table_file(&h, "-t2.json");
    assert_eq!(v["hands"][0]["contract"], "3NT", "{v}");
    settle(&mut h);
    assert!(!shows_containing(&h, "une autre machine"));
    // The evening's screen follows: the board awaits E-W's word, not yet counted.
    frames_until(&mut h, |h| {
        shows_containing(h, "Un étui saisi au téléphone attend l'accord d'EO")
    });
}

/// A Tarot concours's screen: a code per table (no E-W: a Tarot table has no sides to check),
/// its hint saying what the phone does; a phone paired at table 2 enters the deal of its first
/// round into that round's file, and the window says nothing of another machine.
#[test]
fn a_tarot_evenings_screen_offers_a_code_per_table_and_a_phone_enters_a_deal() {
    let _sharing = sharing_beside();
    let dir = tempfile::tempdir().unwrap();
    let app = marque::ui::App::new(dir.path().to_path_buf());
    let mut h = harness_of(app, egui::vec2(1280.0, 800.0));
    settle(&mut h);
    set_up(
        &mut h,
        "Concours de tarot",
        "Concours",
        "Les joueurs, un par ligne ou séparés par des virgules",
        "Anne, Bruno, Claire, David, Elise, Fabien, Gaëlle, Henri",
    );
    click(&mut h, "Suivre sur les téléphones");
    settle(&mut h);
    for key in ["La salle", "Téléphone table 1", "Téléphone table 2"] {
        assert!(in_view(&h, key), "{key} on screen");
    }
    assert!(!shows_containing(&h, "EO table"), "no E-W code at Tarot");
    click(&mut h, "Téléphone table 2");
    assert!(
        shows_containing(&h, "il entre les donnes de la table"),
        "the hint"
    );
    let shared = h.state().sharing().unwrap();
    let port = shared.local_addr().port();
    let offer = shared
        .pairings()
        .offers()
        .into_iter()
        .find(|o| o.table == Some(Entering::Deals(2)))
        .expect("table 2's offer");
    let room = shared.url().to_string();
    let offer_path = format!("/{}p/{}", room.splitn(4, '/').nth(3).unwrap(), offer.token);
    let phone = pair_at(port, &offer_path, "Chlo%C3%A9", |page| {
        assert!(page.contains("les donnes de la table 2"), "{page}");
    });
    frames_until(&mut h, |h| shows(h, "Table 2 — Chloé"));
    let (_, _, page) = send(port, "GET", &phone, "");
    assert!(page.contains("Tour 1 : donne 1 sur 4"), "{page}");
    let look = "do=look&n=0&taker=0&contract=garde&bouts=2&points=49";
    let (code, _, shown) = send(port, "POST", &phone, look);
    assert_eq!(code, 200, "{shown}");
    let write = format!("do=write&t={}", token(&shown));
    let (code, _, _) = send(port, "POST", &phone, &write);
    assert_eq!(code, 200);
    let v = table_file(&h, "-r1t2.json");
    assert_eq!(v["hands"][0]["contract"], "garde", "{v}");
    settle(&mut h);
    assert!(!shows_containing(&h, "une autre machine"));
}
