//! The cells' evidence in a form the referee re-proves on its own
//! (docs/methods/sat.md, "Time cells", certificates): the separated cells
//! before the first contact as rational time pieces, each with the fixed
//! dyadic world axis that separated it, oriented from `a` to `b`; and a
//! world point inside both boxes at the start of the first overlapping
//! cell after the contact's undecided run (a rational time within the
//! first contact's enclosure).
#![deny(clippy::float_arithmetic)]

use super::boxes::strictly_inside;
use super::search::{Cell, Class, Pair};
use super::witness::interior_candidate;
use super::CellTime;
use crate::scalar::interval::Interval;
use crate::scalar::BigRational;
use crate::Error;

/// On `[from, to]`, `b` lies strictly beyond `a` along `direction`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvidencePiece {
    /// Start, included.
    pub from: BigRational,
    /// End, included.
    pub to: BigRational,
    /// The cell's separating world axis, oriented from `a` to `b`.
    pub direction: [BigRational; 3],
}

/// The evidence behind a cell answer (module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CellEvidence {
    /// Separated cells tiling `[t0, lower]` (or `[t0, t1]` without contact).
    pub separation: Vec<EvidencePiece>,
    /// `(time, world point)`: a candidate point inside both boxes at a
    /// rational time in the first contact's enclosure.
    pub witness: Option<(BigRational, [BigRational; 3])>,
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
        if end.is_some_and(|e| cell.end > *e) {
            break;
        }
        separation.push(piece(cell)?);
    }
    let Some(contact) = first_contact else {
        return Some(CellEvidence {
            separation,
            witness: None,
        });
    };
    let time = cells
        .iter()
        .find(|c| c.start >= *contact.lower() && matches!(c.class, Class::Overlapping { .. }))
        .map(|c| c.start.clone())
        .filter(|t| t <= contact.upper())?;
    let (pa, pb) = pair.at(&time)?;
    let point = interior_candidate(&pa, &pair.ha, &pb, &pair.hb, pair.bits)?;
    Some(CellEvidence {
        separation,
        witness: Some((time, point.map(|x| x.midpoint().to_rational()))),
    })
}

/// A separated cell as a piece of evidence, its axis oriented from `a` to
/// `b`; `None` for a cell of another class.
fn piece(cell: &Cell) -> Option<EvidencePiece> {
    let Class::Separated {
        direction, side, ..
    } = &cell.class
    else {
        return None;
    };
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
    })
}

/// How much narrower than the target width the cells of
/// [`claim_evidence`] may become near the claimed contact: `2^-24`.
const CLAIM_NARROWING: u32 = 24;

/// The evidence for a first contact another method claims for the two
/// boxes (`claimed`, `None` for no contact on `[t0, t1]`): separated cells
/// tiling `[t0, lower]` (bisected down to `2^-24` of the target width near
/// `lower`), and a world point proved strictly inside both boxes at
/// `upper`. `Ok(None)` when either is not proved: a wrong claim gets no
/// evidence, and a right one whose `lower` lies within the arithmetic's
/// resolution of the contact may get none either. The claim's method is
/// not consulted: the referee judges the evidence on its own.
pub(super) fn claim_evidence(
    pair: &Pair,
    (t0, t1): (&BigRational, &BigRational),
    claimed: Option<&CellTime>,
) -> Result<Option<CellEvidence>, Error> {
    let end = claimed.map_or(t1, CellTime::lower);
    let separation = if end > t0 {
        let narrowest = pair.target_width(t0, end)
            / BigRational::from_integer((1u64 << CLAIM_NARROWING).into());
        let Some(cells) = pair.separated_tiling(t0, end, &narrowest)? else {
            return Ok(None);
        };
        cells.iter().filter_map(piece).collect()
    } else {
        Vec::new()
    };
    let witness = match claimed {
        None => None,
        Some(contact) => match witness_at(pair, contact.upper()) {
            Some(w) => Some(w),
            None => return Ok(None),
        },
    };
    Ok(Some(CellEvidence {
        separation,
        witness,
    }))
}

/// A rational world point proved strictly inside both boxes at `t`: the
/// midpoint of the intersection polytope's candidate, checked.
fn witness_at(pair: &Pair, t: &BigRational) -> Option<(BigRational, [BigRational; 3])> {
    let (pa, pb) = pair.at(t)?;
    let candidate = interior_candidate(&pa, &pair.ha, &pb, &pair.hb, pair.bits)?;
    let point: [BigRational; 3] = candidate.map(|x| x.midpoint().to_rational());
    let exact = point
        .clone()
        .map(|x| Interval::from_rational(&x, pair.bits));
    let inside = strictly_inside(&exact, &pa, &pair.ha, pair.bits)
        && strictly_inside(&exact, &pb, &pair.hb, pair.bits);
    inside.then(|| (t.clone(), point))
}
