//! From a method name to a solver (docs/FORMAT.md 4: `--method`,
//! `--scalar`, `--precision`, and exit status 3 "the method does not apply").
//!
//! A method without a solver answers a not-applicable [`Error`], never a
//! made-up result. Each solver issue replaces its arm of the `match` in
//! [`solve`].
#![deny(clippy::float_arithmetic)]

use super::query::{ContactQuery, Method, ScalarKind, SolveOptions};
use super::ContactResult;
use crate::budget::with_budget;
use crate::geom::Shape;
use crate::motion::{Body, Motion};
use crate::scalar::Ring;
use crate::Error;

fn is_box(body: &Body) -> bool {
    matches!(body.shape, Shape::Box(_))
}

fn is_screw_like(body: &Body) -> bool {
    matches!(body.motion, Motion::Screw { .. } | Motion::Poses { .. })
}

fn translates(body: &Body) -> bool {
    matches!(body.motion, Motion::Static | Motion::Linear { .. })
}

fn is_sphere_or_capsule(body: &Body) -> bool {
    matches!(body.shape, Shape::Sphere(_) | Shape::Capsule(_))
}

fn is_angular(body: &Body) -> bool {
    matches!(body.motion, Motion::Angular { .. })
}

/// The method that applies to the scenario's motion (the default of
/// `exactccd solve`), by the first rule that matches:
///
/// 1. a primitive query (a `query` field): `primitive`;
/// 2. a sphere or a capsule against any shape but a mesh, both bodies
///    under `static` or `linear` motions: `minkowski`;
/// 3. a sphere, capsule or convex hull, or a non-zero `separation`, under
///    an `angular`, `screw` or `poses` motion: `sat`'s time cells;
/// 4. a sphere, capsule or convex hull on either body, or a non-zero
///    `separation`: `distance`;
/// 5. a `screw` or `poses` motion on either body: `glide` where its
///    analytic variant takes the motion (one glide rotation from `t0`;
///    two boxes without a slide), else `sat`'s time cells, whose answers
///    the referee certifies (glide's event cells answer the rest, as a
///    second opinion: `--method glide`);
/// 6. an `angular` motion on either body: `sat`;
/// 7. two boxes (under `static`, `linear`, `rational`, `row_matrix` or
///    `piecewise` motions): `sgm`;
/// 8. anything else (a triangle or a mesh under rational motions): `sat`.
pub fn default_method(query: &ContactQuery<'_>) -> Method {
    let query = match query {
        ContactQuery::Primitive(_) => return Method::Primitive,
        ContactQuery::Bodies(q) => q,
    };
    let bodies = [query.a, query.b];
    if bodies.iter().all(|b| translates(b))
        && bodies.iter().any(|b| is_sphere_or_capsule(b))
        && !bodies.iter().any(|b| matches!(b.shape, Shape::Mesh(_)))
    {
        Method::Minkowski
    } else if (!query.separation.is_zero() || bodies.iter().any(|b| b.shape.is_rounded_or_hull()))
        && bodies.iter().any(|b| is_screw_like(b) || is_angular(b))
    {
        Method::Sat
    } else if !query.separation.is_zero() || bodies.iter().any(|b| b.shape.is_rounded_or_hull()) {
        Method::Distance
    } else if bodies.iter().any(|b| is_screw_like(b)) {
        let interval = (&query.interval.0, &query.interval.1);
        if crate::solver::glide::analytic_takes(query.a, query.b, interval) {
            Method::Glide
        } else {
            Method::Sat
        }
    } else if bodies.iter().any(|b| is_angular(b)) {
        Method::Sat
    } else if bodies.iter().all(|b| is_box(b)) {
        Method::Sgm
    } else {
        Method::Sat
    }
}

/// Runs `method` in `scalar` on the query, within the work budget
/// `options.budget` ([`with_budget`]: past it, a "resource limit exceeded"
/// [`Error`] that says what was being done and what was established).
///
/// A method without a solver yet answers a not-applicable [`Error`];
/// the solver issues fill in the arms. A primitive query (a scenario's
/// `query` field) is answered by [`Method::Primitive`] alone.
pub fn solve(
    query: &ContactQuery<'_>,
    method: Method,
    scalar: ScalarKind,
    options: &SolveOptions,
) -> Result<ContactResult, Error> {
    if let Some(r) = unmetered(query, method, scalar) {
        return Ok(r);
    }
    with_budget(options.budget, || {
        solve_unbudgeted(query, method, scalar, options)
    })
}

/// The answer of a path whose work is small and fixed, given before a
/// budget scope is opened (opening one reads the thread's CPU clock, a
/// system call that costs more than the path): `minkowski`'s `f64` path
/// for a sphere and a box or two capsules under translation. `None` for
/// every other query, and where that path declines.
fn unmetered(
    query: &ContactQuery<'_>,
    method: Method,
    scalar: ScalarKind,
) -> Option<ContactResult> {
    match (query, method, scalar) {
        (ContactQuery::Bodies(q), Method::Minkowski, ScalarKind::F64) => {
            super::rounded::minkowski_f64_path(q)
        }
        _ => None,
    }
}

/// The answer of `exactccd solve` without `--method`: [`default_method`],
/// and where that is `glide` and glide does not take the scenario (a
/// `screw` or `poses` motion beyond its limits) or stops at a limit,
/// `sat`'s time cells for two boxes (contract section 5.1: every such
/// motion is answered); where
/// that is `sat` on a turning body (`angular`, `screw`, `poses`) in the
/// exact scalar and its time cells stop at a limit (a graze or a run they
/// cannot decide) or answer without contact intervals (a graze after the
/// first contact), glide's event cells, the second exact method, within
/// what is left of the same work budget (its answer taken when it agrees
/// on whether the bodies collide and has the intervals). The method that answered comes
/// with the result.
pub fn solve_with_default_method(
    query: &ContactQuery<'_>,
    scalar: ScalarKind,
    options: &SolveOptions,
) -> (Method, Result<ContactResult, Error>) {
    let method = default_method(query);
    if let Some(r) = unmetered(query, method, scalar) {
        return (method, Ok(r));
    }
    let mut answered_by = method;
    // one budget for the method and its fallback
    let solved = with_budget(options.budget, || {
        // inside this scope: a scope of its own would read the clock again
        let solved = solve_unbudgeted(query, method, scalar, options);
        let fallback = match (method, &solved) {
            // glide refuses the motion, or stops at a limit (a containment
            // test its `f64` path cannot decide)
            (Method::Glide, Err(e)) if e.is_not_applicable() || e.is_limit_exceeded() => {
                Some(Method::Sat)
            }
            (Method::Sat, Err(e))
                if e.is_limit_exceeded() && scalar == ScalarKind::Exact && turns(query) =>
            {
                Some(Method::Glide)
            }
            // the time cells stopped after the first contact (a graze):
            // that answer stands without its contact intervals, which
            // glide's event cells may give (unless only the first contact
            // was asked for)
            (Method::Sat, Ok(r))
                if r.collides
                    && r.contact_intervals.is_empty()
                    && !options.first_contact_only
                    && scalar == ScalarKind::Exact
                    && turns(query) =>
            {
                Some(Method::Glide)
            }
            _ => None,
        };
        if let Some(other) = fallback {
            if let Ok(r) = solve_unbudgeted(query, other, scalar, options) {
                if r.collides == solved.as_ref().map_or(r.collides, |s| s.collides)
                    && !(r.collides && r.contact_intervals.is_empty())
                {
                    answered_by = other;
                    return Ok(r);
                }
            }
        }
        solved
    });
    (answered_by, solved)
}

/// A body of the query turns: an `angular`, `screw` or `poses` motion.
fn turns(query: &ContactQuery<'_>) -> bool {
    match query {
        ContactQuery::Bodies(q) => [q.a, q.b].iter().any(|b| {
            matches!(
                b.motion,
                Motion::Angular { .. } | Motion::Screw { .. } | Motion::Poses { .. }
            )
        }),
        ContactQuery::Primitive(_) => false,
    }
}

/// [`solve`] without opening a budget scope of its own.
fn solve_unbudgeted(
    query: &ContactQuery<'_>,
    method: Method,
    scalar: ScalarKind,
    options: &SolveOptions,
) -> Result<ContactResult, Error> {
    let query = match query {
        ContactQuery::Primitive(primitive) => {
            return match method {
                Method::Primitive => super::primitive::solve(primitive, scalar, options),
                other => Err(Error::not_applicable(format!(
                    "the scenario is a primitive query (vertex-face or edge-edge), which only method primitive answers, not {other}"
                ))),
            }
        }
        ContactQuery::Bodies(q) => q,
    };
    if scalar == ScalarKind::Exact {
        if let Some(path) = query.approximate_rotations.first() {
            return Err(Error::not_applicable(format!(
                "{path} is a rotation only within the f64 tolerance, and the exact scalar needs an exact rotation"
            )));
        }
    }
    if !matches!(method, Method::Distance | Method::Minkowski) {
        // sat's time cells take spheres, capsules and convex hulls, and a
        // separation, under the turning motions
        let turning = [query.a, query.b]
            .iter()
            .any(|b| is_screw_like(b) || is_angular(b));
        let in_cells = method == Method::Sat && turning;
        if !query.separation.is_zero() && !in_cells {
            return Err(Error::not_applicable(format!(
                "{method} answers contact (separation 0) only, and this scenario asks for a separation of {}; method {} answers it",
                crate::scalar::rational_to_f64(query.separation),
                if turning { "sat" } else { "distance" }
            )));
        }
        for (body, name) in [(query.a, "a"), (query.b, "b")] {
            if body.shape.is_rounded_or_hull() && !in_cells {
                return Err(Error::not_applicable(format!(
                    "{method} does not take the shape of body {name}, a {}; method distance takes it",
                    body.shape.kind_name()
                )));
            }
        }
    }
    match method {
        Method::Distance => super::rounded::solve_distance_method(query, scalar, options.certify),
        Method::Minkowski => {
            super::rounded::solve_minkowski_method(query, scalar, options.certify)
        }
        Method::Primitive => Err(Error::not_applicable(
            "method primitive answers only a scenario with a query field (vertex-face or edge-edge), not two bodies".to_string(),
        )),
        Method::Sat => super::sat::solve(query, scalar, options),
        Method::Sgm => super::sgm::solve(query, scalar, options),
        Method::Glide => {
            // Piecewise motions are solved piece by piece by sgm and sat
            // (`docs/FORMAT.md` 7.1); glide interpolates the
            // poses of the whole interval by one screw.
            for (body, name) in [(query.a, "a"), (query.b, "b")] {
                if body.motion.is_piecewise() {
                    return Err(Error::not_applicable(format!(
                        "glide: body {name} has a piecewise motion; glide interpolates one screw motion over the whole interval and does not join pieces (use sgm or sat)"
                    )));
                }
            }
            super::glide::solve(query, scalar, options)
        }
    }
}
