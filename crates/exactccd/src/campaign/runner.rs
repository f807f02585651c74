//! Running a campaign: scenarios generated from a seed, evaluated in
//! parallel (rayon), reported as JSON lines with a summary table, every
//! finding shrunk to a reproduction file. Progress is reported to a
//! [`Progress`] (the command line draws a bar with it).

use super::evaluate::{evaluate, Evaluation};
use super::finding::FindingKind;
use super::report::{CaseLine, Summary};
use super::shrink::shrink_scenario;
use crate::contact::{ScalarKind, SolveOptions, WorkBudget};
use crate::generate::{generate, ScenarioClass};
use crate::scenario::{parse_scenario, write_scenario, LoadOptions, Scenario};
use rayon::prelude::*;
use std::fmt;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// What to run.
#[derive(Clone, Debug)]
pub struct CampaignConfig {
    /// Scenarios in the whole campaign (all shards together).
    pub cases: u64,
    /// The seed.
    pub seed: u64,
    /// Worker threads (`None`: one per core).
    pub jobs: Option<usize>,
    /// This shard `(k, n)`, 1-based: scenario `i` runs when `i mod n == k - 1`.
    pub shard: (u64, u64),
    /// Scenario classes, used in turn: scenario `i` has class `classes[i mod len]`.
    pub classes: Vec<ScenarioClass>,
    /// Where to write `report.jsonl`, `summary.txt` and `failures/`.
    pub out: Option<PathBuf>,
    /// TIME precision for the solvers.
    pub precision: u32,
    /// Predicate calls allowed to shrink one failing scenario (0: no shrinking).
    pub shrink_budget: usize,
    /// The work budget of every exact or `f64` solve (`--budget`).
    pub budget: WorkBudget,
}

/// Where a running campaign reports its progress (called from the worker
/// threads).
pub trait Progress: Sync {
    /// The campaign starts with `cases` scenarios to run.
    fn start(&self, cases: u64);
    /// One more scenario is done.
    fn case_done(&self);
    /// The campaign is over.
    fn finish(&self);
}

/// Progress reported nowhere.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoProgress;

impl Progress for NoProgress {
    fn start(&self, _cases: u64) {}
    fn case_done(&self) {}
    fn finish(&self) {}
}

/// Why a campaign could not run.
#[derive(Debug)]
pub struct CampaignError(pub String);

impl fmt::Display for CampaignError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for CampaignError {}

/// The same scenario loaded for the `f64` path (numbers rounded once).
fn float_version(s: &Scenario) -> Option<Scenario> {
    parse_scenario(
        &write_scenario(s),
        None,
        &LoadOptions::for_scalar(ScalarKind::F64),
    )
    .ok()
}

fn evaluate_both(s: &Scenario, options: &SolveOptions) -> Evaluation {
    let float = float_version(s);
    evaluate(Some(s), float.as_ref(), options)
}

fn first_kind(e: &Evaluation) -> Option<FindingKind> {
    e.findings.iter().map(|f| f.kind).min()
}

/// Runs one campaign shard; returns the report lines (in index order) and
/// the summary, and writes them under `config.out` when set.
pub fn run_campaign(config: &CampaignConfig) -> Result<(Vec<CaseLine>, Summary), CampaignError> {
    run_campaign_with_progress(config, &NoProgress)
}

/// [`run_campaign`], reporting each finished scenario to `progress`.
pub fn run_campaign_with_progress(
    config: &CampaignConfig,
    progress: &dyn Progress,
) -> Result<(Vec<CaseLine>, Summary), CampaignError> {
    if config.classes.is_empty() {
        return Err(CampaignError("no scenario class selected".into()));
    }
    let (k, n) = config.shard;
    if n == 0 || k == 0 || k > n {
        return Err(CampaignError(format!(
            "--shard {k}/{n}: expected K/N with 1 <= K <= N"
        )));
    }
    let failures_dir = config.out.as_ref().map(|d| d.join("failures"));
    if let Some(dir) = &failures_dir {
        std::fs::create_dir_all(dir)
            .map_err(|e| CampaignError(format!("{}: cannot create: {e}", dir.display())))?;
    }
    // each scenario's line is appended as it is judged (completion order),
    // so a long or interrupted run leaves what it established; the end
    // rewrites the report in index order
    let streamed = match &config.out {
        Some(dir) => {
            let report = dir.join("report.jsonl");
            std::fs::create_dir_all(dir)
                .and_then(|_| std::fs::File::create(&report))
                .map(|f| Some(std::sync::Mutex::new(f)))
                .map_err(|e| CampaignError(format!("{}: cannot write: {e}", report.display())))?
        }
        None => None,
    };
    let indices: Vec<u64> = (0..config.cases).filter(|i| i % n == k - 1).collect();
    progress.start(indices.len() as u64);
    let options = SolveOptions {
        precision: config.precision,
        budget: config.budget,
        ..SolveOptions::default()
    };
    let started = Instant::now();
    let work = || -> Vec<CaseLine> {
        indices
            .par_iter()
            .map(|&i| {
                let class = config.classes[(i % config.classes.len() as u64) as usize];
                let scenario = generate(config.seed, i, class);
                let name = scenario.name.clone().unwrap_or_default();
                let evaluation = evaluate_both(&scenario, &options);
                let mut line = CaseLine::new(i, &class.name(), &name, &evaluation);
                if let (Some(kind), Some(dir)) = (first_kind(&evaluation), &failures_dir) {
                    let small = if config.shrink_budget > 0 {
                        // an expectation only holds for the generated geometry
                        let mut start = scenario.clone();
                        if kind != FindingKind::Expectation {
                            start.expect = None;
                        }
                        shrink_scenario(&start, config.shrink_budget, &|s| {
                            first_kind(&evaluate_both(s, &options)) == Some(kind)
                        })
                    } else {
                        scenario.clone()
                    };
                    let file = dir.join(format!("{name}.json"));
                    let notes = dir.join(format!("{name}.txt"));
                    let findings: Vec<String> = evaluation
                        .findings
                        .iter()
                        .map(|f| format!("{}: {}", f.kind.name(), f.message))
                        .collect();
                    if std::fs::write(&file, write_scenario(&small)).is_ok() {
                        line.reproduction = Some(file.display().to_string());
                    }
                    let _ = std::fs::write(&notes, findings.join("\n") + "\n");
                }
                if let Some(report) = &streamed {
                    let text = serde_json::to_string(&line).expect("report lines serialise") + "\n";
                    if let Ok(mut f) = report.lock() {
                        // a failed write shows in the final report's write
                        let _ = f.write_all(text.as_bytes());
                    }
                }
                progress.case_done();
                line
            })
            .collect()
    };
    let lines = match config.jobs {
        Some(j) => rayon::ThreadPoolBuilder::new()
            .num_threads(j.max(1))
            .build()
            .map_err(|e| CampaignError(format!("cannot start {j} threads: {e}")))?
            .install(work),
        None => work(),
    };
    progress.finish();
    let mut summary = Summary::default();
    for l in &lines {
        summary.add(l);
    }
    summary.wall_seconds = started.elapsed().as_secs_f64();
    if let Some(dir) = &config.out {
        write_report(dir, &lines, &summary)?;
    }
    Ok((lines, summary))
}

fn write_report(dir: &Path, lines: &[CaseLine], summary: &Summary) -> Result<(), CampaignError> {
    let io = |what: &Path, e: std::io::Error| {
        CampaignError(format!("{}: cannot write: {e}", what.display()))
    };
    std::fs::create_dir_all(dir).map_err(|e| io(dir, e))?;
    let report = dir.join("report.jsonl");
    let mut f =
        std::io::BufWriter::new(std::fs::File::create(&report).map_err(|e| io(&report, e))?);
    for l in lines {
        let text = serde_json::to_string(l).expect("report lines serialise");
        writeln!(f, "{text}").map_err(|e| io(&report, e))?;
    }
    f.flush().map_err(|e| io(&report, e))?;
    let table = dir.join("summary.txt");
    std::fs::write(&table, summary.table()).map_err(|e| io(&table, e))
}

/// Reads report files (JSON lines) and rebuilds their summary; with `out`,
/// writes the merged report (in index order) and summary there.
pub fn merge_reports(
    reports: &[PathBuf],
    out: Option<&Path>,
) -> Result<(Vec<CaseLine>, Summary), CampaignError> {
    let mut lines = Vec::new();
    for path in reports {
        let file = std::fs::File::open(path)
            .map_err(|e| CampaignError(format!("{}: cannot read: {e}", path.display())))?;
        for (n, text) in std::io::BufReader::new(file).lines().enumerate() {
            let text =
                text.map_err(|e| CampaignError(format!("{}: cannot read: {e}", path.display())))?;
            if text.trim().is_empty() {
                continue;
            }
            let line: CaseLine = serde_json::from_str(&text).map_err(|e| {
                CampaignError(format!(
                    "{}:{}: not a campaign report line: {e}",
                    path.display(),
                    n + 1
                ))
            })?;
            lines.push(line);
        }
    }
    lines.sort_by_key(|l| l.index);
    let mut summary = Summary::default();
    for l in &lines {
        summary.add(l);
    }
    if let Some(dir) = out {
        write_report(dir, &lines, &summary)?;
    }
    Ok((lines, summary))
}
