//! The `exactccd` command line.
fn main() {}
