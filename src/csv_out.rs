//! A session's sheet as CSV (`marque export --format csv`, and the app's export to a `.csv`
//! name): RFC 4180 quoting by the csv crate, UTF-8, CRLF line ends; the columns are
//! `marque_core::export`'s.

use marque_core::i18n::Lang;

use marque_core::session::{Problem, Session};

/// Why the CSV stopped.
#[derive(Debug)]
pub enum CsvError {
    /// A hand breaks a rule.
    Problems(Vec<Problem>),
    Io(std::io::Error),
}

/// Writes the CSV of a session to `out`, row by row as the session is played again.
pub fn write_csv(session: &Session, lang: Lang, out: impl std::io::Write) -> Result<(), CsvError> {
    let mut w = csv::WriterBuilder::new()
        .terminator(csv::Terminator::CRLF)
        .from_writer(out);
    let io = |e: csv::Error| CsvError::Io(std::io::Error::from(e));
    w.write_record(marque_core::export::header(session))
        .map_err(io)?;
    let mut failed = Ok(());
    marque_core::export::rows(session, lang, |cells| {
        if failed.is_ok() {
            failed = w.write_record(cells);
        }
    })
    .map_err(CsvError::Problems)?;
    failed.map_err(io)?;
    w.flush().map_err(CsvError::Io)
}

/// The CSV bytes of a session.
pub fn session_csv(session: &Session, lang: Lang) -> Result<Vec<u8>, CsvError> {
    let mut bytes = Vec::new();
    write_csv(session, lang, &mut bytes)?;
    Ok(bytes)
}
