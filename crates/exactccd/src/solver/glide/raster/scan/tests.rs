//! Unit tests of `scan`.
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
    vertices_in_faces(&mut verts, &spans, &mut RowBuckets::default(), &mut out);
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
        |_| Some((0.0, 0.0)),
        &rows(&b),
        |_| Some((0.0, 0.0)),
        0.1,
        (-1.0, 2.0),
        &mut PixelTable::default(),
        &mut out,
    );
    assert_eq!(out, vec![(0, 0)]);
}

/// A small deterministic generator (64-bit LCG) for the differential
/// tests below: uniform in `[0, 1)`.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> f64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() * n as f64) as usize
    }
}

/// Random chords in the unit square (some far out, to spread the
/// rows), with times multiples of 1/8 in `[-1, 2]`.
fn random_segs(g: &mut Lcg, n: usize) -> Vec<Seg> {
    let pt = |g: &mut Lcg| {
        let far = if g.below(8) == 0 { 40.0 } else { 1.0 };
        ScreenPt {
            u: g.next() * far,
            v: g.next(),
            t: (g.below(25) as f64 - 8.0) / 8.0,
        }
    };
    (0..n)
        .map(|k| Seg {
            a: pt(g),
            b: pt(g),
            lam0: 0.0,
            lam1: 1.0,
            edge: k as u32,
        })
        .collect()
}

fn chord_rows(segs: &[Seg], pixel: f64) -> Vec<ChordRow> {
    let mut out = Vec::new();
    piece_spans(
        segs,
        0,
        0,
        pixel,
        0.0,
        &mut Vec::new(),
        &mut out,
        &mut Vec::new(),
    );
    out
}

/// The sixth step against a pixel-by-pixel table (every pixel of every
/// real chord of `a` entered, every pixel of `b` looked up) with the
/// time window applied to the chord pairs: the same pairs and pixel
/// counts on 300 random cases, one table reused.
#[test]
fn edge_pairs_match_a_pixel_by_pixel_table() {
    let mut g = Lcg(7);
    let mut table = PixelTable::default();
    let window = (-0.3, 1.3);
    let mut total = 0usize;
    for case in 0..300 {
        let pixel = 0.03 + 0.2 * g.next();
        let (na, nb) = (1 + g.below(12), 1 + g.below(12));
        let (sa, sb) = (random_segs(&mut g, na), random_segs(&mut g, nb));
        let (ra, rb) = (chord_rows(&sa, pixel), chord_rows(&sb, pixel));
        // Every fourth chord virtual.
        let times = |segs: &[Seg], k: u32| {
            let s = &segs[k as usize];
            (k % 4 != 3).then(|| (s.a.t.min(s.b.t), s.a.t.max(s.b.t)))
        };
        let mut got = Vec::new();
        let pixels = edge_pairs(
            &ra,
            |k| times(&sa, k),
            &rb,
            |k| times(&sb, k),
            pixel,
            window,
            &mut table,
            &mut got,
        );
        let cells = |rows: &[ChordRow], segs: &[Seg]| {
            let mut out = Vec::new();
            for r in rows {
                if times(segs, r.0).is_none() {
                    continue;
                }
                let (c0, c1) = ((r.2 / pixel).floor() as i64, (r.3 / pixel).floor() as i64);
                for c in c0..=c1 {
                    out.push((r.1, c, r.0));
                }
            }
            out
        };
        let (ca, cb) = (cells(&ra, &sa), cells(&rb, &sb));
        let mut want = Vec::new();
        for &(row, c, i) in &ca {
            for &(row2, c2, j) in &cb {
                let (ti, tj) = (times(&sa, i).unwrap(), times(&sb, j).unwrap());
                let meets = ti.1 - tj.0 >= window.0 && ti.0 - tj.1 <= window.1;
                if row == row2 && c == c2 && meets {
                    want.push((i, j));
                }
            }
        }
        want.sort_unstable();
        want.dedup();
        assert_eq!(got, want, "case {case}");
        assert_eq!(pixels, ca.len() + cb.len(), "case {case}");
        total += want.len();
    }
    assert!(total > 300, "{total} pairs in all: the cases must cross");
}

/// The fifth step against the direct test (a vertex is inside the
/// records of its row with `vmin <= v <= vmax`), in the same order, on
/// dense rows and on rows spread far apart (the sorted path).
#[test]
fn vertices_in_faces_match_the_direct_test() {
    let mut g = Lcg(11);
    let mut buckets = RowBuckets::default();
    let mut total = 0usize;
    for case in 0..200 {
        let spread = if case % 2 == 0 { 1 } else { 100_000 };
        let row = |g: &mut Lcg| (g.below(12) as i32 - 4) * spread;
        let spans: Vec<Span> = (0..g.below(40))
            .map(|k| {
                let (x, y) = (g.next(), g.next());
                Span {
                    row: row(&mut g),
                    vmin: x.min(y),
                    vmax: x.max(y),
                    piece: k as u32 / 3,
                }
            })
            .collect();
        let mut verts: Vec<VertexPixel> = (0..g.below(20))
            .map(|k| VertexPixel {
                row: row(&mut g),
                v: g.next(),
                psi: 0.0,
                vertex: k as u32,
            })
            .collect();
        let mut got = Vec::new();
        vertices_in_faces(&mut verts, &spans, &mut buckets, &mut got);
        let mut want = Vec::new();
        for (k, vp) in verts.iter().enumerate() {
            for s in &spans {
                if s.row == vp.row && s.vmin <= vp.v && vp.v <= s.vmax {
                    want.push((k as u32, s.piece));
                }
            }
        }
        assert_eq!(got, want, "case {case}");
        assert!(verts
            .windows(2)
            .all(|w| (w[0].row, w[0].v) <= (w[1].row, w[1].v)));
        total += want.len();
    }
    assert!(total > 100, "{total}");
}

/// The face records of a piece against the rows of its chords folded
/// directly: per row, the least and greatest `v` (widened), in row
/// order, on compact pieces and on chords far apart (the sorted path).
#[test]
fn piece_records_fold_the_chord_rows() {
    let mut g = Lcg(3);
    for case in 0..200 {
        let pixel = 0.02 + 0.1 * g.next();
        let n = 1 + g.below(10);
        let segs = random_segs(&mut g, n);
        let mut rows = Vec::new();
        let mut crow = Vec::new();
        let mut got = Vec::new();
        piece_spans(&segs, 5, 9, pixel, 0.25, &mut rows, &mut crow, &mut got);
        let mut want: Vec<Span> = Vec::new();
        let mut sorted = crow.clone();
        sorted.sort_by_key(|r| r.1);
        for r in &sorted {
            match want.last_mut() {
                Some(s) if s.row == r.1 => {
                    s.vmin = s.vmin.min(r.2 - 0.25);
                    s.vmax = s.vmax.max(r.3 + 0.25);
                }
                _ => want.push(Span {
                    row: r.1,
                    vmin: r.2 - 0.25,
                    vmax: r.3 + 0.25,
                    piece: 9,
                }),
            }
        }
        assert_eq!(got, want, "case {case}");
        // Chord numbers start at `first`.
        assert!(crow
            .iter()
            .all(|r| (5..5 + segs.len() as u32).contains(&r.0)));
    }
}
