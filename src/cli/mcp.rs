//! `tact mcp serve`: tact as an MCP server on stdio (issue 17). An MCP client starts jobs on a
//! workspace (the same job `tact run` runs, in the background of this process), follows their
//! `--json` events, answers their questions, reads their ledgers and checkpoints, and lists the
//! catalog. Stdout is the protocol's channel: nothing else may print there, so jobs started
//! here send their events to the server's buffers, never to stdout.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, Implementation,
    ListToolsResult, PaginatedRequestParams, ServerCapabilities, ServerConfig, Tool,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler, ServiceExt};
use serde::Deserialize;
use serde_json::{Value, json};
use tact_actors::events::{JobEvent, event_line};
use tact_actors::job::{job_dir, new_job_id};
use tact_actors::mcp::McpHost;
use tact_runtime::ledger::{self, LedgerEntry, LedgerState};

use crate::cli::run;

#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub command: McpCommand,
}

#[derive(Debug, clap::Subcommand)]
pub enum McpCommand {
    /// Serve tact's jobs, ledgers and catalog as MCP tools on stdin/stdout.
    Serve {
        /// Testing only: every job this server starts uses this scripted model.
        #[arg(long, hide = true)]
        scripted: Option<PathBuf>,
    },
}

/// The longest a `job_events` call waits for a new event: long enough to follow a job without
/// busy polling, short enough that a client's own request timeout never fires first.
const MAX_WAIT_MS: u64 = 30_000;

/// How long `answer_job` waits for a run that has emitted `done` to release its ledger.
const FINISH_WAIT: Duration = Duration::from_secs(30);

pub fn run(args: Args) -> anyhow::Result<i32> {
    let McpCommand::Serve { scripted } = args.command;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let server = TactMcp {
            jobs: Arc::new(Mutex::new(HashMap::new())),
            scripted,
        };
        let service = server
            .serve(rmcp::transport::stdio())
            .await
            .map_err(|e| anyhow::anyhow!("starting the MCP session: {e}"))?;
        service
            .waiting()
            .await
            .map_err(|e| anyhow::anyhow!("the MCP session: {e}"))?;
        anyhow::Ok(())
    })?;
    Ok(0)
}

// ---- tool arguments (their JSON Schemas are the tools' input schemas) ----

#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct StartJob {
    /// What to do, as `tact run --task` takes it.
    task: String,
    /// The workspace directory the job acts in (it must exist).
    workspace: String,
    /// A policy file (TOML); a relative path is taken from the workspace. Default: the
    /// workspace's or user's config, else the built-in policy.
    #[serde(default)]
    policy: Option<String>,
    /// The decoder: an installed model's name, a GGUF file or an HF folder. Default: the
    /// workspace's or user's config, else smollm2-135m-instruct.
    #[serde(default)]
    model: Option<String>,
    /// Ceiling on tool calls (overrides the policy's budget).
    #[serde(default)]
    max_tool_calls: Option<u64>,
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct JobEvents {
    /// The id `start_job` returned.
    job_id: String,
    /// Return the events from this index on (the `next_cursor` of the last call); 0 or absent:
    /// from the first.
    #[serde(default)]
    cursor: Option<usize>,
    /// When there is no event past the cursor and the job is running, wait up to this many
    /// milliseconds for one (at most 30000). Default 0: answer at once.
    #[serde(default)]
    wait_ms: Option<u64>,
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct AnswerJob {
    /// The job's id.
    job_id: String,
    /// The answer to the job's question.
    text: String,
    /// The job's workspace; needed only for a job this server did not start.
    #[serde(default)]
    workspace: Option<String>,
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct JobRef {
    /// The job's id.
    job_id: String,
    /// The job's workspace; needed only for a job this server did not start.
    #[serde(default)]
    workspace: Option<String>,
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct ListCatalog {
    /// Also list the tools of the MCP servers this workspace's config (and the user's) names,
    /// as a job there would have them (the servers are started to list them, then stopped).
    #[serde(default)]
    workspace: Option<String>,
}

/// Every tool this server offers: name, description, input schema.
fn tools() -> Vec<Tool> {
    use rmcp::handler::server::common::schema_for_type;
    vec![
        Tool::new(
            "start_job",
            "Start a tact job (the same job `tact run` runs) on a workspace, in the background. \
             Returns the job id; follow it with job_events.",
            schema_for_type::<StartJob>(),
        ),
        Tool::new(
            "job_events",
            "A job's events so far (or since a cursor), as the objects of `tact run --json`'s \
             stream (docs/events.md); `done` is the last. Returns next_cursor and whether the \
             job is still running.",
            schema_for_type::<JobEvents>(),
        ),
        Tool::new(
            "answer_job",
            "Answer the question a job is waiting on (as `tact answer`), and resume it in the \
             background.",
            schema_for_type::<AnswerJob>(),
        ),
        Tool::new(
            "job_ledger",
            "A job's ledger (as `tact ledger show --json`): every record, calls in doubt, a torn \
             tail, the final status and any pending question.",
            schema_for_type::<JobRef>(),
        ),
        Tool::new(
            "job_checkpoint",
            "A job's latest checkpoint (routes tried, budget burned and left, the recommended \
             next step) and its status.",
            schema_for_type::<JobRef>(),
        ),
        Tool::new(
            "list_catalog",
            "tact's tool catalog: each tool's name, description, parameter and output JSON \
             Schemas and risk class (as `tact tools show`); with a workspace, its MCP servers' \
             tools too.",
            schema_for_type::<ListCatalog>(),
        ),
    ]
}

// ---- jobs this server runs ----

/// A job started (or resumed) by this server.
struct JobEntry {
    workspace: PathBuf,
    /// The arguments it runs with, kept to resume it after an answer.
    args: run::Args,
    /// Its event lines, in order.
    events: Mutex<Vec<Value>>,
    /// The number of events and whether a run of the job is going on, for waiting readers.
    progress: tokio::sync::watch::Sender<(usize, bool)>,
}

impl JobEntry {
    fn push(&self, line: Value) {
        let len = match self.events.lock() {
            Ok(mut events) => {
                events.push(line);
                events.len()
            }
            Err(_) => return,
        };
        self.progress.send_modify(|p| p.0 = len);
    }

    fn set_running(&self, running: bool) {
        self.progress.send_modify(|p| p.1 = running);
    }

    fn running(&self) -> bool {
        self.progress.borrow().1
    }

    /// The run has emitted its last event (`done` or `error`) and is shutting down.
    fn finishing(&self) -> bool {
        self.events.lock().is_ok_and(|events| {
            events
                .last()
                .is_some_and(|e| e["event"] == "done" || e["event"] == "error")
        })
    }
}

#[derive(Clone)]
struct TactMcp {
    jobs: Arc<Mutex<HashMap<String, Arc<JobEntry>>>>,
    scripted: Option<PathBuf>,
}

/// A tool's failure the caller reads: an MCP error result with the message as text (not a
/// JSON-RPC error, which clients tend to show without its message).
fn refuse(message: String) -> CallToolResult {
    CallToolResult::error(vec![ContentBlock::text(message)])
}

fn parse<T: serde::de::DeserializeOwned>(
    tool: &str,
    args: Option<rmcp::model::JsonObject>,
) -> Result<T, String> {
    serde_json::from_value(Value::Object(args.unwrap_or_default()))
        .map_err(|e| format!("{tool}: malformed arguments: {e}"))
}

/// A job id names a directory under `.tact/jobs/`: nothing that could leave it.
fn valid_job_id(id: &str) -> Result<(), String> {
    let ok = !id.is_empty()
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_' || c == '.')
        && !id.starts_with('.');
    if ok {
        Ok(())
    } else {
        Err(format!(
            "{id:?} is not a job id (letters, digits, '-', '_' and '.')"
        ))
    }
}

/// A workspace the caller names: an existing directory, canonical.
fn existing_workspace(path: &str) -> Result<PathBuf, String> {
    let dir = PathBuf::from(path);
    if !dir.is_absolute() {
        return Err(format!(
            "workspace {path:?} must be an absolute path (this server's directory is not the \
             client's)"
        ));
    }
    match dir.canonicalize() {
        Ok(dir) if dir.is_dir() => Ok(dir),
        Ok(_) => Err(format!("workspace {path:?} is not a directory")),
        Err(e) => Err(format!("workspace {path:?} does not exist: {e}")),
    }
}

impl TactMcp {
    fn entry(&self, job_id: &str) -> Option<Arc<JobEntry>> {
        self.jobs.lock().ok()?.get(job_id).cloned()
    }

    /// The job directory of a job this server knows, or of one in the workspace given.
    fn job_dir_of(&self, job_id: &str, workspace: Option<&str>) -> Result<PathBuf, String> {
        valid_job_id(job_id)?;
        let workspace = match (self.entry(job_id), workspace) {
            (Some(entry), _) => entry.workspace.clone(),
            (None, Some(ws)) => existing_workspace(ws)?,
            (None, None) => {
                return Err(format!(
                    "unknown job {job_id:?}: this server did not start it (give its workspace \
                     to read a job started elsewhere)"
                ));
            }
        };
        let dir = job_dir(&workspace, job_id);
        if !dir.join(ledger::LEDGER_FILE).is_file() {
            return Err(format!(
                "unknown job {job_id:?}: no ledger at {}",
                dir.join(ledger::LEDGER_FILE).display()
            ));
        }
        Ok(dir)
    }

    /// Build the job's configuration (loading its model) and run it in the background; its
    /// events go to the entry. Configuration errors are the caller's, at once.
    async fn launch(&self, entry: Arc<JobEntry>) -> Result<(), String> {
        let args = entry.args.clone();
        let workspace = entry.workspace.clone();
        let job_id = args.job_id.clone().unwrap_or_default();
        let mcp = run::start_mcp(&workspace, &job_id)
            .await
            .map_err(|e| format!("{e:#}"))?;
        let job_mcp = mcp.clone();
        let mut cfg =
            tokio::task::spawn_blocking(move || run::job_config(&args, &workspace, job_mcp))
                .await
                .map_err(|e| format!("setting up the job: {e}"))?
                .map_err(|e| format!("{e:#}"))?;
        let job_id = cfg.job_id.clone();
        let sink_entry = entry.clone();
        let sink_id = job_id.clone();
        cfg.events = Arc::new(move |event: &JobEvent| {
            sink_entry.push(event_line(&sink_id, event));
        });
        entry.set_running(true);
        tokio::spawn(async move {
            let result = tact_actors::run_job(cfg).await;
            if let Some(host) = mcp {
                host.shutdown().await;
            }
            if let Err(e) = result {
                // As `tact run --json` does: a failure is in the stream too.
                entry.push(event_line(
                    &job_id,
                    &JobEvent::Error {
                        message: e.to_string(),
                    },
                ));
            }
            entry.set_running(false);
        });
        Ok(())
    }

    async fn start_job(&self, a: StartJob) -> Result<Value, String> {
        let workspace = existing_workspace(&a.workspace)?;
        let in_workspace = |p: String| {
            let p = PathBuf::from(p);
            if p.is_absolute() {
                p
            } else {
                workspace.join(p)
            }
        };
        let job_id = new_job_id();
        let args = run::Args {
            workspace: Some(workspace.clone()),
            example: None,
            task: a.task,
            policy: a.policy.map(in_workspace),
            json: true,
            verbose: false,
            model: run::ModelArgs {
                model: a.model,
                backend: None,
                threads: None,
            },
            retriever: None,
            always_call: false,
            test_command: None,
            max_tool_calls: a.max_tool_calls,
            max_seconds: None,
            job_id: Some(job_id.clone()),
            call_timeout_secs: 300,
            model_host: None,
            inject_host_exit: None,
            scripted: self.scripted.clone(),
            inject_panics: None,
        };
        let args = run::with_config(&args, &workspace).map_err(|e| format!("{e:#}"))?;
        let entry = Arc::new(JobEntry {
            workspace: workspace.clone(),
            args,
            events: Mutex::new(Vec::new()),
            progress: tokio::sync::watch::Sender::new((0, false)),
        });
        self.launch(entry.clone()).await?;
        if let Ok(mut jobs) = self.jobs.lock() {
            jobs.insert(job_id.clone(), entry);
        }
        Ok(json!({
            "job_id": job_id,
            "workspace": workspace.display().to_string(),
            "job_dir": job_dir(&workspace, &job_id).display().to_string(),
        }))
    }

    async fn job_events(&self, a: JobEvents) -> Result<Value, String> {
        valid_job_id(&a.job_id)?;
        let Some(entry) = self.entry(&a.job_id) else {
            return Err(format!(
                "unknown job {:?}: this server did not start it (events are kept for the jobs \
                 it started; job_ledger reads any job's ledger)",
                a.job_id
            ));
        };
        let cursor = a.cursor.unwrap_or(0);
        let wait = Duration::from_millis(a.wait_ms.unwrap_or(0).min(MAX_WAIT_MS));
        if !wait.is_zero() {
            let mut progress = entry.progress.subscribe();
            // Either a new event or the end of the run ends the wait; a timeout just answers
            // with what there is.
            let _ = tokio::time::timeout(
                wait,
                progress.wait_for(|(len, running)| *len > cursor || !running),
            )
            .await;
        }
        let (events, next) = match entry.events.lock() {
            Ok(events) => {
                let from = cursor.min(events.len());
                (events[from..].to_vec(), events.len())
            }
            Err(_) => return Err("the job's event buffer is unusable".to_string()),
        };
        let status = read_state(&job_dir(&entry.workspace, &a.job_id))
            .ok()
            .and_then(|(state, _)| state.final_status().cloned());
        Ok(json!({
            "job_id": a.job_id,
            "events": events,
            "next_cursor": next,
            "running": entry.running(),
            "status": status,
        }))
    }

    async fn answer_job(&self, a: AnswerJob) -> Result<Value, String> {
        let dir = self.job_dir_of(&a.job_id, a.workspace.as_deref())?;
        let entry = self.entry(&a.job_id);
        if let Some(e) = &entry
            && e.running()
        {
            // A run whose `done` event is out is still closing its ledger and stages: a
            // client that answers on seeing `done` waits for that, briefly.
            if e.finishing() {
                let mut progress = e.progress.subscribe();
                let _ =
                    tokio::time::timeout(FINISH_WAIT, progress.wait_for(|(_, running)| !running))
                        .await;
            }
            if e.running() {
                return Err(format!(
                    "job {} is still running; answer once it waits for you",
                    a.job_id
                ));
            }
        }
        super::resume::record_answer(&dir, &a.job_id, a.text).map_err(|e| format!("{e:#}"))?;
        let entry = match entry {
            Some(entry) => entry,
            None => {
                // A job started elsewhere: resume it with the settings its workspace gives.
                let workspace = dir
                    .parent()
                    .and_then(Path::parent)
                    .and_then(Path::parent)
                    .map(Path::to_path_buf)
                    .ok_or_else(|| "the job directory has no workspace".to_string())?;
                let args = run::Args {
                    workspace: Some(workspace.clone()),
                    example: None,
                    task: run::DEFAULT_TASK.to_string(),
                    policy: None,
                    json: true,
                    verbose: false,
                    model: run::ModelArgs {
                        model: None,
                        backend: None,
                        threads: None,
                    },
                    retriever: None,
                    always_call: false,
                    test_command: None,
                    max_tool_calls: None,
                    max_seconds: None,
                    job_id: Some(a.job_id.clone()),
                    call_timeout_secs: 300,
                    model_host: None,
                    inject_host_exit: None,
                    scripted: self.scripted.clone(),
                    inject_panics: None,
                };
                let args = run::with_config(&args, &workspace).map_err(|e| format!("{e:#}"))?;
                let entry = Arc::new(JobEntry {
                    workspace,
                    args,
                    events: Mutex::new(Vec::new()),
                    progress: tokio::sync::watch::Sender::new((0, false)),
                });
                if let Ok(mut jobs) = self.jobs.lock() {
                    jobs.insert(a.job_id.clone(), entry.clone());
                }
                entry
            }
        };
        let cursor = entry.events.lock().map(|e| e.len()).unwrap_or(0);
        self.launch(entry).await?;
        Ok(json!({"job_id": a.job_id, "resumed": true, "cursor": cursor}))
    }

    fn job_ledger(&self, a: JobRef) -> Result<Value, String> {
        let dir = self.job_dir_of(&a.job_id, a.workspace.as_deref())?;
        let (state, recovery) = read_state(&dir)?;
        let in_doubt: Vec<String> = state.in_doubt().into_iter().map(|d| d.0).collect();
        Ok(json!({
            "job_id": a.job_id,
            "ledger": dir.join(ledger::LEDGER_FILE).display().to_string(),
            "records": state.records,
            "in_doubt": in_doubt,
            "torn_tail": (recovery.truncated_bytes > 0).then(|| json!({
                "bytes": recovery.truncated_bytes,
                "reason": recovery.reason,
            })),
            "status": state.final_status(),
            "pending_question": state.pending_question(),
        }))
    }

    fn job_checkpoint(&self, a: JobRef) -> Result<Value, String> {
        let dir = self.job_dir_of(&a.job_id, a.workspace.as_deref())?;
        let (state, _) = read_state(&dir)?;
        let checkpoint = state.records.iter().rev().find_map(|r| match &r.entry {
            LedgerEntry::Checkpoint { checkpoint } => Some(checkpoint.clone()),
            _ => None,
        });
        Ok(json!({
            "job_id": a.job_id,
            "checkpoint": checkpoint,
            "status": state.final_status(),
            "pending_question": state.pending_question(),
        }))
    }

    async fn list_catalog(&self, a: ListCatalog) -> Result<Value, String> {
        let mut catalog = tact_runtime::catalog::catalog();
        let mut problems: Vec<String> = Vec::new();
        if let Some(ws) = &a.workspace {
            let workspace = existing_workspace(ws)?;
            let servers = run::mcp_servers_of(&workspace).map_err(|e| format!("{e:#}"))?;
            if !servers.is_empty() {
                let host = McpHost::start(&servers, &workspace, None).await;
                catalog.extend(host.tools().iter().cloned());
                problems = host.problems().to_vec();
                host.shutdown().await;
            }
        }
        let tools: Vec<Value> = catalog
            .iter()
            .map(|spec| {
                json!({
                    "name": spec.name,
                    "edition": spec.edition,
                    "description": spec.description,
                    "parameters": spec.parameters,
                    "output_schema": spec.output_schema,
                    "effect": spec.effect,
                })
            })
            .collect();
        Ok(json!({ "tools": tools, "mcp_problems": problems }))
    }

    async fn dispatch(&self, request: CallToolRequestParams) -> CallToolResult {
        let name = request.name.to_string();
        let args = request.arguments;
        let result = match name.as_str() {
            "start_job" => match parse(&name, args) {
                Ok(a) => self.start_job(a).await,
                Err(e) => Err(e),
            },
            "job_events" => match parse(&name, args) {
                Ok(a) => self.job_events(a).await,
                Err(e) => Err(e),
            },
            "answer_job" => match parse(&name, args) {
                Ok(a) => self.answer_job(a).await,
                Err(e) => Err(e),
            },
            "job_ledger" => parse(&name, args).and_then(|a| self.job_ledger(a)),
            "job_checkpoint" => parse(&name, args).and_then(|a| self.job_checkpoint(a)),
            "list_catalog" => match parse(&name, args) {
                Ok(a) => self.list_catalog(a).await,
                Err(e) => Err(e),
            },
            other => Err(format!(
                "no tool named {other:?} (tools: {})",
                tools()
                    .iter()
                    .map(|t| t.name.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
        };
        match result {
            Ok(value) => CallToolResult::structured(value),
            Err(message) => refuse(message),
        }
    }
}

/// A job's ledger, read (a torn tail is reported, not repaired: the job may be writing it).
fn read_state(dir: &Path) -> Result<(LedgerState, ledger::Recovery), String> {
    let file = dir.join(ledger::LEDGER_FILE);
    let (records, recovery) =
        ledger::read_ledger(&file).map_err(|e| format!("reading {}: {e}", file.display()))?;
    Ok((LedgerState::new(records), recovery))
}

impl ServerHandler for TactMcp {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new("tact", env!("CARGO_PKG_VERSION")))
            .with_instructions(
                "tact runs coding jobs with a small local model: start_job, follow job_events \
                 until `done`, answer_job when it asks, read job_ledger / job_checkpoint.",
            )
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        Ok(ListToolsResult::with_all_items(tools()))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        Ok(self.dispatch(request).await.into())
    }

    fn get_tool(&self, name: &str) -> Option<Tool> {
        tools().into_iter().find(|t| t.name == name)
    }
}
