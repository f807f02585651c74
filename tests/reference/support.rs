//! Comparing the library's answers with a reference set: every scenario of
//! a folder is solved with the default method in both scalars and checked
//! against its `truth.json` entry
//! (`{"collides", "time", "exact", "initially_overlapping", ...}`, the time
//! a 50-digit decimal):
//!
//! * `collides` and `initially_overlapping` equal;
//! * exact scalar: a rational truth (`exact`) equal exactly; otherwise the
//!   bracket `[lower, upper]` holds the truth within 1e-12 and is at most
//!   `2^-64 max(1, |T|)` wide;
//! * `f64` scalar: within `1e-9 max(1, |T|)` of the truth; a contact of
//!   zero length (`"touch": true`: a tangential touch, a touch at `t0`
//!   that separates, one at `t1`) may be missed, not misplaced.
//!
//! All failures of a set are gathered and reported together, each naming
//! its file.

use exactccd::scalar::{parse_number, BigRational};
use exactccd::{
    load_scenario, solve_with_default_method, ContactResult, LoadOptions, ScalarKind, SolveOptions,
    Time,
};
use num_traits::{Signed, ToPrimitive};
use std::cmp::Ordering;
use std::path::{Path, PathBuf};

/// One entry of a `truth.json`.
pub struct Truth {
    pub name: String,
    pub collides: bool,
    /// The first contact time to 50 digits, as an exact decimal.
    pub time: Option<BigRational>,
    /// The first contact time when it is rational (checked exactly).
    pub exact: Option<BigRational>,
    pub initially_overlapping: bool,
    /// A contact of zero length (a tangential touch, a touch at `t0` that
    /// separates, an entry reaching the distance exactly at `t1`).
    pub touch: bool,
}

/// The folder `tests/reference/NAME`.
pub fn set_dir(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/reference")
        .join(name)
}

/// The entries of `DIR/truth.json`, in file order.
pub fn read_truth(dir: &Path) -> Vec<Truth> {
    let text = std::fs::read_to_string(dir.join("truth.json")).expect("truth.json");
    let map: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(&text).expect("a JSON object");
    let number = |v: &serde_json::Value| v.as_str().map(|s| parse_number(s).expect("a number"));
    map.into_iter()
        .map(|(name, v)| Truth {
            collides: v["collides"].as_bool().expect("collides"),
            time: number(&v["time"]),
            exact: number(&v["exact"]),
            initially_overlapping: v["initially_overlapping"].as_bool().unwrap_or(false),
            touch: v["touch"].as_bool().unwrap_or(false),
            name,
        })
        .collect()
}

/// The default method's answer for `DIR/NAME.json` in `scalar`.
pub fn solve_default(dir: &Path, name: &str, scalar: ScalarKind) -> Result<ContactResult, String> {
    let path = dir.join(format!("{name}.json"));
    let scenario =
        load_scenario(&path, &LoadOptions::for_scalar(scalar)).map_err(|e| format!("load: {e}"))?;
    let query = scenario.query();
    let (method, solved) = solve_with_default_method(&query, scalar, &SolveOptions::default());
    solved.map_err(|e| format!("solve ({method:?}): {e}"))
}

/// The answer of `method` for `DIR/NAME.json` in `scalar`; `Ok(None)` when
/// the method does not apply to the scenario.
pub fn solve_method(
    dir: &Path,
    name: &str,
    method: exactccd::Method,
    scalar: ScalarKind,
) -> Result<Option<ContactResult>, String> {
    let path = dir.join(format!("{name}.json"));
    let scenario =
        load_scenario(&path, &LoadOptions::for_scalar(scalar)).map_err(|e| format!("load: {e}"))?;
    match exactccd::solve(&scenario.query(), method, scalar, &SolveOptions::default()) {
        Ok(r) => Ok(Some(r)),
        Err(e) if e.is_not_applicable() => Ok(None),
        Err(e) => Err(format!("solve ({method:?}): {e}")),
    }
}

fn rational(x: f64) -> BigRational {
    BigRational::from_float(x).expect("a finite time")
}

/// Checks an exact answer against the truth.
pub fn check_exact(truth: &Truth, result: &ContactResult) -> Result<(), String> {
    check_flags(truth, result)?;
    let (Some(t), Some(time)) = (&truth.time, &result.time) else {
        return Ok(());
    };
    let one = BigRational::from_integer(1.into());
    let (lo, hi) = match time {
        Time::Exact(x) => {
            if let Some(q) = &truth.exact {
                return match x.cmp_rational(q) {
                    Ordering::Equal => Ok(()),
                    _ => Err(format!(
                        "exact time {:?} is not the rational {q}",
                        x.interval()
                    )),
                };
            }
            x.bracket(64)
        }
        Time::Enclosure { lower, upper } => (lower.clone(), upper.clone()),
        Time::Float(_) => return Err("a float time from the exact scalar".into()),
    };
    if let Some(q) = &truth.exact {
        if !(lo == *q && hi == *q) {
            return Err(format!("[{lo}, {hi}] is not the rational {q}"));
        }
        return Ok(());
    }
    let slack = parse_number("1e-12").unwrap();
    if !(&lo - &slack <= *t && *t <= &hi + &slack) {
        return Err(format!("[{lo}, {hi}] misses {}", t.to_f64().unwrap()));
    }
    let width = &hi - &lo;
    let allowed =
        one.max(t.abs()) / BigRational::from_integer(num_bigint::BigInt::from(1) << 64u32);
    if width > allowed {
        return Err(format!("[{lo}, {hi}] is {} wide", width.to_f64().unwrap()));
    }
    Ok(())
}

/// Checks an `f64` answer against the truth. A contact of zero length may
/// be missed, or found within `1e-7 max(1, |T|)`: rounding the input (a
/// relative `1e-16`) decides it either way and moves a tangential touch by
/// about the square root of that (the `f64` answer is then the exact one
/// of the rounded input: the input itself is within rounding of a touch).
pub fn check_f64(truth: &Truth, result: &ContactResult) -> Result<(), String> {
    if truth.touch && !result.collides {
        return Ok(());
    }
    check_flags(truth, result)?;
    let (Some(t), Some(time)) = (&truth.time, &result.time) else {
        return Ok(());
    };
    let x = match time {
        Time::Float(x) => *x,
        other => return Err(format!("{other:?} from the f64 scalar")),
    };
    let t = t.to_f64().unwrap();
    let dt = (rational(x) - rational(t)).abs().to_f64().unwrap();
    let tolerance = if truth.touch { 1e-7 } else { 1e-9 };
    if dt > tolerance * t.abs().max(1.0) {
        return Err(format!("{x} is {dt:e} from {t}"));
    }
    Ok(())
}

fn check_flags(truth: &Truth, result: &ContactResult) -> Result<(), String> {
    if truth.collides != result.collides || truth.collides != result.time.is_some() {
        return Err(format!(
            "collides {} (time {:?}), truth {}",
            result.collides, result.time, truth.collides
        ));
    }
    if truth.initially_overlapping != result.initially_overlapping {
        return Err(format!(
            "initially_overlapping {}, truth {}",
            result.initially_overlapping, truth.initially_overlapping
        ));
    }
    Ok(())
}

/// Every file of the set in both scalars: the failures, each naming its
/// file and scalar, and the number of cases.
pub fn failures(set: &str) -> (Vec<String>, usize) {
    use rayon::prelude::*;
    let dir = set_dir(set);
    let cases = read_truth(&dir);
    let failed: Vec<String> = cases
        .par_iter()
        .flat_map_iter(|truth| {
            [ScalarKind::Exact, ScalarKind::F64]
                .into_iter()
                .filter_map(|scalar| {
                    let verdict =
                        solve_default(&dir, &truth.name, scalar).and_then(|r| match scalar {
                            ScalarKind::Exact => check_exact(truth, &r),
                            ScalarKind::F64 => check_f64(truth, &r),
                        });
                    verdict
                        .err()
                        .map(|e| format!("{set}/{}.json ({scalar:?}): {e}", truth.name))
                })
                .collect::<Vec<_>>()
        })
        .collect();
    (failed, cases.len())
}

/// Asserts that the whole set agrees with its truth, listing every failure.
pub fn assert_set_agrees(set: &str, at_least: usize) {
    let (failed, n) = failures(set);
    assert!(n >= at_least, "{set}: {n} cases");
    assert!(
        failed.is_empty(),
        "{} of {n} cases x 2 scalars fail:\n{}",
        failed.len(),
        failed.join("\n")
    );
}
