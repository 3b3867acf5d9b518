//! Text on its way to a terminal. A name in a session file may hold an escape sequence (that
//! would retitle or recolour the terminal, or hide what follows) or a bidirectional control
//! (U+202E, that would show "evil.json" as "nosj.live"): both are shown as `\u{…}` instead.
//! JSON keeps its control characters escaped already; a bidirectional control in it becomes
//! `\u202e`, the same string to any JSON reader.

use std::io::Write;

/// Characters that reorder the text around them (Unicode's explicit bidirectional formatting
/// characters and the marks).
pub fn is_bidi(c: char) -> bool {
    matches!(
        c,
        '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}'
    )
}

/// The line and paragraph separators, which some terminals break a line at.
fn is_separator(c: char) -> bool {
    matches!(c, '\u{2028}' | '\u{2029}')
}

/// A character that must not reach a terminal as it is, in text (`lines`: newlines kept).
fn hostile(c: char, lines: bool) -> bool {
    (c.is_control() && !(lines && c == '\n')) || is_bidi(c) || is_separator(c)
}

/// Text from a file as it may reach a terminal: control and bidirectional characters shown as
/// `\u{…}`. With `lines`, newlines are kept.
pub fn printable(text: &str, lines: bool) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(|c| hostile(c, lines)) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if hostile(c, lines) {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

/// What the stream carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Lines of text: control and bidirectional characters escaped, newlines kept.
    Text,
    /// JSON: its bidirectional characters written as JSON escapes (the rest is escaped by the
    /// writer already).
    Json,
    /// Data (CSV): exact to a pipe or a file, escaped as text on a terminal.
    Data,
}

/// A writer that escapes as [`Kind`] says, whatever the chunks it is given (a character split
/// between two writes is held until it is whole).
pub struct Escaping<W: Write> {
    inner: W,
    kind: Kind,
    /// The start of a character cut by the end of the last write.
    held: Vec<u8>,
}

impl<W: Write> Escaping<W> {
    pub fn new(inner: W, kind: Kind) -> Self {
        Escaping {
            inner,
            kind,
            held: Vec::new(),
        }
    }

    fn write_text(&mut self, text: &str) -> std::io::Result<()> {
        let mut start = 0;
        for (i, c) in text.char_indices() {
            let escape = match self.kind {
                Kind::Text | Kind::Data => hostile(c, true) && c != '\t',
                // DEL and the C1 controls (U+0080–U+009F: CSI among them) are left raw by JSON
                // writers; a JSON escape keeps the same string.
                Kind::Json => {
                    is_bidi(c) || is_separator(c) || (c.is_control() && u32::from(c) >= 0x7f)
                }
            };
            if escape {
                self.inner.write_all(&text.as_bytes()[start..i])?;
                match self.kind {
                    Kind::Json => write!(self.inner, "\\u{:04x}", u32::from(c))?,
                    _ => write!(self.inner, "{}", c.escape_unicode())?,
                }
                start = i + c.len_utf8();
            }
        }
        self.inner.write_all(&text.as_bytes()[start..])
    }
}

impl<W: Write> Write for Escaping<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        // Only a character cut by the last write is copied: most writes go through as given.
        let joined;
        let mut rest: &[u8] = if self.held.is_empty() {
            buf
        } else {
            let mut held = std::mem::take(&mut self.held);
            held.extend_from_slice(buf);
            joined = held;
            &joined
        };
        while !rest.is_empty() {
            match std::str::from_utf8(rest) {
                Ok(text) => {
                    self.write_text(text)?;
                    rest = &[];
                }
                Err(e) => {
                    let (good, after) = rest.split_at(e.valid_up_to());
                    self.write_text(std::str::from_utf8(good).unwrap_or_default())?;
                    match e.error_len() {
                        // Bytes that are no character: shown as the replacement character.
                        Some(n) => {
                            self.inner.write_all("\u{fffd}".as_bytes())?;
                            rest = &after[n..];
                        }
                        // A character cut at the end: kept for the next write.
                        None => {
                            self.held = after.to_vec();
                            rest = &[];
                        }
                    }
                }
            }
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        if !self.held.is_empty() {
            self.held.clear();
            self.inner.write_all("\u{fffd}".as_bytes())?;
        }
        self.inner.flush()
    }
}

/// Standard output: escaped as `kind` says when it is a terminal; exact bytes to a pipe or a
/// file, except text, which is escaped wherever it goes (what a program reads of it is the
/// same, and a pager shows it as a terminal would).
pub fn stdout(kind: Kind) -> Box<dyn Write> {
    use std::io::IsTerminal;
    let out = std::io::BufWriter::new(std::io::stdout().lock());
    if kind == Kind::Text || std::io::stdout().is_terminal() {
        Box::new(Escaping::new(out, kind))
    } else {
        Box::new(out)
    }
}

/// Standard error, always escaped as text.
pub fn stderr() -> Escaping<std::io::StderrLock<'static>> {
    Escaping::new(std::io::stderr().lock(), Kind::Text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn through(kind: Kind, chunks: &[&[u8]]) -> String {
        let mut out = Vec::new();
        {
            let mut w = Escaping::new(&mut out, kind);
            for c in chunks {
                w.write_all(c).unwrap();
            }
            w.flush().unwrap();
        }
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn escapes_controls_and_bidi_even_when_a_character_is_cut() {
        let text = "Zoé\u{1b}[2J \u{202e}nosj.live\n".as_bytes();
        let whole = through(Kind::Text, &[text]);
        assert_eq!(whole, "Zoé\\u{1b}[2J \\u{202e}nosj.live\n");
        for cut in 1..text.len() {
            assert_eq!(through(Kind::Text, &[&text[..cut], &text[cut..]]), whole);
        }
    }

    #[test]
    fn json_keeps_its_meaning() {
        let v = serde_json::json!({"name": "a\u{202e}b\u{1b}"});
        let text = serde_json::to_string(&v).unwrap();
        let shown = through(Kind::Json, &[text.as_bytes()]);
        assert!(!shown.contains('\u{202e}') && !shown.contains('\u{1b}'));
        assert_eq!(
            serde_json::from_str::<serde_json::Value>(&shown).unwrap(),
            v
        );
    }

    #[test]
    fn printable_escapes_what_the_writer_does() {
        assert_eq!(printable("a\u{2066}b\nc", true), "a\\u{2066}b\nc");
        assert_eq!(printable("a\u{2028}b", true), "a\\u{2028}b");
        assert_eq!(printable("a\nb", false), "a\\u{a}b");
        assert!(matches!(
            printable("plain", false),
            std::borrow::Cow::Borrowed(_)
        ));
    }
}
