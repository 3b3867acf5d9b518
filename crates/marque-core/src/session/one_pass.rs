//! The one-pass reader: a session's text laid out as Marque writes it (the header before the
//! hands), read once, each hand handed to a sink as it is read and none kept. It plays nothing
//! itself: the sink does (a summary's facts, the sheet `marque score` writes). Anything it cannot
//! decide is left to the careful reading, which also says what is wrong.

use std::fmt;

use serde::de::{self, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::Value;
use serde_json::value::RawValue;

use super::file::{FORMAT, VERSION};
use super::read::{KNOWN, OneHand};
use crate::games::{GameHand, GameKind, GameOptions};

/// A session's header as the one pass read it, and how many hands it handed on.
#[derive(Debug, Clone)]
pub(super) struct Head {
    pub game: GameKind,
    pub id: Option<String>,
    pub created: Option<String>,
    pub title: Option<String>,
    pub players: Vec<String>,
    pub closed: bool,
    pub hands: usize,
}

/// A sink's refusal: the reading stops there (the careful reading then says why).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Refused;

/// What receives each hand as the one pass reads it.
pub(super) trait HandSink {
    /// Before the first hand: the game, the players and the options in force.
    fn start(
        &mut self,
        game: GameKind,
        players: &[String],
        options: &GameOptions,
    ) -> Result<(), Refused>;
    /// Hand `index`, as it is read.
    fn hand(&mut self, index: usize, hand: &GameHand) -> Result<(), Refused>;
}

/// Reads `text` in one pass, handing each hand to `sink`: its header, or `None` where the
/// careful reading must decide (a file laid out otherwise: the game, players or options after
/// the hands, a field given twice; a hand not well formed; a hand the sink refused).
pub(super) fn read(text: &str, sink: &mut dyn HandSink) -> Option<Head> {
    use de::DeserializeSeed;
    let mut d = serde_json::Deserializer::from_str(text);
    let head = HeadSeed { sink }.deserialize(&mut d).ok()?;
    d.end().ok()?;
    Some(head)
}

/// Reads a session's header in one pass, handing each hand to the sink.
struct HeadSeed<'s> {
    sink: &'s mut dyn HandSink,
}

impl<'de> de::DeserializeSeed<'de> for HeadSeed<'_> {
    type Value = Head;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Head, D::Error> {
        struct V<'s>(&'s mut dyn HandSink);
        impl<'de> Visitor<'de> for V<'_> {
            type Value = Head;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a session")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut m: A) -> Result<Head, A::Error> {
                let careful = || de::Error::custom("a session to read with care");
                let mut seen = [false; KNOWN.len()];
                let mut game = None;
                let (mut id, mut created, mut closed) = (None, None, None);
                let mut title = None;
                let mut players: Option<Vec<String>> = None;
                let mut options: Option<&'de RawValue> = None;
                let mut played: Option<usize> = None;
                while let Some(k) = m.next_key::<&'de str>()? {
                    // A known field given twice: the careful reading says which counts.
                    if let Some(i) = KNOWN.iter().position(|known| *known == k)
                        && std::mem::replace(&mut seen[i], true)
                    {
                        return Err(careful());
                    }
                    match k {
                        // (The guards read the value; a format or version that fits falls
                        // through to the empty arm below.)
                        "format" if m.next_value::<&str>()? != FORMAT => return Err(careful()),
                        "version" if m.next_value::<u64>()? != VERSION => return Err(careful()),
                        "format" | "version" => {}
                        "game" => {
                            game = Some(GameKind::from_id(m.next_value()?).ok_or_else(careful)?);
                        }
                        "id" => id = m.next_value::<Option<String>>()?,
                        "created" => created = m.next_value::<Option<String>>()?,
                        "title" => title = m.next_value::<Option<String>>()?,
                        "closed" => closed = m.next_value::<Option<bool>>()?,
                        "players" => players = Some(m.next_value()?),
                        "options" => options = Some(m.next_value()?),
                        "hands" => {
                            let (Some(game), Some(players)) = (game, &players) else {
                                return Err(careful());
                            };
                            if !fine_players(game, players) {
                                return Err(careful());
                            }
                            let options = match options {
                                Some(r) => Some(
                                    serde_json::from_str::<Value>(r.get())
                                        .map_err(|_| careful())?,
                                ),
                                None => None,
                            };
                            let options = game
                                .read_options(options.as_ref(), players.len())
                                .map_err(|_| careful())?;
                            self.0
                                .start(game, players, &options)
                                .map_err(|Refused| careful())?;
                            let n = m.next_value_seed(HandsSeed {
                                options: &options,
                                players: players.len(),
                                sink: &mut *self.0,
                            })?;
                            played = Some(n);
                        }
                        _ => {
                            m.next_value::<IgnoredAny>()?;
                        }
                    }
                    // Options after the hands would have changed how they read.
                    if played.is_some() && k == "options" {
                        return Err(careful());
                    }
                }
                let (Some(hands), Some(game), Some(players), true, true) =
                    (played, game, players, seen[0], seen[1])
                else {
                    return Err(careful());
                };
                Ok(Head {
                    closed: closed.unwrap_or(false),
                    game,
                    id,
                    created,
                    title,
                    players,
                    hands,
                })
            }
        }
        d.deserialize_map(V(self.sink))
    }
}

/// The players a careful reading accepts without a word: as many as the game takes, each
/// named, no name twice.
fn fine_players(game: GameKind, players: &[String]) -> bool {
    let (lo, hi) = game.players();
    let mut seen = std::collections::HashSet::new();
    (lo..=hi).contains(&players.len())
        && players
            .iter()
            .all(|p| !p.trim().is_empty() && seen.insert(p.as_str()))
}

/// Hands each hand of a list to the sink as it is read; the number of hands, or an error at the
/// first hand that is not well formed or that the sink refuses (the careful reading then says
/// why).
struct HandsSeed<'o, 'k> {
    options: &'o GameOptions,
    players: usize,
    sink: &'o mut (dyn HandSink + 'k),
}

impl<'de> de::DeserializeSeed<'de> for HandsSeed<'_, '_> {
    type Value = usize;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<usize, D::Error> {
        struct V<'o, 'k>(HandsSeed<'o, 'k>);
        impl<'de> Visitor<'de> for V<'_, '_> {
            type Value = usize;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a list of hands")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut s: A) -> Result<usize, A::Error> {
                let HandsSeed {
                    options,
                    players,
                    sink,
                } = self.0;
                let mut n = 0;
                // How many play: each hand lists them (table events change it).
                let mut players = players;
                while let Some((h, _)) = s.next_element_seed(OneHand(options, players))? {
                    players = super::file::playing_next(players, &h);
                    sink.hand(n, &h)
                        .map_err(|Refused| de::Error::custom("a hand refused"))?;
                    n += 1;
                }
                Ok(n)
            }
        }
        d.deserialize_seq(V(self))
    }
}
