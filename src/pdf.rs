//! A printable PDF of a session (`marque export FILE --format pdf -o OUT.pdf`): the game, the
//! players, the date, the options in force, the sheet hand by hand with each side's points and
//! standing, the totals as the table's last row, bridge's rubbers as on paper with their
//! results, and the winners.
//!
//! Laid out first ([`layout`]: every text placed and measured with the font's own widths, so
//! that nothing runs past the page: long titles wrapped, up to four sides on A4 portrait, more
//! on A4 landscape, the sides' columns split into groups where even that is too narrow), then
//! written by pdf-writer with the glyphs used of DejaVu Sans embedded (it has ♣ ♦ ♥ ♠).

use marque_core::view::SheetView;
use pdf_writer::types::{CidFontType, FontFlags, SystemInfo, UnicodeCmap};
use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref, Str, TextStr};

use crate::games::Paper;
use crate::i18n::{Lang, tr};
use crate::session::{Session, Sheet};
use marque_core::msg;

const FONT: &[u8] = include_bytes!("../assets/fonts/DejaVuSans.ttf");

/// A4 in points (portrait), and the margins.
pub const A4: (f32, f32) = (595.0, 842.0);
pub const MARGIN: f32 = 36.0;
/// The sheet's type size, and the smallest it goes down to before the sides are split.
const SIZES: [f32; 4] = [9.0, 8.0, 7.0, 6.0];
/// Space between two columns.
const GAP: f32 = 8.0;

/// Why a PDF could not be made.
#[derive(Debug, thiserror::Error)]
pub enum PdfError {
    #[error("the embedded font does not read: {0}")]
    Font(String),
    #[error("the embedded font could not be subset: {0}")]
    Subset(String),
}

/// The embedded font, for measuring and writing.
pub struct Font {
    face: ttf_parser::Face<'static>,
    units: f32,
}

impl Font {
    pub fn load() -> Result<Font, PdfError> {
        let face = ttf_parser::Face::parse(FONT, 0).map_err(|e| PdfError::Font(e.to_string()))?;
        let units = f32::from(face.units_per_em());
        Ok(Font { face, units })
    }

    /// The glyph of `c` ("?" for a character the font does not have).
    fn glyph(&self, c: char) -> u16 {
        self.face
            .glyph_index(c)
            .or_else(|| self.face.glyph_index('?'))
            .map_or(0, |g| g.0)
    }

    /// A glyph's advance, in thousandths of the type size.
    fn advance(&self, glyph: u16) -> f32 {
        let a = self
            .face
            .glyph_hor_advance(ttf_parser::GlyphId(glyph))
            .unwrap_or(0);
        f32::from(a) * 1000.0 / self.units
    }

    /// How wide `text` is at `size` points.
    pub fn width(&self, text: &str, size: f32) -> f32 {
        text.chars()
            .map(|c| self.advance(self.glyph(c)))
            .sum::<f32>()
            * size
            / 1000.0
    }

    /// `text` cut with an ellipsis to fit `room` points at `size`.
    fn fit(&self, text: &str, size: f32, room: f32) -> String {
        if self.width(text, size) <= room {
            return text.to_string();
        }
        let mut out = String::new();
        let ellipsis = self.width("…", size);
        let mut used = 0.0;
        for c in text.chars() {
            let w = self.width(c.encode_utf8(&mut [0; 4]), size);
            if used + w + ellipsis > room {
                break;
            }
            used += w;
            out.push(c);
        }
        out.push('…');
        out
    }

    /// `text` in lines of at most `room` points at `size`: broken between words, and inside a
    /// word too long for a line.
    fn wrap(&self, text: &str, size: f32, room: f32) -> Vec<String> {
        let mut lines = Vec::new();
        let mut line = String::new();
        for word in text.split(' ') {
            let joined = if line.is_empty() {
                word.to_string()
            } else {
                format!("{line} {word}")
            };
            if self.width(&joined, size) <= room {
                line = joined;
                continue;
            }
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            for c in word.chars() {
                line.push(c);
                if self.width(&line, size) > room && line.chars().count() > 1 {
                    line.pop();
                    lines.push(std::mem::replace(&mut line, c.to_string()));
                }
            }
        }
        if !line.is_empty() || lines.is_empty() {
            lines.push(line);
        }
        lines
    }
}

/// A text placed on a page: its left end on the baseline, in points from the page's bottom
/// left.
#[derive(Debug, Clone, PartialEq)]
pub struct Placed {
    pub x: f32,
    pub y: f32,
    pub size: f32,
    pub text: String,
}

/// A page: its texts, and its horizontal rules (`x1`, `x2`, `y`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Page {
    pub texts: Vec<Placed>,
    pub rules: Vec<(f32, f32, f32)>,
}

/// The pages of a document, all of one size.
#[derive(Debug, Clone, PartialEq)]
pub struct Layout {
    pub width: f32,
    pub height: f32,
    pub pages: Vec<Page>,
}

/// Places texts line by line, a new page when one is full.
struct Pen<'f> {
    font: &'f Font,
    out: Layout,
    y: f32,
}

impl Pen<'_> {
    fn room(&self) -> f32 {
        self.out.width - 2.0 * MARGIN
    }

    fn page(&mut self) -> &mut Page {
        if self.out.pages.is_empty() {
            self.out.pages.push(Page::default());
        }
        let last = self.out.pages.len() - 1;
        &mut self.out.pages[last]
    }

    /// Whether a line of `size` points fits on this page.
    fn fits(&self, size: f32) -> bool {
        !self.out.pages.is_empty() && self.y - size * 1.35 >= MARGIN
    }

    fn new_page(&mut self) {
        self.out.pages.push(Page::default());
        self.y = self.out.height - MARGIN;
    }

    /// Moves down a line of `size` points, starting a page where this one is full.
    fn line(&mut self, size: f32) {
        if !self.fits(size) {
            self.new_page();
        }
        self.y -= size * 1.35;
    }

    /// Writes `text` at `x` on the current line.
    fn put(&mut self, x: f32, size: f32, text: &str) {
        let y = self.y;
        self.page().texts.push(Placed {
            x,
            y,
            size,
            text: text.to_string(),
        });
    }

    /// Writes `text` right-aligned to `right`.
    fn put_right(&mut self, right: f32, size: f32, text: &str) {
        let x = right - self.font.width(text, size);
        self.put(x, size, text);
    }

    /// A rule under the current line, from `x1` to `x2`.
    fn rule(&mut self, x1: f32, x2: f32) {
        let y = self.y - 3.0;
        self.page().rules.push((x1, x2, y));
    }

    /// A paragraph: `text` wrapped to the page's width.
    fn text(&mut self, size: f32, text: &str) {
        for l in self.font.wrap(text, size, self.room()) {
            self.line(size);
            self.put(MARGIN, size, &l);
        }
    }
}

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
    fn choose(font: &Font, view: &SheetView, lang: Lang, room: f32) -> Columns {
        let sides = view.head.names.len().max(1);
        let widths = |size: f32| {
            let widest = |texts: &mut dyn Iterator<Item = String>| {
                texts.map(|t| font.width(&t, size)).fold(0.0, f32::max)
            };
            let cells = || view.rows.iter().flat_map(|r| r.cells.iter());
            let points = widest(&mut cells().map(|c| c.points_text()));
            let totals = view.head.totals.iter().map(i64::to_string);
            let standing = widest(&mut cells().map(|c| c.standing.to_string()).chain(totals));
            let standing = standing.max(font.width("0000", size));
            (standing, points + font.width(ARROW, size) + standing + GAP)
        };
        let number = |size: f32| font.width(&format!("{}", view.rows.len().max(99)), size) + GAP;
        let label_min = |size: f32| {
            let title = tr(lang, view.head.game.hand_title());
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
        let right = self.right(k);
        pen.put_right(right, self.size, &cell.standing.to_string());
        let points = right - self.standing;
        pen.put_right(points, self.size, &(cell.points_text() + ARROW));
    }
}

/// The hand table, group of sides by group: a header row (repeated on each new page), a row a
/// hand, and the totals' row.
fn table(pen: &mut Pen<'_>, view: &SheetView, lang: Lang) {
    let cols = Columns::choose(pen.font, view, lang, pen.room());
    let size = cols.size;
    let header = |pen: &mut Pen<'_>, group: &std::ops::Range<usize>| {
        pen.line(size);
        pen.put(MARGIN, size, "#");
        let title = tr(lang, view.head.game.hand_title());
        let title = pen.font.fit(&title, size, cols.label - GAP);
        pen.put(MARGIN + cols.number, size, &title);
        for (k, s) in group.clone().enumerate() {
            let name = pen.font.fit(&view.head.names[s], size, cols.side - GAP);
            pen.put_right(cols.right(k), size, &name);
        }
        pen.rule(MARGIN, cols.right(group.len() - 1));
    };
    for group in &cols.groups {
        pen.line(size);
        header(pen, group);
        for row in &view.rows {
            if !pen.fits(size) {
                pen.new_page();
                header(pen, group);
            }
            pen.line(size);
            pen.put(MARGIN, size, &(row.index + 1).to_string());
            let label = row.title(&view.head.names).render(lang);
            let label = pen.font.fit(&label, size, cols.label - GAP);
            pen.put(MARGIN + cols.number, size, &label);
            for (k, s) in group.clone().enumerate() {
                cols.cell(pen, k, &row.cells[s]);
            }
        }
        if !pen.fits(size * 2.0) {
            pen.new_page();
            header(pen, group);
        }
        pen.rule(MARGIN, cols.right(group.len() - 1));
        pen.line(size);
        let label = pen
            .font
            .fit(&tr(lang, view.head.total_label), size, cols.label - GAP);
        pen.put(MARGIN + cols.number, size, &label);
        for (k, s) in group.clone().enumerate() {
            let total = view.head.totals.get(s).copied().unwrap_or(0);
            pen.put_right(cols.right(k), size, &total.to_string());
        }
    }
}

/// Bridge: a rubber as on paper, We / They, and its result.
fn paper(pen: &mut Pen<'_>, paper: &Paper, k: usize, lang: Lang) {
    const SIZE: f32 = 9.0;
    let (we, they) = (MARGIN + 120.0, MARGIN + 140.0);
    pen.line(SIZE);
    pen.text(11.0, &msg!("text.rubber", n = k + 1).render(lang));
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

/// Where every text of a session's PDF goes, in `lang`.
pub fn layout(session: &Session, sheet: &Sheet, lang: Lang, font: &Font) -> Layout {
    let view = SheetView::new(session, sheet, lang);
    // More than four sides: the page turned, for room across.
    let (width, height) = if view.head.names.len() > 4 {
        (A4.1, A4.0)
    } else {
        A4
    };
    let mut pen = Pen {
        font,
        out: Layout {
            width,
            height,
            pages: Vec::new(),
        },
        y: height - MARGIN,
    };
    let game = tr(lang, session.game.name_key());
    pen.text(16.0, &format!("{game} — {}", session.players.join(", ")));
    if let Some(title) = session.text_field("title") {
        pen.text(12.0, &title);
    }
    if let Some(created) = &session.created {
        let date = date_text(created, lang);
        pen.text(10.0, &msg!("pdf.created", date = date).render(lang));
    }
    let options = crate::text::options_text(session, &session.options.to_json(), lang);
    pen.text(9.0, &msg!("explain.options", list = options).render(lang));
    table(&mut pen, &view, lang);
    if !view.closing.is_empty() {
        pen.line(8.0);
        let colon = tr(lang, "colon");
        for l in &view.closing {
            let side = view.head.names.get(l.side).map_or("", String::as_str);
            let text = l.text.render(lang);
            pen.text(9.0, &format!("{side} {:+}{colon}{text}", l.points));
        }
    }
    for (k, p) in view.papers.iter().enumerate() {
        paper(&mut pen, p, k, lang);
    }
    pen.line(8.0);
    let size = if view.head.finished { 12.0 } else { 10.0 };
    pen.text(size, &view.head.outcome().render(lang));
    pen.out
}

/// The PDF of a session and its sheet, in `lang`.
pub fn session_pdf(session: &Session, sheet: &Sheet, lang: Lang) -> Result<Vec<u8>, PdfError> {
    let font = Font::load()?;
    let layout = layout(session, sheet, lang, &font);
    let game = tr(lang, session.game.name_key());
    write(
        &layout,
        &font,
        &format!("{game} — {}", session.players.join(", ")),
    )
}

/// The document of `layout`, its font the glyphs it uses of DejaVu Sans.
fn write(layout: &Layout, font: &Font, title: &str) -> Result<Vec<u8>, PdfError> {
    // Every glyph used, numbered anew in the subset; the first character seen of each, for
    // the map back to text.
    let mut glyphs = subsetter::GlyphRemapper::new();
    let mut chars = std::collections::BTreeMap::new();
    for t in layout.pages.iter().flat_map(|p| &p.texts) {
        for c in t.text.chars() {
            let new = glyphs.remap(font.glyph(c));
            chars.entry(new).or_insert(c);
        }
    }
    let subset =
        subsetter::subset(FONT, 0, &glyphs).map_err(|e| PdfError::Subset(e.to_string()))?;

    let mut pdf = Pdf::new();
    let mut next = 1;
    let mut id = || {
        next += 1;
        Ref::new(next - 1)
    };
    let (catalog, tree, type0, cid, descriptor, file, unicode, info) =
        (id(), id(), id(), id(), id(), id(), id(), id());
    let pages: Vec<(Ref, Ref)> = layout.pages.iter().map(|_| (id(), id())).collect();
    let font_name = Name(b"F1");
    let base = Name(b"MARQUE+DejaVuSans");

    pdf.catalog(catalog).pages(tree);
    pdf.pages(tree)
        .kids(pages.iter().map(|(p, _)| *p))
        .count(pages.len() as i32);
    pdf.document_info(info)
        .title(TextStr(title))
        .producer(TextStr("Marque"));
    for (page, (page_id, content_id)) in layout.pages.iter().zip(&pages) {
        let mut p = pdf.page(*page_id);
        p.media_box(Rect::new(0.0, 0.0, layout.width, layout.height));
        p.parent(tree);
        p.contents(*content_id);
        p.resources().fonts().pair(font_name, type0);
        p.finish();
        let mut content = Content::new();
        content.set_line_width(0.5);
        for &(x1, x2, y) in &page.rules {
            content.move_to(x1, y).line_to(x2, y).stroke();
        }
        for t in &page.texts {
            let bytes: Vec<u8> = t
                .text
                .chars()
                .flat_map(|c| glyphs.get(font.glyph(c)).unwrap_or(0).to_be_bytes())
                .collect();
            content.begin_text();
            content.set_font(font_name, t.size);
            content.next_line(t.x, t.y);
            content.show(Str(&bytes));
            content.end_text();
        }
        pdf.stream(*content_id, &content.finish());
    }

    pdf.type0_font(type0)
        .base_font(base)
        .encoding_predefined(Name(b"Identity-H"))
        .descendant_font(cid)
        .to_unicode(unicode);
    let system = SystemInfo {
        registry: Str(b"Adobe"),
        ordering: Str(b"Identity"),
        supplement: 0,
    };
    let mut c = pdf.cid_font(cid);
    c.subtype(CidFontType::Type2)
        .base_font(base)
        .system_info(system)
        .font_descriptor(descriptor)
        .default_width(0.0)
        .cid_to_gid_map_predefined(Name(b"Identity"));
    let old: Vec<u16> = glyphs.remapped_gids().collect();
    c.widths()
        .consecutive(0, old.iter().map(|g| font.advance(*g)));
    c.finish();

    let face = &font.face;
    let scale = |v: i16| f32::from(v) * 1000.0 / font.units;
    let b = face.global_bounding_box();
    pdf.font_descriptor(descriptor)
        .name(base)
        .flags(FontFlags::NON_SYMBOLIC)
        .bbox(Rect::new(
            scale(b.x_min),
            scale(b.y_min),
            scale(b.x_max),
            scale(b.y_max),
        ))
        .italic_angle(0.0)
        .ascent(scale(face.ascender()))
        .descent(scale(face.descender()))
        .cap_height(scale(face.capital_height().unwrap_or(face.ascender())))
        .stem_v(80.0)
        .font_file2(file);
    pdf.stream(file, &subset)
        .pair(Name(b"Length1"), subset.len() as i32);

    let mut cmap = UnicodeCmap::new(Name(b"Marque-UTF16"), system);
    for (g, c) in &chars {
        cmap.pair(*g, *c);
    }
    pdf.cmap(unicode, &cmap.finish());
    Ok(pdf.finish())
}

/// A session's creation time (RFC 3339, as Marque writes it) as the reader writes dates: its
/// day in French order in French; the text as it is where it is not such a time.
fn date_text(created: &str, lang: Lang) -> String {
    match chrono::DateTime::parse_from_rfc3339(created) {
        Ok(t) => t.format(marque_core::i18n::day_format(lang)).to_string(),
        Err(_) => created.get(..10).unwrap_or(created).to_string(),
    }
}
