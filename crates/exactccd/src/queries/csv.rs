//! The benchmark's CSV files: 8 rows per query, 7 integer columns
//! `x_num, x_den, y_num, y_den, z_num, z_den, truth`; each coordinate is the
//! exact rational `num/den`, `truth` (0 or 1) is the same on the 8 rows.
//! Rows: edge-edge `ea0_t0, ea1_t0, eb0_t0, eb1_t0, ea0_t1, ea1_t1, eb0_t1,
//! eb1_t1`; vertex-face `v_t0, f0_t0, f1_t0, f2_t0, v_t1, f0_t1, f1_t1,
//! f2_t1`. The kind is not in the file: it is the name of a folder on the
//! file's path (`vertex-face` or `edge-edge`), as in the benchmark's layout.
#![deny(clippy::float_arithmetic)]

use crate::geom::Vec3;
use crate::scalar::{BigInt, BigRational};
use crate::solver::primitive::{MovingPoint, PrimitiveQuery, QueryKind};
use num_traits::Zero;
use std::fmt;
use std::path::{Path, PathBuf};

/// One query of a benchmark file.
#[derive(Clone, Debug, PartialEq)]
pub struct BenchmarkQuery {
    /// The 0-based index of the query in its file.
    pub index: usize,
    /// The query, over `[0, 1]`.
    pub query: PrimitiveQuery<BigRational>,
    /// The benchmark's label: true when the primitives meet.
    pub label: bool,
}

/// Why a benchmark file could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueryFileError {
    /// The file.
    pub path: PathBuf,
    /// The 1-based line, when the error is on one.
    pub line: Option<usize>,
    /// What is wrong, as a sentence.
    pub message: String,
}

impl fmt::Display for QueryFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(l) => write!(f, "{}:{l}: {}", self.path.display(), self.message),
            None => write!(f, "{}: {}", self.path.display(), self.message),
        }
    }
}

impl std::error::Error for QueryFileError {}

/// The kind of the queries of a file, from the folder names on its path
/// (the innermost `vertex-face` or `edge-edge`).
pub fn kind_from_path(path: &Path) -> Option<QueryKind> {
    path.components()
        .rev()
        .find_map(|c| match c.as_os_str().to_str() {
            Some("vertex-face") => Some(QueryKind::VertexFace),
            Some("edge-edge") => Some(QueryKind::EdgeEdge),
            _ => None,
        })
}

/// Parses the text of a benchmark file whose queries are of `kind`. Empty
/// lines are skipped; errors name the 1-based line.
///
/// ```
/// use exactccd::queries::parse_queries;
/// use exactccd::solver::primitive::QueryKind;
/// let row = |x: i64, z: i64| format!("{x},1,0,1,{z},2,1\n");
/// // v falls from z = 1/2 to z = -1/2 through a fixed triangle in z = 0
/// let text = [row(0, 1), row(-1, 0), row(1, 0), row(0, 0),
///             row(0, -1), row(-1, 0), row(1, 0), row(0, 0)].concat();
/// let queries = parse_queries(&text, QueryKind::VertexFace).unwrap();
/// assert_eq!(queries.len(), 1);
/// assert!(queries[0].label);
/// ```
pub fn parse_queries(text: &str, kind: QueryKind) -> Result<Vec<BenchmarkQuery>, (usize, String)> {
    let mut rows: Vec<(usize, Vec3<BigRational>, bool)> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line_no = i + 1;
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split(',').map(str::trim).collect();
        if fields.len() != 7 {
            return Err((
                line_no,
                format!(
                    "expected 7 comma-separated integers, found {}",
                    fields.len()
                ),
            ));
        }
        let mut ints = Vec::with_capacity(7);
        for (col, f) in fields.iter().enumerate() {
            let v: BigInt = f.parse().map_err(|_| {
                (
                    line_no,
                    format!("column {}: {f:?} is not an integer", col + 1),
                )
            })?;
            ints.push(v);
        }
        let mut coords = Vec::with_capacity(3);
        for k in 0..3 {
            let den = &ints[2 * k + 1];
            if den.is_zero() {
                return Err((line_no, format!("column {}: zero denominator", 2 * k + 2)));
            }
            coords.push(BigRational::new(ints[2 * k].clone(), den.clone()));
        }
        let truth = match ints[6].to_string().as_str() {
            "0" => false,
            "1" => true,
            other => {
                return Err((
                    line_no,
                    format!("column 7: truth must be 0 or 1, got {other}"),
                ))
            }
        };
        let [x, y, z]: [BigRational; 3] = coords.try_into().expect("three coordinates");
        rows.push((line_no, Vec3::new(x, y, z), truth));
    }
    if rows.len() % 8 != 0 {
        let last = rows.last().map_or(0, |r| r.0);
        return Err((
            last,
            format!(
                "{} rows: not a multiple of 8 (8 rows per query)",
                rows.len()
            ),
        ));
    }
    let mut queries = Vec::with_capacity(rows.len() / 8);
    for (index, chunk) in rows.chunks(8).enumerate() {
        let label = chunk[0].2;
        if let Some(r) = chunk.iter().find(|r| r.2 != label) {
            return Err((
                r.0,
                "truth differs between the rows of one query".to_string(),
            ));
        }
        let point = |i: usize| MovingPoint::new(chunk[i].1.clone(), chunk[i + 4].1.clone());
        let query = match kind {
            QueryKind::VertexFace => {
                PrimitiveQuery::vertex_face(point(0), [point(1), point(2), point(3)])
            }
            QueryKind::EdgeEdge => {
                PrimitiveQuery::edge_edge([point(0), point(1)], [point(2), point(3)])
            }
        };
        queries.push(BenchmarkQuery {
            index,
            query,
            label,
        });
    }
    Ok(queries)
}

/// A tool's answer to a benchmark query, from the columns after the
/// benchmark's seven: its decision, and its first contact time when it
/// gives one.
#[derive(Clone, Debug, PartialEq)]
pub struct ToolAnswer {
    /// Column 8: the tool says the primitives meet (`1`) or not (`0`).
    pub collides: bool,
    /// Column 9 (optional, empty or absent for a decision alone): the
    /// tool's first contact time, a decimal number.
    pub time: Option<f64>,
}

/// A benchmark query with a tool's answer beside its label.
#[derive(Clone, Debug, PartialEq)]
pub struct AnsweredQuery {
    /// The query and its label.
    pub query: BenchmarkQuery,
    /// The 1-based line of the query's first row.
    pub line: usize,
    /// The tool's answer, or why its columns cannot be read (naming the
    /// line and column).
    pub answer: Result<ToolAnswer, String>,
}

/// The answer columns (8 and 9) of one row.
fn row_answer(line: usize, extra: &[&str]) -> Result<ToolAnswer, String> {
    let collides = match extra.first().copied() {
        Some("1") => true,
        Some("0") => false,
        Some(other) => {
            return Err(format!(
                "line {line}, column 8 (the tool's collides): must be 0 or 1, got {other:?}"
            ))
        }
        None => {
            return Err(format!(
                "line {line}: column 8 (the tool's collides, 0 or 1) is missing"
            ))
        }
    };
    let time = match extra.get(1).copied() {
        None | Some("") => None,
        Some(text) => match text.parse::<f64>() {
            Ok(t) if t.is_finite() => Some(t),
            _ => {
                return Err(format!(
                    "line {line}, column 9 (the tool's time): must be a finite decimal number or empty, got {text:?}"
                ))
            }
        },
    };
    if extra.len() > 2 {
        return Err(format!(
            "line {line}: {} columns, at most 9 (the benchmark's 7, the tool's collides and time)",
            extra.len() + 7
        ));
    }
    Ok(ToolAnswer { collides, time })
}

/// Parses a benchmark file with a tool's answers appended to every row
/// (`docs/FORMAT.md`, `check --queries`): the benchmark's 7 columns as
/// [`parse_queries`] reads them (an error there is the whole file's), then
/// column 8, the tool's decision (`0`/`1`), and an optional column 9, its
/// first contact time. The answer must be the same on the 8 rows of a
/// query; an unreadable or inconsistent answer is that query's error only.
pub fn parse_answered_queries(
    text: &str,
    kind: QueryKind,
) -> Result<Vec<AnsweredQuery>, (usize, String)> {
    let mut base = String::with_capacity(text.len());
    let mut rows: Vec<(usize, Result<ToolAnswer, String>)> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let fields: Vec<&str> = line.trim().split(',').map(str::trim).collect();
        if line.trim().is_empty() {
            base.push('\n');
            continue;
        }
        let cut = fields.len().min(7);
        base.push_str(&fields[..cut].join(","));
        base.push('\n');
        rows.push((i + 1, row_answer(i + 1, &fields[cut..])));
    }
    let queries = parse_queries(&base, kind)?;
    Ok(queries
        .into_iter()
        .zip(rows.chunks(8))
        .map(|(query, chunk)| {
            let line = chunk[0].0;
            let answer = chunk[0].1.clone().and_then(|first| {
                match chunk.iter().find(|(_, a)| a.as_ref() != Ok(&first)) {
                    Some((_, Err(e))) => Err(e.clone()),
                    Some((l, Ok(_))) => Err(format!(
                        "line {l}: the tool's answer differs from the one on line {line}, the query's first row"
                    )),
                    None => Ok(first),
                }
            });
            AnsweredQuery {
                query,
                line,
                answer,
            }
        })
        .collect())
}

/// Reads a benchmark file with a tool's answers
/// ([`parse_answered_queries`]); its kind comes from its path.
pub fn read_answered_query_file(path: &Path) -> Result<Vec<AnsweredQuery>, QueryFileError> {
    read_benchmark_file(path, parse_answered_queries)
}

/// Reads a benchmark file; its kind comes from its path
/// ([`kind_from_path`]).
pub fn read_query_file(path: &Path) -> Result<Vec<BenchmarkQuery>, QueryFileError> {
    read_benchmark_file(path, parse_queries)
}

/// Reads a benchmark file with `parse`, the query kind taken from its path.
fn read_benchmark_file<T>(
    path: &Path,
    parse: impl Fn(&str, QueryKind) -> Result<Vec<T>, (usize, String)>,
) -> Result<Vec<T>, QueryFileError> {
    let error = |line, message| QueryFileError {
        path: path.to_path_buf(),
        line,
        message,
    };
    let kind = kind_from_path(path).ok_or_else(|| {
        error(
            None,
            "no folder named vertex-face or edge-edge on the path: the query kind is unknown"
                .to_string(),
        )
    })?;
    let text = std::fs::read_to_string(path).map_err(|e| error(None, e.to_string()))?;
    parse(&text, kind).map_err(|(line, message)| error(Some(line), message))
}

/// The `.csv` files of the paths, directories searched recursively; files
/// named directly are kept whatever their extension. Sorted, per argument.
pub fn collect_query_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, QueryFileError> {
    let mut out = Vec::new();
    for p in paths {
        let meta = std::fs::metadata(p).map_err(|e| QueryFileError {
            path: p.clone(),
            line: None,
            message: e.to_string(),
        })?;
        if meta.is_dir() {
            let mut found = Vec::new();
            walk(p, &mut found)?;
            found.sort();
            out.extend(found);
        } else {
            out.push(p.clone());
        }
    }
    Ok(out)
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), QueryFileError> {
    let entries = std::fs::read_dir(dir).map_err(|e| QueryFileError {
        path: dir.to_path_buf(),
        line: None,
        message: e.to_string(),
    })?;
    for entry in entries {
        let entry = entry.map_err(|e| QueryFileError {
            path: dir.to_path_buf(),
            line: None,
            message: e.to_string(),
        })?;
        let path = entry.path();
        if path.is_dir() {
            walk(&path, out)?;
        } else if path.extension().is_some_and(|e| e == "csv") {
            out.push(path);
        }
    }
    Ok(())
}
