//! Marque: scorekeeping for card games played at a real table.
//!
//! The library holds the rules ([`games`]), sessions and score sheets ([`session`]), files on disk
//! ([`store`]), the command line ([`cli`]) and the desktop app ([`ui`]).

// Sides and players are indexes into several parallel arrays at once (below, above, totals):
// a range loop says that more plainly than zipped iterators.
#![allow(clippy::needless_range_loop)]

rust_i18n::i18n!("locales", fallback = "en");

pub mod cli;
pub mod games;
pub mod history;
pub mod i18n;
pub mod session;
pub mod store;
pub mod text;
pub mod ui;
