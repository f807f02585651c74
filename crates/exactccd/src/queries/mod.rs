//! The public CCD benchmark's query files (Wang et al., ACM TOG 2021): the
//! CSV reader and the runner behind `exactccd queries`, at the edge of the
//! crate (it calls the [`primitive`](crate::solver::primitive) solver).
//!
//! * `csv.rs`: [`read_query_file`], [`parse_queries`]: 8 rows per query, 7
//!   integer columns, exact rationals, the kind from the folder name;
//! * `run.rs`: [`run_queries`]: one JSON line per query
//!   (`{"file", "query", "kind", "collides", "time", "label"}`, TIME as in
//!   the contract) and a [`RunSummary`] per folder (queries, false negatives
//!   and false positives against the labels, mean and maximum solver time).
#![deny(clippy::float_arithmetic)]

mod csv;
mod run;

pub use csv::{
    collect_query_files, kind_from_path, parse_answered_queries, parse_queries,
    read_answered_query_file, read_query_file, AnsweredQuery, BenchmarkQuery, QueryFileError,
    ToolAnswer,
};
pub use run::{
    answer_line, answer_query, run_queries, FolderSummary, QueryAnswer, QueryRunError, RunSummary,
};
