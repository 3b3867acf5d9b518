//! Whole evenings with the table's life in them (issue 40): each entered through the window
//! from its first hand to its natural end, with table events in the middle and a hand edited
//! before and after them; after every entry the window's totals are those of `marque score`
//! of the saved file, and the forms follow hands, never entries.
#![allow(
    clippy::needless_range_loop,
    reason = "player indexes into parallel arrays"
)]
use crate::ui_common::*;
use marque_core::games::ascenseur::{Options, Plan};

type H = egui_kittest::Harness<'static, marque::ui::App>;

/// Each seat's total as `marque score` (the binary) gives it for the saved file.
fn score_totals(dir: &std::path::Path) -> Vec<i64> {
    let listed = marque_store::Store::new(dir).list();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_marque"))
        .arg("score")
        .arg(&listed[0].path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    v["totals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_i64().unwrap())
        .collect()
}

/// The window shows each seat's total as the saved file scores it (the core's score, the
/// same code `marque score` runs; the binary itself is asked at the end).
fn totals_agree(h: &H, dir: &std::path::Path, names: &[&str], when: &str) {
    let s = saved(dir);
    let totals = s.score().unwrap().totals;
    for (name, t) in names.iter().zip(&totals) {
        let total = format!("Total {} : {}", de(name), marque_core::view::minus(*t));
        assert!(shows(h, &total), "{when}: {total} not shown");
    }
}

fn record(h: &mut H) {
    click(h, "Enregistrer l'événement");
}

fn replace(h: &mut H, seat: &str, by: &str) {
    click(h, "Table : Remplacement");
    click(h, &format!("Place {}", de(seat)));
    type_in(h, "Le remplaçant", by);
    record(h);
}

fn adjust(h: &mut H, side: &str, points: &str) {
    click(h, "Table : Ajustement");
    click(h, &format!("Points pour {side}"));
    type_in(h, "Points convenus (− pour en retirer)", points);
    click(h, "Raison : erreur de marque");
    record(h);
}

fn join(h: &mut H, who: &str, score: &str) {
    click(h, "Table : Arrivée");
    type_in(h, "Qui arrive ?", who);
    if !score.is_empty() {
        type_in(h, "Score de départ convenu (0 sinon)", score);
    }
    record(h);
}

fn leave(h: &mut H, who: &str) {
    click(h, "Table : Départ");
    click(h, &format!("Départ {}", de(who)));
    record(h);
}

/// One round entered by its keys: left of the dealer bids and takes every card, the others
/// 0, the dealer 1 (its hook bid of 0 being forbidden) and takes nothing.
fn play_round(h: &mut H, names: &[&str], plan: &Plan, k: usize) {
    let r = plan.round(k);
    let n = names.len();
    let first = (r.dealer + 1) % n;
    for p in 0..n {
        if p != r.dealer {
            let bid = if p == first { r.cards } else { 0 };
            click(h, &format!("{} annonce {bid}", names[p]));
        }
    }
    click(h, &format!("{} annonce 1", names[r.dealer]));
    for p in 0..n {
        let t = if p == first { r.cards } else { 0 };
        click(h, &format!("{} fait {t}", names[p]));
    }
    click(h, "Valider le tour");
}

/// An ascenseur evening of four: Thomas takes Sylvie's seat after round 2, the table agrees
/// on −5 for Romain after round 10, round 1 is edited after the substitute and round 12 after
/// the adjustment; the form offers round 3 (3 cards, its dealer) after the substitute, as the
/// core does, and so on to the 25th round, where the winners are shown.
#[test]
fn an_ascenseur_evening_with_a_substitute_and_an_adjustment_to_its_end() {
    let dir = tempfile::tempdir().unwrap();
    let mut names = vec!["Sylvie", "Romain", "Lucie", "Marc"];
    let mut h = started(dir.path(), "L'Ascenseur", &names);
    let plan = Plan::new(4, &Options::default());
    assert_eq!(plan.rounds(), 25);
    let mut entries = 0;
    for k in 0..plan.rounds() {
        // The form's header follows rounds, not entries.
        let r = plan.round(k);
        let cards = if r.cards > 1 { "cartes" } else { "carte" };
        let header = format!(
            "Tour {}/25 — {} {cards} — donneur {}",
            k + 1,
            r.cards,
            names[r.dealer]
        );
        assert!(shows_containing(&h, &header), "round {}: {header}", k + 1);
        assert!(shows(&h, &format!("Tour {}", k + 1)), "next key's heading");
        play_round(&mut h, &names, &plan, k);
        entries += 1;
        assert_eq!(saved(dir.path()).hands.len(), entries, "round {}", k + 1);
        totals_agree(&h, dir.path(), &names, &format!("round {}", k + 1));
        if k == 1 {
            click(&mut h, "Table : Remplacement");
            click(&mut h, "Place de Sylvie");
            type_in(&mut h, "Le remplaçant", "Thomas");
            click(&mut h, "Enregistrer l'événement");
            entries += 1;
            names[0] = "Thomas";
            totals_agree(&h, dir.path(), &names, "after the substitute");
            // The sheet titles it by its kind; the rounds keep their numbers.
            assert!(shows(&h, "#2") && !shows(&h, "#3"));
            // Round 1 edited after the substitute: its form says round 1 (1 card), and the
            // file keeps it as the first entry.
            click(&mut h, "#1");
            click(&mut h, "Modifier le tour 1");
            assert!(shows_containing(&h, "Tour 1/25 — 1 carte — donneur Sylvie"));
            click(&mut h, "Romain annonce 0");
            click(&mut h, "Lucie annonce 1");
            click(&mut h, "Sylvie annonce 1");
            click(&mut h, "Romain fait 0");
            click(&mut h, "Lucie fait 1");
            click(&mut h, "Garder cette saisie");
            let s = saved(dir.path());
            assert_eq!(s.hands[0]["bids"], serde_json::json!([1, 0, 1, 0]));
            totals_agree(&h, dir.path(), &names, "after round 1 edited");
        }
        if k == 9 {
            click(&mut h, "Table : Ajustement");
            click(&mut h, "Points pour Romain");
            type_in(&mut h, "Points convenus (− pour en retirer)", "-5");
            click(&mut h, "Raison : renonce");
            click(&mut h, "Enregistrer l'événement");
            entries += 1;
            assert!(shows_containing(&h, "Ajustement —"));
            totals_agree(&h, dir.path(), &names, "after the adjustment");
        }
        if k == 15 {
            // Each event the game takes, a second time: Sylvie back in Lucie's seat, and
            // +3 agreed for Marc.
            click(&mut h, "Table : Remplacement");
            click(&mut h, "Place de Lucie");
            type_in(&mut h, "Le remplaçant", "Sylvie");
            click(&mut h, "Enregistrer l'événement");
            names[2] = "Sylvie";
            click(&mut h, "Table : Ajustement");
            click(&mut h, "Points pour Marc");
            type_in(&mut h, "Points convenus (− pour en retirer)", "3");
            click(&mut h, "Raison : erreur de marque");
            click(&mut h, "Enregistrer l'événement");
            entries += 2;
            totals_agree(&h, dir.path(), &names, "after the second events");
        }
        if k == 11 {
            // Round 12, after both events: its own cards and dealer.
            click(&mut h, "#12");
            assert!(shows_containing(&h, "Tour 12 —"));
            click(&mut h, "Modifier le tour 12");
            let r = plan.round(11);
            let cards = if r.cards > 1 { "cartes" } else { "carte" };
            let header = format!(
                "Tour 12/25 — {} {cards} — donneur {}",
                r.cards, names[r.dealer]
            );
            assert!(shows_containing(&h, &header), "editing round 12: {header}");
            click(&mut h, "Abandonner la modification");
        }
    }
    assert_eq!(saved(dir.path()).hands.len(), 29);
    assert!(shows_containing(&h, "Partie terminée — gagnant"));
    // No form after the last round: the evening is over.
    assert!(!shows_containing(&h, "Tour 26"));
    let s = saved(dir.path());
    assert_eq!(s.score().unwrap().totals, score_totals(dir.path()));
    totals_agree(&h, dir.path(), &names, "at the end");
}

/// A truc partie: Léa takes Jo's seat after deal 3, Tom takes Max's in the second manche;
/// deal 2 is edited after the first substitute and the last deal before the second after it;
/// the early deals keep the names of their time ("1 pour Jo"); to the partie's end.
#[test]
fn a_truc_partie_with_two_substitutes_to_its_end() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = started(dir.path(), "Le Truc", &["Jo", "Max"]);
    click(&mut h, "Seulement le gagnant");
    let deal = |h: &mut H, who: &str| {
        click(h, &format!("Gagnant : {who}"));
        click(h, "Valider la donne");
    };
    for _ in 0..3 {
        deal(&mut h, "Jo");
    }
    replace(&mut h, "Jo", "Léa");
    all_agree(&h, dir.path(), "after Léa came");
    // Deal 2 as it was: won by Jo, not by Léa, in the sheet and in the entry's heading.
    assert!(shows_containing(&h, "1 pour Jo"), "deal 2 keeps Jo's name");
    click(&mut h, "#2");
    assert!(shows_containing(&h, "Donne 2 — manche 1, 1 pour Jo"));
    click(&mut h, "Modifier la donne 2");
    click(&mut h, "Gagnant : Max");
    click(&mut h, "Garder cette saisie");
    assert_eq!(saved(dir.path()).hands[1]["winner"], serde_json::json!(1));
    all_agree(&h, dir.path(), "after deal 2 edited");
    // Léa plays on: the first manche to her at 12.
    let mut deals = 3;
    while saved(dir.path()).score().unwrap().totals[0] < 1 {
        deal(&mut h, "Léa");
        deals += 1;
        all_agree(&h, dir.path(), &format!("deal {deals}"));
    }
    deal(&mut h, "Max");
    deals += 1;
    replace(&mut h, "Max", "Tom");
    // The deal before the substitute, edited after it: the next key says its number.
    assert!(shows(&h, &format!("Donne {}", deals + 1)));
    click(&mut h, &format!("#{deals}"));
    click(&mut h, &format!("Modifier la donne {deals}"));
    click(&mut h, "Gagnant : Léa");
    click(&mut h, "Garder cette saisie");
    all_agree(&h, dir.path(), "after the deal before Tom edited");
    while !saved(dir.path()).score().unwrap().finished {
        deal(&mut h, "Léa");
        deals += 1;
        all_agree(&h, dir.path(), &format!("deal {deals}"));
        assert!(deals < 60, "the partie ends");
    }
    assert!(shows_containing(&h, "Partie terminée — gagnant : Léa"));
    let s = saved(dir.path());
    assert_eq!(s.score().unwrap().totals, score_totals(dir.path()));
}

/// A 2500 evening of three: every event the game takes, twice, between brasses (an
/// adjustment, an arrival with points agreed, a substitute, a departure…); a brasse edited
/// before the events and one after; to 2500, with the winner shown.
#[test]
fn a_2500_evening_with_every_event_twice_to_its_end() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = started(dir.path(), "Le 2500", &["Paul", "Lise", "Anne"]);
    let brasse = |h: &mut H, who: &str, aces: usize| {
        click(h, "Frime : 8");
        for _ in 0..aces {
            click(h, &format!("{who} Posé As"));
        }
        click(h, "Valider la brasse");
    };
    brasse(&mut h, "Paul", 3);
    adjust(&mut h, "Lise", "50");
    join(&mut h, "Marc", "450");
    all_agree(&h, dir.path(), "after Marc came");
    brasse(&mut h, "Marc", 3);
    replace(&mut h, "Anne", "Zoé");
    // Brasse 1, before every event, edited: Lise laid the aces.
    click(&mut h, "#1");
    click(&mut h, "Modifier la brasse 1");
    click(&mut h, "Retirer : chaque touche retire des cartes");
    for _ in 0..3 {
        click(&mut h, "Paul Posé : retirer un As");
    }
    click(&mut h, "Retirer : chaque touche retire des cartes");
    for _ in 0..3 {
        click(&mut h, "Lise Posé As");
    }
    click(&mut h, "Garder cette saisie");
    assert_eq!(
        saved(dir.path()).hands[0]["laid"],
        serde_json::json!([[], ["A", "A", "A"], []])
    );
    all_agree(&h, dir.path(), "after brasse 1 edited");
    brasse(&mut h, "Zoé", 3);
    leave(&mut h, "Lise");
    adjust(&mut h, "Paul", "-25");
    join(&mut h, "Tom", "");
    replace(&mut h, "Marc", "Hugo");
    brasse(&mut h, "Tom", 3);
    leave(&mut h, "Tom");
    let totals = all_agree(&h, dir.path(), "after the second departure");
    // The gone seats show no points for the brasses after they left, and say so.
    assert!(shows(&h, "Total de Lise (départ) : 350"));
    assert!(shows(&h, "Total de Tom (départ) : 300"), "{totals:?}");
    // Brasse 3, after the first events, edited: Zoé laid one ace more.
    click(&mut h, "#3");
    click(&mut h, "Modifier la brasse 3");
    click(&mut h, "Zoé Posé As");
    click(&mut h, "Garder cette saisie");
    all_agree(&h, dir.path(), "after brasse 3 edited");
    // Hugo to 2500: eight aces when aces are wild, 1600 a brasse.
    let mut n = 0;
    while !saved(dir.path()).score().unwrap().finished {
        click(&mut h, "Frime : As");
        for _ in 0..8 {
            click(&mut h, "Hugo Posé As");
        }
        click(&mut h, "Valider la brasse");
        n += 1;
        all_agree(&h, dir.path(), &format!("Hugo's brasse {n}"));
        assert!(n < 4, "the partie ends");
    }
    assert!(shows_containing(&h, "Partie terminée — gagnant : Hugo"));
    assert_eq!(
        saved(dir.path()).score().unwrap().totals,
        score_totals(dir.path())
    );
}

/// A démocratie evening of three to 5 tribus: every event the game takes, twice; a manche
/// edited before the events and one after; the winner shown.
#[test]
fn a_democratie_evening_with_every_event_twice_to_its_end() {
    use egui_kittest::kittest::Queryable;
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    new_game(&mut h, "Démocratie", &["Hugo", "Iris", "Jade"]);
    h.get_by_label("Tribus pour gagner")
        .set_value_accesskit(5.0);
    h.run();
    click(&mut h, "Commencer la partie");
    let manche = |h: &mut H, who: &str, suits: &[&str]| {
        for suit in suits {
            click(h, &format!("{who} {suit} : les 25 points"));
        }
        click(h, "Valider la manche");
    };
    manche(&mut h, "Hugo", &["cœur"]);
    adjust(&mut h, "Iris", "1");
    join(&mut h, "Karl", "1");
    all_agree(&h, dir.path(), "after Karl came");
    manche(&mut h, "Karl", &["pique"]);
    replace(&mut h, "Jade", "Léo");
    // Manche 1, before the events, edited: Hugo took spades too.
    click(&mut h, "#1");
    click(&mut h, "Modifier la manche 1");
    click(&mut h, "Hugo pique : les 25 points");
    click(&mut h, "Garder cette saisie");
    all_agree(&h, dir.path(), "after manche 1 edited");
    manche(&mut h, "Léo", &["carreau"]);
    leave(&mut h, "Iris");
    adjust(&mut h, "Hugo", "-1");
    join(&mut h, "Noé", "");
    replace(&mut h, "Karl", "Paz");
    manche(&mut h, "Noé", &["trèfle"]);
    leave(&mut h, "Noé");
    all_agree(&h, dir.path(), "after the second departure");
    // Manche 3, after the first events, edited: Léo took hearts too.
    click(&mut h, "#3");
    click(&mut h, "Modifier la manche 3");
    click(&mut h, "Léo cœur : les 25 points");
    click(&mut h, "Garder cette saisie");
    all_agree(&h, dir.path(), "after manche 3 edited");
    let mut n = 0;
    while !saved(dir.path()).score().unwrap().finished {
        manche(&mut h, "Léo", &["cœur", "pique", "carreau", "trèfle"]);
        n += 1;
        all_agree(&h, dir.path(), &format!("Léo's manche {n}"));
        assert!(n < 4, "the game ends");
    }
    assert!(shows_containing(&h, "Partie terminée — gagnant : Léo"));
    assert_eq!(
        saved(dir.path()).score().unwrap().totals,
        score_totals(dir.path())
    );
}

/// A Chicago evening: two chukkers with a substitute and an agreed adjustment in each, a deal
/// edited before an event and one after; the wheel's Σ is the chukker's total after every
/// entry; the evening ended by the players.
#[test]
fn a_chicago_evening_with_events_in_each_chukker() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    new_game(&mut h, "Bridge (partie libre)", &BRIDGE);
    click(&mut h, "Chicago (quatre donnes)");
    click(&mut h, "Commencer la partie");
    let deal = |h: &mut H, declarer: &str| {
        click_all(
            h,
            &[
                declarer,
                "Niveau 2",
                "Atout pique",
                "Non contré",
                "Juste fait",
            ],
        );
        click(h, "Valider la donne");
    };
    // The wheel's last Σ is the chukker's standing, agreed points included.
    let wheel_agrees = |h: &H, when: &str| {
        let sheet = saved(dir.path()).score().unwrap();
        let papers = sheet.papers();
        let Some(paper) = papers.last() else { return };
        let totals = paper.totals;
        if paper
            .wheel_rows(marque_core::i18n::Lang::Fr)
            .iter()
            .all(|r| r[4] == "—")
        {
            return;
        }
        let m = marque_core::view::minus;
        let sigma = format!("Σ {} / {}", m(totals[0]), m(totals[1]));
        assert!(shows(h, &sigma), "{when}: {sigma}");
    };
    deal(&mut h, "Nord — Anne");
    adjust(&mut h, "EO", "50");
    wheel_agrees(&h, "after the first adjustment");
    all_agree(&h, dir.path(), "after the first adjustment");
    deal(&mut h, "Est — Bruno");
    replace(&mut h, "Sud — Claire", "Zoé");
    // Deal 1, before the events, edited: down one.
    click(&mut h, "#1");
    click(&mut h, "Modifier la donne 1");
    click(&mut h, "Chute de 1");
    click(&mut h, "Garder cette saisie");
    all_agree(&h, dir.path(), "after deal 1 edited");
    wheel_agrees(&h, "after deal 1 edited");
    deal(&mut h, "Sud — Zoé");
    deal(&mut h, "Ouest — David");
    assert!(shows(&h, "Chukker suivant"));
    all_agree(&h, dir.path(), "after chukker 1");
    click(&mut h, "Chukker suivant");
    deal(&mut h, "Nord — Anne");
    replace(&mut h, "Ouest — David", "Yves");
    adjust(&mut h, "NS", "-30");
    // Deal 5, after the first chukker's events, edited: made with an overtrick.
    click(&mut h, "#5");
    click(&mut h, "Modifier la donne 5");
    click(&mut h, "Fait plus 1");
    click(&mut h, "Garder cette saisie");
    wheel_agrees(&h, "after deal 5 edited");
    all_agree(&h, dir.path(), "after deal 5 edited");
    deal(&mut h, "Est — Bruno");
    deal(&mut h, "Sud — Zoé");
    deal(&mut h, "Ouest — Yves");
    wheel_agrees(&h, "after chukker 2");
    all_agree(&h, dir.path(), "after chukker 2");
    click(&mut h, "Terminer la soirée");
    let s = saved(dir.path());
    assert!(s.closed || s.score().unwrap().finished);
    // The evening's winners shown.
    let sheet = s.score().unwrap();
    let side = if sheet.totals[0] >= sheet.totals[1] {
        "NS"
    } else {
        "EO"
    };
    assert!(
        shows_containing(&h, &format!("gagnant : {side}"))
            || shows_containing(&h, &format!("gagnants : {side}")),
        "the winners shown"
    );
    assert_eq!(s.score().unwrap().totals, score_totals(dir.path()));
}

/// Nine seats at the 2500 (eight players, a departure and an arrival) at 1280×800 with the
/// text at 1.5: every seat's total stays whole in view, above the notice bar (issue 40: the
/// second row of totals was cut by it).
#[test]
fn nine_seats_keep_every_total_in_view_at_1280_by_800_zoomed() {
    let dir = tempfile::tempdir().unwrap();
    let players = ["Ana", "Ben", "Cléo", "Dan", "Eva", "Fred", "Gus", "Hugo"];
    let mut hands = vec![serde_json::json!({"frime": "8",
        "laid": [["A", "A", "A"], [], [], [], [], [], [], []], "hand": [[], [], [], [], [], [], [], []]})];
    hands.push(serde_json::json!({"event": "leave", "seat": 3}));
    hands.push(serde_json::json!({"event": "join", "player": "Iris", "score": 100}));
    let v = serde_json::json!({"format": "marque-session", "version": 1, "id": "neuf",
        "game": "2500", "players": players, "options": {}, "hands": hands});
    std::fs::write(dir.path().join("neuf.json"), v.to_string()).unwrap();
    let mut h = harness_sized(dir.path(), egui::vec2(1280.0, 800.0));
    h.ctx.set_zoom_factor(1.5);
    settle(&mut h);
    click_containing(&mut h, "Reprendre :");
    settle(&mut h);
    let sheet = saved(dir.path()).score().unwrap();
    let names = marque_core::text::side_names(&sheet, marque_core::i18n::Lang::Fr);
    assert_eq!(names.len(), 9);
    for (name, t) in names.iter().zip(&sheet.totals) {
        let total = format!("Total {} : {}", de(name), marque_core::view::minus(*t));
        assert!(
            in_view(&h, &total),
            "{total} is cut: {:?}",
            seen(&h, &total)
        );
    }
}
