//! Ratings kept between runs (the session index keeps them): the ladders, and a fingerprint of
//! everything they were made from, so that a folder whose rated sessions and merged names did
//! not change is not rated again, and one that changed in any way is.
//!
//! The fingerprint is of what the ratings read (each rated session's game, id, date, seats,
//! totals and seats gone, in the rated order; the names merged by hand; this version of the
//! rules), never of file names or times: a copy of the folder elsewhere, renamed or touched,
//! keeps its ratings, and kept ratings that were made from other sessions are never taken.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::ladder::{Ladder, Order, Rating, Ratings};
use crate::fnv::Fnv;
use crate::games::GameKind;
use crate::stats::People;

/// Moved by hand when the ratings are made otherwise (the model, its settings, who is rated,
/// how persons are told apart): ratings kept by an earlier way are then made again.
pub const RATINGS_VERSION: u32 = 2;

/// The crates whose numbers the ratings are: the model's, and the Unicode tables persons' keys
/// are made with. In the fingerprint, so that an update of either makes the ratings again; a
/// test holds them equal to `Cargo.lock`'s, so that an update cannot forget them.
pub const RATED_WITH: &[(&str, &str)] = &[
    ("skillratings", "0.29.2"),
    ("unicode-normalization", "0.1.26"),
    ("unicase", "2.10.0"),
];

/// The ladders as kept: μ and σ by their bits (read back exactly, whatever the JSON reader).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Kept {
    /// The fingerprint of what the ladders were made from.
    of: u64,
    games: BTreeMap<GameKind, Vec<KeptRating>>,
    overall: Vec<KeptRating>,
    names: BTreeMap<String, String>,
    undated: usize,
}

/// One person's rating: their key, μ's and σ's bits, rated sessions.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct KeptRating(String, u64, u64, u32);

fn keep(ladder: &Ladder) -> Vec<KeptRating> {
    ladder
        .iter()
        .map(|(k, r)| KeptRating(k.clone(), r.mu.to_bits(), r.sigma.to_bits(), r.sessions))
        .collect()
}

fn ladder(kept: &[KeptRating]) -> Ladder {
    kept.iter()
        .map(|KeptRating(k, mu, sigma, sessions)| {
            let r = Rating {
                mu: f64::from_bits(*mu),
                sigma: f64::from_bits(*sigma),
                sessions: *sessions,
            };
            (k.clone(), r)
        })
        .collect()
}

impl Kept {
    /// The ladders of `r` (their moves are not kept), made from what `of` fingerprints.
    pub fn of(r: &Ratings, of: u64) -> Kept {
        Kept {
            of,
            games: r.games.iter().map(|(g, l)| (*g, keep(l))).collect(),
            overall: keep(&r.overall),
            names: r.names.clone(),
            undated: r.undated,
        }
    }

    /// The fingerprint of what they were made from.
    pub fn fingerprint(&self) -> u64 {
        self.of
    }

    /// The ladders as they were kept (without moves).
    pub fn ratings(&self) -> Ratings {
        Ratings {
            games: self.games.iter().map(|(g, l)| (*g, ladder(l))).collect(),
            overall: ladder(&self.overall),
            names: self.names.clone(),
            undated: self.undated,
            ..Ratings::default()
        }
    }
}

impl Order<'_> {
    /// The fingerprint of what rating these sessions with `people` reads (see the module).
    pub fn fingerprint(&self, people: &People) -> u64 {
        let mut h = Fnv(0xcbf2_9ce4_8422_2325);
        h.num(u64::from(RATINGS_VERSION));
        // The persons' keys and the model are this version's code and crates.
        h.text(env!("CARGO_PKG_VERSION"));
        for (name, version) in RATED_WITH {
            h.text(name);
            h.text(version);
        }
        h.num(self.undated as u64);
        for (from, into) in people.merges() {
            h.text(from);
            h.text(into);
        }
        h.num(self.sessions.len() as u64);
        for s in &self.sessions {
            h.text(s.game.id());
            h.some_text(s.id);
            h.some_text(s.created);
            h.num(s.seats.len() as u64);
            for name in s.seats {
                h.text(name);
            }
            h.num(s.totals.len() as u64);
            for t in s.totals {
                h.num(*t as u64);
            }
            h.num(s.left.len() as u64);
            for seat in s.left {
                h.num(*seat as u64);
            }
        }
        h.0
    }
}
