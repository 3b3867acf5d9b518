//! The club's names, shared by the machines of a synced folder (`.people.json`): names typed
//! for new sessions and names merged by hand into one person for statistics.
//!
//! A shared file is never written from defaults. It is read before any change, and written
//! only with what was read from it plus the change made: a machine that joins the folder (no
//! preferences of its own yet, or damaged ones) leaves the club's names as they are. Conflict
//! copies Syncthing left of it are taken in (union) and moved to the trash once their names are
//! in the file; a copy that does not read stays where it is, named, never trashed. A file that
//! does not read is never written over: the change is refused in words.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::error::StoreError;
use crate::files::read_file;
use crate::limits::MAX_PREFS_BYTES;
use crate::own::{PEOPLE_FILE, PREFS_FILE};
use crate::stamp::Stamp;
use crate::store::Store;
use crate::summary::Shelf;
use crate::sync::copies_of;
use marque_core::stats::person_key;

/// What a club shares besides its sessions.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct People {
    /// Player names typed before, most recent first.
    pub names: Vec<String>,
    /// Names merged by hand into one person for statistics: `[name, the person it is]`.
    pub merged: Vec<[String; 2]>,
}

/// The shared names as read, and the files behind them.
#[derive(Debug, Clone, Default)]
pub struct Read {
    pub people: People,
    /// The file itself does not read (damaged, too large, not a file): changes are refused.
    pub damaged: bool,
    /// Conflict copies whose names were taken in.
    pub copies: Vec<PathBuf>,
    /// Conflict copies that do not read: left where they are.
    pub unreadable: Vec<PathBuf>,
    /// The file as read (none where there was none), and each copy taken in as read.
    stamp: Option<Stamp>,
    copy_stamps: Vec<Option<Stamp>>,
}

/// A change to the club's names.
#[derive(Debug, Clone)]
pub enum Change {
    /// Names typed for a new session (kept first, 40 at most).
    Remember(Vec<String>),
    /// Count the person shown as `name` as `into`.
    Merge { name: String, into: String },
    /// Count `name` as a person of their own again.
    Split(String),
}

/// Why the names could not be changed.
#[derive(Debug, thiserror::Error)]
pub enum PeopleError {
    /// `.people.json` is there but does not read: never written over.
    #[error("{}", english(self))]
    Damaged(PathBuf),
    #[error("{}", english(self))]
    Store(#[from] StoreError),
}

impl PeopleError {
    /// The error in words, once for every reader.
    pub fn msg(&self) -> marque_core::i18n::Msg {
        match self {
            PeopleError::Damaged(path) => {
                marque_core::i18n::msg!("ui.people.damaged", file = crate::store::shown_name(path))
            }
            PeopleError::Store(e) => e.msg(None),
        }
    }
}

/// The error's words in English, as the locale gives them (its Display, for logs).
fn english(e: &PeopleError) -> String {
    e.msg().render(marque_core::i18n::Lang::En)
}

/// The most names remembered.
const MAX_NAMES: usize = 40;

impl People {
    pub fn path(store: &Store) -> PathBuf {
        store.dir.join(PEOPLE_FILE)
    }

    /// The club's names, with those of the conflict copies that read taken in; never fails.
    /// Where there is no `.people.json` yet, the names an older Marque kept in this machine's
    /// `.prefs.json` (the first change of names then writes them to `.people.json`).
    pub fn read(store: &Store) -> Read {
        let path = People::path(store);
        let stamp = Stamp::of_path(&path).ok();
        let (mut people, damaged) = match read_one(&path) {
            Ok(Some(p)) => (p, false),
            Ok(None) => (
                read_one(&store.dir.join(PREFS_FILE))
                    .ok()
                    .flatten()
                    .unwrap_or_default(),
                false,
            ),
            Err(()) => (People::default(), true),
        };
        let mut out = Read::default();
        for c in copies_of(&path) {
            let copy_stamp = Stamp::of_path(&c).ok();
            match read_one(&c) {
                Ok(Some(other)) => {
                    people.take_in(other);
                    out.copies.push(c);
                    out.copy_stamps.push(copy_stamp);
                }
                _ => out.unreadable.push(c),
            }
        }
        out.people = people;
        out.damaged = damaged;
        out.stamp = stamp;
        out
    }

    /// Makes `change` to the names as the file holds them now, and writes them if they
    /// changed (or copies were taken in): the copies taken in then go to the trash. Returns the
    /// names as written.
    pub fn change(store: &Store, change: &Change) -> Result<Read, PeopleError> {
        // Written only over the file as read: another machine's names arriving meanwhile are
        // read again and the change made to them (a few times, then said).
        for _ in 0..5 {
            let mut read = People::read(store);
            if read.damaged {
                return Err(PeopleError::Damaged(People::path(store)));
            }
            let before = read.people.clone();
            read.people.apply(change);
            if read.people == before && read.copies.is_empty() {
                return Ok(read);
            }
            let text = serde_json::to_string_pretty(&read.people)
                .map_err(|e| StoreError::Write(std::io::Error::other(e)))?;
            std::fs::create_dir_all(&store.dir).map_err(StoreError::Write)?;
            let path = People::path(store);
            if Stamp::of_path(&path).ok() != read.stamp {
                continue;
            }
            crate::write::write_atomic(&path, text.as_bytes()).map_err(StoreError::Write)?;
            // The copies' names are in the file: each copy goes to the trash if it is still
            // the one read (one that cannot is taken in again next time, which adds nothing).
            let stamps = std::mem::take(&mut read.copy_stamps);
            let copies = std::mem::take(&mut read.copies);
            for (c, s) in copies.into_iter().zip(stamps) {
                if s.is_none() || store.shelve_if(&c, Shelf::Trash, s).is_err() {
                    read.copies.push(c);
                }
            }
            return Ok(read);
        }
        Err(PeopleError::Store(StoreError::Changed))
    }

    fn apply(&mut self, change: &Change) {
        match change {
            Change::Remember(names) => {
                for n in names.iter().rev() {
                    self.names.retain(|m| m != n);
                    self.names.insert(0, n.clone());
                }
                self.names.truncate(MAX_NAMES);
            }
            Change::Merge { name, into } => {
                let key = self.stats().key(name);
                self.merged.retain(|[n, _]| person_key(n) != key);
                // Kept as shown where the name is the person's own, else by their key.
                let from = if person_key(name) == key {
                    name.clone()
                } else {
                    key
                };
                self.merged.push([from, into.clone()]);
            }
            Change::Split(name) => {
                let key = person_key(name);
                self.merged.retain(|[n, _]| person_key(n) != key);
            }
        }
    }

    /// Another machine's names taken in: names it typed, merges it made of people this file
    /// does not merge.
    fn take_in(&mut self, other: People) {
        for n in other.names {
            if !self.names.contains(&n) {
                self.names.push(n);
            }
        }
        for m in other.merged {
            let key = person_key(&m[0]);
            if !self.merged.iter().any(|[n, _]| person_key(n) == key) {
                self.merged.push(m);
            }
        }
    }

    /// Who is who for statistics: the names merged by hand.
    pub fn stats(&self) -> marque_core::stats::People {
        marque_core::stats::People::new(self.merged.iter().map(|[a, b]| (a.as_str(), b.as_str())))
    }
}

/// One file of names: None where it is missing, Err where it does not read.
fn read_one(path: &Path) -> Result<Option<People>, ()> {
    match read_file(path, MAX_PREFS_BYTES) {
        Ok(text) => serde_json::from_slice::<People>(&text)
            .map(Some)
            .map_err(|_| ()),
        Err(StoreError::Io(e)) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(_) => Err(()),
    }
}
