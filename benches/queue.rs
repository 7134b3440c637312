//! Queue throughput: trivial jobs drained by 1, 2 and 4 runner processes against a private
//! PostgreSQL cluster; jobs leased per second and queue latency (submitted → first leased),
//! with each figure's ratio to the single runner's.
//!
//! `cargo bench --profile dev --bench queue` (the dev profile: the runner binary is the one the
//! tests use; `TACT_QUEUE_BENCH_JOBS`, default 40, sets the jobs per run). Not a criterion
//! bench: one sample is a whole multi-process run, timed from the database's own timestamps.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "../tests/pg_support/mod.rs"]
mod pg_support;

use std::process::{Command, Stdio};

use pg_support::{PgCluster, git_repo, silent_model};
use tact_queue::db::NewJob;

fn percentile(sorted: &[f64], p: f64) -> f64 {
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i]
}

fn main() {
    // `cargo bench` passes `--bench`; a filter that names no part of this bench skips it.
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    if !args.is_empty() && !args.iter().any(|a| "queue".contains(a.as_str())) {
        return;
    }
    let jobs: usize = std::env::var("TACT_QUEUE_BENCH_JOBS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(40);
    let pg = PgCluster::start();
    let scratch = tempfile::tempdir().unwrap();
    // A trivial job: a task outside the repair family that the scripted model answers by
    // stopping at once; what is measured is the queue, the checkout and the job's start and end.
    let repo = scratch.path().join("repo");
    git_repo(&repo, &[("README.md", "trivial\n")]);
    let script = silent_model(scratch.path());
    let rt = tokio::runtime::Runtime::new().unwrap();
    let mut rows = Vec::new();
    for runners in [1usize, 2, 4] {
        let dbname = format!("bench_{runners}");
        let url = rt.block_on(async {
            let admin = tact_queue::Queue::connect(&pg.url()).await.unwrap();
            admin
                .client()
                .batch_execute(&format!("CREATE DATABASE {dbname}"))
                .await
                .unwrap();
            let url = pg
                .url()
                .replace("dbname=postgres", &format!("dbname={dbname}"));
            let mut queue = tact_queue::Queue::connect(&url).await.unwrap();
            queue.init().await.unwrap();
            for _ in 0..jobs {
                queue
                    .submit(&NewJob {
                        source: repo.display().to_string(),
                        rev: "HEAD".into(),
                        task: "say which files the workspace has".into(),
                        policy: None,
                        priority: 0,
                        max_attempts: 3,
                    })
                    .await
                    .unwrap();
            }
            url
        });
        let children: Vec<_> = (0..runners)
            .map(|i| {
                Command::new(env!("CARGO_BIN_EXE_tact"))
                    .args(["serve", "--drain", "--poll-ms", "50", "--retriever", "bm25"])
                    .args(["--db", &url, "--name", &format!("bench-{i}"), "--scripted"])
                    .arg(&script)
                    .arg("--scratch")
                    .arg(scratch.path().join(format!("s{runners}-{i}")))
                    .stdout(Stdio::null())
                    .stderr(Stdio::null())
                    .spawn()
                    .unwrap()
            })
            .collect();
        for mut child in children {
            assert!(child.wait().unwrap().success());
        }
        let (window_s, mut waits, done) = rt.block_on(async {
            let queue = tact_queue::Queue::connect(&url).await.unwrap();
            let c = queue.client();
            let window: f64 = c
                .query_one(
                    "SELECT extract(epoch FROM max(finished_at) - min(first_leased_at))::float8
                     FROM tact_jobs",
                    &[],
                )
                .await
                .unwrap()
                .get(0);
            let waits: Vec<f64> = c
                .query(
                    "SELECT extract(epoch FROM first_leased_at - submitted_at)::float8 FROM tact_jobs",
                    &[],
                )
                .await
                .unwrap()
                .iter()
                .map(|r| r.get(0))
                .collect();
            let done: i64 = c
                .query_one("SELECT count(*) FROM tact_results", &[])
                .await
                .unwrap()
                .get(0);
            (window, waits, done)
        });
        assert_eq!(done as usize, jobs, "every job has its result");
        waits.sort_by(f64::total_cmp);
        rows.push((
            runners,
            jobs as f64 / window_s,
            percentile(&waits, 0.5),
            percentile(&waits, 0.95),
        ));
    }
    let (base_rate, base_p50) = (rows[0].1, rows[0].2);
    println!("queue bench: {jobs} trivial jobs per run");
    println!("runners  jobs/s  ratio  queue p50 (s)  p95 (s)  p50 ratio");
    for (runners, rate, p50, p95) in &rows {
        println!(
            "{runners:>7}  {rate:>6.2}  {:>5.2}  {p50:>13.2}  {p95:>7.2}  {:>9.2}",
            rate / base_rate,
            p50 / base_p50
        );
    }
}
