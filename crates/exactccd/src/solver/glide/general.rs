//! General screws (rotation and a slide, Buss Buss, "Collision Detection with Glide Rotations" section 4.1) in the
//! exact path: every event function is `F(σ) = P(σ) + c ρ(σ) S(σ)` with
//! polynomials `P`, `S`, the rational slide coefficient `c = (k . τ)/(k .
//! k)` (the full step's slide is `c k`) and the time fraction `ρ(σ) =
//! atan(σ|k|) / atan(σ_end|k|)`: the slide grows in proportion to the
//! angle. `F` is transcendental, so its roots are isolated by certified
//! interval arithmetic (`enclosure.rs`): a sub-interval where the interval
//! value of `F` excludes 0 has no root; one where the interval derivative
//! excludes 0 and the end values have opposite certified signs has exactly
//! one root; anything else is bisected, to a depth limit. A root the
//! interval arithmetic cannot isolate (a tangential double root) or an
//! inside condition that stays undecided at the root (a contact exactly on
//! a feature's boundary) is reported as a limit, not guessed.
//!
//! With `X(σ) = N(σ)/D(σ) + c ρ(σ) k` the position of a moving point
//! (`N`, `D` of the rotation path), the functions are those of `events.rs`
//! with the slide split off: for a vertex and a face plane `n . X = n .
//! u0`: `P = n . N - (n . u0) D`, `S = D (n . k)`; for an edge pair `W =
//! N0 - P0 D + c ρ D k`, `Eb = N1 - N0` (the slide cancels), and so on.
#![deny(clippy::float_arithmetic)]

use super::enclosure::{atan_interval, sqrt_interval, Interval};
use super::events::{EventKind, PathPolys, PlacedSolid};
use crate::geom::Vec3;
use crate::poly::{isolate_roots, Poly, RealAlgebraic};
use crate::scalar::BigRational;
use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};

/// `F(σ) = P(σ) + c ρ(σ) S(σ)` (module docs); `c` lives in [`Mixed`].
#[derive(Clone, Debug)]
pub struct MixedFn {
    /// `P`.
    pub p: Poly<BigRational>,
    /// `S`.
    pub s: Poly<BigRational>,
}

/// The constants of a general screw's event functions.
#[derive(Clone, Debug)]
pub struct Mixed {
    /// `c`: the full step's slide is `c k`.
    pub c: BigRational,
    /// `|k|^2`.
    pub kk: BigRational,
    /// `σ` at `t1`.
    pub sigma_end: BigRational,
    /// Working precision, bits.
    pub g: u64,
    k: Interval,
    total: Interval,
}

fn round(iv: Interval, g: u64) -> Interval {
    iv.round(g)
}

impl Mixed {
    /// The constants for slide coefficient `c`, axis `|k|^2` and `σ_end`.
    pub fn new(c: BigRational, kk: BigRational, sigma_end: BigRational, g: u64) -> Self {
        let k = sqrt_interval(&kk, g + 8);
        let end = Interval::new(&sigma_end * &k.lo, &sigma_end * &k.hi);
        let total = atan_interval(&end, g + 8);
        Mixed {
            c,
            kk,
            sigma_end,
            g,
            k,
            total,
        }
    }

    /// `ρ` over `[a, b]` (`0 <= a <= b`): increasing.
    pub fn rho(&self, iv: &Interval) -> Interval {
        let lo = atan_interval(&Interval::point(&iv.lo * &self.k.lo), self.g).lo;
        let hi = atan_interval(&Interval::point(&iv.hi * &self.k.hi), self.g).hi;
        let a = Interval::new(lo.max(BigRational::zero()), hi);
        a.div(&self.total).map_or(a.clone(), |x| round(x, self.g))
    }

    /// `ρ'(σ) = |k| / ((1 + σ^2 |k|^2) atan(σ_end |k|))` over `[a, b]`.
    fn rho_prime(&self, iv: &Interval) -> Interval {
        let sq = poly_interval(
            &Poly::from_coeffs(vec![
                BigRational::one(),
                BigRational::zero(),
                self.kk.clone(),
            ]),
            iv,
            self.g,
        );
        let den = sq.mul(&self.total);
        self.k
            .div(&den)
            .map(|x| round(x, self.g))
            .unwrap_or_else(|| Interval::new(-big(), big()))
    }

    /// `ρ` at the path's ends, exactly: `0` at `σ = 0`, `1` at `σ_end`.
    fn rho_at_end(&self, sigma: &BigRational) -> Option<BigRational> {
        if sigma.is_zero() {
            Some(BigRational::zero())
        } else if *sigma == self.sigma_end {
            Some(BigRational::one())
        } else {
            None
        }
    }

    /// `F` over `[a, b]`; exactly at `σ = 0` and at `σ_end`, where `ρ` is
    /// rational (so a root exactly at an end has the certain sign zero).
    pub fn eval(&self, f: &MixedFn, iv: &Interval) -> Interval {
        if iv.lo == iv.hi {
            if let Some(rho) = self.rho_at_end(&iv.lo) {
                let slide = &self.c * rho * f.s.eval(&iv.lo);
                return Interval::point(f.p.eval(&iv.lo) + slide);
            }
        }
        let p = poly_interval(&f.p, iv, self.g);
        if f.s.is_zero() || self.c.is_zero() {
            return p;
        }
        let s = poly_interval(&f.s, iv, self.g);
        round(p.add(&self.rho(iv).mul(&s).scale(&self.c)), self.g)
    }

    /// `F'` over `[a, b]`.
    fn derivative(&self, f: &MixedFn, iv: &Interval) -> Interval {
        let dp = poly_interval(&f.p.derivative(), iv, self.g);
        if f.s.is_zero() || self.c.is_zero() {
            return dp;
        }
        let s = poly_interval(&f.s, iv, self.g);
        let ds = poly_interval(&f.s.derivative(), iv, self.g);
        let mixed = self.rho_prime(iv).mul(&s).add(&self.rho(iv).mul(&ds));
        round(dp.add(&mixed.scale(&self.c)), self.g)
    }
}

fn big() -> BigRational {
    BigRational::from_integer(BigInt::one() << 200)
}

/// Horner's rule in rational interval arithmetic, rounded outward.
pub fn poly_interval(p: &Poly<BigRational>, iv: &Interval, g: u64) -> Interval {
    let mut acc = Interval::point(BigRational::zero());
    for c in p.coeffs().iter().rev() {
        acc = round(acc.mul(iv).add(&Interval::point(c.clone())), g + 8);
    }
    acc
}

/// The sign of an interval, when certain.
fn certain_sign(iv: &Interval) -> Option<i8> {
    if iv.lo.is_positive() {
        Some(1)
    } else if iv.hi.is_negative() {
        Some(-1)
    } else if iv.lo.is_zero() && iv.hi.is_zero() {
        Some(0)
    } else {
        None
    }
}

/// Why a general-screw computation gave up.
pub type Undecided = String;

const MAX_DEPTH: u32 = 80;

/// Intervals `[a, b]` of `[lo, hi]` each holding exactly one root of `f`
/// (or a point interval at an exact root), in increasing order.
fn isolate_brackets(
    m: &Mixed,
    f: &MixedFn,
    lo: &BigRational,
    hi: &BigRational,
) -> Result<Vec<Interval>, Undecided> {
    let mut out = Vec::new();
    let mut stack = vec![(Interval::new(lo.clone(), hi.clone()), 0u32)];
    let mut work = 0usize;
    while let Some((iv, depth)) = stack.pop() {
        crate::budget::check().map_err(|e| e.to_string())?;
        work += 1;
        if work > 200_000 {
            return Err("too many sub-intervals isolating a general screw's event".to_string());
        }
        let v = m.eval(f, &iv);
        if v.lo.is_positive() || v.hi.is_negative() {
            continue;
        }
        let fa = certain_sign(&m.eval(f, &Interval::point(iv.lo.clone())));
        let fb = certain_sign(&m.eval(f, &Interval::point(iv.hi.clone())));
        if fa == Some(0) && depth == 0 && iv.lo == *lo {
            out.push(Interval::point(iv.lo.clone()));
        }
        let d = m.derivative(f, &iv);
        let monotone = d.lo.is_positive() || d.hi.is_negative();
        if monotone {
            match (fa, fb) {
                (Some(a), Some(b)) if a * b < 0 => {
                    out.push(iv);
                    continue;
                }
                (Some(a), Some(b)) if a * b > 0 => continue,
                (Some(_), Some(0)) => {
                    out.push(Interval::point(iv.hi.clone()));
                    continue;
                }
                (Some(0), Some(_)) => continue, // counted by the left neighbour
                _ => {}
            }
        }
        if depth >= MAX_DEPTH {
            return Err(
                "a general screw's event could not be isolated by interval arithmetic (a tangential or double root?)"
                    .to_string(),
            );
        }
        let mid = (&iv.lo + &iv.hi) / BigRational::from_integer(BigInt::from(2));
        // Push the right half first: the left is examined first.
        stack.push((Interval::new(mid.clone(), iv.hi.clone()), depth + 1));
        stack.push((Interval::new(iv.lo.clone(), mid), depth + 1));
    }
    out.sort_by(|a, b| a.lo.cmp(&b.lo));
    out.dedup_by(|a, b| a.lo == b.lo && a.hi == b.hi);
    Ok(out)
}

/// Halves a root's isolating interval keeping the sign change.
pub fn refine(m: &Mixed, f: &MixedFn, iv: &Interval) -> Option<Interval> {
    if iv.lo == iv.hi {
        return Some(iv.clone());
    }
    let mid = (&iv.lo + &iv.hi) / BigRational::from_integer(BigInt::from(2));
    let fa = certain_sign(&m.eval(f, &Interval::point(iv.lo.clone())))?;
    let fm = certain_sign(&m.eval(f, &Interval::point(mid.clone())))?;
    Some(if fm == 0 {
        Interval::point(mid)
    } else if fa * fm < 0 {
        Interval::new(iv.lo.clone(), mid)
    } else {
        Interval::new(mid, iv.hi.clone())
    })
}

/// A root of an event function: exact (a root of a polynomial factor) or
/// a bracket holding exactly one root with a certified sign change.
#[derive(Clone, Debug)]
pub enum MixedRoot {
    /// A real algebraic root.
    Exact(RealAlgebraic),
    /// An isolating interval of a transcendental root.
    Bracket(Interval),
}

impl MixedRoot {
    fn interval(&self, bits: u64) -> Interval {
        match self {
            MixedRoot::Exact(r) => {
                let (lo, hi) = r.bracket(bits);
                Interval::new(lo, hi)
            }
            MixedRoot::Bracket(iv) => iv.clone(),
        }
    }
}

fn exact_roots(
    p: &Poly<BigRational>,
    lo: &BigRational,
    hi: &BigRational,
) -> Result<Vec<MixedRoot>, Undecided> {
    if p.is_zero() {
        return Err(
            "an event function vanishes identically under a general screw: not done".to_string(),
        );
    }
    Ok(isolate_roots(p, lo, hi)
        .map_err(|e| e.to_string())?
        .into_iter()
        .map(MixedRoot::Exact)
        .collect())
}

/// Every root of `F` in `[lo, hi]` (`lo = 0`): polynomial cases exactly;
/// otherwise the common factor `G = gcd(P, S)` exactly and `P/G + c ρ S/G`
/// by certified bisection.
pub fn isolate(
    m: &Mixed,
    f: &MixedFn,
    lo: &BigRational,
    hi: &BigRational,
) -> Result<Vec<MixedRoot>, Undecided> {
    if f.s.is_zero() || m.c.is_zero() {
        return exact_roots(&f.p, lo, hi);
    }
    if f.p.is_zero() {
        // F = c ρ S, and ρ vanishes only at σ = 0.
        let mut roots = exact_roots(&f.s, lo, hi)?;
        if lo.is_zero() && !f.s.eval(lo).is_zero() {
            roots.insert(
                0,
                MixedRoot::Exact(RealAlgebraic::from_rational(lo.clone())),
            );
        }
        return Ok(roots);
    }
    let g = f.p.gcd(&f.s);
    let mut roots = Vec::new();
    let reduced = if g.degree().unwrap_or(0) >= 1 {
        roots.extend(exact_roots(&g, lo, hi)?);
        MixedFn {
            p: f.p.exact_div(&g),
            s: f.s.exact_div(&g),
        }
    } else {
        f.clone()
    };
    roots.extend(
        isolate_brackets(m, &reduced, lo, hi)?
            .into_iter()
            .map(MixedRoot::Bracket),
    );
    roots.sort_by(|a, b| a.interval(64).lo.cmp(&b.interval(64).lo));
    Ok(roots)
}

/// A condition `F >= 0` (or `> 0` when strict).
pub struct Condition {
    f: MixedFn,
    strict: bool,
}

fn mixed(p: Poly<BigRational>, s: Poly<BigRational>) -> MixedFn {
    MixedFn { p, s }
}

fn constant(v: &Vec3<BigRational>) -> Vec3<Poly<BigRational>> {
    v.map(|c| Poly::constant(c.clone()))
}

/// One certified event of a general screw: the kind, the features, and an
/// interval of `σ` holding the contact parameter.
#[derive(Clone, Debug)]
pub struct MixedEvent {
    /// FV, VF or EE.
    pub kind: EventKind,
    /// `a`'s feature index.
    pub a: usize,
    /// `b`'s feature index.
    pub b: usize,
    /// The contact parameter's enclosure.
    pub sigma: Interval,
}

/// Decides the conditions at the root in `iv`, refining it as needed.
fn decide(
    m: &Mixed,
    f: &MixedFn,
    root: &MixedRoot,
    groups: &[Vec<Condition>],
) -> Result<(bool, MixedRoot), Undecided> {
    let mut bits = 64u64;
    let mut root = root.clone();
    for _ in 0..MAX_DEPTH {
        crate::budget::check().map_err(|e| e.to_string())?;
        let iv = root.interval(bits);
        let mut undecided = false;
        for g in groups {
            let mut all = true;
            let mut unsure = false;
            for c in g {
                let v = m.eval(&c.f, &iv);
                let ok = if c.strict {
                    v.lo.is_positive()
                } else {
                    !v.lo.is_negative()
                };
                let bad = if c.strict {
                    !v.hi.is_positive()
                } else {
                    v.hi.is_negative()
                };
                if bad {
                    all = false;
                    unsure = false;
                    break;
                }
                if !ok {
                    all = false;
                    unsure = true;
                }
            }
            if all {
                return Ok((true, root));
            }
            undecided |= unsure;
        }
        if !undecided {
            return Ok((false, root));
        }
        if let MixedRoot::Bracket(b) = &root {
            let nb = refine(m, f, b).ok_or_else(|| {
                "a general screw's root could not be refined (sign undecided)".to_string()
            })?;
            root = MixedRoot::Bracket(nb);
        } else {
            bits *= 2;
            if bits > 4096 {
                break;
            }
            continue;
        }
        let iv = root.interval(bits);
        if iv.lo == iv.hi {
            // An exact rational root: evaluate once more at the point.
            let mut any = false;
            for g in groups {
                if g.iter().all(|c| {
                    let v = m.eval(&c.f, &iv);
                    if c.strict {
                        v.lo.is_positive()
                    } else {
                        !v.lo.is_negative()
                    }
                }) {
                    any = true;
                }
            }
            return Ok((any, root));
        }
    }
    Err("a contact under a general screw lies on a feature's boundary, which interval arithmetic cannot decide".to_string())
}

/// Every certified vertex-face and edge-edge event of a general screw
/// (forward path `fwd` and slide `c k` for `b`; `inv` and `-c k` for `a`'s
/// vertices), sorted by the lower end of `σ`.
#[allow(clippy::too_many_arguments)]
pub(crate) fn mixed_events(
    a: &PlacedSolid<BigRational>,
    b: &PlacedSolid<BigRational>,
    fwd: &PathPolys<BigRational>,
    inv: &PathPolys<BigRational>,
    k: &Vec3<BigRational>,
    c: &BigRational,
    sigma_end: &BigRational,
    precision: u32,
) -> Result<Vec<MixedEvent>, Undecided> {
    let _doing = crate::budget::doing(crate::budget::Activity::GeneralScrewEvents);
    let g = u64::from(precision) + 32;
    let narrowing = Narrowing::new(precision);
    let zero = BigRational::zero();
    let mut out = Vec::new();
    let kk = k.norm_squared();
    // Isolation runs at a coarse working precision (wider, still certified
    // intervals, much cheaper atan series); deciding and narrowing at `g`.
    let coarse = 40;
    let forward = Mixed::new(c.clone(), kk.clone(), sigma_end.clone(), g);
    let backward = Mixed::new(-c.clone(), kk.clone(), sigma_end.clone(), g);
    let forward_coarse = Mixed::new(c.clone(), kk.clone(), sigma_end.clone(), coarse);
    let backward_coarse = Mixed::new(-c.clone(), kk, sigma_end.clone(), coarse);
    for (fixed, moving, path, m, mc, kind) in [
        (a, b, fwd, &forward, &forward_coarse, EventKind::FaceVertex),
        (
            b,
            a,
            inv,
            &backward,
            &backward_coarse,
            EventKind::VertexFace,
        ),
    ] {
        let kp = constant(k);
        for (vi, y) in moving.mesh.vertices.iter().enumerate() {
            let n_pt = path.apply(y);
            for f in 0..fixed.mesh.faces.len() {
                crate::budget::check().map_err(|e| e.to_string())?;
                let n = &fixed.normals[f];
                let u0 = &fixed.mesh.vertices[fixed.mesh.faces[f][0]];
                let e = mixed(
                    constant(n).dot(&n_pt) - path.d.scale(&n.dot(u0)),
                    path.d.scale(&n.dot(k)),
                );
                if e.p.is_zero() && e.s.is_zero() {
                    return Err(
                        "a vertex glides in a face's plane under a general screw: not done"
                            .to_string(),
                    );
                }
                let groups: Vec<Vec<Condition>> = fixed.pieces[f]
                    .iter()
                    .map(|piece| {
                        let m = piece.len();
                        (0..m)
                            .map(|i| {
                                let u = &fixed.mesh.vertices[piece[i]];
                                let v = &fixed.mesh.vertices[piece[(i + 1) % m]];
                                let side = constant(&(v - u));
                                let rel = &n_pt - &constant(u).map(|c| c * &path.d);
                                let np = constant(n);
                                Condition {
                                    f: mixed(
                                        side.cross(&rel).dot(&np),
                                        path.d.clone() * side.cross(&kp).dot(&np),
                                    ),
                                    strict: false,
                                }
                            })
                            .collect()
                    })
                    .collect();
                for root in isolate(mc, &e, &zero, sigma_end)? {
                    let (inside, sigma) = decide(m, &e, &root, &groups)?;
                    if inside {
                        let (ia, ib) = if kind == EventKind::FaceVertex {
                            (f, vi)
                        } else {
                            (vi, f)
                        };
                        let sigma = narrow_sigma(m, &e, sigma, &narrowing)?;
                        out.push(MixedEvent {
                            kind,
                            a: ia,
                            b: ib,
                            sigma,
                        });
                    }
                }
            }
        }
    }
    edge_edge_events(
        (a, b),
        fwd,
        k,
        (&forward, &forward_coarse),
        sigma_end,
        &narrowing,
        &mut out,
    )?;
    out.sort_by(|x, y| x.sigma.lo.cmp(&y.sigma.lo));
    Ok(out)
}

/// The width `2^-precision` that [`narrow_sigma`] narrows the time
/// fraction to, and the precision of exact roots' brackets.
struct Narrowing {
    precision: u32,
    target: BigRational,
}

impl Narrowing {
    fn new(precision: u32) -> Self {
        Narrowing {
            precision,
            target: BigRational::new(BigInt::one(), BigInt::one() << precision),
        }
    }
}

/// Narrows `σ` until the time fraction `ρ(σ)` is `2^-precision` wide (or
/// the root is exact).
fn narrow_sigma(
    m: &Mixed,
    e: &MixedFn,
    root: MixedRoot,
    narrowing: &Narrowing,
) -> Result<Interval, Undecided> {
    let (precision, target) = (narrowing.precision, &narrowing.target);
    let mut s = match root {
        MixedRoot::Exact(r) => {
            let (lo, hi) = r.bracket(u64::from(precision) + 40);
            return Ok(Interval::new(lo, hi));
        }
        MixedRoot::Bracket(b) => b,
    };
    for _ in 0..(4 * precision + 64) {
        crate::budget::check().map_err(|e| e.to_string())?;
        if s.lo == s.hi || m.rho(&s).width() <= *target {
            return Ok(s);
        }
        s = refine(m, e, &s).ok_or_else(|| {
            "a general screw's root could not be refined (sign undecided)".to_string()
        })?;
    }
    Ok(s)
}

/// The certified edge-edge events of a general screw: the edge of `a` and
/// the moving edge of `b` are coplanar (the event function) and cross (both
/// segment parameters in `[0, |n|^2]`, `n = e_a x e_b` non-zero), on the
/// forward path `fwd` with slide `c k` (`forward`, `forward_coarse`).
fn edge_edge_events(
    (a, b): (&PlacedSolid<BigRational>, &PlacedSolid<BigRational>),
    fwd: &PathPolys<BigRational>,
    k: &Vec3<BigRational>,
    (forward, forward_coarse): (&Mixed, &Mixed),
    sigma_end: &BigRational,
    narrowing: &Narrowing,
    out: &mut Vec<MixedEvent>,
) -> Result<(), Undecided> {
    let zero = BigRational::zero();
    let d = &fwd.d;
    let kp = constant(k);
    let moved: Vec<Vec3<Poly<BigRational>>> =
        b.mesh.vertices.iter().map(|y| fwd.apply(y)).collect();
    for (ia, ea_edge) in a.mesh.edges.iter().enumerate() {
        let p0 = &a.mesh.vertices[ea_edge.v[0]];
        let ea = constant(&(&a.mesh.vertices[ea_edge.v[1]] - p0));
        let p0d = constant(p0).map(|c| c * d);
        for (ib, eb_edge) in b.mesh.edges.iter().enumerate() {
            crate::budget::check().map_err(|e| e.to_string())?;
            let n0 = &moved[eb_edge.v[0]];
            let w0 = n0 - &p0d;
            let eb = &moved[eb_edge.v[1]] - n0;
            let nn = ea.cross(&eb);
            let nn2 = nn.dot(&nn);
            let e = mixed(ea.dot(&w0.cross(&eb)), d.clone() * ea.dot(&kp.cross(&eb)));
            if e.p.is_zero() && e.s.is_zero() {
                continue;
            }
            let a1 = mixed(w0.cross(&eb).dot(&nn), d.clone() * kp.cross(&eb).dot(&nn));
            let b1 = mixed(w0.cross(&ea).dot(&nn), d.clone() * kp.cross(&ea).dot(&nn));
            let conds = vec![
                Condition {
                    f: a1.clone(),
                    strict: false,
                },
                Condition {
                    f: mixed(&(d * &nn2) - &a1.p, -a1.s.clone()),
                    strict: false,
                },
                Condition {
                    f: b1.clone(),
                    strict: false,
                },
                Condition {
                    f: mixed(&nn2 - &b1.p, -b1.s.clone()),
                    strict: false,
                },
                Condition {
                    f: mixed(nn2.clone(), Poly::zero()),
                    strict: true,
                },
            ];
            let groups = [conds];
            for root in isolate(forward_coarse, &e, &zero, sigma_end)? {
                let (inside, sigma) = decide(forward, &e, &root, &groups)?;
                if inside {
                    let sigma = narrow_sigma(forward, &e, sigma, narrowing)?;
                    out.push(MixedEvent {
                        kind: EventKind::EdgeEdge,
                        a: ia,
                        b: ib,
                        sigma,
                    });
                }
            }
        }
    }
    Ok(())
}

/// The time fraction `ρ` over a `σ` enclosure, refining nothing: the
/// caller narrows `σ` first.
pub(crate) fn time_fraction(
    c: &BigRational,
    kk: &BigRational,
    sigma_end: &BigRational,
    sigma: &Interval,
    g: u64,
) -> Interval {
    Mixed::new(c.clone(), kk.clone(), sigma_end.clone(), g).rho(sigma)
}
