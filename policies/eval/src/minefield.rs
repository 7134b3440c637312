//! The minefield: faults injected on purpose into observations, a linter and a batch of calls,
//! to measure whether the trust gate and the dependency check catch them. Every probe is run
//! against real files in a scratch workspace; control probes (honest calls) must pass, so a gate
//! that rejects everything scores false alarms, not catches.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use serde_json::json;
use tact_runtime::catalog::{ToolSpec, catalog, find};
use tact_runtime::messages::{Observation, ToolCall};
use tact_runtime::records::{ToolRef, TrustVerdict};
use tact_runtime::tools::{ToolConfig, ToolContext, execute, sha256_hex};

use tact_policies::guard::check_dependencies;
use tact_policies::policy::{Policy, TrustPolicy};
use tact_policies::trust::{LintOutcome, Linter, RealLinter, assess, snapshot_before};

/// One probe's result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Probe {
    pub name: String,
    /// `true` for an injected fault, `false` for an honest control.
    pub injected: bool,
    /// What the gate said (verdict label and reason, or the race error).
    pub outcome: String,
    /// For a fault: it was caught. For a control: it passed.
    pub as_expected: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MinefieldReport {
    pub injected: usize,
    pub caught: usize,
    pub controls: usize,
    /// Honest controls the gate rejected.
    pub false_alarms: usize,
    pub probes: Vec<Probe>,
}

#[derive(Debug, thiserror::Error)]
pub enum MinefieldError {
    #[error("minefield setup: {0}")]
    Setup(String),
}

/// A linter that always says the file is fine.
struct LyingLinter;

impl Linter for LyingLinter {
    fn lint(&self, _file: &Path, _workspace: &Path) -> LintOutcome {
        LintOutcome::Clean
    }
}

/// A scratch directory removed on drop.
struct Scratch(PathBuf);

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn scratch() -> Result<Scratch, MinefieldError> {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or_default();
    let dir = std::env::temp_dir().join(format!("tact-minefield-{}-{nanos}", std::process::id()));
    std::fs::create_dir_all(dir.join("ws/src"))
        .map_err(|e| MinefieldError::Setup(e.to_string()))?;
    std::fs::create_dir_all(dir.join("tmp")).map_err(|e| MinefieldError::Setup(e.to_string()))?;
    Ok(Scratch(dir))
}

fn call(id: &str, tool: &str, args: serde_json::Value, deps: &[&str]) -> ToolCall {
    ToolCall {
        work_id: id.into(),
        tool: ToolRef::new(tool, 1),
        args,
        depends_on: deps.iter().map(|d| (*d).to_string()).collect(),
    }
}

struct Field {
    ctx: ToolContext,
    tools: Vec<ToolSpec>,
    trust: TrustPolicy,
    probes: Vec<Probe>,
}

impl Field {
    fn spec(&self, name: &str) -> Result<&ToolSpec, MinefieldError> {
        find(&self.tools, name).ok_or_else(|| MinefieldError::Setup(format!("no tool {name}")))
    }

    fn verdict(
        &self,
        call: &ToolCall,
        observation: &Observation,
        before: Option<&tact_policies::trust::WorkspaceSnapshot>,
        linter: &dyn Linter,
    ) -> Result<TrustVerdict, MinefieldError> {
        let spec = self.spec(&call.tool.name)?;
        Ok(assess(
            call,
            observation,
            spec,
            before,
            &self.trust,
            &self.ctx.workspace,
            linter,
        ))
    }

    fn record_fault(&mut self, name: &str, verdict: &TrustVerdict) {
        self.probes.push(Probe {
            name: name.into(),
            injected: true,
            outcome: describe(verdict),
            as_expected: matches!(verdict, TrustVerdict::Failed { .. }),
        });
    }

    fn record_control(&mut self, name: &str, verdict: &TrustVerdict) {
        self.probes.push(Probe {
            name: name.into(),
            injected: false,
            outcome: describe(verdict),
            as_expected: *verdict == TrustVerdict::Verified,
        });
    }
}

fn describe(verdict: &TrustVerdict) -> String {
    match verdict {
        TrustVerdict::Verified => "verified".into(),
        TrustVerdict::Unverified { reason } => format!("unverified: {reason}"),
        TrustVerdict::Failed { reason } => format!("failed: {reason}"),
    }
}

fn write(path: &Path, text: &str) -> Result<(), MinefieldError> {
    std::fs::write(path, text).map_err(|e| MinefieldError::Setup(e.to_string()))
}

fn test_observation(
    id: &str,
    status: &str,
    report: serde_json::Value,
    stdout: &str,
    exit: i32,
) -> Observation {
    Observation {
        work_id: id.into(),
        tool: ToolRef::new("run_tests", 1),
        ok: true,
        exit_code: Some(exit),
        output: json!({
            "command": ["cargo", "test"],
            "runner": "cargo",
            "status": status,
            "report": report,
            "stdout_tail": stdout,
            "stderr_tail": "",
            "timed_out": false,
            "sandbox": {"landlock": "full", "landlock_abi": 7, "seccomp": true, "no_new_privs": true}
        }),
        error: None,
        duration_ms: 5,
        performer_pid: 0,
    }
}

const CARGO_FAILING: &str = "running 3 tests\ntest a ... ok\ntest b ... ok\ntest c ... FAILED\n\nfailures:\n\n---- c stdout ----\nthread 'c' panicked at src/lib.rs:9:5:\nboom\n\nfailures:\n    c\n\ntest result: FAILED. 2 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s\n";
const CARGO_PASSING: &str = "running 3 tests\ntest a ... ok\ntest b ... ok\ntest c ... ok\n\ntest result: ok. 3 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s\n";

/// Run every probe and count catches. Uses the default policy's trust invariants.
pub fn run_minefield() -> Result<MinefieldReport, MinefieldError> {
    let policy = Policy::default_policy().map_err(|e| MinefieldError::Setup(e.to_string()))?;
    let dir = scratch()?;
    let ctx = ToolContext::new(dir.0.join("ws"), dir.0.join("tmp"), ToolConfig::default())
        .map_err(|e| MinefieldError::Setup(e.to_string()))?;
    let mut field = Field {
        ctx,
        tools: catalog(),
        trust: policy.body.trust.clone(),
        probes: Vec::new(),
    };
    let ws = field.ctx.workspace.clone();
    let real_linter = RealLinter::new(field.ctx.temp_dir.join("lint"));
    write(
        &ws.join("src/app.py"),
        "def total(xs):\n    return sum(xs)\n\n\ndef mean(xs):\n    return total(xs) / len(xs)\n",
    )?;

    // 1a. read_file returns plausible content that is not the file's (hash kept from the file).
    let read = call("r1", "read_file", json!({"path": "src/app.py"}), &[]);
    let honest = execute(&read, &field.ctx);
    let verdict = field.verdict(&read, &honest, None, &LyingLinter)?;
    field.record_control("read_file honest", &verdict);
    let mut tampered = honest.clone();
    tampered.output["content"] = json!("def total(xs):\n    return sum(xs) + 1\n");
    let verdict = field.verdict(&read, &tampered, None, &LyingLinter)?;
    field.record_fault("read_file content does not match its hash", &verdict);

    // 1b. read_file reports a hash that is not the file's.
    let mut tampered = honest.clone();
    tampered.output["sha256"] = json!(sha256_hex(b"some other text"));
    let verdict = field.verdict(&read, &tampered, None, &LyingLinter)?;
    field.record_fault("read_file hash is not the file's", &verdict);

    // 1c. run_tests claims a pass while its own counts show a failure.
    let tests = call("t1", "run_tests", json!({}), &[]);
    let obs = test_observation(
        "t1",
        "passed",
        json!({"passed": 2, "failed": 1, "errors": 0}),
        CARGO_FAILING,
        0,
    );
    let verdict = field.verdict(&tests, &obs, None, &LyingLinter)?;
    field.record_fault("run_tests claims pass, counts show a failure", &verdict);

    // 1d. run_tests reports 3 passed / 0 failed; the output it carries shows a failure.
    let obs = test_observation(
        "t1",
        "passed",
        json!({"passed": 3, "failed": 0, "errors": 0}),
        CARGO_FAILING,
        0,
    );
    let verdict = field.verdict(&tests, &obs, None, &LyingLinter)?;
    field.record_fault("run_tests report contradicts its output", &verdict);

    // Controls for run_tests: an honest failing run and an honest passing run are believed.
    let obs = test_observation(
        "t1",
        "failed",
        json!({"passed": 2, "failed": 1, "errors": 0}),
        CARGO_FAILING,
        101,
    );
    let verdict = field.verdict(&tests, &obs, None, &LyingLinter)?;
    field.record_control("run_tests honest failing run", &verdict);
    let obs = test_observation(
        "t1",
        "passed",
        json!({"passed": 3, "failed": 0, "errors": 0}),
        CARGO_PASSING,
        0,
    );
    let verdict = field.verdict(&tests, &obs, None, &LyingLinter)?;
    field.record_control("run_tests honest passing run", &verdict);

    // 1e. calc returns a plausible but wrong number (off by one).
    let sum = call(
        "k1",
        "calc",
        json!({"expression": "17 * 23 + 4", "variables": {}}),
        &[],
    );
    let honest = execute(&sum, &field.ctx);
    let verdict = field.verdict(&sum, &honest, None, &LyingLinter)?;
    field.record_control("calc honest", &verdict);
    let mut tampered = honest.clone();
    tampered.output["value"] = json!(394);
    let verdict = field.verdict(&sum, &tampered, None, &LyingLinter)?;
    field.record_fault("calc result off by one", &verdict);

    // 1f. search reports a match on a line that does not contain it.
    let search = call("s1", "search", json!({"pattern": "len\\(xs\\)"}), &[]);
    let honest = execute(&search, &field.ctx);
    let verdict = field.verdict(&search, &honest, None, &LyingLinter)?;
    field.record_control("search honest", &verdict);
    let mut tampered = honest.clone();
    tampered.output["matches"][0]["line"] = json!(1);
    let verdict = field.verdict(&search, &tampered, None, &LyingLinter)?;
    field.record_fault("search match on the wrong line", &verdict);

    // 2. An edit that did not land, reported as done, with a linter that says all is well.
    let edit = call(
        "e1",
        "apply_edit",
        json!({"path": "src/app.py", "old_text": "return total(xs) / len(xs)", "new_text": "return total(xs) / max(len(xs), 1)"}),
        &[],
    );
    let spec = field.spec("apply_edit")?.clone();
    let before = snapshot_before(&edit, &spec, &ws);
    let original = std::fs::read_to_string(ws.join("src/app.py"))
        .map_err(|e| MinefieldError::Setup(e.to_string()))?;
    let intended = original.replacen(
        "return total(xs) / len(xs)",
        "return total(xs) / max(len(xs), 1)",
        1,
    );
    let fake = Observation {
        work_id: "e1".into(),
        tool: ToolRef::new("apply_edit", 1),
        ok: true,
        exit_code: None,
        output: json!({
            "path": "src/app.py",
            "before_sha256": sha256_hex(original.as_bytes()),
            "after_sha256": sha256_hex(intended.as_bytes()),
            "line": 6
        }),
        error: None,
        duration_ms: 1,
        performer_pid: 0,
    };
    let verdict = field.verdict(&edit, &fake, Some(&before), &LyingLinter)?;
    field.record_fault("edit did not land, lying linter says clean", &verdict);

    // 2b. An edit that landed with an extra change nobody asked for.
    let honest_edit = execute(&edit, &field.ctx);
    let mut with_extra = std::fs::read_to_string(ws.join("src/app.py"))
        .map_err(|e| MinefieldError::Setup(e.to_string()))?;
    let verdict = field.verdict(&edit, &honest_edit, Some(&before), &real_linter)?;
    field.record_control("apply_edit honest, real linter", &verdict);
    with_extra.push_str("\nimport os\n");
    write(&ws.join("src/app.py"), &with_extra)?;
    let verdict = field.verdict(&edit, &honest_edit, Some(&before), &LyingLinter)?;
    field.record_fault("edit landed with an unrequested extra change", &verdict);

    // 3. Two dependent calls submitted to run concurrently without declaring the dependency.
    let write_call = call(
        "w1",
        "write_file",
        json!({"path": "src/app.py", "content": "x = 1\n"}),
        &[],
    );
    let read_call = call("r2", "read_file", json!({"path": "src/app.py"}), &[]);
    let race = check_dependencies(&[write_call.clone(), read_call.clone()], &field.tools);
    field.probes.push(Probe {
        name: "write then read of the same path, no dependency declared".into(),
        injected: true,
        outcome: match &race {
            Ok(()) => "no race reported".into(),
            Err(e) => format!("race: {e}"),
        },
        as_expected: race.is_err(),
    });
    let declared = call("r2", "read_file", json!({"path": "src/app.py"}), &["w1"]);
    let ordered = check_dependencies(&[write_call, declared], &field.tools);
    field.probes.push(Probe {
        name: "write then read with the dependency declared".into(),
        injected: false,
        outcome: match &ordered {
            Ok(()) => "no race".into(),
            Err(e) => format!("race: {e}"),
        },
        as_expected: ordered.is_ok(),
    });

    let injected = field.probes.iter().filter(|p| p.injected).count();
    let caught = field
        .probes
        .iter()
        .filter(|p| p.injected && p.as_expected)
        .count();
    let controls = field.probes.len() - injected;
    let false_alarms = field
        .probes
        .iter()
        .filter(|p| !p.injected && !p.as_expected)
        .count();
    Ok(MinefieldReport {
        injected,
        caught,
        controls,
        false_alarms,
        probes: field.probes,
    })
}
