//! Prints a generated campaign scenario as a scenario file:
//! `cargo run --release -p exactccd --example dump_scenario -- CLASS SEED INDEX`.
use exactccd::generate::{generate, ScenarioClass};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let class: ScenarioClass = args[1].parse().expect("a class name");
    let s = generate(args[2].parse().unwrap(), args[3].parse().unwrap(), class);
    print!("{}", exactccd::scenario::write_scenario(&s));
}
