//! The integration tests of the library and the command line, in one crate
//! so that the generic solver and polynomial code is compiled once. One
//! module per area; the shared strategies and helpers sit beside them.
//!
//! Snapshots (`tests/snapshots/`) keep their names `corpus__NAME.snap` and
//! `parry_verdicts__parry_verdict_counts.snap`; [`snapshots_reviewed`]
//! checks that each is referenced and reviewed.

mod contract_support;
mod primitive_support;
mod sat_common;
mod strategies;

mod build;
mod campaign;
mod contract;
mod corpus;
mod distance;
mod geom;
mod glide;
mod layering;
mod minkowski;
mod motion;
mod poly;
mod primitive;
mod referee;
mod reference;
mod sat;
mod scalar;
mod sgm;
mod snapshots_reviewed;
