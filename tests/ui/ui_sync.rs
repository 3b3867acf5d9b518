//! A data folder changed elsewhere (another machine through Syncthing, another program): the
//! open session is shown as its file now is, and conflict copies are merged on the table's word.
use crate::ui_common::*;
use egui_kittest::kittest::{NodeT, Queryable};
use marque_core::history::{self, Action, Change};
use marque_core::session::Session;
use serde_json::{Value, json};

type H = egui_kittest::Harness<'static, marque::ui::App>;

fn deal(winner: u64) -> Value {
    json!({"calls": [], "winner": winner})
}

/// Writes `session` over `file` as Syncthing does: a temporary file beside it, renamed over.
fn replace_as_a_sync_would(file: &std::path::Path, session: &Session) {
    let tmp = file.with_file_name(".syncthing.t.json.tmp");
    std::fs::write(&tmp, session.to_json_string()).unwrap();
    std::fs::rename(&tmp, file).unwrap();
}

/// Steps the app until `done`, for at most a few seconds (the folder's watcher wakes it).
#[track_caller]
fn frames_until(h: &mut H, what: &str, done: impl Fn(&H) -> bool) {
    let start = std::time::Instant::now();
    while !done(h) {
        assert!(
            start.elapsed() < std::time::Duration::from_secs(10),
            "waited 10 s for {what}"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
        h.step();
        settle(h);
    }
}

/// Another machine records a late arrival while a brasse is being entered here: the form is
/// made again for the table as it now is (three players), not left with the seats it had.
#[test]
fn a_seat_taken_elsewhere_reaches_the_form() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    new_game(&mut h, "Le 2500", &["Paul", "Lise"]);
    click(&mut h, "Commencer la partie");
    click(&mut h, "Frime : 8");
    assert!(shows(&h, "Lise Posé 3") && !shows(&h, "Marc Posé 3"));
    let file = marque_store::Store::new(dir.path()).list()[0].path.clone();
    let mut other = marque_store::read_session(&file).unwrap();
    let join = other
        .session
        .decode(&json!({"event": "join", "player": "Marc", "score": 450}))
        .unwrap();
    history::apply(
        &mut other.session,
        &mut other.sheet,
        &Change::Insert(0, join),
        Action::Add,
        "2026-11-26T21:00:00+01:00",
    )
    .unwrap();
    replace_as_a_sync_would(&file, &other.session);
    frames_until(&mut h, "the window to show the arrival", |h| {
        h.state()
            .open()
            .is_some_and(|o| o.doc.session().hands.len() == 1)
    });
    // The brasse begun here is begun again, for three players.
    click(&mut h, "Frime : 8");
    assert!(shows(&h, "Marc Posé 3"), "the form lists Marc");
    click(&mut h, "Marc Posé R");
    click(&mut h, "Valider la brasse");
    let v: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(v["hands"][1]["laid"].as_array().unwrap().len(), 3, "{v}");
}

#[test]
fn a_session_replaced_on_disk_while_open_is_shown_as_it_now_is() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    assert!(h.state().watching(), "the data folder is watched");
    new_game(&mut h, "Le Truc", &["Alice", "Bruno"]);
    click(&mut h, "Commencer la partie");
    click(&mut h, "Seulement le gagnant");
    click(&mut h, "Gagnant : Alice");
    click(&mut h, "Valider la donne");
    let file = marque_store::Store::new(dir.path()).list()[0].path.clone();
    // Another machine's version arrives: Bruno won a second deal there.
    let mut other = marque_store::read_session(&file).unwrap();
    let hand = other.session.decode(&deal(1)).unwrap();
    let change = Change::Insert(1, hand);
    history::apply(
        &mut other.session,
        &mut other.sheet,
        &change,
        Action::Add,
        "2026-11-25T21:00:00+01:00",
    )
    .unwrap();
    replace_as_a_sync_would(&file, &other.session);
    frames_until(&mut h, "the window to show the file as it now is", |h| {
        h.state()
            .open()
            .is_some_and(|o| o.doc.session().hands.len() == 2)
    });
    assert!(
        shows_containing(&h, "a changé sur le disque"),
        "the window says so: {:?}",
        h.state().notice_text()
    );
    // The sheet on screen is the file's: Bruno's deal is its second row.
    assert!(shows_containing(&h, "Bruno"));
    // The window still writes it: a deal entered now goes after the other machine's.
    click(&mut h, "Seulement le gagnant");
    click(&mut h, "Gagnant : Alice");
    click(&mut h, "Valider la donne");
    assert_eq!(deals(&file), [deal(0), deal(1), deal(0)]);
    assert!(
        !shows_containing(&h, "copie"),
        "no copy was needed: {:?}",
        h.state().notice_text()
    );
}

/// A truc partie of one deal, then each side's own changes: returns (session, conflict copy).
fn apart() -> (Session, Session) {
    let v = json!({"format": "marque-session", "version": 1, "id": "2026-11-25-truc-club",
        "game": "truc", "players": ["Alice", "Bruno"], "options": {}, "closed": false,
        "hands": []});
    let mut s = Session::from_value(&v).unwrap();
    let mut sheet = s.score().unwrap();
    let add = |s: &mut Session, sheet: &mut marque_core::session::Sheet, w: u64, at: &str| {
        let h = s.decode(&deal(w)).unwrap();
        let change = Change::Insert(s.hands.len(), h);
        history::apply(s, sheet, &change, Action::Add, at).unwrap();
    };
    add(&mut s, &mut sheet, 0, "2026-11-25T20:00:00+01:00");
    let (mut a, mut b) = ((s.clone(), sheet.clone()), (s, sheet));
    // Here the first deal was deleted; there it was corrected (Bruno won it) and a deal added.
    let first = a.0.hands[0].clone();
    history::apply(
        &mut a.0,
        &mut a.1,
        &Change::Remove(0, first.clone()),
        Action::Delete,
        "2026-11-25T20:10:00+01:00",
    )
    .unwrap();
    let edited = b.0.decode(&deal(1)).unwrap();
    history::apply(
        &mut b.0,
        &mut b.1,
        &Change::Replace(0, first, edited),
        Action::Edit,
        "2026-11-25T20:11:00+01:00",
    )
    .unwrap();
    add(&mut b.0, &mut b.1, 1, "2026-11-25T20:12:00+01:00");
    (a.0, b.0)
}

#[test]
fn conflict_copies_are_merged_from_the_home_screen_with_the_tables_choice() {
    let dir = tempfile::tempdir().unwrap();
    let (here, there) = apart();
    let file = dir.path().join("club.json");
    let copy = dir
        .path()
        .join("club.sync-conflict-20261125-201200-ABCDEFG.json");
    std::fs::write(&file, here.to_json_string()).unwrap();
    std::fs::write(&copy, there.to_json_string()).unwrap();
    let mut h = harness(dir.path());
    // One session on the list (the copy is not a second one), and what to do about it.
    assert!(shows_containing(&h, "Reprendre : Alice, Bruno"));
    assert_eq!(h.query_all_by_label_contains("Reprendre").count(), 1);
    assert!(shows_containing(&h, "une copie venue d'une autre machine"));
    // Under the sessions, with a heading of its own: copies that arrive while the table looks
    // never push the session rows down under a finger.
    let merge = h.get_by_label("Fusionner (Alice, Bruno)").rect();
    let resume = h.get_by_label_contains("Reprendre : Alice, Bruno").rect();
    assert!(shows(&h, "À fusionner") && merge.min.y >= resume.max.y);
    click(&mut h, "Fusionner (Alice, Bruno)");
    // The first deal was deleted here and corrected there: the table chooses.
    assert!(shows(&h, "Choisir la bonne version"));
    // Each version named as the table knows it: this file, the other machine by the short id
    // Syncthing gives its copy, the time of the change.
    assert!(shows_containing(&h, "[1] ce fichier, 20:10 : suppression"));
    assert!(
        h.get_by_label("Fusionner avec ces choix")
            .accesskit_node()
            .is_disabled(),
        "nothing to merge before the choice"
    );
    click_containing(&mut h, "[2] la copie de la machine ABCDEFG, 20:11");
    click(&mut h, "Fusionner avec ces choix");
    assert!(
        shows_containing(
            &h,
            "Copie fusionnée : 2 changements venus de l'autre machine"
        ),
        "{:?}",
        h.state().notice_text()
    );
    // The deal as corrected there, and the deal added there.
    assert_eq!(deals(&file), [deal(1), deal(1)]);
    assert!(!copy.exists());
    assert!(
        dir.path()
            .join("trash/club.sync-conflict-20261125-201200-ABCDEFG.json")
            .exists(),
        "the copy is kept in the trash"
    );
    assert!(!shows_containing(&h, "Fusionner"));
    // The version not chosen is in the log, with a way to put it back.
    let log = std::fs::read_to_string(&file).unwrap();
    assert!(log.contains("\"action\":\"aside\""), "{log}");
    // In the trash, the copy is a merged copy, not a session to put back.
    click(&mut h, "Corbeille");
    assert!(shows_containing(&h, "Copie fusionnée (machine ABCDEFG)"));
    assert!(!shows_containing(&h, "Remettre"));
}

#[test]
fn names_merged_on_another_machine_reach_this_window() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    let people = json!({"names": ["Alice"], "merged": [["Ali", "Alice"]]});
    let tmp = dir.path().join(".syncthing.people.tmp");
    std::fs::write(&tmp, people.to_string()).unwrap();
    std::fs::rename(&tmp, dir.path().join(".people.json")).unwrap();
    frames_until(&mut h, "the names merged there", |h| {
        h.state().prefs().people.merged == [["Ali".to_string(), "Alice".to_string()]]
    });
    // This machine's own preferences are not written for it: the names are the shared file's.
    let prefs = std::fs::read_to_string(dir.path().join(".prefs.json")).unwrap_or_default();
    assert!(!prefs.contains("Ali"), "{prefs}");
}

/// A change from the disk has no input behind it: the frame that takes it in asks for the next
/// one, which shows it (without that, the window showed it only when the mouse moved).
#[test]
fn a_change_from_the_disk_asks_for_the_frame_that_shows_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    assert!(!h.ctx.has_requested_repaint(), "the window is idle");
    h.state_mut()
        .send(marque::ui::Command::Files(marque::ui::Files::DiskChanged {
            people: false,
        }));
    h.step();
    assert!(h.ctx.has_requested_repaint());
}

/// The data folder replaced by a link to another folder while the window is open: the window
/// follows the folder now at its path (new sessions there are listed, and so are later ones).
#[cfg(unix)]
#[test]
fn the_window_follows_a_data_folder_replaced_by_a_link() {
    let root = tempfile::tempdir().unwrap();
    let data = root.path().join("data");
    std::fs::create_dir_all(&data).unwrap();
    let mut h = harness(&data);
    assert!(h.state().watching());
    let other = root.path().join("club");
    std::fs::create_dir_all(&other).unwrap();
    assert!(!h.ctx.has_requested_repaint(), "the window is idle");
    std::fs::rename(&data, root.path().join("data-old")).unwrap();
    std::os::unix::fs::symlink(&other, &data).unwrap();
    // The window idle (no frame, no input): the folder's watcher finds the new folder on its
    // own timer and wakes the window within 3 s.
    let start = std::time::Instant::now();
    while !h.ctx.has_requested_repaint() && start.elapsed() < std::time::Duration::from_secs(3) {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert!(
        h.ctx.has_requested_repaint(),
        "the idle window was not woken within 3 s"
    );
    let session = |players: [&str; 2]| {
        json!({"format": "marque-session", "version": 1, "game": "truc", "players": players,
               "hands": []})
        .to_string()
    };
    std::fs::write(other.join("a.json"), session(["Hugo", "Inès"])).unwrap();
    frames_until(&mut h, "the session in the folder now there", |h| {
        shows_containing(h, "Hugo, Inès")
    });
    // And what comes there afterwards, through the new watch.
    std::fs::write(other.join("b.json"), session(["Jade", "Karim"])).unwrap();
    frames_until(&mut h, "a later session there", |h| {
        shows_containing(h, "Jade, Karim")
    });
}

/// A copy arriving from another machine while the session is open says so with the key that
/// merges it, in the row under the title where the options were: nothing of the screen moves
/// (issue 40: the notice pushed the session screen 25 px down, and back once merged).
#[test]
fn a_copy_arriving_while_the_session_is_open_moves_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let (here, there) = apart();
    let file = dir.path().join("club.json");
    std::fs::write(&file, here.to_json_string()).unwrap();
    let mut h = harness(dir.path());
    click_containing(&mut h, "Reprendre : Alice, Bruno");
    let keys = ["Journal des modifications", "Valider la donne"];
    let before: Vec<egui::Rect> = keys.iter().map(|k| h.get_by_label(k).rect()).collect();
    let copy = dir
        .path()
        .join("club.sync-conflict-20261125-201200-ABCDEFG.json");
    std::fs::write(&copy, there.to_json_string()).unwrap();
    frames_until(&mut h, "the copy's notice", |h| {
        shows_containing(h, "Cette partie a aussi changé sur une autre machine")
    });
    assert!(shows(&h, "Fusionner"));
    let after: Vec<egui::Rect> = keys.iter().map(|k| h.get_by_label(k).rect()).collect();
    assert_eq!(before, after, "nothing moved when the copy came");
}
