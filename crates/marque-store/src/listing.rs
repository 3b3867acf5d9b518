//! Listing a data folder through its index (`.index.json`): each session file's summary, read
//! again only where the file changed, and the ratings the index keeps (made again only where
//! what they are made from changed).

use std::fs;
use std::path::PathBuf;

use marque_core::i18n::msg;
use marque_core::ratings::{Kept, Order, Ratings};
use marque_core::stats::People;

use crate::error::StoreError;
use crate::files::read_file;
use crate::index::{Index, IndexOut, index_version, summarize_listed};
use crate::limits::MAX_INDEX_BYTES;
use crate::own::INDEX;
use crate::stamp::Stamp;
use crate::store::Store;
use crate::summary::{FileState, Listed, Shelf};
use crate::sync::copy_of;
use crate::write::replace_file;
use marque_core::session::Problem;

/// A folder as listed, before its index is written again.
#[derive(Default)]
pub(super) struct Scan {
    pub(super) listed: Vec<Listed>,
    /// The sessions that read (what the index keeps).
    pub(super) entries: usize,
    /// Something changed since the index was written: it is to be written again.
    pub(super) changed: bool,
    /// The ratings the index kept.
    pub(super) kept: Option<Kept>,
    /// The folder was read (else nothing is known of it, and no index is written from it).
    pub(super) read: bool,
}

/// What statistics and ratings count of a data folder: its sessions and those archived (the
/// trash is not counted), as the players' screen counts them.
pub struct Counted {
    /// The folder's own sessions, newest first.
    pub sessions: Vec<Listed>,
    /// Those in `archive/`.
    pub archived: Vec<Listed>,
    /// The ladders of all of them.
    pub ratings: Ratings,
}

impl Store {
    /// The sessions statistics count: the folder's, then those archived.
    pub fn list_counted(&self) -> Vec<Listed> {
        let mut all = self.list();
        all.extend(Store::new(self.shelf_dir(Shelf::Archive)).list());
        all
    }

    /// The evenings of several tables kept in the folder: each in a folder of its own (not
    /// hidden, not a shelf), or put in the folder itself, its evening file named
    /// `NAME.evening.json`; with the title the evening gives itself (its file's name where it
    /// gives none), in name order.
    pub fn evenings(&self) -> Vec<(PathBuf, String)> {
        let shelves = ["archive", "trash", "damaged"];
        let Ok(dirs) = fs::read_dir(&self.dir) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        let mut folders = vec![self.dir.clone()];
        for d in dirs.filter_map(Result::ok) {
            let name = d.file_name().to_string_lossy().into_owned();
            let is_dir = d.file_type().is_ok_and(|t| t.is_dir());
            if is_dir && !name.starts_with('.') && !shelves.contains(&name.as_str()) {
                folders.push(d.path());
            }
        }
        for folder in folders {
            let Ok(files) = fs::read_dir(&folder) else {
                continue;
            };
            for f in files.filter_map(Result::ok) {
                let file = f.file_name().to_string_lossy().into_owned();
                let Some(stem) = file.strip_suffix(".evening.json") else {
                    continue;
                };
                // Only its title is read (a few bytes of a small file), capped like a session.
                let title = read_file(&f.path(), crate::limits::MAX_PREFS_BYTES)
                    .ok()
                    .and_then(|b| serde_json::from_slice::<serde_json::Value>(&b).ok())
                    .and_then(|v| v.get("title").and_then(|t| t.as_str()).map(str::to_string))
                    .filter(|t| !t.trim().is_empty())
                    .unwrap_or_else(|| stem.to_string());
                out.push((f.path(), title));
            }
        }
        out.sort();
        out
    }

    /// Every `*.json` file of the folder with its state, newest first. Files whose size and
    /// modification time are those of the index are not read again; the index is rewritten when
    /// anything changed (where the folder can be written).
    pub fn list(&self) -> Vec<Listed> {
        self.list_as(true)
    }

    /// [`Store::list`] for a reader that writes nothing (the room's pages): the index is used
    /// where it is up to date, never written.
    pub fn list_reading(&self) -> Vec<Listed> {
        self.list_as(false)
    }

    fn list_as(&self, write_index: bool) -> Vec<Listed> {
        let scan = self.scan();
        if scan.changed && write_index {
            self.write_index(&scan.listed, scan.entries, scan.kept.as_ref());
        }
        scan.listed
    }

    /// The sessions statistics count, and the ladders of their ratings: those the folder's
    /// index kept, where they were made from these very sessions and names merged by hand; else
    /// made now, and kept in the index (`write`: where the folder can be written; the room's
    /// pages write nothing).
    pub fn list_rated(&self, people: &People, write: bool) -> Counted {
        let scan = self.scan();
        let mut all = scan.listed;
        let n = all.len();
        all.extend(Store::new(self.shelf_dir(Shelf::Archive)).list_as(write));
        let order = Order::of(crate::summary::rated(&all));
        let of = order.fingerprint(people);
        let (ratings, kept, made) = match scan.kept.filter(|k| k.fingerprint() == of) {
            Some(kept) => (kept.ratings(), kept, false),
            None => {
                let r = order.rate(people, false);
                let kept = Kept::of(&r, of);
                (r, kept, true)
            }
        };
        drop(order);
        let archived = all.split_off(n);
        if write && scan.read && (scan.changed || made) {
            self.write_index(&all, scan.entries, Some(&kept));
        }
        Counted {
            sessions: all,
            archived,
            ratings,
        }
    }

    /// Writes the index of `listed`, with the ratings `kept`.
    pub(super) fn write_index(&self, listed: &[Listed], entries: usize, kept: Option<&Kept>) {
        if let Ok(text) = IndexOut::write(listed, entries, kept) {
            // The index only saves work: a folder that cannot be written is read in full, and
            // an index lost in a crash is made again (so it is renamed into place, never half
            // written, but not synced to the disk).
            replace_file(&self.dir.join(INDEX), &text, false, None).ok();
        }
    }

    /// Every `*.json` file of the folder with its state, newest first, and what the index held
    /// (nothing written).
    pub(super) fn scan(&self) -> Scan {
        let Ok(rd) = fs::read_dir(&self.dir) else {
            return Scan::default();
        };
        let index_path = self.dir.join(INDEX);
        // The index only saves work: one that is no regular file, too large or damaged is made
        // again from the files.
        let mut old: Index = read_file(&index_path, MAX_INDEX_BYTES)
            .ok()
            .and_then(|b| serde_json::from_slice(&b).ok())
            .filter(|i: &Index| i.version == index_version())
            .unwrap_or_default();
        let mut changed = false;
        let mut entries = 0;
        // One buffer for every file read: its memory serves the next file.
        let mut bytes = Vec::new();
        let mut out = Vec::new();
        let entries_read: Vec<fs::DirEntry> = rd.filter_map(|e| e.ok()).collect();
        // A conflict copy whose session is here is listed with it (to merge), not as a session.
        let names: std::collections::HashSet<std::ffi::OsString> =
            entries_read.iter().map(fs::DirEntry::file_name).collect();
        let mut copies: std::collections::HashMap<String, Vec<PathBuf>> = Default::default();
        for e in entries_read {
            let file_name = e.file_name();
            let name = file_name.to_string_lossy();
            // An evening's file is no session: it is listed among the evenings.
            if name.starts_with('.') || !name.ends_with(".json") || name.ends_with(".evening.json")
            {
                continue;
            }
            if let Some(of) = copy_of(&name).filter(|of| names.contains(std::ffi::OsStr::new(of))) {
                copies.entry(of).or_default().push(e.path());
                continue;
            }
            // A name that is not UTF-8 is listed, but kept out of the index (its keys are text).
            let indexable = file_name.to_str().is_some();
            let path = e.path();
            // The entry's own metadata is read relative to the open folder; a link is followed.
            let meta = match e.file_type() {
                Ok(t) if !t.is_symlink() => e.metadata(),
                _ => fs::metadata(&path),
            };
            // What is named like a session but cannot be one (a FIFO, a device, a link to
            // nothing or to itself) is listed as damaged, with why: never silently left out.
            // A folder so named is no file of the user's.
            let odd = match &meta {
                Ok(m) if m.is_file() => None,
                Ok(m) if m.is_dir() => continue,
                Ok(_) => Some(marque_core::i18n::Msg::new("file.not_regular")),
                Err(e) => Some(msg!("ui.io_error", error = marque_core::i18n::io_error(e))),
            };
            if let Some(why) = odd {
                let problem = Problem::file(msg!(
                    "file.unreadable",
                    path = path.display().to_string(),
                    error = why
                ));
                out.push(Listed {
                    path,
                    state: FileState::Damaged(vec![problem]),
                    modified: None,
                    stamp: Stamp {
                        size: 0,
                        modified: 0,
                        inode: 0,
                        changed: 0,
                    },
                    copies: Vec::new(),
                });
                continue;
            }
            let Ok(meta) = meta else {
                continue;
            };
            let stamp = Stamp::of(&meta);
            let cached = if indexable {
                old.files.remove(&*name)
            } else {
                None
            };
            let indexed = cached.is_some();
            let state = match cached.filter(|c| c.stamp == stamp) {
                Some(cached) => cached.state.into_state(),
                None => {
                    let state = match summarize_listed(&path, stamp.size, &mut bytes) {
                        Ok(summary) => FileState::Fine(Box::new(summary)),
                        Err(StoreError::Newer(v)) => FileState::Newer(v),
                        // A bridge table's file of an evening (put in the data folder beside
                        // its evening) is the evening's, not a damaged session.
                        Err(StoreError::Damaged(_)) if is_table(&bytes) => continue,
                        Err(StoreError::Damaged(p)) => FileState::Damaged(p),
                        Err(e) => FileState::Damaged(vec![Problem::file(
                            e.msg(Some(&path.display().to_string())),
                        )]),
                    };
                    // A damaged file is not kept in the index: one that was not there before
                    // changes nothing.
                    changed |= indexed || !matches!(state, FileState::Damaged(_));
                    state
                }
            };
            entries += usize::from(!matches!(state, FileState::Damaged(_)));
            out.push(Listed {
                path,
                state,
                modified: meta.modified().ok(),
                stamp,
                copies: Vec::new(),
            });
        }
        // Entries left in the old index are files that are gone.
        changed |= !old.files.is_empty() || old.version != index_version();
        for l in &mut out {
            if let Some(mut c) = l
                .path
                .file_name()
                .and_then(|n| n.to_str())
                .and_then(|n| copies.remove(n))
            {
                c.sort();
                l.copies = c;
            }
        }
        // Newest first; the paths are all in this folder, so their bytes order them.
        out.sort_unstable_by(|a, b| {
            b.modified
                .cmp(&a.modified)
                .then_with(|| a.path.as_os_str().cmp(b.path.as_os_str()))
        });
        Scan {
            listed: out,
            entries,
            changed,
            kept: old.ratings,
            read: true,
        }
    }
}

/// Whether `bytes` are a bridge table's file of an evening (`"format": "duplicate"`).
fn is_table(bytes: &[u8]) -> bool {
    bytes.windows(9).any(|w| w == b"duplicate")
        && serde_json::from_slice::<serde_json::Value>(bytes)
            .is_ok_and(|v| marque_core::club::is_duplicate(&v))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A folder that cannot be listed is not known to be empty: the scan says it was not read
    /// (`list_rated` then writes no index from it; as root, a folder that exists cannot be made
    /// unlistable here, so the flag is what is tested).
    #[test]
    fn a_folder_not_listed_is_not_read() {
        let dir = tempfile::tempdir().unwrap();
        assert!(
            Store::new(dir.path()).scan().read,
            "an empty folder is read"
        );
        let file = dir.path().join("a-file");
        std::fs::write(&file, "not a folder").unwrap();
        for missing in [dir.path().join("gone"), file] {
            assert!(!Store::new(&missing).scan().read, "{missing:?}");
        }
    }
}
