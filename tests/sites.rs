//! Game knowledge stays in the games: outside `crates/marque-core/src/games/` (the rules and
//! their presentation half, `Face`) and `src/ui/forms/` (each game's entry form), no code names
//! a game: no `GameKind::Bridge`, `HandInfo::Truc(…)`, `Live::Ascenseur(…)`, no
//! `games::le2500::…`, no `"democratie"` or `"bridge.…"` literal; and no identifier or text key
//! says a game's own words ([`GAME_WORDS`]: `next_rubber`, `"ui.will_end.chukker"`,
//! `fn chicago`): what the sheet calls a game's part, how its players sit, how its statistics
//! count, the game says through its `Face`. A sixth game then costs its module, its form and
//! its texts, and no renderer.
//!
//! A site that must stay goes in [`ALLOWED`] with its reason; this test lists every other one
//! and fails.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::let_underscore_must_use,
    reason = "a test fails loudly where its setting up does"
)]

mod common;
use std::path::{Path, PathBuf};

use marque_core::games::GameKind;

/// Sites allowed outside the games and the forms: (file, the text of the site, why).
const ALLOWED: &[(&str, &str, &str)] = &[];

/// Each game's words for its own things, besides its id and its module's name: its parts
/// (rubbers, chukkers, manches, brasses) and what its hands hold (a contract, vulnerability,
/// honours, a poignée, a chelem, the taker). Matched as whole words of an identifier
/// (`next_rubber`, `ChartRubber`) or of a text key (`ui.chart.chukker`), a plural too.
const GAME_WORDS: &[&str] = &[
    "rubber",
    "chukker",
    "chicago",
    "contract",
    "vul",
    "vulnerable",
    "vulnerability",
    "honours",
    "robre",
    "manche",
    "retruc",
    "brasse",
    "poignee",
    "chelem",
    "preneur",
    "excuse",
];

/// The enums that have one variant per game.
const PER_GAME: [&str; 5] = ["GameKind", "HandInfo", "Live", "GameHand", "GameOptions"];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The games' modules, as `games/` holds them (a file or a folder each).
fn modules(games: &Path) -> Vec<String> {
    std::fs::read_dir(games)
        .unwrap()
        .map(|e| e.unwrap().path())
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .filter(|m| {
            ![
                "mod", "all", "face", "json", "keys", "kind", "kit", "rules", "stakes", "table",
            ]
            .contains(&m.as_str())
        })
        .collect()
}

/// The identifier that starts `text`.
fn ident(text: &str) -> &str {
    let end = text
        .find(|c: char| !c.is_alphanumeric() && c != '_')
        .unwrap_or(text.len());
    &text[..end]
}

/// The words of an identifier or a text key: `ChartRubber`, `next_rubber` and
/// `ui.chart.rubber` each hold `rubber`.
fn words_of(token: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut prev_lower = false;
    for c in token.chars() {
        if c == '_' || c == '.' || c == '-' {
            out.push(std::mem::take(&mut word));
            prev_lower = false;
            continue;
        }
        if c.is_uppercase() && prev_lower {
            out.push(std::mem::take(&mut word));
        }
        prev_lower = c.is_lowercase() || c.is_ascii_digit();
        word.extend(c.to_lowercase());
    }
    out.push(word);
    out.retain(|w| !w.is_empty());
    out
}

/// Each site of `line` that names a game.
fn sites(line: &str, variants: &[String], modules: &[String], ids: &[&str]) -> Vec<String> {
    let mut found = Vec::new();
    for (at, _) in line.match_indices("::") {
        let before = &line[..at];
        let owner = &before[before
            .rfind(|c: char| !c.is_alphanumeric() && c != '_')
            .map_or(0, |i| i + 1)..];
        let name = ident(&line[at + 2..]);
        if (PER_GAME.contains(&owner) && variants.iter().any(|v| v == name))
            || (owner == "games" && modules.iter().any(|m| m == name))
        {
            found.push(format!("{owner}::{name}"));
        }
    }
    for id in ids {
        for end in ['"', '.'] {
            let needle = format!("\"{id}{end}");
            if line.contains(&needle) {
                found.push(needle);
            }
        }
    }
    let tokens = line.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '.' || c == '-'));
    for token in tokens.filter(|t| t.starts_with(|c: char| c.is_alphabetic() || c == '_')) {
        let words = words_of(token);
        let game_word = words.iter().any(|w| {
            let one = w.strip_suffix('s').unwrap_or(w);
            GAME_WORDS.contains(&w.as_str())
                || GAME_WORDS.contains(&one)
                || modules.iter().any(|m| m == w)
        });
        // A site the scans above found already (`GameKind::Bridge`, `"bridge.`) is not
        // found twice.
        let seen = found.iter().any(|f: &String| {
            let f = f.trim_matches(|c| c == '"' || c == '.').to_lowercase();
            let t = token.to_lowercase();
            f.contains(&t) || t.contains(f.rsplit("::").next().unwrap_or(&f))
        });
        if game_word && !seen {
            found.push(token.to_string());
        }
    }
    found
}

#[test]
fn no_code_outside_the_games_and_their_forms_names_a_game() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let games = root.join("crates/marque-core/src/games");
    let forms = root.join("src/ui/forms");
    // The evening of several tables (`club-rules.md`) is by its spec an evening of bridge
    // pairs, bridge teams or Tarot tables: its kinds and their words are its own.
    let club = root.join("crates/marque-core/src/club");
    let variants: Vec<String> = GameKind::ALL.iter().map(|g| format!("{g:?}")).collect();
    let ids: Vec<&str> = GameKind::ALL.iter().map(|g| g.id()).collect();
    let modules = modules(&games);
    assert_eq!(modules.len(), GameKind::ALL.len(), "{modules:?}");
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    rust_files(&root.join("crates/marque-core/src"), &mut files);
    rust_files(&root.join("crates/marque-store/src"), &mut files);
    assert!(files.len() > 20, "the sources were found");
    let mut seen = Vec::new();
    for f in files {
        if f.starts_with(&games) || f.starts_with(&forms) || f.starts_with(&club) {
            continue;
        }
        let text = std::fs::read_to_string(&f).unwrap();
        // The code, not its unit tests, which may build any game's session.
        let code = text.split("#[cfg(test)]").next().unwrap_or_default();
        let name = f.strip_prefix(root).unwrap().display().to_string();
        for (n, line) in code.lines().enumerate() {
            if line.trim_start().starts_with("//") {
                continue;
            }
            for site in sites(line, &variants, &modules, &ids) {
                let allowed = ALLOWED.iter().any(|(f, s, _)| *f == name && *s == site);
                if !allowed {
                    seen.push(format!("{name}:{}: {site}", n + 1));
                }
            }
        }
    }
    assert!(
        seen.is_empty(),
        "game knowledge outside the games (move it to the game's Face, or allow it with a \
         reason):\n{}",
        seen.join("\n")
    );
}

/// The scan finds what it looks for: each kind of site in a line of code.
#[test]
fn the_scan_finds_each_kind_of_site() {
    let variants = vec!["Bridge".to_string(), "Truc".to_string()];
    let modules = vec!["bridge".to_string(), "le2500".to_string()];
    let ids = ["bridge", "2500"];
    let found = |l: &str| sites(l, &variants, &modules, &ids);
    assert_eq!(found("if game == GameKind::Bridge {"), ["GameKind::Bridge"]);
    assert_eq!(found("let HandInfo::Truc(t) = info"), ["HandInfo::Truc"]);
    assert_eq!(found("crate::games::le2500::Card"), ["games::le2500"]);
    assert_eq!(found(r#"tr(lang, "bridge.we")"#), [r#""bridge."#]);
    assert_eq!(found(r#"id == "2500""#), [r#""2500""#]);
    assert!(found("GameKind::ALL, games::Face, \"bridges\"").is_empty());
    // A game's own words, in identifiers and keys.
    assert_eq!(found("open.next_rubber = true;"), ["open.next_rubber"]);
    assert_eq!(found("Command::ChartRubber(r)"), ["ChartRubber"]);
    assert_eq!(
        found(r#"tr(lang, "ui.will_end.chukker")"#),
        ["ui.will_end.chukker"]
    );
    assert_eq!(found("fn chicago(papers: &[Paper]) -> bool {"), ["chicago"]);
    assert_eq!(found("let is_bridge = true;"), ["is_bridge"]);
    assert!(found("let part = parts.last(); let contracted = 1;").is_empty());
}

/// Number words a text could count Marque's games with, in both languages (from four: a
/// rubber's "two games" are bridge's own).
const COUNTS: &[&str] = &[
    "quatre", "cinq", "six", "sept", "huit", "four", "five", "six", "seven", "eight",
];

/// What in `text` counts the games by hand ("Cinq jeux :", "the 5 games"), or lists some of
/// their ids but not all (`ids`): a count or a list that drifts when a game comes.
fn counts_the_games(text: &str, ids: &[&str]) -> Option<String> {
    let lower = text.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    for pair in words.windows(2) {
        let counted = COUNTS.contains(&pair[0]) || pair[0].parse::<u32>().is_ok_and(|n| n >= 4);
        if counted && matches!(pair[1], "jeux" | "games") {
            return Some(format!("«{} {}» in {text:?}", pair[0], pair[1]));
        }
    }
    let named = ids.iter().filter(|id| words.contains(id)).count();
    (named >= 3 && named < ids.len()).then(|| format!("{named} of the games listed in {text:?}"))
}

/// Every text of the locale files and of the command line's help: no count of the games, no
/// list of some of them, so that a text cannot drift when a game comes.
#[test]
fn no_text_counts_or_lists_the_games_by_hand() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let ids: Vec<&str> = GameKind::ALL.iter().map(|g| g.id()).collect();
    let mut texts: Vec<String> = Vec::new();
    for dir in [
        root.join("locales"),
        root.join("crates/marque-core/locales"),
    ] {
        for e in std::fs::read_dir(dir).unwrap() {
            let v: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(e.unwrap().path()).unwrap()).unwrap();
            for langs in v.as_object().unwrap().values() {
                for t in langs.as_object().into_iter().flat_map(|m| m.values()) {
                    texts.extend(t.as_str().map(str::to_string));
                }
            }
        }
    }
    assert!(texts.len() > 500, "the locale files were read");
    let help = |args: &[&str]| String::from_utf8(common::marque(args).stdout).unwrap();
    let top = help(&["--help"]);
    texts.extend(top.lines().map(str::to_string));
    let subcommands: Vec<String> = top
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .filter(|c| c != "help")
        .collect();
    assert!(subcommands.len() > 10, "{subcommands:?}");
    for c in &subcommands {
        texts.extend(help(&[c, "--help"]).lines().map(str::to_string));
    }
    let found: Vec<String> = texts
        .iter()
        .filter_map(|t| counts_the_games(t, &ids))
        .collect();
    assert!(
        found.is_empty(),
        "texts that count the games:\n{}",
        found.join("\n")
    );
}

/// The scan of the texts finds a count and a short list, and passes the whole list.
#[test]
fn the_scan_of_the_texts_finds_a_count_and_a_short_list() {
    let ids: Vec<&str> = GameKind::ALL.iter().map(|g| g.id()).collect();
    assert!(counts_the_games("Cinq jeux :", &ids).is_some());
    assert!(counts_the_games("the 5 games of Marque", &ids).is_some());
    assert!(counts_the_games("one game only (truc, bridge, ascenseur, 2500)", &ids).is_some());
    assert!(counts_the_games(&format!("({})", ids.join(", ")), &ids).is_none());
    assert!(counts_the_games("Les jeux de Marque :", &ids).is_none());
}
