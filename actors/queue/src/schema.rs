//! The schema, as numbered migrations applied in order, each once.

use tokio_postgres::Client;

use crate::error::QueueError;

/// One schema change.
pub struct Migration {
    pub version: i32,
    pub name: &'static str,
    pub sql: &'static str,
}

/// Every migration, oldest first. Never edit an applied one: add the next.
pub const MIGRATIONS: &[Migration] = &[Migration {
    version: 1,
    name: "jobs, leases, ledgers, results",
    sql: r#"
CREATE TABLE tact_jobs (
    id               bigserial PRIMARY KEY,
    source           text NOT NULL,
    rev              text NOT NULL,
    task             text NOT NULL,
    policy           text,
    priority         integer NOT NULL DEFAULT 0,
    max_attempts     integer NOT NULL DEFAULT 3 CHECK (max_attempts > 0),
    state            text NOT NULL DEFAULT 'queued'
                     CHECK (state IN ('queued', 'running', 'done', 'parked', 'cancelled')),
    cancel_requested boolean NOT NULL DEFAULT false,
    runner           text,
    lease_epoch      bigint NOT NULL DEFAULT 0,
    lease_expires_at timestamptz,
    attempts         integer NOT NULL DEFAULT 0,
    last_error       text,
    submitted_at     timestamptz NOT NULL DEFAULT clock_timestamp(),
    first_leased_at  timestamptz,
    finished_at      timestamptz
);
CREATE INDEX tact_jobs_ready ON tact_jobs (priority DESC, id) WHERE state = 'queued';
CREATE INDEX tact_jobs_leased ON tact_jobs (lease_expires_at) WHERE state = 'running';

-- One row per lease: who held the job under which epoch, and, for a takeover, when the
-- lease it replaced had expired.
CREATE TABLE tact_leases (
    job_id          bigint NOT NULL REFERENCES tact_jobs (id),
    lease_epoch     bigint NOT NULL,
    runner          text NOT NULL,
    leased_at       timestamptz NOT NULL DEFAULT clock_timestamp(),
    previous_expiry timestamptz,
    PRIMARY KEY (job_id, lease_epoch)
);

-- The job's ledger: each record's exact bytes (len | crc32 | msgpack), seq 0, 1, 2, ...
CREATE TABLE tact_ledger (
    job_id      bigint NOT NULL REFERENCES tact_jobs (id),
    seq         bigint NOT NULL CHECK (seq >= 0),
    lease_epoch bigint NOT NULL,
    bytes       bytea NOT NULL,
    written_at  timestamptz NOT NULL DEFAULT clock_timestamp(),
    PRIMARY KEY (job_id, seq)
);

-- At most one result per job: the primary key makes a second completion impossible.
CREATE TABLE tact_results (
    job_id      bigint PRIMARY KEY REFERENCES tact_jobs (id),
    lease_epoch bigint NOT NULL,
    runner      text NOT NULL,
    status      text NOT NULL,
    summary     text NOT NULL,
    checkpoint  jsonb,
    usage       jsonb NOT NULL,
    patch       text NOT NULL,
    finished_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
"#,
}];

/// The newest schema version this build knows.
pub fn latest_version() -> i32 {
    MIGRATIONS.last().map(|m| m.version).unwrap_or(0)
}

/// Key of the advisory lock that serializes concurrent `queue init`s.
const MIGRATION_LOCK: i64 = 0x7461_6374_7175_6575; // "tactqueu"

/// Apply the migrations not applied yet, in one transaction; returns the versions applied now.
pub async fn migrate(client: &mut Client) -> Result<Vec<i32>, QueueError> {
    let tx = client.transaction().await?;
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])
        .await?;
    tx.batch_execute(
        "CREATE TABLE IF NOT EXISTS tact_schema_migrations (
            version    integer PRIMARY KEY,
            name       text NOT NULL,
            applied_at timestamptz NOT NULL DEFAULT clock_timestamp()
        )",
    )
    .await?;
    let applied: Vec<i32> = tx
        .query("SELECT version FROM tact_schema_migrations", &[])
        .await?
        .iter()
        .map(|row| row.get(0))
        .collect();
    if let Some(found) = applied.iter().copied().max()
        && found > latest_version()
    {
        return Err(QueueError::SchemaTooNew {
            found,
            known: latest_version(),
        });
    }
    let mut now_applied = Vec::new();
    for migration in MIGRATIONS {
        if applied.contains(&migration.version) {
            continue;
        }
        tx.batch_execute(migration.sql).await?;
        tx.execute(
            "INSERT INTO tact_schema_migrations (version, name) VALUES ($1, $2)",
            &[&migration.version, &migration.name],
        )
        .await?;
        now_applied.push(migration.version);
    }
    tx.commit().await?;
    Ok(now_applied)
}

/// The schema version in the database (0 when `queue init` never ran).
pub async fn current_version(client: &Client) -> Result<i32, QueueError> {
    let exists: bool = client
        .query_one(
            "SELECT to_regclass('tact_schema_migrations') IS NOT NULL",
            &[],
        )
        .await?
        .get(0);
    if !exists {
        return Ok(0);
    }
    let version: Option<i32> = client
        .query_one("SELECT max(version) FROM tact_schema_migrations", &[])
        .await?
        .get(0);
    Ok(version.unwrap_or(0))
}
