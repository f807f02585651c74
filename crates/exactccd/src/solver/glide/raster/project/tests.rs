//! Unit tests of `project`.
use super::super::super::screen::screen_point;
use super::*;
use crate::geom::Vec3;

#[test]
fn projection_agrees_with_screen_point_and_direct_geometry() {
    let screen = Screen::Cylinder { theta: 0.6, g: 0.4 };
    let sector = Sector { lo: -1.0, hi: 0.6 };
    let p = [0.3, -0.2, 1.1];
    let s = screen.project(&p, &sector);
    let want = screen_point(&Vec3::new(p[0], p[1], p[2]), 0.6, 0.4, 0).unwrap();
    assert!((s.u - want.r).abs() < 1e-15);
    assert!((s.v - want.h).abs() < 1e-15);
    assert!((s.t - want.t).abs() < 1e-15);
    // Direct geometry: the flow over step fraction `d` keeps (u, v) and
    // adds d to t; the helix through p meets the screen line (the one
    // through the +z axis, ψ = h-axis) at t = 0.
    for d in [-0.7, 0.1, 0.5] {
        let q = screen.flow(&p, d);
        let sq = screen.project(&q, &sector);
        assert!((sq.u - s.u).abs() < 1e-12);
        assert!((sq.v - s.v).abs() < 1e-12);
        assert!((sq.t - s.t - d).abs() < 1e-12);
    }
    let on_screen = screen.flow(&p, -s.t);
    let back = screen.project(&on_screen, &sector);
    assert!(back.t.abs() < 1e-12);
    // A point of the screen (t = 0) at radius r: ψ r θ = -y g ...
    // i.e. (r ψ, y) is perpendicular to (r θ, g); |h| is its distance
    // from the axis point (r, 0, 0) along the screen line.
    let r = back.u;
    let psi = Screen::psi(&on_screen, &sector);
    assert!((r * psi * r * 0.6 + on_screen[1] * 0.4).abs() < 1e-12);
    let h = ((r * psi).powi(2) + on_screen[1].powi(2)).sqrt();
    assert!((h - back.v.abs()).abs() < 1e-12);
}

#[test]
fn doppeled_azimuth_is_one_turn_up() {
    let screen = Screen::Cylinder { theta: 0.5, g: 0.0 };
    let p = [-0.1, 0.3, -1.0]; // φ just below -π + ... (x < 0, z < 0)
    let base = Sector {
        lo: -std::f64::consts::PI,
        hi: -2.0,
    };
    let dop = Sector {
        lo: base.lo + TAU,
        hi: base.hi + TAU,
    };
    let a = screen.project(&p, &base);
    let b = screen.project(&p, &dop);
    assert_eq!((a.u, a.v), (b.u, b.v));
    assert!((b.t - a.t - TAU / 0.5).abs() < 1e-12);
    // g = 0: h = y and t = ψ / θ.
    assert!((a.v - 0.3).abs() < 1e-15);
    assert!((a.t - Screen::psi(&p, &base) / 0.5).abs() < 1e-15);
}

#[test]
fn plane_screen_and_translation_flow() {
    let screen = Screen::Plane { g: 2.0 };
    let p = [1.0, 3.0, -2.0];
    let s = screen.project(&p, &Sector::ALL);
    assert_eq!((s.u, s.v, s.t), (1.0, -2.0, 1.5));
    let q = screen.flow(&p, 0.25);
    assert_eq!(screen.project(&q, &Sector::ALL).t, 1.75);
}

#[test]
fn divide_and_conquer_chords_follow_the_curve() {
    let screen = Screen::Cylinder { theta: 1.0, g: 0.3 };
    let sector = Sector { lo: -0.8, hi: 0.8 };
    let (p, q) = ([-0.7, 0.0, 1.0], [0.7, 0.5, 1.0]);
    let res = Resolution {
        pixel: 0.01,
        time: 0.01,
    };
    let mut out = Vec::new();
    project_edge(&screen, &sector, &p, &q, &res, 7, &mut out);
    assert!(out.len() > 4, "{}", out.len());
    assert_eq!(out[0].lam0, 0.0);
    assert_eq!(out.last().map(|s| s.lam1), Some(1.0));
    for w in out.windows(2) {
        assert_eq!(w[0].lam1, w[1].lam0);
    }
    // Every chord's midpoint is within a pixel of the true curve.
    for s in &out {
        let m = screen.project(&lerp(&p, &q, 0.5 * (s.lam0 + s.lam1)), &sector);
        assert!((m.u - 0.5 * (s.a.u + s.b.u)).abs() <= res.pixel);
        assert!((m.v - 0.5 * (s.a.v + s.b.v)).abs() <= res.pixel);
        assert!((m.t - 0.5 * (s.a.t + s.b.t)).abs() <= res.time);
    }
}

/// The divide and conquer as it was before the time shortcut: every
/// midpoint projected with its time.
#[allow(clippy::too_many_arguments)]
fn split_every_midpoint(
    screen: &Screen,
    sector: &Sector,
    p: &V,
    q: &V,
    (l0, s0): (f64, ScreenPt),
    (l1, s1): (f64, ScreenPt),
    res: &Resolution,
    depth: u32,
    out: &mut Vec<(f64, f64)>,
) {
    let (du, dv, dt) = (s1.u - s0.u, s1.v - s0.v, s1.t - s0.t);
    let short = du.abs().max(dv.abs()) <= res.pixel && dt.abs() <= res.time;
    if depth >= MAX_DEPTH || short {
        out.push((l0, l1));
        return;
    }
    let lm = 0.5 * (l0 + l1);
    let sm = screen.project(&lerp(p, q, lm), sector);
    let off_pos = (sm.u - 0.5 * (s0.u + s1.u))
        .abs()
        .max((sm.v - 0.5 * (s0.v + s1.v)).abs());
    let off_t = (sm.t - 0.5 * (s0.t + s1.t)).abs();
    if off_pos <= 0.5 * res.pixel && off_t <= 0.5 * res.time {
        out.push((l0, l1));
        return;
    }
    let m = (lm, sm);
    split_every_midpoint(screen, sector, p, q, (l0, s0), m, res, depth + 1, out);
    split_every_midpoint(screen, sector, p, q, m, (l1, s1), res, depth + 1, out);
}

/// A reproducible sequence of uniform numbers in `[0, 1)` (xorshift).
fn uniform_sequence(seed: u64) -> impl FnMut() -> f64 {
    let mut state = seed;
    move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// The time shortcut of `split` (no `atan2` for a midpoint whose time
/// is decided by the ends', `g = 0`) gives the chords of the plain
/// divide and conquer, on random segments in random sectors of at most
/// a quarter turn, pure rotations and screws; and along such a segment
/// under a pure rotation the time is monotone (the midpoint's between
/// the ends'), which the shortcut relies on.
#[test]
fn the_time_shortcut_gives_the_plain_divide_and_conquer() {
    let mut next = uniform_sequence(0x9e37_79b9_7f4a_7c15u64);
    let mut chords = 0;
    for case in 0..400 {
        let theta = 0.1 + 2.5 * next();
        let g = if case % 2 == 0 { 0.0 } else { next() - 0.5 };
        let screen = Screen::Cylinder { theta, g };
        let lo = -std::f64::consts::PI + 5.0 * next();
        let sector = Sector {
            lo,
            hi: lo + std::f64::consts::FRAC_PI_2 * next(),
        };
        let point = |a: f64, r: f64, y: f64| [r * a.sin(), y, r * a.cos()];
        let p = point(
            sector.lo + (sector.hi - sector.lo) * next(),
            0.05 + 3.0 * next(),
            next() * 2.0 - 1.0,
        );
        let q = point(
            sector.lo + (sector.hi - sector.lo) * next(),
            0.05 + 3.0 * next(),
            next() * 2.0 - 1.0,
        );
        let res = Resolution {
            pixel: 0.005 + 0.1 * next(),
            time: 1.0 / 32.0,
        };
        let mut got = Vec::new();
        project_edge(&screen, &sector, &p, &q, &res, 0, &mut got);
        let (sp, sq) = (screen.project(&p, &sector), screen.project(&q, &sector));
        let mut want = Vec::new();
        split_every_midpoint(
            &screen,
            &sector,
            &p,
            &q,
            (0.0, sp),
            (1.0, sq),
            &res,
            0,
            &mut want,
        );
        let got: Vec<(f64, f64)> = got.iter().map(|s| (s.lam0, s.lam1)).collect();
        assert_eq!(got, want, "case {case}");
        chords += got.len();
        if g == 0.0 {
            for k in 1..16 {
                let t = screen.project(&lerp(&p, &q, k as f64 / 16.0), &sector).t;
                let (a, b) = (sp.t.min(sq.t), sp.t.max(sq.t));
                assert!(a - 1e-12 <= t && t <= b + 1e-12, "case {case}");
            }
        }
    }
    assert!(chords > 800, "{chords}");
}

/// A side from a point on the axis (a cut of a face through the axis,
/// Fig. 11; the corner off the axis by rounding) lies in one half-plane
/// through the axis: under a pure rotation its time is its outer end's
/// all along, and it is one chord. Before, the axis end's arbitrary
/// azimuth made the divide and conquer split towards it to its depth
/// limit (15 chords, the benchmark cars' cut sides).
#[test]
fn a_side_from_the_axis_is_one_chord() {
    let screen = Screen::Cylinder {
        theta: 0.6435,
        g: 0.0,
    };
    let sector = Sector {
        lo: -3.0 * std::f64::consts::FRAC_PI_4,
        hi: -std::f64::consts::FRAC_PI_4,
    };
    let res = Resolution {
        pixel: 0.02,
        time: 1.0 / 32.0,
    };
    for axis in [
        [0.0, 0.5, 0.0],
        [-4.4e-16, 0.5, 4.4e-16],
        [1.1e-16, 0.5, -2.2e-16],
    ] {
        for outer in [[-2.5, 0.5, -2.5], [-2.0, 1.5, 0.3], [-0.3, -1.0, 0.01]] {
            for (p, q) in [(axis, outer), (outer, axis)] {
                let mut out = Vec::new();
                project_edge(&screen, &sector, &p, &q, &res, 3, &mut out);
                let want = screen.project(&outer, &sector).t;
                assert_eq!(out.len(), 1, "{p:?} {q:?}: {out:?}");
                assert_eq!((out[0].a.t, out[0].b.t), (want, want));
                // the direct geometry: every point of it has that time
                for k in 1..10 {
                    let m = screen.project(&lerp(&p, &q, k as f64 / 10.0), &sector);
                    assert!((m.t - want).abs() < 1e-12, "{m:?}");
                }
            }
        }
    }
    // a slide makes the axis end's time y / g, whatever its azimuth:
    // nothing to take from the other end
    let screw = Screen::Cylinder {
        theta: 0.6435,
        g: 0.5,
    };
    let s = screw.project(&[1e-16, 0.5, -1e-16], &sector);
    assert!((s.t - 1.0).abs() < 1e-12, "{s:?}");
}

/// The floor of a quotient by multiplication is the division's, on
/// random values and on exact multiples of the pixel and their
/// neighbours (where the shortcut must give way to the division).
#[test]
fn floor_quotient_is_the_floor_of_the_division() {
    let mut next = uniform_sequence(0x2545_f491_4f6c_dd1du64);
    let mut checked = 0;
    for _ in 0..20_000 {
        let pixel = 1e-3 + next() * 0.3;
        let inv = 1.0 / pixel;
        let k = (next() * 2000.0 - 1000.0).floor();
        let on = k * pixel;
        for x in [
            (next() - 0.5) * 1e3,
            on,
            f64::from_bits(on.to_bits() + 1),
            f64::from_bits(on.to_bits().wrapping_sub(1)),
            (k + 1.0) / inv,
        ] {
            assert_eq!(
                floor_quotient(x, pixel, inv),
                floor_index(x / pixel),
                "{x} / {pixel}"
            );
            checked += 1;
        }
    }
    assert_eq!(floor_quotient(f64::NAN, 0.1, 10.0), None);
    assert_eq!(floor_quotient(f64::NEG_INFINITY, 0.1, 10.0), None);
    assert_eq!(floor_quotient(-1e300, 1e-300, 1e300), None);
    assert_eq!(floor_quotient(-1e30, 0.1, 10.0), floor_index(-1e31));
    assert_eq!(
        floor_quotient(1e300, 1e-300, 1e300),
        floor_index(f64::INFINITY)
    );
    assert!(checked == 100_000);
}

#[test]
fn rasterise_covers_every_row_band() {
    let seg = Seg {
        a: ScreenPt {
            u: 0.05,
            v: 0.0,
            t: 0.0,
        },
        b: ScreenPt {
            u: 0.35,
            v: 0.3,
            t: 0.0,
        },
        lam0: 0.0,
        lam1: 1.0,
        edge: 0,
    };
    let mut rows = Vec::new();
    rasterise(&seg, 0.1, 7, &mut rows);
    assert_eq!(rows.len(), 4);
    assert!(rows.iter().all(|r| r.0 == 7));
    assert_eq!(rows[0].1, 0);
    assert!((rows[0].3 - 0.05).abs() < 1e-12);
    assert!((rows[3].2 - 0.25).abs() < 1e-12 && (rows[3].3 - 0.3).abs() < 1e-12);
}
