//! The first run: an empty folder's home screen says what Marque is, in both languages, and
//! its guided tour enters a hand on a practice session; a file given on the command line opens.
use crate::ui_common::*;
use clap::Parser;
use egui_kittest::kittest::Queryable;
use marque_core::games::GameKind;
use marque_core::i18n::{Lang, tr};

#[test]
fn the_empty_home_screen_explains_marque_in_both_languages() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    assert!(shows(&h, "Bienvenue dans Marque"));
    assert!(shows(&h, "Les jeux de Marque :"));
    for lang in [Lang::Fr, Lang::En] {
        if lang == Lang::En {
            click(&mut h, "English");
            assert!(shows(&h, "Welcome to Marque"));
            assert!(shows(&h, "Marque's games:"));
            assert!(!shows(&h, "Bienvenue dans Marque"));
        }
        // Each of the five games, with what it keeps.
        for g in GameKind::ALL {
            let line = format!("• {} — ", tr(lang, g.name_key()));
            assert!(shows_containing(&h, &line), "{line}");
        }
        // Where sessions are saved, and how to change it.
        assert!(shows_containing(&h, &dir.path().display().to_string()));
        assert!(shows_containing(&h, "MARQUE_DATA_DIR"));
    }
    assert!(shows(&h, "Guided tour"));
    // Once there is a session, the home screen lists it instead.
    click(&mut h, "Français");
    new_game(&mut h, "Le Truc", &["Alice", "Bruno"]);
    click(&mut h, "Commencer la partie");
    click(&mut h, "Accueil");
    assert!(!shows(&h, "Bienvenue dans Marque"));
    assert!(shows_containing(&h, "Reprendre : Alice, Bruno"));
}

#[test]
fn the_guided_tour_enters_a_hand_then_trashes_its_practice_session() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    click(&mut h, "Visite guidée");
    assert!(shows(&h, "Visite 1/3"));
    assert_eq!(saved(dir.path()).players, ["Anne", "Bruno"]);
    // The tour's game is the one entered with the fewest players: a truc deal.
    click(&mut h, "Seulement le gagnant");
    click(&mut h, "Gagnant : Anne");
    click(&mut h, "Valider la donne");
    assert!(shows(&h, "Visite 2/3"), "the step follows the hand entered");
    assert_eq!(saved(dir.path()).hands.len(), 1);
    click(&mut h, "Suivant");
    assert!(shows(&h, "Visite 3/3"));
    click(
        &mut h,
        "Terminer la visite (la partie d'essai va à la corbeille)",
    );
    assert!(!shows(&h, "Visite 3/3"));
    assert!(
        shows(&h, "Bienvenue dans Marque"),
        "the folder has no session again"
    );
    let trashed = std::fs::read_dir(dir.path().join("trash")).unwrap().count();
    assert_eq!(
        trashed, 1,
        "the practice session is in the trash, not deleted"
    );
}

#[test]
fn a_session_file_given_on_the_command_line_opens_in_the_window() {
    let dir = tempfile::tempdir().unwrap();
    let elsewhere = tempfile::tempdir().unwrap();
    let file = elsewhere.path().join("club.json");
    let session = serde_json::json!({"format": "marque-session", "version": 1, "game": "truc",
        "players": ["Zoé", "Yann"], "options": {}, "closed": false,
        "hands": [{"calls": [], "winner": 1}]});
    std::fs::write(&file, session.to_string()).unwrap();
    for args in [
        vec!["marque", file.to_str().unwrap()],
        vec!["marque", "open", file.to_str().unwrap()],
    ] {
        let cli = marque::cli::Cli::try_parse_from(&args).unwrap();
        let given = match cli.command {
            Some(marque::cli::Command::Open { file }) => Some(std::path::PathBuf::from(file)),
            None => cli.file,
            Some(other) => panic!("{args:?} parsed as {other:?}"),
        };
        assert_eq!(given.as_deref(), Some(file.as_path()), "{args:?}");
        let app = marque::ui::App::starting(dir.path(), given.as_deref());
        let h = harness_of(app, egui::vec2(1600.0, 1400.0));
        assert_eq!(*h.state().screen(), marque::ui::Screen::Session, "{args:?}");
        assert!(shows_containing(&h, "Zoé · Yann"));
        assert!(h.query_by_label_contains("Le Truc").is_some());
    }
}

/// A file dropped on the window, as the desktop hands it over.
#[derive(Debug)]
struct Dropped(std::path::PathBuf);

impl egui::DroppedFile for Dropped {
    fn path(&self) -> &std::path::Path {
        &self.0
    }
    fn bytes(&self) -> Result<Vec<u8>, String> {
        std::fs::read(&self.0).map_err(|e| e.to_string())
    }
}

#[test]
fn a_session_file_dropped_on_the_window_is_imported() {
    let dir = tempfile::tempdir().unwrap();
    let elsewhere = tempfile::tempdir().unwrap();
    let file = elsewhere.path().join("from-a-friend.json");
    let session = serde_json::json!({"format": "marque-session", "version": 1, "game": "truc",
        "id": "2026-11-20-truc-abcd", "players": ["Zoé", "Yann"], "options": {},
        "closed": false, "hands": [{"calls": [], "winner": 1}]});
    std::fs::write(&file, session.to_string()).unwrap();
    let mut h = harness(dir.path());
    h.input_mut()
        .dropped_files
        .push(std::sync::Arc::new(Dropped(file.clone())));
    h.step();
    settle(&mut h);
    // Its own file in the data folder, listed; the file dropped is left where it was.
    assert!(shows_containing(&h, "Reprendre : Zoé, Yann"));
    assert_eq!(saved(dir.path()).players, ["Zoé", "Yann"]);
    assert!(file.exists());
    // A file that is no session is refused in words, and nothing is written.
    let junk = elsewhere.path().join("notes.json");
    std::fs::write(&junk, "{\"shopping\": [\"bread\"]}").unwrap();
    h.input_mut()
        .dropped_files
        .push(std::sync::Arc::new(Dropped(junk)));
    h.step();
    settle(&mut h);
    assert!(h.state().notice_text().is_some());
    assert_eq!(
        marque_store::Store::new(dir.path()).list().len(),
        1,
        "nothing else was imported"
    );
}

#[test]
fn a_first_run_follows_the_desktops_dark_theme_then_keeps_the_tables_choice() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.input_mut().system_theme = Some(egui::Theme::Dark);
    h.step();
    settle(&mut h);
    assert!(h.state().prefs().dark, "the desktop is dark: so is Marque");
    assert!(shows(&h, "Thème clair"), "the key offers the other theme");
    click(&mut h, "Thème clair");
    assert!(!h.state().prefs().dark);
    // The table's choice stays: the desktop's theme was followed once, on the first run.
    h.input_mut().system_theme = Some(egui::Theme::Dark);
    h.step();
    settle(&mut h);
    assert!(!h.state().prefs().dark);
    // A second run on the same folder keeps it too.
    drop(h);
    let again = marque::ui::App::new(dir.path());
    assert!(!again.prefs().dark);
}
