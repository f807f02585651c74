//! # exactccd-oracle: the referee
//!
//! Small, plainly correct exact code that *judges* collision claims without
//! solving them, and without depending on any solver code of the `exactccd`
//! crate, so that a bug in a solver cannot hide in its judge. It has its own
//! neutral types for a case (bodies, rational motions as polynomial
//! matrices) and its own deliberately simple polynomial arithmetic (exact
//! rationals, Sturm sequences with rational remainders, bisection).
//!
//! What it certifies, for two convex bodies (boxes, triangles, convex hulls
//! of points, spheres, capsules: a core polytope, segment or point and a
//! radius around it) coming within a separation `d >= 0` of each other
//! (`d = 0`: touching) under rational motions over `[t0, t1]`, possibly
//! piecewise (a body's
//! `switches`: each sub-interval is judged with the motion in force there,
//! a separation piece that spans a switch on each side separately, and
//! only when the pieces join up):
//!
//! * **separation** on a sub-interval: a direction `n(t)` such that every
//!   core vertex of `b` lies further along `n` than every core vertex of
//!   `a` by more than `R |n|`, `R = r_a + r_b + d` (by more than `0` for
//!   two polytopes at `d = 0`), checked as "these polynomials (`gap` and
//!   `gap^2 - R^2 |n|^2`) have no root on the interval and are positive at
//!   its start", vertex pair by vertex pair (the projections of convex
//!   cores are the projections of their vertices);
//! * **contact** at a time `T` (rational, or a root of a stated polynomial in
//!   an isolating interval): a witness point that lies in both cores at `T`,
//!   or two witness points, one in each core, at most `R` apart, checked by
//!   the exact sign, at `T`, of each face inequality (a hull's faces are
//!   found by brute force over triples of its points), of the
//!   collinearity and end conditions of a segment, and of the squared
//!   distance;
//! * hence **the first contact time**: separation pieces that tile
//!   `[t0, T)` plus a witness at `T` prove that `T` is exactly the first
//!   contact; pieces that tile `[t0, t1]` prove there is none.
//!
//! Under transcendental motions (`angular`, `screw`, `poses`), where a
//! first contact is a transcendental number, [`check_spin`] judges an
//! enclosure of it for two convex bodies (boxes, triangles, convex hulls,
//! spheres, capsules): constant separating directions proved by the
//! referee's own interval enclosures with bisection (a rounded body's
//! extent widened by its radius times an enclosure of `|L|`), and a
//! witness point at a rational time in the enclosure (module `spin`).
//!
//! Solids that need not be convex (a closed mesh against a mesh, box or
//! triangle) are judged by **parts** ([`check_solids`] under rational
//! motions, [`check_spin_solids`] under transcendental ones; module
//! `solids`): each convex mesh face cut into its fan triangles, any other
//! as the certificate cuts it (checked to cover the face); parts separating every pair of pieces; no nesting at `t0` by
//! exact ray parity (at a transcendental `t0`, at the centre of each
//! vertex's enclosure farther from the surface than the enclosure's size);
//! a witness in a named piece of each side.
//!
//! Verdicts are [`Verdict::Certified`], [`Verdict::Refuted`] (with the reason
//! and a counterexample time) or [`Verdict::Inconclusive`] (with why). `f64`
//! answers are classified against a certified truth by [`classify_float`].
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod algebraic;
pub(crate) mod arith;
pub mod case;
mod check;
pub mod claim;
mod float;
pub mod interval;
pub mod poly;
pub mod solids;
pub mod spin;

pub use algebraic::{Algebraic, AlgebraicError};
pub use case::{hull_faces, Body, Case, Motion, PolyVec, Shape};
pub use check::{
    check_certificate, check_contact_witness, check_separation_piece, constant_direction,
    exact_root,
};
pub use claim::{
    Certificate, Claim, ClaimedTime, ContactWitness, PieceEnd, SeparationPiece, Verdict,
};
pub use float::{classify_float, FloatClass, Truth};
pub use poly::{Poly, Q};
pub use solids::{
    check_solids, check_spin_solids, FaceCut, Part, PieceName, Solid, SolidBody, SolidCase,
    SolidClaim, SolidWitness, SpinPart, SpinSolidBody, SpinSolidCase, SpinSolidClaim, Surface,
};
pub use spin::{
    check_spin, PieceDirection, Placement, Pose, SpinBody, SpinCase, SpinClaim, SpinPiece,
    SpinWitness, WitnessSide,
};
