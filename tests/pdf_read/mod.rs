//! Reads back the text of a PDF as Marque writes it (objects and streams uncompressed, one
//! embedded CID font shown with Identity-H): each text shown, with its page, its place, its
//! size and its width from the font's own widths, decoded to characters by the file's ToUnicode
//! map. An independent reading of the file: it shares no code with the writer.

#![allow(dead_code, reason = "each test crate uses some of the helpers")]

use std::collections::HashMap;

/// A text shown on a page.
#[derive(Debug, Clone)]
pub struct Shown {
    pub page: usize,
    pub x: f32,
    pub y: f32,
    pub size: f32,
    pub width: f32,
    pub text: String,
}

/// A document read back: each page's size, and every text shown.
#[derive(Debug, Default)]
pub struct Read {
    pub pages: Vec<(f32, f32)>,
    pub shown: Vec<Shown>,
}

impl Read {
    /// Page `page`'s lines: the texts on one baseline, left to right, joined by spaces; top to
    /// bottom.
    pub fn lines(&self, page: usize) -> Vec<String> {
        let mut on: Vec<&Shown> = self.shown.iter().filter(|s| s.page == page).collect();
        on.sort_by(|a, b| b.y.total_cmp(&a.y).then(a.x.total_cmp(&b.x)));
        let mut lines: Vec<(f32, String)> = Vec::new();
        for s in on {
            match lines.last_mut() {
                Some((y, l)) if (*y - s.y).abs() < 0.5 => {
                    l.push(' ');
                    l.push_str(&s.text);
                }
                _ => lines.push((s.y, s.text.clone())),
            }
        }
        lines.into_iter().map(|(_, l)| l).collect()
    }

    /// Every page's lines, in order.
    pub fn text(&self) -> String {
        (0..self.pages.len())
            .flat_map(|p| self.lines(p))
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// The objects of the file: number → (dictionary text, stream bytes). Read in order, each
/// stream skipped by its `/Length`, so that a font's bytes are never taken for the file's.
fn objects(bytes: &[u8]) -> HashMap<u32, (String, Vec<u8>)> {
    let mut out = HashMap::new();
    let mut at = 0;
    while let Some(found) = find(&bytes[at..], b" 0 obj") {
        let start = at + found;
        let number_start = bytes[..start]
            .iter()
            .rposition(|b| !b.is_ascii_digit())
            .map_or(0, |i| i + 1);
        let number: u32 = std::str::from_utf8(&bytes[number_start..start])
            .unwrap()
            .parse()
            .unwrap();
        let body = start + 6;
        let end_obj = body + find(&bytes[body..], b"endobj").expect("endobj");
        let stream = find(&bytes[body..end_obj], b"stream\n").map(|s| body + s);
        let (dict, data, next) = match stream {
            Some(s) => {
                let dict = String::from_utf8_lossy(&bytes[body..s]).into_owned();
                let length = reference(&dict, "Length").expect("a stream's length") as usize;
                let data = bytes[s + 7..s + 7 + length].to_vec();
                let end = s + 7 + length + find(&bytes[s + 7 + length..], b"endobj").unwrap();
                (dict, data, end)
            }
            None => (
                String::from_utf8_lossy(&bytes[body..end_obj]).into_owned(),
                Vec::new(),
                end_obj,
            ),
        };
        out.insert(number, (dict, data));
        at = next + 6;
    }
    out
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// The number of the object a dictionary's `/key N 0 R` names.
fn reference(dict: &str, key: &str) -> Option<u32> {
    let after = &dict[dict.find(&format!("/{key} "))? + key.len() + 2..];
    after.split_whitespace().next()?.parse().ok()
}

/// The numbers of an array after `/key`.
fn numbers(dict: &str, key: &str) -> Vec<f32> {
    let Some(i) = dict.find(&format!("/{key}")) else {
        return Vec::new();
    };
    let after = &dict[i + key.len() + 1..];
    let open = after.find('[').unwrap();
    let close = after.find(']').unwrap();
    after[open + 1..close]
        .split_whitespace()
        .filter_map(|n| n.parse().ok())
        .collect()
}

/// Reads `bytes`.
#[track_caller]
pub fn read(bytes: &[u8]) -> Read {
    assert!(bytes.starts_with(b"%PDF-"), "not a PDF");
    let objs = objects(bytes);
    let dict = |n: u32| objs.get(&n).map(|o| o.0.as_str()).unwrap_or("");
    // The font: its widths (`/W [first [w …]]`) and its map back to text.
    let cid = objs
        .values()
        .find(|(d, _)| d.contains("/CIDFontType2"))
        .expect("a CID font");
    let w = {
        let d = &cid.0;
        let i = d.find("/W [").expect("widths");
        let rest = &d[i + 4..];
        let first: u32 = rest.split_whitespace().next().unwrap().parse().unwrap();
        let open = rest.find('[').unwrap();
        let close = rest.find(']').unwrap();
        let ws: Vec<f32> = rest[open + 1..close]
            .split_whitespace()
            .map(|n| n.parse().unwrap())
            .collect();
        (first, ws)
    };
    let type0 = objs
        .values()
        .find(|(d, _)| d.contains("/Type0"))
        .expect("a Type0 font");
    let cmap = &objs[&reference(&type0.0, "ToUnicode").expect("ToUnicode")].1;
    let mut to_char: HashMap<u16, char> = HashMap::new();
    let cmap = String::from_utf8_lossy(cmap);
    for block in cmap.split("beginbfchar").skip(1) {
        let block = block.split("endbfchar").next().unwrap();
        let hex: Vec<&str> = block
            .split(['<', '>'])
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .collect();
        for pair in hex.chunks(2) {
            let cid = u16::from_str_radix(pair[0], 16).unwrap();
            let unit = u32::from_str_radix(pair[1], 16).unwrap();
            to_char.insert(cid, char::from_u32(unit).unwrap_or('\u{fffd}'));
        }
    }
    let width_of = |cid: u16| {
        let k = u32::from(cid)
            .checked_sub(w.0)
            .expect("a glyph before the widths");
        *w.1.get(k as usize).expect("a glyph without a width")
    };
    // The pages, in the tree's order.
    let tree = objs
        .values()
        .find(|(d, _)| d.contains("/Type /Pages"))
        .expect("a page tree");
    let kids: Vec<u32> = {
        let d = &tree.0;
        let i = d.find("/Kids [").unwrap();
        let rest = &d[i + 7..];
        let close = rest.find(']').unwrap();
        let words: Vec<&str> = rest[..close].split_whitespace().collect();
        words.chunks(3).map(|r| r[0].parse().unwrap()).collect()
    };
    let mut out = Read::default();
    for (page, kid) in kids.into_iter().enumerate() {
        let d = dict(kid);
        let media = numbers(d, "MediaBox");
        out.pages.push((media[2] - media[0], media[3] - media[1]));
        let content = &objs[&reference(d, "Contents").expect("contents")].1;
        show(content, page, &to_char, &width_of, &mut out.shown);
    }
    out
}

/// The texts a content stream shows (`size Tf`, `x y Td`, `(…) Tj` or `<…> Tj` in BT … ET).
fn show(
    content: &[u8],
    page: usize,
    to_char: &HashMap<u16, char>,
    width_of: &dyn Fn(u16) -> f32,
    out: &mut Vec<Shown>,
) {
    let mut operands: Vec<Vec<u8>> = Vec::new();
    let (mut x, mut y, mut size) = (0.0, 0.0, 0.0);
    let mut i = 0;
    let num = |o: &Vec<u8>| String::from_utf8_lossy(o).parse::<f32>().unwrap();
    while i < content.len() {
        let c = content[i];
        if c.is_ascii_whitespace() {
            i += 1;
        } else if c == b'(' {
            // A literal string, with its escapes.
            let mut s = Vec::new();
            let mut depth = 1;
            i += 1;
            while depth > 0 {
                let b = content[i];
                match b {
                    b'\\' => {
                        i += 1;
                        let e = content[i];
                        if e.is_ascii_digit() {
                            let mut v = 0u32;
                            let mut k = 0;
                            while k < 3 && content[i].is_ascii_digit() {
                                v = v * 8 + u32::from(content[i] - b'0');
                                i += 1;
                                k += 1;
                            }
                            i -= 1;
                            s.push(v as u8);
                        } else {
                            s.push(match e {
                                b'n' => b'\n',
                                b'r' => b'\r',
                                b't' => b'\t',
                                b'b' => 8,
                                b'f' => 12,
                                other => other,
                            });
                        }
                    }
                    b'(' => {
                        depth += 1;
                        s.push(b);
                    }
                    b')' => {
                        depth -= 1;
                        if depth > 0 {
                            s.push(b);
                        }
                    }
                    _ => s.push(b),
                }
                i += 1;
            }
            operands.push(s);
        } else if c == b'<' {
            let end = i + content[i..].iter().position(|b| *b == b'>').unwrap();
            let hex: String = String::from_utf8_lossy(&content[i + 1..end])
                .split_whitespace()
                .collect();
            let s = (0..hex.len())
                .step_by(2)
                .map(|k| u8::from_str_radix(&hex[k..k + 2], 16).unwrap())
                .collect();
            operands.push(s);
            i = end + 1;
        } else {
            let end = i + content[i..]
                .iter()
                .position(|b| b.is_ascii_whitespace())
                .unwrap_or(content.len() - i);
            let word = content[i..end].to_vec();
            i = end;
            match word.as_slice() {
                b"Tf" => size = num(&operands[operands.len() - 1]),
                b"Td" => {
                    x = num(&operands[operands.len() - 2]);
                    y = num(&operands[operands.len() - 1]);
                }
                b"Tj" => {
                    let s = &operands[operands.len() - 1];
                    let cids: Vec<u16> = s
                        .chunks(2)
                        .map(|p| u16::from_be_bytes([p[0], p[1]]))
                        .collect();
                    let text = cids
                        .iter()
                        .map(|c| to_char.get(c).copied().unwrap_or('\u{fffd}'))
                        .collect();
                    let width = cids.iter().map(|c| width_of(*c)).sum::<f32>() * size / 1000.0;
                    out.push(Shown {
                        page,
                        x,
                        y,
                        size,
                        width,
                        text,
                    });
                }
                w if w
                    .first()
                    .is_some_and(|b| b.is_ascii_alphabetic() || *b == b'\'') => {}
                _ => {
                    operands.push(word);
                    continue;
                }
            }
            operands.clear();
        }
    }
}
