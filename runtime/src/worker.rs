//! The worker process's side of the executor protocol: a version handshake, then one framed
//! [`WorkerRequest`] at a time, each answered by one [`WorkerResponse`].
//!
//! The worker runs tools; it never decides anything. It is started by the executor with a
//! cleared environment, its own process group and a parent-death signal (see
//! `tact_actors::worker_process`).

use std::io::{Read, Write};

use crate::error::RuntimeError;
use crate::messages::{
    Observation, ToolCall, WorkerReady, WorkerRequest, WorkerResponse, WorkerSetup,
};
use crate::wire::{self, MAX_FRAME, WIRE_VERSION};

/// Where a worker runs its tools: fixed at setup.
#[derive(Debug, Clone)]
pub struct WorkerEnv {
    pub setup: WorkerSetup,
}

/// Serve one executor until it sends `Shutdown` or closes the stream.
///
/// A request whose bytes are framed correctly but do not decode is answered with `Rejected`
/// and the worker stays up; a broken frame (truncated, oversize) cannot be resynchronised, so
/// the worker reports it and exits.
pub fn serve<R: Read, W: Write>(
    input: &mut R,
    output: &mut W,
    execute: &dyn Fn(&ToolCall, &WorkerEnv) -> Observation,
) -> Result<(), RuntimeError> {
    let Some(setup) = wire::read_message::<WorkerSetup, _>(input)? else {
        return Ok(());
    };
    let ready = WorkerReady {
        wire_version: WIRE_VERSION,
        worker_version: env!("CARGO_PKG_VERSION").to_string(),
        pid: std::process::id(),
        host: hostname(),
    };
    wire::write_message(output, setup.id, &ready)?;
    if setup.body.wire_version != WIRE_VERSION {
        return Err(RuntimeError::WrongVersion {
            got: setup.body.wire_version,
            expected: WIRE_VERSION,
        });
    }
    let env = WorkerEnv { setup: setup.body };
    loop {
        let Some(payload) = wire::read_frame(input, MAX_FRAME)? else {
            return Ok(());
        };
        match wire::decode::<WorkerRequest>(&payload) {
            Ok(envelope) => match envelope.body {
                WorkerRequest::Shutdown => return Ok(()),
                WorkerRequest::Call { call } => {
                    let observation = execute(&call, &env);
                    wire::write_message(
                        output,
                        envelope.id,
                        &WorkerResponse::Observation { observation },
                    )?;
                }
            },
            Err(err) => {
                let id = wire::peek_kind(&payload).map(|(id, _)| id).unwrap_or(0);
                wire::write_message(
                    output,
                    id,
                    &WorkerResponse::Rejected {
                        reason: err.to_string(),
                    },
                )?;
            }
        }
    }
}

/// This host's name, for the performer field of call records.
pub fn hostname() -> String {
    std::fs::read_to_string("/proc/sys/kernel/hostname")
        .map(|s| s.trim().to_string())
        .unwrap_or_else(|_| "localhost".to_string())
}

/// Run one call with the tools of this build in the environment fixed at setup.
pub fn execute_in(call: &ToolCall, env: &WorkerEnv) -> Observation {
    match crate::tools::ToolContext::from_setup(&env.setup) {
        Ok(ctx) => crate::tools::execute(call, &ctx),
        Err(e) => Observation {
            work_id: call.work_id.clone(),
            tool: call.tool.clone(),
            ok: false,
            exit_code: None,
            output: serde_json::Value::Null,
            error: Some(format!("the worker's workspace is unusable: {e}")),
            duration_ms: 0,
            performer_pid: std::process::id(),
        },
    }
}
