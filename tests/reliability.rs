//! The kill -9 loop: a real job on the bundled example is SIGKILLed at a random point and
//! resumed from its ledger, again and again. Every run must end done, with an intact ledger and
//! exactly one change to the workspace. `TACT_KILL_LOOP=100` runs the long mode.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use tact_runtime::decisions::{Decision, Judgement};
use tact_runtime::ledger::{JobStatus, LedgerEntry, LedgerState, read_ledger};

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap().flatten() {
        let name = entry.file_name();
        if name == "target" || name == ".tact" {
            continue;
        }
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &to.join(&name));
        } else {
            std::fs::copy(entry.path(), to.join(&name)).unwrap();
        }
    }
}

/// A small deterministic generator, so a failing iteration can be re-run exactly.
fn next_random(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// One program for the loop: a copy of `example` is fixed by the job; `file` must end up
/// exactly `fixed`; `script` is the scripted model's steps.
struct LoopCase<'a> {
    example: &'a Path,
    file: &'a str,
    fixed: String,
    script: Vec<serde_json::Value>,
    /// Kill after 30 ms plus a random share of this many ms (about the job's length).
    window_ms: u64,
    /// Text the kept candidate's evidence contains (which path fixed it).
    kept_origin: &'a str,
}

#[test]
fn kill_9_loop_every_job_resumes_to_its_end_with_one_side_effect() {
    let iterations: usize = std::env::var("TACT_KILL_LOOP")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20);
    let example = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/calc");
    let original = std::fs::read_to_string(example.join("src/lib.rs")).unwrap();
    let fixed = original.replacen(
        "subtract(a: i64, b: i64) -> i64 {\n    a + b",
        "subtract(a: i64, b: i64) -> i64 {\n    a - b",
        1,
    );
    assert_ne!(
        original, fixed,
        "the example's bug is where this test expects it"
    );
    // The scripted model: confident that a tool is needed, so only enumerated edits are
    // tried. Scoring is deterministic.
    let script = (0..8)
        .map(|_| serde_json::json!({"p_tool": 0.9, "name": "stop", "args": {}}))
        .collect();
    kill_loop(
        &LoopCase {
            example: &example,
            file: "src/lib.rs",
            fixed,
            script,
            window_ms: 700,
            kept_origin: "(arithmetic_flip)",
        },
        iterations,
    );
}

/// The same loop through the path where the model writes the fix: every enumerated edit of
/// `py_scores` fails, the trigger reads the model as confident, the (scripted) model continues
/// a cut of the line, the tests keep it. Recorded completions are replayed on resume, so a kill
/// anywhere still ends with exactly the one fix.
#[test]
fn kill_9_loop_through_a_model_written_fix() {
    let iterations: usize = std::env::var("TACT_KILL_LOOP")
        .ok()
        .and_then(|v| v.parse().ok())
        .map_or(8, |n: usize| n.div_ceil(2));
    let example = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/bugs/py_scores");
    let original = std::fs::read_to_string(example.join("scores.py")).unwrap();
    let fixed = original.replacen(
        "return sum(scores) / 2",
        "return sum(scores) / len(scores)",
        1,
    );
    assert_ne!(original, fixed, "the bug is where this test expects it");
    let mut script: Vec<serde_json::Value> = (0..8)
        .map(|_| serde_json::json!({"p_tool": 0.0, "name": "stop", "args": {}}))
        .collect();
    script.push(
        serde_json::json!({"complete_after": "return sum(scores) /", "completion": " len(scores)"}),
    );
    kill_loop(
        &LoopCase {
            example: &example,
            file: "scores.py",
            fixed,
            script,
            // The whole job takes about 4.5 s here; kills land before, during and after the
            // model's proposals.
            window_ms: 4500,
            kept_origin: "(model)",
        },
        iterations,
    );
}

fn kill_loop(case: &LoopCase<'_>, iterations: usize) {
    let scratch = tempfile::tempdir().unwrap();
    let script = scratch.path().join("script.json");
    std::fs::write(&script, serde_json::to_string(&case.script).unwrap()).unwrap();
    let mut rng = 0x9e37_79b9_7f4a_7c15u64;
    let mut resume_latencies = Vec::new();
    let mut killed_mid_job = 0;
    for i in 0..iterations {
        let ws = scratch.path().join(format!("ws{i}"));
        copy_dir(case.example, &ws);
        let job = format!("k{i}");
        let delay = Duration::from_millis(30 + next_random(&mut rng) % case.window_ms);
        let mut child = Command::new(env!("CARGO_BIN_EXE_tact"))
            .args(["run", "--json", "--job-id", &job, "--workspace"])
            .arg(&ws)
            .arg("--scripted")
            .arg(&script)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let started = Instant::now();
        let mut finished_before_kill = false;
        while started.elapsed() < delay {
            if child.try_wait().unwrap().is_some() {
                finished_before_kill = true;
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        if !finished_before_kill {
            child.kill().unwrap(); // SIGKILL
            killed_mid_job += 1;
        }
        child.wait().unwrap();

        let job_dir = ws.join(".tact/jobs").join(&job);
        let resume_start = Instant::now();
        let mut resume = Command::new(env!("CARGO_BIN_EXE_tact"))
            .args(["resume", "--json", "--scripted"])
            .arg(&script)
            .arg(&job_dir)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut first_event = None;
        for line in BufReader::new(resume.stdout.take().unwrap()).lines() {
            let line = line.unwrap();
            if first_event.is_none() && !line.trim().is_empty() {
                first_event = Some(resume_start.elapsed());
            }
        }
        let status = resume.wait().unwrap();
        if let Some(latency) = first_event {
            resume_latencies.push(latency);
        }
        // A job that never got to write its first record is simply started again.
        let ledger_file = job_dir.join("ledger.bin");
        assert!(ledger_file.exists(), "iteration {i}: no ledger");
        let (records, recovery) = read_ledger(&ledger_file).unwrap();
        assert_eq!(
            recovery.truncated_bytes, 0,
            "iteration {i}: corrupt ledger after resume"
        );
        let state = LedgerState::new(records);
        assert!(
            state.in_doubt().is_empty(),
            "iteration {i}: calls still in doubt"
        );
        assert_eq!(
            state.final_status(),
            Some(&JobStatus::Done),
            "iteration {i} (killed after {delay:?}): resume exited {status:?}"
        );
        let now = std::fs::read_to_string(ws.join(case.file)).unwrap();
        assert_eq!(
            now, case.fixed,
            "iteration {i}: exactly the one fix, nothing doubled or left over"
        );
        let kept: Vec<String> = state
            .records
            .iter()
            .filter_map(|r| match &r.entry {
                LedgerEntry::Decision {
                    decision: Decision::TestsDecide(d),
                    ..
                } if d.judgement == Judgement::Fixed => Some(d.candidate.clone()),
                _ => None,
            })
            .collect();
        assert_eq!(kept.len(), 1, "iteration {i}: one kept edit");
        // A probe whose verdict is recorded is never run again after a resume.
        let mut probed = std::collections::HashSet::new();
        for r in &state.records {
            if let LedgerEntry::Decision {
                decision: Decision::ProbeVerdict(p),
                ..
            } = &r.entry
            {
                let key = (p.file.clone(), p.line, p.new_line.clone());
                assert!(
                    probed.insert(key),
                    "iteration {i}: a recorded probe ran again"
                );
            }
        }
        assert!(
            kept[0].contains(case.kept_origin),
            "iteration {i}: kept {}",
            kept[0]
        );
    }
    resume_latencies.sort();
    let median = resume_latencies.get(resume_latencies.len() / 2).copied();
    eprintln!(
        "kill -9 loop: {iterations} iterations, {killed_mid_job} killed mid-job, 0 corrupt ledgers, 0 duplicated side effects; median resume latency to first event {median:?}"
    );
    assert!(killed_mid_job > 0, "the loop must actually kill jobs");
}
