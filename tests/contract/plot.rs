//! `exactccd plot`: the SVG of a scenario's separation over its interval,
//! read back as XML text and checked against hand-derived positions; the
//! separation's sign against the certified contact intervals.

use crate::contract_support::{run, TempDir};
use exactccd::claims::certified_truth;
use exactccd::generate::{generate, ScenarioClass};
use exactccd::scalar::{BigInt, BigRational, Ring, Sign};
use exactccd::separation::SeparationSampler;
use exactccd::Time;
use std::cmp::Ordering;
use std::path::{Path, PathBuf};
use std::process::Command;

fn example(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("examples/scenarios")
        .join(name)
}

/// The value of `name="..."` in one element's attribute text.
fn attr(element: &str, name: &str) -> Option<f64> {
    let key = format!(" {name}=\"");
    let start = element.find(&key)? + key.len();
    let end = start + element[start..].find('"')?;
    element[start..end].parse().ok()
}

/// Every element `<tag ...>` of the SVG whose text contains `needle`.
fn elements<'a>(svg: &'a str, tag: &str, needle: &str) -> Vec<&'a str> {
    let open = format!("<{tag} ");
    svg.match_indices(&open)
        .map(|(i, _)| &svg[i..i + svg[i..].find('>').unwrap_or(0)])
        .filter(|e| e.contains(needle))
        .collect()
}

/// The points of a polyline element.
fn points(polyline: &str) -> Vec<(f64, f64)> {
    let start = polyline.find("points=\"").unwrap() + 8;
    let end = start + polyline[start..].find('"').unwrap();
    polyline[start..end]
        .split_whitespace()
        .map(|p| {
            let (x, y) = p.split_once(',').unwrap();
            (x.parse().unwrap(), y.parse().unwrap())
        })
        .collect()
}

/// The texts of the SVG's `<text>` elements.
fn texts(svg: &str) -> Vec<String> {
    svg.split("<text ")
        .skip(1)
        .filter_map(|s| {
            let body = &s[s.find('>')? + 1..s.find("</text>")?];
            Some(body.trim().replace("&apos;", "'"))
        })
        .collect()
}

fn assert_near(got: f64, want: f64, what: &str) {
    // plotters places elements on whole pixels
    assert!(
        (got - want).abs() <= 1.0,
        "{what}: at {got}, expected {want}"
    );
}

#[test]
fn head_on_boxes_with_claims_draw_the_expected_elements() {
    let dir = TempDir::new();
    let scenario = example("boxes-head-on.json");
    let shown = scenario.display().to_string();
    let claims = dir.write(
        "claims.jsonl",
        &[
            format!(r#"{{"scenario": "{shown}", "collides": true, "time": 0.4, "tool": "exact-tool"}}"#),
            format!(r#"{{"scenario": "{shown}", "collides": true, "time": 0.45, "tool": "late-tool"}}"#),
            format!(r#"{{"scenario": "{shown}", "collides": false, "time": null, "tool": "blind-tool"}}"#),
            format!(r#"{{"scenario": "{}", "collides": true, "time": 0.5, "tool": "elsewhere"}}"#, example("triangle-pair.json").display()),
            "not json".to_owned(),
        ]
        .join("\n"),
    );
    let out_path = dir.path().join("head-on.svg");
    let out = run(&[
        "plot",
        &shown,
        "--claims",
        &claims.display().to_string(),
        "-o",
        &out_path.display().to_string(),
    ]);
    assert_eq!(out.status, 0, "{out:?}");
    assert!(out.stdout.starts_with("wrote "), "{}", out.stdout);
    assert!(
        out.stderr.contains("claims line 5: skipped: invalid JSON"),
        "{}",
        out.stderr
    );
    let svg = std::fs::read_to_string(&out_path).unwrap();

    // the separation: 300 equal steps, the contact ends 2/5 and 3/5 added
    let curve = elements(&svg, "polyline", "stroke=\"#1E50C8\"");
    assert_eq!(curve.len(), 1);
    let pts = points(curve[0]);
    assert_eq!(pts.len(), 303);
    let (x0, x1) = (pts[0].0, pts[302].0);
    let px = |t: f64| x0 + t * (x1 - x0);
    // the gap is |10 - 20 t| - 2: 8 at t = 0 and at t = 1, -2 at t = 1/2
    let y_at = |t: f64| {
        let nearest = pts.iter().min_by(|p, q| {
            let d = |r: &&(f64, f64)| (r.0 - px(t)).abs();
            d(p).total_cmp(&d(q))
        });
        nearest.unwrap().1
    };
    let (y8, ym2) = (pts[0].1, y_at(0.5));
    assert_near(pts[302].1, y8, "the separation 8 at t = 1");
    let py = |v: f64| y8 + (v - 8.0) / (-10.0) * (ym2 - y8);
    assert_near(y_at(0.25), py(3.0), "the separation 3 at t = 1/4");
    assert_near(y_at(0.4), py(0.0), "the separation 0 at t = 2/5");
    let zero = elements(&svg, "polyline", "opacity=\"0.5\"");
    assert_eq!(zero.len(), 1, "the zero line");
    assert_near(points(zero[0])[0].1, py(0.0), "the zero line");

    // the contact interval [2/5, 3/5], shaded over the whole height
    let shaded = elements(&svg, "rect", "fill=\"#FAC8C8\"");
    assert_eq!(shaded.len(), 1);
    let (x, w) = (
        attr(shaded[0], "x").unwrap(),
        attr(shaded[0], "width").unwrap(),
    );
    assert_near(x, px(0.4), "the contact interval's start");
    assert_near(x + w, px(0.6), "the contact interval's end");

    // the first contact: a vertical line at 2/5, labelled
    let line = elements(&svg, "polyline", "stroke=\"#C80000\"");
    assert_eq!(line.len(), 1);
    for (x, _) in points(line[0]) {
        assert_near(x, px(0.4), "the first contact line");
    }
    let all = texts(&svg);
    assert!(all.iter().any(|t| t == "T = 2/5 (~0.4)"), "{all:?}");

    // the claims about this scenario: markers on the zero line at their
    // times, coloured by verdict, labelled; the one of no contact listed
    let agrees = elements(&svg, "circle", "fill=\"#008C3C\"");
    let late = elements(&svg, "circle", "fill=\"#E67800\"");
    assert_eq!((agrees.len(), late.len()), (1, 1));
    assert_near(
        attr(agrees[0], "cx").unwrap(),
        px(0.4),
        "the agreeing claim",
    );
    assert_near(attr(late[0], "cx").unwrap(), px(0.45), "the late claim");
    assert_near(
        attr(late[0], "cy").unwrap(),
        py(0.0),
        "the late claim's height",
    );
    for label in [
        "exact-tool: agrees",
        "late-tool: late",
        "claims of no contact: blind-tool (missed)",
        "time t",
        "signed separation",
        "boxes-head-on: signed separation over [0, 1]",
    ] {
        assert!(all.iter().any(|t| t == label), "{label} not in {all:?}");
    }
    assert!(
        !all.iter().any(|t| t.contains("elsewhere")),
        "a claim about another scenario"
    );
    assert!(
        all.iter()
            .any(|t| t.contains("exact at 303 rational times")),
        "{all:?}"
    );
}

#[test]
fn every_shipped_example_plots_with_its_contact_intervals() {
    let dir = TempDir::new();
    let mut names: Vec<_> = std::fs::read_dir(example(""))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    names.sort();
    assert!(names.len() >= 10);
    for path in names {
        // the default output: the scenario's name with .svg, in the
        // working directory
        let out = Command::new(env!("CARGO_BIN_EXE_exactccd"))
            .args(["plot", "--samples", "40"])
            .arg(&path)
            .current_dir(dir.path())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{}: {out:?}", path.display());
        let stem = path.file_stem().unwrap().to_string_lossy();
        let svg = std::fs::read_to_string(dir.path().join(format!("{stem}.svg"))).unwrap();
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
        let stdout = String::from_utf8_lossy(&out.stdout);
        let n: usize = stdout
            .split(" points, ")
            .nth(1)
            .and_then(|s| s.split(' ').next())
            .and_then(|s| s.parse().ok())
            .unwrap();
        assert_eq!(
            elements(&svg, "rect", "fill=\"#FAC8C8\"").len(),
            n,
            "{stem}"
        );
        let drawn = !elements(&svg, "polyline", "stroke=\"#1E50C8\"").is_empty();
        let all = texts(&svg);
        let not_drawn = all.iter().any(|t| t.starts_with("separation not drawn"));
        assert!(drawn != not_drawn, "{stem}: {all:?}");
        if stem.starts_with("glide-poses") {
            assert!(all.iter().any(|t| t.contains("sampled in f64")), "{all:?}");
        }
    }
}

#[test]
fn bad_input_is_one_line_and_status_2() {
    let dir = TempDir::new();
    let scenario = example("boxes-head-on.json").display().to_string();
    let missing = dir.path().join("missing.json").display().to_string();
    let cases: [(&[&str], &str); 4] = [
        (&["plot", &missing], "missing.json"),
        (
            &["plot", &scenario, "--claims", &missing],
            "error: --claims:",
        ),
        (&["plot", &scenario, "--samples", "1"], "--samples"),
        (&["plot", &scenario, "--tolerance", "-1"], "tolerance"),
    ];
    for (args, needle) in cases {
        let out = run(args);
        assert_eq!(out.status, 2, "{args:?}: {out:?}");
        assert!(out.stdout.is_empty());
        assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
        assert!(
            out.stderr.contains(needle),
            "{needle} not in {}",
            out.stderr
        );
    }
    let bad = dir.write(
        "bad.json",
        r#"{"format": "exactccd/scenario-v1", "a": {"shape": {"box": {"half_extents": [1, -1, 1]}}}, "b": {"shape": {"box": {"half_extents": [1, 1, 1]}}}}"#,
    );
    let out = run(&["plot", &bad.display().to_string()]);
    assert_eq!(out.status, 2);
    assert!(
        out.stderr.starts_with("error: a.shape.box.half_extents[1]"),
        "{}",
        out.stderr
    );
    let nowhere = dir.path().join("no/such/dir/out.svg").display().to_string();
    let out = run(&["plot", &scenario, "-o", &nowhere]);
    assert_eq!(out.status, 74, "{out:?}");
}

/// Where `t` lies against the contact intervals: `Some(true)` inside one,
/// `Some(false)` outside all, `None` on an end (or too near an irrational
/// end to tell with its bracket).
fn in_contact(intervals: &[(Time, Time)], t: &BigRational) -> Option<bool> {
    let cmp = |end: &Time| match end {
        Time::Exact(x) => Some(x.cmp_rational(t)),
        _ => None,
    };
    let mut inside = false;
    for (a, b) in intervals {
        match (cmp(a)?, cmp(b)?) {
            (Ordering::Equal, _) | (_, Ordering::Equal) => return None,
            (Ordering::Less, Ordering::Greater) => inside = true,
            _ => {}
        }
    }
    Some(inside)
}

#[test]
fn the_separation_sign_agrees_with_certified_contact_intervals() {
    // an independent check of the plotted quantity: at rational times the
    // exact separation is > 0 exactly outside the certified contact
    // intervals (computed by other solvers and refereed) and <= 0 inside
    let mut checked = 0;
    for class in [
        ScenarioClass::Linear,
        ScenarioClass::AxisAligned,
        ScenarioClass::RationalRotation(1),
        ScenarioClass::TouchingInstant,
    ] {
        for index in 0..12 {
            let scenario = generate(7, index, class);
            let Ok(truth) = certified_truth(&scenario) else {
                continue;
            };
            if truth.collides && truth.contact_intervals.is_empty() {
                continue;
            }
            let sampler = SeparationSampler::new(&scenario).unwrap();
            assert!(sampler.is_exact());
            let (t0, t1) = &scenario.interval;
            for k in 0..=24 {
                let t = t0 + (t1 - t0) * BigRational::new(BigInt::from(k), BigInt::from(24));
                let Some(inside) = in_contact(&truth.contact_intervals, &t) else {
                    continue;
                };
                let sign = sampler.at(&t).exact.unwrap().sign();
                assert_eq!(
                    sign != Sign::Positive,
                    inside,
                    "{class:?} {index} at t = {t}: separation sign {sign:?}"
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 500, "only {checked} times checked");
}
