//! The glide solver behind `exactccd solve --method glide`: runs
//! [`solve_glide`] and converts its [`GlideOutcome`] to the method-neutral
//! [`ContactResult`]. Exact answers under translations carry exact times;
//! under rotations certified enclosures (`Time::Enclosure`); the contact
//! intervals come from every event of the step (`solver/glide/intervals.rs`),
//! empty for general screws and the raster variant, which do not compute
//! them. With
//! `--all` every collision goes to the `collisions` extension field:
//! `{"kind", "a", "b", "time", "point", "normal", "properness", "proper",
//! "coplanar"}` per entry, in time order (`proper`: properness at least
//! the paper's threshold -0.1, Buss, "Collision Detection with Glide Rotations" section 5).
//!
//! `--variant raster` runs the pixel-based algorithm (`f64` only; exact
//! is not applicable): the reported collision is the earliest whose
//! properness is at least `--properness-threshold` (default -0.1), and
//! `stats` gives the resolution and the raster's counters; `--all` lists
//! every collision, `proper` judged by the same threshold.
//!
//! **Certificates.** An exact answer for two boxes under `static` and
//! `linear` motions (a pure translation: glide's exact rational times)
//! carries the method-neutral [`Certificate`] that the referee checks
//! (differential rule 1): one separation piece over `[t0, T)` (or `[t0,
//! t1]` without contact) whose direction is the normal of the first
//! event's feature pair, checked here exactly before it is given, and a
//! contact witness at `T` (`translation_certificate` derives why one
//! fixed direction suffices). On convex meshes under a translation the
//! answer carries the certificate of a convex hull (a convex mesh is the
//! hull of its vertices). An exact answer under a transcendental motion
//! (`angular`, `screw`, `poses`: the event cells and the rotation path)
//! for two solids the time cells take (boxes, convex meshes) carries the
//! evidence of certified time cells for *its* enclosure
//! (`transcendental_certificate`): separated cells tiling `[t0, lower]`
//! and a contact witness at `upper`, the form of sat's cell certificates,
//! which the referee re-proves with its own arithmetic. On a mesh that
//! need not be convex the certificate is by parts: under a translation
//! the SAT mesh solver's when its first contact is glide's
//! (`mesh_parts_certificate`), under a transcendental motion the cells'
//! evidence by parts for glide's own enclosure
//! (`transcendental_certificate`).
#![deny(clippy::float_arithmetic)]

use super::witness::find_contact_witness;
use super::{
    time_object, BodyQuery, Certificate, ContactResult, FeatureKind, FeaturePair, GlideCollision,
    GlideStats, GlideVariant, PieceEnd, RasterStats, ScalarKind, SeparationPiece, SolveOptions,
    SolverStats, Time,
};
use crate::geom::{Feature, Mat3, Shape, Vec3};
use crate::motion::{Body, PolyMotion};
use crate::poly::{Poly, RealAlgebraic};
use crate::scalar::BigRational;
use crate::solver::glide::raster::{solve_raster, RasterOutcome, RasterSettings};
use crate::solver::glide::{
    solve_glide, Arithmetic, Collisions, EventKind, GlideEvent, GlideOptions, GlideOutcome,
    GlideTime, EVENT_CELLS_PATH, PROPERNESS_THRESHOLD,
};
use crate::solver::sat::cells::{cells_take, claim_evidence, CellTime};
use crate::solver::sat::{claim_mesh_evidence, solve_mesh_with_evidence, MeshSearch, SatScenario};
use crate::Error;
use num_traits::{Signed, Zero};

fn time(t: &GlideTime) -> Time {
    match t {
        GlideTime::Exact(r) => Time::Exact(r.clone()),
        GlideTime::Enclosure { lower, upper } => Time::Enclosure {
            lower: lower.clone(),
            upper: upper.clone(),
        },
        GlideTime::Float(f) => Time::Float(*f),
    }
}

fn kind(k: EventKind) -> FeatureKind {
    match k {
        EventKind::FaceVertex => FeatureKind::FaceVertex,
        EventKind::VertexFace => FeatureKind::VertexFace,
        EventKind::EdgeEdge => FeatureKind::EdgeEdge,
    }
}

fn is_proper(p: Option<f64>, threshold: f64) -> bool {
    // `None` (parallel edges) is never reported by the event search.
    p.is_some_and(|v| !v.is_nan() && v.total_cmp(&threshold).is_ge())
}

fn collision(e: &GlideEvent, precision: u32, threshold: f64) -> GlideCollision {
    GlideCollision {
        kind: kind(e.kind),
        a: e.a,
        b: e.b,
        time: time_object(&time(&e.time), precision),
        point: e.geometry.point,
        normal: e.geometry.normal,
        properness: e.geometry.properness,
        proper: is_proper(e.geometry.properness, threshold),
        coplanar: e.coplanar,
    }
}

/// A box under a pure translation, in world coordinates: `x = R y + c0 + t
/// v` for the local point `y` (`R`, `c0`, `v` rational constants).
struct TranslatingBox {
    rotation: Mat3<BigRational>,
    start: Vec3<BigRational>,
    velocity: Vec3<BigRational>,
    half_extents: [BigRational; 3],
}

/// Coefficient `k` of `p` (zero past its degree).
fn coefficient(p: &Poly<BigRational>, k: usize) -> BigRational {
    p.coeffs().get(k).cloned().unwrap_or_else(BigRational::zero)
}

impl TranslatingBox {
    /// The box of `body` when its motion is a translation with constant
    /// velocity (`static`, `linear`: `L` and `w` constant, `T` of degree at
    /// most 1); `None` otherwise.
    fn of(body: &Body, t0: &BigRational) -> Option<Self> {
        let Shape::Box(shape) = &body.shape else {
            return None;
        };
        let m = PolyMotion::from_body_on(body, t0)?;
        let w = coefficient(&m.denominator, 0);
        let constant = |p: &Poly<BigRational>| p.degree().is_none_or(|d| d == 0);
        let affine = |p: &Poly<BigRational>| p.degree().is_none_or(|d| d <= 1);
        let rows = &m.linear.rows;
        if !constant(&m.denominator)
            || !w.is_positive()
            || !rows.iter().flatten().all(constant)
            || ![&m.translation.x, &m.translation.y, &m.translation.z]
                .into_iter()
                .all(affine)
        {
            return None;
        }
        Some(TranslatingBox {
            rotation: Mat3::from_rows(std::array::from_fn(|i| {
                std::array::from_fn(|j| coefficient(&rows[i][j], 0) / &w)
            })),
            start: m.translation.map(|p| coefficient(p, 0) / &w),
            velocity: m.translation.map(|p| coefficient(p, 1) / &w),
            half_extents: shape.half_extents.clone(),
        })
    }

    /// The world direction of local axis `k`.
    fn axis(&self, k: usize) -> Vec3<BigRational> {
        Vec3::from_array(std::array::from_fn(|i| self.rotation.rows[i][k].clone()))
    }

    /// The half width of the box's projection on `n`: `sum_k h_k |n . R
    /// e_k|` (its support function minus that of its centre).
    fn radius(&self, n: &Vec3<BigRational>) -> BigRational {
        (0..3)
            .map(|k| &self.half_extents[k] * n.dot(&self.axis(k)).abs())
            .fold(BigRational::zero(), |s, x| s + x)
    }

    /// The centre at time `t`.
    fn centre(&self, t: &BigRational) -> Vec3<BigRational> {
        &self.start + &self.velocity.scale(t)
    }
}

/// `min over b of n . y - max over a of n . x` at time `t`: positive when
/// the plane with normal `n` separates the boxes strictly, `b` beyond.
fn gap(
    a: &TranslatingBox,
    b: &TranslatingBox,
    n: &Vec3<BigRational>,
    t: &BigRational,
) -> BigRational {
    n.dot(&(&b.centre(t) - &a.centre(t))) - a.radius(n) - b.radius(n)
}

/// The normal from `a` to `b` of a box feature pair named by glide (`face
/// +x` of `a` and a vertex of `b`; a vertex of `a` and a face of `b`; two
/// edges, up to sign): the direction a first contact suggests.
fn feature_normals(
    e: &GlideEvent,
    a: &TranslatingBox,
    b: &TranslatingBox,
) -> Vec<Vec3<BigRational>> {
    let face = |feature: &Feature, of: &TranslatingBox| match feature {
        Feature::BoxFace(f) => {
            let n = of.axis(f.axis);
            Some(if f.positive { n } else { -&n })
        }
        _ => None,
    };
    let edge = |feature: &Feature, of: &TranslatingBox| match feature {
        Feature::BoxEdge(g) => Some(of.axis(g.axis)),
        _ => None,
    };
    match e.kind {
        EventKind::FaceVertex => face(&e.a, a).into_iter().collect(),
        EventKind::VertexFace => face(&e.b, b).map(|n| -&n).into_iter().collect(),
        EventKind::EdgeEdge => match (edge(&e.a, a), edge(&e.b, b)) {
            (Some(x), Some(y)) => {
                let n = x.cross(&y);
                vec![n.clone(), -&n]
            }
            _ => Vec::new(),
        },
    }
}

/// The certificate of glide's exact answer for two boxes under a pure
/// translation (module docs), or `None` when the scenario is of another
/// kind or no candidate direction checks out (the answer then stays
/// inconclusive for the referee, never wrongly certified).
///
/// **Why one fixed direction separates on all of `[t0, T)`.** Under a
/// pure translation each box keeps its orientation and its centre moves
/// as `c(t) = c0 + t v`, so along a fixed direction `n` the gap
/// `g_n(t) = min_B n . y - max_A n . x = n . (c_b(t) - c_a(t)) - r_a(n) -
/// r_b(n)` (with the constant half widths `r(n) = sum_k h_k |n . R e_k|`)
/// is **affine** in `t`. Hence `g_n(t0) > 0` and `g_n(T) >= 0` give
/// `g_n > 0` on all of `[t0, T)` (and `g_n(t1) > 0` on all of `[t0,
/// t1]`): two exact evaluations check the whole piece. Such an `n`
/// exists: with `D(t) = B(t) - A(t) = D0 + (t - t0) v_rel` (Minkowski
/// difference), `0` first meets `D` at `T`, at the point `q = -(T - t0)
/// v_rel` of the boundary of `D0`, approached along `-v_rel`; were every
/// outward normal `m` of `D0` at `q` to have `m . v_rel <= 0`, `v_rel`
/// would lie in the tangent cone of the polytope `D0` at `q` and `q + ε
/// v_rel` (the position at `T - ε / ...`) would already be in `D0`, a
/// contact before `T`. So some facet normal `m` of `D0` at `q` has `m .
/// v_rel > 0`, and `n = -m` gives `g_n(t) = (T - t) m . v_rel > 0` before
/// `T`, `0` at `T`. The facets of `D0` through `q` are the feature pairs
/// in contact at `T`: a face of `a`, a face of `b` or two edges, whose
/// normals are the candidates tried first (from the first event); after
/// them every face normal and edge-edge cross product of the two boxes
/// (the facets of `D0`), and for an answer without contact (the segment
/// `-(t - t0) v_rel`, `t` in `[t0, t1]`, misses `D0`, separated from it by
/// a facet of `D0 - segment`) also `v_rel` crossed with each box axis.
fn has_mesh(query: &BodyQuery<'_>) -> bool {
    [query.a, query.b]
        .iter()
        .any(|b| matches!(b.shape, crate::geom::Shape::Mesh(_)))
}

/// The certificate of glide's exact answer under a pure translation when a
/// body is a mesh: as for SAT's, when every mesh is convex
/// (`core_certificate::convex_mesh_certificate`), else (when `certify`:
/// it solves again) by parts (`mesh_parts_certificate`).
fn mesh_certificate(
    query: &BodyQuery<'_>,
    out: &GlideOutcome,
    certify: bool,
) -> Option<Certificate> {
    let first = if out.initially_overlapping {
        Some(RealAlgebraic::from_rational(query.interval.0.clone()))
    } else {
        match out.events.first().map(|e| &e.time) {
            Some(GlideTime::Exact(t)) => Some(t.clone()),
            Some(_) => return None,
            None => None,
        }
    };
    super::core_certificate::convex_mesh_certificate(query, first.as_ref()).or_else(|| {
        certify
            .then(|| mesh_parts_certificate(query, first.as_ref()))
            .flatten()
    })
}

/// The certificate by parts of a mesh that need not be convex under a
/// translation: the SAT mesh solver's evidence (separation of every pair
/// of pieces, `solids_certificate`), when its first contact is the one
/// glide claims (algebraic equality; none for both). The evidence is that
/// of a method that shares none of glide's decisions, and the referee
/// judges it on its own; `None` when the two differ (differential rule 2
/// holds glide to SAT there) or the evidence cannot be given.
fn mesh_parts_certificate(
    query: &BodyQuery<'_>,
    first: Option<&RealAlgebraic>,
) -> Option<Certificate> {
    let scenario = SatScenario {
        a: query.a,
        b: query.b,
        interval: (&query.interval.0, &query.interval.1),
    };
    let (sat, evidence) = solve_mesh_with_evidence(&scenario, MeshSearch::default()).ok()?;
    (sat.first_contact.as_ref() == first)
        .then(|| super::solids_certificate::solids_certificate(&sat, &evidence, query))
        .flatten()
}

/// The first contact glide claims, in the cells' form: `None` for no
/// contact, `Some(None)` when its time is neither a rational nor an
/// enclosure.
fn claimed_cell_time(query: &BodyQuery<'_>, out: &GlideOutcome) -> Option<Option<CellTime>> {
    if out.initially_overlapping {
        return Some(Some(CellTime::Exact(query.interval.0.clone())));
    }
    Some(match out.events.first().map(|e| &e.time) {
        Some(GlideTime::Exact(t)) => Some(CellTime::Exact(t.as_rational()?.clone())),
        Some(GlideTime::Enclosure { lower, upper }) => {
            Some(CellTime::Enclosure(lower.clone(), upper.clone()))
        }
        Some(GlideTime::Float(_)) => return None,
        None => None,
    })
}

/// The certificate of glide's exact answer under a transcendental motion
/// (module docs): the time cells' evidence for the first contact glide
/// claims, built without glide's own decisions (its event exclusions are
/// not a form the referee checks), so a wrong enclosure gets none. Two
/// solids the cells take get the evidence of one pair of cells; a mesh
/// that need not be convex the evidence by parts (every pair of pieces
/// separated before the claim, a witness in one pair at its upper end).
/// `None` when the answer's time is not a rational or an enclosure, or
/// the cells do not prove it.
fn transcendental_certificate(
    query: &BodyQuery<'_>,
    out: &GlideOutcome,
    precision: u32,
) -> Option<Certificate> {
    let interval = (&query.interval.0, &query.interval.1);
    let claimed = claimed_cell_time(query, out)?;
    let (a, b) = (query.a, query.b);
    if cells_take(&a.shape, &b.shape) {
        let evidence = claim_evidence(a, b, interval, claimed.as_ref(), precision).ok()??;
        return Some(super::sat::cells_certificate(&evidence));
    }
    let parts = claim_mesh_evidence(a, b, interval, claimed.as_ref(), precision).ok()??;
    let cuts = super::solids_certificate::mesh_cuts(a, b);
    Some(super::sat::mesh_cells_certificate(&parts, cuts))
}

/// True for two solids the time cells take (boxes, triangles, convex
/// meshes and hulls) or a mesh, one of them under a transcendental motion.
fn is_certified_by_cells(query: &BodyQuery<'_>) -> bool {
    (cells_take(&query.a.shape, &query.b.shape) || has_mesh(query))
        && (super::sat::is_transcendental(query.a) || super::sat::is_transcendental(query.b))
}

fn translation_certificate(query: &BodyQuery<'_>, out: &GlideOutcome) -> Option<Certificate> {
    let (t0, t1) = (&query.interval.0, &query.interval.1);
    let a = TranslatingBox::of(query.a, t0)?;
    let b = TranslatingBox::of(query.b, t0)?;
    let first = out.events.first();
    let contact = if out.initially_overlapping {
        Some(t0.clone())
    } else {
        match first.map(|e| &e.time) {
            Some(GlideTime::Exact(t)) => Some(t.as_rational()?.clone()),
            Some(_) => return None,
            None => None,
        }
    };
    let hint = first.map(|e| kind(e.kind));
    let witness = |t: &BigRational| {
        find_contact_witness(
            query.a,
            query.b,
            t0,
            &RealAlgebraic::from_rational(t.clone()),
            hint,
        )
    };
    if let Some(t) = contact.as_ref().filter(|t| *t == t0) {
        // touching or overlapping at t0: nothing to separate
        return Some(Certificate {
            separation: Vec::new(),
            contact: Some(witness(t)?),
            solids: None,
        });
    }
    let mut candidates: Vec<Vec3<BigRational>> = Vec::new();
    if let Some(e) = first {
        candidates.extend(feature_normals(e, &a, &b));
    }
    let axes: Vec<Vec3<BigRational>> = (0..3)
        .map(|k| a.axis(k))
        .chain((0..3).map(|k| b.axis(k)))
        .collect();
    candidates.extend(axes.iter().cloned());
    for i in 0..3 {
        for j in 3..6 {
            candidates.push(axes[i].cross(&axes[j]));
        }
    }
    if contact.is_none() {
        let relative = &b.velocity - &a.velocity;
        candidates.extend(axes.iter().map(|x| relative.cross(x)));
    }
    let end = contact.as_ref().unwrap_or(t1);
    let separates = |n: &Vec3<BigRational>| {
        let at_end = gap(&a, &b, n, end);
        gap(&a, &b, n, t0).is_positive()
            && if contact.is_some() {
                !at_end.is_negative()
            } else {
                at_end.is_positive()
            }
    };
    let direction = candidates
        .iter()
        .filter(|n| !n.is_zero())
        .flat_map(|n| [n.clone(), -n])
        .find(|n| separates(n))?;
    let label = match first {
        Some(e) => format!("glide translation: {} / {}", e.a, e.b),
        None => "glide translation: no contact".to_owned(),
    };
    Some(Certificate {
        separation: vec![SeparationPiece {
            body_fixed: None,
            about_axis: None,
            from: t0.clone(),
            to: match &contact {
                Some(_) => PieceEnd::BeforeContact,
                None => PieceEnd::At(t1.clone()),
            },
            direction: direction.map(|c| Poly::constant(c.clone())),
            label,
        }],
        contact: match &contact {
            Some(t) => Some(witness(t)?),
            None => None,
        },
        solids: None,
    })
}

fn convert(
    out: &GlideOutcome,
    query: &BodyQuery<'_>,
    scalar: ScalarKind,
    options: &SolveOptions,
) -> ContactResult {
    let first = out.events.first();
    let t0 = || match scalar {
        ScalarKind::Exact => Time::Exact(RealAlgebraic::from_rational(out.t0.clone())),
        ScalarKind::F64 => Time::Float(crate::scalar::rational_to_f64(&out.t0)),
    };
    let collides = out.initially_overlapping || first.is_some();
    let time_of_contact = if out.initially_overlapping {
        Some(t0())
    } else {
        first.map(|e| time(&e.time))
    };
    let shown = if out.initially_overlapping {
        None
    } else {
        first
    };
    let s = &out.stats;
    ContactResult {
        collides,
        initially_overlapping: out.initially_overlapping,
        time: time_of_contact,
        contact_intervals: out
            .contact_intervals
            .iter()
            .flatten()
            .map(|(from, to)| (time(from), time(to)))
            .collect(),
        feature: shown.map(feature_pair),
        point: shown.map(|e| e.geometry.point),
        normal: shown.and_then(|e| e.geometry.normal),
        stats: Some(SolverStats::Glide(GlideStats {
            path: s.path,
            angle: s.angle,
            error_estimate: s.error_estimate,
            pairs: s.events.pairs,
            roots: s.events.roots,
            coplanar_pairs: s.events.coplanar_pairs,
            forward_faces_b: s.forward_faces_b,
            backward_faces_a: s.backward_faces_a,
            enclosure_bits: s.enclosure_bits,
            properness: shown.and_then(|e| e.geometry.properness),
        })),
        certificate: match (scalar, out.stats.path) {
            (ScalarKind::Exact, "translation") if has_mesh(query) => {
                mesh_certificate(query, out, options.certify)
            }
            (ScalarKind::Exact, "translation") => translation_certificate(query, out),
            (ScalarKind::Exact, EVENT_CELLS_PATH | "rotation")
                if options.certify && is_certified_by_cells(query) =>
            {
                transcendental_certificate(query, out, options.precision)
            }
            _ => None,
        },
        collisions: options.all_collisions.then(|| {
            out.events
                .iter()
                .map(|e| collision(e, options.precision, PROPERNESS_THRESHOLD))
                .collect()
        }),
    }
}

/// The features of a glide event, in the method-neutral form.
fn feature_pair(e: &GlideEvent) -> FeaturePair {
    FeaturePair {
        kind: kind(e.kind),
        a: e.a,
        b: e.b,
    }
}

#[allow(clippy::float_arithmetic)] // f64 statistics of an f64 variant.
fn convert_raster(out: &RasterOutcome, options: &SolveOptions, span: f64) -> ContactResult {
    let threshold = out.properness_threshold;
    let glide = &out.outcome;
    let first = glide
        .events
        .iter()
        .find(|e| is_proper(e.geometry.properness, threshold));
    let overlapping = glide.initially_overlapping;
    let shown = if overlapping { None } else { first };
    let s = &out.stats;
    ContactResult {
        collides: overlapping || first.is_some(),
        initially_overlapping: overlapping,
        time: if overlapping {
            Some(Time::Float(crate::scalar::rational_to_f64(&glide.t0)))
        } else {
            first.map(|e| time(&e.time))
        },
        contact_intervals: Vec::new(),
        feature: shown.map(feature_pair),
        point: shown.map(|e| e.geometry.point),
        normal: shown.and_then(|e| e.geometry.normal),
        stats: Some(SolverStats::Raster(RasterStats {
            variant: "raster",
            path: glide.stats.path,
            angle: glide.stats.angle,
            error_estimate: glide.stats.error_estimate,
            pixel: out.resolution.pixel,
            time_resolution: out.resolution.time * span,
            properness_threshold: threshold,
            properness: shown.and_then(|e| e.geometry.properness),
            collisions_found: glide.events.len(),
            early_out: s.early_out,
            pieces_a: s.pieces_a,
            pieces_b: s.pieces_b,
            doppeled_pieces: s.doppeled_pieces,
            faces_whole: s.faces_whole,
            faces_clipped: s.faces_clipped,
            faces_culled: s.faces_culled,
            chords: s.chords,
            face_records: s.face_records,
            vertex_pixels: s.vertex_pixels,
            edge_pixels: s.edge_pixels,
            vertex_candidates: s.vertex_candidates,
            edge_candidates: s.edge_candidates,
            edge_pairs_solved: s.edge_pairs_solved,
        })),
        certificate: None,
        collisions: options.all_collisions.then(|| {
            glide
                .events
                .iter()
                .map(|e| collision(e, options.precision, threshold))
                .collect()
        }),
    }
}

fn solve_raster_variant(
    query: &BodyQuery<'_>,
    scalar: ScalarKind,
    options: &SolveOptions,
    settings: &RasterSettings,
) -> Result<ContactResult, Error> {
    if scalar == ScalarKind::Exact {
        return Err(Error::not_applicable(
            "the raster variant of glide is an f64 algorithm (pixels and Newton's method); use --scalar f64".to_string(),
        ));
    }
    let (t0, t1) = (&query.interval.0, &query.interval.1);
    let out = solve_raster(query.a, query.b, (t0, t1), settings)?;
    let span = crate::scalar::rational_to_f64(&(t1 - t0));
    Ok(convert_raster(&out, options, span))
}

/// Runs the glide solver on the query in the requested scalar.
pub(crate) fn solve(
    query: &BodyQuery<'_>,
    scalar: ScalarKind,
    options: &SolveOptions,
) -> Result<ContactResult, Error> {
    if let GlideVariant::Raster(settings) = &options.glide_variant {
        return solve_raster_variant(query, scalar, options, settings);
    }
    let (t0, t1) = (&query.interval.0, &query.interval.1);
    let out = solve_glide(
        query.a,
        query.b,
        (t0, t1),
        &GlideOptions {
            arithmetic: match scalar {
                ScalarKind::Exact => Arithmetic::Exact,
                ScalarKind::F64 => Arithmetic::Float,
            },
            collisions: if options.all_collisions {
                Collisions::All
            } else {
                Collisions::First
            },
            precision: options.precision,
            intervals: !options.first_contact_only,
        },
    )?;
    Ok(convert(&out, query, scalar, options))
}
