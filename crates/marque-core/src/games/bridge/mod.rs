//! Rubber bridge: contracts, the line, games, vulnerability, rubbers.
//!
//! Rules: `bridge.below.tricks`, `bridge.game`, `bridge.overtricks`, `bridge.insult`,
//! `bridge.undertricks`, `bridge.undertricks.doubled`, `bridge.slam`, `bridge.honours`,
//! `bridge.rubber`, `bridge.unfinished`.

use serde::Serialize;
use serde_json::Value;

use crate::games::{Line, OptDesc, OptKind, Scored};
use crate::i18n::{Arg, Msg};
use crate::msg;
use crate::trail::Trail;

mod chicago;
mod hand;
mod paper;
pub use chicago::{Wheel, vul_key};
pub use hand::decode_hand;
use hand::from_wire;
pub use hand::{
    Contract, Doubling, Hand, Honours, HonoursKind, Level, Seat, Strain, Wire, WireHonours, dealer,
};
mod options;
pub use options::{ChicagoVul, Format, Options, SlamRule, Table};
pub use paper::{Ended, Paper, Papers, Slot};

use crate::games::RuleId;

/// The game's rule ids, as its lines and the rules screen name them.
pub mod rule {
    use crate::games::RuleId;

    pub const BELOW_TRICKS: RuleId = RuleId::new("bridge.below.tricks");
    pub const GAME: RuleId = RuleId::new("bridge.game");
    pub const OVERTRICKS: RuleId = RuleId::new("bridge.overtricks");
    pub const INSULT: RuleId = RuleId::new("bridge.insult");
    pub const UNDERTRICKS: RuleId = RuleId::new("bridge.undertricks");
    pub const UNDERTRICKS_DOUBLED: RuleId = RuleId::new("bridge.undertricks.doubled");
    pub const SLAM: RuleId = RuleId::new("bridge.slam");
    pub const HONOURS: RuleId = RuleId::new("bridge.honours");
    pub const RUBBER: RuleId = RuleId::new("bridge.rubber");
    pub const UNFINISHED: RuleId = RuleId::new("bridge.unfinished");
    pub const CHICAGO_VULNERABILITY: RuleId = RuleId::new("bridge.chicago.vulnerability");
    pub const CHICAGO_GAME: RuleId = RuleId::new("bridge.chicago.game");
    pub const CHICAGO_PARTSCORE: RuleId = RuleId::new("bridge.chicago.partscore");
}

/// Points below the line that make a game.
pub const GAME: i64 = 100;

/// The two partnerships: 0 = North–South, 1 = East–West.
pub const SIDES: [&str; 2] = ["NS", "EW"];

/// Facts of one scored deal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Info {
    pub below: [i64; 2],
    pub above: [i64; 2],
    /// Per side, before the deal.
    pub vulnerable: [bool; 2],
    pub rubber: usize,
    /// Chicago: the deal's place in its chukker (1 to 4; a deal passed out, the one dealt
    /// again) and its dealer (0 = N … 3 = W).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deal: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dealer: Option<usize>,
    /// The side that won a game with this deal (the line is drawn under it).
    #[serde(skip)]
    pub game: Option<usize>,
}

/// One rubber's standing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
pub struct Rubber {
    // In the order of their names: `marque score` has always written them so.
    pub above: [i64; 2],
    pub below: [i64; 2],
    pub finished: bool,
    pub games: [i64; 2],
    pub totals: [i64; 2],
    /// Below-the-line points toward the next game, per side.
    #[serde(skip)]
    pub toward_game: [i64; 2],
    /// The unfinished-rubber premiums added when the session was closed (laws table).
    #[serde(skip)]
    pub unfinished: [i64; 2],
}

impl Rubber {
    /// Adds a deal's lines above the line (all but its trick points) and makes the totals
    /// again; what went above, per side.
    fn add_above(&mut self, lines: &[Line]) -> [i64; 2] {
        let mut above = [0, 0];
        for l in lines.iter().filter(|l| l.rule != rule::BELOW_TRICKS) {
            above[l.side] += l.points;
        }
        for s in 0..2 {
            self.above[s] += above[s];
            self.totals[s] = self.below[s] + self.above[s];
        }
        above
    }

    pub fn vulnerable(&self) -> [bool; 2] {
        [self.games[0] > 0, self.games[1] > 0]
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Summary {
    pub rubbers: Vec<Rubber>,
}

/// What each overtrick of a made contract is worth (`bridge.overtricks`).
fn overtrick_value(c: Contract, vul: bool) -> i64 {
    match c.doubling {
        Doubling::None => c.strain.trick_points().1,
        _ => (if vul { 200 } else { 100 }) * c.doubling.factor() / 2,
    }
}

/// What each undertrick of a doubled contract costs, first to last
/// (`bridge.undertricks.doubled`); twice that redoubled.
fn undertricks_doubled(down: i64, vul: bool, table: Table) -> impl Iterator<Item = i64> {
    (1..=down).map(move |k| match (vul, k, table) {
        (false, 1, _) => 100,
        (false, 2..=3, _) => 200,
        (false, _, Table::Laws) => 300,
        (false, _, Table::Seed) => 200,
        (true, 1, _) => 200,
        (true, _, _) => 300,
    })
}

/// The sum a line of a deal is, written out (`4 × 30 = 120`, `200 + 300 + 300 = 800`); `None`
/// for a line that is one figure (a bonus, honours, the rubber).
fn count(hand: &Hand, info: &Info, line: &Line, options: &Options) -> Option<String> {
    let Hand::Played {
        contract: c,
        declarer,
        tricks,
        ..
    } = *hand
    else {
        return None;
    };
    let vul = info.vulnerable[declarer.side()];
    let f = c.doubling.factor();
    let times = |sum: String, by: i64| {
        if by == 1 {
            sum
        } else {
            format!("({sum}) × {by}")
        }
    };
    let sum = match line.rule {
        rule::BELOW_TRICKS => {
            let (first, next) = c.strain.trick_points();
            let level = i64::from(c.level.get());
            let sum = match (first == next, level) {
                (true, _) => format!("{level} × {next}"),
                (false, 1) => format!("{first}"),
                (false, _) => format!("{first} + {} × {next}", level - 1),
            };
            times(sum, f)
        }
        rule::OVERTRICKS => format!("{} × {}", tricks - c.needed(), overtrick_value(c, vul)),
        rule::UNDERTRICKS => {
            format!("{} × {}", c.needed() - tricks, if vul { 100 } else { 50 })
        }
        rule::UNDERTRICKS_DOUBLED => {
            let down = i64::from(c.needed() - tricks);
            let terms: Vec<String> = undertricks_doubled(down, vul, options.table)
                .map(|t| t.to_string())
                .collect();
            times(terms.join(" + "), f / 2)
        }
        _ => return None,
    };
    Some(format!("{sum} = {}", line.points))
}

/// What one deal scores, before games and rubbers: `(below, above lines)` for the declarer's side.
pub fn score_deal(hand: &Hand, vulnerable: [bool; 2], options: &Options) -> (Vec<Line>, [i64; 2]) {
    // Tricks, overtricks, a bonus or two, honours and the rubber: room for them all at once.
    let mut lines = Vec::with_capacity(6);
    let mut below = [0, 0];
    let Hand::Played {
        contract: c,
        declarer,
        tricks,
        honours,
    } = *hand
    else {
        return (lines, below);
    };
    let d = declarer.side();
    let vul = vulnerable[d];
    let f = c.doubling.factor();
    let needed = c.needed();
    if tricks >= needed {
        let (first, next) = c.strain.trick_points();
        let points = (first + next * (i64::from(c.level.get()) - 1)) * f;
        below[d] = points;
        lines.push(Line::new(
            d,
            points,
            rule::BELOW_TRICKS,
            msg!(
                "bridge.line.below",
                contract = c.display(),
                level = c.level.get(),
                points = points
            ),
        ));
        let over = (tricks - needed) as i64;
        if over > 0 {
            let each = overtrick_value(c, vul);
            lines.push(Line::new(
                d,
                over * each,
                rule::OVERTRICKS,
                msg!("bridge.line.overtricks", n = over, each = each),
            ));
        }
        if c.doubling != Doubling::None {
            let insult = match (options.table, c.doubling) {
                (Table::Laws, Doubling::Redoubled) => 100,
                _ => 50,
            };
            lines.push(Line::new(
                d,
                insult,
                rule::INSULT,
                Msg::new("bridge.line.insult"),
            ));
        }
        let slam = match options.slam {
            SlamRule::Bid => c.level.get().checked_sub(5).filter(|_| c.level.get() >= 6),
            SlamRule::Tricks => tricks.checked_sub(11).filter(|_| tricks >= 12),
        };
        if let Some(kind) = slam {
            let (key, points) = match (kind, vul) {
                (1, false) => ("bridge.line.small_slam", 500),
                (1, true) => ("bridge.line.small_slam", 750),
                (_, false) => ("bridge.line.grand_slam", 1000),
                (_, true) => ("bridge.line.grand_slam", 1500),
            };
            lines.push(Line::new(
                d,
                points,
                rule::SLAM,
                msg!(key, vul = vul_arg(vul)),
            ));
        }
    } else {
        let down = (needed - tricks) as i64;
        let o = 1 - d;
        let (rule, points, text) = match c.doubling {
            Doubling::None => {
                let each = if vul { 100 } else { 50 };
                (
                    rule::UNDERTRICKS,
                    down * each,
                    msg!(
                        "bridge.line.down",
                        n = down,
                        each = each,
                        vul = vul_arg(vul)
                    ),
                )
            }
            _ => {
                let points = undertricks_doubled(down, vul, options.table).sum::<i64>() * f / 2;
                let key = if c.doubling == Doubling::Doubled {
                    "bridge.line.down_x"
                } else {
                    "bridge.line.down_xx"
                };
                (
                    rule::UNDERTRICKS_DOUBLED,
                    points,
                    msg!(key, n = down, vul = vul_arg(vul)),
                )
            }
        };
        lines.push(Line::new(o, points, rule, text));
    }
    if let Some(h) = honours {
        lines.push(Line::new(
            h.side,
            h.kind.points(),
            rule::HONOURS,
            msg!("bridge.line.honours", kind = Arg::Key(h.kind.name_key())),
        ));
    }
    (lines, below)
}

fn vul_arg(vul: bool) -> Arg {
    Arg::Key(if vul {
        "bridge.vulnerable"
    } else {
        "bridge.not_vulnerable"
    })
}

/// A rubber over, as the game keeps it once the next has begun: what is left of it to show
/// (a long evening keeps thousands).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Past {
    above: [i64; 2],
    below: [i64; 2],
    games: [i64; 2],
    totals: [i64; 2],
}

impl Past {
    fn of(r: &Rubber) -> Past {
        Past {
            above: r.above,
            below: r.below,
            games: r.games,
            totals: r.totals,
        }
    }

    fn rubber(&self) -> Rubber {
        Rubber {
            above: self.above,
            below: self.below,
            finished: true,
            games: self.games,
            totals: self.totals,
            ..Rubber::default()
        }
    }
}

/// Rubbers in progress.
#[derive(Debug, Clone)]
pub struct Game {
    options: Options,
    /// Every rubber before the last (each one over), and their totals added up.
    done: Trail<Past>,
    done_totals: [i64; 2],
    /// The last rubber begun, finished or not.
    last: Option<Rubber>,
    /// Chicago: the deals counted so far (a deal passed out is dealt again: not counted).
    dealt: usize,
    /// Every deal so far, passed out or not: whose turn it is to deal (a table event is no
    /// deal).
    deals: usize,
}

impl Game {
    pub fn new(options: &Options) -> Game {
        Game {
            options: options.clone(),
            done: Trail::new(),
            done_totals: [0, 0],
            last: None,
            dealt: 0,
            deals: 0,
        }
    }

    /// The rubber the next deal belongs to (a fresh one after a complete rubber).
    pub fn current(&self) -> Rubber {
        match &self.last {
            Some(r) if !r.finished => *r,
            _ => Rubber::default(),
        }
    }

    /// Who deals the next deal: in turn from North (at Chicago, from the first dealer; a
    /// deal passed out there is dealt again by the same player).
    pub fn next_dealer(&self) -> Seat {
        if self.options.chicago() {
            return self.wheel().dealer;
        }
        dealer(self.deals)
    }

    /// Whether the score is kept in chukkers (Chicago).
    pub fn chicago(&self) -> bool {
        self.options.chicago()
    }

    /// Who is vulnerable for the next deal.
    pub fn vulnerable(&self) -> [bool; 2] {
        if self.options.chicago() {
            return self.wheel().vulnerable;
        }
        self.current().vulnerable()
    }

    /// Below-the-line points each side still needs for game.
    pub fn needed_for_game(&self) -> [i64; 2] {
        let r = self.current();
        [GAME - r.toward_game[0], GAME - r.toward_game[1]]
    }

    /// The index of the rubber the next deal belongs to.
    pub fn rubber_index(&self) -> usize {
        match &self.last {
            Some(r) if !r.finished => self.done.len(),
            Some(_) => self.done.len() + 1,
            None => 0,
        }
    }

    /// A rubber (or chukker) over is put by with those before it: the next deal begins the
    /// next one.
    fn put_by_finished(&mut self) {
        if self.last.as_ref().is_some_and(|r| r.finished)
            && let Some(past) = self.last.take()
        {
            self.done_totals[0] += past.totals[0];
            self.done_totals[1] += past.totals[1];
            self.done.push(Past::of(&past));
        }
    }

    pub fn play(&mut self, hand: &Hand) -> Result<Scored<Info>, Vec<Msg>> {
        self.deals += 1;
        if self.options.chicago() {
            return Ok(self.play_chicago(hand));
        }
        let rubber = self.rubber_index();
        self.put_by_finished();
        let r = self.last.get_or_insert_default();
        let vulnerable = r.vulnerable();
        let (mut lines, below) = score_deal(hand, vulnerable, &self.options);
        for s in 0..2 {
            r.toward_game[s] += below[s];
            r.below[s] += below[s];
        }
        let game = (0..2).find(|&s| r.toward_game[s] >= GAME);
        if let Some(w) = game {
            r.games[w] += 1;
            r.toward_game = [0, 0];
            if r.games[w] == 2 {
                r.finished = true;
                let bonus = if r.games[1 - w] == 0 { 700 } else { 500 };
                lines.push(Line::new(
                    w,
                    bonus,
                    rule::RUBBER,
                    msg!(
                        "bridge.line.rubber",
                        games = 2,
                        other = r.games[1 - w],
                        points = bonus
                    ),
                ));
            }
        }
        let above = r.add_above(&lines);
        let delta = vec![below[0] + above[0], below[1] + above[1]];
        Ok(Scored {
            delta,
            lines,
            info: Info {
                below,
                above,
                vulnerable,
                rubber,
                deal: None,
                dealer: None,
                game,
            },
        })
    }

    /// Closes the session: with the laws table, an unfinished rubber gets its premiums
    /// (`bridge.unfinished`). Returns the premium lines (not part of any hand).
    pub fn close(&mut self) -> Vec<Line> {
        let mut lines = Vec::new();
        // Chicago has no premium for a chukker left unfinished.
        if self.options.table != Table::Laws || self.options.chicago() {
            return lines;
        }
        let Some(r) = self.last.as_mut().filter(|r| !r.finished) else {
            return lines;
        };
        for s in 0..2 {
            if r.games[s] > 0 && r.games[1 - s] == 0 {
                lines.push(Line::new(
                    s,
                    300,
                    rule::UNFINISHED,
                    Msg::new("bridge.line.unfinished_game"),
                ));
            }
            if r.toward_game[s] > 0 && r.toward_game[1 - s] == 0 {
                lines.push(Line::new(
                    s,
                    100,
                    rule::UNFINISHED,
                    Msg::new("bridge.line.unfinished_part"),
                ));
            }
        }
        for l in &lines {
            r.unfinished[l.side] += l.points;
            r.above[l.side] += l.points;
            r.totals[l.side] += l.points;
        }
        lines
    }

    /// Total points over all rubbers.
    pub fn totals(&self) -> Vec<i64> {
        let last = self.last.as_ref().map_or([0, 0], |r| r.totals);
        vec![self.done_totals[0] + last[0], self.done_totals[1] + last[1]]
    }

    pub fn finished(&self) -> bool {
        self.last.as_ref().is_some_and(|r| r.finished)
    }

    /// The last rubber begun, finished or not.
    pub fn last_rubber(&self) -> Option<&Rubber> {
        self.last.as_ref()
    }

    /// Rubber `k` (from 0), as the game stands: found at once when it is the last or the one
    /// before (as a paper is closed, one deal later at most).
    pub fn rubber_at(&self, k: usize) -> Option<Rubber> {
        let n = self.done.len();
        if k == n {
            return self.last;
        }
        if k + 1 == n {
            return self.done.last().map(Past::rubber);
        }
        self.rubbers().nth(k)
    }

    /// Every rubber, the first first.
    pub fn rubbers(&self) -> impl Iterator<Item = Rubber> + '_ {
        self.done.iter().map(Past::rubber).chain(self.last)
    }

    pub fn summary(&self) -> Summary {
        Summary {
            rubbers: self.rubbers().collect(),
        }
    }
}

super::figures!(Sum {
    Declared = "declared",
    Made = "made",
    Down = "down",
    Doubled = "doubled",
    SlamsBid = "slams_bid",
    SlamsMade = "slams_made",
    Rubbers = "rubbers",
    RubbersWon = "rubbers_won",
    RubberPoints = "rubber_points",
});

impl super::Rules for Game {
    const EVENTS_NOTE: Option<&'static str> = Some("event.note.bridge");
    const POINTS_STEP: i64 = 10;
    rules_from_module!();

    const SUMS: &'static [&'static str] = Sum::NAMES;
    const RATIOS: &'static [super::Ratio] = &[super::Ratio {
        name: "average_rubber_points",
        over: "rubber_points",
        by: "rubbers",
    }];
    /// The declarer's contracts: declared, made or down, doubled (or redoubled), slams bid and
    /// made (a contract at level 6 or 7 made).
    fn tally(hand: &Hand, _info: &Info, _delta: &[i64], seats: &mut [super::Tally]) {
        let Hand::Played {
            contract,
            declarer,
            tricks,
            ..
        } = hand
        else {
            return;
        };
        let Some(t) = seats.get_mut(declarer.index()) else {
            return;
        };
        let made = i64::from(*tricks) >= 6 + i64::from(contract.level.get());
        let slam = contract.level.get() >= 6;
        t.add(Sum::Declared as usize, 1);
        t.add(if made { Sum::Made } else { Sum::Down } as usize, 1);
        t.add(
            Sum::Doubled as usize,
            i64::from(contract.doubling != Doubling::None),
        );
        t.add(Sum::SlamsBid as usize, i64::from(slam));
        t.add(Sum::SlamsMade as usize, i64::from(slam && made));
    }
    /// Each complete rubber (or chukker): played, won (two games; a chukker, the higher
    /// total), and the side's total in it.
    fn tally_end(&self, seats: &mut [super::Tally]) {
        let chicago = self.options.chicago();
        for r in self.rubbers().filter(|r| r.finished) {
            for (seat, t) in seats.iter_mut().enumerate() {
                let side = seat % 2;
                let won = if chicago {
                    r.totals[side] > r.totals[1 - side]
                } else {
                    r.games[side] >= 2
                };
                t.add(Sum::Rubbers as usize, 1);
                t.add(Sum::RubbersWon as usize, i64::from(won));
                t.add(Sum::RubberPoints as usize, r.totals[side]);
            }
        }
    }

    const ID: &'static str = "bridge";
    const NAME_KEY: &'static str = "game.bridge";
    const HAND_NOUN: &'static str = "noun.bridge.hand";
    const HAND_WORD: &'static str = "noun.bridge.word";
    const HAND_COUNT: &'static str = "noun.bridge.count";
    const HAND_TITLE: &'static str = "noun.bridge.title";
    const BEST_HAND: &'static str = "stats.best_hand.bridge";
    const WORD_ASKED: (&'static str, &'static str) = ("word.by_side", "word.none_side");
    const PLAYERS: (usize, usize) = (4, 4);
    const OPTIONS: &'static [OptDesc] = &[
        OptDesc::new("table", OptKind::Words(&["seed", "laws"])),
        OptDesc::new("slam", OptKind::Words(&["bid", "tricks"])),
        OptDesc::new("format", OptKind::Words(&["rubber", "chicago"])),
        OptDesc::new("chicago_vul", OptKind::Words(&["dealer", "other"])).when("format", "chicago"),
        OptDesc::new("first_dealer", OptKind::Player).when("format", "chicago"),
    ];
    const RULES: &'static [RuleId] = &[
        rule::BELOW_TRICKS,
        rule::GAME,
        rule::OVERTRICKS,
        rule::INSULT,
        rule::UNDERTRICKS,
        rule::UNDERTRICKS_DOUBLED,
        rule::SLAM,
        rule::HONOURS,
        rule::RUBBER,
        rule::UNFINISHED,
        rule::CHICAGO_VULNERABILITY,
        rule::CHICAGO_GAME,
        rule::CHICAGO_PARTSCORE,
    ];
    const HAND_FIELDS: &'static [&'static str] = &["contract", "declarer", "tricks", "honours"];

    fn read_options(v: Option<&Value>, _players: usize) -> Result<Options, Vec<Msg>> {
        Options::from_json(v)
    }
    /// Agreed points go above the line of the rubber of the deal before (the first rubber if
    /// none came before), never toward a game (`table.adjust`); a substitute changes nothing.
    fn event(
        &mut self,
        event: &crate::games::table::Event,
        _seats: &crate::games::table::Seats,
    ) -> Result<Scored<serde_json::Map<String, Value>>, Vec<Msg>> {
        let mut above = [0, 0];
        let mut lines = Vec::new();
        if let crate::games::table::Event::Adjust {
            side,
            points,
            reason,
        } = event
        {
            let side = (*side).min(1);
            let r = self.last.get_or_insert_default();
            r.above[side] += points;
            r.totals[side] += points;
            above[side] = *points;
            lines.push(Line::new(
                side,
                *points,
                crate::games::table::rule::ADJUST,
                msg!("event.line.adjust", reason = reason.as_str()),
            ));
        }
        let rubber = if self.last.is_some() {
            self.done.len()
        } else {
            0
        };
        let mut info = serde_json::Map::new();
        info.insert("below".into(), serde_json::json!([0, 0]));
        info.insert("above".into(), serde_json::json!(above));
        info.insert("rubber".into(), rubber.into());
        Ok(Scored {
            delta: above.to_vec(),
            lines,
            info,
        })
    }
    /// An adjustment right after a rubber's last deal is written in that rubber, above the
    /// line, where the state before it names the next one.
    fn event_part(&self, info: &serde_json::Map<String, Value>) -> Option<Msg> {
        let rubber = usize::try_from(info.get("rubber")?.as_u64()?).ok()?;
        let key = if self.options.chicago() {
            "bridge.event_part.chukker"
        } else {
            "bridge.event_part.rubber"
        };
        (rubber != self.rubber_index()).then(|| msg!(key, n = rubber + 1))
    }
    fn start(_players: &[String], options: &Options) -> Game {
        Game::new(options)
    }
    fn decode(v: &Value, _players: usize, _options: &Options) -> Result<Hand, Vec<Msg>> {
        decode_hand(v)
    }
    type Wire<'de> = Wire<'de>;
    fn from_wire(w: Wire<'_>, _players: usize, _options: &Options) -> Option<Hand> {
        from_wire(w)
    }
    fn close(&mut self) -> Vec<Line> {
        Game::close(self)
    }
    fn held(&self) -> usize {
        self.done.unshared() + usize::from(self.last.is_some())
    }
    fn count(&self, hand: &Hand, info: &Info, line: &Line) -> Option<String> {
        count(hand, info, line, &self.options)
    }
    fn sides(_players: &[String]) -> Vec<String> {
        SIDES.iter().map(|s| s.to_string()).collect()
    }
    /// Seats N, E, S, W: North and South (0, 2) are NS, East and West (1, 3) are EW.
    fn side_of(player: usize) -> usize {
        player % 2
    }
    fn label(hand: &Hand, _info: &Info, _index: usize, _players: &[String]) -> Msg {
        match hand {
            Hand::Played {
                contract,
                declarer,
                tricks,
                ..
            } => {
                let diff = *tricks as i64 - contract.needed() as i64;
                let result = match diff {
                    0 => Msg::new("bridge.result.made"),
                    d if d > 0 => msg!("bridge.result.over", n = d),
                    d => msg!("bridge.result.down", n = -d),
                };
                msg!(
                    "label.bridge",
                    contract = contract.display(),
                    declarer = Arg::Key(declarer.name_key()),
                    result = result
                )
            }
            Hand::PassedOut => Msg::new("label.bridge_pass"),
        }
    }
    fn state(&self, players: &[String], _next: usize) -> Msg {
        if self.options.chicago() {
            return self.chicago_state(players);
        }
        let v = self.vulnerable();
        let need = self.needed_for_game();
        let r = self.current();
        let dealer = dealer(self.deals);
        msg!(
            "state.bridge",
            rubber = self.rubber_index() + 1,
            ns_games = r.games[0],
            ew_games = r.games[1],
            ns_vul = vul_arg(v[0]),
            ew_vul = vul_arg(v[1]),
            ns_need = need[0],
            ew_need = need[1],
            dealer = Arg::Key(dealer.name_key())
        )
    }
    fn facts(&self, players: &[String]) -> Vec<Msg> {
        if self.options.chicago() {
            vec![self.chicago_fact(players)]
        } else {
            Vec::new()
        }
    }
    fn summary(&self) -> Vec<(&'static str, Value)> {
        vec![(
            "rubbers",
            serde_json::to_value(self.summary().rubbers).unwrap_or(Value::Null),
        )]
    }
    fn write_summary(&self, out: &mut dyn std::io::Write) -> std::io::Result<()> {
        use serde::Serializer;
        out.write_all(b",\n  \"rubbers\": ")?;
        Ok(serde_json::Serializer::new(out).collect_seq(self.rubbers())?)
    }
}

impl super::Face for Game {
    fn side_key(side: usize) -> Option<&'static str> {
        Some(if side == 0 { "side.NS" } else { "side.EW" })
    }

    fn part(info: &Info) -> Option<usize> {
        Some(info.rubber)
    }

    fn note(info: &Info) -> Option<Msg> {
        if let (Some(deal), Some(dealer)) = (info.deal, info.dealer) {
            return Some(msg!(
                "bridge.chicago.note",
                deal = deal,
                dealer = Arg::Key(Seat::ALL[dealer % 4].name_key()),
                ns = vul_arg(info.vulnerable[0]),
                ew = vul_arg(info.vulnerable[1])
            ));
        }
        let vul = |v: bool| {
            Arg::Key(if v {
                "bridge.vulnerable"
            } else {
                "bridge.not_vulnerable"
            })
        };
        Some(msg!(
            "text.vulnerability",
            ns = vul(info.vulnerable[0]),
            ew = vul(info.vulnerable[1])
        ))
    }

    fn seat_key(seat: usize) -> Option<&'static str> {
        Seat::ALL.get(seat).map(|s| s.name_key())
    }

    const GOES_ON: bool = true;
    const PAPER: bool = true;
}
