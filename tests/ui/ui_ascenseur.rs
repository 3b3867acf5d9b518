//! An ascenseur game of 4 entered through the app up to its forehead round, with the dealer's
//! forbidden bid struck out and refused; the totals shown and the file saved.
#![allow(
    clippy::needless_range_loop,
    reason = "player indexes into parallel arrays"
)]
use crate::ui_common::*;
use egui_kittest::kittest::{NodeT, Queryable};
use marque_core::games::ascenseur::{Options, Plan};

const PLAYERS: [&str; 4] = ["Ana", "Ben", "Chloe", "Dario"];

#[test]
fn an_ascenseur_game_through_the_ui() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = started(dir.path(), "L'Ascenseur", &PLAYERS);
    assert!(
        shows(&h, "Bids, starting left of the dealer")
            || shows(&h, "Annonces, en commençant à gauche du donneur"),
        "{:#?}",
        h.root()
    );
    let plan = Plan::new(4, &Options::default());
    assert_eq!(plan.rounds(), 25);
    let mut expected = [0i64; 4];
    for k in 0..plan.rounds() {
        let r = plan.round(k);
        let dealer = PLAYERS[r.dealer];
        let first = (r.dealer + 1) % 4;
        let cards = if r.cards > 1 { "cartes" } else { "carte" };
        let header = format!("Tour {}/25 — {} {cards} — donneur {dealer}", k + 1, r.cards);
        let seen: Vec<String> = h
            .query_all_by_label_contains("Tour")
            .map(|n| format!("{:?}", n.accesskit_node().label()))
            .collect();
        assert!(
            shows_containing(&h, &header),
            "round {k}: {header} not in {seen:?}"
        );
        if r.forehead {
            assert!(shows_containing(
                &h,
                "Dernier tour : la carte se tient sur le front"
            ));
        }
        // Left of the dealer bids all the cards, the others 0 ...
        for p in 0..4 {
            if p != r.dealer {
                let bid = if p == first { r.cards } else { 0 };
                click(&mut h, &format!("{} annonce {bid}", PLAYERS[p]));
            }
        }
        // ... so the dealer may not say 0: it is struck out and a click does nothing.
        let name = format!("{dealer} annonce 0");
        let forbidden = h.get_by_label(&name);
        assert!(
            forbidden.accesskit_node().is_disabled(),
            "round {}: the hook bid is not disabled",
            k + 1
        );
        forbidden.click();
        h.run();
        assert!(shows(&h, &format!("Annonces manquantes : {dealer}.")));
        click(&mut h, &format!("{dealer} annonce 1"));
        for p in 0..4 {
            let t = if p == first { r.cards } else { 0 };
            click(&mut h, &format!("{} fait {t}", PLAYERS[p]));
        }
        click(&mut h, "Valider le tour");
        for p in 0..4 {
            expected[p] += if p == first {
                2 + r.cards as i64
            } else if p == r.dealer {
                -1
            } else {
                2
            };
        }
    }
    assert!(shows_containing(&h, "Partie terminée — gagnant"));
    let s = saved(dir.path());
    assert_eq!(s.hands.len(), 25);
    let sheet = s.score().unwrap();
    assert_eq!(sheet.totals, expected.to_vec());
    for (name, t) in PLAYERS.iter().zip(expected) {
        let total = format!("Total {} : {}", de(name), marque_core::view::minus(t));
        assert!(shows(&h, &total), "{total} shown");
    }
    // The sheet shows each bid beside the result, as a superscript, and keeps its last rows in
    // view: in round 25 Ben (left of the dealer Ana) bid 1 and took it, +3; Ana, the dealer,
    // bid 1 and took none, −1 (a true minus sign on screen).
    let (ben, ana) = (
        format!("+3 ⁽¹⁾ → {}", expected[1]),
        format!("−1 ⁽¹⁾ → {}", expected[0]),
    );
    assert!(shows(&h, &ben) && shows(&h, &ana), "{ben} / {ana}");
}

/// The dealer's forbidden bid said in words on a line that is always there, the last player's
/// tricks filled in, and too many tricks named.
#[test]
fn the_hook_in_words_the_last_tricks_filled_in_and_an_over_count_named() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = started(dir.path(), "L'Ascenseur", &PLAYERS);
    // Round 1: one card, Ana deals and bids last.
    assert!(shows(
        &h,
        "Ana (donneur) annonce en dernier et ne peut pas amener le total à 1"
    ));
    for bid in ["Ben annonce 1", "Chloe annonce 0", "Dario annonce 0"] {
        click(&mut h, bid);
    }
    assert!(shows(
        &h,
        "Ana (donneur) ne peut pas dire 0 : le total des annonces ferait 1"
    ));
    click(&mut h, "Ana annonce 1");
    for took in ["Ben fait 1", "Chloe fait 0", "Dario fait 0"] {
        click(&mut h, took);
    }
    // Ana's tricks follow: the round is complete without a tap for her.
    click(&mut h, "Valider le tour");
    let s = saved(dir.path());
    assert_eq!(s.hands[0]["tricks"], serde_json::json!([0, 1, 0, 0]));
    // Round 2: two cards. Three tricks for three players leave none to deduce; a fourth tap
    // makes one too many, said as such.
    for bid in [
        "Chloe annonce 0",
        "Dario annonce 0",
        "Ana annonce 0",
        "Ben annonce 1",
    ] {
        click(&mut h, bid);
    }
    for took in ["Chloe fait 2", "Dario fait 1", "Ana fait 0", "Ben fait 0"] {
        click(&mut h, took);
    }
    assert!(shows(&h, "Levées : 3 sur 2 — 1 de trop"));
}

/// What the form fills in stays its own: once every trick is given the others get 0, and when
/// a tap takes a trick back, those zeros go and are worked out again.
#[test]
fn filled_in_tricks_follow_a_correction() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = started(dir.path(), "L'Ascenseur", &["Ana", "Ben", "Chloe"]);
    click_all(
        &mut h,
        &[
            "Ben annonce 1",
            "Chloe annonce 0",
            "Ana annonce 1",
            "Ana fait 1",
        ],
    );
    let picked = |h: &egui_kittest::Harness<'static, marque::ui::App>, key: &str| {
        h.get_by_label(key).accesskit_node().toggled() == Some(egui::accesskit::Toggled::True)
    };
    assert!(picked(&h, "Ben fait 0") && picked(&h, "Chloe fait 0"));
    click(&mut h, "Ana fait 0");
    assert!(
        !picked(&h, "Ben fait 0") && !picked(&h, "Chloe fait 0"),
        "the zeros went with the trick"
    );
    click(&mut h, "Ben fait 0");
    assert!(
        picked(&h, "Chloe fait 1"),
        "the last player took the card left"
    );
    click(&mut h, "Valider le tour");
    assert_eq!(
        saved(dir.path()).hands[0]["tricks"],
        serde_json::json!([0, 0, 1])
    );
}
