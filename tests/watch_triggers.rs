//! `tact watch` against real files, real notify events and real processes: inbox job files
//! (with the real `tact run` and a scripted model), markers (once per marker, atomic saves,
//! across a restart), failing test reports, and SIGTERM.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod watch_support;

use std::io::Write;
use std::time::Duration;

use serde_json::Value;
use tact_runtime::ledger::{LedgerState, read_ledger};
use watch_support::*;

const SECS: Duration = Duration::from_secs(30);

#[test]
fn inbox_job_file_starts_exactly_one_real_job_and_a_malformed_one_is_kept() {
    let (tmp, ws) = workspace();
    let scripted = tmp.path().join("script.json");
    std::fs::write(
        &scripted,
        r#"[{"p_tool":0.9,"name":"stop","args":{"reason":"x"}}]"#,
    )
    .unwrap();
    let scripted_arg = format!("--job-arg={}", scripted.display());
    let mut watcher = WatchProcess::start(
        &ws,
        &[
            "--job-arg=--scripted",
            &scripted_arg,
            "--exit-after-jobs",
            "1",
        ],
        &[],
    );
    let inbox = ws.join(".tact/inbox");
    // A malformed job file: an error event, the file stays, nothing starts.
    std::fs::write(inbox.join("bad.toml"), "task = \n").unwrap();
    let errors = watcher.wait_for("error", 1, SECS);
    assert!(
        errors[0]["path"].as_str().unwrap().ends_with("bad.toml"),
        "{errors:?}"
    );
    assert!(
        inbox.join("bad.toml").is_file(),
        "a malformed job file is kept"
    );
    assert!(watcher.named("trigger").is_empty());

    std::fs::write(
        inbox.join("fix.toml"),
        "task = \"say hello\"\nplan = \"look first\"\n",
    )
    .unwrap();
    assert_eq!(watcher.wait_exit(SECS), 0);

    let triggers = watcher.named("trigger");
    assert_eq!(triggers.len(), 1, "{triggers:?}");
    assert_eq!(triggers[0]["kind"], "inbox");
    let job_id = triggers[0]["job_id"].as_str().unwrap().to_string();
    let started = watcher.named("job_started");
    assert_eq!(started.len(), 1);
    assert_eq!(started[0]["job_id"], job_id.as_str());
    let command: Vec<String> = serde_json::from_value(started[0]["command"].clone()).unwrap();
    assert_eq!(command[1], "run");
    assert_eq!(arg_after(&command, "--job-id"), Some(job_id.as_str()));
    let done = watcher.named("job_done");
    assert_eq!(done.len(), 1);

    // The real job ran to its end: its ledger has the task and a Done record.
    let (records, _) =
        read_ledger(&ws.join(".tact/jobs").join(&job_id).join("ledger.bin")).unwrap();
    let state = LedgerState::new(records);
    let final_status = serde_json::to_value(state.final_status().expect("a Done record")).unwrap();
    assert_eq!(
        done[0]["status"], final_status,
        "the job's own `done` event is reported: {done:?}"
    );
    let started_task = state.records.iter().find_map(|r| match &r.entry {
        tact_runtime::ledger::LedgerEntry::JobStarted { task, .. } => Some(task.clone()),
        _ => None,
    });
    assert_eq!(
        started_task.as_deref(),
        Some("say hello\n\nPlan notes: look first")
    );

    // Moved, so it never starts twice; the malformed one is still waiting to be fixed.
    assert!(!inbox.join("fix.toml").exists());
    assert!(inbox.join("done/fix.toml").is_file());
    assert!(inbox.join("bad.toml").is_file());
    let state: Value =
        serde_json::from_str(&std::fs::read_to_string(ws.join(".tact/watch-state.json")).unwrap())
            .unwrap();
    assert_eq!(state["queue"].as_array().unwrap().len(), 0);
    assert!(state["running"].is_null());
}

fn count_marker_triggers(watcher: &WatchProcess, file: &str) -> usize {
    watcher
        .named("trigger")
        .iter()
        .filter(|t| t["kind"] == "marker" && t["path"] == file)
        .count()
}

#[test]
fn marker_starts_one_job_per_marker_even_across_saves_atomic_saves_and_restarts() {
    let (tmp, ws) = workspace();
    let runner = logging_runner(tmp.path());
    let log = tmp.path().join("runs.log");
    let env = [("TACT_TEST_RUNS", log.to_str().unwrap())];
    let runner_arg = runner.to_str().unwrap();
    let mut watcher = WatchProcess::start(&ws, &["--runner", runner_arg], &env);

    std::fs::write(
        ws.join("src/a.rs"),
        "// tact: add a doc comment to one()\npub fn a() {}\n",
    )
    .unwrap();
    watcher.wait_for("job_done", 1, SECS);
    assert_eq!(count_marker_triggers(&watcher, "src/a.rs"), 1);

    // Saved again, the same marker with other edits: not a new job.
    std::fs::write(
        ws.join("src/a.rs"),
        "// tact: add a doc comment to one()\npub fn a() {}\npub fn b() {}\n",
    )
    .unwrap();
    // An editor's atomic save (temp file in the same directory, renamed over the target)
    // of another file with a marker: seen, once.
    let mut temp = tempfile::Builder::new()
        .prefix(".tmp")
        .tempfile_in(ws.join("src"))
        .unwrap();
    temp.write_all(b"# tact: rename the helper\nx = 1\n")
        .unwrap();
    temp.persist(ws.join("src/b.py")).unwrap();
    watcher.wait_for("job_done", 2, SECS);
    std::thread::sleep(Duration::from_millis(600));
    assert_eq!(
        count_marker_triggers(&watcher, "src/a.rs"),
        1,
        "{:#?}",
        watcher.named("trigger")
    );
    assert_eq!(count_marker_triggers(&watcher, "src/b.py"), 1);
    assert_eq!(
        watcher.named("trigger").len(),
        2,
        "the temp file is not a trigger"
    );
    assert_eq!(watcher.stop(), 0);

    let jobs = runs(&log);
    assert_eq!(jobs.len(), 2, "{jobs:?}");
    assert!(
        arg_after(&jobs[0], "--task")
            .unwrap()
            .starts_with("add a doc comment to one()")
    );
    assert!(
        arg_after(&jobs[0], "--task").unwrap().contains("src/a.rs"),
        "the file is context"
    );
    assert!(
        arg_after(&jobs[1], "--task")
            .unwrap()
            .starts_with("rename the helper")
    );

    // Restart: the markers are remembered. A third file with a marker written while the
    // watcher was down is picked up by the start scan, the old ones are not.
    std::fs::write(ws.join("src/c.rs"), "/* tact: split this module */\n").unwrap();
    let mut watcher = WatchProcess::start(
        &ws,
        &["--runner", runner_arg, "--exit-after-jobs", "1"],
        &env,
    );
    std::fs::write(ws.join("src/a.rs"), "// tact: add a doc comment to one()\n").unwrap();
    assert_eq!(watcher.wait_exit(SECS), 0);
    assert_eq!(count_marker_triggers(&watcher, "src/c.rs"), 1);
    assert_eq!(
        count_marker_triggers(&watcher, "src/a.rs"),
        0,
        "{:#?}",
        watcher.named("trigger")
    );
    let jobs = runs(&log);
    assert_eq!(jobs.len(), 3, "{jobs:?}");
    assert!(
        arg_after(&jobs[2], "--task")
            .unwrap()
            .starts_with("split this module")
    );
}

const FAILING_CARGO: &str = "\
running 2 tests
test tests::adds ... ok
test tests::subtracts ... FAILED

failures:

---- tests::subtracts stdout ----

thread 'tests::subtracts' panicked at src/lib.rs:12:9:
assertion `left == right` failed
  left: 3
 right: 1
note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace


failures:
    tests::subtracts

test result: FAILED. 1 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s
";

const PASSING_CARGO: &str = "\
running 2 tests
test tests::adds ... ok
test tests::subtracts ... ok

test result: ok. 2 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s
";

#[test]
fn failing_test_reports_start_failing_tests_jobs_and_passing_ones_do_not() {
    let (tmp, ws) = workspace();
    // Reports are usually gitignored build output: they are still reports.
    std::fs::write(ws.join(".gitignore"), "reports/\n").unwrap();
    std::fs::create_dir_all(ws.join("reports")).unwrap();
    let runner = logging_runner(tmp.path());
    let log = tmp.path().join("runs.log");
    let env = [("TACT_TEST_RUNS", log.to_str().unwrap())];
    let mut watcher = WatchProcess::start(&ws, &["--runner", runner.to_str().unwrap()], &env);
    std::fs::write(ws.join("reports/test-report-ok.txt"), PASSING_CARGO).unwrap();
    std::fs::write(
        ws.join("reports/junit-ok.xml"),
        r#"<?xml version="1.0"?><testsuite name="t" tests="3" failures="0" errors="0"></testsuite>"#,
    )
    .unwrap();
    std::fs::write(ws.join("reports/test-report.txt"), FAILING_CARGO).unwrap();
    watcher.wait_for("job_done", 1, SECS);
    std::fs::write(
        ws.join("reports/junit.xml"),
        r#"<?xml version="1.0"?><testsuites tests="3" failures="2"><testsuite name="t" tests="3" failures="2" errors="0"/></testsuites>"#,
    )
    .unwrap();
    watcher.wait_for("job_done", 2, SECS);
    std::thread::sleep(Duration::from_millis(600));
    assert_eq!(watcher.stop(), 0);

    let triggers = watcher.named("trigger");
    let paths: Vec<&str> = triggers
        .iter()
        .map(|t| t["path"].as_str().unwrap())
        .collect();
    assert_eq!(
        paths,
        ["reports/test-report.txt", "reports/junit.xml"],
        "{triggers:#?}"
    );
    assert!(triggers.iter().all(|t| t["kind"] == "test_report"));
    let jobs = runs(&log);
    assert_eq!(jobs.len(), 2);
    for job in &jobs {
        assert_eq!(
            arg_after(job, "--task"),
            Some("the tests fail; find the bug and fix it")
        );
        assert_eq!(arg_after(job, "--workspace"), ws.to_str());
    }
}

#[test]
fn sigterm_stops_cleanly_kills_the_job_group_and_the_job_starts_again_next_time() {
    let (tmp, ws) = workspace();
    let pids = tmp.path().join("pids");
    std::fs::create_dir_all(&pids).unwrap();
    // A job that never ends on its own and has a child of its own.
    let runner = script(
        &tmp.path().join("slow.sh"),
        r#"
if [ -n "$TACT_TEST_FAST" ]; then
  echo '{"event":"done","job_id":"again","status":"done","summary":"fast"}'
  exit 0
fi
echo $$ > "$TACT_TEST_PIDS/job.pid"
sleep 300 &
echo $! > "$TACT_TEST_PIDS/grandchild.pid"
wait
"#,
    );
    let env = [("TACT_TEST_PIDS", pids.to_str().unwrap())];
    let mut watcher = WatchProcess::start(&ws, &["--runner", runner.to_str().unwrap()], &env);
    std::fs::write(
        ws.join(".tact/inbox/long.toml"),
        "task = \"take your time\"\n",
    )
    .unwrap();
    let started = watcher.wait_for("job_started", 1, SECS);
    let job_id = started[0]["job_id"].as_str().unwrap().to_string();
    // A pid file exists as soon as the shell opens it, before `echo` has written the number:
    // wait for the number (a loaded machine showed the empty file).
    let read_pid = |name: &str| -> u32 {
        let deadline = std::time::Instant::now() + SECS;
        loop {
            let text = std::fs::read_to_string(pids.join(name)).unwrap_or_default();
            if let Ok(pid) = text.trim().parse() {
                return pid;
            }
            assert!(std::time::Instant::now() < deadline, "no pid in {name}");
            std::thread::sleep(Duration::from_millis(20));
        }
    };
    let (job_pid, grandchild_pid) = (read_pid("job.pid"), read_pid("grandchild.pid"));
    assert!(alive(job_pid) && alive(grandchild_pid));

    let begun = std::time::Instant::now();
    assert_eq!(watcher.stop(), 0, "SIGTERM is a clean exit");
    assert!(begun.elapsed() < Duration::from_secs(10));
    let stopped = watcher.named("stopped");
    assert_eq!(stopped.len(), 1);
    assert_eq!(stopped[0]["reason"], "SIGTERM");
    let done = watcher.named("job_done");
    assert_eq!(done[0]["status"], "stopped_by_watcher");
    std::thread::sleep(Duration::from_millis(200));
    assert!(!alive(job_pid), "the job process is gone");
    assert!(!alive(grandchild_pid), "the job's own child is gone");
    assert!(
        processes_mentioning(ws.to_str().unwrap()).is_empty(),
        "no process left that works on the workspace"
    );

    // Next start: the interrupted job (it wrote no ledger) starts again under its id.
    let env = [
        ("TACT_TEST_PIDS", pids.to_str().unwrap()),
        ("TACT_TEST_FAST", "1"),
    ];
    let mut watcher = WatchProcess::start(
        &ws,
        &[
            "--runner",
            runner.to_str().unwrap(),
            "--exit-after-jobs",
            "1",
        ],
        &env,
    );
    assert_eq!(watcher.wait_exit(SECS), 0);
    let started = watcher.named("job_started");
    assert_eq!(started.len(), 1);
    assert_eq!(started[0]["job_id"], job_id.as_str());
    assert_eq!(watcher.named("job_done")[0]["status"], "done");
}

#[test]
fn unfinished_jobs_are_resumed_on_start_and_finished_ones_are_not() {
    use tact_runtime::ledger::{JobStatus, Ledger, LedgerEntry};
    let (tmp, ws) = workspace();
    let started = |id: &str| LedgerEntry::JobStarted {
        job_id: id.into(),
        task: "fix it".into(),
        workspace: ws.display().to_string(),
        model: "scripted".into(),
        test_command: None,
    };
    for (id, done) in [("unfinished-1", false), ("finished-1", true)] {
        let (ledger, owner, _, _) =
            Ledger::open(&ws.join(".tact/jobs").join(id).join("ledger.bin")).unwrap();
        ledger.append(started(id), None).unwrap();
        if done {
            ledger
                .append(
                    LedgerEntry::Done {
                        status: JobStatus::Done,
                        summary: "ok".into(),
                    },
                    None,
                )
                .unwrap();
        }
        drop(ledger);
        drop(owner);
    }
    let runner = logging_runner(tmp.path());
    let log = tmp.path().join("runs.log");
    let env = [("TACT_TEST_RUNS", log.to_str().unwrap())];
    let mut watcher = WatchProcess::start(
        &ws,
        &[
            "--runner",
            runner.to_str().unwrap(),
            "--exit-after-jobs",
            "1",
        ],
        &env,
    );
    assert_eq!(watcher.wait_exit(SECS), 0);
    let jobs = runs(&log);
    assert_eq!(jobs.len(), 1, "{jobs:?}");
    assert_eq!(jobs[0][0], "resume");
    assert_eq!(
        jobs[0][1],
        ws.join(".tact/jobs/unfinished-1").display().to_string()
    );
    assert!(jobs[0].contains(&"--json".to_string()));
    let triggers = watcher.named("trigger");
    assert_eq!(triggers.len(), 1);
    assert_eq!(triggers[0]["kind"], "resume");
    assert_eq!(triggers[0]["job_id"], "unfinished-1");
}

#[test]
fn a_real_jobs_own_write_of_a_marker_is_not_a_trigger() {
    let (tmp, ws) = workspace();
    // The scripted model searches (so the plan lets it write), then writes a file that carries
    // a `tact:` marker, then stops.
    let scripted = tmp.path().join("script.json");
    let marker_file = "// tact: add tests for x\npub fn x() {}\n";
    let steps = serde_json::json!([
        {"p_tool": 0.9, "name": "search", "args": {"pattern": "fn one"}},
        {"p_tool": 0.9, "name": "write_file", "args": {"path": "src/gen.rs", "content": marker_file}},
        {"p_tool": 0.9, "name": "stop", "args": {"reason": "written"}},
        {"p_tool": 0.9, "name": "stop", "args": {"reason": "written"}},
        {"p_tool": 0.9, "name": "stop", "args": {"reason": "written"}}
    ]);
    std::fs::write(&scripted, steps.to_string()).unwrap();
    let scripted_arg = format!("--job-arg={}", scripted.display());
    let mut watcher = WatchProcess::start(
        &ws,
        &[
            "--job-arg=--scripted",
            &scripted_arg,
            "--exit-after-jobs",
            "1",
        ],
        &[],
    );
    std::fs::write(
        ws.join(".tact/inbox/gen.toml"),
        "task = \"write a new file src/gen.rs\"\n",
    )
    .unwrap();
    assert_eq!(watcher.wait_exit(SECS), 0);
    assert_eq!(
        std::fs::read_to_string(ws.join("src/gen.rs")).unwrap(),
        marker_file,
        "the real job wrote the file"
    );
    let ignored = watcher.named("ignored_own_write");
    assert_eq!(ignored.len(), 1, "{:#?}", watcher.events.lock().unwrap());
    assert_eq!(ignored[0]["path"], "src/gen.rs");
    let triggers = watcher.named("trigger");
    assert_eq!(
        triggers.len(),
        1,
        "only the inbox file, not the marker the job wrote: {triggers:#?}"
    );
    assert_eq!(triggers[0]["kind"], "inbox");
}
