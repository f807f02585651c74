#!/usr/bin/env python3
"""FCL's continuous collision checked by exactccd, from Python.

For every scenario file given (default: examples/scenarios and
tests/corpus of this repository) that holds two boxes under `static` or
`linear` motions, python-fcl computes the first time of contact with two
of its CCD solvers (the naive sampling solver with STEPS steps, and
conservative advancement), the answers are written as claims (JSON lines,
docs/FORMAT.md 5.4) and `exactccd check` judges them against the certified
exact truth. The verdicts are printed; a late or missed answer is FCL's
behaviour, not an error of this script.

    pip install python-fcl
    python3 examples/python/check_with_fcl.py [--exactccd BIN] [--steps N] [--claims OUT] [PATH...]

Exit status: 0 when the claims were judged (whatever the verdicts) or
python-fcl is not installed ("skipped: ..."); 1 when `exactccd check`
could not judge them (an invalid claim, the binary missing).
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from fractions import Fraction
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def number(x):
    """A contract number (JSON number or string, decimal or ratio), exactly."""
    return Fraction(str(x))


def rotation(pose):
    """The pose's rotation matrix (rows) as Fractions."""
    if "rotation" in pose:
        return [[number(x) for x in row] for row in pose["rotation"]]
    w, x, y, z = (number(v) for v in pose.get("quaternion", [1, 0, 0, 0]))
    n = w * w + x * x + y * y + z * z
    return [
        [(w * w + x * x - y * y - z * z) / n, 2 * (x * y - w * z) / n, 2 * (x * z + w * y) / n],
        [2 * (x * y + w * z) / n, (w * w - x * x + y * y - z * z) / n, 2 * (y * z - w * x) / n],
        [2 * (x * z - w * y) / n, 2 * (y * z + w * x) / n, (w * w - x * x - y * y + z * z) / n],
    ]


def translating_box(body):
    """(half extents, rotation, translation, velocity) of a box under a
    static or linear motion; None for anything else."""
    box = body["shape"].get("box") if isinstance(body["shape"], dict) else None
    motion = body.get("motion", "static")
    if box is None:
        return None
    if motion == "static" or motion == {"static": {}}:
        velocity = [Fraction(0)] * 3
    elif isinstance(motion, dict) and set(motion) == {"linear"}:
        velocity = [number(v) for v in motion["linear"]["velocity"]]
    else:
        return None
    pose = body.get("pose", {})
    return (
        [number(h) for h in box["half_extents"]],
        rotation(pose),
        [number(c) for c in pose.get("translation", [0, 0, 0])],
        velocity,
    )


def fcl_times(fcl, np, a, b, t0, t1, steps):
    """FCL's answers {tool: (collides, time)} for two translating boxes."""

    def obj(body):
        h, r, _, _ = body
        return fcl.CollisionObject(fcl.Box(*(float(2 * x) for x in h)))

    def tf(body, t):
        _, r, c, v = body
        rot = np.array([[float(x) for x in row] for row in r])
        return fcl.Transform(rot, np.array([float(ci + t * vi) for ci, vi in zip(c, v)]))

    answers = {}
    solvers = {
        f"python-fcl naive {steps} steps": (fcl.CCDSolverType.CCDC_NAIVE, steps),
        "python-fcl conservative advancement": (
            fcl.CCDSolverType.CCDC_CONSERVATIVE_ADVANCEMENT,
            steps,
        ),
    }
    for tool, (solver, iterations) in solvers.items():
        oa, ob = obj(a), obj(b)
        oa.setTransform(tf(a, t0))
        ob.setTransform(tf(b, t0))
        request = fcl.ContinuousCollisionRequest(
            num_max_iterations=iterations,
            ccd_motion_type=fcl.CCDMotionType.CCDM_TRANS,
            ccd_solver_type=solver,
        )
        result = fcl.ContinuousCollisionResult()
        fcl.continuousCollide(oa, tf(a, t1), ob, tf(b, t1), request, result)
        if result.is_collide:
            # FCL's time of contact is the fraction of the motion done
            toc = float(t0) + result.time_of_contact * float(t1 - t0)
            answers[tool] = (True, min(max(toc, float(t0)), float(t1)))
        else:
            answers[tool] = (False, None)
    return answers


def scenario_files(paths):
    for p in paths:
        p = Path(p)
        if p.is_dir():
            yield from sorted(p.rglob("*.json"))
        else:
            yield p


def exactccd_command(given):
    if given:
        return [given]
    if os.environ.get("EXACTCCD"):
        return [os.environ["EXACTCCD"]]
    if shutil.which("exactccd"):
        return ["exactccd"]
    return ["cargo", "run", "--release", "--quiet", "--manifest-path", str(REPO / "Cargo.toml"), "--"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", help="scenario files or folders")
    parser.add_argument("--exactccd", help="the exactccd binary (default: $EXACTCCD, PATH, cargo run)")
    parser.add_argument("--steps", type=int, default=100, help="steps of FCL's naive solver")
    parser.add_argument("--claims", help="also keep the claims file here")
    args = parser.parse_args()
    try:
        import fcl
        import numpy as np
    except ImportError:
        print("skipped: python-fcl not installed (pip install python-fcl)")
        return 0

    paths = args.paths or [REPO / "examples" / "scenarios", REPO / "tests" / "corpus"]
    claims, skipped = [], 0
    for path in scenario_files(paths):
        try:
            s = json.loads(path.read_text())
            t0, t1 = (number(x) for x in s.get("interval", [0, 1]))
            a, b = translating_box(s["a"]), translating_box(s["b"])
        except (OSError, ValueError, KeyError, TypeError, ZeroDivisionError):
            a = b = None
        if a is None or b is None:
            skipped += 1
            continue
        for tool, (collides, time) in fcl_times(fcl, np, a, b, t0, t1, args.steps).items():
            claims.append({"scenario": str(path.resolve()), "collides": collides, "time": time, "tool": tool})
    print(f"python-fcl {fcl.__version__}: {len(claims)} claims, {skipped} scenario files skipped (not two translating boxes)")
    if not claims:
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(args.claims) if args.claims else Path(tmp) / "fcl-claims.jsonl"
        out.write_text("".join(json.dumps(c) + "\n" for c in claims))
        try:
            run = subprocess.run(
                exactccd_command(args.exactccd) + ["check", str(out)],
                capture_output=True,
                text=True,
            )
        except OSError as e:
            print(f"error: cannot run exactccd: {e}", file=sys.stderr)
            return 1
    for line in run.stdout.splitlines():
        v = json.loads(line)
        truth = v.get("truth") or {}
        print(f"{v['verdict']:>12}  {v.get('tool')}  {v['scenario']}  dt={v.get('dt')}  truth={truth.get('exact', truth.get('approx'))}")
    print(run.stderr.strip())
    # 0 all agree, 1 a disagreement, 3 inconclusive: judged; 2 and others: not
    return 0 if run.returncode in (0, 1, 3) else 1


if __name__ == "__main__":
    sys.exit(main())
