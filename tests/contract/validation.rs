//! One test per validation rule of docs/FORMAT.md 1 and 2: each writes a
//! bad scenario file, runs `exactccd solve`, and checks exit status 2,
//! nothing on stdout, and one stderr line naming the field path and the
//! offending value.

use crate::contract_support;

use contract_support::{
    accepts, assert_input_error, base, rejects, run, solve_text, with, TempDir,
};
use serde_json::{json, Value};

fn boxes_under(motion: Value) -> String {
    with(|v| {
        v["b"] = json!({
            "shape": { "box": { "half_extents": ["1", "1", "1"] } },
            "motion": motion
        });
    })
}

// ---- the contract's own example of an error line --------------------------

#[test]
fn box_half_extent_must_be_positive_exactly_as_in_the_contract() {
    let text = with(|v| v["b"]["shape"]["box"]["half_extents"][1] = json!("-1"));
    let line = rejects(&text, "b.shape.box.half_extents[1]", Some("\"-1\""));
    assert_eq!(
        line,
        r#"error: b.shape.box.half_extents[1]: must be > 0, got "-1""#
    );
}

#[test]
fn box_half_extent_zero_is_rejected() {
    let text = with(|v| v["a"]["shape"]["box"]["half_extents"][2] = json!(0));
    rejects(&text, "a.shape.box.half_extents[2]", Some("0"));
}

#[test]
fn box_needs_three_half_extents() {
    let text = with(|v| v["a"]["shape"]["box"]["half_extents"] = json!(["1", "1"]));
    rejects(&text, "a.shape.box.half_extents", Some(r#"["1","1"]"#));
}

#[test]
fn box_unknown_field_is_rejected() {
    let text = with(|v| v["a"]["shape"]["box"]["half_extent"] = json!(["1", "1", "1"]));
    let line = rejects(&text, "a.shape.box.half_extent", None);
    assert!(line.contains("unknown field"), "{line}");
}

// ---- top level (section 2) -------------------------------------------------

#[test]
fn format_is_required() {
    let text = with(|v| {
        v.as_object_mut().unwrap().remove("format");
    });
    rejects(&text, "format", None);
}

#[test]
fn format_must_be_exactly_v1() {
    let text = with(|v| v["format"] = json!("exactccd/scenario-v2"));
    rejects(&text, "format", Some("\"exactccd/scenario-v2\""));
}

#[test]
fn unknown_top_level_field_is_rejected() {
    let text = with(|v| v["expectt"] = json!({ "collides": true }));
    let line = rejects(&text, "expectt", Some(r#"{"collides":true}"#));
    assert!(line.contains("unknown field"), "{line}");
}

#[test]
fn top_level_must_be_an_object() {
    rejects("[1, 2, 3]", "top level", Some("[1,2,3]"));
}

#[test]
fn invalid_json_is_one_line() {
    let out = solve_text("{\"format\": \"exactccd/scenario-v1\",\n \"a\": }", &[]);
    assert_eq!(out.status, 2);
    assert!(out.stdout.is_empty());
    assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
    assert!(
        out.stderr.starts_with("error: invalid JSON: "),
        "{}",
        out.stderr
    );
    assert!(out.stderr.contains("line 2"), "{}", out.stderr);
}

#[test]
fn deeply_nested_json_is_refused_not_a_stack_overflow() {
    let text = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    let out = solve_text(&text, &[]);
    assert_eq!(out.status, 2, "{}", out.stderr);
    assert_eq!(out.stderr.lines().count(), 1);
    assert!(out.stderr.contains("recursion limit"), "{}", out.stderr);
}

#[test]
fn duplicate_keys_are_rejected() {
    let text = r#"{"format": "exactccd/scenario-v1", "interval": ["0", "1"], "interval": ["0", "2"],
        "a": {"shape": {"box": {"half_extents": [1, 1, 1]}}},
        "b": {"shape": {"box": {"half_extents": [1, 1, 1]}}}}"#;
    let line = rejects(text, "interval", None);
    assert!(line.contains("twice"), "{line}");
}

#[test]
fn name_must_be_a_string() {
    let text = with(|v| v["name"] = json!(42));
    rejects(&text, "name", Some("42"));
}

#[test]
fn interval_needs_t0_below_t1() {
    let text = with(|v| v["interval"] = json!(["1", "1"]));
    let line = rejects(&text, "interval", Some(r#"["1","1"]"#));
    assert!(line.contains("t0 < t1"), "{line}");
}

#[test]
fn interval_needs_two_numbers() {
    let text = with(|v| v["interval"] = json!(["0", "1", "2"]));
    rejects(&text, "interval", Some(r#"["0","1","2"]"#));
}

#[test]
fn body_a_is_required() {
    let text = with(|v| {
        v.as_object_mut().unwrap().remove("a");
    });
    rejects(&text, "a", None);
}

#[test]
fn body_unknown_field_is_rejected() {
    let text = with(|v| v["a"]["shap"] = json!({}));
    rejects(&text, "a.shap", Some("{}"));
}

#[test]
fn body_needs_a_shape() {
    let text = with(|v| {
        v["a"].as_object_mut().unwrap().remove("shape");
    });
    rejects(&text, "a.shape", None);
}

#[test]
fn unknown_field_names_cannot_break_the_error_line() {
    let text = with(|v| v["a"]["we\nird"] = json!(1));
    let out = solve_text(&text, &[]);
    assert_input_error(&out, "a[\"we\\nird\"]", Some("1"));
}

// ---- numbers (section 1) ---------------------------------------------------

#[test]
fn nan_is_not_a_number() {
    let text = with(|v| v["a"]["shape"]["box"]["half_extents"][0] = json!("NaN"));
    rejects(&text, "a.shape.box.half_extents[0]", Some("\"NaN\""));
}

#[test]
fn infinity_is_not_a_number() {
    let text = with(|v| v["b"]["pose"]["translation"][0] = json!("inf"));
    rejects(&text, "b.pose.translation[0]", Some("\"inf\""));
}

#[test]
fn hex_floats_are_not_numbers() {
    let text = with(|v| v["b"]["motion"]["linear"]["velocity"][2] = json!("0x1p3"));
    rejects(&text, "b.motion.linear.velocity[2]", Some("\"0x1p3\""));
}

#[test]
fn empty_string_is_not_a_number() {
    let text = with(|v| v["interval"][1] = json!(""));
    rejects(&text, "interval[1]", Some("\"\""));
}

#[test]
fn zero_denominator_is_rejected() {
    let text = with(|v| v["b"]["pose"]["translation"][1] = json!("1/0"));
    let line = rejects(&text, "b.pose.translation[1]", Some("\"1/0\""));
    assert!(line.contains("zero denominator"), "{line}");
}

#[test]
fn booleans_are_not_numbers() {
    let text = with(|v| v["b"]["pose"]["translation"][2] = json!(true));
    rejects(&text, "b.pose.translation[2]", Some("true"));
}

#[test]
fn giant_exponents_are_refused() {
    for giant in ["1e1000000", "1e4097", "1e-99999999999999999999999", "1/1e5"] {
        let text = with(|v| v["b"]["pose"]["translation"][0] = json!(giant));
        rejects(&text, "b.pose.translation[0]", Some(&format!("{giant:?}")));
    }
}

#[test]
fn overlong_numbers_are_refused() {
    let digits = "7".repeat(4097);
    let text = with(|v| v["b"]["pose"]["translation"][0] = json!(digits));
    let line = rejects(&text, "b.pose.translation[0]", None);
    assert!(line.contains("more than 4096 decimal digits"), "{line}");
    assert!(line.len() < 300, "the value is shortened: {line}");
    let fits = with(|v| v["b"]["pose"]["translation"][0] = json!("7".repeat(4096)));
    accepts(&fits, &[]);
}

#[test]
fn the_total_size_of_numbers_is_bounded_and_fails_fast() {
    // 1e4000 has 13,288 bits (with its denominator 1); about 5,050 of them
    // exceed the 2^26-bit budget.
    let vertices: Vec<Value> = (0..2000)
        .map(|_| json!(["1e4000", "1e4000", "1e4000"]))
        .collect();
    let text = with(|v| {
        v["a"]["shape"] = json!({ "mesh": { "vertices": vertices, "faces": [[0, 1, 2]] } })
    });
    let started = std::time::Instant::now();
    let out = solve_text(&text, &[]);
    assert!(
        started.elapsed().as_secs() < 20,
        "took {:?}",
        started.elapsed()
    );
    assert_eq!(out.status, 2);
    assert!(out.stdout.is_empty());
    assert_eq!(out.stderr.lines().count(), 1);
    assert!(
        out.stderr.starts_with("error: a.shape.mesh.vertices["),
        "{}",
        out.stderr
    );
    assert!(out.stderr.contains("bits in total"), "{}", out.stderr);
}

#[test]
fn numbers_beyond_f64_range_are_refused_in_the_f64_path_only() {
    let text = with(|v| v["b"]["pose"]["translation"][0] = json!("1e400"));
    let out = solve_text(&text, &["--scalar", "f64"]);
    assert_input_error(&out, "b.pose.translation[0]", Some("\"1e400\""));
    assert!(out.stderr.contains("f64 range"), "{}", out.stderr);
    accepts(&text, &["--scalar", "exact"]);
}

#[test]
fn polynomial_degree_is_bounded() {
    let coeffs: Vec<Value> = (0..40).map(|_| json!("1")).collect();
    let text = boxes_under(json!({ "rational": {
        "quaternion": ["1", "0", "0", "0"],
        "translation": [coeffs, "0", "0"]
    }}));
    let line = rejects(&text, "b.motion.rational.translation[0]", None);
    assert!(line.contains("degree 39"), "{line}");
}

#[test]
fn polynomials_must_be_numbers_or_arrays_of_numbers() {
    let text = boxes_under(json!({ "rational": {
        "quaternion": ["1", "0", "0", "0"],
        "translation": [{"t": 1}, "0", "0"]
    }}));
    rejects(
        &text,
        "b.motion.rational.translation[0]",
        Some(r#"{"t":1}"#),
    );
}

// ---- pose (section 2.1) ----------------------------------------------------

#[test]
fn pose_has_at_most_one_rotation_form() {
    let text = with(|v| {
        v["b"]["pose"]["rotation"] = json!([["1", "0", "0"], ["0", "1", "0"], ["0", "0", "1"]])
    });
    let line = rejects(&text, "b.pose", None);
    assert!(line.contains("at most one"), "{line}");
}

#[test]
fn rotation_must_be_orthonormal_exactly() {
    let text = with(|v| {
        let pose = v["b"]["pose"].as_object_mut().unwrap();
        pose.remove("quaternion");
        pose.insert(
            "rotation".into(),
            json!([
                ["-0.88", "-0.16", "-0.46"],
                ["0.07", "-0.90", "-0.43"],
                ["0.48", "0.41", "-0.78"]
            ]),
        );
    });
    let line = rejects(
        &text,
        "b.pose.rotation",
        Some(r#"[["-0.88","-0.16","-0.46"]"#),
    );
    assert!(line.contains("exactly"), "{line}");
}

#[test]
fn rotation_must_have_determinant_plus_one() {
    let text = with(|v| {
        let pose = v["b"]["pose"].as_object_mut().unwrap();
        pose.remove("quaternion");
        pose.insert("rotation".into(), json!([[1, 0, 0], [0, 1, 0], [0, 0, -1]]));
    });
    let line = rejects(&text, "b.pose.rotation", Some("[[1,0,0],[0,1,0],[0,0,-1]]"));
    assert!(line.contains("det R = -1"), "{line}");
}

/// A rotation by a rational angle's rounded cosine: orthonormal within
/// `1e-12`, not exactly.
fn nearly_orthonormal() -> String {
    with(|v| {
        let pose = v["b"]["pose"].as_object_mut().unwrap();
        pose.remove("quaternion");
        pose.insert(
            "rotation".into(),
            json!([
                ["0.7071067811865476", "-0.7071067811865476", "0"],
                ["0.7071067811865476", "0.7071067811865476", "0"],
                ["0", "0", "1"]
            ]),
        );
    })
}

#[test]
fn rotation_within_1e_9_is_accepted_in_the_f64_path_only() {
    let text = nearly_orthonormal();
    rejects(&text, "b.pose.rotation", None);
    accepts(&text, &["--scalar", "f64"]);
}

#[test]
fn rotation_off_by_more_than_1e_9_is_refused_in_the_f64_path() {
    let text = with(|v| {
        let pose = v["b"]["pose"].as_object_mut().unwrap();
        pose.remove("quaternion");
        pose.insert(
            "rotation".into(),
            json!([["1.000001", 0, 0], [0, 1, 0], [0, 0, 1]]),
        );
    });
    let out = solve_text(&text, &["--scalar", "f64"]);
    assert_input_error(&out, "b.pose.rotation", Some(r#"[["1.000001",0,0]"#));
    assert!(out.stderr.contains("within 1e-9"), "{}", out.stderr);
}

#[test]
fn quaternion_must_not_be_zero() {
    let text = with(|v| v["b"]["pose"]["quaternion"] = json!(["0", "0", "0", "0"]));
    rejects(&text, "b.pose.quaternion", Some(r#"["0","0","0","0"]"#));
}

#[test]
fn quaternion_has_four_numbers() {
    let text = with(|v| v["b"]["pose"]["quaternion"] = json!(["1", "2", "3"]));
    rejects(&text, "b.pose.quaternion", Some(r#"["1","2","3"]"#));
}

#[test]
fn translation_is_a_vector_of_three() {
    let text = with(|v| v["b"]["pose"]["translation"] = json!("10"));
    rejects(&text, "b.pose.translation", Some("\"10\""));
}

#[test]
fn pose_unknown_field_is_rejected() {
    let text = with(|v| v["b"]["pose"]["position"] = json!(["0", "0", "0"]));
    rejects(&text, "b.pose.position", None);
}

// ---- shapes (section 2.2) --------------------------------------------------

#[test]
fn shape_kind_must_be_known() {
    let text = with(|v| v["a"]["shape"] = json!({ "cylinder": { "radius": "1" } }));
    let line = rejects(&text, "a.shape.cylinder", None);
    assert!(
        line.contains("box, triangle, mesh, sphere, capsule, convex"),
        "{line}"
    );
}

#[test]
fn shape_has_exactly_one_kind() {
    let text = with(|v| {
        v["a"]["shape"]["triangle"] = json!([["0", "0", "0"], ["1", "0", "0"], ["0", "1", "0"]])
    });
    let line = rejects(&text, "a.shape", None);
    assert!(line.contains("exactly one"), "{line}");
}

#[test]
fn triangle_must_not_be_degenerate() {
    let text = with(|v| {
        v["a"]["shape"] = json!({ "triangle": [["0", "0", "0"], ["1", "1", "1"], ["2", "2", "2"]] })
    });
    let line = rejects(
        &text,
        "a.shape.triangle",
        Some(r#"[["0","0","0"],["1","1","1"]"#),
    );
    assert!(line.contains("degenerate"), "{line}");
}

#[test]
fn triangle_has_three_vertices() {
    let text =
        with(|v| v["a"]["shape"] = json!({ "triangle": [["0", "0", "0"], ["1", "0", "0"]] }));
    rejects(&text, "a.shape.triangle", None);
}

#[test]
fn mesh_face_indices_must_exist() {
    let text = with(|v| {
        v["a"]["shape"] = json!({ "mesh": {
            "vertices": [["0", "0", "0"], ["1", "0", "0"], ["0", "1", "0"]],
            "faces": [[0, 1, 3]]
        }})
    });
    let line = rejects(&text, "a.shape.mesh.faces[0][2]", Some("3"));
    assert!(line.contains("below 3"), "{line}");
}

#[test]
fn mesh_face_indices_are_integers() {
    let text = with(|v| {
        v["a"]["shape"] = json!({ "mesh": {
            "vertices": [["0", "0", "0"], ["1", "0", "0"], ["0", "1", "0"]],
            "faces": [[0, "1", 2]]
        }})
    });
    rejects(&text, "a.shape.mesh.faces[0][1]", Some("\"1\""));
}

#[test]
fn mesh_gives_obj_or_inline_data_not_both() {
    let text = with(|v| {
        v["a"]["shape"] = json!({ "mesh": { "obj": "x.obj", "vertices": [], "faces": [] } })
    });
    rejects(&text, "a.shape.mesh", None);
}

#[test]
fn mesh_obj_file_must_exist() {
    let text = with(|v| v["a"]["shape"] = json!({ "mesh": { "obj": "missing.obj" } }));
    let line = rejects(&text, "a.shape.mesh.obj", Some("\"missing.obj\""));
    assert!(line.contains("cannot read"), "{line}");
}

#[test]
fn mesh_obj_must_be_a_regular_file() {
    let text = with(|v| v["a"]["shape"] = json!({ "mesh": { "obj": "." } }));
    let line = rejects(&text, "a.shape.mesh.obj", Some("\".\""));
    assert!(line.contains("not a regular file"), "{line}");
}

// ---- motions (section 2.3) -------------------------------------------------

#[test]
fn motion_kind_must_be_known() {
    let text = with(|v| v["b"]["motion"] = json!("dynamic"));
    let line = rejects(&text, "b.motion", Some("\"dynamic\""));
    assert!(line.contains("\"static\", linear, rational"), "{line}");
}

#[test]
fn motion_object_kind_must_be_known() {
    let text = with(|v| v["b"]["motion"] = json!({ "spin": {} }));
    rejects(&text, "b.motion.spin", Some("{}"));
}

#[test]
fn linear_motion_needs_a_velocity() {
    let text = with(|v| v["b"]["motion"] = json!({ "linear": {} }));
    rejects(&text, "b.motion.linear.velocity", None);
}

#[test]
fn rational_motion_forbids_a_pose() {
    let text = with(|v| {
        v["b"]["motion"] = json!({ "rational": {
            "quaternion": ["1", "0", "0", "0"], "translation": ["0", "0", "0"] } })
    });
    let line = rejects(&text, "b.pose", None);
    assert!(line.contains("must be absent"), "{line}");
}

#[test]
fn row_matrix_motion_forbids_a_pose() {
    let text = with(|v| {
        v["b"]["motion"] = json!({ "row_matrix": { "rows": [
            ["1", "0", "0", "0"], ["0", "1", "0", "0"], ["0", "0", "1", "0"], ["0", "0", "0", "1"]] } })
    });
    rejects(&text, "b.pose", None);
}

#[test]
fn rational_denominator_must_not_vanish_inside_the_interval() {
    let text = boxes_under(json!({ "rational": {
        "quaternion": ["1", "0", "0", "0"],
        "translation": ["0", "0", "0"],
        "denominator": ["-1/2", "1"]
    }}));
    let line = rejects(
        &text,
        "b.motion.rational.denominator",
        Some(r#"["-1/2","1"]"#),
    );
    assert!(line.contains("vanishes at t = 1/2"), "{line}");
}

#[test]
fn rational_denominator_must_not_vanish_at_the_closed_end() {
    let text = boxes_under(json!({ "rational": {
        "quaternion": ["1", "0", "0", "0"],
        "translation": ["0", "0", "0"],
        "denominator": ["-1", "1"]
    }}));
    let line = rejects(&text, "b.motion.rational.denominator", None);
    assert!(line.contains("vanishes at t = 1"), "{line}");
}

#[test]
fn rational_denominator_irrational_root_is_found_exactly() {
    // 2 t^2 - 1 vanishes at sqrt(2)/2 in [0, 1].
    let text = boxes_under(json!({ "rational": {
        "quaternion": ["1", "0", "0", "0"],
        "translation": ["0", "0", "0"],
        "denominator": ["-1", "0", "2"]
    }}));
    let line = rejects(&text, "b.motion.rational.denominator", None);
    assert!(line.contains("0.7071067811865"), "{line}");
}

#[test]
fn rational_denominator_identically_zero_is_rejected() {
    let text = boxes_under(json!({ "rational": {
        "quaternion": ["1", "0", "0", "0"],
        "translation": ["0", "0", "0"],
        "denominator": ["0", "0"]
    }}));
    let line = rejects(&text, "b.motion.rational.denominator", None);
    assert!(line.contains("identically zero"), "{line}");
}

#[test]
fn rational_quaternion_norm_must_not_vanish() {
    // q(t) = (t - 1/4, 0, 0, 0): |q|^2 = (t - 1/4)^2 vanishes at 1/4.
    let text = boxes_under(json!({ "rational": {
        "quaternion": [["-1/4", "1"], "0", "0", "0"],
        "translation": ["0", "0", "0"]
    }}));
    let line = rejects(&text, "b.motion.rational.quaternion", None);
    assert!(
        line.contains("|q(t)|^2") && line.contains("t = 1/4"),
        "{line}"
    );
}

#[test]
fn rational_motion_needs_its_quaternion() {
    let text = boxes_under(json!({ "rational": { "translation": ["0", "0", "0"] } }));
    rejects(&text, "b.motion.rational.quaternion", None);
}

#[test]
fn row_matrix_last_column_must_be_zero_above_w() {
    let text = boxes_under(json!({ "row_matrix": { "rows": [
        ["1", "0", "0", "0"], ["0", "1", "0", "1/3"], ["0", "0", "1", "0"], ["0", "0", "0", "1"]] } }));
    let line = rejects(&text, "b.motion.row_matrix.rows[1][3]", Some("\"1/3\""));
    assert!(line.contains("(0, 0, 0, w)"), "{line}");
}

#[test]
fn row_matrix_corner_must_equal_w() {
    let text = boxes_under(json!({ "row_matrix": {
        "rows": [["1", "0", "0", "0"], ["0", "1", "0", "0"], ["0", "0", "1", "0"], ["0", "0", "0", "1"]],
        "denominator": ["2", "1"] } }));
    rejects(&text, "b.motion.row_matrix.rows[3][3]", Some("\"1\""));
}

#[test]
fn row_matrix_denominator_must_not_vanish() {
    let w = json!(["1", "-4"]);
    let text = boxes_under(json!({ "row_matrix": {
        "rows": [["1", "0", "0", "0"], ["0", "1", "0", "0"], ["0", "0", "1", "0"], ["0", "0", "0", w]],
        "denominator": w } }));
    let line = rejects(
        &text,
        "b.motion.row_matrix.denominator",
        Some(r#"["1","-4"]"#),
    );
    assert!(line.contains("w(t)") && line.contains("t = 1/4"), "{line}");
}

#[test]
fn row_matrix_has_four_rows() {
    let text = boxes_under(json!({ "row_matrix": { "rows": [
        ["1", "0", "0", "0"], ["0", "1", "0", "0"], ["0", "0", "1", "0"]] } }));
    rejects(&text, "b.motion.row_matrix.rows", None);
}

#[test]
fn screw_axis_direction_must_not_be_zero() {
    let text = with(|v| {
        v["b"]["motion"] = json!({ "screw": {
            "axis_point": ["0", "0", "0"], "axis_direction": ["0", "0", "0"], "angle": "1", "slide": "0" } })
    });
    rejects(
        &text,
        "b.motion.screw.axis_direction",
        Some(r#"["0","0","0"]"#),
    );
}

#[test]
fn screw_needs_an_angle() {
    let text =
        with(|v| v["b"]["motion"] = json!({ "screw": { "axis_direction": ["0", "0", "1"] } }));
    rejects(&text, "b.motion.screw.angle", None);
}

#[test]
fn poses_end_is_a_valid_pose() {
    let text = with(|v| {
        v["b"]["motion"] = json!({ "poses": { "end": { "quaternion": ["0", "0", "0", "0"] } } })
    });
    rejects(&text, "b.motion.poses.end.quaternion", None);
}

#[test]
fn angular_motion_needs_an_angular_velocity() {
    let text = with(|v| v["b"]["motion"] = json!({ "angular": { "velocity": ["1", "0", "0"] } }));
    rejects(&text, "b.motion.angular.angular_velocity", None);
}

#[test]
fn angular_center_is_a_vector_of_numbers() {
    let text = with(|v| {
        v["b"]["motion"] =
            json!({ "angular": { "angular_velocity": ["0", "0", "1"], "center": ["1", "x", "0"] } })
    });
    rejects(&text, "b.motion.angular.center[1]", Some("\"x\""));
    let text = with(|v| {
        v["b"]["motion"] =
            json!({ "angular": { "angular_velocity": ["0", "0", "1"], "center": ["1", "0"] } })
    });
    rejects(&text, "b.motion.angular.center", None);
    let text = with(|v| {
        v["b"]["motion"] =
            json!({ "angular": { "angular_velocity": ["0", "0", "1"], "centre": ["1", "0", "0"] } })
    });
    rejects(&text, "b.motion.angular.centre", None);
}

// ---- expect ------------------------------------------------------------------

#[test]
fn expect_unknown_field_is_rejected() {
    let text = with(|v| v["expect"]["collide"] = json!(true));
    rejects(&text, "expect.collide", Some("true"));
}

#[test]
fn expect_collides_is_a_boolean() {
    let text = with(|v| v["expect"]["collides"] = json!("yes"));
    rejects(&text, "expect.collides", Some("\"yes\""));
}

#[test]
fn expect_time_contradicting_no_collision_is_rejected() {
    let text = with(|v| v["expect"] = json!({ "collides": false, "time": "1/2" }));
    rejects(&text, "expect.time", Some("\"1/2\""));
}

#[test]
fn expect_time_must_lie_in_the_interval() {
    let text = with(|v| v["expect"] = json!({ "collides": true, "time": "3/2" }));
    rejects(&text, "expect.time", Some("\"3/2\""));
}

#[test]
fn expect_tolerance_is_not_negative() {
    let text = with(|v| v["expect"] = json!({ "time": "1/2", "tolerance": "-1e-9" }));
    rejects(&text, "expect.tolerance", Some("\"-1e-9\""));
}

// ---- files -------------------------------------------------------------------

#[test]
fn missing_file_is_invalid_input() {
    let dir = TempDir::new();
    let path = dir.path().join("nowhere.json");
    let out = run(&["solve", path.to_str().unwrap()]);
    assert_eq!(out.status, 2);
    assert!(out.stdout.is_empty());
    assert_eq!(out.stderr.lines().count(), 1);
    assert!(
        out.stderr.contains("nowhere.json: cannot read"),
        "{}",
        out.stderr
    );
}

#[test]
fn the_base_scenario_is_valid() {
    accepts(&serde_json::to_string(&base()).unwrap(), &[]);
}

// ---- meshes (section 2.2: closed, consistently oriented) --------------------

fn tetra(faces: Value) -> String {
    with(|v| {
        v["a"]["shape"] = json!({ "mesh": {
            "vertices": [["0", "0", "0"], ["1", "0", "0"], ["0", "1", "0"], ["0", "0", "1"]],
            "faces": faces
        }})
    })
}

#[test]
fn mesh_must_be_closed() {
    let line = rejects(
        &tetra(json!([[0, 2, 1], [0, 1, 3], [1, 2, 3]])),
        "a.shape.mesh",
        None,
    );
    assert!(line.contains("edge 0-2 belongs to face 0 only"), "{line}");
}

#[test]
fn mesh_must_be_consistently_oriented() {
    // The second face runs the wrong way round.
    let line = rejects(
        &tetra(json!([[0, 2, 1], [0, 3, 1], [1, 2, 3], [0, 3, 2]])),
        "a.shape.mesh",
        None,
    );
    assert!(
        line.contains("faces 0 and 1 both run edge 0-1 in the same direction"),
        "{line}"
    );
}

#[test]
fn mesh_must_face_outwards() {
    // Every face reversed: closed and consistent, but inside out.
    let line = rejects(
        &tetra(json!([[0, 1, 2], [0, 3, 1], [1, 3, 2], [0, 2, 3]])),
        "a.shape.mesh",
        None,
    );
    assert!(line.contains("volume"), "{line}");
}

#[test]
fn mesh_faces_need_three_vertices() {
    let line = rejects(
        &tetra(json!([[0, 2], [0, 1, 3], [1, 2, 3], [0, 3, 2]])),
        "a.shape.mesh",
        None,
    );
    assert!(line.contains("face 0"), "{line}");
}

#[test]
fn obj_mesh_errors_name_the_line() {
    let dir = TempDir::new();
    dir.write(
        "open.obj",
        "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 3 2\nf 1 2 4\nf 2 3 4\n",
    );
    dir.write("bad.obj", "v 0 0 0\nv 1 0 zero\n");
    dir.write("huge.obj", "v 0 0 0\nv 1e5000 0 0\n");
    let cases = [
        ("open.obj", "face 0 only"),
        ("bad.obj", "line 2"),
        ("huge.obj", "line 2: a number spans more than 4096"),
    ];
    for (obj, needle) in cases {
        let text = with(|v| v["a"]["shape"] = json!({ "mesh": { "obj": obj } }));
        let file = dir.write("scenario.json", &text);
        let out = run(&["solve", file.to_str().unwrap()]);
        assert_input_error(&out, "a.shape.mesh.obj", Some(&format!("\"{obj}\"")));
        assert!(out.stderr.contains(needle), "{obj}: {}", out.stderr);
    }
}
