//! CI guard for the insta snapshots: every snapshot in `tests/snapshots/`
//! is referenced (its test file exists, and its name is a corpus file or
//! appears in that test's source) and none is left unreviewed (`.snap.new`,
//! `.pending-snap`). Run with `INSTA_UPDATE=no` so failing snapshots fail
//! instead of writing new files.

use std::path::Path;

#[test]
fn snapshots_are_referenced_and_reviewed() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut problems = Vec::new();
    for entry in std::fs::read_dir(root.join("tests/snapshots")).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if name.ends_with(".snap.new") || name.ends_with(".pending-snap") {
            problems.push(format!("{name}: not reviewed (run cargo insta review)"));
            continue;
        }
        let Some(stem) = name.strip_suffix(".snap") else {
            problems.push(format!("{name}: not a snapshot"));
            continue;
        };
        let Some((test, snapshot)) = stem.split_once("__") else {
            problems.push(format!("{name}: not named TEST__SNAPSHOT"));
            continue;
        };
        // the module that writes each kind of snapshot
        let file = match test {
            "parry_verdicts" => "tests/referee/parry_verdicts.rs".to_owned(),
            other => format!("tests/{other}.rs"),
        };
        let Ok(text) = std::fs::read_to_string(root.join(&file)) else {
            problems.push(format!("{name}: its test file {file} is gone"));
            continue;
        };
        let referenced = if test == "corpus" {
            ["examples/scenarios", "examples/refused", "tests/corpus"]
                .iter()
                .any(|d| root.join(d).join(format!("{snapshot}.json")).is_file())
        } else {
            text.contains(snapshot)
        };
        if !referenced {
            problems.push(format!(
                "{name}: unreferenced (delete it or restore its test)"
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
