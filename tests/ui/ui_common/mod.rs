//! Driving the real app by labels with egui_kittest, on a temporary data folder.
#![allow(dead_code, reason = "each test crate uses some of the helpers")]

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use marque::ui::App;
use marque_core::session::Session;
use marque_store::{FileState, Store};

pub fn harness(dir: &std::path::Path) -> Harness<'static, App> {
    harness_sized(dir, egui::vec2(1600.0, 1400.0))
}

/// The app on a folder in a window of this size (a harness's window keeps the size it is built
/// with).
pub fn harness_sized(dir: &std::path::Path, size: egui::Vec2) -> Harness<'static, App> {
    harness_of(App::new(dir.to_path_buf()), size)
}

/// A harness on an app made by the test (as the command line starts it, say).
pub fn harness_of(mut app: App, size: egui::Vec2) -> Harness<'static, App> {
    // No native file dialog in tests: as on a desktop where none can open.
    app.set_ask_file(|_, _, _| None);
    let mut h = Harness::builder()
        .with_size(size)
        // A listing of the data folder that arrives from its thread while the harness steps
        // costs a few more frames.
        .with_max_steps(24)
        .build_ui_state(|ui, app: &mut App| marque::ui::frame(app, ui), app);
    settle(&mut h);
    h
}

/// Lets the app settle: frames until it asks for no more, the home screen's listing (read on a
/// background thread) waited for, then frames again.
pub fn settle(h: &mut Harness<'static, App>) {
    h.state_mut().poll_job(None);
    h.state_mut().wait_for_home();
    h.run();
    // An evening's screen reads its folder on a thread of its own: waited for too.
    // A reading is started by the frame after the command that asked for it: frames until
    // the one due has arrived.
    for _ in 0..5 {
        if !h.state_mut().wait_for_evening() {
            break;
        }
        h.run();
    }
    // What the frames started (a file dialog, the folder's work) is waited for too.
    if h.state().is_busy() {
        h.state_mut().poll_job(None);
        h.run();
    }
    if h.state().home().is_loading() {
        h.state_mut().wait_for_home();
        h.run();
    }
}

/// Clicks the widget with this exact accessible name, then lets the app settle. As a person
/// would, it first scrolls the widget into view (a click outside a scroll area's view reaches
/// nothing).
pub fn click(h: &mut Harness<'static, App>, label: &str) {
    h.get_by_label(label).scroll_to_me();
    h.run();
    h.get_by_label(label).click();
    settle(h);
}

/// Clicks the only widget whose accessible name contains `part` (a home row, say), then lets the
/// app settle.
pub fn click_containing(h: &mut Harness<'static, App>, part: &str) {
    h.get_by_label_contains(part).click();
    settle(h);
}

/// Types into the text field named `label`, replacing what it held.
pub fn type_in(h: &mut Harness<'static, App>, label: &str, text: &str) {
    h.get_by_label(label).click();
    h.run();
    type_or_erase(h, label, text);
}

/// Types `text` into the focused field named `label` (nothing to type: one backspace).
fn type_or_erase(h: &mut Harness<'static, App>, label: &str, text: &str) {
    if text.is_empty() {
        h.key_press(egui::Key::Backspace);
    } else {
        h.get_by_label(label).type_text(text);
    }
    h.run();
}

/// Whether some node shows exactly this text.
pub fn shows(h: &Harness<'static, App>, text: &str) -> bool {
    h.query_all_by_label(text).next().is_some()
}

pub fn shows_containing(h: &Harness<'static, App>, text: &str) -> bool {
    h.query_all_by_label_contains(text).next().is_some()
}

/// A session file as saved: the session read back, and its hands as the JSON written.
pub struct Saved {
    pub session: Session,
    pub hands: Vec<serde_json::Value>,
    pub players: Vec<String>,
    pub closed: bool,
}

impl Saved {
    pub fn score(&self) -> Result<marque_core::session::Sheet, Vec<marque_core::session::Problem>> {
        self.session.score()
    }
}

impl std::ops::Deref for Saved {
    type Target = Session;
    fn deref(&self) -> &Session {
        &self.session
    }
}

/// The only session file of the data folder, read back from disk.
pub fn saved(dir: &std::path::Path) -> Saved {
    let listed = Store::new(dir).list();
    assert_eq!(listed.len(), 1, "one session file expected");
    let session = match &listed[0].state {
        FileState::Fine(_) => {
            marque_store::read_session(&listed[0].path)
                .expect("the listed file reads")
                .session
        }
        other => panic!("the saved file does not read: {other:?}"),
    };
    Saved {
        hands: session.hands.iter().map(|h| h.to_value()).collect(),
        players: session.players.clone(),
        closed: session.closed,
        session,
    }
}

/// From the home screen (French), opens "Nouvelle partie", picks `game` and types the players in
/// seat order, adding or removing seats to match; the caller sets options and starts.
pub fn new_game(h: &mut Harness<'static, App>, game: &str, names: &[&str]) {
    click(h, "Nouvelle partie");
    click(h, game);
    if game.starts_with("Bridge") {
        for (seat, name) in ["Nord", "Est", "Sud", "Ouest"].into_iter().zip(names) {
            type_in(h, seat, name);
        }
        return;
    }
    while h
        .query_by_label(&format!("Joueur {}", names.len() + 1))
        .is_some()
    {
        click(h, "Retirer le dernier joueur");
    }
    while h
        .query_by_label(&format!("Joueur {}", names.len()))
        .is_none()
    {
        click(h, "Ajouter un joueur");
    }
    // Back to the top of the form: the first fields went out of view as seats were added.
    let centre = h.ctx.content_rect().center();
    h.hover_at(centre);
    h.event(egui::Event::MouseWheel {
        unit: egui::MouseWheelUnit::Point,
        delta: egui::vec2(0.0, 10_000.0),
        phase: egui::TouchPhase::Move,
        source: egui::MouseWheelSource::Wheel,
        modifiers: egui::Modifiers::NONE,
    });
    h.run();
    for (i, name) in names.iter().enumerate() {
        let field = format!("Joueur {}", i + 1);
        if h.query_by_label(&field).is_some() {
            h.get_by_label(&field).scroll_to_me();
            h.run();
        }
        type_in(h, &field, name);
    }
}

/// A deal at the tests' table: 4♠ by North, made exactly, confirmed.
pub const FOUR_SPADES_MADE: [&str; 5] = [
    "Nord — Anne",
    "Niveau 4",
    "Atout pique",
    "Juste fait",
    "Valider la donne",
];

/// Taps each control in order.
pub fn click_all(h: &mut Harness<'static, App>, labels: &[&str]) {
    for l in labels {
        click(h, l);
    }
}

/// The bridge table of the tests: Anne, Bruno, Claire and David (North, East, South, West).
pub const BRIDGE: [&str; 4] = ["Anne", "Bruno", "Claire", "David"];

/// The app on a folder, on the new-game screen of a bridge session for [`BRIDGE`]; the caller
/// sets options and starts.
pub fn new_bridge(dir: &std::path::Path) -> Harness<'static, App> {
    let mut h = harness(dir);
    new_game(&mut h, "Bridge (partie libre)", &BRIDGE);
    h
}

/// The app on a folder, a session of `game` for `names` started with the default options.
pub fn started(dir: &std::path::Path, game: &str, names: &[&str]) -> Harness<'static, App> {
    let mut h = harness(dir);
    new_game(&mut h, game, names);
    click(&mut h, "Commencer la partie");
    h
}

/// Replaces all the text of the field named `label` (select all, then type; nothing to type
/// empties it).
pub fn replace_in(h: &mut Harness<'static, App>, label: &str, text: &str) {
    h.get_by_label(label).focus();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.run();
    type_or_erase(h, label, text);
}

/// Writes an ascenseur session of `n` players whose rounds are entered up to the peak round
/// (the most cards): the widest the form gets.
pub fn ascenseur_at_peak(dir: &std::path::Path, n: usize) {
    use marque_core::games::ascenseur::{Options, Plan};
    let names: Vec<String> = (0..n).map(|i| format!("Joueur{i}")).collect();
    let plan = Plan::new(n, &Options::default());
    let peak = (0..plan.rounds())
        .max_by_key(|&k| plan.round(k).cards)
        .unwrap();
    let hands: Vec<_> = (0..peak)
        .map(|k| {
            let cards = plan.round(k).cards;
            let mut tricks = vec![0; n];
            tricks[0] = cards;
            serde_json::json!({"bids": vec![0; n], "tricks": tricks})
        })
        .collect();
    let v = serde_json::json!({"format": "marque-session", "version": 1, "game": "ascenseur",
                   "players": names, "hands": hands});
    std::fs::write(dir.join("asc.json"), v.to_string()).unwrap();
}

/// The hands of a session file as written, in order.
pub fn deals(file: &std::path::Path) -> Vec<serde_json::Value> {
    marque_store::read_session(file)
        .unwrap()
        .session
        .hands
        .iter()
        .map(|h| h.to_value())
        .collect()
}

/// Two truc sessions with no deal yet, `a.json` (Alice, Bruno) and `b.json` (Chloé, David).
pub fn two_truc_sessions(dir: &std::path::Path) {
    for (name, players) in [
        ("a.json", ["Alice", "Bruno"]),
        ("b.json", ["Chloé", "David"]),
    ] {
        let v = serde_json::json!({"format": "marque-session", "version": 1, "game": "truc",
                       "players": players, "hands": []});
        std::fs::write(dir.join(name), v.to_string()).unwrap();
    }
}

/// The rectangle of the widget named `label` and the part of it on screen (inside its scroll
/// areas and the window).
pub fn seen(h: &Harness<'static, App>, label: &str) -> (egui::Rect, egui::Rect) {
    let raw = h.get_by_label(label).accesskit_node().locate().0.0;
    let id = id_of(raw);
    let r = h
        .ctx
        .read_response(id)
        .unwrap_or_else(|| panic!("{label}: no response"));
    (r.rect, r.interact_rect.intersect(h.ctx.content_rect()))
}

/// Whether the widget named `label` is wholly on screen.
pub fn in_view(h: &Harness<'static, App>, label: &str) -> bool {
    let (whole, visible) = seen(h, label);
    (whole.width() - visible.width()).abs() < 0.5 && (whole.height() - visible.height()).abs() < 0.5
}

/// Taps the widget named `label` as a person would: where it is not wholly in view, one scroll
/// first (counted in `scrolls`).
pub fn tap_counting(h: &mut Harness<'static, App>, label: &str, scrolls: &mut usize) {
    if !in_view(h, label) {
        *scrolls += 1;
        if std::env::var("SCROLL_DUMP").is_ok() {
            eprintln!("scroll for {label}: {:?}", seen(h, label));
        }
        h.get_by_label(label).scroll_to_me();
        // The scroll is taken in one frame and drawn in the next ones.
        for _ in 0..4 {
            h.run();
            if in_view(h, label) {
                break;
            }
        }
        assert!(
            in_view(h, label),
            "{label} still out of view after a scroll: {:?} in {:?}",
            seen(h, label),
            h.ctx.content_rect()
        );
    }
    h.get_by_label(label).click();
    settle(h);
}

/// [`seen`] for the widget whose name contains `part`.
pub fn seen_containing(h: &Harness<'static, App>, part: &str) -> (egui::Rect, egui::Rect) {
    let raw = h.get_by_label_contains(part).accesskit_node().locate().0.0;
    let id = id_of(raw);
    let r = h
        .ctx
        .read_response(id)
        .unwrap_or_else(|| panic!("{part}: no response"));
    (r.rect, r.interact_rect.intersect(h.ctx.content_rect()))
}

/// The window shows each side's total as the saved file scores it, the sides named as the
/// sheet names them now (a seat that left marked); the totals.
pub fn all_agree(h: &Harness<'static, App>, dir: &std::path::Path, when: &str) -> Vec<i64> {
    let sheet = saved(dir).score().unwrap();
    let names = marque_core::text::side_names(&sheet, marque_core::i18n::Lang::Fr);
    for (name, t) in names.iter().zip(&sheet.totals) {
        let total = format!("Total {} : {}", de(name), marque_core::view::minus(*t));
        assert!(shows(h, &total), "{when}: {total} not shown");
    }
    sheet.totals.clone()
}

/// The egui id of a widget, from the accesskit node id the harness finds it by.
#[expect(
    unsafe_code,
    reason = "a widget's egui id is made again from the bits accesskit gives"
)]
pub fn id_of(raw: u64) -> egui::Id {
    // SAFETY: not a memory matter: the value is an egui Id's own accesskit id, which is what
    // this conversion back is for.
    unsafe { egui::Id::from_high_entropy_bits(raw) }
}

/// The tests that turn the room's pages on share this lock: each holds it for reading while it
/// shares, and the test that counts every socket this process listens on holds it alone.
pub static SHARING: std::sync::RwLock<()> = std::sync::RwLock::new(());

/// Held while a test shares the room beside others.
pub fn sharing_beside() -> std::sync::RwLockReadGuard<'static, ()> {
    SHARING
        .read()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Held while a test must be the only one sharing (it counts this process's sockets).
pub fn sharing_alone() -> std::sync::RwLockWriteGuard<'static, ()> {
    SHARING
        .write()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// "de Marc", "d'Anne": French before a name, as the window's texts elide it.
pub fn de(name: &str) -> String {
    let first = name
        .chars()
        .next()
        .unwrap_or('x')
        .to_lowercase()
        .next()
        .unwrap_or('x');
    if "aeiouyàâäéèêëîïôöùûüœæ".contains(first) {
        format!("d'{name}")
    } else {
        format!("de {name}")
    }
}
