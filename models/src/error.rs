use thiserror::Error;

/// Errors of the model crate.
#[derive(Debug, Error)]
pub enum ModelError {
    #[error("model file {path}: {reason}")]
    Load { path: String, reason: String },
    #[error("unsupported model: {0}")]
    Unsupported(String),
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
    #[error("io: {0}")]
    Io(#[from] std::io::Error),
}
