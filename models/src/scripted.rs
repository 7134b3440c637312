//! A scripted [`DecisionModel`] for tests of the pipeline. It replays fixed confidences and
//! choices; the real model lives beside it and is tested on its own.

use std::sync::Mutex;

use tact_runtime::model_io::{
    BlockRequest, ConfidenceSignal, FillRequest, ModelCost, StepPrompt, ToolCandidate, ToolChoice,
};

use crate::decision::DecisionModel;
use crate::engine::block_before_its_end;
use crate::error::ModelError;

/// One scripted step: the confidence the trigger will read and the choice the selector makes.
/// A step with `complete_after` is instead a rule for [`DecisionModel::complete_line`]: text
/// ending with it is continued with `completion` (any other text with nothing); and for
/// [`DecisionModel::write_block`] and [`DecisionModel::fill_middle`], whose answer prefix or
/// fill prefix it is read against.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct ScriptedStep {
    /// Probability that a tool is needed (reported as `p_tool` and `probe`).
    #[serde(default)]
    pub p_tool: f32,
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub args: serde_json::Value,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub complete_after: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub completion: Option<String>,
    /// A rule with `shown` applies only where the model is shown this text: in the request's
    /// instruction for [`DecisionModel::write_block`], in the text for
    /// [`DecisionModel::complete_line`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shown: Option<String>,
    /// A fill rule with `branch` answers only the fill that starts from the writer's
    /// `branch`-th likeliest first token; without it, only the greedy fill.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub branch: Option<usize>,
    /// A step with `answer` is what [`DecisionModel::answer`] says, in order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answer: Option<String>,
}

/// A `complete_after` step: text ending with `suffix` (and showing `shown`, if set) is
/// continued with `completion`.
#[derive(Debug)]
struct CompletionRule {
    suffix: String,
    completion: String,
    shown: Option<String>,
    branch: Option<usize>,
}

impl CompletionRule {
    fn applies(&self, text: &str, shown_in: &str) -> bool {
        text.ends_with(self.suffix.as_str())
            && self.shown.as_ref().is_none_or(|s| shown_in.contains(s))
    }
}

#[derive(Debug, Default)]
pub struct ScriptedModel {
    steps: Vec<ScriptedStep>,
    completions: Vec<CompletionRule>,
    /// What [`DecisionModel::answer`] says, in order (then nothing).
    answers: Vec<String>,
    confidence_cursor: Mutex<usize>,
    choice_cursor: Mutex<usize>,
    answer_cursor: Mutex<usize>,
}

impl ScriptedModel {
    pub fn new(steps: Vec<ScriptedStep>) -> Self {
        let (rules, steps): (Vec<ScriptedStep>, Vec<ScriptedStep>) =
            steps.into_iter().partition(|s| s.complete_after.is_some());
        let (answers, steps): (Vec<ScriptedStep>, Vec<ScriptedStep>) =
            steps.into_iter().partition(|s| s.answer.is_some());
        Self {
            steps,
            completions: rules
                .into_iter()
                .filter_map(|r| {
                    Some(CompletionRule {
                        suffix: r.complete_after?,
                        completion: r.completion.unwrap_or_default(),
                        shown: r.shown,
                        branch: r.branch,
                    })
                })
                .collect(),
            answers: answers.into_iter().filter_map(|a| a.answer).collect(),
            confidence_cursor: Mutex::new(0),
            choice_cursor: Mutex::new(0),
            answer_cursor: Mutex::new(0),
        }
    }

    fn next(&self, cursor: &Mutex<usize>) -> Result<ScriptedStep, ModelError> {
        let mut at = cursor
            .lock()
            .map_err(|_| ModelError::Inference("scripted model lock poisoned".into()))?;
        let step = self
            .steps
            .get(*at)
            .cloned()
            .ok_or(ModelError::ScriptExhausted(*at))?;
        *at += 1;
        Ok(step)
    }
}

const ONE_PASS: ModelCost = ModelCost::passes(1, 1);

impl DecisionModel for ScriptedModel {
    fn id(&self) -> String {
        "scripted".into()
    }

    fn confidence(
        &self,
        _prompt: &StepPrompt,
        _candidates: &[ToolCandidate],
    ) -> Result<ConfidenceSignal, ModelError> {
        let step = self.next(&self.confidence_cursor)?;
        Ok(ConfidenceSignal {
            top_logprob: (1.0 - step.p_tool).max(1e-6).ln(),
            entropy: 0.0,
            margin: 0.0,
            p_tool: step.p_tool,
            probe: Some(step.p_tool),
            cost: ONE_PASS,
        })
    }

    fn choose(
        &self,
        _prompt: &StepPrompt,
        candidates: &[ToolCandidate],
    ) -> Result<ToolChoice, ModelError> {
        if candidates.is_empty() {
            return Err(ModelError::NoCandidates);
        }
        let step = self.next(&self.choice_cursor)?;
        Ok(ToolChoice {
            name: step.name.clone(),
            args: step.args,
            scores: vec![(step.name, 0.0)],
            combined: None,
            cost: ONE_PASS,
        })
    }

    fn score_continuations(
        &self,
        _prompt: &StepPrompt,
        continuations: &[String],
    ) -> Result<(Vec<f32>, ModelCost), ModelError> {
        // Prefer shorter continuations: deterministic and independent of the script.
        let scores = continuations.iter().map(|c| -(c.len() as f32)).collect();
        Ok((scores, ONE_PASS))
    }

    fn score_text(
        &self,
        _text: &str,
        continuations: &[String],
    ) -> Result<(Vec<f32>, ModelCost), ModelError> {
        // Shorter is likelier: deterministic and independent of the script.
        let scores = continuations.iter().map(|c| -(c.len() as f32)).collect();
        Ok((scores, ONE_PASS))
    }

    fn answer(
        &self,
        _prompt: &StepPrompt,
        _max_tokens: usize,
    ) -> Result<(String, ModelCost), ModelError> {
        let mut at = self
            .answer_cursor
            .lock()
            .map_err(|_| ModelError::Inference("scripted model lock poisoned".into()))?;
        let answer = self.answers.get(*at).cloned().unwrap_or_default();
        *at += 1;
        Ok((answer, ONE_PASS))
    }

    /// Rules answer the greedy path; other branches write nothing.
    fn complete_line(
        &self,
        text: &str,
        _max_tokens: usize,
        branch: usize,
    ) -> Result<(String, ModelCost), ModelError> {
        if branch > 0 {
            return Ok((String::new(), ONE_PASS));
        }
        let completion = self
            .completions
            .iter()
            .find(|rule| rule.applies(text, text))
            .map(|rule| rule.completion.clone())
            .unwrap_or_default();
        Ok((completion, ONE_PASS))
    }

    /// The same rules, read against the fill's prefix (and `shown` against its suffix): the
    /// middle is the completion of the first rule the prefix ends with that is for the
    /// request's branch (a rule without one is for the greedy fill); other fills write nothing.
    fn fill_middle(&self, request: &FillRequest) -> Result<(String, ModelCost), ModelError> {
        let middle = self
            .completions
            .iter()
            .filter(|rule| rule.branch.unwrap_or(0) == request.branch)
            .find(|rule| rule.applies(&request.prefix, &request.suffix))
            .map(|rule| rule.completion.clone())
            .unwrap_or_default();
        Ok((middle, ONE_PASS))
    }

    /// The same rules, read against the answer's prefix: the greedy block is the completion of
    /// the first rule the prefix ends with; samples write nothing.
    fn write_block(&self, request: &BlockRequest) -> Result<(String, ModelCost), ModelError> {
        if request.sample.is_some() {
            return Ok((String::new(), ONE_PASS));
        }
        let block = self
            .completions
            .iter()
            .find(|rule| rule.applies(&request.answer_prefix, &request.instruction))
            .map(|CompletionRule { completion, .. }| {
                // Where the real decoder would stop: the scripted text may go on past the block.
                block_before_its_end(&format!("{completion}\n"), request.stop_indent)
                    .unwrap_or_else(|| completion.trim_end().to_string())
            })
            .unwrap_or_default();
        Ok((block, ONE_PASS))
    }
}
