//! The README's layout stays true (issue 42): every file or folder it names is there, and every
//! file and folder of the app's, the core's and the store's sources, at every depth, is named
//! in it (a file by its name or its path; a `mod.rs` by its folder).
#![allow(clippy::unwrap_used, clippy::expect_used, reason = "tests fail loudly")]

use std::path::{Path, PathBuf};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");
const CORE: &str = "crates/marque-core";
const STORE: &str = "crates/marque-store";

/// The README's "Layout" section.
fn layout() -> String {
    let readme = std::fs::read_to_string(Path::new(ROOT).join("README.md")).unwrap();
    let start = readme.find("\n## Layout").expect("a Layout section");
    let rest = &readme[start + 1..];
    let end = rest[3..].find("\n## ").map_or(rest.len(), |e| e + 3);
    rest[..end].to_string()
}

/// Each bullet of the section (its lines joined), with how deep it sits.
fn bullets(text: &str) -> Vec<(usize, String)> {
    let mut out: Vec<(usize, String)> = Vec::new();
    for line in text.lines() {
        let trimmed = line.trim_start();
        let depth = (line.len() - trimmed.len()) / 2;
        if let Some(b) = trimmed.strip_prefix("- ") {
            out.push((depth, b.to_string()));
        } else if let Some(last) = out.last_mut()
            && !trimmed.is_empty()
        {
            last.1.push(' ');
            last.1.push_str(trimmed);
        }
    }
    out
}

/// The names between backticks.
fn quoted(text: &str) -> Vec<String> {
    text.split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

/// Whether a quoted name is a path of the tree (a file with an extension we keep, or a
/// folder), not code or a command.
fn looks_like_a_path(name: &str) -> bool {
    let file = [".rs", ".json", ".js", ".css", ".md", ".sh", ".py"]
        .iter()
        .any(|e| name.ends_with(e));
    let folder = name.ends_with('/') && !name.contains(' ');
    (file || folder) && !name.starts_with('.') && !name.contains(['*', '(', ' '])
}

/// Whether `name` is somewhere under `dir` (itself, or in a folder of it).
fn under(dir: &Path, name: &str) -> bool {
    let name = name.trim_end_matches('/');
    if dir.join(name).exists() {
        return true;
    }
    std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .any(|e| {
            let p = e.path();
            p.is_dir() && under(&p, name)
        })
}

#[test]
fn every_name_the_layout_gives_is_there() {
    let root = PathBuf::from(ROOT);
    let mut missing = Vec::new();
    for (_, text) in bullets(&layout()) {
        for name in quoted(&text).into_iter().filter(|n| looks_like_a_path(n)) {
            // A path from the workspace's root or from the core's; a file named alone, in
            // one of the tree's folders.
            let bases = [
                root.clone(),
                root.join("src"),
                root.join(CORE),
                root.join(CORE).join("src"),
                root.join(STORE).join("src"),
            ];
            let found = if name.trim_end_matches('/').contains('/') {
                bases.iter().any(|b| b.join(&name).exists())
            } else {
                root.join(&name).exists()
                    || root.join(CORE).join(&name).exists()
                    || [
                        "src",
                        "tests",
                        "benches",
                        "assets",
                        "packaging",
                        "locales",
                        CORE,
                        STORE,
                    ]
                    .iter()
                    .any(|d| under(&root.join(d), &name))
            };
            if !found {
                missing.push(name);
            }
        }
    }
    assert!(
        missing.is_empty(),
        "the layout names what is not there: {missing:?}"
    );
}

#[test]
fn every_file_and_folder_at_the_top_of_the_sources_is_named() {
    let text = layout();
    let names = quoted(&text);
    let mut unnamed = Vec::new();
    for (dir, shown) in [
        ("src", "src/"),
        (&format!("{CORE}/src") as &str, "src/"),
        (&format!("{STORE}/src"), ""),
    ] {
        for e in std::fs::read_dir(Path::new(ROOT).join(dir)).unwrap() {
            let e = e.unwrap();
            let mut name = e.file_name().to_string_lossy().into_owned();
            if e.path().is_dir() {
                name.push('/');
            }
            let as_named = format!("{shown}{name}");
            let whole = format!("{dir}/{name}");
            let named = names
                .iter()
                .any(|n| n == &as_named || n.starts_with(&as_named) || n == &name || n == &whole);
            if !named {
                unnamed.push(format!("{dir}/{name}"));
            }
        }
    }
    assert!(unnamed.is_empty(), "the layout does not name: {unnamed:?}");
}

#[test]
fn a_bullet_is_read_with_its_lines() {
    let b = bullets("- `a/` — one\n  two `b.rs`\n  - `c/` three\n");
    assert_eq!(
        b,
        [
            (0, "`a/` — one two `b.rs`".into()),
            (1, "`c/` three".into())
        ]
    );
    assert_eq!(quoted("x `a.rs` y `b/` z"), ["a.rs", "b/"]);
    assert!(looks_like_a_path("src/games/") && !looks_like_a_path("cargo test -p x"));
}

/// How many files under `bases` (at every depth) have each name.
fn name_counts(bases: &[PathBuf]) -> std::collections::HashMap<String, usize> {
    let mut count = std::collections::HashMap::<String, usize>::new();
    let mut all = bases.to_vec();
    while let Some(dir) = all.pop() {
        for e in std::fs::read_dir(&dir).unwrap() {
            let path = e.unwrap().path();
            if path.is_dir() {
                all.push(path);
            } else {
                let name = path.file_name().unwrap().to_string_lossy().into_owned();
                *count.entry(name).or_default() += 1;
            }
        }
    }
    count
}

/// Every file and folder under `base` (at every depth) that `names` does not name: a file by
/// its name where no other file of the sources has that name (`count`, over every crate's),
/// else by its path from any folder above it (`sheet/entry.rs`); a `mod.rs` (a name every
/// folder has) by its path or its folder's; a folder by its name with a slash.
fn unnamed_in(
    names: &[String],
    base: &Path,
    count: &std::collections::HashMap<String, usize>,
) -> Vec<String> {
    // A path names `rel` when it is `rel`'s last segments, whole (`sheet/entry.rs`, not
    // `view.rs` for `preview.rs`).
    let ends = |rel: &str| {
        names.iter().filter(|n| n.contains('/')).any(|n| {
            let n = n.trim_start_matches("src/");
            rel == n || rel.ends_with(&format!("/{n}"))
        })
    };
    let mut out = Vec::new();
    let mut dirs = vec![base.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for e in std::fs::read_dir(&dir).unwrap() {
            let path = e.unwrap().path();
            let rel = path
                .strip_prefix(base)
                .unwrap()
                .to_string_lossy()
                .into_owned();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let named = if path.is_dir() {
                dirs.push(path.clone());
                names.contains(&format!("{name}/")) || ends(&format!("{rel}/"))
            } else if ["mod.rs", "lib.rs", "main.rs"].contains(&name.as_str()) {
                let folder = rel.rsplit_once('/').map_or("", |(f, _)| f);
                let folder_name = folder.rsplit('/').next().unwrap_or("");
                ends(&rel)
                    || (!folder.is_empty()
                        && (names.contains(&format!("{folder_name}/"))
                            || ends(&format!("{folder}/"))))
                    || (folder.is_empty() && names.contains(&name))
            } else {
                // A file at a crate's top is named by its path from the workspace's root.
                let whole = names.iter().any(|n| {
                    n.starts_with("crates/") && path.to_string_lossy().ends_with(&format!("/{n}"))
                });
                (names.contains(&name) && count.get(&name) == Some(&1)) || ends(&rel) || whole
            };
            if !named {
                out.push(rel);
            }
        }
    }
    out.sort();
    out
}

#[test]
fn every_file_and_folder_of_the_sources_is_named_at_every_depth() {
    let names = quoted(&layout());
    let mut unnamed = Vec::new();
    let dirs = ["src", &format!("{CORE}/src"), &format!("{STORE}/src")].map(|d| d.to_string());
    let count = name_counts(&dirs.clone().map(|d| Path::new(ROOT).join(d)));
    for dir in &dirs {
        for rel in unnamed_in(&names, &Path::new(ROOT).join(dir), &count) {
            unnamed.push(format!("{dir}/{rel}"));
        }
    }
    assert!(unnamed.is_empty(), "the layout does not name: {unnamed:?}");
}

/// A planted file the layout does not name is found, however deep; one named by its path,
/// and a folder's `mod.rs` by its folder, are not.
#[test]
fn an_unnamed_file_deep_down_is_found() {
    let dir = tempfile::tempdir().unwrap();
    let deep = dir.path().join("games").join("tarot");
    std::fs::create_dir_all(&deep).unwrap();
    for f in ["mod.rs", "hand.rs", "secret.rs"] {
        std::fs::write(deep.join(f), "").unwrap();
    }
    let names: Vec<String> = ["games/", "tarot/", "tarot/hand.rs", "src/cret.rs"]
        .map(String::from)
        .to_vec();
    // (`src/cret.rs` is not `secret.rs`: a path names whole segments.)
    assert_eq!(
        unnamed_in(
            &names,
            dir.path(),
            &name_counts(&[dir.path().to_path_buf()])
        ),
        ["games/tarot/secret.rs"]
    );
}

/// A bare name that two files have names neither: each is named by its path.
#[test]
fn a_name_two_files_have_names_neither() {
    let dir = tempfile::tempdir().unwrap();
    for d in ["serve", "sheet"] {
        std::fs::create_dir_all(dir.path().join(d)).unwrap();
        std::fs::write(dir.path().join(d).join("stakes.rs"), "").unwrap();
    }
    let bare: Vec<String> = ["serve/", "sheet/", "stakes.rs"].map(String::from).to_vec();
    let count = name_counts(&[dir.path().to_path_buf()]);
    assert_eq!(
        unnamed_in(&bare, dir.path(), &count),
        ["serve/stakes.rs", "sheet/stakes.rs"]
    );
    let one: Vec<String> = ["serve/", "sheet/", "stakes.rs", "sheet/stakes.rs"]
        .map(String::from)
        .to_vec();
    assert_eq!(unnamed_in(&one, dir.path(), &count), ["serve/stakes.rs"]);
}
