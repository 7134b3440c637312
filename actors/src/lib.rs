//! tact's actors: one supervised ractor actor per pipeline node, the executor mailbox and its
//! worker process, the job loop and the jobs of each task family (the watcher is `tact-watch`, the queue
//! `tact-queue`).

pub mod error;
pub mod events;
pub mod families;
pub mod job;
pub mod mcp;
pub mod model_host;
pub mod nodes;
pub mod repair;
pub mod stage;
pub mod supervisor;
pub mod worker_process;

pub use error::{ActorError, WorkerError};
pub use families::run_job;
pub use job::{JobConfig, JobOutcome};
