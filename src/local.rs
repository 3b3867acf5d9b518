//! What the app adds to the core at its start and from this machine: its own texts, and the
//! local time. A leaf: every room may import it.

/// The app's own texts (screens, files, the command line), beside the core's.
pub const UI_TEXTS: &str = include_str!("../locales/ui.json");

/// Makes the app's texts available to [`marque_core::i18n::tr`]; every entry point calls it first.
pub fn init_texts() {
    marque_core::i18n::add_texts(UI_TEXTS);
}

/// The local time now, as written in session files and logs.
pub fn now() -> String {
    chrono::Local::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, false)
}
