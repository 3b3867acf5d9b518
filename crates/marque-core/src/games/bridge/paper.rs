//! Bridge's rubbers laid out as on paper: We and They, bonuses above the line, contracts
//! below it, a line under each game. Made deal by deal, each paper handed out as its rubber ends.

use super::Rubber;
use crate::games::{HandInfo, Line, Live};
use crate::i18n::Msg;
use crate::msg;
use crate::session::HandRow;

/// One bridge rubber as written on paper.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Paper {
    /// Per side (NS, EW), the entries above the line, oldest first (nearest the line).
    pub above: [Vec<i64>; 2],
    /// Below the line: per side the entries of each segment, and whether a game line closes it.
    pub below: Vec<([Vec<i64>; 2], bool)>,
    pub totals: [i64; 2],
    pub games: [i64; 2],
    /// A side won two games: the rubber is over.
    pub finished: bool,
}

impl Paper {
    /// The keys of the two columns' headings: We (NS) and They (EW).
    pub const HEADINGS: [&'static str; 2] = ["bridge.we", "bridge.they"];

    /// The evening's standing after `rubbers` rubbers whose totals add up to `totals`:
    /// "Soirée après 2 robres : NS 1340, EO 600".
    pub fn evening(rubbers: usize, totals: [i64; 2]) -> Msg {
        msg!(
            "bridge.evening",
            rubbers = rubbers,
            ns = totals[0],
            ew = totals[1]
        )
    }

    /// The rubber's result line once it is over ("NS gagnent le robre 1 de 1340 points"), as
    /// on the paper sheet; `k` is its index.
    pub fn result(&self, k: usize) -> Option<Msg> {
        if !self.finished {
            return None;
        }
        let [ns, ew] = self.totals;
        Some(if ns == ew {
            msg!("bridge.rubber.tied", n = k + 1)
        } else {
            let side = if ns > ew { "side.NS" } else { "side.EW" };
            msg!(
                "bridge.rubber.result",
                side = crate::i18n::Arg::Key(side),
                n = k + 1,
                margin = (ns - ew).abs()
            )
        })
    }
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
    /// The paper, with the standing of its rubber in `live`, the game just after its last
    /// deal (`None` if that is not a bridge game with a rubber).
    pub fn close_on(self, live: &Live) -> Option<Paper> {
        let Live::Bridge(g) = live else {
            return None;
        };
        Some(self.close(g.last_rubber()?))
    }

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
        for l in lines.iter().filter(|l| l.rule != super::rule::BELOW_TRICKS) {
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
        if lines.iter().any(|l| l.rule == super::rule::RUBBER) {
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
