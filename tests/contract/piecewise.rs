//! The `piecewise` motion kind (`docs/FORMAT.md` 7.1), one
//! test per validation rule: each writes a bad scenario, runs `exactccd
//! solve`, and checks exit status 2, nothing on stdout and one stderr line
//! naming the field. Also: valid piecewise scenarios load and are answered
//! by sgm and sat (glide answers status 3 with the reason), and the
//! scenario writer round-trips them exactly.

use crate::contract_support;

use contract_support::{accepts, rejects, run, solve_text, with, TempDir};
use exactccd::contact::ScalarKind;
use exactccd::scenario::{parse_scenario, write_scenario, LoadOptions};
use serde_json::{json, Value};

/// `b` is a unit box under the given piecewise pieces (no pose).
fn piecewise_b(pieces: Value) -> String {
    with(|v| {
        v["b"] = json!({
            "shape": { "box": { "half_extents": ["1", "1", "1"] } },
            "motion": { "piecewise": { "pieces": pieces } }
        });
    })
}

/// x(t) = 10 - 8t by a rational piece on [0, 1/2], then at rest at x = 6
/// (a rational piece, continuous at 1/2).
fn good_pieces() -> Value {
    json!([
        { "until": "1/2",
          "motion": { "rational": { "quaternion": ["1", "0", "0", "0"],
                                    "translation": [["10", "-8"], "0", "0"] } } },
        { "motion": { "rational": { "quaternion": ["1", "0", "0", "0"],
                                    "translation": ["6", "0", "0"] } } }
    ])
}

#[test]
fn a_continuous_piecewise_motion_is_accepted_and_solved() {
    let text = piecewise_b(good_pieces());
    for method in ["sgm", "sat"] {
        let out = solve_text(&text, &["--method", method]);
        assert_eq!(out.status, 0, "{method}: {}", out.stderr);
        let v: Value = serde_json::from_str(&out.stdout).unwrap();
        // b stops at x = 6 > 2 (its near face at 5, a's at 1): no contact
        assert_eq!(v["collides"], false, "{method}");
        assert_eq!(v["stats"]["sub_intervals"], 2, "{method}");
        assert!(v["certificate"]["separation"].is_array(), "{method}");
    }
    accepts(&text, &["--scalar", "f64"]);
}

#[test]
fn glide_refuses_a_piecewise_motion_with_the_reason() {
    let out = solve_text(&piecewise_b(good_pieces()), &["--method", "glide"]);
    assert_eq!(out.status, 3, "{}", out.stderr);
    assert!(out.stdout.is_empty());
    assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
    assert!(
        out.stderr.contains("body b has a piecewise motion"),
        "{}",
        out.stderr
    );
}

#[test]
fn the_default_method_for_two_boxes_is_sgm() {
    let out = solve_text(&piecewise_b(good_pieces()), &[]);
    assert_eq!(out.status, 0, "{}", out.stderr);
    let v: Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(v["method"], "sgm");
}

#[test]
fn a_jump_at_a_join_is_an_input_error_naming_the_piece() {
    let mut pieces = good_pieces();
    pieces[1]["motion"]["rational"]["translation"][0] = json!("7");
    let line = rejects(&piecewise_b(pieces), "b.motion.piecewise.pieces[1]", None);
    assert!(line.contains("jumps at the breakpoint t = 1/2"), "{line}");
}

#[test]
fn a_jump_in_the_rotation_is_an_input_error_too() {
    let mut pieces = good_pieces();
    // same centre, a quarter turn about z
    pieces[1]["motion"]["rational"]["quaternion"] = json!(["1", "0", "0", "1"]);
    let line = rejects(&piecewise_b(pieces), "b.motion.piecewise.pieces[1]", None);
    assert!(line.contains("jumps"), "{line}");
}

#[test]
fn continuity_holds_in_the_f64_path_within_rounding() {
    // x = t/3 until 1/10, then at rest at 1/30: continuous exactly; in f64
    // round(1/3) round(1/10) differs from round(1/30) by about 5e-19
    let pieces = json!([
        { "until": "1/10", "motion": { "linear": { "velocity": ["1/3", "0", "0"] } } },
        { "motion": { "rational": { "quaternion": ["1", "0", "0", "0"],
                                    "translation": ["1/30", "0", "0"] } } }
    ]);
    let text = with(|v| {
        v["a"]["pose"] = json!({ "translation": ["10", "0", "0"] });
        v["b"] = json!({
            "shape": { "box": { "half_extents": ["1", "1", "1"] } },
            "motion": { "piecewise": { "pieces": pieces } }
        });
    });
    accepts(&text, &[]);
    accepts(&text, &["--scalar", "f64"]);
    let s = parse_scenario(&text, None, &LoadOptions::for_scalar(ScalarKind::F64));
    assert!(s.is_ok(), "{s:?}");
}

#[test]
fn a_breakpoint_at_the_interval_end_is_rejected() {
    let mut pieces = good_pieces();
    pieces[0]["until"] = json!("1");
    let line = rejects(
        &piecewise_b(pieces),
        "b.motion.piecewise.pieces[0].until",
        Some("\"1\""),
    );
    assert!(
        line.contains("strictly inside the interval (0, 1)"),
        "{line}"
    );
}

#[test]
fn a_breakpoint_at_the_interval_start_is_rejected() {
    let mut pieces = good_pieces();
    pieces[0]["until"] = json!("0");
    rejects(
        &piecewise_b(pieces),
        "b.motion.piecewise.pieces[0].until",
        Some("\"0\""),
    );
}

#[test]
fn breakpoints_must_increase_strictly() {
    let rest = json!({ "rational": { "quaternion": ["1", "0", "0", "0"],
                                     "translation": ["6", "0", "0"] } });
    let pieces = json!([
        { "until": "1/2", "motion": rest },
        { "until": "1/2", "motion": rest },
        { "motion": rest }
    ]);
    let line = rejects(
        &piecewise_b(pieces),
        "b.motion.piecewise.pieces[1].until",
        Some("\"1/2\""),
    );
    assert!(line.contains("increase strictly"), "{line}");
}

#[test]
fn a_piece_before_the_last_needs_until() {
    let mut pieces = good_pieces();
    pieces[0].as_object_mut().unwrap().remove("until");
    let line = rejects(&piecewise_b(pieces), "b.motion.piecewise.pieces[0]", None);
    assert!(line.contains("needs \"until\""), "{line}");
}

#[test]
fn the_last_piece_has_no_until() {
    let mut pieces = good_pieces();
    pieces[1]["until"] = json!("3/4");
    let line = rejects(
        &piecewise_b(pieces),
        "b.motion.piecewise.pieces[1].until",
        Some("\"3/4\""),
    );
    assert!(line.contains("must be absent in the last piece"), "{line}");
}

#[test]
fn at_least_one_piece() {
    rejects(
        &piecewise_b(json!([])),
        "b.motion.piecewise.pieces",
        Some("[]"),
    );
}

#[test]
fn too_many_pieces_are_refused() {
    let rest = json!({ "motion": "static" });
    let mut pieces: Vec<Value> = (1..=300)
        .map(|k| json!({ "until": format!("{k}/301"), "motion": "static" }))
        .collect();
    pieces.push(rest);
    let line = rejects(
        &piecewise_b(Value::Array(pieces)),
        "b.motion.piecewise.pieces",
        None,
    );
    assert!(line.contains("more than the limit of 256"), "{line}");
}

#[test]
fn transcendental_pieces_are_rejected() {
    let kinds = [
        (
            "screw",
            json!({ "screw": { "axis_direction": ["0", "0", "1"], "angle": "1" } }),
        ),
        (
            "poses",
            json!({ "poses": { "end": { "translation": ["1", "0", "0"] } } }),
        ),
        (
            "angular",
            json!({ "angular": { "angular_velocity": ["0", "0", "1"] } }),
        ),
    ];
    for (kind, motion) in kinds {
        let mut pieces = good_pieces();
        pieces[1]["motion"] = motion;
        let line = rejects(
            &piecewise_b(pieces),
            "b.motion.piecewise.pieces[1].motion",
            None,
        );
        assert!(line.contains(&format!("not {kind}")), "{line}");
    }
}

#[test]
fn a_piecewise_piece_cannot_be_piecewise() {
    let mut pieces = good_pieces();
    pieces[1]["motion"] = json!({ "piecewise": { "pieces": [{ "motion": "static" }] } });
    let line = rejects(
        &piecewise_b(pieces),
        "b.motion.piecewise.pieces[1].motion",
        None,
    );
    assert!(line.contains("not piecewise"), "{line}");
}

#[test]
fn a_pose_is_refused_when_a_piece_carries_it() {
    let text = with(|v| {
        v["b"]["motion"] = json!({ "piecewise": { "pieces": good_pieces() } });
    });
    // the base scenario's b has a pose
    let line = rejects(&text, "b.pose", None);
    assert!(
        line.contains("must be absent for a piecewise motion"),
        "{line}"
    );
}

#[test]
fn a_pose_is_used_by_static_and_linear_pieces() {
    // a linear piece next to a rational one has the identity pose (a
    // rational piece carries the pose): x = -16 t is at -4 at 1/4, and the
    // rational piece at 6: a jump
    let pieces = json!([
        { "until": "1/4", "motion": { "linear": { "velocity": ["-16", "0", "0"] } } },
        { "motion": { "rational": { "quaternion": ["1", "0", "0", "0"],
                                    "translation": ["6", "0", "0"] } } }
    ]);
    rejects(&piecewise_b(pieces), "b.motion.piecewise.pieces[1]", None);
    // with linear pieces only, the pose is allowed and used: x = 10 - 16 t
    // on both pieces, the faces meet when x = 2, at t = 1/2 (second piece)
    let body = |second: Value| {
        with(|v| {
            v["b"] = json!({
                "shape": { "box": { "half_extents": ["1", "1", "1"] } },
                "pose": { "translation": ["10", "0", "0"] },
                "motion": { "piecewise": { "pieces": [
                    { "until": "1/4", "motion": { "linear": { "velocity": ["-16", "0", "0"] } } },
                    { "motion": second }
                ] } }
            });
        })
    };
    let out = solve_text(
        &body(json!({ "linear": { "velocity": ["-16", "0", "0"] } })),
        &[],
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    let v: Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(v["time"]["exact"], "1/2");
    // a static second piece sits at the pose, x = 10, where the first ends
    // at x = 6: a jump
    rejects(&body(json!("static")), "b.motion.piecewise.pieces[1]", None);
}

#[test]
fn a_piece_denominator_is_checked_on_its_own_sub_interval() {
    // d(t) = t - 3/4: root-free on [0, 1/2], so x = T/d = 1 there; the
    // second piece x = 2t matches it at 1/2
    let first = json!({ "until": "1/2", "motion": { "rational": {
        "quaternion": ["1", "0", "0", "0"],
        "translation": [["-3/4", "1"], "0", "0"],
        "denominator": ["-3/4", "1"] } } });
    let text = piecewise_b(json!([
        first,
        { "motion": { "linear": { "velocity": ["2", "0", "0"] } } }
    ]));
    accepts(&text, &[]);
    // the same denominator on [1/2, 1] vanishes at 3/4
    let line = rejects(
        &piecewise_b(json!([
            { "until": "1/2", "motion": { "linear": { "velocity": ["2", "0", "0"] } } },
            { "motion": first["motion"] }
        ])),
        "b.motion.piecewise.pieces[1].motion.rational.denominator",
        None,
    );
    assert!(line.contains("vanishes at t = 3/4"), "{line}");
    assert!(line.contains("[1/2, 1]"), "{line}");
}

#[test]
fn the_writer_round_trips_piecewise_motions_exactly() {
    let dir = TempDir::new();
    let example = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("examples/scenarios/piecewise-translate-turn.json"),
    )
    .unwrap();
    for text in [example, piecewise_b(good_pieces())] {
        let s = parse_scenario(&text, None, &LoadOptions::default()).unwrap();
        let written = write_scenario(&s);
        let back = parse_scenario(&written, None, &LoadOptions::default()).unwrap();
        assert_eq!(back, s, "{written}");
        assert!(written.contains("\"piecewise\""), "{written}");
        // and the written file is accepted by the command line
        let file = dir.write("written.json", &written);
        let out = run(&["solve", file.to_str().unwrap()]);
        assert_eq!(out.status, 0, "{}", out.stderr);
    }
}
