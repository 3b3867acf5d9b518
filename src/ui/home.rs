//! Home: sessions in progress first, then finished ones, damaged and newer files, a new session.
//!
//! The list comes from the session index ([`Store::list`]) read on a background thread: the
//! screen paints at once and fills in when the list arrives. Only the rows on screen are laid
//! out; their texts are made once per list and language.

use std::path::PathBuf;
use std::sync::mpsc::{Receiver, TryRecvError};

use egui::RichText;

use super::command::{Command, Evenings, Files, Named};
use marque_core::games::GameKind;
use marque_core::i18n::msg;
use marque_core::i18n::{Lang, Msg, tr};
use marque_store::{FileState, Listed, Progress, Shelf, Store, Summary};

#[derive(Default)]
pub struct HomeState {
    /// The files as last listed.
    listed: Vec<Listed>,
    /// Every session the players' figures count, as last listed: the sessions and the
    /// archived ones (an archived evening still counts; the trash does not), whatever shelf
    /// the home screen shows.
    counted: Vec<Listed>,
    /// The rows made from them, and what they were made for.
    rows: Option<(Vec<Row>, RowsKey)>,
    /// The evenings of several tables in the folder, each by its evening file and title.
    evenings: Vec<(PathBuf, String)>,
    /// A listing under way on another thread.
    loading: Option<Receiver<Listing>>,
    pub import_path: String,
    /// Counts the listings received (the players' screen remakes its roster on a new one).
    generation: u64,
    /// Which files are listed: the sessions, the archived ones, or the trash.
    pub shelf: Shelf,
    /// Only sessions with a player whose name holds this (capitals and spaces aside).
    pub query: String,
    /// Only sessions of this game.
    pub game: Option<GameKind>,
    /// Only sessions played within this many days (by their file's last change).
    pub within_days: Option<u64>,
    /// Only sessions last played from this day and up to that one (typed, both included).
    pub from: String,
    pub to: String,
    /// Only sessions in progress, finished, or stopped.
    pub progress: Option<Progress>,
    /// Sessions just moved to another shelf: each keeps its row, with a key to move it back,
    /// so that the rows below do not slide under the finger.
    pub moved: Vec<Moved>,
}

/// A session moved off the shelf shown, from the row it had.
#[derive(Debug, Clone)]
pub struct Moved {
    pub index: usize,
    /// Where it lies now, and the shelf it came from.
    pub dest: PathBuf,
    pub back: Shelf,
    /// Where it went, for the row's text.
    pub to: Shelf,
    pub players: String,
}

impl HomeState {
    /// The row of the session at `path` in the list shown.
    pub fn row_of(&self, path: &std::path::Path) -> Option<usize> {
        let (rows, _) = self.rows.as_ref()?;
        rows.iter()
            .position(|r| matches!(r, Row::Session { path: p, .. } if p == path))
    }
}

/// What a list of rows was made for: the language and the filters.
#[derive(Clone, PartialEq)]
struct RowsKey {
    lang: Lang,
    shelf: Shelf,
    query: String,
    game: Option<GameKind>,
    within_days: Option<u64>,
    /// The days typed, read (a day that does not read is no bound).
    range: (Option<chrono::NaiveDate>, Option<chrono::NaiveDate>),
    progress: Option<Progress>,
}

/// A day as typed: 24/11/2026 (or 24/11/26) or 2026-11-24; `Ok(None)` for nothing typed.
pub fn read_day(text: &str) -> Result<Option<chrono::NaiveDate>, ()> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(None);
    }
    ["%d/%m/%Y", "%d/%m/%y", "%Y-%m-%d", "%d.%m.%Y"]
        .iter()
        .find_map(|f| chrono::NaiveDate::parse_from_str(t, f).ok())
        .map(Some)
        .ok_or(())
}

/// One row of the home list.
enum Row {
    Heading(String),
    None(String),
    Session {
        path: PathBuf,
        /// The whole row as one text: game, what the button does, date, hands, standing.
        text: String,
        /// The shelves it can go to: the key's text, its name for a screen reader, where.
        moves: Vec<(String, String, Shelf)>,
    },
    Damaged {
        path: PathBuf,
        title: String,
        why: String,
        button: String,
    },
    Newer {
        path: PathBuf,
        version: u64,
        title: String,
        button: String,
    },
    /// A session another machine changed too (Syncthing left conflict copies): to merge.
    Conflict {
        path: PathBuf,
        title: String,
        button: String,
    },
    /// A session just moved away: where it went, and a key to undo it (`moved[i]`).
    Moved {
        i: usize,
        text: String,
        /// The key's text, and its name for a screen reader (with the players).
        button: (String, String),
    },
}

/// What a listing brings: the files shown, those the figures count, the evenings.
type Listing = (Vec<Listed>, Vec<Listed>, Vec<(PathBuf, String)>);

impl HomeState {
    /// Lists the folder again, on a background thread.
    pub fn refresh(&mut self, store: &Store) {
        let dirs = (store.shelf_dir(self.shelf), store.dir.clone());
        let list = move || {
            let shown = Store::new(dirs.0.clone()).list();
            let all = Store::new(dirs.1);
            (shown, all.list_counted(), all.evenings())
        };
        let (tx, rx) = std::sync::mpsc::channel();
        let for_thread = list.clone();
        let spawned = std::thread::Builder::new()
            .name("marque-list".into())
            .spawn(move || {
                // The receiver may be gone (a newer listing replaced it): nothing to tell then.
                // The window gone, nobody is left to tell.
                tx.send(for_thread()).ok();
            });
        match spawned {
            Ok(_) => self.loading = Some(rx),
            // No thread to be had: list here rather than show nothing.
            Err(_) => self.take(list()),
        }
    }

    /// A listing arrived: the rows are made again from it.
    fn take(&mut self, (listed, counted, evenings): Listing) {
        self.listed = listed;
        self.counted = counted;
        self.evenings = evenings;
        self.generation += 1;
        self.rows = None;
    }

    /// Takes the listing if it arrived; asks for another frame while it is under way.
    pub fn poll(&mut self, ctx: &egui::Context) {
        let Some(rx) = &self.loading else {
            return;
        };
        match rx.try_recv() {
            Ok(listed) => {
                self.take(listed);
                self.loading = None;
                ctx.request_repaint();
            }
            Err(TryRecvError::Empty) => {
                ctx.request_repaint_after(std::time::Duration::from_millis(30))
            }
            Err(TryRecvError::Disconnected) => self.loading = None,
        }
    }

    /// Waits for a listing under way (tests, which drive frames by hand).
    pub fn wait(&mut self) {
        if let Some(rx) = self.loading.take()
            && let Ok(listed) = rx.recv()
        {
            self.take(listed);
        }
    }

    /// The files as last listed, and which listing it is.
    pub fn listing(&self) -> (&[Listed], u64) {
        (&self.listed, self.generation)
    }

    /// The sessions the players' figures count (sessions and archived ones), and which
    /// listing it is.
    pub fn counted(&self) -> (&[Listed], u64) {
        (&self.counted, self.generation)
    }

    pub fn is_loading(&self) -> bool {
        self.loading.is_some()
    }
}

/// When a file was last changed, in local time and the reader's way of writing dates.
fn modified_text(m: Option<std::time::SystemTime>, lang: Lang) -> String {
    let format = format!("{} %H:%M", marque_core::i18n::day_format(lang));
    m.map(|m| {
        chrono::DateTime::<chrono::Local>::from(m)
            .format(&format)
            .to_string()
    })
    .unwrap_or_default()
}

fn standing(s: &Summary, lang: Lang) -> String {
    // As people say them (bridge's partnerships in the reader's language: NS / EO).
    let sides = s.game.side_names(&s.sides(), lang);
    let totals: Vec<String> = sides
        .iter()
        .zip(&s.totals)
        // With what the totals count: points, manches, tribus.
        .map(|(n, t)| {
            let total = msg!(
                s.game.total_unit(),
                n = *t,
                shown = marque_core::games::number(*t)
            );
            format!("{n} {}", total.render(lang))
        })
        .collect();
    if s.over() {
        let w: Vec<&str> = s
            .winners
            .iter()
            .filter_map(|&w| sides.get(w))
            .map(String::as_str)
            .collect();
        msg!(
            "ui.home.won",
            winners = w.join(", "),
            count = w.len(),
            totals = totals.join(", ")
        )
        .render(lang)
    } else {
        totals.join(", ")
    }
}

fn file_name(path: &std::path::Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// The home list's rows: sessions to merge, then those in progress and those finished (as the
/// filters have them), then files that need a look; each session moved away keeps its place.
fn rows(listed: &[Listed], key: &RowsKey, moved: &[Moved]) -> Vec<Row> {
    let mut out = Vec::new();
    session_rows(listed, key, &mut out);
    // After the sessions: copies arriving from another machine (a listing made again while
    // the table looks) never push the rows down under a finger.
    out.extend(conflict_rows(listed, key.lang));
    problem_rows(listed, key.lang, &mut out);
    moved_rows(moved, key.lang, &mut out);
    out
}

/// Sessions another machine changed too, to merge (listed after the sessions, under their
/// own heading; the session's own screen says it too, with its merge key).
fn conflict_rows(listed: &[Listed], lang: Lang) -> Vec<Row> {
    let mut out = Vec::new();
    for l in listed {
        let FileState::Fine(s) = &l.state else {
            continue;
        };
        if l.copies.is_empty() {
            continue;
        }
        if out.is_empty() {
            out.push(Row::Heading(tr(lang, "ui.home.to_merge")));
        }
        let players = s.players.join(", ");
        out.push(Row::Conflict {
            path: l.path.clone(),
            title: msg!(
                "ui.home.conflict",
                n = l.copies.len(),
                players = players.as_str()
            )
            .render(lang),
            button: msg!("ui.home.merge", players = players.as_str()).render(lang),
        });
    }
    out
}

/// The sessions in progress, then those finished, each section as the filters have it.
fn session_rows(listed: &[Listed], key: &RowsKey, out: &mut Vec<Row>) {
    let (lang, shelf) = (key.lang, key.shelf);
    let wanted = marque_core::stats::person_key(&key.query);
    let since = key.within_days.and_then(|d| {
        std::time::SystemTime::now().checked_sub(std::time::Duration::from_secs(d * 86_400))
    });
    // The day a file was last played, in local time.
    let day = |m: Option<std::time::SystemTime>| {
        m.map(|m| chrono::DateTime::<chrono::Local>::from(m).date_naive())
    };
    let (first, last) = key.range;
    let moves: &[(&str, Shelf)] = match key.shelf {
        Shelf::Sessions => &[
            ("ui.home.to_archive", Shelf::Archive),
            ("ui.home.to_trash", Shelf::Trash),
        ],
        Shelf::Archive => &[
            ("ui.home.to_sessions", Shelf::Sessions),
            ("ui.home.to_trash", Shelf::Trash),
        ],
        Shelf::Trash => &[("ui.home.to_sessions", Shelf::Sessions)],
    };
    for (title, want_finished) in [("ui.home.in_progress", false), ("ui.home.finished", true)] {
        // A filter on the state leaves out the section it excludes.
        if key
            .progress
            .is_some_and(|p| (p != Progress::InProgress) != want_finished)
        {
            continue;
        }
        out.push(Row::Heading(tr(lang, title)));
        let before = out.len();
        for l in listed {
            let FileState::Fine(s) = &l.state else {
                continue;
            };
            if s.over() != want_finished
                || key.progress.is_some_and(|p| p != s.progress())
                || key.game.is_some_and(|g| g != s.game)
                || since.is_some_and(|since| l.modified.is_none_or(|m| m < since))
                || first.is_some_and(|f| day(l.modified).is_none_or(|d| d < f))
                || last.is_some_and(|t| day(l.modified).is_none_or(|d| d > t))
                || !(wanted.is_empty()
                    || s.players
                        .iter()
                        .chain(s.title.as_ref())
                        .any(|p| marque_core::stats::person_key(p).contains(wanted.as_str())))
            {
                continue;
            }
            // A conflict copy in the trash was merged: what it held is in the session (its
            // versions not kept in the session's log), so it is looked at, not put back or
            // resumed as a session.
            let file = file_name(&l.path);
            let merged_copy = shelf == Shelf::Trash && marque_store::copy_of(&file).is_some();
            let key = if want_finished || merged_copy {
                "ui.home.view"
            } else {
                "ui.home.resume"
            };
            let name = msg!(key, players = s.players.join(", ")).render(lang);
            let mut titled = s
                .title
                .as_deref()
                .map(|t| match lang {
                    Lang::Fr => format!("« {t} »   "),
                    Lang::En => format!("“{t}”   "),
                })
                .unwrap_or_default();
            if s.progress() == Progress::Stopped {
                titled = format!("{}   {titled}", tr(lang, "ui.home.stopped_tag"));
            }
            if merged_copy {
                let machine = marque_core::merge::machine_of(&file).unwrap_or("?");
                let tag = msg!("ui.home.merged_copy", machine = machine).render(lang);
                titled = format!("{tag}   {titled}");
            }
            // The standing right after the game: on a narrow screen with large text, the row
            // is cut at its end, never before its totals.
            let text = format!(
                "{titled}{}   {}   {name}   {}   {}",
                tr(lang, s.game.name_key()),
                marque_core::view::typeset(&standing(s, lang)),
                modified_text(l.modified, lang),
                msg!(s.game.hand_count(), n = s.hands).render(lang),
            );
            let players = s.players.join(", ");
            let moves = moves
                .iter()
                .filter(|_| !merged_copy)
                .map(|(k, to)| {
                    let named = msg!(
                        "ui.home.move_named",
                        what = Msg::new(k),
                        players = players.as_str()
                    );
                    (tr(lang, k), named.render(lang), *to)
                })
                .collect();
            out.push(Row::Session {
                path: l.path.clone(),
                text,
                moves,
            });
        }
        if out.len() == before {
            out.push(Row::None(tr(lang, "ui.home.none")));
        }
    }
}

/// Files that need a look: damaged, or from a newer Marque.
fn problem_rows(listed: &[Listed], lang: Lang, out: &mut Vec<Row>) {
    let mut heading = false;
    for l in listed {
        let name = file_name(&l.path);
        let row = match &l.state {
            FileState::Fine(_) => continue,
            FileState::Damaged(p) => Row::Damaged {
                path: l.path.clone(),
                title: msg!("ui.home.damaged", file = name.as_str()).render(lang),
                why: super::notice::render_problems(p, lang, None),
                button: msg!("ui.home.move_aside", file = name.as_str()).render(lang),
            },
            FileState::Newer(v) => Row::Newer {
                path: l.path.clone(),
                version: *v,
                title: msg!("ui.home.newer", file = name.as_str(), version = *v).render(lang),
                button: msg!("ui.home.open_newer", file = name.as_str()).render(lang),
            },
        };
        if !heading {
            out.push(Row::Heading(tr(lang, "ui.home.problems")));
            heading = true;
        }
        out.push(row);
    }
}

/// Each session moved away keeps its place (in the order they were moved: each index was
/// taken on the list as it was then).
fn moved_rows(moved: &[Moved], lang: Lang, out: &mut Vec<Row>) {
    for (i, m) in moved.iter().enumerate() {
        let where_key = match m.to {
            Shelf::Sessions => "ui.home.moved.sessions",
            Shelf::Archive => "ui.home.moved.archive",
            Shelf::Trash => "ui.home.moved.trash",
        };
        let row = Row::Moved {
            i,
            text: msg!(where_key, players = m.players.as_str()).render(lang),
            button: (
                tr(lang, "ui.home.moved.undo_key"),
                msg!("ui.home.moved.undo", players = m.players.as_str()).render(lang),
            ),
        };
        out.insert(m.index.min(out.len()), row);
    }
}

/// What the home screen is handed: the language, the data folder, whether work over the
/// folder is under way (its keys are off meanwhile), its own state, and where its commands go.
pub struct Ctx<'a> {
    pub lang: Lang,
    pub folder: &'a std::path::Path,
    pub busy: bool,
    pub state: &'a mut HomeState,
    pub commands: &'a mut Vec<Command>,
}

pub fn show(ui: &mut egui::Ui, mut app: Ctx<'_>) {
    let lang = app.lang;
    let mut commands = Vec::new();
    files_ui(&mut app, ui, lang, &mut commands);
    evenings_ui(&app, ui, lang, &mut commands);
    // No session at all yet (not one filtered out): what Marque is, and a way in; no filters.
    let empty = app.state.generation > 0
        && !app.state.is_loading()
        && app.state.listed.is_empty()
        && app.state.shelf == Shelf::Sessions;
    if empty {
        super::welcome::welcome_ui(app.folder, ui, lang, &mut commands);
    } else {
        filters_ui(&mut app, ui, lang, &mut commands);
        list_ui(&mut app, ui, lang, &mut commands);
    }
    app.commands.extend(commands);
}

/// The evenings of several tables kept in the folder, each a key to its screen.
fn evenings_ui(app: &Ctx<'_>, ui: &mut egui::Ui, lang: Lang, commands: &mut Vec<Command>) {
    ui.horizontal_wrapped(|ui| {
        if ui.button(tr(lang, "ui.home.new_evening")).clicked() {
            commands.push(Command::Named(Named::NewEvening));
        }
        if !app.state.evenings.is_empty() {
            ui.label(RichText::new(tr(lang, "ui.home.evenings")).strong());
        }
        for (path, title) in &app.state.evenings {
            if ui.button(title).clicked() {
                commands.push(Command::Evenings(Evenings::Open(path.clone())));
            }
        }
    });
    ui.separator();
}

/// Files: import, backup, restore, at the foot; the list takes all the room above it.
fn files_ui(app: &mut Ctx<'_>, ui: &mut egui::Ui, lang: Lang, commands: &mut Vec<Command>) {
    let busy = app.busy;
    egui::Panel::bottom("home-files").show(ui, |ui| {
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(tr(lang, "ui.home.import")).strong());
            let l = ui.label(tr(lang, "ui.home.import_path"));
            ui.text_edit_singleline(&mut app.state.import_path)
                .labelled_by(l.id);
            let path = PathBuf::from(app.state.import_path.trim());
            // While a dialog is open or the folder's work goes on, these wait (greyed).
            let free = !busy;
            if ui
                .add_enabled(free, egui::Button::new(tr(lang, "ui.home.import_button")))
                .clicked()
            {
                commands.push(Command::Files(Files::Import(path.clone())));
            }
            // The whole folder to one file and back: nothing is ever written over.
            if ui
                .add_enabled(free, egui::Button::new(tr(lang, "ui.home.backup")))
                .clicked()
            {
                commands.push(Command::Files(Files::Backup(path.clone())));
            }
            if ui
                .add_enabled(free, egui::Button::new(tr(lang, "ui.home.restore")))
                .clicked()
            {
                commands.push(Command::Files(Files::RestoreBackup(path)));
            }
        });
        ui.label(
            RichText::new(
                msg!("ui.home.folder", path = app.folder.display().to_string()).render(lang),
            )
            .weak(),
        );
    });
}

/// The new-game key and the filters: which shelf, whose sessions, which game, when, how far.
fn filters_ui(app: &mut Ctx<'_>, ui: &mut egui::Ui, lang: Lang, commands: &mut Vec<Command>) {
    // The new-game key and the filters: at most a share of the room, scrolling within it, so
    // that the list always has the rest (large text in a small window).
    let room = ui.available_height();
    egui::ScrollArea::vertical()
        .id_salt("home-filters")
        .max_height(room * 0.45)
        .min_scrolled_height((room * 0.45).min(64.0))
        .auto_shrink([false, true])
        .show(ui, |ui| {
            if ui
                .button(RichText::new(tr(lang, "ui.home.new")).heading())
                .clicked()
            {
                commands.push(Command::Named(Named::NewSession));
            }
            ui.add_space(8.0);
            // Which shelf, whose sessions, which game.
            ui.horizontal_wrapped(|ui| {
                for (shelf, key) in [
                    (Shelf::Sessions, "ui.home.shelf.sessions"),
                    (Shelf::Archive, "ui.home.shelf.archive"),
                    (Shelf::Trash, "ui.home.shelf.trash"),
                ] {
                    if ui
                        .selectable_label(app.state.shelf == shelf, tr(lang, key))
                        .clicked()
                        && app.state.shelf != shelf
                    {
                        commands.push(Command::Files(Files::HomeShelf(shelf)));
                    }
                }
                ui.separator();
                let l = ui.label(tr(lang, "ui.home.search"));
                ui.add(egui::TextEdit::singleline(&mut app.state.query).desired_width(160.0))
                    .labelled_by(l.id);
                if ui
                    .selectable_label(app.state.game.is_none(), tr(lang, "ui.home.all_games"))
                    .clicked()
                {
                    app.state.game = None;
                }
                for g in GameKind::ALL {
                    if ui
                        .selectable_label(app.state.game == Some(g), tr(lang, g.name_key()))
                        .clicked()
                    {
                        app.state.game = Some(g);
                    }
                }
            });
            // When: the last week, month, year, or any time.
            ui.horizontal_wrapped(|ui| {
                for (days, key) in [
                    (None, "ui.home.any_time"),
                    (Some(7), "ui.home.week"),
                    (Some(31), "ui.home.month"),
                    (Some(365), "ui.home.year"),
                ] {
                    if ui
                        .selectable_label(app.state.within_days == days, tr(lang, key))
                        .clicked()
                    {
                        app.state.within_days = days;
                    }
                }
                ui.separator();
                for (progress, key) in [
                    (None, "ui.home.any_state"),
                    (Some(Progress::InProgress), "ui.home.in_progress"),
                    (Some(Progress::Finished), "ui.home.state.finished"),
                    (Some(Progress::Stopped), "ui.home.state.stopped"),
                ] {
                    if ui
                        .selectable_label(app.state.progress == progress, tr(lang, key))
                        .clicked()
                    {
                        app.state.progress = progress;
                    }
                }
                ui.separator();
                // Or between two days (last: the least used, where a small window cuts the filters).
                for (key, text) in [
                    ("ui.home.from", &mut app.state.from),
                    ("ui.home.to", &mut app.state.to),
                ] {
                    let l = ui.label(tr(lang, key));
                    ui.add(
                        egui::TextEdit::singleline(text)
                            .hint_text(tr(lang, "ui.home.day_hint"))
                            .desired_width(110.0),
                    )
                    .labelled_by(l.id);
                }
            });
            // A day that does not read is named, with what to write; it bounds nothing meanwhile.
            let bad: Vec<&str> = [app.state.from.as_str(), app.state.to.as_str()]
                .into_iter()
                .filter(|t| read_day(t).is_err())
                .collect();
            for text in &bad {
                let m = msg!("ui.home.bad_date", text = text.trim());
                ui.label(RichText::new(m.render(lang)).color(ui.visuals().error_fg_color));
            }
        });
}

/// The sessions the filters keep, a row each, only the rows on screen laid out.
fn list_ui(app: &mut Ctx<'_>, ui: &mut egui::Ui, lang: Lang, commands: &mut Vec<Command>) {
    let key = RowsKey {
        range: (
            read_day(&app.state.from).ok().flatten(),
            read_day(&app.state.to).ok().flatten(),
        ),
        lang,
        shelf: app.state.shelf,
        query: app.state.query.clone(),
        game: app.state.game,
        within_days: app.state.within_days,
        progress: app.state.progress,
    };
    if app.state.rows.as_ref().is_none_or(|(_, k)| *k != key) {
        if app.state.rows.as_ref().is_some_and(|(_, k)| *k != key) {
            // Other filters: another list, where the rows moved away have no place.
            app.state.moved.clear();
        }
        app.state.rows = Some((rows(&app.state.listed, &key, &app.state.moved), key));
    }
    ui.add_space(4.0);
    // Only before the first listing: a listing made again (a file changed elsewhere) keeps the
    // rows where they are until the new one comes, never pushing them under a finger.
    if app.state.is_loading() && app.state.generation == 0 {
        ui.label(RichText::new(tr(lang, "ui.home.loading")).weak());
    }
    let row_height =
        ui.text_style_height(&egui::TextStyle::Heading) + 2.0 * ui.spacing().button_padding.y;
    let rows = app
        .state
        .rows
        .as_ref()
        .map(|(r, _)| r.as_slice())
        .unwrap_or(&[]);
    // A list of other filters is another list: it starts at its top.
    let list_id = {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        (
            app.state.shelf as u8,
            &app.state.query,
            app.state.game,
            app.state.within_days,
            (&app.state.from, &app.state.to),
        )
            .hash(&mut h);
        app.state.progress.map(|p| p as u8).hash(&mut h);
        h.finish()
    };
    egui::ScrollArea::vertical()
        .id_salt(("home-rows", list_id))
        .max_height(ui.available_height().max(0.0))
        // Never taller than the room left (egui's least is 64 points): with a notice at the
        // foot and large text, the rows would be drawn over the files panel.
        .min_scrolled_height(ui.available_height().max(0.0))
        .auto_shrink([false, true])
        .show_rows(ui, row_height, rows.len(), |ui, range| {
            for row in &rows[range] {
                ui.horizontal(|ui| {
                    ui.set_height(row_height);
                    match row {
                        Row::Heading(t) => {
                            ui.heading(t);
                        }
                        Row::None(t) => {
                            ui.label(RichText::new(t).weak());
                        }
                        Row::Session { path, text, moves } => {
                            // Its moves first, small and always in the same place; then one
                            // button for the row: the whole rest is the target, and one text
                            // to lay out (a long list stays cheap to draw).
                            for (shown, named, to) in moves {
                                let b = ui.small_button(shown);
                                b.widget_info(|| {
                                    egui::WidgetInfo::labeled(egui::Role::Button, true, named)
                                });
                                if b.clicked() {
                                    commands.push(Command::Files(Files::Shelve(path.clone(), *to)));
                                }
                            }
                            if ui.add(egui::Button::new(text).truncate()).clicked() {
                                commands.push(Command::Files(Files::Open(path.clone())));
                            }
                        }
                        Row::Damaged {
                            path,
                            title,
                            why,
                            button,
                        } => {
                            ui.label(RichText::new(title).strong());
                            if ui.button(button).clicked() {
                                commands.push(Command::Files(Files::MoveAside(path.clone())));
                            }
                            ui.add(egui::Label::new(why).truncate());
                        }
                        Row::Moved { i, text, button } => {
                            // The text where the row's keys were, the key to undo after it.
                            ui.label(RichText::new(text).italics());
                            let (shown, named) = button;
                            let b = ui.small_button(shown);
                            b.widget_info(|| {
                                egui::WidgetInfo::labeled(egui::Role::Button, true, named)
                            });
                            if b.clicked() {
                                commands.push(Command::Files(Files::Unshelve(*i)));
                            }
                        }
                        Row::Conflict {
                            path,
                            title,
                            button,
                        } => {
                            ui.label(RichText::new(title).strong());
                            if ui.button(button).clicked() {
                                commands.push(Command::Files(Files::MergeCopies(
                                    path.clone(),
                                    Vec::new(),
                                )));
                            }
                        }
                        Row::Newer {
                            path,
                            version,
                            title,
                            button,
                        } => {
                            ui.label(RichText::new(title).strong());
                            if ui.button(button).clicked() {
                                commands
                                    .push(Command::Files(Files::OpenNewer(path.clone(), *version)));
                            }
                        }
                    }
                });
            }
        });
}

/// The conflict copies of the session at `path`, as the last listing found them.
pub(super) fn listed_copies(home: &HomeState, path: &std::path::Path) -> usize {
    let (listed, _) = home.listing();
    listed
        .iter()
        .find(|l| l.path == path)
        .map_or(0, |l| l.copies.len())
}
