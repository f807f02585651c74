//! The referee's integration tests, in one crate.

mod piecewise_motion;
mod referee;
mod rounded;
mod solids;
mod spin;
