//! Every exact SAT answer on generated scenarios is certified by the
//! independent referee, and agrees with the scenario's expectation when the
//! generator knows the truth.

use exactccd::contact::{solve, Method, ScalarKind, SolveOptions, Time};
use exactccd::generate::{generate, ScenarioClass};
use exactccd::referee::referee;
use exactccd_oracle::Verdict;

#[test]
fn exact_sat_answers_are_certified() {
    let mut certified = 0;
    for class in ScenarioClass::RANDOM
        .into_iter()
        .chain(ScenarioClass::DEGENERATE)
    {
        let n = match class {
            ScenarioClass::RationalRotation(d) if d > 2 => 2,
            ScenarioClass::RationalRotation(_) => 4,
            _ => 10,
        };
        for index in 0..n {
            let s = generate(11, index, class);
            let q = s.query();
            let r = solve(&q, Method::Sat, ScalarKind::Exact, &SolveOptions::default())
                .unwrap_or_else(|e| panic!("{class} #{index}: {e}"));
            let v = referee(&q, &r);
            assert_eq!(
                v,
                Verdict::Certified,
                "{class} #{index}:\n{}",
                exactccd::scenario::write_scenario(&s)
            );
            certified += 1;
            if let Some(e) = &s.expect {
                assert_eq!(Some(r.collides), e.collides, "{class} #{index}");
                if let (Some(t), Some(Time::Exact(got))) = (&e.time, &r.time) {
                    assert_eq!(got.as_rational(), Some(t), "{class} #{index}");
                }
            }
        }
    }
    assert!(certified > 70);
}
