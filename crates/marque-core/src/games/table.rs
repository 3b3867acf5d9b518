//! Table events (`session-format.md`, "Table events"; rules `table.*`): a substitute takes a
//! seat, the players agree on points no hand gave, a late player joins, a player leaves. An
//! event is an entry of a session's `hands` like a hand; [`Seats`] follows who sits where.

use serde_json::{Map, Value};

use crate::games::json::{self as j, Obj};
use crate::games::kind::GameKind;
use crate::games::kit::RuleId;
use crate::i18n::msg;
use crate::i18n::{Arg, Msg};

pub mod rule {
    use crate::games::kit::RuleId;
    pub const REPLACE: RuleId = RuleId::new("table.replace");
    pub const ADJUST: RuleId = RuleId::new("table.adjust");
    pub const JOIN: RuleId = RuleId::new("table.join");
    pub const LEAVE: RuleId = RuleId::new("table.leave");
}

/// The rule ids of table events, in reading order.
pub const RULES: &[RuleId] = &[rule::REPLACE, rule::ADJUST, rule::JOIN, rule::LEAVE];

/// What an event does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EventKind {
    Replace,
    Adjust,
    Join,
    Leave,
}

impl EventKind {
    pub const ALL: [EventKind; 4] = [
        EventKind::Replace,
        EventKind::Adjust,
        EventKind::Join,
        EventKind::Leave,
    ];

    /// Its word in session files.
    pub fn id(self) -> &'static str {
        match self {
            EventKind::Replace => "replace",
            EventKind::Adjust => "adjust",
            EventKind::Join => "join",
            EventKind::Leave => "leave",
        }
    }

    pub fn from_id(id: &str) -> Option<EventKind> {
        EventKind::ALL.into_iter().find(|k| k.id() == id)
    }

    /// Its rule.
    pub fn rule(self) -> RuleId {
        match self {
            EventKind::Replace => rule::REPLACE,
            EventKind::Adjust => rule::ADJUST,
            EventKind::Join => rule::JOIN,
            EventKind::Leave => rule::LEAVE,
        }
    }

    /// The key of its name for people ("Remplacement", "Ajustement", "Arrivée", "Départ").
    pub fn name_key(self) -> &'static str {
        match self {
            EventKind::Replace => "event.replace",
            EventKind::Adjust => "event.adjust",
            EventKind::Join => "event.join",
            EventKind::Leave => "event.leave",
        }
    }

    /// The kind of the event a hand's JSON holds, if it holds one.
    pub fn of_value(v: &serde_json::Value) -> Option<EventKind> {
        let id = v.get("event")?.as_str()?;
        EventKind::ALL.into_iter().find(|k| k.id() == id)
    }

    /// The key of its name in a sentence, without article ("ajustement").
    pub fn word_key(self) -> &'static str {
        match self {
            EventKind::Replace => "event.word.replace",
            EventKind::Adjust => "event.word.adjust",
            EventKind::Join => "event.word.join",
            EventKind::Leave => "event.word.leave",
        }
    }

    /// The key of its name in a sentence, with its article ("l'ajustement").
    pub fn noun_key(self) -> &'static str {
        match self {
            EventKind::Replace => "event.noun.replace",
            EventKind::Adjust => "event.noun.adjust",
            EventKind::Join => "event.noun.join",
            EventKind::Leave => "event.noun.leave",
        }
    }
}

/// The events a game takes: a substitute everywhere; agreed points everywhere but Le Truc
/// (a partie of manches has no points to give); arrivals and departures where each player
/// scores alone and the hands do not follow the number of players (2500, démocratie).
pub fn allowed(game: GameKind) -> &'static [EventKind] {
    game.events()
}

/// One table event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// From the next entry on, `seat` is played by `player`.
    Replace { seat: usize, player: String },
    /// `points` to `side`, agreed for `reason`.
    Adjust {
        side: usize,
        points: i64,
        reason: String,
    },
    /// A new seat after the last, played by `player`, starting at `score`.
    Join { player: String, score: i64 },
    /// `seat` plays no more hands.
    Leave { seat: usize },
}

/// The fields of an event this version reads (any other is kept as it was written).
pub const FIELDS: &[&str] = &[
    "event", "seat", "player", "side", "points", "reason", "score",
];

/// The largest number of points an adjustment or a starting score may carry.
const MAX_POINTS: i64 = 1_000_000_000;

impl Event {
    pub fn kind(&self) -> EventKind {
        match self {
            Event::Replace { .. } => EventKind::Replace,
            Event::Adjust { .. } => EventKind::Adjust,
            Event::Join { .. } => EventKind::Join,
            Event::Leave { .. } => EventKind::Leave,
        }
    }

    /// Whether a hand's JSON is an event (it has the `event` key).
    pub fn is_event(v: &Value) -> bool {
        v.as_object().is_some_and(|m| m.contains_key("event"))
    }

    /// Reads an event of `game` from its JSON: its kind allowed there, its fields of the right
    /// shape and within the game's steps. Who sits where is [`Seats::check`]'s.
    pub fn decode(v: &Value, game: GameKind) -> Result<Event, Vec<Msg>> {
        let o = Obj::of(v, Msg::new("event.what")).map_err(|m| vec![m])?;
        let kind =
            j::string("event", o.required("event").map_err(|m| vec![m])?).map_err(|m| vec![m])?;
        let Some(kind) = EventKind::from_id(kind) else {
            return Err(vec![msg!("event.err.unknown", found = kind)]);
        };
        if !allowed(game).contains(&kind) {
            let list: Vec<&str> = allowed(game).iter().map(|k| k.id()).collect();
            return Err(vec![msg!(
                "event.err.not_here",
                game = Arg::Key(game.name_key()),
                event = kind.id(),
                allowed = list.join(", ")
            )]);
        }
        let field = |name: &str| o.required(name);
        let seat = |name: &str| -> Result<usize, Msg> {
            j::int_in(name, field(name)?, 0, 1 << 20).map(|n| n as usize)
        };
        let event = match kind {
            EventKind::Replace => Event::Replace {
                seat: seat("seat").map_err(|m| vec![m])?,
                player: name(field("player").map_err(|m| vec![m])?)?,
            },
            EventKind::Leave => Event::Leave {
                seat: seat("seat").map_err(|m| vec![m])?,
            },
            EventKind::Adjust => {
                let side = seat("side").map_err(|m| vec![m])?;
                let points = j::int_in(
                    "points",
                    field("points").map_err(|m| vec![m])?,
                    -MAX_POINTS,
                    MAX_POINTS,
                )
                .map_err(|m| vec![m])?;
                if points == 0 {
                    return Err(vec![Msg::new("event.err.zero")]);
                }
                step(game, points, "points")?;
                let reason = match o.present("reason") {
                    Some(r) => j::string("reason", r).map_err(|m| vec![m])?.trim(),
                    None => "",
                };
                if reason.is_empty() {
                    return Err(vec![Msg::new("event.err.reason")]);
                }
                if reason.chars().any(char::is_control) {
                    return Err(vec![Msg::new("event.err.reason_control")]);
                }
                Event::Adjust {
                    side,
                    points,
                    reason: reason.to_string(),
                }
            }
            EventKind::Join => {
                let score = match o.present("score") {
                    Some(s) => {
                        j::int_in("score", s, -MAX_POINTS, MAX_POINTS).map_err(|m| vec![m])?
                    }
                    None => 0,
                };
                if !game.negative_start() && score < 0 {
                    return Err(vec![msg!("event.err.score_negative", score = score)]);
                }
                step(game, score, "score")?;
                Event::Join {
                    player: name(field("player").map_err(|m| vec![m])?)?,
                    score,
                }
            }
        };
        Ok(event)
    }

    /// The event's JSON, as written in session files.
    pub fn to_json(&self) -> Value {
        let mut m = Map::new();
        m.insert("event".into(), self.kind().id().into());
        match self {
            Event::Replace { seat, player } => {
                m.insert("seat".into(), (*seat).into());
                m.insert("player".into(), player.as_str().into());
            }
            Event::Adjust {
                side,
                points,
                reason,
            } => {
                m.insert("side".into(), (*side).into());
                m.insert("points".into(), (*points).into());
                m.insert("reason".into(), reason.as_str().into());
            }
            Event::Join { player, score } => {
                m.insert("player".into(), player.as_str().into());
                m.insert("score".into(), (*score).into());
            }
            Event::Leave { seat } => {
                m.insert("seat".into(), (*seat).into());
            }
        }
        Value::Object(m)
    }
}

/// A name given by an event: a string that shows something (not only spaces or characters
/// that show nothing, a zero-width space), without control characters.
fn name(v: &Value) -> Result<String, Vec<Msg>> {
    let s = j::string("player", v).map_err(|m| vec![m])?;
    if crate::i18n::shows_nothing(s) {
        return Err(vec![Msg::new("event.err.name_empty")]);
    }
    if s.chars().any(char::is_control) {
        return Err(vec![Msg::new("event.err.name_control")]);
    }
    Ok(s.to_string())
}

/// Points in the game's step: tens at bridge, fives at 2500.
fn step(game: GameKind, points: i64, field: &str) -> Result<(), Vec<Msg>> {
    let step = game.points_step();
    if points % step != 0 {
        return Err(vec![msg!(
            "event.err.step",
            field = field,
            points = points,
            step = step
        )]);
    }
    Ok(())
}

/// The seats a table may count in all, arrivals included, per place at the table (the game's
/// most players): four evenings' worth of comings and goings.
pub const SEATS_PER_PLACE: usize = 4;

/// Who sits where: who holds each seat now, whether it still plays, and every seat taken in
/// turn (copied in constant time: a long evening of substitutes costs no square). Seats are
/// numbered from 0 in the order of `players`, a joined seat after the last.
#[derive(Debug, Clone, PartialEq)]
pub struct Seats {
    game: GameKind,
    now: Vec<String>,
    playing: Vec<bool>,
    /// Each seat taken: the seat and its player, the first players first.
    taken: crate::trail::Trail<(usize, std::sync::Arc<str>)>,
    /// The fewest and most players still playing.
    range: (usize, usize),
}

impl Seats {
    pub fn new(game: GameKind, players: &[String]) -> Seats {
        let mut taken = crate::trail::Trail::new();
        for (s, p) in players.iter().enumerate() {
            taken.push((s, std::sync::Arc::from(p.as_str())));
        }
        Seats {
            game,
            now: players.to_vec(),
            playing: vec![true; players.len()],
            taken,
            range: game.players(),
        }
    }

    /// The number of seats, those that left included.
    pub fn len(&self) -> usize {
        self.now.len()
    }

    pub fn is_empty(&self) -> bool {
        self.now.is_empty()
    }

    /// Each seat's players, in order.
    pub fn held(&self) -> Vec<Vec<String>> {
        let mut out = vec![Vec::new(); self.now.len()];
        for (s, name) in self.taken.iter() {
            if let Some(h) = out.get_mut(*s) {
                h.push(name.to_string());
            }
        }
        out
    }

    /// Who holds each seat now (a seat that left: its last player).
    pub fn current(&self) -> Vec<String> {
        self.now.clone()
    }

    /// Who plays now, seat by seat (those who left not named).
    pub fn seated(&self) -> Vec<String> {
        (0..self.now.len())
            .filter(|&s| self.playing[s])
            .map(|s| self.now[s].clone())
            .collect()
    }

    /// Whether `seat` still plays.
    pub fn plays(&self, seat: usize) -> bool {
        self.playing.get(seat).copied().unwrap_or(false)
    }

    /// The seats still playing, in order.
    pub fn playing(&self) -> Vec<usize> {
        (0..self.now.len()).filter(|&s| self.playing[s]).collect()
    }

    /// How many seats still play.
    pub fn count(&self) -> usize {
        self.playing.iter().filter(|p| **p).count()
    }

    fn is_seated(&self, name: &str) -> bool {
        (0..self.now.len()).any(|s| self.playing[s] && self.now[s] == name)
    }

    /// Why `event` cannot happen at this table now, if it cannot.
    pub fn check(&self, event: &Event) -> Result<(), Vec<Msg>> {
        let seat_ok = |seat: usize, field: &str| -> Result<(), Vec<Msg>> {
            if self.plays(seat) {
                Ok(())
            } else {
                let list: Vec<String> = self.playing().iter().map(usize::to_string).collect();
                Err(vec![msg!(
                    "event.err.seat",
                    field = field,
                    seat = seat,
                    allowed = list.join(", ")
                )])
            }
        };
        match event {
            Event::Replace { seat, player } => {
                seat_ok(*seat, "seat")?;
                if self.is_seated(player) {
                    return Err(vec![msg!("event.err.seated", name = player.as_str())]);
                }
            }
            Event::Adjust { side, .. } => {
                let sides = self.game.sides(&self.current()).len();
                if sides != self.now.len() {
                    // Partnerships: a side by its number.
                    if *side >= sides {
                        return Err(vec![msg!("event.err.side", side = *side, max = sides - 1)]);
                    }
                } else {
                    seat_ok(*side, "side")?;
                }
            }
            Event::Join { player, .. } => {
                if self.is_seated(player) {
                    return Err(vec![msg!("event.err.seated", name = player.as_str())]);
                }
                if self.count() >= self.range.1 {
                    return Err(vec![msg!("event.err.full", max = self.range.1)]);
                }
                // Each seat ever taken is a column of every row: a file that came and went
                // without end would make rows without end.
                let most = SEATS_PER_PLACE * self.range.1;
                if self.now.len() >= most {
                    return Err(vec![msg!("event.err.seats", max = most)]);
                }
            }
            Event::Leave { seat } => {
                seat_ok(*seat, "seat")?;
                if self.count() <= self.range.0 {
                    return Err(vec![msg!("event.err.too_few", min = self.range.0)]);
                }
            }
        }
        Ok(())
    }

    /// Checks `event` and makes it so.
    pub fn apply(&mut self, event: &Event) -> Result<(), Vec<Msg>> {
        self.check(event)?;
        match event {
            Event::Replace { seat, player } => {
                self.now[*seat] = player.clone();
                self.taken
                    .push((*seat, std::sync::Arc::from(player.as_str())));
            }
            Event::Join { player, .. } => {
                self.taken
                    .push((self.now.len(), std::sync::Arc::from(player.as_str())));
                self.now.push(player.clone());
                self.playing.push(true);
            }
            Event::Leave { seat } => self.playing[*seat] = false,
            Event::Adjust { .. } => {}
        }
        Ok(())
    }

    /// How many players still play after `event` (what the next hand lists), whether it
    /// can happen or not: what a reader decoding hands in order needs.
    pub fn count_after(count: usize, event: &Event) -> usize {
        match event {
            Event::Join { .. } => count + 1,
            Event::Leave { .. } => count.saturating_sub(1),
            _ => count,
        }
    }
}

/// A table event's facts, printed beside its delta and lines: its kind, and what the game adds
/// (bridge: `below`, `above`, `rubber`).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct EventInfo {
    pub event: &'static str,
    #[serde(flatten)]
    pub facts: Map<String, Value>,
    /// Its label, with the names as they stood before it ([`label`]).
    #[serde(skip)]
    pub label: Msg,
}

/// An event's short label, as a hand has one: "Zoé remplace Claire", "Ajustement : renonce".
/// `players`: who held each seat before it.
pub fn label(event: &Event, players: &[String], game: GameKind) -> Msg {
    let who = |seat: usize| holder(players, seat);
    match event {
        Event::Replace { seat, player } => msg!(
            "event.label.replace",
            player = player.as_str(),
            before = who(*seat)
        ),
        Event::Adjust {
            side,
            points,
            reason,
        } => msg!(
            "event.label.adjust",
            points = crate::games::kit::number_signed(*points),
            side = side_arg(game, players, *side),
            reason = reason.as_str()
        ),
        Event::Join { player, score } => {
            msg!("event.label.join", player = player.as_str(), score = *score)
        }
        Event::Leave { seat } => msg!("event.label.leave", player = who(*seat)),
    }
}

/// For a game whose hands list only the players still playing (2500, démocratie): which seats
/// those are, in order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Playing(Vec<bool>);

impl Playing {
    /// Every one of `n` seats playing.
    pub fn all(n: usize) -> Playing {
        Playing(vec![true; n])
    }

    /// How many seats still play.
    pub fn count(&self) -> usize {
        self.0.iter().filter(|p| **p).count()
    }

    /// Whether `seat` plays.
    pub fn plays(&self, seat: usize) -> bool {
        self.0.get(seat).copied().unwrap_or(false)
    }

    /// The seats still playing, in order: the `k`th is the seat of a hand's `k`th entry.
    pub fn seats(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.0.len()).filter(|&s| self.0[s])
    }

    /// The entry of a hand's lists that `seat` plays, if it plays.
    pub fn entry_of(&self, seat: usize) -> Option<usize> {
        self.plays(seat)
            .then(|| self.0[..seat].iter().filter(|p| **p).count())
    }

    /// The sides with the highest total among the seats still playing.
    pub fn leaders(&self, totals: &[i64]) -> Vec<usize> {
        crate::games::kit::leaders_among(totals, |s| self.plays(s))
    }

    /// A race is over: one seat still playing alone at the top, at `target` or more.
    pub fn race_over(&self, totals: &[i64], target: i64) -> bool {
        crate::games::kit::race_over_among(totals, target, |s| self.plays(s))
    }

    /// Plays a table event for such a game, whose players' names and totals are kept per seat:
    /// a substitute's name, agreed points, a new seat with its starting score, a departure.
    pub fn event(
        &mut self,
        event: &Event,
        seats: &Seats,
        names: &mut Vec<std::sync::Arc<str>>,
        totals: &mut Vec<i64>,
    ) -> crate::games::kit::Scored<Map<String, Value>> {
        use crate::games::kit::Line;
        let mut delta = vec![0; seats.len()];
        let mut lines = Vec::new();
        match event {
            Event::Replace { seat, player } => {
                if let Some(n) = names.get_mut(*seat) {
                    *n = std::sync::Arc::from(player.as_str());
                }
            }
            Event::Adjust {
                side,
                points,
                reason,
            } => {
                if let Some(t) = totals.get_mut(*side) {
                    *t += points;
                    delta[*side] = *points;
                    lines.push(Line::new(
                        *side,
                        *points,
                        rule::ADJUST,
                        msg!("event.line.adjust", reason = reason.as_str()),
                    ));
                }
            }
            Event::Join { player, score } => {
                names.push(std::sync::Arc::from(player.as_str()));
                totals.push(*score);
                self.0.push(true);
                let seat = totals.len() - 1;
                if let Some(d) = delta.get_mut(seat) {
                    *d = *score;
                }
                if *score != 0 {
                    lines.push(Line::new(
                        seat,
                        *score,
                        rule::JOIN,
                        msg!("event.line.join", player = player.as_str(), score = *score),
                    ));
                }
            }
            Event::Leave { seat } => {
                if let Some(p) = self.0.get_mut(*seat) {
                    *p = false;
                }
            }
        }
        delta.resize(totals.len().max(delta.len()), 0);
        crate::games::kit::Scored {
            delta,
            lines,
            info: Map::new(),
        }
    }
}

/// Who held `seat` (its number where no name is known).
fn holder(players: &[String], seat: usize) -> String {
    players
        .get(seat)
        .cloned()
        .unwrap_or_else(|| seat.to_string())
}

/// Side `side` as an argument: bridge's partnership by its key, else the player in that seat.
fn side_arg(game: GameKind, players: &[String], side: usize) -> Arg {
    game.side_args(&game.sides(players))
        .into_iter()
        .nth(side)
        .unwrap_or_else(|| Arg::Text(side.to_string()))
}

/// What an event did and why, in a sentence (`players`: who held each seat before it):
/// the explanation of an event.
pub fn describe(event: &Event, players: &[String], game: GameKind) -> Msg {
    let who = |seat: usize| holder(players, seat);
    let place = |seat: usize| match crate::games::kind::GameKind::seat_key(game, seat) {
        Some(k) => Arg::Key(k),
        None => Arg::Text((seat + 1).to_string()),
    };
    match event {
        Event::Replace { seat, player } => msg!(
            "event.describe.replace",
            player = player.as_str(),
            before = who(*seat),
            seat = place(*seat)
        ),
        Event::Adjust {
            side,
            points,
            reason,
        } => {
            let to = side_arg(game, players, *side);
            msg!(
                "event.describe.adjust",
                points = *points,
                side = to,
                reason = reason.as_str()
            )
        }
        Event::Join { player, score } => {
            msg!(
                "event.describe.join",
                player = player.as_str(),
                score = *score
            )
        }
        Event::Leave { seat } => msg!("event.describe.leave", player = who(*seat)),
    }
}

/// An event as the log says it: "Marc arrive, avec 450 points (accord de la table)", "Zoé
/// remplace Claire (Sud)" (`players`: who held each seat before it).
pub fn sentence(event: &Event, players: &[String], game: GameKind) -> Msg {
    let who = |seat: usize| holder(players, seat);
    let amount = |n: i64| {
        msg!(
            game.total_unit(),
            n = n,
            shown = crate::games::kit::number(n)
        )
    };
    match event {
        Event::Replace { seat, player } => match game.seat_key(*seat) {
            Some(k) => msg!(
                "event.log.replace_at",
                player = player.as_str(),
                before = who(*seat),
                seat = Arg::Key(k)
            ),
            None => msg!(
                "event.log.replace",
                player = player.as_str(),
                before = who(*seat)
            ),
        },
        Event::Adjust {
            side,
            points,
            reason,
        } => {
            let to = side_arg(game, players, *side);
            msg!(
                "event.log.adjust",
                side = to,
                points = amount(*points),
                reason = reason.as_str()
            )
        }
        Event::Join { player, score } => {
            msg!(
                "event.log.join",
                player = player.as_str(),
                score = amount(*score)
            )
        }
        Event::Leave { seat } => msg!("event.log.leave", player = who(*seat)),
    }
}
