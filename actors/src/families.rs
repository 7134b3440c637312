//! Which job each task family runs: the failing-tests repair (`crate::repair`) or the generic
//! decision loop (`Runner::drive_generic`). The one place that knows both, so the job machinery
//! (`crate::job`) and the repair job import each other in one direction only.

use tact_runtime::records::TaskFamily;

use crate::error::ActorError;
use crate::job::{JobConfig, JobOutcome, Runner, run_job_with};

/// Run (or resume) the job `cfg` names: set up its runner, then drive its task family's job.
pub async fn run_job(cfg: JobConfig) -> Result<JobOutcome, ActorError> {
    run_job_with(cfg, drive_family).await
}

fn drive_family(
    runner: &mut Runner,
) -> std::pin::Pin<Box<dyn std::future::Future<Output = Result<JobOutcome, ActorError>> + Send + '_>>
{
    Box::pin(async move {
        match runner.plan.task_family {
            TaskFamily::FailingTests => crate::repair::drive_failing_tests(runner).await,
            _ => runner.drive_generic().await,
        }
    })
}
