//! Contact intervals under a general screw (a rotation and a slide along
//! its axis, `general.rs`), in the path parameter `σ`.
//!
//! As on the other paths (`intervals.rs`), the set of parameters where the
//! closed solids intersect changes only at events, so its stretches are
//! read from the state on each open piece between consecutive events,
//! decided at one parameter strictly inside, and the events themselves are
//! contacts. Two things differ here:
//!
//! * **The events are brackets.** Each is an interval of `σ` holding one
//!   root of a transcendental event function. Brackets that overlap cannot
//!   be ordered, and the state between their roots cannot be sampled: such
//!   a cluster (a face landing flat on a face gives one: four vertex-face
//!   events at one instant, isolated apart) is one place whose union
//!   bracket encloses a contact interval's end, the state inside it
//!   unknown, as an undecided run of SAT's time cells encloses one
//!   (`sat::cells`). When the solids meet on both sides of a cluster of
//!   distinct events, it lies inside an interval, where contact is claimed
//!   throughout: that is proved by a vertex of one solid strictly inside the
//!   other over the whole bracket (its enclosed positions, a box, on one
//!   side of every face plane of the other and a corner of the box inside
//!   it, exactly), as when a bar passes through a box and its end face
//!   crosses the box's face plane inside. Without such a vertex the
//!   intervals are not given (`None`), and the first contact stands
//!   without them.
//! * **The pose between events is not rational.** At a rational `σ` the
//!   rotation part of `b`'s placement is rational (`N(σ)/D(σ)`), but the
//!   slide `c ρ(σ) k` has the transcendental fraction `ρ(σ) = atan(σ|k|) /
//!   atan(σ_end|k|)`, enclosed in `[ρ_lo, ρ_hi]` (`Mixed::rho`). Moving
//!   `b` from the slide `c ρ_lo k` to `c ρ_hi k` is a translation, whose
//!   contact events (`events.rs`: vertex-face both ways and edge-edge, roots
//!   of polynomials of degree 1, exact) are all of the parameters along the
//!   way where the state can change (the argument of `intervals.rs`). When
//!   there is none, the state is the same at every slide of the enclosure,
//!   the true one included, and the exact static test at `ρ_lo` (a rational
//!   pose) decides it. When there is one (`b` within `|ρ_hi - ρ_lo| |c k|`
//!   of a contact there), another parameter of the piece is tried; when
//!   none decides, the intervals are not given.
//!
//! At `σ = 0` the caller's static test decides; at `σ_end` the slide is
//! `c k` exactly (`ρ = 1`), a rational pose.
#![deny(clippy::float_arithmetic)]

use super::enclosure::Interval;
use super::events::{edge_edge, vertex_face, EventStats, PathPolys, PlacedSolid};
use super::general::{poly_interval, Mixed};
use super::intervals::{placed_at, solids_meet};
use super::overlap::point_inside;
use crate::geom::Vec3;
use crate::scalar::{BigRational, Sign};
use crate::Error;
use num_bigint::BigInt;
use num_traits::Zero;

type Q = BigRational;

/// A general screw seen from `a`: `b` (at the path's start, in `a`'s
/// frame) moves by the rotation path `forward` and slides by `slide`
/// (`c k`, the whole step's slide) times `ρ(σ)`; seen from `b` at the
/// start, `a` moves by `inverse` and slides by `-c k` times `ρ(σ)`.
pub(crate) struct ScrewPath<'s> {
    /// The resting solid.
    pub a: &'s PlacedSolid<Q>,
    /// The moving solid at the path's start.
    pub b: &'s PlacedSolid<Q>,
    /// The rotation part of the path.
    pub forward: &'s PathPolys<Q>,
    /// The rotation part of the inverse path.
    pub inverse: &'s PathPolys<Q>,
    /// `c k`.
    pub slide: Vec3<Q>,
    /// `ρ` and its constants.
    pub mixed: &'s Mixed,
    /// The path's last parameter.
    pub sigma_end: &'s Q,
}

/// One place of a stretch: an event's bracket (a point at an exact
/// parameter: `0`, `σ_end`, or an exact root).
pub(crate) type Place = Interval;

/// The contact stretches of the step (module docs), each from the bracket
/// of its first contact to the bracket of its last; `None` when they
/// cannot be decided. `at_start`: whether the solids intersect at `σ = 0`;
/// `events`: every event's bracket, sorted by their lower ends.
pub(crate) fn screw_contact_stretches(
    path: &ScrewPath,
    at_start: bool,
    events: &[Interval],
) -> Result<Option<Vec<(Place, Place)>>, Error> {
    let zero = Interval::point(Q::zero());
    // (place, open piece, meets), in order, and the cells that are
    // clusters of distinct events
    let mut cells: Vec<(Place, bool, bool)> = vec![(zero.clone(), false, at_start)];
    let mut distinct = Vec::new();
    let mut last = zero;
    for (c, several) in clusters(events) {
        if c.hi.is_zero() {
            // an event at σ = 0: the solids touch there
            cells[0].2 = true;
            continue;
        }
        if c.lo <= last.hi {
            return Ok(None);
        }
        let Some(meets) = state_between(path, &last.hi, &c.lo)? else {
            return Ok(None);
        };
        cells.push((Interval::new(last.hi.clone(), c.lo.clone()), true, meets));
        if several {
            distinct.push(cells.len());
        }
        cells.push((c.clone(), false, true));
        last = c;
    }
    let end = path.sigma_end;
    if last.hi > *end || (last.hi == *end && last.lo != last.hi) {
        // a bracket reaching the end: the piece after its root is unseen
        return Ok(None);
    }
    if last.hi < *end {
        let Some(meets) = state_between(path, &last.hi, end)? else {
            return Ok(None);
        };
        cells.push((Interval::new(last.hi.clone(), end.clone()), true, meets));
        let one = Interval::point(BigRational::from_integer(1.into()));
        let Some(at_end) = meets_at_slide(path, end, &one)? else {
            return Ok(None);
        };
        cells.push((Interval::point(end.clone()), false, at_end));
    }
    for i in distinct {
        let inside = cells[i - 1].2 && cells.get(i + 1).is_some_and(|c| c.2);
        if inside && !vertex_inside_throughout(path, &cells[i].0)? {
            return Ok(None);
        }
    }
    closed(&cells)?;
    Ok(Some(runs(&cells)))
}

/// The events' brackets grouped where they overlap: each group's union,
/// and whether it holds distinct events (not one exact parameter listed
/// more than once).
fn clusters(events: &[Interval]) -> Vec<(Interval, bool)> {
    let mut out: Vec<(Interval, bool)> = Vec::new();
    for e in events {
        match out.last_mut() {
            Some((c, several)) if e.lo <= c.hi => {
                *several |= !(c.lo == c.hi && e.lo == c.lo && e.hi == c.hi);
                if e.hi > c.hi {
                    c.hi = e.hi.clone();
                }
            }
            _ => out.push((e.clone(), false)),
        }
    }
    out
}

/// The state on the open piece `(lo, hi)` between two events: tried at
/// its midpoint, then at its thirds.
fn state_between(path: &ScrewPath, lo: &Q, hi: &Q) -> Result<Option<bool>, Error> {
    let width = hi - lo;
    for (num, den) in [(1, 2), (1, 3), (2, 3)] {
        let sigma = lo + &width * Q::new(BigInt::from(num), BigInt::from(den));
        let rho = path.mixed.rho(&Interval::point(sigma.clone()));
        if let Some(meets) = meets_at_slide(path, &sigma, &rho)? {
            return Ok(Some(meets));
        }
    }
    Ok(None)
}

/// Whether the solids meet at the rational parameter `sigma`, whose slide
/// fraction lies in `rho` (module docs): `None` when a contact event
/// happens within the enclosure's slides.
fn meets_at_slide(path: &ScrewPath, sigma: &Q, rho: &Interval) -> Result<Option<bool>, Error> {
    crate::budget::check()?;
    // a translation keeps the normals and the faces' convex pieces
    let mut b0 = placed_at(&path.b.mesh, path.forward, sigma);
    let start = path.slide.scale(&rho.lo);
    for y in &mut b0.mesh.vertices {
        *y = &*y + &start;
    }
    let sweep = path.slide.scale(&(&rho.hi - &rho.lo));
    if !sweep.is_zero() {
        let zero = Q::zero();
        let one = BigRational::from_integer(1.into());
        let range = (&zero, &one);
        let along = PathPolys::translation(&sweep, &zero);
        let back = PathPolys::translation(&-sweep.clone(), &zero);
        let mut stats = EventStats::default();
        let any = |found: Result<bool, String>| found.map_or(true, |f| f);
        if any(vertex_face(path.a, &b0, &along, range, &mut stats).map(|v| !v.is_empty()))
            || any(vertex_face(&b0, path.a, &back, range, &mut stats).map(|v| !v.is_empty()))
            || any(edge_edge(path.a, &b0, &along, range, &mut stats).map(|v| !v.is_empty()))
        {
            return Ok(None);
        }
    }
    solids_meet(path.a, &b0).map(Some)
}

/// Whether a vertex of one solid lies strictly inside the other at every
/// parameter of `range` (module docs): its positions enclosed by interval
/// arithmetic, the box they span on one side of every face plane of the
/// other solid (certain signs at its eight corners), and a corner inside
/// that solid by the exact static test.
fn vertex_inside_throughout(path: &ScrewPath, range: &Interval) -> Result<bool, Error> {
    let g = path.mixed.g;
    let rho = path.mixed.rho(range);
    let back = -path.slide.clone();
    for (fixed, moving, polys, slide) in [
        (path.a, path.b, path.forward, &path.slide),
        (path.b, path.a, path.inverse, &back),
    ] {
        let d = poly_interval(&polys.d, range, g);
        for y in &moving.mesh.vertices {
            crate::budget::check()?;
            let n = polys.apply(y);
            let coordinate = |p: &crate::poly::Poly<Q>, s: &Q| {
                poly_interval(p, range, g)
                    .div(&d)
                    .map(|x| x.add(&rho.scale(s)))
            };
            let (Some(x), Some(yy), Some(z)) = (
                coordinate(&n.x, &slide.x),
                coordinate(&n.y, &slide.y),
                coordinate(&n.z, &slide.z),
            ) else {
                continue;
            };
            if box_inside(fixed, [&x, &yy, &z]) {
                return Ok(true);
            }
        }
    }
    Ok(false)
}

/// The box `x × y × z` lies strictly inside `solid` (module docs).
fn box_inside(solid: &PlacedSolid<Q>, [x, y, z]: [&Interval; 3]) -> bool {
    let corners: Vec<Vec3<Q>> = [&x.lo, &x.hi]
        .into_iter()
        .flat_map(|cx| {
            [&y.lo, &y.hi].into_iter().flat_map(move |cy| {
                [&z.lo, &z.hi]
                    .into_iter()
                    .map(move |cz| Vec3::new(cx.clone(), cy.clone(), cz.clone()))
            })
        })
        .collect();
    let one_side = |f: usize| {
        let n = &solid.normals[f];
        let u0 = &solid.mesh.vertices[solid.mesh.faces[f][0]];
        let first = crate::scalar::Ring::sign(&n.dot(&(&corners[0] - u0)));
        first != Sign::Zero
            && corners
                .iter()
                .all(|c| crate::scalar::Ring::sign(&n.dot(&(c - u0))) == first)
    };
    (0..solid.mesh.faces.len()).all(one_side) && point_inside(&corners[0], solid) == Some(true)
}

/// A piece in contact has both of its ends in contact (the set in contact
/// is closed), as in `intervals.rs`.
fn closed(cells: &[(Place, bool, bool)]) -> Result<(), Error> {
    for (i, (_, open, meets)) in cells.iter().enumerate() {
        if *open && *meets {
            let before = i.checked_sub(1).is_some_and(|j| cells[j].2);
            let after = cells.get(i + 1).is_some_and(|c| c.2);
            if !before || !after {
                return Err(Error::limit_exceeded(
                    "glide's contact intervals under a general screw came out inconsistent (a piece in contact next to a parameter without contact)"
                        .to_string(),
                ));
            }
        }
    }
    Ok(())
}

/// Runs of cells in contact, each from its first place to its last.
fn runs(cells: &[(Place, bool, bool)]) -> Vec<(Place, Place)> {
    let mut out: Vec<(Place, Place)> = Vec::new();
    let mut run: Option<(Place, Place)> = None;
    for (place, open, meets) in cells {
        if *meets {
            // an open piece's ends are the places on either side of it
            if !open {
                run = Some(match run.take() {
                    Some((from, _)) => (from, place.clone()),
                    None => (place.clone(), place.clone()),
                });
            }
        } else if let Some(r) = run.take() {
            out.push(r);
        }
    }
    out.extend(run);
    out
}
