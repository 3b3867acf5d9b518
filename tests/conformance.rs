//! Runs every case of tests/conformance/*.json (copied from the shared conformance suite) against the
//! real binary, with the same partial matching as the suite's check.py.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::let_underscore_must_use,
    reason = "a test fails loudly where its setting up does"
)]

use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::Value;

fn rules_of(hand: &Value) -> Vec<(i64, String, i64)> {
    let mut sums: Vec<((i64, String), i64)> = Vec::new();
    for l in hand["lines"].as_array().into_iter().flatten() {
        let key = (
            l["side"].as_i64().unwrap_or(-1),
            l["rule"].as_str().unwrap_or("").to_string(),
        );
        let p = l["points"].as_i64().unwrap_or(0);
        match sums.iter_mut().find(|(k, _)| *k == key) {
            Some((_, s)) => *s += p,
            None => sums.push((key, p)),
        }
    }
    let mut out: Vec<_> = sums
        .into_iter()
        .filter(|(_, p)| *p != 0)
        .map(|((s, r), p)| (s, r, p))
        .collect();
    out.sort();
    out
}

fn matches(exp: &Value, act: &Value, path: &str, in_hand: bool) -> Result<(), String> {
    match exp {
        Value::String(s) if s == "*" => Ok(()),
        Value::Object(e) => {
            let a = act
                .as_object()
                .ok_or(format!("{path}: expected an object, got {act}"))?;
            for (k, v) in e {
                let sub = format!("{path}.{k}");
                if in_hand && k == "rules" {
                    let mut want: Vec<(i64, String, i64)> = v
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|t| {
                            (
                                t[0].as_i64().unwrap(),
                                t[1].as_str().unwrap().to_string(),
                                t[2].as_i64().unwrap(),
                            )
                        })
                        .collect();
                    want.sort();
                    let got = rules_of(act);
                    if got != want {
                        return Err(format!("{sub}: expected {want:?}, got {got:?}"));
                    }
                    continue;
                }
                let av = a.get(k).ok_or(format!("{sub}: missing"))?;
                matches(v, av, &sub, false)?;
            }
            Ok(())
        }
        Value::Array(e) => {
            let a = act
                .as_array()
                .ok_or(format!("{path}: expected a list, got {act}"))?;
            if a.len() != e.len() {
                return Err(format!(
                    "{path}: expected {} elements, got {}",
                    e.len(),
                    a.len()
                ));
            }
            for (i, (ev, av)) in e.iter().zip(a).enumerate() {
                matches(ev, av, &format!("{path}[{i}]"), path.ends_with("hands"))?;
            }
            Ok(())
        }
        Value::Number(n) => match act.as_f64() {
            Some(x) if act.is_number() && Some(x) == n.as_f64() => Ok(()),
            _ => Err(format!("{path}: expected {n}, got {act}")),
        },
        _ if exp == act => Ok(()),
        _ => Err(format!("{path}: expected {exp}, got {act}")),
    }
}

/// For each side, the points of a hand's lines add up to its delta (bridge: below + above).
fn line_sums(sheet: &Value, game: &str) -> Result<(), String> {
    for (i, h) in sheet["hands"]
        .as_array()
        .ok_or("no hands")?
        .iter()
        .enumerate()
    {
        let want: Vec<i64> = if game == "bridge" {
            let b = h["below"].as_array().ok_or("no below")?;
            let a = h["above"].as_array().ok_or("no above")?;
            b.iter()
                .zip(a)
                .map(|(x, y)| x.as_i64().unwrap() + y.as_i64().unwrap())
                .collect()
        } else {
            h["delta"]
                .as_array()
                .ok_or("no delta")?
                .iter()
                .map(|x| x.as_i64().unwrap())
                .collect()
        };
        let mut sums = vec![0; want.len()];
        for l in h["lines"].as_array().ok_or("no lines")? {
            let s = l["side"].as_u64().ok_or("side")? as usize;
            sums[s] += l["points"].as_i64().ok_or("points")?;
            if l["rule"].as_str().is_none_or(str::is_empty)
                || l["text"].as_str().is_none_or(str::is_empty)
            {
                return Err(format!("hands[{i}]: a line without rule or text"));
            }
        }
        if sums != want {
            return Err(format!(
                "hands[{i}]: lines add up to {sums:?}, not {want:?}"
            ));
        }
    }
    Ok(())
}

/// A case of an evening (`club-format.md`): the evening written as `evening.json` in a folder
/// of its own with its table files beside it, run as `marque evening`.
fn run_evening(case: &Value) -> Result<(), String> {
    let dir = tempfile::tempdir().unwrap();
    let evening = dir.path().join("evening.json");
    std::fs::write(&evening, case["evening"].to_string()).unwrap();
    for (name, doc) in case["files"].as_object().into_iter().flatten() {
        std::fs::write(dir.path().join(name), doc.to_string()).unwrap();
    }
    let out = Command::new(env!("CARGO_BIN_EXE_marque"))
        .args(["evening", evening.to_str().unwrap()])
        .output()
        .map_err(|e| e.to_string())?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let exp = &case["expect"];
    if exp["error"] == Value::Bool(true) {
        let at = format!("{}:", exp["at"].as_str().unwrap_or(""));
        if out.status.code() != Some(2) || !stdout.is_empty() {
            return Err(format!(
                "expected exit 2 and no output, got {:?}",
                out.status.code()
            ));
        }
        if !stderr.lines().any(|l| l.starts_with(&at)) {
            return Err(format!("expected a line starting {at}, got {stderr}"));
        }
        return Ok(());
    }
    if !out.status.success() {
        return Err(format!("exit {:?}: {stderr}", out.status.code()));
    }
    let got: Value = serde_json::from_str(&stdout).map_err(|e| e.to_string())?;
    matches(exp, &got, "", false)
}

fn run_case(case: &Value) -> Result<(), String> {
    if case.get("evening").is_some() {
        return run_evening(case);
    }
    let session = serde_json::to_string(&case["session"]).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_marque"))
        .args(["score", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| e.to_string())?;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(session.as_bytes())
        .unwrap();
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let exp = &case["expect"];
    if exp["error"] == Value::Bool(true) {
        let n = exp["hand"].as_u64().unwrap_or(0);
        let prefix = if n == 0 {
            "file:".to_string()
        } else {
            format!("hand {n}:")
        };
        if out.status.code() != Some(2) || !stdout.is_empty() {
            return Err(format!(
                "expected exit 2 and no output, got {:?}; {stdout}",
                out.status.code()
            ));
        }
        for l in stderr.lines() {
            let ok = l.starts_with("file: ")
                || l.strip_prefix("hand ")
                    .and_then(|r| r.split_once(": "))
                    .is_some_and(|(n, _)| n.parse::<u32>().is_ok());
            if !ok {
                return Err(format!("bad stderr line: {l}"));
            }
        }
        if !stderr.lines().any(|l| l.starts_with(&prefix)) {
            return Err(format!("expected a line starting {prefix}, got {stderr}"));
        }
        return Ok(());
    }
    if !out.status.success() {
        return Err(format!("exit {:?}: {stderr}", out.status.code()));
    }
    let sheet: Value = serde_json::from_str(&stdout).map_err(|e| e.to_string())?;
    matches(exp, &sheet, "", false)?;
    line_sums(&sheet, case["session"]["game"].as_str().unwrap_or(""))
}

#[test]
fn every_conformance_case_passes() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/conformance");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let mut failures = Vec::new();
    let mut count = 0;
    for f in files
        .iter()
        .filter(|f| f.extension().is_some_and(|e| e == "json"))
    {
        let doc: Value = serde_json::from_str(&std::fs::read_to_string(f).unwrap()).unwrap();
        for case in doc["cases"].as_array().unwrap() {
            count += 1;
            if let Err(e) = run_case(case) {
                failures.push(format!("{} {}: {e}", f.display(), case["id"]));
            }
        }
    }
    assert!(count >= 64, "only {count} cases found");
    assert!(
        failures.is_empty(),
        "{} of {count} cases fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
