//! The decoder plus its tokenizer: generation, continuation scoring, confidence signals and
//! hidden states. An [`Engine`] is single-threaded; [`crate::handle::ModelHandle`] runs one on
//! its own OS thread.
//!
//! # The decision prompt and `p_tool`
//! [`decision_prompt`] renders a [`StepPrompt`] in the model's own chat template
//! ([`crate::chat_template`]; ChatML only as a fallback that says so). A template with a tools
//! section (Qwen2.5's `<tools>`) gets the offered tools as function tools and its own
//! instructions; otherwise the system turn lists them and tells the model to answer either
//! with a tool call that starts with [`TOOL_CALL_OPENER`] or in plain text. The *decision
//! point* is the end of the rendered prompt (the open assistant turn, `<|im_start|>assistant\n`
//! in both SmolLM2's and Qwen2.5's templates). `p_tool` is the probability that the model's answer starts with
//! the opener, i.e. the product of the probabilities of the opener's tokens, each conditioned
//! on the prompt and the opener tokens before it. Prompt and opener go through one forward
//! pass (logits at every position), so `p_tool` and the next-token signals (top log-prob,
//! entropy, top-1/top-2 margin, read at the decision point) come from the same pass.

use std::cell::RefCell;
use std::path::Path;
use std::time::Instant;

use burn::tensor::Device;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tact_runtime::model_io::{
    BlockRequest, ConfidenceSignal, FillRequest, ModelCost, Sampling, StepPrompt, ToolCandidate,
};
use tact_runtime::source::indentation;
use tokenizers::Tokenizer;

use crate::chat_template::{ChatTemplate, TemplateValue, chat_template_from_gguf, function_tool};
use crate::error::ModelError;
use crate::gguf::GgufFile;
use crate::kernels::VisibleKeys;
use crate::llama::{ForwardOutput, KvCache, Llama, LogitsFor, log_probs, tensor_values};
use crate::prefix_cache::PrefixCache;
use crate::tokenizer::{decode, encode, tokenizer_from_gguf};

/// The fixed text a tool call starts with (Hermes / Qwen style, which SmolLM2 has seen).
pub const TOOL_CALL_OPENER: &str = "<tool_call>\n{\"name\": \"";

/// CPU backends burn offers here.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum BackendKind {
    NdArray,
    Flex,
}

impl BackendKind {
    /// The faster backend end to end on this machine (see `benches/model.rs`).
    pub const DEFAULT: BackendKind = BackendKind::Flex;

    pub fn device(self) -> Device {
        match self {
            #[allow(deprecated)]
            // burn-ndarray is deprecated in 0.22 but still the reference CPU backend
            BackendKind::NdArray => Device::ndarray(),
            BackendKind::Flex => Device::flex(),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            BackendKind::NdArray => "ndarray",
            BackendKind::Flex => "flex",
        }
    }
}

impl std::str::FromStr for BackendKind {
    type Err = ModelError;
    fn from_str(s: &str) -> Result<Self, ModelError> {
        match s {
            "ndarray" => Ok(BackendKind::NdArray),
            "flex" => Ok(BackendKind::Flex),
            other => Err(ModelError::Unsupported(format!(
                "backend {other:?} (ndarray, flex)"
            ))),
        }
    }
}

/// One generated token.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct GeneratedToken {
    pub id: u32,
    pub text: String,
    pub logprob: f32,
}

/// Result of greedy generation.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Generation {
    pub text: String,
    pub tokens: Vec<GeneratedToken>,
    pub prompt_tokens: usize,
    pub elapsed_ms: u64,
    /// Time of the prompt's forward pass.
    pub prefill_ms: u64,
}

/// Next-token statistics of one log-probability row.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct NextTokenStats {
    pub top_id: u32,
    pub top_logprob: f32,
    pub entropy: f32,
    pub margin: f32,
}

pub fn next_token_stats(logprobs: &[f32]) -> NextTokenStats {
    let (mut best, mut second) = ((0usize, f32::NEG_INFINITY), f32::NEG_INFINITY);
    let mut entropy = 0.0f32;
    for (i, &lp) in logprobs.iter().enumerate() {
        if lp > best.1 {
            second = best.1;
            best = (i, lp);
        } else if lp > second {
            second = lp;
        }
        if lp.is_finite() {
            entropy -= lp.exp() * lp;
        }
    }
    NextTokenStats {
        top_id: best.0 as u32,
        top_logprob: best.1,
        entropy,
        margin: best.1.exp() - second.exp().max(0.0),
    }
}

/// The decoder, its tokenizer, and the decoded text of every token (for constraints).
pub struct Engine {
    pub(crate) llama: Llama,
    pub(crate) tokenizer: Tokenizer,
    /// `token_texts[id]` is the text token `id` decodes to on its own.
    pub(crate) token_texts: Vec<String>,
    /// Added/special tokens (`<|im_end|>`, ...), never produced inside constrained values.
    special: Vec<bool>,
    stop_ids: Vec<u32>,
    id: String,
    /// The model's chat template (or the ChatML fallback, which says so).
    chat_template: ChatTemplate,
    /// Token ids and KV caches of the last few prompts, for
    /// [`Engine::forward_reusing_prefix`]. The engine lives on one thread, so a `RefCell`
    /// suffices.
    prefix_cache: RefCell<PrefixCache<KvCache>>,
    /// Branches of fills written ahead of their requests ([`Engine::fill_middle`]).
    fill_memo: RefCell<FillMemo>,
}

impl Engine {
    pub fn new(llama: Llama, tokenizer: Tokenizer, id: String) -> Result<Self, ModelError> {
        let vocab = llama.config().vocab_size;
        let mut token_texts = Vec::with_capacity(vocab);
        for token in 0..vocab as u32 {
            token_texts.push(decode(&tokenizer, &[token]).unwrap_or_default());
        }
        let mut special = vec![false; vocab];
        for id in tokenizer.get_added_tokens_decoder().keys() {
            if let Some(flag) = special.get_mut(*id as usize) {
                *flag = true;
            }
        }
        let stop_ids = ["<|im_end|>", "<|endoftext|>", "</s>", "<|end_of_text|>"]
            .iter()
            .filter_map(|t| tokenizer.token_to_id(t))
            .collect();
        Ok(Self {
            llama,
            tokenizer,
            token_texts,
            special,
            stop_ids,
            id,
            chat_template: ChatTemplate::chatml_fallback("no chat template was loaded"),
            prefix_cache: RefCell::new(PrefixCache::default()),
            fill_memo: RefCell::new(FillMemo::default()),
        })
    }

    /// Render prompts with `template` from now on.
    pub fn with_chat_template(mut self, template: ChatTemplate) -> Self {
        self.chat_template = template;
        self
    }

    pub fn chat_template(&self) -> &ChatTemplate {
        &self.chat_template
    }

    /// The decision prompt of a step in this model's chat template (see the module docs).
    pub fn decision_prompt(
        &self,
        prompt: &StepPrompt,
        candidates: &[ToolCandidate],
    ) -> Result<String, ModelError> {
        decision_prompt(&self.chat_template, prompt, candidates)
    }

    /// Load a GGUF decoder (weights and tokenizer) onto `backend`.
    pub fn from_gguf_path(path: &Path, backend: BackendKind) -> Result<Self, ModelError> {
        let gguf = GgufFile::open(path)?;
        // Refuse a model that would not fit before inflating any tensor.
        crate::memory::check_gguf_fits(&path.display().to_string(), &gguf)?;
        let llama = Llama::from_gguf(&gguf, &backend.device())?;
        let tokenizer = tokenizer_from_gguf(&gguf)?;
        let chat_template = chat_template_from_gguf(&gguf);
        if let Some(reason) = chat_template.fallback_reason() {
            tracing::warn!(model = %path.display(), %reason, "chat template: ChatML fallback");
        }
        drop(gguf);
        // The ledger names the weights by content: `name@quant#sha256-of-the-file`.
        let id = format!("{}#{}", model_name(path), crate::fetch::sha256_file(path)?);
        Ok(Self::new(llama, tokenizer, id)?.with_chat_template(chat_template))
    }

    pub fn id(&self) -> &str {
        &self.id
    }

    /// Run the matrix products on `threads` threads from now on.
    pub fn set_threads(&mut self, threads: usize) -> Result<(), ModelError> {
        self.llama = self.llama.with_threads(threads)?;
        Ok(())
    }

    pub fn llama(&self) -> &Llama {
        &self.llama
    }

    pub fn tokenizer(&self) -> &Tokenizer {
        &self.tokenizer
    }

    pub fn encode(&self, text: &str) -> Result<Vec<u32>, ModelError> {
        encode(&self.tokenizer, text)
    }

    pub fn is_special(&self, id: u32) -> bool {
        self.special.get(id as usize).copied().unwrap_or(true)
    }

    pub fn is_stop(&self, id: u32) -> bool {
        self.stop_ids.contains(&id)
    }

    /// Greedy generation of up to `max_tokens` after `prompt` (raw text, special tokens
    /// matched), stopping at an end-of-turn token.
    pub fn generate(&self, prompt: &str, max_tokens: usize) -> Result<Generation, ModelError> {
        let started = Instant::now();
        let prompt_ids = self.encode(prompt)?;
        if prompt_ids.is_empty() {
            return Err(ModelError::Inference("empty prompt".into()));
        }
        let mut cache = KvCache::new();
        let out = self
            .llama
            .forward(&prompt_ids, &mut cache, LogitsFor::Last)?;
        let prefill_ms = started.elapsed().as_millis() as u64;
        let mut row = last_row(log_probs(out.logits)?)?;
        let mut tokens = Vec::new();
        let mut ids = Vec::new();
        for _ in 0..max_tokens {
            let stats = next_token_stats(&row);
            if self.is_stop(stats.top_id) {
                break;
            }
            tokens.push(GeneratedToken {
                id: stats.top_id,
                text: self.token_text(stats.top_id),
                logprob: stats.top_logprob,
            });
            ids.push(stats.top_id);
            if tokens.len() == max_tokens || cache.len() + 1 >= self.llama.config().max_seq_len {
                break;
            }
            let out = self
                .llama
                .forward(&[stats.top_id], &mut cache, LogitsFor::Last)?;
            row = last_row(log_probs(out.logits)?)?;
        }
        Ok(Generation {
            text: decode(&self.tokenizer, &ids)?,
            tokens,
            prompt_tokens: prompt_ids.len(),
            elapsed_ms: started.elapsed().as_millis() as u64,
            prefill_ms,
        })
    }

    /// Greedy continuation of `text` (raw, no chat template) to the end of its line: at most
    /// `max_tokens`, cut at the first newline or end-of-turn token. The prompt's forward pass
    /// reuses the cached prefix of the previous call, so completing several cuts of one line
    /// after one long context costs little more than the tails.
    pub fn complete_line(
        &self,
        text: &str,
        max_tokens: usize,
        branch: usize,
    ) -> Result<(String, ModelCost), ModelError> {
        let prompt_ids = self.encode(text)?;
        if prompt_ids.is_empty() {
            return Err(ModelError::Inference("empty prompt".into()));
        }
        let (mut cache, out, reused) = self.forward_reusing_prefix(&prompt_ids, LogitsFor::Last)?;
        let mut row = last_row(log_probs(out.logits)?)?;
        let mut cost = prompt_cost(prompt_ids.len(), reused);
        let ends_line =
            |id: u32| self.is_stop(id) || self.token_text(id).contains(['\n', '\u{10a}']);
        let mut ids = Vec::new();
        for step in 0..max_tokens {
            let next = if step == 0 && branch > 0 {
                // The branch-th most likely token that keeps the line going.
                match nth_likeliest(&row, branch, |id| !ends_line(id)) {
                    Some(id) => id,
                    None => break,
                }
            } else {
                next_token_stats(&row).top_id
            };
            if ends_line(next) {
                break;
            }
            ids.push(next);
            // Decode so far; a newline may hide inside a merged token.
            if decode(&self.tokenizer, &ids)?.contains('\n')
                || cache.len() + 1 >= self.llama.config().max_seq_len
            {
                break;
            }
            let out = self.llama.forward(&[next], &mut cache, LogitsFor::Last)?;
            row = last_row(log_probs(out.logits)?)?;
            cost = cost.plus(ModelCost::passes(1, 1));
        }
        let completion = decode(&self.tokenizer, &ids)?;
        let line = completion
            .split('\n')
            .next()
            .unwrap_or_default()
            .to_string();
        Ok((line, cost))
    }

    /// A block of code after a chat turn ([`BlockRequest`]): the instruction as the user's
    /// turn in the model's own template, the assistant's turn opened with the request's prefix,
    /// then tokens (greedy, or sampled from the request's seed) until a line ends the block
    /// (indented at most `stop_indent`, or a code fence) or the end of the turn; a block cut
    /// off by the token limit comes back empty. Samples of one request share its
    /// prompt through the prefix cache.
    pub fn write_block(&self, request: &BlockRequest) -> Result<(String, ModelCost), ModelError> {
        let prompt = StepPrompt {
            system: String::new(),
            messages: vec![("user".into(), request.instruction.clone())],
            feedback: None,
        };
        let text = format!(
            "{}{}",
            plain_prompt(&self.chat_template, &prompt)?,
            request.answer_prefix
        );
        let prompt_ids = self.encode(&text)?;
        if prompt_ids.is_empty() {
            return Err(ModelError::Inference("empty prompt".into()));
        }
        let (mut cache, out, reused) = self.forward_reusing_prefix(&prompt_ids, LogitsFor::Last)?;
        let mut row = last_row(log_probs(out.logits)?)?;
        let mut cost = prompt_cost(prompt_ids.len(), reused);
        let mut sampler = request.sample.map(TokenSampler::new);
        let mut ids = Vec::new();
        let mut finished_turn = false;
        for _ in 0..request.max_tokens {
            let next = match sampler.as_mut() {
                Some(sampler) => sampler.pick(&row),
                None => next_token_stats(&row).top_id,
            };
            if self.is_stop(next) {
                finished_turn = true;
                break;
            }
            ids.push(next);
            // A line can only end the block once it is finished: decode when a newline comes
            // (plain, byte-level `Ċ`, or a byte-fallback token).
            let text = self
                .token_texts
                .get(next as usize)
                .map_or("", String::as_str);
            if text.contains(['\n', '\u{10a}']) || text == "<0x0A>" {
                let written = decode(&self.tokenizer, &ids)?;
                if let Some(block) = block_before_its_end(&written, request.stop_indent) {
                    return Ok((block, cost));
                }
            }
            if cache.len() + 1 >= self.llama.config().max_seq_len {
                break;
            }
            let out = self.llama.forward(&[next], &mut cache, LogitsFor::Last)?;
            row = last_row(log_probs(out.logits)?)?;
            cost = cost.plus(ModelCost::passes(1, 1));
        }
        let written = decode(&self.tokenizer, &ids)?;
        let block = if finished_turn {
            // The turn may end right after the line that ends the block (a closing fence).
            block_before_its_end(&format!("{written}\n"), request.stop_indent)
                .unwrap_or_else(|| written.trim_end().to_string())
        } else {
            // Cut off by the limit (or the context): an unfinished block is no rewrite.
            String::new()
        };
        Ok((block, cost))
    }

    /// The middle between a prefix and a suffix ([`FillRequest`]), for a model with the
    /// fill-in-the-middle tokens; others say they cannot. The prefix and suffix are encoded as
    /// plain text (a FIM marker written in the code is not one), the markers by id.
    ///
    /// A request for `branches` > 1 writes that many branches from `branch` on side by side
    /// ([`Engine::fill_middles`]) and answers the first; the others are kept, and a later
    /// request for one of them is answered from them at no cost.
    pub fn fill_middle(&self, request: &FillRequest) -> Result<(String, ModelCost), ModelError> {
        if let Some(middle) = self.fill_memo.borrow_mut().take(request) {
            return Ok((middle, ModelCost::default()));
        }
        let count = request.branches.max(1);
        let (middles, cost) = self.fill_middles(request, count)?;
        let mut middles = middles.into_iter();
        let first = middles.next().unwrap_or_default();
        let mut memo = self.fill_memo.borrow_mut();
        for (k, middle) in middles.enumerate() {
            memo.keep(request, request.branch + 1 + k, middle);
        }
        Ok((first, cost))
    }

    /// The middles of branches `request.branch .. request.branch + count`, written side by
    /// side: the prompt is run once, each branch gets its own copy of its KV cache, and every
    /// step feeds the branches still writing as one pass of that many rows
    /// ([`Llama::forward_branches`]). A branch ends as a lone fill would; the answer for each
    /// is what [`Engine::fill_middle`] gives for it alone.
    pub fn fill_middles(
        &self,
        request: &FillRequest,
        count: usize,
    ) -> Result<(Vec<String>, ModelCost), ModelError> {
        let marker = |name: &str| {
            self.tokenizer.token_to_id(name).ok_or_else(|| {
                ModelError::Unsupported(format!("{} has no {name} token to fill a middle", self.id))
            })
        };
        let (prefix_id, suffix_id, middle_id) = (
            marker("<|fim_prefix|>")?,
            marker("<|fim_suffix|>")?,
            marker("<|fim_middle|>")?,
        );
        let mut prompt_ids = vec![prefix_id];
        prompt_ids.extend(self.plain_ids(&request.prefix)?);
        prompt_ids.push(suffix_id);
        prompt_ids.extend(self.plain_ids(&request.suffix)?);
        prompt_ids.push(middle_id);
        let (cache, out, reused) = self.forward_reusing_prefix(&prompt_ids, LogitsFor::Last)?;
        let row = last_row(log_probs(out.logits)?)?;
        let mut cost = prompt_cost(prompt_ids.len(), reused);
        let resumes = SuffixResumes::of(&request.suffix);
        let max_seq = self.llama.config().max_seq_len;
        // (index among the requested branches, tokens written, its cache, its next log-probs)
        // Every branch but the last gets a copy of the prompt's cache; the last takes it (a lone
        // fill copies nothing).
        let count = count.max(1);
        let mut live: Vec<(usize, Vec<u32>, KvCache, Vec<f32>)> = (0..count - 1)
            .map(|i| (i, Vec::new(), cache.clone(), row.clone()))
            .collect();
        live.push((count - 1, Vec::new(), cache, row));
        let mut middles: Vec<Option<String>> = vec![None; live.len()];
        for step in 0..request.max_tokens {
            let mut writing = Vec::with_capacity(live.len());
            for (i, mut ids, cache, row) in live.drain(..) {
                let branch = request.branch + i;
                let next = if step == 0 && branch > 0 {
                    let writes =
                        |id: u32| !self.is_special(id) && !self.token_text(id).trim().is_empty();
                    nth_likeliest(&row, branch, writes)
                } else {
                    Some(next_token_stats(&row).top_id)
                };
                let Some(next) = next else {
                    // No such start: nothing is written from it.
                    middles[i] = Some(String::new());
                    continue;
                };
                if let Some(middle) = self.middle_after(&mut ids, next, &resumes, request)? {
                    middles[i] = Some(middle);
                } else if cache.len() + 1 >= max_seq {
                    // Cut off by the context: where the middle ends is unknown.
                    middles[i] = Some(String::new());
                } else {
                    writing.push((i, ids, cache, next));
                }
            }
            if writing.is_empty() {
                break;
            }
            let tokens: Vec<u32> = writing.iter().map(|w| w.3).collect();
            let mut caches: Vec<KvCache> = writing
                .iter_mut()
                .map(|w| std::mem::take(&mut w.2))
                .collect();
            let out = self.llama.forward_branches(&tokens, &mut caches)?;
            let rows = log_probs(out.logits)?;
            cost = cost.plus(ModelCost::passes(1, tokens.len() as u64));
            for ((i, ids, _, _), (cache, row)) in
                writing.into_iter().zip(caches.into_iter().zip(rows))
            {
                live.push((i, ids, cache, row));
            }
        }
        // Cut off by the token limit: where the middle ends is unknown.
        Ok((
            middles.into_iter().map(Option::unwrap_or_default).collect(),
            cost,
        ))
    }

    /// `next` written after `ids`: the finished middle if it ends the fill (an end token, or a
    /// line that resumes the suffix, or one line too many, which comes back empty), else
    /// `None` and the token kept.
    fn middle_after(
        &self,
        ids: &mut Vec<u32>,
        next: u32,
        resumes: &SuffixResumes<'_>,
        request: &FillRequest,
    ) -> Result<Option<String>, ModelError> {
        if self.is_stop(next) || self.is_special(next) {
            return Ok(Some(decode(&self.tokenizer, ids)?.trim_end().to_string()));
        }
        ids.push(next);
        let text = self.token_text(next);
        if text.contains(['\n', '\u{10a}']) || text == "<0x0A>" {
            let written = decode(&self.tokenizer, ids)?;
            let finished: Vec<&str> = written.split('\n').collect();
            let finished = &finished[..finished.len() - 1];
            if let Some(at) = resumes.middle_end(finished) {
                return Ok(Some(finished[..at].join("\n")));
            }
            if finished.len() > request.max_lines {
                return Ok(Some(String::new()));
            }
        }
        Ok(None)
    }

    /// Token ids of `text` with nothing matched as a special token.
    fn plain_ids(&self, text: &str) -> Result<Vec<u32>, ModelError> {
        let mut ids = Vec::new();
        // The tokenizer matches added tokens whole; a marker written in the code is split so
        // it stays text.
        for (k, piece) in text.split("<|").enumerate() {
            if k > 0 {
                ids.extend(self.encode("<")?);
                ids.extend(self.encode(&format!("|{piece}"))?);
            } else {
                ids.extend(self.encode(piece)?);
            }
        }
        Ok(ids)
    }

    pub fn token_text(&self, id: u32) -> String {
        self.token_texts
            .get(id as usize)
            .cloned()
            .unwrap_or_default()
    }

    /// Run `ids` into a cache; returns the cache and the log-probs after the last id.
    pub fn prefill(&self, ids: &[u32]) -> Result<(KvCache, Vec<f32>), ModelError> {
        let (cache, next, _) = self.prefill_costed(ids)?;
        Ok((cache, next))
    }

    /// [`Engine::prefill`], with what it cost: the tokens computed and those the prefix
    /// cache served.
    pub fn prefill_costed(
        &self,
        ids: &[u32],
    ) -> Result<(KvCache, Vec<f32>, ModelCost), ModelError> {
        let (cache, out, reused) = self.forward_reusing_prefix(ids, LogitsFor::Last)?;
        let cost = prompt_cost(ids.len(), reused);
        Ok((cache, last_row(log_probs(out.logits)?)?, cost))
    }

    /// Like [`Engine::prefill`] but never reuses a cached prefix.
    pub fn prefill_fresh(&self, ids: &[u32]) -> Result<(KvCache, Vec<f32>), ModelError> {
        let mut cache = KvCache::new();
        let out = self.llama.forward(ids, &mut cache, LogitsFor::Last)?;
        Ok((cache, last_row(log_probs(out.logits)?)?))
    }

    /// Forward `ids` from scratch, but reuse the KV cache of the longest prefix shared with
    /// one of the last few calls ([`PrefixCache`]): consecutive calls at one step
    /// (confidence, then choose) share the long system prompt and tool list, and the writer's
    /// fills of one line come back to the same few prompts, so only the differing tail is
    /// computed.
    pub fn forward_reusing_prefix(
        &self,
        ids: &[u32],
        logits_for: LogitsFor,
    ) -> Result<(KvCache, ForwardOutput, usize), ModelError> {
        // Rows requested must be computed in this call, so at least that many tokens are fed.
        let must_feed = match logits_for {
            LogitsFor::Last => 1,
            LogitsFor::Tail(n) => n.max(1),
            LogitsFor::All => ids.len(),
        }
        .min(ids.len());
        let mut cache = self
            .prefix_cache
            .borrow_mut()
            .longest_shared(ids, ids.len() - must_feed)
            .map_or_else(KvCache::new, |(cache, _)| cache);
        let start = cache.len();
        let out = self.llama.forward(&ids[start..], &mut cache, logits_for)?;
        self.prefix_cache
            .borrow_mut()
            .insert(ids.to_vec(), cache.clone());
        Ok((cache, out, start))
    }

    /// Sum of token log-probs of `continuation` given a cache and the log-probs that follow it.
    pub fn continuation_logprob(
        &self,
        cache: &KvCache,
        next_logprobs: &[f32],
        continuation: &[u32],
    ) -> Result<f32, ModelError> {
        let Some((&first, rest)) = continuation.split_first() else {
            return Ok(0.0);
        };
        let mut total = logprob_of(next_logprobs, first)?;
        if !rest.is_empty() {
            let mut cache = cache.clone();
            let feed = &continuation[..continuation.len() - 1];
            let out = self.llama.forward(feed, &mut cache, LogitsFor::All)?;
            // Row `i` predicts continuation[i + 1].
            total += self
                .llama
                .picked_log_probs(out.logits, rest)?
                .iter()
                .sum::<f32>();
        }
        Ok(total)
    }

    /// Summed token log-probs of every continuation after a cache and the log-probs that
    /// follow it, in as few forward passes as fit the context (usually one): the
    /// continuations' tokens go through the model side by side, each at its own positions
    /// after the prefix and attending to the prefix and its own earlier tokens only, so k
    /// candidates share one pass instead of k.
    ///
    /// The branches are appended to `cache` for the pass and cut off again after it, so the
    /// prefix is never copied; `cache` is left as it was given, on error too.
    pub fn continuation_logprobs(
        &self,
        cache: &mut KvCache,
        next_logprobs: &[f32],
        continuations: &[Vec<u32>],
    ) -> Result<(Vec<f32>, ModelCost), ModelError> {
        let prefix = cache.len();
        let room = self.llama.config().max_seq_len.saturating_sub(prefix);
        let mut scores = Vec::with_capacity(continuations.len());
        for c in continuations {
            scores.push(match c.first() {
                Some(&first) => logprob_of(next_logprobs, first)?,
                None => 0.0,
            });
        }
        let mut cost = ModelCost::default();
        // Group continuations so each group's fed tokens fit after the prefix.
        let mut groups: Vec<Vec<usize>> = Vec::new();
        let mut used = 0;
        for (i, c) in continuations.iter().enumerate() {
            let feed = c.len().saturating_sub(1);
            if feed == 0 {
                continue;
            }
            if groups.is_empty() || used + feed > room {
                groups.push(Vec::new());
                used = 0;
            }
            used += feed;
            if let Some(group) = groups.last_mut() {
                group.push(i);
            }
        }
        for group in groups {
            let (mut tokens, mut positions, mut visible) = (Vec::new(), Vec::new(), Vec::new());
            for &i in &group {
                let feed = &continuations[i][..continuations[i].len() - 1];
                let own_start = prefix + tokens.len();
                for (j, &t) in feed.iter().enumerate() {
                    tokens.push(t);
                    positions.push(prefix + j);
                    visible.push(VisibleKeys {
                        prefix,
                        own: own_start..own_start + j + 1,
                    });
                }
            }
            let out = self
                .llama
                .forward_at(&tokens, &positions, &visible, cache, LogitsFor::All);
            cache.truncate(prefix);
            let out = out?;
            // Row `j` of a continuation's slice predicts its token `j + 1`.
            let picks: Vec<u32> = group
                .iter()
                .flat_map(|&i| continuations[i][1..].iter().copied())
                .collect();
            let picked = self.llama.picked_log_probs(out.logits, &picks)?;
            if picked.len() != picks.len() {
                return Err(ModelError::Inference(
                    "forward returned too few rows".into(),
                ));
            }
            cost = cost.plus(ModelCost::passes(1, tokens.len() as u64));
            let mut row = picked.into_iter();
            for &i in &group {
                for _ in &continuations[i][1..] {
                    scores[i] += row.next().unwrap_or_default();
                }
            }
        }
        Ok((scores, cost))
    }

    /// Total log-likelihood of each continuation after `prompt_text`.
    pub fn score_continuations(
        &self,
        prompt_text: &str,
        continuations: &[String],
    ) -> Result<(Vec<f32>, ModelCost), ModelError> {
        let prompt_ids = self.encode(prompt_text)?;
        let (mut cache, next, prompt_cost) = self.prefill_costed(&prompt_ids)?;
        let ids = continuations
            .iter()
            .map(|c| self.encode(c))
            .collect::<Result<Vec<_>, _>>()?;
        let (scores, cost) = self.continuation_logprobs(&mut cache, &next, &ids)?;
        Ok((scores, prompt_cost.plus(cost)))
    }

    /// Confidence signals at the decision point (see the module docs), plus the final
    /// hidden state at the decision point for the probe.
    pub fn confidence(
        &self,
        prompt: &StepPrompt,
        candidates: &[ToolCandidate],
    ) -> Result<(ConfidenceSignal, Vec<f32>), ModelError> {
        let prompt_ids = self.encode(&self.decision_prompt(prompt, candidates)?)?;
        let opener = self.encode(TOOL_CALL_OPENER)?;
        if prompt_ids.is_empty() || opener.is_empty() {
            return Err(ModelError::Inference("empty decision prompt".into()));
        }
        // Feed the prompt and all but the last opener token; row 0 of the tail is the
        // decision point and row `i` predicts opener token `i`.
        let mut all = prompt_ids.clone();
        all.extend(&opener[..opener.len() - 1]);
        let (_, out, reused) = self.forward_reusing_prefix(&all, LogitsFor::Tail(opener.len()))?;
        let rows = log_probs(out.logits)?;
        let missing = || ModelError::Inference("forward returned too few rows".into());
        let stats = next_token_stats(rows.first().ok_or_else(missing)?);
        let mut opener_logprob = 0.0;
        for (i, &token) in opener.iter().enumerate() {
            opener_logprob += logprob_of(rows.get(i).ok_or_else(missing)?, token)?;
        }
        // The hidden state we probe is the decision point's, not the opener's end.
        let hidden = tensor_values(out.hidden.narrow(0, 0, 1))?;
        let signal = ConfidenceSignal {
            top_logprob: stats.top_logprob,
            entropy: stats.entropy,
            margin: stats.margin,
            p_tool: opener_logprob.exp(),
            probe: None,
            cost: prompt_cost(all.len(), reused),
        };
        Ok((signal, hidden))
    }

    /// Final-layer (normed) hidden state at the last position of `text`.
    pub fn hidden_state(&self, text: &str) -> Result<Vec<f32>, ModelError> {
        let ids = self.encode(text)?;
        self.hidden_state_ids(&ids)
    }

    fn hidden_state_ids(&self, ids: &[u32]) -> Result<Vec<f32>, ModelError> {
        let mut cache = KvCache::new();
        let out = self.llama.forward(ids, &mut cache, LogitsFor::Last)?;
        tensor_values(out.hidden)
    }
}

/// One pass over `len` prompt tokens of which the prefix cache served `reused`.
fn prompt_cost(len: usize, reused: usize) -> ModelCost {
    ModelCost {
        cached_tokens: reused as u64,
        ..ModelCost::passes(1, len.saturating_sub(reused) as u64)
    }
}

/// A GGUF file's model name from its file name, which says model and quantisation:
/// `SmolLM2-135M-Instruct.Q4_1.gguf` becomes `smollm2-135m-instruct@q4_1`. An engine's id is
/// this plus `#` and the file's SHA-256.
pub fn model_name(path: &Path) -> String {
    let stem = path
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("gguf-model")
        .to_lowercase();
    match stem.rsplit_once('.') {
        Some((name, quant)) => format!("{name}@{quant}"),
        None => stem,
    }
}

/// The block written so far, once one of its finished lines ends it: a non-blank line
/// indented at most `stop_indent` columns, or a code fence. The ending line is not part of it.
pub(crate) fn block_before_its_end(written: &str, stop_indent: usize) -> Option<String> {
    let finished = written.rsplit_once('\n')?.0;
    let mut kept: Vec<&str> = Vec::new();
    for line in finished.split('\n') {
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        if trimmed.starts_with("```") || (!trimmed.is_empty() && indent <= stop_indent) {
            return Some(kept.join("\n").trim_end().to_string());
        }
        kept.push(line);
    }
    None
}

/// Seeded nucleus sampling over one row of log-probabilities.
struct TokenSampler {
    rng: ChaCha8Rng,
    temperature: f32,
    top_p: f32,
}

impl TokenSampler {
    fn new(sampling: Sampling) -> Self {
        Self {
            rng: ChaCha8Rng::seed_from_u64(sampling.seed),
            temperature: sampling.temperature.max(1e-3),
            top_p: sampling.top_p.clamp(1e-3, 1.0),
        }
    }

    fn pick(&mut self, logprobs: &[f32]) -> u32 {
        let best = logprobs.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        let mut weighted: Vec<(u32, f32)> = (0u32..)
            .zip(logprobs)
            .map(|(id, &lp)| (id, ((lp - best) / self.temperature).exp()))
            .filter(|&(_, w)| w > 1e-9)
            .collect();
        weighted.sort_by(|a, b| b.1.total_cmp(&a.1));
        let total: f32 = weighted.iter().map(|&(_, w)| w).sum();
        let mut kept = 0.0f32;
        let nucleus = weighted
            .iter()
            .position(|&(_, w)| {
                kept += w;
                kept >= self.top_p * total
            })
            .map_or(weighted.len(), |at| at + 1);
        weighted.truncate(nucleus);
        let mass: f32 = weighted.iter().map(|&(_, w)| w).sum();
        let mut target = self.rng.random::<f32>() * mass;
        for &(id, w) in &weighted {
            if target < w {
                return id;
            }
            target -= w;
        }
        weighted.last().map_or(0, |&(id, _)| id)
    }
}

pub(crate) fn last_row(rows: Vec<Vec<f32>>) -> Result<Vec<f32>, ModelError> {
    rows.into_iter()
        .next_back()
        .ok_or_else(|| ModelError::Inference("forward returned no logits".into()))
}

pub(crate) fn logprob_of(row: &[f32], token: u32) -> Result<f32, ModelError> {
    row.get(token as usize)
        .copied()
        .ok_or_else(|| ModelError::Inference(format!("token {token} outside logits row")))
}

/// Render a step as the decision prompt in `template` (see the module docs). A template with
/// a tools section (Qwen2.5's `<tools>`) is given the candidates as OpenAI-style function
/// tools and writes its own instructions; otherwise the system turn lists them and says how to
/// call one with [`TOOL_CALL_OPENER`].
pub fn decision_prompt(
    template: &ChatTemplate,
    prompt: &StepPrompt,
    candidates: &[ToolCandidate],
) -> Result<String, ModelError> {
    let mut system = prompt.system.trim().to_owned();
    let mut tools = Vec::new();
    if !candidates.is_empty() {
        if template.has_tools_section() {
            tools = candidates.iter().map(tool_json).collect();
        } else {
            if !system.is_empty() {
                system.push_str("\n\n");
            }
            system.push_str("You can call these tools:\n");
            for candidate in candidates {
                system.push_str(&format!(
                    "- {}: {} Arguments: {}\n",
                    candidate.name,
                    candidate.description.trim(),
                    candidate.schema
                ));
            }
            system.push_str(
                "To call a tool, answer with <tool_call>\n{\"name\": \"TOOL\", \"arguments\": {...}}\n</tool_call>. Otherwise answer in plain text.",
            );
        }
    }
    let mut messages = Vec::with_capacity(prompt.messages.len() + 2);
    if !system.is_empty() {
        messages.push(message_json("system", &system));
    }
    for (role, content) in &prompt.messages {
        messages.push(message_json(role, content));
    }
    if let Some(feedback) = &prompt.feedback {
        messages.push(message_json("user", &format!("Feedback: {feedback}")));
    }
    template.render(&messages, &tools, true)
}

fn message_json(role: &str, content: &str) -> serde_json::Value {
    serde_json::json!({"role": role, "content": content})
}

/// A candidate as the function tool chat templates expect.
pub fn tool_json(candidate: &ToolCandidate) -> TemplateValue {
    function_tool(
        &candidate.name,
        candidate.description.trim(),
        &candidate.schema,
    )
}

/// Rough text of a step prompt with no tools (for `score_continuations`).
pub fn plain_prompt(template: &ChatTemplate, prompt: &StepPrompt) -> Result<String, ModelError> {
    decision_prompt(template, prompt, &[])
}

/// Most fill branches kept for the requests still to come: a line's fills ask three kinds of
/// fill, each from up to six starts.
const FILL_MEMO_ENTRIES: usize = 24;

/// Middles written side by side with an earlier request's, each under the request that will
/// ask for it (the same fill, its own branch).
#[derive(Default)]
struct FillMemo {
    kept: std::collections::VecDeque<(FillRequest, String)>,
}

impl FillMemo {
    /// The request as its own branch would be asked alone.
    fn key(request: &FillRequest, branch: usize) -> FillRequest {
        FillRequest {
            branch,
            branches: 1,
            ..request.clone()
        }
    }

    fn keep(&mut self, request: &FillRequest, branch: usize, middle: String) {
        let key = Self::key(request, branch);
        self.kept.retain(|(k, _)| *k != key);
        self.kept.push_back((key, middle));
        while self.kept.len() > FILL_MEMO_ENTRIES {
            self.kept.pop_front();
        }
    }

    /// The kept middle of `request`'s branch, taken out (a request asked twice is written
    /// again, as it was before any was kept).
    fn take(&mut self, request: &FillRequest) -> Option<String> {
        let key = Self::key(request, request.branch);
        let at = self.kept.iter().position(|(k, _)| *k == key)?;
        self.kept.remove(at).map(|(_, middle)| middle)
    }
}

/// Where a filled middle ends: the suffix's lines the writer may go on into once the middle is
/// written (a small model writes the gap, then the suffix again, or skips ahead to its end).
struct SuffixResumes<'a> {
    lines: Vec<&'a str>,
    /// Indentation of the suffix's first line: a middle line indented deeper sits inside a block
    /// the middle opened (`if x:` / `    return None`), whatever later suffix line it equals.
    indent: usize,
}

impl<'a> SuffixResumes<'a> {
    fn of(suffix: &'a str) -> Self {
        let lines: Vec<&str> = suffix.lines().filter(|l| !l.trim().is_empty()).collect();
        let indent = lines.first().map_or(0, |l| indentation(l));
        Self {
            lines: lines.into_iter().map(str::trim).collect(),
            indent,
        }
    }

    /// How many of the finished middle lines to keep, once the middle has ended: at a blank line
    /// (the writer left the code it was shown), or at a line of the suffix written where the
    /// middle is a whole statement, no deeper than the suffix's first line and with every
    /// bracket it opened closed — a Rust guard's closing `}` equals the function's own, and is
    /// still the guard's.
    fn middle_end(&self, finished: &[&str]) -> Option<usize> {
        let mut depth = 0i64;
        for (at, line) in finished.iter().enumerate() {
            if line.trim().is_empty() {
                return Some(at);
            }
            // The first line continues the prefix's own line: its indentation is not its own.
            let shallow = at == 0 || indentation(line) <= self.indent;
            if depth == 0 && shallow && self.lines.contains(&line.trim()) {
                return Some(at);
            }
            depth += bracket_balance(line);
        }
        None
    }
}

/// Brackets a line opens minus those it closes, outside double-quoted strings.
fn bracket_balance(line: &str) -> i64 {
    let mut balance = 0;
    let mut in_string = false;
    let mut escaped = false;
    for c in line.chars() {
        if in_string {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => in_string = true,
            '(' | '[' | '{' => balance += 1,
            ')' | ']' | '}' => balance -= 1,
            _ => {}
        }
    }
    balance
}

/// The `n`-th most likely token of a log-probability row among those `keep` admits (a branch's
/// first token).
fn nth_likeliest(row: &[f32], n: usize, keep: impl Fn(u32) -> bool) -> Option<u32> {
    let mut ranked: Vec<(u32, f32)> = (0u32..).zip(row.iter().copied()).collect();
    ranked.sort_by(|a, b| b.1.total_cmp(&a.1));
    ranked
        .into_iter()
        .filter(|&(id, _)| keep(id))
        .nth(n)
        .map(|(id, _)| id)
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;

    /// probe41-rs-01: the writer's guard `if prefix_len == 0 { return true; }` was cut at its
    /// closing `}` (equal to the function's own) and lost its body; the guard is kept whole and
    /// the middle ends where the writer repeats the suffix.
    #[test]
    fn probe41_rs_01_a_guards_closing_brace_is_the_guards_own() {
        let suffix =
            "\n    let mask = u32::MAX << (32 - prefix_len);\n    ip & mask == net & mask\n}\n";
        let resumes = SuffixResumes::of(suffix);
        let written = [
            "if prefix_len == 0 {",
            "        return true;",
            "    }",
            "    let mask = u32::MAX << (32 - prefix_len);",
        ];
        assert_eq!(resumes.middle_end(&written), Some(3));
        // A middle that skips ahead to the function's end stops there.
        assert_eq!(resumes.middle_end(&["x += 1;", "}"]), Some(1));
    }

    #[test]
    fn a_branch_body_equal_to_a_later_suffix_line_stays_in_the_middle() {
        let suffix = "\n    if b:\n        return None\n    return x\n";
        let resumes = SuffixResumes::of(suffix);
        assert_eq!(
            resumes.middle_end(&["if a:", "        return None", "    if b:"]),
            Some(2)
        );
        // The writer going straight on with the suffix writes nothing.
        assert_eq!(resumes.middle_end(&["if b:"]), Some(0));
        // A blank line ends it; so does a line back at the suffix's depth.
        assert_eq!(resumes.middle_end(&["y = 1", ""]), Some(1));
        assert_eq!(resumes.middle_end(&["y = 1", "    return x"]), Some(1));
        assert_eq!(resumes.middle_end(&["y = 1", "    z = 2"]), None);
    }

    #[test]
    fn brackets_in_strings_do_not_count() {
        assert_eq!(bracket_balance(r#"if s == "{" {"#), 1);
        assert_eq!(bracket_balance(r#"x = "\"(" + f(a)"#), 0);
        assert_eq!(bracket_balance("    }"), -1);
    }

    #[test]
    fn a_block_ends_before_a_line_at_the_functions_indentation_or_a_fence() {
        // Nothing ends it yet: the last line is unfinished.
        assert_eq!(block_before_its_end("    x = 1\n    ret", 0), None);
        assert_eq!(
            block_before_its_end("    x = 1\n\n    return x\ndef g", 0),
            None,
            "an unfinished line cannot end the block"
        );
        assert_eq!(
            block_before_its_end("    x = 1\n\n    return x\ndef g():\n", 0).as_deref(),
            Some("    x = 1\n\n    return x")
        );
        assert_eq!(
            block_before_its_end("    x = 1\n```\n", 0).as_deref(),
            Some("    x = 1")
        );
        // Rust's closing brace at the function's own indentation ends it; deeper ones do not.
        let rust = "        let s = 0;\n        if a {\n        }\n    }\n";
        assert_eq!(
            block_before_its_end(rust, 4).as_deref(),
            Some("        let s = 0;\n        if a {\n        }")
        );
        // Blank lines never end a block.
        assert_eq!(block_before_its_end("    a\n\n", 0), None);
    }

    #[test]
    fn sampling_is_reproducible_from_its_seed_and_stays_in_the_nucleus() {
        // Token 0 holds 70 % of the mass, token 1 25 %, the rest 5 % between them.
        let row: Vec<f32> = [0.70f32, 0.25, 0.02, 0.02, 0.01]
            .iter()
            .map(|p| p.ln())
            .collect();
        let sampling = Sampling {
            seed: 7,
            temperature: 1.0,
            top_p: 0.9,
        };
        let draw = |sampling: Sampling| -> Vec<u32> {
            let mut sampler = TokenSampler::new(sampling);
            (0..400).map(|_| sampler.pick(&row)).collect()
        };
        let first = draw(sampling);
        assert_eq!(first, draw(sampling), "the same seed draws the same tokens");
        assert_ne!(
            first,
            draw(Sampling {
                seed: 8,
                ..sampling
            })
        );
        assert!(
            first.iter().all(|&t| t <= 1),
            "0.70 + 0.25 reaches top_p 0.9: the tail is never drawn"
        );
        let zeros = first.iter().filter(|&&t| t == 0).count();
        // 0.70 / 0.95 of the nucleus: about 295 of 400.
        assert!((250..340).contains(&zeros), "{zeros}");
        // A temperature near zero is greedy.
        let cold = draw(Sampling {
            temperature: 1e-4,
            ..sampling
        });
        assert!(cold.iter().all(|&t| t == 0));
    }
}
