//! A new evening as a club's scorer would set it up (issue 51, "Nouvelle soirée"): the movement
//! proposed from the number of pairs, two teams of four to six, or the Tarot tables and their
//! rotation from the number of players; the evening file and its tables' files, ready to write.

use serde_json::{Value, json};

use crate::i18n::{Msg, msg};

/// What the organiser typed.
#[derive(Debug, Clone, PartialEq)]
pub enum Asked {
    /// Pairs, each its two names.
    Pairs(Vec<[String; 2]>),
    /// Two teams, each its name and players.
    Teams([(String, Vec<String>); 2]),
    /// The players of a Tarot concours, seated by the rotation.
    Players(Vec<String>),
}

/// The files of a new evening: the evening file's name and text, each table's.
#[derive(Debug, Clone, PartialEq)]
pub struct Proposed {
    pub evening: (String, Value),
    pub tables: Vec<(String, Value)>,
    /// The movement or seating in words, to show before it is made.
    pub said: Msg,
}

fn table_file(players: Vec<String>, game: &str, options: Value) -> Value {
    json!({"format": "marque-session", "version": 1, "game": game, "players": players,
           "options": options, "hands": []})
}

/// The evening `id` (its files' names start with it) titled `title`, for what was asked; or
/// why it cannot be set up, in words (checked as it will be read: [`super::propose`]).
pub fn unchecked(id: &str, title: &str, created: &str, asked: &Asked) -> Result<Proposed, Msg> {
    let mut ev = json!({"format": "marque-evening", "version": 1, "id": id,
                        "created": created, "title": title});
    let bridge_table = || {
        table_file(
            vec!["N".into(), "E".into(), "S".into(), "W".into()],
            "bridge",
            json!({"format": "duplicate"}),
        )
    };
    let tables_of = |count: u32| -> Vec<(String, Value)> {
        (1..=count)
            .map(|t| (format!("{id}-t{t}.json"), bridge_table()))
            .collect()
    };
    let (tables, said) = match asked {
        Asked::Pairs(pairs) => {
            let n = pairs.len() as u32;
            if !(4..=60).contains(&n) {
                return Err(msg!("club.new.pairs_count", pairs = i64::from(n)));
            }
            let t = n.div_ceil(2);
            let movement = match t {
                2 => json!({"kind": "howell", "tables": 2, "boards_per_set": 3}),
                3 | 4 => json!({"kind": "howell", "tables": t, "boards_per_set": 2}),
                _ => json!({"kind": "mitchell", "tables": t,
                            "boards_per_round": if t <= 9 { 3 } else { 2 }}),
            };
            let m = super::movement::Movement::read(Some(&movement))?;
            let boards = m.boards().len() as i64;
            let said = msg!(
                "club.new.said_pairs",
                kind = if t <= 4 { "howell" } else { "mitchell" },
                tables = i64::from(t),
                rounds = i64::from(m.rounds),
                boards = boards
            );
            ev["kind"] = json!("pairs");
            ev["movement"] = movement;
            ev["pairs"] = pairs
                .iter()
                .enumerate()
                .map(|(k, p)| ((k + 1).to_string(), json!(p)))
                .collect::<serde_json::Map<_, _>>()
                .into();
            (tables_of(t), said)
        }
        Asked::Teams(teams) => {
            ev["kind"] = json!("teams");
            ev["boards"] = json!(16);
            ev["teams"] = json!(
                teams
                    .iter()
                    .map(|(name, players)| json!({"name": name, "players": players}))
                    .collect::<Vec<_>>()
            );
            let said = msg!("club.new.said_teams", boards = 16);
            (tables_of(2), said)
        }
        Asked::Players(players) => {
            let p = players.len();
            let size = if p.is_multiple_of(4) {
                4
            } else if p.is_multiple_of(5) {
                5
            } else {
                return Err(msg!("club.new.tarot_count", players = p as i64));
            };
            let count = p / size;
            let rounds = count.clamp(1, 5) as u32;
            ev["kind"] = json!("tarot");
            ev["players"] = json!(players);
            ev["rounds"] = json!(rounds);
            ev["deals_per_round"] = json!(4);
            ev["table_size"] = json!(size);
            ev["rotation"] = json!("shift");
            let mut tables = Vec::new();
            let mut listed = Vec::new();
            let seating = super::tarot::Evening {
                players: players.clone(),
                rounds,
                deals: 4,
                size,
                rotation: true,
                tables: Vec::new(),
            };
            for r in 1..=rounds {
                for t in 1..=count as u32 {
                    let name = format!("{id}-r{r}t{t}.json");
                    listed.push(json!({"table": t, "round": r, "file": name}));
                    tables.push((name, table_file(seating.seated(r, t), "tarot", json!({}))));
                }
            }
            let said = msg!(
                "club.new.said_tarot",
                tables = count as i64,
                size = size as i64,
                rounds = i64::from(rounds)
            );
            ev["tables"] = json!(listed);
            (tables, said)
        }
    };
    if ev.get("tables").is_none() {
        ev["tables"] = json!(
            tables
                .iter()
                .enumerate()
                .map(|(k, (name, _))| json!({"table": k + 1, "file": name}))
                .collect::<Vec<_>>()
        );
    }
    Ok(Proposed {
        evening: (format!("{id}.evening.json"), ev),
        tables,
        said,
    })
}
