//! Projection to the collision screen (Buss, "Collision Detection with Glide Rotations", section 7) and the
//! third step of section 9: each (sub)edge is projected by divide and
//! conquer into a polyline on the screen, then rasterised into per-row
//! pixel records.
//!
//! **Screen coordinates.** In the axis frame (the glide axis is `y`), a
//! point at cylindrical coordinates `(r, ψ, y)` gets (`screen.rs`, the same
//! formulas, with the azimuth `ψ` taken inside the sector of the piece
//! being projected, so that doppeled copies get `ψ + 2π`):
//! `h = r (θ y - g ψ) / sqrt(r^2 θ^2 + g^2)`, `t = (r^2 θ ψ + g y) / (r^2
//! θ^2 + g^2)`. The screen's row coordinate is `u = r`, its column
//! coordinate `v = h`. When `r^2 θ^2 + g^2 = 0` (a point on the axis of a
//! pure rotation) the limits `h = y`, `t = ψ / θ` are used. For a pure
//! translation (`θ = 0`, section 7's last paragraph) the screen is the
//! plane `y = 0`: `u = x`, `v = z`, `t = y / g`.
//!
//! The flow moves every point's `t` by the elapsed step fraction and keeps
//! `(u, v)`, so a point of `b` with screen time `t_b` meets the point of `a`
//! with the same `(u, v)` and time `t_a` at the step fraction `t_a - t_b`
//! (`a` is at rest in the axis frame; section 6 halves the difference
//! because it moves both bodies).
//!
//! **Divide and conquer** (section 9, third step): an edge's projection is
//! a curve; its midpoint is projected and compared with the chord's
//! midpoint; the halves are recursed on until the chord is within half a
//! pixel in `(u, v)` and half the time resolution in `t`, or the piece is at
//! most one pixel long with a time change at most the time resolution.
//! The chords are then filled in pixel by pixel (a supercover traversal,
//! which plays the part of the paper's Bresenham step: every pixel a chord
//! touches is recorded, row by row).
#![allow(clippy::float_arithmetic)]

use std::f64::consts::TAU;

/// A point or vector in the axis frame.
pub(crate) type V = [f64; 3];

pub(crate) fn sub(a: &V, b: &V) -> V {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}
pub(crate) fn add(a: &V, b: &V) -> V {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}
pub(crate) fn dot(a: &V, b: &V) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}
pub(crate) fn cross(a: &V, b: &V) -> V {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}
pub(crate) fn norm(a: &V) -> f64 {
    dot(a, a).sqrt()
}
pub(crate) fn lerp(a: &V, b: &V, l: f64) -> V {
    [
        a[0] + (b[0] - a[0]) * l,
        a[1] + (b[1] - a[1]) * l,
        a[2] + (b[2] - a[2]) * l,
    ]
}

/// The collision screen of a glide with angle `θ >= 0` and slide `g` per
/// step about the `y` axis.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Screen {
    /// `θ = 0`: a translation by `g > 0` along `y`.
    Plane {
        /// The slide per step.
        g: f64,
    },
    /// `θ > 0`.
    Cylinder {
        /// Radians per step.
        theta: f64,
        /// Slide per step.
        g: f64,
    },
}

/// A range of azimuth, unwrapped (a doppeled copy lies `2π` higher).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Sector {
    /// Lowest `ψ`.
    pub lo: f64,
    /// Highest `ψ`.
    pub hi: f64,
}

impl Sector {
    /// The whole plane (translations).
    pub(crate) const ALL: Sector = Sector {
        lo: -std::f64::consts::PI,
        hi: std::f64::consts::PI,
    };
}

/// A point on the screen with its time.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct ScreenPt {
    /// Row coordinate (`r`, or `x` for a translation).
    pub u: f64,
    /// Column coordinate (`h`, or `z`).
    pub v: f64,
    /// Step fraction at which the point reaches the screen.
    pub t: f64,
}

impl Screen {
    /// The unwrapped azimuth of `p` inside `sector` (`ψ = atan2(x, z) + 2πk`
    /// with `k` putting it nearest the sector); the sector's middle on the
    /// axis.
    pub(crate) fn psi(p: &V, sector: &Sector) -> f64 {
        let r2 = p[0] * p[0] + p[2] * p[2];
        if r2 == 0.0 {
            return 0.5 * (sector.lo + sector.hi);
        }
        let mut psi = p[0].atan2(p[2]);
        let mid = 0.5 * (sector.lo + sector.hi);
        while psi < mid - std::f64::consts::PI {
            psi += TAU;
        }
        while psi > mid + std::f64::consts::PI {
            psi -= TAU;
        }
        psi
    }

    /// Screen coordinates of `p`, its azimuth taken in `sector`.
    pub(crate) fn project(&self, p: &V, sector: &Sector) -> ScreenPt {
        self.project_with_psi(p, sector).0
    }

    /// [`Screen::project`] and the azimuth `ψ` used ([`Screen::psi`]; 0 on
    /// the plane screen).
    #[inline]
    pub(crate) fn project_with_psi(&self, p: &V, sector: &Sector) -> (ScreenPt, f64) {
        match *self {
            Screen::Plane { g } => (
                ScreenPt {
                    u: p[0],
                    v: p[2],
                    t: p[1] / g,
                },
                0.0,
            ),
            Screen::Cylinder { theta, g } => {
                let r2 = p[0] * p[0] + p[2] * p[2];
                let r = r2.sqrt();
                let psi = Self::psi(p, sector);
                let l2 = r2 * theta * theta + g * g;
                let sp = if l2 > 0.0 {
                    ScreenPt {
                        u: r,
                        v: r * (theta * p[1] - g * psi) / l2.sqrt(),
                        t: (r2 * theta * psi + g * p[1]) / l2,
                    }
                } else {
                    ScreenPt {
                        u: 0.0,
                        v: p[1],
                        t: psi / theta,
                    }
                };
                (sp, psi)
            }
        }
    }

    /// [`Screen::project`]'s `u` and `v` of `p` under a pure rotation
    /// (`g = 0`, where they do not depend on the azimuth), computed as it
    /// computes them, with `t` left NaN (no `atan2`); `None` on another
    /// screen or on the axis.
    #[inline]
    pub(crate) fn project_without_time(&self, p: &V) -> Option<ScreenPt> {
        match *self {
            Screen::Cylinder { theta, g } if g == 0.0 => {
                let r2 = p[0] * p[0] + p[2] * p[2];
                let l2 = r2 * theta * theta + g * g;
                (l2 > 0.0).then(|| {
                    let r = r2.sqrt();
                    ScreenPt {
                        u: r,
                        v: r * (theta * p[1] - 0.0) / l2.sqrt(),
                        t: f64::NAN,
                    }
                })
            }
            _ => None,
        }
    }

    /// The position of `p` after the flow has run for the step fraction
    /// `s` (negative `s`: the inverse flow, which moves `a` as seen from
    /// `b`): `R_y(θ s) p + g s e_y`.
    pub(crate) fn flow(&self, p: &V, s: f64) -> V {
        self.at(s).point(p)
    }

    /// Rotates a direction by the flow over `s` (no slide).
    pub(crate) fn turn(&self, d: &V, s: f64) -> V {
        self.at(s).dir(d)
    }

    /// The flow over the step fraction `s`, its rotation's sine and cosine
    /// computed once for every point and direction it moves.
    #[inline]
    pub(crate) fn at(&self, s: f64) -> FlowAt {
        match *self {
            Screen::Plane { g } => FlowAt {
                sn: 0.0,
                cs: 1.0,
                slide: g * s,
                turns: false,
            },
            Screen::Cylinder { theta, g } => {
                let (sn, cs) = (theta * s).sin_cos();
                FlowAt {
                    sn,
                    cs,
                    slide: g * s,
                    turns: true,
                }
            }
        }
    }

    /// The step-fraction window in which a point at azimuth `psi` moving
    /// with direction `dir` (`+1`: the flow, `-1`: its inverse) is inside
    /// `sector`, intersected with `[lo, hi]`; `None` when empty.
    pub(crate) fn window(
        &self,
        psi: f64,
        dir: f64,
        sector: &Sector,
        lo: f64,
        hi: f64,
    ) -> Option<(f64, f64)> {
        let (a, b) = match *self {
            Screen::Plane { .. } => (lo, hi),
            Screen::Cylinder { theta, .. } => {
                let (x, y) = (
                    dir * (sector.lo - psi) / theta,
                    dir * (sector.hi - psi) / theta,
                );
                (x.min(y).max(lo), x.max(y).min(hi))
            }
        };
        (a <= b).then_some((a, b))
    }
}

/// The flow over one step fraction ([`Screen::at`]): `R_y(θ s)` and the
/// slide `g s`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct FlowAt {
    sn: f64,
    cs: f64,
    slide: f64,
    /// `false` on the plane screen (a translation: no rotation).
    turns: bool,
}

impl FlowAt {
    /// The moved point `R_y(θ s) p + g s e_y`.
    #[inline]
    pub(crate) fn point(&self, p: &V) -> V {
        if self.turns {
            let (sn, cs) = (self.sn, self.cs);
            [
                p[0] * cs + p[2] * sn,
                p[1] + self.slide,
                -p[0] * sn + p[2] * cs,
            ]
        } else {
            [p[0], p[1] + self.slide, p[2]]
        }
    }

    /// The turned direction `R_y(θ s) d`.
    #[inline]
    pub(crate) fn dir(&self, d: &V) -> V {
        if self.turns {
            let (sn, cs) = (self.sn, self.cs);
            [d[0] * cs + d[2] * sn, d[1], -d[0] * sn + d[2] * cs]
        } else {
            *d
        }
    }
}

/// A chord of a projected edge: screen ends, the edge parameters of its
/// ends, and the boundary edge it belongs to.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Seg {
    /// Start on the screen.
    pub a: ScreenPt,
    /// End on the screen.
    pub b: ScreenPt,
    /// Edge parameter at `a` (0 at the boundary edge's start).
    pub lam0: f64,
    /// Edge parameter at `b`.
    pub lam1: f64,
    /// Index of the boundary edge (into the run's boundary-edge list).
    pub edge: u32,
}

/// Tolerances of the divide and conquer.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Resolution {
    /// Distance between pixels.
    pub pixel: f64,
    /// Time resolution, in step fractions.
    pub time: f64,
}

const MAX_DEPTH: u32 = 14;

/// Projects the segment `p q` (in `sector`) to chords appended to `out`.
#[allow(clippy::too_many_arguments)]
#[cfg(test)]
pub(crate) fn project_edge(
    screen: &Screen,
    sector: &Sector,
    p: &V,
    q: &V,
    res: &Resolution,
    edge: u32,
    out: &mut Vec<Seg>,
) {
    let sp = screen.project(p, sector);
    let sq = screen.project(q, sector);
    project_edge_from(screen, sector, (p, sp), (q, sq), res, edge, out);
}

/// [`project_edge`] with the ends' screen points given (a piece's corners
/// are projected once and shared by the two sides meeting there).
pub(crate) fn project_edge_from(
    screen: &Screen,
    sector: &Sector,
    (p, sp): (&V, ScreenPt),
    (q, sq): (&V, ScreenPt),
    res: &Resolution,
    edge: u32,
    out: &mut Vec<Seg>,
) {
    // A side with one end on the axis lies in the half-plane through the
    // axis and its other end (`p + λ (q - p)` has the azimuth of `q` for
    // every `λ > 0` when `p` is on the axis), so under a pure rotation
    // (`t = ψ / θ`) its time is the other end's all along; the axis end's
    // own azimuth is arbitrary (`atan2` of rounding noise, or the sector's
    // middle). Taking the limit keeps the divide and conquer from chasing
    // that noise to its depth limit (15 chords for a straight cut side
    // from the axis, where 1 suffices). "On the axis": within `1e-9`
    // pixels of it.
    let (mut sp, mut sq) = (sp, sq);
    if matches!(*screen, Screen::Cylinder { g, .. } if g == 0.0) {
        let on_axis = 1e-9 * res.pixel;
        if sp.u <= on_axis && sq.u > on_axis {
            sp.t = sq.t;
        } else if sq.u <= on_axis && sp.u > on_axis {
            sq.t = sp.t;
        }
    }
    split(
        screen,
        sector,
        p,
        q,
        (0.0, sp),
        (1.0, sq),
        res,
        edge,
        0,
        out,
    );
}

#[allow(clippy::too_many_arguments)]
fn split(
    screen: &Screen,
    sector: &Sector,
    p: &V,
    q: &V,
    (l0, s0): (f64, ScreenPt),
    (l1, s1): (f64, ScreenPt),
    res: &Resolution,
    edge: u32,
    depth: u32,
    out: &mut Vec<Seg>,
) {
    let (du, dv, dt) = (s1.u - s0.u, s1.v - s0.v, s1.t - s0.t);
    let short = du.abs().max(dv.abs()) <= res.pixel && dt.abs() <= res.time;
    let leaf = |out: &mut Vec<Seg>| {
        out.push(Seg {
            a: s0,
            b: s1,
            lam0: l0,
            lam1: l1,
            edge,
        })
    };
    // A short piece or the depth limit ends the recursion without
    // projecting the midpoint.
    if depth >= MAX_DEPTH || short {
        leaf(out);
        return;
    }
    let lm = 0.5 * (l0 + l1);
    let pm = lerp(p, q, lm);
    // Under a pure rotation (`g = 0`, `t = ψ / θ`) the azimuth along a
    // segment off the axis inside a sector (at most a quarter turn) is
    // monotone, so the midpoint's time lies between the ends' and is within
    // half the time resolution of theirs when the chord's time change is at
    // most the resolution: its `atan2` is then taken only if the halves are
    // recursed on (the decision is the one the projected time gives).
    let time_between = matches!(*screen, Screen::Cylinder { g, .. } if g == 0.0)
        && s0.u > 0.0
        && s1.u > 0.0
        && dt.abs() <= res.time;
    let (sm, timed) = match (time_between, screen.project_without_time(&pm)) {
        (true, Some(sm)) => (sm, false),
        _ => (screen.project(&pm, sector), true),
    };
    let off_pos = (sm.u - 0.5 * (s0.u + s1.u))
        .abs()
        .max((sm.v - 0.5 * (s0.v + s1.v)).abs());
    let time_ok = !timed || (sm.t - 0.5 * (s0.t + s1.t)).abs() <= 0.5 * res.time;
    if off_pos <= 0.5 * res.pixel && time_ok {
        leaf(out);
        return;
    }
    let sm = if timed {
        sm
    } else {
        screen.project(&pm, sector)
    };
    split(
        screen,
        sector,
        p,
        q,
        (l0, s0),
        (lm, sm),
        res,
        edge,
        depth + 1,
        out,
    );
    split(
        screen,
        sector,
        p,
        q,
        (lm, sm),
        (l1, s1),
        res,
        edge,
        depth + 1,
        out,
    );
}

/// `x.floor() as i64` for finite `x` (saturating), `None` otherwise;
/// without a call to the C library's `floor` (the baseline x86-64 target
/// has no rounding instruction).
#[inline]
pub(crate) fn floor_index(x: f64) -> Option<i64> {
    if !x.is_finite() {
        return None;
    }
    let t = x as i64;
    Some(if (t as f64) > x {
        t.saturating_sub(1)
    } else {
        t
    })
}

/// `floor_index(x / pixel)`, the same integer, by a multiplication with
/// `inv = 1 / pixel` (rounded) wherever that cannot change it: `x * inv`
/// and the rounded `x / pixel` are both within `3 * 2^-53 |x / pixel|` of
/// the true quotient, so their floors agree unless an integer lies within
/// that of `x * inv`; there (and for quotients beyond `2^50`) the division
/// decides.
#[inline]
pub(crate) fn floor_quotient(x: f64, pixel: f64, inv: f64) -> Option<i64> {
    let q = x * inv;
    // Below 2^50 in size the truncation is exact and its correction cannot
    // overflow; NaN and infinities fail the size test. Straight-line code:
    // the conditions are combined without short-circuit branches.
    let t = q as i64;
    let f = t.wrapping_sub(i64::from((t as f64) > q));
    let frac = q - f as f64;
    let margin = 8.0 * f64::EPSILON * (1.0 + q.abs());
    if (q.abs() < (1u64 << 50) as f64) & (frac > margin) & (1.0 - frac > margin) {
        Some(f)
    } else {
        floor_index(x / pixel)
    }
}

/// The part of a chord inside one pixel row: `(chord, row, vmin, vmax)`.
pub(crate) type ChordRow = (u32, i32, f64, f64);

/// The pixel rows a chord crosses, and in each row the `v` range of the
/// part of the chord inside the row's band `[row D, (row + 1) D)`:
/// `(chord, row, vmin, vmax)` appended to `out` in row order (one reserve
/// per chord, no call per row).
pub(crate) fn rasterise(seg: &Seg, pixel: f64, chord: u32, out: &mut Vec<ChordRow>) {
    let (u0, v0, u1, v1) = (seg.a.u, seg.a.v, seg.b.u, seg.b.v);
    let (Some(r0), Some(r1)) = (
        floor_index(u0.min(u1) / pixel),
        floor_index(u0.max(u1) / pixel),
    ) else {
        return;
    };
    let du = u1 - u0;
    if r0 == r1 || du == 0.0 {
        let (vmin, vmax) = (v0.min(v1), v0.max(v1));
        out.extend((r0..=r1).map(|row| (chord, row as i32, vmin, vmax)));
        return;
    }
    let inv = 1.0 / du;
    out.extend((r0..=r1).map(|row| {
        let band_lo = row as f64 * pixel;
        let a = ((band_lo - u0) * inv).clamp(0.0, 1.0);
        let b = ((band_lo + pixel - u0) * inv).clamp(0.0, 1.0);
        let (va, vb) = (v0 + (v1 - v0) * a, v0 + (v1 - v0) * b);
        (chord, row as i32, va.min(vb), va.max(vb))
    }));
}

#[cfg(test)]
mod tests;
