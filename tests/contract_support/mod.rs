//! Shared helpers of the contract tests: temporary scenario files, running
//! the `exactccd` binary, and the checks of an input error (exit status 2,
//! nothing on stdout, one line on stderr naming the field and the value).
#![allow(dead_code)]

use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

/// A directory removed when dropped.
pub struct TempDir(PathBuf);

impl TempDir {
    /// A fresh empty directory.
    pub fn new() -> TempDir {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let n = COUNTER.fetch_add(1, Ordering::SeqCst);
        let dir =
            std::env::temp_dir().join(format!("exactccd-contract-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("create temp dir");
        TempDir(dir)
    }

    /// The directory.
    pub fn path(&self) -> &Path {
        &self.0
    }

    /// Writes `text` to `name` inside the directory; returns its path.
    pub fn write(&self, name: &str, text: &str) -> PathBuf {
        let p = self.0.join(name);
        if let Some(parent) = p.parent() {
            std::fs::create_dir_all(parent).expect("create dirs");
        }
        std::fs::write(&p, text).expect("write file");
        p
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// What a run of the binary printed.
#[derive(Debug)]
pub struct Output {
    /// The exit status (`-1` when killed by a signal).
    pub status: i32,
    /// Everything on stdout.
    pub stdout: String,
    /// Everything on stderr.
    pub stderr: String,
}

/// Runs `exactccd ARGS`.
pub fn run(args: &[&str]) -> Output {
    let out = Command::new(env!("CARGO_BIN_EXE_exactccd"))
        .args(args)
        .output()
        .expect("run exactccd");
    Output {
        status: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// Writes `text` as a scenario file and runs `exactccd solve EXTRA... FILE`.
pub fn solve_text(text: &str, extra: &[&str]) -> Output {
    let dir = TempDir::new();
    let file = dir.write("scenario.json", text);
    let file = file.to_str().expect("utf-8 temp path");
    let mut args = vec!["solve"];
    args.extend_from_slice(extra);
    args.push(file);
    run(&args)
}

/// A valid scenario: the contract's example (docs/FORMAT.md 2).
pub fn base() -> Value {
    json!({
        "format": "exactccd/scenario-v1",
        "name": "two-boxes-linear",
        "interval": ["0", "1"],
        "a": { "shape": { "box": { "half_extents": ["1", "1", "1"] } } },
        "b": {
            "shape": { "box": { "half_extents": ["1/2", "2", "1"] } },
            "pose": { "quaternion": ["1", "2", "3", "4"], "translation": ["10", "0", "0"] },
            "motion": { "linear": { "velocity": ["-20", "1", "0"] } }
        },
        "expect": { "collides": true }
    })
}

/// The base scenario changed by `edit`, as JSON text.
pub fn with(edit: impl FnOnce(&mut Value)) -> String {
    let mut v = base();
    edit(&mut v);
    serde_json::to_string_pretty(&v).expect("serialise")
}

/// Checks the contract's input error: status 2, empty stdout, exactly one
/// stderr line, `error: PATH: ...` naming the path and containing `value`.
pub fn assert_input_error(out: &Output, path: &str, value: Option<&str>) {
    assert_eq!(out.status, 2, "exit status; stderr: {}", out.stderr);
    assert!(out.stdout.is_empty(), "stdout not empty: {}", out.stdout);
    let lines: Vec<&str> = out.stderr.lines().collect();
    assert_eq!(lines.len(), 1, "stderr must be one line: {:?}", out.stderr);
    let line = lines[0];
    let prefix = format!("error: {path}: ");
    assert!(
        line.starts_with(&prefix),
        "{line:?} does not start with {prefix:?}"
    );
    if let Some(v) = value {
        assert!(
            line.contains(&format!("got {v}")),
            "{line:?} does not show the value {v}"
        );
    }
}

/// Solves the scenario text in the exact scalar and checks an input error.
pub fn rejects(text: &str, path: &str, value: Option<&str>) -> String {
    let out = solve_text(text, &[]);
    assert_input_error(&out, path, value);
    out.stderr.trim_end().to_owned()
}

/// Checks that a valid scenario passes loading: status 0 with a result JSON,
/// or 3 (the method does not apply; today no solver exists) with one reason
/// line and nothing on stdout. Never 2.
pub fn accepts(text: &str, extra: &[&str]) {
    let out = solve_text(text, extra);
    match out.status {
        0 => {
            let v: Value = serde_json::from_str(&out.stdout).expect("result JSON");
            assert_eq!(v["format"], "exactccd/result-v1");
        }
        3 => {
            assert!(out.stdout.is_empty(), "stdout: {}", out.stdout);
            assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
            assert!(out.stderr.contains("does not apply"), "{}", out.stderr);
        }
        s => panic!(
            "expected a valid scenario, got status {s}; stderr: {}",
            out.stderr
        ),
    }
}
