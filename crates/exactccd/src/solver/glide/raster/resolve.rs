//! The final steps of the pixel-based algorithm (Buss, "Collision Detection with Glide Rotations", section
//! 9): candidate pairs from the pixel scans become collisions with a time,
//! a place, a normal and a properness (section 5).
//!
//! * **VF / FV times by Newton's method on the face.** A vertex moving on its
//!   flow line meets a face's plane where `n . x(s) - d = 0`, a function of
//!   the step fraction `s` (a sinusoid plus a linear term), over the window
//!   in which the vertex's azimuth lies in the piece's sector. Under a pure
//!   rotation it is `A cos x + B sin x + D`, solved in closed form and
//!   polished by Newton; otherwise it is sampled and every sign change is
//!   refined by a safeguarded secant iteration (regula falsi, Illinois).
//!   The paper's Newton iteration finds the face point projecting to the
//!   vertex's `(r, h)`; it is the same point (the plane meets the flow line
//!   there). The point must lie in the closed face (in `f64`, within a
//!   rounding tolerance): a pixel candidate whose flow line misses the face
//!   is dropped.
//! * **EE.** Two chords that share a pixel are a candidate when they cross
//!   or pass within a pixel; the crossing gives a pixel time `t_a - t_b`.
//!   The paper takes that time "without further ado"; here the edges'
//!   coplanarity `(q0(s) - p0) . ((p1 - p0) x (q1(s) - q0(s)))` is solved
//!   by Newton's method from it (every root of a window around it when
//!   Newton finds no crossing), and the crossing must lie in both closed
//!   edges. A pixel crossing with no edge crossing nearby is dropped
//!   (it is a near miss within the resolution).
//! * **Resolution by maximal properness** (section 5, last paragraph):
//!   vertex-face candidates meeting at the same time and place (a vertex on
//!   an edge (EV, VE) or on a vertex (VV) of the other body is inside the
//!   closed faces around it) keep only the pair of greatest properness; an
//!   EE crossing at an end of an edge (an EV, VE or VV contact) is dropped
//!   when a vertex-face collision resolves that contact.
//! * **Properness**: `min e_i . n` for FV / VF, equation 7 for EE at
//!   convex edges and the faces' half-spaces at flat and reflex ones
//!   (`facing.rs`, shared with the analytic variant).
#![allow(clippy::float_arithmetic)]

use super::super::events::EventKind;
use super::super::facing::{edge_properness, solid_vertex_properness, FaceCorner};
use super::project::{cross, dot, lerp, norm, sub, Screen, V};
use crate::geom::Vec3;

/// Finds the roots of `f` on `[lo, hi]`: sign changes between `samples`
/// equal steps, each refined to about 1e-14 (relative); a sample where `f`
/// is exactly zero is a root. Returns whether `f` was zero (within
/// `zero_tol`) at every sample (an identically vanishing equation).
pub(crate) fn roots_in(
    f: impl Fn(f64) -> f64,
    lo: f64,
    hi: f64,
    samples: usize,
    zero_tol: f64,
    out: &mut Vec<f64>,
) -> bool {
    out.clear();
    let n = samples.max(1);
    let step = (hi - lo) / n as f64;
    let mut all_zero = true;
    let mut x0 = lo;
    let mut f0 = f(lo);
    all_zero &= f0.abs() <= zero_tol;
    if f0 == 0.0 {
        out.push(lo);
    }
    for i in 1..=n {
        let x1 = if i == n { hi } else { lo + step * i as f64 };
        let f1 = f(x1);
        all_zero &= f1.abs() <= zero_tol;
        if f1 == 0.0 {
            out.push(x1);
        } else if f0 != 0.0 && (f0 < 0.0) != (f1 < 0.0) {
            out.push(refine(&f, x0, f0, x1, f1));
        }
        x0 = x1;
        f0 = f1;
    }
    if all_zero {
        out.clear();
        for i in 0..=n {
            out.push(if i == n { hi } else { lo + step * i as f64 });
        }
    }
    all_zero
}

/// The step fractions in `[lo, hi]` at which the point `p` moved by
/// `flow(p, dir s)` lies on the plane `n . x = d`. Under a pure rotation
/// (`g = 0`) the plane equation is `A cos x + B sin x + D` with `x = dir θ
/// s`, solved in closed form (`x = atan2(B, A) ± acos(-D / hypot(A, B))`,
/// a tangential touch included); otherwise by [`roots_in`] with `samples`.
/// Returns whether the equation vanishes identically.
#[allow(clippy::too_many_arguments)]
pub(crate) fn plane_roots(
    screen: &Screen,
    n: &V,
    p: &V,
    d: f64,
    dir: f64,
    (lo, hi): (f64, f64),
    samples: usize,
    tol: f64,
    out: &mut Vec<f64>,
) -> bool {
    // A pure rotation has the closed form below; a plane screen or a glide
    // with a slide is sampled.
    let theta = match *screen {
        Screen::Cylinder { theta, g: 0.0 } => theta,
        _ => {
            return roots_in(
                |s| dot(n, &screen.flow(p, dir * s)) - d,
                lo,
                hi,
                samples,
                tol,
                out,
            )
        }
    };
    out.clear();
    let a = n[0] * p[0] + n[2] * p[2];
    let b = n[0] * p[2] - n[2] * p[0];
    let c = n[1] * p[1] - d;
    let r = a.hypot(b);
    if r <= tol {
        if c.abs() <= tol {
            // Identically on the plane: the samples, as roots_in gives them.
            return roots_in(|_| 0.0, lo, hi, samples, tol, out);
        }
        return false;
    }
    let q = -c / r;
    if q.abs() > 1.0 + 1e-12 {
        return false;
    }
    let alpha = q.clamp(-1.0, 1.0).acos();
    let phase = b.atan2(a);
    let k = dir * theta;
    let (x0, x1) = if k > 0.0 {
        (k * lo, k * hi)
    } else {
        (k * hi, k * lo)
    };
    let tau = std::f64::consts::TAU;
    for base in [phase + alpha, phase - alpha] {
        let first = ((x0 - base) / tau).ceil() as i64;
        let last = ((x1 - base) / tau).floor() as i64;
        for m in first..=last {
            // Polish (acos loses digits near a tangency, |q| near 1).
            let mut x = base + tau * m as f64;
            for _ in 0..2 {
                let (sn, cs) = x.sin_cos();
                let (f, df) = (a * cs + b * sn + c, b * cs - a * sn);
                if df.abs() > 1e-300 && (f / df).abs() < 1e-3 {
                    x -= f / df;
                }
            }
            let s = x / k;
            if (lo..=hi).contains(&s) && !out.iter().any(|&t| (t - s).abs() <= 1e-15) {
                out.push(s);
            }
        }
    }
    out.sort_by(f64::total_cmp);
    false
}

/// Newton's method with secant slopes from `start`, kept inside `[lo,
/// hi]`: the root it converges to, or `None` (left the interval, flat, or
/// no convergence in 16 steps).
pub(crate) fn newton(f: impl Fn(f64) -> f64, start: f64, lo: f64, hi: f64) -> Option<f64> {
    let h = 1e-6 * (hi - lo).max(1e-3);
    let mut x0 = start.clamp(lo, hi);
    let mut x1 = if x0 + h <= hi { x0 + h } else { x0 - h };
    let (mut f0, mut f1) = (f(x0), f(x1));
    for _ in 0..16 {
        if f1 == 0.0 {
            return Some(x1);
        }
        let d = f1 - f0;
        if d == 0.0 {
            return None;
        }
        let x2 = x1 - f1 * (x1 - x0) / d;
        if !(lo..=hi).contains(&x2) {
            return None;
        }
        if (x2 - x1).abs() <= 1e-14 * (1.0 + x2.abs()) {
            return Some(x2);
        }
        (x0, f0) = (x1, f1);
        x1 = x2;
        f1 = f(x2);
    }
    None
}

/// Safeguarded secant/Newton on a bracket with `f(a) f(b) < 0`.
fn refine(f: &impl Fn(f64) -> f64, mut a: f64, mut fa: f64, mut b: f64, mut fb: f64) -> f64 {
    let mut side = 0i32;
    for _ in 0..100 {
        // Illinois (regula falsi with halving of the stuck end).
        let c = (a * fb - b * fa) / (fb - fa);
        let c = if c.is_finite() && c > a.min(b) && c < a.max(b) {
            c
        } else {
            0.5 * (a + b)
        };
        let fc = f(c);
        if fc == 0.0 || (b - a).abs() <= 1e-15 * (1.0 + c.abs()) {
            return c;
        }
        if (fc < 0.0) == (fa < 0.0) {
            a = c;
            fa = fc;
            if side == -1 {
                fb *= 0.5;
            }
            side = -1;
        } else {
            b = c;
            fb = fc;
            if side == 1 {
                fa *= 0.5;
            }
            side = 1;
        }
    }
    0.5 * (a + b)
}

/// Whether `x` lies in the closed planar face `face` of `verts` (normal `n`),
/// within `tol`.
pub(crate) fn inside_face(x: &V, verts: &[V], face: &[usize], n: &V, tol: f64) -> bool {
    // Drop the normal's dominant axis and test crossings in the other two.
    let k = if n[0].abs() >= n[1].abs() && n[0].abs() >= n[2].abs() {
        0
    } else if n[1].abs() >= n[2].abs() {
        1
    } else {
        2
    };
    let (i, j) = ((k + 1) % 3, (k + 2) % 3);
    let m = face.len();
    let mut inside = false;
    for e in 0..m {
        let (p, q) = (&verts[face[e]], &verts[face[(e + 1) % m]]);
        if (p[j] > x[j]) != (q[j] > x[j]) {
            let at = p[i] + (x[j] - p[j]) * (q[i] - p[i]) / (q[j] - p[j]);
            if x[i] < at {
                inside = !inside;
            }
        }
    }
    if inside {
        return true;
    }
    (0..m).any(|e| segment_distance(x, &verts[face[e]], &verts[face[(e + 1) % m]]) <= tol)
}

fn segment_distance(x: &V, p: &V, q: &V) -> f64 {
    let d = sub(q, p);
    let dd = dot(&d, &d);
    let l = if dd > 0.0 {
        (dot(&sub(x, p), &d) / dd).clamp(0.0, 1.0)
    } else {
        0.0
    };
    norm(&sub(x, &lerp(p, q, l)))
}

/// Closest points of the lines `p0 + α ea` and `q0 + β eb`: `(α, β)`, or
/// `None` when (nearly) parallel.
pub(crate) fn line_params(p0: &V, ea: &V, q0: &V, eb: &V) -> Option<(f64, f64)> {
    let w0 = sub(p0, q0);
    let (a, b, c) = (dot(ea, ea), dot(ea, eb), dot(eb, eb));
    let (d, e) = (dot(ea, &w0), dot(eb, &w0));
    let den = a * c - b * b;
    if den <= 1e-14 * a * c {
        return None;
    }
    Some(((b * e - c * d) / den, (a * e - b * d) / den))
}

/// Closest approach of two screen chords: `(distance, α, β)`.
pub(crate) fn chord_closest(
    a0: (f64, f64),
    a1: (f64, f64),
    b0: (f64, f64),
    b1: (f64, f64),
) -> (f64, f64, f64) {
    let (dax, day) = (a1.0 - a0.0, a1.1 - a0.1);
    let (dbx, dby) = (b1.0 - b0.0, b1.1 - b0.1);
    let den = dax * dby - day * dbx;
    if den != 0.0 {
        let (wx, wy) = (b0.0 - a0.0, b0.1 - a0.1);
        let al = (wx * dby - wy * dbx) / den;
        let be = (wx * day - wy * dax) / den;
        if (0.0..=1.0).contains(&al) && (0.0..=1.0).contains(&be) {
            return (0.0, al, be);
        }
    }
    // No proper crossing: the least of the four end-to-chord distances
    // (compared squared; one square root).
    let project = |p: (f64, f64), s0: (f64, f64), s1: (f64, f64)| {
        let (dx, dy) = (s1.0 - s0.0, s1.1 - s0.1);
        let dd = dx * dx + dy * dy;
        let l = if dd > 0.0 {
            (((p.0 - s0.0) * dx + (p.1 - s0.1) * dy) / dd).clamp(0.0, 1.0)
        } else {
            0.0
        };
        let (cx, cy) = (s0.0 + dx * l, s0.1 + dy * l);
        ((p.0 - cx).powi(2) + (p.1 - cy).powi(2), l)
    };
    let mut best = (f64::INFINITY, 0.0, 0.0);
    for (end, al) in [(a0, 0.0), (a1, 1.0)] {
        let (d, be) = project(end, b0, b1);
        if d < best.0 {
            best = (d, al, be);
        }
    }
    for (end, be) in [(b0, 0.0), (b1, 1.0)] {
        let (d, al) = project(end, a0, a1);
        if d < best.0 {
            best = (d, al, be);
        }
    }
    (best.0.sqrt(), best.1, best.2)
}

fn v3(a: &V) -> Vec3<f64> {
    Vec3::new(a[0], a[1], a[2])
}

/// The vertex properness (section 5, at a non-convex vertex as
/// `facing::solid_vertex_properness`) of a vertex with the face corners
/// `corners` against the face normal `n`.
pub(crate) fn vertex_prop(corners: &[FaceCorner], n: &V) -> f64 {
    solid_vertex_properness(corners, &v3(n))
}

/// Equation (7) and its normal.
pub(crate) fn edge_prop(ea: &V, eb: &V, na: [&V; 2], nb: [&V; 2]) -> Option<(f64, V)> {
    edge_properness(
        &v3(ea),
        &v3(eb),
        [&v3(na[0]), &v3(na[1])],
        [&v3(nb[0]), &v3(nb[1])],
    )
    .map(|(p, n)| (p, [n.x, n.y, n.z]))
}

/// One collision found by the raster, in the axis frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Found {
    pub kind: EventKind,
    pub a: u32,
    pub b: u32,
    pub s: f64,
    pub point: V,
    pub normal: Option<V>,
    pub properness: Option<f64>,
    /// For EE: the crossing is at an end of one of the edges.
    pub at_end: bool,
}

/// Sorts by time, removes repeats, and resolves coinciding vertex-face
/// contacts by maximal properness (module docs).
pub(crate) fn resolve(found: &mut Vec<Found>, place_tol: f64) {
    found.sort_by(|x, y| {
        x.s.total_cmp(&y.s)
            .then(x.kind.cmp(&y.kind))
            .then(x.a.cmp(&y.a))
            .then(x.b.cmp(&y.b))
    });
    let same_time = |x: &Found, y: &Found| (x.s - y.s).abs() <= 1e-9;
    let same_place = |x: &Found, y: &Found| norm(&sub(&x.point, &y.point)) <= place_tol;
    // Repeats (the same pair found through two pieces or copies).
    let mut out: Vec<Found> = Vec::with_capacity(found.len());
    for f in found.iter() {
        let repeat = out
            .iter()
            .rev()
            .take_while(|g| same_time(g, f))
            .any(|g| g.kind == f.kind && g.a == f.a && g.b == f.b);
        if !repeat {
            out.push(*f);
        }
    }
    // Maximal properness among coinciding vertex-face contacts.
    let n = out.len();
    let mut keep = vec![true; n];
    for i in 0..n {
        if out[i].kind == EventKind::EdgeEdge {
            continue;
        }
        for j in (i + 1)..n {
            if !same_time(&out[i], &out[j]) {
                break;
            }
            if out[j].kind == EventKind::EdgeEdge || !same_place(&out[i], &out[j]) {
                continue;
            }
            let (pi, pj) = (
                out[i].properness.unwrap_or(f64::NEG_INFINITY),
                out[j].properness.unwrap_or(f64::NEG_INFINITY),
            );
            if pj > pi {
                keep[i] = false;
            } else {
                keep[j] = false;
            }
        }
    }
    // EE crossings at an edge's end that a vertex-face contact resolved.
    for i in 0..n {
        if out[i].kind != EventKind::EdgeEdge || !out[i].at_end {
            continue;
        }
        let resolved = (0..n).any(|j| {
            keep[j]
                && out[j].kind != EventKind::EdgeEdge
                && same_time(&out[i], &out[j])
                && same_place(&out[i], &out[j])
        });
        if resolved {
            keep[i] = false;
        }
    }
    found.clear();
    found.extend(
        out.into_iter()
            .zip(keep)
            .filter(|(_, k)| *k)
            .map(|(f, _)| f),
    );
}

/// `q0(s) - p0` and `q1(s) - q0(s)` for the coplanarity of an edge of `a`
/// (`p0 p1`) and a moving edge of `b` (`q0 q1`).
pub(crate) fn coplanarity(screen: &Screen, p0: &V, p1: &V, q0: &V, q1: &V, s: f64) -> f64 {
    // One turn for both ends: `q1(s) - q0(s)` is the turned `q1 - q0`.
    let at = screen.at(s);
    let m0 = at.point(q0);
    let eb = at.dir(&sub(q1, q0));
    dot(&sub(&m0, p0), &cross(&sub(p1, p0), &eb))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roots_of_a_sinusoid_with_a_slope() {
        let f = |s: f64| (3.0 * s).sin() - 0.5 * s;
        let mut out = Vec::new();
        assert!(!roots_in(f, -0.1, 0.5, 8, 0.0, &mut out));
        assert_eq!(out.len(), 1);
        assert!(out[0].abs() < 1e-15);
        roots_in(f, 0.2, 2.0, 16, 0.0, &mut out);
        assert_eq!(out.len(), 1);
        assert!(f(out[0]).abs() < 1e-14, "{}", out[0]);
        assert!(roots_in(|_| 0.0, 0.0, 1.0, 4, 1e-12, &mut out));
        assert_eq!(out.len(), 5);
    }

    #[test]
    fn closed_form_plane_roots_agree_with_sampling() {
        let screen = Screen::Cylinder { theta: 1.3, g: 0.0 };
        let n = [0.6, 0.0, 0.8];
        let p = [0.3, 0.4, 2.0];
        let mut a = Vec::new();
        let mut b = Vec::new();
        for (d, dir) in [(1.5, 1.0), (0.9, -1.0), (-0.2, 1.0)] {
            plane_roots(&screen, &n, &p, d, dir, (-0.5, 2.0), 8, 1e-12, &mut a);
            roots_in(
                |s| dot(&n, &screen.flow(&p, dir * s)) - d,
                -0.5,
                2.0,
                64,
                1e-12,
                &mut b,
            );
            assert_eq!(a.len(), b.len(), "{d} {dir}: {a:?} {b:?}");
            for (x, y) in a.iter().zip(&b) {
                assert!((x - y).abs() < 1e-12, "{x} {y}");
            }
        }
        // A tangential touch: d at the maximum of n . R(x) p.
        let top = (0.6f64 * 0.3 + 0.8 * 2.0).hypot(0.6 * 2.0 - 0.8 * 0.3);
        plane_roots(&screen, &n, &p, top, 1.0, (-3.0, 3.0), 8, 1e-12, &mut a);
        assert!(!a.is_empty());
    }

    #[test]
    fn inside_closed_faces_and_their_boundary() {
        let v = [
            [0.0, 0.0, 0.0],
            [1.0, 0.0, 0.0],
            [1.0, 1.0, 0.0],
            [0.0, 1.0, 0.0],
        ];
        let f = [0, 1, 2, 3];
        let n = [0.0, 0.0, 1.0];
        assert!(inside_face(&[0.5, 0.5, 0.0], &v, &f, &n, 0.0));
        assert!(inside_face(&[1.0, 0.5, 0.0], &v, &f, &n, 1e-12));
        assert!(!inside_face(&[1.1, 0.5, 0.0], &v, &f, &n, 1e-12));
    }

    #[test]
    fn crossing_and_near_chords() {
        let (d, a, b) = chord_closest((0.0, 0.0), (1.0, 1.0), (0.0, 1.0), (1.0, 0.0));
        assert_eq!(d, 0.0);
        assert!((a - 0.5).abs() < 1e-15 && (b - 0.5).abs() < 1e-15);
        let (d, a, _) = chord_closest((0.0, 0.0), (1.0, 0.0), (2.0, 0.5), (2.0, -0.5));
        assert!((d - 1.0).abs() < 1e-15 && a == 1.0);
    }
}
