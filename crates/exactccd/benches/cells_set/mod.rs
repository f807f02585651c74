//! The two scenarios the time-cell benches of sat and glide share: a fast
//! `angular` spin (`cells-00`) and a `screw` (`cells-13`) of the angular
//! reference set (`tests/reference/angular/`), loaded exactly.

use exactccd::motion::Body;
use exactccd::scalar::BigRational;
use exactccd::{load_scenario, LoadOptions, ScalarKind};

/// `(label, a, b, (t0, t1))` of each scenario.
pub type CellsCase = (&'static str, Body, Body, (BigRational, BigRational));

/// The reference set's folder.
pub fn reference_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/reference/angular")
}

/// The two scenarios, labelled `angular_exact_cells` and
/// `screw_exact_cells`.
pub fn cells_cases() -> Vec<CellsCase> {
    [
        ("angular_exact_cells", "cells-00.json"),
        ("screw_exact_cells", "cells-13.json"),
    ]
    .into_iter()
    .map(|(label, file)| {
        let s = load_scenario(
            &reference_dir().join(file),
            &LoadOptions::for_scalar(ScalarKind::Exact),
        )
        .expect("a reference scenario");
        (label, s.a().clone(), s.b().clone(), s.interval.clone())
    })
    .collect()
}
