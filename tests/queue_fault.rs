//! The fault test of the job queue: three runner processes drain 30 jobs while a loop kills a
//! random runner with SIGKILL every few seconds and starts it again, and PostgreSQL itself is
//! stopped (immediate, like a crash) and restarted half-way. Every job must end exactly once
//! and fixed, every database ledger must be gap-free and valid with epochs that never go back,
//! and no committed edit may be applied twice. The figures (throughput, takeover latency,
//! attempts per job) are printed as one JSON line (`fault-test figures: {...}`) and, when
//! `TACT_FAULT_REPORT` names a file, written there (docs/reliability.md quotes them).
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod pg_support;

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use pg_support::{FIXED_LINE, PgCluster, buggy_repo, decode_ledger, silent_model};
use tact_runtime::ledger::LedgerEntry;

const JOBS: usize = 30;
const RUNNERS: usize = 3;
const LEASE_SECS: &str = "2";

fn tact(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tact"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr),
    )
}

fn start_runner(db: &str, script: &Path, scratch: &Path, name: &str) -> Child {
    Command::new(env!("CARGO_BIN_EXE_tact"))
        .args([
            "serve",
            "--json",
            "--drain",
            "--lease-secs",
            LEASE_SECS,
            "--db",
            db,
            "--name",
            name,
        ])
        .arg("--scripted")
        .arg(script)
        .arg("--scratch")
        .arg(scratch.join(name))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap()
}

/// A small deterministic generator (the test must not depend on a seed it cannot print).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, below: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % below
    }
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i]
}

#[test]
fn three_runners_killed_in_a_loop_and_a_database_restart_end_every_job_exactly_once() {
    let pg = PgCluster::start();
    let db = pg.url();
    let (code, out) = tact(&["queue", "init", "--db", &db]);
    assert_eq!(code, 0, "{out}");
    let scratch = tempfile::tempdir().unwrap();
    let repo = scratch.path().join("repo");
    buggy_repo(&repo, 0.2);
    let script = silent_model(scratch.path());
    for _ in 0..JOBS {
        let (code, out) = tact(&[
            "submit",
            "--db",
            &db,
            "--source",
            &repo.to_string_lossy(),
            "--max-attempts",
            "20",
        ]);
        assert_eq!(code, 0, "{out}");
    }
    let rt = tokio::runtime::Runtime::new().unwrap();
    let ended = |db: &str| -> i64 {
        rt.block_on(async {
            match tact_queue::Queue::connect(db).await {
                Ok(q) => q
                    .client()
                    .query_one(
                        "SELECT count(*) FROM tact_jobs WHERE state IN ('done', 'parked', 'cancelled')",
                        &[],
                    )
                    .await
                    .map(|r| r.get(0))
                    .unwrap_or(-1),
                Err(_) => -1,
            }
        })
    };

    let names: Vec<String> = (0..RUNNERS).map(|i| format!("runner-{i}")).collect();
    let started = Instant::now();
    let mut runners: Vec<Child> = names
        .iter()
        .map(|n| start_runner(&db, &script, scratch.path(), n))
        .collect();
    let mut rng = Lcg(0x7461_6374);
    let mut kills = 0;
    let mut db_restarted_at: Option<f64> = None;
    let deadline = started + Duration::from_secs(1200);
    let mut next_kill = Instant::now() + Duration::from_millis(2000 + rng.next(3000));
    loop {
        let done = ended(&db);
        if done == JOBS as i64 {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "only {done} of {JOBS} jobs ended in time"
        );
        if db_restarted_at.is_none() && done >= (JOBS / 3) as i64 {
            // The database goes away (as in a crash) with work in flight, and comes back.
            pg.stop_immediate();
            std::thread::sleep(Duration::from_secs(2));
            pg.start_again();
            db_restarted_at = Some(started.elapsed().as_secs_f64());
        }
        if Instant::now() >= next_kill {
            let victim = rng.next(RUNNERS as u64) as usize;
            runners[victim].kill().unwrap(); // SIGKILL
            runners[victim].wait().unwrap();
            kills += 1;
            runners[victim] = start_runner(&db, &script, scratch.path(), &names[victim]);
            next_kill = Instant::now() + Duration::from_millis(2000 + rng.next(3000));
        }
        // A draining runner that found nothing to do has exited: start it again while work
        // remains (a taken-over job may still need it).
        for (i, runner) in runners.iter_mut().enumerate() {
            if runner.try_wait().unwrap().is_some() {
                *runner = start_runner(&db, &script, scratch.path(), &names[i]);
            }
        }
        std::thread::sleep(Duration::from_millis(200));
    }
    let wall_s = started.elapsed().as_secs_f64();
    for runner in &mut runners {
        let _ = runner.kill();
        let _ = runner.wait();
    }

    let report = rt.block_on(async {
        let queue = tact_queue::Queue::connect(&db).await.unwrap();
        let client = queue.client();
        let jobs = client
            .query(
                "SELECT j.id, j.state, j.attempts, r.status, r.patch,
                        (SELECT count(*) FROM tact_results x WHERE x.job_id = j.id)
                 FROM tact_jobs j LEFT JOIN tact_results r ON r.job_id = j.id ORDER BY j.id",
                &[],
            )
            .await
            .unwrap();
        assert_eq!(jobs.len(), JOBS);
        let mut attempts = Vec::new();
        for job in &jobs {
            let (id, state, tries): (i64, String, i32) = (job.get(0), job.get(1), job.get(2));
            assert_eq!(state, "done", "job {id}");
            assert_eq!(job.get::<_, i64>(5), 1, "job {id} has exactly one result");
            assert_eq!(job.get::<_, Option<String>>(3).as_deref(), Some("done"), "job {id}");
            let patch: String = job.get(4);
            assert!(patch.contains(&format!("+{FIXED_LINE}\n")), "job {id}: {patch}");
            attempts.push(tries as f64);

            let rows: Vec<(i64, i64, Vec<u8>)> = client
                .query(
                    "SELECT seq, lease_epoch, bytes FROM tact_ledger WHERE job_id = $1 ORDER BY seq",
                    &[&id],
                )
                .await
                .unwrap()
                .iter()
                .map(|r| (r.get(0), r.get(1), r.get(2)))
                .collect();
            let records = decode_ledger(&rows);
            assert!(records.windows(2).all(|w| w[0].0 <= w[1].0), "job {id}: epoch went back");
            assert!(matches!(records.last().unwrap().1.entry, LedgerEntry::Done { .. }));
            // Committed edits chain: each starts from the file the previous one left.
            let mut last_after: Option<String> = None;
            let mut writes = 0;
            for (_, r) in &records {
                let LedgerEntry::Outcome { record } = &r.entry else { continue };
                if record.tool_ref.name != "apply_edit" || record.outputs["ok"] != true {
                    continue;
                }
                let out = &record.outputs["output"];
                if let Some(previous) = &last_after {
                    assert_eq!(previous.as_str(), out["before_sha256"].as_str().unwrap(), "job {id}");
                }
                last_after = out["after_sha256"].as_str().map(str::to_string);
                writes += 1;
            }
            assert!(writes >= 1, "job {id} committed its fix");
        }
        // Takeovers: how long after the old lease expired the job was leased again, and until
        // its first record under the new lease (the job resumed).
        let takeovers = client
            .query(
                "SELECT extract(epoch FROM l.leased_at - l.previous_expiry)::float8,
                        extract(epoch FROM (SELECT min(g.written_at) FROM tact_ledger g
                            WHERE g.job_id = l.job_id AND g.lease_epoch = l.lease_epoch)
                            - l.previous_expiry)::float8
                 FROM tact_leases l WHERE l.previous_expiry IS NOT NULL",
                &[],
            )
            .await
            .unwrap();
        let mut to_lease: Vec<f64> = takeovers.iter().map(|r| r.get::<_, f64>(0)).collect();
        let mut to_resume: Vec<f64> =
            takeovers.iter().filter_map(|r| r.get::<_, Option<f64>>(1)).collect();
        to_lease.sort_by(f64::total_cmp);
        to_resume.sort_by(f64::total_cmp);
        attempts.sort_by(f64::total_cmp);
        serde_json::json!({
            "jobs": JOBS,
            "runners": RUNNERS,
            "lease_secs": LEASE_SECS.parse::<f64>().unwrap(),
            "kills": kills,
            "db_restart_at_s": db_restarted_at,
            "wall_s": wall_s,
            "jobs_per_min": JOBS as f64 / wall_s * 60.0,
            "takeovers": to_lease.len(),
            "expiry_to_lease_s": {"p50": percentile(&to_lease, 0.5), "p95": percentile(&to_lease, 0.95), "max": to_lease.last()},
            "expiry_to_resumed_s": {"p50": percentile(&to_resume, 0.5), "p95": percentile(&to_resume, 0.95), "max": to_resume.last()},
            "attempts_per_job": {
                "mean": attempts.iter().sum::<f64>() / attempts.len() as f64,
                "max": attempts.last(),
                "jobs_with_more_than_one": attempts.iter().filter(|a| **a > 1.0).count(),
            },
        })
    });
    println!("fault-test figures: {report}");
    if let Ok(path) = std::env::var("TACT_FAULT_REPORT") {
        std::fs::write(PathBuf::from(path), format!("{report:#}\n")).unwrap();
    }
    assert!(kills >= 3, "the loop killed runners ({kills})");
    assert!(db_restarted_at.is_some(), "the database was restarted");
}
