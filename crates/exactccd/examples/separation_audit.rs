//! `queries --separation D` audited on benchmark query files: the exact and
//! `f64` answers compared query by query, and every `N`-th exact answer
//! checked by brute force (`docs/methods/primitive.md`, "Minimum separation
//! on the benchmark queries").
//!
//! ```text
//! cargo run --release -p exactccd --example separation_audit -- D N PATH...
//! ```
//!
//! `d = D · scale` with the query's scale (`query_scale`). The brute-force
//! check recomputes the exact squared distance (`squared_distance_at`, which
//! shares nothing with the solver): above `d^2` at 32 rational times before
//! the first time (33 over `[0, 1]`, ends included, without one); at a rational first time
//! after 0, exactly `d^2`; at an irrational one, above `d^2` at the lower
//! end of its bracket. Prints each disagreement, then the counts; exit 1
//! on any.

use exactccd::contact::{ScalarKind, Time, WorkBudget};
use exactccd::queries::{
    answer_query, collect_query_files, query_scale, read_query_file, squared_distance_at,
};
use exactccd::scalar::{parse_number, rational_to_f64, BigRational};
use std::path::PathBuf;

/// Why a brute-force check fails, if it does.
fn brute_force(
    q: &exactccd::solver::primitive::PrimitiveQuery<BigRational>,
    d2: &BigRational,
    time: Option<&Time>,
) -> Result<(), String> {
    let (first, lower) = match time {
        None => (None, None),
        Some(Time::Exact(t)) => (t.as_rational().cloned(), Some(t.bracket(64).0)),
        Some(other) => return Err(format!("not an exact time: {other:?}")),
    };
    let end = lower
        .clone()
        .unwrap_or_else(|| BigRational::from_integer(1.into()));
    // without a first time, the samples include t = 1
    let last = if lower.is_some() { 31 } else { 32 };
    for k in 0..=last {
        let t = &end * BigRational::new(k.into(), 32.into());
        if squared_distance_at(q, &t) <= *d2 {
            return Err(format!("within d at t = {t}, before the first time"));
        }
    }
    match (first, lower) {
        (Some(t), _) if t > BigRational::default() && squared_distance_at(q, &t) != *d2 => {
            Err(format!("the distance at the rational first time {t} is not d"))
        }
        (None, Some(lo)) if squared_distance_at(q, &lo) <= *d2 => Err(format!(
            "within d at the bracket's lower end {lo}, before the first time"
        )),
        _ => Ok(()),
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let usage = "usage: separation_audit D N PATH...";
    let rel = args
        .next()
        .and_then(|d| parse_number(&d).ok())
        .expect(usage);
    let every: usize = args.next().and_then(|n| n.parse().ok()).expect(usage);
    let paths: Vec<PathBuf> = args.map(PathBuf::from).collect();
    let files = collect_query_files(&paths).expect("readable query files");
    let budget = WorkBudget::default();
    let (mut total, mut within, mut differ, mut checked, mut failed) = (0, 0, 0, 0, 0);
    for file in &files {
        for q in read_query_file(file).expect("a query file") {
            let d = &rel * query_scale(&q.query);
            let asked = q.query.clone().with_separation(d.clone());
            let exact = answer_query(&asked, ScalarKind::Exact, budget).0;
            let float = answer_query(&asked, ScalarKind::F64, budget).0;
            let (exact, float) = match (exact, float) {
                (Ok(e), Ok(f)) => (e, f),
                (e, f) => {
                    println!(
                        "error {} query {}: exact {:?}, f64 {:?}",
                        file.display(),
                        q.index,
                        e.err(),
                        f.err()
                    );
                    failed += 1;
                    continue;
                }
            };
            total += 1;
            within += usize::from(exact.collides);
            let times_agree = match (&exact.time, &float.time) {
                (Some(Time::Exact(t)), Some(Time::Float(x))) => {
                    let t = t.bracket(64).0;
                    let scale = rational_to_f64(&t).abs().max(1.0);
                    (rational_to_f64(&t) - x).abs() <= 1e-9 * scale
                }
                (None, None) => true,
                _ => false,
            };
            if exact.collides != float.collides || !times_agree {
                differ += 1;
                // how far from d the f64 time is: (|p - q| - d) / scale,
                // from the exact squared distance at its exact value
                let gap = match &float.time {
                    Some(Time::Float(x)) => {
                        let t = exactccd::scalar::rational_from_f64(*x).expect("finite");
                        let dist = rational_to_f64(&squared_distance_at(&q.query, &t)).sqrt();
                        Some((dist - rational_to_f64(&d)) / rational_to_f64(&query_scale(&q.query)))
                    }
                    _ => None,
                };
                println!(
                    "differ {} query {}: exact {:?}, f64 {:?}, (distance - d) / scale at the f64 time {gap:?}",
                    file.display(),
                    q.index,
                    exact.time.as_ref().map(|t| match t {
                        Time::Exact(a) => rational_to_f64(&a.bracket(64).0),
                        _ => f64::NAN,
                    }),
                    float.time.as_ref().map(|t| match t {
                        Time::Float(x) => *x,
                        _ => f64::NAN,
                    }),
                );
            }
            if total % every == 0 {
                checked += 1;
                if let Err(why) = brute_force(&q.query, &(&d * &d), exact.time.as_ref()) {
                    failed += 1;
                    println!("brute-force {} query {}: {why}", file.display(), q.index);
                }
            }
        }
    }
    println!(
        "{total} queries, {within} within d, {differ} where exact and f64 differ, {checked} checked by brute force, {failed} failed"
    );
    if differ + failed > 0 {
        std::process::exit(1);
    }
}
