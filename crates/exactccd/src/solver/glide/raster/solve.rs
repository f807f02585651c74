//! The raster variant's driver: the analytic variant's exact relative
//! glide, the meshes in `f64`, the static overlap test at `t0` (the
//! analytic variant's, in `f64`), the raster query, and the collisions in
//! world coordinates with their times in `[t0, t1]`.
#![allow(clippy::float_arithmetic)]

use super::super::events::PlacedSolid;
use super::super::facing::{glide_error_estimate, unit, PROPERNESS_THRESHOLD};
use super::super::float_geometry::EventGeometry;
use super::super::overlap::solids_intersect;
use super::super::relative::{GlidePath, RelativeGlide};
use super::super::solve::{GlideEvent, GlideOutcome, GlideStats, GlideTime, NamedMesh};
use super::{raster_collisions, RasterGlide, RasterResolution, RasterSolid, RasterStats};
use crate::geom::{Mesh, Vec3};
use crate::motion::Body;
use crate::scalar::{BigRational, Scalar};
use crate::Error;

/// The default time resolution, as a fraction of the step: the chords of
/// the divide and conquer follow the projected time within half of it.
/// The pixel time only places the window (`0.05 + 4 DT` wide each side) in
/// which an EE time is solved, so a coarse value loses nothing measurable
/// (the raster-vs-analytic tests find every collision with it) and keeps
/// the number of chords down.
pub const DEFAULT_TIME_RESOLUTION: f64 = 1.0 / 32.0;

/// The raster variant's parameters as given on the command line; `None`
/// takes the default.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RasterSettings {
    /// Distance between pixels; default: a typical short edge (the lower
    /// quartile of both solids' edge lengths) over 12, the paper's medium
    /// resolution (section 9.1).
    pub pixel: Option<f64>,
    /// Time resolution in the scenario's time units; default `(t1 - t0)`
    /// times [`DEFAULT_TIME_RESOLUTION`].
    pub time_resolution: Option<f64>,
    /// Collisions with properness below it are not reported as the first
    /// collision (section 9; the paper's -0.1 by default).
    pub properness_threshold: f64,
}

impl Default for RasterSettings {
    fn default() -> Self {
        RasterSettings {
            pixel: None,
            time_resolution: None,
            properness_threshold: PROPERNESS_THRESHOLD,
        }
    }
}

/// The raster variant's answer: the collisions (every one, in time order,
/// with `f64` times), the resolution used, and the counters.
#[derive(Clone, Debug, PartialEq)]
pub struct RasterOutcome {
    /// As the analytic variant's outcome; `events` holds every collision.
    pub outcome: GlideOutcome,
    /// The resolution used (time as a fraction of the step).
    pub resolution: RasterResolution,
    /// The properness threshold.
    pub properness_threshold: f64,
    /// Counters.
    pub stats: RasterStats,
}

/// The pixel distance putting `pixels` pixels along a typical short edge
/// (the lower quartile of the edge lengths of both solids).
pub fn default_resolution(a: &RasterSolid, b: &RasterSolid, pixels: f64) -> f64 {
    let mut lengths: Vec<f64> = a
        .edge_lengths()
        .chain(b.edge_lengths())
        .filter(|l| *l > 0.0)
        .collect();
    lengths.sort_by(f64::total_cmp);
    let typical = lengths.get(lengths.len() / 4).copied().unwrap_or(1.0);
    typical / pixels
}

fn f64_mesh(m: &Mesh<BigRational>) -> Mesh<f64> {
    m.map_scalar(|c| c.to_f64())
}

/// Runs the raster variant on two bodies over `[t0, t1]`.
pub fn solve_raster(
    a: &Body,
    b: &Body,
    interval: (&BigRational, &BigRational),
    settings: &RasterSettings,
) -> Result<RasterOutcome, Error> {
    let (t0, t1) = interval;
    let na = NamedMesh::of(&a.shape, "a")?;
    let nb = NamedMesh::of(&b.shape, "b")?;
    let rel = RelativeGlide::from_bodies(a, b, t0, t1)?;
    let (ma, mb) = (f64_mesh(&na.mesh), f64_mesh(&nb.mesh));
    let (sa, sb) = (RasterSolid::new(&ma), RasterSolid::new(&mb));
    let glide = RasterGlide::from_relative(&rel);
    // Overlap at t0: the analytic variant's static test, in f64.
    let start = rel.start.to_f64();
    let placed = Mesh {
        vertices: mb.vertices.iter().map(|y| start.apply_point(y)).collect(),
        ..mb.clone()
    };
    let initially_overlapping = solids_intersect(&PlacedSolid::new(ma), &PlacedSolid::new(placed))
        .ok_or_else(|| {
            Error::limit_exceeded(
                "could not decide containment at t0: every tried ray met an edge".to_string(),
            )
        })?;
    let (f0, f1) = (t0.to_f64(), t1.to_f64());
    let pixel = settings
        .pixel
        .unwrap_or_else(|| default_resolution(&sa, &sb, 12.0));
    let time = settings
        .time_resolution
        .map_or(DEFAULT_TIME_RESOLUTION, |dt| dt / (f1 - f0));
    let resolution = RasterResolution { pixel, time };
    let (found, stats) = raster_collisions(&sa, &sb, &glide, &resolution);
    let motion = a.float_motion(t0, t1);
    let events = found
        .iter()
        .map(|c| {
            let t = f0 + (f1 - f0) * c.s;
            let (m, v) = motion.eval(t);
            let p = Vec3::new(c.point[0], c.point[1], c.point[2]);
            let w = &m.mul_vec(&p) + &v;
            let normal = c.normal.map(|n| {
                let n = unit(&m.mul_vec(&Vec3::new(n[0], n[1], n[2])));
                [n.x, n.y, n.z]
            });
            let (fa, fb) = match c.kind {
                super::EventKind::FaceVertex => (na.face(c.a), nb.vertex(c.b)),
                super::EventKind::VertexFace => (na.vertex(c.a), nb.face(c.b)),
                super::EventKind::EdgeEdge => (na.edge(c.a), nb.edge(c.b)),
            };
            GlideEvent {
                kind: c.kind,
                a: fa,
                b: fb,
                time: GlideTime::Float(t),
                coplanar: false,
                geometry: EventGeometry {
                    point: [w.x, w.y, w.z],
                    normal,
                    properness: c.properness,
                },
            }
        })
        .collect();
    let path = match rel.path {
        GlidePath::Translation { .. } => "translation",
        GlidePath::Rotation { .. } => "rotation",
    };
    Ok(RasterOutcome {
        outcome: GlideOutcome {
            initially_overlapping,
            events,
            contact_intervals: None,
            t0: t0.clone(),
            stats: GlideStats {
                path,
                angle: glide.theta,
                error_estimate: glide_error_estimate(glide.theta),
                ..GlideStats::default()
            },
        },
        resolution,
        properness_threshold: settings.properness_threshold,
        stats,
    })
}
