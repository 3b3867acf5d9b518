//! A duplicate board: its dealer and vulnerability by its number (`club.board`), and its
//! score alone, from N-S (`club.deal`), with the bridge rules where they agree.

use serde_json::{Value, json};

use crate::games::bridge::{self, Hand, Seat};
use crate::games::{Line, RuleId};
use crate::i18n::{Lang, Msg, msg};

/// The vulnerability of the 16 boards of the cycle, by (board − 1) mod 16: none, NS, EW, both.
const CYCLE: [usize; 16] = [0, 1, 2, 3, 1, 2, 3, 0, 2, 3, 0, 1, 3, 0, 1, 2];
const VUL_WORDS: [&str; 4] = ["none", "ns", "ew", "both"];

/// Board `board`'s dealer (`club.board`).
pub fn dealer(board: u32) -> Seat {
    Seat::ALL[((board.max(1) - 1) % 4) as usize]
}

/// Board `board`'s vulnerability, [N-S, E-W].
pub fn vulnerable(board: u32) -> [bool; 2] {
    let v = CYCLE[((board.max(1) - 1) % 16) as usize];
    [v == 1 || v == 3, v == 2 || v == 3]
}

/// The vulnerability as the evening's output writes it: "none", "ns", "ew", "both".
pub fn vulnerable_word(board: u32) -> &'static str {
    VUL_WORDS[CYCLE[((board.max(1) - 1) % 16) as usize]]
}

/// A board's score, scored alone: the lines, the trick points (below) and the rest (above), per
/// side, and the score from N-S.
pub struct Scored {
    pub lines: Vec<Line>,
    pub below: [i64; 2],
    pub above: [i64; 2],
}

impl Scored {
    /// The score as N-S write it: positive when N-S score.
    pub fn ns_score(&self) -> i64 {
        self.below[0] + self.above[0] - self.below[1] - self.above[1]
    }
}

/// The rules a duplicate board's lines cite, from bridge's own where they agree.
fn club_rule(rule: RuleId) -> RuleId {
    use bridge::rule as r;
    match rule {
        r::BELOW_TRICKS => r::CLUB_TRICKS,
        r::OVERTRICKS => r::CLUB_OVERTRICKS,
        r::INSULT => r::CLUB_INSULT,
        r::SLAM => r::CLUB_SLAM,
        _ => r::CLUB_UNDERTRICKS,
    }
}

/// Board `board` played as `hand`, scored by `club.deal`: trick points, overtricks, the insult,
/// slams and undertricks as at bridge under the current Laws, then 300 or 500 for a game
/// (the contract's trick points alone reach 100), else 50 for a part-score.
pub fn score(board: u32, hand: &Hand) -> Scored {
    let vul = vulnerable(board);
    let options = bridge::Options {
        table: bridge::Table::Laws,
        ..bridge::Options::default()
    };
    let (lines, below) = bridge::score_deal(hand, vul, &options);
    let mut out: Vec<Line> = lines
        .into_iter()
        .map(|l| Line::new(l.side, l.points, club_rule(l.rule), l.text))
        .collect();
    if let Some(side) = (0..2).find(|&s| below[s] > 0) {
        let (points, rule, key) = match (below[side] >= 100, vul[side]) {
            (true, false) => (300, bridge::rule::CLUB_GAME, "club.line.game"),
            (true, true) => (500, bridge::rule::CLUB_GAME, "club.line.game"),
            (false, _) => (50, bridge::rule::CLUB_PARTSCORE, "club.line.partscore"),
        };
        out.push(Line::new(
            side,
            points,
            rule,
            msg!(key, points = points, vul = vul_arg(vul[side])),
        ));
    }
    let mut above = [0, 0];
    for l in &out {
        if l.rule != bridge::rule::CLUB_TRICKS {
            above[l.side] += l.points;
        }
    }
    Scored {
        lines: out,
        below,
        above,
    }
}

fn vul_arg(vul: bool) -> crate::i18n::Arg {
    crate::i18n::Arg::Key(if vul {
        "bridge.vulnerable"
    } else {
        "bridge.not_vulnerable"
    })
}

/// The lines as `marque score` writes them.
pub fn lines_json(lines: &[Line], lang: Lang) -> Vec<Value> {
    lines
        .iter()
        .map(|l| {
            json!({"side": l.side, "points": l.points, "rule": l.rule.as_str(),
                   "text": l.text.render(lang)})
        })
        .collect()
}

/// A board's heading in words: "Donne 7 — donneur Sud, tous vulnérables".
pub fn heading(board: u32) -> Msg {
    let vul = vulnerable(board);
    msg!(
        "club.board.heading",
        board = i64::from(board),
        dealer = crate::i18n::Arg::Key(dealer(board).name_key()),
        vul = crate::i18n::Arg::Key(bridge::vul_key(vul))
    )
}
