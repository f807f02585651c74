//! An engine's test suite checking it against exactccd: see
//! `tests/parry.rs` (the engine is parry3d-f64, through the `parry`
//! feature; an engine of your own converts `exactccd::engine_bodies`).
