//! Errors worded once, by us (issue 42): every kind of system error has its words in both
//! languages (French ones, not the system's English), and none falls back on its key.
use std::io::ErrorKind;

use marque_core::i18n::{Lang, has_key, io_error, io_key};

/// Every kind the system names, each given its words or the system error's.
const KINDS: [ErrorKind; 27] = [
    ErrorKind::NotFound,
    ErrorKind::PermissionDenied,
    ErrorKind::AlreadyExists,
    ErrorKind::StorageFull,
    ErrorKind::QuotaExceeded,
    ErrorKind::ReadOnlyFilesystem,
    ErrorKind::IsADirectory,
    ErrorKind::NotADirectory,
    ErrorKind::DirectoryNotEmpty,
    ErrorKind::FileTooLarge,
    ErrorKind::InvalidInput,
    ErrorKind::InvalidData,
    ErrorKind::UnexpectedEof,
    ErrorKind::TimedOut,
    ErrorKind::Interrupted,
    ErrorKind::WouldBlock,
    ErrorKind::ResourceBusy,
    ErrorKind::CrossesDevices,
    ErrorKind::TooManyLinks,
    ErrorKind::InvalidFilename,
    ErrorKind::BrokenPipe,
    ErrorKind::AddrInUse,
    ErrorKind::AddrNotAvailable,
    ErrorKind::ConnectionRefused,
    ErrorKind::OutOfMemory,
    ErrorKind::Unsupported,
    ErrorKind::Other,
];

#[test]
fn every_kind_of_system_error_is_worded_in_both_languages() {
    for kind in KINDS {
        let key = io_key(kind);
        let e = std::io::Error::from(kind);
        for lang in [Lang::Fr, Lang::En] {
            assert!(has_key(lang, key), "{key} has no words in {lang:?}");
            let said = io_error(&e).render(lang);
            assert!(
                !said.is_empty() && said != key,
                "{kind:?} in {lang:?}: {said}"
            );
        }
        let (fr, en) = (io_error(&e).render(Lang::Fr), io_error(&e).render(Lang::En));
        assert_ne!(fr, en, "{kind:?} is said in French as in English");
    }
    // A kind the list has no words for is a system error, in words.
    assert_eq!(io_key(ErrorKind::NetworkDown), "io.other");
}

/// The OS text of an error never reaches the words: "No space left on device (os error 28)"
/// is said "le disque est plein".
#[test]
fn an_os_error_is_said_by_its_kind() {
    let full = std::io::Error::from_raw_os_error(28);
    assert_eq!(io_error(&full).render(Lang::Fr), "le disque est plein");
    assert_eq!(io_error(&full).render(Lang::En), "the disk is full");
}

/// An error Marque makes where the system's API wants one carries its own words, said in the
/// reader's language.
#[test]
fn an_error_of_ours_says_its_own_words() {
    use marque_core::i18n::{Msg, worded};
    let e = worded(ErrorKind::InvalidInput, Msg::new("file.not_regular"));
    assert_eq!(e.kind(), ErrorKind::InvalidInput, "the kind is kept");
    let (fr, en) = (io_error(&e).render(Lang::Fr), io_error(&e).render(Lang::En));
    assert_ne!(fr, en, "said in each language");
    assert_eq!(e.to_string(), en, "its Display is its English words");
}

/// A text that does not read as JSON is said in our words, by what is wrong and where, in both
/// languages: never serde's English ("expected value", "EOF while parsing").
#[test]
fn a_json_error_is_said_by_its_kind_and_place() {
    for (text, en) in [
        ("{\"format\": oops}", "not valid JSON (line 1, column 12)"),
        (
            "{\"format\": \"marque-session\",",
            "the JSON stops before its end",
        ),
        ("[1, 2", "the JSON stops before its end"),
    ] {
        let e = serde_json::from_str::<serde_json::Value>(text).unwrap_err();
        let said = marque_core::i18n::json_error(&e);
        let (fr, said_en) = (said.render(Lang::Fr), said.render(Lang::En));
        assert!(said_en.starts_with(en), "{text}: {said_en}");
        assert_ne!(fr, said_en, "{text} has French words");
        for serde in ["expected", "EOF", "while parsing"] {
            assert!(!said_en.contains(serde), "serde's words in {said_en}");
        }
    }
}

/// An error of a kind Marque has no words for says the system's own (issue 50), never "erreur
/// du système" alone.
#[test]
fn an_error_without_words_says_the_systems() {
    let e = std::io::Error::from_raw_os_error(5);
    let said = marque_core::i18n::io_error(&e).render(marque_core::i18n::Lang::Fr);
    assert!(said.starts_with("erreur du système : « "), "{said}");
    assert!(said.contains("os error 5"), "{said}");
    let known = std::io::Error::from(std::io::ErrorKind::PermissionDenied);
    let said = marque_core::i18n::io_error(&known).render(marque_core::i18n::Lang::En);
    assert_eq!(said, "permission denied");
}
