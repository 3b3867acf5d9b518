//! What the command line's tests share: the binary the tests built, run.
use std::process::{Command, Output};

/// `marque ARGS` run to its end: its status and what it wrote.
pub fn marque(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_marque"))
        .args(args)
        .output()
        .expect("the binary the tests built runs")
}
