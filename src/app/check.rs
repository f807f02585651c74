//! `exactccd check [--tolerance TOL] FILE|-` (docs/FORMAT.md 5.4): other
//! tools' claims, one JSON object per line, judged against the exact truth
//! ([`check_claim_against`]), certified by the referee wherever it has a
//! certificate for the scenario ([`first_contact_truth`]: a claim is about the
//! first contact alone).
//!
//! * A claim is `{"scenario": PATH or OBJECT, "collides": BOOL, "time":
//!   NUMBER or null, ...}`; a path is relative to the claims file's folder
//!   (to the working directory for `-`). Blank lines are skipped (they
//!   still count in the line numbers).
//! * Each other line gives one JSON line on stdout, in input order:
//!   `line` (1-based, in the file), `scenario` (the scenario's `name`, else
//!   the path as written, else `null`), the claim's other fields as given
//!   (not `collides` and `time`, and not a field named like an output field
//!   below), `verdict`, `reason` (inconclusive) or `error` (invalid), `dt`
//!   and `truth` (the TIME object of the exact first contact, `null`
//!   without contact or without an exact truth), and `certified` (an
//!   extension of the contract: `true` when the referee certified that
//!   truth, `false` when it has no certificate for the scenario yet and the
//!   truth is the exact solver's alone, `null` when no truth was used).
//! * The lines are read in parallel; every distinct scenario is loaded and
//!   certified once, in parallel; then the claims are judged in parallel. A malformed line is `invalid` and never stops the others.
//! * Exit status: 2 when any line is invalid, else 1 when any claim is
//!   early, late, missed or phantom, else 3 when any is inconclusive, else
//!   0. A tolerance that is not a finite number `>= 0`, an unreadable
//!   claims file or one without a claim: status 2 before any judging.
#![deny(clippy::float_arithmetic)]

use super::{exit, Outcome};
use exactccd::claims::{
    check_claim_against, first_contact_truth, validate_tolerance, Claim, ClaimVerdict,
};
use exactccd::contact::{time_json, ContactResult, ScalarKind, DEFAULT_PRECISION_BITS};
use exactccd::scenario::{
    load_scenario, parse_scenario_value, LoadOptions, Scenario, ScenarioError,
};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde_json::{Map, Value};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// The output fields a claim's own field of the same name may not
/// overwrite (it is dropped).
const OUTPUT_FIELDS: [&str; 8] = [
    "line",
    "scenario",
    "verdict",
    "reason",
    "error",
    "dt",
    "truth",
    "certified",
];

/// Where the claims come from.
pub enum ClaimsSource<'a> {
    /// A file; scenario paths are relative to its folder.
    File(&'a Path),
    /// Text read from stdin; scenario paths are relative to the working
    /// directory.
    Stdin(String),
}

/// A scenario named by a claim: the resolved path, or an inline object.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum ScenarioRef {
    Path(PathBuf),
    Inline(InlineScenario),
}

/// An inline scenario object: its JSON text, which identifies it (equal
/// texts are one scenario), and the parsed value it is loaded from.
#[derive(Clone, Debug)]
struct InlineScenario {
    text: String,
    value: Value,
}

impl PartialEq for InlineScenario {
    fn eq(&self, other: &Self) -> bool {
        self.text == other.text
    }
}

impl Eq for InlineScenario {}

impl std::hash::Hash for InlineScenario {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.text.hash(state);
    }
}

impl PartialOrd for InlineScenario {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for InlineScenario {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.text.cmp(&other.text)
    }
}

impl InlineScenario {
    /// The scenario, validated from the parsed value.
    fn load(&self, base: &Path, scalar: ScalarKind) -> Result<Scenario, ScenarioError> {
        parse_scenario_value(
            &self.value,
            self.text.len(),
            Some(base),
            &LoadOptions::for_scalar(scalar),
        )
    }
}

/// One claim line, read.
struct ClaimLine {
    line: usize,
    /// The `scenario` output field before the scenario is loaded: the path
    /// as written, or null.
    label: Value,
    copied: Vec<(String, Value)>,
    /// The scenario and the claim, or why the line is invalid.
    parsed: Result<(ScenarioRef, bool, Option<f64>), String>,
}

/// A scenario loaded for judging, with its exact truth and whether the
/// referee certified it; or why there is none.
enum Loaded {
    Ready(Box<(Scenario, Result<ContactResult, String>, bool)>),
    /// The scenario breaks the contract (invalid).
    Invalid(String),
    /// The scenario is valid only in the `f64` path (inconclusive).
    NoExactPath(String),
}

/// `serde_json`'s description of a JSON value, shortened for messages.
fn shown(v: &Value) -> String {
    let s = v.to_string();
    if s.chars().count() > 60 {
        format!("{}...", s.chars().take(57).collect::<String>())
    } else {
        s
    }
}

/// The claim's fields: the scenario, `collides`, `time`; or the first
/// field that is wrong, named.
fn claim_fields(
    mut object: Map<String, Value>,
    base: &Path,
) -> Result<(ScenarioRef, bool, Option<f64>), String> {
    let scenario = match object.remove("scenario") {
        None => return Err("scenario: missing (a path or a scenario object)".into()),
        Some(Value::String(p)) if p.is_empty() => return Err("scenario: the path is empty".into()),
        Some(Value::String(p)) => ScenarioRef::Path(base.join(p)),
        Some(value @ Value::Object(_)) => ScenarioRef::Inline(InlineScenario {
            text: value.to_string(),
            value,
        }),
        Some(v) => {
            return Err(format!(
                "scenario: must be a path (a string) or a scenario object, got {}",
                shown(&v)
            ))
        }
    };
    let collides = match object.get("collides") {
        None => return Err("collides: missing (true or false)".into()),
        Some(Value::Bool(b)) => *b,
        Some(v) => return Err(format!("collides: must be true or false, got {}", shown(v))),
    };
    let time = match object.get("time") {
        None => return Err("time: missing (a number, or null without contact)".into()),
        Some(Value::Null) => None,
        Some(Value::Number(n)) => match n.as_f64().filter(|x| x.is_finite()) {
            Some(x) => Some(x),
            None => return Err(format!("time: must be a finite number, got {n}")),
        },
        Some(v) => return Err(format!("time: must be a number or null, got {}", shown(v))),
    };
    Ok((scenario, collides, time))
}

/// Reads one non-blank line.
fn read_line(line: usize, text: &str, base: &Path) -> ClaimLine {
    let invalid = |label, copied, why| ClaimLine {
        line,
        label,
        copied,
        parsed: Err(why),
    };
    let value: Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => return invalid(Value::Null, Vec::new(), format!("invalid JSON: {e}")),
    };
    let Value::Object(object) = value else {
        return invalid(
            Value::Null,
            Vec::new(),
            format!(
                "the line must be a JSON object (a claim), got {}",
                shown(&value)
            ),
        );
    };
    let label = match object.get("scenario") {
        Some(Value::String(p)) => Value::String(p.clone()),
        _ => Value::Null,
    };
    let copied = object
        .iter()
        .filter(|(k, _)| {
            !["collides", "time"].contains(&k.as_str()) && !OUTPUT_FIELDS.contains(&k.as_str())
        })
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    ClaimLine {
        line,
        label,
        copied,
        parsed: claim_fields(object, base),
    }
}

/// Loads a scenario in the exact path (the `f64` path only to tell an
/// `f64`-only scenario from an invalid one) and certifies its truth.
fn load(scenario: &ScenarioRef, base: &Path) -> Loaded {
    let read = |scalar| match scenario {
        ScenarioRef::Path(p) => load_scenario(p, &LoadOptions::for_scalar(scalar)),
        ScenarioRef::Inline(inline) => inline.load(base, scalar),
    };
    match read(ScalarKind::Exact) {
        Ok(s) => {
            let (truth, certified) = match first_contact_truth(&s) {
                Ok(t) => (Ok(t.result), t.certified),
                Err(why) => (Err(why), false),
            };
            Loaded::Ready(Box::new((s, truth, certified)))
        }
        Err(e) if e.is_io() => Loaded::Invalid(format!("scenario: {e}")),
        Err(e) => match read(ScalarKind::F64) {
            Ok(_) => Loaded::NoExactPath(format!(
                "the scenario is valid only in the f64 path ({e}): no exact truth"
            )),
            Err(_) => Loaded::Invalid(e.to_string()),
        },
    }
}

/// [`load`], with a panic of a solver caught: that scenario's claims are
/// inconclusive (the panic hook has printed where), the others still
/// judged.
fn load_guarded(scenario: &ScenarioRef, base: &Path) -> Loaded {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| load(scenario, base))).unwrap_or_else(
        |_| {
            Loaded::NoExactPath(
                "internal error: a solver panicked on this scenario (please report it)".into(),
            )
        },
    )
}

/// The verdict's name in the output, and its `reason` or `error`.
fn verdict_fields(v: &ClaimVerdict) -> (&'static str, Option<(&'static str, String)>) {
    match v {
        ClaimVerdict::Float { class, .. } => match class {
            exactccd::FloatClass::Failed(why) => (
                "inconclusive",
                Some(("reason", format!("no usable claim: {why}"))),
            ),
            _ => (class.name(), None),
        },
        ClaimVerdict::Invalid(why) => ("invalid", Some(("error", why.clone()))),
        ClaimVerdict::Inconclusive(why) => ("inconclusive", Some(("reason", why.clone()))),
        // an f64 claim is never certified or refuted; said plainly if so
        other => (
            "inconclusive",
            Some(("reason", format!("unexpected verdict: {other}"))),
        ),
    }
}

/// The output line of a judged claim; `certified` says whether the truth
/// it was judged against is the referee's (`None`: no truth was used).
fn output_line(
    claim: &ClaimLine,
    scenario: Value,
    verdict: &ClaimVerdict,
    certified: Option<bool>,
) -> String {
    let mut out = Map::new();
    out.insert("line".into(), Value::from(claim.line));
    out.insert("scenario".into(), scenario);
    for (k, v) in &claim.copied {
        out.insert(k.clone(), v.clone());
    }
    let (name, extra) = verdict_fields(verdict);
    out.insert("verdict".into(), Value::from(name));
    if let Some((key, text)) = extra {
        out.insert(key.into(), Value::from(text));
    }
    let dt = verdict
        .dt()
        .filter(|_| !matches!(name, "invalid" | "inconclusive"));
    out.insert("dt".into(), dt.map_or(Value::Null, Value::from));
    let truth = match verdict {
        ClaimVerdict::Float {
            truth: Some(t),
            class,
            ..
        } if !matches!(class, exactccd::FloatClass::Failed(_)) => {
            time_json(t, DEFAULT_PRECISION_BITS)
        }
        _ => Value::Null,
    };
    out.insert("truth".into(), truth);
    let judged = !matches!(name, "invalid" | "inconclusive");
    out.insert(
        "certified".into(),
        certified
            .filter(|_| judged)
            .map_or(Value::Null, Value::from),
    );
    Value::Object(out).to_string()
}

/// Judges one read line against its (cached) scenario: the output line,
/// the verdict's name, and whether it was judged against an exact truth
/// the referee did not certify.
fn judge(
    claim: &ClaimLine,
    loaded: &HashMap<&ScenarioRef, Loaded>,
    tolerance: f64,
) -> (String, &'static str, bool) {
    let (scenario, collides, time) = match &claim.parsed {
        Ok(p) => p,
        Err(why) => {
            let v = ClaimVerdict::Invalid(why.clone());
            return (
                output_line(claim, claim.label.clone(), &v, None),
                "invalid",
                false,
            );
        }
    };
    let (label, verdict, certified) = match loaded.get(scenario) {
        None => (
            claim.label.clone(),
            ClaimVerdict::Inconclusive("internal: the scenario was not read".into()),
            None,
        ),
        Some(Loaded::Invalid(why)) => (
            claim.label.clone(),
            ClaimVerdict::Invalid(why.clone()),
            None,
        ),
        Some(Loaded::NoExactPath(why)) => (
            claim.label.clone(),
            ClaimVerdict::Inconclusive(why.clone()),
            None,
        ),
        Some(Loaded::Ready(ready)) => {
            let (s, truth, certified) = &**ready;
            let label = s
                .name
                .clone()
                .map_or_else(|| claim.label.clone(), Value::String);
            let claim = Claim::Float {
                collides: *collides,
                time: *time,
            };
            (
                label,
                check_claim_against(s, truth, &claim, tolerance),
                Some(*certified),
            )
        }
    };
    let name = verdict_fields(&verdict).0;
    let uncertified = certified == Some(false) && !matches!(name, "invalid" | "inconclusive");
    (
        output_line(claim, label, &verdict, certified),
        name,
        uncertified,
    )
}

/// The counts of each verdict, in the contract's order.
const VERDICTS: [&str; 7] = [
    "agrees",
    "early",
    "late",
    "missed",
    "phantom",
    "inconclusive",
    "invalid",
];

/// The outcome of judged lines (each output line with its verdict's name):
/// the lines on stdout in order, the summary (counting `what`: claims or
/// queries) on stderr, the status by the worst verdict.
pub(crate) fn judged_outcome(judged: &[(String, &'static str)], what: &str) -> Outcome {
    let names: Vec<&str> = judged.iter().map(|(_, n)| *n).collect();
    let (summary, status) = summarise(&names);
    let mut stdout = String::new();
    for (line, _) in judged {
        stdout.push_str(line);
        stdout.push('\n');
    }
    Outcome {
        status,
        stdout,
        stderr: vec![summary.replacen("claims", what, 1)],
    }
}

/// The summary line and the exit status of a list of verdict names.
fn summarise(names: &[&str]) -> (String, u8) {
    let count = |v: &str| names.iter().filter(|n| **n == v).count();
    let parts: Vec<String> = VERDICTS
        .iter()
        .map(|v| format!("{} {v}", count(v)))
        .collect();
    let line = format!("check: {} claims: {}", names.len(), parts.join(", "));
    let status = if count("invalid") > 0 {
        exit::INVALID_INPUT
    } else if ["early", "late", "missed", "phantom"]
        .iter()
        .any(|v| count(v) > 0)
    {
        exit::DISAGREEMENT
    } else if count("inconclusive") > 0 {
        exit::NOT_APPLICABLE
    } else {
        exit::SUCCESS
    };
    (line, status)
}

/// A progress bar over the claims, drawn only when stderr is a terminal.
pub(crate) fn claims_bar(len: usize, what: &str) -> ProgressBar {
    use std::io::IsTerminal;
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(u64::try_from(len).unwrap_or(u64::MAX));
    let template = format!("{{elapsed_precise}} [{{bar:40}}] {{pos}}/{{len}} {what}, eta {{eta}}");
    if let Ok(style) = ProgressStyle::with_template(&template) {
        bar.set_style(style.progress_chars("=> "));
    }
    bar
}

/// The claims text and the folder scenario paths are relative to.
fn claims_text(source: &ClaimsSource<'_>) -> Result<(String, PathBuf), String> {
    match source {
        ClaimsSource::Stdin(text) => Ok((text.clone(), PathBuf::new())),
        ClaimsSource::File(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
            let base = path.parent().map(Path::to_path_buf).unwrap_or_default();
            Ok((text, base))
        }
    }
}

/// `exactccd check [--tolerance TOL] FILE|-` (module docs).
pub fn check_command(source: &ClaimsSource<'_>, tolerance: f64) -> Outcome {
    if let Err(why) = validate_tolerance(tolerance) {
        return Outcome::invalid(format!("error: --{why}"));
    }
    let (text, base) = match claims_text(source) {
        Ok(t) => t,
        Err(why) => return Outcome::invalid(format!("error: {why}")),
    };
    // the lines are read (JSON parsed) in parallel too, kept in order
    let numbered: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .collect();
    let claims: Vec<ClaimLine> = numbered
        .par_iter()
        .map(|&(i, l)| read_line(i + 1, l, &base))
        .collect();
    if claims.is_empty() {
        return Outcome::invalid("error: no claims: every line is blank".into());
    }
    // every distinct scenario loaded and certified once, then every claim
    // judged against it
    let mut distinct: Vec<&ScenarioRef> = claims
        .iter()
        .filter_map(|c| c.parsed.as_ref().ok().map(|(s, _, _)| s))
        .collect();
    distinct.sort_unstable();
    distinct.dedup();
    let bar = claims_bar(distinct.len() + claims.len(), "scenarios and claims");
    let loaded: HashMap<&ScenarioRef, Loaded> = distinct
        .par_iter()
        .map(|s| {
            let l = load_guarded(s, &base);
            bar.inc(1);
            (*s, l)
        })
        .collect();
    let judged: Vec<(String, &'static str, bool)> = claims
        .par_iter()
        .map(|c| {
            let out = judge(c, &loaded, tolerance);
            bar.inc(1);
            out
        })
        .collect();
    bar.finish_and_clear();
    let uncertified = judged.iter().filter(|j| j.2).count();
    let judged: Vec<(String, &'static str)> = judged.into_iter().map(|(l, n, _)| (l, n)).collect();
    let mut outcome = judged_outcome(&judged, "claims");
    if uncertified > 0 {
        if let Some(summary) = outcome.stderr.first_mut() {
            summary.push_str(&format!(
                " ({uncertified} judged against an exact answer the referee does not certify yet)"
            ));
        }
    }
    outcome
}

/// A claim about the scenario `plot` draws, judged.
pub(crate) struct PlottedClaim {
    /// The claim's `tool` field, else `line N`.
    pub label: String,
    /// The claimed time (`None`: no contact claimed).
    pub time: Option<f64>,
    /// The verdict's name, as `check` prints it.
    pub verdict: &'static str,
}

/// The claims of `claims_file` about `scenario` (loaded from
/// `scenario_file`): a claim is about it when its path names the same file
/// or its inline object loads to an equal scenario. Each is judged like
/// `check` does against `truth`; a malformed line gives a note (its line
/// and error) instead. `Err` when the claims file cannot be read.
pub(crate) fn claims_about(
    claims_file: &Path,
    scenario_file: &Path,
    scenario: &Scenario,
    truth: &Result<ContactResult, String>,
    tolerance: f64,
) -> Result<(Vec<PlottedClaim>, Vec<String>), String> {
    let (text, base) = claims_text(&ClaimsSource::File(claims_file))?;
    let same_file = |p: &Path| match (p.canonicalize(), scenario_file.canonicalize()) {
        (Ok(x), Ok(y)) => x == y,
        _ => false,
    };
    let mut plotted = Vec::new();
    let mut notes = Vec::new();
    for (i, l) in text.lines().enumerate() {
        if l.trim().is_empty() {
            continue;
        }
        let claim = read_line(i + 1, l, &base);
        let (target, collides, time) = match &claim.parsed {
            Ok(p) => p,
            Err(why) => {
                notes.push(format!("note: claims line {}: skipped: {why}", i + 1));
                continue;
            }
        };
        let about_this = match target {
            ScenarioRef::Path(p) => same_file(p),
            ScenarioRef::Inline(inline) => inline
                .load(&base, scenario.scalar)
                .is_ok_and(|s| &s == scenario),
        };
        if !about_this {
            continue;
        }
        let judged = Claim::Float {
            collides: *collides,
            time: *time,
        };
        let verdict = if scenario.scalar == ScalarKind::Exact {
            check_claim_against(scenario, truth, &judged, tolerance)
        } else {
            ClaimVerdict::Inconclusive("the scenario is valid only in the f64 path".into())
        };
        let label = claim
            .copied
            .iter()
            .find(|(k, _)| k == "tool")
            .and_then(|(_, v)| v.as_str().map(str::to_owned))
            .unwrap_or_else(|| format!("line {}", i + 1));
        plotted.push(PlottedClaim {
            label,
            time: if *collides { *time } else { None },
            verdict: verdict_fields(&verdict).0,
        });
    }
    Ok((plotted, notes))
}
