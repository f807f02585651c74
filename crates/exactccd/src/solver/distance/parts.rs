//! A mesh, the closed solid its surface bounds (convex or not, its faces
//! convex or not), against any body at any separation `d`, by pieces: a
//! mesh is cut into its faces' triangles (`geom::triangulate_faces`), any
//! other body is one piece, and the feature-pair method answers every pair
//! of pieces (docs/methods/distance.md, "Meshes by pieces").
//!
//! Why pieces suffice. While two closed solids are disjoint their distance
//! is attained on their surfaces: if `p` in `A` and `q` in `B` are nearest
//! and `p` is inside `A`, the segment from `p` to `q` leaves `A` at a
//! point nearer `q`. A mesh's surface is the union of its triangles and a
//! convex body is its own piece, so the distance of two disjoint solids is
//! the least distance of a pair of pieces, and it is at most `d` exactly
//! when some pair comes within `d`. Solids that meet while no pair does
//! are nested: one holds a connected part of the other (a convex body, a
//! component of a mesh) away from its surface. Nesting begins and ends
//! only when the surfaces touch, which a pair within `d` covers, so it is
//! decided once per gap of the union `F` of the pairs' sets, at a
//! rational time, by exact ray parity (`geom::point_in_solid`): one point
//! of a convex body, or every vertex of a mesh, inside the other mesh then.
//! The contact set is `F` with the nested gaps filled, as for two cores
//! (`fill_overlaps`). Each common sub-interval of piecewise motions is
//! solved on its own, first on the bodies' convex hulls (`Body::hull`,
//! which hold every piece): hulls that never come within `d` answer that
//! sub-interval with no contact, and no pair is solved.
#![deny(clippy::float_arithmetic)]

use super::{fill_overlaps, push_joined, solve_distance, DistanceOutcome, DistanceStats};
use crate::budget;
use crate::geom::{point_in_solid, triangulate_faces, FaceTriangle, Mesh, Shape, Triangle, Vec3};
use crate::motion::{common_pieces, Body, CommonPiece, PolyMotion};
use crate::poly::RealRoots;
use crate::scalar::BigRational;
use crate::Error;

type Q = BigRational;

/// The most piece pairs one solve takes: past it the solve stops with a
/// limit error (exit status 3).
pub const MAX_PIECE_PAIRS: usize = 4096;

/// The pieces of a body: a mesh's face triangles (with the mesh, to name
/// their features in it), or the body itself.
struct Pieces {
    shapes: Vec<Shape<Q>>,
    mesh: Option<(Vec<FaceTriangle>, Mesh<Q>)>,
}

impl Pieces {
    fn of(body: &Body) -> Pieces {
        match &body.shape {
            Shape::Mesh(mesh) => {
                let tris = triangulate_faces(mesh);
                let shapes = tris
                    .iter()
                    .map(|t| {
                        Shape::Triangle(Triangle {
                            vertices: t.vertices.map(|i| mesh.vertices[i].clone()),
                        })
                    })
                    .collect();
                Pieces {
                    shapes,
                    mesh: Some((tris, mesh.clone())),
                }
            }
            shape => Pieces {
                shapes: vec![shape.clone()],
                mesh: None,
            },
        }
    }

    /// Piece `i` moving as `body` does.
    fn body(&self, i: usize, body: &Body) -> Body {
        Body {
            shape: self.shapes[i].clone(),
            pose: body.pose.clone(),
            motion: body.motion.clone(),
        }
    }

    /// The name in the body of a feature of piece `i`.
    fn rename(&self, i: usize, f: crate::geom::Feature) -> crate::geom::Feature {
        match &self.mesh {
            Some((tris, mesh)) => tris[i].feature_in_mesh(mesh, f),
            None => f,
        }
    }
}

/// The pair of pieces that comes within `d` first, with what it found.
struct FirstPair<S: RealRoots> {
    time: S::Root,
    out: DistanceOutcome<S>,
    pieces: (usize, usize),
}

/// Solves the first time the solids come within `separation` (module
/// docs), one body at least a mesh.
pub(super) fn solve_by_pieces<S: RealRoots>(
    a: &Body,
    b: &Body,
    interval: &(Q, Q),
    separation: &Q,
) -> Result<DistanceOutcome<S>, Error> {
    let pieces = [Pieces::of(a), Pieces::of(b)];
    let count = pieces[0].shapes.len() * pieces[1].shapes.len();
    if count > MAX_PIECE_PAIRS {
        return Err(Error::limit_exceeded(format!(
            "distance: {count} piece pairs of a mesh, more than {MAX_PIECE_PAIRS}"
        )));
    }
    let mut stats = DistanceStats::default();
    let common = common_pieces(a, b, interval);
    stats.pieces = common.len();
    let mut intervals: Vec<(S::Root, S::Root)> = Vec::new();
    let mut first: Option<FirstPair<S>> = None;
    for piece in &common {
        let (found, earliest) = solve_common_piece(&pieces, piece, separation, &mut stats)?;
        if first.is_none() && !found.is_empty() {
            first = earliest;
        }
        for (lo, hi) in found {
            push_joined(&mut intervals, lo, hi);
        }
    }
    let first_contact = intervals.first().map(|(lo, _)| lo.clone());
    // the features of the pair that comes within d at the first contact;
    // none when the solids start nested
    let pair = first.filter(|f| Some(&f.time) == first_contact.as_ref());
    let r0 = S::root_of_value(&S::from_rational(&interval.0));
    Ok(DistanceOutcome {
        collides: first_contact.is_some(),
        initially_overlapping: first_contact.as_ref() == Some(&r0),
        first_contact,
        contact_intervals: intervals,
        features: pair.as_ref().and_then(|p| {
            let (fa, fb) = p.out.features?;
            Some((
                pieces[0].rename(p.pieces.0, fa),
                pieces[1].rename(p.pieces.1, fb),
            ))
        }),
        point: pair.as_ref().and_then(|p| p.out.point),
        normal: pair.as_ref().and_then(|p| p.out.normal),
        stats,
    })
}

/// The contact intervals on one common sub-interval, and the pair that
/// comes within `d` first there.
#[allow(clippy::type_complexity)] // the intervals and the first pair
fn solve_common_piece<S: RealRoots>(
    pieces: &[Pieces; 2],
    piece: &CommonPiece,
    separation: &Q,
    stats: &mut DistanceStats,
) -> Result<(Vec<(S::Root, S::Root)>, Option<FirstPair<S>>), Error> {
    let span = (piece.from.clone(), piece.to.clone());
    // hulls first: bodies whose hulls never come within `d` keep every pair
    // of pieces apart, and are not nested (nesting needs the hulls to meet)
    let hulls = [piece.a.hull(), piece.b.hull()];
    if let Ok(out) = solve_distance::<S>(&hulls[0], &hulls[1], &span, separation) {
        stats.pairs += out.stats.pairs;
        stats.root_isolations += out.stats.root_isolations;
        if out.first_contact.is_none() {
            return Ok((Vec::new(), None));
        }
    }
    let mut spans: Vec<(S::Root, S::Root)> = Vec::new();
    let mut first: Option<FirstPair<S>> = None;
    for i in 0..pieces[0].shapes.len() {
        for j in 0..pieces[1].shapes.len() {
            budget::check()?;
            let (pa, pb) = (pieces[0].body(i, &piece.a), pieces[1].body(j, &piece.b));
            let out = solve_distance::<S>(&pa, &pb, &span, separation)?;
            stats.pairs += out.stats.pairs;
            stats.excluded += out.stats.excluded;
            stats.root_isolations += out.stats.root_isolations;
            if let Some(t) = &out.first_contact {
                if first.as_ref().is_none_or(|f| *t < f.time) {
                    first = Some(FirstPair {
                        time: t.clone(),
                        out: out.clone(),
                        pieces: (i, j),
                    });
                }
            }
            spans.extend(out.contact_intervals);
        }
    }
    spans.sort_by(|x, y| x.0.cmp(&y.0));
    let mut merged: Vec<(S::Root, S::Root)> = Vec::new();
    for (lo, hi) in spans {
        push_joined(&mut merged, lo, hi);
    }
    let motions = [&piece.a, &piece.b].map(PolyMotion::from_body);
    let [Some(ma), Some(mb)] = motions else {
        return Err(Error::not_applicable(
            "distance: a mesh's pieces need rational motions",
        ));
    };
    let nested = |t: &S| {
        t.to_rational()
            .is_some_and(|t| nested_at(pieces, [&piece.a.shape, &piece.b.shape], [&ma, &mb], &t))
    };
    let (t0, t1) = (S::from_rational(&piece.from), S::from_rational(&piece.to));
    Ok((fill_overlaps(merged, &t0, &t1, &nested), first))
}

/// True when, at time `t`, a point of one solid lies inside the other, a
/// mesh (module docs: the surfaces are then apart).
fn nested_at(
    pieces: &[Pieces; 2],
    shapes: [&Shape<Q>; 2],
    motions: [&PolyMotion<Q>; 2],
    t: &Q,
) -> bool {
    [(0, 1), (1, 0)].iter().any(|&(inner, outer)| {
        let Some((tris, mesh)) = &pieces[outer].mesh else {
            return false;
        };
        let outer_pose = motions[outer].pose_at(t);
        let surface: Vec<[Vec3<Q>; 3]> = tris
            .iter()
            .map(|tri| {
                tri.vertices
                    .map(|i| outer_pose.apply_point(&mesh.vertices[i]))
            })
            .collect();
        let inner_pose = motions[inner].pose_at(t);
        shapes[inner]
            .part_points()
            .iter()
            .any(|y| point_in_solid(&inner_pose.apply_point(y), &surface))
    })
}
