use thiserror::Error;

/// Errors of the model crate.
#[derive(Debug, Error)]
pub enum ModelError {
    #[error("model file {path}: {reason}")]
    Load { path: String, reason: String },
    #[error("unsupported model: {0}")]
    Unsupported(String),
    #[error("GGUF: {0}")]
    Gguf(String),
    #[error("tokenizer: {0}")]
    Tokenizer(String),
    #[error("inference: {0}")]
    Inference(String),
    #[error("no candidates to choose from")]
    NoCandidates,
    #[error("scripted model ran out of script at step {0}")]
    ScriptExhausted(usize),
    #[error("model thread is gone")]
    ThreadGone,
    #[error("fetch {package}: {reason}")]
    Fetch { package: String, reason: String },
    #[error("checksum mismatch for {file}: expected {expected}, got {actual}")]
    Checksum {
        file: String,
        expected: String,
        actual: String,
    },
    #[error("model not installed: {0} (run `tact models fetch`)")]
    NotInstalled(String),
    #[error(
        "no installed model or model file called {spec:?} (installed: {installed}; or pass a GGUF file or HF folder)"
    )]
    UnknownModel { spec: String, installed: String },
    #[error("not enough memory: {0}")]
    OutOfMemory(String),
    #[error("constrained decoding: {0}")]
    Constraint(String),
    #[error("chat template: {0}")]
    Template(String),
    #[error("probe: {0}")]
    Probe(String),
    #[error("io: {0}")]
    Io(#[from] std::io::Error),
}
