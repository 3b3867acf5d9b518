//! What the table chose once and expects to find again, kept in the data folder: language,
//! theme and text size in `.prefs.json`, this machine's own; names typed and names merged in
//! `.people.json`, which a folder shared between machines shares.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use marque_core::i18n::{Lang, Msg};
use marque_store::people::People;
use marque_store::{self as store, Store};

/// What the table chose once and expects to find again: language, theme, text size (this
/// machine's), and the club's names as last read (shared, written only through
/// [`People::change`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Prefs {
    pub lang: Lang,
    pub dark: bool,
    pub zoom: f32,
    /// How this table enters hands (truc by the winner, 2500 in points, démocratie by cards),
    /// kept from one session to the next.
    pub modes: crate::ui::forms::Modes,
    /// The club's names, as `.people.json` held them when last read.
    pub people: People,
}

/// This machine's preferences as written in `.prefs.json` (names an older Marque kept there are
/// read by [`People::read`]).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
struct Machine {
    lang: Lang,
    dark: bool,
    zoom: f32,
    /// A value that does not read is the default, the other preferences kept.
    #[serde(deserialize_with = "lenient_modes")]
    modes: crate::ui::forms::Modes,
}

fn lenient_modes<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<crate::ui::forms::Modes, D::Error> {
    let v = serde_json::Value::deserialize(d)?;
    Ok(serde_json::from_value(v).unwrap_or_default())
}

impl Default for Machine {
    fn default() -> Self {
        Machine {
            lang: Lang::Fr,
            dark: false,
            zoom: 1.3,
            modes: crate::ui::forms::Modes::default(),
        }
    }
}

impl Default for Prefs {
    fn default() -> Self {
        let m = Machine::default();
        Prefs {
            lang: m.lang,
            dark: m.dark,
            zoom: m.zoom,
            modes: m.modes,
            people: People::default(),
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
    /// The club's names file is there but does not read (damaged, or too large): the names
    /// merged by hand do not count until it is mended.
    PeopleDamaged,
}

impl Found {
    /// What to tell the table, if anything.
    pub(super) fn notice(self) -> Option<Msg> {
        match self {
            Found::FirstRun => None,
            Found::Damaged => Some(Msg::new("ui.prefs.damaged")),
            Found::Reset => Some(Msg::new("ui.prefs.reset")),
            Found::PeopleDamaged => Some(Msg::new("ui.people.unread")),
        }
    }
}

impl Prefs {
    pub(super) fn path(store: &Store) -> PathBuf {
        store.dir.join(store::PREFS_FILE)
    }
    /// The preferences, and a notice if some could not be used: a hand-edited or damaged file
    /// never stops the app, its unusable values take their defaults. The club's names are read
    /// from `.people.json` whatever the state of this machine's file.
    pub(super) fn load(store: &Store) -> (Prefs, Option<Found>) {
        let (machine, found) = Prefs::read_machine(store);
        let read = People::read(store);
        // Said where nothing else is: a names file that does not read is never passed over
        // without a word.
        let found = match found {
            None | Some(Found::FirstRun) if read.damaged => Some(Found::PeopleDamaged),
            found => found,
        };
        let people = read.people;
        let p = Prefs {
            lang: machine.lang,
            dark: machine.dark,
            zoom: machine.zoom,
            modes: machine.modes,
            people,
        };
        (p, found)
    }

    /// The preferences kept in a data folder, defaults where they cannot be read.
    pub fn read(store: &Store) -> Prefs {
        Prefs::load(store).0
    }

    fn read_machine(store: &Store) -> (Machine, Option<Found>) {
        // Never waits on what is there (a FIFO), never reads more than a preferences file holds.
        let text = match store::read_file(&Prefs::path(store), store::MAX_PREFS_BYTES) {
            Ok(t) => t,
            Err(store::StoreError::Io(e)) if e.kind() == std::io::ErrorKind::NotFound => {
                return (Machine::default(), Some(Found::FirstRun));
            }
            Err(_) => return (Machine::default(), Some(Found::Damaged)),
        };
        let Ok(mut m) = serde_json::from_slice::<Machine>(&text) else {
            return (Machine::default(), Some(Found::Damaged));
        };
        let mut notice = None;
        if !(ZOOM_MIN..=ZOOM_MAX).contains(&m.zoom) {
            m.zoom = Machine::default().zoom;
            notice = Some(Found::Reset);
        }
        (m, notice)
    }

    /// Saves this machine's preferences (`.prefs.json`), atomically. The club's names are never
    /// written here: see [`People::change`].
    pub(super) fn save(&self, store: &Store) -> std::io::Result<()> {
        std::fs::create_dir_all(&store.dir)?;
        let machine = Machine {
            lang: self.lang,
            dark: self.dark,
            zoom: self.zoom,
            modes: self.modes,
        };
        let text = serde_json::to_string_pretty(&machine).map_err(std::io::Error::other)?;
        store::write_atomic(&Prefs::path(store), text.as_bytes())
    }

    /// The text one step larger (`step` > 0) or smaller, within what the app allows.
    pub(super) fn zoom_by(&mut self, step: f32) {
        self.zoom = (self.zoom + step).clamp(ZOOM_MIN, ZOOM_MAX);
    }

    /// Who is who for statistics: the names merged by hand.
    pub fn people(&self) -> marque_core::stats::People {
        self.people.stats()
    }
}

/// The text sizes the app allows (its zoom factor).
pub const ZOOM_MIN: f32 = 0.6;
pub const ZOOM_MAX: f32 = 3.0;
