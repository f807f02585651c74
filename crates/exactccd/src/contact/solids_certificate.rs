//! The certificate of an exact `sat` answer on a mesh that need not be
//! convex: the solver's evidence (`solver::sat::mesh`, "Evidence") as
//! parts the referee checks (`exactccd_oracle::solids`).
//!
//! Each piece pair the solver solved becomes a part of one triangle (or
//! the convex body) against one, with that pair's separation pieces turned
//! to world coordinates and cut at the answer's first contact `T`; each
//! node pair the tree pruned becomes a part of the node's triangles
//! against the other node's, with the pruning's direction over `[t0, T)`.
//! The witness is a common point at `T` of the first pair (or of another
//! pair touching at `T`), named by its two pieces; for solids nested at `t0` without touching surfaces, a point of
//! the one inside the other. A piece is named by its place in its face's
//! fan or cut (`(face, k)`), and the certificate carries the cuts of the
//! meshes' non-convex faces ([`mesh_cuts`]). The SAT
//! pieces of a pair are turned to world coordinates here too
//! ([`world_pieces`], which `contact::sat` uses for two convex bodies).
#![deny(clippy::float_arithmetic)]

use super::certificate::{CertificatePart, FanPiece, SolidParts};
use super::core_certificate::distance_certificate;
use super::witness::find_contact_witness;
use super::{BodyQuery, Certificate, ContactWitness, PieceEnd, SeparationPiece};
use crate::geom::{face_cuts, point_in_solid, triangulate_faces, FaceCut, Shape, Triangle, Vec3};
use crate::motion::{common_pieces, Body, PolyMotion};
use crate::poly::{Poly, RealAlgebraic};
use crate::scalar::BigRational;
use crate::solver::distance::solve_distance;
use crate::solver::sat::{AxisCertificate, CertificateFrame, MeshEvidence, SatOutcome, Side};
use std::cmp::Ordering;

/// The pieces, cut to end before the first contact `first` (unchanged
/// when there is none): pieces from `T` on are dropped, and the one that
/// reaches `T` ends at the contact.
fn before_contact(
    pieces: Vec<SeparationPiece>,
    first: Option<&RealAlgebraic>,
) -> Vec<SeparationPiece> {
    let Some(t) = first else {
        return pieces;
    };
    let mut out = Vec::new();
    for mut p in pieces {
        if t.cmp_rational(&p.from) != Ordering::Greater {
            break;
        }
        let ends_before =
            matches!(&p.to, PieceEnd::At(e) if t.cmp_rational(e) == Ordering::Greater);
        if !ends_before {
            p.to = PieceEnd::BeforeContact;
            out.push(p);
            break;
        }
        out.push(p);
    }
    out
}

/// The certificate of parts for an exact mesh answer (module docs), or
/// `None` when a piece has no fan name or a witness is not found.
pub(super) fn solids_certificate(
    out: &SatOutcome<BigRational>,
    evidence: &MeshEvidence,
    query: &BodyQuery<'_>,
) -> Option<Certificate> {
    let is_mesh = [query.a, query.b].map(|b| matches!(b.shape, Shape::Mesh(_)));
    let name = |side: usize, i: usize| -> Option<FanPiece> {
        if is_mesh[side] {
            evidence.fans[side][i]
        } else {
            None
        }
    };
    let names = |side: usize, pieces: &[usize]| -> Option<Vec<FanPiece>> {
        is_mesh[side].then(|| {
            pieces
                .iter()
                .filter_map(|&i| evidence.fans[side][i])
                .collect()
        })
    };
    let pair_query = |i: usize, j: usize| BodyQuery {
        a: &evidence.pieces[0][i],
        b: &evidence.pieces[1][j],
        interval: query.interval,
        approximate_rotations: query.approximate_rotations,
        separation: query.separation,
    };
    let (t0, t1) = (&query.interval.0, &query.interval.1);
    let first = out.first_contact.as_ref();
    let at_start = first.is_some_and(|t| t.cmp_rational(t0) == Ordering::Equal);
    let mut parts = Vec::new();
    if !at_start {
        for (i, j, certificate) in &evidence.pairs {
            let q = pair_query(*i, *j);
            let swapped = !matches!(q.a.shape, Shape::Box(_)) && matches!(q.b.shape, Shape::Box(_));
            let pieces = world_pieces(certificate, &q, swapped)?;
            parts.push(CertificatePart {
                a: names(0, &[*i]),
                b: names(1, &[*j]),
                separation: before_contact(pieces, first),
            });
        }
        for pruned in &evidence.pruned {
            parts.push(CertificatePart {
                a: names(0, &pruned.pieces_a),
                b: names(1, &pruned.pieces_b),
                separation: vec![SeparationPiece {
                    body_fixed: None,
                    about_axis: None,
                    from: t0.clone(),
                    to: match first {
                        Some(_) => PieceEnd::BeforeContact,
                        None => PieceEnd::At(t1.clone()),
                    },
                    direction: pruned.proof.direction.clone(),
                    label: pruned.proof.label.clone(),
                }],
            });
        }
    }
    let (contact, witness_pieces) = match (first, evidence.first_pair) {
        (None, _) => (None, [None, None]),
        (Some(t), Some(first_pair)) => {
            // the first pair, then every other pair touching at T (the
            // witness search misses an in-plane crossing of two coplanar
            // triangles' edges; another pair then shows the point)
            let mut candidates = std::iter::once(first_pair).chain(
                evidence
                    .touching_first
                    .iter()
                    .copied()
                    .filter(|p| *p != first_pair),
            );
            let (w, (i, j)) = candidates.find_map(|(i, j)| {
                let q = pair_query(i, j);
                find_contact_witness(q.a, q.b, t0, t, None).map(|w| (w, (i, j)))
            })?;
            (Some(w), [name(0, i), name(1, j)])
        }
        (Some(_), None) => {
            // nested at t0 without touching surfaces: a point of the one
            // solid (world coordinates at t0) inside the other
            (
                Some(nested_witness(out.exact_point.as_ref()?)),
                [None, None],
            )
        }
    };
    Some(Certificate {
        separation: Vec::new(),
        contact,
        solids: Some(SolidParts {
            parts,
            witness_pieces,
            cuts: mesh_cuts(query.a, query.b),
        }),
    })
}

/// The witness of solids nested at `t0`: the point `p` (world, at `t0`)
/// of one inside the other, which the referee tests by ray parity.
fn nested_witness(p: &Vec3<BigRational>) -> ContactWitness {
    let constant = |x: &BigRational| Poly::constant(x.clone());
    ContactWitness {
        point: Vec3::new(constant(&p.x), constant(&p.y), constant(&p.z)),
        denominator: Poly::constant(BigRational::from_integer(1.into())),
        other: None,
        label: "a point of one solid inside the other".into(),
        at: None,
        material_of: None,
        edge_end: None,
    }
}

/// A point (world, at `t0`) of one body inside the other, a mesh, when
/// they are nested then: every vertex of a mesh, or one point of a convex
/// body's core (a box's or a sphere's centre, a capsule's end, a
/// triangle's or a hull's first point), tried by exact ray parity.
fn nested_point(query: &BodyQuery<'_>) -> Option<Vec3<BigRational>> {
    let piece = common_pieces(query.a, query.b, query.interval)
        .into_iter()
        .next()?;
    let t0 = &query.interval.0;
    let bodies = [&piece.a, &piece.b];
    let poses = [
        PolyMotion::from_body(bodies[0])?.pose_at(t0),
        PolyMotion::from_body(bodies[1])?.pose_at(t0),
    ];
    for (inner, outer) in [(0, 1), (1, 0)] {
        let Shape::Mesh(mesh) = &bodies[outer].shape else {
            continue;
        };
        let surface: Vec<[Vec3<BigRational>; 3]> = triangulate_faces(mesh)
            .iter()
            .map(|t| {
                t.vertices
                    .map(|i| poses[outer].apply_point(&mesh.vertices[i]))
            })
            .collect();
        for y in bodies[inner].shape.part_points() {
            let p = poses[inner].apply_point(&y);
            if point_in_solid(&p, &surface) {
                return Some(p);
            }
        }
    }
    None
}

/// The cuts of the non-convex faces of `a` and of `b` (none for a body
/// that is not a mesh).
pub(super) fn mesh_cuts(a: &Body, b: &Body) -> [Vec<FaceCut>; 2] {
    [a, b].map(|body| match &body.shape {
        Shape::Mesh(mesh) => face_cuts(mesh),
        _ => Vec::new(),
    })
}

/// The separation pieces of a SAT certificate in the neutral world-frame
/// form (`swapped`: the solver took `b` as its first body).
pub(super) fn world_pieces(
    certificate: &crate::solver::sat::Certificate<BigRational>,
    query: &BodyQuery<'_>,
    swapped: bool,
) -> Option<Vec<SeparationPiece>> {
    let t0 = &query.interval.0;
    let (first, _) = if swapped {
        (query.b, query.a)
    } else {
        (query.a, query.b)
    };
    let frame_linear = PolyMotion::from_body_on(first, t0).map(|m| m.linear);
    let world = |axis: &AxisCertificate<BigRational>| -> Option<Vec3<Poly<BigRational>>> {
        let [x, y, z] = axis.direction.clone();
        let d = Vec3::new(x, y, z);
        let mut d = match axis.frame {
            CertificateFrame::World => d,
            CertificateFrame::LocalA => frame_linear.as_ref()?.mul_vec(&d),
        };
        let flip = (axis.side == Side::Negative) != swapped;
        if flip {
            d = Vec3::new(-d.x, -d.y, -d.z);
        }
        Some(d)
    };
    let mut separation = Vec::new();
    for piece in &certificate.separation {
        separation.push(SeparationPiece {
            body_fixed: None,
            about_axis: None,
            from: piece.start.clone(),
            to: match &piece.end {
                Some(e) => PieceEnd::At(e.clone()),
                None => PieceEnd::BeforeContact,
            },
            direction: world(&piece.axis)?,
            label: piece.axis.axis.to_string(),
        });
    }
    Some(separation)
}

/// A body's pieces as the certificate names them: a mesh's face
/// triangles, each `(face, k)`, moving as the mesh does; any other body
/// is its one piece, unnamed.
fn named_pieces(body: &Body) -> Vec<(Body, Option<FanPiece>)> {
    match &body.shape {
        Shape::Mesh(mesh) => triangulate_faces(mesh)
            .into_iter()
            .map(|t| {
                let piece = Body {
                    shape: Shape::Triangle(Triangle {
                        vertices: t.vertices.map(|i| mesh.vertices[i].clone()),
                    }),
                    pose: body.pose.clone(),
                    motion: body.motion.clone(),
                };
                (piece, Some((t.face, t.index)))
            })
            .collect(),
        _ => vec![(body.clone(), None)],
    }
}

/// The certificate of two solids whose convex hulls ([`Body::hull`]) never
/// come within `d` on the interval: one part, the hulls' distance
/// certificate, naming every piece of a mesh (the referee checks such a
/// part on the hull of the named pieces' vertices). `None` when the hulls
/// come within `d`, or their certificate cannot be built.
fn hulls_apart_certificate(query: &BodyQuery<'_>) -> Option<Certificate> {
    let hulls = [query.a.hull(), query.b.hull()];
    let own = solve_distance::<BigRational>(&hulls[0], &hulls[1], query.interval, query.separation)
        .ok()?;
    if own.first_contact.is_some() {
        return None;
    }
    let pair = BodyQuery {
        a: &hulls[0],
        b: &hulls[1],
        ..*query
    };
    let separation = distance_certificate(&pair, None, None)?.separation;
    let names = |body: &Body| -> Option<Vec<FanPiece>> {
        match body.shape {
            Shape::Mesh(_) => named_pieces(body).into_iter().map(|(_, n)| n).collect(),
            _ => None,
        }
    };
    Some(Certificate {
        separation: Vec::new(),
        contact: None,
        solids: Some(SolidParts {
            parts: vec![CertificatePart {
                a: names(query.a),
                b: names(query.b),
                separation,
            }],
            witness_pieces: [None, None],
            cuts: mesh_cuts(query.a, query.b),
        }),
    })
}

/// The certificate by parts of an exact answer of the distance method on
/// a mesh (`solver::distance`, "Meshes by pieces"), one part per pair of
/// pieces: each pair is solved again, and its separation pieces are the
/// distance certificate of the pair, up to the answer's first contact `T`
/// when the pair touches then (its witness is the answer's), else up to a
/// rational after `T` and before the pair's own first contact, cut at
/// `T`; for solids nested at `t0` with no pair touching there, a point of
/// the one inside the other. `None` when a pair's certificate cannot be
/// built.
pub(super) fn mesh_distance_certificate(
    query: &BodyQuery<'_>,
    first: Option<&RealAlgebraic>,
) -> Option<Certificate> {
    if first.is_none() {
        if let Some(apart) = hulls_apart_certificate(query) {
            return Some(apart);
        }
    }
    let pieces = [named_pieces(query.a), named_pieces(query.b)];
    let (t0, t1) = (&query.interval.0, &query.interval.1);
    let at_start = first.is_some_and(|t| t.cmp_rational(t0) == Ordering::Equal);
    let mut parts = Vec::new();
    let mut contact = None;
    for (pa, name_a) in &pieces[0] {
        for (pb, name_b) in &pieces[1] {
            let pair = BodyQuery {
                a: pa,
                b: pb,
                ..*query
            };
            let own =
                solve_distance::<BigRational>(pa, pb, query.interval, query.separation).ok()?;
            let touches_first = first.is_some() && own.first_contact.as_ref() == first;
            let separation = if at_start {
                // no separation before t0 to show; the witness from the
                // first touching pair that gives one
                if touches_first && contact.is_none() {
                    contact = distance_certificate(&pair, first, own.features)
                        .and_then(|c| c.contact)
                        .map(|w| (w, [*name_a, *name_b]));
                }
                Vec::new()
            } else if touches_first {
                let c = distance_certificate(&pair, first, own.features)?;
                if contact.is_none() {
                    contact = c.contact.map(|w| (w, [*name_a, *name_b]));
                }
                c.separation
            } else {
                // up to a rational between T and the pair's own first contact
                let until = match (first, own.first_contact.as_ref()) {
                    (None, _) => t1.clone(),
                    (Some(t), Some(own)) => RealAlgebraic::rational_between(t, own)?,
                    (Some(t), None) => match t.cmp_rational(t1) {
                        Ordering::Less => RealAlgebraic::rational_between(
                            t,
                            &RealAlgebraic::from_rational(t1.clone()),
                        )?,
                        _ => t1.clone(),
                    },
                };
                let span = (t0.clone(), until);
                let shortened = BodyQuery {
                    interval: &span,
                    ..pair
                };
                let pieces = distance_certificate(&shortened, None, None)?.separation;
                before_contact(pieces, first)
            };
            parts.push(CertificatePart {
                a: name_a.map(|n| vec![n]),
                b: name_b.map(|n| vec![n]),
                separation,
            });
        }
    }
    // a first contact no pair has: solids nested at t0
    let (witness, witness_pieces) = match (first, contact) {
        (None, _) => (None, [None, None]),
        (Some(_), Some((w, names))) => (Some(w), names),
        (Some(_), None) => (Some(nested_witness(&nested_point(query)?)), [None, None]),
    };
    Some(Certificate {
        separation: Vec::new(),
        contact: witness,
        solids: Some(SolidParts {
            parts,
            witness_pieces,
            cuts: mesh_cuts(query.a, query.b),
        }),
    })
}
