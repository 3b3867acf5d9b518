//! The pen the PDFs are written with: texts placed line by line, a new page when one is full,
//! each full page handed on and not kept. A leaf of `pdf/`.

use super::page::{Font, Page, Placed};

/// A4 in points (portrait), and the margins.
pub const A4: (f32, f32) = (595.0, 842.0);
pub const MARGIN: f32 = 36.0;

/// Places texts line by line, a new page when one is full; each page, once full, goes to
/// `sink` and is not kept.
pub(super) struct Pen<'f> {
    pub(super) font: &'f Font,
    width: f32,
    height: f32,
    page: Option<Page>,
    pub(super) y: f32,
    sink: &'f mut dyn FnMut(Page),
}

impl<'f> Pen<'f> {
    /// A pen at the top of a first page of `size`, each page full going to `sink`.
    pub(super) fn new(font: &'f Font, size: (f32, f32), sink: &'f mut dyn FnMut(Page)) -> Pen<'f> {
        Pen {
            font,
            width: size.0,
            height: size.1,
            page: None,
            y: size.1 - MARGIN,
            sink,
        }
    }

    pub(super) fn room(&self) -> f32 {
        self.width - 2.0 * MARGIN
    }

    pub(super) fn page(&mut self) -> &mut Page {
        self.page.get_or_insert_with(Page::default)
    }

    /// Whether a line of `size` points fits on this page.
    pub(super) fn fits(&self, size: f32) -> bool {
        self.page.is_some() && self.y - size * 1.35 >= MARGIN
    }

    pub(super) fn new_page(&mut self) {
        if let Some(full) = self.page.replace(Page::default()) {
            (self.sink)(full);
        }
        self.y = self.height - MARGIN;
    }

    /// The last page to `sink`.
    pub(super) fn finish(mut self) {
        if let Some(last) = self.page.take() {
            (self.sink)(last);
        }
    }

    /// Moves down a line of `size` points, starting a page where this one is full.
    pub(super) fn line(&mut self, size: f32) {
        if !self.fits(size) {
            self.new_page();
        }
        self.y -= size * 1.35;
    }

    /// Writes `text` at `x` on the current line.
    pub(super) fn put(&mut self, x: f32, size: f32, text: &str) {
        let y = self.y;
        self.page().texts.push(Placed {
            x,
            y,
            size,
            text: text.to_string(),
        });
    }

    /// Writes `text` right-aligned to `right`.
    pub(super) fn put_right(&mut self, right: f32, size: f32, text: &str) {
        let x = right - self.font.width(text, size);
        self.put(x, size, text);
    }

    /// A rule under the current line, from `x1` to `x2`.
    pub(super) fn rule(&mut self, x1: f32, x2: f32) {
        let y = self.y - 3.0;
        self.page().rules.push((x1, x2, y));
    }

    /// A paragraph: `text` wrapped to the page's width.
    pub(super) fn text(&mut self, size: f32, text: &str) {
        for l in self.font.wrap(text, size, self.room()) {
            self.line(size);
            self.put(MARGIN, size, &l);
        }
    }
}
