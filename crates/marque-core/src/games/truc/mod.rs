//! Le Truc: two players, three tricks a deal, raises by doubling, banco near the target.
//!
//! Rules: `truc.deal.winner`, `truc.deal.value`, `truc.raise.double`, `truc.raise.refused`,
//! `truc.raise.banco`, `truc.manche`, `truc.partie`.

use serde::Serialize;
use std::sync::Arc;

use serde_json::{Value, json};

use super::json::{self, Obj};
use super::kit::{Line, OptDesc, OptKind, Scored};
use crate::i18n::msg;
use crate::i18n::{Arg, Msg};
use crate::trail::Trail;

use crate::games::kit::RuleId;

mod calls;
mod deal;
pub use calls::{Call, CallKind, Options, RaiseKind};
pub use deal::{Deal, Proposal};

/// The game's rule ids, as its lines and the rules screen name them.
pub mod rule {
    use crate::games::kit::RuleId;

    pub const DEAL_WINNER: RuleId = RuleId::new("truc.deal.winner");
    pub const DEAL_VALUE: RuleId = RuleId::new("truc.deal.value");
    pub const RAISE_DOUBLE: RuleId = RuleId::new("truc.raise.double");
    pub const RAISE_REFUSED: RuleId = RuleId::new("truc.raise.refused");
    pub const RAISE_BANCO: RuleId = RuleId::new("truc.raise.banco");
    pub const MANCHE: RuleId = RuleId::new("truc.manche");
    pub const PARTIE: RuleId = RuleId::new("truc.partie");
}

/// How the deal ended, beside a refusal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// The winner of each trick in play order, `None` for a pourri.
    Tricks(Vec<Option<usize>>),
    /// The deal's winner, `None` for a donne nulle.
    Winner(Option<usize>),
    /// The calls end on a refusal.
    Refused,
}

/// One deal as entered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hand {
    pub calls: Vec<Call>,
    pub outcome: Outcome,
}

impl Hand {
    pub fn to_json(&self) -> Value {
        let mut v = json!({ "calls": self.calls });
        match &self.outcome {
            Outcome::Tricks(t) => v["tricks"] = json!(t),
            Outcome::Winner(w) => v["winner"] = json!(w),
            Outcome::Refused => {}
        }
        v
    }
}

/// Reads one deal; checks its shape (the calls are checked against the scores by [`Game::play`]).
pub fn decode_hand(v: &Value) -> Result<Hand, Vec<Msg>> {
    let o = Obj::of(v, Msg::new("json.what.deal")).map_err(|m| vec![m])?;
    let mut problems = Vec::new();
    let mut calls = Vec::new();
    match o.present("calls") {
        None => {}
        Some(cv) => match json::array("calls", cv) {
            Err(m) => problems.push(m),
            Ok(list) => {
                for (i, c) in list.iter().enumerate() {
                    match decode_call(i, c) {
                        Ok(c) => calls.push(c),
                        Err(m) => problems.push(m),
                    }
                }
            }
        },
    }
    let tricks = o.get("tricks");
    let winner = o.get("winner");
    let outcome = match (tricks, winner) {
        (Some(_), Some(_)) => {
            problems.push(Msg::new("truc.err.both_outcomes"));
            Outcome::Refused
        }
        (Some(t), None) => match json::array("tricks", t) {
            Err(m) => {
                problems.push(m);
                Outcome::Refused
            }
            Ok(list) => {
                let mut ts = Vec::new();
                for t in list {
                    if t.is_null() {
                        ts.push(None);
                    } else {
                        match json::player("tricks", t, 2) {
                            Ok(p) => ts.push(Some(p)),
                            Err(m) => problems.push(m),
                        }
                    }
                }
                Outcome::Tricks(ts)
            }
        },
        (None, Some(w)) if w.is_null() => Outcome::Winner(None),
        (None, Some(w)) => match json::player("winner", w, 2) {
            Ok(p) => Outcome::Winner(Some(p)),
            Err(m) => {
                problems.push(m);
                Outcome::Refused
            }
        },
        (None, None) => Outcome::Refused,
    };
    if problems.is_empty() {
        Ok(Hand { calls, outcome })
    } else {
        Err(problems)
    }
}

fn decode_call(i: usize, v: &Value) -> Result<Call, Msg> {
    let o = Obj::of(v, msg!("json.what.call", n = i + 1))?;
    let by = json::player("by", o.required("by")?, 2)?;
    let call = match json::word(
        "call",
        o.required("call")?,
        &["double", "banco", "accept", "refuse"],
    )? {
        "double" => CallKind::Double,
        "banco" => CallKind::Banco,
        "accept" => CallKind::Accept,
        _ => CallKind::Refuse,
    };
    Ok(Call { by, call })
}

/// A deal as written, for the fast path. `tricks` and `winner` are told apart from a missing
/// field when they are present (`"winner": null` is a donne nulle).
#[derive(serde::Deserialize)]
pub struct Wire<'a> {
    #[serde(default, borrow)]
    calls: Option<Vec<super::kit::MapOnly<WireCall<'a>>>>,
    #[serde(default, deserialize_with = "present")]
    tricks: Option<Vec<Option<i64>>>,
    #[serde(default, deserialize_with = "present")]
    winner: Option<Option<i64>>,
    /// A table event is no deal: the careful reading takes it.
    #[serde(default)]
    event: Option<serde::de::IgnoredAny>,
}

#[derive(serde::Deserialize)]
pub struct WireCall<'a> {
    by: i64,
    #[serde(borrow)]
    call: &'a str,
}

/// A field that is there, whatever its value (`null` included).
fn present<'de, D: serde::Deserializer<'de>, T: serde::Deserialize<'de>>(
    d: D,
) -> Result<Option<T>, D::Error> {
    T::deserialize(d).map(Some)
}

/// [`decode_hand`] for a well-formed deal, as written.
fn from_wire(w: Wire<'_>) -> Option<Hand> {
    if w.event.is_some() {
        return None;
    }
    let player = |p: i64| usize::try_from(p).ok().filter(|p| *p < 2);
    let mut calls = Vec::new();
    for super::kit::MapOnly(c) in w.calls.unwrap_or_default() {
        let call = match c.call {
            "double" => CallKind::Double,
            "banco" => CallKind::Banco,
            "accept" => CallKind::Accept,
            "refuse" => CallKind::Refuse,
            _ => return None,
        };
        calls.push(Call {
            by: player(c.by)?,
            call,
        });
    }
    let outcome = match (w.tricks, w.winner) {
        (Some(_), Some(_)) => return None,
        (Some(t), None) => Outcome::Tricks(
            t.into_iter()
                .map(|t| match t {
                    None => Some(None),
                    Some(p) => player(p).map(Some),
                })
                .collect::<Option<Vec<_>>>()?,
        ),
        (None, Some(None)) => Outcome::Winner(None),
        (None, Some(Some(p))) => Outcome::Winner(Some(player(p)?)),
        (None, None) => Outcome::Refused,
    };
    Some(Hand { calls, outcome })
}

/// Who wins a deal from its tricks (`truc.deal.winner`): `Ok(Some(p))`, `Ok(None)` for a donne
/// nulle, or why the list is not a complete deal.
pub fn deal_winner(tricks: &[Option<usize>]) -> Result<Option<usize>, Msg> {
    for n in 1..=tricks.len().min(3) {
        if let Some(result) = decided(&tricks[..n]) {
            if n < tricks.len() {
                return Err(msg!("truc.err.tricks_after_end", n = n));
            }
            return Ok(result);
        }
    }
    if tricks.len() > 3 {
        return Err(msg!("truc.err.too_many_tricks", n = tricks.len()));
    }
    Err(msg!("truc.err.undecided", n = tricks.len()))
}

/// The result of the deal if these tricks decide it.
fn decided(t: &[Option<usize>]) -> Option<Option<usize>> {
    match *t {
        [Some(a), Some(b)] if a == b => Some(Some(a)),
        [Some(a), None] => Some(Some(a)),
        [None, Some(b)] => Some(Some(b)),
        [Some(a), Some(_), c] => Some(Some(c.unwrap_or(a))),
        [None, None, c] => Some(c),
        _ => None,
    }
}

/// Facts of one scored deal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Info {
    pub value: i64,
    pub winner: Option<usize>,
    pub manche: usize,
    pub score: [i64; 2],
}

/// Facts of the whole partie.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Summary {
    pub manches: Vec<[i64; 2]>,
}

/// A partie in progress.
#[derive(Debug, Clone)]
pub struct Game {
    players: Vec<Arc<str>>,
    options: Options,
    scores: [i64; 2],
    won: [i64; 2],
    /// The final score of every manche won so far (the one in play is `scores`).
    done: Trail<[i64; 2]>,
    current_played: bool,
    over: bool,
}

impl Game {
    pub fn new(players: &[String], options: &Options) -> Game {
        Game {
            players: players.iter().map(|p| Arc::from(p.as_str())).collect(),
            options: options.clone(),
            scores: [0, 0],
            won: [0, 0],
            done: Trail::new(),
            current_played: false,
            over: false,
        }
    }

    /// The current manche's scores.
    pub fn scores(&self) -> [i64; 2] {
        self.scores
    }

    /// A new deal's call state at the current scores.
    pub fn deal(&self) -> Deal {
        Deal::new(&self.options, self.scores)
    }

    /// The index of the manche being played.
    pub fn manche(&self) -> usize {
        self.done.len()
    }

    pub fn play(&mut self, hand: &Hand) -> Result<Scored<Info>, Vec<Msg>> {
        if self.over {
            let w = if self.won[0] > self.won[1] { 0 } else { 1 };
            return Err(vec![msg!(
                "truc.err.partie_over",
                winner = &self.players[w],
                manches = self.won[w]
            )]);
        }
        let mut deal = self.deal();
        // Each banco asked, with the rule behind its value (a line of no points of its own).
        let mut bancos = Vec::new();
        for (i, c) in hand.calls.iter().enumerate() {
            if let Err(m) = deal.apply(*c) {
                return Err(vec![msg!(
                    "truc.err.call",
                    n = i + 1,
                    player = &self.players[c.by],
                    call = Arg::Key(c.call.name_key()),
                    why = m
                )]);
            }
            if c.call == CallKind::Banco
                && let Some(pr) = deal.pending()
            {
                let text = msg!(
                    "truc.line.banco",
                    player = &self.players[c.by],
                    score = self.scores[c.by],
                    target = self.options.target,
                    value = pr.value
                );
                bancos.push(Line::new(c.by, 0, rule::RAISE_BANCO, text));
            }
        }
        if let Some(pr) = deal.pending() {
            return Err(vec![msg!(
                "truc.err.unanswered",
                player = &self.players[pr.by],
                value = pr.value
            )]);
        }
        let (value, winner, lines) = match (&hand.outcome, deal.refused()) {
            (Outcome::Refused, Some(pr)) => {
                let text = msg!(
                    "truc.line.refused",
                    player = &self.players[pr.by],
                    value = pr.before,
                    proposed = pr.value
                );
                (
                    pr.before,
                    Some(pr.by),
                    vec![Line::new(pr.by, pr.before, rule::RAISE_REFUSED, text)],
                )
            }
            (_, Some(_)) => return Err(vec![Msg::new("truc.err.result_after_refusal")]),
            (Outcome::Refused, None) => return Err(vec![Msg::new("truc.err.no_result")]),
            (Outcome::Tricks(t), None) => {
                let w = deal_winner(t).map_err(|m| vec![m])?;
                let mut lines = self.tricks_lines(t, w);
                lines.extend(self.value_line(w, deal.value(), true));
                (deal.value(), w, lines)
            }
            (Outcome::Winner(None), None) => {
                // Each player's own line: nobody scores, and no player is named as the one
                // the deal went to.
                let drawn = (0..2)
                    .map(|p| {
                        let text = msg!("truc.line.drawn", player = &self.players[p]);
                        Line::new(p, 0, rule::DEAL_WINNER, text)
                    })
                    .collect();
                (deal.value(), None, drawn)
            }
            (Outcome::Winner(w), None) => {
                (deal.value(), *w, self.value_line(*w, deal.value(), false))
            }
        };
        let lines = bancos.into_iter().chain(lines).collect();
        let mut delta = vec![0, 0];
        if let Some(w) = winner {
            delta[w] = value;
            self.scores[w] += value;
        }
        let manche = self.manche();
        let score = self.scores;
        self.current_played = true;
        if let Some(w) = winner.filter(|&w| self.scores[w] >= self.options.target) {
            self.won[w] += 1;
            self.done.push(self.scores);
            self.scores = [0, 0];
            self.current_played = false;
            self.over = self.won[w] >= self.options.manches;
        }
        Ok(Scored {
            delta,
            lines,
            info: Info {
                value,
                winner,
                manche,
                score,
            },
        })
    }

    /// The deal decided by its tricks (`truc.deal.winner`): each trick's winner or *pourri*,
    /// and how they decide it. No points: the value line that follows scores the deal. A drawn
    /// deal (three pourris) has a line for each player, who scores nothing.
    fn tricks_lines(&self, tricks: &[Option<usize>], winner: Option<usize>) -> Vec<Line> {
        let trick = |t: &Option<usize>| match t {
            Some(p) => msg!("truc.trick.won", player = &self.players[*p]),
            None => Msg::new("truc.trick.pourri"),
        };
        let list = tricks
            .iter()
            .rev()
            .map(trick)
            .reduce(|rest, first| msg!("truc.tricks.more", first = first, rest = rest))
            .unwrap_or_else(|| Msg::new("truc.trick.pourri"));
        let how = match *tricks {
            [Some(a), Some(b)] if a == b => "truc.how.two",
            [Some(_), None] | [Some(_), Some(_), None] => "truc.how.pourri_first",
            [None, Some(_)] => "truc.how.pourri_next",
            [Some(_), Some(_), Some(_)] => "truc.how.third",
            [None, None, Some(_)] => "truc.how.pourris_third",
            _ => "truc.how.drawn",
        };
        let line = |key: &'static str, p: usize| {
            let text = msg!(
                key,
                player = &self.players[p],
                tricks = list.clone(),
                how = Arg::Key(how)
            );
            Line::new(p, 0, rule::DEAL_WINNER, text)
        };
        match winner {
            Some(w) => vec![line("truc.line.deal_winner", w)],
            None => (0..2).map(|p| line("truc.line.drawn_tricks", p)).collect(),
        }
    }

    fn value_line(&self, winner: Option<usize>, value: i64, by_tricks: bool) -> Vec<Line> {
        match winner {
            None => Vec::new(),
            Some(w) => {
                let key = if by_tricks {
                    "truc.line.won_tricks"
                } else {
                    "truc.line.won"
                };
                vec![Line::new(
                    w,
                    value,
                    rule::DEAL_VALUE,
                    msg!(key, player = &self.players[w], value = value),
                )]
            }
        }
    }

    /// Manches won per player.
    pub fn totals(&self) -> Vec<i64> {
        self.won.to_vec()
    }

    pub fn finished(&self) -> bool {
        self.over
    }

    /// Each manche's score: the final one of those won, then the one in play if begun.
    fn manches(&self) -> impl Iterator<Item = [i64; 2]> + '_ {
        let current = self.current_played.then_some(self.scores);
        self.done.iter().copied().chain(current)
    }

    pub fn summary(&self) -> Summary {
        Summary {
            manches: self.manches().collect(),
        }
    }
}

super::kit::figures!(Sum {
    Deals = "deals",
    Manches = "manches_won",
    Raises = "raises",
    Accepted = "raises_accepted",
    Refused = "raises_refused",
    RaisesWon = "raises_won",
});

impl super::rules::Rules for Game {
    const EVENTS_NOTE: Option<&'static str> = Some("event.note.truc");
    const EVENTS: &'static [crate::games::table::EventKind] =
        &[crate::games::table::EventKind::Replace];
    fn held(&self) -> usize {
        self.done.unshared()
    }
    rules_from_module!();

    const SUMS: &'static [&'static str] = Sum::NAMES;
    /// Each player's raises (doubles and bancos): proposed, then accepted (by a word or by a
    /// raise over it) or refused by the other; and the deals a player raised in and won.
    fn tally(hand: &Hand, info: &Info, _delta: &[i64], seats: &mut [super::kit::Tally]) {
        for t in seats.iter_mut() {
            t.add(Sum::Deals as usize, 1);
        }
        let raise = |c: &Call| matches!(c.call, CallKind::Double | CallKind::Banco);
        for (i, c) in hand.calls.iter().enumerate().filter(|(_, c)| raise(c)) {
            let Some(t) = seats.get_mut(c.by) else {
                continue;
            };
            t.add(Sum::Raises as usize, 1);
            match hand.calls.get(i + 1).map(|a| a.call) {
                Some(CallKind::Refuse) => t.add(Sum::Refused as usize, 1),
                Some(_) => t.add(Sum::Accepted as usize, 1),
                None => {}
            }
        }
        if let Some(w) = info.winner
            && hand.calls.iter().any(|c| c.by == w && raise(c))
            && let Some(t) = seats.get_mut(w)
        {
            t.add(Sum::RaisesWon as usize, 1);
        }
    }
    fn tally_end(&self, seats: &mut [super::kit::Tally]) {
        for (t, won) in seats.iter_mut().zip(self.won) {
            t.add(Sum::Manches as usize, won);
        }
    }
    type Wire<'de> = Wire<'de>;
    fn hand_bytes(hand: &Hand) -> usize {
        super::rules::list_bytes(&hand.calls)
    }
    fn from_wire(w: Wire<'_>, _players: usize, _options: &Options) -> Option<Hand> {
        from_wire(w)
    }

    const ID: &'static str = "truc";
    const NAME_KEY: &'static str = "game.truc";
    const HAND_NOUN: &'static str = "noun.truc.hand";
    const HAND_WORD: &'static str = "noun.truc.word";
    const HAND_COUNT: &'static str = "noun.truc.count";
    const TOTAL_UNIT: &'static str = "unit.manches";
    const HAND_TITLE: &'static str = "noun.truc.title";
    const BEST_HAND: &'static str = "stats.best_hand.truc";
    const WORD_ASKED: (&'static str, &'static str) = ("word.by_player", "word.none_player");
    const PLAYERS: (usize, usize) = (2, 2);
    const OPTIONS: &'static [OptDesc] = &[
        OptDesc::new("raise", OptKind::Words(&["double", "plus_one"])),
        OptDesc::new("target", OptKind::Positive(12)),
        OptDesc::new("manches", OptKind::Positive(2)),
    ];
    const RULES: &'static [RuleId] = &[
        rule::DEAL_WINNER,
        rule::DEAL_VALUE,
        rule::RAISE_DOUBLE,
        rule::RAISE_REFUSED,
        rule::RAISE_BANCO,
        rule::MANCHE,
        rule::PARTIE,
    ];
    const HAND_FIELDS: &'static [&'static str] = &["calls", "tricks", "winner"];

    fn read_options(v: Option<&Value>, _players: usize) -> Result<Options, Vec<Msg>> {
        Options::from_json(v)
    }
    fn rename(&mut self, seat: usize, name: &str) {
        if let Some(p) = self.players.get_mut(seat) {
            *p = Arc::from(name);
        }
    }
    fn start(players: &[String], options: &Options) -> Game {
        Game::new(players, options)
    }
    fn decode(v: &Value, _players: usize, _options: &Options) -> Result<Hand, Vec<Msg>> {
        decode_hand(v)
    }
    /// The deal's value raise by raise: `1 → 2 → 4`; a refused raise ends with `↛ 8`, the
    /// points being the value that stood before it. Nothing to write for a deal never raised.
    fn count(&self, hand: &Hand, _info: &Info, line: &Line) -> Option<String> {
        if line.rule != rule::DEAL_VALUE && line.rule != rule::RAISE_REFUSED {
            return None;
        }
        let mut deal = self.deal();
        // The value raise by raise, a banco named as such.
        let mut chain = vec![(deal.value(), false)];
        // Whether the proposal waiting for an answer is a banco: the value changes when it is
        // accepted (or raised over), at a later call.
        let mut banco = false;
        for call in &hand.calls {
            deal.apply(*call).ok()?;
            if deal.value() != chain.last()?.0 {
                chain.push((deal.value(), banco));
            }
            match call.call {
                CallKind::Banco => banco = true,
                CallKind::Double => banco = false,
                CallKind::Accept | CallKind::Refuse => {}
            }
        }
        let mut out = chain
            .iter()
            .map(|(v, banco)| {
                if *banco {
                    format!("banco {v}")
                } else {
                    v.to_string()
                }
            })
            .collect::<Vec<_>>()
            .join(" → ");
        if let Some(refused) = deal.refused() {
            let banco = if refused.banco { "banco " } else { "" };
            out.push_str(&format!(" ↛ {banco}{}", refused.value));
        } else if chain.len() < 2 {
            return None;
        }
        out.push_str(&format!(" : {}", super::kit::number(line.points)));
        Some(out)
    }
    fn label(_hand: &Hand, info: &Info, _index: usize, players: &[String]) -> Msg {
        match info.winner {
            Some(w) => msg!(
                "label.truc",
                manche = info.manche + 1,
                value = info.value,
                winner = players.get(w).map(String::as_str).unwrap_or("")
            ),
            None => msg!("label.truc_null", manche = info.manche + 1),
        }
    }
    fn state(&self, players: &[String], _next: usize) -> Msg {
        let s = self.scores();
        let won = Game::totals(self);
        let name = |i: usize| players.get(i).map(String::as_str).unwrap_or("");
        msg!(
            "state.truc",
            manche = self.manche() + 1,
            a = name(0),
            b = name(1),
            sa = s[0],
            sb = s[1],
            ma = won[0],
            mb = won[1]
        )
    }
    fn summary(&self) -> Vec<(&'static str, Value)> {
        vec![("manches", json!(self.manches().collect::<Vec<_>>()))]
    }
    fn write_summary(&self, out: &mut dyn std::io::Write) -> std::io::Result<()> {
        use serde::Serializer;
        out.write_all(b",\n  \"manches\": ")?;
        Ok(serde_json::Serializer::new(out).collect_seq(self.manches())?)
    }
}

impl super::face::Face for Game {
    fn standing(info: &Info, side: usize, _running: i64) -> i64 {
        info.score.get(side).copied().unwrap_or(0)
    }

    const STANDING_APART: bool = true;

    fn part_won(info: &Info, options: &Options) -> Option<usize> {
        info.score
            .iter()
            .any(|p| *p >= options.target)
            .then_some(info.winner)
            .flatten()
    }

    const TOTAL_LABEL: &'static str = "sheet.manches_won";
    const TOTAL_COLUMN: &'static str = "manches";
}
