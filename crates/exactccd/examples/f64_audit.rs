//! The `f64` primitive path against the exact one on benchmark query files:
//! every disagreement with its exact distance from a contact, relative to
//! the query's scale (`docs/methods/primitive.md`, "f64 answers").
//!
//! ```text
//! cargo run --release -p exactccd --example f64_audit -- [--samples N] PATH...
//! ```
//!
//! prints one line per false negative and false positive (file, query,
//! `f64` time, relative distance at that time, least relative distance over
//! `N + 1` sampled times; default `N = 1000`, `0` skips the sampling), then
//! the counts.

use exactccd::queries::audit_f64;
use std::path::PathBuf;

fn main() {
    let mut samples = 1000;
    let mut paths = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        if a == "--samples" {
            samples = args
                .next()
                .and_then(|n| n.parse().ok())
                .expect("--samples takes a count");
        } else {
            paths.push(PathBuf::from(a));
        }
    }
    let audit = audit_f64(&paths, samples).unwrap_or_else(|e| {
        eprintln!("error: {e}");
        std::process::exit(2)
    });
    let mut largest: f64 = 0.0;
    for m in &audit.mismatches {
        let what = match (m.exact_collides, m.f64_time) {
            (true, None) => "false-neg",
            (false, _) => "false-pos",
            (true, Some(_)) => "time-gap",
        };
        let at = m.distance_at_time();
        largest = largest.max(at.unwrap_or(0.0));
        println!(
            "{what} {} query {} {}: f64 time {:?} (exact {:?}), distance at it {:?}, least sampled {:?}",
            m.file.display(),
            m.index,
            m.kind.as_str(),
            m.f64_time,
            m.exact_time,
            at,
            m.distance_sampled()
        );
    }
    let far = |k: f64| {
        audit
            .false_positives()
            .filter(|m| m.distance_at_time().unwrap_or(0.0) > k)
            .count()
    };
    println!(
        "queries {} colliding {}: false negatives {}, false positives {} \
         (farther than 1e-9: {}, than 1e-3: {}), largest distance {largest:e}, \
         largest time gap where both collide {:e} (early by more than 1e-9: {}, late: {})",
        audit.queries,
        audit.colliding,
        audit.false_negatives().count(),
        audit.false_positives().count(),
        far(1e-9),
        far(1e-3),
        audit.largest_time_gap,
        audit.early_contacts().count(),
        audit.late_contacts().count()
    );
}
