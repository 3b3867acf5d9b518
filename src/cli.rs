//! The command line: `marque` opens the app; `marque score FILE` scores a session headless.

use std::io::{Read, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

use crate::i18n::{Lang, Msg};
use crate::msg;
use crate::session::{Problem, Session};

#[derive(Parser, Debug)]
#[command(
    name = "marque",
    version,
    about = "Scorekeeping for card games played at a real table"
)]
pub struct Cli {
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
}

/// Runs the command line; returns the exit status.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        None => {
            let _ = Cli::parse_from(["marque", "--help"]);
            ExitCode::SUCCESS
        }
        Some(Command::Score { file, text, lang }) => score(&file, text, lang.into()),
    }
}

/// Reads a file, or standard input for `-`.
pub fn read_input(path: &str) -> Result<String, Msg> {
    let mut s = String::new();
    let r = if path == "-" {
        std::io::stdin().read_to_string(&mut s).map(|_| ())
    } else {
        std::fs::read(path).and_then(|bytes| {
            s = String::from_utf8(bytes)
                .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e))?;
            Ok(())
        })
    };
    r.map(|_| s)
        .map_err(|e| msg!("file.unreadable", path = path, error = e.to_string()))
}

/// Prints problems on standard error and returns exit status 2.
pub fn fail(problems: &[Problem], lang: Lang) -> ExitCode {
    let mut err = std::io::stderr().lock();
    for p in problems {
        let _ = writeln!(err, "{}", p.render(lang));
    }
    ExitCode::from(2)
}

fn score(path: &str, text: bool, lang: Lang) -> ExitCode {
    let input = match read_input(path) {
        Ok(s) => s,
        Err(m) => return fail(&[Problem::file(m)], lang),
    };
    let sheet = Session::parse(&input).and_then(|s| s.score().map(|sheet| (s, sheet)));
    match sheet {
        Err(problems) => fail(&problems, lang),
        Ok((session, sheet)) => {
            let out = if text {
                crate::text::render(&session, &sheet, lang)
            } else {
                let mut s = serde_json::to_string_pretty(&sheet.to_json(lang)).unwrap_or_default();
                s.push('\n');
                s
            };
            let _ = std::io::stdout().lock().write_all(out.as_bytes());
            ExitCode::SUCCESS
        }
    }
}
