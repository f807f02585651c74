//! Unit tests of the fast `f64` path: the pool's arithmetic, the root
//! finder, the geometry's identities and the separated-interval shortcut.

use super::arena::{Pool, P};
use super::geometry::{dot, relative, RigidF64};
use super::roots::{plane_roots, shape, Bound, Roots};
use super::{solve_fast, solve_sgm_f64, FastSgmOutcome, MAX_COEFFS};
use crate::geom::Shape;
use crate::motion::{Body, Motion};
use crate::poly::Poly;
use crate::scalar::{BigRational, Sign};

fn poly(pool: &mut Pool, c: &[f64]) -> P {
    let start = pool.len();
    for &x in c {
        pool.push_clean(x, x.abs());
    }
    pool.seal(start)
}

fn roots(c: &[f64], lo: f64, hi: f64) -> Vec<f64> {
    let mut pool = Pool::with_capacity(16);
    let p = poly(&mut pool, c);
    let mut out = Roots::EMPTY;
    plane_roots(&pool, p, lo, hi, None, &mut out);
    out.as_slice().to_vec()
}

#[test]
fn roots_of_hand_polynomials() {
    // (t - 1/4)(t - 1/2)(t - 3/4)
    let r = roots(&[-0.09375, 0.6875, -1.5, 1.0], 0.0, 1.0);
    assert_eq!(r.len(), 3);
    for (x, e) in r.iter().zip([0.25, 0.5, 0.75]) {
        assert!((x - e).abs() < 1e-14, "{x} vs {e}");
    }
    // (t - 1/2)^2: touching, found at the critical point
    assert_eq!(roots(&[0.25, -1.0, 1.0], 0.0, 1.0), vec![0.5]);
    // t^2 + 1: none, proven by the centred form
    assert!(roots(&[1.0, 0.0, 1.0], -3.0, 3.0).is_empty());
    // t (t - 1): both ends
    assert_eq!(roots(&[0.0, -1.0, 1.0], 0.0, 1.0), vec![0.0, 1.0]);
    // 2t - 1 on [0, 1]
    assert_eq!(roots(&[-1.0, 2.0], 0.0, 1.0), vec![0.5]);
    // (t - 0.3)(t - 0.3 - 1e-6)(t + 5): two close roots
    let (a, b) = (0.3, 0.3 + 1e-6);
    let c = [a * b * 5.0, a * b - 5.0 * (a + b), 5.0 - (a + b), 1.0];
    let r = roots(&c, 0.0, 1.0);
    assert_eq!(r.len(), 2, "{r:?}");
    // (the rounded coefficients move roots 1e-6 apart by about 1e-10)
    assert!((r[0] - a).abs() < 1e-9 && (r[1] - b).abs() < 1e-9, "{r:?}");
}

#[test]
fn rootless_test_is_sound_and_useful() {
    let mut pool = Pool::with_capacity(64);
    // t^2 + 1 on [0, 1]: q = 1.25 + x + x^2 at m = 1/2, r = 1/2:
    // 1.25 > 0.5 + 0.25
    let p = poly(&mut pool, &[1.0, 0.0, 1.0]);
    let tol = pool.allowance(p);
    assert_eq!(
        shape(pool.coeffs(p), tol, 0.0, 1.0),
        Bound::Rootless(Sign::Positive)
    );
    let mut scratch = Roots::EMPTY;
    assert_eq!(
        plane_roots(&pool, p, 0.0, 1.0, None, &mut scratch),
        Some(Sign::Positive)
    );
    // (t - 2)^6: the centred form cannot exclude [0, 1] at once (the
    // root is closer than 8.2 radii), the halvings find no root there;
    // on [1.5, 2.5] the six-fold root is found (within the rounding
    // allowance, touching)
    let mut c = [0.0; 7];
    for (k, x) in c.iter_mut().enumerate() {
        // binomial(6, k) (-2)^(6 - k)
        let b = [1.0, 6.0, 15.0, 20.0, 15.0, 6.0, 1.0][k];
        *x = b * (-2.0f64).powi(6 - k as i32);
    }
    let p = poly(&mut pool, &c);
    let tol = pool.allowance(p);
    assert_eq!(shape(pool.coeffs(p), tol, 0.0, 1.0), Bound::Unknown);
    assert!(roots(&c, 0.0, 1.0).is_empty());
    assert_eq!(shape(pool.coeffs(p), tol, 1.5, 2.5), Bound::Unknown);
    // one touching root: the cluster of instants where the value is
    // within the rounding allowance is one root
    let r = roots(&c, 1.5, 2.5);
    assert_eq!(r.len(), 1, "{r:?}");
    assert!((r[0] - 2.0).abs() < 1e-2, "{r:?}");
    // t - 1/3 is monotone on [0, 1]
    let q = poly(&mut pool, &[-1.0 / 3.0, 1.0]);
    let tol = pool.allowance(q);
    assert_eq!(shape(pool.coeffs(q), tol, 0.0, 1.0), Bound::Monotone);
}

#[test]
fn exact_cancellation_cleans_to_zero() {
    let mut pool = Pool::with_capacity(16);
    // 0.1 * 0.3 - 0.3 * 0.1 and (0.1 + 0.2) - 0.3: rounding noise
    let (p1, p3, p2) = (pool.constant(0.1), pool.constant(0.3), pool.constant(0.2));
    let x = pool.mul(p1, p3).unwrap();
    let y = pool.mul(p3, p1).unwrap();
    assert!(pool.sub(x, y).is_zero());
    let s = pool.lin(&[(1.0, p1), (1.0, p2)]);
    assert!(pool.sub(s, p3).is_zero());
    // a real difference survives
    let q = pool.constant(0.3 + 1e-9);
    assert!(!pool.sub(p3, q).is_zero());
}

#[test]
fn huge_coordinates_decline_or_stay_finite() {
    use crate::geom::{BoxShape, Pose, Vec3};
    let q = |x: f64| BigRational::from_float(x).unwrap();
    let body = |c: f64, v: f64| Body {
        shape: Shape::Box(BoxShape::new([q(1.0), q(1.0), q(1.0)])),
        pose: Pose::from_translation(Vec3::new(q(c), q(0.0), q(0.0))),
        motion: Motion::Linear {
            velocity: Vec3::new(q(v), q(0.0), q(0.0)),
        },
    };
    let (t0, t1) = (q(0.0), q(1.0));
    // the squares of 1e200 overflow: declined
    assert!(solve_sgm_f64(&body(0.0, 0.0), &body(1e200, -1e200), &t0, &t1).is_none());
    // 1e100 stays finite: the boxes meet at t = 1 - 2e-100, i.e. 1
    let out = solve_sgm_f64(&body(0.0, 0.0), &body(1e100, -1e100), &t0, &t1)
        .unwrap()
        .unwrap();
    assert!(out.collides);
    assert!(out.first_contact.is_some_and(|t| (t - 1.0).abs() < 1e-12));
}

#[test]
fn products_beyond_the_capacity_decline() {
    let mut pool = Pool::with_capacity(64);
    let mut c = vec![0.0; MAX_COEFFS / 2 + 1];
    c[MAX_COEFFS / 2] = 1.0;
    let p = poly(&mut pool, &c);
    assert_eq!(p.n, MAX_COEFFS / 2 + 1);
    assert!(pool.mul(p, p).is_err());
}

/// The separated-interval shortcut (module docs) gives the full
/// sweep's answer, bit for bit, on every generated class, and is taken
/// often enough to matter.
#[test]
fn separated_intervals_shortcut_changes_no_answer() {
    use crate::generate::{generate, ScenarioClass};
    let (mut compared, mut shortcut) = (0, 0);
    let classes = ScenarioClass::RANDOM
        .iter()
        .chain(&ScenarioClass::DEGENERATE)
        .copied();
    for class in classes {
        for index in 0..60 {
            let sc = generate(7, index, class);
            let (t0, t1) = (&sc.interval.0, &sc.interval.1);
            let quick = solve_fast(sc.a(), sc.b(), t0, t1, true);
            let full = solve_fast(sc.a(), sc.b(), t0, t1, false);
            let (Some(Ok(x)), Some(Ok(y))) = (&quick, &full) else {
                assert_eq!(
                    quick.map(|r| r.is_ok()),
                    full.map(|r| r.is_ok()),
                    "{class} #{index}"
                );
                continue;
            };
            compared += 1;
            let bits = |t: Option<f64>| t.map(f64::to_bits);
            let what = format!("{class} #{index}");
            assert_eq!(x.collides, y.collides, "{what}");
            assert_eq!(x.initially_overlapping, y.initially_overlapping, "{what}");
            assert_eq!(bits(x.first_contact), bits(y.first_contact), "{what}");
            let ends = |o: &FastSgmOutcome| -> Vec<(u64, u64)> {
                o.contact_intervals
                    .iter()
                    .map(|(p, q)| (p.to_bits(), q.to_bits()))
                    .collect()
            };
            assert_eq!(ends(x), ends(y), "{what}");
            assert_eq!(x.feature, y.feature, "{what}");
            assert_eq!(
                x.normal.map(|n| n.map(f64::to_bits)),
                y.normal.map(|n| n.map(f64::to_bits)),
                "{what}"
            );
            assert!(x.stats.cells <= y.stats.cells, "{what}");
            shortcut += usize::from(x.stats.cells < y.stats.cells);
        }
    }
    assert!(compared >= 600, "{compared}");
    assert!(shortcut >= 100, "{shortcut} of {compared}");
}

fn int_poly(c: &[i64]) -> Poly<BigRational> {
    Poly::from_coeffs(
        c.iter()
            .map(|&x| BigRational::from_integer(x.into()))
            .collect(),
    )
}

/// A box under a `rational` motion: quaternion `(w, x(t), y(t), z(t))`
/// with `w != 0` a constant (so `|q|^2 >= w^2 > 0`), translation
/// polynomials and denominator `d + t^2` (`d != 0`; negative `d` turns
/// the orientation of the relative motion).
fn rational_body(w: i64, q: [[i64; 3]; 3], c: [[i64; 3]; 3], d: i64) -> Body {
    use crate::geom::{BoxShape, Pose, Vec3};
    let half = |x: i64| BigRational::new(x.into(), 4.into());
    Body {
        shape: Shape::Box(BoxShape::new([half(3), half(5), half(7)])),
        pose: Pose::identity(),
        motion: Motion::Rational {
            quaternion: [
                int_poly(&[w]),
                int_poly(&q[0]),
                int_poly(&q[1]),
                int_poly(&q[2]),
            ],
            translation: Vec3::new(int_poly(&c[0]), int_poly(&c[1]), int_poly(&c[2])),
            denominator: int_poly(&[d, 0, if d < 0 { -1 } else { 1 }]),
        },
    }
}

/// `x` and `y` agree coefficient by coefficient within `1e-13` of their
/// bounds (rounding), exact zeros included.
fn same_poly(pool: &Pool, x: P, y: P) -> bool {
    (0..x.n.max(y.n)).all(|i| {
        let at = |p: P| {
            if i < p.n {
                (pool.c[p.off + i], pool.a[p.off + i])
            } else {
                (0.0, 0.0)
            }
        };
        let ((cx, ax), (cy, ay)) = (at(x), at(y));
        (cx - cy).abs() <= 1e-13 * (ax + ay)
    })
}

fn nonzero() -> impl proptest::strategy::Strategy<Value = i64> {
    use proptest::strategy::Strategy;
    (1i64..4, proptest::bool::ANY).prop_map(|(x, neg)| if neg { -x } else { x })
}

fn coeffs3() -> impl proptest::strategy::Strategy<Value = [[i64; 3]; 3]> {
    proptest::array::uniform3(proptest::array::uniform3(-3i64..=3))
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]
    /// The identities `geometry` writes the directions with (its
    /// docs): `N_j = U_{j+1} x U_{j+2} = w U_j` and `|U_j|^2 = w^2`
    /// (so `det L = w^3`), and `T = s_b T'`, `w = s_b w'`, for two
    /// bodies under rational motions with either orientation.
    #[test]
    fn rigid_relative_motion_identities(
        wa in nonzero(), qa in coeffs3(), ca in coeffs3(), da in nonzero(),
        wb in nonzero(), qb in coeffs3(), cb in coeffs3(), db in nonzero(),
    ) {
        let mut pool = Pool::with_capacity(1024);
        let a = rational_body(wa, qa, ca, da);
        let b = rational_body(wb, qb, cb, db);
        let ma = RigidF64::from_body(&a, &mut pool).expect("in scope");
        let mb = RigidF64::from_body(&b, &mut pool).expect("in scope");
        let rel = relative(&mut pool, &ma, &mb, 0.0, 1.0).expect("w > 0");
        proptest::prop_assert!(pool.sign_at(rel.w, 0.5) == Sign::Positive);
        let u: [[P; 3]; 3] = std::array::from_fn(|j| std::array::from_fn(|k| rel.l[k][j]));
        let ww = pool.mul(rel.w, rel.w).unwrap();
        for j in 0..3 {
            let (v, x) = (u[(j + 1) % 3], u[(j + 2) % 3]);
            for (k, &ujk) in u[j].iter().enumerate() {
                let (k1, k2) = ((k + 1) % 3, (k + 2) % 3);
                let p = pool.mul(v[k1], x[k2]).unwrap();
                let q = pool.mul(v[k2], x[k1]).unwrap();
                let cross = pool.sub(p, q);
                let scaled = pool.mul(rel.w, ujk).unwrap();
                proptest::prop_assert!(same_poly(&pool, cross, scaled), "N_{j}[{k}]");
            }
            let norm = dot(&mut pool, &u[j], &u[j]).unwrap();
            proptest::prop_assert!(same_poly(&pool, norm, ww), "|U_{j}|^2");
        }
        for k in 0..3 {
            let t = pool.mul(mb.s, rel.t_per_sb[k]).unwrap();
            proptest::prop_assert!(same_poly(&pool, t, rel.t[k]));
        }
        let w = pool.mul(mb.s, rel.w_per_sb).unwrap();
        proptest::prop_assert!(same_poly(&pool, w, rel.w));
    }

    /// `plane_pair` builds exactly (coefficients, bounds, allowances)
    /// what `lin` builds from the stored base.
    #[test]
    fn plane_pair_is_lin_of_the_base(
        polys in proptest::collection::vec(proptest::collection::vec(-20i64..=20, 0..6), 1..7),
        ks in proptest::collection::vec((1i64..9, proptest::bool::ANY), 6),
        center in proptest::collection::vec(-20i64..=20, 0..9),
        cancel in proptest::bool::ANY,
    ) {
        let mut pool = Pool::with_capacity(256);
        // thirds and sevenths: rounded inputs, and sums that cancel
        let as_f64 = |c: &[i64], d: f64| c.iter().map(|&x| x as f64 / d).collect::<Vec<_>>();
        let ps: Vec<P> = polys.iter().map(|c| poly(&mut pool, &as_f64(c, 3.0))).collect();
        let center = poly(&mut pool, &as_f64(&center, 7.0));
        let mut terms: Vec<(f64, P)> = ps
            .iter()
            .zip(&ks)
            .map(|(&p, &(k, neg))| (if neg { -(k as f64) / 4.0 } else { k as f64 / 4.0 }, p))
            .collect();
        // the first term cancelled exactly: zeros (trailing ones too)
        // in the base, which `lin` drops with their bounds
        if cancel {
            terms.push((-terms[0].0, terms[0].1));
        }
        let pair = pool.plane_pair(&terms, center);
        let base = pool.lin(&terms);
        let expected = [
            pool.lin(&[(1.0, base), (-1.0, center)]),
            pool.lin(&[(1.0, base), (1.0, center)]),
        ];
        for (x, y) in pair.iter().zip(&expected) {
            proptest::prop_assert_eq!(x.n, y.n);
            let get = |v: &Vec<f64>, p: &P| v[p.off..p.off + p.n].iter().map(|z| z.to_bits()).collect::<Vec<_>>();
            proptest::prop_assert_eq!(get(&pool.c, x), get(&pool.c, y));
            proptest::prop_assert_eq!(get(&pool.a, x), get(&pool.a, y));
            proptest::prop_assert_eq!(get(&pool.tol, x), get(&pool.tol, y));
        }
    }
}
