//! A profiling loop for exact SAT on generated scenarios (not a benchmark:
//! run it under `perf record`; the timings it prints are indicative only).
//! `cargo run --example profile_sat_exact -- [CASES] [CLASS...]`, classes as
//! in `exactccd campaign --class` (default: the random classes).
use exactccd::contact::{solve, Method, ScalarKind, SolveOptions};
use exactccd::generate::{generate, ScenarioClass};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let cases: u64 = args.first().and_then(|s| s.parse().ok()).unwrap_or(20);
    let classes: Vec<ScenarioClass> = if args.len() > 1 {
        args[1..]
            .iter()
            .map(|n| n.parse::<ScenarioClass>().expect("a class name"))
            .collect()
    } else {
        ScenarioClass::RANDOM.to_vec()
    };
    let options = SolveOptions::default();
    for class in classes {
        let start = std::time::Instant::now();
        let mut hits = 0;
        for i in 0..cases {
            let s = generate(1, i, class);
            let r = solve(&s.query(), Method::Sat, ScalarKind::Exact, &options);
            if matches!(&r, Ok(r) if r.collides) {
                hits += 1;
            }
        }
        println!(
            "{}: {cases} cases, {hits} hit, {:.1} ms per case",
            class.name(),
            start.elapsed().as_secs_f64() * 1e3 / cases as f64
        );
    }
}
