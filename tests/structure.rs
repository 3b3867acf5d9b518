//! The house's rules between rooms, measured from the code: every path a file names
//! (`use crate::…`, `super::…`, `marque_core::…`, in `use` lines and in the code) is an arrow to
//! the module file it reaches (a path to an exported macro reaches the file that defines it).
//! An alias of a path (`use crate as store;`) is followed: `store::save` is `crate::save`.
//! Every arrow counts, a module's arrows to its own parents included: a screen draws what the
//! shell hands it and reaches nothing above it (no `super::App`), and a folder's files reach
//! their siblings, never the folder's `mod.rs` (a `mod.rs` or `lib.rs` declares and re-exports;
//! what its children share lives in a sibling). Then:
//!
//! - no circle: no two files reach each other, however far round;
//! - no arrow up: no file reaches a module above it (its folder's `mod.rs`, its crate's root);
//! - the core's rooms (its top modules: `games`, `session`, `history`…) make no circle either:
//!   the rules know nothing of sessions, sessions nothing of what reads them;
//! - the layers: the core reaches nothing of the store or the app; the store (with the
//!   document) nothing of the app, as its crate's dependencies already hold; the other rooms
//!   under the window reach nothing of `ui/` or `cli/`; the command line nothing of `ui/`.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::let_underscore_must_use,
    reason = "a test fails loudly where its setting up does"
)]
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A crate's source root (the app's first, then the core's, then the store's), and the files
/// of its exported macros (`#[macro_export]` puts them at the crate's root; a path to one
/// reaches the file that defines it).
struct Krate {
    root: PathBuf,
    macros: BTreeMap<String, PathBuf>,
}

/// The macros a crate exports, by name, with the file of each.
fn exported_macros(root: &Path) -> BTreeMap<String, PathBuf> {
    let mut files = Vec::new();
    rust_files(root, &mut files);
    let mut out = BTreeMap::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        for (i, _) in text.match_indices("#[macro_export]") {
            let after = &text[i..];
            if let Some(j) = after.find("macro_rules!") {
                let name: String = after[j + "macro_rules!".len()..]
                    .trim_start()
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                out.insert(name, f.clone());
            }
        }
    }
    out
}

fn crates() -> [Krate; 3] {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    [
        Krate {
            root: here.join("src"),
            macros: exported_macros(&here.join("src")),
        },
        Krate {
            root: here.join("crates/marque-core/src"),
            macros: exported_macros(&here.join("crates/marque-core/src")),
        },
        Krate {
            root: here.join("crates/marque-store/src"),
            macros: exported_macros(&here.join("crates/marque-store/src")),
        },
    ]
}

/// A file's module path in its crate: `ui/sheet/entry.rs` is `ui::sheet::entry`.
fn module_of(root: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(root).unwrap();
    let mut parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    let last = parts.pop().unwrap_or_default();
    let stem = last.trim_end_matches(".rs");
    if stem != "mod" && stem != "lib" && stem != "main" {
        parts.push(stem.to_string());
    }
    parts
}

/// The file of a module path, if there is one.
fn file_of(root: &Path, module: &[String]) -> Option<PathBuf> {
    if module.is_empty() {
        return Some(root.join("lib.rs"));
    }
    let base = module.iter().fold(root.to_path_buf(), |p, m| p.join(m));
    let flat = base.with_extension("rs");
    let nested = base.join("mod.rs");
    [flat, nested].into_iter().find(|p| p.is_file())
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The code without comments and without the tests inside it (`#[cfg(test)]` modules).
fn code(text: &str) -> String {
    let text = match text.find("#[cfg(test)]") {
        Some(at) => &text[..at],
        None => text,
    };
    text.lines()
        .map(|l| match l.find("//") {
            Some(at) => &l[..at],
            None => l,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Where the paths the code names start: its own crate, its module's parent or itself, a
/// crate of the workspace by name.
const ROOTS: [&str; 6] = [
    "crate",
    "super",
    "self",
    "marque_core",
    "marque_store",
    "marque",
];

/// Every path the code names from a root (`crate`, `super`, `self`, a crate's name), braces
/// of `use` lines expanded: each as its segments.
fn paths(code: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let bytes: Vec<char> = code.chars().collect();
    let mut i = 0;
    let word = |i: usize| {
        bytes
            .get(i)
            .is_some_and(|c| c.is_alphanumeric() || *c == '_')
    };
    while i < bytes.len() {
        if word(i) && (i == 0 || !word(i - 1) && bytes[i - 1] != ':') {
            let start = i;
            while word(i) {
                i += 1;
            }
            let first: String = bytes[start..i].iter().collect();
            if ROOTS.contains(&first.as_str()) && bytes.get(i) == Some(&':') {
                let (found, end) = tree(&bytes, start);
                out.extend(found);
                i = end;
            }
            continue;
        }
        i += 1;
    }
    out
}

/// The aliases of a path from a root inside one level of braces (`crate::{self as s, x::y as
/// z}`): each alias and the path it names (`s` is `crate`, `z` is `crate::x::y`). Braces within
/// braces are not read (the code has none that alias).
fn braced_aliases(used: &str) -> Vec<(String, String)> {
    let Some((prefix, inner)) = used.split_once('{') else {
        return Vec::new();
    };
    let Some(inner) = inner.rsplit_once('}').map(|(i, _)| i) else {
        return Vec::new();
    };
    let prefix = prefix.trim();
    let root = prefix.split("::").next().unwrap_or("");
    if inner.contains('{') || !ROOTS.contains(&root) {
        return Vec::new();
    }
    inner
        .split(',')
        .filter_map(|item| item.split_once(" as "))
        .map(|(p, a)| (p.trim(), a.trim()))
        .filter(|(_, a)| !a.is_empty() && !a.contains(char::is_whitespace) && *a != "_")
        .map(|(p, a)| {
            let path = match p {
                "self" => prefix.trim_end_matches("::").to_string(),
                _ => format!("{prefix}{p}"),
            };
            (a.to_string(), path)
        })
        .collect()
}

/// The code with each alias of a path from a root (`use crate as store;`, `use super::sheet as
/// s;`, `use crate::{self as s}`) put back as the path it names wherever it starts a path
/// (`store::save(…)` is `crate::save(…)`): an arrow through an alias is an arrow all the same.
fn unaliased(code: &str) -> String {
    // Every `use … as …;`, wherever it stands (after `pub(…)`, an attribute, a brace).
    let mut aliases: Vec<(String, String)> = Vec::new();
    let mut from = 0;
    while let Some(at) = code[from..].find("use ") {
        let start = from + at;
        from = start + 4;
        let before = code[..start].chars().last();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let Some(end) = code[start..].find(';') else {
            break;
        };
        let used = &code[start + 4..start + end];
        if used.contains('{') {
            aliases.extend(braced_aliases(used));
            continue;
        }
        let Some((path, alias)) = used.split_once(" as ") else {
            continue;
        };
        let (path, alias) = (path.trim(), alias.trim());
        let root = path.split("::").next().unwrap_or("");
        if ROOTS.contains(&root) && !path.contains('{') && !alias.contains(char::is_whitespace) {
            aliases.push((alias.to_string(), path.to_string()));
        }
    }
    let mut out = code.to_string();
    for (alias, path) in aliases {
        let from = format!("{alias}::");
        let mut next = String::with_capacity(out.len());
        let mut rest = out.as_str();
        while let Some(at) = rest.find(&from) {
            let before = rest[..at].chars().last();
            let starts = before.is_none_or(|c| !(c.is_alphanumeric() || c == '_' || c == ':'));
            next.push_str(&rest[..at]);
            next.push_str(if starts { &path } else { &alias });
            next.push_str("::");
            rest = &rest[at + from.len()..];
        }
        next.push_str(rest);
        out = next;
    }
    out
}

/// The paths of a `use` tree (or a plain path) starting at `i`: `a::b::{c, d::e}`.
fn tree(bytes: &[char], mut i: usize) -> (Vec<Vec<String>>, usize) {
    let mut prefix = Vec::new();
    loop {
        let start = i;
        while bytes
            .get(i)
            .is_some_and(|c| c.is_alphanumeric() || *c == '_')
        {
            i += 1;
        }
        if i > start {
            prefix.push(bytes[start..i].iter().collect::<String>());
        }
        if bytes.get(i) == Some(&':') && bytes.get(i + 1) == Some(&':') {
            i += 2;
            while bytes.get(i).is_some_and(|c| c.is_whitespace()) {
                i += 1;
            }
            if bytes.get(i) == Some(&'{') {
                i += 1;
                let mut out = Vec::new();
                loop {
                    while bytes.get(i).is_some_and(|c| c.is_whitespace() || *c == ',') {
                        i += 1;
                    }
                    match bytes.get(i) {
                        None => return (out, i),
                        Some('}') => return (out, i + 1),
                        _ => {}
                    }
                    let (inner, end) = tree(bytes, i);
                    for p in inner {
                        let mut whole = prefix.clone();
                        whole.extend(p);
                        out.push(whole);
                    }
                    if end == i {
                        i += 1;
                    } else {
                        i = end;
                    }
                    // Skip `as name` and the rest of this item.
                    while bytes.get(i).is_some_and(|c| *c != ',' && *c != '}') {
                        i += 1;
                    }
                }
            }
            continue;
        }
        return (vec![prefix], i);
    }
}

/// Where a path from module `here` of crate `k` goes: the file of its longest module prefix.
fn target(kr: &[Krate; 3], k: usize, here: &[String], path: &[String]) -> Option<(usize, PathBuf)> {
    // A crate's bare name (a word in a message) reaches nothing.
    if path.len() < 2 {
        return None;
    }
    let (krate, mut module, rest): (usize, Vec<String>, &[String]) = match path.first()?.as_str() {
        "crate" => (k, Vec::new(), &path[1..]),
        "marque" => (0, Vec::new(), &path[1..]),
        "marque_core" => (1, Vec::new(), &path[1..]),
        "marque_store" => (2, Vec::new(), &path[1..]),
        "self" => (k, here.to_vec(), &path[1..]),
        "super" => {
            let mut m = here.to_vec();
            let mut rest = path;
            while rest.first().is_some_and(|s| s == "super") {
                m.pop();
                rest = &rest[1..];
            }
            (k, m, rest)
        }
        _ => return None,
    };
    if let [name] = rest
        && module.is_empty()
        && let Some(f) = kr[krate].macros.get(name)
    {
        return Some((krate, f.clone()));
    }
    let mut best = file_of(&kr[krate].root, &module);
    for seg in rest {
        module.push(seg.clone());
        match file_of(&kr[krate].root, &module) {
            Some(f) => best = Some(f),
            None => break,
        }
    }
    best.map(|f| (krate, f))
}

/// Every file's arrows to the files it reaches, a module's own parents included (a screen
/// reaching `super::App` is an arrow up).
fn graph() -> BTreeMap<PathBuf, BTreeSet<PathBuf>> {
    let kr = crates();
    let mut g: BTreeMap<PathBuf, BTreeSet<PathBuf>> = BTreeMap::new();
    for (k, krate) in kr.iter().enumerate() {
        let mut files = Vec::new();
        rust_files(&krate.root, &mut files);
        for f in files {
            let here = module_of(&krate.root, &f);
            let text = std::fs::read_to_string(&f).unwrap();
            let arrows = g.entry(f.clone()).or_default();
            for p in paths(&unaliased(&code(&text))) {
                if let Some((_, t)) = target(&kr, k, &here, &p)
                    && t != f
                {
                    arrows.insert(t);
                }
            }
        }
    }
    g
}

fn short(p: &Path) -> String {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    p.strip_prefix(here).unwrap_or(p).display().to_string()
}

/// Strongly connected groups of more than one file (Tarjan).
fn circles(g: &BTreeMap<PathBuf, BTreeSet<PathBuf>>) -> Vec<Vec<String>> {
    struct T<'a> {
        g: &'a BTreeMap<PathBuf, BTreeSet<PathBuf>>,
        index: BTreeMap<&'a PathBuf, usize>,
        low: BTreeMap<&'a PathBuf, usize>,
        stack: Vec<&'a PathBuf>,
        on: BTreeSet<&'a PathBuf>,
        out: Vec<Vec<String>>,
    }
    fn visit<'a>(t: &mut T<'a>, v: &'a PathBuf) {
        let n = t.index.len();
        t.index.insert(v, n);
        t.low.insert(v, n);
        t.stack.push(v);
        t.on.insert(v);
        for w in t.g.get(v).into_iter().flatten() {
            let Some((w, _)) = t.g.get_key_value(w) else {
                continue;
            };
            if !t.index.contains_key(w) {
                visit(t, w);
                let lw = t.low[w];
                let lv = t.low.get_mut(v).unwrap();
                *lv = (*lv).min(lw);
            } else if t.on.contains(w) {
                let iw = t.index[w];
                let lv = t.low.get_mut(v).unwrap();
                *lv = (*lv).min(iw);
            }
        }
        if t.low[v] == t.index[v] {
            let mut group = Vec::new();
            while let Some(w) = t.stack.pop() {
                t.on.remove(w);
                group.push(short(w));
                if w == v {
                    break;
                }
            }
            if group.len() > 1 {
                group.sort();
                t.out.push(group);
            }
        }
    }
    let mut t = T {
        g,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on: BTreeSet::new(),
        out: Vec::new(),
    };
    for v in g.keys() {
        if !t.index.contains_key(v) {
            visit(&mut t, v);
        }
    }
    t.out
}

#[test]
fn no_import_circles() {
    let g = graph();
    assert!(g.len() > 50, "the files were found");
    let found = circles(&g);
    assert!(found.is_empty(), "import circles: {found:#?}");
}

#[test]
fn each_room_reaches_only_below_it() {
    let g = graph();
    let mut wrong = Vec::new();
    for (from, to) in &g {
        let f = short(from);
        for t in to.iter().map(|t| short(t)) {
            let below_window = !f.starts_with("src/ui/")
                && !f.starts_with("src/cli/")
                && f != "src/main.rs"
                && f != "src/lib.rs";
            let bad = (f.starts_with("crates/") && !t.starts_with("crates/"))
                || (f.starts_with("crates/marque-core/") && t.starts_with("crates/marque-store/"))
                || (below_window && (t.starts_with("src/ui/") || t.starts_with("src/cli/")))
                || (f.starts_with("src/cli/") && t.starts_with("src/ui/"));
            if bad {
                wrong.push(format!("{f} -> {t}"));
            }
        }
    }
    assert!(wrong.is_empty(), "arrows up the house: {wrong:#?}");
}

/// No file reaches a module above it: its folder's `mod.rs`, or its crate's root.
#[test]
fn no_arrow_runs_up() {
    let g = graph();
    let up: Vec<String> = g
        .iter()
        .flat_map(|(from, to)| to.iter().map(move |t| (from, t)))
        .filter(|(from, t)| {
            let root = t
                .file_name()
                .is_some_and(|n| n == "mod.rs" || n == "lib.rs");
            let folder = t.parent().unwrap();
            root && from.starts_with(folder) && from != t
        })
        .map(|(from, t)| format!("{} -> {}", short(from), short(t)))
        .collect();
    assert!(up.is_empty(), "arrows up: {up:#?}");
}

/// The core's rooms, each its top module (`games/bridge/paper.rs` is in `games`), reach each
/// other without a circle: the arrows between files, gathered by room.
#[test]
fn the_core_rooms_make_no_circle() {
    let core = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/marque-core/src");
    let room = |f: &Path| -> Option<PathBuf> {
        let rel = f.strip_prefix(&core).ok()?;
        let first = rel.components().next()?.as_os_str().to_string_lossy();
        let name = first.trim_end_matches(".rs");
        (name != "lib").then(|| PathBuf::from(name))
    };
    let mut rooms: BTreeMap<PathBuf, BTreeSet<PathBuf>> = BTreeMap::new();
    for (from, to) in &graph() {
        let Some(a) = room(from) else { continue };
        let arrows = rooms.entry(a.clone()).or_default();
        arrows.extend(to.iter().filter_map(|t| room(t)).filter(|b| *b != a));
    }
    assert!(rooms.len() >= 12, "the core's rooms were found: {rooms:?}");
    assert!(
        rooms[Path::new("games")]
            .iter()
            .all(|r| r != Path::new("session")),
        "the rules know nothing of sessions: {:?}",
        rooms[Path::new("games")]
    );
    let found = circles(&rooms);
    assert!(
        found.is_empty(),
        "circles between the core's rooms: {found:#?}"
    );
}

/// The measure itself: a circle made on purpose in a graph is found.
#[test]
fn a_circle_is_found() {
    let mut g = BTreeMap::new();
    let (a, b, c) = (PathBuf::from("a"), PathBuf::from("b"), PathBuf::from("c"));
    g.insert(a.clone(), BTreeSet::from([b.clone()]));
    g.insert(b.clone(), BTreeSet::from([c.clone()]));
    g.insert(c.clone(), BTreeSet::from([a.clone()]));
    assert_eq!(circles(&g).len(), 1);
    g.get_mut(&c).unwrap().clear();
    assert!(circles(&g).is_empty());
    // Paths in use trees are read whole.
    let p = paths("use super::{App, sheet::{Rows, rows}}; let x = marque_store::Lock::acquire(p);");
    assert!(
        p.contains(&vec!["super".into(), "sheet".into(), "Rows".into()]),
        "{p:?}"
    );
    assert!(p.contains(&vec![
        "marque_store".into(),
        "Lock".into(),
        "acquire".into()
    ]));
}

/// An alias is followed: `use crate as store;` then `store::save(…)` is an arrow to the
/// crate's root (which no file may reach); an alias of a type is left as it is.
#[test]
fn an_alias_is_followed() {
    let planted = "use crate as store;\nuse crate::x::Y as Z;\nfn f() { store::save(p); a_store::b(); Z::new(); }\nmod t {\n    #[cfg(x)] pub(super) use super::w as q;\n    fn g() { q::h(); }\n}\nuse crate::{self as root, x::y as yy};\nfn k() { root::load(); yy::z(); }";
    let p = paths(&unaliased(planted));
    assert!(
        p.contains(&vec!["crate".into(), "load".into()]),
        "an alias of the root inside braces: {p:?}"
    );
    assert!(
        p.contains(&vec!["crate".into(), "x".into(), "y".into(), "z".into()]),
        "an alias of a path inside braces: {p:?}"
    );
    assert!(p.contains(&vec!["crate".into(), "save".into()]), "{p:?}");
    assert!(
        p.contains(&vec!["super".into(), "w".into(), "h".into()]),
        "an alias after pub(super) and an attribute, in a module: {p:?}"
    );
    assert!(
        !p.iter().any(|s| s.first().is_some_and(|f| f == "a_crate")),
        "{p:?}"
    );
    // Read as the test reads the store's files, that arrow runs up to its crate's root.
    let kr = crates();
    let here = vec!["document".to_string()];
    let up = p
        .iter()
        .filter_map(|path| target(&kr, 2, &here, path))
        .any(|(_, t)| t.ends_with("marque-store/src/lib.rs"));
    assert!(up, "the alias's arrow reaches lib.rs: {p:?}");
}

/// One watcher of the data folder: only the store's `watch.rs` asks the system for one; the window
/// and the room's server subscribe to it.
#[test]
fn the_folder_has_one_watcher() {
    let mut files = Vec::new();
    for k in crates() {
        rust_files(&k.root, &mut files);
    }
    let watching: Vec<String> = files
        .iter()
        .filter(|f| {
            std::fs::read_to_string(f)
                .unwrap_or_default()
                .contains("recommended_watcher(")
        })
        .map(|f| short(f))
        .collect();
    assert_eq!(watching, ["crates/marque-store/src/watch.rs"]);
}
