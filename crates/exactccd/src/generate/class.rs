//! The scenario classes of the generators and the campaigns: their names
//! (`campaign --class NAME`), groups (`random`, `degenerate`, `glide`,
//! `shapes`, `nonlinear`, `all`) and order.

use std::fmt;
use std::str::FromStr;

/// A family of generated scenarios.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ScenarioClass {
    /// Random boxes, `b` (and sometimes `a`) with a constant velocity.
    Linear,
    /// Random boxes, `b` under a rational rotation whose quaternion has this
    /// degree in `t` (1 to 4), with a polynomial translation.
    RationalRotation(u8),
    /// Axis-aligned boxes moving along axes and diagonals.
    AxisAligned,
    /// Both boxes turned about the same axis: four pairs of parallel edges.
    ParallelEdges,
    /// Faces (or edges) meet at exactly one rational instant, then part.
    TouchingInstant,
    /// Flush faces sliding over each other.
    FlushSliding,
    /// Touching exactly at `t0`, then moving apart or sliding.
    ContactAtStart,
    /// First touching exactly at `t1`.
    ContactAtEnd,
    /// Closest approach leaves a gap of exactly `2^-k`.
    NearMiss,
    /// `b` slides past a face of `a` at a constant velocity, a gap of
    /// exactly `10^-k` (`k` from 3 to 12) apart for the whole pass: no
    /// contact, closer than any pixel of glide's raster variant (the
    /// campaign group `glide`, for rule 8's near misses).
    LinearNearMiss,
    /// `a` rests; `b` turns about a rational axis through a rational point
    /// by a rational rotation, `0 < θ < π`, without slide (a `poses`
    /// motion): glide's pure-rotation case, for differential rule 6 (glide
    /// against SAT and SGM on the same path as a rational motion in `σ`).
    Rotation,
    /// `a` rests; `b` spins by a contract `screw` about an axis through its
    /// own centre with a direction of rational length, without slide: the
    /// same motion as `angular` with angular velocity along the axis, for
    /// the rule comparing glide with SAT's ODE stepping.
    Spin,
    /// `a` rests, tilted; `b`, a box of varied proportions beside it, is
    /// turned by a `poses` glide about a skew axis between them: a quarter
    /// turn (`rot(1, k)` with `|k|` up to `sqrt 12`), a smaller angle
    /// (`rot(2, k)`, `rot(3, k)`), a half turn (`rot(0, k)`), and for a
    /// quarter of the non-half turns a slide along the axis (a general
    /// screw): the random cube pairs on which glide's raster variant is
    /// compared with the analytic one (differential rule 8,
    /// `tests/glide_raster.rs`).
    Raster,
    /// `b` under a `piecewise` motion of two rational pieces: a rational
    /// rotation of degree 1 or 2, then, from a random inner time, another
    /// turn and a drift towards `a` that start at the first piece's pose.
    Piecewise,
    /// Random pairs among boxes, triangles, spheres, capsules and convex
    /// hulls (four to eight points, sometimes with a duplicate or a point
    /// inside) with the placements and constant velocities of
    /// [`ScenarioClass::Linear`], `a` moving in a quarter of them; a
    /// separation `d` of zero in a third, else `2^-k` or a fraction.
    ShapeLinear,
    /// The shapes of [`ScenarioClass::ShapeLinear`] under the rational
    /// motions of [`ScenarioClass::RationalRotation`] of degree 1 or 2.
    ShapeRational,
    /// Two shapes with flat known extremes (a box face, a sphere's pole, a
    /// capsule's side or end, a triangle, a hull's face), one above the
    /// other, closing vertically at a constant relative velocity: the
    /// distance reaches exactly `d` at a rational inner instant `t*` and
    /// keeps falling (`generate::shapes` module docs). Expected: `t*`.
    ShapeTouch,
    /// The distance comes down to exactly `d` at one inner instant and
    /// grows again: the stacked shapes on a vertical parabola, or a sphere
    /// or capsule passing over another (parallel capsule sides exactly `d`
    /// apart at the instant). Expected: that instant.
    ShapeGraze,
    /// [`ScenarioClass::ShapeGraze`] with a closest distance of exactly
    /// `d + 2^-k` (`k` from 4 to 40). Expected: no contact.
    ShapeNearMiss,
    /// [`ScenarioClass::ShapeTouch`]'s shapes exactly `d` apart at `t0`,
    /// closing, resting, sliding or parting. Expected: `t0`.
    ShapeAtStart,
    /// [`ScenarioClass::ShapeTouch`]'s shapes closing to exactly `d` at
    /// `t1`. Expected: `t1`.
    ShapeAtEnd,
    /// Box pairs where `b` (and for a quarter of them `a` too, slowly)
    /// moves by the contract's `angular` motion (`docs/FORMAT.md` 5.1):
    /// constant angular velocity about a material `center`, the box's own
    /// centre for half of them and an off-centre point for the others, slow
    /// spins (`|w|` up to about 3.5) and fast ones (`|w|` from 10 to 40 rad
    /// per unit time); two thirds also move at a constant velocity aimed at
    /// `a` with a miss vector, the others spin in place beside `a`; the
    /// interval starts at 0 for half of them, elsewhere in `[-2, 2]` for
    /// the others, and is 1/4 to 2 long. The nonlinear rigid motion of
    /// physics engines (parry's `NonlinearRigidMotion`); about half
    /// collide (19 of the 40 of seeds 2026 and 2027).
    Angular,
    /// `a` rests (or drifts slowly), tilted; `b` moves by a general
    /// contract `screw` (rotation about an axis near `a` with a slide along
    /// it) on an interval starting anywhere in `[-3, 3]`: slow turns, a
    /// total turn over the interval within a small perturbation of an odd
    /// multiple of `π` (a relative rotation near a half turn), and many
    /// turns (10 to 60 rad over the interval). `b` orbits the axis at a
    /// radius comparable to the boxes' size and its slide brings it level
    /// with `a` inside the interval: about a third collide (12 of the 40 of
    /// seeds 2026 and 2027 in `docs/CAMPAIGNS.md`).
    GeneralScrew,
    /// The placements and motions of [`ScenarioClass::Angular`] (half) or
    /// [`ScenarioClass::GeneralScrew`] (half) with random boxes, triangles,
    /// spheres, capsules and convex hulls in place of the boxes (no
    /// separation): the turning motions for every solid the certified time
    /// cells take.
    ShapeTurning,
    /// A frame (a non-convex mesh: a square slab with a square hole
    /// through it, sixteen convex quads or, a third of the time, eight
    /// quads and four non-convex hexagons; random sizes) as one body against
    /// a box, a triangle or another frame, under the motions of
    /// [`ScenarioClass::Linear`] (a third), of
    /// [`ScenarioClass::RationalRotation`] of degree 1 (a third), or of
    /// [`ScenarioClass::Angular`] or [`ScenarioClass::GeneralScrew`] on an
    /// interval moved to start at 0 (a third): solids certified by parts.
    /// Not in `all` (so `all` keeps producing the scenarios it did); named
    /// `solids`.
    Solids,
    /// A frame (as in [`ScenarioClass::Solids`]) against a random sphere,
    /// capsule, convex hull, box or triangle: at a random separation (zero
    /// a third of the time) under the motions of [`ScenarioClass::Linear`]
    /// or of [`ScenarioClass::RationalRotation`] of degree 1 (the distance
    /// method's pieces), or at separation 0 under those of
    /// [`ScenarioClass::ShapeTurning`] from `t0 = 0` (the time cells on
    /// every pair of pieces); a third each, certified by parts. Not in
    /// `all`; named `solids-shapes`.
    SolidsShapes,
    /// The turning motions of [`ScenarioClass::ShapeTurning`] (random
    /// boxes, triangles, spheres, capsules and convex hulls, any `t0`) at a
    /// random minimum separation (three quarters), or a frame against a
    /// random shape under them at a random separation (a quarter; half of
    /// those from `t0 = 0`, half over the drawn interval): the time cells
    /// within `d`, certified by two witness points.
    /// Not in `all`; named `separated-turning`.
    SeparatedTurning,
}

impl ScenarioClass {
    /// The random classes of a campaign.
    pub const RANDOM: [ScenarioClass; 5] = [
        ScenarioClass::Linear,
        ScenarioClass::RationalRotation(1),
        ScenarioClass::RationalRotation(2),
        ScenarioClass::RationalRotation(3),
        ScenarioClass::RationalRotation(4),
    ];

    /// The degenerate classes of a campaign.
    pub const DEGENERATE: [ScenarioClass; 7] = [
        ScenarioClass::AxisAligned,
        ScenarioClass::ParallelEdges,
        ScenarioClass::TouchingInstant,
        ScenarioClass::FlushSliding,
        ScenarioClass::ContactAtStart,
        ScenarioClass::ContactAtEnd,
        ScenarioClass::NearMiss,
    ];

    /// The classes of glide's rule 6 (pure rotations).
    pub const ROTATION: [ScenarioClass; 2] = [ScenarioClass::Rotation, ScenarioClass::Spin];

    /// The classes of the contract's extensions (`docs/FORMAT.md` 7.1): in the campaign group `all`, not in `random` or
    /// `degenerate`.
    pub const EXTENSIONS: [ScenarioClass; 1] = [ScenarioClass::Piecewise];

    /// The rigid motions of physics engines with a constant twist, answered
    /// exactly by SAT's certified time cells: the campaign group
    /// `nonlinear` (`angular` and `screw`).
    pub const NONLINEAR: [ScenarioClass; 2] = [ScenarioClass::Angular, ScenarioClass::GeneralScrew];

    /// The classes where glide applies (translations, `poses` and `screw`
    /// motions): the campaign group `glide`, for differential rules 6 to 8.
    pub const GLIDE: [ScenarioClass; 5] = [
        ScenarioClass::Linear,
        ScenarioClass::Rotation,
        ScenarioClass::Spin,
        ScenarioClass::Raster,
        ScenarioClass::LinearNearMiss,
    ];

    /// The classes of the sphere, capsule, convex hull and minimum
    /// separation additions (docs/FORMAT.md 5.2, 5.3): the campaign group
    /// `shapes`, two random classes then five constructed with a known
    /// answer.
    pub const SHAPES: [ScenarioClass; 7] = [
        ScenarioClass::ShapeLinear,
        ScenarioClass::ShapeRational,
        ScenarioClass::ShapeTouch,
        ScenarioClass::ShapeGraze,
        ScenarioClass::ShapeNearMiss,
        ScenarioClass::ShapeAtStart,
        ScenarioClass::ShapeAtEnd,
    ];

    /// Every class: random, degenerate, glide's rotations, the
    /// extensions, glide's raster pairs, the shapes, then the nonlinear
    /// rigid motions.
    pub fn all() -> impl Iterator<Item = ScenarioClass> {
        ScenarioClass::RANDOM
            .into_iter()
            .chain(ScenarioClass::DEGENERATE)
            .chain(ScenarioClass::ROTATION)
            .chain(ScenarioClass::EXTENSIONS)
            .chain([ScenarioClass::Raster, ScenarioClass::LinearNearMiss])
            .chain(ScenarioClass::SHAPES)
            .chain(ScenarioClass::NONLINEAR)
            .chain([ScenarioClass::ShapeTurning])
    }

    /// The name used on the command line and in reports.
    pub fn name(self) -> String {
        match self {
            ScenarioClass::Linear => "linear".into(),
            ScenarioClass::RationalRotation(d) => format!("rational{d}"),
            ScenarioClass::AxisAligned => "axis-aligned".into(),
            ScenarioClass::ParallelEdges => "parallel-edges".into(),
            ScenarioClass::TouchingInstant => "touching-instant".into(),
            ScenarioClass::FlushSliding => "flush-sliding".into(),
            ScenarioClass::ContactAtStart => "contact-at-start".into(),
            ScenarioClass::ContactAtEnd => "contact-at-end".into(),
            ScenarioClass::NearMiss => "near-miss".into(),
            ScenarioClass::LinearNearMiss => "linear-near-miss".into(),
            ScenarioClass::Rotation => "rotation".into(),
            ScenarioClass::Spin => "spin".into(),
            ScenarioClass::Piecewise => "piecewise".into(),
            ScenarioClass::Raster => "raster".into(),
            ScenarioClass::ShapeLinear => "shape-linear".into(),
            ScenarioClass::ShapeRational => "shape-rational".into(),
            ScenarioClass::ShapeTouch => "shape-touch".into(),
            ScenarioClass::ShapeGraze => "shape-graze".into(),
            ScenarioClass::ShapeNearMiss => "shape-near-miss".into(),
            ScenarioClass::ShapeAtStart => "shape-at-start".into(),
            ScenarioClass::ShapeAtEnd => "shape-at-end".into(),
            ScenarioClass::Angular => "angular".into(),
            ScenarioClass::GeneralScrew => "screw".into(),
            ScenarioClass::ShapeTurning => "shape-turning".into(),
            ScenarioClass::Solids => "solids".into(),
            ScenarioClass::SolidsShapes => "solids-shapes".into(),
            ScenarioClass::SeparatedTurning => "separated-turning".into(),
        }
    }

    /// True for the degenerate classes (built exactly, then moved as a
    /// whole by a random rational rigid map), the constructed shape classes
    /// among them.
    pub fn is_degenerate(self) -> bool {
        !matches!(
            self,
            ScenarioClass::Linear
                | ScenarioClass::RationalRotation(_)
                | ScenarioClass::Rotation
                | ScenarioClass::Spin
                | ScenarioClass::Piecewise
                | ScenarioClass::Raster
                | ScenarioClass::ShapeLinear
                | ScenarioClass::ShapeRational
                | ScenarioClass::Angular
                | ScenarioClass::GeneralScrew
                | ScenarioClass::ShapeTurning
                | ScenarioClass::Solids
                | ScenarioClass::SolidsShapes
                | ScenarioClass::SeparatedTurning
        )
    }
}

impl fmt::Display for ScenarioClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

impl FromStr for ScenarioClass {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        ScenarioClass::all()
            .chain([
                ScenarioClass::Solids,
                ScenarioClass::SolidsShapes,
                ScenarioClass::SeparatedTurning,
            ])
            .find(|c| c.name() == s)
            .ok_or_else(|| {
                format!(
                    "unknown scenario class {s:?} (expected linear, rational1..rational4, axis-aligned, \
                     parallel-edges, touching-instant, flush-sliding, contact-at-start, contact-at-end, near-miss, \
                     rotation, spin, piecewise, raster, linear-near-miss, shape-linear, shape-rational, \
                     shape-touch, shape-graze, shape-near-miss, shape-at-start, shape-at-end, angular, \
                     screw, shape-turning, solids, solids-shapes, separated-turning)"
                )
            })
    }
}
