//! The tool catalog: every tool declared as data. The retriever ranks these specs, the guard
//! validates calls against their parameter schemas and resource declarations, the trust gate
//! checks observations against their output schemas and acceptance invariants.
//!
//! The catalog is one `Vec` built in [`catalog`]; a new tool is one more entry there (and, if the
//! worker runs it, one more arm in `tools::execute`).

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use crate::records::{RiskClass, ToolDescriptionRef, ToolRef};

/// Read or write access to a resource.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Access {
    Read,
    Write,
}

/// What a tool touches. Path resources name the argument carrying the path, so the guard knows
/// which arguments to confine and the dependency check knows which calls conflict.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ResourceUse {
    /// A single file named by argument `arg`.
    File { arg: String, access: Access },
    /// A directory subtree named by argument `arg` (workspace root when absent).
    Tree { arg: String, access: Access },
    /// Every file a unified diff in argument `arg` names.
    PatchTargets { arg: String },
    /// The whole workspace (a command may read or write anything in it).
    Workspace { access: Access },
    /// The project's test runner (runs builds, writes build outputs).
    TestRunner,
    /// The git index and object store.
    GitIndex { access: Access },
    /// The human at the other end.
    User,
}

/// Cost estimate used by budgeting and by the retriever's tie-breaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct CostEstimate {
    /// Typical wall time in milliseconds.
    pub ms: u64,
    /// Tool-call budget units one call burns.
    pub tool_calls: u32,
}

/// Acceptance invariants the trust gate checks. The snake_case names are the ones the policy
/// file's `trust.invariants` list enables.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Invariant {
    /// The command's exit code agrees with what the tool claims.
    ExitCode,
    /// The output validates against the tool's output schema.
    Schema,
    /// Re-reading the file shows exactly what the tool claims (content hash, intended edit).
    RoundTrip,
    /// An edited source file passes a syntax/lint check.
    Lint,
    /// Test counts are parsed, not inferred from the exit code.
    Tests,
}

impl Invariant {
    pub fn as_str(&self) -> &'static str {
        match self {
            Invariant::ExitCode => "exit_code",
            Invariant::Schema => "schema",
            Invariant::RoundTrip => "round_trip",
            Invariant::Lint => "lint",
            Invariant::Tests => "tests",
        }
    }
}

/// Who carries a call out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Performer {
    /// The sandboxed worker process (`tools::execute`).
    Worker,
    /// The job itself (asking the user, stopping).
    Job,
    /// An MCP server the config names (`[mcp_servers.NAME]`), through the executor: the tool's
    /// name is `NAME.tool`.
    McpServer,
}

/// One tool, declared as data.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ToolSpec {
    pub name: String,
    pub edition: u32,
    pub description: String,
    pub description_edition: u32,
    /// JSON Schema of the arguments.
    pub parameters: Value,
    /// JSON Schema of `Observation.output`.
    pub output_schema: Value,
    pub effect: RiskClass,
    pub resources: Vec<ResourceUse>,
    pub cost: CostEstimate,
    pub acceptance: Vec<Invariant>,
    pub performer: Performer,
}

impl ToolSpec {
    pub fn tool_ref(&self) -> ToolRef {
        ToolRef::new(self.name.clone(), self.edition)
    }

    /// The description edition with a SHA-256 over the description text and the parameter
    /// schema, so a cited description can be checked against the catalog.
    pub fn description_ref(&self) -> ToolDescriptionRef {
        let mut hasher = Sha256::new();
        hasher.update(self.description.as_bytes());
        hasher.update(b"\n");
        hasher.update(self.parameters.to_string().as_bytes());
        ToolDescriptionRef {
            tool: self.name.clone(),
            edition: self.description_edition,
            digest: hex::encode(hasher.finalize()),
        }
    }

    pub fn requires(&self, invariant: Invariant) -> bool {
        self.acceptance.contains(&invariant)
    }
}

/// An MCP server a config names: started over stdio for a job, its tools joining the catalog.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct McpServerConfig {
    pub name: String,
    pub command: String,
    #[serde(default)]
    pub args: Vec<String>,
    #[serde(default)]
    pub env: std::collections::BTreeMap<String, String>,
    /// Its tools only read: `read` risk class instead of `exec`.
    #[serde(default)]
    pub read_only: bool,
}

/// The separator between an MCP server's name and its tool's in the catalog (`files.read`).
pub const MCP_SEPARATOR: char = '.';

/// A tool an MCP server lists, as a catalog entry: named `server.tool` so it cannot clash with
/// tact's own tools or another server's, `exec` unless the server is declared read-only (what
/// it does is the server's business, not something tact can see), with no resources the guard
/// could confine (it has no paths it knows). Its results are checked against its output
/// schema when the server gives one ([`Invariant::Schema`]); without one, nothing can be
/// checked and the trust gate says so.
pub fn mcp_tool_spec(
    server: &str,
    tool: &str,
    description: &str,
    input_schema: Value,
    output_schema: Option<Value>,
    read_only: bool,
) -> ToolSpec {
    let acceptance = if output_schema.is_some() {
        vec![Invariant::Schema]
    } else {
        Vec::new()
    };
    ToolSpec {
        name: format!("{server}{MCP_SEPARATOR}{tool}"),
        edition: 1,
        description: format!("{description} (MCP server {server})"),
        description_edition: 1,
        parameters: input_schema,
        output_schema: output_schema.unwrap_or_else(|| json!({})),
        effect: if read_only {
            RiskClass::Read
        } else {
            RiskClass::Exec
        },
        resources: Vec::new(),
        cost: CostEstimate {
            ms: 1_000,
            tool_calls: 1,
        },
        acceptance,
        performer: Performer::McpServer,
    }
}

/// The server and tool an MCP catalog name (`server.tool`) stands for.
pub fn split_mcp_name(name: &str) -> Option<(&str, &str)> {
    name.split_once(MCP_SEPARATOR)
}

/// Find a tool by name.
pub fn find<'a>(catalog: &'a [ToolSpec], name: &str) -> Option<&'a ToolSpec> {
    catalog.iter().find(|spec| spec.name == name)
}

fn sandbox_schema() -> Value {
    json!({
        "type": "object",
        "required": ["landlock", "seccomp", "no_new_privs"],
        "properties": {
            "landlock": {"enum": ["full", "partial", "unsupported"]},
            "landlock_abi": {"type": ["integer", "null"]},
            "seccomp": {"type": "boolean"},
            "no_new_privs": {"type": "boolean"}
        }
    })
}

fn object(required: &[&str], properties: Value) -> Value {
    json!({
        "type": "object",
        "required": required,
        "properties": properties,
        "additionalProperties": false
    })
}

fn output(required: &[&str], properties: Value) -> Value {
    json!({"type": "object", "required": required, "properties": properties})
}

#[allow(clippy::too_many_arguments)]
fn spec(
    name: &str,
    description: &str,
    parameters: Value,
    output_schema: Value,
    effect: RiskClass,
    resources: Vec<ResourceUse>,
    cost: (u64, u32),
    acceptance: &[Invariant],
    performer: Performer,
) -> ToolSpec {
    ToolSpec {
        name: name.to_string(),
        edition: 1,
        description: description.to_string(),
        description_edition: 1,
        parameters,
        output_schema,
        effect,
        resources,
        cost: CostEstimate {
            ms: cost.0,
            tool_calls: cost.1,
        },
        acceptance: acceptance.to_vec(),
        performer,
    }
}

fn file(arg: &str, access: Access) -> ResourceUse {
    ResourceUse::File {
        arg: arg.to_string(),
        access,
    }
}

fn tree(arg: &str, access: Access) -> ResourceUse {
    ResourceUse::Tree {
        arg: arg.to_string(),
        access,
    }
}

/// Every tool tact knows, in a fixed order.
pub fn catalog() -> Vec<ToolSpec> {
    use Invariant::*;
    let path = json!({"type": "string", "minLength": 1, "description": "Path relative to the workspace root"});
    let sha = json!({"type": "string", "pattern": "^[0-9a-f]{64}$"});
    let sha_or_null = json!({"type": ["string", "null"], "pattern": "^[0-9a-f]{64}$"});
    let timeout = json!({"type": "integer", "minimum": 100, "maximum": 3_600_000});
    let tail = json!({"type": "string"});
    let report = json!({
        "type": ["object", "null"],
        "required": ["passed", "failed"],
        "properties": {
            "passed": {"type": "integer", "minimum": 0},
            "failed": {"type": "integer", "minimum": 0},
            "ignored": {"type": "integer", "minimum": 0},
            "failures": {"type": "array", "items": {"type": "string"}}
        }
    });
    vec![
        spec(
            "list_dir",
            "List the entries of a directory in the workspace (name, kind, size).",
            object(
                &[],
                json!({
                    "path": path,
                    "max_entries": {"type": "integer", "minimum": 1, "maximum": 5000}
                }),
            ),
            output(
                &["path", "entries", "truncated"],
                json!({
                    "path": {"type": "string"},
                    "entries": {"type": "array", "items": {
                        "type": "object",
                        "required": ["name", "kind"],
                        "properties": {
                            "name": {"type": "string"},
                            "kind": {"enum": ["file", "dir", "symlink", "other"]},
                            "size": {"type": "integer", "minimum": 0}
                        }
                    }},
                    "truncated": {"type": "boolean"}
                }),
            ),
            RiskClass::Read,
            vec![tree("path", Access::Read)],
            (5, 1),
            &[Schema, RoundTrip],
            Performer::Worker,
        ),
        spec(
            "read_file",
            "Read a text file from the workspace, optionally only lines start_line..=end_line (1-based). Returns the content and the SHA-256 of the whole file.",
            object(
                &["path"],
                json!({
                    "path": path,
                    "start_line": {"type": "integer", "minimum": 1},
                    "end_line": {"type": "integer", "minimum": 1},
                    "max_bytes": {"type": "integer", "minimum": 1, "maximum": 4_194_304}
                }),
            ),
            output(
                &[
                    "path",
                    "content",
                    "sha256",
                    "total_lines",
                    "start_line",
                    "end_line",
                    "truncated",
                ],
                json!({
                    "path": {"type": "string"},
                    "content": {"type": "string"},
                    "sha256": sha,
                    "size": {"type": "integer", "minimum": 0},
                    "total_lines": {"type": "integer", "minimum": 0},
                    "start_line": {"type": "integer", "minimum": 1},
                    "end_line": {"type": "integer", "minimum": 0},
                    "truncated": {"type": "boolean"}
                }),
            ),
            RiskClass::Read,
            vec![file("path", Access::Read)],
            (5, 1),
            &[Schema, RoundTrip],
            Performer::Worker,
        ),
        spec(
            "search",
            "Search file contents in the workspace with a regular expression (honours .gitignore). Returns matching lines with file and line number.",
            object(
                &["pattern"],
                json!({
                    "pattern": {"type": "string", "minLength": 1},
                    "path": path,
                    "glob": {"type": "string", "minLength": 1},
                    "case_insensitive": {"type": "boolean"},
                    "max_matches": {"type": "integer", "minimum": 1, "maximum": 10_000}
                }),
            ),
            output(
                &["matches", "truncated"],
                json!({
                    "matches": {"type": "array", "items": {
                        "type": "object",
                        "required": ["path", "line", "text"],
                        "properties": {
                            "path": {"type": "string"},
                            "line": {"type": "integer", "minimum": 1},
                            "text": {"type": "string"}
                        }
                    }},
                    "files_searched": {"type": "integer", "minimum": 0},
                    "truncated": {"type": "boolean"}
                }),
            ),
            RiskClass::Read,
            vec![tree("path", Access::Read)],
            (50, 1),
            &[Schema, RoundTrip],
            Performer::Worker,
        ),
        spec(
            "find_files",
            "Find files in the workspace whose path matches a glob such as `**/*.rs` (honours .gitignore).",
            object(
                &["pattern"],
                json!({
                    "pattern": {"type": "string", "minLength": 1, "description": "a glob such as **/*.rs"},
                    "path": path,
                    "max_results": {"type": "integer", "minimum": 1, "maximum": 10_000}
                }),
            ),
            output(
                &["files", "truncated"],
                json!({
                    "files": {"type": "array", "items": {"type": "string"}},
                    "truncated": {"type": "boolean"}
                }),
            ),
            RiskClass::Read,
            vec![tree("path", Access::Read)],
            (30, 1),
            &[Schema, RoundTrip],
            Performer::Worker,
        ),
        spec(
            "write_file",
            "Create a file or replace its whole content. An existing file must have been read first (its content must not have changed since).",
            object(
                &["path", "content"],
                json!({
                    "path": path,
                    "content": {"type": "string"}
                }),
            ),
            output(
                &["path", "before_sha256", "after_sha256", "created"],
                json!({
                    "path": {"type": "string"},
                    "before_sha256": sha_or_null,
                    "after_sha256": sha,
                    "bytes_written": {"type": "integer", "minimum": 0},
                    "created": {"type": "boolean"}
                }),
            ),
            RiskClass::Write,
            vec![file("path", Access::Write)],
            (10, 1),
            &[Schema, RoundTrip, Lint],
            Performer::Worker,
        ),
        spec(
            "apply_edit",
            "Replace one exact occurrence of old_text with new_text in a file. old_text must occur exactly once; the file must have been read first.",
            object(
                &["path", "old_text", "new_text"],
                json!({
                    "path": path,
                    "old_text": {"type": "string", "minLength": 1},
                    "new_text": {"type": "string"},
                    "tree_sha256": {
                        "type": "boolean",
                        "default": false,
                        "description": "Also report the digest of the workspace's sources after the edit (as probe_edit reports its copy's)"
                    }
                }),
            ),
            output(
                &["path", "before_sha256", "after_sha256"],
                json!({
                    "path": {"type": "string"},
                    "before_sha256": sha,
                    "after_sha256": sha,
                    "line": {"type": "integer", "minimum": 1},
                    "tree_sha256": sha
                }),
            ),
            RiskClass::Write,
            vec![file("path", Access::Write)],
            (10, 1),
            &[Schema, RoundTrip, Lint],
            Performer::Worker,
        ),
        spec(
            "apply_patch",
            "Apply a unified diff (---/+++ headers, @@ hunks) to one or more files in the workspace. Files changed must have been read first.",
            object(
                &["patch"],
                json!({
                    "patch": {"type": "string", "minLength": 1}
                }),
            ),
            output(
                &["files"],
                json!({
                    "files": {"type": "array", "items": {
                        "type": "object",
                        "required": ["path", "before_sha256", "after_sha256"],
                        "properties": {
                            "path": {"type": "string"},
                            "before_sha256": sha_or_null,
                            "after_sha256": sha_or_null,
                            "hunks": {"type": "integer", "minimum": 0}
                        }
                    }}
                }),
            ),
            RiskClass::Write,
            vec![ResourceUse::PatchTargets {
                arg: "patch".into(),
            }],
            (20, 1),
            &[Schema, RoundTrip, Lint],
            Performer::Worker,
        ),
        spec(
            "run_tests",
            "Run the project's tests (cargo test, pytest or npm test, detected from the workspace) and report passed/failed counts and failing test names.",
            object(
                &[],
                json!({
                    "filter": {"type": "string", "minLength": 1, "pattern": "^[A-Za-z0-9_:./\\[\\]-]+$"},
                    "timeout_ms": timeout,
                    "trace": {"type": "boolean"}
                }),
            ),
            output(
                &[
                    "command",
                    "status",
                    "report",
                    "stdout_tail",
                    "stderr_tail",
                    "timed_out",
                    "sandbox",
                ],
                json!({
                    "command": {"type": "array", "items": {"type": "string"}},
                    "runner": {"type": "string"},
                    "status": {"enum": ["passed", "failed", "no_tests", "unparsed", "timed_out"]},
                    "report": report,
                    "stdout_tail": tail,
                    "stderr_tail": tail,
                    "timed_out": {"type": "boolean"},
                    "stopped_on_hang": {"type": "boolean"},
                    "sandbox": sandbox_schema(),
                    "traced": {"type": "boolean"},
                    "spectrum": {"type": ["object", "null"]}
                }),
            ),
            RiskClass::Exec,
            vec![
                ResourceUse::TestRunner,
                ResourceUse::Workspace {
                    access: Access::Read,
                },
            ],
            (30_000, 1),
            &[Schema, ExitCode, Tests],
            Performer::Worker,
        ),
        spec(
            "probe_edit",
            "Try a candidate fix without changing the workspace: copy the workspace to a scratch directory, apply the edits there (each old_text replaced by new_text, exactly once; test code may not be edited), run the named tests stopping at the first failure and, if they pass, the whole test suite. Reports whether the candidate passes, with passed/failed counts.",
            object(
                &["edits"],
                json!({
                    "edits": {
                        "type": "array",
                        "minItems": 1,
                        "maxItems": 8,
                        "items": {
                            "type": "object",
                            "required": ["path", "old_text", "new_text"],
                            "properties": {
                                "path": path,
                                "old_text": {"type": "string", "minLength": 1},
                                "new_text": {"type": "string"}
                            },
                            "additionalProperties": false
                        }
                    },
                    "tests": {
                        "type": "array",
                        "minItems": 1,
                        "maxItems": 64,
                        "items": {"type": "string", "minLength": 1, "pattern": "^[^\\s-]\\S*$"},
                        "description": "Tests to run first: pytest node ids (file.py::test_name) or names, cargo test name filters"
                    },
                    "timeout_ms": timeout,
                    "full_suite_on_pass": {"type": "boolean", "default": true},
                    "slot": {
                        "type": "integer",
                        "minimum": 0,
                        "maximum": crate::tools::PROBE_SLOTS - 1,
                        "description": "Which scratch copy to use; probes in different slots may run at the same time"
                    }
                }),
            ),
            output(
                &[
                    "status",
                    "narrow",
                    "full",
                    "last_run",
                    "command",
                    "stdout_tail",
                    "stderr_tail",
                    "timed_out",
                    "sandbox",
                    "edits_applied",
                    "scratch",
                    "tree_sha256",
                    "base_sha256",
                ],
                json!({
                    "status": {"enum": ["passed", "failed", "no_tests", "unparsed", "timed_out"]},
                    "runner": {"type": "string"},
                    "narrow": report,
                    "full": report,
                    "last_run": {"enum": ["narrow", "full"]},
                    "command": {"type": "array", "items": {"type": "string"}},
                    "stdout_tail": tail,
                    "stderr_tail": tail,
                    "timed_out": {"type": "boolean"},
                    "stopped_on_hang": {"type": "boolean"},
                    "sandbox": sandbox_schema(),
                    "edits_applied": {"type": "integer", "minimum": 1, "maximum": 8},
                    "scratch": {"type": "string"},
                    "tree_sha256": sha,
                    "base_sha256": {"type": "object", "additionalProperties": sha}
                }),
            ),
            RiskClass::Exec,
            vec![
                ResourceUse::TestRunner,
                ResourceUse::Workspace {
                    access: Access::Read,
                },
            ],
            (60_000, 1),
            &[Schema, ExitCode, Tests],
            Performer::Worker,
        ),
        spec(
            "run_command",
            "Run one allowed program with arguments in the workspace (no shell: pipes and redirections are not interpreted). Network access is blocked.",
            object(
                &["command"],
                json!({
                    "command": {"type": "string", "minLength": 1},
                    "timeout_ms": timeout
                }),
            ),
            output(
                &["argv", "stdout_tail", "stderr_tail", "timed_out", "sandbox"],
                json!({
                    "argv": {"type": "array", "items": {"type": "string"}},
                    "stdout_tail": tail,
                    "stderr_tail": tail,
                    "timed_out": {"type": "boolean"},
                    "sandbox": sandbox_schema()
                }),
            ),
            RiskClass::Exec,
            vec![ResourceUse::Workspace {
                access: Access::Write,
            }],
            (5_000, 1),
            &[Schema, ExitCode],
            Performer::Worker,
        ),
        spec(
            "git_status",
            "Show the git branch and which files are modified, staged or untracked.",
            object(&[], json!({})),
            output(
                &["entries", "clean"],
                json!({
                    "branch": {"type": ["string", "null"]},
                    "entries": {"type": "array", "items": {
                        "type": "object",
                        "required": ["status", "path"],
                        "properties": {"status": {"type": "string"}, "path": {"type": "string"}}
                    }},
                    "clean": {"type": "boolean"}
                }),
            ),
            RiskClass::Read,
            vec![
                ResourceUse::GitIndex {
                    access: Access::Read,
                },
                ResourceUse::Workspace {
                    access: Access::Read,
                },
            ],
            (50, 1),
            &[Schema, ExitCode],
            Performer::Worker,
        ),
        spec(
            "git_diff",
            "Show the uncommitted changes as a unified diff, optionally for one path or for the staged changes.",
            object(
                &[],
                json!({
                    "path": path,
                    "staged": {"type": "boolean"}
                }),
            ),
            output(
                &["diff", "files_changed", "truncated"],
                json!({
                    "diff": {"type": "string"},
                    "files_changed": {"type": "integer", "minimum": 0},
                    "truncated": {"type": "boolean"}
                }),
            ),
            RiskClass::Read,
            vec![
                ResourceUse::GitIndex {
                    access: Access::Read,
                },
                tree("path", Access::Read),
            ],
            (50, 1),
            &[Schema, ExitCode],
            Performer::Worker,
        ),
        spec(
            "calc",
            "Evaluate an arithmetic expression exactly: + - * / % ^, parentheses, unary minus, functions min max abs sqrt floor ceil round ln log exp, and named variables given in `variables`.",
            object(
                &["expression"],
                json!({
                    "expression": {"type": "string", "minLength": 1, "maxLength": 4096},
                    "variables": {"type": "object", "additionalProperties": {"type": "number"}}
                }),
            ),
            output(
                &["value"],
                json!({
                    "value": {"type": "number"},
                    "expression": {"type": "string"}
                }),
            ),
            RiskClass::None,
            vec![],
            (1, 1),
            &[Schema, RoundTrip],
            Performer::Worker,
        ),
        spec(
            "mutate",
            "Enumerate small candidate edits of localized source lines: flipped comparison or arithmetic operators, off-by-one constants and bounds, swapped arguments, a missing return. Deterministic; the tests decide which candidate is right.",
            object(
                &["locations"],
                json!({
                    "locations": {"type": "array", "minItems": 1, "items": {
                        "type": "object",
                        "required": ["file", "line"],
                        "properties": {
                            "file": {"type": "string", "minLength": 1},
                            "line": {"type": "integer", "minimum": 1}
                        }
                    }}
                }),
            ),
            output(
                &["candidates"],
                json!({"candidates": {"type": "array", "items": {"type": "object"}}}),
            ),
            RiskClass::Read,
            vec![ResourceUse::Workspace {
                access: Access::Read,
            }],
            (20, 1),
            &[Schema],
            Performer::Job,
        ),
        spec(
            "ask_user",
            "Ask the user a question and wait for the answer. Use when the task is ambiguous or needs a decision only the user can make.",
            object(
                &["question"],
                json!({
                    "question": {"type": "string", "minLength": 1}
                }),
            ),
            output(&["answer"], json!({"answer": {"type": "string"}})),
            RiskClass::None,
            vec![ResourceUse::User],
            (60_000, 1),
            &[Schema],
            Performer::Job,
        ),
        spec(
            "stop",
            "Stop the job: the task is done, or cannot be done with the tools at hand. Give the reason.",
            object(
                &["reason"],
                json!({
                    "reason": {"type": "string", "minLength": 1}
                }),
            ),
            output(&[], json!({})),
            RiskClass::None,
            vec![],
            (0, 0),
            &[],
            Performer::Job,
        ),
    ]
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_lookups_work() {
        let tools = catalog();
        let mut names: Vec<&str> = tools.iter().map(|t| t.name.as_str()).collect();
        names.sort_unstable();
        let before = names.len();
        names.dedup();
        assert_eq!(before, names.len());
        assert!(find(&tools, "apply_patch").is_some());
        assert!(find(&tools, "nope").is_none());
        assert_eq!(find(&tools, "run_tests").unwrap().effect, RiskClass::Exec);
    }

    #[test]
    fn description_digest_changes_with_the_description() {
        let tools = catalog();
        let mut spec = find(&tools, "read_file").unwrap().clone();
        let before = spec.description_ref();
        assert_eq!(before.digest.len(), 64);
        spec.description.push('!');
        assert_ne!(before.digest, spec.description_ref().digest);
    }

    #[test]
    fn every_resource_arg_is_a_declared_parameter() {
        for spec in catalog() {
            let props = spec.parameters["properties"].as_object().unwrap();
            for resource in &spec.resources {
                let arg = match resource {
                    ResourceUse::File { arg, .. }
                    | ResourceUse::Tree { arg, .. }
                    | ResourceUse::PatchTargets { arg } => arg,
                    _ => continue,
                };
                assert!(props.contains_key(arg), "{}: {arg}", spec.name);
            }
        }
    }

    #[test]
    fn an_mcp_tool_is_prefixed_exec_unless_read_only_and_schema_checked_when_it_can_be() {
        let input = json!({"type": "object", "properties": {"word": {"type": "string"}}});
        let output = json!({"type": "object", "required": ["definition"]});
        let exec = mcp_tool_spec(
            "gloss",
            "lookup",
            "Look up a word.",
            input.clone(),
            Some(output.clone()),
            false,
        );
        assert_eq!(exec.name, "gloss.lookup");
        assert_eq!(exec.effect, RiskClass::Exec);
        assert_eq!(exec.performer, Performer::McpServer);
        assert_eq!(exec.parameters, input);
        assert_eq!(exec.output_schema, output);
        assert!(exec.requires(Invariant::Schema));
        assert!(exec.resources.is_empty());
        let read = mcp_tool_spec("gloss", "echo", "Echo.", input, None, true);
        assert_eq!(read.effect, RiskClass::Read);
        assert!(read.acceptance.is_empty());
        // A tool name with the separator in it stays whole after the server's name.
        assert_eq!(split_mcp_name("srv.a.b"), Some(("srv", "a.b")));
        assert!(find(&catalog(), "gloss.lookup").is_none());
    }
}
