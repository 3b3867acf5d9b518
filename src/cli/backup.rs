//! `marque backup` and `marque restore`: the whole data folder into one file, and back.

use std::io::Write;
use std::process::ExitCode;

use marque_core::i18n::Lang;
use marque_core::session::Problem;

use super::folder::folder_or_default;
use super::io::{fail, store_message};
use crate::term::Kind;

/// Writes every session of the data folder (or FOLDER) into one backup file.
pub(super) fn backup(
    folder: Option<std::path::PathBuf>,
    out: &std::path::Path,
    lang: Lang,
) -> ExitCode {
    let dir = match folder_or_default(folder) {
        Ok(d) => d,
        Err(p) => return fail(&[p], lang),
    };
    match marque_store::Store::new(&dir).backup(out) {
        Ok(report) => {
            let m = report.message(out);
            writeln!(crate::term::stdout(Kind::Text), "{}", m.render(lang)).ok();
            // Written, but not everything: the caller's script must know. What is left out on
            // purpose (and named) is no failure.
            if report.failed() == 0 {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            }
        }
        Err(e) => fail(&[Problem::file(store_message(&e))], lang),
    }
}

/// Puts back the sessions of a backup file into the data folder (or FOLDER), never over one.
pub(super) fn restore(
    file: &std::path::Path,
    folder: Option<std::path::PathBuf>,
    lang: Lang,
) -> ExitCode {
    let dir = match folder_or_default(folder) {
        Ok(d) => d,
        Err(p) => return fail(&[p], lang),
    };
    match marque_store::Store::new(&dir).restore(file) {
        Ok(report) => {
            let m = report.message();
            writeln!(crate::term::stdout(Kind::Text), "{}", m.render(lang)).ok();
            if report.failed.is_empty() {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            }
        }
        Err(e) => fail(&[Problem::file(store_message(&e))], lang),
    }
}
