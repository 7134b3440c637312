//! `tact tools`: list the catalog, show one tool, check a call against the guard.

use std::path::PathBuf;

use anyhow::Context;
use serde_json::{Value, json};
use tact_policies::Policy;
use tact_policies::guard::{GuardState, check};
use tact_runtime::catalog::{ToolSpec, catalog, find};
use tact_runtime::messages::ToolCall;
use tact_runtime::records::ToolRef;

/// Exit code of `tools check` when the guard refuses the call.
const EXIT_REFUSED: i32 = 3;

#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub command: ToolsCommand,
    /// Leave out the tools of the MCP servers the workspace's config names (by default they
    /// are started, listed and stopped again, as a job would see them).
    #[arg(long, global = true)]
    pub no_mcp: bool,
}

/// Formats `tools export` writes.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub enum ExportFormat {
    Openai,
}

#[derive(Debug, clap::Subcommand)]
pub enum ToolsCommand {
    /// List every tool in the catalog.
    List {
        #[arg(long)]
        json: bool,
        /// The workspace whose config may name MCP servers.
        #[arg(long, default_value = ".")]
        workspace: PathBuf,
    },
    /// Show one tool's full declaration (schemas, effect, resources, invariants) as JSON.
    Show {
        name: String,
        /// The workspace whose config may name MCP servers.
        #[arg(long, default_value = ".")]
        workspace: PathBuf,
    },
    /// Print the catalog in another ecosystem's format: `openai` gives OpenAI function
    /// definitions (`[{"type": "function", "function": {name, description, parameters}}]`).
    Export {
        #[arg(long, value_enum, default_value = "openai")]
        format: ExportFormat,
        /// The workspace whose config may name MCP servers.
        #[arg(long, default_value = ".")]
        workspace: PathBuf,
    },
    /// Run the precondition guard on one call, without executing it. Exit 0 when admitted, 3
    /// when refused.
    Check {
        name: String,
        /// The call's arguments as a JSON object.
        #[arg(long, default_value = "{}")]
        args: String,
        /// The job's workspace root.
        #[arg(long, default_value = ".")]
        workspace: PathBuf,
        /// Tool edition the call names (default: the catalog's current edition).
        #[arg(long)]
        edition: Option<u32>,
        /// Tools offered at this step, comma-separated (default: the whole catalog).
        #[arg(long, value_delimiter = ',')]
        offered: Option<Vec<String>>,
        /// A file the job has read, as `PATH=SHA256` (repeatable); `PATH` alone hashes the
        /// file's current content, as if it had just been read.
        #[arg(long = "read")]
        read: Vec<String>,
        /// Policy file (default: the built-in policy).
        #[arg(long)]
        policy: Option<PathBuf>,
        #[arg(long)]
        json: bool,
    },
}

pub fn run(args: Args) -> anyhow::Result<i32> {
    let workspace = match &args.command {
        ToolsCommand::List { workspace, .. }
        | ToolsCommand::Show { workspace, .. }
        | ToolsCommand::Export { workspace, .. }
        | ToolsCommand::Check { workspace, .. } => workspace.clone(),
    };
    let tools = catalog_with_mcp(&workspace, args.no_mcp)?;
    match args.command {
        ToolsCommand::List { json, .. } => {
            list(&tools, json)?;
            Ok(0)
        }
        ToolsCommand::Export { format, .. } => {
            let ExportFormat::Openai = format;
            super::emit(&format!(
                "{}\n",
                serde_json::to_string_pretty(&openai_functions(&tools))?
            ))?;
            Ok(0)
        }
        ToolsCommand::Show { name, .. } => match find(&tools, &name) {
            Some(spec) => {
                let mut value = serde_json::to_value(spec)?;
                value["description_ref"] = serde_json::to_value(spec.description_ref())?;
                println!("{}", serde_json::to_string_pretty(&value)?);
                Ok(0)
            }
            None => {
                eprintln!("no tool named `{name}`");
                Ok(2)
            }
        },
        ToolsCommand::Check {
            name,
            args,
            workspace,
            edition,
            offered,
            read,
            policy,
            json,
        } => {
            let policy = Policy::load_or_default(policy.as_deref())?;
            let call_args: Value =
                serde_json::from_str(&args).context("--args must be a JSON value")?;
            let edition = edition
                .or_else(|| find(&tools, &name).map(|s| s.edition))
                .unwrap_or(1);
            let call = ToolCall {
                work_id: "cli-check".into(),
                tool: ToolRef::new(name, edition),
                args: call_args,
                depends_on: Vec::new(),
            };
            let offered = offered.unwrap_or_else(|| tools.iter().map(|t| t.name.clone()).collect());
            let state = read_state(&read, &workspace)?;
            match check(
                &call,
                &offered,
                &tools,
                &policy.body.guard,
                &state,
                &workspace,
            ) {
                Ok(admitted) => {
                    if json {
                        println!(
                            "{}",
                            json!({"admitted": true, "tool": admitted.tool.to_string(), "effect": admitted.effect, "paths": admitted.paths, "argv": admitted.argv})
                        );
                    } else {
                        println!("admitted: {} ({})", admitted.tool, admitted.effect);
                    }
                    Ok(0)
                }
                Err(refusal) => {
                    if json {
                        println!(
                            "{}",
                            json!({"admitted": false, "kind": refusal.kind(), "reason": refusal.to_string(), "refusal": refusal})
                        );
                    } else {
                        println!("refused ({}): {refusal}", refusal.kind());
                    }
                    Ok(EXIT_REFUSED)
                }
            }
        }
    }
}

/// The catalog a job in `workspace` would have: tact's own tools, then the tools of the MCP
/// servers its config names (started, listed and stopped again; one that fails is named on
/// stderr and left out).
fn catalog_with_mcp(workspace: &std::path::Path, no_mcp: bool) -> anyhow::Result<Vec<ToolSpec>> {
    let mut tools = catalog();
    if no_mcp {
        return Ok(tools);
    }
    let servers = super::run::mcp_servers_of(workspace)?;
    if servers.is_empty() {
        return Ok(tools);
    }
    let runtime = tokio::runtime::Runtime::new()?;
    runtime.block_on(async {
        let host = tact_actors::mcp::McpHost::start(&servers, workspace, None).await;
        for problem in host.problems() {
            eprintln!("tact: {problem}; its tools are not listed");
        }
        tools.extend(host.tools().iter().cloned());
        host.shutdown().await;
    });
    Ok(tools)
}

fn list(tools: &[ToolSpec], as_json: bool) -> anyhow::Result<()> {
    if as_json {
        let rows: Vec<Value> = tools
            .iter()
            .map(|t| {
                json!({
                    "name": t.name,
                    "edition": t.edition,
                    "effect": t.effect,
                    "performer": t.performer,
                    "description": t.description,
                    "description_ref": t.description_ref(),
                })
            })
            .collect();
        println!("{}", serde_json::to_string_pretty(&rows)?);
    } else {
        for t in tools {
            println!(
                "{:<16} {:<6} {}",
                t.name,
                t.effect.to_string(),
                t.description
            );
        }
    }
    Ok(())
}

/// Build the guard's last-read state from `--read PATH[=SHA]` flags.
fn read_state(reads: &[String], workspace: &std::path::Path) -> anyhow::Result<GuardState> {
    let mut state = GuardState::default();
    for entry in reads {
        match entry.split_once('=') {
            Some((path, sha)) => state.record(path, sha),
            None => {
                let bytes = std::fs::read(workspace.join(entry))
                    .with_context(|| format!("--read {entry}: cannot read the file"))?;
                state.record(
                    tact_runtime::tools::paths::lexical_key(entry).unwrap_or_else(|| entry.clone()),
                    tact_runtime::tools::sha256_hex(&bytes),
                );
            }
        }
    }
    Ok(state)
}

/// The catalog as OpenAI function definitions: each tool's name, its description and its
/// arguments' JSON Schema, as a model served with function calling expects them.
fn openai_functions(tools: &[ToolSpec]) -> Value {
    Value::Array(
        tools
            .iter()
            .map(|spec| {
                json!({
                    "type": "function",
                    "function": {
                        "name": spec.name,
                        "description": spec.description,
                        "parameters": spec.parameters,
                    },
                })
            })
            .collect(),
    )
}
