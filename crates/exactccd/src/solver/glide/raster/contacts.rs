//! Step 7 of a raster query (module docs; Buss, "Collision Detection with
//! Glide Rotations", sections 5 and 9): the candidate pairs of steps 5 and
//! 6 solved on the glide itself in `f64`, into collisions with their
//! times, places, normals and properness.
#![allow(clippy::float_arithmetic)]

use super::super::events::EventKind;
use super::doppel::Tag;
use super::project::{add, dot, sub};
use super::resolve::{
    chord_closest, coplanarity, edge_prop, inside_face, line_params, newton, plane_roots, roots_in,
    vertex_prop, Found,
};
use super::side::{vertex_corners, Side};
use super::{Query, RasterScratch, RasterStats};

impl RasterScratch {
    /// FV: a vertex of `b` (forward flow) against a face of `a`, for each
    /// pair of step 5: the step fractions where the vertex crosses the
    /// face's plane inside the face (section 9's fifth step), with the
    /// vertex's properness (section 5). Each (vertex pixel, piece) pair
    /// comes once: a vertex pixel lies in one row, where a piece has one
    /// record.
    pub(super) fn face_vertex_contacts(&mut self, q: &Query) {
        let RasterScratch {
            sa,
            sb,
            fv_pairs,
            found,
            roots,
            corners,
            ..
        } = self;
        let (a, b, screen) = (q.a, q.b, &q.screen);
        for &(k, pi) in fv_pairs.iter() {
            let vp = sb.vpix[k as usize];
            let piece = &sa.pieces[pi as usize];
            let f = piece.face as usize;
            let n = sa.normals[f];
            let d = dot(&n, &sa.verts[a.faces[f][0]]);
            let p = sb.verts[vp.vertex as usize];
            let Some((lo, hi)) = screen.window(vp.psi, 1.0, &piece.sector, -q.eps_s, 1.0 + q.eps_s)
            else {
                continue;
            };
            let coplanar = plane_roots(screen, &n, &p, d, 1.0, (lo, hi), q.samples, q.tol, roots);
            for &s in roots.iter() {
                let at = screen.at(s);
                let x = at.point(&p);
                if !inside_face(&x, &sa.verts, &a.faces[f], &n, q.tol) {
                    continue;
                }
                let b_frame = (&sb.verts[..], &sb.normals[..]);
                vertex_corners(b, b_frame, vp.vertex as usize, |e| at.dir(e), corners);
                found.push(Found {
                    kind: EventKind::FaceVertex,
                    a: piece.face,
                    b: vp.vertex,
                    s: s.clamp(0.0, 1.0),
                    point: x,
                    normal: Some(n),
                    properness: Some(vertex_prop(corners, &n)),
                    at_end: false,
                });
                if coplanar {
                    break;
                }
            }
        }
    }

    /// VF: a vertex of `a` (inverse flow) against a face of `b` at the
    /// step's start, for each pair of step 5, as
    /// [`face_vertex_contacts`](Self::face_vertex_contacts) the other way.
    pub(super) fn vertex_face_contacts(&mut self, q: &Query) {
        let RasterScratch {
            sa,
            sb,
            vf_pairs,
            found,
            roots,
            corners,
            ..
        } = self;
        let (a, b, screen) = (q.a, q.b, &q.screen);
        for &(k, pi) in vf_pairs.iter() {
            let vp = sa.vpix[k as usize];
            let piece = &sb.pieces[pi as usize];
            let f = piece.face as usize;
            let n = sb.normals[f];
            let d = dot(&n, &sb.verts[b.faces[f][0]]);
            let p = sa.verts[vp.vertex as usize];
            let Some((lo, hi)) =
                screen.window(vp.psi, -1.0, &piece.sector, -q.eps_s, 1.0 + q.eps_s)
            else {
                continue;
            };
            let coplanar = plane_roots(screen, &n, &p, d, -1.0, (lo, hi), q.samples, q.tol, roots);
            for &s in roots.iter() {
                let x = screen.flow(&p, -s);
                if !inside_face(&x, &sb.verts, &b.faces[f], &n, q.tol) {
                    continue;
                }
                let a_frame = (&sa.verts[..], &sa.normals[..]);
                vertex_corners(a, a_frame, vp.vertex as usize, |e| *e, corners);
                let nb = screen.turn(&n, s);
                found.push(Found {
                    kind: EventKind::VertexFace,
                    a: vp.vertex,
                    b: piece.face,
                    s: s.clamp(0.0, 1.0),
                    point: p,
                    normal: Some([-nb[0], -nb[1], -nb[2]]),
                    properness: Some(vertex_prop(corners, &nb)),
                    at_end: false,
                });
                if coplanar {
                    break;
                }
            }
        }
    }

    /// The edge pairs of step 6's chord pairs (section 9's sixth step):
    /// chords coming within a pixel, at a pixel time in the step (within
    /// `window`), of two real edges; into `ee`, by edge pair and time.
    fn edge_pair_times(&mut self, q: &Query) {
        let RasterScratch {
            sa,
            sb,
            ee_pairs,
            ee,
            ..
        } = self;
        ee.clear();
        for &(i, j) in ee_pairs.iter() {
            let (ca_, cb_) = (&sa.chords[i as usize], &sb.chords[j as usize]);
            let (dist, al, be) = chord_closest(
                (ca_.a.u, ca_.a.v),
                (ca_.b.u, ca_.b.v),
                (cb_.a.u, cb_.a.v),
                (cb_.b.u, cb_.b.v),
            );
            if dist > q.pixel {
                continue;
            }
            let ta = ca_.a.t + (ca_.b.t - ca_.a.t) * al;
            let tb = cb_.a.t + (cb_.b.t - cb_.a.t) * be;
            let s = ta - tb;
            if s < -q.window || s > 1.0 + q.window {
                continue;
            }
            let (Tag::Real(ea), Tag::Real(eb)) =
                (sa.sides[ca_.edge as usize].2, sb.sides[cb_.edge as usize].2)
            else {
                continue;
            };
            ee.push((ea, eb, s));
        }
        ee.sort_unstable_by(|x, y| (x.0, x.1).cmp(&(y.0, y.1)).then(x.2.total_cmp(&y.2)));
    }

    /// EE: the edge pairs confirmed and timed on the edges' coplanarity
    /// (Buss, "Collision Detection with Glide Rotations", section 9's
    /// seventh step; properness by section 5, equation 7). Per edge pair:
    /// Newton from the pixel time; when that finds no crossing, every root
    /// in the window around it (once per window).
    pub(super) fn edge_edge_contacts(&mut self, q: &Query, stats: &mut RasterStats) {
        self.edge_pair_times(q);
        let RasterScratch {
            sa,
            sb,
            ee,
            found,
            roots,
            ..
        } = self;
        let (a, b, screen) = (q.a, q.b, &q.screen);
        let mut newton_at: Option<(u32, u32, f64)> = None;
        let mut sampled: Option<(u32, u32, f64)> = None;
        for &(ea, eb, s_pix) in ee.iter() {
            if let Some((la, lb, ls)) = newton_at {
                if la == ea && lb == eb && s_pix - ls <= q.dt {
                    continue;
                }
            }
            newton_at = Some((ea, eb, s_pix));
            let ([a0, a1], _) = a.edges[ea as usize];
            let ([b0, b1], _) = b.edges[eb as usize];
            let (p0, p1) = (sa.verts[a0], sa.verts[a1]);
            let (q0, q1) = (sb.verts[b0], sb.verts[b1]);
            let f = |s: f64| coplanarity(screen, &p0, &p1, &q0, &q1, s);
            let lo = (s_pix - q.window).max(-q.eps_s);
            let hi = (s_pix + q.window).min(1.0 + q.eps_s);
            if lo > hi {
                continue;
            }
            stats.edge_pairs_solved += 1;
            if let Some(hit) = newton(f, s_pix, lo, hi).and_then(|s| crossing(q, sa, sb, ea, eb, s))
            {
                found.push(hit);
                continue;
            }
            if let Some((la, lb, ls)) = sampled {
                if la == ea && lb == eb && s_pix - ls <= q.window {
                    continue;
                }
            }
            sampled = Some((ea, eb, s_pix));
            if roots_in(f, lo, hi, q.samples.max(4), q.tol * q.tol * q.tol, roots) {
                continue;
            }
            for &s in roots.iter() {
                if let Some(hit) = crossing(q, sa, sb, ea, eb, s) {
                    found.push(hit);
                }
            }
        }
    }
}

/// The crossing of edge `ea` of `a` and edge `eb` of `b` at step fraction
/// `s`, if the edges cross there (within rounding of their closed ends),
/// with its properness and normal (Buss, "Collision Detection with Glide
/// Rotations", section 5, equation 7).
fn crossing(q: &Query, sa: &Side, sb: &Side, ea: u32, eb: u32, s: f64) -> Option<Found> {
    let ([a0, a1], [fa1, fa2]) = q.a.edges[ea as usize];
    let ([b0, b1], [fb1, fb2]) = q.b.edges[eb as usize];
    let (p0, p1) = (sa.verts[a0], sa.verts[a1]);
    let at = q.screen.at(s);
    let m0 = at.point(&sb.verts[b0]);
    let (ea_v, eb_v) = (sub(&p1, &p0), at.dir(&sub(&sb.verts[b1], &sb.verts[b0])));
    let (al, be) = line_params(&p0, &ea_v, &m0, &eb_v)?;
    let ends = 1e-9;
    if !(-ends..=1.0 + ends).contains(&al) || !(-ends..=1.0 + ends).contains(&be) {
        return None;
    }
    let point = add(&p0, &[ea_v[0] * al, ea_v[1] * al, ea_v[2] * al]);
    let nb1 = at.dir(&sb.normals[fb1]);
    let nb2 = at.dir(&sb.normals[fb2]);
    let prop = edge_prop(
        &ea_v,
        &eb_v,
        [&sa.normals[fa1], &sa.normals[fa2]],
        [&nb1, &nb2],
    );
    Some(Found {
        kind: EventKind::EdgeEdge,
        a: ea,
        b: eb,
        s: s.clamp(0.0, 1.0),
        point,
        normal: prop.map(|p| p.1),
        properness: prop.map(|p| p.0),
        at_end: al.min(be) <= ends || al.max(be) >= 1.0 - ends,
    })
}
