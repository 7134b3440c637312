//! The model seam: what the job asks of a learned node.
//!
//! The trigger reads [`DecisionModel::confidence`]; the selector calls
//! [`DecisionModel::choose`]; repair ranks candidate edits with
//! [`DecisionModel::score_continuations`]. Nothing outside `models/` may assume which
//! implementation is behind the trait.

use tact_runtime::model_io::{
    BlockRequest, ConfidenceSignal, FillRequest, ModelCost, SelectionPrior, StepPrompt,
    ToolCandidate, ToolChoice,
};

use crate::error::ModelError;

pub trait DecisionModel: Send + Sync {
    /// The identifier recorded in the ledger: for a GGUF decoder its name plus the file's
    /// SHA-256 (`smollm2-135m-instruct@q4_1#<sha256>`).
    fn id(&self) -> String;

    /// Confidence signals at the decision point of `prompt` with `candidates` offered.
    /// One forward pass over the prompt; no generation.
    fn confidence(
        &self,
        prompt: &StepPrompt,
        candidates: &[ToolCandidate],
    ) -> Result<ConfidenceSignal, ModelError>;

    /// [`DecisionModel::confidence`] and the hidden state a probe reads, from the same pass
    /// (`None` for a model without one, such as the scripted double). Training and evaluating
    /// a probe use it so that no second pass is needed.
    fn confidence_with_hidden(
        &self,
        prompt: &StepPrompt,
        candidates: &[ToolCandidate],
    ) -> Result<(ConfidenceSignal, Option<Vec<f32>>), ModelError> {
        Ok((self.confidence(prompt, candidates)?, None))
    }

    /// Pick one of `candidates` (which always include `ask_user` and `stop` when the job offers
    /// them) and bind its arguments under the candidate's JSON Schema.
    fn choose(
        &self,
        prompt: &StepPrompt,
        candidates: &[ToolCandidate],
    ) -> Result<ToolChoice, ModelError>;

    /// [`DecisionModel::choose`] finished by the learned selector: the model scores every
    /// name, `prior` combines those scores with the retriever's and the arguments' evidence
    /// ([`SelectionPrior::combine`]), and the winner's arguments are bound. Models without name
    /// scores (the scripted double) choose as they would without it.
    fn choose_with_prior(
        &self,
        prompt: &StepPrompt,
        candidates: &[ToolCandidate],
        prior: Option<&SelectionPrior>,
    ) -> Result<ToolChoice, ModelError> {
        let _ = prior;
        self.choose(prompt, candidates)
    }

    /// Total log-likelihood of each continuation after `prompt`, in the same order.
    fn score_continuations(
        &self,
        prompt: &StepPrompt,
        continuations: &[String],
    ) -> Result<(Vec<f32>, ModelCost), ModelError>;

    /// Total log-likelihood of each continuation after raw `text` (no chat template): how
    /// natural the model finds each version of a piece of code. Models that cannot score raw
    /// text say so.
    fn score_text(
        &self,
        text: &str,
        continuations: &[String],
    ) -> Result<(Vec<f32>, ModelCost), ModelError> {
        let _ = (text, continuations);
        Err(ModelError::Unsupported(format!(
            "{} does not score raw text",
            self.id()
        )))
    }

    /// The model's own answer in language, after `prompt` (the trigger's "reason" branch):
    /// greedy, at most `max_tokens`. Models that cannot write say so.
    fn answer(
        &self,
        prompt: &StepPrompt,
        max_tokens: usize,
    ) -> Result<(String, ModelCost), ModelError> {
        let _ = (prompt, max_tokens);
        Err(ModelError::Unsupported(format!(
            "{} does not write answers",
            self.id()
        )))
    }

    /// Greedy continuation of raw `text` to the end of its line (at most `max_tokens`): the
    /// repair's constrained proposal, where the line's kept prefix is fixed and only the rest
    /// is written. `branch` k > 0 starts with the model's k-th most likely first token instead
    /// of its first (a line that the greedy path misses by one word). Models that cannot write
    /// code say so.
    fn complete_line(
        &self,
        text: &str,
        max_tokens: usize,
        branch: usize,
    ) -> Result<(String, ModelCost), ModelError> {
        let _ = (text, max_tokens, branch);
        Err(ModelError::Unsupported(format!(
            "{} does not write code",
            self.id()
        )))
    }

    /// A block of code written after a chat turn ([`BlockRequest`]): the repair's rewrite of a
    /// whole function body. Models that cannot write code say so.
    fn write_block(&self, request: &BlockRequest) -> Result<(String, ModelCost), ModelError> {
        let _ = request;
        Err(ModelError::Unsupported(format!(
            "{} does not write code",
            self.id()
        )))
    }

    /// A middle between a prefix and a suffix ([`FillRequest`]): the repair's line written with
    /// the code after it in view. Models without fill-in-the-middle tokens say so.
    fn fill_middle(&self, request: &FillRequest) -> Result<(String, ModelCost), ModelError> {
        let _ = request;
        Err(ModelError::Unsupported(format!(
            "{} does not fill a middle",
            self.id()
        )))
    }
}
