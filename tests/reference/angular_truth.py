#!/usr/bin/env python3
"""An independent reference for two boxes under the motions engines use:
`angular` (with and without `center`), `screw` and `poses` (and `static`,
`linear` for the other body). It writes scenario files and their first
contact times to 50 digits, computed with mpmath and nothing of the crate.

Method: two closed boxes are disjoint exactly when one of the 15 axes of
the separating-axis test separates them (Eberly, "Dynamic Collision
Detection using OBBs", Table 1), so the first contact time is the first
zero of

    G(t) = max over the axes L of (|(c_B - c_A) . L| - r_A(L) - r_B(L)) / |L|

(r_X(L) = sum_i h_i |X_i . L|). G is scanned in double precision with
steps of G(t) / K (K a bound of the speed of G: the relative speed of the
boxes' points, doubled), never more than 1/2000 and never less than 1e-8 of
the interval, so that no zero is stepped over (but a contact shorter than
1e-8 of the interval); the first bracket where G <= 0 is refined by
bisection on G at 60 digits. A scenario that overlaps or nearly touches
at t0, whose truth is not at least 1e-6 inside its interval, or whose
overlap does not deepen right after the contact (a graze), is rejected and
regenerated, so the set holds clear answers.

    python3 tests/reference/angular_truth.py   # from the repository root

writes tests/reference/angular/*.json and tests/reference/angular/truth.json
({"name": "time" or null}). The Rust test (tests/sat/cells.rs) reads them;
it does not need Python.
"""
import json
import math
import random
from fractions import Fraction
from pathlib import Path

import mpmath

mpmath.mp.dps = 60
OUT = Path(__file__).resolve().parent / "angular"


# ---- small linear algebra, generic over float and mpf ----------------------

def dot(u, v):
    return u[0] * v[0] + u[1] * v[1] + u[2] * v[2]


def cross(u, v):
    return [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]]


def add(u, v):
    return [u[i] + v[i] for i in range(3)]


def sub(u, v):
    return [u[i] - v[i] for i in range(3)]


def scale(u, s):
    return [x * s for x in u]


def matvec(m, v):
    return [dot(m[i], v) for i in range(3)]


def matmul(a, b):
    return [[sum(a[i][k] * b[k][j] for k in range(3)) for j in range(3)] for i in range(3)]


def transpose(m):
    return [[m[j][i] for j in range(3)] for i in range(3)]


def rotation(axis, angle, M):
    """Rotation by `angle` about `axis` (any length), Rodrigues."""
    n = M.sqrt(dot(axis, axis))
    k = [x / n for x in axis]
    c, s = M.cos(angle), M.sin(angle)
    K = [[0, -k[2], k[1]], [k[2], 0, -k[0]], [-k[1], k[0], 0]]
    K2 = matmul(K, K)
    return [[(1 if i == j else 0) + s * K[i][j] + (1 - c) * K2[i][j] for j in range(3)] for i in range(3)]


def quat_rotation(q):
    w, x, y, z = q
    n = w * w + x * x + y * y + z * z
    return [
        [(w * w + x * x - y * y - z * z) / n, 2 * (x * y - w * z) / n, 2 * (x * z + w * y) / n],
        [2 * (x * y + w * z) / n, (w * w - x * x + y * y - z * z) / n, 2 * (y * z - w * x) / n],
        [2 * (x * z - w * y) / n, 2 * (y * z + w * x) / n, (w * w - x * x - y * y + z * z) / n],
    ]


class FloatMath:
    sqrt = staticmethod(math.sqrt)
    cos = staticmethod(math.cos)
    sin = staticmethod(math.sin)
    acos = staticmethod(math.acos)

    @staticmethod
    def num(q):
        return float(Fraction(q))


class MpMath:
    sqrt = staticmethod(mpmath.sqrt)
    cos = staticmethod(mpmath.cos)
    sin = staticmethod(mpmath.sin)
    acos = staticmethod(mpmath.acos)

    @staticmethod
    def num(q):
        f = Fraction(q)
        return mpmath.mpf(f.numerator) / f.denominator


# ---- motions ----------------------------------------------------------------

def placement(body, t, interval, M):
    """(frame, origin): x = origin + frame y at time t."""
    pose = body.get("pose", {})
    R = quat_rotation([M.num(x) for x in pose["quaternion"]]) if "quaternion" in pose else \
        [[M.num(1) if i == j else M.num(0) for j in range(3)] for i in range(3)]
    c = [M.num(x) for x in pose.get("translation", ["0", "0", "0"])]
    motion = body.get("motion", "static")
    if motion == "static":
        return R, c
    kind, m = next(iter(motion.items()))
    if kind == "linear":
        return R, add(c, scale([M.num(x) for x in m["velocity"]], t))
    if kind == "angular":
        v = [M.num(x) for x in m.get("velocity", ["0", "0", "0"])]
        w = [M.num(x) for x in m["angular_velocity"]]
        k = [M.num(x) for x in m.get("center", ["0", "0", "0"])]
        p = add(c, matvec(R, k))
        n = M.sqrt(dot(w, w))
        E = rotation(w, n * t, M) if n != 0 else [[1, 0, 0], [0, 1, 0], [0, 0, 1]]
        F = matmul(E, R)
        return F, sub(add(p, scale(v, t)), matvec(F, k))
    if kind == "screw":
        q = [M.num(x) for x in m.get("axis_point", ["0", "0", "0"])]
        u = [M.num(x) for x in m["axis_direction"]]
        theta, g = M.num(m["angle"]), M.num(m.get("slide", "0"))
        E = rotation(u, theta * t, M)
        un = scale(u, 1 / M.sqrt(dot(u, u)))
        return matmul(E, R), add(add(q, matvec(E, sub(c, q))), scale(un, g * t))
    if kind == "poses":
        end = m["end"]
        R1 = quat_rotation([M.num(x) for x in end["quaternion"]]) if "quaternion" in end else \
            [[M.num(1) if i == j else M.num(0) for j in range(3)] for i in range(3)]
        c1 = [M.num(x) for x in end.get("translation", ["0", "0", "0"])]
        A = matmul(R1, transpose(R))
        d = sub(c1, matvec(A, c))  # the displacement x -> A x + d
        cos_theta = (A[0][0] + A[1][1] + A[2][2] - 1) / 2
        theta = M.acos(max(min(cos_theta, 1), -1))
        r = [A[2][1] - A[1][2], A[0][2] - A[2][0], A[1][0] - A[0][1]]
        vhat = scale(r, 1 / M.sqrt(dot(r, r)))
        g = dot(d, vhat)
        d_perp = sub(d, scale(vhat, g))
        # the axis point closest to the origin (Buss, section 4.1)
        u = add(scale(d_perp, M.num("1/2")), scale(cross(vhat, d_perp), 1 / (2 * M.sin(theta) / (1 + cos_theta))))
        if M is FloatMath:
            # the screw maps its axis point to itself plus the slide
            moved = add(matvec(A, u), d)
            assert all(abs(moved[i] - u[i] - g * vhat[i]) < 1e-9 for i in range(3))
        t0, t1 = (M.num(x) for x in interval)
        s = (t - t0) / (t1 - t0)
        E = rotation(vhat, theta * s, M)
        return matmul(E, R), add(add(u, matvec(E, sub(c, u))), scale(vhat, g * s))
    raise ValueError(kind)


def gap(a, b, t, interval, M):
    """G(t): the largest normalised separation over the 15 axes."""
    Fa, oa = placement(a, t, interval, M)
    Fb, ob = placement(b, t, interval, M)
    ha = [M.num(x) for x in a["shape"]["box"]["half_extents"]]
    hb = [M.num(x) for x in b["shape"]["box"]["half_extents"]]
    A = [[Fa[k][i] for k in range(3)] for i in range(3)]
    B = [[Fb[k][i] for k in range(3)] for i in range(3)]
    axes = A + B + [cross(x, y) for x in A for y in B]
    d = sub(ob, oa)
    best = None
    for L in axes:
        n = M.sqrt(dot(L, L))
        if n < 1e-12:
            continue
        r = sum(ha[i] * abs(dot(A[i], L)) for i in range(3)) + sum(hb[i] * abs(dot(B[i], L)) for i in range(3))
        g = (abs(dot(d, L)) - r) / n
        best = g if best is None or g > best else best
    return best


def speed_bound(body, interval):
    """A bound of the speed of any point of the body."""
    motion = body.get("motion", "static")
    h = [float(Fraction(x)) for x in body["shape"]["box"]["half_extents"]]
    radius = math.sqrt(sum(x * x for x in h))
    c = [float(Fraction(x)) for x in body.get("pose", {}).get("translation", ["0", "0", "0"])]
    if motion == "static":
        return 0.0
    kind, m = next(iter(motion.items()))
    if kind == "linear":
        return math.sqrt(sum(float(Fraction(x)) ** 2 for x in m["velocity"]))
    if kind == "angular":
        v = math.sqrt(sum(float(Fraction(x)) ** 2 for x in m.get("velocity", ["0"] * 3)))
        w = math.sqrt(sum(float(Fraction(x)) ** 2 for x in m["angular_velocity"]))
        k = math.sqrt(sum(float(Fraction(x)) ** 2 for x in m.get("center", ["0"] * 3)))
        return v + w * (radius + k)
    if kind == "screw":
        q = [float(Fraction(x)) for x in m.get("axis_point", ["0"] * 3)]
        dist = math.sqrt(sum((c[i] - q[i]) ** 2 for i in range(3)))
        return abs(float(Fraction(m.get("slide", "0")))) + abs(float(Fraction(m["angle"]))) * (dist + radius)
    if kind == "poses":
        # the relative displacement over the interval, at most a half turn
        end = m["end"]
        c1 = [float(Fraction(x)) for x in end.get("translation", ["0"] * 3)]
        move = math.sqrt(sum((c1[i] - c[i]) ** 2 for i in range(3)))
        dur = float(Fraction(interval[1]) - Fraction(interval[0]))
        return (move + math.pi * (radius + move + 10)) / dur
    raise ValueError(kind)


def first_contact(s):
    """The first contact time to 50 digits (a string), or None; raises
    ValueError for a scenario too close to a graze or to an end."""
    a, b, interval = s["a"], s["b"], s.get("interval", ["0", "1"])
    t0, t1 = (float(Fraction(x)) for x in interval)
    K = 2 * (speed_bound(a, interval) + speed_bound(b, interval)) + 1e-9
    step_max = (t1 - t0) / 2000
    g0 = gap(a, b, t0, interval, FloatMath)
    if g0 <= 1e-6:
        raise ValueError("touching or too close at t0")
    step_min = (t1 - t0) * 1e-8
    t, g, prev = t0, g0, t0
    while t < t1:
        prev = t
        t = min(t1, t + min(step_max, max(g / K, step_min)))
        g = gap(a, b, t, interval, FloatMath)
        if g <= 0:
            break
    else:
        return None
    lo, hi = MpMath.num(str(Fraction(prev).limit_denominator(10**15))), MpMath.num(str(Fraction(t).limit_denominator(10**15)))
    G = lambda x: gap(a, b, x, interval, MpMath)
    if G(lo) <= 0:
        lo = MpMath.num(str(Fraction(prev)))
    if G(hi) > 0:
        hi = MpMath.num(str(Fraction(t)))
    assert G(lo) > 0 and G(hi) <= 0
    for _ in range(200):
        mid = (lo + hi) / 2
        if G(mid) > 0:
            lo = mid
        else:
            hi = mid
    T = (lo + hi) / 2
    if T - MpMath.num(interval[0]) < 1e-6 or MpMath.num(interval[1]) - T < 1e-6:
        raise ValueError("contact too close to an end")
    # the contact is a real entry, not a graze: overlap deepens after T
    if G(T + mpmath.mpf("1e-7")) > -1e-12:
        raise ValueError("a graze (G does not turn negative)")
    return mpmath.nstr(T, 50, strip_zeros=False)


# ---- the scenario set ---------------------------------------------------------

def r(x, digits=3):
    return str(round(x, digits))


def vec(rng, lo, hi, digits=3):
    return [r(rng.uniform(lo, hi), digits) for _ in range(3)]


def quaternion(rng):
    return [str(rng.randint(-9, 9)) for _ in range(3)] + [str(rng.randint(1, 9))]


def box(rng):
    return {"box": {"half_extents": [r(rng.uniform(0.3, 1.5), 2) for _ in range(3)]}}


def make(rng, index):
    """One scenario of the class `index % 8` (docs of the module)."""
    kind = index % 8
    t0 = rng.choice(["0", "0", "1/2", "3", "-1", "10"])
    length = rng.choice(["1", "2", "1/4", "3/2"])
    t1 = str(Fraction(t0) + Fraction(length))
    interval = [t0, t1]
    a = {"shape": box(rng), "pose": {"quaternion": quaternion(rng), "translation": ["0", "0", "0"]}}
    start = [rng.uniform(3.5, 5.5) * rng.choice([-1, 1]), rng.uniform(-1, 1), rng.uniform(-1, 1)]
    dur = float(Fraction(length))
    toward = [-x * rng.uniform(0.6, 1.4) / dur for x in start]
    b_pose = {"quaternion": quaternion(rng), "translation": [r(x) for x in start]}
    # motions are written in the absolute time t: shift the start back so
    # that the body is at `start` at t0
    T0 = float(Fraction(t0))
    spin = rng.uniform(10, 40) if kind in (0, 1, 4) else rng.uniform(0.5, 6)
    w_dir = [rng.uniform(-1, 1) for _ in range(3)]
    w_len = math.sqrt(sum(x * x for x in w_dir))
    w = [r(x / w_len * spin) for x in w_dir]
    if kind in (0, 1, 2, 3):
        # angular, centred (even kinds) or off-centre (odd), with or without linear velocity
        centre = ["0", "0", "0"] if kind % 2 == 0 else vec(rng, -1.5, 1.5)
        v = [r(x) for x in toward] if kind != 2 else ["0", "0", "0"]
        if kind == 2:
            # no linear velocity: start near enough for the spin to reach
            b_pose["translation"] = [r(x * 0.75) for x in start]
        shifted = [r(float(Fraction(b_pose["translation"][i])) - float(Fraction(v[i])) * T0) for i in range(3)]
        b_pose["translation"] = shifted
        motion = {"angular": {"velocity": v, "angular_velocity": w}}
        if kind % 2 == 1:
            motion["angular"]["center"] = centre
        b = {"shape": box(rng), "pose": b_pose, "motion": motion}
    elif kind in (4, 5, 6):
        # screws: many turns (4), slides (5), about an axis near a
        axis_point = vec(rng, -1, 1) if kind != 6 else [r(x * 0.5) for x in start]
        turns = float(Fraction(length)) * spin
        slide_speed = [0.0, rng.uniform(-3, 3), rng.uniform(-1, 1)][kind - 4]
        angle = r(spin)
        b_pose["translation"] = [r(x * 0.8) for x in start]
        motion = {"screw": {"axis_point": axis_point, "axis_direction": vec(rng, -1, 1, 2),
                            "angle": angle, "slide": r(slide_speed)}}
        b = {"shape": box(rng), "pose": b_pose, "motion": motion}
        del turns
    else:
        # poses: from the start pose to an end pose near a half turn away
        q0 = [int(x) for x in b_pose["quaternion"]]
        axis = [0, 0, 0]
        while sum(x * x for x in axis) < 25:
            axis = [rng.randint(-7, 7) for _ in range(3)]
        # a quaternion (eps, axis) with |axis| >= 5 eps turns by 2 atan(|axis| / eps) > 2.7
        eps = rng.choice([1, 1, 2])
        turn = [eps] + axis
        w0, x0, y0, z0 = turn
        w1, x1, y1, z1 = q0
        q1 = [w0 * w1 - x0 * x1 - y0 * y1 - z0 * z1, w0 * x1 + x0 * w1 + y0 * z1 - z0 * y1,
              w0 * y1 - x0 * z1 + y0 * w1 + z0 * x1, w0 * z1 + x0 * y1 - y0 * x1 + z0 * w1]
        end_t = [r(-x * rng.uniform(0.3, 0.9)) for x in start]
        b = {"shape": box(rng), "pose": b_pose, "motion": {"poses": {"end": {"quaternion": [str(x) for x in q1], "translation": end_t}}}}
    if kind in (3, 5) and rng.random() < 0.7:
        # the other body moves too
        a["motion"] = {"linear": {"velocity": vec(rng, -1, 1)}}
    return {"format": "exactccd/scenario-v1", "name": f"cells-{index:02d}", "interval": interval, "a": a, "b": b}


def main():
    OUT.mkdir(exist_ok=True)
    rng = random.Random(20261125)
    truth = {}
    index = 0
    misses = 0
    attempts = 0
    while index < 32:
        attempts += 1
        s = make(rng, index)
        try:
            t = first_contact(s)
        except (ValueError, ZeroDivisionError) as e:
            continue
        if t is None:
            # keep a few scenarios without contact
            if misses >= 4:
                continue
            misses += 1
        truth[s["name"]] = t
        (OUT / f"{s['name']}.json").write_text(json.dumps(s, indent=1) + "\n")
        print(s["name"], list(s["b"]["motion"].keys())[0], s["interval"], t, flush=True)
        index += 1
    (OUT / "truth.json").write_text(json.dumps(truth, indent=1) + "\n")
    print(f"{attempts} attempts")


if __name__ == "__main__":
    main()
