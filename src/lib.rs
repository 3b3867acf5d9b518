//! Marque: scorekeeping for card games played at a real table.
//!
//! The rules, sessions, score sheets and edit history are in the `marque-core` crate (re-exported
//! here); this crate adds files on disk ([`store`]), the command line ([`cli`]) and the desktop
//! app ([`ui`]).

// Sides and players are indexes into several parallel arrays at once (below, above, totals):
// a range loop says that more plainly than zipped iterators.
#![allow(clippy::needless_range_loop)]

pub use marque_core::{games, history, i18n, session, text};

pub mod cli;
pub mod store;
pub mod ui;

/// The app's own texts (screens, files, the command line), beside the core's.
pub const UI_TEXTS: &str = include_str!("../locales/ui.json");

/// Makes the app's texts available to [`i18n::tr`]; every entry point calls it first.
pub fn init_texts() {
    i18n::add_texts(UI_TEXTS);
}

/// The local time now, as written in session files and logs.
pub fn now() -> String {
    chrono::Local::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, false)
}

/// The options in force, for people: `barème : lois actuelles ; chelem : demandé` (a player
/// option by the player's name).
pub fn options_text(
    session: &session::Session,
    options: &serde_json::Value,
    lang: i18n::Lang,
) -> String {
    let game = session.game;
    use crate::i18n::{has_key, tr};
    let Some(map) = options.as_object() else {
        return String::new();
    };
    let named = |key: String, fallback: &str| {
        if has_key(lang, &key) {
            tr(lang, &key)
        } else {
            fallback.to_string()
        }
    };
    map.iter()
        .map(|(k, v)| {
            let name = named(format!("opt.{}.{k}", game.id()), k);
            let player = game
                .options()
                .iter()
                .any(|o| o.key == k && o.kind == games::OptKind::Player);
            let value = match v {
                serde_json::Value::String(w) => named(format!("opt.{}.{k}.{w}", game.id()), w),
                serde_json::Value::Number(n) if player => n
                    .as_u64()
                    .and_then(|i| session.players.get(usize::try_from(i).ok()?))
                    .cloned()
                    .unwrap_or_else(|| n.to_string()),
                other => other.to_string(),
            };
            marque_core::msg!("explain.option", name = name, value = value).render(lang)
        })
        .collect::<Vec<_>>()
        .join(&crate::i18n::tr(lang, "list.sep"))
}
