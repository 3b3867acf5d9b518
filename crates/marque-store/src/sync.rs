//! A data folder shared between machines (Syncthing): what stays on one machine (`.stignore`),
//! the conflict copies Syncthing leaves, and their merge into the session by the edit logs.

use std::fs;
use std::path::{Path, PathBuf};

use marque_core::i18n::Msg;
use marque_core::i18n::msg;
use marque_core::merge::{self, Copy};

use crate::error::StoreError;
use crate::lock::Lock;
use crate::save::read_decoded;
use crate::save::save;
use crate::stamp::Stamp;
use crate::store::Store;
use crate::summary::Shelf;

/// What a copy Marque keeps beside a session is named after, in place of Syncthing's machine
/// id: an entry kept aside on this machine (its file had changed meanwhile) or a backup's
/// version put back beside a different file. Shorter than a Syncthing short id (seven
/// characters), so never one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kept {
    Aside,
    Restored,
}

impl Kept {
    /// The tag its name carries where Syncthing's carry the machine's id.
    pub const fn tag(self) -> &'static str {
        match self {
            Kept::Aside => "KEPT",
            Kept::Restored => "BACKUP",
        }
    }
}

/// A path for a copy of the session at `path` kept beside it, named as a conflict copy
/// (`NAME.sync-conflict-20261201-213000-KEPT.json`), so that every reader finds it as one: the
/// check (a conflict), the home list (its merge key), `marque merge` and the window's merge.
/// Never an existing file's.
pub fn kept_path(path: &Path, kept: Kept) -> PathBuf {
    let dir = path.parent().unwrap_or(Path::new("."));
    let stem = path
        .file_stem()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let now = chrono::Local::now().format("%Y%m%d-%H%M%S");
    let mut k = 1;
    loop {
        let tag = match k {
            1 => kept.tag().to_string(),
            k => format!("{}{k}", kept.tag()),
        };
        let p = dir.join(format!("{stem}.sync-conflict-{now}-{tag}.json"));
        if std::fs::symlink_metadata(&p).is_err() {
            return p;
        }
        k += 1;
    }
}

/// The session a Syncthing conflict copy is of: `NAME.sync-conflict-20261125-213000-ABCDEFG.json`
/// gives `NAME.json`.
pub fn copy_of(file_name: &str) -> Option<String> {
    let stem = file_name.strip_suffix(".json")?;
    let (name, rest) = stem.rsplit_once(".sync-conflict-")?;
    let mut parts = rest.splitn(3, '-');
    let (date, time) = (parts.next()?, parts.next()?);
    let digits = |s: &str, n: usize| s.len() == n && s.bytes().all(|b| b.is_ascii_digit());
    (!name.is_empty() && digits(date, 8) && digits(time, 6) && parts.next().is_some())
        .then(|| format!("{name}.json"))
}

/// The conflict copies of the session at `path`, oldest name first.
pub fn copies_of(path: &Path) -> Vec<PathBuf> {
    let (Some(dir), Some(name)) = (path.parent(), path.file_name().and_then(|n| n.to_str())) else {
        return Vec::new();
    };
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    let Ok(rd) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut out: Vec<PathBuf> = rd
        .filter_map(|e| e.ok())
        .filter(|e| {
            e.file_name()
                .to_str()
                .and_then(copy_of)
                .is_some_and(|of| of == name)
        })
        .map(|e| e.path())
        .collect();
    out.sort();
    out
}

/// What merging a session's conflict copies came to.
#[derive(Debug)]
pub enum Merging {
    /// Merged and saved (or nothing to merge).
    Merged(Box<MergedCopies>),
    /// Choices for the players: nothing was written.
    Choices(Box<merge::Pending>),
    /// The copies do not merge (why, in words, for the copies' names): nothing was written.
    Refused(merge::Error, Vec<String>),
}

/// A merge done: what became of each copy.
#[derive(Debug, Default)]
pub struct MergedCopies {
    /// The session file's stamp as written.
    pub stamp: Option<Stamp>,
    /// The copies merged, now in the trash (where each went).
    pub trashed: Vec<PathBuf>,
    /// Copies merged that could not be moved to the trash (they stay; merged again, they add
    /// nothing twice), with why.
    pub left: Vec<(PathBuf, Msg)>,
    /// Copies that were other sessions, under a name of their own now.
    pub apart: Vec<PathBuf>,
    /// Copies that do not read as sessions, moved to `damaged/` (where each went).
    pub aside: Vec<PathBuf>,
    /// Copies from a newer Marque, with its version: left where they are, for the machine that
    /// wrote them to merge (never merged here, never said merged).
    pub newer: Vec<(PathBuf, u64)>,
    /// Copies that changed while they were merged: left where they are, to merge again.
    pub changed: Vec<PathBuf>,
    /// How many copies were merged into the session (none: whatever is said of the others,
    /// nothing was merged).
    pub merged: usize,
    /// The copies' changes applied, and the choices made.
    pub applied: usize,
    pub chosen: usize,
    /// Words that no longer stand after the merge (said of a version not kept).
    pub lapsed: usize,
}

impl MergedCopies {
    /// What was done, a sentence each: merged (or nothing to merge), the choices made, the
    /// copies moved apart or aside, and those left where they were, with why.
    pub fn lines(&self) -> Vec<Msg> {
        let shown = |p: &Path| p.display().to_string();
        // Only what was merged is said merged: a copy from a newer Marque, another session or
        // a damaged file is said on its own line, never counted as a copy merged.
        let mut out = vec![if self.merged == 0 {
            if self.changed.is_empty() {
                Msg::new("merge.nothing")
            } else {
                Msg::new("merge.changed_head")
            }
        } else {
            msg!("merge.done", copies = self.merged, applied = self.applied)
        }];
        if !self.trashed.is_empty() {
            out.push(msg!("merge.trashed", copies = self.trashed.len()));
        }
        if self.chosen > 0 {
            out.push(msg!("merge.chosen", chosen = self.chosen));
        }
        if self.lapsed > 0 {
            out.push(msg!("merge.lapsed", words = self.lapsed));
        }
        out.extend(
            self.apart
                .iter()
                .map(|p| msg!("merge.apart", file = shown(p))),
        );
        out.extend(
            self.aside
                .iter()
                .map(|p| msg!("merge.aside", file = shown(p))),
        );
        out.extend(
            self.changed
                .iter()
                .map(|p| msg!("merge.changed", file = shown(p))),
        );
        out.extend(self.newer.iter().map(|(p, version)| {
            let why = msg!("merge.newer_copy", version = *version);
            msg!("merge.newer_line", file = shown(p), why = why)
        }));
        out.extend(
            self.left
                .iter()
                .map(|(p, why)| msg!("merge.left", file = shown(p), why = why.clone())),
        );
        out
    }
}

/// The session at `path` and its conflict copies as they are now, read, not scored (a merge
/// scores the session it makes, once): those of the session, those of another session (another
/// id), those that do not read; each copy's name, the session's first.
struct Gathered {
    main: marque_core::session::Session,
    main_stamp: Stamp,
    copies: Vec<(PathBuf, marque_core::session::Session, Stamp)>,
    apart: Vec<PathBuf>,
    damaged: Vec<(PathBuf, Option<Stamp>)>,
    /// Copies written by a newer Marque: left where they are, for that machine to merge.
    newer: Vec<(PathBuf, u64)>,
    names: Vec<String>,
}

fn gather(path: &Path) -> Result<Gathered, StoreError> {
    let (main, main_stamp) = read_decoded(path)?;
    let mut copies = Vec::new();
    let (mut apart, mut damaged, mut newer) = (Vec::new(), Vec::new(), Vec::new());
    for p in copies_of(path) {
        // As it was before it was read: a copy that does not read is moved aside only if it
        // is still that file (a good one renamed over it since stays).
        let before = Stamp::of_path(&p).ok();
        let (loaded, stamp) = match read_decoded(&p) {
            Ok(read) => read,
            // Not damaged: a newer Marque's, which that machine merges (moved to `damaged/`,
            // Syncthing would carry the move to it).
            Err(StoreError::Newer(v)) => {
                newer.push((p, v));
                continue;
            }
            Err(_) => {
                damaged.push((p, before));
                continue;
            }
        };
        let other = loaded.id.is_some() && main.id.is_some() && loaded.id != main.id;
        if other {
            apart.push(p);
        } else {
            copies.push((p, loaded, stamp));
        }
    }
    let names: Vec<String> = std::iter::once(path)
        .chain(copies.iter().map(|(p, _, _)| p.as_path()))
        .map(|p| {
            p.file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default()
        })
        .collect();
    Ok(Gathered {
        main,
        main_stamp,
        copies,
        apart,
        damaged,
        newer,
        names,
    })
}

/// The session and its copies of it, each with its name, as a merge takes them.
fn copies_to_merge<'a>(
    main: &'a marque_core::session::Session,
    copies: &'a [(PathBuf, marque_core::session::Session, Stamp)],
    names: &'a [String],
) -> Vec<Copy<'a>> {
    std::iter::once(main)
        .chain(copies.iter().map(|(_, l, _)| l))
        .zip(names)
        .map(|(session, name)| Copy { name, session })
        .collect()
}

/// The choices a merge of the copies of `path` meets now with `picks` (none: nothing to merge,
/// or nothing to choose), without writing anything: what `marque merge --seen` compares with
/// the choices the players read.
pub fn pending_copies(
    path: &Path,
    picks: &[usize],
) -> Result<Option<Box<merge::Pending>>, StoreError> {
    let g = gather(path)?;
    let sessions = copies_to_merge(&g.main, &g.copies, &g.names);
    if sessions.len() < 2 {
        return Ok(None);
    }
    Ok(merge::pending(&sessions, picks).ok())
}

/// Merges the conflict copies of the session at `path` into it, holding `lock` (the session's):
/// `picks` choose where copies changed one hand differently. Nothing is written unless the merge
/// is whole; then the session is saved, the log records the merge, the copies merged go to
/// `trash/` (never deleted), a copy that is another session (another id: two machines made
/// sessions of the same name) gets a name of its own, and a copy that does not read goes to
/// `damaged/`.
///
/// `expect`: the choices the picks were made on (the app's dialog). When the copies now give
/// other choices (a copy came or changed meanwhile), they are returned to be made again rather
/// than picks applied to other hands.
pub fn merge_copies(
    store: &Store,
    path: &Path,
    lock: &Lock,
    picks: &[usize],
    expect: Option<&[merge::Choice]>,
    now: &str,
) -> Result<Merging, StoreError> {
    lock.hold()?;
    let Gathered {
        main,
        main_stamp,
        copies,
        apart,
        damaged,
        newer,
        names,
    } = gather(path)?;
    let sessions = copies_to_merge(&main, &copies, &names);
    let mut done = MergedCopies::default();
    if sessions.len() > 1 {
        // Picks apply only to the choices they were made on: every choice these picks meet
        // now (clashes included) must be those.
        if let Some(expect) = expect
            && let Ok(p) = merge::pending(&sessions, picks)
            && p.choices != expect
        {
            return Ok(Merging::Choices(p));
        }
        let merged = match merge::merge(&sessions, picks, now) {
            Ok(m) => m,
            Err(merge::Error {
                kind: merge::ErrorKind::Choices(p),
            }) => return Ok(Merging::Choices(p)),
            Err(e) => return Ok(Merging::Refused(e, names)),
        };
        done.stamp = Some(save(path, &merged.session, main_stamp, lock)?);
        done.merged = sessions.len() - 1;
        done.applied = merged.applied;
        done.chosen = merged.chosen;
        done.lapsed = merged.lapsed;
        // The session is saved: what follows only tidies the copies, and says what it could not.
        // A copy goes to the trash only if it is still the file read and merged: one that
        // changed meanwhile (a newer copy renamed into place) stays, to be merged in turn.
        for (p, _, stamp) in &copies {
            match store.shelve_if(p, Shelf::Trash, Some(*stamp)) {
                Ok(to) => done.trashed.push(to),
                Err(StoreError::Changed) => done.changed.push(p.clone()),
                Err(e) => done.left.push((p.clone(), e.msg(None))),
            }
        }
    }
    for p in apart {
        match move_apart(store, &p) {
            Ok(to) => done.apart.push(to),
            Err(e) => done.left.push((p, e.msg(None))),
        }
    }
    for (p, version) in newer {
        done.newer.push((p, version));
    }
    for (p, stamp) in damaged {
        // A good copy renamed over the damaged one since stays, to be merged in turn.
        match store.move_aside_if(&p, stamp) {
            Ok(to) => done.aside.push(to),
            Err(StoreError::Changed) => done.changed.push(p),
            Err(e) => done.left.push((p, e.msg(None))),
        }
    }
    Ok(Merging::Merged(Box::new(done)))
}

/// A conflict copy that is another session, under a name of its own beside it (never over a
/// file: linked under a free name, the next one tried when one appears meanwhile).
fn move_apart(store: &Store, copy: &Path) -> Result<PathBuf, StoreError> {
    let _lock = Lock::acquire(copy)?;
    let dir = copy.parent().unwrap_or(&store.dir);
    let stem = copy
        .file_name()
        .and_then(|n| n.to_str())
        .and_then(copy_of)
        .unwrap_or_else(|| "session.json".into());
    let stem = stem.trim_end_matches(".json");
    for _ in 0..100 {
        let dest = Store::new(dir).new_path(&format!("{stem}-2"));
        match fs::hard_link(copy, &dest) {
            Ok(()) => {
                fs::remove_file(copy)?;
                return Ok(dest);
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(StoreError::Write(e)),
        }
    }
    Err(StoreError::Exists(copy.to_path_buf()))
}
