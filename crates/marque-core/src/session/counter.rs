//! Each person's figures in one session, for statistics (`table.*`, "Statistics"): a hand's
//! figures go to who held the seat for it, a person counts the session if they played one of
//! its hands, a win goes to who holds a winning seat at the end.

use crate::games::table::{Event, Seats};
use crate::games::{GameHand, GameKind, HandInfo, Live, Tally};

/// Who held the seats, one entry per person and seat (a substitute is a new entry, a seat that
/// joined too), with their figures.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Holders {
    /// Each holder's name.
    pub names: Vec<String>,
    /// The seat each held.
    pub seats: Vec<usize>,
    /// Each holder still holds the seat at the end (a win is theirs).
    pub holds: Vec<bool>,
    /// Each holder played at least one hand.
    pub played: Vec<bool>,
    /// Each holder's figures.
    pub figures: Vec<Tally>,
    /// Each holder's best hand: the most points their seat's side made in one hand they took
    /// part in (`None`: no hand).
    pub best_hand: Vec<Option<i64>>,
    /// A table event changed who sits where, or a seat sat a hand out (else the holders are
    /// the players, and all count as ever, a session without a hand included).
    pub changed: bool,
}

impl Holders {
    /// Only those who played a hand: what statistics count.
    pub fn playing(self) -> Holders {
        // Who played a hand counts; and so does a seat held at the end by one who played a
        // hand under another seat (left, then came back): the win is theirs, as the spec
        // says, even without a hand there.
        // (One person however the name was typed: capitals, spaces, accents.)
        let keys: Vec<String> = self
            .names
            .iter()
            .map(|n| crate::stats::person_key(n))
            .collect();
        let keep: Vec<bool> = (0..self.names.len())
            .map(|i| {
                self.played[i]
                    || self.holds[i]
                        && (0..self.names.len()).any(|j| self.played[j] && keys[j] == keys[i])
            })
            .collect();
        let n = keep.iter().filter(|k| **k).count();
        Holders {
            names: pick(self.names, &keep),
            seats: pick(self.seats, &keep),
            holds: pick(self.holds, &keep),
            played: vec![true; n],
            figures: pick(self.figures, &keep),
            best_hand: pick(self.best_hand, &keep),
            changed: self.changed,
        }
    }

    /// Whether the holders are the seats themselves, in order, every one of them having played
    /// (no event changed anything): statistics then need only the players and figures.
    pub fn are_seats(&self, players: &[String]) -> bool {
        !self.changed && self.names == players
    }
}

/// The items of `v` whose place in `keep` is true.
fn pick<T>(v: Vec<T>, keep: &[bool]) -> Vec<T> {
    v.into_iter()
        .zip(keep)
        .filter(|(_, k)| **k)
        .map(|(x, _)| x)
        .collect()
}

/// Counts the figures hand by hand, following who sits where.
#[derive(Debug, Clone)]
pub struct Counter {
    game: GameKind,
    seats: Seats,
    /// Each seat's holder now (an index into the holders).
    holder_of: Vec<usize>,
    holders: Holders,
    /// The whole game's figures (rubbers, manches) each seat was credited with when its last
    /// holder left it: the next holder gets only what came after.
    ended: Vec<Tally>,
}

impl Counter {
    pub fn new(game: GameKind, players: &[String]) -> Counter {
        Counter {
            game,
            seats: Seats::new(game, players),
            holder_of: (0..players.len()).collect(),
            ended: vec![Tally::new(game); players.len()],
            holders: Holders {
                names: players.to_vec(),
                seats: (0..players.len()).collect(),
                holds: vec![true; players.len()],
                played: vec![false; players.len()],
                figures: vec![Tally::new(game); players.len()],
                best_hand: vec![None; players.len()],
                changed: false,
            },
        }
    }

    /// The holders are the seats in order: a hand's figures go straight to them.
    fn in_order(&self) -> bool {
        self.holder_of.iter().enumerate().all(|(s, h)| s == *h)
    }

    fn add_holder(&mut self, seat: usize, name: &str) -> usize {
        let h = &mut self.holders;
        h.names.push(name.to_string());
        h.seats.push(seat);
        h.holds.push(true);
        h.played.push(false);
        h.figures.push(Tally::new(self.game));
        h.best_hand.push(None);
        h.names.len() - 1
    }

    /// A table event played (a refused one changes nothing), in the game `live` as it stood.
    pub fn event(&mut self, event: &Event, live: &Live) {
        if self.seats.apply(event).is_err() {
            return;
        }
        // Points agreed change no seat; anything else may leave someone who played no hand.
        if !matches!(event, Event::Adjust { .. }) {
            self.holders.changed = true;
        }
        match event {
            Event::Replace { seat, player } => {
                if let Some(old) = self.holder_of.get(*seat).copied() {
                    // The whole game's figures so far (rubbers, manches over) are the one
                    // leaving's.
                    let mut now = vec![Tally::new(self.game); self.holder_of.len()];
                    live.tally_end(&mut now);
                    if let (Some(n), Some(e)) = (now.get(*seat), self.ended.get_mut(*seat)) {
                        self.holders.figures[old].merge(&n.since(e));
                        *e = *n;
                    }
                    self.holders.holds[old] = false;
                    let new = self.add_holder(*seat, player);
                    self.holder_of[*seat] = new;
                }
            }
            Event::Join { player, .. } => {
                let seat = self.seats.len() - 1;
                let new = self.add_holder(seat, player);
                self.holder_of.push(new);
                self.ended.push(Tally::new(self.game));
            }
            Event::Adjust { .. } | Event::Leave { .. } => {}
        }
    }

    /// A hand played, as scored: its figures to the seats' holders now.
    pub fn hand(&mut self, hand: &GameHand, info: &HandInfo, delta: &[i64], live: &Live) {
        if let Some(e) = hand.event() {
            self.event(e, live);
            return;
        }
        for s in self.seats.playing() {
            if let Some(&h) = self.holder_of.get(s) {
                // A seat that sits the hand out (Tarot's mort) did not play it: a person who
                // only ever sat out counts no session, as the spec counts them.
                if !hand.took_part(info, s) {
                    self.holders.changed = true;
                    continue;
                }
                self.holders.played[h] = true;
                let points = delta.get(self.game.side_of(s)).copied().unwrap_or(0);
                let best = &mut self.holders.best_hand[h];
                *best = Some(best.map_or(points, |b| b.max(points)));
            }
        }
        if self.in_order() {
            hand.tally(info, delta, &mut self.holders.figures);
        } else {
            self.through_seats(|seats| hand.tally(info, delta, seats));
        }
    }

    /// `f` on each seat's tally, the tallies being those of the seats' holders now.
    fn through_seats(&mut self, f: impl FnOnce(&mut [Tally])) {
        let mut by_seat: Vec<Tally> = self
            .holder_of
            .iter()
            .map(|h| self.holders.figures[*h])
            .collect();
        f(&mut by_seat);
        for (s, t) in by_seat.into_iter().enumerate() {
            self.holders.figures[self.holder_of[s]] = t;
        }
    }

    /// The holders once the game `live` is over its hands: its own figures (rubbers, manches)
    /// to who holds each seat at the end.
    pub fn end(&self, live: &Live) -> Holders {
        let mut c = self.clone();
        if c.in_order() {
            live.tally_end(&mut c.holders.figures);
        } else {
            // Each seat's holder now: what the game added since the last one left.
            let mut now = vec![Tally::new(self.game); c.holder_of.len()];
            live.tally_end(&mut now);
            for (s, n) in now.iter().enumerate() {
                let h = c.holder_of[s];
                let added = c.ended.get(s).map_or(*n, |e| n.since(e));
                c.holders.figures[h].merge(&added);
            }
        }
        c.holders
    }
}
