//! `tact run`: one job, headless, to its end.

use std::collections::HashMap;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use anyhow::{Context, bail};
use tact_actors::events::{EventSink, JobEvent, event_line};
use tact_actors::job::{JobConfig, job_dir, new_job_id};
use tact_actors::mcp::McpHost;
use tact_actors::model_host::{ModelHost, ModelHostCommand, RestartLimit};
use tact_actors::nodes;
use tact_actors::run_job;
use tact_actors::stage::FaultPlan;
use tact_actors::worker_process::WorkerCommand;
use tact_models::DecisionModel;
use tact_models::host::HostedModel;
use tact_models::scripted::{ScriptedModel, ScriptedStep};
use tact_policies::Policy;
use tact_runtime::ledger::JobStatus;
use tact_runtime::records::{BudgetEnvelope, RiskClass};
use tact_runtime::tools::ToolConfig;

/// The headline task.
pub const DEFAULT_TASK: &str = "the tests fail; find the bug and fix it";

#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    /// The workspace the job acts in.
    #[arg(long, conflicts_with = "example")]
    pub workspace: Option<PathBuf>,
    /// Run on a copy of a bundled example workspace (`examples/NAME`), e.g. `calc`.
    #[arg(long)]
    pub example: Option<String>,
    /// What to do.
    #[arg(long, default_value = DEFAULT_TASK)]
    pub task: String,
    /// Policy file (TOML); the built-in default otherwise.
    #[arg(long)]
    pub policy: Option<PathBuf>,
    /// One JSON object per line on stdout, with an `event` field.
    #[arg(long)]
    pub json: bool,
    /// Human output with every event and its raw details (calls, observations, the model's
    /// scores), not only the steps in words.
    #[arg(short, long)]
    pub verbose: bool,
    #[command(flatten)]
    pub model: ModelArgs,
    /// Retriever: `fused` (BM25 + MiniLM embeddings, the default) or `bm25`.
    #[arg(long)]
    pub retriever: Option<nodes::RetrieverKind>,
    /// Force the trigger to always seek a tool (the "always tool" baseline).
    #[arg(long)]
    pub always_call: bool,
    /// The command that runs the workspace's tests (e.g. `"pytest -q tests/unit"`), split into
    /// words without a shell; default: one the task names in backticks, else cargo, pytest or
    /// npm by the files present.
    #[arg(long, value_name = "COMMAND")]
    pub test_command: Option<String>,
    /// Ceiling on tool calls (overrides the policy's budget).
    #[arg(long)]
    pub max_tool_calls: Option<u64>,
    /// Ceiling on wall time in seconds (overrides the policy's budget).
    #[arg(long)]
    pub max_seconds: Option<u64>,
    /// Use this job id (default: a fresh one).
    #[arg(long)]
    pub job_id: Option<String>,
    /// A call that runs longer than this is killed with its worker.
    #[arg(long, default_value_t = 300)]
    pub call_timeout_secs: u64,
    /// Use the model host listening at this socket (one `tact watch` started for its jobs)
    /// instead of starting one for this job.
    #[arg(long, value_name = "SOCKET")]
    pub model_host: Option<PathBuf>,
    /// Testing only: this job's model host exits on its Nth request (once; it is restarted).
    #[arg(long, hide = true)]
    pub inject_host_exit: Option<u32>,
    /// Testing only: a JSON file with a scripted model (a list of steps) instead of the model.
    #[arg(long, hide = true)]
    pub scripted: Option<PathBuf>,
    /// Testing only: make stages panic, e.g. `trigger:1,guard:1`.
    #[arg(long, hide = true)]
    pub inject_panics: Option<String>,
}

#[derive(Debug, Clone, clap::Args)]
pub struct ModelArgs {
    /// The decoder: an installed model's name (smollm2-135m-instruct, qwen2.5-coder-0.5b), a
    /// GGUF file or an HF folder (default: smollm2-135m-instruct).
    #[arg(long, value_name = "NAME|PATH")]
    pub model: Option<String>,
    /// CPU backend: flex or ndarray.
    #[arg(long)]
    pub backend: Option<String>,
    /// Decoder threads (default: the machine's cores).
    #[arg(long)]
    pub threads: Option<usize>,
}

/// The backend `--backend` names (the default otherwise).
pub fn backend_of(args: &ModelArgs) -> anyhow::Result<tact_models::BackendKind> {
    match &args.backend {
        Some(b) => b.parse().map_err(|e| anyhow::anyhow!("{e}")),
        None => Ok(tact_models::BackendKind::DEFAULT),
    }
}

/// Start the decoder `--model` names (see [`tact_models::resolve`]).
pub fn spawn_decoder(args: &ModelArgs) -> anyhow::Result<tact_models::ModelHandle> {
    let backend = backend_of(args)?;
    let resolved = tact_models::resolve::resolve_model(
        args.model.as_deref(),
        &tact_models::fetch::default_home(),
    )?;
    resolved
        .spawn_with_threads(backend, args.threads)
        .with_context(|| format!("loading the model {}", resolved.path().display()))
}

/// The code writer the policy names for the repair's function rewrites, unless the job's own
/// model is that model, the model is scripted, or the writer is not installed (the job's model
/// then writes them, and a warning says why). Loaded only when a job first asks it to write.
pub fn code_writer(
    policy: &Policy,
    args: &ModelArgs,
    scripted: bool,
) -> anyhow::Result<Option<Arc<dyn DecisionModel>>> {
    let repair = &policy.body.repair;
    // An empty name turns the writer off in a policy file (merged over the built-in one).
    let Some(spec) = repair.rewrite_model.as_deref().filter(|s| !s.is_empty()) else {
        return Ok(None);
    };
    if scripted || repair.rewrites == 0 {
        return Ok(None);
    }
    let home = tact_models::fetch::default_home();
    let writer = match tact_models::resolve::resolve_model(Some(spec), &home) {
        Ok(writer) => writer,
        Err(e) => {
            tracing::warn!(
                "the policy's code writer is not available ({e}); the job's own model writes the function rewrites"
            );
            return Ok(None);
        }
    };
    let own = tact_models::resolve::resolve_model(args.model.as_deref(), &home)?;
    if own.path() == writer.path() {
        return Ok(None);
    }
    // One writer per process and setting: the jobs of `tact watch`, `serve` or `queue` share
    // it, so it is loaded at most once, by the first job that asks it to write.
    static WRITERS: OnceLock<Mutex<WriterCache>> = OnceLock::new();
    let backend = backend_of(args)?;
    let key = (writer.path().to_path_buf(), backend, args.threads);
    let mut writers = WRITERS
        .get_or_init(Default::default)
        .lock()
        .map_err(|_| anyhow::anyhow!("the code writers' lock is poisoned"))?;
    let shared = writers.entry(key).or_insert_with(|| {
        Arc::new(tact_models::writer::CodeWriter::new(
            writer,
            backend,
            args.threads,
        ))
    });
    Ok(Some(shared.clone()))
}

/// The code writers of this process, by file, backend and thread count.
type WriterCache =
    HashMap<(PathBuf, tact_models::BackendKind, Option<usize>), Arc<dyn DecisionModel>>;

/// Load the decision model (the scripted one for tests, else the real one) with the
/// hidden-state probe `probe_for(model id)` names, if any.
pub fn load_model_with_probe(
    args: &ModelArgs,
    scripted: Option<&Path>,
    probe_for: &dyn Fn(&str) -> anyhow::Result<Option<String>>,
) -> anyhow::Result<Arc<dyn DecisionModel>> {
    if let Some(path) = scripted {
        let text =
            std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
        let steps: Vec<ScriptedStep> =
            serde_json::from_str(&text).context("parsing the scripted model")?;
        return Ok(Arc::new(ScriptedModel::new(steps)));
    }
    let handle = spawn_decoder(args)?;
    let probe = probe_for(handle.id())?;
    let model = tact_models::LlamaDecisionModel::new(handle);
    match probe {
        Some(spec) => Ok(Arc::new(model.with_probe(load_probe(&spec)?)?)),
        None => Ok(Arc::new(model)),
    }
}

/// The probe a policy names: `builtin:NAME` (shipped in the binary, under `policies/probes/`),
/// a path relative to the models home, or an absolute path.
pub fn load_probe(spec: &str) -> anyhow::Result<tact_models::Probe> {
    use tact_policies::probes;
    if let Some(name) = spec.strip_prefix(probes::BUILTIN_PREFIX) {
        let Some(bytes) = probes::builtin_probe(name) else {
            bail!(
                "no shipped probe named {name:?} (shipped: {})",
                probes::builtin_probe_names().join(", ")
            );
        };
        return tact_models::Probe::from_bytes(bytes)
            .with_context(|| format!("reading the shipped probe {name}"));
    }
    let path = PathBuf::from(spec);
    let path = if path.is_absolute() {
        path
    } else {
        tact_models::fetch::default_home().join(path)
    };
    tact_models::Probe::load(&path).with_context(|| format!("loading the probe {}", path.display()))
}

fn examples_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("examples")
}

/// Copy a workspace, leaving out build outputs, caches and tact's own job directories.
pub fn copy_dir(from: &Path, to: &Path) -> anyhow::Result<()> {
    std::fs::create_dir_all(to)?;
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        let name = entry.file_name();
        if ["target", ".tact", "__pycache__", ".pytest_cache"]
            .iter()
            .any(|skip| name == *skip)
        {
            continue;
        }
        let target = to.join(&name);
        if entry.file_type()?.is_dir() {
            copy_dir(&entry.path(), &target)?;
        } else {
            std::fs::copy(entry.path(), &target)?;
        }
    }
    Ok(())
}

/// One call as a human line: its id, tool and arguments (at most `width` characters of them).
fn call_line(work_id: &str, tool: &str, args: &serde_json::Value, width: usize) -> String {
    let text = args.to_string();
    let text = if text == "{}" { String::new() } else { text };
    format!(
        "→ {work_id} {tool} {}",
        text.chars().take(width).collect::<String>()
    )
}

/// Prints events: JSON lines, or human lines on stderr — one line per step a person wants to
/// follow (the decision in words, each candidate probed and its verdict), or every event with
/// its raw details when `verbose`.
pub fn event_printer(json: bool, verbose: bool, job_id: &str) -> EventSink {
    let human = std::io::stderr().is_terminal() || !json;
    let job_id = job_id.to_string();
    // Probe calls are followed by their verdict in words; their call and observation lines
    // are details.
    let probes: std::sync::Mutex<std::collections::HashSet<String>> = Default::default();
    Arc::new(move |event: &JobEvent| {
        if json {
            println!("{}", event_line(&job_id, event));
            return;
        }
        if !human {
            return;
        }
        if !verbose {
            let is_probe = |work_id: &str| probes.lock().is_ok_and(|p| p.contains(work_id));
            let brief = match event {
                JobEvent::Decision { decision, .. } => match decision.human() {
                    Some(text) => Some(format!("  {text}")),
                    None => return,
                },
                JobEvent::Call { work_id, tool, .. } if tool == "probe_edit" => {
                    if let Ok(mut p) = probes.lock() {
                        p.insert(work_id.clone());
                    }
                    return;
                }
                JobEvent::Call {
                    work_id,
                    tool,
                    args,
                    ..
                } => Some(call_line(work_id, tool, args, 80)),
                JobEvent::Observation {
                    work_id, ok: true, ..
                } if is_probe(work_id) => return,
                JobEvent::Verdict {
                    verdict: tact_runtime::records::TrustVerdict::Verified,
                    ..
                } => return,
                JobEvent::Verdict { work_id, .. } if is_probe(work_id) => return,
                _ => None,
            };
            if let Some(line) = brief {
                eprintln!("{line}");
                return;
            }
        }
        let line = match event {
            JobEvent::Plan { plan, .. } => format!(
                "plan {} edition {}: {} ({} planned calls)",
                plan.plan_id,
                plan.edition,
                plan.task_family,
                plan.planned_calls.len()
            ),
            JobEvent::Started {
                job_id,
                task,
                model,
                resumed,
                ..
            } => format!(
                "{} job {job_id} with {}: {task}",
                if *resumed { "resuming" } else { "starting" },
                // The id's file hash is for the ledger; a person reads the name.
                if verbose {
                    model.as_str()
                } else {
                    model.split('#').next().unwrap_or(model)
                }
            ),
            JobEvent::Decision { step, decision } => {
                let node = decision.node();
                let text = decision.detail().to_string();
                format!(
                    "  step {step} {node}: {}",
                    text.chars().take(140).collect::<String>()
                )
            }
            JobEvent::Call {
                work_id,
                tool,
                args,
                ..
            } => call_line(work_id, tool, args, 140),
            JobEvent::Observation {
                work_id,
                ok,
                summary,
                ..
            } => format!(
                "← {work_id} {} {}",
                if *ok { "ok" } else { "error" },
                summary
                    .lines()
                    .next()
                    .unwrap_or("")
                    .chars()
                    .take(140)
                    .collect::<String>()
            ),
            JobEvent::Verdict { work_id, verdict } => {
                format!("  {work_id} trust: {}", verdict.label())
            }
            JobEvent::Checkpoint { checkpoint } => format!(
                "checkpoint: {} routes tried, burned {} calls / {} model passes: {}",
                checkpoint.tested_routes.len(),
                checkpoint.burned.tool_calls,
                checkpoint.burned.forward_passes,
                checkpoint.reason
            ),
            JobEvent::Answer { text, verdict, .. } => {
                format!("answer [{}]: {text}", verdict.label())
            }
            JobEvent::Ask { job_id, question } => {
                format!("? {question}\n  (answer with: tact answer {job_id} \"...\")")
            }
            JobEvent::NeedsAttention { work_id, reason } => {
                format!("! {work_id} needs attention: {reason}")
            }
            JobEvent::Done {
                status,
                summary,
                model,
                changed_files,
                ..
            } => {
                let changed = if changed_files.is_empty() {
                    "no file changed".to_string()
                } else {
                    format!("changed: {}", changed_files.join(", "))
                };
                let cache = model
                    .prefix_hit_rate()
                    .map(|rate| {
                        format!(
                            ", prefix cache served {:.0}% of prompt tokens",
                            rate * 100.0
                        )
                    })
                    .unwrap_or_default();
                format!(
                    "done ({status:?}): {summary}\n  {changed}\n  model: {} passes over {} tokens{cache}",
                    model.forward_passes, model.tokens
                )
            }
            JobEvent::Error { message } => format!("error: {message}"),
        };
        eprintln!("{line}");
    })
}

/// `args` with what the command line left open taken from the config files (the workspace's,
/// then the user's; see `tact config show`).
pub fn with_config(args: &Args, workspace: &Path) -> anyhow::Result<Args> {
    let flags = super::config::Flags {
        model: args.model.model.clone(),
        backend: args.model.backend.clone(),
        threads: args.model.threads,
        policy: args.policy.clone(),
        retriever: args.retriever.map(|r| r.name().to_string()),
        watch_rules: None,
    };
    let settings = super::config::settings(&flags, Some(workspace))?;
    let mut args = args.clone();
    args.model.model = settings.model.value;
    args.model.backend = settings.backend.value;
    args.model.threads = settings.threads.value;
    args.policy = settings.policy.value;
    args.retriever =
        Some(settings.retriever.value.parse().map_err(|e: String| {
            anyhow::anyhow!("retriever ({}): {e}", settings.retriever.source)
        })?);
    Ok(args)
}

/// Build a job's configuration from the command line, with the tools of the MCP servers
/// `mcp` runs in its catalog.
pub fn job_config(
    args: &Args,
    workspace: &Path,
    mcp: Option<Arc<McpHost>>,
) -> anyhow::Result<JobConfig> {
    let policy = Policy::load_or_default(args.policy.as_deref())?;
    // The job id is fixed first: the model host's log goes to the job's folder.
    let mut args = args.clone();
    let job_id = args.job_id.get_or_insert_with(new_job_id).clone();
    let JobModel { decoder, host } = job_model(&args, &policy, &job_dir(workspace, &job_id))?;
    job_config_with_model(&args, workspace, decoder, host, mcp)
}

/// The job's decoder: in a model host process — the one `--model-host` names, else one
/// started and supervised for this job (its log in `<job dir>/model-host.stderr`) — and the
/// host's client, whose encoder the retriever uses. The scripted test double stays in the
/// job's process (no host).
pub fn job_model(args: &Args, policy: &Policy, job_dir: &Path) -> anyhow::Result<JobModel> {
    let probe = probe_for(policy, args.always_call);
    if args.scripted.is_some() {
        let decoder = load_model_with_probe(&args.model, args.scripted.as_deref(), &probe)?;
        return Ok(JobModel {
            decoder,
            host: None,
        });
    }
    let client_name = args.job_id.clone().unwrap_or_else(|| "job".into());
    if args.model_host.is_none() {
        // A name that is neither installed nor a file is refused here, with the installed
        // names, not in the host's log.
        tact_models::resolve::resolve_model(
            args.model.model.as_deref(),
            &tact_models::fetch::default_home(),
        )?;
        backend_of(&args.model)?;
    }
    let client = match &args.model_host {
        Some(socket) => HostedModel::connect(socket, &client_name, HOST_WAIT)
            .with_context(|| format!("the model host at {}", socket.display()))?,
        None => {
            std::fs::create_dir_all(job_dir)?;
            let host = ModelHost::start_private(
                ModelHostCommand {
                    program: std::env::current_exe().context("locating the tact binary")?,
                    args: model_host_args(&args.model),
                    socket: PathBuf::new(),
                    stderr_log: Some(job_dir.join("model-host.stderr")),
                    first_exits_on_request: args.inject_host_exit,
                },
                RestartLimit::default(),
            )
            .context("starting the model host")?;
            let client = host.client(&client_name)?;
            client.with_owner(Box::new(host))
        }
    };
    let client = Arc::new(match probe(&client.id())? {
        Some(spec) => client.with_probe(load_probe(&spec)?)?,
        None => client,
    });
    Ok(JobModel {
        decoder: client.clone(),
        host: Some(client),
    })
}

/// A job's model: the decoder the nodes call and, when it is hosted, the host's client.
pub struct JobModel {
    pub decoder: Arc<dyn DecisionModel>,
    pub host: Option<Arc<HostedModel>>,
}

/// How long a job waits for a model host to accept (loading a model on a busy machine).
const HOST_WAIT: std::time::Duration = std::time::Duration::from_secs(180);

/// `tact model-host` with the model arguments of a command line.
pub fn model_host_args(model: &ModelArgs) -> Vec<String> {
    let mut out = vec!["model-host".to_string()];
    if let Some(m) = &model.model {
        out.extend(["--model".into(), m.clone()]);
    }
    if let Some(b) = &model.backend {
        out.extend(["--backend".into(), b.clone()]);
    }
    if let Some(t) = model.threads {
        out.extend(["--threads".into(), t.to_string()]);
    }
    out
}

/// Start the MCP servers the workspace's and user's config files name, for job `job_id`
/// (their stderr goes to `<job dir>/mcp/NAME.stderr`); `None` when there are none. A server
/// that fails to start is left out with a warning on stderr: the job runs with the others.
pub async fn start_mcp(workspace: &Path, job_id: &str) -> anyhow::Result<Option<Arc<McpHost>>> {
    let servers = mcp_servers_of(workspace)?;
    if servers.is_empty() {
        return Ok(None);
    }
    let log_dir = job_dir(workspace, job_id).join("mcp");
    let host = McpHost::start(&servers, workspace, Some(&log_dir)).await;
    for problem in host.problems() {
        tracing::warn!("{problem}");
        eprintln!("tact: {problem}; the job runs without it");
    }
    Ok(Some(Arc::new(host)))
}

/// The MCP servers the workspace's config (else the user's) names.
pub fn mcp_servers_of(
    workspace: &Path,
) -> anyhow::Result<Vec<tact_runtime::catalog::McpServerConfig>> {
    let settings = super::config::settings(&super::config::Flags::default(), Some(workspace))?;
    Ok(settings
        .mcp_servers
        .value
        .iter()
        .map(|s| s.to_runtime())
        .collect())
}

/// The policy's trigger settings for a model: its hidden-state probe file, if any; refused when
/// it has none (unless the trigger is bypassed). A relative probe path is relative to the
/// models home.
pub fn probe_for(
    policy: &Policy,
    always_call: bool,
) -> impl Fn(&str) -> anyhow::Result<Option<String>> + '_ {
    move |model_id: &str| {
        let settings = match policy.trigger_for(model_id) {
            Ok(settings) => settings,
            Err(_) if always_call => return Ok(None),
            Err(e) => return Err(e.into()),
        };
        Ok(settings.probe.clone())
    }
}

/// A job's configuration around a model already loaded (`tact serve` shares one between jobs).
/// `host`: the model host's client, whose encoder the retriever then uses (loaded once where the
/// decoder is); `None` loads MiniLM in this process.
pub fn job_config_with_model(
    args: &Args,
    workspace: &Path,
    model: Arc<dyn DecisionModel>,
    host: Option<Arc<HostedModel>>,
    mcp: Option<Arc<McpHost>>,
) -> anyhow::Result<JobConfig> {
    let policy = Policy::load_or_default(args.policy.as_deref())?;
    let job_id = args.job_id.clone().unwrap_or_else(new_job_id);
    let mut catalog = tact_runtime::catalog::catalog();
    // MCP servers' tools join the catalog before the retriever, guard and trust gate are
    // built over it, so each of them knows those tools as it knows tact's own.
    if let Some(host) = &mcp {
        catalog.extend(host.tools().iter().cloned());
    }
    let temp_dir = job_dir(workspace, &job_id).join("tmp");
    std::fs::create_dir_all(&temp_dir)?;
    let mut budget_override: Option<BudgetEnvelope> = None;
    if args.max_tool_calls.is_some() || args.max_seconds.is_some() {
        let mut envelope = policy.body.budget.envelope();
        if let Some(n) = args.max_tool_calls {
            envelope.tool_calls = Some(n);
        }
        if let Some(s) = args.max_seconds {
            envelope.wall_time_ms = Some(s * 1000);
        }
        envelope.risk_limit = envelope.risk_limit.or(Some(RiskClass::Exec));
        budget_override = Some(envelope);
    }
    Ok(JobConfig {
        events: event_printer(args.json, args.verbose, &job_id),
        job_id,
        workspace: workspace.to_path_buf(),
        task: args.task.clone(),
        model,
        writer: code_writer(&policy, &args.model, args.scripted.is_some())?,
        worker: WorkerCommand::current_exe()?,
        tool_config: ToolConfig {
            command_allow: policy.body.guard.command_allow.clone(),
            command_deny: policy.body.guard.command_deny.clone(),
            test_command: args
                .test_command
                .as_deref()
                .map(|line| {
                    tact_runtime::tools::command::split_command_line(line)
                        .map_err(|e| anyhow::anyhow!("--test-command `{line}`: {e}"))
                })
                .transpose()?
                .filter(|argv| !argv.is_empty()),
            ..ToolConfig::default()
        },
        retrieve: nodes::retrieve_fn(
            catalog.clone(),
            &policy,
            retriever_setup(args.retriever.unwrap_or_default(), host),
        ),
        guard: nodes::guard_fn(catalog.clone(), &policy, workspace),
        trust: nodes::trust_fn(catalog.clone(), &policy, workspace, temp_dir),
        catalog,
        faults: args
            .inject_panics
            .as_deref()
            .map(FaultPlan::parse)
            .unwrap_or_default(),
        call_timeout_ms: args.call_timeout_secs * 1000,
        always_call: args.always_call,
        budget_override,
        ledger_mirror: None,
        mcp,
        policy,
    })
}

/// The retriever a job runs with.
pub fn retriever_setup(
    kind: nodes::RetrieverKind,
    host: Option<Arc<HostedModel>>,
) -> nodes::RetrieverSetup {
    match (kind, host) {
        (nodes::RetrieverKind::Fused, Some(host)) => nodes::RetrieverSetup::fused_hosted(host),
        (nodes::RetrieverKind::Fused, None) => nodes::RetrieverSetup::fused_default(),
        (nodes::RetrieverKind::Bm25, _) => nodes::RetrieverSetup::bm25_only(),
    }
}

/// Resolve the workspace (copying a bundled example when asked).
pub fn workspace_of(args: &Args) -> anyhow::Result<PathBuf> {
    let dir = match (&args.workspace, &args.example) {
        (Some(w), _) => w.clone(),
        (None, Some(name)) => {
            let source = examples_dir().join(name);
            if !source.is_dir() {
                bail!(
                    "no bundled example named {name:?} in {}",
                    examples_dir().display()
                );
            }
            let target = std::env::temp_dir().join(format!("tact-example-{name}-{}", new_job_id()));
            copy_dir(&source, &target)?;
            eprintln!(
                "working on a copy of examples/{name} in {}",
                target.display()
            );
            target
        }
        (None, None) => bail!("give --workspace DIR or --example NAME"),
    };
    dir.canonicalize()
        .with_context(|| format!("workspace {}", dir.display()))
}

pub fn run(mut args: Args) -> anyhow::Result<i32> {
    // The id is fixed up front, so an error after the job exists (a full disk under its
    // ledger, say) names the job; one before it (no such workspace) names none.
    args.job_id.get_or_insert_with(new_job_id);
    let mut started = false;
    let result = run_inner(&args, &mut started);
    if let (Err(e), true) = (&result, args.json) {
        // A `--json` reader sees every failure in the stream too, not only on stderr.
        let job_id = match started {
            true => args.job_id.clone().unwrap_or_default(),
            false => String::new(),
        };
        let event = JobEvent::Error {
            message: format!("{e:#}"),
        };
        println!("{}", event_line(&job_id, &event));
    }
    result
}

fn run_inner(args: &Args, started: &mut bool) -> anyhow::Result<i32> {
    let workspace = workspace_of(args)?;
    let args = &with_config(args, &workspace)?;
    // `run` fixed the id: the job's MCP servers log into its directory.
    let job_id = args.job_id.clone().unwrap_or_else(new_job_id);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let mcp = runtime.block_on(start_mcp(&workspace, &job_id))?;
    let cfg = job_config(args, &workspace, mcp.clone())?;
    *started = true;
    let outcome = runtime.block_on(run_job(cfg));
    if let Some(host) = mcp {
        runtime.block_on(host.shutdown());
    }
    let outcome = outcome?;
    if !args.json {
        eprintln!("ledger: {}", outcome.ledger.display());
    }
    Ok(exit_code(&outcome.status))
}

/// The process exit code for how a job ended (documented in the README): a script can tell a
/// budget stop from a job that needs a person from a crash (1, tact's own error; 2, usage).
pub fn exit_code(status: &JobStatus) -> i32 {
    match status {
        JobStatus::Done => 0,
        JobStatus::BudgetExhausted => 3,
        JobStatus::WaitingForUser => 4,
        JobStatus::NeedsAttention => 5,
        JobStatus::Stopped => 6,
        JobStatus::Failed => 7,
    }
}
