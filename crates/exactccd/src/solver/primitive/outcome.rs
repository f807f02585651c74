//! The answers of the primitive queries, as plain data: the verdict of
//! `test_*` with its certificate, the contact of `find_*`, feature names and
//! statistics.
#![deny(clippy::float_arithmetic)]

use super::evidence::{Rejection, Witness};
use super::feature::PrimitiveFeature;
use super::query::QueryKind;

/// How the candidate times were found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Schedule {
    /// The separation polynomial (the coplanarity cubic) is not identically
    /// zero: contact needs the four points coplanar, so the candidates are
    /// its roots in the interval.
    Separation {
        /// Its degree (at most 3; 0 for a non-zero constant).
        degree: usize,
    },
    /// The four points are coplanar at every time: the candidates are the
    /// ends of the interval and the roots of every polynomial the inside
    /// test reads (its critical times). Between two consecutive candidates
    /// none of those polynomials changes sign, so the test's answer is
    /// constant there; the set of contact times is closed, so its first
    /// element is a candidate.
    Coplanar {
        /// How many of the inspected polynomials are not identically zero.
        critical_polynomials: usize,
    },
    /// A minimum separation `d > 0` (or the separation algorithm at any
    /// `d`): the candidates are the ends of the interval and the roots of
    /// every polynomial of the regions of `proximity.rs`.
    Proximity {
        /// How many distinct non-constant polynomials were searched.
        polynomials: usize,
    },
}

/// The evidence behind an answer: every candidate time in increasing order
/// up to the first that passes the inside test, each rejected one with the
/// sign that rejects it. A referee recomputes the candidates (roots of the
/// named polynomials) and checks each sign, instead of re-solving.
#[derive(Clone, Debug, PartialEq)]
pub struct Certificate<T> {
    /// How the candidates were found.
    pub schedule: Schedule,
    /// The candidates before the contact (all of them when there is none),
    /// each with why the test failed there.
    pub rejected: Vec<(T, Rejection)>,
    /// The first candidate that passes, with the signs that prove contact.
    pub contact: Option<(T, Witness)>,
}

/// The answer of `test_*`: collides or not, with its certificate.
#[derive(Clone, Debug, PartialEq)]
pub struct Verdict<T> {
    /// True when the primitives touch or intersect at some time of the
    /// interval.
    pub collides: bool,
    /// The evidence; its `contact` holds the first contact time.
    pub certificate: Certificate<T>,
}

impl<T> Verdict<T> {
    /// The first contact time, when there is contact.
    pub fn time(&self) -> Option<&T> {
        self.certificate.contact.as_ref().map(|(t, _)| t)
    }

    /// The same verdict with every time mapped by `f`.
    pub fn map_times<U>(self, f: impl Fn(T) -> U) -> Verdict<U> {
        Verdict {
            collides: self.collides,
            certificate: self.certificate.map_times(f),
        }
    }
}

impl<T> Certificate<T> {
    /// The same certificate with every time mapped by `f`.
    pub fn map_times<U>(self, f: impl Fn(T) -> U) -> Certificate<U> {
        Certificate {
            schedule: self.schedule,
            rejected: self.rejected.into_iter().map(|(t, r)| (f(t), r)).collect(),
            contact: self.contact.map(|(t, w)| (f(t), w)),
        }
    }
}

/// Work done by one query.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PrimitiveStats {
    /// Candidate times found.
    pub candidates: usize,
    /// Candidate times (and, for the contact intervals, gaps between them)
    /// at which the inside test ran.
    pub tests: usize,
    /// True when the four points are coplanar at every time.
    pub coplanar: bool,
}

/// The full answer of `find_*`: first contact, every contact interval, the
/// features, a contact point and normal, the certificate and statistics.
#[derive(Clone, Debug, PartialEq)]
pub struct PrimitiveContact<T> {
    /// Which query.
    pub kind: QueryKind,
    /// True when there is contact in the interval.
    pub collides: bool,
    /// True when the primitives touch at the start of the interval.
    pub initially_touching: bool,
    /// The first contact time.
    pub first_contact: Option<T>,
    /// The maximal closed intervals of contact, in order; an instant of
    /// touching is an interval of zero length.
    pub contact_intervals: Vec<(T, T)>,
    /// The features that first touch.
    pub feature: Option<PrimitiveFeature>,
    /// A contact point at the first contact time (`f64`).
    pub point: Option<[f64; 3]>,
    /// The unit normal at the first contact from `a` (the vertex, or segment
    /// `a`) to `b` (the triangle, or segment `b`), when it is defined: the
    /// triangle's normal (or `ea x eb`), oriented against the side `a` comes
    /// from; `None` when the primitives are coplanar just before the
    /// contact, or the normal vanishes.
    pub normal: Option<[f64; 3]>,
    /// The evidence of the first contact (or of none).
    pub certificate: Certificate<T>,
    /// Work done.
    pub stats: PrimitiveStats,
}

impl<T> PrimitiveContact<T> {
    /// The same contact with every time mapped by `f`.
    pub fn map_times<U>(self, f: impl Fn(T) -> U) -> PrimitiveContact<U> {
        PrimitiveContact {
            kind: self.kind,
            collides: self.collides,
            initially_touching: self.initially_touching,
            first_contact: self.first_contact.map(&f),
            contact_intervals: self
                .contact_intervals
                .into_iter()
                .map(|(a, b)| (f(a), f(b)))
                .collect(),
            feature: self.feature,
            point: self.point,
            normal: self.normal,
            certificate: self.certificate.map_times(f),
            stats: self.stats,
        }
    }
}
