//! What the command line's tests share: the binary the tests built, run.
#![allow(dead_code, reason = "each test crate uses some of the helpers")]
use std::process::{Command, Output};

pub mod pages;
pub mod phone;

/// `marque ARGS` run to its end: its status and what it wrote.
pub fn marque(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_marque"))
        .args(args)
        .output()
        .expect("the binary the tests built runs")
}

/// The `--seen` code of the choices `marque merge` listed (on standard error), to pick on them.
pub fn seen_code(listed: &Output) -> String {
    let text = String::from_utf8_lossy(&listed.stderr);
    let after = text
        .split("--seen ")
        .nth(1)
        .expect("the listing gives its code");
    after
        .split_whitespace()
        .next()
        .unwrap_or_default()
        .to_string()
}

/// A running `marque serve` (stopped when dropped): where it listens (`host:port`), and the
/// root of its pages (`/CAPABILITY`).
pub struct Served {
    pub child: std::process::Child,
    pub host: String,
    pub root: String,
    /// Its standard output, kept open while it runs.
    pub out: std::io::BufReader<std::process::ChildStdout>,
}

impl Served {
    /// The next `n` pairing lines `marque serve --pairing` prints: each line naming the
    /// session and the side, with the pairing address under it (its QR code skipped).
    pub fn pairing_lines(&mut self, n: usize) -> Vec<(String, String)> {
        use std::io::BufRead as _;
        let mut found = Vec::new();
        let mut said = String::new();
        while found.len() < n {
            let mut line = String::new();
            if self.out.read_line(&mut line).unwrap_or(0) == 0 {
                break;
            }
            let line = line.trim().to_string();
            if line.starts_with("http://") {
                found.push((std::mem::take(&mut said), line));
            } else if line.contains(" — ") {
                said = line;
            }
        }
        found
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        self.child.kill().ok();
        self.child.wait().ok();
    }
}

/// `marque serve DIR` on 127.0.0.1, a free port, with `more` arguments and `env`: started,
/// its address read.
pub fn serve_with(dir: &std::path::Path, more: &[&str], env: &[(&str, &str)]) -> Served {
    let mut serve = Command::new(env!("CARGO_BIN_EXE_marque"));
    serve
        .args([
            "serve",
            &dir.to_string_lossy(),
            "--bind",
            "127.0.0.1",
            "--port",
            "0",
        ])
        .args(more)
        .env("MARQUE_SERVE_HEARTBEAT_MS", "400")
        .envs(env.iter().copied())
        .stderr(std::process::Stdio::null());
    served(serve)
}

/// Starts `serve` (a `marque serve` command, perhaps under another), and reads the address
/// it prints first.
pub fn served(mut serve: Command) -> Served {
    use std::io::BufRead as _;
    let mut child = serve
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("marque serve starts");
    let mut out = std::io::BufReader::new(child.stdout.take().expect("its output"));
    let mut line = String::new();
    out.read_line(&mut line).expect("it prints its address");
    let url = line.trim().strip_prefix("http://").unwrap_or_default();
    let (host, root) = url.split_once('/').unwrap_or((url, ""));
    Served {
        host: host.to_string(),
        root: format!("/{}", root.trim_end_matches('/')),
        child,
        out,
    }
}

/// A figure of process `pid`'s status (Linux): its `Threads:`, its `VmRSS:` in KiB.
pub fn status(pid: u32, field: &str) -> usize {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .unwrap_or_default()
        .lines()
        .find_map(|l| l.strip_prefix(field))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}
