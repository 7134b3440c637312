//! The model host's protocol: what a job asks of the decoder and the encoder when they run in
//! their own process (`tact model-host`), over a Unix socket in length-prefixed MessagePack
//! frames ([`crate::wire`]). One request, one response, on one connection at a time; a host
//! serves several connections (the watcher's jobs share one loaded model).
//!
//! The requests mirror the `DecisionModel` seam method by method, so a job cannot tell a
//! hosted model from one loaded in its own process.

use serde::{Deserialize, Serialize};

use crate::model_io::{
    BlockRequest, ConfidenceSignal, ModelCost, SelectionPrior, StepPrompt, ToolCandidate,
    ToolChoice,
};
use crate::wire::Message;

/// First frame a client sends on a fresh connection.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HostHello {
    pub wire_version: u32,
    /// Who is asking (a job id, `watch`), for the host's log.
    pub client: String,
}

/// The host's answer to [`HostHello`]: what it serves and where it runs (the job records the
/// host's pid and host name as the performer of its model passes).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HostReady {
    pub wire_version: u32,
    /// The decoder's id (name plus the file's SHA-256), as the ledger records it.
    pub decoder_id: String,
    pub pid: u32,
    pub host: String,
}

/// One request to the model host.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum HostRequest {
    /// Confidence at the decision point; with `hidden`, also the hidden state a probe reads.
    Confidence {
        prompt: StepPrompt,
        candidates: Vec<ToolCandidate>,
        hidden: bool,
    },
    Choose {
        prompt: StepPrompt,
        candidates: Vec<ToolCandidate>,
        prior: Option<SelectionPrior>,
    },
    ScoreContinuations {
        prompt: StepPrompt,
        continuations: Vec<String>,
    },
    ScoreText {
        text: String,
        continuations: Vec<String>,
    },
    Answer {
        prompt: StepPrompt,
        max_tokens: usize,
    },
    CompleteLine {
        text: String,
        max_tokens: usize,
        branch: usize,
    },
    /// A block of code written after a chat turn ([`BlockRequest`]).
    WriteBlock { request: BlockRequest },
    /// Sentence embeddings from the host's encoder (the retriever's queries and catalog).
    Embed { texts: Vec<String> },
}

/// Why the host could not answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HostFailure {
    /// The model cannot do this (a model without raw-text scoring, say): not worth a retry.
    Unsupported,
    /// The request could not be served (inference failed, no candidates, …).
    Failed,
}

/// The host's answer to one [`HostRequest`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "reply", rename_all = "snake_case")]
pub enum HostResponse {
    Confidence {
        signal: ConfidenceSignal,
        hidden: Option<Vec<f32>>,
    },
    Choice {
        choice: ToolChoice,
    },
    Scores {
        scores: Vec<f32>,
        cost: ModelCost,
    },
    Text {
        text: String,
        cost: ModelCost,
    },
    Embeddings {
        vectors: Vec<Vec<f32>>,
    },
    Error {
        failure: HostFailure,
        message: String,
    },
}

macro_rules! host_kinds {
    ($($t:ty => $k:literal),* $(,)?) => {
        $(impl Message for $t { const KIND: &'static str = $k; })*
    };
}

host_kinds! {
    HostHello => "host_hello",
    HostReady => "host_ready",
    HostRequest => "host_request",
    HostResponse => "host_response",
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::wire;

    fn round_trip<T: Message + PartialEq + std::fmt::Debug>(value: T) {
        let bytes = wire::encode(7, &value).unwrap();
        let back = wire::decode::<T>(&bytes).unwrap();
        assert_eq!(back.id, 7);
        assert_eq!(back.body, value);
    }

    fn prompt() -> StepPrompt {
        StepPrompt {
            system: "You call tools.".into(),
            messages: vec![("user".into(), "add 2 and 3".into())],
            feedback: Some("the guard refused: no such file".into()),
        }
    }

    #[test]
    fn every_host_message_round_trips() {
        round_trip(HostHello {
            wire_version: wire::WIRE_VERSION,
            client: "job-1".into(),
        });
        round_trip(HostReady {
            wire_version: wire::WIRE_VERSION,
            decoder_id: "smollm2#abc".into(),
            pid: 42,
            host: "box".into(),
        });
        let candidate = ToolCandidate {
            name: "calc".into(),
            description: "evaluate".into(),
            schema: serde_json::json!({"type": "object"}),
        };
        for request in [
            HostRequest::Confidence {
                prompt: prompt(),
                candidates: vec![candidate.clone()],
                hidden: true,
            },
            HostRequest::Choose {
                prompt: prompt(),
                candidates: vec![candidate],
                prior: None,
            },
            HostRequest::ScoreContinuations {
                prompt: prompt(),
                continuations: vec!["a".into()],
            },
            HostRequest::ScoreText {
                text: "x = ".into(),
                continuations: vec!["1".into(), "2".into()],
            },
            HostRequest::Answer {
                prompt: prompt(),
                max_tokens: 16,
            },
            HostRequest::CompleteLine {
                text: "return ".into(),
                max_tokens: 8,
                branch: 1,
            },
            HostRequest::WriteBlock {
                request: BlockRequest {
                    instruction: "Fix it.".into(),
                    answer_prefix: "```rust\nfn f() -> i32 {\n".into(),
                    max_tokens: 64,
                    stop_indent: 0,
                    sample: None,
                },
            },
            HostRequest::Embed {
                texts: vec!["read a file".into()],
            },
        ] {
            round_trip(request);
        }
        let cost = ModelCost::passes(1, 12);
        for response in [
            HostResponse::Scores {
                scores: vec![-1.5, -0.25],
                cost,
            },
            HostResponse::Text {
                text: "5".into(),
                cost,
            },
            HostResponse::Embeddings {
                vectors: vec![vec![0.5, -0.25]],
            },
            HostResponse::Error {
                failure: HostFailure::Unsupported,
                message: "no raw text".into(),
            },
        ] {
            round_trip(response);
        }
    }

    #[test]
    fn a_frame_of_another_kind_is_refused() {
        let bytes = wire::encode(
            1,
            &HostHello {
                wire_version: 1,
                client: "x".into(),
            },
        )
        .unwrap();
        assert!(wire::decode::<HostRequest>(&bytes).is_err());
        assert!(wire::decode::<HostResponse>(b"\x93garbage").is_err());
    }
}
