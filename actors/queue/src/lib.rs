//! The job queue in PostgreSQL.
//!
//! Jobs are rows of `tact_jobs`; a runner leases one with `FOR UPDATE SKIP LOCKED`, raising its
//! *lease epoch*, and keeps the lease alive with heartbeats. Every ledger record the job writes
//! is mirrored into `tact_ledger` in one transaction that first checks the epoch, so a runner
//! whose lease was taken over cannot write again (fencing). A job whose lease expired is taken
//! over by another runner, which rebuilds the workspace from the source and the ledger's
//! committed edits and resumes. A result is stored once (`tact_results` is keyed by job).

pub mod db;
pub mod error;
pub mod mirror;
pub mod runner;
pub mod schema;
pub mod workspace;

pub use db::{JobRow, Lease, NewJob, Queue};
pub use error::QueueError;
pub use mirror::{DbMirror, Refusal};
