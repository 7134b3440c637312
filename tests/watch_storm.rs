//! Watch storm: 5,000 files created in a burst while `tact watch` runs on a real directory with
//! real notify, then a job (a stand-in process) that writes 100 files carrying `tact:` markers
//! and logs them in a real ledger. Every created file must end up in the watcher's index with
//! its current hash (seen by an event or covered by a scan/rescan), and none of the job's own
//! writes may trigger.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod watch_support;

use std::collections::{BTreeMap, BTreeSet};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tact_runtime::ledger::{JobStatus, Ledger, LedgerEntry};
use tact_runtime::records::{
    BudgetSpend, CallRecord, Performer, PolicyRef, RiskClass, ToolRef, TrustVerdict,
};
use tact_runtime::tools::sha256_hex;
use watch_support::*;

const STORM_DIRS: usize = 50;
const FILES_PER_DIR: usize = 100;
const SELF_WRITES: usize = 100;

/// A ledger like the runtime's for a job that wrote `files` with `write_file`.
fn write_ledger(path: &std::path::Path, files: &[(String, String)]) {
    let (ledger, owner, _, _) = Ledger::open(path).unwrap();
    ledger
        .append(
            LedgerEntry::JobStarted {
                job_id: "fake".into(),
                task: "write files".into(),
                workspace: String::new(),
                model: "scripted".into(),
                test_command: None,
            },
            None,
        )
        .unwrap();
    for (i, (rel, content)) in files.iter().enumerate() {
        let work_id = format!("w{i}");
        let tool_ref = ToolRef::new("write_file", 1);
        ledger
            .append(
                LedgerEntry::Intent {
                    work_id: work_id.clone(),
                    tool_ref: tool_ref.clone(),
                    risk: RiskClass::Write,
                    args: json!({"path": rel}),
                    depends_on: vec![],
                },
                None,
            )
            .unwrap();
        let record = CallRecord {
            work_id,
            tool_ref,
            description_edition: Some(1),
            performer: Performer {
                process_id: 1,
                host: "test".into(),
            },
            stage: "executor/step-1".into(),
            plan_ref: ("p".into(), 1),
            policy_ref: PolicyRef {
                name: "default".into(),
                edition: "0".into(),
            },
            started_ms: 0,
            ended_ms: 0,
            inputs: json!({"path": rel}),
            outputs: json!({"ok": true, "exit_code": null, "error": null, "output": {
                "path": rel,
                "before_sha256": null,
                "after_sha256": sha256_hex(content.as_bytes()),
                "created": true,
            }}),
            budget_delta: BudgetSpend::default(),
            verdict: TrustVerdict::Verified,
        };
        ledger
            .append(LedgerEntry::Outcome { record }, None)
            .unwrap();
    }
    ledger
        .append(
            LedgerEntry::Done {
                status: JobStatus::Done,
                summary: "wrote files".into(),
            },
            None,
        )
        .unwrap();
    drop(ledger);
    drop(owner);
}

#[test]
fn storm_of_5000_files_loses_nothing_and_own_writes_never_trigger() {
    let (tmp, ws) = workspace();
    // The fake job's files, staged outside the workspace, and its ledger.
    let stage = tmp.path().join("stage");
    std::fs::create_dir_all(&stage).unwrap();
    let mut own: Vec<(String, String)> = Vec::new();
    for i in 0..SELF_WRITES {
        let content = format!("// tact: self-written change {i}\npub fn f{i}() {{}}\n");
        std::fs::write(stage.join(format!("self_{i}.rs")), &content).unwrap();
        own.push((format!("gen/self_{i}.rs"), content));
    }
    let template = tmp.path().join("ledger.bin");
    write_ledger(&template, &own);
    // Like the runtime: the files land first, the ledger records them after.
    let runner = script(
        &tmp.path().join("fakejob.sh"),
        r#"
id=""
while [ $# -gt 0 ]; do
  if [ "$1" = "--job-id" ]; then id="$2"; fi
  shift
done
mkdir -p gen
cp "$TACT_TEST_STAGE"/*.rs gen/
mkdir -p ".tact/jobs/$id"
cp "$TACT_TEST_TEMPLATE" ".tact/jobs/$id/ledger.bin"
echo '{"event":"done","job_id":"fake","status":"done","summary":"wrote files"}'
"#,
    );
    let env = [
        ("TACT_TEST_STAGE", stage.to_str().unwrap()),
        ("TACT_TEST_TEMPLATE", template.to_str().unwrap()),
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

    // The storm: 5,000 files in 50 new directories, as fast as the test can write them.
    let mut created: BTreeMap<String, String> = BTreeMap::new();
    let begun = Instant::now();
    for d in 0..STORM_DIRS {
        let dir = ws.join(format!("storm/d{d}"));
        std::fs::create_dir_all(&dir).unwrap();
        for f in 0..FILES_PER_DIR {
            let content = format!("storm file {d}/{f}\n");
            std::fs::write(dir.join(format!("f{f}.txt")), &content).unwrap();
            created.insert(
                format!("storm/d{d}/f{f}.txt"),
                sha256_hex(content.as_bytes()),
            );
        }
    }
    let burst = begun.elapsed();
    // After the storm, one marker: the job it starts is the fake writer.
    std::thread::sleep(Duration::from_millis(1000));
    let sentinel = "// tact: the storm is over\n";
    std::fs::write(ws.join("storm/sentinel.rs"), sentinel).unwrap();
    created.insert("storm/sentinel.rs".into(), sha256_hex(sentinel.as_bytes()));
    assert_eq!(watcher.wait_exit(Duration::from_secs(90)), 0);
    let total = begun.elapsed();

    // 0 silent losses: every created file is indexed, with its current content's hash.
    let state: Value =
        serde_json::from_str(&std::fs::read_to_string(ws.join(".tact/watch-state.json")).unwrap())
            .unwrap();
    let index: BTreeMap<String, String> = serde_json::from_value(state["index"].clone()).unwrap();
    let missing: Vec<&String> = created.keys().filter(|k| !index.contains_key(*k)).collect();
    let stale: Vec<&String> = created
        .iter()
        .filter(|(k, h)| index.get(*k).is_some_and(|seen| seen != *h))
        .map(|(k, _)| k)
        .collect();
    // 0 self-triggers: the job's 100 marker-bearing files are recognised as its own.
    let triggers = watcher.named("trigger");
    let ignored: BTreeSet<String> = watcher
        .named("ignored_own_write")
        .iter()
        .map(|e| e["path"].as_str().unwrap().to_string())
        .collect();
    let own_paths: BTreeSet<String> = own.iter().map(|(p, _)| p.clone()).collect();
    let own_missing = own_paths.iter().filter(|p| !index.contains_key(*p)).count();
    let stats = watcher.named("stopped")[0]["stats"].clone();
    let rescans = watcher.named("rescan");

    eprintln!(
        "STORM files_created={} burst_ms={} total_ms={} missing={} stale={} \
         events={} seen_by_event={} seen_by_scan={} rescans={} triggers={} \
         ignored_own_writes={} self_triggers={} own_files_indexed={}",
        created.len(),
        burst.as_millis(),
        total.as_millis(),
        missing.len(),
        stale.len(),
        stats["events"],
        stats["files_seen_by_event"],
        stats["files_seen_by_scan"],
        rescans.len(),
        triggers.len(),
        ignored.len(),
        triggers
            .iter()
            .filter(|t| t["path"].as_str().is_some_and(|p| p.starts_with("gen/")))
            .count(),
        SELF_WRITES - own_missing,
    );
    assert!(
        missing.is_empty(),
        "{} files never seen, e.g. {:?}",
        missing.len(),
        &missing[..missing.len().min(5)]
    );
    assert!(
        stale.is_empty(),
        "{} files indexed with an old hash",
        stale.len()
    );
    assert_eq!(own_missing, 0, "the job's files are indexed too");
    assert_eq!(
        ignored, own_paths,
        "each of the job's writes is reported as its own"
    );
    assert_eq!(triggers.len(), 1, "only the sentinel: {triggers:#?}");
    assert_eq!(triggers[0]["path"], "storm/sentinel.rs");
    assert_eq!(watcher.named("job_started").len(), 1);

    // Phase 2: changes that produce no event at all, made while the watcher is down, are
    // covered by the start scan's diff against the saved index.
    let mut expected = index.clone();
    let phase2 = Instant::now();
    for d in 0..10 {
        for f in 0..50 {
            let rel = format!("storm/d{d}/f{f}.txt");
            let content = format!("changed while down {d}/{f}\n");
            std::fs::write(ws.join(&rel), &content).unwrap();
            expected.insert(rel, sha256_hex(content.as_bytes()));
        }
    }
    for d in 10..20 {
        for f in 0..50 {
            let rel = format!("storm/d{d}/f{f}.txt");
            std::fs::remove_file(ws.join(&rel)).unwrap();
            expected.remove(&rel);
        }
    }
    std::fs::create_dir_all(ws.join("late")).unwrap();
    for f in 0..500 {
        let rel = format!("late/f{f}.rs");
        let content = if f == 7 {
            "// tact: written while the watcher was down\n".to_string()
        } else {
            format!("late {f}\n")
        };
        std::fs::write(ws.join(&rel), &content).unwrap();
        expected.insert(rel, sha256_hex(content.as_bytes()));
    }
    let mut watcher = WatchProcess::start(&ws, &["--runner", runner.to_str().unwrap()], &env);
    // A live full rescan (SIGUSR1, the overflow path) right after: it walks the whole tree and
    // finds nothing the start scan's diff had not already recorded.
    watcher.signal("USR1");
    let rescan = watcher.wait_for("rescan", 1, Duration::from_secs(30));
    assert_eq!(rescan[0]["files"], expected.len());
    assert_eq!(rescan[0]["changed"], 0);
    assert_eq!(rescan[0]["removed"], 0);
    assert_eq!(watcher.stop(), 0);
    let state: Value =
        serde_json::from_str(&std::fs::read_to_string(ws.join(".tact/watch-state.json")).unwrap())
            .unwrap();
    let index: BTreeMap<String, String> = serde_json::from_value(state["index"].clone()).unwrap();
    let differing = expected
        .iter()
        .filter(|(k, h)| index.get(*k) != Some(*h))
        .count()
        + index.keys().filter(|k| !expected.contains_key(*k)).count();
    let triggers = watcher.named("trigger");
    eprintln!(
        "STORM-RESTART modified=500 deleted=500 created=500 differing={differing} triggers={} ms={}",
        triggers.len(),
        phase2.elapsed().as_millis()
    );
    assert_eq!(
        differing, 0,
        "the index matches the tree exactly after the restart diff"
    );
    assert_eq!(triggers.len(), 1, "{triggers:#?}");
    assert_eq!(triggers[0]["path"], "late/f7.rs");
}
