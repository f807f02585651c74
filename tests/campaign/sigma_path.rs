//! Differential rule 6 (`docs/DESIGN.md`): for pure rotations,
//! glide's exact first parameter `σ*` equals the first contact "time" of
//! exact SAT and exact SGM on the same path written as a `row_matrix`
//! motion in `σ`, and those answers are certified by the referee.

use exactccd::campaign::{evaluate, sigma_path_scenario, RunOutcome};
use exactccd::contact::{Method, SolveOptions, Time};
use exactccd::generate::{generate, ScenarioClass};
use exactccd_oracle::Verdict;

#[test]
fn glide_agrees_exactly_in_sigma_with_sat_and_sgm_on_the_sigma_path() {
    let options = SolveOptions::default();
    let (mut colliding, mut separate) = (0, 0);
    for index in 0..16 {
        let s = generate(2026, index, ScenarioClass::Rotation);
        assert!(
            sigma_path_scenario(&s).is_some(),
            "#{index} is a pure rotation"
        );
        let e = evaluate(Some(&s), None, &options);
        assert!(e.findings.is_empty(), "#{index}: {:?}", e.findings);
        // the rule ran: SAT and SGM on the σ-path, both answered and certified
        let methods: Vec<Method> = e.sigma_path.iter().map(|r| r.method).collect();
        assert_eq!(methods, [Method::Sat, Method::Sgm], "#{index}");
        for r in &e.sigma_path {
            assert!(matches!(r.outcome, RunOutcome::Answered(_)), "#{index}");
            assert_eq!(
                r.verdict,
                Some(Verdict::Certified),
                "#{index} {}",
                r.label()
            );
        }
        let sat = e.sigma_path[0].answer().expect("answered");
        if sat.collides {
            colliding += 1;
            // the parameter lies in the σ-path's interval [0, σ_end]
            let Some(Time::Exact(sigma)) = &sat.time else {
                panic!("#{index}: an exact time in σ")
            };
            let path = sigma_path_scenario(&s).unwrap();
            assert!(sigma.cmp_rational(&path.interval.0).is_ge());
            assert!(sigma.cmp_rational(&path.interval.1).is_le());
        } else {
            separate += 1;
        }
    }
    // the class exercises both outcomes
    assert!(
        colliding >= 3 && separate >= 3,
        "{colliding} colliding, {separate} separate"
    );
}

#[test]
fn the_rule_does_not_apply_to_rational_motions() {
    let options = SolveOptions::default();
    let s = generate(2026, 0, ScenarioClass::RationalRotation(1));
    let e = evaluate(Some(&s), None, &options);
    assert!(e.sigma_path.is_empty());
}

/// Loading a pure rotation for the `f64` path rounds its poses, leaving a
/// slide at rounding level: glide's `f64` path solves it as the rotation it
/// stands for (it used to refuse it as a general screw) and agrees with the
/// exact answer.
#[test]
fn glide_f64_solves_pure_rotations_whose_poses_were_rounded() {
    use exactccd::contact::{solve, ScalarKind};
    use exactccd::scenario::{parse_scenario, write_scenario, LoadOptions};
    let options = SolveOptions::default();
    let mut agreeing = 0;
    for index in 0..24 {
        let s = generate(7, index, ScenarioClass::Rotation);
        let float = parse_scenario(
            &write_scenario(&s),
            None,
            &LoadOptions::for_scalar(ScalarKind::F64),
        )
        .expect("loads for f64");
        let exact = solve(&s.query(), Method::Glide, ScalarKind::Exact, &options).expect("exact");
        let approx = solve(&float.query(), Method::Glide, ScalarKind::F64, &options)
            .unwrap_or_else(|e| panic!("#{index}: glide f64 refused: {e}"));
        assert_eq!(approx.collides, exact.collides, "#{index}");
        if let (Some(Time::Enclosure { lower, upper }), Some(Time::Float(t))) =
            (&exact.time, &approx.time)
        {
            let lo = exactccd::scalar::rational_to_f64(lower);
            let hi = exactccd::scalar::rational_to_f64(upper);
            assert!(
                *t >= lo - 1e-9 && *t <= hi + 1e-9,
                "#{index}: {t} outside [{lo}, {hi}]"
            );
            agreeing += 1;
        }
    }
    assert!(agreeing >= 3, "only {agreeing} colliding cases compared");
}

/// Rule 7: a spin about `b`'s centre (contract `screw`) and its `angular`
/// twin are the same motion; SAT's ODE stepping on the twin agrees with
/// glide's certified answer within one step (the stated error) on every
/// generated spin, colliding or not.
#[test]
fn sat_stepping_on_the_angular_twin_agrees_with_glide_within_one_step() {
    use exactccd::campaign::angular_equivalent;
    use exactccd_oracle::FloatClass;
    let options = SolveOptions::default();
    let mut colliding = 0;
    for index in 0..16 {
        let s = generate(2026, index, ScenarioClass::Spin);
        assert!(angular_equivalent(&s).is_some());
        let e = evaluate(Some(&s), None, &options);
        assert!(e.findings.is_empty(), "#{index}: {:?}", e.findings);
        assert_eq!(e.angular_twin.len(), 1, "#{index}: the rule ran");
        let twin = &e.angular_twin[0];
        assert_eq!(
            twin.class,
            Some(FloatClass::Agrees),
            "#{index}: {:?}",
            twin.class
        );
        if twin.answer().is_some_and(|a| a.collides) {
            colliding += 1;
        }
    }
    assert!(colliding >= 3, "{colliding} colliding");
}
