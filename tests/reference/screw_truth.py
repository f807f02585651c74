#!/usr/bin/env python3
"""Reference scenarios for two boxes under the motions engines use:
`screw` (any `t0`: the angle is `theta t` in the absolute time; 10 to 40
radians per unit time; slides), `poses` (relative rotations near and
exactly a half turn, both bodies using poses), and `angular` spins about
off-centre points with both bodies moving, with first contact times to 50
digits.

Method (`distance_reference.py`, beside this file, shared with
`shapes_truth.py`): the GJK distance of the two boxes' corner hulls
(Gilbert, Johnson, Keerthi 1988) in mpmath, certified subdivision with the
Lipschitz bound `|slide| + |angle| * distance to the axis` (screws),
`|v| + |w| * (radius + |centre|)` (spins) and the relative screw's
(poses), and bisection to 1e-55 on the sign of the separating-axis gap
(negative inside, Eberly, "Dynamic Collision Detection using Oriented
Bounding Boxes", Table 1), so that no solver's code or feature logic is
used. A scenario whose contact is within 1e-6 of an end of its interval
or a graze (the gap not below -1e-12 just after the contact) is drawn
again, so the set holds clear answers; a few without contact are kept.

Exact half turns: the axis of a `poses` motion turning by exactly pi has
no preferred sign. Those scenarios are symmetric under the mirror
`y -> -y` (boxes turned about y only, centres and axis in the plane
y = 0), which maps the turn one way onto the turn the other way, so both
signs give the same first contact.

    python3 tests/reference/screw_truth.py   # from the repository root

writes tests/reference/screw/*.json and tests/reference/screw/truth.json in
the format of `shapes_truth.py`. The Rust module tests/reference/screw.rs
reads them.
"""
import json
import math
import random
import sys
import time as clock
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import distance_reference as dr  # noqa: E402
from angular_truth import quaternion, r, vec  # noqa: E402
import mpmath  # noqa: E402

OUT = Path(__file__).resolve().parent / "screw"


def box(rng):
    return {"box": {"half_extents": [r(rng.uniform(0.3, 1.3), 2) for _ in range(3)]}}


def qmul(p, q):
    w0, x0, y0, z0 = p
    w1, x1, y1, z1 = q
    return [w0 * w1 - x0 * x1 - y0 * y1 - z0 * z1, w0 * x1 + x0 * w1 + y0 * z1 - z0 * y1,
            w0 * y1 - x0 * z1 + y0 * w1 + z0 * x1, w0 * z1 + x0 * y1 - y0 * x1 + z0 * w1]


def interval(rng):
    t0 = rng.choice(["0", "3", "-1", "10", "1/2", "-7/3", "25"])
    length = rng.choice(["1", "2", "1/4", "3/2"])
    return [t0, str(Fraction(t0) + Fraction(length))]


def start_near(rng, scale=1.0):
    """A start position about 2 to 3.5 from the origin, mostly along x."""
    return [rng.uniform(2.0, 3.5) * scale * rng.choice([-1, 1]), rng.uniform(-1, 1), rng.uniform(-1, 1)]


def screw_case(rng, kind):
    """kind: 'turns' (10 to 40 rad per unit time, no slide), 'slide',
    'zero' (t0 = 0, fast), 'both' (a moves too: linear or a screw)."""
    iv = ["0", rng.choice(["1", "1/2", "2"])] if kind == "zero" else interval(rng)
    a = {"shape": box(rng), "pose": {"quaternion": quaternion(rng), "translation": ["0", "0", "0"]}}
    start = start_near(rng)
    axis_point = [r(x * rng.uniform(0.3, 0.6)) for x in start]
    spin = rng.uniform(10, 40) * rng.choice([-1, 1])
    slide = r(rng.uniform(-3, 3)) if kind in ("slide", "both") else "0"
    b = {"shape": box(rng), "pose": {"quaternion": quaternion(rng), "translation": [r(x) for x in start]},
         "motion": {"screw": {"axis_point": axis_point, "axis_direction": vec(rng, -1, 1, 2),
                              "angle": r(spin), "slide": slide}}}
    if kind == "both":
        if rng.random() < 0.5:
            a["motion"] = {"linear": {"velocity": vec(rng, -1, 1)}}
        else:
            a["motion"] = {"screw": {"axis_point": vec(rng, -0.5, 0.5), "axis_direction": vec(rng, -1, 1, 2),
                                     "angle": r(rng.uniform(-12, 12)), "slide": r(rng.uniform(-1, 1))}}
    return iv, a, b


def poses_case(rng, kind):
    """kind: 'near_pi' (b turns by 2 atan(|axis| / eps) with |axis| >= 20
    eps), 'pi' (exactly a half turn, mirror-symmetric), 'both' (both
    bodies use poses, relative motion)."""
    iv = interval(rng)
    if kind == "pi":
        # boxes turned about y only, centres and axis in the plane y = 0
        def about_y():
            return [str(rng.randint(1, 6)), "0", str(rng.randint(-6, 6)), "0"]
        qa, qb = about_y(), about_y()
        a = {"shape": box(rng), "pose": {"quaternion": qa, "translation": [r(rng.uniform(-0.3, 0.3)), "0", r(rng.uniform(-0.3, 0.3))]}}
        x0 = rng.uniform(1.8, 3.0) * rng.choice([-1, 1])
        z0, z1 = rng.uniform(-1, 1), rng.uniform(-1, 1)
        x1 = -x0 * rng.uniform(0.6, 1.2) + rng.uniform(-0.5, 0.5)
        end_q = qmul([0, 0, 0, 1], [int(x) for x in qb])
        b = {"shape": box(rng), "pose": {"quaternion": qb, "translation": [r(x0), "0", r(z0)]},
             "motion": {"poses": {"end": {"quaternion": [str(x) for x in end_q], "translation": [r(x1), "0", r(z1)]}}}}
        return iv, a, b
    a = {"shape": box(rng), "pose": {"quaternion": quaternion(rng), "translation": ["0", "0", "0"]}}
    start = start_near(rng)
    q0 = [int(x) for x in quaternion(rng)]
    axis = [0, 0, 0]
    while sum(x * x for x in axis) < 400:
        axis = [rng.randint(-30, 30) for _ in range(3)]
    eps = rng.choice([1, 1, 2]) if kind != "both" else rng.choice([1, 3, 10])
    q1 = qmul([eps] + axis, q0)
    end_t = [r(-x * rng.uniform(0.2, 0.9)) for x in start]
    b = {"shape": box(rng), "pose": {"quaternion": [str(x) for x in q0], "translation": [r(x) for x in start]},
         "motion": {"poses": {"end": {"quaternion": [str(x) for x in q1], "translation": end_t}}}}
    if kind == "both":
        qa1 = qmul([rng.randint(1, 4)] + [rng.randint(-3, 3) for _ in range(3)], [int(x) for x in a["pose"]["quaternion"]])
        a["motion"] = {"poses": {"end": {"quaternion": [str(x) for x in qa1], "translation": vec(rng, -0.5, 0.5)}}}
    return iv, a, b


def angular_case(rng, kind):
    """kind: 'both' (both spin, off-centre), 'fast' (40 to 60 rad per unit
    time about an off-centre point)."""
    iv = interval(rng)
    T0 = float(Fraction(iv[0]))
    dur = float(Fraction(iv[1]) - Fraction(iv[0]))

    def spin(lo, hi):
        w = [rng.uniform(-1, 1) for _ in range(3)]
        n = math.sqrt(sum(x * x for x in w))
        s = rng.uniform(lo, hi)
        return [r(x / n * s) for x in w]

    start = start_near(rng, 1.3)
    v = [-x * rng.uniform(0.5, 1.2) / dur for x in start]
    shifted = [r(start[i] - v[i] * T0) for i in range(3)]
    b = {"shape": box(rng), "pose": {"quaternion": quaternion(rng), "translation": shifted},
         "motion": {"angular": {"velocity": [r(x) for x in v], "angular_velocity": spin(40, 60) if kind == "fast" else spin(2, 15),
                                "center": vec(rng, -1.5, 1.5)}}}
    a = {"shape": box(rng), "pose": {"quaternion": quaternion(rng), "translation": ["0", "0", "0"]}}
    if kind == "both":
        a["motion"] = {"angular": {"velocity": vec(rng, -0.5, 0.5), "angular_velocity": spin(2, 15), "center": vec(rng, -1, 1)}}
    return iv, a, b


PLAN = ([("screw", k) for k in ["turns"] * 10 + ["slide"] * 8 + ["zero"] * 4 + ["both"] * 8]
        + [("poses", k) for k in ["near_pi"] * 6 + ["pi"] * 5 + ["both"] * 5]
        + [("angular", k) for k in ["both"] * 4 + ["fast"] * 4])


def clear_truth(s):
    prob = dr.Problem(s)
    res = dr.first_contact(prob)
    if not res["collides"]:
        return res, prob
    T = res["time"]
    t0, t1 = (dr.mpq(x) for x in prob.interval)
    if res["how"] != "crossing":
        raise ValueError(res["how"])
    if T - t0 < 1e-6 or t1 - T < 1e-6:
        raise ValueError("contact too close to an end")
    if prob.f(T + mpmath.mpf("1e-7"), dr.MpMath) > -1e-12:
        raise ValueError("a graze")
    return res, prob


def main():
    OUT.mkdir(exist_ok=True)
    rng = random.Random(20261128)
    truth = {}
    misses = 0
    for index, (family, kind) in enumerate(PLAN):
        make = {"screw": screw_case, "poses": poses_case, "angular": angular_case}[family]
        attempts = 0
        while True:
            attempts += 1
            iv, a, b = make(rng, kind)
            name = f"{family}-{kind.replace('_', '-')}-{index:02d}"
            s = {"format": "exactccd/scenario-v1", "name": name, "interval": iv, "a": a, "b": b}
            start = clock.time()
            try:
                res, _ = clear_truth(s)
            except (ValueError, ZeroDivisionError):
                continue
            if not res["collides"]:
                if misses >= 6:
                    continue
                misses += 1
            break
        record(OUT, truth, s, res, f"({attempts} draws, {clock.time() - start:.1f}s)")


def record(out, truth, s, res, note):
    """Adds the scenario's truth to `truth` and writes the scenario and the
    set's truth.json to the folder `out`."""
    name = s["name"]
    entry = {"collides": res["collides"], "time": dr.fifty(res["time"]) if res["collides"] else None,
             "exact": None, "initially_overlapping": False, "how": res["how"]}
    truth[name] = entry
    (out / f"{name}.json").write_text(json.dumps(s, indent=1) + "\n")
    (out / "truth.json").write_text(json.dumps(truth, indent=1) + "\n")
    print(f"{name:28s} {s['interval']} {entry['time']} {note}", flush=True)


if __name__ == "__main__":
    main()
