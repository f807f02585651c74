//! Times the steps of `exactccd check`'s truth on generated `linear`
//! box pairs: loading, the lean translation path, the SGM and SAT exact
//! solves, the referee (thread CPU time per query).
//!
//! `cargo run --release -p exactccd --example check_profile -- 1000`
use exactccd::contact::{solve, solve_box_translation, Method, ScalarKind, SolveOptions};
use exactccd::generate::{generate, ScenarioClass};
use exactccd::referee::referee;
use exactccd::scenario::{parse_scenario, write_scenario, LoadOptions};
use std::time::Duration;

/// The thread's CPU time (the machine is shared: wall time is not ours).
struct Instant(Duration);

impl Instant {
    fn now() -> Self {
        let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
        Instant(Duration::new(t.tv_sec as u64, t.tv_nsec as u32))
    }
    fn elapsed(&self) -> Duration {
        Instant::now().0 - self.0
    }
}

fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1000);
    let texts: Vec<String> = (0..n)
        .map(|i| write_scenario(&generate(1, i, ScenarioClass::Linear)))
        .collect();
    let opts = LoadOptions::for_scalar(ScalarKind::Exact);
    let t = Instant::now();
    let scenarios: Vec<_> = texts
        .iter()
        .map(|s| parse_scenario(s, None, &opts).unwrap())
        .collect();
    println!("load: {:?}/query", t.elapsed() / n as u32);
    let t = Instant::now();
    let lean: Vec<_> = scenarios
        .iter()
        .map(|s| solve_box_translation(&s.query().bodies().unwrap()))
        .collect();
    println!("translation solve: {:?}/query", t.elapsed() / n as u32);
    let t = Instant::now();
    let certified = scenarios
        .iter()
        .zip(&lean)
        .filter(|(s, r)| {
            r.as_ref()
                .is_some_and(|r| referee(&s.query(), r) == exactccd::Verdict::Certified)
        })
        .count();
    println!(
        "translation referee: {:?}/query, {certified} certified",
        t.elapsed() / n as u32
    );
    let t = Instant::now();
    for s in &scenarios {
        let _ = exactccd::claims::certified_truth(s);
    }
    println!("certified_truth: {:?}/query", t.elapsed() / n as u32);
    for method in [Method::Sgm, Method::Sat] {
        let t = Instant::now();
        let results: Vec<_> = scenarios
            .iter()
            .map(|s| {
                solve(
                    &s.query(),
                    method,
                    ScalarKind::Exact,
                    &SolveOptions::default(),
                )
                .unwrap()
            })
            .collect();
        println!("{method} solve: {:?}/query", t.elapsed() / n as u32);
        let differ = results
            .iter()
            .zip(&lean)
            .filter(|(r, l)| {
                l.as_ref()
                    .is_none_or(|l| l.collides != r.collides || l.time != r.time)
            })
            .count();
        println!("{method}: {differ} answers differ from the translation path");
        let t = Instant::now();
        let certified = scenarios
            .iter()
            .zip(&results)
            .filter(|(s, r)| referee(&s.query(), r) == exactccd::Verdict::Certified)
            .count();
        println!(
            "{method} referee: {:?}/query, {certified} certified",
            t.elapsed() / n as u32
        );
    }
}
