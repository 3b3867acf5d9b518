//! A session's sheet as a table, one row per hand, for spreadsheets (`marque export --format
//! csv`): `hand`, `label`, then for each side in `sides` order its points for the hand and its
//! standing after it.
//!
//! The standing is the one `marque score` gives in `totals`, so the last row equals it. Truc is
//! the one game whose totals count manches, not points ([`crate::games::Face::STANDING_APART`]):
//! each side then has three columns, the deal's points, the manche's points after it, and the
//! manches won after it.

use crate::i18n::{Lang, Msg};
use crate::session::{Problem, Session};

/// A text cell as a spreadsheet will not run it: one starting with `=`, `+`, `-` or `@` (a
/// player named `=cmd|…`) gets a `'` before it. Numbers are written as numbers.
fn text_cell(text: String) -> String {
    if text.starts_with(['=', '+', '-', '@']) {
        format!("'{text}")
    } else {
        text
    }
}

/// The header of `session`'s table.
pub fn header(session: &Session) -> Vec<String> {
    let game = session.game;
    let mut header = vec!["hand".to_string(), "label".to_string()];
    for side in session.sides() {
        header.push(text_cell(side.clone()));
        if game.standing_apart() {
            header.push(text_cell(format!("{side} points")));
        }
        header.push(text_cell(format!("{side} {}", game.total_column())));
    }
    header
}

/// Each row of `session`'s table in turn, labels in `lang`, as the session is played again (the
/// table is never held); stops at a hand refused, with its problems.
pub fn rows(
    session: &Session,
    lang: Lang,
    mut each: impl FnMut(&[String]),
) -> Result<(), Vec<Problem>> {
    let sides = session.sides().len();
    let apart = session.game.standing_apart();
    let mut cells = Vec::with_capacity(2 + 3 * sides);
    let end = crate::view::each_row(session, |row, p| {
        // The standing after each hand is the game's own.
        let totals = p.after.totals();
        cells.clear();
        cells.push((row.index + 1).to_string());
        cells.push(text_cell(row.label.render(lang)));
        for (s, cell) in row.cells.iter().enumerate() {
            // A seat not at the table for this entry (before it came, after it left): blank,
            // as the text sheet and the PDF leave it.
            if cell.absent {
                cells.extend(std::iter::repeat_n(
                    String::new(),
                    if apart { 3 } else { 2 },
                ));
                continue;
            }
            cells.push(cell.points.to_string());
            if apart {
                cells.push(cell.standing.to_string());
            }
            cells.push(totals.get(s).copied().unwrap_or(0).to_string());
        }
        each(&cells);
    })?;
    // Points scored when the session was closed (bridge's unfinished rubber) belong to no
    // hand: a last row, so that the last totals are the session's.
    if !end.closing.is_empty() {
        let mut delta = vec![0; sides];
        for l in &end.closing {
            delta[l.side] += l.points;
        }
        cells.clear();
        cells.push(String::new());
        cells.push(Msg::new("export.closing").render(lang));
        for s in 0..sides {
            cells.push(delta[s].to_string());
            if apart {
                cells.push(end.totals[s].to_string());
            }
            cells.push(end.totals[s].to_string());
        }
        each(&cells);
    }
    Ok(())
}
