//! `marque merge FILE`: the conflict copies another machine left of a session, merged into it
//! by the edit logs.

use std::io::Write;
use std::process::ExitCode;

use marque_core::i18n::msg;
use marque_core::merge as merge_core;

use super::io::{fail, lock_within, printable, store_problems};
use marque_core::i18n::{Lang, Msg};
use marque_core::session::Problem;
use marque_store::{self as store, Merging, Store};

/// Exit status when choices await the players (nothing written).
const CHOICES: u8 = 1;

/// Merges the conflict copies of `path`; `picks` are `CHOICE=VERSION` (both from 1), made on
/// the choices listed under the code `seen`.
pub(super) fn merge(
    path: &str,
    (picks, seen): (&[String], Option<&str>),
    wait: f64,
    lang: Lang,
) -> ExitCode {
    let file = std::path::Path::new(path);
    let picks = match parse_picks(picks) {
        Ok(p) => p,
        Err(m) => return fail(&[Problem::file(m)], lang),
    };
    if !file.is_file() {
        let why = msg!(
            "file.unreadable",
            path = path,
            error = Msg::new("file.no_such_session")
        );
        return fail(&[Problem::file(why)], lang);
    }
    let lock = match lock_within(path, file, wait, lang) {
        Ok(l) => l,
        Err(status) => return status,
    };
    let store = Store::new(Store::root_of(file));
    // Picks apply only to the choices they were made on: where the copies now give others (a
    // copy came or changed since the listing), they are listed again and nothing is picked.
    let shown = match (picks.is_empty(), seen) {
        (true, _) => None,
        // The listing the picks were made on was made with some of them (a pick can bring a
        // choice it meets): the code of the choices with any first picks.
        (false, Some(seen)) => {
            let seen = seen.trim();
            let made_on = (0..=picks.len()).rev().find_map(|n| {
                match store::pending_copies(file, &picks[..n]) {
                    Ok(Some(p)) if p.code() == seen => Some(Ok(p)),
                    Ok(_) => None,
                    Err(e) => Some(Err(e)),
                }
            });
            match (made_on, store::pending_copies(file, &picks)) {
                (Some(Err(e)), _) | (None, Err(e)) => {
                    return fail(&store_problems(path, e), lang);
                }
                (None, Ok(Some(now))) => return list(&now, path, true, lang),
                (None, Ok(None)) => None,
                (Some(Ok(_)), Ok(now)) => now,
                (Some(Ok(_)), Err(e)) => return fail(&store_problems(path, e), lang),
            }
        }
        (false, None) => {
            return fail(&[Problem::file(Msg::new("merge.seen_needed"))], lang);
        }
    };
    let expect = shown.as_ref().map(|p| p.choices.as_slice());
    // The lock taken by another writer after a cleaner deleted ours, or the file written by one
    // between the read and the save: read and merged again, as `--wait` allows and a few times
    // at least, as `add` does; never "open the session again" while waiting would do.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs_f64(wait);
    let mut tries = 0;
    let outcome = loop {
        tries += 1;
        match store::merge_copies(&store, file, &lock, &picks, expect, &crate::local::now()) {
            Ok(o) => break o,
            Err(store::StoreError::Locked(_) | store::StoreError::Changed)
                if tries < 20 || std::time::Instant::now() < deadline => {}
            Err(e @ store::StoreError::Locked(_)) => {
                fail(&store_problems(path, e), lang);
                return ExitCode::from(super::io::LOCKED);
            }
            Err(e) => return fail(&store_problems(path, e), lang),
        }
    };
    let mut out = crate::term::stdout(crate::term::Kind::Text);
    let said = match outcome {
        Merging::Merged(done) => done
            .lines()
            .iter()
            .try_for_each(|m| writeln!(out, "{}", printable(&m.render(lang), false))),
        // Choices still to make (or met by the picks): listed, nothing written.
        Merging::Choices(pending) => return list(&pending, path, false, lang),
        Merging::Refused(e, names) => {
            let names: Vec<&str> = names.iter().map(String::as_str).collect();
            return fail(&[Problem::file(e.message(&names))], lang);
        }
    };
    super::io::output_done(said.and_then(|()| out.flush()), lang)
}

/// The choices to make, on standard error, with the command that makes them (its `--seen`
/// code); `again`: picks were given, made on other choices. Exit status 1, nothing written.
fn list(pending: &merge_core::Pending, path: &str, again: bool, lang: Lang) -> ExitCode {
    let mut err = crate::term::stderr();
    if again {
        writeln!(err, "{}", Msg::new("merge.choices_changed").render(lang)).ok();
    }
    let head = msg!("merge.choices", n = pending.choices.len());
    writeln!(err, "{}", head.render(lang)).ok();
    for line in pending.lines() {
        writeln!(err, "{}", printable(&line.render(lang), false)).ok();
    }
    let how = msg!("merge.how_to_pick", file = path, code = pending.code());
    writeln!(err, "{}", printable(&how.render(lang), false)).ok();
    ExitCode::from(CHOICES)
}

/// `CHOICE=VERSION`, both from 1, as indexes of the versions kept in choice order.
fn parse_picks(picks: &[String]) -> Result<Vec<usize>, Msg> {
    let mut out: Vec<Option<usize>> = Vec::new();
    for p in picks {
        let parsed = p.split_once('=').and_then(|(c, v)| {
            let c = c.trim().parse::<usize>().ok()?.checked_sub(1)?;
            let v = v.trim().parse::<usize>().ok()?.checked_sub(1)?;
            (c < 1000).then_some((c, v))
        });
        let Some((c, v)) = parsed else {
            return Err(msg!("merge.bad_pick_text", pick = p.as_str()));
        };
        if out.len() <= c {
            out.resize(c + 1, None);
        }
        out[c] = Some(v);
    }
    // A choice left out is not guessed: the picks stop there, and the choices are listed.
    Ok(out.into_iter().map_while(|p| p).collect())
}
