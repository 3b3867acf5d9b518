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

/// Bridge's rubbers laid out as on paper, made hand by hand.
#[derive(Debug, Default)]
pub struct Papers {
    papers: Vec<Paper>,
    /// The current rubber's below-the-line entries since its last game line.
    segment: [Vec<i64>; 2],
}

impl Papers {
    /// Adds a scored deal (other games' hands are not bridge deals: nothing).
    pub fn push(&mut self, info: &HandInfo, lines: &[Line]) {
        let HandInfo::Bridge(info) = info else {
            return;
        };
        while self.papers.len() <= info.rubber {
            self.close_segment();
            self.papers.push(Paper {
                above: [Vec::new(), Vec::new()],
                below: Vec::new(),
                totals: [0, 0],
                games: [0, 0],
                finished: false,
            });
        }
        let Some(paper) = self.papers.get_mut(info.rubber) else {
            return;
        };
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
    }

    /// The entries below the line after the last game line of the last rubber.
    fn close_segment(&mut self) {
        let segment = std::mem::take(&mut self.segment);
        if let Some(paper) = self.papers.last_mut()
            && (!segment[0].is_empty() || !segment[1].is_empty())
        {
            paper.below.push((segment, false));
        }
    }

    /// The papers, with each rubber's standing from the game at the end.
    pub fn finish(mut self, end: &Live) -> Vec<Paper> {
        let Live::Bridge(g) = end else {
            return Vec::new();
        };
        self.close_segment();
        for (paper, rubber) in self.papers.iter_mut().zip(g.rubbers()) {
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
        }
        self.papers
    }
}
