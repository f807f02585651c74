//! Shrinking a failing scenario to a small one that still fails, for the
//! reproduction files of a campaign.
//!
//! Greedy first-improvement search on the scenario's JSON: replace a number
//! by a simpler one (`0`, `1`, `-1`, its integer part, the simplest
//! fraction near it), drop the top coefficient of a polynomial, drop a
//! rotation or a body's motion; keep a change when the file still loads, is
//! strictly shorter (so the search cannot cycle), and the failure
//! predicate still holds. A budget bounds the number of predicate calls.
#![deny(clippy::float_arithmetic)]

use crate::poly::simplest_between;
use crate::scalar::{parse_number, BigInt, BigRational};
use crate::scenario::{parse_scenario, scenario_to_json, LoadOptions, Scenario};
use num_traits::Signed;
use serde_json::Value;

/// A path to a value inside the JSON tree: object keys and array indices.
#[derive(Clone, Debug)]
enum Step {
    Key(String),
    Index(usize),
}

fn get_mut<'a>(v: &'a mut Value, path: &[Step]) -> Option<&'a mut Value> {
    let mut cur = v;
    for s in path {
        cur = match s {
            Step::Key(k) => cur.get_mut(k.as_str())?,
            Step::Index(i) => cur.get_mut(*i)?,
        };
    }
    Some(cur)
}

fn collect(
    v: &Value,
    path: &mut Vec<Step>,
    numbers: &mut Vec<Vec<Step>>,
    arrays: &mut Vec<Vec<Step>>,
    objects: &mut Vec<Vec<Step>>,
) {
    match v {
        Value::String(s) if parse_number(s).is_ok() => numbers.push(path.clone()),
        Value::Array(items) => {
            if items.len() > 1 && items.iter().all(|x| matches!(x, Value::String(_))) {
                arrays.push(path.clone());
            }
            for (i, x) in items.iter().enumerate() {
                path.push(Step::Index(i));
                collect(x, path, numbers, arrays, objects);
                path.pop();
            }
        }
        Value::Object(map) => {
            objects.push(path.clone());
            for (k, x) in map {
                if k == "format" || k == "name" {
                    continue;
                }
                path.push(Step::Key(k.clone()));
                collect(x, path, numbers, arrays, objects);
                path.pop();
            }
        }
        _ => {}
    }
}

fn simpler_numbers(text: &str) -> Vec<String> {
    let Ok(x) = parse_number(text) else {
        return Vec::new();
    };
    let mut out = vec![
        "0".to_owned(),
        "1".to_owned(),
        "-1".to_owned(),
        x.trunc().to_string(),
    ];
    for k in [4u32, 64] {
        let r = x.abs() / BigRational::from_integer(BigInt::from(k));
        out.push(simplest_between(&(&x - &r), &(&x + &r)).to_string());
    }
    out.retain(|c| c != text);
    out.dedup();
    out
}

/// Candidate edits of the tree, simplest first.
fn candidates(v: &Value) -> Vec<Value> {
    let (mut numbers, mut arrays, mut objects) = (Vec::new(), Vec::new(), Vec::new());
    collect(v, &mut Vec::new(), &mut numbers, &mut arrays, &mut objects);
    let mut out = Vec::new();
    // structural edits first: they remove the most
    for path in &objects {
        for key in ["rotation", "quaternion", "motion", "pose", "expect"] {
            let mut c = v.clone();
            if let Some(Value::Object(m)) = get_mut(&mut c, path) {
                if m.remove(key).is_some() {
                    out.push(c);
                }
            }
        }
    }
    for path in &arrays {
        let mut c = v.clone();
        if let Some(Value::Array(items)) = get_mut(&mut c, path) {
            items.pop();
            out.push(c);
        }
    }
    for path in &numbers {
        let current = match get_mut(&mut v.clone(), path) {
            Some(Value::String(s)) => s.clone(),
            _ => continue,
        };
        for simpler in simpler_numbers(&current) {
            let mut c = v.clone();
            if let Some(slot) = get_mut(&mut c, path) {
                *slot = Value::String(simpler);
                out.push(c);
            }
        }
    }
    out
}

/// Shrinks `scenario` while `still_fails` holds, with at most `budget`
/// calls of the predicate; returns the smallest failing scenario found (the
/// input itself when nothing smaller fails).
pub fn shrink_scenario(
    scenario: &Scenario,
    budget: usize,
    still_fails: &dyn Fn(&Scenario) -> bool,
) -> Scenario {
    let options = LoadOptions::default();
    let mut best = scenario.clone();
    let pretty = |s: &Scenario| {
        serde_json::to_string_pretty(&scenario_to_json(s)).expect("JSON values serialise")
    };
    let mut best_len = pretty(&best).len();
    let mut calls = 0;
    'search: loop {
        let tree = scenario_to_json(&best);
        for c in candidates(&tree) {
            let text = serde_json::to_string_pretty(&c).expect("JSON values serialise");
            if text.len() >= best_len {
                continue;
            }
            let Ok(s) = parse_scenario(&text, None, &options) else {
                continue;
            };
            if calls >= budget {
                break 'search;
            }
            calls += 1;
            if still_fails(&s) {
                best_len = pretty(&s).len();
                best = s;
                continue 'search;
            }
        }
        break;
    }
    best
}
