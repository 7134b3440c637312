//! The job queue against a real PostgreSQL (a private cluster per test): schema, submit,
//! status, cancel, leases with SKIP LOCKED, takeover with lease-epoch fencing, exactly one
//! result, poison jobs parked, and the ledger mirror across a database restart.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod pg_support;

use std::sync::Arc;
use std::time::Duration;

use pg_support::{PgCluster, tact};
use serde_json::Value;
use tact_queue::db::{CancelOutcome, Heartbeat, JobResult, NewJob};
use tact_queue::{DbMirror, Queue, QueueError, Refusal};
use tact_runtime::ledger::{LedgerEntry, LedgerMirror, LedgerRecord, encode_record};

fn job(priority: i32, max_attempts: i32) -> NewJob {
    NewJob {
        source: "/nowhere".into(),
        rev: "HEAD".into(),
        task: "the tests fail; find the bug and fix it".into(),
        policy: None,
        priority,
        max_attempts,
    }
}

async fn ready_queue(pg: &PgCluster) -> Queue {
    let mut queue = Queue::connect(&pg.url()).await.unwrap();
    queue.init().await.unwrap();
    queue
}

/// One encoded ledger record with sequence number `seq`.
fn record(seq: u64) -> Vec<u8> {
    encode_record(&LedgerRecord {
        seq,
        at_ms: 0,
        policy: None,
        entry: LedgerEntry::Answer {
            text: format!("record {seq}"),
        },
    })
    .unwrap()
}

fn result(summary: &str) -> JobResult {
    JobResult {
        status: "done".into(),
        summary: summary.into(),
        checkpoint: None,
        usage: serde_json::json!({}),
        patch: String::new(),
    }
}

async fn count(queue: &Queue, sql: &str, id: i64) -> i64 {
    queue.client().query_one(sql, &[&id]).await.unwrap().get(0)
}

/// Mirror a record from a plain thread, as the ledger's writer thread does.
fn mirror_on_thread(mirror: &Arc<DbMirror>, seq: u64) -> Result<(), String> {
    let mirror = mirror.clone();
    std::thread::spawn(move || mirror.mirror(seq, &record(seq)))
        .join()
        .unwrap()
}

#[test]
fn init_is_idempotent_and_submit_status_cancel_work_from_the_command_line() {
    let pg = PgCluster::start();
    let db = pg.url();
    // Before init, the queue refuses work and says what to do.
    let (code, _, err) = tact(&["submit", "--db", &db, "--source", "/x", "--task", "t"]);
    assert_eq!(code, 1);
    assert!(err.contains("tact queue init"), "{err}");
    let (code, _, err) = tact(&["queue", "init", "--db", &db]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("applied migrations [1]"), "{err}");
    let (code, _, err) = tact(&["queue", "init", "--db", &db]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("up to date"), "{err}");

    let (code, low, _) = tact(&["submit", "--db", &db, "--source", "/src/a", "--rev", "abc"]);
    assert_eq!(code, 0);
    let (_, high, _) = tact(&[
        "submit",
        "--db",
        &db,
        "--source",
        "/src/b",
        "--priority",
        "5",
        "--max-attempts",
        "4",
        "--json",
    ]);
    let low: i64 = low.trim().parse().unwrap();
    let high: Value = serde_json::from_str(high.trim()).unwrap();
    let high = high["id"].as_i64().unwrap();
    assert!(high > low);

    let (code, out, _) = tact(&["queue", "status", "--db", &db, "--json"]);
    assert_eq!(code, 0);
    let rows: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0]["id"], high);
    assert_eq!(rows[0]["priority"], 5);
    assert_eq!(rows[0]["max_attempts"], 4);
    assert_eq!(rows[1]["rev"], "abc");
    assert!(
        rows.iter()
            .all(|r| r["state"] == "queued" && r["attempts"] == 0)
    );

    let (code, out, _) = tact(&["queue", "cancel", "--db", &db, &low.to_string()]);
    assert_eq!(code, 0, "{out}");
    let (code, out, _) = tact(&["queue", "cancel", "--db", &db, &low.to_string()]);
    assert_eq!(
        code, 6,
        "a job that already ended cannot be cancelled: {out}"
    );
    assert!(out.contains("already ended (cancelled)"), "{out}");
    let (_, table, _) = tact(&["queue", "status", "--db", &db]);
    let line = table
        .lines()
        .find(|l| l.trim_start().starts_with(&low.to_string()))
        .unwrap();
    assert!(line.contains("cancelled"), "{table}");
}

#[tokio::test(flavor = "multi_thread")]
async fn leases_follow_priority_and_skip_rows_another_runner_holds() {
    let pg = PgCluster::start();
    let queue = ready_queue(&pg).await;
    let first = queue.submit(&job(0, 3)).await.unwrap();
    let urgent = queue.submit(&job(9, 3)).await.unwrap();
    let last = queue.submit(&job(0, 3)).await.unwrap();
    let ttl = Duration::from_secs(30);
    assert_eq!(queue.lease("a", ttl).await.unwrap().unwrap().job_id, urgent);
    // Two runners leasing at once get different jobs.
    let (a, b) = (
        Queue::connect(&pg.url()).await.unwrap(),
        Queue::connect(&pg.url()).await.unwrap(),
    );
    let (la, lb) = tokio::join!(a.lease("a", ttl), b.lease("b", ttl));
    let mut got = vec![la.unwrap().unwrap().job_id, lb.unwrap().unwrap().job_id];
    got.sort();
    assert_eq!(got, vec![first, last]);
    assert!(
        queue.lease("c", ttl).await.unwrap().is_none(),
        "every job is held"
    );
    let row = queue.job(urgent).await.unwrap();
    assert_eq!(
        (row.state.as_str(), row.attempts, row.lease_epoch),
        ("running", 1, 1)
    );
    assert_eq!(row.runner.as_deref(), Some("a"));
    assert!(row.lease_expires_ms.unwrap() > tact_runtime::ledger::now_ms() as i64);
}

#[tokio::test(flavor = "multi_thread")]
async fn an_expired_lease_is_taken_over_and_its_old_holder_is_fenced() {
    let pg = PgCluster::start();
    let mut queue = ready_queue(&pg).await;
    let id = queue.submit(&job(0, 3)).await.unwrap();
    let old = queue
        .lease("a", Duration::from_millis(300))
        .await
        .unwrap()
        .unwrap();
    assert!(!old.takeover);
    let old_mirror = Arc::new(DbMirror::new(&pg.url(), &old, Duration::from_secs(5)).unwrap());
    mirror_on_thread(&old_mirror, 0).unwrap();
    // A live lease is not taken over.
    assert!(
        queue
            .lease("b", Duration::from_secs(30))
            .await
            .unwrap()
            .is_none()
    );
    tokio::time::sleep(Duration::from_millis(500)).await;
    let new = queue
        .lease("b", Duration::from_secs(30))
        .await
        .unwrap()
        .unwrap();
    assert_eq!((new.job_id, new.epoch, new.attempt), (id, 2, 2));
    assert!(new.takeover);

    // The old holder can write nothing more: no record, no heartbeat, no result.
    let refused = mirror_on_thread(&old_mirror, 1).unwrap_err();
    assert!(refused.contains("fenced"), "{refused}");
    assert!(matches!(old_mirror.refusal(), Some(Refusal::Fenced(_))));
    assert_eq!(
        queue
            .heartbeat(&old, Duration::from_secs(30))
            .await
            .unwrap(),
        Heartbeat::Lost
    );
    assert!(!queue.complete(&old, "a", &result("stale")).await.unwrap());

    // The new holder continues the same ledger, then completes once.
    let new_mirror = Arc::new(DbMirror::new(&pg.url(), &new, Duration::from_secs(5)).unwrap());
    // A record it already has (same bytes) is accepted again: a commit whose ack was lost.
    mirror_on_thread(&new_mirror, 1).unwrap();
    mirror_on_thread(&new_mirror, 1).unwrap();
    let gap = mirror_on_thread(&new_mirror, 5).unwrap_err();
    assert!(gap.contains("gap"), "{gap}");
    assert!(queue.complete(&new, "b", &result("fixed")).await.unwrap());
    assert!(!queue.complete(&new, "b", &result("twice")).await.unwrap());
    assert_eq!(
        count(
            &queue,
            "SELECT count(*) FROM tact_results WHERE job_id = $1",
            id
        )
        .await,
        1
    );
    let ledger = queue.ledger(id).await.unwrap();
    assert_eq!(
        ledger.iter().map(|(s, _)| *s).collect::<Vec<_>>(),
        vec![0, 1]
    );
    assert_eq!(ledger[1].1, record(1));
    let epochs: Vec<i64> = queue
        .client()
        .query(
            "SELECT lease_epoch FROM tact_ledger WHERE job_id = $1 ORDER BY seq",
            &[&id],
        )
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert_eq!(epochs, vec![1, 2]);
    let row = queue.job(id).await.unwrap();
    assert_eq!(row.state, "done");
    assert_eq!(row.result.unwrap().summary, "fixed");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_job_failing_every_attempt_is_parked_with_its_error() {
    let pg = PgCluster::start();
    let queue = ready_queue(&pg).await;
    let poison = queue.submit(&job(0, 2)).await.unwrap();
    let ttl = Duration::from_secs(30);
    let lease = queue.lease("a", ttl).await.unwrap().unwrap();
    assert_eq!(
        queue
            .fail(&lease, "checkout failed")
            .await
            .unwrap()
            .as_deref(),
        Some("queued")
    );
    let lease = queue.lease("a", ttl).await.unwrap().unwrap();
    assert_eq!(lease.attempt, 2);
    assert_eq!(
        queue
            .fail(&lease, "checkout failed again")
            .await
            .unwrap()
            .as_deref(),
        Some("parked")
    );
    assert!(queue.lease("a", ttl).await.unwrap().is_none());
    let row = queue.job(poison).await.unwrap();
    assert_eq!(row.state, "parked");
    assert_eq!(row.last_error.as_deref(), Some("checkout failed again"));
    assert!(row.result.is_none());

    // A job whose runner dies on its last attempt is parked too, once its lease expires.
    let crashing = queue.submit(&job(0, 1)).await.unwrap();
    queue
        .lease("a", Duration::from_millis(200))
        .await
        .unwrap()
        .unwrap();
    tokio::time::sleep(Duration::from_millis(400)).await;
    assert_eq!(queue.reap().await.unwrap(), 1);
    let row = queue.job(crashing).await.unwrap();
    assert_eq!(row.state, "parked");
    assert!(
        row.last_error
            .unwrap()
            .contains("stopped heartbeating on attempt 1 of 1")
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn cancelling_a_running_job_refuses_its_next_ledger_record() {
    let pg = PgCluster::start();
    let queue = ready_queue(&pg).await;
    let id = queue.submit(&job(0, 3)).await.unwrap();
    let lease = queue
        .lease("a", Duration::from_secs(30))
        .await
        .unwrap()
        .unwrap();
    let mirror = Arc::new(DbMirror::new(&pg.url(), &lease, Duration::from_secs(5)).unwrap());
    mirror_on_thread(&mirror, 0).unwrap();
    assert_eq!(queue.cancel(id).await.unwrap(), CancelOutcome::Stopping);
    assert_eq!(
        queue
            .heartbeat(&lease, Duration::from_secs(30))
            .await
            .unwrap(),
        Heartbeat::Held {
            cancel_requested: true
        }
    );
    let refused = mirror_on_thread(&mirror, 1).unwrap_err();
    assert!(refused.contains("cancelled"), "{refused}");
    assert_eq!(mirror.refusal(), Some(Refusal::Cancelled));
    assert!(queue.mark_cancelled(&lease).await.unwrap());
    assert_eq!(queue.job(id).await.unwrap().state, "cancelled");
    assert_eq!(queue.ledger(id).await.unwrap().len(), 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn the_mirror_rides_out_a_database_restart() {
    let pg = Arc::new(PgCluster::start());
    let queue = ready_queue(&pg).await;
    let id = queue.submit(&job(0, 3)).await.unwrap();
    let lease = queue
        .lease("a", Duration::from_secs(60))
        .await
        .unwrap()
        .unwrap();
    let mirror = Arc::new(DbMirror::new(&pg.url(), &lease, Duration::from_secs(60)).unwrap());
    mirror_on_thread(&mirror, 0).unwrap();
    pg.stop_immediate();
    let restarter = {
        let pg = pg.clone();
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(1500));
            pg.start_again();
        })
    };
    // Written while the server is down: retried until it is back.
    mirror_on_thread(&mirror, 1).unwrap();
    restarter.join().unwrap();
    let queue = Queue::connect(&pg.url()).await.unwrap();
    assert_eq!(queue.ledger(id).await.unwrap().len(), 2);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_ledger_with_a_gap_is_refused_on_read() {
    let pg = PgCluster::start();
    let queue = ready_queue(&pg).await;
    let id = queue.submit(&job(0, 3)).await.unwrap();
    for seq in [0i64, 2] {
        queue
            .client()
            .execute(
                "INSERT INTO tact_ledger (job_id, seq, lease_epoch, bytes) VALUES ($1, $2, 1, $3)",
                &[&id, &seq, &record(seq as u64)],
            )
            .await
            .unwrap();
    }
    match queue.ledger(id).await {
        Err(QueueError::DamagedLedger { reason, .. }) => {
            assert!(reason.contains("record 1 is missing"), "{reason}")
        }
        other => panic!("expected a damaged ledger, got {other:?}"),
    }
}
