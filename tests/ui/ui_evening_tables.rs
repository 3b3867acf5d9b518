//! An evening of several tables in the window (issue 51): listed on the home screen from its
//! folder, its screen shows the rankings and travellers `marque evening` gives, and follows
//! the folder as a table's file arrives; at 1024×600 and 1920×1080, zoomed, its keys in view.
use crate::ui_common::*;
use serde_json::{Value, json};

fn table(hands: Value) -> Value {
    json!({"format": "marque-session", "version": 1, "game": "bridge",
           "players": ["N", "E", "S", "W"], "options": {"format": "duplicate"}, "hands": hands})
}

fn deal(board: u32, tricks: u32) -> Value {
    json!({"board": board, "contract": "4S", "declarer": "N", "tricks": tricks})
}

/// A 3-table Mitchell of one board a round in `dir/club/`, tables 1 and 3 entered.
fn evening(dir: &std::path::Path) -> std::path::PathBuf {
    let club = dir.join("club");
    std::fs::create_dir_all(&club).unwrap();
    let names = [
        "Anne", "Bruno", "Claire", "David", "Elise", "Fabien", "Gaëlle", "Henri", "Inès", "Jean",
        "Karine", "Louis",
    ];
    let pairs: serde_json::Map<String, Value> = (0..6)
        .map(|p| ((p + 1).to_string(), json!([names[2 * p], names[2 * p + 1]])))
        .collect();
    let ev = json!({"format": "marque-evening", "version": 1, "kind": "pairs",
        "title": "Vendredi au club",
        "movement": {"kind": "mitchell", "tables": 3, "boards_per_round": 1}, "pairs": pairs,
        "tables": [{"table": 1, "file": "t1.json"}, {"table": 2, "file": "t2.json"},
                   {"table": 3, "file": "t3.json"}]});
    let path = club.join("club.evening.json");
    std::fs::write(&path, ev.to_string()).unwrap();
    std::fs::write(
        club.join("t1.json"),
        table(json!([deal(1, 10), deal(2, 9), deal(3, 10)])).to_string(),
    )
    .unwrap();
    std::fs::write(
        club.join("t3.json"),
        table(json!([deal(3, 11), deal(1, 11), deal(2, 10)])).to_string(),
    )
    .unwrap();
    path
}

/// Every ranking row `marque evening` gives (its pair's names and its percentage) is shown.
fn shows_the_evening(h: &egui_kittest::Harness<'static, marque::ui::App>, path: &std::path::Path) {
    let out = marque_store::read_evening(path).unwrap();
    for f in out["fields"].as_array().unwrap() {
        for r in f["ranking"].as_array().unwrap() {
            let names: Vec<&str> = r["names"]
                .as_array()
                .unwrap()
                .iter()
                .map(|n| n.as_str().unwrap())
                .collect();
            assert!(shows(h, &names.join(" – ")), "{names:?}");
            let percent = format!("{}\u{a0}%", r["percent"]).replace('.', ",");
            assert!(shows(h, &percent), "{percent} for {names:?}");
        }
    }
}

#[test]
fn an_evening_is_listed_shown_and_followed() {
    let dir = tempfile::tempdir().unwrap();
    let path = evening(dir.path());
    let mut h = harness(dir.path());
    assert!(shows(&h, "Soirées à plusieurs tables :"));
    click(&mut h, "Vendredi au club");
    assert!(shows(&h, "Classement Nord-Sud") && shows(&h, "Classement Est-Ouest"));
    assert!(shows(&h, "Vendredi au club"), "the evening's own title");
    shows_the_evening(&h, &path);
    // Table 2's file arrives (another laptop, by Syncthing): the screen follows the folder.
    let club = path.parent().unwrap();
    std::fs::write(
        club.join("t2.json"),
        table(json!([deal(2, 11), deal(3, 9), deal(1, 9)])).to_string(),
    )
    .unwrap();
    h.state_mut()
        .send(marque::ui::Command::Files(marque::ui::Files::DiskChanged {
            people: false,
        }));
    settle(&mut h);
    settle(&mut h);
    shows_the_evening(&h, &path);
    assert!(
        shows(
            &h,
            "Étui 1 — donneur Nord, personne vulnérable (3 résultats)"
        ),
        "each board's traveller, counted"
    );
    click(&mut h, "← Parties");
    assert!(shows(&h, "Soirées à plusieurs tables :"));
}

#[test]
fn the_evening_screen_keeps_its_keys_in_view_at_every_size() {
    let dir = tempfile::tempdir().unwrap();
    evening(dir.path());
    for (size, zoom) in [
        ((1024.0, 600.0), 1.0),
        ((1024.0, 600.0), 1.5),
        ((1920.0, 1080.0), 1.5),
    ] {
        let mut app = marque::ui::App::new(dir.path().to_path_buf());
        app.prefs_mut().zoom = zoom;
        let mut h = harness_of(app, egui::vec2(size.0, size.1));
        click(&mut h, "Vendredi au club");
        assert!(in_view(&h, "← Parties"), "{size:?} at {zoom}");
        assert!(in_view(&h, "Classement Nord-Sud"), "{size:?} at {zoom}");
    }
}

/// "Nouvelle soirée": each kind set up from the names typed, the movement proposed as they
/// are typed, the evening and its tables' files written into a folder of the data folder,
/// then its screen; `marque evening` reads what the window wrote.
#[test]
fn each_kind_of_evening_is_set_up_from_nouvelle_soiree() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    let kinds = [
        (
            "Paires (tournoi de bridge)",
            "Vendredi",
            // Twelve pairs: more lines than the names' area shows, the keys under it stay.
            (1..=12)
                .map(|p| format!("A{p}, B{p}"))
                .collect::<Vec<_>>()
                .join("\n"),
            "Mitchell : 6 tables, 5 tours, 18 étuis",
            "Classement Nord-Sud",
        ),
        (
            "Équipes de quatre",
            "Match",
            "Les Rouges : Anne, Bruno, Claire, David\nLes Bleus : Elise, Fabien, Gaëlle, Henri"
                .to_string(),
            "deux tables, 16 étuis, marqués en IMP et points de victoire",
            "Les Rouges 0 – 0 Les Bleus",
        ),
        (
            "Concours de tarot",
            "Concours",
            (1..=12)
                .map(|p| format!("J{p}"))
                .collect::<Vec<_>>()
                .join(", "),
            "3 tables (à 4), 3 parties de 4 donnes, les joueurs changent de table entre les parties",
            "Les tables",
        ),
    ];
    for (kind, title, who, said, shown) in kinds {
        click(&mut h, "Nouvelle soirée");
        click(&mut h, kind);
        type_in(&mut h, "Nom de la soirée", title);
        let hint = match kind {
            "Paires (tournoi de bridge)" => "Une paire par ligne : « Anne, Bruno »",
            "Équipes de quatre" => {
                "Une équipe par ligne : « Les Rouges : Anne, Bruno, Claire, David »"
            }
            _ => "Les joueurs, un par ligne ou séparés par des virgules",
        };
        let key = seen(&h, "Créer la soirée").0;
        type_in(&mut h, hint, &who);
        assert!(shows(&h, said), "{kind}: {said}");
        assert_eq!(
            seen(&h, "Créer la soirée").0,
            key,
            "{kind}: the key stays where it was"
        );
        click(&mut h, "Créer la soirée");
        assert!(shows(&h, title), "{kind}: the evening's screen");
        assert!(shows_containing(&h, shown), "{kind}: {shown}");
        let path = h.state().evening().unwrap().path.clone();
        assert!(path.starts_with(dir.path()) && path.to_string_lossy().ends_with(".evening.json"));
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_marque"))
            .args(["evening", path.to_str().unwrap()])
            .output()
            .unwrap();
        assert!(
            o.status.success(),
            "{kind}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        click(&mut h, "← Parties");
    }
    assert!(
        shows(&h, "Vendredi") && shows(&h, "Match") && shows(&h, "Concours"),
        "the three listed"
    );
}
