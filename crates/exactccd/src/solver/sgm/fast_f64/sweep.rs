//! The sweep over `[t0, t1]` (the SGM paper, sections IV-A to IV-E): the
//! homogeneous intervals, the bounding-sphere prune, the planes of each
//! interval, the separated intervals (module docs), and the cells between
//! the critical instants, streamed into contact intervals.
#![allow(clippy::float_arithmetic)]

use super::arena::{Pool, P};
use super::geometry::{axis_planes, world_normal, Geometry, RigidF64, BASES};
use super::roots::{plane_bound, plane_roots, Bound, Roots};
use super::{midpoint, same_instant, FastSgmOutcome, SolveStop, MAX_COEFFS, SPHERE_BIT};
use crate::scalar::Sign;
use crate::solver::sgm::planes::{contact_pair, BoxFeature, PlaneId, PLANE_COUNT};
use crate::solver::sgm::SgmStats;

/// A constraint on one homogeneous interval (a plane, or the negated
/// sphere polynomial): its roots there (`roots[at..at + n]` of the
/// [`Tracks`]) and its sign on the open pieces between `lo`, the roots and
/// `hi` (`signs[at + i..]`... one more than roots; `Sign::Zero` for an
/// empty piece), as the generic solve's `Track`.
#[derive(Clone, Copy)]
struct Track {
    bit: usize,
    roots_at: usize,
    n: usize,
    signs_at: usize,
}

/// The tracks of one homogeneous interval, their roots and signs in two
/// vectors reused from interval to interval.
struct Tracks {
    list: Vec<Track>,
    roots: Vec<f64>,
    signs: Vec<Sign>,
}

impl Tracks {
    fn clear(&mut self) {
        self.list.clear();
        self.roots.clear();
        self.signs.clear();
    }

    /// A track with the given roots; the signs sampled from `p` between
    /// them.
    fn push(&mut self, bit: usize, pool: &Pool, p: P, roots: &[f64], lo: f64, hi: f64) {
        let (roots_at, signs_at) = (self.roots.len(), self.signs.len());
        self.roots.extend_from_slice(roots);
        let mut from = lo;
        for &to in roots.iter().chain([hi].iter()) {
            self.signs
                .push(midpoint(from, to).map_or(Sign::Zero, |x| pool.sign_at(p, x)));
            from = to;
        }
        self.list.push(Track {
            bit,
            roots_at,
            n: roots.len(),
            signs_at,
        });
    }

    /// A track without roots, of one sign.
    fn push_constant(&mut self, bit: usize, sign: Sign) {
        self.list.push(Track {
            bit,
            roots_at: self.roots.len(),
            n: 0,
            signs_at: self.signs.len(),
        });
        self.signs.push(sign);
    }

    fn roots_of(&self, t: &Track) -> &[f64] {
        &self.roots[t.roots_at..t.roots_at + t.n]
    }
}

/// Streams the cells into contact intervals (generic solve, "Contact
/// intervals") without storing them.
struct Sweep {
    open: Option<f64>,
    prev_hi: f64,
    intervals: Vec<(f64, f64)>,
    cells: usize,
}

impl Sweep {
    /// Adds a cell; true when it starts the first contact interval.
    fn cell(&mut self, lo: f64, hi: f64, mask: u32) -> bool {
        self.cells += 1;
        let mut first = false;
        if mask == 0 {
            if self.open.is_none() {
                first = self.intervals.is_empty();
                self.open = Some(lo);
            }
        } else if let Some(start) = self.open.take() {
            self.intervals.push((start, self.prev_hi));
        }
        self.prev_hi = hi;
        first
    }
}

/// The plane polynomials of one homogeneous interval, by plane index;
/// `present` marks those built (the normal does not vanish identically).
struct PlaneSet {
    d: [P; PLANE_COUNT],
    present: u32,
}

/// The first-contact data: the pair and the plane polynomial's degree.
struct FirstContact {
    time: f64,
    feature: Option<(PlaneId, BoxFeature, BoxFeature)>,
    degree: Option<usize>,
}

/// The first plane (FV, VF, EE order) the origin lies on at `t` with a
/// normal not vanishing there, and the merged support features of all such
/// planes (the generic solve's `active_pair`, signs with the rounding
/// allowance).
fn active_pair(
    pool: &Pool,
    g: &Geometry,
    planes: &PlaneSet,
    zeros: u32,
    t: f64,
) -> Option<(PlaneId, BoxFeature, BoxFeature)> {
    contact_pair(planes.d.iter().enumerate().filter_map(|(k, &d)| {
        if planes.present & (1 << k) == 0 {
            return None;
        }
        let vanishes =
            d.is_zero() || zeros & (1 << k) != 0 || pool.sign_tolerant(d, t) == Sign::Zero;
        if !vanishes {
            return None;
        }
        let id = PlaneId::from_index(k);
        let ax = &g.axes[id.axis.index()];
        let signs: [Sign; 6] = std::array::from_fn(|m| {
            let s = pool.sign_tolerant(g.bases[ax.base[m]], t);
            if ax.negated[m] {
                s.flip()
            } else {
                s
            }
        });
        Some((id, signs))
    }))
}

fn first_contact(pool: &Pool, g: &Geometry, planes: &PlaneSet, zeros: u32, t: f64) -> FirstContact {
    let feature = active_pair(pool, g, planes, zeros, t);
    let degree = feature
        .filter(|(id, _, _)| planes.present & (1 << id.index()) != 0)
        .map(|(id, _, _)| planes.d[id.index()].degree());
    FirstContact {
        time: t,
        feature,
        degree,
    }
}

/// The bounding-sphere polynomial of one query and its roots in `[t0,
/// t1]` (the SGM paper, section IV-E).
struct Sphere {
    /// `|T'|^2 - R^2 w'^2` (`|T|^2 - R^2 w^2` divided by `s_b^2`).
    p: P,
    /// `-p`, the sphere's track (negative where the spheres are apart).
    negated: P,
    roots: Roots,
}

/// The state of one query's sweep: the counters, the cells streamed so far
/// and the scratch reused from interval to interval.
struct Run<'g> {
    g: &'g Geometry,
    skip_separated: bool,
    stats: SgmStats,
    /// Planes built, by degree.
    degrees: [usize; MAX_COEFFS],
    isolations: usize,
    sweep: Sweep,
    first: Option<FirstContact>,
    /// The critical instants of an interval, tagged with their track.
    crit: Vec<(f64, usize)>,
    tracks: Tracks,
    planes: PlaneSet,
    /// Per direction: the last pattern and its two planes.
    cache: [Option<([Sign; 6], [P; 2])>; 15],
    /// The plane that separated the last separated interval.
    separating: usize,
    roots: Roots,
}

/// Sections IV-A to IV-E on the relative geometry (module docs of `sgm`
/// and of this module): the homogeneous intervals, the bounding sphere,
/// then per interval the sphere's prune, the planes and the cells.
pub(super) fn solve_geometry(
    pool: &mut Pool,
    g: &Geometry,
    a: &RigidF64,
    (e, f): ([f64; 3], [f64; 3]),
    (s0, s1): (f64, f64),
    skip_separated: bool,
) -> Result<FastSgmOutcome, SolveStop> {
    let mut run = Run::new(g, skip_separated, s0);
    let cuts = run.homogeneous_intervals(pool, s0, s1);
    let n_int = cuts.len().saturating_sub(1);
    run.stats.homogeneous_intervals = n_int.max(1);
    let sphere = bounding_sphere(pool, g, (e, f), (s0, s1), &mut run.isolations)?;
    for k in 0..n_int {
        let (lo, hi) = (cuts[k], cuts[k + 1]);
        let last = k + 1 == n_int;
        let Some(mid) = midpoint(lo, hi) else {
            continue;
        };
        if sphere_prunes(pool, &sphere, lo, hi, mid) {
            run.stats.pruned_by_sphere += 1;
            run.sweep.decided(lo, hi, last, 1 << SPHERE_BIT);
            continue;
        }
        // Sections IV-B, IV-C: the planes of this interval, from the signs
        // of the base polynomials at the midpoint (`sigma_k inner_k` is
        // `sign(base) base` whatever the inner value's own sign), built on
        // first use.
        let base_sign: [Sign; BASES] = std::array::from_fn(|b| pool.sign_at(g.bases[b], mid));
        run.planes.present = 0;
        let mut bounds = [Bound::Unknown; PLANE_COUNT];
        if run.separating_plane(pool, &base_sign, (lo, hi), &mut bounds) {
            run.sweep.decided(lo, hi, last, 1 << run.separating);
            continue;
        }
        run.plane_tracks(pool, &bounds, &sphere, (lo, hi));
        run.interval_cells(pool, (lo, hi), last);
    }
    Ok(run.outcome(pool, a, (s0, s1)))
}

/// The bounding-sphere polynomial `|T|^2 - R^2 w^2` with `R >= |e| + |f|`
/// (the SGM paper, section IV-E; `R` rounded up as the exact path's
/// `sqrt_upper`), divided by `s_b^2 > 0`, and its roots in `[t0, t1]`;
/// counts a root isolation in `isolations` when it is not root-free there.
/// Declines on an overflow to infinity anywhere in the pool (huge
/// coordinates; `T` and `|T'|^2` have the highest powers): the generic
/// solve runs.
fn bounding_sphere(
    pool: &mut Pool,
    g: &Geometry,
    (e, f): ([f64; 3], [f64; 3]),
    (s0, s1): (f64, f64),
    isolations: &mut usize,
) -> Result<Sphere, SolveStop> {
    let slack = 1.0 / f64::from(1u32 << 20);
    let up = |x: f64| x + x * slack + slack;
    let norm = |h: [f64; 3]| (h[0] * h[0] + h[1] * h[1] + h[2] * h[2]).sqrt();
    let radius = up(norm(e)) + up(norm(f));
    // (divided by `s_b^2 > 0`: `|T'|^2 - R^2 w'^2`)
    let (t, w) = (&g.rel.t_per_sb, g.rel.w_per_sb);
    let p = pool.products(&[
        (1.0, t[0], t[0]),
        (1.0, t[1], t[1]),
        (1.0, t[2], t[2]),
        (-(radius * radius), w, w),
    ])?;
    let negated = pool.neg(p);
    if pool.has_overflow() {
        return Err(SolveStop::Decline);
    }
    let mut roots = Roots::EMPTY;
    let rootless = plane_roots(pool, p, s0, s1, None, &mut roots);
    *isolations += usize::from(rootless.is_none());
    Ok(Sphere { p, negated, roots })
}

/// True when the bounding spheres are apart on the whole of `[lo, hi]`
/// (the SGM paper, section IV-E): no root of the sphere polynomial there
/// and a positive value at the midpoint `mid`.
fn sphere_prunes(pool: &Pool, sphere: &Sphere, lo: f64, hi: f64, mid: f64) -> bool {
    let crosses = sphere.roots.as_slice().iter().any(|&r| r >= lo && r <= hi);
    !sphere.p.is_zero() && !crosses && pool.sign_at(sphere.p, mid) == Sign::Positive
}

impl Sweep {
    /// The cells of `[lo, hi]` when one mask decides the whole interval
    /// (the spheres apart, or a plane separating): its start, its inside
    /// and, for the last interval, its end.
    fn decided(&mut self, lo: f64, hi: f64, last: bool, mask: u32) {
        self.cell(lo, lo, mask);
        self.cell(lo, hi, mask);
        if last {
            self.cell(hi, hi, mask);
        }
    }
}

impl<'g> Run<'g> {
    fn new(g: &'g Geometry, skip_separated: bool, s0: f64) -> Run<'g> {
        let rel = &g.rel;
        Run {
            g,
            skip_separated,
            stats: SgmStats {
                motion_degree: rel
                    .l
                    .iter()
                    .flatten()
                    .chain(rel.t.iter())
                    .chain([&rel.w])
                    .map(|p| p.degree())
                    .max()
                    .unwrap_or(0),
                ..SgmStats::default()
            },
            degrees: [0usize; MAX_COEFFS],
            isolations: 0,
            sweep: Sweep {
                open: None,
                prev_hi: s0,
                intervals: Vec::new(),
                cells: 0,
            },
            first: None,
            crit: Vec::with_capacity(64),
            tracks: Tracks {
                list: Vec::with_capacity(PLANE_COUNT + 1),
                roots: Vec::with_capacity(64),
                signs: Vec::with_capacity(128),
            },
            planes: PlaneSet {
                d: [P::ZERO; PLANE_COUNT],
                present: 0,
            },
            cache: [None; 15],
            separating: 0,
            roots: Roots::EMPTY,
        }
    }

    /// The homogeneous intervals' ends (the SGM paper, section IV-A): `t0`,
    /// `t1` and the roots of the entries of `L` between them (rigid: the
    /// normals' entries are `w` times them), increasing, with instants
    /// closer than `SAME_INSTANT` merged (`t0` and `t1` kept).
    fn homogeneous_intervals(&mut self, pool: &Pool, s0: f64, s1: f64) -> Vec<f64> {
        let mut cuts: Vec<f64> = Vec::with_capacity(2 + 9 * MAX_COEFFS);
        cuts.push(s0);
        cuts.push(s1);
        for &p in self.g.rel.l.iter().flatten() {
            let rootless = plane_roots(pool, p, s0, s1, None, &mut self.roots);
            self.isolations += usize::from(rootless.is_none());
            cuts.extend_from_slice(self.roots.as_slice());
        }
        cuts.sort_by(f64::total_cmp);
        let mut merged: Vec<f64> = Vec::with_capacity(cuts.len());
        for &x in &cuts {
            match merged.last_mut() {
                Some(last) if same_instant(*last, x) => {
                    if x == s1 {
                        *last = s1;
                    }
                }
                _ => merged.push(x),
            }
        }
        merged
    }

    /// The two planes of direction `k_ax` on this interval (the SGM paper,
    /// sections IV-B and IV-C), unless the direction vanishes or they are
    /// built already; counted in the statistics.
    fn build_direction(&mut self, pool: &mut Pool, base_sign: &[Sign; BASES], k_ax: usize) {
        let ax = &self.g.axes[k_ax];
        if ax.vanishes || self.planes.present & (3 << (2 * k_ax)) != 0 {
            return;
        }
        let built = axis_planes(pool, self.g, k_ax, base_sign, &mut self.cache[k_ax]);
        for (index, d) in [(2 * k_ax, built[0]), (2 * k_ax + 1, built[1])] {
            self.planes.d[index] = d;
            self.planes.present |= 1 << index;
            if !d.is_zero() {
                self.stats.planes += 1;
                self.degrees[d.degree()] += 1;
            }
        }
    }

    /// Whether a plane proven negative on the whole closed interval
    /// separates the boxes there (module docs, "Separated intervals"; ours,
    /// not the paper's): then every cell has its bit, the interval is
    /// decided as the sphere's prune (section IV-E) decides it, without the
    /// other planes, and `separating` is that plane. The plane that
    /// separated the last interval is tried first; planes are built as the
    /// test reaches them, and each one's centred-form verdict is kept in
    /// `bounds` for its root finding.
    fn separating_plane(
        &mut self,
        pool: &mut Pool,
        base_sign: &[Sign; BASES],
        (lo, hi): (f64, f64),
        bounds: &mut [Bound; PLANE_COUNT],
    ) -> bool {
        for step in 0..PLANE_COUNT {
            let index = (self.separating + step) % PLANE_COUNT;
            self.build_direction(pool, base_sign, index / 2);
            let d = self.planes.d[index];
            if self.planes.present & (1 << index) == 0 || d.is_zero() {
                continue;
            }
            bounds[index] = plane_bound(pool, d, lo, hi);
            if self.skip_separated && bounds[index] == Bound::Rootless(Sign::Negative) {
                self.separating = index;
                return true;
            }
        }
        false
    }

    /// The tracks of the interval (the SGM paper, section IV-D): each
    /// built plane's roots in `[lo, hi]` and signs between them, and the
    /// negated sphere polynomial's.
    fn plane_tracks(
        &mut self,
        pool: &Pool,
        bounds: &[Bound; PLANE_COUNT],
        sphere: &Sphere,
        (lo, hi): (f64, f64),
    ) {
        let (planes, tracks, roots) = (&self.planes, &mut self.tracks, &mut self.roots);
        tracks.clear();
        for (index, (&d, &bound)) in planes.d.iter().zip(bounds).enumerate() {
            if planes.present & (1 << index) == 0 || d.is_zero() {
                continue;
            }
            let rootless = plane_roots(pool, d, lo, hi, Some(bound), roots);
            self.isolations += usize::from(rootless.is_none());
            match rootless {
                Some(sign) => tracks.push_constant(index, sign),
                None => tracks.push(index, pool, d, roots.as_slice(), lo, hi),
            }
        }
        if !sphere.p.is_zero() {
            roots.n = 0;
            for &r in sphere.roots.as_slice() {
                if r >= lo && r <= hi {
                    roots.push(r);
                }
            }
            tracks.push(SPHERE_BIT, pool, sphere.negated, roots.as_slice(), lo, hi);
        }
    }

    /// The cells of the interval from its tracks (the SGM paper, section
    /// IV-D): the critical instants (ends and roots, tagged with their
    /// track), grouped into instants, and the open pieces between them,
    /// each a cell whose mask is the tracks negative there; the first cell
    /// of the first contact interval records the first contact. The end
    /// `hi` is a cell only for the last interval (else it is the next
    /// one's start).
    fn interval_cells(&mut self, pool: &Pool, (lo, hi): (f64, f64), last: bool) {
        let Run {
            g,
            crit,
            tracks,
            planes,
            sweep,
            first,
            ..
        } = self;
        crit.clear();
        crit.push((lo, usize::MAX));
        crit.push((hi, usize::MAX));
        for (i, t) in tracks.list.iter().enumerate() {
            crit.extend(tracks.roots_of(t).iter().map(|&r| (r, i)));
        }
        crit.sort_by(|x, y| x.0.total_cmp(&y.0));
        let mut piece = [0usize; PLANE_COUNT + 1];
        let negative_mask = |piece: &[usize], skip: u64| -> u32 {
            tracks
                .list
                .iter()
                .enumerate()
                .filter(|(i, t)| {
                    skip & (1 << i) == 0 && tracks.signs[t.signs_at + piece[*i]] == Sign::Negative
                })
                .fold(0, |m, (_, t)| m | (1 << t.bit))
        };
        let mut m = 0;
        while m < crit.len() {
            // One instant: the run of values within `SAME_INSTANT` of its
            // first; an end in it is its value.
            let start = crit[m].0;
            let mut at = start;
            let mut members = 0u64;
            let mut next = m;
            while next < crit.len() && same_instant(start, crit[next].0) {
                let (x, tag) = crit[next];
                if tag == usize::MAX {
                    at = x;
                } else {
                    members |= 1 << tag;
                }
                next += 1;
            }
            let is_end = next == crit.len();
            if is_end && !last {
                break;
            }
            let mask = negative_mask(&piece, members);
            if sweep.cell(at, at, mask) {
                let zero_bits = tracks
                    .list
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| members & (1 << i) != 0)
                    .fold(0u32, |z, (_, t)| z | (1 << t.bit));
                *first = Some(first_contact(pool, g, planes, zero_bits, at));
            }
            for &(_, tag) in &crit[m..next] {
                if tag != usize::MAX {
                    piece[tag] += 1;
                }
            }
            if is_end {
                break;
            }
            let q = crit[next].0;
            m = next;
            if midpoint(at, q).is_none() {
                continue;
            }
            let mask = negative_mask(&piece, 0);
            if sweep.cell(at, q, mask) {
                *first = Some(first_contact(pool, g, planes, 0, at));
            }
        }
    }

    /// The outcome: the last contact interval closed at `t1`, the
    /// statistics completed, and the first contact's time, features and
    /// world normal.
    fn outcome(self, pool: &Pool, a: &RigidF64, (s0, s1): (f64, f64)) -> FastSgmOutcome {
        let Run {
            g,
            mut stats,
            degrees,
            isolations,
            mut sweep,
            first,
            ..
        } = self;
        if let Some(start) = sweep.open.take() {
            sweep.intervals.push((start, s1));
        }
        stats.cells = sweep.cells;
        stats.root_isolations = isolations;
        let top = degrees.iter().rposition(|&c| c > 0);
        stats.max_plane_degree = top.unwrap_or(0);
        stats.plane_degrees = top.map_or_else(Vec::new, |d| degrees[..=d].to_vec());
        stats.contact_degree = first.as_ref().and_then(|c| c.degree);
        let time = first.as_ref().map(|c| c.time);
        let feature = first.as_ref().and_then(|c| c.feature);
        let normal = match (feature, time) {
            (Some((id, _, _)), Some(t)) => world_normal(pool, g, a, id, t),
            _ => None,
        };
        FastSgmOutcome {
            collides: time.is_some(),
            initially_overlapping: time == Some(s0),
            first_contact: time,
            contact_intervals: sweep.intervals,
            feature,
            normal,
            stats,
        }
    }
}
