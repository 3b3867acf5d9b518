//! Big tables on every screen size: each side's total in view with 8 players, and the taps and
//! scrolls a hand takes with 6 players at démocratie (by cards) and 8 at Le 2500 (by cards),
//! counted through the app by labels. The figures are printed (`-- --nocapture`) and given in
//! the README.
use crate::ui_common::*;
use egui_kittest::kittest::Queryable;

type H = egui_kittest::Harness<'static, marque::ui::App>;

/// The sizes and zooms a big table is tried at.
const SIZES: [(f32, f32, f32); 3] = [
    (1024.0, 600.0, 1.0),
    (1280.0, 800.0, 1.0),
    (1920.0, 1080.0, 1.5),
];

fn at(dir: &std::path::Path, (w, hgt, zoom): (f32, f32, f32)) -> H {
    let mut h = harness_sized(dir, egui::vec2(w, hgt));
    h.ctx.set_zoom_factor(zoom);
    settle(&mut h);
    h
}

/// Taps `label` if the screen has it (a suit's tab, say); counted like any tap.
fn tap_if_there(h: &mut H, label: &str, taps: &mut usize, scrolls: &mut usize) {
    if h.query_by_label(label).is_some() {
        tap_counting(h, label, scrolls);
        *taps += 1;
    }
}

/// A manche of six at démocratie entered by cards: eight cards of each suit, spread over the
/// players. Returns (taps, scrolls).
fn democratie_six(h: &mut H) -> (usize, usize) {
    let names = ["Ana", "Ben", "Chloé", "Dario", "Eva", "Félix"];
    new_game(h, "Démocratie", &names);
    click(h, "Commencer la partie");
    let (mut taps, mut scrolls) = (0, 0);
    tap_counting(h, "Saisir les cartes prises", &mut scrolls);
    taps += 1;
    let ranks = ["5", "4", "3", "As", "R", "D", "V", "10"];
    for (s, suit) in ["pique", "cœur", "carreau", "trèfle"]
        .into_iter()
        .enumerate()
    {
        // The first suit's grid is there to start with.
        if s > 0 {
            tap_if_there(h, &format!("Cartes de {suit}"), &mut taps, &mut scrolls);
        }
        for (k, rank) in ranks.iter().enumerate() {
            // The suit's taker holds the first four, the others one card each.
            let p = if k < 4 { s } else { (s + k) % names.len() };
            tap_counting(h, &format!("{} {rank} de {suit}", names[p]), &mut scrolls);
            taps += 1;
        }
    }
    tap_counting(h, "Valider la manche", &mut scrolls);
    taps += 1;
    (taps, scrolls)
}

/// A brasse of eight at Le 2500 by cards: a trio laid by four players (one tap each, by three),
/// a card left in hand by six. Returns (taps, scrolls).
fn le2500_eight(h: &mut H) -> (usize, usize) {
    let names = ["A1", "B2", "C3", "D4", "E5", "F6", "G7", "H8"];
    new_game(h, "Le 2500", &names);
    click(h, "Commencer la partie");
    let (mut taps, mut scrolls) = (0, 0);
    let mut tap = |h: &mut H, label: &str| {
        tap_counting(h, label, &mut scrolls);
        taps += 1;
    };
    tap(h, "Frime : 8");
    tap(h, "Par trois : chaque touche de Posé compte un brelan");
    // Seat by seat, as the table counts: what each laid (by trios), then what was left in hand.
    let laid = [
        Some("R"),
        None,
        Some("9"),
        None,
        Some("V"),
        None,
        Some("As"),
        None,
    ];
    let kept = [true, true, false, true, false, true, true, true];
    for (p, name) in names.iter().enumerate() {
        if let Some(rank) = laid[p] {
            tap(h, &format!("{name} Posé {rank}"));
        }
        if kept[p] {
            tap(h, &format!("{name} En main D"));
        }
    }
    tap(h, "Valider la brasse");
    (taps, scrolls)
}

fn report(what: &str, size: (f32, f32, f32), taps: usize, scrolls: usize, ceiling: usize) {
    let (w, hgt, zoom) = size;
    eprintln!(
        "{what} at {w}×{hgt} zoom {zoom}: {taps} taps, {scrolls} scrolls (ceiling {ceiling})"
    );
    assert!(scrolls <= ceiling, "{what} at {w}×{hgt}: {scrolls} scrolls");
}

/// Every side's total, named for screen readers "Total de … : n", wholly on screen.
fn totals_in_view(h: &H, dir: &std::path::Path, what: &str) {
    let saved = saved(dir);
    let sheet = saved.score().unwrap();
    assert_eq!(
        sheet.totals.len(),
        saved.players.len().min(sheet.sides.len()),
        "a total for every side"
    );
    for (side, total) in sheet.sides.iter().zip(&sheet.totals) {
        let shown = marque_core::view::minus(*total);
        let label = format!("Total {} : {shown}", de(side));
        assert!(in_view(h, &label), "{what}: {label} out of view");
    }
}

#[test]
fn democratie_six_by_cards_takes_few_scrolls_and_keeps_its_totals_in_view() {
    for size in SIZES {
        let dir = tempfile::tempdir().unwrap();
        let mut h = at(dir.path(), size);
        let (taps, scrolls) = democratie_six(&mut h);
        assert_eq!(saved(dir.path()).hands.len(), 1);
        report("démocratie, 6 players, by cards", size, taps, scrolls, 2);
        totals_in_view(&h, dir.path(), "démocratie 6");
    }
}

#[test]
fn le_2500_eight_by_cards_takes_few_scrolls_and_keeps_its_totals_in_view() {
    // Eight players' 192 rank keys do not fit a 1024×600 window: from 1280×800.
    for size in &SIZES[1..] {
        let size = *size;
        let dir = tempfile::tempdir().unwrap();
        let mut h = at(dir.path(), size);
        let (taps, scrolls) = le2500_eight(&mut h);
        assert_eq!(saved(dir.path()).hands.len(), 1);
        report("2500, 8 players, by cards", size, taps, scrolls, 2);
        totals_in_view(&h, dir.path(), "2500 à 8");
    }
}
