//! Exact SGM agrees with exact SAT (decision, `initially_overlapping`, the
//! first time as an equal `RealAlgebraic`, every contact interval end) on
//! generated rational-motion scenarios of every class, and every exact SGM
//! answer is certified by the independent referee.

use exactccd::contact::{solve, ContactResult, Method, ScalarKind, SolveOptions, Time};
use exactccd::generate::{generate, ScenarioClass};
use exactccd::referee::referee;
use exactccd_oracle::Verdict;

fn exact(t: &Time) -> exactccd::poly::RealAlgebraic {
    match t {
        Time::Exact(r) => r.clone(),
        other => panic!("not exact: {other:?}"),
    }
}

fn same(a: &ContactResult, b: &ContactResult) -> bool {
    a.collides == b.collides
        && a.initially_overlapping == b.initially_overlapping
        && a.time.as_ref().map(exact) == b.time.as_ref().map(exact)
        && a.contact_intervals.len() == b.contact_intervals.len()
        && a.contact_intervals
            .iter()
            .zip(&b.contact_intervals)
            .all(|((a0, a1), (b0, b1))| exact(a0) == exact(b0) && exact(a1) == exact(b1))
}

fn cases(class: ScenarioClass) -> u64 {
    match class {
        ScenarioClass::RationalRotation(d) if d > 2 => 8,
        ScenarioClass::RationalRotation(_) => 20,
        _ => 25,
    }
}

#[test]
fn exact_sgm_equals_exact_sat_and_is_certified() {
    let opts = SolveOptions::default();
    let mut checked = 0;
    let mut collisions = 0;
    for class in ScenarioClass::RANDOM
        .into_iter()
        .chain(ScenarioClass::DEGENERATE)
    {
        for index in 0..cases(class) {
            let s = generate(4, index, class);
            let q = s.query();
            let sgm = solve(&q, Method::Sgm, ScalarKind::Exact, &opts)
                .unwrap_or_else(|e| panic!("{class} #{index}: {e}"));
            let sat = solve(&q, Method::Sat, ScalarKind::Exact, &opts)
                .unwrap_or_else(|e| panic!("{class} #{index}: {e}"));
            let text = exactccd::scenario::write_scenario(&s);
            assert!(
                same(&sgm, &sat),
                "{class} #{index}: sgm {:?}\nsat {:?}\n{text}",
                (&sgm.time, &sgm.contact_intervals),
                (&sat.time, &sat.contact_intervals)
            );
            assert_eq!(
                referee(&q, &sgm),
                Verdict::Certified,
                "{class} #{index}:\n{text}"
            );
            checked += 1;
            collisions += usize::from(sgm.collides);
        }
    }
    assert!(checked >= 250, "{checked}");
    assert!(collisions >= 50, "{collisions}");
}

#[test]
fn f64_sgm_agrees_with_exact_sgm_on_random_motions() {
    let opts = SolveOptions::default();
    let mut compared = 0;
    for class in ScenarioClass::RANDOM {
        for index in 0..12 {
            let s = generate(5, index, class);
            let e = solve(&s.query(), Method::Sgm, ScalarKind::Exact, &opts).unwrap();
            // a zero-length contact interval is a measure-zero event that
            // f64 may miss: compare only robust answers
            let robust = e
                .contact_intervals
                .iter()
                .all(|(a, b)| exact(a) != exact(b));
            if !robust {
                continue;
            }
            let f = exactccd::scenario::parse_scenario(
                &exactccd::scenario::write_scenario(&s),
                None,
                &exactccd::scenario::LoadOptions::for_scalar(ScalarKind::F64),
            )
            .unwrap();
            let r = solve(&f.query(), Method::Sgm, ScalarKind::F64, &opts).unwrap();
            assert_eq!(r.collides, e.collides, "{class} #{index}");
            if let (Some(Time::Float(x)), Some(t)) = (&r.time, &e.time) {
                let t = exact(t).to_f64();
                assert!(
                    (x - t).abs() <= 1e-7 * t.abs().max(1.0),
                    "{class} #{index}: {x} vs {t}"
                );
            }
            compared += 1;
        }
    }
    assert!(compared >= 40, "{compared}");
}
