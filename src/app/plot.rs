//! `exactccd plot SCENARIO [--claims FILE] [-o OUT.svg] [--samples N]`: an
//! SVG picture of a scenario over its interval (docs/FORMAT.md 4).
//!
//! * The curve is the signed separation of the two bodies
//!   ([`exactccd::separation`]: the largest separating-axis gap; positive
//!   apart, zero touching, minus the penetration depth overlapping) at `N`
//!   equally spaced rational times plus the rational ends of the contact
//!   intervals; exact at those times for motions whose pose at a rational
//!   time is rational (only the drawn value is rounded), else sampled in
//!   `f64` (the notes under the picture say which). An irrational contact
//!   interval end adds the point `(end, 0)`: the bodies touch there.
//! * The contact intervals are shaded and the first contact is a vertical
//!   line labelled with its exact value and decimal; both come from the
//!   exact answer ([`exact_truth`]: certified by the referee where it has a
//!   certificate for the scenario), else from the default method's `f64`
//!   answer (the notes say which).
//! * `--claims FILE`: the claims of a `check` claims file about this
//!   scenario (its path names this file, or its inline object is this
//!   scenario) are drawn as markers on the zero line at their claimed
//!   times, labelled with the claim's `tool` field (else its line) and the
//!   verdict `check` gives; claims of no contact are listed in the notes.
//! * The picture is written to `-o OUT` (default: the scenario's file name
//!   with `.svg`, in the working directory); stdout gets one line saying
//!   where. Invalid input: status 2 with one line; an unwritable output:
//!   status 74.
#![allow(clippy::float_arithmetic)]

use super::check::{claims_about, PlottedClaim};
use super::{exit, Outcome};
use exactccd::claims::{exact_truth, validate_tolerance};
use exactccd::contact::{
    solve_with_default_method, time_with_decimal, ContactResult, ScalarKind, SolveOptions, Time,
};
use exactccd::scalar::{BigInt, BigRational, Ring, Scalar, Sign};
use exactccd::scenario::{load_scenario, LoadOptions, Scenario};
use exactccd::separation::SeparationSampler;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::path::{Path, PathBuf};

/// The picture's size in pixels.
const WIDTH: u32 = 960;
const HEIGHT: u32 = 560;
/// The band under the chart for the notes.
const NOTES_HEIGHT: u32 = 64;

/// The fill of a contact interval (`#FAC8C8`).
const CONTACT_SHADE: RGBColor = RGBColor(250, 200, 200);
/// The first contact's line and label (`#C80000`).
const FIRST_CONTACT: RGBColor = RGBColor(200, 0, 0);
/// The separation curve (`#1E50C8`).
const SEPARATION: RGBColor = RGBColor(30, 80, 200);
/// A claim that agrees (`#008C3C`), and any other (`#E67800`).
const CLAIM_AGREES: RGBColor = RGBColor(0, 140, 60);
const CLAIM_OTHER: RGBColor = RGBColor(230, 120, 0);

/// The options of `exactccd plot`.
pub struct PlotOptions {
    /// Equally spaced sample times (the ends included: `samples + 1`).
    pub samples: u32,
    /// The claims file to overlay.
    pub claims: Option<PathBuf>,
    /// Where to write the SVG.
    pub out: Option<PathBuf>,
    /// The tolerance of the claims' verdicts (as `check --tolerance`).
    pub tolerance: f64,
}

/// What the picture shows, in plot coordinates.
struct PlotData {
    title: String,
    interval: (f64, f64),
    samples: Vec<(f64, f64)>,
    contact_intervals: Vec<(f64, f64)>,
    first_contact: Option<(f64, String)>,
    claims: Vec<PlottedClaim>,
    notes: Vec<String>,
}

/// A time as the `f64` the picture places it at (an enclosure by its
/// midpoint).
fn time_f64(t: &Time) -> f64 {
    match t {
        Time::Exact(x) => x.to_f64(),
        Time::Enclosure { lower, upper } => (lower.to_f64() + upper.to_f64()) / 2.0,
        Time::Float(x) => *x,
    }
}

/// The first contact's label: [`time_with_decimal`], but an enclosure
/// by its midpoint and width (its ends are long fractions).
fn time_label(t: &Time) -> String {
    match t {
        Time::Enclosure { lower, upper } => format!(
            "~{} (certified enclosure of width {:.1e})",
            time_f64(t),
            (upper - lower).to_f64()
        ),
        _ => time_with_decimal(t),
    }
}

/// A time that is an exact rational.
fn rational_time(t: &Time) -> Option<&BigRational> {
    match t {
        Time::Exact(x) => x.as_rational(),
        _ => None,
    }
}

/// The scenario, in the exact path when it is valid there, else the `f64`
/// path; the exact path's error when neither loads.
fn load(file: &Path) -> Result<Scenario, String> {
    match load_scenario(file, &LoadOptions::for_scalar(ScalarKind::Exact)) {
        Ok(s) => Ok(s),
        Err(e) if e.is_io() => Err(e.to_string()),
        Err(e) => load_scenario(file, &LoadOptions::for_scalar(ScalarKind::F64))
            .map_err(|_| e.to_string()),
    }
}

/// The contact answer drawn, the truth claims are judged against, and a
/// note on where the answer comes from.
fn contact_answer(
    scenario: &Scenario,
) -> (Option<ContactResult>, Result<ContactResult, String>, String) {
    let query = scenario.query();
    let options = SolveOptions::default();
    let truth = if scenario.scalar == ScalarKind::Exact {
        exact_truth(scenario)
    } else {
        Err("the scenario is valid only in the f64 path".into())
    };
    let truth = match truth {
        Ok(t) => {
            let note = if t.certified {
                "certified exact answer"
            } else {
                "exact answer, not certified (no referee certificate for this scenario yet)"
            };
            return (Some(t.result.clone()), Ok(t.result), note.into());
        }
        Err(why) => Err(why),
    };
    let (method, solved) = solve_with_default_method(&query, ScalarKind::F64, &options);
    match solved {
        Ok(r) => (
            Some(r),
            truth,
            format!("{method}'s f64 answer, not certified"),
        ),
        Err(e) => (None, truth, format!("no answer ({method}: {e})")),
    }
}

/// The `samples + 1` equally spaced rational times of the interval.
fn sample_times(interval: &(BigRational, BigRational), samples: u32) -> Vec<BigRational> {
    let step = (&interval.1 - &interval.0) / BigRational::from_integer(BigInt::from(samples));
    (0..=samples)
        .map(|k| &interval.0 + &step * BigRational::from_integer(BigInt::from(k)))
        .collect()
}

/// The separation curve: the samples, the rational contact ends evaluated
/// too, an irrational end inside the interval as `(end, 0)`; with a note
/// on how it was computed and warnings for a rational contact end inside
/// the interval where the exact separation is not zero.
fn separation_curve(
    scenario: &Scenario,
    answer: Option<&ContactResult>,
    samples: u32,
) -> (Vec<(f64, f64)>, String, Vec<String>) {
    let sampler = match SeparationSampler::new(scenario) {
        Ok(s) => s,
        Err(why) => {
            return (
                Vec::new(),
                format!("separation not drawn: {why}"),
                Vec::new(),
            )
        }
    };
    let interval = &scenario.interval;
    let inside = |t: &BigRational| &interval.0 < t && t < &interval.1;
    let mut times: Vec<BigRational> = sample_times(interval, samples);
    let mut touching_points = Vec::new();
    let mut warnings = Vec::new();
    let ends = answer
        .iter()
        .flat_map(|r| r.contact_intervals.iter().flat_map(|(a, b)| [a, b]));
    for end in ends {
        match rational_time(end) {
            Some(q) if inside(q) => times.push(q.clone()),
            Some(_) => {}
            None => {
                let x = time_f64(end);
                if x > interval.0.to_f64() && x < interval.1.to_f64() {
                    touching_points.push((x, 0.0));
                }
            }
        }
    }
    let mut points: Vec<(f64, f64)> = times
        .iter()
        .map(|t| (t.to_f64(), sampler.at(t).value))
        .collect();
    // the contact ends were appended after the equally spaced samples
    for t in times.iter().skip(samples as usize + 1) {
        if let Some(exact) = sampler.at(t).exact {
            if exact.sign() != Sign::Zero {
                warnings.push(format!(
                    "warning: the exact separation at the contact interval end {t} is {exact} (signed square), not 0: please report this scenario"
                ));
            }
        }
    }
    points.extend(touching_points);
    points.sort_by(|p, q| p.0.total_cmp(&q.0));
    let how = if sampler.is_exact() {
        format!(
            "separation: the largest separating-axis gap, exact at {} rational times (rounded to draw)",
            points.len()
        )
    } else {
        format!(
            "separation: the largest separating-axis gap, sampled in f64 at {} times",
            points.len()
        )
    };
    (points, how, warnings)
}

/// The vertical range drawn: the samples and 0, widened by a margin.
fn value_range(samples: &[(f64, f64)]) -> (f64, f64) {
    let (lo, hi) = samples
        .iter()
        .fold((0.0_f64, 0.0_f64), |(lo, hi), p| (lo.min(p.1), hi.max(p.1)));
    if hi - lo <= 0.0 {
        return (-1.0, 1.0);
    }
    let pad = (hi - lo) * 0.08;
    (lo - pad, hi + pad)
}

/// The SVG text of the picture.
fn render(data: &PlotData) -> Result<String, String> {
    let err = |e: DrawingAreaErrorKind<_>| format!("cannot draw the plot: {e}");
    let (t0, t1) = data.interval;
    let (lo, hi) = value_range(&data.samples);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, HEIGHT)).into_drawing_area();
        root.fill(&WHITE).map_err(err)?;
        let (upper, lower) = root.split_vertically(HEIGHT - NOTES_HEIGHT);
        let mut chart = ChartBuilder::on(&upper)
            .caption(&data.title, ("sans-serif", 20))
            .margin(16)
            .x_label_area_size(44)
            .y_label_area_size(64)
            .build_cartesian_2d(t0..t1, lo..hi)
            .map_err(err)?;
        chart
            .configure_mesh()
            .x_desc("time t")
            .y_desc("signed separation")
            .label_style(("sans-serif", 15))
            .axis_desc_style(("sans-serif", 17))
            .draw()
            .map_err(err)?;
        chart
            .draw_series(
                data.contact_intervals
                    .iter()
                    .map(|&(a, b)| Rectangle::new([(a, hi), (b, lo)], CONTACT_SHADE.filled())),
            )
            .map_err(err)?;
        chart
            .draw_series(LineSeries::new([(t0, 0.0), (t1, 0.0)], BLACK.mix(0.5)))
            .map_err(err)?;
        if !data.samples.is_empty() {
            chart
                .draw_series(LineSeries::new(
                    data.samples.iter().copied(),
                    SEPARATION.stroke_width(2),
                ))
                .map_err(err)?;
        }
        if let Some((t, label)) = &data.first_contact {
            chart
                .draw_series(LineSeries::new(
                    [(*t, lo), (*t, hi)],
                    FIRST_CONTACT.stroke_width(2),
                ))
                .map_err(err)?;
            // right of the line in the left half, left of it in the right
            let right_half = *t > (t0 + t1) / 2.0;
            let (label, anchor) = if right_half {
                (format!("{} ", label.trim_start()), HPos::Right)
            } else {
                (label.clone(), HPos::Left)
            };
            let style = ("sans-serif", 17)
                .into_font()
                .color(&FIRST_CONTACT)
                .pos(Pos::new(anchor, VPos::Top));
            let at = (*t, hi - (hi - lo) * 0.03);
            chart
                .draw_series(std::iter::once(Text::new(label, at, style)))
                .map_err(err)?;
        }
        draw_claims(&mut chart, &data.claims, (lo, hi)).map_err(err)?;
        let style = ("sans-serif", 16).into_font().color(&BLACK);
        for (k, note) in data.notes.iter().enumerate() {
            let y = 2 + 20 * i32::try_from(k).unwrap_or(0);
            lower.draw_text(note, &style, (16, y)).map_err(err)?;
        }
        root.present().map_err(err)?;
    }
    Ok(svg)
}

type Chart<'a, 'b> = ChartContext<
    'a,
    SVGBackend<'b>,
    Cartesian2d<plotters::coord::types::RangedCoordf64, plotters::coord::types::RangedCoordf64>,
>;

/// The claims with a time: a marker on the zero line and a label above
/// it, the labels staggered so that near claims stay readable.
fn draw_claims(
    chart: &mut Chart<'_, '_>,
    claims: &[PlottedClaim],
    (lo, hi): (f64, f64),
) -> Result<(), DrawingAreaErrorKind<std::io::Error>> {
    for (k, c) in claims.iter().filter(|c| c.time.is_some()).enumerate() {
        let Some(t) = c.time else { continue };
        let color = if c.verdict == "agrees" {
            CLAIM_AGREES
        } else {
            CLAIM_OTHER
        };
        chart.draw_series(std::iter::once(Circle::new((t, 0.0), 5, color.filled())))?;
        let row = (k % 6) as f64;
        let at = (t, hi - (hi - lo) * (0.12 + 0.07 * row));
        let style = ("sans-serif", 15).into_font().color(&color);
        let label = format!("{}: {}", c.label, c.verdict);
        chart.draw_series(std::iter::once(Text::new(label, at, style)))?;
    }
    Ok(())
}

/// The default output: the scenario's file name with `.svg`, in the
/// working directory.
fn default_output(file: &Path) -> PathBuf {
    let stem = file
        .file_stem()
        .map_or_else(|| "scenario".into(), |s| s.to_string_lossy().into_owned());
    PathBuf::from(format!("{stem}.svg"))
}

/// `exactccd plot` (module docs).
pub fn plot_command(file: &Path, options: &PlotOptions) -> Outcome {
    if let Err(why) = validate_tolerance(options.tolerance) {
        return Outcome::invalid(format!("error: --{why}"));
    }
    let scenario = match load(file) {
        Ok(s) => s,
        Err(e) => return Outcome::invalid(format!("error: {e}")),
    };
    let (answer, truth, source) = contact_answer(&scenario);
    let (samples, how, mut stderr) = separation_curve(&scenario, answer.as_ref(), options.samples);
    let (claims, claim_notes) = match &options.claims {
        None => (Vec::new(), Vec::new()),
        Some(path) => match claims_about(path, file, &scenario, &truth, options.tolerance) {
            Ok(c) => c,
            Err(why) => return Outcome::invalid(format!("error: --claims: {why}")),
        },
    };
    stderr.extend(claim_notes);
    let data = plot_data(
        &scenario,
        file,
        answer.as_ref(),
        samples,
        claims,
        [how, source],
    );
    let svg = match render(&data) {
        Ok(svg) => svg,
        Err(why) => return Outcome::error(exit::INTERNAL_ERROR, format!("error: {why}")),
    };
    let out = options.out.clone().unwrap_or_else(|| default_output(file));
    if let Err(e) = std::fs::write(&out, svg) {
        return Outcome::error(
            exit::OUTPUT_ERROR,
            format!("error: {}: cannot write: {e}", out.display()),
        );
    }
    let stdout = format!(
        "wrote {} ({} points, {} contact intervals, {} claims)\n",
        out.display(),
        data.samples.len(),
        data.contact_intervals.len(),
        data.claims.len()
    );
    Outcome {
        status: exit::SUCCESS,
        stdout,
        stderr,
    }
}

/// Everything the picture shows, in plot coordinates.
fn plot_data(
    scenario: &Scenario,
    file: &Path,
    answer: Option<&ContactResult>,
    samples: Vec<(f64, f64)>,
    claims: Vec<PlottedClaim>,
    [how, source]: [String; 2],
) -> PlotData {
    let name = scenario
        .name
        .clone()
        .unwrap_or_else(|| file.display().to_string());
    let (t0, t1) = &scenario.interval;
    let title = format!("{name}: signed separation over [{t0}, {t1}]");
    let contact_intervals: Vec<(f64, f64)> = answer
        .map(|r| {
            r.contact_intervals
                .iter()
                .map(|(a, b)| (time_f64(a), time_f64(b)))
                .collect()
        })
        .unwrap_or_default();
    let first_contact = answer
        .and_then(|r| r.time.as_ref())
        .map(|t| (time_f64(t), format!(" T = {}", time_label(t))));
    let contact = match answer {
        Some(r) if r.collides && contact_intervals.is_empty() => {
            format!("contact: {source}; the method gives no contact intervals")
        }
        Some(r) if r.collides => format!("contact: {source}; shaded: the contact intervals"),
        Some(_) => format!("contact: {source}: no contact in the interval"),
        None => format!("contact: {source}"),
    };
    let mut notes = vec![how, contact];
    let no_contact: Vec<String> = claims
        .iter()
        .filter(|c| c.time.is_none())
        .map(|c| format!("{} ({})", c.label, c.verdict))
        .collect();
    if !no_contact.is_empty() {
        notes.push(format!("claims of no contact: {}", no_contact.join(", ")));
    }
    PlotData {
        title,
        interval: (t0.to_f64(), t1.to_f64()),
        samples,
        contact_intervals,
        first_contact,
        claims,
        notes,
    }
}
