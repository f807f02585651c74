//! Fitting an oriented bounding box to a piece of a mesh (Eberly, "Dynamic Collision Detection using OBBs", section
//! 6.1), made exact and conservative.
//!
//! # The fit
//!
//! * **From points** (section 6.1.2): the axes are eigenvectors of the
//!   covariance matrix `M = 1/n sum (X_j - C)(X_j - C)^T` of the vertices
//!   of the convex hull of the piece (exact hull, `hull.rs`) about their
//!   mean `C`, so that interior points do not tilt the box.
//! * **From triangles** (section 6.1.3): the continuous, area-weighted
//!   covariance. For a triangle with corners `V_k` and `d_k = V_k - C`, the
//!   second moment of the uniform distribution on the triangle about `C` is
//!   `(S S^T + sum_k d_k d_k^T) / 12` with `S = d_0 + d_1 + d_2`, and its
//!   mean is `(V_0 + V_1 + V_2) / 3`; each triangle is weighted by its area.
//!   (The extracted text of the paper's formula lost the `sum_k d_k d_k^T`
//!   term and normalises by `l`; a common factor does not change the
//!   eigenvectors, the missing term does, so we use the derivation.)
//! * **Minimum-volume refinement** (section 6.1.1): the paper minimises the
//!   volume over rotations with Powell's method; we do a derivative-free
//!   coordinate search instead (small rotations about each current axis,
//!   step halved when none helps), starting from the covariance fit and
//!   from the coordinate axes, and keep a result only if its *exact* volume
//!   is smaller: refinement never increases the volume.
//!
//! # Exactness
//!
//! The eigenvectors are irrational, so the fit itself runs in `f64` (it only
//! chooses an orientation). The box that the tree uses is exact: the fitted
//! rotation becomes a rational quaternion `q` with integer components
//! (`|q|` about `2^8`, small numbers keep the exact box tests cheap), whose rotation `rot(q) / |q|^2` is exactly
//! orthonormal, and the centre and half extents come from the exact
//! projections of the vertices onto these axes (section 6.1.1: `alpha_i =
//! min_j A_i . X_j`, `beta_i = max_j`, centre `sum (alpha_i + beta_i) / 2
//! A_i`, extents `(beta_i - alpha_i) / 2`). Every vertex lies in the box
//! exactly, whatever the rounding of the fit.
#![allow(clippy::float_arithmetic)] // the fit chooses an orientation only; see the module docs

use crate::geom::{quaternion_rotation, Mat3, Obb, Vec3};
use crate::scalar::{BigRational, FieldScalar, Ring, Scalar};

/// How a box's orientation is chosen (Eberly, "Dynamic Collision Detection using OBBs", section 6.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum FitMethod {
    /// Covariance of the convex hull's vertices (section 6.1.2).
    Points,
    /// Area-weighted covariance of the triangles (section 6.1.3).
    #[default]
    Triangles,
}

/// Options of the fit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct FitOptions {
    /// The covariance used for the initial axes.
    pub method: FitMethod,
    /// Run the minimum-volume refinement (section 6.1.1) after it.
    pub refine: bool,
}

/// An `f64` rotation whose columns are the candidate axes.
type Frame = [[f64; 3]; 3];

fn sub(a: &[f64; 3], b: &[f64; 3]) -> [f64; 3] {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

/// `a . b` of two `f64` vectors (also for `box_contact_f64`).
pub(super) fn dot(a: &[f64; 3], b: &[f64; 3]) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

/// `a x b` of two `f64` vectors (also for `box_contact_f64`).
pub(super) fn cross(a: &[f64; 3], b: &[f64; 3]) -> [f64; 3] {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

fn outer_add(m: &mut [[f64; 3]; 3], a: &[f64; 3], b: &[f64; 3], w: f64) {
    for i in 0..3 {
        for j in 0..3 {
            m[i][j] += w * a[i] * b[j];
        }
    }
}

/// Covariance of points about their mean (Eberly, "Dynamic Collision Detection using OBBs", section 6.1.2).
fn points_covariance(points: &[[f64; 3]]) -> [[f64; 3]; 3] {
    let n = points.len().max(1) as f64;
    let mut c = [0.0; 3];
    for p in points {
        for i in 0..3 {
            c[i] += p[i] / n;
        }
    }
    let mut m = [[0.0; 3]; 3];
    for p in points {
        let d = sub(p, &c);
        outer_add(&mut m, &d, &d, 1.0 / n);
    }
    m
}

/// Area-weighted continuous covariance of triangles (Eberly, "Dynamic Collision Detection using OBBs", section
/// 6.1.3, with the derivation of the module docs). Falls back to the points'
/// covariance when every triangle has zero area.
fn triangles_covariance(triangles: &[[[f64; 3]; 3]]) -> [[f64; 3]; 3] {
    let areas: Vec<f64> = triangles
        .iter()
        .map(|t| {
            let n = cross(&sub(&t[1], &t[0]), &sub(&t[2], &t[0]));
            dot(&n, &n).sqrt() / 2.0
        })
        .collect();
    let total: f64 = areas.iter().sum();
    if total <= 0.0 || !total.is_finite() {
        let pts: Vec<[f64; 3]> = triangles.iter().flatten().copied().collect();
        return points_covariance(&pts);
    }
    let mut c = [0.0; 3];
    for (t, a) in triangles.iter().zip(&areas) {
        for i in 0..3 {
            c[i] += a / total * (t[0][i] + t[1][i] + t[2][i]) / 3.0;
        }
    }
    let mut m = [[0.0; 3]; 3];
    for (t, a) in triangles.iter().zip(&areas) {
        let w = a / total / 12.0;
        let d: Vec<[f64; 3]> = t.iter().map(|v| sub(v, &c)).collect();
        let s = [
            d[0][0] + d[1][0] + d[2][0],
            d[0][1] + d[1][1] + d[2][1],
            d[0][2] + d[1][2] + d[2][2],
        ];
        outer_add(&mut m, &s, &s, w);
        for dk in &d {
            outer_add(&mut m, dk, dk, w);
        }
    }
    m
}

/// Unit eigenvectors of a symmetric 3x3 matrix (cyclic Jacobi rotations),
/// as the columns of a right-handed rotation.
fn symmetric_eigenvectors(m: [[f64; 3]; 3]) -> Frame {
    let mut a = m;
    let mut v = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
    for _sweep in 0..50 {
        let off = a[0][1].abs() + a[0][2].abs() + a[1][2].abs();
        if off <= 1e-300 || !off.is_finite() {
            break;
        }
        for (p, q) in [(0, 1), (0, 2), (1, 2)] {
            if a[p][q].abs() <= 1e-300 {
                continue;
            }
            let theta = (a[q][q] - a[p][p]) / (2.0 * a[p][q]);
            let t = theta.signum() / (theta.abs() + (theta * theta + 1.0).sqrt());
            let t = if theta == 0.0 { 1.0 } else { t };
            let c = 1.0 / (t * t + 1.0).sqrt();
            let s = t * c;
            // A' = J^T A J with J the rotation in the (p, q) plane
            for row in &mut a {
                let (akp, akq) = (row[p], row[q]);
                row[p] = c * akp - s * akq;
                row[q] = s * akp + c * akq;
            }
            let (rp, rq) = (a[p], a[q]);
            a[p] = std::array::from_fn(|k| c * rp[k] - s * rq[k]);
            a[q] = std::array::from_fn(|k| s * rp[k] + c * rq[k]);
            for row in &mut v {
                let (vp, vq) = (row[p], row[q]);
                row[p] = c * vp - s * vq;
                row[q] = s * vp + c * vq;
            }
        }
    }
    let col = |j: usize| [v[0][j], v[1][j], v[2][j]];
    orthonormal_frame(col(0), col(1))
}

/// The right-handed frame whose first axis is along `x` and second in the
/// plane of `x` and `y` (Gram-Schmidt); the identity for degenerate input.
fn orthonormal_frame(x: [f64; 3], y: [f64; 3]) -> Frame {
    let unit = |a: [f64; 3]| {
        let n = dot(&a, &a).sqrt();
        (n > 1e-300 && n.is_finite()).then(|| [a[0] / n, a[1] / n, a[2] / n])
    };
    let Some(e0) = unit(x) else {
        return [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
    };
    let k = dot(&y, &e0);
    let y = [y[0] - k * e0[0], y[1] - k * e0[1], y[2] - k * e0[2]];
    let e1 = unit(y).unwrap_or_else(|| {
        // any direction orthogonal to e0
        let helper = if e0[0].abs() < 0.9 {
            [1.0, 0.0, 0.0]
        } else {
            [0.0, 1.0, 0.0]
        };
        let c = cross(&e0, &helper);
        let n = dot(&c, &c).sqrt();
        [c[0] / n, c[1] / n, c[2] / n]
    });
    let e2 = cross(&e0, &e1);
    // columns e0, e1, e2
    [
        [e0[0], e1[0], e2[0]],
        [e0[1], e1[1], e2[1]],
        [e0[2], e1[2], e2[2]],
    ]
}

/// The quaternion `(w, x, y, z)` of a rotation matrix (Shepperd's method:
/// the largest of `4 w^2, 4 x^2, ...` decides the branch).
fn quaternion_of(r: &Frame) -> [f64; 4] {
    let tr = r[0][0] + r[1][1] + r[2][2];
    let cands = [tr, r[0][0], r[1][1], r[2][2]];
    let k = (0..4)
        .max_by(|&i, &j| cands[i].total_cmp(&cands[j]))
        .unwrap_or(0);
    match k {
        0 => {
            let s = (1.0 + tr).max(0.0).sqrt() * 2.0;
            [
                s / 4.0,
                (r[2][1] - r[1][2]) / s,
                (r[0][2] - r[2][0]) / s,
                (r[1][0] - r[0][1]) / s,
            ]
        }
        1 => {
            let s = (1.0 + r[0][0] - r[1][1] - r[2][2]).max(0.0).sqrt() * 2.0;
            [
                (r[2][1] - r[1][2]) / s,
                s / 4.0,
                (r[0][1] + r[1][0]) / s,
                (r[0][2] + r[2][0]) / s,
            ]
        }
        2 => {
            let s = (1.0 + r[1][1] - r[0][0] - r[2][2]).max(0.0).sqrt() * 2.0;
            [
                (r[0][2] - r[2][0]) / s,
                (r[0][1] + r[1][0]) / s,
                s / 4.0,
                (r[1][2] + r[2][1]) / s,
            ]
        }
        _ => {
            let s = (1.0 + r[2][2] - r[0][0] - r[1][1]).max(0.0).sqrt() * 2.0;
            [
                (r[1][0] - r[0][1]) / s,
                (r[0][2] + r[2][0]) / s,
                (r[1][2] + r[2][1]) / s,
                s / 4.0,
            ]
        }
    }
}

/// Scale of the integer quaternion that rationalises a fitted rotation.
const QUATERNION_SCALE: f64 = 256.0;

/// The exactly orthonormal rational rotation `rot(q) / |q|^2` of the
/// integer quaternion nearest to `QUATERNION_SCALE` times the unit
/// quaternion of `r` (the identity when `r` is not finite).
pub(crate) fn rational_rotation(r: &Frame) -> Mat3<BigRational> {
    let q = quaternion_of(r);
    let ints = q.map(|c| (c * QUATERNION_SCALE).round());
    let ok = ints.iter().all(|c| c.is_finite()) && ints.iter().any(|c| *c != 0.0);
    let ints = if ok { ints } else { [1.0, 0.0, 0.0, 0.0] };
    let q = ints.map(|c| BigRational::from_float(c).unwrap_or_else(BigRational::zero));
    quaternion_rotation(&q).unwrap_or_else(Mat3::identity)
}

/// The smallest box with the given (exactly orthonormal) axes, the columns
/// of `axes`, containing every point (Eberly, "Dynamic Collision Detection using OBBs", section 6.1.1): exact.
pub fn exact_box_with_axes(
    axes: &Mat3<BigRational>,
    points: &[Vec3<BigRational>],
) -> Obb<BigRational> {
    let cols: [Vec3<BigRational>; 3] = std::array::from_fn(|i| axes.col(i));
    let two = BigRational::from_i64(2);
    let mut center = Vec3::zero();
    let mut half_extents: [BigRational; 3] = std::array::from_fn(|_| BigRational::zero());
    for (i, a) in cols.iter().enumerate() {
        let mut proj = points.iter().map(|p| a.dot(p));
        let first = proj.next().unwrap_or_else(BigRational::zero);
        let (lo, hi) = proj.fold((first.clone(), first), |(lo, hi), x| {
            (lo.min_of(x.clone()), hi.max_of(x))
        });
        center = center + a.scale(&(&lo + &hi).div_ref(&two));
        half_extents[i] = (hi - lo).div_ref(&two);
    }
    Obb {
        center,
        axes: cols,
        half_extents,
    }
}

/// Eight times the volume of a box, `prod 2 e_i`, exactly.
pub fn box_volume(b: &Obb<BigRational>) -> BigRational {
    b.half_extents
        .iter()
        .fold(BigRational::from_i64(8), |acc, e| acc * e)
}

fn f64_volume(frame: &Frame, points: &[[f64; 3]]) -> f64 {
    (0..3)
        .map(|i| {
            let a = [frame[0][i], frame[1][i], frame[2][i]];
            let (lo, hi) = points.iter().fold((f64::MAX, f64::MIN), |(lo, hi), p| {
                let x = dot(&a, p);
                (lo.min(x), hi.max(x))
            });
            (hi - lo).max(0.0)
        })
        .product()
}

fn rotate_frame(frame: &Frame, axis: usize, angle: f64) -> Frame {
    // rotate the frame about its own axis `axis`: columns j, k turn
    let (j, k) = ((axis + 1) % 3, (axis + 2) % 3);
    let (c, s) = (angle.cos(), angle.sin());
    let mut out = *frame;
    for row in &mut out {
        let (a, b) = (row[j], row[k]);
        row[j] = c * a + s * b;
        row[k] = -s * a + c * b;
    }
    out
}

/// Coordinate search for a smaller box (module docs): rotations about each
/// axis by `+-step`, the step halved when none helps.
fn refine_frame(start: Frame, points: &[[f64; 3]]) -> Frame {
    let mut best = start;
    let mut best_volume = f64_volume(&best, points);
    let mut step = 0.5;
    while step > 1e-4 {
        let mut improved = false;
        for axis in 0..3 {
            for sign in [1.0, -1.0] {
                let cand = rotate_frame(&best, axis, sign * step);
                let v = f64_volume(&cand, points);
                if v < best_volume {
                    best = cand;
                    best_volume = v;
                    improved = true;
                }
            }
        }
        if !improved {
            step /= 2.0;
        }
    }
    best
}

/// Fits an exact conservative box to the triangles (corner positions,
/// exact) of a piece of a mesh (module docs): every corner lies in the box.
///
/// ```
/// use exactccd::geom::Vec3;
/// use exactccd::scalar::{BigRational, Ring};
/// use exactccd::solver::sat::{fit_obb, FitOptions};
/// let p = |x: i64, y: i64, z: i64| Vec3::new(BigRational::from_i64(x), BigRational::from_i64(y), BigRational::from_i64(z));
/// // a flat 4 x 2 rectangle as two triangles: the box is 4 x 2 x 0
/// let tris = [[p(0, 0, 0), p(4, 0, 0), p(4, 2, 0)], [p(0, 0, 0), p(4, 2, 0), p(0, 2, 0)]];
/// let b = fit_obb(&tris, FitOptions { refine: true, ..FitOptions::default() });
/// let mut e = b.half_extents.clone();
/// e.sort();
/// assert_eq!(e, [BigRational::from_i64(0), BigRational::from_i64(1), BigRational::from_i64(2)]);
/// ```
pub fn fit_obb(triangles: &[[Vec3<BigRational>; 3]], options: FitOptions) -> Obb<BigRational> {
    let tri_f: Vec<[[f64; 3]; 3]> = triangles
        .iter()
        .map(|t| t.each_ref().map(|v| v.to_f64().into_array()))
        .collect();
    let points_f: Vec<[f64; 3]> = tri_f.iter().flatten().copied().collect();
    let points: Vec<Vec3<BigRational>> = triangles.iter().flatten().cloned().collect();
    let cov = match options.method {
        FitMethod::Points => {
            let hull: Vec<[f64; 3]> = super::hull::convex_hull_vertices(&points)
                .into_iter()
                .map(|i| points_f[i])
                .collect();
            points_covariance(&hull)
        }
        FitMethod::Triangles => triangles_covariance(&tri_f),
    };
    let frame = symmetric_eigenvectors(cov);
    let fitted = exact_box_with_axes(&rational_rotation(&frame), &points);
    if !options.refine {
        return fitted;
    }
    // the search from the fitted axes and from the coordinate axes (a
    // symmetric piece, such as a cube, has an isotropic covariance whose
    // eigenvectors are arbitrary); the smallest exact volume wins
    let identity = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
    let mut best = fitted;
    let mut best_volume = box_volume(&best);
    for start in [frame, identity] {
        let cand =
            exact_box_with_axes(&rational_rotation(&refine_frame(start, &points_f)), &points);
        let v = box_volume(&cand);
        if v < best_volume {
            best = cand;
            best_volume = v;
        }
    }
    best
}
