//! What the evening's rooms share: where a problem is, and the figures kept in hundredths,
//! rounded once (`club.round`), the IMP scale (`club.imp`) and places (`club.rank`).

use serde_json::Value;

use crate::i18n::{Msg, msg};

/// Where a problem is: the evening file, a table's file, or one of its entries (from 1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum At {
    Evening,
    File(String),
    Hand(String, usize),
}

impl At {
    /// As `marque evening` writes it before the problem: "evening", "t1.json",
    /// "t1.json: hand 1".
    pub fn prefix(&self) -> String {
        match self {
            At::Evening => "evening".into(),
            At::File(f) => f.clone(),
            At::Hand(f, n) => format!("{f}: hand {n}"),
        }
    }
}

pub type Problems = Vec<(At, Msg)>;

/// A file name an evening may name: plain, in its own folder, ending in `.json`.
pub fn plain_name(name: &str) -> Result<(), Msg> {
    let plain = !name.is_empty()
        && !name.contains('/')
        && !name.contains('\\')
        && !name.starts_with('.')
        && name.ends_with(".json")
        && name.len() > ".json".len();
    if plain {
        Ok(())
    } else {
        Err(msg!("club.err.file_name", file = name))
    }
}

/// `n / d` rounded to the nearest whole number, a half away from zero (`club.round`, on
/// values kept in hundredths).
pub fn round_div(n: i64, d: i64) -> i64 {
    if d == 0 {
        return 0;
    }
    let (n, d) = if d < 0 { (-n, -d) } else { (n, d) };
    let q = (2 * n.abs() + d) / (2 * d);
    if n < 0 { -q } else { q }
}

/// A value kept in hundredths, as a JSON number (a whole number where it is one).
pub fn hundredths(h: i64) -> Value {
    if h % 100 == 0 {
        Value::from(h / 100)
    } else {
        serde_json::Number::from_f64(h as f64 / 100.0).map_or(Value::Null, Value::Number)
    }
}

/// The IMPs a difference of `d` points is worth (`club.imp`).
pub fn imps(d: i64) -> i64 {
    const FROM: [i64; 24] = [
        20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300, 1500, 1750,
        2000, 2250, 2500, 3000, 3500, 4000,
    ];
    let n = FROM.iter().filter(|&&f| d.abs() >= f).count() as i64;
    if d < 0 { -n } else { n }
}

/// Places for values in ranking order (highest first): equal values share their place, with
/// "=" ("2=", and the next after two at 2= is 4) (`club.rank`).
pub fn place_words(values: &[i64]) -> Vec<String> {
    let mut out = Vec::with_capacity(values.len());
    let mut k = 0;
    while k < values.len() {
        let same = values[k..].iter().take_while(|v| **v == values[k]).count();
        let word = if same > 1 {
            format!("{}=", k + 1)
        } else {
            format!("{}", k + 1)
        };
        out.extend(std::iter::repeat_n(word, same));
        k += same;
    }
    out
}
