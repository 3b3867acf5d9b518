//! The evening of several tables on the room's phones (issue 51): the evenings of the folder
//! listed, and each evening's page (its rankings, the match or the Tarot tables, each board's
//! traveller folded under its heading, the score cards), read-only, following the folder live:
//! each page is sent the evening again whenever a file of the folder changes and what it shows
//! changed. Every text escaped; an evening is found by the folder's own listing (a
//! subfolder's name, never a path from outside, never through a link).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use bytes::Bytes;
use tokio::sync::mpsc::{Receiver, Sender};

use super::pages::{Base, escape, page, segment};
use marque_core::club::{self, Card, Part};
use marque_core::i18n::{Lang, tr};
use marque_store::Store;

/// How many events a slow page may have waiting before it is let go.
const QUEUE: usize = 8;

/// The evenings of `folder`: each by its subfolder's name (its file's name where it is in the
/// folder itself), its evening file and its title
/// (links left out: another machine of a share may plant one).
pub fn evenings(folder: &Path) -> Vec<(String, PathBuf, String)> {
    Store::new(folder.to_path_buf())
        .evenings()
        .into_iter()
        .filter(|(p, _)| std::fs::symlink_metadata(p).is_ok_and(|m| !m.file_type().is_symlink()))
        .filter_map(|(p, title)| Some((name_of(folder, &p)?, p, title)))
        .fold(Vec::new(), |mut all: Vec<(String, PathBuf, String)>, e| {
            // One evening a name: an evening put in the folder itself gives way to the folder
            // of the same name (its page would be out of reach).
            match all.iter().position(|(n, _, _)| *n == e.0) {
                Some(k) if e.1.parent() != Some(folder) => all[k] = e,
                Some(_) => {}
                None => all.push(e),
            }
            all
        })
}

/// The name the room gives the evening at `path` in `folder`: its folder's name; one put in
/// the data folder itself, its file's.
pub fn name_of(folder: &Path, path: &Path) -> Option<String> {
    Some(match path.parent() == Some(folder) {
        true => path
            .file_name()?
            .to_string_lossy()
            .trim_end_matches(".evening.json")
            .to_string(),
        false => path.parent()?.file_name()?.to_string_lossy().into_owned(),
    })
}

/// The evening file of the evening whose path segment is `name` in `folder`, by the folder's
/// listing.
pub fn find(folder: &Path, name: &str) -> Option<(PathBuf, String)> {
    evenings(folder)
        .into_iter()
        .find(|(n, _, _)| segment(n) == name)
        .map(|(_, p, t)| (p, t))
}

/// What `<main>` holds of the evening at `path`: its title, then its sections and score cards;
/// or its problems, in words.
pub fn main(base: &Base, path: &Path, title: &str) -> String {
    let lang = base.lang;
    let mut out = format!("<h1>{}</h1>", escape(title));
    match marque_store::score_evening(path) {
        Err(problems) => {
            out.push_str(&format!(
                "<p>{}</p><ul>",
                escape(&tr(lang, "web.evening.problems"))
            ));
            for (at, m) in problems {
                let line = format!("{}: {}", at.prefix(), m.render(lang));
                out.push_str(&format!("<li>{}</li>", escape(&line)));
            }
            out.push_str("</ul>");
        }
        Ok(scored) => {
            let mut travellers = false;
            for (part, c) in club::sections(&scored, lang) {
                match part {
                    Part::Headline => {
                        for l in c.title.lines() {
                            out.push_str(&format!("<p class=\"mine\">{}</p>", escape(l)));
                        }
                    }
                    Part::Traveller => {
                        if !travellers {
                            travellers = true;
                            let h = tr(lang, "club.view.travellers");
                            out.push_str(&format!("<h2>{}</h2>", escape(&h)));
                        }
                        folded(&mut out, &c);
                    }
                    Part::Ranking | Part::Boards => {
                        out.push_str(&format!("<h2>{}</h2>", escape(&c.title)));
                        table(&mut out, &c);
                    }
                }
            }
            let cards = club::score_cards(&scored, lang);
            if !cards.is_empty() {
                let h = tr(lang, "club.view.score_cards");
                out.push_str(&format!("<h2>{}</h2>", escape(&h)));
                for c in &cards {
                    folded(&mut out, c);
                }
            }
        }
    }
    out
}

/// A card folded under its title.
fn folded(out: &mut String, c: &Card) {
    out.push_str(&format!("<details><summary>{}</summary>", escape(&c.title)));
    table(out, c);
    if let Some(f) = &c.foot {
        out.push_str(&format!("<p><strong>{}</strong></p>", escape(f)));
    }
    out.push_str("</details>");
}

/// A card's table, scrolling across on its own where a phone is too narrow for it.
fn table(out: &mut String, c: &Card) {
    out.push_str("<div class=\"wide\"><table class=\"count club\"><thead><tr>");
    for h in &c.head {
        out.push_str(&format!("<th scope=\"col\">{}</th>", escape(h)));
    }
    out.push_str("</tr></thead><tbody>");
    for r in &c.rows {
        out.push_str("<tr>");
        for cell in r {
            // A figure ("66,67 %", "4 / 6", "−90") is never broken across lines; a name may be.
            let figure = cell
                .chars()
                .all(|c| c.is_ascii_digit() || ",.−-+/%= \u{a0}".contains(c));
            let class = if figure { " class=\"n\"" } else { "" };
            out.push_str(&format!("<td{class}>{}</td>", escape(cell)));
        }
        out.push_str("</tr>");
    }
    out.push_str("</tbody></table></div>");
}

/// The evening's whole page, following its events.
pub fn evening_page(base: &Base, name: &str, path: &Path, title: &str) -> String {
    let events = format!(
        "{}/e/{}/events?lang={}",
        base.root,
        segment(name),
        base.lang_code()
    );
    page(base, title, &main(base, path, title), Some(&events))
}

/// An event carrying the evening's `<main>` whole.
fn change(html: &str) -> Bytes {
    let data = serde_json::json!({ "html": html });
    Bytes::from(format!("event: change\ndata: {data}\n\n"))
}

/// The pages following each evening, and what each language was last sent.
#[derive(Default)]
pub struct Following {
    evenings: Mutex<HashMap<String, Followed>>,
}

struct Followed {
    path: PathBuf,
    title: String,
    /// Each language's `<main>` as last sent.
    sent: Vec<(Lang, String)>,
    pages: Vec<(Lang, Sender<Bytes>)>,
}

impl Following {
    /// A page starts following the evening `name` (its file `path`): sent the evening as it
    /// is now, then each change.
    pub fn follow(
        &self,
        root: &str,
        name: &str,
        (path, title): (PathBuf, String),
        lang: Lang,
    ) -> Receiver<Bytes> {
        let (tx, rx) = tokio::sync::mpsc::channel(QUEUE);
        let base = Base {
            root: root.to_string(),
            lang,
        };
        let html = main(&base, &path, &title);
        tx.try_send(change(&html)).ok();
        let mut all = self.evenings.lock().unwrap_or_else(|e| e.into_inner());
        let f = all.entry(name.to_string()).or_insert_with(|| Followed {
            path,
            title,
            sent: Vec::new(),
            pages: Vec::new(),
        });
        f.pages.retain(|(_, t)| !t.is_closed());
        f.sent.retain(|(l, _)| *l != lang);
        f.sent.push((lang, html));
        f.pages.push((lang, tx));
        rx
    }

    /// A file of the folder changed: each evening followed is read again, once a language,
    /// and its pages sent it where it changed (a page too slow is let go: it reconnects). The
    /// files are read with the list let go: a page that starts following meanwhile waits for
    /// no reading.
    pub fn changed(&self, root: &str) {
        let wanted: Vec<(String, PathBuf, String, Vec<Lang>)> = {
            let mut all = self.evenings.lock().unwrap_or_else(|e| e.into_inner());
            all.retain(|_, f| {
                f.pages.retain(|(_, t)| !t.is_closed());
                !f.pages.is_empty()
            });
            all.iter()
                .map(|(name, f)| {
                    let mut langs: Vec<Lang> = f.pages.iter().map(|(l, _)| *l).collect();
                    langs.sort_by_key(|l| *l as u8);
                    langs.dedup();
                    (name.clone(), f.path.clone(), f.title.clone(), langs)
                })
                .collect()
        };
        for (name, path, title, langs) in wanted {
            let read: Vec<(Lang, String)> = langs
                .into_iter()
                .map(|lang| {
                    let base = Base {
                        root: root.to_string(),
                        lang,
                    };
                    (lang, main(&base, &path, &title))
                })
                .collect();
            let mut all = self.evenings.lock().unwrap_or_else(|e| e.into_inner());
            let Some(f) = all.get_mut(&name) else {
                continue;
            };
            for (lang, html) in read {
                if f.sent.iter().any(|(l, h)| *l == lang && *h == html) {
                    continue;
                }
                let e = change(&html);
                f.pages
                    .retain(|(l, t)| *l != lang || t.try_send(e.clone()).is_ok());
                f.sent.retain(|(l, _)| *l != lang);
                f.sent.push((lang, html));
            }
        }
    }

    /// Every page let go (sharing stops).
    pub fn close(&self) {
        self.evenings
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clear();
    }
}
