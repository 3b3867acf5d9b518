//! A printable PDF of a session (`marque export FILE --format pdf -o OUT.pdf`): the game, the
//! players, the date, the options in force, the sheet hand by hand with each side's points and
//! standing, the totals as the table's last row, bridge's rubbers as on paper with their
//! results, and the winners.
//!
//! Laid out (`lay_out`: every text placed and measured with the font's own widths, so that
//! nothing runs past the page: long titles wrapped, up to four sides on A4 portrait, more on A4
//! landscape, the sides' columns split into groups where even that is too narrow) page by page,
//! twice: once to know the pages and the glyphs they use, once to write each page as it is
//! full (`write`), with the glyphs used of DejaVu Sans embedded (it has ♣ ♦ ♥ ♠). No more than
//! a page is held at a time, and the rows of the sheet are made one at a time from the scored
//! sheet: a session of 100,000 deals prints in bounded memory.

mod evening;
mod page;
mod pen;
mod write;

pub use evening::write_evening_pdf;
pub use page::{Font, Page, PdfError, Placed};
use pen::Pen;
pub use pen::{A4, MARGIN};

use marque_core::view::{Head, RowView};

use marque_core::session::End;

use marque_core::games::Paper;
use marque_core::i18n::msg;
use marque_core::i18n::{Lang, tr};
use marque_core::session::Session;

/// The sheet's type size, and the smallest it goes down to before the sides are split.
const SIZES: [f32; 4] = [9.0, 8.0, 7.0, 6.0];
/// Space between two columns.
const GAP: f32 = 8.0;

/// The columns of the hand table at one type size. A side's column holds its points, an
/// arrow and its standing, each figure right-aligned under the one above.
struct Columns {
    size: f32,
    number: f32,
    label: f32,
    /// The standing's part of a side's column, and the whole column.
    standing: f32,
    side: f32,
    /// The sides shown together, group by group.
    groups: Vec<std::ops::Range<usize>>,
}

/// The arrow between a hand's points and the standing after it.
const ARROW: &str = " → ";

impl Columns {
    /// The widest type size at which every side's column fits beside a readable label; at the
    /// smallest, the sides split into as few groups as fit.
    fn choose(font: &Font, src: &Source<'_>, lang: Lang, room: f32) -> Columns {
        let head = &src.head;
        let sides = head.names.len().max(1);
        let (points, standing) = (&src.widest.0, &src.widest.1);
        let widths = |size: f32| {
            let standing = font.width(standing, size).max(font.width("0000", size));
            (
                standing,
                font.width(points, size) + font.width(ARROW, size) + standing + GAP,
            )
        };
        let hands = src.session.hands.len();
        let number = |size: f32| font.width(&format!("{}", hands.max(99)), size) + GAP;
        let label_min = |size: f32| {
            let title = tr(lang, head.game.hand_title());
            font.width(&title, size)
                .max(font.width("MMMMMMMMMMMM", size))
                + GAP
        };
        let at = |size: f32, label: f32, groups| {
            let (standing, side) = widths(size);
            Columns {
                size,
                number: number(size),
                label,
                standing,
                side,
                groups,
            }
        };
        for size in SIZES {
            let (_, side) = widths(size);
            let label = room - number(size) - side * sides as f32;
            if label >= label_min(size) {
                // One group of every side.
                return at(size, label, std::iter::once(0..sides).collect());
            }
        }
        let size = SIZES[SIZES.len() - 1];
        let (_, side) = widths(size);
        let per = (((room - number(size) - label_min(size)) / side).floor() as usize).max(1);
        let groups = (0..sides)
            .step_by(per)
            .map(|s| s..(s + per).min(sides))
            .collect();
        at(size, room - number(size) - side * per as f32, groups)
    }

    /// The right edge of column `k` of a group.
    fn right(&self, k: usize) -> f32 {
        MARGIN + self.number + self.label + self.side * (k + 1) as f32
    }

    /// Writes a cell in column `k`: its points, the arrow, its standing.
    fn cell(&self, pen: &mut Pen<'_>, k: usize, cell: &marque_core::view::Cell) {
        // A seat not at the table for this entry: a blank cell, as on paper.
        if cell.absent {
            return;
        }
        let right = self.right(k);
        pen.put_right(right, self.size, &cell.standing.to_string());
        let points = right - self.standing;
        pen.put_right(points, self.size, &(cell.points_text() + ARROW));
    }
}

/// The hand table, group of sides by group: a header row (repeated on each new page), a row a
/// hand, and the totals' row.
fn table(pen: &mut Pen<'_>, src: &Source<'_>, lang: Lang) {
    let head = &src.head;
    let cols = Columns::choose(pen.font, src, lang, pen.room());
    let size = cols.size;
    let header = |pen: &mut Pen<'_>, group: &std::ops::Range<usize>, names: &[String]| {
        pen.line(size);
        pen.put(MARGIN, size, "#");
        let title = tr(lang, head.game.hand_title());
        let title = pen.font.fit(&title, size, cols.label - GAP);
        pen.put(MARGIN + cols.number, size, &title);
        for (k, s) in group.clone().enumerate() {
            let name = names.get(s).map_or("", String::as_str);
            let name = pen.font.fit(name, size, cols.side - GAP);
            pen.put_right(cols.right(k), size, &name);
        }
        pen.rule(MARGIN, cols.right(group.len() - 1));
    };
    for group in &cols.groups {
        pen.line(size);
        // The columns named by who held the seats for the rows under them: headed again
        // where a seat changes hands (a substitute, an arrival), and above the totals as the
        // sides are now (a seat that left marked).
        let mut held: Option<std::sync::Arc<Vec<String>>> = None;
        let mut names = head.names.clone();
        let mut headed = false;
        src.each_row(|row| {
            if held
                .as_ref()
                .is_none_or(|h| !std::sync::Arc::ptr_eq(h, &row.held))
            {
                let then = marque_core::text::sides_then(src.session, &row.held, lang);
                held = Some(row.held.clone());
                if !headed || then != names {
                    names = then;
                    if headed && !pen.fits(size * 2.0) {
                        pen.new_page();
                    } else if headed {
                        pen.line(size);
                    }
                    header(pen, group, &names);
                    headed = true;
                }
            }
            if !pen.fits(size) {
                pen.new_page();
                header(pen, group, &names);
            }
            pen.line(size);
            // The table's count: a table event takes no hand's number.
            let number = row
                .number()
                .map_or_else(|| "•".to_string(), |n| n.to_string());
            pen.put(MARGIN, size, &number);
            let label = row.shown(&head.names, lang);
            let label = pen.font.fit(&label, size, cols.label - GAP);
            pen.put(MARGIN + cols.number, size, &label);
            for (k, s) in group.clone().enumerate() {
                cols.cell(pen, k, &row.cells[s]);
            }
        });
        // The totals under the sides as they are now, whole (a seat that left is said under
        // them, not cut in its column's head).
        let now = src.session.game.side_names(&src.session.sides(), lang);
        if !pen.fits(size * 4.0) {
            pen.new_page();
            header(pen, group, &now);
        } else if !headed || names != now {
            header(pen, group, &now);
        }
        pen.rule(MARGIN, cols.right(group.len() - 1));
        pen.line(size);
        let label = pen
            .font
            .fit(&tr(lang, head.total_label), size, cols.label - GAP);
        pen.put(MARGIN + cols.number, size, &label);
        for (k, s) in group.clone().enumerate() {
            let total = head.totals.get(s).copied().unwrap_or(0);
            pen.put_right(cols.right(k), size, &total.to_string());
        }
        let gone: Vec<&str> = group
            .clone()
            .filter(|s| src.end.left.contains(s))
            .filter_map(|s| now.get(s).map(String::as_str))
            .collect();
        if !gone.is_empty() {
            pen.line(size);
            let said = marque_core::i18n::msg!("pdf.gone", names = gone.join(", ")).render(lang);
            let said = pen
                .font
                .fit(&said, size, cols.right(group.len() - 1) - MARGIN);
            pen.put(MARGIN, size, &said);
        }
    }
}

/// Bridge: a rubber as on paper, We / They, and its result (at Chicago, the chukker's wheel
/// first).
fn paper(pen: &mut Pen<'_>, paper: &Paper, k: usize, lang: Lang) {
    const SIZE: f32 = 9.0;
    let (we, they) = (MARGIN + 120.0, MARGIN + 140.0);
    pen.line(SIZE);
    pen.text(11.0, &paper.title(k).render(lang));
    // Chicago: the chukker's wheel, each deal with its dealer, vulnerability and points.
    for [deal, dealer, state, points, running] in paper.wheel_rows(lang) {
        pen.line(SIZE);
        pen.put(MARGIN, SIZE, &deal);
        pen.put(MARGIN + 55.0, SIZE, &dealer);
        pen.put(MARGIN + 110.0, SIZE, &state);
        pen.put_right(MARGIN + 320.0, SIZE, &marque_core::view::typeset(&points));
        pen.put(MARGIN + 340.0, SIZE, &format!("Σ {running}"));
    }
    pen.line(SIZE);
    pen.put_right(we, SIZE, &tr(lang, Paper::HEADINGS[0]));
    pen.put(they, SIZE, &tr(lang, Paper::HEADINGS[1]));
    let column = |pen: &mut Pen<'_>, cols: [&Vec<i64>; 2], order: Vec<usize>| {
        for i in order {
            pen.line(SIZE);
            if let Some(v) = cols[0].get(i) {
                pen.put_right(we, SIZE, &v.to_string());
            }
            if let Some(v) = cols[1].get(i) {
                pen.put(they, SIZE, &v.to_string());
            }
        }
    };
    let above = paper.above[0].len().max(paper.above[1].len());
    column(
        pen,
        [&paper.above[0], &paper.above[1]],
        (0..above).rev().collect(),
    );
    pen.rule(MARGIN, they + 120.0);
    for (segment, game) in &paper.below {
        let n = segment[0].len().max(segment[1].len());
        column(pen, [&segment[0], &segment[1]], (0..n).collect());
        if *game {
            pen.rule(MARGIN + 60.0, they + 60.0);
        }
    }
    pen.line(10.0);
    pen.put_right(we, 10.0, &paper.totals[0].to_string());
    pen.put(they, 10.0, &paper.totals[1].to_string());
    if let Some(result) = paper.result(k) {
        pen.text(10.0, &result.render(lang));
    }
}

/// What the PDF is made from: the session, and what a first replay of it found (its end and
/// head, the widest cell texts). The rows and the rubbers are made again at each reading, one
/// at a time, none kept.
struct Source<'a> {
    session: &'a Session,
    end: End,
    head: Head,
    /// The widest points text ("+1340") and standing text of every cell and total.
    widest: (String, String),
}

impl<'a> Source<'a> {
    /// Plays `session` through once, measuring its cells: the problems of a hand that does
    /// not play.
    fn measure(session: &'a Session, lang: Lang, font: &Font) -> Result<Source<'a>, PdfError> {
        // A text's width is its advances times the size: the widest at one size is the widest
        // at every size.
        let wider = |a: String, b: String| {
            if font.width(&b, 1000.0) > font.width(&a, 1000.0) {
                b
            } else {
                a
            }
        };
        let (mut points, mut standing) = (String::new(), String::new());
        let end = marque_core::view::each_row(session, |row, _| {
            for c in &row.cells {
                points = wider(std::mem::take(&mut points), c.points_text());
                standing = wider(std::mem::take(&mut standing), c.standing.to_string());
            }
        })
        .map_err(PdfError::Problems)?;
        for t in &end.totals {
            standing = wider(standing, t.to_string());
        }
        Ok(Source {
            session,
            head: Head::after(session, &end, lang),
            end,
            widest: (points, standing),
        })
    }

    /// Each hand's row, in order.
    fn each_row(&self, mut each: impl FnMut(&RowView)) {
        // (It played through once already: it plays again.)
        marque_core::view::each_row(self.session, |row, _| each(row)).ok();
    }

    /// Bridge: each rubber as on paper, with its number, as it ends.
    fn each_paper(&self, each: impl FnMut(usize, &Paper)) {
        // (It played through once already: it plays again.)
        marque_core::view::each_paper(self.session, &self.end, each).ok();
    }
}

/// The page size of a session's PDF: more than four sides, A4 turned, for room across.
fn page_size(session: &Session) -> (f32, f32) {
    if session.sides().len() > 4 {
        (A4.1, A4.0)
    } else {
        A4
    }
}

/// Lays out a session's PDF, in `lang`, handing each page to `sink` once it is full.
fn lay_out(src: &Source<'_>, lang: Lang, font: &Font, sink: &mut dyn FnMut(Page)) {
    let session = src.session;
    let (width, height) = page_size(session);
    let mut pen = Pen::new(font, (width, height), sink);
    let game = tr(lang, session.title_key());
    pen.text(16.0, &format!("{game} — {}", session.table_names()));
    if let Some(title) = session.text_field("title") {
        pen.text(12.0, &title);
    }
    if let Some(created) = &session.created {
        let date = date_text(created, lang);
        pen.text(10.0, &msg!("pdf.created", date = date).render(lang));
    }
    let options = marque_core::text::options_text(session, &session.options.to_json(), lang);
    pen.text(9.0, &msg!("explain.options", list = options).render(lang));
    table(&mut pen, src, lang);
    if !src.end.closing.is_empty() {
        pen.line(8.0);
        let colon = tr(lang, "colon");
        for l in &src.end.closing {
            let side = src.head.names.get(l.side).map_or("", String::as_str);
            let text = l.text.render(lang);
            pen.text(9.0, &format!("{side} {:+}{colon}{text}", l.points));
        }
    }
    if session.game.has_paper() {
        src.each_paper(|k, p| paper(&mut pen, p, k, lang));
    }
    pen.line(8.0);
    let size = if src.head.finished { 12.0 } else { 10.0 };
    pen.text(size, &src.head.outcome().render(lang));
    pen.finish();
}

/// The PDF of a session, in `lang`.
pub fn session_pdf(session: &Session, lang: Lang) -> Result<Vec<u8>, PdfError> {
    let mut bytes = Vec::new();
    write_pdf(session, lang, &mut bytes)?;
    Ok(bytes)
}

/// Writes the PDF of a session, in `lang`, to `out` as it is laid out: a first pass counts the
/// pages and the glyphs they use, the second writes each page when it is full. The session is
/// played through once more for each (and for the rubbers), never held scored whole.
pub fn write_pdf(
    session: &Session,
    lang: Lang,
    out: &mut dyn std::io::Write,
) -> Result<(), PdfError> {
    let font = Font::load()?;
    let src = Source::measure(session, lang, &font)?;
    let game = tr(lang, session.title_key());
    let title = format!("{game} — {}", session.table_names());
    write::two_passes(out, &title, page_size(session), &font, &|sink| {
        lay_out(&src, lang, &font, sink)
    })
}

/// A session's creation time (RFC 3339, as Marque writes it) as the reader writes dates: its
/// day in French order in French; the text as it is where it is not such a time.
fn date_text(created: &str, lang: Lang) -> String {
    match chrono::DateTime::parse_from_rfc3339(created) {
        Ok(t) => t.format(marque_core::i18n::day_format(lang)).to_string(),
        Err(_) => created.get(..10).unwrap_or(created).to_string(),
    }
}
