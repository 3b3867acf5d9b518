//! Marque's core: the rules of the six games ([`games`]), sessions with typed hands and their
//! score sheets ([`session`]), the edit history ([`history`]) and the sheet for people ([`text`]).
//!
//! No screens, no files, no clock: the app and the command line above it read and write files,
//! and pass the time in where a log entry needs it.

#![allow(
    clippy::needless_range_loop,
    reason = "sides and players are indexes into several parallel arrays at once (below, above, \
              totals): a range loop says that more plainly than zipped iterators"
)]

pub mod club;
pub mod explain;
pub mod export;
mod fnv;
pub mod games;
pub mod history;
pub mod i18n;
pub mod merge;
pub mod ratings;
pub mod rivals;
pub mod session;
pub mod stakes;
pub mod stats;
pub mod stream;
pub mod text;
pub mod trail;
pub mod view;
