//! Campaigns: differential rules on generated scenarios.

mod raster;
mod shapes;
mod sigma_path;
