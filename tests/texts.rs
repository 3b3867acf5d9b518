//! The texts: both languages complete, real plurals, French words and typography in French.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::let_underscore_must_use,
    reason = "a test fails loudly where its setting up does"
)]

use marque_core::i18n::{Arg, Lang, Msg, has_key, text_problems};

const FILES: [&str; 3] = [
    "crates/marque-core/locales/core.json",
    "locales/ui.json",
    "crates/marque-core/locales/rules.json",
];

/// Every (file, key, language, text) of the locale files.
fn texts() -> Vec<(&'static str, String, Lang, String)> {
    let root = env!("CARGO_MANIFEST_DIR");
    let mut out = Vec::new();
    for file in FILES {
        let doc: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(format!("{root}/{file}")).unwrap())
                .unwrap();
        for (key, langs) in doc.as_object().unwrap() {
            if key == "_version" {
                continue;
            }
            for lang in Lang::ALL {
                let text = langs
                    .get(lang.code())
                    .and_then(|t| t.as_str())
                    .unwrap_or_default();
                out.push((file, key.clone(), lang, text.to_string()));
            }
        }
    }
    out
}

/// The names of a text's arguments (`{ $name }` and `{ $name -> …`).
fn arguments(text: &str) -> Vec<String> {
    let mut names = Vec::new();
    for (i, _) in text.match_indices('$') {
        let name: String = text[i + 1..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        if !names.contains(&name) {
            names.push(name);
        }
    }
    names
}

#[test]
fn every_key_has_both_languages_and_every_pattern_parses() {
    marque::init_texts();
    for (file, key, lang, text) in texts() {
        assert!(
            !text.is_empty(),
            "{file}: {key} has no {} text",
            lang.code()
        );
        assert!(has_key(lang, &key), "{key} is not compiled in");
    }
    assert_eq!(text_problems(), Vec::<String>::new());
}

#[test]
fn every_key_the_code_names_has_its_texts() {
    marque::init_texts();
    let root = env!("CARGO_MANIFEST_DIR");
    // Every key the code names literally is in the files.
    let mut missing = Vec::new();
    let sources = ["src", "crates/marque-core/src"]
        .into_iter()
        .flat_map(|d| walk(&std::path::Path::new(root).join(d)));
    for entry in sources {
        let code = std::fs::read_to_string(&entry).unwrap();
        for pat in ["msg!(\"", "Msg::new(\"", "tr(lang, \"", "t(\""] {
            for (i, _) in code.match_indices(pat) {
                let start = i + pat.len();
                let end = code[start..].find('"').unwrap() + start;
                let key = &code[start..end];
                if key.contains('.') && !(has_key(Lang::En, key) && has_key(Lang::Fr, key)) {
                    missing.push(format!("{}: {key}", entry.display()));
                }
            }
        }
    }
    assert!(missing.is_empty(), "keys without text: {missing:?}");
}

fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
    out
}

#[test]
fn no_text_hedges_a_plural_with_brackets() {
    for (file, key, lang, text) in texts() {
        for hedge in ["(s)", "(e)", "(es)", "(x)"] {
            assert!(
                !text.contains(hedge),
                "{file}: {key} ({}) writes {hedge}: {text}",
                lang.code()
            );
        }
    }
}

/// Renders every text with every argument set to `n` (a number, or a word where it is not
/// counted): nothing of the pattern's syntax may show, and a count chooses its form.
#[test]
fn plurals_follow_each_languages_rules() {
    marque::init_texts();
    let key: &'static str = "noun.2500.count";
    let count = |lang, n: i64| Msg::new(key).with("n", n).render(lang);
    assert_eq!(count(Lang::Fr, 0), "0 brasse");
    assert_eq!(count(Lang::Fr, 1), "1 brasse");
    assert_eq!(count(Lang::Fr, 2), "2 brasses");
    assert_eq!(count(Lang::En, 0), "0 brasses");
    assert_eq!(count(Lang::En, 1), "1 brasse");
    assert_eq!(count(Lang::En, 12), "12 brasses");
    for (file, key, lang, text) in texts() {
        let key: &'static str = Box::leak(key.into_boxed_str());
        for n in [0, 1, 2, 1000] {
            let mut msg = Msg::new(key);
            for name in arguments(&text) {
                let name: &'static str = Box::leak(name.into_boxed_str());
                msg = msg.with(name, Arg::Int(n));
            }
            let shown = msg.render(lang);
            assert!(
                !shown.contains('{') && !shown.contains('}') && !shown.contains("->"),
                "{file}: {key} ({}) shows its syntax: {shown}",
                lang.code()
            );
        }
    }
}

/// English words that never belong in a French text.
const ENGLISH: [&str; 30] = [
    "the", "and", "since", "hand", "hands", "deal", "deals", "winner", "winners", "round",
    "rounds", "trick", "tricks", "player", "players", "with", "from", "game", "games", "error",
    "file", "not", "none", "edit", "undo", "redo", "open", "save", "down", "made",
];

#[test]
fn french_texts_hold_no_english_word_and_french_spacing() {
    let mut wrong = Vec::new();
    for (file, key, lang, text) in texts() {
        if lang != Lang::Fr {
            continue;
        }
        // The words a person reads: arguments, selector names and a file's field names quoted
        // in « » left out.
        let mut plain = String::new();
        let mut depth = 0;
        for c in text.chars() {
            match c {
                '{' | '«' => depth += 1,
                '}' | '»' => depth -= 1,
                c if depth == 0 => plain.push(c),
                _ => {}
            }
        }
        for word in plain.split(|c: char| !c.is_alphabetic()) {
            if ENGLISH.contains(&word.to_lowercase().as_str()) {
                wrong.push(format!("{file}: {key}: English word {word:?} in {text:?}"));
            }
        }
        // A space (or a no-break space) before : ; ? ! — not in times (21:43) or symbols (:)).
        let chars: Vec<char> = text.chars().collect();
        for (i, &c) in chars.iter().enumerate() {
            if matches!(c, ':' | ';' | '?' | '!') && i > 0 {
                let before = chars[i - 1];
                let after = chars.get(i + 1).copied().unwrap_or(' ');
                let spaced = before == ' ' || before == '\u{a0}' || before == '\u{202f}';
                let time = before.is_ascii_digit() && after.is_ascii_digit();
                if !(spaced || time) {
                    wrong.push(format!("{file}: {key}: no space before {c:?} in {text:?}"));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Every figure statistics keep has its name in both languages (the keys are made from the
/// games' lists, so the scan of the code above does not see them).
#[test]
fn every_figure_has_its_name() {
    use marque_core::games::GameKind;
    for g in GameKind::ALL {
        let names = g
            .sums()
            .iter()
            .chain(g.bests())
            .copied()
            .chain(g.ratios().iter().map(|r| r.name));
        for name in names {
            let key = marque_core::stats::figure_key(g, name);
            for lang in Lang::ALL {
                assert!(has_key(lang, &key), "{key} has no {lang:?} text");
            }
        }
    }
}

/// Nouns a count comes before, in both languages: with every argument at 1, none may follow a
/// lone "1" (a count written without a plural selector reads "1 points").
const COUNTED: [&str; 30] = [
    "points",
    "manches",
    "tribus",
    "levées",
    "entrées",
    "donnes",
    "tours",
    "brasses",
    "cartes",
    "plis",
    "robres",
    "parties",
    "victoires",
    "joueurs",
    "annonces",
    "relances",
    "couleurs",
    "tricks",
    "deals",
    "rounds",
    "cards",
    "games",
    "players",
    "entries",
    "sessions",
    "victories",
    "rubbers",
    "raises",
    "suits",
    "pairs",
];

/// Texts whose count is never 1 (with why), which may keep one form.
const NEVER_ONE: [&str; 6] = [
    "democratie.line.tribu",    // the points that make a tribu: 13 at least
    "bridge.line.rubber",       // the winner's games: always 2
    "ascenseur.err.game_over",  // the rounds of a game: 3 at least
    "le2500.err.too_many",      // more cards of a rank than the packs hold: 9 at least
    "truc.err.too_many_tricks", // more than the 3 tricks of a deal
    "file.players_count",       // the players a game takes: 2 at least
];

/// A number argument written straight before a counted noun (`{ $n } points`) must choose its
/// form with a selector (`{ $n -> [one] { $n } point *[other] { $n } points }`).
#[test]
fn a_count_is_never_written_before_a_plural_without_its_selector() {
    let mut wrong = Vec::new();
    for (file, key, lang, text) in texts() {
        if NEVER_ONE.contains(&key.as_str()) {
            continue;
        }
        for (i, _) in text.match_indices("{ $") {
            let rest = &text[i + 3..];
            let end = rest
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            // A selector (`{ $n ->`) is not a count written out.
            if !rest[end..].starts_with(" }") {
                continue;
            }
            // Inside a selector's variant the form is chosen already.
            let before = &text[..i];
            if before.matches("->").count() > before.matches("\n}").count() {
                continue;
            }
            let word: String = rest[end + 2..]
                .trim_start_matches(' ')
                .chars()
                .take_while(|c| c.is_alphanumeric())
                .collect();
            if rest[end + 2..].starts_with(' ') && COUNTED.contains(&word.as_str()) {
                wrong.push(format!("{file}: {key} ({}): {text}", lang.code()));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Each event a game takes is explained on its form in that game's words only (issue 40: the
/// 2500's adjustment explained bridge and the truc): a text per game and event, in both
/// languages, naming no other game.
#[test]
fn each_games_events_are_explained_in_its_own_words() {
    use marque_core::games::GameKind;
    marque::init_texts();
    for game in GameKind::ALL {
        for kind in game.events() {
            let key = format!("event.help.{}.{}", game.id(), kind.id());
            for lang in [Lang::Fr, Lang::En] {
                assert!(has_key(lang, &key), "{key} has no {} text", lang.code());
                let text = marque_core::i18n::tr(lang, &key).to_lowercase();
                for other in GameKind::ALL.into_iter().filter(|g| *g != game) {
                    let name = marque_core::i18n::tr(lang, other.name_key()).to_lowercase();
                    let word = name
                        .split(['(', ' '])
                        .next_back()
                        .unwrap_or_default()
                        .to_string();
                    assert!(
                        !(text.contains(&name) || word.len() > 3 && text.contains(&word)),
                        "{key} speaks of {name}: {text}"
                    );
                }
                for word in ["bridge", "truc", "robre", "rubber"] {
                    assert!(
                        game == GameKind::Bridge && word != "truc"
                            || game == GameKind::Truc && word == "truc"
                            || !text.contains(word),
                        "{key} speaks of {word}: {text}"
                    );
                }
            }
        }
    }
}

/// What stands alone on a line (a merge's report, the way to pick) begins with a capital, in
/// both languages (issue 40).
#[test]
fn lines_that_stand_alone_begin_with_a_capital() {
    marque::init_texts();
    for key in [
        "merge.nothing",
        "merge.apart",
        "merge.aside",
        "merge.how_to_pick",
        "merge.choices_changed",
        "merge.seen_needed",
        "ui.people.unread",
        "ui.share.started",
    ] {
        for lang in [Lang::Fr, Lang::En] {
            let text = marque_core::i18n::tr(lang, key);
            let first = text.chars().find(|c| c.is_alphabetic() || *c == '-');
            assert!(
                first.is_some_and(|c| c.is_uppercase() || c == '-'),
                "{key} ({}): {text}",
                lang.code()
            );
        }
    }
}
