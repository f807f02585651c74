//! Differential campaigns: many generated scenarios through every method in
//! both scalars, judged by the referee and by the differential rules, in
//! parallel, reproducibly, with shrunk reproductions of every finding.
//!
//! * [`evaluate`](evaluate()) judges one scenario (also used by `exactccd
//!   oracle`);
//! * [`run_campaign`] runs `--cases N` scenarios of the chosen classes from
//!   `--seed S`, optionally one shard `K/N` of them (scenario `i` belongs to
//!   shard `i mod N + 1`), on `--jobs J` threads, and writes
//!   `report.jsonl` (one [`CaseLine`] per scenario, in index order),
//!   `summary.txt` and, for every scenario with a finding, a shrunk scenario
//!   file under `failures/` that reproduces it;
//! * [`merge_reports`] rebuilds the summary of many shards' reports;
//! * [`raster_rule`](raster_rule()) is differential rule 8: glide's raster
//!   variant at three resolutions against the analytic variant's
//!   collisions ([`compare_raster`] does the matching).
//!
//! The output is a pure function of the seed, the classes, the case count
//! and the shard: shards run anywhere, under any batch scheduler, and merge.

mod agreement;
mod angular_equivalent;
mod evaluate;
mod finding;
mod raster_rule;
mod report;
mod runner;
mod shrink;
mod sigma_path;

pub use agreement::{check_expectation, describe_time, times_agree, F64_TIME_TOLERANCE_INVERSE};
pub use angular_equivalent::angular_equivalent;
pub use evaluate::{evaluate, Evaluation, RunOutcome, RunRecord, F64_RELATIVE_TOLERANCE};
pub use finding::{Finding, FindingKind};
pub use raster_rule::{
    compare_raster, compare_raster_with_truth, raster_rule, CertifiedContacts, RasterComparison,
    RasterRecord, RasterRunOutcome, ReferenceKind, BOUNDARY_PROPERNESS, GRAZE_COSINE,
    RASTER_PIXELS_PER_EDGE,
};
pub use report::{CaseLine, ClassCounts, FindingLine, RasterCounts, RasterLine, RunLine, Summary};
pub use runner::{
    merge_reports, run_campaign, run_campaign_with_progress, CampaignConfig, CampaignError,
    NoProgress, Progress,
};
pub use shrink::shrink_scenario;
pub use sigma_path::sigma_path_scenario;

use crate::contact::Time;

/// The nearest `f64` of a time (an enclosure's midpoint).
pub(crate) fn time_approx(t: &Time) -> f64 {
    match t {
        Time::Exact(a) => a.to_f64(),
        Time::Float(x) => *x,
        Time::Enclosure { lower, upper } => crate::scalar::rational_to_f64(
            &((lower + upper) / crate::scalar::BigRational::from_integer(2.into())),
        ),
    }
}
