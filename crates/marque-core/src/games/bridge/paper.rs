//! Bridge's rubbers laid out as on paper: We and They, bonuses above the line, contracts
//! below it, a line under each game. Made deal by deal, each paper handed out as its rubber ends.

use super::chicago::Wheel;
use super::game::Game;
use super::score::{Info, Rubber, rule};
use crate::games::kit::Line;
use crate::i18n::Msg;
use crate::i18n::msg;

/// One bridge rubber as written on paper.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Paper {
    /// Per side (NS, EW), the entries above the line, oldest first (nearest the line).
    pub above: [Vec<i64>; 2],
    /// Below the line: per side the entries of each segment, and whether a game line closes it.
    pub below: Vec<([Vec<i64>; 2], bool)>,
    pub totals: [i64; 2],
    pub games: [i64; 2],
    /// A side won two games: the rubber is over (Chicago: its four deals are played).
    pub finished: bool,
    /// Chicago: the chukker's wheel, its four deals in turn.
    pub wheel: Option<[Slot; 4]>,
}

/// One deal of a Chicago chukker as the wheel shows it: who deals, who is vulnerable, what it
/// gave and the chukker's running total (`None` before it is played).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Slot {
    /// 1 to 4.
    pub deal: usize,
    /// The dealer's seat: 0 = N … 3 = W.
    pub dealer: usize,
    pub vulnerable: [bool; 2],
    pub points: Option<[i64; 2]>,
    pub running: Option<[i64; 2]>,
}

impl Slot {
    fn of(w: &Wheel) -> Slot {
        Slot {
            deal: w.deal,
            dealer: w.dealer.index(),
            vulnerable: w.vulnerable,
            points: None,
            running: None,
        }
    }
}

impl Paper {
    /// The keys of the two columns' headings: We (NS) and They (EW).
    pub const HEADINGS: [&'static str; 2] = ["bridge.we", "bridge.they"];

    /// The evening's standing after `rubbers` rubbers whose totals add up to `totals`:
    /// "Soirée après 2 robres : NS 1340, EO 600".
    pub fn evening(rubbers: usize, totals: [i64; 2]) -> Msg {
        Paper::evening_of(rubbers, totals, false)
    }

    /// The evening's standing after `rubbers` papers whose totals add up to `totals`, in
    /// chukkers where the papers have wheels (Chicago).
    pub fn evening_of(rubbers: usize, totals: [i64; 2], wheels: bool) -> Msg {
        let key = if wheels {
            "bridge.evening.chicago"
        } else {
            "bridge.evening"
        };
        msg!(key, rubbers = rubbers, ns = totals[0], ew = totals[1])
    }

    /// The paper's title: "Robre 2", or at Chicago "Chukker 2".
    pub fn title(&self, k: usize) -> Msg {
        let key = if self.wheel.is_some() {
            "text.chukker"
        } else {
            "text.rubber"
        };
        msg!(key, n = k + 1)
    }

    /// The wheel's rows as people read them (Chicago): the deal, its dealer, who is vulnerable,
    /// what it gave each side and the chukker's running total ("—" before it is played).
    pub fn wheel_rows(&self, lang: crate::i18n::Lang) -> Vec<[String; 5]> {
        use crate::i18n::tr;
        let Some(slots) = &self.wheel else {
            return Vec::new();
        };
        slots
            .iter()
            .map(|s| {
                let vul = super::chicago::vul_key(s.vulnerable);
                let seat = super::hand::Seat::ALL[s.dealer % 4];
                let pair = |p: Option<[i64; 2]>, signed: bool| match p {
                    Some([a, b]) if signed => {
                        format!(
                            "{} / {}",
                            crate::games::kit::number_signed(a),
                            crate::games::kit::number_signed(b)
                        )
                    }
                    Some([a, b]) => {
                        format!(
                            "{} / {}",
                            crate::games::kit::number(a),
                            crate::games::kit::number(b)
                        )
                    }
                    None => "—".to_string(),
                };
                [
                    msg!("bridge.wheel.deal", n = s.deal).render(lang),
                    tr(lang, seat.name_key()),
                    tr(lang, vul),
                    pair(s.points, true),
                    pair(s.running, false),
                ]
            })
            .collect()
    }

    /// The rubber's result line once it is over ("NS gagnent le robre 1 de 1340 points"), as
    /// on the paper sheet; `k` is its index.
    pub fn result(&self, k: usize) -> Option<Msg> {
        if !self.finished {
            return None;
        }
        let [ns, ew] = self.totals;
        let (tied, won) = if self.wheel.is_some() {
            ("bridge.chukker.tied", "bridge.chukker.result")
        } else {
            ("bridge.rubber.tied", "bridge.rubber.result")
        };
        Some(if ns == ew {
            msg!(tied, n = k + 1)
        } else {
            let side = if ns > ew { "side.NS" } else { "side.EW" };
            msg!(
                won,
                side = crate::i18n::Arg::Key(side),
                n = k + 1,
                margin = (ns - ew).abs()
            )
        })
    }
}

/// Bridge's rubbers laid out as on paper, made hand by hand: each paper is handed out once its
/// rubber is over (at the next rubber's first deal), so that an evening of thousands of rubbers is never held whole.
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
    fn new(index: usize) -> Ended {
        Ended {
            index,
            paper: Paper {
                above: [Vec::new(), Vec::new()],
                below: Vec::new(),
                totals: [0, 0],
                games: [0, 0],
                finished: false,
                wheel: None,
            },
        }
    }

    /// The paper, with the standing of its rubber in `g`, the game just after its last deal
    /// (`None` if it has no such rubber).
    pub fn close_in(self, g: &Game) -> Option<Paper> {
        let wheel = g.chukker_wheel(self.index);
        let rubber = g.rubber_at(self.index)?;
        Some(self.close(&rubber, wheel))
    }

    /// The paper, with `rubber`'s standing (its totals, games, and the premiums of a rubber
    /// left unfinished), and at Chicago the deals of the chukker's wheel not played yet.
    pub fn close(self, rubber: &Rubber, wheel: Option<[Wheel; 4]>) -> Paper {
        let mut paper = self.paper;
        if let Some(w) = wheel {
            let slots = paper
                .wheel
                .get_or_insert_with(|| w.each_ref().map(Slot::of));
            for (slot, w) in slots.iter_mut().zip(&w) {
                if slot.points.is_none() {
                    *slot = Slot::of(w);
                }
            }
        }
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

/// What an entry of a session is to a rubber's paper.
#[derive(Debug, Clone, Copy)]
pub enum Entry<'a> {
    /// A deal, with its facts.
    Deal(&'a Info),
    /// Points the table agreed on in rubber `0` (counted from 0).
    Agreed(usize),
    /// Anything else (another table event, another game's hand): nothing on a paper.
    Other,
}

impl Papers {
    /// Adds a scored deal (other games' hands are not bridge deals: nothing). The rubber's
    /// paper if the deal ends it.
    pub fn push(&mut self, entry: Entry<'_>, lines: &[Line]) -> Option<Ended> {
        let info = match entry {
            Entry::Deal(info) => info,
            // Points agreed by the table go above the line of their rubber.
            Entry::Agreed(rubber) => {
                if self.paper.as_ref().is_some_and(|p| p.index != rubber) {
                    return None;
                }
                let paper = &mut self.paper.get_or_insert_with(|| Ended::new(rubber)).paper;
                // Chicago: the chukker's running total after the last deal played takes the
                // points too (before the first deal, that deal's running total will).
                let last = paper
                    .wheel
                    .as_mut()
                    .and_then(|w| w.iter_mut().rev().find_map(|s| s.running.as_mut()));
                let mut running = last;
                for l in lines {
                    paper.above[l.side].push(l.points);
                    if let Some(r) = running.as_mut().and_then(|r| r.get_mut(l.side)) {
                        *r += l.points;
                    }
                }
                return None;
            }
            Entry::Other => return None,
        };
        let ended = self.paper.as_ref().is_some_and(|p| p.index != info.rubber);
        // (A deal of a new rubber after one not over cannot happen; its paper ends there.)
        let before = if ended { self.finish_one() } else { None };
        let Ended { paper, .. } = self.paper.get_or_insert_with(|| Ended::new(info.rubber));
        // Chicago: the deal in its place on the wheel (a deal passed out is dealt again).
        if let (Some(deal), Some(dealer), false) = (info.deal, info.dealer, lines.is_empty()) {
            let slots = paper.wheel.get_or_insert_with(|| {
                std::array::from_fn(|k| Slot {
                    deal: k + 1,
                    dealer: 0,
                    vulnerable: [false, false],
                    points: None,
                    running: None,
                })
            });
            // Before the chukker's first deal, the points the table agreed on in it.
            let agreed = [0, 1].map(|s: usize| paper.above[s].iter().sum::<i64>());
            let before = slots[..deal.saturating_sub(1)]
                .iter()
                .rev()
                .find_map(|s| s.running)
                .unwrap_or(agreed);
            let points = [info.below[0] + info.above[0], info.below[1] + info.above[1]];
            if let Some(slot) = slots.get_mut(deal - 1) {
                *slot = Slot {
                    deal,
                    dealer,
                    vulnerable: info.vulnerable,
                    points: Some(points),
                    running: Some([before[0] + points[0], before[1] + points[1]]),
                };
            }
        }
        for l in lines.iter().filter(|l| l.rule != rule::BELOW_TRICKS) {
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
        // (A paper ends when the next rubber begins, or at the end: agreed points may still
        // come into a rubber over, before the next deal.)
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
}
