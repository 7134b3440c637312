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

/// The learned selector's evidence for one choice, handed to the model so it can finish the
/// choice in the same pass (`policies::selector` computes it): candidate `i` scores
/// `base[i] + model_weight · max(lp_i − max lp, model_gap_floor)`, where `lp` is the model's
/// log-likelihood of each name.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SelectionPrior {
    /// Per candidate, in the offered order; `None` outside the combiner's scope (`ask_user`,
    /// `stop`), which stays the model's own call.
    pub base: Vec<Option<f32>>,
    pub model_weight: f32,
    pub model_gap_floor: f32,
}

impl SelectionPrior {
    /// The candidate to call given the model's name log-likelihoods (offered order): the
    /// model's favourite when that is outside the prior's scope, otherwise the best combined
    /// score among the candidates in scope (first on ties). `None` when the lengths differ.
    pub fn combine(&self, model_scores: &[f32]) -> Option<usize> {
        let combined = self.combined_scores(model_scores)?;
        let favourite = first_best(model_scores.iter().copied().enumerate())?;
        if combined.get(favourite).is_some_and(Option::is_none) {
            return Some(favourite);
        }
        first_best(
            combined
                .iter()
                .enumerate()
                .filter_map(|(i, c)| c.map(|c| (i, c))),
        )
    }

    /// Each candidate's combined score (`None` outside the prior's scope); `None` when the
    /// lengths differ.
    pub fn combined_scores(&self, model_scores: &[f32]) -> Option<Vec<Option<f32>>> {
        if model_scores.len() != self.base.len() || model_scores.is_empty() {
            return None;
        }
        let top = model_scores
            .iter()
            .copied()
            .fold(f32::NEG_INFINITY, f32::max);
        Some(
            self.base
                .iter()
                .zip(model_scores)
                .map(|(base, &lp)| {
                    let gap = if lp.is_finite() && top.is_finite() {
                        (lp - top).max(self.model_gap_floor)
                    } else {
                        self.model_gap_floor
                    };
                    base.map(|b| b + self.model_weight * gap)
                })
                .collect(),
        )
    }
}

/// Index of the first maximum.
fn first_best(values: impl Iterator<Item = (usize, f32)>) -> Option<usize> {
    let mut best: Option<(usize, f32)> = None;
    for (i, v) in values {
        if best.is_none_or(|(_, b)| v > b) {
            best = Some((i, v));
        }
    }
    best.map(|(i, _)| i)
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
    /// The learned selector's combined score of each candidate in its scope, in the offered
    /// order, when it finished the choice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub combined: Option<Vec<(String, f32)>>,
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

/// A block of code the model writes in its own chat format: the repair's rewrite of a whole
/// function body, when no smaller edit passed. The user's turn asks, the assistant's turn is
/// opened with `answer_prefix` (a code fence and the function's unchanged header), and the
/// model goes on until the block ends.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BlockRequest {
    /// The user's turn, rendered with the model's chat template.
    pub instruction: String,
    /// What the assistant's turn starts with; the model continues it.
    pub answer_prefix: String,
    pub max_tokens: usize,
    /// The block ends before its first non-blank line indented at most this many columns (the
    /// function's own indentation: the next item, or Rust's closing brace), or a line opening
    /// a code fence.
    pub stop_indent: usize,
    /// `None`: greedy. Otherwise sampled, reproducibly from the seed.
    pub sample: Option<Sampling>,
}

/// A middle written between a prefix and a suffix (fill-in-the-middle), by a code model trained
/// with the FIM tokens (`<|fim_prefix|>`, `<|fim_suffix|>`, `<|fim_middle|>`): the repair's
/// replacement of one line, or lines inserted before one, written with the code after them in
/// view. The middle ends at the model's end token, or before the first line it writes that is
/// blank or a line of the suffix again (the model going on into the code it was shown).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct FillRequest {
    pub prefix: String,
    pub suffix: String,
    /// The most lines a middle may have; one that goes on longer without ending comes back
    /// empty (where it ends is unknown).
    pub max_lines: usize,
    pub max_tokens: usize,
    /// Branch `k` starts with the model's `k`-th most likely first token that writes something
    /// (0: greedy throughout), then goes on greedily.
    pub branch: usize,
    /// Branches `branch .. branch + branches` to write side by side, when the asker will
    /// likely ask for the next ones too: one pass of several rows costs far less than several
    /// passes, and the writer keeps the others for their requests. The answer is `branch`'s.
    #[serde(default = "one_branch")]
    pub branches: usize,
}

fn one_branch() -> usize {
    1
}

/// Seeded sampling: softmax at `temperature` over the smallest set of tokens whose
/// probability reaches `top_p`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Sampling {
    pub seed: u64,
    pub temperature: f32,
    pub top_p: f32,
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::SelectionPrior;

    fn prior(base: Vec<Option<f32>>, model_weight: f32) -> SelectionPrior {
        SelectionPrior {
            base,
            model_weight,
            model_gap_floor: -20.0,
        }
    }

    #[test]
    fn the_prior_can_overrule_the_models_favourite_tool() {
        // The model prefers 0 by 1 nat; the evidence prefers 1 by 2 at weight 1.
        let p = prior(vec![Some(0.0), Some(2.0), None], 1.0);
        assert_eq!(p.combine(&[-1.0, -2.0, -9.0]), Some(1));
        // With a heavier model term the model's favourite stands.
        let p = prior(vec![Some(0.0), Some(2.0), None], 3.0);
        assert_eq!(p.combine(&[-1.0, -2.0, -9.0]), Some(0));
    }

    #[test]
    fn asking_and_stopping_stay_the_models_call() {
        let p = prior(vec![Some(5.0), Some(5.0), None], 0.1);
        assert_eq!(p.combine(&[-3.0, -3.0, -0.5]), Some(2));
        // A prior of another length is not applied.
        assert_eq!(p.combine(&[-1.0, -2.0]), None);
    }

    #[test]
    fn an_impossible_name_is_floored_not_nan() {
        let p = prior(vec![Some(0.0), Some(25.0)], 1.0);
        assert_eq!(p.combine(&[-1.0, f32::NEG_INFINITY]), Some(1));
    }
}
