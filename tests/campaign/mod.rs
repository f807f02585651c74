//! Campaigns: differential rules on generated scenarios.

mod nonlinear;
mod raster;
mod sigma_path;
