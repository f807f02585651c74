//! The SGM solver: analytic collision prediction of two oriented boxes under
//! rational motion through the spherical Gauss map (SGM) of the boxes and
//! the boundary of their Minkowski sum (BMS), after the SGM paper (the paper) and
//! the SGM authors' web page (the authors' web page with the pair extraction).
//!
//! # The method (the SGM paper, sections III and IV)
//!
//! Two closed convex solids `b1`, `b2` intersect exactly when the origin lies
//! in the Minkowski sum `b1 + (-b2)`. For two boxes this sum is a convex
//! polyhedron whose faces come from three kinds of feature pairs, read off
//! the overlaid Gauss maps (section III, web page "SOR"):
//!
//! * **FV**: a face of `b1` with the vertex of `-b2` whose Gauss-map region
//!   contains the face's normal (6 pairs),
//! * **VF**: a vertex of `b1` with a face of `-b2` (6 pairs),
//! * **EE**: an edge of `b1` with an edge of `-b2` whose Gauss-map arcs
//!   cross (18 pairs: 9 edge directions, two antipodal crossings each).
//!
//! Each pair spans one boundary plane of the sum, 30 in all (section IV-C,
//! eqs. 3-5, 7); the origin is inside the sum exactly when it is on the
//! inner side of all 30.
//!
//! The solver works in the frame of `b1` (section IV-A, `M(t) = M2(t)
//! M1(t)^-1`, [`PolyMotion::relative_to`](crate::motion::PolyMotion::relative_to)):
//! `b1` is the static axis-aligned box `[-e, e]` centred at the origin and
//! `b2` moves by `x(t) = (L(t) y + T(t)) / w(t)` with `w > 0`. The columns
//! `U_j` of `L` are `b2`'s (scaled) axes, `N_j = U_{j+1} x U_{j+2}` its face
//! normals (cyclic indices; the columns of the cofactor matrix).
//!
//! ## Homogeneous intervals (section IV-A)
//!
//! The paper's "nine components of the transformed normals" are the entries
//! of `L` (equivalently of `N`: for rigid motion `N = w L`). Between two
//! consecutive real roots of these entries in `[t0, t1]` the Gauss map of
//! `-b2` keeps its topology relative to that of `b1`, so every pair (and
//! with it every plane polynomial) is fixed. We take the roots of the 18
//! entries of `L` and `N` (for non-rigid, axis-scaled motion the two sign
//! patterns can differ); entries that vanish identically are ignored: their
//! sign is `0` for the whole motion, which is the degenerate topology (a
//! point of one Gauss map on an arc or vertex of the other) and yields the
//! same plane polynomials with that term dropped.
//!
//! ## Pair matching (section IV-B, web page steps 1-6), our closed form
//!
//! The web page finds the pairs from the octants of the Gauss map: the face
//! normal `±e_i` of `b1` lies in the octant of one vertex of `-b2` (VO),
//! each normal of `-b2` in the octant of one vertex of `b1` (OV), and every
//! arc of `b1` crosses the arcs of `-b2` in the octants that hold no point.
//! All of this is decided by the signs of the nine components at one
//! interior instant of the interval, and we write it in closed form (the
//! sign vector *is* the octant):
//!
//! * the FV pair of face `s e_i` of `b1` is the vertex of `b2` with signs
//!   `-s sign(U_j[i])` (`j = 0, 1, 2`): the vertex of `-b2` in the octant of
//!   the normal;
//! * the VF pair of face `s N_j` of `b2` (outward for `-b2`: `-s N_j`) is the
//!   vertex of `b1` with signs `s sign(N_j[k])`;
//! * the EE pair of edge direction `e_i` of `b1` and `U_j` of `b2`, plane
//!   normal `n = s (e_i x U_j)`, is the edge of `b1` along `i` with signs
//!   `sign(n[k])` (`k != i`) and the edge of `b2` along `j` with signs
//!   `-sign(n . U_k) = -s sign(e_i . (U_j x U_k))` (`k != j`), i.e. signs of
//!   components of the `N_l`. When `U_j` is parallel to `e_i` for the whole
//!   motion the normal vanishes identically and the pair is dropped.
//!
//! A sign that is `0` on the interval (an identically vanishing component)
//! turns a vertex into an edge or face of the pair: the plane polynomial is
//! the same, with that term gone.
//!
//! ## Planes (section IV-C)
//!
//! For an outward normal `n` of the sum, the plane is `n . x = h1(n) +
//! h2(-n)` with the support functions `h1(n) = sum_k e_k |n[k]|` and
//! `h2(-n) = -n . c + sum_k f_k |n . u_k|`. Multiplied by `w(t) > 0` (so all
//! denominators are cleared), the origin is on the inner side exactly when
//!
//! > `D_n(t) = sum_k e_k sigma_k w n[k] + sum_k f_k tau_k (n . U_k) - n . T >= 0`
//!
//! with the interval's fixed signs `sigma_k = sign(n[k])`, `tau_k =
//! sign(n . U_k)`: a polynomial in `t` (the paper's eqs. 3 and 4 for FV/VF,
//! 5 and 7 for EE, written with the support vertex instead of the plane's
//! point-normal form). `D_n(t)` is the signed distance of the origin to the
//! plane times the positive `|n| w`.
//!
//! ## Collision time (section IV-D) and contact intervals
//!
//! The solids touch at `t` exactly when every `D_n(t) >= 0`. In each
//! homogeneous interval the real roots of the (at most 30) plane
//! polynomials and the interval's ends cut it into cells: points (exact
//! algebraic numbers) and open gaps on which no plane changes sign. Each
//! cell is decided exactly: a gap at a rational sample, a point with
//! [`RealRoots::sign_at_root`](crate::poly::RealRoots::sign_at_root). The function `t -> D_n(t)` (the support
//! expression with absolute values) is continuous across the ends of
//! homogeneous intervals, and the polynomials of both neighbouring
//! intervals equal it *at* the shared end (the term whose sign flips
//! vanishes there), so an end instant is decided with the plane set of
//! either side; a plane whose normal vanishes at that instant has `D = 0`
//! there and correctly constrains nothing. The contact set is then a union
//! of closed intervals with algebraic ends; the first contact time is the
//! start of the first (or `t0`).
//!
//! ## Bounding-sphere pruning (section IV-E)
//!
//! For rigid relative motion, `|T(t)|^2 - R^2 w(t)^2 > 0` with a rational
//! `R >= |e| + |f|` (square roots rounded up) means the bounding spheres are
//! apart; a homogeneous interval on which this polynomial has no root and
//! is positive is skipped (no plane is built there). Its roots are cut
//! points of every interval, so the test is exact and never drops an
//! interval that holds a contact.
//!
//! ## Piecewise rational motion
//!
//! Solved sub-interval by sub-interval and joined in `piecewise.rs`
//! ([`solve_sgm_piecewise`]).
//!
//! ## Arithmetic and cost (ours)
//!
//! * The planes are built and signed over a ring chosen by the scalar
//!   (`ring.rs`): for exact scalars the scene is scaled so that the half
//!   extents are integers and `L`, `T`, `w` are cleared of denominators (one
//!   positive factor each, which changes no root and no sign), so all plane
//!   arithmetic is integer arithmetic with no gcd; `f64` builds them in
//!   `f64`.
//! * Each plane of an interval is a *track*: its roots in the interval and
//!   one sign per piece between them (a sample per piece). A cell's mask is
//!   read off the tracks, so no plane is evaluated at every cell and no
//!   plane is signed at an algebraic instant; the planes vanishing at the
//!   first contact are the tracks' roots there.
//! * A plane whose Descartes bound on a dyadic interval around the
//!   homogeneous interval (its ends' isolating intervals refined to
//!   `2^-8`) is zero has no root there and is not isolated
//!   ([`RealRoots::sign_if_rootless`](crate::poly::RealRoots::sign_if_rootless));
//!   the rest are isolated on that interval only.
//! * For rigid motion the normals' entries (`N_j = +-w U_j`) are not
//!   isolated again, and rigidity of `rational` motions (and of the
//!   relative motion of two rigid ones) is known by construction (checked
//!   in debug builds).
//!
//! ## The `f64` fast path
//!
//! `f64` queries on two boxes under `static`, `linear` or `rational`
//! motions take a dedicated path (`fast_f64/`, [`solve_sgm_f64`]): the
//! same method on fixed-size `f64` polynomials, with a centred-form
//! root-free test before any root finding; other `f64` queries run this
//! generic solve in `f64`.
//!
//! ## Certificates
//!
//! Every cell records which planes have the origin strictly outside (and
//! whether the spheres are apart); the separated cells before the first
//! contact are covered greedily by planes, with rational cuts in gaps where
//! two planes both separate (`solve.rs`).
#![deny(clippy::float_arithmetic)]

mod cells;
mod fast_f64;
mod float;
mod outcome;
mod piecewise;
mod planes;
mod relative;
mod ring;
mod solve;

pub use fast_f64::{solve_sgm_f64, FastSgmOutcome, MAX_COEFFS};
pub use float::unit_f64;
pub use outcome::{SgmCell, SgmOutcome, SgmPiece, SgmStats};
pub use piecewise::{join_sgm_runs, solve_sgm_piecewise, PiecewiseSgmOutcome, SgmRun};
pub use planes::{
    axis_data, pattern_at, AxisData, BoxFeature, FeatureSigns, PlaneAxis, PlaneId, PLANE_COUNT,
};
pub use relative::{relative_boxes, RelativeBoxes};
pub use solve::{intervals_outside_domain, solve_sgm};
