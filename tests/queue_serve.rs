//! `tact serve` end to end against a real PostgreSQL: runners check out a git source, run the
//! repair job (scripted model), store one result with the patch, mirror every ledger record;
//! a runner that dies is taken over and its job resumed from the database ledger; a cancelled
//! job stops at its next step.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod pg_support;

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use pg_support::{FIXED_LINE, PgCluster, buggy_repo, decode_ledger, silent_model, tact};
use serde_json::Value;
use tact_runtime::ledger::{LedgerEntry, LedgerRecord};

fn init(db: &str) {
    let (code, _, err) = tact(&["queue", "init", "--db", db]);
    assert_eq!(code, 0, "{err}");
}

fn submit(db: &str, source: &Path, rev: &str) -> i64 {
    let (code, out, err) = tact(&[
        "submit",
        "--db",
        db,
        "--source",
        &source.to_string_lossy(),
        "--rev",
        rev,
    ]);
    assert_eq!(code, 0, "{err}");
    out.trim().parse().unwrap()
}

fn serve(db: &str, script: &Path, scratch: &Path, name: &str, extra: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_tact"))
        .args(["serve", "--json", "--db", db, "--name", name, "--scripted"])
        .arg(script)
        .arg("--scratch")
        .arg(scratch.join(name))
        .args(extra)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

fn events(child: Child) -> (i32, Vec<Value>, String) {
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .filter_map(|l| serde_json::from_str(l).ok())
            .collect(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn status(db: &str) -> Vec<Value> {
    let (code, out, err) = tact(&["queue", "status", "--db", db, "--json"]);
    assert_eq!(code, 0, "{err}");
    out.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn job_row(db: &str, id: i64) -> Value {
    status(db).into_iter().find(|r| r["id"] == id).unwrap()
}

/// The job's database ledger, checked gap-free: (epoch, record) in order.
fn ledger(db: &str, id: i64) -> Vec<(i64, LedgerRecord)> {
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(async {
        let queue = tact_queue::Queue::connect(db).await.unwrap();
        let rows: Vec<(i64, i64, Vec<u8>)> = queue
            .client()
            .query(
                "SELECT seq, lease_epoch, bytes FROM tact_ledger WHERE job_id = $1 ORDER BY seq",
                &[&id],
            )
            .await
            .unwrap()
            .iter()
            .map(|r| (r.get(0), r.get(1), r.get(2)))
            .collect();
        decode_ledger(&rows)
    })
}

/// Writes that took effect, in order, as (before hash, after hash): each must start from what
/// the previous one left, so no edit was lost or applied twice.
fn assert_write_chain(records: &[(i64, LedgerRecord)]) -> Vec<(String, String)> {
    let mut last: std::collections::HashMap<String, String> = Default::default();
    let mut writes = Vec::new();
    for (_, r) in records {
        let LedgerEntry::Outcome { record } = &r.entry else {
            continue;
        };
        if record.tool_ref.name != "apply_edit" || record.outputs["ok"] != true {
            continue;
        }
        let out = &record.outputs["output"];
        let path = out["path"].as_str().unwrap().to_string();
        let before = out["before_sha256"].as_str().unwrap().to_string();
        if let Some(previous) = last.get(&path) {
            assert_eq!(
                previous, &before,
                "an edit of {path} did not start from the last one"
            );
        }
        let after = out["after_sha256"].as_str().unwrap().to_string();
        last.insert(path, after.clone());
        writes.push((before, after));
    }
    writes
}

fn assert_fixed(row: &Value) {
    assert_eq!(row["state"], "done", "{row}");
    let result = &row["result"];
    assert_eq!(result["status"], "done", "{row}");
    let patch = result["patch"].as_str().unwrap();
    assert!(patch.contains(&format!("+{FIXED_LINE}\n")), "{patch}");
    assert!(
        patch.contains("-    return len([x for x in xs if x < limit - 1])"),
        "{patch}"
    );
    assert!(
        !patch.contains("test_count.py"),
        "tests are never edited: {patch}"
    );
    assert!(
        !patch.contains(".tact"),
        "tact's own files stay out of the patch: {patch}"
    );
}

#[test]
fn a_runner_checks_out_runs_and_stores_one_result_with_the_patch() {
    let pg = PgCluster::start();
    let db = pg.url();
    init(&db);
    let scratch = tempfile::tempdir().unwrap();
    let repo = scratch.path().join("repo");
    let commit = buggy_repo(&repo, 0.0);
    let by_commit = submit(&db, &repo, &commit);
    let by_head = submit(&db, &repo, "HEAD");
    let script = silent_model(scratch.path());
    let runner = serve(
        &db,
        &script,
        scratch.path(),
        "r1",
        &["--drain", "--concurrency", "2"],
    );
    let (code, events, err) = events(runner);
    assert_eq!(code, 0, "{err}");
    let completed: Vec<&Value> = events
        .iter()
        .filter(|e| e["event"] == "completed")
        .collect();
    assert_eq!(completed.len(), 2, "{events:?}");
    for id in [by_commit, by_head] {
        let row = job_row(&db, id);
        assert_fixed(&row);
        assert_eq!(row["attempts"], 1);
        assert_eq!(row["runner"], "r1");
        assert!(row["result"]["checkpoint"].is_object() || row["result"]["checkpoint"].is_null());
        let records = ledger(&db, id);
        assert_eq!(row["ledger_records"], records.len() as i64);
        assert!(
            matches!(records[0].1.entry, LedgerEntry::JobStarted { ref job_id, .. } if *job_id == format!("q{id}"))
        );
        assert!(matches!(
            records.last().unwrap().1.entry,
            LedgerEntry::Done { .. }
        ));
        assert!(records.iter().all(|(epoch, _)| *epoch == 1));
        assert_eq!(assert_write_chain(&records).len(), 1, "one committed edit");
    }
    // The source repository is untouched: runners work in their own clones.
    assert!(
        std::fs::read_to_string(repo.join("count.py"))
            .unwrap()
            .contains("limit - 1")
    );
}

#[test]
fn a_runner_that_dies_after_committing_is_taken_over_and_the_edit_is_not_applied_twice() {
    let pg = PgCluster::start();
    let db = pg.url();
    init(&db);
    let scratch = tempfile::tempdir().unwrap();
    let repo = scratch.path().join("repo");
    buggy_repo(&repo, 0.0);
    let id = submit(&db, &repo, "HEAD");
    let script = silent_model(scratch.path());
    // The first runner crashes right after the commit's outcome reaches the database.
    let first = serve(
        &db,
        &script,
        scratch.path(),
        "dies",
        &["--lease-secs", "1", "--die-after-tool", "apply_edit"],
    );
    let (code, _, _) = events(first);
    assert_ne!(code, 0, "the first runner was meant to crash");
    let before = ledger(&db, id);
    assert_eq!(
        assert_write_chain(&before).len(),
        1,
        "it died after one committed edit"
    );
    assert_eq!(job_row(&db, id)["state"], "running");

    let second = serve(
        &db,
        &script,
        scratch.path(),
        "takes-over",
        &["--lease-secs", "1", "--drain"],
    );
    let (code, events, err) = events(second);
    assert_eq!(code, 0, "{err}");
    let resumed = events
        .iter()
        .find(|e| e["event"] == "resumed")
        .expect("a resumed event");
    assert_eq!(resumed["records"], before.len() as i64);
    assert_eq!(resumed["replayed_edits"], 1);
    let leased = events.iter().find(|e| e["event"] == "leased").unwrap();
    assert_eq!(leased["takeover"], true);
    assert_eq!(leased["epoch"], 2);

    let row = job_row(&db, id);
    assert_fixed(&row);
    assert_eq!(row["attempts"], 2);
    assert_eq!(row["runner"], "takes-over");
    let after = ledger(&db, id);
    // The first runner's records are the prefix, byte for byte; the rest are epoch 2.
    assert_eq!(&after[..before.len()], &before[..]);
    assert!(after[before.len()..].iter().all(|(epoch, _)| *epoch == 2));
    // Read as the ledger's JSON shape (`type`, `node`), which stays the same as entries evolve.
    assert!(after[before.len()..].iter().any(|(_, r)| {
        let entry = serde_json::to_value(&r.entry).unwrap();
        entry["type"] == "decision" && entry["node"] == "resume"
    }));
    // The commit had not been judged by the tests when the runner died: as `tact resume`
    // does, the resumed job reverts it (from the replayed file, so the revert lands on the
    // edited text) and commits it again once judged. Replaying it twice would break the chain.
    let writes = assert_write_chain(&after);
    assert_eq!(writes.len(), 3, "{writes:?}");
    assert_eq!(
        writes[1].1, writes[0].0,
        "the second write restores the original"
    );
    assert_eq!(
        writes[2], writes[0],
        "and the third commits the same fix again"
    );
}

#[test]
fn a_runner_killed_mid_job_is_taken_over_and_the_job_completes_once() {
    let pg = PgCluster::start();
    let db = pg.url();
    init(&db);
    let scratch = tempfile::tempdir().unwrap();
    let repo = scratch.path().join("repo");
    buggy_repo(&repo, 0.3);
    let id = submit(&db, &repo, "HEAD");
    let script = silent_model(scratch.path());
    let mut victim = serve(
        &db,
        &script,
        scratch.path(),
        "victim",
        &["--lease-secs", "1"],
    );
    let deadline = Instant::now() + Duration::from_secs(120);
    while job_row(&db, id)["ledger_records"].as_i64().unwrap() < 6 {
        assert!(Instant::now() < deadline, "the job never got going");
        std::thread::sleep(Duration::from_millis(50));
    }
    victim.kill().unwrap(); // SIGKILL
    victim.wait().unwrap();
    let killed_at = job_row(&db, id)["ledger_records"].as_i64().unwrap();
    let rescuer = serve(
        &db,
        &script,
        scratch.path(),
        "rescuer",
        &["--lease-secs", "1", "--drain"],
    );
    let (code, _, err) = events(rescuer);
    assert_eq!(code, 0, "{err}");
    let row = job_row(&db, id);
    assert_fixed(&row);
    assert_eq!(row["attempts"], 2);
    let records = ledger(&db, id);
    assert!(records.len() as i64 > killed_at);
    assert!(
        records.windows(2).all(|w| w[0].0 <= w[1].0),
        "epochs never go back"
    );
    assert!(!assert_write_chain(&records).is_empty());
}

#[test]
fn a_cancelled_job_stops_at_its_next_step_without_a_result() {
    let pg = PgCluster::start();
    let db = pg.url();
    init(&db);
    let scratch = tempfile::tempdir().unwrap();
    let repo = scratch.path().join("repo");
    buggy_repo(&repo, 1.0);
    let id = submit(&db, &repo, "HEAD");
    let script = silent_model(scratch.path());
    let runner = serve(&db, &script, scratch.path(), "r", &["--drain"]);
    let deadline = Instant::now() + Duration::from_secs(120);
    while job_row(&db, id)["ledger_records"].as_i64().unwrap() < 3 {
        assert!(Instant::now() < deadline, "the job never got going");
        std::thread::sleep(Duration::from_millis(50));
    }
    let (code, out, _) = tact(&["queue", "cancel", "--db", &db, &id.to_string()]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("stops at the next step"), "{out}");
    let (code, events, err) = events(runner);
    assert_eq!(code, 0, "{err}");
    assert!(
        events
            .iter()
            .any(|e| e["event"] == "cancelled" && e["job"] == id),
        "{events:?}"
    );
    let row = job_row(&db, id);
    assert_eq!(row["state"], "cancelled");
    assert!(row["result"].is_null());
    assert!(
        !ledger(&db, id)
            .iter()
            .any(|(_, r)| matches!(r.entry, LedgerEntry::Done { .. }))
    );
}

/// Issue 17: a queued job gets the MCP servers its workspace's config names, as `tact run`
/// does; their calls are mirrored to the database ledger like any other.
#[test]
fn a_queued_job_starts_the_mcp_servers_its_config_names() {
    let pg = PgCluster::start();
    let db = pg.url();
    init(&db);
    let scratch = tempfile::tempdir().unwrap();
    let repo = scratch.path().join("repo");
    let server =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/mcp_support/gloss_server.py");
    let config = format!(
        "version = 1\n\n[mcp_servers.gloss]\ncommand = \"python3\"\nargs = [{:?}, \"normal\"]\nread_only = true\n",
        server.display().to_string()
    );
    std::fs::create_dir_all(repo.join(".tact")).unwrap();
    let commit = pg_support::git_repo(
        &repo,
        &[
            (".tact/config.toml", config.as_str()),
            ("notes.txt", "a glossary lives behind an MCP server\n"),
        ],
    );
    let (code, out, err) = tact(&[
        "submit",
        "--db",
        &db,
        "--source",
        &repo.to_string_lossy(),
        "--rev",
        &commit,
        "--task",
        "what does the glossary say about the word tact?",
    ]);
    assert_eq!(code, 0, "{err}");
    let id: i64 = out.trim().parse().unwrap();
    let script = scratch.path().join("script.json");
    std::fs::write(
        &script,
        serde_json::to_string(&serde_json::json!([
            {"p_tool": 0.9, "name": "gloss.lookup", "args": {"word": "tact"}},
            {"p_tool": 0.9, "name": "stop", "args": {"reason": "looked it up"}}
        ]))
        .unwrap(),
    )
    .unwrap();
    let runner = serve(&db, &script, scratch.path(), "r1", &["--drain"]);
    let (code, events, err) = events(runner);
    assert_eq!(code, 0, "{err}\n{events:?}");
    let records = ledger(&db, id);
    let looked_up = records.iter().any(|(_, r)| {
        matches!(&r.entry, LedgerEntry::Outcome { record, .. }
            if record.tool_ref.name == "gloss.lookup"
                && record.outputs["output"]["definition"]
                    == "the sense of what to do or say at the right moment")
    });
    assert!(looked_up, "{records:#?}");
}
