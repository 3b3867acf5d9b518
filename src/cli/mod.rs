//! The command line: `marque` opens the app; `marque score FILE` scores a session headless.

mod add;
mod args;
mod backup;
mod evening;
mod explain;
mod folder;
mod io;
mod merge;
mod score;
mod serve;
mod stakes;

use add::add;
pub use args::{Cli, Command, Format, LangArg};
use backup::{backup, restore};
use folder::{check, stats};
pub use io::{LOCKED, fail, printable, read_input};
use io::{print_raw, write_failed};
use score::{export_csv, export_pdf, log, score};

use std::process::ExitCode;

use clap::{CommandFactory, Parser};

use marque_core::i18n::Lang;

/// Runs the command line; returns the exit status. `window` opens the app's window (on a file,
/// or on the data folder): the binary hands it in, so that the command line reaches nothing of
/// the window.
pub fn main<E: std::fmt::Display>(
    window: impl FnOnce(Option<std::path::PathBuf>) -> Result<(), E>,
) -> ExitCode {
    crate::local::init_texts();
    let cli = Cli::parse();
    if cli
        .command
        .as_ref()
        .is_some_and(|c| !matches!(c, Command::Open { .. } | Command::Serve { .. }))
    {
        short_lived_allocator();
    }
    match cli.command {
        Some(Command::Open { file }) => match window(Some(std::path::PathBuf::from(file))) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("marque: {e}");
                ExitCode::from(1)
            }
        },
        Some(Command::Completions { shell }) => {
            let mut out = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "marque", &mut out);
            print_raw(&out, Lang::En)
        }
        Some(Command::Man) => {
            let mut out = Vec::new();
            match clap_mangen::Man::new(Cli::command()).render(&mut out) {
                Ok(()) => print_raw(&out, Lang::En),
                Err(e) => write_failed(None, &e, Lang::En),
            }
        }
        None => match window(cli.file) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("marque: {e}");
                ExitCode::from(1)
            }
        },
        Some(Command::Score { file, text, lang }) => score(&file, text, lang.into()),
        Some(Command::Evening {
            file,
            text,
            pdf,
            lang,
        }) => match pdf {
            Some(out) => evening::evening_pdf(&file, &out, lang.into()),
            None => evening::evening(&file, text, lang.into()),
        },
        Some(Command::Add {
            file,
            hand,
            wait,
            reopen,
            lang,
        }) => add(&file, &hand, wait, reopen, lang.into()),
        Some(Command::Check { folder, json, lang }) => check(folder, json, lang.into()),
        Some(Command::Serve {
            folder,
            bind,
            port,
            clients,
            pairing,
            names,
            lang,
        }) => serve::serve(
            folder,
            (bind, port, clients),
            (pairing, &names),
            lang.into(),
        ),
        Some(Command::Explain {
            file,
            hand,
            options,
            json,
            lang,
        }) => explain::explain(&file, hand, &options, json, lang.into()),
        Some(Command::Stakes {
            file,
            hand,
            options,
            text,
            lang,
        }) => stakes::run(&stakes::Asked {
            file: &file,
            hand: &hand,
            options: &options,
            text,
            lang: lang.into(),
        }),
        Some(Command::Log { file, lang }) => log(&file, lang.into()),
        Some(Command::Merge {
            file,
            picks,
            seen,
            wait,
            lang,
        }) => merge::merge(&file, (&picks, seen.as_deref()), wait, lang.into()),
        Some(Command::Backup {
            folder,
            output,
            lang,
        }) => backup(folder, &output, lang.into()),
        Some(Command::Restore { file, folder, lang }) => restore(&file, folder, lang.into()),
        Some(Command::Stats {
            folder,
            ratings: true,
            game,
            json,
            lang,
            ..
        }) => folder::ratings(folder, game.as_deref(), json, lang.into()),
        Some(Command::Stats {
            folder,
            player,
            json,
            lang,
            ..
        }) => stats(folder, player.as_deref(), json, lang.into()),
        Some(Command::Export {
            file,
            format: Format::Csv,
            output,
            lang,
        }) => export_csv(&file, output.as_deref(), lang.into()),
        Some(Command::Export {
            file,
            format: Format::Pdf,
            output,
            lang,
        }) => export_pdf(&file, output.as_deref(), lang.into()),
    }
}

/// A command that reads a file, works and ends: the allocator keeps what is freed for what comes
/// next (the text read, then the text written) instead of handing large blocks back to the
/// system and taking fresh zeroed pages again.
#[expect(
    unsafe_code,
    reason = "glibc's allocator thresholds are set through mallopt, which std does not offer"
)]
fn short_lived_allocator() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only changes glibc's thresholds; it is called before any other thread
    // exists and takes no pointer.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 256 << 20);
        libc::mallopt(libc::M_TRIM_THRESHOLD, 256 << 20);
    }
}
