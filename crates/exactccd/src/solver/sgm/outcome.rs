//! What the SGM solve returns (module docs of `sgm`): the outcome, its
//! cells and certificate pieces, and the work counters.
#![deny(clippy::float_arithmetic)]

use super::planes::{BoxFeature, PlaneId};
use super::relative::RelativeBoxes;
use crate::geom::Vec3;
use crate::poly::{Poly, RealRoots};

/// Work counters, as the paper reports them (section V: "dividing the
/// motion path to homogeneous intervals produced 15 intervals, of which
/// three intervals were out of our [0, 1] domain, and eight intervals could
/// be eliminated using the bounding sphere test", "a degree 5 constraint").
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SgmStats {
    /// Homogeneous intervals meeting `[t0, t1]` (the paper's count less
    /// those outside the domain).
    pub homogeneous_intervals: usize,
    /// Homogeneous intervals of the whole real line of `t` that lie outside
    /// `[t0, t1]` (the paper's "out of our [0, 1] domain"): one per distinct
    /// real root `<= t0` or `>= t1` of the normals' components. Costs an
    /// isolation on the whole line, so it is computed only on request
    /// ([`intervals_outside_domain`](super::intervals_outside_domain)); `None` otherwise.
    pub intervals_outside_domain: Option<usize>,
    /// Homogeneous intervals skipped by the bounding-sphere test.
    pub pruned_by_sphere: usize,
    /// Plane polynomials built (30 per unpruned interval, less the dropped
    /// ones whose normal vanishes identically).
    pub planes: usize,
    /// Largest degree of a plane (contact) polynomial.
    pub max_plane_degree: usize,
    /// `plane_degrees[d]`: the number of plane (contact) polynomials of
    /// degree `d` built.
    pub plane_degrees: Vec<usize>,
    /// The degree of the plane polynomial that vanishes at the first
    /// contact (the paper's "degree 5 constraint"); `None` without contact
    /// or when no plane with a non-vanishing normal is active there.
    pub contact_degree: Option<usize>,
    /// Degree of the relative motion `M(t)`.
    pub motion_degree: usize,
    /// Polynomials whose real roots were isolated.
    pub root_isolations: usize,
    /// Cells (exact instants and open gaps) decided.
    pub cells: usize,
}

/// A cell of the time axis: an instant (`lo == hi`, no sample) or an open
/// gap `(lo, hi)` with a rational sample inside, and the set of planes (bit
/// `k` for [`PlaneId::from_index`]`(k)`, bit 30 for the sphere test) that
/// have the origin strictly outside on the whole cell.
#[derive(Clone, Debug)]
pub struct SgmCell<S: RealRoots> {
    /// Lower end.
    pub lo: S::Root,
    /// Upper end.
    pub hi: S::Root,
    /// A rational point of a gap; `None` for an instant.
    pub sample: Option<S>,
    /// Separating planes on the cell (bit 30: bounding spheres apart).
    pub negative: u32,
    /// The homogeneous interval whose plane set decided the cell.
    pub interval: usize,
}

/// One piece of the separation certificate: on `[from, to]` (rational
/// ends; `to == None` is the open end at the contact time) the plane
/// `plane` (or the sphere test when `None`) has the origin outside.
#[derive(Clone, Debug, PartialEq)]
pub struct SgmPiece<S> {
    /// Start.
    pub from: S,
    /// End, `None` for "up to the first contact".
    pub to: Option<S>,
    /// The separating plane; `None` for the bounding-sphere test.
    pub plane: Option<PlaneId>,
}

/// The answer of the SGM solver (plain data).
#[derive(Clone, Debug)]
pub struct SgmOutcome<S: RealRoots> {
    /// The boxes touch or overlap somewhere in `[t0, t1]`.
    pub collides: bool,
    /// They touch or overlap at `t0`.
    pub initially_overlapping: bool,
    /// The first contact time.
    pub first_contact: Option<S::Root>,
    /// The maximal closed contact intervals, in order.
    pub contact_intervals: Vec<(S::Root, S::Root)>,
    /// The plane the origin lies on at the first contact and the pair's
    /// features (of `a`, then of `b`), when some plane with a non-vanishing
    /// normal is active there.
    pub feature: Option<(PlaneId, BoxFeature, BoxFeature)>,
    /// Separation pieces tiling `[t0, T)` or `[t0, t1]`; `None` when no
    /// greedy cover with rational cuts was found.
    pub pieces: Option<Vec<SgmPiece<S>>>,
    /// The relative boxes (`b` in `a`'s frame).
    pub boxes: RelativeBoxes<S>,
    /// The 15 plane directions `n` in `a`'s frame.
    pub normals: Vec<Vec3<Poly<S>>>,
    /// Work counters.
    pub stats: SgmStats,
}
