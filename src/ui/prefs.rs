//! What the table chose once and expects to find again, kept in the data folder: language,
//! theme and text size in `.prefs.json`, this machine's own; names typed and names merged in
//! `.people.json`, which a folder shared between machines shares.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use crate::i18n::{Lang, Msg};
use crate::store::{self, Store};

/// What the table chose once and expects to find again: language, theme, text size, names.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Prefs {
    pub lang: Lang,
    pub dark: bool,
    pub zoom: f32,
    /// Player names typed before, most recent first.
    pub names: Vec<String>,
    /// Names merged by hand into one person for statistics: `[name, the person it is]`.
    pub merged: Vec<[String; 2]>,
}

impl Default for Prefs {
    fn default() -> Self {
        Prefs {
            lang: Lang::Fr,
            dark: false,
            zoom: 1.3,
            names: Vec::new(),
            merged: Vec::new(),
        }
    }
}

/// Not a notice: the preferences file does not exist yet (the text size then follows the screen).
/// What reading the preferences found, besides the preferences.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Found {
    /// There were none: Marque is run for the first time on this folder.
    FirstRun,
    /// The file does not read: every value takes its default.
    Damaged,
    /// Some values were out of range and take their default.
    Reset,
}

impl Found {
    /// What to tell the table, if anything.
    pub(super) fn notice(self) -> Option<Msg> {
        match self {
            Found::FirstRun => None,
            Found::Damaged => Some(Msg::new("ui.prefs.damaged")),
            Found::Reset => Some(Msg::new("ui.prefs.reset")),
        }
    }
}

impl Prefs {
    pub(super) fn path(store: &Store) -> PathBuf {
        store.dir.join(store::PREFS_FILE)
    }
    /// The preferences, and a notice if some could not be used: a hand-edited or damaged file
    /// never stops the app, its unusable values take their defaults.
    pub(super) fn load(store: &Store) -> (Prefs, Option<Found>) {
        // Never waits on what is there (a FIFO), never reads more than a preferences file holds.
        let text = match store::read_file(&Prefs::path(store), store::MAX_PREFS_BYTES) {
            Ok(t) => t,
            Err(store::StoreError::Io(e)) if e.kind() == std::io::ErrorKind::NotFound => {
                return (Prefs::default(), Some(Found::FirstRun));
            }
            Err(_) => return (Prefs::default(), Some(Found::Damaged)),
        };
        let Ok(mut p) = serde_json::from_slice::<Prefs>(&text) else {
            return (Prefs::default(), Some(Found::Damaged));
        };
        let mut notice = None;
        // The names are the club's: from `.people.json` once there is one (before, they were
        // kept with this machine's preferences).
        if let (Some(people), _) = People::read(store) {
            p.names = people.names;
            p.merged = people.merged;
        }
        if !(ZOOM_MIN..=ZOOM_MAX).contains(&p.zoom) {
            p.zoom = Prefs::default().zoom;
            notice = Some(Found::Reset);
        }
        (p, notice)
    }
    /// The preferences kept in a data folder, defaults where they cannot be read.
    pub fn read(store: &Store) -> Prefs {
        Prefs::load(store).0
    }
    /// Saves the preferences in the data folder, atomically: this machine's in `.prefs.json`;
    /// the names in `.people.json` when they changed (a shared file is written only for a
    /// reason, and conflict copies another machine left of it are taken in, then trashed).
    pub(super) fn save(&self, store: &Store) -> std::io::Result<()> {
        std::fs::create_dir_all(&store.dir)?;
        let machine =
            serde_json::json!({ "lang": self.lang, "dark": self.dark, "zoom": self.zoom });
        let text = serde_json::to_string_pretty(&machine).map_err(std::io::Error::other)?;
        store::write_atomic(&Prefs::path(store), text.as_bytes())?;
        let (shared, copies) = People::read(store);
        let people = People {
            names: self.names.clone(),
            merged: self.merged.clone(),
        };
        if shared.unwrap_or_default() != people || !copies.is_empty() {
            let text = serde_json::to_string_pretty(&people).map_err(std::io::Error::other)?;
            store::write_atomic(&store.dir.join(store::PEOPLE_FILE), text.as_bytes())?;
            for c in copies {
                store
                    .shelve(&c, store::Shelf::Trash)
                    .map_err(std::io::Error::other)?;
            }
        }
        Ok(())
    }

    /// The text one step larger (`step` > 0) or smaller, within what the app allows.
    pub(super) fn zoom_by(&mut self, step: f32) {
        self.zoom = (self.zoom + step).clamp(ZOOM_MIN, ZOOM_MAX);
    }

    /// The names the machines share, read again (another machine changed them): typed and
    /// merged; None when there is no such file.
    pub(super) fn shared_names(store: &Store) -> Option<(Vec<String>, Vec<[String; 2]>)> {
        People::read(store).0.map(|p| (p.names, p.merged))
    }

    /// Counts the person shown as `name` as `into` in statistics. They are known by a key
    /// (theirs, or the one they were merged into): that key is merged, with every name merged
    /// into it.
    pub(super) fn merge(&mut self, name: &str, into: &str) {
        let key = self.people().key(name);
        self.merged
            .retain(|[n, _]| marque_core::stats::person_key(n) != key);
        // Kept as shown where the name is the person's own, else by their key.
        let from = if marque_core::stats::person_key(name) == key {
            name.to_string()
        } else {
            key
        };
        self.merged.push([from, into.to_string()]);
    }

    /// Counts `name` as a person of their own again.
    pub(super) fn split(&mut self, name: &str) {
        let key = marque_core::stats::person_key(name);
        self.merged
            .retain(|[n, _]| marque_core::stats::person_key(n) != key);
    }

    /// Who is who for statistics: the names merged by hand.
    pub fn people(&self) -> marque_core::stats::People {
        marque_core::stats::People::new(self.merged.iter().map(|[a, b]| (a.as_str(), b.as_str())))
    }

    /// Remembers names typed for a new session, most recent first.
    pub fn remember(&mut self, names: &[String]) {
        for n in names.iter().rev() {
            self.names.retain(|m| m != n);
            self.names.insert(0, n.clone());
        }
        self.names.truncate(40);
    }
}

/// What a club shares besides its sessions: names typed and names merged by hand.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
struct People {
    names: Vec<String>,
    merged: Vec<[String; 2]>,
}

impl People {
    /// The shared names (None if there is no such file, or it does not read), with those of
    /// the conflict copies another machine left of it taken in; and those copies.
    fn read(store: &Store) -> (Option<People>, Vec<PathBuf>) {
        let read = |path: &std::path::Path| {
            store::read_file(path, store::MAX_PREFS_BYTES)
                .ok()
                .and_then(|t| serde_json::from_slice::<People>(&t).ok())
        };
        let path = store.dir.join(store::PEOPLE_FILE);
        let mut people = read(&path);
        let copies = store::copies_of(&path);
        for c in &copies {
            let Some(other) = read(c) else { continue };
            let p = people.get_or_insert_with(People::default);
            for n in other.names {
                if !p.names.contains(&n) {
                    p.names.push(n);
                }
            }
            for m in other.merged {
                let key = marque_core::stats::person_key(&m[0]);
                if !p
                    .merged
                    .iter()
                    .any(|[n, _]| marque_core::stats::person_key(n) == key)
                {
                    p.merged.push(m);
                }
            }
        }
        (people, copies)
    }
}

/// The text sizes the app allows (its zoom factor).
pub const ZOOM_MIN: f32 = 0.6;
pub const ZOOM_MAX: f32 = 3.0;
