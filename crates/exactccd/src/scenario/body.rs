//! Bodies, poses, shapes and motions of a scenario (docs/FORMAT.md 2.1
//! to 2.3), each rule checked exactly where it is read.
#![deny(clippy::float_arithmetic)]

use super::error::ScenarioError;
use super::reader::{Node, Reader};
use super::{read_limited, MAX_MOTION_PIECES, MAX_OBJ_BYTES};
use crate::contact::ScalarKind;
use crate::geom::{
    quaternion_rotation, spans_space, BoxShape, Capsule, ConvexPoints, Mat3, Pose, Shape, Sphere,
    Triangle, Vec3, MAX_HULL_POINTS,
};
use crate::motion::{Body, Motion, MotionPiece, PiecewisePolyMotion};
use crate::poly::{isolate_roots, Poly};
use crate::scalar::{rational_to_f64, BigInt, BigRational, Ring, Scalar, Sign};
use serde_json::Value;
use std::path::Path;

/// The `f64` path's tolerance for rotation matrices: `1e-9` per entry of
/// `R^T R - I` and of `det R - 1`.
fn rotation_tolerance() -> BigRational {
    BigRational::new(BigInt::from(1), BigInt::from(1_000_000_000))
}

fn zero() -> BigRational {
    <BigRational as Ring>::zero()
}

fn one() -> BigRational {
    <BigRational as Ring>::one()
}

fn identity() -> [[BigRational; 3]; 3] {
    std::array::from_fn(|i| std::array::from_fn(|j| if i == j { one() } else { zero() }))
}

fn identity_pose() -> Pose<BigRational> {
    Pose {
        rotation: Mat3 { rows: identity() },
        translation: Vec3::zero(),
    }
}

fn sub(a: &Vec3<BigRational>, b: &Vec3<BigRational>) -> Vec3<BigRational> {
    Vec3 {
        x: &a.x - &b.x,
        y: &a.y - &b.y,
        z: &a.z - &b.z,
    }
}

fn cross(a: &Vec3<BigRational>, b: &Vec3<BigRational>) -> Vec3<BigRational> {
    Vec3 {
        x: &a.y * &b.z - &a.z * &b.y,
        y: &a.z * &b.x - &a.x * &b.z,
        z: &a.x * &b.y - &a.y * &b.x,
    }
}

fn is_zero_vector(v: &Vec3<BigRational>) -> bool {
    v.x.is_zero() && v.y.is_zero() && v.z.is_zero()
}

fn determinant(m: &[[BigRational; 3]; 3]) -> BigRational {
    let minor = |i: usize, j: usize, k: usize, l: usize| &m[i][j] * &m[k][l] - &m[i][l] * &m[k][j];
    &m[0][0] * minor(1, 1, 2, 2) - &m[0][1] * minor(1, 0, 2, 2) + &m[0][2] * minor(1, 0, 2, 1)
}

/// `R^T R`.
fn gram(m: &[[BigRational; 3]; 3]) -> [[BigRational; 3]; 3] {
    std::array::from_fn(|i| {
        std::array::from_fn(|j| (0..3).fold(zero(), |acc, k| acc + &m[k][i] * &m[k][j]))
    })
}

/// True when `m` is proved a rotation (`R^T R = I`, `det R = 1`) in machine
/// integers: with `D` the least common multiple of the denominators and
/// `N = D R` (integers), `N^T N = D^2 I` and `det N = D^3`, every step in
/// checked `i128`. `false` means "not proved": not a rotation, or a number
/// too large for this test (the caller then checks in `BigRational`).
fn proved_rotation_in_words(m: &[[BigRational; 3]; 3]) -> bool {
    use num_traits::ToPrimitive;
    let words = || -> Option<bool> {
        let mut denominator: i128 = 1;
        for q in m.iter().flatten() {
            let d = i128::from(q.denom().to_i64()?);
            let g = gcd_u128(denominator.unsigned_abs(), d.unsigned_abs());
            denominator = (denominator / i128::try_from(g).ok()?).checked_mul(d)?;
        }
        let mut n = [[0i128; 3]; 3];
        for (row, m_row) in n.iter_mut().zip(m) {
            for (x, q) in row.iter_mut().zip(m_row) {
                let scale = denominator / i128::from(q.denom().to_i64()?);
                *x = i128::from(q.numer().to_i64()?).checked_mul(scale)?;
            }
        }
        let d2 = denominator.checked_mul(denominator)?;
        for i in 0..3 {
            for j in 0..3 {
                let mut g: i128 = 0;
                for row in &n {
                    g = g.checked_add(row[i].checked_mul(row[j])?)?;
                }
                if g != if i == j { d2 } else { 0 } {
                    return Some(false);
                }
            }
        }
        let minor = |i: usize, j: usize, k: usize, l: usize| {
            n[i][j]
                .checked_mul(n[k][l])?
                .checked_sub(n[i][l].checked_mul(n[k][j])?)
        };
        let det = n[0][0]
            .checked_mul(minor(1, 1, 2, 2)?)?
            .checked_sub(n[0][1].checked_mul(minor(1, 0, 2, 2)?)?)?
            .checked_add(n[0][2].checked_mul(minor(1, 0, 2, 1)?)?)?;
        Some(det == d2.checked_mul(denominator)?)
    };
    words() == Some(true)
}

/// `gcd(a, b)` by Euclid's algorithm (`gcd(0, 0) = 0`).
fn gcd_u128(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// A short decimal rendering of an exact deviation, for messages.
fn approx(q: &BigRational) -> String {
    format!("{:e}", rational_to_f64(q))
}

/// The walk over bodies, with what the rules need: the number reader, the
/// directory of OBJ files, the interval (for the non-vanishing rules).
pub(crate) struct Loader<'p> {
    pub(crate) reader: Reader,
    base_dir: Option<&'p Path>,
    pub(crate) interval: (BigRational, BigRational),
    pub(crate) approximate_rotations: Vec<String>,
}

/// Which motion kinds carry their own pose (the body's `pose` must be
/// absent).
fn carries_pose(motion: &Motion) -> bool {
    match motion {
        Motion::Rational { .. } | Motion::RowMatrix { .. } => true,
        Motion::Piecewise { pieces } => pieces.iter().any(|p| carries_pose(&p.motion)),
        _ => false,
    }
}

/// The `f64` path's tolerance for a jump of a piecewise motion at a join:
/// `1e-9` per entry of the world map, times `max(1, |entry|)`.
fn jump_tolerance(scale: &BigRational) -> BigRational {
    let one = one();
    let s = if *scale > one { scale.clone() } else { one };
    rotation_tolerance() * s
}

impl<'p> Loader<'p> {
    pub(crate) fn new(reader: Reader, base_dir: Option<&'p Path>) -> Self {
        Loader {
            reader,
            base_dir,
            interval: (zero(), one()),
            approximate_rotations: Vec::new(),
        }
    }

    /// `{ "shape": SHAPE, "pose": POSE, "motion": MOTION }` (2.1).
    pub(crate) fn body(&mut self, node: &Node<'_>) -> Result<Body, ScenarioError> {
        let obj = node.object(&["shape", "pose", "motion"])?;
        let shape =
            self.shape(&obj.require("shape", "box, triangle, mesh, sphere, capsule or convex")?)?;
        let motion_node = obj.get("motion");
        let motion = match &motion_node {
            None => Motion::Static,
            Some(m) => self.motion(m)?,
        };
        let pose = match obj.get("pose") {
            None => identity_pose(),
            Some(p) if motion.is_piecewise() && carries_pose(&motion) => return Err(p.err(
                "must be absent for a piecewise motion with a rational or row_matrix piece, which carries the pose",
            )),
            Some(p) if carries_pose(&motion) => return Err(p.err(
                "must be absent for a rational or row_matrix motion, which carries the pose",
            )),
            Some(p) => self.pose(&p)?,
        };
        let body = Body {
            shape,
            pose,
            motion,
        };
        if let Some(m) = &motion_node {
            self.check_continuity(m, &body)?;
        }
        Ok(body)
    }

    /// A piecewise motion must be continuous at every join (module docs of
    /// `motion::piecewise`): the world map of the body at the breakpoint is
    /// the same from both sides, exactly (in the `f64` path within `1e-9`
    /// per entry, relative to the entry's size, on the rounded values).
    fn check_continuity(&self, node: &Node<'_>, body: &Body) -> Result<(), ScenarioError> {
        if !body.motion.is_piecewise() {
            return Ok(());
        }
        let Some(compiled) = PiecewisePolyMotion::from_body_on(body, &self.interval) else {
            return Ok(()); // only rational pieces are read
        };
        for k in 1..compiled.pieces.len() {
            let jump = compiled.jump_at(k);
            let allowed = match self.reader.scalar() {
                ScalarKind::Exact => zero(),
                ScalarKind::F64 => {
                    let (m, c) = compiled.pieces[k].2.eval_at(&compiled.pieces[k].0);
                    let size = m
                        .rows
                        .iter()
                        .flatten()
                        .chain(c.iter())
                        .map(abs_ref)
                        .max()
                        .unwrap_or_else(zero);
                    jump_tolerance(&size)
                }
            };
            if jump > allowed {
                let at = &compiled.pieces[k].0;
                return Err(ScenarioError::field(
                    &format!("{}.piecewise.pieces[{k}]", node.path.as_str()),
                    format!(
                        "the motion jumps at the breakpoint t = {at}: the pose where this piece starts differs from the pose where the previous piece ends (by {jump} in an entry of the world map, about {}); a piecewise motion must be continuous",
                        approx(&jump)
                    ),
                    None,
                ));
            }
        }
        Ok(())
    }

    /// A POSE: `rotation` or `quaternion` (at most one), `translation`.
    fn pose(&mut self, node: &Node<'_>) -> Result<Pose<BigRational>, ScenarioError> {
        let obj = node.object(&["rotation", "quaternion", "translation"])?;
        if obj.has("rotation") && obj.has("quaternion") {
            return Err(
                node.err("has both rotation and quaternion; give at most one rotation form")
            );
        }
        let rotation = if let Some(r) = obj.get("rotation") {
            let m = self.reader.matrix3(&r)?;
            self.check_rotation(&r, &m)?;
            Mat3 { rows: m }
        } else if let Some(q_node) = obj.get("quaternion") {
            let q = self.reader.numbers::<4>(&q_node)?;
            // rot(q) / |q|^2: exact for any non-zero rational quaternion.
            quaternion_rotation(&q).ok_or_else(|| q_node.err("must not be zero"))?
        } else {
            Mat3 { rows: identity() }
        };
        let translation = match obj.get("translation") {
            None => Vec3::zero(),
            Some(t) => self.reader.vector(&t)?,
        };
        Ok(Pose {
            rotation,
            translation,
        })
    }

    /// A `rotation` matrix must be orthonormal with determinant `+1`:
    /// exactly in the exact path, within the tolerance in the `f64` path.
    fn check_rotation(
        &mut self,
        node: &Node<'_>,
        m: &[[BigRational; 3]; 3],
    ) -> Result<(), ScenarioError> {
        if proved_rotation_in_words(m) {
            return Ok(());
        }
        let g = gram(m);
        let id = identity();
        let det = determinant(m);
        let mut worst: Option<(BigRational, usize, usize)> = None;
        for i in 0..3 {
            for j in 0..3 {
                let d = abs(&g[i][j] - &id[i][j]);
                let larger = match &worst {
                    Some((w, _, _)) => d > *w,
                    None => true,
                };
                if !d.is_zero() && larger {
                    worst = Some((d, i, j));
                }
            }
        }
        let det_error = abs(&det - one());
        if worst.is_none() && det_error.is_zero() {
            return Ok(());
        }
        let describe = |tolerance: &str| match &worst {
            Some((_, i, j)) => format!(
                "must be a rotation{tolerance}: (R^T R)[{i}][{j}] = {} (about {}), must be {}",
                g[*i][*j],
                approx(&g[*i][*j]),
                if i == j { 1 } else { 0 }
            ),
            None => format!("must be a rotation{tolerance}: det R = {det}, must be +1"),
        };
        match self.reader.scalar() {
            ScalarKind::Exact => Err(node.err(describe(" (orthonormal, det +1) exactly"))),
            ScalarKind::F64 => {
                let tol = rotation_tolerance();
                let entries_close = match &worst {
                    Some((w, _, _)) => *w <= tol,
                    None => true,
                };
                let close = entries_close && det_error <= tol;
                if close {
                    self.approximate_rotations
                        .push(node.path.as_str().to_owned());
                    Ok(())
                } else if worst.as_ref().is_some_and(|(w, _, _)| *w > tol) {
                    Err(node.err(describe(" within 1e-9")))
                } else {
                    Err(node.err(format!(
                        "must be a rotation within 1e-9: det R = {det} (about {}), must be +1",
                        approx(&det)
                    )))
                }
            }
        }
    }

    /// A SHAPE (2.2).
    fn shape(&mut self, node: &Node<'_>) -> Result<Shape<BigRational>, ScenarioError> {
        let (kind, inner) = node.variant(
            &["box", "triangle", "mesh", "sphere", "capsule", "convex"],
            &[],
        )?;
        match kind {
            "sphere" => {
                let obj = inner.object(&["radius"])?;
                let radius = self.positive(&obj.require("radius", "a positive number")?)?;
                Ok(Shape::Sphere(Sphere { radius }))
            }
            "capsule" => {
                let obj = inner.object(&["a", "b", "radius"])?;
                let a = self
                    .reader
                    .vector(&obj.require("a", "a vector [x, y, z]")?)?;
                let b = self
                    .reader
                    .vector(&obj.require("b", "a vector [x, y, z]")?)?;
                let radius = self.positive(&obj.require("radius", "a positive number")?)?;
                Ok(Shape::Capsule(Capsule { a, b, radius }))
            }
            "convex" => {
                let obj = inner.object(&["points"])?;
                let node = obj.require("points", "an array of at least four [x, y, z] points")?;
                let items = node.array("points [x, y, z]")?;
                if items.len() > MAX_HULL_POINTS {
                    return Err(node.err(format!(
                        "has {} points, more than the limit of {MAX_HULL_POINTS}",
                        items.len()
                    )));
                }
                let mut points = Vec::with_capacity(items.len());
                for item in &items {
                    points.push(self.reader.vector(item)?);
                }
                if !spans_space(&points) {
                    return Err(node.err(
                        "must hold at least four points that are not coplanar (the hull must be a solid)",
                    ));
                }
                Ok(Shape::Convex(ConvexPoints { points }))
            }
            "box" => {
                let obj = inner.object(&["half_extents"])?;
                let he = obj.require("half_extents", "3 positive numbers")?;
                let items = he.array_of(3, "positive numbers")?;
                let mut values = Vec::with_capacity(3);
                for item in &items {
                    let v = self.reader.number(item)?;
                    if v.sign() != Sign::Positive {
                        return Err(item.err("must be > 0"));
                    }
                    values.push(v);
                }
                let half_extents: [BigRational; 3] = values
                    .try_into()
                    .map_err(|_| he.err("must be an array of 3 positive numbers"))?;
                Ok(Shape::Box(BoxShape { half_extents }))
            }
            "triangle" => {
                let items = inner.array_of(3, "vertices")?;
                let mut vertices = Vec::with_capacity(3);
                for item in &items {
                    vertices.push(self.reader.vector(item)?);
                }
                let n = cross(
                    &sub(&vertices[1], &vertices[0]),
                    &sub(&vertices[2], &vertices[0]),
                );
                if is_zero_vector(&n) {
                    return Err(
                        inner.err("is degenerate: its three vertices are collinear (or coincide)")
                    );
                }
                let vertices: [Vec3<BigRational>; 3] = vertices
                    .try_into()
                    .map_err(|_| inner.err("must be an array of 3 vertices"))?;
                Ok(Shape::Triangle(Triangle { vertices }))
            }
            _ => self.mesh(&inner),
        }
    }

    /// A number `> 0` (a radius).
    fn positive(&mut self, node: &Node<'_>) -> Result<BigRational, ScenarioError> {
        let v = self.reader.number(node)?;
        if v.sign() != Sign::Positive {
            return Err(node.err("must be > 0"));
        }
        Ok(v)
    }

    /// `{"vertices": [...], "faces": [...]}` or `{"obj": "path"}`.
    fn mesh(&mut self, node: &Node<'_>) -> Result<Shape<BigRational>, ScenarioError> {
        let obj = node.object(&["vertices", "faces", "obj"])?;
        if let Some(file) = obj.get("obj") {
            if obj.has("vertices") || obj.has("faces") {
                return Err(node.err("must give either obj, or vertices and faces, not both"));
            }
            let rel = file.string()?;
            let Some(base) = self.base_dir else {
                return Err(file.err(
                    "an OBJ mesh is read relative to the scenario file, and this scenario has no file",
                ));
            };
            let text = read_limited(&base.join(rel), MAX_OBJ_BYTES)
                .map_err(|e| file.err(format!("cannot read the OBJ file: {e}")))?;
            return self.obj_mesh(&file, &text);
        }
        let vertex_node = obj.require("vertices", "an array of [x, y, z] vertices")?;
        let face_node = obj.require(
            "faces",
            "an array of faces, each an array of vertex indices",
        )?;
        let mut vertices = Vec::new();
        for item in vertex_node.array("vertices [x, y, z]")? {
            vertices.push(self.reader.vector(&item)?);
        }
        let mut faces = Vec::new();
        for face in face_node.array("faces")? {
            let mut indices = Vec::new();
            for index in face.array("vertex indices")? {
                indices.push(index.index_below(vertices.len(), "vertex")?);
            }
            faces.push(indices);
        }
        self.validated_mesh(node, vertices, faces)
    }
}

/// The non-vanishing rule (2.3): `p` has no root in `[t0, t1]`, decided by
/// exact real-root isolation.
fn check_nonvanishing(
    node: &Node<'_>,
    p: &Poly<BigRational>,
    what: &str,
    interval: &(BigRational, BigRational),
) -> Result<(), ScenarioError> {
    let (t0, t1) = interval;
    if p.is_zero() {
        return Err(node.err(format!(
            "{what} is identically zero; it must not vanish on the interval [{t0}, {t1}]"
        )));
    }
    let roots = isolate_roots(p, t0, t1)
        .map_err(|e| node.err(format!("{what} cannot be checked for roots: {e}")))?;
    match roots.first() {
        None => Ok(()),
        Some(root) => {
            let at = match root.as_rational() {
                Some(q) => format!("t = {q}"),
                None => format!("t = {:?} (approximately)", root.to_f64()),
            };
            Err(node.err(format!(
                "{what} must not vanish on the interval [{t0}, {t1}], but vanishes at {at}"
            )))
        }
    }
}

impl Loader<'_> {
    /// A MOTION (2.3).
    fn motion(&mut self, node: &Node<'_>) -> Result<Motion, ScenarioError> {
        let (kind, inner) = node.variant(
            &[
                "linear",
                "rational",
                "row_matrix",
                "screw",
                "poses",
                "angular",
                "piecewise",
            ],
            &["static"],
        )?;
        match kind {
            "static" => Ok(Motion::Static),
            "piecewise" => self.piecewise(&inner),
            "linear" => {
                let obj = inner.object(&["velocity"])?;
                let velocity = self.reader.vector(&obj.require("velocity", "a vector")?)?;
                Ok(Motion::Linear { velocity })
            }
            "rational" => {
                let obj = inner.object(&["quaternion", "translation", "denominator"])?;
                let q_node = obj.require("quaternion", "4 polynomials [qw, qx, qy, qz]")?;
                let quaternion = self.reader.polynomials::<4>(&q_node)?;
                let t_node = obj.require("translation", "3 polynomials [T0, T1, T2]")?;
                let [tx, ty, tz] = self.reader.polynomials::<3>(&t_node)?;
                let denominator = match obj.get("denominator") {
                    None => Poly::constant(one()),
                    Some(d) => {
                        let p = self.reader.polynomial(&d)?;
                        check_nonvanishing(&d, &p, "d(t)", &self.interval)?;
                        p
                    }
                };
                let norm = quaternion
                    .iter()
                    .fold(Poly::zero(), |acc: Poly<BigRational>, c| acc + c * c);
                check_nonvanishing(&q_node, &norm, "|q(t)|^2", &self.interval)?;
                Ok(Motion::Rational {
                    quaternion,
                    translation: Vec3 {
                        x: tx,
                        y: ty,
                        z: tz,
                    },
                    denominator,
                })
            }
            "row_matrix" => {
                let obj = inner.object(&["rows", "denominator"])?;
                let rows_node = obj.require("rows", "4 rows of 4 polynomials")?;
                let row_nodes = rows_node.array_of(4, "rows of 4 polynomials")?;
                let mut rows: Vec<[Poly<BigRational>; 4]> = Vec::with_capacity(4);
                for row in &row_nodes {
                    rows.push(self.reader.polynomials::<4>(row)?);
                }
                let rows: [[Poly<BigRational>; 4]; 4] = rows
                    .try_into()
                    .map_err(|_| rows_node.err("must be 4 rows of 4 polynomials"))?;
                let denominator = match obj.get("denominator") {
                    None => Poly::constant(one()),
                    Some(d) => {
                        let p = self.reader.polynomial(&d)?;
                        check_nonvanishing(&d, &p, "w(t)", &self.interval)?;
                        p
                    }
                };
                for (i, row) in row_nodes.iter().enumerate() {
                    let cells = row.array_of(4, "polynomials")?;
                    let last = &rows[i][3];
                    if i < 3 && !last.is_zero() {
                        return Err(cells[3]
                            .err("must be 0: the last column of a row_matrix is (0, 0, 0, w)"));
                    }
                    if i == 3 && *last != denominator {
                        return Err(cells[3].err(format!(
                            "must equal the denominator w(t) = {denominator}: the last column of a row_matrix is (0, 0, 0, w)"
                        )));
                    }
                }
                Ok(Motion::RowMatrix { rows, denominator })
            }
            "screw" => {
                let obj = inner.object(&["axis_point", "axis_direction", "angle", "slide"])?;
                let axis_point = match obj.get("axis_point") {
                    None => Vec3::zero(),
                    Some(p) => self.reader.vector(&p)?,
                };
                let dir_node = obj.require("axis_direction", "a non-zero vector")?;
                let axis_direction = self.reader.vector(&dir_node)?;
                if is_zero_vector(&axis_direction) {
                    return Err(dir_node.err("must not be the zero vector"));
                }
                let angle = self
                    .reader
                    .number(&obj.require("angle", "a number, in radians")?)?;
                let slide = match obj.get("slide") {
                    None => zero(),
                    Some(s) => self.reader.number(&s)?,
                };
                Ok(Motion::Screw {
                    axis_point,
                    axis_direction,
                    angle,
                    slide,
                })
            }
            "poses" => {
                let obj = inner.object(&["end"])?;
                let end = self.pose(&obj.require("end", "a pose")?)?;
                Ok(Motion::Poses { end })
            }
            _ => {
                let obj = inner.object(&["velocity", "angular_velocity", "center"])?;
                let velocity = match obj.get("velocity") {
                    None => Vec3::zero(),
                    Some(v) => self.reader.vector(&v)?,
                };
                let angular_velocity = self.reader.vector(
                    &obj.require("angular_velocity", "a vector, in radians per unit time")?,
                )?;
                let center = match obj.get("center") {
                    None => Vec3::zero(),
                    Some(c) => self.reader.vector(&c)?,
                };
                Ok(Motion::Angular {
                    velocity,
                    angular_velocity,
                    center,
                })
            }
        }
    }
}

impl Loader<'_> {
    /// `{"pieces": [{"until": TIME, "motion": MOTION}, ..., {"motion":
    /// MOTION}]}` (`docs/FORMAT.md` 7.1): at least one piece,
    /// at most [`MAX_MOTION_PIECES`]; every piece but the last has `until`,
    /// strictly increasing and strictly inside `(t0, t1)`; each piece is a
    /// `static`, `linear`, `rational` or `row_matrix` motion whose
    /// denominators must not vanish on the piece's own closed sub-interval.
    /// Continuity is checked once the pose is known
    /// ([`Loader::check_continuity`]).
    fn piecewise(&mut self, node: &Node<'_>) -> Result<Motion, ScenarioError> {
        let obj = node.object(&["pieces"])?;
        let list = obj.require("pieces", "an array of pieces {\"until\", \"motion\"}")?;
        let items = list.array("pieces {\"until\": TIME, \"motion\": MOTION}")?;
        if items.is_empty() {
            return Err(list.err("must hold at least one piece"));
        }
        if items.len() > MAX_MOTION_PIECES {
            return Err(list.err(format!(
                "has {} pieces, more than the limit of {MAX_MOTION_PIECES}",
                items.len()
            )));
        }
        let whole = self.interval.clone();
        let mut from = whole.0.clone();
        let mut pieces = Vec::with_capacity(items.len());
        for (k, item) in items.iter().enumerate() {
            let last = k + 1 == items.len();
            let piece = item.object(&["until", "motion"])?;
            let until = match (piece.get("until"), last) {
                (Some(u), false) => {
                    let s = self.reader.number(&u)?;
                    if s >= whole.1 || s <= whole.0 {
                        return Err(u.err(format!(
                            "must lie strictly inside the interval ({}, {})",
                            whole.0, whole.1
                        )));
                    }
                    if s <= from {
                        return Err(u.err(format!(
                            "must be greater than the previous piece's until, {from}: breakpoints increase strictly"
                        )));
                    }
                    Some(s)
                }
                (None, false) => {
                    return Err(item.err(
                        "needs \"until\" (the end of its sub-interval): only the last piece runs to the end of the interval",
                    ))
                }
                (Some(u), true) => {
                    return Err(u.err(format!(
                        "must be absent in the last piece, which runs to the end of the interval, {}",
                        whole.1
                    )))
                }
                (None, true) => None,
            };
            let to = until.clone().unwrap_or_else(|| whole.1.clone());
            let motion_node =
                piece.require("motion", "a static, linear, rational or row_matrix motion")?;
            let kind = match motion_node.value {
                Value::String(s) => Some(s.as_str()),
                Value::Object(m) if m.len() == 1 => m.keys().next().map(String::as_str),
                _ => None,
            };
            if let Some(k @ ("screw" | "poses" | "angular" | "piecewise")) = kind {
                return Err(motion_node.err(format!(
                    "a piece must be a rational motion (static, linear, rational or row_matrix), not {k}"
                )));
            }
            // the piece's denominators are checked on its own sub-interval
            self.interval = (from.clone(), to.clone());
            let motion = self.motion(&motion_node);
            self.interval = whole.clone();
            pieces.push(MotionPiece {
                until,
                motion: motion?,
            });
            from = to;
        }
        Ok(Motion::Piecewise { pieces })
    }
}

/// `|q|` for exact rationals, by reference.
fn abs_ref(q: &BigRational) -> BigRational {
    <BigRational as Scalar>::abs(q)
}

/// `|q|` for exact rationals.
fn abs(q: BigRational) -> BigRational {
    <BigRational as Scalar>::abs(&q)
}

#[cfg(test)]
mod tests {
    use super::{determinant, gram, identity, one, proved_rotation_in_words};
    use crate::geom::quaternion_rotation;
    use crate::scalar::{BigInt, BigRational};
    use proptest::prelude::*;

    /// The `BigRational` rule: `R^T R = I` and `det R = 1`.
    fn rotation_in_big_rationals(m: &[[BigRational; 3]; 3]) -> bool {
        gram(m) == identity() && determinant(m) == one()
    }

    fn rotation_of(q: [i64; 4]) -> [[BigRational; 3]; 3] {
        let q = q.map(|x| BigRational::from_integer(BigInt::from(x)));
        quaternion_rotation(&q).expect("a non-zero quaternion").rows
    }

    /// A rotation is proved, a reflection (a row negated) and a perturbed
    /// entry are not; a rotation whose denominators do not fit in `i64`
    /// is not proved in words but is one in `BigRational`.
    #[test]
    fn rotations_by_hand() {
        let r = rotation_of([1, 2, 3, 4]); // denominators 30
        assert!(proved_rotation_in_words(&r));
        let mut reflected = r.clone();
        reflected[0] = reflected[0].clone().map(|x| -x);
        assert!(!proved_rotation_in_words(&reflected));
        let mut nudged = r.clone();
        nudged[1][2] += BigRational::new(BigInt::from(1), BigInt::from(1_000_000_007));
        assert!(!proved_rotation_in_words(&nudged));
        let large = rotation_of([1 << 40, 3, 5, (1 << 40) + 1]);
        assert!(!proved_rotation_in_words(&large));
        assert!(rotation_in_big_rationals(&large));
    }

    proptest! {
        /// Whenever the word test proves a rotation, the `BigRational`
        /// rule agrees; and it proves every rotation of a quaternion with
        /// components up to 1000 (denominators up to 4,000,000). Components
        /// up to `2^32` give denominators past what the words hold.
        #[test]
        fn word_proof_agrees_with_big_rationals(
            q in prop::array::uniform4(prop_oneof![-1000i64..=1000, -(1i64 << 32)..=(1 << 32)]),
            negate_row in prop::option::of(0usize..3),
        ) {
            prop_assume!(q.iter().any(|x| *x != 0));
            let mut m = rotation_of(q);
            if let Some(i) = negate_row {
                m[i] = m[i].clone().map(|x| -x);
            }
            let proved = proved_rotation_in_words(&m);
            prop_assert_eq!(proved, proved && rotation_in_big_rationals(&m));
            prop_assert_eq!(negate_row.is_some(), !rotation_in_big_rationals(&m));
            if negate_row.is_none() && q.iter().all(|x| x.abs() <= 1000) {
                prop_assert!(proved);
            }
        }
    }
}
