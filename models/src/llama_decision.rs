//! [`DecisionModel`] for the real decoder, served by a [`ModelHandle`].
//!
//! * `confidence`: one forward pass over the decision prompt plus the tool-call opener
//!   (see [`crate::engine`] for the definition of `p_tool`); the probe, when loaded, reads the
//!   hidden state of the same pass.
//! * `choose`: after the prompt and the opener, each candidate name (with its closing quote,
//!   so `read` and `read_file` differ) is scored by its summed token log-likelihood; the best
//!   is taken and its arguments decoded under its JSON Schema by [`crate::constrained`].
//! * `score_continuations`: summed token log-probs of each continuation after the prompt.

use std::sync::Arc;

use tact_runtime::model_io::{
    BlockRequest, ConfidenceSignal, FillRequest, ModelCost, SelectionPrior, StepPrompt,
    ToolCandidate, ToolChoice,
};

use crate::constrained::ArgDecoder;
use crate::decision::DecisionModel;
use crate::engine::{Engine, TOOL_CALL_OPENER, plain_prompt};
use crate::error::ModelError;
use crate::handle::ModelHandle;
use crate::probe::Probe;

/// Most tokens the argument decoder may sample for one call.
const ARGUMENT_TOKEN_BUDGET: usize = 160;

#[derive(Debug, Clone)]
pub struct LlamaDecisionModel {
    handle: ModelHandle,
    probe: Option<Arc<Probe>>,
}

impl LlamaDecisionModel {
    pub fn new(handle: ModelHandle) -> Self {
        Self {
            handle,
            probe: None,
        }
    }

    /// Attach a probe; rejected if it was trained on another model.
    pub fn with_probe(mut self, probe: Probe) -> Result<Self, ModelError> {
        if probe.model_id != self.handle.id() {
            return Err(ModelError::Probe(format!(
                "probe trained on {}, model is {}",
                probe.model_id,
                self.handle.id()
            )));
        }
        self.probe = Some(Arc::new(probe));
        Ok(self)
    }

    pub fn handle(&self) -> &ModelHandle {
        &self.handle
    }
}

/// Choose a tool and decode its arguments; runs on the model thread.
pub fn choose_on_engine(
    engine: &Engine,
    prompt: &StepPrompt,
    candidates: &[ToolCandidate],
    prior: Option<&SelectionPrior>,
) -> Result<ToolChoice, ModelError> {
    if candidates.is_empty() {
        return Err(ModelError::NoCandidates);
    }
    let mut text = engine.decision_prompt(prompt, candidates)?;
    text.push_str(TOOL_CALL_OPENER);
    let prompt_ids = engine.encode(&text)?;
    let (mut cache, next, mut cost) = engine.prefill_costed(&prompt_ids)?;
    // Every candidate name in one batched pass over the shared prompt.
    let names = candidates
        .iter()
        .map(|c| engine.encode(&format!("{}\"", c.name)))
        .collect::<Result<Vec<_>, _>>()?;
    let (name_scores, name_cost) = engine.continuation_logprobs(&mut cache, &next, &names)?;
    cost = cost.plus(name_cost);
    let scores: Vec<(String, f32)> = candidates
        .iter()
        .zip(name_scores)
        .map(|(c, score)| (c.name.clone(), score))
        .collect();
    // Best first; ties keep the offered order.
    let mut order: Vec<usize> = (0..candidates.len()).collect();
    order.sort_by(|&a, &b| scores[b].1.total_cmp(&scores[a].1).then(a.cmp(&b)));
    // The learned selector, when given, finishes the choice from the same name scores.
    let name_scores: Vec<f32> = scores.iter().map(|(_, s)| *s).collect();
    let pick = prior
        .and_then(|p| p.combine(&name_scores))
        .unwrap_or(order[0]);
    let combined = prior
        .and_then(|p| p.combined_scores(&name_scores))
        .map(|c| {
            candidates
                .iter()
                .zip(c)
                .filter_map(|(t, c)| c.map(|c| (t.name.clone(), c)))
                .collect()
        });
    let best = candidates.get(pick).unwrap_or(&candidates[order[0]]);
    let scores: Vec<(String, f32)> = order.iter().map(|&i| scores[i].clone()).collect();

    let mut decoder = ArgDecoder::new(engine, cache, next, ARGUMENT_TOKEN_BUDGET);
    if let Some(request) = request_text(prompt) {
        decoder = decoder.with_request(request);
    }
    decoder.push_text(&format!("{}\", \"arguments\": ", best.name))?;
    let args = decoder.object(&best.schema, 0)?;
    Ok(ToolChoice {
        name: best.name.clone(),
        args,
        scores,
        combined,
        cost: cost.plus(decoder.cost),
    })
}

/// The request the arguments answer: the last user message.
fn request_text(prompt: &StepPrompt) -> Option<&str> {
    prompt
        .messages
        .iter()
        .rev()
        .find(|(role, _)| role == "user")
        .map(|(_, content)| content.as_str())
}

impl DecisionModel for LlamaDecisionModel {
    fn id(&self) -> String {
        self.handle.id().to_owned()
    }

    fn confidence(
        &self,
        prompt: &StepPrompt,
        candidates: &[ToolCandidate],
    ) -> Result<ConfidenceSignal, ModelError> {
        Ok(self.confidence_with_hidden(prompt, candidates)?.0)
    }

    fn confidence_with_hidden(
        &self,
        prompt: &StepPrompt,
        candidates: &[ToolCandidate],
    ) -> Result<(ConfidenceSignal, Option<Vec<f32>>), ModelError> {
        let (prompt, candidates) = (prompt.clone(), candidates.to_vec());
        let (mut signal, hidden) = self
            .handle
            .call(move |engine| engine.confidence(&prompt, &candidates))??;
        if let Some(probe) = &self.probe {
            signal.probe = Some(probe.predict(&hidden)?);
        }
        Ok((signal, Some(hidden)))
    }

    fn choose(
        &self,
        prompt: &StepPrompt,
        candidates: &[ToolCandidate],
    ) -> Result<ToolChoice, ModelError> {
        self.choose_with_prior(prompt, candidates, None)
    }

    fn choose_with_prior(
        &self,
        prompt: &StepPrompt,
        candidates: &[ToolCandidate],
        prior: Option<&SelectionPrior>,
    ) -> Result<ToolChoice, ModelError> {
        let (prompt, candidates, prior) = (prompt.clone(), candidates.to_vec(), prior.cloned());
        self.handle
            .call(move |engine| choose_on_engine(engine, &prompt, &candidates, prior.as_ref()))?
    }

    fn score_continuations(
        &self,
        prompt: &StepPrompt,
        continuations: &[String],
    ) -> Result<(Vec<f32>, ModelCost), ModelError> {
        let (prompt, continuations) = (prompt.clone(), continuations.to_vec());
        self.handle.call(move |engine| {
            let text = plain_prompt(engine.chat_template(), &prompt)?;
            engine.score_continuations(&text, &continuations)
        })?
    }

    fn score_text(
        &self,
        text: &str,
        continuations: &[String],
    ) -> Result<(Vec<f32>, ModelCost), ModelError> {
        let text = text.to_string();
        let continuations = continuations.to_vec();
        self.handle
            .call(move |engine| engine.score_continuations(&text, &continuations))?
    }

    fn complete_line(
        &self,
        text: &str,
        max_tokens: usize,
        branch: usize,
    ) -> Result<(String, ModelCost), ModelError> {
        let text = text.to_string();
        self.handle
            .call(move |engine| engine.complete_line(&text, max_tokens, branch))?
    }

    fn write_block(&self, request: &BlockRequest) -> Result<(String, ModelCost), ModelError> {
        let request = request.clone();
        self.handle
            .call(move |engine| engine.write_block(&request))?
    }

    fn fill_middle(&self, request: &FillRequest) -> Result<(String, ModelCost), ModelError> {
        let request = request.clone();
        self.handle
            .call(move |engine| engine.fill_middle(&request))?
    }

    fn answer(
        &self,
        prompt: &StepPrompt,
        max_tokens: usize,
    ) -> Result<(String, ModelCost), ModelError> {
        let prompt = prompt.clone();
        self.handle.call(move |engine| {
            let text = plain_prompt(engine.chat_template(), &prompt)?;
            let generation = engine.generate(&text, max_tokens)?;
            // One pass over the prompt, then one per generated token but the last.
            let generated = generation.tokens.len() as u64;
            let cost = ModelCost::passes(
                1 + generated.saturating_sub(1),
                generation.prompt_tokens as u64 + generated.saturating_sub(1),
            );
            Ok((generation.text.trim().to_string(), cost))
        })?
    }
}

/// One labelled example for [`train_probe`].
#[derive(Debug, Clone)]
pub struct ProbeSample {
    pub prompt: StepPrompt,
    pub candidates: Vec<ToolCandidate>,
    /// True when the right action at this step is a tool call.
    pub needs_tool: bool,
}

/// Train the hidden-state probe: hidden state at each sample's decision point, then logistic
/// regression. Save the result with [`Probe::save`] (`probe.bin`).
pub fn train_probe(
    handle: &ModelHandle,
    samples: &[ProbeSample],
    options: crate::probe::ProbeOptions,
) -> Result<Probe, ModelError> {
    let mut examples = Vec::with_capacity(samples.len());
    for sample in samples {
        let (prompt, candidates) = (sample.prompt.clone(), sample.candidates.clone());
        let (_, hidden) = handle.call(move |engine| engine.confidence(&prompt, &candidates))??;
        examples.push((hidden, sample.needs_tool));
    }
    Probe::fit(handle.id(), &examples, options)
}
