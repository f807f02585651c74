//! Valid scenario files load with exact values (docs/FORMAT.md 1, 2):
//! JSON literals read from their text, defaults, rotations from
//! quaternions, polynomials with trailing zeros, the `f64` path's rounding.

use crate::contract_support;

use contract_support::{base, with, TempDir};
use exactccd::contact::ScalarKind;
use exactccd::geom::{Shape, Vec3};
use exactccd::motion::Motion;
use exactccd::poly::Poly;
use exactccd::scalar::{parse_number, BigInt, BigRational};
use exactccd::scenario::{load_scenario, parse_scenario, LoadOptions, Scenario};
use serde_json::json;

fn q(n: i64, d: i64) -> BigRational {
    BigRational::new(BigInt::from(n), BigInt::from(d))
}

fn poly(cs: &[(i64, i64)]) -> Poly<BigRational> {
    Poly::from_coeffs(cs.iter().map(|&(n, d)| q(n, d)).collect())
}

fn exact(text: &str) -> Scenario {
    parse_scenario(text, None, &LoadOptions::default()).unwrap()
}

fn f64_path(text: &str) -> Scenario {
    parse_scenario(text, None, &LoadOptions::for_scalar(ScalarKind::F64)).unwrap()
}

#[test]
fn json_number_literals_are_read_exactly() {
    let text = r#"{"format": "exactccd/scenario-v1",
        "a": {"shape": {"box": {"half_extents": [0.1, 1e-3, 2.5E+2]}}},
        "b": {"shape": {"box": {"half_extents": ["0.1", "-3/-7", 7]}}}}"#
        .replace("\"-3/-7\"", "\"3/7\"");
    let s = exact(&text);
    let Shape::Box(a) = &s.a().shape else {
        panic!("box")
    };
    assert_eq!(a.half_extents, [q(1, 10), q(1, 1000), q(250, 1)]);
    let Shape::Box(b) = &s.b().shape else {
        panic!("box")
    };
    assert_eq!(b.half_extents, [q(1, 10), q(3, 7), q(7, 1)]);
}

#[test]
fn defaults_are_the_contracts() {
    let text = r#"{"format": "exactccd/scenario-v1",
        "a": {"shape": {"box": {"half_extents": [1, 1, 1]}}},
        "b": {"shape": {"box": {"half_extents": [1, 1, 1]}}}}"#;
    let s = exact(text);
    assert_eq!(s.name, None);
    assert_eq!(s.interval, (q(0, 1), q(1, 1)));
    assert_eq!(s.expect, None);
    assert_eq!(s.a().motion, Motion::Static);
    let id: [[BigRational; 3]; 3] =
        std::array::from_fn(|i| std::array::from_fn(|j| q((i == j) as i64, 1)));
    assert_eq!(s.b().pose.rotation.rows, id);
    assert_eq!(s.b().pose.translation, Vec3::new(q(0, 1), q(0, 1), q(0, 1)));
    assert!(s.approximate_rotations.is_empty());
    assert_eq!(s.scalar, ScalarKind::Exact);
}

#[test]
fn the_contract_example_loads_exactly() {
    let s = exact(&serde_json::to_string(&base()).unwrap());
    assert_eq!(s.name.as_deref(), Some("two-boxes-linear"));
    let Shape::Box(b) = &s.b().shape else {
        panic!("box")
    };
    assert_eq!(b.half_extents, [q(1, 2), q(2, 1), q(1, 1)]);
    // rot(1, 2, 3, 4) / 30
    let r = &s.b().pose.rotation.rows;
    assert_eq!(r[0], [q(-2, 3), q(2, 15), q(11, 15)]);
    assert_eq!(r[1], [q(2, 3), q(-1, 3), q(2, 3)]);
    assert_eq!(r[2], [q(1, 3), q(14, 15), q(2, 15)]);
    assert_eq!(
        s.b().pose.translation,
        Vec3::new(q(10, 1), q(0, 1), q(0, 1))
    );
    assert_eq!(
        s.b().motion,
        Motion::Linear {
            velocity: Vec3::new(q(-20, 1), q(1, 1), q(0, 1))
        }
    );
    let e = s.expect.unwrap();
    assert_eq!(e.collides, Some(true));
    assert_eq!(e.time, None);
}

#[test]
fn interval_and_expect_are_exact() {
    let text = with(|v| {
        v["interval"] = json!(["-1/3", 2.75]);
        v["expect"] = json!({"collides": true, "time": "717/1517", "tolerance": "1e-12"});
    });
    let s = exact(&text);
    assert_eq!(s.interval, (q(-1, 3), q(11, 4)));
    let e = s.expect.unwrap();
    assert_eq!(e.time, Some(q(717, 1517)));
    assert_eq!(e.tolerance, Some(parse_number("1e-12").unwrap()));
}

#[test]
fn rational_motion_polynomials_drop_trailing_zeros() {
    let text = with(|v| {
        v["b"] = json!({
            "shape": {"box": {"half_extents": [1, 1, 1]}},
            "motion": {"rational": {
                "quaternion": [["1", "0", "1"], "0", ["0", "1", "0", "0"], 0],
                "translation": [["-28.35", "45.11"], "0", []],
                "denominator": ["2", "1", "0"]
            }}
        });
    });
    let s = exact(&text);
    let Motion::Rational {
        quaternion,
        translation,
        denominator,
    } = &s.b().motion
    else {
        panic!("rational motion")
    };
    assert_eq!(quaternion[0], poly(&[(1, 1), (0, 1), (1, 1)]));
    assert_eq!(quaternion[1], Poly::zero());
    assert_eq!(quaternion[2], poly(&[(0, 1), (1, 1)]));
    assert_eq!(translation.x, poly(&[(-567, 20), (4511, 100)]));
    assert_eq!(translation.z, Poly::zero());
    assert_eq!(*denominator, poly(&[(2, 1), (1, 1)]));
    assert_eq!(denominator.degree(), Some(1));
}

#[test]
fn denominators_may_vanish_outside_the_interval() {
    // d(t) = t - 2 and |q|^2 = (t + 1)^2 vanish only outside [0, 1] ...
    let scenario = |interval: serde_json::Value| {
        with(|v| {
            v["interval"] = interval;
            v["b"] = json!({
                "shape": {"box": {"half_extents": [1, 1, 1]}},
                "motion": {"rational": {
                    "quaternion": [["1", "1"], "0", "0", "0"],
                    "translation": ["0", "0", "0"],
                    "denominator": ["-2", "1"]
                }}
            });
        })
    };
    exact(&scenario(json!(["0", "1"])));
    // ... so the same motion over [0, 3] is refused (d(2) = 0), and over
    // [-3, 0] too (|q(-1)|^2 = 0).
    let e =
        parse_scenario(&scenario(json!(["0", "3"])), None, &LoadOptions::default()).unwrap_err();
    assert_eq!(e.field_path(), Some("b.motion.rational.denominator"));
    assert!(e.to_string().contains("vanishes at t = 2"), "{e}");
    let e =
        parse_scenario(&scenario(json!(["-3", "0"])), None, &LoadOptions::default()).unwrap_err();
    assert_eq!(e.field_path(), Some("b.motion.rational.quaternion"));
    assert!(e.to_string().contains("vanishes at t = -1"), "{e}");
}

fn sgm_rows() -> serde_json::Value {
    json!([
        ["-0.88", "-0.16", "-0.46", "0"],
        ["0.07", "-0.90", "-0.43", "0"],
        ["0.48", "0.41", "-0.78", "0"],
        [["-28.35", "45.11"], ["-36.86", "60.69"], "0", "1"]
    ])
}

#[test]
fn affine_row_matrix_loads_with_exact_entries() {
    let text = with(|v| {
        v["b"] = json!({
            "shape": {"box": {"half_extents": [1, 1, 1]}},
            "motion": {"row_matrix": {"rows": sgm_rows()}}
        });
    });
    let s = exact(&text);
    let Motion::RowMatrix { rows, denominator } = &s.b().motion else {
        panic!("row matrix")
    };
    assert_eq!(rows[0][0], poly(&[(-22, 25)]));
    assert_eq!(rows[1][1], poly(&[(-9, 10)]));
    assert_eq!(rows[3][0], poly(&[(-567, 20), (4511, 100)]));
    assert_eq!(rows[3][1], poly(&[(-1843, 50), (6069, 100)]));
    assert_eq!(rows[3][3], poly(&[(1, 1)]));
    assert_eq!(*denominator, poly(&[(1, 1)]));
}

#[test]
fn screw_poses_and_angular_motions_load_with_defaults() {
    let screw =
        exact(&with(
            |v| {
                v["b"]["motion"] =
                    json!({"screw": {"axis_direction": [0, 0, 2], "angle": "3.14159"}})
            },
        ));
    assert_eq!(
        screw.b().motion,
        Motion::Screw {
            axis_point: Vec3::new(q(0, 1), q(0, 1), q(0, 1)),
            axis_direction: Vec3::new(q(0, 1), q(0, 1), q(2, 1)),
            angle: q(314159, 100000),
            slide: q(0, 1),
        }
    );
    let poses = exact(&with(|v| {
        v["b"]["motion"] = json!({"poses": {"end": {"translation": [1, 2, 3]}}})
    }));
    let Motion::Poses { end } = &poses.b().motion else {
        panic!("poses")
    };
    assert_eq!(end.translation, Vec3::new(q(1, 1), q(2, 1), q(3, 1)));
    let angular = exact(&with(|v| {
        v["b"]["motion"] = json!({"angular": {"angular_velocity": ["0", "0", "1/2"]}})
    }));
    assert_eq!(
        angular.b().motion,
        Motion::Angular {
            velocity: Vec3::new(q(0, 1), q(0, 1), q(0, 1)),
            angular_velocity: Vec3::new(q(0, 1), q(0, 1), q(1, 2)),
            center: Vec3::zero(),
        }
    );
    let centred = exact(&with(
        |v| v["b"]["motion"] = json!({"angular": {"angular_velocity": ["0", "0", "1/2"], "center": ["1", "-2", "3/4"]}}),
    ));
    let Motion::Angular { center, .. } = &centred.b().motion else {
        panic!("angular")
    };
    assert_eq!(center, &Vec3::new(q(1, 1), q(-2, 1), q(3, 4)));
    // written back with its centre, and read back the same
    let text = exactccd::write_scenario(&centred);
    assert_eq!(exact(&text).b().motion, centred.b().motion);
}

#[test]
fn exact_rational_rotation_matrices_are_accepted() {
    let text = with(|v| {
        let pose = v["b"]["pose"].as_object_mut().unwrap();
        pose.remove("quaternion");
        pose.insert(
            "rotation".into(),
            json!([["0.6", "-0.8", 0], ["0.8", "0.6", 0], [0, 0, 1]]),
        );
    });
    let s = exact(&text);
    assert_eq!(s.b().pose.rotation.rows[0], [q(3, 5), q(-4, 5), q(0, 1)]);
    assert!(s.approximate_rotations.is_empty());
}

#[test]
fn the_f64_path_rounds_each_number_once_and_records_approximate_rotations() {
    let text = with(|v| {
        v["a"]["shape"]["box"]["half_extents"][0] = json!("0.1");
        let pose = v["b"]["pose"].as_object_mut().unwrap();
        pose.remove("quaternion");
        pose.insert(
            "rotation".into(),
            json!([["0.6", "-0.8", 0], ["0.8", "0.6", 0], [0, 0, 1]]),
        );
    });
    let s = f64_path(&text);
    assert_eq!(s.scalar, ScalarKind::F64);
    let Shape::Box(a) = &s.a().shape else {
        panic!("box")
    };
    // 0.1 becomes the f64 nearest to 1/10, exactly 3602879701896397 / 2^55.
    assert_eq!(
        a.half_extents[0],
        BigRational::new(BigInt::from(3602879701896397u64), BigInt::from(1u64 << 55))
    );
    // 0.6 and 0.8 rounded are orthonormal only within 1e-9.
    assert_eq!(s.approximate_rotations, vec!["b.pose.rotation".to_owned()]);
    assert_eq!(
        s.b().pose.rotation.rows[0][0],
        BigRational::from_float(0.6f64).unwrap()
    );
}

#[test]
fn inline_mesh_indices_are_zero_based() {
    // A tetrahedron, faces counter-clockwise seen from outside.
    let text = with(|v| {
        v["a"]["shape"] = json!({"mesh": {
            "vertices": [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]],
            "faces": [[0, 2, 1], [0, 1, 3], [1, 2, 3], [0, 3, 2]]
        }});
    });
    let s = exact(&text);
    let Shape::Mesh(m) = &s.a().shape else {
        panic!("mesh")
    };
    assert_eq!(m.vertices.len(), 4);
    assert_eq!(m.faces[1], vec![0, 1, 3]);
    assert_eq!(m.edges.len(), 6);
}

#[test]
fn obj_meshes_are_read_relative_to_the_scenario_file() {
    let dir = TempDir::new();
    dir.write(
        "meshes/tet.obj",
        "# a tetrahedron\nv 0 0 0\nv 0.1 0 0\nv 0 0.1 0\nv 0 0 0.1\nf 1 3 2\nf 1 2 4\nf 2 3 4\nf 1 4 3\n",
    );
    let text = with(|v| v["a"]["shape"] = json!({"mesh": {"obj": "meshes/tet.obj"}}));
    let file = dir.write("scenario.json", &text);
    let s = load_scenario(&file, &LoadOptions::default()).unwrap();
    let Shape::Mesh(m) = &s.a().shape else {
        panic!("mesh")
    };
    assert_eq!(m.vertices[1], Vec3::new(q(1, 10), q(0, 1), q(0, 1)));
    assert_eq!(m.faces.len(), 4);
}

#[test]
fn every_shipped_example_loads_in_the_exact_path() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/scenarios");
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "json") {
            load_scenario(&path, &LoadOptions::default())
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            count += 1;
        }
    }
    assert!(count >= 7, "only {count} examples");
}

#[test]
fn the_rigid_sgm_example_has_an_exact_rotation_block() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("examples/scenarios/sgm-paper-linear-rigid.json");
    let s = load_scenario(&path, &LoadOptions::default()).unwrap();
    let Motion::RowMatrix { rows, .. } = &s.b().motion else {
        panic!("row matrix")
    };
    let m: Vec<Vec<BigRational>> = (0..3)
        .map(|i| (0..3).map(|j| rows[i][j].coeff(0)).collect())
        .collect();
    // M M^T = I and det M = 1, exactly.
    for i in 0..3 {
        for j in 0..3 {
            let dot = (0..3).fold(q(0, 1), |acc, k| acc + &m[i][k] * &m[j][k]);
            assert_eq!(dot, q((i == j) as i64, 1), "({i}, {j})");
        }
    }
    let det = &m[0][0] * (&m[1][1] * &m[2][2] - &m[1][2] * &m[2][1])
        - &m[0][1] * (&m[1][0] * &m[2][2] - &m[1][2] * &m[2][0])
        + &m[0][2] * (&m[1][0] * &m[2][1] - &m[1][1] * &m[2][0]);
    assert_eq!(det, q(1, 1));
    // It is rot(1, -2, 2, -1) / 10, transposed into the row convention.
    let r = exactccd::geom::quaternion_rotation(&[q(1, 1), q(-2, 1), q(2, 1), q(-1, 1)]).unwrap();
    for (i, row) in m.iter().enumerate() {
        for (j, entry) in row.iter().enumerate() {
            assert_eq!(*entry, r.rows[j][i], "({i}, {j})");
        }
    }
}
