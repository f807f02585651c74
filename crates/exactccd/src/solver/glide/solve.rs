//! The glide solver's driver: relative glide, placement, the static test at
//! `t0`, the events, their times (exact, certified enclosures, or `f64`),
//! and their places, normals and properness.
#![deny(clippy::float_arithmetic)]

use super::cells::EventCellTime;
use super::enclosure::{atan_interval, sqrt_interval, Interval};
use super::events::{edge_edge, vertex_face, EventKind, EventStats, PlacedSolid, RawEvent};
use super::float_geometry::{event_geometry, float_time, EventGeometry, FloatContext};
use super::general::{mixed_events, time_fraction, Mixed};
use super::intervals::{contact_stretches, Close, Mark};
use super::overlap::solids_intersect;
use super::relative::{GlidePath, RelativeGlide, TimeMap};
use super::screw_intervals::{screw_contact_stretches, ScrewPath};
use super::setup::Setup;
// the raster variant (`raster/solve.rs`) names these here
pub(crate) use super::setup::NamedMesh;
use crate::geom::{Feature, Shape};
use crate::motion::Body;
use crate::poly::{RealAlgebraic, RealRoots};
use crate::scalar::{rational_to_f64, BigRational};
use crate::Error;
use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};

/// The time of a glide event.
#[derive(Clone, Debug, PartialEq)]
pub enum GlideTime {
    /// Exact (translations, and events at `t0` or `t1`).
    Exact(RealAlgebraic),
    /// A certified enclosure `[lower, upper]` of a transcendental time.
    Enclosure {
        /// Lower end.
        lower: BigRational,
        /// Upper end.
        upper: BigRational,
    },
    /// An `f64` answer.
    Float(f64),
}

/// One collision: features, time, place, normal and properness (Buss, "Collision Detection with Glide Rotations",
/// section 5: "(a) the time ... (e) the properness").
#[derive(Clone, Debug, PartialEq)]
pub struct GlideEvent {
    /// FV, VF or EE.
    pub kind: EventKind,
    /// `a`'s feature (`face +x`, `vertex 3` in results).
    pub a: Feature,
    /// `b`'s feature.
    pub b: Feature,
    /// When.
    pub time: GlideTime,
    /// True when the pair's equation vanished identically (a vertex gliding
    /// in a face's plane).
    pub coplanar: bool,
    /// World place, normal (from `a` to `b`) and properness, in `f64`.
    pub geometry: EventGeometry,
}

/// Work counters and the step's glide parameters.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GlideStats {
    /// `translation` or `rotation`.
    pub path: &'static str,
    /// The relative rotation angle over the interval, radians (`f64`).
    pub angle: f64,
    /// `(1 - cos(θ/2)) / θ` (section 4.3).
    pub error_estimate: f64,
    /// Feature pairs solved, roots found, identically vanishing equations.
    pub events: EventStats,
    /// Faces of `b` forward facing / faces of `a` backward facing (section
    /// 4.2), counted in `f64`; culling is not applied.
    pub forward_faces_b: usize,
    /// See `forward_faces_b`.
    pub backward_faces_a: usize,
    /// The narrowest relative precision, in bits, that every reported
    /// enclosure reached (`None` without enclosures).
    pub enclosure_bits: Option<u32>,
    /// The path parameter of the first event after `t0`, exactly: `σ*` of
    /// a rotation, `t*` of a translation (exact path without a slide; `None`
    /// otherwise or without an event). Differential rule 6 compares `σ*`
    /// with SAT and SGM on the same path written in `σ`.
    pub first_parameter: Option<RealAlgebraic>,
}

/// The glide solver's answer.
#[derive(Clone, Debug, PartialEq)]
pub struct GlideOutcome {
    /// The closed solids intersect at `t0`.
    pub initially_overlapping: bool,
    /// The collisions in time order (all of them when asked, else the
    /// first); empty without contact after `t0`.
    pub events: Vec<GlideEvent>,
    /// The contact intervals (docs/FORMAT.md 3): the maximal closed
    /// stretches of `[t0, t1]` on which the closed solids intersect, in
    /// order, each end in the variant's time (exact, certified enclosure or
    /// `f64`); `None` where glide does not compute them (general screws, the
    /// raster variant).
    pub contact_intervals: Option<Vec<(GlideTime, GlideTime)>>,
    /// `t0`, the time when initially overlapping.
    pub t0: BigRational,
    /// Counters.
    pub stats: GlideStats,
}

/// Whether the solids intersect at the start, and the raw events.
type RawEvents<R> = (bool, Vec<RawEvent<R>>);

/// `a` and `b` placed in `a`'s frame at the path's start, in the scalar `S`.
fn placed_solids<S: RealRoots>(setup: &Setup) -> (PlacedSolid<S>, PlacedSolid<S>) {
    (
        PlacedSolid::new(setup.a.mesh.map_scalar(S::from_rational)),
        PlacedSolid::new(setup.b_placed.map_scalar(S::from_rational)),
    )
}

/// Every raw event in the parameter range (unfiltered by the `screw`
/// end), sorted by parameter, and whether the solids intersect at the start.
pub(crate) fn raw_events<S: RealRoots>(
    setup: &Setup,
    (a, b): (&PlacedSolid<S>, &PlacedSolid<S>),
    stats: &mut EventStats,
) -> Result<RawEvents<S::Root>, Error> {
    let overlapping = solids_intersect(a, b).ok_or_else(|| {
        Error::limit_exceeded(
            "could not decide containment at t0: every tried ray met an edge".to_string(),
        )
    })?;
    let (forward, inverse) = setup.paths::<S>();
    let (lo, hi) = setup.rel.parameter_range();
    let (lo, hi) = (S::from_rational(&lo), S::from_rational(&hi));
    let range = (&lo, &hi);
    let limit = |e: String| Error::limit_exceeded(e);
    let mut events = Vec::new();
    for (vb, fa, r, coplanar) in vertex_face(a, b, &forward, range, stats).map_err(limit)? {
        events.push(RawEvent {
            kind: EventKind::FaceVertex,
            a: fa,
            b: vb,
            param: r,
            coplanar,
        });
    }
    for (va, fb, r, coplanar) in vertex_face(b, a, &inverse, range, stats).map_err(limit)? {
        events.push(RawEvent {
            kind: EventKind::VertexFace,
            a: va,
            b: fb,
            param: r,
            coplanar,
        });
    }
    for (ea, eb, r) in edge_edge(a, b, &forward, range, stats).map_err(limit)? {
        events.push(RawEvent {
            kind: EventKind::EdgeEdge,
            a: ea,
            b: eb,
            param: r,
            coplanar: false,
        });
    }
    events.sort_by(|x, y| {
        x.param
            .cmp(&y.param)
            .then(x.kind.cmp(&y.kind))
            .then(x.a.cmp(&y.a))
            .then(x.b.cmp(&y.b))
    });
    Ok((overlapping, events))
}

fn two_pow_neg(bits: u64) -> BigRational {
    BigRational::new(BigInt::one(), BigInt::one() << bits)
}

/// A certified enclosure of the time of the rotation parameter `σ*`
/// (module docs of `relative.rs`) at working precision `g` bits.
fn time_interval(rel: &RelativeGlide, sigma: &RealAlgebraic, g: u64) -> Option<Interval> {
    let GlidePath::Rotation {
        axis_direction,
        time,
        ..
    } = &rel.path
    else {
        return None;
    };
    let (sl, sh) = sigma.bracket(g);
    let sl = if sl.is_negative() {
        BigRational::zero()
    } else {
        sl
    };
    let k = sqrt_interval(&axis_direction.norm_squared(), g + 4);
    let (t0, t1) = &rel.interval;
    if *time == TimeMap::HalfTurn {
        // φ/2 = atan(σ|k| / (1 - σ)), increasing in σ on [0, 1).
        let one = BigRational::one();
        if sh >= one {
            return None;
        }
        let x = Interval::new(&sl * &k.lo / (&one - &sl), &sh * &k.hi / (&one - &sh));
        let half_angle = atan_interval(&x, g + 4);
        let frac = half_angle
            .scale(&BigRational::from_integer(BigInt::from(2)))
            .div(&super::enclosure::pi_interval(g + 8))?;
        return Some(frac.scale(&(t1 - t0)).add(&Interval::point(t0.clone())));
    }
    let x = Interval::new(&sl * &k.lo, &sh * &k.hi);
    let angle = atan_interval(&x, g + 4);
    match time {
        TimeMap::HalfTurn => None,
        TimeMap::Proportional { sigma_end } => {
            let end = Interval::new(sigma_end * &k.lo, sigma_end * &k.hi);
            let total = atan_interval(&end, g + 4);
            let frac = angle.div(&total)?;
            Some(frac.scale(&(t1 - t0)).add(&Interval::point(t0.clone())))
        }
        TimeMap::AngularSpeed { omega } => {
            Some(angle.scale(&(BigRational::from_integer(BigInt::from(2)) / omega)))
        }
    }
}

/// The time of an exact event: exact for translations and at the path's
/// ends, else a certified enclosure to `precision` bits when reached (the
/// bits reached are returned). `Ok(None)` when the event lies beyond `t1`
/// (a `screw`).
fn exact_time(
    rel: &RelativeGlide,
    param: &RealAlgebraic,
    precision: u32,
) -> Result<Option<(GlideTime, Option<u32>)>, Error> {
    let (t0, t1) = &rel.interval;
    match &rel.path {
        GlidePath::Translation { .. } => Ok(Some((GlideTime::Exact(param.clone()), None))),
        GlidePath::Rotation { time, .. } => {
            if param.as_rational().is_some_and(|s| s.is_zero()) {
                return Ok(Some((
                    GlideTime::Exact(RealAlgebraic::from_rational(t0.clone())),
                    None,
                )));
            }
            let end = match time {
                TimeMap::Proportional { sigma_end } => Some(sigma_end.clone()),
                TimeMap::HalfTurn => Some(BigRational::one()),
                TimeMap::AngularSpeed { .. } => None,
            };
            if let Some(sigma_end) = end {
                if param.as_rational() == Some(&sigma_end) {
                    return Ok(Some((
                        GlideTime::Exact(RealAlgebraic::from_rational(t1.clone())),
                        None,
                    )));
                }
            }
            let want = u64::from(precision);
            let mut g = want + 16;
            let mut best: Option<Interval> = None;
            for _ in 0..6 {
                let Some(t) = time_interval(rel, param, g) else {
                    // The bracket still reaches a singular point (σ = 1 of
                    // a half turn): refine.
                    g *= 2;
                    if g > 8192 {
                        return Err(Error::limit_exceeded(
                            "could not enclose an event's time within 8192 bits".to_string(),
                        ));
                    }
                    continue;
                };
                if matches!(time, TimeMap::AngularSpeed { .. }) {
                    if t.lo > *t1 {
                        return Ok(None);
                    }
                    if t.hi > *t1 {
                        // Not decided yet: the true time is never t1 exactly
                        // (tan of a non-zero rational is transcendental).
                        g *= 2;
                        if g > 8192 {
                            return Err(Error::limit_exceeded(
                                "could not separate an event's time from t1 within 8192 bits"
                                    .to_string(),
                            ));
                        }
                        continue;
                    }
                }
                let scale = if Signed::abs(&t.hi) > BigRational::one() {
                    Signed::abs(&t.lo)
                } else {
                    BigRational::one()
                };
                let done = t.width() <= two_pow_neg(want) * &scale;
                best = Some(t);
                if done {
                    let t = best
                        .take()
                        .unwrap_or_else(|| Interval::point(BigRational::zero()));
                    return Ok(Some((
                        GlideTime::Enclosure {
                            lower: t.lo,
                            upper: t.hi,
                        },
                        Some(precision),
                    )));
                }
                g += want + 16;
            }
            let t = best.ok_or_else(|| {
                Error::limit_exceeded("could not enclose an event's time".to_string())
            })?;
            let reached = reached_bits(&t);
            Ok(Some((
                GlideTime::Enclosure {
                    lower: t.lo,
                    upper: t.hi,
                },
                Some(reached),
            )))
        }
    }
}

/// True when the slide `c k` of the step is below `2^-30` times the scale
/// `1 + |p| + |T|` (axis point, step translation): what rounding the poses
/// of a pure rotation to `f64` leaves behind. Decided in rationals
/// (squared lengths).
fn slide_is_rounding(rel: &RelativeGlide, c: &BigRational) -> bool {
    let k = &rel.screw.axis_direction;
    let slide_squared = c * c * k.norm_squared();
    let scale_squared = BigRational::one()
        + rel.screw.axis_point.norm_squared()
        + rel.screw.map.translation.norm_squared();
    let tolerance = BigRational::new(BigInt::one(), BigInt::one() << 60u32);
    slide_squared <= scale_squared * tolerance
}

/// `-log2(width)`, rounded down (0 for widths >= 1).
fn reached_bits(t: &Interval) -> u32 {
    let w = t.width();
    if w.is_zero() {
        return u32::MAX;
    }
    let mut bits = 0u32;
    let mut bound = BigRational::one();
    let half = BigRational::new(BigInt::one(), BigInt::from(2));
    while w <= &bound * &half && bits < 100_000 {
        bound *= &half;
        bits += 1;
    }
    bits
}

/// The arithmetic glide computes in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arithmetic {
    /// Exact rationals: exact times for translations, certified enclosures
    /// under rotation.
    Exact,
    /// `f64`.
    Float,
}

/// Which collisions glide reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Collisions {
    /// The first collision only (the solver may stop early).
    First,
    /// Every collision of the interval, in time order.
    All,
}

/// How glide is asked to solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GlideOptions {
    /// The arithmetic.
    pub arithmetic: Arithmetic,
    /// The first collision or all of them.
    pub collisions: Collisions,
    /// Bits of the time brackets: `upper - lower <= 2^-precision max(1, |T|)`.
    pub precision: u32,
    /// The contact intervals too; `false`: the first contact alone (what
    /// `SolveOptions::first_contact_only` asks; a general screw of solids
    /// other than two boxes then skips the contact stretches, most of its
    /// time).
    pub intervals: bool,
}

/// Whether the exact path answers `a` and `b` by the analytic variant (one
/// glide rotation from `t0`, without a slide for two boxes) rather than
/// by the event cells.
pub fn analytic_takes(a: &Body, b: &Body, interval: (&BigRational, &BigRational)) -> bool {
    // the conditions of `Setup::new` without building the meshes (a box's
    // mesh in rationals costs more than an `f64` answer of the cells)
    let solids = [a, b]
        .iter()
        .all(|body| matches!(body.shape, Shape::Box(_) | Shape::Mesh(_)));
    solids
        && match RelativeGlide::from_bodies(a, b, interval.0, interval.1) {
            Ok(rel) => rel.slide.is_none() || !super::cells::takes(a, b),
            Err(_) => false,
        }
}

/// Runs the glide solver on `a` and `b` over `interval` as `options` say.
pub fn solve_glide(
    a: &Body,
    b: &Body,
    interval: (&BigRational, &BigRational),
    options: &GlideOptions,
) -> Result<GlideOutcome, Error> {
    let exact = options.arithmetic == Arithmetic::Exact;
    let all = options.collisions == Collisions::All;
    let precision = options.precision;
    let setup = match Setup::new(a, b, interval.0, interval.1) {
        Ok(setup) => setup,
        // not one glide rotation from `t0`: two boxes go to the event cells
        // (in `f64` too, at `F64_EVENT_CELL_PRECISION`)
        Err(e) if e.is_not_applicable() && super::cells::takes(a, b) => {
            return event_cells(a, b, interval, options).map_err(|c| {
                if c.is_not_applicable() {
                    e
                } else {
                    c
                }
            });
        }
        Err(e) => return Err(e),
    };
    let ctx = FloatContext::new(&setup, a, interval.0, interval.1);
    let mut stats = GlideStats {
        path: match setup.rel.path {
            GlidePath::Translation { .. } => "translation",
            GlidePath::Rotation { .. } => "rotation",
        },
        angle: ctx.angle,
        error_estimate: super::glide_error_estimate(ctx.angle),
        forward_faces_b: ctx.forward_faces_b,
        backward_faces_a: ctx.backward_faces_a,
        ..GlideStats::default()
    };
    if let Some(c) = setup.rel.slide.clone() {
        if exact {
            // two boxes: the event cells, which also give the contact
            // intervals; other solids: the mixed event functions
            if super::cells::takes(a, b) {
                if !all {
                    return event_cells(a, b, interval, options);
                }
                // every collision from the mixed event functions, the
                // contact intervals from the cells (not the stretches too)
                let events_only = GlideOptions {
                    intervals: false,
                    ..*options
                };
                let mut out = solve_general(&setup, &ctx, &c, &events_only, stats, interval.0)?;
                out.contact_intervals = event_cells(a, b, interval, options)?.contact_intervals;
                return Ok(out);
            }
            return solve_general(&setup, &ctx, &c, options, stats, interval.0);
        }
        if !slide_is_rounding(&setup.rel, &c) && super::cells::takes(a, b) && !all {
            // the first contact and the contact intervals; every collision
            // (`all`) is listed by the mixed event functions, exact only
            return event_cells(a, b, interval, options);
        }
        if !slide_is_rounding(&setup.rel, &c) {
            return Err(Error::not_applicable(
                "a general screw (rotation and a slide) of solids other than two boxes is solved only in the exact path (the mixed event functions)".to_string(),
            ));
        }
        // an f64 scenario's poses, rounded to f64, leave a slide at rounding
        // level where the file meant a pure rotation: solved as that rotation
    }
    let rel = &setup.rel;
    let (initially_overlapping, events, contact_intervals) = if exact {
        let found = analytic_events::<BigRational>(
            &setup,
            &ctx,
            &mut stats,
            all,
            |param| exact_time(rel, param, precision),
            GlideTime::Exact(RealAlgebraic::from_rational(interval.1.clone())),
        )?;
        stats.first_parameter = found.first_parameter;
        (
            found.initially_overlapping,
            found.events,
            found.contact_intervals,
        )
    } else {
        let t1 = ctx.t1;
        let found = analytic_events::<f64>(
            &setup,
            &ctx,
            &mut stats,
            all,
            |param| {
                let t = float_time(rel, <f64 as RealRoots>::root_to_f64(param));
                Ok((t.is_finite() && t <= t1).then_some((GlideTime::Float(t), None)))
            },
            GlideTime::Float(t1),
        )?;
        (
            found.initially_overlapping,
            found.events,
            found.contact_intervals,
        )
    };
    Ok(GlideOutcome {
        initially_overlapping,
        events,
        contact_intervals: Some(contact_intervals),
        t0: interval.0.clone(),
        stats,
    })
}

/// `GlideStats::path` of an answer by event cells (its events are the first
/// contact only).
pub const EVENT_CELLS_PATH: &str = "event cells";

/// The precision of the event cells behind an `f64` answer: enclosures
/// at most `2^-40 max(1, |t|)` wide (about `1e-12` relative), reported by
/// their midpoints.
pub const F64_EVENT_CELL_PRECISION: u32 = 40;

/// Glide's answer by event cells (`cells.rs`): the first contact as its
/// one event (none when intersecting at `t0`), the contact intervals. In
/// `f64` the same certified cells run at [`F64_EVENT_CELL_PRECISION`] and
/// each time is reported as its enclosure's nearest `f64` midpoint: an
/// `f64` answer from the same algorithm, as slow as an exact one.
fn event_cells(
    a: &Body,
    b: &Body,
    interval: (&BigRational, &BigRational),
    options: &GlideOptions,
) -> Result<GlideOutcome, Error> {
    let exact = options.arithmetic == Arithmetic::Exact;
    let precision = if exact {
        options.precision
    } else {
        F64_EVENT_CELL_PRECISION
    };
    let out = super::cells::solve_event_cells(a, b, interval, precision)?;
    let time = |t: &EventCellTime| match (t, exact) {
        (EventCellTime::Exact(x), true) => {
            GlideTime::Exact(RealAlgebraic::from_rational(x.clone()))
        }
        (EventCellTime::Enclosure(lower, upper), true) => GlideTime::Enclosure {
            lower: lower.clone(),
            upper: upper.clone(),
        },
        (EventCellTime::Exact(x), false) => GlideTime::Float(rational_to_f64(x)),
        (EventCellTime::Enclosure(lower, upper), false) => {
            let two = BigRational::from_integer(2.into());
            GlideTime::Float(rational_to_f64(&((lower + upper) / two)))
        }
    };
    let events = match &out.first {
        Some((t, Some((event, geometry)))) => vec![GlideEvent {
            kind: event.kind,
            a: event.a,
            b: event.b,
            time: time(t),
            coplanar: false,
            geometry: geometry.clone(),
        }],
        _ => Vec::new(),
    };
    let enclosure_bits = match &out.first {
        Some((EventCellTime::Enclosure(lower, upper), _)) if exact => {
            Some(reached_bits(&Interval::new(lower.clone(), upper.clone())).min(options.precision))
        }
        _ => None,
    };
    Ok(GlideOutcome {
        initially_overlapping: out.initially_overlapping,
        events,
        contact_intervals: out.contact_intervals.as_ref().map(|intervals| {
            intervals
                .iter()
                .map(|(from, to)| (time(from), time(to)))
                .collect()
        }),
        t0: interval.0.clone(),
        stats: GlideStats {
            path: EVENT_CELLS_PATH,
            enclosure_bits,
            ..GlideStats::default()
        },
    })
}

/// What the analytic variant found: the overlap at `t0`, the reported
/// events, the contact intervals and the first event's parameter.
struct Found<R> {
    initially_overlapping: bool,
    events: Vec<GlideEvent>,
    contact_intervals: Vec<(GlideTime, GlideTime)>,
    first_parameter: Option<R>,
}

/// The time of an event's parameter, with the enclosure bits reached;
/// `None` beyond `t1`.
type TimeOf = Option<(GlideTime, Option<u32>)>;

/// The analytic variant in the scalar `S` (no slide): every event of the
/// step, the reported ones (the first, or all; a vertex gliding in a face's
/// plane reported at its first contact), and the contact intervals from all
/// of them (`intervals.rs`). `time_of` gives a parameter's time (`None`
/// beyond `t1`), `end` the time `t1`.
fn analytic_events<S: RealRoots>(
    setup: &Setup,
    ctx: &FloatContext,
    stats: &mut GlideStats,
    all: bool,
    time_of: impl Fn(&S::Root) -> Result<TimeOf, Error>,
    end: GlideTime,
) -> Result<Found<S::Root>, Error> {
    let (a, b) = placed_solids::<S>(setup);
    let (overlap, raw) = raw_events::<S>(setup, (&a, &b), &mut stats.events)?;
    let screw = matches!(
        setup.rel.path,
        GlidePath::Rotation {
            time: TimeMap::AngularSpeed { .. },
            ..
        }
    );
    // The events within the step: a screw's end parameter is
    // transcendental, so the events past `t1` are cut by their times (which
    // grow with the parameter).
    let kept = if screw {
        let (mut lo, mut hi) = (0, raw.len());
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if time_of(&raw[mid].param)?.is_some() {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        lo
    } else {
        raw.len()
    };
    let mut note_bits = |bits: Option<u32>| {
        if let Some(b) = bits {
            stats.enclosure_bits = Some(stats.enclosure_bits.map_or(b, |x: u32| x.min(b)));
        }
    };
    let mut events = Vec::new();
    let mut first_parameter = None;
    let mut gliding = std::collections::BTreeSet::new();
    for ev in &raw[..kept] {
        if ev.coplanar && !gliding.insert((ev.kind, ev.a, ev.b)) {
            continue; // a later contact of a vertex gliding in a face's plane
        }
        let Some((time, bits)) = time_of(&ev.param)? else {
            break;
        };
        note_bits(bits);
        if events.is_empty() {
            first_parameter = Some(ev.param.clone());
        }
        let lambda = <S as RealRoots>::root_to_f64(&ev.param);
        events.push(finish(setup, ctx, ev, lambda, time));
        if !all {
            break;
        }
    }
    let (lo, hi) = setup.rel.parameter_range();
    let (lo, hi) = (S::from_rational(&lo), S::from_rational(&hi));
    let close = if screw {
        Close::Before {
            beyond: raw
                .get(kept)
                .map_or_else(|| S::root_of_value(&hi), |e| e.param.clone()),
        }
    } else {
        Close::At(hi)
    };
    let (forward, _) = setup.paths::<S>();
    let params: Vec<S::Root> = raw[..kept].iter().map(|e| e.param.clone()).collect();
    let stretches = contact_stretches(&a, &b, &forward, &lo, overlap, &params, &close)?;
    let mut time_at = |m: &Mark<S::Root>| -> Result<GlideTime, Error> {
        match m {
            Mark::Stop => Ok(end.clone()),
            Mark::At(r) => {
                let (time, bits) = time_of(r)?.ok_or_else(|| {
                    Error::limit_exceeded("a contact interval's end came out past t1".to_string())
                })?;
                note_bits(bits);
                Ok(time)
            }
        }
    };
    let mut contact_intervals = Vec::with_capacity(stretches.len());
    for (from, to) in &stretches {
        contact_intervals.push((time_at(from)?, time_at(to)?));
    }
    Ok(Found {
        initially_overlapping: overlap,
        events,
        contact_intervals,
        first_parameter,
    })
}

fn finish<R>(
    setup: &Setup,
    ctx: &FloatContext,
    ev: &RawEvent<R>,
    lambda: f64,
    time: GlideTime,
) -> GlideEvent {
    let (a, b) = match ev.kind {
        EventKind::FaceVertex => (setup.a.face(ev.a), setup.b.vertex(ev.b)),
        EventKind::VertexFace => (setup.a.vertex(ev.a), setup.b.face(ev.b)),
        EventKind::EdgeEdge => (setup.a.edge(ev.a), setup.b.edge(ev.b)),
    };
    let t = match &time {
        GlideTime::Exact(r) => r.to_f64(),
        GlideTime::Enclosure { lower, upper } => crate::scalar::rational_to_f64(
            &((lower + upper) / BigRational::from_integer(BigInt::from(2))),
        ),
        GlideTime::Float(t) => *t,
    };
    let geometry = event_geometry(ctx, ev.kind, ev.a, ev.b, lambda, t);
    GlideEvent {
        kind: ev.kind,
        a,
        b,
        time,
        coplanar: ev.coplanar,
        geometry,
    }
}

/// The exact path for a general screw (`general.rs`).
fn solve_general(
    setup: &Setup,
    ctx: &FloatContext,
    c: &BigRational,
    options: &GlideOptions,
    mut stats: GlideStats,
    t0: &BigRational,
) -> Result<GlideOutcome, Error> {
    let (all, precision) = (options.collisions == Collisions::All, options.precision);
    let GlidePath::Rotation {
        axis_direction,
        time: TimeMap::Proportional { sigma_end },
        ..
    } = &setup.rel.path
    else {
        return Err(Error::not_applicable(
            "a general screw needs a poses rotation".to_string(),
        ));
    };
    let a = PlacedSolid::new(setup.a.mesh.clone());
    let b = PlacedSolid::new(setup.b_placed.clone());
    let initially_overlapping = solids_intersect(&a, &b).ok_or_else(|| {
        Error::limit_exceeded(
            "could not decide containment at t0: every tried ray met an edge".to_string(),
        )
    })?;
    let (fwd, inv) = setup.paths::<BigRational>();
    let (t_start, t_end) = &setup.rel.interval;
    // the time is t_start + (t_end - t_start) ρ: ρ narrowed by the span's
    // bits more keeps the time within 2^-precision
    let span_bits = u32::try_from((t_end - t_start).ceil().to_integer().bits()).unwrap_or(u32::MAX);
    let narrowed = precision.saturating_add(span_bits);
    let raw = mixed_events(&a, &b, &fwd, &inv, axis_direction, c, sigma_end, narrowed)
        .map_err(Error::limit_exceeded)?;
    stats.events.roots = raw.len();
    let kk = axis_direction.norm_squared();
    let g = u64::from(precision) + 32;
    let times: Vec<Interval> = raw
        .iter()
        .map(|e| {
            time_fraction(c, &kk, sigma_end, &e.sigma, g)
                .scale(&(t_end - t_start))
                .add(&Interval::point(t_start.clone()))
        })
        .collect();
    // The first contact is the least event time: enclosed by the least lower
    // end and the least upper end.
    let least_upper = times.iter().map(|t| t.hi.clone()).min();
    let mut events = Vec::new();
    for (i, (ev, t)) in raw.iter().zip(&times).enumerate() {
        let time = if ev.sigma.lo == ev.sigma.hi && ev.sigma.lo.is_zero() {
            GlideTime::Exact(RealAlgebraic::from_rational(t0.clone()))
        } else if ev.sigma.lo == ev.sigma.hi && ev.sigma.lo == *sigma_end {
            GlideTime::Exact(RealAlgebraic::from_rational(t_end.clone()))
        } else {
            let upper = if i == 0 {
                least_upper.clone().unwrap_or_else(|| t.hi.clone())
            } else {
                t.hi.clone()
            };
            GlideTime::Enclosure {
                lower: t.lo.clone(),
                upper,
            }
        };
        let mid = (&ev.sigma.lo + &ev.sigma.hi) / BigRational::from_integer(BigInt::from(2));
        let lambda = crate::scalar::rational_to_f64(&mid);
        let rawev = RawEvent {
            kind: ev.kind,
            a: ev.a,
            b: ev.b,
            param: (),
            coplanar: false,
        };
        events.push(finish(setup, ctx, &rawev, lambda, time));
        if !all {
            break;
        }
    }
    stats.enclosure_bits = events.first().and_then(|e| match &e.time {
        GlideTime::Enclosure { lower, upper } => {
            Some(reached_bits(&Interval::new(lower.clone(), upper.clone())).min(precision))
        }
        _ => None,
    });
    let path = ScrewPath {
        a: &a,
        b: &b,
        forward: &fwd,
        inverse: &inv,
        slide: axis_direction.scale(c),
        mixed: &Mixed::new(c.clone(), kk.clone(), sigma_end.clone(), g),
        sigma_end,
    };
    let brackets: Vec<Interval> = raw.iter().map(|e| e.sigma.clone()).collect();
    // a limit met here (the work budget) leaves the first contact standing
    // without intervals; none are asked for the first contact alone
    let stretches = if options.intervals {
        match screw_contact_stretches(&path, initially_overlapping, &brackets) {
            Ok(found) => found,
            Err(e) if e.is_limit_exceeded() => None,
            Err(e) => return Err(e),
        }
    } else {
        None
    };
    // a place's time: exact at the path's ends, else the enclosure of its
    // bracket's times
    let time_of = |place: &Interval| -> GlideTime {
        let exact = |t: &BigRational| GlideTime::Exact(RealAlgebraic::from_rational(t.clone()));
        if place.lo == place.hi && place.lo.is_zero() {
            return exact(t0);
        }
        if place.lo == place.hi && place.lo == *sigma_end {
            return exact(t_end);
        }
        let t = time_fraction(c, &kk, sigma_end, place, g)
            .scale(&(t_end - t_start))
            .add(&Interval::point(t_start.clone()));
        GlideTime::Enclosure {
            lower: t.lo,
            upper: t.hi,
        }
    };
    let contact_intervals = stretches.map(|s| {
        s.iter()
            .map(|(from, to)| (time_of(from), time_of(to)))
            .collect()
    });
    Ok(GlideOutcome {
        initially_overlapping,
        events,
        contact_intervals,
        t0: t0.clone(),
        stats,
    })
}
