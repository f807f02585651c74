//! The cells of the homogeneous intervals (the SGM paper, "Collision
//! prediction of two oriented bounding boxes under univariate (piecewise)
//! rational motion", sections IV-B to IV-E): per interval the planes and
//! their tracks (roots and signs), the bounding sphere's track, and the
//! cells between the critical instants, each with the mask of the planes
//! that separate there.
#![deny(clippy::float_arithmetic)]

use super::outcome::{SgmCell, SgmStats};
use super::planes::{AxisData, PlaneId, PLANE_COUNT};
use super::ring::PlaneRing;
use crate::budget;
use crate::poly::{IsolationError, Poly, RealRoots};
use crate::scalar::{Ring, Sign};
use crate::Error;

/// The bit of a cell's mask meaning "the bounding spheres are apart".
const SPHERE_BIT: usize = PLANE_COUNT;

/// An isolation limit met, as the solver's error.
pub(super) fn limit(e: IsolationError) -> Error {
    Error::limit_exceeded(format!("sgm: {e}"))
}

/// Real roots in `[t0, t1]` with a cache (many plane polynomials repeat
/// between neighbouring intervals).
pub(super) struct RootCache<S: RealRoots> {
    seen: Vec<(Poly<S>, Vec<S::Root>)>,
    t0: S,
    t1: S,
    pub(super) isolations: usize,
}

impl<S: RealRoots> RootCache<S> {
    /// An empty cache for roots in `[t0, t1]`.
    pub(super) fn new(t0: S, t1: S) -> Self {
        RootCache {
            seen: Vec::new(),
            t0,
            t1,
            isolations: 0,
        }
    }

    /// `t0` and `t1`.
    pub(super) fn ends(&self) -> (&S, &S) {
        (&self.t0, &self.t1)
    }

    /// The real roots of `p` in `[t0, t1]` (none for a constant), isolated
    /// once per polynomial.
    pub(super) fn roots(&mut self, p: &Poly<S>) -> Result<Vec<S::Root>, Error> {
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
pub(super) struct IntervalPlanes<R> {
    pub(super) planes: Vec<(usize, Poly<R>)>,
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
) -> Result<Track<S>, Error> {
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
) -> Result<PlaneRun<S, R>, Error> {
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
        track_within::<S, R>(bit, &self.poly, &self.roots, lo, hi)
    }
}

/// The sweep over the homogeneous intervals `cuts` (sections IV-B to
/// IV-E): what is known of each interval (its sample, whether the sphere
/// prunes it, the bounds of its ends, the directions' sign patterns, the
/// runs of unchanged planes) and what the sweep yields.
pub(super) struct Sweep<'a, S: RealRoots, R> {
    axes: &'a [AxisData<R>],
    cuts: &'a [S::Root],
    /// `t0` and `t1`, the bounds of an end without its own.
    ends: (S, S),
    /// A sample of every interval.
    mids: Vec<Option<S>>,
    /// Whether the sphere test prunes the interval.
    pruned_at: Vec<bool>,
    /// Scalar bounds of the cuts, for the exclusion test (computed
    /// lazily).
    cut_bounds: Vec<Option<(S, S)>>,
    /// The sign pattern of direction `a` on interval `k` (memoised).
    patterns: Vec<Vec<Option<[Sign; 6]>>>,
    /// Exactly, a plane keeps its polynomial over the run of neighbouring
    /// unpruned intervals where its direction keeps its sign pattern: its
    /// exclusion test and isolation are done once for the whole run.
    runs: Vec<Option<PlaneRun<S, R>>>,
    /// The cells, in order.
    pub(super) cells: Vec<SgmCell<S>>,
    /// The planes of each interval (`None` for a pruned one).
    pub(super) interval_planes: Vec<Option<IntervalPlanes<R>>>,
    /// `(cell, bits)`: the tracked planes that vanish at an instant cell.
    pub(super) zero_planes: Vec<(usize, u32)>,
}

/// The cells of every homogeneous interval between the `cuts` (sections
/// IV-B to IV-E): an interval the bounding sphere prunes (section IV-E) is
/// decided by it; on the others, the planes of the interval's sign pattern
/// (sections IV-B, IV-C) and the sphere polynomial are tracked and the
/// cells between their roots decided (section IV-D). `sphere` is the
/// sphere polynomial (when the motion is rigid) and `sphere_roots` its
/// roots in `[t0, t1]`.
pub(super) fn sweep_intervals<'a, S: RealRoots, R: PlaneRing<S>>(
    axes: &'a [AxisData<R>],
    cuts: &'a [S::Root],
    (sphere, sphere_roots): (&Option<Poly<R>>, &[S::Root]),
    ends: (S, S),
    cache: &mut RootCache<S>,
    stats: &mut SgmStats,
) -> Result<Sweep<'a, S, R>, Error> {
    let n_int = cuts.len().saturating_sub(1);
    let sphere_apart =
        |t: &S| -> bool { matches!(sphere, Some(p) if R::sign_at(p, t) == Sign::Positive) };
    let negated_sphere = sphere.as_ref().map(|p| -p);
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
    let mut sweep = Sweep {
        axes,
        cuts,
        ends,
        mids,
        pruned_at,
        cut_bounds: vec![None; cuts.len()],
        patterns: vec![vec![None; axes.len()]; n_int],
        runs: (0..PLANE_COUNT).map(|_| None).collect(),
        cells: Vec::new(),
        interval_planes: Vec::new(),
        zero_planes: Vec::new(),
    };
    for k in 0..n_int {
        budget::check()?;
        if sweep.cells.iter().all(|c| c.negative != 0) {
            // no contact in the intervals before this one
            budget::established_no_contact_before_with(|| S::rational_at_most(&cuts[k]));
        }
        let (lo, hi) = (&cuts[k], &cuts[k + 1]);
        let last = k + 1 == n_int;
        let Some(mid) = sweep.mids[k].clone() else {
            continue;
        };
        if sweep.pruned_at[k] {
            stats.pruned_by_sphere += 1;
            sweep.pruned_cells(k, mid, last);
            continue;
        }
        let (planes, mut tracks) = sweep.plane_tracks(k, cache, stats)?;
        if let Some(p) = &negated_sphere {
            // the negated sphere polynomial's track (section IV-E)
            tracks.push(track_within::<S, R>(SPHERE_BIT, p, sphere_roots, lo, hi));
        }
        sweep.interval_cells(k, &tracks, last);
        sweep.interval_planes.push(Some(planes));
    }
    Ok(sweep)
}

/// The track (mask bit `bit`) of `p` on `[lo, hi]` from its `roots` on a
/// larger interval: those in `[lo, hi]` and the signs between them.
fn track_within<S: RealRoots, R: PlaneRing<S>>(
    bit: usize,
    p: &Poly<R>,
    roots: &[S::Root],
    lo: &S::Root,
    hi: &S::Root,
) -> Track<S> {
    let roots: Vec<S::Root> = roots
        .iter()
        .filter(|r| *r >= lo && *r <= hi)
        .cloned()
        .collect();
    let signs = piece_signs::<S, R>(p, &roots, lo, hi);
    Track { bit, roots, signs }
}

/// Counts the plane polynomial `d` (not zero) in the statistics.
fn count_plane<R: Ring>(stats: &mut SgmStats, d: &Poly<R>) {
    stats.planes += 1;
    let degree = d.degree().unwrap_or(0);
    stats.max_plane_degree = stats.max_plane_degree.max(degree);
    if stats.plane_degrees.len() <= degree {
        stats.plane_degrees.resize(degree + 1, 0);
    }
    stats.plane_degrees[degree] += 1;
}

impl<S: RealRoots, R: PlaneRing<S>> Sweep<'_, S, R> {
    /// Scalar bounds of cut `i` (computed on first use).
    fn bound_of(&mut self, i: usize) -> (S, S) {
        let (cuts, ends) = (self.cuts, &self.ends);
        self.cut_bounds[i]
            .get_or_insert_with(|| {
                S::root_bounds(&cuts[i], END_BOUND_BITS)
                    .unwrap_or_else(|| (ends.0.clone(), ends.1.clone()))
            })
            .clone()
    }

    /// The sign pattern of direction `a` on interval `k` (section IV-B),
    /// at the interval's sample (memoised).
    fn pattern_of(&mut self, a: usize, k: usize) -> Option<[Sign; 6]> {
        let mid = self.mids[k].as_ref()?;
        let axes = self.axes;
        Some(
            *self.patterns[k][a].get_or_insert_with(|| {
                std::array::from_fn(|m| R::sign_at(&axes[a].terms[m].1, mid))
            }),
        )
    }

    /// The cells of interval `k` when the bounding spheres are apart on it
    /// (section IV-E): its start, its inside (sample `mid`) and, for the
    /// last interval, its end, all with the sphere's bit.
    fn pruned_cells(&mut self, k: usize, mid: S, last: bool) {
        let (lo, hi) = (&self.cuts[k], &self.cuts[k + 1]);
        let mask = 1 << SPHERE_BIT;
        self.cells.push(SgmCell {
            lo: lo.clone(),
            hi: lo.clone(),
            sample: None,
            negative: mask,
            interval: k,
        });
        self.cells.push(SgmCell {
            lo: lo.clone(),
            hi: hi.clone(),
            sample: Some(mid),
            negative: mask,
            interval: k,
        });
        if last {
            self.cells.push(SgmCell {
                lo: hi.clone(),
                hi: hi.clone(),
                sample: None,
                negative: mask,
                interval: k,
            });
        }
        self.interval_planes.push(None);
    }

    /// The last interval of the run of unpruned intervals from `k` on
    /// where direction `a` keeps the sign pattern `pattern`.
    fn run_end(&mut self, a: usize, k: usize, pattern: [Sign; 6]) -> usize {
        let n_int = self.mids.len();
        let mut end = k;
        while end + 1 < n_int
            && !self.pruned_at[end + 1]
            && self.pattern_of(a, end + 1) == Some(pattern)
        {
            end += 1;
        }
        end
    }

    /// The planes of interval `k` (sections IV-B, IV-C: the pair of planes
    /// of each direction's sign pattern there, those of a vanishing normal
    /// left out) and the tracks of those not identically zero (section
    /// IV-D). Exactly, a plane's roots come from its run of unchanged
    /// intervals; in `f64`, from the cache.
    fn plane_tracks(
        &mut self,
        k: usize,
        cache: &mut RootCache<S>,
        stats: &mut SgmStats,
    ) -> Result<(IntervalPlanes<R>, Vec<Track<S>>), Error> {
        let (cuts, axes) = (self.cuts, self.axes);
        let (lo, hi) = (&cuts[k], &cuts[k + 1]);
        let bounds = (self.bound_of(k).0, self.bound_of(k + 1).1);
        let mut planes = Vec::new();
        let mut tracks: Vec<Track<S>> = Vec::new();
        for (a, ax) in axes.iter().enumerate() {
            if ax.vanishes() {
                continue;
            }
            let pattern = self.pattern_of(a, k).expect("the interval has a sample");
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
                    count_plane(stats, &d);
                    if S::IS_EXACT {
                        let i = id.index();
                        let known = matches!(&self.runs[i], Some(r) if r.until >= k && r.poly == d);
                        if !known {
                            let until = match run_end {
                                Some(end) => end,
                                None => *run_end.insert(self.run_end(a, k, pattern)),
                            };
                            let bounds = (self.bound_of(k).0, self.bound_of(until + 1).1);
                            self.runs[i] =
                                Some(plane_run::<S, R>(d.clone(), until, &bounds, cache)?);
                        }
                        let run = self.runs[i].as_ref().expect("the run was just set");
                        tracks.push(run.track(i, lo, hi));
                    } else {
                        tracks.push(track::<S, R>(&d, id.index(), lo, hi, &bounds, cache)?);
                    }
                }
                planes.push((id.index(), d));
            }
        }
        Ok((IntervalPlanes { planes }, tracks))
    }

    /// The cells of interval `k` from its tracks (section IV-D): the
    /// critical instants (the ends and every root, each tagged with the
    /// track it is a root of) and the open pieces between them, each with
    /// the mask of the tracks negative there; the planes vanishing at each
    /// instant are kept in `zero_planes`. The end `hi` is a cell only for
    /// the last interval.
    fn interval_cells(&mut self, k: usize, tracks: &[Track<S>], last: bool) {
        let (lo, hi) = (&self.cuts[k], &self.cuts[k + 1]);
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
            self.cells.push(SgmCell {
                lo: p.clone(),
                hi: p.clone(),
                sample: None,
                negative: negative_mask(&piece, zeros),
                interval: k,
            });
            self.zero_planes.push((
                self.cells.len() - 1,
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
            self.cells.push(SgmCell {
                lo: p.clone(),
                hi: q.clone(),
                sample: Some(s),
                negative: negative_mask(&piece, &[]),
                interval: k,
            });
        }
    }
}
