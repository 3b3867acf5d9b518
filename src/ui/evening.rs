//! The evening of several tables (issue 51): its rankings, each table's progress and each
//! board's traveller, as `marque evening` gives them, read from the evening's folder on a
//! thread of its own and read again whenever a file of the folder changes (the one watcher):
//! everything shown is what the folder holds now, the same on every machine.

use std::path::PathBuf;
use std::sync::mpsc::{Receiver, TryRecvError};

use egui::RichText;
use serde_json::Value;

use super::command::Command;
use marque_core::club::Card;
use marque_core::i18n::{Lang, msg, tr};

/// A reading of the folder: the evening's title, its tables' files, and its output or its
/// problems.
type Reading = (
    Option<String>,
    Vec<Table>,
    Result<Value, Vec<String>>,
    Cards,
);

/// The evening's guide cards (a table each) and score cards (a pair or player each), written
/// in the language of the reading.
pub type Cards = (Vec<Card>, Vec<Card>);

/// A table's file the evening names: its table (and round, at Tarot) and where it is.
#[derive(Debug, Clone, PartialEq)]
pub struct Table {
    pub table: i64,
    pub round: Option<i64>,
    pub path: PathBuf,
}

/// The tables' files an evening names, beside it (plain names only: `club.folder`).
fn tables_of(evening: &Value, folder: &std::path::Path) -> Vec<Table> {
    evening["tables"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|t| {
            let file = t["file"].as_str()?;
            marque_core::club::plain_name(file).ok()?;
            Some(Table {
                table: t["table"].as_i64()?,
                round: t["round"].as_i64(),
                path: folder.join(file),
            })
        })
        .collect()
}

/// What the evening's screen shows, and the reading under way.
pub struct EveningState {
    pub path: PathBuf,
    /// The evening as last read: its output, or its problems in words (in the language they
    /// were read in).
    pub shown: Option<(Lang, Result<Value, Vec<String>>)>,
    /// The title the evening gives itself, as last read.
    pub title: Option<String>,
    /// The tables' files it names, as last read.
    pub tables: Vec<Table>,
    /// Its cards, as last read.
    pub cards: Cards,
    reading: Option<Receiver<Reading>>,
    /// A file changed since the last reading began: read again once it is done.
    stale: bool,
}

impl EveningState {
    pub fn new(path: PathBuf) -> EveningState {
        EveningState {
            path,
            shown: None,
            title: None,
            tables: Vec::new(),
            cards: Cards::default(),
            reading: None,
            stale: true,
        }
    }

    /// A file of the folder changed: the evening is read again.
    pub fn stale(&mut self) {
        self.stale = true;
    }

    /// Starts a reading where one is due, and takes one that arrived (the window's logic, never
    /// its drawing; the thread reads the files, the window none).
    pub fn logic(&mut self, lang: Lang, ctx: &egui::Context) {
        if let Some(rx) = &self.reading {
            match rx.try_recv() {
                Ok((title, tables, read, cards)) => {
                    self.title = title;
                    self.tables = tables;
                    self.cards = cards;
                    self.shown = Some((lang, read));
                    self.reading = None;
                    ctx.request_repaint();
                }
                Err(TryRecvError::Empty) => {
                    ctx.request_repaint_after(std::time::Duration::from_millis(30));
                    return;
                }
                Err(TryRecvError::Disconnected) => self.reading = None,
            }
        }
        let relang = self.shown.as_ref().is_some_and(|(l, _)| *l != lang);
        if !(self.stale || relang) {
            return;
        }
        self.stale = false;
        let (tx, rx) = std::sync::mpsc::channel();
        let path = self.path.clone();
        let read = move || {
            let folder = path.parent().unwrap_or(std::path::Path::new("."));
            let (title, tables) = match marque_store::read_json(&path) {
                marque_core::club::TableFile::Read(v) => (
                    v["title"].as_str().map(str::to_string),
                    tables_of(&v, folder),
                ),
                _ => (None, Vec::new()),
            };
            let out = marque_store::read_evening(&path).map_err(|problems| {
                problems
                    .iter()
                    .map(|(at, m)| format!("{}: {}", at.prefix(), m.render(lang)))
                    .collect()
            });
            let cards = match &out {
                Ok(v) => (
                    marque_core::club::guide_cards(v, lang),
                    marque_core::club::score_cards(v, lang),
                ),
                Err(_) => Cards::default(),
            };
            (title, tables, out, cards)
        };
        let spawned = std::thread::Builder::new()
            .name("marque-evening".into())
            .spawn(move || {
                tx.send(read()).ok();
            });
        if spawned.is_ok() {
            self.reading = Some(rx);
            ctx.request_repaint_after(std::time::Duration::from_millis(30));
        }
    }

    /// Whether what is shown is the last reading due: none under way, none waiting.
    pub fn is_current(&self) -> bool {
        self.reading.is_none() && !self.stale
    }

    /// Waits for a reading under way (tests, which drive frames by hand).
    pub fn wait(&mut self, lang: Lang) {
        if let Some(rx) = self.reading.take()
            && let Ok((title, tables, read, cards)) = rx.recv()
        {
            self.title = title;
            self.tables = tables;
            self.cards = cards;
            self.shown = Some((lang, read));
        }
    }
}

pub struct Ctx<'a> {
    pub lang: Lang,
    pub state: Option<&'a EveningState>,
    pub commands: &'a mut Vec<Command>,
}

pub fn show(ui: &mut egui::Ui, cx: Ctx<'_>) {
    let Ctx {
        lang,
        state,
        commands,
    } = cx;
    if ui.button(tr(lang, "ui.evening.back")).clicked() {
        commands.push(Command::Home);
    }
    let Some(state) = state else {
        return;
    };
    let name = state
        .path
        .file_name()
        .map(|n| {
            n.to_string_lossy()
                .trim_end_matches(".evening.json")
                .to_string()
        })
        .unwrap_or_default();
    let name = state
        .title
        .clone()
        .filter(|t| !t.trim().is_empty())
        .unwrap_or(name);
    ui.heading(msg!("ui.evening.title", name = name).render(lang));
    if !state.tables.is_empty() {
        ui.horizontal_wrapped(|ui| {
            ui.label(tr(lang, "ui.evening.enter_at"));
            for t in &state.tables {
                let text = match t.round {
                    Some(r) => msg!("ui.evening.table_round", table = t.table, round = r),
                    None => msg!("ui.evening.table_n", table = t.table),
                }
                .render(lang);
                if ui.button(text).clicked() {
                    commands.push(Command::OpenTable(t.path.clone()));
                }
            }
        });
    }
    let out = match &state.shown {
        None => {
            ui.label(RichText::new(tr(lang, "ui.evening.reading")).weak());
            return;
        }
        Some((_, Err(problems))) => {
            ui.label(RichText::new(tr(lang, "ui.evening.problems")).strong());
            for p in problems {
                ui.label(p);
            }
            return;
        }
        Some((_, Ok(out))) => out,
    };
    egui::ScrollArea::vertical()
        .id_salt(("evening", &state.path))
        .auto_shrink([false, false])
        .show(ui, |ui| {
            match out["kind"].as_str() {
                Some("pairs") => pairs(ui, lang, out),
                Some("teams") => teams(ui, lang, out),
                _ => players_evening(ui, lang, out),
            }
            cards(ui, lang, &state.cards);
        });
}

/// A number of the evening as the reader writes it ("58,33" in French, a true minus); names
/// as one line ("Anne – Bruno").
use marque_core::club::{names_text as names, number_text as num};

/// A table of rows under their headers.
fn grid(
    ui: &mut egui::Ui,
    id: impl std::hash::Hash + std::fmt::Debug,
    head: &[String],
    rows: &[Vec<String>],
) {
    egui::Grid::new(id)
        .striped(true)
        .num_columns(head.len())
        .show(ui, |ui| {
            for h in head {
                ui.label(RichText::new(h).strong());
            }
            ui.end_row();
            for r in rows {
                for c in r {
                    ui.label(c);
                }
                ui.end_row();
            }
        });
}

fn pairs(ui: &mut egui::Ui, lang: Lang, out: &Value) {
    let mp = out["scoring"] == "mp";
    let t = |k: &str| tr(lang, k);
    for f in out["fields"].as_array().into_iter().flatten() {
        let key = match f["field"].as_str() {
            Some("NS") => "club.text.field_ns",
            Some("EW") => "club.text.field_ew",
            _ => "club.text.field_all",
        };
        ui.add_space(6.0);
        ui.label(RichText::new(t(key)).heading());
        let mut head = vec![
            t("ui.evening.place"),
            t("ui.evening.pair"),
            t("ui.evening.names"),
        ];
        head.push(t("ui.evening.boards"));
        if mp {
            head.extend([t("ui.evening.mp"), t("ui.evening.percent")]);
        } else {
            head.extend([t("ui.evening.imps"), t("ui.evening.factored")]);
        }
        let rows: Vec<Vec<String>> = f["ranking"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|r| {
                let mut row = vec![
                    num(&r["place"], lang),
                    num(&r["pair"], lang),
                    names(&r["names"]),
                    num(&r["boards"], lang),
                ];
                if mp {
                    row.push(format!(
                        "{} / {}",
                        num(&r["mp"], lang),
                        num(&r["top"], lang)
                    ));
                    row.push(format!("{} %", num(&r["percent"], lang)));
                } else {
                    row.push(num(&r["imps"], lang));
                    row.push(num(&r["factored"], lang));
                }
                row
            })
            .collect();
        grid(ui, ("ranking", key), &head, &rows);
    }
    ui.add_space(8.0);
    ui.label(RichText::new(t("ui.evening.travellers")).heading());
    for b in out["boards"].as_array().into_iter().flatten() {
        let n = b["board"].as_u64().unwrap_or(0);
        let results = b["results"].as_array().map_or(0, Vec::len);
        let heading = marque_core::club::board_heading(n as u32);
        let title = msg!(
            "ui.evening.board",
            heading = heading,
            results = results as i64
        );
        egui::CollapsingHeader::new(title.render(lang))
            .id_salt(("board", n))
            .show(ui, |ui| {
                let head = [
                    t("ui.evening.table"),
                    t("ui.evening.round"),
                    t("ui.evening.ns"),
                    t("ui.evening.ew"),
                    t("ui.evening.score"),
                    t("ui.evening.ns_points"),
                    t("ui.evening.ew_points"),
                ];
                let rows: Vec<Vec<String>> = b["results"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(|r| {
                        let score = if r["average"].is_null() {
                            num(&r["score"], lang)
                        } else {
                            format!(
                                "{} % / {} %",
                                num(&r["average"][0], lang),
                                num(&r["average"][1], lang)
                            )
                        };
                        vec![
                            num(&r["table"], lang),
                            num(&r["round"], lang),
                            num(&r["ns"], lang),
                            num(&r["ew"], lang),
                            score,
                            num(&r["ns_points"], lang),
                            num(&r["ew_points"], lang),
                        ]
                    })
                    .collect();
                grid(ui, ("traveller", n), &head, &rows);
            });
    }
}

fn teams(ui: &mut egui::Ui, lang: Lang, out: &Value) {
    let t = |k: &str| tr(lang, k);
    let line = msg!(
        "club.text.match",
        a = out["teams"][0].as_str().unwrap_or(""),
        b = out["teams"][1].as_str().unwrap_or(""),
        ia = num(&out["imps"][0], lang),
        ib = num(&out["imps"][1], lang),
        boards = num(&out["boards_counted"], lang)
    );
    ui.label(RichText::new(line.render(lang)).heading());
    if !out["vp"].is_null() {
        let vp = msg!(
            "club.text.vp",
            a = num(&out["vp"][0], lang),
            b = num(&out["vp"][1], lang)
        );
        ui.label(vp.render(lang));
    }
    let head = [
        t("ui.evening.board_number"),
        t("ui.evening.table1"),
        t("ui.evening.table2"),
        t("ui.evening.imps"),
    ];
    let rows: Vec<Vec<String>> = out["boards"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|b| {
            let imps = match &b["imps"] {
                Value::Null => t("club.text.pending"),
                i => format!("{} – {}", num(&i[0], lang), num(&i[1], lang)),
            };
            vec![
                num(&b["board"], lang),
                num(&b["scores"][0], lang),
                num(&b["scores"][1], lang),
                imps,
            ]
        })
        .collect();
    grid(ui, "match", &head, &rows);
}

/// An evening of players at tables of 4 or 5 (the Tarot concours): their ranking and each
/// table's progress.
fn players_evening(ui: &mut egui::Ui, lang: Lang, out: &Value) {
    let t = |k: &str| tr(lang, k);
    ui.label(RichText::new(t("club.text.field_all")).heading());
    let head = [
        t("ui.evening.place"),
        t("ui.evening.player"),
        t("ui.evening.points"),
        t("ui.evening.tables"),
    ];
    let rows: Vec<Vec<String>> = out["ranking"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|r| {
            vec![
                num(&r["place"], lang),
                num(&r["player"], lang),
                num(&r["points"], lang),
                num(&r["tables"], lang),
            ]
        })
        .collect();
    grid(ui, "players-ranking", &head, &rows);
    ui.add_space(8.0);
    ui.label(RichText::new(t("ui.evening.progress")).heading());
    let head = [
        t("ui.evening.round"),
        t("ui.evening.table"),
        t("ui.evening.players"),
        t("ui.evening.deals"),
    ];
    let rows: Vec<Vec<String>> = out["tables"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|x| {
            let deals = if x["complete"] == true {
                format!("{} ✓", num(&x["deals"], lang))
            } else {
                num(&x["deals"], lang)
            };
            vec![
                num(&x["round"], lang),
                num(&x["table"], lang),
                names(&x["players"]),
                deals,
            ]
        })
        .collect();
    grid(ui, "players-tables", &head, &rows);
}

/// The score cards (a pair's or a player's every board, its points, its total) and the guide
/// cards (each table's seating and boards, round by round), each folded under its title.
fn cards(ui: &mut egui::Ui, lang: Lang, (guides, scores): &Cards) {
    for (key, list) in [
        ("ui.evening.score_cards", scores),
        ("ui.evening.guide_cards", guides),
    ] {
        if list.is_empty() {
            continue;
        }
        ui.add_space(8.0);
        ui.label(RichText::new(tr(lang, key)).heading());
        for (k, c) in list.iter().enumerate() {
            egui::CollapsingHeader::new(&c.title)
                .id_salt((key, k))
                .show(ui, |ui| {
                    grid(ui, (key, k, "grid"), &c.head, &c.rows);
                    if let Some(f) = &c.foot {
                        ui.label(RichText::new(f).strong());
                    }
                });
        }
    }
}
