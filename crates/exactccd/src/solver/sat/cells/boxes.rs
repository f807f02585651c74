//! Two boxes over a time cell: the separation bound along a fixed world
//! axis (Eberly, "Dynamic Collision Detection using OBBs", section 2.1: the
//! projection radius of a box on `L` is `sum_i h_i |A_i . L|`) and along
//! an axis of Table 1 as it turns with the boxes ([`MovingGap`]), the choice
//! of the axis among the 15 of Table 1 at one instant, and the proof that a
//! point lies strictly inside both boxes.
#![deny(clippy::float_arithmetic)]

use crate::geom::BoxShape;
use crate::motion::{dot, IntervalVec, PlacementEnclosure, PlacementVelocity};
use crate::scalar::interval::{sqrt, Dyad, Interval, Rounding};
use crate::scalar::BigRational;

/// A box's half extents as intervals.
#[derive(Clone, Debug)]
pub(crate) struct Extents(pub [Interval; 3]);

impl Extents {
    pub(crate) fn of(shape: &BoxShape<BigRational>, p: u64) -> Extents {
        Extents(std::array::from_fn(|i| {
            Interval::from_rational(&shape.half_extents[i], p)
        }))
    }

    /// The same extents rounded outward to `p` bits.
    pub(crate) fn rounded(&self, p: u64) -> Extents {
        Extents(std::array::from_fn(|i| self.0[i].round_outward(p)))
    }
}

/// The 15 candidate axes of Table 1: `A_i`, `B_j`, `A_i x B_j`; for
/// polytopes the face normals and edge directions of each, and with a
/// rounded solid the directions between the cores' features
/// (`polytope.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum AxisIndex {
    A(usize),
    B(usize),
    AxB(usize, usize),
    /// From vertex `i` of `a` to vertex `j` of `b`.
    VertexVertex(usize, usize),
    /// From edge `e` of `b` to vertex `i` of `a`, perpendicular to the edge.
    VertexEdge(usize, usize),
    /// From edge `e` of `a` to vertex `j` of `b`, perpendicular to the edge.
    EdgeVertex(usize, usize),
}

impl AxisIndex {
    pub(crate) const ALL: [AxisIndex; 15] = [
        AxisIndex::A(0),
        AxisIndex::A(1),
        AxisIndex::A(2),
        AxisIndex::B(0),
        AxisIndex::B(1),
        AxisIndex::B(2),
        AxisIndex::AxB(0, 0),
        AxisIndex::AxB(0, 1),
        AxisIndex::AxB(0, 2),
        AxisIndex::AxB(1, 0),
        AxisIndex::AxB(1, 1),
        AxisIndex::AxB(1, 2),
        AxisIndex::AxB(2, 0),
        AxisIndex::AxB(2, 1),
        AxisIndex::AxB(2, 2),
    ];
}

/// Column `i` of a placement's frame: the body's axis `i` in world
/// coordinates.
pub(crate) fn axis(e: &PlacementEnclosure, i: usize) -> IntervalVec {
    std::array::from_fn(|k| e.frame[k][i].clone())
}

pub(crate) fn cross(u: &IntervalVec, v: &IntervalVec, p: u64) -> IntervalVec {
    [
        u[1].mul(&v[2], p).sub(&u[2].mul(&v[1], p), p),
        u[2].mul(&v[0], p).sub(&u[0].mul(&v[2], p), p),
        u[0].mul(&v[1], p).sub(&u[1].mul(&v[0], p), p),
    ]
}

/// The direction of a candidate axis in the placements.
pub(crate) fn direction(
    index: AxisIndex,
    a: &PlacementEnclosure,
    b: &PlacementEnclosure,
    p: u64,
) -> IntervalVec {
    match index {
        AxisIndex::A(i) => axis(a, i),
        AxisIndex::B(j) => axis(b, j),
        AxisIndex::AxB(i, j) => cross(&axis(a, i), &axis(b, j), p),
        // the feature directions of rounded solids: not boxes' axes
        AxisIndex::VertexVertex(..) | AxisIndex::VertexEdge(..) | AxisIndex::EdgeVertex(..) => {
            std::array::from_fn(|_| Interval::from_i64(0))
        }
    }
}

/// `(d, r)` along `L`: `d = (o_B - o_A) . L` and the sum of the two
/// projection radii `r = sum h^A_i |A_i . L| + sum h^B_j |B_j . L|`. The
/// boxes are separated along `L` where `|d| > r`, `b` on the side of the
/// sign of `d`.
pub(crate) fn projection(
    l: &IntervalVec,
    a: &PlacementEnclosure,
    ha: &Extents,
    b: &PlacementEnclosure,
    hb: &Extents,
    p: u64,
) -> (Interval, Interval) {
    let offset: IntervalVec = std::array::from_fn(|k| b.origin[k].sub(&a.origin[k], p));
    let d = dot(&offset, l, p);
    let mut r = Interval::from_i64(0);
    for (e, h) in [(a, ha), (b, hb)] {
        for i in 0..3 {
            r = r.add(&h.0[i].mul(&dot(&axis(e, i), l, p).abs(), p), p);
        }
    }
    (d, r)
}

/// The certified separation of the cell along `L`: `Some(+1)` when `b` is
/// proved on the positive side (`min proj b - max proj a > 0` over the
/// whole cell), `Some(-1)` on the negative side, `None` when not proved.
pub(crate) fn separated_along(
    l: &IntervalVec,
    a: &PlacementEnclosure,
    ha: &Extents,
    b: &PlacementEnclosure,
    hb: &Extents,
    p: u64,
) -> Option<i32> {
    let (d, r) = projection(l, a, ha, b, hb, p);
    if d.lo() > r.hi() {
        Some(1)
    } else if d.hi().neg() > *r.hi() {
        Some(-1)
    } else {
        None
    }
}

/// The candidate axis of Table 1 with the largest estimated separation
/// `(|d| - r) / |L|` at one instant (`d` and `r` as in [`projection`]),
/// and that separation, evaluated at the midpoints of the enclosures in
/// rounded dyadic arithmetic: a choice of what to try, not a proof.
/// Eberly's Table 1 writes all 15 tests with the nine coefficients `c_ij
/// = A_i . B_j` and the offset's components `A_i . D`, `B_j . D`: with
/// orthonormal frames (the midpoints are, up to the rounding) a face
/// normal needs no normalising, and for `L = A_i x B_j` the terms `A_k .
/// L` and `B_l . L` are single coefficients, `D . L` is `c_(i+1)j A_(i+2)
/// . D` less `c_(i+2)j A_(i+1) . D` (indices mod 3, up to a sign that the
/// absolute values drop) and `|L|^2 = c_(i+1)j^2 + c_(i+2)j^2`. A cross product of
/// two nearly parallel axes (`|L|^2` below `2^-40`) is skipped as a
/// vanishing direction. The axes are ranked by `g |g| / |L|^2` (`g` the
/// unnormalised separation), which orders them as `g / |L|` does, so that
/// only the best one needs a square root.
pub(crate) fn best_box_axis(
    a: &PlacementEnclosure,
    ha: &Extents,
    b: &PlacementEnclosure,
    hb: &Extents,
    p: u64,
) -> Option<(AxisIndex, Dyad)> {
    let down = Rounding::Down;
    let mid3 = |v: &IntervalVec| -> [Dyad; 3] { std::array::from_fn(|k| v[k].midpoint()) };
    let columns =
        |e: &PlacementEnclosure| -> [[Dyad; 3]; 3] { std::array::from_fn(|i| mid3(&axis(e, i))) };
    let (fa, fb) = (columns(a), columns(b));
    let (oa, ob) = (mid3(&a.origin), mid3(&b.origin));
    let offset: [Dyad; 3] = std::array::from_fn(|k| ob[k].sub_rounded(&oa[k], p, down));
    let half = |h: &Extents| -> [Dyad; 3] { std::array::from_fn(|i| h.0[i].midpoint()) };
    let (ha, hb) = (half(ha), half(hb));
    let dot = |u: &[Dyad; 3], v: &[Dyad; 3]| point_dot(u, v, p);
    let c: [[Dyad; 3]; 3] = std::array::from_fn(|i| std::array::from_fn(|j| dot(&fa[i], &fb[j])));
    let abs_c: [[Dyad; 3]; 3] = std::array::from_fn(|i| std::array::from_fn(|j| c[i][j].abs()));
    let (da, db): ([Dyad; 3], [Dyad; 3]) = (
        std::array::from_fn(|i| dot(&fa[i], &offset)),
        std::array::from_fn(|j| dot(&fb[j], &offset)),
    );
    // `sum_k h_k |x_k|`
    let radius = |h: &[Dyad; 3], x: [&Dyad; 3]| {
        (0..3).fold(Dyad::zero(), |sum, k| {
            sum.add_rounded(&h[k].mul_rounded(x[k], p, down), p, down)
        })
    };
    let term = |h: &Dyad, x: &Dyad| h.mul_rounded(x, p, down);
    let vanishing = Dyad::new(1.into(), -40);
    // (axis, rank, unnormalised separation, |L|^2 of a cross product)
    let mut best: Option<(AxisIndex, Dyad, Dyad, Option<Dyad>)> = None;
    for index in AxisIndex::ALL {
        let (g, squared) = match index {
            AxisIndex::A(i) => {
                let r = radius(&hb, [&abs_c[i][0], &abs_c[i][1], &abs_c[i][2]]);
                let d = da[i].abs().sub_rounded(&ha[i], p, down);
                (d.sub_rounded(&r, p, down), None)
            }
            AxisIndex::B(j) => {
                let r = radius(&ha, [&abs_c[0][j], &abs_c[1][j], &abs_c[2][j]]);
                let d = db[j].abs().sub_rounded(&hb[j], p, down);
                (d.sub_rounded(&r, p, down), None)
            }
            AxisIndex::AxB(i, j) => {
                let (i1, i2, j1, j2) = ((i + 1) % 3, (i + 2) % 3, (j + 1) % 3, (j + 2) % 3);
                let squared = c[i1][j].mul_rounded(&c[i1][j], p, down).add_rounded(
                    &c[i2][j].mul_rounded(&c[i2][j], p, down),
                    p,
                    down,
                );
                if squared < vanishing {
                    continue;
                }
                let d = c[i1][j]
                    .mul_rounded(&da[i2], p, down)
                    .sub_rounded(&c[i2][j].mul_rounded(&da[i1], p, down), p, down)
                    .abs();
                let r = term(&ha[i1], &abs_c[i2][j])
                    .add_rounded(&term(&ha[i2], &abs_c[i1][j]), p, down)
                    .add_rounded(&term(&hb[j1], &abs_c[i][j2]), p, down)
                    .add_rounded(&term(&hb[j2], &abs_c[i][j1]), p, down);
                (d.sub_rounded(&r, p, down), Some(squared))
            }
            AxisIndex::VertexVertex(..) | AxisIndex::VertexEdge(..) | AxisIndex::EdgeVertex(..) => {
                continue
            }
        };
        let signed_square = g.mul_rounded(&g.abs(), p, down);
        let rank = match &squared {
            Some(squared) => signed_square.div_rounded(squared, p, down),
            None => signed_square,
        };
        if best.as_ref().is_none_or(|(_, b, _, _)| rank > *b) {
            best = Some((index, rank, g, squared));
        }
    }
    let (index, _, g, squared) = best?;
    let g = match squared {
        Some(squared) => {
            let norm = sqrt(&Interval::point(squared), p)?;
            g.div_rounded(&norm.midpoint(), p, down)
        }
        None => g,
    };
    Some((index, g))
}

/// `u . v` of two exact dyadic points, each step rounded down to `p` bits
/// (for choices and candidates, which need no bound).
pub(crate) fn point_dot(u: &[Dyad; 3], v: &[Dyad; 3], p: u64) -> Dyad {
    let down = Rounding::Down;
    u[0].mul_rounded(&v[0], p, down)
        .add_rounded(&u[1].mul_rounded(&v[1], p, down), p, down)
        .add_rounded(&u[2].mul_rounded(&v[2], p, down), p, down)
}

/// The midpoints of an interval vector, rounded to `p` bits: an exact
/// dyadic direction.
pub(crate) fn midpoint_vector(v: &IntervalVec, p: u64) -> IntervalVec {
    std::array::from_fn(|k| Interval::point(v[k].midpoint().round(p, Rounding::Down)))
}

/// True when the world point `x` is proved strictly inside the box at
/// every time of the placement's cell: `|A_i . (x - o)| < h_i` for each
/// axis (the frame is a rotation, so these are the local coordinates).
pub(crate) fn strictly_inside(
    x: &IntervalVec,
    e: &PlacementEnclosure,
    h: &Extents,
    p: u64,
) -> bool {
    let rel: IntervalVec = std::array::from_fn(|k| x[k].sub(&e.origin[k], p));
    (0..3).all(|i| {
        let local = dot(&axis(e, i), &rel, p);
        local.hi() < h.0[i].lo() && local.lo() > &h.0[i].lo().neg()
    })
}

/// The world position `o + F y` of the local point `y` in the placement.
pub(crate) fn world_point(y: &IntervalVec, e: &PlacementEnclosure, p: u64) -> IntervalVec {
    std::array::from_fn(|k| {
        e.origin[k]
            .add(&e.frame[k][0].mul(&y[0], p), p)
            .add(&e.frame[k][1].mul(&y[1], p), p)
            .add(&e.frame[k][2].mul(&y[2], p), p)
    })
}

/// The local coordinates `F^T (x - o)` of the world point `x`.
pub(crate) fn local_point(x: &IntervalVec, e: &PlacementEnclosure, p: u64) -> IntervalVec {
    let rel: IntervalVec = std::array::from_fn(|k| x[k].sub(&e.origin[k], p));
    std::array::from_fn(|i| dot(&axis(e, i), &rel, p))
}

/// A placement at the cell's midpoint, its velocity over the cell, and the
/// cell's half width as the interval `[-w/2, w/2]`: the data of the
/// mean-value form `f(t) in f(tm) + f'([cell]) [-w/2, w/2]`.
pub(crate) struct Centred<'a> {
    pub mid: &'a PlacementEnclosure,
    pub velocity: &'a PlacementVelocity,
    pub over: &'a PlacementEnclosure,
}

pub(crate) fn velocity_axis(v: &PlacementVelocity, i: usize) -> IntervalVec {
    std::array::from_fn(|k| v.frame[k][i].clone())
}

/// The derivative of `|x|` where `x` has the enclosure `x` and its
/// derivative `dx`: `dx` or `-dx` when the sign of `x` is known, else
/// `[-max|dx|, max|dx|]`.
fn abs_derivative(x: &Interval, dx: &Interval) -> Interval {
    if x.is_positive() {
        dx.clone()
    } else if x.is_negative() {
        dx.neg()
    } else {
        let m = dx.magnitude();
        Interval::point(m.neg()).hull(&Interval::point(m))
    }
}

/// The side of `b` along `L` from `d = (o_B - o_A) . L` at the midpoint
/// (`-1` where its midpoint is negative, else `+1`) and the gap `s d - r`
/// on that side.
fn side_and_gap(d: Interval, r: &Interval, p: u64) -> (i32, Interval) {
    let side = if d.midpoint().sign() == crate::scalar::Sign::Negative {
        -1
    } else {
        1
    };
    (side, oriented(d, side).sub(r, p))
}

/// `x` on the side `side`: `x` or `-x`.
fn oriented(x: Interval, side: i32) -> Interval {
    if side > 0 {
        x
    } else {
        x.neg()
    }
}

/// The certified separation of the cell along `L` by the mean-value form
/// (second order in the cell's width, where [`separated_along`] is first
/// order): `Some(side)` when proved.
pub(crate) fn separated_along_centred(
    l: &IntervalVec,
    a: &Centred<'_>,
    ha: &Extents,
    b: &Centred<'_>,
    hb: &Extents,
    half_width: &Interval,
    p: u64,
) -> Option<i32> {
    let (d_mid, r_mid) = projection(l, a.mid, ha, b.mid, hb, p);
    let (side, gap_mid) = side_and_gap(d_mid, &r_mid, p);
    let signed = |x: Interval| oriented(x, side);
    let offset_dot: IntervalVec =
        std::array::from_fn(|k| b.velocity.origin[k].sub(&a.velocity.origin[k], p));
    let mut slope = signed(dot(&offset_dot, l, p));
    for (c, h) in [(a, ha), (b, hb)] {
        for i in 0..3 {
            let x = dot(&axis(c.over, i), l, p);
            let dx = dot(&velocity_axis(c.velocity, i), l, p);
            slope = slope.sub(&h.0[i].mul(&abs_derivative(&x, &dx), p), p);
        }
    }
    let gap = gap_mid.add(&slope.mul(half_width, p), p);
    gap.is_positive().then_some(side)
}

/// The direction of the axis `index` over the cell and its derivative,
/// the axis moving with the boxes: a column of a frame turns with its box,
/// and `d/dt (A_i x B_j) = A_i' x B_j + A_i x B_j'`.
fn moving_direction(
    index: AxisIndex,
    a: &Centred<'_>,
    b: &Centred<'_>,
    p: u64,
) -> Option<(IntervalVec, IntervalVec)> {
    let over = direction(index, a.over, b.over, p);
    let rate = match index {
        AxisIndex::A(i) => velocity_axis(a.velocity, i),
        AxisIndex::B(j) => velocity_axis(b.velocity, j),
        AxisIndex::AxB(i, j) => {
            let first = cross(&velocity_axis(a.velocity, i), &axis(b.over, j), p);
            let second = cross(&axis(a.over, i), &velocity_axis(b.velocity, j), p);
            std::array::from_fn(|k| first[k].add(&second[k], p))
        }
        AxisIndex::VertexVertex(..) | AxisIndex::VertexEdge(..) | AxisIndex::EdgeVertex(..) => {
            return None
        }
    };
    Some((over, rate))
}

/// The gap along the axis `index` of Table 1 moving with the boxes (a
/// face normal, or the cross product of two edges, at each time of the
/// cell), `G(t) = s (o_B - o_A) . L(t) - sum h^A_i |A_i . L(t)| - sum h^B_j
/// |B_j . L(t)|` with `s` the side of `b`, in the mean-value form about the
/// cell's midpoint `tm`: `G(t) in at_mid + slope (t - tm)` for every `t` of
/// the cell. Where a fixed axis proves separation only at a fraction of
/// the distance to a contact (the boxes turn away from it within the
/// cell), the moving axis's gap vanishes at the contact of its own
/// features, so the cells come to the contact in fewer steps.
pub(crate) struct MovingGap {
    pub side: i32,
    at_mid: Interval,
    slope: Interval,
}

impl MovingGap {
    pub(crate) fn new(
        index: AxisIndex,
        a: &Centred<'_>,
        ha: &Extents,
        b: &Centred<'_>,
        hb: &Extents,
        p: u64,
    ) -> Option<MovingGap> {
        let (l_over, l_rate) = moving_direction(index, a, b, p)?;
        let l_mid = direction(index, a.mid, b.mid, p);
        let (d_mid, r_mid) = projection(&l_mid, a.mid, ha, b.mid, hb, p);
        let (side, at_mid) = side_and_gap(d_mid, &r_mid, p);
        let signed = |x: Interval| oriented(x, side);
        let offset: IntervalVec =
            std::array::from_fn(|k| b.over.origin[k].sub(&a.over.origin[k], p));
        let offset_rate: IntervalVec =
            std::array::from_fn(|k| b.velocity.origin[k].sub(&a.velocity.origin[k], p));
        let mut slope = signed(dot(&offset_rate, &l_over, p).add(&dot(&offset, &l_rate, p), p));
        for (c, h) in [(a, ha), (b, hb)] {
            for i in 0..3 {
                let column = axis(c.over, i);
                let x = dot(&column, &l_over, p);
                let dx = dot(&velocity_axis(c.velocity, i), &l_over, p)
                    .add(&dot(&column, &l_rate, p), p);
                slope = slope.sub(&h.0[i].mul(&abs_derivative(&x, &dx), p), p);
            }
        }
        Some(MovingGap {
            side,
            at_mid,
            slope,
        })
    }

    /// True when the gap is proved positive over the whole cell.
    pub(crate) fn separates(&self, half_width: &Interval, p: u64) -> bool {
        self.at_mid
            .add(&self.slope.mul(half_width, p), p)
            .is_positive()
    }

    /// How far past the midpoint the gap is proved positive when it is over
    /// the cell's first half but not over all of it: the bound
    /// `G(tm + u) >= lo(at_mid) + lo(slope) u` is positive for
    /// `0 <= u < lo(at_mid) / -lo(slope)`; that reach, rounded down to `p`
    /// bits and shortened by `2^-16` of itself (strictly inside; the
    /// referee's bisection of a piece ending that near a crossing stays
    /// within its depth), else `None`. Near a crossing
    /// of the gap, a cell whose midpoint is at a distance `δ` before it is
    /// proved to within about `K δ^2` of it (`K` bounds the gap's second
    /// derivative over its first): the steps converge quadratically.
    pub(crate) fn reach_past_midpoint(&self, half_width: &Interval, p: u64) -> Option<Dyad> {
        let down = Rounding::Down;
        let gap = self.at_mid.lo();
        let falling = self.slope.lo();
        if gap.sign() != crate::scalar::Sign::Positive
            || falling.sign() != crate::scalar::Sign::Negative
        {
            return None;
        }
        // the first half: G(tm - u) >= lo(at_mid) - hi(slope) u, u <= w/2
        let rising = self
            .slope
            .hi()
            .mul_rounded(half_width.hi(), p, Rounding::Up);
        if gap.sub_rounded(&rising, p, down).sign() != crate::scalar::Sign::Positive {
            return None;
        }
        // rounded down, then less 2^-16 of itself: strictly below the
        // bound's root, and a piece's end stays at least 2^-17 of its width
        // from a crossing, within the 48 halvings the referee bisects a
        // piece by
        let reach = gap.div_rounded(&falling.neg(), p, down);
        Some(reach.sub_rounded(&reach.scale_pow2(-16), p, down))
    }
}

/// The local coordinates in `to` of the material point `y` (local
/// coordinates of `from`) at every time of the cell, by the mean-value
/// form about the midpoint.
pub(crate) fn material_local_centred(
    y: &IntervalVec,
    from: &Centred<'_>,
    to: &Centred<'_>,
    half_width: &Interval,
    p: u64,
) -> IntervalVec {
    let x_mid = world_point(y, from.mid, p);
    let local_mid = local_point(&x_mid, to.mid, p);
    let x_over = world_point(y, from.over, p);
    let x_dot: IntervalVec = std::array::from_fn(|k| {
        from.velocity.origin[k]
            .add(&from.velocity.frame[k][0].mul(&y[0], p), p)
            .add(&from.velocity.frame[k][1].mul(&y[1], p), p)
            .add(&from.velocity.frame[k][2].mul(&y[2], p), p)
    });
    let rel: IntervalVec = std::array::from_fn(|k| x_over[k].sub(&to.over.origin[k], p));
    let rel_dot: IntervalVec = std::array::from_fn(|k| x_dot[k].sub(&to.velocity.origin[k], p));
    std::array::from_fn(|i| {
        let slope = dot(&velocity_axis(to.velocity, i), &rel, p)
            .add(&dot(&axis(to.over, i), &rel_dot, p), p);
        local_mid[i].add(&slope.mul(half_width, p), p)
    })
}

/// True when the material point `y` (local coordinates of `from`) is proved
/// strictly inside `to` at every time of the cell, by the mean-value form
/// of its local coordinates in `to`.
pub(crate) fn material_point_inside_centred(
    y: &IntervalVec,
    from: &Centred<'_>,
    to: &Centred<'_>,
    h_to: &Extents,
    half_width: &Interval,
    p: u64,
) -> bool {
    let local = material_local_centred(y, from, to, half_width, p);
    (0..3).all(|i| local[i].hi() < h_to.0[i].lo() && local[i].lo() > &h_to.0[i].lo().neg())
}
