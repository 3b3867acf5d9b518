//! What can be done in the window, as data: every [`Command`] a screen, a key or a menu asks
//! for, and the named ones with their label and keys. A leaf: it imports nothing of the window,
//! and every screen may import it. The shell carries the commands out (`commands.rs`).

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
/// document and emit commands; `App::run_commands` carries them out after the frame is drawn.
#[derive(Debug, Clone)]
pub enum Command {
    Home,
    NewSession,
    Rules {
        game: GameKind,
        focus: Option<String>,
    },
    BackToSession,
    /// The players' screen: the roster, per game, and two players' sessions together.
    Players,
    /// Statistics count the first name as the same person as the second (kept in the
    /// preferences; no session is rewritten).
    MergePlayers(String, String),
    /// A name merged by hand counts as its own person again.
    SplitPlayer(String),
    Open(PathBuf),
    OpenNewer(PathBuf, u64),
    /// An evening of several tables, by its evening file: its screen.
    OpenEvening(PathBuf),
    /// The evening shown as a printable PDF: a file asked for, then written there.
    EveningPdf,
    /// A table's file of an evening: a bridge table's screen, or a Tarot table's session.
    OpenTable(PathBuf),
    /// A board of the open table entered, corrected, deleted or put back.
    TableEntry(marque_store::TableOp),
    /// "Nouvelle soirée": the form that sets an evening up.
    NewEvening,
    /// The evening "Nouvelle soirée" set up (its title, who plays), written into a folder of
    /// its own, then shown.
    CreateEvening(String, marque_core::club::Asked),
    Create(Box<Session>),
    /// The hand of the form: added, or in place of the hand being edited.
    Confirm(GameHand),
    Delete(usize),
    Undo,
    Redo,
    Restore(Change),
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
    /// The phone paired under this token reads and answers nothing more.
    RevokePhone(String),
    /// The room's pages given at this machine's address on this network.
    ShareNetwork(std::net::IpAddr),
    /// Show or hide the chart of the running totals.
    ToggleChart,
    /// Bridge: the chart of this rubber (`usize::MAX`: of the whole evening).
    ChartPart(usize),
    /// The session's title and note, as typed, saved.
    SetTitle,
    /// The other side's word on hand `i`: agreed, or not.
    Word(usize, bool),
    /// The options tried in "what if" become the session's, for every hand (logged).
    ApplyOptions,
    Export,
    /// The open session as a printable PDF, to the path typed.
    ExportPdf,
    Select(usize),
    /// What if this option had another value (for the count of a hand, nothing is saved);
    /// `None` goes back to the session's own options.
    WhatIf(Option<(String, serde_json::Value)>),
    Edit(usize),
    CancelEdit,
    /// The form enters this table event (None: a hand).
    Table(Option<marque_core::games::table::EventKind>),
    ToggleLog,
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
    MoveAside(PathBuf),
    ToggleLang,
    ToggleTheme,
    ZoomIn,
    ZoomOut,
    DismissNotice,
    /// Files of the data folder changed elsewhere (another machine, another program); `people`:
    /// the names shared by the machines too.
    DiskChanged {
        people: bool,
    },
    /// Merge the conflict copies another machine left of this session, with these choices
    /// (one version per choice, in order; none yet: the choices are asked).
    MergeCopies(PathBuf, Vec<usize>),
    /// The choices of a merge are put off: nothing is written.
    CancelMerge,
    /// The guided tour: a practice session opened, its first step shown.
    StartTour,
    /// The tour's next step.
    TourStep(usize),
    /// The tour ends; its practice session goes to the trash.
    EndTour,
}

/// The commands that have a name, a button and a key: the one list the top bar, the session
/// screen and the keyboard read.
/// Makes a command without arguments.
pub type MakeCommand = fn() -> Command;

pub struct Named {
    pub command: MakeCommand,
    /// The key of the button's text.
    pub label: &'static str,
    pub keys: &'static [KeyboardShortcut],
}

pub const UNDO: Named = Named {
    command: || Command::Undo,
    label: "ui.undo",
    keys: &[KeyboardShortcut::new(Modifiers::COMMAND, Key::Z)],
};
pub const REDO: Named = Named {
    command: || Command::Redo,
    label: "ui.redo",
    keys: &[
        KeyboardShortcut::new(Modifiers::COMMAND, Key::Y),
        KeyboardShortcut::new(Modifiers::COMMAND.plus(Modifiers::SHIFT), Key::Z),
    ],
};
pub const ZOOM_IN: Named = Named {
    command: || Command::ZoomIn,
    label: "ui.zoom_in",
    keys: &[],
};
pub const ZOOM_OUT: Named = Named {
    command: || Command::ZoomOut,
    label: "ui.zoom_out",
    keys: &[],
};
/// Every named command, for the keyboard.
pub const NAMED: [&Named; 4] = [&UNDO, &REDO, &ZOOM_IN, &ZOOM_OUT];

impl Command {
    /// A tap after which other keys come where the finger is (a row archived, the next rubber,
    /// the share panel opening at the window's left): the second tap of a double tap is let go.
    pub fn moves_keys(&self) -> bool {
        matches!(
            self,
            Command::NextPart
                | Command::MergePlayers(..)
                | Command::SplitPlayer(_)
                | Command::Shelve(..)
                | Command::Unshelve(_)
                | Command::CloseSession
                | Command::Reopen
                | Command::TableEntry(_)
                | Command::ToggleSharing
        )
    }
}
