//! Independent reference sets: scenario files with first contact times
//! computed to 50 digits by mpmath scripts that share nothing with the
//! solvers (`distance_reference.py`: GJK distances of the shapes' convex
//! cores and certified subdivision; `angular_truth.py`: the separating-axis
//! gap). Each set is a folder of scenarios and a `truth.json`; the default
//! method of the library answers every file in both scalars and must agree
//! (see [`support`]).
//!
//! * `shapes_today`: boxes and triangles without the newer fields, which
//!   the solvers take today (a check of the reference itself);
//! * `shapes`: spheres, capsules, convex hulls, boxes, triangles and
//!   primitive queries with a minimum separation;
//! * `screw`: two boxes under `screw` and `poses` motions (any `t0`, many
//!   turns, slides, half turns) and further `angular` spins;
//! * `polytopes`: triangles and convex meshes under the same motions;
//! * `rounded`: spheres and capsules against every shape under them.

mod polytopes;
mod screw;
mod shapes;
mod shapes_today;
mod support;
