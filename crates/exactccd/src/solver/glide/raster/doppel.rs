//! Back-face clipping (Buss, "Collision Detection with Glide Rotations", section 4.2) and doppeling (section
//! 8), the second step of the pixel-based algorithm (section 9): every face
//! is cut into **pieces**, polygons that project to the collision screen
//! without a jump in azimuth, each boundary side tagged with the mesh edge
//! it is part of, or **virtual** (a clip line: it only bounds a face and is
//! never part of a reported collision, section 9 footnote 5).
//!
//! 1. **Facing.** Only the part of a face of `b` where `n . ω(x) >= 0`
//!    (forward) and of a face of `a` where `n . ω(x) <= 0` (backward) is
//!    kept; `n . ω(x) = θ (n_x z - n_z x) + g n_y` is affine in `x`, so the
//!    face is clipped by a plane (section 4.2). A face on which it is zero
//!    within rounding (gliding in its own plane) is kept whole.
//! 2. **Sectors.** The azimuth `φ = atan2(x, z)` is cut at `±π/4`, `±3π/4`
//!    and `±π` into wedges of at most `π/2`, each the intersection of two
//!    half-spaces bounded by planes through the axis, so clipping a face to
//!    a wedge is two more plane clips. Inside a wedge the azimuth is
//!    continuous; the seam `φ = ±π` is a wedge boundary, so an edge crossing
//!    it is split (the points E and H of Figure 10 for `b`). A face through
//!    the axis is cut at the axis (the point G of Figure 11).
//! 3. **Doppeling.** Points of `a` with `φ in [-π, -π + θ]` are projected a
//!    second time with `φ + 2π`: the wedges of `[-π, -π + θ]` are added again
//!    for `a`, one turn up. The parts of a face cut off by the line `φ = -π
//!    + θ` and the seam are the two polygons of Figure 10 (AEFD, BCGH), and a
//!    face containing the axis gives the wedge pieces of Figure 11, their
//!    union being the polygon GEBCDAF; the virtual edges are the cuts. This
//!    needs `θ < 2π` (the glide turns less than a full turn per step).
//!
//! For a translation (`θ = 0`) there is one sector and no doppeling.
#![allow(clippy::float_arithmetic)]

use super::project::{dot, lerp, Screen, Sector, V};
use std::f64::consts::{FRAC_PI_4, PI};

/// What a piece's boundary side is part of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Tag {
    /// The mesh edge with this index.
    Real(u32),
    /// A clip line.
    Virtual,
}

/// A corner of a piece: its place, the mesh vertex it is (if any), and
/// what the side from it to the next corner is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Corner {
    /// Place, axis frame.
    pub p: V,
    /// The mesh vertex, or `None` for a cut point.
    pub vertex: Option<u32>,
    /// The side to the next corner.
    pub out: Tag,
}

/// A polygon of a face that projects within one sector.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Piece {
    /// The mesh face.
    pub face: u32,
    /// Its azimuth range (one turn up for a doppeled copy).
    pub sector: Sector,
    /// Its corners, in the face's order.
    pub corners: Vec<Corner>,
}

/// Sutherland-Hodgman clip of `poly` to `value >= 0`, where `value` is
/// affine and given at the corners; new sides along the cut are virtual.
pub(crate) fn clip(poly: &[Corner], values: &[f64], out: &mut Vec<Corner>) {
    out.clear();
    let n = poly.len();
    for i in 0..n {
        let (cur, next) = (&poly[i], &poly[(i + 1) % n]);
        let (vc, vn) = (values[i], values[(i + 1) % n]);
        if vc >= 0.0 {
            out.push(*cur);
        }
        if (vc >= 0.0) != (vn >= 0.0) {
            let l = vc / (vc - vn);
            let p = lerp(&cur.p, &next.p, l);
            let leaving = vc >= 0.0;
            out.push(Corner {
                p,
                vertex: None,
                out: if leaving { Tag::Virtual } else { cur.out },
            });
        }
    }
}

/// The sectors of the pieces: the base wedges, and for `a` under a rotation
/// the doppeled wedges of `[-π, -π + θ]` one turn up.
pub(crate) fn sectors(screen: &Screen, doppel: bool, out: &mut Vec<Sector>) {
    out.clear();
    let Screen::Cylinder { theta, .. } = *screen else {
        out.push(Sector::ALL);
        return;
    };
    let cuts = [
        -PI,
        -3.0 * FRAC_PI_4,
        -FRAC_PI_4,
        FRAC_PI_4,
        3.0 * FRAC_PI_4,
        PI,
    ];
    out.extend(cuts.windows(2).map(|w| Sector { lo: w[0], hi: w[1] }));
    if doppel && theta > 0.0 {
        let top = -PI + theta.min(2.0 * PI - 1e-9);
        let mut lo = -PI;
        while lo < top {
            let hi = (lo + FRAC_PI_4 * 2.0).min(top);
            out.push(Sector {
                lo: lo + 2.0 * PI,
                hi: hi + 2.0 * PI,
            });
            lo = hi;
        }
    }
}

/// A solid's faces in the axis frame, for cutting.
pub(crate) struct FaceSource<'a> {
    /// Vertices, axis frame.
    pub vertices: &'a [V],
    /// Unit outward normals, axis frame.
    pub normals: &'a [V],
    /// Faces as vertex loops.
    pub faces: &'a [Vec<usize>],
    /// For each face, the mesh edge of each side.
    pub face_edges: &'a [Vec<usize>],
}

/// Scratch buffers reused across faces.
#[derive(Debug, Default)]
pub(crate) struct Scratch {
    poly: Vec<Corner>,
    cut: Vec<Corner>,
    tmp: Vec<Corner>,
    values: Vec<f64>,
    /// The two wedge planes of each sector.
    wedges: Vec<[V; 2]>,
}

/// Counters of the cutting step.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct CutStats {
    /// Faces kept whole by facing.
    pub faces_whole: usize,
    /// Faces clipped by facing.
    pub faces_clipped: usize,
    /// Faces dropped by facing.
    pub faces_culled: usize,
}

/// Cuts the faces of a solid into pieces: `keep = +1` keeps forward parts
/// (`b`), `-1` backward parts (`a`).
#[allow(clippy::too_many_arguments)]
pub(crate) fn cut_faces(
    src: &FaceSource<'_>,
    screen: &Screen,
    keep: f64,
    sectors: &[Sector],
    scale: f64,
    scratch: &mut Scratch,
    stats: &mut CutStats,
    out: &mut Vec<Piece>,
) {
    let (theta, g) = match *screen {
        Screen::Plane { g } => (0.0, g),
        Screen::Cylinder { theta, g } => (theta, g),
    };
    let eps = 1e-12 * scale.max(1.0) * (theta.abs() + g.abs()).max(1e-300);
    // Wedge planes of each sector: x cos lo - z sin lo >= 0, z sin hi - x
    // cos hi >= 0.
    scratch.wedges.clear();
    scratch.wedges.extend(sectors.iter().map(|sector| {
        let (sl, cl) = sector.lo.sin_cos();
        let (sh, ch) = sector.hi.sin_cos();
        [[cl, 0.0, -sl], [-ch, 0.0, sh]]
    }));
    for (f, face) in src.faces.iter().enumerate() {
        let n = &src.normals[f];
        scratch.poly.clear();
        scratch.values.clear();
        for (i, &vi) in face.iter().enumerate() {
            let p = src.vertices[vi];
            scratch.poly.push(Corner {
                p,
                vertex: Some(vi as u32),
                out: Tag::Real(src.face_edges[f][i] as u32),
            });
            let w = theta * (n[0] * p[2] - n[2] * p[0]) + g * n[1];
            scratch.values.push(keep * w);
        }
        let min = scratch.values.iter().copied().fold(f64::INFINITY, f64::min);
        let max = scratch
            .values
            .iter()
            .copied()
            .fold(f64::NEG_INFINITY, f64::max);
        if min >= -eps {
            stats.faces_whole += 1;
        } else if max <= eps {
            stats.faces_culled += 1;
            continue;
        } else {
            stats.faces_clipped += 1;
            clip(&scratch.poly, &scratch.values, &mut scratch.cut);
            std::mem::swap(&mut scratch.poly, &mut scratch.cut);
            if scratch.poly.len() < 3 {
                continue;
            }
        }
        for (si, sector) in sectors.iter().enumerate() {
            if matches!(screen, Screen::Plane { .. }) {
                out.push(Piece {
                    face: f as u32,
                    sector: *sector,
                    corners: scratch.poly.clone(),
                });
                continue;
            }
            let planes = scratch.wedges[si];
            scratch.cut.clear();
            scratch.cut.extend_from_slice(&scratch.poly);
            let mut empty = false;
            for pl in &planes {
                scratch.values.clear();
                scratch
                    .values
                    .extend(scratch.cut.iter().map(|c| dot(pl, &c.p)));
                let tol = 1e-12 * scale.max(1e-300);
                let lo = scratch.values.iter().copied().fold(f64::INFINITY, f64::min);
                let hi = scratch
                    .values
                    .iter()
                    .copied()
                    .fold(f64::NEG_INFINITY, f64::max);
                if hi <= tol {
                    empty = true;
                    break;
                }
                if lo >= 0.0 {
                    continue;
                }
                clip(&scratch.cut, &scratch.values, &mut scratch.tmp);
                std::mem::swap(&mut scratch.cut, &mut scratch.tmp);
                if scratch.cut.len() < 3 {
                    empty = true;
                    break;
                }
            }
            if !empty {
                out.push(Piece {
                    face: f as u32,
                    sector: *sector,
                    corners: scratch.cut.clone(),
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(y: f64, half: f64, cx: f64, cz: f64) -> (Vec<V>, Vec<Vec<usize>>, Vec<Vec<usize>>) {
        // A horizontal square facing up (normal +y), counter-clockwise seen
        // from above: corners in (x, z).
        let v = vec![
            [cx - half, y, cz - half],
            [cx - half, y, cz + half],
            [cx + half, y, cz + half],
            [cx + half, y, cz - half],
        ];
        (v, vec![vec![0, 1, 2, 3]], vec![vec![0, 1, 2, 3]])
    }

    fn cut(
        v: &[V],
        f: &[Vec<usize>],
        fe: &[Vec<usize>],
        screen: Screen,
        keep: f64,
        doppel: bool,
    ) -> Vec<Piece> {
        let normals = vec![[0.0, 1.0, 0.0]];
        let src = FaceSource {
            vertices: v,
            normals: &normals,
            faces: f,
            face_edges: fe,
        };
        let mut out = Vec::new();
        cut_faces(
            &src,
            &screen,
            keep,
            &{
                let mut s = Vec::new();
                sectors(&screen, doppel, &mut s);
                s
            },
            1.0,
            &mut Scratch::default(),
            &mut CutStats::default(),
            &mut out,
        );
        out
    }

    fn area(c: &[Corner]) -> f64 {
        // Shoelace in (z, x).
        let n = c.len();
        (0..n)
            .map(|i| {
                let (a, b) = (&c[i].p, &c[(i + 1) % n].p);
                a[2] * b[0] - b[2] * a[0]
            })
            .sum::<f64>()
            * 0.5
    }

    #[test]
    fn figure_10_a_face_across_the_seam_is_split_and_doppeled() {
        // A square behind the axis (z < 0) straddling the seam x = 0: its
        // corners have φ near ±π. θ = 0.5: the part with φ in [-π, -π + 0.5]
        // is projected again one turn up.
        let (v, f, fe) = square(0.0, 0.5, 0.0, -2.0);
        let screen = Screen::Cylinder { theta: 0.5, g: 1.0 };
        let pieces = cut(&v, &f, &fe, screen, 1.0, true);
        let base: f64 = pieces
            .iter()
            .filter(|p| p.sector.hi <= PI)
            .map(|p| area(&p.corners))
            .sum();
        assert!((base.abs() - 1.0).abs() < 1e-12, "{base}");
        let dop: Vec<_> = pieces.iter().filter(|p| p.sector.lo >= PI).collect();
        assert_eq!(dop.len(), 1);
        // The doppeled copy is the part with x < 0 and φ <= -π + 0.5:
        // every corner satisfies it, and some side is virtual (the cuts).
        for c in &dop[0].corners {
            let phi = c.p[0].atan2(c.p[2]);
            assert!(
                c.p[0] <= 1e-12 && (phi <= -PI + 0.5 + 1e-9 || phi >= PI - 1e-9),
                "{c:?}"
            );
        }
        assert!(dop[0].corners.iter().any(|c| c.out == Tag::Virtual));
        assert!(dop[0].corners.iter().any(|c| matches!(c.out, Tag::Real(_))));
        // Two base pieces meet at the seam (AEFD and BCGH).
        let seam: Vec<_> = pieces
            .iter()
            .filter(|p| p.sector.hi == PI || p.sector.lo == -PI)
            .collect();
        assert_eq!(seam.len(), 2);
    }

    #[test]
    fn figure_11_a_face_through_the_axis_is_cut_at_the_axis() {
        let (v, f, fe) = square(0.3, 1.0, 0.2, -0.1);
        let screen = Screen::Cylinder { theta: 0.4, g: 0.0 };
        let pieces = cut(&v, &f, &fe, screen, 1.0, true);
        let base: Vec<_> = pieces.iter().filter(|p| p.sector.hi <= PI).collect();
        assert_eq!(base.len(), 5);
        let total: f64 = base.iter().map(|p| area(&p.corners)).sum();
        assert!((total.abs() - 4.0).abs() < 1e-12);
        // Every wedge piece has a corner on the axis (the point G).
        for p in &base {
            assert!(p
                .corners
                .iter()
                .any(|c| c.p[0].abs() < 1e-12 && c.p[2].abs() < 1e-12));
        }
    }

    #[test]
    fn facing_clips_and_culls() {
        // Slide upward (g > 0), no rotation: the up-facing square is
        // forward, so b keeps it and a culls it.
        let (v, f, fe) = square(0.0, 0.5, 0.0, 2.0);
        let screen = Screen::Plane { g: 1.0 };
        assert_eq!(cut(&v, &f, &fe, screen, 1.0, false).len(), 1);
        assert!(cut(&v, &f, &fe, screen, -1.0, false).is_empty());
        // A pure rotation about y: n . ω = θ (n_x z - n_z x) = 0 for an
        // up-facing face: tangent, kept whole by both.
        let screen = Screen::Cylinder { theta: 0.3, g: 0.0 };
        assert!(!cut(&v, &f, &fe, screen, -1.0, false).is_empty());
    }

    #[test]
    fn clip_tags_cut_sides_virtual() {
        let sq = [
            [0.0, 0.0, 0.0],
            [1.0, 0.0, 0.0],
            [1.0, 0.0, 1.0],
            [0.0, 0.0, 1.0],
        ];
        let poly: Vec<Corner> = sq
            .iter()
            .enumerate()
            .map(|(i, p)| Corner {
                p: *p,
                vertex: Some(i as u32),
                out: Tag::Real(i as u32),
            })
            .collect();
        let values: Vec<f64> = sq.iter().map(|p| 0.5 - p[0]).collect();
        let mut out = Vec::new();
        clip(&poly, &values, &mut out);
        assert_eq!(out.len(), 4);
        assert_eq!(out[0].vertex, Some(0));
        assert_eq!(out[1].out, Tag::Virtual);
        assert_eq!(out[1].p, [0.5, 0.0, 0.0]);
        assert_eq!(out[2].out, Tag::Real(2));
        assert_eq!(out[3].vertex, Some(3));
    }
}
