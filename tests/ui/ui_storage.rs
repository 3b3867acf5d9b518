//! Storage as a user meets it: damaged and newer files on the home screen, one session in two
//! windows, the edit log and its restore, export and import.
use crate::ui_common::*;
use egui_kittest::kittest::Queryable;
use serde_json::json;

type H = egui_kittest::Harness<'static, marque::ui::App>;

fn truc_file(dir: &std::path::Path, name: &str) -> std::path::PathBuf {
    let p = dir.join(name);
    let v = json!({"format": "marque-session", "version": 1, "game": "truc", "players": ["Alice", "Bruno"],
                   "hands": [{"calls": [], "winner": 0}]});
    std::fs::write(&p, v.to_string()).unwrap();
    p
}

fn winner_deal(h: &mut H, who: &str) {
    click(h, "Seulement le gagnant");
    click(h, &format!("Gagnant : {who}"));
}

#[test]
fn damaged_and_newer_files_on_the_home_screen() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(
        d.join("broken.json"),
        "{\"format\": \"marque-session\", \"vers",
    )
    .unwrap();
    let newer = json!({"format": "marque-session", "version": 2, "game": "truc", "players": ["Alice", "Bruno"],
                       "hands": [{"calls": [], "winner": 1}], "future": {"x": 1}});
    std::fs::write(d.join("newer.json"), newer.to_string()).unwrap();
    let mut h = harness(d);
    assert!(shows(
        &h,
        "broken.json est endommagé ; il n'est ni modifié ni effacé."
    ));
    assert!(shows_containing(&h, "le JSON s'arrête avant sa fin"));
    assert!(shows(
        &h,
        "newer.json vient d'une version plus récente de Marque (version 2) : il n'est pas modifié."
    ));

    click(&mut h, "Mettre broken.json de côté (dossier damaged/)");
    assert!(d.join("damaged/broken.json").exists() && !d.join("broken.json").exists());
    assert!(!shows_containing(&h, "broken.json est endommagé"));

    let before = std::fs::read(d.join("newer.json")).unwrap();
    click(&mut h, "Consulter newer.json en lecture seule");
    assert!(shows(
        &h,
        "Lecture seule : écrit par une version plus récente de Marque (version 2) ; il n'est jamais modifié ici"
    ));
    assert!(
        !shows(&h, "Seulement le gagnant"),
        "no entry form on a newer file"
    );
    assert!(shows(&h, "manche 1, 1 pour Bruno"));
    assert_eq!(std::fs::read(d.join("newer.json")).unwrap(), before);
}

/// Two windows on one session both write: no window keeps the other out, each save goes over
/// the file as it now is, and each window shows what the other added.
#[test]
fn two_windows_on_one_session_both_write() {
    let dir = tempfile::tempdir().unwrap();
    truc_file(dir.path(), "partie.json");
    let mut first = harness(dir.path());
    let mut second = harness(dir.path());
    click_containing(&mut first, "Reprendre : Alice, Bruno");
    click_containing(&mut second, "Reprendre : Alice, Bruno");
    assert!(!shows_containing(&second, "Lecture seule"));
    winner_deal(&mut first, "Bruno");
    click(&mut first, "Valider la donne");
    assert_eq!(saved(dir.path()).hands.len(), 2);
    // The second window read the file before: its deal goes on top of the first's.
    winner_deal(&mut second, "Alice");
    click(&mut second, "Valider la donne");
    assert_eq!(saved(dir.path()).hands.len(), 3);
    assert_eq!(
        second.state().open().map(|o| o.doc.session().hands.len()),
        Some(3)
    );
}

#[test]
fn the_log_shows_every_change_and_restores_an_old_value() {
    let dir = tempfile::tempdir().unwrap();
    truc_file(dir.path(), "partie.json");
    let mut h = harness(dir.path());
    click_containing(&mut h, "Reprendre : Alice, Bruno");
    // Edit deal 1: Bruno won it, not Alice.
    click(&mut h, "#1");
    click(&mut h, "Modifier la donne 1");
    winner_deal(&mut h, "Bruno");
    click(&mut h, "Garder cette saisie");
    assert!(shows_containing(&h, "Manche 1 : Alice 0 – Bruno 1"));
    click(&mut h, "Journal des modifications");
    assert!(shows_containing(
        &h,
        "donne 1 — modification : manche 1, 1 pour Alice → manche 1, 1 pour Bruno"
    ));
    click(&mut h, "Rétablir l'ancienne valeur (entrée 1)");
    assert!(shows_containing(&h, "Manche 1 : Alice 1 – Bruno 0"));
    let s = saved(dir.path());
    assert_eq!(s.hands[0], json!({"calls": [], "winner": 0}));
    let actions: Vec<_> = marque_core::history::log(&s)
        .iter()
        .map(|e| e.action.unwrap().id())
        .collect();
    assert_eq!(actions, ["edit", "restore"]);
}

#[test]
fn export_never_overwrites_and_import_adds_a_session() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir_all(&data).unwrap();
    truc_file(&data, "partie.json");
    let out = dir.path().join("export.json");
    let mut h = harness(&data);
    click_containing(&mut h, "Reprendre : Alice, Bruno");
    // A notice follows a change of language while it is shown.
    click(&mut h, "Exporter");
    // No path typed: a file dialog is asked for; where none opens, the notice says to type it.
    assert!(shows_containing(&h, "Aucun fichier choisi."));
    click(&mut h, "English");
    assert!(shows_containing(&h, "No file chosen."));
    click(&mut h, "Français");
    // A printable PDF of the session, to the path typed.
    let pdf = dir.path().join("feuille.pdf");
    type_in(&mut h, "Exporter vers", pdf.to_str().unwrap());
    click(&mut h, "PDF");
    assert!(std::fs::read(&pdf).unwrap().starts_with(b"%PDF-"));
    replace_in(&mut h, "Exporter vers", out.to_str().unwrap());
    click(&mut h, "Exporter");
    assert!(shows(&h, &format!("Session exportée : {}", out.display())));
    let exported = marque_store::read_session(&out).unwrap();
    assert_eq!(exported.session.hands.len(), 1);
    click(&mut h, "Exporter");
    assert!(shows_containing(
        &h,
        "existe déjà : choisissez un autre nom"
    ));
    // Nor through a link, even one that points nowhere (to the PDF as well).
    #[cfg(unix)]
    {
        let link = dir.path().join("lien.pdf");
        std::os::unix::fs::symlink(dir.path().join("ailleurs.pdf"), &link).unwrap();
        replace_in(&mut h, "Exporter vers", link.to_str().unwrap());
        click(&mut h, "PDF");
        assert!(shows_containing(&h, "existe déjà"));
        assert!(!dir.path().join("ailleurs.pdf").exists());
        assert!(link.symlink_metadata().unwrap().file_type().is_symlink());
        replace_in(&mut h, "Exporter vers", out.to_str().unwrap());
    }
    click(&mut h, "Accueil");
    type_in(
        &mut h,
        "Chemin du fichier (vide : une fenêtre le demande)",
        out.to_str().unwrap(),
    );
    click(&mut h, "Importer une session");
    assert!(shows_containing(&h, "Session importée"));
    assert_eq!(
        h.query_all_by_label_contains("Reprendre : Alice, Bruno")
            .count(),
        2
    );
    // A bad file is refused with the same message as `marque score`.
    let bad = dir.path().join("bad.json");
    std::fs::write(&bad, json!({"format": "marque-session", "version": 1, "game": "truc", "players": ["A"], "hands": []}).to_string()).unwrap();
    replace_in(
        &mut h,
        "Chemin du fichier (vide : une fenêtre le demande)",
        bad.to_str().unwrap(),
    );
    click(&mut h, "Importer une session");
    assert!(shows(&h, "Le Truc se joue à 2 joueurs, pas 1"));
}

#[test]
fn deleting_a_hand_recomputes_the_rest_and_is_logged() {
    let dir = tempfile::tempdir().unwrap();
    truc_file(dir.path(), "partie.json");
    let mut h = harness(dir.path());
    click_containing(&mut h, "Reprendre : Alice, Bruno");
    winner_deal(&mut h, "Bruno");
    click(&mut h, "Valider la donne");
    assert!(shows_containing(&h, "Manche 1 : Alice 1 – Bruno 1"));
    click(&mut h, "#1");
    click(&mut h, "Supprimer la donne 1");
    assert!(shows_containing(&h, "Manche 1 : Alice 0 – Bruno 1"));
    assert!(shows(&h, "manche 1, 1 pour Bruno") && !shows(&h, "manche 1, 1 pour Alice"));
    let s = saved(dir.path());
    assert_eq!(s.hands, [json!({"calls": [], "winner": 1})]);
    let log = marque_core::history::log(&s);
    let last = log.last().unwrap();
    assert_eq!(
        (last.action.unwrap().id(), last.hand, last.old.clone()),
        ("delete", 1, json!({"calls": [], "winner": 0}))
    );
}

#[test]
fn a_finished_session_opens_read_only_with_its_explanations() {
    let dir = tempfile::tempdir().unwrap();
    let v = json!({"format": "marque-session", "version": 1, "game": "truc", "players": ["Alice", "Bruno"],
                   "options": {"target": 1, "manches": 1}, "hands": [{"calls": [], "tricks": [1, null]}]});
    std::fs::write(dir.path().join("fini.json"), v.to_string()).unwrap();
    let before = std::fs::read(dir.path().join("fini.json")).unwrap();
    let mut h = harness(dir.path());
    assert!(shows(&h, "Aucune."), "nothing in progress");
    click_containing(&mut h, "Consulter : Alice, Bruno");
    assert!(shows(&h, "Lecture seule : la partie est terminée"));
    assert!(shows_containing(&h, "Partie terminée — gagnant : Bruno"));
    assert!(
        !shows(&h, "Seulement le gagnant"),
        "no entry form in a finished session"
    );
    click(&mut h, "#1");
    assert!(shows(&h, "Bruno gagne la donne aux plis, qui vaut 1"));
    assert!(
        !shows(&h, "Modifier la donne 1"),
        "no editing in a finished session"
    );
    assert_eq!(std::fs::read(dir.path().join("fini.json")).unwrap(), before);

    // Reopened on purpose, to mend a hand: asked, logged, and the hand's buttons come back.
    click(&mut h, "Reprendre la partie");
    click(&mut h, "Oui, reprendre");
    click(&mut h, "#1");
    click(&mut h, "Modifier la donne 1");
    assert!(shows(&h, "Seulement le gagnant"), "the form for the hand");
    let s = saved(dir.path());
    let log = marque_core::history::log(&s);
    assert_eq!(log.last().unwrap().action.unwrap().id(), "reopen");
}

#[test]
fn the_whole_folder_backed_up_and_restored_from_the_home_screen() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir_all(&data).unwrap();
    truc_file(&data, "partie.json");
    let backup = dir.path().join("tout.json");
    let mut h = harness(&data);
    replace_in(
        &mut h,
        "Chemin du fichier (vide : une fenêtre le demande)",
        backup.to_str().unwrap(),
    );
    click(&mut h, "Sauvegarder toutes les sessions");
    assert!(shows(
        &h,
        &format!("1 session sauvegardée dans {}", backup.display())
    ));
    std::fs::remove_file(data.join("partie.json")).unwrap();
    click(&mut h, "Restaurer une sauvegarde");
    assert!(shows(
        &h,
        "1 session revenue, 0 déjà là, 0 remise à côté d'une version différente"
    ));
    assert!(shows_containing(&h, "Reprendre : Alice, Bruno"));
}

/// The folder's work runs one at a time: a second backup asked while the first runs is
/// refused in words, and the first one's outcome is not lost.
#[test]
fn one_backup_at_a_time() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir_all(&data).unwrap();
    truc_file(&data, "partie.json");
    let (first, second) = (dir.path().join("a.json"), dir.path().join("b.json"));
    let mut h = harness(&data);
    let app = h.state_mut();
    app.send(marque::ui::Command::Files(marque::ui::Files::Backup(
        first.clone(),
    )));
    app.send(marque::ui::Command::Files(marque::ui::Files::Backup(
        second.clone(),
    )));
    app.run_commands();
    assert!(app.is_busy());
    let notice = app.notice_text().unwrap();
    assert_eq!(
        notice,
        "Une sauvegarde ou une restauration est déjà en cours : attendez qu'elle se termine."
    );
    app.poll_job(None);
    assert!(first.exists() && !second.exists());
    assert_eq!(
        h.state().notice_text().unwrap(),
        format!("1 session sauvegardée dans {}", first.display())
    );
}

/// "Exporter" writes what the name says: a .csv name the sheet as CSV (the same bytes as
/// `marque export --format csv`), a .pdf name a PDF, any other the session file.
#[test]
fn export_follows_the_name() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir_all(&data).unwrap();
    let session = truc_file(&data, "partie.json");
    let mut h = harness(&data);
    click_containing(&mut h, "Reprendre : Alice, Bruno");
    let csv = dir.path().join("feuille.CSV");
    type_in(&mut h, "Exporter vers", csv.to_str().unwrap());
    click(&mut h, "Exporter");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_marque"))
        .args(["export", session.to_str().unwrap(), "--format", "csv"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(std::fs::read(&csv).unwrap(), out.stdout);
    let pdf = dir.path().join("feuille.pdf");
    replace_in(&mut h, "Exporter vers", pdf.to_str().unwrap());
    click(&mut h, "Exporter");
    assert!(std::fs::read(&pdf).unwrap().starts_with(b"%PDF-"));
}
