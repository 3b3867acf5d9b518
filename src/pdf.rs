//! A printable PDF of a session (`marque export FILE --format pdf -o OUT.pdf`): the game, the
//! players, the date, the options in force, the sheet hand by hand with each side's points and
//! standing, bridge's rubbers as on paper with their results, the totals and the winners. A4,
//! written by printpdf with DejaVu Sans embedded (it has ♣ ♦ ♥ ♠).

use printpdf::{
    Mm, Op, ParsedFont, PdfDocument, PdfPage, PdfSaveOptions, Pt, TextItem, TextMatrix,
};

use crate::i18n::{Lang, tr};
use crate::session::{Session, Sheet};
use marque_core::msg;

const FONT: &[u8] = include_bytes!("../assets/fonts/DejaVuSans.ttf");

/// A4 in points, and the margins.
const WIDTH: f32 = 595.0;
const HEIGHT: f32 = 842.0;
const MARGIN: f32 = 42.0;

/// Pages of text placed line by line, a new page when one is full.
struct Pages {
    font: printpdf::FontId,
    pages: Vec<Vec<Op>>,
    y: f32,
}

impl Pages {
    fn ops(&mut self) -> &mut Vec<Op> {
        if self.pages.is_empty() {
            self.pages.push(Vec::new());
        }
        let last = self.pages.len() - 1;
        &mut self.pages[last]
    }

    /// Moves down a line of `size` points, starting a page where this one is full.
    fn line(&mut self, size: f32) {
        self.y -= size * 1.35;
        if self.y < MARGIN || self.pages.is_empty() {
            self.pages.push(Vec::new());
            self.y = HEIGHT - MARGIN - size;
        }
    }

    /// Writes `text` at `x` on the current line.
    fn put(&mut self, x: f32, size: f32, text: &str) {
        let (font, y) = (self.font.clone(), self.y);
        self.ops().extend([
            Op::StartTextSection,
            Op::SetFontSize {
                font: font.clone(),
                size: Pt(size),
            },
            Op::SetTextMatrix {
                matrix: TextMatrix::Translate(Pt(x), Pt(y)),
            },
            Op::WriteText {
                font,
                items: vec![TextItem::Text(text.to_string())],
            },
            Op::EndTextSection,
        ]);
    }

    /// A line of one text.
    fn text(&mut self, size: f32, text: &str) {
        self.line(size);
        self.put(MARGIN, size, text);
    }
}

/// A text cut to `chars` characters, with an ellipsis.
fn cut(text: &str, chars: usize) -> String {
    if text.chars().count() <= chars {
        text.to_string()
    } else {
        let mut s: String = text.chars().take(chars.saturating_sub(1)).collect();
        s.push('…');
        s
    }
}

/// The PDF of a session and its sheet, in `lang`.
pub fn session_pdf(session: &Session, sheet: &Sheet, lang: Lang) -> Result<Vec<u8>, String> {
    let mut warnings = Vec::new();
    let font = ParsedFont::from_bytes(FONT, 0, &mut warnings)
        .ok_or_else(|| "the embedded font does not read".to_string())?;
    let game = tr(lang, session.game.name_key());
    let mut doc = PdfDocument::new(&format!("{game} — {}", session.players.join(", ")));
    let mut p = Pages {
        font: doc.add_font(&font),
        pages: Vec::new(),
        y: HEIGHT - MARGIN,
    };
    let sides = crate::text::side_names(sheet, lang);
    p.text(16.0, &format!("{game} — {}", session.players.join(", ")));
    if let Some(created) = &session.created {
        p.text(
            10.0,
            &msg!("pdf.created", date = date_text(created, lang)).render(lang),
        );
    }
    let options = crate::text::options_text(session, &session.options.to_json(), lang);
    p.text(9.0, &msg!("explain.options", list = options).render(lang));
    if let Some(title) = session.text_field("title") {
        p.text(10.0, &title);
    }
    p.line(8.0);

    // The sheet: a row a hand; the sides share the width right of the label.
    let size = if sides.len() > 5 { 7.0 } else { 9.0 };
    let label_x = MARGIN + 28.0;
    let first_side = MARGIN + 230.0;
    let side_width = (WIDTH - MARGIN - first_side) / sides.len().max(1) as f32;
    let running = sheet.running();
    p.line(size);
    p.put(MARGIN, size, "#");
    p.put(label_x, size, &tr(lang, session.game.hand_title()));
    for (s, name) in sides.iter().enumerate() {
        p.put(first_side + side_width * s as f32, size, name);
    }
    for (i, h) in sheet.hands.iter().enumerate() {
        p.line(size);
        p.put(MARGIN, size, &(i + 1).to_string());
        let label = sheet.label(&session.hands, i).render(lang);
        p.put(label_x, size, &cut(&label, 44));
        for s in 0..sides.len() {
            let after = match &h.info {
                crate::games::HandInfo::Truc(t) => t.score[s],
                _ => running[i][s],
            };
            let cell = format!("{:+} → {after}", h.delta[s]);
            p.put(first_side + side_width * s as f32, size, &cell);
        }
    }

    // Bridge: each rubber as on paper, We / They, and its result.
    for (k, paper) in sheet.papers().iter().enumerate() {
        p.line(8.0);
        p.text(11.0, &msg!("text.rubber", n = k + 1).render(lang));
        p.line(9.0);
        p.put(MARGIN, 9.0, &tr(lang, "bridge.we"));
        p.put(MARGIN + 160.0, 9.0, &tr(lang, "bridge.they"));
        let column = |p: &mut Pages, cols: [&Vec<i64>; 2], rev: bool| {
            let n = cols[0].len().max(cols[1].len());
            let order: Vec<usize> = if rev {
                (0..n).rev().collect()
            } else {
                (0..n).collect()
            };
            for i in order {
                p.line(9.0);
                for (c, col) in cols.iter().enumerate() {
                    if let Some(v) = col.get(i) {
                        p.put(MARGIN + 160.0 * c as f32, 9.0, &v.to_string());
                    }
                }
            }
        };
        column(&mut p, [&paper.above[0], &paper.above[1]], true);
        p.text(9.0, "════════════════════════════════════");
        for (segment, game) in &paper.below {
            column(&mut p, [&segment[0], &segment[1]], false);
            if *game {
                p.text(9.0, "────────────────────────────────────");
            }
        }
        p.line(10.0);
        p.put(MARGIN, 10.0, &paper.totals[0].to_string());
        p.put(MARGIN + 160.0, 10.0, &paper.totals[1].to_string());
        if let Some(result) = paper.result(k) {
            p.text(10.0, &result.render(lang));
        }
    }

    p.line(8.0);
    let totals: Vec<String> = sides
        .iter()
        .zip(&sheet.totals)
        .map(|(s, t)| format!("{s} {t}"))
        .collect();
    let colon = tr(lang, "colon");
    p.text(
        12.0,
        &format!("{}{colon}{}", tr(lang, "text.totals"), totals.join(", ")),
    );
    if sheet.finished {
        let (names, count) = crate::text::winner_names(&sheet.winners, &sides);
        let line = msg!("text.finished", winners = names.as_str(), count = count);
        p.text(12.0, &line.render(lang));
    }
    let pages = p
        .pages
        .into_iter()
        .map(|ops| PdfPage::new(Mm(210.0), Mm(297.0), ops))
        .collect();
    Ok(doc
        .with_pages(pages)
        .save(&PdfSaveOptions::default(), &mut warnings))
}

/// A session's creation time (RFC 3339, as Marque writes it) as the reader writes dates: its
/// day in French order in French; the text as it is where it is not such a time.
fn date_text(created: &str, lang: Lang) -> String {
    match chrono::DateTime::parse_from_rfc3339(created) {
        Ok(t) => t.format(marque_core::i18n::day_format(lang)).to_string(),
        Err(_) => created.get(..10).unwrap_or(created).to_string(),
    }
}
