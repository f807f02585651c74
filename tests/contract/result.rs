//! The result JSON writer (docs/FORMAT.md 3) on hand-built results:
//! field order, TIME objects for rational, irrational, enclosed and `f64`
//! times, with the bracket gap bound checked exactly.

use exactccd::contact::{
    time_json, write_result_json, Certificate, ContactResult, ContactWitness, FeaturePair, Method,
    PieceEnd, ResultHeader, ScalarKind, SeparationPiece, Time,
};
use exactccd::geom::{BoxFace, BoxVertex};
use exactccd::poly::{Dyadic, Poly, RealAlgebraic};
use exactccd::scalar::{parse_number, BigInt, BigRational};
use exactccd::Feature;
use num_traits::{One, Signed};
use serde_json::{json, Value};

fn q(n: i64, d: i64) -> BigRational {
    BigRational::new(BigInt::from(n), BigInt::from(d))
}

fn rat(v: &Value) -> BigRational {
    parse_number(v.as_str().expect("a string")).expect("a number of the contract")
}

/// sqrt(2)/2, the root of 2 t^2 - 1 in (1/2, 1).
fn half_sqrt2() -> RealAlgebraic {
    let p = Poly::from_coeffs(vec![BigInt::from(-1), BigInt::from(0), BigInt::from(2)]);
    RealAlgebraic::from_isolating_interval(p, Dyadic::new(BigInt::from(1), 1), Dyadic::from_int(1))
        .expect("an isolating interval")
}

/// 1000 + sqrt(2): the root of (t - 1000)^2 - 2 in (1001, 1002).
fn big_root() -> RealAlgebraic {
    let p = Poly::from_coeffs(vec![
        BigInt::from(999_998),
        BigInt::from(-2000),
        BigInt::from(1),
    ]);
    RealAlgebraic::from_isolating_interval(p, Dyadic::from_int(1001), Dyadic::from_int(1002))
        .expect("an isolating interval")
}

fn header(precision: u32) -> ResultHeader<'static> {
    ResultHeader {
        scenario: Some("two-boxes-linear"),
        method: Method::Sat,
        scalar: ScalarKind::Exact,
        precision,
    }
}

fn pow2(k: u32) -> BigRational {
    BigRational::from_integer(BigInt::one() << k)
}

#[test]
fn rational_time_is_exact_with_its_linear_polynomial() {
    let t = Time::Exact(RealAlgebraic::from_rational(q(717, 1517)));
    let j = time_json(&t, 64);
    assert_eq!(j["exact"], "717/1517");
    assert_eq!(j["polynomial"], json!(["-717", "1517"]));
    assert_eq!(rat(&j["lower"]), q(717, 1517));
    assert_eq!(rat(&j["upper"]), q(717, 1517));
    assert_eq!(j["approx"].as_f64(), Some(717.0 / 1517.0));
}

fn check_irrational_bracket(
    x: &RealAlgebraic,
    bits: u32,
    value_squared_check: impl Fn(&BigRational) -> std::cmp::Ordering,
) {
    let j = time_json(&Time::Exact(x.clone()), bits);
    let (lower, upper) = (rat(&j["lower"]), rat(&j["upper"]));
    assert!(lower < upper, "an irrational time is not a bracket end");
    // lower <= T <= upper, decided exactly by the sign of the polynomial.
    assert_eq!(value_squared_check(&lower), std::cmp::Ordering::Less);
    assert_eq!(value_squared_check(&upper), std::cmp::Ordering::Greater);
    // gap <= 2^-bits * max(1, |T|), checked with |lower| <= |T| (T > 0).
    let scale = lower.abs().max(BigRational::one());
    assert!(
        &upper - &lower <= scale / pow2(bits),
        "gap too wide at {bits} bits"
    );
    assert_eq!(j["exact"], Value::Null);
}

#[test]
fn irrational_time_brackets_meet_the_precision_at_64_and_200_bits() {
    let x = half_sqrt2();
    // T = sqrt(2)/2: compare 2 v^2 with 1.
    let side = |v: &BigRational| (q(2, 1) * v * v).cmp(&q(1, 1));
    for bits in [64, 200] {
        check_irrational_bracket(&x, bits, side);
    }
    let j = time_json(&Time::Exact(x), 64);
    assert_eq!(j["polynomial"], json!(["-1", "0", "2"]));
    assert_eq!(j["approx"].as_f64(), Some(std::f64::consts::FRAC_1_SQRT_2));
    // 200 bits are narrower than 64 bits.
    let narrow = time_json(&Time::Exact(half_sqrt2()), 200);
    let wide = time_json(&Time::Exact(half_sqrt2()), 64);
    assert!(
        rat(&narrow["upper"]) - rat(&narrow["lower"]) < rat(&wide["upper"]) - rat(&wide["lower"])
    );
}

#[test]
fn large_times_get_a_relative_gap() {
    let x = big_root();
    // T = 1000 + sqrt(2): compare (v - 1000)^2 with 2, for v > 1000.
    let side = |v: &BigRational| {
        let d = v - q(1000, 1);
        (&d * &d).cmp(&q(2, 1))
    };
    check_irrational_bracket(&x, 64, side);
    let j = time_json(&Time::Exact(x), 64);
    assert_eq!(j["polynomial"], json!(["999998", "-2000", "1"]));
    assert_eq!(
        j["approx"].as_f64(),
        Some(1000.0 + std::f64::consts::SQRT_2)
    );
}

#[test]
fn enclosures_give_bounds_and_no_exact_value() {
    let t = Time::Enclosure {
        lower: q(1, 3),
        upper: q(1, 2),
    };
    let j = time_json(&t, 64);
    assert_eq!(j["lower"], "1/3");
    assert_eq!(j["upper"], "1/2");
    assert_eq!(j["exact"], Value::Null);
    assert_eq!(j["polynomial"], Value::Null);
    assert_eq!(j["approx"].as_f64(), Some(5.0 / 12.0));
}

#[test]
fn f64_times_are_the_f64_answer_everywhere() {
    let j = time_json(&Time::Float(0.4726), 64);
    assert_eq!(j["approx"].as_f64(), Some(0.4726));
    assert_eq!(j["lower"], "0.4726");
    assert_eq!(j["upper"], "0.4726");
    assert_eq!(j["exact"], Value::Null);
    assert_eq!(j["polynomial"], Value::Null);
    // The strings are numbers of the contract that read back as the f64.
    let tiny = time_json(&Time::Float(1e-7), 64);
    assert_eq!(tiny["lower"], "1e-7");
    assert_eq!(parse_number("1e-7").unwrap(), q(1, 10_000_000));
    // No NaN in JSON: a non-finite answer is null throughout.
    let nan = time_json(&Time::Float(f64::NAN), 64);
    assert_eq!(nan["approx"], Value::Null);
    assert_eq!(nan["lower"], Value::Null);
}

fn full_result() -> ContactResult {
    ContactResult {
        collides: true,
        initially_overlapping: false,
        time: Some(Time::Exact(RealAlgebraic::from_rational(q(717, 1517)))),
        contact_intervals: vec![(
            Time::Exact(RealAlgebraic::from_rational(q(717, 1517))),
            Time::Exact(half_sqrt2()),
        )],
        feature: FeaturePair::new(
            Feature::BoxFace(BoxFace::from_index(0)),
            Feature::BoxVertex(BoxVertex::from_index(2)),
        ),
        point: Some([0.0, 0.5, -1.0]),
        normal: Some([1.0, 0.0, 0.0]),
        stats: None,
        certificate: None,
        collisions: None,
    }
}

#[test]
fn result_fields_come_in_the_contract_order() {
    let text = write_result_json(&full_result(), &header(64));
    let keys = [
        "\"format\"",
        "\"scenario\"",
        "\"method\"",
        "\"scalar\"",
        "\"collides\"",
        "\"initially_overlapping\"",
        "\"time\"",
        "\"contact_intervals\"",
        "\"feature\"",
        "\"point\"",
        "\"normal\"",
    ];
    let positions: Vec<usize> = keys
        .iter()
        .map(|k| {
            text.find(k)
                .unwrap_or_else(|| panic!("{k} missing in {text}"))
        })
        .collect();
    assert!(positions.windows(2).all(|w| w[0] < w[1]), "{text}");
    assert!(!text.contains("\"stats\"") && !text.contains("\"certificate\""));
    let v: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["format"], "exactccd/result-v1");
    assert_eq!(v["scenario"], "two-boxes-linear");
    assert_eq!(v["method"], "sat");
    assert_eq!(v["scalar"], "exact");
    assert_eq!(v["collides"], true);
    assert_eq!(v["initially_overlapping"], false);
    assert_eq!(v["time"]["exact"], "717/1517");
    assert_eq!(v["contact_intervals"][0][0]["exact"], "717/1517");
    assert_eq!(
        v["contact_intervals"][0][1]["polynomial"],
        json!(["-1", "0", "2"])
    );
    assert_eq!(
        v["feature"],
        json!({"kind": "face-vertex", "a": "face +x", "b": "vertex (-,+,-)"})
    );
    assert_eq!(v["point"], json!([0.0, 0.5, -1.0]));
    assert_eq!(v["normal"], json!([1.0, 0.0, 0.0]));
}

#[test]
fn no_contact_has_null_time_and_no_intervals() {
    let h = ResultHeader {
        scenario: None,
        method: Method::Sgm,
        scalar: ScalarKind::F64,
        precision: 64,
    };
    let v: Value =
        serde_json::from_str(&write_result_json(&ContactResult::no_contact(), &h)).unwrap();
    assert_eq!(v["scenario"], Value::Null);
    assert_eq!(v["scalar"], "f64");
    assert_eq!(v["collides"], false);
    assert_eq!(v["time"], Value::Null);
    assert_eq!(v["contact_intervals"], json!([]));
    assert_eq!(v["feature"], Value::Null);
    assert_eq!(v["point"], Value::Null);
}

#[test]
fn extension_fields_are_written_after_the_contracts() {
    let mut r = full_result();
    r.stats = Some(exactccd::contact::SolverStats::Sat(
        exactccd::contact::SatStats {
            axes: 5,
            root_isolations: 0,
            critical_times: 0,
            piece_pairs: 0,
            node_pairs: 0,
            sub_intervals: None,
        },
    ));
    let third = BigRational::new(BigInt::from(1), BigInt::from(3));
    let axis = exactccd::geom::Vec3::new(
        Poly::from_coeffs(vec![BigRational::from_integer(BigInt::from(1))]),
        Poly::zero(),
        Poly::zero(),
    );
    r.certificate = Some(Certificate {
        separation: vec![
            SeparationPiece {
                body_fixed: None,
                about_axis: None,
                from: BigRational::from_integer(BigInt::from(0)),
                to: PieceEnd::At(third.clone()),
                direction: axis.clone(),
                label: "A0".into(),
            },
            SeparationPiece {
                body_fixed: None,
                about_axis: None,
                from: third,
                to: PieceEnd::BeforeContact,
                direction: axis.clone(),
                label: "A0".into(),
            },
        ],
        contact: Some(ContactWitness {
            point: axis,
            denominator: Poly::from_coeffs(vec![BigRational::from_integer(BigInt::from(2))]),
            other: None,
            label: "face +x / vertex (-,+,-)".into(),
            at: None,
            material_of: None,
            edge_end: None,
        }),
        solids: None,
    });
    let text = write_result_json(&r, &header(64));
    let v: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["stats"]["axes"], 5);
    assert!(v["stats"].get("sub_intervals").is_none());
    assert_eq!(v["certificate"]["separation"][0]["to"], "1/3");
    assert_eq!(v["certificate"]["separation"][1]["to"], "contact");
    assert_eq!(
        v["certificate"]["separation"][1]["direction"],
        json!([["1"], [], []])
    );
    assert_eq!(v["certificate"]["contact"]["denominator"], json!(["2"]));
    assert!(text.find("\"normal\"").unwrap() < text.find("\"stats\"").unwrap());
    assert!(v["certificate"].get("parts").is_none());
    // a certificate by parts (a mesh that need not be convex): the parts
    // with their pieces, and the pieces the witness lies in
    if let Some(c) = r.certificate.as_mut() {
        let separation = std::mem::take(&mut c.separation);
        c.solids = Some(exactccd::contact::SolidParts {
            parts: vec![exactccd::contact::CertificatePart {
                a: Some(vec![(3, 1), (4, 0)]),
                b: None,
                separation,
            }],
            witness_pieces: [Some((3, 1)), None],
            cuts: Default::default(),
        });
    }
    let v: Value = serde_json::from_str(&write_result_json(&r, &header(64))).unwrap();
    assert_eq!(v["certificate"]["separation"], json!([]));
    assert_eq!(v["certificate"]["parts"][0]["a"], json!([[3, 1], [4, 0]]));
    assert_eq!(v["certificate"]["parts"][0]["b"], Value::Null);
    assert_eq!(
        v["certificate"]["parts"][0]["separation"][1]["to"],
        "contact"
    );
    assert_eq!(v["certificate"]["contact"]["pieces"], json!([[3, 1], null]));
    assert!(v["certificate"].get("cuts").is_none());
    // a mesh with a non-convex face: its cut, by vertex indices
    if let Some(solids) = r.certificate.as_mut().and_then(|c| c.solids.as_mut()) {
        solids.cuts[0] = vec![exactccd::geom::FaceCut {
            face: 4,
            triangles: vec![[7, 0, 1], [7, 1, 2]],
        }];
    }
    let v: Value = serde_json::from_str(&write_result_json(&r, &header(64))).unwrap();
    assert_eq!(
        v["certificate"]["cuts"],
        json!({"a": [{"face": 4, "triangles": [[7, 0, 1], [7, 1, 2]]}], "b": []})
    );
}
