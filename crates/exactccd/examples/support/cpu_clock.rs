//! The thread's CPU clock for the profiling examples (the machine is
//! shared: wall time is not ours), and per-call readings of it.

use std::time::Duration;

/// The thread's CPU time so far.
pub fn cpu_now() -> Duration {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
    Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}

/// Nanoseconds per call of `f`, one reading of `reps` calls.
pub fn per_call(reps: u32, mut f: impl FnMut()) -> f64 {
    let start = cpu_now();
    for _ in 0..reps {
        f();
    }
    (cpu_now() - start).as_nanos() as f64 / f64::from(reps)
}
