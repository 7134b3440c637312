//! MCP servers as a tool source (issue 17): the servers a config names are started for a job
//! (stdio, rmcp's client), their tools join the job's catalog as `server.tool`
//! ([`tact_runtime::catalog::mcp_tool_spec`]), and the job's executor sends calls of those
//! tools here instead of to the worker. Everything before and after the call — guard, budget,
//! intent, trust gate, outcome row — is the same as for any call.
//!
//! A server that does not start, crashes, hangs past the call's timeout or breaks the protocol
//! is stopped and its failure reported as the executor's failure (the call is in doubt: a
//! read-only server's call fails, an `exec` one needs attention, as a dead worker's would).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use rmcp::model::{CallToolRequestParams, CallToolResult};
use rmcp::service::{Peer, RoleClient, RunningService, ServiceError};
use rmcp::transport::TokioChildProcess;
use rmcp::{ServiceExt, transport::ConfigureCommandExt};
use serde_json::{Value, json};
use tact_runtime::catalog::{McpServerConfig, ToolSpec, mcp_tool_spec, split_mcp_name};
use tact_runtime::messages::{Observation, ToolCall};
use tact_runtime::stages::WorkerError;

/// How long a server may take to start, answer `initialize` and list its tools.
pub const START_TIMEOUT: Duration = Duration::from_secs(30);

struct Server {
    pid: u32,
    peer: Peer<RoleClient>,
    /// The running session; taken (and the process stopped) when the server fails.
    service: Mutex<Option<RunningService<RoleClient, ()>>>,
}

/// The MCP servers of one job.
pub struct McpHost {
    servers: HashMap<String, Server>,
    tools: Vec<ToolSpec>,
    /// Servers that could not be used, each with why.
    problems: Vec<String>,
}

impl std::fmt::Debug for McpHost {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("McpHost")
            .field("servers", &self.servers.keys().collect::<Vec<_>>())
            .field("tools", &self.tools.len())
            .field("problems", &self.problems)
            .finish()
    }
}

/// A server name is the prefix of its tools' names: it must not hold the separator, and it is
/// kept to what reads plainly in a tool name.
pub fn valid_server_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

impl McpHost {
    /// Start every server (in `workspace`, its stderr appended to `log_dir/NAME.stderr` when
    /// given) and list its tools. A server that fails is left out and named in
    /// [`McpHost::problems`]; the job runs with the others.
    pub async fn start(
        servers: &[McpServerConfig],
        workspace: &Path,
        log_dir: Option<&Path>,
    ) -> McpHost {
        let mut host = McpHost {
            servers: HashMap::new(),
            tools: Vec::new(),
            problems: Vec::new(),
        };
        for config in servers {
            if !valid_server_name(&config.name) {
                host.problems.push(format!(
                    "MCP server {:?}: a server name is letters, digits, '_' and '-'",
                    config.name
                ));
                continue;
            }
            if host.servers.contains_key(&config.name) {
                host.problems.push(format!(
                    "MCP server {:?} is named twice; the first is used",
                    config.name
                ));
                continue;
            }
            match start_one(config, workspace, log_dir).await {
                Ok((server, tools)) => {
                    host.tools.extend(tools);
                    host.servers.insert(config.name.clone(), server);
                }
                Err(reason) => host
                    .problems
                    .push(format!("MCP server {:?}: {reason}", config.name)),
            }
        }
        host
    }

    /// The catalog entries of every server's tools.
    pub fn tools(&self) -> &[ToolSpec] {
        &self.tools
    }

    /// Servers left out, each with why.
    pub fn problems(&self) -> &[String] {
        &self.problems
    }

    /// Whether `tool` (a catalog name) is one of these servers' tools.
    pub fn serves(&self, tool: &str) -> bool {
        self.tools.iter().any(|t| t.name == tool)
    }

    /// Call a server's tool, bounded by `timeout_ms`. A tool's own failure (`isError`, or a
    /// JSON-RPC error answer) is an observation that says so; a server that broke or hung is
    /// an `Err`, and is stopped.
    pub async fn call(&self, call: &ToolCall, timeout_ms: u64) -> Result<Observation, WorkerError> {
        let Some((server_name, tool)) = split_mcp_name(&call.tool.name) else {
            return Err(WorkerError::Rejected(format!(
                "{} is not an MCP server's tool",
                call.tool.name
            )));
        };
        let Some(server) = self.servers.get(server_name) else {
            return Err(WorkerError::Rejected(format!(
                "no MCP server named {server_name:?} in this job"
            )));
        };
        let alive = server.service.lock().map(|s| s.is_some()).unwrap_or(false);
        if !alive {
            return Err(WorkerError::Mcp(format!(
                "MCP server `{server_name}` was stopped after an earlier failure"
            )));
        }
        let Value::Object(arguments) = call.args.clone() else {
            return Err(WorkerError::Rejected(format!(
                "{}: MCP tool arguments must be a JSON object",
                call.tool.name
            )));
        };
        let params = CallToolRequestParams::new(tool.to_string()).with_arguments(arguments);
        let started = Instant::now();
        let answer = tokio::time::timeout(
            Duration::from_millis(timeout_ms),
            server.peer.call_tool(params),
        )
        .await;
        let duration_ms = started.elapsed().as_millis() as u64;
        let observe = |ok: bool, output: Value, error: Option<String>| Observation {
            work_id: call.work_id.clone(),
            tool: call.tool.clone(),
            ok,
            exit_code: None,
            output,
            error,
            duration_ms,
            performer_pid: server.pid,
        };
        match answer {
            Ok(Ok(result)) => {
                let (ok, output, error) = observation_of(result);
                Ok(observe(ok, output, error))
            }
            // The server answered with a JSON-RPC error: it is alive, the call failed.
            Ok(Err(ServiceError::McpError(e))) => Ok(observe(
                false,
                json!({}),
                Some(format!(
                    "MCP server `{server_name}` refused the call: {} (code {})",
                    e.message, e.code.0
                )),
            )),
            Ok(Err(e)) => {
                stop(server);
                Err(WorkerError::Mcp(format!(
                    "MCP server `{server_name}` failed during the call ({e}) and was stopped"
                )))
            }
            Err(_) => {
                stop(server);
                Err(WorkerError::Mcp(format!(
                    "MCP server `{server_name}` did not answer within {timeout_ms} ms and was \
                     stopped"
                )))
            }
        }
    }

    /// Stop every server (close its session; the process is killed if it lingers).
    pub async fn shutdown(&self) {
        let sessions: Vec<RunningService<RoleClient, ()>> = self
            .servers
            .values()
            .filter_map(|s| s.service.lock().ok().and_then(|mut g| g.take()))
            .collect();
        for session in sessions {
            let _ = tokio::time::timeout(Duration::from_secs(5), session.cancel()).await;
        }
    }
}

/// Drop a failed server's session: its transport closes and its process is killed.
fn stop(server: &Server) {
    if let Ok(mut guard) = server.service.lock() {
        guard.take();
    }
}

/// What a tool result says: success, the output the trust gate checks (the structured content
/// when there is some, else the text), and the error text of a failed call.
fn observation_of(result: CallToolResult) -> (bool, Value, Option<String>) {
    let text: Vec<String> = result
        .content
        .iter()
        .filter_map(|block| match block {
            rmcp::model::ContentBlock::Text(t) => Some(t.text.clone()),
            _ => None,
        })
        .collect();
    let text = text.join("\n");
    let failed = result.is_error == Some(true);
    let output = match result.structured_content {
        Some(value) => value,
        None => json!({
            "content": text,
            "blocks": serde_json::to_value(&result.content).unwrap_or(Value::Null),
        }),
    };
    let error = failed.then(|| {
        if text.is_empty() {
            "the MCP tool reported an error".to_string()
        } else {
            text
        }
    });
    (!failed, output, error)
}

async fn start_one(
    config: &McpServerConfig,
    workspace: &Path,
    log_dir: Option<&Path>,
) -> Result<(Server, Vec<ToolSpec>), String> {
    let stderr = match log_dir {
        Some(dir) => {
            let path: PathBuf = dir.join(format!("{}.stderr", config.name));
            std::fs::create_dir_all(dir)
                .and_then(|()| {
                    std::fs::OpenOptions::new()
                        .create(true)
                        .append(true)
                        .open(&path)
                })
                .map(Stdio::from)
                .map_err(|e| format!("opening {}: {e}", path.display()))?
        }
        None => Stdio::null(),
    };
    let command = tokio::process::Command::new(&config.command).configure(|cmd| {
        cmd.args(&config.args)
            .envs(&config.env)
            .current_dir(workspace)
            // A server left behind by a job that died is still killed with its handle.
            .kill_on_drop(true);
    });
    let (transport, _) = TokioChildProcess::builder(command)
        .stderr(stderr)
        .spawn()
        .map_err(|e| format!("could not start `{}`: {e}", config.command))?;
    let pid = transport.id().unwrap_or(0);
    let service = match tokio::time::timeout(START_TIMEOUT, ().serve(transport)).await {
        Ok(Ok(service)) => service,
        Ok(Err(e)) => return Err(format!("initialize failed: {e}")),
        Err(_) => {
            return Err(format!(
                "did not answer initialize within {} s",
                START_TIMEOUT.as_secs()
            ));
        }
    };
    let listed = match tokio::time::timeout(START_TIMEOUT, service.peer().list_all_tools()).await {
        Ok(Ok(tools)) => tools,
        Ok(Err(e)) => return Err(format!("listing its tools failed: {e}")),
        Err(_) => {
            return Err(format!(
                "did not list its tools within {} s",
                START_TIMEOUT.as_secs()
            ));
        }
    };
    let tools = listed
        .iter()
        .map(|tool| {
            mcp_tool_spec(
                &config.name,
                &tool.name,
                tool.description.as_deref().unwrap_or(""),
                Value::Object((*tool.input_schema).clone()),
                tool.output_schema
                    .as_ref()
                    .map(|s| Value::Object((**s).clone())),
                config.read_only,
            )
        })
        .collect();
    Ok((
        Server {
            pid,
            peer: service.peer().clone(),
            service: Mutex::new(Some(service)),
        },
        tools,
    ))
}
