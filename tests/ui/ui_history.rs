//! Past sessions found by a player's name and a game, archived out of the default list, put in
//! the trash and taken back: nothing is removed without a way back.
use crate::ui_common::*;
use serde_json::json;

fn session(
    dir: &std::path::Path,
    name: &str,
    game: &str,
    players: &[&str],
    hands: serde_json::Value,
) {
    let v = json!({"format": "marque-session", "version": 1, "game": game, "players": players,
                   "hands": hands});
    std::fs::write(dir.join(name), v.to_string()).unwrap();
}

#[test]
fn find_archive_trash_and_put_back() {
    let dir = tempfile::tempdir().unwrap();
    session(dir.path(), "t.json", "truc", &["Alice", "Bruno"], json!([]));
    session(
        dir.path(),
        "d.json",
        "democratie",
        &["Chloé", "Alice", "David"],
        json!([]),
    );
    session(
        dir.path(),
        "b.json",
        "bridge",
        &["Eve", "Fanny", "Gaston", "Hugo"],
        json!([]),
    );
    let mut h = harness(dir.path());
    assert!(shows_containing(&h, "Reprendre : Eve"));
    // A player's name, typed in other capitals and with spaces, finds her sessions.
    type_in(&mut h, "Joueur ou titre :", "  aLICE ");
    assert!(shows_containing(&h, "Reprendre : Alice, Bruno"));
    assert!(shows_containing(&h, "Reprendre : Chloé, Alice, David"));
    assert!(!shows_containing(&h, "Reprendre : Eve"));
    // And a game narrows it.
    click(&mut h, "Démocratie");
    assert!(!shows_containing(&h, "Reprendre : Alice, Bruno"));
    assert!(shows_containing(&h, "Reprendre : Chloé, Alice, David"));
    click(&mut h, "Tous les jeux");
    // And a date: the démocratie session was last played 60 days ago.
    let old = std::time::SystemTime::now() - std::time::Duration::from_secs(60 * 86_400);
    std::fs::File::options()
        .write(true)
        .open(dir.path().join("d.json"))
        .unwrap()
        .set_modified(old)
        .unwrap();
    h.state_mut().refresh_home();
    settle(&mut h);
    click(&mut h, "31 derniers jours");
    assert!(shows_containing(&h, "Reprendre : Alice, Bruno"));
    assert!(!shows_containing(&h, "Reprendre : Chloé, Alice, David"));
    click(&mut h, "Dernière année");
    assert!(shows_containing(&h, "Reprendre : Chloé, Alice, David"));
    click(&mut h, "Toutes les dates");

    // Archived: out of the list, kept in its shelf, and back.
    click(&mut h, "Archiver : Alice, Bruno");
    assert!(!shows_containing(&h, "Reprendre : Alice, Bruno"));
    assert!(dir.path().join("archive/t.json").exists());
    click(&mut h, "Archivées");
    assert!(shows_containing(&h, "Reprendre : Alice, Bruno"));
    click(&mut h, "Remettre : Alice, Bruno");
    click(&mut h, "Sessions");
    assert!(shows_containing(&h, "Reprendre : Alice, Bruno"));

    // To the trash: never deleted, and it can be put back.
    click(&mut h, "À la corbeille : Alice, Bruno");
    assert!(!shows_containing(&h, "Reprendre : Alice, Bruno"));
    assert!(dir.path().join("trash/t.json").exists());
    click(&mut h, "Corbeille");
    click(&mut h, "Remettre : Alice, Bruno");
    assert!(dir.path().join("t.json").exists());
    assert!(!dir.path().join("trash/t.json").exists());
    click(&mut h, "Sessions");
    assert!(shows_containing(&h, "Reprendre : Alice, Bruno"));
}

/// The players' screen: one person across games and spellings, sessions and wins per game, and
/// two players' sessions together.
#[test]
fn players_across_games_and_head_to_head() {
    let dir = tempfile::tempdir().unwrap();
    // Alice beats Bruno at truc (a one-point partie, finished); "ALICE " plays démocratie.
    let v = json!({"format": "marque-session", "version": 1, "game": "truc",
                   "players": ["Alice", "Bruno"], "options": {"target": 1, "manches": 1},
                   "hands": [{"calls": [], "winner": 0}]});
    std::fs::write(dir.path().join("t.json"), v.to_string()).unwrap();
    session(
        dir.path(),
        "d.json",
        "democratie",
        &["Chloé", "  Alice ", "Bruno"],
        json!([]),
    );
    let mut h = harness(dir.path());
    click(&mut h, "Joueurs");
    assert!(shows(&h, "Alice") && shows(&h, "Bruno") && shows(&h, "Chloé"));
    // Two sessions, one finished and won: 100 % (the démocratie in progress is no loss).
    assert!(shows(&h, "100 %"), "Alice: 1 finished session, 1 won");
    assert!(shows(&h, "1 sur 1"), "Alice's truc");
    // A game's win shares: truc has a winner, démocratie no finished session.
    {
        use egui_kittest::kittest::Queryable;
        // The game's key among the wins per player (the roster's column has the same name).
        let key = |h: &mut egui_kittest::Harness<'static, marque::ui::App>, name: &str| {
            use egui_kittest::kittest::NodeT;
            h.get_all_by_label(name)
                .find(|n| n.accesskit_node().role() != egui::accesskit::Role::Label)
                .unwrap()
                .click();
        };
        key(&mut h, "Démocratie");
        settle(&mut h);
        assert!(shows(&h, "Aucune partie terminée de ce jeu."));
        // Truc has a winner: the bars replace the message.
        key(&mut h, "Le Truc");
        settle(&mut h);
        assert!(!shows(&h, "Aucune partie terminée de ce jeu."));
    }
    click(&mut h, "Alice");
    // One player picked: her results over time.
    assert!(shows_containing(
        &h,
        "Alice : taux de victoires au fil des parties terminées (%)"
    ));
    click(&mut h, "Bruno");
    assert!(shows(
        &h,
        "Alice et Bruno : 2 parties ensemble — Alice 1 victoire, Bruno 0 victoire"
    ));
}

/// A session given a title and a note: saved in its file, shown on the home screen, and found by
/// its title.
#[test]
fn a_title_and_a_note() {
    let dir = tempfile::tempdir().unwrap();
    session(dir.path(), "t.json", "truc", &["Alice", "Bruno"], json!([]));
    session(dir.path(), "u.json", "truc", &["Chloé", "David"], json!([]));
    let mut h = harness(dir.path());
    click_containing(&mut h, "Reprendre : Alice, Bruno");
    click(&mut h, "Titre et note");
    type_in(&mut h, "Titre :", "Club du jeudi");
    type_in(&mut h, "Note (où, qui a eu raison…) :", "chez Bruno");
    click(&mut h, "Enregistrer le titre et la note");
    let s = saved_named(dir.path(), "t.json");
    assert_eq!(s.text_field("title").as_deref(), Some("Club du jeudi"));
    assert_eq!(s.text_field("note").as_deref(), Some("chez Bruno"));
    assert_eq!(
        s.score().unwrap().totals,
        vec![0, 0],
        "the file still scores"
    );
    click(&mut h, "Accueil");
    assert!(shows_containing(
        &h,
        "« Club du jeudi »   Le Truc   Alice 0 manche, Bruno 0 manche   Reprendre : Alice, Bruno"
    ));
    type_in(&mut h, "Joueur ou titre :", "JEUDI");
    assert!(shows_containing(&h, "Reprendre : Alice, Bruno"));
    assert!(!shows_containing(&h, "Reprendre : Chloé, David"));
}

fn saved_named(dir: &std::path::Path, name: &str) -> marque_core::session::Session {
    marque_store::read_session(&dir.join(name)).unwrap().session
}

/// A session shown in another window may be moved (no window keeps a lock): that window is
/// told the file is gone; a deal entered there is saved again at the old place (nothing
/// entered is lost), the moved file left as it was.
#[test]
fn a_session_open_elsewhere_may_be_moved_and_that_window_is_told() {
    let dir = tempfile::tempdir().unwrap();
    session(dir.path(), "t.json", "truc", &["Alice", "Bruno"], json!([]));
    let mut first = harness(dir.path());
    let mut second = harness(dir.path());
    click_containing(&mut first, "Reprendre : Alice, Bruno");
    click(&mut second, "À la corbeille : Alice, Bruno");
    assert!(!dir.path().join("t.json").exists());
    assert!(dir.path().join("trash/t.json").exists());
    first.state_mut().reload_open();
    first.run();
    assert!(
        shows_containing(&first, "n'est plus là"),
        "{:?}",
        first.state().notice_text()
    );
    click(&mut first, "Seulement le gagnant");
    click(&mut first, "Gagnant : Alice");
    click(&mut first, "Valider la donne");
    assert_eq!(saved_named(dir.path(), "t.json").hands.len(), 1);
    assert_eq!(
        saved_named(&dir.path().join("trash"), "t.json").hands.len(),
        0
    );
}

/// The history filtered by state: in progress, played to the end, or stopped by the players.
#[test]
fn sessions_by_state() {
    let dir = tempfile::tempdir().unwrap();
    let truc = |name: &str, players: [&str; 2], hands: serde_json::Value, closed: bool| {
        let v = json!({"format": "marque-session", "version": 1, "game": "truc",
                       "players": players, "options": {"target": 1, "manches": 1},
                       "hands": hands, "closed": closed});
        std::fs::write(dir.path().join(name), v.to_string()).unwrap();
    };
    truc("a.json", ["Alice", "Bruno"], json!([]), false);
    truc(
        "b.json",
        ["Chloé", "David"],
        json!([{"calls": [], "winner": 0}]),
        false,
    );
    truc("c.json", ["Émile", "Fanny"], json!([]), true);
    let mut h = harness(dir.path());
    let all = [
        "Reprendre : Alice, Bruno",
        "Consulter : Chloé, David",
        "Consulter : Émile, Fanny",
    ];
    let shown =
        |h: &egui_kittest::Harness<'static, marque::ui::App>| all.map(|t| shows_containing(h, t));
    assert_eq!(shown(&h), [true, true, true]);
    assert!(shows_containing(&h, "[arrêtée]"));
    click(&mut h, "Arrêtées");
    assert_eq!(shown(&h), [false, false, true]);
    click(&mut h, "Terminées");
    assert_eq!(shown(&h), [false, true, false]);
    // "En cours" is also a heading, shown below the filters.
    {
        use egui_kittest::kittest::Queryable;
        h.get_all_by_label("En cours").next().unwrap().click();
        settle(&mut h);
    }
    assert_eq!(shown(&h), [true, false, false]);
    click(&mut h, "Tous les états");
    assert_eq!(shown(&h), [true, true, true]);
}

/// A session archived keeps its row, with a key to undo it: the rows below do not slide under
/// the finger, and the move is taken back in one tap.
#[test]
fn an_archived_row_stays_in_place_with_its_undo() {
    let dir = tempfile::tempdir().unwrap();
    session(dir.path(), "a.json", "truc", &["Alice", "Bruno"], json!([]));
    session(dir.path(), "b.json", "truc", &["Chloé", "David"], json!([]));
    session(dir.path(), "c.json", "truc", &["Émile", "Fanny"], json!([]));
    let mut h = harness(dir.path());
    let rows = |h: &egui_kittest::Harness<'static, marque::ui::App>| {
        use egui_kittest::kittest::Queryable;
        let mut found: Vec<(String, egui::Rect)> = ["Alice, Bruno", "Chloé, David", "Émile, Fanny"]
            .iter()
            .map(|p| {
                let label = format!("Reprendre : {p}");
                let at = h.get_by_label_contains(&label).rect();
                (p.to_string(), at)
            })
            .collect();
        found.sort_by(|a, b| a.1.min.y.total_cmp(&b.1.min.y));
        found
    };
    let before = rows(&h);
    let (first, _) = before[0].clone();
    let (second, second_at) = before[1].clone();
    click(&mut h, &format!("Archiver : {first}"));
    assert!(shows(&h, &format!("Archivée : {first}")));
    // The next row has not moved.
    {
        use egui_kittest::kittest::Queryable;
        let label = format!("Reprendre : {second}");
        let at = h.get_by_label_contains(&label).rect();
        assert_eq!(at, second_at);
    }
    click(&mut h, &format!("Annuler : {first}"));
    assert!(shows_containing(&h, &format!("Reprendre : {first}")));
    let archived = std::fs::read_dir(dir.path().join("archive"))
        .unwrap()
        .filter(|e| {
            let name = e.as_ref().unwrap().file_name();
            let name = name.to_string_lossy();
            name.ends_with(".json") && !name.starts_with('.')
        })
        .count();
    assert_eq!(archived, 0);
}

/// Sessions between two days typed (either way of writing a day); a day that does not read is
/// named, with how to write it, and bounds nothing.
#[test]
fn sessions_between_two_days() {
    let dir = tempfile::tempdir().unwrap();
    session(dir.path(), "a.json", "truc", &["Alice", "Bruno"], json!([]));
    session(dir.path(), "b.json", "truc", &["Chloé", "David"], json!([]));
    let at = |name: &str, day: &str| {
        let t = chrono::NaiveDate::parse_from_str(day, "%Y-%m-%d")
            .unwrap()
            .and_hms_opt(12, 0, 0)
            .unwrap()
            .and_local_timezone(chrono::Local)
            .unwrap();
        let f = std::fs::File::options()
            .write(true)
            .open(dir.path().join(name))
            .unwrap();
        f.set_modified(t.into()).unwrap();
    };
    at("a.json", "2026-03-10");
    at("b.json", "2026-11-20");
    let mut h = harness(dir.path());
    let shown = |h: &egui_kittest::Harness<'static, marque::ui::App>| {
        [
            shows_containing(h, "Reprendre : Alice, Bruno"),
            shows_containing(h, "Reprendre : Chloé, David"),
        ]
    };
    assert_eq!(shown(&h), [true, true]);
    type_in(&mut h, "Du", "01/11/2026");
    assert_eq!(shown(&h), [false, true]);
    replace_in(&mut h, "Du", "");
    type_in(&mut h, "au", "2026-03-15");
    assert_eq!(shown(&h), [true, false]);
    replace_in(&mut h, "au", "31/02/2026");
    assert!(shows(
        &h,
        "« 31/02/2026 » n'est pas une date : écrivez le jour comme 24/11/2026 ou 2026-11-24."
    ));
    assert_eq!(shown(&h), [true, true]);
}
