//! An evening of several tables read from its folder (`club-format.md`): the evening file and
//! the table files it names beside it, each read as it is now (absent, unreadable or read),
//! then scored by the core: what the window's evening screen and `marque evening` show.

use std::path::Path;

use marque_core::club::{self, At, Problems, TableFile};
use marque_core::i18n::{Msg, msg};

use crate::files::read_file;
use crate::limits::MAX_SESSION_BYTES;

/// The evening at `path`, scored from the files its folder holds now.
pub fn read_evening(path: &Path) -> Result<serde_json::Value, Problems> {
    score_evening(path).map(club::Scored::into_value)
}

/// As [`read_evening`], its output not yet made whole (`marque evening` writes it as it is
/// made).
pub fn score_evening(path: &Path) -> Result<club::Scored, Problems> {
    let evening = match read_json(path) {
        TableFile::Read(v) => v,
        TableFile::Absent => {
            let m = msg!(
                "club.err.unreadable",
                error = Msg::new("file.no_such_session")
            );
            return Err(vec![(At::Evening, m)]);
        }
        TableFile::Unreadable(m) => return Err(vec![(At::Evening, m)]),
    };
    let folder = path.parent().unwrap_or(Path::new("."));
    club::scored(&evening, &|name: &str| table_file(&folder.join(name)))
}

/// A table's file of the evening: as [`read_json`], but a symbolic link in its place is not
/// followed (it could lead out of the folder, to a file no table of this evening wrote).
fn table_file(path: &Path) -> TableFile {
    match std::fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => {
            TableFile::Unreadable(Msg::new("club.err.table_link"))
        }
        _ => read_json(path),
    }
}

/// A file of the evening as it is now: absent, unreadable (with why), or its JSON.
pub fn read_json(path: &Path) -> TableFile {
    if std::fs::symlink_metadata(path).is_err() {
        return TableFile::Absent;
    }
    let unreadable = |error: Msg| TableFile::Unreadable(msg!("club.err.unreadable", error = error));
    match read_file(path, MAX_SESSION_BYTES) {
        Err(e) => unreadable(e.msg(None)),
        Ok(bytes) => match serde_json::from_slice(&bytes) {
            Ok(v) => TableFile::Read(v),
            Err(e) => unreadable(marque_core::i18n::json_error(&e)),
        },
    }
}

/// Writes a new evening into a folder of its own in the data folder, named `id`: the evening
/// file and each table's, each written whole and new (never over a file there). Returns the
/// evening file's path.
pub fn create_evening(
    store: &crate::store::Store,
    id: &str,
    proposed: &club::Proposed,
) -> Result<std::path::PathBuf, crate::error::StoreError> {
    let folder = store.dir.join(id);
    if std::fs::symlink_metadata(&folder).is_ok() {
        return Err(crate::error::StoreError::Exists(folder));
    }
    std::fs::create_dir_all(&folder).map_err(crate::error::StoreError::Write)?;
    let pretty = |v: &serde_json::Value| {
        format!("{}\n", serde_json::to_string_pretty(v).unwrap_or_default())
    };
    for (name, v) in &proposed.tables {
        crate::write::write_new(&folder.join(name), pretty(v).as_bytes())
            .map_err(crate::error::StoreError::Write)?;
    }
    let (name, v) = &proposed.evening;
    let path = folder.join(name);
    crate::write::write_new(&path, pretty(v).as_bytes())
        .map_err(crate::error::StoreError::Write)?;
    Ok(path)
}
