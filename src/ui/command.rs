//! What can be done in the window, as data: every [`Command`] a screen, a key or a menu asks
//! for. The commands that carry nothing are [`Named`], each with its label and keys given by
//! one exhaustive match (rerun's `UICommand`); those that carry data are grouped by the area
//! that carries them out. A leaf: it imports nothing of the window, and every screen may
//! import it. The shell carries the commands out (`route.rs`).

use std::path::PathBuf;

use egui::{Key, KeyboardShortcut, Modifiers};

use marque_core::games::{GameHand, GameKind};
use marque_core::history::Change;
use marque_core::session::Session;

/// What a file is asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileFor {
    Import,
    Backup,
    Restore,
    Export,
    ExportPdf,
    /// The evening shown, as a PDF (its rankings, travellers and cards).
    EveningPdf,
}

/// Every change the app makes, from a button, a menu, a key or a screen: screens read the
/// document and emit commands; `App::run_commands` carries them out after the frame is drawn,
/// each area's in a function of its own.
#[derive(Debug, Clone)]
pub enum Command {
    /// A command that carries nothing: a menu's, a key's.
    Named(Named),
    /// The open session: its entries and what its screen shows of them.
    Entry(Entry),
    /// The data folder's files: opened, moved, imported, backed up, merged.
    Files(Files),
    /// An evening of several tables and its tables.
    Evenings(Evenings),
    /// The players' names, as the statistics count them.
    People(People),
    /// The room's pages and the phones paired to them.
    Share(Share),
    /// A screen of its own: the rules, the tour's step.
    Go(Go),
    /// How the window looks, as the window itself set it.
    Look(Look),
}

/// Declares [`Named`] and [`Named::ALL`] from one list: no named command is left out of the
/// keyboard's list.
macro_rules! named {
    ($($(#[$doc:meta])* $variant:ident,)*) => {
        /// The commands that carry nothing, each with its label and keys ([`Named::label`],
        /// [`Named::keys`]): the menus, the keyboard and the screens' keys read them from here.
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum Named {
            $($(#[$doc])* $variant,)*
        }

        impl Named {
            /// Every named command, for the keyboard.
            pub const ALL: &'static [Named] = &[$(Named::$variant,)*];
        }
    };
}

named! {
    Home,
    /// The rules of the open session's game (the first game's where none is open).
    Rules,
    NewSession,
    BackToSession,
    /// The players' screen: the roster, per game, and two players' sessions together.
    Players,
    /// "Nouvelle soirée": the form that sets an evening up.
    NewEvening,
    /// The evening shown as a printable PDF: a file asked for, then written there.
    EveningPdf,
    Undo,
    Redo,
    CloseSession,
    /// Ask to open a session the players closed again (a confirmation follows).
    AskReopen,
    /// Open it again: logged, and the form comes back.
    Reopen,
    CancelReopen,
    /// Bridge: the rubber is over and the table goes on with another one (the form comes back).
    NextPart,
    /// Show or close the scoreboard window for the room.
    ToggleScoreboard,
    /// The room's pages on or off ("Suivre sur les téléphones").
    ToggleSharing,
    /// Show or hide the chart of the running totals.
    ToggleChart,
    /// Show or hide the log of changes.
    ToggleLog,
    /// The session's title and note, as typed, saved.
    SetTitle,
    /// The options tried in "what if" become the session's, for every hand (logged).
    ApplyOptions,
    /// The open session as a CSV file, to the path typed.
    Export,
    /// The open session as a printable PDF, to the path typed.
    ExportPdf,
    /// The hand being edited is left as it was.
    CancelEdit,
    /// The choices of a merge are put off: nothing is written.
    CancelMerge,
    /// The guided tour: a practice session opened, its first step shown.
    StartTour,
    /// The tour ends; its practice session goes to the trash.
    EndTour,
    ToggleLang,
    ToggleTheme,
    ZoomIn,
    ZoomOut,
    DismissNotice,
}

impl Named {
    /// The key of its button's text; a key that shows or hides something (`on`: it is shown,
    /// the theme is dark) says what a tap does now. None where its screen names it in the
    /// game's own words ("Robre suivant").
    pub fn label(self, on: bool) -> Option<&'static str> {
        let either = |hide, show| Some(if on { hide } else { show });
        match self {
            Named::Home => Some("ui.home"),
            Named::Rules => Some("ui.rules"),
            Named::NewSession => Some("ui.home.new"),
            Named::BackToSession => Some("ui.rules.back"),
            Named::Players => Some("ui.players"),
            Named::NewEvening => Some("ui.home.new_evening"),
            Named::EveningPdf => Some("ui.evening.pdf"),
            Named::Undo => Some("ui.undo"),
            Named::Redo => Some("ui.redo"),
            Named::CloseSession => Some("ui.close_session"),
            Named::AskReopen => Some("ui.reopen"),
            Named::Reopen => Some("ui.reopen.yes"),
            Named::CancelReopen => Some("ui.reopen.no"),
            Named::NextPart => None,
            Named::ToggleScoreboard => either("ui.board.close", "ui.board.open"),
            Named::ToggleSharing => either("ui.share.stop", "ui.share.start"),
            Named::ToggleChart => either("ui.chart.hide", "ui.chart.show"),
            Named::ToggleLog => either("ui.log.hide", "ui.log.show"),
            Named::SetTitle => Some("ui.title.save"),
            Named::ApplyOptions => Some("ui.whatif.apply"),
            Named::Export => Some("ui.export.button"),
            Named::ExportPdf => Some("ui.export.pdf"),
            Named::CancelEdit => Some("ui.cancel_edit"),
            Named::CancelMerge => Some("ui.sync.cancel"),
            Named::StartTour => Some("ui.welcome.tour"),
            Named::EndTour => Some("ui.tour.end"),
            Named::ToggleLang => Some("ui.lang.other"),
            Named::ToggleTheme => either("ui.light", "ui.dark"),
            Named::ZoomIn => Some("ui.zoom_in"),
            Named::ZoomOut => Some("ui.zoom_out"),
            Named::DismissNotice => Some("ui.ok"),
        }
    }

    /// Its text in `lang` (`on` as for [`Named::label`]).
    pub fn text(self, lang: marque_core::i18n::Lang, on: bool) -> String {
        self.label(on)
            .map(|key| marque_core::i18n::tr(lang, key))
            .unwrap_or_default()
    }

    /// The keys that give it on the session's screen, the one its button shows first.
    pub fn keys(self) -> &'static [KeyboardShortcut] {
        match self {
            Named::Undo => UNDO_KEYS,
            Named::Redo => REDO_KEYS,
            Named::Home
            | Named::Rules
            | Named::NewSession
            | Named::BackToSession
            | Named::Players
            | Named::NewEvening
            | Named::EveningPdf
            | Named::CloseSession
            | Named::AskReopen
            | Named::Reopen
            | Named::CancelReopen
            | Named::NextPart
            | Named::ToggleScoreboard
            | Named::ToggleSharing
            | Named::ToggleChart
            | Named::ToggleLog
            | Named::SetTitle
            | Named::ApplyOptions
            | Named::Export
            | Named::ExportPdf
            | Named::CancelEdit
            | Named::CancelMerge
            | Named::StartTour
            | Named::EndTour
            | Named::ToggleLang
            | Named::ToggleTheme
            | Named::ZoomIn
            | Named::ZoomOut
            | Named::DismissNotice => &[],
        }
    }

    /// A tap after which other keys come where the finger is (the next rubber, the share
    /// panel opening at the window's left): the second tap of a double tap is let go.
    fn moves_keys(self) -> bool {
        matches!(
            self,
            Named::NextPart | Named::CloseSession | Named::Reopen | Named::ToggleSharing
        )
    }
}

const UNDO_KEYS: &[KeyboardShortcut] = &[KeyboardShortcut::new(Modifiers::COMMAND, Key::Z)];
const REDO_KEYS: &[KeyboardShortcut] = &[
    KeyboardShortcut::new(Modifiers::COMMAND, Key::Y),
    KeyboardShortcut::new(Modifiers::COMMAND.plus(Modifiers::SHIFT), Key::Z),
];

impl From<Named> for Command {
    fn from(n: Named) -> Command {
        Command::Named(n)
    }
}

/// The open session's entries, and what its screen shows of them.
#[derive(Debug, Clone)]
pub enum Entry {
    /// A new session as its form set it up, written and opened.
    Create(Box<Session>),
    /// The hand of the form: added, or in place of the hand being edited.
    Confirm(GameHand),
    Delete(usize),
    /// A change of the log put back.
    Restore(Change),
    /// The other side's word on hand `i`: agreed, or not.
    Word(usize, bool),
    /// Bridge: the chart of this rubber (`usize::MAX`: of the whole evening).
    ChartPart(usize),
    Select(usize),
    /// What if this option had another value (for the count of a hand, nothing is saved);
    /// `None` goes back to the session's own options.
    WhatIf(Option<(String, serde_json::Value)>),
    Edit(usize),
    /// The form enters this table event (None: a hand).
    Table(Option<marque_core::games::table::EventKind>),
}

/// The data folder's files.
#[derive(Debug, Clone)]
pub enum Files {
    Open(PathBuf),
    /// A newer version of a session opened in place of the one shown.
    OpenNewer(PathBuf, u64),
    Import(PathBuf),
    /// A session file to another shelf: archived, in the trash, or back among the sessions.
    Shelve(PathBuf, marque_store::Shelf),
    /// A session just moved from the list shown goes back (`home.moved[i]`).
    Unshelve(usize),
    /// The home screen lists this shelf.
    HomeShelf(marque_store::Shelf),
    /// Every session of the data folder into one backup file (never over a file).
    Backup(PathBuf),
    /// The sessions of a backup file put back (never over a session).
    RestoreBackup(PathBuf),
    /// Ask the desktop for a file for this (the native dialog); the typed path stays beside it.
    Browse(FileFor),
    /// A damaged file moved aside, out of the list.
    MoveAside(PathBuf),
    /// Files of the data folder changed elsewhere (another machine, another program); `people`:
    /// the names shared by the machines too.
    DiskChanged {
        people: bool,
    },
    /// Merge the conflict copies another machine left of this session, with these choices
    /// (one version per choice, in order; none yet: the choices are asked).
    MergeCopies(PathBuf, Vec<usize>),
}

/// An evening of several tables.
#[derive(Debug, Clone)]
pub enum Evenings {
    /// An evening, by its evening file: its screen.
    Open(PathBuf),
    /// A table's file of an evening: a bridge table's screen, or a Tarot table's session.
    OpenTable(PathBuf),
    /// A board of the open table entered, corrected, deleted or put back.
    TableEntry(marque_store::TableOp),
    /// The evening "Nouvelle soirée" set up (its title, who plays), written into a folder of
    /// its own, then shown.
    Create(String, marque_core::club::Asked),
}

/// The players' names as the statistics count them (kept in the preferences; no session is
/// rewritten).
#[derive(Debug, Clone)]
pub enum People {
    /// The first name counts as the same person as the second.
    Merge(String, String),
    /// A name merged by hand counts as its own person again.
    Split(String),
}

/// The room's pages and their phones.
#[derive(Debug, Clone)]
pub enum Share {
    /// The phone paired under this token reads and answers nothing more.
    Revoke(String),
    /// The room's pages given at this machine's address on this network.
    Network(std::net::IpAddr),
}

/// A screen of its own, or a step of one.
#[derive(Debug, Clone)]
pub enum Go {
    /// The rules of a game, at a rule where one is given.
    Rules {
        game: GameKind,
        focus: Option<String>,
    },
    /// The tour's next step.
    TourStep(usize),
}

/// How the window looks, set by the window itself.
#[derive(Debug, Clone)]
pub enum Look {
    /// The text size egui set (Ctrl and the wheel, a pinch), already shown: kept in the
    /// preferences.
    Zoomed(f32),
}

impl Command {
    /// A tap after which other keys come where the finger is (a row archived, the next rubber,
    /// the share panel opening at the window's left): the second tap of a double tap is let go.
    pub fn moves_keys(&self) -> bool {
        match self {
            Command::Named(n) => n.moves_keys(),
            Command::Files(f) => matches!(f, Files::Shelve(..) | Files::Unshelve(_)),
            Command::Evenings(e) => matches!(e, Evenings::TableEntry(_)),
            Command::People(_) => true,
            Command::Entry(_) | Command::Share(_) | Command::Go(_) | Command::Look(_) => false,
        }
    }
}
