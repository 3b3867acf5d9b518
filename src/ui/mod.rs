//! The desktop app. State lives in [`App`]; each screen is a module that draws it and turns
//! clicks into changes. Widgets read the score sheet; they never score.

mod command;
mod commands;
mod dialogs;
mod forms;
mod home;
mod new_session;
mod notice;
mod open;
mod players;
mod prefs;
mod ratings;
mod rules;
pub mod scoreboard;
mod share;
mod sheet;
mod sync;
mod watch;
mod welcome;
mod widgets;

use std::path::PathBuf;

use egui::KeyboardShortcut;

use marque_core::games::GameKind;
use marque_core::i18n::{Lang, tr};
use marque_store::Store;

use command::MakeCommand;
use dialogs::AskFile;

pub use command::{Command, FileFor, NAMED, Named, REDO, UNDO, ZOOM_IN, ZOOM_OUT};
pub use dialogs::native_file_dialog;
pub use forms::Form;
pub use marque_core::games::{OptDesc, OptKind};
pub use new_session::options_of;
pub use notice::{Notice, render_problems};
pub use open::Open;
pub use prefs::{Prefs, ZOOM_MAX, ZOOM_MIN};
pub use rules::rule_ids;
pub use sheet::{chart_points, rubbers_of};

/// Which screen is shown.
#[derive(Debug, Clone, PartialEq)]
pub enum Screen {
    Home,
    New(Box<new_session::NewSession>),
    Session,
    Rules {
        game: GameKind,
        focus: Option<String>,
    },
    Players,
}

pub struct App {
    pub store: Store,
    pub prefs: Prefs,
    pub screen: Screen,
    pub open: Option<Open>,
    /// A message shown on top until dismissed (moved a file aside, imported…).
    pub notice: Option<Notice>,
    /// The scoreboard window is shown (while a session is open).
    pub scoreboard: bool,
    /// The room's pages, while the players share them (off at start).
    pub sharing: Option<share::Shared>,
    /// Work over the whole folder under way on another thread, and where its outcome comes.
    job: Option<std::sync::mpsc::Receiver<dialogs::JobDone>>,
    /// A file dialog open, what for, and the session it was opened on (an export is of it).
    dialog: Option<(
        FileFor,
        Option<PathBuf>,
        std::sync::mpsc::Receiver<Option<PathBuf>>,
    )>,
    /// How a file is asked for: the native dialog (tests put their own).
    pub ask_file: AskFile,
    pub home: home::HomeState,
    pub rules: rules::RulesState,
    pub players: players::PlayersState,
    /// The data folder watched for changes made elsewhere (another machine, another program).
    watch: watch::Watch,
    /// A merge of conflict copies waiting for the table's choices.
    pub merging: Option<sync::MergeDialog>,
    /// The guided tour's step (from 1), while it is on.
    pub tour: Option<usize>,
    /// First run: the theme follows the desktop's once it is known.
    theme_from_desktop: bool,
    prefs_applied: Option<Prefs>,
    /// No preferences yet: the first frame that knows the screen's size sets the text size
    /// from it (larger on a large screen, to be read across the table).
    zoom_from_screen: bool,
    commands: Vec<Command>,
    /// A tap changed the layout under the pointer: until this time (the input's clock), presses
    /// are let go, so that the second tap of a double tap lands on nothing new.
    guard_until: Option<f64>,
    /// The input's clock at the last frame.
    now: f64,
    /// A press was let go by the guard: its release is too.
    press_let_go: bool,
}

/// How long presses are let go after a tap that changes the layout under the pointer: longer
/// than the gap between the two taps of a double tap, shorter than a deliberate next tap.
pub const TAP_GUARD_SECONDS: f64 = 0.4;

impl App {
    /// The app on a data folder (the user's, or a test's temporary one).
    pub fn new(dir: impl Into<PathBuf>) -> App {
        crate::local::init_texts();
        let store = Store::new(dir);
        let (prefs, prefs_notice) = Prefs::load(&store);
        let first_run = prefs_notice == Some(prefs::Found::FirstRun);
        let notice = prefs_notice
            .and_then(prefs::Found::notice)
            .map(Notice::from);
        let mut home = home::HomeState::default();
        home.refresh(&store);
        let watch = watch::Watch::new(&store.dir);
        App {
            store,
            prefs,
            screen: Screen::Home,
            open: None,
            notice,
            scoreboard: false,
            sharing: None,
            job: None,
            dialog: None,
            ask_file: native_file_dialog,
            home,
            rules: rules::RulesState::default(),
            players: players::PlayersState::default(),
            watch,
            merging: None,
            tour: None,
            theme_from_desktop: first_run,
            prefs_applied: None,
            zoom_from_screen: first_run,
            commands: Vec::new(),
            guard_until: None,
            now: 0.0,
            press_let_go: false,
        }
    }

    /// The app as the command line starts it: on a data folder, and on a session file when
    /// one is given (`marque FILE`, `marque open FILE`, a file opened from the file manager).
    pub fn starting(dir: impl Into<PathBuf>, file: Option<&std::path::Path>) -> App {
        let mut app = App::new(dir);
        if let Some(f) = file {
            app.open_path(f);
        }
        app
    }

    pub fn lang(&self) -> Lang {
        self.prefs.lang
    }

    pub fn t(&self, key: &str) -> String {
        tr(self.prefs.lang, key)
    }

    /// Asks for a change; it is made after the frame is drawn.
    pub fn send(&mut self, c: Command) {
        self.commands.push(c);
    }

    /// A button for a named command.
    pub fn named_button(&mut self, ui: &mut egui::Ui, named: &Named, enabled: bool) {
        let mut b = ui.add_enabled(enabled, egui::Button::new(self.t(named.label)));
        if let Some(k) = named.keys.first() {
            b = b.on_hover_text(ui.ctx().format_shortcut(k));
        }
        if b.clicked() {
            self.send((named.command)());
        }
    }

    /// Draws the whole app, then carries out what was asked.
    pub fn show(&mut self, ui: &mut egui::Ui) {
        self.now = ui.ctx().input(|i| i.time);
        self.apply_prefs(ui.ctx());
        self.shortcuts(ui.ctx());
        self.home.poll(ui.ctx());
        self.poll_job(Some(ui.ctx()));
        if let Some(changed) = self.watch.changed(ui.ctx()) {
            self.send(Command::DiskChanged {
                people: changed.people,
            });
        }
        // A session file dropped on the window is imported (its own file in the data folder).
        let dropped: Vec<PathBuf> = ui.ctx().input(|i| {
            i.raw
                .dropped_files
                .iter()
                .map(|f| f.path().to_path_buf())
                .filter(|p| !p.as_os_str().is_empty())
                .collect()
        });
        for path in dropped {
            self.send(Command::Import(path));
        }
        self.follow_tour();
        egui::Panel::top("top").show(ui, |ui| self.top_bar(ui));
        if let Some(step) = self.tour.filter(|_| self.screen == Screen::Session) {
            let game = self.open.as_ref().map(|o| o.doc.session().game);
            welcome::tour_ui(ui, self.prefs.lang, step, game, &mut self.commands);
        }
        self.notice_bar(ui);
        egui::CentralPanel::default().show(ui, |ui| match self.screen.clone() {
            Screen::Home => {
                let cx = home::Ctx {
                    lang: self.prefs.lang,
                    folder: &self.store.dir,
                    busy: self.is_busy(),
                    state: &mut self.home,
                    commands: &mut self.commands,
                };
                home::show(ui, cx);
            }
            Screen::New(_) => {
                let people = self.prefs.people();
                if let Screen::New(ns) = &mut self.screen {
                    new_session::show(ui, self.prefs.lang, &people, ns, &mut self.commands);
                }
            }
            Screen::Session => {
                let copies = self
                    .open
                    .as_ref()
                    .map_or(0, |o| home::listed_copies(&self.home, o.doc.path()));
                let cx = sheet::Ctx {
                    lang: self.prefs.lang,
                    open: self.open.as_mut(),
                    scoreboard: (self.scoreboard, self.sharing.is_some()),
                    copies,
                    commands: &mut self.commands,
                };
                sheet::show(ui, cx);
            }
            Screen::Rules { game, focus } => {
                let cx = rules::Ctx {
                    lang: self.prefs.lang,
                    in_session: self.open.is_some(),
                    state: &mut self.rules,
                    commands: &mut self.commands,
                };
                rules::show(ui, cx, game, focus);
            }
            Screen::Players => {
                let cx = players::Ctx {
                    lang: self.prefs.lang,
                    prefs: &self.prefs,
                    listed: self.home.counted(),
                    state: &mut self.players,
                    commands: &mut self.commands,
                };
                players::show(ui, cx);
            }
        });
        let lang = self.prefs.lang;
        let board = self.open.as_ref().filter(|_| self.scoreboard);
        let sharing = self.sharing.is_some();
        scoreboard::show(ui.ctx(), lang, board, sharing, &mut self.commands);
        if let Some(shared) = &self.sharing {
            share::window(ui.ctx(), lang, shared);
        }
        if let Some(dialog) = self.merging.as_mut() {
            sync::merge_dialog_ui(ui.ctx(), lang, dialog, &mut self.commands);
        }
        let zoom = ui.ctx().zoom_factor();
        if (zoom - self.prefs.zoom).abs() > 0.001 {
            self.change_prefs(|p| p.zoom = zoom.clamp(ZOOM_MIN, ZOOM_MAX));
            self.prefs_applied = Some(self.prefs.clone());
        }
        // A change that came from the disk is carried out after this frame was drawn, with no
        // input behind it to bring the next one: one more frame shows it.
        if self
            .commands
            .iter()
            .any(|c| matches!(c, Command::DiskChanged { .. }))
        {
            ui.ctx().request_repaint();
        }
        self.run_commands();
    }

    /// The notice bar at the window's foot: always there and always as tall (two lines), so
    /// that a notice coming or going moves no key. A longer notice is cut at two lines, whole
    /// on hover and for screen readers. Rendered every frame: it follows a change of language.
    fn notice_bar(&mut self, ui: &mut egui::Ui) {
        let text = self.notice.as_ref().map(|n| n.render(self.lang()));
        let line = ui.text_style_height(&egui::TextStyle::Body);
        let s = ui.spacing();
        let key = s
            .interact_size
            .y
            .max(ui.text_style_height(&egui::TextStyle::Button) + 2.0 * s.button_padding.y);
        let height = (2.0 * line + 4.0).max(key) + 2.0 * s.item_spacing.y;
        let ok = self.t("ui.ok");
        let mut dismiss = false;
        egui::Panel::bottom("notice")
            .exact_size(height)
            .resizable(false)
            .show(ui, |ui| {
                let Some(text) = text else {
                    return;
                };
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    dismiss = ui.button(ok).clicked();
                    let mut job = egui::text::LayoutJob::simple(
                        text.clone(),
                        egui::TextStyle::Body.resolve(ui.style()),
                        ui.visuals().text_color(),
                        ui.available_width(),
                    );
                    job.wrap.max_rows = 2;
                    job.halign = egui::Align::LEFT;
                    ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
                        ui.add(egui::Label::new(job))
                            .on_hover_text(&text)
                            .widget_info(|| {
                                egui::WidgetInfo::labeled(egui::Role::Label, true, &text)
                            });
                    });
                });
            });
        if dismiss {
            self.send(Command::DismissNotice);
        }
    }

    fn apply_prefs(&mut self, ctx: &egui::Context) {
        // First run: dark or light as the desktop is (once; the table's choice is kept after).
        if self.theme_from_desktop
            && let Some(theme) = ctx.system_theme()
        {
            self.theme_from_desktop = false;
            self.prefs.dark = theme == egui::Theme::Dark;
        }
        if self.zoom_from_screen
            && let Some(screen) = ctx.input(|i| i.viewport().monitor_size)
        {
            self.zoom_from_screen = false;
            // 1 on a 600-pixel-high screen, 1.5 on 1080, 2 from 1440.
            self.prefs.zoom = (screen.y / 720.0).clamp(1.0, 2.0).clamp(ZOOM_MIN, ZOOM_MAX);
        }
        if self.prefs_applied.as_ref() == Some(&self.prefs) {
            return;
        }
        if self.prefs_applied.is_none() {
            install_fonts(ctx);
            // Scroll bars take their own room: a floating bar would lie over a row's last key.
            ctx.all_styles_mut(|s| s.spacing.scroll = egui::style::ScrollStyle::solid());
        }
        ctx.set_theme(if self.prefs.dark {
            egui::Theme::Dark
        } else {
            egui::Theme::Light
        });
        ctx.set_zoom_factor(self.prefs.zoom);
        self.prefs_applied = Some(self.prefs.clone());
    }

    fn top_bar(&mut self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            ui.heading("Marque");
            // The same three keys on every screen, in the same places (the current one marked):
            // a second tap never lands on another screen's key.
            let here = (
                self.screen == Screen::Home,
                matches!(self.screen, Screen::Rules { .. }),
                self.screen == Screen::Players,
            );
            if ui
                .add(egui::Button::new(self.t("ui.home")).selected(here.0))
                .clicked()
            {
                self.send(Command::Home);
            }
            if ui
                .add(egui::Button::new(self.t("ui.rules")).selected(here.1))
                .clicked()
                && !here.1
            {
                let game = self
                    .open
                    .as_ref()
                    .map(|o| o.doc.session().game)
                    .unwrap_or(GameKind::ALL[0]);
                self.send(Command::Rules { game, focus: None });
            }
            if ui
                .add(egui::Button::new(self.t("ui.players")).selected(here.2))
                .clicked()
            {
                self.send(Command::Players);
            }
            // Right to left: the text-size keys at the very edge, so that a tap that resizes
            // everything leaves them (nearly) where they were, and a label that changes width
            // (the theme's, the language's) has nothing to its right to push.
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                for (text, named) in [("A+", &ZOOM_IN), ("A−", &ZOOM_OUT)] {
                    if ui.button(text).on_hover_text(self.t(named.label)).clicked() {
                        self.send((named.command)());
                    }
                }
                let theme = if self.prefs.dark {
                    self.t("ui.light")
                } else {
                    self.t("ui.dark")
                };
                if ui.button(theme).clicked() {
                    self.send(Command::ToggleTheme);
                }
                let lang_label = if self.prefs.lang == Lang::Fr {
                    "English"
                } else {
                    "Français"
                };
                if ui.button(lang_label).clicked() {
                    self.send(Command::ToggleLang);
                }
            });
        });
    }

    fn shortcuts(&mut self, ctx: &egui::Context) {
        if self.screen != Screen::Session {
            return;
        }
        // The longer shortcuts first: Ctrl+Shift+Z is redo, not undo.
        let mut all: Vec<(&KeyboardShortcut, MakeCommand)> = NAMED
            .iter()
            .flat_map(|n| n.keys.iter().map(move |k| (k, n.command)))
            .collect();
        all.sort_by_key(|(k, _)| std::cmp::Reverse(k.modifiers.shift));
        let pressed: Vec<MakeCommand> = ctx.input_mut(|i| {
            all.iter()
                .filter(|(k, _)| i.consume_shortcut(k))
                .map(|(_, c)| *c)
                .collect()
        });
        for c in pressed {
            self.send(c());
        }
    }

    /// Lets go the presses of a tap's second half after a tap that changed the layout under the
    /// pointer ([`TAP_GUARD_SECONDS`]); the pointer's moves and every key go through.
    pub fn guard_input(&mut self, raw: &mut egui::RawInput) {
        if let Some(until) = self.guard_until
            && raw.time.is_some_and(|t| t >= until)
        {
            self.guard_until = None;
        }
        let guarded = self.guard_until.is_some();
        let held = &mut self.press_let_go;
        raw.events.retain(|e| match e {
            // A press in the guard is let go, and so is its release, whenever it comes.
            egui::Event::PointerButton { pressed: true, .. } if guarded => {
                *held = true;
                false
            }
            egui::Event::PointerButton { pressed: false, .. } if *held => {
                *held = false;
                false
            }
            _ => true,
        });
    }

    /// Whether the data folder is watched for changes made elsewhere.
    pub fn watching(&self) -> bool {
        self.watch.watching()
    }

    /// How many follow the data folder's one watcher (the window, and the room's server while
    /// it shares).
    pub fn folder_followers(&self) -> usize {
        self.watch.watcher().subscribers()
    }

    /// The notice shown, in the app's language.
    pub fn notice_text(&self) -> Option<String> {
        self.notice.as_ref().map(|n| n.render(self.lang()))
    }
}

/// egui's own fonts have no card suits (♣ ♦ ♥ ♠): DejaVu Sans, shipped in assets/, fills in.
fn install_fonts(ctx: &egui::Context) {
    use egui::epaint::text::InsertFontFamily;
    let families = [egui::FontFamily::Proportional, egui::FontFamily::Monospace]
        .into_iter()
        .map(|family| InsertFontFamily {
            family,
            priority: egui::FontPriority::Lowest,
        })
        .collect();
    let data = egui::FontData::from_static(include_bytes!("../../assets/fonts/DejaVuSans.ttf"));
    ctx.add_font(egui::FontInsert::new("dejavu-sans", data, families));
}

/// eframe's side: the window runs [`App::show`].
pub struct EframeApp(pub App);

impl eframe::App for EframeApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.0.show(ui);
    }
    fn raw_input_hook(&mut self, _ctx: &egui::Context, raw: &mut egui::RawInput) {
        self.0.guard_input(raw);
    }
}

/// Opens the window, on the home screen or on one session file.
pub fn run(file: Option<PathBuf>) -> eframe::Result {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            // Fits a 1024×600 screen with its title bar and task bar; larger screens resize it.
            .with_inner_size([1000.0, 540.0])
            .with_min_inner_size([640.0, 420.0])
            .with_title("Marque")
            // The desktop entry's StartupWMClass: the window is the menu's Marque.
            .with_app_id("marque")
            .with_icon(std::sync::Arc::new(
                eframe::icon_data::from_png_bytes(include_bytes!(
                    "../../assets/icons/marque-128.png"
                ))
                .unwrap_or_default(),
            )),
        ..Default::default()
    };
    let app = App::starting(Store::default_dir(), file.as_deref());
    eframe::run_native(
        "Marque",
        options,
        Box::new(|_cc| Ok(Box::new(EframeApp(app)))),
    )
}
