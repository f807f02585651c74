#!/usr/bin/env python3
"""Reference values of pi, sin, cos, atan and sqrt at 70 significant digits,
computed with mpmath (an implementation independent of the crate), for the
unit tests of `scalar::interval`.

Writes crates/exactccd/src/scalar/interval/reference_values.txt: one line per
value, `function argument value`, the argument an exact rational `p/q` (or an
integer), the value a decimal. Run from the repository root:

    python3 tests/reference/interval_reference.py
"""
from fractions import Fraction
from pathlib import Path

import mpmath

mpmath.mp.dps = 80

ARGUMENTS = [
    "0", "1", "-1", "1/3", "-2/7", "1/1000000", "1/1099511627776", "3/2",
    "157/100", "355/113", "-355/113", "22/7", "311/99", "7", "-13", "100",
    "1000", "40", "-40", "629/2", "1048576", "104348/33215", "12345678901/1000",
]


def mp(q: Fraction):
    return mpmath.mpf(q.numerator) / q.denominator


def main() -> None:
    out = Path(__file__).resolve().parents[2] / "crates/exactccd/src/scalar/interval/reference_values.txt"
    lines = [f"pi 0 {mpmath.nstr(mpmath.pi, 70, strip_zeros=False)}"]
    for a in ARGUMENTS:
        q = Fraction(a)
        x = mp(q)
        for name, f in (("sin", mpmath.sin), ("cos", mpmath.cos), ("atan", mpmath.atan)):
            lines.append(f"{name} {a} {mpmath.nstr(f(x), 70, strip_zeros=False, min_fixed=-100, max_fixed=100)}")
        if q >= 0:
            lines.append(f"sqrt {a} {mpmath.nstr(mpmath.sqrt(x), 70, strip_zeros=False, min_fixed=-100, max_fixed=100)}")
    out.write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
