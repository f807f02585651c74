//! # exactccd-oracle: the referee
//!
//! Small, plainly correct exact code that *judges* collision claims without
//! solving them, and without depending on any solver code of the `exactccd`
//! crate, so that a bug in a solver cannot hide in its judge. It has its own
//! neutral types for a case (bodies, rational motions as polynomial
//! matrices) and its own deliberately simple polynomial arithmetic (exact
//! rationals, Sturm sequences with rational remainders, bisection).
//!
//! What it certifies, for two convex bodies (boxes, triangles) under
//! rational motions over `[t0, t1]`, possibly piecewise (a body's
//! `switches`: each sub-interval is judged with the motion in force there,
//! a separation piece that spans a switch on each side separately, and
//! only when the pieces join up):
//!
//! * **separation** on a sub-interval: a direction `d(t)` such that every
//!   vertex of `b` lies strictly further along `d` than every vertex of `a`,
//!   checked as "this polynomial has no root on the interval and is positive
//!   at its start", vertex pair by vertex pair (the projections of convex
//!   solids are the projections of their vertices);
//! * **contact** at a time `T` (rational, or a root of a stated polynomial in
//!   an isolating interval): a witness point that lies in both closed solids
//!   at `T`, checked by the exact sign, at `T`, of each face inequality;
//! * hence **the first contact time**: separation pieces that tile
//!   `[t0, T)` plus a witness at `T` prove that `T` is exactly the first
//!   contact; pieces that tile `[t0, t1]` prove there is none.
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
pub mod spin;

pub use algebraic::{Algebraic, AlgebraicError};
pub use case::{Body, Case, Motion, PolyVec, Shape};
pub use check::{check_certificate, constant_direction, exact_root};
pub use claim::{
    Certificate, Claim, ClaimedTime, ContactWitness, PieceEnd, SeparationPiece, Verdict,
};
pub use float::{classify_float, FloatClass, Truth};
pub use poly::{Poly, Q};
pub use spin::{
    check_spin, Placement, Pose, SpinBody, SpinCase, SpinClaim, SpinPiece, SpinWitness,
};
