//! Steps four to six of the pixel-based algorithm (Buss, seed 004, section
//! 9): pixel records sorted by row and then by `hmin` / `hmax`, the scan
//! that finds the vertices of one body inside the projected faces of the
//! other, and the edge crossings found through a hash table of pixels.
//!
//! **Face records.** A piece's chords are rasterised row by row; for each
//! row the least and greatest `v` of the piece's boundary inside the row's
//! band give one record `(row, hmin, hmax, piece)`: the whole part of the
//! piece inside the band lies between them (its extreme `v` lie on its
//! boundary), which is the line filling. Records are widened by a tolerance
//! (half a pixel: the chords are within half a pixel of the true curves).
//!
//! **Vertex scan** (fifth step). Vertex pixels `(row, v)` of one body and
//! the other body's face records, one copy sorted by `(row, hmin)` and one by
//! `(row, hmax)`, are merged in order: a record enters the active set at its
//! `hmin` and leaves after its `hmax`; a vertex is a candidate against every
//! active record's face.
//!
//! **Edge crossings** (sixth step). Every pixel a real chord of `a`
//! touches is put in a hash table keyed by `(row, column)`; every pixel of
//! a real chord of `b` is looked up, giving candidate chord pairs (each pair
//! once per chord of `b`). Virtual chords are not entered.
#![allow(clippy::float_arithmetic)]

use super::project::{rasterise, Seg};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A face record: the part of a piece inside one pixel row.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Span {
    /// Pixel row.
    pub row: i32,
    /// Least `v` (widened).
    pub vmin: f64,
    /// Greatest `v` (widened).
    pub vmax: f64,
    /// The piece.
    pub piece: u32,
}

/// A vertex projected to a pixel.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct VertexPixel {
    /// Pixel row.
    pub row: i32,
    /// Column coordinate.
    pub v: f64,
    /// Unwrapped azimuth used for the projection.
    pub psi: f64,
    /// The mesh vertex.
    pub vertex: u32,
}

/// The part of a chord inside one pixel row: `(chord, row, vmin, vmax)`.
pub(crate) type ChordRow = (u32, i32, f64, f64);

/// Appends the face records of one piece, built from its chords
/// `segs` (all of its boundary, real and virtual; `segs[k]` is chord
/// `first + k`), and each chord's rows to `chord_rows` (for the sixth
/// step, so that chords are rasterised once).
#[allow(clippy::too_many_arguments)]
pub(crate) fn piece_spans(
    segs: &[Seg],
    first: u32,
    piece: u32,
    pixel: f64,
    widen: f64,
    rows: &mut Vec<(i32, f64, f64)>,
    chord_rows: &mut Vec<ChordRow>,
    out: &mut Vec<Span>,
) {
    rows.clear();
    for (k, s) in segs.iter().enumerate() {
        rasterise(s, pixel, |row, a, b| {
            rows.push((row, a, b));
            chord_rows.push((first + k as u32, row, a, b));
        });
    }
    rows.sort_unstable_by_key(|r| r.0);
    let mut i = 0;
    while i < rows.len() {
        let row = rows[i].0;
        let (mut lo, mut hi) = (rows[i].1, rows[i].2);
        i += 1;
        while i < rows.len() && rows[i].0 == row {
            lo = lo.min(rows[i].1);
            hi = hi.max(rows[i].2);
            i += 1;
        }
        out.push(Span {
            row,
            vmin: lo - widen,
            vmax: hi + widen,
            piece,
        });
    }
}

/// The fifth step: every `(vertex pixel index, piece)` with the vertex
/// inside the piece's record of its row. Sorts `vertices` by `(row, v)`.
pub(crate) fn vertices_in_faces(
    vertices: &mut [VertexPixel],
    spans: &[Span],
    by_min: &mut Vec<u32>,
    by_max: &mut Vec<u32>,
    out: &mut Vec<(u32, u32)>,
) {
    vertices.sort_unstable_by(|a, b| a.row.cmp(&b.row).then(a.v.total_cmp(&b.v)));
    by_min.clear();
    by_min.extend(0..spans.len() as u32);
    by_min.sort_unstable_by(|&a, &b| {
        let (x, y) = (&spans[a as usize], &spans[b as usize]);
        x.row.cmp(&y.row).then(x.vmin.total_cmp(&y.vmin))
    });
    by_max.clear();
    by_max.extend(0..spans.len() as u32);
    by_max.sort_unstable_by(|&a, &b| {
        let (x, y) = (&spans[a as usize], &spans[b as usize]);
        x.row.cmp(&y.row).then(x.vmax.total_cmp(&y.vmax))
    });
    let mut active: Vec<u32> = Vec::new();
    let (mut i, mut j) = (0usize, 0usize);
    for (k, vp) in vertices.iter().enumerate() {
        // Enter every record starting at or before the vertex.
        while i < by_min.len() {
            let s = &spans[by_min[i] as usize];
            if s.row < vp.row || (s.row == vp.row && s.vmin <= vp.v) {
                active.push(by_min[i]);
                i += 1;
            } else {
                break;
            }
        }
        // Leave every record ending before it.
        while j < by_max.len() {
            let s = &spans[by_max[j] as usize];
            if s.row < vp.row || (s.row == vp.row && s.vmax < vp.v) {
                if let Some(pos) = active.iter().position(|&x| x == by_max[j]) {
                    active.swap_remove(pos);
                }
                j += 1;
            } else {
                break;
            }
        }
        for &a in &active {
            out.push((k as u32, spans[a as usize].piece));
        }
    }
}

/// A multiplicative hasher for pixel keys (the keys are small integers
/// from our own rasteriser, not adversarial input).
#[derive(Default)]
pub(crate) struct PixelHasher(u64);

impl Hasher for PixelHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(5) ^ u64::from(b)).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
    }
    fn write_i32(&mut self, i: i32) {
        self.0 =
            (self.0.rotate_left(5) ^ (i as u32 as u64)).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

/// The pixel hash table of the sixth step: each pixel's chords of `a` as
/// a linked list in one array (no allocation per pixel).
#[derive(Default)]
pub(crate) struct PixelTable {
    heads: HashMap<(i32, i32), u32, BuildHasherDefault<PixelHasher>>,
    /// `(chord, next entry or u32::MAX)`.
    entries: Vec<(u32, u32)>,
}

fn cells(row: &ChordRow, pixel: f64, mut visit: impl FnMut(i32, i32)) {
    let (c0, c1) = ((row.2 / pixel).floor(), (row.3 / pixel).floor());
    if !(c0.is_finite() && c1.is_finite()) {
        return;
    }
    for c in c0 as i64..=c1 as i64 {
        visit(row.1, c as i32);
    }
}

/// The sixth step: candidate pairs `(chord of a, chord of b)` sharing a
/// pixel, from the chords' rows (grouped by chord); `real_a` / `real_b`
/// say which chords are real edges. Returns the number of pixels entered
/// and looked up.
pub(crate) fn edge_pairs(
    rows_a: &[ChordRow],
    real_a: impl Fn(u32) -> bool,
    rows_b: &[ChordRow],
    real_b: impl Fn(u32) -> bool,
    pixel: f64,
    table: &mut PixelTable,
    out: &mut Vec<(u32, u32)>,
) -> usize {
    table.heads.clear();
    table.entries.clear();
    table.heads.reserve(2 * rows_a.len());
    let mut pixels = 0usize;
    for r in rows_a {
        if !real_a(r.0) {
            continue;
        }
        cells(r, pixel, |row, c| {
            pixels += 1;
            let at = table.entries.len() as u32;
            let head = table.heads.entry((row, c)).or_insert(u32::MAX);
            table.entries.push((r.0, *head));
            *head = at;
        });
    }
    let mut seen: Vec<u32> = Vec::new();
    let mut current = u32::MAX;
    for r in rows_b {
        if !real_b(r.0) {
            continue;
        }
        if r.0 != current {
            current = r.0;
            seen.clear();
        }
        cells(r, pixel, |row, c| {
            pixels += 1;
            let mut at = table.heads.get(&(row, c)).copied().unwrap_or(u32::MAX);
            while at != u32::MAX {
                let (i, next) = table.entries[at as usize];
                if !seen.contains(&i) {
                    seen.push(i);
                    out.push((i, r.0));
                }
                at = next;
            }
        });
    }
    pixels
}

#[cfg(test)]
mod tests {
    use super::super::project::ScreenPt;
    use super::*;

    fn seg(a: (f64, f64), b: (f64, f64), edge: u32) -> Seg {
        Seg {
            a: ScreenPt {
                u: a.0,
                v: a.1,
                t: 0.0,
            },
            b: ScreenPt {
                u: b.0,
                v: b.1,
                t: 0.0,
            },
            lam0: 0.0,
            lam1: 1.0,
            edge,
        }
    }

    #[test]
    fn a_vertex_inside_a_square_is_found_and_outside_ones_are_not() {
        // The square [0.2, 0.8]^2 in (u, v), pixel 0.1.
        let sq = [
            seg((0.2, 0.2), (0.8, 0.2), 0),
            seg((0.8, 0.2), (0.8, 0.8), 1),
            seg((0.8, 0.8), (0.2, 0.8), 2),
            seg((0.2, 0.8), (0.2, 0.2), 3),
        ];
        let mut spans = Vec::new();
        piece_spans(
            &sq,
            0,
            7,
            0.1,
            0.0,
            &mut Vec::new(),
            &mut Vec::new(),
            &mut spans,
        );
        assert_eq!(spans.len(), 7); // rows 2..=8
        let vp = |u: f64, v: f64, vertex: u32| VertexPixel {
            row: (u / 0.1).floor() as i32,
            v,
            psi: 0.0,
            vertex,
        };
        let mut verts = vec![
            vp(0.5, 0.5, 0),
            vp(0.5, 0.9, 1),
            vp(0.05, 0.5, 2),
            vp(0.35, 0.25, 3),
        ];
        let mut out = Vec::new();
        vertices_in_faces(
            &mut verts,
            &spans,
            &mut Vec::new(),
            &mut Vec::new(),
            &mut out,
        );
        let found: Vec<u32> = out.iter().map(|&(k, _)| verts[k as usize].vertex).collect();
        assert_eq!(found.len(), 2, "{found:?}");
        assert!(found.contains(&0) && found.contains(&3));
        assert!(out.iter().all(|&(_, p)| p == 7));
    }

    #[test]
    fn crossing_chords_share_a_pixel() {
        let a = [
            seg((0.0, 0.0), (1.0, 1.0), 0),
            seg((0.0, 2.0), (1.0, 3.0), 1),
        ];
        let b = [seg((0.0, 1.0), (1.0, 0.0), 0)];
        let rows = |segs: &[Seg]| {
            let mut out = Vec::new();
            piece_spans(
                segs,
                0,
                0,
                0.1,
                0.0,
                &mut Vec::new(),
                &mut out,
                &mut Vec::new(),
            );
            out
        };
        let mut out = Vec::new();
        edge_pairs(
            &rows(&a),
            |_| true,
            &rows(&b),
            |_| true,
            0.1,
            &mut PixelTable::default(),
            &mut out,
        );
        assert_eq!(out, vec![(0, 0)]);
    }
}
