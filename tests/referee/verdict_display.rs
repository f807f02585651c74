//! Verdicts in a sentence (`Display`): the claimed and the true time, the
//! exact value with its decimal beside it; and the library's claim
//! validation. The truths are derived by hand: unit boxes, `b` at
//! `x = 10` closing at speed 20 meet when `10 - 20 t = 2`, `T = 2/5`;
//! offset by 5 along `y` they never touch.

use exactccd::claims::{check_claim, Claim, ClaimVerdict, FloatClass};
use exactccd::contact::{rational_with_decimal, time_with_decimal, Time};
use exactccd::scalar::{BigInt, BigRational};
use exactccd::scenario::{parse_scenario, LoadOptions, Scenario};

fn boxes(y0: i64) -> Scenario {
    let text = format!(
        r#"{{"format": "exactccd/scenario-v1",
            "a": {{"shape": {{"box": {{"half_extents": [1, 1, 1]}}}}}},
            "b": {{"shape": {{"box": {{"half_extents": [1, 1, 1]}}}},
                   "pose": {{"translation": [10, {y0}, 0]}},
                   "motion": {{"linear": {{"velocity": [-20, 0, 0]}}}}}}}}"#
    );
    parse_scenario(&text, None, &LoadOptions::default()).expect("a valid scenario")
}

fn float(collides: bool, time: Option<f64>) -> Claim {
    Claim::Float { collides, time }
}

fn said(s: &Scenario, claim: &Claim) -> String {
    check_claim(s, claim, 1e-9).to_string()
}

#[test]
fn f64_verdicts_say_the_claimed_and_the_true_time() {
    let hit = boxes(0);
    let miss = boxes(5);
    assert_eq!(
        said(&hit, &float(true, Some(0.4))),
        "agrees: claimed contact at t = 0.4, the certified first contact is t = 2/5 (~0.4)"
    );
    // 0.5 - 2/5 = 1/10 and 2/5 - 0.25 = 3/20, rounded to f64
    assert_eq!(
        said(&hit, &float(true, Some(0.5))),
        "late by 0.1 (a tunnelling risk): claimed contact at t = 0.5, the certified first contact is t = 2/5 (~0.4)"
    );
    assert_eq!(
        said(&hit, &float(true, Some(0.25))),
        "early by 0.15: claimed contact at t = 0.25, the certified first contact is t = 2/5 (~0.4)"
    );
    assert_eq!(
        said(&hit, &float(false, None)),
        "missed: claimed no contact, but the solids first touch at t = 2/5 (~0.4)"
    );
    assert_eq!(
        said(&miss, &float(true, Some(0.5))),
        "phantom: claimed contact at t = 0.5, but the solids never touch in the interval (certified)"
    );
    assert_eq!(
        said(&miss, &float(false, None)),
        "agrees: claimed no contact, and the solids never touch in the interval (certified)"
    );
    assert_eq!(
        said(&hit, &Claim::Failed("NaN".into())),
        "failed: no usable answer (NaN); the certified first contact is t = 2/5 (~0.4)"
    );
}

#[test]
fn a_verdict_compares_equal_to_its_class_and_carries_both_times() {
    let hit = boxes(0);
    let v = check_claim(&hit, &float(true, Some(0.5)), 1e-9);
    assert_eq!(v, FloatClass::Late { dt: 0.1 });
    assert_ne!(v, FloatClass::Agrees);
    assert_eq!(v.name(), "late");
    assert_eq!(v.dt(), Some(0.1));
    let q = |n: i64, d: i64| BigRational::new(BigInt::from(n), BigInt::from(d));
    match v {
        ClaimVerdict::Float {
            claimed: Some(c),
            truth: Some(Time::Exact(t)),
            ..
        } => {
            assert_eq!(c, 0.5);
            assert_eq!(t.as_rational(), Some(&q(2, 5)));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn self_contradicting_claims_are_invalid_and_say_which_field() {
    let hit = boxes(0);
    let cases = [
        (
            float(false, Some(0.4)),
            "invalid claim: time: 0.4 given with collides false (a time without contact; use null)",
        ),
        (
            float(true, None),
            "invalid claim: time: null with collides true (a contact claim needs its first contact time)",
        ),
        (
            float(true, Some(1.5)),
            "invalid claim: time: 1.5 is outside the scenario's interval [0, 1]",
        ),
        (
            float(true, Some(f64::NAN)),
            "invalid claim: time: must be a finite number, got NaN",
        ),
    ];
    for (claim, text) in cases {
        let v = check_claim(&hit, &claim, 1e-9);
        assert!(matches!(v, ClaimVerdict::Invalid(_)), "{v:?}");
        assert_eq!(v.to_string(), text);
    }
    assert_eq!(
        check_claim(&hit, &float(true, Some(0.4)), -1.0).to_string(),
        "invalid claim: tolerance: must be a finite number >= 0, got -1.0"
    );
}

#[test]
fn exact_values_print_with_a_decimal_beside_them() {
    let q = |n: i64, d: i64| BigRational::new(BigInt::from(n), BigInt::from(d));
    assert_eq!(rational_with_decimal(&q(1, 2)), "1/2 (= 0.5)");
    assert_eq!(rational_with_decimal(&q(1, 3)), "1/3 (~0.3333333333333333)");
    assert_eq!(rational_with_decimal(&q(6, 2)), "3");
    assert_eq!(
        time_with_decimal(&Time::Enclosure {
            lower: q(1, 3),
            upper: q(1, 2)
        }),
        "[1/3, 1/2] (~0.4166666666666667)"
    );
    assert_eq!(time_with_decimal(&Time::Float(0.25)), "0.25 (f64)");
}
