//! The separating-axis solver: tables, motions, meshes, angular velocity, the command line.

mod angular;
mod box_box_f64;
mod cells;
mod cli;
mod mesh;
mod motion;
mod static_brute_force;
mod tables;
mod turning_shapes;
