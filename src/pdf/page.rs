//! What the layout and the writer share: the embedded font (measured and written), a page's
//! placed texts and rules, and why a PDF could not be made. A leaf of `pdf/`.

use marque_core::session::Problem;

pub(super) const FONT: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");

/// Why a PDF could not be made.
#[derive(Debug, thiserror::Error)]
pub enum PdfError {
    #[error("{}", self.msg(marque_core::i18n::Lang::En))]
    Font(String),
    #[error("{}", self.msg(marque_core::i18n::Lang::En))]
    Subset(String),
    #[error("{}", self.msg(marque_core::i18n::Lang::En))]
    Io(#[from] std::io::Error),
    /// A hand of the session does not play (the sheet cannot be made).
    #[error("{}", self.msg(marque_core::i18n::Lang::En))]
    Problems(Vec<Problem>),
}

impl PdfError {
    /// The error in the reader's words: a system error by its kind, a session that does not
    /// score by its problems.
    pub fn msg(&self, lang: marque_core::i18n::Lang) -> String {
        match self {
            PdfError::Io(e) => marque_core::i18n::io_error(e).render(lang),
            PdfError::Problems(p) => p
                .iter()
                .map(|p| p.render(lang))
                .collect::<Vec<_>>()
                .join("\n"),
            // The font shipped inside the binary: what fails there is ours.
            PdfError::Font(e) => {
                marque_core::i18n::msg!("pdf.font", error = e.as_str()).render(lang)
            }
            PdfError::Subset(e) => {
                marque_core::i18n::msg!("pdf.subset", error = e.as_str()).render(lang)
            }
        }
    }
}

/// The embedded font, for measuring and writing.
pub struct Font {
    pub(super) face: ttf_parser::Face<'static>,
    pub(super) units: f32,
}

impl Font {
    pub fn load() -> Result<Font, PdfError> {
        let face = ttf_parser::Face::parse(FONT, 0).map_err(|e| PdfError::Font(e.to_string()))?;
        let units = f32::from(face.units_per_em());
        Ok(Font { face, units })
    }

    /// The glyph of `c` ("?" for a character the font does not have).
    pub(super) fn glyph(&self, c: char) -> u16 {
        self.face
            .glyph_index(c)
            .or_else(|| self.face.glyph_index('?'))
            .map_or(0, |g| g.0)
    }

    /// A glyph's advance, in thousandths of the type size.
    pub(super) fn advance(&self, glyph: u16) -> f32 {
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
    pub(super) fn fit(&self, text: &str, size: f32, room: f32) -> String {
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
    pub(super) fn wrap(&self, text: &str, size: f32, room: f32) -> Vec<String> {
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
