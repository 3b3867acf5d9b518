//! The window does not shut other writers out: eight `marque add` writers add deals while the
//! window enters its own, through its keys. Every deal acknowledged (an add that exited 0, a
//! deal the window saved) is in the file, exactly once: ten rounds.
use crate::ui_common::*;
use marque_store::Store;

const ROUNDS: usize = 10;
const WRITERS: usize = 8;
const ADDS: usize = 4;
const ENTRIES: usize = 4;

#[test]
fn eight_writers_and_the_window_lose_no_acknowledged_deal() {
    for round in 0..ROUNDS {
        let dir = tempfile::tempdir().unwrap();
        let mut h = new_bridge(dir.path());
        click(&mut h, "Commencer la partie");
        let file = Store::new(dir.path()).list()[0].path.clone();
        let writers: Vec<_> = (0..WRITERS)
            .map(|_| {
                let file = file.clone();
                std::thread::spawn(move || {
                    let deal = r#"{"contract": "1C", "declarer": "E", "tricks": 7}"#;
                    (0..ADDS)
                        .filter(|_| {
                            let o = std::process::Command::new(env!("CARGO_BIN_EXE_marque"))
                                .args(["add", file.to_str().unwrap(), deal, "--wait", "60"])
                                .output()
                                .unwrap();
                            o.status.success()
                        })
                        .count()
                })
            })
            .collect();
        let mut saved_here = 0;
        for _ in 0..ENTRIES {
            saved_here += usize::from(enter_a_deal(&mut h));
        }
        let acknowledged: usize = writers.into_iter().map(|w| w.join().unwrap()).sum();
        let all = deals(&file);
        let count = |contract: &str| all.iter().filter(|d| d["contract"] == contract).count();
        assert_eq!(
            count("1C"),
            acknowledged,
            "round {round}: the writers' deals"
        );
        assert_eq!(count("4S"), saved_here, "round {round}: the window's deals");
        assert_eq!(
            saved_here, ENTRIES,
            "round {round}: the window saved each deal"
        );
        assert_eq!(
            acknowledged,
            WRITERS * ADDS,
            "round {round}: no writer was shut out"
        );
        // Every deal of the window's went on top of theirs: none was kept in a copy beside.
        assert_eq!(
            Store::new(dir.path()).list().len(),
            1,
            "round {round}: one session file"
        );
    }
}

/// Enters 4♠ made by North through the window's keys; whether the window saved it. A deal of
/// theirs that completes a rubber while ours is being entered ends the form there (the table
/// says whether another rubber follows), and a tap in the frame that takes their deal in may
/// meet no key: the deal is entered again from its first key until the window's own document
/// holds one more 4♠ (or says it could not save it).
fn enter_a_deal(h: &mut egui_kittest::Harness<'static, marque::ui::App>) -> bool {
    use egui_kittest::kittest::Queryable;
    let ours = |h: &egui_kittest::Harness<'static, marque::ui::App>| {
        let doc = &h.state().open().unwrap().doc;
        let n = doc
            .session()
            .hands
            .iter()
            .filter(|d| d.to_value()["contract"] == "4S")
            .count();
        (n, doc.unsaved())
    };
    let (before, _) = ours(h);
    let mut tries = 0;
    'again: loop {
        tries += 1;
        assert!(tries < 100, "the deal could not be entered in 100 tries");
        // After a complete rubber (theirs or ours), the table goes on with the next; a frame
        // that takes in their deal may take the key away (looked for again, as the deal's).
        if let Some(node) = h.query_by_label("Robre suivant") {
            node.scroll_to_me();
            h.run();
            if let Some(node) = h.query_by_label("Robre suivant") {
                node.click();
                settle(h);
            }
            continue 'again;
        }
        for label in FOUR_SPADES_MADE {
            // Looked for again after each frame: a frame may take in their deal.
            let Some(node) = h.query_by_label(label) else {
                continue 'again;
            };
            node.scroll_to_me();
            h.run();
            let Some(node) = h.query_by_label(label) else {
                continue 'again;
            };
            node.click();
            settle(h);
        }
        match ours(h) {
            (_, true) => return false,
            (n, false) if n == before + 1 => {
                return h.state().open().unwrap().view.save_error.is_none();
            }
            // The confirming tap met no key (their deal ended the form in that frame).
            (n, false) if n == before => continue 'again,
            (n, false) => panic!("{n} deals of the window's where {before} were, plus one"),
        }
    }
}
