//! A session's sheet as CSV (`marque export --format csv`, and the app's export to a `.csv`
//! name): RFC 4180 quoting by the csv crate, UTF-8, CRLF line ends; the columns are
//! `marque_core::export`'s.

use marque_core::i18n::Lang;

use crate::session::{Session, Sheet};

/// The CSV bytes of a scored session.
pub fn session_csv(session: &Session, sheet: &Sheet, lang: Lang) -> std::io::Result<Vec<u8>> {
    let table = marque_core::export::table(session, sheet, lang);
    let mut w = csv::WriterBuilder::new()
        .terminator(csv::Terminator::CRLF)
        .from_writer(Vec::new());
    std::iter::once(&table.header)
        .chain(&table.rows)
        .try_for_each(|r| w.write_record(r))
        .map_err(std::io::Error::from)?;
    w.into_inner()
        .map_err(|e| std::io::Error::other(e.to_string()))
}
