//! Random taps on every game's entry form, at 1024×600, 1280×800 and 1920×1080, at zoom 1 and
//! 1.75, in each game's widest state. After every tap:
//! - every key of the form lies inside the window and, across, inside what its panel shows (a
//!   key never needs a sideways scroll);
//! - no key of the form moved, unless the form's step changed (a hand confirmed, an entry mode
//!   switched);
//! - no other key appeared where the tapped key was.
//!
//! The taps are drawn from a seeded generator, so that a failure is replayed as it happened.
use crate::ui_common::*;
use egui::Rect;
use egui::accesskit::Role;
use egui_kittest::kittest::{By, NodeT, Queryable};

type H = egui_kittest::Harness<'static, marque::ui::App>;

const SIZES: [(f32, f32); 3] = [(1024.0, 600.0), (1280.0, 800.0), (1920.0, 1080.0)];
const ZOOMS: [f32; 2] = [1.0, 1.75];
/// Taps at each size and zoom: six times this many per game.
const TAPS: usize = 35;

/// A key on screen: its name, its whole rectangle and the part of it that is seen.
#[derive(Debug, Clone)]
struct Key {
    /// The widget's accesskit id: a key is itself from one frame to the next, whatever it says.
    id: u64,
    name: String,
    rect: Rect,
    seen: Rect,
    enabled: bool,
    /// A field for a number (checked for its place, not tapped: a tap there types).
    field: bool,
}

/// Every button and link on screen, with where it is.
fn keys(h: &H) -> Vec<Key> {
    let nodes: Vec<(u64, String, bool, bool)> = h
        .query_all(By::new().predicate(|n| {
            matches!(
                n.role(),
                Role::Button
                    | Role::Link
                    | Role::CheckBox
                    | Role::RadioButton
                    | Role::ComboBox
                    | Role::SpinButton
            )
        }))
        .map(|n| {
            let a = n.accesskit_node();
            let name = a.label().or_else(|| a.value()).unwrap_or_default();
            let field = a.role() == Role::SpinButton;
            (a.locate().0.0, name, !a.is_disabled(), field)
        })
        .collect();
    nodes
        .into_iter()
        .filter_map(|(raw, name, enabled, field)| {
            let id = id_of(raw);
            let r = h.ctx.read_response(id)?;
            Some(Key {
                id: raw,
                name,
                rect: r.rect,
                seen: r.interact_rect,
                enabled,
                field,
            })
        })
        .collect()
}

/// The form's area (all of it) and what of the screen shows it.
fn form_area(h: &H) -> Option<(Rect, Rect)> {
    h.state().open()?.view.form_area
}

/// Of `all` the keys on screen, those drawn in the form.
fn form_of(h: &H, all: &[Key]) -> Vec<Key> {
    let Some((area, view)) = form_area(h) else {
        return Vec::new();
    };
    all.iter()
        // Drawn in the form, and, where it is seen at all, seen there (a wide table's cell that
        // runs under the panel is the sheet's, clipped before it).
        .filter(|k| {
            area.expand(0.5).contains(k.rect.center())
                && (!k.seen.is_positive() || (area.intersects(k.seen) && view.intersects(k.seen)))
        })
        .cloned()
        .collect()
}

/// Where each key is, by its id and name together: a key is the same one when both match (an
/// id alone follows a widget's place among its siblings, a name alone can pass from one key to
/// another, as bridge's result keys are named after the contract).
fn by_name(keys: &[Key]) -> std::collections::BTreeMap<(u64, String), Rect> {
    keys.iter()
        .map(|k| ((k.id, k.name.clone()), k.rect))
        .collect()
}

/// What is wrong with the form's keys as they lie now (`all`: the keys on screen).
fn placement_faults(h: &H, all: &[Key]) -> Vec<String> {
    let window = h.ctx.content_rect();
    let Some((_, view)) = form_area(h) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for k in form_of(h, all) {
        let across = k.rect.left() >= window.left() - 0.5 && k.rect.right() <= window.right() + 0.5;
        let in_view = k.rect.left() >= view.left() - 0.5 && k.rect.right() <= view.right() + 0.5;
        if !across || !in_view {
            out.push(format!(
                "{:?} {:?} lies beyond the form's view {view:?} or the window {window:?}",
                k.name, k.rect
            ));
        }
    }
    // The confirm key is pinned: whole, inside the window.
    for k in all {
        if (k.name.starts_with("Valider") || k.name == "Garder cette saisie")
            && !window.expand(0.5).contains_rect(k.rect)
        {
            out.push(format!("{:?} {:?} is cut by the window", k.name, k.rect));
        }
    }
    out
}

/// A small seeded generator (xorshift), so that every run taps the same keys.
struct Taps(u64);

impl Taps {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }
}

/// How many hands the open session holds, and whether a hand is being edited: the form's step.
fn step(h: &H) -> (usize, Option<usize>) {
    h.state()
        .open()
        .map(|o| (o.doc.session().hands.len(), o.view.editing))
        .unwrap_or_default()
}

/// Taps `count` keys of the form (or its confirm key, or the keys that answer it), checking
/// the screen after each; `mode` names the keys that switch an entry mode (after them keys may
/// move). Returns what went wrong.
fn play(
    h: &mut H,
    seed: u64,
    count: usize,
    mode: &dyn Fn(&str) -> bool,
    what: &str,
) -> Vec<String> {
    let mut rng = Taps(seed | 1);
    let mut faults: Vec<String> = placement_faults(h, &keys(h))
        .into_iter()
        .map(|f| format!("{what}, at the start: {f}"))
        .collect();
    for tap in 0..count {
        if h.state().open().is_none() || form_area(h).is_none() {
            break;
        }
        let all = keys(h);
        let form = form_of(h, &all);
        let confirm: Vec<&Key> = all
            .iter()
            .filter(|k| {
                k.enabled
                    && (k.name.starts_with("Valider")
                        || matches!(k.name.as_str(), "D'accord" | "Robre suivant"))
            })
            .collect();
        let choices: Vec<&Key> = form.iter().filter(|k| k.enabled && !k.field).collect();
        let chosen = if !confirm.is_empty() && (choices.is_empty() || rng.below(5) == 0) {
            confirm[rng.below(confirm.len())].clone()
        } else if let Some(k) = choices.get(rng.below(choices.len())) {
            (*k).clone()
        } else {
            break;
        };
        // A key out of view is scrolled to first, as a person would: that moves keys, and is
        // not the tap's doing.
        let raw = chosen.id;
        let find = move |n: &egui_kittest::kittest::AccessKitNode<'_>| n.locate().0.0 == raw;
        if (chosen.seen.height() - chosen.rect.height()).abs() > 0.5 {
            h.get_by(find).scroll_to_me();
            h.run_steps(20);
            settle(h);
        }
        let before_all = keys(h);
        let before = by_name(&form_of(h, &before_all));
        let view_before = form_area(h).map(|(_, view)| view);
        let Some(node) = h.query_by(find) else {
            continue;
        };
        let at = node.rect().center();
        let (step_before, name) = (step(h), chosen.name.clone());
        node.click();
        settle(h);
        // A few frames more, as a moving pointer brings them: a layout that settles one frame
        // late (a scroll clamped to content that shrank) moves keys then, not at once.
        h.run_steps(4);
        settle(h);
        let here = format!("{what}, tap {tap} on {name:?}");
        let after = keys(h);
        faults.extend(
            placement_faults(h, &after)
                .into_iter()
                .map(|f| format!("{here}: {f}")),
        );
        // No other key where the tapped one was (seen there now, and not there before).
        for k in &after {
            let there_before = before_all
                .iter()
                .any(|b| b.id == k.id && b.seen.contains(at));
            // (The same key made again, the confirm key turned off, is the same key.)
            if k.id != raw && k.name != name && k.seen.contains(at) && !there_before {
                faults.push(format!("{here}: {:?} appeared where it was tapped", k.name));
            }
        }
        if step(h) != step_before || mode(&name) {
            continue;
        }
        // The form's view keeps its size: the foot under it (the preview, what is missing)
        // never grows over its last keys (issue 40: the 2500's preview took Hugo's).
        if let (Some(b), Some((_, r))) = (view_before, form_area(h))
            && ((b.min - r.min).length() > 0.5 || (b.max - r.max).length() > 0.5)
        {
            faults.push(format!("{here}: the form's view went from {b:?} to {r:?}"));
        }
        for ((id, n), r) in by_name(&form_of(h, &after)) {
            if let Some(b) = before.get(&(id, n.clone()))
                && ((b.min - r.min).length() > 0.5 || (b.max - r.max).length() > 0.5)
            {
                faults.push(format!("{here}: {n:?} moved from {b:?} to {r:?}"));
            }
        }
        if faults.len() > 20 {
            break;
        }
    }
    faults
}

/// Runs `setup` in a new window of every size and zoom on a fresh folder, then taps.
fn every_size(
    game: &str,
    seed: u64,
    setup: &dyn Fn(&std::path::Path, egui::Vec2, f32) -> H,
    mode: &dyn Fn(&str) -> bool,
) {
    let mut all = Vec::new();
    for (k, (w, hgt)) in SIZES.into_iter().enumerate() {
        for (z, zoom) in ZOOMS.into_iter().enumerate() {
            let dir = tempfile::tempdir().unwrap();
            let mut h = setup(dir.path(), egui::vec2(w, hgt), zoom);
            let what = format!("{game} at {w}×{hgt}, zoom {zoom}");
            let seed = seed.wrapping_mul(31).wrapping_add((k * 2 + z) as u64);
            all.extend(play(&mut h, seed, TAPS, mode, &what));
        }
    }
    assert!(all.is_empty(), "{} faults:\n{}", all.len(), all.join("\n"));
}

/// A window of this size and zoom on `dir`.
fn window(dir: &std::path::Path, size: egui::Vec2, zoom: f32) -> H {
    let mut h = harness_sized(dir, size);
    h.ctx.set_zoom_factor(zoom);
    settle(&mut h);
    h
}

fn no_mode(_: &str) -> bool {
    false
}

#[test]
fn bridge_with_the_other_sides_word() {
    every_size(
        "bridge",
        11,
        &|dir, size, zoom| {
            let mut h = window(dir, size, zoom);
            new_game(&mut h, "Bridge (partie libre)", &BRIDGE);
            click(&mut h, "Faire confirmer chaque donne par l'autre camp");
            click(&mut h, "Commencer la partie");
            h
        },
        &|name| name == "Donne passée",
    );
}

#[test]
fn truc() {
    every_size(
        "truc",
        23,
        &|dir, size, zoom| {
            let mut h = window(dir, size, zoom);
            new_game(&mut h, "Le Truc", &["Alice", "Bruno"]);
            click(&mut h, "Commencer la partie");
            h
        },
        &|name| name == "Saisir les plis" || name == "Seulement le gagnant",
    );
}

#[test]
fn ascenseur_at_the_peak_with_3_and_with_7_players() {
    for n in [3, 7] {
        every_size(
            &format!("ascenseur of {n}"),
            37 + n as u64,
            &|dir, size, zoom| {
                ascenseur_at_peak(dir, n);
                let mut h = window(dir, size, zoom);
                click_containing(&mut h, "Reprendre : Joueur0");
                h
            },
            &no_mode,
        );
    }
}

#[test]
fn le_2500_with_8_players() {
    every_size(
        "2500 of 8",
        53,
        &|dir, size, zoom| {
            let mut h = window(dir, size, zoom);
            let names = [
                "Ana", "Ben", "Chloé", "Dario", "Eva", "Félix", "Gus", "Hana",
            ];
            new_game(&mut h, "Le 2500", &names);
            click(&mut h, "Commencer la partie");
            h
        },
        &|name| {
            name.starts_with("En points")
                || name.starts_with("Oui, aux cartes")
                || name.starts_with("Non, garder")
        },
    );
}

#[test]
fn democratie_with_6_players_and_the_trick_helper() {
    every_size(
        "démocratie of 6",
        71,
        &|dir, size, zoom| {
            let mut h = window(dir, size, zoom);
            let names = ["Ana", "Ben", "Chloé", "Dario", "Eva", "Félix"];
            new_game(&mut h, "Démocratie", &names);
            click(&mut h, "Commencer la partie");
            h
        },
        &|name| {
            name.ends_with("choisir les cartes")
                || name == "Saisir les cartes prises"
                || name.starts_with("Aide pour un pli")
                || name.starts_with("Fermer l'aide")
        },
    );
}

/// The table's event forms (issue 32): seat keys, the sign key, the reasons, the confirm key.
#[test]
fn table_event_forms() {
    for (k, kind) in ["Remplacement", "Ajustement", "Arrivée", "Départ"]
        .into_iter()
        .enumerate()
    {
        every_size(
            &format!("2500, {kind}"),
            71 + k as u64,
            &|dir, size, zoom| {
                let mut h = window(dir, size, zoom);
                new_game(&mut h, "Le 2500", &["Ana", "Ben", "Chloé", "Dario", "Eva"]);
                click(&mut h, "Commencer la partie");
                click(&mut h, &format!("Table : {kind}"));
                h
            },
            &no_mode,
        );
    }
}

/// Chicago's form (issue 33): the deal's place, dealer and vulnerability in large type above
/// the same keys, at every size and zoom.
#[test]
fn bridge_at_chicago() {
    every_size(
        "bridge at Chicago",
        97,
        &|dir, size, zoom| {
            let mut h = window(dir, size, zoom);
            new_game(&mut h, "Bridge (partie libre)", &BRIDGE);
            click(&mut h, "Chicago (quatre donnes)");
            click(&mut h, "Commencer la partie");
            h
        },
        &|name| name == "Donne passée",
    );
}

/// Le Tarot at five with a called king (the widest form: five takers, the king's holder,
/// five players' poignées), at every size and zoom.
#[test]
fn tarot_at_five() {
    every_size(
        "tarot of 5",
        113,
        &|dir, size, zoom| {
            let mut h = window(dir, size, zoom);
            new_game(&mut h, "Le Tarot", &["Ana", "Ben", "Chloé", "Dario", "Eva"]);
            click(&mut h, "Commencer la partie");
            h
        },
        &no_mode,
    );
}
