//! `exactccd campaign` and `exactccd campaign merge`: differential
//! campaigns on generated scenarios (see [`exactccd::campaign`]).
#![deny(clippy::float_arithmetic)]

use super::{exit, Outcome};
use exactccd::campaign::{
    merge_reports, run_campaign_with_progress, CampaignConfig, NoProgress, Progress, Summary,
};
use exactccd::generate::ScenarioClass;
use indicatif::{ProgressBar, ProgressStyle};
use std::path::PathBuf;

/// The classes named on the command line: class names, or the groups
/// `random`, `degenerate`, `glide` (`linear`, `rotation`, `spin`,
/// `raster`: where glide applies), `shapes` (spheres, capsules, convex
/// hulls and minimum separations with boxes and triangles), `nonlinear`
/// (`angular`, `screw`: the engines' rigid motions) and `all` (every
/// class: glide's `rotation`, `spin` and `raster`, the extensions'
/// `piecewise`, the shapes, `angular` and `screw`; the default when none
/// is given).
pub fn parse_classes(names: &[String]) -> Result<Vec<ScenarioClass>, String> {
    let mut out = Vec::new();
    let all = ScenarioClass::all;
    if names.is_empty() {
        return Ok(all().collect());
    }
    for name in names {
        match name.as_str() {
            "random" => out.extend(ScenarioClass::RANDOM),
            "degenerate" => out.extend(ScenarioClass::DEGENERATE),
            "glide" => out.extend(ScenarioClass::GLIDE),
            "shapes" => out.extend(ScenarioClass::SHAPES),
            "nonlinear" => out.extend(ScenarioClass::NONLINEAR),
            "all" => out.extend(all()),
            other => out.push(other.parse()?),
        }
    }
    Ok(out)
}

/// `K/N` with `1 <= K <= N`.
pub fn parse_shard(text: &str) -> Result<(u64, u64), String> {
    let bad = || format!("--shard {text:?}: expected K/N with 1 <= K <= N, e.g. 3/8");
    let (k, n) = text.split_once('/').ok_or_else(bad)?;
    let (k, n): (u64, u64) = (k.parse().map_err(|_| bad())?, n.parse().map_err(|_| bad())?);
    if k == 0 || n == 0 || k > n {
        return Err(bad());
    }
    Ok((k, n))
}

fn status_of(summary: &Summary) -> u8 {
    if summary.scenarios_with_findings() > 0 {
        exit::DISAGREEMENT
    } else {
        exit::SUCCESS
    }
}

/// A progress bar on stderr.
struct Bar(ProgressBar);

impl Progress for Bar {
    fn start(&self, cases: u64) {
        self.0.set_length(cases);
    }
    fn case_done(&self) {
        self.0.inc(1);
    }
    fn finish(&self) {
        self.0.finish_and_clear();
    }
}

fn progress_bar() -> Bar {
    let bar = ProgressBar::new(0);
    bar.set_style(
        ProgressStyle::with_template(
            "{elapsed_precise} [{bar:40}] {pos}/{len} scenarios, {per_sec}, eta {eta}",
        )
        .expect("a valid template")
        .progress_chars("=> "),
    );
    Bar(bar)
}

/// `exactccd campaign ...`: prints the summary table (with a progress bar
/// on stderr when `progress`); exit status 1 when any scenario has a
/// finding.
pub fn campaign_command(config: &CampaignConfig, progress: bool) -> Outcome {
    let run = if progress {
        run_campaign_with_progress(config, &progress_bar())
    } else {
        run_campaign_with_progress(config, &NoProgress)
    };
    match run {
        Err(e) => Outcome::error(exit::INVALID_INPUT, format!("error: {e}")),
        Ok((_, summary)) => Outcome {
            status: status_of(&summary),
            stdout: summary.table(),
            stderr: Vec::new(),
        },
    }
}

/// `exactccd campaign merge REPORT... [--out DIR]`.
pub fn campaign_merge_command(reports: &[PathBuf], out: Option<&PathBuf>) -> Outcome {
    match merge_reports(reports, out.map(PathBuf::as_path)) {
        Err(e) => Outcome::error(exit::INVALID_INPUT, format!("error: {e}")),
        Ok((_, summary)) => Outcome {
            status: status_of(&summary),
            stdout: summary.table(),
            stderr: Vec::new(),
        },
    }
}
