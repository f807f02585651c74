//! parry3d-f64 (`query::cast_shapes` on cuboids) judged by `check_claim` on
//! generated box scenarios with constant velocities, random and degenerate.
//! The verdict counts are snapshotted: a change in parry's behaviour (or in
//! ours) shows up in `cargo insta review`.

use exactccd::claims::{check_claim, Claim, ClaimVerdict};
use exactccd::generate::{generate, ScenarioClass};
use exactccd::geom::Shape;
use exactccd::motion::{Body, Motion};
use exactccd::scalar::Scalar;
use parry3d_f64::math::{Matrix, Pose, Rotation, Vector};
use parry3d_f64::query::{cast_shapes, ShapeCastOptions};
use parry3d_f64::shape::Cuboid;
use std::collections::BTreeMap;

fn parry_body(b: &Body) -> (Pose, Vector, Cuboid) {
    let Shape::Box(bx) = &b.shape else {
        panic!("boxes only")
    };
    let r = &b.pose.rotation.rows;
    let col = |j: usize| Vector::new(r[0][j].to_f64(), r[1][j].to_f64(), r[2][j].to_f64());
    let rot = Rotation::from_mat3(&Matrix::from_cols(col(0), col(1), col(2)));
    let c = &b.pose.translation;
    let pose = Pose::from_parts(Vector::new(c.x.to_f64(), c.y.to_f64(), c.z.to_f64()), rot);
    let velocity = match &b.motion {
        Motion::Static => Vector::ZERO,
        Motion::Linear { velocity: v } => Vector::new(v.x.to_f64(), v.y.to_f64(), v.z.to_f64()),
        other => panic!("not a constant velocity: {other:?}"),
    };
    let h = &bx.half_extents;
    (
        pose,
        velocity,
        Cuboid::new(Vector::new(h[0].to_f64(), h[1].to_f64(), h[2].to_f64())),
    )
}

fn parry_claim(a: &Body, b: &Body) -> Claim {
    let (pa, va, ca) = parry_body(a);
    let (pb, vb, cb) = parry_body(b);
    match cast_shapes(
        &pa,
        va,
        &ca,
        &pb,
        vb,
        &cb,
        ShapeCastOptions::with_max_time_of_impact(1.0),
    ) {
        Ok(Some(hit)) => Claim::Float {
            collides: true,
            time: Some(hit.time_of_impact),
        },
        Ok(None) => Claim::Float {
            collides: false,
            time: None,
        },
        Err(e) => Claim::Failed(format!("{e:?}")),
    }
}

#[test]
fn parry_verdict_counts() {
    let classes = [
        ScenarioClass::Linear,
        ScenarioClass::AxisAligned,
        ScenarioClass::ParallelEdges,
        ScenarioClass::FlushSliding,
        ScenarioClass::ContactAtStart,
        ScenarioClass::ContactAtEnd,
    ];
    let mut counts: BTreeMap<String, BTreeMap<String, usize>> = BTreeMap::new();
    for class in classes {
        for index in 0..20 {
            let s = generate(2026, index, class);
            let verdict = check_claim(&s, &parry_claim(s.a(), s.b()), 1e-9);
            let name = match verdict {
                ClaimVerdict::Float { class, .. } => class.name().to_owned(),
                other => panic!("{class} #{index}: {other:?}"),
            };
            *counts
                .entry(class.name())
                .or_default()
                .entry(name)
                .or_default() += 1;
        }
    }
    insta::with_settings!({
        prepend_module_to_snapshot => false,
        snapshot_path => "../snapshots",
    }, {
        insta::assert_yaml_snapshot!("parry_verdicts__parry_verdict_counts", counts);
    });
}
