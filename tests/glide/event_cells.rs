//! Glide's event cells (`solver/glide/cells.rs`): the second exact method
//! for two boxes under `angular`, `screw` and `poses` motions that are not
//! one glide rotation from `t0`, against the independent 50-digit
//! references (`tests/reference/angular`, `tests/reference/screw`: mpmath,
//! sharing nothing with the solvers) and against sat's time cells: every
//! bracket holds the truth within `1e-12` and is at most `2^-64 max(1,
//! |T|)` wide, and where both methods give contact intervals they have as
//! many and each end's enclosures overlap. Glide's `f64` answers (the
//! same cells at 40 bits, reported by midpoints) are within `1e-9 max(1,
//! |T|)` of the truth.

use exactccd::scalar::{parse_number, BigRational};
use exactccd::{load_scenario, solve, LoadOptions, Method, ScalarKind, SolveOptions, Time};
use num_traits::Signed;
use rayon::prelude::*;
use std::path::{Path, PathBuf};

fn set(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/reference/{name}"))
}

/// `(name, first contact)` of a set's `truth.json` (a decimal string, or
/// an object with `collides` and `time`).
fn truth(dir: &Path) -> Vec<(String, Option<BigRational>)> {
    let text = std::fs::read_to_string(dir.join("truth.json")).expect("truth.json");
    let map: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(&text).expect("a JSON object");
    map.into_iter()
        .map(|(name, t)| {
            let time = match &t {
                serde_json::Value::Object(o) => o.get("time").and_then(|x| x.as_str()),
                other => other.as_str(),
            };
            (name, time.map(|s| parse_number(s).expect("a decimal")))
        })
        .collect()
}

fn bracket(time: &Time) -> (BigRational, BigRational) {
    match time {
        Time::Enclosure { lower, upper } => (lower.clone(), upper.clone()),
        Time::Exact(t) => {
            let q = t.as_rational().expect("a rational end").clone();
            (q.clone(), q)
        }
        Time::Float(_) => panic!("an exact answer"),
    }
}

fn overlap(x: &Time, y: &Time) -> bool {
    let ((a, b), (c, d)) = (bracket(x), bracket(y));
    a <= d && c <= b
}

/// Glide's answer on one file checked against the truth and sat: `Ok` with
/// whether glide gave contact intervals to compare, or what failed.
fn check(dir: &Path, name: &str, expected: &Option<BigRational>) -> Result<bool, String> {
    let s = load_scenario(
        &dir.join(format!("{name}.json")),
        &LoadOptions::for_scalar(ScalarKind::Exact),
    )
    .map_err(|e| e.to_string())?;
    let run = |method| {
        solve(
            &s.query(),
            method,
            ScalarKind::Exact,
            &SolveOptions::default(),
        )
    };
    let glide = run(Method::Glide).map_err(|e| format!("glide: {e}"))?;
    match (expected, &glide.time) {
        (None, None) if !glide.collides => {}
        (Some(t), Some(time)) => {
            let (lo, hi) = bracket(time);
            let slack = parse_number("1e-12").unwrap();
            if !(&lo - &slack <= *t && *t <= &hi + &slack) {
                return Err(format!("[{lo}, {hi}] misses {t}"));
            }
            let allowed = BigRational::from_integer(1.into()).max(t.abs())
                / BigRational::from_integer(num_bigint::BigInt::from(1) << 64u32);
            if &hi - &lo > allowed {
                return Err(format!("[{lo}, {hi}] is too wide"));
            }
        }
        (e, r) => return Err(format!("expected {e:?}, glide {r:?}")),
    }
    float_agrees(&dir.join(format!("{name}.json")), expected)?;
    let sat = run(Method::Sat).map_err(|e| format!("sat: {e}"))?;
    // an empty list with a contact: not all computed (a search that stopped)
    let complete = |r: &exactccd::ContactResult| !r.collides || !r.contact_intervals.is_empty();
    if !(complete(&glide) && complete(&sat)) {
        return Ok(false);
    }
    let (g, s) = (&glide.contact_intervals, &sat.contact_intervals);
    if g.len() != s.len() {
        return Err(format!("{} contact intervals, sat {}", g.len(), s.len()));
    }
    for ((a, b), (c, d)) in g.iter().zip(s) {
        if !(overlap(a, c) && overlap(b, d)) {
            return Err(format!(
                "contact interval {a:?}..{b:?} misses sat's {c:?}..{d:?}"
            ));
        }
    }
    Ok(glide.collides)
}

/// Glide's `f64` answer on the file (loaded for `f64`) within `1e-9
/// max(1, |T|)` of the truth, or what failed.
fn float_agrees(path: &Path, expected: &Option<BigRational>) -> Result<(), String> {
    let s = load_scenario(path, &LoadOptions::for_scalar(ScalarKind::F64))
        .map_err(|e| e.to_string())?;
    let r = solve(
        &s.query(),
        Method::Glide,
        ScalarKind::F64,
        &SolveOptions::default(),
    )
    .map_err(|e| format!("glide f64: {e}"))?;
    match (expected, &r.time) {
        (None, None) if !r.collides => Ok(()),
        (Some(t), Some(Time::Float(x))) => {
            let t = exactccd::scalar::rational_to_f64(t);
            if (x - t).abs() <= 1e-9 * t.abs().max(1.0) {
                Ok(())
            } else {
                Err(format!("glide f64 {x}, truth {t}"))
            }
        }
        (e, got) => Err(format!("expected {e:?}, glide f64 {got:?}")),
    }
}

fn assert_set(name: &str, at_least: usize) {
    let dir = set(name);
    let cases = truth(&dir);
    assert!(cases.len() >= at_least, "{} cases", cases.len());
    let results: Vec<(String, Result<bool, String>)> = cases
        .par_iter()
        .map(|(case, t)| (case.clone(), check(&dir, case, t)))
        .collect();
    let failed: Vec<String> = results
        .iter()
        .filter_map(|(case, r)| r.as_ref().err().map(|e| format!("{name}/{case}: {e}")))
        .collect();
    assert!(failed.is_empty(), "{}", failed.join("\n"));
    let compared = results.iter().filter(|(_, r)| r == &Ok(true)).count();
    assert!(
        compared * 2 >= cases.len(),
        "only {compared} interval comparisons"
    );
}

#[test]
fn angular_spins_agree_with_the_fifty_digit_truth_and_sat() {
    assert_set("angular", 30);
}

#[test]
fn screws_and_poses_agree_with_the_fifty_digit_truth_and_sat() {
    assert_set("screw", 50);
}

/// `screw-2040-585` of the nonlinear campaign (seed 2040), both boxes
/// under fast general screws on an interval starting at `-3/2`, where
/// sat's exact time cells once stopped at the first contact (a run of
/// cells they could not decide, status 3) and the default answer fell
/// back to glide's event cells. With the separating axes that turn with
/// the boxes the cells resolve it. The two independent methods agree:
/// their first contacts' enclosures overlap, no later than sat's `f64`
/// cells put it (within `1e-9`), and they give the same 18 contact
/// intervals, end by end overlapping; the referee certifies glide's
/// answer, intervals included. (It certifies sat's as well, but takes
/// half a minute to: the first contact lies 7e-5 after `t0` under fast
/// turns, and its bisection proves about 40,000 cells.)
#[test]
fn sat_and_the_event_cells_agree_where_sat_once_stopped() {
    use exactccd::referee::referee;
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cells_findings/screw-2040-585.json");
    let s = load_scenario(&path, &LoadOptions::for_scalar(ScalarKind::Exact)).unwrap();
    let options = SolveOptions::default();
    let sat = solve(&s.query(), Method::Sat, ScalarKind::Exact, &options).unwrap();
    let glide = solve(&s.query(), Method::Glide, ScalarKind::Exact, &options).unwrap();
    assert_two_methods_agree(&sat, &glide, 18);
    assert_eq!(
        referee(&s.query(), &glide),
        exactccd_oracle::Verdict::Certified
    );
    let (lo, hi) = bracket(sat.time.as_ref().unwrap());
    let truth_near = parse_number("-1.4999306237833059").unwrap();
    let slack = parse_number("1e-9").unwrap();
    assert!(&lo - &slack <= truth_near && truth_near <= &hi + &slack);
    // sat's f64 cells (with their second-order steps, which leave the
    // touches that once stopped them at the evaluation limit) give the
    // same 18 contact intervals, every end within 1e-9 of glide's
    // certified enclosure
    let f = solve(&s.query(), Method::Sat, ScalarKind::F64, &options).unwrap();
    assert_f64_within_enclosures(&f, &glide, 18);
}

/// Two exact answers of independent methods agree: both collide, their
/// first contacts' enclosures overlap, and they have `count` contact
/// intervals whose ends overlap one by one.
fn assert_two_methods_agree(
    x: &exactccd::ContactResult,
    y: &exactccd::ContactResult,
    count: usize,
) {
    assert!(x.collides && y.collides);
    assert!(overlap(x.time.as_ref().unwrap(), y.time.as_ref().unwrap()));
    assert_eq!(x.contact_intervals.len(), count);
    assert_eq!(y.contact_intervals.len(), count);
    for (a, b) in x.contact_intervals.iter().zip(&y.contact_intervals) {
        assert!(
            overlap(&a.0, &b.0) && overlap(&a.1, &b.1),
            "{a:?} against {b:?}"
        );
    }
}

/// `f`, an `f64` answer, has the `count` contact intervals of the exact
/// answer `r`: its first contact and every interval end within `1e-9` of
/// `r`'s enclosures.
fn assert_f64_within_enclosures(
    f: &exactccd::ContactResult,
    r: &exactccd::ContactResult,
    count: usize,
) {
    assert_eq!(f.contact_intervals.len(), count);
    assert_eq!(r.contact_intervals.len(), count);
    let slack = parse_number("1e-9").unwrap();
    let within = |approx: &Time, certified: &Time| {
        let Time::Float(x) = approx else {
            panic!("an f64 answer")
        };
        let x = exactccd::scalar::rational_from_f64(*x).unwrap();
        let (lo, hi) = bracket(certified);
        &lo - &slack <= x && x <= &hi + &slack
    };
    for (fi, ri) in f.contact_intervals.iter().zip(&r.contact_intervals) {
        assert!(
            within(&fi.0, &ri.0) && within(&fi.1, &ri.1),
            "{fi:?} against {ri:?}"
        );
    }
    assert!(within(f.time.as_ref().unwrap(), r.time.as_ref().unwrap()));
}

/// Glide's benchmark pair of cubes (`b` turned by `2 atan(1/3)` about a
/// vertical line, flush top and bottom faces), whose end pose puts a
/// corner of `b` on a corner of `a`: in `f64` the point-in-solid test from
/// that vertex finds no ray free of edges (once a limit for glide's `f64`
/// contact intervals); another vertex decides. Glide's `f64` answer and the
/// default one are within `1e-9` of glide's exact enclosure, and their
/// contact intervals are one, as the exact one is, from the first contact
/// to `t1` (glide's `f64` intervals once split `4e-16` after the first
/// contact, between two events of that instant).
#[test]
fn glide_f64_decides_containment_with_a_corner_on_a_corner() {
    use exactccd::solve_with_default_method;
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/cells_findings/cube-turn-f64-containment.json");
    let exact = load_scenario(&path, &LoadOptions::for_scalar(ScalarKind::Exact)).unwrap();
    let truth = solve(
        &exact.query(),
        Method::Glide,
        ScalarKind::Exact,
        &SolveOptions::default(),
    )
    .unwrap();
    let (lo, _) = bracket(truth.time.as_ref().unwrap());
    let float = load_scenario(&path, &LoadOptions::for_scalar(ScalarKind::F64)).unwrap();
    let glide = solve(
        &float.query(),
        Method::Glide,
        ScalarKind::F64,
        &SolveOptions::default(),
    )
    .unwrap();
    let (_, r) =
        solve_with_default_method(&float.query(), ScalarKind::F64, &SolveOptions::default());
    for r in [glide, r.unwrap()] {
        let Some(Time::Float(t)) = r.time else {
            panic!("an f64 time")
        };
        let t = BigRational::from_float(t).unwrap();
        assert!((t - &lo).abs() <= parse_number("1e-9").unwrap());
        assert_eq!(truth.contact_intervals.len(), 1);
        assert_eq!(r.contact_intervals.len(), 1, "{:?}", r.contact_intervals);
        let last = r.contact_intervals.last().expect("a contact interval");
        assert!(matches!(last.1, Time::Float(x) if x == 1.0), "{last:?}");
    }
}

/// `angular-2050-234` of the nonlinear campaign (seed 2050): two boxes in
/// contact at `t0 = 0` that touch and part again 21 times over `[0, 2]`,
/// grazing between. sat's exact time cells once stopped after the first
/// contact (a graze they could not decide) and answered it without
/// contact intervals, and the default answer took glide's event cells.
/// With the separating axes that turn with the boxes sat gives all 21,
/// and the two independent methods agree end by end; the referee
/// certifies both. sat's `f64` cells (which once ended in their
/// evaluation limit here) give the same 21, every end within `1e-9` of
/// glide's enclosures.
#[test]
fn sat_and_the_event_cells_give_the_same_intervals_through_grazes() {
    use exactccd::referee::referee;
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cells_findings/angular-2050-234.json");
    let s = load_scenario(&path, &LoadOptions::for_scalar(ScalarKind::Exact)).unwrap();
    let options = SolveOptions::default();
    let sat = solve(&s.query(), Method::Sat, ScalarKind::Exact, &options).unwrap();
    let r = solve(&s.query(), Method::Glide, ScalarKind::Exact, &options).unwrap();
    assert_two_methods_agree(&sat, &r, 21);
    for x in [&sat, &r] {
        assert_eq!(referee(&s.query(), x), exactccd_oracle::Verdict::Certified);
    }
    let f = solve(&s.query(), Method::Sat, ScalarKind::F64, &options).unwrap();
    assert_f64_within_enclosures(&f, &r, 21);
}
