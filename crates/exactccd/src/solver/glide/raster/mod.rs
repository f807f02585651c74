//! The pixel-based (raster) variant of Buss's glide algorithm (Buss, "Collision Detection with Glide Rotations",
//! sections 7 to 9), in `f64`: an approximate method by nature (pixels,
//! Newton), beside the analytic variant of the parent module.
//!
//! # The algorithm (section 9)
//!
//! 1. **Glide and frame.** The relative glide of the analytic variant
//!    (`relative.rs`: `Ω` of equation 1, its screw decomposition, the same
//!    turning sense) is turned to `f64`: angle `θ >= 0` and slide `g` per
//!    step about an axis put on `y` (section 4.1). The frame is turned about
//!    the axis so that `a`'s bounding sphere lies at azimuth 0, far from the
//!    seam `φ = ±π`, so that usually nothing needs doppeling. **Bounding
//!    spheres**: when the ranges of `r` (invariant under the flow) or of `y`
//!    (over the step) of the two spheres are disjoint, or for a translation
//!    the moving sphere never reaches the other, there is no collision.
//! 2. **Clipping and doppeling** (`doppel.rs`, sections 4.2 and 8): faces
//!    of `b` clipped to their forward parts, of `a` to their backward
//!    parts, cut into pieces of one sector of azimuth each, `a`'s pieces in
//!    `[-π, -π + θ]` copied one turn up; cut sides are virtual edges.
//! 3. **Projection** (`project.rs`, section 7): each piece side is projected
//!    by divide and conquer to chords within half a pixel and half the time
//!    resolution of the curve, and rasterised row by row.
//! 4. **Records** (`scan.rs`): per piece and pixel row one record with the
//!    least and greatest `h` (the line filling), bucket-sorted by row `r`.
//!    Vertex pixels of both bodies.
//! 5. **Vertices in faces** (section 9's fifth step), both ways (vertices
//!    of `b` against faces of `a`, and of `a` against `b`): a vertex pixel
//!    is in the faces whose record of its row has `hmin <= h <= hmax`.
//! 6. **Edge crossings** (sixth step): per pixel row, the column ranges of
//!    the real chords of both bodies merged in column order; overlapping
//!    ranges (a shared pixel) give candidate chord pairs, kept when their
//!    pixel times can fall in the step.
//! 7. **Resolution** (`resolve.rs`): VF/FV times by Newton's method on the
//!    face, EE crossings confirmed and timed on the edges' coplanarity near
//!    the pixel time, vertex contacts on edges and vertices (EV, VE, VV)
//!    resolved into VF/FV by maximal properness (section 5), properness of
//!    every collision (section 5, equation 7 for EE).
//!
//! The output is every collision in the step `[0, 1]` (`[t0, t1]`) with its
//! kind, features, time, place, normal and properness. **Properness
//! threshold**: the raster reports as the first collision the earliest one
//! whose properness is at least the threshold (the paper's -0.1 by
//! default; section 9 discards the others), because the raster meets every
//! face crossing, including exits of a vertex through a face, which are
//! improper. The analytic variant reports the earliest exact event whatever
//! its properness (its earliest event is the first contact of the closed
//! solids, so properness filtering is not needed there).
//!
//! # Speed
//!
//! A query's working memory (pieces, chords, records, candidates) lives in
//! a [`RasterScratch`] that [`raster_collisions_with`] reuses across
//! queries; [`raster_collisions`] allocates one. Each piece corner is
//! projected once, a chord short enough to end the divide and conquer is
//! not split further without projecting its midpoint, and one sine and
//! cosine serve every point and direction moved by the flow to one step
//! fraction. None of this changes an answer (the tests compare).
//!
//! # Resolution and what it means
//!
//! `pixel` (the distance between pixels) and `time` (the time resolution)
//! decide which feature pairs are examined: a vertex whose pixel row
//! record of a face is missed, or two edges whose chords do not come within
//! a pixel, are not examined. The times and places of the collisions that
//! are examined are solved on the glide itself in `f64` (Newton), so they
//! are as accurate as the analytic variant's `f64` answers.
//!
//! Not handled: contacts where the plane or coplanarity equation has a
//! double root only (a tangential graze), which no sign change reveals; a
//! vertex gliding in a face's plane is reported at the first sample inside
//! the face (times within `1/8` of the window).
#![allow(clippy::float_arithmetic)]

mod doppel;
mod project;
mod resolve;
mod scan;

use super::events::EventKind;
use super::relative::{GlidePath, RelativeGlide, TimeMap};
use crate::geom::{Mesh, Pose};
use crate::scalar::Scalar;
use doppel::{cut_faces, sectors, CutStats, FaceSource, Piece, Scratch, Tag};
use project::Sector;
use project::{
    add, dot, floor_index, norm, project_edge_from, sub, Resolution, Screen, ScreenPt, Seg, V,
};
use resolve::{
    chord_closest, coplanarity, edge_prop, inside_face, line_params, newton, plane_roots, resolve,
    roots_in, vertex_prop, Found,
};
use scan::{
    edge_pairs, piece_spans, vertices_in_faces, ChordRow, PixelTable, RowBuckets, Span, VertexPixel,
};
use std::f64::consts::PI;

mod solve;
pub use solve::{
    default_resolution, solve_raster, RasterOutcome, RasterSettings, DEFAULT_TIME_RESOLUTION,
};

/// A solid prepared for raster queries (once per shape): `f64` vertices,
/// unit outward face normals, adjacency, bounding sphere.
#[derive(Clone, Debug)]
pub struct RasterSolid {
    vertices: Vec<V>,
    normals: Vec<V>,
    faces: Vec<Vec<usize>>,
    face_edges: Vec<Vec<usize>>,
    /// `(v, faces)` of each mesh edge (as `MeshEdge`).
    edges: Vec<([usize; 2], [usize; 2])>,
    vertex_edges: Vec<Vec<usize>>,
    center: V,
    radius: f64,
}

impl RasterSolid {
    /// Prepares a mesh (local coordinates).
    pub fn new(mesh: &Mesh<f64>) -> Self {
        let vertices: Vec<V> = mesh.vertices.iter().map(|p| [p.x, p.y, p.z]).collect();
        let normals = mesh
            .faces
            .iter()
            .map(|f| {
                // Newell's normal.
                let mut n = [0.0; 3];
                for i in 0..f.len() {
                    let (p, q) = (&vertices[f[i]], &vertices[f[(i + 1) % f.len()]]);
                    n[0] += (p[1] - q[1]) * (p[2] + q[2]);
                    n[1] += (p[2] - q[2]) * (p[0] + q[0]);
                    n[2] += (p[0] - q[0]) * (p[1] + q[1]);
                }
                let l = norm(&n);
                if l > 0.0 {
                    [n[0] / l, n[1] / l, n[2] / l]
                } else {
                    n
                }
            })
            .collect();
        let mut center = [0.0; 3];
        for p in &vertices {
            center = add(&center, p);
        }
        let k = 1.0 / vertices.len().max(1) as f64;
        center = [center[0] * k, center[1] * k, center[2] * k];
        let radius = vertices
            .iter()
            .map(|p| norm(&sub(p, &center)))
            .fold(0.0, f64::max);
        RasterSolid {
            vertices,
            normals,
            faces: mesh.faces.clone(),
            face_edges: mesh.face_edges.clone(),
            edges: mesh.edges.iter().map(|e| (e.v, e.faces)).collect(),
            vertex_edges: mesh.vertex_edges.clone(),
            center,
            radius,
        }
    }

    /// Edge lengths, for choosing a resolution.
    pub fn edge_lengths(&self) -> impl Iterator<Item = f64> + '_ {
        self.edges
            .iter()
            .map(|(v, _)| norm(&sub(&self.vertices[v[1]], &self.vertices[v[0]])))
    }
}

/// A rigid map in `f64`: `x -> m x + t`.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Rigid {
    m: [[f64; 3]; 3],
    t: V,
}

impl Rigid {
    fn of(p: &Pose<f64>) -> Self {
        let r = &p.rotation;
        let mut m = [[0.0; 3]; 3];
        for (i, row) in m.iter_mut().enumerate() {
            for (j, x) in row.iter_mut().enumerate() {
                *x = r.rows[i][j];
            }
        }
        Rigid {
            m,
            t: [p.translation.x, p.translation.y, p.translation.z],
        }
    }
    fn dir(&self, v: &V) -> V {
        let m = &self.m;
        [dot(&m[0], v), dot(&m[1], v), dot(&m[2], v)]
    }
    fn point(&self, v: &V) -> V {
        add(&self.dir(v), &self.t)
    }
    fn then(&self, outer: &Rigid) -> Rigid {
        let mut m = [[0.0; 3]; 3];
        for (i, row) in m.iter_mut().enumerate() {
            for (j, x) in row.iter_mut().enumerate() {
                *x = (0..3).map(|k| outer.m[i][k] * self.m[k][j]).sum();
            }
        }
        Rigid {
            m,
            t: outer.point(&self.t),
        }
    }
    fn inverse(&self) -> Rigid {
        let mut m = [[0.0; 3]; 3];
        for (i, row) in m.iter_mut().enumerate() {
            for (j, x) in row.iter_mut().enumerate() {
                *x = self.m[j][i];
            }
        }
        let r = Rigid { m, t: [0.0; 3] };
        let t = r.dir(&self.t);
        Rigid {
            m,
            t: [-t[0], -t[1], -t[2]],
        }
    }
}

/// The relative glide in `f64`: `b`'s local frame to `a`'s at the step's
/// start, `a`'s frame to the axis frame, and the glide per step.
#[derive(Clone, Debug, PartialEq)]
pub struct RasterGlide {
    b_to_a: Rigid,
    a_to_axis: Rigid,
    /// Radians per step, `>= 0`.
    pub theta: f64,
    /// Slide along the axis per step.
    pub slide: f64,
}

impl RasterGlide {
    /// The `f64` glide of the analytic variant's exact relative motion.
    pub fn from_relative(rel: &RelativeGlide) -> Self {
        let b_to_a = Rigid::of(&rel.start.to_f64());
        let (t0, t1) = (rel.interval.0.to_f64(), rel.interval.1.to_f64());
        let (point, dir, theta, slide) = match &rel.path {
            GlidePath::Translation { velocity } => {
                let v = velocity.to_f64();
                let v = [v.x * (t1 - t0), v.y * (t1 - t0), v.z * (t1 - t0)];
                ([0.0; 3], v, 0.0, norm(&v))
            }
            GlidePath::Rotation {
                axis_point,
                axis_direction,
                time,
            } => {
                let k = axis_direction.to_f64();
                let k = [k.x, k.y, k.z];
                let kn = norm(&k);
                let theta = match time {
                    TimeMap::Proportional { sigma_end } => 2.0 * (sigma_end.to_f64() * kn).atan(),
                    TimeMap::AngularSpeed { omega } => omega.to_f64() * t1,
                    TimeMap::HalfTurn => PI,
                };
                let slide = rel.slide.as_ref().map_or(0.0, |c| c.to_f64() * kn);
                let p = axis_point.to_f64();
                ([p.x, p.y, p.z], k, theta, slide)
            }
        };
        let flow = super::facing::Flow {
            axis_point: crate::geom::Vec3::new(point[0], point[1], point[2]),
            axis_direction: super::facing::unit(&crate::geom::Vec3::new(dir[0], dir[1], dir[2])),
            angle: theta,
            slide,
        };
        let a_to_axis = if norm(&dir) > 0.0 {
            Rigid::of(&flow.axis_frame())
        } else {
            Rigid::of(&Pose::identity())
        };
        RasterGlide {
            b_to_a,
            a_to_axis,
            theta,
            slide,
        }
    }
}

/// Resolution parameters (section 9): distance between pixels, and time
/// resolution as a fraction of the step.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RasterResolution {
    /// Distance between pixels (length units of the scenario).
    pub pixel: f64,
    /// Time resolution, as a fraction of the step `[t0, t1]`.
    pub time: f64,
}

/// One collision of the raster, in `a`'s local frame, at the step fraction
/// `s` in `[0, 1]`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RasterCollision {
    /// FV, VF or EE.
    pub kind: EventKind,
    /// `a`'s feature index (face, vertex or edge by `kind`).
    pub a: usize,
    /// `b`'s feature index.
    pub b: usize,
    /// Step fraction.
    pub s: f64,
    /// The contact point in `a`'s frame.
    pub point: [f64; 3],
    /// The collision normal from `a` to `b`, `a`'s frame.
    pub normal: Option<[f64; 3]>,
    /// Section 5's properness.
    pub properness: Option<f64>,
}

/// Work counters of one raster query.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RasterStats {
    /// The bounding spheres ruled out every collision.
    pub early_out: bool,
    /// Pieces of `a` (after clipping and doppeling) and of `b`.
    pub pieces_a: usize,
    /// See `pieces_a`.
    pub pieces_b: usize,
    /// Doppeled pieces of `a`.
    pub doppeled_pieces: usize,
    /// Faces kept whole / clipped / culled by facing, both bodies.
    pub faces_whole: usize,
    /// See `faces_whole`.
    pub faces_clipped: usize,
    /// See `faces_whole`.
    pub faces_culled: usize,
    /// Chords of the divide and conquer, both bodies.
    pub chords: usize,
    /// Face records (one per piece and pixel row), both bodies.
    pub face_records: usize,
    /// Vertex pixels, both bodies.
    pub vertex_pixels: usize,
    /// Pixels entered in or looked up from the edge hash table.
    pub edge_pixels: usize,
    /// Vertex-in-face candidates of the scan.
    pub vertex_candidates: usize,
    /// Chord pairs sharing a pixel at a pixel time that can lie in the
    /// step (within the EE window of `0.05 + 4 DT` around `[0, 1]`).
    pub edge_candidates: usize,
    /// Edge pairs whose crossing was solved (Newton near the pixel time).
    pub edge_pairs_solved: usize,
    /// Collisions before resolution.
    pub found: usize,
}

#[derive(Debug, Default)]
struct Side {
    verts: Vec<V>,
    normals: Vec<V>,
    pieces: Vec<Piece>,
    /// Boundary sides: ends, tag, piece.
    sides: Vec<(V, V, Tag, u32)>,
    /// Per side: entered in the edge scan (a real side met for the first
    /// time; a virtual side or a real one met again is not).
    scanned: Vec<bool>,
    /// Scratch: the real sides projected so far, `(side, first chord, end
    /// of its chords, the mesh edge's previous real side or u32::MAX)`.
    real_sides: Vec<(u32, usize, usize, u32)>,
    /// Scratch: per mesh edge, its last entry in `real_sides` (u32::MAX:
    /// none yet).
    edge_last: Vec<u32>,
    chords: Vec<Seg>,
    /// Chord range of each piece.
    piece_chords: Vec<(usize, usize)>,
    spans: Vec<Span>,
    /// Each chord's part in each pixel row.
    chord_rows: Vec<ChordRow>,
    vpix: Vec<VertexPixel>,
    /// Scratch: one piece's rows, one piece's projected corners.
    rows: Vec<(i32, f64, f64)>,
    corner_pts: Vec<(ScreenPt, f64)>,
}

impl Side {
    /// Empties the buffers (keeping their memory) and puts `solid` in the
    /// axis frame.
    fn reset(&mut self, solid: &RasterSolid, to_axis: &Rigid) {
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

    fn project(&mut self, screen: &Screen, res: &Resolution, edges: usize) {
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
                    let mut at = edge_last[e as usize];
                    let mut same = None;
                    while at != u32::MAX {
                        let (j, from, to, before) = real_sides[at as usize];
                        let (p, q, _, pj) = sides[j as usize];
                        if pieces[pj as usize].sector == piece.sector
                            && ((p == c.p && q == d.p) || (p == d.p && q == c.p))
                        {
                            same = Some((j, from, to));
                            break;
                        }
                        at = before;
                    }
                    if let Some((j, from, to)) = same {
                        let forward = sides[j as usize].0 == c.p;
                        scanned.push(false);
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

fn edge_dirs(solid: &RasterSolid, verts: &[V], v: usize, out: &mut Vec<V>) {
    out.clear();
    for &e in &solid.vertex_edges[v] {
        let [i, j] = solid.edges[e].0;
        let other = if i == v { j } else { i };
        out.push(sub(&verts[other], &verts[v]));
    }
}

/// The working memory of raster queries: every buffer a query fills
/// (pieces, chords, records, candidate pairs, collisions before
/// resolution), kept between queries so that a caller running many
/// queries allocates once. Holds no result: a query's answer does not
/// depend on what the scratch held before.
#[derive(Debug, Default)]
pub struct RasterScratch {
    sa: Side,
    sb: Side,
    cut: Scratch,
    sec_a: Vec<Sector>,
    sec_b: Vec<Sector>,
    buckets: RowBuckets,
    fv_pairs: Vec<(u32, u32)>,
    vf_pairs: Vec<(u32, u32)>,
    table: PixelTable,
    ee_pairs: Vec<(u32, u32)>,
    ee: Vec<(u32, u32, f64)>,
    found: Vec<Found>,
    roots: Vec<f64>,
    dirs: Vec<V>,
}

/// Every collision of `b` moving by `glide` against `a` in the step, by
/// the pixel-based algorithm at resolution `res` (module docs). Allocates
/// its working memory; [`raster_collisions_with`] reuses a caller's.
pub fn raster_collisions(
    a: &RasterSolid,
    b: &RasterSolid,
    glide: &RasterGlide,
    res: &RasterResolution,
) -> (Vec<RasterCollision>, RasterStats) {
    raster_collisions_at(&mut RasterScratch::default(), a, b, glide, res, 0.0)
}

/// [`raster_collisions`] with the working memory `scratch`, kept across
/// queries (the same answer, fewer allocations).
pub fn raster_collisions_with(
    scratch: &mut RasterScratch,
    a: &RasterSolid,
    b: &RasterSolid,
    glide: &RasterGlide,
    res: &RasterResolution,
) -> (Vec<RasterCollision>, RasterStats) {
    raster_collisions_at(scratch, a, b, glide, res, 0.0)
}

/// [`raster_collisions`] with the frame turned about the axis so that
/// `a`'s centre lies at azimuth `azimuth` (0 keeps `a` away from the seam;
/// tests choose others to force doppeling).
fn raster_collisions_at(
    scratch: &mut RasterScratch,
    a: &RasterSolid,
    b: &RasterSolid,
    glide: &RasterGlide,
    res: &RasterResolution,
    azimuth: f64,
) -> (Vec<RasterCollision>, RasterStats) {
    let mut stats = RasterStats::default();
    let theta = glide.theta;
    let g = glide.slide;
    let screen = if theta > 0.0 {
        Screen::Cylinder { theta, g }
    } else if g > 0.0 {
        Screen::Plane { g }
    } else {
        return (Vec::new(), stats);
    };
    // Turn about the axis so that a's centre is at `azimuth`.
    let mut to_axis = glide.a_to_axis;
    if theta > 0.0 {
        let c = to_axis.point(&a.center);
        let alpha = c[0].atan2(c[2]) - azimuth;
        let (sn, cs) = alpha.sin_cos();
        let turn = Rigid {
            m: [[cs, 0.0, -sn], [0.0, 1.0, 0.0], [sn, 0.0, cs]],
            t: [0.0; 3],
        };
        to_axis = to_axis.then(&turn);
    }
    let b_to_axis = glide.b_to_a.then(&to_axis);
    // Bounding spheres.
    let (ca, cb) = (to_axis.point(&a.center), b_to_axis.point(&b.center));
    let (ra, rb) = (a.radius, b.radius);
    let disjoint = |lo1: f64, hi1: f64, lo2: f64, hi2: f64| hi1 < lo2 || hi2 < lo1;
    let early = match screen {
        Screen::Cylinder { .. } => {
            let (da, db) = (ca[0].hypot(ca[2]), cb[0].hypot(cb[2]));
            disjoint(da - ra, da + ra, db - rb, db + rb)
                || disjoint(
                    ca[1] - ra,
                    ca[1] + ra,
                    cb[1] - rb + g.min(0.0),
                    cb[1] + rb + g.max(0.0),
                )
        }
        Screen::Plane { g } => {
            // Distance from ca to the segment cb + [0, g] e_y.
            let y = (ca[1] - cb[1]).clamp(0.0, g);
            let q = [cb[0], cb[1] + y, cb[2]];
            norm(&sub(&ca, &q)) > ra + rb
        }
    };
    if early {
        stats.early_out = true;
        return (Vec::new(), stats);
    }
    let scale = ra.max(rb).max(norm(&ca)).max(norm(&cb)).max(1e-300);
    let pixel = res.pixel;
    let dt = res.time;
    let rres = Resolution { pixel, time: dt };
    let RasterScratch {
        sa,
        sb,
        cut: cut_scratch,
        sec_a,
        sec_b,
        buckets,
        fv_pairs,
        vf_pairs,
        table,
        ee_pairs,
        ee,
        found,
        roots,
        dirs,
    } = scratch;
    sa.reset(a, &to_axis);
    sb.reset(b, &b_to_axis);
    // Step 2: clipping and doppeling.
    let mut cut = CutStats::default();
    sectors(&screen, true, sec_a);
    sectors(&screen, false, sec_b);
    cut_faces(
        &FaceSource {
            vertices: &sa.verts,
            normals: &sa.normals,
            faces: &a.faces,
            face_edges: &a.face_edges,
        },
        &screen,
        -1.0,
        sec_a,
        scale,
        cut_scratch,
        &mut cut,
        &mut sa.pieces,
    );
    cut_faces(
        &FaceSource {
            vertices: &sb.verts,
            normals: &sb.normals,
            faces: &b.faces,
            face_edges: &b.face_edges,
        },
        &screen,
        1.0,
        sec_b,
        scale,
        cut_scratch,
        &mut cut,
        &mut sb.pieces,
    );
    stats.pieces_a = sa.pieces.len();
    stats.pieces_b = sb.pieces.len();
    stats.doppeled_pieces = sa.pieces.iter().filter(|p| p.sector.lo >= PI).count();
    stats.faces_whole = cut.faces_whole;
    stats.faces_clipped = cut.faces_clipped;
    stats.faces_culled = cut.faces_culled;
    // Steps 3 and 4: projection, records.
    sa.project(&screen, &rres, a.edges.len());
    sb.project(&screen, &rres, b.edges.len());
    stats.chords = sa.chords.len() + sb.chords.len();
    stats.face_records = sa.spans.len() + sb.spans.len();
    stats.vertex_pixels = sa.vpix.len() + sb.vpix.len();
    // Step 5: vertices in faces, both ways.
    fv_pairs.clear();
    vertices_in_faces(&mut sb.vpix, &sa.spans, buckets, fv_pairs);
    vf_pairs.clear();
    vertices_in_faces(&mut sa.vpix, &sb.spans, buckets, vf_pairs);
    stats.vertex_candidates = fv_pairs.len() + vf_pairs.len();
    // Step 6: edge crossings.
    ee_pairs.clear();
    let (sides_a, sides_b) = (&sa.scanned, &sb.scanned);
    let (chords_a, chords_b) = (&sa.chords, &sb.chords);
    // A real chord's range of screen times.
    let times = |chords: &[Seg], scanned: &[bool], k: u32| {
        let c = &chords[k as usize];
        scanned[c.edge as usize].then(|| (c.a.t.min(c.b.t), c.a.t.max(c.b.t)))
    };
    // The step fractions at which EE crossings are looked for (step 7).
    let window = 0.05 + 4.0 * dt;
    stats.edge_pixels = edge_pairs(
        &sa.chord_rows,
        |k: u32| times(chords_a, sides_a, k),
        &sb.chord_rows,
        |k: u32| times(chords_b, sides_b, k),
        pixel,
        (-window, 1.0 + window),
        table,
        ee_pairs,
    );
    stats.edge_candidates = ee_pairs.len();
    // Step 7: times, places, properness.
    let eps_s = 1e-9;
    let tol = 1e-9 * scale;
    found.clear();
    let samples = match screen {
        Screen::Plane { .. } => 1,
        Screen::Cylinder { .. } => 8,
    };
    // FV: vertex of b (forward flow) against a face of a. Each (vertex
    // pixel, piece) pair comes once: a vertex pixel lies in one row, where a
    // piece has one record.
    for &(k, pi) in fv_pairs.iter() {
        let vp = sb.vpix[k as usize];
        let piece = &sa.pieces[pi as usize];
        let f = piece.face as usize;
        let n = sa.normals[f];
        let d = dot(&n, &sa.verts[a.faces[f][0]]);
        let p = sb.verts[vp.vertex as usize];
        let Some((lo, hi)) = screen.window(vp.psi, 1.0, &piece.sector, -eps_s, 1.0 + eps_s) else {
            continue;
        };
        let coplanar = plane_roots(&screen, &n, &p, d, 1.0, (lo, hi), samples, tol, roots);
        for &s in roots.iter() {
            let at = screen.at(s);
            let x = at.point(&p);
            if !inside_face(&x, &sa.verts, &a.faces[f], &n, tol) {
                continue;
            }
            edge_dirs(b, &sb.verts, vp.vertex as usize, dirs);
            for e in dirs.iter_mut() {
                *e = at.dir(e);
            }
            found.push(Found {
                kind: EventKind::FaceVertex,
                a: piece.face,
                b: vp.vertex,
                s: s.clamp(0.0, 1.0),
                point: x,
                normal: Some(n),
                properness: Some(vertex_prop(dirs, &n)),
                at_end: false,
            });
            if coplanar {
                break;
            }
        }
    }
    // VF: vertex of a (inverse flow) against a face of b at the start.
    for &(k, pi) in vf_pairs.iter() {
        let vp = sa.vpix[k as usize];
        let piece = &sb.pieces[pi as usize];
        let f = piece.face as usize;
        let n = sb.normals[f];
        let d = dot(&n, &sb.verts[b.faces[f][0]]);
        let p = sa.verts[vp.vertex as usize];
        let Some((lo, hi)) = screen.window(vp.psi, -1.0, &piece.sector, -eps_s, 1.0 + eps_s) else {
            continue;
        };
        let coplanar = plane_roots(&screen, &n, &p, d, -1.0, (lo, hi), samples, tol, roots);
        for &s in roots.iter() {
            let x = screen.flow(&p, -s);
            if !inside_face(&x, &sb.verts, &b.faces[f], &n, tol) {
                continue;
            }
            edge_dirs(a, &sa.verts, vp.vertex as usize, dirs);
            let nb = screen.turn(&n, s);
            found.push(Found {
                kind: EventKind::VertexFace,
                a: vp.vertex,
                b: piece.face,
                s: s.clamp(0.0, 1.0),
                point: p,
                normal: Some([-nb[0], -nb[1], -nb[2]]),
                properness: Some(vertex_prop(dirs, &nb)),
                at_end: false,
            });
            if coplanar {
                break;
            }
        }
    }
    // EE: chords sharing a pixel, confirmed on the edges.
    ee.clear();
    for &(i, j) in ee_pairs.iter() {
        let (ca_, cb_) = (&sa.chords[i as usize], &sb.chords[j as usize]);
        let (dist, al, be) = chord_closest(
            (ca_.a.u, ca_.a.v),
            (ca_.b.u, ca_.b.v),
            (cb_.a.u, cb_.a.v),
            (cb_.b.u, cb_.b.v),
        );
        if dist > pixel {
            continue;
        }
        let ta = ca_.a.t + (ca_.b.t - ca_.a.t) * al;
        let tb = cb_.a.t + (cb_.b.t - cb_.a.t) * be;
        let s = ta - tb;
        if s < -window || s > 1.0 + window {
            continue;
        }
        let (Tag::Real(ea), Tag::Real(eb)) =
            (sa.sides[ca_.edge as usize].2, sb.sides[cb_.edge as usize].2)
        else {
            continue;
        };
        ee.push((ea, eb, s));
    }
    ee.sort_unstable_by(|x, y| (x.0, x.1).cmp(&(y.0, y.1)).then(x.2.total_cmp(&y.2)));
    // The crossing of the edge pair at step fraction `s`, if the edges
    // cross there (within rounding of their closed ends).
    let crossing = |ea: u32, eb: u32, s: f64| -> Option<Found> {
        let ([a0, a1], [fa1, fa2]) = a.edges[ea as usize];
        let ([b0, b1], [fb1, fb2]) = b.edges[eb as usize];
        let (p0, p1) = (sa.verts[a0], sa.verts[a1]);
        let at = screen.at(s);
        let m0 = at.point(&sb.verts[b0]);
        let (ea_v, eb_v) = (sub(&p1, &p0), at.dir(&sub(&sb.verts[b1], &sb.verts[b0])));
        let (al, be) = line_params(&p0, &ea_v, &m0, &eb_v)?;
        let ends = 1e-9;
        if !(-ends..=1.0 + ends).contains(&al) || !(-ends..=1.0 + ends).contains(&be) {
            return None;
        }
        let point = add(&p0, &[ea_v[0] * al, ea_v[1] * al, ea_v[2] * al]);
        let nb1 = at.dir(&sb.normals[fb1]);
        let nb2 = at.dir(&sb.normals[fb2]);
        let prop = edge_prop(
            &ea_v,
            &eb_v,
            [&sa.normals[fa1], &sa.normals[fa2]],
            [&nb1, &nb2],
        );
        Some(Found {
            kind: EventKind::EdgeEdge,
            a: ea,
            b: eb,
            s: s.clamp(0.0, 1.0),
            point,
            normal: prop.map(|p| p.1),
            properness: prop.map(|p| p.0),
            at_end: al.min(be) <= ends || al.max(be) >= 1.0 - ends,
        })
    };
    // Per edge pair: Newton from the pixel time; when that finds no
    // crossing, every root in the window around it (once per window).
    let mut newton_at: Option<(u32, u32, f64)> = None;
    let mut sampled: Option<(u32, u32, f64)> = None;
    for &(ea, eb, s_pix) in ee.iter() {
        if let Some((la, lb, ls)) = newton_at {
            if la == ea && lb == eb && s_pix - ls <= dt {
                continue;
            }
        }
        newton_at = Some((ea, eb, s_pix));
        let ([a0, a1], _) = a.edges[ea as usize];
        let ([b0, b1], _) = b.edges[eb as usize];
        let (p0, p1) = (sa.verts[a0], sa.verts[a1]);
        let (q0, q1) = (sb.verts[b0], sb.verts[b1]);
        let f = |s: f64| coplanarity(&screen, &p0, &p1, &q0, &q1, s);
        let lo = (s_pix - window).max(-eps_s);
        let hi = (s_pix + window).min(1.0 + eps_s);
        if lo > hi {
            continue;
        }
        stats.edge_pairs_solved += 1;
        if let Some(hit) = newton(f, s_pix, lo, hi).and_then(|s| crossing(ea, eb, s)) {
            found.push(hit);
            continue;
        }
        if let Some((la, lb, ls)) = sampled {
            if la == ea && lb == eb && s_pix - ls <= window {
                continue;
            }
        }
        sampled = Some((ea, eb, s_pix));
        if roots_in(f, lo, hi, samples.max(4), tol * tol * tol, roots) {
            continue;
        }
        for &s in roots.iter() {
            if let Some(hit) = crossing(ea, eb, s) {
                found.push(hit);
            }
        }
    }
    stats.found = found.len();
    resolve(found, 1e-7 * scale);
    let back = to_axis.inverse();
    let out = found
        .iter()
        .map(|f| {
            let p = back.point(&f.point);
            RasterCollision {
                kind: f.kind,
                a: f.a as usize,
                b: f.b as usize,
                s: f.s,
                point: p,
                normal: f.normal.map(|n| back.dir(&n)),
                properness: f.properness,
            }
        })
        .collect();
    (out, stats)
}

#[cfg(test)]
mod tests {
    use super::project::lerp;
    use super::*;
    use crate::geom::BoxShape;
    use crate::scalar::{BigInt, BigRational};

    fn cube(h: (i64, i64)) -> RasterSolid {
        let q = BigRational::new(BigInt::from(h.0), BigInt::from(h.1));
        let mesh = BoxShape::new([q.clone(), q.clone(), q]).to_mesh();
        RasterSolid::new(&mesh.map_scalar(|c| c.to_f64()))
    }

    fn shift(t: V) -> Rigid {
        Rigid {
            m: [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
            t,
        }
    }

    /// `b` placed at `at` in `a`'s frame, the axis 3 below `a`'s centre.
    fn glide_beside_axis(theta: f64, slide: f64, at: [f64; 3]) -> RasterGlide {
        RasterGlide {
            b_to_a: shift(at),
            a_to_axis: shift([0.0, 0.0, 3.0]),
            theta,
            slide,
        }
    }

    /// Section 8: turning the frame so that `a` straddles the seam or lies
    /// in the doppeling range `[-π, -π + θ]` changes the pieces, not the
    /// collisions: the same kinds, features, times and places as the run
    /// that needs no doppeling.
    #[test]
    fn doppeled_runs_give_the_unsplit_collisions() {
        let (a, b) = (cube((1, 1)), cube((1, 2)));
        for (theta, g, at) in [
            (1.2, 0.3, [-3.0, 0.3, 0.5]),
            (0.8, 0.0, [-2.0, -0.4, 0.5]),
            (2.5, -0.5, [-3.0, 0.2, -3.0]),
        ] {
            let glide = glide_beside_axis(theta, g, at);
            let res = RasterResolution {
                pixel: 1.0 / 12.0,
                time: 1.0 / 256.0,
            };
            let (plain, st) =
                raster_collisions_at(&mut RasterScratch::default(), &a, &b, &glide, &res, 0.0);
            assert_eq!(st.doppeled_pieces, 0);
            assert!(!plain.is_empty(), "{theta}");
            for azimuth in [-PI + 0.5 * theta, PI - 0.2, -PI + 0.05, 2.0] {
                let (turned, st) = raster_collisions_at(
                    &mut RasterScratch::default(),
                    &a,
                    &b,
                    &glide,
                    &res,
                    azimuth,
                );
                if azimuth != 2.0 {
                    assert!(st.doppeled_pieces > 0, "{theta} {azimuth}");
                }
                assert_eq!(
                    plain.len(),
                    turned.len(),
                    "{theta} {azimuth}\n{plain:?}\n{turned:?}"
                );
                // The same collisions (events at one instant may come in
                // either order).
                for x in &plain {
                    assert!(
                        turned
                            .iter()
                            .any(|y| (x.kind, x.a, x.b) == (y.kind, y.a, y.b)
                                && (x.s - y.s).abs() < 1e-9
                                && norm(&sub(&x.point, &y.point)) < 1e-9),
                        "{theta} {azimuth}: {x:?} not in {turned:?}"
                    );
                }
            }
        }
    }

    /// A mesh edge bounding two kept pieces of one sector is projected
    /// once: the second side's chords are the first's reversed (ends
    /// swapped, parameters `1 - λ`), it is left out of the edge scan, and
    /// no side of an edge is scanned twice with the same ends in one sector
    /// (the two faces may keep different parts of it). Checked
    /// against the sides' own projection: the copy's chords lie within half
    /// a pixel and half the time resolution of its curve.
    #[test]
    fn an_edge_of_two_kept_faces_is_projected_once() {
        let (a, b) = (cube((1, 1)), cube((1, 2)));
        let mut copies = 0;
        for (theta, g, at) in [
            (1.2, 0.3, [-3.0, 0.3, 0.5]),
            (0.8, 0.0, [-2.0, -0.4, 0.5]),
            (0.0, 2.5, [0.2, -2.0, 0.1]),
        ] {
            let glide = glide_beside_axis(theta, g, at);
            let res = RasterResolution {
                pixel: 1.0 / 24.0,
                time: 1.0 / 64.0,
            };
            let mut scratch = RasterScratch::default();
            raster_collisions_at(&mut scratch, &a, &b, &glide, &res, 0.0);
            let screen = if theta > 0.0 {
                Screen::Cylinder { theta, g }
            } else {
                Screen::Plane { g }
            };
            for side in [&scratch.sa, &scratch.sb] {
                let mut scanned = std::collections::HashSet::new();
                for (k, &(p, q, tag, pi)) in side.sides.iter().enumerate() {
                    let sector = side.pieces[pi as usize].sector;
                    let Tag::Real(e) = tag else {
                        assert!(!side.scanned[k]);
                        continue;
                    };
                    let bits = |v: V| v.map(f64::to_bits);
                    let ends = if bits(p) <= bits(q) {
                        (bits(p), bits(q))
                    } else {
                        (bits(q), bits(p))
                    };
                    let key = (e, sector.lo.to_bits(), sector.hi.to_bits(), ends);
                    let chords: Vec<&Seg> = side
                        .chords
                        .iter()
                        .filter(|c| c.edge as usize == k)
                        .collect();
                    assert!(!chords.is_empty());
                    if side.scanned[k] {
                        assert!(scanned.insert(key), "side of edge {e} scanned twice");
                        continue;
                    }
                    copies += 1;
                    let (j, _) = side
                        .sides
                        .iter()
                        .enumerate()
                        .find(|&(j, s)| {
                            side.scanned[j]
                                && s.2 == tag
                                && side.pieces[s.3 as usize].sector == sector
                                && (s.0, s.1) == (q, p)
                        })
                        .expect("the first side of the edge, the other way round");
                    let first: Vec<&Seg> = side
                        .chords
                        .iter()
                        .filter(|c| c.edge as usize == j)
                        .collect();
                    assert_eq!(first.len(), chords.len());
                    for (c, f) in chords.iter().zip(first.iter().rev()) {
                        assert_eq!((c.a, c.b), (f.b, f.a));
                        assert_eq!((c.lam0, c.lam1), (1.0 - f.lam1, 1.0 - f.lam0));
                        let m = screen.project(&lerp(&p, &q, 0.5 * (c.lam0 + c.lam1)), &sector);
                        assert!((m.u - 0.5 * (c.a.u + c.b.u)).abs() <= 0.5 * res.pixel + 1e-12);
                        assert!((m.v - 0.5 * (c.a.v + c.b.v)).abs() <= 0.5 * res.pixel + 1e-12);
                        assert!((m.t - 0.5 * (c.a.t + c.b.t)).abs() <= 0.5 * res.time + 1e-12);
                    }
                }
            }
        }
        assert!(copies >= 6, "{copies}");
    }

    /// One [`RasterScratch`] reused across queries of different pairs,
    /// glides and resolutions gives each query exactly the answer and the
    /// counters of a query with fresh working memory.
    #[test]
    fn a_reused_scratch_gives_the_fresh_answers() {
        let solids = [cube((1, 1)), cube((1, 2)), cube((3, 4))];
        let mut scratch = RasterScratch::default();
        let mut collisions = 0;
        for round in 0..2 {
            for (k, (theta, g, at)) in [
                (1.2, 0.3, [-3.0, 0.3, 0.5]),
                (0.8, 0.0, [-2.0, -0.4, 0.5]),
                (0.0, 2.5, [0.2, -2.0, 0.1]),
                (2.5, -0.5, [-3.0, 0.2, -3.0]),
            ]
            .into_iter()
            .enumerate()
            {
                let glide = RasterGlide {
                    b_to_a: shift(at),
                    a_to_axis: shift([0.0, 0.0, 3.0]),
                    theta,
                    slide: g,
                };
                let res = RasterResolution {
                    pixel: [1.0 / 6.0, 1.0 / 24.0][(k + round) % 2],
                    time: 1.0 / 64.0,
                };
                let (a, b) = (&solids[k % 3], &solids[(k + 1 + round) % 3]);
                let fresh = raster_collisions(a, b, &glide, &res);
                let reused = raster_collisions_with(&mut scratch, a, b, &glide, &res);
                assert_eq!(fresh, reused, "round {round}, glide {k}");
                collisions += fresh.0.len();
            }
        }
        assert!(collisions > 8, "{collisions}");
    }
}
