//! Chicago, four-deal bridge (`rules.md`, "Chicago"): the score kept in chukkers of four
//! deals, each dealt by the next player clockwise, the vulnerability fixed by the deal's place
//! (`bridge.chicago.vulnerability`), a game's premium at once (`bridge.chicago.game`), 100 for
//! a part-score on the fourth deal (`bridge.chicago.partscore`), nothing carried over.

use super::hand::Seat;
use super::options::ChicagoVul;

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
