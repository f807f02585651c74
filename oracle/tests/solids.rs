//! The check by parts on hand-built certificates: a square frame (a
//! non-convex solid: a `[0,3]^2 x [0,1]` slab with the hole `[1,2]^2`
//! through it, sixteen convex quads) against a small box. Each fan
//! triangle of the frame is separated from the box by its own plane, so the
//! surfaces never meet; whether the solids do depends on where the box is.

use exactccd_oracle::poly::q;
use exactccd_oracle::{
    check_solids, ClaimedTime, Motion, Part, PieceEnd, Poly, SeparationPiece, Shape, Solid,
    SolidBody, SolidCase, SolidClaim, SolidWitness, Surface, Verdict, Q,
};

fn identity() -> [[Q; 3]; 3] {
    std::array::from_fn(|i| std::array::from_fn(|j| q(i64::from(i == j), 1)))
}

fn v(x: i64, y: i64, z: i64) -> [Q; 3] {
    [q(x, 1), q(y, 1), q(z, 1)]
}

/// The frame, faces counter-clockwise from outside.
fn frame() -> Surface {
    let square = [
        (0, 0),
        (3, 0),
        (3, 3),
        (0, 3),
        (1, 1),
        (2, 1),
        (2, 2),
        (1, 2),
    ];
    let vertices = (0..2)
        .flat_map(|z| square.iter().map(move |&(x, y)| v(x, y, z)))
        .collect();
    let faces = [
        [8, 9, 13, 12],
        [9, 10, 14, 13],
        [10, 11, 15, 14],
        [11, 8, 12, 15],
        [1, 0, 4, 5],
        [2, 1, 5, 6],
        [3, 2, 6, 7],
        [0, 3, 7, 4],
        [0, 1, 9, 8],
        [1, 2, 10, 9],
        [2, 3, 11, 10],
        [3, 0, 8, 11],
        [12, 13, 5, 4],
        [13, 14, 6, 5],
        [14, 15, 7, 6],
        [15, 12, 4, 7],
    ];
    Surface {
        vertices,
        faces: faces.iter().map(|f| f.to_vec()).collect(),
    }
}

fn at_rest(solid: Solid, at: [Q; 3]) -> SolidBody {
    SolidBody {
        solid,
        motion: Motion::stationary(identity(), at),
        switches: Vec::new(),
    }
}

/// The frame at rest, a box of half extent 1/4 at rest at `centre`.
fn case(centre: [Q; 3]) -> SolidCase {
    SolidCase {
        a: at_rest(Solid::Mesh(frame()), v(0, 0, 0)),
        b: at_rest(
            Solid::Convex(Shape::Box {
                half_extents: [q(1, 4), q(1, 4), q(1, 4)],
            }),
            centre,
        ),
        t0: q(0, 1),
        t1: q(1, 1),
        separation: q(0, 1),
    }
}

fn sub(a: &[Q; 3], b: &[Q; 3]) -> [Q; 3] {
    std::array::from_fn(|i| &a[i] - &b[i])
}

fn cross(a: &[Q; 3], b: &[Q; 3]) -> [Q; 3] {
    [
        &a[1] * &b[2] - &a[2] * &b[1],
        &a[2] * &b[0] - &a[0] * &b[2],
        &a[0] * &b[1] - &a[1] * &b[0],
    ]
}

fn dot(a: &[Q; 3], b: &[Q; 3]) -> Q {
    &a[0] * &b[0] + &a[1] * &b[1] + &a[2] * &b[2]
}

/// One part per fan triangle of the frame: its plane's normal, turned
/// towards the box's centre, separates it from the box over `[0, 1]`
/// (the box must not straddle any face plane).
fn parts_by_planes(centre: &[Q; 3]) -> Vec<Part> {
    let s = frame();
    let mut parts = Vec::new();
    for (f, face) in s.faces.iter().enumerate() {
        for k in 0..face.len() - 2 {
            let [a, b, c] = [face[0], face[k + 1], face[k + 2]].map(|i| &s.vertices[i]);
            let mut n = cross(&sub(b, a), &sub(c, a));
            if dot(&n, &sub(centre, a)) < q(0, 1) {
                n = n.map(|x| -x);
            }
            parts.push(Part {
                a: Some(vec![(f, k)]),
                b: None,
                separation: vec![SeparationPiece {
                    from: q(0, 1),
                    to: PieceEnd::At(q(1, 1)),
                    direction: n.map(Poly::constant),
                    label: format!("plane of ({f}, {k})"),
                }],
            });
        }
    }
    parts
}

fn no_contact(parts: Vec<Part>) -> SolidClaim {
    SolidClaim {
        collides: false,
        time: None,
        parts,
        witness: None,
        cuts: Default::default(),
    }
}

#[test]
fn a_box_in_the_hole_is_certified_apart_by_planes() {
    // in the hole: inside the frame's hull, outside its solid
    let centre = [q(3, 2), q(3, 2), q(1, 2)];
    let claim = no_contact(parts_by_planes(&centre));
    assert_eq!(
        check_solids(&case(centre.clone()), &claim),
        Verdict::Certified
    );
    // one triangle left out: the coverage fails
    let mut partial = claim.clone();
    partial.parts.remove(5);
    match check_solids(&case(centre), &partial) {
        Verdict::Refuted { reason, .. } => assert!(reason.contains("no part"), "{reason}"),
        v => panic!("{v:?}"),
    }
}

#[test]
fn a_box_inside_the_material_is_refuted_at_the_start() {
    // inside the bar x in [0, 1]: every plane still separates the surfaces,
    // but the box lies in the solid, which the ray test finds
    let centre = [q(1, 2), q(3, 2), q(1, 2)];
    let claim = no_contact(parts_by_planes(&centre));
    match check_solids(&case(centre), &claim) {
        Verdict::Refuted { reason, .. } => assert!(reason.contains("inside"), "{reason}"),
        v => panic!("{v:?}"),
    }
}

#[test]
fn nested_solids_are_certified_by_a_point_inside_both() {
    let centre = [q(1, 2), q(3, 2), q(1, 2)];
    let witness = |p: [Q; 3]| SolidClaim {
        collides: true,
        time: Some(ClaimedTime::Exact(exactccd_oracle::Algebraic::Rational(q(
            0, 1,
        )))),
        parts: Vec::new(),
        witness: Some(SolidWitness {
            point: p.map(Poly::constant),
            denominator: Poly::constant(q(1, 1)),
            piece_a: None,
            piece_b: None,
            other: None,
            label: "the box's centre".into(),
        }),
        cuts: Default::default(),
    };
    assert_eq!(
        check_solids(&case(centre.clone()), &witness(centre.clone())),
        Verdict::Certified
    );
    // a point in the box but in the hole, not in the frame's solid
    let mut c = case(centre);
    c.b.motion = Motion::stationary(identity(), [q(5, 4), q(3, 2), q(1, 2)]);
    assert!(matches!(
        check_solids(&c, &witness([q(5, 4), q(3, 2), q(1, 2)])),
        Verdict::Refuted { .. }
    ));
}

#[test]
fn an_open_or_non_convex_surface_is_inconclusive() {
    let centre = [q(3, 2), q(3, 2), q(1, 2)];
    let mut c = case(centre.clone());
    if let Solid::Mesh(s) = &mut c.a.solid {
        s.faces.pop();
    }
    assert!(matches!(
        check_solids(&c, &no_contact(parts_by_planes(&centre))),
        Verdict::Inconclusive(_)
    ));
}
