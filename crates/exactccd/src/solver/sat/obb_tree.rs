//! OBB trees: construction (Eberly, "Dynamic Collision Detection using OBBs", section 6) and dual traversal
//! (section 7).
//!
//! # Construction
//!
//! The root box contains every triangle (fitted by [`fit_obb`], exact and
//! conservative: see `obb_fit.rs`). A node with more than `leaf_size`
//! triangles is split in two by a plane orthogonal to one of its box's axes
//! (section 6.2), the triangles going to the side of their centroid:
//!
//! * [`SplitRule::Center`]: the plane through the box centre, longest axis
//!   first; when every centroid falls on one side, the next longest axis,
//!   then the last (the paper's fallbacks); when all three fail ("some other
//!   criterion"), the median split below.
//! * [`SplitRule::Median`]: the plane through the median of the centroids'
//!   projections on the longest axis: the triangles sorted by projection
//!   (exactly; ties by index) and cut in two halves, which always splits.
//!
//! Below depth [`MEDIAN_AFTER_DEPTH`] every split is a median split, so a
//! run of unbalanced centre splits cannot make the tree (and the recursion
//! that builds and traverses it) deeper than that plus `log2 n`.
//!
//! The sides are decided exactly (`A . (V0 + V1 + V2) < 3 A . C` with the
//! rational axes), so a tree is the same on every machine.
//!
//! # Traversal
//!
//! [`ObbTree::traverse`] is the dual recursion of section 7: a pair of nodes
//! whose boxes the caller's `overlap` test cannot separate is refined by
//! descending into the children of the first tree, then of the second; at
//! leaf pairs the caller's `leaves` callback receives the triangles of both
//! nodes and returns [`ControlFlow::Break`] to stop the whole search
//! (section 7.2's "continue searching" flag) or `Continue`. Depth limits
//! (`Some(d)`: a node at depth `d` counts as a leaf) work as the paper's
//! `HasChildren`, with one deviation on purpose: a depth-limited node hands
//! *all* its triangles to `leaves` instead of counting a box overlap as a
//! collision, so a limited depth costs time, never correctness. Unlike the
//! paper's `TestCollision`, a pair is refined in one tree at a time, so no
//! leaf pair is visited twice.
//!
//! Because every box contains its triangles exactly, pruning a pair of boxes
//! that the overlap test separates never changes an answer: it only saves
//! the triangle tests.
#![deny(clippy::float_arithmetic)]

use super::obb_fit::{fit_obb, FitOptions};
use crate::geom::{Obb, Vec3};
use crate::scalar::{BigRational, Ring};
use std::ops::ControlFlow;

/// Where a node is split (module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum SplitRule {
    /// Through the box centre, with the paper's fallbacks.
    #[default]
    Center,
    /// Through the median of the triangle centroids.
    Median,
}

/// Options of the tree construction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TreeOptions {
    /// The box fit.
    pub fit: FitOptions,
    /// The split rule.
    pub split: SplitRule,
    /// A node with at most this many triangles is a leaf (at least 1).
    pub leaf_size: usize,
}

/// Depth after which every split is a median split (module docs): keeps
/// the tree's depth logarithmic whatever the centre splits do.
pub const MEDIAN_AFTER_DEPTH: usize = 48;

/// Default leaf size: one triangle per leaf, the paper's full tree.
pub const DEFAULT_LEAF_SIZE: usize = 1;

impl Default for TreeOptions {
    fn default() -> Self {
        TreeOptions {
            fit: FitOptions::default(),
            split: SplitRule::Center,
            leaf_size: DEFAULT_LEAF_SIZE,
        }
    }
}

/// A node of an OBB tree: its exact box and its triangles, which are
/// `order[first..first + count]` of the tree.
#[derive(Clone, Debug, PartialEq)]
pub struct ObbNode {
    /// A box containing every triangle of the node, exactly.
    pub obb: Obb<BigRational>,
    /// Index of the node's first triangle in [`ObbTree::order`].
    pub first: usize,
    /// Number of triangles.
    pub count: usize,
    /// The two children (indices into [`ObbTree::nodes`]), `None` at a leaf.
    pub children: Option<[usize; 2]>,
}

/// How often the split rules fell back (module docs), for tests and
/// reports.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SplitCounts {
    /// Splits by the first choice (longest axis).
    pub longest_axis: usize,
    /// Splits that fell back to the second or third axis.
    pub other_axis: usize,
    /// Splits that fell back to the median (or used it by rule).
    pub median: usize,
}

/// A binary tree of exact boxes over a list of triangles.
#[derive(Clone, Debug, PartialEq)]
pub struct ObbTree {
    /// The nodes; the root is node 0.
    pub nodes: Vec<ObbNode>,
    /// The triangle indices, ordered so that every node's triangles are
    /// consecutive.
    pub order: Vec<usize>,
    /// What the splits did.
    pub splits: SplitCounts,
}

fn centroid3(t: &[Vec3<BigRational>; 3]) -> Vec3<BigRational> {
    &(&t[0] + &t[1]) + &t[2]
}

impl ObbTree {
    /// Builds the tree over `triangles` (exact corners; module docs). An
    /// empty list gives a tree without nodes.
    pub fn build(triangles: &[[Vec3<BigRational>; 3]], options: TreeOptions) -> ObbTree {
        let mut tree = ObbTree {
            nodes: Vec::new(),
            order: (0..triangles.len()).collect(),
            splits: SplitCounts::default(),
        };
        if !triangles.is_empty() {
            tree.build_node(triangles, 0, triangles.len(), &options, 0);
        }
        tree
    }

    /// The triangles (indices into the list the tree was built on) of a
    /// node.
    pub fn triangles_of(&self, node: &ObbNode) -> &[usize] {
        &self.order[node.first..node.first + node.count]
    }

    /// The depth of the tree (1 for a single leaf, 0 when empty).
    pub fn depth(&self) -> usize {
        fn d(t: &ObbTree, i: usize) -> usize {
            match t.nodes[i].children {
                None => 1,
                Some([l, r]) => 1 + d(t, l).max(d(t, r)),
            }
        }
        if self.nodes.is_empty() {
            0
        } else {
            d(self, 0)
        }
    }

    fn build_node(
        &mut self,
        triangles: &[[Vec3<BigRational>; 3]],
        first: usize,
        count: usize,
        options: &TreeOptions,
        depth: usize,
    ) -> usize {
        let own: Vec<[Vec3<BigRational>; 3]> = self.order[first..first + count]
            .iter()
            .map(|&i| triangles[i].clone())
            .collect();
        let obb = fit_obb(&own, options.fit);
        let index = self.nodes.len();
        self.nodes.push(ObbNode {
            obb: obb.clone(),
            first,
            count,
            children: None,
        });
        if count <= options.leaf_size.max(1) || count < 2 {
            return index;
        }
        // centre splits can be unbalanced: past this depth only medians, so
        // the depth (and the recursion of build and traversal) stays below
        // MEDIAN_AFTER_DEPTH + log2(count) + 1
        let rule = if depth >= MEDIAN_AFTER_DEPTH {
            SplitRule::Median
        } else {
            options.split
        };
        let left_count = self.split(triangles, first, count, &obb, rule);
        let l = self.build_node(triangles, first, left_count, options, depth + 1);
        let r = self.build_node(
            triangles,
            first + left_count,
            count - left_count,
            options,
            depth + 1,
        );
        self.nodes[index].children = Some([l, r]);
        index
    }

    /// Reorders `order[first..first + count]` into two non-empty sides and
    /// returns the size of the first.
    fn split(
        &mut self,
        triangles: &[[Vec3<BigRational>; 3]],
        first: usize,
        count: usize,
        obb: &Obb<BigRational>,
        rule: SplitRule,
    ) -> usize {
        let mut axes = [0usize, 1, 2];
        axes.sort_by(|&i, &j| {
            obb.half_extents[j]
                .cmp(&obb.half_extents[i])
                .then(i.cmp(&j))
        });
        let slice = first..first + count;
        if rule == SplitRule::Center {
            let three = BigRational::from_i64(3);
            for (k, &ax) in axes.iter().enumerate() {
                let a = &obb.axes[ax];
                let plane = a.dot(&obb.center) * &three;
                let (below, above): (Vec<usize>, Vec<usize>) = self.order[slice.clone()]
                    .iter()
                    .partition(|&&i| a.dot(&centroid3(&triangles[i])) < plane);
                if !below.is_empty() && !above.is_empty() {
                    if k == 0 {
                        self.splits.longest_axis += 1;
                    } else {
                        self.splits.other_axis += 1;
                    }
                    let n = below.len();
                    for (slot, i) in self.order[slice]
                        .iter_mut()
                        .zip(below.into_iter().chain(above))
                    {
                        *slot = i;
                    }
                    return n;
                }
            }
        }
        // the median along the longest axis
        self.splits.median += 1;
        let a = &obb.axes[axes[0]];
        let mut keyed: Vec<(BigRational, usize)> = self.order[slice.clone()]
            .iter()
            .map(|&i| (a.dot(&centroid3(&triangles[i])), i))
            .collect();
        keyed.sort();
        for (slot, (_, i)) in self.order[slice].iter_mut().zip(keyed) {
            *slot = i;
        }
        count / 2
    }

    /// The dual traversal of two trees (module docs, Eberly, "Dynamic Collision Detection using OBBs", section 7).
    /// `overlap(node_a, node_b)` must return `false` only when the two
    /// boxes cannot meet; `leaves(tris_a, tris_b)` receives the triangles
    /// of leaf pairs (or depth-limited nodes) whose boxes `overlap` did not
    /// separate, and may stop the search with [`ControlFlow::Break`].
    pub fn traverse<B>(
        &self,
        other: &ObbTree,
        max_depth: (Option<usize>, Option<usize>),
        overlap: &mut impl FnMut(&ObbNode, &ObbNode) -> bool,
        leaves: &mut impl FnMut(&[usize], &[usize]) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        if self.nodes.is_empty() || other.nodes.is_empty() {
            return ControlFlow::Continue(());
        }
        self.visit(other, (0, 0), (0, 0), max_depth, overlap, leaves)
    }

    fn visit<B>(
        &self,
        other: &ObbTree,
        (i, j): (usize, usize),
        (di, dj): (usize, usize),
        max_depth: (Option<usize>, Option<usize>),
        overlap: &mut impl FnMut(&ObbNode, &ObbNode) -> bool,
        leaves: &mut impl FnMut(&[usize], &[usize]) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        let (na, nb) = (&self.nodes[i], &other.nodes[j]);
        if !overlap(na, nb) {
            return ControlFlow::Continue(());
        }
        let open = |n: &ObbNode, d: usize, limit: Option<usize>| {
            n.children.filter(|_| limit.is_none_or(|m| d < m))
        };
        if let Some([l, r]) = open(na, di, max_depth.0) {
            self.visit(other, (l, j), (di + 1, dj), max_depth, overlap, leaves)?;
            return self.visit(other, (r, j), (di + 1, dj), max_depth, overlap, leaves);
        }
        if let Some([l, r]) = open(nb, dj, max_depth.1) {
            self.visit(other, (i, l), (di, dj + 1), max_depth, overlap, leaves)?;
            return self.visit(other, (i, r), (di, dj + 1), max_depth, overlap, leaves);
        }
        leaves(self.triangles_of(na), other.triangles_of(nb))
    }
}
