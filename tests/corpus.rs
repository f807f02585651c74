//! The scenario corpus (`examples/scenarios/`, `examples/refused/` and `tests/corpus/`: the
//! paper's examples, hand cases, one generated scenario per class, and every
//! regression found) through every method in both scalars; each file's
//! results and the referee's verdicts are snapshotted (YAML, in
//! `tests/snapshots/`). Solver timings are left out; `f64` times are
//! rounded to 9 significant digits so that a last-bit change does not churn
//! the snapshots. Review changes with `cargo insta review`.

use exactccd::campaign::{evaluate, RunOutcome};
use exactccd::contact::{ScalarKind, SolveOptions, Time};
use exactccd::scenario::{load_scenario, LoadOptions};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};

fn time(t: &Time) -> Value {
    match t {
        Time::Exact(a) => match a.as_rational() {
            Some(q) => json!(q.to_string()),
            None => json!({
                "polynomial": a.polynomial().coeffs().iter().map(|c| c.to_string()).collect::<Vec<_>>(),
                "approx": format!("{:.9e}", a.to_f64()),
            }),
        },
        Time::Float(x) => json!(format!("{x:.9e}")),
        Time::Enclosure { lower, upper } => {
            json!({"lower": lower.to_string(), "upper": upper.to_string()})
        }
    }
}

fn files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    for dir in ["examples/scenarios", "examples/refused", "tests/corpus"] {
        let mut v: Vec<PathBuf> = std::fs::read_dir(root.join(dir))
            .unwrap()
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "json"))
            .collect();
        v.sort();
        out.extend(v);
    }
    out
}

#[test]
fn corpus_results() {
    let options = SolveOptions::default();
    for file in files() {
        let exact = load_scenario(&file, &LoadOptions::for_scalar(ScalarKind::Exact)).ok();
        let float = load_scenario(&file, &LoadOptions::for_scalar(ScalarKind::F64)).ok();
        let e = evaluate(exact.as_ref(), float.as_ref(), &options);
        let runs: Vec<Value> = e
            .runs
            .iter()
            .map(|r| match &r.outcome {
                RunOutcome::Answered(a) => json!({
                    "run": r.label(),
                    "collides": a.collides,
                    "initially_overlapping": a.initially_overlapping,
                    "time": a.time.as_ref().map(time),
                    "contact_intervals": a.contact_intervals.iter().map(|(s, t)| json!([time(s), time(t)])).collect::<Vec<_>>(),
                    "feature": a.feature.as_ref().map(|f| format!("{}: {} / {}", f.kind, f.a, f.b)),
                    "referee": r.verdict.as_ref().map(|v| format!("{v:?}").chars().take(120).collect::<String>()),
                    "f64_class": r.class.as_ref().map(|c| c.name()),
                }),
                RunOutcome::NotApplicable(why) => json!({"run": r.label(), "not_applicable": why}),
                RunOutcome::LimitExceeded(why) => json!({"run": r.label(), "limit": why}),
                RunOutcome::Panicked(why) => json!({"run": r.label(), "panic": why}),
            })
            .collect();
        let findings: Vec<String> = e.findings.iter().map(|f| f.message.clone()).collect();
        let name = file.file_stem().unwrap().to_string_lossy().to_string();
        insta::with_settings!({ prepend_module_to_snapshot => false }, {
            insta::assert_yaml_snapshot!(
                format!("corpus__{name}"),
                json!({"findings": findings, "runs": runs})
            );
        });
    }
}
