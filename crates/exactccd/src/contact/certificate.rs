//! Certificates: the evidence behind an exact answer, in a method-neutral
//! form that the referee (`exactccd-oracle`) checks without re-solving.
//!
//! Everything is in **world coordinates** and exact (rational polynomials in
//! `t`), whatever frame the solver worked in:
//!
//! * a [`SeparationPiece`] claims that on its sub-interval every vertex of
//!   `b` lies strictly further along `direction(t)` than every vertex of `a`
//!   (the projections of the two convex solids on the direction are
//!   disjoint, `b` above). A SAT axis `L` is such a direction up to the sign
//!   of `L . (c_b - c_a)`; an SGM plane of the Minkowski sum `A + (-B)` with
//!   the origin outside gives its outward normal; the bounding-sphere test
//!   gives `c_b(t) - c_a(t)`. Any positive multiple of the direction works,
//!   so denominators need not be divided out.
//! * the pieces tile `[t0, T)` when there is a first contact `T` (the last
//!   piece ends [`PieceEnd::BeforeContact`]), or `[t0, t1]` when there is
//!   none;
//! * a [`ContactWitness`] is a point `point(t) / denominator(t)` that lies in
//!   both closed solids at `T` (a vertex of one body for a vertex-face
//!   contact, the crossing point of the two edge lines for an edge-edge one,
//!   ...).
//!
//! Together they prove that `T` is exactly the first contact time.
//!
//! Under transcendental motions (`angular`, `screw`, `poses`) the first
//! contact is an enclosure `[lower, upper]`: the pieces then have constant
//! directions, or for two boxes directions fixed in the boxes that turn
//! with them ([`BodyFixedDirection`]), and rational ends tiling
//! `[t0, lower]`, and the witness is a
//! constant point in both solids at the rational time
//! [`ContactWitness::at`] in `[lower, upper]`; the referee re-proves both
//! with its own enclosures of the poses (docs/methods/sat.md, "Time
//! cells").
#![deny(clippy::float_arithmetic)]

use crate::geom::FaceCut;
use crate::geom::Vec3;
use crate::poly::Poly;
use crate::scalar::BigRational;

/// The end of a separation piece.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PieceEnd {
    /// This rational time, included in the piece.
    At(BigRational),
    /// The first contact time, excluded from the piece.
    BeforeContact,
}

/// Separation along a direction over a sub-interval (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeparationPiece {
    /// Start of the piece, included.
    pub from: BigRational,
    /// End of the piece.
    pub to: PieceEnd,
    /// The separating direction in world coordinates (polynomial in `t`);
    /// zero when the direction turns with the bodies (`body_fixed`).
    pub direction: Vec3<Poly<BigRational>>,
    /// The separating direction as it turns with two boxes under
    /// transcendental motions, when it is one.
    pub body_fixed: Option<BodyFixedDirection>,
    /// Instead of a direction, a ring about the axis one box turns about,
    /// when it is one (`direction` then zero).
    pub about_axis: Option<AboutAxis>,
    /// What the direction is: `"A0"`, `"A1 x B2"`, `"FV(+x, vertex (-,+,-))"`,
    /// `"bounding spheres"`, ...
    pub label: String,
}

/// A separating direction fixed in two bodies, turning with them:
/// `F_a(t) in_a` (a face normal of `a`), `F_b(t) in_b`, or with both the
/// cross product `(F_a(t) in_a) x (F_b(t) in_b)` (an edge of each), with the
/// bodies' frames `F` at each time of the piece.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BodyFixedDirection {
    /// The vector in `a`'s local coordinates, if `a`'s frame takes part.
    pub in_a: Option<Vec3<BigRational>>,
    /// The vector in `b`'s local coordinates, if `b`'s frame takes part.
    pub in_b: Option<Vec3<BigRational>>,
}

/// Separation about a turning axis: the box `turning` turns about a line
/// (a `screw`'s axis; the line through an `angular` motion's moving centre
/// along its angular velocity) and keeps a distance of at least
/// `sqrt(radius_squared)` from it, while every point of the other body
/// stays strictly closer to that line at every time of the piece.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AboutAxis {
    /// The body that turns.
    pub turning: WitnessBody,
    /// `ρ^2`, at most the turning box's least squared distance to its axis.
    pub radius_squared: BigRational,
}

/// A point in both closed solids at the first contact time or, for
/// rounded shapes and a separation `d`, two points, one in each body's
/// core (a sphere's centre, a capsule's segment, a polytope itself), at
/// most `r_a + r_b + d` apart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContactWitness {
    /// The numerator of the point, world coordinates.
    pub point: Vec3<Poly<BigRational>>,
    /// The denominator, positive at the contact time.
    pub denominator: Poly<BigRational>,
    /// A second point, in `b`'s core, as numerator and denominator: then
    /// `point` need lie in `a`'s core only.
    pub other: Option<(Vec3<Poly<BigRational>>, Poly<BigRational>)>,
    /// The feature pair it stands for (`"face +x / vertex (-,+,-)"`).
    pub label: String,
    /// The rational time at which the point is in both solids, when the
    /// contact time is an enclosure `[lower, upper]` (transcendental
    /// motions): `lower <= at <= upper`. `None`: at the contact time.
    pub at: Option<BigRational>,
    /// `Some(body)`: `point / denominator` is a material point of `body`
    /// given in its local coordinates (a point of its closed shape, checked
    /// exactly there), and its world position at `at` lies in the other
    /// body; so a flat triangle can be a witness's home. `None`: `point` is
    /// in world coordinates.
    pub material_of: Option<WitnessBody>,
    /// With `material_of`: the other end of an edge of that body (local
    /// coordinates, over `denominator`) whose first end is `point`; the
    /// edge crosses the other body, a flat triangle, through its interior
    /// at `at` (two triangles share no interior point to witness).
    pub edge_end: Option<Vec3<Poly<BigRational>>>,
}

/// One of the two bodies of a query.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WitnessBody {
    /// The scenario's `a`.
    A,
    /// The scenario's `b`.
    B,
}

/// A piece of a mesh as a certificate names it: `(face, k)`, the fan
/// triangle `(v_0, v_{k+1}, v_{k+2})` of the face's vertex list, or for a
/// face the certificate cuts ([`SolidParts::cuts`]) the `k`-th triangle of
/// its cut.
pub type FanPiece = (usize, usize);

/// Separation of some pieces of `a` from some pieces of `b`, for solids
/// that are not convex: the convex hull of the one set's vertices stays
/// apart from the other's along the pieces' directions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CertificatePart {
    /// Pieces of `a`; `None`: the whole body (a convex one).
    pub a: Option<Vec<FanPiece>>,
    /// Pieces of `b`; `None`: the whole body.
    pub b: Option<Vec<FanPiece>>,
    /// Separation pieces of the two sets, contiguous and in order.
    pub separation: Vec<SeparationPiece>,
}

/// The certificate of two solids of which one is a mesh that need not be
/// convex: parts that together separate every pair of pieces before the
/// first contact, and the pieces the contact witness lies in.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SolidParts {
    /// The parts.
    pub parts: Vec<CertificatePart>,
    /// The piece of each body the contact witness lies in (`None`: a
    /// convex body, or, for a mesh, anywhere inside its solid).
    pub witness_pieces: [Option<FanPiece>; 2],
    /// The triangles each mesh's non-convex faces are cut into
    /// (`geom::FaceCut`), for `a` and `b`: their pieces are named
    /// by their place in the cut.
    pub cuts: [Vec<FaceCut>; 2],
}

/// The evidence behind an exact answer.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Certificate {
    /// Separation pieces, contiguous and in order (empty with `solids`).
    pub separation: Vec<SeparationPiece>,
    /// The contact witness, when there is a contact.
    pub contact: Option<ContactWitness>,
    /// For a mesh that need not be convex: the separation by parts, in
    /// place of `separation`.
    pub solids: Option<SolidParts>,
}

fn poly_json(p: &Poly<BigRational>) -> serde_json::Value {
    serde_json::Value::Array(p.coeffs().iter().map(|c| c.to_string().into()).collect())
}

fn vec_json(v: &Vec3<Poly<BigRational>>) -> serde_json::Value {
    serde_json::Value::Array(vec![poly_json(&v.x), poly_json(&v.y), poly_json(&v.z)])
}

impl Certificate {
    /// The certificate as JSON (the result's `certificate` field):
    /// `{"separation": [{"from", "to", "direction", "label"}], "contact":
    /// {"point", "denominator", "label", "at"} | null}`, a piece along a
    /// direction that turns with two boxes also with `"body_fixed": {"a":
    /// [x, y, z] | null, "b": [x, y, z] | null}` (its `"direction"` zero),
    /// a ring about a turning axis with `"about_axis": {"turning": "a" |
    /// "b", "radius_squared": q}` (its `"direction"` zero),
    /// with `"other_point"`
    /// and `"other_denominator"` for a second witness point and
    /// `"material_of": "a" | "b"` for a point in that body's local
    /// coordinates (and `"edge_end"` for an edge of it crossing the other
    /// body); with [`SolidParts`], `"parts": [{"a": [[face, k], ...] |
    /// null, "b": ..., "separation": [...]}]` and the witness's
    /// `"pieces": [[face, k] | null, [face, k] | null]`, and, when a mesh
    /// has a non-convex face, `"cuts": {"a": [{"face": f, "triangles":
    /// [[i, j, k], ...]}], "b": [...]}`; numbers as exact strings,
    /// polynomials as coefficient arrays from degree 0, `"to": "contact"`
    /// for a piece that ends at the contact time.
    pub(crate) fn to_json(&self) -> serde_json::Value {
        let pieces = pieces_json(&self.separation);
        let contact = self.contact.as_ref().map(|w| {
            let mut json = serde_json::json!({
                "point": vec_json(&w.point),
                "denominator": poly_json(&w.denominator),
                "label": w.label,
                "at": w.at.as_ref().map(|t| t.to_string()),
            });
            if let Some(body) = w.material_of {
                json["material_of"] = match body {
                    WitnessBody::A => "a",
                    WitnessBody::B => "b",
                }
                .into();
            }
            if let Some(end) = &w.edge_end {
                json["edge_end"] = vec_json(end);
            }
            if let Some((point, denominator)) = &w.other {
                json["other_point"] = vec_json(point);
                json["other_denominator"] = poly_json(denominator);
            }
            json
        });
        let mut json = serde_json::json!({ "separation": pieces, "contact": contact });
        if let Some(solids) = &self.solids {
            let names = |n: &Option<Vec<FanPiece>>| match n {
                None => serde_json::Value::Null,
                Some(v) => v.iter().map(|&(f, k)| serde_json::json!([f, k])).collect(),
            };
            json["parts"] = solids
                .parts
                .iter()
                .map(|p| {
                    serde_json::json!({
                        "a": names(&p.a),
                        "b": names(&p.b),
                        "separation": pieces_json(&p.separation),
                    })
                })
                .collect();
            if solids.cuts.iter().any(|c| !c.is_empty()) {
                let cuts = |cuts: &[FaceCut]| -> serde_json::Value {
                    cuts.iter()
                        .map(|c| serde_json::json!({"face": c.face, "triangles": c.triangles}))
                        .collect()
                };
                json["cuts"] = serde_json::json!({
                    "a": cuts(&solids.cuts[0]),
                    "b": cuts(&solids.cuts[1]),
                });
            }
            if let Some(contact) = json.get_mut("contact").filter(|c| !c.is_null()) {
                contact["pieces"] = solids
                    .witness_pieces
                    .iter()
                    .map(|p| p.map_or(serde_json::Value::Null, |(f, k)| serde_json::json!([f, k])))
                    .collect();
            }
        }
        json
    }
}

fn pieces_json(pieces: &[SeparationPiece]) -> serde_json::Value {
    pieces
        .iter()
        .map(|p| {
            let mut piece = serde_json::json!({
                "from": p.from.to_string(),
                "to": match &p.to {
                    PieceEnd::At(t) => t.to_string(),
                    PieceEnd::BeforeContact => "contact".to_string(),
                },
                "direction": vec_json(&p.direction),
                "label": p.label,
            });
            if let Some(fixed) = &p.body_fixed {
                let local = |v: &Option<Vec3<BigRational>>| match v {
                    Some(v) => {
                        serde_json::json!([v.x.to_string(), v.y.to_string(), v.z.to_string()])
                    }
                    None => serde_json::Value::Null,
                };
                piece["body_fixed"] =
                    serde_json::json!({"a": local(&fixed.in_a), "b": local(&fixed.in_b)});
            }
            if let Some(ring) = &p.about_axis {
                let turning = match ring.turning {
                    WitnessBody::A => "a",
                    WitnessBody::B => "b",
                };
                piece["about_axis"] = serde_json::json!({
                    "turning": turning,
                    "radius_squared": ring.radius_squared.to_string(),
                });
            }
            piece
        })
        .collect()
}
