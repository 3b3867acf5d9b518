//! One evening, several tables (`club-rules.md`, `club-format.md`): a bridge club's pairs
//! (a movement, matchpoints or IMPs), teams of four at two tables, a Tarot concours. The
//! evening's results are a pure function of its files (`club.folder`): the evening file and
//! the table files it names, each written by one table only; nothing here reads a file or a
//! clock.

mod board;
mod cards;
mod figures;
pub mod keys;
mod movement;
mod pairs;
mod plan;
mod propose;
mod scored;
mod stakes;
mod table;
mod tarot;
mod teams;
mod text;
mod view;

use std::collections::BTreeMap;

use serde_json::Value;

use crate::i18n::{Msg, msg};

pub use cards::{Card, guide_cards, score_cards};
pub use figures::{At, Problems, plain_name};
pub use movement::{Kind, Movement, Sitting};
pub use plan::{Plan, PlannedBoard, PlannedRound, Seated, plan, said};
pub use propose::{Asked, Proposed};
pub use scored::Scored;
pub use stakes::{BoardOutcome, BoardStakes, board_stakes};
pub use table::{
    Checked, Played, board_key, checked, entry as table_entry, is_duplicate,
    problems as table_problems, score as score_table,
};
pub use text::{names as names_text, num as number_text, text};
pub use view::{Part, sections};

/// A board's heading in words: its number, dealer and vulnerability (`club.board`).
pub fn board_heading(board: u32) -> Msg {
    board::heading(board)
}

/// Board `board` as `played`, scored alone (`club.deal`): N-S's score and each line, with its
/// rule; none for an artificial score (the evening gives it).
pub fn board_score(board: u32, played: &Played) -> Option<(i64, Vec<crate::games::Line>)> {
    let Played::Deal(hand) = played else {
        return None;
    };
    let scored = board::score(board, hand);
    Some((scored.ns_score(), scored.lines))
}

/// A table's file as the folder has it: absent (nothing entered yet, or not arrived), not
/// readable (with why), or read.
pub enum TableFile {
    Absent,
    Unreadable(Msg),
    Read(Value),
}

/// The evening `evening` (its file, read) with the table files `file` gives by name, scored as
/// `marque evening` prints it; or every problem, each by its place.
pub fn evening(evening: &Value, file: &dyn Fn(&str) -> TableFile) -> Result<Value, Problems> {
    scored(evening, file).map(Scored::into_value)
}

/// As [`evening`], its output not yet made whole.
pub fn scored(evening: &Value, file: &dyn Fn(&str) -> TableFile) -> Result<Scored, Problems> {
    let mut problems: Problems = Vec::new();
    let ev = |m: Msg| vec![(At::Evening, m)];
    let Some(e) = evening.as_object() else {
        return Err(ev(Msg::new("club.err.not_object")));
    };
    if e.get("format").and_then(Value::as_str) != Some("marque-evening") {
        return Err(ev(Msg::new("club.err.format")));
    }
    match e.get("version").and_then(Value::as_u64) {
        Some(1) => {}
        Some(v) if v > 1 => return Err(ev(msg!("club.err.newer", version = v as i64))),
        _ => return Err(ev(Msg::new("club.err.version"))),
    }
    let kind = e.get("kind").and_then(Value::as_str).unwrap_or_default();
    let out = match kind {
        "pairs" => pairs_evening(e, file, &mut problems).map(|p| Scored::Pairs(Box::new(p))),
        "teams" => teams_evening(e, file, &mut problems).map(Scored::Other),
        "tarot" => tarot_evening(e, file, &mut problems).map(Scored::Other),
        other => {
            let shown = e
                .get("kind")
                .map_or("null".to_string(), |k| match k.as_str() {
                    Some(_) => other.to_string(),
                    None => k.to_string(),
                });
            return Err(ev(msg!("club.err.kind", kind = shown)));
        }
    };
    match out {
        Ok(v) if problems.is_empty() => Ok(v),
        Ok(_) => Err(problems),
        Err(m) => {
            problems.insert(0, (At::Evening, m));
            Err(problems)
        }
    }
}

/// The bridge tables of an evening: tables 1 … `count`, each with its file, exactly once.
fn bridge_tables(e: &serde_json::Map<String, Value>, count: u32) -> Result<Vec<String>, Msg> {
    let list = e
        .get("tables")
        .and_then(Value::as_array)
        .ok_or_else(|| Msg::new("club.err.tables"))?;
    let mut files: Vec<Option<String>> = vec![None; count as usize];
    for t in list {
        let n = t.get("table").and_then(Value::as_u64).unwrap_or(0) as usize;
        let f = t
            .get("file")
            .and_then(Value::as_str)
            .ok_or_else(|| Msg::new("club.err.tables"))?;
        plain_name(f)?;
        let slot = n
            .checked_sub(1)
            .and_then(|k| files.get_mut(k))
            .ok_or_else(|| {
                msg!(
                    "club.err.table_number",
                    table = n as i64,
                    count = i64::from(count)
                )
            })?;
        if slot.is_some() {
            return Err(msg!("club.err.table_twice", table = n as i64));
        }
        *slot = Some(f.to_string());
    }
    let mut out = Vec::new();
    for (k, f) in files.into_iter().enumerate() {
        let f = f.ok_or_else(|| msg!("club.err.table_missing", table = k as i64 + 1))?;
        if out.contains(&f) {
            return Err(msg!("club.err.file_twice", file = f.as_str()));
        }
        out.push(f);
    }
    Ok(out)
}

/// A bridge table's entries that count tonight, its file read and checked; None where it is
/// absent or refused. A board entered on the table's phone that E-W have not agreed (or
/// dispute) counts once its round is over at the table (`waiting`: whether its round, by
/// board and round as the entry names them, still goes on there); every other entry counts
/// as it is. Where the spec is silent, a club's scorer counts a board once the other side
/// agreed or the table has moved on.
fn table_entries(
    name: &str,
    f: TableFile,
    problems: &mut Problems,
) -> Option<(Vec<(usize, table::Entry)>, Waiting)> {
    match f {
        TableFile::Absent => None,
        TableFile::Unreadable(m) => {
            problems.push((At::File(name.to_string()), m));
            None
        }
        TableFile::Read(v) => {
            let whole = table::check_file(&v);
            if !whole.is_empty() {
                problems.extend(whole.into_iter().map(|m| (At::File(name.to_string()), m)));
                return None;
            }
            let (entries, bad) = table::entries(&v);
            problems.extend(
                bad.into_iter()
                    .map(|p| (At::Hand(name.to_string(), p.hand.unwrap_or(0)), p.msg)),
            );
            let waiting = table::checked(&v)
                .into_iter()
                .filter(|(_, c)| matches!(c, Checked::Entered | Checked::Disputed))
                .map(|(k, _)| k)
                .collect();
            Some((entries, Waiting(waiting)))
        }
    }
}

/// The boards of a table's file awaiting E-W's word, by board and round (0: none named).
struct Waiting(std::collections::BTreeSet<(u64, u64)>);

impl Waiting {
    /// Whether board `board` of round `round` awaits E-W's word.
    fn awaits(&self, board: u32, round: Option<u32>) -> bool {
        let b = u64::from(board);
        self.0.contains(&(b, u64::from(round.unwrap_or(0)))) || self.0.contains(&(b, 0))
    }
}

/// The results of table `table` that count, and those that do not yet: a result awaiting
/// E-W's word counts only once its round is over at the table (a later round entered there,
/// or every board of its round).
fn counted(
    results: Vec<pairs::BoardResult>,
    waiting: &Waiting,
    movement: &Movement,
    table: u32,
) -> (Vec<pairs::BoardResult>, Vec<pairs::BoardResult>) {
    let last = results.iter().map(|r| r.round).max().unwrap_or(0);
    let entered = |round: u32| results.iter().filter(|r| r.round == round).count();
    let over: std::collections::BTreeSet<u32> = results
        .iter()
        .map(|r| r.round)
        .filter(|&round| {
            let boards = movement
                .sittings
                .iter()
                .find(|s| s.table == table && s.round == round)
                .map_or(0, |s| s.boards.len());
            round < last || entered(round) >= boards
        })
        .collect();
    results
        .into_iter()
        .partition(|r| over.contains(&r.round) || !waiting.awaits(r.board, Some(r.round)))
}

fn pairs_evening(
    e: &serde_json::Map<String, Value>,
    file: &dyn Fn(&str) -> TableFile,
    problems: &mut Problems,
) -> Result<pairs::Scored, Msg> {
    let movement = Movement::read(e.get("movement"))?;
    let scoring = pairs::scoring(e.get("options"))?;
    let names = pairs::pairs(e.get("pairs"), &movement)?;
    let files = bridge_tables(e, movement.tables)?;
    // As many as the movement has boards to play: one allocation where every result is in.
    let mut results = Vec::with_capacity(
        movement
            .sittings
            .iter()
            .map(|s| s.boards.len())
            .sum::<usize>(),
    );
    let mut read = 0;
    let mut unchecked = Vec::new();
    for (k, name) in files.iter().enumerate() {
        let Some((entries, waiting)) = table_entries(name, file(name), problems) else {
            continue;
        };
        read += entries.len();
        let seated = |p: u32| names.contains_key(&p);
        let table = k as u32 + 1;
        let got = pairs::results(name, table, &entries, &movement, &seated, problems);
        let (count, wait) = counted(got, &waiting, &movement, table);
        results.extend(count);
        unchecked.extend(wait);
    }
    let mut scored = pairs::scored(movement, scoring, &names, results, read);
    scored.unchecked = unchecked;
    Ok(scored)
}

fn teams_evening(
    e: &serde_json::Map<String, Value>,
    file: &dyn Fn(&str) -> TableFile,
    problems: &mut Problems,
) -> Result<Value, Msg> {
    let m = teams::read(e)?;
    let files = bridge_tables(e, 2)?;
    let mut scores = [BTreeMap::new(), BTreeMap::new()];
    for (k, name) in files.iter().enumerate() {
        if let Some((entries, waiting)) = table_entries(name, file(name), problems) {
            // Teams play one round: a board awaiting E-W's word counts once the table has
            // entered every board.
            let all = entries.len() >= m.boards as usize;
            let entries: Vec<_> = entries
                .into_iter()
                .filter(|(_, e)| all || !waiting.awaits(e.board, e.round))
                .collect();
            scores[k] = teams::scores(name, &entries, &m, problems);
        }
    }
    Ok(teams::output(&m, [&scores[0], &scores[1]]))
}

fn tarot_evening(
    e: &serde_json::Map<String, Value>,
    file: &dyn Fn(&str) -> TableFile,
    problems: &mut Problems,
) -> Result<Value, Msg> {
    let ev = tarot::read(e)?;
    let mut played = BTreeMap::new();
    for (round, table, name) in &ev.tables {
        let p = match file(name) {
            TableFile::Absent => None,
            TableFile::Unreadable(m) => {
                problems.push((At::File(name.clone()), m));
                None
            }
            TableFile::Read(v) => tarot::table(name, &v, (*round, *table), &ev, problems),
        };
        played.insert((*round, *table), p);
    }
    tarot::two_tables(&ev, &played, problems);
    Ok(tarot::output(&ev, &played))
}

/// Whether the evening `evening` names `name` among its tables' files.
pub fn names_table(evening: &Value, name: &str) -> bool {
    evening.get("format").and_then(Value::as_str) == Some("marque-evening")
        && evening
            .get("tables")
            .and_then(Value::as_array)
            .is_some_and(|t| {
                t.iter()
                    .any(|x| x.get("file").and_then(Value::as_str) == Some(name))
            })
}

/// The problems the evening `evening` finds with its table file `name` as `table` (the other
/// tables left out: their files are theirs): each board one the movement brings to that table
/// in that round, played by the pairs seated there.
pub fn table_in_evening(evening: &Value, name: &str, table: &Value) -> Problems {
    let file = |n: &str| {
        if n == name {
            TableFile::Read(table.clone())
        } else {
            TableFile::Absent
        }
    };
    match self::evening(evening, &file) {
        Ok(_) => Vec::new(),
        Err(problems) => problems,
    }
}

/// What a change of a table's session (`before`, then `after`, as files) would bring to the
/// evening `evening` that names it `name`, and that it does not bring now: at a Tarot table a
/// seat that changes player, a deal past the round's, a stranger (`club-format.md`). A kind of
/// problem the table has already is not new (a deal too many deleted from three too many still
/// leaves two), and a change that takes entries away brings none: a table can always come back
/// within its evening. Each problem once; none where the evening does not name the file.
pub fn new_problems(evening: &Value, name: &str, before: &Value, after: &Value) -> Vec<Msg> {
    let hands = |v: &Value| v["hands"].as_array().map_or(0, Vec::len);
    if !names_table(evening, name) || hands(after) < hands(before) {
        return Vec::new();
    }
    let had: Vec<&'static str> = table_in_evening(evening, name, before)
        .into_iter()
        .map(|(_, m)| m.key)
        .collect();
    let mut out: Vec<Msg> = Vec::new();
    for (_, m) in table_in_evening(evening, name, after) {
        if !had.contains(&m.key) && !out.iter().any(|o| o.key == m.key) {
            out.push(m);
        }
    }
    out
}

/// A new evening set up as a club's scorer would (the movement, the teams or the seating
/// proposed), checked as it will be read: nothing is written that would not count.
pub fn propose(id: &str, title: &str, created: &str, asked: &Asked) -> Result<Proposed, Msg> {
    let proposed = propose::unchecked(id, title, created, asked)?;
    match evening(&proposed.evening.1, &|_| TableFile::Absent) {
        Ok(_) => Ok(proposed),
        Err(problems) => Err(problems
            .into_iter()
            .map(|(_, m)| m)
            .next()
            .unwrap_or_else(|| Msg::new("club.err.not_object"))),
    }
}

/// The tables of the evening `evening` (its file, read) that play a session of their own each
/// round (a Tarot concours, `club.tarot.evening`), by number, each once: none for any other
/// evening, or one the rules do not read.
pub fn session_tables(evening: &Value) -> Vec<u32> {
    let Some(e) = evening.as_object().and_then(|e| tarot::read(e).ok()) else {
        return Vec::new();
    };
    let tables: std::collections::BTreeSet<u32> = e.tables.iter().map(|(_, t, _)| *t).collect();
    tables.into_iter().collect()
}

/// Where table `table` of the evening `evening` (its file, read), one that plays a session a
/// round ([`session_tables`]), plays each round: the deals a round has (`deals_per_round`), and
/// the table's files round by round (round, file), in round order; none for any other evening.
pub fn table_rounds(evening: &Value, table: u32) -> Option<(usize, Vec<(u32, String)>)> {
    let e = tarot::read(evening.as_object()?).ok()?;
    let mut rounds: Vec<(u32, String)> = e
        .tables
        .iter()
        .filter(|(_, t, _)| *t == table)
        .map(|(r, _, f)| (*r, f.clone()))
        .collect();
    rounds.sort();
    Some((e.deals, rounds))
}
