//! Bridge as it is played, rubber after rubber or chukker after chukker (Chicago): the deals
//! played in order, the rubbers' standing, the wheel, and what the sheet shows of them.

use serde_json::Value;

use crate::games::face::PartWords;
use crate::games::kit::{Line, OptDesc, OptKind, RuleId, Scored};
use crate::i18n::msg;
use crate::i18n::{Arg, Msg};
use crate::trail::Trail;

use super::chicago::Wheel;
use super::hand::{Doubling, Hand, SIDES, Seat, Wire, dealer, decode_hand, from_wire};
use super::options::{ChicagoVul, Options, Table};
use super::score::{GAME, Info, Rubber, Summary, count, rule, score_deal, vul_arg};

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

crate::games::kit::figures!(Sum {
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

impl crate::games::rules::Rules for Game {
    const EVENTS_NOTE: Option<&'static str> = Some("event.note.bridge");
    const POINTS_STEP: i64 = 10;
    rules_from_module!();

    const SUMS: &'static [&'static str] = Sum::NAMES;
    const RATIOS: &'static [crate::games::kit::Ratio] = &[crate::games::kit::Ratio {
        name: "average_rubber_points",
        over: "rubber_points",
        by: "rubbers",
    }];
    /// The declarer's contracts: declared, made or down, doubled (or redoubled), slams bid and
    /// made (a contract at level 6 or 7 made).
    fn tally(hand: &Hand, _info: &Info, _delta: &[i64], seats: &mut [crate::games::kit::Tally]) {
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
    fn tally_end(&self, seats: &mut [crate::games::kit::Tally]) {
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
        rule::CLUB_TRICKS,
        rule::CLUB_OVERTRICKS,
        rule::CLUB_INSULT,
        rule::CLUB_GAME,
        rule::CLUB_PARTSCORE,
        rule::CLUB_SLAM,
        rule::CLUB_UNDERTRICKS,
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

impl crate::games::face::Face for Game {
    fn side_key(side: usize) -> Option<&'static str> {
        Some(if side == 0 { "side.NS" } else { "side.EW" })
    }

    fn title_key(options: &Options) -> Option<&'static str> {
        options.chicago().then_some("game.bridge.chicago")
    }

    fn dealt_again(hand: &Hand, options: &Options) -> bool {
        options.chicago() && matches!(hand, Hand::PassedOut)
    }

    fn part_words(options: &Options) -> Option<PartWords> {
        Some(if options.chicago() {
            PartWords {
                next: "bridge.chukker.next",
                end: "bridge.evening.end",
                over: "bridge.chukker.over",
                ends: "bridge.chukker.ends",
                one: "bridge.chukker.one",
            }
        } else {
            PartWords {
                next: "bridge.rubber.next",
                end: "bridge.evening.end",
                over: "bridge.rubber.over",
                ends: "bridge.rubber.ends",
                one: "bridge.rubber.one",
            }
        })
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
    const SEATING: Option<&'static str> = Some("bridge.seating");
    const STATS_NOTE: Option<&'static str> = Some("bridge.stats_note");
    const PAPER: bool = true;
}

// Chicago (`rules.md`, "Chicago"): the deals of the wheel.

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
