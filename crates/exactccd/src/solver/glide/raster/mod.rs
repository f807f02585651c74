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

mod contacts;
mod doppel;
mod project;
mod resolve;
mod scan;
mod side;

use super::events::EventKind;
use super::relative::{GlidePath, RelativeGlide, TimeMap};
use crate::geom::{Mesh, Pose};
use crate::scalar::Scalar;
use doppel::{cut_faces, sectors, CutStats, FaceSource, Scratch};
use project::Sector;
use project::{add, dot, norm, sub, Resolution, Screen, Seg, V};
use resolve::{resolve, Found};
use scan::{edge_pairs, vertices_in_faces, PixelTable, RowBuckets};
use side::Side;
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
    vertex_faces: Vec<Vec<usize>>,
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
            vertex_faces: mesh.vertex_faces.clone(),
            center,
            radius,
        }
    }

    /// Edge lengths, for choosing a resolution.
    pub(crate) fn edge_lengths(&self) -> impl Iterator<Item = f64> + '_ {
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
    corners: Vec<super::facing::FaceCorner>,
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

/// One query's fixed data for steps 2 to 7 (module docs): the screen, the
/// two solids, the resolution and the tolerances from the scene's scale.
struct Query<'q> {
    screen: Screen,
    a: &'q RasterSolid,
    b: &'q RasterSolid,
    /// The distance between pixels.
    pixel: f64,
    /// The time resolution, in step fractions.
    dt: f64,
    /// The largest of the radii and the centres' distances from the axis
    /// frame's origin.
    scale: f64,
    /// How far around a pixel time, in step fractions, EE crossings are
    /// looked for (steps 6 and 7).
    window: f64,
    /// How far beyond `[0, 1]` the step fractions of vertex contacts are
    /// solved.
    eps_s: f64,
    /// The distance within which a point is in a face.
    tol: f64,
    /// Samples per window of the root finders (one for a translation).
    samples: usize,
}

/// [`raster_collisions`] with the frame turned about the axis so that
/// `a`'s centre lies at azimuth `azimuth` (0 keeps `a` away from the seam;
/// tests choose others to force doppeling): the steps of section 9 in
/// order (module docs).
fn raster_collisions_at(
    scratch: &mut RasterScratch,
    a: &RasterSolid,
    b: &RasterSolid,
    glide: &RasterGlide,
    res: &RasterResolution,
    azimuth: f64,
) -> (Vec<RasterCollision>, RasterStats) {
    let mut stats = RasterStats::default();
    let Some((screen, to_axis, b_to_axis)) = glide_frame(glide, a, azimuth) else {
        return (Vec::new(), stats);
    };
    let (ca, cb) = (to_axis.point(&a.center), b_to_axis.point(&b.center));
    let (ra, rb) = (a.radius, b.radius);
    if spheres_apart(&screen, (&ca, ra), (&cb, rb)) {
        stats.early_out = true;
        return (Vec::new(), stats);
    }
    let scale = ra.max(rb).max(norm(&ca)).max(norm(&cb)).max(1e-300);
    let q = Query {
        screen,
        a,
        b,
        pixel: res.pixel,
        dt: res.time,
        scale,
        window: 0.05 + 4.0 * res.time,
        eps_s: 1e-9,
        tol: 1e-9 * scale,
        samples: match screen {
            Screen::Plane { .. } => 1,
            Screen::Cylinder { .. } => 8,
        },
    };
    scratch.sa.reset(a, &to_axis);
    scratch.sb.reset(b, &b_to_axis);
    scratch.clip_and_doppel(&q, &mut stats);
    scratch.project_and_record(&q, &mut stats);
    scratch.vertex_candidates(&mut stats);
    scratch.edge_candidates(&q, &mut stats);
    scratch.found.clear();
    scratch.face_vertex_contacts(&q);
    scratch.vertex_face_contacts(&q);
    scratch.edge_edge_contacts(&q, &mut stats);
    stats.found = scratch.found.len();
    resolve(&mut scratch.found, 1e-7 * scale);
    (world_collisions(&scratch.found, &to_axis), stats)
}

/// Step 1, the glide and the frame (Buss, "Collision Detection with Glide
/// Rotations", section 4.1): the collision screen of the glide (`None`
/// when it does not move), `a`'s frame turned to the axis frame, about the
/// axis so that `a`'s centre lies at azimuth `azimuth`, and `b`'s frame to
/// the axis frame.
fn glide_frame(
    glide: &RasterGlide,
    a: &RasterSolid,
    azimuth: f64,
) -> Option<(Screen, Rigid, Rigid)> {
    let theta = glide.theta;
    let g = glide.slide;
    let screen = if theta > 0.0 {
        Screen::Cylinder { theta, g }
    } else if g > 0.0 {
        Screen::Plane { g }
    } else {
        return None;
    };
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
    Some((screen, to_axis, b_to_axis))
}

/// Step 1's bounding-sphere test (Buss, "Collision Detection with Glide
/// Rotations", section 9): true when the spheres (centre and radius, in
/// the axis frame, `b`'s at the step's start) cannot meet in the step: for
/// a glide, the ranges of the distance from the axis (invariant under the
/// flow) or of `y` (over the step) are disjoint; for a translation, the
/// moving sphere never reaches the other.
fn spheres_apart(screen: &Screen, (ca, ra): (&V, f64), (cb, rb): (&V, f64)) -> bool {
    let disjoint = |lo1: f64, hi1: f64, lo2: f64, hi2: f64| hi1 < lo2 || hi2 < lo1;
    match *screen {
        Screen::Cylinder { g, .. } => {
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
            norm(&sub(ca, &q)) > ra + rb
        }
    }
}

impl RasterScratch {
    /// Step 2, clipping and doppeling (Buss, "Collision Detection with
    /// Glide Rotations", sections 4.2 and 8): `a`'s faces clipped to their
    /// backward parts, `b`'s to their forward parts, cut into pieces of one
    /// sector of azimuth each, `a`'s pieces near the seam copied one turn
    /// up.
    fn clip_and_doppel(&mut self, q: &Query, stats: &mut RasterStats) {
        let RasterScratch {
            sa,
            sb,
            cut: cut_scratch,
            sec_a,
            sec_b,
            ..
        } = self;
        let (a, b) = (q.a, q.b);
        let mut cut = CutStats::default();
        sectors(&q.screen, true, sec_a);
        sectors(&q.screen, false, sec_b);
        cut_faces(
            &FaceSource {
                vertices: &sa.verts,
                normals: &sa.normals,
                faces: &a.faces,
                face_edges: &a.face_edges,
            },
            &q.screen,
            -1.0,
            sec_a,
            q.scale,
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
            &q.screen,
            1.0,
            sec_b,
            q.scale,
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
    }

    /// Steps 3 and 4, projection and records (Buss, "Collision Detection
    /// with Glide Rotations", section 7): both bodies' piece sides
    /// projected to chords, rasterised into records per pixel row, and
    /// their vertex pixels.
    fn project_and_record(&mut self, q: &Query, stats: &mut RasterStats) {
        let rres = Resolution {
            pixel: q.pixel,
            time: q.dt,
        };
        let (sa, sb) = (&mut self.sa, &mut self.sb);
        sa.project(&q.screen, &rres, q.a.edges.len());
        sb.project(&q.screen, &rres, q.b.edges.len());
        stats.chords = sa.chords.len() + sb.chords.len();
        stats.face_records = sa.spans.len() + sb.spans.len();
        stats.vertex_pixels = sa.vpix.len() + sb.vpix.len();
    }

    /// Step 5, vertices in faces (Buss, "Collision Detection with Glide
    /// Rotations", section 9), both ways: the pairs of a vertex pixel of
    /// `b` and a piece of `a` whose record of its row holds it
    /// (`fv_pairs`), and of `a`'s vertices in `b`'s pieces (`vf_pairs`).
    fn vertex_candidates(&mut self, stats: &mut RasterStats) {
        let RasterScratch {
            sa,
            sb,
            buckets,
            fv_pairs,
            vf_pairs,
            ..
        } = self;
        fv_pairs.clear();
        vertices_in_faces(&mut sb.vpix, &sa.spans, buckets, fv_pairs);
        vf_pairs.clear();
        vertices_in_faces(&mut sa.vpix, &sb.spans, buckets, vf_pairs);
        stats.vertex_candidates = fv_pairs.len() + vf_pairs.len();
    }

    /// Step 6, edge crossings (Buss, "Collision Detection with Glide
    /// Rotations", section 9): the pairs of real chords of both bodies
    /// sharing a pixel whose pixel times can fall in the step (within
    /// `window`), into `ee_pairs`.
    fn edge_candidates(&mut self, q: &Query, stats: &mut RasterStats) {
        let RasterScratch {
            sa,
            sb,
            table,
            ee_pairs,
            ..
        } = self;
        ee_pairs.clear();
        let (sides_a, sides_b) = (&sa.scanned, &sb.scanned);
        let (chords_a, chords_b) = (&sa.chords, &sb.chords);
        // A real chord's range of screen times.
        let times = |chords: &[Seg], scanned: &[bool], k: u32| {
            let c = &chords[k as usize];
            scanned[c.edge as usize].then(|| (c.a.t.min(c.b.t), c.a.t.max(c.b.t)))
        };
        stats.edge_pixels = edge_pairs(
            &sa.chord_rows,
            |k: u32| times(chords_a, sides_a, k),
            &sb.chord_rows,
            |k: u32| times(chords_b, sides_b, k),
            q.pixel,
            (-q.window, 1.0 + q.window),
            table,
            ee_pairs,
        );
        stats.edge_candidates = ee_pairs.len();
    }
}

/// The collisions found, moved from the axis frame back to `a`'s.
fn world_collisions(found: &[Found], to_axis: &Rigid) -> Vec<RasterCollision> {
    let back = to_axis.inverse();
    found
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
        .collect()
}

#[cfg(test)]
mod tests;
