//! A code writer beside the job's own model: a decoder loaded on first use that serves one kind
//! of request, the repair's function rewrites ([`DecisionModel::write_block`]). A job needs it
//! only when no smaller edit passed, so a job that never gets there never loads it; every
//! other decision (the trigger, the selector, the ranker's likelihoods) stays with the model the
//! policy's fitted parts belong to.

use std::sync::{Arc, OnceLock};

use tact_runtime::model_io::{
    BlockRequest, ConfidenceSignal, FillRequest, ModelCost, StepPrompt, ToolCandidate, ToolChoice,
};

use crate::decision::DecisionModel;
use crate::engine::BackendKind;
use crate::error::ModelError;
use crate::llama_decision::LlamaDecisionModel;
use crate::resolve::ResolvedModel;

pub struct CodeWriter {
    model: ResolvedModel,
    backend: BackendKind,
    threads: Option<usize>,
    /// The loaded decoder, or why it could not be loaded (kept: a failed load is not retried
    /// on every request).
    loaded: OnceLock<Result<Arc<LlamaDecisionModel>, String>>,
}

impl CodeWriter {
    /// A writer for `model`, loaded on its first request.
    pub fn new(model: ResolvedModel, backend: BackendKind, threads: Option<usize>) -> Self {
        Self {
            model,
            backend,
            threads,
            loaded: OnceLock::new(),
        }
    }

    /// Has a request loaded it?
    pub fn is_loaded(&self) -> bool {
        self.loaded.get().is_some_and(Result::is_ok)
    }

    fn decoder(&self) -> Result<Arc<LlamaDecisionModel>, ModelError> {
        self.loaded
            .get_or_init(|| {
                self.model
                    .spawn_with_threads(self.backend, self.threads)
                    .map(|handle| Arc::new(LlamaDecisionModel::new(handle)))
                    .map_err(|e| format!("loading the code writer {}: {e}", self.model.name))
            })
            .clone()
            .map_err(ModelError::Inference)
    }

    fn only_writes(&self, what: &str) -> ModelError {
        ModelError::Unsupported(format!(
            "{} is the job's code writer; it does not {what}",
            self.model.name
        ))
    }
}

impl DecisionModel for CodeWriter {
    /// The decoder's own id (name and file hash) once loaded; its name before.
    fn id(&self) -> String {
        match self.loaded.get() {
            Some(Ok(decoder)) => decoder.id(),
            _ => self.model.name.clone(),
        }
    }

    fn confidence(
        &self,
        _prompt: &StepPrompt,
        _candidates: &[ToolCandidate],
    ) -> Result<ConfidenceSignal, ModelError> {
        Err(self.only_writes("read confidence"))
    }

    fn choose(
        &self,
        _prompt: &StepPrompt,
        _candidates: &[ToolCandidate],
    ) -> Result<ToolChoice, ModelError> {
        Err(self.only_writes("choose tools"))
    }

    fn score_continuations(
        &self,
        _prompt: &StepPrompt,
        _continuations: &[String],
    ) -> Result<(Vec<f32>, ModelCost), ModelError> {
        Err(self.only_writes("score continuations"))
    }

    fn write_block(&self, request: &BlockRequest) -> Result<(String, ModelCost), ModelError> {
        self.decoder()?.write_block(request)
    }

    fn fill_middle(&self, request: &FillRequest) -> Result<(String, ModelCost), ModelError> {
        self.decoder()?.fill_middle(request)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;
    use crate::resolve::ModelSource;

    #[test]
    fn a_writer_that_cannot_load_says_so_once_and_answers_nothing_else() {
        let missing = ResolvedModel {
            name: "no-such-writer".into(),
            source: ModelSource::Gguf("/nonexistent/writer.gguf".into()),
        };
        let writer = CodeWriter::new(missing, BackendKind::DEFAULT, Some(1));
        assert_eq!(writer.id(), "no-such-writer");
        let request = BlockRequest {
            instruction: "Fix it.".into(),
            answer_prefix: "```python\ndef f():\n".into(),
            max_tokens: 8,
            stop_indent: 0,
            sample: None,
        };
        let first = writer.write_block(&request).unwrap_err().to_string();
        assert!(first.contains("no-such-writer"), "{first}");
        assert_eq!(writer.write_block(&request).unwrap_err().to_string(), first);
        assert!(!writer.is_loaded());
        let prompt = StepPrompt {
            system: String::new(),
            messages: Vec::new(),
            feedback: None,
        };
        assert!(matches!(
            writer.choose(&prompt, &[]),
            Err(ModelError::Unsupported(_))
        ));
    }
}
