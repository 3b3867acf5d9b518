//! Where a session's file is, as the listing names it, and the session read from it: found by
//! its path segment, followed only as its own file (never a link), known as being written in
//! place when the listing sees it not reading a moment after it did; read again only where the
//! file changed since.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use super::super::live;
use super::super::pages::{self, Listing};
use super::Routes;

/// The most sessions kept read for the phones' pages (all forgotten at once past it).
const LOADED_AT_MOST: usize = 4;

impl Routes {
    /// Session `id`'s file read and scored, as the listing names it, and its path: read again
    /// only where the file changed since (a phone reloading its page a thousand times reads
    /// its session once).
    pub(super) fn load_at(&self, id: &str) -> Option<(PathBuf, Arc<marque_store::Loaded>)> {
        let (_, path) = self.find(&self.hub.listing(), &pages::segment(id))?;
        let now = marque_store::Stamp::of_path(&path).ok()?;
        let kept = self
            .loaded
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&path)
            .cloned();
        if let Some(l) = kept.filter(|l| l.stamp == now) {
            return Some((path, l));
        }
        let l = Arc::new(marque_store::read_session(&path).ok()?);
        let mut loaded = self.loaded.lock().unwrap_or_else(|e| e.into_inner());
        if loaded.len() >= LOADED_AT_MOST {
            loaded.clear();
        }
        loaded.insert(path.clone(), l.clone());
        Some((path, l))
    }

    /// Session `id` as [`Routes::load_at`] reads it.
    pub(super) fn load(&self, id: &str) -> Option<Arc<marque_store::Loaded>> {
        self.load_at(id).map(|(_, l)| l)
    }

    /// The file of session `id` (its path segment), as the listing names it.
    pub(super) fn find(&self, listing: &Listing, id: &str) -> Option<(String, PathBuf)> {
        let found = marque_store::one_per_session(&listing.listed).find_map(|l| match &l.state {
            marque_store::FileState::Fine(s) => {
                s.id.as_deref()
                    .filter(|i| pages::segment(i) == id)
                    .map(|i| (i.to_string(), l.path.clone()))
            }
            _ => None,
        });
        // A file turned into a link since it was listed is not followed either.
        let found = found.filter(|(_, p)| live::own_file(p));
        if let Some((_, p)) = &found {
            let mut seen = self.seen.lock().unwrap_or_else(|e| e.into_inner());
            seen.insert(id.to_string(), p.clone());
        }
        found
    }

    /// Whether session `id` (its path segment), not found reading, is a file it was found in
    /// before that the listing now sees not reading, written a moment ago: being written in
    /// place.
    pub(super) fn being_written(&self, listing: &Listing, id: &str) -> bool {
        let path = {
            let seen = self.seen.lock().unwrap_or_else(|e| e.into_inner());
            match seen.get(id) {
                Some(p) => p.clone(),
                None => return false,
            }
        };
        // Written in the last half minute: a file that stays damaged is not said to be on its
        // way for ever (it is gone, as the listing has it).
        let recent = std::fs::metadata(&path)
            .and_then(|m| m.modified())
            .is_ok_and(|t| t.elapsed().is_ok_and(|e| e < Duration::from_secs(30)));
        recent
            && live::own_file(&path)
            && listing
                .listed
                .iter()
                .any(|l| l.path == path && !matches!(l.state, marque_store::FileState::Fine(_)))
    }
}
