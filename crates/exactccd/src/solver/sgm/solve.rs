//! Collision time and contact intervals (the SGM paper, "Collision
//! prediction of two oriented bounding boxes under univariate (piecewise)
//! rational motion", section IV-D) with the bounding-sphere pruning of
//! section IV-E, over the homogeneous intervals of section IV-A (module
//! docs of `sgm`). The cells of the intervals are built in `cells.rs`; the
//! outcome's types are in `outcome.rs`.
#![deny(clippy::float_arithmetic)]

use super::cells::{limit, sweep_intervals, IntervalPlanes, RootCache};
use super::outcome::{SgmCell, SgmOutcome, SgmPiece, SgmStats};
use super::planes::{
    axis_data, axis_normals, contact_pair, AxisData, BoxFeature, PlaneId, PLANE_COUNT,
};
use super::relative::{relative_boxes, RelativeBoxes};
use super::ring::PlaneRing;
use crate::budget;
use crate::geom::Mat3;
use crate::geom::Vec3;
use crate::motion::Body;
use crate::poly::{fujiwara_bound_log2, isolate_roots, Poly, RealRoots};
use crate::scalar::{BigInt, BigRational, Sign};
use crate::Error;
use num_traits::{One, Signed, Zero};
use std::cmp::Ordering;

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

/// Solves the pair with the SGM method (module docs of `sgm`): exact for
/// exact `S` (times are [`RealAlgebraic`](crate::poly::RealAlgebraic)),
/// approximate for `f64`.
pub fn solve_sgm<S: RealRoots>(
    a: &Body,
    b: &Body,
    t0: &BigRational,
    t1: &BigRational,
) -> Result<SgmOutcome<S>, Error> {
    let boxes = relative_boxes::<S>(a, b, t0)?;
    budget::check()?;
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

/// [`solve_sgm`] with the planes built and signed over the ring `R`: the
/// homogeneous intervals (section IV-A), the sphere polynomial (section
/// IV-E), the cells of every interval (sections IV-B to IV-E, `cells.rs`),
/// then the contact intervals, the touching features at the first contact
/// and the cover of the separated time before it (section IV-D).
fn solve_in<S: RealRoots, R: PlaneRing<S>>(
    boxes: RelativeBoxes<S>,
    t0: &BigRational,
    t1: &BigRational,
) -> Result<SgmOutcome<S>, Error> {
    let lambda = integer_scale(&boxes);
    let rboxes = ring_boxes::<S, R>(&boxes, &lambda);
    budget::check()?;
    let w_divisor = R::positive_divisor(&rboxes.denominator);
    let axes: Vec<AxisData<R>> = axis_data(&rboxes)
        .into_iter()
        .map(|ax| without_common_factor::<S, R>(ax, &w_divisor))
        .collect();
    let mut stats = SgmStats {
        motion_degree: motion_degree(&boxes),
        ..SgmStats::default()
    };
    let (s0, s1) = (S::from_rational(t0), S::from_rational(t1));
    let (r0, r1) = (S::root_of_value(&s0), S::root_of_value(&s1));
    let mut cache = RootCache::new(s0.clone(), s1.clone());
    let cuts = homogeneous_intervals(&boxes, &r0, &r1, &mut cache)?;
    budget::check()?;
    stats.homogeneous_intervals = cuts.len().saturating_sub(1).max(1);
    let (sphere, sphere_roots) = bounding_sphere(&rboxes, &boxes, &lambda, &mut cache)?;
    budget::check()?;
    let sweep = sweep_intervals(
        &axes,
        &cuts,
        (&sphere, &sphere_roots),
        (s0.clone(), s1.clone()),
        &mut cache,
        &mut stats,
    )?;
    stats.cells = sweep.cells.len();
    stats.root_isolations = cache.isolations;
    let cells = &sweep.cells;
    let (intervals, first_cell) = contact_intervals(cells, &r1);
    let first = intervals.first().map(|(lo, _)| lo.clone());

    // The pair at the first contact.
    let planes_of_first = first_cell.and_then(|i| {
        sweep
            .interval_planes
            .get(cells[i].interval)
            .and_then(Option::as_ref)
    });
    let feature = match (first_cell, &first, planes_of_first) {
        (Some(i), Some(t), Some(ps)) => {
            // Exactly, the planes vanishing at the first contact are the
            // tracks' roots there (and the identically zero ones).
            let zeros = sweep
                .zero_planes
                .iter()
                .find(|(c, _)| *c == i)
                .map(|(_, z)| *z)
                .filter(|_| S::IS_EXACT);
            active_pair::<S, R>(&axes, ps, t, zeros)
        }
        _ => None,
    };
    if let (Some((id, _, _)), Some(ps)) = (&feature, planes_of_first) {
        stats.contact_degree = ps
            .planes
            .iter()
            .find(|(k, _)| *k == id.index())
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

/// The scale making exact half extents integers (the least common multiple
/// of their denominators; 1 for `f64`).
fn integer_scale<S: RealRoots>(boxes: &RelativeBoxes<S>) -> BigRational {
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
    lambda
}

/// The highest degree of the relative motion's polynomials (`w`, `T` and
/// the axes).
fn motion_degree<S: RealRoots>(boxes: &RelativeBoxes<S>) -> usize {
    [boxes.denominator.degree().unwrap_or(0)]
        .into_iter()
        .chain(boxes.translation.iter().map(|p| p.degree().unwrap_or(0)))
        .chain((0..3).flat_map(|j| {
            let c = boxes.axis(j);
            [0, 1, 2].map(|k| c[k].degree().unwrap_or(0))
        }))
        .max()
        .unwrap_or(0)
}

/// The homogeneous intervals' ends (section IV-A): `t0`, `t1` and the
/// roots in between of the entries of `b`'s axes (and, for non-rigid
/// motion, of its normals), sorted and distinct. For rigid motion `N_j = w
/// U_j` up to sign (`w > 0`), so the normals' entries have the roots of
/// the axes' entries and are not isolated again.
fn homogeneous_intervals<S: RealRoots>(
    boxes: &RelativeBoxes<S>,
    r0: &S::Root,
    r1: &S::Root,
    cache: &mut RootCache<S>,
) -> Result<Vec<S::Root>, Error> {
    let mut cuts = vec![r0.clone(), r1.clone()];
    for j in 0..3 {
        let u = boxes.axis(j);
        for k in 0..3 {
            budget::check()?;
            cuts.extend(cache.roots(&u[k])?);
            if !boxes.rigid {
                cuts.extend(cache.roots(&boxes.normals[j][k])?);
            }
        }
    }
    Ok(sorted_unique(cuts))
}

/// Real roots, in order.
type Roots<S> = Vec<<S as RealRoots>::Root>;

/// A closed interval of times.
type Interval<S> = (<S as RealRoots>::Root, <S as RealRoots>::Root);

/// The sphere polynomial (section IV-E; for rigid motion, when not zero)
/// and its real roots in `[t0, t1]`.
fn bounding_sphere<S: RealRoots, R: PlaneRing<S>>(
    rboxes: &RelativeBoxes<R>,
    boxes: &RelativeBoxes<S>,
    lambda: &BigRational,
    cache: &mut RootCache<S>,
) -> Result<(Option<Poly<R>>, Roots<S>), Error> {
    let sphere = if boxes.rigid {
        sphere_polynomial(rboxes, boxes, lambda).filter(|p| !p.is_zero())
    } else {
        None
    };
    let roots = match &sphere {
        Some(p) if !p.is_constant() => {
            cache.isolations += 1;
            let (s0, s1) = cache.ends();
            S::real_roots(&R::to_scalar(p), s0, s1).map_err(limit)?
        }
        _ => Vec::new(),
    };
    Ok((sphere, roots))
}

/// The contact intervals (section IV-D): the maximal runs of cells where
/// no plane separates (the last closed at `t1`), and the first cell of the
/// first run.
fn contact_intervals<S: RealRoots>(
    cells: &[SgmCell<S>],
    r1: &S::Root,
) -> (Vec<Interval<S>>, Option<usize>) {
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
    (intervals, first_cell)
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
) -> Result<usize, Error> {
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
