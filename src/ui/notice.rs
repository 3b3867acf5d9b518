//! What the table is told: notices rendered when shown (they follow a change of language), and
//! storage errors and problems said in the reader's language.

use marque_core::games::GameKind;
use marque_core::i18n::msg;
use marque_core::i18n::{Lang, Msg};
use marque_core::session::Problem;
use marque_store::StoreError;
use marque_store::document::DocError;

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
        // A damaged file's problems, each with where it is.
        StoreError::Damaged(p) => render_problems(p, lang, None),
        e => e.msg(None).render(lang),
    }
}

pub fn render_problems(p: &[Problem], lang: Lang, game: Option<GameKind>) -> String {
    p.iter()
        .map(|p| p.for_people(lang, game))
        .collect::<Vec<_>>()
        .join("\n")
}

/// An error of the document in words (`refused`: the key a refusal is said under, with the
/// problems as `why`); nothing for an operation that had nothing to do.
pub(super) fn doc_notice(
    e: DocError,
    game: marque_core::games::GameKind,
    refused: Option<&'static str>,
) -> Option<Notice> {
    match e {
        DocError::Refused(p) => Some(Notice::new(move |lang| {
            let why = render_problems(&p, lang, Some(game));
            match refused {
                Some(key) => msg!(key, why = why).render(lang),
                None => why,
            }
        })),
        DocError::NotSaved(e) | DocError::Store(e) => Some(store_notice(e)),
        DocError::Nothing => None,
        e @ (DocError::ReadOnly(_) | DocError::Unsaved) => Some(e.msg().into()),
    }
}
