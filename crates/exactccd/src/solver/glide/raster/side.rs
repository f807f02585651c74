//! One body's share of a raster query (module docs, steps 2 to 4; Buss,
//! "Collision Detection with Glide Rotations", sections 7 to 9): its
//! vertices and normals in the axis frame, its pieces, their projected
//! chords, the records per pixel row and the vertex pixels.
#![allow(clippy::float_arithmetic)]

use super::doppel::{Piece, Tag};
use super::project::{
    floor_index, project_edge_from, sub, Resolution, Screen, ScreenPt, Sector, Seg, V,
};
use super::scan::{piece_spans, ChordRow, Span, VertexPixel};
use super::{RasterSolid, Rigid};
use crate::geom::Vec3;
use crate::solver::glide::facing::{face_corners, FaceCorner};

/// The buffers of one body, kept between queries (in [`RasterScratch`](super::RasterScratch)).
#[derive(Debug, Default)]
pub(super) struct Side {
    pub(super) verts: Vec<V>,
    pub(super) normals: Vec<V>,
    pub(super) pieces: Vec<Piece>,
    /// Boundary sides: ends, tag, piece.
    pub(super) sides: Vec<(V, V, Tag, u32)>,
    /// Per side: entered in the edge scan (a real side met for the first
    /// time; a virtual side or a real one met again is not).
    pub(super) scanned: Vec<bool>,
    /// Scratch: the real sides projected so far, `(side, first chord, end
    /// of its chords, the mesh edge's previous real side or u32::MAX)`.
    pub(super) real_sides: Vec<(u32, usize, usize, u32)>,
    /// Scratch: per mesh edge, its last entry in `real_sides` (u32::MAX:
    /// none yet).
    pub(super) edge_last: Vec<u32>,
    pub(super) chords: Vec<Seg>,
    /// Chord range of each piece.
    pub(super) piece_chords: Vec<(usize, usize)>,
    pub(super) spans: Vec<Span>,
    /// Each chord's part in each pixel row.
    pub(super) chord_rows: Vec<ChordRow>,
    pub(super) vpix: Vec<VertexPixel>,
    /// Scratch: one piece's rows, one piece's projected corners.
    pub(super) rows: Vec<(i32, f64, f64)>,
    pub(super) corner_pts: Vec<(ScreenPt, f64)>,
}

impl Side {
    /// Empties the buffers (keeping their memory) and puts `solid` in the
    /// axis frame.
    pub(super) fn reset(&mut self, solid: &RasterSolid, to_axis: &Rigid) {
        self.verts.clear();
        self.verts
            .extend(solid.vertices.iter().map(|p| to_axis.point(p)));
        self.normals.clear();
        self.normals
            .extend(solid.normals.iter().map(|n| to_axis.dir(n)));
        self.pieces.clear();
        self.sides.clear();
        self.scanned.clear();
        self.chords.clear();
        self.piece_chords.clear();
        self.spans.clear();
        self.chord_rows.clear();
        self.vpix.clear();
    }

    /// Steps 3 and 4 for one body (sections 7 and 9): every piece side
    /// projected to chords within the resolution (a side shared by two
    /// pieces of one sector once), each piece's records per pixel row, and
    /// its vertex pixels.
    pub(super) fn project(&mut self, screen: &Screen, res: &Resolution, edges: usize) {
        let Side {
            pieces,
            sides,
            scanned,
            real_sides,
            edge_last,
            chords,
            piece_chords,
            spans,
            chord_rows,
            vpix,
            rows,
            corner_pts,
            ..
        } = self;
        real_sides.clear();
        edge_last.clear();
        edge_last.resize(edges, u32::MAX);
        for (pi, piece) in pieces.iter().enumerate() {
            let start = chords.len();
            // Each corner projected once: shared by its two sides and its
            // vertex pixel.
            corner_pts.clear();
            corner_pts.extend(
                piece
                    .corners
                    .iter()
                    .map(|c| screen.project_with_psi(&c.p, &piece.sector)),
            );
            let n = piece.corners.len();
            for i in 0..n {
                let j = (i + 1) % n;
                let (c, d) = (&piece.corners[i], &piece.corners[j]);
                if c.p == d.p {
                    continue;
                }
                let k = sides.len() as u32;
                sides.push((c.p, d.p, c.out, pi as u32));
                // A mesh edge bounding two kept faces is a side of a piece
                // of each, with the same ends in the same sector (the other
                // way round): projected once, its chords copied reversed
                // for the second, which the edge scan leaves out (its
                // pixels are the first's).
                if let Tag::Real(e) = c.out {
                    let first = first_side(
                        sides,
                        pieces,
                        real_sides,
                        edge_last[e as usize],
                        &piece.sector,
                        (&c.p, &d.p),
                    );
                    if let Some((j, from, to)) = first {
                        let forward = sides[j as usize].0 == c.p;
                        scanned.push(false);
                        copy_chords(chords, (from, to), forward, k);
                        continue;
                    }
                }
                let from = chords.len();
                project_edge_from(
                    screen,
                    &piece.sector,
                    (&c.p, corner_pts[i].0),
                    (&d.p, corner_pts[j].0),
                    res,
                    k,
                    chords,
                );
                // a real side is scanned for edge crossings and remembered
                // for the piece on the edge's other face
                let real = if let Tag::Real(e) = c.out {
                    real_sides.push((k, from, chords.len(), edge_last[e as usize]));
                    edge_last[e as usize] = (real_sides.len() - 1) as u32;
                    true
                } else {
                    false
                };
                scanned.push(real);
            }
            piece_chords.push((start, chords.len()));
            piece_spans(
                &chords[start..],
                start as u32,
                pi as u32,
                res.pixel,
                0.5 * res.pixel,
                rows,
                chord_rows,
                spans,
            );
            for (c, &(sp, psi)) in piece.corners.iter().zip(corner_pts.iter()) {
                let Some(v) = c.vertex else { continue };
                vpix.push(VertexPixel {
                    row: floor_index(sp.u / res.pixel).unwrap_or(0) as i32,
                    v: sp.v,
                    psi,
                    vertex: v,
                });
            }
        }
        // A vertex in several pieces of one sector is one vertex pixel (the
        // same azimuth); copies one turn apart, or on both sides of the
        // seam, stay.
        self.vpix
            .sort_unstable_by(|x, y| x.vertex.cmp(&y.vertex).then(x.psi.total_cmp(&y.psi)));
        self.vpix
            .dedup_by(|x, y| x.vertex == y.vertex && (x.psi - y.psi).abs() <= 1e-6);
    }
}

/// The face corners at vertex `v` of `solid` (vertices `verts` and face
/// normals `normals`, both in the axis frame), each direction moved by
/// `turn`, into `out`.
pub(super) fn vertex_corners(
    solid: &RasterSolid,
    (verts, normals): (&[V], &[V]),
    v: usize,
    turn: impl Fn(&V) -> V,
    out: &mut Vec<FaceCorner>,
) {
    out.clear();
    let p = &verts[v];
    let vec = |x: V| Vec3::new(x[0], x[1], x[2]);
    out.extend(
        face_corners(&solid.faces, &solid.vertex_faces[v], v).map(|(f, next, previous)| {
            FaceCorner {
                next: vec(turn(&sub(&verts[next], p))),
                previous: vec(turn(&sub(&verts[previous], p))),
                normal: vec(turn(&normals[f])),
            }
        }),
    );
}

/// The side of a piece projected before (in `real_sides`, from the entry
/// `at` of the mesh edge's list back) with the ends `c` and `d`, either
/// way round, in `sector`: its index and its chords' range.
fn first_side(
    sides: &[(V, V, Tag, u32)],
    pieces: &[Piece],
    real_sides: &[(u32, usize, usize, u32)],
    mut at: u32,
    sector: &Sector,
    (c, d): (&V, &V),
) -> Option<(u32, usize, usize)> {
    while at != u32::MAX {
        let (j, from, to, before) = real_sides[at as usize];
        let (p, q, _, pj) = sides[j as usize];
        if pieces[pj as usize].sector == *sector && ((p == *c && q == *d) || (p == *d && q == *c)) {
            return Some((j, from, to));
        }
        at = before;
    }
    None
}

/// Appends the chords `from..to` again as the chords of side `k`: as they
/// are when `forward`, else reversed (each chord's ends and parameters
/// swapped, in reverse order).
fn copy_chords(chords: &mut Vec<Seg>, (from, to): (usize, usize), forward: bool, k: u32) {
    for m in from..to {
        let m = if forward { m } else { from + to - 1 - m };
        let ch = chords[m];
        chords.push(if forward {
            Seg { edge: k, ..ch }
        } else {
            Seg {
                a: ch.b,
                b: ch.a,
                lam0: 1.0 - ch.lam1,
                lam1: 1.0 - ch.lam0,
                edge: k,
            }
        });
    }
}
