//! The time cells: each is proved separated (a fixed world axis whose
//! interval separation bound is positive over the whole cell), proved
//! overlapping (a material point proved strictly inside both boxes over the
//! whole cell), or cut until it is narrower than the target width and
//! left undecided. The cells are visited in time order, left piece first.
//! A cell is cut at its midpoint, or, in a search for the first contact
//! alone, around the crossing of zero that the secant through two samples
//! of the estimated gap places inside it ([`Pair::split_points`]): the
//! cells then close in on the crossing by the secant's steps rather than
//! one bit per bisection. That search, for two boxes, also proves contact
//! at an instant: a cell no axis separates, with a negative estimated gap
//! at its midpoint, is tried for a point strictly inside both boxes at the
//! midpoint alone (not over the cell). Found, the cells after the midpoint
//! are dropped and the midpoint is the bracket's upper end; the search
//! stops when the piece ending there starts within the target width of it
//! (docs/methods/sat.md, "The first contact alone").
#![deny(clippy::float_arithmetic)]

use super::boxes::{
    best_box_axis, direction, local_point, material_point_inside_centred, midpoint_vector,
    separated_along, separated_along_centred, strictly_inside, world_point, AxisIndex, Centred,
    Extents, MovingGap,
};
use super::polytope::{self, CellPolytope};
use super::ring::Ring;
use super::witness::interior_candidate;
use crate::geom::{BoxShape, Vec3};
use crate::motion::{IntervalVec, MotionEnclosure, PlacementEnclosure, PlacementVelocity};
use crate::scalar::interval::{Dyad, Interval, Rounding};
use crate::scalar::{cmp_rationals, dyadic_sum, scale_pow2, BigRational};
use crate::Error;

/// The most cells one solve visits before it gives up (status 3).
pub const MAX_CELLS: usize = 400_000;

/// Where the search cuts an undecided cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Cuts {
    /// At its midpoint.
    Bisection,
    /// Around the crossing the gap samples estimate, else at the midpoint
    /// ([`Pair::split_points`]).
    AtCrossings,
}

/// The most consecutive undecided narrow cells: a longer run is a
/// touching contact (faces sliding in contact) or a near touch the
/// arithmetic does not resolve, and the solve stops (status 3).
pub(crate) const MAX_UNDECIDED_RUN: usize = 32;

/// A candidate point in both solids: a world point, or a material point
/// of one solid (its local coordinates, exactly in it).
pub(crate) enum Candidate {
    World(IntervalVec),
    Material {
        y: Vec3<BigRational>,
        from_a: bool,
    },
    /// Within a separation `d > 0`: a point `y` of `a`'s core and `q` of
    /// `b`'s core (each in its body's local coordinates), to be proved
    /// closer than `r_a + r_b + d`.
    Pair {
        y: Vec3<BigRational>,
        q: Vec3<BigRational>,
    },
}

/// What a cell was proved to be.
#[derive(Clone, Debug)]
pub(crate) enum Class {
    /// `b` lies on `side` (`+1` or `-1`) of `a` along `direction` at every
    /// time of the cell; with `moving`, along the axis `axis` as it turns
    /// with the boxes (`direction` is its value at the cell's midpoint).
    Separated {
        axis: AxisIndex,
        direction: IntervalVec,
        side: i32,
        moving: bool,
    },
    /// One box turns about an axis (`b` when `turning_b`, else `a`) and
    /// stays at least `sqrt(radius_squared)` from it, while the other stays
    /// strictly closer to it at every time of the cell (`ring.rs`).
    AroundAxis {
        turning_b: bool,
        radius_squared: BigRational,
    },
    /// A point of the interior of both boxes at every time of the cell:
    /// `point` is its world position at the cell's midpoint.
    /// Within a separation, `pair` is the point of each core (local
    /// coordinates) proved within `r_a + r_b + d` when that was the proof.
    Overlapping {
        point: IntervalVec,
        pair: Option<Box<(Vec3<BigRational>, Vec3<BigRational>)>>,
    },
    /// Neither, and the cell is narrower than the target width.
    Undecided,
}

impl Class {
    /// True for a cell proved free of contact (along an axis or about one).
    pub(crate) fn is_separated(&self) -> bool {
        matches!(self, Class::Separated { .. } | Class::AroundAxis { .. })
    }
}

/// What [`Pair::classify`] found of a cell.
pub(crate) struct Classified {
    pub class: Class,
    /// The estimated gap at the cell's midpoint along the best axis, when
    /// it was computed (every cell the hint did not prove separated): the
    /// sample [`Pair::split_points`] estimates a crossing from.
    pub gap: Option<Dyad>,
    /// When the gap and the sample before approach a crossing, the axis
    /// turning with the boxes may prove the cell separated up to a time
    /// `until` before its end; the rest is to be classified next.
    pub until: Option<BigRational>,
    /// An undecided cell's point in both solids at its midpoint (world,
    /// dyadic), when one was proved there.
    pub contact_at_midpoint: Option<IntervalVec>,
}

impl Classified {
    fn just(class: Class) -> Classified {
        Classified {
            class,
            gap: None,
            until: None,
            contact_at_midpoint: None,
        }
    }
}

/// A classified cell `[start, end]`.
#[derive(Clone, Debug)]
pub(crate) struct Cell {
    pub start: BigRational,
    pub end: BigRational,
    pub class: Class,
}

/// The two solids of a pair.
#[allow(clippy::large_enum_variant)] // one per solve
pub(crate) enum Solids {
    /// Two boxes: Table 1's 15 axes and the projection radii.
    Boxes {
        ha: Extents,
        hb: Extents,
        shapes: (BoxShape<BigRational>, BoxShape<BigRational>),
    },
    /// Two convex polytopes, a box among them by its corners
    /// (`polytope.rs`).
    Polytopes(Box<(CellPolytope, CellPolytope)>),
}

/// The two solids with their motions prepared for enclosures.
pub(crate) struct Pair {
    pub a: MotionEnclosure,
    pub b: MotionEnclosure,
    pub solids: Solids,
    /// Working precision (bits).
    pub bits: u64,
    /// Bits of the largest time magnitude.
    pub magnitude_bits: u64,
    /// The target width is `2^-precision max(1, |t|)`.
    pub precision: u32,
    /// The separation `d >= 0`: contact is a distance of at most `d`.
    pub separation: BigRational,
    /// With `d > 0`: an upper bound of `d`, and an enclosure of `(r_a + r_b
    /// + d)^2`, at the working precision.
    pub reach: Option<(Dyad, Interval)>,
    /// The same pair prepared at [`super::COARSE_BITS`], for the cells
    /// that need no more (their constants then round to one word, and
    /// products and sums stay in 128 bits); `None` when `bits` is no more.
    pub coarse: Option<Box<Pair>>,
    /// The rings of the boxes that turn about an axis (`ring.rs`).
    pub rings: Vec<Ring>,
}

/// One cell's enclosures: the placements at the midpoint, over the cell,
/// and the velocities over the cell, at the cell's precision.
struct CellData {
    mid: (PlacementEnclosure, PlacementEnclosure),
    over: (PlacementEnclosure, PlacementEnclosure),
    velocity: (PlacementVelocity, PlacementVelocity),
    half_width: Interval,
    /// The cell's times.
    time: Interval,
    bits: u64,
    /// `-log2` of the cell's width, about.
    width_bits: u64,
}

impl CellData {
    fn centred(&self) -> (Centred<'_>, Centred<'_>) {
        (
            Centred {
                mid: &self.mid.0,
                velocity: &self.velocity.0,
                over: &self.over.0,
            },
            Centred {
                mid: &self.mid.1,
                velocity: &self.velocity.1,
                over: &self.over.1,
            },
        )
    }
}

/// `-log2` of the width of `[start, end]`, about (at least 0).
fn width_bits(start: &BigRational, end: &BigRational) -> u64 {
    let w = dyadic_sum(end, start, true);
    (w.denom().bits() as i64 - w.numer().bits() as i64).max(0) as u64
}

/// Bits of precision a heuristic choice (the best axis) is made with.
const CHOICE_BITS: u64 = 48;

impl Pair {
    fn time(&self, a: &BigRational, b: &BigRational, p: u64) -> Interval {
        Interval::from_rationals(a, b, p)
    }

    /// True when `[a, b]` is narrow enough to stay undecided: at most
    /// `1/32` of the target width `2^-precision max(1, min(|a|, |b|))`, so
    /// that a run of [`MAX_UNDECIDED_RUN`] such cells is within it.
    fn is_narrow(&self, a: &BigRational, b: &BigRational) -> bool {
        let narrow = scale_pow2(&self.target_width(a, b), -5);
        cmp_rationals(&dyadic_sum(b, a, true), &narrow).is_le()
    }

    /// The target width `2^-precision max(1, min(|a|, |b|))` around `[a, b]`.
    pub(crate) fn target_width(&self, a: &BigRational, b: &BigRational) -> BigRational {
        crate::motion::target_width(self.precision, a, b)
    }

    /// The precision a cell needs: its width's bits plus a margin, at most
    /// the working precision.
    fn cell_bits(&self, width_bits: u64) -> u64 {
        (width_bits + 48 + self.magnitude_bits).clamp(super::COARSE_BITS, self.bits)
    }

    /// The pair to classify `[start, end]` with: the coarse copy when the
    /// cell's precision is no more than its.
    fn for_cell(&self, start: &BigRational, end: &BigRational) -> &Pair {
        match &self.coarse {
            Some(coarse) if self.cell_bits(width_bits(start, end)) <= coarse.bits => coarse,
            _ => self,
        }
    }

    /// The placements at one instant, at the working precision.
    pub(crate) fn at(&self, t: &BigRational) -> Option<(PlacementEnclosure, PlacementEnclosure)> {
        let time = self.time(t, t, self.bits);
        Some((self.a.over(&time)?, self.b.over(&time)?))
    }

    fn cell_data(&self, start: &BigRational, end: &BigRational) -> Option<CellData> {
        let width_bits = width_bits(start, end);
        let p = self.cell_bits(width_bits);
        let mid_time = cell_midpoint(start, end);
        let mid = self.time(&mid_time, &mid_time, p);
        let cell = self.time(start, end, p);
        let half = scale_pow2(&dyadic_sum(end, start, true), -1);
        let half_width = Interval::from_rationals(&-half.clone(), &half, p);
        let (mid_a, over_a, velocity_a) =
            self.a.mid_over_and_velocity(&mid, &cell, &half_width, p)?;
        let (mid_b, over_b, velocity_b) =
            self.b.mid_over_and_velocity(&mid, &cell, &half_width, p)?;
        Some(CellData {
            mid: (mid_a, mid_b),
            over: (over_a, over_b),
            velocity: (velocity_a, velocity_b),
            half_width,
            time: cell,
            bits: p,
            width_bits,
        })
    }

    /// The candidate axis with the largest separation at the instant, with
    /// `p` bits.
    fn best_axis(
        &self,
        a: &PlacementEnclosure,
        b: &PlacementEnclosure,
        p: u64,
    ) -> Option<(AxisIndex, Dyad)> {
        let pq = match &self.solids {
            Solids::Boxes { ha, hb, .. } => return best_box_axis(a, ha, b, hb, p),
            Solids::Polytopes(pq) => pq,
        };
        let mut best: Option<(AxisIndex, Dyad)> = None;
        for index in self.axes() {
            let l = self.direction(index, a, b, p);
            let gap = polytope::estimated_gap(&l, (&pq.0, a), (&pq.1, b), p);
            // within a separation `d`, the gap less `d`
            let gap = match (&self.reach, gap) {
                (Some((d, _)), Some(gap)) => Some(gap.sub_rounded(d, p, Rounding::Down)),
                (_, gap) => gap,
            };
            if let Some(gap) = gap {
                if best.as_ref().is_none_or(|(_, g)| gap > *g) {
                    best = Some((index, gap));
                }
            }
        }
        best
    }

    /// The candidate axis with the largest separation at the instant `t`
    /// (rounded to a dyadic direction, as a cell's axis is) and the side of
    /// `b` along it: the sign of the difference of the two solids'
    /// projected centres (for two boxes their origins, else the middles of
    /// their ranges). For a cell proved apart without an axis (`ring.rs`).
    pub(crate) fn separating_axis_at(
        &self,
        t: &BigRational,
    ) -> Option<(AxisIndex, IntervalVec, i32)> {
        let p = self.bits;
        let (a, b) = self.at(t)?;
        let (index, _) = self.best_axis(&a, &b, p)?;
        let l = midpoint_vector(&self.direction(index, &a, &b, p), p);
        let ahead = match &self.solids {
            Solids::Boxes { .. } => {
                let offset: IntervalVec = std::array::from_fn(|k| b.origin[k].sub(&a.origin[k], p));
                crate::motion::dot(&offset, &l, p).midpoint()
            }
            Solids::Polytopes(pq) => {
                let middle = |(lo, hi): (Dyad, Dyad)| lo.add_rounded(&hi, p, Rounding::Down);
                let (ca, cb) = (
                    middle(pq.0.range_over(&a, &l, p)),
                    middle(pq.1.range_over(&b, &l, p)),
                );
                cb.sub_rounded(&ca, p, Rounding::Down)
            }
        };
        let side = if ahead.sign() == crate::scalar::Sign::Negative {
            -1
        } else {
            1
        };
        Some((index, l, side))
    }

    /// The candidate axes: Table 1's 15 for two boxes; the face normals of
    /// each polytope and the cross products of their edge directions; with
    /// a rounded solid also the directions between the cores' vertices and
    /// from each core's edges to the other's vertices.
    fn axes(&self) -> Vec<AxisIndex> {
        match &self.solids {
            Solids::Boxes { .. } => AxisIndex::ALL.to_vec(),
            Solids::Polytopes(pq) => {
                let (a, b) = (&pq.0, &pq.1);
                let mut out: Vec<AxisIndex> = (0..a.normals.len()).map(AxisIndex::A).collect();
                out.extend((0..b.normals.len()).map(AxisIndex::B));
                for i in 0..a.directions.len() {
                    out.extend((0..b.directions.len()).map(|j| AxisIndex::AxB(i, j)));
                }
                if a.radius().is_some() || b.radius().is_some() || self.reach.is_some() {
                    // the closest features of the cores may be vertex-vertex
                    // or vertex-edge: their directions (Voronoi regions)
                    let (va, vb) = (a.data.vertices.len(), b.data.vertices.len());
                    for i in 0..va {
                        out.extend((0..vb).map(|j| AxisIndex::VertexVertex(i, j)));
                        out.extend((0..b.data.edges.len()).map(|e| AxisIndex::VertexEdge(i, e)));
                    }
                    for e in 0..a.data.edges.len() {
                        out.extend((0..vb).map(|j| AxisIndex::EdgeVertex(e, j)));
                    }
                }
                out
            }
        }
    }

    /// The world direction of a candidate axis in the placements.
    fn direction(
        &self,
        index: AxisIndex,
        a: &PlacementEnclosure,
        b: &PlacementEnclosure,
        p: u64,
    ) -> IntervalVec {
        let Solids::Polytopes(pq) = &self.solids else {
            return direction(index, a, b, p);
        };
        let world = polytope::world_vector;
        let vertex_a = |i: usize| polytope::world_vertex(&pq.0, a, i, p);
        let vertex_b = |j: usize| polytope::world_vertex(&pq.1, b, j, p);
        match index {
            AxisIndex::A(i) => world(a, &pq.0.normals[i], p),
            AxisIndex::B(j) => world(b, &pq.1.normals[j], p),
            AxisIndex::AxB(i, j) => super::boxes::cross(
                &world(a, &pq.0.directions[i], p),
                &world(b, &pq.1.directions[j], p),
                p,
            ),
            AxisIndex::VertexVertex(i, j) => {
                let (x, y) = (vertex_a(i), vertex_b(j));
                std::array::from_fn(|k| y[k].sub(&x[k], p))
            }
            AxisIndex::VertexEdge(i, e) => {
                let (u, v) = pq.1.data.edges[e];
                polytope::edge_to_point(&vertex_b(u), &vertex_b(v), &vertex_a(i), p)
            }
            AxisIndex::EdgeVertex(e, j) => {
                let (u, v) = pq.0.data.edges[e];
                polytope::edge_to_point(&vertex_a(u), &vertex_a(v), &vertex_b(j), p)
            }
        }
    }

    /// Separation of the cell along the axis `index` taken at the midpoint:
    /// the mean-value form, then the plain interval bound.
    fn try_axis(&self, index: AxisIndex, data: &CellData) -> Option<Class> {
        let p = data.bits;
        let l = midpoint_vector(&self.direction(index, &data.mid.0, &data.mid.1, p), p);
        let (ca, cb) = data.centred();
        let hw = &data.half_width;
        let side = match &self.solids {
            Solids::Boxes { ha, hb, .. } => separated_along_centred(&l, &ca, ha, &cb, hb, hw, p)
                .or_else(|| separated_along(&l, &data.over.0, ha, &data.over.1, hb, p)),
            Solids::Polytopes(pq) => {
                let (a, b) = (&pq.0, &pq.1);
                // a rounded solid's range grows by its radius times |L|, and
                // `a`'s by the separation times |L|
                let norm = polytope::norm_upper(&l, p)?;
                let wide = |poly: &CellPolytope, range| polytope::widened(range, poly, &norm, p);
                let wide_a = |range| match &self.reach {
                    Some((d, _)) => polytope::grown(wide(a, range), d, &norm, p),
                    None => wide(a, range),
                };
                polytope::side_of(
                    &wide_a(a.range_centred(&ca, &l, hw, p)),
                    &wide(b, b.range_centred(&cb, &l, hw, p)),
                )
                .or_else(|| {
                    polytope::side_of(
                        &wide_a(a.range_over(&data.over.0, &l, p)),
                        &wide(b, b.range_over(&data.over.1, &l, p)),
                    )
                })
            }
        }?;
        Some(Class::Separated {
            axis: index,
            direction: l,
            side,
            moving: false,
        })
    }

    /// A material point of one box (the candidate's local coordinates at
    /// the midpoint) proved strictly inside both boxes over the cell: its
    /// world position at the midpoint, `None` when not proved.
    fn material_point_inside(
        &self,
        candidate: &IntervalVec,
        data: &CellData,
        from_a: bool,
    ) -> Option<IntervalVec> {
        let p = data.bits;
        let (ca, cb) = data.centred();
        let (ha, hb) = match &self.solids {
            Solids::Boxes { ha, hb, .. } => (ha, hb),
            Solids::Polytopes(pq) => {
                let poly_from = if from_a { &pq.0 } else { &pq.1 };
                let from_mid = if from_a { &data.mid.0 } else { &data.mid.1 };
                let y = polytope::material_point(candidate, poly_from, from_mid, p)?;
                return self.material_proved(pq, &y, data, from_a);
            }
        };
        let (from, to, h_from, h_to) = if from_a {
            (ca, cb, ha, hb)
        } else {
            (cb, ca, hb, ha)
        };
        let local = midpoint_vector(&local_point(candidate, from.mid, p), p);
        let inside_own = (0..3).all(|k| {
            let y = local[k].lo();
            y < h_from.0[k].lo() && y > &h_from.0[k].lo().neg()
        });
        let proved = inside_own
            && (material_point_inside_centred(&local, &from, &to, h_to, &data.half_width, p)
                || strictly_inside(&world_point(&local, from.over, p), to.over, h_to, p));
        proved.then(|| world_point(&local, from.mid, p))
    }

    /// The material point `y` of `a` (`from_a`) or of `b` proved strictly
    /// inside the other solid over the cell: its world position at the
    /// midpoint.
    fn material_proved(
        &self,
        pq: &(CellPolytope, CellPolytope),
        y: &Vec3<BigRational>,
        data: &CellData,
        from_a: bool,
    ) -> Option<IntervalVec> {
        let p = data.bits;
        let (ca, cb) = data.centred();
        let (from, to, poly_to) = if from_a {
            (ca, cb, &pq.1)
        } else {
            (cb, ca, &pq.0)
        };
        let inside = polytope::material_point_inside(y, &from, (poly_to, &to), &data.half_width, p);
        inside.then(|| world_point(&polytope::interval_vec(y, p), from.mid, p))
    }

    /// The witness `candidate` proved inside both solids over the cell: a
    /// world point as a material point of `a` or of `b`, or a material
    /// point as it is.
    fn witnessed(&self, candidate: &Candidate, data: &CellData) -> Option<Class> {
        if let Solids::Polytopes(pq) = &self.solids {
            if let Candidate::Pair { y, q } = candidate {
                let (ca, cb) = data.centred();
                let (_, reach_squared) = self.reach.as_ref()?;
                let p = data.bits;
                let proved = polytope::pair_within_over_cell(
                    (y, q),
                    &ca,
                    &cb,
                    &data.half_width,
                    reach_squared,
                    p,
                );
                return proved.then(|| Class::Overlapping {
                    point: world_point(&polytope::interval_vec(y, p), ca.mid, p),
                    pair: Some(Box::new((y.clone(), q.clone()))),
                });
            }
            if pq.0.data.flat && pq.1.data.flat {
                return crossing(pq, data);
            }
            if let Candidate::Material { y, from_a } = candidate {
                return self
                    .material_proved(pq, y, data, *from_a)
                    .map(|point| Class::Overlapping { point, pair: None });
            }
        }
        let Candidate::World(candidate) = candidate else {
            return None;
        };
        self.material_point_inside(candidate, data, true)
            .or_else(|| self.material_point_inside(candidate, data, false))
            .map(|point| Class::Overlapping { point, pair: None })
    }

    /// The cell proved separated along the axis `hint`, else along the
    /// axis with the largest estimated gap at the midpoint; when neither
    /// is proved, that gap (`None` without any usable axis).
    fn separated(
        &self,
        data: &CellData,
        hint: Option<AxisIndex>,
    ) -> Result<Class, Option<(AxisIndex, Dyad)>> {
        if let Some(class) = hint.and_then(|h| self.try_axis(h, data)) {
            return Ok(class);
        }
        let (best, gap) = self
            .best_axis(&data.mid.0, &data.mid.1, choice_bits(data))
            .ok_or(None)?;
        if Some(best) != hint {
            if let Some(class) = self.try_axis(best, data) {
                return Ok(class);
            }
        }
        if let Some(class) = self.around_an_axis(data) {
            return Ok(class);
        }
        Err(Some((best, gap)))
    }

    /// Two boxes apart over the cell because one turns about an axis that
    /// keeps it outside a cylinder holding the other (`ring.rs`).
    fn around_an_axis(&self, data: &CellData) -> Option<Class> {
        let Solids::Boxes { ha, hb, .. } = &self.solids else {
            return None;
        };
        self.rings.iter().find_map(|ring| {
            let (other, h) = if ring.turning_b {
                (&data.over.0, ha)
            } else {
                (&data.over.1, hb)
            };
            ring.separates(other, &h.0, &data.time, data.bits)
                .then(|| Class::AroundAxis {
                    turning_b: ring.turning_b,
                    radius_squared: ring.radius_squared.clone(),
                })
        })
    }

    /// Classifies `[start, end]` (module docs); `hint` is the axis that
    /// separated the previous cell, `witness` the point that was inside both
    /// boxes in the last overlapping cell (tried before a new candidate).
    /// With `at_instants` (two boxes, the first contact alone), a cell
    /// whose estimated gap at its midpoint is negative is not tried for a
    /// witness over the whole cell but at its midpoint alone
    /// ([`Classified::contact_at_midpoint`]).
    pub(crate) fn classify(
        &self,
        start: &BigRational,
        end: &BigRational,
        hint: Option<AxisIndex>,
        witness: Option<&IntervalVec>,
        previous: Option<&(BigRational, Dyad)>,
        at_instants: bool,
    ) -> Classified {
        let pair = self.for_cell(start, end);
        let Some(data) = pair.cell_data(start, end) else {
            return Classified::just(Class::Undecided);
        };
        let (best, gap) = match pair.separated(&data, hint) {
            Ok(class) => return Classified::just(class),
            Err(None) => return Classified::just(Class::Undecided),
            Err(Some(best)) => best,
        };
        let mut out = Classified::just(Class::Undecided);
        if pair.nears_a_crossing(start, end, &gap, previous) {
            if let Some((class, until)) = pair.separated_moving(start, end, &data, best) {
                out.class = class;
                out.until = until;
            }
        }
        if matches!(out.class, Class::Undecided) {
            if at_instants && gap.sign() == crate::scalar::Sign::Negative {
                out.contact_at_midpoint = pair.contact_at_midpoint(&data);
            } else {
                out.class = pair.classify_unseparated(start, end, &data, witness, best, &gap);
            }
        }
        out.gap = Some(gap);
        out
    }

    /// For two boxes, a world point proved strictly inside both at the
    /// cell's midpoint (the candidate at the choice's precision).
    fn contact_at_midpoint(&self, data: &CellData) -> Option<IntervalVec> {
        let Solids::Boxes { ha, hb, .. } = &self.solids else {
            return None;
        };
        let (a, b) = (&data.mid.0, &data.mid.1);
        let point = interior_candidate(a, ha, b, hb, choice_bits(data))?;
        let p = data.bits;
        (strictly_inside(&point, a, ha, p) && strictly_inside(&point, b, hb, p)).then_some(point)
    }

    /// True when the estimated gap `gap` at the midpoint of `[start, end]`
    /// is positive and either the cell is narrower than `2^-12 max(1,
    /// |t|)` (near a contact or a graze) or, with the sample before it
    /// (`previous`, within four cell widths), the gap falls towards zero
    /// along a secant that crosses it within four cell widths of the
    /// midpoint: where a step of the axes turning with the boxes
    /// ([`MovingGap::reach_past_midpoint`]) brings the cells near a
    /// crossing. Elsewhere (a miss, a wide cell of a fast spin, too wide for
    /// its enclosures) it is not tried; in dyadic arithmetic, as the cuts.
    fn nears_a_crossing(
        &self,
        start: &BigRational,
        end: &BigRational,
        gap: &Dyad,
        previous: Option<&(BigRational, Dyad)>,
    ) -> bool {
        use crate::scalar::Sign;
        if gap.sign() != Sign::Positive {
            return false;
        }
        let width = dyadic_sum(end, start, true);
        let narrow = scale_pow2(
            &self.target_width(start, end),
            i64::from(self.precision.saturating_sub(12)),
        );
        if cmp_rationals(&width, &narrow).is_le() {
            return true;
        }
        let Some((m0, g0)) = previous else {
            return false;
        };
        let grid = (width.denom().bits() + 24).saturating_sub(width.numer().bits());
        let p = grid + self.magnitude_bits + 16;
        let dyad = |q: &BigRational| Dyad::from_rational(q, p, Rounding::Down);
        let w4 = dyad(&width).scale_pow2(2);
        let dt = dyad(&cell_midpoint(start, end)).sub_rounded(&dyad(m0), p, Rounding::Down);
        let fall = g0.sub_rounded(gap, p, Rounding::Down);
        // falling along the direction of time: (g0 - g1) (t1 - t0) > 0
        let falling = !fall.is_zero() && !dt.is_zero() && (fall.sign() == dt.sign());
        falling
            && dt.abs() <= w4
            && gap.mul_rounded(&dt.abs(), p, Rounding::Down)
                <= w4.mul_rounded(&fall.abs(), p, Rounding::Down)
    }

    /// Two boxes separated along the moving axis `index` over the whole
    /// cell (`until` is `None`), or from its start to a time `until` past
    /// its midpoint and before its end ([`MovingGap::reach_past_midpoint`]),
    /// on the grid of `2^-24` of the cell's width; `None` when neither is
    /// proved.
    fn separated_moving(
        &self,
        start: &BigRational,
        end: &BigRational,
        data: &CellData,
        index: AxisIndex,
    ) -> Option<(Class, Option<BigRational>)> {
        let Solids::Boxes { ha, hb, .. } = &self.solids else {
            return None;
        };
        let p = data.bits;
        let (ca, cb) = data.centred();
        let moving = MovingGap::new(index, &ca, ha, &cb, hb, p)?;
        let until = if moving.separates(&data.half_width, p) {
            None
        } else {
            let reach = moving.reach_past_midpoint(&data.half_width, p)?;
            let width = dyadic_sum(end, start, true);
            let grid = (width.denom().bits() + 24).saturating_sub(width.numer().bits());
            let scale = num_bigint::BigInt::from(1) << grid;
            let until = cell_midpoint(start, end) + reach.to_rational();
            let until = BigRational::new((until * &scale).floor().to_integer(), scale);
            let past_the_end = cmp_rationals(&until, end).is_ge();
            if past_the_end || cmp_rationals(&until, &cell_midpoint(start, end)).is_le() {
                return None;
            }
            Some(until)
        };
        let l = midpoint_vector(&self.direction(index, &data.mid.0, &data.mid.1, p), p);
        let class = Class::Separated {
            axis: index,
            direction: l,
            side: moving.side,
            moving: true,
        };
        Some((class, until))
    }

    /// A cell no axis proved separated, with the best axis and its
    /// estimated gap at the midpoint: overlapping when a witness is proved
    /// inside both solids over the cell, else undecided.
    fn classify_unseparated(
        &self,
        start: &BigRational,
        end: &BigRational,
        data: &CellData,
        witness: Option<&IntervalVec>,
        best: AxisIndex,
        gap: &Dyad,
    ) -> Class {
        let choice_bits = choice_bits(data);
        if gap.sign() == crate::scalar::Sign::Positive {
            // separated at the midpoint: no point is inside both there
            return Class::Undecided;
        }
        let hinted = witness.and_then(|w| self.witnessed(&Candidate::World(w.clone()), data));
        if let Some(class) = hinted {
            return class;
        }
        // within a separation, solids that meet at the midpoint (the gap
        // below `-d`) are proved in contact by a common point, whose margin
        // grows with the depth; closer to the touch by a pair of points
        let meet = match &self.reach {
            Some((d, _)) => {
                gap.add_rounded(d, choice_bits, Rounding::Up).sign()
                    == crate::scalar::Sign::Negative
            }
            None => true,
        };
        // the candidate needs to resolve the intersection polytope, which is
        // about as thick as the cell is wide: the choice's precision
        if let Solids::Polytopes(pq) = &self.solids {
            if self.reach.is_some() && !meet {
                // the closest features the best axis names first; the
                // search over all pairs of features (slow in rationals)
                // only on the narrow cells
                let mid = ((&pq.0, &data.mid.0), (&pq.1, &data.mid.1));
                let named = polytope::feature_pair_candidate(mid.0, mid.1, best, choice_bits)
                    .and_then(|(y, q)| self.witnessed(&Candidate::Pair { y, q }, data));
                if named.is_some() || !self.is_narrow(start, end) {
                    return named.unwrap_or(Class::Undecided);
                }
            }
        }
        self.candidate(&data.mid.0, &data.mid.1, choice_bits, meet)
            .and_then(|candidate| self.witnessed(&candidate, data))
            .unwrap_or(Class::Undecided)
    }

    /// A candidate world point in both solids at one instant (`witness.rs`
    /// for two boxes, `polytope.rs` otherwise); within a separation, unless
    /// the solids `meet` there, a pair of points of the cores.
    pub(crate) fn candidate(
        &self,
        a: &PlacementEnclosure,
        b: &PlacementEnclosure,
        p: u64,
        meet: bool,
    ) -> Option<Candidate> {
        match &self.solids {
            Solids::Polytopes(pq) if self.reach.is_some() && !meet => {
                let (y, q) = polytope::pair_candidate((&pq.0, a), (&pq.1, b), p);
                Some(Candidate::Pair { y, q })
            }
            Solids::Boxes { ha, hb, .. } => {
                interior_candidate(a, ha, b, hb, p).map(Candidate::World)
            }
            Solids::Polytopes(pq) if pq.0.radius().is_none() && pq.1.radius().is_none() => {
                polytope::candidate((&pq.0, a), (&pq.1, b), p).map(Candidate::World)
            }
            Solids::Polytopes(pq) => polytope::rounded_candidate((&pq.0, a), (&pq.1, b), p)
                .map(|(y, from_a)| Candidate::Material { y, from_a }),
        }
    }

    /// Every cell of `[t0, t1]` in time order (module docs). Past
    /// [`MAX_CELLS`] cells, or past a run of [`MAX_UNDECIDED_RUN`] undecided
    /// narrow cells, the search stops: the cells decided before the stop,
    /// in time order, and the limit error saying why (the caller keeps a
    /// first contact those cells establish). With `first_only` it also
    /// stops at the first overlapping cell, which ends the first contact's
    /// bracket. `cuts` says where an undecided cell is cut. With the cells,
    /// how many were classified (those split again included).
    pub(crate) fn cells(
        &self,
        t0: &BigRational,
        t1: &BigRational,
        first_only: bool,
        cuts: Cuts,
    ) -> Result<(Vec<Cell>, Option<Error>, usize), Error> {
        let mut stack = vec![(t0.clone(), t1.clone())];
        let mut out: Vec<Cell> = Vec::new();
        let mut hint = None;
        let mut witness = None;
        let mut visited = 0usize;
        let mut undecided_run = 0usize;
        let mut separated_so_far = true;
        let mut last_sample: Option<(BigRational, Dyad)> = None;
        // the first contact alone: the earliest instant found in contact,
        // with the point in both solids there
        let mut upper: Option<(BigRational, IntervalVec)> = None;
        let at_instants =
            first_only && self.reach.is_none() && matches!(self.solids, Solids::Boxes { .. });
        // the first contact alone: the width of the last proved cell, and
        // how many cells in a row were proved
        let mut proved: Option<(BigRational, usize)> = None;
        while let Some((start, mut end)) = stack.pop() {
            crate::budget::check()?;
            if let Some((u, point)) = upper.as_ref().filter(|u| cmp_rationals(&u.0, &end).is_eq()) {
                if self.closes_bracket(&out, &start, u) {
                    let contact = Class::Overlapping {
                        point: point.clone(),
                        pair: None,
                    };
                    out.push(Cell {
                        start,
                        end: end.clone(),
                        class: Class::Undecided,
                    });
                    out.push(Cell {
                        start: end.clone(),
                        end,
                        class: contact,
                    });
                    return Ok((out, Some(stopped_at_first_contact()), visited));
                }
            }
            if let (Cuts::AtCrossings, Some((width, streak))) = (cuts, &proved) {
                if let Some(step_end) = step_end(&start, &end, width, *streak) {
                    stack.push((step_end.clone(), end));
                    end = step_end;
                }
            }
            if separated_so_far {
                crate::budget::established_no_contact_before_with(|| Some(start.clone()));
            }
            visited += 1;
            if visited > MAX_CELLS {
                let done = out
                    .last()
                    .map(|c| c.end.to_string())
                    .unwrap_or_else(|| t0.to_string());
                let stop = Error::limit_exceeded(format!(
                    "sat time cells: more than {MAX_CELLS} cells; every cell up to t = {done} was decided"
                ));
                return Ok((decided_prefix(out), Some(stop), visited));
            }
            let Classified {
                class,
                gap,
                until,
                contact_at_midpoint,
            } = self.classify(
                &start,
                &end,
                hint,
                witness.as_ref(),
                last_sample.as_ref(),
                at_instants,
            );
            let sample = gap.map(|g| (cell_midpoint(&start, &end), g));
            let proved_to = until.as_ref().unwrap_or(&end);
            proved = class.is_separated().then(|| {
                let width = dyadic_sum(proved_to, &start, true);
                let streak = match proved.take() {
                    Some((w, streak)) if cmp_rationals(&w, &width).is_eq() => streak + 1,
                    _ => 1,
                };
                (width, streak)
            });
            let end = match until {
                Some(until) => {
                    stack.push((until.clone(), end));
                    until
                }
                None => end,
            };
            // the first contact alone: an undecided cell with the solids
            // proved in contact at its midpoint ends the search's interval
            // there (module docs)
            if let Some(point) = contact_at_midpoint {
                // in contact at `t0` itself: the first contact is `t0`
                if out.is_empty() && cmp_rationals(&start, t0).is_eq() {
                    if let Some(point) = self.contact_at_instant(t0) {
                        let contact = Class::Overlapping { point, pair: None };
                        out.push(Cell {
                            start: t0.clone(),
                            end: t0.clone(),
                            class: contact,
                        });
                        return Ok((out, Some(stopped_at_first_contact()), visited));
                    }
                }
                // the cells after the midpoint are dropped, and the cell up
                // to it cut where the cell would have been
                let midpoint = cell_midpoint(&start, &end);
                let points = match cuts {
                    Cuts::AtCrossings if !self.is_narrow(&start, &end) => {
                        self.split_points(&start, &end, sample.as_ref(), last_sample.as_ref())
                    }
                    _ => Vec::new(),
                };
                last_sample = sample;
                stack.clear();
                let points = points
                    .into_iter()
                    .filter(|x| cmp_rationals(x, &midpoint).is_lt());
                push_pieces(&mut stack, start, points, midpoint.clone());
                upper = Some((midpoint, point));
                continue;
            }
            match &class {
                Class::Separated { axis, .. } => hint = Some(*axis),
                Class::Overlapping { point, .. } => witness = Some(point.clone()),
                Class::Undecided if !self.is_narrow(&start, &end) => {
                    let points = match cuts {
                        Cuts::AtCrossings => {
                            self.split_points(&start, &end, sample.as_ref(), last_sample.as_ref())
                        }
                        Cuts::Bisection => vec![cell_midpoint(&start, &end)],
                    };
                    if sample.is_some() {
                        last_sample = sample;
                    }
                    push_pieces(&mut stack, start, points, end);
                    continue;
                }
                _ => {}
            }
            if sample.is_some() {
                last_sample = sample;
            }
            if matches!(class, Class::Undecided) {
                undecided_run += 1;
                if undecided_run > MAX_UNDECIDED_RUN {
                    let from = out
                        .iter()
                        .rev()
                        .find(|c| !matches!(c.class, Class::Undecided))
                        .map(|c| c.end.to_string())
                        .unwrap_or_else(|| t0.to_string());
                    let stop = Error::limit_exceeded(format!(
                        "sat time cells: the solids neither separate nor overlap from t = {from} on (touching over a span, or closer than the arithmetic resolves); every cell before was decided"
                    ));
                    return Ok((decided_prefix(out), Some(stop), visited));
                }
            } else {
                undecided_run = 0;
            }
            separated_so_far &= class.is_separated();
            let overlapping = matches!(class, Class::Overlapping { .. });
            out.push(Cell { start, end, class });
            if first_only && overlapping {
                return Ok((out, Some(stopped_at_first_contact()), visited));
            }
        }
        Ok((out, None, visited))
    }

    /// For two boxes without a separation, a world point proved strictly
    /// inside both at the instant `t` (the witness the evidence gives at
    /// the first contact's upper end, `evidence.rs`), as intervals.
    fn contact_at_instant(&self, t: &BigRational) -> Option<IntervalVec> {
        if self.reach.is_some() {
            return None;
        }
        let point = self.box_witness_at(t, None)?;
        Some(point.map(|x| Interval::from_rational(&x, self.bits)))
    }

    /// For two boxes, a rational world point proved strictly inside both at
    /// `t`: the point `found` there before (the search's), else the midpoint of
    /// the intersection polytope's candidate (`witness.rs`), at the working
    /// precision: the witness of the evidence (`evidence.rs`).
    pub(crate) fn box_witness_at(
        &self,
        t: &BigRational,
        found: Option<&IntervalVec>,
    ) -> Option<[BigRational; 3]> {
        let Solids::Boxes { ha, hb, .. } = &self.solids else {
            return None;
        };
        let (pa, pb) = self.at(t)?;
        let p = self.bits;
        let inside = |point: &[BigRational; 3]| {
            let exact = point.clone().map(|x| Interval::from_rational(&x, p));
            strictly_inside(&exact, &pa, ha, p) && strictly_inside(&exact, &pb, hb, p)
        };
        let found = found.map(|x| x.clone().map(|x| x.midpoint().to_rational()));
        if let Some(point) = found.filter(inside) {
            return Some(point);
        }
        let Candidate::World(candidate) = self.candidate(&pa, &pb, p, true)? else {
            return None;
        };
        let point: [BigRational; 3] = candidate.map(|x| x.midpoint().to_rational());
        inside(&point).then_some(point)
    }

    /// True when the piece `[start, upper]`, with the solids in contact at
    /// `upper`, closes the first contact's bracket: the undecided run it
    /// ends (from the end of the last decided cell in `out`) is no wider
    /// than the target width.
    fn closes_bracket(&self, out: &[Cell], start: &BigRational, upper: &BigRational) -> bool {
        let lower = out
            .iter()
            .rev()
            .take_while(|c| matches!(c.class, Class::Undecided))
            .last()
            .map_or(start, |c| &c.start);
        let width = dyadic_sum(upper, lower, true);
        cmp_rationals(&width, &self.target_width(lower, upper)).is_le()
    }

    /// Where an undecided cell `[start, end]` is cut, in increasing order
    /// strictly inside it. Its midpoint, unless two samples of the
    /// estimated gap (this cell's midpoint, `sample`, and the one before,
    /// `previous`, within two cell widths of it) place a crossing of zero
    /// inside the cell by the secant through them, and either have
    /// opposite signs, or step a short way beyond the nearer, or are both
    /// overlaps with the crossing between the cell's start and this
    /// midpoint (the cell before was proved separated up to its start).
    /// Then at `c - m`, `c + m` and `c + 2m` around the estimate `c`: the
    /// cell before can be proved separated, the piece around `c` is narrow
    /// once the estimate is good, and the narrow piece after it can be
    /// proved overlapping. The margin `m` is a quarter of the estimate's
    /// distance from the nearer sample or from the cell's start (the
    /// secant's error shrinks with these distances), at least `1/64` of the
    /// target width. The cut changes only the cells' ends: every cell is
    /// classified as before, in time order, and a poor estimate costs
    /// cells, not correctness.
    pub(crate) fn split_points(
        &self,
        start: &BigRational,
        end: &BigRational,
        sample: Option<&(BigRational, Dyad)>,
        previous: Option<&(BigRational, Dyad)>,
    ) -> Vec<BigRational> {
        use crate::scalar::Sign;
        let midpoint = vec![cell_midpoint(start, end)];
        let (Some((m1, g1)), Some((m0, g0))) = (sample, previous) else {
            return midpoint;
        };
        let width = dyadic_sum(end, start, true);
        // cut points on a grid of 2^-48 of the cell's width (a crossing
        // estimated just after the start is cut there): the ends'
        // denominators grow with the cells' depth, not with the number of
        // cuts; the estimate in dyadic arithmetic to that grid and the
        // times' magnitude (rationals would reduce every step by a gcd)
        let grid = (width.denom().bits() + 48).saturating_sub(width.numer().bits());
        let p = grid + self.magnitude_bits + 16;
        let dyad = |q: &BigRational| Dyad::from_rational(q, p, Rounding::Down);
        let (t1, t0, w) = (dyad(m1), dyad(m0), dyad(&width));
        let (dt, dg) = (
            t1.sub_rounded(&t0, p, Rounding::Down),
            g1.sub_rounded(g0, p, Rounding::Down),
        );
        // the samples of one descent towards a crossing lie within a cell
        // width of each other; a sample from farther away (another
        // crossing) says little about this one
        if dt.is_zero() || dg.is_zero() || dt.abs() > w.scale_pow2(1) {
            return midpoint;
        }
        let step = g1
            .mul_rounded(&dt, p, Rounding::Down)
            .div_rounded(&dg, p, Rounding::Down);
        let estimate = t1.sub_rounded(&step, p, Rounding::Down);
        let start_d = dyad(start);
        let floor = dyad(&self.target_width(start, end)).scale_pow2(-6);
        let scale = num_bigint::BigInt::from(1) << grid;
        let on_grid = |x: Dyad| BigRational::new(x.scale_pow2(grid as i64).floor(), scale.clone());
        let keep = scale_pow2(&width, -40);
        // two overlaps whose secant crosses zero at or before the start,
        // a distance `b` behind it: the solids overlap from the start on,
        // and a cell from the start `b/2` long stays clear of the crossing
        // by more than its own motion, so a witness holds over it (cutting
        // at the midpoint instead would halve the cell down to the target
        // width first)
        if g1.sign() == Sign::Negative && g0.sign() == Sign::Negative && estimate <= start_d {
            let behind = start_d
                .sub_rounded(&estimate, p, Rounding::Down)
                .max(floor.clone());
            let cut = on_grid(start_d.add_rounded(&behind.scale_pow2(-1), p, Rounding::Down));
            if strictly_within(&cut, (start, end), &keep) {
                return vec![cut];
            }
        }
        // between samples of opposite signs, or a short step beyond the
        // nearer one: a long extrapolation from two positive gaps (a near
        // miss, whose gap has a positive least value) cuts for nothing
        let straddle = (g1.sign() == Sign::Positive) != (g0.sign() == Sign::Positive);
        let short = step.abs() <= w.scale_pow2(-2);
        // two overlaps, the crossing between the cell's start and this
        // midpoint: the solids separate before the start
        let behind = g1.sign() == Sign::Negative && estimate > start_d && estimate < t1;
        if !straddle && !short && !behind {
            return midpoint;
        }
        let distance = step
            .abs()
            .min(estimate.sub_rounded(&t0, p, Rounding::Down).abs())
            .min(estimate.sub_rounded(&start_d, p, Rounding::Down).abs());
        let margin = distance.scale_pow2(-2).max(floor);
        let mut points: Vec<BigRational> = Vec::new();
        for x in [
            estimate.sub_rounded(&margin, p, Rounding::Down),
            estimate.add_rounded(&margin, p, Rounding::Down),
            estimate.add_rounded(&margin.scale_pow2(1), p, Rounding::Down),
        ] {
            let x = on_grid(x);
            let inside = strictly_within(&x, (start, end), &keep);
            if inside && points.last().is_none_or(|p| cmp_rationals(&x, p).is_gt()) {
                points.push(x);
            }
        }
        if points.is_empty() {
            midpoint
        } else {
            points
        }
    }

    /// Cells tiling `[t0, end]`, in time order, each proved separated: a
    /// cell not proved is bisected, down to cells no wider than
    /// `narrowest`; `Ok(None)` when one that narrow is not proved (or past
    /// [`MAX_CELLS`]). The evidence for a first contact another method
    /// claims (`evidence.rs`).
    pub(crate) fn separated_tiling(
        &self,
        t0: &BigRational,
        end: &BigRational,
        narrowest: &BigRational,
    ) -> Result<Option<Vec<Cell>>, Error> {
        let mut stack = vec![(t0.clone(), end.clone())];
        let mut out: Vec<Cell> = Vec::new();
        let mut hint = None;
        let two = BigRational::from_integer(2.into());
        while let Some((start, end)) = stack.pop() {
            crate::budget::check()?;
            if out.len() + stack.len() > MAX_CELLS {
                return Ok(None);
            }
            let pair = self.for_cell(&start, &end);
            let proved = pair
                .cell_data(&start, &end)
                .and_then(|data| pair.separated(&data, hint).ok());
            match proved {
                Some(class) => {
                    if let Class::Separated { axis, .. } = &class {
                        hint = Some(*axis);
                    }
                    out.push(Cell { start, end, class });
                }
                None if &end - &start <= *narrowest => return Ok(None),
                None => {
                    let mid = (&start + &end) / &two;
                    stack.push((mid.clone(), end));
                    stack.push((start, mid));
                }
            }
        }
        Ok(Some(out))
    }
}

/// Two flat triangles proved to meet over the cell: an edge of one
/// crossing the other through its interior (`polytope.rs`).
fn crossing(pq: &(CellPolytope, CellPolytope), data: &CellData) -> Option<Class> {
    let p = data.bits;
    let (ca, cb) = data.centred();
    let hw = &data.half_width;
    let (a, b) = (&pq.0, &pq.1);
    let point = match polytope::edge_crossing_over_cell((a, &ca), (b, &cb), hw, p) {
        Some(edge) => polytope::crossing_point((a, &data.mid.0), edge, (b, &data.mid.1), p),
        None => {
            let edge = polytope::edge_crossing_over_cell((b, &cb), (a, &ca), hw, p)?;
            polytope::crossing_point((b, &data.mid.1), edge, (a, &data.mid.0), p)
        }
    };
    Some(Class::Overlapping { point, pair: None })
}

/// True when `x` lies in `(start + keep, end - keep)`.
fn strictly_within(
    x: &BigRational,
    (start, end): (&BigRational, &BigRational),
    keep: &BigRational,
) -> bool {
    cmp_rationals(x, &dyadic_sum(start, keep, false)).is_gt()
        && cmp_rationals(x, &dyadic_sum(end, keep, true)).is_lt()
}

/// The midpoint of `[start, end]`.
fn cell_midpoint(start: &BigRational, end: &BigRational) -> BigRational {
    scale_pow2(&dyadic_sum(start, end, false), -1)
}

/// The precision of a heuristic choice on a cell (the best axis, the
/// witness candidate): a few bits beyond the cell's width.
fn choice_bits(data: &CellData) -> u64 {
    (data.width_bits + 24).clamp(CHOICE_BITS, data.bits)
}

/// In a search for the first contact alone, where the cell `[start, end]`
/// popped after a run of `streak` proved cells, the last `width` wide, is
/// cut first: at `start + s`, with `s` the power of two at most `width`
/// (twice that after two proved cells in a row), when the cell is more
/// than twice as wide. The cells then keep the width that proves them and
/// grow from it, where bisection of a wide cell tries every width between.
fn step_end(
    start: &BigRational,
    end: &BigRational,
    width: &BigRational,
    streak: usize,
) -> Option<BigRational> {
    use num_traits::Zero;
    if width.is_zero() {
        return None;
    }
    // 2^k <= width < 2^(k+1), about: from the bit lengths, then corrected
    let mut k = width.numer().bits() as i64 - width.denom().bits() as i64;
    let one = BigRational::from_integer(1.into());
    while cmp_rationals(&scale_pow2(&one, k), width).is_gt() {
        k -= 1;
    }
    if streak >= 2 {
        k += 1;
    }
    let step = scale_pow2(&one, k);
    let cell = dyadic_sum(end, start, true);
    if cmp_rationals(&cell, &scale_pow2(&step, 1)).is_le() {
        return None;
    }
    Some(dyadic_sum(start, &step, false))
}

/// Pushes the pieces of `[start, end]` cut at `points` (increasing,
/// strictly inside) on the search's stack, last piece first: the first is
/// visited next.
fn push_pieces(
    stack: &mut Vec<(BigRational, BigRational)>,
    start: BigRational,
    points: impl IntoIterator<Item = BigRational>,
    end: BigRational,
) {
    let mut pieces = Vec::new();
    let mut from = start;
    for to in points.into_iter().chain(std::iter::once(end)) {
        pieces.push((from, to.clone()));
        from = to;
    }
    stack.extend(pieces.into_iter().rev());
}

/// The stop of a search for the first contact alone, once it has the
/// cells that establish it.
fn stopped_at_first_contact() -> Error {
    Error::limit_exceeded(
        "sat time cells: the search stopped at its first overlapping cell (first contact only) before it established the first contact",
    )
}

/// The cells up to the last decided one (the undecided run a search
/// stopped in dropped).
fn decided_prefix(mut cells: Vec<Cell>) -> Vec<Cell> {
    while cells
        .last()
        .is_some_and(|c| matches!(c.class, Class::Undecided))
    {
        cells.pop();
    }
    cells
}
