//! The `exactccd` command line (docs/FORMAT.md 4): parse the arguments,
//! call the library ([`app`]), print, exit.
//!
//! Exit statuses: 0 success; 1 disagreement or failed expectation
//! (`oracle`); 2 invalid input (one line on stderr, nothing on stdout);
//! 3 the method does not apply (stderr says why); 70 internal error (a
//! panic, caught as a last line of defence); 74 the output could not be
//! written.

use clap::{Args, ColorChoice, Parser, Subcommand, ValueEnum};
mod app;

use crate::app::{
    campaign_command, campaign_merge_command, check_command, check_queries_command, exit,
    oracle_command, parse_classes, parse_shard, plot_command, queries_command, solve_command,
    ClaimsSource, Outcome, PlotOptions, SolveFlags,
};
use exactccd::campaign::CampaignConfig;
use exactccd::contact::{
    GlideVariant, Integrator, Method, SatVariant, ScalarKind, SolveOptions, DEFAULT_PRECISION_BITS,
    MAX_PRECISION_BITS,
};
use exactccd::solver::glide::raster::RasterSettings;
use exactccd::WorkBudget;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// Exact continuous collision detection: two solids move; when do they
/// first touch?
#[derive(Parser, Debug)]
#[command(name = "exactccd", version, color = ColorChoice::Never)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Solve one scenario file and print the result JSON.
    Solve {
        /// The method [default: the one that applies to the scenario's
        /// motion: a query -> primitive, a sphere or capsule with both
        /// bodies translating -> minkowski, those shapes, a convex hull or a
        /// separation with a body turning -> sat, else a sphere, capsule,
        /// convex hull or separation -> distance, screw/poses -> glide,
        /// angular -> sat, two boxes -> sgm, else sat].
        #[arg(long, value_enum)]
        method: Option<MethodArg>,
        /// The arithmetic.
        #[arg(long, value_enum, default_value = "exact")]
        scalar: ScalarArg,
        /// Bits of the time brackets: upper - lower <= 2^-BITS * max(1, |T|).
        #[arg(long, default_value_t = DEFAULT_PRECISION_BITS,
              value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_PRECISION_BITS)))]
        precision: u32,
        /// Steps of time-stepped angular motions (sat --variant stepping,
        /// f64 only): the interval is cut into N equal steps.
        #[arg(long, default_value_t = 256,
              value_parser = clap::value_parser!(u32).range(1..=10_000_000))]
        steps: u32,
        /// Integrator of angular motions (sat --variant stepping, f64 only).
        #[arg(long, value_enum, default_value = "rk4")]
        integrator: IntegratorArg,
        /// List every collision in the interval (the `collisions` field of
        /// the result; method glide), not only the first.
        #[arg(long)]
        all: bool,
        /// Stop at the first contact where the method can (sat's exact
        /// time cells under turning motions): the same time and
        /// certificate, `contact_intervals` empty.
        #[arg(long)]
        first_contact_only: bool,
        /// Also compute the statistics that cost extra work (method sgm:
        /// `stats.intervals_outside_domain`, the homogeneous intervals of
        /// the whole time line outside the interval); the free counters are
        /// always in `stats`.
        #[arg(long)]
        stats: bool,
        /// Print one line instead of the result JSON: contact or not, the
        /// time (exact, with a decimal beside it), the features, the method.
        #[arg(long)]
        brief: bool,
        /// Exit with status 1 when the answer contradicts the scenario's
        /// `expect` (each failed expectation on stderr).
        #[arg(long)]
        check: bool,
        /// Variant of the glide method: analytic (every event as a root,
        /// exact or f64) or raster (the paper's pixel-based algorithm, f64
        /// only; selects --method glide, an error with another method).
        /// Variant of the sat method for two boxes under angular, screw or
        /// poses motions in f64: cells (the time cells, the default) or
        /// stepping (time steps of angular motions, --steps and
        /// --integrator); either selects --method sat, an error with
        /// another method.
        #[arg(long, value_enum, default_value = "analytic")]
        variant: VariantArg,
        /// Raster: distance between pixels [default: a typical short edge
        /// (lower quartile of the edge lengths) / 12].
        #[arg(long, value_parser = positive_number, allow_hyphen_values = true)]
        pixel: Option<f64>,
        /// Raster: time resolution, in the scenario's time units [default:
        /// (t1 - t0) / 32].
        #[arg(long, value_parser = positive_number, allow_hyphen_values = true)]
        time_resolution: Option<f64>,
        /// Raster: the reported collision is the earliest whose properness
        /// is at least this (Buss, "Collision Detection with Glide Rotations" section 5; -1 reports the earliest).
        #[arg(long, default_value_t = -0.1, value_parser = properness_value,
              allow_hyphen_values = true)]
        properness_threshold: f64,
        /// Work budget of each solve, in seconds of the solving thread's CPU
        /// time: past it an exact solve stops with status 3 and says what
        /// it established.
        #[arg(long, value_name = "SECONDS", default_value = "60", value_parser = budget_value,
              allow_hyphen_values = true)]
        budget: WorkBudget,
        /// The scenario file.
        file: PathBuf,
    },
    /// Run every method in both scalars on scenario files (directories are
    /// searched recursively for *.json) and report agreement.
    Oracle {
        /// Bits of the time brackets.
        #[arg(long, default_value_t = DEFAULT_PRECISION_BITS,
              value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_PRECISION_BITS)))]
        precision: u32,
        /// Work budget of each solve, in seconds of the solving thread's CPU
        /// time: past it an exact solve stops with status 3 and says what
        /// it established.
        #[arg(long, value_name = "SECONDS", default_value = "60", value_parser = budget_value,
              allow_hyphen_values = true)]
        budget: WorkBudget,
        /// Scenario files or directories.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
    /// Answer the public CCD benchmark's vertex-face and edge-edge queries
    /// (CSV files; directories are searched recursively for *.csv; the kind
    /// comes from a folder named vertex-face or edge-edge): one JSON line
    /// per query, a per-folder summary against the labels on stderr; exit 0
    /// when every answer matches its label, 1 otherwise.
    Queries {
        /// The arithmetic.
        #[arg(long, value_enum, default_value = "exact")]
        scalar: ScalarArg,
        /// Bits of the time brackets: upper - lower <= 2^-BITS * max(1, |T|).
        #[arg(long, default_value_t = DEFAULT_PRECISION_BITS,
              value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_PRECISION_BITS)))]
        precision: u32,
        /// Work budget of each solve, in seconds of the solving thread's CPU
        /// time: past it an exact solve stops with status 3 and says what
        /// it established.
        #[arg(long, value_name = "SECONDS", default_value = "60", value_parser = budget_value,
              allow_hyphen_values = true)]
        budget: WorkBudget,
        /// A minimum separation relative to each query's scale (the largest
        /// coordinate magnitude): the first time the primitives come within
        /// D x scale. The labels (about contact) are then not compared; the
        /// summary counts the queries within that distance.
        #[arg(long, value_name = "D", value_parser = separation_value, allow_hyphen_values = true)]
        separation: Option<exactccd::scalar::BigRational>,
        /// Query files or directories.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
    /// Judge other tools' answers against the certified exact truth.
    ///
    /// JSON lines of claims (`{"scenario": PATH|OBJECT, "collides": BOOL,
    /// "time": NUMBER|null, ...}`) from FILE or stdin (`-`), one verdict
    /// line each on stdout in input order (agrees, early, late, missed,
    /// phantom, inconclusive, invalid), a summary on stderr. Exit 0 when
    /// every claim agrees, 2 when any line is invalid, else 1 when any
    /// disagrees, else 3 when any is inconclusive.
    Check {
        /// A claimed time agrees when within TOL * max(1, |T|) of the true
        /// first contact T.
        #[arg(long, default_value = "1e-9", allow_hyphen_values = true)]
        tolerance: f64,
        /// Read the benchmark's query CSV files (directories searched
        /// recursively) with the tool's answers in column 8 (0 or 1) and
        /// optionally 9 (its time), instead of claim lines.
        #[arg(long)]
        queries: bool,
        /// The claims file (`-`: stdin), or with --queries the CSV files
        /// or directories.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
    /// Draw a scenario over its interval as an SVG: the signed separation
    /// of the bodies (exact at rational sample times for rational
    /// motions, else sampled in f64), the exact contact intervals shaded,
    /// the first contact marked, and the claims of a claims file about
    /// this scenario as labelled markers.
    Plot {
        /// A claims file (the JSON lines `check` reads); only the claims
        /// about this scenario are drawn, with check's verdicts.
        #[arg(long)]
        claims: Option<PathBuf>,
        /// The SVG to write [default: the scenario's file name with .svg,
        /// in the working directory].
        #[arg(short = 'o', long = "output")]
        output: Option<PathBuf>,
        /// Equally spaced sample times of the separation (plus the ends and
        /// the contact interval ends).
        #[arg(long, default_value_t = 300,
              value_parser = clap::value_parser!(u32).range(2..=100_000))]
        samples: u32,
        /// The tolerance of the claims' verdicts, as check's --tolerance.
        #[arg(long, default_value = "1e-9", allow_hyphen_values = true)]
        tolerance: f64,
        /// The scenario file.
        file: PathBuf,
    },
    /// Run a differential campaign on generated scenarios (every method in
    /// both scalars, exact answers checked by the referee), or merge the
    /// reports of several shards.
    #[command(args_conflicts_with_subcommands = true)]
    Campaign {
        #[command(subcommand)]
        merge: Option<CampaignSub>,
        #[command(flatten)]
        run: CampaignArgs,
    },
}

#[derive(Subcommand, Debug)]
enum CampaignSub {
    /// Combine campaign reports (report.jsonl files) into one summary.
    Merge {
        /// Write the merged report.jsonl and summary.txt to this directory.
        #[arg(long)]
        out: Option<PathBuf>,
        /// The reports.
        #[arg(required = true)]
        reports: Vec<PathBuf>,
    },
}

#[derive(Args, Debug)]
struct CampaignArgs {
    /// Scenarios in the whole campaign (all shards together).
    #[arg(long, default_value_t = 1000)]
    cases: u64,
    /// The seed: the campaign is a pure function of seed, classes, cases
    /// and shard.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads [default: one per core].
    #[arg(long)]
    jobs: Option<usize>,
    /// Run only shard K of N (scenario i belongs to shard i mod N + 1).
    #[arg(long, default_value = "1/1")]
    shard: String,
    /// Scenario classes, comma separated: linear, rational1..rational4,
    /// axis-aligned, parallel-edges, touching-instant, flush-sliding,
    /// contact-at-start, contact-at-end, near-miss, rotation and spin
    /// (glide's rules 6 and 7), raster and linear-near-miss (glide's rule
    /// 8), piecewise, shape-linear, shape-rational, shape-touch,
    /// shape-graze, shape-near-miss, shape-at-start and shape-at-end
    /// (spheres, capsules, convex hulls, boxes and triangles with a
    /// separation), angular and screw (the engines' nonlinear rigid
    /// motions), shape-turning (those motions on random shapes), or the
    /// groups random, degenerate, glide (linear,
    /// rotation, spin, raster, linear-near-miss), shapes (the seven shape
    /// classes), nonlinear (angular, screw), all [default: all]. Three
    /// slower classes are not in `all`: solids (a non-convex frame against
    /// a box, a triangle or a frame), solids-shapes (a frame against the
    /// rounded shapes and hulls) and separated-turning (turning motions at
    /// a minimum separation).
    #[arg(long = "class", value_delimiter = ',')]
    classes: Vec<String>,
    /// Write report.jsonl, summary.txt and failures/ (shrunk reproductions)
    /// to this directory.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Bits of the time brackets.
    #[arg(long, default_value_t = DEFAULT_PRECISION_BITS,
          value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_PRECISION_BITS)))]
    precision: u32,
    /// Solver runs allowed to shrink one failing scenario (0: keep it whole).
    #[arg(long, default_value_t = 150)]
    shrink_budget: usize,
    /// Work budget of each solve, in seconds of the solving thread's CPU
    /// time (a solve past it is counted as having met a limit).
    #[arg(long, value_name = "SECONDS", default_value = "60", value_parser = budget_value,
              allow_hyphen_values = true)]
    budget: WorkBudget,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum VariantArg {
    /// Every event as a root of a polynomial.
    Analytic,
    /// The pixel-based algorithm.
    Raster,
    /// Time cells (sat).
    Cells,
    /// Time stepping of angular motions (sat).
    Stepping,
}

fn positive_number(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(x) if x.is_finite() && x > 0.0 => Ok(x),
        _ => Err(format!("{s:?} is not a positive finite number")),
    }
}

/// A work budget in seconds: a positive finite decimal number.
fn budget_value(s: &str) -> Result<WorkBudget, String> {
    match s.parse::<f64>() {
        Ok(x) if x.is_finite() && x > 0.0 => std::time::Duration::try_from_secs_f64(x)
            .map(WorkBudget::cpu)
            .map_err(|_| format!("{s:?} seconds is too long")),
        _ => Err(format!("{s:?} is not a positive number of seconds")),
    }
}

fn separation_value(s: &str) -> Result<exactccd::scalar::BigRational, String> {
    match exactccd::scalar::parse_number(s) {
        Ok(d) if d >= exactccd::scalar::BigRational::default() => Ok(d),
        Ok(_) => Err(format!("{s:?} is negative; a separation is >= 0")),
        Err(e) => Err(format!("{s:?} is not a number: {e}")),
    }
}

fn properness_value(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(x) if (-1.0..=1.0).contains(&x) => Ok(x),
        _ => Err(format!("{s:?} is not a number in [-1, 1]")),
    }
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum IntegratorArg {
    /// Explicit Euler with Gram-Schmidt.
    Euler,
    /// Classical Runge-Kutta (order 4) with Gram-Schmidt.
    Rk4,
    /// The closed-form rotation sampled at each step.
    ClosedForm,
}

impl From<IntegratorArg> for Integrator {
    fn from(a: IntegratorArg) -> Self {
        match a {
            IntegratorArg::Euler => Integrator::Euler,
            IntegratorArg::Rk4 => Integrator::RungeKutta4,
            IntegratorArg::ClosedForm => Integrator::ClosedForm,
        }
    }
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum MethodArg {
    Sgm,
    Sat,
    Glide,
    Distance,
    Minkowski,
    Primitive,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum ScalarArg {
    Exact,
    F64,
}

impl From<MethodArg> for Method {
    fn from(m: MethodArg) -> Method {
        match m {
            MethodArg::Primitive => Method::Primitive,
            MethodArg::Sgm => Method::Sgm,
            MethodArg::Sat => Method::Sat,
            MethodArg::Glide => Method::Glide,
            MethodArg::Distance => Method::Distance,
            MethodArg::Minkowski => Method::Minkowski,
        }
    }
}

impl From<ScalarArg> for ScalarKind {
    fn from(s: ScalarArg) -> ScalarKind {
        match s {
            ScalarArg::Exact => ScalarKind::Exact,
            ScalarArg::F64 => ScalarKind::F64,
        }
    }
}

/// One line for an argument error: clap's first line, its list of possible
/// values when it gives one, and a pointer to `--help`.
fn usage_error_line(e: &clap::Error) -> String {
    let text = e.to_string();
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    let first = lines.next().unwrap_or("invalid arguments");
    let first = first.strip_prefix("error: ").unwrap_or(first);
    let mut line = format!("error: {first}");
    // "the following required arguments were not provided:" names them on
    // the next line
    if first.ends_with(':') {
        if let Some(next) = lines.next() {
            line.push(' ');
            line.push_str(next);
        }
    }
    if let Some(values) = lines.find(|l| l.starts_with("[possible values")) {
        line.push(' ');
        line.push_str(values);
    }
    line.push_str(" (see exactccd --help)");
    line
}

/// `exactccd check`: claim lines from one file or stdin, or with
/// `--queries` benchmark files.
fn run_check(tolerance: f64, queries: bool, paths: &[PathBuf]) -> Outcome {
    if queries {
        return check_queries_command(paths, tolerance);
    }
    match paths {
        [file] if file.as_os_str() == "-" => {
            let mut text = String::new();
            match std::io::Read::read_to_string(&mut std::io::stdin(), &mut text) {
                Ok(_) => check_command(&ClaimsSource::Stdin(text), tolerance),
                Err(e) => Outcome::invalid(format!("error: stdin: cannot read: {e}")),
            }
        }
        [file] => check_command(&ClaimsSource::File(file), tolerance),
        _ => Outcome::invalid(
            "error: check takes one claims file (or - for stdin); several paths only with --queries"
                .into(),
        ),
    }
}

fn run() -> Outcome {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            return match e.kind() {
                ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => Outcome {
                    status: exit::SUCCESS,
                    stdout: e.to_string(),
                    stderr: Vec::new(),
                },
                ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => Outcome {
                    status: exit::INVALID_INPUT,
                    stdout: String::new(),
                    stderr: vec![
                        "error: a command is required: solve, check, plot, oracle, campaign or queries (see exactccd --help)"
                            .into(),
                    ],
                },
                _ => Outcome {
                    status: exit::INVALID_INPUT,
                    stdout: String::new(),
                    stderr: vec![usage_error_line(&e)],
                },
            };
        }
    };
    match cli.command {
        Command::Solve {
            method,
            scalar,
            precision,
            steps,
            integrator,
            all,
            first_contact_only,
            stats,
            brief,
            check,
            variant,
            pixel,
            time_resolution,
            properness_threshold,
            budget,
            file,
        } => {
            let mut method = method.map(Method::from);
            let variant_method = match variant {
                VariantArg::Analytic => None,
                VariantArg::Raster => Some(("raster", Method::Glide)),
                VariantArg::Cells => Some(("cells", Method::Sat)),
                VariantArg::Stepping => Some(("stepping", Method::Sat)),
            };
            if let Some((name, owner)) = variant_method {
                match method {
                    None => method = Some(owner),
                    Some(m) if m == owner => {}
                    Some(other) => {
                        return Outcome::invalid(format!(
                            "error: --variant {name} applies to --method {owner} only, not {other}"
                        ))
                    }
                }
            }
            let glide_variant = match variant {
                VariantArg::Raster => GlideVariant::Raster(RasterSettings {
                    pixel,
                    time_resolution,
                    properness_threshold,
                }),
                _ => GlideVariant::Analytic,
            };
            let sat_variant = match variant {
                VariantArg::Stepping => SatVariant::Stepping,
                _ => SatVariant::Cells,
            };
            solve_command(
                &file,
                method,
                scalar.into(),
                SolveOptions {
                    precision,
                    steps: steps as usize,
                    integrator: integrator.into(),
                    all_collisions: all,
                    glide_variant,
                    sat_variant,
                    budget,
                    certify: true,
                    first_contact_only,
                },
                SolveFlags {
                    stats,
                    brief,
                    check,
                },
            )
        }
        Command::Check {
            tolerance,
            queries,
            paths,
        } => run_check(tolerance, queries, &paths),
        Command::Oracle {
            precision,
            budget,
            paths,
        } => oracle_command(&paths, precision, budget),
        Command::Plot {
            claims,
            output,
            samples,
            tolerance,
            file,
        } => plot_command(
            &file,
            &PlotOptions {
                samples,
                claims,
                out: output,
                tolerance,
            },
        ),
        Command::Queries {
            scalar,
            precision,
            budget,
            separation,
            paths,
        } => queries_command(
            &paths,
            scalar.into(),
            precision,
            budget,
            separation.as_ref(),
        ),
        Command::Campaign {
            merge: Some(CampaignSub::Merge { out, reports }),
            ..
        } => campaign_merge_command(&reports, out.as_ref()),
        Command::Campaign { merge: None, run } => {
            let classes = match parse_classes(&run.classes) {
                Ok(c) => c,
                Err(e) => return Outcome::invalid(format!("error: --class: {e}")),
            };
            let shard = match parse_shard(&run.shard) {
                Ok(s) => s,
                Err(e) => return Outcome::invalid(format!("error: {e}")),
            };
            campaign_command(
                &CampaignConfig {
                    cases: run.cases,
                    seed: run.seed,
                    jobs: run.jobs,
                    shard,
                    classes,
                    out: run.out,
                    precision: run.precision,
                    shrink_budget: run.shrink_budget,
                    budget: run.budget,
                },
                !run.quiet,
            )
        }
    }
}

fn emit(outcome: &Outcome) -> ExitCode {
    let mut stdout = std::io::stdout().lock();
    if let Err(e) = stdout
        .write_all(outcome.stdout.as_bytes())
        .and_then(|()| stdout.flush())
    {
        let _ = writeln!(std::io::stderr(), "error: cannot write the output: {e}");
        return ExitCode::from(exit::OUTPUT_ERROR);
    }
    let mut stderr = std::io::stderr().lock();
    for line in &outcome.stderr {
        let _ = writeln!(stderr, "{line}");
    }
    ExitCode::from(outcome.status)
}

fn main() -> ExitCode {
    // The last line of defence: the code is written not to panic, but if it
    // does, print one line (no backtrace noise, nothing on stdout) and exit
    // with a status of its own.
    std::panic::set_hook(Box::new(|info| {
        let message = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_default();
        let location = info
            .location()
            .map(|l| format!(" at {}:{}", l.file(), l.line()))
            .unwrap_or_default();
        let line: String =
            format!("error: internal error{location}: {message} (please report this input)")
                .chars()
                .map(|c| if c.is_control() { ' ' } else { c })
                .collect();
        let _ = writeln!(std::io::stderr(), "{line}");
    }));
    match std::panic::catch_unwind(run) {
        Ok(outcome) => emit(&outcome),
        Err(_) => ExitCode::from(exit::INTERNAL_ERROR),
    }
}
