//! The command line: `marque` opens the app; `marque score FILE` scores a session headless.

mod evening;
mod explain;
mod folder;
mod io;
mod merge;
mod serve;
mod stakes;

use folder::{check, folder_or_default, stats};
pub use io::{LOCKED, fail, printable, read_input};
use io::{
    lock_within, output_done, print_raw, print_text, read_to_score, scored, store_message,
    store_problems, write_failed,
};

use std::io::Write;
use std::process::ExitCode;

use crate::term::Kind;
use clap::{CommandFactory, Parser, Subcommand, ValueEnum};

use marque_core::i18n::msg;

use marque_core::i18n::{Lang, Msg};
use marque_core::session::{Problem, Session};

#[derive(Parser, Debug)]
#[command(
    name = "marque",
    version,
    // `marque FILE.json` opens the app on that session (as a file manager does).
    args_conflicts_with_subcommands = true,
    about = "Scorekeeping for card games played at a real table",
    after_help = "Exit status: 0 done; 1 `check` found a file that is not fine, `merge` needs \
                  the players' choices, or `add` kept the hand in a copy beside a file changed \
                  meanwhile (to merge); 2 refused input \
                  (one line per problem on standard error); 3 the session is locked by another \
                  writer (try again, or `add --wait SECONDS`). Session files are read up to 64 MiB."
)]
pub struct Cli {
    /// A session file to open in the app (as `marque open FILE`).
    #[arg(value_name = "FILE")]
    pub file: Option<std::path::PathBuf>,
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum LangArg {
    Fr,
    En,
}

impl From<LangArg> for Lang {
    fn from(l: LangArg) -> Lang {
        match l {
            LangArg::Fr => Lang::Fr,
            LangArg::En => Lang::En,
        }
    }
}

/// What `marque export` writes.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum Format {
    /// Comma-separated values (RFC 4180, UTF-8): `hand,label,` then per side its points and
    /// its standing after the hand.
    Csv,
    /// A printable PDF (A4): players, options, date, the sheet, bridge's paper, the totals.
    /// Needs `-o OUT.pdf`.
    Pdf,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Check and score a session file (`-` reads standard input); prints the score sheet as JSON.
    Score {
        /// The session file, or `-` for standard input.
        file: String,
        /// Print the sheet for people instead of JSON.
        #[arg(long)]
        text: bool,
        /// Language of texts and messages.
        #[arg(long, value_enum, default_value = "fr")]
        lang: LangArg,
    },
    /// Score an evening of several tables (pairs, teams of four, a Tarot concours) from its
    /// evening file and the table files it names beside it; prints the schedule, each board's
    /// results and the rankings as JSON. Exit status 2 names each problem by its file.
    Evening {
        /// The evening file (`NAME.evening.json`).
        file: String,
        /// Print the rankings and travellers for people instead of JSON.
        #[arg(long)]
        text: bool,
        /// Write a printable PDF instead (the rankings, the travellers, the score cards and each
        /// table's guide card), never over a file that is there.
        #[arg(long, value_name = "OUT.pdf", conflicts_with = "text")]
        pdf: Option<std::path::PathBuf>,
        #[arg(long, value_enum, default_value = "fr")]
        lang: LangArg,
    },
    /// Print a shell's completions for marque (bash, zsh, fish, elvish, powershell), made from
    /// this command line's own definition.
    Completions { shell: clap_complete::Shell },
    /// Print the manual page (roff), made from this command line's own definition.
    #[command(hide = true)]
    Man,
    /// Open the app on one session file.
    Open {
        /// The session file.
        file: String,
    },
    /// Append one hand (JSON, or `-` for standard input) to a session file, with the same checks,
    /// lock and atomic save as the app. A refused hand leaves the file untouched.
    Add {
        /// The session file.
        file: String,
        /// The hand: JSON text, `@PATH` for a file holding it, or `-` for standard input.
        hand: String,
        /// Wait up to this many seconds for another writer to release the session (exit status 3
        /// if it still holds it).
        #[arg(long, value_name = "SECONDS", default_value_t = 0.0)]
        wait: f64,
        /// Add to a session the players closed (the log records that it was reopened).
        #[arg(long)]
        reopen: bool,
        #[arg(long, value_enum, default_value = "fr")]
        lang: LangArg,
    },
    /// Export a session's sheet: CSV, one row per hand with each side's points and standing.
    Export {
        /// The session file, or `-` for standard input.
        file: String,
        #[arg(long, value_enum, default_value = "csv")]
        format: Format,
        /// Write to this file (atomically) instead of standard output.
        #[arg(short, long, value_name = "OUT")]
        output: Option<std::path::PathBuf>,
        /// Language of the hands' labels.
        #[arg(long, value_enum, default_value = "fr")]
        lang: LangArg,
    },
    /// What is at stake once the bid is in: every result the play can give HAND (a hand of the
    /// session's game without its result) as the next hand, each as the whole hand it would be
    /// (`hand`), its `label`, `delta` per side (what `marque score` gives the session with that
    /// hand added), `lines`, `facts`, `completes` and `totals`. Exit status 2 says what is
    /// wrong with the hand as `hand: …`.
    Stakes {
        /// The session file, or `-` for standard input.
        file: String,
        /// The hand without its result: JSON text (`{"contract": "4S", "declarer": "N"}`,
        /// `{"taker": 0, "contract": "garde", "bouts": 2}`, `{"bids": [2, 1, 0]}`,
        /// `{"calls": [{"by": 0, "call": "double"}]}`), `@PATH` for a file, `-` for standard
        /// input.
        hand: String,
        /// An option changed for a "what if" (`table=laws`); may be given several times.
        #[arg(long = "option", value_name = "KEY=VALUE")]
        options: Vec<String>,
        /// Print the stakes for people instead of JSON.
        #[arg(long)]
        text: bool,
        #[arg(long, value_enum, default_value = "fr")]
        lang: LangArg,
    },
    /// Hand N's count, step by step: the facts it used, each line with its sum and rule; with
    /// `--option`, the hand and the session's totals under other options (nothing is saved).
    Explain {
        /// The session file, or `-` for standard input.
        file: String,
        /// The hand, from 1.
        hand: usize,
        /// An option changed for a "what if" (as in the session file: `table=laws`,
        /// `low_cards=9`, `all12=true`); may be given several times.
        #[arg(long = "option", value_name = "KEY=VALUE")]
        options: Vec<String>,
        /// One JSON object: `hand`, `label`, `facts`, `options`, `steps` (each `rule`, `points`,
        /// `side`, `text`, `sum`), `delta`, and with `--option` `whatif` (`options`, `lines`,
        /// `delta`, `totals`).
        #[arg(long)]
        json: bool,
        #[arg(long, value_enum, default_value = "fr")]
        lang: LangArg,
    },
    /// The session's edit log as sentences, oldest first: the time, the hand, what was done and
    /// the hand before and after, in the game's own words.
    Log {
        /// The session file, or `-` for standard input.
        file: String,
        #[arg(long, value_enum, default_value = "fr")]
        lang: LangArg,
    },
    /// Players' statistics over every session of the data folder (or FOLDER): sessions played
    /// and won, overall and per game.
    Stats {
        /// The folder of sessions; the app's data folder by default.
        folder: Option<std::path::PathBuf>,
        /// Only this player (capitals, and spaces at the ends or repeated, do not count).
        #[arg(long, value_name = "NAME")]
        player: Option<String>,
        /// One JSON object: `{"players": [{"name", "sessions", "wins", "games": {GAME: {…}}}]}`
        /// (with `--ratings`: `{"games": {GAME: [{"name", "mu", "sigma", "sessions",
        /// "provisional"}]}, "overall": […], "undated": N}`).
        #[arg(long)]
        json: bool,
        /// The players' ratings (Weng–Lin): per game and overall, best first by μ − 3σ.
        #[arg(long)]
        ratings: bool,
        #[arg(long, value_name = "GAME", requires = "ratings", help = games_help())]
        game: Option<String>,
        #[arg(long, value_enum, default_value = "fr")]
        lang: LangArg,
    },
    /// Write every session of the data folder (or FOLDER) into one backup file, never over a
    /// file already there.
    Backup {
        /// The folder of sessions; the app's data folder by default.
        folder: Option<std::path::PathBuf>,
        /// The backup file to write.
        #[arg(short, long, value_name = "OUT")]
        output: std::path::PathBuf,
        #[arg(long, value_enum, default_value = "fr")]
        lang: LangArg,
    },
    /// Put back the sessions of a backup file: a missing one comes back, one that differs is
    /// kept and the backup's copy comes back beside it; nothing is written over.
    Restore {
        /// The backup file.
        file: std::path::PathBuf,
        /// The folder of sessions; the app's data folder by default.
        folder: Option<std::path::PathBuf>,
        #[arg(long, value_enum, default_value = "fr")]
        lang: LangArg,
    },
    /// Merge into a session the conflict copies another machine left of it (a folder shared
    /// with Syncthing), by their edit logs: hands added on each side all kept, a change made on
    /// one side applied. Exit status 0 merged (or nothing to merge); 1 a hand was changed
    /// differently on two sides: each choice is listed and nothing is written (give each with
    /// `--pick`); 2 refused; 3 locked. The copies merged go to `trash/`.
    Merge {
        /// The session file (`NAME.json`, not a copy).
        file: String,
        /// Keep version V of choice C (`C=V`, both as listed, from 1); once per choice.
        #[arg(long = "pick", value_name = "C=V")]
        picks: Vec<String>,
        /// The code of the choices the picks were made on, as the listing gave it: when the
        /// copies now give other choices (a copy came meanwhile), nothing is picked and they
        /// are listed again.
        #[arg(long, value_name = "CODE")]
        seen: Option<String>,
        /// Wait up to this many seconds for another writer to release the session.
        #[arg(long, value_name = "SECONDS", default_value_t = 0.0)]
        wait: f64,
        #[arg(long, value_enum, default_value = "fr")]
        lang: LangArg,
    },
    /// Serve the sessions of the data folder (or FOLDER) to the room's phones: prints the pages'
    /// address (with its capability, new each time) and a QR code of it; stops on Ctrl+C. Only
    /// GET and HEAD, but for what a paired phone writes (a side's word, a table's hand); the
    /// trash and damaged files are never served.
    Serve {
        /// The folder to serve; the app's data folder by default.
        folder: Option<std::path::PathBuf>,
        /// The address to listen on (all of this machine's by default; 127.0.0.1 for this
        /// machine alone).
        #[arg(long, value_name = "ADDR", default_value = "0.0.0.0")]
        bind: std::net::IpAddr,
        /// The port (0: any free one).
        #[arg(long, value_name = "N", default_value_t = 8787)]
        port: u16,
        /// The most phones served at once; the next is told to come back (503).
        #[arg(long, value_name = "N", default_value_t = 64,
              value_parser = clap::value_parser!(u16).range(1..=1024))]
        clients: u16,
        /// For each session in progress that asks the other side's word (and each one started
        /// later), print one line per answering side (the session, the side, its pairing
        /// address) and a QR code of it: a side's phone scans it to give its word from there.
        #[arg(long)]
        pairing: bool,
        /// A name the phones may reach this machine by besides its address (one the house's
        /// router gives it, say `salon.home`); repeat it for several. A page asked by any
        /// other name is refused (421).
        #[arg(long = "name", value_name = "HOST")]
        names: Vec<String>,
        #[arg(long, value_enum, default_value = "fr")]
        lang: LangArg,
    },
    /// List every session file of the data folder (or FOLDER) with its state; a session with
    /// conflict copies to merge is `conflict` (exit status 1).
    Check {
        /// The folder to check; the app's data folder by default.
        folder: Option<std::path::PathBuf>,
        /// One JSON object per file instead of text.
        #[arg(long)]
        json: bool,
        #[arg(long, value_enum, default_value = "fr")]
        lang: LangArg,
    },
}

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

/// Writes every session of the data folder (or FOLDER) into one backup file.
fn backup(folder: Option<std::path::PathBuf>, out: &std::path::Path, lang: Lang) -> ExitCode {
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
fn restore(file: &std::path::Path, folder: Option<std::path::PathBuf>, lang: Lang) -> ExitCode {
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

fn score(path: &str, text: bool, lang: Lang) -> ExitCode {
    let input = match read_input(path) {
        Ok(t) => t,
        Err(m) => return fail(&[Problem::file(m)], lang),
    };
    // A duplicate table's file of an evening: its boards scored alone.
    if !text && let Some(done) = evening::score_table(&input, lang) {
        return done;
    }
    // A long file as Marque writes it: checked in one pass, then written in a second as each
    // hand is read and played, nothing held but its text. A shorter one (fewer objects than
    // this: its hands, their calls, its log) is read once into typed hands, which is faster.
    const LONG: usize = 100_000;
    if !text && input.bytes().filter(|&b| b == b'{').count() > LONG {
        let mut out = crate::term::stdout(Kind::Json);
        if let Some(written) = Session::write_score_one_pass(&input, lang, &mut out) {
            return output_done(written.and_then(|()| out.flush()), lang);
        }
    }
    let mut session = match Session::parse_to_score(&input) {
        Ok(s) => s,
        Err(problems) => return fail(&problems, lang),
    };
    // The sheet is held in memory, in the pages the file was read into, up to the file's size;
    // a longer sheet is checked to its end first, then written as it is played.
    let budget = input.len().max(256 << 10);
    let scratch = input.into_bytes();
    let mut out = crate::term::stdout(if text { Kind::Text } else { Kind::Json });
    let written = if text {
        // Checked to the end first: a session that fails writes nothing. Then written hand by
        // hand as it is played again, never held whole.
        drop(scratch);
        // A name holding a line break or a tab would forge lines of the sheet: shown escaped.
        for p in &mut session.players {
            if let std::borrow::Cow::Owned(shown) = printable(p, false) {
                *p = shown;
            }
        }
        let session = &session;
        marque_core::stream::check(session).and_then(|()| {
            match marque_core::text::write(session, lang, &mut out) {
                Ok(()) => Ok(Ok(())),
                Err(marque_core::text::Written::Problems(p)) => Err(p),
                Err(marque_core::text::Written::Io(e)) => Ok(Err(e)),
            }
        })
    } else {
        session.write_score(lang, &mut out, budget, scratch)
    };
    match written {
        Err(problems) => fail(&problems, lang),
        Ok(w) => {
            // The process ends here: the system takes back its memory at once.
            std::mem::forget(session);
            output_done(w.and_then(|()| out.flush()), lang)
        }
    }
}

/// `marque export --format csv`: the sheet as a table (see `marque_core::export`), to standard
/// output or, atomically, to `output`.
fn export_csv(path: &str, output: Option<&std::path::Path>, lang: Lang) -> ExitCode {
    use crate::csv_out::{CsvError, session_csv, write_csv};
    // Read and checked to the end first: a session that fails writes nothing.
    let session =
        match read_to_score(path).and_then(|(_, s)| marque_core::stream::check(&s).map(|()| s)) {
            Ok(s) => s,
            Err(problems) => return fail(&problems, lang),
        };
    // Like the app's export, never over a file that is there (a link included).
    if let Some(out) = output.filter(|o| std::fs::symlink_metadata(o).is_ok()) {
        let m = msg!("export.exists", file = out.display().to_string());
        return fail(&[Problem::file(m)], lang);
    }
    let done = match output {
        // A file is written whole and atomically: made in memory first (a fraction of the
        // session's own size).
        Some(out) => session_csv(&session, lang)
            .and_then(|bytes| marque_store::write_new(out, &bytes).map_err(CsvError::Io)),
        // Standard output, row by row.
        None => write_csv(&session, lang, crate::term::stdout(Kind::Data)),
    };
    match done {
        Ok(()) => ExitCode::SUCCESS,
        Err(CsvError::Problems(p)) => fail(&p, lang),
        Err(CsvError::Io(e)) => write_failed(output, &e, lang),
    }
}

/// `marque export --format pdf -o OUT`: the session as a printable PDF, written atomically and
/// never over a file that is there.
fn export_pdf(path: &str, output: Option<&std::path::Path>, lang: Lang) -> ExitCode {
    let Some(out) = output else {
        return fail(&[Problem::file(Msg::new("export.pdf_needs_output"))], lang);
    };
    // Read and checked to the end first: a session that fails writes nothing.
    let session =
        match read_to_score(path).and_then(|(_, s)| marque_core::stream::check(&s).map(|()| s)) {
            Ok(s) => s,
            Err(problems) => return fail(&problems, lang),
        };
    if std::fs::symlink_metadata(out).is_ok() {
        let m = msg!("export.exists", file = out.display().to_string());
        return fail(&[Problem::file(m)], lang);
    }
    // Written as it is laid out, page by page, through a buffer: never held whole.
    io::write_pdf_file(out, lang, &mut |w| crate::pdf::write_pdf(&session, lang, w))
}

fn add(path: &str, hand: &str, wait: f64, reopen: bool, lang: Lang) -> ExitCode {
    use marque_store::StoreError;
    // JSON text, `-` for standard input, `@PATH` for a file: nothing is guessed.
    let text = match (hand, hand.strip_prefix('@')) {
        ("-", _) => read_input("-"),
        (_, Some(file)) => read_input(file),
        _ => Ok(hand.to_string()),
    };
    let text = match text {
        Ok(t) => t,
        Err(m) => return fail(&[Problem::file(m)], lang),
    };
    let file = std::path::Path::new(path);
    let store_fail = |e: StoreError| store_problems(path, e);
    // What is there, said as it is: nothing, a link to nothing or to itself, a FIFO…
    let refused = match std::fs::metadata(file) {
        Ok(m) if m.is_file() => None,
        Ok(_) => Some(Msg::new("file.not_regular")),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            Some(Msg::new("file.no_such_session"))
        }
        Err(e) => Some(msg!("ui.io_error", error = marque_core::i18n::io_error(&e))),
    };
    if let Some(why) = refused {
        let m = msg!("file.unreadable", path = path, error = why);
        return fail(&[Problem::file(m)], lang);
    }
    let lock = match lock_within(path, file, wait, lang) {
        Ok(l) => l,
        Err(status) => return status,
    };
    // A table's file of an evening: the board checked against the evening's movement.
    if let Some(done) = evening::add_to_table(file, &text, &lock, wait, lang) {
        return done;
    }
    // Through the document's appender: a file changed meanwhile is settled as the window
    // settles it (the hand on top of the file as it now is, or kept in a copy beside), said in
    // the same words.
    // The lock taken again by another writer meanwhile (a cleaner deleted it while that one
    // held it): waited for as `--wait` allows, and a few times at least.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs_f64(wait);
    let mut tries = 0;
    let outcome = loop {
        tries += 1;
        let patience = marque_store::document::Patience {
            tries: 20,
            until: Some(deadline),
        };
        match add_once(file, &text, reopen, &lock, patience) {
            Ok(o) => break o,
            // Locked by another writer, or changed by one between the read and the save
            // more often than the settling's patience: waited for as well (the file is read
            // again from the start), never "open the session again" while waiting would do.
            Err(Added::Store(StoreError::Locked(_) | StoreError::Changed))
                if tries < 20 || std::time::Instant::now() < deadline => {}
            Err(Added::Store(e @ StoreError::Locked(_))) => {
                fail(&store_fail(e), lang);
                return ExitCode::from(LOCKED);
            }
            Err(Added::Store(e)) => return fail(&store_fail(e), lang),
            Err(Added::Problems(p)) => return fail(&p, lang),
        }
    };
    if let Some(m) = outcome.msg() {
        writeln!(crate::term::stderr(), "{}", m.render(lang)).ok();
    }
    match outcome {
        // Not in the session: kept beside it, to merge.
        marque_store::document::Outcome::KeptBeside(_) => ExitCode::from(1),
        _ => ExitCode::SUCCESS,
    }
}

/// Why one attempt of `marque add` failed.
enum Added {
    Store(marque_store::StoreError),
    Problems(Vec<Problem>),
}

/// Reads the session, adds the hand and saves, under `lock` (see [`Appender`]).
///
/// [`Appender`]: marque_store::document::Appender
fn add_once(
    file: &std::path::Path,
    text: &str,
    reopen: bool,
    lock: &marque_store::Lock,
    patience: marque_store::document::Patience,
) -> Result<marque_store::document::Outcome, Added> {
    use marque_store::document::{Appender, DocError};
    let mut doc = Appender::open(file, lock, patience).map_err(Added::Store)?;
    // A table of an evening (a Tarot concours's): nothing its evening would not count.
    let name = file.file_name().map(|n| n.to_string_lossy().into_owned());
    if let Some(evening) = name.and_then(|n| marque_store::evening_of(file, &n)) {
        doc.in_evening(evening);
    }
    if doc.session().closed && !reopen {
        return Err(Added::Problems(vec![Problem::file(Msg::new(
            "store.closed",
        ))]));
    }
    let at = crate::local::now();
    if doc.session().closed {
        doc.reopen(&at);
    }
    let n = doc.session().hands.len();
    let value: serde_json::Value = serde_json::from_str(text)
        .map_err(|e| Added::Problems(vec![Problem::hand(n, marque_core::i18n::json_error(&e))]))?;
    let hand = doc
        .session()
        .decode(&value)
        .map_err(|ms| Added::Problems(ms.into_iter().map(|m| Problem::hand(n, m)).collect()))?;
    if let Some(m) = same_person_seated(file, &hand.game, doc.seats()) {
        return Err(Added::Problems(vec![Problem::hand(n, m)]));
    }
    doc.enter(hand, &at).map_err(|e| match e {
        DocError::Refused(p) => Added::Problems(p),
        DocError::ReadOnly(r) => Added::Problems(vec![Problem::file(r.msg())]),
        DocError::NotSaved(e) | DocError::Store(e) => Added::Store(e),
        // (Never from an appender, which always has a hand to add and nothing unsaved.)
        DocError::Nothing | DocError::Unsaved => Added::Store(marque_store::StoreError::Changed),
    })
}

/// A substitute or an arrival named as someone seated, however typed (capitals, spaces,
/// accents, invisible characters) or merged by hand in the folder's names: refused in words,
/// by the rule the window refuses it by.
fn same_person_seated(
    file: &std::path::Path,
    game: &marque_core::games::GameHand,
    seats: &marque_core::games::table::Seats,
) -> Option<Msg> {
    use marque_core::games::table::Event;
    let name = match game.event() {
        Some(Event::Replace { player, .. } | Event::Join { player, .. }) => player,
        _ => return None,
    };
    let names = seats.current();
    let seated: Vec<&str> = (0..names.len())
        .filter(|&s| seats.plays(s))
        .map(|s| names[s].as_str())
        .collect();
    // The very name seated is the session's own rule to refuse (`table.replace`).
    if seated.contains(&name.as_str()) {
        return None;
    }
    // The club's names of the data folder the session is in (an archived session's too).
    let folder = marque_store::Store::root_of(file);
    let people = marque_store::people::People::read(&marque_store::Store::new(folder))
        .people
        .stats();
    marque_core::stats::seated_as(name, &seated, &people).map(|i| {
        msg!(
            "event.err.same_person",
            name = name.as_str(),
            seated = seated[i]
        )
    })
}

/// `marque log FILE`: the edit log as sentences, one a line.
fn log(path: &str, lang: Lang) -> ExitCode {
    let (session, sheet) = match scored(path) {
        Ok(s) => s,
        Err(problems) => return fail(&problems, lang),
    };
    let mut out = String::new();
    for line in marque_core::history::sentences(&session, &sheet) {
        out.push_str(&printable(&line.render(lang), false));
        out.push('\n');
    }
    print_text(&out, lang)
}

/// `--game`'s help: the games' ids from the one list, so that it never names fewer.
fn games_help() -> String {
    let ids: Vec<&str> = marque_core::games::GameKind::ALL
        .iter()
        .map(|g| g.id())
        .collect();
    format!("With `--ratings`: one game's only ({}).", ids.join(", "))
}
