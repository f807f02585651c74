//! Writes one generated scenario per class into a directory: the seed
//! corpus of `tests/corpus/` (`cargo run -p exactccd --example write_corpus -- DIR`).
use exactccd::generate::{generate, ScenarioClass};
use exactccd::scenario::write_scenario;

fn main() {
    let dir = std::env::args().nth(1).expect("usage: write_corpus DIR");
    for class in ScenarioClass::RANDOM
        .into_iter()
        .chain(ScenarioClass::DEGENERATE)
    {
        let s = generate(20261121, 0, class);
        let path = std::path::Path::new(&dir).join(format!("generated-{}.json", class.name()));
        std::fs::write(&path, write_scenario(&s)).expect("writable directory");
    }
}
