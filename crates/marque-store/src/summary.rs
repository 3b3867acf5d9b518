//! What the list of sessions knows of each file, without reading it again: its summary, its
//! shelf, where it stands.

use std::path::PathBuf;

use marque_core::session::{Facts, Problem, Session, Sheet};

use crate::stamp::Stamp;

/// What statistics take from a session's holders: their figures, best hands, and persons.
struct Held {
    figures: Vec<marque_core::games::Tally>,
    best_hands: Vec<Option<i64>>,
    people: Option<Box<People>>,
}

/// Where a session file lies: among the sessions, archived (kept, out of the default list), or
/// in the trash (out of every list but its own, and can be put back).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Shelf {
    #[default]
    Sessions,
    Archive,
    Trash,
}

/// A session is over for the table: stopped by the players (`closed`), or a game that reached
/// its end (`finished`), unless its session goes on after it (a bridge evening, after a
/// complete rubber, until it is closed).
pub fn session_over(game: marque_core::games::GameKind, finished: bool, closed: bool) -> bool {
    closed || (finished && !game.goes_on())
}

/// What statistics need of each session that reads (damaged and newer files count nowhere).
pub fn played(listed: &[Listed]) -> impl Iterator<Item = marque_core::stats::Played<'_>> {
    counted(listed).map(|s| marque_core::stats::Played {
        game: s.game,
        players: s.people.as_ref().map_or(&s.players, |p| &p.names),
        finished: s.finished,
        winners: &s.winners,
        figures: &s.figures,
        seats: s.people.as_ref().map_or(&[], |p| &p.seats),
        holds: s.people.as_ref().map_or(&[], |p| &p.holds),
    })
}

/// What ratings need of each session that reads, counted as statistics count it.
pub fn rated(listed: &[Listed]) -> impl Iterator<Item = marque_core::ratings::Rated<'_>> {
    counted(listed).map(|s| marque_core::ratings::Rated {
        game: s.game,
        id: s.id.as_deref(),
        created: s.created.as_deref(),
        seats: &s.players,
        totals: &s.totals,
        finished: s.finished,
        left: &s.left,
        holders: s.people.as_ref().map_or(&s.players, |p| &p.names),
        best_hands: &s.best_hands,
    })
}

/// Each session that reads, once, as its listing: a session reached by two names (a link
/// beside its file, two links to one file, a copy synced from another machine under another
/// name) is one evening. A session is its id; of two files of one id (a restore puts one
/// beside, `x-restored.json`) the one that counts is chosen by what they hold, the same on
/// every machine whatever the files' names and times: the one with more hands, then the one
/// whose summary reads first. Statistics, ratings and the room's pages all take it.
pub fn one_per_session(listed: &[Listed]) -> impl Iterator<Item = &Listed> {
    use std::collections::HashMap;
    let key = |s: &Summary| (std::cmp::Reverse(s.hands), serde_json::to_string(s).ok());
    let mut chosen: HashMap<&str, &Summary> = HashMap::new();
    for s in listed.iter().filter_map(fine) {
        if let Some(id) = s.id.as_deref() {
            chosen
                .entry(id)
                .and_modify(|c| {
                    if key(s) < key(c) {
                        *c = s;
                    }
                })
                .or_insert(s);
        }
    }
    let mut seen = std::collections::HashSet::new();
    let mut ids = std::collections::HashSet::new();
    listed.iter().filter(move |l| {
        let Some(s) = fine(l) else {
            return false;
        };
        if l.stamp.inode != 0 && !seen.insert((l.stamp.inode, l.stamp.size, l.stamp.modified)) {
            return false;
        }
        match s.id.as_deref() {
            Some(id) => chosen.get(id).is_some_and(|c| std::ptr::eq(*c, s)) && ids.insert(id),
            None => true,
        }
    })
}

/// The summary of a listed session that reads.
fn fine(l: &Listed) -> Option<&Summary> {
    match &l.state {
        FileState::Fine(s) => Some(&**s),
        _ => None,
    }
}

/// [`one_per_session`], as summaries.
fn counted(listed: &[Listed]) -> impl Iterator<Item = &Summary> {
    one_per_session(listed).filter_map(fine)
}

/// What the home screen, `marque check` and statistics need of a session file.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Summary {
    pub game: marque_core::games::GameKind,
    pub id: Option<String>,
    pub created: Option<String>,
    pub players: Vec<String>,
    pub hands: usize,
    pub totals: Vec<i64>,
    pub finished: bool,
    /// The game reached its own end (bridge: its last rubber is complete).
    #[serde(default)]
    pub natural_end: bool,
    pub closed: bool,
    pub winners: Vec<usize>,
    /// The title the players gave the session.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// Each player's figures for statistics, by seat (by person in `people` where it is set).
    #[serde(default)]
    pub figures: Vec<marque_core::games::Tally>,
    /// Each one's best hand, as `figures` (`null`: no hand played).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub best_hands: Vec<Option<i64>>,
    /// Where table events changed who sat where: each person who played a hand, the seat
    /// they held and whether they held it at the end (statistics count them, not the seats).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub people: Option<Box<People>>,
    /// The seats that left the table (not rated).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub left: Vec<usize>,
}

/// The persons of a session whose seats changed hands (see [`Summary::people`]).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct People {
    pub names: Vec<String>,
    pub seats: Vec<usize>,
    pub holds: Vec<bool>,
}

fn people_of(holders: marque_core::session::Holders, players: &[String]) -> Held {
    if holders.are_seats(players) {
        return Held {
            figures: holders.figures,
            best_hands: holders.best_hand,
            people: None,
        };
    }
    let h = holders.playing();
    Held {
        figures: h.figures,
        best_hands: h.best_hand,
        people: Some(Box::new(People {
            names: h.names,
            seats: h.seats,
            holds: h.holds,
        })),
    }
}

impl Summary {
    /// The session is over for the table: stopped by the players, or a game that reached its
    /// end. A bridge evening goes on after a complete rubber until the players end it.
    pub fn over(&self) -> bool {
        session_over(self.game, self.finished, self.closed)
    }

    /// The sides that score (made from the players when asked: a listing of thousands of
    /// sessions keeps none).
    pub fn sides(&self) -> Vec<String> {
        self.game.sides(&self.players)
    }

    /// Where the session stands: in progress, finished (its game reached its end), or stopped
    /// (the players ended it before that).
    pub fn progress(&self) -> Progress {
        if !self.over() {
            Progress::InProgress
        } else if self.natural_end {
            Progress::Finished
        } else {
            Progress::Stopped
        }
    }

    pub fn of(session: &Session, sheet: &Sheet) -> Summary {
        let held = people_of(sheet.holders(&session.hands), &session.players);
        Summary {
            game: session.game,
            id: session.id.clone(),
            created: session.created.clone(),
            players: sheet.seats().current(),
            // The table's count: table events are not hands.
            hands: sheet.hands_played(),
            totals: sheet.totals.clone(),
            finished: sheet.finished,
            natural_end: sheet.natural_end,
            closed: session.closed,
            winners: sheet.winners.clone(),
            title: session.text_field("title"),
            figures: held.figures,
            best_hands: held.best_hands,
            people: held.people,
            left: (0..sheet.seats().len())
                .filter(|s| !sheet.seats().plays(*s))
                .collect(),
        }
    }

    /// The summary of a session read for its facts only.
    pub(crate) fn of_facts(f: Facts) -> Summary {
        let held = people_of(f.end.holders, &f.players);
        Summary {
            game: f.game,
            id: f.id,
            created: f.created,
            players: if f.end.names.is_empty() {
                f.players
            } else {
                f.end.names
            },
            hands: f.end.hands_played,
            totals: f.end.totals,
            finished: f.end.finished,
            natural_end: f.end.natural_end,
            closed: f.closed,
            winners: f.end.winners,
            figures: held.figures,
            best_hands: held.best_hands,
            people: held.people,
            left: f.end.left,
            title: f.title,
        }
    }
}

/// Where a session stands, as the history lists it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Progress {
    InProgress,
    Finished,
    Stopped,
}

/// The state of one session file, as listed on the home screen and by `marque check`.
#[derive(Debug, Clone)]
pub enum FileState {
    Fine(Box<Summary>),
    Damaged(Vec<Problem>),
    Newer(u64),
}

#[derive(Debug, Clone)]
pub struct Listed {
    pub path: PathBuf,
    pub state: FileState,
    pub modified: Option<std::time::SystemTime>,
    /// The size and modification time the state was read at.
    pub stamp: Stamp,
    /// Conflict copies of this session that another machine left (Syncthing), to merge.
    pub copies: Vec<PathBuf>,
}
