//! The score sheet: each hand played in turn, the standing after it, edits replayed from the
//! nearest copy of the game.

use serde_json::{Map, Value};

use super::file::{Hand, Options, Problem, Session};

use crate::games::Paper;
use crate::games::table::Seats;
use crate::games::{GameHand, GameKind, HandInfo, Line, Live, leaders};
use crate::i18n::{Lang, Msg};

impl Session {
    /// Plays every hand into a score sheet.
    pub fn score(&self) -> Result<Sheet, Vec<Problem>> {
        let mut sheet = Sheet::new(self);
        sheet.replay_from(0, &self.hands).map_err(|(i, ms)| {
            ms.into_iter()
                .map(|m| Problem::hand(i, m))
                .collect::<Vec<_>>()
        })?;
        sheet.set_closed(self.closed);
        Ok(sheet)
    }
}

/// One scored hand.
#[derive(Debug, Clone, PartialEq)]
pub struct HandRow {
    pub delta: Vec<i64>,
    pub lines: Vec<Line>,
    pub info: HandInfo,
}

/// Plays hands one after another, keeping only the game in progress.
#[derive(Debug, Clone)]
pub struct Replay {
    live: Live,
    /// Who sits where (table events).
    seats: Seats,
    /// Each person's figures so far, when the replay counts them ([`Replay::counting`]).
    counter: Option<Box<super::counter::Counter>>,
    /// The hands played, table events left out: the table's count.
    played: usize,
    /// The hands that took a number of their own (a deal dealt again takes the next one's).
    numbered: usize,
    options: Options,
}

/// Where a game stands once its hands are played (and the session closed, if it is).
#[derive(Debug, Clone)]
pub struct End {
    /// The game after the last hand, closed if the session is.
    pub live: Live,
    pub totals: Vec<i64>,
    pub finished: bool,
    pub natural_end: bool,
    pub winners: Vec<usize>,
    /// Lines scored when the session was closed (bridge's unfinished rubber), in no hand.
    pub closing: Vec<Line>,
    /// Who held each seat and their figures, if the replay counted them; empty otherwise.
    pub holders: super::counter::Holders,
    /// Who holds each seat at the end (table events: a substitute, a seat that joined).
    pub names: Vec<String>,
    /// The seats that left the table.
    pub left: Vec<usize>,
    /// The hands played, table events left out (the table's count).
    pub hands_played: usize,
}

impl Replay {
    pub fn new(options: &Options, players: &[String]) -> Replay {
        Replay {
            live: options.start(players),
            seats: Seats::new(options.kind(), players),
            counter: None,
            played: 0,
            numbered: 0,
            options: options.clone(),
        }
    }

    /// A replay that also counts each person's figures for statistics.
    pub fn counting(mut self, players: &[String]) -> Replay {
        self.counter = Some(Box::new(super::counter::Counter::new(
            self.live.kind(),
            players,
        )));
        self
    }

    /// Plays one hand; a refused hand leaves the game as it was.
    pub fn play(&mut self, hand: &GameHand) -> Result<HandRow, Vec<Msg>> {
        if let GameHand::Event(_, event) = hand {
            // After the game's end an event is refused as a hand is (a bridge evening goes on
            // after its rubber).
            if self.live.finished() && !self.live.kind().goes_on() {
                return Err(vec![Msg::new("event.err.over")]);
            }
            // Made by a form rather than read: checked as the readers check it.
            crate::games::table::Event::decode(&event.to_json(), self.live.kind())?;
            let mut seats = self.seats.clone();
            seats.apply(event)?;
            let mut s = self.live.event(event, &seats)?;
            if let HandInfo::Event(info) = &mut s.info {
                info.label =
                    crate::games::table::label(event, &self.seats.current(), self.live.kind());
            }
            self.seats = seats;
            if let Some(c) = &mut self.counter {
                c.event(event, &self.live);
            }
            return Ok(HandRow {
                delta: s.delta,
                lines: s.lines,
                info: s.info,
            });
        }
        let s = self.live.play(hand)?;
        self.played += 1;
        self.numbered += usize::from(!self.options.dealt_again(hand));
        if let Some(c) = &mut self.counter {
            c.hand(hand, &s.info, &s.delta, &self.live);
        }
        Ok(HandRow {
            delta: s.delta,
            lines: s.lines,
            info: s.info,
        })
    }

    /// A replay that only keeps the score: the rows it plays may have no lines (summaries).
    pub fn quiet(mut self) -> Replay {
        self.live.quiet();
        self
    }

    /// Plays `hands[from..]` in order; the problems of the first hand refused, by its index.
    pub fn play_from(&mut self, hands: &[Hand], from: usize) -> Result<(), Vec<Problem>> {
        for (i, h) in hands.iter().enumerate().skip(from) {
            self.play(&h.game).map_err(|ms| {
                ms.into_iter()
                    .map(|m| Problem::hand(i, m))
                    .collect::<Vec<_>>()
            })?;
        }
        Ok(())
    }

    pub fn live(&self) -> &Live {
        &self.live
    }

    /// The hands played so far, table events left out (the table's count).
    pub fn hands_played(&self) -> usize {
        self.played
    }

    /// Who sits where after the hands played.
    pub fn seats(&self) -> &Seats {
        &self.seats
    }

    /// The standing, with the session closed or not.
    pub fn end(&self, closed: bool) -> End {
        let natural_end = self.live.finished();
        let holders = match &self.counter {
            Some(c) => c.end(&self.live),
            None => super::counter::Holders::default(),
        };
        let mut live = self.live.clone();
        let closing = if closed { live.close() } else { Vec::new() };
        let totals = live.totals();
        let finished = natural_end || closed;
        let winners = if finished {
            self.leaders(&totals)
        } else {
            Vec::new()
        };
        End {
            live,
            totals,
            finished,
            natural_end,
            winners,
            closing,
            holders,
            names: self.seats.current(),
            left: (0..self.seats.len())
                .filter(|s| !self.seats.plays(*s))
                .collect(),
            hands_played: self.played,
        }
    }
}

impl Replay {
    /// The sides with the highest total among those still playing (a seat that left cannot
    /// win, `table.leave`).
    fn leaders(&self, totals: &[i64]) -> Vec<usize> {
        leaders_at(&self.live, &self.seats, totals)
    }
}

/// Who leads with `totals` in game `live`, among those still seated where players can leave.
fn leaders_at(live: &Live, seats: &Seats, totals: &[i64]) -> Vec<usize> {
    let game = live.kind();
    if !crate::games::table::allowed(game).contains(&crate::games::table::EventKind::Leave) {
        return leaders(totals);
    }
    crate::games::leaders_among(totals, |s| seats.plays(s))
}

/// How many hands apart the sheet keeps a copy of the game, to replay from after an edit.
const CHECKPOINT_EVERY: usize = 32;

/// The score sheet of a session, kept up to date hand by hand: adding a hand plays that hand;
/// changing hand k replays from the copy of the game kept at or before k.
#[derive(Debug, Clone)]
pub struct Sheet {
    pub game: GameKind,
    pub sides: Vec<String>,
    pub hands: Vec<HandRow>,
    /// The game after the last hand (closed if the session is): what the table needs next.
    pub live: Live,
    pub totals: Vec<i64>,
    /// The game is over: naturally, or because the session was closed.
    pub finished: bool,
    /// The game reached its natural end (no more hands may be entered).
    pub natural_end: bool,
    pub winners: Vec<usize>,
    /// Lines scored when the session was closed (bridge's unfinished rubber), in no hand.
    pub closing: Vec<Line>,
    players: Vec<String>,
    closed: bool,
    replay: Replay,
    /// `checkpoints[c]`: the game before hand `c * CHECKPOINT_EVERY`.
    checkpoints: Vec<Replay>,
}

/// The standing after a hand: the totals, whether the game reached its natural end, and
/// who leads once it is over (see [`End`], of which it is the part a hand's stakes need).
#[derive(Debug, Clone, PartialEq)]
pub struct Standing {
    pub totals: Vec<i64>,
    pub natural_end: bool,
    pub winners: Vec<usize>,
}

/// What a hand would add, computed before it is saved.
#[derive(Debug, Clone)]
pub struct Preview {
    pub row: HandRow,
    /// The standing after it (and after every later hand, for an edit).
    pub end: End,
    /// The standing right after it, later hands left out: whether this hand itself ends the
    /// game (or the rubber), and who wins there.
    pub here: End,
}

impl Sheet {
    /// The sheet of `session` with no hand played.
    pub fn new(session: &Session) -> Sheet {
        let replay = Replay::new(session.options.typed(), &session.players);
        let mut sheet = Sheet {
            game: session.game,
            sides: session.sides(),
            hands: Vec::new(),
            live: replay.live.clone(),
            totals: Vec::new(),
            finished: false,
            natural_end: false,
            winners: Vec::new(),
            closing: Vec::new(),
            players: session.players.clone(),
            closed: false,
            checkpoints: vec![replay.clone()],
            replay,
        };
        sheet.settle();
        sheet
    }

    fn settle(&mut self) {
        let end = self.replay.end(self.closed);
        self.sides = self.game.sides(&self.replay.seats.current());
        self.live = end.live;
        self.totals = end.totals;
        self.finished = end.finished;
        self.natural_end = end.natural_end;
        self.winners = end.winners;
        self.closing = end.closing;
    }

    /// The copies of the game the sheet keeps (to replay from after an edit, and the game
    /// now), and how many items of the game's history they hold of their own, all together: see
    /// [`crate::games::Rules::held`].
    pub fn held(&self) -> (usize, usize) {
        let copies = self.checkpoints.iter().chain([&self.replay]);
        let items = copies.clone().map(|r| r.live.held()).sum::<usize>() + self.live.held();
        (self.checkpoints.len() + 2, items)
    }

    /// The game in progress after the last hand, never closed.
    pub fn open_game(&self) -> &Live {
        self.replay.live()
    }

    /// Each person's figures for statistics; `hands` are the session's, as scored.
    pub fn holders(&self, hands: &[Hand]) -> super::counter::Holders {
        let mut c = super::counter::Counter::new(self.game, &self.players);
        for (i, (h, row)) in hands.iter().zip(&self.hands).enumerate() {
            // (The game as it stood matters to a substitute only: found for events alone.)
            if h.game.event().is_some() {
                let before = self.before(i, hands);
                c.hand(&h.game, &row.info, &row.delta, before.live());
            } else {
                c.hand(&h.game, &row.info, &row.delta, self.open_game());
            }
        }
        c.end(self.open_game())
    }

    /// Marks the session closed or open again.
    pub fn set_closed(&mut self, closed: bool) {
        self.closed = closed;
        self.settle();
    }

    /// Plays one more hand. A refused hand changes nothing.
    pub fn push(&mut self, hand: &GameHand) -> Result<(), Vec<Msg>> {
        let row = self.replay.play(hand)?;
        self.hands.push(row);
        if self.hands.len().is_multiple_of(CHECKPOINT_EVERY) {
            self.checkpoints.push(self.replay.clone());
        }
        self.settle();
        Ok(())
    }

    /// Replays `hands[from..]` after the sheet's first `from` hands. On a refused hand, its index
    /// and the problems; the sheet then holds the hands before it.
    pub fn replay_from(&mut self, from: usize, hands: &[Hand]) -> Result<(), (usize, Vec<Msg>)> {
        let c = from.min(self.hands.len()) / CHECKPOINT_EVERY;
        self.checkpoints.truncate(c + 1);
        self.replay = self.checkpoints[c].clone();
        self.hands.truncate(c * CHECKPOINT_EVERY);
        let mut result = Ok(());
        for (i, h) in hands.iter().enumerate().skip(c * CHECKPOINT_EVERY) {
            match self.replay.play(&h.game) {
                Ok(row) => self.hands.push(row),
                Err(ms) => {
                    result = Err((i, ms));
                    break;
                }
            }
            if self.hands.len().is_multiple_of(CHECKPOINT_EVERY) {
                self.checkpoints.push(self.replay.clone());
            }
        }
        self.settle();
        result
    }

    /// The game before hand `index` (from the nearest copy at or before it).
    pub fn before(&self, index: usize, hands: &[Hand]) -> Replay {
        let index = index.min(self.hands.len());
        let c = index / CHECKPOINT_EVERY;
        let mut r = self.checkpoints[c.min(self.checkpoints.len() - 1)].clone();
        for h in &hands[(c * CHECKPOINT_EVERY).min(index)..index] {
            // These hands were played once already: they play again (a refusal cannot happen;
            // the copy would then stand before that hand, as the sheet does).
            r.play(&h.game).ok();
        }
        r
    }

    /// What `hand` would add as hand `index` of `hands` (the next hand when `index` is
    /// `hands.len()`, else in place of that hand), with every later hand played after it.
    pub fn preview(
        &self,
        hands: &[Hand],
        index: usize,
        hand: &GameHand,
    ) -> Result<Preview, Vec<Problem>> {
        let mut r = if index >= self.hands.len() {
            self.replay.clone()
        } else {
            self.before(index, hands)
        };
        let row = r.play(hand).map_err(|ms| {
            ms.into_iter()
                .map(|m| Problem::hand(index, m))
                .collect::<Vec<_>>()
        })?;
        let here = r.end(self.closed);
        r.play_from(hands, index + 1)?;
        Ok(Preview {
            row,
            end: r.end(self.closed),
            here,
        })
    }

    /// What `hand` would add as the next hand, and the standing right after it: played from
    /// the game the sheet keeps now, nothing replayed (the stakes of a bid play each outcome
    /// so).
    pub fn next(&self, hand: &GameHand) -> Result<(HandRow, Standing), Vec<Msg>> {
        // A hand moves no seat and nothing but the game: only the game is copied (the stakes
        // play hundreds of results from the same state); a table event, the whole replay.
        let (row, live, seats) = match hand {
            GameHand::Event(..) => {
                let mut r = self.replay.clone();
                let row = r.play(hand)?;
                (row, r.live, std::borrow::Cow::Owned(r.seats))
            }
            _ => {
                let mut live = self.replay.live.clone();
                let s = live.play(hand)?;
                let row = HandRow {
                    delta: s.delta,
                    lines: s.lines,
                    info: s.info,
                };
                (row, live, std::borrow::Cow::Borrowed(&self.replay.seats))
            }
        };
        let totals = live.totals();
        let natural_end = live.finished();
        let winners = if natural_end || self.closed {
            leaders_at(&live, &seats, &totals)
        } else {
            Vec::new()
        };
        Ok((
            row,
            Standing {
                totals,
                natural_end,
                winners,
            },
        ))
    }

    /// Running totals after each hand (per side), in the unit of `totals`, except truc, whose
    /// running figures are the manche scores.
    pub fn running(&self) -> Vec<Vec<i64>> {
        let mut acc = vec![0; self.sides.len()];
        self.hands
            .iter()
            .map(|h| {
                for (a, d) in acc.iter_mut().zip(&h.delta) {
                    *a += d;
                }
                acc.clone()
            })
            .collect()
    }

    /// A short label of hand `i`.
    pub fn label(&self, hands: &[Hand], i: usize) -> Msg {
        match (hands.get(i), self.hands.get(i)) {
            // Names as they stood before it, where a substitute or an arrival changed them.
            (Some(h), Some(row))
                if h.game.event().is_some() || self.replay.seats.current() != self.players =>
            {
                let before = self.before(i, hands);
                h.game.label(
                    &row.info,
                    super::file::hand_index(hands, i),
                    &before.seats.current(),
                )
            }
            (Some(h), Some(row)) => {
                h.game
                    .label(&row.info, super::file::hand_index(hands, i), &self.players)
            }
            _ => Msg::new("session.mismatch"),
        }
    }

    /// The hands played, table events left out (the table's count).
    pub fn hands_played(&self) -> usize {
        self.replay.played
    }

    /// The next hand as the table counts it: its number among the hands.
    pub fn next_place(&self) -> crate::games::Place {
        crate::games::Place::Hand(self.replay.numbered + 1)
    }

    /// Where the game stands before the next hand.
    pub fn state(&self) -> Msg {
        self.replay
            .live()
            .state(&self.replay.seats.current(), self.hands.len())
    }

    /// Who sits where after the last hand.
    pub fn seats(&self) -> &Seats {
        &self.replay.seats
    }

    /// Every bridge rubber laid out as on paper (empty for other games).
    pub fn papers(&self) -> Vec<Paper> {
        self.live
            .papers(self.hands.iter().map(|r| (&r.info, &r.lines[..])))
    }

    /// Rubber `k` laid out as on paper (bridge only).
    pub fn paper(&self, k: usize) -> Option<Paper> {
        self.papers().into_iter().nth(k)
    }

    /// The sheet as `marque score` prints it, as a value (tests; the command writes it
    /// directly with [`Session::write_score`]).
    pub fn to_json(&self, lang: Lang) -> Value {
        let lines = |ls: &[Line]| {
            Value::Array(
                ls.iter()
                    .map(|l| {
                        serde_json::json!({ "side": l.side, "points": l.points, "rule": l.rule,
                                            "text": l.text.render(lang) })
                    })
                    .collect(),
            )
        };
        let hands: Vec<Value> = self
            .hands
            .iter()
            .map(|h| {
                let mut m = Map::new();
                let mut delta = h.delta.clone();
                delta.resize(self.sides.len(), 0);
                m.insert("delta".into(), serde_json::json!(delta));
                m.insert("lines".into(), lines(&h.lines));
                if let Ok(mut facts) = serde_json::to_value(&h.info) {
                    super::file::pad_facts(&mut facts, self.sides.len());
                    if let Value::Object(extra) = facts {
                        m.extend(extra);
                    }
                }
                Value::Object(m)
            })
            .collect();
        let mut out = serde_json::json!({
            "game": self.game.id(),
            "sides": self.sides,
            "hands": hands,
            "totals": self.totals,
            "finished": self.finished,
            "winners": self.winners,
        });
        for (k, v) in self.live.summary() {
            out[k] = v;
        }
        out["seats"] = serde_json::json!(self.replay.seats.held());
        if !self.closing.is_empty() {
            out["closing"] = lines(&self.closing);
        }
        out
    }
}
