#!/usr/bin/env python3
"""Reference scenarios for the shapes `sphere`, `capsule`, `convex` (and
`box`, `triangle`) and the minimum separation `separation`, with their
first contact times to 50 digits.

Method (`distance_reference.py`, beside this file): the distance of the
two solids is the GJK distance of their convex cores minus their radii
(Gilbert, Johnson, Keerthi 1988), evaluated in mpmath; the first time it
is `<= d` is found by certified subdivision with a Lipschitz bound from
the bodies' speeds and bisected to 1e-55; a tangential touch is the
minimum of the distance found by golden section at 130 digits and
accepted when within 1e-35 of `d`. Nothing here names a feature pair or
a Voronoi region, and nothing comes from the crate, so the truth is
independent of every solver it judges.

The scenarios are designed: at a rational time `T*` body `b` is placed
so that the gap between the bodies' support points along a rational unit
normal `n` is exactly `d` (or `d + 1e-9`, a near miss), and its velocity
enters along `-n` (an entry), slides across `n` (a tangent: the distance
has its minimum exactly `d`), leaves (a touch at `t0`) or stops short.
Under translations the distance is convex in `t`, so `T*` is then the
first contact; under rotations it need not be, and the subdivision
decides. Where the computed time equals the designed `T*` to 1e-40, the
exact rational is recorded after an exact check in fractions: the GJK
distance at `T*` run in `Fraction` arithmetic gives `dist^2 = D^2`, and
just before `T*` (by 1e-30) `dist^2 > D^2`.

    python3 tests/reference/shapes_truth.py   # from the repository root

writes tests/reference/shapes/*.json and tests/reference/shapes/truth.json:
{"name": {"collides", "time" (50 digits or null), "exact" ("p/q" or
null), "initially_overlapping", "how"}}. The Rust module
tests/reference/shapes.rs reads them; it does not need Python.
"""
import json
import random
import sys
import time as clock
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import distance_reference as dr  # noqa: E402

OUT = Path(__file__).resolve().parent / "shapes"

# rational unit normals (Pythagorean quadruples)
NORMALS = [(1, 2, 2, 3), (2, 3, 6, 7), (1, 4, 8, 9), (4, 4, 7, 9), (2, 6, 9, 11), (6, 6, 7, 11),
           (3, 4, 12, 13), (2, 10, 11, 15), (4, 8, 19, 21)]


def F(x, y=None):
    return Fraction(x) if y is None else Fraction(x, y)


def text(x):
    x = Fraction(x)
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def vtext(v):
    return [text(x) for x in v]


def unit_normal(rng):
    a, b, c, n = rng.choice(NORMALS)
    comps = [a, b, c]
    rng.shuffle(comps)
    return [F(x * rng.choice([-1, 1]), n) for x in comps]


def tangent_to(n, rng):
    """A rational vector orthogonal to n, of length about 1."""
    e = [F(rng.randint(-3, 3)) for _ in range(3)]
    t = dr.cross(n, e)
    while dr.dot(t, t) == 0:
        e = [F(rng.randint(-3, 3)) for _ in range(3)]
        t = dr.cross(n, e)
    s = max(abs(x) for x in t)
    return [x / s for x in t]


def quaternion(rng):
    return [rng.randint(-5, 5) for _ in range(3)] + [rng.randint(1, 5)]


def dec(rng, lo, hi, digits=2):
    return F(round(rng.uniform(lo, hi), digits)).limit_denominator(10 ** digits)


# ---- shapes ----------------------------------------------------------------------


def shape(kind, rng, degenerate=False):
    if kind == "sphere":
        return {"sphere": {"radius": text(rng.choice([F(1, 2), F(3, 4), F(1), F(3, 10), F(6, 5)]))}}
    if kind == "capsule":
        a = [dec(rng, -1, 1) for _ in range(3)]
        b = a if degenerate else [dec(rng, -1, 1) for _ in range(3)]
        return {"capsule": {"a": vtext(a), "b": vtext(b), "radius": text(rng.choice([F(1, 4), F(2, 5), F(1, 2)]))}}
    if kind == "box":
        return {"box": {"half_extents": [text(dec(rng, 0.3, 1.2)) for _ in range(3)]}}
    if kind == "triangle":
        return {"triangle": [vtext([dec(rng, -1.2, 1.2) for _ in range(3)]) for _ in range(3)]}
    if kind == "convex":
        pts = [[dec(rng, -1, 1) for _ in range(3)] for _ in range(rng.randint(5, 8))]
        centroid = [sum(p[i] for p in pts) / len(pts) for i in range(3)]
        # an interior point (the centroid) and a duplicate, on purpose
        pts.append(centroid)
        pts.append(list(pts[0]))
        rng.shuffle(pts)
        return {"convex": {"points": [vtext(p) for p in pts]}}
    raise ValueError(kind)


# ---- placing b so that the gap along n is exactly `gap` at T* ---------------------


def world_core_at(body, other, t, interval):
    pts, _ = dr.core(body["shape"])
    R, c = dr.a_placement(body, other, F(t), [F(x) for x in interval], dr.ExactMath)
    return [dr.add(c, dr.matvec(R, y)) for y in pts]


def place(a, b_shape, qb, tstar, n, gap, interval):
    """The translation c of b at T* (rotation rot(qb)) putting b's support
    point in -n exactly `gap` beyond a's support point in n."""
    A = world_core_at(a, {"shape": b_shape}, tstar, interval)
    pA = max(A, key=lambda p: dr.dot(p, n))
    Rb = dr.quat_rotation([F(x) for x in qb])
    pts, _ = dr.core(b_shape)
    yB = min(pts, key=lambda y: dr.dot(dr.matvec(Rb, y), n))
    return dr.sub(dr.add(pA, dr.scale(n, gap)), dr.matvec(Rb, yB))


def radius_of(s):
    return dr.core(s)[1]


def expand_shift(c, v, w, tstar):
    """Coefficients of c + (t - T*) v + (t - T*)^2 w, per axis."""
    out = []
    for i in range(3):
        c0 = c[i] - tstar * v[i] + tstar * tstar * w[i]
        c1 = v[i] - 2 * tstar * w[i]
        out.append([text(c0), text(c1), text(w[i])] if w[i] else [text(c0), text(c1)])
    return out


def build(name, kinds, approach, motion, rng, interval=("0", "1"), d=None, a_moves=False,
          b_shape=None, a_shape=None, n=None, note=""):
    """One designed scenario; returns (scenario, design) with design the
    expected (collides, T*) for the check."""
    t0, t1 = F(interval[0]), F(interval[1])
    length = t1 - t0
    if approach in ("away", "into"):
        tstar = t0
    elif approach == "at_t1":
        tstar = t1
    elif approach == "short":
        tstar = t1 + length / 4
    else:
        tstar = t0 + length * F(rng.randint(15, 85), 100)
    if d is None:
        d = rng.choice([F(0), F(1, 10), F(1, 4), F(1, 20)])
    a_shape = a_shape or shape(kinds[0], rng)
    b_shape = b_shape or shape(kinds[1], rng)
    n = n or unit_normal(rng)
    gap = d + radius_of(a_shape) + radius_of(b_shape)
    if approach == "miss":
        gap += F(1, 10 ** 9)
    if approach == "free":
        # entering, but from further than the design: under a rotation the
        # first contact is then an algebraic, generally irrational, time
        gap += dec(rng, 0.05, 0.3)
    a = {"shape": a_shape, "pose": {"quaternion": vtext(quaternion(rng)), "translation": ["0", "0", "0"]}}
    va = [F(0)] * 3
    if a_moves:
        va = [dec(rng, -1, 1) for _ in range(3)]
        a["motion"] = {"linear": {"velocity": vtext(va)}}
    qb = quaternion(rng)
    c = place(a, b_shape, qb, tstar, n, gap, interval)
    tang = tangent_to(n, rng)
    speed = F(rng.randint(2, 6)) / length
    if approach in ("entry", "at_t1", "into", "short", "free"):
        vrel = dr.add(dr.scale(n, -speed), dr.scale(tang, F(rng.randint(-3, 3), 4) / length))
    elif approach == "away":
        vrel = dr.add(dr.scale(n, speed), dr.scale(tang, F(rng.randint(-3, 3), 4) / length))
    else:  # tangent, miss: slide across n
        vrel = dr.scale(tang, speed)
    v = dr.add(va, vrel)
    b = {"shape": b_shape}
    if motion == "linear":
        b["pose"] = {"quaternion": vtext(qb), "translation": vtext(dr.sub(c, dr.scale(v, tstar)))}
        b["motion"] = {"linear": {"velocity": vtext(v)}}
    elif motion == "rational":
        qd = [F(rng.randint(-2, 2), 2) for _ in range(4)]
        qd[0] = F(0)
        w = [F(rng.randint(-2, 2), 4) for _ in range(3)]
        q_poly = [[text(qb[i] - tstar * qd[i]), text(qd[i])] if qd[i] else text(qb[i]) for i in range(4)]
        b["motion"] = {"rational": {"quaternion": q_poly, "translation": expand_shift(c, v, w, tstar)}}
    elif motion == "piecewise":
        s1 = t0 + (tstar - t0) / 2
        v1 = dr.add(v, [F(rng.randint(-2, 2), 2) for _ in range(3)])
        # piece 2 runs through T*; piece 1 ends where piece 2 starts
        c_s1 = dr.add(c, dr.scale(v, s1 - tstar))
        zero = [F(0)] * 3
        p1 = {"rational": {"quaternion": vtext(qb), "translation": expand_shift(c_s1, v1, zero, s1)}}
        p2 = {"rational": {"quaternion": vtext(qb), "translation": expand_shift(c, v, zero, tstar)}}
        b["motion"] = {"piecewise": {"pieces": [{"until": text(s1), "motion": p1}, {"motion": p2}]}}
    else:
        raise ValueError(motion)
    s = {"format": "exactccd/scenario-v1", "name": name, "interval": [text(t0), text(t1)], "a": a, "b": b}
    if d:
        s["separation"] = text(d)
    expect_collides = approach not in ("miss", "short")
    if approach == "free":
        expect_collides, tstar = None, None
    design = {"collides": expect_collides, "tstar": tstar if expect_collides else None,
              "approach": approach, "translation_only": motion != "rational", "note": note}
    return s, design


def query(name, kind, approach, rng, d, interval=("0", "1")):
    """A primitive query (vertex-face or edge-edge) with separation d. The
    face is horizontal and the edges cross above each other, so the
    normal is the z axis; a tangent and a near miss use a generic rational
    normal and the support points instead (the distance along a line is
    convex, and its minimum is a point, not a stretch of flat distance)."""
    t0, t1 = F(interval[0]), F(interval[1])
    length = t1 - t0
    tstar = {"away": t0, "at_t1": t1}.get(approach, t0 + length * F(rng.randint(15, 85), 100))
    gap = d + (F(1, 10 ** 9) if approach == "miss" else 0)
    up = [F(0), F(0), F(1)]
    if kind == "vertex_face":
        fixed = [[dec(rng, -2, 2), dec(rng, -2, 2), F(0)] for _ in range(3)]
        if approach in ("tangent", "miss"):
            n = unit_normal(rng)
            pstar = dr.add(max(fixed, key=lambda p: dr.dot(p, n)), dr.scale(n, gap))
        else:
            n = up
            pstar = [sum(p[0] for p in fixed) / 3, sum(p[1] for p in fixed) / 3, gap]
        moving = [pstar]
    else:
        ca, sa = F(3, 5), F(4, 5)
        ea, eb = [ca, sa, F(0)], [-sa, ca, F(0)]
        la, lb = dec(rng, 0.5, 1.5), dec(rng, 0.5, 1.5)
        sa_, sb_ = dec(rng, -0.4, 0.4), dec(rng, -0.4, 0.4)
        mid = [dec(rng, -0.5, 0.5), dec(rng, -0.5, 0.5), F(0)]
        fixed = [dr.add(mid, dr.scale(ea, -la - sa_)), dr.add(mid, dr.scale(ea, la - sa_))]
        seg = [dr.scale(eb, -lb - sb_), dr.scale(eb, lb - sb_)]
        if approach in ("tangent", "miss"):
            n = unit_normal(rng)
            pa = max(fixed, key=lambda p: dr.dot(p, n))
            yb = min(seg, key=lambda p: dr.dot(p, n))
            off = dr.sub(dr.add(pa, dr.scale(n, gap)), yb)
        else:
            n = up
            off = dr.add(mid, dr.scale(up, gap))
        moving = [dr.add(off, p) for p in seg]
    tang = tangent_to(n, rng) if approach in ("tangent", "miss") else [F(rng.randint(-2, 2), 10), F(rng.randint(-2, 2), 10), F(0)]
    speed = F(rng.randint(2, 5)) / length
    if approach in ("entry", "at_t1"):
        vel = dr.add(dr.scale(n, -speed), tang)
    elif approach == "away":
        vel = dr.add(dr.scale(n, speed), tang)
    else:
        vel = dr.scale(tang, speed)
    def point(p):
        return {"start": vtext(dr.add(p, dr.scale(vel, t0 - tstar))), "end": vtext(dr.add(p, dr.scale(vel, t1 - tstar)))}
    if kind == "vertex_face":
        q = {"vertex_face": {"vertex": point(moving[0]), "face": [{"start": vtext(p)} for p in fixed]}}
    else:
        q = {"edge_edge": {"a": [{"start": vtext(p)} for p in fixed], "b": [point(p) for p in moving]}}
    s = {"format": "exactccd/scenario-v1", "name": name, "interval": [text(t0), text(t1)], "query": q}
    if d:
        s["separation"] = text(d)
    collides = approach != "miss"
    return s, {"collides": collides, "tstar": tstar if collides else None, "approach": approach,
               "translation_only": True, "note": ""}


# ---- the set ------------------------------------------------------------------------

PAIRS = [("sphere", "sphere"), ("sphere", "box"), ("sphere", "triangle"), ("capsule", "capsule"),
         ("capsule", "box"), ("capsule", "triangle"), ("sphere", "capsule"), ("convex", "box"),
         ("convex", "convex"), ("convex", "sphere"), ("box", "box"), ("triangle", "box")]

VARIANTS = [("entry", "linear"), ("entry", "rational"), ("free", "rational"), ("tangent", "linear"), ("miss", "linear"),
            ("away", "linear"), ("at_t1", "linear"), ("short", "linear")]

INTERVALS = [("0", "1"), ("0", "1"), ("1/2", "3/2"), ("-1", "1"), ("2", "5/2")]


def scenarios():
    rng = random.Random(20261128)
    out = []
    for pair in PAIRS:
        tag = f"{pair[0]}-{pair[1]}"
        for approach, motion in VARIANTS:
            d = None
            if pair in (("box", "box"), ("triangle", "box")):
                d = rng.choice([F(1, 10), F(1, 4), F(1, 20), F(3, 5)])
            interval = rng.choice(INTERVALS)
            a_moves = rng.random() < 0.3
            out.append(build(f"{tag}-{approach}-{motion}", pair, approach, motion, rng, interval, d, a_moves))
    # degenerate and special cases
    box_n = [F(0), F(0), F(1)]
    flat_box = {"box": {"half_extents": ["1", "1", "1/2"]}}
    out.append(build("capsule-parallel-face", ("box", "capsule"), "entry", "linear", rng, d=F(1, 10),
                     a_shape=flat_box, b_shape={"capsule": {"a": ["-1/2", "0", "0"], "b": ["1/2", "0", "0"], "radius": "1/4"}},
                     n=box_n, note="capsule parallel to a face"))
    out.append(build("capsule-degenerate-box", ("box", "capsule"), "entry", "linear", rng,
                     b_shape=shape("capsule", rng, degenerate=True)))
    out.append(build("capsule-degenerate-tangent", ("capsule", "capsule"), "tangent", "linear", rng, d=F(1, 5),
                     b_shape=shape("capsule", rng, degenerate=True)))
    out.append(build("convex-static-touch-t0", ("convex", "convex"), "away", "linear", rng, d=F(0)))
    out.append(build("sphere-sphere-both-linear", ("sphere", "sphere"), "entry", "linear", rng, a_moves=True))
    for k, pair in enumerate([("sphere", "box"), ("capsule", "triangle"), ("convex", "box")]):
        out.append(build(f"{pair[0]}-{pair[1]}-piecewise", pair, "entry", "piecewise", rng, ("0", "1"), F(1, 10)))
    for approach in ("entry", "tangent", "miss", "away", "at_t1"):
        out.append(query(f"query-vertex-face-{approach}", "vertex_face", approach, rng, F(1, 10)))
    for approach in ("entry", "tangent", "miss", "away", "at_t1"):
        out.append(query(f"query-edge-edge-{approach}", "edge_edge", approach, rng, F(1, 8)))
    return out


def today_scenarios():
    """Two boxes and a triangle with a box at zero distance (no newer
    field): the solvers take these today, a check of the reference."""
    rng = random.Random(20261129)
    out = []
    variants = VARIANTS + [("free", "rational"), ("free", "linear"), ("entry", "piecewise")]
    for pair in (("box", "box"), ("triangle", "box")):
        tag = f"{pair[0]}-{pair[1]}"
        for k, (approach, motion) in enumerate(variants):
            interval = rng.choice(INTERVALS)
            out.append(build(f"{tag}-{approach}-{motion}-{k}", pair, approach, motion, rng, interval, F(0),
                             rng.random() < 0.3))
    return out


def truth_of(s, design):
    prob = dr.Problem(s)
    res = dr.first_contact(prob)
    entry = {"collides": res["collides"], "time": None, "exact": None,
             "initially_overlapping": res["initially_overlapping"], "how": res["how"],
             "touch": is_touch(design, res["collides"])}
    if res["collides"]:
        entry["time"] = dr.fifty(res["time"])
    tstar = design["tstar"]
    if res["collides"] and tstar is not None and abs(res["time"] - dr.mpq(tstar)) < dr.mpmath.mpf("1e-40"):
        # the exact check: dist^2 = D^2 at T* (or <= at t0), > D^2 just before
        dd = prob.dist_sq_exact(tstar)
        D2 = prob.D * prob.D
        before_ok = tstar == prob.interval[0] or prob.dist_sq_exact(tstar - F(1, 10 ** 30)) > D2
        if dd == D2 and before_ok:
            entry["exact"] = text(tstar)
        else:
            raise AssertionError(f"{s['name']}: exact check failed at {tstar}: {dd} vs {D2}")
    elif res["collides"]:
        entry["exact"] = recognised_rational(prob, entry["time"])
    return entry


TOUCHES = ("tangent", "away", "at_t1")


def is_touch(design, collides):
    """A contact of zero length by design: a tangential touch, a touch at
    t0 that separates, an entry that reaches d exactly at t1."""
    return bool(collides) and design["approach"] in TOUCHES


def mark_touches():
    """Adds `touch` to the truth files from the designs, checking that the
    seeded generator reproduces every scenario file exactly."""
    for folder, make in (("shapes", scenarios), ("shapes_today", today_scenarios)):
        out = OUT.parent / folder
        tp = out / "truth.json"
        truth = json.loads(tp.read_text())
        for s, design in make():
            on_disk = json.loads((out / f"{s['name']}.json").read_text())
            assert on_disk == s, f"{folder}/{s['name']}: the generator does not reproduce the file"
            truth[s["name"]]["touch"] = is_touch(design, truth[s["name"]]["collides"])
        tp.write_text(json.dumps(truth, indent=1) + "\n")


def recognised_rational(prob, time):
    """A rational of denominator below 1e12 within 1e-45 of the 50-digit
    time, confirmed exactly (dist^2 = D^2 there, > D^2 1e-30 before), or
    None. Under translations a polytope pair's first contact is rational."""
    guess = Fraction(time).limit_denominator(10 ** 12)
    if abs(dr.mpq(guess) - dr.mpmath.mpf(time)) > dr.mpmath.mpf("1e-45"):
        return None
    D2 = prob.D * prob.D
    if prob.dist_sq_exact(guess) == D2 and prob.dist_sq_exact(guess - F(1, 10 ** 30)) > D2:
        return text(guess)
    return None


def upgrade_exact(folder):
    """Adds the recognised rationals to an existing truth.json."""
    out = OUT.parent / folder
    tp = out / "truth.json"
    truth = json.loads(tp.read_text())
    for name, entry in truth.items():
        if entry["collides"] and entry["exact"] is None and not entry["initially_overlapping"]:
            s = json.loads((out / f"{name}.json").read_text())
            entry["exact"] = recognised_rational(dr.Problem(s), entry["time"])
            if entry["exact"]:
                print(f"{folder}/{name}: exactly {entry['exact']}")
    tp.write_text(json.dumps(truth, indent=1) + "\n")


def main():
    only = sys.argv[1:]
    if only[:1] == ["--mark-touches"]:
        mark_touches()
        return
    if only[:1] == ["--upgrade-exact"]:
        for folder in only[1:]:
            upgrade_exact(folder)
        return
    for folder, make in (("shapes", scenarios), ("shapes_today", today_scenarios)):
        out = OUT.parent / folder
        out.mkdir(exist_ok=True)
        truth = {}
        tp = out / "truth.json"
        if only and tp.exists():
            truth = json.loads(tp.read_text())
        for s, design in make():
            if only and not any(o in f"{folder}/{s['name']}" for o in only):
                continue
            start = clock.time()
            entry = truth_of(s, design)
            agree = design["collides"] is None or (entry["collides"] == design["collides"]) and \
                (entry["exact"] is not None or not design["collides"])
            flag = "" if agree else "  (differs from the design)"
            print(f"{folder}/{s['name']:40s} {entry['how']:10s} {entry['time']} {entry['exact']} "
                  f"{clock.time() - start:.1f}s{flag}", flush=True)
            truth[s["name"]] = entry
            (out / f"{s['name']}.json").write_text(json.dumps(s, indent=1) + "\n")
            tp.write_text(json.dumps(truth, indent=1) + "\n")


if __name__ == "__main__":
    main()
