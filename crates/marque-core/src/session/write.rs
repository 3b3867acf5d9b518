//! The sheet `marque score` writes: hand by hand, never held whole.

use super::facts::fast_facts;
use super::file::{Problem, Session};
use super::one_pass::{self, HandSink, Refused};
use super::sheet::{End, HandRow, Replay};
use crate::games::{GameHand, GameKind, GameOptions, Line};
use crate::i18n::{Lang, Msg};

impl Session {
    /// Checks every hand and writes the sheet as `marque score` prints it, without keeping the
    /// sheet. Nothing is written for a session that fails: the output is held in memory, up to
    /// about `budget` bytes, until every hand has played. Past the budget, the hands left are
    /// first only played, from a copy of the game, then played again and written hand by hand.
    ///
    /// `scratch` is memory to hold the output in (the caller's buffer of the file it read, say:
    /// its pages are already there).
    pub fn write_score<W: std::io::Write>(
        &self,
        lang: Lang,
        out: &mut W,
        budget: usize,
        mut scratch: Vec<u8>,
    ) -> Result<std::io::Result<()>, Vec<Problem>> {
        let refused = |i: usize, ms: Vec<Msg>| -> Vec<Problem> {
            ms.into_iter().map(|m| Problem::hand(i, m)).collect()
        };
        let mut text = String::new();
        let mut replay = Replay::new(self.options.typed(), &self.players);
        // Every row names every side of the whole session (table events add seats).
        let sides = self.sides_now().len();
        // Only the pages written are ever touched: reserving the whole budget costs nothing
        // more, and saves copying the sheet each time it would have grown.
        scratch.clear();
        scratch.reserve(budget);
        let mut held = scratch;
        let wrote = self.write_head(&mut held).and_then(|()| {
            self.buffer_hands(lang, &mut held, budget, &mut replay, &mut text, sides)
        });
        let next = match wrote {
            Ok(next) => next,
            Err(Stop::Refused(i, ms)) => return Err(refused(i, ms)),
            Err(Stop::Io(e)) => return Ok(Err(e)),
        };
        if next < self.hands.len() {
            // The budget is spent: check the hands left before anything is written.
            let mut check = replay.clone().quiet();
            for (i, h) in self.hands.iter().enumerate().skip(next) {
                check.play(&h.game).map_err(|ms| refused(i, ms))?;
            }
        }
        let tail = out.write_all(&held).map_err(Stop::Io).and_then(|()| {
            drop(held);
            for i in next..self.hands.len() {
                self.write_hand(lang, out, &mut replay, i, &mut text, sides)?;
            }
            self.write_tail(lang, out, &replay, &mut text)
        });
        match tail {
            Ok(()) => Ok(Ok(())),
            Err(Stop::Refused(i, ms)) => Err(refused(i, ms)),
            Err(Stop::Io(e)) => Ok(Err(e)),
        }
    }

    fn write_head<W: std::io::Write>(&self, out: &mut W) -> Result<(), Stop> {
        write_head_of(out, self.game, &self.sides_now())
    }

    /// Plays and writes hands into memory while there is room for one more; returns the index
    /// of the first hand not written.
    fn buffer_hands(
        &self,
        lang: Lang,
        held: &mut Vec<u8>,
        budget: usize,
        replay: &mut Replay,
        text: &mut String,
        sides: usize,
    ) -> Result<usize, Stop> {
        /// More than any one hand writes (eight players' lines).
        const ROOM: usize = 64 * 1024;
        for i in 0..self.hands.len() {
            if held.len() + ROOM > budget {
                return Ok(i);
            }
            self.write_hand(lang, held, replay, i, text, sides)?;
        }
        Ok(self.hands.len())
    }

    /// Plays hand `i` and writes its row.
    fn write_hand<W: std::io::Write>(
        &self,
        lang: Lang,
        out: &mut W,
        replay: &mut Replay,
        i: usize,
        text: &mut String,
        sides: usize,
    ) -> Result<(), Stop> {
        let row = replay
            .play(&self.hands[i].game)
            .map_err(|ms| Stop::Refused(i, ms))?;
        write_row(out, lang, i, &row, text, sides)
    }

    /// The end of the sheet: totals, the winners, the game's summary.
    fn write_tail<W: std::io::Write>(
        &self,
        lang: Lang,
        out: &mut W,
        replay: &Replay,
        text: &mut String,
    ) -> Result<(), Stop> {
        write_end(
            out,
            lang,
            &replay.end(self.closed),
            (self.hands.is_empty(), &replay.seats().held()),
            text,
        )
    }

    /// [`Session::write_score`] of a session's text read in one pass, for a file laid out as
    /// Marque writes it: a first pass checks every hand (keeping none), a second plays each
    /// again and writes it as it is read. Nothing is held but the text. `None` for a file the
    /// one pass leaves to the careful reading (which also says what is wrong).
    pub fn write_score_one_pass<W: std::io::Write>(
        text: &str,
        lang: Lang,
        out: &mut W,
    ) -> Option<std::io::Result<()>> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        // The first pass also finds who sits where at the end: the sides named at the top.
        // (Only the names are kept: the game it played is let go before the second pass.)
        let sides = fast_facts(text).map(|f| f.game.sides(&f.end.names))?;
        let mut sink = ScoreSink {
            sides,
            out,
            lang,
            text: String::new(),
            failed: None,
            replay: None,
            hands: 0,
        };
        let head = one_pass::read(text, &mut sink);
        if let Some(e) = sink.failed.take() {
            return Some(Err(e));
        }
        // The first pass read it: the second reads it the same (part of it is written).
        let (Some(head), Some(replay)) = (head, &sink.replay) else {
            return Some(Err(std::io::Error::other("the second reading failed")));
        };
        let empty = sink.hands == 0;
        let end = replay.end(head.closed);
        Some(
            match write_end(
                sink.out,
                lang,
                &end,
                (empty, &replay.seats().held()),
                &mut sink.text,
            ) {
                Ok(()) => Ok(()),
                Err(Stop::Io(e)) => Err(e),
                Err(Stop::Refused(..)) => Err(std::io::Error::other("refused")),
            },
        )
    }
}

/// The start of the sheet `marque score` writes, up to its list of hands.
fn write_head_of<W: std::io::Write>(
    out: &mut W,
    game: GameKind,
    sides: &[String],
) -> Result<(), Stop> {
    let json = |v: &dyn erased::Ser| v.to_json();
    write!(
        out,
        "{{\n  \"game\": {},\n  \"sides\": {},\n  \"hands\": [",
        json(&game.id()),
        json(&sides)
    )?;
    Ok(())
}

/// Hand `i`'s row of the sheet `marque score` writes.
fn write_row<W: std::io::Write>(
    out: &mut W,
    lang: Lang,
    i: usize,
    row: &HandRow,
    text: &mut String,
    sides: usize,
) -> Result<(), Stop> {
    out.write_all(if i == 0 {
        b"\n    {\"delta\":"
    } else {
        b",\n    {\"delta\":"
    })?;
    let delta = row
        .delta
        .iter()
        .copied()
        .chain(std::iter::repeat(0))
        .take(sides.max(row.delta.len()));
    for (k, d) in delta.enumerate() {
        out.write_all(if k == 0 { b"[" } else { b"," })?;
        write_int(out, d)?;
    }
    out.write_all(if sides == 0 && row.delta.is_empty() {
        b"[]"
    } else {
        b"]"
    })?;
    out.write_all(b",\"lines\":")?;
    write_lines(out, &row.lines, lang, text)?;
    // The hand's facts go in the same object: their own object's fields, without its braces.
    // (The text buffer lends its memory for it: no allocation per hand.)
    let mut info = std::mem::take(text).into_bytes();
    info.clear();
    if row.delta.len() < sides {
        // A seat that joined later: each per-side fact names it too, as nothing (`null`).
        let mut facts = serde_json::to_value(&row.info).map_err(std::io::Error::from)?;
        super::file::pad_facts(&mut facts, sides);
        serde_json::to_writer(&mut info, &facts).map_err(std::io::Error::from)?;
    } else {
        serde_json::to_writer(&mut info, &row.info).map_err(std::io::Error::from)?;
    }
    if info.len() > 2 && info[0] == b'{' {
        out.write_all(b",")?;
        out.write_all(&info[1..info.len() - 1])?;
    }
    info.clear();
    // Only JSON text was written, and it is cleared: the buffer is an empty string again.
    *text = String::from_utf8(info).unwrap_or_default();
    out.write_all(b"}")?;
    Ok(())
}

/// The end of the sheet `marque score` writes: the hands' list closed, the totals, the winners,
/// the game's summary, the lines scored at the close.
fn write_end<W: std::io::Write>(
    out: &mut W,
    lang: Lang,
    end: &End,
    (empty, seats): (bool, &[Vec<String>]),
    text: &mut String,
) -> Result<(), Stop> {
    let json = |v: &dyn erased::Ser| v.to_json();
    out.write_all(if empty { b"]" } else { b"\n  ]" })?;
    write!(
        out,
        ",\n  \"totals\": {},\n  \"finished\": {},\n  \"winners\": {}",
        json(&end.totals),
        end.finished,
        json(&end.winners)
    )?;
    end.live.write_summary(out)?;
    write!(out, ",\n  \"seats\": {}", json(&seats))?;
    if !end.closing.is_empty() {
        write!(out, ",\n  \"closing\": ")?;
        write_lines(out, &end.closing, lang, text)?;
    }
    out.write_all(b"\n}\n")?;
    Ok(())
}

/// The sheet `marque score` writes, each hand played and written as the one pass reads it.
struct ScoreSink<'w, W: std::io::Write> {
    /// The sides of the whole session (table events included), from the first pass.
    sides: Vec<String>,
    out: &'w mut W,
    lang: Lang,
    text: String,
    /// The output's error, if writing failed (the pass then stops).
    failed: Option<std::io::Error>,
    replay: Option<Replay>,
    hands: usize,
}

impl<W: std::io::Write> ScoreSink<'_, W> {
    fn keep(&mut self, r: Result<(), Stop>) -> Result<(), Refused> {
        match r {
            Ok(()) => Ok(()),
            Err(Stop::Io(e)) => {
                self.failed = Some(e);
                Err(Refused)
            }
            Err(Stop::Refused(..)) => Err(Refused),
        }
    }
}

impl<W: std::io::Write> HandSink for ScoreSink<'_, W> {
    fn start(
        &mut self,
        game: GameKind,
        players: &[String],
        options: &GameOptions,
    ) -> Result<(), Refused> {
        self.replay = Some(Replay::new(options, players));
        let r = write_head_of(self.out, game, &self.sides);
        self.keep(r)
    }

    fn hand(&mut self, index: usize, hand: &GameHand) -> Result<(), Refused> {
        let replay = self.replay.as_mut().ok_or(Refused)?;
        let row = replay.play(hand).map_err(|_| Refused)?;
        self.hands += 1;
        let r = write_row(
            self.out,
            self.lang,
            index,
            &row,
            &mut self.text,
            self.sides.len(),
        );
        self.keep(r)
    }
}

/// Why writing the sheet stopped.
enum Stop {
    /// Hand `.0` breaks a rule.
    Refused(usize, Vec<Msg>),
    Io(std::io::Error),
}

impl From<std::io::Error> for Stop {
    fn from(e: std::io::Error) -> Stop {
        Stop::Io(e)
    }
}

/// Serializing small values to JSON text without naming their types at each call.
pub(super) mod erased {
    pub trait Ser {
        fn to_json(&self) -> String;
    }
    impl<T: serde::Serialize + ?Sized> Ser for T {
        fn to_json(&self) -> String {
            serde_json::to_string(self).unwrap_or_else(|_| "null".into())
        }
    }
}

/// Lines as `marque score` prints them: `[{"side":…,"points":…,"rule":…,"text":…}, …]`, each
/// text rendered into one reused buffer.
fn write_lines<W: std::io::Write>(
    out: &mut W,
    lines: &[Line],
    lang: Lang,
    text: &mut String,
) -> std::io::Result<()> {
    out.write_all(b"[")?;
    for (k, l) in lines.iter().enumerate() {
        if k > 0 {
            out.write_all(b",")?;
        }
        out.write_all(b"{\"side\":")?;
        write_int(out, l.side as i64)?;
        out.write_all(b",\"points\":")?;
        write_int(out, l.points)?;
        out.write_all(b",\"rule\":")?;
        write_str(out, l.rule.as_str())?;
        out.write_all(b",\"text\":")?;
        text.clear();
        l.text.render_into(lang, text);
        write_str(out, text)?;
        out.write_all(b"}")?;
    }
    out.write_all(b"]")
}

/// A whole number in decimal.
fn write_int<W: std::io::Write>(out: &mut W, n: i64) -> std::io::Result<()> {
    out.write_all(itoa::Buffer::new().format(n).as_bytes())
}

/// A JSON string: as it is when nothing in it needs escaping (most texts), else by serde_json.
fn write_str<W: std::io::Write>(out: &mut W, s: &str) -> std::io::Result<()> {
    if s.bytes().all(|b| b >= 0x20 && b != b'"' && b != b'\\') {
        out.write_all(b"\"")?;
        out.write_all(s.as_bytes())?;
        out.write_all(b"\"")
    } else {
        serde_json::to_writer(out, s).map_err(std::io::Error::from)
    }
}
