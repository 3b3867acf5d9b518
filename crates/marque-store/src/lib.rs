//! Session files on disk: the data folder, atomic saves, locks between windows, damaged files;
//! and the open session as a [`document`], through which the window, the command line and the
//! room's server write. No window and no HTTP here: a layering mistake does not compile.
//!
//! - A save writes a temporary file in the same folder, syncs it, renames it over the session
//!   file and syncs the folder: a crash leaves either the old complete file or the new one.
//! - A file that does not read as a session (damaged) or that a newer Marque wrote is never
//!   overwritten: [`save()`] refuses it.
//! - A session open for writing holds an advisory lock on `.NAME.lock` beside it. The OS drops
//!   the lock when the process ends, however it ends, so a lock left by a crash is taken over.
//! - A save writes only over the file that was read: its size and modification time are
//!   compared just before (a [`Stamp`]); a file changed since is never overwritten.
//! - [`Store::list`] keeps a summary of every session file in `.index.json`, keyed by each
//!   file's size and modification time, so that only files that changed are read again.

pub mod backup;
mod conflict;
pub mod document;
mod error;
mod evening;
mod files;
mod index;
mod limits;
mod listing;
mod lock;
mod own;
pub mod people;
mod save;
mod stamp;
mod store;
mod summary;
mod sync;
mod table;
pub mod watch;
mod write;

pub use conflict::{Merged, merge_after_change};
pub use error::{StoreError, lock_note, lock_problem, write_problem};
pub use evening::{create_evening, read_evening, read_json, score_evening};
pub use files::{exists_or, open_regular, read_capped, read_file};
pub use index::summarize;
pub use limits::{MAX_BACKUP_BYTES, MAX_INDEX_BYTES, MAX_PREFS_BYTES, MAX_SESSION_BYTES};
pub use lock::{Lock, lock_path};
pub use own::{
    INDEX, LOCKS, MACHINE_ONLY, PEOPLE_FILE, PREFS_FILE, STIGNORE, TEMPORARIES, keep_machine_files,
    own_folder,
};
pub use save::{Appending, create, read_for_append, read_session, save, save_table};
pub use stamp::{Loaded, Stamp};
pub use store::{BACKUP_FORMAT, DATA_DIR_ENV, Store, new_id, shown_name};
pub use summary::{
    FileState, Listed, People, Progress, Shelf, Summary, one_per_session, played, rated,
    session_over,
};
pub use sync::{Kept, Merging, copies_of, copy_of, kept_path, merge_copies, pending_copies};
pub use table::{TableDoc, TableOp, TableRefused, evening_of};
pub use write::{write_atomic, write_new, write_new_with};

#[cfg(test)]
mod tests {
    use super::StoreError;
    use marque_core::i18n::Lang;

    /// An error is worded once, in the locale files: what it displays (in logs) is its English
    /// words, and a system error is said by its kind, never by the system's text.
    #[test]
    fn an_error_displays_its_english_words() {
        let full = StoreError::Io(std::io::Error::from_raw_os_error(28));
        for e in [
            full,
            StoreError::Changed,
            StoreError::Newer(7),
            StoreError::TooLarge,
        ] {
            let en = e.msg(None).render(Lang::En);
            assert_eq!(e.to_string(), en, "{e:?} displays its English words");
            assert_ne!(e.msg(None).render(Lang::Fr), en, "{e:?} has French words");
        }
        let full = StoreError::Io(std::io::Error::from_raw_os_error(28));
        assert!(
            !full.to_string().contains("os error"),
            "the system's text: {full}"
        );
    }
}
