//! Campaign reports: one JSON line per scenario, and the summary table that
//! [`Summary`] aggregates from those lines (so that `campaign merge` rebuilds
//! the same table from the reports of many shards).

use super::evaluate::{Evaluation, RunOutcome, RunRecord};
use super::raster_rule::{RasterRecord, RasterRunOutcome};
use exactccd_oracle::{FloatClass, Verdict};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// One run in a report line.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunLine {
    /// `sgm`, `sat`, `glide`.
    pub method: String,
    /// `exact` or `f64`.
    pub scalar: String,
    /// `answered`, `not-applicable`, `limit`, `panic`.
    pub status: String,
    /// The decision, when answered.
    pub collides: Option<bool>,
    /// The first contact time, nearest `f64`.
    pub time: Option<f64>,
    /// The referee's verdict on an exact answer: `certified`, `refuted`,
    /// `inconclusive`.
    pub verdict: Option<String>,
    /// The class of an `f64` answer: `agrees`, `early`, `late`, `missed`,
    /// `phantom`, `failed`.
    pub class: Option<String>,
    /// How early or late, for those classes.
    pub dt: Option<f64>,
    /// Seconds spent in the solver.
    pub seconds: f64,
    /// Seconds the referee spent judging an exact answer (absent when it
    /// did not judge one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub referee_seconds: Option<f64>,
}

/// One raster run of rule 8 in a report line.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RasterLine {
    /// `glide-raster-6px`, `glide-raster-12px`, `glide-raster-24px`.
    pub resolution: String,
    /// The pixel (scenario length units).
    pub pixel: f64,
    /// The time resolution (scenario time units).
    pub time_resolution: f64,
    /// The analytic reference: `exact` or `f64`.
    pub reference: String,
    /// `compared`, `overlapping`, `failed`, `panic`.
    pub status: String,
    /// Proper analytic collisions at which `b` approaches `a`.
    pub required: usize,
    /// Of those, matched within the resolution.
    pub matched: usize,
    /// Missed tangential grazes (counted, not findings).
    pub grazes: usize,
    /// Misses beyond the resolution (findings).
    pub misses: usize,
    /// Phantoms beyond the resolution (findings).
    pub phantoms: usize,
    /// Raster collisions within the resolution of a near miss (counted,
    /// not findings).
    #[serde(default)]
    pub near_misses: usize,
    /// Worst `|dt|` of a matched collision.
    pub worst_dt: f64,
    /// Seconds in the raster.
    pub seconds: f64,
}

fn raster_line(r: &RasterRecord) -> RasterLine {
    let (status, c) = match &r.outcome {
        RasterRunOutcome::Compared(c) => ("compared", Some(c)),
        RasterRunOutcome::Overlapping => ("overlapping", None),
        RasterRunOutcome::Failed(_) => ("failed", None),
        RasterRunOutcome::Panicked(_) => ("panic", None),
    };
    RasterLine {
        resolution: r.label(),
        pixel: r.pixel,
        time_resolution: r.time_resolution,
        reference: r.reference.name().to_owned(),
        status: status.to_owned(),
        required: c.map_or(0, |c| c.required),
        matched: c.map_or(0, |c| c.matched),
        grazes: c.map_or(0, |c| c.grazes.len()),
        misses: c.map_or(0, |c| c.misses.len()),
        phantoms: c.map_or(0, |c| c.phantoms.len()),
        near_misses: c.map_or(0, |c| c.near_misses.len()),
        worst_dt: c.map_or(0.0, |c| c.worst_dt),
        seconds: r.seconds,
    }
}

/// One finding in a report line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FindingLine {
    /// `exact-disagreement`, `refuted`, `expectation`, `panic`,
    /// `raster-resolution`.
    pub kind: String,
    /// What happened.
    pub message: String,
}

/// One scenario of a campaign: a line of the JSON-lines report.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CaseLine {
    /// The scenario's index in the campaign.
    pub index: u64,
    /// Its class.
    pub class: String,
    /// Its name (`class-seed-index`).
    pub name: String,
    /// The problems found.
    pub findings: Vec<FindingLine>,
    /// The file the shrunk reproduction was written to, if any.
    pub reproduction: Option<String>,
    /// Every run.
    pub runs: Vec<RunLine>,
    /// Rule 6: SAT and SGM exact on the σ-path (pure rotations only).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sigma_path_runs: Vec<RunLine>,
    /// Rule 7: SAT `f64` on the `angular` twin of a spin.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub angular_twin_runs: Vec<RunLine>,
    /// Rule 8: glide's raster variant at each resolution against the
    /// analytic variant.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub raster_runs: Vec<RasterLine>,
}

/// The report line of one run.
fn run_line(r: &RunRecord) -> RunLine {
    let (status, answer) = match &r.outcome {
        RunOutcome::Answered(a) => ("answered", Some(a)),
        RunOutcome::NotApplicable(_) => ("not-applicable", None),
        RunOutcome::LimitExceeded(_) => ("limit", None),
        RunOutcome::Panicked(_) => ("panic", None),
    };
    RunLine {
        method: r.method.to_string(),
        scalar: r.scalar.to_string(),
        status: status.to_owned(),
        collides: answer.map(|a| a.collides),
        time: answer.and_then(|a| a.time.as_ref()).map(super::time_approx),
        verdict: r.verdict.as_ref().map(|v| {
            match v {
                Verdict::Certified => "certified",
                Verdict::Refuted { .. } => "refuted",
                Verdict::Inconclusive(_) => "inconclusive",
            }
            .to_owned()
        }),
        class: r.class.as_ref().map(|c| c.name().to_owned()),
        dt: match &r.class {
            Some(FloatClass::Early { dt } | FloatClass::Late { dt }) => Some(*dt),
            _ => None,
        },
        seconds: r.seconds,
        referee_seconds: r.referee_seconds,
    }
}

impl CaseLine {
    /// The line of an evaluated scenario.
    pub fn new(index: u64, class: &str, name: &str, e: &Evaluation) -> CaseLine {
        CaseLine {
            index,
            class: class.to_owned(),
            name: name.to_owned(),
            findings: e
                .findings
                .iter()
                .map(|f| FindingLine {
                    kind: f.kind.name().to_owned(),
                    message: f.message.clone(),
                })
                .collect(),
            reproduction: None,
            runs: e.runs.iter().map(run_line).collect(),
            sigma_path_runs: e.sigma_path.iter().map(run_line).collect(),
            angular_twin_runs: e.angular_twin.iter().map(run_line).collect(),
            raster_runs: e.raster.iter().map(raster_line).collect(),
        }
    }
}

/// Rule 8's counts at one resolution, summed over scenarios.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RasterCounts {
    /// Scenarios compared.
    pub compared: u64,
    /// Scenarios overlapping at `t0` (not compared).
    pub overlapping: u64,
    /// Raster runs that failed or panicked.
    pub failed: u64,
    /// Required analytic collisions.
    pub required: u64,
    /// Matched ones.
    pub matched: u64,
    /// Missed tangential grazes.
    pub grazes: u64,
    /// Misses beyond the resolution.
    pub misses: u64,
    /// Phantoms beyond the resolution.
    pub phantoms: u64,
    /// Raster collisions within the resolution of a near miss.
    pub near_misses: u64,
    /// Worst `|dt|` of a matched collision.
    pub worst_dt: f64,
    /// Raster seconds.
    pub seconds: f64,
}

/// Counts for one class of scenarios.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ClassCounts {
    /// Scenarios.
    pub cases: u64,
    /// Scenarios with at least one finding.
    pub with_findings: u64,
    /// Findings by kind.
    pub findings: BTreeMap<String, u64>,
    /// Referee verdicts of exact answers, by method: certified, refuted,
    /// inconclusive.
    pub verdicts: BTreeMap<String, BTreeMap<String, u64>>,
    /// Classes of `f64` answers, by method.
    pub float_classes: BTreeMap<String, BTreeMap<String, u64>>,
    /// Largest `dt` of an early or late `f64` answer, by method.
    pub worst_dt: BTreeMap<String, f64>,
    /// Solver seconds, by method and scalar (`sat/exact`).
    pub seconds: BTreeMap<String, f64>,
    /// Rule 8, by resolution (`glide-raster-6px`).
    pub raster: BTreeMap<String, RasterCounts>,
}

/// The aggregate of a campaign (or of merged shards).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Summary {
    /// Counts by class name.
    pub classes: BTreeMap<String, ClassCounts>,
    /// Wall-clock seconds of the run (0 when merged).
    pub wall_seconds: f64,
}

fn bump(map: &mut BTreeMap<String, u64>, key: &str) {
    *map.entry(key.to_owned()).or_default() += 1;
}

impl Summary {
    /// Adds one report line.
    #[allow(clippy::float_arithmetic)] // sums of timings and error sizes
    pub fn add(&mut self, line: &CaseLine) {
        let c = self.classes.entry(line.class.clone()).or_default();
        c.cases += 1;
        if !line.findings.is_empty() {
            c.with_findings += 1;
        }
        for f in &line.findings {
            bump(&mut c.findings, &f.kind);
        }
        for r in &line.runs {
            *c.seconds
                .entry(format!("{}/{}", r.method, r.scalar))
                .or_default() += r.seconds;
            if let Some(v) = &r.verdict {
                bump(c.verdicts.entry(r.method.clone()).or_default(), v);
            }
            if let Some(k) = &r.class {
                bump(c.float_classes.entry(r.method.clone()).or_default(), k);
            }
            if let Some(dt) = r.dt {
                let w = c.worst_dt.entry(r.method.clone()).or_default();
                *w = w.max(dt);
            }
        }
        for r in &line.sigma_path_runs {
            let method = format!("{}-on-sigma-path", r.method);
            *c.seconds
                .entry(format!("{method}/{}", r.scalar))
                .or_default() += r.seconds;
            if let Some(v) = &r.verdict {
                bump(c.verdicts.entry(method).or_default(), v);
            }
        }
        for r in &line.raster_runs {
            let k = c.raster.entry(r.resolution.clone()).or_default();
            match r.status.as_str() {
                "compared" => k.compared += 1,
                "overlapping" => k.overlapping += 1,
                _ => k.failed += 1,
            }
            k.required += r.required as u64;
            k.matched += r.matched as u64;
            k.grazes += r.grazes as u64;
            k.misses += r.misses as u64;
            k.phantoms += r.phantoms as u64;
            k.near_misses += r.near_misses as u64;
            k.worst_dt = k.worst_dt.max(r.worst_dt);
            k.seconds += r.seconds;
        }
        for r in &line.angular_twin_runs {
            let method = format!("{}-on-angular-twin", r.method);
            *c.seconds
                .entry(format!("{method}/{}", r.scalar))
                .or_default() += r.seconds;
            if let Some(k) = &r.class {
                bump(c.float_classes.entry(method.clone()).or_default(), k);
            }
            if let Some(dt) = r.dt {
                let w = c.worst_dt.entry(method).or_default();
                *w = w.max(dt);
            }
        }
    }

    /// Rule 8's counts at one resolution (`glide-raster-6px`), summed over
    /// the classes.
    pub fn raster(&self, resolution: &str) -> RasterCounts {
        let mut total = RasterCounts::default();
        for c in self
            .classes
            .values()
            .filter_map(|c| c.raster.get(resolution))
        {
            total.compared += c.compared;
            total.overlapping += c.overlapping;
            total.failed += c.failed;
            total.required += c.required;
            total.matched += c.matched;
            total.grazes += c.grazes;
            total.misses += c.misses;
            total.phantoms += c.phantoms;
            total.near_misses += c.near_misses;
            total.worst_dt = total.worst_dt.max(c.worst_dt);
            total.seconds += c.seconds;
        }
        total
    }

    /// Total scenarios.
    pub fn cases(&self) -> u64 {
        self.classes.values().map(|c| c.cases).sum()
    }

    /// Total findings of a kind.
    pub fn findings(&self, kind: &str) -> u64 {
        self.classes
            .values()
            .map(|c| c.findings.get(kind).copied().unwrap_or(0))
            .sum()
    }

    /// Total scenarios with findings.
    pub fn scenarios_with_findings(&self) -> u64 {
        self.classes.values().map(|c| c.with_findings).sum()
    }

    /// The summary table (plain text): findings per class, then per method
    /// the referee's verdicts and the `f64` classes, then rule 8 per raster
    /// resolution, then the totals.
    pub fn table(&self) -> String {
        let mut out = String::new();
        self.write_findings(&mut out);
        for method in self.methods() {
            self.write_method(&mut out, &method);
        }
        for resolution in self.resolutions() {
            self.write_raster(&mut out, &resolution);
        }
        self.write_totals(&mut out);
        out
    }

    /// The methods with verdicts or `f64` classes, in name order.
    fn methods(&self) -> Vec<String> {
        let mut m: Vec<String> = self
            .classes
            .values()
            .flat_map(|c| c.verdicts.keys().chain(c.float_classes.keys()).cloned())
            .collect();
        m.sort();
        m.dedup();
        m
    }

    /// The raster resolutions compared by rule 8, coarsest first.
    fn resolutions(&self) -> Vec<String> {
        let mut r: Vec<(u32, String)> = self
            .classes
            .values()
            .flat_map(|c| c.raster.keys().cloned())
            .map(|k| {
                let n = k
                    .trim_start_matches("glide-raster-")
                    .trim_end_matches("px")
                    .parse()
                    .unwrap_or(0);
                (n, k)
            })
            .collect();
        r.sort();
        r.dedup();
        r.into_iter().map(|(_, k)| k).collect()
    }

    /// Findings per class.
    fn write_findings(&self, out: &mut String) {
        let _ = writeln!(
            out,
            "{:<18} {:>8} {:>9} {:>9} {:>8} {:>7} {:>7} {:>6}",
            "class", "cases", "disagree", "refuted", "expect", "panic", "raster", "issues"
        );
        for (name, c) in &self.classes {
            let g = |k: &str| c.findings.get(k).copied().unwrap_or(0);
            let _ = writeln!(
                out,
                "{:<18} {:>8} {:>9} {:>9} {:>8} {:>7} {:>7} {:>6}",
                name,
                c.cases,
                g("exact-disagreement"),
                g("refuted"),
                g("expectation"),
                g("panic"),
                g("raster-resolution"),
                c.with_findings
            );
        }
    }

    /// One method's referee verdicts and `f64` classes per class.
    #[allow(clippy::float_arithmetic)] // seconds for the table
    fn write_method(&self, out: &mut String, method: &str) {
        let _ = writeln!(
            out,
            "\n{method}: referee verdicts on exact answers, f64 classes against the exact truth"
        );
        let _ = writeln!(
            out,
            "{:<18} {:>9} {:>7} {:>7} | {:>7} {:>6} {:>6} {:>6} {:>7} {:>6} {:>9} | {:>9} {:>9}",
            "class",
            "certified",
            "refuted",
            "inconcl",
            "agrees",
            "early",
            "late",
            "missed",
            "phantom",
            "failed",
            "worst dt",
            "exact s",
            "f64 s"
        );
        for (name, c) in &self.classes {
            let v = c.verdicts.get(method);
            let f = c.float_classes.get(method);
            let gv = |k: &str| v.and_then(|m| m.get(k)).copied().unwrap_or(0);
            let gf = |k: &str| f.and_then(|m| m.get(k)).copied().unwrap_or(0);
            if v.is_none() && f.is_none() {
                continue;
            }
            let secs = |scalar: &str| {
                c.seconds
                    .get(&format!("{method}/{scalar}"))
                    .copied()
                    .unwrap_or(0.0)
            };
            let _ = writeln!(
                out,
                "{:<18} {:>9} {:>7} {:>7} | {:>7} {:>6} {:>6} {:>6} {:>7} {:>6} {:>9.1e} | {:>9.2} {:>9.3}",
                name,
                gv("certified"),
                gv("refuted"),
                gv("inconclusive"),
                gf("agrees"),
                gf("early"),
                gf("late"),
                gf("missed"),
                gf("phantom"),
                gf("failed"),
                c.worst_dt.get(method).copied().unwrap_or(0.0),
                secs("exact"),
                secs("f64"),
            );
        }
    }

    /// Rule 8 at one raster resolution, per class.
    fn write_raster(&self, out: &mut String, resolution: &str) {
        let _ = writeln!(
            out,
            "\n{resolution}: rule 8, raster collisions against the analytic ones (time within the time resolution, place within sqrt 3 pixels)"
        );
        let _ = writeln!(
            out,
            "{:<18} {:>8} {:>7} {:>6} | {:>8} {:>7} {:>6} {:>6} {:>7} {:>5} {:>9} | {:>8}",
            "class",
            "compared",
            "overlap",
            "failed",
            "required",
            "matched",
            "grazes",
            "missed",
            "phantom",
            "near",
            "worst dt",
            "raster s"
        );
        for (name, c) in &self.classes {
            let Some(k) = c.raster.get(resolution) else {
                continue;
            };
            let _ = writeln!(
                out,
                "{:<18} {:>8} {:>7} {:>6} | {:>8} {:>7} {:>6} {:>6} {:>7} {:>5} {:>9.1e} | {:>8.2}",
                name,
                k.compared,
                k.overlapping,
                k.failed,
                k.required,
                k.matched,
                k.grazes,
                k.misses,
                k.phantoms,
                k.near_misses,
                k.worst_dt,
                k.seconds
            );
        }
    }

    /// The totals line.
    #[allow(clippy::float_arithmetic)] // rates for the table
    fn write_totals(&self, out: &mut String) {
        let cases = self.cases();
        let _ = write!(
            out,
            "\ntotal: {cases} scenarios, {} with findings ({} exact disagreements, {} refuted, {} expectation failures, {} panics, {} raster beyond resolution)",
            self.scenarios_with_findings(),
            self.findings("exact-disagreement"),
            self.findings("refuted"),
            self.findings("expectation"),
            self.findings("panic"),
            self.findings("raster-resolution"),
        );
        if self.wall_seconds > 0.0 {
            let _ = write!(
                out,
                "; {:.1} s wall, {:.1} scenarios/s",
                self.wall_seconds,
                cases as f64 / self.wall_seconds
            );
        }
        out.push('\n');
    }
}
