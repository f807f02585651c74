//! Vertex-face and edge-edge queries: hand cases, brute force, the benchmark, the command line.

mod benchmark;
mod bruteforce;
mod cases;
mod cli;
mod f64_near_misses;
mod separation;
