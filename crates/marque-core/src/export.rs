//! A session's sheet as a table, one row per hand, for spreadsheets (`marque export --format
//! csv`): `hand`, `label`, then for each side in `sides` order its points for the hand and its
//! standing after it.
//!
//! The standing is the one `marque score` gives in `totals`, so the last row equals it. Truc is
//! the one game whose totals count manches, not points: each side then has three columns, the
//! deal's points, the manche's points after it, and the manches won after it.

use crate::games::HandInfo;
use crate::i18n::{Lang, Msg};
use crate::session::{Replay, Session, Sheet};

/// The header and the rows, every cell as text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    pub header: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

/// A text cell as a spreadsheet will not run it: one starting with `=`, `+`, `-` or `@` (a
/// player named `=cmd|…`) gets a `'` before it. Numbers are written as numbers.
fn text_cell(text: String) -> String {
    if text.starts_with(['=', '+', '-', '@']) {
        format!("'{text}")
    } else {
        text
    }
}

/// The table of `session`, whose sheet is `sheet`; labels in `lang`.
pub fn table(session: &Session, sheet: &Sheet, lang: Lang) -> Table {
    let truc = matches!(sheet.live, crate::games::Live::Truc(_));
    let mut header = vec!["hand".to_string(), "label".to_string()];
    for side in &sheet.sides {
        header.push(text_cell(side.clone()));
        if truc {
            header.push(text_cell(format!("{side} points")));
            header.push(text_cell(format!("{side} manches")));
        } else {
            header.push(text_cell(format!("{side} total")));
        }
    }
    // The standing after each hand is the game's own: played again, hand by hand.
    let mut replay = Replay::new(&session.options, &session.players);
    let mut rows = Vec::with_capacity(sheet.hands.len() + 1);
    for (i, (hand, row)) in session.hands.iter().zip(&sheet.hands).enumerate() {
        // The sheet was made from these hands: each plays again as it did.
        if replay.play(&hand.game).is_err() {
            break;
        }
        let totals = replay.live().totals();
        let label = text_cell(sheet.label(&session.hands, i).render(lang));
        let mut cells = vec![(i + 1).to_string(), label];
        for s in 0..sheet.sides.len() {
            cells.push(row.delta.get(s).copied().unwrap_or(0).to_string());
            if let HandInfo::Truc(t) = &row.info {
                cells.push(t.score.get(s).copied().unwrap_or(0).to_string());
            }
            cells.push(totals.get(s).copied().unwrap_or(0).to_string());
        }
        rows.push(cells);
    }
    // Points scored when the session was closed (bridge's unfinished rubber) belong to no
    // hand: a last row, so that the last totals are the session's.
    if !sheet.closing.is_empty() {
        let mut delta = vec![0; sheet.sides.len()];
        for l in &sheet.closing {
            delta[l.side] += l.points;
        }
        let mut cells = vec![String::new(), Msg::new("export.closing").render(lang)];
        for s in 0..sheet.sides.len() {
            cells.push(delta[s].to_string());
            cells.push(sheet.totals[s].to_string());
        }
        rows.push(cells);
    }
    Table { header, rows }
}
