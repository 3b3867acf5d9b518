//! What the table is told: notices rendered when shown (they follow a change of language), and
//! storage errors and problems said in the reader's language.

use super::App;
use crate::games::GameKind;
use crate::i18n::{Lang, Msg, tr};
use crate::session::Problem;
use crate::store::{self, StoreError};
use marque_core::msg;

/// A message for the table, shown until it is dismissed: rendered when shown, so that it
/// follows a change of language.
#[derive(Clone)]
pub struct Notice(std::rc::Rc<dyn Fn(Lang) -> String>);

impl Notice {
    pub fn new(text: impl Fn(Lang) -> String + 'static) -> Notice {
        Notice(std::rc::Rc::new(text))
    }

    pub fn render(&self, lang: Lang) -> String {
        (self.0)(lang)
    }
}

impl From<Msg> for Notice {
    fn from(m: Msg) -> Notice {
        Notice::new(move |lang| m.render(lang))
    }
}

/// A storage error as a notice.
pub(super) fn store_notice(e: StoreError) -> Notice {
    Notice::new(move |lang| store_error(&e, lang))
}

pub(super) fn store_error(e: &StoreError, lang: Lang) -> String {
    match e {
        StoreError::Damaged(p) => render_problems(p, lang, None),
        StoreError::Newer(v) => msg!("store.newer", version = *v).render(lang),
        StoreError::Locked(note) => {
            msg!("store.locked", note = store::lock_note(note)).render(lang)
        }
        StoreError::Io(e) => msg!("ui.io_error", error = e.to_string()).render(lang),
        StoreError::Changed => tr(lang, "store.changed"),
        StoreError::ReadOnly => tr(lang, "store.read_only_here"),
        StoreError::Exists(p) => msg!("export.exists", file = p.display().to_string()).render(lang),
        StoreError::NotBackup(p) => {
            msg!("backup.not_backup", file = p.display().to_string()).render(lang)
        }
        StoreError::Write(e) => store::write_problem("", e).render(lang),
        StoreError::Lock(e) => store::lock_problem("", e).render(lang),
        StoreError::TooLarge => {
            msg!("store.too_large", limit = store::MAX_SESSION_BYTES >> 20).render(lang)
        }
    }
}

pub fn render_problems(p: &[Problem], lang: Lang, game: Option<GameKind>) -> String {
    p.iter()
        .map(|p| p.for_people(lang, game))
        .collect::<Vec<_>>()
        .join("\n")
}

impl App {
    /// A storage error in the reader's language.
    pub(super) fn store_error(&self, e: &StoreError) -> String {
        store_error(e, self.lang())
    }
}
