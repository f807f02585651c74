//! Differential rule 8 (`docs/DESIGN.md`): glide's raster variant
//! at 6, 12 and 24 pixels per typical short edge against the analytic
//! variant's collisions, in `evaluate` and in campaigns: counts on a small
//! fixed-seed campaign, and the rule failing where it must (a raster answer
//! displaced beyond the resolution, in time or in place, is a finding; a
//! missed tangential graze is counted, not a finding).

use exactccd::campaign::{
    compare_raster, compare_raster_with_truth, evaluate, run_campaign, CampaignConfig,
    CertifiedContacts, FindingKind, RasterRecord, RasterRunOutcome, ReferenceKind,
    RASTER_PIXELS_PER_EDGE,
};
use exactccd::contact::SolveOptions;
use exactccd::generate::{generate, ScenarioClass};
use exactccd::geom::{BoxShape, Pose, Shape, Vec3};
use exactccd::motion::{Body, Motion};
use exactccd::scalar::{BigInt, BigRational};
use exactccd::scenario::Scenario;
use exactccd::solver::glide::raster::{solve_raster, RasterOutcome, RasterSettings};
use exactccd::solver::glide::{
    solve_glide, Arithmetic, Collisions, GlideEvent, GlideOptions, GlideTime,
};
/// Every collision, exact, at 64 bits.
const ALL_EXACT: GlideOptions = GlideOptions {
    arithmetic: Arithmetic::Exact,
    collisions: Collisions::All,
    precision: 64,
    intervals: true,
};

fn r(n: i64, d: i64) -> BigRational {
    BigRational::new(BigInt::from(n), BigInt::from(d))
}

fn analytic(s: &Scenario) -> Vec<GlideEvent> {
    solve_glide(s.a(), s.b(), (&s.interval.0, &s.interval.1), &ALL_EXACT)
        .expect("glide applies")
        .events
}

fn raster(s: &Scenario) -> RasterOutcome {
    solve_raster(
        s.a(),
        s.b(),
        (&s.interval.0, &s.interval.1),
        &RasterSettings::default(),
    )
    .expect("the raster applies")
}

/// The first `raster` class scenarios of seed 2026 whose analytic variant
/// has at least two required collisions, with their analytic collisions.
fn colliding_raster_cases(count: usize) -> Vec<(Scenario, Vec<GlideEvent>)> {
    let mut out = Vec::new();
    for index in 0.. {
        let s = generate(2026, index, ScenarioClass::Raster);
        let Ok(o) = solve_glide(s.a(), s.b(), (&s.interval.0, &s.interval.1), &ALL_EXACT) else {
            continue;
        };
        if o.initially_overlapping {
            continue;
        }
        let c = compare_raster(&s, &o.events, &raster(&s));
        if c.required >= 2 {
            out.push((s, o.events));
            if out.len() == count {
                break;
            }
        }
    }
    out
}

/// The rule on the undisturbed raster: everything required is matched.
/// Then every raster time moved later by twice the time resolution: every
/// required collision is missed and every proper raster collision is a
/// phantom, and the record says so as a `raster-resolution` finding. Then
/// every raster place moved by three pixels (a pixel diagonal is `sqrt 3`):
/// the same.
#[test]
fn a_raster_answer_displaced_beyond_the_resolution_is_a_finding() {
    for (s, events) in colliding_raster_cases(3) {
        let name = s.name.clone().unwrap();
        let out = raster(&s);
        let honest = compare_raster(&s, &events, &out);
        assert_eq!(honest.matched, honest.required, "{name}: {honest:?}");
        assert!(honest.misses.is_empty() && honest.phantoms.is_empty());
        assert!(honest.worst_dt < 1e-7, "{name}: {}", honest.worst_dt);
        let proper = out
            .outcome
            .events
            .iter()
            .filter(|e| {
                e.geometry
                    .properness
                    .is_some_and(|p| p >= out.properness_threshold)
            })
            .count();
        let span = exactccd::scalar::rational_to_f64(&(&s.interval.1 - &s.interval.0));
        let shift = 2.0 * out.resolution.time * span;
        let mut late = out.clone();
        for e in &mut late.outcome.events {
            let GlideTime::Float(t) = e.time else {
                panic!("raster times are f64")
            };
            e.time = GlideTime::Float(t + shift);
        }
        let mut moved = out.clone();
        for e in &mut moved.outcome.events {
            e.geometry.point[1] += 3.0 * out.resolution.pixel;
        }
        for (what, displaced) in [("late", late), ("moved", moved)] {
            // a displaced raster collision may land near another analytic
            // collision (a later crossing of the same corner), so not every
            // one need become a miss or phantom; most do, and the rule fails
            let c = compare_raster(&s, &events, &displaced);
            assert_eq!(c.required, honest.required);
            assert_eq!(
                c.matched + c.misses.len() + c.grazes.len(),
                c.required,
                "{name} {what}"
            );
            assert!(c.matched < c.required, "{name} {what}: {c:?}");
            assert!(!c.misses.is_empty(), "{name} {what}: {c:?}");
            assert!(
                !c.phantoms.is_empty() && c.phantoms.len() <= proper,
                "{name} {what}: {c:?}"
            );
            let record = RasterRecord {
                pixels_per_edge: 12,
                pixel: out.resolution.pixel,
                time_resolution: out.resolution.time * span,
                reference: ReferenceKind::Exact,
                outcome: RasterRunOutcome::Compared(c.clone()),
                seconds: 0.0,
            };
            let findings = record.findings();
            assert_eq!(findings.len(), 1, "{name} {what}");
            assert_eq!(findings[0].kind, FindingKind::RasterResolution);
            assert!(findings[0].message.contains("rule 8"), "{findings:?}");
            assert!(
                findings[0]
                    .message
                    .contains(&format!("{} misses", c.misses.len())),
                "{findings:?}"
            );
        }
        // just inside the resolution: still matched
        let mut inside = out.clone();
        for e in &mut inside.outcome.events {
            if let GlideTime::Float(t) = e.time {
                e.time = GlideTime::Float(t + 0.5 * out.resolution.time * span);
            }
            e.geometry.point[1] += 0.5 * out.resolution.pixel;
        }
        let c = compare_raster(&s, &events, &inside);
        assert_eq!(c.matched, c.required, "{name}");
        assert!(c.phantoms.is_empty(), "{name}");
    }
}

fn cube(half: i64, centre: [i64; 3]) -> Body {
    Body {
        shape: Shape::Box(BoxShape::new([r(half, 1), r(half, 1), r(half, 1)])),
        pose: Pose::from_translation(Vec3::new(r(centre[0], 1), r(centre[1], 1), r(centre[2], 1))),
        motion: Motion::Static,
    }
}

/// A cube (half size 1) at rest, and a smaller cube moving along `x` with
/// its bottom face sliding in the plane of `a`'s top face. At `t = 5/8`
/// its leading bottom corners reach `a`'s top edge: against `a`'s `+x`
/// face (and edge to edge) that is head on, against its `+z` face
/// tangential (the velocity lies in the plane); at `t = 7/8` the trailing
/// corners slide onto the `+z` face, tangentially. The raster matches
/// everything required; with its answer emptied, the tangential `+z`
/// contacts are classified grazes (counted) and the head-on ones, where
/// b's bottom face is flush with a's top face (properness 0, a corner on
/// an edge), boundary touches (counted); with b level with a's centre the
/// head-on contacts are misses (findings). The raster's own report of the gliding corners at its last
/// sample (`t = 1`) has no analytic collision near it: a tangential
/// phantom, also counted as a graze.
#[test]
fn a_missed_tangential_graze_is_counted_not_a_finding() {
    let mut s = generate(1, 0, ScenarioClass::Linear);
    s.name = Some("graze".into());
    s.interval = (r(0, 1), r(1, 1));
    s.expect = None;
    *s.a_mut() = cube(1, [0, 0, 0]);
    // b: half size 1/2, bottom face at z = 1 (a's top face), moving from
    // x = 4 to x = 0
    let mut b = Body {
        shape: Shape::Box(BoxShape::new([r(1, 2), r(1, 2), r(1, 2)])),
        pose: Pose::from_translation(Vec3::new(r(4, 1), r(0, 1), r(3, 2))),
        motion: Motion::Linear {
            velocity: Vec3::new(r(-4, 1), r(0, 1), r(0, 1)),
        },
    };
    *s.b_mut() = b.clone();
    let events = analytic(&s);
    let c = compare_raster(&s, &events, &raster(&s));
    assert_eq!(c.required, 8, "{c:?}");
    assert_eq!(c.matched, 8, "{c:?}");
    assert!(c.phantoms.is_empty() && c.misses.is_empty(), "{c:?}");
    // the raster also reports b's bottom corners gliding on the +z face at
    // its last sample, t = 1, where the analytic variant lists the onsets
    assert_eq!(c.grazes.len(), 4, "{c:?}");
    assert!(c
        .grazes
        .iter()
        .all(|g| g.starts_with("graze phantom") && g.contains("face +z") && g.contains("t = 1.0")));
    let mut empty = raster(&s);
    empty.outcome.events.clear();
    let c = compare_raster(&s, &events, &empty);
    assert_eq!((c.required, c.matched), (8, 0), "{c:?}");
    let (grazes, touches): (Vec<&String>, Vec<&String>) =
        c.grazes.iter().partition(|g| g.starts_with("graze miss"));
    assert_eq!(grazes.len(), 4, "{c:?}");
    assert!(grazes.iter().all(|g| g.contains("face +z")));
    assert!(grazes.iter().filter(|g| g.contains("t = 0.875")).count() == 2);
    // the leading corners reaching a's top edge with b's bottom face flush
    // on a's top face: every collision there has properness 0 and the
    // corner lies on a's edge, boundary touches (module docs of the rule)
    assert_eq!(touches.len(), 4, "{c:?}");
    assert!(touches.iter().all(|m| m.starts_with("boundary touch")
        && m.contains("t = 0.625")
        && !m.contains("face +z")));
    assert!(c.misses.is_empty() && c.phantoms.is_empty(), "{c:?}");
    // head on: b level with a's centre, so that its face meets a's +x face
    b.pose = Pose::from_translation(Vec3::new(r(4, 1), r(0, 1), r(0, 1)));
    *s.b_mut() = b;
    let events = analytic(&s);
    let c = compare_raster(&s, &events, &empty);
    assert!(c.required >= 1 && c.grazes.is_empty(), "{c:?}");
    assert_eq!(c.misses.len(), c.required);
}

/// `evaluate` runs the rule where glide applies (three resolutions, exact
/// reference) and not elsewhere.
#[test]
fn evaluate_runs_the_rule_where_glide_applies() {
    let options = SolveOptions::default();
    let s = generate(2026, 0, ScenarioClass::Raster);
    let e = evaluate(Some(&s), None, &options);
    let pixels: Vec<u32> = e.raster.iter().map(|r| r.pixels_per_edge).collect();
    assert_eq!(pixels, RASTER_PIXELS_PER_EDGE);
    assert!(e.raster.iter().all(|r| r.reference == ReferenceKind::Exact));
    // pixels halve as the resolution doubles
    assert!((e.raster[0].pixel - 2.0 * e.raster[1].pixel).abs() < 1e-12);
    let e = evaluate(
        Some(&generate(2026, 0, ScenarioClass::RationalRotation(2))),
        None,
        &options,
    );
    assert!(e.raster.is_empty(), "glide does not take rational motions");
}

/// A small fixed-seed campaign of the glide classes: the rule's counts per
/// resolution, in the summary and the report lines.
#[test]
fn a_small_campaign_of_glide_classes_counts_rule_8() {
    let config = CampaignConfig {
        cases: 24,
        seed: 2026,
        jobs: Some(1),
        shard: (1, 1),
        classes: vec![
            ScenarioClass::Raster,
            ScenarioClass::Rotation,
            ScenarioClass::Spin,
            ScenarioClass::Linear,
        ],
        out: None,
        precision: 64,
        shrink_budget: 0,
        budget: exactccd::WorkBudget::default(),
    };
    let (lines, summary) = run_campaign(&config).expect("runs");
    assert_eq!(lines.len(), 24);
    for resolution in ["glide-raster-6px", "glide-raster-12px", "glide-raster-24px"] {
        let k = summary.raster(resolution);
        println!("{resolution}: {k:?}");
        assert_eq!(k.compared + k.overlapping + k.failed, 24, "{resolution}");
        // grazes count missed tangential contacts and tangential phantoms
        assert!(k.matched + k.misses <= k.required, "{resolution}");
        // 6 linear, 6 rotation, 6 spin and 6 raster scenarios: 8 overlap at
        // t0 (1 linear, 2 rotation, 3 spin, 2 raster); 8 proper approaching
        // analytic collisions (6 linear, 2 rotation), all matched, at every
        // resolution, within 1e-12 in time
        assert_eq!(
            (k.compared, k.overlapping, k.failed),
            (16, 8, 0),
            "{resolution}"
        );
        assert_eq!((k.required, k.matched), (8, 8), "{resolution}");
        assert_eq!((k.misses, k.phantoms), (0, 0), "{resolution}");
        assert!(k.worst_dt < 1e-12, "{resolution}: {}", k.worst_dt);
    }
    assert_eq!(summary.findings("raster-resolution"), 0);
    let table = summary.table();
    println!("{table}");
    assert!(table.contains("glide-raster-24px: rule 8"));
    for l in &lines {
        assert_eq!(l.raster_runs.len(), 3, "{}", l.name);
    }
    // the JSON-lines report carries the rule's runs: the summary rebuilt
    // from the written lines (as `campaign merge` does) is the same
    let mut rebuilt = exactccd::campaign::Summary::default();
    for l in &lines {
        let text = serde_json::to_string(l).unwrap();
        assert!(text.contains("\"raster_runs\""), "{text}");
        rebuilt.add(&serde_json::from_str(&text).unwrap());
    }
    for resolution in ["glide-raster-6px", "glide-raster-12px", "glide-raster-24px"] {
        assert_eq!(rebuilt.raster(resolution), summary.raster(resolution));
    }
}

/// The former finding of the 400-scenario glide campaign (seed 2026,
/// `docs/CAMPAIGNS.md`), `raster-2026-91`, regenerated and loaded from its
/// file (`tests/raster_findings/`): `b` makes a half turn (`poses`) about
/// the world line `x = 5/2, y = 0` and its edge `(*,-,-)` meets `a`'s edge
/// `(+,-,*)` at `p = (7/6, 0, 1/4)` exactly at `t = t1 = 1`. Both turning
/// senses end at the same pose; the scenario's (the world screw of `b`'s
/// displacement, `+z`, which `Body::float_motion` and so rule 8 evaluate)
/// was not the one glide solved (decomposed in the frame of the static `a`,
/// `-z`). Under `-z` the contact at `t1` is a separation, which section
/// 4.2's culling leaves out by design, and the rule, judging approach under
/// `+z`, required it: the finding. Now glide turns `b` the world's way
/// (`relative.rs`, `world_half_turn_sense`): its one collision is the
/// approaching contact at `t1`, and the raster finds it at every
/// resolution.
///
/// Direct geometry, by hand: `b` turns about the vertical line through the
/// midpoint `P` of its start and end centres (`(5/2, -1/2)` generated,
/// `(5/2, 0)` in the shrunk file); under `+z` at angular speed `π` (per
/// unit time) its point at `p` moves with `v = π e_z x (p - P)` (`π (1/2,
/// -4/3, 0)` and `π (0, -4/3, 0)`). Against the analytic normal `n` (from
/// `a` to `b`) that is an approach (`v . n < 0`), and under `-z`, the same
/// velocity reversed, a separation. Section 4.2 at `p` under `+z`: `a`'s
/// face `+x` (normal `Ra e_x = (9, 12, -8)/17`) is backward (`v . n < 0`:
/// `b` runs into it), and of `b`'s faces at its edge (at `t1`, `R1 =
/// diag(-1, -1, 1) R0`) `-z` (`(-7, -6, -6)/11`) is forward: each edge
/// bounds a kept face part there, as the paper's claim for an approaching
/// proper edge-edge contact says (its normal lies in the cone of the two
/// face normals of each edge, so `v . n < 0` needs one of `a`'s faces at
/// the edge with `v . n_f < 0` and one of `b`'s with `v . m > 0`).
#[test]
fn the_glide_campaign_half_turn_contact_at_t1_is_no_longer_a_finding() {
    use exactccd::scenario::{load_scenario, LoadOptions};
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/raster_findings/raster-2026-91.json"
    );
    let loaded = load_scenario(
        std::path::Path::new(path),
        &LoadOptions::for_scalar(exactccd::contact::ScalarKind::Exact),
    )
    .expect("loads");
    let generated = generate(2026, 91, ScenarioClass::Raster);
    let dot = |a: [f64; 3], b: [f64; 3]| a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    for s in [generated, loaded] {
        // b's world motion at t1, by a backward difference: +z at speed π
        // about the vertical line through the midpoint of its centres
        let Motion::Poses { end } = &s.b().motion else {
            panic!("{:?}", s.b().motion)
        };
        let mid = |i: usize| {
            exactccd::scalar::rational_to_f64(&(&s.b().pose.translation[i] + &end.translation[i]))
                / 2.0
        };
        let p = [7.0 / 6.0, 0.0, 0.25];
        let pi = std::f64::consts::PI;
        let by_hand = [-pi * (p[1] - mid(1)), pi * (p[0] - mid(0)), 0.0];
        let motion = s.b().float_motion(&s.interval.0, &s.interval.1);
        let h = 1e-6;
        let (r1, c1) = motion.eval(1.0);
        let (r0, c0) = motion.eval(1.0 - h);
        let local = r1
            .transpose()
            .mul_vec(&Vec3::new(p[0] - c1.x, p[1] - c1.y, p[2] - c1.z));
        let (x1, x0) = (&r1.mul_vec(&local) + &c1, &r0.mul_vec(&local) + &c0);
        let v = [(x1.x - x0.x) / h, (x1.y - x0.y) / h, (x1.z - x0.z) / h];
        assert!(
            (0..3).all(|i| (v[i] - by_hand[i]).abs() < 1e-4),
            "{v:?} against {by_hand:?}"
        );
        // glide's one collision: the edges at p, exactly at t1, approaching
        let events = analytic(&s);
        let one = GlideTime::Exact(exactccd::poly::RealAlgebraic::from_integer(1));
        assert_eq!(events.len(), 1, "{events:?}");
        let e = &events[0];
        assert_eq!(
            (e.a.to_string(), e.b.to_string(), &e.time),
            ("edge (+,-,*)".to_string(), "edge (*,-,-)".to_string(), &one)
        );
        assert!((0..3).all(|i| (e.geometry.point[i] - p[i]).abs() < 1e-12));
        let properness = e.geometry.properness.unwrap();
        assert!(
            (properness - 0.245_575_617_469_969).abs() < 1e-9,
            "{properness}"
        );
        let n = e.geometry.normal.unwrap();
        assert!(dot(by_hand, n) < -0.1, "approaching under +z");
        assert!(dot(by_hand.map(|c| -c), n) > 0.1, "separating under -z");
        // section 4.2 at p under +z: each edge bounds a kept face part
        assert!(dot(by_hand, [9.0, 12.0, -8.0]) < 0.0, "a's +x backward");
        assert!(dot(by_hand, [-7.0, -6.0, -6.0]) > 0.0, "b's -z forward");
        // rule 8: required and matched at every resolution, no finding
        let ev = evaluate(Some(&s), None, &SolveOptions::default());
        assert!(ev.findings.is_empty(), "{:?}", ev.findings);
        assert_eq!(ev.raster.len(), RASTER_PIXELS_PER_EDGE.len());
        for record in &ev.raster {
            let RasterRunOutcome::Compared(c) = &record.outcome else {
                panic!("{record:?}")
            };
            assert_eq!((c.required, c.matched), (1, 1), "{c:?}");
            assert!(c.misses.is_empty() && c.phantoms.is_empty() && c.grazes.is_empty());
            assert!(c.worst_dt < 1e-9, "{c:?}");
        }
    }
}

/// Two former findings of the 2,100-scenario degenerate campaign (seed
/// 2026, `docs/CAMPAIGNS.md`), regenerated and loaded from their shrunk
/// files (`tests/raster_findings/`): two boxes with flush faces whose
/// corners meet (`contact-at-end`: at exactly `t1`; `flush-sliding`: at
/// `t = 5/58`; the shrunk `contact-at-end` file: an edge of `b` reaching
/// an edge of `a` along a flush face at `t = 1/6`). At each contact every
/// analytic collision at that instant and place has properness exactly 0
/// and there are several of them (a vertex on an edge or a vertex of the
/// other box): boundary touches, counted with the grazes, no finding, at
/// every resolution. Glide's exact answer is certified all the same.
#[test]
fn the_degenerate_campaign_boundary_touches_are_counted_not_findings() {
    let load = load_finding;
    for (s, at) in [
        (
            generate(2026, 236, ScenarioClass::ContactAtEnd),
            "t = 1.000000000",
        ),
        (
            generate(2026, 1368, ScenarioClass::FlushSliding),
            "t = 0.086206897",
        ),
        (load("contact-at-end-2026-236"), "t = 0.166666667"),
        (load("flush-sliding-2026-1368"), "t = 0.114942529"),
    ] {
        let name = s.name.clone().unwrap();
        let e = evaluate(Some(&s), None, &SolveOptions::default());
        assert!(e.findings.is_empty(), "{name}: {:?}", e.findings);
        assert_eq!(e.raster.len(), 3, "{name}");
        for run in &e.raster {
            let RasterRunOutcome::Compared(c) = &run.outcome else {
                panic!("{name}: {:?}", run.outcome)
            };
            assert!(
                c.misses.is_empty() && c.phantoms.is_empty(),
                "{name}: {c:?}"
            );
            let boundary: Vec<&String> = c
                .grazes
                .iter()
                .filter(|g| g.starts_with("boundary touch"))
                .collect();
            assert!(!boundary.is_empty(), "{name}: {c:?}");
            assert!(
                boundary.iter().all(|g| g.contains(at)),
                "{name}: {boundary:?}"
            );
            // every one of properness 0
            assert!(
                boundary
                    .iter()
                    .all(|g| g.ends_with("Some(0.0)") || g.ends_with("Some(-0.0)")),
                "{name}: {boundary:?}"
            );
        }
        let glide = e.runs.iter().find(|r| r.label() == "glide/exact").unwrap();
        assert_eq!(glide.verdict, Some(exactccd_oracle::Verdict::Certified));
    }
}

/// The boundary-touch classification is narrow: a corner of `b` driven
/// head on onto an edge of `a` at rest, at an angle, so that the
/// vertex-face pairs there are strictly proper (the corner enters `a`
/// across the edge), is required, and a raster answer emptied of it is a
/// miss (a finding), not a boundary touch. And the flush corner-corner
/// touch with the raster emptied: every required collision there is a
/// boundary touch, none a miss.
#[test]
fn only_contacts_of_properness_zero_on_a_face_boundary_are_boundary_touches() {
    let mut s = generate(1, 0, ScenarioClass::Linear);
    s.name = Some("corner on edge".into());
    s.interval = (r(0, 1), r(1, 1));
    s.expect = None;
    *s.a_mut() = cube(1, [0, 0, 0]);
    // b: a cube turned by the rational rotation (3/5, 4/5) about z and
    // (3/5, 4/5) about x, its lowest corner moving straight down onto the
    // middle of a's top edge x = 1, z = 1 (a vertex on an edge: several
    // collisions at one instant and place)
    let c = r(3, 5);
    let sn = r(4, 5);
    let z = r(0, 1);
    let o = r(1, 1);
    let rz = exactccd::geom::Mat3::from_rows([
        [c.clone(), -sn.clone(), z.clone()],
        [sn.clone(), c.clone(), z.clone()],
        [z.clone(), z.clone(), o.clone()],
    ]);
    let rx = exactccd::geom::Mat3::from_rows([
        [o.clone(), z.clone(), z.clone()],
        [z.clone(), c.clone(), -sn.clone()],
        [z.clone(), sn.clone(), c.clone()],
    ]);
    let rot = rz.mul_mat(&rx);
    let half = r(1, 2);
    let bshape = BoxShape::new([half.clone(), half.clone(), half.clone()]);
    // the corner of b with the least z, in b's frame
    let mut lowest = Vec3::new(half.clone(), half.clone(), half.clone());
    let mut best: Option<BigRational> = None;
    for sx in [-1, 1] {
        for sy in [-1, 1] {
            for sz in [-1, 1] {
                let v = Vec3::new(r(sx, 2), r(sy, 2), r(sz, 2));
                let w = rot.mul_vec(&v);
                if best.as_ref().is_none_or(|b| w.z < *b) {
                    best = Some(w.z.clone());
                    lowest = w;
                }
            }
        }
    }
    // place b so that at t = 1/2 its lowest corner is at (1, 0, 1)
    let start = Vec3::new(
        &r(1, 1) - &lowest.x,
        &r(0, 1) - &lowest.y,
        &r(2, 1) - &lowest.z,
    );
    *s.b_mut() = Body {
        shape: Shape::Box(bshape),
        pose: Pose::new(rot, start),
        motion: Motion::Linear {
            velocity: Vec3::new(r(0, 1), r(0, 1), r(-2, 1)),
        },
    };
    let events = analytic(&s);
    let at_half: Vec<&GlideEvent> = events
        .iter()
        .filter(|e| {
            e.time == GlideTime::Exact(exactccd::poly::RealAlgebraic::from_rational(r(1, 2)))
        })
        .collect();
    assert!(at_half.len() >= 2, "{events:?}");
    assert!(
        at_half
            .iter()
            .any(|e| e.geometry.properness.is_some_and(|p| p > 0.1)),
        "{at_half:?}"
    );
    let mut empty = raster(&s);
    let honest = compare_raster(&s, &events, &empty);
    assert!(
        honest.misses.is_empty() && honest.phantoms.is_empty(),
        "{honest:?}"
    );
    empty.outcome.events.clear();
    let c = compare_raster(&s, &events, &empty);
    assert!(c.required >= 1, "{c:?}");
    assert_eq!(c.misses.len(), c.required, "{c:?}");
    assert!(
        !c.grazes.iter().any(|g| g.starts_with("boundary touch")),
        "{c:?}"
    );
    // the flush corner-corner touch, raster emptied: grazes and boundary
    // touches only
    let s = generate(2026, 1368, ScenarioClass::FlushSliding);
    let events = analytic(&s);
    let mut empty = raster(&s);
    empty.outcome.events.clear();
    let c = compare_raster(&s, &events, &empty);
    assert_eq!(c.required, 12, "{c:?}");
    assert!(c.misses.is_empty() && c.phantoms.is_empty(), "{c:?}");
    // 8 of them tangential (grazes), the 4 head-on ones boundary touches
    assert_eq!(c.grazes.len(), c.required, "{c:?}");
    let touches: Vec<&String> = c
        .grazes
        .iter()
        .filter(|g| g.starts_with("boundary touch"))
        .collect();
    assert_eq!(touches.len(), 4, "{c:?}");
    assert!(
        touches.iter().all(|g| g.contains("t = 0.086206897")),
        "{c:?}"
    );
}

/// Two unit boxes, `b` sliding past the top face of `a` at a constant
/// velocity, a gap of `10^-k` apart (`tests/raster_findings/
/// linear-near-miss-1e-K.json`): every exact method says no contact and
/// the referee certifies it (distance's certificate too, its halving
/// resolving gaps down to `1e-12`). The raster, whose pixel is a sixth to a
/// twenty-fourth of an edge, sees the faces touch at gaps of `1e-9` and
/// `1e-12`: those answers are within its resolution of the certified truth,
/// so they are classified (near misses), not findings; at `1e-3` and `1e-6`
/// it sees nothing.
#[test]
fn a_raster_collision_within_its_resolution_of_a_near_miss_is_not_a_finding() {
    use exactccd::scenario::{load_scenario, LoadOptions};
    use exactccd_oracle::Verdict;
    for k in [3, 6, 9, 12] {
        let path = format!(
            "{}/tests/raster_findings/linear-near-miss-1e-{k}.json",
            env!("CARGO_MANIFEST_DIR")
        );
        let load = |scalar| {
            load_scenario(
                std::path::Path::new(&path),
                &LoadOptions::for_scalar(scalar),
            )
        };
        let exact = load(exactccd::contact::ScalarKind::Exact).expect("loads");
        let float = load(exactccd::contact::ScalarKind::F64).expect("loads");
        let e = evaluate(Some(&exact), Some(&float), &SolveOptions::default());
        assert!(e.findings.is_empty(), "1e-{k}: {:?}", e.findings);
        let truth = e.truth().expect("an exact answer");
        assert!(!truth.collides, "1e-{k}");
        let certified = e
            .runs
            .iter()
            .filter(|r| r.verdict == Some(Verdict::Certified))
            .count();
        assert_eq!(
            certified, 4,
            "1e-{k}: sgm, sat, glide and distance certified"
        );
        assert_eq!(e.raster.len(), 3, "1e-{k}");
        for r in &e.raster {
            let RasterRunOutcome::Compared(c) = &r.outcome else {
                panic!("1e-{k}: {r:?}")
            };
            assert_eq!((c.required, c.matched), (0, 0), "1e-{k}: {c:?}");
            assert!(
                c.misses.is_empty() && c.phantoms.is_empty(),
                "1e-{k}: {c:?}"
            );
            if k >= 9 {
                assert!(!c.near_misses.is_empty(), "1e-{k}: {c:?}");
                assert!(c.near_misses.iter().all(|m| m.starts_with("near miss")));
            } else {
                assert!(c.near_misses.is_empty(), "1e-{k}: {c:?}");
            }
        }
    }
}

/// The near-miss rule does not excuse a raster collision far from the
/// solids: the raster's collisions on the `1e-9` near miss, their places
/// moved two pixels up (off `a`'s top face by more than the `sqrt 3`
/// pixels of the place resolution), are phantoms beyond the resolution,
/// and the record of the run is a `raster-resolution` finding.
#[test]
fn a_raster_collision_beyond_its_resolution_of_a_near_miss_is_a_phantom() {
    use exactccd::scenario::{load_scenario, LoadOptions};
    let path = format!(
        "{}/tests/raster_findings/linear-near-miss-1e-9.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let truth = load_scenario(
        std::path::Path::new(&path),
        &LoadOptions::for_scalar(exactccd::contact::ScalarKind::Exact),
    )
    .expect("loads");
    let out = raster(&truth);
    // the referee certifies "no contact" (the test above)
    let apart = CertifiedContacts::default();
    let c = compare_raster_with_truth(&truth, &analytic(&truth), &out, Some(&apart));
    assert!(c.phantoms.is_empty() && !c.near_misses.is_empty(), "{c:?}");
    // without a certified truth, nothing is excused
    let c = compare_raster(&truth, &analytic(&truth), &out);
    assert!(c.near_misses.is_empty() && !c.phantoms.is_empty(), "{c:?}");
    // the raster's collisions moved by 2 pixels off both surfaces
    let mut lifted = out.clone();
    for e in &mut lifted.outcome.events {
        e.geometry.point[1] += 2.0 * out.resolution.pixel;
    }
    let c = compare_raster_with_truth(&truth, &analytic(&truth), &lifted, Some(&apart));
    assert!(c.near_misses.is_empty() && !c.phantoms.is_empty(), "{c:?}");
    let record = RasterRecord {
        pixels_per_edge: 12,
        pixel: out.resolution.pixel,
        time_resolution: out.resolution.time,
        reference: ReferenceKind::Exact,
        outcome: RasterRunOutcome::Compared(c.clone()),
        seconds: 0.0,
    };
    let findings = record.findings();
    assert_eq!(findings.len(), 1);
    assert_eq!(findings[0].kind, FindingKind::RasterResolution);
}

/// The `linear-near-miss` class: every scenario a certified miss (SGM, SAT,
/// glide and distance exact, all certified by the referee), with no rule-8
/// finding.
#[test]
fn generated_linear_near_misses_are_certified_misses_without_findings() {
    use exactccd_oracle::Verdict;
    for i in 0..6 {
        let s = generate(2026, i, ScenarioClass::LinearNearMiss);
        assert_eq!(s.expect.as_ref().and_then(|x| x.collides), Some(false));
        let e = evaluate(Some(&s), None, &SolveOptions::default());
        assert!(e.findings.is_empty(), "{i}: {:?}", e.findings);
        assert!(!e.truth().expect("an exact answer").collides, "{i}");
        let certified = e
            .runs
            .iter()
            .filter(|r| r.verdict == Some(Verdict::Certified))
            .count();
        assert_eq!(certified, 4, "{i}: sgm, sat, glide and distance");
        assert_eq!(e.raster.len(), 3, "{i}: glide applies");
    }
}

/// Rule 8 on `s`: no finding, and at every resolution the raster compared
/// with no miss and no phantom.
fn no_raster_finding(s: &Scenario) {
    let name = s.name.clone().unwrap_or_default();
    let e = evaluate(Some(s), None, &SolveOptions::default());
    assert!(e.findings.is_empty(), "{name}: {:?}", e.findings);
    assert_eq!(e.raster.len(), RASTER_PIXELS_PER_EDGE.len(), "{name}");
    for run in &e.raster {
        let RasterRunOutcome::Compared(c) = &run.outcome else {
            panic!("{name}: {:?}", run.outcome)
        };
        assert!(
            c.misses.is_empty() && c.phantoms.is_empty(),
            "{name}: {c:?}"
        );
    }
}

/// A shrunk former finding (`tests/raster_findings/NAME.json`), exact.
fn load_finding(name: &str) -> Scenario {
    use exactccd::scenario::{load_scenario, LoadOptions};
    let path = format!(
        "{}/tests/raster_findings/{name}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    load_scenario(
        std::path::Path::new(&path),
        &LoadOptions::for_scalar(exactccd::contact::ScalarKind::Exact),
    )
    .expect("loads")
}

/// The analytic collision of the edges `ea` of `a` and `eb` of `b`.
fn edge_event<'e>(events: &'e [GlideEvent], ea: &str, eb: &str) -> &'e GlideEvent {
    events
        .iter()
        .find(|e| e.a == ea && e.b == eb)
        .unwrap_or_else(|| panic!("no {ea} / {eb} in {events:?}"))
}

/// The former finding of the `solids` campaigns at reflex edges
/// (`docs/CAMPAIGNS.md`, findings history), regenerated (`solids-1-6`:
/// the raster missed `a`'s hole edge `6-14` against `b`'s edge at
/// `t = 0.729`, after the first contact at `0.611`) and loaded from its
/// shrunk file: the frame `a` (`|x|, |y| <= 3/4`, hole `|x|, |y| < 3/8`,
/// `|z| <= 2/3`, lifted by 1) at rest, the box `b` (half extents
/// `(1, 2, 1)`) from `(1, -3, 4)` at velocity `(-1, 1, -3)`, in `a`
/// from `t = 4/9`. At `t = 5/8` `b`'s bottom edge `(*,+,-)` (along `x`,
/// at `y = -3 + 5/8 + 2 = -3/8`, `z = 4 - 15/8 - 1 = 9/8`) leaves `a`'s
/// material into the hole through the face `y = -3/8`, crossing the
/// hole's vertical edges `4-12` and `5-13` at `x = ∓3/8`. Both are
/// reflex (faces `x = ±3/8` and `y = -3/8`, normals into the hole), and
/// near them `a` is the union of the half-spaces `x <= 3/8` (resp.
/// `x >= -3/8`) and `y >= -3/8`: `b`'s edge is inside `a` on both sides
/// of the crossing, an improper collision. Equation (7) of Buss's
/// section 5 read the two normals as a convex wedge's and gave
/// properness 0 with the normal `-y` (into `a`'s material), so rule 8
/// required it as an approach, while the raster, by section 4.2, culled
/// both of `a`'s faces at `5-13` (forward: `b` moves along both normals,
/// `+y` away from the face `y = -3/8` and `-x` away from `x = 3/8`).
/// Now the half-spaces' terms give `-1` by hand (the contact plane
/// `y = -3/8` is perpendicular to the face `x = ±3/8`, which rises
/// through it), with the normal `+y` out of `a`'s material.
#[test]
fn the_solids_campaign_reflex_edge_crossings_are_improper() {
    let s = load_finding("solids-1-6");
    let crossings =
        [("edge 4-12", -0.375), ("edge 5-13", 0.375)].map(|(edge, x)| (edge, [x, -0.375, 1.125]));
    for e in improper_crossings(&s, "edge (*,+,-)", r(5, 8), &crossings) {
        let n = e.geometry.normal.unwrap();
        assert!((n[1] - 1.0).abs() < 1e-12, "out of a into the hole: {n:?}");
    }
    no_raster_finding(&s);
    no_raster_finding(&generate(1, 6, ScenarioClass::Solids));
}

/// The analytic events of `b`'s edge `other` crossing each of `a`'s
/// `crossings` (edge, point), asserted at time `at`, at that point, with
/// properness `-1`.
fn improper_crossings(
    s: &Scenario,
    other: &str,
    at: BigRational,
    crossings: &[(&str, [f64; 3])],
) -> Vec<GlideEvent> {
    let events = analytic(s);
    let at = GlideTime::Exact(exactccd::poly::RealAlgebraic::from_rational(at));
    crossings
        .iter()
        .map(|(edge, want)| {
            let e = edge_event(&events, edge, other);
            assert_eq!(e.time, at, "{edge}");
            assert!(
                (0..3).all(|i| (e.geometry.point[i] - want[i]).abs() < 1e-12),
                "{e:?}"
            );
            assert_eq!(e.geometry.properness, Some(-1.0), "{e:?}");
            e.clone()
        })
        .collect()
}

/// The former finding of the `solids` campaigns at flat edges
/// (`docs/CAMPAIGNS.md`, findings history), regenerated (`solids-1-18`:
/// missed collisions of `a`'s edge `0-1` with `b`'s flat edge `8-12`,
/// properness -0.099, and of `a`'s `4-5` with `b`'s reflex edge `4-12`,
/// 0.54) and loaded from its shrunk file: the
/// frame `a` (`|x|, |y| <= 5/4`, hole `|x|, |y| < 15/16`, `|z| <= 1/4`)
/// at rest, the frame `b` (`|x|, |y| <= 9/4`, hole `< 27/16`,
/// `|z| <= 2/3`) from `(0, 4, -1)` at velocity `(0, -12, 2)`. At
/// `t = 7/24` `b`'s top face reaches `a`'s top plane `z = 1/4` from below
/// (`-1 + 7/12 + 2/3`), while `b` already overlaps `a` (from `t = 1/24`),
/// and `b`'s top inner edge `12-13` (along `x`, between its top face and
/// its hole face `+y`) lies in that plane, crossing `a`'s top diagonals
/// `8-12` and `9-13`: flat edges between two coplanar quads (normals
/// `+z`), where `a` is the half-space `z <= 1/4`. Both solids lie below
/// the plane there: improper. Equation (7)'s terms at a flat edge are
/// `-|(n × e) . N|` = 0 for either sign of `n`, so `b`'s terms chose
/// `n = -z` (`a` above `b`): properness 0 and an "approach" (`b` moves
/// `+z`), which the raster, culling `a`'s top faces (forward: `b` leaves
/// through them), could not see. Now `a`'s half-space needs `n . N >= 0`
/// (else `-1`), and with `n = +z` `b`'s hole face stands across the plane
/// on `a`'s side (`b`'s term `-1`): `-1` by hand.
#[test]
fn the_solids_campaign_flat_edge_crossings_keep_the_solids_sides() {
    let s = load_finding("solids-1-18");
    let crossings =
        [("edge 8-12", -1.1875), ("edge 9-13", 1.1875)].map(|(edge, x)| (edge, [x, -1.1875, 0.25]));
    improper_crossings(&s, "edge 12-13", r(7, 24), &crossings);
    no_raster_finding(&s);
    no_raster_finding(&generate(1, 18, ScenarioClass::Solids));
}

/// The former finding of the `solids` campaign at a hole's corner
/// (`docs/CAMPAIGNS.md`, findings history), from its shrunk file
/// (`solids-17-273`): the frame `a` (`|x|, |y| <= 3/4`, hole
/// `|x|, |y| < 3/8`, `|z| <= 1`, top and bottom each two hexagons) turned
/// by the rotation with rows `(1, -2, 2)/3, (2, -1, -2)/3, (2, 2, 1)/3` and
/// lifted by `(0, 1, 0)`, at rest; the frame `b` (`|x|, |y| <= 2`) from
/// `(4, 5, 0)` at velocity `(-5, -1, 0)`. At `t = 23/24` `a`'s vertex 5,
/// the hole's bottom corner `(3/8, -3/8, -1)` (world
/// `(-7/24, 49/24, -1/3)`), crosses `b`'s outer face 8 (`y = 3 - t`,
/// normal `-y`). Its three edges all point away from the face (world `y`
/// components `-2/3, -1/3, -2/3`), so section 5's `min e_i . n` gave
/// `1/3` and rule 8 required the crossing; but the bottom hexagon's
/// corner there is reflex (270°) and reaches through the face's plane:
/// along the local `(1, -1, 0)`, world `(1, 1, 0)/sqrt 2`, `a`'s material
/// lies beyond the plane. The raster, by section 4.2, culls all three of
/// `a`'s faces at that vertex (forward: `b` moves along their normals),
/// so it never met the vertex. The properness over the solid's cone is
/// the least `d . n` over the bottom face's corner, `-|P n|` for the
/// projection `P` of `n = (0, -1, 0)` onto that face's plane (unit normal
/// `(-2, 2, -1)/3`): `-sqrt 5 / 3` by hand.
#[test]
fn the_solids_campaign_hole_corner_crossing_is_improper() {
    let s = load_finding("solids-17-273");
    let events = analytic(&s);
    let at = GlideTime::Exact(exactccd::poly::RealAlgebraic::from_rational(r(23, 24)));
    let e = events
        .iter()
        .find(|e| e.a == "vertex 5" && e.b == "face 8")
        .unwrap_or_else(|| panic!("no vertex 5 / face 8 in {events:?}"));
    assert_eq!(e.time, at);
    let want = [-7.0 / 24.0, 49.0 / 24.0, -1.0 / 3.0];
    assert!(
        (0..3).all(|i| (e.geometry.point[i] - want[i]).abs() < 1e-12),
        "{e:?}"
    );
    let p = e.geometry.properness.expect("a vertex-face properness");
    assert!((p + 5f64.sqrt() / 3.0).abs() < 1e-12, "{e:?}");
    no_raster_finding(&s);
}
