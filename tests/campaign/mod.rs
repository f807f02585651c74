//! Campaigns: differential rules on generated scenarios.

mod nonlinear;
mod raster;
mod report;
mod shapes;
mod sigma_path;
