//! The campaign's report file: each scenario's line is written as soon as
//! it is judged (a long or interrupted run leaves what it established),
//! and the finished report is in index order.

use exactccd::campaign::{run_campaign_with_progress, CampaignConfig, Progress};
use exactccd::generate::ScenarioClass;
use std::path::PathBuf;
use std::sync::Mutex;

/// Counts the report's lines each time a scenario is done.
struct Watch {
    report: PathBuf,
    seen: Mutex<Vec<usize>>,
}

impl Progress for Watch {
    fn start(&self, _cases: u64) {}
    fn case_done(&self) {
        let text = std::fs::read_to_string(&self.report).unwrap_or_default();
        self.seen.lock().unwrap().push(text.lines().count());
    }
    fn finish(&self) {}
}

#[test]
fn report_lines_are_written_as_scenarios_finish() {
    let dir = std::env::temp_dir().join(format!("exactccd-report-{}", std::process::id()));
    let config = CampaignConfig {
        cases: 6,
        seed: 7,
        jobs: Some(1),
        shard: (1, 1),
        classes: vec![ScenarioClass::Linear, ScenarioClass::NearMiss],
        out: Some(dir.clone()),
        precision: 64,
        shrink_budget: 0,
        budget: exactccd::WorkBudget::default(),
    };
    let watch = Watch {
        report: dir.join("report.jsonl"),
        seen: Mutex::new(Vec::new()),
    };
    let (lines, summary) = run_campaign_with_progress(&config, &watch).expect("runs");
    assert_eq!((lines.len(), summary.cases()), (6, 6));
    // one thread: after the k-th scenario the file holds k lines
    assert_eq!(*watch.seen.lock().unwrap(), vec![1, 2, 3, 4, 5, 6]);
    let text = std::fs::read_to_string(dir.join("report.jsonl")).unwrap();
    let indices: Vec<u64> = text
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["index"]
                .as_u64()
                .unwrap()
        })
        .collect();
    assert_eq!(indices, vec![0, 1, 2, 3, 4, 5]);
    assert!(dir.join("summary.txt").exists());
    std::fs::remove_dir_all(&dir).ok();
}
