//! Wire types that cross the model seam: what the trigger reads and what the selector returns.
//!
//! They live here (not in `models/`) because every type that crosses an actor or process
//! boundary is owned by `runtime`.

use serde::{Deserialize, Serialize};

/// The confidence the model expressed in one forward pass at a decision point.
///
/// All numbers come from the same pass; reading them costs no extra model call.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ConfidenceSignal {
    /// Log-probability of the most likely next token.
    pub top_logprob: f32,
    /// Entropy (nats) of the next-token distribution.
    pub entropy: f32,
    /// Probability margin between the top-1 and top-2 tokens.
    pub margin: f32,
    /// Probability mass on opening a tool call rather than answering in text.
    pub p_tool: f32,
    /// Output of the hidden-state linear probe (probability that a tool is needed), if a probe
    /// is loaded.
    pub probe: Option<f32>,
    /// Compute spent to produce this signal.
    pub cost: ModelCost,
}

/// Compute spent by the model: the CPU budget unit.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ModelCost {
    pub forward_passes: u64,
    /// Tokens run through the model.
    pub tokens: u64,
    /// Prompt tokens whose keys and values came from the prefix cache instead of a pass
    /// (not counted in `tokens`).
    #[serde(default)]
    pub cached_tokens: u64,
}

impl ModelCost {
    /// `forward_passes` passes over `tokens` tokens, nothing from the cache.
    pub const fn passes(forward_passes: u64, tokens: u64) -> Self {
        ModelCost {
            forward_passes,
            tokens,
            cached_tokens: 0,
        }
    }

    pub fn plus(self, other: ModelCost) -> ModelCost {
        ModelCost {
            forward_passes: self.forward_passes + other.forward_passes,
            tokens: self.tokens + other.tokens,
            cached_tokens: self.cached_tokens + other.cached_tokens,
        }
    }

    /// Share of prompt tokens served by the prefix cache, if any were asked for.
    pub fn prefix_hit_rate(&self) -> Option<f64> {
        let asked = self.tokens + self.cached_tokens;
        (asked > 0).then(|| self.cached_tokens as f64 / asked as f64)
    }
}

/// One candidate action offered to the selector: a shortlisted tool, or `ask_user` / `stop`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ToolCandidate {
    pub name: String,
    pub description: String,
    /// JSON Schema of the arguments (an object schema).
    pub schema: serde_json::Value,
}

/// The selector's constrained choice.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ToolChoice {
    /// Name of the chosen candidate (always one of the offered names for a constrained model;
    /// the guard still checks, because a scripted or remote model may not be constrained).
    pub name: String,
    /// Arguments, a JSON object.
    pub args: serde_json::Value,
    /// Log-likelihood score of every candidate name, best first.
    pub scores: Vec<(String, f32)>,
    pub cost: ModelCost,
}

/// What the model is asked at one step.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StepPrompt {
    /// System instructions.
    pub system: String,
    /// The conversation so far: (role, content), roles `user`, `assistant`, `tool`.
    pub messages: Vec<(String, String)>,
    /// Feedback from the guard on the previous attempt, given verbatim.
    pub feedback: Option<String>,
}
