//! Steps four to six of the pixel-based algorithm (Buss, "Collision Detection with Glide Rotations", section
//! 9): pixel records bucketed by row, the scan that finds the vertices of
//! one body inside the projected faces of the other, and the edge
//! crossings found by scanning the chords' pixels row by row.
//!
//! **Face records** (fourth step). A piece's chords are rasterised row by
//! row; for each row the least and greatest `v` of the piece's boundary
//! inside the row's band give one record `(row, hmin, hmax, piece)`: the
//! whole part of the piece inside the band lies between them (its extreme
//! `v` lie on its boundary), which is the line filling. Records are widened
//! by a tolerance (half a pixel: the chords are within half a pixel of the
//! true curves). The rows of a piece are folded into one slot per row of
//! its row range (no sort), and the records of a body are bucket-sorted by
//! row as the paper's fourth step does ([`RowBuckets`], a counting sort).
//!
//! **Vertex scan** (fifth step). The paper merges, per row, the vertex
//! pixels of one body with the other body's records sorted by `hmin` (a
//! face is entered) and by `hmax` (left); a vertex is a candidate against
//! every entered face. A record is entered and not left at `v` exactly
//! when `hmin <= v <= hmax`, so here each vertex tests the records of its
//! row bucket directly: the same pairs without the two sorts, which cost
//! more than they save when the vertices are few beside the records.
//!
//! **Edge crossings** (sixth step). The paper scans the pixel records
//! lexicographically and keeps the pairs of real edges meeting in a pixel
//! in a hash table. Here each real chord's part in a row is one record, a
//! range of pixel columns; per row, the records of `a` and `b` sorted by
//! first column are merged, and every pair of records of the two bodies
//! whose column ranges overlap (a shared pixel) gives a candidate pair of
//! chords: the pairs a pixel-by-pixel table gives (a test checks it),
//! without entering every pixel. Pairs whose pixel times `t_a - t_b`
//! cannot lie in the window in which step seven looks for a crossing are
//! dropped (step seven would drop them), and a chord whose times cannot
//! meet any of the other body's is not entered. Virtual chords are not
//! entered.
#![allow(clippy::float_arithmetic)]

pub(crate) use super::project::ChordRow;
use super::project::{floor_quotient, rasterise, Seg};

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

/// Appends the face records of one piece, built from its chords
/// `segs` (all of its boundary, real and virtual; `segs[k]` is chord
/// `first + k`), and each chord's rows to `chord_rows` (for the sixth
/// step, so that chords are rasterised once). The records come out in
/// row order: the rows of the piece's chords are folded into one slot per
/// row of the piece's row range (a bucket per row, as the paper's fourth
/// step bucket-sorts by `r`), or sorted when that range is sparse.
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
    let base = chord_rows.len();
    for (k, s) in segs.iter().enumerate() {
        rasterise(s, pixel, first + k as u32, chord_rows);
    }
    let new = &chord_rows[base..];
    let n = new.len();
    if n == 0 {
        return;
    }
    let (mut rmin, mut rmax) = (i32::MAX, i32::MIN);
    for r in new {
        rmin = rmin.min(r.1);
        rmax = rmax.max(r.1);
    }
    let range = (i64::from(rmax) - i64::from(rmin) + 1) as usize;
    if range <= 2 * n + 16 {
        // One slot per row: `(present, lo, hi)`.
        rows.resize(range, (0, f64::INFINITY, f64::NEG_INFINITY));
        for &(_, row, lo, hi) in new {
            let slot = &mut rows[(row - rmin) as usize];
            *slot = (1, slot.1.min(lo), slot.2.max(hi));
        }
        for (i, &(present, lo, hi)) in rows.iter().enumerate() {
            if present != 0 {
                out.push(Span {
                    row: rmin + i as i32,
                    vmin: lo - widen,
                    vmax: hi + widen,
                    piece,
                });
            }
        }
        return;
    }
    rows.extend(new.iter().map(|r| (r.1, r.2, r.3)));
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

/// Indices of records grouped by pixel row, the bucket sort of the
/// paper's fourth step: a counting sort over the rows' range (stable), or,
/// when that range is sparse (more than `4 n + 64` rows for `n` records),
/// a sort by row. Kept across queries.
#[derive(Debug, Default)]
pub(crate) struct RowBuckets {
    /// Record indices, grouped by row in increasing row order.
    order: Vec<u32>,
    /// Dense: `order[starts[r - rmin]..starts[r - rmin + 1]]` are the
    /// records of row `r`. Sparse: empty.
    starts: Vec<u32>,
    /// Dense: fill cursors of the counting sort. Sparse: the row of each
    /// entry of `order`.
    aux: Vec<i32>,
    rmin: i32,
    rmax: i32,
    dense: bool,
}

impl RowBuckets {
    /// Groups the records whose rows are `rows` (one per record).
    fn build(&mut self, rows: impl Iterator<Item = i32> + Clone) {
        self.order.clear();
        self.starts.clear();
        self.aux.clear();
        let (mut rmin, mut rmax, mut n) = (i32::MAX, i32::MIN, 0usize);
        for r in rows.clone() {
            rmin = rmin.min(r);
            rmax = rmax.max(r);
            n += 1;
        }
        (self.rmin, self.rmax) = (rmin, rmax);
        if n == 0 {
            self.dense = true;
            return;
        }
        let range = (i64::from(rmax) - i64::from(rmin) + 1) as usize;
        self.dense = range <= 4 * n + 64;
        if self.dense {
            self.starts.resize(range + 1, 0);
            for r in rows.clone() {
                self.starts[(r - rmin) as usize + 1] += 1;
            }
            for i in 0..range {
                self.starts[i + 1] += self.starts[i];
            }
            self.order.resize(n, 0);
            self.aux
                .extend(self.starts[..range].iter().map(|&x| x as i32));
            for (i, r) in rows.enumerate() {
                let at = &mut self.aux[(r - rmin) as usize];
                self.order[*at as usize] = i as u32;
                *at += 1;
            }
        } else {
            let mut keyed: Vec<(i32, u32)> = rows.enumerate().map(|(i, r)| (r, i as u32)).collect();
            keyed.sort_unstable();
            self.order.extend(keyed.iter().map(|k| k.1));
            self.aux.extend(keyed.iter().map(|k| k.0));
        }
    }

    /// The records of row `r`, in increasing index order.
    fn row(&self, r: i32) -> &[u32] {
        if self.dense {
            if self.order.is_empty() || r < self.rmin || r > self.rmax {
                return &[];
            }
            let i = (r - self.rmin) as usize;
            &self.order[self.starts[i] as usize..self.starts[i + 1] as usize]
        } else {
            let lo = self.aux.partition_point(|&x| x < r);
            let hi = self.aux.partition_point(|&x| x <= r);
            &self.order[lo..hi]
        }
    }

    /// Every row holding records, with its records, in increasing row
    /// order.
    fn rows(&self) -> impl Iterator<Item = (i32, &[u32])> + '_ {
        let dense = self.dense && !self.order.is_empty();
        let range = if dense { self.starts.len() - 1 } else { 0 };
        let dense_rows = (0..range).filter_map(move |i| {
            let (a, b) = (self.starts[i] as usize, self.starts[i + 1] as usize);
            (a < b).then(|| (self.rmin + i as i32, &self.order[a..b]))
        });
        let mut at = 0usize;
        let sparse_rows = std::iter::from_fn(move || {
            if self.dense || at >= self.order.len() {
                return None;
            }
            let r = self.aux[at];
            let end = at + self.aux[at..].partition_point(|&x| x == r);
            let out = (r, &self.order[at..end]);
            at = end;
            Some(out)
        });
        dense_rows.chain(sparse_rows)
    }
}

/// The fifth step: every `(vertex pixel index, piece)` with the vertex
/// inside the piece's record of its row, in the order of the vertices and
/// then of the records. Sorts `vertices` by `(row, v)`.
///
/// The paper merges, per row, the vertices with the records sorted by
/// `hmin` (a face is entered) and by `hmax` (left); a vertex is inside the
/// records that were entered and not left, i.e. those of its row with
/// `hmin <= v <= hmax`. Here the records are bucketed by row
/// ([`RowBuckets`]) and each vertex tests the records of its row: the same
/// pairs, without the two sorts by `hmin` and `hmax`, which cost more than
/// they save when the vertices are few beside the records (350 against
/// 16,000 for the benchmark tori).
pub(crate) fn vertices_in_faces(
    vertices: &mut [VertexPixel],
    spans: &[Span],
    buckets: &mut RowBuckets,
    out: &mut Vec<(u32, u32)>,
) {
    vertices.sort_unstable_by(|a, b| a.row.cmp(&b.row).then(a.v.total_cmp(&b.v)));
    if spans.is_empty() || vertices.is_empty() {
        return;
    }
    buckets.build(spans.iter().map(|s| s.row));
    for (k, vp) in vertices.iter().enumerate() {
        for &i in buckets.row(vp.row) {
            let s = &spans[i as usize];
            if s.vmin <= vp.v && vp.v <= s.vmax {
                out.push((k as u32, s.piece));
            }
        }
    }
}

/// The pixel columns `[c0, c1]` a chord's part in a row covers.
#[derive(Clone, Copy, Debug)]
struct Cells {
    row: i32,
    c0: i64,
    c1: i64,
    chord: u32,
    /// The index of the same chord's cells in the row before, or
    /// `u32::MAX`.
    prev: u32,
    /// The chord's least and greatest screen time.
    tmin: f64,
    tmax: f64,
}

impl Cells {
    fn overlaps(&self, other: &Cells) -> bool {
        self.c0 <= other.c1 && other.c0 <= self.c1
    }
}

/// Buffers of the sixth step, kept across queries.
#[derive(Debug, Default)]
pub(crate) struct PixelTable {
    a: Vec<Cells>,
    b: Vec<Cells>,
    rows_a: RowBuckets,
    rows_b: RowBuckets,
    /// One row's cells of `a` / `b` as `(c0, index)`, sorted.
    row_a: Vec<(i64, u32)>,
    row_b: Vec<(i64, u32)>,
    /// Cells of `a` / `b` entered in the current row and not yet passed:
    /// `(c1, index)`.
    active_a: Vec<(i64, u32)>,
    active_b: Vec<(i64, u32)>,
    /// Pairs `chord_a << 32 | chord_b`, before removing repeats.
    pairs: Vec<u64>,
}

/// The real chord rows of one body as pixel column ranges; returns the
/// number of pixels they cover.
/// Chords whose times `t` are all outside `keep` are counted but not
/// entered.
fn collect_cells(
    rows: &[ChordRow],
    times: impl Fn(u32) -> Option<(f64, f64)>,
    pixel: f64,
    keep: (f64, f64),
    out: &mut Vec<Cells>,
) -> usize {
    out.clear();
    let mut pixels = 0usize;
    let inv = 1.0 / pixel;
    // A chord's rows come one after another: its times are looked up once.
    let mut last: Option<(u32, Option<(f64, f64)>)> = None;
    for r in rows {
        let chord_times = match last {
            Some((c, t)) if c == r.0 => t,
            _ => {
                let t = times(r.0);
                last = Some((r.0, t));
                t
            }
        };
        let Some((tmin, tmax)) = chord_times else {
            continue;
        };
        let entered = tmax >= keep.0 && tmin <= keep.1;
        let (Some(c0), Some(c1)) = (
            floor_quotient(r.2, pixel, inv),
            floor_quotient(r.3, pixel, inv),
        ) else {
            continue;
        };
        if c1 >= c0 {
            pixels += (c1 - c0 + 1) as usize;
        }
        if !entered {
            continue;
        }
        // A chord's rows come one after another, in increasing order.
        let prev = match out.last() {
            Some(l) if l.chord == r.0 && i64::from(l.row) + 1 == i64::from(r.1) => {
                (out.len() - 1) as u32
            }
            _ => u32::MAX,
        };
        out.push(Cells {
            row: r.1,
            c0,
            c1,
            chord: r.0,
            prev,
            tmin,
            tmax,
        });
    }
    pixels
}

/// The sixth step: candidate pairs `(chord of a, chord of b)` sharing a
/// pixel, each pair once, in increasing order, from the chords' rows;
/// `times_a` / `times_b` give a real chord's least and greatest screen
/// time, `None` for a virtual chord (not entered). A pair whose pixel
/// times `t_a - t_b` all lie outside `window` (the step fractions at which
/// a crossing is looked for) is not a candidate. Returns the number of
/// pixels the real chords of `a` and of `b` cover.
///
/// The paper scans the pixel records lexicographically (bucketed by row,
/// then by column) and stores each crossing pair in a hash table; here
/// each chord's part in a row is one record, a range of pixel columns.
/// The records of both bodies are bucketed by row ([`RowBuckets`]); in a
/// row that both bodies occupy they are sorted by first column and merged:
/// a record starting at column `c` shares a pixel with every record of
/// the other body that started before it and has not ended before `c`.
/// A pair is kept in the first row of each run of rows in which its chords
/// share a pixel (not when their records of the row before overlap too),
/// and the pairs are then sorted and the remaining repeats removed: the
/// pairs of a pixel-by-pixel table, without entering every pixel.
#[allow(clippy::too_many_arguments)]
pub(crate) fn edge_pairs(
    rows_a: &[ChordRow],
    times_a: impl Fn(u32) -> Option<(f64, f64)>,
    rows_b: &[ChordRow],
    times_b: impl Fn(u32) -> Option<(f64, f64)>,
    pixel: f64,
    window: (f64, f64),
    table: &mut PixelTable,
    out: &mut Vec<(u32, u32)>,
) -> usize {
    let PixelTable {
        a,
        b,
        rows_a: buckets_a,
        rows_b: buckets_b,
        row_a,
        row_b,
        active_a,
        active_b,
        pairs,
    } = table;
    // A chord of one body is entered only if its times can pair with some
    // time of the other body's real chords within the window.
    let span = |rows: &[ChordRow], times: &dyn Fn(u32) -> Option<(f64, f64)>| {
        rows.iter()
            .filter_map(|r| times(r.0))
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), (t0, t1)| {
                (lo.min(t0), hi.max(t1))
            })
    };
    let (ta, tb) = (span(rows_a, &times_a), span(rows_b, &times_b));
    let slack = |x: f64, y: f64| 1e-9 * (1.0 + x.abs() + y.abs());
    let keep_a = (
        tb.0 + window.0 - slack(tb.0, window.0),
        tb.1 + window.1 + slack(tb.1, window.1),
    );
    let keep_b = (
        ta.0 - window.1 - slack(ta.0, window.1),
        ta.1 - window.0 + slack(ta.1, window.0),
    );
    let pixels = collect_cells(rows_a, times_a, pixel, keep_a, a)
        + collect_cells(rows_b, times_b, pixel, keep_b, b);
    pairs.clear();
    buckets_a.build(a.iter().map(|c| c.row));
    buckets_b.build(b.iter().map(|c| c.row));
    // The pair of cells `i` of a and `j` of b, unless no pixel time of
    // theirs falls in the window (with a margin for the rounding of the
    // times interpolated on the chords), or their chords' cells of the row
    // before overlap (the pair was found there).
    let mut pair = |i: u32, j: u32| {
        let (x, y) = (&a[i as usize], &b[j as usize]);
        let margin = 1e-9 * (1.0 + x.tmax.abs().max(x.tmin.abs()) + y.tmax.abs().max(y.tmin.abs()));
        if x.tmax - y.tmin < window.0 - margin || x.tmin - y.tmax > window.1 + margin {
            return;
        }
        if x.prev != u32::MAX
            && y.prev != u32::MAX
            && a[x.prev as usize].overlaps(&b[y.prev as usize])
        {
            return;
        }
        pairs.push((u64::from(x.chord) << 32) | u64::from(y.chord));
    };
    for (row, in_a) in buckets_a.rows() {
        let in_b = buckets_b.row(row);
        if in_b.is_empty() {
            continue;
        }
        row_a.clear();
        row_a.extend(in_a.iter().map(|&i| (a[i as usize].c0, i)));
        row_a.sort_unstable();
        row_b.clear();
        row_b.extend(in_b.iter().map(|&i| (b[i as usize].c0, i)));
        row_b.sort_unstable();
        active_a.clear();
        active_b.clear();
        let (mut i, mut j) = (0usize, 0usize);
        while i < row_a.len() || j < row_b.len() {
            if j == row_b.len() || (i < row_a.len() && row_a[i].0 <= row_b[j].0) {
                let (c0, k) = row_a[i];
                i += 1;
                active_b.retain(|&(c1, _)| c1 >= c0);
                for &(_, l) in active_b.iter() {
                    pair(k, l);
                }
                active_a.push((a[k as usize].c1, k));
            } else {
                let (c0, l) = row_b[j];
                j += 1;
                active_a.retain(|&(c1, _)| c1 >= c0);
                for &(_, k) in active_a.iter() {
                    pair(k, l);
                }
                active_b.push((b[l as usize].c1, l));
            }
        }
    }
    pairs.sort_unstable();
    pairs.dedup();
    out.extend(pairs.iter().map(|&p| ((p >> 32) as u32, p as u32)));
    pixels
}

#[cfg(test)]
mod tests;
