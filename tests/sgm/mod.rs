//! The Gauss-map / Minkowski-sum solver: cases, planes, agreement with SAT, the `f64` fast path.

mod agreement;
mod cases;
mod f64_fast;
mod planes;
mod stats_cli;
