//! Certificates for the feature-pair distance method: spheres, capsules,
//! convex hulls, boxes and triangles within a separation `d`; and for the
//! SAT method's answers on convex meshes (a convex mesh is the hull of its
//! vertices).
//!
//! Every shape is a core (a polytope, a segment or a point) plus a radius,
//! and the bodies are within `d` exactly when their cores are within
//! `R = r_a + r_b + d` (docs/methods/distance.md). The referee takes that
//! form: a separation piece is a direction `n(t)` along which every core
//! vertex of `b` lies farther than every core vertex of `a` by more than
//! `R |n|`; a contact is two points, one in each core, at most `R` apart.
//!
//! Between convex cores the distance is attained by a feature pair, and
//! that pair's direction separates the cores by exactly the distance: the
//! difference of two vertices, a face normal, the cross product of two
//! edges, or the perpendicular from an edge's line to a vertex. So:
//!
//! * **the witness** at the first contact `T` is the pair's two nearest
//!   points (a vertex, its foot on a face plane or an edge line, the
//!   nearest points of two edge lines), rational functions of `t`; the
//!   solver's feature pair is tried first, then every pair by its distance
//!   at a rational time next to `T`; for cores that start overlapping
//!   deeply, a vertex of one core inside the other or an edge crossing a
//!   face plane;
//! * **the last piece** `[s, T)` takes the witness pair's direction, which
//!   separates by more than `R` up to `T` when the pair is the nearest
//!   one; `s` moves towards `T` until the referee accepts it;
//! * **the pieces before** cover `[t0, s]` (or `[t0, t1]` without contact)
//!   by halving: on each piece the pair direction that separates best at
//!   its midpoint, halved again where the referee refuses it.
//!
//! Each piece and the witness are checked by the referee while they are
//! built (`oracle::check_separation_piece`, `oracle::check_contact_witness`)
//! and the whole certificate again by the caller: building can fail (a
//! degenerate contact no pair direction proves, a piecewise motion, the
//! halving's depth limit), which leaves the answer uncertified, never
//! wrong.
#![deny(clippy::float_arithmetic)]

use super::{BodyQuery, Certificate, ContactQuery, ContactWitness, PieceEnd, SeparationPiece};
use crate::geom::core::Core;
use crate::geom::{Feature, MatrixEntry, Shape, Vec3};
use crate::motion::{common_pieces, PolyMotion};
use crate::poly::{Poly, RealAlgebraic};
use crate::scalar::{BigInt, BigRational, Ring, Sign};
use exactccd_oracle as oracle;
use num_traits::One;
use std::cmp::Ordering;

type Q = BigRational;
type PVec = Vec3<Poly<Q>>;

/// How many times a piece may be halved.
const MAX_DEPTH: u32 = 48;
/// How many separation pieces a certificate may have.
const MAX_PIECES: usize = 256;
/// The most vertices a convex mesh may have for its answers to be
/// certified ([`convex_mesh_certificate`]).
pub(crate) const MAX_MESH_VERTICES: usize = 64;
/// How many witness candidates are checked exactly before giving up.
const MAX_WITNESS_CHECKS: usize = 48;

/// A feature pair, by point indices into the cores (`a` first).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pair {
    /// Vertex of `a`, vertex of `b`.
    VertexVertex(usize, usize),
    /// Vertex of `b` (`true`) or `a` on an edge of the other.
    VertexEdge(bool, usize, [usize; 2]),
    /// Vertex of `b` (`true`) or `a` on a face (index) of the other.
    VertexFace(bool, usize, usize),
    /// Edge of `a`, edge of `b`.
    EdgeEdge([usize; 2], [usize; 2]),
    /// Vertex of `b` (`true`) or `a` inside the other core (one point).
    Inside(bool, usize),
    /// Edge of `b` (`true`) or `a` crossing a face plane (index) of the
    /// other (one point).
    Crossing(bool, [usize; 2], usize),
}

/// Both cores' points in one frame: world numerators over the common
/// denominator `w_a w_b` (polynomials), or world points at one time
/// (rationals).
struct Points<'c, S> {
    cores: [&'c Core; 2],
    at: [Vec<Vec3<S>>; 2],
}

impl<S: MatrixEntry> Points<'_, S> {
    fn side(&self, of_b: bool) -> (&Core, &[Vec3<S>]) {
        let i = usize::from(of_b);
        (self.cores[i], &self.at[i])
    }

    /// A face's outward normal (first three corners, counter-clockwise).
    fn face_normal(&self, of_b: bool, face: usize) -> (Vec3<S>, &Vec3<S>) {
        let (core, p) = self.side(of_b);
        let c = &core.faces[face].corners;
        (
            (&p[c[1]] - &p[c[0]]).cross(&(&p[c[2]] - &p[c[0]])),
            &p[c[0]],
        )
    }

    /// The pair's direction from `a` to `b`, up to sign for edge-edge pairs
    /// and faces of two-sided triangles.
    fn direction(&self, pair: Pair) -> Vec3<S> {
        let (pa, pb) = (&self.at[0], &self.at[1]);
        let neg = |v: Vec3<S>| v.map(|x| -x.clone());
        match pair {
            Pair::VertexVertex(i, j) => &pb[j] - &pa[i],
            Pair::VertexEdge(of_b, v, [e0, e1]) => {
                let (x, y) = if of_b { (pb, pa) } else { (pa, pb) };
                let (d, e) = (&x[v] - &y[e0], &y[e1] - &y[e0]);
                let u = &d.scale(&e.norm_squared()) - &e.scale(&d.dot(&e));
                if of_b {
                    u
                } else {
                    neg(u)
                }
            }
            Pair::VertexFace(of_b, _, f) => {
                let n = self.face_normal(!of_b, f).0;
                if of_b {
                    n
                } else {
                    neg(n)
                }
            }
            Pair::EdgeEdge([a0, a1], [b0, b1]) => (&pa[a1] - &pa[a0]).cross(&(&pb[b1] - &pb[b0])),
            Pair::Inside(..) | Pair::Crossing(..) => Vec3::zero(),
        }
    }

    /// The pair's two nearest points as `(numerator, denominator)`, `a`'s
    /// first (the same point twice for `Inside` and `Crossing`).
    fn witness(&self, pair: Pair) -> [(Vec3<S>, S); 2] {
        let (pa, pb) = (&self.at[0], &self.at[1]);
        let one = || S::entry_one();
        let order =
            |of_b: bool, x: (Vec3<S>, S), y: (Vec3<S>, S)| if of_b { [y, x] } else { [x, y] };
        match pair {
            Pair::VertexVertex(i, j) => [(pa[i].clone(), one()), (pb[j].clone(), one())],
            Pair::VertexEdge(of_b, v, [e0, e1]) => {
                let (x, y) = if of_b { (pb, pa) } else { (pa, pb) };
                let (d, e) = (&x[v] - &y[e0], &y[e1] - &y[e0]);
                let e2 = e.norm_squared();
                let foot = &y[e0].scale(&e2) + &e.scale(&d.dot(&e));
                order(of_b, (x[v].clone(), one()), (foot, e2))
            }
            Pair::VertexFace(of_b, v, f) => {
                let x = if of_b { pb } else { pa };
                let (n, f0) = self.face_normal(!of_b, f);
                let n2 = n.norm_squared();
                let foot = &x[v].scale(&n2) - &n.scale(&n.dot(&(&x[v] - f0)));
                order(of_b, (x[v].clone(), one()), (foot, n2))
            }
            Pair::EdgeEdge([a0, a1], [b0, b1]) => {
                let (ea, eb, r) = (&pa[a1] - &pa[a0], &pb[b1] - &pb[b0], &pb[b0] - &pa[a0]);
                let (aa, bb, ab) = (ea.norm_squared(), eb.norm_squared(), ea.dot(&eb));
                let (ar, br) = (ea.dot(&r), eb.dot(&r));
                let n2 = aa.entry_mul(&bb).entry_sub(&ab.entry_mul(&ab));
                let s = ar.entry_mul(&bb).entry_sub(&ab.entry_mul(&br));
                let u = ab.entry_mul(&ar).entry_sub(&aa.entry_mul(&br));
                [
                    (&pa[a0].scale(&n2) + &ea.scale(&s), n2.clone()),
                    (&pb[b0].scale(&n2) + &eb.scale(&u), n2),
                ]
            }
            Pair::Inside(of_b, v) => {
                let p = (self.side(of_b).1[v].clone(), one());
                [p.clone(), p]
            }
            Pair::Crossing(of_b, [e0, e1], f) => {
                let x = self.side(of_b).1;
                let (n, f0) = self.face_normal(!of_b, f);
                let e = &x[e1] - &x[e0];
                let ne = n.dot(&e);
                let p = &x[e0].scale(&ne) + &e.scale(&n.dot(&(f0 - &x[e0])));
                [(p.clone(), ne.clone()), (p, ne)]
            }
        }
    }
}

impl Points<'_, Q> {
    /// True when the pair's two nearest points lie on its features at the
    /// points' time: a foot inside its face or on its edge, the nearest
    /// points of two edge lines on both edges. Only such a pair can be the
    /// nearest pair of the cores (the witness tries them first).
    fn on_features(&self, pair: Pair) -> bool {
        let zero = <Q as Ring>::zero();
        let on_edge = |s: &Q, length: &Q| &zero <= s && s <= length;
        let (pa, pb) = (&self.at[0], &self.at[1]);
        match pair {
            Pair::VertexVertex(..) | Pair::Inside(..) | Pair::Crossing(..) => true,
            Pair::VertexEdge(of_b, v, [e0, e1]) => {
                let (x, y) = if of_b { (pb, pa) } else { (pa, pb) };
                let e = &y[e1] - &y[e0];
                on_edge(&(&x[v] - &y[e0]).dot(&e), &e.norm_squared())
            }
            Pair::VertexFace(of_b, v, f) => {
                let x = if of_b { pb } else { pa };
                let (core, y) = self.side(!of_b);
                let (n, f0) = self.face_normal(!of_b, f);
                let n2 = n.norm_squared();
                if n2 == zero {
                    return false;
                }
                let foot = &x[v] - &n.scale(&(n.dot(&(&x[v] - f0)) / &n2));
                let c = &core.faces[f].corners;
                (0..c.len()).all(|k| {
                    let (u, w) = (&y[c[k]], &y[c[(k + 1) % c.len()]]);
                    (w - u).cross(&(&foot - u)).dot(&n) >= zero
                })
            }
            Pair::EdgeEdge([a0, a1], [b0, b1]) => {
                let [(p, n2), (q, _)] = self.witness(pair);
                if n2 == zero {
                    return false;
                }
                // the points times `n2`, against the edges' ends times `n2`
                let along = |x: &Vec3<Q>, e0: &Vec3<Q>, e1: &Vec3<Q>| {
                    let e = e1 - e0;
                    on_edge(&(x - &e0.scale(&n2)).dot(&e), &(&e.norm_squared() * &n2))
                };
                along(&p, &pa[a0], &pa[a1]) && along(&q, &pb[b0], &pb[b1])
            }
        }
    }
}

/// Every feature pair whose direction may separate the cores (all but
/// `Inside` and `Crossing`), and then those.
fn all_pairs(cores: [&Core; 2]) -> (Vec<Pair>, Vec<Pair>) {
    let [a, b] = cores;
    let mut pairs = Vec::new();
    for &(i, _) in &a.vertices {
        for &(j, _) in &b.vertices {
            pairs.push(Pair::VertexVertex(i, j));
        }
    }
    for (of_b, x, y) in [(false, a, b), (true, b, a)] {
        for &(v, _) in &x.vertices {
            pairs.extend(
                y.edges
                    .iter()
                    .map(|&(e0, e1, _)| Pair::VertexEdge(of_b, v, [e0, e1])),
            );
            pairs.extend((0..y.faces.len()).map(|f| Pair::VertexFace(of_b, v, f)));
        }
    }
    for &(a0, a1, _) in &a.edges {
        for &(b0, b1, _) in &b.edges {
            pairs.push(Pair::EdgeEdge([a0, a1], [b0, b1]));
        }
    }
    let mut common = Vec::new();
    for (of_b, x, y) in [(false, a, b), (true, b, a)] {
        common.extend(x.vertices.iter().map(|&(v, _)| Pair::Inside(of_b, v)));
        for &(e0, e1, _) in &x.edges {
            common.extend((0..y.faces.len()).map(|f| Pair::Crossing(of_b, [e0, e1], f)));
        }
    }
    (pairs, common)
}

/// The pair the solver reported, when its features name one.
fn reported_pair(cores: [&Core; 2], features: (Feature, Feature)) -> Option<Pair> {
    enum Of {
        Vertex(usize),
        Edge([usize; 2]),
        Face(usize),
    }
    let find = |core: &Core, f: Feature| -> Option<Of> {
        if let Some(&(v, _)) = core.vertices.iter().find(|(_, g)| *g == f) {
            return Some(Of::Vertex(v));
        }
        if let Some(&(e0, e1, _)) = core.edges.iter().find(|(_, _, g)| *g == f) {
            return Some(Of::Edge([e0, e1]));
        }
        core.faces
            .iter()
            .position(|face| face.feature == f)
            .map(Of::Face)
    };
    Some(
        match (find(cores[0], features.0)?, find(cores[1], features.1)?) {
            (Of::Vertex(i), Of::Vertex(j)) => Pair::VertexVertex(i, j),
            (Of::Vertex(i), Of::Edge(e)) => Pair::VertexEdge(false, i, e),
            (Of::Edge(e), Of::Vertex(j)) => Pair::VertexEdge(true, j, e),
            (Of::Vertex(i), Of::Face(f)) => Pair::VertexFace(false, i, f),
            (Of::Face(f), Of::Vertex(j)) => Pair::VertexFace(true, j, f),
            (Of::Edge(e), Of::Edge(g)) => Pair::EdgeEdge(e, g),
            _ => return None,
        },
    )
}

/// The world numerators of a core's points under a motion, each times
/// `other_w` (so that both cores share the denominator `w_a w_b`).
fn numerators(core: &Core, m: &PolyMotion<Q>, other_w: &Poly<Q>) -> Vec<PVec> {
    let rows = &m.linear.rows;
    core.points
        .iter()
        .map(|y| {
            let row = |i: usize| {
                let mut acc = m.translation[i].clone();
                for j in 0..3 {
                    acc = &acc + &rows[i][j].scale(&y[j]);
                }
                &acc * other_w
            };
            Vec3::new(row(0), row(1), row(2))
        })
        .collect()
}

/// What the builder works with.
struct Scene<'c> {
    numerators: Points<'c, Poly<Q>>,
    common: Poly<Q>,
    reach: Q,
    case: oracle::Case,
    pairs: Vec<Pair>,
}

impl Scene<'_> {
    /// Both cores' world points at the rational time `t`.
    fn points_at(&self, t: &Q) -> Points<'_, Q> {
        let w = self.common.eval(t);
        let at =
            |p: &[PVec]| -> Vec<Vec3<Q>> { p.iter().map(|v| v.map(|c| c.eval(t) / &w)).collect() };
        Points {
            cores: self.numerators.cores,
            at: [at(&self.numerators.at[0]), at(&self.numerators.at[1])],
        }
    }

    /// Both cores' world points at `t` times one positive integer `c`
    /// (the least common denominator), as integers, and `c`.
    fn integer_points_at(&self, t: &Q) -> (Points<'_, BigInt>, BigInt) {
        let points = self.points_at(t);
        let mut c = <BigInt as Ring>::one();
        for x in points.at.iter().flatten().flat_map(|v| [&v.x, &v.y, &v.z]) {
            if !x.denom().is_one() {
                c = crate::scalar::euclid::lcm(&c, x.denom());
            }
        }
        let scaled = |x: &Q| x.numer() * (&c / x.denom());
        let at = points.at.map(|p| p.iter().map(|v| v.map(scaled)).collect());
        (
            Points {
                cores: self.numerators.cores,
                at,
            },
            c,
        )
    }

    /// The pair direction that separates best at `t` (`gap / |n|` largest,
    /// with its sign), when one separates by more than `R` there.
    fn best_direction(&self, t: &Q) -> Option<(Pair, bool)> {
        self.best_direction_among(&self.integer_points_at(t))
    }

    /// [`Scene::best_direction`] on the integer points at one time. In
    /// integers: the points times `c`, so `R` becomes `R c`.
    fn best_direction_among(
        &self,
        (points, c): &(Points<'_, BigInt>, BigInt),
    ) -> Option<(Pair, bool)> {
        // gap > R c |n|  <=>  gap > 0 and gap^2 r_den^2 > r_num^2 c^2 |n|^2
        let (r_num, r_den) = (self.reach.numer() * c, self.reach.denom().clone());
        let (r_num2, r_den2) = (&r_num * &r_num, &r_den * &r_den);
        let zero = <BigInt as Ring>::zero();
        // best so far: (gap^2, |n|^2), compared as gap^2 / |n|^2
        let mut best: Option<(BigInt, BigInt, Pair, bool)> = None;
        for &pair in &self.pairs {
            let n = points.direction(pair);
            let n2 = n.norm_squared();
            if n2 == zero {
                continue;
            }
            let extent = |p: &[Vec3<BigInt>]| {
                let dots: Vec<BigInt> = p.iter().map(|v| n.dot(v)).collect();
                (dots.iter().min().cloned(), dots.iter().max().cloned())
            };
            let ((Some(a_lo), Some(a_hi)), (Some(b_lo), Some(b_hi))) =
                (extent(&points.at[0]), extent(&points.at[1]))
            else {
                continue;
            };
            for (gap, flip) in [(&b_lo - &a_hi, false), (&a_lo - &b_hi, true)] {
                if gap <= zero {
                    continue;
                }
                let gap2 = &gap * &gap;
                if &gap2 * &r_den2 <= &r_num2 * &n2 {
                    continue;
                }
                let better = best
                    .as_ref()
                    .is_none_or(|(g2, m2, ..)| &gap2 * m2 > g2 * &n2);
                if better {
                    best = Some((gap2, n2.clone(), pair, flip));
                }
            }
        }
        best.map(|(_, _, pair, flip)| (pair, flip))
    }

    /// True when the pair's direction separates `b` below `a` at the
    /// points' time rather than above (edge-edge and two-sided face directions have no
    /// sign of their own).
    fn reversed_at(&self, pair: Pair, (points, _): &(Points<'_, BigInt>, BigInt)) -> bool {
        let n = points.direction(pair);
        let along = |p: &[Vec3<BigInt>]| -> Vec<BigInt> { p.iter().map(|v| n.dot(v)).collect() };
        let (a, b) = (along(&points.at[0]), along(&points.at[1]));
        let above = matches!((b.iter().min(), a.iter().max()), (Some(x), Some(y)) if x > y);
        let below = matches!((a.iter().min(), b.iter().max()), (Some(x), Some(y)) if x > y);
        !above && below
    }

    fn piece(&self, from: &Q, to: PieceEnd, pair: Pair, flip: bool) -> SeparationPiece {
        let n = self.numerators.direction(pair);
        SeparationPiece {
            body_fixed: None,
            about_axis: None,
            from: from.clone(),
            to,
            direction: if flip { n.map(|x| -x.clone()) } else { n },
            label: format!("{pair:?}{}", if flip { ", reversed" } else { "" }),
        }
    }

    fn accepted(&self, piece: &SeparationPiece, contact: Option<&oracle::Algebraic>) -> bool {
        let p = super::oracle_form::piece_of(piece);
        oracle::check_separation_piece(&self.case, &p, contact) == oracle::Verdict::Certified
    }

    /// Pieces covering `[from, to]`, halved where needed.
    fn cover(&self, from: &Q, to: &Q, depth: u32, out: &mut Vec<SeparationPiece>) -> Option<()> {
        crate::budget::check().ok()?;
        if out.len() >= MAX_PIECES {
            return None;
        }
        let mid = (from + to) / Q::from_i64(2);
        if let Some((pair, flip)) = self.best_direction(&mid) {
            let piece = self.piece(from, PieceEnd::At(to.clone()), pair, flip);
            if self.accepted(&piece, None) {
                out.push(piece);
                return Some(());
            }
        }
        if depth == 0 {
            return None;
        }
        self.cover(from, &mid, depth - 1, out)?;
        self.cover(&mid, to, depth - 1, out)
    }

    /// The witness at `t`: the reported pair first, then every pair by its
    /// points' distance at a rational time next to `t`, then the one-point
    /// candidates of a deep overlap.
    fn witness(
        &self,
        t: &RealAlgebraic,
        at: &oracle::Algebraic,
        reported: Option<Pair>,
        common: &[Pair],
    ) -> Option<(ContactWitness, Pair)> {
        let tau = rational_near(t);
        let points = self.points_at(&tau);
        let zero = <Q as Ring>::zero();
        let mut ranked: Vec<((bool, Q), Pair)> = self
            .pairs
            .iter()
            .filter_map(|&pair| {
                let [(p, d), (q, e)] = points.witness(pair);
                if d == zero || e == zero {
                    return None;
                }
                let gap =
                    &p.scale(&(<Q as Ring>::one() / &d)) - &q.scale(&(<Q as Ring>::one() / &e));
                Some(((!points.on_features(pair), gap.norm_squared()), pair))
            })
            .collect();
        // pairs whose points lie on their features first, each by distance
        ranked.sort_by(|x, y| x.0.cmp(&y.0));
        let order = reported
            .into_iter()
            .chain(ranked.into_iter().map(|(_, p)| p).take(MAX_WITNESS_CHECKS))
            .chain(common.iter().copied());
        for pair in order {
            crate::budget::check().ok()?;
            let Some(w) = self.witness_of(pair, t) else {
                continue;
            };
            let checked =
                oracle::check_contact_witness(&self.case, &super::oracle_form::witness_of(&w), at);
            if checked == oracle::Verdict::Certified {
                return Some((w, pair));
            }
        }
        None
    }

    /// The pair's witness as polynomials, denominators made positive at
    /// `t`; `None` when one vanishes there.
    fn witness_of(&self, pair: Pair, t: &RealAlgebraic) -> Option<ContactWitness> {
        let [a, b] = self.numerators.witness(pair).map(|(p, d)| {
            let d = &d * &self.common;
            match t.sign_of(&d) {
                Sign::Zero => None,
                Sign::Positive => Some((p, d)),
                Sign::Negative => Some((p.map(|x| -x.clone()), -d)),
            }
        });
        let ((point, denominator), other) = (a?, b?);
        Some(ContactWitness {
            point,
            denominator,
            other: Some(other),
            label: format!("{pair:?}"),
            at: None,
            material_of: None,
            edge_end: None,
        })
    }
}

/// A rational in `t`'s isolating interval refined to width `2^-48` (`t`
/// itself when rational).
fn rational_near(t: &RealAlgebraic) -> Q {
    if let Some(q) = t.as_rational() {
        return q.clone();
    }
    let mut r = t.detached();
    r.refine_to_width(48);
    match r.as_rational() {
        Some(q) => q.clone(),
        None => r.interval().0,
    }
}

/// The piece `[s, T)` before the contact `T` at `at` (`s` moving from
/// `from` towards `T` until the referee accepts it): the witness pair's
/// direction, signed at a probe time, then the pair direction that
/// separates best there (the witness pair may touch on a face's boundary,
/// where its face plane does not separate).
fn last_piece(
    scene: &Scene<'_>,
    from: &Q,
    t: &RealAlgebraic,
    at: &oracle::Algebraic,
    pair: Pair,
) -> Option<SeparationPiece> {
    let mut s = from.clone();
    let mut tt = t.detached();
    for _ in 0..4 * MAX_DEPTH {
        crate::budget::check().ok()?;
        let (lo, hi) = tt.interval();
        if lo <= s {
            tt.refine();
            if tt.as_rational().is_some_and(|q| q <= &s) {
                return None;
            }
            continue;
        }
        let probe = (&s + &lo) / Q::from_i64(2);
        let points = scene.integer_points_at(&probe);
        let candidates = [
            Some((pair, scene.reversed_at(pair, &points))),
            scene.best_direction_among(&points),
        ];
        let accepted = candidates.into_iter().flatten().find_map(|(pair, flip)| {
            let piece = scene.piece(&s, PieceEnd::BeforeContact, pair, flip);
            scene.accepted(&piece, Some(at)).then_some(piece)
        });
        if accepted.is_some() {
            return accepted;
        }
        s = probe;
        if hi - &lo > (&lo - &s) / Q::from_i64(4) {
            tt.refine();
        }
    }
    None
}

/// The certificate of an exact answer (of SAT or glide) on bodies at
/// least one of which is a mesh, when every mesh is convex: a convex mesh
/// is the convex hull of its vertices ([`crate::geom::Mesh::is_convex`]),
/// certified as one by [`distance_certificate`] (no feature hint: the
/// solvers name a mesh's own faces, the certificate the hull's). `None`
/// for a non-convex mesh (the referee takes convex bodies only), for a
/// mesh of more than [`MAX_MESH_VERTICES`] vertices (the certificate tries
/// every feature pair: its cost grows with their product), or when the
/// certificate cannot be built.
pub(crate) fn convex_mesh_certificate(
    query: &BodyQuery<'_>,
    first_contact: Option<&RealAlgebraic>,
) -> Option<Certificate> {
    let convex = |shape: &Shape<Q>| match shape {
        Shape::Mesh(m) => m.vertices.len() <= MAX_MESH_VERTICES && m.is_convex(),
        _ => true,
    };
    (convex(&query.a.shape) && convex(&query.b.shape))
        .then(|| distance_certificate(query, first_contact, None))
        .flatten()
}

/// The certificate of an exact answer of the distance method (module
/// docs): `first_contact` the answer's first contact (`None`: no contact),
/// `features` the solver's first feature pair. Piecewise motions are
/// covered one common sub-interval at a time (no piece spans a switch).
/// `None` when it cannot be built.
pub(crate) fn distance_certificate(
    query: &BodyQuery<'_>,
    first_contact: Option<&RealAlgebraic>,
    features: Option<(Feature, Feature)>,
) -> Option<Certificate> {
    let t0 = &query.interval.0;
    let cores = [
        Core::of_solid(&query.a.shape, "a").ok()?,
        Core::of_solid(&query.b.shape, "b").ok()?,
    ];
    let case = super::oracle_form::case_of(&ContactQuery::Bodies(*query)).ok()?;
    let (pairs, common) = all_pairs([&cores[0], &cores[1]]);
    let contact = match first_contact {
        Some(t) => Some((t, super::oracle_form::algebraic_of(t).ok()?)),
        None => None,
    };
    let mut separation = Vec::new();
    let mut witness = None;
    for piece in common_pieces(query.a, query.b, query.interval) {
        let ma = PolyMotion::from_body_on(&piece.a, &piece.from)?;
        let mb = PolyMotion::from_body_on(&piece.b, &piece.from)?;
        let scene = Scene {
            numerators: Points {
                cores: [&cores[0], &cores[1]],
                at: [
                    numerators(&cores[0], &ma, &mb.denominator),
                    numerators(&cores[1], &mb, &ma.denominator),
                ],
            },
            common: &ma.denominator * &mb.denominator,
            reach: case.reach(),
            case: case.clone(),
            pairs: pairs.clone(),
        };
        let ends_here = contact
            .as_ref()
            .filter(|(t, _)| t.cmp_rational(&piece.to) != Ordering::Greater);
        let Some((t, at)) = ends_here else {
            scene.cover(&piece.from, &piece.to, MAX_DEPTH, &mut separation)?;
            continue;
        };
        let reported = features.and_then(|f| reported_pair([&cores[0], &cores[1]], f));
        let (w, pair) = scene.witness(t, at, reported, &common)?;
        witness = Some(w);
        if t.as_rational() == Some(&piece.from) {
            if &piece.from != t0 {
                return None; // the previous sub-interval ended at T
            }
            break;
        }
        let last = last_piece(&scene, &piece.from, t, at, pair)?;
        if last.from > piece.from {
            scene.cover(&piece.from, &last.from, MAX_DEPTH, &mut separation)?;
        }
        separation.push(last);
        break;
    }
    Some(Certificate {
        separation,
        contact: witness,
        solids: None,
    })
}
