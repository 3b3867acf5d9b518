//! Chicago, four-deal bridge (`rules.md`, "Chicago"): the score kept in chukkers of four
//! deals, each dealt by the next player clockwise, the vulnerability fixed by the deal's place
//! (`bridge.chicago.vulnerability`), a game's premium at once (`bridge.chicago.game`), 100 for
//! a part-score on the fourth deal (`bridge.chicago.partscore`), nothing carried over.

use super::{ChicagoVul, GAME, Game, Hand, Info, Rubber, Seat, rule, score_deal, vul_arg};
use crate::games::{Line, Scored};
use crate::i18n::{Arg, Msg};
use crate::msg;

/// Where the next deal stands on the wheel: its place in the chukker, its dealer, who is
/// vulnerable.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Wheel {
    /// The chukker, counted from 0.
    pub chukker: usize,
    /// The deal's place in its chukker, 1 to 4.
    pub deal: usize,
    pub dealer: Seat,
    pub vulnerable: [bool; 2],
}

/// The key naming who is vulnerable ("Personne vulnérable", "NS vulnérables", …).
pub fn vul_key(vulnerable: [bool; 2]) -> &'static str {
    match vulnerable {
        [false, false] => "bridge.vul.none",
        [true, false] => "bridge.vul.ns",
        [false, true] => "bridge.vul.ew",
        [true, true] => "bridge.vul.both",
    }
}

impl Wheel {
    /// The wheel for the `dealt`th deal counted (from 0) of a session whose first deal is
    /// dealt by `first_dealer`.
    pub fn at(dealt: usize, first_dealer: usize, vul: ChicagoVul) -> Wheel {
        let deal = dealt % 4 + 1;
        let dealer = Seat::ALL[(first_dealer + dealt) % 4];
        let side = dealer.side();
        let vulnerable = match deal {
            1 => [false, false],
            4 => [true, true],
            _ => {
                let on = match vul {
                    ChicagoVul::Dealer => side,
                    ChicagoVul::Other => 1 - side,
                };
                [on == 0, on == 1]
            }
        };
        Wheel {
            chukker: dealt / 4,
            deal,
            dealer,
            vulnerable,
        }
    }

    /// The four deals of a chukker in turn, from its first: what the paper's wheel shows.
    pub fn chukker(chukker: usize, first_dealer: usize, vul: ChicagoVul) -> [Wheel; 4] {
        std::array::from_fn(|k| Wheel::at(chukker * 4 + k, first_dealer, vul))
    }
}

impl Game {
    /// At Chicago, the wheel of chukker `k` (from 0); `None` for rubbers.
    pub fn chukker_wheel(&self, k: usize) -> Option<[Wheel; 4]> {
        self.options
            .chicago()
            .then(|| Wheel::chukker(k, self.options.first_dealer, self.options.chicago_vul))
    }

    /// Where the next deal stands on the wheel.
    pub fn wheel(&self) -> Wheel {
        Wheel::at(
            self.dealt,
            self.options.first_dealer,
            self.options.chicago_vul,
        )
    }

    /// One deal at Chicago: scored with the wheel's vulnerability, then the game's premium, or
    /// on the fourth deal the part-score's; a deal passed out is dealt again (the wheel stays).
    pub(super) fn play_chicago(&mut self, hand: &Hand) -> Scored<Info> {
        let wheel = self.wheel();
        self.put_by_finished();
        let rubber = self.done.len();
        let r = self.last.get_or_insert_default();
        let (mut lines, below) = score_deal(hand, wheel.vulnerable, &self.options);
        let mut game = None;
        if let Hand::Played { declarer, .. } = hand {
            let d = declarer.side();
            for s in 0..2 {
                r.toward_game[s] += below[s];
                r.below[s] += below[s];
            }
            if r.toward_game[d] >= GAME {
                let points = if wheel.vulnerable[d] { 500 } else { 300 };
                r.games[d] += 1;
                r.toward_game = [0, 0];
                game = Some(d);
                lines.push(Line::new(
                    d,
                    points,
                    rule::CHICAGO_GAME,
                    msg!(
                        "bridge.line.chicago_game",
                        points = points,
                        vul = vul_arg(wheel.vulnerable[d])
                    ),
                ));
            } else if wheel.deal == 4 && below[d] > 0 {
                lines.push(Line::new(
                    d,
                    100,
                    rule::CHICAGO_PARTSCORE,
                    Msg::new("bridge.line.chicago_partscore"),
                ));
            }
            self.dealt += 1;
            if wheel.deal == 4 {
                r.finished = true;
            }
        }
        let above = r.add_above(&lines);
        Scored {
            delta: vec![below[0] + above[0], below[1] + above[1]],
            lines,
            info: Info {
                below,
                above,
                vulnerable: wheel.vulnerable,
                rubber,
                deal: Some(wheel.deal),
                dealer: Some(wheel.dealer.index()),
                game,
            },
        }
    }

    /// The next deal's vulnerability by its place in the chukker, and why
    /// (`bridge.chicago.vulnerability`).
    pub(super) fn chicago_fact(&self, players: &[String]) -> Msg {
        let w = self.wheel();
        let player = players.get(w.dealer.index()).cloned().unwrap_or_default();
        let why = match (w.deal, self.options.chicago_vul) {
            (1, _) => "bridge.chicago.why.first",
            (4, _) => "bridge.chicago.why.fourth",
            (_, ChicagoVul::Dealer) => "bridge.chicago.why.dealer",
            (_, ChicagoVul::Other) => "bridge.chicago.why.other",
        };
        msg!(
            "bridge.chicago.fact",
            deal = w.deal,
            dealer = Arg::Key(w.dealer.name_key()),
            player = player,
            why = Msg::new(why)
        )
    }

    /// Where the table stands before the next deal: chukker, deal, dealer, vulnerability.
    pub(super) fn chicago_state(&self, players: &[String]) -> Msg {
        let w = self.wheel();
        // After a chukker's fourth deal, the next one starts clean.
        let r = match &self.last {
            Some(r) if !r.finished => *r,
            _ => Rubber::default(),
        };
        let need = [GAME - r.toward_game[0], GAME - r.toward_game[1]];
        let player = players.get(w.dealer.index()).cloned().unwrap_or_default();
        msg!(
            "state.chicago",
            chukker = w.chukker + 1,
            deal = w.deal,
            dealer = Arg::Key(w.dealer.name_key()),
            player = player,
            ns_vul = vul_arg(w.vulnerable[0]),
            ew_vul = vul_arg(w.vulnerable[1]),
            ns_need = need[0],
            ew_need = need[1]
        )
    }
}
