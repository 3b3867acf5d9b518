//! What the window does about changes made elsewhere: another machine's (Syncthing), another
//! program's. The lists are made again, an open session is shown as its file now is, and the
//! conflict copies another machine left are merged on the table's word, with its choices.

use std::path::{Path, PathBuf};

use egui::RichText;

use super::command::{Command, Files, Named};
use super::notice::{Notice, store_notice};
use super::open::Open;
use super::sheet::rows;
use marque_core::i18n::msg;
use marque_core::i18n::{Lang, Msg, tr};
use marque_core::merge::Pending;
use marque_store::Merging;
use marque_store::document::Reloaded;

/// Choices a merge of conflict copies waits for, shown over the window.
pub struct MergeDialog {
    pub path: PathBuf,
    pub pending: Box<Pending>,
    /// The version chosen for each choice (None: not yet).
    pub picks: Vec<Option<usize>>,
}

/// The open session shown as its file now is.
impl Open {
    /// The open session's file changed since this window read or wrote it: it is read again and
    /// shown as it now is (every change here is saved at once: nothing of the window's is
    /// lost); undo starts afresh (its steps were of the file before).
    pub fn reload(&mut self) -> Option<Notice> {
        let open = self;
        let logged = open.doc.session().log.len();
        let notice = match open.doc.reload() {
            Ok(Reloaded::Same) => return None,
            Ok(Reloaded::Gone) => Msg::new("ui.sync.gone").into(),
            // A change this window could not save is still only here: the file is not read
            // over it (the next save settles it with the file as it then is).
            Ok(Reloaded::Unsaved) => Msg::new("ui.sync.changed_unsaved").into(),
            // Half a file (a copy under way) or a damaged one: the window keeps what it shows,
            // and says why; the next change of the file is looked at again.
            Err(e) => {
                let game = open.doc.session().game;
                return super::notice::doc_notice(e, game, None);
            }
            Ok(Reloaded::Changed { hands }) => {
                shown_anew(open, hands);
                // Only phones' words since: said as the phone's (the room's server wrote them
                // on this machine), not as another machine's change.
                if let Some(said) = phones_words(open.doc.session(), logged) {
                    return Some(said);
                }
                let key = if open.doc.read_only().is_none() {
                    "ui.sync.reloaded_writing"
                } else {
                    "ui.sync.reloaded"
                };
                Msg::new(key).into()
            }
        };
        Some(notice)
    }
}

/// What the log of `session` holds past its first `logged` entries, where it is only what
/// paired phones did (words given, hands a table's phone entered): the last one, as the
/// phone's.
fn phones_words(session: &marque_core::session::Session, logged: usize) -> Option<Notice> {
    use marque_core::history::{Action, Entry};
    let new = session.log.get(logged..).filter(|n| !n.is_empty())?;
    let phone = |raw: &marque_core::session::RawJson| {
        let e = Entry::read(raw)?;
        let word = e.new.get("phone").and_then(|p| p.as_str());
        match e.action? {
            Action::Confirm => Some((word?.to_string(), "yes")),
            Action::Dispute => Some((word?.to_string(), "no")),
            Action::Add => Some((e.phone?, "entered")),
            _ => None,
        }
    };
    let done: Option<Vec<_>> = new.iter().map(phone).collect();
    let (label, what) = done?.pop()?;
    let notice = match what {
        "entered" => msg!("ui.share.phone_entered", phone = label.as_str()),
        agreed => msg!(
            "ui.share.phone_word",
            phone = label.as_str(),
            agreed = agreed
        ),
    };
    Some(notice.into())
}

/// What a merge of conflict copies came to: choices to make (those already made on the
/// same choices kept), a refusal in words, or the merge done: the notice, and the choices to
/// show.
pub(super) fn merged(
    path: &Path,
    picks: &[usize],
    expected: Option<&[marque_core::merge::Choice]>,
    outcome: Result<Merging, marque_store::StoreError>,
) -> (Notice, Option<MergeDialog>) {
    let mut dialog = None;
    let notice = match outcome {
        Err(e) => store_notice(e),
        Ok(Merging::Choices(pending)) => {
            let n = pending.choices.len();
            // Choices made on the same choices stand (a clash found once they were made
            // comes after them); others are asked again.
            let same = expected
                .as_ref()
                .is_some_and(|e| e.len() <= n && pending.choices[..e.len()] == e[..]);
            let mut kept: Vec<Option<usize>> = if same {
                picks.iter().copied().map(Some).collect()
            } else {
                Vec::new()
            };
            kept.resize(n, None);
            dialog = Some(MergeDialog {
                path: path.to_path_buf(),
                pending,
                picks: kept,
            });
            msg!("merge.choices", n = n).into()
        }
        Ok(Merging::Refused(e, names)) => {
            let names: Vec<&str> = names.iter().map(String::as_str).collect();
            e.message(&names).into()
        }
        Ok(Merging::Merged(done)) => {
            let m = done
                .lines()
                .into_iter()
                .reduce(|all, m| msg!("list.and", a = all, b = m))
                .unwrap_or_else(|| Msg::new("merge.nothing"));
            Notice::from(m)
        }
    };
    (notice, dialog)
}

/// The open document now holds the file as it is: the sheet's rows are made again, and where
/// the hands changed, the form follows.
fn shown_anew(open: &mut Open, hands: bool) {
    open.view.rows = rows::Rows::default();
    open.view.save_error = None;
    if !hands {
        return;
    }
    open.view.selected = open
        .view
        .selected
        .filter(|&i| i < open.doc.session().hands.len());
    open.view.preview = None;
    let ended = open.doc.sheet().natural_end && !open.view.next_part;
    if open.view.editing.is_some() || ended || open.doc.read_only().is_some() {
        // The hand being edited may be elsewhere now, or the game is over: the form is made
        // again.
        open.view.editing = None;
        open.reset_form();
    } else if !seated_as_before(open) {
        // Someone came, left or took a seat: the form is made for the table as it now is.
        open.reset_form();
    } else {
        // A hand being entered stays as typed, where it is (nothing jumps under the table's
        // fingers); it now follows the hands that came.
        open.view.before = open.doc.sheet().open_game().clone();
    }
}

/// The seats playing the next hand, and who holds each, are those the form was made for.
fn seated_as_before(open: &Open) -> bool {
    let seats = open.doc.sheet().seats();
    let names = seats.current();
    let playing = seats.playing();
    playing == open.view.seats
        && playing
            .iter()
            .map(|s| &names[*s])
            .eq(open.view.players.iter())
}

/// The choices of a merge, over the window: one row per version, each choice's versions side by
/// side in the game's words; the merge key once every choice is made.
pub(super) fn merge_dialog_ui(
    ctx: &egui::Context,
    lang: Lang,
    dialog: &mut MergeDialog,
    sent: &mut Vec<Command>,
) {
    let mut commands = Vec::new();
    let modal = egui::Modal::new(egui::Id::unique("merge-choices")).show(ctx, |ui| {
        ui.set_max_width(ctx.content_rect().width() * 0.8);
        ui.heading(tr(lang, "ui.sync.choose"));
        ui.label(tr(lang, "ui.sync.choose_why"));
        egui::ScrollArea::vertical()
            .max_height(ctx.content_rect().height() * 0.6)
            .show(ui, |ui| {
                for (n, c) in dialog.pending.choices.iter().enumerate() {
                    ui.separator();
                    let head = dialog.pending.head(n, c);
                    ui.label(RichText::new(head.render(lang)).strong());
                    for v in 0..c.versions.len() {
                        let text = msg!(
                            "merge.version",
                            k = v + 1,
                            copies = dialog.pending.holders(c, v),
                            what = dialog.pending.described(c, v)
                        );
                        ui.radio_value(&mut dialog.picks[n], Some(v), text.render(lang));
                    }
                }
            });
        ui.separator();
        ui.horizontal(|ui| {
            let picks: Option<Vec<usize>> = dialog.picks.iter().copied().collect();
            let merge = ui.add_enabled(
                picks.is_some(),
                egui::Button::new(tr(lang, "ui.sync.merge_chosen")),
            );
            if merge.clicked()
                && let Some(picks) = picks
            {
                commands.push(Command::Files(Files::MergeCopies(
                    dialog.path.clone(),
                    picks,
                )));
            }
            if ui.button(tr(lang, "ui.sync.cancel")).clicked() {
                commands.push(Command::Named(Named::CancelMerge));
            }
        });
    });
    if modal.should_close() && commands.is_empty() {
        commands.push(Command::Named(Named::CancelMerge));
    }
    sent.extend(commands);
}
