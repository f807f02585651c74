#!/usr/bin/env python3
"""The first contact of two moving convex solids, to 50 digits, by a method
that shares nothing with a feature-pair or Voronoi-region solver. Imported
by `shapes_truth.py` and `screw_truth.py` (this folder); it needs mpmath
and nothing of the crate.

Every shape is a convex polytope "core" grown by a radius: a box is the
hull of its 8 corners, a triangle of its 3 vertices, a `convex` of its
points (interior and duplicate points included, unchanged), a sphere is
its centre grown by `r`, a capsule its segment grown by `r`. With the
minimum separation `d`, the solids are within `d` exactly when the cores
are within `D = d + r_A + r_B`, so contact is `f(t) <= 0` with

    f(t) = dist(core_A(t), core_B(t)) - D.

1. The distance of two point hulls is computed by the GJK iteration on
   the support mapping of their Minkowski difference (E. G. Gilbert,
   D. W. Johnson, S. S. Keerthi, "A fast procedure for computing the
   distance between complex objects in three-dimensional space", IEEE J.
   Robotics and Automation 4(2), 1988), with the nearest point of each
   simplex found by brute force over all its sub-simplices (the affine
   projection with positive barycentric coordinates nearest to the
   origin). It runs unchanged in floats, in mpmath and in exact
   fractions: at a rational time under a rational motion, the exact run
   gives `dist^2` as a fraction and the touch `dist^2 = D^2` is decided
   exactly. It never names a feature pair.
2. Certified subdivision: `|f(t) - f(s)| <= L |t - s|` with `L` the sum
   of the bodies' largest point speeds on the cell (for rational motions
   bounded by interval arithmetic, `mpmath.iv`, of `|(T/d)'| + 2 |q'| /
   |q| * radius`; for screws and spins `|slide| + |angle| * distance to
   the axis`). A cell whose midpoint value, computed in floats, exceeds
   `L h / 2` plus a margin for float error is free of contact and
   dropped; the others are split down to `1e-6` of the interval. The
   leftmost run of live cells is then examined in mpmath at 60 digits: the
   first sample with `f <= 0` is bracketed and bisected to 1e-55 (for
   two boxes or a box and a triangle with `D = 0` on the sign of the
   separating-axis gap, which is negative inside, so that a tangential
   entry still bisects to 50 digits); with no such sample, `f` is
   minimised by golden section at 130 digits on the smallest sample's
   cell: a minimum within 1e-35 of `D` is a tangential touch at the
   minimiser, a minimum below is a crossing before it, a minimum above
   clears the run.

Limits, stated: a contact shorter than 1e-6 of the interval that is
not near a sample's minimum, and two dips within one run of live cells,
are not resolved separately; the scenario sets are built so that neither
happens (designed cases are confirmed exactly, the others are generic).
"""
import math
from fractions import Fraction

import mpmath
from mpmath import iv

import angular_truth
# small vector algebra, generic over float, mpf and Fraction, and the
# rotations rot(q) / |q|^2 and Rodrigues', shared with angular_truth.py
from angular_truth import add, cross, dot, matmul, matvec, quat_rotation, scale, sub, transpose  # noqa: F401
from angular_truth import rotation as axis_rotation

mpmath.mp.dps = 60
iv.dps = 30

# ---- numbers -------------------------------------------------------------------


class FloatMath(angular_truth.FloatMath):
    exact = False
    eps = 1e-13


class MpMath(angular_truth.MpMath):
    exact = False
    eps = mpmath.mpf("1e-50")


class ExactMath:
    """Fractions: rational motions at rational times only (no sqrt, no trig)."""
    exact = True
    eps = 0

    @staticmethod
    def num(q):
        return Fraction(q)


def Q(x):
    """A scenario number (string, int or Fraction) as a Fraction."""
    return Fraction(x)


def identity(M):
    return [[M.num(1) if i == j else M.num(0) for j in range(3)] for i in range(3)]


def poly(p):
    """A contract polynomial (number or coefficient list) as Fractions."""
    return [Q(x) for x in p] if isinstance(p, list) else [Q(p)]


def peval(c, t, M):
    acc = M.num(0)
    for x in reversed(c):
        acc = acc * t + M.num(x)
    return acc


def deriv(c):
    return [i * c[i] for i in range(1, len(c))] or [Fraction(0)]


# ---- motions ---------------------------------------------------------------------


def pose_of(pose, M):
    pose = pose or {}
    if "quaternion" in pose:
        R = quat_rotation([M.num(x) for x in pose["quaternion"]])
    elif "rotation" in pose:
        R = [[M.num(x) for x in row] for row in pose["rotation"]]
    else:
        R = identity(M)
    c = [M.num(x) for x in pose.get("translation", ["0", "0", "0"])]
    return R, c


def rational_placement(m, t, M):
    q = [peval(poly(x), t, M) for x in m["quaternion"]]
    d = peval(poly(m.get("denominator", "1")), t, M)
    T = [peval(poly(x), t, M) / d for x in m["translation"]]
    return quat_rotation(q), T


def pick_piece(pieces, t):
    for piece in pieces:
        if "until" not in piece:
            return piece["motion"]
        u = Q(piece["until"])
        u = u if isinstance(t, Fraction) else float(u) if isinstance(t, float) else MpMath.num(u)
        if t <= u:
            return piece["motion"]
    return pieces[-1]["motion"]


class ScrewParams:
    """The screw between two rigid maps x -> R0 y + c0 and x -> R1 y + c1:
    rotation `theta` in [0, pi] about the unit axis `v` through `u`, slide
    `g` along `v` (Chasles). At `theta = pi` the axis sign is the crate's
    (`v . d >= 0`); the scenario sets use it only where both signs give
    the same motion."""

    def __init__(self, R0, c0, R1, c1, M):
        A = matmul(R1, transpose(R0))
        d = sub(c1, matvec(A, c0))
        cos_theta = (A[0][0] + A[1][1] + A[2][2] - 1) / 2
        cos_theta = max(min(cos_theta, M.num(1)), M.num(-1))
        r = [A[2][1] - A[1][2], A[0][2] - A[2][0], A[1][0] - A[0][1]]
        self.R0, self.c0 = R0, c0
        if abs(cos_theta - 1) < M.num("1e-40") and dot(r, r) < M.num("1e-80"):
            self.theta = None
            self.d = d
            return
        self.theta = M.acos(cos_theta)
        if dot(r, r) > M.num("1e-30"):
            v = scale(r, 1 / M.sqrt(dot(r, r)))
        else:
            S = [[(A[i][j] + A[j][i]) / 2 + (1 if i == j else 0) for j in range(3)] for i in range(3)]
            col = max(range(3), key=lambda j: sum(S[i][j] ** 2 for i in range(3)))
            v = [S[i][col] for i in range(3)]
            v = scale(v, 1 / M.sqrt(dot(v, v)))
            if dot(v, d) < 0:
                v = scale(v, -1)
        g = dot(d, v)
        d_perp = sub(d, scale(v, g))
        half_cot = (1 + cos_theta) / (2 * M.sin(self.theta))
        self.u = add(scale(d_perp, M.num("1/2")), scale(cross(v, d_perp), half_cot))
        self.v, self.g = v, g

    def at(self, s, M):
        if self.theta is None:
            return self.R0, add(self.c0, scale(self.d, s))
        E = axis_rotation(self.v, self.theta * s, M)
        return matmul(E, self.R0), add(add(self.u, matvec(E, sub(self.c0, self.u))), scale(self.v, self.g * s))


def placement(body, t, interval, M, other=None):
    """(R, c): the body's local point y is at c + R y at time t. `other`
    is the other body, for the relative motion when both use `poses`."""
    motion = body.get("motion", "static")
    if motion == "static":
        return pose_of(body.get("pose"), M)
    kind, m = next(iter(motion.items()))
    if kind == "linear":
        R, c = pose_of(body.get("pose"), M)
        return R, add(c, scale([M.num(x) for x in m["velocity"]], t))
    if kind == "rational":
        return rational_placement(m, t, M)
    if kind == "piecewise":
        piece = pick_piece(m["pieces"], t)
        return placement({"pose": body.get("pose"), "motion": piece}, t, interval, M)
    if kind in ("angular", "screw"):
        # the contract's formulas, as angular_truth.py evaluates them
        return angular_truth.placement(body, t, interval, M)
    if kind == "poses":
        t0, t1 = (M.num(x) for x in interval)
        s = (t - t0) / (t1 - t0)
        R0, c0 = pose_of(body.get("pose"), M)
        R1, c1 = pose_of(m["end"], M)
        if other is not None and "poses" in (other.get("motion") or {}) and other.get("motion") != "static":
            # both use poses: b's pose relative to a is interpolated, a rests
            # at its start pose (distances do not see a common rigid map)
            Ra0, ca0 = pose_of(other.get("pose"), M)
            Ra1, ca1 = pose_of(other["motion"]["poses"]["end"], M)
            rel0 = (matmul(transpose(Ra0), R0), matvec(transpose(Ra0), sub(c0, ca0)))
            rel1 = (matmul(transpose(Ra1), R1), matvec(transpose(Ra1), sub(c1, ca1)))
            Rr, cr = ScrewParams(rel0[0], rel0[1], rel1[0], rel1[1], M).at(s, M)
            return matmul(Ra0, Rr), add(ca0, matvec(Ra0, cr))
        return ScrewParams(R0, c0, R1, c1, M).at(s, M)
    raise ValueError(kind)


def a_placement(body, other, t, interval, M):
    """Body a's placement: at rest at its start pose when both use poses."""
    both = all(isinstance(x.get("motion"), dict) and "poses" in x["motion"] for x in (body, other))
    if both:
        return pose_of(body.get("pose"), M)
    return placement(body, t, interval, M)


# ---- shapes as cores ---------------------------------------------------------------


def core(shape):
    """(local core points as Fractions, radius)."""
    kind, s = next(iter(shape.items()))
    if kind == "box":
        h = [Q(x) for x in s["half_extents"]]
        return [[sx * h[0], sy * h[1], sz * h[2]] for sx in (-1, 1) for sy in (-1, 1) for sz in (-1, 1)], Fraction(0)
    if kind == "triangle":
        return [[Q(x) for x in p] for p in s], Fraction(0)
    if kind == "convex":
        return [[Q(x) for x in p] for p in s["points"]], Fraction(0)
    if kind == "mesh":
        # a convex mesh is the hull of its vertices
        return [[Q(x) for x in p] for p in s["vertices"]], Fraction(0)
    if kind == "sphere":
        return [[Fraction(0)] * 3], Q(s["radius"])
    if kind == "capsule":
        return [[Q(x) for x in s["a"]], [Q(x) for x in s["b"]]], Q(s["radius"])
    raise ValueError(kind)


# ---- GJK ------------------------------------------------------------------------------


def solve_small(G, rhs, M):
    """Gaussian elimination; None when (numerically) singular."""
    n = len(rhs)
    A = [list(G[i]) + [rhs[i]] for i in range(n)]
    big = max([abs(G[i][i]) for i in range(n)] + [M.num(0)])
    tiny = 0 if M.exact else big * (M.num("1e-24") if M is FloatMath else M.num("1e-45"))
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(A[r][col]))
        if abs(A[piv][col]) <= tiny or A[piv][col] == 0:
            return None
        A[col], A[piv] = A[piv], A[col]
        for r in range(n):
            if r != col:
                f = A[r][col] / A[col][col]
                A[r] = [A[r][k] - f * A[col][k] for k in range(n + 1)]
    if any(A[i][i] == 0 for i in range(n)):
        return None
    return [A[i][n] / A[i][i] for i in range(n)]


def nearest_on_simplex(W, M):
    """The point of hull(W) nearest the origin, and the subset realising it."""
    best = None
    n = len(W)
    for mask in range(1, 1 << n):
        S = [i for i in range(n) if mask >> i & 1]
        s0 = W[S[0]]
        if len(S) == 1:
            v = s0
        else:
            E = [sub(W[i], s0) for i in S[1:]]
            G = [[dot(e, f) for f in E] for e in E]
            mu = solve_small(G, [-dot(e, s0) for e in E], M)
            if mu is None:
                continue
            lam0 = 1 - sum(mu)
            if lam0 <= 0 or any(x <= 0 for x in mu):
                continue
            v = s0
            for m_, e in zip(mu, E):
                v = add(v, scale(e, m_))
        vv = dot(v, v)
        if best is None or vv < best[0]:
            best = (vv, v, S)
    return best


def hull_distance_sq(P, Qs, M, warm=None):
    """dist(hull P, hull Qs)^2 by GJK on the Minkowski difference P - Qs,
    and the final simplex (pairs of indices). `warm`, a simplex of an
    earlier call, is only a starting point: the iteration still ends only
    when no support point improves on the nearest point."""
    def support(d):
        i = max(range(len(P)), key=lambda k: dot(P[k], d))
        j = min(range(len(Qs)), key=lambda k: dot(Qs[k], d))
        return (i, j), sub(P[i], Qs[j])

    ids = list(warm) if warm else [(0, 0)]
    W = [sub(P[i], Qs[j]) for i, j in ids]
    if len(W) > 1:
        vv, v, S = nearest_on_simplex(W, M)
        ids, W = [ids[i] for i in S], [W[i] for i in S]
    else:
        v = W[0]
        vv = dot(v, v)
    for _ in range(100):
        if vv == 0 or (not M.exact and vv < M.eps * M.eps * 1e-20) or len(W) == 4:
            return vv * 0, ids
        ij, w = support(scale(v, -1))
        if ij in ids:
            break
        if vv - dot(v, w) <= M.eps * vv:
            break
        ids.append(ij)
        W.append(w)
        vv, v, S = nearest_on_simplex(W, M)
        ids = [ids[i] for i in S]
        W = [W[i] for i in S]
    return vv, ids


# ---- the separating-axis gap (boxes, triangles, convex meshes, D = 0): signed --------


def sat_gap(Pa, Pb, axes_a, axes_b, M):
    """max over the axes L of (min over B of L.x - max over A of L.x) and the
    reverse, over |L|: positive iff the hulls are apart, negative inside."""
    axes = axes_a + axes_b + [cross(x, y) for x in axes_a for y in axes_b]
    best = None
    for L in axes:
        n2 = dot(L, L)
        if n2 < M.num("1e-40"):
            continue
        pa = [dot(p, L) for p in Pa]
        pb = [dot(p, L) for p in Pb]
        g = max(min(pb) - max(pa), min(pa) - max(pb)) / M.sqrt(n2)
        best = g if best is None or g > best else best
    return best


# ---- the problem ------------------------------------------------------------------


class Problem:
    """A scenario as cores moving in time: `cores(t, M)` gives both point
    lists in world coordinates; `D` is the core distance of contact."""

    def __init__(self, s):
        self.s = s
        self.interval = [Q(x) for x in s.get("interval", ["0", "1"])]
        self.d = Q(s.get("separation", "0"))
        if "query" in s:
            kind, q = next(iter(s["query"].items()))
            if kind == "vertex_face":
                self.pts = [[q["vertex"]], q["face"]]
            else:
                self.pts = [q["a"], q["b"]]
            self.D = self.d
            self.kinds = ("point" if kind == "vertex_face" else "segment", "triangle" if kind == "vertex_face" else "segment")
        else:
            self.a, self.b = s["a"], s["b"]
            self.core_a, ra = core(self.a["shape"])
            self.core_b, rb = core(self.b["shape"])
            self.D = self.d + ra + rb
            self.kinds = (next(iter(self.a["shape"])), next(iter(self.b["shape"])))
        self.signed = self.D == 0 and all(k in ("box", "triangle", "mesh") for k in self.kinds) and "query" not in s

    def placements(self, t, M):
        return (a_placement(self.a, self.b, t, self.interval, M),
                placement(self.b, t, self.interval, M, other=self.a))

    def cores(self, t, M):
        if "query" in self.s:
            t0, t1 = (M.num(x) for x in self.interval)
            s = (t - t0) / (t1 - t0)
            out = []
            for group in self.pts:
                pts = []
                for p in group:
                    a = [M.num(x) for x in p["start"]]
                    b = [M.num(x) for x in p.get("end", p["start"])]
                    pts.append(add(a, scale(sub(b, a), s)))
                out.append(pts)
            return out
        (Ra, ca), (Rb, cb) = self.placements(t, M)
        return ([add(ca, matvec(Ra, [M.num(x) for x in y])) for y in self.core_a],
                [add(cb, matvec(Rb, [M.num(x) for x in y])) for y in self.core_b])

    def dist_sq(self, t, M):
        P, Qs = self.cores(t, M)
        dd, self.warm = hull_distance_sq(P, Qs, M, getattr(self, "warm", None))
        return dd

    def signed_value(self, t, M=MpMath):
        """Positive apart, <= 0 in contact, continuous: the separating-axis
        gap for boxes and triangles at D = 0, else dist - D (D > 0)."""
        if self.signed:
            P, Qs = self.cores(t, M)
            return sat_gap(P, Qs, self.axes(0, t, M), self.axes(1, t, M), M)
        return self.f(t, M)

    def touching(self, t, M):
        """Contact at t: for boxes and triangles at D = 0 the separating-axis
        gap is <= 0 (exact for them), else dist <= D (to 1e-55)."""
        if self.signed:
            P, Qs = self.cores(t, M)
            return sat_gap(P, Qs, self.axes(0, t, M), self.axes(1, t, M), M) <= 0
        return self.f(t, M) <= M.num("1e-55")

    def f(self, t, M):
        """dist - D; for two boxes or a box and a triangle with D = 0, the
        separating-axis gap where the cores overlap (negative inside)."""
        dd = self.dist_sq(t, M)
        if dd > 0 or not self.signed:
            return M.sqrt(dd) - M.num(self.D)
        P, Qs = self.cores(t, M)
        return sat_gap(P, Qs, self.axes(0, t, M), self.axes(1, t, M), M)

    def axes(self, which, t, M):
        body = (self.a, self.b)[which]
        (Ra, _), (Rb, _) = self.placements(t, M)
        R = (Ra, Rb)[which]
        kind, s = next(iter(body["shape"].items()))
        cols = [[R[k][i] for k in range(3)] for i in range(3)]
        if kind == "box":
            return cols
        if kind == "mesh":
            # a convex mesh: its face normals and edge directions
            p = [matvec(R, [M.num(x) for x in v]) for v in s["vertices"]]
            out = []
            for f in s["faces"]:
                out.append(cross(sub(p[f[1]], p[f[0]]), sub(p[f[2]], p[f[0]])))
                out.extend(sub(p[f[(k + 1) % len(f)]], p[f[k]]) for k in range(len(f)))
            return out
        p = [matvec(R, [M.num(x) for x in v]) for v in s]
        e = [sub(p[1], p[0]), sub(p[2], p[1]), sub(p[0], p[2])]
        return [cross(e[0], e[1])] + e

    def contact_exact(self, t):
        """dist^2 <= D^2 decided in fractions (rational motions only)."""
        return self.dist_sq(Fraction(t), ExactMath) <= self.D * self.D

    def dist_sq_exact(self, t):
        return self.dist_sq(Fraction(t), ExactMath)

    # -- speed bounds --

    def speed_bound(self, a, b):
        """An upper bound of the relative speed of the cores' points on [a, b]."""
        if "query" in self.s:
            t0, t1 = self.interval
            total = 0.0
            for group in self.pts:
                sp = 0.0
                for p in group:
                    d = [float(Q(y) - Q(x)) for x, y in zip(p["start"], p.get("end", p["start"]))]
                    sp = max(sp, math.sqrt(dot(d, d)) / float(t1 - t0))
                total += sp
            return total * 1.000001 + 1e-12
        return (body_speed(self.a, self.core_a, a, b, self.interval, self.b)
                + body_speed(self.b, self.core_b, a, b, self.interval, self.a)) * 1.000001 + 1e-12


def norm_f(v):
    return math.sqrt(sum(float(x) ** 2 for x in v))


def ivq(x):
    x = Fraction(x)
    return iv.mpf(x.numerator) / x.denominator


def iv_peval(c, t):
    acc = iv.mpf(0)
    for x in reversed(c):
        acc = acc * t + ivq(x)
    return acc


def mag_hi(x):
    """An upper bound of |x| over the interval x."""
    return max(abs(float(x.a)), abs(float(x.b))) * (1 + 1e-12)


def mag_lo(x):
    """A lower bound of |x| over the interval x."""
    if x.a <= 0 <= x.b:
        return 0.0
    return min(abs(float(x.a)), abs(float(x.b))) * (1 - 1e-12)


def rational_speed(m, a, b, radius):
    """|(T/d)'| + 2 |q'| / |q| * radius over [a, b], by interval arithmetic."""
    t = iv.mpf([a, b])
    d = poly(m.get("denominator", "1"))
    dv, ddv = iv_peval(d, t), iv_peval(deriv(d), t)
    if dv.a <= 0 <= dv.b:
        return math.inf
    sq = 0.0
    for x in m["translation"]:
        T = poly(x)
        comp = (iv_peval(deriv(T), t) * dv - iv_peval(T, t) * ddv) / (dv * dv)
        sq += mag_hi(comp) ** 2
    qs = [poly(x) for x in m["quaternion"]]
    n2 = sum(mag_lo(iv_peval(q, t)) ** 2 for q in qs)
    dn2 = sum(mag_hi(iv_peval(deriv(q), t)) ** 2 for q in qs)
    if n2 <= 0:
        return math.inf
    omega = 2 * math.sqrt(dn2) / math.sqrt(n2)
    return (math.sqrt(sq) + omega * radius) * (1 + 1e-9)


def body_speed(body, pts, a, b, interval, other):
    radius = max(norm_f(p) for p in pts)
    motion = body.get("motion", "static")
    if motion == "static":
        return 0.0
    kind, m = next(iter(motion.items()))
    c = [float(Q(x)) for x in (body.get("pose") or {}).get("translation", ["0"] * 3)]
    if kind == "linear":
        return norm_f([Q(x) for x in m["velocity"]])
    if kind == "rational":
        return rational_speed(m, a, b, radius)
    if kind == "piecewise":
        best, lo = 0.0, float(interval[0])
        for piece in m["pieces"]:
            hi = float(Q(piece["until"])) if "until" in piece else float(interval[1])
            if hi >= a and lo <= b:
                best = max(best, body_speed({"pose": body.get("pose"), "motion": piece["motion"]}, pts,
                                            max(a, lo), min(b, hi), interval, other))
            lo = hi
        return best
    if kind == "angular":
        k = norm_f([Q(x) for x in m.get("center", ["0"] * 3)])
        return norm_f([Q(x) for x in m.get("velocity", ["0"] * 3)]) + norm_f([Q(x) for x in m["angular_velocity"]]) * (radius + k)
    if kind == "screw":
        p = [float(Q(x)) for x in m.get("axis_point", ["0"] * 3)]
        return abs(float(Q(m.get("slide", "0")))) + abs(float(Q(m["angle"]))) * (norm_f(sub(c, p)) + radius)
    if kind == "poses":
        if isinstance(other.get("motion"), dict) and "poses" in other["motion"]:
            # relative motion of b in a's start frame: a is at rest; b's speed
            # is bounded by the relative screw, in a's frame (rigid: same norms)
            Ra0, ca0 = pose_of(other.get("pose"), FloatMath)
            Ra1, ca1 = pose_of(other["motion"]["poses"]["end"], FloatMath)
            R0, c0 = pose_of(body.get("pose"), FloatMath)
            R1, c1 = pose_of(m["end"], FloatMath)
            sp = ScrewParams(matmul(transpose(Ra0), R0), matvec(transpose(Ra0), sub(c0, ca0)),
                             matmul(transpose(Ra1), R1), matvec(transpose(Ra1), sub(c1, ca1)), FloatMath)
        else:
            R0, c0 = pose_of(body.get("pose"), FloatMath)
            R1, c1 = pose_of(m["end"], FloatMath)
            sp = ScrewParams(R0, c0, R1, c1, FloatMath)
        dur = float(interval[1] - interval[0])
        if sp.theta is None:
            return norm_f(sp.d) / dur
        return (abs(sp.g) + sp.theta * (norm_f(sub(sp.c0, sp.u)) + radius)) / dur
    raise ValueError(kind)


# ---- the first contact ----------------------------------------------------------------


def live_leaves(prob, hmin, margin):
    """Cells of the certified subdivision not proved free of contact, in
    time order, split down to width `hmin`: (a, b, f(midpoint))."""
    t0, t1 = float(prob.interval[0]), float(prob.interval[1])
    stack = [(t0, t1)]
    while stack:
        a, b = stack.pop()
        m = (a + b) / 2
        fm = prob.f(m, FloatMath)
        L = prob.speed_bound(a, b)
        if fm - L * (b - a) / 2 > margin:
            continue
        if b - a <= hmin:
            yield a, b, fm
            continue
        stack.append((m, b))
        stack.append((a, m))


def mpq(x):
    return MpMath.num(Fraction(x))


def bisect(prob, lo, hi):
    """lo not in contact, hi in contact: the transition, to 1e-57 relative.
    On a signed function (the separating-axis gap of boxes and triangles,
    or dist - D with D > 0) by the Illinois variant of regula falsi, which
    keeps a sign-checked bracket and falls back to halving when a step
    does not halve it; on dist alone (D = 0, hulls) by plain halving."""
    lo = lo if isinstance(lo, mpmath.mpf) else mpq(lo)
    hi = hi if isinstance(hi, mpmath.mpf) else mpq(hi)
    tol = mpmath.mpf("1e-57") * max(1, abs(hi))
    if not prob.signed and prob.D == 0:
        while hi - lo > tol:
            mid = (lo + hi) / 2
            if in_contact(prob, mid):
                hi = mid
            else:
                lo = mid
        return hi
    value = prob.signed_value
    flo, fhi = value(lo), value(hi)
    assert flo > 0, flo
    if fhi > 0:
        # in contact to 1e-55 (a touch at hi, rounded): hi is the root
        return hi
    side, width = 0, hi - lo
    for k in range(2000):
        if hi - lo <= tol:
            break
        if k % 4 == 3:
            if hi - lo > width / 2:
                x = (lo + hi) / 2
            else:
                x = None
            width = hi - lo
        else:
            x = None
        if x is None:
            x = (lo * fhi - hi * flo) / (fhi - flo)
            if not lo < x < hi:
                x = (lo + hi) / 2
        fx = value(x)
        if fx > 0:
            lo, flo = x, fx
            if side == -1:
                fhi /= 2
            side = -1
        else:
            hi, fhi = x, fx
            if side == 1:
                flo /= 2
            side = 1
    return hi


def in_contact(prob, t):
    return prob.touching(t, MpMath)


def golden_min(prob, lo, hi):
    """The minimum of f on [lo, hi] (unimodal there), at 130 digits."""
    with mpmath.workdps(130):
        lo, hi = mpq(lo), mpq(hi)
        g = (mpmath.sqrt(5) - 1) / 2
        x1, x2 = hi - g * (hi - lo), lo + g * (hi - lo)
        f1, f2 = prob.f(x1, MpMath), prob.f(x2, MpMath)
        while hi - lo > mpmath.mpf("1e-62"):
            if f1 <= f2:
                hi, x2, f2 = x2, x1, f1
                x1 = hi - g * (hi - lo)
                f1 = prob.f(x1, MpMath)
            else:
                lo, x1, f1 = x1, x2, f2
                x2 = lo + g * (hi - lo)
                f2 = prob.f(x2, MpMath)
        x = (lo + hi) / 2
        return x, prob.f(x, MpMath)


def examine_run(prob, run):
    """The first contact in a run of live leaves, or None:
    (time as mpf, how: 'crossing' or 'tangent')."""
    samples = []
    for a, b, fm in run:
        if not samples or samples[-1][0] != a:
            samples.append((a, prob.f(a, FloatMath)))
        samples.append(((a + b) / 2, fm))
        samples.append((b, prob.f(b, FloatMath)))
    # the first sample in contact, in mpmath
    for k, (t, fv) in enumerate(samples):
        if fv <= 1e-9 and in_contact(prob, mpq(t)):
            if k == 0:
                raise ValueError("a run starts in contact")
            return bisect(prob, samples[k - 1][0], t), "crossing"
    k = min(range(len(samples)), key=lambda i: samples[i][1])
    lo = samples[max(0, k - 1)][0]
    hi = samples[min(len(samples) - 1, k + 1)][0]
    x, fx = golden_min(prob, lo, hi)
    if fx > mpmath.mpf("1e-35"):
        return None
    if fx >= mpmath.mpf("-1e-35"):
        return +x, "tangent"
    return bisect(prob, lo, x), "crossing"


def first_contact(prob, hmin_rel=1e-6):
    """{'collides', 'time' (mpf or None), 'how', 'initially_overlapping'}."""
    t0, t1 = prob.interval
    if in_contact(prob, mpq(t0)):
        return {"collides": True, "time": mpq(t0), "how": "at t0", "initially_overlapping": True}
    hmin = float(t1 - t0) * hmin_rel
    margin = 1e-10
    run = []
    since = None
    for leaf in live_leaves(prob, hmin, margin):
        if run and leaf[0] != run[-1][1]:
            res = examine_run(prob, run)
            if res:
                return done(res)
            run, since = [], None
        run.append(leaf)
        if leaf[2] <= 1e-9 and since is None:
            since = len(run)
        if since is not None and len(run) - since >= 8:
            res = examine_run(prob, run)
            if res:
                return done(res)
            run, since = [], None
    if run:
        res = examine_run(prob, run)
        if res:
            return done(res)
    return {"collides": False, "time": None, "how": "none", "initially_overlapping": False}


def done(res):
    t, how = res
    return {"collides": True, "time": t, "how": how, "initially_overlapping": False}


def fifty(t):
    return mpmath.nstr(t, 50, strip_zeros=False, min_fixed=-30, max_fixed=40)


# ---- a self-test against closed forms -------------------------------------------------


def self_test(n=200, seed=1):
    """GJK against two closed forms, in mpmath: a point and a box (clamp
    in the box's frame) and two segments whose nearest points are interior
    (the common perpendicular), and the exact run against the mpmath run."""
    import random
    rng = random.Random(seed)
    worst = mpmath.mpf(0)
    for _ in range(n):
        h = [Fraction(rng.randint(1, 20), 10) for _ in range(3)]
        q = [rng.randint(-5, 5) for _ in range(3)] + [rng.randint(1, 5)]
        R = quat_rotation([Fraction(x) for x in q])
        c = [Fraction(rng.randint(-30, 30), 10) for _ in range(3)]
        p = [Fraction(rng.randint(-60, 60), 10) for _ in range(3)]
        corners, _ = core({"box": {"half_extents": h}})
        box = [add(c, matvec(R, y)) for y in corners]
        local = matvec(transpose(R), sub(p, c))
        clamped = [max(-h[i], min(h[i], local[i])) for i in range(3)]
        exact = dot(sub(local, clamped), sub(local, clamped))
        got, _ = hull_distance_sq([p], box, ExactMath)
        assert got == exact, (got, exact)
        mp_box = [[MpMath.num(x) for x in v] for v in box]
        got_mp, _ = hull_distance_sq([[MpMath.num(x) for x in p]], mp_box, MpMath)
        worst = max(worst, abs(got_mp - MpMath.num(exact)))
        # two segments crossing over each other at height z
        z = Fraction(rng.randint(1, 30), 10)
        a = [[Fraction(-1), Fraction(0), Fraction(0)], [Fraction(2), Fraction(0), Fraction(0)]]
        b = [[Fraction(0), Fraction(-1), z], [Fraction(0), Fraction(3), z]]
        Rq = quat_rotation([Fraction(x) for x in q])
        a = [matvec(Rq, v) for v in a]
        b = [matvec(Rq, v) for v in b]
        got, _ = hull_distance_sq(a, b, ExactMath)
        assert got == z * z, (got, z)
    assert worst < mpmath.mpf("1e-50"), worst
    print(f"self-test: {n} point-box and segment-segment distances agree (mpmath error {mpmath.nstr(worst, 3)})")


if __name__ == "__main__":
    self_test()
