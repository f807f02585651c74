//! Collision time and contact intervals (the SGM paper, section IV-D) with the
//! bounding-sphere pruning of section IV-E, over the homogeneous intervals
//! of section IV-A (module docs of `sgm`).
#![deny(clippy::float_arithmetic)]

use super::planes::{
    axis_data, axis_normals, contact_pair, AxisData, BoxFeature, PlaneId, PLANE_COUNT,
};
use super::relative::{relative_boxes, RelativeBoxes};
use super::ring::PlaneRing;
use super::SgmError;
use crate::geom::{Mat3, Vec3};
use crate::motion::Body;
use crate::poly::{fujiwara_bound_log2, isolate_roots, IsolationError, Poly, RealRoots};
use crate::scalar::{BigInt, BigRational, Ring, Sign};
use num_traits::{One, Signed, Zero};
use std::cmp::Ordering;

/// The bit of a cell's mask meaning "the bounding spheres are apart".
const SPHERE_BIT: usize = PLANE_COUNT;

/// Work counters, as the paper reports them (section V: "dividing the
/// motion path to homogeneous intervals produced 15 intervals, of which
/// three intervals were out of our [0, 1] domain, and eight intervals could
/// be eliminated using the bounding sphere test", "a degree 5 constraint").
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SgmStats {
    /// Homogeneous intervals meeting `[t0, t1]` (the paper's count less
    /// those outside the domain).
    pub homogeneous_intervals: usize,
    /// Homogeneous intervals of the whole real line of `t` that lie outside
    /// `[t0, t1]` (the paper's "out of our [0, 1] domain"): one per distinct
    /// real root `<= t0` or `>= t1` of the normals' components. Costs an
    /// isolation on the whole line, so it is computed only on request
    /// ([`intervals_outside_domain`]); `None` otherwise.
    pub intervals_outside_domain: Option<usize>,
    /// Homogeneous intervals skipped by the bounding-sphere test.
    pub pruned_by_sphere: usize,
    /// Plane polynomials built (30 per unpruned interval, less the dropped
    /// ones whose normal vanishes identically).
    pub planes: usize,
    /// Largest degree of a plane (contact) polynomial.
    pub max_plane_degree: usize,
    /// `plane_degrees[d]`: the number of plane (contact) polynomials of
    /// degree `d` built.
    pub plane_degrees: Vec<usize>,
    /// The degree of the plane polynomial that vanishes at the first
    /// contact (the paper's "degree 5 constraint"); `None` without contact
    /// or when no plane with a non-vanishing normal is active there.
    pub contact_degree: Option<usize>,
    /// Degree of the relative motion `M(t)`.
    pub motion_degree: usize,
    /// Polynomials whose real roots were isolated.
    pub root_isolations: usize,
    /// Cells (exact instants and open gaps) decided.
    pub cells: usize,
}

/// A cell of the time axis: an instant (`lo == hi`, no sample) or an open
/// gap `(lo, hi)` with a rational sample inside, and the set of planes (bit
/// `k` for [`PlaneId::from_index`]`(k)`, bit 30 for the sphere test) that
/// have the origin strictly outside on the whole cell.
#[derive(Clone, Debug)]
pub struct SgmCell<S: RealRoots> {
    /// Lower end.
    pub lo: S::Root,
    /// Upper end.
    pub hi: S::Root,
    /// A rational point of a gap; `None` for an instant.
    pub sample: Option<S>,
    /// Separating planes on the cell (bit 30: bounding spheres apart).
    pub negative: u32,
    /// The homogeneous interval whose plane set decided the cell.
    pub interval: usize,
}

/// One piece of the separation certificate: on `[from, to]` (rational
/// ends; `to == None` is the open end at the contact time) the plane
/// `plane` (or the sphere test when `None`) has the origin outside.
#[derive(Clone, Debug, PartialEq)]
pub struct SgmPiece<S> {
    /// Start.
    pub from: S,
    /// End, `None` for "up to the first contact".
    pub to: Option<S>,
    /// The separating plane; `None` for the bounding-sphere test.
    pub plane: Option<PlaneId>,
}

/// The answer of the SGM solver (plain data).
#[derive(Clone, Debug)]
pub struct SgmOutcome<S: RealRoots> {
    /// The boxes touch or overlap somewhere in `[t0, t1]`.
    pub collides: bool,
    /// They touch or overlap at `t0`.
    pub initially_overlapping: bool,
    /// The first contact time.
    pub first_contact: Option<S::Root>,
    /// The maximal closed contact intervals, in order.
    pub contact_intervals: Vec<(S::Root, S::Root)>,
    /// The plane the origin lies on at the first contact and the pair's
    /// features (of `a`, then of `b`), when some plane with a non-vanishing
    /// normal is active there.
    pub feature: Option<(PlaneId, BoxFeature, BoxFeature)>,
    /// Separation pieces tiling `[t0, T)` or `[t0, t1]`; `None` when no
    /// greedy cover with rational cuts was found.
    pub pieces: Option<Vec<SgmPiece<S>>>,
    /// The relative boxes (`b` in `a`'s frame).
    pub boxes: RelativeBoxes<S>,
    /// The 15 plane directions `n` in `a`'s frame.
    pub normals: Vec<Vec3<Poly<S>>>,
    /// Work counters.
    pub stats: SgmStats,
}

fn limit(e: IsolationError) -> SgmError {
    SgmError::LimitExceeded(format!("sgm: {e}"))
}

/// A dyadic `u >= sqrt(x)` for `x >= 0`, within a relative `2^-20`: `u =
/// (isqrt(floor(x 4^k)) + 1) / 2^k` with `k` chosen so that the integer
/// square root has at least 21 bits (integer arithmetic only).
fn sqrt_upper(x: &BigRational) -> BigRational {
    if !x.is_positive() {
        return <BigRational as Zero>::zero();
    }
    // sqrt(x) >= 2^((e - 1) / 2) for e = bits(p) - bits(q) - 1 <= log2 x.
    let e = x.numer().bits() as i64 - x.denom().bits() as i64 - 1;
    let k = (22 - e.div_euclid(2)).max(0) as u64;
    let scaled: BigInt = (x.numer() << (2 * k)) / x.denom();
    let root = num_integer::Roots::sqrt(&scaled) + 1;
    BigRational::new(root, <BigInt as One>::one() << k)
}

/// `|T|^2 - R^2 w^2` with a rational `R >= |e| + |f|` (positive exactly
/// when the centres are farther apart than `R`, which bounds the sum of the
/// circumradii; section IV-E), over the ring (a positive multiple: `q |T|^2
/// - p w^2` for `R^2 = p / q`, in the ring's scene scaled by `lambda`).
/// `R` comes from the scalar half extents.
fn sphere_polynomial<S: RealRoots, R: PlaneRing<S>>(
    rb: &RelativeBoxes<R>,
    b: &RelativeBoxes<S>,
    lambda: &BigRational,
) -> Option<Poly<R>> {
    let sq = |h: &[S; 3]| -> Option<BigRational> {
        let mut s = <BigRational as Zero>::zero();
        for x in h {
            let q = x.to_rational()?;
            s += &q * &q;
        }
        Some(s)
    };
    // The ring's scene is scaled by `lambda`: so is the radius.
    let r = (sqrt_upper(&sq(&b.half_a)?) + sqrt_upper(&sq(&b.half_b)?)) * lambda;
    let r2 = &r * &r;
    let num = S::from_rational(&BigRational::from_integer(r2.numer().clone()));
    let den = S::from_rational(&BigRational::from_integer(r2.denom().clone()));
    let pq = R::values_from(&[&num, &den]);
    let t = &rb.translation;
    let dist = &(&(&t.x * &t.x) + &(&t.y * &t.y)) + &(&t.z * &t.z);
    let w2 = &rb.denominator * &rb.denominator;
    Some(R::without_positive_factor(
        &dist.scale(&pq[1]) - &w2.scale(&pq[0]),
        &R::positive_divisor(&rb.denominator),
    ))
}

fn sorted_unique<R: Ord>(mut v: Vec<R>) -> Vec<R> {
    v.sort();
    v.dedup();
    v
}

/// Real roots in `[t0, t1]` with a cache (many plane polynomials repeat
/// between neighbouring intervals).
struct RootCache<S: RealRoots> {
    seen: Vec<(Poly<S>, Vec<S::Root>)>,
    t0: S,
    t1: S,
    isolations: usize,
}

impl<S: RealRoots> RootCache<S> {
    fn roots(&mut self, p: &Poly<S>) -> Result<Vec<S::Root>, SgmError> {
        if p.is_constant() {
            return Ok(Vec::new());
        }
        if let Some((_, r)) = self.seen.iter().find(|(q, _)| q == p) {
            return Ok(r.clone());
        }
        self.isolations += 1;
        let r = S::real_roots(p, &self.t0, &self.t1).map_err(limit)?;
        self.seen.push((p.clone(), r.clone()));
        Ok(r)
    }
}

/// The planes of one homogeneous interval: `(plane index, D(t))` over the
/// ring `R`; planes whose normal vanishes identically are left out.
struct IntervalPlanes<R> {
    planes: Vec<(usize, Poly<R>)>,
}

/// Bits of the scalar bounds of the homogeneous intervals' ends handed to
/// the exclusion test ([`RealRoots::sign_if_rootless`]).
const END_BOUND_BITS: u64 = 8;

/// One constraint on a homogeneous interval `[lo, hi]` (a plane polynomial,
/// or the negated sphere polynomial): its distinct roots in `[lo, hi]` and
/// its sign on the open pieces between them. `signs[i]` is the sign on
/// `(r_i, r_{i+1})` with `r_0 = lo` and `r_{n+1} = hi` (`Sign::Zero` for an
/// empty piece, when a root is an end). A polynomial is continuous, so
/// between two consecutive roots its sign is constant; at `lo` and `hi`,
/// when they are not roots, it is the sign of the adjacent piece. This
/// decides every cell of the interval without evaluating each plane there.
struct Track<S: RealRoots> {
    /// The mask bit: the plane's index, or [`SPHERE_BIT`].
    bit: usize,
    roots: Vec<S::Root>,
    signs: Vec<Sign>,
}

/// The signs of `d` on the open pieces between `lo`, the `roots` and `hi`
/// (at a rational sample of each non-empty piece).
fn piece_signs<S: RealRoots, R: PlaneRing<S>>(
    d: &Poly<R>,
    roots: &[S::Root],
    lo: &S::Root,
    hi: &S::Root,
) -> Vec<Sign> {
    let mut signs = Vec::with_capacity(roots.len() + 1);
    let mut from = lo;
    for to in roots.iter().chain(std::iter::once(hi)) {
        signs.push(match S::value_between(from, to) {
            Some(x) => R::sign_at(d, &x),
            None => Sign::Zero,
        });
        from = to;
    }
    signs
}

/// The roots of `d` in `[lo, hi]` and its signs between them; `bounds`
/// are scalars `a <= lo`, `hi <= b`. A polynomial proven root-free on
/// `[a, b]` by the cheap test is not isolated.
fn track<S: RealRoots, R: PlaneRing<S>>(
    d: &Poly<R>,
    bit: usize,
    lo: &S::Root,
    hi: &S::Root,
    bounds: &(S, S),
    cache: &mut RootCache<S>,
) -> Result<Track<S>, SgmError> {
    let constant = if d.is_constant() {
        Some(d.coeffs().first().map_or(Sign::Zero, Ring::sign))
    } else {
        R::sign_if_rootless(d, &bounds.0, &bounds.1)
    };
    if let Some(s) = constant {
        return Ok(Track {
            bit,
            roots: Vec::new(),
            signs: vec![s],
        });
    }
    // Exactly, isolate on the bounds of the interval only; in `f64` (no
    // exclusion test, cheap roots) on the whole `[t0, t1]` through the
    // cache, as planes repeat between neighbouring intervals.
    let all = if S::IS_EXACT {
        cache.isolations += 1;
        S::real_roots(&R::to_scalar(d), &bounds.0, &bounds.1).map_err(limit)?
    } else {
        cache.roots(&R::to_scalar(d))?
    };
    let roots: Vec<S::Root> = all.into_iter().filter(|r| r >= lo && r <= hi).collect();
    let signs = piece_signs::<S, R>(d, &roots, lo, hi);
    Ok(Track { bit, roots, signs })
}

/// The direction's inner values and centre divided by the highest power of
/// the positive `v` (from the motion's denominator `w`) that divides all of
/// them: every plane of the direction is then divided by it (the same roots
/// and signs, since `v > 0`; the sign patterns are unchanged too). Under
/// rigid motion this takes `w^2` from the VF planes and `w` from the EE
/// planes ([`PlaneRing::divide_by_positive`]): degree 8 becomes 4 for a
/// rotation of quaternion degree 1 on both sides.
fn without_common_factor<S: RealRoots, R: PlaneRing<S>>(
    mut ax: AxisData<R>,
    v: &Poly<R>,
) -> AxisData<R> {
    loop {
        let mut divided: Vec<Poly<R>> = Vec::with_capacity(7);
        for p in ax
            .terms
            .iter()
            .map(|t| &t.1)
            .chain(std::iter::once(&ax.center))
        {
            if p.is_zero() {
                divided.push(Poly::zero());
                continue;
            }
            match R::divide_by_positive(p, v) {
                Some(q) => divided.push(q),
                None => return ax,
            }
        }
        if divided.iter().all(Poly::is_zero) {
            return ax;
        }
        ax.center = divided.pop().expect("seven polynomials");
        for (t, q) in ax.terms.iter_mut().zip(divided) {
            t.1 = q;
        }
    }
}

/// A plane polynomial over a run of neighbouring homogeneous intervals
/// (`.., until]`) where it does not change: its sign when the exclusion test
/// proves it root-free on the run's bounds, else its roots there.
struct PlaneRun<S: RealRoots, R> {
    poly: Poly<R>,
    until: usize,
    sign: Option<Sign>,
    roots: Vec<S::Root>,
}

/// The run of `d` over the scalar `bounds` of its intervals (exact scalars).
fn plane_run<S: RealRoots, R: PlaneRing<S>>(
    d: Poly<R>,
    until: usize,
    bounds: &(S, S),
    cache: &mut RootCache<S>,
) -> Result<PlaneRun<S, R>, SgmError> {
    let sign = if d.is_constant() {
        Some(d.coeffs().first().map_or(Sign::Zero, Ring::sign))
    } else {
        R::sign_if_rootless(&d, &bounds.0, &bounds.1)
    };
    let roots = if sign.is_some() {
        Vec::new()
    } else {
        cache.isolations += 1;
        S::real_roots(&R::to_scalar(&d), &bounds.0, &bounds.1).map_err(limit)?
    };
    Ok(PlaneRun {
        poly: d,
        until,
        sign,
        roots,
    })
}

impl<S: RealRoots, R: PlaneRing<S>> PlaneRun<S, R> {
    /// The track of the plane (mask bit `bit`) on the interval `[lo, hi]`
    /// of the run.
    fn track(&self, bit: usize, lo: &S::Root, hi: &S::Root) -> Track<S> {
        if let Some(s) = self.sign {
            return Track {
                bit,
                roots: Vec::new(),
                signs: vec![s],
            };
        }
        let roots: Vec<S::Root> = self
            .roots
            .iter()
            .filter(|r| *r >= lo && *r <= hi)
            .cloned()
            .collect();
        let signs = piece_signs::<S, R>(&self.poly, &roots, lo, hi);
        Track { bit, roots, signs }
    }
}

/// Solves the pair with the SGM method (module docs of `sgm`): exact for
/// exact `S` (times are [`RealAlgebraic`](crate::poly::RealAlgebraic)),
/// approximate for `f64`.
pub fn solve_sgm<S: RealRoots>(
    a: &Body,
    b: &Body,
    t0: &BigRational,
    t1: &BigRational,
) -> Result<SgmOutcome<S>, SgmError> {
    let boxes = relative_boxes::<S>(a, b, t0)?;
    if S::IS_EXACT {
        solve_in::<S, BigInt>(boxes, t0, t1)
    } else {
        solve_in::<S, f64>(boxes, t0, t1)
    }
}

/// The motion and extents over the ring `R` (positive multiples, module
/// `ring`): the scene scaled by `lambda > 0` (half extents and `T` times
/// `lambda`, so that exact half extents become integers; every `D_n` is
/// then `lambda` times the original), then `L`, `T`, `w` times one positive
/// constant; the normals and determinant recomputed from them.
fn ring_boxes<S: RealRoots, R: PlaneRing<S>>(
    b: &RelativeBoxes<S>,
    lambda: &BigRational,
) -> RelativeBoxes<R> {
    let cols: [Vec3<Poly<S>>; 3] = std::array::from_fn(|j| b.axis(j));
    let l = S::from_rational(lambda);
    let moved = b.translation.map(|p| p.scale(&l));
    let mut polys: Vec<&Poly<S>> = cols.iter().flat_map(|c| c.iter()).collect();
    polys.extend(moved.iter());
    polys.push(&b.denominator);
    let mut ps = R::polys_from(&polys).into_iter();
    let mut next = || ps.next().unwrap_or_else(Poly::zero);
    let ucols: [Vec3<Poly<R>>; 3] =
        std::array::from_fn(|_| Vec3::from_array(std::array::from_fn(|_| next())));
    let translation = Vec3::from_array(std::array::from_fn(|_| next()));
    let denominator = next();
    let scaled: Vec<S> = b
        .half_a
        .iter()
        .chain(b.half_b.iter())
        .map(|h| h.clone() * &l)
        .collect();
    let h = R::values_from(&scaled.iter().collect::<Vec<_>>());
    let normals: [Vec3<Poly<R>>; 3] =
        std::array::from_fn(|j| ucols[(j + 1) % 3].cross(&ucols[(j + 2) % 3]));
    let det = normals[0].dot(&ucols[0]);
    RelativeBoxes {
        half_a: [h[0].clone(), h[1].clone(), h[2].clone()],
        half_b: [h[3].clone(), h[4].clone(), h[5].clone()],
        linear: Mat3::from_cols(ucols),
        translation,
        denominator,
        normals,
        det,
        rigid: b.rigid,
    }
}

/// [`solve_sgm`] with the planes built and signed over the ring `R`.
fn solve_in<S: RealRoots, R: PlaneRing<S>>(
    boxes: RelativeBoxes<S>,
    t0: &BigRational,
    t1: &BigRational,
) -> Result<SgmOutcome<S>, SgmError> {
    // The scale making exact half extents integers (1 for `f64`).
    let mut lambda = <BigRational as One>::one();
    if S::IS_EXACT {
        let mut lcm = <BigInt as One>::one();
        for h in boxes.half_a.iter().chain(boxes.half_b.iter()) {
            if let Some(q) = h.to_rational() {
                lcm = num_integer::Integer::lcm(&lcm, q.denom());
            }
        }
        lambda = BigRational::from_integer(lcm);
    }
    let rboxes = ring_boxes::<S, R>(&boxes, &lambda);
    let w_divisor = R::positive_divisor(&rboxes.denominator);
    let axes: Vec<AxisData<R>> = axis_data(&rboxes)
        .into_iter()
        .map(|ax| without_common_factor::<S, R>(ax, &w_divisor))
        .collect();
    let mut stats = SgmStats {
        motion_degree: [boxes.denominator.degree().unwrap_or(0)]
            .into_iter()
            .chain(boxes.translation.iter().map(|p| p.degree().unwrap_or(0)))
            .chain((0..3).flat_map(|j| {
                let c = boxes.axis(j);
                [0, 1, 2].map(|k| c[k].degree().unwrap_or(0))
            }))
            .max()
            .unwrap_or(0),
        ..SgmStats::default()
    };
    let (s0, s1) = (S::from_rational(t0), S::from_rational(t1));
    let (r0, r1) = (S::root_of_value(&s0), S::root_of_value(&s1));
    let mut cache = RootCache {
        seen: Vec::new(),
        t0: s0.clone(),
        t1: s1.clone(),
        isolations: 0,
    };

    // Section IV-A: the homogeneous intervals. For rigid motion `N_j = w
    // U_j` up to sign (`w > 0`), so the normals' entries have the roots of
    // the axes' entries and are not isolated again.
    let mut cuts = vec![r0.clone(), r1.clone()];
    for j in 0..3 {
        let u = boxes.axis(j);
        for k in 0..3 {
            cuts.extend(cache.roots(&u[k])?);
            if !boxes.rigid {
                cuts.extend(cache.roots(&boxes.normals[j][k])?);
            }
        }
    }
    let cuts = sorted_unique(cuts);
    stats.homogeneous_intervals = cuts.len().saturating_sub(1).max(1);

    // Section IV-E: the sphere polynomial and its roots.
    let sphere = if boxes.rigid {
        sphere_polynomial(&rboxes, &boxes, &lambda).filter(|p| !p.is_zero())
    } else {
        None
    };
    let sphere_roots = match &sphere {
        Some(p) if !p.is_constant() => {
            cache.isolations += 1;
            S::real_roots(&R::to_scalar(p), &s0, &s1).map_err(limit)?
        }
        _ => Vec::new(),
    };
    let sphere_apart =
        |t: &S| -> bool { matches!(&sphere, Some(p) if R::sign_at(p, t) == Sign::Positive) };

    // Section IV-B, IV-C, IV-D per interval: cells.
    let mut cells: Vec<SgmCell<S>> = Vec::new();
    let mut interval_planes: Vec<Option<IntervalPlanes<R>>> = Vec::new();
    // `(cell, bits)`: the tracked planes that vanish at an instant cell.
    let mut zero_planes: Vec<(usize, u32)> = Vec::new();
    let n_int = cuts.len().saturating_sub(1);
    // Scalar bounds of the cuts, for the exclusion test (computed lazily).
    let mut cut_bounds: Vec<Option<(S, S)>> = vec![None; cuts.len()];
    let mut bound_of = |i: usize| -> (S, S) {
        cut_bounds[i]
            .get_or_insert_with(|| {
                S::root_bounds(&cuts[i], END_BOUND_BITS).unwrap_or_else(|| (s0.clone(), s1.clone()))
            })
            .clone()
    };
    let negated_sphere = sphere.as_ref().map(|p| -p);
    // A sample of every interval and whether the sphere test prunes it.
    let mids: Vec<Option<S>> = (0..n_int)
        .map(|k| S::value_between(&cuts[k], &cuts[k + 1]))
        .collect();
    let pruned_at: Vec<bool> = (0..n_int)
        .map(|k| {
            let (lo, hi) = (&cuts[k], &cuts[k + 1]);
            mids[k].as_ref().is_some_and(|mid| {
                sphere.is_some()
                    && !sphere_roots.iter().any(|r| r >= lo && r <= hi)
                    && sphere_apart(mid)
            })
        })
        .collect();
    // The sign pattern of direction `a` on interval `k` (memoised).
    let mut patterns: Vec<Vec<Option<[Sign; 6]>>> = vec![vec![None; axes.len()]; n_int];
    let mut pattern_of =
        |a: usize, k: usize| -> Option<[Sign; 6]> {
            let mid = mids[k].as_ref()?;
            Some(*patterns[k][a].get_or_insert_with(|| {
                std::array::from_fn(|m| R::sign_at(&axes[a].terms[m].1, mid))
            }))
        };
    // Exactly, a plane keeps its polynomial over the run of neighbouring
    // unpruned intervals where its direction keeps its sign pattern: its
    // exclusion test and isolation are done once for the whole run.
    let mut runs: Vec<Option<PlaneRun<S, R>>> = (0..PLANE_COUNT).map(|_| None).collect();
    for k in 0..n_int {
        let (lo, hi) = (&cuts[k], &cuts[k + 1]);
        let last = k + 1 == n_int;
        let Some(mid) = mids[k].clone() else {
            continue;
        };
        if pruned_at[k] {
            stats.pruned_by_sphere += 1;
            let mask = 1 << SPHERE_BIT;
            cells.push(SgmCell {
                lo: lo.clone(),
                hi: lo.clone(),
                sample: None,
                negative: mask,
                interval: k,
            });
            cells.push(SgmCell {
                lo: lo.clone(),
                hi: hi.clone(),
                sample: Some(mid),
                negative: mask,
                interval: k,
            });
            if last {
                cells.push(SgmCell {
                    lo: hi.clone(),
                    hi: hi.clone(),
                    sample: None,
                    negative: mask,
                    interval: k,
                });
            }
            interval_planes.push(None);
            continue;
        }
        let bounds = (bound_of(k).0, bound_of(k + 1).1);
        let mut planes = Vec::new();
        let mut tracks: Vec<Track<S>> = Vec::new();
        for (a, ax) in axes.iter().enumerate() {
            if ax.vanishes() {
                continue;
            }
            let pattern = pattern_of(a, k).expect("the interval has a sample");
            let mut run_end = None;
            let [dp, dn] = ax.planes(&pattern);
            for (positive, d) in [(true, dp), (false, dn)] {
                let id = PlaneId {
                    axis: ax.axis,
                    positive,
                };
                // A plane that vanishes identically (the origin on it for
                // the whole interval) never separates; it is kept for
                // naming the touching features.
                if !d.is_zero() {
                    stats.planes += 1;
                    let degree = d.degree().unwrap_or(0);
                    stats.max_plane_degree = stats.max_plane_degree.max(degree);
                    if stats.plane_degrees.len() <= degree {
                        stats.plane_degrees.resize(degree + 1, 0);
                    }
                    stats.plane_degrees[degree] += 1;
                    if S::IS_EXACT {
                        let i = id.index();
                        let known = matches!(&runs[i], Some(r) if r.until >= k && r.poly == d);
                        if !known {
                            let until = *run_end.get_or_insert_with(|| {
                                let mut end = k;
                                while end + 1 < n_int
                                    && !pruned_at[end + 1]
                                    && pattern_of(a, end + 1) == Some(pattern)
                                {
                                    end += 1;
                                }
                                end
                            });
                            let bounds = (bound_of(k).0, bound_of(until + 1).1);
                            runs[i] =
                                Some(plane_run::<S, R>(d.clone(), until, &bounds, &mut cache)?);
                        }
                        let run = runs[i].as_ref().expect("the run was just set");
                        tracks.push(run.track(i, lo, hi));
                    } else {
                        tracks.push(track::<S, R>(&d, id.index(), lo, hi, &bounds, &mut cache)?);
                    }
                }
                planes.push((id.index(), d));
            }
        }
        if let Some(p) = &negated_sphere {
            let roots: Vec<S::Root> = sphere_roots
                .iter()
                .filter(|r| *r >= lo && *r <= hi)
                .cloned()
                .collect();
            let signs = piece_signs::<S, R>(p, &roots, lo, hi);
            tracks.push(Track {
                bit: SPHERE_BIT,
                roots,
                signs,
            });
        }
        // The critical instants: the ends and every root, each tagged with
        // the track it is a root of (`None` for the ends).
        let mut crit: Vec<(S::Root, Option<usize>)> = vec![(lo.clone(), None), (hi.clone(), None)];
        for (i, t) in tracks.iter().enumerate() {
            crit.extend(t.roots.iter().map(|r| (r.clone(), Some(i))));
        }
        crit.sort_by(|x, y| x.0.cmp(&y.0));
        let mut groups: Vec<(S::Root, Vec<usize>)> = Vec::new();
        for (r, tag) in crit {
            match groups.last_mut() {
                Some((g, tags)) if *g == r => tags.extend(tag),
                _ => groups.push((r, tag.into_iter().collect())),
            }
        }
        let mut piece = vec![0usize; tracks.len()];
        let negative_mask = |piece: &[usize], skip: &[usize]| -> u32 {
            tracks
                .iter()
                .enumerate()
                .filter(|(i, t)| !skip.contains(i) && t.signs[piece[*i]] == Sign::Negative)
                .fold(0, |m, (_, t)| m | (1 << t.bit))
        };
        for (m, (p, zeros)) in groups.iter().enumerate() {
            let is_end = m + 1 == groups.len();
            if is_end && !last {
                break;
            }
            cells.push(SgmCell {
                lo: p.clone(),
                hi: p.clone(),
                sample: None,
                negative: negative_mask(&piece, zeros),
                interval: k,
            });
            zero_planes.push((
                cells.len() - 1,
                zeros.iter().fold(0u32, |m, &i| m | (1 << tracks[i].bit)),
            ));
            for &i in zeros {
                piece[i] += 1;
            }
            if is_end {
                break;
            }
            let q = &groups[m + 1].0;
            let Some(s) = S::value_between(p, q) else {
                continue;
            };
            cells.push(SgmCell {
                lo: p.clone(),
                hi: q.clone(),
                sample: Some(s),
                negative: negative_mask(&piece, &[]),
                interval: k,
            });
        }
        interval_planes.push(Some(IntervalPlanes { planes }));
    }
    stats.cells = cells.len();
    stats.root_isolations = cache.isolations;

    // Contact intervals: maximal runs of cells where no plane separates.
    let mut intervals: Vec<(S::Root, S::Root)> = Vec::new();
    let mut open: Option<S::Root> = None;
    let mut first_cell: Option<usize> = None;
    for (i, c) in cells.iter().enumerate() {
        if c.negative == 0 {
            if open.is_none() {
                open = Some(c.lo.clone());
                first_cell.get_or_insert(i);
            }
        } else if let Some(start) = open.take() {
            intervals.push((start, cells[i - 1].hi.clone()));
        }
    }
    if let Some(start) = open {
        intervals.push((start, r1.clone()));
    }
    let first = intervals.first().map(|(lo, _)| lo.clone());

    // The pair at the first contact.
    let feature = match (first_cell, &first) {
        (Some(i), Some(t)) => interval_planes
            .get(cells[i].interval)
            .and_then(Option::as_ref)
            .and_then(|ps| {
                // Exactly, the planes vanishing at the first contact are
                // the tracks' roots there (and the identically zero ones).
                let zeros = zero_planes
                    .iter()
                    .find(|(c, _)| *c == i)
                    .map(|(_, z)| *z)
                    .filter(|_| S::IS_EXACT);
                active_pair::<S, R>(&axes, ps, t, zeros)
            }),
        _ => None,
    };

    if let (Some((id, _, _)), Some(i)) = (&feature, first_cell) {
        stats.contact_degree = interval_planes
            .get(cells[i].interval)
            .and_then(Option::as_ref)
            .and_then(|ps| ps.planes.iter().find(|(k, _)| *k == id.index()))
            .and_then(|(_, d)| d.degree());
    }

    let end = first_cell.unwrap_or(cells.len());
    let pieces = cover(&cells[..end], &s0, &s1, first.is_some());
    Ok(SgmOutcome {
        collides: first.is_some(),
        initially_overlapping: first.as_ref() == Some(&r0),
        first_contact: first,
        contact_intervals: intervals,
        feature,
        pieces,
        normals: axis_normals(&boxes),
        boxes,
        stats,
    })
}

/// The number of homogeneous intervals of the whole real line of `t` that
/// lie outside `[t0, t1]` ([`SgmStats::intervals_outside_domain`]): the
/// distinct real roots of the components of `b`'s axes and normals in
/// `a`'s frame (section IV-A, eq. 1) cut the line; each root `<= t0` or `>=
/// t1` adds one interval outside the domain. Exact (isolation on `[-B, B]`
/// with a power-of-two root bound `B`).
pub fn intervals_outside_domain(
    a: &Body,
    b: &Body,
    t0: &BigRational,
    t1: &BigRational,
) -> Result<usize, SgmError> {
    let boxes = relative_boxes::<BigRational>(a, b, t0)?;
    let mut roots = Vec::new();
    for j in 0..3 {
        let u = boxes.axis(j);
        for k in 0..3 {
            // As for the cuts: for rigid motion the normals' components
            // are `w > 0` times the axes' (the paper's rotated normals are
            // the axes over `w`).
            let normal = (!boxes.rigid).then_some(&boxes.normals[j][k]);
            for p in std::iter::once(&u[k]).chain(normal) {
                if p.is_constant() {
                    continue;
                }
                let bound_log2 = fujiwara_bound_log2(&p.to_primitive_integer()).max(0);
                let bound =
                    BigRational::from_integer(<BigInt as One>::one() << (bound_log2 as u64 + 1));
                roots.extend(isolate_roots(p, &-bound.clone(), &bound).map_err(limit)?);
            }
        }
    }
    let roots = sorted_unique(roots);
    Ok(roots
        .iter()
        .filter(|r| r.cmp_rational(t0) != Ordering::Greater || r.cmp_rational(t1) != Ordering::Less)
        .count())
}

/// The first plane (FV, then VF, then EE) on which the origin lies at `t`
/// (the planes vanishing there: `zeros` when known, else signed at `t`)
/// with a normal that does not vanish there, and the touching features:
/// each box's support feature in the direction of every such active plane,
/// intersected (the sign vectors merged), read from the exact signs at `t`
/// (so a degenerate instant names the touching edge or face, and two
/// touching edges are named as edges rather than as the faces of one
/// plane).
fn active_pair<S: RealRoots, R: PlaneRing<S>>(
    axes: &[AxisData<R>],
    ps: &IntervalPlanes<R>,
    t: &S::Root,
    zeros: Option<u32>,
) -> Option<(PlaneId, BoxFeature, BoxFeature)> {
    contact_pair(ps.planes.iter().filter_map(|(k, d)| {
        let vanishes = match zeros {
            _ if d.is_zero() => true,
            Some(z) => z & (1 << k) != 0,
            None => S::sign_at_root(&R::to_scalar(d), t) == Sign::Zero,
        };
        if !vanishes {
            return None;
        }
        let id = PlaneId::from_index(*k);
        let ax = &axes[id.axis.index()];
        let signs: [Sign; 6] =
            std::array::from_fn(|m| S::sign_at_root(&R::to_scalar(&ax.terms[m].1), t));
        Some((id, signs))
    }))
}

fn plane_of(mask: u32) -> Option<PlaneId> {
    let k = mask.trailing_zeros() as usize;
    (k < PLANE_COUNT).then(|| PlaneId::from_index(k))
}

/// Covers the separated cells `[t0, T)` (or `[t0, t1]`) greedily by planes:
/// a plane is kept while it separates on every cell; when none of the kept
/// ones separates on the next cell, the cover walks back to the nearest gap
/// on which a plane of the new cell also separates and cuts there at the
/// gap's rational sample (both planes separate on the closed pieces).
fn cover<S: RealRoots>(
    cells: &[SgmCell<S>],
    t0: &S,
    t1: &S,
    contact: bool,
) -> Option<Vec<SgmPiece<S>>> {
    if cells.is_empty() {
        return Some(Vec::new());
    }
    let mut pieces = Vec::new();
    let mut from = t0.clone();
    let mut run_start = 0;
    let mut cur = cells[0].negative;
    for c in 1..cells.len() {
        let next = cur & cells[c].negative;
        if next != 0 {
            cur = next;
            continue;
        }
        let mut new = cells[c].negative;
        let mut cut = None;
        let mut j = c;
        while j > run_start {
            let m = new & cells[j - 1].negative;
            if m == 0 {
                break;
            }
            new = m;
            j -= 1;
            if cells[j].sample.is_some() {
                cut = Some(j);
                break;
            }
        }
        let g = cut?;
        let at = cells[g].sample.clone()?;
        pieces.push(SgmPiece {
            from: from.clone(),
            to: Some(at.clone()),
            plane: plane_of(cur),
        });
        from = at;
        run_start = g;
        cur = new;
    }
    pieces.push(SgmPiece {
        from,
        to: if contact { None } else { Some(t1.clone()) },
        plane: plane_of(cur),
    });
    Some(pieces)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sqrt_upper_bounds_from_above_and_is_tight() {
        for (n, d) in [
            (2i64, 1i64),
            (1, 1),
            (9, 4),
            (3, 7),
            (1_000_001, 3),
            (1, 1 << 40),
        ] {
            let x = BigRational::new(n.into(), d.into());
            let u = sqrt_upper(&x);
            assert!(&u * &u >= x, "{x}: {u}");
            // within a relative 2^-19 plus 2^-19
            let slack = BigRational::new(1.into(), (1u64 << 19).into());
            let v = &u - &(&u * &slack) - &slack;
            assert!(v.is_negative() || &v * &v < x, "{x}: {u} too loose");
        }
        assert_eq!(
            sqrt_upper(&<BigRational as Zero>::zero()),
            <BigRational as Zero>::zero()
        );
    }
}
