//! The cells' evidence in a form the referee re-proves on its own
//! (docs/methods/sat.md, "Time cells", certificates): the separated cells
//! before the first contact as rational time pieces, each with the fixed
//! dyadic world axis that separated it, oriented from `a` to `b`; and a
//! point in both solids at the start of the first overlapping cell after
//! the contact's undecided run (a rational time within the first
//! contact's enclosure): for two boxes a world point strictly inside both,
//! for polytopes a material point of one (its local coordinates, a point
//! of it exactly) strictly inside the other; within a separation `d`, a
//! point of each core (each in its body's local coordinates) closer than
//! `r_a + r_b + d`.
#![deny(clippy::float_arithmetic)]

use super::boxes::AxisIndex;
use super::polytope::{
    edge_crossing_at, material_point, material_point_inside_at, pair_candidate, pair_within_at,
    vertex, CellPolytope,
};
use super::search::{Candidate, Cell, Class, Pair, Solids};
use super::CellTime;
use crate::geom::Vec3;
use crate::motion::IntervalVec;
use crate::scalar::{cmp_rationals, BigRational};
use crate::Error;

/// On `[from, to]`, `b` lies strictly beyond `a` along `direction`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvidencePiece {
    /// Start, included.
    pub from: BigRational,
    /// End, included.
    pub to: BigRational,
    /// The cell's separating world axis, oriented from `a` to `b`; zero
    /// when the axis turns with the boxes (`body_fixed`).
    pub direction: [BigRational; 3],
    /// The cell's separating axis as it turns with the two boxes, oriented
    /// from `a` to `b`, when it is one.
    pub body_fixed: Option<BodyFixedAxis>,
    /// Instead of an axis, a ring about the axis one box turns about: `b`'s
    /// when the flag is true, else `a`'s, and `ρ^2` (`ring.rs`).
    pub about_axis: Option<(bool, BigRational)>,
}

/// A separating axis fixed in two boxes, turning with them: `F_a(t) in_a`
/// (a face normal of `a`), `F_b(t) in_b` (of `b`), or with both the cross
/// product `(F_a(t) in_a) x (F_b(t) in_b)` of an edge of each, with the
/// boxes' frames `F` at each time (local vectors).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BodyFixedAxis {
    /// The vector in `a`'s local coordinates, if `a`'s frame takes part.
    pub in_a: Option<[BigRational; 3]>,
    /// The vector in `b`'s local coordinates, if `b`'s frame takes part.
    pub in_b: Option<[BigRational; 3]>,
}

/// The evidence behind a cell answer (module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CellEvidence {
    /// Separated cells tiling `[t0, lower]` (or `[t0, t1]` without contact).
    pub separation: Vec<EvidencePiece>,
    /// `(time, point)`: a point in both solids at a rational time in the
    /// first contact's enclosure, in the coordinates `witness_frame` says.
    pub witness: Option<(BigRational, [BigRational; 3])>,
    /// The coordinates of the witness point.
    pub witness_frame: WitnessFrame,
    /// With a local frame: the other end of an edge of that body (local
    /// coordinates) whose first end is the witness point; the edge crosses
    /// the other body, a flat triangle, through its interior at the
    /// witness's time.
    pub witness_edge_end: Option<[BigRational; 3]>,
    /// Within a separation `d > 0` (frame [`WitnessFrame::LocalA`]): a
    /// point of `b`'s core in `b`'s local coordinates; the witness point is
    /// then a point of `a`'s core, and the two are at most `r_a + r_b + d`
    /// apart at the witness's time.
    pub witness_other: Option<[BigRational; 3]>,
}

/// The coordinates of a witness point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WitnessFrame {
    /// World coordinates: a point strictly inside both solids.
    World,
    /// The local coordinates of `a`: a point of `a`, strictly inside `b`.
    LocalA,
    /// The local coordinates of `b`: a point of `b`, strictly inside `a`.
    LocalB,
}

/// A witness: its time, point, frame, and the other end of a crossing
/// edge or the other body's point.
type Witness = (BigRational, [BigRational; 3], WitnessFrame, Extra);

/// What goes with a witness point: nothing, the other end of an edge
/// crossing a triangle, or (within a separation) the other body's point.
#[derive(Clone, Debug)]
enum Extra {
    None,
    EdgeEnd([BigRational; 3]),
    Other([BigRational; 3]),
}

impl Extra {
    fn edge_end(&self) -> Option<[BigRational; 3]> {
        match self {
            Extra::EdgeEnd(v) => Some(v.clone()),
            _ => None,
        }
    }

    fn other(&self) -> Option<[BigRational; 3]> {
        match self {
            Extra::Other(v) => Some(v.clone()),
            _ => None,
        }
    }
}

/// The evidence for the answer `first_contact` from the classified cells;
/// `None` when the cells do not make it (a touch without overlapping
/// cell, decided exactly at an end of the interval).
pub(super) fn cell_evidence(
    pair: &Pair,
    cells: &[Cell],
    first_contact: Option<&CellTime>,
) -> Option<CellEvidence> {
    let end = first_contact.map(CellTime::lower);
    let mut separation = Vec::new();
    for cell in cells {
        // past `lower`, or the instant in contact at `lower = t0` (a cell
        // of no width, the search for the first contact alone)
        if end.is_some_and(|e| {
            cmp_rationals(&cell.end, e).is_gt() || cmp_rationals(&cell.start, &cell.end).is_eq()
        }) {
            break;
        }
        separation.push(piece(cell)?);
    }
    let Some(contact) = first_contact else {
        return Some(CellEvidence {
            separation,
            witness: None,
            witness_frame: WitnessFrame::World,
            witness_edge_end: None,
            witness_other: None,
        });
    };
    if let CellTime::Exact(t) = contact {
        // a contact at an exact placement (the start of `angular` and
        // `screw`): a witness computed exactly there
        if let Some((point, frame, other)) = pair.exact_witness(t) {
            return Some(CellEvidence {
                separation,
                witness: Some((t.clone(), point)),
                witness_frame: frame,
                witness_edge_end: None,
                witness_other: other,
            });
        }
    }
    let cell = cells
        .iter()
        .find(|c| {
            cmp_rationals(&c.start, contact.lower()).is_ge()
                && matches!(c.class, Class::Overlapping { .. })
        })
        .filter(|c| cmp_rationals(&c.start, contact.upper()).is_le())?;
    // the point proved inside over the cell (world, at its midpoint), or
    // the pair of points proved within the separation over it
    let (hint, proved) = match &cell.class {
        Class::Overlapping { point, pair } => (
            Some((
                (&cell.start + &cell.end) / BigRational::from_integer(2.into()),
                point,
            )),
            pair.as_deref(),
        ),
        _ => (None, None),
    };
    let within = proved.and_then(|(y, q)| pair_witness_at(pair, &cell.start, (y, q)));
    let (time, point, frame, extra) = within.or_else(|| witness_at(pair, &cell.start, hint))?;
    Some(CellEvidence {
        separation,
        witness: Some((time, point)),
        witness_frame: frame,
        witness_edge_end: extra.edge_end(),
        witness_other: extra.other(),
    })
}

/// A separated cell as a piece of evidence, its axis oriented from `a` to
/// `b`; `None` for a cell of another class.
fn piece(cell: &Cell) -> Option<EvidencePiece> {
    let zero = || std::array::from_fn(|_| BigRational::from_integer(0.into()));
    if let Class::AroundAxis {
        turning_b,
        radius_squared,
    } = &cell.class
    {
        return Some(EvidencePiece {
            from: cell.start.clone(),
            to: cell.end.clone(),
            direction: zero(),
            body_fixed: None,
            about_axis: Some((*turning_b, radius_squared.clone())),
        });
    }
    let Class::Separated {
        axis,
        direction,
        side,
        moving,
    } = &cell.class
    else {
        return None;
    };
    if *moving {
        return Some(EvidencePiece {
            from: cell.start.clone(),
            to: cell.end.clone(),
            direction: zero(),
            body_fixed: Some(body_fixed_axis(*axis, *side)?),
            about_axis: None,
        });
    }
    let direction = std::array::from_fn(|k| {
        let x = direction[k].lo().to_rational();
        if *side > 0 {
            x
        } else {
            -x
        }
    });
    Some(EvidencePiece {
        from: cell.start.clone(),
        to: cell.end.clone(),
        direction,
        body_fixed: None,
        about_axis: None,
    })
}

/// The box axis `axis` of Table 1 as local vectors, oriented by `side`:
/// `A_i` is `a`'s unit vector `e_i`, `B_j` is `b`'s `e_j`, `A_i x B_j`
/// the cross product of the two.
fn body_fixed_axis(axis: AxisIndex, side: i32) -> Option<BodyFixedAxis> {
    let unit = |i: usize, sign: i32| -> [BigRational; 3] {
        std::array::from_fn(|k| BigRational::from_integer((i32::from(k == i) * sign).into()))
    };
    let (in_a, in_b) = match axis {
        AxisIndex::A(i) => (Some(unit(i, side)), None),
        AxisIndex::B(j) => (None, Some(unit(j, side))),
        AxisIndex::AxB(i, j) => (Some(unit(i, side)), Some(unit(j, 1))),
        AxisIndex::VertexVertex(..) | AxisIndex::VertexEdge(..) | AxisIndex::EdgeVertex(..) => {
            return None
        }
    };
    Some(BodyFixedAxis { in_a, in_b })
}

/// How much narrower than the target width the cells of
/// [`claim_evidence`] may become near the claimed contact: `2^-24`.
const CLAIM_NARROWING: u32 = 24;

/// The evidence for a first contact another method claims for the two
/// boxes (`claimed`, `None` for no contact on `[t0, t1]`): separated cells
/// tiling `[t0, lower]` ([`separated_until`]), and a world point proved
/// strictly inside both boxes at `upper` ([`claimed_witness_at`]).
/// `Ok(None)` when either is not proved: a wrong claim gets no evidence,
/// and a right one whose `lower` lies within the arithmetic's resolution
/// of the contact may get none either. The claim's method is not
/// consulted: the referee judges the evidence on its own.
pub(super) fn claim_evidence(
    pair: &Pair,
    (t0, t1): (&BigRational, &BigRational),
    claimed: Option<&CellTime>,
) -> Result<Option<CellEvidence>, Error> {
    let end = claimed.map_or(t1, CellTime::lower);
    let Some(separation) = separated_until(pair, t0, end)? else {
        return Ok(None);
    };
    let witness = match claimed {
        None => CellEvidence {
            separation: Vec::new(),
            witness: None,
            witness_frame: WitnessFrame::World,
            witness_edge_end: None,
            witness_other: None,
        },
        Some(contact) => match claimed_witness_at(pair, contact.upper()) {
            Some(w) => w,
            None => return Ok(None),
        },
    };
    Ok(Some(CellEvidence {
        separation,
        ..witness
    }))
}

/// Separated cells tiling `[t0, end]`, bisected down to `2^-24` of the
/// target width near `end`; `Ok(None)` when the cells do not prove it
/// (the solids meet before `end`, or within the arithmetic's resolution
/// of it).
pub(super) fn separated_until(
    pair: &Pair,
    t0: &BigRational,
    end: &BigRational,
) -> Result<Option<Vec<EvidencePiece>>, Error> {
    if end <= t0 {
        return Ok(Some(Vec::new()));
    }
    let narrowest =
        pair.target_width(t0, end) / BigRational::from_integer((1u64 << CLAIM_NARROWING).into());
    Ok(pair
        .separated_tiling(t0, end, &narrowest)?
        .map(|cells| cells.iter().filter_map(piece).collect()))
}

/// A witness of contact proved at `t` ([`witness_at`]) as evidence with no
/// separated cells; `None` when none is proved.
pub(super) fn claimed_witness_at(pair: &Pair, t: &BigRational) -> Option<CellEvidence> {
    let (t, point, frame, extra) = witness_at(pair, t, None)?;
    Some(CellEvidence {
        separation: Vec::new(),
        witness: Some((t, point)),
        witness_frame: frame,
        witness_edge_end: extra.edge_end(),
        witness_other: extra.other(),
    })
}

/// A witness proved at `t`: for two boxes a rational world point strictly
/// inside both (the intersection polytope's candidate); for polytopes a
/// material point of one strictly inside the other, from `hint` (a world
/// point at another instant, made a material point there) or from the
/// candidate at `t`.
fn witness_at(
    pair: &Pair,
    t: &BigRational,
    hint: Option<(BigRational, &IntervalVec)>,
) -> Option<Witness> {
    let Solids::Polytopes(pq) = &pair.solids else {
        let at_t = hint.and_then(|(s, x)| (s == *t).then_some(x));
        let point = pair.box_witness_at(t, at_t)?;
        return Some((t.clone(), point, WitnessFrame::World, Extra::None));
    };
    let (pa, pb) = pair.at(t)?;
    let p = pair.bits;
    let pq = match pq {
        // within a separation: the closest pair of the cores, else (solids
        // that meet) a common point as at separation 0
        pq if pair.reach.is_some() => {
            let (y, q) = pair_candidate((&pq.0, &pa), (&pq.1, &pb), p);
            if let Some(w) = pair_witness_at(pair, t, (&y, &q)) {
                return Some(w);
            }
            pq
        }
        pq if pq.0.data.flat && pq.1.data.flat => {
            let (a, b) = (&pq.0, &pq.1);
            let witness = |from: &CellPolytope, edge: (usize, usize), frame| {
                let (i, j) = edge;
                let end = Extra::EdgeEnd(vertex(from, j));
                (t.clone(), vertex(from, i), frame, end)
            };
            return match edge_crossing_at((a, &pa), (b, &pb), p) {
                Some(edge) => Some(witness(a, edge, WitnessFrame::LocalA)),
                None => edge_crossing_at((b, &pb), (a, &pa), p)
                    .map(|edge| witness(b, edge, WitnessFrame::LocalB)),
            };
        }
        pq => pq,
    };
    let hinted = hint.and_then(|(s, x)| material_witness(pair, pq, t, (&s, x)));
    hinted.or_else(|| match pair.candidate(&pa, &pb, p, true)? {
        Candidate::World(candidate) => material_witness(pair, pq, t, (t, &candidate)),
        Candidate::Material { y, from_a } => {
            let (from, to, frame) = if from_a {
                (&pa, (&pq.1, &pb), WitnessFrame::LocalA)
            } else {
                (&pb, (&pq.0, &pa), WitnessFrame::LocalB)
            };
            material_point_inside_at(&y, from, to, p)
                .then(|| (t.clone(), y.into_array(), frame, Extra::None))
        }
        Candidate::Pair { .. } => None,
    })
}

/// The point `y` of `a`'s core and `q` of `b`'s (local coordinates) proved
/// within `r_a + r_b + d` at `t`, as a witness.
fn pair_witness_at(
    pair: &Pair,
    t: &BigRational,
    (y, q): (&Vec3<BigRational>, &Vec3<BigRational>),
) -> Option<Witness> {
    let (_, reach_squared) = pair.reach.as_ref()?;
    let (pa, pb) = pair.at(t)?;
    pair_within_at((y, q), &pa, &pb, reach_squared, pair.bits).then(|| {
        let (y, q) = (y.clone().into_array(), q.clone().into_array());
        (t.clone(), y, WitnessFrame::LocalA, Extra::Other(q))
    })
}

/// The world point `x` at time `s` as a material point of `a` or of `b`
/// (placed at `s`), proved strictly inside the other at `t`.
fn material_witness(
    pair: &Pair,
    (poly_a, poly_b): &(CellPolytope, CellPolytope),
    t: &BigRational,
    (s, x): (&BigRational, &IntervalVec),
) -> Option<Witness> {
    let p = pair.bits;
    let (sa, sb) = pair.at(s)?;
    let (ta, tb) = pair.at(t)?;
    let tries = [
        (poly_a, &sa, &ta, (poly_b, &tb), WitnessFrame::LocalA),
        (poly_b, &sb, &tb, (poly_a, &ta), WitnessFrame::LocalB),
    ];
    for (from, at_s, at_t, to, frame) in tries {
        if let Some(y) = material_point(x, from, at_s, p) {
            if material_point_inside_at(&y, at_t, to, p) {
                return Some((t.clone(), y.into_array(), frame, Extra::None));
            }
        }
    }
    None
}
