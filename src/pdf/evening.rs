//! The PDF of an evening of several tables (`marque evening FILE --pdf OUT.pdf`, and the
//! evening's screen): its title, each field's ranking, each board's traveller, each pair's or
//! player's score card, then each table's guide card on a page of its own, to be left on the
//! table. Every section as every reader has it (`club::sections`, `club::score_cards`,
//! `club::guide_cards`); every column measured with the font's own widths, the type made
//! smaller where a table is too wide for the page, a table's heading written again at the top
//! of each page it runs onto.

use super::page::{Font, Page, PdfError};
use super::pen::{A4, MARGIN, Pen};
use super::write;
use marque_core::club::{self, Card};
use marque_core::i18n::{Lang, tr};

/// Type sizes a table goes down through until it fits across the page.
const SIZES: [f32; 4] = [9.0, 8.0, 7.0, 6.0];
const GAP: f32 = 8.0;

/// Writes the PDF of the evening whose output is `out`, titled `title`, in `lang`, to `w`: a
/// first pass counts its pages and glyphs, the second writes each page as it is full.
pub fn write_evening_pdf(
    out: &club::Scored,
    title: &str,
    lang: Lang,
    w: &mut dyn std::io::Write,
) -> Result<(), PdfError> {
    let font = Font::load()?;
    write::two_passes(w, title, A4, &font, &|sink| {
        lay_out(out, title, lang, &font, sink)
    })
}

fn lay_out(out: &club::Scored, title: &str, lang: Lang, font: &Font, sink: &mut dyn FnMut(Page)) {
    let mut pen = Pen::new(font, A4, sink);
    pen.text(16.0, title);
    let mut travellers = false;
    for (part, c) in club::sections(out, lang) {
        if part == club::Part::Traveller && !travellers {
            travellers = true;
            pen.line(6.0);
            pen.text(13.0, &tr(lang, "club.view.travellers"));
        }
        card(
            &mut pen,
            &c,
            if part == club::Part::Traveller {
                10.0
            } else {
                12.0
            },
        );
    }
    let scores = club::score_cards(out, lang);
    if !scores.is_empty() {
        pen.line(6.0);
        pen.text(13.0, &tr(lang, "club.view.score_cards"));
        for c in &scores {
            card(&mut pen, c, 10.0);
        }
    }
    // A guide card a page: it is left on its table.
    for c in &club::guide_cards(out, lang) {
        pen.new_page();
        pen.text(13.0, &tr(lang, "club.view.guide_cards"));
        card(&mut pen, c, 14.0);
    }
    pen.finish();
}

/// A card: its title, its table (the heading again on each new page), its last line.
fn card(pen: &mut Pen<'_>, c: &Card, title: f32) {
    pen.line(4.0);
    for line in c.title.lines() {
        pen.text(title, line);
    }
    if !c.head.is_empty() {
        table(pen, &c.head, &c.rows);
    }
    if let Some(f) = &c.foot {
        pen.text(9.0, f);
    }
}

fn table(pen: &mut Pen<'_>, head: &[String], rows: &[Vec<String>]) {
    let font = pen.font;
    let room = pen.room();
    let widths = |size: f32| -> Vec<f32> {
        (0..head.len())
            .map(|k| {
                let cells = std::iter::once(&head[k]).chain(rows.iter().filter_map(|r| r.get(k)));
                cells.map(|t| font.width(t, size)).fold(0.0, f32::max) + GAP
            })
            .collect()
    };
    let size = SIZES
        .into_iter()
        .find(|s| widths(*s).iter().sum::<f32>() <= room)
        .unwrap_or(SIZES[SIZES.len() - 1]);
    let w = widths(size);
    let header = |pen: &mut Pen<'_>| {
        pen.line(size);
        let mut x = MARGIN;
        for (h, wk) in head.iter().zip(&w) {
            pen.put(x, size, h);
            x += wk;
        }
        pen.rule(MARGIN, x.min(MARGIN + room));
    };
    header(pen);
    for r in rows {
        if !pen.fits(size) {
            pen.new_page();
            header(pen);
        }
        pen.line(size);
        let mut x = MARGIN;
        for (t, wk) in r.iter().zip(&w) {
            pen.put(x, size, t);
            x += wk;
        }
    }
}
