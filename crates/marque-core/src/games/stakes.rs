//! What is at stake once the bid is in: every result the play can still give the hand, each
//! as the whole hand it would be, scored from the sheet's kept state (never the session
//! replayed), with what it completes.
//!
//! The games where something is bid or called before the play: bridge (the contract and its
//! declarer: every number of tricks), Le Tarot (the taker and the contract, the bouts once
//! known: every count of points, with and without a petit au bout), L'Ascenseur (each
//! player's bid: every way the tricks can fall) and Le Truc (the calls: who wins the deal,
//! and a proposal refused). The rules decide which of these they take, as for any hand: an
//! outcome is listed when the rules accept it, once. What the partial hand gives of the
//! result (a petit au bout, the honours, a chelem, the poignées) is kept as given; what it
//! leaves out is none (the honours, a chelem), except the petit au bout, which the play
//! decides and the stakes list.

use serde::Serialize;
use serde_json::{Map, Value, json};

use super::all::{HandInfo, Live};
use super::kit::Line;
use crate::i18n::{Msg, msg};

/// What a result completes beside its points.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "what", rename_all = "snake_case")]
pub enum Completes {
    /// Bridge: a game made by `side`.
    Game { side: usize },
    /// Bridge: the rubber won by `side`, its bonus scored.
    Rubber { side: usize },
    /// Chicago: the chukker's premium for a game or a part score, to `side`.
    Premium { side: usize },
    /// Le Truc: a manche won by `side`.
    Manche { side: usize },
    /// The game's natural end, `winners` at the top.
    End { winners: Vec<usize> },
}

/// What the play gave, in the game's words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Said {
    /// Bridge: the declaring side's tricks; `by`: over (+) or under (−) the contract.
    Bridge { tricks: u8, by: i64 },
    /// Le Tarot: the attack's points in halves, over (+) or under (−) what it needed (in
    /// halves), and the side taking the last trick with the petit.
    Tarot {
        halves: u32,
        margin: i64,
        petit: Option<&'static str>,
    },
    /// L'Ascenseur: each player's tricks.
    Ascenseur { tricks: Vec<u32> },
    /// Le Truc: the proposal refused, or the deal won by `winner` (none: a donne nulle).
    Truc {
        refused: bool,
        winner: Option<usize>,
    },
}

/// What a hand scored `info` with `lines`, played on `live` (the open game before it), the
/// totals going from `before` to `after`, completes; `end`: the game's natural end, with
/// its winners.
pub fn completes(
    live: &Live,
    (info, lines): (&HandInfo, &[Line]),
    (before, after): (&[i64], &[i64]),
    end: Option<&[usize]>,
) -> Vec<Completes> {
    let mut out = Vec::new();
    if let HandInfo::Bridge(info) = info
        && let Some(side) = info.game
    {
        out.push(Completes::Game { side });
    }
    for l in lines.iter().filter(|l| l.points > 0) {
        match l.rule.as_str() {
            "bridge.rubber" => out.push(Completes::Rubber { side: l.side }),
            "bridge.chicago.game" | "bridge.chicago.partscore" => {
                out.push(Completes::Premium { side: l.side });
            }
            _ => {}
        }
    }
    if matches!(live, Live::Truc(_)) {
        for (side, (a, b)) in after.iter().zip(before).enumerate() {
            if a > b {
                out.push(Completes::Manche { side });
            }
        }
    }
    if let Some(winners) = end {
        out.push(Completes::End {
            winners: winners.to_vec(),
        });
    }
    out
}

/// A field the partial hand must give, said missing.
fn needs(partial: &Map<String, Value>, field: &'static str) -> Result<(), Msg> {
    match partial.get(field) {
        None | Some(Value::Null) => Err(msg!("stakes.missing", field = field)),
        Some(_) => Ok(()),
    }
}

/// A field of the result the partial hand already gives: refused.
fn has_none(partial: &Map<String, Value>, fields: &[&'static str]) -> Result<(), Msg> {
    match fields.iter().find(|f| partial.contains_key(**f)) {
        Some(f) => Err(msg!("stakes.has_result", field = *f)),
        None => Ok(()),
    }
}

/// `partial` with `fields` set.
fn with(partial: &Map<String, Value>, fields: &[(&str, Value)]) -> Value {
    let mut hand = partial.clone();
    for (k, v) in fields {
        hand.insert((*k).to_string(), v.clone());
    }
    Value::Object(hand)
}

/// Each result the play could give, as the whole hand it would be and in the game's words.
pub type Candidates = Vec<(Value, Said)>;

/// How many rows the stakes of a bid can take at a table of `players` in `game` (none: the
/// game has no bid), so that a screen keeps their room whether they are shown or not.
pub fn rows_at_most(game: super::kind::GameKind, players: usize) -> usize {
    use super::kind::GameKind as G;
    match game {
        G::Bridge | G::Truc => 1,
        G::Tarot => 3,
        G::Ascenseur => players,
        G::Le2500 | G::Democratie => 0,
    }
}

/// What is said of a hand that is not a JSON object, with an example of the game's own.
pub fn not_object(game: super::kind::GameKind) -> Msg {
    use super::kind::GameKind as G;
    let example = match game {
        G::Bridge => r#"{"contract": "4S", "declarer": "N"}"#,
        G::Tarot => r#"{"taker": 0, "contract": "garde", "bouts": 2}"#,
        G::Ascenseur => r#"{"bids": [1, 0, 2]}"#,
        G::Truc => r#"{"calls": [{"by": 0, "call": "double"}]}"#,
        G::Le2500 | G::Democratie => "{}",
    };
    msg!("stakes.not_object", example = example)
}

/// Every result the play could give `partial` as the next hand of `live` (the open game,
/// `playing` players at the table), before the rules pick those they take; refused with what
/// is wrong when `partial` is not a bid this game can have stakes for.
pub fn candidates(
    live: &Live,
    partial: &Map<String, Value>,
    playing: usize,
) -> Result<Candidates, Msg> {
    match live {
        Live::Bridge(_) => bridge(partial),
        Live::Tarot(g) => tarot(partial, g.in_deal()),
        Live::Ascenseur(g) => {
            needs(partial, "bids")?;
            has_none(partial, &["tricks"])?;
            let k = g.next_round();
            let cards = if k < g.plan().rounds() {
                g.plan().round(k).cards
            } else {
                0
            };
            let mut out = Vec::new();
            ways(cards, playing, &mut Vec::new(), &mut |tricks| {
                out.push((
                    with(partial, &[("tricks", json!(tricks))]),
                    Said::Ascenseur {
                        tricks: tricks.to_vec(),
                    },
                ));
            });
            Ok(out)
        }
        Live::Truc(_) => truc(partial),
        Live::Le2500(_) | Live::Democratie(_) => Err(Msg::new("stakes.no_bid")),
    }
}

/// A bridge bid's results: every trick count, from none to thirteen.
pub fn bridge(partial: &Map<String, Value>) -> Result<Candidates, Msg> {
    needs(partial, "contract")?;
    let contract = partial["contract"].as_str().unwrap_or_default();
    if contract.eq_ignore_ascii_case("pass") {
        return Err(Msg::new("stakes.bridge.pass"));
    }
    needs(partial, "declarer")?;
    has_none(partial, &["tricks"])?;
    // The level, for the words only: the rules check the contract.
    let level = contract[..contract.len().min(1)]
        .parse::<i64>()
        .unwrap_or(0);
    Ok((0..=13u8)
        .map(|tricks| {
            let hand = with(partial, &[("tricks", json!(tricks))]);
            (
                hand,
                Said::Bridge {
                    tricks,
                    by: i64::from(tricks) - (level + 6),
                },
            )
        })
        .collect())
}

fn tarot(partial: &Map<String, Value>, in_deal: usize) -> Result<Candidates, Msg> {
    use crate::games::tarot::{halves_with, needed, whole_points};
    needs(partial, "taker")?;
    needs(partial, "contract")?;
    has_none(partial, &["points"])?;
    // The bouts as given (the rules check them), or each count.
    let bouts: Vec<Option<u64>> = match partial.get("bouts") {
        Some(_) => vec![None],
        None => (0..=3).map(Some).collect(),
    };
    let given = partial.get("bouts").and_then(Value::as_u64).unwrap_or(0);
    let petits: Vec<Option<&'static str>> = match partial.get("petit_au_bout") {
        Some(Value::String(s)) if s == "attack" => vec![Some("attack")],
        Some(Value::String(s)) if s == "defence" => vec![Some("defence")],
        Some(Value::Null) | None => vec![None, Some("attack"), Some("defence")],
        // Another value: the rules say what is wrong with it.
        Some(_) => vec![None],
    };
    let mut out = Vec::new();
    for &b in &bouts {
        let count = b.unwrap_or(given);
        let needed = 2 * needed(u8::try_from(count).unwrap_or(3));
        // The points these bouts allow (every count when the bouts are out of the rules, which
        // then say so), whole where the deal's are.
        let (lo, hi) = u8::try_from(count)
            .ok()
            .filter(|b| *b <= 3)
            .map_or((0, 182), halves_with);
        let step = if whole_points(in_deal) { 2 } else { 1 };
        for halves in (lo..=hi).filter(|h| h % step == 0) {
            let points = if halves % 2 == 0 {
                json!(halves / 2)
            } else {
                json!(f64::from(halves) / 2.0)
            };
            for &petit in &petits {
                let mut fields = vec![("points", points.clone())];
                if let Some(b) = b {
                    fields.push(("bouts", json!(b)));
                }
                if let Some(p) = petit {
                    fields.push(("petit_au_bout", json!(p)));
                }
                out.push((
                    with(partial, &fields),
                    Said::Tarot {
                        halves,
                        margin: i64::from(halves) - needed,
                        petit,
                    },
                ));
            }
        }
    }
    Ok(out)
}

fn truc(partial: &Map<String, Value>) -> Result<Candidates, Msg> {
    has_none(partial, &["tricks", "winner"])?;
    let calls = match partial.get("calls") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(c)) => c.clone(),
        // Not a list: the rules say so.
        Some(_) => return Ok(vec![(Value::Object(partial.clone()), refused())]),
    };
    let last = calls
        .last()
        .and_then(|c| c.get("call"))
        .and_then(Value::as_str);
    let won = |calls: &[Value]| {
        [Some(0usize), Some(1), None].map(|winner| {
            let mut fields = vec![("winner", json!(winner))];
            fields.push(("calls", json!(calls)));
            (
                with(partial, &fields),
                Said::Truc {
                    refused: false,
                    winner,
                },
            )
        })
    };
    match last {
        Some("refuse") => Err(msg!("stakes.has_result", field = "refuse")),
        // A proposal unanswered: refused, or accepted and played.
        Some("double" | "banco") => {
            let by = calls
                .last()
                .and_then(|c| c.get("by"))
                .and_then(Value::as_u64)
                .unwrap_or(0);
            let answer = |call: &str| {
                let mut c = calls.clone();
                c.push(json!({"by": 1 - by.min(1), "call": call}));
                c
            };
            let mut out = vec![(
                with(partial, &[("calls", json!(answer("refuse")))]),
                refused(),
            )];
            out.extend(won(&answer("accept")));
            Ok(out)
        }
        _ => Ok(Vec::from(won(&calls))),
    }
}

fn refused() -> Said {
    Said::Truc {
        refused: true,
        winner: None,
    }
}

/// Calls `each` with every way `left` tricks fall among `players` players still to be
/// given theirs after `taken`, in order (the first player's fewest first).
fn ways(left: u32, players: usize, taken: &mut Vec<u32>, each: &mut dyn FnMut(&[u32])) {
    if taken.len() + 1 >= players {
        if players > 0 {
            taken.push(left);
            each(taken);
            taken.pop();
        }
        return;
    }
    for t in 0..=left {
        taken.push(t);
        ways(left - t, players, taken, each);
        taken.pop();
    }
}

impl Completes {
    /// What it completes in words ("manche pour NS"), `sides` naming the sides.
    pub fn said(&self, sides: &[String]) -> Msg {
        let side = |s: &usize| sides.get(*s).cloned().unwrap_or_default();
        match self {
            Completes::Game { side: s } => msg!("stakes.completes.game", side = side(s)),
            Completes::Rubber { side: s } => msg!("stakes.completes.rubber", side = side(s)),
            Completes::Premium { side: s } => msg!("stakes.completes.premium", side = side(s)),
            Completes::Manche { side: s } => msg!("stakes.completes.manche", side = side(s)),
            Completes::End { winners } => msg!(
                "stakes.completes.end",
                winners = winners.iter().map(side).collect::<Vec<_>>().join(", ")
            ),
        }
    }
}

impl Said {
    /// What a result's figures are made of, where the game says so: a result each of whose
    /// parts an earlier one already gave adds no figure to a glance. Le Tarot: its petit au
    /// bout and margin (the bouts only move what the attack needed); L'Ascenseur: each
    /// player's tricks (a player's figure is their bid's and their tricks' alone).
    pub fn same_figures(&self) -> Vec<(u8, i64)> {
        match self {
            Said::Tarot { margin, petit, .. } => {
                let row = match petit {
                    None => 0,
                    Some("attack") => 1,
                    Some(_) => 2,
                };
                vec![(row, *margin)]
            }
            Said::Ascenseur { tricks } => tricks
                .iter()
                .enumerate()
                .map(|(p, t)| (u8::try_from(p).unwrap_or(u8::MAX), i64::from(*t)))
                .collect(),
            _ => Vec::new(),
        }
    }

    /// The result in the table's words: "chuté de 2", "fait +1", "chutée de 10,5", "juste
    /// faite", "2, 1, 0, 1 plis", "refusé", "gagnée par NS" (`sides` naming the sides).
    pub fn label(&self, sides: &[String]) -> Msg {
        match self {
            Said::Bridge { by: 0, .. } => Msg::new("stakes.bridge.made"),
            Said::Bridge { by, .. } if *by > 0 => msg!("stakes.bridge.over", n = *by),
            Said::Bridge { by, .. } => msg!("stakes.bridge.down", n = -*by),
            Said::Tarot { margin, petit, .. } => {
                let m = half_text(margin.unsigned_abs());
                let base = match margin {
                    0 => Msg::new("stakes.tarot.just"),
                    m_ if *m_ > 0 => msg!("stakes.tarot.won", margin = m),
                    _ => msg!("stakes.tarot.lost", margin = m),
                };
                match petit {
                    None => base,
                    Some("attack") => msg!("stakes.tarot.petit.attack", result = base),
                    Some(_) => msg!("stakes.tarot.petit.defence", result = base),
                }
            }
            Said::Ascenseur { tricks } => msg!(
                "stakes.asc.tricks",
                tricks = tricks
                    .iter()
                    .map(u32::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Said::Truc { refused: true, .. } => Msg::new("stakes.truc.refused"),
            Said::Truc {
                winner: Some(w), ..
            } => msg!(
                "stakes.truc.won",
                player = sides.get(*w).cloned().unwrap_or_default()
            ),
            Said::Truc { winner: None, .. } => Msg::new("stakes.truc.null"),
        }
    }
}

/// A count of halves as the table says it: "10", "10½".
pub fn half_text(halves: u64) -> String {
    if halves.is_multiple_of(2) {
        (halves / 2).to_string()
    } else {
        format!("{}½", halves / 2)
    }
}

/// The stakes laid out for a glance, as the window and the phones show them: rows of cells,
/// each cell one result's figure (bridge one row from the worst result to the best, Tarot a
/// row by petit au bout with each margin, L'Ascenseur a row per player with each count of
/// tricks, Le Truc one row).
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    pub title: Msg,
    pub cells: Vec<Cell>,
}

/// One result in a row: a short label ("−1", "=", "+10", "3"), its figure for the row's
/// side (bridge: the declaring side's, less the other's; Tarot: the attack's per defender;
/// L'Ascenseur: the player's; Le Truc: the side that scores), the outcome it stands for and
/// whether it is among the likely ones (shown first).
#[derive(Debug, Clone, PartialEq)]
pub struct Cell {
    pub label: Msg,
    pub points: i64,
    pub outcome: usize,
    pub likely: bool,
}

/// The rows of `outcomes` (each result said, with its delta per side) for the bid
/// `partial`; `players` and `sides` name who plays and who scores.
pub fn rows(
    outcomes: &[(&Said, &[i64])],
    partial: &Map<String, Value>,
    players: &[String],
    sides: &[String],
) -> Vec<Row> {
    let at = |d: &[i64], i: usize| d.get(i).copied().unwrap_or(0);
    let Some((first, _)) = outcomes.first() else {
        return Vec::new();
    };
    match first {
        Said::Bridge { .. } => {
            // The declaring side: North or South sit at side 0.
            let decl = match partial.get("declarer").and_then(Value::as_str) {
                Some("E" | "W") => 1,
                _ => 0,
            };
            let mut cells: Vec<(i64, Cell)> = outcomes
                .iter()
                .enumerate()
                .filter_map(|(k, (said, d))| match said {
                    Said::Bridge { by, .. } => Some((
                        *by,
                        Cell {
                            label: signed_label(*by),
                            points: at(d, decl) - at(d, 1 - decl),
                            outcome: k,
                            likely: (-2..=1).contains(by),
                        },
                    )),
                    _ => None,
                })
                .collect();
            cells.sort_by_key(|(by, _)| *by);
            let title = msg!(
                "stakes.row.bridge",
                side = sides.get(decl).cloned().unwrap_or_default()
            );
            vec![Row {
                title,
                cells: cells.into_iter().map(|(_, c)| c).collect(),
            }]
        }
        Said::Tarot { .. } => tarot_rows(outcomes, partial),
        Said::Ascenseur { .. } => ascenseur_rows(outcomes, partial, players),
        Said::Truc { .. } => {
            let cells = outcomes
                .iter()
                .enumerate()
                .map(|(k, (said, d))| Cell {
                    label: said.label(sides),
                    points: d.iter().copied().max().unwrap_or(0),
                    outcome: k,
                    likely: true,
                })
                .collect();
            vec![Row {
                title: Msg::new("stakes.row.truc"),
                cells,
            }]
        }
    }
}

/// "−2", "=", "+1": a result over or under what was wanted.
fn signed_label(by: i64) -> Msg {
    if by == 0 {
        Msg::new("stakes.cell.just")
    } else {
        msg!("stakes.cell.by", n = super::kit::number_signed(by))
    }
}

/// Tarot: a row by petit au bout (none first), each margin from the worst to the best, the
/// attack's figure per defender.
fn tarot_rows(outcomes: &[(&Said, &[i64])], partial: &Map<String, Value>) -> Vec<Row> {
    let taker = partial
        .get("taker")
        .and_then(Value::as_u64)
        .and_then(|t| usize::try_from(t).ok())
        .unwrap_or(0);
    // The cells by petit au bout (none, the attack's, the defence's) and margin. The bouts
    // unknown, each count gives the same figure for a margin: the first stands for them.
    let mut cells: std::collections::BTreeMap<(u8, i64), Cell> = Default::default();
    for (k, (said, d)) in outcomes.iter().enumerate() {
        let Said::Tarot { .. } = said else {
            continue;
        };
        let Some(&(row, margin)) = said.same_figures().first() else {
            continue;
        };
        let margin = &margin;
        cells.entry((row, *margin)).or_insert_with(|| {
            // Each defender pays the attack (made) or is paid (down) the same: the figure
            // per defender, seen from the attack.
            let points = if d.get(taker).copied().unwrap_or(0) >= 0 {
                -d.iter().copied().min().unwrap_or(0)
            } else {
                -d.iter().copied().max().unwrap_or(0)
            };
            let label = if *margin == 0 {
                Msg::new("stakes.cell.just")
            } else {
                let sign = if *margin > 0 { "+" } else { "−" };
                let n = format!("{sign}{}", half_text(margin.unsigned_abs()));
                msg!("stakes.cell.by", n = n)
            };
            Cell {
                label,
                points,
                outcome: k,
                // Within 10 points either way (the margin is in halves).
                likely: margin.abs() <= 20,
            }
        });
    }
    let mut rows: Vec<Row> = Vec::new();
    let mut last = None;
    for ((row, _), cell) in cells {
        if last != Some(row) {
            last = Some(row);
            let title = [
                "stakes.row.tarot",
                "stakes.row.tarot.attack",
                "stakes.row.tarot.defence",
            ];
            rows.push(Row {
                title: Msg::new(title[usize::from(row)]),
                cells: Vec::new(),
            });
        }
        if let Some(r) = rows.last_mut() {
            r.cells.push(cell);
        }
    }
    rows
}

/// L'Ascenseur: a row per player, "Anne a demandé 3", each count of tricks with the player's
/// score (a player's score hangs on his own bid and tricks only).
fn ascenseur_rows(
    outcomes: &[(&Said, &[i64])],
    partial: &Map<String, Value>,
    players: &[String],
) -> Vec<Row> {
    let bids: Vec<u64> = partial
        .get("bids")
        .and_then(Value::as_array)
        .map(|b| b.iter().map(|x| x.as_u64().unwrap_or(0)).collect())
        .unwrap_or_default();
    let mut rows = Vec::new();
    for (p, bid) in bids.iter().enumerate() {
        // The first outcome giving the player each count of tricks: his score hangs on it
        // alone.
        let mut by_tricks: std::collections::BTreeMap<u32, Cell> = Default::default();
        for (k, (said, d)) in outcomes.iter().enumerate() {
            let Said::Ascenseur { tricks } = said else {
                continue;
            };
            let Some(&t) = tricks.get(p) else { continue };
            by_tricks.entry(t).or_insert_with(|| Cell {
                label: msg!("stakes.cell.tricks", n = i64::from(t)),
                points: d.get(p).copied().unwrap_or(0),
                outcome: k,
                likely: u64::from(t).abs_diff(*bid) <= 1,
            });
        }
        rows.push(Row {
            title: msg!(
                "stakes.row.asc",
                player = players.get(p).cloned().unwrap_or_default(),
                bid = i64::try_from(*bid).unwrap_or(0)
            ),
            cells: by_tricks.into_values().collect(),
        });
    }
    rows
}
