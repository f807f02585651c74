//! The scenario and result contract: loading, validation, results, the oracle command.

mod budget;
mod check;
mod fuzz_regressions;
mod generate_roundtrip;
mod loading;
mod oracle;
mod piecewise;
mod plot;
mod python_fcl;
mod result;
mod turning_shapes;
mod validation;
