use thiserror::Error;

/// Errors of the policies crate.
#[derive(Debug, Error)]
pub enum PolicyError {
    #[error("policy file {path}: {reason}")]
    Read { path: String, reason: String },
    #[error("policy: {0}")]
    Parse(String),
    #[error("policy: {0}")]
    Invalid(String),
}
