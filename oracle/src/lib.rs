//! # exactccd-oracle: the referee (placeholder)
//!
//! This crate will hold the differential oracle of `exactccd`: small, plainly
//! correct exact code that *judges* collision claims (separation and contact
//! certificates, first contact times) without solving them, and without
//! depending on any solver code of the `exactccd` crate, so that a bug in a
//! solver cannot hide in its judge.
//!
//! It is deliberately empty today: its content arrives with the oracle issue.
//! Nothing here certifies anything yet.
#![forbid(unsafe_code)]
#![deny(missing_docs)]
