//! Campaigns: differential rules on generated scenarios.

mod raster;
mod sigma_path;
