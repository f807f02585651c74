//! A mesh that need not be convex under a turning motion (`angular`,
//! `screw`, `poses`): the certified time cells (`cells`) on the bodies'
//! hulls, then on every pair of convex pieces, the first contact the
//! earliest of theirs.
//!
//! As for rational motions (`mesh.rs`), a mesh is cut into the triangles
//! of its faces (a convex face into its fan, any other by ear clipping:
//! `geom/triangulate.rs`, whose names a certificate uses) and any other
//! body (a box, a triangle, a sphere, a capsule, a hull) is one piece; two
//! closed solids
//! whose surfaces stay apart are disjoint unless nested, so:
//!
//! * at `t0` the solids are tested for nesting exactly (ray parity) at
//!   their exact placements there: a rational motion, the start of
//!   `poses`, `t0 = 0` for `angular` and `screw`; nested solids touch at
//!   `t0`. Elsewhere (`angular` or `screw` from `t0 != 0`) the placement
//!   is transcendental: each vertex tested is enclosed in the other
//!   solid's local coordinates by a box of half-diagonal `delta`
//!   (interval arithmetic), and when the box's centre `m` (a rational) is
//!   more than `delta` from every triangle of the surface, the vertex and
//!   `m` lie on the same side of it, which ray parity decides for `m`
//!   exactly. Precision doubles until every vertex is decided; solids
//!   found nested there touch at `t0`, witnessed by the point tested (a
//!   point of the inner solid in its local coordinates), which the
//!   referee encloses and tests the same way;
//! * **hulls first**: the cells run on the two bodies' convex hulls (a
//!   mesh's: the hull of its faces' vertices, which holds every piece; any
//!   other body itself). When the hulls stay apart (more than the
//!   separation) over the whole interval, so does every pair of pieces:
//!   no contact, and the hulls' separated cells are the evidence's one
//!   part, naming every piece of a mesh (the referee checks a part naming
//!   several pieces on the hull of their vertices). A frame whose hull
//!   another body never reaches took up to 13 s by pairs and takes 0.1 s;
//! * otherwise the first contact `T` is the least of the piece pairs'
//!   first contacts `T_ij`, each enclosed by the cells as `[l_ij, u_ij]`,
//!   so `T` lies in `[min l_ij, min u_ij]`, no wider than the widest
//!   enclosure. Every pair's separated cells tile `[t0, l_ij]`, which
//!   covers `[t0, min l_ij]`: cut there they are the certificate's parts;
//!   the witness of the pair with the least `u_ij` lies at a time in
//!   `[l_ij, u_ij]`, inside the answer's enclosure.
//!
//! Once a pair touches by `u`, the others are searched up to a little past
//! `u` only (the motions stay those of the whole interval): nothing later
//! can be the first contact, and a graze there does not stop the solve
//! (a pair stopped by a limit before any contact was known is tried again
//! at the end, up to the horizon of the contacts found by then).
//! The `f64` path runs the `f64` cells on the same pairs, each stopped at
//! its first contact. At a separation `d > 0` every pair is solved within
//! `d` (two surfaces farther apart than `d` bound solids farther apart than
//! `d` unless nested, and nested solids are in contact).
//!
//! **Contact intervals** (when asked for): every pair searched to `t1`
//! (those cut at the horizon again), the union of their contact
//! intervals is where the surfaces meet, and between those runs the solids
//! are nested or apart throughout, decided at one instant by the nesting
//! test at an enclosed placement (as at a transcendental `t0`): a nested
//! gap joins the runs around it. Runs whose enclosed ends cannot be
//! ordered, a pair's intervals not all computed, an undecided nesting or
//! more cells than [`INTERVAL_CELLS_FACTOR`] times the first contact's
//! leave the answer without intervals. Past the hulls, no pruning (every
//! pair is solved: the cells separate a distant pair within a few cells;
//! a tree of hulls is the next step). A pair whose
//! cells stop at a graze before the first contact's horizon stops the
//! solve (limit error), as for two convex bodies.
#![deny(clippy::float_arithmetic)]

use super::cells::{
    first_contact_cells_f64, solve_cells_first_contact, solve_cells_within, CellEvidence,
    CellOutcome, CellTime, ClaimCells, EvidencePiece, FloatCellOutcome, WitnessFrame,
};
use super::mesh::Pieces;
use crate::geom::point_in_solid;
use crate::geom::{Pose, Shape, Vec3};
use crate::motion::{dot, exact_pose_at_start, pair_enclosures, Body, PlacementEnclosure};
use crate::scalar::interval::Interval;
use crate::scalar::BigRational;
use crate::Error;

type Q = BigRational;

/// The most piece pairs one scenario may solve by cells: past it the solve
/// stops with a limit error (exit status 3).
pub const MAX_CELL_PIECE_PAIRS: usize = 4096;

/// A piece's name in its face (`(face, k)`, the `k`-th triangle of the
/// face's fan or cut), `None` for a box or a triangle.
pub type FanName = Option<(usize, usize)>;

/// The pieces a part of the evidence covers on one side: `None` for a
/// convex body (its one piece), else the names of the mesh's pieces (one
/// for a pair of pieces, all of them for the mesh's hull).
pub type PartNames = Option<Vec<(usize, usize)>>;

/// The evidence of a mesh answer by cells: for each piece pair, its
/// separated cells cut at the first contact's lower end (or one part for
/// the two bodies' hulls, when they stay apart); the witness of the pair
/// that touches first, and that pair's pieces.
#[derive(Clone, Debug)]
pub struct MeshCellParts {
    /// `(pieces of a, pieces of b, pieces of time)`.
    pub parts: Vec<(PartNames, PartNames, Vec<EvidencePiece>)>,
    /// The witness (`separation` empty), when there is contact.
    pub witness: Option<CellEvidence>,
    /// The pieces the witness lies in.
    pub witness_pieces: [FanName; 2],
}

/// The answer by cells for a mesh, with its evidence (`None` when a pair
/// gave none).
#[derive(Clone, Debug)]
pub struct MeshCellOutcome {
    /// The answer, as for two convex bodies.
    pub outcome: CellOutcome,
    /// Its evidence.
    pub parts: Option<MeshCellParts>,
}

fn world_triangles(pieces: &Pieces, pose: &Pose<Q>) -> Vec<[Vec3<Q>; 3]> {
    pieces
        .corners
        .iter()
        .map(|c| c.each_ref().map(|y| pose.apply_point(y)))
        .collect()
}

/// A point of one solid inside the other mesh at the exact poses of
/// `t0` (world coordinates), when they are nested.
fn nested_at_start(
    bodies: [&Body; 2],
    pieces: &[Pieces; 2],
    poses: &[Pose<Q>; 2],
) -> Option<Vec3<Q>> {
    for (inner, outer) in [(1, 0), (0, 1)] {
        if matches!(bodies[outer].shape, Shape::Mesh(_)) {
            let surface = world_triangles(&pieces[outer], &poses[outer]);
            for y in bodies[inner].shape.part_points() {
                let p = poses[inner].apply_point(&y);
                if point_in_solid(&p, &surface) {
                    return Some(p);
                }
            }
        }
    }
    None
}

/// The pieces up to `lower`: those starting before it, the last cut there.
fn cut_at(pieces: &[EvidencePiece], lower: &Q) -> Vec<EvidencePiece> {
    pieces
        .iter()
        .filter(|p| p.from < *lower)
        .map(|p| EvidencePiece {
            from: p.from.clone(),
            to: if p.to > *lower {
                lower.clone()
            } else {
                p.to.clone()
            },
            direction: p.direction.clone(),
            body_fixed: p.body_fixed.clone(),
            about_axis: p.about_axis.clone(),
        })
        .collect()
}

/// The pieces of the two bodies, their fan names, and a point of one solid
/// inside the other at `t0` when they are nested there.
struct Prepared {
    pieces: [Pieces; 2],
    fans: [Vec<FanName>; 2],
    nested: Option<Nested>,
}

/// A point of one solid inside the other at `t0`: a world point at exact
/// placements, or at enclosed ones a point of the inner body (its local
/// coordinates; `0` for `a`, `1` for `b`) with its world position's
/// enclosure's midpoint, in `f64`.
enum Nested {
    World(Vec3<Q>),
    Material(usize, Vec3<Q>, [f64; 3]),
}

/// The pieces of the two bodies and their nesting at `t0`, or why the
/// pieces' cells do not apply (module docs).
fn prepare(a: &Body, b: &Body, interval: (&Q, &Q)) -> Result<Prepared, Error> {
    let pieces = [Pieces::of(a), Pieces::of(b)];
    let fans = [pieces[0].fans(), pieces[1].fans()];
    let count = pieces[0].bodies.len() * pieces[1].bodies.len();
    if count > MAX_CELL_PIECE_PAIRS {
        return Err(Error::limit_exceeded(format!(
            "sat: {count} triangle pairs under a turning motion, more than {MAX_CELL_PIECE_PAIRS}"
        )));
    }
    let t0 = interval.0;
    let nested = match (exact_pose_at_start(a, t0), exact_pose_at_start(b, t0)) {
        (Some(pa), Some(pb)) => nested_at_start([a, b], &pieces, &[pa, pb]).map(Nested::World),
        _ => nesting_at_enclosed_start([a, b], &pieces, interval)?,
    };
    Ok(Prepared {
        pieces,
        fans,
        nested,
    })
}

/// The precisions tried for the nesting at a transcendental `t0`.
const NESTING_BITS: [u64; 4] = [96, 192, 384, 768];

/// Whether one solid lies inside the other mesh at `t0` when the
/// placements there are only enclosed (module docs): `None` when neither
/// does, else the point of the inner one found inside; an error when the
/// test stays undecided.
fn nesting_at_enclosed_start(
    bodies: [&Body; 2],
    pieces: &[Pieces; 2],
    interval: (&Q, &Q),
) -> Result<Option<Nested>, Error> {
    let not_applicable = |why: &str| {
        Error::not_applicable(format!(
            "sat: a mesh under a turning motion from t0 = {}: {why}",
            interval.0
        ))
    };
    for bits in NESTING_BITS {
        let (ea, eb) = pair_enclosures(bodies[0], bodies[1], interval, bits)
            .map_err(|e| not_applicable(&e.0))?;
        let time = Interval::from_rational(interval.0, bits);
        let (Some(pa), Some(pb)) = (ea.over(&time), eb.over(&time)) else {
            continue;
        };
        match nesting_at(bodies, pieces, [&pa, &pb], bits) {
            Some(None) => return Ok(None),
            Some(Some((inner, y))) => {
                let placement = [&pa, &pb][inner];
                let yi: [Interval; 3] =
                    std::array::from_fn(|k| Interval::from_rational(&y[k], bits));
                let world: [f64; 3] = std::array::from_fn(|i| {
                    let x = placement.origin[i].add(&dot(&placement.frame[i], &yi, bits), bits);
                    crate::scalar::rational_to_f64(&x.midpoint().to_rational())
                });
                return Ok(Some(Nested::Material(inner, y, world)));
            }
            None => {}
        }
    }
    Err(not_applicable(
        "the nesting at t0 stays undecided (a vertex within rounding of the other surface)",
    ))
}

/// `Some(None)` when no tested point of either solid lies inside the other
/// mesh, `Some(Some((inner, y)))` when the point `y` of body `inner` does,
/// `None` when a point's enclosure comes within its own size of the
/// surface.
fn nesting_at(
    bodies: [&Body; 2],
    pieces: &[Pieces; 2],
    placements: [&PlacementEnclosure; 2],
    bits: u64,
) -> Option<Option<(usize, Vec3<Q>)>> {
    for (inner, outer) in [(1, 0), (0, 1)] {
        if !matches!(bodies[outer].shape, Shape::Mesh(_)) {
            continue;
        }
        let surface = &pieces[outer].corners;
        for y in bodies[inner].shape.part_points() {
            let local = enclosed_local(&y, placements[inner], placements[outer], bits);
            let centre = Vec3::from_array(local.each_ref().map(|x| x.midpoint().to_rational()));
            let radius_squared = local.iter().fold(Q::from_integer(0.into()), |acc, x| {
                let half = x.width().to_rational() / Q::from_integer(2.into());
                acc + &half * &half
            });
            if !clear_of_surface(&centre, &radius_squared, surface) {
                return None;
            }
            if point_in_solid(&centre, surface) {
                return Some(Some((inner, y)));
            }
        }
    }
    Some(None)
}

/// Intervals holding the local point `y` of one body in the local
/// coordinates of the other: `F_o^T (o_i + F_i y - o_o)` (a frame's inverse
/// is its transpose).
fn enclosed_local(
    y: &Vec3<Q>,
    inner: &PlacementEnclosure,
    outer: &PlacementEnclosure,
    p: u64,
) -> [Interval; 3] {
    let y: [Interval; 3] = std::array::from_fn(|k| Interval::from_rational(&y[k], p));
    let offset: [Interval; 3] = std::array::from_fn(|i| {
        inner.origin[i]
            .add(&dot(&inner.frame[i], &y, p), p)
            .sub(&outer.origin[i], p)
    });
    std::array::from_fn(|k| {
        let column: [Interval; 3] = std::array::from_fn(|i| outer.frame[i][k].clone());
        dot(&column, &offset, p)
    })
}

/// True when the ball of squared radius `r2` about `x` meets no triangle:
/// for each one, `x` is farther than the radius from its plane or outside
/// one of its edges by more than the radius (within the plane's normal
/// and the edge). A sufficient test, exact in rationals; a zero-area
/// triangle is never cleared.
fn clear_of_surface(x: &Vec3<Q>, r2: &Q, surface: &[[Vec3<Q>; 3]]) -> bool {
    surface.iter().all(|[a, b, c]| {
        let n = (b - a).cross(&(c - a));
        let n2 = n.norm_squared();
        if n2 == Q::from_integer(0.into()) {
            return false;
        }
        let plane = n.dot(&(x - a));
        if &plane * &plane > r2 * &n2 {
            return true;
        }
        [(a, b, c), (b, c, a), (c, a, b)].iter().any(|(u, v, w)| {
            // the in-plane normal of the edge u v, toward w
            let m = n.cross(&(*v - *u));
            let m = if m.dot(&(*w - *u)) < Q::from_integer(0.into()) {
                -m
            } else {
                m
            };
            let side = m.dot(&(x - *u));
            side < Q::from_integer(0.into()) && &side * &side > r2 * &m.norm_squared()
        })
    })
}

/// Each body as one convex piece ([`Body::hull`]), named by every piece
/// of a mesh.
fn hull_pieces(bodies: [&Body; 2], fans: &[Vec<FanName>; 2]) -> [(Body, PartNames); 2] {
    [0, 1].map(|side| {
        let names = match bodies[side].shape {
            Shape::Mesh(_) => fans[side].iter().copied().collect(),
            _ => None,
        };
        (bodies[side].hull(), names)
    })
}

/// The answer when the two bodies' hulls ([`hull_pieces`]) stay apart (more
/// than the separation) over the whole interval: no pair of pieces meets,
/// and the hulls' cells are the one part of the evidence (module docs).
/// `None` when the hulls meet, or their cells stop (at a limit, or on a
/// hull the cells do not take): the pairs of pieces then decide.
fn hulls_apart(
    hulls: &[(Body, PartNames); 2],
    interval: (&Q, &Q),
    precision: u32,
    separation: &Q,
) -> Option<MeshCellOutcome> {
    let out = solve_cells_first_contact(&hulls[0].0, &hulls[1].0, interval, precision, separation)
        .ok()?;
    if out.first_contact.is_some() {
        return None;
    }
    let parts = out.evidence.as_ref().map(|e| MeshCellParts {
        parts: vec![(hulls[0].1.clone(), hulls[1].1.clone(), e.separation.clone())],
        witness: None,
        witness_pieces: [None, None],
    });
    Some(MeshCellOutcome {
        outcome: CellOutcome {
            collides: false,
            initially_overlapping: false,
            first_contact: None,
            contact_intervals: Vec::new(),
            features: None,
            point: None,
            normal: None,
            cells: out.cells,
            evidence: None,
        },
        parts,
    })
}

/// Solves two bodies, one at least a mesh (non-convex, with non-convex
/// faces allowed), the other any body, under motions with a placement
/// enclosure (module docs).
pub fn solve_mesh_cells(
    a: &Body,
    b: &Body,
    interval: (&Q, &Q),
    precision: u32,
    separation: &Q,
    intervals: bool,
) -> Result<MeshCellOutcome, Error> {
    let (t0, _) = interval;
    let Prepared {
        pieces,
        fans,
        nested: inside,
    } = prepare(a, b, interval)?;
    if let Some(p) = inside {
        return Ok(nested(t0, &p));
    }
    let hulls = hull_pieces([a, b], &fans);
    if let Some(apart) = hulls_apart(&hulls, interval, precision, separation) {
        return Ok(apart);
    }
    let mut cells = 0;
    let mut solved: Vec<(usize, usize, CellOutcome)> =
        Vec::with_capacity(pieces[0].bodies.len() * pieces[1].bodies.len());
    // the end of each solved pair's search
    let mut horizons: Vec<Q> = Vec::with_capacity(solved.capacity());
    // once a pair touches by `u`, the others are searched up to a little
    // past it only: what happens later cannot be the first contact (and a
    // graze there does not stop the solve)
    let t1 = interval.1;
    let margin = (t1 - t0) / Q::from_integer(1024.into());
    let mut best_upper: Option<Q> = None;
    // a pair stopped by a limit before any contact was known is tried
    // again at the end, up to the horizon of the contacts found by then
    let mut pending: Vec<(usize, usize)> = (0..pieces[0].bodies.len())
        .flat_map(|i| (0..pieces[1].bodies.len()).map(move |j| (i, j)))
        .collect();
    for retry in [false, true] {
        let mut deferred = Vec::new();
        for (i, j) in std::mem::take(&mut pending) {
            crate::budget::check()?;
            let horizon = match &best_upper {
                Some(u) => (u + &margin).min(t1.clone()),
                None => t1.clone(),
            };
            let (pa, pb) = (&pieces[0].bodies[i], &pieces[1].bodies[j]);
            let out = match solve_cells_within(pa, pb, interval, &horizon, precision, separation) {
                Err(e) if !retry && e.is_limit_exceeded() && best_upper.is_none() => {
                    deferred.push((i, j));
                    continue;
                }
                out => out?,
            };
            if let Some(u) = out.first_contact.as_ref().map(CellTime::upper) {
                if best_upper.as_ref().is_none_or(|b| u < b) {
                    best_upper = Some(u.clone());
                }
            }
            cells += out.cells;
            solved.push((i, j, out));
            horizons.push(horizon);
        }
        pending = deferred;
    }
    // the least lower end, and the pair with the least upper end
    let first = solved
        .iter()
        .filter(|(_, _, o)| o.first_contact.is_some())
        .min_by(|x, y| {
            let (tx, ty) = (x.2.first_contact.as_ref(), y.2.first_contact.as_ref());
            tx.map(CellTime::upper).cmp(&ty.map(CellTime::upper))
        })
        .map(|(i, j, _)| (*i, *j));
    let lower = solved
        .iter()
        .filter_map(|(_, _, o)| o.first_contact.as_ref().map(CellTime::lower))
        .min()
        .cloned();
    let first_contact = match (&first, &lower) {
        (Some((i, j)), Some(lo)) => {
            let k = solved
                .iter()
                .position(|(x, y, _)| (x, y) == (i, j))
                .expect("a solved pair");
            let up = solved[k]
                .2
                .first_contact
                .as_ref()
                .map(CellTime::upper)
                .expect("a contact");
            Some(if lo == up {
                CellTime::Exact(lo.clone())
            } else {
                CellTime::Enclosure(lo.clone(), up.clone())
            })
        }
        _ => None,
    };
    let name = |side: usize, i: usize| -> FanName { fans[side][i] };
    let one = |n: FanName| -> PartNames { n.map(|n| vec![n]) };
    let parts = solved
        .iter()
        .map(|(i, j, o)| {
            let e = o.evidence.as_ref()?;
            let kept = match &lower {
                Some(lo) => cut_at(&e.separation, lo),
                None => e.separation.clone(),
            };
            Some((one(name(0, *i)), one(name(1, *j)), kept))
        })
        .collect::<Option<Vec<_>>>();
    let contact_pair = first.map(|(i, j)| {
        let o = &solved
            .iter()
            .find(|(x, y, _)| (*x, *y) == (i, j))
            .expect("solved")
            .2;
        (i, j, o)
    });
    let witness = match contact_pair {
        None => Some(None),
        Some((_, _, o)) => o.evidence.as_ref().map(|e| {
            Some(CellEvidence {
                separation: Vec::new(),
                ..e.clone()
            })
        }),
    };
    let evidence = match (parts, witness) {
        (Some(parts), Some(witness)) => Some(MeshCellParts {
            parts,
            witness,
            witness_pieces: contact_pair.map_or([None, None], |(i, j, _)| [name(0, i), name(1, j)]),
        }),
        _ => None,
    };
    let contact_intervals = match (&first_contact, intervals) {
        (Some(_), true) => {
            let bodies = [a, b];
            let solids = Solids {
                bodies,
                pieces: &pieces,
                interval,
                precision,
                separation,
            };
            // a limit met here (the work budget) leaves the first contact
            // standing without intervals
            match solids.contact_intervals(&solved, &horizons) {
                Ok(found) => found.unwrap_or_default(),
                Err(e) if e.is_limit_exceeded() => Vec::new(),
                Err(e) => return Err(e),
            }
        }
        _ => Vec::new(),
    };
    let outcome = CellOutcome {
        collides: first_contact.is_some(),
        initially_overlapping: first_contact == Some(CellTime::Exact(t0.clone())),
        first_contact,
        contact_intervals,
        features: contact_pair.and_then(|(i, j, o)| {
            o.features
                .map(|(fa, fb)| (pieces[0].rename(i, fa), pieces[1].rename(j, fb)))
        }),
        point: contact_pair.and_then(|(_, _, o)| o.point),
        normal: contact_pair.and_then(|(_, _, o)| o.normal),
        cells,
        evidence: None,
    };
    Ok(MeshCellOutcome {
        outcome,
        parts: evidence,
    })
}

/// The cells' evidence for a first contact another method claims for two
/// bodies, one at least a mesh (`claimed`; `None` claims no contact on
/// the interval), in the form of [`solve_mesh_cells`]'s: every pair of
/// pieces separated over `[t0, lower]` (over `[t0, t1]` without contact:
/// the hulls kept apart, when they are), not nested at `t0`, and a witness
/// at `upper` in one pair of pieces.
/// Built without the claiming method's decisions: `Ok(None)` when the
/// cells do not prove the claim, whoever is wrong (a right claim whose
/// `lower` lies within the arithmetic's resolution of a contact may get
/// none either). The referee judges it on its own.
pub fn claim_mesh_evidence(
    a: &Body,
    b: &Body,
    interval: (&Q, &Q),
    claimed: Option<&CellTime>,
    precision: u32,
) -> Result<Option<MeshCellParts>, Error> {
    let (t0, t1) = interval;
    let Prepared {
        pieces,
        fans,
        nested: inside,
    } = prepare(a, b, interval)?;
    if let Some(p) = inside {
        let at_start = claimed == Some(&CellTime::Exact(t0.clone()));
        return Ok(nested(t0, &p).parts.filter(|_| at_start));
    }
    if claimed.is_none() {
        // no contact claimed: the hulls kept apart prove it in one part
        let hulls = hull_pieces([a, b], &fans);
        let apart = ClaimCells::new(&hulls[0].0, &hulls[1].0, interval, precision)
            .and_then(|cells| cells.separated_until(t1));
        if let Ok(Some(separated)) = apart {
            return Ok(Some(MeshCellParts {
                parts: vec![(hulls[0].1.clone(), hulls[1].1.clone(), separated)],
                witness: None,
                witness_pieces: [None, None],
            }));
        }
    }
    let end = claimed.map_or(t1, CellTime::lower);
    let mut parts = Vec::with_capacity(pieces[0].bodies.len() * pieces[1].bodies.len());
    let mut witness = None;
    let mut witness_pieces = [None, None];
    for (i, pa) in pieces[0].bodies.iter().enumerate() {
        for (j, pb) in pieces[1].bodies.iter().enumerate() {
            crate::budget::check()?;
            let cells = ClaimCells::new(pa, pb, interval, precision)?;
            let Some(separated) = cells.separated_until(end)? else {
                return Ok(None);
            };
            let names = [fans[0][i], fans[1][j]];
            if let (None, Some(contact)) = (&witness, claimed) {
                if let Some(w) = cells.witness_at(contact.upper()) {
                    witness = Some(w);
                    witness_pieces = names;
                }
            }
            parts.push((
                names[0].map(|n| vec![n]),
                names[1].map(|n| vec![n]),
                separated,
            ));
        }
    }
    if claimed.is_some() && witness.is_none() {
        return Ok(None);
    }
    Ok(Some(MeshCellParts {
        parts,
        witness,
        witness_pieces,
    }))
}

/// The two bodies, their pieces, the step and the separation: what the
/// contact intervals read (module docs).
struct Solids<'s> {
    bodies: [&'s Body; 2],
    pieces: &'s [Pieces; 2],
    interval: (&'s Q, &'s Q),
    precision: u32,
    separation: &'s Q,
}

/// The most cells the contact intervals may add to the first contact's,
/// as a multiple of those (and this many at least): past it the answer
/// stands without contact intervals.
pub const INTERVAL_CELLS_FACTOR: usize = 2;
/// The least allowance of [`INTERVAL_CELLS_FACTOR`], in cells.
pub const INTERVAL_CELLS_FLOOR: usize = 5_000;

impl Solids<'_> {
    /// The contact intervals (module docs): `None` when a pair's intervals
    /// are not all computed, a nesting stays undecided, two ends cannot be
    /// ordered, or the cells would exceed their allowance.
    fn contact_intervals(
        &self,
        solved: &[(usize, usize, CellOutcome)],
        horizons: &[Q],
    ) -> Result<Option<Vec<(CellTime, CellTime)>>, Error> {
        let t1 = self.interval.1;
        let spent: usize = solved.iter().map(|(_, _, o)| o.cells).sum();
        let allowance = (spent * INTERVAL_CELLS_FACTOR).max(INTERVAL_CELLS_FLOOR);
        let mut used = 0;
        let mut surface: Vec<(CellTime, CellTime)> = Vec::new();
        for ((i, j, out), horizon) in solved.iter().zip(horizons) {
            crate::budget::check()?;
            let redone;
            let out = if horizon < t1 {
                let (pa, pb) = (&self.pieces[0].bodies[*i], &self.pieces[1].bodies[*j]);
                let d = self.separation;
                match solve_cells_within(pa, pb, self.interval, t1, self.precision, d) {
                    Ok(o) => {
                        redone = o;
                        used += redone.cells;
                        &redone
                    }
                    Err(e) if e.is_limit_exceeded() => return Ok(None),
                    Err(e) => return Err(e),
                }
            } else {
                out
            };
            if used > allowance {
                return Ok(None);
            }
            if out.collides && out.contact_intervals.is_empty() {
                // the pair's search stopped after its first contact
                return Ok(None);
            }
            surface.extend(out.contact_intervals.iter().cloned());
        }
        let Some(runs) = merged(surface) else {
            return Ok(None);
        };
        self.bridged(runs)
    }

    /// The surface contacts' runs joined across the gaps in which one solid
    /// lies inside the other, and the last run carried to `t1` when they
    /// nest after it; `None` when a nesting stays undecided.
    fn bridged(
        &self,
        runs: Vec<(CellTime, CellTime)>,
    ) -> Result<Option<Vec<(CellTime, CellTime)>>, Error> {
        let (_, t1) = self.interval;
        let two = Q::from_integer(2.into());
        let mut out: Vec<(CellTime, CellTime)> = Vec::new();
        for run in runs {
            let Some(last) = out.last_mut() else {
                out.push(run);
                continue;
            };
            let middle = (last.1.upper() + run.0.lower()) / &two;
            match self.nested_at(&middle)? {
                Some(true) => last.1 = run.1,
                Some(false) => out.push(run),
                None => return Ok(None),
            }
        }
        if let Some(last) = out.last_mut() {
            if last.1.upper() < t1 {
                let middle = (last.1.upper() + t1) / &two;
                match self.nested_at(&middle)? {
                    Some(true) => last.1 = CellTime::Exact(t1.clone()),
                    Some(false) => {}
                    None => return Ok(None),
                }
            }
        }
        Ok(Some(out))
    }

    /// Whether one solid lies inside the other mesh at `tau`, by the test
    /// at an enclosed placement (module docs); `None` when undecided.
    fn nested_at(&self, tau: &Q) -> Result<Option<bool>, Error> {
        crate::budget::check()?;
        for bits in NESTING_BITS {
            let Ok((ea, eb)) = pair_enclosures(self.bodies[0], self.bodies[1], self.interval, bits)
            else {
                return Ok(None);
            };
            let time = Interval::from_rational(tau, bits);
            let (Some(pa), Some(pb)) = (ea.over(&time), eb.over(&time)) else {
                continue;
            };
            if let Some(found) = nesting_at(self.bodies, self.pieces, [&pa, &pb], bits) {
                return Ok(Some(found.is_some()));
            }
        }
        Ok(None)
    }
}

/// The union of the pairs' contact intervals as disjoint runs in time
/// order: two join when one's start is certainly no later than the
/// other's end (`start.upper <= end.lower`), and stay apart when certainly
/// later (`start.lower > end.upper`); `None` when their enclosures leave
/// it open.
fn merged(mut intervals: Vec<(CellTime, CellTime)>) -> Option<Vec<(CellTime, CellTime)>> {
    intervals.sort_by(|x, y| x.0.lower().cmp(y.0.lower()));
    let mut out: Vec<(CellTime, CellTime)> = Vec::new();
    for (start, end) in intervals {
        if let Some(last) = out.last_mut() {
            if start.upper() <= last.1.lower() {
                if end.lower() > last.1.lower() || end.upper() > last.1.upper() {
                    last.1 = later_end(&last.1, &end);
                }
                continue;
            }
            if start.lower() <= last.1.upper() {
                return None;
            }
        }
        out.push((start, end));
    }
    Some(out)
}

/// The later of two ends: the greater lower and the greater upper end.
fn later_end(x: &CellTime, y: &CellTime) -> CellTime {
    let lower = x.lower().max(y.lower()).clone();
    let upper = x.upper().max(y.upper()).clone();
    if lower == upper {
        CellTime::Exact(lower)
    } else {
        CellTime::Enclosure(lower, upper)
    }
}

/// [`solve_mesh_cells`] in `f64`: the `f64` cells on the hulls, then (when
/// they meet) on every pair of pieces (the nesting at `t0` decided
/// exactly), the first contact the least of theirs; no contact intervals.
pub fn solve_mesh_cells_f64(
    a: &Body,
    b: &Body,
    interval: (&Q, &Q),
    separation: &Q,
) -> Result<FloatCellOutcome, Error> {
    let (t0, _) = interval;
    let Prepared { pieces, nested, .. } = prepare(a, b, interval)?;
    let start = crate::scalar::rational_to_f64(t0);
    if nested.is_some() {
        return Ok(FloatCellOutcome {
            collides: true,
            initially_overlapping: true,
            first_contact: Some(start),
            contact_intervals: Vec::new(),
            evaluations: 0,
        });
    }
    let mut evaluations = 0;
    let hulls = [a.hull(), b.hull()];
    if let Ok(out) = first_contact_cells_f64(&hulls[0], &hulls[1], interval, separation) {
        if out.first_contact.is_none() {
            return Ok(out);
        }
        evaluations += out.evaluations;
    }
    let mut first: Option<f64> = None;
    for piece_a in &pieces[0].bodies {
        for piece_b in &pieces[1].bodies {
            crate::budget::check()?;
            let out = first_contact_cells_f64(piece_a, piece_b, interval, separation)?;
            evaluations += out.evaluations;
            if let Some(t) = out.first_contact {
                first = Some(first.map_or(t, |f| f.min(t)));
            }
        }
    }
    Ok(FloatCellOutcome {
        collides: first.is_some(),
        initially_overlapping: first == Some(start),
        first_contact: first,
        contact_intervals: Vec::new(),
        evaluations,
    })
}

/// The answer for solids nested at `t0`: contact there, witnessed by the
/// point of the one inside the other (world coordinates, or the inner
/// body's local ones).
fn nested(t0: &Q, inside: &Nested) -> MeshCellOutcome {
    let (point, frame, approx) = match inside {
        Nested::World(p) => (p, WitnessFrame::World, p.to_f64().into_array()),
        Nested::Material(0, y, world) => (y, WitnessFrame::LocalA, *world),
        Nested::Material(_, y, world) => (y, WitnessFrame::LocalB, *world),
    };
    let witness = CellEvidence {
        separation: Vec::new(),
        witness: Some((t0.clone(), point.clone().into_array())),
        witness_frame: frame,
        witness_edge_end: None,
        witness_other: None,
    };
    MeshCellOutcome {
        outcome: CellOutcome {
            collides: true,
            initially_overlapping: true,
            first_contact: Some(CellTime::Exact(t0.clone())),
            contact_intervals: Vec::new(),
            features: None,
            point: Some(approx),
            normal: None,
            cells: 0,
            evidence: None,
        },
        parts: Some(MeshCellParts {
            parts: Vec::new(),
            witness: Some(witness),
            witness_pieces: [None, None],
        }),
    }
}
