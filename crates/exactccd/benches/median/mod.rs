//! The median of per-scenario times, as the speed targets are stated, in
//! criterion's `iter_custom`.

use std::time::{Duration, Instant};

/// `iters` rounds of `solve` on every scenario of `set`, each timed alone:
/// the sum over the rounds of each round's median.
pub fn median_per_scenario<T>(set: &[T], iters: u64, solve: impl Fn(&T)) -> Duration {
    let mut total = Duration::ZERO;
    let mut times = Vec::with_capacity(set.len());
    for _ in 0..iters {
        times.clear();
        for s in set {
            let start = Instant::now();
            solve(s);
            times.push(start.elapsed());
        }
        times.sort_unstable();
        total += times[times.len() / 2];
    }
    total
}
