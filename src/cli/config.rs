//! tact's own settings from config files: `~/.config/tact/config.toml` (the user's; under
//! `$XDG_CONFIG_HOME` when set) and `<workspace>/.tact/config.toml` (the workspace's, which
//! wins), below the command line's flags. `tact config show` prints the merged settings and
//! where each value came from.
//!
//! ```toml
//! version = 1                       # the format version; required
//! model = "qwen2.5-coder-0.5b"      # an installed model's name, a GGUF file or an HF folder
//! backend = "flex"                  # flex | ndarray
//! threads = 2                       # decoder threads (default: the machine's cores)
//! policy = "policy.toml"            # a policy file, relative to this config file
//! retriever = "fused"               # fused | bm25
//! watch_rules = "watch.toml"        # `tact watch` rules, relative to this config file
//!
//! [mcp_servers.files]               # an MCP server started (stdio) for each job; its tools
//! command = "npx"                   # join the catalog as `files.TOOL` (docs/mcp.md)
//! args = ["-y", "@modelcontextprotocol/server-filesystem", "."]
//! env = { }
//! read_only = true                  # its tools are `read`; otherwise `exec`
//! ```
//!
//! The older list form (`[[mcp_servers]]` with `name = "files"`) is read too.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::Context;
use serde::{Deserialize, Serialize};

/// The config format this build reads.
pub const CONFIG_VERSION: u32 = 1;

/// One config file as written (every field optional but the version).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConfigFile {
    pub version: u32,
    pub model: Option<String>,
    pub backend: Option<String>,
    pub threads: Option<usize>,
    pub policy: Option<PathBuf>,
    pub retriever: Option<String>,
    pub watch_rules: Option<PathBuf>,
    #[serde(default, deserialize_with = "mcp_servers_table_or_list")]
    pub mcp_servers: Vec<McpServer>,
}

/// One `[mcp_servers.NAME]` table: a server without its name (the table's key is its name).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
struct McpServerTable {
    command: String,
    #[serde(default)]
    args: Vec<String>,
    #[serde(default)]
    env: BTreeMap<String, String>,
    #[serde(default)]
    read_only: bool,
}

/// `[mcp_servers.NAME]` tables (the documented form) or a `[[mcp_servers]]` list with names
/// (the form of earlier configs); tables come in name order.
fn mcp_servers_table_or_list<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<Vec<McpServer>, D::Error> {
    use serde::de::Error;
    let value = toml::Value::deserialize(deserializer)?;
    match value {
        toml::Value::Table(table) => table
            .into_iter()
            .map(|(name, body)| {
                let body = McpServerTable::deserialize(body)
                    .map_err(|e| D::Error::custom(format!("mcp_servers.{name}: {e}")))?;
                Ok(McpServer {
                    name,
                    command: body.command,
                    args: body.args,
                    env: body.env,
                    read_only: body.read_only,
                })
            })
            .collect(),
        toml::Value::Array(items) => items
            .into_iter()
            .map(|item| McpServer::deserialize(item).map_err(D::Error::custom))
            .collect(),
        other => Err(D::Error::custom(format!(
            "mcp_servers must be tables `[mcp_servers.NAME]`, not a {}",
            other.type_str()
        ))),
    }
}

impl McpServer {
    /// The runtime's form of this server.
    pub fn to_runtime(&self) -> tact_runtime::catalog::McpServerConfig {
        tact_runtime::catalog::McpServerConfig {
            name: self.name.clone(),
            command: self.command.clone(),
            args: self.args.clone(),
            env: self.env.clone(),
            read_only: self.read_only,
        }
    }
}

/// An MCP server a config names (stdio transport).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct McpServer {
    pub name: String,
    pub command: String,
    #[serde(default)]
    pub args: Vec<String>,
    #[serde(default)]
    pub env: BTreeMap<String, String>,
    /// Its tools only read: otherwise they are `exec` under the plan's risk limit.
    #[serde(default)]
    pub read_only: bool,
}

/// Where a setting came from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Source {
    Flag,
    WorkspaceConfig { path: PathBuf },
    UserConfig { path: PathBuf },
    Default,
}

impl std::fmt::Display for Source {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Source::Flag => write!(f, "command line"),
            Source::WorkspaceConfig { path } => write!(f, "{}", path.display()),
            Source::UserConfig { path } => write!(f, "{}", path.display()),
            Source::Default => write!(f, "built-in default"),
        }
    }
}

/// A setting's value and its source.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Sourced<T> {
    pub value: T,
    pub source: Source,
}

/// The merged settings.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Settings {
    pub model: Sourced<Option<String>>,
    pub backend: Sourced<Option<String>>,
    pub threads: Sourced<Option<usize>>,
    pub policy: Sourced<Option<PathBuf>>,
    pub retriever: Sourced<String>,
    pub watch_rules: Sourced<Option<PathBuf>>,
    pub mcp_servers: Sourced<Vec<McpServer>>,
}

/// What the command line gave (None: not given).
#[derive(Debug, Clone, Default)]
pub struct Flags {
    pub model: Option<String>,
    pub backend: Option<String>,
    pub threads: Option<usize>,
    pub policy: Option<PathBuf>,
    pub retriever: Option<String>,
    pub watch_rules: Option<PathBuf>,
}

/// The user's config file: `$XDG_CONFIG_HOME/tact/config.toml`, else
/// `~/.config/tact/config.toml`.
pub fn user_config_path() -> Option<PathBuf> {
    let base = std::env::var_os("XDG_CONFIG_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".config")))?;
    Some(base.join("tact").join("config.toml"))
}

/// The workspace's config file.
pub fn workspace_config_path(workspace: &Path) -> PathBuf {
    workspace.join(".tact").join("config.toml")
}

/// Read one config file, if it exists. Unknown keys are refused with their name and line; a
/// missing or other format version is refused by number. Relative paths in it are taken from
/// the file's own directory (`.tact/` for a workspace's).
pub fn read_config(path: &Path) -> anyhow::Result<Option<ConfigFile>> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e).with_context(|| format!("reading {}", path.display())),
    };
    let mut config: ConfigFile = toml::from_str(&text).map_err(|e| {
        let at = e
            .span()
            .map(|span| {
                let line = text[..span.start.min(text.len())].matches('\n').count() + 1;
                format!("line {line}: ")
            })
            .unwrap_or_default();
        anyhow::anyhow!("{}: {at}{}", path.display(), e.message().trim_end())
    })?;
    if config.version != CONFIG_VERSION {
        anyhow::bail!(
            "{}: config format version {} (this tact reads version {CONFIG_VERSION})",
            path.display(),
            config.version
        );
    }
    let dir = path.parent().unwrap_or(Path::new("."));
    for p in [&mut config.policy, &mut config.watch_rules]
        .into_iter()
        .flatten()
    {
        if p.is_relative() {
            *p = dir.join(&*p);
        }
    }
    Ok(Some(config))
}

/// The settings for a command on `workspace` (if it has one): flags, then the workspace's
/// config, then the user's, then the built-in defaults.
pub fn settings(flags: &Flags, workspace: Option<&Path>) -> anyhow::Result<Settings> {
    let mut layers: Vec<(Source, ConfigFile)> = Vec::new();
    if let Some(ws) = workspace {
        let path = workspace_config_path(ws);
        if let Some(c) = read_config(&path)? {
            layers.push((Source::WorkspaceConfig { path }, c));
        }
    }
    if let Some(path) = user_config_path()
        && let Some(c) = read_config(&path)?
    {
        layers.push((Source::UserConfig { path }, c));
    }
    fn pick<T: Clone>(
        flag: Option<T>,
        layers: &[(Source, ConfigFile)],
        get: impl Fn(&ConfigFile) -> Option<T>,
    ) -> Sourced<Option<T>> {
        if let Some(value) = flag {
            return Sourced {
                value: Some(value),
                source: Source::Flag,
            };
        }
        for (source, config) in layers {
            if let Some(value) = get(config) {
                return Sourced {
                    value: Some(value),
                    source: source.clone(),
                };
            }
        }
        Sourced {
            value: None,
            source: Source::Default,
        }
    }
    let retriever = pick(flags.retriever.clone(), &layers, |c| c.retriever.clone());
    let mcp_servers = layers
        .iter()
        .find(|(_, c)| !c.mcp_servers.is_empty())
        .map(|(source, c)| Sourced {
            value: c.mcp_servers.clone(),
            source: source.clone(),
        })
        .unwrap_or(Sourced {
            value: Vec::new(),
            source: Source::Default,
        });
    Ok(Settings {
        model: pick(flags.model.clone(), &layers, |c| c.model.clone()),
        backend: pick(flags.backend.clone(), &layers, |c| c.backend.clone()),
        threads: pick(flags.threads, &layers, |c| c.threads),
        policy: pick(flags.policy.clone(), &layers, |c| c.policy.clone()),
        retriever: Sourced {
            value: retriever.value.unwrap_or_else(|| "fused".into()),
            source: retriever.source,
        },
        watch_rules: pick(flags.watch_rules.clone(), &layers, |c| {
            c.watch_rules.clone()
        }),
        mcp_servers,
    })
}

#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub command: ConfigCommand,
}

#[derive(Debug, clap::Subcommand)]
pub enum ConfigCommand {
    /// The merged settings (command line > workspace config > user config > built-in
    /// default) and where each value came from.
    Show {
        /// The workspace whose `.tact/config.toml` counts (default: the current directory).
        #[arg(long, default_value = ".")]
        workspace: PathBuf,
        #[arg(long)]
        json: bool,
    },
}

pub fn run(args: Args) -> anyhow::Result<i32> {
    match args.command {
        ConfigCommand::Show { workspace, json } => {
            let settings = settings(&Flags::default(), Some(&workspace))?;
            if json {
                super::emit(&format!("{}\n", serde_json::to_string_pretty(&settings)?))?;
                return Ok(0);
            }
            let show = |v: Option<String>| v.unwrap_or_else(|| "(default)".into());
            let path = |p: &Option<PathBuf>| p.as_ref().map(|p| p.display().to_string());
            let rows = [
                (
                    "model",
                    show(settings.model.value.clone()),
                    &settings.model.source,
                ),
                (
                    "backend",
                    show(settings.backend.value.clone()),
                    &settings.backend.source,
                ),
                (
                    "threads",
                    show(settings.threads.value.map(|t| t.to_string())),
                    &settings.threads.source,
                ),
                (
                    "policy",
                    show(path(&settings.policy.value)),
                    &settings.policy.source,
                ),
                (
                    "retriever",
                    settings.retriever.value.clone(),
                    &settings.retriever.source,
                ),
                (
                    "watch_rules",
                    show(path(&settings.watch_rules.value)),
                    &settings.watch_rules.source,
                ),
                (
                    "mcp_servers",
                    settings
                        .mcp_servers
                        .value
                        .iter()
                        .map(|s| s.name.clone())
                        .collect::<Vec<_>>()
                        .join(", "),
                    &settings.mcp_servers.source,
                ),
            ];
            let mut text = String::new();
            for (key, value, source) in rows {
                text.push_str(&format!("{key:<12} {value:<40} from {source}\n"));
            }
            super::emit(&text)?;
            Ok(0)
        }
    }
}
