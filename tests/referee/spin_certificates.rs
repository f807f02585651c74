//! Transcendental first contacts certified by the referee's own
//! enclosures: time-cell answers on the angular reference set
//! (`tests/reference/angular`, first contacts computed to 50 digits by
//! mpmath) under `angular`, `screw` and `poses` are certified, and hold
//! the reference time; tampered certificates are refuted.

use exactccd::contact::{PieceEnd, Time};
use exactccd::referee::referee;
use exactccd::scalar::{parse_number, BigRational};
use exactccd::{load_scenario, solve, LoadOptions, Method, ScalarKind, SolveOptions};
use exactccd_oracle::Verdict;
use std::path::Path;

fn load(name: &str) -> exactccd::Scenario {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/reference/angular")
        .join(format!("{name}.json"));
    load_scenario(&path, &LoadOptions::for_scalar(ScalarKind::Exact)).unwrap()
}

fn truth(name: &str) -> Option<BigRational> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/reference/angular/truth.json");
    let map: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    map[name].as_str().map(|s| parse_number(s).unwrap())
}

fn solved(s: &exactccd::Scenario) -> exactccd::ContactResult {
    solve(
        &s.query(),
        Method::Sat,
        ScalarKind::Exact,
        &SolveOptions::default(),
    )
    .unwrap()
}

fn enclosure(t: &Time) -> (BigRational, BigRational) {
    match t {
        Time::Enclosure { lower, upper } => (lower.clone(), upper.clone()),
        Time::Exact(a) => {
            let q = a.as_rational().unwrap().clone();
            (q.clone(), q)
        }
        Time::Float(_) => panic!("an exact answer"),
    }
}

/// A sample of the reference set: angular (centred, off-centre, linear
/// partner, interval not at 0), screw, poses; contacts and misses. Solving
/// and refereeing the ten takes about 14 s (2026-11-29).
const SAMPLE: [&str; 10] = [
    "cells-00", "cells-01", "cells-04", "cells-07", "cells-11", "cells-13", "cells-15", "cells-21",
    "cells-23", "cells-26",
];

fn certified_and_holding_the_reference(names: &[&str]) {
    let slack = parse_number("1e-40").unwrap();
    for &name in names {
        let s = load(name);
        let r = solved(&s);
        assert!(r.certificate.is_some(), "{name}: no certificate");
        assert_eq!(referee(&s.query(), &r), Verdict::Certified, "{name}");
        match (truth(name), &r.time) {
            (None, None) => assert!(!r.collides, "{name}"),
            (Some(t), Some(time)) => {
                let (lo, hi) = enclosure(time);
                assert!(
                    &lo - &slack <= t && t <= &hi + &slack,
                    "{name}: [{lo}, {hi}] misses {t}"
                );
            }
            (e, got) => panic!("{name}: reference {e:?}, solved {got:?}"),
        }
    }
}

#[test]
fn time_cell_answers_on_the_sample_are_certified_and_hold_the_reference() {
    certified_and_holding_the_reference(&SAMPLE);
}

fn refuted(v: &Verdict) -> bool {
    matches!(v, Verdict::Refuted { .. })
}

/// The first contacting sample, solved, with its certificate to tamper.
fn contact() -> (exactccd::Scenario, exactccd::ContactResult) {
    let s = load("cells-00");
    let r = solved(&s);
    assert!(r.collides);
    (s, r)
}

#[test]
fn a_direction_that_does_not_separate_is_refuted() {
    let (s, mut r) = contact();
    let cert = r.certificate.as_mut().unwrap();
    let first = cert.separation.first_mut().unwrap();
    first.direction = exactccd::geom::Vec3::new(
        -first.direction.x.clone(),
        -first.direction.y.clone(),
        -first.direction.z.clone(),
    );
    let v = referee(&s.query(), &r);
    assert!(refuted(&v), "{v:?}");
}

#[test]
fn a_gap_in_the_tiling_is_refuted() {
    let (s, mut r) = contact();
    let cert = r.certificate.as_mut().unwrap();
    assert!(cert.separation.len() >= 2);
    cert.separation.remove(cert.separation.len() / 2);
    assert!(refuted(&referee(&s.query(), &r)));
}

#[test]
fn a_witness_moved_outside_a_box_is_refuted() {
    let (s, mut r) = contact();
    let w = r.certificate.as_mut().unwrap().contact.as_mut().unwrap();
    let far = exactccd::poly::Poly::from_coeffs(vec![parse_number("100").unwrap()]);
    w.point.x = far;
    assert!(refuted(&referee(&s.query(), &r)));
}

#[test]
fn an_upper_end_before_the_true_contact_is_refuted() {
    // claim [lower', upper'] strictly before the true contact, with the
    // certificate cut there: the witness (moved to upper') is in no box
    let (s, mut r) = contact();
    let cert = r.certificate.as_mut().unwrap();
    let k = cert.separation.len() / 2;
    cert.separation.truncate(k);
    let PieceEnd::At(lower) = cert.separation[k - 1].to.clone() else {
        panic!("rational piece ends")
    };
    let upper = &lower + parse_number("1e-30").unwrap();
    cert.contact.as_mut().unwrap().at = Some(upper.clone());
    r.time = Some(Time::Enclosure { lower, upper });
    assert!(refuted(&referee(&s.query(), &r)));
}
