//! The raster (pixel-based) variant of the glide solver (Buss, "Collision Detection with Glide Rotations",
//! sections 7-9) against hand-derived cases and against the analytic
//! variant (the raster part of differential rule 6): every proper analytic collision
//! must be found by the raster within its resolution (time within the time
//! resolution, place within a pixel); misses and phantoms are counted,
//! printed with their scenarios, and bounded.

use exactccd::generate::{generate, ScenarioClass};
use exactccd::geom::{quaternion_rotation, BoxShape, Pose, Shape, Vec3};
use exactccd::motion::{Body, Motion};
use exactccd::scalar::{BigInt, BigRational};
use exactccd::scenario::Scenario;
use exactccd::solver::glide::raster::{solve_raster, RasterOutcome, RasterSettings};
use exactccd::solver::glide::{
    solve_glide, Arithmetic, Collisions, EventKind, GlideEvent, GlideOptions, GlidePath, GlideTime,
    RelativeGlide,
};
/// Every collision, in `f64`.
const ALL_FLOAT: GlideOptions = GlideOptions {
    arithmetic: Arithmetic::Float,
    collisions: Collisions::All,
    precision: 64,
    intervals: true,
};

fn r(n: i64, d: i64) -> BigRational {
    BigRational::new(BigInt::from(n), BigInt::from(d))
}

fn time(e: &GlideEvent) -> f64 {
    match &e.time {
        GlideTime::Float(t) => *t,
        GlideTime::Exact(x) => x.to_f64(),
        GlideTime::Enclosure { lower, upper } => {
            exactccd::scalar::rational_to_f64(&((lower + upper) / r(2, 1)))
        }
    }
}

fn proper(e: &GlideEvent) -> bool {
    e.geometry.properness.is_some_and(|p| p >= -0.1)
}

fn raster(s: &Scenario, pixels_per_edge: Option<f64>, pixel: Option<f64>) -> RasterOutcome {
    let settings = RasterSettings {
        pixel,
        ..RasterSettings::default()
    };
    let mut out = solve_raster(s.a(), s.b(), (&s.interval.0, &s.interval.1), &settings).unwrap();
    if let Some(n) = pixels_per_edge {
        // Re-run with the pixel for n pixels along a typical short edge.
        let p = out.resolution.pixel * 12.0 / n;
        let settings = RasterSettings {
            pixel: Some(p),
            ..RasterSettings::default()
        };
        out = solve_raster(s.a(), s.b(), (&s.interval.0, &s.interval.1), &settings).unwrap();
    }
    out
}

fn analytic(s: &Scenario) -> Vec<GlideEvent> {
    solve_glide(s.a(), s.b(), (&s.interval.0, &s.interval.1), &ALL_FLOAT)
        .unwrap()
        .events
}

fn dist(a: &[f64; 3], b: &[f64; 3]) -> f64 {
    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
}

/// The direction of the velocity of `b`'s material point at `p` relative
/// to `a`, in `a`'s frame, from the glide itself (the analytic variant's
/// relative glide, with its turning sense, which matters for half turns):
/// `v` for a translation, `k x (x - p)` (a positive multiple of the true
/// velocity) for a rotation without slide. Also returns `a`'s frame at `t`.
fn relative_velocity(s: &Scenario, p: &[f64; 3], t: f64) -> ([f64; 3], [[f64; 3]; 3], [f64; 3]) {
    let rel = RelativeGlide::from_bodies(s.a(), s.b(), &s.interval.0, &s.interval.1).unwrap();
    assert!(
        rel.slide.is_none(),
        "compared scenarios have no general screw"
    );
    let (rot, off) = s.a().float_motion(&s.interval.0, &s.interval.1).eval(t);
    // a's local coordinates of p: rot^T (p - off).
    let d = [p[0] - off.x, p[1] - off.y, p[2] - off.z];
    let x: Vec<f64> = (0..3)
        .map(|j| (0..3).map(|i| rot.rows[i][j] * d[i]).sum())
        .collect();
    let v = match &rel.path {
        GlidePath::Translation { velocity } => {
            let v = velocity.to_f64();
            [v.x, v.y, v.z]
        }
        GlidePath::Rotation {
            axis_point,
            axis_direction,
            ..
        } => {
            let (q, k) = (axis_point.to_f64(), axis_direction.to_f64());
            let w = [x[0] - q.x, x[1] - q.y, x[2] - q.z];
            [
                k.y * w[2] - k.z * w[1],
                k.z * w[0] - k.x * w[2],
                k.x * w[1] - k.y * w[0],
            ]
        }
    };
    (v, rot.rows, [off.x, off.y, off.z])
}

/// Whether `b` approaches `a` at the event (its relative velocity points
/// against the normal from `a` to `b`), or slides tangentially: the raster
/// culls backward faces of `b` and forward faces of `a` (section 4.2), so it
/// finds these only; the analytic variant also lists separations.
fn approaching(s: &Scenario, e: &GlideEvent) -> bool {
    let Some(n) = e.geometry.normal else {
        return true;
    };
    let (v, rot, _) = relative_velocity(s, &e.geometry.point, time(e));
    // The normal in a's frame: rot^T n.
    let nl: Vec<f64> = (0..3)
        .map(|j| (0..3).map(|i| rot[i][j] * n[i]).sum())
        .collect();
    let speed = (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt();
    v[0] * nl[0] + v[1] * nl[1] + v[2] * nl[2] <= 1e-9 * speed.max(1.0)
}

/// Misses (proper, approaching analytic collisions with no raster
/// collision within the resolution) and phantoms (proper raster collisions
/// with no analytic one within it).
fn compare(
    s: &Scenario,
    out: &RasterOutcome,
    reference: &[GlideEvent],
) -> (Vec<String>, Vec<String>) {
    let span = exactccd::scalar::rational_to_f64(&(&s.interval.1 - &s.interval.0));
    let dt = out.resolution.time * span;
    let px = out.resolution.pixel * 3f64.sqrt();
    let near = |x: &GlideEvent, y: &GlideEvent| {
        (time(x) - time(y)).abs() <= dt && dist(&x.geometry.point, &y.geometry.point) <= px
    };
    let raster = &out.outcome.events;
    // The times are solved on the glide (Newton), so the matched ones agree
    // far inside the time resolution.
    for e in reference.iter().filter(|e| proper(e) && approaching(s, e)) {
        if let Some(d) = raster
            .iter()
            .filter(|f| near(e, f))
            .map(|f| (time(e) - time(f)).abs())
            .reduce(f64::min)
        {
            assert!(d < 1e-7 * span.max(1.0), "time off by {d}");
        }
    }
    let misses = reference
        .iter()
        .filter(|e| proper(e) && approaching(s, e) && !raster.iter().any(|f| near(e, f)))
        .map(|e| {
            format!(
                "miss {:?} {} {} t={} p={:?} prop={:?}",
                e.kind,
                e.a,
                e.b,
                time(e),
                e.geometry.point,
                e.geometry.properness
            )
        })
        .collect();
    let phantoms = raster
        .iter()
        .filter(|f| proper(f) && !reference.iter().any(|e| near(e, f)))
        .map(|f| {
            format!(
                "phantom {:?} {} {} t={} p={:?} prop={:?}",
                f.kind,
                f.a,
                f.b,
                time(f),
                f.geometry.point,
                f.geometry.properness
            )
        })
        .collect();
    (misses, phantoms)
}

fn box_body(h: [i64; 3], c: [i64; 3], quat: [i64; 4]) -> Body {
    Body {
        shape: Shape::Box(BoxShape::new(h.map(|x| r(x, 2)))),
        pose: Pose::new(
            quaternion_rotation(&quat.map(|x| r(x, 1))).unwrap(),
            Vec3::new(r(c[0], 1), r(c[1], 1), r(c[2], 1)),
        ),
        motion: Motion::Static,
    }
}

/// `b` turned about the line through `p` along `k` by `rot(w, k)`, a
/// `poses` motion on `[0, 1]`.
fn turning(a: Body, mut b: Body, p: [i64; 3], k: [i64; 3], w: i64) -> Scenario {
    let rot = quaternion_rotation(&[r(w, 1), r(k[0], 1), r(k[1], 1), r(k[2], 1)]).unwrap();
    let p = Vec3::new(r(p[0], 2), r(p[1], 2), r(p[2], 2));
    let turn = Pose::new(rot.clone(), &p - &rot.mul_vec(&p));
    b.motion = Motion::Poses {
        end: turn.compose(&b.pose),
    };
    let mut s = generate(1, 0, ScenarioClass::Linear);
    s.name = None;
    s.interval = (r(0, 1), r(1, 1));
    *s.a_mut() = a;
    *s.b_mut() = b;
    s
}

fn first_proper(out: &RasterOutcome) -> Option<&GlideEvent> {
    out.outcome.events.iter().find(|e| {
        e.geometry
            .properness
            .is_some_and(|p| p >= out.properness_threshold)
    })
}

/// Figs. 1 and 2 as boxes: a unit square (cube) sliding into a wall at
/// speed 4 from 1 away: its face meets the wall at t = 1/4 (FV contacts of
/// its four corners, properness 0 for the edges along the wall... the edge
/// across is +1: min = 0).
#[test]
fn square_slides_into_a_wall() {
    let mut s = generate(1, 0, ScenarioClass::Linear);
    s.interval = (r(0, 1), r(1, 1));
    *s.a_mut() = box_body([2, 20, 20], [0, 0, 0], [1, 0, 0, 0]);
    let mut b = box_body([2, 2, 2], [3, 1, 1], [1, 0, 0, 0]);
    b.motion = Motion::Linear {
        velocity: Vec3::new(r(-4, 1), r(0, 1), r(0, 1)),
    };
    *s.b_mut() = b;
    let out = raster(&s, None, None);
    let e = first_proper(&out).expect("a collision");
    assert!((time(e) - 0.25).abs() < 1e-12, "{}", time(e));
    assert!((e.geometry.point[0] - 1.0).abs() < 1e-12);
    assert_eq!(e.geometry.normal.map(|n| n[0].round()), Some(1.0));
    assert!(e.geometry.properness.unwrap().abs() < 1e-12);
    assert!(!out.outcome.initially_overlapping);
}

/// A bar swinging about z into a wall (the analytic variant's hand case):
/// its corner at distance 1 from the axis, at height 1/10, meets the wall
/// y = 1/10 + ... : analytic and raster agree to 1e-9.
#[test]
fn bar_swinging_into_a_wall_agrees_with_the_closed_form() {
    // a: the slab y in [0, 4] (box half 5 x 1 x 5 at (0, 2, 0))... as in
    // tests/glide.rs: box [10, 2, 10]/2 at (0, 2, 0); b: a bar of length
    // 2 at x = 1, turned by rot(1, 0, 0, 1) (90°) about the z axis.
    let a = box_body([10, 2, 10], [0, 2, 0], [1, 0, 0, 0]);
    let b = Body {
        shape: Shape::Box(BoxShape::new([r(1, 1), r(1, 10), r(1, 10)])),
        pose: Pose::from_translation(Vec3::new(r(1, 1), r(0, 1), r(0, 1))),
        motion: Motion::Static,
    };
    let s = turning(a, b, [0, 0, 0], [0, 0, 1], 1);
    let out = raster(&s, None, None);
    let e = first_proper(&out).expect("a collision");
    // The corner (2, 1/10) at radius sqrt(4.01) reaches y = 1 when its
    // angle is asin(1 / sqrt(4.01)) - atan(0.1/2); over a quarter turn.
    let rr = 4.01f64.sqrt();
    let angle = (1.0 / rr).asin() - (0.1f64 / 2.0).atan();
    let want = angle / std::f64::consts::FRAC_PI_2;
    assert!((time(e) - want).abs() < 1e-9, "{} vs {want}", time(e));
    assert_eq!(e.kind, EventKind::FaceVertex);
    let reference = analytic(&s);
    let (m, p) = compare(&s, &out, &reference);
    assert!(m.is_empty() && p.is_empty(), "{m:?} {p:?}");
}

/// Fig. 5's cube spiralling about a vertical axis behind it, against a
/// floor slab above: the top face leads (forward), the first contact is a
/// top corner reaching the slab, and doppeling is needed (the axis is
/// behind the cube and the slab surrounds the axis).
#[test]
fn figure_5_spiralling_cube_meets_a_slab_through_the_axis() {
    let a = box_body([40, 2, 40], [0, 6, 0], [1, 0, 0, 0]);
    let b = box_body([2, 2, 2], [0, 0, 3], [1, 0, 0, 0]);
    // A 90° turn about y through the origin plus a rise of 8 (poses).
    let rot = quaternion_rotation(&[r(1, 1), r(0, 1), r(1, 1), r(0, 1)]).unwrap();
    let end = Pose::new(rot, Vec3::new(r(0, 1), r(8, 1), r(0, 1))).compose(&b.pose);
    let mut s = turning(a, b, [0, 0, 0], [0, 1, 0], 1);
    s.b_mut().motion = Motion::Poses { end };
    let out = raster(&s, None, None);
    // The top face (y = 1) rises 8 per step: y = 5 at t = 4/8.
    let e = first_proper(&out).expect("a collision");
    assert!((time(e) - 0.5).abs() < 1e-9, "{}", time(e));
    assert!(out.stats.doppeled_pieces > 0, "{:?}", out.stats);
    // A general screw: the analytic variant solves it only exactly (slow),
    // so the hand time is the reference here.
}

/// Fig. 7: a cube corner driven into a floor is proper (properness sin 45°
/// ... the corner's edges all point up); the same corner leaving through
/// the far side (an exit) is improper and not the reported collision.
#[test]
fn figure_7_proper_entry_and_improper_exit() {
    let mut s = generate(1, 0, ScenarioClass::Linear);
    s.interval = (r(0, 1), r(1, 1));
    *s.a_mut() = box_body([20, 2, 20], [0, 0, 0], [1, 0, 0, 0]);
    // b: a cube standing on a corner (turned so a vertex points down),
    // falling through the slab.
    let mut b = box_body([2, 2, 2], [0, 6, 0], [5, 2, 0, 1]);
    b.motion = Motion::Linear {
        velocity: Vec3::new(r(0, 1), r(-12, 1), r(0, 1)),
    };
    *s.b_mut() = b;
    let out = raster(&s, None, None);
    let all = &out.outcome.events;
    assert!(all.len() >= 2, "{all:?}");
    let first = first_proper(&out).unwrap();
    assert!(first.geometry.properness.unwrap() > 0.0);
    assert!(all
        .iter()
        .any(|e| e.geometry.properness.is_some_and(|p| p < -0.1)));
    let reference = analytic(&s);
    let (m, p) = compare(&s, &out, &reference);
    assert!(m.is_empty() && p.is_empty(), "{m:?} {p:?}");
}

/// The random cube pairs of the campaign class `raster` (a tilted static
/// box, `b` turned by `poses` about a skew axis between them: quarter
/// turns, smaller angles, half turns, and general screws, which the
/// analytic `f64` variant refuses and this test skips), and generated
/// translations: the same generator as differential rule 8's campaigns.
fn random_cases() -> Vec<Scenario> {
    let mut out: Vec<Scenario> = (0..120)
        .map(|i| generate(987654321, i, ScenarioClass::Raster))
        .collect();
    for i in 0..32 {
        out.push(generate(5, i, ScenarioClass::Linear));
    }
    out
}

#[test]
fn raster_finds_every_analytic_collision_on_random_cube_pairs() {
    let cases = random_cases();
    let mut report = Vec::new();
    for (label, per_edge) in [("low", 6.0), ("medium", 12.0), ("high", 24.0)] {
        let (mut misses, mut phantoms, mut proper_ref, mut solved) = (0, 0, 0, 0);
        for (i, s) in cases.iter().enumerate() {
            let Ok(reference) =
                solve_glide(s.a(), s.b(), (&s.interval.0, &s.interval.1), &ALL_FLOAT)
            else {
                continue;
            };
            if reference.initially_overlapping {
                continue;
            }
            solved += 1;
            proper_ref += reference
                .events
                .iter()
                .filter(|e| proper(e) && approaching(s, e))
                .count();
            let out = raster(s, Some(per_edge), None);
            let (m, p) = compare(s, &out, &reference.events);
            for line in m.iter().chain(&p) {
                println!("{label} case {i}: {line}");
            }
            misses += m.len();
            phantoms += p.len();
        }
        println!(
            "{label} ({per_edge} pixels per short edge): {solved} scenarios, {proper_ref} proper analytic collisions, {misses} misses, {phantoms} phantoms"
        );
        report.push((label, solved, proper_ref, misses, phantoms));
    }
    for (label, solved, proper_ref, misses, phantoms) in &report {
        // 102 scenarios solved by the analytic f64 variant (general screws
        // refused, initial overlaps skipped), 65 proper approaching
        // collisions
        assert!(*solved >= 100, "{label}: {solved}");
        assert!(*proper_ref >= 60, "{label}: {proper_ref}");
        assert_eq!(*misses, 0, "{label}");
        assert_eq!(*phantoms, 0, "{label}");
    }
}

fn car_mesh() -> exactccd::geom::Mesh<BigRational> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/scenarios/meshes/car.obj"
    );
    exactccd::geom::read_obj(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// `a` static at the origin; `b` at `(gap, 0, 0)` turned by `rot(3, 0, 1,
/// 0)` (about 37°) about the vertical line through `(gap / 2, 0, 1)` (the
/// benchmark's pairs, `benches/glide.rs`).
fn bench_pair(shape: Shape<BigRational>, gap: i64) -> Scenario {
    let a = Body {
        shape: shape.clone(),
        pose: Pose::identity(),
        motion: Motion::Static,
    };
    let b = Body {
        shape,
        pose: Pose::from_translation(Vec3::new(r(gap, 1), r(0, 1), r(0, 1))),
        motion: Motion::Static,
    };
    turning(a, b, [gap, 0, 2], [0, 1, 0], 3)
}

/// Cars and 300-quad tori (non-convex meshes) under the benchmark's
/// rotation: every proper approaching analytic collision is found, no
/// phantom, at the three resolutions.
#[test]
fn cars_and_tori_agree_with_the_analytic_variant() {
    let torus = exactccd::geom::torus_mesh(20, 15, &r(2, 1), &r(1, 2));
    for (name, s) in [
        ("car", bench_pair(Shape::Mesh(car_mesh()), 9)),
        ("torus", bench_pair(Shape::Mesh(torus), 5)),
    ] {
        let reference = analytic(&s);
        let count = reference
            .iter()
            .filter(|e| proper(e) && approaching(&s, e))
            .count();
        assert!(count >= 1, "{name}");
        for per_edge in [6.0, 12.0, 24.0] {
            let out = raster(&s, Some(per_edge), None);
            let (m, p) = compare(&s, &out, &reference);
            println!(
                "{name} at {per_edge} pixels per short edge: {count} proper approaching analytic collisions, {} misses, {} phantoms, {} raster collisions",
                m.len(),
                p.len(),
                out.outcome.events.len()
            );
            assert!(m.is_empty(), "{name} {per_edge}: {m:?}");
            assert!(p.is_empty(), "{name} {per_edge}: {p:?}");
            let first = first_proper(&out).unwrap();
            let first_ref = reference
                .iter()
                .find(|e| proper(e) && approaching(&s, e))
                .unwrap();
            assert!((time(first) - time(first_ref)).abs() < 1e-9, "{name}");
        }
    }
}

fn cli(args: &[&str]) -> (i32, serde_json::Value, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_exactccd"))
        .arg("solve")
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    let json = serde_json::from_slice(&out.stdout).unwrap_or(serde_json::Value::Null);
    (
        out.status.code().unwrap_or(-1),
        json,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `solve --method glide --variant raster`: the same first collision as
/// the analytic variant on the example scenarios, the raster's stats, the
/// `--all` list, and the errors (exact: not applicable, exit 3; bad
/// resolutions and another method: exit 2 naming the option).
#[test]
fn command_line_raster_variant() {
    let raster = [
        "--method",
        "glide",
        "--variant",
        "raster",
        "--scalar",
        "f64",
    ];
    for file in [
        "examples/scenarios/glide-poses.json",
        "examples/scenarios/glide-cars.json",
    ] {
        let (code, json, err) = cli(&[&raster[..], &[file]].concat());
        assert_eq!(code, 0, "{file}: {err}");
        let (code, reference, _) = cli(&["--method", "glide", "--scalar", "f64", file]);
        assert_eq!(code, 0);
        let (t, u) = (
            json["time"]["approx"].as_f64().unwrap(),
            reference["time"]["approx"].as_f64().unwrap(),
        );
        assert!((t - u).abs() < 1e-9, "{file}: {t} vs {u}");
        assert_eq!(json["feature"], reference["feature"], "{file}");
        assert_eq!(json["stats"]["variant"], "raster");
        assert!(json["stats"]["pixel"].as_f64().unwrap() > 0.0);
        assert_eq!(json["stats"]["properness_threshold"], -0.1);
        assert!(json["collisions"].is_null());
    }
    let (code, json, _) = cli(&[
        &raster[..],
        &[
            "--pixel",
            "0.05",
            "--time-resolution",
            "0.001",
            "--properness-threshold",
            "-1",
            "--all",
            "examples/scenarios/glide-poses.json",
        ],
    ]
    .concat());
    assert_eq!(code, 0);
    assert_eq!(json["stats"]["pixel"], 0.05);
    assert_eq!(json["stats"]["time_resolution"], 0.001);
    let all = json["collisions"].as_array().unwrap();
    assert!(all.len() >= 2);
    // Threshold -1: the earliest collision of all is reported.
    assert_eq!(json["time"]["approx"], all[0]["time"]["approx"]);
    let (code, _, err) = cli(&[
        "--method",
        "glide",
        "--variant",
        "raster",
        "examples/scenarios/glide-poses.json",
    ]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("use --scalar f64"), "{err}");
    for (bad, field) in [
        (["--pixel", "-1"], "--pixel"),
        (["--time-resolution", "0"], "--time-resolution"),
        (["--properness-threshold", "2"], "--properness-threshold"),
    ] {
        let (code, json, err) = cli(&[
            &raster[..],
            &bad[..],
            &["examples/scenarios/glide-poses.json"],
        ]
        .concat());
        assert_eq!(code, 2, "{err}");
        assert!(json.is_null());
        assert!(err.contains(field) && err.lines().count() == 1, "{err}");
    }
    let (code, _, err) = cli(&[
        "--method",
        "sat",
        "--variant",
        "raster",
        "--scalar",
        "f64",
        "examples/scenarios/glide-poses.json",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("--variant raster"), "{err}");
}

/// The contract's `screw` (angular speed 3/2 about z, against a static
/// wall): the bar's corner at radius `sqrt(4.01)` reaches the wall `y = 1`
/// at angle `asin(1/sqrt(4.01)) - atan(1/20)`, time angle / (3/2); turning
/// the other way it never does.
#[test]
fn screw_motion_bar_into_a_wall() {
    let mut s = generate(1, 0, ScenarioClass::Linear);
    s.interval = (r(0, 1), r(1, 1));
    *s.a_mut() = box_body([10, 2, 10], [0, 2, 0], [1, 0, 0, 0]);
    let bar = |angle: i64| Body {
        shape: Shape::Box(BoxShape::new([r(1, 1), r(1, 10), r(1, 10)])),
        pose: Pose::from_translation(Vec3::new(r(1, 1), r(0, 1), r(0, 1))),
        motion: Motion::Screw {
            axis_point: Vec3::new(r(0, 1), r(0, 1), r(0, 1)),
            axis_direction: Vec3::new(r(0, 1), r(0, 1), r(3, 1)),
            angle: r(angle, 2),
            slide: r(0, 1),
        },
    };
    *s.b_mut() = bar(3);
    let out = raster(&s, None, None);
    let e = first_proper(&out).expect("a collision");
    let want = ((1.0 / 4.01f64.sqrt()).asin() - (0.05f64).atan()) / 1.5;
    assert!((time(e) - want).abs() < 1e-9, "{} vs {want}", time(e));
    let (m, p) = compare(&s, &out, &analytic(&s));
    assert!(m.is_empty() && p.is_empty(), "{m:?} {p:?}");
    *s.b_mut() = bar(-3);
    assert!(first_proper(&raster(&s, None, None)).is_none());
}
