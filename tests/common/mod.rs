//! What the command line's tests share: the binary the tests built, run.
use std::process::{Command, Output};

/// `marque ARGS` run to its end: its status and what it wrote.
pub fn marque(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_marque"))
        .args(args)
        .output()
        .expect("the binary the tests built runs")
}

/// The `--seen` code of the choices `marque merge` listed (on standard error), to pick on them.
#[allow(dead_code, reason = "only the merge tests pick")]
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
