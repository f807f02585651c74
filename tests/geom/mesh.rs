//! Mesh validation (one test per error kind), adjacency, builders and the
//! exact OBJ reader.

use crate::strategies;

use exactccd::geom::{
    box_face_loops, cube_mesh, l_shape_mesh, read_obj, torus_mesh, Mesh, MeshError, ObjError, Vec3,
};
use exactccd::scalar::{parse_number, BigRational, NumberError};
use strategies::ratio;

fn q(s: &str) -> BigRational {
    parse_number(s).unwrap()
}

fn p(x: i64, y: i64, z: i64) -> Vec3<BigRational> {
    Vec3::new(ratio(x, 1), ratio(y, 1), ratio(z, 1))
}

fn cube_vertices() -> Vec<Vec3<BigRational>> {
    (0..8)
        .map(|i| {
            p(
                if i & 1 != 0 { 1 } else { -1 },
                if i & 2 != 0 { 1 } else { -1 },
                if i & 4 != 0 { 1 } else { -1 },
            )
        })
        .collect()
}

fn cube_faces() -> Vec<Vec<usize>> {
    box_face_loops()
}

/// The outward faces of a tetrahedron `a, b, c, d` with positive orientation.
fn tet_faces(a: usize, b: usize, c: usize, d: usize) -> Vec<Vec<usize>> {
    vec![vec![a, c, b], vec![a, b, d], vec![b, c, d], vec![a, d, c]]
}

#[test]
fn cube_face_loops_by_hand() {
    assert_eq!(
        cube_faces(),
        vec![
            vec![1, 3, 7, 5],
            vec![0, 4, 6, 2],
            vec![2, 6, 7, 3],
            vec![0, 1, 5, 4],
            vec![4, 5, 7, 6],
            vec![0, 2, 3, 1],
        ]
    );
}

#[test]
fn cube_adjacency() {
    let m = Mesh::new(cube_vertices(), cube_faces()).unwrap();
    assert_eq!(m, cube_mesh([q("1"), q("1"), q("1")]));
    assert_eq!(m.edges.len(), 12);
    let mut face_uses = [0usize; 6];
    for e in &m.edges {
        assert_ne!(e.faces[0], e.faces[1]);
        assert!(e.v[0] < e.v[1]);
        // Cube edges join corners that differ in exactly one sign bit.
        assert_eq!((e.v[0] ^ e.v[1]).count_ones(), 1);
        for f in e.faces {
            face_uses[f] += 1;
        }
    }
    assert_eq!(face_uses, [4; 6]);
    for v in 0..8 {
        assert_eq!(m.vertex_edges[v].len(), 3, "vertex {v}");
        let mut neighbours: Vec<usize> = m.vertex_edges[v]
            .iter()
            .map(|&e| m.edges[e].v[0] + m.edges[e].v[1] - v)
            .collect();
        neighbours.sort_unstable();
        let mut expected = vec![v ^ 1, v ^ 2, v ^ 4];
        expected.sort_unstable();
        assert_eq!(neighbours, expected);
    }
    assert_eq!(m.signed_volume_times_six(), q("48"));
}

#[test]
fn error_open_mesh() {
    let mut faces = cube_faces();
    faces.pop(); // drop -z
    let err = Mesh::new(cube_vertices(), faces).unwrap_err();
    assert!(matches!(err, MeshError::OpenEdge { .. }), "{err:?}");
    assert_eq!(
        err,
        MeshError::OpenEdge {
            edge: [0, 1],
            face: 3
        }
    );
    assert_eq!(
        err.to_string(),
        "edge 0-1 belongs to face 3 only, so the mesh is not closed"
    );
}

#[test]
fn error_flipped_face() {
    let mut faces = cube_faces();
    faces[2].reverse(); // +y
    let err = Mesh::new(cube_vertices(), faces).unwrap_err();
    match &err {
        MeshError::InconsistentOrientation { faces, .. } => assert!(faces.contains(&2)),
        other => panic!("expected InconsistentOrientation, got {other:?}"),
    }
    assert!(err.to_string().contains("one of them is flipped"), "{err}");
}

#[test]
fn error_non_manifold_edge() {
    // Two tetrahedra sharing only the edge 0-1.
    let vertices = vec![
        p(0, 0, 0),
        p(1, 0, 0),
        p(0, 1, 0),
        p(0, 0, 1),
        p(0, -1, 0),
        p(0, 0, -1),
    ];
    let mut faces = tet_faces(0, 1, 2, 3);
    faces.extend(tet_faces(0, 1, 4, 5));
    let err = Mesh::new(vertices, faces).unwrap_err();
    assert_eq!(
        err,
        MeshError::NonManifoldEdge {
            edge: [0, 1],
            faces: vec![0, 1, 4, 5]
        }
    );
    assert_eq!(
        err.to_string(),
        "edge 0-1 is shared by 4 faces (0, 1, 4, 5), so the mesh is not manifold"
    );
}

#[test]
fn error_non_manifold_vertex() {
    // Two tetrahedra touching at vertex 0 only.
    let vertices = vec![
        p(0, 0, 0),
        p(1, 0, 0),
        p(0, 1, 0),
        p(0, 0, 1),
        p(-1, 0, 0),
        p(0, -1, 0),
        p(0, 0, -1),
    ];
    let mut faces = tet_faces(0, 1, 2, 3);
    faces.extend(tet_faces(0, 5, 4, 6));
    let err = Mesh::new(vertices, faces).unwrap_err();
    assert_eq!(err, MeshError::NonManifoldVertex { vertex: 0 });
}

#[test]
fn error_index_out_of_range() {
    let mut faces = cube_faces();
    faces[4][2] = 99;
    let err = Mesh::new(cube_vertices(), faces).unwrap_err();
    assert_eq!(
        err,
        MeshError::VertexOutOfRange {
            face: 4,
            vertex: 99,
            vertex_count: 8
        }
    );
    assert_eq!(
        err.to_string(),
        "face 4 refers to vertex 99, but the mesh has only 8 vertices"
    );
}

#[test]
fn error_degenerate_face() {
    // Face 0 is the segment 0-1-2 (collinear corners).
    let vertices = vec![p(0, 0, 0), p(1, 0, 0), p(2, 0, 0), p(0, 1, 0)];
    let faces = vec![vec![0, 1, 2], vec![0, 2, 3], vec![0, 3, 1]];
    let err = Mesh::new(vertices, faces).unwrap_err();
    assert_eq!(err, MeshError::DegenerateFace { face: 0 });
    assert_eq!(
        err.to_string(),
        "face 0 is degenerate: its corners enclose zero area"
    );
}

#[test]
fn error_non_planar_face() {
    let mut vertices = cube_vertices();
    // Lifting corner (+,+,+) along z keeps the +x and +y faces planar but
    // bends +z (face 4).
    vertices[7] = Vec3::new(q("1"), q("1"), q("3/2"));
    let err = Mesh::new(vertices, cube_faces()).unwrap_err();
    assert!(
        matches!(err, MeshError::NonPlanarFace { face: 4, .. }),
        "{err:?}"
    );
    assert!(
        err.to_string().starts_with("face 4 is not planar: vertex"),
        "{err}"
    );
}

#[test]
fn error_inward_orientation() {
    let faces: Vec<Vec<usize>> = cube_faces()
        .into_iter()
        .map(|mut f| {
            f.reverse();
            f
        })
        .collect();
    let err = Mesh::new(cube_vertices(), faces).unwrap_err();
    assert_eq!(err, MeshError::InwardOrientation);
    assert!(err.to_string().contains("inward orientation"));
}

#[test]
fn error_small_kinds() {
    let v = || vec![p(0, 0, 0), p(1, 0, 0), p(0, 1, 0), p(0, 0, 1)];
    assert_eq!(Mesh::new(v(), vec![]).unwrap_err(), MeshError::NoFaces);
    assert_eq!(
        Mesh::new(v(), vec![vec![0, 1]]).unwrap_err(),
        MeshError::TooFewVertices { face: 0, count: 2 }
    );
    assert_eq!(
        Mesh::new(v(), vec![vec![0, 2, 1], vec![0, 1, 3, 1]]).unwrap_err(),
        MeshError::RepeatedVertex { face: 1, vertex: 1 }
    );
    assert_eq!(
        Mesh::new(v(), vec![vec![0, 2, 1]]).unwrap_err(),
        MeshError::UnusedVertex { vertex: 3 }
    );
    let mut dup = v();
    dup.push(p(1, 0, 0));
    let mut faces = tet_faces(0, 1, 2, 3);
    faces.push(vec![4, 1, 2]);
    assert_eq!(
        Mesh::new(dup, faces).unwrap_err(),
        MeshError::CoincidentVertices {
            first: 1,
            second: 4
        }
    );
    // A doubly covered triangle: closed and manifold, but no volume.
    assert_eq!(
        Mesh::new(v()[..3].to_vec(), vec![vec![0, 1, 2], vec![0, 2, 1]]).unwrap_err(),
        MeshError::ZeroVolume
    );
    assert!(Mesh::new(v(), tet_faces(0, 1, 2, 3)).is_ok());
}

#[test]
fn builders_are_valid() {
    let l: Mesh<BigRational> = l_shape_mesh();
    assert_eq!(l.signed_volume_times_six(), q("18"));
    let t = torus_mesh(6, 4, &q("5/2"), &q("1"));
    assert_eq!(t.faces.len(), 24);
    assert_eq!(t.vertices.len() + t.faces.len(), t.edges.len()); // V - E + F = 0
    assert!(t.signed_volume_times_six() > q("0"));
    let f: Mesh<f64> = t.map_scalar(exactccd::scalar::rational_to_f64);
    assert!(f.signed_volume_times_six() > 0.0);
}

const CUBE_OBJ: &str = "\
# a cube of side 0.1 with its low corner at (0.3, 0.3, 0.3)
mtllib cube.mtl
o cube
v 0.3 0.3 0.3
v 0.4 0.3 0.3
v 0.3 0.4 0.3
v 0.4 .4 0.3
v 0.3 0.3 0.4
v 0.4 0.3 0.4
v 0.3 0.4 0.4
v 0.4 0.4 4e-1   # exponent form
vt 0 0
vn 1 0 0
s off
usemtl grey
f 2/1/1 4/1/1 8/1/1 6/1/1
f 1//1 5//1 7//1 3//1
f 3 7 8 4
f 1/1 2/1 6/1 5/1
f -4 -3 -1 -2
f 1 3 4 \\
  2
";

#[test]
fn obj_cube_reads_exactly() {
    let m = read_obj(CUBE_OBJ).unwrap();
    assert_eq!(m.vertices.len(), 8);
    assert_eq!(m.vertices[0], Vec3::new(q("3/10"), q("3/10"), q("3/10")));
    assert_eq!(m.vertices[7], Vec3::new(q("2/5"), q("2/5"), q("2/5")));
    assert_eq!(m.vertices[3].y, q("0.4"));
    assert_eq!(m.faces, cube_faces());
    // 6 V = 6 (1/10)^3, exactly: no binary rounding of 0.1.
    assert_eq!(m.signed_volume_times_six(), q("6/1000"));
    assert_eq!(m.edges.len(), 12);
}

#[test]
fn obj_errors_name_the_line() {
    let bad_number = "v 0 0 0\nv 1 nan 0\n";
    assert_eq!(
        read_obj(bad_number).unwrap_err(),
        ObjError::Number {
            line: 2,
            text: "nan".into(),
            error: NumberError::Syntax
        }
    );
    let bad_ref = "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 -4\n";
    let err = read_obj(bad_ref).unwrap_err();
    assert_eq!(
        err,
        ObjError::VertexReference {
            line: 4,
            reference: -4,
            vertex_count: 3
        }
    );
    assert_eq!(
        err.to_string(),
        "line 4: vertex reference -4 does not name one of the 3 vertices"
    );
    assert!(matches!(
        read_obj("f 0 1 2\n"),
        Err(ObjError::VertexReference { reference: 0, .. })
    ));
    assert!(matches!(
        read_obj("v 1 2\n"),
        Err(ObjError::Syntax { line: 1, .. })
    ));
    assert!(matches!(
        read_obj("v 1/2 0 0\n"),
        Err(ObjError::Syntax { line: 1, .. })
    ));
    let open = "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\n\nf 1 3 2\nf 1 2 4\nf 2 3 4\n";
    let err = read_obj(open).unwrap_err();
    assert_eq!(
        err.to_string(),
        "edge 0-2 belongs to face 0 only, so the mesh is not closed \
         (faces and vertices numbered from 0 in file order; that face is on line 6)"
    );
}

#[test]
fn convexity_by_face_planes() {
    let tetrahedron = vec![p(0, 0, 0), p(1, 0, 0), p(0, 1, 0), p(0, 0, 1)];
    assert!(Mesh::new(tetrahedron.clone(), tet_faces(0, 1, 2, 3))
        .unwrap()
        .is_convex());
    assert!(cube_mesh([q("1"), q("1/2"), q("3")]).is_convex());
    // a notch, a hole, two components: some vertex lies in front of some
    // face's plane
    assert!(!l_shape_mesh::<BigRational>().is_convex());
    assert!(!torus_mesh(8, 4, &q("3"), &q("1")).is_convex());
    let mut two = tetrahedron.clone();
    two.extend(tetrahedron.iter().map(|v| v + &p(10, 0, 0)));
    let mut faces = tet_faces(0, 1, 2, 3);
    faces.extend(tet_faces(4, 5, 6, 7));
    assert!(!Mesh::new(two, faces).unwrap().is_convex());
}
