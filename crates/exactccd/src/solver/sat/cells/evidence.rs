//! The cells' evidence in a form the referee re-proves on its own
//! (docs/methods/sat.md, "Time cells", certificates): the separated cells
//! before the first contact as rational time pieces, each with the fixed
//! dyadic world axis that separated it, oriented from `a` to `b`; and a
//! world point inside both boxes at the start of the first overlapping
//! cell after the contact's undecided run (a rational time within the
//! first contact's enclosure).
#![deny(clippy::float_arithmetic)]

use super::search::{Cell, Class, Pair};
use super::witness::interior_candidate;
use super::CellTime;
use crate::scalar::BigRational;

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
        separation.push(EvidencePiece {
            from: cell.start.clone(),
            to: cell.end.clone(),
            direction,
        });
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
