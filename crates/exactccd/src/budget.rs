//! The work budget of a solve: a limit on the CPU time of the solving
//! thread, after which an exact computation stops with a "resource limit
//! exceeded" [`Error`] that says what it was doing and what it had
//! established, instead of running for hours.
//!
//! How it works:
//!
//! * [`with_budget`] runs a closure under a budget on the current thread
//!   (the front door [`contact::solve`](crate::contact::solve) opens one for
//!   [`SolveOptions::budget`](crate::contact::SolveOptions::budget)).
//!   Campaigns solve scenarios in parallel, one scenario per thread, so the
//!   budget is kept per thread and measured on the thread's own CPU clock
//!   (`CLOCK_THREAD_CPUTIME_ID` on Linux; elsewhere the thread's wall
//!   clock, an upper bound of its CPU time).
//! * The hot loops of exact arithmetic (polynomial products, remainder
//!   sequences, root isolation and refinement, the solvers' outer loops)
//!   call [`tick`]: a counter, and now and then a reading of the clock.
//!   Reading the CPU clock costs a system call (about half a microsecond,
//!   a tenth of a whole `f64` solve), so it is read only every `k` ticks,
//!   with `k` doubled while readings come less than a millisecond apart and
//!   halved when they come more than ten milliseconds apart; and not at all
//!   in a scope's first millisecond: a thread's CPU time grows no faster
//!   than the wall clock, which is read without a system call, so until
//!   the wall clock shows a millisecond (or the budget, when smaller) since
//!   the scope began, the budget cannot be spent. The first CPU reading
//!   then dates the scope's start back by the whole wall time elapsed
//!   (never later than it was: the budget is counted in full). The check
//!   costs nothing measurable and notices an exhausted budget within about
//!   ten milliseconds plus one tick's work.
//! * A tick that finds the budget spent marks it *exhausted* (for the rest
//!   of the scope). Functions that can fail ask [`check`] and return the
//!   error; functions that cannot (a gcd, a product, a comparison inside a
//!   sort) never cut their work short, so every value computed is still
//!   right: they only tick, and the next [`check`] of their caller stops the
//!   solve. Nothing panics and nothing unwinds.
//! * What was being done is a thread-local [`Activity`] set by
//!   [`doing`] (a guard that restores the previous one); what was
//!   established is the latest time before which a solver has ruled
//!   contact out ([`established_no_contact_before_with`]). When a closure under
//!   [`with_budget`] returns a "resource limit exceeded" error and the
//!   budget is exhausted, the error becomes one line: `work budget of 60 s
//!   exhausted while isolating roots of a degree-32 polynomial; no contact
//!   before t = 1/4 established`. An answer the closure returns is kept even
//!   when the budget ran out during its last steps: it was computed in
//!   full.
#![deny(clippy::float_arithmetic)]

use crate::error::Error;
use num_rational::BigRational;
use std::cell::{Cell, RefCell};
use std::fmt;
use std::time::{Duration, Instant};

/// A limit on the CPU time of one solve (module documentation), or none.
///
/// ```
/// use exactccd::WorkBudget;
/// use std::time::Duration;
/// assert_eq!(WorkBudget::default(), WorkBudget::cpu(Duration::from_secs(60)));
/// assert_eq!(WorkBudget::cpu(Duration::from_millis(1500)).to_string(), "1.5 s");
/// assert_eq!(WorkBudget::UNLIMITED.limit(), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WorkBudget {
    limit: Option<Duration>,
}

/// The default budget of a solve: 60 s of CPU time.
pub const DEFAULT_BUDGET_SECONDS: u64 = 60;

impl WorkBudget {
    /// No limit.
    pub const UNLIMITED: WorkBudget = WorkBudget { limit: None };

    /// At most `limit` of the solving thread's CPU time.
    pub const fn cpu(limit: Duration) -> Self {
        WorkBudget { limit: Some(limit) }
    }

    /// The limit, `None` when unlimited.
    pub const fn limit(&self) -> Option<Duration> {
        self.limit
    }
}

impl Default for WorkBudget {
    /// [`DEFAULT_BUDGET_SECONDS`] of CPU time.
    fn default() -> Self {
        WorkBudget::cpu(Duration::from_secs(DEFAULT_BUDGET_SECONDS))
    }
}

impl fmt::Display for WorkBudget {
    /// `60 s`, `1.5 s`, `0.001 s`, or `unlimited`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some(limit) = self.limit else {
            return f.write_str("unlimited");
        };
        let (secs, nanos) = (limit.as_secs(), limit.subsec_nanos());
        if nanos == 0 {
            return write!(f, "{secs} s");
        }
        let fraction = format!("{nanos:09}");
        write!(f, "{secs}.{} s", fraction.trim_end_matches('0'))
    }
}

/// What an exact computation was doing, for the message of an exhausted
/// budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Activity {
    /// Nothing more precise is known.
    Solving,
    /// Expanding the polynomials of a rational motion.
    ExpandingMotion,
    /// Isolating the real roots of a polynomial of this degree.
    IsolatingRoots(usize),
    /// Comparing roots of polynomials of this degree.
    ComparingRoots(usize),
    /// Narrowing the isolating interval of a root of this degree.
    RefiningRoot(usize),
    /// Computing a polynomial gcd (square-free parts, common roots) of this
    /// degree.
    PolynomialGcd(usize),
    /// Finding and enclosing the events of a general screw (glide).
    GeneralScrewEvents,
}

impl fmt::Display for Activity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Activity::Solving => f.write_str("solving"),
            Activity::ExpandingMotion => f.write_str("expanding the motion's polynomials"),
            Activity::IsolatingRoots(d) => {
                write!(f, "isolating roots of a degree-{d} polynomial")
            }
            Activity::ComparingRoots(d) => {
                write!(f, "comparing roots of a degree-{d} polynomial")
            }
            Activity::RefiningRoot(d) => {
                write!(f, "narrowing a root of a degree-{d} polynomial")
            }
            Activity::PolynomialGcd(d) => write!(f, "computing the gcd of degree-{d} polynomials"),
            Activity::GeneralScrewEvents => {
                f.write_str("enclosing the contact events of a screw motion")
            }
        }
    }
}

/// Ticks between clock readings: the first, the fewest and the most.
const FIRST_STRIDE: u32 = 16;
const MIN_STRIDE: u32 = 1;
const MAX_STRIDE: u32 = 1 << 16;
/// Readings closer than this double the stride, further than
/// [`SLOW_READINGS_NS`] halve it.
const FAST_READINGS_NS: u64 = 1_000_000;
const SLOW_READINGS_NS: u64 = 10_000_000;

/// The wall time of a scope's start during which the CPU clock is not read
/// (module documentation).
const UNREAD_WALL_NS: u64 = 1_000_000;

/// The budget of the current thread's innermost scope.
#[derive(Clone, Copy, Debug)]
struct Meter {
    /// The budget of the scope (for the message): its own, or the outer
    /// one's when that ends first.
    budget: WorkBudget,
    /// The scope's own budget and limit in nanoseconds, until the CPU
    /// clock is first read (`None` after).
    unread: Option<(WorkBudget, u64)>,
    /// The wall clock at the scope's start.
    started: Instant,
    /// The CPU clock reading at which the budget is spent (the outer
    /// scope's, or none, until the first reading).
    deadline_ns: u64,
    /// The last clock reading.
    last_ns: u64,
    /// The ticks between readings.
    stride: u32,
    /// The budget is spent.
    exhausted: bool,
    /// What the thread was doing when the budget was found spent.
    spent_while: Activity,
}

thread_local! {
    static METER: Cell<Option<Meter>> = const { Cell::new(None) };
    /// The ticks left until [`tick`] next looks at the meter, and whether
    /// it is exhausted: the meter's hot parts, kept apart so that a tick
    /// does not copy it.
    static TICKS_LEFT: Cell<u32> = const { Cell::new(u32::MAX) };
    static EXHAUSTED: Cell<bool> = const { Cell::new(false) };
    static ACTIVITY: Cell<Activity> = const { Cell::new(Activity::Solving) };
    static ESTABLISHED: RefCell<Option<BigRational>> = const { RefCell::new(None) };
}

/// The current thread's CPU time, in nanoseconds.
#[cfg(target_os = "linux")]
fn thread_clock_ns() -> u64 {
    use rustix::time::{clock_gettime, ClockId};
    let t = clock_gettime(ClockId::ThreadCPUTime);
    let secs = u64::try_from(t.tv_sec).unwrap_or(0);
    let nanos = u64::try_from(t.tv_nsec).unwrap_or(0);
    secs.saturating_mul(1_000_000_000).saturating_add(nanos)
}

/// The time since the thread first asked, in nanoseconds: without a thread
/// CPU clock, the thread's wall clock (never less than its CPU time).
#[cfg(not(target_os = "linux"))]
fn thread_clock_ns() -> u64 {
    use std::time::Instant;
    thread_local! {
        static START: Instant = Instant::now();
    }
    START.with(|s| u64::try_from(s.elapsed().as_nanos()).unwrap_or(u64::MAX))
}

/// Restores the scope that was current when a [`with_budget`] began.
struct ScopeGuard {
    outer: Option<Meter>,
    activity: Activity,
    established: Option<BigRational>,
}

impl Drop for ScopeGuard {
    fn drop(&mut self) {
        METER.with(|m| {
            // an outer scope is charged for what the inner one spent
            let inner = m.get();
            let outer = self.outer.map(|mut o| {
                if let Some(i) = inner.filter(|i| i.exhausted && i.deadline_ns >= o.deadline_ns) {
                    if !o.exhausted {
                        o.exhausted = true;
                        o.spent_while = i.spent_while;
                    }
                }
                o
            });
            m.set(outer);
            publish(outer);
        });
        ACTIVITY.with(|a| a.set(self.activity));
        ESTABLISHED.with(|e| *e.borrow_mut() = self.established.take());
    }
}

/// Runs `f` under `budget` on the current thread (module documentation).
/// A scope inside another ends no later than the outer one. When `f`
/// returns a "resource limit exceeded" error and the budget is exhausted,
/// the error is replaced by the budget's one-line reason; an answer or any
/// other error is returned as it is.
///
/// ```
/// use exactccd::{with_budget, WorkBudget};
/// use std::time::Duration;
/// let answer = with_budget(WorkBudget::cpu(Duration::from_secs(5)), || Ok(6 * 7));
/// assert_eq!(answer, Ok(42));
/// ```
pub fn with_budget<R>(
    budget: WorkBudget,
    f: impl FnOnce() -> Result<R, Error>,
) -> Result<R, Error> {
    let mut guard = ScopeGuard {
        outer: METER.with(Cell::get),
        activity: ACTIVITY.with(|a| a.replace(Activity::Solving)),
        established: ESTABLISHED.with(|e| e.borrow_mut().take()),
    };
    // an outer scope is read now (its start dated back), so that this one
    // ends no later than it
    let outer = guard.outer.map(|mut o| {
        read_clock(&mut o);
        o
    });
    let meter = budget.limit.map(|limit| {
        let limit_ns = u64::try_from(limit.as_nanos()).unwrap_or(u64::MAX);
        let mut m = Meter {
            budget: outer.map_or(budget, |o| o.budget),
            unread: Some((budget, limit_ns)),
            started: Instant::now(),
            deadline_ns: outer.map_or(u64::MAX, |o| o.deadline_ns),
            last_ns: 0,
            stride: FIRST_STRIDE,
            exhausted: outer.is_some_and(|o| o.exhausted),
            spent_while: outer.map_or(Activity::Solving, |o| o.spent_while),
        };
        if outer.is_some() {
            read_clock(&mut m);
        }
        m
    });
    guard.outer = outer;
    // an unlimited scope inside a limited one keeps the outer limit
    METER.with(|m| m.set(meter.or(guard.outer)));
    publish(meter.or(guard.outer));
    let result = f();
    let spent = METER.with(Cell::get).filter(|m| m.exhausted);
    match (result, spent) {
        (Err(e), Some(m)) if e.is_limit_exceeded() => Err(exhausted_error(&m)),
        (result, _) => result,
    }
}

/// The one-line reason of an exhausted budget.
fn exhausted_error(m: &Meter) -> Error {
    let activity = m.spent_while;
    let established = ESTABLISHED.with(|e| {
        e.borrow().as_ref().map_or_else(
            || "no part of the time interval decided".to_owned(),
            |t| format!("no contact before t = {t} established"),
        )
    });
    Error::limit_exceeded(format!(
        "work budget of {} exhausted while {activity}; {established}",
        m.budget
    ))
}

/// Counts one step of work; now and then reads the thread's clock and
/// marks the budget exhausted when it is spent (module documentation).
/// Does nothing outside [`with_budget`].
#[inline]
pub(crate) fn tick() {
    let due = TICKS_LEFT.with(|left| match left.get() {
        0 | 1 => true,
        n => {
            left.set(n - 1);
            false
        }
    });
    if due {
        look_at_the_meter();
    }
}

/// The hot parts of the current meter (or of none) for [`tick`] and
/// [`is_exhausted`].
fn publish(meter: Option<Meter>) {
    TICKS_LEFT.with(|left| left.set(meter.map_or(u32::MAX, |m| m.stride)));
    EXHAUSTED.with(|e| e.set(meter.is_some_and(|m| m.exhausted)));
}

/// Every `stride` ticks: the clock reading of [`tick`].
#[cold]
fn look_at_the_meter() {
    METER.with(|cell| {
        let Some(mut m) = cell.get() else {
            publish(None);
            return;
        };
        if m.exhausted {
            publish(Some(m));
            return;
        }
        if let Some((_, limit)) = m.unread {
            // the CPU time since the start is at most the wall time
            let wall = u64::try_from(m.started.elapsed().as_nanos()).unwrap_or(u64::MAX);
            if wall >= UNREAD_WALL_NS.min(limit) {
                read_clock(&mut m);
            }
            cell.set(Some(m));
            publish(Some(m));
            return;
        }
        let now = thread_clock_ns();
        let gap = now.saturating_sub(m.last_ns);
        if gap < FAST_READINGS_NS {
            m.stride = (m.stride * 2).min(MAX_STRIDE);
        } else if gap > SLOW_READINGS_NS {
            m.stride = (m.stride / 2).max(MIN_STRIDE);
        }
        m.last_ns = now;
        if now >= m.deadline_ns {
            m.exhausted = true;
            m.spent_while = ACTIVITY.with(Cell::get);
        }
        cell.set(Some(m));
        publish(Some(m));
    });
}

/// The first reading of the CPU clock in a scope: its start dated back by
/// the wall time since (module documentation), its own deadline taken when
/// it ends before the outer one's. Nothing for a scope already read.
fn read_clock(m: &mut Meter) {
    let Some((own, limit)) = m.unread.take() else {
        return;
    };
    let now = thread_clock_ns();
    let wall = u64::try_from(m.started.elapsed().as_nanos()).unwrap_or(u64::MAX);
    let deadline = now.saturating_sub(wall).saturating_add(limit);
    if deadline < m.deadline_ns {
        m.budget = own;
        m.deadline_ns = deadline;
    }
    m.last_ns = now;
    if now >= m.deadline_ns && !m.exhausted {
        m.exhausted = true;
        m.spent_while = ACTIVITY.with(Cell::get);
    }
}

/// The budget is spent: the caller stops with the error (its message is
/// replaced by the budget's reason at the end of [`with_budget`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Exhausted;

impl fmt::Display for Exhausted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the work budget is exhausted")
    }
}

impl From<Exhausted> for Error {
    fn from(_: Exhausted) -> Error {
        Error::limit_exceeded("the work budget is exhausted")
    }
}

/// [`tick`], then an error when the budget is exhausted.
#[inline]
pub(crate) fn check() -> Result<(), Exhausted> {
    tick();
    if is_exhausted() {
        Err(Exhausted)
    } else {
        Ok(())
    }
}

/// True when the current scope's budget is spent.
pub(crate) fn is_exhausted() -> bool {
    EXHAUSTED.with(Cell::get)
}

/// Restores the previous [`Activity`] when dropped.
pub(crate) struct ActivityGuard {
    previous: Activity,
}

impl Drop for ActivityGuard {
    fn drop(&mut self) {
        ACTIVITY.with(|a| a.set(self.previous));
    }
}

/// Names what the thread does until the guard is dropped.
#[must_use = "the activity lasts as long as the guard"]
pub(crate) fn doing(activity: Activity) -> ActivityGuard {
    ActivityGuard {
        previous: ACTIVITY.with(|a| a.replace(activity)),
    }
}

/// Records that contact is ruled out on `[t0, t)`: the message of an
/// exhausted budget says so. Later calls replace earlier ones (solvers
/// call it as their decided prefix of the interval grows). The time is
/// computed only inside a [`with_budget`] (`None`: nothing to record).
pub(crate) fn established_no_contact_before_with(t: impl FnOnce() -> Option<BigRational>) {
    if METER.with(Cell::get).is_some() {
        if let Some(t) = t() {
            ESTABLISHED.with(|e| *e.borrow_mut() = Some(t));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spin_until_exhausted() -> Result<u64, Error> {
        loop {
            check()?;
        }
    }

    #[test]
    fn a_spent_budget_stops_a_loop_with_its_reason() {
        let _doing = doing(Activity::Solving);
        let e = with_budget(WorkBudget::cpu(Duration::from_millis(20)), || {
            let _d = doing(Activity::IsolatingRoots(32));
            established_no_contact_before_with(|| Some(BigRational::new(1.into(), 4.into())));
            spin_until_exhausted()
        })
        .unwrap_err();
        assert!(e.is_limit_exceeded());
        assert_eq!(
            e.reason(),
            "work budget of 0.02 s exhausted while isolating roots of a degree-32 polynomial; no contact before t = 1/4 established"
        );
        // the scope is closed: nothing is metered, nothing is left behind
        assert!(!is_exhausted());
        assert!(METER.with(Cell::get).is_none());
        assert!(ESTABLISHED.with(|e| e.borrow().is_none()));
    }

    #[test]
    fn without_progress_the_message_says_nothing_was_decided() {
        let e = with_budget(WorkBudget::cpu(Duration::ZERO), spin_until_exhausted).unwrap_err();
        assert_eq!(
            e.reason(),
            "work budget of 0 s exhausted while solving; no part of the time interval decided"
        );
    }

    #[test]
    fn answers_and_other_errors_pass_unchanged() {
        let ok = with_budget(WorkBudget::cpu(Duration::ZERO), || {
            tick();
            Ok(7)
        });
        assert_eq!(ok, Ok(7));
        let other = with_budget(WorkBudget::cpu(Duration::ZERO), || -> Result<(), Error> {
            let _ = check();
            Err(Error::not_applicable("body a is a triangle"))
        });
        assert_eq!(other, Err(Error::not_applicable("body a is a triangle")));
        // unlimited: never exhausted
        let n = with_budget(WorkBudget::UNLIMITED, || {
            for _ in 0..100_000 {
                check()?;
            }
            Ok(1)
        });
        assert_eq!(n, Ok(1));
    }

    #[test]
    fn an_inner_scope_ends_no_later_than_the_outer_one() {
        let e = with_budget(WorkBudget::cpu(Duration::from_millis(10)), || {
            with_budget(
                WorkBudget::cpu(Duration::from_secs(3600)),
                spin_until_exhausted,
            )
        })
        .unwrap_err();
        assert!(
            e.reason().starts_with("work budget of 0.01 s exhausted"),
            "{e}"
        );
        let e = with_budget(WorkBudget::cpu(Duration::from_millis(10)), || {
            with_budget(WorkBudget::UNLIMITED, spin_until_exhausted)
        })
        .unwrap_err();
        assert!(
            e.reason().starts_with("work budget of 0.01 s exhausted"),
            "{e}"
        );
    }

    #[test]
    fn the_work_before_the_first_clock_reading_is_counted() {
        // 10 ms of CPU time without a tick, then ticks: the first reading
        // dates the start back, so a 5 ms budget is found spent at once
        let e = with_budget(WorkBudget::cpu(Duration::from_millis(5)), || {
            let start = thread_clock_ns();
            while thread_clock_ns() < start + 10_000_000 {
                std::hint::black_box(start);
            }
            for _ in 0..FIRST_STRIDE {
                check()?;
            }
            Ok(())
        })
        .unwrap_err();
        assert!(
            e.reason().starts_with("work budget of 0.005 s exhausted"),
            "{e}"
        );
        // and a generous budget is not
        let ok = with_budget(WorkBudget::cpu(Duration::from_secs(60)), || {
            for _ in 0..10 * FIRST_STRIDE {
                check()?;
            }
            Ok(3)
        });
        assert_eq!(ok, Ok(3));
    }

    #[test]
    fn budgets_print_in_seconds() {
        let s = |ms| WorkBudget::cpu(Duration::from_millis(ms)).to_string();
        assert_eq!(s(60_000), "60 s");
        assert_eq!(s(250), "0.25 s");
        assert_eq!(s(1), "0.001 s");
        assert_eq!(WorkBudget::UNLIMITED.to_string(), "unlimited");
    }
}
