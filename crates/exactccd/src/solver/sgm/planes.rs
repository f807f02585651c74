//! The 30 boundary planes of `b1 + (-b2)` (the SGM paper, section IV-C, eqs. 3,
//! 4, 5 and 7) and the pair matching that fixes them on a homogeneous
//! interval (section IV-B; the SGM authors' web page, steps 1-6, in the closed form of the
//! module docs of `sgm`).
#![deny(clippy::float_arithmetic)]

use super::relative::RelativeBoxes;
use crate::geom::{BoxEdge, BoxFace, BoxVertex, Feature, Vec3};
use crate::poly::Poly;
use crate::scalar::{Ring, Sign};

/// Number of boundary planes: 15 normal directions, two orientations each.
pub const PLANE_COUNT: usize = 30;

/// The normal direction of a plane pair, before orientation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlaneAxis {
    /// `e_i`: a face normal of `b1` (FV pairs).
    FaceA(usize),
    /// `N_j`: a face normal of `b2` (VF pairs).
    FaceB(usize),
    /// `e_i x U_j`: an edge of each box (EE pairs).
    EdgeEdge(usize, usize),
}

impl PlaneAxis {
    /// The 15 directions in the order FV, VF, EE.
    pub fn index(self) -> usize {
        match self {
            PlaneAxis::FaceA(i) => i,
            PlaneAxis::FaceB(j) => 3 + j,
            PlaneAxis::EdgeEdge(i, j) => 6 + 3 * i + j,
        }
    }

    /// The direction of index `k < 15`.
    pub fn from_index(k: usize) -> Self {
        match k {
            0..=2 => PlaneAxis::FaceA(k),
            3..=5 => PlaneAxis::FaceB(k - 3),
            _ => PlaneAxis::EdgeEdge((k - 6) / 3, (k - 6) % 3),
        }
    }
}

/// One of the 30 planes: a direction and the orientation of its outward
/// normal (`+n` or `-n`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PlaneId {
    /// The direction `n`.
    pub axis: PlaneAxis,
    /// `true` for the outward normal `+n`, `false` for `-n`.
    pub positive: bool,
}

impl PlaneId {
    /// `0..30`: `2 * axis + (0 for +n, 1 for -n)`.
    pub fn index(self) -> usize {
        2 * self.axis.index() + usize::from(!self.positive)
    }

    /// The plane of index `k < 30`.
    pub fn from_index(k: usize) -> Self {
        PlaneId {
            axis: PlaneAxis::from_index(k / 2),
            positive: k % 2 == 0,
        }
    }

    /// `+1` or `-1`.
    pub fn sign(self) -> Sign {
        if self.positive {
            Sign::Positive
        } else {
            Sign::Negative
        }
    }

    /// `FV +x`, `VF -N1`, `EE x,U2 +`: the label used in certificates.
    pub fn label(self) -> String {
        let s = if self.positive { '+' } else { '-' };
        match self.axis {
            PlaneAxis::FaceA(i) => format!("FV {s}e{i}"),
            PlaneAxis::FaceB(j) => format!("VF {s}N{j}"),
            PlaneAxis::EdgeEdge(i, j) => format!("EE {s}(e{i} x U{j})"),
        }
    }
}

/// A feature of a box given by the signs of its support direction in the
/// box's own axes: no zero is a vertex, one zero an edge along that axis,
/// two zeros a face.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FeatureSigns(pub [Sign; 3]);

/// A named box feature.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoxFeature {
    /// A corner.
    Vertex(BoxVertex),
    /// An edge.
    Edge(BoxEdge),
    /// A face.
    Face(BoxFace),
}

impl BoxFeature {
    /// The same feature in the crate's feature model.
    pub fn feature(self) -> Feature {
        match self {
            BoxFeature::Vertex(v) => Feature::BoxVertex(v),
            BoxFeature::Edge(e) => Feature::BoxEdge(e),
            BoxFeature::Face(f) => Feature::BoxFace(f),
        }
    }
}

impl FeatureSigns {
    /// The feature, `None` when every sign is zero (vanishing direction).
    pub fn feature(self) -> Option<BoxFeature> {
        let pos = self.0.map(|s| s == Sign::Positive);
        let zeros: Vec<usize> = (0..3).filter(|&k| self.0[k] == Sign::Zero).collect();
        match zeros.len() {
            0 => Some(BoxFeature::Vertex(BoxVertex { positive: pos })),
            1 => Some(BoxFeature::Edge(BoxEdge {
                axis: zeros[0],
                positive: pos,
            })),
            2 => {
                let axis = (0..3).find(|k| !zeros.contains(k))?;
                Some(BoxFeature::Face(BoxFace {
                    axis,
                    positive: pos[axis],
                }))
            }
            _ => None,
        }
    }
}

/// The polynomial data of one direction `n` (module docs, "Planes"):
/// `D_{+-n} = sum_k coef_k |inner_k| -+ center`, with the inner values
/// `w n[k]` (coefficients `e_k`) then `n . U_k` (coefficients `f_k`).
#[derive(Clone, Debug)]
pub struct AxisData<S> {
    /// The direction.
    pub axis: PlaneAxis,
    /// `n(t)` (unnormalised, in `b1`'s frame).
    pub normal: Vec3<Poly<S>>,
    /// `(coef, inner)`: three terms of `b1`, three of `b2`.
    pub terms: [(S, Poly<S>); 6],
    /// `n . T`.
    pub center: Poly<S>,
}

impl<S: Ring> AxisData<S> {
    /// True when `n` vanishes identically (parallel edges for the whole
    /// motion): the two planes say nothing and are dropped.
    pub fn vanishes(&self) -> bool {
        self.normal.iter().all(Poly::is_zero)
    }

    /// The base `sum_k coef_k sigma_k inner_k` for the sign pattern
    /// `sigma` of the inner values on a homogeneous interval.
    pub fn base(&self, pattern: &[Sign; 6]) -> Poly<S> {
        let mut r = Poly::zero();
        for ((c, p), s) in self.terms.iter().zip(pattern) {
            match s {
                Sign::Positive => r = &r + &p.scale(c),
                Sign::Negative => r = &r - &p.scale(c),
                Sign::Zero => {}
            }
        }
        r
    }

    /// The plane polynomials `D_{+n}` and `D_{-n}` for the pattern.
    pub fn planes(&self, pattern: &[Sign; 6]) -> [Poly<S>; 2] {
        let base = self.base(pattern);
        [&base - &self.center, &base + &self.center]
    }

    /// The features of the pair of plane `+n` (or `-n`) from the signs of
    /// the inner values: `b1`'s support feature in `s n` (signs of `s
    /// n[k]`) and `b2`'s in `-s n` (signs of `-s n . U_k`).
    pub fn features(positive: bool, pattern: &[Sign; 6]) -> (FeatureSigns, FeatureSigns) {
        let flip = |s: Sign, neg: bool| if neg { s.flip() } else { s };
        let a = std::array::from_fn(|k| flip(pattern[k], !positive));
        let b = std::array::from_fn(|k| flip(pattern[3 + k], positive));
        (FeatureSigns(a), FeatureSigns(b))
    }
}

/// The pair at a contact instant (section IV-D): the first of the planes
/// the origin lies on whose direction does not vanish there, and the
/// support features of all of them merged (a sign left `0` by one plane is
/// taken from the next). `vanishing` gives those planes in FV, VF, EE order
/// with the sign pattern of their direction's inner values at the instant.
pub(crate) fn contact_pair(
    vanishing: impl IntoIterator<Item = (PlaneId, [Sign; 6])>,
) -> Option<(PlaneId, BoxFeature, BoxFeature)> {
    let mut first: Option<PlaneId> = None;
    let mut sa = [Sign::Zero; 3];
    let mut sb = [Sign::Zero; 3];
    for (id, signs) in vanishing {
        if signs[..3].iter().all(|s| *s == Sign::Zero) {
            continue;
        }
        let (fa, fb) = AxisData::<f64>::features(id.positive, &signs);
        for m in 0..3 {
            if sa[m] == Sign::Zero {
                sa[m] = fa.0[m];
            }
            if sb[m] == Sign::Zero {
                sb[m] = fb.0[m];
            }
        }
        first.get_or_insert(id);
    }
    let fa = FeatureSigns(sa).feature()?;
    let fb = FeatureSigns(sb).feature()?;
    Some((first?, fa, fb))
}

/// `e_i x v`.
fn unit_cross<S: Ring>(i: usize, v: &Vec3<Poly<S>>) -> Vec3<Poly<S>> {
    let z = Poly::zero;
    match i {
        0 => Vec3::new(z(), -&v.z, v.y.clone()),
        1 => Vec3::new(v.z.clone(), z(), -&v.x),
        _ => Vec3::new(-&v.y, v.x.clone(), z()),
    }
}

/// The 15 plane directions `n(t)` in the order of [`PlaneAxis::index`]
/// (`e_i`, `N_j`, `e_i x U_j`): the `normal` fields of [`axis_data`],
/// without the rest.
pub(crate) fn axis_normals<S: Ring>(b: &RelativeBoxes<S>) -> Vec<Vec3<Poly<S>>> {
    let mut out = Vec::with_capacity(15);
    for i in 0..3 {
        out.push(Vec3::unit(i).map(|c: &S| Poly::constant(c.clone())));
    }
    out.extend(b.normals.iter().cloned());
    for i in 0..3 {
        for j in 0..3 {
            out.push(unit_cross(i, &b.axis(j)));
        }
    }
    out
}

/// The polynomial data of the 15 directions, written structurally so that
/// every inner value is (up to sign and the positive `w`) an entry of `L`
/// or of `N` (the paper's nine components), which is what makes the
/// homogeneous intervals fix all of them.
pub fn axis_data<S: Ring>(b: &RelativeBoxes<S>) -> Vec<AxisData<S>> {
    let w = &b.denominator;
    let u: [Vec3<Poly<S>>; 3] = std::array::from_fn(|j| b.axis(j));
    let e = &b.half_a;
    let f = &b.half_b;
    let mk = |axis: PlaneAxis,
              normal: Vec3<Poly<S>>,
              dots: [Poly<S>; 3],
              center: Poly<S>|
     -> AxisData<S> {
        let wn: [Poly<S>; 3] = std::array::from_fn(|k| w * &normal[k]);
        let [d0, d1, d2] = dots;
        let [w0, w1, w2] = wn;
        AxisData {
            axis,
            normal,
            terms: [
                (e[0].clone(), w0),
                (e[1].clone(), w1),
                (e[2].clone(), w2),
                (f[0].clone(), d0),
                (f[1].clone(), d1),
                (f[2].clone(), d2),
            ],
            center,
        }
    };
    let mut out = Vec::with_capacity(15);
    for (i, ti) in b.translation.iter().enumerate() {
        let normal = Vec3::unit(i).map(|c: &S| Poly::constant(c.clone()));
        let dots = u.each_ref().map(|uk| uk[i].clone());
        out.push(mk(PlaneAxis::FaceA(i), normal, dots, ti.clone()));
    }
    for j in 0..3 {
        let n = b.normals[j].clone();
        let dots = std::array::from_fn(|k| if k == j { b.det.clone() } else { Poly::zero() });
        let center = n.dot(&b.translation);
        out.push(mk(PlaneAxis::FaceB(j), n, dots, center));
    }
    for i in 0..3 {
        for (j, uj) in u.iter().enumerate() {
            let n = unit_cross(i, uj);
            // n . U_k = e_i . (U_j x U_k): U_j x U_{j+1} = N_{j+2},
            // U_j x U_{j+2} = -N_{j+1}.
            let dots = std::array::from_fn(|k| {
                if k == j {
                    Poly::zero()
                } else if k == (j + 1) % 3 {
                    b.normals[(j + 2) % 3][i].clone()
                } else {
                    -&b.normals[(j + 1) % 3][i]
                }
            });
            let center = n.dot(&b.translation);
            out.push(mk(PlaneAxis::EdgeEdge(i, j), n, dots, center));
        }
    }
    out
}

/// The sign pattern of an axis's inner values at a rational time.
pub fn pattern_at<S: Ring>(ax: &AxisData<S>, t: &S) -> [Sign; 6] {
    std::array::from_fn(|k| ax.terms[k].1.eval(t).sign())
}
