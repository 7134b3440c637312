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
    #[error(
        "policy has no trigger settings for model {model} (it has: {known}); run `tact tune --model ...` \
         to tune τ for this model, or add [trigger.models.\"NAME\"] by hand; another model's τ is not used"
    )]
    NoTriggerSettings { model: String, known: String },
}
