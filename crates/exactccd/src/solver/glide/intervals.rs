//! Contact intervals from glide's events: the maximal closed stretches of
//! the step on which the closed solids intersect, in the path parameter
//! (time for a translation, `σ` for a rotation).
//!
//! **Why the events bound every stretch.** The set of parameters where the
//! closed solids intersect is closed (the motion is continuous) and
//! semi-algebraic. Let `τ` be an end of one of its stretches inside the
//! step. Where the interiors overlap they overlap on a neighbourhood, so at
//! `τ` the solids only touch, and their contact has a point where a vertex
//! of one lies in a closed face of the other or where two non-parallel
//! edges cross (the analytic variant's completeness argument, `events.rs`;
//! Buss, "Collision Detection with Glide Rotations", section 5, types of
//! collisions). Such a pair is in contact at `τ` but not on a whole
//! neighbourhood of it (else the solids would intersect around `τ`), so `τ`
//! is an isolated root of the pair's equation with its inside conditions
//! holding, or, for a vertex gliding in a face's plane, an end of the
//! pair's stretches of contact, a root of an inside polynomial: in both
//! cases one of the events of `events.rs` (which returns every such
//! candidate). Hence, between two consecutive event parameters the
//! intersection state is constant.
//!
//! **How the state is decided.** At every event the solids touch (its
//! inside conditions hold), so events are in contact; on each open piece
//! between consecutive events the exact static test (`overlap.rs`,
//! [`solids_intersect`]) decides the state at one parameter strictly inside
//! (a rational one for exact scalars, so `b`'s pose there is rational also
//! under a rotation); at the step's start the caller's static test at `t0`
//! decides; at its end the static test there, or, when the end parameter is
//! transcendental (a `screw`), the state of the last piece, which lasts up
//! to the end. Consecutive cells in contact merge into one maximal closed
//! interval; an event alone (a graze) is an interval of zero length.
//!
//! For exact scalars the pieces are checked against closedness (a piece in
//! contact has both of its ends in contact): a violation is reported as an
//! error, never passed on.
#![deny(clippy::float_arithmetic)]

use super::events::{PathPolys, PlacedSolid};
use super::overlap::solids_intersect;
use crate::geom::{Mesh, Vec3};
use crate::poly::RealRoots;
use crate::scalar::{FieldScalar, Scalar};
use crate::Error;

/// `moving` (vertices at the path's start, in `a`'s frame) moved to the
/// parameter `lambda` of `path`: `x = (M(λ) y + c(λ)) / D(λ)`.
pub(crate) fn placed_at<S: FieldScalar>(
    moving: &Mesh<S>,
    path: &PathPolys<S>,
    lambda: &S,
) -> PlacedSolid<S> {
    let m = path.m.map(|p| p.eval(lambda));
    let c = path.c.map(|p| p.eval(lambda));
    let d = path.d.eval(lambda);
    let vertices = moving
        .vertices
        .iter()
        .map(|y| (&m.mul_vec(y) + &c).map(|x| x.div_ref(&d)))
        .collect();
    PlacedSolid::new(Mesh {
        vertices,
        ..moving.clone()
    })
}

/// The least and greatest corner of the vertices' bounding box.
fn bounds<S: Scalar>(vertices: &[Vec3<S>]) -> Option<(Vec3<S>, Vec3<S>)> {
    let first = vertices.first()?;
    let mut lo = first.clone();
    let mut hi = first.clone();
    for v in &vertices[1..] {
        lo = Vec3::new(
            lo.x.clone().min_of(v.x.clone()),
            lo.y.clone().min_of(v.y.clone()),
            lo.z.clone().min_of(v.z.clone()),
        );
        hi = Vec3::new(
            hi.x.clone().max_of(v.x.clone()),
            hi.y.clone().max_of(v.y.clone()),
            hi.z.clone().max_of(v.z.clone()),
        );
    }
    Some((lo, hi))
}

/// Whether the closed solids intersect: disjoint bounding boxes say no at
/// once, else the exact static test; an error when containment stays
/// undecided.
pub(crate) fn solids_meet<S: Scalar>(
    a: &PlacedSolid<S>,
    b: &PlacedSolid<S>,
) -> Result<bool, Error> {
    if let (Some((alo, ahi)), Some((blo, bhi))) =
        (bounds(&a.mesh.vertices), bounds(&b.mesh.vertices))
    {
        let apart = ahi.x < blo.x
            || bhi.x < alo.x
            || ahi.y < blo.y
            || bhi.y < alo.y
            || ahi.z < blo.z
            || bhi.z < alo.z;
        if apart {
            return Ok(false);
        }
    }
    solids_intersect(a, b).ok_or_else(|| {
        Error::limit_exceeded(
            "could not decide containment for the contact intervals: every tried ray met an edge"
                .to_string(),
        )
    })
}

/// A place on the path: a parameter, or the end of a step whose end
/// parameter is transcendental (a `screw`'s `t1`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Mark<R> {
    /// The parameter.
    At(R),
    /// The step's end `t1`.
    Stop,
}

/// One contact interval in the parameter: its first and last place.
pub(crate) type Stretch<R> = (Mark<R>, Mark<R>);

/// How the step ends in the parameter.
pub(crate) enum Close<S: RealRoots> {
    /// At this (rational) parameter: its state is decided there.
    At(S),
    /// At a transcendental parameter below `beyond` with no event between
    /// the last event and it: the last piece's state lasts to the end.
    Before {
        /// A parameter beyond the end, with no event between the end and it
        /// (the next event, or the parameter range's upper bound).
        beyond: S::Root,
    },
}

/// One cell of the step: a parameter (`from == to`) or the open piece
/// between two, and whether the solids intersect there.
struct Cell<R> {
    from: Mark<R>,
    to: Mark<R>,
    open: bool,
    meets: bool,
}

/// The contact intervals of the step (module docs), in the parameter.
///
/// `a` rests, `b` (at the path's start) moves by `path`; `start` is the
/// step's first parameter and `at_start` whether the solids intersect
/// there; `events` every contact parameter of the step (sorted, repeats
/// allowed, none before `start` nor after the end).
pub(crate) fn contact_stretches<S: RealRoots>(
    a: &PlacedSolid<S>,
    b: &PlacedSolid<S>,
    path: &PathPolys<S>,
    start: &S,
    at_start: bool,
    events: &[S::Root],
    close: &Close<S>,
) -> Result<Vec<Stretch<S::Root>>, Error> {
    // `None` when no scalar lies between the two, or `f64` events lie
    // within the path's resolution of each other: the piece is empty at
    // this resolution and is left out.
    let meets_between = |x: &S::Root, y: &S::Root| -> Result<Option<bool>, Error> {
        crate::budget::check()?;
        if !S::IS_EXACT && within_f64_resolution(S::root_to_f64(x), S::root_to_f64(y)) {
            return Ok(None);
        }
        match S::value_between(x, y) {
            Some(sample) => solids_meet(a, &placed_at(&b.mesh, path, &sample)).map(Some),
            None if S::IS_EXACT => Err(Error::limit_exceeded(
                "no parameter between two distinct events".to_string(),
            )),
            None => Ok(None),
        }
    };
    let mut cells = Vec::new();
    let piece = |cells: &mut Vec<Cell<S::Root>>,
                 from: &S::Root,
                 to: Mark<S::Root>,
                 beyond: &S::Root|
     -> Result<(), Error> {
        if let Some(meets) = meets_between(from, beyond)? {
            cells.push(Cell {
                from: Mark::At(from.clone()),
                to,
                open: true,
                meets,
            });
        }
        Ok(())
    };
    let mut prev = S::root_of_value(start);
    cells.push(Cell {
        from: Mark::At(prev.clone()),
        to: Mark::At(prev.clone()),
        open: false,
        meets: at_start,
    });
    let point = |r: &S::Root, meets: bool| Cell {
        from: Mark::At(r.clone()),
        to: Mark::At(r.clone()),
        open: false,
        meets,
    };
    for e in events {
        if *e < prev {
            return Err(Error::limit_exceeded(
                "glide's events are out of order for the contact intervals".to_string(),
            ));
        }
        if *e == prev {
            if let Some(last) = cells.last_mut() {
                last.meets = true;
            }
            continue;
        }
        piece(&mut cells, &prev, Mark::At(e.clone()), e)?;
        cells.push(point(e, true));
        prev = e.clone();
    }
    match close {
        Close::At(end) => {
            let end_root = S::root_of_value(end);
            if end_root > prev {
                piece(&mut cells, &prev, Mark::At(end_root.clone()), &end_root)?;
                let meets = solids_meet(a, &placed_at(&b.mesh, path, end))?;
                cells.push(point(&end_root, meets));
            }
        }
        Close::Before { beyond } => {
            piece(&mut cells, &prev, Mark::Stop, beyond)?;
        }
    }
    if S::IS_EXACT {
        check_closed(&cells)?;
    }
    Ok(merge(cells))
}

/// `f64` events closer than this, relative to `max(1, |parameter|)`, are
/// one contact at the resolution of the `f64` path: two events of one
/// contact (a vertex-face and an edge-edge pair meeting at one instant)
/// come out a few units in the last place apart, and the static test
/// between them reads rounding noise (a contact interval split `4e-16`
/// from its first instant, on two cubes turning corner onto corner).
const F64_EVENT_RESOLUTION: f64 = 9.094_947_017_729_282e-13; // 2^-40

/// Whether two `f64` parameters are within [`F64_EVENT_RESOLUTION`].
#[allow(clippy::float_arithmetic)] // the f64 path's resolution
fn within_f64_resolution(x: f64, y: f64) -> bool {
    (y - x).abs() <= F64_EVENT_RESOLUTION * x.abs().max(y.abs()).max(1.0)
}

/// The set in contact is closed: an open piece in contact has both of its
/// ends in contact (the end of a `screw`'s last piece is the step's end,
/// decided by the piece itself).
fn check_closed<R>(cells: &[Cell<R>]) -> Result<(), Error> {
    for (i, c) in cells.iter().enumerate() {
        if !(c.open && c.meets) {
            continue;
        }
        let before = i.checked_sub(1).and_then(|j| cells.get(j));
        let after = cells.get(i + 1);
        let left_ok = before.is_some_and(|p| p.meets);
        let right_ok = after.map_or(matches!(c.to, Mark::Stop), |n| n.meets);
        if !left_ok || !right_ok {
            return Err(Error::limit_exceeded(
                "glide's contact intervals came out inconsistent (a piece in contact next to a parameter without contact)"
                    .to_string(),
            ));
        }
    }
    Ok(())
}

/// Runs of cells in contact, each as one closed interval.
fn merge<R: Clone>(cells: Vec<Cell<R>>) -> Vec<Stretch<R>> {
    let mut out: Vec<Stretch<R>> = Vec::new();
    let mut run: Option<Stretch<R>> = None;
    for c in cells {
        if c.meets {
            run = Some(match run {
                Some((from, _)) => (from, c.to),
                None => (c.from, c.to),
            });
        } else if let Some(r) = run.take() {
            out.push(r);
        }
    }
    out.extend(run);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(from: i32, to: i32, meets: bool) -> Cell<i32> {
        Cell {
            from: Mark::At(from),
            to: Mark::At(to),
            open: from != to,
            meets,
        }
    }

    #[test]
    fn runs_merge_into_maximal_intervals_and_a_lone_event_is_a_point() {
        let cells = vec![
            cell(0, 0, true),
            cell(0, 2, true),
            cell(2, 2, true),
            cell(2, 3, false),
            cell(3, 3, true),
            cell(3, 5, false),
            cell(5, 5, true),
            cell(5, 7, true),
            cell(7, 7, true),
        ];
        assert!(check_closed(&cells).is_ok());
        assert_eq!(
            merge(cells),
            vec![
                (Mark::At(0), Mark::At(2)),
                (Mark::At(3), Mark::At(3)),
                (Mark::At(5), Mark::At(7)),
            ]
        );
    }

    #[test]
    fn a_piece_in_contact_beside_a_point_without_contact_is_refused() {
        let cells = vec![cell(0, 0, false), cell(0, 2, true), cell(2, 2, true)];
        assert!(check_closed(&cells).is_err());
        let open_end = vec![
            cell(0, 0, true),
            Cell {
                from: Mark::At(0),
                to: Mark::Stop,
                open: true,
                meets: true,
            },
        ];
        assert!(check_closed(&open_end).is_ok());
        assert_eq!(merge(open_end), vec![(Mark::At(0), Mark::Stop)]);
    }
}
