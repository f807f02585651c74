//! The glide-rotation solver: analytic and raster variants, enclosures, certificates.

mod certificate;
mod enclosure;
mod event_cells;
mod intervals;
mod raster;
mod solve;
