//! The command line's words: `marque`'s subcommands and their arguments, as clap reads them.

use clap::{Parser, Subcommand, ValueEnum};

use marque_core::i18n::Lang;

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

/// `--game`'s help: the games' ids from the one list, so that it never names fewer.
fn games_help() -> String {
    let ids: Vec<&str> = marque_core::games::GameKind::ALL
        .iter()
        .map(|g| g.id())
        .collect();
    format!("With `--ratings`: one game's only ({}).", ids.join(", "))
}
