//! The stage protocol: every request and response that crosses a stage actor's mailbox. A
//! mailbox carries these only as MessagePack envelopes ([`crate::wire`]), encoded by the
//! caller and decoded by the stage (and back), so a stage could live in another process
//! without its callers changing.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::decisions::{Refusal, TriggerDecision};
use crate::messages::{Observation, ToolCall};
use crate::model_io::{
    BlockRequest, ConfidenceSignal, FillRequest, ModelCost, SelectionPrior, StepPrompt,
    ToolCandidate, ToolChoice,
};
use crate::wire::Message;

/// Trigger request: the prompt at the decision point and the tools that would be offered.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct TriggerRequest {
    pub prompt: StepPrompt,
    pub candidates: Vec<ToolCandidate>,
}

pub type TriggerResponse = Result<(TriggerDecision, ConfidenceSignal), String>;

/// Selector requests: choose a tool and bind its arguments, or score continuations.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub enum SelectorRequest {
    Choose {
        prompt: StepPrompt,
        candidates: Vec<ToolCandidate>,
        /// The learned selector's evidence, when the policy has a combiner for this model:
        /// the model finishes the choice with it ([`SelectionPrior::combine`]).
        #[serde(default)]
        prior: Option<SelectionPrior>,
    },
    /// Continue raw text to the end of its line. Branch `k` starts with the model's `k`-th
    /// most likely first token (0: greedy throughout), then goes on greedily.
    Complete {
        text: String,
        max_tokens: usize,
        #[serde(default)]
        branch: usize,
    },
    /// Write a block of code after a chat turn (the repair's function rewrite); answered
    /// with a `Completion`.
    WriteBlock { request: BlockRequest },
    /// Fill the middle between a prefix and a suffix (the repair's line written with the code
    /// after it in view); answered with a `Completion`.
    FillMiddle { request: FillRequest },
    /// Answer in language (the trigger's "reason" branch).
    Answer {
        prompt: StepPrompt,
        max_tokens: usize,
    },
    /// Log-likelihood of each continuation after raw text.
    ScoreText {
        text: String,
        continuations: Vec<String>,
    },
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub enum SelectorResponse {
    Choice(ToolChoice),
    Scores(Vec<f32>, ModelCost),
    Completion(String, ModelCost),
    Answer(String, ModelCost),
    Error(String),
}

/// A shortlist as the job sees it.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub enum ShortlistResponse {
    /// Best first; `ranking` names the rankings that produced it (e.g. `fused`, `bm25`).
    Tools {
        tools: Vec<ToolCandidate>,
        ranking: String,
        /// What put each tool there (BM25 score and cosine), for the learned selector.
        #[serde(default)]
        evidence: Vec<ToolEvidence>,
    },
    /// Even the best tool scores below the policy's floors.
    NoneFits {
        ranking: String,
    },
    Error(String),
}

/// The retriever's evidence for one shortlisted tool.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ToolEvidence {
    pub name: String,
    /// BM25 score of the request against the tool (0 when they share no term).
    pub bm25: f32,
    /// Cosine of the request's and the tool's embeddings, when both exist.
    pub cosine: Option<f32>,
}

/// What the job asks the retriever: the intent (the task) and what the last observation said.
/// Words of both count for BM25; only the intent is embedded, because a sentence encoder
/// reads a JSON observation tail as the request's meaning and drifts away from the task.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RetrievalQuery {
    pub intent: String,
    pub observation: Option<String>,
}

impl RetrievalQuery {
    pub fn intent(text: impl Into<String>) -> RetrievalQuery {
        RetrievalQuery {
            intent: text.into(),
            observation: None,
        }
    }

    /// The text BM25 ranks with.
    pub fn lexical_text(&self) -> String {
        match &self.observation {
            Some(observation) => format!("{} {observation}", self.intent),
            None => self.intent.clone(),
        }
    }
}

/// Guard request: a call, the names offered to the selector, and the job's read hashes.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct GuardRequest {
    pub call: ToolCall,
    pub offered: Vec<String>,
    /// Path → SHA-256 of the content this job last read.
    pub last_read: Vec<(String, String)>,
    /// Refuse edits of test code (set for the failing-tests family).
    #[serde(default)]
    pub protect_tests: bool,
    /// The job's test command when it has one of its own (configured or named by the task).
    #[serde(default)]
    pub test_command: Option<Vec<String>>,
}

/// Trust request: the call, what came back, and the files it may change as they were before
/// (for the round-trip check).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct TrustRequest {
    pub call: ToolCall,
    pub observation: Observation,
    pub before: Option<WorkspaceSnapshot>,
}

/// The text of the files a call may change, taken before it runs, so the gate can check that
/// the intended change and only it landed. `None` = the file did not exist.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct WorkspaceSnapshot {
    pub files: BTreeMap<String, Option<String>>,
}

/// Errors talking to the worker process.
#[derive(Debug, Error, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum WorkerError {
    #[error("could not start the worker: {0}")]
    Start(String),
    #[error("worker handshake failed: {0}")]
    Handshake(String),
    /// The worker's stream ended or broke: it died (perhaps mid-call).
    #[error("worker died: {0}")]
    Died(String),
    #[error("worker rejected the request: {0}")]
    Rejected(String),
    #[error("worker did not answer within {0} ms and was killed")]
    Timeout(u64),
    /// An MCP server broke, hung or left the protocol during a call (the message names it).
    #[error("{0}")]
    Mcp(String),
}

/// Why an executor stage returned no observation.
#[derive(Debug, Error, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum ExecFailure {
    #[error("dependency {dependency} of call {work_id} has no output yet")]
    DependencyNotReady { work_id: String, dependency: String },
    #[error("worker: {0}")]
    Worker(#[from] WorkerError),
}

/// The executor stage's answer to a [`ToolCall`].
pub type ExecResponse = Result<Observation, ExecFailure>;

/// The guard stage's answer.
/// What the guard admitted: the call as the executor will run it and the trust gate will
/// judge it, the tool edition and risk class the budget is checked against, and the workspace
/// paths it acts on.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Admission {
    pub call: ToolCall,
    pub tool: crate::records::ToolRef,
    pub effect: crate::records::RiskClass,
    /// Workspace-relative keys of the paths the call reads or writes, with the access.
    pub paths: Vec<(String, crate::catalog::Access)>,
    /// For `run_command`: the words that will be executed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub argv: Option<Vec<String>>,
}

pub type GuardResponse = Result<Admission, Refusal>;

macro_rules! stage_kinds {
    ($($t:ty => $k:literal),* $(,)?) => {
        $(impl Message for $t { const KIND: &'static str = $k; })*
    };
}

// `ToolCall` (the executor's request) and `TrustVerdict` (the trust gate's answer) already
// have their kinds in `messages`.
stage_kinds! {
    TriggerRequest => "trigger_request",
    TriggerResponse => "trigger_response",
    SelectorRequest => "selector_request",
    SelectorResponse => "selector_response",
    RetrievalQuery => "retrieval_query",
    ShortlistResponse => "shortlist_response",
    GuardRequest => "guard_request",
    GuardResponse => "guard_response",
    TrustRequest => "trust_request",
    ExecResponse => "exec_response",
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::decisions::{TriggerAction, TriggerSignal};
    use crate::error::RuntimeError;
    use crate::records::{ToolRef, TrustVerdict};
    use crate::wire::{decode, encode};

    /// Encoded into an envelope and decoded again, the value is the same (compared as JSON, so
    /// the stage types need no `PartialEq` of their own), and the envelope names its kind.
    #[test]
    fn a_choice_request_from_before_the_learned_selector_still_decodes() {
        // The same variant as an older build encoded it: no `prior` field.
        #[derive(Serialize)]
        enum SelectorRequest {
            Choose {
                prompt: StepPrompt,
                candidates: Vec<ToolCandidate>,
            },
        }
        let old = SelectorRequest::Choose {
            prompt: prompt(),
            candidates: vec![candidate()],
        };
        let bytes = rmp_serde::to_vec_named(&old).unwrap();
        match rmp_serde::from_slice::<super::SelectorRequest>(&bytes).unwrap() {
            super::SelectorRequest::Choose {
                candidates, prior, ..
            } => {
                assert_eq!(candidates.len(), 1);
                assert_eq!(prior, None);
            }
            other => panic!("decoded as {other:?}"),
        }
    }

    fn round_trip<T: Message>(value: T) {
        let bytes = encode(7, &value).unwrap();
        let back = decode::<T>(&bytes).unwrap();
        assert_eq!(back.id, 7);
        assert_eq!(back.kind, T::KIND);
        assert_eq!(
            serde_json::to_value(&back.body).unwrap(),
            serde_json::to_value(&value).unwrap(),
            "{}",
            T::KIND
        );
    }

    fn call() -> ToolCall {
        ToolCall {
            work_id: "w1".into(),
            tool: ToolRef::new("read_file", 1),
            args: json!({"path": "a.py"}),
            depends_on: vec!["w0".into()],
        }
    }

    fn prompt() -> StepPrompt {
        StepPrompt {
            system: "fix it".into(),
            messages: vec![("user".into(), "the tests fail".into())],
            feedback: Some("read the file first".into()),
        }
    }

    fn candidate() -> ToolCandidate {
        ToolCandidate {
            name: "read_file".into(),
            description: "Read a file".into(),
            schema: json!({"type": "object"}),
        }
    }

    fn observation() -> Observation {
        Observation {
            work_id: "w1".into(),
            tool: ToolRef::new("read_file", 1),
            ok: true,
            exit_code: None,
            output: json!({"text": "x = 1\n"}),
            error: None,
            duration_ms: 3,
            performer_pid: 4242,
        }
    }

    fn cost() -> ModelCost {
        ModelCost {
            forward_passes: 1,
            tokens: 12,
            cached_tokens: 4,
        }
    }

    #[test]
    fn every_stage_message_round_trips() {
        round_trip(TriggerRequest {
            prompt: prompt(),
            candidates: vec![candidate()],
        });
        let signal = ConfidenceSignal {
            top_logprob: -0.2,
            entropy: 0.9,
            margin: 0.3,
            p_tool: 0.6,
            probe: Some(0.7),
            cost: cost(),
        };
        let decision = TriggerDecision {
            action: TriggerAction::Reason,
            need: 0.2,
            tau: 0.5,
            signal: TriggerSignal::Probe,
        };
        round_trip::<TriggerResponse>(Ok((decision, signal)));
        round_trip::<TriggerResponse>(Err("model not loaded".into()));
        for request in [
            SelectorRequest::Choose {
                prompt: prompt(),
                candidates: vec![candidate()],
                prior: None,
            },
            SelectorRequest::Choose {
                prompt: prompt(),
                candidates: vec![candidate(), candidate()],
                prior: Some(SelectionPrior {
                    base: vec![Some(1.5), None],
                    model_weight: 0.7,
                    model_gap_floor: -20.0,
                }),
            },
            SelectorRequest::Complete {
                text: "def f(".into(),
                max_tokens: 24,
                branch: 2,
            },
            SelectorRequest::WriteBlock {
                request: BlockRequest {
                    instruction: "Fix it.".into(),
                    answer_prefix: "```python\ndef f(x):\n".into(),
                    max_tokens: 96,
                    stop_indent: 0,
                    sample: Some(crate::model_io::Sampling {
                        seed: 3,
                        temperature: 0.8,
                        top_p: 0.95,
                    }),
                },
            },
            SelectorRequest::Answer {
                prompt: prompt(),
                max_tokens: 64,
            },
            SelectorRequest::ScoreText {
                text: "x =".into(),
                continuations: vec![" 1".into(), " 2".into()],
            },
        ] {
            round_trip(request);
        }
        for response in [
            SelectorResponse::Choice(ToolChoice {
                name: "read_file".into(),
                args: json!({"path": "a.py"}),
                scores: vec![("read_file".into(), -0.5)],
                combined: Some(vec![("read_file".into(), 0.9)]),
                cost: cost(),
            }),
            SelectorResponse::Scores(vec![-1.0, -2.5], cost()),
            SelectorResponse::Completion("return x".into(), cost()),
            SelectorResponse::Answer("It adds.".into(), cost()),
            SelectorResponse::Error("out of memory".into()),
        ] {
            round_trip(response);
        }
        round_trip(RetrievalQuery {
            intent: "fix the failing test".into(),
            observation: Some("1 failed".into()),
        });
        for response in [
            ShortlistResponse::Tools {
                tools: vec![candidate()],
                ranking: "fused".into(),
                evidence: vec![ToolEvidence {
                    name: "read_file".into(),
                    bm25: 3.2,
                    cosine: Some(0.41),
                }],
            },
            ShortlistResponse::NoneFits {
                ranking: "bm25".into(),
            },
            ShortlistResponse::Error("index missing".into()),
        ] {
            round_trip(response);
        }
        round_trip(GuardRequest {
            call: call(),
            offered: vec!["read_file".into()],
            last_read: vec![("a.py".into(), "ab".repeat(32))],
            protect_tests: true,
            test_command: Some(vec!["cargo".into(), "test".into(), "--lib".into()]),
        });
        round_trip::<GuardResponse>(Ok(Admission {
            call: call(),
            tool: crate::records::ToolRef::new("read_file", 1),
            effect: crate::records::RiskClass::Read,
            paths: vec![("a.py".into(), crate::catalog::Access::Read)],
            argv: None,
        }));
        round_trip::<GuardResponse>(Err(Refusal {
            kind: "unknown_tool".into(),
            message: "no such tool".into(),
        }));
        round_trip(TrustRequest {
            call: call(),
            observation: observation(),
            before: Some(WorkspaceSnapshot {
                files: [("a.py".to_string(), Some("x = 1\n".to_string()))].into(),
            }),
        });
        round_trip(TrustVerdict::Unverified {
            reason: "no tests".into(),
        });
        round_trip(call());
        round_trip::<ExecResponse>(Ok(observation()));
        round_trip::<ExecResponse>(Err(ExecFailure::Worker(WorkerError::Timeout(500))));
        round_trip::<ExecResponse>(Err(ExecFailure::DependencyNotReady {
            work_id: "w2".into(),
            dependency: "w1".into(),
        }));
    }

    #[test]
    fn a_stage_message_that_does_not_decode_is_an_error_not_a_panic() {
        let bytes = encode(1, &call()).unwrap();
        // Another kind than expected.
        match decode::<GuardRequest>(&bytes) {
            Err(RuntimeError::UnexpectedKind { got, expected }) => {
                assert_eq!(got, "tool_call");
                assert_eq!(expected, "guard_request");
            }
            other => panic!("{other:?}"),
        }
        // Cut short, and every shorter prefix: an error each time.
        for len in 0..bytes.len() {
            assert!(decode::<ToolCall>(&bytes[..len]).is_err(), "prefix {len}");
        }
        // The right kind with a body of the wrong shape.
        let wrong = encode(
            2,
            &RetrievalQuery {
                intent: "x".into(),
                observation: None,
            },
        )
        .unwrap();
        let relabelled = {
            let mut v: serde_json::Value = rmp_serde::from_slice(&wrong).unwrap();
            v["kind"] = json!("guard_request");
            rmp_serde::to_vec_named(&v).unwrap()
        };
        assert!(matches!(
            decode::<GuardRequest>(&relabelled),
            Err(RuntimeError::MalformedFrame(_))
        ));
    }
}
