//! The `exactccd` command line (SCENARIO_FORMAT.md 4): parse the arguments,
//! call the library ([`exactccd::app`]), print, exit.
//!
//! Exit statuses: 0 success; 1 disagreement or failed expectation
//! (`oracle`); 2 invalid input (one line on stderr, nothing on stdout);
//! 3 the method does not apply (stderr says why); 70 internal error (a
//! panic, caught as a last line of defence); 74 the output could not be
//! written.

use clap::{ColorChoice, Parser, Subcommand, ValueEnum};
use exactccd::app::{exit, oracle_command, queries_command, solve_command, Outcome};
use exactccd::contact::{Method, ScalarKind, DEFAULT_PRECISION_BITS, MAX_PRECISION_BITS};
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
        /// motion: a query -> primitive, screw/poses -> glide, angular ->
        /// sat, two boxes -> sgm, else sat].
        #[arg(long, value_enum)]
        method: Option<MethodArg>,
        /// The arithmetic.
        #[arg(long, value_enum, default_value = "exact")]
        scalar: ScalarArg,
        /// Bits of the time brackets: upper - lower <= 2^-BITS * max(1, |T|).
        #[arg(long, default_value_t = DEFAULT_PRECISION_BITS,
              value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_PRECISION_BITS)))]
        precision: u32,
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
        /// Query files or directories.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum MethodArg {
    Sgm,
    Sat,
    Glide,
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
    if let Some(values) = lines.find(|l| l.starts_with("[possible values")) {
        line.push(' ');
        line.push_str(values);
    }
    line.push_str(" (see exactccd --help)");
    line
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
                        "error: a command is required: solve, oracle or queries (see exactccd --help)"
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
            file,
        } => solve_command(&file, method.map(Method::from), scalar.into(), precision),
        Command::Oracle { precision, paths } => oracle_command(&paths, precision),
        Command::Queries {
            scalar,
            precision,
            paths,
        } => queries_command(&paths, scalar.into(), precision),
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
