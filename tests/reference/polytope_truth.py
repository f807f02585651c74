#!/usr/bin/env python3
"""Reference first contacts, to 50 digits, of triangles and convex meshes
(tetrahedra, octahedra) against boxes, triangles and convex meshes, and of
spheres and capsules against all of these, under
the motions engines use: `screw` (fast turns, slides, both bodies moving),
`poses` (near and at a half turn) and `angular` (off-centre spins, fast
spins), on intervals not starting at 0. The scenarios are drawn as in
`screw_truth.py`, with the shapes replaced; the truth is the distance
reference (`distance_reference.py`: GJK on the convex cores and certified
subdivision, sharing nothing with the crate). A convex mesh is the hull of
its vertices.

    python3 tests/reference/polytope_truth.py   # from the repository root

writes tests/reference/polytopes/ and tests/reference/rounded/ (scenarios
and truth.json); the Rust module tests/reference/polytopes.rs reads them.
"""
import random
import sys
import time as clock
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import screw_truth  # noqa: E402
from angular_truth import r  # noqa: E402

HERE = Path(__file__).resolve().parent


def triangle(rng):
    return {"triangle": [[r(rng.uniform(-1.2, 1.2), 2) for _ in range(3)] for _ in range(3)]}


def oriented(vertices, faces):
    """Each face turned so that its normal points away from the centroid."""
    c = [sum(v[k] for v in vertices) / len(vertices) for k in range(3)]
    out = []
    for f in faces:
        p = [vertices[i] for i in f]
        u = [p[1][k] - p[0][k] for k in range(3)]
        w = [p[2][k] - p[0][k] for k in range(3)]
        n = [u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]]
        if sum(n[k] * (p[0][k] - c[k]) for k in range(3)) < 0:
            f = [f[0], f[2], f[1]]
        out.append(f)
    return out


def mesh(vertices, faces):
    floats = [[float(x) for x in v] for v in vertices]
    return {"mesh": {"vertices": vertices, "faces": oriented(floats, faces)}}


def tetrahedron(rng):
    s = [r(rng.uniform(0.5, 1.3), 2) for _ in range(4)]
    v = [[s[0], "0", "0"], ["0", s[1], "0"], ["0", "0", s[2]], [f"-{s[3]}", f"-{s[3]}", f"-{s[3]}"]]
    return mesh(v, [[0, 1, 2], [0, 1, 3], [0, 2, 3], [1, 2, 3]])


def octahedron(rng):
    a, b, c = (r(rng.uniform(0.4, 1.2), 2) for _ in range(3))
    v = [[a, "0", "0"], [f"-{a}", "0", "0"], ["0", b, "0"], ["0", f"-{b}", "0"], ["0", "0", c], ["0", "0", f"-{c}"]]
    faces = [[x, y, z] for x in (0, 1) for y in (2, 3) for z in (4, 5)]
    return mesh(v, faces)


def sphere(rng):
    return {"sphere": {"radius": r(rng.uniform(0.3, 1.0), 2)}}


def capsule(rng):
    half = [rng.uniform(-0.8, 0.8) for _ in range(3)]
    return {"capsule": {"a": [r(x, 2) for x in half], "b": [r(-x, 2) for x in half],
                        "radius": r(rng.uniform(0.2, 0.6), 2)}}


SHAPES = [triangle, tetrahedron, octahedron]
ROUNDED = [sphere, capsule]
BOX = screw_truth.box


def main():
    write_set("polytopes", [BOX] + SHAPES, SHAPES, random.Random(20261130))
    write_set("rounded", [BOX, triangle, tetrahedron] + ROUNDED, ROUNDED, random.Random(20261131))


def write_set(folder, firsts, seconds, rng):
    OUT = HERE / folder
    OUT.mkdir(exist_ok=True)
    plan = ([("screw", k) for k in ["turns"] * 4 + ["slide"] * 4 + ["both"] * 3]
            + [("poses", k) for k in ["near_pi"] * 3 + ["both"] * 2]
            + [("angular", k) for k in ["both"] * 4 + ["fast"] * 4])
    truth = {}
    misses = 0
    for index, (family, kind) in enumerate(plan):
        make = {"screw": screw_truth.screw_case, "poses": screw_truth.poses_case,
                "angular": screw_truth.angular_case}[family]
        attempts = 0
        while True:
            attempts += 1
            # b a triangle or a convex mesh; a a box or one of them
            first = rng.choice(firsts)
            second = rng.choice(seconds)
            draws = iter([first, second])
            screw_truth.box = lambda g: next(draws)(g)
            iv, a, b = make(rng, kind)
            name = f"{family}-{kind.replace('_', '-')}-{index:02d}"
            s = {"format": "exactccd/scenario-v1", "name": name, "interval": iv, "a": a, "b": b}
            start = clock.time()
            try:
                res, _ = screw_truth.clear_truth(s)
            except (ValueError, ZeroDivisionError, AssertionError):
                continue
            if not res["collides"]:
                if misses >= 4:
                    continue
                misses += 1
            break
        screw_truth.record(OUT, truth, s, res, f"({attempts} draws, {clock.time() - start:.1f}s)")


if __name__ == "__main__":
    main()
