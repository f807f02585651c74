//! One pair of boxes and triangles under rational motions, solved with the
//! separating-axis method, and the scenario type that every part of the SAT
//! solver shares. The front door (`solve.rs`) and its helpers for
//! angular motions (`angular.rs`) and meshes (`mesh.rs`) all call down here.
//!
//! * Pairs: box-box, box-triangle (either order; a `(triangle, box)` pair is
//!   solved as `(box, triangle)` and mirrored back), triangle-triangle.
//! * `static` and `linear` motions of both bodies: the constant-velocity
//!   method of the paper (`constant_velocity.rs`), exact rational times.
//! * `rational` and rigid `row_matrix` motions (with `static` or `linear`
//!   for the other body): the exact piecewise-polynomial scheme of
//!   `rational_motion.rs` in the frame of the first body. A non-rigid
//!   (affine) motion is not applicable: the separating axes need rigid
//!   bodies.
#![deny(clippy::float_arithmetic)]

use super::box_box::{box_box_axis_direction, BoxBoxTable};
use super::box_contact_f64::{box_contact_f64, PlacedBox};
use super::constant_velocity::{find_contact, ConstantVelocityContact};
use super::features::{classify, contact_point, ContactFeatures};
use super::float::{growing_tolerances, unit_f64, zero_tolerance};
use super::projection::{pair_axes, pair_projections, Placed, Solid};
use super::rational_motion::{rational_motion_contact, RigidPair};
use super::triangle_box::{eberly_edges, triangle_box_axis_direction, TriangleBoxTable};
use super::triangle_triangle::TriangleTriangleTable;
use super::{
    AxisCertificate, Certificate, CertificateFrame, SatOutcome, SatStats, SeparationPiece, Side,
};
use crate::budget;
use crate::geom::{BoxShape, Feature, Mat3, MatrixEntry, Obb, Shape, Triangle, Vec3};
use crate::motion::{Body, Motion, PolyMotion};
use crate::poly::{Poly, RealRoots};
use crate::scalar::{BigRational, Ring, Scalar, Sign};
use crate::Error;

/// A scenario for the SAT solver: two bodies and the time interval.
#[derive(Clone, Copy, Debug)]
pub struct SatScenario<'a> {
    /// The first body.
    pub a: &'a Body,
    /// The second body.
    pub b: &'a Body,
    /// `[t0, t1]`.
    pub interval: (&'a BigRational, &'a BigRational),
}

fn is_box(body: &Body) -> bool {
    matches!(body.shape, Shape::Box(_))
}

/// A pair of boxes and triangles under rational motions.
pub(crate) fn solve_sat_pair<S: RealRoots>(
    scenario: &SatScenario<'_>,
) -> Result<SatOutcome<S>, Error> {
    in_canonical_order(scenario, solve_canonical::<S>)
}

/// Runs `solve` on the pair in the paper's canonical order, the box first (a
/// contract pair `(triangle, box)` is solved as `(box, triangle)`), and
/// mirrors the answer back.
pub(crate) fn in_canonical_order<S: RealRoots>(
    scenario: &SatScenario<'_>,
    solve: impl FnOnce(&SatScenario<'_>) -> Result<SatOutcome<S>, Error>,
) -> Result<SatOutcome<S>, Error> {
    let (a, b) = (scenario.a, scenario.b);
    if !is_box(a) && is_box(b) {
        let swapped = SatScenario {
            a: b,
            b: a,
            interval: scenario.interval,
        };
        return solve(&swapped).map(mirror);
    }
    solve(scenario)
}

fn mirror<S: RealRoots>(mut out: SatOutcome<S>) -> SatOutcome<S> {
    out.features = out.features.map(|f| f.mirrored());
    out.normal = out.normal.map(super::float::negated);
    out
}

fn constant_velocity(motion: &Motion) -> Option<Vec3<BigRational>> {
    match motion {
        Motion::Static => Some(Vec3::zero()),
        Motion::Linear { velocity } => Some(velocity.clone()),
        _ => None,
    }
}

fn solve_canonical<S: RealRoots>(sc: &SatScenario<'_>) -> Result<SatOutcome<S>, Error> {
    match (
        constant_velocity(&sc.a.motion),
        constant_velocity(&sc.b.motion),
    ) {
        (Some(va), Some(vb)) => Ok(solve_constant_velocity::<S>(sc, &va, &vb)),
        _ => solve_rational_motion::<S>(sc),
    }
}

/// The world solid of a body at `t = 0` plus its velocity.
fn world_placed<S: Scalar>(body: &Body) -> Placed<S> {
    let pose = crate::geom::Pose::<S>::from_rational(&body.pose);
    match &body.shape {
        Shape::Box(bx) => Placed::boxed(
            pose.translation.clone(),
            std::array::from_fn(|i| pose.rotation.col(i)),
            bx.half_extents.clone().map(|e| S::from_rational(&e)),
            S::one(),
        ),
        Shape::Triangle(t) => Placed::triangle(
            t.vertices
                .each_ref()
                .map(|v| pose.apply_point(&Vec3::from_rational(v))),
            S::one(),
        ),
        Shape::Mesh(_) | Shape::Sphere(_) | Shape::Capsule(_) | Shape::Convex(_) => {
            unreachable!("meshes are solved by mesh.rs")
        }
    }
}

fn translated<S: Scalar>(p: &Placed<S>, by: &Vec3<S>) -> Placed<S> {
    match &p.solid {
        Solid::Box {
            center,
            axes,
            half_extents,
        } => Placed::boxed(
            center + by,
            axes.clone(),
            half_extents.clone(),
            p.scale.clone(),
        ),
        Solid::Triangle { vertices, .. } => {
            Placed::triangle(vertices.each_ref().map(|v| v + by), p.scale.clone())
        }
    }
}

fn as_obb<S: Scalar>(p: &Placed<S>) -> Obb<S> {
    match &p.solid {
        Solid::Box {
            center,
            axes,
            half_extents,
        } => Obb {
            center: center.clone(),
            axes: axes.clone(),
            half_extents: half_extents.clone(),
        },
        Solid::Triangle { .. } => unreachable!("a box"),
    }
}

fn as_triangle<S: Scalar>(p: &Placed<S>) -> Triangle<S> {
    match &p.solid {
        Solid::Triangle { vertices, .. } => Triangle {
            vertices: vertices.clone(),
        },
        Solid::Box { .. } => unreachable!("a triangle"),
    }
}

fn poly_vec<S: Scalar>(v: &Vec3<S>) -> [Poly<S>; 3] {
    v.clone().into_array().map(Poly::constant)
}

fn solve_constant_velocity<S: RealRoots>(
    sc: &SatScenario<'_>,
    va: &Vec3<BigRational>,
    vb: &Vec3<BigRational>,
) -> SatOutcome<S> {
    let t0 = S::from_rational(sc.interval.0);
    let t1 = S::from_rational(sc.interval.1);
    let pa = world_placed::<S>(sc.a);
    let pb = world_placed::<S>(sc.b);
    solve_placed(
        pa,
        pb,
        &Vec3::from_rational(va),
        &Vec3::from_rational(vb),
        &t0,
        &t1,
    )
}

/// Two solids placed at `t = 0` moving at constant velocities `va`, `vb`
/// over `[t0, t1]` (positions `C + t V`): the constant-velocity method.
pub(crate) fn solve_placed<S: RealRoots>(
    pa: Placed<S>,
    pb: Placed<S>,
    va: &Vec3<S>,
    vb: &Vec3<S>,
    t0: &S,
    t1: &S,
) -> SatOutcome<S> {
    let (t0, t1) = (t0.clone(), t1.clone());
    let w = vb - va;
    let found: ConstantVelocityContact<S>;
    let direction: Box<dyn Fn(super::Axis) -> Vec3<S>>;
    match (pa.is_box(), pb.is_box()) {
        (true, true) => {
            let (oa, ob) = (as_obb(&pa), as_obb(&pb));
            found = find_contact(BoxBoxTable::new(&oa, &ob, w.clone()).table1(), &t0, &t1);
            let w2 = w.clone();
            direction = Box::new(move |ax| box_box_axis_direction(&oa, &ob, &w2, ax));
        }
        (true, false) => {
            let (oa, tb) = (as_obb(&pa), as_triangle(&pb));
            found = find_contact(
                TriangleBoxTable::new(&oa, &tb, w.clone()).table3(),
                &t0,
                &t1,
            );
            direction = Box::new(move |ax| triangle_box_axis_direction(&oa, &tb, ax));
        }
        _ => {
            let (ta, tb) = (as_triangle(&pa), as_triangle(&pb));
            let table = TriangleTriangleTable::new(&ta, &tb, w.clone());
            found = find_contact(table.intervals(), &t0, &t1);
            direction = Box::new(move |ax| table.direction(ax));
        }
    }
    let cert = |ax: &super::AxisInterval<S>, side: Side| {
        let (c, slope) = ax.gap(side);
        AxisCertificate {
            axis: ax.axis,
            side,
            frame: CertificateFrame::World,
            direction: poly_vec(&direction(ax.axis)),
            gaps: vec![Poly::from_coeffs(vec![c, slope])],
            abs_terms: Vec::new(),
        }
    };
    let separation: Vec<SeparationPiece<S>> = found
        .pieces
        .iter()
        .map(|p| SeparationPiece {
            start: p.start.clone(),
            end: (!p.ends_at_contact).then(|| p.end.clone()),
            axis: cert(&p.axis, p.side),
        })
        .collect();
    let last_axis = found
        .last_separating
        .as_ref()
        .map(|(ax, side)| cert(ax, *side));
    let time_polynomial = last_axis.as_ref().map(|c| c.gaps[0].clone());
    let mut out = SatOutcome {
        collides: found.collides(),
        initially_overlapping: found.first_time() == Some(&t0),
        first_contact: found.first_time().map(S::root_of_value),
        contact_intervals: found
            .interval
            .iter()
            .map(|(x, y)| (S::root_of_value(x), S::root_of_value(y)))
            .collect(),
        features: None,
        point: None,
        exact_point: None,
        normal: None,
        certificate: Certificate {
            separation,
            last_axis,
            time_polynomial,
        },
        stats: SatStats {
            axes: found.axes_evaluated,
            ..SatStats::default()
        },
    };
    if let Some(t) = found.first_time() {
        // the configuration at the first time, exactly for exact scalars
        let wa = va.scale(t);
        let wb = vb.scale(t);
        let (ca, cb) = (translated(&pa, &wa), translated(&pb, &wb));
        let preferred = found.last_separating.as_ref().map(|(ax, _)| ax.axis);
        let scale = size_of(&ca).add_ref(&size_of(&cb));
        let tolerances = (
            zero_tolerance(&scale.mul_ref(&scale)),
            zero_tolerance(&scale),
        );
        if let Some(details) = contact_at(&ca, &cb, preferred, &tolerances) {
            out.normal = details.normal;
            out.exact_point = details.point;
            out.point = out.exact_point.as_ref().map(|p| p.to_f64().into_array());
            out.features = Some(details.features);
        }
    }
    out
}

/// What [`contact_at`] finds of two solids placed at the first time of
/// contact.
pub(crate) struct ContactAt<S> {
    /// The touching features and the axis of the normal.
    pub features: ContactFeatures,
    /// The unit normal from `a` to `b`.
    pub normal: Option<[f64; 3]>,
    /// A point common to both features.
    pub point: Option<Vec3<S>>,
}

/// The features, normal and point of two solids placed at the first time
/// of contact (Eberly, "Dynamic Collision Detection using Oriented
/// Bounding Boxes", sections 2.3.2, 3.3.2 and 4.3.2: `features.rs`), the
/// normal from `preferred` when it is tight. `tolerances` are the absolute
/// tolerances of the signs of the projections and of the point's tests
/// (zero for exact scalars). `None` when no axis is tight.
pub(crate) fn contact_at<S: crate::scalar::FieldScalar>(
    ca: &Placed<S>,
    cb: &Placed<S>,
    preferred: Option<super::Axis>,
    (tol, point_tol): &(S, S),
) -> Option<ContactAt<S>> {
    let projections = pair_projections(ca, cb);
    let features = classify(
        &projections,
        ca.is_box(),
        cb.is_box(),
        preferred,
        |x: &S| tolerant_sign(x, tol),
        (ca.triangle_normal(), cb.triangle_normal()),
    )?;
    let dir = pair_axes(ca, cb)
        .into_iter()
        .find(|(ax, _)| *ax == features.axis)
        .map(|(_, l)| {
            if features.side == Side::Positive {
                l
            } else {
                -l
            }
        });
    let (normal, point) = match dir {
        Some(dir) => (
            unit_f64(&dir.to_f64()),
            contact_point(ca, cb, &features, &dir, point_tol),
        ),
        None => (None, None),
    };
    Some(ContactAt {
        features,
        normal,
        point,
    })
}

/// The features, unit normal and point (world, `f64`) of a first contact.
pub(crate) struct ContactDetailsF64 {
    /// The features of `a` and `b`.
    pub features: (Feature, Feature),
    /// The unit normal from `a` to `b`.
    pub normal: Option<[f64; 3]>,
    /// A point of contact.
    pub point: Option<[f64; 3]>,
}

/// The features, unit normal and point (world, `f64`) of a first contact
/// that an `f64` search found by its time alone (the `f64` time cells under
/// turning motions), from the two boxes or triangles placed at that time by
/// `poses` (each local to world). Two boxes meeting at a vertex or at two
/// crossing edges: `box_contact_f64` (no allocation). Otherwise
/// [`contact_at`] with the least of the tolerances [`growing_tolerances`]
/// (from `1e-9` of the scale, squared for the projections, up by factors of
/// 16 to about `1e-3`) at which an axis is tight. The time is within the
/// search's resolution of the contact, not exact, so the solids there may
/// be a little apart or a little into each other. `None` for other solids,
/// or when no axis is tight within those tolerances.
pub(crate) fn contact_details_f64(
    a: &Body,
    b: &Body,
    poses: (&crate::motion::Affine<f64>, &crate::motion::Affine<f64>),
) -> Option<ContactDetailsF64> {
    if let (Shape::Box(ba), Shape::Box(bb)) = (&a.shape, &b.shape) {
        let placed = |bx: &BoxShape<BigRational>,
                      (rotation, translation): &crate::motion::Affine<f64>| {
            PlacedBox {
                centre: translation.clone().into_array(),
                axes: std::array::from_fn(|i| rotation.col(i).into_array()),
                half_extents: bx.half_extents.each_ref().map(Scalar::to_f64),
            }
        };
        let found = box_contact_f64(&placed(ba, poses.0), &placed(bb, poses.1))?;
        if found.point.is_some() {
            return Some(ContactDetailsF64 {
                features: found.features,
                normal: Some(found.normal),
                point: found.point,
            });
        }
    }
    if !is_box(a) && is_box(b) {
        let swapped = contact_details_f64(b, a, (poses.1, poses.0))?;
        return Some(ContactDetailsF64 {
            features: (swapped.features.1, swapped.features.0),
            normal: swapped.normal.map(super::float::negated),
            point: swapped.point,
        });
    }
    let (ca, cb) = (placed_f64(a, poses.0)?, placed_f64(b, poses.1)?);
    let scale = size_of(&ca).add_ref(&size_of(&cb));
    let found =
        growing_tolerances(scale).find_map(|tolerances| contact_at(&ca, &cb, None, &tolerances))?;
    Some(ContactDetailsF64 {
        features: (found.features.a, found.features.b),
        normal: found.normal,
        point: found.point.map(Vec3::into_array),
    })
}

/// A box or a triangle placed by `pose` (local to world), in `f64`.
fn placed_f64(
    body: &Body,
    (rotation, translation): &crate::motion::Affine<f64>,
) -> Option<Placed<f64>> {
    let one = <f64 as MatrixEntry>::entry_one();
    match &body.shape {
        Shape::Box(bx) => Some(Placed::boxed(
            translation.clone(),
            std::array::from_fn(|i| rotation.col(i)),
            bx.half_extents.each_ref().map(Scalar::to_f64),
            one,
        )),
        Shape::Triangle(t) => Some(Placed::triangle(
            t.vertices
                .each_ref()
                .map(|v| translation + &rotation.mul_vec(&Vec3::from_rational(v))),
            one,
        )),
        _ => None,
    }
}

fn tolerant_sign<S: Scalar>(x: &S, tol: &S) -> Sign {
    if *x > *tol {
        Sign::Positive
    } else if *x < -tol.clone() {
        Sign::Negative
    } else {
        Sign::Zero
    }
}

/// A size of the solid (the max-norm of its generators), for tolerances.
fn size_of<S: Scalar>(p: &Placed<S>) -> S {
    match &p.solid {
        Solid::Box {
            center,
            axes,
            half_extents,
        } => axes
            .iter()
            .zip(half_extents)
            .fold(center.max_abs(), |acc, (ax, e)| {
                acc.add_ref(&ax.max_abs().mul_ref(&e.abs()))
            }),
        Solid::Triangle { vertices, .. } => vertices
            .iter()
            .fold(S::zero(), |acc, v| acc.max_of(v.max_abs())),
    }
}

pub(crate) fn rigid_motion<S: Scalar>(
    body: &Body,
    name: &str,
    t0: &BigRational,
) -> Result<PolyMotion<BigRational>, Error> {
    let m = PolyMotion::from_body_on(body, t0).ok_or_else(|| {
        Error::not_applicable(format!("sat: body {name}: motion is not rational"))
    })?;
    budget::check()?;
    let rigid = if S::IS_EXACT {
        m.is_rigid()
    } else {
        super::float::is_nearly_rigid(&m)
    };
    if !rigid {
        return Err(Error::not_applicable(format!(
            "sat: body {name} has a non-rigid (affine) `{}` motion; separating axes need rigid bodies",
            body.motion.kind_name()
        )));
    }
    Ok(m)
}

/// `b` in the frame of `a` as polynomial solids (rational_motion.rs docs).
fn rigid_pair<S: RealRoots>(
    sc: &SatScenario<'_>,
) -> Result<(RigidPair<S>, [PolyMotion<BigRational>; 2]), Error> {
    let t0 = sc.interval.0;
    let ma = rigid_motion::<S>(sc.a, "a", t0)?;
    budget::check()?;
    let mb = rigid_motion::<S>(sc.b, "b", t0)?;
    budget::check()?;
    let rel = mb.relative_to(&ma, t0).map_scalar::<S>();
    budget::check()?;
    let c = |x: &BigRational| Poly::constant(S::from_rational(x));
    let local_a: Placed<Poly<S>> = match &sc.a.shape {
        Shape::Box(bx) => Placed::boxed(
            Vec3::zero(),
            std::array::from_fn(Vec3::unit),
            bx.half_extents.each_ref().map(c),
            Poly::constant(S::one()),
        ),
        Shape::Triangle(t) => Placed::triangle(
            t.vertices.each_ref().map(|v| v.map(c)),
            Poly::constant(S::one()),
        ),
        Shape::Mesh(_) | Shape::Sphere(_) | Shape::Capsule(_) | Shape::Convex(_) => {
            unreachable!("checked")
        }
    };
    let l: &Mat3<Poly<S>> = &rel.linear;
    let moved = |y: &Vec3<Poly<S>>| l.mul_vec(y) + &rel.translation;
    let moving_b: Placed<Poly<S>> = match &sc.b.shape {
        Shape::Box(bx) => Placed::boxed(
            rel.translation.clone(),
            std::array::from_fn(|j| l.col(j)),
            bx.half_extents.each_ref().map(c),
            rel.denominator.clone(),
        ),
        Shape::Triangle(t) => {
            let local = Triangle {
                vertices: t.vertices.each_ref().map(|v| Vec3::<S>::from_rational(v)),
            };
            let e = eberly_edges(&local);
            let n = e[0].cross(&e[1]);
            let lift = |v: &Vec3<S>| v.map(|x| Poly::constant(x.clone()));
            Placed {
                solid: Solid::Triangle {
                    vertices: local.vertices.each_ref().map(|v| moved(&lift(v))),
                    edges: e.each_ref().map(|v| l.mul_vec(&lift(v))),
                    normal: l.mul_vec(&lift(&n)),
                },
                scale: rel.denominator.clone(),
            }
        }
        Shape::Mesh(_) | Shape::Sphere(_) | Shape::Capsule(_) | Shape::Convex(_) => {
            unreachable!("checked")
        }
    };
    Ok((
        RigidPair {
            a: local_a,
            b: moving_b,
        },
        [ma, mb],
    ))
}

/// The world solid of a body at an `f64` time (for the printed point and
/// normal).
fn world_at_f64(body: &Body, motion: &PolyMotion<BigRational>, t: f64) -> Placed<f64> {
    let pose = motion.map_scalar::<f64>().pose_at(&t);
    placed_f64(body, &(pose.rotation, pose.translation)).expect("a box or a triangle: checked")
}

fn solve_rational_motion<S: RealRoots>(sc: &SatScenario<'_>) -> Result<SatOutcome<S>, Error> {
    let (pair, [ma, mb]) = rigid_pair::<S>(sc)?;
    let t0 = S::from_rational(sc.interval.0);
    let t1 = S::from_rational(sc.interval.1);
    let (found, projections) = rational_motion_contact(&pair, &t0, &t1)
        .map_err(|e| Error::limit_exceeded(format!("sat: {e}")))?;
    let first = found.intervals.first().map(|(lo, _)| lo.clone());
    let r0 = S::root_of_value(&t0);
    let last_axis = found.last_axis.map(|(k, side)| {
        let ax = &projections[k];
        AxisCertificate {
            axis: ax.axis,
            side,
            frame: CertificateFrame::LocalA,
            direction: ax.direction.clone().into_array(),
            gaps: ax.gaps(side),
            abs_terms: ax.abs_terms(),
        }
    });
    let mut out = SatOutcome {
        collides: first.is_some(),
        initially_overlapping: first.as_ref() == Some(&r0),
        first_contact: first.clone(),
        contact_intervals: found.intervals.clone(),
        features: None,
        point: None,
        exact_point: None,
        normal: None,
        certificate: Certificate {
            separation: found.pieces.clone(),
            last_axis,
            time_polynomial: found.time_polynomial.clone(),
        },
        stats: found.stats.clone(),
    };
    if let Some(t) = &first {
        let preferred = found.last_axis.map(|(k, _)| projections[k].axis);
        let feats = classify(
            &projections,
            pair.a.is_box(),
            pair.b.is_box(),
            preferred,
            |p: &Poly<S>| S::sign_at_root(p, t),
            (pair.a.triangle_normal(), pair.b.triangle_normal()),
        );
        if let Some(f) = &feats {
            let tf = S::root_to_f64(t);
            let wa = world_at_f64(sc.a, &ma, tf);
            let wb = world_at_f64(sc.b, &mb, tf);
            let dir = pair_axes(&wa, &wb)
                .into_iter()
                .find(|(ax, _)| *ax == f.axis)
                .map(|(_, l)| if f.side == Side::Positive { l } else { -l });
            if let Some(dir) = dir {
                out.normal = unit_f64(&dir);
                let tol = zero_tolerance(&size_of(&wa).add_ref(&size_of(&wb)));
                out.point = contact_point(&wa, &wb, f, &dir, &tol).map(Vec3::into_array);
            }
        }
        out.features = feats;
    }
    Ok(out)
}
