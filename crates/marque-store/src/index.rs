//! The session index (`.index.json`): a summary of every session file, keyed by its stamp, so
//! that only the files that changed are read again.

use std::collections::BTreeMap;
use std::io::Read;
use std::path::Path;

use crate::error::StoreError;
use crate::files::{not_utf8, open_to_read, parse_with, read_bytes, too_large};
use crate::limits::MAX_SESSION_BYTES;
use crate::stamp::Stamp;
use crate::summary::{FileState, Listed, Summary};
use marque_core::ratings::Kept;
use marque_core::session::Session;

/// The layout of the index's entries: a change to [`Summary`] moves it.
pub(super) const INDEX_LAYOUT: u32 = 8;

/// The index's version: its layout, and the figures each game counts (their names in order,
/// and how they are counted, [`marque_core::games::TALLY_VERSION`]), so that an index made
/// when the figures were others is made again rather than read out of step.
pub(super) fn index_version() -> u32 {
    static VERSION: std::sync::OnceLock<u32> = std::sync::OnceLock::new();
    *VERSION.get_or_init(|| {
        // FNV-1a: the same on every run and machine (std's hasher is seeded at random).
        let mut h: u32 = 0x811c_9dc5;
        let mut eat = |bytes: &[u8]| {
            for b in bytes {
                h = (h ^ u32::from(*b)).wrapping_mul(0x0100_0193);
            }
        };
        eat(&INDEX_LAYOUT.to_le_bytes());
        eat(&marque_core::games::TALLY_VERSION.to_le_bytes());
        for g in marque_core::games::GameKind::ALL {
            eat(g.id().as_bytes());
            for name in g.sums().iter().chain(g.bests()) {
                eat(b"/");
                eat(name.as_bytes());
            }
        }
        h
    })
}

#[derive(Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub(super) struct Index {
    pub(super) version: u32,
    pub(super) files: BTreeMap<String, IndexEntry>,
    /// The ladders last made from these sessions ([`Kept`]: with what they were made from).
    /// Kept ladders that do not read are none: the summaries beside them are still taken.
    #[serde(default, deserialize_with = "kept_or_none")]
    pub(super) ratings: Option<Kept>,
}

fn kept_or_none<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Kept>, D::Error> {
    use serde::Deserialize as _;
    let value = serde_json::Value::deserialize(d)?;
    Ok(serde_json::from_value(value).ok())
}

#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub(super) struct IndexEntry {
    pub(super) stamp: Stamp,
    pub(super) state: Cached,
}

/// The index written from the listed files, borrowing their summaries (the same JSON as
/// [`Index`]).
#[derive(serde::Serialize)]
pub(super) struct IndexOut<'a> {
    pub(super) version: u32,
    pub(super) files: BTreeMap<&'a str, IndexEntryOut<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) ratings: Option<&'a Kept>,
}

#[derive(serde::Serialize)]
pub(super) struct IndexEntryOut<'a> {
    pub(super) stamp: Stamp,
    pub(super) state: CachedOut<'a>,
}

#[derive(serde::Serialize)]
pub(super) enum CachedOut<'a> {
    Fine(&'a Summary),
    Newer(u64),
}

impl IndexOut<'_> {
    /// The index of these files (damaged ones are read again each time: not kept), with the
    /// ratings `kept`.
    pub(super) fn write<'a>(
        listed: &'a [Listed],
        entries: usize,
        ratings: Option<&'a Kept>,
    ) -> serde_json::Result<Vec<u8>> {
        let mut files = BTreeMap::new();
        for l in listed {
            let state = match &l.state {
                FileState::Fine(s) => CachedOut::Fine(s),
                FileState::Newer(v) => CachedOut::Newer(*v),
                FileState::Damaged(_) => continue,
            };
            let Some(name) = l.path.file_name().and_then(|n| n.to_str()) else {
                continue;
            };
            files.insert(
                name,
                IndexEntryOut {
                    stamp: l.stamp,
                    state,
                },
            );
        }
        let mut text = Vec::with_capacity(entries * 256);
        serde_json::to_writer(
            &mut text,
            &IndexOut {
                version: index_version(),
                files,
                ratings,
            },
        )?;
        Ok(text)
    }
}

/// What the index keeps of a file: its summary, or the version of a newer file. A damaged
/// file is read again each time (its problems are messages in the reader's language).
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub(super) enum Cached {
    Fine(Box<Summary>),
    Newer(u64),
}

impl Cached {
    pub(super) fn into_state(self) -> FileState {
        match self {
            Cached::Fine(s) => FileState::Fine(s),
            Cached::Newer(v) => FileState::Newer(v),
        }
    }
}

/// Reads a session file for its summary only: its hands are read to be played, not kept as
/// written, and no score sheet is made.
pub fn summarize(path: &Path) -> Result<Summary, StoreError> {
    let mut bytes = Vec::new();
    read_bytes(path, &mut bytes)?;
    summary_of(&bytes)
}

/// [`summarize`] of a file listed with `size` bytes: read in one call, since the listing said
/// what it is (its stamp is the listing's; a file changed since is read again at the next
/// listing, its stamp being another).
pub(super) fn summarize_listed(
    path: &Path,
    size: u64,
    bytes: &mut Vec<u8>,
) -> Result<Summary, StoreError> {
    if size > MAX_SESSION_BYTES {
        return Err(too_large(MAX_SESSION_BYTES));
    }
    let file = open_to_read(path)?;
    bytes.clear();
    // `size` bytes, and no more: the read that would find the end of the file is spared.
    let want = usize::try_from(size).unwrap_or(0);
    bytes.reserve(want);
    file.take(size).read_to_end(bytes)?;
    summary_of(bytes)
}

/// The summary of a session file's bytes.
pub(super) fn summary_of(bytes: &[u8]) -> Result<Summary, StoreError> {
    let text = std::str::from_utf8(bytes).map_err(not_utf8)?;
    parse_with(text, Session::facts).map(Summary::of_facts)
}
