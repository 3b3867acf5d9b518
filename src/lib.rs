//! Marque: scorekeeping for card games played at a real table.
//!
//! The rules, sessions, score sheets and edit history are in the `marque-core` crate, spelled
//! `marque_core::` everywhere (no re-export); files on disk and the open session as a document
//! are in `marque-store` (`marque_store::`); this crate adds the command line ([`cli`]), the
//! room's server ([`serve`]) and the desktop app ([`ui`]).

#![allow(
    clippy::needless_range_loop,
    reason = "sides and players are indexes into several parallel arrays at once (below, above, \
              totals): a range loop says that more plainly than zipped iterators"
)]

pub mod cli;
pub mod csv_out;
pub mod pdf;
pub mod serve;
pub mod term;
pub mod ui;

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
