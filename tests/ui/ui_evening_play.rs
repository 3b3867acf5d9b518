//! Evenings played through the window (issue 51), from "Nouvelle soirée" to the final
//! ranking: each result entered at its table's screen by the keys' labels, a correction and a
//! deletion put back with their log, and the evening's screen equal to `marque evening` as the
//! results come in.
use crate::ui_common::*;
use egui_kittest::Harness;
use marque::ui::App;
use serde_json::Value;

/// The desktop's dialog, standing in: the file it answers next.
static ANSWER: std::sync::Mutex<Option<std::path::PathBuf>> = std::sync::Mutex::new(None);

fn stand_in(
    _: marque::ui::FileFor,
    _: marque_core::i18n::Lang,
    _: Option<String>,
) -> Option<std::path::PathBuf> {
    ANSWER.lock().unwrap().take()
}

/// Sets an evening up through "Nouvelle soirée": its kind, its title, who plays.
pub(crate) fn set_up(
    h: &mut Harness<'static, App>,
    kind: &str,
    title: &str,
    hint: &str,
    who: &str,
) {
    click(h, "Nouvelle soirée");
    click(h, kind);
    type_in(h, "Nom de la soirée", title);
    type_in(h, hint, who);
    click(h, "Créer la soirée");
    assert!(shows(h, title), "{kind}: the evening's screen");
}

/// "Vendredi": six pairs set up from "Nouvelle soirée" (a 3-table Mitchell).
pub(crate) fn friday(h: &mut Harness<'static, App>) {
    let pairs =
        "Anne, Bruno\nClaire, David\nElise, Fabien\nGaëlle, Henri\nInès, Jean\nKarine, Louis";
    set_up(
        h,
        "Paires (tournoi de bridge)",
        "Vendredi",
        "Une paire par ligne : « Anne, Bruno »",
        pairs,
    );
}

fn evening_path(h: &Harness<'static, App>) -> std::path::PathBuf {
    h.state().evening().unwrap().path.clone()
}

/// What `marque evening` prints of the evening.
fn scored(path: &std::path::Path) -> Value {
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_marque"))
        .args(["evening", path.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    serde_json::from_slice(&o.stdout).unwrap()
}

/// A number as the French screen writes it.
fn fr(v: &Value) -> String {
    v.to_string().replace('.', ",").replace('-', "−")
}

/// The evening's screen shows what `marque evening` gives: every ranking row (names and
/// percentage), or the match's IMPs.
fn equals_the_command(h: &mut Harness<'static, App>) {
    let path = evening_path(h);
    h.state_mut()
        .send(marque::ui::Command::Files(marque::ui::Files::DiskChanged {
            people: false,
        }));
    settle(h);
    let out = scored(&path);
    match out["kind"].as_str() {
        Some("pairs") => {
            for f in out["fields"].as_array().unwrap() {
                for r in f["ranking"].as_array().unwrap() {
                    let names = marque_core::club::names_text(&r["names"]);
                    assert!(shows(h, &names), "{names}");
                    let percent = format!("{}\u{a0}%", fr(&r["percent"]));
                    assert!(shows(h, &percent), "{percent} for {names}");
                }
            }
        }
        _ => {
            let line = format!(
                "{} {} – {} {}",
                out["teams"][0].as_str().unwrap(),
                fr(&out["imps"][0]),
                fr(&out["imps"][1]),
                out["teams"][1].as_str().unwrap()
            );
            assert!(shows_containing(h, &line), "{line}");
        }
    }
}

/// Enters every board still to enter at table `t`, each by its keys: a contract of the
/// declarer's, level and strain chosen from the board's number, its result one of a few, or a
/// deal passed out; with `average`, the first board gets an artificial score.
fn play_table(h: &mut Harness<'static, App>, t: u32, average: bool, named: bool) -> usize {
    click(h, &format!("Table {t}"));
    assert!(shows(h, &format!("Table {t}")), "the table's screen");
    let mut entered = 0;
    while !shows(h, "Tous les étuis de cette table sont saisis.")
        && !shows_containing(h, &format!("Personne ne joue à la table {t}"))
    {
        let board = h
            .state()
            .table()
            .and_then(|s| {
                let plan = s.plan.as_ref()?;
                let (r, b) = plan.next()?;
                Some(plan.rounds[r].boards[b].board)
            })
            .expect("a board to enter");
        let seat = ["Nord", "Est", "Sud", "Ouest"][((board + t) % 4) as usize];
        if average && entered == 0 {
            click(h, "score ajusté : N-S 60 %, E-O 40 %");
        } else if board % 7 == 0 {
            click(h, "Donne passée");
        } else {
            if named {
                click_containing(h, &format!("{seat} — "));
            } else {
                click(h, seat);
            }
            click(h, &format!("Niveau {}", 1 + board % 4));
            let strain = ["trèfle", "carreau", "cœur", "pique", "sans-atout"][(board % 5) as usize];
            click(h, &format!("Atout {strain}"));
            match (board + t) % 3 {
                0 => click(h, "Juste fait"),
                1 => click(h, "Chute de 1"),
                _ => click(h, "Fait plus 1"),
            }
        }
        click(h, &format!("Enregistrer l'étui {board}"));
        assert!(
            shows(h, &format!("Étui {board} enregistré.")),
            "board {board} at table {t}"
        );
        entered += 1;
    }
    click(h, "← La soirée");
    entered
}

fn table_file(h: &Harness<'static, App>, t: i64) -> Value {
    let e = h.state().evening().unwrap();
    let p = &e.tables.iter().find(|x| x.table == t).unwrap().path;
    serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap()
}

#[test]
fn a_howell_of_five_pairs_with_its_sit_outs_is_played_through_its_tables() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    let pairs = "Anne, Bruno\nClaire, David\nElise, Fabien\nGaëlle, Henri\nInès, Jean";
    set_up(
        &mut h,
        "Paires (tournoi de bridge)",
        "Vendredi",
        "Une paire par ligne : « Anne, Bruno »",
        pairs,
    );
    equals_the_command(&mut h);
    let mut entered = 0;
    for t in 1..=3 {
        entered += play_table(&mut h, t, t == 3, true);
        equals_the_command(&mut h);
    }
    let out = scored(&evening_path(&h));
    assert_eq!(
        out["results"].as_u64(),
        Some(entered as u64),
        "every result counted"
    );
    // Five pairs (the 3-table Howell, `club.phantom`): every board is played twice, each
    // pair sits out a round.
    let boards = out["boards"].as_array().unwrap();
    assert!(
        boards
            .iter()
            .all(|b| b["results"].as_array().unwrap().len() == 2)
    );
    assert_eq!(entered, 2 * boards.len(), "two results a board");
    // Five pairs leave table 1 empty every round: its screen says so.
    click(&mut h, "Table 1");
    assert!(
        shows_containing(&h, "Personne ne joue à la table 1"),
        "the empty table said"
    );
    click(&mut h, "← La soirée");
    // Table 3's artificial score is in its file, with the log of each add.
    let t1 = table_file(&h, 3);
    assert!(
        t1["hands"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["average"] == serde_json::json!([60, 40]))
    );
    assert_eq!(
        t1["log"].as_array().unwrap().len(),
        t1["hands"].as_array().unwrap().len()
    );

    // A correction at table 2: the result changes, the log keeps the old one.
    click(&mut h, "Table 2");
    let first = table_file(&h, 2)["hands"][0].clone();
    let b = first["board"].as_i64().unwrap();
    // A board that comes back to the table names its round on its keys.
    let fix = format!("Corriger {b}");
    let (fix, delete) = if shows(&h, &fix) {
        (fix, format!("Supprimer {b}"))
    } else {
        let r = &first["round"];
        (
            format!("Corriger {b} (tour {r})"),
            format!("Supprimer {b} (tour {r})"),
        )
    };
    click(&mut h, &fix);
    click(&mut h, "Donne passée");
    click(&mut h, &format!("Corriger l'étui {b}"));
    assert!(
        shows_containing(&h, &format!("Étui {b} corrigé")),
        "the correction said"
    );
    let t2 = table_file(&h, 2);
    assert_eq!(t2["hands"][0]["contract"], "pass", "the correction saved");
    let last = t2["log"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(
        (last["action"].as_str(), &last["old"]),
        (Some("edit"), &first)
    );
    // A deletion, then put back: nothing is lost, both are in the log. The key that puts it
    // back is there before (greyed), so that a deletion pushes no row of the list down.
    assert!(shows(&h, "Remettre l'étui supprimé"), "its place kept");
    click(&mut h, &delete);
    assert_eq!(
        table_file(&h, 2)["hands"].as_array().unwrap().len() + 1,
        t2["hands"].as_array().unwrap().len()
    );
    assert!(shows(
        &h,
        "Étui {b} : à saisir"
            .replace("{b}", &b.to_string())
            .as_str()
    ));
    click(&mut h, "Remettre l'étui supprimé");
    let back = table_file(&h, 2);
    assert_eq!(back["hands"], t2["hands"], "put back as it was");
    let actions: Vec<&str> = back["log"]
        .as_array()
        .unwrap()
        .iter()
        .rev()
        .take(2)
        .map(|l| l["action"].as_str().unwrap())
        .collect();
    assert_eq!(actions, ["restore", "delete"], "both in the log");
    click(&mut h, "← La soirée");
    equals_the_command(&mut h);
}

#[test]
fn two_tables_of_teams_are_played_to_their_match() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    set_up(
        &mut h,
        "Équipes de quatre",
        "Match",
        "Une équipe par ligne : « Les Rouges : Anne, Bruno, Claire, David »",
        "Les Rouges : Anne, Bruno, Claire, David\nLes Bleus : Elise, Fabien, Gaëlle, Henri",
    );
    for t in 1..=2 {
        play_table(&mut h, t, false, false);
        equals_the_command(&mut h);
    }
    let out = scored(&evening_path(&h));
    let boards = out["boards"].as_array().unwrap();
    assert!(
        boards.iter().all(|b| !b["imps"].is_null()),
        "every board IMPed"
    );
    assert!(!out["vp"].is_null(), "the match in VPs");
}

#[test]
fn a_mitchell_of_nine_pairs_with_a_sit_out_and_an_average_is_played_to_its_ranking() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    let pairs: Vec<String> = (1..=9).map(|p| format!("A{p}, B{p}")).collect();
    set_up(
        &mut h,
        "Paires (tournoi de bridge)",
        "Club",
        "Une paire par ligne : « Anne, Bruno »",
        &pairs.join("\n"),
    );
    assert!(
        shows_containing(&h, "Classement Nord-Sud"),
        "a Mitchell's two fields"
    );
    let mut entered = 0;
    for t in 1..=5 {
        entered += play_table(&mut h, t, t == 3, true);
        if t % 2 == 1 {
            equals_the_command(&mut h);
        }
    }
    equals_the_command(&mut h);
    let out = scored(&evening_path(&h));
    // Nine pairs at five tables: one pair meets the phantom each round (`club.phantom`), so
    // every board is played at four tables, and the sit-out's boards count for nobody.
    let boards = out["boards"].as_array().unwrap();
    assert!(
        boards
            .iter()
            .all(|b| b["results"].as_array().unwrap().len() == 4)
    );
    assert_eq!(entered, 4 * boards.len(), "four results a board");
    let ranked: usize = out["fields"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["ranking"].as_array().unwrap().len())
        .sum();
    assert_eq!(ranked, 9, "every pair ranked in its field");
    // A pair's score card: its boards, its total and place as ranked; a table's guide card.
    let first = &out["fields"][0]["ranking"][0];
    let pair = first["pair"].as_u64().unwrap();
    let title = format!("Paire {pair} — A{pair} – B{pair}");
    click(&mut h, &title);
    let total = format!(
        "Total : {} sur {} ({} %) — place {}",
        fr(&first["mp"]),
        fr(&first["top"]),
        fr(&first["percent"]),
        first["place"].as_str().unwrap()
    );
    assert!(shows(&h, &total), "{total}");
    click(&mut h, "Carte de la table 2");
    let round1 = &out["schedule"][1];
    assert_eq!(round1["table"], 2, "the schedule's second sitting");
    let boards: Vec<String> = round1["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b.to_string())
        .collect();
    assert!(shows(&h, &boards.join(", ")), "table 2's boards in round 1");
    // Printed: the file the dialog gave holds the ranking and the cards.
    let pdf = dir.path().join("club.pdf");
    *ANSWER.lock().unwrap() = Some(pdf.clone());
    h.state_mut().set_ask_file(stand_in);
    click(&mut h, "Imprimer la soirée (PDF)…");
    let notice = format!("Soirée imprimée : {}", pdf.display());
    // The dialog answers on its thread: the frames wait for it.
    for _ in 0..50 {
        if shows(&h, &notice) {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
        settle(&mut h);
    }
    assert!(shows(&h, &notice), "{notice}");
    let bytes = std::fs::read(&pdf).unwrap();
    assert!(bytes.starts_with(b"%PDF-"), "a PDF");
}

#[test]
fn a_tarot_evening_of_twelve_players_in_three_rounds_is_played_at_its_tables() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    let players: Vec<String> = (1..=12).map(|p| format!("J{p}")).collect();
    set_up(
        &mut h,
        "Concours de tarot",
        "Concours",
        "Les joueurs, un par ligne ou séparés par des virgules",
        &players.join(", "),
    );
    let evening = evening_path(&h);
    let tables = h.state().evening().unwrap().tables.clone();
    assert_eq!(tables.len(), 9, "three tables a round, three rounds");
    for (k, t) in tables.iter().enumerate() {
        let label = format!("Tour {} · table {}", t.round.unwrap(), t.table);
        click(&mut h, &label);
        // A Tarot table is the session it is: the Tarot form, its players seated by the
        // rotation.
        let seated = h.state().open().unwrap().doc.session().players.clone();
        for d in 0..4 {
            let taker = &seated[(k + d) % 4];
            click(&mut h, &format!("Preneur : {taker}"));
            click(&mut h, "Contrat : Garde");
            click(&mut h, ["1 bout", "2 bouts", "3 bouts"][(k + d) % 3]);
            click(&mut h, &format!("Chiffre {}", 4 + (d % 2)));
            click(&mut h, "Chiffre 5");
            click(&mut h, "Valider la donne");
        }
        if k == 0 {
            // The rotation seats the table: a substitute there, or a fifth deal of a round of
            // four, is refused in words and nothing is written.
            let before = std::fs::read(&t.path).unwrap();
            click(&mut h, "Table : Remplacement");
            click(&mut h, &format!("Place de {}", seated[0]));
            type_in(&mut h, "Le remplaçant", "Zoé");
            click(&mut h, "Enregistrer l'événement");
            assert!(
                shows_containing(&h, "est une table de la soirée"),
                "the substitute is refused"
            );
            assert!(shows_containing(&h, "qu'entre les parties"), "and why");
            assert_eq!(std::fs::read(&t.path).unwrap(), before, "nothing written");
            click(&mut h, "Table : Donne");
            click(&mut h, &format!("Preneur : {}", seated[0]));
            click(&mut h, "Contrat : Garde");
            click(&mut h, "2 bouts");
            click(&mut h, "Chiffre 4");
            click(&mut h, "Chiffre 5");
            click(&mut h, "Valider la donne");
            assert!(
                shows_containing(&h, "est une table de la soirée"),
                "a fifth deal is refused"
            );
            assert_eq!(std::fs::read(&t.path).unwrap(), before, "nothing written");
        }
        // Back to the evening from the table, by its key.
        click(&mut h, "← La soirée");
        assert!(
            shows_containing(&h, "Saisir à"),
            "{label}: the evening's screen"
        );
        settle(&mut h);
        // The table's progress says its four deals, done.
        let out = scored(&evening);
        let row = &out["tables"][k];
        assert_eq!(row["deals"].as_u64(), Some(4), "{label}");
        assert_eq!(row["complete"], true, "{label}");
    }
    // The final ranking, as `marque evening` gives it, is the screen's.
    h.state_mut()
        .send(marque::ui::Command::Files(marque::ui::Files::DiskChanged {
            people: false,
        }));
    settle(&mut h);
    let out = scored(&evening);
    let ranking = out["ranking"].as_array().unwrap();
    assert_eq!(ranking.len(), 12, "every player ranked");
    for r in ranking {
        let name = r["player"].as_str().unwrap();
        assert!(shows(&h, name), "{name} ranked");
        assert!(shows(&h, &fr(&r["points"])), "{name}'s points");
    }
    // A player's score card: a line a table played, and the total as ranked.
    let top = &ranking[0];
    let name = top["player"].as_str().unwrap();
    click(&mut h, &format!("Feuille de {name}"));
    let total = format!(
        "Total des points : {} — place {}",
        fr(&top["points"]),
        top["place"].as_str().unwrap()
    );
    assert!(shows(&h, &total), "{total}");
}

/// A table's screen keeps its board and its keys in view: every key of the board at 1024×600
/// and 1920×1080 zoomed, and at 1024×600 zoom 1.5 the contract's keys to the trump suit, every
/// result's key and the key that saves; the two keys under the board never run past the edge,
/// and "Donne passée" moves nothing.
#[test]
fn a_tables_screen_keeps_its_keys_in_view_at_every_size() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    friday(&mut h);
    drop(h);
    for (size, zoom) in [
        ((1024.0, 600.0), 1.0),
        ((1024.0, 600.0), 1.5),
        ((1920.0, 1080.0), 1.5),
    ] {
        let mut app = marque::ui::App::new(dir.path().to_path_buf());
        app.prefs_mut().zoom = zoom;
        let mut h = harness_of(app, egui::vec2(size.0, size.1));
        click(&mut h, "Vendredi");
        click(&mut h, "Table 2");
        let at = format!("{size:?} at {zoom}");
        // Every key of the board in view (the list of boards below scrolls); at 1024×600
        // zoomed (682×400 points, the notices' bar under them) the contract's keys up to the
        // trump suit, every result's key and the key that saves.
        use egui_kittest::kittest::{NodeT, Queryable};
        let keys: Vec<String> = h
            .query_all(egui_kittest::kittest::by().role(egui::accesskit::Role::Button))
            .filter_map(|n| n.accesskit_node().label())
            .filter(|l| !l.starts_with("Saisir"))
            .collect();
        let small = size.1 < 700.0 && zoom > 1.0;
        let needed = |l: &str| {
            !small
                || l.starts_with("Niveau")
                || l.starts_with("Atout")
                || l.contains("pour le camp du déclarant")
                || l.starts_with("Enregistrer l'étui")
                || ["Nord", "Est", "Sud", "Ouest"]
                    .iter()
                    .any(|s| l.starts_with(s))
        };
        let out: Vec<&String> = keys
            .iter()
            .filter(|l| needed(l) && !in_view(&h, l))
            .collect();
        assert!(out.is_empty(), "{at}: out of view: {out:?}");
        assert!(
            keys.iter().filter(|l| l.contains("levée")).count() == 14,
            "{at}"
        );
        for label in ["← La soirée", "Donne passée"] {
            assert!(in_view(&h, label), "{label}: {at}");
        }
        assert!(shows_containing(&h, "Enregistrer l'étui"), "{at}");
        let save = seen_containing(&h, "Enregistrer l'étui").0;
        let back = seen(&h, "Revenir à l'étui suivant").0;
        // Passed out: the result's keys greyed in their place, the save key where it was.
        click(&mut h, "Donne passée");
        assert_eq!(seen_containing(&h, "Enregistrer l'étui").0, save, "{at}");
        click(&mut h, "Donne passée");
        let width = size.0 / zoom;
        assert!(
            save.right() <= width && back.right() <= width,
            "{at}: {save:?} {back:?}"
        );
    }
}

/// A name corrected in the evening's file while a table's screen is open reaches that screen
/// (it follows the folder, as the evening's screen does), the board being entered kept.
#[test]
fn a_tables_screen_follows_its_evening_file() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    friday(&mut h);
    let evening = evening_path(&h);
    click(&mut h, "Table 1");
    let seats: Vec<String> = ["Nord", "Est", "Sud", "Ouest"]
        .iter()
        .filter_map(|s| {
            use egui_kittest::kittest::{NodeT, Queryable};
            h.query_by_label_contains(&format!("{s} — "))
                .and_then(|n| n.accesskit_node().label())
        })
        .collect();
    assert_eq!(seats.len(), 4, "{seats:?}");
    click(&mut h, "Niveau 4");
    let mut ev: Value = serde_json::from_slice(&std::fs::read(&evening).unwrap()).unwrap();
    let old = ev["pairs"]["1"][0].as_str().unwrap().to_string();
    ev["pairs"]["1"][0] = Value::from("Annabelle");
    std::fs::write(&evening, ev.to_string()).unwrap();
    h.state_mut()
        .send(marque::ui::Command::Files(marque::ui::Files::DiskChanged {
            people: false,
        }));
    settle(&mut h);
    h.run();
    assert!(shows_containing(&h, "Annabelle"), "the corrected name");
    assert!(
        !shows_containing(&h, &format!("({old} –")),
        "not the old one"
    );
    let table = h.state().table().unwrap();
    assert_ne!(table.form, Default::default(), "the level keyed is kept");
}
