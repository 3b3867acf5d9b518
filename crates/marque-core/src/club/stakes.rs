//! What is at stake on a board once its contract and declarer are keyed: every trick count
//! the play can give, N-S's score for it by `club.deal` (each board stands alone: nothing it
//! completes), and its lines with their rules; laid out for a glance as the sessions' stakes
//! are ([`crate::stakes::Stakes::rows`]).

use serde_json::{Map, Value};

use crate::games::Line;
use crate::games::bridge;
use crate::games::stakes::{Row, Said};
use crate::i18n::Msg;

/// One result of a board's bid: what the play gave, N-S's score, its lines.
#[derive(Debug, Clone)]
pub struct BoardOutcome {
    pub said: Said,
    pub ns: i64,
    pub lines: Vec<Line>,
}

/// Every result a board's bid can have, from the fewest tricks up.
#[derive(Debug, Clone)]
pub struct BoardStakes {
    pub outcomes: Vec<BoardOutcome>,
    pub bid: Map<String, Value>,
}

impl BoardStakes {
    /// The results in a row from the worst to the best, the declaring side's figure
    /// (`sides`: N-S and E-W in words).
    pub fn rows(&self, sides: &[String]) -> Vec<Row> {
        let deltas: Vec<[i64; 2]> = self
            .outcomes
            .iter()
            .map(|o| [o.ns.max(0), (-o.ns).max(0)])
            .collect();
        let said: Vec<(&Said, &[i64])> = self
            .outcomes
            .iter()
            .zip(&deltas)
            .map(|(o, d)| (&o.said, d.as_slice()))
            .collect();
        crate::games::stakes::rows(&said, &self.bid, &[], sides)
    }
}

/// The stakes of board `board` bid as `bid` (a deal without its tricks: `{"contract": "4SX",
/// "declarer": "E"}`); refused, in words, where the bid is not one the rules take.
pub fn board_stakes(board: u32, bid: &Value) -> Result<BoardStakes, Msg> {
    let Value::Object(bid) = bid else {
        return Err(Msg::new("stakes.missing"));
    };
    let mut outcomes = Vec::new();
    let mut refused = None;
    for (deal, said) in crate::games::stakes::bridge(bid)? {
        match bridge::decode_hand(&deal) {
            Ok(hand) => {
                let scored = super::board::score(board, &hand);
                outcomes.push(BoardOutcome {
                    said,
                    ns: scored.ns_score(),
                    lines: scored.lines,
                });
            }
            Err(ms) => refused = refused.or_else(|| ms.into_iter().next()),
        }
    }
    match (outcomes.is_empty(), refused) {
        (true, Some(m)) => Err(m),
        _ => Ok(BoardStakes {
            outcomes,
            bid: bid.clone(),
        }),
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, reason = "tests fail loudly")]
    use super::*;
    use crate::club::{Played, board_score};
    use serde_json::json;

    /// Each result's score is the board's as entered with those tricks, and the row says
    /// it from the declaring side: 4♠X by East on board 3 (E-W vulnerable) made is +790 for
    /// E-W, one down −200.
    #[test]
    fn each_result_is_the_board_as_entered() {
        let bid = json!({"contract": "4SX", "declarer": "E"});
        let s = board_stakes(3, &bid).unwrap();
        assert_eq!(s.outcomes.len(), 14);
        for (tricks, o) in s.outcomes.iter().enumerate() {
            let mut deal = bid.clone();
            deal["tricks"] = json!(tricks);
            let played = Played::Deal(bridge::decode_hand(&deal).unwrap());
            assert_eq!(Some(o.ns), board_score(3, &played).map(|(ns, _)| ns));
        }
        let rows = s.rows(&["NS".into(), "EO".into()]);
        let cells = &rows[0].cells;
        let at = |by: i64| {
            let tricks = u8::try_from(10 + by).unwrap();
            let said = Said::Bridge { tricks, by };
            let cell = cells.iter().find(|c| s.outcomes[c.outcome].said == said);
            cell.unwrap().points
        };
        assert_eq!(at(0), 790);
        assert_eq!(at(-1), -200);
        assert_eq!(at(-3), -800);
        assert_eq!(at(1), 990);
        assert_eq!(
            board_stakes(2, &json!({"contract": "8S", "declarer": "E"}))
                .unwrap_err()
                .key,
            "bridge.err.contract"
        );
        assert!(board_stakes(2, &json!({"contract": "4S"})).is_err());
    }
}
