//! Copies of one session changed apart and merged, as the merge tests make them: a table's
//! session and sheet, changes at a time of the evening, the merge of copies by their names.
#![allow(dead_code, reason = "each test crate uses some of the helpers")]

use marque_core::history::{self, Action, Change};
use marque_core::i18n::Lang;
use marque_core::merge::{self, Copy, ErrorKind};
use marque_core::session::{Session, Sheet};
use serde_json::{Value, json};

use super::session;

pub const NAMES: [&str; 3] = [
    "s.json",
    "s.sync-conflict-20261126-100000-AAAAAAA.json",
    "s.sync-conflict-20261126-100500-BBBBBBB.json",
];

#[derive(Clone)]
pub struct Table {
    pub s: Session,
    pub sheet: Sheet,
}

pub fn at(time: &str) -> String {
    format!("2026-11-26T{time}+01:00")
}

impl Table {
    pub fn new(game: &str, players: &[&str]) -> Table {
        let mut s = Session::from_value(&session(game, players, json!({}), json!([]))).unwrap();
        s.id = Some(format!("2026-11-26-{game}-0001"));
        let sheet = s.score().unwrap();
        Table { s, sheet }
    }
    #[track_caller]
    pub fn apply(&mut self, change: Change, action: Action, time: &str) {
        history::apply(&mut self.s, &mut self.sheet, &change, action, &at(time)).unwrap();
    }
    #[track_caller]
    pub fn add(&mut self, v: Value, time: &str) {
        let h = self.s.decode(&v).unwrap();
        self.apply(Change::Insert(self.s.hands.len(), h), Action::Add, time);
    }
    /// Puts `v` in place of hand `n` (from 1).
    #[track_caller]
    pub fn edit(&mut self, n: usize, v: Value, time: &str) {
        let h = self.s.decode(&v).unwrap();
        let old = self.s.hands[n - 1].clone();
        self.apply(Change::Replace(n - 1, old, h), Action::Edit, time);
    }
    pub fn hands(&self) -> Vec<Value> {
        self.s.hands.iter().map(|h| h.to_value()).collect()
    }
}

/// A truc deal with a double accepted, won by `winner`.
pub fn doubled(winner: usize) -> Value {
    json!({"calls": [{"by": 0, "call": "double"}, {"by": 1, "call": "accept"}], "winner": winner})
}

pub fn copies<'a>(tables: &'a [&'a Table]) -> Vec<Copy<'a>> {
    tables
        .iter()
        .zip(NAMES)
        .map(|(t, name)| Copy {
            name,
            session: &t.s,
        })
        .collect()
}

pub fn try_merge(tables: &[&Table], picks: &[usize]) -> Result<merge::Merged, merge::Error> {
    merge::merge(&copies(tables), picks, &at("23:00:00"))
}

#[track_caller]
pub fn merged(tables: &[&Table], picks: &[usize]) -> Table {
    let m = try_merge(tables, picks)
        .unwrap_or_else(|e| panic!("no merge: {}", e.message(&NAMES).render(Lang::En)));
    let fresh = m.session.score().unwrap();
    assert_eq!(
        m.sheet.totals, fresh.totals,
        "the merge's totals are its session's"
    );
    assert_eq!(
        m.sheet.hands, fresh.hands,
        "the merge's rows are its session's"
    );
    Table {
        s: m.session,
        sheet: m.sheet,
    }
}

#[track_caller]
pub fn pending(tables: &[&Table], picks: &[usize]) -> Box<merge::Pending> {
    match try_merge(tables, picks) {
        Err(merge::Error {
            kind: ErrorKind::Choices(p),
        }) => p,
        Err(e) => panic!("expected choices: {}", e.message(&NAMES).render(Lang::En)),
        Ok(m) => panic!("expected choices, merged {} hands", m.session.hands.len()),
    }
}

/// A bridge deal, one of five made by North, told apart by `k`.
pub fn bridge_deal(k: u8) -> Value {
    let contracts = ["1C", "2D", "3H", "4S", "3NT"];
    json!({"contract": contracts[usize::from(k) % 5], "declarer": "N", "tricks": 6 + k % 4})
}
