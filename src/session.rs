//! A session: players, options and hands of one sitting; checked and replayed into a score sheet.
//!
//! The file format is `marque-session` version 1. Fields this version does not know are kept
//! (in [`Session::extra`]) so that saving never drops what a newer or richer writer stored.

use serde_json::{Map, Value, json};

use crate::games::json::{self as j, Obj};
use crate::games::{
    GameKind, Line, Rules, Scored, ascenseur, bridge, democratie, le2500, leaders, truc,
};
use crate::i18n::{Arg, Lang, Msg};
use crate::msg;

pub const FORMAT: &str = "marque-session";
/// The newest file version this build reads and writes.
pub const VERSION: u64 = 1;

/// A problem that stops a file from being scored: `file: …` or `hand N: …` (N from 1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub hand: Option<usize>,
    pub msg: Msg,
}

impl Problem {
    pub fn file(msg: Msg) -> Problem {
        Problem { hand: None, msg }
    }
    pub fn hand(index: usize, msg: Msg) -> Problem {
        Problem {
            hand: Some(index + 1),
            msg,
        }
    }
    /// The line printed on standard error.
    pub fn render(&self, lang: Lang) -> String {
        match self.hand {
            None => format!("file: {}", self.msg.render(lang)),
            Some(n) => format!("hand {n}: {}", self.msg.render(lang)),
        }
    }
}

/// The typed options of a session's game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Options {
    Truc(truc::Options),
    Bridge(bridge::Options),
    Ascenseur(ascenseur::Options),
    Le2500(le2500::Options),
    Democratie(democratie::Options),
}

impl Options {
    /// Reads the `options` object for `game` and `players` players.
    pub fn from_json(
        game: GameKind,
        v: Option<&Value>,
        players: usize,
    ) -> Result<Options, Vec<Msg>> {
        Ok(match game {
            GameKind::Truc => Options::Truc(truc::Options::from_json(v)?),
            GameKind::Bridge => Options::Bridge(bridge::Options::from_json(v)?),
            GameKind::Ascenseur => Options::Ascenseur(ascenseur::Options::from_json(v, players)?),
            GameKind::Le2500 => Options::Le2500(le2500::Options::from_json(v)?),
            GameKind::Democratie => {
                Options::Democratie(democratie::Options::from_json(v, players)?)
            }
        })
    }

    pub fn to_json(&self) -> Value {
        let v = match self {
            Options::Truc(o) => serde_json::to_value(o),
            Options::Bridge(o) => serde_json::to_value(o),
            Options::Ascenseur(o) => serde_json::to_value(o),
            Options::Le2500(o) => serde_json::to_value(o),
            Options::Democratie(o) => serde_json::to_value(o),
        };
        v.unwrap_or(Value::Null)
    }
}

/// One session file, checked at the file level (players, options, version); hands are kept as
/// JSON and checked when replayed.
#[derive(Debug, Clone, PartialEq)]
pub struct Session {
    pub version: u64,
    pub id: Option<String>,
    pub game: GameKind,
    pub created: Option<String>,
    pub players: Vec<String>,
    /// The options as written in the file (missing keys take their defaults).
    pub options_json: Map<String, Value>,
    pub options: Options,
    pub closed: bool,
    pub hands: Vec<Value>,
    /// Fields this version does not interpret, kept as they were.
    pub extra: Map<String, Value>,
}

const KNOWN: [&str; 9] = [
    "format", "version", "id", "game", "created", "players", "options", "closed", "hands",
];

impl Session {
    /// A new empty session.
    pub fn new(
        game: GameKind,
        players: Vec<String>,
        options_json: Map<String, Value>,
    ) -> Result<Session, Vec<Problem>> {
        let mut v = json!({
            "format": FORMAT, "version": VERSION, "game": game.id(), "players": players,
            "options": options_json, "closed": false, "hands": []
        });
        if let Value::Object(m) = &mut v {
            m.insert(
                "created".into(),
                json!(chrono::Local::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, false)),
            );
        }
        Session::from_value(&v)
    }

    /// Reads a session from its text.
    pub fn parse(text: &str) -> Result<Session, Vec<Problem>> {
        let v: Value = serde_json::from_str(text)
            .map_err(|e| vec![Problem::file(msg!("file.not_json", error = e.to_string()))])?;
        Session::from_value(&v)
    }

    /// Reads a session from JSON, with every file-level problem.
    pub fn from_value(v: &Value) -> Result<Session, Vec<Problem>> {
        let file = |m: Msg| vec![Problem::file(m)];
        let o = Obj::of(v, Msg::new("json.what.session")).map_err(file)?;
        match o.get("format") {
            Some(Value::String(s)) if s == FORMAT => {}
            Some(other) => return Err(file(msg!("file.format", found = j::quote(other)))),
            None => return Err(file(msg!("json.missing", field = "format"))),
        }
        let version = match o.get("version") {
            None => return Err(file(msg!("json.missing", field = "version"))),
            Some(vv) => match vv.as_u64() {
                Some(n) if n > VERSION => {
                    return Err(file(msg!("file.newer", version = n, known = VERSION)));
                }
                Some(n) if n >= 1 => n,
                _ => return Err(file(msg!("file.version", found = j::quote(vv)))),
            },
        };
        let mut problems = Vec::new();
        let game = match o.required("game").and_then(|g| j::string("game", g)) {
            Err(m) => {
                problems.push(Problem::file(m));
                None
            }
            Ok(g) => match GameKind::from_id(g) {
                Some(k) => Some(k),
                None => {
                    let allowed = GameKind::ALL.map(|g| g.id()).join(", ");
                    problems.push(Problem::file(msg!(
                        "file.game",
                        value = g,
                        allowed = allowed
                    )));
                    None
                }
            },
        };
        let optional_string = |name: &str, problems: &mut Vec<Problem>| match o.present(name) {
            None => None,
            Some(Value::String(s)) => Some(s.clone()),
            Some(other) => {
                problems.push(Problem::file(j::wrong_type(name, "json.a_string", other)));
                None
            }
        };
        let id = optional_string("id", &mut problems);
        let created = optional_string("created", &mut problems);
        let closed = match o.present("closed") {
            None => false,
            Some(Value::Bool(b)) => *b,
            Some(other) => {
                problems.push(Problem::file(j::wrong_type("closed", "json.a_bool", other)));
                false
            }
        };
        let players = match o.required("players").and_then(|p| j::array("players", p)) {
            Err(m) => {
                problems.push(Problem::file(m));
                None
            }
            Ok(list) => check_players(game, list, &mut problems),
        };
        let hands = match o.required("hands").and_then(|h| j::array("hands", h)) {
            Err(m) => {
                problems.push(Problem::file(m));
                Vec::new()
            }
            Ok(h) => h.clone(),
        };
        let options_json = match o.present("options") {
            Some(Value::Object(m)) => m.clone(),
            _ => Map::new(),
        };
        let options = match (game, &players) {
            (Some(g), Some(p)) => match Options::from_json(g, o.get("options"), p.len()) {
                Ok(opts) => Some(opts),
                Err(ms) => {
                    problems.extend(ms.into_iter().map(Problem::file));
                    None
                }
            },
            _ => None,
        };
        let extra = o
            .map
            .iter()
            .filter(|(k, _)| !KNOWN.contains(&k.as_str()))
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        match (game, players, options) {
            (Some(game), Some(players), Some(options)) if problems.is_empty() => Ok(Session {
                version,
                id,
                game,
                created,
                players,
                options_json,
                options,
                closed,
                hands,
                extra,
            }),
            _ => Err(problems),
        }
    }

    /// The session as written to a file (always at [`VERSION`]).
    pub fn to_value(&self) -> Value {
        let mut m = Map::new();
        m.insert("format".into(), json!(FORMAT));
        m.insert("version".into(), json!(VERSION));
        if let Some(id) = &self.id {
            m.insert("id".into(), json!(id));
        }
        m.insert("game".into(), json!(self.game.id()));
        if let Some(c) = &self.created {
            m.insert("created".into(), json!(c));
        }
        m.insert("players".into(), json!(self.players));
        m.insert("options".into(), Value::Object(self.options_json.clone()));
        m.insert("closed".into(), json!(self.closed));
        m.insert("hands".into(), Value::Array(self.hands.clone()));
        for (k, v) in &self.extra {
            m.insert(k.clone(), v.clone());
        }
        Value::Object(m)
    }

    pub fn to_json_string(&self) -> String {
        let mut s = serde_json::to_string_pretty(&self.to_value()).unwrap_or_default();
        s.push('\n');
        s
    }

    /// The sides that score: bridge's partnerships, else the players.
    pub fn sides(&self) -> Vec<String> {
        match self.game {
            GameKind::Bridge => bridge::SIDES.iter().map(|s| s.to_string()).collect(),
            _ => self.players.clone(),
        }
    }

    /// Checks and scores every hand.
    pub fn score(&self) -> Result<Sheet, Vec<Problem>> {
        let players = &self.players;
        let (live, hands, problems) = match &self.options {
            Options::Truc(o) => replay(
                truc::Game::new(players, o),
                &self.hands,
                HandInfo::Truc,
                Live::Truc,
            ),
            Options::Bridge(o) => replay(
                bridge::Game::new(o),
                &self.hands,
                HandInfo::Bridge,
                Live::Bridge,
            ),
            Options::Ascenseur(o) => replay(
                ascenseur::Game::new(players, o),
                &self.hands,
                HandInfo::Ascenseur,
                Live::Ascenseur,
            ),
            Options::Le2500(o) => replay(
                le2500::Game::new(players, o),
                &self.hands,
                HandInfo::Le2500,
                Live::Le2500,
            ),
            Options::Democratie(o) => replay(
                democratie::Game::new(players, o),
                &self.hands,
                HandInfo::Democratie,
                Live::Democratie,
            ),
        };
        if !problems.is_empty() {
            return Err(problems);
        }
        let mut live = live;
        let natural_end = live.finished();
        let closing = match (&mut live, self.closed) {
            (Live::Bridge(g), true) => g.close(),
            _ => Vec::new(),
        };
        let totals = live.totals();
        let finished = natural_end || self.closed;
        let winners = if finished {
            leaders(&totals)
        } else {
            Vec::new()
        };
        Ok(Sheet {
            game: self.game,
            sides: self.sides(),
            hands,
            totals,
            finished,
            natural_end,
            winners,
            closing,
            live,
        })
    }

    /// The sheet if `hand` were added at the end: the check the app runs before saving a hand.
    pub fn score_with(&self, hand: Value) -> Result<Sheet, Vec<Problem>> {
        let mut s = self.clone();
        s.hands.push(hand);
        s.score()
    }
}

fn check_players(
    game: Option<GameKind>,
    list: &[Value],
    problems: &mut Vec<Problem>,
) -> Option<Vec<String>> {
    let mut names = Vec::new();
    let mut ok = true;
    for (i, p) in list.iter().enumerate() {
        match p.as_str() {
            Some(s) if !s.trim().is_empty() => {
                if names.contains(&s.to_string()) {
                    problems.push(Problem::file(msg!("file.player_twice", name = s)));
                    ok = false;
                }
                names.push(s.to_string());
            }
            Some(_) => {
                problems.push(Problem::file(msg!("file.player_empty", n = i + 1)));
                ok = false;
            }
            None => {
                problems.push(Problem::file(j::wrong_type("players", "json.a_string", p)));
                ok = false;
            }
        }
    }
    if let Some(g) = game {
        let (lo, hi) = g.players();
        if list.len() < lo || list.len() > hi {
            let allowed = if lo == hi {
                lo.to_string()
            } else {
                format!("{lo}–{hi}")
            };
            problems.push(Problem::file(msg!(
                "file.players_count",
                game = Arg::Key(g.name_key()),
                found = list.len(),
                allowed = allowed
            )));
            ok = false;
        }
    }
    ok.then_some(names)
}

fn replay<G: Rules>(
    mut game: G,
    hands: &[Value],
    info: fn(G::Info) -> HandInfo,
    live: fn(G) -> Live,
) -> (Live, Vec<HandRow>, Vec<Problem>) {
    let mut rows = Vec::new();
    let mut problems = Vec::new();
    let mut broken = false;
    for (i, v) in hands.iter().enumerate() {
        match game.decode(v) {
            Err(ms) => {
                problems.extend(ms.into_iter().map(|m| Problem::hand(i, m)));
                broken = true;
            }
            Ok(_) if broken => {}
            Ok(h) => match game.play(&h) {
                Ok(Scored {
                    delta,
                    lines,
                    info: inf,
                }) => rows.push(HandRow {
                    delta,
                    lines,
                    info: info(inf),
                }),
                Err(ms) => {
                    problems.extend(ms.into_iter().map(|m| Problem::hand(i, m)));
                    broken = true;
                }
            },
        }
    }
    (live(game), rows, problems)
}

/// Game-specific facts of one hand.
#[derive(Debug, Clone, PartialEq)]
pub enum HandInfo {
    Truc(truc::Info),
    Bridge(bridge::Info),
    Ascenseur(ascenseur::Info),
    Le2500(le2500::Info),
    Democratie(democratie::Info),
}

/// One scored hand.
#[derive(Debug, Clone, PartialEq)]
pub struct HandRow {
    pub delta: Vec<i64>,
    pub lines: Vec<Line>,
    pub info: HandInfo,
}

/// The game after the last hand, for what the table needs next (dealer, vulnerability…).
#[derive(Debug, Clone)]
pub enum Live {
    Truc(truc::Game),
    Bridge(bridge::Game),
    Ascenseur(ascenseur::Game),
    Le2500(le2500::Game),
    Democratie(democratie::Game),
}

impl Live {
    fn totals(&self) -> Vec<i64> {
        match self {
            Live::Truc(g) => g.totals(),
            Live::Bridge(g) => g.totals(),
            Live::Ascenseur(g) => g.totals(),
            Live::Le2500(g) => g.totals(),
            Live::Democratie(g) => g.totals(),
        }
    }
    fn finished(&self) -> bool {
        match self {
            Live::Truc(g) => g.finished(),
            Live::Bridge(g) => g.finished(),
            Live::Ascenseur(g) => g.finished(),
            Live::Le2500(g) => g.finished(),
            Live::Democratie(g) => g.finished(),
        }
    }
}

/// One bridge rubber as written on paper.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Paper {
    /// Per side (NS, EW), the entries above the line, oldest first (nearest the line).
    pub above: [Vec<i64>; 2],
    /// Below the line: per side the entries of each segment, and whether a game line closes it.
    pub below: Vec<([Vec<i64>; 2], bool)>,
    pub totals: [i64; 2],
    pub games: [i64; 2],
}

/// The score sheet of a session.
#[derive(Debug, Clone)]
pub struct Sheet {
    pub game: GameKind,
    pub sides: Vec<String>,
    pub hands: Vec<HandRow>,
    pub totals: Vec<i64>,
    /// The game is over: naturally, or because the session was closed.
    pub finished: bool,
    /// The game reached its natural end (no more hands may be entered).
    pub natural_end: bool,
    pub winners: Vec<usize>,
    /// Lines scored when the session was closed (bridge's unfinished rubber), in no hand.
    pub closing: Vec<Line>,
    pub live: Live,
}

impl Sheet {
    /// Running totals after each hand (per side), in the unit of `totals`, except truc, whose
    /// running figures are the manche scores.
    pub fn running(&self) -> Vec<Vec<i64>> {
        let mut acc = vec![0; self.sides.len()];
        self.hands
            .iter()
            .map(|h| {
                for (a, d) in acc.iter_mut().zip(&h.delta) {
                    *a += d;
                }
                acc.clone()
            })
            .collect()
    }

    /// Rubber `k` laid out as on paper (bridge only): what each side wrote above the line, oldest
    /// first, and below it, in segments closed by a game line.
    pub fn paper(&self, k: usize) -> Option<Paper> {
        let Live::Bridge(g) = &self.live else {
            return None;
        };
        let rubber = g.summary().rubbers.get(k)?.clone();
        let mut paper = Paper {
            above: [Vec::new(), Vec::new()],
            below: Vec::new(),
            totals: rubber.totals,
            games: rubber.games,
        };
        let mut segment: [Vec<i64>; 2] = [Vec::new(), Vec::new()];
        for h in &self.hands {
            let HandInfo::Bridge(info) = &h.info else {
                continue;
            };
            if info.rubber != k {
                continue;
            }
            for l in h.lines.iter().filter(|l| l.rule != "bridge.below.tricks") {
                paper.above[l.side].push(l.points);
            }
            for s in 0..2 {
                if info.below[s] > 0 {
                    segment[s].push(info.below[s]);
                }
            }
            if info.game.is_some() {
                paper.below.push((std::mem::take(&mut segment), true));
            }
        }
        for s in 0..2 {
            if rubber.unfinished[s] > 0 {
                paper.above[s].push(rubber.unfinished[s]);
            }
        }
        if !segment[0].is_empty() || !segment[1].is_empty() {
            paper.below.push((segment, false));
        }
        Some(paper)
    }

    /// The sheet as `marque score` prints it.
    pub fn to_json(&self, lang: Lang) -> Value {
        let hands: Vec<Value> = self
            .hands
            .iter()
            .map(|h| {
                let mut m = Map::new();
                m.insert("delta".into(), json!(h.delta));
                m.insert("lines".into(), lines_json(&h.lines, lang));
                let info = match &h.info {
                    HandInfo::Truc(i) => serde_json::to_value(i),
                    HandInfo::Bridge(i) => serde_json::to_value(i),
                    HandInfo::Ascenseur(i) => serde_json::to_value(i),
                    HandInfo::Le2500(i) => serde_json::to_value(i),
                    HandInfo::Democratie(i) => serde_json::to_value(i),
                };
                if let Ok(Value::Object(extra)) = info {
                    m.extend(extra);
                }
                Value::Object(m)
            })
            .collect();
        let mut out = json!({
            "game": self.game.id(),
            "sides": self.sides,
            "hands": hands,
            "totals": self.totals,
            "finished": self.finished,
            "winners": self.winners,
        });
        match &self.live {
            Live::Bridge(g) => {
                out["rubbers"] = serde_json::to_value(g.summary().rubbers).unwrap_or(Value::Null);
                if !self.closing.is_empty() {
                    out["closing"] = lines_json(&self.closing, lang);
                }
            }
            Live::Truc(g) => out["manches"] = json!(g.summary().manches),
            _ => {}
        }
        out
    }
}

fn lines_json(lines: &[Line], lang: Lang) -> Value {
    Value::Array(
        lines
            .iter()
            .map(|l| json!({ "side": l.side, "points": l.points, "rule": l.rule, "text": l.text.render(lang) }))
            .collect(),
    )
}
