//! The `f64` fast path of the SGM solver (`solver::sgm::solve_sgm_f64`)
//! against the exact solve (`solve_sgm::<BigRational>`) and the generic
//! `f64` solve (`solve_sgm::<f64>`) on generated scenarios of every random
//! and degenerate class.
//!
//! A difference is **grazing** (legitimately different in `f64`) when the
//! exact solve itself changes its answer under a perturbation of the
//! boxes by `DELTA` (half extents grown and shrunk by `DELTA`, exact
//! solves): an `f64` contact that the exact path misses but finds for the
//! grown boxes, a missed contact that disappears for the shrunk boxes, a
//! first time between the grown and shrunk boxes' exact first times, a
//! different interval structure where the exact structure itself changes
//! under the perturbation. Every other difference is unexplained and fails
//! the test. `DELTA = 1e-9` (boxes of size about 1, coordinates below 10):
//! about a million times the rounding of the `f64` planes' coefficients
//! and far below the generated features, so it cannot hide a wrong answer
//! of ordinary size; it explains the `NearMiss` scenarios whose gap `2^-k`
//! (`4 <= k < 60`) is below what `f64` resolves (the fast path then reports
//! a touching contact).
//!
//! Times must agree within `TIME_TOL = 1e-9` (relative to `max(1, |t|)`)
//! on non-grazing answers: roots of degree <= 18 planes at simple roots are
//! found to a few ulps; 1e-9 leaves room for ill-conditioned simple roots.

use crate::strategies;

use exactccd::generate::{generate, ScenarioClass};
use exactccd::geom::Shape;
use exactccd::motion::Body;
use exactccd::poly::RealRoots;
use exactccd::scalar::BigRational;
use exactccd::solver::sgm::{solve_sgm, solve_sgm_f64, FastSgmOutcome, SgmOutcome};
use std::collections::BTreeMap;

const DELTA: f64 = 1e-9;
const TIME_TOL: f64 = 1e-9;

fn close(x: f64, y: f64) -> bool {
    (x - y).abs() <= TIME_TOL * x.abs().max(y.abs()).max(1.0)
}

fn grown(body: &Body, by: f64) -> Body {
    let mut b = body.clone();
    if let Shape::Box(s) = &mut b.shape {
        let d = BigRational::from_float(by).expect("finite");
        for h in &mut s.half_extents {
            *h = &*h + &d;
        }
    }
    b
}

struct Exact {
    collides: bool,
    initial: bool,
    first: Option<f64>,
    intervals: Vec<(f64, f64)>,
}

fn exact(a: &Body, b: &Body, t0: &BigRational, t1: &BigRational) -> Option<Exact> {
    let out: SgmOutcome<BigRational> = solve_sgm::<BigRational>(a, b, t0, t1).ok()?;
    let f = |r: &<BigRational as RealRoots>::Root| BigRational::root_to_f64(r);
    Some(Exact {
        collides: out.collides,
        initial: out.initially_overlapping,
        first: out.first_contact.as_ref().map(f),
        intervals: out
            .contact_intervals
            .iter()
            .map(|(x, y)| (f(x), f(y)))
            .collect(),
    })
}

fn same_intervals(x: &[(f64, f64)], y: &[(f64, f64)]) -> bool {
    x.len() == y.len()
        && x.iter()
            .zip(y)
            .all(|(p, q)| close(p.0, q.0) && close(p.1, q.1))
}

/// The kinds of difference of the fast answer from the exact one (empty:
/// agreement).
fn differences(e: &Exact, f: &FastSgmOutcome) -> Vec<&'static str> {
    let mut kinds = Vec::new();
    if e.collides != f.collides {
        kinds.push("decision");
    }
    if e.initial != f.initially_overlapping {
        kinds.push("initial");
    }
    if let (Some(x), Some(y)) = (e.first, f.first_contact) {
        if !close(x, y) {
            kinds.push("time");
        }
    }
    if !same_intervals(&e.intervals, &f.contact_intervals) {
        kinds.push("intervals");
    }
    kinds
}

/// True when every difference is explained by a `DELTA` perturbation of
/// the boxes (module docs).
fn grazing(
    a: &Body,
    b: &Body,
    t0: &BigRational,
    t1: &BigRational,
    e: &Exact,
    f: &FastSgmOutcome,
) -> bool {
    let (Some(big), Some(small)) = (
        exact(&grown(a, DELTA), &grown(b, DELTA), t0, t1),
        exact(&grown(a, -DELTA), &grown(b, -DELTA), t0, t1),
    ) else {
        return false;
    };
    let t1f = exactccd::scalar::rational_to_f64(t1);
    let decision = if f.collides {
        big.collides
    } else {
        !small.collides
    };
    let time = match f.first_contact {
        None => true,
        Some(t) => {
            let lo = big.first.unwrap_or(t1f);
            let hi = small.first.unwrap_or(t1f);
            t >= lo - TIME_TOL && t <= hi + TIME_TOL
        }
    };
    let structure_stable = same_intervals(&e.intervals, &f.contact_intervals)
        || (big.intervals.len() != e.intervals.len() || small.intervals.len() != e.intervals.len())
        || e.intervals.iter().any(|(x, y)| x == y);
    decision && time && structure_stable
}

#[derive(Default, Debug)]
struct Tally {
    compared: usize,
    collisions: usize,
    declined: usize,
    both_refused: usize,
    agree: usize,
    feature_differs: usize,
    grazing: BTreeMap<&'static str, usize>,
    unexplained: Vec<String>,
    generic_differs: usize,
}

fn run(class: ScenarioClass, count: u64, tally: &mut Tally) {
    for index in 0..count {
        let s = generate(64, index, class);
        let (t0, t1) = (&s.interval.0, &s.interval.1);
        let fast = solve_sgm_f64(s.a(), s.b(), t0, t1);
        let Some(fast) = fast else {
            tally.declined += 1;
            continue;
        };
        let e = exact(s.a(), s.b(), t0, t1);
        let (Some(e), Ok(f)) = (e, fast.as_ref()) else {
            // both refuse (a singular relative motion), or one does
            if fast.is_err() && solve_sgm::<BigRational>(s.a(), s.b(), t0, t1).is_err() {
                tally.both_refused += 1;
            } else {
                tally
                    .unexplained
                    .push(format!("{class} #{index}: refusal differs"));
            }
            continue;
        };
        tally.compared += 1;
        tally.collisions += usize::from(e.collides);
        // The generic f64 solve on the same query, for the record.
        if let Ok(g) = solve_sgm::<f64>(s.a(), s.b(), t0, t1) {
            let gt = g.first_contact.map(|r| r.0);
            let same = g.collides == f.collides
                && match (gt, f.first_contact) {
                    (Some(x), Some(y)) => close(x, y),
                    (None, None) => true,
                    _ => false,
                };
            tally.generic_differs += usize::from(!same);
        }
        let kinds = differences(&e, f);
        if kinds.is_empty() {
            tally.agree += 1;
            let exact_feature = solve_sgm::<BigRational>(s.a(), s.b(), t0, t1)
                .ok()
                .and_then(|o| o.feature);
            if exact_feature.map(|x| (x.1, x.2)) != f.feature.map(|x| (x.1, x.2)) {
                tally.feature_differs += 1;
            }
        } else if grazing(s.a(), s.b(), t0, t1, &e, f) {
            for k in kinds {
                *tally.grazing.entry(k).or_default() += 1;
            }
        } else {
            tally.unexplained.push(format!(
                "{class} #{index}: {kinds:?}: exact collides {} first {:?} intervals {:?}; fast collides {} first {:?} intervals {:?}",
                e.collides, e.first, e.intervals, f.collides, f.first_contact, f.contact_intervals
            ));
        }
    }
}

fn check(classes: &[ScenarioClass], count: u64) -> Tally {
    let mut tally = Tally::default();
    for &class in classes {
        let before = (tally.compared, tally.agree, tally.feature_differs);
        run(class, count, &mut tally);
        eprintln!(
            "{class}: compared {}, agree {}, feature differs {}",
            tally.compared - before.0,
            tally.agree - before.1,
            tally.feature_differs - before.2
        );
    }
    eprintln!("{tally:#?}");
    tally
}

#[test]
fn fast_f64_agrees_with_exact_on_random_classes() {
    let t = check(&ScenarioClass::RANDOM, 300);
    assert!(t.unexplained.is_empty(), "{:#?}", t.unexplained);
    assert_eq!(t.feature_differs, 0);
    assert_eq!(t.declined, 0);
    assert!(t.compared >= 1400, "{}", t.compared);
    assert!(t.collisions >= 300, "{}", t.collisions);
    // grazing differences are rare on random scenarios
    let grazing: usize = t.grazing.values().sum();
    assert!(grazing * 100 <= t.compared, "{grazing}");
}

#[test]
fn fast_f64_agrees_with_exact_on_degenerate_classes() {
    let t = check(&ScenarioClass::DEGENERATE, 200);
    assert!(t.unexplained.is_empty(), "{:#?}", t.unexplained);
    // touching features are named as exactly (signs within the rounding
    // allowance are zero)
    assert_eq!(t.feature_differs, 0);
    assert_eq!(t.declined, 0);
    assert!(t.compared >= 1300, "{}", t.compared);
}

/// The benchmark's degree-2 scenarios (a degree-1 quaternion `b` against a
/// box at rest): `L` has degree 2, `T' = T / s_b` degree 2 and `T`, `w' w`
/// degree 4 and 2, so with the common factor `s_b` divided out (fast path
/// module docs, "Common factors") every plane has degree at most 4, the
/// exact path's degree (before: 8 for VF planes, 6 for EE planes).
#[test]
fn degree_two_planes_have_the_exact_paths_degree() {
    for index in 0..8 {
        let s = generate(21, index, ScenarioClass::RationalRotation(1));
        let (t0, t1) = (&s.interval.0, &s.interval.1);
        let fast = solve_sgm_f64(s.a(), s.b(), t0, t1)
            .expect("in scope")
            .expect("applicable");
        let exact = solve_sgm::<BigRational>(s.a(), s.b(), t0, t1).expect("applicable");
        assert_eq!(exact.stats.max_plane_degree, 4, "#{index}");
        assert_eq!(fast.stats.max_plane_degree, 4, "#{index}");
        assert_eq!(
            fast.stats.motion_degree, exact.stats.motion_degree,
            "#{index}"
        );
    }
}

fn moving_box() -> impl proptest::strategy::Strategy<Value = Body> {
    proptest::prop_oneof![
        strategies::rational_motion_body(),
        strategies::linear_motion_body()
    ]
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(256))]
    /// Both boxes moving (`rational` or `linear`, so `s_a`, `d_a` are not 1
    /// and `a`'s rotation turns): the fast path answers, its answer is well
    /// formed (times finite and in the interval, intervals increasing and
    /// disjoint, the first contact the first interval's start, a unit
    /// normal), and it agrees with the exact solve up to a `DELTA`
    /// perturbation (module docs).
    #[test]
    fn both_boxes_moving(a in moving_box(), b in moving_box()) {
        let (t0, t1) = (BigRational::from_integer(0.into()), BigRational::from_integer(1.into()));
        let f = solve_sgm_f64(&a, &b, &t0, &t1).expect("in scope").expect("applicable");
        let mut last = 0.0;
        for &(x, y) in &f.contact_intervals {
            proptest::prop_assert!(x.is_finite() && y.is_finite());
            proptest::prop_assert!(last <= x && x <= y && y <= 1.0, "{:?}", f.contact_intervals);
            last = y;
        }
        proptest::prop_assert_eq!(f.collides, !f.contact_intervals.is_empty());
        proptest::prop_assert_eq!(f.first_contact, f.contact_intervals.first().map(|p| p.0));
        if let Some(n) = f.normal {
            let len = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt();
            proptest::prop_assert!((len - 1.0).abs() < 1e-12, "{n:?}");
        }
        let e = exact(&a, &b, &t0, &t1).expect("exact applicable");
        let kinds = differences(&e, &f);
        proptest::prop_assert!(
            kinds.is_empty() || grazing(&a, &b, &t0, &t1, &e, &f),
            "{kinds:?}: exact {:?} {:?}; fast {:?} {:?}",
            e.first, e.intervals, f.first_contact, f.contact_intervals
        );
    }
}
