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
mod local;
pub mod pdf;
pub mod serve;
pub mod term;
pub mod ui;

pub use local::{UI_TEXTS, init_texts, now};
