//! Convex polytopes in the certified time cells: triangles, convex meshes,
//! convex hulls of points, and a box among them by its corners.
//!
//! The separating-axis theorem for convex polytopes (Eberly, "Dynamic
//! Collision Detection using OBBs", section 2.1, Table 1 is the case of two
//! boxes; Gottschalk, Lin and Manocha, "OBBTree", section 4, the general
//! statement): two convex polytopes are apart exactly when they are
//! separated along a face normal of one of them or along the cross product
//! of an edge of each (for a flat triangle its normal and the normals of
//! its edges within its plane count as its face normals). Over a time cell
//! the axis is fixed (a dyadic world vector chosen at the cell's
//! midpoint), and the projection of each solid onto it is the range of its
//! vertices' projections `(o + F y_v) . L`, each enclosed by the
//! mean-value form about the midpoint (`f(t) in f(tm) + f'([cell])
//! [-w/2, w/2]`), or plainly over the cell. Plainly, a box (a box under a
//! separation `d > 0` is solved among the polytopes) takes its 8 corners
//! at once: `o . L +- sum_k h_k |A_k . L|` (Eberly, section 2.1, the
//! projection radius of a box), the same bounds as corner by corner up to
//! rounding. (The mean-value form stays corner by corner: there the sum
//! of each corner's slopes is tighter than the slopes term by term.)
//!
//! Contact over a cell is proved by a material point: a point `y` of one
//! solid in its local coordinates, exactly in it (checked in rationals; on
//! a flat triangle the point is first projected exactly onto its plane),
//! whose position in the other solid's local coordinates is proved strictly
//! inside every face half-space of that solid at every time of the cell.
//! So a flat triangle can hold the witness against a solid with interior.
//! Two flat triangles share no interior point: their contact is proved by
//! an edge of one crossing the other through its interior (the ends
//! strictly on opposite sides of its plane, the edge's line strictly on
//! one side of each of its edges: four orientation signs).
#![deny(clippy::float_arithmetic)]

use super::boxes::AxisIndex;
use super::boxes::{local_point, material_local_centred, velocity_axis, world_point, Centred};
use super::closest::{closest_cores, closest_to_core, on_segment, onto_core, segment_parameters};
pub(crate) use super::description::{distinct_directions, zero, Naming, PolytopeData};
use super::witness::{collapsed, lerp};
use crate::geom::{BoxEdge, BoxFace, BoxVertex, Feature, Pose, Vec3};
use crate::motion::{dot, mat_vec, IntervalVec, PlacementEnclosure};
use crate::scalar::interval::{sqrt, Dyad, Interval, Rounding};
use crate::scalar::BigRational;

type Q = BigRational;

pub(crate) fn interval_vec(v: &Vec3<Q>, p: u64) -> IntervalVec {
    std::array::from_fn(|k| Interval::from_rational(&v[k], p))
}

/// A polytope prepared for the cells at a working precision.
#[derive(Clone, Debug)]
pub(crate) struct CellPolytope {
    pub data: PolytopeData,
    vertices: Vec<IntervalVec>,
    /// The candidate face normals, each direction once.
    pub normals: Vec<IntervalVec>,
    /// The edge directions, each once.
    pub directions: Vec<IntervalVec>,
    halfspaces: Vec<(Vec3<Q>, Q)>,
    halfspaces_iv: Vec<(IntervalVec, Interval)>,
    /// A rounded solid's radius and its square.
    radius: Option<(Interval, Interval)>,
    radius_squared: Option<Interval>,
    /// A box's half extents (its corners are `+-h_k` on each axis).
    half_extents: Option<[Interval; 3]>,
}

impl CellPolytope {
    pub(crate) fn new(data: PolytopeData, p: u64) -> CellPolytope {
        let normals = distinct_directions(data.normals.iter().cloned());
        let directions = distinct_directions(data.edge_vectors());
        let halfspaces = data.halfspaces();
        let radius = data.is_rounded().then(|| {
            let r = Interval::from_rational(&data.radius, p);
            (r.clone(), r.square(p))
        });
        // corner 7 of a box has every coordinate at `+h_k`
        let half_extents = (matches!(data.naming, Naming::Box) && data.vertices.len() == 8)
            .then(|| std::array::from_fn(|k| Interval::from_rational(&data.vertices[7][k], p)));
        CellPolytope {
            half_extents,
            radius_squared: radius.as_ref().map(|(_, r2)| r2.clone()),
            radius,
            vertices: data.vertices.iter().map(|v| interval_vec(v, p)).collect(),
            normals: normals.iter().map(|v| interval_vec(v, p)).collect(),
            directions: directions.iter().map(|v| interval_vec(v, p)).collect(),
            halfspaces_iv: halfspaces
                .iter()
                .map(|(n, c)| (interval_vec(n, p), Interval::from_rational(c, p)))
                .collect(),
            halfspaces,
            data,
        }
    }

    /// The least lower bound and the greatest upper bound of the vertices'
    /// projections `(o + F y_v) . L` over the cell, each by the mean-value
    /// form about the midpoint (module docs).
    pub(crate) fn range_centred(
        &self,
        c: &Centred<'_>,
        l: &IntervalVec,
        half_width: &Interval,
        p: u64,
    ) -> (Dyad, Dyad) {
        let frame_l: IntervalVec =
            std::array::from_fn(|i| dot(&super::boxes::axis(c.mid, i), l, p));
        let velocity_l: IntervalVec =
            std::array::from_fn(|i| dot(&velocity_axis(c.velocity, i), l, p));
        let origin_l = dot(&c.mid.origin, l, p);
        let origin_velocity_l = dot(&c.velocity.origin, l, p);
        self.range_of(|y| {
            let mid = origin_l.add(&dot(y, &frame_l, p), p);
            let slope = origin_velocity_l.add(&dot(y, &velocity_l, p), p);
            mid.add(&slope.mul(half_width, p), p)
        })
    }

    /// The same bounds from the placement's enclosure over the cell.
    pub(crate) fn range_over(
        &self,
        e: &PlacementEnclosure,
        l: &IntervalVec,
        p: u64,
    ) -> (Dyad, Dyad) {
        let frame_l: IntervalVec = std::array::from_fn(|i| dot(&super::boxes::axis(e, i), l, p));
        let origin_l = dot(&e.origin, l, p);
        if let Some(h) = &self.half_extents {
            return box_range(&origin_l, &frame_l, h, p);
        }
        self.range_of(|y| origin_l.add(&dot(y, &frame_l, p), p))
    }

    fn range_of(&self, projection: impl Fn(&IntervalVec) -> Interval) -> (Dyad, Dyad) {
        let mut lo: Option<Dyad> = None;
        let mut hi: Option<Dyad> = None;
        for y in &self.vertices {
            let x = projection(y);
            if lo.as_ref().is_none_or(|m| x.lo() < m) {
                lo = Some(x.lo().clone());
            }
            if hi.as_ref().is_none_or(|m| x.hi() > m) {
                hi = Some(x.hi().clone());
            }
        }
        (lo.unwrap_or_else(Dyad::zero), hi.unwrap_or_else(Dyad::zero))
    }

    /// The material point `y` (local, rational) made a point of the solid:
    /// on a flat triangle first projected exactly onto its plane; `None`
    /// when it is not in the closed polytope.
    pub(crate) fn home_point(&self, y: Vec3<Q>) -> Option<Vec3<Q>> {
        if self.data.is_rounded() {
            let r = &self.data.radius;
            return (self.data.core_distance_squared(&y) <= r * r).then_some(y);
        }
        let y = if self.data.flat {
            let (n, c) = &self.halfspaces[0];
            let off = (n.dot(&y) - c) / n.dot(n);
            &y - &n.scale(&off)
        } else {
            y
        };
        self.halfspaces
            .iter()
            .all(|(n, c)| n.dot(&y) <= *c)
            .then_some(y)
    }

    /// True when the local point `z` (an enclosure) is proved strictly
    /// inside every half-space: never for a flat triangle.
    pub(crate) fn strictly_contains(&self, z: &IntervalVec, p: u64) -> bool {
        if let Some(r2) = &self.radius_squared {
            return self.core_distance_squared_over(z, p).hi() < r2.lo();
        }
        !self.data.flat
            && self
                .halfspaces_iv
                .iter()
                .all(|(n, c)| dot(n, z, p).hi() < c.lo())
    }
}

/// The world direction `F n` of a local vector.
pub(crate) fn world_vector(e: &PlacementEnclosure, v: &IntervalVec, p: u64) -> IntervalVec {
    mat_vec(&e.frame, v, p)
}

/// The estimated separation of the two solids along `l` at one instant
/// (midpoints): `max(min b - max a, min a - max b) / |L|`, a rounded
/// solid's range grown by its radius; `None` for a vanishing direction.
pub(crate) fn estimated_gap(
    l: &IntervalVec,
    a: (&CellPolytope, &PlacementEnclosure),
    b: (&CellPolytope, &PlacementEnclosure),
    p: u64,
) -> Option<Dyad> {
    let norm = sqrt(&dot(l, l, p), p)?;
    let (a_lo, a_hi) = widened(a.0.range_over(a.1, l, p), a.0, norm.hi(), p);
    let (b_lo, b_hi) = widened(b.0.range_over(b.1, l, p), b.0, norm.hi(), p);
    let gap = b_lo
        .sub_rounded(&a_hi, p, Rounding::Down)
        .max(a_lo.sub_rounded(&b_hi, p, Rounding::Down));
    Some(Interval::point(gap).div(&norm, p)?.midpoint())
}

/// `Some(+1)` when `b`'s range lies beyond `a`'s, `Some(-1)` when before.
pub(crate) fn side_of(a: &(Dyad, Dyad), b: &(Dyad, Dyad)) -> Option<i32> {
    if b.0 > a.1 {
        Some(1)
    } else if a.0 > b.1 {
        Some(-1)
    } else {
        None
    }
}

/// The parameter range `[s0, s1]` of the segment `x0 + s (x1 - x0)`,
/// `0 <= s <= 1`, inside the half-spaces, by midpoints (a candidate needs
/// no bound). A plane given from both sides leaves the one crossing point.
fn clip(
    x0: &IntervalVec,
    x1: &IntervalVec,
    halfspaces: &[(IntervalVec, Interval)],
    p: u64,
) -> Option<(Dyad, Dyad)> {
    let mut s0 = Dyad::zero();
    let mut s1 = Dyad::from_i64(1);
    for (n, c) in halfspaces {
        let f0 = dot(n, x0, p).sub(c, p).midpoint();
        let f1 = dot(n, x1, p).sub(c, p).midpoint();
        let (in0, in1) = (
            f0.sign() != crate::scalar::Sign::Positive,
            f1.sign() != crate::scalar::Sign::Positive,
        );
        if in0 && in1 {
            continue;
        }
        if !in0 && !in1 {
            return None;
        }
        // the difference exactly: a plane given from both sides then gives
        // one crossing parameter (`(-f0) / (-(f0 - f1))` rounds as
        // `f0 / (f0 - f1)`), not two an ulp apart in the wrong order
        let s = f0.div_rounded(&f0.sub_exact(&f1), p, Rounding::Down);
        if in0 {
            s1 = s1.min(s);
        } else {
            s0 = s0.max(s);
        }
        if s0 > s1 {
            return None;
        }
    }
    Some((s0, s1))
}

/// The world half-spaces `(F n) . x <= c + (F n) . o` of a placed polytope.
fn world_halfspaces(
    poly: &CellPolytope,
    e: &PlacementEnclosure,
    p: u64,
) -> Vec<(IntervalVec, Interval)> {
    poly.halfspaces_iv
        .iter()
        .map(|(n, c)| {
            let w = world_vector(e, n, p);
            let offset = c.add(&dot(&w, &e.origin, p), p);
            (w, offset)
        })
        .collect()
}

/// Points of `A ∩ B` (world) from the edges of `from` clipped to `to`.
fn clipped_edges(
    from: (&CellPolytope, &PlacementEnclosure),
    to: (&CellPolytope, &PlacementEnclosure),
    p: u64,
    out: &mut Vec<IntervalVec>,
) {
    let corners: Vec<IntervalVec> = from
        .0
        .vertices
        .iter()
        .map(|y| world_point(y, from.1, p))
        .collect();
    let planes = world_halfspaces(to.0, to.1, p);
    for &(i, j) in &from.0.data.edges {
        if let Some((s0, s1)) = clip(&corners[i], &corners[j], &planes, p) {
            out.push(lerp(&corners[i], &corners[j], &s0, p));
            if s1 != s0 {
                out.push(lerp(&corners[i], &corners[j], &s1, p));
            }
        }
    }
}

/// A candidate point of `A ∩ B` (world, exact dyadic entries): the mean
/// of the points where the edges of each meet the other, at one instant
/// (midpoints); `None` when the approximate polytopes do not meet. A mean
/// of points of a convex set lies in it; it is only a candidate, proved or
/// rejected by [`material_point`].
pub(crate) fn candidate(
    a: (&CellPolytope, &PlacementEnclosure),
    b: (&CellPolytope, &PlacementEnclosure),
    p: u64,
) -> Option<IntervalVec> {
    let (ea, eb) = (collapsed(a.1, p), collapsed(b.1, p));
    let mut points = Vec::new();
    clipped_edges((a.0, &ea), (b.0, &eb), p, &mut points);
    clipped_edges((b.0, &eb), (a.0, &ea), p, &mut points);
    if points.is_empty() {
        return None;
    }
    let n = Interval::from_i64(points.len() as i64);
    Some(std::array::from_fn(|k| {
        let mut sum = Interval::from_i64(0);
        for x in &points {
            sum = sum.add(&x[k], p);
        }
        let m = sum.div(&n, p).unwrap_or(sum);
        Interval::point(m.midpoint().round(p, Rounding::Down))
    }))
}

/// The world candidate `x` as a material point of `from` placed by `e`:
/// its local coordinates rounded to `p` bits, made a point of the solid
/// ([`CellPolytope::home_point`]).
pub(crate) fn material_point(
    x: &IntervalVec,
    from: &CellPolytope,
    e: &PlacementEnclosure,
    p: u64,
) -> Option<Vec3<Q>> {
    let local = local_point(x, e, p);
    let y = Vec3::from_array(std::array::from_fn(|k| {
        local[k].midpoint().round(p, Rounding::Down).to_rational()
    }));
    from.home_point(y)
}

/// True when the material point `y` of `from` is proved strictly inside
/// `to` at every time of the cell: by the mean-value form of its local
/// coordinates in `to`, else by the plain enclosure over the cell.
pub(crate) fn material_point_inside(
    y: &Vec3<Q>,
    from: &Centred<'_>,
    to: (&CellPolytope, &Centred<'_>),
    half_width: &Interval,
    p: u64,
) -> bool {
    let y = interval_vec(y, p);
    let (poly, to) = to;
    poly.strictly_contains(&material_local_centred(&y, from, to, half_width, p), p)
        || poly.strictly_contains(&local_point(&world_point(&y, from.over, p), to.over, p), p)
}

/// A candidate pair for a contact within a separation `d > 0` (the solids
/// within `d`, no common point needed): a point `y` of `a`'s core (its local
/// coordinates) and a point `q` of `b`'s core (its local coordinates), the
/// cores' closest pair at one instant (midpoints, `closest.rs`). `q` is a
/// point of the core exactly; `y` is made one exactly after rounding
/// ([`onto_core`]). Proved or rejected by [`pair_within_over_cell`].
pub(crate) fn pair_candidate(
    a: (&CellPolytope, &PlacementEnclosure),
    b: (&CellPolytope, &PlacementEnclosure),
    p: u64,
) -> (Vec3<Q>, Vec3<Q>) {
    let (ea, eb) = (collapsed(a.1, p), collapsed(b.1, p));
    let rational = |z: IntervalVec| Vec3::from_array(z.map(|x| x.midpoint().to_rational()));
    let mut moved = a.0.data.clone();
    moved.vertices =
        a.0.vertices
            .iter()
            .map(|y| rational(local_point(&world_point(y, &ea, p), &eb, p)))
            .collect();
    let (on_a, q) = closest_cores(&moved, &b.0.data);
    let back = local_point(&world_point(&interval_vec(&on_a, p), &eb, p), &ea, p);
    (onto_core(&rational(back), &a.0.data), q)
}

/// The candidate pair of [`pair_candidate`] from the features the best
/// axis at the instant names (the axes of the cores' closest features,
/// module docs of `search.rs`), without searching every pair of features:
/// two vertices; a vertex and the closest point of an edge; the vertex of
/// one core nearest along a face normal of the other and its closest point
/// there; the closest pair of the edges along two directions. `None` when
/// the axis names no edge or vertex.
pub(crate) fn feature_pair_candidate(
    a: (&CellPolytope, &PlacementEnclosure),
    b: (&CellPolytope, &PlacementEnclosure),
    axis: AxisIndex,
    p: u64,
) -> Option<(Vec3<Q>, Vec3<Q>)> {
    let (ea, eb) = (collapsed(a.1, p), collapsed(b.1, p));
    let (da, db) = (&a.0.data, &b.0.data);
    let rational = |z: IntervalVec| Vec3::from_array(z.map(|x| x.midpoint().to_rational()));
    // the vertices of one core in the other's local coordinates
    let moved = |from: &CellPolytope, e_from, e_to| -> Vec<Vec3<Q>> {
        from.vertices
            .iter()
            .map(|y| rational(local_point(&world_point(y, e_from, p), e_to, p)))
            .collect()
    };
    // along a face normal `n` of `poly`: the closest pair of the two
    // facing features (the vertices of each within 2^-20 of its width of
    // its extreme towards the other: a vertex, an edge or a face), `poly`'s
    // own and the other's `zs` (moved into `poly`'s coordinates)
    let facing = |n: &Vec3<Q>, poly: &PolytopeData, zs: &[Vec3<Q>]| -> Option<(Vec3<Q>, Vec3<Q>)> {
        let own: Vec<Q> = poly.vertices.iter().map(|v| n.dot(v)).collect();
        let other: Vec<Q> = zs.iter().map(|z| n.dot(z)).collect();
        let (top, bottom) = (own.iter().max()?, own.iter().min()?);
        let (high, low) = (other.iter().max()?, other.iter().min()?);
        // the other lies beyond the top (or, turned, below the bottom)
        let beyond = low - top >= bottom - high;
        let extreme = |values: &[Q], upper: bool| -> Vec<usize> {
            let (lo, hi) = (values.iter().min().cloned(), values.iter().max().cloned());
            let (Some(lo), Some(hi)) = (lo, hi) else {
                return Vec::new();
            };
            let tolerance = (&hi - &lo) / Q::from_integer((1i64 << 20).into());
            let edge = if upper { &hi } else { &lo };
            (0..values.len())
                .filter(|&i| num_traits::Signed::abs(&(&values[i] - edge)) <= tolerance)
                .collect()
        };
        let near_own = feature_of(&poly.vertices, &extreme(&own, beyond), poly);
        let near_other = feature_of(zs, &extreme(&other, !beyond), poly);
        Some(closest_cores(&near_own, &near_other))
    };
    let parallel = |poly: &PolytopeData, d: &Vec3<Q>| -> Vec<(usize, usize)> {
        poly.edges
            .iter()
            .copied()
            .filter(|&(u, v)| (&poly.vertices[v] - &poly.vertices[u]).cross(d).is_zero())
            .collect()
    };
    let pair = match axis {
        AxisIndex::VertexVertex(i, j) => (da.vertices[i].clone(), db.vertices[j].clone()),
        AxisIndex::VertexEdge(i, e) => {
            let (u, v) = db.edges[e];
            let z = &moved(a.0, &ea, &eb)[i];
            (
                da.vertices[i].clone(),
                on_segment(z, &db.vertices[u], &db.vertices[v]),
            )
        }
        AxisIndex::EdgeVertex(e, j) => {
            let (u, v) = da.edges[e];
            let z = &moved(b.0, &eb, &ea)[j];
            (
                on_segment(z, &da.vertices[u], &da.vertices[v]),
                db.vertices[j].clone(),
            )
        }
        AxisIndex::A(i) => {
            // in a's coordinates: b's point taken back to b's own
            let zs = moved(b.0, &eb, &ea);
            let (y, z) = facing(&distinct_directions(da.normals.iter().cloned())[i], da, &zs)?;
            let back = local_point(&world_point(&interval_vec(&z, p), &ea, p), &eb, p);
            (onto_core(&y, da), onto_core(&rational(back), db))
        }
        AxisIndex::B(j) => {
            let zs = moved(a.0, &ea, &eb);
            let (q, z) = facing(&distinct_directions(db.normals.iter().cloned())[j], db, &zs)?;
            let back = local_point(&world_point(&interval_vec(&z, p), &eb, p), &ea, p);
            (onto_core(&rational(back), da), onto_core(&q, db))
        }
        AxisIndex::AxB(i, j) => {
            let zs = moved(a.0, &ea, &eb);
            let dir_a = &distinct_directions(da.edge_vectors())[i];
            let dir_b = &distinct_directions(db.edge_vectors())[j];
            let mut best: Option<(Q, Vec3<Q>, Vec3<Q>)> = None;
            for (u, v) in parallel(da, dir_a) {
                for (k, l) in parallel(db, dir_b) {
                    let (s, t) =
                        segment_parameters(&zs[u], &zs[v], &db.vertices[k], &db.vertices[l]);
                    let x = &zs[u] + &(&zs[v] - &zs[u]).scale(&s);
                    let q = &db.vertices[k] + &(&db.vertices[l] - &db.vertices[k]).scale(&t);
                    let gap = (&x - &q).norm_squared();
                    if best.as_ref().is_none_or(|b| gap < b.0) {
                        let y = &da.vertices[u] + &(&da.vertices[v] - &da.vertices[u]).scale(&s);
                        best = Some((gap, y, q));
                    }
                }
            }
            let (_, y, q) = best?;
            (y, q)
        }
    };
    Some(pair)
}

/// The feature spanned by the vertices `chosen` of `points`: a point, a
/// segment, or a flat polygon (its vertices in the order of the face of
/// `poly` that holds them, else as given), for the closest pairs.
fn feature_of(points: &[Vec3<Q>], chosen: &[usize], poly: &PolytopeData) -> PolytopeData {
    let order: Vec<usize> = poly
        .faces
        .iter()
        .find(|f| f.len() == chosen.len() && chosen.iter().all(|c| f.contains(c)))
        .cloned()
        .unwrap_or_else(|| chosen.to_vec());
    let k = order.len();
    PolytopeData {
        vertices: order.iter().map(|&i| points[i].clone()).collect(),
        normals: Vec::new(),
        edges: match k {
            0 | 1 => Vec::new(),
            2 => vec![(0, 1)],
            _ => (0..k).map(|i| (i, (i + 1) % k)).collect(),
        },
        faces: if k >= 3 {
            vec![(0..k).collect()]
        } else {
            Vec::new()
        },
        flat: true,
        naming: Naming::Mesh,
        radius: zero(),
    }
}

/// `|z - q|^2 < reach^2` for the enclosed local point `z` and the exact
/// local point `q` (the same coordinates), proved: `reach_squared` encloses
/// `reach^2`.
fn within(z: &IntervalVec, q: &Vec3<Q>, reach_squared: &Interval, p: u64) -> bool {
    let q = interval_vec(q, p);
    let d: IntervalVec = std::array::from_fn(|k| z[k].sub(&q[k], p));
    dot(&d, &d, p).hi() < reach_squared.lo()
}

/// True when the material point `y` of `a` and `q` of `b` (each in its
/// body's local coordinates) are proved closer than `reach` (`r_a + r_b +
/// d`, squared and enclosed as `reach_squared`) at every time of the cell:
/// `y`'s coordinates in `b` by the mean-value form, else by the plain
/// enclosure over the cell.
pub(crate) fn pair_within_over_cell(
    (y, q): (&Vec3<Q>, &Vec3<Q>),
    a: &Centred<'_>,
    b: &Centred<'_>,
    half_width: &Interval,
    reach_squared: &Interval,
    p: u64,
) -> bool {
    let y = interval_vec(y, p);
    within(
        &material_local_centred(&y, a, b, half_width, p),
        q,
        reach_squared,
        p,
    ) || within(
        &local_point(&world_point(&y, a.over, p), b.over, p),
        q,
        reach_squared,
        p,
    )
}

/// [`pair_within_over_cell`] at one instant (placements `ea`, `eb`).
pub(crate) fn pair_within_at(
    (y, q): (&Vec3<Q>, &Vec3<Q>),
    ea: &PlacementEnclosure,
    eb: &PlacementEnclosure,
    reach_squared: &Interval,
    p: u64,
) -> bool {
    let y = interval_vec(y, p);
    within(
        &local_point(&world_point(&y, ea, p), eb, p),
        q,
        reach_squared,
        p,
    )
}

/// True when the material point `y` of one solid, placed by `from`, is
/// proved strictly inside `to` placed by `e_to` (one instant).
pub(crate) fn material_point_inside_at(
    y: &Vec3<Q>,
    from: &PlacementEnclosure,
    to: (&CellPolytope, &PlacementEnclosure),
    p: u64,
) -> bool {
    let y = interval_vec(y, p);
    to.0.strictly_contains(&local_point(&world_point(&y, from, p), to.1, p), p)
}

/// The exact separating-axis test of two placed convex polytopes or
/// rounded solids (module docs): touching counts as meeting. With a
/// rounded solid the candidates add the directions between the cores'
/// vertices and from their edges to their vertices (the closest features
/// of two convex cores are vertex-face, edge-edge, vertex-edge or
/// vertex-vertex), and the projections must be more than `r_a + r_b`
/// apart along the unit axis; with a separation `d`, the same with
/// `r_a + r_b + d` (contact is a distance of at most `d`).
pub(crate) fn polytopes_touch(
    pa: &Pose<Q>,
    a: &PolytopeData,
    pb: &Pose<Q>,
    b: &PolytopeData,
    separation: &Q,
) -> bool {
    let world = |pose: &Pose<Q>, y: &Vec3<Q>| &pose.rotation.mul_vec(y) + &pose.translation;
    let va: Vec<Vec3<Q>> = a.vertices.iter().map(|y| world(pa, y)).collect();
    let vb: Vec<Vec3<Q>> = b.vertices.iter().map(|y| world(pb, y)).collect();
    let turn = |pose: &Pose<Q>, vs: Vec<Vec3<Q>>| -> Vec<Vec3<Q>> {
        vs.iter().map(|v| pose.rotation.mul_vec(v)).collect()
    };
    let ea = turn(pa, distinct_directions(a.edge_vectors()));
    let eb = turn(pb, distinct_directions(b.edge_vectors()));
    let mut axes = turn(pa, distinct_directions(a.normals.iter().cloned()));
    axes.extend(turn(pb, distinct_directions(b.normals.iter().cloned())));
    for u in &ea {
        for v in &eb {
            axes.push(u.cross(v));
        }
    }
    let reach = &a.radius + &b.radius + separation;
    if reach > zero() {
        let edge_to_point = |p0: &Vec3<Q>, p1: &Vec3<Q>, x: &Vec3<Q>| -> Vec3<Q> {
            let (d, w) = (p1 - p0, x - p0);
            let s = w.dot(&d) / d.norm_squared();
            &w - &d.scale(&s)
        };
        for x in &va {
            axes.extend(vb.iter().map(|y| y - x));
            axes.extend(
                b.edges
                    .iter()
                    .map(|&(u, v)| edge_to_point(&vb[u], &vb[v], x)),
            );
        }
        for &(u, v) in &a.edges {
            axes.extend(vb.iter().map(|y| edge_to_point(&va[u], &va[v], y)));
        }
    }
    let range = |vs: &[Vec3<Q>], l: &Vec3<Q>| {
        let mut it = vs.iter().map(|v| v.dot(l));
        let first = it.next().unwrap_or_else(zero);
        it.fold((first.clone(), first), |(lo, hi), x| {
            (
                if x < lo { x.clone() } else { lo },
                if x > hi { x } else { hi },
            )
        })
    };
    // apart along `l`: a gap `g > 0` with `g > reach |l|`, compared squared
    let apart = |g: Q, l: &Vec3<Q>| g > zero() && &g * &g > &reach * &reach * l.norm_squared();
    !axes.iter().filter(|l| !l.is_zero()).any(|l| {
        let (a_lo, a_hi) = range(&va, l);
        let (b_lo, b_hi) = range(&vb, l);
        apart(b_lo - a_hi, l) || apart(a_lo - b_hi, l)
    })
}

/// The orientation `det[b - a, c - a, d - a]` (positive when `d` lies on
/// the side of the plane `abc` that `(b - a) x (c - a)` points to).
fn orientation(
    a: &IntervalVec,
    b: &IntervalVec,
    c: &IntervalVec,
    d: &IntervalVec,
    p: u64,
) -> Interval {
    let sub = |u: &IntervalVec, v: &IntervalVec| -> IntervalVec {
        std::array::from_fn(|k| u[k].sub(&v[k], p))
    };
    let (u, v, w) = (sub(b, a), sub(c, a), sub(d, a));
    dot(&super::boxes::cross(&u, &v, p), &w, p)
}

/// True when the segment `pq` is proved to cross the triangle `klm`
/// through its interior: `p` and `q` strictly on opposite sides of the
/// triangle's plane, and the line `pq` strictly on the same side of each of
/// the triangle's edges (the three orientations `(p, q, k, l)`, `(p, q, l,
/// m)`, `(p, q, m, k)` of one strict sign). The crossing point is then a
/// point of both.
fn segment_crosses_triangle(pq: (&IntervalVec, &IntervalVec), klm: &[IntervalVec], p: u64) -> bool {
    let (a, b) = pq;
    let (k, l, m) = (&klm[0], &klm[1], &klm[2]);
    let (sa, sb) = (orientation(k, l, m, a, p), orientation(k, l, m, b, p));
    let opposite = (sa.is_positive() && sb.is_negative()) || (sa.is_negative() && sb.is_positive());
    if !opposite {
        return false;
    }
    let turns = [
        orientation(a, b, k, l, p),
        orientation(a, b, l, m, p),
        orientation(a, b, m, k, p),
    ];
    turns.iter().all(Interval::is_positive) || turns.iter().all(Interval::is_negative)
}

/// An edge of `from` (its two material end points, local coordinates of
/// `from`) proved to cross the flat triangle `to` through its interior at
/// every time of the cell: by the mean-value form of the ends' coordinates
/// in `to`, else by the plain enclosures over the cell.
pub(crate) fn edge_crossing_over_cell(
    from: (&CellPolytope, &Centred<'_>),
    to: (&CellPolytope, &Centred<'_>),
    half_width: &Interval,
    p: u64,
) -> Option<(usize, usize)> {
    let ((poly_from, c_from), (poly_to, c_to)) = (from, to);
    poly_from.data.edges.iter().copied().find(|&(i, j)| {
        let ends = |y: &IntervalVec| -> (IntervalVec, IntervalVec) {
            let centred = material_local_centred(y, c_from, c_to, half_width, p);
            let plain = local_point(&world_point(y, c_from.over, p), c_to.over, p);
            (centred, plain)
        };
        let ((pi, qi), (pj, qj)) = (ends(&poly_from.vertices[i]), ends(&poly_from.vertices[j]));
        segment_crosses_triangle((&pi, &pj), &poly_to.vertices, p)
            || segment_crosses_triangle((&qi, &qj), &poly_to.vertices, p)
    })
}

/// An edge of `from` proved to cross the flat triangle `to` at one
/// instant (placements `e_from`, `e_to`).
pub(crate) fn edge_crossing_at(
    from: (&CellPolytope, &PlacementEnclosure),
    to: (&CellPolytope, &PlacementEnclosure),
    p: u64,
) -> Option<(usize, usize)> {
    let ((poly_from, e_from), (poly_to, e_to)) = (from, to);
    let local = |y: &IntervalVec| local_point(&world_point(y, e_from, p), e_to, p);
    poly_from.data.edges.iter().copied().find(|&(i, j)| {
        let (a, b) = (local(&poly_from.vertices[i]), local(&poly_from.vertices[j]));
        segment_crosses_triangle((&a, &b), &poly_to.vertices, p)
    })
}

/// About where the edge `(i, j)` of `from` crosses the plane of the flat
/// triangle `to` at one instant (world; for the result's point).
pub(crate) fn crossing_point(
    from: (&CellPolytope, &PlacementEnclosure),
    (i, j): (usize, usize),
    to: (&CellPolytope, &PlacementEnclosure),
    p: u64,
) -> IntervalVec {
    let ((poly_from, e_from), (poly_to, e_to)) = (from, to);
    let (a, b) = (
        world_point(&poly_from.vertices[i], e_from, p),
        world_point(&poly_from.vertices[j], e_from, p),
    );
    let (n, c) = &poly_to.halfspaces_iv[0];
    let side = |x: &IntervalVec| dot(n, &local_point(x, e_to, p), p).sub(c, p).midpoint();
    let (fa, fb) = (side(&a), side(&b));
    let s = fa.div_rounded(&fa.sub_rounded(&fb, p, Rounding::Down), p, Rounding::Down);
    lerp(&a, &b, &s, p)
}

/// The exact local coordinates of vertex `i`.
pub(crate) fn vertex(poly: &CellPolytope, i: usize) -> [Q; 3] {
    poly.data.vertices[i].clone().into_array()
}

/// The feature of the placed polytope extreme along the world direction
/// `n` (pointing out of it, towards the other solid): its vertices whose
/// projections come within `2^-20` of the polytope's width along `n` of
/// the greatest; one is a vertex, two an edge, more the face holding them
/// (best effort, for the result's names).
pub(crate) fn extreme_feature(
    poly: &CellPolytope,
    e: &PlacementEnclosure,
    n: &IntervalVec,
    p: u64,
) -> Option<Feature> {
    let projections: Vec<Dyad> = poly
        .vertices
        .iter()
        .map(|y| dot(&world_point(y, e, p), n, p).midpoint())
        .collect();
    let top = projections.iter().max()?.clone();
    let bottom = projections.iter().min()?.clone();
    let tolerance = top.sub_rounded(&bottom, p, Rounding::Up).scale_pow2(-20);
    let near: Vec<usize> = (0..projections.len())
        .filter(|&i| top.sub_rounded(&projections[i], p, Rounding::Up) <= tolerance)
        .collect();
    let data = &poly.data;
    match near[..] {
        [i] => Some(vertex_feature(data, i)),
        [i, j] => Some(edge_feature(data, i, j).unwrap_or_else(|| vertex_feature(data, i))),
        _ => {
            let face = data
                .faces
                .iter()
                .position(|f| near.iter().all(|v| f.contains(v)))?;
            Some(face_feature(poly, face, e, n, p))
        }
    }
}

fn vertex_feature(data: &PolytopeData, i: usize) -> Feature {
    match &data.naming {
        Naming::Box => Feature::BoxVertex(BoxVertex {
            positive: std::array::from_fn(|k| i >> k & 1 == 1),
        }),
        Naming::Triangle => Feature::TriangleVertex(i),
        Naming::Mesh => Feature::MeshVertex(i),
        Naming::Hull(input) => Feature::MeshVertex(input[i]),
        Naming::Sphere => Feature::Sphere,
        Naming::Capsule => Feature::CapsuleCap(i),
    }
}

/// The edge between vertices `i` and `j`; `None` when they share none.
fn edge_feature(data: &PolytopeData, i: usize, j: usize) -> Option<Feature> {
    let k = data
        .edges
        .iter()
        .position(|&(u, v)| (u, v) == (i, j) || (u, v) == (j, i))?;
    let (u, v) = data.edges[k];
    Some(match &data.naming {
        Naming::Box => {
            let axis = (0..3).find(|&b| (u ^ v) >> b & 1 == 1)?;
            Feature::BoxEdge(BoxEdge {
                axis,
                positive: std::array::from_fn(|b| b != axis && u >> b & 1 == 1),
            })
        }
        Naming::Triangle => Feature::TriangleEdge(k),
        Naming::Mesh => Feature::MeshEdge(u.min(v), u.max(v)),
        Naming::Hull(input) => Feature::MeshEdge(input[u].min(input[v]), input[u].max(input[v])),
        Naming::Sphere | Naming::Capsule => Feature::CapsuleSide,
    })
}

fn face_feature(
    poly: &CellPolytope,
    face: usize,
    e: &PlacementEnclosure,
    n: &IntervalVec,
    p: u64,
) -> Feature {
    match &poly.data.naming {
        // faces of `of_box` in the order (k, side): +/- by the side bit
        Naming::Box => Feature::BoxFace(BoxFace {
            axis: face / 2,
            positive: face % 2 == 1,
        }),
        Naming::Triangle => {
            let normal = interval_vec(&poly.halfspaces[0].0, p);
            let front = dot(&world_vector(e, &normal, p), n, p).midpoint().sign()
                == crate::scalar::Sign::Positive;
            Feature::TriangleFace { front }
        }
        Naming::Mesh | Naming::Hull(_) => Feature::MeshFace(face),
        // rounded solids have no faces
        Naming::Sphere => Feature::Sphere,
        Naming::Capsule => Feature::CapsuleSide,
    }
}

impl CellPolytope {
    /// The radius of a rounded solid as an interval (`None` for polytopes).
    pub(crate) fn radius(&self) -> Option<&Interval> {
        self.radius.as_ref().map(|(r, _)| r)
    }

    /// An enclosure of the squared distance of the enclosed local point `z`
    /// from the core: the clamped projection parameter and the distance
    /// evaluated on intervals (a composition of interval extensions
    /// encloses the function's values).
    fn core_distance_squared_over(&self, z: &IntervalVec, p: u64) -> Interval {
        let sub = |u: &IntervalVec, v: &IntervalVec| -> IntervalVec {
            std::array::from_fn(|k| u[k].sub(&v[k], p))
        };
        let a = &self.vertices[0];
        let Some(b) = self.vertices.get(1) else {
            let d = sub(z, a);
            return dot(&d, &d, p);
        };
        let d = sub(b, a);
        let w = sub(z, a);
        let unclamped = dot(&w, &d, p).div(&dot(&d, &d, p), p);
        let clamp = |x: &Dyad| x.clone().max(Dyad::zero()).min(Dyad::from_i64(1));
        let s = match unclamped {
            Some(s) => Interval::new(clamp(s.lo()), clamp(s.hi())).unwrap_or(s),
            None => Interval::new(Dyad::zero(), Dyad::from_i64(1)).expect("0 <= 1"),
        };
        let e: IntervalVec = std::array::from_fn(|k| w[k].sub(&d[k].mul(&s, p), p));
        dot(&e, &e, p)
    }
}

/// A projection range widened by the radius `r |L|` on both sides (a
/// rounded solid is its core grown by a ball): `norm` is an upper bound of
/// `|L|`.
/// The least and greatest of `c + sum_k y_k x_k` over `c` in `centre`,
/// `x_k` in `terms[k]` and the corners `y_k = +-h_k`: `centre -+ sum_k h_k
/// |x_k|`, rounded outward (for the box's frame, `x_k` holds `A_k . L`).
fn box_range(centre: &Interval, terms: &[Interval; 3], h: &[Interval; 3], p: u64) -> (Dyad, Dyad) {
    let radius = (0..3).fold(Interval::from_i64(0), |acc, k| {
        acc.add(&h[k].mul(&terms[k].abs(), p), p)
    });
    (
        centre.lo().sub_rounded(radius.hi(), p, Rounding::Down),
        centre.hi().add_rounded(radius.hi(), p, Rounding::Up),
    )
}

pub(crate) fn widened(
    range: (Dyad, Dyad),
    poly: &CellPolytope,
    norm: &Dyad,
    p: u64,
) -> (Dyad, Dyad) {
    match poly.radius() {
        None => range,
        Some(r) => grown(range, r.hi(), norm, p),
    }
}

/// A projection range widened by `extra |L|` on both sides (`extra` an
/// upper bound of a length, `norm` of `|L|`).
pub(crate) fn grown(range: (Dyad, Dyad), extra: &Dyad, norm: &Dyad, p: u64) -> (Dyad, Dyad) {
    let reach = extra.mul_rounded(norm, p, Rounding::Up);
    (
        range.0.sub_rounded(&reach, p, Rounding::Down),
        range.1.add_rounded(&reach, p, Rounding::Up),
    )
}

/// An upper bound of `|L|`.
pub(crate) fn norm_upper(l: &IntervalVec, p: u64) -> Option<Dyad> {
    sqrt(&dot(l, l, p), p).map(|n| n.hi().clone())
}

/// The direction from the line of the edge `(p0, p1)` to the point `x`
/// (its component perpendicular to the edge): the separating direction of
/// a vertex and an edge region (Voronoi regions of the cores); zero when
/// the edge is degenerate.
pub(crate) fn edge_to_point(
    p0: &IntervalVec,
    p1: &IntervalVec,
    x: &IntervalVec,
    p: u64,
) -> IntervalVec {
    let d: IntervalVec = std::array::from_fn(|k| p1[k].sub(&p0[k], p));
    let w: IntervalVec = std::array::from_fn(|k| x[k].sub(&p0[k], p));
    match dot(&w, &d, p).div(&dot(&d, &d, p), p) {
        Some(s) => std::array::from_fn(|k| w[k].sub(&d[k].mul(&s, p), p)),
        None => std::array::from_fn(|_| Interval::from_i64(0)),
    }
}

/// The world position of vertex `i` of the placed polytope.
pub(crate) fn world_vertex(
    poly: &CellPolytope,
    e: &PlacementEnclosure,
    i: usize,
    p: u64,
) -> IntervalVec {
    world_point(&poly.vertices[i], e, p)
}

/// A candidate with a rounded solid among the two, as a material point
/// (`closest.rs`, at one instant, midpoints): with a polytope, the point of
/// the polytope closest to the rounded core (the polytope's own local
/// coordinates, exactly in it); with two rounded solids, the point that
/// divides the cores' closest pair in the ratio of the radii (local
/// coordinates of `a`). `(y, from_a)`; `None` without a rounded solid.
pub(crate) fn rounded_candidate(
    a: (&CellPolytope, &PlacementEnclosure),
    b: (&CellPolytope, &PlacementEnclosure),
    p: u64,
) -> Option<(Vec3<Q>, bool)> {
    let (ea, eb) = (collapsed(a.1, p), collapsed(b.1, p));
    let (pa, pb) = (a.0, b.0);
    // the vertices of `from`'s core in the local coordinates of `to`
    let moved = |from: &CellPolytope, e_from: &PlacementEnclosure, e_to: &PlacementEnclosure| {
        from.vertices
            .iter()
            .map(|y| {
                let z = local_point(&world_point(y, e_from, p), e_to, p);
                Vec3::from_array(std::array::from_fn(|k| z[k].midpoint().to_rational()))
            })
            .collect::<Vec<_>>()
    };
    match (pa.data.is_rounded(), pb.data.is_rounded()) {
        (true, false) => Some((closest_to_core(&moved(pa, &ea, &eb), &pb.data).1, false)),
        (false, true) => Some((closest_to_core(&moved(pb, &eb, &ea), &pa.data).1, true)),
        (true, true) => {
            let mut other = pb.data.clone();
            other.vertices = moved(pb, &eb, &ea);
            let (ca, cb) = closest_to_core(&pa.data.vertices, &other);
            let ratio = &pa.data.radius / (&pa.data.radius + &pb.data.radius);
            Some((&ca + &(&cb - &ca).scale(&ratio), true))
        }
        (false, false) => None,
    }
}
