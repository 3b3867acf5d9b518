//! A deal's score at rubber bridge, by the laws' tables: tricks below the line, overtricks,
//! undertricks, premiums and honours above it, and a rubber's standing.

use serde::Serialize;

use crate::games::kit::Line;
use crate::i18n::msg;
use crate::i18n::{Arg, Msg};

use super::hand::{Contract, Doubling, Hand};
use super::options::{Options, SlamRule, Table};

/// The game's rule ids, as its lines and the rules screen name them.
pub mod rule {
    use crate::games::kit::RuleId;

    pub const BELOW_TRICKS: RuleId = RuleId::new("bridge.below.tricks");
    pub const GAME: RuleId = RuleId::new("bridge.game");
    pub const OVERTRICKS: RuleId = RuleId::new("bridge.overtricks");
    pub const INSULT: RuleId = RuleId::new("bridge.insult");
    pub const UNDERTRICKS: RuleId = RuleId::new("bridge.undertricks");
    pub const UNDERTRICKS_DOUBLED: RuleId = RuleId::new("bridge.undertricks.doubled");
    pub const SLAM: RuleId = RuleId::new("bridge.slam");
    pub const HONOURS: RuleId = RuleId::new("bridge.honours");
    pub const RUBBER: RuleId = RuleId::new("bridge.rubber");
    pub const UNFINISHED: RuleId = RuleId::new("bridge.unfinished");
    pub const CHICAGO_VULNERABILITY: RuleId = RuleId::new("bridge.chicago.vulnerability");
    pub const CHICAGO_GAME: RuleId = RuleId::new("bridge.chicago.game");
    pub const CHICAGO_PARTSCORE: RuleId = RuleId::new("bridge.chicago.partscore");
    // A duplicate board, scored alone (an evening's tables, `club.deal`).
    pub const CLUB_TRICKS: RuleId = RuleId::new("club.deal.tricks");
    pub const CLUB_OVERTRICKS: RuleId = RuleId::new("club.deal.overtricks");
    pub const CLUB_INSULT: RuleId = RuleId::new("club.deal.insult");
    pub const CLUB_GAME: RuleId = RuleId::new("club.deal.game");
    pub const CLUB_PARTSCORE: RuleId = RuleId::new("club.deal.partscore");
    pub const CLUB_SLAM: RuleId = RuleId::new("club.deal.slam");
    pub const CLUB_UNDERTRICKS: RuleId = RuleId::new("club.deal.undertricks");
}

/// Points below the line that make a game.
pub const GAME: i64 = 100;

/// Facts of one scored deal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Info {
    pub below: [i64; 2],
    pub above: [i64; 2],
    /// Per side, before the deal.
    pub vulnerable: [bool; 2],
    pub rubber: usize,
    /// Chicago: the deal's place in its chukker (1 to 4; a deal passed out, the one dealt
    /// again) and its dealer (0 = N … 3 = W).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deal: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dealer: Option<usize>,
    /// The side that won a game with this deal (the line is drawn under it).
    #[serde(skip)]
    pub game: Option<usize>,
}

/// One rubber's standing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
pub struct Rubber {
    // In the order of their names: `marque score` has always written them so.
    pub above: [i64; 2],
    pub below: [i64; 2],
    pub finished: bool,
    pub games: [i64; 2],
    pub totals: [i64; 2],
    /// Below-the-line points toward the next game, per side.
    #[serde(skip)]
    pub toward_game: [i64; 2],
    /// The unfinished-rubber premiums added when the session was closed (laws table).
    #[serde(skip)]
    pub unfinished: [i64; 2],
}

impl Rubber {
    /// Adds a deal's lines above the line (all but its trick points) and makes the totals
    /// again; what went above, per side.
    pub(super) fn add_above(&mut self, lines: &[Line]) -> [i64; 2] {
        let mut above = [0, 0];
        for l in lines.iter().filter(|l| l.rule != rule::BELOW_TRICKS) {
            above[l.side] += l.points;
        }
        for s in 0..2 {
            self.above[s] += above[s];
            self.totals[s] = self.below[s] + self.above[s];
        }
        above
    }

    pub fn vulnerable(&self) -> [bool; 2] {
        [self.games[0] > 0, self.games[1] > 0]
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Summary {
    pub rubbers: Vec<Rubber>,
}

/// What each overtrick of a made contract is worth (`bridge.overtricks`).
fn overtrick_value(c: Contract, vul: bool) -> i64 {
    match c.doubling {
        Doubling::None => c.strain.trick_points().1,
        _ => (if vul { 200 } else { 100 }) * c.doubling.factor() / 2,
    }
}

/// What each undertrick of a doubled contract costs, first to last
/// (`bridge.undertricks.doubled`); twice that redoubled.
fn undertricks_doubled(down: i64, vul: bool, table: Table) -> impl Iterator<Item = i64> {
    (1..=down).map(move |k| match (vul, k, table) {
        (false, 1, _) => 100,
        (false, 2..=3, _) => 200,
        (false, _, Table::Laws) => 300,
        (false, _, Table::Seed) => 200,
        (true, 1, _) => 200,
        (true, _, _) => 300,
    })
}

/// The sum a line of a deal is, written out (`4 × 30 = 120`, `200 + 300 + 300 = 800`); `None`
/// for a line that is one figure (a bonus, honours, the rubber).
pub(super) fn count(hand: &Hand, info: &Info, line: &Line, options: &Options) -> Option<String> {
    let Hand::Played {
        contract: c,
        declarer,
        tricks,
        ..
    } = *hand
    else {
        return None;
    };
    let vul = info.vulnerable[declarer.side()];
    let f = c.doubling.factor();
    let times = |sum: String, by: i64| {
        if by == 1 {
            sum
        } else {
            format!("({sum}) × {by}")
        }
    };
    let sum = match line.rule {
        rule::BELOW_TRICKS => {
            let (first, next) = c.strain.trick_points();
            let level = i64::from(c.level.get());
            let sum = match (first == next, level) {
                (true, _) => format!("{level} × {next}"),
                (false, 1) => format!("{first}"),
                (false, _) => format!("{first} + {} × {next}", level - 1),
            };
            times(sum, f)
        }
        rule::OVERTRICKS => format!("{} × {}", tricks - c.needed(), overtrick_value(c, vul)),
        rule::UNDERTRICKS => {
            format!("{} × {}", c.needed() - tricks, if vul { 100 } else { 50 })
        }
        rule::UNDERTRICKS_DOUBLED => {
            let down = i64::from(c.needed() - tricks);
            let terms: Vec<String> = undertricks_doubled(down, vul, options.table)
                .map(|t| t.to_string())
                .collect();
            times(terms.join(" + "), f / 2)
        }
        _ => return None,
    };
    Some(format!("{sum} = {}", line.points))
}

/// What one deal scores, before games and rubbers: `(below, above lines)` for the declarer's side.
pub fn score_deal(hand: &Hand, vulnerable: [bool; 2], options: &Options) -> (Vec<Line>, [i64; 2]) {
    // Tricks, overtricks, a bonus or two, honours and the rubber: room for them all at once.
    let mut lines = Vec::with_capacity(6);
    let mut below = [0, 0];
    let Hand::Played {
        contract: c,
        declarer,
        tricks,
        honours,
    } = *hand
    else {
        return (lines, below);
    };
    let d = declarer.side();
    let vul = vulnerable[d];
    let f = c.doubling.factor();
    let needed = c.needed();
    if tricks >= needed {
        let (first, next) = c.strain.trick_points();
        let points = (first + next * (i64::from(c.level.get()) - 1)) * f;
        below[d] = points;
        lines.push(Line::new(
            d,
            points,
            rule::BELOW_TRICKS,
            msg!(
                "bridge.line.below",
                contract = c.display(),
                level = c.level.get(),
                points = points
            ),
        ));
        let over = (tricks - needed) as i64;
        if over > 0 {
            let each = overtrick_value(c, vul);
            lines.push(Line::new(
                d,
                over * each,
                rule::OVERTRICKS,
                msg!("bridge.line.overtricks", n = over, each = each),
            ));
        }
        if c.doubling != Doubling::None {
            let insult = match (options.table, c.doubling) {
                (Table::Laws, Doubling::Redoubled) => 100,
                _ => 50,
            };
            lines.push(Line::new(
                d,
                insult,
                rule::INSULT,
                Msg::new("bridge.line.insult"),
            ));
        }
        let slam = match options.slam {
            SlamRule::Bid => c.level.get().checked_sub(5).filter(|_| c.level.get() >= 6),
            SlamRule::Tricks => tricks.checked_sub(11).filter(|_| tricks >= 12),
        };
        if let Some(kind) = slam {
            let (key, points) = match (kind, vul) {
                (1, false) => ("bridge.line.small_slam", 500),
                (1, true) => ("bridge.line.small_slam", 750),
                (_, false) => ("bridge.line.grand_slam", 1000),
                (_, true) => ("bridge.line.grand_slam", 1500),
            };
            lines.push(Line::new(
                d,
                points,
                rule::SLAM,
                msg!(key, vul = vul_arg(vul)),
            ));
        }
    } else {
        let down = (needed - tricks) as i64;
        let o = 1 - d;
        let (rule, points, text) = match c.doubling {
            Doubling::None => {
                let each = if vul { 100 } else { 50 };
                (
                    rule::UNDERTRICKS,
                    down * each,
                    msg!(
                        "bridge.line.down",
                        n = down,
                        each = each,
                        vul = vul_arg(vul)
                    ),
                )
            }
            _ => {
                let points = undertricks_doubled(down, vul, options.table).sum::<i64>() * f / 2;
                let key = if c.doubling == Doubling::Doubled {
                    "bridge.line.down_x"
                } else {
                    "bridge.line.down_xx"
                };
                (
                    rule::UNDERTRICKS_DOUBLED,
                    points,
                    msg!(key, n = down, vul = vul_arg(vul)),
                )
            }
        };
        lines.push(Line::new(o, points, rule, text));
    }
    if let Some(h) = honours {
        lines.push(Line::new(
            h.side,
            h.kind.points(),
            rule::HONOURS,
            msg!("bridge.line.honours", kind = Arg::Key(h.kind.name_key())),
        ));
    }
    (lines, below)
}

pub(super) fn vul_arg(vul: bool) -> Arg {
    Arg::Key(if vul {
        "bridge.vulnerable"
    } else {
        "bridge.not_vulnerable"
    })
}
