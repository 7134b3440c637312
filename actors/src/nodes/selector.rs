//! The selector (learned): the model picks one shortlisted tool, `ask_user` or `stop`, and binds
//! arguments under the tool's schema; the same stage scores and completes text for the repair
//! job. Every reply is a ledger decision before it is used, replayed on resume.

use std::sync::Arc;

use tact_models::DecisionModel;
use tact_policies::selector::{self, CandidateEvidence};
use tact_runtime::decisions::{Decision, ModelReply, SelectorRecord};
use tact_runtime::model_io::{
    BlockRequest, FillRequest, ModelCost, SelectionPrior, StepPrompt, ToolCandidate, ToolChoice,
};
use tact_runtime::stages::{SelectorRequest, SelectorResponse, ToolEvidence};

use crate::error::ActorError;
use crate::job::{Runner, request_key};
use crate::stage::{NamedStage, StageLogic, ask_node};

pub struct SelectorNode {
    pub model: Arc<dyn DecisionModel>,
    /// Writes blocks of code instead of `model` when set (see `JobConfig::writer`).
    pub writer: Option<Arc<dyn DecisionModel>>,
}

impl NamedStage for SelectorNode {
    const STAGE: &'static str = "selector";
    /// A choice, scoring or completion by the model.
    const TIMEOUT_MS: u64 = 600_000;
}

impl StageLogic for SelectorNode {
    type Request = SelectorRequest;
    type Response = SelectorResponse;
    fn stage(&self) -> &'static str {
        Self::STAGE
    }
    async fn handle(&self, req: SelectorRequest) -> SelectorResponse {
        let model = self.model.clone();
        let writer = self.writer.clone().unwrap_or_else(|| model.clone());
        let result = tokio::task::spawn_blocking(move || match req {
            SelectorRequest::Choose {
                prompt,
                candidates,
                prior,
            } => model
                .choose_with_prior(&prompt, &candidates, prior.as_ref())
                .map(SelectorResponse::Choice),
            SelectorRequest::ScoreText {
                text,
                continuations,
            } => model
                .score_text(&text, &continuations)
                .map(|(s, c)| SelectorResponse::Scores(s, c)),
            SelectorRequest::Complete {
                text,
                max_tokens,
                branch,
            } => model
                .complete_line(&text, max_tokens, branch)
                .map(|(t, c)| SelectorResponse::Completion(t, c)),
            SelectorRequest::WriteBlock { request } => writer
                .write_block(&request)
                .map(|(t, c)| SelectorResponse::Completion(t, c)),
            SelectorRequest::FillMiddle { request } => writer
                .fill_middle(&request)
                .map(|(t, c)| SelectorResponse::Completion(t, c)),
            SelectorRequest::Answer { prompt, max_tokens } => model
                .answer(&prompt, max_tokens)
                .map(|(t, c)| SelectorResponse::Answer(t, c)),
        })
        .await;
        match result {
            Ok(Ok(r)) => r,
            Ok(Err(e)) => SelectorResponse::Error(e.to_string()),
            Err(e) => SelectorResponse::Error(e.to_string()),
        }
    }
}

impl Runner {
    /// Ask the selector stage, or replay the answer recorded for the same request when the
    /// job resumes. The answer is written to the ledger (`recorded`) before it is used.
    /// `extract` takes the answer and its cost out of the stage's response.
    async fn ask_selector<T>(
        &mut self,
        key: String,
        reply: fn(T) -> ModelReply,
        request: SelectorRequest,
        extract: fn(SelectorResponse) -> Result<(T, ModelCost), String>,
    ) -> Result<T, ActorError>
    where
        T: Clone + serde::de::DeserializeOwned,
    {
        if let Some(answer) = self
            .replay
            .get(&key)
            .cloned()
            .and_then(|v| serde_json::from_value::<T>(v).ok())
        {
            self.decision(Decision::Selector(SelectorRecord {
                key,
                reply: reply(answer.clone()),
                cost: None,
                replayed: true,
            }))?;
            return Ok(answer);
        }
        self.admit_model(&request)?;
        let job_id = self.cfg.job_id.clone();
        let response = ask_node::<SelectorNode>(&job_id, || request.clone()).await?;
        let response = match response {
            SelectorResponse::Error(e) => return Err(ActorError::Model(e)),
            other => other,
        };
        let (answer, cost) = extract(response).map_err(ActorError::Model)?;
        self.burn_model(cost);
        self.decision(Decision::Selector(SelectorRecord {
            key,
            reply: reply(answer.clone()),
            cost: Some(cost),
            replayed: false,
        }))?;
        Ok(answer)
    }

    pub(crate) async fn select(
        &mut self,
        candidates: Vec<ToolCandidate>,
        evidence: &[ToolEvidence],
        feedback: Option<String>,
    ) -> Result<ToolChoice, ActorError> {
        let prompt = self.prompt(feedback);
        let prior = self.selection_prior(&candidates, evidence)?;
        // Without a prior the key is the one a choice always had (ledgers replay by it).
        let key = match &prior {
            None => request_key("choose", &(&prompt, &candidates)),
            Some(prior) => request_key("choose", &(&prompt, &candidates, prior)),
        };
        let request = SelectorRequest::Choose {
            prompt,
            candidates,
            prior,
        };
        self.ask_selector(
            key,
            ModelReply::Choice,
            request,
            |response| match response {
                SelectorResponse::Choice(choice) => {
                    let cost = choice.cost;
                    Ok((choice, cost))
                }
                _ => Err("unexpected response to a choice".into()),
            },
        )
        .await
    }

    /// The learned selector's evidence for this choice, when the policy has a combiner bound
    /// to the job's model: each shortlisted tool's features (its retrieval evidence, how well
    /// the task fills its arguments); `ask_user` and `stop` stay the model's call.
    fn selection_prior(
        &self,
        candidates: &[ToolCandidate],
        evidence: &[ToolEvidence],
    ) -> Result<Option<SelectionPrior>, ActorError> {
        let combiner = self
            .cfg
            .policy
            .body
            .selector
            .combiner_for(&self.cfg.model.id())
            .map_err(|e| ActorError::Policy(e.to_string()))?;
        let Some(combiner) = combiner else {
            return Ok(None);
        };
        let in_scope: Vec<usize> = (0..candidates.len())
            .filter(|&i| !matches!(candidates[i].name.as_str(), "ask_user" | "stop"))
            .collect();
        let scoped: Vec<CandidateEvidence> = in_scope
            .iter()
            .map(|&i| {
                let c = &candidates[i];
                let e = evidence.iter().find(|e| e.name == c.name);
                CandidateEvidence {
                    name: c.name.clone(),
                    description: c.description.clone(),
                    schema: c.schema.clone(),
                    bm25: e.map_or(0.0, |e| e.bm25),
                    cosine: e.and_then(|e| e.cosine),
                }
            })
            .collect();
        let mut rows = vec![None; candidates.len()];
        for (&i, row) in in_scope
            .iter()
            .zip(selector::features(&self.cfg.task, &scoped))
        {
            rows[i] = Some(row);
        }
        Ok(Some(combiner.prior(&rows)))
    }

    /// Log-likelihood of each continuation after raw `text` (recorded, replayed on resume).
    pub(crate) async fn score_text(
        &mut self,
        text: String,
        continuations: Vec<String>,
    ) -> Result<Vec<f32>, ActorError> {
        let key = request_key("score_text", &(&text, &continuations));
        let request = SelectorRequest::ScoreText {
            text,
            continuations,
        };
        self.ask_selector(
            key,
            ModelReply::Scores,
            request,
            |response| match response {
                SelectorResponse::Scores(scores, cost) => Ok((scores, cost)),
                _ => Err("unexpected response to scoring".into()),
            },
        )
        .await
    }

    /// The model's own answer in language (recorded, replayed on resume).
    pub(crate) async fn answer(
        &mut self,
        prompt: StepPrompt,
        max_tokens: usize,
    ) -> Result<String, ActorError> {
        let key = request_key("answer", &(&prompt, max_tokens));
        let request = SelectorRequest::Answer { prompt, max_tokens };
        self.ask_selector(
            key,
            ModelReply::Answer,
            request,
            |response| match response {
                SelectorResponse::Answer(text, cost) => Ok((text, cost)),
                _ => Err("unexpected response to an answer".into()),
            },
        )
        .await
    }

    /// The model continues `text` to the end of its line.
    pub(crate) async fn complete(
        &mut self,
        text: String,
        max_tokens: usize,
        branch: usize,
    ) -> Result<String, ActorError> {
        // Branch 0 keeps the key the greedy completion always had (ledgers replay by it).
        let key = if branch == 0 {
            request_key("complete", &(&text, max_tokens))
        } else {
            request_key("complete", &(&text, max_tokens, branch))
        };
        let request = SelectorRequest::Complete {
            text,
            max_tokens,
            branch,
        };
        self.ask_selector(
            key,
            ModelReply::Completion,
            request,
            |response| match response {
                SelectorResponse::Completion(line, cost) => Ok((line, cost)),
                _ => Err("unexpected response to a completion".into()),
            },
        )
        .await
    }

    /// The code writer fills the middle between a prefix and a suffix (a line rewritten with
    /// the code after it in view).
    pub(crate) async fn fill_middle(&mut self, request: FillRequest) -> Result<String, ActorError> {
        let key = request_key("fill_middle", &request);
        self.ask_selector(
            key,
            ModelReply::Completion,
            SelectorRequest::FillMiddle { request },
            |response| match response {
                SelectorResponse::Completion(middle, cost) => Ok((middle, cost)),
                _ => Err("unexpected response to a fill".into()),
            },
        )
        .await
    }

    /// The model writes a block of code after a chat turn (a function body rewritten).
    pub(crate) async fn write_block(
        &mut self,
        request: BlockRequest,
    ) -> Result<String, ActorError> {
        let key = request_key("write_block", &request);
        self.ask_selector(
            key,
            ModelReply::Completion,
            SelectorRequest::WriteBlock { request },
            |response| match response {
                SelectorResponse::Completion(block, cost) => Ok((block, cost)),
                _ => Err("unexpected response to a block".into()),
            },
        )
        .await
    }
}
