//! Unit tests of the raster variant: doppeling, shared edges and the
//! reused scratch change no answer.

use super::doppel::Tag;
use super::project::lerp;
use super::*;
use crate::geom::BoxShape;
use crate::scalar::{BigInt, BigRational};

fn cube(h: (i64, i64)) -> RasterSolid {
    let q = BigRational::new(BigInt::from(h.0), BigInt::from(h.1));
    let mesh = BoxShape::new([q.clone(), q.clone(), q]).to_mesh();
    RasterSolid::new(&mesh.map_scalar(|c| c.to_f64()))
}

fn shift(t: V) -> Rigid {
    Rigid {
        m: [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
        t,
    }
}

/// `b` placed at `at` in `a`'s frame, the axis 3 below `a`'s centre.
fn glide_beside_axis(theta: f64, slide: f64, at: [f64; 3]) -> RasterGlide {
    RasterGlide {
        b_to_a: shift(at),
        a_to_axis: shift([0.0, 0.0, 3.0]),
        theta,
        slide,
    }
}

/// Section 8: turning the frame so that `a` straddles the seam or lies
/// in the doppeling range `[-π, -π + θ]` changes the pieces, not the
/// collisions: the same kinds, features, times and places as the run
/// that needs no doppeling.
#[test]
fn doppeled_runs_give_the_unsplit_collisions() {
    let (a, b) = (cube((1, 1)), cube((1, 2)));
    for (theta, g, at) in [
        (1.2, 0.3, [-3.0, 0.3, 0.5]),
        (0.8, 0.0, [-2.0, -0.4, 0.5]),
        (2.5, -0.5, [-3.0, 0.2, -3.0]),
    ] {
        let glide = glide_beside_axis(theta, g, at);
        let res = RasterResolution {
            pixel: 1.0 / 12.0,
            time: 1.0 / 256.0,
        };
        let (plain, st) =
            raster_collisions_at(&mut RasterScratch::default(), &a, &b, &glide, &res, 0.0);
        assert_eq!(st.doppeled_pieces, 0);
        assert!(!plain.is_empty(), "{theta}");
        for azimuth in [-PI + 0.5 * theta, PI - 0.2, -PI + 0.05, 2.0] {
            let (turned, st) =
                raster_collisions_at(&mut RasterScratch::default(), &a, &b, &glide, &res, azimuth);
            if azimuth != 2.0 {
                assert!(st.doppeled_pieces > 0, "{theta} {azimuth}");
            }
            assert_eq!(
                plain.len(),
                turned.len(),
                "{theta} {azimuth}\n{plain:?}\n{turned:?}"
            );
            // The same collisions (events at one instant may come in
            // either order).
            for x in &plain {
                assert!(
                    turned
                        .iter()
                        .any(|y| (x.kind, x.a, x.b) == (y.kind, y.a, y.b)
                            && (x.s - y.s).abs() < 1e-9
                            && norm(&sub(&x.point, &y.point)) < 1e-9),
                    "{theta} {azimuth}: {x:?} not in {turned:?}"
                );
            }
        }
    }
}

/// A mesh edge bounding two kept pieces of one sector is projected
/// once: the second side's chords are the first's reversed (ends
/// swapped, parameters `1 - λ`), it is left out of the edge scan, and
/// no side of an edge is scanned twice with the same ends in one sector
/// (the two faces may keep different parts of it). Checked
/// against the sides' own projection: the copy's chords lie within half
/// a pixel and half the time resolution of its curve.
#[test]
fn an_edge_of_two_kept_faces_is_projected_once() {
    let (a, b) = (cube((1, 1)), cube((1, 2)));
    let mut copies = 0;
    for (theta, g, at) in [
        (1.2, 0.3, [-3.0, 0.3, 0.5]),
        (0.8, 0.0, [-2.0, -0.4, 0.5]),
        (0.0, 2.5, [0.2, -2.0, 0.1]),
    ] {
        let glide = glide_beside_axis(theta, g, at);
        let res = RasterResolution {
            pixel: 1.0 / 24.0,
            time: 1.0 / 64.0,
        };
        let mut scratch = RasterScratch::default();
        raster_collisions_at(&mut scratch, &a, &b, &glide, &res, 0.0);
        let screen = if theta > 0.0 {
            Screen::Cylinder { theta, g }
        } else {
            Screen::Plane { g }
        };
        for side in [&scratch.sa, &scratch.sb] {
            let mut scanned = std::collections::HashSet::new();
            for (k, &(p, q, tag, pi)) in side.sides.iter().enumerate() {
                let sector = side.pieces[pi as usize].sector;
                let Tag::Real(e) = tag else {
                    assert!(!side.scanned[k]);
                    continue;
                };
                let bits = |v: V| v.map(f64::to_bits);
                let ends = if bits(p) <= bits(q) {
                    (bits(p), bits(q))
                } else {
                    (bits(q), bits(p))
                };
                let key = (e, sector.lo.to_bits(), sector.hi.to_bits(), ends);
                let chords: Vec<&Seg> = side
                    .chords
                    .iter()
                    .filter(|c| c.edge as usize == k)
                    .collect();
                assert!(!chords.is_empty());
                if side.scanned[k] {
                    assert!(scanned.insert(key), "side of edge {e} scanned twice");
                    continue;
                }
                copies += 1;
                let (j, _) = side
                    .sides
                    .iter()
                    .enumerate()
                    .find(|&(j, s)| {
                        side.scanned[j]
                            && s.2 == tag
                            && side.pieces[s.3 as usize].sector == sector
                            && (s.0, s.1) == (q, p)
                    })
                    .expect("the first side of the edge, the other way round");
                let first: Vec<&Seg> = side
                    .chords
                    .iter()
                    .filter(|c| c.edge as usize == j)
                    .collect();
                assert_eq!(first.len(), chords.len());
                for (c, f) in chords.iter().zip(first.iter().rev()) {
                    assert_eq!((c.a, c.b), (f.b, f.a));
                    assert_eq!((c.lam0, c.lam1), (1.0 - f.lam1, 1.0 - f.lam0));
                    let m = screen.project(&lerp(&p, &q, 0.5 * (c.lam0 + c.lam1)), &sector);
                    assert!((m.u - 0.5 * (c.a.u + c.b.u)).abs() <= 0.5 * res.pixel + 1e-12);
                    assert!((m.v - 0.5 * (c.a.v + c.b.v)).abs() <= 0.5 * res.pixel + 1e-12);
                    assert!((m.t - 0.5 * (c.a.t + c.b.t)).abs() <= 0.5 * res.time + 1e-12);
                }
            }
        }
    }
    assert!(copies >= 6, "{copies}");
}

/// One [`RasterScratch`] reused across queries of different pairs,
/// glides and resolutions gives each query exactly the answer and the
/// counters of a query with fresh working memory.
#[test]
fn a_reused_scratch_gives_the_fresh_answers() {
    let solids = [cube((1, 1)), cube((1, 2)), cube((3, 4))];
    let mut scratch = RasterScratch::default();
    let mut collisions = 0;
    for round in 0..2 {
        for (k, (theta, g, at)) in [
            (1.2, 0.3, [-3.0, 0.3, 0.5]),
            (0.8, 0.0, [-2.0, -0.4, 0.5]),
            (0.0, 2.5, [0.2, -2.0, 0.1]),
            (2.5, -0.5, [-3.0, 0.2, -3.0]),
        ]
        .into_iter()
        .enumerate()
        {
            let glide = RasterGlide {
                b_to_a: shift(at),
                a_to_axis: shift([0.0, 0.0, 3.0]),
                theta,
                slide: g,
            };
            let res = RasterResolution {
                pixel: [1.0 / 6.0, 1.0 / 24.0][(k + round) % 2],
                time: 1.0 / 64.0,
            };
            let (a, b) = (&solids[k % 3], &solids[(k + 1 + round) % 3]);
            let fresh = raster_collisions(a, b, &glide, &res);
            let reused = raster_collisions_with(&mut scratch, a, b, &glide, &res);
            assert_eq!(fresh, reused, "round {round}, glide {k}");
            collisions += fresh.0.len();
        }
    }
    assert!(collisions > 8, "{collisions}");
}
