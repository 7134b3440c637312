//! MCP servers as a tool source (issue 17): the servers a config names are started for a job
//! (stdio, rmcp's client), their tools join the job's catalog as `server.tool`
//! ([`tact_runtime::catalog::mcp_tool_spec`]), and the job's executor sends calls of those
//! tools here instead of to the worker. Everything before and after the call — guard, budget,
//! intent, trust gate, outcome row — is the same as for any call.
//!
//! A server that does not start, crashes, hangs past the call's timeout or breaks the protocol
//! is stopped and its failure reported as the executor's failure (the call is in doubt: a
//! read-only server's call fails, an `exec` one needs attention, as a dead worker's would).
//! Every line a server writes must be a JSON-RPC 2.0 message: the first that is not ends the
//! session at once (its pending call fails then, naming the bad frame, instead of waiting for
//! the timeout). A stopped server is restarted once, on the next call of one of its tools; the
//! failed call itself is never re-sent (it may have acted). Servers run as workers do: a
//! cleared environment (PATH, HOME, LANG and the config's `env`), their own process group, a
//! parent-death signal, and killed with their group when their handle drops.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rmcp::ServiceExt;
use rmcp::model::{CallToolRequestParams, CallToolResult};
use rmcp::service::{Peer, RoleClient, RunningService, ServiceError};
use serde_json::{Value, json};
use tact_runtime::catalog::{McpServerConfig, ToolSpec, mcp_tool_spec, split_mcp_name};
use tact_runtime::messages::{Observation, ToolCall};
use tact_runtime::stages::WorkerError;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt};

/// How long a server may take to start, answer `initialize` and list its tools.
pub const START_TIMEOUT: Duration = Duration::from_secs(30);

/// Restarts of one server per job: one, so a server that keeps failing is given up on.
pub const MAX_RESTARTS: u32 = 1;
/// Longest line a server may write; a longer one is a malformed frame.
const MAX_FRAME_BYTES: u64 = 16 << 20;

/// One running server session.
struct Live {
    pid: u32,
    peer: Peer<RoleClient>,
    service: Option<RunningService<RoleClient, ()>>,
    /// The first line the server wrote that was not JSON-RPC, if any.
    malformed: Arc<Mutex<Option<String>>>,
    _child: tokio::process::Child,
}

impl Drop for Live {
    fn drop(&mut self) {
        // Closing the session closes the pipes; the whole group goes with it.
        drop(self.service.take());
        crate::worker_process::kill_group(self.pid as i32);
    }
}

struct Server {
    config: McpServerConfig,
    workspace: PathBuf,
    log_dir: Option<PathBuf>,
    /// The session; `None` once the server failed (until its restart).
    live: tokio::sync::Mutex<Option<Live>>,
    restarts: AtomicU32,
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
                Ok((live, tools)) => {
                    host.tools.extend(tools);
                    host.servers.insert(
                        config.name.clone(),
                        Server {
                            config: config.clone(),
                            workspace: workspace.to_path_buf(),
                            log_dir: log_dir.map(Path::to_path_buf),
                            live: tokio::sync::Mutex::new(Some(live)),
                            restarts: AtomicU32::new(0),
                        },
                    );
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
        let Value::Object(arguments) = call.args.clone() else {
            return Err(WorkerError::Rejected(format!(
                "{}: MCP tool arguments must be a JSON object",
                call.tool.name
            )));
        };
        let mut live = server.live.lock().await;
        if live.is_none() {
            *live = Some(restart(server_name, server).await?);
        }
        let Some(session) = live.as_ref() else {
            return Err(WorkerError::Mcp(format!(
                "MCP server `{server_name}` is not running"
            )));
        };
        let params = CallToolRequestParams::new(tool.to_string()).with_arguments(arguments);
        let started = Instant::now();
        let answer = tokio::time::timeout(
            Duration::from_millis(timeout_ms),
            session.peer.call_tool(params),
        )
        .await;
        let duration_ms = started.elapsed().as_millis() as u64;
        let pid = session.pid;
        let observe = |ok: bool, output: Value, error: Option<String>| Observation {
            work_id: call.work_id.clone(),
            tool: call.tool.clone(),
            ok,
            exit_code: None,
            output,
            error,
            duration_ms,
            performer_pid: pid,
        };
        let malformed = || {
            session
                .malformed
                .lock()
                .ok()
                .and_then(|m| m.clone())
                .map(|line| format!("sent a malformed JSON-RPC frame ({line})"))
        };
        let failure = match answer {
            Ok(Ok(result)) => {
                let (ok, output, error) = observation_of(result);
                return Ok(observe(ok, output, error));
            }
            // The server answered with a JSON-RPC error: it is alive, the call failed.
            Ok(Err(ServiceError::McpError(e))) => {
                return Ok(observe(
                    false,
                    json!({}),
                    Some(format!(
                        "MCP server `{server_name}` refused the call: {} (code {})",
                        e.message, e.code.0
                    )),
                ));
            }
            Ok(Err(e)) => malformed().unwrap_or_else(|| format!("failed during the call ({e})")),
            Err(_) => {
                malformed().unwrap_or_else(|| format!("did not answer within {timeout_ms} ms"))
            }
        };
        // Stopped now (its group killed); restarted on the next call, if it has restarts left.
        *live = None;
        Err(WorkerError::Mcp(format!(
            "MCP server `{server_name}` {failure} and was stopped"
        )))
    }

    /// Stop every server (close its session; its process group is killed).
    pub async fn shutdown(&self) {
        for server in self.servers.values() {
            let session = server.live.lock().await.take();
            if let Some(mut session) = session
                && let Some(service) = session.service.take()
            {
                let _ = tokio::time::timeout(Duration::from_secs(5), service.cancel()).await;
            }
        }
    }
}

/// A new session for a server that failed, if it has a restart left.
async fn restart(name: &str, server: &Server) -> Result<Live, WorkerError> {
    let used = server.restarts.fetch_add(1, Ordering::SeqCst);
    if used >= MAX_RESTARTS {
        return Err(WorkerError::Mcp(format!(
            "MCP server `{name}` failed again after {MAX_RESTARTS} restart(s) and stays stopped"
        )));
    }
    tracing::warn!(server = name, "restarting MCP server after a failure");
    let (live, _) = start_one(&server.config, &server.workspace, server.log_dir.as_deref())
        .await
        .map_err(|reason| {
            WorkerError::Mcp(format!(
                "MCP server `{name}` could not be restarted: {reason}"
            ))
        })?;
    Ok(live)
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
) -> Result<(Live, Vec<ToolSpec>), String> {
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
    let mut command = tokio::process::Command::new(&config.command);
    command
        .args(&config.args)
        .env_clear()
        .current_dir(workspace)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(stderr)
        // A server left behind by a job that died is still killed with its handle.
        .kill_on_drop(true)
        .process_group(0);
    for key in ["PATH", "HOME", "LANG"] {
        if let Ok(value) = std::env::var(key) {
            command.env(key, value);
        }
    }
    command.envs(&config.env);
    let parent = std::process::id() as libc::pid_t;
    // SAFETY: only async-signal-safe calls (prctl, getppid, _exit) run between fork and exec.
    unsafe {
        command.pre_exec(move || {
            if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            if libc::getppid() != parent {
                libc::_exit(1);
            }
            Ok(())
        });
    }
    let mut child = command
        .spawn()
        .map_err(|e| format!("could not start `{}`: {e}", config.command))?;
    let pid = child.id().unwrap_or(0);
    let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
        return Err("the server's pipes are missing".into());
    };
    let malformed = Arc::new(Mutex::new(None));
    let reader = frames_checked(stdout, Arc::clone(&malformed));
    let service = match tokio::time::timeout(START_TIMEOUT, ().serve((reader, stdin))).await {
        Ok(Ok(service)) => service,
        Ok(Err(e)) => {
            let bad = malformed.lock().ok().and_then(|m| m.clone());
            return Err(match bad {
                Some(line) => format!("initialize failed: a malformed JSON-RPC frame ({line})"),
                None => format!("initialize failed: {e}"),
            });
        }
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
        Live {
            pid,
            peer: service.peer().clone(),
            service: Some(service),
            malformed,
            _child: child,
        },
        tools,
    ))
}

/// The server's stdout as the client reads it: line by line, each checked to be a JSON-RPC 2.0
/// message. The first line that is not (or is longer than [`MAX_FRAME_BYTES`], or not UTF-8)
/// is noted in `malformed` and ends the stream, so the session closes at once.
fn frames_checked(
    stdout: tokio::process::ChildStdout,
    malformed: Arc<Mutex<Option<String>>>,
) -> tokio::io::DuplexStream {
    let (reader, mut writer) = tokio::io::duplex(1 << 16);
    tokio::spawn(async move {
        let mut stdout = tokio::io::BufReader::new(stdout);
        loop {
            let mut line = Vec::new();
            let read = (&mut stdout)
                .take(MAX_FRAME_BYTES + 1)
                .read_until(b'\n', &mut line)
                .await;
            let problem = match read {
                Ok(0) | Err(_) => return,
                Ok(_) if line.len() as u64 > MAX_FRAME_BYTES => {
                    Some(format!("a line longer than {MAX_FRAME_BYTES} bytes"))
                }
                Ok(_) => frame_problem(&line),
            };
            if let Some(problem) = problem {
                if let Ok(mut note) = malformed.lock() {
                    *note = Some(problem);
                }
                return;
            }
            if line.iter().all(u8::is_ascii_whitespace) {
                continue;
            }
            if !line.ends_with(b"\n") {
                line.push(b'\n');
            }
            if writer.write_all(&line).await.is_err() {
                return;
            }
        }
    });
    reader
}

/// Why a line is not a JSON-RPC 2.0 message (blank lines are allowed), or `None`.
fn frame_problem(line: &[u8]) -> Option<String> {
    if line.iter().all(u8::is_ascii_whitespace) {
        return None;
    }
    let text = String::from_utf8_lossy(line);
    let text = text.trim();
    let cut: String = text.chars().take(80).collect();
    let shown = if cut.len() < text.len() {
        format!("{cut:?}…")
    } else {
        format!("{cut:?}")
    };
    match serde_json::from_slice::<Value>(line) {
        Ok(message) if message.get("jsonrpc").and_then(Value::as_str) == Some("2.0") => None,
        Ok(_) => Some(format!("{shown} is not JSON-RPC 2.0")),
        Err(_) => Some(format!("{shown} is not JSON")),
    }
}
