//! Motions: polynomial, relative, screw and piecewise rational motions.

mod piecewise;
mod poly;
mod relative;
mod screw;
