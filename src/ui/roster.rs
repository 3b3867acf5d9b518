//! The shell's part of the players' names: the players' screen, and the names the statistics
//! count as one person (kept in the preferences, shared by the machines; no session is
//! rewritten).

use super::app::{App, Screen};
use marque_core::i18n::msg;
use marque_store::people;

impl App {
    /// The roster of players.
    pub(super) fn show_players(&mut self) {
        // The roster reads the sessions themselves, not the archive or the trash, as they are
        // now (a game may have been played since the last listing).
        // A listing of the sessions already under way (the window just opened) is that.
        let sessions = marque_store::Shelf::Sessions;
        if self.home.shelf != sessions || !self.home.is_loading() {
            self.home.shelf = sessions;
            self.home.refresh(&self.store);
        }
        self.screen = Screen::Players;
    }

    pub(super) fn merge_players(&mut self, name: String, into: String) {
        let change = people::Change::Merge {
            name: name.clone(),
            into: into.clone(),
        };
        if self.change_people(&change) {
            self.notice = Some(msg!("ui.players.merged_notice", name = name, into = into).into());
        }
    }

    pub(super) fn split_player(&mut self, name: String) {
        if self.change_people(&people::Change::Split(name.clone())) {
            self.notice = Some(msg!("ui.players.split_notice", name = name).into());
        }
    }

    /// The folder's names as they now are: kept in the preferences, and who is who for the
    /// open session's forms (the one place both are set).
    pub(super) fn set_people(&mut self, names: people::People) {
        self.prefs.people = names;
        let people = self.prefs.people();
        if let Some(o) = self.open.as_mut() {
            o.doc.know_people(people.clone());
            o.view.people = people;
        }
    }

    /// Changes the club's names in their shared file (read again first: only this change is
    /// written over what is there); the table is told if it could not be (false), and of
    /// copies of the file that do not read (left where they are).
    pub(super) fn change_people(&mut self, change: &people::Change) -> bool {
        match people::People::change(&self.store, change) {
            Ok(read) => {
                self.set_people(read.people);
                if let Some(first) = read.unreadable.first() {
                    let m = msg!(
                        "ui.people.unreadable_copy",
                        file = marque_store::shown_name(first),
                        n = read.unreadable.len()
                    );
                    self.notice = Some(m.into());
                }
                true
            }
            Err(e @ people::PeopleError::Damaged(_)) => {
                self.notice = Some(e.msg().into());
                false
            }
            Err(people::PeopleError::Store(e)) => {
                self.notice = Some(
                    msg!(
                        "ui.prefs.not_saved",
                        error = super::notice::store_error(&e, self.lang())
                    )
                    .into(),
                );
                false
            }
        }
    }
}
