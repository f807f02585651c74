//! Writes a claims file for `exactccd check` at scale: `N` distinct
//! generated `linear` box-box scenarios (seed 1, indices `0..N`), each
//! inline with one claim, the answer of this crate's `f64` SAT path (an
//! engine's answer, as another tool would give it).
//!
//! `cargo run --release -p exactccd --example linear_claims -- 10000 > claims.jsonl`
//! then `exactccd check claims.jsonl` (docs/PERFORMANCE.md, "check").
use exactccd::contact::{solve, Method, ScalarKind, SolveOptions, Time};
use exactccd::generate::{generate, ScenarioClass};
use exactccd::scenario::{parse_scenario, scenario_to_json, write_scenario, LoadOptions};
use serde_json::{json, Value};
use std::io::Write;

fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .expect("usage: linear_claims N (the number of claims)");
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for index in 0..n {
        let s = generate(1, index, ScenarioClass::Linear);
        let as_f64 = parse_scenario(
            &write_scenario(&s),
            None,
            &LoadOptions::for_scalar(ScalarKind::F64),
        )
        .expect("a generated scenario loads in f64");
        let answer = solve(
            &as_f64.query(),
            Method::Sat,
            ScalarKind::F64,
            &SolveOptions::default(),
        )
        .expect("SAT answers two boxes under constant velocities");
        let time = match answer.time {
            Some(Time::Float(t)) => Some(t),
            None => None,
            Some(other) => panic!("an f64 solve answers in f64, got {other:?}"),
        };
        let claim = json!({
            "scenario": scenario_to_json(&s),
            "collides": answer.collides,
            "time": time.map_or(Value::Null, Value::from),
            "tool": "exactccd-sat-f64",
        });
        writeln!(out, "{claim}").expect("stdout is writable");
    }
}
