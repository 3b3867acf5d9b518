//! A Marque data folder shared by two real Syncthing instances on loopback (no discovery, no
//! relays): a session made on one is listed and scored the same on the other; the app's first
//! start on the second machine leaves the club's names as they were on both; hands added on
//! both sides during a partition (the same deal alike within one second, and the next round of
//! an ascenseur evening differently) end, after `marque merge` (and a choice for the round), in
//! one session holding them all, the same bytes on both machines; what `.stignore` keeps on one
//! machine never crosses.
//!
//! Needs Debian's `syncthing` (the README's test command and `.ci/run` install it). Every wait
//! is bounded; the instances are stopped when the test ends, however it ends.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::let_underscore_must_use,
    reason = "a test fails loudly where its setting up does"
)]

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

const FOLDER: &str = "marque";
const KEY: &str = "marque-test-key";
/// The longest any one wait may take: a first connection takes about 2 s here, a file about 1.
const WAIT: Duration = Duration::from_secs(60);

fn free_port() -> u16 {
    let l = TcpListener::bind("127.0.0.1:0").expect("a free port");
    l.local_addr().expect("its address").port()
}

fn run(cmd: &mut Command) -> Output {
    let out = cmd.output().unwrap_or_else(|e| {
        panic!("{cmd:?} does not run ({e}): install syncthing (apt-get install syncthing)")
    });
    assert!(
        out.status.success(),
        "{cmd:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

fn marque(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_marque"))
        .args(args)
        .output()
        .expect("marque runs")
}

#[track_caller]
fn marque_ok(args: &[&str]) -> String {
    let out = marque(args);
    assert!(
        out.status.success(),
        "marque {args:?}: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// One Syncthing instance: its home, the Marque data folder it shares, its ports.
struct Instance {
    home: PathBuf,
    folder: PathBuf,
    gui: u16,
    listen: u16,
    id: String,
    child: Option<Child>,
}

impl Instance {
    fn new(root: &Path, name: &str) -> Instance {
        let home = root.join(format!("{name}-home"));
        let folder = root.join(format!("{name}-sessions"));
        std::fs::create_dir_all(folder.join(".stfolder")).unwrap();
        run(Command::new("syncthing").args([
            "generate",
            &format!("--home={}", home.display()),
            "--no-default-folder",
            "--skip-port-probing",
        ]));
        let out = run(Command::new("syncthing").args([
            "serve",
            &format!("--home={}", home.display()),
            "--device-id",
        ]));
        let id = String::from_utf8_lossy(&out.stdout).trim().to_string();
        Instance {
            home,
            folder,
            gui: free_port(),
            listen: free_port(),
            id,
            child: None,
        }
    }

    /// Writes the configuration: loopback only, the folder shared with `peer` (dialled at its
    /// port, or waiting for it to dial when `dial` is false).
    fn configure(&self, peer: &Instance, dial: bool) {
        let path = self.home.join("config.xml");
        let mut c = std::fs::read_to_string(&path).unwrap();
        // The first <tag> after `after` (the GUI's address, not a device's).
        let set_after = |c: &mut String, after: &str, tag: &str, value: &str| {
            let open = format!("<{tag}>");
            let close = format!("</{tag}>");
            let from = c.find(after).unwrap_or_else(|| panic!("no {after}"));
            let start = from
                + c[from..]
                    .find(&open)
                    .unwrap_or_else(|| panic!("no <{tag}>"));
            let start = start + open.len();
            let end = start + c[start..].find(&close).unwrap();
            c.replace_range(start..end, value);
        };
        let set =
            |c: &mut String, tag: &str, value: &str| set_after(c, "<configuration", tag, value);
        set_after(
            &mut c,
            "<gui ",
            "address",
            &format!("127.0.0.1:{}", self.gui),
        );
        set(&mut c, "apikey", KEY);
        set(
            &mut c,
            "listenAddress",
            &format!("tcp://127.0.0.1:{}", self.listen),
        );
        for tag in [
            "globalAnnounceEnabled",
            "localAnnounceEnabled",
            "relaysEnabled",
            "natEnabled",
            "crashReportingEnabled",
            "startBrowser",
        ] {
            set(&mut c, tag, "false");
        }
        set(&mut c, "urAccepted", "-1");
        set(&mut c, "autoUpgradeIntervalH", "0");
        // The peer and the folder, from the configuration's own defaults.
        let defaults = c[c.find("<defaults>").unwrap()..].to_string();
        let block = |tag: &str| {
            let start = defaults.find(&format!("<{tag} id=\"\"")).unwrap();
            let close = format!("</{tag}>");
            let end = start + defaults[start..].find(&close).unwrap() + close.len();
            defaults[start..end].to_string()
        };
        let address = if dial {
            format!("tcp://127.0.0.1:{}", peer.listen)
        } else {
            "dynamic".to_string()
        };
        let device = block("device")
            .replacen("id=\"\"", &format!("id=\"{}\" name=\"peer\"", peer.id), 1)
            .replacen(
                "<address>dynamic</address>",
                &format!("<address>{address}</address>"),
                1,
            );
        let mut folder = block("folder")
            .replacen("id=\"\"", &format!("id=\"{FOLDER}\""), 1)
            .replacen(
                "path=\"~\"",
                &format!("path=\"{}\"", self.folder.display()),
                1,
            )
            .replacen("rescanIntervalS=\"3600\"", "rescanIntervalS=\"10\"", 1)
            .replacen("fsWatcherDelayS=\"10\"", "fsWatcherDelayS=\"1\"", 1);
        let own = format!("<device id=\"{}\" introducedBy=\"\">", self.id);
        let at = folder.find(&own).expect("the folder's own device");
        folder.insert_str(
            at,
            &format!(
                "<device id=\"{}\" introducedBy=\"\"><encryptionPassword></encryptionPassword></device>\n",
                peer.id
            ),
        );
        let at = c.find("<gui ").unwrap();
        c.insert_str(at, &format!("{folder}\n{device}\n"));
        std::fs::write(&path, c).unwrap();
    }

    fn start(&mut self) {
        let log = std::fs::File::create(self.home.join("log.txt")).unwrap();
        let child = Command::new("syncthing")
            .args([
                "serve",
                &format!("--home={}", self.home.display()),
                "--no-browser",
                "--no-restart",
                "--no-upgrade",
                "--logfile=-",
            ])
            .env("STHASHING", "minio")
            .env("STNODEFAULTFOLDER", "1")
            .env("STNOUPGRADE", "1")
            .env("STNORESTART", "1")
            .stdout(Stdio::from(log.try_clone().unwrap()))
            .stderr(Stdio::from(log))
            .spawn()
            .expect("syncthing starts");
        self.child = Some(child);
        wait_for("the REST API", || self.get("/rest/system/ping").is_some());
    }

    fn request(&self, method: &str, path: &str) -> Option<Value> {
        let mut s = TcpStream::connect(("127.0.0.1", self.gui)).ok()?;
        s.set_read_timeout(Some(WAIT)).ok()?;
        write!(
            s,
            "{method} {path} HTTP/1.0\r\nHost: 127.0.0.1\r\nX-API-Key: {KEY}\r\nContent-Length: 0\r\n\r\n"
        )
        .ok()?;
        let mut text = String::new();
        s.read_to_string(&mut text).ok()?;
        let (head, body) = text.split_once("\r\n\r\n")?;
        if !head.starts_with("HTTP/1.0 200") && !head.starts_with("HTTP/1.1 200") {
            return None;
        }
        Some(serde_json::from_str(body).unwrap_or(Value::Null))
    }

    fn get(&self, path: &str) -> Option<Value> {
        self.request("GET", path)
    }

    #[track_caller]
    fn post(&self, path: &str) {
        assert!(self.request("POST", path).is_some(), "POST {path} failed");
    }

    fn connected(&self, peer: &Instance) -> bool {
        self.get("/rest/system/connections").is_some_and(|c| {
            c["connections"][&peer.id]["connected"]
                .as_bool()
                .unwrap_or(false)
        })
    }

    /// Scans the folder now (the call returns when the scan is done).
    fn scan(&self) {
        self.post(&format!("/rest/db/scan?folder={FOLDER}"));
    }

    fn file(&self, name: &str) -> PathBuf {
        self.folder.join(name)
    }

    fn conflict_copies(&self) -> Vec<String> {
        let mut out: Vec<String> = std::fs::read_dir(&self.folder)
            .unwrap()
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.contains(".sync-conflict-"))
            .collect();
        out.sort();
        out
    }
}

impl Drop for Instance {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            // Asked to stop; killed if it does not within a few seconds.
            self.request("POST", "/rest/system/shutdown");
            let deadline = Instant::now() + Duration::from_secs(10);
            while Instant::now() < deadline {
                if let Ok(Some(_)) = child.try_wait() {
                    return;
                }
                std::thread::sleep(Duration::from_millis(100));
            }
            child.kill().ok();
            child.wait().ok();
        }
    }
}

#[track_caller]
fn wait_for(what: &str, mut done: impl FnMut() -> bool) {
    let start = Instant::now();
    while !done() {
        assert!(start.elapsed() < WAIT, "waited {WAIT:?} for {what}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn read(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap_or_default()
}

fn deal(contract: &str, tricks: u8) -> String {
    json!({"contract": contract, "declarer": "N", "tricks": tricks}).to_string()
}

/// The app's first start on a folder, as a machine that joins the club starts it: a few frames
/// (the text size follows the screen, and this machine's preferences are saved), then closed.
fn first_start_of_the_app(folder: &Path) {
    let app = marque::ui::App::new(folder.to_path_buf());
    let mut h = egui_kittest::Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_ui_state(
            |ui, app: &mut marque::ui::App| marque::ui::frame(app, ui),
            app,
        );
    for _ in 0..6 {
        h.step();
    }
}

fn hands(path: &Path) -> Vec<Value> {
    let v: Value = serde_json::from_slice(&read(path)).unwrap();
    v["hands"].as_array().unwrap().clone()
}

/// The merged sessions hold what the players chose: the evening's three rounds (the version not
/// kept in the log), every deal of both sides in the club's session, and the merge logged.
fn merged_as_chosen(
    file_a: &std::path::Path,
    path_b: &str,
    evening_b: &std::path::Path,
    evening_path_b: &str,
) {
    let rounds = hands(evening_b);
    assert_eq!(rounds.len(), 3, "the evening's three rounds, round 3 once");
    let evening_log = marque_ok(&["log", evening_path_b, "--lang", "en"]);
    assert!(
        evening_log.contains("version not kept in the merge"),
        "{evening_log}"
    );
    let merged = hands(file_a);
    let contracts: Vec<&str> = merged
        .iter()
        .map(|h| h["contract"].as_str().unwrap())
        .collect();
    let mut sorted = contracts.clone();
    sorted.sort_unstable();
    assert_eq!(
        sorted,
        ["1C", "2H", "3NT", "4S", "5D", "6C", "6C"],
        "{contracts:?}"
    );
    assert_eq!(
        &contracts[..2],
        ["1C", "4S"],
        "the deals before the partition first"
    );
    let log = marque_ok(&["log", path_b, "--lang", "en"]);
    assert!(log.contains("merged with the copy from machine"), "{log}");
}

#[test]
fn a_folder_shared_by_two_syncthing_instances() {
    let root = tempfile::tempdir().unwrap();
    let mut a = Instance::new(root.path(), "a");
    let mut b = Instance::new(root.path(), "b");
    // B waits for A to dial: two sides dialling at once sometimes stall (see the notes).
    a.configure(&b, true);
    b.configure(&a, false);
    // A's own preferences, made before they meet; B is a machine that joins, with none.
    std::fs::write(a.file(".prefs.json"), r#"{"lang":"fr"}"#).unwrap();
    marque_ok(&["check", b.folder.to_str().unwrap()]);
    assert!(
        read(&b.file(".stignore")).starts_with(b"// Marque"),
        "marque check writes the .stignore"
    );
    b.start();
    a.start();
    wait_for("the two instances to connect", || a.connected(&b));

    // A session made on A (as the app writes it), two deals added by the command line.
    let session = json!({"format": "marque-session", "version": 1, "id": "2026-11-25-bridge-club",
        "game": "bridge", "players": ["Anne", "Bruno", "Chloé", "David"], "options": {},
        "closed": false, "hands": []});
    let file_a = a.file("club.json");
    std::fs::write(&file_a, session.to_string()).unwrap();
    let path_a = file_a.to_str().unwrap().to_string();
    marque_ok(&["add", &path_a, &deal("1C", 7)]);
    marque_ok(&["add", &path_a, &deal("4S", 10)]);
    let people = r#"{"names":["Anne"],"merged":[["Anne","Anne M."]]}"#;
    std::fs::write(a.file(".people.json"), people).unwrap();
    // An ascenseur evening too, two rounds in.
    let evening = json!({"format": "marque-session", "version": 1, "id": "2026-11-25-asc-club",
        "game": "ascenseur", "players": ["Anne", "Bruno", "Chloé"], "hands": []});
    let evening_a = a.file("evening.json");
    std::fs::write(&evening_a, evening.to_string()).unwrap();
    let evening_path_a = evening_a.to_str().unwrap().to_string();
    marque_ok(&[
        "add",
        &evening_path_a,
        r#"{"bids":[0,0,0],"tricks":[1,0,0]}"#,
    ]);
    marque_ok(&[
        "add",
        &evening_path_a,
        r#"{"bids":[0,0,0],"tricks":[1,1,0]}"#,
    ]);
    a.scan();
    let file_b = b.file("club.json");
    wait_for("the session on B", || read(&file_b) == read(&file_a));
    let path_b = file_b.to_str().unwrap().to_string();
    assert_eq!(
        marque_ok(&["score", &path_b]),
        marque_ok(&["score", &path_a]),
        "the same score on both machines"
    );
    // Listed and counted on B like a session of its own.
    let listed = marque_ok(&["check", b.folder.to_str().unwrap(), "--json"]);
    assert!(
        listed.contains("club.json") && listed.contains("\"fine\""),
        "{listed}"
    );
    let stats = marque_ok(&["stats", b.folder.to_str().unwrap(), "--json"]);
    assert!(stats.contains("Bruno"), "{stats}");
    wait_for("the names merged by hand on B", || {
        read(&b.file(".people.json")) == read(&a.file(".people.json"))
    });
    let evening_b = b.file("evening.json");
    wait_for("the evening on B", || read(&evening_b) == read(&evening_a));
    // The app's first start on B (no preferences of its own) leaves the club's names as they
    // were, on both machines.
    first_start_of_the_app(&b.folder);
    assert!(
        !read(&b.file(".prefs.json")).is_empty(),
        "B saved its own preferences"
    );
    b.scan();
    a.scan();
    std::thread::sleep(Duration::from_secs(2));
    assert_eq!(read(&b.file(".people.json")), people.as_bytes());
    assert_eq!(read(&a.file(".people.json")), people.as_bytes());

    // A partition: each side adds its own deals while they are apart.
    a.post(&format!("/rest/system/pause?device={}", b.id));
    b.post(&format!("/rest/system/pause?device={}", a.id));
    wait_for("the partition", || !a.connected(&b) && !b.connected(&a));
    // Both record the same next deal alike, within one second.
    marque_ok(&["add", &path_a, &deal("6C", 12)]);
    marque_ok(&["add", &path_b, &deal("6C", 12)]);
    marque_ok(&["add", &path_a, &deal("2H", 8)]);
    marque_ok(&["add", &path_a, &deal("3NT", 9)]);
    // Each enters round 3 of the evening, differently.
    marque_ok(&[
        "add",
        &evening_path_a,
        r#"{"bids":[0,0,0],"tricks":[1,1,1]}"#,
    ]);
    let evening_path_b = evening_b.to_str().unwrap().to_string();
    marque_ok(&[
        "add",
        &evening_path_b,
        r#"{"bids":[1,0,0],"tricks":[3,0,0]}"#,
    ]);
    // Another second on B's clock: the two files have different modification times.
    std::thread::sleep(Duration::from_millis(1100));
    marque_ok(&["add", &path_b, &deal("5D", 11)]);
    a.scan();
    b.scan();
    a.post(&format!("/rest/system/resume?device={}", b.id));
    b.post(&format!("/rest/system/resume?device={}", a.id));
    wait_for("the conflict copies on both sides", || {
        let (ca, cb) = (a.conflict_copies(), b.conflict_copies());
        ca.len() == 2 && ca == cb && read(&file_a) == read(&file_b)
    });
    // marque check says so.
    let checked = marque(&["check", a.folder.to_str().unwrap()]);
    assert_eq!(checked.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&checked.stdout).contains("conflict"));

    // Merged on A: every deal of both sides, in one session, the same bytes on B. The round
    // entered on both is a choice for the players; the version not chosen stays in the log.
    marque_ok(&["merge", &path_a]);
    let asked = marque(&["merge", &evening_path_a, "--lang", "en"]);
    assert_eq!(asked.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&asked.stderr).contains("choice 1 — round 3"));
    let code = String::from_utf8_lossy(&asked.stderr)
        .split("--seen ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .expect("the listing gives its code")
        .to_string();
    marque_ok(&["merge", &evening_path_a, "--seen", &code, "--pick", "1=2"]);
    assert!(a.conflict_copies().is_empty());
    a.scan();
    wait_for("the merged sessions on B", || {
        read(&file_b) == read(&file_a)
            && read(&evening_b) == read(&evening_a)
            && b.conflict_copies().is_empty()
    });
    merged_as_chosen(&file_a, &path_b, &evening_b, &evening_path_b);
    // The copy went to the trash (on both machines), never deleted.
    wait_for("the copy in B's trash", || {
        std::fs::read_dir(b.file("trash")).is_ok_and(|rd| {
            rd.filter_map(|e| e.ok())
                .any(|e| e.file_name().to_string_lossy().contains(".sync-conflict-"))
        })
    });
    assert_eq!(
        marque(&["check", b.folder.to_str().unwrap()]).status.code(),
        Some(0)
    );

    // What each machine keeps to itself never crossed.
    assert_eq!(read(&a.file(".prefs.json")), br#"{"lang":"fr"}"#);
    assert_ne!(read(&b.file(".prefs.json")), read(&a.file(".prefs.json")));
    // Syncthing knows of them only as ignored ("invalid": announced, never sent).
    for ignored in [".index.json", ".prefs.json", ".marque-locks", ".marque-tmp"] {
        let file = b
            .get(&format!("/rest/db/file?folder={FOLDER}&file={ignored}"))
            .filter(|f| f["global"]["invalid"] != json!(true) && !f["global"].is_null());
        assert!(file.is_none(), "{ignored} was shared: {file:?}");
    }
    // Each index keys its own files (their inodes and change times): shared, they would be one.
    assert!(!read(&b.file(".index.json")).is_empty());
    assert_ne!(
        read(&a.file(".index.json")),
        read(&b.file(".index.json")),
        "each machine's index is its own"
    );
}

/// One evening of two tables on two laptops (issue 51): A writes the evening and enters table
/// 1, B enters table 2, each only its own file; once both files arrived, `marque evening`
/// gives the same ranking on both machines, every board compared.
#[test]
fn a_two_table_evening_on_two_laptops() {
    let root = tempfile::tempdir().unwrap();
    let mut a = Instance::new(root.path(), "a");
    let mut b = Instance::new(root.path(), "b");
    a.configure(&b, true);
    b.configure(&a, false);
    b.start();
    a.start();
    wait_for("the two instances to connect", || a.connected(&b));
    let pairs: serde_json::Map<String, Value> = (1..=4)
        .map(|p| (p.to_string(), json!([format!("A{p}"), format!("B{p}")])))
        .collect();
    let evening = json!({"format": "marque-evening", "version": 1, "id": "soir", "kind": "pairs",
        "movement": {"kind": "howell", "tables": 2, "boards_per_set": 3, "rounds": 2},
        "pairs": pairs, "tables": [{"table": 1, "file": "soir-t1.json"},
                                   {"table": 2, "file": "soir-t2.json"}]});
    std::fs::write(a.file("soir.evening.json"), evening.to_string()).unwrap();
    let table = json!({"format": "marque-session", "version": 1, "game": "bridge",
        "players": ["N", "E", "S", "W"], "options": {"format": "duplicate"}, "hands": []});
    std::fs::write(a.file("soir-t1.json"), table.to_string()).unwrap();
    a.scan();
    wait_for("the evening on B", || {
        read(&b.file("soir.evening.json")) == read(&a.file("soir.evening.json"))
    });
    std::fs::write(b.file("soir-t2.json"), table.to_string()).unwrap();
    // Round 1 then round 2 (Howell04T2B18): table 1 plays boards 1-3 then 4-6, table 2 the
    // other way round; each laptop adds to its own table only.
    let board = |n: u32, tricks: u32| {
        json!({"board": n, "contract": "4S", "declarer": "N", "tricks": tricks}).to_string()
    };
    for (n, tricks) in [(1, 10), (2, 9), (3, 11), (4, 10), (5, 8), (6, 10)] {
        marque_ok(&[
            "add",
            a.file("soir-t1.json").to_str().unwrap(),
            &board(n, tricks),
        ]);
    }
    for (n, tricks) in [(4, 10), (5, 10), (6, 9), (1, 11), (2, 9), (3, 10)] {
        marque_ok(&[
            "add",
            b.file("soir-t2.json").to_str().unwrap(),
            &board(n, tricks),
        ]);
    }
    a.scan();
    b.scan();
    for name in ["soir-t1.json", "soir-t2.json"] {
        wait_for(name, || read(&a.file(name)) == read(&b.file(name)));
    }
    let on_a = marque_ok(&["evening", a.file("soir.evening.json").to_str().unwrap()]);
    let on_b = marque_ok(&["evening", b.file("soir.evening.json").to_str().unwrap()]);
    assert_eq!(on_a, on_b, "the same evening on both machines");
    let v: Value = serde_json::from_str(&on_a).unwrap();
    assert_eq!(v["results"], 12);
    assert!(
        v["boards"]
            .as_array()
            .unwrap()
            .iter()
            .take(6)
            .all(|b| b["results"].as_array().unwrap().len() == 2),
        "every board played at both tables: {v}"
    );
    assert!(a.conflict_copies().is_empty() && b.conflict_copies().is_empty());
}
