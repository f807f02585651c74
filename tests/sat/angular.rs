//! Angular velocity in the SAT solver: time stepping in
//! `f64` against a closed-form contact time, convergence as the step count
//! grows, Euler against Runge-Kutta, misses, and the exact scalar's refusal.
//!
//! The hand-derived case: box `a` (half extents 1) spins about its own z
//! axis at `w` rad per unit time, with no translation; the static slab `b`
//! has its face at `x = g`, `1 < g < sqrt 2`. At angle `theta` the square's
//! reach along x is `cos theta + sin theta = sqrt 2 sin(theta + pi/4)`, so
//! the corner first reaches the face at `theta* = asin(g / sqrt 2) - pi/4`,
//! `T = theta* / w`.

use crate::sat_common;

use exactccd::geom::{BoxShape, Pose, Shape, Vec3};
use exactccd::motion::{Body, Motion};
use exactccd::scalar::BigRational;
use exactccd::solver::sat::{
    solve_sat, solve_sat_with, Integrator, SatOptions, SatScenario, DEFAULT_STEPS,
};
use sat_common::r;

fn spinning(w: BigRational) -> Body {
    Body {
        shape: Shape::Box(BoxShape::new([r(1, 1), r(1, 1), r(1, 1)])),
        pose: Pose::identity(),
        motion: Motion::Angular {
            velocity: Vec3::zero(),
            angular_velocity: Vec3::new(r(0, 1), r(0, 1), w),
            center: Vec3::zero(),
        },
    }
}

/// The slab with its face at `x = g`.
fn slab(g: BigRational) -> Body {
    Body {
        shape: Shape::Box(BoxShape::new([r(1, 1), r(5, 1), r(5, 1)])),
        pose: Pose::from_translation(Vec3::new(g + r(1, 1), r(0, 1), r(0, 1))),
        motion: Motion::Static,
    }
}

fn stepped(a: &Body, b: &Body, steps: usize, integrator: Integrator) -> Option<f64> {
    let (t0, t1) = (r(0, 1), r(1, 1));
    let sc = SatScenario {
        a,
        b,
        interval: (&t0, &t1),
    };
    let out = solve_sat_with::<f64>(
        &sc,
        &SatOptions {
            steps,
            integrator,
            ..SatOptions::default()
        },
    )
    .unwrap();
    assert_eq!(out.collides, out.first_contact.is_some());
    out.first_contact_f64()
}

fn closed_form_time(g: f64, w: f64) -> f64 {
    ((g / 2f64.sqrt()).asin() - std::f64::consts::FRAC_PI_4) / w
}

#[test]
fn spinning_box_converges_to_the_closed_form_time() {
    let (a, b) = (spinning(r(1, 1)), slab(r(6, 5)));
    let truth = closed_form_time(1.2, 1.0);
    // asin(0.848528...) - 0.785398... = 1.013197... - 0.785398...
    assert!((truth - 0.227799).abs() < 1e-6, "{truth}");
    for integrator in [
        Integrator::Euler,
        Integrator::RungeKutta4,
        Integrator::ClosedForm,
    ] {
        let mut last_error = f64::INFINITY;
        // the bound h shrinks with N; the error itself need not be monotone
        for steps in [8, 32, 128, 512, 2048] {
            let h = 1.0 / steps as f64;
            let t = stepped(&a, &b, steps, integrator).expect("a contact");
            let error = (t - truth).abs();
            // the frame is held over a step: the contact is seen at the
            // first sample past it, so within one step (module docs)
            assert!(error <= h + 1e-9, "{integrator:?} {steps}: {t} vs {truth}");
            assert!(t >= truth - 1e-9, "never early: {integrator:?} {steps}");
            last_error = error;
        }
        assert!(last_error < 1e-3, "{integrator:?}: {last_error}");
    }
}

#[test]
fn euler_drifts_more_than_runge_kutta() {
    // a fast spin (8 rad per unit time) over 2 turns' worth of steps: the
    // Euler frame lags (each step turns by atan(h w) < h w), RK4 does not
    let (a, b) = (spinning(r(8, 1)), slab(r(7, 5)));
    let truth = closed_form_time(1.4, 8.0);
    let steps = 64;
    let h = 1.0 / steps as f64;
    let euler = stepped(&a, &b, steps, Integrator::Euler).unwrap();
    let rk4 = stepped(&a, &b, steps, Integrator::RungeKutta4).unwrap();
    assert!((rk4 - truth).abs() <= h + 1e-9, "{rk4} vs {truth}");
    assert!(euler >= rk4, "euler lags: {euler} vs {rk4}");
}

#[test]
fn no_contact_when_the_diagonal_cannot_reach() {
    // sqrt 2 < 3/2: the corner never reaches the face
    let (a, b) = (spinning(r(1, 1)), slab(r(3, 2)));
    for integrator in [
        Integrator::Euler,
        Integrator::RungeKutta4,
        Integrator::ClosedForm,
    ] {
        for steps in [1, 16, DEFAULT_STEPS] {
            assert_eq!(stepped(&a, &b, steps, integrator), None);
        }
    }
    // no spin at all, slab at 6/5 > 1: no contact either
    assert_eq!(
        stepped(
            &spinning(r(0, 1)),
            &slab(r(6, 5)),
            64,
            Integrator::RungeKutta4
        ),
        None
    );
}

#[test]
fn a_corner_swept_through_between_steps_is_missed() {
    // gap 7/5 (reached only for theta in a window around pi/4 of width
    // about 0.29 rad); spinning at pi/2 per unit time the window is
    // [0.41, 0.59]: 2 steps sample theta = 0 and pi/4... at t = 1/2 it is
    // caught, but 3 steps (t = 0, 1/3, 2/3) jump over the window
    let w = BigRational::from_float(std::f64::consts::FRAC_PI_2).unwrap();
    let (a, b) = (spinning(w), slab(r(7, 5)));
    assert_eq!(stepped(&a, &b, 3, Integrator::ClosedForm), None, "missed");
    let t = stepped(&a, &b, 1024, Integrator::ClosedForm).unwrap();
    let truth = closed_form_time(1.4, std::f64::consts::FRAC_PI_2);
    assert!((t - truth).abs() < 1.0 / 1024.0 + 1e-9, "{t} vs {truth}");
}

#[test]
fn translation_and_spin_together() {
    // the spinning box also moves at +x by 1/2: with the frame fixed per
    // step the constant-velocity test finds the time inside the step
    let mut a = spinning(r(1, 1));
    a.motion = Motion::Angular {
        velocity: Vec3::new(r(1, 2), r(0, 1), r(0, 1)),
        angular_velocity: Vec3::new(r(0, 1), r(0, 1), r(1, 1)),
        center: Vec3::zero(),
    };
    let b = slab(r(3, 2));
    // reach(t) = t/2 + sqrt 2 sin(t + pi/4) = 3/2: solve by bisection
    let f = |t: f64| t / 2.0 + 2f64.sqrt() * (t + std::f64::consts::FRAC_PI_4).sin() - 1.5;
    let (mut lo, mut hi) = (0.0, 0.7);
    for _ in 0..100 {
        let mid = (lo + hi) / 2.0;
        if f(mid) < 0.0 {
            lo = mid
        } else {
            hi = mid
        }
    }
    let t = stepped(&a, &b, 2048, Integrator::RungeKutta4).unwrap();
    assert!((t - lo).abs() < 2.0 / 2048.0, "{t} vs {lo}");
}

#[test]
fn the_exact_scalar_refuses_angular_motions() {
    let (a, b) = (spinning(r(1, 1)), slab(r(6, 5)));
    let (t0, t1) = (r(0, 1), r(1, 1));
    let sc = SatScenario {
        a: &a,
        b: &b,
        interval: (&t0, &t1),
    };
    let e = solve_sat::<BigRational>(&sc).unwrap_err();
    assert!(e.is_not_applicable());
    assert!(e.to_string().contains("not certified"), "{e}");
}

/// The contract pair `(triangle, box)` is solved in the seed's order
/// `(box, triangle)` and mirrored back, under angular motions too (the
/// `f64_no_panic` fuzz target found the stepping path skipping the swap):
/// both orders give the same time, mirrored features and opposite normals
/// (`--variant stepping`; the default `f64` time cells give the same time
/// in both orders, within `1e-9` of the stepping's bracket of a step).
#[test]
fn triangle_before_box_is_the_mirror_of_box_before_triangle() {
    use exactccd::contact::{
        solve, BodyQuery, ContactQuery, Method, SatVariant, ScalarKind, SolveOptions, Time,
    };
    use exactccd::geom::Triangle;
    let triangle = Body {
        shape: Shape::Triangle(Triangle {
            vertices: [
                Vec3::new(r(-1, 2), r(0, 1), r(0, 1)),
                Vec3::new(r(1, 2), r(1, 2), r(0, 1)),
                Vec3::new(r(1, 2), r(-1, 2), r(0, 1)),
            ],
        }),
        pose: Pose {
            translation: Vec3::new(r(3, 1), r(0, 1), r(0, 1)),
            ..Pose::identity()
        },
        motion: Motion::Angular {
            velocity: Vec3::new(r(-4, 1), r(0, 1), r(0, 1)),
            angular_velocity: Vec3::new(r(0, 1), r(0, 1), r(1, 10)),
            center: Vec3::zero(),
        },
    };
    let cube = Body {
        shape: Shape::Box(BoxShape::new([r(1, 1), r(1, 1), r(1, 1)])),
        pose: Pose::identity(),
        motion: Motion::Static,
    };
    let interval = (r(0, 1), r(1, 1));
    let zero_separation = r(0, 1);
    let run_with = |a: &Body, b: &Body, sat_variant: SatVariant| {
        let query = ContactQuery::Bodies(BodyQuery {
            a,
            b,
            interval: &interval,
            approximate_rotations: &[],
            separation: &zero_separation,
        });
        let options = SolveOptions {
            sat_variant,
            ..SolveOptions::default()
        };
        solve(&query, Method::Sat, ScalarKind::F64, &options).unwrap()
    };
    let run = |a: &Body, b: &Body| run_with(a, b, SatVariant::Stepping);
    let (tb, bt) = (run(&triangle, &cube), run(&cube, &triangle));
    let time = |t: &Option<Time>| match t {
        Some(Time::Float(x)) => *x,
        other => panic!("{other:?}"),
    };
    // the leading vertex x = 3 - 4t - cos(t/10)/2 reaches x = 1 near t = 3/8
    assert!((time(&tb.time) - 0.375).abs() < 0.01, "{:?}", tb.time);
    assert_eq!(time(&tb.time), time(&bt.time));
    let (f, g) = (tb.feature.unwrap(), bt.feature.unwrap());
    assert_eq!((f.a, f.b), (g.b, g.a));
    let (n, m) = (tb.normal.unwrap(), bt.normal.unwrap());
    assert_eq!(n, m.map(|x| -x));
    // the time cells: the same time both ways, in the stepping's step
    let cells = |a: &Body, b: &Body| time(&run_with(a, b, SatVariant::Cells).time);
    let (x, y) = (cells(&triangle, &cube), cells(&cube, &triangle));
    assert!((x - y).abs() < 1e-12, "{x} {y}");
    assert!(
        (x - time(&tb.time)).abs() <= 1.0 / 256.0,
        "{x} {:?}",
        tb.time
    );
}
