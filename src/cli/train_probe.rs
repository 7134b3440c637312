//! `tact train-probe --data FILE.jsonl --out probe.bin`: fit the hidden-state linear probe
//! (logistic regression on the last-layer hidden state at the decision point) on trigger items.

use std::path::PathBuf;

use tact_eval::data::{CatalogRow, TriggerItem, offered_tools, read_jsonl};
use tact_eval::trigger_eval::harness_prompt;
use tact_models::{ProbeSample, train_probe};

use crate::cli::run::ModelArgs;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Trigger items (`trigger.jsonl` format: messages, tools, should_call).
    #[arg(long)]
    pub data: PathBuf,
    /// Catalog for items whose tools are given by `tools_ref`.
    #[arg(long)]
    pub catalog: Option<PathBuf>,
    /// Where to write the probe artifact.
    #[arg(long)]
    pub out: PathBuf,
    /// Use only the first N items.
    #[arg(long)]
    pub limit: Option<usize>,
    #[command(flatten)]
    pub model: ModelArgs,
}

pub fn run(args: Args) -> anyhow::Result<i32> {
    let mut items: Vec<TriggerItem> = read_jsonl(&args.data)?;
    if let Some(n) = args.limit {
        items.truncate(n);
    }
    let catalog: Option<Vec<CatalogRow>> = match &args.catalog {
        Some(path) => Some(read_jsonl(path)?),
        None => None,
    };
    let mut samples = Vec::with_capacity(items.len());
    for item in &items {
        let tools = offered_tools(item, catalog.as_deref())?;
        let (prompt, candidates) = harness_prompt(item, &tools);
        samples.push(ProbeSample {
            prompt,
            candidates,
            needs_tool: item.should_call,
        });
    }
    let handle = crate::cli::run::spawn_decoder(&args.model)?;
    eprintln!("training the probe on {} items", samples.len());
    let probe = train_probe(&handle, &samples, Default::default())?;
    probe.save(&args.out)?;
    println!("{}", args.out.display());
    Ok(0)
}
