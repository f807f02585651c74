//! The geometry of one query (the SGM paper, sections IV-A and IV-C;
//! module docs, "Relative motion in `f64`", "Shared products" and "Common
//! factors"): each body's motion on pool polynomials, `b` in the frame of
//! `a`, the base polynomials every inner value is made of, the 15 plane
//! directions and the planes of a sign pattern.
#![allow(clippy::float_arithmetic)]

use super::arena::{Decline, Pool, P};
use super::{finite, to_f64, SolveStop};
use crate::motion::{Body, Motion};
use crate::scalar::Sign;
use crate::solver::sgm::planes::{PlaneAxis, PlaneId};
use crate::solver::sgm::unit_f64;
use crate::Error;

/// One body as `x = rot(t) y / s(t) + C(t) / d(t)` with `rot^T rot = s^2
/// I` (module docs, "Relative motion in `f64`").
pub(super) struct RigidF64 {
    /// Rows of the homogeneous rotation.
    pub(super) rot: [[P; 3]; 3],
    pub(super) s: P,
    pub(super) centre: [P; 3],
    pub(super) d: P,
}

impl RigidF64 {
    pub(super) fn from_body(body: &Body, pool: &mut Pool) -> Result<RigidF64, Decline> {
        let pose = &body.pose;
        let rows = |pool: &mut Pool| -> Result<[[P; 3]; 3], Decline> {
            let r: [[f64; 3]; 3] =
                std::array::from_fn(|i| std::array::from_fn(|j| to_f64(&pose.rotation.rows[i][j])));
            let r = r.map(finite).into_iter().collect::<Result<Vec<_>, _>>()?;
            Ok(std::array::from_fn(|i| pool.constants(r[i])))
        };
        let position: Result<[f64; 3], Decline> =
            finite(std::array::from_fn(|k| to_f64(&pose.translation[k])));
        match &body.motion {
            Motion::Static => {
                let rot = rows(pool)?;
                Ok(RigidF64 {
                    rot,
                    s: pool.constant(1.0),
                    centre: pool.constants(position?),
                    d: pool.constant(1.0),
                })
            }
            Motion::Linear { velocity } => {
                let p = position?;
                let v: [f64; 3] = finite(std::array::from_fn(|k| to_f64(&velocity[k])))?;
                let rot = rows(pool)?;
                let centre = std::array::from_fn(|k| {
                    let start = pool.len();
                    pool.push_clean(p[k], p[k].abs());
                    pool.push_clean(v[k], v[k].abs());
                    pool.seal(start)
                });
                Ok(RigidF64 {
                    rot,
                    s: pool.constant(1.0),
                    centre,
                    d: pool.constant(1.0),
                })
            }
            Motion::Rational {
                quaternion,
                translation,
                denominator,
            } => {
                let mut q = [P::ZERO; 4];
                for (qi, p) in q.iter_mut().zip(quaternion) {
                    *qi = pool.push_rational(p)?;
                }
                let mut centre = [P::ZERO; 3];
                for (k, c) in centre.iter_mut().enumerate() {
                    *c = pool.push_rational(&translation[k])?;
                }
                let (rot, s) = quaternion_rotation(pool, &q)?;
                Ok(RigidF64 {
                    rot,
                    s,
                    centre,
                    d: pool.push_rational(denominator)?,
                })
            }
            _ => Err(Decline),
        }
    }
}

/// `rot(q)` and `|q|^2` for `q = (w, x, y, z)`: the project's
/// [`quaternion_rotation_homogeneous`](crate::geom::quaternion_rotation_homogeneous),
/// on pool polynomials.
pub(super) fn quaternion_rotation(
    pool: &mut Pool,
    q: &[P; 4],
) -> Result<([[P; 3]; 3], P), Decline> {
    let [w, x, y, z] = *q;
    let mut sq =
        |s: [f64; 4]| pool.products(&[(s[0], w, w), (s[1], x, x), (s[2], y, y), (s[3], z, z)]);
    let diagonal = [
        sq([1.0, 1.0, -1.0, -1.0])?,
        sq([1.0, -1.0, 1.0, -1.0])?,
        sq([1.0, -1.0, -1.0, 1.0])?,
    ];
    let s = sq([1.0; 4])?;
    let mut twice = |u: P, v: P, k: f64, p: P, q: P| pool.products(&[(2.0, u, v), (k, p, q)]);
    let rot = [
        [
            diagonal[0],
            twice(x, y, -2.0, w, z)?,
            twice(x, z, 2.0, w, y)?,
        ],
        [
            twice(x, y, 2.0, w, z)?,
            diagonal[1],
            twice(y, z, -2.0, w, x)?,
        ],
        [
            twice(x, z, -2.0, w, y)?,
            twice(y, z, 2.0, w, x)?,
            diagonal[2],
        ],
    ];
    Ok((rot, s))
}

/// `b` in the frame of `a`: `(L, T, w)` with `w > 0` at `t0` (module
/// docs), and `T` and `w` divided by `s_b > 0` (module docs, "Common
/// factors").
pub(super) struct Relative {
    /// `l[k][j]`: component `k` of `b`'s axis `U_j`.
    pub(super) l: [[P; 3]; 3],
    pub(super) t: [P; 3],
    pub(super) w: P,
    /// `T / s_b = rot_a^T (C_b d_a - C_a d_b)`.
    pub(super) t_per_sb: [P; 3],
    /// `w / s_b = s_a d_a d_b`.
    pub(super) w_per_sb: P,
}

/// `sum_k x_k y_k`.
pub(super) fn dot(pool: &mut Pool, x: &[P; 3], y: &[P; 3]) -> Result<P, Decline> {
    pool.products(&[(1.0, x[0], y[0]), (1.0, x[1], y[1]), (1.0, x[2], y[2])])
}

pub(super) fn relative(
    pool: &mut Pool,
    a: &RigidF64,
    b: &RigidF64,
    t0: f64,
    t1: f64,
) -> Result<Relative, Decline> {
    let dd = pool.mul(a.d, b.d)?;
    let col = |m: &[[P; 3]; 3], j: usize| [m[0][j], m[1][j], m[2][j]];
    let mut l = [[P::ZERO; 3]; 3];
    for (i, row) in l.iter_mut().enumerate() {
        for (j, x) in row.iter_mut().enumerate() {
            let acc = dot(pool, &col(&a.rot, i), &col(&b.rot, j))?;
            *x = pool.mul(acc, dd)?;
        }
    }
    let mut diff = [P::ZERO; 3];
    for (k, x) in diff.iter_mut().enumerate() {
        *x = pool.products(&[(1.0, b.centre[k], a.d), (-1.0, a.centre[k], b.d)])?;
    }
    let mut t_per_sb = [P::ZERO; 3];
    let mut t = [P::ZERO; 3];
    for (i, (x, y)) in t.iter_mut().zip(&mut t_per_sb).enumerate() {
        *y = dot(pool, &col(&a.rot, i), &diff)?;
        *x = pool.mul(*y, b.s)?;
    }
    let w_per_sb = pool.mul(a.s, dd)?;
    let w = pool.mul(w_per_sb, b.s)?;
    // Orient: `w > 0` on the interval (the contract's denominators do not
    // vanish there; `s_a s_b > 0`).
    let mut sign = pool.sign_at(w, t0);
    if sign == Sign::Zero {
        sign = pool.sign_at(w, t0 + (t1 - t0) / 2.0);
    }
    match sign {
        Sign::Positive => Ok(Relative {
            l,
            t,
            w,
            t_per_sb,
            w_per_sb,
        }),
        Sign::Negative => Ok(Relative {
            l: l.map(|row| row.map(|p| pool.neg(p))),
            t: t.map(|p| pool.neg(p)),
            w: pool.neg(w),
            t_per_sb: t_per_sb.map(|p| pool.neg(p)),
            w_per_sb: pool.neg(w_per_sb),
        }),
        Sign::Zero => Err(Decline),
    }
}

/// Indices of the distinct polynomials the inner values are made of
/// ([`Geometry::bases`]): every inner value of a direction is `+-` one of
/// them (module docs, "Shared products"). `w'` is `w / s_b`.
pub(super) const BASE_ZERO: usize = 0;
/// `w`.
pub(super) const BASE_W: usize = 1;
/// `w' w`.
pub(super) const BASE_WW: usize = 2;
/// `L[k][j]` at `BASE_L + 3 k + j`.
pub(super) const BASE_L: usize = 3;
/// `w' L[k][j]` at `BASE_WL + 3 k + j`.
pub(super) const BASE_WL: usize = 12;
/// The number of base polynomials.
pub(super) const BASES: usize = 21;

/// The data of one plane direction, as [`AxisData`]: `D_{+-n} = sum_k
/// coef_k sigma_k inner_k -+ center`, where inner value `k` is
/// `bases[base[k]]`, negated when `negated[k]`. For `VF` directions all of
/// `inner` and `center` are divided by `w > 0` (module docs).
#[derive(Clone, Copy)]
pub(super) struct Axis {
    /// `n` vanishes identically (parallel edges for the whole motion).
    pub(super) vanishes: bool,
    pub(super) coef: [f64; 6],
    pub(super) base: [usize; 6],
    pub(super) negated: [bool; 6],
    pub(super) center: P,
}

/// The geometry of one query: the relative motion, `b`'s axes, the
/// shared base polynomials and the 15 plane directions (`planes.rs`,
/// `axis_data`).
pub(super) struct Geometry {
    pub(super) rel: Relative,
    /// `u[j]`: `b`'s axis `U_j` (column `j` of `L`).
    pub(super) u: [[P; 3]; 3],
    /// The distinct inner values, up to sign (`BASE_*`).
    pub(super) bases: [P; BASES],
    pub(super) axes: [Axis; 15],
}

/// The 15 directions from `L`, `T` and `w` (module docs, "Shared
/// products" and "Common factors"). With `rot^T rot = s^2 I` for both
/// bodies, `b`'s face normals are `N_j = U_{j+1} x U_{j+2} = w U_j` and
/// `det L = w^3`; `T = s_b T'` and `w = s_b w'` with `s_b > 0`. So
///
/// * `FV` (`n = e_i`): inner `(w e_i, L[i][0..3])`, centre `T_i`;
/// * `VF` (`n = N_j`, divided by `w s_b`): inner `(w' U_j, w' w
///   delta_jm)`, centre `U_j . T'`;
/// * `EE` (`n = e_i x U_j`, divided by `s_b`): inner `w' n = +-w' L[.][j]`,
///   `n . U_m / s_b = e_i . (U_j x U_m) / s_b` (`0`, `w' L[i][j+2]`, `-w'
///   L[i][j+1]` for `m = j, j+1, j+2`), centre `(U_j x T')_i`.
pub(super) fn geometry(
    pool: &mut Pool,
    rel: Relative,
    e: [f64; 3],
    f: [f64; 3],
) -> Result<Geometry, SolveStop> {
    let u: [[P; 3]; 3] = std::array::from_fn(|j| std::array::from_fn(|k| rel.l[k][j]));
    let (w, wr) = (rel.w, rel.w_per_sb);
    let ww = pool.mul(wr, w)?;
    // `det L = w^3` vanishes only with `w`, which `relative` declines;
    // kept as the generic solve's refusal.
    if ww.is_zero() {
        return Err(SolveStop::Error(Error::not_applicable(
            "sgm: the relative motion is singular (a box is flattened)".to_string(),
        )));
    }
    let mut bases = [P::ZERO; BASES];
    bases[BASE_W] = w;
    bases[BASE_WW] = ww;
    for k in 0..3 {
        for j in 0..3 {
            bases[BASE_L + 3 * k + j] = rel.l[k][j];
            bases[BASE_WL + 3 * k + j] = pool.mul(wr, rel.l[k][j])?;
        }
    }
    let l_at = |k: usize, j: usize| BASE_L + 3 * k + j;
    let wl_at = |k: usize, j: usize| BASE_WL + 3 * k + j;
    let coef = [e[0], e[1], e[2], f[0], f[1], f[2]];
    let mut axes = [Axis {
        vanishes: true,
        coef,
        base: [BASE_ZERO; 6],
        negated: [false; 6],
        center: P::ZERO,
    }; 15];
    for (k, slot) in axes.iter_mut().enumerate() {
        let axis = PlaneAxis::from_index(k);
        let mut base = [BASE_ZERO; 6];
        let mut negated = [false; 6];
        let center = match axis {
            PlaneAxis::FaceA(i) => {
                base[i] = BASE_W;
                for m in 0..3 {
                    base[3 + m] = l_at(i, m);
                }
                rel.t[i]
            }
            PlaneAxis::FaceB(j) => {
                for (m, slot) in base.iter_mut().take(3).enumerate() {
                    *slot = wl_at(m, j);
                }
                base[3 + j] = BASE_WW;
                dot(pool, &u[j], &rel.t_per_sb)?
            }
            PlaneAxis::EdgeEdge(i, j) => {
                let (i1, i2) = ((i + 1) % 3, (i + 2) % 3);
                // w' (e_i x U_j): component i1 is -w' U_j[i2], i2 is w' U_j[i1]
                base[i1] = wl_at(i2, j);
                negated[i1] = true;
                base[i2] = wl_at(i1, j);
                // n . U_m = e_i . (U_j x U_m) (planes.rs, `axis_data`)
                let (j1, j2) = ((j + 1) % 3, (j + 2) % 3);
                base[3 + j1] = wl_at(i, j2);
                base[3 + j2] = wl_at(i, j1);
                negated[3 + j2] = true;
                // (U_j x T')_i
                pool.products(&[
                    (1.0, u[j][i1], rel.t_per_sb[i2]),
                    (-1.0, u[j][i2], rel.t_per_sb[i1]),
                ])?
            }
        };
        *slot = Axis {
            vanishes: base[..3].iter().all(|&b| bases[b].is_zero()),
            coef,
            base,
            negated,
            center,
        };
    }
    Ok(Geometry {
        rel,
        u,
        bases,
        axes,
    })
}

/// The world normal of plane `id` at `t`: `n` in `a`'s frame turned by
/// `rot_a(t)` (a positive multiple of `a`'s rotation), unit.
pub(super) fn world_normal(
    pool: &Pool,
    g: &Geometry,
    a: &RigidF64,
    id: PlaneId,
    t: f64,
) -> Option<[f64; 3]> {
    let ev = |p: &P| pool.eval(*p, t);
    let local: [f64; 3] = match id.axis {
        PlaneAxis::FaceA(i) => std::array::from_fn(|k| if k == i { 1.0 } else { 0.0 }),
        // `N_j = w U_j`, `w > 0`
        PlaneAxis::FaceB(j) => g.u[j].each_ref().map(ev),
        PlaneAxis::EdgeEdge(i, j) => {
            let v = g.u[j].each_ref().map(ev);
            match i {
                0 => [0.0, -v[2], v[1]],
                1 => [v[2], 0.0, -v[0]],
                _ => [-v[1], v[0], 0.0],
            }
        }
    };
    let s = if id.positive { 1.0 } else { -1.0 };
    let world: [f64; 3] = std::array::from_fn(|r| {
        (0..3)
            .map(|k| pool.eval(a.rot[r][k], t) * local[k] * s)
            .sum()
    });
    unit_f64(world)
}

/// The planes `D_{+n}`, `D_{-n}` of direction `k_ax` for the base signs of
/// an interval: from `cache` when its pattern is the one cached (a
/// direction's planes depend on the interval only through the pattern),
/// else built and cached.
pub(super) fn axis_planes(
    pool: &mut Pool,
    g: &Geometry,
    k_ax: usize,
    base_sign: &[Sign; BASES],
    cache: &mut Option<([Sign; 6], [P; 2])>,
) -> [P; 2] {
    let ax = &g.axes[k_ax];
    let pattern: [Sign; 6] = std::array::from_fn(|m| base_sign[ax.base[m]]);
    if let Some((p, built)) = cache {
        if *p == pattern {
            return *built;
        }
    }
    let mut terms = [(0.0, P::ZERO); 6];
    let mut nt = 0;
    for ((sign, &coef), &base) in pattern.iter().zip(&ax.coef).zip(&ax.base) {
        let k = match sign {
            Sign::Positive => coef,
            Sign::Negative => -coef,
            Sign::Zero => continue,
        };
        terms[nt] = (k, g.bases[base]);
        nt += 1;
    }
    let built = pool.plane_pair(&terms[..nt], ax.center);
    *cache = Some((pattern, built));
    built
}
