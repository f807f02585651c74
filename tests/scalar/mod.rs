//! Scalars: the ring and field laws of every scalar.

mod laws;
