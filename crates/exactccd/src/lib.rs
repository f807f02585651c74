//! # exactccd
//!
//! Exact continuous collision detection: two solids move; when do they first
//! touch? Three independent methods (separating axes, the spherical Gauss map
//! and Minkowski sum boundary, glide rotations), each generic over a
//! [`Scalar`](scalar::Scalar) so that it runs in `f64` and in exact rationals.
//!
//! Dependencies flow one way, in this order:
//! [`scalar`] -> [`poly`] -> [`geom`] -> [`motion`] -> `solver` ->
//! [`contact`] -> [`scenario`] -> [`campaign`] and [`claims`]; [`Error`],
//! why a solver gave no answer, sits below them all. The command
//! line is a crate of its own (`exactccd-cli`), so a dependent of this
//! library compiles no argument parser and no progress bar.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod contact;
mod error;
pub mod generate;
pub mod geom;
pub mod motion;
pub mod poly;
pub mod queries;
pub mod referee;
pub mod scalar;
pub mod solver;

pub use error::Error;

pub mod campaign;
pub mod claims;
pub mod scenario;
