#!/usr/bin/env python3
"""Reference first contacts, to 50 digits, with a minimum separation
`d > 0`: boxes, triangles, tetrahedra, octahedra, spheres and capsules
against one another under the motions engines use (`screw`: fast turns,
slides, both bodies moving; `poses`: near a half turn, both bodies using
poses; `angular`: off-centre spins, fast spins), on intervals not starting
at 0. The first contact is the first time the solids come within `d` of
each other.

The motions are drawn as in `polytope_truth.py` (`screw_truth.py`'s
generators with the shapes replaced); each scenario is given its pair of
shapes from a fixed list (thirteen pairs of polytopes, eleven with a
sphere or a capsule) and its separation, a small rational (1/20, 1/8, 1/4, 3/10,
1/10, 2/5, 1/1000, 1/10000), before its truth is computed. The truth is
the distance reference (`distance_reference.py`): GJK on the convex cores
in mpmath and certified subdivision of `dist(cores) - (d + r_A + r_B)`,
sharing nothing with the crate. A drawing is redrawn until its interval
does not start at 0 and its truth is clear (`screw_truth.clear_truth`: a
crossing at least 1e-6 inside the interval, not a graze, not within `d`
already at `t0`); four scenarios are drawn until they have no contact at
all and yet come within `d + 1/2` (the gap sampled at 2001 times), the
others until they have one. Each scenario has its own seed, so one can be
drawn again alone.

    python3 tests/reference/separated_truth.py        # from the repository root
    python3 tests/reference/separated_truth.py 3 17   # only these scenarios

writes tests/reference/separated/ (scenarios and truth.json; with indices
given, their entries are replaced in the existing truth.json).
"""
import json
import random
import sys
import time as clock
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import polytope_truth as pt  # noqa: E402
import screw_truth  # noqa: E402
from distance_reference import FloatMath  # noqa: E402

OUT = Path(__file__).resolve().parent / "separated"
SEED = 20261201

BOX, TRI, TET, OCT, SPH, CAP = pt.BOX, pt.triangle, pt.tetrahedron, pt.octahedron, pt.sphere, pt.capsule

# (family, kind, a's shape, b's shape, separation, collides)
PLAN = [
    ("screw", "turns", BOX, BOX, "1/20", True),
    ("screw", "turns", SPH, BOX, "1/1000", True),
    ("screw", "turns", TRI, OCT, "1/4", False),
    ("screw", "turns", CAP, TET, "3/10", True),
    ("screw", "slide", BOX, TET, "1/8", True),
    ("screw", "slide", TRI, SPH, "1/10", True),
    ("screw", "slide", TET, OCT, "1/10000", True),
    ("screw", "slide", CAP, CAP, "2/5", False),
    ("screw", "both", TRI, BOX, "1/4", True),
    ("screw", "both", BOX, CAP, "1/20", True),
    ("screw", "both", OCT, TRI, "1/1000", True),
    ("poses", "near_pi", TET, TET, "3/10", True),
    ("poses", "near_pi", SPH, CAP, "1/8", True),
    ("poses", "near_pi", OCT, BOX, "1/10", True),
    ("poses", "both", BOX, OCT, "2/5", False),
    ("poses", "both", TET, SPH, "1/20", True),
    ("angular", "both", TRI, TRI, "1/1000", True),
    ("angular", "both", CAP, OCT, "1/4", True),
    ("angular", "both", TRI, TET, "1/8", True),
    ("angular", "both", SPH, SPH, "1/10000", True),
    ("angular", "fast", OCT, OCT, "3/10", True),
    ("angular", "fast", TET, BOX, "1/10", True),
    ("angular", "fast", OCT, CAP, "1/20", False),
    ("angular", "fast", BOX, SPH, "1/1000", True),
]

MAKE = {"screw": screw_truth.screw_case, "poses": screw_truth.poses_case, "angular": screw_truth.angular_case}


def near(prob, n=2000):
    """Whether the solids' distance less `d` falls below 1/2 at one of n + 1
    evenly spaced times (in floats: it only chooses which misses to keep)."""
    t0, t1 = (float(x) for x in prob.interval)
    return min(prob.f(t0 + (t1 - t0) * k / n, FloatMath) for k in range(n + 1)) < 0.5


def draw(index):
    """The scenario `index` of PLAN and its truth, and the number of draws."""
    family, kind, first, second, d, collides = PLAN[index]
    rng = random.Random(SEED * 100 + index)
    # the generators draw their two shapes through screw_truth.box: a's
    # first, except `angular_case`, which draws b's first
    order = [second, first] if family == "angular" else [first, second]
    attempts = 0
    try:
        while True:
            attempts += 1
            shapes = iter(order)
            screw_truth.box = lambda g: next(shapes)(g)
            iv, a, b = MAKE[family](rng, kind)
            name = f"{family}-{kind.replace('_', '-')}-{index:02d}"
            s = {"format": "exactccd/scenario-v1", "name": name, "interval": iv, "separation": d, "a": a, "b": b}
            if iv[0] == "0":
                continue
            try:
                res, prob = screw_truth.clear_truth(s)
            except (ValueError, ZeroDivisionError, AssertionError):
                continue
            if res["collides"] == collides and (collides or near(prob)):
                return s, res, attempts
    finally:
        screw_truth.box = BOX


def main(indices):
    OUT.mkdir(exist_ok=True)
    order = {f"{f}-{k.replace('_', '-')}-{i:02d}": i for i, (f, k, *_) in enumerate(PLAN)}
    truth = {}
    if indices and (OUT / "truth.json").exists():
        truth = json.loads((OUT / "truth.json").read_text())
    for index in indices or range(len(PLAN)):
        start = clock.time()
        s, res, attempts = draw(index)
        screw_truth.record(OUT, truth, s, res, f"d={s['separation']} ({attempts} draws, {clock.time() - start:.1f}s)")
        # the file in PLAN order, whatever order the scenarios were drawn in
        truth = dict(sorted(truth.items(), key=lambda e: order[e[0]]))
        (OUT / "truth.json").write_text(json.dumps(truth, indent=1) + "\n")


if __name__ == "__main__":
    main([int(x) for x in sys.argv[1:]])
