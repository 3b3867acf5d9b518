//! Two writers meet on one session: the app never saves over a file that changed since it read
//! it. A hand it adds goes on top of the other writer's; any other change is kept in a copy.
use std::process::Command;

use crate::ui_common::*;

fn marque_add(file: &std::path::Path, hand: &str) {
    let out = Command::new(env!("CARGO_BIN_EXE_marque"))
        .args(["add", file.to_str().unwrap(), hand])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
}

type H = egui_kittest::Harness<'static, marque::ui::App>;

/// A truc partie between Alice and Bruno, started in the app; with `deal`, Alice won a deal.
/// Returns the app and the session's file.
fn truc_started(dir: &std::path::Path, deal: bool) -> (H, std::path::PathBuf) {
    let mut h = harness(dir);
    new_game(&mut h, "Le Truc", &["Alice", "Bruno"]);
    click(&mut h, "Commencer la partie");
    if deal {
        winner(&mut h, "Alice");
    }
    let file = marque_store::Store::new(dir).list()[0].path.clone();
    (h, file)
}

fn winner(h: &mut H, who: &str) {
    click(h, "Seulement le gagnant");
    click(h, &format!("Gagnant : {who}"));
    click(h, "Valider la donne");
}

#[test]
fn a_hand_entered_after_another_writer_got_in_goes_on_top_of_theirs() {
    let dir = tempfile::tempdir().unwrap();
    let (mut h, file) = truc_started(dir.path(), false);
    // The locks are deleted under the app (as a cleaner would), and the command line adds a
    // deal: it gets in.
    std::fs::remove_dir_all(dir.path().join(marque_store::LOCKS)).unwrap();
    marque_add(&file, r#"{"calls": [], "winner": 1}"#);
    // The app, which read the file before, adds its own deal.
    winner(&mut h, "Alice");
    assert_eq!(
        deals(&file),
        [
            serde_json::json!({"calls": [], "winner": 1}),
            serde_json::json!({"calls": [], "winner": 0})
        ],
        "both deals are in the file"
    );
    // Said either way: the save met the file changed ("il a été relu, et votre saisie y a été
    // ajoutée"), or the window had followed the change already ("elle a été relue").
    assert!(
        shows_containing(&h, "a été relu"),
        "{:?}",
        h.state().notice_text()
    );
    // The window shows both deals.
    assert!(shows(&h, "#2"));
}

#[test]
fn an_edit_after_another_writer_got_in_is_kept_in_a_copy_never_over_theirs() {
    let dir = tempfile::tempdir().unwrap();
    let (mut h, file) = truc_started(dir.path(), true);
    std::fs::remove_dir_all(dir.path().join(marque_store::LOCKS)).unwrap();
    marque_add(&file, r#"{"calls": [], "winner": 1}"#);
    let theirs = std::fs::read(&file).unwrap();
    // The app deletes its deal before it has seen theirs (the tap comes before the folder's
    // watcher tells the window: the delete is carried out first in that frame): a change that
    // cannot go on top of theirs.
    h.state_mut()
        .send(marque::ui::Command::Entry(marque::ui::Entry::Select(0)));
    h.state_mut()
        .send(marque::ui::Command::Entry(marque::ui::Entry::Delete(0)));
    h.run();
    settle(&mut h);
    assert_eq!(
        std::fs::read(&file).unwrap(),
        theirs,
        "their file is untouched"
    );
    assert!(
        shows_containing(&h, "il n'a pas été écrasé"),
        "{:?}",
        h.state().notice_text()
    );
    // Ours is kept in a copy beside theirs, a conflict copy of it: listed with it, to merge.
    let listed = marque_store::Store::new(dir.path()).list();
    assert_eq!(listed.len(), 1, "one session");
    assert_eq!(
        marque_store::copies_of(&file).len(),
        1,
        "ours is kept in a copy beside theirs, to merge"
    );
}

/// Writers from the command line are not shut out while the app shows a session: every add
/// that says it is done is in the file, killing them mid-way harms nothing, and the app's next
/// deal goes on top. A writer that keeps the lock too long (stopped while holding it) makes the
/// app say its deal is not saved yet: kept on screen, and saved with the next once the lock is
/// free.
#[test]
fn killed_and_stopped_writers_never_harm_a_session_the_app_shows() {
    let dir = tempfile::tempdir().unwrap();
    let (mut h, file) = truc_started(dir.path(), true);
    let hand = r#"{"calls": [], "winner": 1}"#;
    let signal = |sig: &str, pid: u32| {
        Command::new("kill")
            .args([sig, &pid.to_string()])
            .status()
            .unwrap();
    };
    let mut acknowledged = 0;
    for i in 0..10u64 {
        let mut w = Command::new(env!("CARGO_BIN_EXE_marque"))
            .args(["add", file.to_str().unwrap(), hand])
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        if i % 2 == 1 {
            std::thread::sleep(std::time::Duration::from_micros(300 * i));
            signal("-KILL", w.id());
        }
        let status = w.wait().unwrap();
        assert!(
            status.success() || status.code().is_none(),
            "writer {i}: {status:?}"
        );
        acknowledged += usize::from(status.success());
    }
    // The file reads, and holds the app's deal and every add acknowledged (and those of
    // writers killed once their file was written, before they could say so).
    let n = deals(&file).len();
    assert!(
        (1 + acknowledged..=11).contains(&n),
        "{n} deals, {acknowledged} acknowledged"
    );
    winner(&mut h, "Alice");
    assert_eq!(deals(&file).len(), n + 1, "the app's deal on top");
    // Another writer holds the lock (stopped while holding it): the app waits, then says its
    // deal is not saved yet; nothing is written over.
    let held = marque_store::Lock::acquire(&file).unwrap();
    winner(&mut h, "Alice");
    assert_eq!(deals(&file).len(), n + 1);
    assert!(
        h.state()
            .open()
            .is_some_and(|o| o.view.save_error.is_some()),
        "{:?}",
        h.state().notice_text()
    );
    drop(held);
    winner(&mut h, "Alice");
    assert_eq!(
        deals(&file).len(),
        n + 3,
        "both saved once the lock is free"
    );
}
