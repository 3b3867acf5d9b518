//! The document written as it is laid out: each page's content goes out when the page is full,
//! so that a session of 100,000 deals never holds its whole PDF in memory. The objects come in
//! the order and form pdf-writer gives them (each made by pdf-writer in a chunk of its own);
//! only the file's frame around them (its header, the table of where each object starts, the
//! trailer) is written here, as pdf-writer's `Pdf::finish` writes it.

use std::io::Write;

use pdf_writer::types::{CidFontType, FontFlags, SystemInfo, UnicodeCmap};
use pdf_writer::writers::{Catalog, DocumentInfo};
use pdf_writer::{Chunk, Content, Name, Rect, Ref, Str, TextStr};

use super::page::{FONT, Font, Page, PdfError};

/// The objects of the document, numbered as they are made: catalog, page tree, fonts, the
/// document's information, then a page and its content by page.
struct Ids {
    catalog: Ref,
    tree: Ref,
    type0: Ref,
    cid: Ref,
    descriptor: Ref,
    file: Ref,
    unicode: Ref,
    info: Ref,
}

impl Ids {
    const FIRST_PAGE: i32 = 9;

    fn new() -> Ids {
        let r = Ref::new;
        Ids {
            catalog: r(1),
            tree: r(2),
            type0: r(3),
            cid: r(4),
            descriptor: r(5),
            file: r(6),
            unicode: r(7),
            info: r(8),
        }
    }

    /// Page `k`'s object and its content's.
    fn page(k: usize) -> (Ref, Ref) {
        let first = Ids::FIRST_PAGE + 2 * k as i32;
        (Ref::new(first), Ref::new(first + 1))
    }
}

/// What the first pass over the pages found: how many there are, and every glyph they use
/// (numbered anew for the subset) with the first character seen of each, for the map back to
/// text.
#[derive(Default)]
pub(super) struct Glyphs {
    pub pages: usize,
    remapper: subsetter::GlyphRemapper,
    chars: std::collections::BTreeMap<u16, char>,
}

impl Glyphs {
    /// Counts `page` and the glyphs of its texts.
    pub fn take(&mut self, font: &Font, page: &Page) {
        self.pages += 1;
        for t in &page.texts {
            for c in t.text.chars() {
                let new = self.remapper.remap(font.glyph(c));
                self.chars.entry(new).or_insert(c);
            }
        }
    }
}

/// The file as it is written: where each object starts, and how many bytes are out.
pub(super) struct Out<'w> {
    w: &'w mut dyn Write,
    at: usize,
    /// Where object k + 1 starts.
    offsets: Vec<usize>,
    ids: Ids,
    font_name: Name<'static>,
}

impl<'w> Out<'w> {
    /// Starts the file: its header, the catalog, the page tree of `pages` pages, the
    /// document's information.
    pub fn start(w: &'w mut dyn Write, pages: usize, title: &str) -> Result<Out<'w>, PdfError> {
        let mut out = Out {
            w,
            at: 0,
            offsets: Vec::new(),
            ids: Ids::new(),
            font_name: Name(b"F1"),
        };
        out.bytes(b"%PDF-1.7\n%\x80\x80\x80\x80\n\n")?;
        let ids = &out.ids;
        let (catalog, tree, info) = (ids.catalog, ids.tree, ids.info);
        out.object(catalog, |c| {
            c.indirect(catalog).start::<Catalog>().pages(tree);
        })?;
        out.object(tree, |c| {
            c.pages(tree)
                .kids((0..pages).map(|k| Ids::page(k).0))
                .count(pages as i32);
        })?;
        out.object(info, |c| {
            c.indirect(info)
                .start::<DocumentInfo>()
                .title(TextStr(title))
                .producer(TextStr("Marque"));
        })?;
        Ok(out)
    }

    fn bytes(&mut self, b: &[u8]) -> Result<(), PdfError> {
        self.w.write_all(b)?;
        self.at += b.len();
        Ok(())
    }

    /// Object `id`, made by `make` in a chunk of its own, written where the file stands.
    fn object(&mut self, id: Ref, make: impl FnOnce(&mut Chunk)) -> Result<(), PdfError> {
        let mut chunk = Chunk::new();
        make(&mut chunk);
        let k = id.get() as usize - 1;
        if self.offsets.len() <= k {
            self.offsets.resize(k + 1, 0);
        }
        self.offsets[k] = self.at;
        self.bytes(chunk.as_bytes())
    }

    /// Page `k` of `size`, and its content: its rules and its texts in the subset's glyphs.
    pub fn page(
        &mut self,
        k: usize,
        size: (f32, f32),
        page: &Page,
        font: &Font,
        glyphs: &Glyphs,
    ) -> Result<(), PdfError> {
        let (page_id, content_id) = Ids::page(k);
        let (tree, type0, font_name) = (self.ids.tree, self.ids.type0, self.font_name);
        self.object(page_id, |c| {
            let mut p = c.page(page_id);
            p.media_box(Rect::new(0.0, 0.0, size.0, size.1));
            p.parent(tree);
            p.contents(content_id);
            p.resources().fonts().pair(font_name, type0);
        })?;
        let mut content = Content::new();
        content.set_line_width(0.5);
        for &(x1, x2, y) in &page.rules {
            content.move_to(x1, y).line_to(x2, y).stroke();
        }
        for t in &page.texts {
            let bytes: Vec<u8> = t
                .text
                .chars()
                .flat_map(|c| {
                    glyphs
                        .remapper
                        .get(font.glyph(c))
                        .unwrap_or(0)
                        .to_be_bytes()
                })
                .collect();
            content.begin_text();
            content.set_font(font_name, t.size);
            content.next_line(t.x, t.y);
            content.show(Str(&bytes));
            content.end_text();
        }
        let content = content.finish();
        self.object(content_id, |c| {
            c.stream(content_id, &content);
        })
    }

    /// Ends the file: the font (the glyphs used of DejaVu Sans), the table of the objects'
    /// places and the trailer.
    pub fn finish(mut self, font: &Font, glyphs: &Glyphs) -> Result<(), PdfError> {
        let subset = subsetter::subset(FONT, 0, &glyphs.remapper)
            .map_err(|e| PdfError::Subset(e.to_string()))?;
        let ids = Ids::new();
        let base = Name(b"MARQUE+DejaVuSans");
        let system = SystemInfo {
            registry: Str(b"Adobe"),
            ordering: Str(b"Identity"),
            supplement: 0,
        };
        self.object(ids.type0, |c| {
            c.type0_font(ids.type0)
                .base_font(base)
                .encoding_predefined(Name(b"Identity-H"))
                .descendant_font(ids.cid)
                .to_unicode(ids.unicode);
        })?;
        self.object(ids.cid, |c| {
            let mut f = c.cid_font(ids.cid);
            f.subtype(CidFontType::Type2)
                .base_font(base)
                .system_info(system)
                .font_descriptor(ids.descriptor)
                .default_width(0.0)
                .cid_to_gid_map_predefined(Name(b"Identity"));
            let old: Vec<u16> = glyphs.remapper.remapped_gids().collect();
            f.widths()
                .consecutive(0, old.iter().map(|g| font.advance(*g)));
        })?;
        let face = &font.face;
        let scale = |v: i16| f32::from(v) * 1000.0 / font.units;
        let b = face.global_bounding_box();
        self.object(ids.descriptor, |c| {
            c.font_descriptor(ids.descriptor)
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
                .font_file2(ids.file);
        })?;
        self.object(ids.file, |c| {
            c.stream(ids.file, &subset)
                .pair(Name(b"Length1"), subset.len() as i32);
        })?;
        let mut cmap = UnicodeCmap::new(Name(b"Marque-UTF16"), system);
        for (g, ch) in &glyphs.chars {
            cmap.pair(*g, *ch);
        }
        let cmap = cmap.finish();
        self.object(ids.unicode, |c| {
            c.cmap(ids.unicode, &cmap);
        })?;
        // Where each object starts, as pdf-writer writes the table (every number is used).
        let xref = self.at;
        let len = self.offsets.len() + 1;
        let mut tail = format!("xref\n0 {len}\n0000000000 65535 f\r\n");
        for o in &self.offsets {
            tail.push_str(&format!("{o:010} 00000 n\r\n"));
        }
        tail.push_str(&format!(
            "trailer\n<<\n  /Size {len}\n  /Root {} 0 R\n  /Info {} 0 R\n>>\nstartxref\n{xref}\n%%EOF",
            ids.catalog.get(),
            ids.info.get()
        ));
        self.bytes(tail.as_bytes())?;
        self.w.flush()?;
        Ok(())
    }
}

/// Where a layout hands each page once it is full.
pub type Sink<'a> = &'a mut dyn FnMut(Page);

/// Writes a document laid out by `lay_out` (which hands each page to its sink once full) to
/// `w`, in two passes: the first counts the pages and the glyphs they use, the second writes
/// each page as it is full, at `size`. No more than a page is held at a time.
pub fn two_passes(
    w: &mut dyn Write,
    title: &str,
    size: (f32, f32),
    font: &Font,
    lay_out: &dyn Fn(Sink<'_>),
) -> Result<(), PdfError> {
    let mut glyphs = Glyphs::default();
    lay_out(&mut |p| glyphs.take(font, &p));
    let mut out = Out::start(w, glyphs.pages, title)?;
    let mut k = 0;
    let mut failed = None;
    lay_out(&mut |p| {
        if failed.is_none()
            && let Err(e) = out.page(k, size, &p, font, &glyphs)
        {
            failed = Some(e);
        }
        k += 1;
    });
    match failed {
        Some(e) => Err(e),
        None => out.finish(font, &glyphs),
    }
}
