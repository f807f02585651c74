//! Hand-derived cases of the time cells; the held-out style set with
//! 50-digit truth is in the integration tests (`tests/sat/cells.rs`).

use super::*;
use crate::geom::{BoxShape, Pose};
use crate::motion::Motion;
use crate::scalar::parse_number;

fn q(s: &str) -> BigRational {
    parse_number(s).unwrap()
}

fn v(a: &str, b: &str, c: &str) -> Vec3<BigRational> {
    Vec3::new(q(a), q(b), q(c))
}

fn unit_box(pose: Pose<BigRational>, motion: Motion) -> Body {
    Body {
        shape: Shape::Box(BoxShape::new([q("1"), q("1"), q("1")])),
        pose,
        motion,
    }
}

fn contains(t: &CellTime, truth: &str) -> bool {
    let truth = q(truth);
    t.lower() <= &truth && &truth <= t.upper()
}

/// `b`'s centre at x = 2.2 turning about z at 1 rad per unit time: its
/// leftmost corner is at `2.2 - (cos φ + sin φ)`, which reaches `a`'s face
/// `x = 1` when `sqrt(2) sin(φ + π/4) = 1.2`, `T = asin(0.6 sqrt 2) - π/4`.
const SPIN_TRUTH: &str = "0.22779933669791168148934686129266700095851574659829";

fn check_spin(b: Body, interval: (&str, &str)) {
    let a = unit_box(Pose::identity(), Motion::Static);
    let (t0, t1) = (q(interval.0), q(interval.1));
    let out = solve_cells(&a, &b, (&t0, &t1), 64).unwrap();
    let t = out.first_contact.clone().expect("a contact");
    assert!(contains(&t, SPIN_TRUTH), "{t:?}");
    let width = t.upper() - t.lower();
    assert!(width <= BigRational::new(1.into(), num_bigint::BigInt::from(1) << 64u32));
    assert!(!out.initially_overlapping);
    // b's vertical edge (parallel to the turning axis z) meets a's face +x
    let (fa, fb) = out.features.expect("features");
    assert_eq!((fa.kind(), fb.kind()), ("face", "edge"));
    assert_eq!(fa, "face +x");
    let fb = fb.to_string();
    assert!(fb.ends_with("*)"), "{fb}");
    let n = out.normal.expect("a normal");
    assert!((n[0] - 1.0).abs() < 1e-6, "{n:?}");
}

#[test]
fn a_spinning_box_meets_a_face_at_the_hand_derived_time() {
    check_spin(
        unit_box(
            Pose::from_translation(v("2.2", "0", "0")),
            Motion::Angular {
                velocity: Vec3::zero(),
                angular_velocity: v("0", "0", "1"),
                center: Vec3::zero(),
            },
        ),
        ("0", "1"),
    );
    // the same motion as a screw about the vertical line through its centre
    check_spin(
        unit_box(
            Pose::from_translation(v("2.2", "0", "0")),
            Motion::Screw {
                axis_point: v("2.2", "0", "7"),
                axis_direction: v("0", "0", "3"),
                angle: q("1"),
                slide: q("0"),
            },
        ),
        ("0", "1"),
    );
    // a centre on the rotation axis through the box's centre is the same
    // motion; an interval starting at 1/5 (not an exact placement)
    check_spin(
        unit_box(
            Pose::from_translation(v("2.2", "0", "0")),
            Motion::Angular {
                velocity: Vec3::zero(),
                angular_velocity: v("0", "0", "1"),
                center: v("0", "0", "5"),
            },
        ),
        ("1/5", "1"),
    );
}

#[test]
fn contact_at_the_start_is_exact_and_a_sliding_touch_is_a_limit() {
    let a = unit_box(Pose::identity(), Motion::Static);
    // overlapping at t0 = 0 (exact placement): T = 0 exactly
    let b = unit_box(
        Pose::from_translation(v("1.5", "0", "0")),
        Motion::Angular {
            velocity: v("3", "0", "0"),
            angular_velocity: v("0", "0", "2"),
            center: Vec3::zero(),
        },
    );
    let out = solve_cells(&a, &b, (&q("0"), &q("1")), 64).unwrap();
    assert_eq!(out.first_contact, Some(CellTime::Exact(q("0"))));
    assert!(out.initially_overlapping);
    // faces touching while sliding (no rotation): neither separated nor
    // overlapping, a limit error that says what was established
    let b = unit_box(
        Pose::from_translation(v("5", "2", "0")),
        Motion::Angular {
            velocity: v("-10", "0", "0"),
            angular_velocity: Vec3::zero(),
            center: Vec3::zero(),
        },
    );
    let err = solve_cells(&a, &b, (&q("0"), &q("1")), 64).unwrap_err();
    assert!(err.is_limit_exceeded(), "{err}");
    assert!(
        err.reason().contains("every cell before was decided"),
        "{err}"
    );
}

#[test]
fn a_search_to_a_horizon_answers_that_span_only() {
    // the spinning box of SPIN_TRUTH (contact at about 0.2278): searched to
    // 1/5 it is apart there, with separated cells tiling [0, 1/5]; to 1/4
    // it finds the same contact as the whole interval
    let (a, b) = spin_bodies();
    let (t0, t1) = (q("0"), q("1"));
    let early = solve_cells_until(&a, &b, (&t0, &t1), &q("1/5"), 64).unwrap();
    assert!(!early.collides);
    let pieces = early.evidence.expect("evidence").separation;
    assert_eq!(pieces.first().map(|p| &p.from), Some(&t0));
    assert_eq!(pieces.last().map(|p| &p.to), Some(&q("1/5")));
    assert!(pieces.windows(2).all(|w| w[0].to == w[1].from));
    let later = solve_cells_until(&a, &b, (&t0, &t1), &q("1/4"), 64).unwrap();
    let t = later.first_contact.expect("a contact");
    assert!(contains(&t, SPIN_TRUTH), "{t:?}");
    let whole = solve_cells(&a, &b, (&t0, &t1), 64).unwrap();
    assert_eq!(whole.first_contact, Some(t));
}

/// The unit box at rest and the spinning box of [`SPIN_TRUTH`].
fn spin_bodies() -> (Body, Body) {
    let a = unit_box(Pose::identity(), Motion::Static);
    let b = unit_box(
        Pose::from_translation(v("2.2", "0", "0")),
        Motion::Angular {
            velocity: Vec3::zero(),
            angular_velocity: v("0", "0", "1"),
            center: Vec3::zero(),
        },
    );
    (a, b)
}

/// [`spin_bodies`] prepared for the cells on `[0, 1]`.
fn spin_pair() -> Pair {
    let (a, b) = spin_bodies();
    prepared_pair(&a, &b, (&q("0"), &q("1")), 64, &q("0")).unwrap()
}

fn sample(t: &str, gap: &str) -> (BigRational, crate::scalar::interval::Dyad) {
    let g = crate::scalar::interval::Dyad::from_rational(
        &q(gap),
        80,
        crate::scalar::interval::Rounding::Down,
    );
    (q(t), g)
}

#[test]
fn a_cell_is_cut_around_the_secant_crossing_or_at_its_midpoint() {
    use crate::scalar::interval::Dyad;
    let pair = spin_pair();
    let (start, end) = (q("1/4"), q("1/2"));
    let mid = vec![q("3/8")];
    // a gap 1/2 - t sampled at 3/8 and 17/64 (within two widths): the
    // secant crosses zero at 1/2, the cell's end, a step too long for a
    // cut: the midpoint
    let line = |t: &str| sample(t, &(q("1/2") - q(t)).to_string());
    let (s1, s0) = (line("3/8"), line("17/64"));
    assert_eq!(pair.split_points(&start, &end, Some(&s1), Some(&s0)), mid);
    // a gap 7/16 - t: the crossing 7/16 lies inside, a sixteenth beyond
    // the nearer sample; the margin is a quarter of that distance
    let line = |t: &str| sample(t, &(q("7/16") - q(t)).to_string());
    let (s1, s0) = (line("3/8"), line("5/16"));
    let cuts = pair.split_points(&start, &end, Some(&s1), Some(&s0));
    assert_eq!(
        cuts,
        vec![
            q("7/16") - q("1/64"),
            q("7/16") + q("1/64"),
            q("7/16") + q("2/64")
        ]
    );
    // samples of opposite signs: between them, by the secant
    let (s1, s0) = (sample("3/8", "-1/8"), sample("5/16", "1/8"));
    let cuts = pair.split_points(&start, &end, Some(&s1), Some(&s0));
    let c = q("11/32");
    assert_eq!(
        cuts,
        vec![&c - q("1/128"), &c + q("1/128"), &c + q("2/128")]
    );
    // two overlaps, the secant crossing 9/32 between the cell's start and
    // the nearer sample (the cell before was proved separated): the margin
    // is a quarter of the crossing's distance from the start
    let line = |t: &str| sample(t, &(q("9/32") - q(t)).to_string());
    let (s1, s0) = (line("3/8"), line("5/16"));
    let cuts = pair.split_points(&start, &end, Some(&s1), Some(&s0));
    let c = q("9/32");
    assert_eq!(
        cuts,
        vec![&c - q("1/128"), &c + q("1/128"), &c + q("2/128")]
    );
    // two overlaps, the secant crossing 7/32 before the cell's start
    // (1/32 behind it): one cut half that distance after the start, so
    // that the cell from the start stays clear of the crossing
    let line = |t: &str| sample(t, &(q("7/32") - q(t)).to_string());
    let (s1, s0) = (line("3/8"), line("5/16"));
    let cuts = pair.split_points(&start, &end, Some(&s1), Some(&s0));
    assert_eq!(cuts, vec![q("1/4") + q("1/64")]);
    // a crossing at the start itself: a cut at half the margin's floor
    // (1/128 of the target width) past it, too close to the start of so
    // wide a cell to keep: the midpoint
    let line = |t: &str| sample(t, &(q("1/4") - q(t)).to_string());
    let (s1, s0) = (line("3/8"), line("5/16"));
    assert_eq!(pair.split_points(&start, &end, Some(&s1), Some(&s0)), mid);
    // a long step beyond two positive samples (a near miss flattening
    // out), a sample from far away, one sample only, equal gaps: midpoint
    let (s1, s0) = (sample("3/8", "2/1000"), sample("5/16", "3/1000"));
    assert_eq!(pair.split_points(&start, &end, Some(&s1), Some(&s0)), mid);
    let (s1, s0) = (line("3/8"), line("-1"));
    assert_eq!(pair.split_points(&start, &end, Some(&s1), Some(&s0)), mid);
    assert_eq!(pair.split_points(&start, &end, Some(&s1), None), mid);
    let flat = Dyad::from_rational(&q("1/8"), 80, crate::scalar::interval::Rounding::Down);
    let (s1, s0) = ((q("3/8"), flat.clone()), (q("5/16"), flat));
    assert_eq!(pair.split_points(&start, &end, Some(&s1), Some(&s0)), mid);
}

#[test]
fn cuts_at_the_crossing_reach_the_same_first_contact_in_fewer_cells() {
    let pair = spin_pair();
    let (t0, t1) = (q("0"), q("1"));
    let mut counts = Vec::new();
    for cuts in [Cuts::Bisection, Cuts::AtCrossings] {
        let (cells, stop, visited) = pair.cells(&t0, &t1, true, cuts).unwrap();
        assert!(stop.is_some(), "stopped at the first overlapping cell");
        let last_separated = cells
            .iter()
            .rev()
            .find(|c| matches!(c.class, Class::Separated { .. }))
            .expect("separated cells");
        let overlapping = cells.last().expect("cells");
        assert!(matches!(overlapping.class, Class::Overlapping { .. }));
        // [lower, upper] holds the truth and is at most 2^-64 wide
        let (lower, upper) = (&last_separated.end, &overlapping.start);
        let truth = q(SPIN_TRUTH);
        assert!(lower <= &truth && &truth <= upper, "[{lower}, {upper}]");
        assert!(upper - lower <= BigRational::new(1.into(), num_bigint::BigInt::from(1) << 64u32));
        counts.push(visited);
    }
    // cells classified: bisection halves down to the contact from both
    // sides, the cuts land near it
    assert!(2 * counts[1] < counts[0], "{counts:?}");
}

/// The axis choice of two boxes against the same estimate in `f64`: the
/// largest `(|d| - r) / |L|` over Table 1's 15 axes, at instants of the
/// spinning box of [`SPIN_TRUTH`] (apart, touching near 0.2278, and
/// overlapping) and of a box turned about a skew axis.
#[test]
fn the_axis_choice_is_the_largest_estimated_separation() {
    use super::boxes::{best_box_axis, AxisIndex, Extents};
    use crate::scalar::rational_to_f64;
    let estimate = |a: &crate::motion::PlacementEnclosure,
                    b: &crate::motion::PlacementEnclosure| {
        let f = |e: &crate::motion::PlacementEnclosure| -> ([[f64; 3]; 3], [f64; 3]) {
            let col = |i: usize| -> [f64; 3] {
                std::array::from_fn(|k| rational_to_f64(&e.frame[k][i].midpoint().to_rational()))
            };
            let o = std::array::from_fn(|k| rational_to_f64(&e.origin[k].midpoint().to_rational()));
            ([col(0), col(1), col(2)], o)
        };
        let ((fa, oa), (fb, ob)) = (f(a), f(b));
        let dot = |u: &[f64; 3], v: &[f64; 3]| u[0] * v[0] + u[1] * v[1] + u[2] * v[2];
        let d = [ob[0] - oa[0], ob[1] - oa[1], ob[2] - oa[2]];
        let gap = |l: [f64; 3]| {
            let r: f64 = (0..3)
                .map(|i| dot(&fa[i], &l).abs() + dot(&fb[i], &l).abs())
                .sum();
            (dot(&d, &l).abs() - r) / dot(&l, &l).sqrt()
        };
        let mut all: Vec<(AxisIndex, f64)> = Vec::new();
        for index in AxisIndex::ALL {
            let l = match index {
                AxisIndex::A(i) => fa[i],
                AxisIndex::B(j) => fb[j],
                AxisIndex::AxB(i, j) => {
                    let (u, v) = (fa[i], fb[j]);
                    [
                        u[1] * v[2] - u[2] * v[1],
                        u[2] * v[0] - u[0] * v[2],
                        u[0] * v[1] - u[1] * v[0],
                    ]
                }
                _ => unreachable!(),
            };
            if dot(&l, &l) > 1e-12 {
                all.push((index, gap(l)));
            }
        }
        all
    };
    let pair = spin_pair();
    let unit = Extents::of(&BoxShape::new([q("1"), q("1"), q("1")]), 96);
    let skew = unit_box(
        Pose::from_translation(v("1/2", "3", "-1/4")),
        Motion::Angular {
            velocity: v("0", "-1", "0"),
            angular_velocity: v("2", "-3", "6"),
            center: Vec3::zero(),
        },
    );
    let still = unit_box(Pose::identity(), Motion::Static);
    let turned = prepared_pair(&still, &skew, (&q("0"), &q("2")), 64, &q("0")).unwrap();
    let mut seen = 0;
    for (pair, times) in [
        (&pair, ["0", "1/5", "0.2278", "1/2"]),
        (&turned, ["0", "1/3", "1", "3/2"]),
    ] {
        for t in times {
            let (a, b) = pair.at(&q(t)).unwrap();
            let (index, gap) = best_box_axis(&a, &unit, &b, &unit, 96).expect("an axis");
            let all = estimate(&a, &b);
            let largest = all.iter().map(|(_, g)| *g).fold(f64::MIN, f64::max);
            let gap = rational_to_f64(&gap.to_rational());
            assert!(
                (gap - largest).abs() < 1e-9,
                "t = {t}: {gap} against {largest}"
            );
            let chosen = all
                .iter()
                .find(|(i, _)| *i == index)
                .expect("a listed axis")
                .1;
            assert!((chosen - largest).abs() < 1e-9, "t = {t}: {index:?}");
            seen += 1;
        }
    }
    assert_eq!(seen, 8);
}

/// The step of the axes turning with the boxes (`boxes::MovingGap`): a
/// cell `[T - 2δ, T]` ending at the spinning box's contact `T` (no axis
/// proves all of it) is proved separated from its start to a time `u`
/// before `T`, within `4 δ^2 + 2^-15 δ` of it: from a midpoint at `δ` the
/// distance falls quadratically (a fixed axis proves a fixed fraction of
/// the way) until the step's margin of `2^-16` of itself (and its grid).
#[test]
fn the_turning_axis_proves_a_cell_to_within_delta_squared_of_the_contact() {
    let pair = spin_pair();
    let truth = parse_number(SPIN_TRUTH).unwrap();
    let grid = BigRational::from_integer(num_bigint::BigInt::from(1) << 80u32);
    let end = (&truth * &grid).ceil() / &grid;
    for k in [14u32, 20, 26] {
        let delta = BigRational::new(1.into(), num_bigint::BigInt::from(1) << k);
        let start = &end - &delta * BigRational::from_integer(2.into());
        let classified = pair.classify(&start, &end, None, None, None, false);
        let (class, until) = (classified.class, classified.until);
        assert!(
            matches!(class, Class::Separated { moving: true, .. }),
            "δ = 2^-{k}: {class:?}"
        );
        let until = until.expect("a part of the cell");
        assert!(until < truth, "δ = 2^-{k}: {until} past the contact");
        let left = &truth - &until;
        assert!(
            left <= &delta * &delta * BigRational::from_integer(4.into())
                + &delta / BigRational::from_integer(32768.into()),
            "δ = 2^-{k}: {} left",
            crate::scalar::rational_to_f64(&left)
        );
    }
}

/// A cell proved apart by a ring about a turning axis (`ring.rs`) names
/// no axis; when it is the last before the contact, the features and the
/// normal come from the best axis at its end: the same as when an axis
/// proved it (the spinning box of [`SPIN_TRUTH`]: `b`'s vertical edge on
/// `a`'s face `+x`, normal `+x`).
#[test]
fn a_ring_cell_before_the_contact_gives_the_features_and_normal() {
    let (a, b) = spin_bodies();
    let out = solve_cells(&a, &b, (&q("0"), &q("1")), 64).unwrap();
    let first = out.first_contact.clone().expect("a contact");
    let (lower, upper) = (first.lower().clone(), first.upper().clone());
    let pair = spin_pair();
    let point = |x: &str| Interval::from_rationals(&q(x), &q(x), 64);
    let cells = vec![
        Cell {
            start: q("0"),
            end: lower.clone(),
            class: Class::AroundAxis {
                turning_b: true,
                radius_squared: q("0"),
            },
        },
        Cell {
            start: lower,
            end: upper.clone(),
            class: Class::Undecided,
        },
        Cell {
            start: upper,
            end: q("1"),
            class: Class::Overlapping {
                point: [point("1"), point("0"), point("0")],
                pair: None,
            },
        },
    ];
    let (features, normal, _) = contact_details(&pair, &runs(&cells), Some(1));
    assert_eq!(features, out.features);
    let (features, _) = features.expect("features");
    assert_eq!(features, "face +x");
    let (n, want) = (normal.expect("a normal"), out.normal.expect("a normal"));
    assert!(
        (0..3).all(|k| (n[k] - want[k]).abs() < 1e-9),
        "{n:?} against {want:?}"
    );
    // without the fallback the same runs give no features
    let (none, _, _) = contact_details(&pair, &runs(&cells[1..]), Some(0));
    assert_eq!(none, None);
}
