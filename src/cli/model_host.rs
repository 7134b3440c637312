//! `tact model-host --socket PATH [--model …]`: the decoder in its own process, serving jobs
//! over MessagePack frames on a Unix socket (started and supervised by `tact run` and
//! `tact watch`, never by hand). Probes stay with the job: the host sends hidden states.

use std::os::unix::net::UnixListener;
use std::path::PathBuf;

use anyhow::Context;

use std::sync::{Arc, OnceLock};

use tact_actors::nodes::MiniLmEmbedder;
use tact_models::ModelError;
use tact_models::host::EncodeFn;
use tact_policies::retrieval::Embedder;

use crate::cli::run::{ModelArgs, load_model_with_probe};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Where to listen (a Unix socket; a stale file there is replaced).
    #[arg(long)]
    pub socket: PathBuf,
    #[command(flatten)]
    pub model: ModelArgs,
    /// Fault injection for the supervision tests: exit, without answering, on the Nth request.
    #[arg(long, hide = true)]
    pub exit_on_request: Option<u32>,
}

pub fn run(args: Args) -> anyhow::Result<i32> {
    // The probe is the client's (`HostedModel::with_probe`): the host serves the bare decoder.
    let model = load_model_with_probe(&args.model, None, &|_| Ok(None))?;
    let _ = std::fs::remove_file(&args.socket);
    let listener = UnixListener::bind(&args.socket)
        .with_context(|| format!("listening at {}", args.socket.display()))?;
    // The host's stderr is its log file: these lines are written whatever RUST_LOG says.
    eprintln!(
        "model host ready pid={} model={} socket={}",
        std::process::id(),
        model.id(),
        args.socket.display()
    );
    tact_models::host::serve(
        listener,
        model,
        tact_models::host::ServeOptions {
            exit_on_request: args.exit_on_request,
            on_client: Some(std::sync::Arc::new(|client: &str| {
                eprintln!("client connected client={client}");
            })),
            encoder: Some(minilm_on_first_use()),
        },
    )?;
    Ok(0)
}

/// MiniLM, loaded by the first `Embed` request (a host whose jobs never retrieve never loads
/// it); a failed load is remembered and reported to every later request.
fn minilm_on_first_use() -> EncodeFn {
    let slot: Arc<OnceLock<Result<MiniLmEmbedder, String>>> = Arc::new(OnceLock::new());
    Arc::new(move |texts: &[String]| {
        let loaded = slot.get_or_init(|| {
            if !MiniLmEmbedder::installed() {
                return Err("MiniLM is not installed (run `tact models fetch`)".into());
            }
            eprintln!("encoder loaded");
            MiniLmEmbedder::load_default().map_err(|e| e.to_string())
        });
        let encoder = loaded
            .as_ref()
            .map_err(|e| ModelError::Unsupported(e.clone()))?;
        encoder
            .embed(texts)
            .map_err(|e| ModelError::Inference(e.to_string()))
    })
}
