//! The `.stignore` Marque keeps in a shared folder, against what a user or a hostile folder put
//! there: lines of the user's kept, a link or a FIFO left alone, a list that is not text untouched.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::let_underscore_must_use,
    reason = "a test fails loudly where its setting up does"
)]
use std::process::Command;

fn check(dir: &std::path::Path) {
    // `marque check` writes the folder's index: Marque's own files, so the list too.
    let out = Command::new(env!("CARGO_BIN_EXE_marque"))
        .args(["check", dir.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
}

fn listed(dir: &std::path::Path) -> String {
    std::fs::read_to_string(dir.join(".stignore")).unwrap()
}

#[test]
fn a_fresh_folder_gets_the_list_of_what_stays_on_this_machine() {
    let dir = tempfile::tempdir().unwrap();
    check(dir.path());
    let text = listed(dir.path());
    for line in marque_store::MACHINE_ONLY {
        assert!(text.lines().any(|l| l == line), "{line} in {text}");
    }
    assert!(
        !text.contains(".people.json\n"),
        "the names merged by hand are shared"
    );
}

#[test]
fn the_users_own_lines_are_kept_and_ours_added_once() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join(".stignore"), "// mine\n*.bak\n.index.json").unwrap();
    check(dir.path());
    let text = listed(dir.path());
    assert!(text.starts_with("// mine\n*.bak\n.index.json\n"), "{text}");
    assert_eq!(text.matches(".index.json").count(), 1, "{text}");
    assert!(text.lines().any(|l| l == ".marque-locks"), "{text}");
}

#[cfg(unix)]
#[test]
#[expect(unsafe_code, reason = "a FIFO is made through libc's mkfifo")]
fn a_link_a_fifo_or_bytes_that_are_not_text_are_left_alone() {
    // A link to a file elsewhere: never written through.
    let dir = tempfile::tempdir().unwrap();
    let elsewhere = tempfile::tempdir().unwrap();
    let target = elsewhere.path().join("precious.txt");
    std::fs::write(&target, "keep me").unwrap();
    std::os::unix::fs::symlink(&target, dir.path().join(".stignore")).unwrap();
    check(dir.path());
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "keep me");
    assert!(
        std::fs::symlink_metadata(dir.path().join(".stignore"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    // A FIFO: not waited on (check ends), not replaced.
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join(".stignore");
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: the path is a NUL-terminated string that lives through the call.
    let made = unsafe { libc::mkfifo(c.as_ptr(), 0o644) };
    assert_eq!(made, 0);
    check(dir.path());
    assert!(!std::fs::metadata(&fifo).unwrap().is_file());
    // A list that is not UTF-8: the user's, as it is.
    let dir = tempfile::tempdir().unwrap();
    let bytes = b"caf\xe9\n".to_vec();
    std::fs::write(dir.path().join(".stignore"), &bytes).unwrap();
    check(dir.path());
    assert_eq!(std::fs::read(dir.path().join(".stignore")).unwrap(), bytes);
}
