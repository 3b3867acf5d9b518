//! Files chosen in the desktop's own dialog: with no path typed, "Exporter", "PDF", "Importer une
//! session", "Sauvegarder toutes les sessions" and "Restaurer une sauvegarde" ask for one (here a
//! stand-in for the native dialog), and the work goes on with the file chosen; the typed path
//! stays the way where no dialog opens.
use std::path::PathBuf;
use std::sync::Mutex;

use crate::ui_common::*;
use egui_kittest::kittest::Queryable;
use marque::ui::FileFor;
use serde_json::json;

/// What the stand-in dialog was asked, and what it answers next.
static ASKED: Mutex<Vec<(FileFor, Option<String>)>> = Mutex::new(Vec::new());
static ANSWER: Mutex<Option<PathBuf>> = Mutex::new(None);

fn stand_in(
    purpose: FileFor,
    _lang: marque_core::i18n::Lang,
    suggested: Option<String>,
) -> Option<PathBuf> {
    ASKED.lock().unwrap().push((purpose, suggested));
    ANSWER.lock().unwrap().take()
}

fn answer(path: &std::path::Path) {
    *ANSWER.lock().unwrap() = Some(path.to_path_buf());
}

#[test]
fn files_chosen_in_a_dialog_for_every_export_import_and_backup() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir_all(&data).unwrap();
    let v = json!({"format": "marque-session", "version": 1, "game": "truc",
                   "players": ["Alice", "Bruno"], "hands": [{"calls": [], "winner": 0}]});
    std::fs::write(data.join("partie.json"), v.to_string()).unwrap();
    let mut h = harness(&data);
    h.state_mut().set_ask_file(stand_in);
    click_containing(&mut h, "Reprendre : Alice, Bruno");

    let pdf = dir.path().join("feuille.pdf");
    answer(&pdf);
    click(&mut h, "PDF");
    assert!(std::fs::read(&pdf).unwrap().starts_with(b"%PDF-"));
    assert!(shows(&h, &format!("Session exportée : {}", pdf.display())));
    assert_eq!(
        ASKED.lock().unwrap().last().unwrap(),
        &(FileFor::ExportPdf, Some("partie-export.pdf".to_string()))
    );

    // The file chosen serves once: the field stays empty, and "Exporter" asks again.
    let json_out = dir.path().join("copie.json");
    answer(&json_out);
    click(&mut h, "Exporter");
    assert_eq!(
        marque_store::read_session(&json_out)
            .unwrap()
            .session
            .hands
            .len(),
        1
    );
    assert_eq!(
        ASKED.lock().unwrap().last().unwrap(),
        &(FileFor::Export, Some("partie-export.json".to_string()))
    );

    click(&mut h, "Accueil");
    let backup = dir.path().join("tout.json");
    answer(&backup);
    click(&mut h, "Sauvegarder toutes les sessions");
    assert!(shows(
        &h,
        &format!("1 session sauvegardée dans {}", backup.display())
    ));
    let (purpose, name) = ASKED.lock().unwrap().last().unwrap().clone();
    assert_eq!(purpose, FileFor::Backup);
    assert!(name.unwrap().starts_with("marque-"));

    // The chosen path fills the field: clear it for the next dialog.
    replace_in(
        &mut h,
        "Chemin du fichier (vide : une fenêtre le demande)",
        "",
    );
    answer(&json_out);
    click(&mut h, "Importer une session");
    assert!(shows_containing(&h, "Session importée"));
    assert_eq!(
        h.query_all_by_label_contains("Reprendre : Alice, Bruno")
            .count(),
        2
    );

    // Cancelled, or no dialog to be had: a word to type the path, nothing done.
    replace_in(
        &mut h,
        "Chemin du fichier (vide : une fenêtre le demande)",
        "",
    );
    click(&mut h, "Restaurer une sauvegarde");
    assert!(shows_containing(&h, "Aucun fichier choisi."));
    assert_eq!(ASKED.lock().unwrap().last().unwrap().0, FileFor::Restore);
}
