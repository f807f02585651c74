//! Checking certificates: every step is an exact sign decision on a
//! polynomial, either on an interval (no root there and the right sign at
//! one end) or at an algebraic time (a gcd and bisection).

use crate::algebraic::{Algebraic, AlgebraicError};
use crate::case::{constant, cross, dot, hull_faces, scale, sub, Body, Case, PolyVec, Shape};
use crate::claim::{
    Certificate, Claim, ClaimedTime, ContactWitness, PieceEnd, SeparationPiece, Verdict,
};
use crate::poly::{cmp, count_roots_closed, no_root_in, positive_on, Poly, Q};
use num_traits::Zero;
use std::cmp::Ordering;

/// The vertex numerators of a body (world position = numerator / w).
fn vertex_numerators(body: &Body) -> Vec<PolyVec> {
    body.shape
        .vertices()
        .iter()
        .map(|y| body.motion.numerator(y))
        .collect()
}

/// The vertex numerators of both bodies of a case with one motion per body.
pub(crate) struct CaseVertices {
    a: Vec<PolyVec>,
    b: Vec<PolyVec>,
}

impl CaseVertices {
    pub(crate) fn of(case: &Case) -> CaseVertices {
        CaseVertices {
            a: vertex_numerators(&case.a),
            b: vertex_numerators(&case.b),
        }
    }
}

/// A rational within `2^-24` of the first root of `f` in `[a, b]` (which
/// must hold a root), found by halving with Sturm counts.
fn near_first_root(f: &Poly, a: &Q, b: &Q) -> Q {
    let (mut lo, mut hi) = (a.clone(), b.clone());
    let eps = Q::new(1.into(), num_bigint::BigInt::from(1) << 24u32);
    while &hi - &lo > eps {
        let m = crate::arith::midpoint(&lo, &hi);
        if count_roots_closed(f, &lo, &m) > 0 {
            hi = m;
        } else {
            lo = m;
        }
    }
    lo
}

/// `f > 0` on `[from, t)` for an algebraic `t > from`.
fn positive_before(f: &Poly, from: &Q, t: &Algebraic) -> Result<(), Q> {
    if f.sign_at(from) <= 0 {
        return Err(from.clone());
    }
    match t {
        Algebraic::Rational(end) => {
            // roots in [from, end] other than end itself
            // no root in [from, end): f(end) may vanish (contact), nothing before
            let clear = if f.sign_at(end) == 0 {
                count_roots_closed(f, from, end) == 1
            } else {
                no_root_in(f, from, end)
            };
            if clear {
                Ok(())
            } else {
                Err(near_first_root(f, from, end))
            }
        }
        Algebraic::Root { poly, .. } => {
            let mut t = t.clone();
            // make the rational part [from, lo] reach the root's interval
            while t.lower() < *from {
                t.refine();
                if let Algebraic::Rational(_) = t {
                    return positive_before(f, from, &t);
                }
            }
            let lo = t.lower();
            if !no_root_in(f, from, &lo) {
                return Err(near_first_root(f, from, &lo));
            }
            // remove from f every factor vanishing at t, then refine t until
            // what is left has no root near it
            let mut rest = f.clone();
            loop {
                let g = rest.gcd(poly);
                if g.degree().unwrap_or(0) == 0 || t.sign_of(&g) != 0 {
                    break;
                }
                rest = rest.div_rem(&g).0;
            }
            loop {
                match &t {
                    Algebraic::Rational(_) => return positive_before(f, from, &t),
                    Algebraic::Root { lo, hi, .. } => {
                        if no_root_in(&rest, lo, hi) {
                            // no root of f in (lo, t) but t's own factors;
                            // and none in [from, lo] (lo moved up: recheck)
                            if !no_root_in(f, from, lo) {
                                return Err(near_first_root(f, from, lo));
                            }
                            return Ok(());
                        }
                    }
                }
                t.refine();
            }
        }
    }
}

/// The vertices whose pairs must be checked, given their projections
/// `along`: all of them, except when the projections differ only by
/// constants (a translating body, a constant direction): then
/// `f_kl = f_KL + (c_kl - c_KL)` for the vertex `K` of `a` farthest along
/// the direction (`Ordering::Greater`) and the vertex `L` of `b` nearest
/// (`Ordering::Less`), and `f_KL > 0` implies every `f_kl > 0`.
fn least_gap_vertices(along: &[Poly], extreme: Ordering) -> Vec<usize> {
    let Some(first) = along.first() else {
        return Vec::new();
    };
    let offsets: Vec<Poly> = along.iter().map(|p| p.sub(first)).collect();
    if offsets.iter().any(|d| d.degree().unwrap_or(0) > 0) {
        return (0..along.len()).collect();
    }
    let mut best = 0;
    for (i, d) in offsets.iter().enumerate() {
        if cmp(&d.coeff(0), &offsets[best].coeff(0)) == extreme {
            best = i;
        }
    }
    vec![best]
}

/// Checks a separation piece on a case with one motion per body, whose
/// vertex numerators are `vertices`.
fn check_piece(
    case: &Case,
    vertices: &CaseVertices,
    piece: &SeparationPiece,
    contact: Option<&Algebraic>,
) -> Result<(), Verdict> {
    let (va, vb) = (&vertices.a, &vertices.b);
    let (wa, wb) = (&case.a.motion.denominator, &case.b.motion.denominator);
    // direction . (w_a VB - w_b VA) = w_a w_b direction . (vb - va), formed
    // by linearity as w_a (direction . VB) - w_b (direction . VA)
    let along_a: Vec<Poly> = va
        .iter()
        .map(|a| wb.mul(&dot(&piece.direction, a)))
        .collect();
    let along_b: Vec<Poly> = vb
        .iter()
        .map(|b| wa.mul(&dot(&piece.direction, b)))
        .collect();
    // beyond the reach R = r_a + r_b + d: f > R w_a w_b |direction|, i.e.
    // f > 0 and f^2 - R^2 (w_a w_b)^2 |direction|^2 > 0
    let reach = case.reach();
    let reach_term = (!reach.is_zero()).then(|| {
        let ww = wa.mul(wb);
        dot(&piece.direction, &piece.direction)
            .mul(&ww.mul(&ww))
            .scale(&(&reach * &reach))
    });
    let positive = |f: &Poly| -> Result<(), Q> {
        match (&piece.to, contact) {
            (PieceEnd::At(to), _) => {
                if positive_on(f, &piece.from, to) {
                    Ok(())
                } else if f.sign_at(&piece.from) <= 0 {
                    Err(piece.from.clone())
                } else {
                    Err(near_first_root(f, &piece.from, to))
                }
            }
            (PieceEnd::BeforeContact, Some(t)) => positive_before(f, &piece.from, t),
            (PieceEnd::BeforeContact, None) => Err(piece.from.clone()), // refused above
        }
    };
    if piece.to == PieceEnd::BeforeContact && contact.is_none() {
        return Err(Verdict::refuted(format!(
            "separation piece from {} ends at a contact time, but no contact is claimed",
            piece.from
        )));
    }
    for k in least_gap_vertices(&along_a, Ordering::Greater) {
        let a = &along_a[k];
        for l in least_gap_vertices(&along_b, Ordering::Less) {
            let f = along_b[l].sub(a);
            let outcome = positive(&f).and_then(|()| match &reach_term {
                Some(r) => positive(&f.mul(&f).sub(r)),
                None => Ok(()),
            });
            if let Err(at) = outcome {
                let beyond = if reach_term.is_some() {
                    format!(" by more than {reach}")
                } else {
                    String::new()
                };
                return Err(Verdict::Refuted {
                    reason: format!(
                        "the direction {} does not separate vertex {k} of a from vertex {l} of b{beyond} on the piece from {}",
                        piece.label, piece.from
                    ),
                    counterexample: Some(at),
                });
            }
        }
    }
    Ok(())
}

/// The polynomial conditions `(f, expected sign)` for the point `P / d` to
/// lie in the body's core, each to be decided at one time: `expected` is
/// `-1` for `f <= 0`, `1` for `f >= 0`, `0` for `f == 0`.
pub(crate) fn membership_conditions(
    body: &Body,
    v: &[PolyVec],
    p: &PolyVec,
    d: &Poly,
) -> Vec<(Poly, i32, String)> {
    let w = &body.motion.denominator;
    // p - v_i, scaled by w d > 0
    let rel = |i: usize| sub(&scale(p, w), &scale(&v[i], d));
    // a face (v_i, v_j, v_k), counter-clockwise from outside: p on its inner side
    let face = |[i, j, k]: [usize; 3], what: String| {
        let n = cross(&sub(&v[j], &v[i]), &sub(&v[k], &v[i]));
        (dot(&n, &rel(i)), -1, what)
    };
    // p equal to the vertex i
    let at_vertex = |i: usize, what: &str| -> Vec<(Poly, i32, String)> {
        rel(i)
            .into_iter()
            .enumerate()
            .map(|(c, f)| (f, 0, format!("{what}, coordinate {c}")))
            .collect()
    };
    match &body.shape {
        Shape::Box { .. } => Shape::box_faces()
            .iter()
            .enumerate()
            .map(|(k, f)| face(*f, format!("box face {k}")))
            .collect(),
        Shape::Hull(points) => hull_faces(points)
            .into_iter()
            .map(|f| face(f, format!("hull plane through points {f:?}")))
            .collect(),
        Shape::Triangle(_) => {
            let n = cross(&sub(&v[1], &v[0]), &sub(&v[2], &v[0]));
            let mut out = vec![(dot(&n, &rel(0)), 0, "triangle plane".to_string())];
            for i in 0..3 {
                let e = sub(&v[(i + 1) % 3], &v[i]);
                out.push((
                    dot(&cross(&e, &rel(i)), &n),
                    1,
                    format!("triangle edge {i}"),
                ));
            }
            out
        }
        Shape::Sphere { .. } => at_vertex(0, "sphere centre"),
        Shape::Capsule { ends, .. } if ends[0] == ends[1] => at_vertex(0, "capsule centre"),
        Shape::Capsule { .. } => {
            // on the line, not before the first end, not past the second
            let e = sub(&v[1], &v[0]);
            let mut out: Vec<(Poly, i32, String)> = cross(&e, &rel(0))
                .into_iter()
                .enumerate()
                .map(|(c, f)| (f, 0, format!("capsule axis line, component {c}")))
                .collect();
            out.push((dot(&e, &rel(0)), 1, "capsule axis, first end".into()));
            out.push((dot(&e, &rel(1)), -1, "capsule axis, second end".into()));
            out
        }
    }
}

/// True when the sign `s` is the `expected` one (`-1`: `<= 0`, `1`:
/// `>= 0`, `0`: `== 0`).
pub(crate) fn sign_holds(s: i32, expected: i32) -> bool {
    match expected {
        -1 => s <= 0,
        1 => s >= 0,
        _ => s == 0,
    }
}

/// Checks the contact witness at `t` on a case with one motion per body,
/// whose vertex numerators are `vertices`.
pub(crate) fn check_witness(
    case: &Case,
    vertices: &CaseVertices,
    w: &ContactWitness,
    t: &Algebraic,
) -> Result<(), Verdict> {
    let (b_point, b_denominator) = match &w.other {
        Some((q, e)) => (q, e),
        None => (&w.point, &w.denominator),
    };
    for d in [&w.denominator, b_denominator] {
        if t.sign_of(d) <= 0 {
            return Err(Verdict::refuted(format!(
                "the contact witness {} has a denominator that is not positive at the contact time",
                w.label
            )));
        }
    }
    let points = [
        ("a", &case.a, &vertices.a, &w.point, &w.denominator),
        ("b", &case.b, &vertices.b, b_point, b_denominator),
    ];
    for (name, body, v, p, d) in points {
        for (f, expected, what) in membership_conditions(body, v, p, d) {
            if !sign_holds(t.sign_of(&f), expected) {
                return Err(Verdict::Refuted {
                    reason: format!(
                        "the contact witness {} is not in body {name}'s core at the contact time ({what} violated)",
                        w.label
                    ),
                    counterexample: Some(t.lower()),
                });
            }
        }
    }
    if w.other.is_some() {
        // |p/d - q/e|^2 <= R^2, times (d e)^2: R^2 d^2 e^2 - |p e - q d|^2 >= 0
        let (d, e) = (&w.denominator, b_denominator);
        let gap = sub(&scale(&w.point, e), &scale(b_point, d));
        let de = d.mul(e);
        let reach = case.reach();
        let slack = de.mul(&de).scale(&(&reach * &reach)).sub(&dot(&gap, &gap));
        if t.sign_of(&slack) < 0 {
            return Err(Verdict::Refuted {
                reason: format!(
                    "the contact witness {}: its two points are farther apart than {reach} at the contact time",
                    w.label
                ),
                counterexample: Some(t.lower()),
            });
        }
    }
    Ok(())
}

pub(crate) fn check_tiling(
    pieces: &[SeparationPiece],
    t0: &Q,
    end: Option<&Algebraic>,
    t1: &Q,
) -> Result<(), Verdict> {
    let mut at = t0.clone();
    for (i, p) in pieces.iter().enumerate() {
        if p.from != at {
            return Err(Verdict::refuted(format!(
                "separation pieces are not contiguous: piece {i} starts at {} instead of {at}",
                p.from
            )));
        }
        let last = i + 1 == pieces.len();
        match (&p.to, last, end) {
            (PieceEnd::At(to), false, _) => {
                if to <= &p.from {
                    return Err(Verdict::refuted(format!("separation piece {i} is empty")));
                }
                at = to.clone();
            }
            (PieceEnd::At(to), true, None) => {
                if to != t1 || to < &p.from {
                    return Err(Verdict::refuted(format!(
                        "separation pieces end at {to}, not at the end of the interval {t1}"
                    )));
                }
            }
            (PieceEnd::BeforeContact, true, Some(t)) => {
                if t.cmp_rational(&p.from) != Ordering::Greater {
                    return Err(Verdict::refuted(
                        "the last separation piece starts after the contact time",
                    ));
                }
            }
            _ => {
                return Err(Verdict::refuted(format!(
                    "separation piece {i} ends in the wrong place for the claim"
                )))
            }
        }
    }
    if pieces.is_empty() {
        let covers = match end {
            Some(t) => t.cmp_rational(t0) == Ordering::Equal,
            None => false,
        };
        if !covers {
            return Err(Verdict::refuted(
                "no separation piece covers the interval before the claimed contact",
            ));
        }
    }
    Ok(())
}

pub(crate) fn exact_time(t: &ClaimedTime) -> Result<Algebraic, Verdict> {
    match t {
        ClaimedTime::Exact(a) => Ok(a.clone()),
        ClaimedTime::Float(_) => Err(Verdict::Inconclusive(
            "an f64 time is classified against the certified truth, not certified".into(),
        )),
    }
}

/// Checks a claim against its certificate, exactly.
///
/// * Contact claimed at `T`: the separation pieces must tile `[t0, T)`,
///   each separating every vertex pair strictly, and the witness point must
///   lie in both bodies at `T`. Then `T` is exactly the first contact time.
/// * No contact claimed: the separation pieces must tile `[t0, t1]`.
///
/// Contact intervals are not certified here (they are compared with the
/// truth by the differential rules).
pub fn check_certificate(case: &Case, claim: &Claim) -> Verdict {
    if let Some(why) = case.unsupported() {
        return Verdict::Inconclusive(why);
    }
    let Some(cert) = &claim.certificate else {
        return Verdict::Inconclusive("the claim carries no certificate".into());
    };
    match verify(case, claim, cert) {
        Ok(()) => Verdict::Certified,
        Err(v) => v,
    }
}

/// Checks one separation piece on a case whose bodies may be piecewise:
/// the piece is cut at every switch time strictly inside it, and each part
/// is checked with the single motions in force on that part ([`Case::on`];
/// the motions are continuous at the switches, [`Case::unsupported`]).
/// `fixed`: the vertex numerators when the case has no switch (one motion
/// per body throughout).
pub(crate) fn check_piece_across_switches(
    case: &Case,
    fixed: Option<&CaseVertices>,
    piece: &SeparationPiece,
    contact: Option<&Algebraic>,
) -> Result<(), Verdict> {
    if let Some(vertices) = fixed {
        return check_piece(case, vertices, piece, contact);
    }
    let inside = |s: &Q| -> bool {
        if s <= &piece.from {
            return false;
        }
        match (&piece.to, contact) {
            (PieceEnd::At(to), _) => s < to,
            (PieceEnd::BeforeContact, Some(t)) => t.cmp_rational(s) == Ordering::Greater,
            (PieceEnd::BeforeContact, None) => false,
        }
    };
    let mut from = piece.from.clone();
    for s in case.breakpoints().into_iter().filter(inside) {
        let part = SeparationPiece {
            from: from.clone(),
            to: PieceEnd::At(s.clone()),
            direction: piece.direction.clone(),
            label: piece.label.clone(),
        };
        let on_part = case.on(&from);
        check_piece(&on_part, &CaseVertices::of(&on_part), &part, contact)?;
        from = s;
    }
    let last = SeparationPiece {
        from: from.clone(),
        to: piece.to.clone(),
        direction: piece.direction.clone(),
        label: piece.label.clone(),
    };
    let on_last = case.on(&from);
    check_piece(&on_last, &CaseVertices::of(&on_last), &last, contact)
}

/// The case with the motions in force at the contact time `t`: those of
/// the pieces that start at or before the last switch time `<= t` (either
/// side of a switch gives the same positions).
pub(crate) fn case_at(case: &Case, t: &Algebraic) -> Case {
    let mut from = case.t0.clone();
    for s in case.breakpoints() {
        if t.cmp_rational(&s) != Ordering::Less {
            from = s;
        }
    }
    case.on(&from)
}

fn verify(case: &Case, claim: &Claim, cert: &Certificate) -> Result<(), Verdict> {
    // without a switch each body keeps one motion: its vertex numerators
    // serve every piece and the witness
    let fixed = case
        .breakpoints()
        .is_empty()
        .then(|| CaseVertices::of(case));
    if claim.collides {
        let t = exact_time(
            claim
                .time
                .as_ref()
                .ok_or_else(|| Verdict::refuted("a collision is claimed without a time"))?,
        )?;
        if t.cmp_rational(&case.t0) == Ordering::Less
            || t.cmp_rational(&case.t1) == Ordering::Greater
        {
            return Err(Verdict::refuted(
                "the claimed contact time lies outside the interval",
            ));
        }
        check_tiling(&cert.separation, &case.t0, Some(&t), &case.t1)?;
        for p in &cert.separation {
            check_piece_across_switches(case, fixed.as_ref(), p, Some(&t))?;
        }
        let w = cert
            .contact
            .as_ref()
            .ok_or_else(|| Verdict::refuted("a collision is claimed without a contact witness"))?;
        match &fixed {
            Some(vertices) => check_witness(case, vertices, w, &t),
            None => {
                let at = case_at(case, &t);
                check_witness(&at, &CaseVertices::of(&at), w, &t)
            }
        }
    } else {
        if claim.time.is_some() {
            return Err(Verdict::refuted(
                "no collision is claimed, yet a time is given",
            ));
        }
        check_tiling(&cert.separation, &case.t0, None, &case.t1)?;
        for p in &cert.separation {
            check_piece_across_switches(case, fixed.as_ref(), p, None)?;
        }
        Ok(())
    }
}

/// Builds an exact claimed time from a polynomial and an isolating
/// interval, validated.
pub fn exact_root(poly: Poly, lo: Q, hi: Q) -> Result<ClaimedTime, AlgebraicError> {
    Algebraic::root(poly, lo, hi).map(ClaimedTime::Exact)
}

/// A constant direction (for tests and simple certificates).
pub fn constant_direction(v: [Q; 3]) -> PolyVec {
    constant(&v)
}

/// Checks one separation piece on its own (for a certificate being built):
/// `contact` is the claimed contact time when the piece ends before it.
/// [`Verdict::Certified`] when the piece separates as it claims.
pub fn check_separation_piece(
    case: &Case,
    piece: &SeparationPiece,
    contact: Option<&Algebraic>,
) -> Verdict {
    if let Some(why) = case.unsupported() {
        return Verdict::Inconclusive(why);
    }
    let fixed = case
        .breakpoints()
        .is_empty()
        .then(|| CaseVertices::of(case));
    match check_piece_across_switches(case, fixed.as_ref(), piece, contact) {
        Ok(()) => Verdict::Certified,
        Err(v) => v,
    }
}

/// Checks a contact witness on its own at the time `t` (for a certificate
/// being built). [`Verdict::Certified`] when it proves contact at `t`.
pub fn check_contact_witness(case: &Case, witness: &ContactWitness, t: &Algebraic) -> Verdict {
    if let Some(why) = case.unsupported() {
        return Verdict::Inconclusive(why);
    }
    let at = case_at(case, t);
    match check_witness(&at, &CaseVertices::of(&at), witness, t) {
        Ok(()) => Verdict::Certified,
        Err(v) => v,
    }
}
