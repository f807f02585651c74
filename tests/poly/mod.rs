//! Polynomials: real-root isolation, the polynomial laws, rootless certificates.

mod isolation;
mod laws;
mod rootless;
