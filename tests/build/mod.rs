//! The builder (`exactccd::build`): every shape and motion of the format,
//! the loader's errors, and the engine read-back against hand-derived
//! values; the fuzz inputs' `Debug` is a scenario file that loads.

use arbitrary::{Arbitrary, Unstructured};
use exactccd::build::{
    engine_bodies, BodySpec, EngineShape, MotionSpec, Num, PoseSpec, ScenarioBuilder,
};
use exactccd::fuzz::{BoxPairIn, ScenarioIn};
use exactccd::motion::Motion;
use exactccd::scenario::{parse_scenario, LoadOptions};
use std::f64::consts::PI;

fn unit() -> BodySpec {
    BodySpec::cuboid([1, 1, 1])
}

fn close(a: [f64; 3], b: [f64; 3]) -> bool {
    a.iter().zip(b).all(|(x, y)| (x - y).abs() < 1e-12)
}

#[test]
fn every_shape_and_motion_builds_and_reads_back_as_written() {
    let tetra = BodySpec::mesh(
        vec![[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]],
        vec![vec![0, 2, 1], vec![0, 1, 3], vec![0, 3, 2], vec![1, 2, 3]],
    );
    let tri = BodySpec::triangle([["0", "0", "0"], ["1", "0", "0"], ["0", "1/3", "0"]]);
    let p = |c: i64| vec![Num::from(c)];
    let motions = [
        MotionSpec::Static,
        MotionSpec::Linear {
            velocity: [1, 2, 3].map(Num::from),
        },
        MotionSpec::Rational {
            quaternion: [p(1), vec![Num::from(0), Num::from(1)], p(0), p(0)],
            translation: [
                p(0),
                p(1),
                vec![Num::from("1/2"), Num::from(0), Num::from(1)],
            ],
            denominator: Some(p(2)),
        },
        MotionSpec::Screw {
            axis_point: Some([0, 1, 0].map(Num::from)),
            axis_direction: [0, 0, 2].map(Num::from),
            angle: Num::from("3.14"),
            slide: Some(Num::from(1)),
        },
        MotionSpec::Poses {
            end: PoseSpec::at([5, 0, 0]).quaternion([1, 1, 0, 0]),
        },
        MotionSpec::Angular {
            velocity: [0, 0, 1].map(Num::from),
            angular_velocity: [1, 0, 0].map(Num::from),
            center: None,
        },
        MotionSpec::Piecewise(vec![
            (Some(Num::from("1/2")), MotionSpec::Static),
            (
                None,
                MotionSpec::Linear {
                    velocity: [0, 0, 0].map(Num::from),
                },
            ),
        ]),
    ];
    for (k, motion) in motions.into_iter().enumerate() {
        let carries = matches!(motion, MotionSpec::Rational { .. });
        let mut b = tri.clone().motion(motion);
        if !carries {
            b = b.at([4, 0, 0]).quaternion([1, 0, 0, 1]);
        }
        let builder = ScenarioBuilder::new(tetra.clone(), b).name(format!("m{k}"));
        let s = builder
            .build()
            .unwrap_or_else(|e| panic!("{k}: {e}\n{builder}"));
        // the builder's file and the loader agree
        let again = parse_scenario(&builder.to_string(), None, &LoadOptions::default()).unwrap();
        assert_eq!(s, again);
        assert_eq!(s.name.as_deref(), Some(format!("m{k}").as_str()));
    }
}

#[test]
fn the_builder_reports_the_loaders_errors() {
    let cases: [(ScenarioBuilder, &str); 4] = [
        (
            ScenarioBuilder::new(unit(), unit()).interval(1, 1),
            "interval: must be [t0, t1] with t0 < t1",
        ),
        (
            ScenarioBuilder::new(unit(), BodySpec::cuboid([1.0, f64::NAN, 1.0])),
            "b.shape.box.half_extents[1]",
        ),
        (
            ScenarioBuilder::new(unit(), unit().quaternion([0, 0, 0, 0])),
            "b.pose.quaternion: must not be zero",
        ),
        (
            ScenarioBuilder::new(
                BodySpec::triangle([[0, 0, 0], [1, 1, 1], [2, 2, 2]]),
                unit(),
            ),
            "a.shape.triangle: is degenerate",
        ),
    ];
    for (builder, start) in cases {
        let built = builder.build().unwrap_err().to_string();
        let loaded = parse_scenario(&builder.to_string(), None, &LoadOptions::default())
            .unwrap_err()
            .to_string();
        assert_eq!(built, loaded);
        assert!(built.starts_with(start), "{built}");
    }
}

#[test]
fn numbers_from_f64_are_exact() {
    assert_eq!(
        Num::from(0.1).as_str(),
        "3602879701896397/36028797018963968"
    );
    assert_eq!(Num::from(-1.5).as_str(), "-3/2");
    let s = ScenarioBuilder::new(BodySpec::cuboid([0.1, 0.5, 2.0]), unit())
        .build()
        .unwrap();
    let [a, _] = engine_bodies(&s).unwrap();
    assert_eq!(
        a.shape(),
        EngineShape::Box {
            half_extents: [0.1, 0.5, 2.0]
        }
    );
}

#[test]
fn read_back_poses_and_twists_match_hand_derived_values() {
    // b: a quarter turn about z (quaternion (1,0,0,1)), at (3,0,0), moving
    // by (-1, 0, 0) and spinning at pi/2 about z, over [1, 3]
    let s = ScenarioBuilder::new(
        unit(),
        unit()
            .at([3, 0, 0])
            .quaternion([1, 0, 0, 1])
            .angular([-1.0, 0.0, 0.0], [0.0, 0.0, PI / 2.0]),
    )
    .interval(1, 3)
    .build()
    .unwrap();
    let [_, b] = engine_bodies(&s).unwrap();
    let start = b.pose_at(1.0);
    // at t = 1: the centre at 3 - 1 = 2, turned by a quarter plus pi/2
    assert!(close(start.translation, [2.0, 0.0, 0.0]));
    assert!(close(start.rotation[0], [-1.0, 0.0, 0.0]));
    let h = 0.5f64.sqrt();
    assert!(
        close(
            [start.quaternion[0], start.quaternion[3], 0.0],
            [0.0, 1.0, 0.0]
        ),
        "{start:?}"
    );
    let twist = b.twist().unwrap();
    assert!(close(twist.start.translation, [2.0, 0.0, 0.0]));
    assert_eq!(twist.linvel, [-1.0, 0.0, 0.0]);
    assert_eq!(twist.angvel, [0.0, 0.0, PI / 2.0]);
    // at t = 2: one more quarter turn (a half turn from the quaternion's)
    let p = b.pose_at(2.0);
    assert!(close(p.translation, [1.0, 0.0, 0.0]));
    assert!(close(p.rotation[0], [0.0, 1.0, 0.0]), "{p:?}");
    assert!(
        close([p.quaternion[0], p.quaternion[3], 0.0], [h, -h, 0.0])
            || close([p.quaternion[0], p.quaternion[3], 0.0], [h, h, 0.0])
    );
    let (v, w) = b.velocities_at(2.0).unwrap();
    assert_eq!(v, [-1.0, 0.0, 0.0]);
    assert_eq!(w, twist.angvel);
}

#[test]
fn a_screw_twist_turns_about_its_axis_and_slides_along_it() {
    // b at (2, 0, 0) turns about the z axis through (1, 0, 0) at pi per unit
    // time and slides 3 per unit time along z
    let screw = MotionSpec::Screw {
        axis_point: Some([1, 0, 0].map(Num::from)),
        axis_direction: [0, 0, 5].map(Num::from),
        angle: Num::from(PI),
        slide: Some(Num::from(3)),
    };
    let s = ScenarioBuilder::new(unit(), unit().at([2, 0, 0]).motion(screw))
        .build()
        .unwrap();
    let [_, b] = engine_bodies(&s).unwrap();
    let twist = b.twist().unwrap();
    assert!(close(twist.local_center, [-1.0, 0.0, 0.0]));
    assert!(close(twist.linvel, [0.0, 0.0, 3.0]));
    assert!(close(twist.angvel, [0.0, 0.0, PI]));
    // after half a unit: a quarter turn about (1,0,0), up 1.5
    assert!(close(b.pose_at(0.5).translation, [1.0, 1.0, 1.5]));
    let (v, _) = b.velocities_at(0.0).unwrap();
    assert!(close(v, [0.0, PI, 3.0]), "{v:?}");
    assert!(matches!(s.b().motion, Motion::Screw { .. }));
}

#[test]
fn fuzz_inputs_print_scenario_files() {
    let bytes: Vec<u8> = (0..=255u8)
        .cycle()
        .take(4096)
        .map(|b| b.wrapping_mul(37))
        .collect();
    for start in 0..64 {
        let mut u = Unstructured::new(&bytes[start * 8..]);
        let pair = BoxPairIn::arbitrary(&mut u).unwrap();
        let s = parse_scenario(&format!("{pair:?}"), None, &LoadOptions::default());
        assert!(s.is_ok(), "{pair:?}: {:?}", s.err());
        let any = ScenarioIn::arbitrary(&mut u).unwrap();
        let text = format!("{any:?}");
        assert!(
            serde_json::from_str::<serde_json::Value>(&text).is_ok(),
            "{text}"
        );
    }
}
