//! Differential rule 8: glide's raster variant within its resolution of the
//! analytic variant: the rasterised answers must lie within the resolution
//! of the analytic ones (time within the time resolution, place within a
//! pixel), and any miss or phantom beyond that is reported with its
//! scenario.
//!
//! Where glide applies (boxes and meshes under translations, `poses` and
//! `screw` motions), the analytic variant lists every vertex-face and
//! edge-edge collision of the step (exactly where it can: rational times
//! for translations, certified enclosures for rotations and general
//! screws; in `f64` otherwise), and the raster variant (Buss, "Collision Detection with Glide Rotations", sections
//! 7 to 9; `src/solver/glide/raster/`) runs at three resolutions,
//! [`RASTER_PIXELS_PER_EDGE`] pixels along a typical short edge (the paper's
//! low, medium and high resolutions, section 9.1) with the default time
//! resolution ([`DEFAULT_TIME_RESOLUTION`] of the step). The two lists are
//! matched as in `tests/glide_raster.rs`:
//!
//! * an analytic collision is **required** when it is proper (properness
//!   at least the raster's threshold, -0.1: section 9 discards the others;
//!   at flat and reflex edges of non-convex meshes from the faces'
//!   half-spaces, `solver::glide::edge_properness`, so crossings at flat
//!   edges are required like any other; at non-convex vertices over the
//!   solid's cone, `solver::glide::solid_vertex_properness`)
//!   and `b` approaches `a` there (the velocity of `b`'s material point
//!   relative to `a`, against the normal from `a` to `b`: the raster culls
//!   the backward faces of `b` and the forward faces of `a`, section 4.2,
//!   so separations are not its to find); an edge-edge collision at the
//!   instant and place of vertex-face collisions (a vertex of one solid on
//!   an edge or vertex of the other, where the edge-edge equation gives a
//!   boundary properness of 0) is a vertex contact, which section 5
//!   resolves into the vertex-face pair of greatest properness, as the
//!   raster does: it is required only when one of those pairs is proper;
//! * a required collision is **matched** by a raster collision whose time
//!   is within the time resolution and whose place is within `sqrt 3`
//!   pixels (the diagonal of a pixel cube);
//! * a required collision left unmatched is a **graze** when `b`'s
//!   velocity there is tangent to the contact plane (`|v̂ . n| <=`
//!   [`GRAZE_COSINE`]): its plane or coplanarity equation has a double root
//!   and no sign change, which the raster documents as outside what a
//!   sign-change method can see (`docs/methods/glide.md`, known
//!   limits); grazes are counted, not findings;
//!   likewise a proper raster collision with no analytic one within the
//!   resolution where the motion is tangential: a vertex gliding in a
//!   face's plane, which the raster reports at the first of its 8 samples
//!   in the face, while the analytic variant lists the instant the glide
//!   enters the face (both true contacts of a touching set, at different
//!   instants);
//! * a required collision left unmatched is a **boundary touch** when at
//!   its instant and place the analytic variant lists at least two
//!   collisions (the contact point is a vertex on an edge or on a vertex
//!   of the other solid: a point of a face's boundary) and every one of
//!   them has properness 0 (within [`BOUNDARY_PROPERNESS`]): section 5
//!   resolves such a vertex contact by maximal properness, and the
//!   maximum is 0, so every candidate pair has an edge lying in the other
//!   solid's face plane and none enters the other solid there. Examples:
//!   two boxes with flush faces meeting corner to corner (the
//!   degenerate campaign's `contact-at-end` and `flush-sliding` findings,
//!   `tests/raster_findings/`). The raster's only evidence of such a
//!   contact is a vertex pixel on the very boundary of a face's pixel
//!   record, or two chords touching end to end, which the pixel rounding
//!   decides either way at every resolution (section 9's fifth and sixth
//!   steps test pixel membership, not exact incidence). Counted with the
//!   grazes (prefix `boundary touch`), not findings; a boundary contact
//!   where some pair is strictly proper (a corner entering a face across
//!   its edge) stays required;
//! * a proper raster collision with no analytic collision within the
//!   resolution is a **near miss** when the certified truth has the solids
//!   apart at its time (outside every certified contact interval,
//!   [`CertifiedContacts`]) and its contact point lies within the place
//!   resolution (`sqrt 3` pixels, added up) of both solids' surfaces then:
//!   the solids pass closer than the raster's stated resolution without
//!   touching (`b` sliding `1e-9` past a face of `a`), and the raster's
//!   answer is within its resolution of the certified truth. It is
//!   classified and counted, as every `f64` answer is, not a finding.
//!   Without a certified truth that lists its contact intervals there is
//!   no near miss (a raster collision displaced in time, where the solids
//!   still touch, stays a phantom);
//! * any other unmatched required collision is a **miss**, and any other
//!   proper raster collision with no analytic collision (of any kind)
//!   within the resolution is a **phantom**: both are findings of kind
//!   `raster-resolution`, reported with their scenario (a campaign shrinks
//!   and writes it under `failures/`).
//!
//! Matched collisions also give the worst `|dt|` between the raster's time
//! and the analytic one (the raster solves its times on the glide by
//! Newton's method, so it is far below the time resolution).
//!
//! The velocity is taken by central differences of the two bodies' world
//! motions (`Body::float_motion`), not from glide's relative glide, so the
//! rule does not lean on the code it checks.
//!
//! Everything here measures an `f64` method in `f64`; no exact decision is
//! taken (the exact reference comes whole from the analytic variant).
#![allow(clippy::float_arithmetic)]

use super::finding::{panic_message, Finding, FindingKind};
use crate::contact::{with_budget, WorkBudget};
use crate::geom::{Mesh, Shape};
use crate::scalar::BigRational;
use crate::scenario::Scenario;
use crate::solver::glide::raster::{
    default_resolution, solve_raster, RasterOutcome, RasterSettings, RasterSolid,
    DEFAULT_TIME_RESOLUTION,
};
use crate::solver::glide::{
    solve_glide, Arithmetic, Collisions, EventKind, GlideEvent, GlideOptions, GlideTime,
    EVENT_CELLS_PATH,
};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::Instant;

/// The three resolutions of the rule, in pixels along a typical short edge
/// (the lower quartile of both solids' edge lengths): the paper's low,
/// medium and high resolutions (Buss, "Collision Detection with Glide Rotations", section 9.1).
pub const RASTER_PIXELS_PER_EDGE: [u32; 3] = [6, 12, 24];

/// An analytic collision is tangential (a graze) when the cosine between
/// `b`'s relative velocity and the contact normal is at most this in size:
/// far above the rounding of the `f64` normal and velocity (about `1e-12`
/// relative), far below any contact the raster's sign changes can resolve.
pub const GRAZE_COSINE: f64 = 1e-6;

/// A properness at most this in size is 0 for the boundary-touch test
/// (module docs): far above the `f64` rounding of a unit-vector dot
/// product of exact directions, far below any properness a pixel
/// candidate resolves (the raster's threshold is -0.1).
pub const BOUNDARY_PROPERNESS: f64 = 1e-9;

/// The certified truth's contact intervals, in scenario time units (`f64`
/// ends): the times at which the solids touch, empty when they never do.
/// Rule 8 classifies a raster collision as a near miss only at a time
/// outside all of them (module docs).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CertifiedContacts(pub Vec<(f64, f64)>);

impl CertifiedContacts {
    /// True when `t` lies outside every contact interval.
    pub fn apart_at(&self, t: f64) -> bool {
        self.0.iter().all(|(lo, hi)| t < *lo || t > *hi)
    }
}

/// How the analytic reference was computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReferenceKind {
    /// The analytic variant's exact path (rational times or certified
    /// enclosures; places and normals in `f64`).
    Exact,
    /// The analytic variant's `f64` path (the exact one failed or is not
    /// loaded).
    Float,
}

impl ReferenceKind {
    /// `exact` or `f64`.
    pub fn name(self) -> &'static str {
        match self {
            ReferenceKind::Exact => "exact",
            ReferenceKind::Float => "f64",
        }
    }
}

/// The raster against the analytic collisions at one resolution.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RasterComparison {
    /// Proper analytic collisions at which `b` approaches `a`.
    pub required: usize,
    /// Of those, the ones with a raster collision within the resolution.
    pub matched: usize,
    /// Tangential contacts (counted, not findings), one line each:
    /// required analytic collisions missed, and proper raster collisions
    /// without an analytic one, where `b`'s motion lies in the contact
    /// plane.
    pub grazes: Vec<String>,
    /// Required collisions missed otherwise (findings), one line each.
    pub misses: Vec<String>,
    /// Proper raster collisions with no analytic one within the resolution
    /// (findings), one line each.
    pub phantoms: Vec<String>,
    /// Proper raster collisions with no analytic one within the
    /// resolution, where both solids pass within the place resolution of
    /// the raster's contact point (module docs): within the resolution of
    /// a near miss, counted, not findings; one line each.
    pub near_misses: Vec<String>,
    /// The largest `|dt|` between a matched analytic collision and its
    /// nearest raster collision, in scenario time units.
    pub worst_dt: f64,
}

/// What one raster run gave.
#[derive(Clone, Debug, PartialEq)]
pub enum RasterRunOutcome {
    /// Compared with the analytic collisions.
    Compared(RasterComparison),
    /// The solids overlap at `t0` (by the analytic variant or the
    /// raster): there is nothing to compare.
    Overlapping,
    /// The raster gave an error (the reason): counted, not a finding.
    Failed(String),
    /// The raster panicked (the message): a finding.
    Panicked(String),
}

/// One raster run of rule 8.
#[derive(Clone, Debug, PartialEq)]
pub struct RasterRecord {
    /// Pixels along a typical short edge.
    pub pixels_per_edge: u32,
    /// The pixel used (scenario length units).
    pub pixel: f64,
    /// The time resolution used (scenario time units).
    pub time_resolution: f64,
    /// How the analytic reference was computed.
    pub reference: ReferenceKind,
    /// What the run gave.
    pub outcome: RasterRunOutcome,
    /// Wall time of the raster run, in seconds.
    pub seconds: f64,
}

impl RasterRecord {
    /// `glide-raster-6px`, the summary block of this resolution.
    pub fn label(&self) -> String {
        format!("glide-raster-{}px", self.pixels_per_edge)
    }

    /// The findings of this run: misses and phantoms beyond the resolution
    /// (one finding per run, listing up to three of them), or a panic.
    pub fn findings(&self) -> Vec<Finding> {
        match &self.outcome {
            RasterRunOutcome::Compared(c) if !c.misses.is_empty() || !c.phantoms.is_empty() => {
                let lines: Vec<&str> = c
                    .misses
                    .iter()
                    .chain(&c.phantoms)
                    .take(3)
                    .map(String::as_str)
                    .collect();
                vec![Finding {
                    kind: FindingKind::RasterResolution,
                    message: format!(
                        "rule 8: glide raster at {} pixels per edge: {} misses and {} phantoms beyond the resolution (pixel {:.3e}, time {:.3e}) against the {} analytic collisions: {}",
                        self.pixels_per_edge,
                        c.misses.len(),
                        c.phantoms.len(),
                        self.pixel,
                        self.time_resolution,
                        self.reference.name(),
                        lines.join("; ")
                    ),
                }]
            }
            RasterRunOutcome::Panicked(m) => vec![Finding {
                kind: FindingKind::Panic,
                message: format!(
                    "glide raster at {} pixels per edge panicked: {m}",
                    self.pixels_per_edge
                ),
            }],
            _ => Vec::new(),
        }
    }
}

/// The nearest `f64` of an analytic or raster time.
fn event_time(e: &GlideEvent) -> f64 {
    match &e.time {
        GlideTime::Float(t) => *t,
        GlideTime::Exact(x) => x.to_f64(),
        GlideTime::Enclosure { lower, upper } => {
            crate::scalar::rational_to_f64(&((lower + upper) / BigRational::from_integer(2.into())))
        }
    }
}

/// Rule 8's measurements.
mod measure {
    use crate::geom::Vec3;
    use crate::motion::FloatMotion;

    pub(super) fn distance(a: &[f64; 3], b: &[f64; 3]) -> f64 {
        ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
    }

    fn sub(a: &[f64; 3], b: &[f64; 3]) -> [f64; 3] {
        [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
    }

    fn dot(a: &[f64; 3], b: &[f64; 3]) -> f64 {
        a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
    }

    /// The distance from `y` to the segment from `a` to `b`.
    fn segment_distance(a: &[f64; 3], b: &[f64; 3], y: &[f64; 3]) -> f64 {
        let ab = sub(b, a);
        let length2 = dot(&ab, &ab);
        let s = if length2 > 0.0 {
            (dot(&sub(y, a), &ab) / length2).clamp(0.0, 1.0)
        } else {
            0.0
        };
        distance(&[a[0] + s * ab[0], a[1] + s * ab[1], a[2] + s * ab[2]], y)
    }

    /// The distance from `y` to the planar polygon `v` (a face of a
    /// mesh, convex or not): to its plane when the foot lies inside it
    /// (crossing number in the coordinate plane the normal is most
    /// aligned with; the normal by Newell's formula), else to its edges.
    fn polygon_distance(v: &[[f64; 3]], y: &[f64; 3]) -> f64 {
        let n = v.len();
        let edges = (0..n)
            .map(|i| segment_distance(&v[i], &v[(i + 1) % n], y))
            .fold(f64::INFINITY, f64::min);
        let mut normal = [0.0; 3];
        for i in 0..n {
            let (a, b) = (&v[i], &v[(i + 1) % n]);
            normal[0] += (a[1] - b[1]) * (a[2] + b[2]);
            normal[1] += (a[2] - b[2]) * (a[0] + b[0]);
            normal[2] += (a[0] - b[0]) * (a[1] + b[1]);
        }
        let length = dot(&normal, &normal).sqrt();
        if length == 0.0 {
            return edges;
        }
        let height = dot(&sub(y, &v[0]), &normal) / length;
        let drop = (0..3)
            .max_by(|&i, &j| normal[i].abs().total_cmp(&normal[j].abs()))
            .unwrap_or(2);
        let (i, j) = ((drop + 1) % 3, (drop + 2) % 3);
        let mut inside = false;
        for k in 0..n {
            let (a, b) = (&v[k], &v[(k + 1) % n]);
            if (a[j] > y[j]) != (b[j] > y[j]) {
                let x = a[i] + (y[j] - a[j]) * (b[i] - a[i]) / (b[j] - a[j]);
                if y[i] < x {
                    inside = !inside;
                }
            }
        }
        if inside {
            height.abs()
        } else {
            edges
        }
    }

    /// The distance from the world point `p` to the surface of the solid
    /// `mesh` (local coordinates) moving by `motion`, at time `t`.
    pub(super) fn surface_distance(
        mesh: &crate::geom::Mesh<f64>,
        motion: &FloatMotion,
        p: &[f64; 3],
        t: f64,
    ) -> f64 {
        let (r, c) = motion.eval(t);
        let y = r
            .transpose()
            .mul_vec(&(&Vec3::new(p[0], p[1], p[2]) - &c))
            .into_array();
        mesh.faces
            .iter()
            .map(|f| {
                let v: Vec<[f64; 3]> = f
                    .iter()
                    .map(|&k| mesh.vertices[k].clone().into_array())
                    .collect();
                polygon_distance(&v, &y)
            })
            .fold(f64::INFINITY, f64::min)
    }

    /// The cosine between the velocity of `b`'s material point at the
    /// world place `p` at time `t`, relative to `a` (in `a`'s frame), and
    /// the world normal `n` (turned into `a`'s frame): negative when `b`
    /// approaches `a`. Central differences with the step `h`; `None` when
    /// the point does not move relative to `a`.
    pub(super) fn approach_cosine(
        a: &FloatMotion,
        b: &FloatMotion,
        p: &[f64; 3],
        n: &[f64; 3],
        t: f64,
        h: f64,
    ) -> Option<f64> {
        let p = Vec3::new(p[0], p[1], p[2]);
        let (rb, cb) = b.eval(t);
        // b's local coordinates of p at t: rb^T (p - cb)
        let y = rb.transpose().mul_vec(&(&p - &cb));
        let in_a = |s: f64| {
            let (rb, cb) = b.eval(s);
            let (ra, ca) = a.eval(s);
            let x = &rb.mul_vec(&y) + &cb;
            ra.transpose().mul_vec(&(&x - &ca))
        };
        let (before, after) = (in_a(t - h), in_a(t + h));
        let v = &after - &before;
        let (ra, _) = a.eval(t);
        let n = ra.transpose().mul_vec(&Vec3::new(n[0], n[1], n[2]));
        let (speed, length) = (v.dot(&v).sqrt(), n.dot(&n).sqrt());
        (speed > 0.0 && length > 0.0).then(|| v.dot(&n) / (speed * length))
    }
}

fn describe(what: &str, e: &GlideEvent) -> String {
    format!(
        "{what} {:?} {} / {} at t = {:.9} place {:?} properness {:?}",
        e.kind,
        e.a,
        e.b,
        event_time(e),
        e.geometry.point.map(|x| (x * 1e6).round() / 1e6),
        e.geometry.properness
    )
}

/// Compares the raster's collisions with the analytic ones (module docs):
/// requirement, matching, grazes, misses, phantoms and the worst `|dt|` of
/// the matched collisions; without a certified truth, so no near misses
/// ([`compare_raster_with_truth`]).
pub fn compare_raster(
    scenario: &Scenario,
    analytic: &[GlideEvent],
    raster: &RasterOutcome,
) -> RasterComparison {
    compare_raster_with_truth(scenario, analytic, raster, None)
}

/// [`compare_raster`] knowing the certified truth's contact intervals:
/// near misses are classified where it has the solids apart (module docs).
pub fn compare_raster_with_truth(
    scenario: &Scenario,
    analytic: &[GlideEvent],
    raster: &RasterOutcome,
    truth: Option<&CertifiedContacts>,
) -> RasterComparison {
    let (t0, t1) = (&scenario.interval.0, &scenario.interval.1);
    let span = crate::scalar::rational_to_f64(&(t1 - t0));
    let dt = raster.resolution.time * span;
    let px = raster.resolution.pixel * 3f64.sqrt();
    let threshold = raster.properness_threshold;
    let near = |x: &GlideEvent, y: &GlideEvent| {
        (event_time(x) - event_time(y)).abs() <= dt
            && measure::distance(&x.geometry.point, &y.geometry.point) <= px
    };
    let (ma, mb) = (
        scenario.a().float_motion(t0, t1),
        scenario.b().float_motion(t0, t1),
    );
    let step = span * 1e-6;
    let proper = |e: &GlideEvent| e.geometry.properness.is_some_and(|p| p >= threshold);
    let cosine = |e: &GlideEvent| {
        e.geometry.normal.and_then(|n| {
            measure::approach_cosine(&ma, &mb, &e.geometry.point, &n, event_time(e), step)
        })
    };
    let tangential = |c: Option<f64>| c.is_some_and(|c| c.abs() <= GRAZE_COSINE);
    let mut out = RasterComparison::default();
    let vertex_contact_proper = |e: &GlideEvent| {
        // the vertex-face collisions at the same instant and place
        let scale = 1e-9 * (1.0 + e.geometry.point.iter().fold(0.0, |m, x| x.abs().max(m)));
        let mut coinciding = analytic
            .iter()
            .filter(|f| f.kind != EventKind::EdgeEdge)
            .filter(|f| {
                (event_time(e) - event_time(f)).abs() <= 1e-9 * span.max(1.0)
                    && measure::distance(&e.geometry.point, &f.geometry.point) <= scale
            })
            .peekable();
        coinciding.peek()?;
        Some(coinciding.any(&proper))
    };
    // A contact on a face's boundary at which no pair is strictly proper
    // (module docs, "boundary touch"): at least two analytic collisions at
    // the instant and place of `e` (a vertex on an edge or a vertex of the
    // other solid), every one of properness 0 (within rounding).
    let boundary_touch = |e: &GlideEvent| {
        let scale = 1e-9 * (1.0 + e.geometry.point.iter().fold(0.0, |m, x| x.abs().max(m)));
        let mut count = 0;
        for f in analytic.iter().filter(|f| {
            (event_time(e) - event_time(f)).abs() <= 1e-9 * span.max(1.0)
                && measure::distance(&e.geometry.point, &f.geometry.point) <= scale
        }) {
            match f.geometry.properness {
                Some(p) if p.abs() <= BOUNDARY_PROPERNESS => count += 1,
                _ => return false,
            }
        }
        count >= 2
    };
    for e in analytic.iter().filter(|e| proper(e)) {
        if e.kind == EventKind::EdgeEdge && vertex_contact_proper(e) == Some(false) {
            continue; // a vertex contact whose resolution is improper
        }
        let c = cosine(e);
        // without a normal (parallel edges) or a relative motion, the
        // collision is required and cannot be a graze
        if c.is_some_and(|c| c > 1e-9) {
            continue; // b moves away from a there
        }
        out.required += 1;
        let nearest = raster
            .outcome
            .events
            .iter()
            .filter(|f| near(e, f))
            .map(|f| (event_time(e) - event_time(f)).abs())
            .reduce(f64::min);
        match nearest {
            Some(d) => {
                out.matched += 1;
                out.worst_dt = out.worst_dt.max(d);
            }
            None if tangential(c) => out.grazes.push(describe("graze miss", e)),
            None if boundary_touch(e) => out.grazes.push(describe("boundary touch", e)),
            None => out.misses.push(describe("miss", e)),
        }
    }
    // both solids' surfaces within the place resolution of a raster
    // collision's point, at its time (module docs, "near miss")
    let solids = float_meshes(scenario);
    let near_miss = |f: &GlideEvent| {
        let t = event_time(f);
        let apart = truth.is_some_and(|c| c.apart_at(t));
        apart
            && solids.as_ref().is_some_and(|(a, b)| {
                let p = &f.geometry.point;
                measure::surface_distance(a, &ma, p, t) + measure::surface_distance(b, &mb, p, t)
                    <= px
            })
    };
    for f in raster.outcome.events.iter().filter(|f| proper(f)) {
        if analytic.iter().any(|e| near(e, f)) {
            continue;
        }
        if tangential(cosine(f)) {
            out.grazes.push(describe("graze phantom", f));
        } else if near_miss(f) {
            out.near_misses.push(describe("near miss", f));
        } else {
            out.phantoms.push(describe("phantom", f));
        }
    }
    out
}

/// The two solids as `f64` meshes in local coordinates (`None` for shapes
/// glide does not take).
fn float_meshes(scenario: &Scenario) -> Option<(Mesh<f64>, Mesh<f64>)> {
    let mesh = |s: &Shape<BigRational>| -> Option<Mesh<f64>> {
        match s {
            Shape::Box(b) => Some(b.to_mesh().map_scalar(crate::scalar::rational_to_f64)),
            Shape::Mesh(m) => Some(m.map_scalar(crate::scalar::rational_to_f64)),
            Shape::Triangle(_) | Shape::Sphere(_) | Shape::Capsule(_) | Shape::Convex(_) => None,
        }
    };
    let (a, b) = scenario.bodies()?;
    Some((mesh(&a.shape)?, mesh(&b.shape)?))
}

/// The pixel putting `pixels` along a typical short edge of the two
/// shapes (the raster's own rule, [`default_resolution`]); `None` for
/// shapes glide does not take.
fn pixel_for(scenario: &Scenario, pixels: u32) -> Option<f64> {
    let (a, b) = float_meshes(scenario)?;
    let (a, b) = (RasterSolid::new(&a), RasterSolid::new(&b));
    // default_resolution(pixels) = typical / pixels, whatever `pixels`
    let typical = default_resolution(&a, &b, 1.0);
    Some(typical / f64::from(pixels))
}

/// The analytic variant's every collision: exact when `exact` and it
/// answers, else `f64`; `None` where glide does not apply.
fn analytic_collisions(
    scenario: &Scenario,
    exact: bool,
    precision: u32,
    budget: WorkBudget,
) -> Option<(ReferenceKind, bool, Vec<GlideEvent>)> {
    let (a, b) = scenario.bodies()?;
    let interval = (&scenario.interval.0, &scenario.interval.1);
    let run = |exact: bool| {
        catch_unwind(AssertUnwindSafe(|| {
            with_budget(budget, || {
                solve_glide(
                    a,
                    b,
                    interval,
                    &GlideOptions {
                        arithmetic: if exact {
                            Arithmetic::Exact
                        } else {
                            Arithmetic::Float
                        },
                        collisions: Collisions::All,
                        precision,
                        intervals: true,
                    },
                )
            })
        }))
        .ok()
    };
    let mut tries = Vec::new();
    if exact {
        tries.push(ReferenceKind::Exact);
    }
    tries.push(ReferenceKind::Float);
    for kind in tries {
        // a panic or any error (not applicable, a limit) passes to the next
        // try: the main runs report them
        if let Some(Ok(o)) = run(kind == ReferenceKind::Exact) {
            // the event cells give the first collision only, not the list
            if o.stats.path == EVENT_CELLS_PATH {
                return None;
            }
            return Some((kind, o.initially_overlapping, o.events));
        }
    }
    None
}

/// Rule 8 on one scenario (module docs): the raster at each of
/// [`RASTER_PIXELS_PER_EDGE`] against the analytic collisions; empty where
/// glide's analytic variant does not answer. `exact`: the scenario holds
/// exact values (the analytic reference is then computed exactly, within
/// the work `budget`).
pub fn raster_rule(
    scenario: &Scenario,
    exact: bool,
    precision: u32,
    budget: WorkBudget,
    truth: Option<&CertifiedContacts>,
) -> Vec<RasterRecord> {
    let Some((reference, overlapping, analytic)) =
        analytic_collisions(scenario, exact, precision, budget)
    else {
        return Vec::new();
    };
    let span = crate::scalar::rational_to_f64(&(&scenario.interval.1 - &scenario.interval.0));
    let time_resolution = span * DEFAULT_TIME_RESOLUTION;
    let mut records = Vec::new();
    for pixels in RASTER_PIXELS_PER_EDGE {
        let Some(pixel) = pixel_for(scenario, pixels) else {
            return Vec::new();
        };
        let settings = RasterSettings {
            pixel: Some(pixel),
            time_resolution: Some(time_resolution),
            ..RasterSettings::default()
        };
        let start = Instant::now();
        let run = catch_unwind(AssertUnwindSafe(|| {
            solve_raster(
                scenario.a(),
                scenario.b(),
                (&scenario.interval.0, &scenario.interval.1),
                &settings,
            )
        }));
        let seconds = start.elapsed().as_secs_f64();
        let outcome = match run {
            Err(p) => RasterRunOutcome::Panicked(panic_message(p)),
            // a motion the raster variant does not take: no rule
            Ok(Err(e)) if e.is_not_applicable() => return Vec::new(),
            Ok(Err(e)) => RasterRunOutcome::Failed(e.to_string()),
            Ok(Ok(r)) if overlapping || r.outcome.initially_overlapping => {
                RasterRunOutcome::Overlapping
            }
            Ok(Ok(r)) => RasterRunOutcome::Compared(compare_raster_with_truth(
                scenario, &analytic, &r, truth,
            )),
        };
        records.push(RasterRecord {
            pixels_per_edge: pixels,
            pixel,
            time_resolution,
            reference,
            outcome,
            seconds,
        });
    }
    records
}
