//! Separating axes over certified time cells: the first contact and the
//! contact intervals of two boxes under any motion with a placement
//! enclosure (`angular` with or without centre, `screw`, `poses`, and the
//! rational motions), as certified enclosures, with no floating-point
//! number (docs/methods/sat.md, "Time cells"). The same cells take any pair
//! of triangles, convex meshes, convex hulls, spheres and capsules
//! (`polytope.rs`, `closest.rs`), also within a minimum separation `d > 0`
//! ([`solve_cells_within`]); the description below is for two boxes.
//!
//! Eberly's separating-axis test ("Dynamic Collision Detection using
//! OBBs", section 2.1, Table 1) is applied to time cells instead of
//! instants. Over a cell `[ta, tb]` the placements of both boxes are
//! enclosed by certified interval arithmetic (`motion::enclosure`,
//! `scalar::interval`), and:
//!
//! * the cell is **separated** when, for one fixed dyadic world axis `L`
//!   (the best of the 15 axes of Table 1 at the cell's midpoint, rounded),
//!   the interval bound of `|(o_B - o_A) . L| - sum h^A_i |A_i . L| - sum
//!   h^B_j |B_j . L|` is positive over the whole cell; or, near a
//!   crossing, the same bound along the best axis as it turns with the
//!   boxes, in the mean-value form (`boxes::MovingGap`), which may prove
//!   only the cell's start up to a time past its midpoint: the rest is then
//!   classified next, and the cells approach a crossing quadratically;
//! * the cell is **overlapping** when a material point of one box (a
//!   candidate from the intersection polytope at the midpoint,
//!   `witness.rs`) is proved strictly inside the other box at every time of
//!   the cell;
//! * otherwise it is bisected, until it is narrower than 1/32 of the
//!   target width `2^-precision max(1, |t|)`, and left **undecided**.
//!
//! The first contact `T` lies in the first undecided run between a
//! separated and an overlapping cell: all of `[t0, lower]` is covered by
//! separated cells and a point is inside both boxes at `upper`. Contact
//! intervals are the runs of overlapping cells, their ends enclosed by the
//! undecided runs around them. An undecided run with separated cells on
//! both sides (a graze: the boxes touch without overlapping, or come
//! closer than the arithmetic resolves) cannot be witnessed by an interior
//! point: the solve stops with a limit error that says what was
//! established. So does a search stopped by a long undecided run (faces
//! touching over a span, or a near touch) or by the cell limit, unless the
//! cells decided before the stop already establish the first contact:
//! that answer stands, with no contact intervals (not all computed). At
//! `t0` and `t1` a placement that is exactly rational (no
//! rotation yet, as at `t = 0` for `angular`) is decided exactly by the
//! static test of Table 1 instead.
#![deny(clippy::float_arithmetic)]

mod boxes;
mod closest;
mod description;
mod evidence;
mod float;
mod polytope;
mod ring;
mod search;
mod taylor;
#[cfg(test)]
#[allow(clippy::float_arithmetic)] // checks the f64 normal
mod tests;
mod witness;

pub use evidence::{BodyFixedAxis, CellEvidence, EvidencePiece, WitnessFrame};
pub use float::{
    first_contact_cells_f64, float_cells_take, solve_box_cells_f64, solve_cells_f64_within,
    FloatCellOutcome, MAX_EVALUATIONS,
};
pub use search::MAX_CELLS;

use super::box_box::test_box_box;
use crate::geom::{BoxEdge, BoxFace, BoxShape, BoxVertex, Feature, Mat3, Obb, Pose, Shape, Vec3};
use crate::motion::{
    exact_pose_at_start, magnitude_bits, pair_enclosures, Body, IntervalVec, PlacementEnclosure,
};
use crate::scalar::interval::{sqrt, Interval};
use crate::scalar::{cmp_rationals, dyadic_sum, rational_to_f64, BigRational, Sign};
use crate::Error;
use boxes::{AxisIndex, Extents};
use polytope::{polytopes_touch, CellPolytope, PolytopeData};
use search::{Cell, Class, Cuts, Pair, Solids};

/// Bits carried beyond the requested precision by the interval arithmetic.
const EXTRA_BITS: u64 = 48;

/// The least precision of a cell (`Pair::cell_bits`), and that of the
/// pair's coarse copy: the wide cells' arithmetic on one-word mantissas.
const COARSE_BITS: u64 = 64;

/// A time of a cell answer: exact (a rational end of the interval) or a
/// certified enclosure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CellTime {
    /// Exactly this rational time.
    Exact(BigRational),
    /// `lower <= time <= upper`.
    Enclosure(BigRational, BigRational),
}

impl CellTime {
    /// The lower end.
    pub fn lower(&self) -> &BigRational {
        match self {
            CellTime::Exact(t) | CellTime::Enclosure(t, _) => t,
        }
    }

    /// The upper end.
    pub fn upper(&self) -> &BigRational {
        match self {
            CellTime::Exact(t) | CellTime::Enclosure(_, t) => t,
        }
    }
}

/// The answer for two boxes (module docs).
#[derive(Clone, Debug)]
pub struct CellOutcome {
    /// The boxes touch or overlap at some time of the interval.
    pub collides: bool,
    /// They touch or overlap at `t0`.
    pub initially_overlapping: bool,
    /// The first contact time.
    pub first_contact: Option<CellTime>,
    /// The contact intervals, in order.
    pub contact_intervals: Vec<(CellTime, CellTime)>,
    /// The features that touch first, `(kind, a, b)` as the result names
    /// them (`face-vertex`, `face +x`, `vertex (-,+,-)`), from the last
    /// separating axis before the contact.
    pub features: Option<(Feature, Feature)>,
    /// A point inside both boxes shortly after the first contact (world).
    pub point: Option<[f64; 3]>,
    /// The last separating axis before the contact, unit, from `a` to `b`.
    pub normal: Option<[f64; 3]>,
    /// Cells classified.
    pub cells: usize,
    /// The cells' evidence for the referee (`evidence.rs`).
    pub evidence: Option<CellEvidence>,
}

fn box_of(body: &Body) -> Option<&BoxShape<BigRational>> {
    match &body.shape {
        Shape::Box(b) => Some(b),
        _ => None,
    }
}

/// Solves two boxes, or two convex polytopes not both flat (triangles,
/// convex meshes, convex hulls, boxes: `polytope.rs`), over `[t0, t1]`
/// with the target width `2^-precision max(1, |T|)` (module docs). Not
/// applicable to other shapes and to motions without an enclosure
/// (`piecewise`, affine `row_matrix`); a limit error for grazes and past
/// [`MAX_CELLS`].
pub fn solve_cells(
    a: &Body,
    b: &Body,
    interval: (&BigRational, &BigRational),
    precision: u32,
) -> Result<CellOutcome, Error> {
    solve_cells_until(a, b, interval, interval.1, precision)
}

/// [`solve_cells`] with the search over `[t0, horizon]` only (`t0 <
/// horizon <= t1`; the motions stay those of `[t0, t1]`, as `poses`
/// needs): the answer on that span, its evidence tiling `[t0, horizon]`
/// without contact.
pub fn solve_cells_until(
    a: &Body,
    b: &Body,
    interval: (&BigRational, &BigRational),
    horizon: &BigRational,
    precision: u32,
) -> Result<CellOutcome, Error> {
    solve_cells_within(
        a,
        b,
        interval,
        horizon,
        precision,
        &BigRational::from_integer(0.into()),
    )
}

/// [`solve_cells_until`] at a separation `d >= 0`: contact is a distance
/// of at most `d` (docs/methods/sat.md, "Time cells", separation). With
/// `d > 0` two boxes are taken as polytopes, the candidate axes include
/// the directions between the closest features (as for rounded solids),
/// `a`'s projection grows by `d |L|`, and a cell is in contact when a
/// point of each solid's core is proved within `r_a + r_b + d` of the
/// other's at every time of it.
pub fn solve_cells_within(
    a: &Body,
    b: &Body,
    interval: (&BigRational, &BigRational),
    horizon: &BigRational,
    precision: u32,
    separation: &BigRational,
) -> Result<CellOutcome, Error> {
    search_cells(a, b, (interval, horizon), precision, separation, false)
}

/// The first contact of [`solve_cells_within`] over `[t0, t1]`, with its
/// evidence: the search stops at the first overlapping cell, so the
/// answer has no contact intervals. The cells after the first contact are
/// most of a solve's cells on the nonlinear campaign classes
/// (docs/PERFORMANCE.md).
pub fn solve_cells_first_contact(
    a: &Body,
    b: &Body,
    interval: (&BigRational, &BigRational),
    precision: u32,
    separation: &BigRational,
) -> Result<CellOutcome, Error> {
    search_cells(a, b, (interval, interval.1), precision, separation, true)
}

/// The search behind [`solve_cells_within`] (`first_only` false) and
/// [`solve_cells_first_contact`].
fn search_cells(
    a: &Body,
    b: &Body,
    (interval, horizon): ((&BigRational, &BigRational), &BigRational),
    precision: u32,
    separation: &BigRational,
    first_only: bool,
) -> Result<CellOutcome, Error> {
    let pair = prepared_pair(a, b, interval, precision, separation)?;
    let (t0, t1) = (interval.0, horizon);
    if !first_only {
        // every crossing's ends: bisection, whose narrow cells all have
        // one width, so that an undecided run always reaches its crossing
        return search_pair(&pair, (t0, t1), a, b, first_only, Cuts::Bisection);
    }
    // the first contact alone: cut at the estimated crossing. A narrow
    // cell cut just before the crossing can stay unproved while a cell
    // after it is proved separated (an undecided run apart from the
    // contact, which bisection never leaves); then the search is run again
    // by bisection alone
    let answer = search_pair(&pair, (t0, t1), a, b, first_only, Cuts::AtCrossings);
    let retry =
        matches!(&answer, Err(e) if e.is_limit_exceeded() && !crate::budget::is_exhausted());
    if retry {
        return search_pair(&pair, (t0, t1), a, b, first_only, Cuts::Bisection);
    }
    answer
}

/// One search of a prepared pair's cells over `[t0, t1]` and its answer.
fn search_pair(
    pair: &Pair,
    (t0, t1): (&BigRational, &BigRational),
    a: &Body,
    b: &Body,
    first_only: bool,
    cuts: Cuts,
) -> Result<CellOutcome, Error> {
    let (cells, stopped, _) = pair.cells(t0, t1, first_only, cuts)?;
    let start_poses = exact_pose_at_start(a, t0).zip(exact_pose_at_start(b, t0));
    let at_start = match &start_poses {
        Some((pa, pb)) => Some(pair.touch_exact(pa, pb)),
        _ => exact_contact_at(pair, t0),
    };
    let mut outcome = interpret(pair, &cells, (t0, t1), at_start)?;
    // a contact at t0 at exact start poses whose enclosures there are not
    // points (a rotation about an off-origin centre): the witness from the
    // poses themselves
    if outcome.evidence.is_none() && outcome.initially_overlapping {
        if let Some(w) = start_poses.and_then(|(pa, pb)| pair.exact_witness_at(&pa, &pb)) {
            outcome.evidence = Some(start_witness(t0, w));
        }
    }
    match stopped {
        None => Ok(outcome),
        // the search stopped after the first contact was established: that
        // answer stands, without contact intervals (not all computed)
        Some(_) if outcome.first_contact.is_some() => {
            outcome.contact_intervals.clear();
            Ok(outcome)
        }
        Some(stop) => Err(stop),
    }
}

/// True when the certified time cells take the two shapes: two boxes, or
/// two convex polytopes (boxes, triangles, convex meshes, convex hulls).
pub fn cells_take(a: &Shape<BigRational>, b: &Shape<BigRational>) -> bool {
    PolytopeData::of(a).is_some() && PolytopeData::of(b).is_some()
}

/// Two solids with their motions' enclosures at the working precision of
/// `precision` (module docs); not applicable to the shapes
/// [`cells_take`] refuses and to motions without an enclosure.
fn prepared_pair(
    a: &Body,
    b: &Body,
    interval: (&BigRational, &BigRational),
    precision: u32,
    separation: &BigRational,
) -> Result<Pair, Error> {
    if !cells_take(&a.shape, &b.shape) {
        return Err(Error::not_applicable(
            "sat: certified time cells take boxes, convex meshes, convex hulls and triangles (not two triangles); spheres, capsules, non-convex meshes and two triangles under a transcendental motion are not solved exactly",
        ));
    }
    let magnitude = magnitude_bits(interval);
    let bits = u64::from(precision) + EXTRA_BITS + magnitude;
    let mut pair = pair_at(a, b, interval, precision, separation, bits)?;
    if bits > COARSE_BITS {
        let coarse = match pair.rounded_boxes(COARSE_BITS) {
            Some(coarse) => coarse,
            None => pair_at(a, b, interval, precision, separation, COARSE_BITS)?,
        };
        pair.coarse = Some(Box::new(coarse));
    }
    Ok(pair)
}

impl Pair {
    /// For two boxes, the same pair at `bits` bits by rounding every
    /// enclosure outward (each still holds what it held), instead of
    /// preparing the motions again; `None` for other solids.
    fn rounded_boxes(&self, bits: u64) -> Option<Pair> {
        let Solids::Boxes { ha, hb, shapes } = &self.solids else {
            return None;
        };
        Some(Pair {
            a: self.a.rounded(bits),
            b: self.b.rounded(bits),
            solids: Solids::Boxes {
                ha: ha.rounded(bits),
                hb: hb.rounded(bits),
                shapes: shapes.clone(),
            },
            bits,
            magnitude_bits: self.magnitude_bits,
            precision: self.precision,
            separation: self.separation.clone(),
            reach: None,
            coarse: None,
            rings: self.rings.iter().map(|r| r.rounded(bits)).collect(),
        })
    }
}

/// [`prepared_pair`] with every enclosure at `bits` bits, without a
/// coarse copy.
fn pair_at(
    a: &Body,
    b: &Body,
    interval: (&BigRational, &BigRational),
    precision: u32,
    separation: &BigRational,
    bits: u64,
) -> Result<Pair, Error> {
    let magnitude = magnitude_bits(interval);
    let (ea, eb) = pair_enclosures(a, b, interval, bits).map_err(|e| {
        Error::not_applicable(format!(
            "sat: time cells need a placement enclosure, not {}",
            e.0
        ))
    })?;
    let apart = separation > &BigRational::from_integer(0.into());
    let solids = match (box_of(a), box_of(b)) {
        (Some(box_a), Some(box_b)) if !apart => Solids::Boxes {
            ha: Extents::of(box_a, bits),
            hb: Extents::of(box_b, bits),
            shapes: (box_a.clone(), box_b.clone()),
        },
        _ => {
            let polytope = |body: &Body| {
                PolytopeData::of(&body.shape)
                    .map(|d| CellPolytope::new(d, bits))
                    .ok_or_else(|| Error::not_applicable("sat: time cells need convex polytopes"))
            };
            Solids::Polytopes(Box::new((polytope(a)?, polytope(b)?)))
        }
    };
    let rings = match (box_of(a), box_of(b), &solids) {
        (Some(box_a), Some(box_b), Solids::Boxes { .. }) => {
            ring::rings_of((box_a, a), (box_b, b), bits)
        }
        _ => Vec::new(),
    };
    let reach = match &solids {
        Solids::Polytopes(pq) if apart => {
            let reach = &pq.0.data.radius + &pq.1.data.radius + separation;
            Some((
                Interval::from_rational(separation, bits).hi().clone(),
                Interval::from_rational(&reach, bits).square(bits),
            ))
        }
        _ => None,
    };
    Ok(Pair {
        a: ea,
        b: eb,
        solids,
        bits,
        magnitude_bits: magnitude,
        precision,
        separation: separation.clone(),
        reach,
        coarse: None,
        rings,
    })
}

/// The time cells' evidence for a first contact of two boxes that another
/// method claims (`claimed`; `None` claims no contact on the interval):
/// separated cells tiling `[t0, lower]` and a point inside both boxes at
/// `upper`, for the referee, who judges it on its own (`evidence.rs`).
/// `Ok(None)` when the cells do not prove it, whoever is wrong; not
/// applicable where [`solve_cells`] is not.
pub fn claim_evidence(
    a: &Body,
    b: &Body,
    interval: (&BigRational, &BigRational),
    claimed: Option<&CellTime>,
    precision: u32,
) -> Result<Option<CellEvidence>, Error> {
    let cells = ClaimCells::new(a, b, interval, precision)?;
    let evidence = evidence::claim_evidence(&cells.pair, interval, claimed)?;
    match (evidence, claimed) {
        (None, Some(CellTime::Exact(t))) if t == interval.0 => Ok(cells.start_witness()),
        (evidence, _) => Ok(evidence),
    }
}

/// Two solids the cells take, prepared to prove parts of a claim another
/// method makes: separation up to a time, contact at a time. A claim on
/// two solids made of pieces (`mesh_cells.rs`) takes every pair's
/// separation and one pair's contact.
pub struct ClaimCells<'b> {
    pair: Pair,
    bodies: [&'b Body; 2],
    t0: BigRational,
}

impl<'b> ClaimCells<'b> {
    /// The pair at the working precision of `precision` (as
    /// [`solve_cells`]); not applicable where that is not.
    pub fn new(
        a: &'b Body,
        b: &'b Body,
        interval: (&BigRational, &BigRational),
        precision: u32,
    ) -> Result<Self, Error> {
        let zero = BigRational::from_integer(0.into());
        Ok(Self {
            pair: prepared_pair(a, b, interval, precision, &zero)?,
            bodies: [a, b],
            t0: interval.0.clone(),
        })
    }

    /// Separated cells tiling `[t0, end]`; `Ok(None)` when the cells do
    /// not prove it.
    pub fn separated_until(&self, end: &BigRational) -> Result<Option<Vec<EvidencePiece>>, Error> {
        evidence::separated_until(&self.pair, &self.t0, end)
    }

    /// A witness of contact at `t`, with no separated cells: a point
    /// strictly inside both (`evidence.rs`), or at `t0` at exact start
    /// poses a point of both closed solids; `None` when none is proved.
    pub fn witness_at(&self, t: &BigRational) -> Option<CellEvidence> {
        evidence::claimed_witness_at(&self.pair, t)
            .or_else(|| (*t == self.t0).then(|| self.start_witness()).flatten())
    }

    /// A touch at `t0` at exact start poses: the witness from the poses
    /// (the cells' witnesses lie strictly inside both).
    fn start_witness(&self) -> Option<CellEvidence> {
        let [a, b] = self.bodies;
        let t0 = &self.t0;
        let poses = exact_pose_at_start(a, t0).zip(exact_pose_at_start(b, t0));
        poses
            .and_then(|(pa, pb)| self.pair.exact_witness_at(&pa, &pb))
            .map(|w| start_witness(t0, w))
    }
}

/// The evidence of a contact at `t0`: nothing to separate, a witness at
/// the solids' exact start poses.
fn start_witness(t0: &BigRational, (point, frame, other): ExactWitness) -> CellEvidence {
    CellEvidence {
        separation: Vec::new(),
        witness: Some((t0.clone(), point)),
        witness_frame: frame,
        witness_edge_end: None,
        witness_other: other,
    }
}

/// A witness at exact poses: a world point in both solids, or (within a
/// separation) a point of `a`'s core in its local coordinates and one of
/// `b`'s core in its own.
pub(crate) type ExactWitness = ([BigRational; 3], WitnessFrame, Option<[BigRational; 3]>);

/// The exact static separating-axis test of two placed boxes.
fn boxes_touch(
    pa: &Pose<BigRational>,
    box_a: &BoxShape<BigRational>,
    pb: &Pose<BigRational>,
    box_b: &BoxShape<BigRational>,
) -> bool {
    let obb = |p: &Pose<BigRational>, shape: &BoxShape<BigRational>| Obb {
        center: p.translation.clone(),
        axes: [p.rotation.col(0), p.rotation.col(1), p.rotation.col(2)],
        half_extents: shape.half_extents.clone(),
    };
    test_box_box(&obb(pa, box_a), &obb(pb, box_b)).intersects()
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum RunKind {
    Separated,
    Overlapping,
    Undecided,
}

/// Consecutive cells of one kind.
struct Run<'c> {
    kind: RunKind,
    start: BigRational,
    end: BigRational,
    first: &'c Cell,
    last: &'c Cell,
}

fn runs(cells: &[Cell]) -> Vec<Run<'_>> {
    let mut out: Vec<Run<'_>> = Vec::new();
    for cell in cells {
        let kind = match cell.class {
            Class::Separated { .. } | Class::AroundAxis { .. } => RunKind::Separated,
            Class::Overlapping { .. } => RunKind::Overlapping,
            Class::Undecided => RunKind::Undecided,
        };
        match out.last_mut() {
            Some(run) if run.kind == kind => {
                run.end = cell.end.clone();
                run.last = cell;
            }
            _ => out.push(Run {
                kind,
                start: cell.start.clone(),
                end: cell.end.clone(),
                first: cell,
                last: cell,
            }),
        }
    }
    out
}

impl Pair {
    /// The exact static test of the two solids at exact poses (touching
    /// counts).
    fn touch_exact(&self, pa: &Pose<BigRational>, pb: &Pose<BigRational>) -> bool {
        match &self.solids {
            Solids::Boxes { shapes, .. } => boxes_touch(pa, &shapes.0, pb, &shapes.1),
            Solids::Polytopes(pq) => {
                polytopes_touch(pa, &pq.0.data, pb, &pq.1.data, &self.separation)
            }
        }
    }
}

impl Pair {
    /// A world point in both closed solids at `t` when both placements are
    /// exact there and the solids touch (`closest.rs`, exactly): with a
    /// rounded solid the point dividing the cores' closest pair in the
    /// ratio of the radii; for two polytopes a point where an edge of one
    /// meets the other (every vertex of their intersection lies on an edge
    /// of one of them).
    pub(crate) fn exact_witness(&self, t: &BigRational) -> Option<ExactWitness> {
        let (ea, eb) = self.at(t)?;
        self.exact_witness_at(&exact_pose(&ea)?, &exact_pose(&eb)?)
    }

    /// A witness at the exact poses `pa` and `pb`, when the solids are in
    /// contact there: a world point in both ([`Pair::common_point_at`]);
    /// within a separation `d > 0`, the closest points of the placed cores
    /// (`closest.rs`) when at most `r_a + r_b + d` apart, taken back to
    /// local coordinates (and checked to land on them again exactly).
    fn exact_witness_at(
        &self,
        pa: &Pose<BigRational>,
        pb: &Pose<BigRational>,
    ) -> Option<ExactWitness> {
        let Some((_, _)) = &self.reach else {
            let point = self.common_point_at(pa, pb)?;
            return Some((point, WitnessFrame::World, None));
        };
        let Solids::Polytopes(pq) = &self.solids else {
            return None;
        };
        let (a, b) = (placed(&pq.0.data, pa), placed(&pq.1.data, pb));
        let (x, z) = closest::closest_cores(&a, &b);
        let reach = &a.radius + &b.radius + &self.separation;
        if (&x - &z).norm_squared() > &reach * &reach {
            return None;
        }
        let local = |pose: &Pose<BigRational>, w: &Vec3<BigRational>| {
            let y = pose.inverse().apply_point(w);
            (pose.apply_point(&y) == *w).then_some(y)
        };
        let (y, q) = (local(pa, &x)?, local(pb, &z)?);
        Some((y.into_array(), WitnessFrame::LocalA, Some(q.into_array())))
    }

    /// A world point in both closed solids placed at `pa` and `pb`, when
    /// they touch ([`Pair::exact_witness`]).
    fn common_point_at(
        &self,
        pa: &Pose<BigRational>,
        pb: &Pose<BigRational>,
    ) -> Option<[BigRational; 3]> {
        let data = placed;
        let (a, b) = match &self.solids {
            Solids::Boxes { shapes, .. } => (
                data(&PolytopeData::of_box(&shapes.0.half_extents), pa),
                data(&PolytopeData::of_box(&shapes.1.half_extents), pb),
            ),
            Solids::Polytopes(pq) => (data(&pq.0.data, pa), data(&pq.1.data, pb)),
        };
        closest::common_point(&a, &b).map(Vec3::into_array)
    }
}

/// The description with its vertices placed by `pose`.
fn placed(d: &PolytopeData, pose: &Pose<BigRational>) -> PolytopeData {
    let mut placed = d.clone();
    placed.vertices = d.vertices.iter().map(|y| pose.apply_point(y)).collect();
    placed
}

/// The pose an enclosure of zero width stands for; `None` when it is wider.
fn exact_pose(e: &PlacementEnclosure) -> Option<Pose<BigRational>> {
    let exact = |x: &Interval| x.width().is_zero().then(|| x.lo().to_rational());
    let vec = |v: [Option<BigRational>; 3]| -> Option<Vec3<BigRational>> {
        let [x, y, z] = v;
        Some(Vec3::new(x?, y?, z?))
    };
    let column = |i: usize| vec(std::array::from_fn(|k| exact(&e.frame[k][i])));
    Some(Pose {
        rotation: Mat3::from_cols([column(0)?, column(1)?, column(2)?]),
        translation: vec(std::array::from_fn(|k| exact(&e.origin[k])))?,
    })
}

/// The exact static test at `t` when both placements are exact there;
/// `None` when they are not.
fn exact_contact_at(pair: &Pair, t: &BigRational) -> Option<bool> {
    let (pa, pb) = pair.at(t)?;
    Some(pair.touch_exact(&exact_pose(&pa)?, &exact_pose(&pb)?))
}

/// What the run of undecided cells `run` between `before` and `after`
/// (`None` at the interval's ends) means: a contact starting, a contact
/// ending, or a limit error (a graze, or a touch at an end not decided).
enum Transition {
    Starts(CellTime),
    Ends(CellTime),
    /// Touching at `t0` (exactly decided), separated right after.
    TouchAtStart(CellTime),
    /// Touching at `t1` (exactly decided), separated before: the contact
    /// starts in the run.
    TouchAtEnd(CellTime),
}

fn limit(established: &str, run: &Run<'_>) -> Error {
    Error::limit_exceeded(format!(
        "sat time cells: cannot decide whether the solids touch in [{}, {}] (a graze, or closer than the arithmetic resolves); {established}",
            run.start, run.end
    ))
}

fn transition(
    pair: &Pair,
    run: &Run<'_>,
    (before, after): (Option<RunKind>, Option<RunKind>),
    ends: (&BigRational, &BigRational),
    at_start: Option<bool>,
    established: &str,
) -> Result<Transition, Error> {
    use RunKind::{Overlapping as O, Separated as S};
    let (t0, t1) = ends;
    let enclosure = CellTime::Enclosure(run.start.clone(), run.end.clone());
    let width = dyadic_sum(&run.end, &run.start, true);
    if cmp_rationals(&width, &pair.target_width(&run.start, &run.end)).is_gt() {
        return Err(limit(established, run));
    }
    match (before, after) {
        (Some(S), Some(O)) => Ok(Transition::Starts(enclosure)),
        (Some(O), Some(S)) | (Some(O), None) => Ok(Transition::Ends(enclosure)),
        // contact from within the target width of `t0`: whether the boxes
        // touch at `t0` itself must be decided, or `initially_overlapping`
        // would be a guess
        (None, Some(O)) => match at_start {
            Some(true) => Ok(Transition::Starts(CellTime::Exact(t0.clone()))),
            Some(false) => Ok(Transition::Starts(enclosure)),
            None => Err(limit(established, run)),
        },
        (None, Some(S)) | (None, None) => match at_start {
            Some(true) => Ok(Transition::TouchAtStart(enclosure)),
            _ => Err(limit(established, run)),
        },
        (Some(S), None) if cmp_rationals(&run.end, t1).is_eq() => {
            match exact_contact_at(pair, t1) {
                Some(true) => Ok(Transition::TouchAtEnd(enclosure)),
                _ => Err(limit(established, run)),
            }
        }
        _ => Err(limit(established, run)),
    }
}

/// The answer from the classified cells (module docs).
fn interpret(
    pair: &Pair,
    cells: &[Cell],
    ends: (&BigRational, &BigRational),
    at_start: Option<bool>,
) -> Result<CellOutcome, Error> {
    let (t0, t1) = ends;
    let runs = runs(cells);
    let mut intervals: Vec<(CellTime, CellTime)> = Vec::new();
    let mut open: Option<CellTime> = None;
    let mut contact_run: Option<usize> = None;
    let mut incomplete = false;
    for (k, run) in runs.iter().enumerate() {
        let established = match intervals.first().map(|c| &c.0).or(open.as_ref()) {
            Some(t) => format!("the first contact is in [{}, {}]", t.lower(), t.upper()),
            None => format!("the solids are separated on [{t0}, {}]", run.start),
        };
        match run.kind {
            RunKind::Separated => {}
            RunKind::Overlapping => {
                if open.is_none() && cmp_rationals(&run.start, t0).is_eq() {
                    open = Some(CellTime::Exact(t0.clone()));
                    contact_run.get_or_insert(k);
                }
                if cmp_rationals(&run.end, t1).is_eq() {
                    if let Some(start) = open.take() {
                        intervals.push((start, CellTime::Exact(t1.clone())));
                    }
                }
            }
            RunKind::Undecided => {
                let before = k.checked_sub(1).map(|i| runs[i].kind);
                let after = runs.get(k + 1).map(|r| r.kind);
                let decided = transition(pair, run, (before, after), ends, at_start, &established);
                let decided = match decided {
                    Ok(t) => t,
                    // a run not decided after the first contact: that answer
                    // stands, without contact intervals (not all computed)
                    Err(_) if open.is_some() || !intervals.is_empty() => {
                        intervals.truncate(1);
                        incomplete = true;
                        break;
                    }
                    Err(e) => return Err(e),
                };
                match decided {
                    Transition::Starts(t) => {
                        open = Some(t);
                        contact_run.get_or_insert(k);
                    }
                    Transition::Ends(t) => {
                        if let Some(start) = open.take() {
                            intervals.push((start, t));
                        }
                    }
                    Transition::TouchAtStart(end) => {
                        contact_run.get_or_insert(k);
                        intervals.push((CellTime::Exact(t0.clone()), end));
                    }
                    Transition::TouchAtEnd(start) => {
                        contact_run.get_or_insert(k);
                        intervals.push((start, CellTime::Exact(t1.clone())));
                    }
                }
            }
        }
    }
    // a contact run still open ends past the cells (a search that stopped)
    let first_contact = intervals.first().map(|c| c.0.clone()).or(open);
    if incomplete {
        intervals.clear();
    }
    let initially_overlapping = matches!(&first_contact, Some(CellTime::Exact(t)) if t == t0);
    let (features, normal, point) = contact_details(pair, &runs, contact_run);
    let evidence = evidence::cell_evidence(pair, cells, first_contact.as_ref());
    Ok(CellOutcome {
        evidence,
        collides: first_contact.is_some(),
        initially_overlapping,
        first_contact,
        contact_intervals: intervals,
        features,
        point,
        normal,
        cells: cells.len(),
    })
}

type Details = (
    Option<(Feature, Feature)>,
    Option<[f64; 3]>,
    Option<[f64; 3]>,
);

/// Features, normal and point of the first contact (best effort, module
/// docs): the last separating axis before the contact's run (when a ring
/// proved that cell, the best axis at its end) and the first overlapping
/// cell's interior point.
fn contact_details(pair: &Pair, runs: &[Run<'_>], contact_run: Option<usize>) -> Details {
    let Some(k) = contact_run else {
        return (None, None, None);
    };
    let point = runs[k..].iter().find_map(|r| match &r.first.class {
        Class::Overlapping { point, .. } => Some(to_f64(point)),
        _ => None,
    });
    let separating = k.checked_sub(1).and_then(|i| {
        let last = runs[i].last;
        match &last.class {
            Class::Separated {
                axis,
                direction,
                side,
                ..
            } => Some((*axis, direction.clone(), *side, last.end.clone())),
            // a ring about a turning axis names no axis: the best one at
            // the cell's end
            Class::AroundAxis { .. } => pair
                .separating_axis_at(&last.end)
                .map(|(axis, direction, side)| (axis, direction, side, last.end.clone())),
            _ => None,
        }
    });
    let Some((axis, direction, side, time)) = separating else {
        return (None, None, point);
    };
    let p = pair.bits;
    let oriented: IntervalVec = if side > 0 {
        direction
    } else {
        std::array::from_fn(|i| direction[i].neg())
    };
    let normal = sqrt(&crate::motion::dot(&oriented, &oriented, p), p).and_then(|n| {
        let v: Option<Vec<Interval>> = oriented.iter().map(|x| x.div(&n, p)).collect();
        v.map(|v| to_f64(&[v[0].clone(), v[1].clone(), v[2].clone()]))
    });
    let features = pair.at(&time).and_then(|(pa, pb)| match &pair.solids {
        Solids::Boxes { .. } => Some(feature_names(axis, &oriented, &pa, &pb, p)),
        Solids::Polytopes(pq) => {
            let minus: IntervalVec = std::array::from_fn(|i| oriented[i].neg());
            Some((
                polytope::extreme_feature(&pq.0, &pa, &oriented, p)?,
                polytope::extreme_feature(&pq.1, &pb, &minus, p)?,
            ))
        }
    });
    (features, normal, point)
}

fn to_f64(v: &IntervalVec) -> [f64; 3] {
    std::array::from_fn(|k| rational_to_f64(&v[k].midpoint().to_rational()))
}

/// The feature of a box extreme along `n`: signs of `A_i . n`, an axis
/// nearly perpendicular to `n` (relative `2^-24`) spans the feature.
fn feature_of(e: &PlacementEnclosure, n: &IntervalVec, face: Option<usize>, p: u64) -> Feature {
    let dots: Vec<Interval> = (0..3)
        .map(|i| crate::motion::dot(&boxes::axis(e, i), n, p))
        .collect();
    let norm = crate::motion::dot(n, n, p).midpoint();
    let tiny = |d: &Interval| {
        let d = d.midpoint();
        d.square_exact().scale_pow2(48) < norm
    };
    let positive: [bool; 3] = std::array::from_fn(|i| dots[i].midpoint().sign() == Sign::Positive);
    if let Some(i) = face {
        return Feature::BoxFace(BoxFace {
            axis: i,
            positive: positive[i],
        });
    }
    let flat: Vec<usize> = (0..3).filter(|&i| tiny(&dots[i])).collect();
    match flat.len() {
        0 => Feature::BoxVertex(BoxVertex { positive }),
        1 => {
            let mut signs = positive;
            signs[flat[0]] = false;
            Feature::BoxEdge(BoxEdge {
                axis: flat[0],
                positive: signs,
            })
        }
        _ => {
            let i = (0..3).find(|i| !flat.contains(i)).unwrap_or(0);
            Feature::BoxFace(BoxFace {
                axis: i,
                positive: positive[i],
            })
        }
    }
}

fn feature_names(
    axis: AxisIndex,
    n: &IntervalVec,
    pa: &PlacementEnclosure,
    pb: &PlacementEnclosure,
    p: u64,
) -> (Feature, Feature) {
    let minus_n: IntervalVec = std::array::from_fn(|i| n[i].neg());
    let (face_a, face_b) = match axis {
        AxisIndex::A(i) => (Some(i), None),
        AxisIndex::B(j) => (None, Some(j)),
        _ => (None, None),
    };
    (
        feature_of(pa, n, face_a, p),
        feature_of(pb, &minus_n, face_b, p),
    )
}
