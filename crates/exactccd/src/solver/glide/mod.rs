//! Buss's collision detection with glide rotations (Buss, "Collision Detection with Glide Rotations"), analytic
//! variant: the relative motion of `b` seen from `a` is a screw motion
//! (glide rotation), and every vertex-face (VF, FV) and edge-edge (EE)
//! collision in the step is found as a root of a polynomial equation, with
//! its time, place, normal, features and properness.
//!
//! # The algorithm
//!
//! 1. **Relative motion** (sections 4, 4.1; `relative.rs`): `Ω = Mf^-1 Nf
//!    Ni^-1 Mi` (equation 1) from the poses at `t0` and `t1`, decomposed
//!    exactly (`motion::ExactScrew`: axis, `cos θ`, axis point, slide); pure
//!    translations (`static`/`linear`) are the case `θ = 0`; the contract's
//!    `screw` is taken against a body at rest.
//! 2. **Rational parameter**: a rotation path is written with `σ = tan(φ/2)
//!    / |k|`, the quaternion `(1, σ k)`, so every point moves on a rational
//!    curve of degree 2 over the positive `1 + σ^2 |k|^2`.
//! 3. **Events** (`events.rs`, the analytic variant the paper proposes at the
//!    end of section 6 and did not build): point-on-face-plane equations
//!    (degree <= 2) and edge-edge coplanarity (degree <= 4), solved with the
//!    exact root isolator, inside conditions decided by exact signs at the
//!    roots.
//! 4. **Times**: under a translation the parameter is the time, so times are
//!    exact rationals or algebraic numbers. Under a rotation `t` is
//!    `t0 + (t1 - t0) atan(σ |k|) / atan(σ_end |k|)` (or `2 atan(σ |k|) / ω`
//!    for a `screw`): a certified enclosure in outward-rounded rational
//!    interval arithmetic (`enclosure.rs`), at most `2^-precision max(1,
//!    |T|)` wide.
//! 5. **At `t0`** (`overlap.rs`): an exact static test; overlapping solids
//!    give `T = t0`.
//! 6. **Measures** (`facing.rs`, `float_geometry.rs`, in `f64`): properness
//!    (section 5, equation 7 for EE at convex edges and the faces'
//!    half-spaces at flat and reflex ones, `min e_i . n` for FV/VF), forward and
//!    backward facing faces (section 4.2, counted in the stats; no culling,
//!    which would need the closed-feature argument redone), the error
//!    estimate of section 4.3, and the change of coordinates that puts the
//!    axis on `y`.
//!
//! `f64` runs the same algorithm with `f64` roots (`RealRoots for f64`).
//!
//! Half turns (`θ = π`) use the quaternion path `(1 - σ, σ k)`.
//!
//! Built beyond the analytic variant: the collision-screen coordinates of
//! section 7 (`screen.rs`), and the paper's pixel-based algorithm with
//! doppeling (sections 7-9) as the `f64` raster variant (`raster/`),
//! sharing the relative glide, the facing and properness measures and the
//! static overlap test. General screws (rotation with a slide) are solved
//! by the exact path only (`general.rs`) and by the raster variant.

mod cells;
mod enclosure;
mod events;
mod facing;
mod float_geometry;
mod general;
mod intervals;
mod overlap;
pub mod raster;
mod relative;
mod screen;
mod screw_intervals;
mod setup;
mod solve;

pub use cells::{solve_event_cells, EventCellOutcome, EventCellTime, FeatureEvent};
pub use enclosure::{atan_interval, atan_rational, pi_interval, sqrt_interval, Interval};
pub use events::{
    convex_pieces, edge_edge, vertex_face, EventKind, EventStats, PathPolys, PlacedSolid, RawEvent,
};
pub use facing::{
    edge_properness, edge_shape, face_corners, glide_error_estimate, solid_vertex_properness,
    vertex_properness, EdgeShape, FaceCorner, Facing, Flow, FLAT_EDGE_SINE, PROPERNESS_THRESHOLD,
};
pub use float_geometry::EventGeometry;
pub use general::{poly_interval, Mixed, MixedFn};
pub use overlap::{point_inside, segment_meets_face, solids_intersect, surfaces_meet};
pub use relative::{rational_sqrt, GlidePath, NotAGlide, RelativeGlide, TimeMap};
pub use screen::{screen_point, ScreenPoint};
pub use solve::{
    analytic_takes, solve_glide, Arithmetic, Collisions, GlideEvent, GlideOptions, GlideOutcome,
    GlideStats, GlideTime, EVENT_CELLS_PATH, F64_EVENT_CELL_PRECISION,
};
