//! A session played hand by hand without keeping its sheet: what the command line's text sheet,
//! CSV and `explain` read, so that their memory is the session's, not its sheet's (a hand's row
//! holds its lines, a few times the hand's own size).

use crate::games::bridge::Rubber;
use crate::games::{HandInfo, Line, Live};
use crate::session::{End, Hand, HandRow, Paper, Problem, Replay, Session};

/// One hand as it was played.
pub struct Played<'a> {
    pub index: usize,
    pub hand: &'a Hand,
    pub row: &'a HandRow,
    /// The game after it.
    pub after: &'a Live,
}

fn problems(index: usize, ms: Vec<crate::i18n::Msg>) -> Vec<Problem> {
    ms.into_iter().map(|m| Problem::hand(index, m)).collect()
}

/// Checks that every hand plays, keeping only the score.
pub fn check(session: &Session) -> Result<(), Vec<Problem>> {
    Replay::new(&session.options, &session.players)
        .quiet()
        .play_from(&session.hands, 0)
}

/// Plays every hand in order, handing each to `each` and keeping none: the standing at the end
/// (closed if the session is). Stops at the first hand refused, with its problems.
pub fn play_each(session: &Session, mut each: impl FnMut(Played<'_>)) -> Result<End, Vec<Problem>> {
    let mut replay = Replay::new(&session.options, &session.players);
    for (index, hand) in session.hands.iter().enumerate() {
        let row = replay.play(&hand.game).map_err(|ms| problems(index, ms))?;
        each(Played {
            index,
            hand,
            row: &row,
            after: replay.live(),
        });
    }
    Ok(replay.end(session.closed))
}

/// The game before hand `index` and that hand's row, played from the start without keeping
/// the rows before it; `None` past the last hand.
pub fn before(session: &Session, index: usize) -> Result<Option<(Replay, HandRow)>, Vec<Problem>> {
    let Some(hand) = session.hands.get(index) else {
        return Ok(None);
    };
    let mut replay = Replay::new(&session.options, &session.players);
    replay.play_from(&session.hands[..index], 0)?;
    let before = replay.clone();
    let row = replay.play(&hand.game).map_err(|ms| problems(index, ms))?;
    Ok(Some((before, row)))
}

/// Bridge's rubbers laid out as on paper, made hand by hand: each paper is handed out as soon
/// as its rubber is over, so that an evening of thousands of rubbers is never held whole.
#[derive(Debug, Default)]
pub struct Papers {
    /// The rubber being played, by its index.
    paper: Option<Ended>,
    /// The current rubber's below-the-line entries since its last game line.
    segment: [Vec<i64>; 2],
}

/// A rubber's paper once its deals are all there, before its standing is written on it.
#[derive(Debug)]
pub struct Ended {
    /// The rubber's index.
    pub index: usize,
    paper: Paper,
}

impl Ended {
    /// The paper, with `rubber`'s standing (its totals, games, and the premiums of a rubber
    /// left unfinished).
    pub fn close(self, rubber: &Rubber) -> Paper {
        let mut paper = self.paper;
        let Rubber {
            totals,
            games,
            finished,
            unfinished,
            ..
        } = rubber;
        paper.totals = *totals;
        paper.games = *games;
        paper.finished = *finished;
        for s in 0..2 {
            if unfinished[s] > 0 {
                paper.above[s].push(unfinished[s]);
            }
        }
        paper
    }
}

impl Papers {
    /// Adds a scored deal (other games' hands are not bridge deals: nothing). The rubber's
    /// paper if the deal ends it.
    pub fn push(&mut self, info: &HandInfo, lines: &[Line]) -> Option<Ended> {
        let HandInfo::Bridge(info) = info else {
            return None;
        };
        let ended = self.paper.as_ref().is_some_and(|p| p.index != info.rubber);
        // (A deal of a new rubber after one not over cannot happen; its paper ends there.)
        let before = if ended { self.finish_one() } else { None };
        let Ended { paper, .. } = self.paper.get_or_insert_with(|| Ended {
            index: info.rubber,
            paper: Paper {
                above: [Vec::new(), Vec::new()],
                below: Vec::new(),
                totals: [0, 0],
                games: [0, 0],
                finished: false,
            },
        });
        for l in lines.iter().filter(|l| l.rule != "bridge.below.tricks") {
            paper.above[l.side].push(l.points);
        }
        for s in 0..2 {
            if info.below[s] > 0 {
                self.segment[s].push(info.below[s]);
            }
        }
        if info.game.is_some() {
            paper.below.push((std::mem::take(&mut self.segment), true));
        }
        if lines.iter().any(|l| l.rule == "bridge.rubber") {
            return self.finish_one().or(before);
        }
        before
    }

    /// The paper being made, with the entries below its last game line.
    fn finish_one(&mut self) -> Option<Ended> {
        let mut ended = self.paper.take()?;
        let segment = std::mem::take(&mut self.segment);
        if !segment[0].is_empty() || !segment[1].is_empty() {
            ended.paper.below.push((segment, false));
        }
        Some(ended)
    }

    /// The paper of the rubber left unfinished, if any.
    pub fn finish(mut self) -> Option<Ended> {
        self.finish_one()
    }

    /// Every paper of `rows`, with the standing of the game `end` played to.
    pub fn all<'a>(rows: impl Iterator<Item = &'a HandRow>, end: &Live) -> Vec<Paper> {
        let Live::Bridge(g) = end else {
            return Vec::new();
        };
        let rubbers: Vec<Rubber> = g.rubbers().collect();
        let mut papers = Papers::default();
        let mut ended: Vec<Ended> = rows
            .filter_map(|r| papers.push(&r.info, &r.lines))
            .collect();
        ended.extend(papers.finish());
        ended
            .into_iter()
            .filter_map(|e| {
                let rubber = rubbers.get(e.index)?;
                Some(e.close(rubber))
            })
            .collect()
    }
}
