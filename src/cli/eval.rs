//! `tact eval trigger|retrieval|selection|minefield`: measure the deterministic nodes on fixed
//! data and print one JSON object (keys documented in `docs/eval.md`).
//!
//! Model outputs (signals, choices, embeddings) are computed here, cached under
//! `--cache-dir`, and handed to the plain evaluation functions in `tact_eval`.

use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use tact_actors::nodes::MiniLmEmbedder;
use tact_eval::cache::{ResultCache, cache_key};
use tact_eval::data::{
    CatalogRow, FunctionDef, RetrievalItem, SelectionItem, TriggerItem, offered_tools, read_jsonl,
};
use tact_eval::report::{Chart, Series, write_report};
use tact_eval::retrieval_eval::{
    CATALOG_SIZES, EmbeddingLookup, evaluate_retrieval, texts_to_embed, whole_catalog_rankings,
};
use tact_eval::rng::sample_indices;
use tact_eval::selection_eval::{
    Choice, Chooser, ModelScope, candidate_sets, embedding_text_of, evaluate_selection,
    selection_evidence,
};
use tact_eval::trigger_eval::{
    harness_prompt, prompt_digest, prompt_from, threshold_sweep, trigger_report,
};
use tact_eval::{DEFAULT_SEED, EvalError};
use tact_models::DecisionModel;
use tact_models::request_values::BINDER_EDITION;
use tact_policies::Policy;
use tact_policies::retrieval::{Embedder, EmbeddingCache};
use tact_policies::selector::features;
use tact_runtime::model_io::ConfidenceSignal;

#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub command: EvalCommand,
}

#[derive(Debug, clap::Subcommand)]
pub enum EvalCommand {
    /// Should a tool be called at all? Precision/recall/F1/AUROC of the trigger.
    Trigger(TriggerArgs),
    /// Recall@1/@5 and NDCG@5 of the retriever at catalog sizes 5, 50, 500 and all.
    Retrieval(RetrievalArgs),
    /// Tool accuracy and exact-argument rate of the selector.
    Selection(SelectionArgs),
    /// The trust gate's minefield: injected faults caught.
    Minefield(MinefieldArgs),
}

/// Options every evaluation shares.
#[derive(Debug, Clone, clap::Args)]
pub struct CommonArgs {
    /// Dev-set file (JSON Lines).
    #[arg(long)]
    pub data: PathBuf,
    /// Tool catalog (JSON Lines), for items that reference catalog tools.
    #[arg(long)]
    pub catalog: Option<PathBuf>,
    /// Policy file (default: the built-in policy).
    #[arg(long)]
    pub policy: Option<PathBuf>,
    /// Evaluate a seeded random sample of this many items (files are sorted by category, so
    /// a prefix would not be representative).
    #[arg(long)]
    pub limit: Option<usize>,
    /// Print one compact JSON object on stdout (otherwise pretty JSON).
    #[arg(long)]
    pub json: bool,
    /// Write an HTML report with SVG plots into this folder.
    #[arg(long)]
    pub report: Option<PathBuf>,
    /// Seed of samples, sub-catalogs and splits.
    #[arg(long, default_value_t = DEFAULT_SEED)]
    pub seed: u64,
    /// Where model outputs are cached between runs.
    #[arg(long, default_value = ".tact/cache")]
    pub cache_dir: PathBuf,
    /// Only the items of one side of the seeded split by id that `tact tune` and `tact
    /// train-probe` use (70 % `fit` to tune on, 30 % `report` to report on). With `--limit`,
    /// the side of the sample.
    #[arg(long, value_enum)]
    pub part: Option<crate::cli::suite::Part>,
}

/// Which decision model answers: an installed model's name (`smollm2-135m-instruct`, the
/// default; `qwen2.5-coder-0.5b`), a GGUF file or HF folder, `scripted:FILE` (JSON Lines of
/// scripted steps, replayed in item order; for tests), or `none`.
#[derive(Debug, Clone, clap::Args)]
pub struct ModelArgs {
    #[arg(
        long,
        default_value = "smollm2",
        value_name = "NAME|PATH|scripted:FILE|none"
    )]
    pub model: String,
}

#[derive(Debug, clap::Args)]
pub struct TriggerArgs {
    #[command(flatten)]
    pub common: CommonArgs,
    #[command(flatten)]
    pub model: ModelArgs,
}

#[derive(Debug, clap::Args)]
pub struct RetrievalArgs {
    #[command(flatten)]
    pub common: CommonArgs,
    /// Sentence embeddings: `auto` (MiniLM when installed), `minilm`, or `none` (BM25 only).
    #[arg(long, default_value = "auto")]
    pub embeddings: String,
    /// Also write each item's whole-catalog ranking (20 deep, with the rank of every gold
    /// tool) to this file, one JSON object a line: what each miss lost to.
    #[arg(long)]
    pub rankings: Option<PathBuf>,
}

#[derive(Debug, clap::Args)]
pub struct SelectionArgs {
    #[command(flatten)]
    pub common: CommonArgs,
    /// Ask the model for the full-list stress case (20 candidates, minutes per item on a CPU)
    /// on only the first N sampled items; 0 skips it. Default: every item.
    #[arg(long)]
    pub stress_items: Option<usize>,
    /// Ask the model on only these candidate sets (`as_given`, `shortlist_1`…`shortlist_5`,
    /// `full`), comma-separated; the baselines cover every set. Default: all.
    #[arg(long, value_delimiter = ',')]
    pub sets: Option<Vec<String>>,
    #[command(flatten)]
    pub model: ModelArgs,
}

#[derive(Debug, clap::Args)]
pub struct MinefieldArgs {
    /// Print one compact JSON object.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: Args) -> anyhow::Result<i32> {
    match args.command {
        EvalCommand::Trigger(a) => {
            let value = run_trigger(&a)?;
            emit(&value, a.common.json)
        }
        EvalCommand::Retrieval(a) => {
            let value = run_retrieval(&a)?;
            emit(&value, a.common.json)
        }
        EvalCommand::Selection(a) => {
            let value = run_selection(&a)?;
            emit(&value, a.common.json)
        }
        EvalCommand::Minefield(a) => {
            let report = tact_eval::minefield::run_minefield()?;
            let value = serde_json::json!({
                "caught": report.caught,
                "injected": report.injected,
                "controls": report.controls,
                "false_alarms": report.false_alarms,
                "probes": report.probes,
            });
            emit(&value, a.json)
        }
    }
}

/// Print the result: exactly one JSON object on stdout.
pub(crate) fn emit(value: &serde_json::Value, compact: bool) -> anyhow::Result<i32> {
    let text = if compact {
        serde_json::to_string(value)?
    } else {
        serde_json::to_string_pretty(value)?
    };
    println!("{text}");
    Ok(0)
}

/// A progress bar on stderr; hidden when stderr is not a terminal, so it never mixes into
/// captured output.
pub(crate) fn progress_bar(len: u64, what: &str) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template("{msg} {bar:30} {pos}/{len} [{elapsed}<{eta}]")
    {
        bar.set_style(style);
    }
    bar.set_message(what.to_string());
    bar
}

pub(crate) fn load_policy(path: Option<&Path>) -> anyhow::Result<Policy> {
    Policy::load_or_default(path).context("loading the policy")
}

/// Read a dev file and keep the seeded sample.
pub(crate) fn load_sample<T: serde::de::DeserializeOwned>(
    path: &Path,
    limit: Option<usize>,
    seed: u64,
) -> anyhow::Result<Vec<T>> {
    let mut items: Vec<Option<T>> = read_jsonl::<T>(path)?.into_iter().map(Some).collect();
    let keep = sample_indices(items.len(), limit, seed);
    Ok(keep.into_iter().filter_map(|i| items[i].take()).collect())
}

fn load_catalog(path: Option<&Path>) -> anyhow::Result<Option<Vec<CatalogRow>>> {
    path.map(|p| read_jsonl::<CatalogRow>(p).map_err(anyhow::Error::from))
        .transpose()
}

// ---------------------------------------------------------------- models

/// A decision model that is loaded only when a cache miss needs it: a fully cached run never
/// pays the load.
pub(crate) struct LazyModel {
    spec: String,
    cache_id: String,
    settings_id: String,
    loaded: Option<Box<dyn DecisionModel>>,
}

impl LazyModel {
    pub(crate) fn new(spec: &str) -> anyhow::Result<Option<LazyModel>> {
        if spec == "none" {
            return Ok(None);
        }
        let (cache_id, settings_id) = model_ids(spec)?;
        Ok(Some(LazyModel {
            spec: spec.to_string(),
            cache_id,
            settings_id,
            loaded: None,
        }))
    }

    /// The id the policy's trigger settings are looked up under: the model's id as a job
    /// records it, from its file name and hash, without loading it.
    pub(crate) fn settings_id(&self) -> &str {
        &self.settings_id
    }

    /// The id results are cached under (identifies the weights without loading them).
    pub(crate) fn cache_id(&self) -> &str {
        &self.cache_id
    }

    pub(crate) fn get(&mut self) -> anyhow::Result<&dyn DecisionModel> {
        if self.loaded.is_none() {
            self.loaded = Some(load_model(&self.spec)?);
        }
        match &self.loaded {
            Some(model) => Ok(model.as_ref()),
            None => bail!("model {} failed to load", self.spec),
        }
    }
}

/// The id results are cached under, and the id trigger settings are looked up under.
fn model_ids(spec: &str) -> anyhow::Result<(String, String)> {
    if let Some(path) = spec.strip_prefix("scripted:") {
        let text = std::fs::read(path).with_context(|| format!("reading {path}"))?;
        return Ok((
            format!(
                "scripted:{}",
                &tact_eval::rng::stable_hash(&String::from_utf8_lossy(&text)).to_string()
            ),
            "scripted".to_owned(),
        ));
    }
    let resolved =
        tact_models::resolve::resolve_model(Some(spec), &tact_models::fetch::default_home())?;
    let path = resolved.path();
    let meta = std::fs::metadata(path).with_context(|| format!("reading {}", path.display()))?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    // The id the runtime looks trigger settings up under (`name@quant#sha256`), so a policy
    // section for one exact file (a probe edition) applies here as it does in a job.
    let settings_id = match resolved.source {
        tact_models::resolve::ModelSource::Gguf(_) => format!(
            "{}#{}",
            tact_models::engine::model_name(path),
            tact_models::fetch::sha256_file(path)?
        ),
        tact_models::resolve::ModelSource::HfFolder(_) => name.to_lowercase(),
    };
    Ok((format!("{name}:{}", meta.len()), settings_id))
}

fn load_model(spec: &str) -> anyhow::Result<Box<dyn DecisionModel>> {
    if let Some(path) = spec.strip_prefix("scripted:") {
        let steps = read_jsonl::<tact_models::scripted::ScriptedStep>(Path::new(path))?;
        return Ok(Box::new(tact_models::scripted::ScriptedModel::new(steps)));
    }
    eprintln!("loading {spec}…");
    let resolved =
        tact_models::resolve::resolve_model(Some(spec), &tact_models::fetch::default_home())?;
    let handle = resolved
        .spawn(tact_models::BackendKind::DEFAULT)
        .with_context(|| format!("starting the model thread for {spec}"))?;
    Ok(Box::new(tact_models::LlamaDecisionModel::new(handle)))
}

fn load_minilm() -> anyhow::Result<MiniLmEmbedder> {
    MiniLmEmbedder::load_default().context("loading MiniLM (run `tact models fetch`)")
}

/// What a trigger item asks: its query, else its last user message.
fn item_query(item: &TriggerItem) -> String {
    if !item.query.trim().is_empty() {
        return item.query.clone();
    }
    item.messages
        .iter()
        .rev()
        .find(|m| m.role == "user")
        .map(|m| m.text())
        .unwrap_or_default()
}

/// The retriever of `eval trigger`: the encoder loaded on first use, tool vectors cached across
/// items (the same catalogs recur).
#[derive(Default)]
struct Shortlister {
    encoder: Option<Option<MiniLmEmbedder>>,
    cache: EmbeddingCache,
}

impl Shortlister {
    /// `tools` cut to the policy's shortlist for `query`, in the shortlist's order.
    fn shortlist(
        &mut self,
        tools: &[FunctionDef],
        query: &str,
        policy: &tact_policies::policy::RetrievalPolicy,
    ) -> anyhow::Result<Vec<FunctionDef>> {
        let specs: Vec<tact_policies::retrieval::ToolSpec> = tools
            .iter()
            .map(|t| tact_policies::retrieval::ToolSpec {
                tool_id: t.name.clone(),
                name: t.name.clone(),
                description: t.description.clone(),
                parameters: t.parameters.clone(),
            })
            .collect();
        let mut index = tact_policies::retrieval::RetrievalIndex::build(&specs);
        let encoder = self
            .encoder
            .get_or_insert_with(|| MiniLmEmbedder::load_default().ok());
        let query_vector = match encoder {
            Some(encoder) => {
                index.embed_missing(encoder, &mut self.cache, 32, None, &mut |_| {})?;
                encoder.embed(&[query.to_string()])?.into_iter().next()
            }
            None => None,
        };
        let shortlist = index.shortlist(query, query_vector.as_deref(), policy);
        Ok(shortlist
            .tools()
            .iter()
            .filter_map(|s| tools.iter().find(|t| t.name == s.name).cloned())
            .collect())
    }
}

// ---------------------------------------------------------------- trigger

/// The side of the dev sets' split an item is on: `tact tune`'s seeded split by id (70 % fit).
/// Not the bug suite's SHA-256 parity: every id of the trigger set has an even first byte.
/// The cross-validation fold of an item (seeded by id, so folds are stable across runs).
pub(crate) fn fold_of(seed: u64, id: &str, folds: usize) -> usize {
    let unit = tact_eval::rng::SplitMix64::for_label(seed, id).unit();
    ((unit * folds as f64) as usize).min(folds.saturating_sub(1))
}

pub(crate) fn side_of(seed: u64, id: &str) -> crate::cli::suite::Part {
    if tact_eval::tune::in_tuning_split(seed, id) {
        crate::cli::suite::Part::Fit
    } else {
        crate::cli::suite::Part::Report
    }
}

/// Items, labels and signals of a trigger run (signals from cache or the model).
pub(crate) struct TriggerSignals {
    pub ids: Vec<String>,
    pub labels: Vec<bool>,
    /// The model's signals, without any probe reading (see [`TriggerSignals::signals_for`]).
    pub signals: Vec<ConfidenceSignal>,
    /// The hidden state at each item's decision point, from the same pass (`None` for a
    /// model without one).
    pub hidden: Vec<Option<Vec<f32>>>,
    pub model_id: String,
    /// The id the policy's trigger settings are looked up under.
    pub settings_id: String,
    pub computed: usize,
    model: LazyModel,
}

/// One cached reading: the signal and the hidden state of the same pass.
#[derive(serde::Serialize, serde::Deserialize)]
struct SignalRow {
    signal: ConfidenceSignal,
    hidden: Option<Vec<f32>>,
}

impl TriggerSignals {
    /// The id the loaded model gives itself (`name@quant#sha256`), which a probe is bound to;
    /// loads the model if every signal came from the cache.
    pub(crate) fn loaded_model_id(&mut self) -> anyhow::Result<String> {
        Ok(self.model.get()?.id())
    }

    /// The signals as `trigger` reads them: when it names a probe, the probe's reading of each
    /// item's hidden state is filled in (a probe trained on another model is refused).
    pub(crate) fn signals_for(
        &mut self,
        trigger: &tact_policies::policy::TriggerPolicy,
    ) -> anyhow::Result<Vec<ConfidenceSignal>> {
        let Some(spec) = &trigger.probe else {
            return Ok(self.signals.clone());
        };
        let probe = crate::cli::run::load_probe(spec)?;
        let model_id = self.loaded_model_id()?;
        if probe.model_id != model_id {
            bail!(
                "the probe {spec} was trained on {}, not on {model_id}",
                probe.model_id
            );
        }
        self.signals
            .iter()
            .zip(&self.hidden)
            .map(|(signal, hidden)| {
                let mut signal = signal.clone();
                signal.probe = hidden.as_deref().map(|h| probe.predict(h)).transpose()?;
                Ok(signal)
            })
            .collect()
    }
}

/// Compute (or read from the cache) one confidence signal per item.
pub(crate) fn trigger_signals(
    common: &CommonArgs,
    model: &ModelArgs,
) -> anyhow::Result<TriggerSignals> {
    // The sample first, then its side of the split: `--limit N --part report` is the report
    // side of the same N items `train-probe --limit N` was fitted and reported on.
    let mut items: Vec<TriggerItem> = load_sample(&common.data, common.limit, common.seed)?;
    items.retain(|i| common.part.is_none_or(|p| side_of(common.seed, &i.id) == p));
    let catalog = load_catalog(common.catalog.as_deref())?;
    let Some(mut lazy) = LazyModel::new(&model.model)? else {
        bail!("the trigger evaluation needs a model (--model NAME|PATH or scripted:FILE)");
    };
    let model_id = lazy.cache_id().to_string();
    let settings_id = lazy.settings_id().to_string();
    let mut cache = ResultCache::open(&common.cache_dir.join("signals.jsonl"))?;
    let bar = progress_bar(items.len() as u64, "trigger");
    let mut signals = Vec::with_capacity(items.len());
    let mut hidden = Vec::with_capacity(items.len());
    let mut computed = 0;
    // As the runtime does: an item offering more tools than the shortlist's depth is decided
    // on the retriever's shortlist (BM25 fused with MiniLM, or BM25 alone without the encoder),
    // never on the whole catalog.
    let retrieval = load_policy(common.policy.as_deref())?.body.retrieval;
    let mut shortlister = Shortlister::default();
    for item in &items {
        let mut tools = offered_tools(item, catalog.as_deref())?;
        if tools.len() > retrieval.max_depth {
            tools = shortlister.shortlist(&tools, &item_query(item), &retrieval)?;
        }
        let (prompt, candidates) = harness_prompt(item, &tools);
        let digest = prompt_digest(&prompt, &candidates);
        let key = cache_key("confidence+hidden", &model_id, &item.id);
        let row = match cache.get::<SignalRow>(&key, &digest) {
            Some(row) => row,
            None => {
                let (signal, state) = lazy
                    .get()?
                    .confidence_with_hidden(&prompt, &candidates)
                    .map_err(|e| EvalError::Model(format!("item {}: {e}", item.id)))?;
                let row = SignalRow {
                    signal,
                    hidden: state,
                };
                cache.put(&key, &digest, &row)?;
                computed += 1;
                row
            }
        };
        signals.push(row.signal);
        hidden.push(row.hidden);
        bar.inc(1);
    }
    bar.finish_and_clear();
    Ok(TriggerSignals {
        ids: items.iter().map(|i| i.id.clone()).collect(),
        labels: items.iter().map(|i| i.should_call).collect(),
        signals,
        hidden,
        model_id,
        settings_id,
        computed,
        model: lazy,
    })
}

fn run_trigger(args: &TriggerArgs) -> anyhow::Result<serde_json::Value> {
    let policy = load_policy(args.common.policy.as_deref())?;
    let mut run = trigger_signals(&args.common, &args.model)?;
    let trigger = policy.trigger_for(&run.settings_id)?;
    let signals = run.signals_for(trigger)?;
    let report = trigger_report(&run.labels, &signals, trigger);
    let mut value = serde_json::to_value(&report)?;
    value["model"] = serde_json::json!(run.model_id);
    value["policy_edition"] = serde_json::json!(policy.edition);
    value["seed"] = serde_json::json!(args.common.seed);
    value["signals_computed"] = serde_json::json!(run.computed);
    if let Some(dir) = &args.common.report {
        let sweep = threshold_sweep(&run.labels, &signals, trigger.signal);
        let chart = Chart {
            title: format!(
                "Trigger ({:?}): precision and recall over τ",
                trigger.signal
            ),
            x_label: "τ".into(),
            y_label: "rate".into(),
            series: vec![
                Series {
                    label: "precision".into(),
                    points: sweep
                        .iter()
                        .map(|p| (f64::from(p.tau), p.precision))
                        .collect(),
                },
                Series {
                    label: "recall".into(),
                    points: sweep.iter().map(|p| (f64::from(p.tau), p.recall)).collect(),
                },
                Series {
                    label: "F1".into(),
                    points: sweep.iter().map(|p| (f64::from(p.tau), p.f1)).collect(),
                },
            ],
            x_labels: None,
        };
        write_report(dir, "trigger", &chart, &value)?;
    }
    Ok(value)
}

// ---------------------------------------------------------------- retrieval

/// Load the embedding cache of `embedder_id` from `dir`, or an empty one.
fn load_embedding_cache(path: &Path) -> anyhow::Result<EmbeddingCache> {
    match std::fs::read(path) {
        Ok(bytes) => EmbeddingCache::from_bytes(&bytes)
            .with_context(|| format!("reading embedding cache {}", path.display())),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(EmbeddingCache::default()),
        Err(e) => Err(e).with_context(|| format!("reading {}", path.display())),
    }
}

fn save_embedding_cache(path: &Path, cache: &EmbeddingCache) -> anyhow::Result<()> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)?;
    }
    let temporary = path.with_extension(format!("partial.{}", std::process::id()));
    std::fs::write(&temporary, cache.to_bytes()?)?;
    std::fs::rename(&temporary, path)?;
    Ok(())
}

/// The vectors a retrieval evaluation reads: the cache and the encoder that filled it (`None`:
/// BM25 only).
#[derive(Clone)]
pub(crate) struct RetrievalVectors {
    cache: EmbeddingCache,
    embedder_id: Option<String>,
}

impl RetrievalVectors {
    /// The vectors `policy` ranks with: these, or, when it names a tuned adapter, these through
    /// the adapter — the vectors the job would compute (`texts`: every text to carry over).
    pub(crate) fn for_policy(
        self,
        policy: &tact_policies::policy::RetrievalPolicy,
        texts: &[String],
    ) -> anyhow::Result<RetrievalVectors> {
        let (Some(spec), Some(stock_id)) = (&policy.adapter, &self.embedder_id) else {
            return Ok(self);
        };
        let adapter = tact_actors::nodes::retriever::named_adapter(spec)?;
        let (id, cache) = adapted_vectors(stock_id, &self.cache, adapter, texts)?;
        Ok(RetrievalVectors {
            cache,
            embedder_id: Some(id),
        })
    }

    pub(crate) fn lookup(&self) -> Option<EmbeddingLookup<'_>> {
        self.embedder_id.as_deref().map(|id| EmbeddingLookup {
            embedder_id: id,
            cache: &self.cache,
        })
    }
}

/// MiniLM vectors of some texts, filled from and saved to the eval cache in `cache_dir`.
pub(crate) struct TextVectors {
    cache: EmbeddingCache,
    embedder_id: String,
}

impl TextVectors {
    pub(crate) fn vector(&self, text: &str) -> Option<Vec<f32>> {
        self.cache.get(&self.embedder_id, text).cloned()
    }

    #[cfg(feature = "train")]
    pub(crate) fn embedder_id(&self) -> &str {
        &self.embedder_id
    }

    #[cfg(feature = "train")]
    pub(crate) fn cache(&self) -> &EmbeddingCache {
        &self.cache
    }
}

/// Vectors already in a cache, served as an encoder, so an adapter can be applied to them
/// without loading MiniLM again (a text missing from the cache is an error).
struct CachedEncoder {
    id: String,
    cache: EmbeddingCache,
}

impl tact_policies::retrieval::Embedder for CachedEncoder {
    fn id(&self) -> String {
        self.id.clone()
    }
    fn embed(
        &self,
        texts: &[String],
    ) -> Result<Vec<Vec<f32>>, tact_policies::retrieval::EmbedError> {
        texts
            .iter()
            .map(|t| {
                self.cache.get(&self.id, t).cloned().ok_or_else(|| {
                    tact_policies::retrieval::EmbedError(format!("no cached vector for {t:?}"))
                })
            })
            .collect()
    }
}

/// The tuned vectors of `texts`: their stock vectors (in `stock` under `stock_id`) through
/// `adapter`, as the job's retriever computes them; returns the tuned vectors' id and cache.
pub(crate) fn adapted_vectors(
    stock_id: &str,
    stock: &EmbeddingCache,
    adapter: tact_models::retrieval_tuning::AdapterArtifact,
    texts: &[String],
) -> anyhow::Result<(String, EmbeddingCache)> {
    let encoder = std::sync::Arc::new(CachedEncoder {
        id: stock_id.to_string(),
        cache: stock.clone(),
    });
    let adapted = tact_actors::nodes::retriever::AdaptedEmbedder::new(encoder, adapter)
        .map_err(anyhow::Error::msg)?;
    let mut cache = EmbeddingCache::default();
    cache.fill(&adapted, texts, 256, &mut |_| {})?;
    Ok((tact_policies::retrieval::Embedder::id(&adapted), cache))
}

/// Embed `texts` with MiniLM (those not cached yet), in chunks, saving the cache after each so
/// an interrupted run keeps its vectors.
pub(crate) fn load_minilm_vectors(
    cache_dir: &Path,
    texts: &[String],
) -> anyhow::Result<TextVectors> {
    let cache_path = cache_dir.join("embeddings-all-minilm-l6-v2.msgpack");
    let embedder = load_minilm()?;
    let mut cache = load_embedding_cache(&cache_path)?;
    let bar = progress_bar(texts.len() as u64, "embedding");
    for chunk in texts.chunks(256) {
        let added = cache.fill(&embedder, chunk, 256, &mut |_| {})?;
        bar.inc(chunk.len() as u64);
        if added > 0 {
            save_embedding_cache(&cache_path, &cache)?;
        }
    }
    bar.finish_and_clear();
    Ok(TextVectors {
        cache,
        embedder_id: embedder.id(),
    })
}

/// MiniLM vectors of the catalog and the queries, filled from and saved to the cache in
/// `cache_dir`: `mode` is `auto` (when installed), `minilm` or `none`.
pub(crate) fn retrieval_embeddings(
    mode: &str,
    cache_dir: &Path,
    catalog: &[CatalogRow],
    items: &[RetrievalItem],
) -> anyhow::Result<RetrievalVectors> {
    let use_embeddings = match mode {
        "none" => false,
        "minilm" => true,
        "auto" => {
            let installed = MiniLmEmbedder::installed();
            if !installed {
                eprintln!(
                    "MiniLM is not installed: BM25-only (run `tact models fetch` for the embedding variants)"
                );
            }
            installed
        }
        other => bail!("unknown --embeddings {other:?} (auto, minilm, none)"),
    };
    if !use_embeddings {
        return Ok(RetrievalVectors {
            cache: EmbeddingCache::default(),
            embedder_id: None,
        });
    }
    let vectors = load_minilm_vectors(cache_dir, &texts_to_embed(catalog, items))?;
    Ok(RetrievalVectors {
        cache: vectors.cache,
        embedder_id: Some(vectors.embedder_id),
    })
}

/// How deep `--rankings` writes each item's ranking.
const RANKINGS_DEPTH: usize = 20;

fn run_retrieval(args: &RetrievalArgs) -> anyhow::Result<serde_json::Value> {
    let common = &args.common;
    let policy = load_policy(common.policy.as_deref())?;
    let Some(catalog_path) = &common.catalog else {
        bail!("the retrieval evaluation needs --catalog");
    };
    let catalog = read_jsonl::<CatalogRow>(catalog_path)?;
    let mut items: Vec<RetrievalItem> = load_sample(&common.data, common.limit, common.seed)?;
    items.retain(|i| common.part.is_none_or(|p| side_of(common.seed, &i.id) == p));
    let mut vectors = retrieval_embeddings(&args.embeddings, &common.cache_dir, &catalog, &items)?;
    // A policy naming a tuned adapter is measured on the vectors the job would compute.
    if let (Some(spec), Some(stock_id)) =
        (&policy.body.retrieval.adapter, vectors.embedder_id.clone())
    {
        let adapter = tact_actors::nodes::retriever::named_adapter(spec)?;
        let (id, cache) = adapted_vectors(
            &stock_id,
            &vectors.cache,
            adapter,
            &texts_to_embed(&catalog, &items),
        )?;
        vectors = RetrievalVectors {
            cache,
            embedder_id: Some(id),
        };
    }
    let lookup = vectors.lookup();
    let bar = progress_bar(items.len() as u64, "retrieval");
    let (report, _) = evaluate_retrieval(
        &catalog,
        &items,
        &policy.body.retrieval,
        lookup,
        common.seed,
        &mut |_| bar.inc(1),
    )?;
    bar.finish_and_clear();
    if let Some(path) = &args.rankings {
        let rankings = whole_catalog_rankings(
            &catalog,
            &items,
            &policy.body.retrieval,
            lookup,
            RANKINGS_DEPTH,
        );
        let mut text = String::new();
        for ranking in &rankings {
            text.push_str(&serde_json::to_string(ranking)?);
            text.push('\n');
        }
        std::fs::write(path, text).with_context(|| format!("writing {}", path.display()))?;
    }
    let mut value = serde_json::to_value(&report)?;
    value["policy_edition"] = serde_json::json!(policy.edition);
    if let Some(dir) = &common.report {
        let mut series = Vec::new();
        for (name, table) in [
            ("bm25", Some(&report.bm25)),
            ("fused", report.fused.as_ref()),
        ] {
            let Some(table) = table else { continue };
            for (metric, pick) in [("recall@1", 1), ("recall@5", 5)] {
                series.push(Series {
                    label: format!("{name} {metric}"),
                    points: CATALOG_SIZES
                        .iter()
                        .enumerate()
                        .filter_map(|(i, (key, _))| {
                            table.get(*key).map(|m| {
                                (
                                    i as f64,
                                    if pick == 1 {
                                        m.gold_tools.recall_at_1
                                    } else {
                                        m.gold_tools.recall_at_5
                                    },
                                )
                            })
                        })
                        .collect(),
                });
            }
        }
        let chart = Chart {
            title: "Retriever: recall@k against catalog size".into(),
            x_label: "catalog size".into(),
            y_label: "recall (gold tools)".into(),
            series,
            x_labels: Some(vec![
                "5".into(),
                "50".into(),
                "500".into(),
                format!("all ({})", catalog.len()),
            ]),
        };
        write_report(dir, "retrieval", &chart, &value)?;
    }
    Ok(value)
}

// ---------------------------------------------------------------- selection

fn run_selection(args: &SelectionArgs) -> anyhow::Result<serde_json::Value> {
    let common = &args.common;
    let policy = load_policy(common.policy.as_deref())?;
    let mut items: Vec<SelectionItem> = load_sample(&common.data, common.limit, common.seed)?;
    // `--part` took no effect here before (every item was scored whatever the side asked).
    items.retain(|i| common.part.is_none_or(|p| side_of(common.seed, &i.id) == p));
    let catalog = load_catalog(common.catalog.as_deref())?.unwrap_or_default();
    let sets = candidate_sets(&items, &catalog, &policy.body.retrieval, common.seed);
    let mut lazy = LazyModel::new(&args.model.model)?;
    let model_id = lazy.as_ref().map(|m| m.cache_id().to_string());
    // The learned selector, as the job runs it: the policy's combiner for this model.
    let combiner = match &lazy {
        Some(model) => policy.body.selector.combiner_for(model.settings_id())?,
        None => None,
    };
    let vectors = match &combiner {
        Some(_) => {
            let mut texts: Vec<String> = Vec::new();
            for (item, set) in items.iter().zip(&sets) {
                texts.push(item.query.clone());
                for (_, tools) in set.labelled() {
                    texts.extend(tools.iter().map(embedding_text_of));
                }
            }
            texts.sort();
            texts.dedup();
            Some(load_minilm_vectors(&common.cache_dir, &texts)?)
        }
        None => None,
    };
    let mut cache = ResultCache::open(&common.cache_dir.join("choices.jsonl"))?;
    let scope = ModelScope {
        stress_items: args.stress_items,
        sets: args.sets.clone(),
    };
    let keys: Vec<String> = sets
        .first()
        .map(|s| s.labelled().into_iter().map(|(k, _)| k).collect())
        .unwrap_or_default();
    if let Some(unknown) = args.sets.iter().flatten().find(|s| !keys.contains(s)) {
        bail!("no candidate set {unknown:?} (sets: {})", keys.join(", "));
    }
    let total = keys
        .iter()
        .map(|k| scope.items_for(k, items.len()))
        .sum::<usize>() as u64;
    let bar = progress_bar(if lazy.is_some() { total } else { 0 }, "selection");
    let mut chooser = |item: &SelectionItem,
                       set_key: &str,
                       set: &[tact_eval::data::FunctionDef]|
     -> Result<(Choice, u64), EvalError> {
        let Some(model) = lazy.as_mut() else {
            return Err(EvalError::Model("no model".into()));
        };
        let (prompt, candidates) = prompt_from(&item.messages, &item.query, set);
        let prior = match (&combiner, &vectors) {
            (Some(combiner), Some(vectors)) => {
                let vector_of = |text: &str| vectors.vector(text);
                let evidence = selection_evidence(&item.query, set, &vector_of);
                let rows: Vec<_> = features(&item.query, &evidence)
                    .into_iter()
                    .map(Some)
                    .collect();
                Some(combiner.prior(&rows))
            }
            _ => None,
        };
        // The arguments depend on the binder's edition as much as on the prompt.
        let mut digest = prompt_digest(&prompt, &candidates) + BINDER_EDITION;
        if let Some(prior) = &prior {
            digest.push_str(&serde_json::to_string(prior).unwrap_or_default());
        }
        let key = cache_key(&format!("choice/{set_key}"), model.cache_id(), &item.id);
        if let Some(hit) = cache.get::<(Choice, u64)>(&key, &digest) {
            return Ok(hit);
        }
        let loaded = model
            .get()
            .map_err(|e| EvalError::Model(format!("{e:#}")))?;
        let choice = loaded
            .choose_with_prior(&prompt, &candidates, prior.as_ref())
            .map_err(|e| EvalError::Model(format!("item {}: {e}", item.id)))?;
        let result = (
            Choice {
                name: choice.name,
                args: choice.args,
            },
            choice.cost.forward_passes,
        );
        cache.put(&key, &digest, &result)?;
        Ok(result)
    };
    let has_model = model_id.is_some();
    let choose: Option<&mut Chooser<'_>> = if has_model { Some(&mut chooser) } else { None };
    let (report, _) = evaluate_selection(
        &items,
        &sets,
        &policy.body.retrieval,
        common.seed,
        &scope,
        choose,
        model_id,
        &mut |_| bar.inc(1),
    )?;
    bar.finish_and_clear();
    let mut value = serde_json::to_value(&report)?;
    value["policy_edition"] = serde_json::json!(policy.edition);
    // Which selector the `model` figures are: the model alone, or finished by the combiner.
    value["selector"] = serde_json::json!(if combiner.is_some() {
        "model+combiner"
    } else {
        "model"
    });
    if let Some(dir) = &common.report {
        let keys = [
            "shortlist_1",
            "shortlist_2",
            "shortlist_3",
            "shortlist_4",
            "shortlist_5",
            "full",
        ];
        let line =
            |label: &str, pick: &dyn Fn(&tact_eval::selection_eval::SetReport) -> Option<f64>| {
                Series {
                    label: label.to_string(),
                    points: keys
                        .iter()
                        .enumerate()
                        .filter_map(|(i, k)| {
                            report
                                .by_candidates
                                .get(*k)
                                .and_then(pick)
                                .map(|v| (i as f64, v))
                        })
                        .collect(),
                }
            };
        let mut series = vec![
            line("gold present", &|r| Some(r.baselines.first.gold_present)),
            line("BM25 pick", &|r| Some(r.baselines.bm25.tool_accuracy)),
            line("random pick", &|r| Some(r.baselines.random.tool_accuracy)),
        ];
        if report.model_id.is_some() {
            series.insert(
                0,
                line("model tool accuracy", &|r| r.model.map(|m| m.tool_accuracy)),
            );
            series.insert(
                1,
                line("model args exact", &|r| r.model.map(|m| m.args_exact)),
            );
        }
        let chart = Chart {
            title: "Selector: accuracy against shortlist size".into(),
            x_label: "candidates offered".into(),
            y_label: "share of items".into(),
            series,
            x_labels: Some(vec![
                "1".into(),
                "2".into(),
                "3".into(),
                "4".into(),
                "5".into(),
                "full (20)".into(),
            ]),
        };
        write_report(dir, "selection", &chart, &value)?;
    }
    Ok(value)
}

#[cfg(test)]
mod shortlist_tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;

    /// Issue 15 item 2: an item offering more tools than the shortlist's depth is decided on
    /// the retriever's shortlist, as in the runtime: at most `max_depth` tools, the one the
    /// request names among them.
    #[test]
    fn a_large_offer_is_cut_to_the_retrievers_shortlist() {
        let tool = |name: &str, description: &str| FunctionDef {
            name: name.into(),
            description: description.into(),
            parameters: None,
        };
        let tools = vec![
            tool("send_email", "Send an email message to a recipient"),
            tool("get_weather", "Current weather for a city"),
            tool("read_file", "Read the contents of a text file at a path"),
            tool("list_dir", "List the entries of a directory"),
            tool("book_flight", "Book a flight between two airports"),
            tool("convert_currency", "Convert an amount between currencies"),
            tool("translate_text", "Translate text into another language"),
            tool("play_music", "Play a song by an artist"),
        ];
        let policy = tact_policies::Policy::default_policy()
            .unwrap()
            .body
            .retrieval;
        let mut shortlister = Shortlister::default();
        let cut = shortlister
            .shortlist(
                &tools,
                "please read the contents of the file notes.txt",
                &policy,
            )
            .unwrap();
        assert!(!cut.is_empty() && cut.len() <= policy.max_depth, "{cut:?}");
        assert_eq!(cut[0].name, "read_file", "{cut:?}");
    }
}
