//! The `f64`-specialised box-box first time (`find_box_box_contact_f64`,
//! Eberly, "Dynamic Collision Detection using OBBs" section 2.3.1, Table 1) against the generic routine it
//! specialises and against exact rationals:
//!
//! * bit for bit equal to `find_box_box_contact::<f64>` (interval, last
//!   separating axis and side, axes evaluated) on random pairs, degenerate
//!   ones included (axis-aligned and parallel boxes, zero relative velocity,
//!   touching starts);
//! * the same hit or miss as `find_box_box_contact::<BigRational>` on the
//!   same rational pairs and times within `1e-9`, except where the exact
//!   contact interval is shorter than `1e-6` (a grazing contact, which
//!   rounding the rotation to `f64` may turn either way); those are counted;
//! * hand-derived times, contact at the interval's end and parallel boxes.

use crate::sat_common;

use exactccd::geom::{quaternion_rotation, BoxShape, Obb, Pose, Vec3};
use exactccd::scalar::{BigRational, Scalar};
use exactccd::solver::sat::{
    find_box_box_contact, find_box_box_contact_f64, Axis, BoxBoxContactF64, Side,
};
use proptest::prelude::*;
use sat_common::{q, r};

/// A random pair at `t = 0`, exact, with the velocity of each.
#[derive(Clone, Debug)]
struct ExactPair {
    a: Obb<BigRational>,
    va: Vec3<BigRational>,
    b: Obb<BigRational>,
    vb: Vec3<BigRational>,
}

fn as_f64(o: &Obb<BigRational>) -> Obb<f64> {
    Obb {
        center: Vec3::from_rational(&o.center),
        axes: o.axes.each_ref().map(Vec3::from_rational),
        half_extents: o.half_extents.each_ref().map(f64::from_rational),
    }
}

/// A quaternion: general small integers, or (when `aligned`) one of the
/// rotations by multiples of 90 degrees about a coordinate axis, so that
/// the boxes' axes are parallel.
fn quaternion() -> impl Strategy<Value = [BigRational; 4]> {
    prop_oneof![
        (-3i64..=3, -3i64..=3, -3i64..=3, -3i64..=3).prop_map(|(w, x, y, z)| {
            let w = if (w, x, y, z) == (0, 0, 0, 0) { 1 } else { w };
            [w, x, y, z].map(|k| r(k, 1))
        }),
        (0usize..7).prop_map(|k| {
            let quats = [
                [1, 0, 0, 0],
                [1, 1, 0, 0],
                [1, 0, 1, 0],
                [1, 0, 0, 1],
                [0, 1, 0, 0],
                [0, 0, 1, 0],
                [0, 0, 0, 1],
            ];
            quats[k].map(|c| r(c, 1))
        }),
    ]
}

fn vec_in(range: i64, den: i64) -> impl Strategy<Value = Vec3<BigRational>> {
    (-range..=range, -range..=range, -range..=range)
        .prop_map(move |(x, y, z)| Vec3::new(r(x, den), r(y, den), r(z, den)))
}

fn extents() -> impl Strategy<Value = [BigRational; 3]> {
    (1i64..=6, 1i64..=6, 1i64..=6).prop_map(|(x, y, z)| [r(x, 2), r(y, 2), r(z, 2)])
}

/// `b` starts within 10 of `a` and moves towards it by a fraction `k / 2`
/// (`k` in `0..=4`) of the way between the centres plus a jitter, or not at
/// all, so that hits, misses and touching starts all occur.
fn exact_pair() -> impl Strategy<Value = ExactPair> {
    (
        (quaternion(), quaternion(), extents(), extents()),
        vec_in(20, 2),
        vec_in(4, 1),
        prop_oneof![
            4 => (0i64..=4, vec_in(6, 2)).prop_map(Some),
            1 => Just(None),
        ],
    )
        .prop_map(|((qa, qb, ea, eb), cb, ca, motion)| {
            let ra = quaternion_rotation(&qa).expect("non-zero quaternion");
            let rb = quaternion_rotation(&qb).expect("non-zero quaternion");
            let vb = match motion {
                Some((k, jitter)) => &(&ca - &cb).scale(&r(k, 2)) + &jitter,
                None => Vec3::zero(),
            };
            ExactPair {
                a: Obb::from_box(&BoxShape::new(ea), &Pose::new(ra, ca)),
                va: Vec3::zero(),
                b: Obb::from_box(&BoxShape::new(eb), &Pose::new(rb, cb)),
                vb,
            }
        })
}

/// The fast answer must equal the generic `f64` one in every field.
fn assert_same_as_generic(a: &Obb<f64>, va: &Vec3<f64>, b: &Obb<f64>, vb: &Vec3<f64>) {
    let (t0, t1) = (0.0, 1.0);
    let fast = find_box_box_contact_f64(a, va, b, vb, t0, t1);
    let generic = find_box_box_contact(a, va, b, vb, &t0, &t1);
    let expected = BoxBoxContactF64 {
        interval: generic.interval,
        last_separating: generic.last_separating.map(|(ax, side)| (ax.axis, side)),
        axes_evaluated: generic.axes_evaluated,
    };
    // bit for bit: compare the bits, not the values (which would pass -0 = 0)
    let bits = |c: &BoxBoxContactF64| c.interval.map(|(x, y)| (x.to_bits(), y.to_bits()));
    assert_eq!(bits(&fast), bits(&expected), "interval bits");
    assert_eq!(fast.last_separating, expected.last_separating);
    assert_eq!(fast.axes_evaluated, expected.axes_evaluated);
}

/// Non-finite inputs (an `f64` overflow upstream) give what the generic
/// routine gives, NaN for NaN: a zero speed for a NaN one, no panic.
#[test]
fn non_finite_inputs_match_generic() {
    let a = unit_box(["0", "0", "0"]);
    for (c, v) in [
        ([3.0, 0.0, 0.0], [f64::NAN, 0.0, 0.0]),
        ([3.0, 0.0, 0.0], [f64::INFINITY, 0.0, 0.0]),
        ([3.0, 0.0, 0.0], [f64::NEG_INFINITY, 1.0, 0.0]),
        ([f64::INFINITY, 0.0, 0.0], [-1.0, 0.0, 0.0]),
        ([f64::NAN, 0.5, 0.0], [-4.0, 0.0, 0.0]),
        ([1e308, 0.0, 0.0], [-1e308, -1e308, 0.0]),
    ] {
        let b = Obb {
            center: Vec3::new(c[0], c[1], c[2]),
            ..a.clone()
        };
        assert_same_as_generic(&a, &Vec3::zero(), &b, &Vec3::new(v[0], v[1], v[2]));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn fast_equals_generic_f64(p in exact_pair()) {
        let (a, b) = (as_f64(&p.a), as_f64(&p.b));
        let (va, vb) = (Vec3::from_rational(&p.va), Vec3::from_rational(&p.vb));
        assert_same_as_generic(&a, &va, &b, &vb);
    }

    #[test]
    fn fast_equals_generic_f64_on_unnormalised_floats(
        c in prop::array::uniform3(-10.0f64..10.0),
        v in prop::array::uniform3(-30.0f64..30.0),
        q in prop::array::uniform4(-1.0f64..1.0),
        e in prop::array::uniform3(0.1f64..3.0),
    ) {
        // axes from a float quaternion (rounded, so only nearly orthonormal)
        let n = q.iter().map(|x| x * x).sum::<f64>().max(1e-6);
        let [w, x, y, z] = q;
        let rot = [
            [1.0 - 2.0 * (y * y + z * z) / n, 2.0 * (x * y + w * z) / n, 2.0 * (x * z - w * y) / n],
            [2.0 * (x * y - w * z) / n, 1.0 - 2.0 * (x * x + z * z) / n, 2.0 * (y * z + w * x) / n],
            [2.0 * (x * z + w * y) / n, 2.0 * (y * z - w * x) / n, 1.0 - 2.0 * (x * x + y * y) / n],
        ];
        let a = Obb {
            center: Vec3::zero(),
            axes: [Vec3::new(1.0, 0.0, 0.0), Vec3::new(0.0, 1.0, 0.0), Vec3::new(0.0, 0.0, 1.0)],
            half_extents: [1.0, 0.5, 2.0],
        };
        let b = Obb {
            center: Vec3::new(c[0], c[1], c[2]),
            axes: rot.map(|row| Vec3::new(row[0], row[1], row[2])),
            half_extents: e,
        };
        assert_same_as_generic(&a, &Vec3::zero(), &b, &Vec3::new(v[0], v[1], v[2]));
    }
}

/// Exact against `f64` on 3,000 random rational pairs (a fixed seed, so the
/// counts are reproducible): hit or miss agree except on grazing contacts,
/// times agree within `1e-9`, and the sample is not vacuous.
#[test]
fn fast_f64_agrees_with_exact() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::{Config, TestRng, TestRunner};
    let mut runner = TestRunner::new_with_rng(
        Config::default(),
        TestRng::from_seed(Default::default(), &[7; 32]),
    );
    let strategy = exact_pair();
    let (mut hits, mut misses, mut grazing, mut cross_axis_last) = (0, 0, 0, 0);
    let (t0, t1) = (r(0, 1), r(1, 1));
    for _ in 0..3000 {
        let p = strategy.new_tree(&mut runner).unwrap().current();
        let exact = find_box_box_contact(&p.a, &p.va, &p.b, &p.vb, &t0, &t1);
        let fast = find_box_box_contact_f64(
            &as_f64(&p.a),
            &Vec3::from_rational(&p.va),
            &as_f64(&p.b),
            &Vec3::from_rational(&p.vb),
            0.0,
            1.0,
        );
        match (&exact.interval, fast.interval) {
            (Some((first, last)), Some((f, l))) => {
                hits += 1;
                assert!(
                    (first.to_f64() - f).abs() <= 1e-9,
                    "{p:?}: first {first} vs {f}"
                );
                assert!(
                    (last.to_f64() - l).abs() <= 1e-9,
                    "{p:?}: last {last} vs {l}"
                );
                if let Some((Axis::AxB(..), _)) = fast.last_separating {
                    cross_axis_last += 1;
                }
            }
            (None, None) => misses += 1,
            (Some((first, last)), None) => {
                assert!((last - first).to_f64() < 1e-6, "{p:?}: exact hit missed");
                grazing += 1;
            }
            (None, Some((f, l))) => {
                assert!(l - f < 1e-6, "{p:?}: f64 hit where exact misses");
                grazing += 1;
            }
        }
    }
    assert!(hits > 500 && misses > 500, "{hits} hits, {misses} misses");
    assert!(
        cross_axis_last > 20,
        "only {cross_axis_last} edge-edge contacts"
    );
    assert!(grazing < 30, "{grazing} grazing disagreements");
}

fn unit_box(center: [&str; 3]) -> Obb<f64> {
    let unit = BoxShape::new([1.0, 1.0, 1.0]);
    let c = center.map(|s| q(s).to_f64());
    Obb::from_box(&unit, &Pose::from_translation(Vec3::new(c[0], c[1], c[2])))
}

/// Face x = 1 of `a` and face x = 5 - 1 - 3t of `b` meet at t = 1, the end
/// of the interval: contact at exactly [1, 1].
#[test]
fn contact_at_the_interval_end() {
    let (a, b) = (unit_box(["0", "0", "0"]), unit_box(["5", "1/2", "0"]));
    let found =
        find_box_box_contact_f64(&a, &Vec3::zero(), &b, &Vec3::new(-3.0, 0.0, 0.0), 0.0, 1.0);
    assert_eq!(found.interval, Some((1.0, 1.0)));
    assert_eq!(found.last_separating, Some((Axis::A(0), Side::Positive)));
}

/// Touching at t = 0 and moving apart: the contact is the instant 0, with
/// no separating axis before it; then moving along the touching face: the
/// whole interval.
#[test]
fn touching_start() {
    let (a, b) = (unit_box(["0", "0", "0"]), unit_box(["2", "0", "0"]));
    let apart =
        find_box_box_contact_f64(&a, &Vec3::zero(), &b, &Vec3::new(1.0, 0.0, 0.0), 0.0, 1.0);
    assert_eq!(apart.interval, Some((0.0, 0.0)));
    assert_eq!(apart.last_separating, None);
    let sliding =
        find_box_box_contact_f64(&a, &Vec3::zero(), &b, &Vec3::new(0.0, 1.0, 0.0), 0.0, 1.0);
    assert_eq!(sliding.interval, Some((0.0, 1.0)));
}

/// Parallel boxes with no relative velocity: separated for ever on A1
/// (b is 3 above a along y, reach 2), found on the second axis; or
/// overlapping for ever.
#[test]
fn parallel_boxes_at_rest() {
    let a = unit_box(["0", "0", "0"]);
    let far = find_box_box_contact_f64(
        &a,
        &Vec3::zero(),
        &unit_box(["0", "3", "0"]),
        &Vec3::zero(),
        0.0,
        1.0,
    );
    assert_eq!(far.interval, None);
    assert_eq!(far.axes_evaluated, 2);
    let near = find_box_box_contact_f64(
        &a,
        &Vec3::zero(),
        &unit_box(["1/2", "1/2", "0"]),
        &Vec3::zero(),
        0.0,
        1.0,
    );
    assert_eq!(near.interval, Some((0.0, 1.0)));
    // parallel: the nine cross axes are skipped
    assert_eq!(near.axes_evaluated, 6);
}

/// A box passing another diagonally: on A0 the projections overlap during
/// [1/4, 3/4] (centre x = 4 - 8t, reach 2), on A1 during [5/8, 13/8]
/// (centre y = -9/2 + 4t), on A2 always: contact on [5/8, 3/4], A1
/// separating last with `b` below.
#[test]
fn two_axes_overlap_by_hand() {
    let a = unit_box(["0", "0", "0"]);
    let b = unit_box(["4", "-9/2", "0"]);
    let found =
        find_box_box_contact_f64(&a, &Vec3::zero(), &b, &Vec3::new(-8.0, 4.0, 0.0), 0.0, 1.0);
    assert_eq!(found.interval, Some((0.625, 0.75)));
    assert_eq!(found.last_separating, Some((Axis::A(1), Side::Negative)));
    // a slower b misses: on A1 it comes in range at 5/2 / 1.2 > 1
    let slow =
        find_box_box_contact_f64(&a, &Vec3::zero(), &b, &Vec3::new(-8.0, 1.2, 0.0), 0.0, 1.0);
    assert_eq!(slow.interval, None);
}
