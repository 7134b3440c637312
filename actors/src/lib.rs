//! tact's actors: one supervised ractor actor per pipeline node, the executor mailbox and its
//! worker process, the job loop, and the workspace watcher.

pub mod error;
pub mod events;
pub mod job;
pub mod nodes;
pub mod repair;
pub mod stage;
pub mod supervisor;
pub mod wiring;
pub mod worker_process;

pub use error::{ActorError, WorkerError};
pub use job::{JobConfig, JobOutcome, run_job};
